// Faker tables (issue 20, docs/mock-data.md "Faker tables"): the gallery's faker example draws
// its rows in the browser's engine from JoinLab's seeded generator, so the page must show, step
// for step, exactly the changelog and result the native CLI prints for the same script; another
// seed gives other rows (and again the native CLI's). No oracle can check faker rows (Confluent
// and flink-faker draw DataFaker's own random values): the native build is the reference here,
// and the values themselves are checked in crates/engine (datagen::faker::tests, tests/faker.rs).

import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import {
  artifactPath,
  changelogByStep,
  currentStep,
  EXAMPLES_DIR,
  exampleScript,
  openExample,
  openPage,
  parseExpected,
  resultRows,
  ROOT,
  settled,
  shareHash,
  type ExpectedQuery,
} from './helpers';

const target = process.env.CARGO_TARGET_DIR ? path.resolve(ROOT, process.env.CARGO_TARGET_DIR) : path.join(ROOT, 'target');
const cli = path.join(target, 'debug/joinlab');
const NAME = '52_faker_orders_customers';
const SCRIPT = exampleScript(readFileSync(path.join(EXAMPLES_DIR, `${NAME}.sql`), 'utf8'));
const SEED_LINE = "SET 'joinlab.seed' = '3';";

test.beforeAll(() => {
  if (!existsSync(cli)) execFileSync('cargo', ['build', '-q', '-p', 'joinlab-cli'], { cwd: ROOT, stdio: 'inherit' });
});

/** The native CLI's first query for `script` (the page's dialect, Confluent). */
function native(script: string): ExpectedQuery {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'joinlab-faker-')), 'script.sql');
  writeFileSync(file, script);
  const [q] = parseExpected(execFileSync(cli, ['run', file, '--dialect', 'confluent'], { encoding: 'utf8' }));
  return q;
}

/** The page's changelog (per step) and result table once stepped to the end. */
async function shownAtEnd(page: Page): Promise<{ changelog: Map<string, string[]>; rows: string[] }> {
  await expect(page.getByTestId('error')).toBeHidden();
  await page.getByTestId('step-last').click();
  await settled(page);
  const { pos, total } = await currentStep(page);
  expect(total).toBeGreaterThan(0);
  expect(pos).toBe(total);
  return { changelog: await changelogByStep(page), rows: await resultRows(page) };
}

function expectSame(shown: { changelog: Map<string, string[]>; rows: string[] }, want: ExpectedQuery): void {
  expect(want.error).toBe(false);
  // the same steps, each with the same rows in the same order
  expect([...shown.changelog.keys()]).toEqual([...want.steps.keys()]);
  for (const [step, rows] of want.steps) expect(shown.changelog.get(step), `rows of step ${step}`).toEqual(rows);
  expect(shown.rows).toEqual(want.bounded);
}

test("the faker example: the page shows the native CLI's changelog and result, step for step", async ({ page }) => {
  expect(SCRIPT).toContain(SEED_LINE);
  const want = native(SCRIPT);
  // the example's point: rows join, and a customer drawn again updates its pairs
  expect([...want.steps.values()].flat().some((r) => r.startsWith('-U['))).toBe(true);
  expect(want.bounded?.length ?? 0).toBeGreaterThan(5);
  await openExample(page, NAME);
  await expect(page.locator(`[data-example="${NAME}"]`)).toHaveAttribute('aria-current', 'true');
  expectSame(await shownAtEnd(page), want);
  await page.screenshot({ path: artifactPath('faker', 'orders-customers.png'), fullPage: true });
});

test('another seed gives other rows, on the page as natively', async ({ page }) => {
  const other = SCRIPT.replace(SEED_LINE, "SET 'joinlab.seed' = '4';");
  expect(other).not.toBe(SCRIPT);
  const want = native(other);
  const before = native(SCRIPT);
  // other rows: the changelog differs (the same expressions, so the same shape)
  expect(JSON.stringify([...want.steps])).not.toBe(JSON.stringify([...before.steps]));
  expect(want.bounded).not.toEqual(before.bounded);
  await openPage(page, `./${shareHash({ script: other })}`);
  const shown = await shownAtEnd(page);
  expectSame(shown, want);
  // and the same seed again gives the same rows
  await openPage(page, `./${shareHash({ script: other })}`);
  expect(await shownAtEnd(page)).toEqual(shown);
});
