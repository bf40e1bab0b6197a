// The Settings pane writes SET statements into the script (the script stays the truth).

import { expect, test } from '@playwright/test';
import { artifactPath, exampleScript, galleryExamples, openExample } from './helpers';

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

test('a dialect the script sets is shown as overridden, and switching it edits the SET', async ({ page }) => {
  // 01_full_outer_join starts with SET 'joinlab.dialect' = 'flink'.
  await openExample(page, '01_full_outer_join');
  const dialect = page.getByLabel('Dialect');
  await expect(dialect).toHaveValue('flink');
  await expect(dialect).toHaveAttribute('data-overridden', '');
  await expect(page.getByTestId('dialect-overridden')).toHaveText('set by line 1 of the script: switching edits it');
  await expect(page.getByTestId('dialect-overridden')).toHaveAttribute('title', "SET 'joinlab.dialect' = 'flink'; (line 1) wins over the page's selector");
  await page.screenshot({ path: artifactPath('settings', 'dialect-overridden.png') });
  await dialect.selectOption('confluent');
  await expect.poll(() => editorText(page)).toContain("SET 'joinlab.dialect' = 'confluent';");
  expect(await editorText(page)).not.toContain("SET 'joinlab.dialect' = 'flink';");
  await expect(page.getByTestId('dialect-overridden')).toHaveAttribute('title', /= 'confluent'/);
  await expect(dialect).toHaveValue('confluent');
  await expect(page.locator('.jl-status')).toHaveText(/ran in/);
  // A script without the SET: the selector is the page's own (not overridden).
  await openExample(page, '18_orders_customers');
  await expect(dialect).not.toHaveAttribute('data-overridden', '');
});

test('arrival shows "as written (no WATERMARK on orders)" when that is what happens', async ({ page }) => {
  // 12_regular_join_kinds: orders has no WATERMARK, so the rows arrive as written.
  await openExample(page, '12_regular_join_kinds');
  const arrival = page.getByLabel('Arrival order');
  await expect(arrival).toHaveValue('as-written');
  await expect(arrival.locator('option:checked')).toHaveText('as written (no WATERMARK on orders)');
  await expect(page.getByTestId('arrival-in-effect')).toContainText('In effect: as written (no WATERMARK on orders), although the script asks for by event time (the default).');
  await page.locator('.jl-settings').screenshot({ path: artifactPath('settings', 'arrival-in-effect.png') });
  // With WATERMARKs by-time is what happens: nothing to say.
  await openExample(page, '01_full_outer_join');
  await expect(arrival).toHaveValue('by-time');
  await expect(page.getByTestId('arrival-in-effect')).toHaveText('');
});

test("the settings' caption names the line of the query shown, and only when there are several", async ({ page }) => {
  // 03_semi_in has one query (its subquery's SELECT line is not a second query).
  await openExample(page, '03_semi_in');
  const caption = page.locator('.jl-settings > p').first();
  await expect(caption).not.toContainText('settings of the query at line');
  // 12_regular_join_kinds, then 16_cross_join_rejected from the gallery: 16's first query is
  // rejected; the caption must name 16's line, not keep 12's.
  await openExample(page, '12_regular_join_kinds');
  await expect(caption).toContainText('these are the settings of the query at line 20.');
  await page.locator('[data-example="16_cross_join_rejected"]').click();
  const script16 = exampleScript(galleryExamples().find((e) => e.name === '16_cross_join_rejected')?.sql ?? '');
  const line16 = script16.split('\n').findIndex((l) => /^SELECT/.test(l)) + 1;
  await expect(page.getByLabel('Query to step through').locator('option').first()).toContainText(`(line ${line16})`);
  await expect(caption).toContainText(`these are the settings of the query at line ${line16}.`);
});
