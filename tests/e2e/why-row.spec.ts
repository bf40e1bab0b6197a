// "Why this row?" (issue 19, panes/why-row.ts): for the row of the step shown, the page asks the
// exporter's worker for `joinlab explain-row` and shows its answer with links to the steps it
// names. The answers themselves are derived by hand in crates/engine/tests/explain_row.rs; here the
// page must show, for a row of each join kind's gallery example, exactly what the native CLI says,
// load the answering module only when asked, and keep the answer while its links are followed.

import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { EXAMPLES_DIR, exampleScript, openPage, ROOT, settled, shareHash } from './helpers';

const target = process.env.CARGO_TARGET_DIR ? path.resolve(ROOT, process.env.CARGO_TARGET_DIR) : path.join(ROOT, 'target');
const cli = path.join(target, 'debug/joinlab');

test.beforeAll(() => {
  if (!existsSync(cli)) execFileSync('cargo', ['build', '-q', '-p', 'joinlab-cli'], { cwd: ROOT, stdio: 'inherit' });
});

/** The native CLI's answer for `row` of query `query` of `file` (its question line and sentence). */
function native(file: string, query: number, row: string, dialect: string): { question: string; answer: string } {
  const r = spawnSync(cli, ['explain-row', file, '--query', String(query), '--row', row, '--dialect', dialect], { encoding: 'utf8' });
  expect(r.status, r.stderr).toBe(0);
  const [, question, answer] = r.stdout.split('\n');
  return { question, answer };
}

/** Opens `script` at step `step` and asks why. */
async function ask(page: Page, script: string, step: number, query = 1): Promise<void> {
  await openPage(page, `./${shareHash({ script, query, step })}`);
  await settled(page);
  await expect(page.locator('.jl-counter')).toHaveText(new RegExp(`^step ${step}/`));
  await page.getByTestId('why-row').click();
  await expect(page.getByTestId('why-text')).toBeVisible({ timeout: 30_000 });
}

// One row per join kind, from the gallery: the example and what its answer starts with (the
// first row of its query whose native answer does is asked on the page).
const CASES: [string, RegExp, number?][] = [
  ['09_late_rows', /^It arrived late: its window/], // window join: a late row
  ['03_semi_in', /^It is a row of the right side of a semi join/], // window semi join
  ['12_regular_join_kinds', /^No row of the/], // regular join
  ['14_state_ttl', /^It left the join's state at step \d+ \(state TTL/, 2], // state TTL (query 2)
  ['21_interval_orders_shipments', /^Outside the interval bounds/], // interval join
  ['28_temporal_delete_reinsert', /^When the join's watermark reached its time/], // event-time temporal join
  ['33_unnest_left_empty_null', /^Its collection is/], // UNNEST
  ['42_lookup_join_customers', /lookup/], // lookup join
  ['11_ptf_sensor_fusion_tutorial', /^At step \d+ SensorFusionPtf's call for it/], // process table function
];

/** The first row step of `file`'s query `query` whose native answer matches `want`, with its `TABLE#K`. */
function firstRow(file: string, want: RegExp, query: number): { step: number; row: string; question: string; answer: string } {
  const trace = JSON.parse(execFileSync(cli, ['run', file, '--format', 'trace-json'], { encoding: 'utf8', maxBuffer: 1 << 28 }));
  const seen = new Map<string, number>();
  for (const s of trace.queries[query - 1].steps) {
    if (s.kind !== 'row') continue;
    const k = (seen.get(s.table) ?? 0) + 1;
    seen.set(s.table, k);
    const row = `${s.table}#${k}`;
    const a = native(file, query, row, 'confluent');
    if (want.test(a.answer)) return { step: s.index, row, ...a };
  }
  throw new Error(`${file}: no row's answer matches ${want}`);
}

test("Why this row? shows the engine's answer for a row of each join kind", async ({ page }) => {
  test.setTimeout(240_000);
  for (const [name, want, query = 1] of CASES) {
    const file = path.join(EXAMPLES_DIR, `${name}.sql`);
    const { step, row, question, answer } = firstRow(file, want, query);
    await ask(page, exampleScript(readFileSync(file, 'utf8')), step, query);
    await expect(page.getByTestId('why-answer')).toContainText(`${row} (step ${step}): ${question}`);
    await expect(page.getByTestId('why-text'), `${name} ${row}`).toHaveText(answer);
  }
});

test('the answer is fetched on demand, names its steps as links, and stays while they are followed', async ({ page }) => {
  const seen: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('.wasm')) seen.push(path.basename(new URL(r.url()).pathname));
  });
  // tests/explain/regular_join.sql: Orders#2 (a pear) at step 3; no product is a pear
  const script = readFileSync(path.join(ROOT, 'tests/explain/regular_join.sql'), 'utf8');
  await openPage(page, `./${shareHash({ script, dialect: 'flink', step: 3 })}`);
  await settled(page);
  expect(seen.some((f) => f.startsWith('joinlab-export-')), 'not fetched before the question').toBe(false);
  await page.getByTestId('why-row').click();
  await expect(page.getByTestId('why-text')).toHaveText('No row of the right side (Products) with key [pear] ever arrived.');
  expect(seen.filter((f) => f.startsWith('joinlab-export-'))).toHaveLength(1);
  // Orders#4 (step 5): joined, then the WHERE above the join rejected it; its link goes to step 5
  await openPage(page, `./${shareHash({ script, dialect: 'flink', step: 5 })}`);
  await settled(page);
  await page.getByTestId('why-row').click();
  await expect(page.getByTestId('why-answer')).toContainText('Orders#4 (step 5): Why is it not in the result?');
  await expect(page.getByTestId('why-text')).toHaveText('It joined at step 5, but the condition (amount > 0) above the join rejected the joined row.');
  // a step link moves the step; the answer stays
  await page.keyboard.press('Home');
  await settled(page);
  await expect(page.locator('.jl-counter')).toHaveText(/^step 1\//);
  await page.getByTestId('why-answer').locator('button', { hasText: 'step 5' }).click();
  await settled(page);
  await expect(page.locator('.jl-counter')).toHaveText(/^step 5\//);
  await expect(page.getByTestId('why-text')).toContainText('It joined at step 5');
  // a step that is no row (the end of input) offers no question
  await page.keyboard.press('End');
  await settled(page);
  await expect(page.getByTestId('why-row')).toBeHidden();
});

test('two rows: the page asks about the row shown and a row of another table', async ({ page }) => {
  // tests/explain/regular_join.sql: Orders#2 (a pear, step 3) and Products#1 (an apple): different
  // keys (crates/engine/tests/explain_row.rs derives the sentence by hand)
  const file = path.join(ROOT, 'tests/explain/regular_join.sql');
  const script = readFileSync(file, 'utf8');
  await openPage(page, `./${shareHash({ script, dialect: 'flink', step: 3 })}`);
  await settled(page);
  const pick = page.getByTestId('why-with');
  await expect(pick.locator('option')).not.toHaveCount(1);
  // only the other table's rows are offered
  expect(await pick.locator('optgroup').evaluateAll((g) => g.map((x) => (x as HTMLOptGroupElement).label))).toEqual(['Products']);
  await pick.selectOption('Products#1');
  await expect(page.getByTestId('why-text')).toHaveText('Different join keys: Orders#2 has key [pear] and Products#1 has key [apple]; rows join only with rows of their own key.');
  const r = spawnSync(cli, ['explain-row', file, '--row', 'Orders#2', '--with', 'Products#1', '--dialect', 'flink'], { encoding: 'utf8' });
  expect(r.status, r.stderr).toBe(0);
  const lines = r.stdout.split('\n');
  await expect(page.getByTestId('why-answer')).toContainText(`Orders#2 (step 3) and Products#1 (step `);
  await expect(page.getByTestId('why-answer')).toContainText(lines[2]);
  await expect(page.getByTestId('why-text')).toHaveText(lines[3]);
  // the answer's steps are links
  await expect(page.getByTestId('why-answer').locator('button', { hasText: 'step 3' })).toBeVisible();
});
