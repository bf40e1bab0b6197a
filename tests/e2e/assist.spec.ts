// Writing a script without a manual (issue 20): the editor's completion and hover and the schema
// browser, all answered by the engine (crates/engine/src/complete: its own tests derive each list
// from the script by hand). Here: completion lists a column after `L.`, a WITH key after
// `'connector' = 'datagen',`, and a SET value; Enter still breaks the line while the list is open;
// hovering a column names its type; the schema browser shows the script's tables and the examples
// catalog's, and writes a name at the cursor.

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { EXAMPLES_DIR, exampleScript, openPage, settled, shareHash } from './helpers';

const SCRIPT = exampleScript(readFileSync(path.join(EXAMPLES_DIR, '09_late_rows.sql'), 'utf8'));

const options = (page: Page) => page.locator('.cm-tooltip-autocomplete li');
const editorText = (page: Page) => page.evaluate(() => (document.querySelector('.cm-content') as HTMLElement).innerText);

/** Focuses the editor at the end of the script. */
async function atEnd(page: Page): Promise<void> {
  await openPage(page, `./${shareHash({ script: SCRIPT })}`);
  await settled(page);
  await page.locator('.cm-content').click();
  await page.keyboard.press('Control+End');
}

test('completion: the columns of an alias after its dot', async ({ page }) => {
  test.setTimeout(90_000);
  await atEnd(page);
  // a new query whose FROM names LeftTable as L; the cursor goes back after "SELECT "
  await page.keyboard.type('\nSELECT  FROM LeftTable L;');
  await page.keyboard.press('Home');
  for (let i = 0; i < 7; i++) await page.keyboard.press('ArrowRight');
  await page.keyboard.type('L.');
  // LeftTable's columns (row_time TIMESTAMP(3), num INT, id STRING), nothing else
  // (the list is in CodeMirror's order)
  await expect(options(page)).toHaveCount(3, { timeout: 30_000 });
  const labels = async () => (await options(page).locator('.cm-completionLabel').allTextContents()).sort();
  expect(await labels()).toEqual(['id', 'num', 'row_time']);
  await expect(options(page).filter({ hasText: 'num' })).toContainText('INT (LeftTable)');
  // ↓ selects the first option (Enter then writes it); a click writes the one clicked. (CodeMirror
  // ignores keys and clicks on the list for its first 75 ms, `interactionDelay`: a person is slower.)
  await page.waitForTimeout(300);
  await page.keyboard.press('ArrowDown');
  await expect(page.locator('.cm-tooltip-autocomplete li[aria-selected=true]')).toHaveCount(1);
  await options(page).filter({ hasText: 'num' }).click();
  await expect.poll(() => editorText(page)).toContain('SELECT L.num FROM LeftTable L;');
});

test('completion: a WITH key after the datagen connector, a SET value; Enter still breaks the line', async ({ page }) => {
  test.setTimeout(90_000);
  await atEnd(page);
  await page.keyboard.type("\nCREATE TABLE G (a INT, b STRING) WITH ('connector' = 'datagen', 'fields.a");
  // Flink's datagen factory's keys for columns a and b, filtered by what is typed
  await expect(options(page).filter({ hasText: 'fields.a.min' })).toHaveCount(1, { timeout: 30_000 });
  await expect(options(page).filter({ hasText: 'fields.b.length' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await page.keyboard.type(".max' = '9');\nSET 'joinlab.arrival' = '");
  await expect(options(page)).toHaveCount(2, { timeout: 30_000 });
  expect((await options(page).locator('.cm-completionLabel').allTextContents()).sort()).toEqual(['as-written', 'by-time']);
  // nothing is selected when the list opens: Enter writes a line break
  await page.keyboard.press('Enter');
  await expect.poll(() => editorText(page)).toContain("SET 'joinlab.arrival' = '\n");
});

test('hover: a column names its type and table', async ({ page }) => {
  await atEnd(page);
  await page.keyboard.type('\nSELECT num FROM LeftTable;');
  // the word "num" of that last line, found in the editor's text nodes
  const box = await page.evaluate(() => {
    const lines = [...document.querySelectorAll('.cm-line')];
    const line = lines.reverse().find((l) => l.textContent === 'SELECT num FROM LeftTable;');
    if (!line) return null;
    const walker = document.createTreeWalker(line, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const i = (n.textContent ?? '').indexOf('num');
      if (i < 0) continue;
      const r = document.createRange();
      r.setStart(n, i + 1);
      r.setEnd(n, i + 2);
      const b = r.getBoundingClientRect();
      return { x: b.x + b.width / 2, y: b.y + b.height / 2 };
    }
    return null;
  });
  expect(box).not.toBeNull();
  await page.mouse.move(box?.x ?? 0, box?.y ?? 0);
  await expect(page.getByTestId('editor-hover')).toHaveText('num: INT (column of LeftTable)', { timeout: 30_000 });
});

test('the schema browser: the script\'s tables and the examples catalog; a name written at the cursor', async ({ page }) => {
  await atEnd(page);
  await page.getByTestId('schema-open').click();
  const schema = page.getByTestId('schema');
  await expect(schema.locator('[data-origin=script] [data-table]')).toHaveCount(2, { timeout: 30_000 });
  await expect(schema.locator('[data-origin=examples] [data-table]').first()).toBeVisible();
  expect(await schema.locator('[data-origin=examples] [data-table]').evaluateAll((l) => l.every((e) => (e.getAttribute('data-table') ?? '').startsWith('examples.')))).toBe(true);
  // LeftTable: append-only, its watermark, its columns
  const left = schema.locator('[data-table=LeftTable]');
  await expect(left.getByTestId('schema-table')).toContainText("3 columns · append · WATERMARK FOR row_time AS row_time - INTERVAL '1' MINUTE");
  await left.getByTestId('schema-table').click();
  await expect(left.getByTestId('schema-column')).toHaveText(['row_time TIMESTAMP(3) *ROWTIME*', 'num INT', 'id STRING']);
  await left.getByTestId('schema-column').nth(1).click();
  await expect(page.locator('.cm-content')).toBeFocused();
  await page.keyboard.type(' -- written');
  await expect.poll(() => editorText(page)).toContain('num -- written');
  // Escape closes it and gives the focus back to its button
  await page.getByTestId('schema-open').click();
  await page.getByTestId('schema-open').click();
  await schema.locator('summary').first().focus();
  await page.keyboard.press('Escape');
  await expect(schema).toBeHidden();
  await expect(page.getByTestId('schema-open')).toBeFocused();
});
