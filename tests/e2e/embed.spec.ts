// The demo docs page: two <joinlab-playground> elements (editable with an inline script, and
// read-only with a script attribute) that load the engine when scrolled into view, and the
// ?embed=1 view in an iframe.

import { expect, test } from '@playwright/test';
import { artifactPath } from './helpers';

test('the custom element runs on the demo docs page', async ({ page }) => {
  // A short window: both elements start below the fold, so nothing may load the engine yet.
  await page.setViewportSize({ width: 1280, height: 360 });
  await page.goto('./docs-demo.html');
  const first = page.locator('#demo-full-outer');
  const second = page.locator('#demo-late');
  await expect(first.locator('.jl-embed-placeholder')).toBeVisible();
  await expect(second.locator('.jl-embed-placeholder')).toBeAttached();
  await page.waitForTimeout(500);
  await expect(page.locator('joinlab-playground .jl-playground')).toHaveCount(0);

  await page.setViewportSize({ width: 1280, height: 1000 });
  await first.scrollIntoViewIfNeeded();
  await expect(first.getByTestId('step-sentence')).not.toBeEmpty();
  await first.getByTestId('step-last').click();
  // Example 01's rows (Apache Flink's output) without window_end, which this script leaves out.
  await expect(first.getByTestId('changelog-row')).toHaveText([
    '+I[1, L1, NULL, NULL, 2023-11-03 12:20:00.000]',
    '+I[2, L2, 2, R2, 2023-11-03 12:20:00.000]',
    '+I[3, L3, 3, R3, 2023-11-03 12:20:00.000]',
    '+I[NULL, NULL, 4, R4, 2023-11-03 12:20:00.000]',
  ]);
  await expect(first.getByTestId('editor')).toHaveAttribute('contenteditable', 'true');
  await page.screenshot({ path: artifactPath('embed', 'docs-demo-first.png'), fullPage: false });

  await second.scrollIntoViewIfNeeded();
  await expect(second.getByTestId('step-sentence')).not.toBeEmpty();
  await expect(second.getByTestId('editor')).toHaveAttribute('contenteditable', 'false');
  await second.getByTestId('step-slider').fill('5');
  await expect(second.getByTestId('step-sentence')).toContainText('dropped as late');
  await second.screenshot({ path: artifactPath('embed', 'docs-demo-second.png') });
});

test('the ?embed=1 view runs in an iframe', async ({ page }) => {
  await page.goto('./docs-demo.html');
  const frame = page.frameLocator('iframe');
  await page.locator('iframe').scrollIntoViewIfNeeded();
  await expect(frame.getByTestId('step-sentence')).not.toBeEmpty();
  await expect(frame.locator('.jl-gallery')).toHaveCount(0);
  await frame.getByTestId('step-last').click();
  await expect(frame.getByTestId('changelog-row')).toHaveCount(4);
  await page.locator('iframe').screenshot({ path: artifactPath('embed', 'iframe.png') });
});
