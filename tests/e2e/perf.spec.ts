// Measurements for README "Measurements → Page": compressed sizes of the wasm and the JS, time to
// the first interactive step, and the time to draw a step and a slider move of a 10,000-row
// scenario (W1 of ../shared/BENCHMARKS.md at N = 5,000: tests/e2e/fixtures/w1_5000.sql).
// Writes tests/e2e/artifacts/measurements.json.

import { execSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { artifactPath, datagenScript, openPage, ROOT, settled, shareHash, watchLongTasks } from './helpers';

/** Timing goals (README) are measured here and written to measurements.json; the assertions
 * only guard against gross regressions (several times the goal), so that a busy CI machine
 * does not fail them. */
const GROSS = 3;

const results: Record<string, unknown> = {};

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = path.join(dir, f);
    return statSync(p).isDirectory() ? files(p) : [p];
  });
}

const stats = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const q = (p: number) => s[Math.min(s.length - 1, Math.floor(p * s.length))];
  return { n: s.length, median: +q(0.5).toFixed(2), p95: +q(0.95).toFixed(2), max: +s[s.length - 1].toFixed(2) };
};

async function measures(page: Page, name: string): Promise<number[]> {
  return page.evaluate((n) => performance.getEntriesByName(n).map((e) => e.duration), name);
}

async function clearMeasures(page: Page): Promise<void> {
  await page.evaluate(() => performance.clearMeasures());
}

test.afterAll(() => {
  writeFileSync(artifactPath('measurements.json'), `${JSON.stringify(results, null, 2)}\n`);
  console.log(JSON.stringify(results, null, 2));
});

test('compressed sizes of the built site', () => {
  const dist = path.join(ROOT, 'dist');
  const all = files(dist);
  const gz = (f: string) => gzipSync(readFileSync(f), { level: 9 }).length;
  // What the page downloads to run (the engine), apart from the exporter the Export button loads
  // on its first press (joinlab-export-*.wasm: the npm package's module, export/worker.ts).
  const isExporter = (f: string) => path.basename(f).startsWith('joinlab-export-');
  const wasm = all.filter((f) => f.endsWith('.wasm') && !isExporter(f));
  const exporter = all.filter((f) => f.endsWith('.wasm') && isExporter(f));
  expect(exporter.length, 'the exporter module is in the build (www/vite.config.ts names it)').toBe(1);
  const js = all.filter((f) => f.endsWith('.js'));
  const embedOnly = js.filter((f) => f.endsWith('joinlab-embed.js'));
  results.sizes = {
    wasm_bytes: wasm.reduce((n, f) => n + statSync(f).size, 0),
    wasm_gzip: wasm.reduce((n, f) => n + gz(f), 0),
    // what static hosts serve (issue 16: report brotli too)
    wasm_brotli: wasm.reduce((n, f) => n + brotliCompressSync(readFileSync(f), { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }).length, 0),
    exporter_gzip: exporter.reduce((n, f) => n + gz(f), 0),
    js_files: js.map((f) => ({ file: path.relative(dist, f), bytes: statSync(f).size, gzip: gz(f) })),
    js_gzip: js.filter((f) => !embedOnly.includes(f)).reduce((n, f) => n + gz(f), 0),
    css_gzip: all.filter((f) => f.endsWith('.css')).reduce((n, f) => n + gz(f), 0),
  };
  // The goal, ≤ 1 MB gzip (issue 16; README "Page"): the compact time-zone rules, the one shared
  // sort and the CAST type code took the module from 1.14 MB to 0.99 MB (Node's zlib); the faker
  // connector (issue 20) took it to 1,009,738 B; binding the query by reference instead of copying
  // its syntax tree (stop 40: sqlparser's derived Clone left the module) to 953,299 B. Guarded at
  // the decimal megabyte: an AST copy coming back into the binder costs about 48 KB and fails this.
  expect((results.sizes as { wasm_gzip: number }).wasm_gzip).toBeLessThanOrEqual(1_000_000);
});

test('time to the first interactive step', async ({ browser }) => {
  const times: number[] = [];
  for (let i = 0; i < 5; i++) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await openPage(page, './');
    times.push(await page.evaluate(() => performance.getEntriesByName('joinlab:first-step')[0]?.startTime ?? Number.NaN));
    await context.close();
  }
  results.first_step_ms = { ...stats(times), runs: times.map((t) => Math.round(t)) };
  // The goal (2 s) is measured and reported in the README, not asserted: a timed assertion fails
  // on a loaded machine. This guard only catches a gross regression.
  expect(Math.min(...times)).toBeLessThan(GROSS * 2000);
});

/** Opens an example in a fresh browser context: time to its first step and the engine's run
 * time; `more` measures what else it needs before the context closes. */
async function freshLoad(browser: Browser, name: string, more?: (page: Page) => Promise<void>): Promise<{ first: number; engine: number }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await openPage(page, `./?example=${name}`);
  const first = await page.evaluate(() => performance.getEntriesByName('joinlab:first-step')[0]?.startTime ?? Number.NaN);
  await expect(page.locator('.jl-status')).toHaveText(/ran in/);
  const engine = Number(/ran in ([\d.]+)/.exec((await page.locator('.jl-status').textContent()) ?? '')?.[1] ?? Number.NaN);
  if (more) await more(page);
  await context.close();
  return { first, engine };
}

test('time to the first step of the regular-join examples', async ({ browser }) => {
  const out: Record<string, unknown> = {};
  for (const name of ['12_regular_join_kinds', '13_upsert_updates_deletes', '14_state_ttl', '15_three_way_multi_join']) {
    const times: number[] = [];
    const engine: number[] = [];
    for (let i = 0; i < 3; i++) {
      const r = await freshLoad(browser, name);
      times.push(r.first);
      engine.push(r.engine);
    }
    out[name] = { first_step: stats(times), engine_load: stats(engine) };
  }
  results.regular_join_examples_ms = out;
});

test('time to the first step of the mock-data examples (data pane shown)', async ({ browser }) => {
  const out: Record<string, unknown> = {};
  for (const name of ['17_gaming_window_join', '18_orders_customers', '19_late_generated', '20_idle_source']) {
    const times: number[] = [];
    const engine: number[] = [];
    const dataRender: number[] = [];
    const steps: number[] = [];
    for (let i = 0; i < 3; i++) {
      const r = await freshLoad(browser, name, async (page) => {
        await expect(page.getByTestId('data-pane')).toBeVisible();
        dataRender.push(...(await measures(page, 'joinlab:data-render')));
        steps.push(Number(/\/(\d+)/.exec((await page.locator('.jl-counter').textContent()) ?? '')?.[1] ?? 0));
        // Stepping with the data pane open.
        if (i === 0) {
          await clearMeasures(page);
          for (let k = 0; k < 30; k++) {
            await page.keyboard.press('ArrowRight');
            await settled(page);
          }
          out[`${name}_step_draw`] = stats(await measures(page, 'joinlab:draw'));
        }
      });
      times.push(r.first);
      engine.push(r.engine);
    }
    out[name] = { steps: steps[0], first_step: stats(times), engine_load: stats(engine), data_render: stats(dataRender) };
  }
  results.mock_data_examples_ms = out;
  for (const v of Object.values(out)) if ('first_step' in (v as object)) expect((v as { first_step: { max: number } }).first_step.max).toBeLessThan(GROSS * 4000);
});

test('a 5,000-row regular LEFT join: load, step with the state pane open', async ({ page }) => {
  test.setTimeout(120_000);
  // 1,000 products and 4,000 orders (4 per product), arriving interleaved: each product comes
  // after its first two orders, so half the orders are first padded with NULLs and retracted.
  const lines = ["SET 'joinlab.dialect' = 'flink';", 'CREATE TABLE orders (order_id INT, product_id INT);', 'CREATE TABLE Product (id INT, name STRING);'];
  let o = 0;
  for (let p = 0; p < 1000; p++) {
    lines.push(`@orders ${++o} | ${p}`, `@orders ${++o} | ${p}`, `@Product ${p} | p${p}`, `@orders ${++o} | ${p}`, `@orders ${++o} | ${p}`);
  }
  lines.push('SELECT o.order_id, p.id, p.name FROM orders o LEFT JOIN Product p ON o.product_id = p.id;');
  await page.goto(`./${shareHash({ script: lines.join('\n') })}`);
  await expect(page.getByTestId('step-sentence')).not.toBeEmpty({ timeout: 60_000 });
  const load = await page.evaluate(() => performance.getEntriesByName('joinlab:first-step')[0]?.startTime ?? Number.NaN);
  const engineMs = Number(/ran in ([\d.]+)/.exec((await page.locator('.jl-status').textContent()) ?? '')?.[1] ?? Number.NaN);
  await expect(page.locator('.jl-counter')).toHaveText('step 1/5001');
  const slider = page.getByTestId('step-slider');
  await slider.fill('4000');
  // locator.waitFor, not expect(…).toBeVisible(): after a web-first assertion on this table,
  // Chromium's setAttribute/append run ~50× slower for the rest of the test (a test-harness
  // effect: a plain playwright-core run, or one with the accessibility tree on, stays fast).
  await page.getByTestId('state-pane').locator('table.jl-state-table').waitFor();
  await clearMeasures(page);
  for (let i = 0; i < 60; i++) {
    await page.keyboard.press('ArrowRight');
    await settled(page);
  }
  const stepDraw = await measures(page, 'joinlab:draw');
  const stepLatency = await measures(page, 'joinlab:step-latency');
  const statePane = await measures(page, 'joinlab:pane:state');
  // The full state (from the worker) at step 4,060: 3,248 orders and 812 products.
  const t0 = Date.now();
  await expect(page.getByTestId('state-pane').locator('h4.jl-state-op')).toHaveText(/holds 4060 rows/);
  await expect(page.getByTestId('state-pane').locator('table.jl-state-table tbody tr')).toHaveCount(200);
  const stateWait = Date.now() - t0;
  await page.screenshot({ path: artifactPath('perf', 'regular-left-join.png'), fullPage: true });
  results.regular_left_join_5000 = {
    rows: 5000,
    first_step_ms: Math.round(load),
    engine_load_ms: engineMs,
    step_draw_ms: stats(stepDraw),
    step_latency_ms: stats(stepLatency),
    state_pane_sizes_ms: stats(statePane),
    full_state_after_last_step_ms: stateWait,
  };
  // goal: one 16 ms frame (reported, not asserted; see GROSS)
  expect(stats(stepDraw).median).toBeLessThan(GROSS * 16);
});

test('a 10,000-row scenario: load, step, slider', async ({ page }) => {
  test.setTimeout(180_000);
  const script = readFileSync(path.join(ROOT, 'tests/e2e/fixtures/w1_5000.sql'), 'utf8');
  await page.goto(`./${shareHash({ script })}`);
  await expect(page.getByTestId('step-sentence')).not.toBeEmpty({ timeout: 60_000 });
  const load = await page.evaluate(() => performance.getEntriesByName('joinlab:first-step')[0]?.startTime ?? Number.NaN);
  const engineMs = Number(/ran in (\d+)/.exec((await page.locator('.jl-status').textContent()) ?? '')?.[1] ?? Number.NaN);
  await expect(page.locator('.jl-counter')).toHaveText('step 1/10001');

  // Steps: → 100 times.
  await clearMeasures(page);
  for (let i = 0; i < 100; i++) {
    await page.keyboard.press('ArrowRight');
    await settled(page);
  }
  await expect(page.locator('.jl-counter')).toHaveText('step 101/10001');
  const stepDraw = await measures(page, 'joinlab:draw');
  const stepLatency = await measures(page, 'joinlab:step-latency');

  // Slider moves: 60 jumps to spread positions (not the end, measured on its own below).
  await clearMeasures(page);
  const slider = page.getByTestId('step-slider');
  for (let i = 0; i < 60; i++) {
    await slider.fill(String(1 + ((i * 7919) % 9999)));
    await settled(page);
  }
  const sliderDraw = await measures(page, 'joinlab:draw');
  const sliderLatency = await measures(page, 'joinlab:step-latency');

  // The end of input: the window fires, 5,000 rows at once.
  await clearMeasures(page);
  await page.getByTestId('step-last').click();
  await settled(page);
  await expect(page.locator('.jl-counter')).toHaveText('end of input · 10001/10001');
  const endDraw = await measures(page, 'joinlab:draw');
  await expect(page.getByTestId('result-table')).toBeVisible();
  await page.screenshot({ path: artifactPath('perf', 'w1-end.png'), fullPage: true });

  results.w1 = {
    rows: 10_000,
    steps: 10_001,
    first_step_ms: Math.round(load),
    engine_load_ms: engineMs,
    step_draw_ms: stats(stepDraw),
    step_latency_ms: stats(stepLatency),
    slider_draw_ms: stats(sliderDraw),
    slider_latency_ms: stats(sliderLatency),
    end_step_draw_ms: stats(endDraw),
  };
  expect(stats(stepDraw).median).toBeLessThan(GROSS * 16);
  expect(stats(sliderDraw).median).toBeLessThan(GROSS * 16);
});

// ---- The page at scale (issue 16): no main-thread task over 200 ms while a big trace arrives.

/** The longest main-thread task allowed while a big trace arrives. The goal is 200 ms; the sliced
 * path's longest task was 109–160 ms on a quiet machine and up to 619 ms under a load average of
 * 8 (at 10^5 rows); the trace in one piece took one 3.4 s task (quiet). */
const ARRIVAL_GUARD_MS = 1500;

/** The longest main-thread task allowed across 10 slider jumps of the 10^5-step trace. The goal is
 * 200 ms (16 ms frames); before the changelog's bounded window and the result table's undo
 * (panes/changelog-window.ts, model/result-table.ts) the longest was 7.5 s (the changelog built
 * ~90,000 groups for a jump to step 90,000). */
const JUMP_GUARD_MS = 1500;

/** Runs the editor's script again (Run) and measures: the longest main-thread task from the click
 * until the first step is drawn (+ 1 s), the time from the engine's end to that step, the heap. */
async function rerun(page: Page): Promise<{ longest_task_ms: number; long_tasks_ms: number[]; engine_ms: number; click_to_step_ms: number; after_engine_ms: number; model_build_ms: number; model_post_ms: number; model_join_ms: number; heap_mb: number | null }> {
  await page.waitForTimeout(1000);
  await watchLongTasks(page);
  await clearMeasures(page);
  const t0 = await page.evaluate(() => performance.now());
  await page.getByRole('button', { name: /^Run/ }).click();
  await expect(page.locator('.jl-status')).toHaveText(/ran in/, { timeout: 120_000 });
  await expect.poll(() => measures(page, 'joinlab:draw').then((d) => d.length), { timeout: 60_000 }).toBeGreaterThan(0);
  await page.waitForTimeout(1000);
  const r = await page.evaluate((start) => {
    const draw = performance.getEntriesByName('joinlab:draw')[0];
    const mem = (performance as unknown as { memory?: { usedJSHeapSize: number } }).memory;
    const last = (n: string) => Math.round(performance.getEntriesByName(n).at(-1)?.duration ?? -1);
    return { long: (window as unknown as { __long: number[] }).__long, step: draw.startTime + draw.duration - start, heap: mem ? mem.usedJSHeapSize : null, build: last('joinlab:model'), post: last('joinlab:model-post'), join: last('joinlab:model-join') };
  }, t0);
  const engine = Number(/ran in ([\d.]+)/.exec((await page.locator('.jl-status').textContent()) ?? '')?.[1] ?? Number.NaN);
  return {
    longest_task_ms: Math.max(0, ...r.long),
    long_tasks_ms: r.long,
    engine_ms: engine,
    click_to_step_ms: Math.round(r.step),
    // The run's end to its first step: what the page adds to the engine's time.
    after_engine_ms: Math.round(r.step - engine),
    // Of it: the model's build and its posting in the worker (a big model's result-table ranks are
    // read after the reply, while the page joins it: not in the build), its joining on the page
    // (what is left of it when the reply comes: the slices are joined as they arrive).
    model_build_ms: r.build,
    model_post_ms: r.post,
    model_join_ms: r.join,
    heap_mb: r.heap === null ? null : Math.round(r.heap / 1e6),
  };
}

/** The resident memory of the biggest Chromium renderer (the page's tab and its engine worker:
 * the wasm's memory, the packed trace, both JS heaps) in bytes; null where `ps` cannot say. */
function rendererRss(): number | null {
  try {
    const out = execSync('ps -eo rss=,args=', { encoding: 'utf8' });
    const kb = out
      .split('\n')
      .filter((l) => /chromium/.test(l) && /--type=renderer/.test(l) && !/top-chrome-webui/.test(l))
      .map((l) => Number(l.trim().split(/\s+/)[0]));
    return kb.length ? Math.max(...kb) * 1024 : null;
  } catch {
    return null;
  }
}

test('the page at 10^6 rows: a 1,000,000-row datagen script loads, says how it goes, and steps', async ({ page }) => {
  // Issue 16's 10^6 goals: its first step within 5 s of the run finishing, progress while it
  // runs, no main-thread task over 200 ms, stepping within a frame, the tab under 1 GB. Measured
  // and reported; the assertions only guard against gross regressions. The page's limit of
  // 1,000,000 trace events would stop this script at step 250,001: the script raises it, as a
  // learner would (README "Limits").
  test.setTimeout(300_000);
  const rows = 1_000_000;
  const script = `SET 'joinlab.limit.trace-events' = '5000000';\n${datagenScript(rows)}`;
  await page.addInitScript(() => {
    // when the loading line first says the run is over (the worker then draws the trace)
    const w = window as unknown as { __drawingAt: number | null; __runningSeen: boolean };
    w.__drawingAt = null;
    w.__runningSeen = false;
    new MutationObserver(() => {
      const t = document.querySelector('[data-testid=engine-loading]')?.textContent ?? '';
      if (/^The engine is running… .* step [\d,]+ of 1,000,001$/.test(t)) w.__runningSeen = true;
      if (w.__drawingAt === null && t.startsWith('The engine is drawing the trace')) w.__drawingAt = performance.now();
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
  const t0 = Date.now();
  await page.goto(`./${shareHash({ script })}`);
  await watchLongTasks(page);
  await expect(page.locator('.jl-counter')).toHaveText('step 1/1000002', { timeout: 240_000 });
  const loadMs = Date.now() - t0;
  await page.waitForTimeout(1000);
  const r = await page.evaluate(() => {
    const w = window as unknown as { __drawingAt: number | null; __runningSeen: boolean; __long: number[] };
    const first = performance.getEntriesByName('joinlab:first-step')[0]?.startTime ?? Number.NaN;
    const mem = (performance as unknown as { memory?: { usedJSHeapSize: number } }).memory;
    const last = (n: string) => Math.round(performance.getEntriesByName(n).at(-1)?.duration ?? -1);
    return { running: w.__runningSeen, after: w.__drawingAt === null ? null : Math.round(first - w.__drawingAt), long: w.__long, heap: mem ? mem.usedJSHeapSize : null, build: last('joinlab:model'), post: last('joinlab:model-post') };
  });
  const engine = Number(/ran in ([\d.]+)/.exec((await page.locator('.jl-status').textContent()) ?? '')?.[1] ?? Number.NaN);
  const rss = rendererRss();
  // Stepping (→) and a jump to step 900,000, whose sentence the engine makes when it is shown
  // (a replay of the run up to it: docs/design.md "Steps, not micro-batches").
  await watchLongTasks(page);
  await clearMeasures(page);
  for (let i = 0; i < 20; i++) {
    await page.keyboard.press('ArrowRight');
    await settled(page);
  }
  const stepping = await page.evaluate(() => (window as unknown as { __long: number[] }).__long);
  const stepDraw = stats(await measures(page, 'joinlab:draw'));
  const jumpAt = Date.now();
  await page.getByTestId('step-slider').fill('900000');
  await settled(page);
  const jumpMs = Date.now() - jumpAt;
  await expect(page.getByTestId('step-sentence')).toContainText('] arrived', { timeout: 120_000 });
  const sentenceMs = Date.now() - jumpAt;
  results.datagen_1m = {
    rows,
    load_to_first_step_ms: loadMs,
    engine_ms: engine,
    progress_shown: r.running,
    run_end_to_first_step_ms: r.after,
    model_build_ms: r.build,
    model_post_ms: r.post,
    longest_task_ms: Math.max(0, ...r.long),
    long_tasks_ms: r.long,
    heap_mb: r.heap === null ? null : Math.round(r.heap / 1e6),
    renderer_rss_mb: rss === null ? null : Math.round(rss / 1e6),
    stepping_longest_task_ms: Math.max(0, ...stepping),
    step_draw_ms: stepDraw,
    jump_to_step_ms: jumpMs,
    jump_to_sentence_ms: sentenceMs,
  };
  expect(r.running, 'the loading line said how far the run got').toBe(true);
  expect(Math.max(0, ...r.long)).toBeLessThan(ARRIVAL_GUARD_MS);
  expect(Math.max(0, ...stepping)).toBeLessThan(GROSS * 200);
});

test('a big trace arriving: a 100,000-row interval join', async ({ page }) => {
  test.setTimeout(300_000);
  // Two datagen tables of 50,000 rows under a LEFT interval join: its row marks and changelog rows
  // link to the join's rows (padded ones too), and cross sliced all the same (engine/split.ts).
  const table = (name: string) =>
    `CREATE TABLE ${name} (id INT, ts TIMESTAMP(3), WATERMARK FOR ts AS ts) WITH ('connector' = 'datagen', 'number-of-rows' = '50000', 'fields.id.min' = '1', 'fields.id.max' = '1000', 'joinlab.interval' = '10 ms');`;
  const script = [table('orders'), table('ships'), "SELECT o.id, o.ts, s.ts AS shipped FROM orders o LEFT JOIN ships s ON o.id = s.id AND s.ts BETWEEN o.ts AND o.ts + INTERVAL '1' SECOND;"].join('\n');
  await page.goto(`./${shareHash({ script })}`);
  await expect(page.locator('.jl-counter')).toHaveText(/^step 1\/1000\d\d$/, { timeout: 120_000 });
  const r = await rerun(page);
  await expect(page.locator('.jl-counter')).toHaveText(/^step 1\/1000\d\d$/);
  results.interval_100k_rerun = r;
  // goal: no task over 200 ms while it arrives (before the rows were sliced for such a join: a
  // 1.1 s and a 2.4 s task); reported, with a gross guard
  expect(r.longest_task_ms).toBeLessThan(ARRIVAL_GUARD_MS);
});

test('a pasted 100,000-row INSERT script: the paste to its first step', async ({ page }) => {
  test.setTimeout(300_000);
  // Issue 16: "a pasted 100,000-row INSERT script runs in the page in ≤ 2 s". One INSERT per row,
  // two tables, under an interval join that emits 50,000 rows (each left row meets the right row
  // before it), pasted into the editor (it runs after the edit's debounce).
  const lines = [
    "SET 'sql.local-time-zone' = 'UTC';",
    'CREATE TABLE LeftTable (row_time TIMESTAMP(3), num INT, id STRING, WATERMARK FOR row_time AS row_time);',
    'CREATE TABLE RightTable (row_time TIMESTAMP(3), num INT, id STRING, WATERMARK FOR row_time AS row_time);',
  ];
  const t0 = Date.UTC(2023, 10, 3, 12, 22, 47, 268);
  const ts = (ms: number) => new Date(ms).toISOString().replace('T', ' ').replace('Z', '');
  for (let i = 0; i < 100_000; i++) lines.push(`INSERT INTO ${i % 2 === 0 ? 'LeftTable' : 'RightTable'} VALUES (TIMESTAMP '${ts(t0 + 37 * i)}', ${i}, 'L${i}');`);
  lines.push("SELECT L.num, L.id, R.id FROM LeftTable L JOIN RightTable R ON L.num = R.num + 1 AND L.row_time BETWEEN R.row_time AND R.row_time + INTERVAL '1' SECOND;");
  await openPage(page, './');
  await page.waitForTimeout(1000);
  // the default example is highlighted (its keywords are token spans) …
  expect(await page.locator('.cm-content .cm-line span').count()).toBeGreaterThan(0);
  await watchLongTasks(page);
  await clearMeasures(page);
  await page.getByTestId('editor').click();
  await page.keyboard.press('Control+A');
  const start = await page.evaluate((t) => {
    const dt = new DataTransfer();
    dt.setData('text/plain', t);
    const at = performance.now();
    document.querySelector('.cm-content')?.dispatchEvent(new ClipboardEvent('paste', { clipboardData: dt, bubbles: true, cancelable: true }));
    return at;
  }, lines.join('\n'));
  await expect(page.locator('.jl-counter')).toHaveText(/^step 1\/1000\d\d$/, { timeout: 180_000 });
  await expect.poll(() => measures(page, 'joinlab:draw').then((d) => d.length), { timeout: 60_000 }).toBeGreaterThan(0);
  await page.waitForTimeout(1000);
  const r = await page.evaluate((t0) => {
    const draw = performance.getEntriesByName('joinlab:draw').at(-1);
    const last = (n: string) => Math.round(performance.getEntriesByName(n).at(-1)?.duration ?? -1);
    return { step: draw ? draw.startTime + draw.duration - t0 : Number.NaN, long: (window as unknown as { __long: number[] }).__long, build: last('joinlab:model'), post: last('joinlab:model-post'), join: last('joinlab:model-join') };
  }, start);
  const engine = Number(/ran in ([\d.]+)/.exec((await page.locator('.jl-status').textContent()) ?? '')?.[1] ?? Number.NaN);
  // … the pasted 8.5 MB script is not (editor.ts HIGHLIGHT_MAX_CHARS: parsing it from the start to
  // the view at its end kept the page's thread busy half the time while the engine ran)
  expect(await page.locator('.cm-content .cm-line span').count()).toBe(0);
  results.insert_100k_paste = { paste_to_step_ms: Math.round(r.step), engine_ms: engine, longest_task_ms: Math.max(0, ...r.long), model_build_ms: r.build, model_post_ms: r.post, model_join_ms: r.join };
  // goal: the paste to the first step within 2 s (reported); a gross guard only
  expect(Math.max(0, ...r.long)).toBeLessThan(ARRIVAL_GUARD_MS);
});

test('a big trace arriving: re-running the 10,000-row scenario', async ({ page }) => {
  test.setTimeout(180_000);
  const script = readFileSync(path.join(ROOT, 'tests/e2e/fixtures/w1_5000.sql'), 'utf8');
  await page.goto(`./${shareHash({ script })}`);
  await expect(page.locator('.jl-counter')).toHaveText('step 1/10001', { timeout: 60_000 });
  const r = await rerun(page);
  await expect(page.locator('.jl-counter')).toHaveText('step 1/10001');
  results.w1_rerun = r;
  // goal: no task over 200 ms (reported). Before the model was built in the worker and sliced:
  // one task of ~830 ms; now 150–200 ms on a quiet machine, up to ~800 ms under a load average of
  // 8 (long tasks are wall-clock time), so this guard is loose: the 10^5-row test below is the one
  // that tells the two paths apart.
  expect(r.longest_task_ms).toBeLessThan(ARRIVAL_GUARD_MS);
});

test('a big trace arriving: a 100,000-row datagen script', async ({ page }) => {
  test.setTimeout(300_000);
  const rows = 100_000;
  // The first load runs in a fresh worker (its wasm memory not grown yet: crates/wasm/src/grow.rs).
  const t0 = Date.now();
  await page.goto(`./${shareHash({ script: datagenScript(rows) })}`);
  await expect(page.locator('.jl-counter')).toHaveText(/^step 1\/1000\d\d$/, { timeout: 120_000 });
  const firstLoadMs = Date.now() - t0;
  const r = await rerun(page);
  await expect(page.locator('.jl-counter')).toHaveText(/^step 1\/1000\d\d$/);
  // Steps (→) and slider moves, with the long tasks watched; the slowest pane of the slider moves.
  await watchLongTasks(page);
  for (let i = 0; i < 20; i++) {
    await page.keyboard.press('ArrowRight');
    await settled(page);
  }
  const stepping = await page.evaluate(() => (window as unknown as { __long: number[] }).__long);
  await watchLongTasks(page);
  await clearMeasures(page);
  const slider = page.getByTestId('step-slider');
  for (let i = 0; i < 10; i++) {
    const target = 1 + ((i * 7919) % 99_999);
    await slider.fill(String(target));
    await settled(page);
    // Drawn (not only counted): the steps table marks the step.
    await expect(page.locator('[data-testid=steps-row].jl-current')).toHaveAttribute('data-pos', String(target), { timeout: 1 });
  }
  const scrubbing = await page.evaluate(() => (window as unknown as { __long: number[] }).__long);
  // Each jump's drawing (all panes, one frame's work) and the two panes that replay the changelog.
  const jumpDraw = await measures(page, 'joinlab:draw');
  const jumpPanes = { changelog: stats(await measures(page, 'joinlab:pane:changelog')), result: stats(await measures(page, 'joinlab:pane:result')), timeline: stats(await measures(page, 'joinlab:pane:timeline')) };
  const panes = await page.evaluate(() => {
    const worst = new Map<string, number>();
    for (const e of performance.getEntriesByType('measure')) if (e.name.startsWith('joinlab:pane:')) worst.set(e.name.slice(13), Math.max(worst.get(e.name.slice(13)) ?? 0, Math.round(e.duration)));
    return Object.fromEntries(worst);
  });
  results.datagen_100k_rerun = { rows, first_load_ms: firstLoadMs, ...r, stepping_longest_task_ms: Math.max(0, ...stepping), slider_longest_task_ms: Math.max(0, ...scrubbing), slider_long_tasks_ms: scrubbing, slider_draw_ms: stats(jumpDraw), slider_pane_ms: jumpPanes, slider_slowest_pane_ms: panes };
  // goal: no task over 200 ms (before: one task of ~3.4 s as the trace arrived). The time from
  // the run's end to the first step (goal 1 s) is reported, not asserted (met for this script on a
  // quiet machine, not for the interval join above, nor under load); the slider
  // jumps (goal 200 ms, 0.2–0.5 s now) only under the gross guard below.
  expect(r.longest_task_ms).toBeLessThan(ARRIVAL_GUARD_MS);
  expect(Math.max(0, ...stepping)).toBeLessThan(GROSS * 200);
  // Slider jumps across the 10^5 steps (goal: no task over 200 ms; was 7.5 s): a gross guard.
  expect(jumpDraw.length).toBeGreaterThanOrEqual(10);
  expect(Math.max(0, ...scrubbing)).toBeLessThan(JUMP_GUARD_MS);
  // The changelog draws its window of 500 groups, not every group up to the step.
  await expect(page.getByTestId('changelog-row')).toHaveCount(500);
  await expect(page.getByTestId('changelog-earlier')).toContainText(/^[\d,]+ earlier steps with rows \([\d,]+ rows\) not drawn\./);
});
