// What if (issue 19, panes/what-if.ts): the row of the step shown dropped, duplicated or moved one
// data line, as an edit of the script (the editor stays the truth), run again, with the changelog
// rows that vanished or appeared and Undo. The expected differences are worked out by hand from
// the example (www/examples/09_late_rows.sql: one-row INSERTs, arrival as written, each watermark one
// minute behind its table's largest time, 5-minute tumbling windows).

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { EXAMPLES_DIR, exampleScript, openPage, settled, shareHash, urlState } from './helpers';

const SCRIPT = exampleScript(readFileSync(path.join(EXAMPLES_DIR, '09_late_rows.sql'), 'utf8'));

/** Steps to step `n` with the keyboard (Home, then →). */
async function goStep(page: Page, n: number): Promise<void> {
  await page.locator('.jl-counter').click();
  await page.keyboard.press('Home');
  for (let i = 1; i < n; i++) await page.keyboard.press('ArrowRight');
  await settled(page);
  await expect(page.locator('.jl-counter')).toHaveText(new RegExp(`^step ${n}/`));
}

const editor = (page: Page) => page.evaluate(() => (document.querySelector('.cm-content') as HTMLElement).innerText);

test('drop a row: the row it made vanishes; Undo puts the script back', async ({ page }) => {
  await openPage(page, `./${shareHash({ script: SCRIPT, step: 2 })}`);
  await settled(page);
  // step 2 is R1, the only right row of key 1 in [12:00, 12:05): without it L1 joins nothing
  await page.getByTestId('what-if-drop').click();
  await expect(page.getByTestId('what-if-diff')).toHaveText('1 changelog row vanished: +I[L1, R1, 1, 2024-01-01 12:00:00.000, 2024-01-01 12:05:00.000].');
  await expect(page.getByTestId('what-if-out')).toContainText('Dropped: RightTable +I[2024-01-01 12:02:00.000, 1, R1]');
  expect(await editor(page)).not.toContain("'R1'");
  await page.getByTestId('what-if-undo').click();
  await expect.poll(() => editor(page)).toContain("'R1'");
});

test('move a late row ahead of the watermark: it joins; move a row behind it: its row vanishes', async ({ page }) => {
  await openPage(page, `./${shareHash({ script: SCRIPT, step: 5 })}`);
  await settled(page);
  // step 5 is L1late (12:03), dropped as late: one line earlier it arrives before R2 (step 4), while
  // the join's watermark is still 12:01, so [12:00, 12:05) holds it when R2 fires the window — now
  // at step 5, R2's step, with L1's row
  await page.getByTestId('what-if-earlier').click();
  await expect(page.getByTestId('what-if-diff')).toHaveText(
    '1 appeared: +I[L1late, R1, 1, 2024-01-01 12:00:00.000, 2024-01-01 12:05:00.000]. Of the others, 1 came out at another step: +I[L1, R1, 1, 2024-01-01 12:00:00.000, 2024-01-01 12:05:00.000] at step 5 (was 4).',
  );
  await page.getByTestId('what-if-undo').click();
  await expect.poll(async () => (await editor(page)).indexOf("'R2'") < (await editor(page)).indexOf("'L1late'")).toBe(true);
  // R1 (step 2) one line later twice: after L2 nothing changes; after R2 it arrives when its window
  // has fired, so the join drops it and L1's row vanishes
  await settled(page);
  await goStep(page, 2);
  await page.getByTestId('what-if-later').click();
  await expect(page.getByTestId('what-if-diff')).toHaveText('The changelog is the same.');
  await goStep(page, 3);
  await expect(page.locator('[data-testid=step-sentence]')).toContainText('R1');
  await page.getByTestId('what-if-later').click();
  await expect(page.getByTestId('what-if-diff')).toHaveText('1 changelog row vanished: +I[L1, R1, 1, 2024-01-01 12:00:00.000, 2024-01-01 12:05:00.000].');
});

test('duplicate a row: its joined row comes out twice; the buttons are keyboard buttons', async ({ page }) => {
  await openPage(page, `./${shareHash({ script: SCRIPT, step: 3 })}`);
  await settled(page);
  // step 3 is L2 (12:06:30): a second L2 in [12:05, 12:10) joins R2 too
  await page.getByTestId('what-if-duplicate').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('what-if-diff')).toHaveText('1 appeared: +I[L2, R2, 2, 2024-01-01 12:05:00.000, 2024-01-01 12:10:00.000].');
  // a generated row (datagen) has no line of its own: no what-if buttons
  await openPage(page, './?example=17_gaming_window_join');
  await settled(page);
  await expect(page.getByTestId('what-if-drop')).toBeHidden();
});

test('move a row\'s time: one minute earlier puts it behind the watermark, and its row vanishes', async ({ page }) => {
  await openPage(page, `./${shareHash({ script: SCRIPT, step: 7 })}`);
  await settled(page);
  // step 7 is L2b (12:05:30): at 12:04:30 its window is [12:00, 12:05), which fired at step 4 (the
  // join's watermark 12:05:30): dropped as late, so its row with R2 vanishes
  await expect(page.getByTestId('what-if-unit')).toHaveValue('60000');
  await page.getByTestId('what-if-time-earlier').click();
  await expect(page.getByTestId('what-if-out')).toContainText('Its time moved 1 min earlier: LeftTable +I[2024-01-01 12:05:30.000, 2, L2b]');
  await expect(page.getByTestId('what-if-diff')).toHaveText('1 changelog row vanished: +I[L2b, R2, 2, 2024-01-01 12:05:00.000, 2024-01-01 12:10:00.000].');
  expect(await editor(page)).toContain("TIMESTAMP '2024-01-01 12:04:30', 2, 'L2b'");
  // step 2 is R1 (12:02): an hour later it is in [13:00, 13:05), where no left row of key 1 is
  await page.getByTestId('what-if-undo').click();
  await expect.poll(() => editor(page)).toContain("'12:05:30', 2, 'L2b'".replace("'12", "'2024-01-01 12"));
  await settled(page);
  await goStep(page, 2);
  await page.getByTestId('what-if-unit').selectOption('3600000');
  await page.getByTestId('what-if-time-later').click();
  // and RightTable's watermark is 13:01 from step 2 on: [12:05, 12:10) fires as soon as LeftTable's
  // passes 12:10 — L3 (12:12) at step 8 — not at R3's step 9
  await expect(page.getByTestId('what-if-diff')).toHaveText(
    '1 changelog row vanished: +I[L1, R1, 1, 2024-01-01 12:00:00.000, 2024-01-01 12:05:00.000]. Of the others, 2 came out at another step: +I[L2, R2, 2, 2024-01-01 12:05:00.000, 2024-01-01 12:10:00.000] at step 8 (was 9), +I[L2b, R2, 2, 2024-01-01 12:05:00.000, 2024-01-01 12:10:00.000] at step 8 (was 9).',
  );
});

test("a longer watermark delay lets the late rows in: their rows appear", async ({ page }) => {
  await openPage(page, `./${shareHash({ script: SCRIPT, step: 5 })}`);
  await settled(page);
  // LeftTable's delay 1 min → 2 min: its watermark after L2 (12:06:30) is 12:04:30, so [12:00, 12:05)
  // stays open until L3 (step 8) lifts the join's watermark to 12:06 (RightTable's): L1late (12:03)
  // and R3late (12:04) are no longer late, and key 1's window holds L1, L1late, R1 and R3late
  await expect(page.getByTestId('what-if-delay-now')).toHaveText(' (now 1 min)');
  await page.getByTestId('what-if-delay-longer').click();
  await expect(page.getByTestId('what-if-out')).toContainText("LeftTable's watermark delay 1 min → 2 min");
  const diff = page.getByTestId('what-if-diff');
  await expect(diff).toContainText('3 appeared: ');
  for (const row of ['+I[L1late, R1, 1, ', '+I[L1, R3late, 1, ', '+I[L1late, R3late, 1, ']) await expect(diff).toContainText(row);
  await expect(diff).not.toContainText('vanished');
  expect(await editor(page)).toContain("WATERMARK FOR row_time AS row_time - INTERVAL '2' MINUTE");
});

/** Where step `pos`'s row mark is on the page (the timeline's canvas, from its own layout). */
async function markAt(page: Page, pos: number): Promise<{ x: number; y: number }> {
  const canvas = page.locator('.timeline canvas').first();
  await canvas.scrollIntoViewIfNeeded();
  const p = await canvas.evaluate((c, n) => (c as unknown as { joinlabMarkPoint: (n: number) => { x: number; y: number } | null }).joinlabMarkPoint(n), pos);
  const box = await canvas.boundingBox();
  if (!p || !box) throw new Error(`no mark for step ${pos}`);
  return { x: box.x + p.x, y: box.y + p.y };
}

test('drag a row on the timeline behind the watermark: its row vanishes; Esc gives a drag up', async ({ page }) => {
  await openPage(page, `./${shareHash({ script: SCRIPT, step: 7 })}`);
  await settled(page);
  // the time axis's scale from two rows: L1 (step 1, 12:01:00) and L2 (step 3, 12:06:30)
  const a = await markAt(page, 1);
  const b = await markAt(page, 3);
  const perMs = (b.x - a.x) / 330_000;
  const l2b = await markAt(page, 7);
  // Esc during a drag: nothing is edited
  const l2bText = "TIMESTAMP '2024-01-01 12:05:30', 2, 'L2b'";
  await page.mouse.move(l2b.x, l2b.y);
  await page.mouse.down();
  await page.mouse.move(l2b.x - 30, l2b.y, { steps: 4 });
  await expect(page.locator('.timeline-tip')).toContainText('L2b');
  await page.keyboard.press('Escape');
  await page.mouse.up();
  await expect(page.getByTestId('what-if-out')).toBeHidden();
  expect((await urlState(page)).script).toContain(l2bText);
  // L2b (12:05:30) dragged one minute back: 12:04:30 is in [12:00, 12:05), fired at step 4, so the
  // join drops it as late and its row with R2 vanishes (as the "1 min earlier" button's test)
  await page.mouse.move(l2b.x, l2b.y);
  await page.mouse.down();
  await page.mouse.move(l2b.x - 60_000 * perMs, l2b.y, { steps: 6 });
  await expect(page.locator('.timeline-tip')).toContainText('its time to 12:04:30');
  await page.mouse.up();
  await expect(page.getByTestId('what-if-out')).toContainText('Dragged 1 min earlier: LeftTable +I[2024-01-01 12:05:30.000, 2, L2b]');
  await expect(page.getByTestId('what-if-diff')).toHaveText('1 changelog row vanished: +I[L2b, R2, 2, 2024-01-01 12:05:00.000, 2024-01-01 12:10:00.000].');
  expect(await editor(page)).toContain("TIMESTAMP '2024-01-01 12:04:30', 2, 'L2b'");
  await page.getByTestId('what-if-undo').click();
  await expect.poll(async () => (await urlState(page)).script).toContain(l2bText);
});

// Rows of INSERTs of several rows, no times (arrival as written): A a1, A a2, B b1, B b3; a1 and b1
// share key 1, so +I[a1, b1] comes out at step 3.
const MULTI = [
  "SET 'joinlab.dialect' = 'flink';",
  'CREATE TABLE A (k INT, v STRING);',
  'CREATE TABLE B (k INT, w STRING);',
  'INSERT INTO A VALUES',
  "  (1, 'a1'),",
  "  (2, 'a2');",
  "INSERT INTO B VALUES (1, 'b1'), (3, 'b3');",
  'SELECT A.v, B.w FROM A JOIN B ON A.k = B.k;',
].join('\n');

test('rows of an INSERT of several rows: dropped, duplicated (marked new), moved', async ({ page }) => {
  await openPage(page, `./${shareHash({ script: MULTI, step: 3 })}`);
  await settled(page);
  await expect(page.locator('[data-testid=step-sentence]')).toContainText('b1');
  // b1 twice: a1 joins both copies, one more +I[a1, b1], marked in the changelog and the result
  await page.getByTestId('what-if-duplicate').click();
  await expect(page.getByTestId('what-if-diff')).toHaveText('1 appeared: +I[a1, b1].');
  expect(await editor(page)).toContain("INSERT INTO B VALUES (1, 'b1'), (1, 'b1'), (3, 'b3');");
  // the copy arrives at step 4: its row is marked there (the changelog shows rows up to the step)
  await settled(page);
  await goStep(page, 4);
  await expect(page.locator('[data-testid=changelog-row][data-what-if=new]')).toHaveCount(1);
  // the result holds [a1, b1] twice: one of them is new
  await expect(page.locator('[data-testid=result-table] tr[data-row="[a1, b1]"]')).toHaveCount(2);
  await expect(page.locator('[data-testid=result-table] tr[data-what-if=new]')).toHaveCount(1);
  await page.getByTestId('what-if-undo').click();
  await settled(page);
  await expect(page.locator('[data-testid=changelog-row][data-what-if=new]')).toHaveCount(0);
  // b1 one row later (after b3): the same row, at step 4
  await goStep(page, 3);
  await page.getByTestId('what-if-later').click();
  await expect(page.getByTestId('what-if-diff')).toHaveText('The same rows, but 1 came out at another step: +I[a1, b1] at step 4 (was 3).');
  expect(await editor(page)).toContain("INSERT INTO B VALUES (3, 'b3'), (1, 'b1');");
  await page.getByTestId('what-if-undo').click();
  await settled(page);
  // a1 dropped from its INSERT: b1 meets no row
  await goStep(page, 1);
  await page.getByTestId('what-if-drop').click();
  await expect(page.getByTestId('what-if-diff')).toHaveText('1 changelog row vanished: +I[a1, b1].');
  expect(await editor(page)).toContain("INSERT INTO A VALUES\n  (2, 'a2');");
});

test('let quiet sources go idle: the temporal join stops waiting for rates', async ({ page }) => {
  await openPage(page, './?example=30_temporal_idle_rates');
  await settled(page);
  await goStep(page, 2);
  // Without a timeout rates (one row, at step 1) holds the join back to the end of input (step 6).
  // With 2 s: rates is marked idle by step 4 (its last row at 00:00:01 processing time, a second
  // per step, checked every 200 ms), so the join's watermark is the orders' 11:00: o1, o2, o3 come
  // out at step 4, o4 (12:00, no USD rate) padded at step 5 (www/examples/31's about).
  await page.getByTestId('what-if-idle').click();
  await expect(page.getByTestId('what-if-out')).toContainText('Quiet sources go idle after 2 s');
  await expect(page.getByTestId('what-if-diff')).toHaveText(
    'The same rows, but 4 came out at another step: +I[o1, 1.1000] at step 4 (was 6), +I[o2, 1.1000] at step 4 (was 6), +I[o3, 1.1000] at step 4 (was 6), +I[o4, NULL] at step 5 (was 6).',
  );
  expect(await editor(page)).toContain("SET 'table.exec.source.idle-timeout' = '2 s';");
  // and back
  await settled(page);
  await goStep(page, 2);
  await expect(page.getByTestId('what-if-idle')).toHaveText('Wait for quiet sources (remove the idle timeout of 2 s)');
  await page.getByTestId('what-if-idle').click();
  await expect(page.getByTestId('what-if-diff')).toContainText('+I[o4, NULL] at step 6 (was 5)');
  expect(await editor(page)).not.toContain('idle-timeout');
});

test('add a late copy: behind its table\'s watermark, yet its window is still open', async ({ page }) => {
  await openPage(page, `./${shareHash({ script: SCRIPT, step: 4 })}`);
  await settled(page);
  // step 4 is R2 (12:07, key 2): RightTable's watermark is then 12:06, so the copy is R2 at 12:05:59.
  // The join's watermark is 12:05:30 (LeftTable's, after L2): [12:05, 12:10) has not fired, so the
  // copy joins key 2's left rows of that window, L2 and L2b — two more rows
  await page.getByTestId('what-if-late-copy').click();
  await expect(page.getByTestId('what-if-out')).toContainText("Added a late copy at 12:05:59.000 (1 s behind RightTable's watermark 12:06:00.000)");
  const diff = page.getByTestId('what-if-diff');
  await expect(diff).toContainText('2 appeared: ');
  for (const row of ['+I[L2, R2, 2, 2024-01-01 12:05:00.000, 2024-01-01 12:10:00.000]', '+I[L2b, R2, 2, 2024-01-01 12:05:00.000, 2024-01-01 12:10:00.000]']) await expect(diff).toContainText(row);
  await expect(diff).not.toContainText('vanished');
  expect((await urlState(page)).script).toContain("INSERT INTO RightTable VALUES (TIMESTAMP '2024-01-01 12:07:00', 2, 'R2');\nINSERT INTO RightTable VALUES (TIMESTAMP '2024-01-01 12:05:59', 2, 'R2');");
});
