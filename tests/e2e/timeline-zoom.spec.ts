// The timeline zooms and pans (issue 16): a trace of many rows shows the zoom bar; + − and "all"
// (and the keys + − 0 with the timeline focused, Ctrl + wheel around the pointer) change the part
// of the run shown, a drag pans it, and stepping to a row outside the view brings it into view.
// The bar's text says what part is shown; the marks outside the view cannot be hovered.

import { expect, type Page, test } from '@playwright/test';
import { artifactPath, currentStep, openPage, settled, shareHash } from './helpers';

const ROWS = 300;
const t0 = Date.UTC(2024, 0, 1, 12, 0, 0);
const ts = (i: number) => new Date(t0 + i * 1000).toISOString().replace('T', ' ').replace('Z', '');
/** Row i at 12:00:00 + i s. */
const script = [
  "CREATE TABLE t (k INT, ts TIMESTAMP(3), WATERMARK FOR ts AS ts - INTERVAL '1' SECOND);",
  ...Array.from({ length: ROWS }, (_, i) => `@t ${i} | ${ts(i)}`),
  'SELECT k, ts FROM t WHERE k >= 0;',
].join('\n');

const range = (page: Page) => page.getByTestId('timeline-zoom-range');

/** The times the bar says are shown, in seconds after 12:00:00. */
async function shown(page: Page): Promise<[number, number]> {
  const t = (await range(page).textContent()) ?? '';
  const m = /(\d\d):(\d\d):(\d\d)(?:\.(\d+))? – (\d\d):(\d\d):(\d\d)(?:\.(\d+))?/.exec(t);
  if (!m) throw new Error(`no range in "${t}"`);
  const sec = (h: string, mi: string, s: string, f?: string) => (Number(h) - 12) * 3600 + Number(mi) * 60 + Number(s) + Number(`0.${f ?? '0'}`);
  return [sec(m[1], m[2], m[3], m[4]), sec(m[5], m[6], m[7], m[8])];
}

test('the timeline zooms, pans, follows the step and fits the run again', async ({ page }) => {
  await openPage(page, `./${shareHash({ script })}`);
  await expect(page.locator('.jl-counter')).toHaveText(`step 1/${ROWS + 1}`);
  const canvas = page.locator('.timeline canvas');
  await expect(range(page)).toHaveText(/^the whole run, .*one mark per pixel/);
  await expect(page.getByTestId('timeline-zoom-out')).toBeDisabled();
  await page.locator('.timeline').screenshot({ path: artifactPath('timeline-zoom', 'whole.png') });
  const fullHeight = await canvas.evaluate((c) => c.clientHeight);
  // The whole run: the rows' times and the first watermark's, with a margin.
  const full = await shown(page);
  const F = full[1] - full[0];
  expect(full[0]).toBeLessThan(-1);
  expect(full[1]).toBeGreaterThan(299);

  // Zoom in three times (×8): 1/8 of the run, around the step's row (step 1: row 0, at 0 s, which
  // keeps its place in the view).
  for (let i = 0; i < 3; i++) await page.getByTestId('timeline-zoom-in').click();
  let [a, b] = await shown(page);
  expect(b - a).toBeGreaterThan(F / 8 - 2);
  expect(b - a).toBeLessThan(F / 8 + 2);
  expect(a).toBeLessThanOrEqual(0);
  expect(Math.abs((0 - a) / (b - a) - (0 - full[0]) / F)).toBeLessThan(0.02);
  await expect(range(page)).toContainText('8.0× zoom');
  // From step 151 (row 150, at 150 s, mid-run): around that row.
  await page.getByTestId('timeline-zoom-fit').click();
  await page.getByTestId('step-slider').fill('151');
  await settled(page);
  for (let i = 0; i < 3; i++) await page.getByTestId('timeline-zoom-in').click();
  [a, b] = await shown(page);
  expect(a).toBeGreaterThan(100);
  expect(Math.abs((150 - a) / (b - a) - (150 - full[0]) / F)).toBeLessThan(0.02);

  // Stepping to row 250 (step 251), outside the view: the view pans to it, its span kept.
  await page.getByTestId('step-slider').fill('251');
  await settled(page);
  [a, b] = await shown(page);
  expect(a).toBeLessThan(250);
  expect(b).toBeGreaterThan(250);
  expect(b - a).toBeGreaterThan(F / 8 - 2);

  // A drag to the right by 200 px shows earlier times (by 200 px' worth of the span).
  const box = (await canvas.boundingBox())!;
  const plotW = box.width - 118 - 18;
  const before = await shown(page);
  await page.mouse.move(box.x + 300, box.y + 60);
  await page.mouse.down();
  await page.mouse.move(box.x + 400, box.y + 60, { steps: 5 });
  await page.mouse.move(box.x + 500, box.y + 60, { steps: 5 });
  await page.mouse.up();
  await settled(page);
  const after = await shown(page);
  const moved = before[0] - after[0];
  const expected = (200 / plotW) * (before[1] - before[0]);
  expect(Math.abs(moved - expected)).toBeLessThan(1.5);
  // The drag did not pick a mark (the step is unchanged).
  expect((await currentStep(page)).pos).toBe(251);

  // Keys with the timeline focused: − zooms out (×2) around the step's row, 0 shows the whole run.
  await canvas.focus();
  const at = await shown(page);
  await page.keyboard.press('-');
  [a, b] = await shown(page);
  expect(b - a).toBeGreaterThan(F / 4 - 2);
  expect(b - a).toBeLessThan(F / 4 + 2);
  expect(Math.abs((250 - a) / (b - a) - (250 - at[0]) / (at[1] - at[0]))).toBeLessThan(0.02);
  await page.keyboard.press('0');
  await expect(range(page)).toHaveText(/^the whole run/);
  await page.keyboard.press('+');
  await expect(range(page)).toContainText('2.0× zoom');
  await page.getByTestId('timeline-zoom-fit').click();
  await expect(range(page)).toHaveText(/^the whole run/);

  // Ctrl + wheel zooms around the pointer: the time under it stays put.
  const x = box.x + 118 + plotW * 0.25;
  await page.mouse.move(x, box.y + 60);
  await page.keyboard.down('Control');
  await page.mouse.wheel(0, -600);
  await page.keyboard.up('Control');
  await settled(page);
  [a, b] = await shown(page);
  expect(b - a).toBeLessThan(F / 2);
  const under = full[0] + 0.25 * (full[1] - full[0]);
  expect(Math.abs(a + 0.25 * (b - a) - under)).toBeLessThan(2);
  // Zoomed in, the rows are drawn as labelled marks again (taller tracks), not one mark per pixel.
  expect(await canvas.evaluate((c) => c.clientHeight)).toBeGreaterThan(fullHeight);
  await page.locator('.timeline').screenshot({ path: artifactPath('timeline-zoom', 'zoomed.png') });
  // The arrow keys still step with the timeline focused.
  await canvas.focus();
  await page.keyboard.press('ArrowRight');
  await settled(page);
  expect((await currentStep(page)).pos).toBe(252);
});

test('a trace of few rows has no zoom bar', async ({ page }) => {
  const small = script.split('\n').filter((l, i) => !l.startsWith('@') || i <= 20).join('\n');
  await openPage(page, `./${shareHash({ script: small })}`);
  await expect(page.locator('.jl-counter')).toHaveText('step 1/21');
  await expect(page.locator('.jl-zoom')).toBeHidden();
});
