// Process table functions on the page (issue 13): Confluent's sensor-fusion tutorial pasted into
// the editor — its CREATE FUNCTION ... USING JAR, the two tables, the 30 readings and the query —
// gives the tutorial's two rows (M1 TRUE for 09:00–09:05, M2 FALSE), and the State tab's PTF view
// shows each partition's state entries as they change: M1's temperature and humidity lists before
// the verdict, the lists cleared by the step that rolls M1's window forward (highlighted, with the
// old values beside them), the function's sentence with M1's medians (79.0 and 86.5), and the
// emitted row linked to the steps of the eight readings its lists held. The by-time rows are
// Flink's (oracle i3, conformance ptf/sensor_fusion_sql_by_time: every closed window has readings
// of both tables, so the tutorial's class and the oracle's agree); the step numbers follow from
// the by-time merge of the tutorial's event times (M1's readings are steps 1, 2, 5, 6, 9, 10, 13,
// 14). As written, the tutorial's own class emits nothing (a window with an empty list is not
// emitted: WAVE2-RESEARCH.md §5.4; derived by hand in crates/engine/tests/ptf.rs), while the
// oracle's class (example 35) gives Flink's 6 FALSE rows (oracle i4); the compare views show both.

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { artifactPath, EXAMPLES_DIR, exampleScript, openExample, openPage, resultRows, settled } from './helpers';

const TUTORIAL = exampleScript(readFileSync(path.join(EXAMPLES_DIR, '11_ptf_sensor_fusion_tutorial.sql'), 'utf8')).trim();
const BY_TIME = ['[M1, M1, 2026-08-01 09:00:00, 2026-08-01 09:05:00, TRUE]', '[M2, M2, 2026-08-01 09:00:00, 2026-08-01 09:05:00, FALSE]'];
const AS_WRITTEN = [
  '[M1, M1, 2026-08-01 09:00:00, 2026-08-01 09:05:00, FALSE]',
  '[M1, M1, 2026-08-01 09:00:00, 2026-08-01 09:05:00, FALSE]',
  '[M1, M1, 2026-08-01 09:05:00, 2026-08-01 09:10:00, FALSE]',
  '[M2, M2, 2026-08-01 09:00:00, 2026-08-01 09:05:00, FALSE]',
  '[M2, M2, 2026-08-01 09:00:00, 2026-08-01 09:05:00, FALSE]',
  '[M2, M2, 2026-08-01 09:05:00, 2026-08-01 09:10:00, FALSE]',
];

const counter = (page: Page) => page.locator('.jl-counter');
const entry = (page: Page, key: string, name: string) => page.getByTestId('ptf-state').locator(`tr[data-key="${key}"] td[data-entry="${name}"]`);

async function goToStep(page: Page, step: number): Promise<void> {
  await page.getByTestId('step-slider').fill(String(step));
  await expect(counter(page)).toHaveText(new RegExp(`(^step ${step}/|· ${step}/)`));
  await settled(page);
}

/** A list cell's elements: their values and the step whose row added each. */
async function expectItems(items: Locator, values: string[], steps: number[]): Promise<void> {
  await expect(items.locator('.jl-ptf-value')).toHaveText(values);
  expect(await items.evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-step'))))).toEqual(steps);
}

/** Replaces the editor's text the way a paste does (one insertion: no auto-indent, no auto-closed brackets). */
async function paste(page: Page, text: string): Promise<void> {
  await page.getByTestId('editor').click();
  await page.keyboard.press('Control+A');
  await page.evaluate((t) => {
    const dt = new DataTransfer();
    dt.setData('text/plain', t);
    document.querySelector('.cm-content')?.dispatchEvent(new ClipboardEvent('paste', { clipboardData: dt, bubbles: true, cancelable: true }));
  }, text);
}

test('the tutorial pasted into the editor gives its two rows, and the state view shows M1 step by step', async ({ page }) => {
  await openPage(page, './?example=01_full_outer_join');
  await paste(page, TUTORIAL);
  // 30 readings and the end of input; no error (the USING JAR function is built in).
  await expect(counter(page)).toHaveText(/\/31$/);
  await expect(page.getByTestId('error')).toBeHidden();
  expect(await page.evaluate(() => document.querySelector('.cm-content')?.textContent)).toBe(TUTORIAL.split('\n').join(''));

  // Step 16: M1's window 09:00–09:05 holds four temperatures and four humidities.
  await goToStep(page, 16);
  await expect(page.getByTestId('ptf-state-note')).toContainText('SensorFusionPtf keeps one state per partition');
  await expect(page.getByTestId('ptf-state').locator('[data-testid=ptf-partition]')).toHaveCount(2);
  await expectItems(entry(page, 'M1', 'temperatures').locator('.jl-ptf-now .jl-ptf-item'), ['78.0', '80.0', '76.0', '82.0'], [1, 5, 9, 13]);
  await expectItems(entry(page, 'M1', 'humidities').locator('.jl-ptf-now .jl-ptf-item'), ['85.0', '88.0', '82.0', '90.0'], [2, 6, 10, 14]);
  await expect(entry(page, 'M1', 'windowStartMillis')).toContainText('(09:00:00)');
  await expect(entry(page, 'M1', 'windowEndMillis')).toContainText('(09:05:00)');
  // Step 16 is M2's humidity reading: M2's row changed, M1's did not.
  await expect(entry(page, 'M2', 'humidities')).toHaveAttribute('data-changed', 'true');
  await expect(entry(page, 'M1', 'humidities')).not.toHaveAttribute('data-changed', 'true');
  await expect(page.getByTestId('ptf-why')).toHaveText("still in M2's window [09:00:00, 09:05:00): the reading is added to its list, nothing is emitted");

  // Step 17: M1 09:05:10 rolls M1's window forward: the verdict with its medians, the lists cleared.
  await goToStep(page, 17);
  const why = "temperature reading M1 09:05:10 rolled M1's window forward: median temperature 79.0 > 75.0, median humidity 86.5 > 80.0 → needsMaintenance TRUE for [09:00:00, 09:05:00)";
  await expect(page.getByTestId('ptf-why')).toHaveText(why);
  await expect(page.getByTestId('step-sentence')).toContainText('median temperature 79.0 > 75.0, median humidity 86.5 > 80.0');
  await expect(entry(page, 'M1', 'temperatures')).toHaveAttribute('data-changed', 'true');
  await expectItems(entry(page, 'M1', 'temperatures').locator('.jl-ptf-old .jl-ptf-item'), ['78.0', '80.0', '76.0', '82.0'], [1, 5, 9, 13]);
  await expectItems(entry(page, 'M1', 'temperatures').locator('.jl-ptf-now .jl-ptf-item'), ['70.0'], [17]);
  await expectItems(entry(page, 'M1', 'humidities').locator('.jl-ptf-old .jl-ptf-item'), ['85.0', '88.0', '82.0', '90.0'], [2, 6, 10, 14]);
  await expect(entry(page, 'M1', 'windowStartMillis')).toContainText('(09:05:00)');
  const emitted = page.getByTestId('ptf-emitted');
  await expect(emitted).toHaveCount(1);
  await expect(emitted).toContainText('+I[M1, M1, 2026-08-01 09:00:00, 2026-08-01 09:05:00, TRUE]');
  await expect(emitted.locator('button[data-step]')).toHaveText(['1', '2', '5', '6', '9', '10', '13', '14']);
  await expect(page.locator('.jl-group[data-step="17"] [data-testid=changelog-row]')).toHaveText(['+I[M1, M1, 2026-08-01 09:00:00, 2026-08-01 09:05:00, TRUE]']);
  await page.screenshot({ path: artifactPath('ptf', 'tutorial-step-17.png'), fullPage: true });
  await page.getByTestId('state-pane').screenshot({ path: artifactPath('ptf', 'state-step-17.png') });
  // A link of the emitted row goes to the reading's step.
  await emitted.locator('button[data-step="5"]').click();
  await expect(counter(page)).toHaveText('step 5/31');

  // Step 19: M2's verdict.
  await goToStep(page, 19);
  await expect(page.getByTestId('ptf-why')).toContainText('median temperature 61.0 ≤ 75.0');
  await expect(page.getByTestId('ptf-why')).toContainText('needsMaintenance FALSE');

  // The end: the tutorial's two rows; the second window never emits.
  await page.getByTestId('step-last').click();
  await settled(page);
  expect(await resultRows(page)).toEqual(BY_TIME);

  // A ProcessTableFunction is a join to the page (role join, sides = its tables): every tab and
  // the events draw it without a failure.
  await page.locator('.jl-events-box summary').click();
  await goToStep(page, 17);
  await expect(page.locator('.jl-events li.jl-ev-ptf_call')).toContainText(["ProcessTableFunction (#1), partition M1: eval for the temperature_readings row +I[M1, 70.0"]);
  for (const tab of ['Data', 'Timeline table', 'Plan', 'State']) {
    await page.getByRole('tab', { name: tab }).click();
    await settled(page);
  }
  await expect(page.locator('[data-failed]')).toHaveCount(0);
});

test('a one-table PTF: GreetingPtf counts per name, and the counter change is highlighted', async ({ page }) => {
  await openExample(page, '39_ptf_greeting');
  await goToStep(page, 3);
  await expect(entry(page, 'Bob', 'counter')).toHaveAttribute('data-changed', 'true');
  await expect(entry(page, 'Bob', 'counter').locator('del')).toHaveText('1');
  await expect(entry(page, 'Bob', 'counter')).toContainText('2');
  await expect(entry(page, 'Alice', 'counter')).not.toHaveAttribute('data-changed', 'true');
  await expect(page.getByTestId('ptf-why')).toHaveText('counter = 2, so it says "Hello Bob, your 2 time?"');
  await expect(page.getByTestId('ptf-emitted')).toHaveText(['+I[Bob, Hello Bob, your 2 time?]']);
  await expect(page.locator('[data-failed]')).toHaveCount(0);
});

test('as written the tutorial emits nothing; the compare view shows both orders side by side', async ({ page }) => {
  await openExample(page, '11_ptf_sensor_fusion_tutorial');
  await expect(counter(page)).toHaveText(/\/31$/);
  // Compare arrival orders: the same script both ways.
  await page.getByTestId('compare-arrival').click();
  const sides = page.getByTestId('compare').getByTestId('compare-side');
  await expect(sides).toHaveCount(2);
  await expect(sides.nth(0)).toHaveAttribute('data-label', 'by event time');
  await expect(sides.nth(0).getByTestId('compare-result').locator('li')).toHaveText(BY_TIME);
  await expect(sides.nth(1)).toHaveAttribute('data-label', 'as written');
  await expect(sides.nth(1).getByTestId('compare-result').locator('li')).toHaveCount(0);
  await expect(sides.nth(1).getByTestId('compare-count')).toHaveText('0 changelog rows; 0 in the result');
  await page.screenshot({ path: artifactPath('ptf', 'compare-arrival.png'), fullPage: true });
  await page.getByTestId('compare').screenshot({ path: artifactPath('ptf', 'compare-view.png') });
  // The button again closes it.
  await page.getByTestId('compare-arrival').click();
  await expect(page.getByTestId('compare')).toBeHidden();

  // Switching the setting edits the script and runs it as written.
  await page.locator('.jl-settings select').first().selectOption('as-written');
  await expect(page.getByTestId('editor')).toContainText("SET 'joinlab.arrival' = 'as-written';");
  // (the edited script runs after the editor's debounce)
  await expect
    .poll(async () => {
      await page.getByTestId('step-last').click();
      await settled(page);
      return page.getByTestId('editor').textContent();
    })
    .toContain('as-written');
  await goToStep(page, 9);
  // M1's first window rolls forward before any humidity arrived: the tutorial's class emits nothing.
  await expect(entry(page, 'M1', 'humidities')).toContainText('[]');
  await expect(page.getByTestId('ptf-why')).toContainText("has no humidity readings: the tutorial's emitWindowResult emits nothing then");
  await page.getByTestId('step-last').click();
  await settled(page);
  expect(await resultRows(page)).toEqual([]);
});

test("the gallery's compare line puts two examples side by side", async ({ page }) => {
  await openExample(page, '11_ptf_sensor_fusion_tutorial');
  await page.getByTestId('compare-example').click();
  const sides = page.getByTestId('compare').getByTestId('compare-side');
  await expect(sides).toHaveCount(2);
  await expect(sides.nth(0).getByTestId('compare-result').locator('li')).toHaveText(BY_TIME);
  await expect(sides.nth(1).getByTestId('compare-result').locator('li')).toHaveText(AS_WRITTEN);
  // "Step through this one" loads that side's script.
  await sides.nth(1).getByRole('button', { name: 'Step through this one' }).click();
  await expect(page.getByTestId('editor')).toContainText("SET 'joinlab.arrival' = 'as-written';");
});
