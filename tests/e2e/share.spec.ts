// Share links restore the script, dialect, query and step; a stored v1 link keeps decoding; a
// step that no longer exists clamps to the last one.

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
  expect(link).toContain('#v1/');
  await openPage(page, link);
  await expect(page.locator('.jl-counter')).toHaveText('step 6/10');
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

test('a step that no longer exists clamps to the last one', async ({ page }) => {
  const script = exampleScript(galleryExamples().find((e) => e.name === '01_full_outer_join')?.sql ?? '');
  await openPage(page, `./${shareHash({ script, step: 999 })}`);
  await expect(page.locator('.jl-counter')).toHaveText('end of input · 7/7');
  await expect(page.getByTestId('changelog-row')).toHaveCount(4);
});
