// What if's script edits (www/src/what-if.ts), without a browser: which lines hold a row alone,
// and the text each edit writes; the changelog difference as multisets.

import { expect, test } from '@playwright/test';
import { changelogDiff, delayText, editableRow, editRow, shiftRowTime, shiftTimestamp, watermarkDelay, withWatermarkDelay } from '../../www/src/what-if';

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
  expect(changelogDiff(['+I[1]', '+I[1]', '+I[2]'], ['+I[1]', '+I[3]', '-D[2]'])).toEqual({ appeared: ['+I[3]', '-D[2]'], vanished: ['+I[1]', '+I[2]'] });
  expect(changelogDiff(['+I[1]'], ['+I[1]'])).toEqual({ appeared: [], vanished: [] });
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
