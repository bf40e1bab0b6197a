// The step sentence at a firing step and at a late row, and keyboard stepping.
// Expectations are derived by hand from the window-join semantics (SEMANTICS.md: a window fires
// when the join's watermark, the minimum of both inputs', passes window_end - 1 ms; a row for a
// fired window is dropped as late).

import { expect, test } from '@playwright/test';
import { artifactPath, openExample } from './helpers';

test('the step sentence says which watermark fired which window', async ({ page }) => {
  await openExample(page, '09_late_rows');
  const sentence = page.getByTestId('step-sentence');
  await expect(sentence).toHaveAttribute('aria-live', 'polite');
  await expect(page.locator('.jl-counter')).toHaveText('step 1/10');
  // Step 4: R2 (12:07, watermark 12:06) lifts the join watermark to min(12:05:30, 12:06) = 12:05:30,
  // past [12:00, 12:05): L1+R1 are emitted and both state rows freed.
  for (let i = 0; i < 3; i++) await page.getByTestId('step-next').click();
  await expect(page.locator('.jl-counter')).toHaveText('step 4/10');
  await expect(sentence).toContainText('watermark 12:05:30.000 passed window [12:00:00.000, 12:05:00.000): 1 row emitted, 2 state rows freed');
  await expect(page.getByTestId('changelog-row')).toHaveText(['+I[L1, R1, 1, 2024-01-01 12:00:00.000, 2024-01-01 12:05:00.000]']);
  await page.screenshot({ path: artifactPath('stepping', 'firing-step.png'), fullPage: true });

  // Step 5: L1late (12:03) belongs to the fired window: dropped as late, nothing emitted.
  await page.getByTestId('step-next').click();
  await expect(sentence).toContainText('dropped as late');
  await expect(page.getByTestId('changelog-row')).toHaveCount(1);
  // The table view of the timeline labels the late row in words.
  await page.getByRole('tab', { name: 'Timeline table' }).click();
  await expect(page.locator('.jl-steps tr.jl-current')).toContainText('late');
  await page.screenshot({ path: artifactPath('stepping', 'late-row.png'), fullPage: true });
});

test('keyboard: ← → Home End and Space', async ({ page }) => {
  await openExample(page, '01_full_outer_join');
  const counter = page.locator('.jl-counter');
  await expect(counter).toHaveText('step 1/7');
  await page.locator('body').press('ArrowRight');
  await expect(counter).toHaveText('step 2/7');
  await page.keyboard.press('ArrowRight');
  await expect(counter).toHaveText('step 3/7');
  await page.keyboard.press('ArrowLeft');
  await expect(counter).toHaveText('step 2/7');
  await page.keyboard.press('End');
  await expect(counter).toHaveText('end of input · 7/7');
  await expect(page.getByTestId('changelog-row')).toHaveCount(4);
  await page.keyboard.press('Home');
  await expect(counter).toHaveText('step 1/7');
  await expect(page.getByTestId('changelog-row')).toHaveCount(0);
  // Space plays (one step per second at 1×) and pauses.
  await page.keyboard.press('Space');
  await expect(page.getByTestId('play')).toHaveAttribute('aria-pressed', 'true');
  await expect(counter).toHaveText('step 2/7', { timeout: 3000 });
  await page.keyboard.press('Space');
  await expect(page.getByTestId('play')).toHaveAttribute('aria-pressed', 'false');
  const paused = await counter.textContent();
  await page.waitForTimeout(1300);
  await expect(counter).toHaveText(paused ?? '');
  // Keys typed in the editor edit the script, they do not step.
  await page.getByTestId('editor').click();
  await page.keyboard.press('ArrowRight');
  await expect(counter).toHaveText(paused ?? '');
});

test('the slider moves over all steps', async ({ page }) => {
  await openExample(page, '07_hop_join');
  const slider = page.getByTestId('step-slider');
  await expect(slider).toHaveAttribute('max', '9');
  await slider.fill('6');
  await expect(page.locator('.jl-counter')).toHaveText('step 6/9');
  await slider.fill('9');
  await expect(page.locator('.jl-counter')).toHaveText('end of input · 9/9');
  await expect(page.getByTestId('changelog-row')).toHaveCount(8);
});

test('the step bar never draws the processing-time badge over the step counter', async ({ page }) => {
  for (const width of [1400, 1000, 520]) {
    await page.setViewportSize({ width, height: 1000 });
    await openExample(page, '14_state_ttl');
    await page.locator('.jl-query select').selectOption({ index: 1 });
    await page.getByTestId('step-slider').fill('6');
    await expect(page.getByTestId('proc-time')).toContainText('processing time');
    const a = await page.locator('.jl-counter').boundingBox();
    const b = await page.getByTestId('proc-time').boundingBox();
    if (!a || !b) throw new Error('counter or badge not drawn');
    const overlap = a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
    expect(overlap, `at ${width} px: counter ${JSON.stringify(a)}, badge ${JSON.stringify(b)}`).toBe(false);
  }
});
