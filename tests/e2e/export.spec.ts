// The page's Export button (www/src/export/): the script in the editor written for Apache Flink's
// SQL client or Confluent Cloud, exactly as the native `joinlab export` writes it (issue 18); the
// exporter's module is fetched on the first press only, never at the page's load; a script the
// exporter refuses shows the CLI's message with its line and column; Copy and Download give the
// text. Compared with the native CLI ($CARGO_TARGET_DIR or target/, debug: `npm test` builds it
// before the page's tests).

import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { EXAMPLES_DIR, exampleScript, openExample, openPage, ROOT, shareHash } from './helpers';

const target = process.env.CARGO_TARGET_DIR ? path.resolve(ROOT, process.env.CARGO_TARGET_DIR) : path.join(ROOT, 'target');
const cli = path.join(target, 'debug/joinlab');

/** What the native CLI writes for `script` (exit code 0 expected). */
function nativeExport(script: string, to: 'flink' | 'confluent', dialect: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'joinlab-export-'));
  const file = path.join(dir, 'script.sql');
  writeFileSync(file, script);
  return execFileSync(cli, ['export', '--target', to, '--dialect', dialect, file], { encoding: 'utf8' });
}

/** The wasm files the page fetched (their file names). */
function wasmRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('.wasm')) seen.push(path.basename(new URL(r.url()).pathname));
  });
  return seen;
}

test.beforeAll(() => {
  if (!existsSync(cli)) execFileSync('cargo', ['build', '-q', '-p', 'joinlab-cli'], { cwd: ROOT, stdio: 'inherit' });
});

test('Export writes what joinlab export writes, for both targets; the exporter loads on the first press', async ({ page }) => {
  const name = '18_orders_customers';
  const script = exampleScript(readFileSync(path.join(EXAMPLES_DIR, `${name}.sql`), 'utf8'));
  const wasm = wasmRequests(page);
  await openExample(page, name);
  expect(wasm.some((f) => f.startsWith('joinlab-export-')), 'the exporter is not fetched at load').toBe(false);

  await page.getByTestId('export').click();
  const panel = page.getByTestId('export-panel');
  await expect(panel).toBeVisible();
  await expect(page.getByTestId('export-status')).toContainText('Exported for Confluent Cloud');
  expect(wasm.filter((f) => f.startsWith('joinlab-export-'))).toHaveLength(1);
  // The page runs in the confluent dialect by default, so the target offered first is Confluent.
  await expect(page.getByTestId('export-target-confluent')).toBeChecked();
  expect(await page.getByTestId('export-out').inputValue()).toBe(nativeExport(script, 'confluent', 'confluent'));

  await page.getByTestId('export-target-flink').check();
  await expect(page.getByTestId('export-status')).toContainText("Exported for Apache Flink's SQL client");
  const flink = await page.getByTestId('export-out').inputValue();
  expect(flink).toBe(nativeExport(script, 'flink', 'confluent'));
  expect(flink).toContain("'connector' = 'kafka'");

  // Download: the same text, named for the target.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-download').click()]);
  expect(download.suggestedFilename()).toBe('joinlab-flink.sql');
  expect(readFileSync(await download.path(), 'utf8')).toBe(flink);

  // Escape closes the dialog and gives the focus back to the button; the next press exports the
  // editor's script as it is now, without fetching the exporter again; Close closes it too.
  await page.getByTestId('export-out').press('Escape');
  await expect(page.getByTestId('export-panel')).toHaveCount(0);
  await expect(page.getByTestId('export')).toBeFocused();
  await page.getByTestId('export').click();
  await expect(page.getByTestId('export-status')).toContainText('Exported for');
  expect(wasm.filter((f) => f.startsWith('joinlab-export-'))).toHaveLength(1);
  await page.getByTestId('export-close').click();
  await expect(page.getByTestId('export-panel')).toHaveCount(0);
});

test('Export in the flink dialect offers the Flink target, and says where a script is not exported faithfully', async ({ page }) => {
  // An `@` line retracting from an append-only table cannot be exported faithfully: a comment.
  const script = [
    'CREATE TABLE t (k INT, v STRING) WITH (\'connector\' = \'values\');',
    '@t 1 | a',
    '@t -D 1 | a',
    'SELECT * FROM t;',
  ].join('\n');
  await openPage(page, `./${shareHash({ script, dialect: 'flink' })}`);
  await page.getByTestId('export').click();
  await expect(page.getByTestId('export-target-flink')).toBeChecked();
  await expect(page.getByTestId('export-status')).toContainText("Exported for Apache Flink's SQL client");
  const text = await page.getByTestId('export-out').inputValue();
  expect(text).toBe(nativeExport(script, 'flink', 'flink'));
  // The CLI lists them on stderr with -o: the page counts the same.
  const dir = mkdtempSync(path.join(tmpdir(), 'joinlab-export-'));
  writeFileSync(path.join(dir, 's.sql'), script);
  const r = spawnSync(cli, ['export', '--target', 'flink', '--dialect', 'flink', path.join(dir, 's.sql'), '-o', path.join(dir, 'out.sql')], { encoding: 'utf8' });
  const m = /^joinlab: (\d+) thing\(s\) not exported faithfully/m.exec(r.stderr);
  expect(m, r.stderr).not.toBeNull();
  const n = Number(m?.[1]);
  await expect(page.getByTestId('export-status')).toContainText(`${n} thing${n === 1 ? '' : 's'} not exported faithfully`);
});

test('a script the exporter refuses shows the CLI message with its line and column', async ({ page }) => {
  const script = 'CREATE TABLE t (k INT) WITH (\'connector\' = \'values\');\nSELECT * FROM t WHERE;\n';
  await openPage(page, `./${shareHash({ script })}`);
  await page.getByTestId('export').click();
  const status = page.getByTestId('export-status');
  await expect(status).toContainText('This script cannot be exported');
  await expect(status).toContainText(/line 2/);
  await expect(page.getByTestId('export-copy')).toBeDisabled();
  await expect(page.getByTestId('export-download')).toBeDisabled();
  // The CLI says the same (and exits 1).
  const dir = mkdtempSync(path.join(tmpdir(), 'joinlab-export-'));
  writeFileSync(path.join(dir, 's.sql'), script);
  let said = '';
  try {
    execFileSync(cli, ['export', '--target', 'confluent', path.join(dir, 's.sql')], { encoding: 'utf8', stdio: 'pipe' });
  } catch (e) {
    said = `${(e as { stdout?: string }).stdout ?? ''}`;
  }
  const where = said.split('\n').find((l) => l.startsWith('query 1 at line 2, column ')) ?? '(no such line)';
  await expect(status).toContainText(where);
});
