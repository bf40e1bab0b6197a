// The benchmark workloads of tests/wasm/bench.mjs in headless Chromium (issue 16): the same wasm
// package, the same workloads and sizes, timed in the browser. A node:http server on 127.0.0.1
// (a free port) serves the package and a bench page from memory; Playwright drives Debian's
// Chromium (never a downloaded browser). The runs happen in a module Web Worker, as the page's
// engine does (www/src/engine/worker.ts); JOINLAB_BENCH_THREAD=main runs them on the page's main
// thread instead. Each `run` is timed with performance.now() in the browser; median of `repeat`.
// Not a timed test: it prints numbers and fails only when a result count is wrong.
//   node tests/wasm/bench-chromium.mjs [rows=500000] [repeat=3]     (JOINLAB_WASM_PKG=DIR as bench.mjs)
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

process.env.PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD = '1';
const { chromium } = await import('playwright-core');

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const pkg = process.env.JOINLAB_WASM_PKG ?? path.join(root, 'www/pkg');
const rows = Number(process.argv[2] ?? 500000);
const repeat = Number(process.argv[3] ?? 3);
const thread = process.env.JOINLAB_BENCH_THREAD === 'main' ? 'main' : 'worker';
// as bench.mjs: [workload, trace, rows (the lookups: 10^5 lookups against 10^4 external-table rows)]
const workloads = [['w1', false], ['w1', true], ['w2-inner', false], ['w2-left', false], ['w4-inner', false], ['w4-left', false], ['w5-inner', false], ['w5-left', false], ['w3-cascade', false], ['w3-multi', false], ['lookup-key', false, 100000], ['lookup-vector', false, 100000]];

// The page: bench.js runs the workloads (in the worker or on the main thread) and reports each
// one through `report`, which main.js hands to Node (window.benchReport).
const files = {
  '/': ['text/html', '<!doctype html><meta charset="utf-8"><title>JoinLab wasm bench</title><link rel="icon" href="data:,"><script type="module" src="/main.js"></script>\n'],
  '/bench.js': ['text/javascript', `import init, { Bench } from '/pkg/joinlab_wasm.js';
export async function runAll({ workloads, rows, repeat }, report) {
  await init();
  const median = (v) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)];
  for (const [w, trace, n] of workloads) {
    const b = new Bench(w, n ?? rows);
    const rates = [];
    let r;
    for (let i = 0; i < repeat; i++) {
      const t0 = performance.now();
      r = b.run(trace);
      rates.push(b.inputRows() / ((performance.now() - t0) / 1000));
    }
    report({ type: 'result', w, trace, rate: median(rates), rates, result: r });
    b.free();
  }
}
`],
  '/worker.js': ['text/javascript', `import { runAll } from '/bench.js';
self.onmessage = (e) => runAll(e.data, (m) => postMessage(m)).then(
  () => postMessage({ type: 'done' }),
  (err) => postMessage({ type: 'error', message: String(err?.stack ?? err) }),
);
`],
  '/main.js': ['text/javascript', `window.startBench = (cfg, thread) => new Promise((resolve) => {
  const report = (m) => { window.benchReport(m); if (m.type !== 'result') resolve(); };
  if (thread === 'main') {
    import('/bench.js').then(({ runAll }) => runAll(cfg, report)).then(
      () => report({ type: 'done' }),
      (err) => report({ type: 'error', message: String(err?.stack ?? err) }),
    );
    return;
  }
  const worker = new Worker('/worker.js', { type: 'module' });
  worker.onmessage = (e) => report(e.data);
  worker.onerror = (e) => report({ type: 'error', message: 'worker: ' + (e.message || 'failed to start') });
  worker.postMessage(cfg);
});
window.benchReady = true;
`],
};
for (const f of ['joinlab_wasm.js', 'joinlab_wasm_bg.wasm']) {
  if (!existsSync(path.join(pkg, f))) {
    console.error(`bench-chromium: no ${f} in ${pkg} (build it: bash scripts/build-wasm.sh)`);
    process.exit(1);
  }
}
const server = createServer((req, res) => {
  const url = new URL(req.url, 'http://127.0.0.1');
  let type, body;
  if (url.pathname in files) [type, body] = files[url.pathname];
  else if (url.pathname.startsWith('/pkg/') && existsSync(path.join(pkg, path.basename(url.pathname)))) {
    const name = path.basename(url.pathname);
    type = name.endsWith('.wasm') ? 'application/wasm' : 'text/javascript';
    body = readFileSync(path.join(pkg, name));
  } else {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(200, { 'content-type': type, 'cache-control': 'no-store' }).end(body);
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const base = `http://127.0.0.1:${server.address().port}/`;

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
let failed = 0;
let error = null;
try {
  const page = await browser.newPage();
  page.on('pageerror', (e) => console.error(`bench-chromium: page error: ${e.message}`));
  page.on('console', (m) => m.type() === 'error' && console.error(`bench-chromium: console: ${m.text()}`));
  let crashed;
  const crash = new Promise((resolve) => { crashed = resolve; });
  page.on('crash', () => crashed());
  await page.exposeFunction('benchReport', (m) => {
    if (m.type === 'error') error = m.message;
    if (m.type !== 'result') return;
    const r = m.result;
    const ok = r.expected == null || r.expected === r.net_rows;
    if (!ok) failed++;
    console.log(
      `${m.w.padEnd(11)} trace ${m.trace ? 'on ' : 'off'}  ${Math.round(m.rate).toLocaleString('en-US').padStart(11)} input rows/s (wasm in Chromium, median of ${repeat})  result ${r.net_rows}${ok ? '' : ` EXPECTED ${r.expected}`}  peak state ${r.peak_state_rows}${r.steps ? `  packed trace ${Math.round(r.trace_bytes / r.steps)} B per step` : ''}`,
    );
  });
  await page.goto(base);
  await page.waitForFunction(() => window.benchReady === true);
  console.log(`(Chromium ${browser.version()}, ${thread === 'main' ? "the page's main thread" : 'a module Web Worker'}, ${base})`);
  const run = page.evaluate(([cfg, t]) => window.startBench(cfg, t), [{ workloads, rows, repeat }, thread]);
  const outcome = await Promise.race([run.then(() => 'done'), crash.then(() => 'crash')]);
  if (outcome === 'crash') error = 'the page crashed (out of memory?)';
} catch (e) {
  error = String(e?.message ?? e);
} finally {
  await browser.close();
  server.close();
}
if (error) console.error(`bench-chromium: ${error}`);
process.exit(failed || error ? 1 : 0);
