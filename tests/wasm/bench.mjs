// The benchmark workloads (../shared/BENCHMARKS.md) in the wasm build, in Node: input rows/s
// per join kind, trace off (and on for W1: every step built and packed, as the page's worker and
// `joinlab bench --trace` run it), beside the native figures of `joinlab bench`.
// Not a timed test: it prints numbers and fails only when a result count is wrong.
//   node tests/wasm/bench.mjs [rows=500000] [repeat=3]
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { performance } from 'node:perf_hooks';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const pkg = process.env.JOINLAB_WASM_PKG ?? path.join(root, 'www/pkg');
const { default: init, Bench, Session, runText } = await import(path.join(pkg, 'joinlab_wasm.js'));
await init({ module_or_path: readFileSync(path.join(pkg, 'joinlab_wasm_bg.wasm')) });

const rows = Number(process.argv[2] ?? 500000);
const repeat = Number(process.argv[3] ?? 3);
const median = (v) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)];
// JOINLAB_BENCH_ONLY=w4-inner,w4-left runs those workloads only (the shapes below still run)
const only = process.env.JOINLAB_BENCH_ONLY?.split(',');
let failed = 0;
for (const [w, trace, n] of [['w1', false], ['w1', true], ['w2-inner', false], ['w2-left', false], ['w4-inner', false], ['w4-left', false], ['w5-inner', false], ['w5-left', false], ['w3-cascade', false], ['w3-multi', false], ['lookup-key', false, 100000], ['lookup-vector', false, 100000]].filter(([w]) => !only || only.includes(w))) {
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
    `${w.padEnd(11)} trace ${trace ? 'on ' : 'off'}  ${Math.round(median(rates)).toLocaleString('en-US').padStart(11)} input rows/s (wasm, median of ${repeat})  result ${r.net_rows}${ok ? '' : ` EXPECTED ${r.expected}`}  peak state ${r.peak_state_rows}${r.steps ? `  packed trace ${Math.round(r.trace_bytes / r.steps)} B per step` : ''}`,
  );
  b.free();
}

// Scripts with data (issue 16): the script of `joinlab bench insert-parse` (crates/engine/src/bench.rs
// insert_script), 100,000 rows written three ways; the whole run (text, trace off) and what the
// page's worker does (Session.load: trace on, the trace handed to JS)
const dataRows = 100000;
const pad = (n, w) => String(n).padStart(w, '0');
const ts = (ms) => {
  const d = new Date(ms);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1, 2)}-${pad(d.getUTCDate(), 2)} ${pad(d.getUTCHours(), 2)}:${pad(d.getUTCMinutes(), 2)}:${pad(d.getUTCSeconds(), 2)}.${pad(d.getUTCMilliseconds(), 3)}`;
};
const head = `SET 'sql.local-time-zone' = 'UTC';
CREATE TABLE LeftTable (row_time TIMESTAMP(3), num INT, id STRING, WATERMARK FOR row_time AS row_time);
CREATE TABLE RightTable (row_time TIMESTAMP(3), num INT, id STRING, WATERMARK FOR row_time AS row_time);
SELECT L.num, L.id, R.id FROM LeftTable L JOIN RightTable R ON L.num = R.num AND L.num < 0;
`;
const at = (i) => ts(1699014167268 + 37 * i);
const table = (i) => (i % 2 === 0 ? 'LeftTable' : 'RightTable');
const idx = [...Array(dataRows).keys()];
const shapes = [
  ['one INSERT of N tuples', head + [0, 1].map((par) => `INSERT INTO ${table(par)} VALUES\n` + idx.filter((i) => i % 2 === par).map((i) => `  (TIMESTAMP '${at(i)}', ${i}, 'L${i}')`).join(',\n') + ';\n').join('')],
  ['N INSERT statements', head + idx.map((i) => `INSERT INTO ${table(i)} VALUES (TIMESTAMP '${at(i)}', ${i}, 'L${i}');\n`).join('')],
  ['N @ lines', head + idx.map((i) => `@${table(i)} ${at(i)} | ${i} | L${i}\n`).join('')],
];
for (const [name, script] of shapes) {
  const t0 = performance.now();
  const text = runText(script, 'confluent');
  const run = (performance.now() - t0) / 1000;
  const s = new Session();
  const t1 = performance.now();
  // (as the worker loads a script whose model it builds: a run of more than 20,000 steps makes
  // the sentences of its first 2,000 only, www/src/engine/worker.ts)
  s.load(script, 'confluent', undefined, 20000, 2000);
  const load = (performance.now() - t1) / 1000;
  s.free();
  if (!text.includes('== changelog')) failed++;
  console.log(
    `${name.padEnd(24)} ${dataRows} rows  whole run ${run.toFixed(3)} s (${Math.round(dataRows / run).toLocaleString('en-US')} rows/s, wasm)  Session.load (trace on) ${load.toFixed(3)} s`,
  );
}
process.exit(failed ? 1 : 0);
