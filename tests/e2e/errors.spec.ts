// An invalid script shows its error at the right line and column, and the text is never lost.

import { expect, test } from '@playwright/test';
import { artifactPath, openPage, urlState } from './helpers';

const BAD = [
  'CREATE TABLE t (a INT, ts TIMESTAMP(3), WATERMARK FOR ts AS ts);',
  "INSERT INTO t VALUES (1, TIMESTAMP '2024-01-01 00:00:00');",
  'SELECT b FROM t;',
].join('\n');

test('a validation error is shown at its line and column and the script is kept', async ({ page }) => {
  await openPage(page, './?example=01_full_outer_join');
  const editor = page.getByTestId('editor');
  await editor.click();
  await page.keyboard.press('Control+A');
  await page.keyboard.type(BAD);
  await page.getByTestId('run').click();
  const error = page.getByTestId('error');
  // Flink: "Column 'b' not found in any table" at line 1, column 8 of the statement = script line 3.
  await expect(error).toBeVisible();
  await expect(error).toContainText('Line 3, column 8');
  await expect(error).toContainText("Column 'b' not found");
  // The editor underlines it on line 3 and shows the message beside it.
  await expect(page.locator('.cm-line').nth(2).locator('.cm-lintRange-error')).toHaveText('b');
  await expect(page.locator('.cm-line').nth(2)).toHaveAttribute('data-error', /Column 'b' not found/);
  await expect(editor).toHaveText(BAD.split('\n').join(''));
  await page.screenshot({ path: artifactPath('errors', 'validation-error.png'), fullPage: true });

  // Kept in the URL: a reload brings the same text back.
  expect((await urlState(page)).script).toBe(BAD);
  await page.reload();
  await expect(page.getByTestId('error')).toContainText('Line 3, column 8');
  expect(await page.evaluate(() => document.querySelector('.cm-content')?.textContent)).toBe(BAD.split('\n').join(''));

  // Kept in localStorage: the page without a link opens with it too.
  await page.goto('./');
  await expect(page.getByTestId('error')).toContainText('Line 3, column 8');
});

test('a parse error points at its line', async ({ page }) => {
  await openPage(page, './?example=01_full_outer_join');
  await page.getByTestId('editor').click();
  await page.keyboard.press('Control+A');
  await page.keyboard.type('CREATE TABLE t (a INT);\nINSERT INTO t VALUES (1);\nSELECT a FROM t;\nSELEC a FROM t;');
  await expect(page.getByTestId('error')).toContainText('Line 4, column 1');
  await expect(page.getByTestId('error')).toContainText('SQL parse failed');
});

test('when the engine cannot start, the page says so and recovers on the next run', async ({ page }) => {
  // The first request for the wasm fails; the worker reports it and is replaced.
  let failed = false;
  await page.route('**/*.wasm', (route) => {
    if (failed) return route.continue();
    failed = true;
    return route.abort();
  });
  await page.goto('./?example=01_full_outer_join');
  await expect(page.getByTestId('error')).toContainText('The engine stopped');
  await expect(page.getByTestId('editor')).toContainText("SET 'joinlab.dialect' = 'flink';");
  await page.getByTestId('run').click();
  await expect(page.getByTestId('step-sentence')).toContainText('LeftTable +I[2023-11-03 12:22:47.268, 1, L1] arrived');
  await expect(page.getByTestId('error')).toBeHidden();
});

test('a trace of another schema version is refused with a clear error, not drawn', async ({ page }) => {
  // The engine's worker is served with a wrapper that marks every trace it sends as version 99
  // (as a page and an engine from different builds would).
  await page.route('**/assets/worker-*.js', async (route) => {
    const res = await route.fetch();
    const patch =
      'const jlPost = self.postMessage.bind(self);\n' +
      'self.postMessage = (m, ...rest) => { if (m && m.ok && m.result && m.result.trace) m.result.trace.version = 99; return jlPost(m, ...rest); };\n';
    return route.fulfill({ response: res, body: patch + (await res.text()) });
  });
  const crashes: string[] = [];
  page.on('pageerror', (e) => crashes.push(e.message));
  await page.goto('./?example=01_full_outer_join');
  const error = page.getByTestId('error');
  await expect(error).toContainText('The engine returned a trace of version 99, but this page reads version 7');
  await expect(error).toContainText('Rebuild the site (npm run build)');
  await expect(page.getByTestId('step-sentence')).toBeEmpty();
  await expect(page.getByTestId('editor')).toContainText("SET 'joinlab.dialect' = 'flink';");
  // Another run gets the same answer, calmly.
  await page.getByTestId('run').click();
  await expect(error).toContainText('version 99');
  expect(crashes).toEqual([]);
});
