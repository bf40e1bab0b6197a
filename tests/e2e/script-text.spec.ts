// The data pane edits the script's text (www/src/script-text.ts): a datagen table's WITH options
// and a query's OPTIONS hint, skipping comments, strings and @ data lines. No browser needed.

import { expect, test } from '@playwright/test';
import { createTables, rowsHints, statementAtLine, statements, statementsInSlices, tableOrigin, tokenize, tableOption, tableRowsHints, writeRowsHints, writeTableOption } from '../../www/src/script-text';
import { readSetting, removeSetting, writeSetting } from '../../www/src/settings';

// The example of docs/mock-data.md, with comments after the options.
const DOCS = `CREATE TABLE clicks (user_id INT, url STRING, ts TIMESTAMP(3),
  WATERMARK FOR ts AS ts - INTERVAL '2' SECOND
) WITH (
  'connector' = 'datagen',
  'number-of-rows' = '60',
  'fields.user_id.min' = '1', 'fields.user_id.max' = '5',
  'fields.url.length' = '6',
  'joinlab.max-delay' = '2 s',        -- bounded out-of-orderness
  'joinlab.late-rate' = '0.1'         -- a tenth of the rows behind the watermark
);
SELECT * FROM clicks;`;

test('finds CREATE TABLE statements, their physical columns and WITH options', () => {
  const [c] = createTables(DOCS);
  expect(c.name).toBe('clicks');
  expect(c.physical).toEqual(['user_id', 'url', 'ts']);
  expect(c.options.map((o) => `${o.key}=${o.value}`)).toEqual([
    'connector=datagen',
    'number-of-rows=60',
    'fields.user_id.min=1',
    'fields.user_id.max=5',
    'fields.url.length=6',
    'joinlab.max-delay=2 s',
    'joinlab.late-rate=0.1',
  ]);
  expect(tableOrigin(DOCS, 'clicks')).toBe('datagen');
  expect(tableOrigin(DOCS, 'examples.marketplace.orders')).toBe('examples');
  expect(tableOrigin(DOCS, 'Other')).toBe('script');
  // Computed and metadata columns, constraints and the watermark are not physical columns.
  const s = "CREATE TABLE t (a INT, b AS a + 1, c TIMESTAMP_LTZ(3) METADATA FROM 'timestamp', d DECIMAL(10, 2), PRIMARY KEY (a) NOT ENFORCED, WATERMARK FOR c AS c) WITH ('connector' = 'datagen');";
  expect(createTables(s)[0].physical).toEqual(['a', 'd']);
  expect(tableOrigin("CREATE TABLE q WITH ('connector' = 'datagen', 'quickstart' = 'orders');", 'q')).toBe('quickstart');
});

test('sets, adds and removes WITH options in place, keeping comments and layout', () => {
  let s = writeTableOption(DOCS, 'clicks', 'number-of-rows', '12');
  expect(s).toContain("'number-of-rows' = '12',\n");
  // A new option goes on its own line after the last one, before that line's comment moves on.
  s = writeTableOption(s, 'clicks', 'joinlab.interval', '500 ms', ['rows-per-second']);
  expect(s).toContain("  'joinlab.late-rate' = '0.1',         -- a tenth of the rows behind the watermark\n  'joinlab.interval' = '500 ms'\n);");
  expect(tableOption(s, 'clicks', 'joinlab.interval')).toBe('500 ms');
  // rows-per-second replaces the interval.
  s = writeTableOption(s, 'clicks', 'rows-per-second', '4', ['joinlab.interval']);
  expect(s).not.toContain('joinlab.interval');
  expect(s).toContain("  'joinlab.late-rate' = '0.1',         -- a tenth of the rows behind the watermark\n  'rows-per-second' = '4'\n);");
  // Removing the option in the middle of a line.
  s = writeTableOption(s, 'clicks', 'fields.user_id.min', null);
  expect(s).toContain("  'fields.user_id.max' = '5',\n");
  // Removing every option we added gives the script back (but for the row count).
  s = writeTableOption(s, 'clicks', 'rows-per-second', null);
  expect(s).toContain("  'joinlab.late-rate' = '0.1'         -- a tenth of the rows behind the watermark\n);");
  // One line: appended after the last pair.
  const one = "CREATE TABLE shop_orders WITH ('connector' = 'datagen', 'quickstart' = 'orders', 'number-of-rows' = '12');";
  expect(writeTableOption(one, 'shop_orders', 'joinlab.max-delay', '1 s')).toBe(
    "CREATE TABLE shop_orders WITH ('connector' = 'datagen', 'quickstart' = 'orders', 'number-of-rows' = '12', 'joinlab.max-delay' = '1 s');",
  );
  expect(writeTableOption(one, 'shop_orders', 'number-of-rows', null)).toBe("CREATE TABLE shop_orders WITH ('connector' = 'datagen', 'quickstart' = 'orders');");
  // A table without WITH is left alone.
  expect(writeTableOption('CREATE TABLE t (a INT);', 't', 'number-of-rows', '3')).toBe('CREATE TABLE t (a INT);');
});

test('comments, strings and @ data lines do not confuse it', () => {
  const s = `-- CREATE TABLE fake (a INT) WITH ('connector' = 'datagen');
/* CREATE TABLE fake2 WITH ('connector' = 'datagen'); */
CREATE TABLE T (s STRING) WITH ('connector' = 'datagen', 'fields.s.length' = '3');
CREATE TABLE U (s STRING);
@U it's; a row
INSERT INTO U VALUES ('x; CREATE TABLE V WITH (''connector'' = ''datagen'');');
SELECT * FROM T JOIN U ON T.s = U.s;`;
  expect(createTables(s).map((c) => c.name)).toEqual(['T', 'U']);
  expect(tableOption(s, 'T', 'fields.s.length')).toBe('3');
  expect(writeTableOption(s, 'T', 'fields.s.length', '5')).toContain("'fields.s.length' = '5')");
});

test('OPTIONS hints: found after their table, edited per query', () => {
  const s = `SET 'joinlab.examples.rows' = '40';
USE CATALOG examples;
USE marketplace;
SELECT * FROM orders o LEFT JOIN customers /*+ OPTIONS('number-of-rows' = '200') */ c ON o.customer_id = c.customer_id;
SELECT * FROM examples.marketplace.customers /*+ OPTIONS('number-of-rows' = '7') */;`;
  expect(rowsHints(s, statementAtLine(s, 4)).map((h) => `${h.table}=${h.value}`)).toEqual(['customers=200']);
  expect(tableRowsHints(s, 4, 'examples.marketplace.customers').map((h) => h.value)).toEqual(['200']);
  expect(tableRowsHints(s, 4, 'examples.marketplace.orders')).toEqual([]);
  expect(tableRowsHints(s, 5, 'examples.marketplace.customers').map((h) => h.value)).toEqual(['7']);
  const t = writeRowsHints(s, 4, 'examples.marketplace.customers', '50');
  expect(t).toContain("customers /*+ OPTIONS('number-of-rows' = '50') */ c");
  expect(t).toContain("customers /*+ OPTIONS('number-of-rows' = '7') */;");
});

test('the seed and the examples row count are script-wide SETs', () => {
  const s = "CREATE TABLE t (a INT) WITH ('connector' = 'datagen');\nSELECT * FROM t;\nSET 'joinlab.seed' = '5';";
  // A SET anywhere counts for the whole script (the engine reads it before running anything).
  expect(readSetting(s, 'seed')).toBe('5');
  expect(writeSetting(s, 'seed', '6')).toBe(s.replace("'5'", "'6'"));
  expect(removeSetting(s, 'seed')).toBe("CREATE TABLE t (a INT) WITH ('connector' = 'datagen');\nSELECT * FROM t;");
  expect(readSetting('SELECT 1;', 'seed')).toBe('0');
  expect(writeSetting('-- a comment\nSELECT * FROM examples.gaming.games;', 'examplesRows', '9')).toBe(
    "-- a comment\nSET 'joinlab.examples.rows' = '9';\nSELECT * FROM examples.gaming.games;",
  );
});

// The statements as the tokens say they are: significant tokens (no whitespace, comments or @
// data lines) cut at each `;` (an independent reading of what statements() returns).
function byTokens(script: string): { from: number; to: number; toks: string[] }[] {
  const out: { from: number; to: number; toks: string[] }[] = [];
  let cur: { from: number; toks: string[] } | null = null;
  for (const t of tokenize(script)) {
    if (t.kind === 'ws' || t.kind === 'comment' || t.kind === 'data') continue;
    cur ??= { from: t.from, toks: [] };
    if (t.kind === 'punct' && t.text === ';') {
      if (cur.toks.length) out.push({ from: cur.from, to: t.to, toks: cur.toks });
      cur = null;
    } else cur.toks.push(t.text);
  }
  if (cur?.toks.length) out.push({ from: cur.from, to: script.length, toks: cur.toks });
  return out;
}

const MIXED = [
  DOCS,
  "SET 'a' = 'b;c';\n-- a comment; with a semicolon\n@ 1 | x;y\nINSERT INTO t VALUES (1, 'it''s; fine'), (2, `q;``r`);\n/* block; */ /*+ OPTIONS('k'='v') */ SELECT 1",
  "  ;;  SELECT\u00a0a FROM t ; 'unterminated; string",
  'SELECT 1 /* unterminated',
];

test('statements: split at semicolons outside strings, comments and @ lines, whole or in slices', async () => {
  for (const script of MIXED) {
    const whole = statements(script).map((st) => ({ from: st.from, to: st.to, toks: st.toks.map((t) => t.text) }));
    expect(whole).toEqual(byTokens(script));
    // in slices of a few chars (cut inside tokens' runs and statements), into a text of its own
    const text = `${script}\n`;
    for (const slice of [1, 7, 40]) {
      const sliced = await new Promise<{ from: number; to: number; toks: string[] }[]>((resolve) =>
        statementsInSlices(`${text}${' '.repeat(slice)}`, () => false, slice, (split) => resolve(split.map((st) => ({ from: st.from, to: st.to, toks: st.toks.map((t) => t.text) })))),
      );
      expect(sliced).toEqual(byTokens(`${text}${' '.repeat(slice)}`));
    }
  }
  // a cancelled split stops (and leaves no memo entry: the whole split below is made afresh)
  let asked = 0;
  statementsInSlices('SELECT 1; SELECT 2;', () => ++asked > 1, 1);
  await new Promise((r) => setTimeout(r, 50));
  expect(asked).toBe(2);
});
