// The Settings pane writes SET statements into the script (the script stays the truth).

import { expect, test } from '@playwright/test';
import { openExample } from './helpers';

const editorText = (page: import('@playwright/test').Page) => page.evaluate(() => document.querySelector('.cm-content')?.textContent ?? '');

test('end of input: unbounded drops the end step, bounded keeps it', async ({ page }) => {
  await openExample(page, '01_full_outer_join');
  await expect(page.locator('.jl-counter')).toHaveText('step 1/7');
  await page.getByLabel('End of input').selectOption('unbounded');
  expect(await editorText(page)).toContain("SET 'joinlab.mode' = 'unbounded';");
  await expect(page.locator('.jl-counter')).toHaveText('step 1/6');
  await page.getByTestId('step-last').click();
  // The window never fires: the stream stays open.
  await expect(page.getByTestId('changelog-row')).toHaveCount(0);
  await page.getByLabel('End of input').selectOption('bounded');
  expect(await editorText(page)).toContain("SET 'joinlab.mode' = 'bounded';");
  await expect(page.locator('.jl-counter')).toHaveText(/\/7$/);
});

test('arrival order and time zone edit their SET statements', async ({ page }) => {
  await openExample(page, '10_ltz_kolkata');
  await page.getByLabel('Arrival order').selectOption('as-written');
  expect(await editorText(page)).toContain("SET 'joinlab.arrival' = 'as-written';");
  const zone = page.getByLabel('Session time zone');
  await expect(zone).toHaveValue('Asia/Kolkata');
  await zone.fill('America/New_York');
  await zone.press('Enter');
  expect(await editorText(page)).toContain("SET 'sql.local-time-zone' = 'America/New_York';");
  // Arrival as written: all Orders rows first, so step 4 is the first shipment.
  await page.getByTestId('step-slider').fill('4');
  await expect(page.getByTestId('step-sentence')).toContainText('Shipments +I[2024-03-01 09:50:00.000, 1, DHL] arrived');
});
