// A big model's steps held a block at a time (www/src/model/step-blocks.ts, engine/split.ts), in
// Node: a script of more than LAZY_STEPS steps is run by the page's wasm (www/pkg, built by
// `npm run build`), each query's model is built as the worker builds it, split as the worker
// sends it and joined as the page joins it, every message through structuredClone as postMessage
// does. The joined model must hold only its first and last blocks; every position's kind and text
// must read as the whole model's; after the other blocks are fetched (in a shuffled order, as the
// worker answers `steps` requests) every step, every steps-table row's link to it and every
// event-keyed note (window aggregation stages, deduplication's previous rows, UNNEST fan-outs)
// must equal the whole model's, and the steps table's rows, the lanes' row marks and the changelog
// (sent as columns: engine/row-columns.ts) must too.
// Run: node --test tests/model/
import { test } from "node:test";
import assert from "node:assert/strict";
import { packedOf, pageModules, skipWithoutWasm as skip, workerBuild } from "./page.mjs";

const ROWS = 21_500;

/** One table of ROWS rows (10 ms apart) with a `@watermark` marker every 1,000 rows, and three
 * queries whose models carry event-keyed notes. */
function script() {
  const lines = ["CREATE TABLE t (k INT, v INT, ts TIMESTAMP(3), WATERMARK FOR ts AS ts - INTERVAL '1' SECOND);"];
  const t0 = Date.UTC(2024, 0, 1);
  const ts = (ms) => new Date(t0 + ms).toISOString().replace("T", " ").replace("Z", "");
  for (let i = 0; i < ROWS; i++) {
    lines.push(`@t ${i % 7} | ${i % 1000} | ${ts(i * 10)}`);
    if (i % 1000 === 999) lines.push(`@watermark t ${ts(i * 10 - 500)}`);
    // A late row now and then (5 s behind: its window has fired).
    if (i % 5000 === 4999) lines.push(`@t 1 | 1 | ${ts(i * 10 - 5000)}`);
  }
  lines.push(
    "SELECT window_start, k, COUNT(*) AS n FROM TABLE(TUMBLE(TABLE t, DESCRIPTOR(ts), INTERVAL '1' SECOND)) GROUP BY window_start, window_end, k;",
    "SELECT k, v FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY k ORDER BY ts DESC) AS rn FROM t) WHERE rn = 1;",
    "SELECT k, x FROM t CROSS JOIN UNNEST(ARRAY[v, v + 1]) AS u(x) WHERE k < 3;",
    "SELECT k, COUNT(*) AS n, MAX(v) AS top FROM t WHERE k < 5 GROUP BY k;",
  );
  return lines.join("\n");
}

test("a big model crosses with two blocks of steps and fetches the rest", { skip }, async () => {
  const m = await pageModules();
  const bytes = await packedOf(script());
  const trace = m.unpackTrace(bytes);
  assert.equal(trace.queries.length, 4);
  let notes = { aggStage: 0, dedupPrev: 0, unnestOf: 0 };
  const seen = { late: 0, dropped: 0, paired: 0, retracts: 0, sliced: 0 };
  for (let qi = 0; qi < trace.queries.length; qi++) {
    const q = trace.queries[qi];
    assert.equal(q.error ?? null, null, `query ${qi + 1} failed: ${q.error?.message}`);
    const whole = m.buildModel(trace, qi, "UTC");
    const total = whole.steps.length;
    assert.ok(total > m.LAZY_STEPS, `${total} steps`);
    // What the worker builds from the packed trace and sends, through structuredClone
    // (postMessage), and the page joins.
    const parts = [];
    const w = workerBuild(m, bytes, qi, "UTC", (p) => parts.push(structuredClone(p)));
    const sk = w.skeleton;
    const lazy = m.joinModel(structuredClone(sk), parts, null);
    assert.ok(lazy.lazy, "the model is lazy");
    // The lanes' row marks and the changelog (sent as columns when they link to nothing else).
    assert.deepEqual(lazy.lanes, whole.lanes);
    assert.deepEqual(lazy.outputs, whole.outputs);
    if (sk.rowsSliced) seen.sliced++;
    for (const l of whole.lanes) for (const r of l.rows) (seen.late += r.late ? 1 : 0), (seen.dropped += r.dropped ? 1 : 0);
    for (const o of whole.outputs) (seen.paired += o.pairKind ? 1 : 0), (seen.retracts += o.retracts >= 0 ? 1 : 0);
    assert.equal(lazy.steps.length, total);
    const blocks = Math.ceil(total / m.STEP_BLOCK);
    const lastHeld = Math.floor((total - 2) / m.STEP_BLOCK);
    for (let b = 0; b < blocks; b++) assert.equal(lazy.lazy.loaded[b], b < 2 || b >= lastHeld ? 1 : 0, `block ${b} held`);
    assert.equal(lazy.steps[2 * m.STEP_BLOCK + 5], undefined);
    assert.deepEqual(m.missingBlocks(lazy, 5000, 5000), [4]);
    assert.deepEqual(m.missingBlocks(lazy, 1, 2000), []);
    assert.deepEqual(m.missingBlocks(lazy, 1990, 2010), [2]);
    // Every position's kind and text, held or not.
    for (let p = lazy.first; p <= total; p++) {
      const s = m.stepAt(whole, p);
      assert.deepEqual(m.stepHead(lazy, p) && { kind: m.stepHead(lazy, p).kind, text: m.stepHead(lazy, p).text }, { kind: s.kind, text: s.text }, `position ${p}`);
      assert.equal(m.stepName(lazy, p), m.stepName(whole, p));
    }
    // The other blocks, asked in a shuffled order, as the worker answers them.
    const order = [...Array(blocks).keys()].filter((b) => !lazy.lazy.loaded[b]);
    for (let i = order.length - 1; i > 0; i--) {
      const j = (i * 7919) % (i + 1);
      [order[i], order[j]] = [order[j], order[i]];
    }
    for (const b of order) {
      const from = b * m.STEP_BLOCK;
      m.fillSteps(lazy, from, structuredClone(w.steps(from, from + m.STEP_BLOCK)));
    }
    assert.equal(lazy.lazy.loaded.every((x) => x === 1), true);
    assert.equal(lazy.lazy.notes.size, 0);
    assert.deepEqual(m.missingBlocks(lazy, 1, total), []);
    for (let i = 0; i < total; i++) {
      assert.deepEqual(lazy.steps[i], whole.steps[i], `step ${i + 1}`);
      assert.equal(lazy.info[i].step, lazy.steps[i], `steps-table row ${i + 1}`);
      assert.equal(lazy.info[i].row, lazy.rowsByPos[i + 1]);
      assert.deepEqual({ ...lazy.info[i], step: null, row: null }, { ...whole.info[i], step: null, row: null }, `steps-table row ${i + 1}`);
      if (i < lazy.dataSteps) assert.equal(lazy.query.steps[i], lazy.steps[i]);
      whole.steps[i].events.forEach((e, j) => {
        const mine = lazy.steps[i].events[j];
        assert.equal(lazy.events.aggStage.get(mine), whole.events.aggStage.get(e), `aggregation stage, step ${i + 1} event ${j}`);
        assert.deepEqual(lazy.events.dedupPrev.get(mine), whole.events.dedupPrev.get(e), `previous row, step ${i + 1} event ${j}`);
        const f = whole.unnestOf.get(e);
        assert.equal(lazy.unnestOf.has(mine), !!f);
        if (f) assert.equal(lazy.unnests.indexOf(lazy.unnestOf.get(mine)), whole.unnests.indexOf(f));
      });
    }
    assert.equal(lazy.events.aggStage.size, whole.events.aggStage.size);
    assert.equal(lazy.events.dedupPrev.size, whole.events.dedupPrev.size);
    assert.equal(lazy.unnestOf.size, whole.unnestOf.size);
    notes.aggStage += whole.events.aggStage.size;
    notes.dedupPrev += whole.events.dedupPrev.size;
    notes.unnestOf += whole.unnestOf.size;
  }
  // The script exercises each kind of note and of rare field (else the checks above say nothing about them).
  assert.ok(notes.aggStage > 1000 && notes.dedupPrev > 1000 && notes.unnestOf > 1000, JSON.stringify(notes));
  assert.ok(seen.sliced === 4 && seen.late > 0 && seen.dropped > 0 && seen.paired > 1000 && seen.retracts > 1000, JSON.stringify(seen));
});

test("a model of LAZY_STEPS steps or fewer crosses whole", { skip }, async () => {
  const m = await pageModules();
  const small = script().split("\n").filter((l, i) => !l.startsWith("@") || i < 3000).join("\n");
  const bytes = await packedOf(small);
  const whole = m.buildModel(m.unpackTrace(bytes), 1, "UTC");
  const parts = [];
  const sk = workerBuild(m, bytes, 1, "UTC", (p) => parts.push(structuredClone(p))).skeleton;
  const joined = m.joinModel(structuredClone(sk), parts, null);
  assert.equal(joined.lazy, null);
  assert.deepEqual(joined.steps, whole.steps);
  assert.equal(joined.info.length, whole.info.length);
  joined.info.forEach((x, i) => assert.deepEqual({ ...x, step: null, row: null }, { ...whole.info[i], step: null, row: null }));
});
