// The benchmark workloads (../shared/BENCHMARKS.md) in the wasm build, in Node: input rows/s
// per join kind, trace off (and on for W1), beside the native figures of `joinlab bench`.
// Not a timed test: it prints numbers and fails only when a result count is wrong.
//   node tests/wasm/bench.mjs [rows=500000] [repeat=3]
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { performance } from 'node:perf_hooks';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const pkg = process.env.JOINLAB_WASM_PKG ?? path.join(root, 'www/pkg');
const { default: init, Bench } = await import(path.join(pkg, 'joinlab_wasm.js'));
await init({ module_or_path: readFileSync(path.join(pkg, 'joinlab_wasm_bg.wasm')) });

const rows = Number(process.argv[2] ?? 500000);
const repeat = Number(process.argv[3] ?? 3);
const median = (v) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)];
let failed = 0;
for (const [w, trace, n] of [['w1', false], ['w1', true], ['w2-inner', false], ['w2-left', false], ['w4-inner', false], ['w4-left', false], ['w5-inner', false], ['w5-left', false], ['w3-cascade', false], ['w3-multi', false], ['lookup-key', false, 100000], ['lookup-vector', false, 100000]]) {
  // the lookups (issue 14): 10^5 lookups against 10^4 external-table rows, whatever `rows`
  const b = new Bench(w, n ?? rows);
  const rates = [];
  let r;
  for (let i = 0; i < repeat; i++) {
    const t0 = performance.now();
    r = b.run(trace);
    rates.push(b.inputRows() / ((performance.now() - t0) / 1000));
  }
  const ok = r.expected == null || r.expected === r.net_rows;
  if (!ok) failed++;
  console.log(
    `${w.padEnd(11)} trace ${trace ? 'on ' : 'off'}  ${Math.round(median(rates)).toLocaleString('en-US').padStart(11)} input rows/s (wasm, median of ${repeat})  result ${r.net_rows}${ok ? '' : ` EXPECTED ${r.expected}`}  peak state ${r.peak_state_rows}`,
  );
  b.free();
}
process.exit(failed ? 1 : 0);
