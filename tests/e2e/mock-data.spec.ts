// Mock data streams on the page (issue 5): the data pane lists each input table's rows in arrival
// order and edits the script to change the seed, the row count, the rate and the disorder; late
// rows show as late; an idle source's held-back watermark is visible. Generated data cannot be
// checked by the oracle (Flink's datagen is random, the examples catalog is Confluent's), so
// these tests check properties docs/mock-data.md promises: row counts, key ranges, arrival by the
// generation clock, determinism for a seed, late rows strictly behind the watermark.

import { expect, type Page, test } from '@playwright/test';
import { artifactPath, openExample, openPage, settled, shareHash, urlState } from './helpers';

const counter = (page: Page) => page.locator('.jl-counter');
const editorText = (page: Page) => page.evaluate(() => document.querySelector('.cm-content')?.textContent ?? '');
const dataPane = (page: Page) => page.getByTestId('data-pane');

interface DataRow {
  pos: number;
  values: string[];
  time: string;
  gap: string;
  from: string;
  late: string | null;
}

/** The rows the data pane lists for a table, in the order listed. */
async function dataRows(page: Page, table: string): Promise<DataRow[]> {
  return dataPane(page)
    .locator(`section[data-table="${table}"] tbody tr`)
    .evaluateAll((trs) =>
      trs.map((tr) => {
        const tds = [...tr.querySelectorAll('td')].map((td) => td.textContent ?? '');
        return {
          pos: Number(tr.getAttribute('data-pos')),
          values: tds.slice(0, -4),
          time: tds[tds.length - 4],
          gap: tds[tds.length - 3],
          from: tds[tds.length - 2],
          late: tr.getAttribute('data-late'),
        };
      }),
    );
}

/** `00:00:01.500` → ms since midnight; `2024-01-01 00:00:01.500` → ms since 2024-01-01 00:00 UTC. */
const ms = (t: string) => {
  const m = /^(?:(\d{4})-(\d{2})-(\d{2}) )?(\d{2}):(\d{2}):(\d{2})\.(\d{3})$/.exec(t.trim());
  if (!m) throw new Error(`not a time: ${t}`);
  const day = m[1] ? Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) - Date.UTC(2024, 0, 1) : 0;
  return day + ((Number(m[4]) * 60 + Number(m[5])) * 60 + Number(m[6])) * 1000 + Number(m[7]);
};

async function total(page: Page): Promise<number> {
  const m = /\/(\d+)/.exec((await counter(page).textContent()) ?? '');
  return Number(m?.[1] ?? 0);
}

async function openDataTab(page: Page): Promise<void> {
  const tab = page.getByRole('tab', { name: 'Data' });
  await tab.click();
  await expect(tab).toHaveAttribute('aria-selected', 'true');
  await expect(dataPane(page)).toBeVisible();
}

async function setControl(page: Page, label: string, value: string): Promise<void> {
  const input = page.getByLabel(label, { exact: true });
  await input.fill(value);
  await input.press('Enter');
}

test('orders ⋈ customers: the data pane lists both tables in arrival order with the documented keys', async ({ page }) => {
  await openExample(page, '18_orders_customers');
  // The query reads generated rows: the Data tab is shown first.
  await expect(page.getByRole('tab', { name: 'Data' })).toHaveAttribute('aria-selected', 'true');
  await expect(counter(page)).toHaveText('step 1/242');
  const orders = await dataRows(page, 'examples.marketplace.orders');
  const customers = await dataRows(page, 'examples.marketplace.customers');
  // SET 'joinlab.examples.rows' = '40' for orders; the OPTIONS hint keeps 200 customers.
  expect(orders).toHaveLength(40);
  expect(customers).toHaveLength(200);
  await expect(dataPane(page).locator('section[data-table="examples.marketplace.orders"] [data-testid=data-count]')).toHaveText('40 rows');
  await expect(dataPane(page).locator('section[data-table="examples.marketplace.customers"] [data-testid=data-count]')).toHaveText('200 rows');
  // Arrival: both tables make a row every 100 ms and ties go to the table created first, so
  // orders and customers alternate (order k at step 2k+1, customer k at 2k+2), then the rest of
  // the customers follow.
  orders.forEach((r, k) => expect(r.pos).toBe(2 * k + 1));
  customers.forEach((r, k) => expect(r.pos).toBe(k < 40 ? 2 * k + 2 : 41 + k));
  // Every row is generated; event times advance 100 ms per row of a table.
  for (const r of [...orders, ...customers]) expect(r.from).toBe('generated');
  orders.forEach((r, k) => expect(ms(r.time)).toBe(100 * k));
  orders.slice(1).forEach((r) => expect(r.gap).toBe('+100 ms'));
  // Keys: customer k is 3000 + k (each once); orders name customers 3000–3249, about one in
  // five a customer that does not exist (3200–3249).
  customers.forEach((r, k) => expect(r.values[0]).toBe(String(3000 + k)));
  const ids = orders.map((r) => Number(r.values[1]));
  for (const id of ids) expect(id >= 3000 && id <= 3249).toBe(true);
  const missing = ids.filter((id) => id >= 3200).length;
  expect(missing).toBeGreaterThan(0);
  expect(missing).toBeLessThan(20);
  // Those stay padded with NULLs in the LEFT join's result.
  await page.getByTestId('step-last').click();
  await settled(page);
  const result = await page.getByTestId('result-table').locator('tbody tr[data-row]').evaluateAll((trs) => trs.map((t) => t.getAttribute('data-row') ?? ''));
  expect(result).toHaveLength(40);
  const padded = result.filter((r) => r.endsWith(', NULL, NULL]'));
  expect(padded).toHaveLength(missing);
  await page.screenshot({ path: artifactPath('mock-data', 'orders-customers-data.png'), fullPage: true });
});

test('the seed: another seed gives other rows, the same seed the same rows (and a share link keeps them)', async ({ page }) => {
  await openExample(page, '19_late_generated');
  await openDataTab(page);
  const first = await dataRows(page, 'clicks');
  expect(first).toHaveLength(30);
  await expect(page.getByTestId('data-seed')).toHaveValue('3');
  await setControl(page, 'Seed', '4');
  expect(await editorText(page)).toContain("SET 'joinlab.seed' = '4';");
  await expect.poll(async () => JSON.stringify(await dataRows(page, 'clicks'))).not.toBe(JSON.stringify(first));
  const other = await dataRows(page, 'clicks');
  expect(other).toHaveLength(30);
  expect(other.map((r) => r.values.join('|'))).not.toEqual(first.map((r) => r.values.join('|')));
  // The share link holds the script with the new seed: opening it gives the same rows again.
  const state = await urlState(page);
  expect(state.script).toContain("SET 'joinlab.seed' = '4';");
  await openPage(page, `./${shareHash(state)}`);
  await openDataTab(page);
  expect(await dataRows(page, 'clicks')).toEqual(other);
  // Back to seed 3: exactly the first rows.
  await setControl(page, 'Seed', '3');
  await expect.poll(async () => JSON.stringify(await dataRows(page, 'clicks'))).toBe(JSON.stringify(first));
  // "Next seed" adds one.
  await page.getByTestId('data-seed-next').click();
  expect(await editorText(page)).toContain("SET 'joinlab.seed' = '4';");
  await expect.poll(async () => JSON.stringify(await dataRows(page, 'clicks'))).toBe(JSON.stringify(other));
});

test('the seed changes the examples catalog too, and a script without a SET gets one', async ({ page }) => {
  await openExample(page, '17_gaming_window_join');
  await expect(page.getByRole('tab', { name: 'Data' })).toHaveAttribute('aria-selected', 'true');
  const table = 'examples.gaming.player_activity';
  const first = await dataRows(page, table);
  expect(first).toHaveLength(300); // the first 300 of 600 are drawn
  await expect(dataPane(page).locator(`section[data-table="${table}"] [data-testid=data-count]`)).toHaveText('600 rows');
  await expect(dataPane(page).locator('.jl-data-more')).toHaveText('Show 300 more rows (300 not shown)');
  // Documented ranges: players and rooms 1000–4999, points 10–499.
  for (const r of first) {
    const [player, room, points] = r.values.map(Number);
    expect(player >= 1000 && player <= 4999 && room >= 1000 && room <= 4999 && points >= 10 && points <= 499).toBe(true);
  }
  await expect(page.getByTestId('data-seed')).toHaveValue('0');
  await setControl(page, 'Seed', '9');
  expect((await urlState(page)).script).toMatch(/^SET 'joinlab.examples.rows' = '600';\nSET 'joinlab.seed' = '9';\n/);
  await expect.poll(async () => (await dataRows(page, table))[0]?.values.join('|')).not.toBe(first[0].values.join('|'));
  // Clearing the seed removes the SET: the default seed, the first rows again.
  await setControl(page, 'Seed', '');
  await expect.poll(async () => JSON.stringify(await dataRows(page, table))).toBe(JSON.stringify(first));
  expect(await editorText(page)).not.toContain('joinlab.seed');
});

test('the row count: the SET, the OPTIONS hint and the datagen option change the number of steps', async ({ page }) => {
  await openExample(page, '18_orders_customers');
  await expect(counter(page)).toHaveText('step 1/242');
  // orders has no hint: its count is SET 'joinlab.examples.rows'.
  await setControl(page, 'examples.marketplace.orders: rows', '10');
  expect(await editorText(page)).toContain("SET 'joinlab.examples.rows' = '10';");
  await expect(counter(page)).toHaveText('step 1/212');
  await expect.poll(async () => (await dataRows(page, 'examples.marketplace.orders')).length).toBe(10);
  // customers has the query's OPTIONS hint: the hint is edited.
  await setControl(page, 'examples.marketplace.customers: rows', '50');
  expect(await editorText(page)).toContain("LEFT JOIN customers /*+ OPTIONS('number-of-rows' = '50') */ c");
  await expect(counter(page)).toHaveText('step 1/62');
  await expect.poll(async () => (await dataRows(page, 'examples.marketplace.customers')).length).toBe(50);

  // A datagen table: its WITH option.
  await openExample(page, '20_idle_source');
  await expect(counter(page)).toHaveText('step 1/31');
  await setControl(page, 'purchases: rows', '4');
  expect(await editorText(page)).toContain("'number-of-rows' = '4',  'fields.user_id.min'");
  await expect(counter(page)).toHaveText('step 1/27');
  // The rate: rows-per-second replaces the interval, and back.
  await setControl(page, 'clicks: rows/s', '4');
  let text = await editorText(page);
  expect(text).toContain("'rows-per-second' = '4'");
  expect(text).not.toMatch(/CREATE TABLE clicks[^;]*joinlab\.interval/);
  await expect.poll(async () => (await dataRows(page, 'clicks'))[1]?.gap).toBe('+250 ms');
  await setControl(page, 'clicks: every', '3 s');
  text = await editorText(page);
  expect(text).not.toContain("'rows-per-second'");
  expect(text).toContain("'fields.page.length' = '4',  'joinlab.interval' = '3 s');");
  await expect.poll(async () => (await dataRows(page, 'clicks'))[1]?.gap).toBe('+3 s');
});

test('late rows show as late: behind the watermark in the data pane, dropped by the join on the timeline', async ({ page }) => {
  await openExample(page, '19_late_generated');
  await openDataTab(page);
  const clicks = await dataRows(page, 'clicks');
  const views = await dataRows(page, 'views');
  expect(clicks).toHaveLength(30);
  expect(views).toHaveLength(30);
  // docs/mock-data.md: with WATERMARK ts - max-delay (1 s here) an on-time row is never behind
  // the watermark, and a late row is strictly behind it (at least 1 ms before the largest event
  // time so far minus the max delay).
  let max = Number.NEGATIVE_INFINITY;
  const lateAt: number[] = [];
  for (const r of clicks) {
    const t = ms(r.time);
    if (r.late) {
      expect(t, `step ${r.pos} is behind the watermark`).toBeLessThan(max - 1000);
      lateAt.push(r.pos);
    } else if (Number.isFinite(max)) expect(t, `step ${r.pos} is on time`).toBeGreaterThanOrEqual(max - 1000);
    max = Math.max(max, t);
  }
  expect(lateAt.length).toBeGreaterThan(0);
  for (const r of views) expect(r.late).toBeNull();
  // Some late rows came after their window fired: the join dropped them, and the timeline table
  // says so at their step.
  const dropped = clicks.filter((r) => r.late === 'dropped');
  expect(dropped.length).toBeGreaterThan(0);
  await expect(dataPane(page).locator('section[data-table="clicks"] [data-testid=data-late-count]')).toContainText(
    `${lateAt.length} behind the watermark, ${dropped.length} dropped as late`,
  );
  await page.getByTestId('step-slider').fill(String(dropped[0].pos));
  await settled(page);
  await page.getByRole('tab', { name: 'Timeline table' }).click();
  await expect(page.locator('table.jl-steps tr.jl-current')).toContainText('✕ late');
  await expect(page.getByTestId('step-sentence')).toContainText('late');
  await page.screenshot({ path: artifactPath('mock-data', 'late-rows.png'), fullPage: true });

  // Late rate 0: no row is late any more.
  await page.getByRole('tab', { name: 'Data' }).click();
  await setControl(page, 'clicks: late rate', '0');
  expect(await editorText(page)).toContain("'joinlab.late-rate' = '0',");
  await expect.poll(async () => (await dataRows(page, 'clicks')).filter((r) => r.late).length).toBe(0);
  await expect(dataPane(page).locator('[data-testid=data-late-count]')).toHaveCount(0);
});

test("an idle source holds the join's watermark back, visibly", async ({ page }) => {
  await openExample(page, '20_idle_source');
  await openDataTab(page);
  const purchases = await dataRows(page, 'purchases');
  expect(purchases.map((r) => r.pos)).toEqual([2, 4, 6, 8, 26, 27, 28, 29]);
  // The pause after 4 rows: the fifth row comes 30 s + 2 s after the fourth.
  expect(purchases[4].gap).toBe('+32 s');
  const held = page.getByTestId('held-back');
  // Step 16: purchases has been silent since step 8, clicks is at 00:00:22.
  await page.getByTestId('step-slider').fill('16');
  await expect(counter(page)).toHaveText('step 16/31');
  await expect(held).toBeVisible();
  await expect(held).toHaveAttribute('data-by', 'purchases');
  await expect(held).toHaveAttribute('data-since', '9');
  await expect(held).toContainText('held back by purchases for 8 steps (since step 9): it stays at 00:00:06.000');
  await expect(held).toContainText('while clicks is at 00:00:22.000 (16 s ahead)');
  await expect(page.locator('.jl-legend')).toContainText('join watermark held back');
  await page.screenshot({ path: artifactPath('mock-data', 'idle-held-back.png'), fullPage: true });
  // Step 25: clicks' source finishes (watermark +inf). Step 26: purchases resumes; the join's watermark jumps and three windows fire at once.
  await page.getByTestId('step-slider').fill('26');
  await expect(counter(page)).toHaveText('step 26/31');
  await expect(held).toBeHidden();
  await expect(page.getByTestId('step-sentence')).toContainText('passed window [00:00:00.000, 00:00:10.000)');
  await expect(page.locator('.jl-group[data-step="26"] [data-testid=changelog-row]')).toHaveCount(19);

  // Without the pause nothing is held for more than a step while both tables send rows (from
  // step 17 on purchases has sent its 8 rows and its source finishes with watermark +inf).
  await setControl(page, 'purchases: idle for', '0 ms');
  expect(await editorText(page)).toContain("'joinlab.idle-for' = '0 ms'");
  await expect.poll(async () => (await dataRows(page, 'purchases')).map((r) => r.pos).join(',')).toBe('2,4,6,8,10,12,14,16');
  for (const step of [9, 12, 15]) {
    await page.getByTestId('step-slider').fill(String(step));
    await settled(page);
    if (await held.isVisible()) await expect(held).not.toHaveClass(/jl-held-long/);
  }
});

test("a table's own seed, start and lateness bound are WITH options edited from the data pane", async ({ page }) => {
  await openExample(page, '19_late_generated');
  await openDataTab(page);
  const clicks = await dataRows(page, 'clicks');
  const views = await dataRows(page, 'views');
  // docs/mock-data.md "Seeds": a table's 'joinlab.seed' is its own; the other table keeps its rows.
  await setControl(page, 'clicks: seed', '11');
  expect(await editorText(page)).toMatch(/CREATE TABLE clicks[^;]*'joinlab\.seed' = '11'/);
  await expect.poll(async () => JSON.stringify((await dataRows(page, 'clicks')).map((r) => r.values))).not.toBe(JSON.stringify(clicks.map((r) => r.values)));
  expect((await dataRows(page, 'views')).map((r) => r.values)).toEqual(views.map((r) => r.values));
  // 'joinlab.start': the clock of the first row; every later row moves by the same amount.
  await setControl(page, 'views: start', '2024-01-01 00:10:00');
  expect(await editorText(page)).toMatch(/CREATE TABLE views[^;]*'joinlab\.start' = '2024-01-01 00:10:00'/);
  await expect.poll(async () => ms((await dataRows(page, 'views'))[0].time) - ms(views[0].time)).toBe(600_000);
  // 'joinlab.late-by': a late row is at most this far behind the watermark (docs/mock-data.md).
  await setControl(page, 'clicks: late by', '1 ms');
  expect(await editorText(page)).toMatch(/CREATE TABLE clicks[^;]*'joinlab\.late-by' = '1 ms'/);
  await expect(page.getByTestId('error')).toBeHidden();
  // crates/engine/src/datagen/time.rs: a late row i is clock(j) − 2·max-delay − 1 ms − U[0, late-by],
  // j the last on-time row before it; here clock(j) = j s (one row a second from 00:00) and
  // max-delay = 1 s, so every late row falls in [j s − 2.002 s, j s − 2.001 s].
  await expect
    .poll(async () => {
      const rows = await dataRows(page, 'clicks');
      let j = -1;
      const off: string[] = [];
      rows.forEach((r, i) => {
        if (!r.late) j = i;
        else if (j >= 3) {
          const t = ms(r.time);
          if (t < j * 1000 - 2002 || t > j * 1000 - 2001) off.push(`${i}: ${r.time} (j=${j})`);
        }
      });
      return off.length === 0 && rows.some((r, i) => r.late && i > 3) ? 'bounded' : off.join('; ') || 'no late row';
    })
    .toBe('bounded');
  // A malformed start is refused by the control and the script keeps its value.
  await setControl(page, 'views: start', 'soon');
  expect(await editorText(page)).toContain("'joinlab.start' = '2024-01-01 00:10:00'");
});

test('SHOW and DESCRIBE on the examples catalog print their output when there is no query', async ({ page }) => {
  await openPage(page, `./${shareHash({ script: 'SHOW TABLES FROM examples.gaming;\nDESCRIBE examples.marketplace.orders;' })}`);
  const out = page.getByTestId('statement-output');
  await expect(out).toHaveCount(2);
  await expect(out.nth(0)).toContainText('player_activity');
  await expect(out.nth(0)).toContainText('players');
  await expect(out.nth(0)).toContainText('games');
  await expect(out.nth(1)).toContainText('customer_id');
});

test('a script mixing written and generated rows: the data pane says which is which', async ({ page }) => {
  const script = [
    'CREATE TABLE Product (id INT, name STRING);',
    "INSERT INTO Product VALUES (1, 'apple'), (2, 'pear');",
    "CREATE TABLE orders (order_id INT, product_id INT) WITH ('connector' = 'datagen', 'number-of-rows' = '5', 'fields.product_id.min' = '1', 'fields.product_id.max' = '3', 'fields.order_id.kind' = 'sequence', 'fields.order_id.start' = '1', 'fields.order_id.end' = '100');",
    "CREATE TABLE shop WITH ('connector' = 'datagen', 'quickstart' = 'orders', 'number-of-rows' = '3');",
    'SELECT o.order_id, o.product_id, p.name FROM orders o LEFT JOIN Product p ON o.product_id = p.id;',
    'SELECT * FROM shop;',
  ].join('\n');
  await openPage(page, `./${shareHash({ script })}`);
  await expect(page.getByRole('tab', { name: 'Data' })).toHaveAttribute('aria-selected', 'true');
  const product = dataPane(page).locator('section[data-table="Product"]');
  const orders = dataPane(page).locator('section[data-table="orders"]');
  await expect(product.locator('.jl-data-origin')).toHaveText('written in the script');
  await expect(orders.locator('.jl-data-origin')).toHaveText('datagen');
  // Rows written in the script have no controls; a datagen table has them.
  await expect(product.locator('input')).toHaveCount(0);
  await expect(page.getByLabel('orders: rows', { exact: true })).toHaveValue('5');
  expect((await dataRows(page, 'Product')).map((r) => [r.pos, r.from])).toEqual([
    [1, 'line 2'],
    [2, 'line 2'],
  ]);
  const gen = await dataRows(page, 'orders');
  expect(gen.map((r) => r.values[0])).toEqual(['1', '2', '3', '4', '5']);
  for (const r of gen) expect(r.from).toBe('generated');
  // A quickstart table: its columns come from the schema; its row count is its WITH option.
  await page.getByLabel('Query to step through').selectOption('1');
  const shop = dataPane(page).locator('section[data-table="shop"]');
  await expect(shop.locator('.jl-data-origin')).toHaveText('datagen quickstart');
  await expect(shop.locator('thead th')).toContainText(['step', 'ordertime', 'orderid', 'itemid', 'orderunits', 'address']);
  await setControl(page, 'shop: rows', '6');
  expect(await editorText(page)).toContain("'quickstart' = 'orders', 'number-of-rows' = '6');");
  await expect.poll(async () => (await dataRows(page, 'shop')).length).toBe(6);
});
