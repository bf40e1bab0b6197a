// Regular and multi-way joins on the page (issue 4): the state pane (rows per key and side, match
// counts of outer sides, sizes over the steps, the queries of a script side by side), retractions
// paired with the rows that replace them, updating / append-only badges, the simulated
// processing-time clock and state TTL, and the planner's notes. Expectations are derived by hand
// from the gallery examples' data (their changelogs are checked against Flink in gallery.spec.ts).

import { expect, type Page, test } from '@playwright/test';
import { artifactPath, openExample, openPage, settled, shareHash } from './helpers';

const counter = (page: Page) => page.locator('.jl-counter');
const editorText = (page: Page) => page.evaluate(() => document.querySelector('.cm-content')?.textContent ?? '');

async function goToStep(page: Page, step: number, total: number): Promise<void> {
  await page.getByTestId('step-slider').fill(String(step));
  await expect(counter(page)).toHaveText(step > total - 1 ? new RegExp(`${step}/${total}$`) : `step ${step}/${total}`);
  await settled(page);
}

async function selectQuery(page: Page, i: number): Promise<void> {
  await page.getByLabel('Query to step through').selectOption(String(i - 1));
  await settled(page);
}

test('the state pane shows rows per key and side with their match counts', async ({ page }) => {
  await openExample(page, '12_regular_join_kinds');
  await selectQuery(page, 4); // FULL OUTER
  // Step 7: order 4 (product 30) arrives; nothing matches it.
  await goToStep(page, 7, 9);
  const pane = page.getByTestId('state-pane');
  const table = pane.locator('table.jl-state-table');
  await expect(table.locator('thead th')).toHaveText(['key', 'left · orders', 'right · Product']);
  // Key 10: both orders matched by Apple (one product each), Apple matched by both orders.
  const k10 = table.locator('tr[data-key="10"]');
  await expect(k10.locator('td[data-side=left] [data-testid=state-row]')).toHaveText(['[1, 10, 2] matches: 1', '[2, 10, 7] matches: 1']);
  await expect(k10.locator('td[data-side=right] [data-testid=state-row]')).toHaveText(['[10, Apple] matches: 2']);
  // Key 30 (order 4) and key 40 (Kiwi) have no partner: matches 0, out padded with NULLs.
  await expect(table.locator('tr[data-key="30"] td[data-side=left]')).toContainText('[4, 30, 5] matches: 0 padded with NULLs');
  await expect(table.locator('tr[data-key="40"] td[data-side=right]')).toContainText('[40, Kiwi] matches: 0 padded with NULLs');
  await expect(table.locator('.jl-note-padded')).toHaveCount(2);
  // Sizes: the Join holds 7 rows now (4 orders, 3 products); its peak is 8, reached at step 8.
  const line = pane.getByTestId('state-summary').locator('tr.jl-state-line');
  await expect(line.locator('th')).toContainText('Join');
  await expect(line.locator('td').nth(0)).toHaveText('7');
  await expect(line.locator('td').nth(1)).toHaveText('8 (step 8)');
  await expect(line.locator('svg.jl-spark')).toHaveCount(1);
  await page.screenshot({ path: artifactPath('regular-joins', 'state-match-counts.png'), fullPage: true });

  // The INNER join keeps no match counts (no side is padded).
  await selectQuery(page, 1);
  await goToStep(page, 7, 9);
  await expect(pane.locator('table.jl-state-table [data-testid=state-row]').first()).toBeVisible();
  await expect(pane.getByTestId('row-note')).toHaveCount(0);
});

test('a multi-way join holds less state than the chain of binary joins', async ({ page }) => {
  await openExample(page, '15_three_way_multi_join');
  const pane = page.getByTestId('state-pane');
  const compare = pane.getByTestId('state-compare');
  await expect(compare).toBeVisible();
  // Query 1: Join(Join(Orders, Payments), Shipments) keeps the 5 order-payment pairs too.
  const q1 = compare.locator('tr[data-query="1"]');
  const q2 = compare.locator('tr[data-query="2"]');
  await expect(q1.locator('td').nth(0)).toHaveText('2 × Join');
  await expect(q2.locator('td').nth(0)).toHaveText('MultiJoin');
  await expect(q1.locator('td.jl-state-peak')).toHaveText('16');
  await expect(q2.locator('td.jl-state-peak')).toHaveText('11');
  // The totals move with the step: after step 7 (all payments in), 7 + 5 rows vs 7.
  await goToStep(page, 7, 12);
  await expect(q1.locator('td').nth(1)).toHaveText('12');
  await expect(q2.locator('td').nth(1)).toHaveText('7');
  // Query 1 has two Join operators and a total line.
  const summary = pane.getByTestId('state-summary');
  await expect(summary.locator('tr.jl-state-line th')).toHaveText([/Join \(operator 0\)/, /Join \(operator 1\)/]);
  await expect(summary.locator('tr.jl-state-total td').first()).toHaveText('12');
  // The upper join's left side holds Orders ⋈ Payments rows, one copy counted twice.
  const upper = pane.locator('table.jl-state-table[data-op="0"]');
  await expect(upper.locator('thead th').nth(1)).toHaveText('left · Orders ⋈ Payments');
  await expect(upper.locator('tr[data-key="1"] td[data-side=left] [data-testid=state-row]')).toHaveText(['[1, Ada, 30] ×2', '[1, Ada, 40]']);
  await page.screenshot({ path: artifactPath('regular-joins', 'binary-chain-state.png'), fullPage: true });

  // Query 2 (picked from the comparison): one MultiJoin, one column per input table.
  await compare.getByRole('button', { name: 'query 2' }).click();
  await expect(page.getByLabel('Query to step through')).toHaveValue('1');
  await expect(counter(page)).toHaveText('step 7/12');
  const multi = pane.locator('table.jl-state-table');
  await expect(multi.locator('thead th')).toHaveText(['key', 'Orders', 'Payments', 'Shipments']);
  await expect(multi.locator('tr[data-key="2"] td[data-side=Payments] [data-testid=state-row]')).toHaveText(['[2, 100]', '[2, 25]']);
  await expect(summary.locator('tr.jl-state-line th')).toHaveText([/MultiJoin/]);
  await expect(summary.locator('tr.jl-state-line td').nth(1)).toHaveText('11 (step 11)');
  await page.screenshot({ path: artifactPath('regular-joins', 'multi-join-state.png'), fullPage: true });
});

test('retractions are paired with the rows that replace them, and linked to their input rows', async ({ page }) => {
  await openExample(page, '12_regular_join_kinds');
  await selectQuery(page, 2); // LEFT
  // Step 3: Apple arrives; both waiting orders lose their NULL padding.
  await goToStep(page, 3, 9);
  const group = page.locator('.jl-group[data-step="3"]');
  const pairs = group.getByTestId('changelog-pair');
  await expect(pairs).toHaveCount(2);
  await expect(pairs.nth(0).getByTestId('changelog-row')).toHaveText(['-D[1, 2, NULL, NULL]', '+I[1, 2, 10, Apple]']);
  await expect(pairs.nth(1).getByTestId('changelog-row')).toHaveText(['-D[2, 7, NULL, NULL]', '+I[2, 7, 10, Apple]']);
  await expect(pairs.nth(0)).toHaveAttribute('data-pair', 'matched');
  const why = pairs.nth(0).getByTestId('pair-why');
  await expect(why).toContainText('Product +I[10, Apple] matches orders +I[1, 10, 2] (step 1): the row padded with NULLs is retracted (-D) and replaced by the joined row (+I).');
  // Hovering one row of a pair lights up the other.
  await pairs.nth(0).getByTestId('changelog-row').first().hover();
  await expect(pairs.nth(0).getByTestId('changelog-row').nth(1)).toHaveClass(/jl-partner-hover/);
  await page.screenshot({ path: artifactPath('regular-joins', 'paired-retractions.png'), fullPage: true });
  // The link goes to the input row the retracted row was made of.
  await why.getByRole('button', { name: 'orders +I[1, 10, 2] (step 1)' }).click();
  await expect(counter(page)).toHaveText('step 1/9');

  // Updates and deletes of an upsert table.
  await openExample(page, '13_upsert_updates_deletes');
  await goToStep(page, 5, 9);
  const g5 = page.locator('.jl-group[data-step="5"]');
  await expect(g5.getByTestId('changelog-pair')).toHaveCount(2);
  await expect(g5.getByTestId('changelog-pair').nth(0)).toHaveAttribute('data-pair', 'unmatched');
  await expect(g5.getByTestId('changelog-pair').nth(0).getByTestId('changelog-row')).toHaveText(['-U[1, 2, 10, Apple]', '+I[1, 2, NULL, NULL]']);
  await expect(g5.getByTestId('changelog-pair').nth(0).getByTestId('pair-why')).toContainText(
    'Product +U[10, Green Apple] takes away Product +I[10, Apple] (step 2), the match of orders +I[1, 10, 2] (step 1): the joined row is retracted (-U) and the row is padded with NULLs again (+I).',
  );
  await expect(g5.getByTestId('changelog-pair').nth(1)).toHaveAttribute('data-pair', 'matched');
  await expect(g5.getByTestId('changelog-pair').nth(1).getByTestId('changelog-row')).toHaveText(['-D[1, 2, NULL, NULL]', '+I[1, 2, 10, Green Apple]']);
  // The delete of Pear: order 2 padded again; the step says why state shrank.
  await goToStep(page, 6, 9);
  const g6 = page.locator('.jl-group[data-step="6"]');
  await expect(g6.getByTestId('changelog-pair').getByTestId('changelog-row')).toHaveText(['-D[2, 1, 20, Pear]', '+I[2, 1, NULL, NULL]']);
  await expect(page.getByTestId('step-why')).toContainText("1 row left the Join's state (right side, key 20): retracted by -D.");
  // ChangelogNormalize's own output: -U/+U.
  await selectQuery(page, 2);
  await goToStep(page, 5, 9);
  const upd = page.locator('.jl-group[data-step="5"]').getByTestId('changelog-pair');
  await expect(upd).toHaveAttribute('data-pair', 'update');
  await expect(upd.getByTestId('changelog-row')).toHaveText(['-U[10, Apple]', '+U[10, Green Apple]']);
  await expect(upd.getByTestId('pair-why')).toContainText('Product +U[10, Green Apple] updates Product +I[10, Apple] (step 2): -U retracts the old row, +U adds the new one.');
});

test('operators and results say whether they are updating or append-only', async ({ page }) => {
  await openExample(page, '12_regular_join_kinds');
  const resultBadge = page.locator('.jl-card h3', { hasText: 'Result table' }).getByTestId('mode-badge');
  const stateBadge = page.getByTestId('state-summary').locator('tr.jl-state-line').getByTestId('mode-badge');
  // INNER: append-only.
  await expect(resultBadge).toHaveText('append-only');
  await expect(stateBadge).toHaveText('append-only');
  // LEFT: updating (it retracts its NULL-padded rows).
  await selectQuery(page, 2);
  await expect(resultBadge).toHaveText('updating');
  await expect(stateBadge).toHaveText('updating');
  // The plan lists every operator with its badge: the sources are append-only.
  await page.getByRole('tab', { name: 'Plan' }).click();
  const ops = page.getByTestId('operators');
  await expect(ops.locator('li[data-op="0"] > [data-testid=mode-badge]')).toHaveText('updating');
  await expect(ops.locator('li[data-op="1"] > [data-testid=mode-badge]')).toHaveText('append-only');
  await expect(ops.locator('li[data-op="1"]')).toContainText('TableSourceScan');

  // An upsert source is updating, and so is its ChangelogNormalize.
  await openExample(page, '13_upsert_updates_deletes');
  await page.getByRole('tab', { name: 'Plan' }).click();
  const cn = page.getByTestId('operators').locator('li', { has: page.locator(':scope > .jl-op-kind', { hasText: 'ChangelogNormalize' }) });
  await expect(cn.locator(':scope > [data-testid=mode-badge]')).toHaveText('updating');
  await page.getByRole('tab', { name: 'State' }).click();
  await expect(page.getByTestId('state-summary').locator('tr.jl-state-line', { hasText: 'ChangelogNormalize' }).getByTestId('mode-badge')).toHaveText('updating');
  await page.screenshot({ path: artifactPath('regular-joins', 'badges.png'), fullPage: true });
});

test('the processing-time clock is shown, set in Settings, and state TTL says why rows leave', async ({ page }) => {
  await openExample(page, '14_state_ttl');
  const clock = page.getByTestId('proc-time');
  // 1 s per step from 2024-01-01 00:00:00 UTC.
  await expect(clock).toHaveText('processing time 00:00:01');
  await goToStep(page, 5, 10);
  await expect(clock).toHaveText('processing time 00:00:05');
  await expect(clock).toHaveAttribute('title', /SET 'joinlab\.proctime-step' = '1 s'/);
  // Query 1 has no TTL: nothing leaves; query 2 (TTL 5 s) drops order 1 at step 6 (written at 00:00:01).
  await goToStep(page, 6, 10);
  await expect(page.getByTestId('step-why')).toBeHidden();
  await selectQuery(page, 2);
  await goToStep(page, 6, 10);
  const why = page.getByTestId('step-why');
  await expect(why).toContainText("State TTL: 1 row left the Join's state (left side, key 10): not written since 2024-01-01 00:00:01.000 (processing time), TTL 5 s.");
  await expect(page.getByTestId('state-freed')).toContainText('Join: 1 row left (left, key 10) — state TTL');
  await page.screenshot({ path: artifactPath('regular-joins', 'state-ttl.png'), fullPage: true });
  // So product 10 (step 8) finds no order: query 2 emits nothing there, query 1 does.
  await goToStep(page, 8, 10);
  await expect(page.locator('.jl-group[data-step="8"]')).toHaveCount(0);
  await expect(page.getByTestId('state-compare').locator('tr[data-query="2"] td').nth(1)).toHaveText('5');
  await expect(page.getByTestId('state-compare').locator('tr[data-query="1"] td').nth(1)).toHaveText('8');

  // Settings: the clock's step and the TTL are SET statements (for the query shown).
  const proc = page.getByLabel('Processing time', { exact: true });
  const ttl = page.getByLabel('State TTL', { exact: true });
  await expect(proc).toHaveValue('1 s');
  await expect(ttl).toHaveValue('5 s');
  await proc.fill('2 s');
  await proc.press('Enter');
  expect(await editorText(page)).toContain("SET 'joinlab.proctime-step' = '2 s';");
  await expect(page.getByTestId('step-sentence')).toContainText('arrived');
  await goToStep(page, 1, 10);
  await expect(clock).toHaveText('processing time 00:00:02');
  // At 2 s per step, order 1 (written at 00:00:02) has left by step 4 (00:00:08 - 00:00:02 ≥ 5 s).
  await goToStep(page, 4, 10);
  await expect(why).toContainText('not written since 2024-01-01 00:00:02.000 (processing time), TTL 5 s');
  await ttl.fill('1 min');
  await ttl.press('Enter');
  expect(await editorText(page)).toContain("SET 'sql.state-ttl' = '1 min';");
  await expect(ttl).toHaveValue('1 min');
  await goToStep(page, 8, 10);
  await expect(page.locator('.jl-group[data-step="8"]').getByTestId('changelog-row')).toHaveText(['+I[1, 10, Apple]']);
  // event-time: the clock follows the data (here, no event time: it stays at the start).
  await proc.fill('event-time');
  await proc.press('Enter');
  expect(await editorText(page)).toContain("SET 'joinlab.proctime-step' = 'event-time';");
  await expect(clock).toHaveText('processing time 00:00:00');
});

test("the planner's notes are shown next to the query", async ({ page }) => {
  const script = [
    "SET 'joinlab.dialect' = 'flink';",
    'CREATE TABLE L (row_time TIMESTAMP(3), num INT, id STRING, WATERMARK FOR row_time AS row_time);',
    'CREATE TABLE R (row_time TIMESTAMP(3), num INT, id STRING, WATERMARK FOR row_time AS row_time);',
    "INSERT INTO L VALUES (TIMESTAMP '2024-01-01 12:01:00', 1, 'L1');",
    "INSERT INTO R VALUES (TIMESTAMP '2024-01-01 12:02:00', 1, 'R1');",
    'SELECT L.id, R.id',
    "FROM (SELECT * FROM TABLE(TUMBLE(TABLE L, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) L",
    "JOIN (SELECT * FROM TABLE(TUMBLE(TABLE R, DESCRIPTOR(row_time), INTERVAL '10' MINUTES))) R",
    'ON L.num = R.num AND L.window_start = R.window_start AND L.window_end = R.window_end;',
  ].join('\n');
  await openPage(page, `./${shareHash({ script })}`);
  const notes = page.getByTestId('query-notes');
  await expect(notes).toBeVisible();
  await expect(notes).toContainText('not a window join because the two inputs use different windows');
  await expect(notes).toContainText('Flink runs it as a regular INNER join');
  await expect(page.getByTestId('step-sentence')).toContainText('arrived');
  await page.screenshot({ path: artifactPath('regular-joins', 'fallback-note.png'), fullPage: true });

  // A multi-way join that cannot use one common key says so.
  const multi = [
    "SET 'joinlab.dialect' = 'flink';",
    'CREATE TABLE a (id INT, x INT);',
    'CREATE TABLE b (id INT, x INT);',
    'CREATE TABLE c (id INT, x INT);',
    'INSERT INTO a VALUES (1, 10);',
    'INSERT INTO b VALUES (1, 10);',
    'INSERT INTO c VALUES (1, 10);',
    'SELECT /*+ MULTI_JOIN(a, b, c) */ a.id, b.id, c.id FROM a JOIN b ON a.id = b.id JOIN c ON b.x = c.x;',
  ].join('\n');
  await openPage(page, `./${shareHash({ script: multi })}`);
  await expect(page.getByTestId('query-notes')).toContainText('no common join key');
});

test('a cross join: rejected in the Confluent dialect at its line, run in the Flink dialect', async ({ page }) => {
  await openExample(page, '16_cross_join_rejected');
  // Query 1 (CROSS JOIN) is rejected where the second table is named: script line 18, column 26.
  await expect(page.getByTestId('error')).toContainText('Line 18, column 26: a cross join (no join condition) is not supported');
  // (The engine's range for this error currently ends one column late, on the ';'.)
  await expect(page.locator('.cm-line').nth(17).locator('.cm-lintRange-error')).toHaveText(/^Product p;?$/);
  await expect(page.locator('.jl-not-run')).toContainText('Query 1 did not run');
  // Query 2 (an equi-join) runs.
  await selectQuery(page, 2);
  await page.getByTestId('step-last').click();
  await expect(page.getByTestId('changelog-row')).toHaveText(['+I[1, Apple]', '+I[2, Pear]']);
  // Apache Flink runs the cross join: every order with every product.
  await page.getByLabel('Dialect').selectOption('flink');
  await expect(page.getByTestId('error')).toBeHidden();
  await selectQuery(page, 1);
  await page.getByTestId('step-last').click();
  await expect(page.getByTestId('result-table').locator('tbody tr[data-row]')).toHaveCount(4);
});

test('a WHERE above a join filters the joined row, not the input row that caused it', async ({ page }) => {
  // SEMANTICS.md §1: the join stores every input row; a WHERE over its output drops joined rows.
  // A WHERE on the table alone (no join) drops the input row itself.
  const script = [
    "SET 'joinlab.dialect' = 'flink';",
    'CREATE TABLE orders (order_id INT, product_id INT);',
    'CREATE TABLE Product (id INT, name STRING);',
    '@orders 1 | 20',
    "@Product 20 | 'Pear'",
    "SELECT o.order_id, p.name FROM orders o JOIN Product p ON o.product_id = p.id WHERE p.name <> 'Pear';",
    "SELECT id FROM Product WHERE name <> 'Pear';",
  ].join('\n');
  await openPage(page, `./${shareHash({ script })}`);
  const notes = async () =>
    page.getByTestId('data-pane').locator('section[data-table="Product"] tbody tr').evaluateAll((trs) => trs.map((tr) => tr.lastElementChild?.textContent ?? ''));
  await page.getByRole('tab', { name: 'Data' }).click();
  expect(await notes()).toEqual(['']);
  await selectQuery(page, 2);
  await page.getByRole('tab', { name: 'Data' }).click();
  await expect.poll(notes).toEqual(['dropped: filtered out']);
});
