// UNNEST (Flink's Correlate) on the page: one input row fans out into one row per element of its
// collection. The events pane tells the fan-out (each produced row with its element's 1-based
// position, its ordinality), the changelog groups the rows of one input row under a caption
// linked to that row's step and tags each row with its element, and the timeline's text lists
// the fan-out its lineage lines draw. An empty or NULL array gives no row under CROSS JOIN and
// one NULL-padded row under LEFT JOIN ... ON TRUE. Expectations are derived by hand from the SQL
// and data of the gallery examples 32–34 (Flink's UNNEST: arrays in order, positions from 1, the
// outer row's change kind on every produced row); the changelogs themselves are checked against
// Flink in gallery.spec.ts.

import { expect, type Page, test } from '@playwright/test';
import { artifactPath, openExample, settled } from './helpers';

const counter = (page: Page) => page.locator('.jl-counter');
const group = (page: Page, step: number) => page.locator(`.jl-group[data-step="${step}"]`);
const unnestEvents = (page: Page) => page.locator('.jl-events li.jl-ev-unnest');
const marks = (page: Page) => page.getByTestId('timeline-marks').locator('li');

async function goToStep(page: Page, step: number, total: number): Promise<void> {
  await page.getByTestId('step-slider').fill(String(step));
  await expect(counter(page)).toHaveText(step > total - 1 ? new RegExp(`${step}/${total}$`) : `step ${step}/${total}`);
  await settled(page);
}

async function selectQuery(page: Page, i: number): Promise<void> {
  await page.getByLabel('Query to step through').selectOption(String(i - 1));
  await settled(page);
}

async function openEvents(page: Page): Promise<void> {
  const box = page.locator('.jl-events-box');
  if ((await box.getAttribute('open')) === null) await box.locator('summary').click();
}

test('a 3-element array fans out into 3 rows, each with its element and ordinality', async ({ page }) => {
  await openExample(page, '32_unnest_tags');
  await openEvents(page);
  // Query 1, step 1: o1 [gift, fragile, express] → one row per tag, in the array's order.
  await goToStep(page, 1, 5);
  await expect(unnestEvents(page)).toHaveText([
    'Correlate (#1) unnests orders +I[o1, [gift, fragile, express]]: 3 elements → +I[o1, gift] (element 1), +I[o1, fragile] (element 2), +I[o1, express] (element 3)',
  ]);
  const fan = group(page, 1).getByTestId('changelog-fanout');
  await expect(fan).toHaveCount(1);
  await expect(fan.getByTestId('unnest-why')).toHaveText('UNNEST: orders +I[o1, [gift, fragile, express]] (step 1) fans out into 3 rows, one per element of its collection.');
  await expect(fan.getByTestId('changelog-row')).toHaveText(['+I[o1, gift]', '+I[o1, fragile]', '+I[o1, express]']);
  await expect(fan.getByTestId('unnest-element')).toHaveText(['element 1', 'element 2', 'element 3']);
  await expect(marks(page)).toContainText(['fan-out: #1 orders +I[o1, [gift, fragile, express]] → 3 rows: +I[o1, gift] (element 1), +I[o1, fragile] (element 2), +I[o1, express] (element 3)']);
  // Step 2: o2's empty array gives nothing.
  await goToStep(page, 2, 5);
  await expect(unnestEvents(page)).toHaveText(['Correlate (#1) unnests orders +I[o2, []]: the collection is empty: no element, so no row comes out']);
  await expect(group(page, 2)).toHaveCount(0);
  // Step 4: o4 [express, gift]: two rows, the caption's link goes back to the input row's step.
  await goToStep(page, 4, 5);
  await expect(group(page, 4).getByTestId('unnest-element')).toHaveText(['element 1', 'element 2']);
  await expect(group(page, 4).getByTestId('changelog-row')).toHaveText(['+I[o4, express]', '+I[o4, gift]']);
  await group(page, 1).getByTestId('unnest-input').click();
  await expect(counter(page)).toHaveText('step 1/5');

  // Query 2 (WITH ORDINALITY): the position is the last column and matches the element's number.
  await selectQuery(page, 2);
  await goToStep(page, 1, 5);
  await expect(unnestEvents(page)).toHaveText([
    'Correlate (#1) unnests orders +I[o1, [gift, fragile, express]]: 3 elements → +I[o1, gift, 1] (element 1), +I[o1, fragile, 2] (element 2), +I[o1, express, 3] (element 3)',
  ]);
  await expect(group(page, 1).getByTestId('changelog-row')).toHaveText(['+I[o1, gift, 1]', '+I[o1, fragile, 2]', '+I[o1, express, 3]']);
  await expect(group(page, 1).getByTestId('unnest-element')).toHaveText(['element 1', 'element 2', 'element 3']);
  await goToStep(page, 3, 5);
  await expect(group(page, 3).getByTestId('changelog-row')).toHaveText(['+I[o3, sale, 1]']);
  await expect(group(page, 3).getByTestId('unnest-why')).toHaveText('UNNEST: orders +I[o3, [sale]] (step 3) fans out into 1 row, one per element of its collection.');
  await goToStep(page, 1, 5);
  await page.locator('.timeline').screenshot({ path: artifactPath('unnest', 'fan-out-step-1.png') });
  await page.screenshot({ path: artifactPath('unnest', 'ordinality-step-1.png'), fullPage: true });
});

test('an empty or NULL array: no row under CROSS JOIN, one NULL-padded row under LEFT JOIN ON TRUE', async ({ page }) => {
  await openExample(page, '33_unnest_left_empty_null');
  await openEvents(page);
  // Query 1 (CROSS): o2 [] and o3 NULL give nothing.
  await goToStep(page, 2, 5);
  await expect(unnestEvents(page)).toHaveText(['Correlate (#1) unnests orders +I[o2, []]: the collection is empty: no element, so no row comes out']);
  await goToStep(page, 3, 5);
  await expect(unnestEvents(page)).toHaveText(['Correlate (#1) unnests orders +I[o3, NULL]: the collection is NULL: no element, so no row comes out']);
  await expect(marks(page)).toContainText(['fan-out: #3 orders +I[o3, NULL] → no row (NULL collection)']);
  await expect(group(page, 2)).toHaveCount(0);
  await expect(group(page, 3)).toHaveCount(0);
  // A NULL element is an element: o4 [sale, NULL] gives two rows.
  await goToStep(page, 4, 5);
  await expect(group(page, 4).getByTestId('changelog-row')).toHaveText(['+I[o4, sale]', '+I[o4, NULL]']);
  await expect(group(page, 4).getByTestId('unnest-element')).toHaveText(['element 1', 'element 2']);

  // Query 2 (LEFT JOIN ... ON TRUE): each keeps its row once, padded with NULLs.
  await selectQuery(page, 2);
  await goToStep(page, 2, 5);
  await expect(unnestEvents(page)).toHaveText(['Correlate (#1) unnests orders +I[o2, []]: the collection is empty: no element; LEFT JOIN keeps the row once, padded with NULLs → +I[o2, NULL]']);
  await expect(group(page, 2).getByTestId('changelog-row')).toHaveText(['+I[o2, NULL]']);
  await expect(group(page, 2).getByTestId('unnest-element')).toHaveText(['padded: no element']);
  await expect(group(page, 2).getByTestId('unnest-why')).toHaveText('UNNEST: orders +I[o2, []] (step 2): its collection is empty, so LEFT JOIN keeps it once, padded with NULLs.');
  await goToStep(page, 3, 5);
  await expect(unnestEvents(page)).toHaveText(['Correlate (#1) unnests orders +I[o3, NULL]: the collection is NULL: no element; LEFT JOIN keeps the row once, padded with NULLs → +I[o3, NULL]']);
  await expect(group(page, 3).getByTestId('changelog-row')).toHaveText(['+I[o3, NULL]']);
  await expect(group(page, 3).getByTestId('unnest-why')).toHaveText('UNNEST: orders +I[o3, NULL] (step 3): its collection is NULL, so LEFT JOIN keeps it once, padded with NULLs.');

  // Query 3 (LEFT ... WITH ORDINALITY, Flink 2.3 runs it): the padded row's position is NULL.
  await selectQuery(page, 3);
  await goToStep(page, 2, 5);
  await expect(group(page, 2).getByTestId('changelog-row')).toHaveText(['+I[o2, NULL, NULL]']);
  await goToStep(page, 4, 5);
  await expect(group(page, 4).getByTestId('changelog-row')).toHaveText(['+I[o4, sale, 1]', '+I[o4, NULL, 2]']);
  await expect(group(page, 4).getByTestId('unnest-element')).toHaveText(['element 1', 'element 2']);
  await page.screenshot({ path: artifactPath('unnest', 'left-join-padded.png'), fullPage: true });
});

test('UNNEST feeding a join: the fan-out in the events, the join rows not tagged as elements', async ({ page }) => {
  await openExample(page, '34_unnest_feeding_join');
  await openEvents(page);
  // Step 3: order 1 [10, 20, 30] → three rows into the join; 10 and 20 join at once, 30 waits.
  await goToStep(page, 3, 7);
  await expect(unnestEvents(page)).toHaveText([/^Correlate \(#\d+\) unnests orders \+I\[1, \[10, 20, 30\]\]: 3 elements → \+I\[1, \[10, 20, 30\], 10\] \(element 1\), \+I\[1, \[10, 20, 30\], 20\] \(element 2\), \+I\[1, \[10, 20, 30\], 30\] \(element 3\)$/]);
  await expect(group(page, 3).getByTestId('changelog-row')).toHaveText(['+I[1, 10, Apple]', '+I[1, 20, Pear]']);
  await expect(group(page, 3).getByTestId('changelog-fanout')).toHaveCount(0);
  await expect(marks(page)).toContainText([/^fan-out: #3 orders \+I\[1, \[10, 20, 30\]\] → 3 rows: /]);
});
