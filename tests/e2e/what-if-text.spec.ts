// What if's script edits (www/src/what-if.ts), without a browser: which lines hold a row alone,
// and the text each edit writes; the changelog difference as multisets.

import { expect, test } from '@playwright/test';
import { changelogDiff, delayText, editableRow, editableTuple, editRow, editTuple, idleTimeout, lateCopyAt, moveAt, movedRows, shiftRowTime, shiftTimestamp, shiftTupleTime, toggleIdleTimeout, watermarkDelay, withWatermarkDelay } from '../../www/src/what-if';

const S = [
  'CREATE TABLE T (a INT, b STRING);', // 1
  '@T 1 | x', // 2
  '-- a comment', // 3
  "INSERT INTO T VALUES (2, 'y');", // 4
  "INSERT INTO T VALUES (3, 'z'), (4, 'w');", // 5
  'INSERT INTO T VALUES', // 6
  "  (5, 'v');", // 7
  "SELECT * FROM T WHERE b <> '@T';", // 8
  '@T 9 | last', // 9
].join('\n');

test('which lines hold one row alone', () => {
  expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((l) => editableRow(S, l))).toEqual([false, true, false, true, false, false, false, false, true, false]);
});

test('drop, duplicate, earlier and later rewrite only the lines concerned', () => {
  const lines = S.split('\n');
  expect(editRow(S, 2, 'drop')).toBe([lines[0], ...lines.slice(2)].join('\n'));
  expect(editRow(S, 9, 'drop')).toBe(lines.slice(0, 8).join('\n'));
  expect(editRow(S, 4, 'duplicate')).toBe([...lines.slice(0, 4), lines[3], ...lines.slice(4)].join('\n'));
  // earlier / later: swapped with the nearest line holding a row alone (comments, multi-row INSERTs skipped)
  expect(editRow(S, 4, 'earlier')).toBe([lines[0], lines[3], lines[2], lines[1], ...lines.slice(4)].join('\n'));
  expect(editRow(S, 4, 'later')).toBe([...lines.slice(0, 3), lines[8], ...lines.slice(4, 8), lines[3]].join('\n'));
  expect(editRow(S, 2, 'earlier')).toBeNull();
  expect(editRow(S, 9, 'later')).toBeNull();
  expect(editRow(S, 5, 'drop')).toBeNull();
});

test('the changelog difference counts copies', () => {
  expect(changelogDiff(['+I[1]', '+I[1]', '+I[2]'], ['+I[1]', '+I[3]', '-D[2]'])).toEqual({ appeared: ['+I[3]', '-D[2]'], vanished: ['+I[1]', '+I[2]'], appearedAt: [1, 2] });
  expect(changelogDiff(['+I[1]'], ['+I[1]'])).toEqual({ appeared: [], vanished: [], appearedAt: [] });
  // the same rows at other steps: the k-th copy before against the k-th copy after
  const r = (text: string, pos: number) => ({ text, pos });
  expect(movedRows([r('a', 1), r('b', 2), r('a', 3)], [r('a', 1), r('a', 2), r('b', 2)])).toEqual([{ text: 'a', from: 3, to: 2 }]);
  expect(movedRows([r('a', 1)], [r('a', 1), r('a', 5)])).toEqual([]);
});

test('a row\'s event time moved, as it is written', () => {
  expect(shiftTimestamp('2024-01-01 12:02:00', -60_000)).toBe('2024-01-01 12:01:00');
  expect(shiftTimestamp('2024-01-01 00:00:00.5', -1000)).toBe('2023-12-31 23:59:59.500');
  expect(shiftTimestamp('2024-01-01 12:02', 1)).toBe('2024-01-01 12:02:00.001');
  expect(shiftTimestamp('L1', 1)).toBeNull();
  const script = [
    'CREATE TABLE L (row_time TIMESTAMP(3), num INT, id STRING, WATERMARK FOR row_time AS row_time);', // 1
    "INSERT INTO L VALUES (TIMESTAMP '2024-01-01 12:01:00', 1, 'L1');", // 2
    '@L 2024-01-01 12:02:00.000 | 2 | L2', // 3
    "INSERT INTO L (id, row_time, num) VALUES ('L3', '2024-01-01 12:03:00', 3);", // 4
    '@L -D 2024-01-01 12:04:00 | 4 | L4', // 5
  ].join('\n');
  const lines = script.split('\n');
  const with_ = (i: number, l: string) => lines.map((x, k) => (k === i ? l : x)).join('\n');
  expect(shiftRowTime(script, 2, 'row_time', 60_000)).toBe(with_(1, "INSERT INTO L VALUES (TIMESTAMP '2024-01-01 12:02:00', 1, 'L1');"));
  expect(shiftRowTime(script, 3, 'ROW_TIME', -3_600_000)).toBe(with_(2, '@L 2024-01-01 11:02:00.000 | 2 | L2'));
  expect(shiftRowTime(script, 4, 'row_time', -1000)).toBe(with_(3, "INSERT INTO L (id, row_time, num) VALUES ('L3', '2024-01-01 12:02:59', 3);"));
  expect(shiftRowTime(script, 5, 'row_time', 1000)).toBe(with_(4, '@L -D 2024-01-01 12:04:01 | 4 | L4'));
  // not a column of the table, or not a row alone on its line
  expect(shiftRowTime(script, 2, 'nope', 1000)).toBeNull();
  expect(shiftRowTime(script, 1, 'row_time', 1000)).toBeNull();
});

test("a table's watermark delay read and rewritten", () => {
  const s = [
    "CREATE TABLE A (ts TIMESTAMP(3), WATERMARK FOR ts AS ts - INTERVAL '1' MINUTE) WITH ('connector' = 'datagen');",
    'CREATE TABLE B (v INT, ts TIMESTAMP(3), WATERMARK FOR ts AS ts);',
    "CREATE TABLE C (ts TIMESTAMP(3), WATERMARK FOR ts AS ts - INTERVAL '0:02' MINUTE TO SECOND);",
  ].join('\n');
  expect(watermarkDelay(s, 'A')?.ms).toBe(60_000);
  expect(watermarkDelay(s, 'b')?.ms).toBe(0);
  expect(watermarkDelay(s, 'C')).toBeNull();
  expect(watermarkDelay(s, 'D')).toBeNull();
  expect(withWatermarkDelay(s, 'A', 120_000)).toBe(s.replace("ts - INTERVAL '1' MINUTE", "ts - INTERVAL '2' MINUTE"));
  expect(withWatermarkDelay(s, 'A', 0)).toBe(s.replace("ts - INTERVAL '1' MINUTE", 'ts'));
  expect(withWatermarkDelay(s, 'B', 3_600_000)).toBe(s.replace('v INT, ts TIMESTAMP(3), WATERMARK FOR ts AS ts)', "v INT, ts TIMESTAMP(3), WATERMARK FOR ts AS ts - INTERVAL '1' HOUR)"));
  expect(withWatermarkDelay(s, 'A', 61_000)).toBe(s.replace("ts - INTERVAL '1' MINUTE", "ts - INTERVAL '61' SECOND"));
  expect(withWatermarkDelay(s, 'A', -1000)).toBeNull();
  expect([0, 1000, 90_000, 120_000, 7_200_000].map(delayText)).toEqual(['0 s', '1 s', '90 s', '2 min', '2 h']);
});

// An INSERT of several rows: each row is edited inside its statement.
const M = [
  'CREATE TABLE T (a INT, ts TIMESTAMP(3));', // 1
  'INSERT INTO T VALUES', // 2
  "  (1, TIMESTAMP '2024-01-01 00:00:01'),", // 3
  "  (2, TIMESTAMP '2024-01-01 00:00:02'),", // 4
  "  (3, TIMESTAMP '2024-01-01 00:00:03');", // 5
  "INSERT INTO T (ts, a) VALUES ('2024-01-01 00:01:00', 4), ('2024-01-01 00:02:00', 5);", // 6
  'SELECT * FROM T;', // 7
].join('\n');
const ML = M.split('\n');

test('a row of an INSERT of several rows: which can be edited', () => {
  expect(editableTuple(M, 2, 0, 3)).toBe(true);
  expect(editableTuple(M, 2, 2, 3)).toBe(true);
  // the run read another number of rows from the line, or the line starts no INSERT
  expect(editableTuple(M, 2, 0, 2)).toBe(false);
  expect(editableTuple(M, 3, 0, 1)).toBe(false);
  expect(editableTuple(M, 6, 1, 2)).toBe(true);
  expect(editableTuple(M, 7, 0, 1)).toBe(false);
  // a one-row INSERT on its own line is editRow's
  expect(editableTuple(S, 4, 0, 1)).toBe(false);
});

test('a row of an INSERT of several rows dropped, duplicated, moved, its time shifted', () => {
  const lines = (...l: string[]) => l.join('\n');
  expect(editTuple(M, 2, 1, 'drop')).toBe(lines(ML[0], ML[1], ML[2], ML[4], ...ML.slice(5)));
  expect(editTuple(M, 2, 2, 'drop')).toBe(lines(ML[0], ML[1], ML[2], "  (2, TIMESTAMP '2024-01-01 00:00:02');", ...ML.slice(5)));
  expect(editTuple(M, 2, 0, 'duplicate')).toBe(lines(ML[0], ML[1], ML[2], ML[2], ...ML.slice(3)));
  expect(editTuple(M, 2, 0, 'earlier')).toBeNull();
  expect(editTuple(M, 2, 2, 'later')).toBeNull();
  expect(editTuple(M, 2, 0, 'later')).toBe(lines(ML[0], ML[1], "  (2, TIMESTAMP '2024-01-01 00:00:02'),", "  (1, TIMESTAMP '2024-01-01 00:00:01'),", ...ML.slice(4)));
  expect(editTuple(M, 6, 1, 'earlier')).toBe(M.replace("('2024-01-01 00:01:00', 4), ('2024-01-01 00:02:00', 5)", "('2024-01-01 00:02:00', 5), ('2024-01-01 00:01:00', 4)"));
  // the only row of a statement: the statement goes, with its line break
  const one = 'CREATE TABLE T (a INT);\nINSERT INTO T VALUES\n  (1);\nSELECT * FROM T;';
  expect(editTuple(one, 2, 0, 'drop')).toBe('CREATE TABLE T (a INT);\nSELECT * FROM T;');
  // its time: the column listed in the INSERT, else the table's
  expect(shiftTupleTime(M, 6, 1, 'ts', -60_000)).toBe(M.replace("'2024-01-01 00:02:00', 5", "'2024-01-01 00:01:00', 5"));
  expect(shiftTupleTime(M, 2, 2, 'TS', 500)).toBe(M.replace('00:00:03', '00:00:03.500'));
  expect(shiftTupleTime(M, 2, 2, 'a', 500)).toBeNull();
});

test('a row moved several rows: past lines of their own, or inside its INSERT', () => {
  // row 1 two rows later: rows 2, 3, 1 (the separators stay where they were)
  expect(moveAt(M, { line: 2, index: 0, count: 3 }, 2)).toBe(
    [ML[0], ML[1], "  (2, TIMESTAMP '2024-01-01 00:00:02'),", "  (3, TIMESTAMP '2024-01-01 00:00:03'),", "  (1, TIMESTAMP '2024-01-01 00:00:01');", ...ML.slice(5)].join('\n'),
  );
  const SL = S.split('\n');
  // S's rows alone on their lines: 2, 4 and 9; line 2's row two rows later goes to line 9
  expect(moveAt(S, { line: 2, index: 0, count: 1 }, 2)).toBe([SL[0], SL[3], SL[2], SL[8], ...SL.slice(4, 8), SL[1]].join('\n'));
  expect(moveAt(S, { line: 2, index: 0, count: 1 }, -1)).toBeNull();
  expect(moveAt(S, { line: 9, index: 0, count: 1 }, -1)).toBe(editRow(S, 9, 'earlier'));
});

test('the idle timeout set and removed', () => {
  const s = '-- title: t\nSET \'joinlab.dialect\' = \'flink\';\nCREATE TABLE T (a INT);';
  const on = toggleIdleTimeout(s);
  expect(on).toBe("-- title: t\nSET 'table.exec.source.idle-timeout' = '2 s';\nSET 'joinlab.dialect' = 'flink';\nCREATE TABLE T (a INT);");
  expect(idleTimeout(on)?.value).toBe('2 s');
  expect(toggleIdleTimeout(on)).toBe(s);
  // Confluent's key, and a timeout of 0 (never idle) turned on
  const c = "SET 'sql.tables.scan.idle-timeout' = '5 s';\nCREATE TABLE T (a INT);";
  expect(idleTimeout(c)?.value).toBe('5 s');
  expect(toggleIdleTimeout(c)).toBe('CREATE TABLE T (a INT);');
  expect(toggleIdleTimeout("SET 'table.exec.source.idle-timeout' = '0 ms';")).toBe("SET 'table.exec.source.idle-timeout' = '2 s';");
  expect(idleTimeout(s)).toBeNull();
});

test('a late copy: the row duplicated after it, the copy\'s time moved back', () => {
  expect(lateCopyAt(M, { line: 2, index: 0, count: 3 }, 'ts', -1000)).toBe([ML[0], ML[1], ML[2], "  (1, TIMESTAMP '2024-01-01 00:00:00'),", ...ML.slice(3)].join('\n'));
  const one = "CREATE TABLE T (a INT, ts TIMESTAMP(3));\n@T 1 | 2024-01-01 00:01:00\nSELECT * FROM T;";
  expect(lateCopyAt(one, { line: 2, index: 0, count: 1 }, 'ts', -60_000)).toBe("CREATE TABLE T (a INT, ts TIMESTAMP(3));\n@T 1 | 2024-01-01 00:01:00\n@T 1 | 2024-01-01 00:00:00\nSELECT * FROM T;");
  expect(lateCopyAt(one, { line: 2, index: 0, count: 1 }, 'a', -60_000)).toBeNull();
});
