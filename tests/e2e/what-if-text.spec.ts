// What if's script edits (www/src/what-if.ts), without a browser: which lines hold a row alone,
// and the text each edit writes; the changelog difference as multisets.

import { expect, test } from '@playwright/test';
import { changelogDiff, editableRow, editRow } from '../../www/src/what-if';

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
