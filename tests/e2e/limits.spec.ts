// The engine's limits in the page (issue 17; crates/engine/src/limits.rs): a run that crosses one
// stops at that step with the limit's message, and the steps before it can still be stepped
// through; the deepest statements the limits allow run in the shipped wasm without a trap (its
// 8 MiB stack, .cargo/config.toml); a script over its byte limit is refused at the line where
// the limit falls. Expected counts are derived by hand from each script.

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { counter, openPage, ROOT, shareHash } from './helpers';

const rows = (n: number) => Array.from({ length: n }, (_, i) => `(${i + 1})`).join(', ');

test('a cross join past its emitted-rows limit stops at the crossing step, the steps before it stand', async ({ page }) => {
  // a: 10 rows, then b: 10 rows; each b row joins all 10 a rows: b's 4th row (step 14) would
  // bring the changelog past 30 rows
  const script = [
    "SET 'joinlab.dialect' = 'flink';",
    "SET 'joinlab.limit.emitted-rows' = '30';",
    'CREATE TABLE a (x INT);',
    'CREATE TABLE b (y INT);',
    `INSERT INTO a VALUES ${rows(10)};`,
    `INSERT INTO b VALUES ${rows(10)};`,
    'SELECT * FROM a, b;',
  ].join('\n');
  await openPage(page, `./${shareHash({ script })}`);
  const notRun = page.locator('.jl-not-run');
  await expect(notRun).toHaveText(
    "Stopped at step 14: this query would emit more than 30 rows (the limit 'joinlab.limit.emitted-rows' is 30); SET 'joinlab.limit.emitted-rows' = '300' raises the limit (the default keeps a browser tab within about 2 GB)",
  );
  await expect(page.getByTestId('error')).toContainText('query 1 stopped at step 14 (a JoinLab limit)');
  // the 13 steps before it are there to step through
  await expect(counter(page)).toContainText('/13');
  await page.getByTestId('step-last').click();
  await expect(page.getByTestId('changelog-row')).toHaveCount(30);
});

test('the deepest statements the limits allow run in the page without a trap', async ({ page }) => {
  // 999 chained additions under the highest expression depth, and 95 parentheses under the
  // highest nesting depth (the parser counts a few levels for the statement itself): 1 + 999 =
  // 1000 and 1 + 1 = 2
  const script = [
    "SET 'joinlab.limit.expression-depth' = '1000';",
    "SET 'joinlab.limit.nesting-depth' = '100';",
    'CREATE TABLE t (x INT);',
    'INSERT INTO t VALUES (1);',
    `SELECT x${' + 1'.repeat(999)} AS s, x + ${'('.repeat(95)}1${')'.repeat(95)} AS p FROM t;`,
  ].join('\n');
  const crashes: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && /panic|unreachable|RuntimeError/i.test(m.text())) crashes.push(m.text());
  });
  await openPage(page, `./${shareHash({ script })}`);
  await expect(page.getByTestId('changelog-row').first()).toHaveText('+I[1000, 2]');
  expect(crashes).toEqual([]);
  // one level deeper than the default is refused, with its place
  const deep = ['CREATE TABLE t (x INT);', `SELECT x${' + 1'.repeat(600)} FROM t;`].join('\n');
  await openPage(page, `./${shareHash({ script: deep })}`);
  await expect(page.getByTestId('error-position')).toHaveText('Line 2, column 2010');
  await expect(page.getByTestId('error-message')).toContainText('expression nested too deeply: more than 500 levels');
});

test('a script over its byte limit is refused at the line where the limit falls', async ({ page }) => {
  // line 1 is 41 bytes with its newline: the 61st byte, the first past the limit, is line 2, column 20
  const script = ["SET 'joinlab.limit.script-bytes' = '60';", 'CREATE TABLE t (x INT);', 'SELECT * FROM t;'].join('\n');
  await openPage(page, `./${shareHash({ script })}`);
  await expect(page.getByTestId('error-position')).toHaveText('Line 2, column 20');
  await expect(page.getByTestId('error-message')).toContainText('the script is 81 bytes, more than 60 bytes');
});

// Every script of tests/limits (which tests/wasm/native_vs_wasm.mjs also runs natively and in
// wasm, byte for byte): where each stops, derived by hand from the script.
const STOPS: { file: string; stopped?: string; position?: string; message?: string }[] = [
  // 10 a rows, then b's rows make 10 pairs each: b's 4th row (step 14) passes 30
  { file: 'emitted_rows_cross_join', stopped: 'Stopped at step 14: this query would emit more than 30 rows' },
  // batch mode holds the pairs: b's 6th row (step 16) makes 60 > 50 distinct held rows
  { file: 'batch_held_result', stopped: 'Stopped at step 16: the Join would hold more than 50 rows for its batch result' },
  // the 6th generated row is one past 5
  { file: 'input_rows_datagen', stopped: 'Stopped at step 6: this query would read more than 5 input rows: this is row 6' },
  // a: 3 rows, b's 1st row (step 4) makes 4 rows held by the join
  { file: 'state_rows_join', stopped: 'Stopped at step 4: this query would hold more than 3 rows in state (4 after this step)' },
  // 10 a rows, 10 b rows, then c's row (step 21) meets all 100 pairs
  { file: 'multi_join_one_step', stopped: 'Stopped at step 21: the MultiJoin would emit more than 50 rows at one step' },
  // line 4 is `SELECT x + 1 …`: its 501st `+` stands at column 10 + 4 × 500
  { file: 'expression_depth', position: 'Line 4, column 2010', message: 'expression nested too deeply: more than 500 levels' },
  // the 101st byte: line 3, column 11 (lines 1 and 2 are 48 and 42 bytes with their newlines)
  { file: 'script_bytes', position: 'Line 3, column 11', message: 'the script is 157 bytes, more than 100 bytes' },
];

for (const s of STOPS) {
  test(`tests/limits/${s.file}.sql stops with its limit's message`, async ({ page }) => {
    const script = readFileSync(path.join(ROOT, 'tests/limits', `${s.file}.sql`), 'utf8');
    await openPage(page, `./${shareHash({ script })}`);
    if (s.stopped) await expect(page.locator('.jl-not-run')).toContainText(s.stopped);
    if (s.position) await expect(page.getByTestId('error-position')).toHaveText(s.position);
    if (s.message) await expect(page.getByTestId('error-message')).toContainText(s.message);
    await expect(page.getByTestId('error')).toContainText('joinlab.limit.');
  });
}
