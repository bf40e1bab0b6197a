// Interval joins on the page: the band of times the arriving row can join (on the other side's
// lane), each kept row's eviction time and its key's cleanup timer, late rows, rows padded with
// NULLs linked to what released them, the join's time and its held-back output watermark, the
// state pane's "until" / "timer" columns and the plan's bounds. The canvas is checked through
// its text (`timeline-marks`, the accessible description of the marks of the step), the rest
// through the panes. Expectations are derived by hand from the interval-join semantics
// (crates/engine/src/ops/interval_join.rs): with left.time − right.time ∈ [lower, upper], a left
// row at t joins right rows of [t − upper, t − lower] and stays until the join's time (the
// smaller input watermark) passes t − lower; its key's cleanup timer (t − lower + 1 ms) removes
// it, padded with NULLs on an outer side if it never joined. The changelogs themselves are
// checked against Flink in gallery.spec.ts.

import { expect, type Page, test } from '@playwright/test';
import { artifactPath, openExample, settled } from './helpers';

const counter = (page: Page) => page.locator('.jl-counter');
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

const group = (page: Page, step: number) => page.locator(`.jl-group[data-step="${step}"]`);

test("the seed: order 2 is padded when the join's time passes its cleanup timer, and the page says why", async ({ page }) => {
  await openExample(page, '21_interval_orders_shipments');
  await selectQuery(page, 2); // LEFT
  // Step 9: order 5 (14:30) lifts the orders watermark to 14:29:55, the join's time with it
  // (Shipments is at 15:59:55): order 2 (10:15, timer 10:15 + 4 h + 1 ms) never met a shipment.
  await goToStep(page, 9, 14);
  await expect(page.getByTestId('step-sentence')).toContainText(
    'a cleanup timer (14:15:00.001) fired at 14:29:55.000: 1 row orders left the state, padded with NULLs as they never joined: [2, 2024-01-01 10:15:00.000]',
  );
  await expect(group(page, 9).getByTestId('changelog-row')).toHaveText(['+I[2, 2024-01-01 10:15:00.000, NULL, NULL]']);
  // The padded row says what released it: this step's row lifted the join's time past the timer
  // of order 2, whose step is a link.
  const why = group(page, 9).getByTestId('padded-why');
  await expect(why).toHaveText(
    "orders +I[5, 2024-01-01 14:30:00.000] lifts the join's time to 14:29:55.000, past the cleanup timer 14:15:00.001 of orders +I[2, 2024-01-01 10:15:00.000] (step 3): it never joined, so it leaves the state padded with NULLs.",
  );
  await expect(page.getByTestId('step-why')).toContainText(
    "1 orders row (key 2) left the IntervalJoin's state: its key's cleanup timer 14:15:00.001 fired at the join's time 14:29:55.000 — never joined, so padded with NULLs: [2, 2024-01-01 10:15:00.000].",
  );
  // On the timeline: the output row sits at the join's time that released it, linked to the timer.
  await expect(marks(page)).toContainText([
    "left state: #3 orders when its key's cleanup timer 14:15:00.001 fired at the join's time 14:29:55, padded with NULLs (it never joined)",
    "padded: +I[2, 2024-01-01 10:15:00.000, NULL, NULL] released at step 9 by its key's cleanup timer 14:15:00.001, the join's time 14:29:55",
  ]);
  await page.screenshot({ path: artifactPath('interval-join', 'padded-step-9.png'), fullPage: true });
  await page.locator('.timeline').screenshot({ path: artifactPath('interval-join', 'padded-step-9-timeline.png') });
  // The events of the step say it too.
  await page.locator('.jl-events-box summary').click();
  await expect(page.locator('.jl-ev-interval_cleanup').filter({ hasText: 'key 2' })).toHaveText(
    "IntervalJoin (#0): the cleanup timer 14:15:00.001 fires at the join's time 14:29:55.000: 1 left row of key 2 leaves the state, padded with NULLs as never joined: [2, 2024-01-01 10:15:00.000]",
  );
  await page.getByRole('tab', { name: 'Timeline table' }).click();
  await expect(page.locator('.jl-steps tr.jl-current')).toContainText('1 row padded with NULLs');
  // The link goes to the step order 2 arrived at.
  await why.getByRole('button').click();
  await expect(counter(page)).toHaveText('step 3/14');

  // The end of input: order 6 (20:00) is padded when watermark +inf fires its timer.
  await goToStep(page, 14, 14);
  await expect(page.locator('.jl-group').last().getByTestId('changelog-row')).toHaveText(['+I[6, 2024-01-01 20:00:00.000, NULL, NULL]']);
  await expect(page.locator('.jl-group').last().getByTestId('padded-why')).toContainText(
    "The end of input (watermark +inf) lifts the join's time to +∞, past the cleanup timer 00:00:00.001 of orders +I[6, 2024-01-01 20:00:00.000] (step 11)",
  );

  // The INNER join never emits order 2.
  await selectQuery(page, 1);
  await goToStep(page, 9, 14);
  await expect(page.getByTestId('changelog-row')).toHaveText([
    '+I[1, 2024-01-01 10:00:00.000, 1, 2024-01-01 10:30:00.000]',
    '+I[3, 2024-01-01 10:20:00.000, 3, 2024-01-01 11:00:00.000]',
    '+I[4, 2024-01-01 09:00:00.000, 4, 2024-01-01 12:00:00.000]',
  ]);
  await expect(page.getByTestId('padded-why')).toHaveCount(0);
  await expect(page.getByTestId('step-sentence')).toContainText('a cleanup timer (14:15:00.001) fired at 14:29:55.000: 1 row orders left the state');
});

test('the band of times the arriving row can join, its eviction time and its key’s cleanup timer', async ({ page }) => {
  await openExample(page, '21_interval_orders_shipments');
  // Step 2: shipment 1 (10:30) can join orders of [10:30 − 4 h, 10:30] and meets order 1 (10:00).
  await goToStep(page, 2, 14);
  await expect(marks(page).first()).toHaveText(
    "band: #2 Shipments at 10:30:00 can join orders rows of times 06:30:00 – 10:30:00; joined 1; kept until the join's time passes 10:30:00, its key's cleanup timer 10:30:00.001",
  );
  // Step 3: order 2 (10:15) can join shipments of [10:15, 14:15]; it is kept until the join's
  // time passes 14:15, and its key's timer is 14:15:00.001. The rows kept so far are listed
  // with their eviction time and timer.
  await goToStep(page, 3, 14);
  await expect(marks(page)).toHaveText([
    "band: #3 orders at 10:15:00 can join Shipments rows of times 10:15:00 – 14:15:00; joined 0; kept until the join's time passes 14:15:00, its key's cleanup timer 14:15:00.001",
    'in state: #1 orders until 14:00:00.001, timer 14:00:00.001',
    'in state: #2 Shipments until 10:30:00.001, timer 10:30:00.001',
    'in state: #3 orders until 14:15:00.001, timer 14:15:00.001',
    // The join's watermark drawn is its output watermark: its time held back by the 4-hour bound.
    'watermarks: join time 10:14:55; IntervalJoin output watermark 06:14:55 (held back by 4 h)',
  ]);
  await expect(page.locator('.timeline canvas')).toHaveAttribute('aria-describedby', /jl-timeline-marks-/);
  await expect(page.locator('.jl-legend')).toContainText('times the row can join');
  await expect(page.locator('.jl-legend')).toContainText('stays until (its time + bound + 1 ms)');
  await expect(page.locator('.jl-legend')).toContainText("its key's cleanup timer");
  await expect(page.locator('.jl-legend')).toContainText("join's time (timers fire at it)");
  await page.locator('.timeline').screenshot({ path: artifactPath('interval-join', 'band-step-3.png') });
  // Step 7: order 4 (09:00) arrives out of order; its range [09:00, 13:00] still holds shipment 4 (12:00).
  await goToStep(page, 7, 14);
  await expect(marks(page).first()).toHaveText(
    "band: #7 orders at 09:00:00 can join Shipments rows of times 09:00:00 – 13:00:00; joined 1; kept until the join's time passes 13:00:00, its key's cleanup timer 13:00:00.001",
  );
  // Step 6: shipment 4 lifts the Shipments watermark only; orders (10:19:55) holds the join's time
  // back, and its output watermark is 4 h further back.
  await goToStep(page, 6, 14);
  await expect(page.getByTestId('held-back')).toContainText(
    "Join's time held back by orders for 2 steps (since step 5): it stays at 10:19:55.000, the watermark of orders, while Shipments is at 11:59:55.000",
  );
  await expect(page.getByTestId('held-back')).toContainText("No cleanup timer fires and no row is padded until orders moves on; the join's output watermark is 4 h further back (06:19:55.000).");
});

test('late rows on both sides: they probe, join what is still kept, are not kept, and an outer side pads them at once', async ({ page }) => {
  await openExample(page, '23_interval_late_rows');
  await selectQuery(page, 2); // FULL
  // After step 6 the join's time is 10:30 (Payments' watermark). p3late (10:15) can join
  // Confirms of [10:05, 10:25], behind it: late, but c3 (10:22, kept until 10:32) is still there.
  await goToStep(page, 8, 14);
  await expect(page.getByTestId('step-sentence')).toContainText("it joined 1 row of Confirms; it is late (10:15:00.000 is behind the join's time): it is not kept");
  await expect(group(page, 8).getByTestId('changelog-row')).toHaveText(['+I[p3late, c3]']);
  await expect(marks(page).first()).toHaveText(
    "band: #8 Payments at 10:15:00 can join Confirms rows of times 10:05:00 – 10:25:00; joined 1; late: the join's time had passed its range, not kept",
  );
  await expect(marks(page).filter({ hasText: 'in state: #8' })).toHaveCount(0);
  await page.locator('.timeline').screenshot({ path: artifactPath('interval-join', 'late-joins-step-8.png') });
  await page.getByRole('tab', { name: 'Timeline table' }).click();
  await expect(page.locator('.jl-steps tr.jl-current')).toContainText("✕ late: the join's time had passed its range; it probed (1 joined) and is not kept");
  // Step 9: p4late finds nobody: padded at once, at its own step.
  await goToStep(page, 9, 14);
  await expect(group(page, 9).getByTestId('changelog-row')).toHaveText(['+I[p4late, NULL]']);
  await expect(group(page, 9).getByTestId('padded-why')).toHaveText(
    "Payments +I[4, p4late, 2024-01-01 10:12:00.000] (step 9) arrives late (the join's time had passed its range) and joins nothing: it is not kept, so it comes out padded with NULLs at once.",
  );
  await expect(marks(page)).toContainText(['padded: +I[p4late, NULL] at once: #9 Payments is late and joined nothing']);
  // Steps 10 and 11: the same on the other side.
  await goToStep(page, 10, 14);
  await expect(group(page, 10).getByTestId('changelog-row')).toHaveText(['+I[p2, c2late]']);
  await goToStep(page, 11, 14);
  await expect(group(page, 11).getByTestId('changelog-row')).toHaveText(['+I[NULL, c5late]']);
  await expect(group(page, 11).getByTestId('padded-why')).toContainText('arrives late');
  // Step 13: p6 was on time: kept, padded only when its timer (10:30:30 + 10 min + 1 ms) fires.
  await goToStep(page, 13, 14);
  await expect(group(page, 13).getByTestId('padded-why')).toContainText(
    "lifts the join's time to 10:59:00.000, past the cleanup timer 10:40:30.001 of Payments +I[6, p6, 2024-01-01 10:30:30.000] (step 7)",
  );
  await page.screenshot({ path: artifactPath('interval-join', 'late-rows-full-join.png'), fullPage: true });
  // The data pane: the late rows of both tables, not kept.
  await page.getByRole('tab', { name: 'Data' }).click();
  const data = page.getByTestId('data-pane');
  await expect(data.locator('tr[data-late="not-kept"]').locator('th')).toHaveText(['8', '9', '10', '11']);
  await expect(data.getByTestId('data-not-kept-count')).toHaveCount(2);
  for (const c of await data.getByTestId('data-not-kept-count').all()) await expect(c).toContainText('2 late at the interval join (not kept)');
});

test('the state pane lists the kept rows by key and side, with until, timer and whether they joined', async ({ page }) => {
  await openExample(page, '21_interval_orders_shipments');
  await selectQuery(page, 2); // LEFT: the orders side is outer
  await goToStep(page, 4, 14);
  const pane = page.getByTestId('state-pane');
  const table = pane.locator('table.jl-interval-state');
  await expect(table.locator('thead th')).toHaveText(['key', 'side', 'row', 'until', 'timer', 'joined']);
  const row = (key: string, side: string) => table.locator(`tr[data-key="${key}"][data-side="${side}"]`);
  await expect(row('1', 'left').locator('td')).toHaveText(['left · orders', '[1, 2024-01-01 10:00:00.000]', '14:00:00.001', '14:00:00.001', 'joined']);
  await expect(row('1', 'right').locator('td')).toHaveText(['right · Shipments', '[1, 2024-01-01 10:30:00.000]', '10:30:00.001', '10:30:00.001', '']);
  await expect(row('2', 'left').getByTestId('row-joined')).toHaveText('not joined yet');
  await expect(row('3', 'left').getByTestId('row-until')).toHaveText('14:20:00.001');
  await expect(pane.getByTestId('interval-state-note')).toContainText("Each row stays until the join's time (the smaller of both inputs' watermarks) reaches until");
  await page.screenshot({ path: artifactPath('interval-join', 'state-step-4.png'), fullPage: true });
  // Step 9: order 2 left padded; what stays is order 5 and shipment 2 (16:00, kept until 16:00).
  await goToStep(page, 9, 14);
  await expect(table.locator('tbody tr')).toHaveCount(2);
  await expect(row('2', 'left')).toHaveCount(0);
  await expect(row('2', 'right').getByTestId('row-until')).toHaveText('16:00:00.001');
  await expect(row('5', 'left').getByTestId('row-timer')).toHaveText('18:30:00.001');
  // The INNER join pads nothing: no "joined" column.
  await selectQuery(page, 1);
  await goToStep(page, 4, 14);
  await expect(table.locator('thead th')).toHaveText(['key', 'side', 'row', 'until', 'timer']);
});

test('the plan shows the bounds in words', async ({ page }) => {
  await openExample(page, '21_interval_orders_shipments');
  await page.getByRole('tab', { name: 'Plan' }).click();
  const plan = page.locator('.jl-plan');
  await expect(plan.locator('li[data-op="0"] > .jl-op-label')).toContainText('leftLowerBound=-14400000 (−4 h), leftUpperBound=0 (0 ms)');
  await expect(plan.getByTestId('interval-bounds')).toHaveText(
    'Bounds: orders time − Shipments time ∈ [−4 h, 0 ms] (event time). A row of orders at t joins the rows of Shipments of times [t, t + 4 h]; ' +
      'a row of Shipments at t joins the rows of orders of times [t − 4 h, t]. Its output watermark is held back by 4 h, the larger bound.',
  );
  // EXPLAIN stays as Flink prints it.
  await expect(plan.locator('pre').first()).toContainText('leftLowerBound=-14400000, leftUpperBound=0,');
  await page.locator('.jl-plan').screenshot({ path: artifactPath('interval-join', 'plan.png') });

  // Strict bounds: Flink closes them by a millisecond. Equal times: both bounds 0, no delay.
  await openExample(page, '22_interval_equal_times_strict');
  await page.getByRole('tab', { name: 'Plan' }).click();
  await selectQuery(page, 3);
  await expect(plan.locator('.jl-op-label').filter({ hasText: 'IntervalJoin' })).toContainText('leftLowerBound=-59999 (−59.999 s), leftUpperBound=59999 (59.999 s)');
  await expect(plan.getByTestId('interval-bounds')).toContainText('L time − R time ∈ [−59.999 s, 59.999 s] (event time). A row of L at t joins the rows of R of times [t − 59.999 s, t + 59.999 s]');
  await expect(plan.getByTestId('interval-bounds')).toContainText('held back by 59.999 s');
  await selectQuery(page, 1);
  await expect(plan.getByTestId('interval-bounds')).toContainText('∈ [0 ms, 0 ms] (event time). A row of L at t joins the rows of R of times [t, t]');
  await expect(plan.getByTestId('interval-bounds')).toContainText('Its output watermark is not held back.');
  // Equal times on the timeline: a row joins only its own millisecond, and the join's time is its
  // watermark. a2 (12:00:00.001) stays until 12:00:00.002, but its key's timer is still a1's
  // (12:00:00.001): one timer per key and side, set for the oldest row, re-set when it fires.
  await goToStep(page, 4, 10);
  await expect(marks(page).first()).toHaveText(
    "band: #4 L at 12:00:00.001 can join R rows of times 12:00:00.001 – 12:00:00.001; joined 0; kept until the join's time passes 12:00:00.001, its key's cleanup timer 12:00:00.001",
  );
  await expect(marks(page)).toContainText(['in state: #4 L until 12:00:00.002, timer 12:00:00.001']);
  await expect(marks(page).last()).toHaveText('watermarks: join time = IntervalJoin watermark 11:59:59.001 (not held back)');
});

test('every step of the interval-join examples draws without a pane failing or a console error', async ({ page }) => {
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') problems.push(`console ${m.type()}: ${m.text()}`);
  });
  for (const ex of ['21_interval_orders_shipments', '22_interval_equal_times_strict', '23_interval_late_rows']) {
    await openExample(page, ex);
    const queries = await page.getByLabel('Query to step through').locator('option').count();
    for (let q = 1; q <= queries; q++) {
      await selectQuery(page, q);
      const total = Number(/\/(\d+)/.exec((await counter(page).textContent()) ?? '')?.[1]);
      expect(total).toBeGreaterThan(5);
      for (let s = 1; s <= total; s++) await goToStep(page, s, total);
      await expect(counter(page)).toHaveText(/^end of input/);
      await expect(page.locator('[data-failed], .jl-pane-error')).toHaveCount(0);
    }
  }
  expect(problems).toEqual([]);
});
