// The operators that feed joins on the page: group and window aggregations, Top-N, deduplication,
// window Top-N and window deduplication. Their events in words, their state tables with what each
// holds, their badges in the plan, the changelog's marks of an updating result, and the timeline:
// a lane per operator that keeps windows, so a window join over two window aggregations shows
// both aggregations firing and the join firing after them (checked through the canvas's
// accessible text, `timeline-marks`). Expectations are worked out by hand from the operators'
// docs (crates/engine/src/ops/group_aggregate.rs, window_aggregate.rs, rank/mod.rs,
// deduplicate.rs, window_rank.rs, window_deduplicate.rs); the changelogs themselves are checked
// against Flink in gallery.spec.ts.

import { expect, type Page, test } from '@playwright/test';
import { artifactPath, openExample, openPage, settled, shareHash } from './helpers';

const counter = (page: Page) => page.locator('.jl-counter');
const marks = (page: Page) => page.getByTestId('timeline-marks').locator('li');
const sentence = (page: Page) => page.getByTestId('step-sentence');
const events = (page: Page) => page.locator('.jl-events li');

async function goToStep(page: Page, step: number, total: number): Promise<void> {
  await page.getByTestId('step-slider').fill(String(step));
  await expect(counter(page)).toHaveText(step > total - 1 ? new RegExp(`${step}/${total}$`) : `step ${step}/${total}`);
  await settled(page);
}

async function selectQuery(page: Page, i: number): Promise<void> {
  await page.getByLabel('Query to step through').selectOption(String(i - 1));
  await settled(page);
}

async function openEvents(page: Page): Promise<void> {
  const box = page.locator('.jl-events-box');
  if ((await box.getAttribute('open')) === null) await box.locator('summary').click();
}

/** The state table of one operator (by id) in the state pane. */
const stateOf = (page: Page, op: number) => page.getByTestId('state-pane').locator(`table[data-op="${op}"]`);

/** Problems a page logs: errors and warnings on the console, uncaught errors, failed requests. */
function watch(page: Page): string[] {
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') problems.push(`console ${m.type()}: ${m.text()}`);
  });
  page.on('requestfailed', (r) => problems.push(`request failed: ${r.url()}`));
  return problems;
}

const WJ = '24_window_join_of_window_aggs';

test('a window join over two window aggregations: each aggregation fires on its own lane, the join after both', async ({ page }) => {
  await openExample(page, WJ);
  // The lanes: T1, T2, then one per operator that keeps windows, T1's aggregation first.
  await goToStep(page, 9, 17);
  // Step 9: T1's watermark (00:00:06) passes [00:00, 00:00:05): T1's aggregation fires it;
  // T2's watermark (00:00:03) holds the join back, so the join only buffers T1's result.
  await expect(sentence(page)).toContainText('the window aggregation of T1 fired window [00:00:00.000, 00:00:05.000) at watermark 00:00:06.000: uv1 = 2 for name a');
  await expect(sentence(page)).toContainText('the window join buffered it on the left side of window [00:00:00.000, 00:00:05.000)');
  await expect(sentence(page)).not.toContainText('passed window');
  await expect(marks(page)).toContainText([
    'fired: WindowAggregate on T1: window [00:00, 00:00:05) fired at step 9 (watermark 00:00:06.000): COUNT(DISTINCT string) = 2 (uv1) for name a',
    'watermark: WindowAggregate on T1 00:00:06.000',
    'open: WindowAggregate on T2: window [00:00, 00:00:05) 4 rows in, 1 key',
    'watermark: WindowAggregate on T2 00:00:03.000',
    'open: WindowJoin: window [00:00, 00:00:05) 1 left, 0 right',
  ]);
  await expect(marks(page).filter({ hasText: 'fired: WindowJoin' })).toHaveCount(0);
  await expect(page.locator('.jl-legend')).toContainText('fires at this step');
  await page.locator('.timeline').screenshot({ path: artifactPath('aggregation', 'window-join-of-aggs-step-9.png') });

  // Step 10: T2's aggregation fires the window too (uv2 = 3: Hi, Comment#1, Hello; NULL is not
  // counted), and the join, whose watermark is now 00:00:06, fires right after it.
  await goToStep(page, 10, 17);
  const texts = await marks(page).allTextContents();
  const agg = texts.findIndex((t) => t.startsWith('fired: WindowAggregate on T2: window [00:00, 00:00:05) fired at step 10 (watermark 00:00:06.000): COUNT(DISTINCT string) = 3 (uv2) for name a'));
  const join = texts.findIndex((t) => t.startsWith('fired: WindowJoin: window [00:00, 00:00:05) fired at step 10 (watermark 00:00:06.000): 1 joined row for key a'));
  expect(agg, texts.join('\n')).toBeGreaterThanOrEqual(0);
  expect(join, texts.join('\n')).toBeGreaterThan(agg);
  const s = (await sentence(page).textContent()) ?? '';
  const aggAt = s.indexOf('the window aggregation of T2 fired window [00:00:00.000, 00:00:05.000) at watermark 00:00:06.000: uv2 = 3 for name a');
  const joinAt = s.indexOf('watermark 00:00:06.000 passed window [00:00:00.000, 00:00:05.000): 1 row emitted, 2 state rows freed');
  expect(aggAt, s).toBeGreaterThanOrEqual(0);
  expect(joinAt, s).toBeGreaterThan(aggAt);
  await expect(page.locator('.jl-group[data-step="10"]').getByTestId('changelog-row')).toHaveText(['+I[a, 2020-10-10 00:00:00.000, 2020-10-10 00:00:05.000, 2, 3]']);
  await page.locator('.timeline').screenshot({ path: artifactPath('aggregation', 'window-join-of-aggs-step-10.png') });

  // Step 16: T1's aggregation fires [00:05, 00:10) for b and a; the join emits b only (T2 has no a there).
  await goToStep(page, 16, 17);
  await expect(marks(page)).toContainText([
    'fired: WindowAggregate on T1: window [00:00:05, 00:00:10) fired at step 16 (watermark 00:00:15.000): COUNT(DISTINCT string) = 2 (uv1) for name b; COUNT(DISTINCT string) = 1 (uv1) for name a',
    'fired: WindowJoin: window [00:00:05, 00:00:10) fired at step 16 (watermark 00:00:15.000): 1 joined row for key b; 0 joined rows for key a',
  ]);
});

test('the events of a two-phase window aggregation: buffered, folded by the local stage, merged, fired, late', async ({ page }) => {
  await openExample(page, WJ);
  await goToStep(page, 1, 17);
  await openEvents(page);
  await expect(events(page).filter({ hasText: 'buffers' })).toHaveText([
    "WindowAggregate (#2) buffers [a, NULL, NULL, Hi, 2020-10-10 00:00:01.000] for window [00:00, 00:00:05) of name a (1 row buffered there): it is aggregated when the watermark passes a buffered window's end (Flink flushes its buffer then)",
  ]);
  await goToStep(page, 9, 17);
  await expect(page.locator('.jl-ev-aggregated').first()).toHaveText(
    'WindowAggregate (#2), local stage: folds [a, NULL, NULL, Hi, 2020-10-10 00:00:01.000] into its partial result for window [00:00, 00:00:05) of name a: COUNT(DISTINCT string) 0 → 1 (uv1)',
  );
  await expect(page.locator('.jl-ev-state_insert').filter({ hasText: 'partial result' }).first()).toHaveText(
    'WindowAggregate (#2): the local stage hands its partial result (COUNT(DISTINCT string) = 2 (uv1)) for window [00:00, 00:00:05) of name a to the global stage',
  );
  await expect(page.locator('.jl-ev-aggregated').filter({ hasText: 'global stage' }).first()).toHaveText(
    'WindowAggregate (#2), global stage: merges the local partial result (COUNT(DISTINCT string) = 2 (uv1)) into window [00:00, 00:00:05) of name a: COUNT(DISTINCT string) 0 → 2 (uv1)',
  );
  await expect(page.locator('.jl-ev-window_fire')).toHaveText(['WindowAggregate (#2) fires window [00:00, 00:00:05) of name a at watermark 00:00:06.000: COUNT(DISTINCT string) = 2 (uv1)']);
  await expect(page.locator('.jl-ev-state_expire')).toHaveText([/^WindowAggregate \(#2\) frees the accumulator of name a for window \[00:00, 00:00:05\): window .* fired$/]);
  // Step 13's row (00:04) is late for [00:00, 00:05): the local stage buffers it (step 14's
  // watermark, 00:00:07, is short of the buffered windows' end 00:00:10, so nothing is flushed),
  // and the global stage drops its partial result at the flush of step 16 (watermark 00:00:15;
  // the global stage's own watermark is still the previous one, 00:00:07, when the partial arrives).
  await goToStep(page, 14, 17);
  await expect(page.locator('.jl-ev-late_drop')).toHaveCount(0);
  await expect(page.locator('.jl-ev-aggregated')).toHaveCount(0);
  await goToStep(page, 16, 17);
  await expect(page.locator('.jl-ev-late_drop')).toHaveText([
    'WindowAggregate (#2), global stage: drops the local partial result (COUNT(DISTINCT string) = 1 (uv1)) of the rows of step 13 as late: window [00:00, 00:00:05) had fired (watermark 00:00:07.000)',
  ]);
  await expect(sentence(page)).toContainText("dropped as late by the window aggregation of T1 (the local stage's partial result of step 13): its window [00:00:00.000, 00:00:05.000) had already fired");
  await page.getByRole('tab', { name: 'Timeline table' }).click();
  await expect(page.locator('.jl-steps tr').filter({ has: page.locator('th', { hasText: /^13$/ }) })).toContainText('✕ late: window [00:00, 00:00:05) had already fired; dropped by the WindowAggregate');
});

test('the state pane of a window aggregation: buffered rows, partial results, accumulators, the windows still open', async ({ page }) => {
  await openExample(page, WJ);
  await goToStep(page, 8, 17);
  // Before the watermark passes 00:00:05 nothing is aggregated: four rows of T2 wait in the buffer.
  const t2 = stateOf(page, 6);
  await expect(t2.locator('tr[data-testid=state-window]')).toHaveCount(1);
  await expect(t2.locator('tr[data-key="a"] [data-testid=window-buffer] [data-testid=state-row]')).toHaveCount(4);
  await expect(t2.locator('tr[data-key="a"] [data-testid=window-acc]')).toHaveText('nothing aggregated yet');
  await expect(t2.locator('thead th')).toHaveText(['window', 'name', 'buffered (not aggregated yet)', 'local partial result', 'accumulator (results so far)']);
  // Step 9: T1's aggregation folded its buffer and fired [00:00, 00:05); [00:05, 00:10) stays open for b.
  await goToStep(page, 9, 17);
  const pane = page.getByTestId('state-pane');
  const t1 = stateOf(page, 2);
  await expect(t1.locator('tr[data-testid=state-window]')).toHaveCount(1);
  await expect(t1.locator('tr[data-key="b"] [data-testid=window-acc]')).toHaveText('COUNT(DISTINCT string) = 1 (uv1)1 row');
  await expect(pane.getByTestId('open-windows').first()).toHaveText('Windows still open: [00:00:05, 00:00:10) (name b)');
  await expect(pane.locator('[data-testid=op-state-note][data-kind=WindowAggregate]').first()).toContainText('Flink buffers the rows and aggregates them in batches, when the watermark passes the end of a buffered window');
  await expect(pane.locator('[data-testid=op-state-note][data-kind=WindowAggregate]').first()).toContainText('In two phases: a local stage folds its buffer into partial results');
  // The window join holds T1's result on its left side.
  await expect(stateOf(page, 0).locator('tr[data-key="a"] td[data-side="left"]')).toContainText('[a, 2020-10-10 00:00:00.000, 2020-10-10 00:00:05.000, 2]');
  await page.getByTestId('state-pane').screenshot({ path: artifactPath('aggregation', 'window-agg-state-step-9.png') });
});

const GB = '25_join_over_group_by';

test('a regular join over a GROUP BY: the aggregation’s -U/+U go through the join, and the page says so', async ({ page }) => {
  await openExample(page, GB);
  await goToStep(page, 3, 8);
  await expect(sentence(page)).toContainText('group customer_id 1: order_count 1 → 2, total 10 → 15; 1 row removed from the left state (retracted by -U)');
  await openEvents(page);
  await expect(page.locator('.jl-ev-aggregated')).toHaveText([
    'GroupAggregate (#1) adds +I[1, 5]: group customer_id 1: COUNT(*) 1 → 2 (order_count), SUM(amount) 10 → 15 (total); it sends -U of the old result, +U of the new one',
  ]);
  // The changelog: badged updating, with what -U / +U mean, and the -U links the row it takes back.
  await expect(page.getByTestId('changelog-mode').getByTestId('mode-badge')).toHaveText('updating');
  await expect(page.getByTestId('changelog-updating')).toBeVisible();
  await expect(page.getByTestId('changelog-updating')).toContainText('a -U or -D row takes back a row sent before');
  const g3 = page.locator('.jl-group[data-step="3"]');
  await expect(g3.getByTestId('changelog-row')).toHaveText(['-U[Alice, 1, 10]', '+U[Alice, 2, 15]']);
  await expect(g3.getByTestId('retracts')).toHaveText('takes back #1 (step 2)');
  await g3.getByTestId('retracts').click();
  await expect(counter(page)).toHaveText('step 2/8');
  // The state pane: one row per group with its named results.
  await goToStep(page, 5, 8);
  const agg = stateOf(page, 1);
  await expect(agg.locator('thead th')).toHaveText(['customer_id', 'order_count · COUNT(*)', 'total · SUM(amount)', 'counts']);
  await expect(agg.locator('tr[data-key="1"] [data-testid=group-result]')).toHaveText(['2', '15']);
  await expect(agg.locator('tr[data-key="2"] [data-testid=group-result]')).toHaveText(['1', '7']);
  await expect(page.locator('[data-testid=op-state-note][data-kind=GroupAggregate]')).toContainText('One row per group (GROUP BY customer_id): its results so far.');
  // Query 2, LEFT: one update of the aggregation is four rows out of the join.
  await selectQuery(page, 2);
  await goToStep(page, 7, 8);
  await expect(page.locator('.jl-group[data-step="7"]').getByTestId('changelog-row')).toHaveText(['-U[Alicia, 2, 15]', '+I[Alicia, NULL, NULL]', '-D[Alicia, NULL, NULL]', '+I[Alicia, 3, 35]']);
  await expect(page.locator('.jl-group[data-step="7"]').getByTestId('retracts')).toHaveText(['takes back #12 (step 6)', 'takes back #14 (step 7)']);
  await page.screenshot({ path: artifactPath('aggregation', 'join-over-group-by-q2-step-7.png'), fullPage: true });
});

const DD = '26_dedup_versioned_view';

test('deduplication: the versioned view keeps, replaces and ignores; keep-first holds, emits and drops as late', async ({ page }) => {
  await openExample(page, DD);
  await goToStep(page, 4, 9);
  await expect(sentence(page)).toContainText('the deduplication replaces the row kept for currency Euro: [Euro, 114, 2024-01-01 09:00:00.000] → [Euro, 116, 2024-01-01 10:45:00.000]; 2 rows emitted (-U ×1, +U ×1)');
  await openEvents(page);
  await expect(page.locator('.jl-ev-state_insert')).toHaveText([
    'Deduplicate (#0) replaces the row kept for currency Euro: [Euro, 114, 2024-01-01 09:00:00.000] → [Euro, 116, 2024-01-01 10:45:00.000] (it sends -U of the old row, +U of the new one)',
  ]);
  await expect(page.locator('.jl-group[data-step="4"]').getByTestId('retracts')).toHaveText('takes back #2 (step 2)');
  const dedup = stateOf(page, 0);
  await expect(dedup.locator('thead th')).toHaveText(['currency', 'kept row', '']);
  await expect(dedup.locator('tr[data-key="Euro"] [data-testid=state-row]')).toHaveText('[Euro, 116, 2024-01-01 10:45:00.000]');
  await expect(dedup.locator('tr[data-key="Euro"] [data-testid=dedup-note]')).toHaveText('kept');
  await expect(page.locator('[data-testid=op-state-note][data-kind=Deduplicate]')).toContainText('this is the versioned view a temporal join reads');
  // Step 6: Euro's 10:30 rate is older than the kept 11:15 one: ignored, no event of its own.
  await goToStep(page, 6, 9);
  await expect(sentence(page)).toContainText('the deduplication ignores it: its time is older than the row kept for its key');
  await expect(page.getByTestId('silent-op')).toHaveText('Deduplicate (#0) records nothing: it ignores the row (its time is older than the row kept for its key)');
  await expect(page.locator('.jl-group[data-step="6"]')).toHaveCount(0);

  // Query 2 keeps the first row: pending until the watermark passes its time.
  await selectQuery(page, 2);
  await goToStep(page, 3, 9);
  await expect(page.locator('.jl-ev-state_insert')).toHaveText(['Deduplicate (#0) holds [Yen, 1, 2024-01-01 09:00:00.000] as the first row of currency Yen so far: it is emitted when the watermark reaches its time']);
  await expect(stateOf(page, 0).locator('tr[data-key="Yen"] [data-testid=dedup-note]')).toHaveText('pending, emitted when the watermark reaches 2024-01-01 09:00:00.000');
  await goToStep(page, 4, 9);
  await expect(sentence(page)).toContainText('the watermark 10:35:00.000 passed the time of 3 first rows the deduplication held: they are final and emitted');
  await goToStep(page, 6, 9);
  await expect(page.locator('.jl-ev-late_drop')).toHaveText([
    'Deduplicate (#0) drops [Euro, 115, 2024-01-01 10:30:00.000] as late: its time 10:30:00.000 is behind the watermark 11:05:00.000, so the first row of its key is already decided',
  ]);
  await page.getByRole('tab', { name: 'Timeline table' }).click();
  await expect(page.locator('.jl-steps tr.jl-current')).toContainText('✕ late: its time was behind the watermark; dropped by the Deduplicate');
});

const TOPN = `SET 'joinlab.dialect' = 'flink';
CREATE TABLE t (k STRING, name STRING, score INT);
@t a | p1 | 50
@t a | p2 | 70
@t a | p3 | 80
@t a | p4 | 10
@t b | q1 | 5
SELECT * FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY k ORDER BY score DESC) AS rn FROM t) WHERE rn <= 2;
SELECT k, name, score FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY k ORDER BY score DESC) AS rn FROM t) WHERE rn <= 2;
`;

test('a Top-N: which rank each row takes, which row leaves, what it keeps per partition', async ({ page }) => {
  await openPage(page, `./${shareHash({ script: TOPN, dialect: 'flink' })}`);
  // Step 3: p3 (80) takes rank 1; p2 moves down to 2; p1 falls out of the Top-2.
  await goToStep(page, 3, 6);
  await expect(sentence(page)).toContainText('the Top-N of k a: [a, p3, 80] takes rank 1, [a, p2, 70] moves from rank 1 to rank 2, [a, p1, 50] leaves the Top-2');
  await openEvents(page);
  await expect(page.locator('.jl-ev-state_insert')).toHaveText(['Rank (#0) keeps [a, p3, 80] in the Top-2 state of k a (3 rows, ORDER BY score DESC)']);
  await expect(page.locator('.jl-ev-output')).toHaveText([
    'the sink receives -U[a, p2, 70, 1]: [a, p2, 70] gives up rank 1 (it moves to rank 2)',
    'the sink receives +U[a, p3, 80, 1]: [a, p3, 80] takes rank 1',
    'the sink receives -U[a, p1, 50, 2]: [a, p1, 50] gives up rank 2 and leaves the Top-2',
    'the sink receives +U[a, p2, 70, 2]: [a, p2, 70] moves from rank 1 to rank 2',
  ]);
  const rank = stateOf(page, 0);
  await expect(rank.locator('tr[data-testid=rank-row] [data-testid=rank]')).toHaveText(['1', '2', '3']);
  await expect(rank.locator('tr[data-testid=rank-row]').nth(2)).toContainText('kept beyond rank 2: not in the result');
  await expect(page.locator('[data-testid=op-state-note][data-kind=Rank]')).toContainText('sorted by ORDER BY score DESC; ranks 1–2 are in the result');
  await expect(page.getByTestId('state-pane').getByTestId('state-columns')).toHaveText('Rows are [k, name, score].');
  // Step 4: p4 (10) cannot make the Top-2: not kept (a Top-N's own filter, not a WHERE).
  await goToStep(page, 4, 6);
  await expect(page.locator('.jl-ev-filtered')).toHaveText(['Rank (#0): [a, p4, 10] does not make the Top-2 of k a (ORDER BY score DESC): not kept']);
  await expect(sentence(page)).toContainText('[a, p4, 10] does not make the Top-2 of k a: not kept');
  await expect(sentence(page)).not.toContainText('WHERE');
  // Without the row number: rows enter and leave (-D / +I).
  await selectQuery(page, 2);
  await goToStep(page, 3, 6);
  await expect(sentence(page)).toContainText('[a, p3, 80] enters the Top-2, [a, p1, 50] leaves the Top-2');
  await expect(page.locator('.jl-ev-output')).toHaveText(['the sink receives -D[a, p1, 50]: [a, p1, 50] leaves the Top-2', 'the sink receives +I[a, p3, 80]: [a, p3, 80] enters the Top-2']);
});

const WINDOWED = `SET 'joinlab.dialect' = 'flink';
SET 'table.local-time-zone' = 'UTC';
CREATE TABLE t (k STRING, item STRING, price INT, ts TIMESTAMP(3), WATERMARK FOR ts AS ts);
@t a | i1 | 10 | 2024-01-01 00:00:01
@t b | i2 | 30 | 2024-01-01 00:00:02
@t a | i3 | 20 | 2024-01-01 00:00:03
@t a | i4 | 5  | 2024-01-01 00:00:12
@t b | i5 | 40 | 2024-01-01 00:00:06
SELECT k, item, price, rn FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY window_start, window_end ORDER BY price DESC) AS rn
  FROM TABLE(TUMBLE(TABLE t, DESCRIPTOR(ts), INTERVAL '10' SECOND))) WHERE rn <= 2;
SELECT k, item, window_start FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY window_start, window_end, k ORDER BY ts ASC) AS rn
  FROM TABLE(TUMBLE(TABLE t, DESCRIPTOR(ts), INTERVAL '10' SECOND))) WHERE rn = 1;
`;

test('window Top-N and window deduplication: buffered per window, fired on their lane, late rows dropped', async ({ page }) => {
  await openPage(page, `./${shareHash({ script: WINDOWED, dialect: 'flink' })}`);
  await goToStep(page, 3, 6);
  await expect(marks(page)).toContainText(['open: WindowRank on t: window [00:00, 00:00:10) 3 rows in']);
  const wr = page.getByTestId('state-pane').locator('table.jl-window-rank-state');
  await expect(wr.locator('tr[data-testid=state-window][data-side=buffer] [data-testid=state-row]')).toHaveCount(3);
  await expect(page.locator('[data-testid=op-state-note][data-kind=WindowRank]')).toContainText('Per window, ordered by price DESC: rows wait in a buffer; when the watermark passes the end of a buffered window they are sorted');
  // Step 4: the watermark (00:00:12) passes [00:00, 00:10): ranks 1 and 2 come out, once.
  await goToStep(page, 4, 6);
  await expect(sentence(page)).toContainText('the window Top-N fired window [00:00:00.000, 00:00:10.000) at watermark 00:00:12.000: rank 1 [b, i2, 30, …], rank 2 [a, i3, 20, …]');
  await expect(marks(page).filter({ hasText: 'fired: WindowRank' })).toHaveText([/^fired: WindowRank on t: window \[00:00, 00:00:10\) fired at step 4 \(watermark 00:00:12.000\): rank 1 \[b, i2, 30, .*\], rank 2 \[a, i3, 20, .*\]$/]);
  await openEvents(page);
  await expect(page.locator('.jl-ev-window_fire')).toHaveText([/^WindowRank \(#\d+\) fires window \[00:00, 00:00:10\) at watermark 00:00:12.000: 3 candidate rows ranked by price DESC; ranks 1–2 come out$/]);
  await expect(page.locator('.jl-ev-emit')).toHaveText([/: rank 1$/, /: rank 2$/]);
  // Step 5: i5 (00:06) is late for the window that fired.
  await goToStep(page, 5, 6);
  await expect(page.locator('.jl-ev-late_drop')).toHaveText([/^WindowRank \(#\d+\) drops \[b, i5, 40, .*\] as late: window \[00:00, 00:00:10\) had fired \(watermark 00:00:12.000\)$/]);

  await selectQuery(page, 2);
  await goToStep(page, 4, 6);
  await expect(page.locator('.jl-ev-window_fire')).toHaveText([
    /^WindowDeduplicate \(#\d+\) fires window \[00:00, 00:00:10\) of k a at watermark 00:00:12.000: it emits the first row by ts \[a, i1, .*\]$/,
    /^WindowDeduplicate \(#\d+\) fires window \[00:00, 00:00:10\) of k b at watermark 00:00:12.000: it emits the first row by ts \[b, i2, .*\]$/,
  ]);
  await expect(marks(page).filter({ hasText: 'fired: WindowDeduplicate' })).toHaveCount(1);
  await expect(page.locator('[data-testid=op-state-note][data-kind=WindowDeduplicate]')).toContainText('each window keeps its first row by ts');
  // The watermark's flush moved i4 (window [00:10, 00:20)) from the buffer into the window's kept row.
  await expect(page.getByTestId('state-pane').locator('tr[data-testid=state-window][data-key="a"]')).toContainText('kept (emitted when the window fires)');
});

test('badges: every new operator in the plan says whether it is updating or append-only, and why', async ({ page }) => {
  const check = async (kind: string, badge: string) => {
    const li = page.locator(`.jl-plan li[data-kind="${kind}"]`).first();
    await expect(li.locator(':scope > [data-testid=mode-badge]')).toHaveText(badge);
    await expect(li.locator(':scope > [data-testid=mode-reason]')).toContainText(badge === 'updating' ? 'Updating:' : 'Append-only:');
  };
  await openExample(page, WJ);
  await page.getByRole('tab', { name: 'Plan' }).click();
  await check('WindowAggregate', 'append-only');
  await check('WindowJoin', 'append-only');
  await openExample(page, GB);
  await page.getByRole('tab', { name: 'Plan' }).click();
  await check('GroupAggregate', 'updating');
  await check('Join', 'updating');
  await expect(page.locator('.jl-plan li[data-kind="GroupAggregate"] > [data-testid=mode-reason]')).toContainText('it retracts the old result (-U) and sends the new one (+U)');
  await openExample(page, DD);
  await page.getByRole('tab', { name: 'Plan' }).click();
  await check('Deduplicate', 'updating');
  await selectQuery(page, 2);
  await check('Deduplicate', 'append-only');
  await openPage(page, `./${shareHash({ script: TOPN, dialect: 'flink' })}`);
  await page.getByRole('tab', { name: 'Plan' }).click();
  await check('Rank', 'updating');
  await openPage(page, `./${shareHash({ script: WINDOWED, dialect: 'flink' })}`);
  await page.getByRole('tab', { name: 'Plan' }).click();
  await check('WindowRank', 'append-only');
  await selectQuery(page, 2);
  await check('WindowDeduplicate', 'append-only');
  // The state pane and the result carry the same badges.
  await page.getByRole('tab', { name: 'State' }).click();
  await expect(page.getByTestId('state-summary').locator('tr.jl-state-line').getByTestId('mode-badge')).toHaveText(['append-only']);
  await expect(page.getByTestId('changelog-mode').getByTestId('mode-badge')).toHaveText('append-only');
  await expect(page.getByTestId('changelog-updating')).toBeHidden();
});

for (const name of [WJ, GB, DD]) {
  test(`every step of ${name} draws without pane failures or console errors`, async ({ page }) => {
    const problems = watch(page);
    await openExample(page, name);
    await openEvents(page);
    const querySelect = page.getByLabel('Query to step through');
    const queries = (await querySelect.isVisible()) ? await querySelect.locator('option').count() : 1;
    for (let q = 1; q <= queries; q++) {
      if (queries > 1) await selectQuery(page, q);
      const total = Number(/\/(\d+)/.exec((await counter(page).textContent()) ?? '')?.[1] ?? 0);
      expect(total).toBeGreaterThan(0);
      for (let s = 1; s <= total; s++) {
        await goToStep(page, s, total);
        await expect(sentence(page)).not.toBeEmpty();
        // The state of the step (drawn when the engine answers) and the events.
        await expect(page.getByTestId('state-pane').getByText('Loading the rows…')).toHaveCount(0);
        expect(await page.locator('.jl-events li').count()).toBeGreaterThan(0);
      }
      for (const tab of ['Data', 'Timeline table', 'Plan', 'State']) await page.getByRole('tab', { name: tab }).click();
    }
    await expect(page.locator('[data-failed], .jl-pane-error')).toHaveCount(0);
    expect(problems).toEqual([]);
  });
}
