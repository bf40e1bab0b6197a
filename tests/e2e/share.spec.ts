// Share links restore the script, dialect, query and step; a stored v1 link keeps decoding; a
// step that no longer exists clamps to the last one; a step changes only the link's step
// parameter (never re-encodes the script); a damaged or newer link says so; a script over the
// size cap is offered as a download instead of a giant link.

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { artifactPath, exampleScript, galleryExamples, openPage, ROOT, settled, shareHash, urlState } from './helpers';

test('a share link restores the same step', async ({ page, browser }) => {
  await openPage(page, './?example=07_hop_join');
  await page.getByTestId('step-slider').fill('5');
  await expect(page.locator('.jl-counter')).toHaveText('step 5/9');
  await settled(page);
  const sentence = await page.getByTestId('step-sentence').textContent();
  const hop = galleryExamples().find((e) => e.name === '07_hop_join');
  expect(await urlState(page)).toEqual({ script: exampleScript(hop?.sql ?? ''), step: 5 });
  const url = page.url();

  const other = await browser.newPage();
  await openPage(other, url);
  await expect(other.locator('.jl-counter')).toHaveText('step 5/9');
  await expect(other.getByTestId('step-sentence')).toHaveText(sentence ?? '');
  expect((await urlState(other)).script).toBe(exampleScript(hop?.sql ?? ''));
  await other.close();
});

test('the Share button gives the link of this state', async ({ page }) => {
  await openPage(page, './?example=09_late_rows');
  await page.getByTestId('step-slider').fill('6');
  await page.getByTestId('share').click();
  const link = await page.getByLabel('Share link').inputValue();
  expect(link).toMatch(/#v2\/[A-Za-z0-9+$-]+&s=6$/);
  await openPage(page, link);
  await expect(page.locator('.jl-counter')).toHaveText('step 6/10');
});

test('a step changes only the step parameter of the link, never the script part', async ({ page }) => {
  await openPage(page, './?example=09_late_rows');
  await page.getByTestId('step-slider').fill('3');
  await expect.poll(() => page.evaluate(() => location.hash)).toMatch(/&s=3$/);
  const part = (await page.evaluate(() => location.hash)).split('&')[0];
  expect(part).toMatch(/^#v2\//);
  for (const n of [4, 5, 6]) {
    await page.getByTestId('step-next').click();
    await expect.poll(() => page.evaluate(() => location.hash)).toBe(`${part}&s=${n}`);
  }
  // The same in this browser's storage.
  expect(await page.evaluate(() => localStorage.getItem('joinlab.last'))).toBe(`${part}&s=6`);
});

test('a damaged link says so (and opens the default example)', async ({ page }) => {
  const script = exampleScript(galleryExamples().find((e) => e.name === '07_hop_join')?.sql ?? '');
  const good = shareHash({ script, step: 5 });
  // Cut short, as a chat program may do with a long link.
  await openPage(page, `./${good.slice(0, Math.floor(good.length / 2))}`);
  await expect(page.getByTestId('link-problem')).toContainText('This link is damaged');
  await expect(page.getByTestId('link-problem')).toHaveAttribute('data-kind', 'damaged');
  expect(await page.locator('.cm-content').textContent()).not.toContain('HOP(');
  await page.screenshot({ path: artifactPath('share', 'damaged-link.png') });
  // A v2 link whose script part was changed fails its checksum.
  await openPage(page, './?example=07_hop_join');
  await expect.poll(() => page.evaluate(() => location.hash)).toMatch(/^#v2\//);
  const v2 = await page.evaluate(() => location.hash);
  const i = 20;
  const flipped = v2.slice(0, i) + (v2[i] === 'A' ? 'B' : 'A') + v2.slice(i + 1);
  await openPage(page, `./${flipped}`);
  await expect(page.getByTestId('link-problem')).toContainText('This link is damaged');
});

test('a link of a newer format says so', async ({ page }) => {
  await openPage(page, './#v9/N4IgzgxgTglgDgFxALhAZQKIBUAEByAKwHsYA7AGwEMAjAOgBMZLyBTCBPHAXnwDNyyAazwBuADqlMuPGACO5WuSIRmAWgQwAti1UAvIqRaceeAKpYA');
  await expect(page.getByTestId('link-problem')).toContainText('made by a newer version of JoinLab (link format v9');
  await expect(page.getByTestId('link-problem')).toHaveAttribute('data-kind', 'newer');
});

test('a script too large for a link is offered as a download', async ({ page }) => {
  const base = exampleScript(galleryExamples().find((e) => e.name === '01_full_outer_join')?.sql ?? '');
  const filler = Array.from({ length: 4000 }, (_, i) => `-- line ${i} of a long comment that makes this script too large for a link`).join('\n');
  const script = `${filler}\n${base}`;
  expect(script.length).toBeGreaterThan(200_000);
  await openPage(page, `./${shareHash({ script })}`);
  // The page does not keep a giant link in the address bar (nor an older script).
  await expect.poll(() => page.evaluate(() => location.hash)).toBe('');
  await page.getByTestId('share').click();
  const panel = page.getByTestId('share-too-large');
  await expect(panel).toContainText('This script is too large for a link: download it.');
  await expect(page.getByLabel('Share link')).toBeHidden();
  const [download] = await Promise.all([page.waitForEvent('download'), panel.getByTestId('download-script').click()]);
  expect(download.suggestedFilename()).toBe('joinlab-script.sql');
  const body = readFileSync(await download.path(), 'utf8');
  expect(body).toBe(script);
  await page.screenshot({ path: artifactPath('share', 'too-large.png') });
});

test('a stored v1 link keeps decoding', async ({ page }) => {
  // tests/e2e/fixtures/share-v1.json: a link made by the first version of the page. Never edit it.
  const fixture = JSON.parse(readFileSync(path.join(ROOT, 'tests/e2e/fixtures/share-v1.json'), 'utf8'));
  await openPage(page, `./${fixture.hash}`);
  await expect(page.locator('.jl-counter')).toHaveText(fixture.counter);
  await expect(page.getByTestId('step-sentence')).toContainText(fixture.sentence);
  await expect(page.getByLabel('Dialect')).toHaveValue(fixture.dialect);
  // The page shows the link's script (and writes the same state back into its URL).
  expect(await urlState(page)).toEqual({ script: fixture.script, dialect: fixture.dialect, step: 4 });
  await page.screenshot({ path: artifactPath('share', 'v1-fixture.png'), fullPage: true });
});

test('a stored v2 link keeps decoding', async ({ page }) => {
  // tests/e2e/fixtures/share-v2.json: a link of the v2 format (issue 15). Never edit it.
  const fixture = JSON.parse(readFileSync(path.join(ROOT, 'tests/e2e/fixtures/share-v2.json'), 'utf8'));
  await openPage(page, `./${fixture.hash}`);
  await expect(page.locator('.jl-counter')).toHaveText(fixture.counter);
  await expect(page.getByTestId('step-sentence')).toContainText(fixture.sentence);
  await expect(page.getByLabel('Dialect')).toHaveValue(fixture.dialect);
  await expect(page.getByTestId('link-problem')).toHaveCount(0);
  // The page writes the same link back.
  await expect.poll(() => page.evaluate(() => location.hash)).toBe(fixture.hash);
});

test('a step that no longer exists clamps to the last one', async ({ page }) => {
  const script = exampleScript(galleryExamples().find((e) => e.name === '01_full_outer_join')?.sql ?? '');
  await openPage(page, `./${shareHash({ script, step: 999 })}`);
  await expect(page.locator('.jl-counter')).toHaveText('end of input · 7/7');
  await expect(page.getByTestId('changelog-row')).toHaveCount(4);
});
