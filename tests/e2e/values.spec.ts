// A query over VALUES rows: Flink emits them when the job starts, before the first data row (the
// CLI's `# at job start`, the trace's `QueryTrace.start`). The page shows that as position 0,
// before step 1: the counter, the step sentence, the changelog's first group, the result table,
// the steps table and the join's state at the start. Expectations worked out by hand: a LEFT
// JOIN with the VALUES on the left pads both VALUES rows with NULLs at the start (t has no row
// yet); t's row for a then retracts Alpha's padded row and sends the joined one; b matches
// nothing on the left (the right side of a LEFT JOIN is never padded).

import { expect, test } from '@playwright/test';
import lz from 'lz-string';
import { openPage, settled } from './helpers';

const SCRIPT = `SET 'table.local-time-zone' = 'UTC';
CREATE TABLE t (k STRING, v INT);
@t a | 1
@t b | 2
SELECT x.k, x.name, t.v FROM (VALUES ('a', 'Alpha'), ('c', 'Gamma')) AS x(k, name) LEFT JOIN t ON t.k = x.k;
`;

/** A share link that names its step, 0 included (the helper's drops the default). */
const link = (step?: number) => `./#v1/${lz.compressToEncodedURIComponent(JSON.stringify(step === undefined ? { script: SCRIPT } : { script: SCRIPT, step }))}`;

test('VALUES rows at job start: position 0 before step 1, in the counter, sentence, changelog, result, steps table and state', async ({ page }) => {
  await openPage(page, link(0));
  const counter = page.locator('.jl-counter');
  // two data steps and the end of input; the start is position 0
  await expect(counter).toHaveText('job start · 0/3');
  const sentence = page.getByTestId('step-sentence');
  await expect(sentence).toContainText('The job started: its VALUES rows came out at once (2 rows), and the VALUES source finished (watermark +inf)');
  await expect(sentence).toContainText('stored on the left side under key [a]');
  const start = page.locator('.jl-group[data-step="0"]');
  await expect(start.locator('.jl-step-link').first()).toHaveText('# at job start');
  await expect(start.getByTestId('changelog-row')).toHaveText(['+I[a, Alpha, NULL]', '+I[c, Gamma, NULL]']);
  await expect(page.locator('.jl-group')).toHaveCount(1);
  await expect(page.getByTestId('result-table').locator('tbody tr[data-row]')).toHaveCount(2);
  // The join's state at the start (the engine's replay to position 0): both VALUES rows wait on the left.
  await page.getByRole('tab', { name: 'State' }).click();
  const join = page.getByTestId('state-pane').locator('table[data-op="0"]');
  await expect(join.locator('tr[data-key="a"] td[data-side="left"]')).toContainText('[a, Alpha]');
  await expect(join.locator('tr[data-key="c"] td[data-side="left"]')).toContainText('[c, Gamma]');
  await expect(join.locator('td[data-side="right"] [data-testid=state-row]')).toHaveCount(0);
  // The steps table has the start as its first row.
  await page.getByRole('tab', { name: 'Timeline table' }).click();
  const row0 = page.locator('.jl-steps tr[data-pos="0"]');
  await expect(row0.locator('th')).toHaveText('start');
  await expect(row0).toContainText('job start (VALUES)');
  await expect(row0).toHaveClass(/jl-current/);
  await expect(page.locator('.jl-steps tbody tr')).toHaveCount(4);

  // → step 1: t's row a joins Alpha: the padded row is retracted (-D) and replaced (+I).
  await page.getByTestId('step-next').click();
  await settled(page);
  await expect(counter).toHaveText('step 1/3');
  await expect(page.locator('.jl-group[data-step="1"]').getByTestId('changelog-row')).toHaveText(['-D[a, Alpha, NULL]', '+I[a, Alpha, 1]']);
  await expect(page.locator('.jl-group[data-step="0"]')).toHaveCount(1);
  const result = await page.getByTestId('result-table').locator('tbody tr[data-row]').evaluateAll((trs) => trs.map((t) => t.getAttribute('data-row')));
  expect(result.sort()).toEqual(['[a, Alpha, 1]', '[c, Gamma, NULL]']);
  // step 2: b has no VALUES row to join
  await page.getByTestId('step-next').click();
  await settled(page);
  await expect(counter).toHaveText('step 2/3');
  await expect(page.locator('.jl-group[data-step="2"]')).toHaveCount(0);
  // Home (and the first-step button) go back to the start, not to step 1.
  await page.locator('body').click({ position: { x: 2, y: 2 } });
  await page.keyboard.press('Home');
  await settled(page);
  await expect(counter).toHaveText('job start · 0/3');
  await expect(page.locator('.jl-group')).toHaveCount(1);
  await page.getByTestId('step-next').click();
  await page.getByTestId('step-first').click();
  await expect(counter).toHaveText('job start · 0/3');
});

test('a link without a step opens at step 1, with the rows of the job start already in the changelog', async ({ page }) => {
  await openPage(page, link());
  await expect(page.locator('.jl-counter')).toHaveText('step 1/3');
  await expect(page.locator('.jl-group[data-step="0"]').getByTestId('changelog-row')).toHaveText(['+I[a, Alpha, NULL]', '+I[c, Gamma, NULL]']);
  // its -D takes back the row sent at the job start
  await expect(page.locator('.jl-group[data-step="1"]').getByTestId('retracts')).toHaveText('takes back #1 (job start)');
});
