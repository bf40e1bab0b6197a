// Event-time temporal joins on the page: the version lane (one row per key of the versioned
// table, each version a segment up to the key's next version, a delete an end mark), each probe
// row's AS OF cut (waiting until the join's watermark reaches its time, then linked to the
// version it met, or "no version"), the changelog's lineage to the probe and version rows, the
// state pane's waiting rows and versions, the plan's keys and time attributes, and an idle
// rates table. The canvas is checked through its text (`timeline-marks`, the accessible
// description of the marks of the step). Expectations are derived by hand from the SQL and data
// of the gallery examples 27–31 with Flink's TemporalRowTimeJoinOperator rules (a probe row waits
// until the join's watermark — the smaller input watermark — reaches its time, then joins the
// version with the greatest time ≤ its time; a -D ends the key; cleanup keeps the newest version
// ≤ the watermark and every later one). The changelogs themselves are checked against Flink in
// gallery.spec.ts.

import { expect, type Page, test } from '@playwright/test';
import { artifactPath, openExample, settled } from './helpers';

const counter = (page: Page) => page.locator('.jl-counter');
const marks = (page: Page) => page.getByTestId('timeline-marks').locator('li');
const group = (page: Page, step: number) => page.locator(`.jl-group[data-step="${step}"]`);

async function goToStep(page: Page, step: number, total: number): Promise<void> {
  await page.getByTestId('step-slider').fill(String(step));
  await expect(counter(page)).toHaveText(step > total - 1 ? new RegExp(`${step}/${total}$`) : `step ${step}/${total}`);
  await settled(page);
}

async function selectQuery(page: Page, i: number): Promise<void> {
  await page.getByLabel('Query to step through').selectOption(String(i - 1));
  await settled(page);
}

test('the version lane and the AS OF cut of a probe row, linked to the version it joined', async ({ page }) => {
  await openExample(page, '27_temporal_orders_rates');
  // Step 4: EUR 1.1200 (10:00) lifts the rates' watermark to 10:00, the join's to 09:30 (orders');
  // o1 (09:30, step 3) is released: the EUR version with the greatest time ≤ 09:30 is 1.1000 (09:00).
  await goToStep(page, 4, 15);
  await expect(marks(page)).toHaveText([
    'version: EUR: #1 currency_rates 1.1000 valid from 09:00:00 until 10:00:00',
    'version: EUR: #4 currency_rates 1.1200 valid from 10:00:00 on',
    'version: USD: #2 currency_rates 1.0000 valid from 09:00:00 on',
    "cut: AS OF 09:30:00: #3 orders +I[o1, 100.00, EUR, 2024-01-01 09:30:00.000] joined #1 currency_rates [EUR, 1.1000, 2024-01-01 09:00:00.000] valid from 09:00:00 (released at step 4, the join's watermark 09:30:00)",
    'watermarks: TemporalJoin watermark 09:30:00',
  ]);
  await expect(page.locator('.jl-legend')).toContainText('version (valid until the next one)');
  await expect(page.locator('.jl-legend')).toContainText('AS OF cut of a probe row');
  await page.locator('.timeline').screenshot({ path: artifactPath('temporal-join', 'version-lane-step-4.png') });
  // The changelog row links its probe row and the version it met.
  await expect(group(page, 4).getByTestId('changelog-row')).toHaveText(['+I[o1, 100.00, EUR, 1.1000, 2024-01-01 09:30:00.000]']);
  const why = group(page, 4).getByTestId('temporal-why');
  await expect(why).toHaveText(
    "orders +I[o1, 100.00, EUR, 2024-01-01 09:30:00.000] (step 3) waited until the join's watermark reached its time 09:30:00.000; AS OF 09:30:00.000 it joined currency_rates +I[EUR, 1.1000, 2024-01-01 09:00:00.000] (step 1), valid from 09:00:00.000 until 10:00:00.000.",
  );
  await why.getByTestId('temporal-version').click();
  await expect(counter(page)).toHaveText('step 1/15');
  await goToStep(page, 4, 15);
  await group(page, 4).getByTestId('temporal-probe').click();
  await expect(counter(page)).toHaveText('step 3/15');
  // The plan: the keys and the time attributes of both sides.
  await page.getByRole('tab', { name: 'Plan' }).click();
  const keys = page.getByTestId('temporal-keys');
  await expect(keys.getByTestId('probe-keys')).toHaveText('currency');
  await expect(keys.getByTestId('version-keys')).toHaveText('currency');
  await expect(keys.getByTestId('probe-time')).toHaveText('order_time');
  await expect(keys.getByTestId('version-time')).toHaveText('update_time');
  await expect(keys).toContainText('FOR SYSTEM_TIME AS OF orders.order_time');
  await expect(keys).toContainText('LEFT: a probe row without a version comes out padded with NULLs.');
  await selectQuery(page, 2);
  await expect(page.getByTestId('temporal-keys')).toContainText('INNER: a probe row without a version is dropped.');
});

test('a probe row waits for the watermark and a later step releases it, saying so', async ({ page }) => {
  await openExample(page, '27_temporal_orders_rates');
  // Step 6: o3 (JPY, 10:20) arrives; the rates' watermark (10:00) holds the join's at 10:00, and
  // no JPY rate exists yet. o2 (EUR, 10:15, step 5) waits too.
  await goToStep(page, 6, 15);
  await expect(marks(page)).toContainText([
    "waiting: AS OF 10:15:00: #5 orders +I[o2, 50.00, EUR, 2024-01-01 10:15:00.000] waits until the join's watermark reaches 10:15:00 (it is 10:00:00)",
    "waiting: AS OF 10:20:00: #6 orders +I[o3, 70.00, JPY, 2024-01-01 10:20:00.000] waits until the join's watermark reaches 10:20:00 (it is 10:00:00)",
  ]);
  await expect(page.getByTestId('held-back')).toContainText('Join watermark held back by currency_rates');
  await expect(page.getByTestId('held-back')).toContainText('2 rows of orders wait in the temporal join until currency_rates moves on.');
  // The state pane: the waiting rows with the watermark they need.
  const pane = page.getByTestId('state-pane');
  const waiting = pane.getByTestId('temporal-waiting');
  await expect(waiting).toHaveCount(2);
  await expect(pane.locator('[data-testid=temporal-waiting][data-key="EUR"]').getByTestId('waits-for')).toHaveText('10:15:00.000');
  await expect(pane.locator('[data-testid=temporal-waiting][data-key="JPY"]').getByTestId('waits-for')).toHaveText('10:20:00.000');
  await page.screenshot({ path: artifactPath('temporal-join', 'waiting-step-6.png'), fullPage: true });
  // Step 8 brings JPY 0.0067 (10:10); step 9 (EUR 1.1500 at 10:40) lifts the join's watermark to
  // 10:30 (orders'): o2, o3 and o4 are released; o3 joins the JPY rate that came after it.
  await goToStep(page, 9, 15);
  await expect(page.getByTestId('step-sentence')).toContainText(
    "orders [o3, 70.00, JPY, 2024-01-01 10:20:00.000] (10:20:00.000) waited until the temporal join's watermark reached 10:30:00.000; it joined currency_rates [JPY, 0.0067, 2024-01-01 10:10:00.000] valid since 10:10:00.000",
  );
  await expect(group(page, 9).getByTestId('changelog-row')).toHaveText([
    '+I[o2, 50.00, EUR, 1.1200, 2024-01-01 10:15:00.000]',
    '+I[o3, 70.00, JPY, 0.0067, 2024-01-01 10:20:00.000]',
    '+I[o4, 20.00, USD, 1.0000, 2024-01-01 10:30:00.000]',
  ]);
  await expect(group(page, 9).getByTestId('temporal-why').nth(1)).toHaveText(
    "orders +I[o3, 70.00, JPY, 2024-01-01 10:20:00.000] (step 6) waited until the join's watermark reached its time 10:20:00.000 (at step 9 it reached 10:30:00.000); AS OF 10:20:00.000 it joined currency_rates +I[JPY, 0.0067, 2024-01-01 10:10:00.000] (step 8), valid from 10:10:00.000.",
  );
  await expect(marks(page)).toContainText([
    "cut: AS OF 10:20:00: #6 orders +I[o3, 70.00, JPY, 2024-01-01 10:20:00.000] joined #8 currency_rates [JPY, 0.0067, 2024-01-01 10:10:00.000] valid from 10:10:00 (released at step 9, the join's watermark 10:30:00)",
  ]);
  await expect(marks(page).filter({ hasText: /^waiting:/ })).toHaveCount(0);
  await expect(page.getByTestId('held-back')).toBeHidden();
  // The versions after step 9: the cleanup dropped EUR 1.1000 (the watermark 10:30 passed 1.1200).
  const eur = pane.locator('[data-testid=temporal-version][data-key="EUR"]');
  await expect(eur.getByTestId('valid-from')).toHaveText(['10:00:00.000', '10:40:00.000']);
  await expect(eur.getByTestId('valid-until')).toHaveText(['10:40:00.000', 'a newer version']);
  await expect(pane.getByTestId('no-waiting')).toBeVisible();
  await expect(marks(page)).toContainText(['version: EUR: #1 currency_rates 1.1000 valid from 09:00:00 until 10:00:00; left the state at step 9']);
  // The events of the step tell the release in words.
  await page.locator('.jl-events-box summary').click();
  await expect(page.locator('.jl-ev-temporal_release').filter({ hasText: 'o3' })).toHaveText(
    "TemporalJoin (#1): the join's watermark 10:30:00.000 reached the probe row +I[o3, 70.00, JPY, 2024-01-01 10:20:00.000] (AS OF 10:20:00.000): the version valid at 10:20:00.000 is +I[JPY, 0.0067, 2024-01-01 10:10:00.000] (from 10:10:00.000); it joins it (+I)",
  );
  await expect(page.locator('.jl-ev-temporal_version')).toHaveText(
    'TemporalJoin (#1) stores a version of key EUR valid from 10:40:00.000: +U[EUR, 1.1500, 2024-01-01 10:40:00.000]; 3 versions of the key held',
  );
  await page.getByRole('tab', { name: 'Timeline table' }).click();
  await expect(page.locator('.jl-steps tr.jl-current')).toContainText('released #5, #6, #7: 3 joined');
});

test('a LEFT join pads a probe row that has no version: "no version"', async ({ page }) => {
  await openExample(page, '27_temporal_orders_rates');
  // Step 13 (USD 1.0100 at 11:00) lifts the join's watermark to 10:50: o6 (GBP, never a rate) and
  // the late o7 (09:10: EUR 1.1000 from 09:00 was cleaned up at step 9) find no version.
  await goToStep(page, 13, 15);
  await expect(group(page, 13).getByTestId('changelog-row')).toHaveText(['+I[o7, 5.00, EUR, NULL, 2024-01-01 09:10:00.000]', '+I[o6, 30.00, GBP, NULL, 2024-01-01 10:50:00.000]']);
  await expect(marks(page)).toContainText([
    "cut: AS OF 10:50:00: #11 orders +I[o6, 30.00, GBP, 2024-01-01 10:50:00.000]: no version of GBP at or before 10:50:00, padded with NULLs (released at step 13, the join's watermark 10:50:00)",
    "cut: AS OF 09:10:00: #12 orders +I[o7, 5.00, EUR, 2024-01-01 09:10:00.000]: no version of EUR at or before 09:10:00, padded with NULLs (released at step 13, the join's watermark 10:50:00)",
  ]);
  await expect(group(page, 13).getByTestId('temporal-why').nth(1)).toHaveText(
    "orders +I[o6, 30.00, GBP, 2024-01-01 10:50:00.000] (step 11) waited until the join's watermark reached its time 10:50:00.000; AS OF 10:50:00.000 currency_rates has no version of GBP: no version, so it comes out padded with NULLs.",
  );
  await expect(group(page, 13).getByTestId('temporal-why').first()).toContainText("arrived late (the join's watermark was already 10:40:00.000)");
  await page.locator('.timeline').screenshot({ path: artifactPath('temporal-join', 'no-version-step-13.png') });
  // Step 12: o7 arrives late, behind the join's watermark (10:40); it waits all the same.
  await goToStep(page, 12, 15);
  await expect(marks(page)).toContainText([
    "waiting: AS OF 09:10:00: #12 orders +I[o7, 5.00, EUR, 2024-01-01 09:10:00.000] waits until the join's watermark reaches 09:10:00 (it is 10:40:00); late: the watermark had passed its time, it waits for the next advance",
  ]);
  // The INNER join drops both.
  await selectQuery(page, 2);
  await goToStep(page, 13, 15);
  await expect(group(page, 13)).toHaveCount(0);
  await expect(marks(page)).toContainText(["cut: AS OF 10:50:00: #11 orders +I[o6, 30.00, GBP, 2024-01-01 10:50:00.000]: no version of GBP at or before 10:50:00, nothing comes out (released at step 13, the join's watermark 10:50:00)"]);
});

test('a deleted version ends its key: the probe row between the delete and the re-insert finds none', async ({ page }) => {
  await openExample(page, '28_temporal_delete_reinsert');
  // After step 4 (o2 at 10:03): EUR 1.1000 from 10:00, deleted at 10:02; nothing re-inserted yet.
  await goToStep(page, 4, 9);
  await expect(marks(page)).toContainText([
    'version: EUR: #1 rates 1.1000 valid from 10:00:00 until 10:02:00',
    'version: EUR: #3 rates deletes it at 10:02:00; no version from then on',
  ]);
  const eur = page.getByTestId('state-pane').locator('[data-testid=temporal-version][data-key="EUR"]');
  await expect(eur.getByTestId('valid-from')).toHaveText(['10:00:00.000', 'deleted at 10:02:00.000']);
  await expect(eur.getByTestId('valid-until')).toHaveText(['10:02:00.000', 'a newer version']);
  // Step 5: EUR 1.2500 (10:04) lifts the join's watermark to 10:03: o2 meets the delete, and the
  // INNER join drops it; the cleanup removes 1.1000 (the watermark passed the delete at 10:02).
  await goToStep(page, 5, 9);
  await expect(marks(page)).toContainText([
    'version: EUR: #1 rates 1.1000 valid from 10:00:00 until 10:02:00; left the state at step 5',
    'version: EUR: #3 rates deletes it at 10:02:00; no version until 10:04:00',
    'version: EUR: #5 rates 1.2500 valid from 10:04:00 on',
    "cut: AS OF 10:03:00: #4 orders +I[o2, EUR, 2024-01-01 10:03:00.000]: the version of EUR was deleted at 10:02:00, nothing comes out (released at step 5, the join's watermark 10:03:00)",
  ]);
  await expect(group(page, 5)).toHaveCount(0);
  await page.locator('.timeline').screenshot({ path: artifactPath('temporal-join', 'deleted-step-5.png') });
  // The LEFT join pads it, and says which delete it met.
  await selectQuery(page, 2);
  await goToStep(page, 5, 9);
  await expect(group(page, 5).getByTestId('changelog-row')).toHaveText(['+I[o2, NULL, NULL]']);
  await expect(group(page, 5).getByTestId('temporal-why')).toContainText(
    'AS OF 10:03:00.000 the version of EUR is the delete rates -D[EUR, 1.1000, 2024-01-01 10:02:00.000] (step 3) at 10:02:00.000: no version, so it comes out padded with NULLs.',
  );
  // o3 (10:04, the re-insert's own millisecond) joins 1.2500.
  await goToStep(page, 6, 9);
  await expect(group(page, 6).getByTestId('changelog-row')).toHaveText(['+I[o3, 1.2500, 2024-01-01 10:04:00.000]']);
});

test('a quiet rates table holds the join back; an idle timeout lets it go', async ({ page }) => {
  await openExample(page, '30_temporal_idle_rates');
  // rates sends one row (10:00, step 1); from step 3 on orders is ahead and every order waits.
  await goToStep(page, 5, 6);
  const held = page.getByTestId('held-back');
  await expect(held).toContainText('Join watermark held back by rates for 3 steps (since step 3): it stays at 10:00:00.000, the watermark of rates, while orders is at 12:00:00.000');
  await expect(held).toContainText('4 rows of orders wait in the temporal join until rates moves on.');
  await expect(held).toContainText("rates has sent no row since step 1: a table that stops updating holds its watermark, and the join's with it; 'table.exec.source.idle-timeout' would mark it idle");
  await expect(marks(page).filter({ hasText: /^waiting:/ })).toHaveCount(4);
  await expect(marks(page).last()).toHaveText('watermarks: TemporalJoin watermark 10:00:00, held back by rates');
  await expect(page.getByTestId('changelog-row')).toHaveCount(0);
  await expect(page.getByTestId('state-pane').getByTestId('temporal-waiting')).toHaveCount(4);
  await page.screenshot({ path: artifactPath('temporal-join', 'idle-held-step-5.png'), fullPage: true });
  // Only the end of input releases them.
  await goToStep(page, 6, 6);
  await expect(page.getByTestId('changelog-row')).toHaveText(['+I[o1, 1.1000]', '+I[o2, 1.1000]', '+I[o3, 1.1000]', '+I[o4, NULL]']);

  // With 'table.exec.source.idle-timeout' = '2 s': rates' last row at processing time 1 s; the
  // check at 3.6 s (during step 4) marks it idle, and the join goes on with orders' watermark.
  await openExample(page, '31_temporal_idle_timeout');
  await goToStep(page, 3, 6);
  await expect(page.getByTestId('held-back')).toContainText('held back by rates');
  await expect(marks(page).filter({ hasText: /^idle:/ })).toHaveCount(0);
  await goToStep(page, 4, 6);
  await expect(page.getByTestId('held-back')).toBeHidden();
  await expect(marks(page)).toContainText(["idle: rates since step 4 (no row for longer than the idle timeout, seen at processing time 00:00:03.600): the join's watermark leaves it out"]);
  await expect(group(page, 4).getByTestId('changelog-row')).toHaveText(['+I[o1, 1.1000]', '+I[o2, 1.1000]', '+I[o3, 1.1000]']);
  await expect(page.locator('.jl-legend')).toContainText('idle source');
  await page.locator('.jl-events-box summary').click();
  await expect(page.locator('.jl-ev-source_idle')).toContainText('TableSourceScan rates (#3) is idle: no row for longer than the idle timeout');
  await page.locator('.timeline').screenshot({ path: artifactPath('temporal-join', 'idle-timeout-step-4.png') });
  await goToStep(page, 5, 6);
  await expect(group(page, 5).getByTestId('changelog-row')).toHaveText(['+I[o4, NULL]']);
  await page.getByRole('tab', { name: 'Timeline table' }).click();
  await goToStep(page, 4, 6);
  await expect(page.locator('.jl-steps tr.jl-current')).toContainText('rates idle');
});

test('every step of the temporal-join examples draws without a pane failing or a console error', async ({ page }) => {
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') problems.push(`console ${m.type()}: ${m.text()}`);
  });
  for (const ex of ['27_temporal_orders_rates', '28_temporal_delete_reinsert', '29_temporal_late_rows', '30_temporal_idle_rates', '31_temporal_idle_timeout']) {
    await openExample(page, ex);
    const select = page.getByLabel('Query to step through');
    const queries = (await select.isVisible()) ? await select.locator('option').count() : 1;
    for (let q = 1; q <= queries; q++) {
      if (queries > 1) await selectQuery(page, q);
      const total = Number(/\/(\d+)/.exec((await counter(page).textContent()) ?? '')?.[1]);
      expect(total).toBeGreaterThan(4);
      for (let s = 1; s <= total; s++) await goToStep(page, s, total);
      await expect(page.locator('[data-failed], .jl-pane-error')).toHaveCount(0);
    }
  }
  expect(problems).toEqual([]);
});
