// Switching the query shown while its model is on its way from the worker: the step controls wait
// for it (controls.setBusy), so a click on "last" right after the switch lands on the new query's
// last step. Before, the click stepped the query shown before, and the new model, arriving after
// it, put the page back at step 1 (seen as a flake of gallery.spec's 13_upsert_updates_deletes on a
// loaded machine). The second query reads 20,000 generated rows, so its model takes long enough to
// build that the click comes first.

import { expect, test } from '@playwright/test';
import { currentStep, openPage, settled, shareHash } from './helpers';

const script = [
  "CREATE TABLE small (k INT, ts TIMESTAMP(3), WATERMARK FOR ts AS ts) WITH ('connector' = 'datagen', 'number-of-rows' = '5', 'joinlab.interval' = '1 s');",
  "CREATE TABLE big (k INT, ts TIMESTAMP(3), WATERMARK FOR ts AS ts) WITH ('connector' = 'datagen', 'number-of-rows' = '20000', 'fields.k.min' = '1', 'fields.k.max' = '100', 'joinlab.interval' = '10 ms');",
  'SELECT k, ts FROM small;',
  'SELECT k, ts FROM big WHERE k > 0;',
].join('\n');

test('a step right after switching the query lands on the new query', async ({ page }) => {
  test.setTimeout(120_000);
  await openPage(page, `./${shareHash({ script })}`);
  const querySelect = page.getByLabel('Query to step through');
  await expect(querySelect.locator('option')).toHaveCount(2);
  await querySelect.selectOption('1');
  await page.getByTestId('step-last').click();
  await settled(page);
  // the new query's steps (its 20,000 rows and the end of input), at the last of them
  await expect(page.locator('.jl-counter')).toHaveText(/end of input/, { timeout: 60_000 });
  await settled(page);
  const { pos, total } = await currentStep(page);
  expect(total).toBeGreaterThan(20000);
  expect(pos).toBe(total);
});
