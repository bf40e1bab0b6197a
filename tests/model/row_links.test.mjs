// The lanes' row marks and the changelog of the models whose rows link to other objects of the
// model (an interval join's rows, a temporal join's probe rows, UNNEST fan-outs) cross sliced, as
// columns, with each link as an index (www/src/engine/split.ts `linkers` / `relink`), in Node on
// the page's wasm (www/pkg, built by `npm run build`): each query's model is built as the worker
// builds it, split as the worker sends it and joined as the page joins it, every message through
// structuredClone as postMessage does. The joined model's rows must equal the whole model's, and
// each link must point at the joined model's own object (the one in its interval / temporal /
// UNNEST view at the same place), not at a copy.
// Run: node --test tests/model/
import { test } from "node:test";
import assert from "node:assert/strict";
import { packedOf, pageModules, skipWithoutWasm as skip, workerBuild } from "./page.mjs";

const ROWS = 3000;

/** Orders and shipments a few seconds apart (some never shipped: padded by the LEFT interval
 * join; some late), rates as a versioned table, and three queries whose rows link. */
function script() {
  const t0 = Date.UTC(2024, 0, 1);
  const ts = (ms) => new Date(t0 + ms).toISOString().replace("T", " ").replace("Z", "");
  const lines = [
    "CREATE TABLE orders (id INT, cur STRING, tags ARRAY<INT>, ts TIMESTAMP(3), WATERMARK FOR ts AS ts);",
    "CREATE TABLE ships (id INT, ts TIMESTAMP(3), WATERMARK FOR ts AS ts);",
    "CREATE TABLE rates (cur STRING, rate INT, ts TIMESTAMP(3), WATERMARK FOR ts AS ts, PRIMARY KEY (cur) NOT ENFORCED) WITH ('changelog-mode' = 'upsert');",
  ];
  const curs = ["EUR", "USD", "GBP"];
  for (let i = 0; i < ROWS; i++) {
    const tags = i % 4 === 0 ? "[]" : `[${i % 5}, ${i % 3}]`;
    lines.push(`@orders ${i} | ${curs[i % 3]} | ${tags} | ${ts(i * 1000)}`);
    if (i % 3 !== 0) lines.push(`@ships ${i} | ${ts(i * 1000 + (i % 7) * 400)}`);
    if (i % 50 === 0) lines.push(`@rates ${i === 0 ? "" : "+U "}${curs[(i / 50) % 3]} | ${i} | ${ts(i * 1000 - 500)}`);
    // now and then a late order (its shipment's window has passed) and a late shipment
    if (i % 400 === 399) lines.push(`@orders ${100000 + i} | EUR | [1] | ${ts(i * 1000 - 9000)}`, `@ships ${i - 300} | ${ts(i * 1000 - 8000)}`);
  }
  lines.push(
    "SELECT o.id, s.id AS sid FROM orders o LEFT JOIN ships s ON o.id = s.id AND s.ts BETWEEN o.ts AND o.ts + INTERVAL '2' SECOND;",
    "SELECT o.id, r.rate FROM orders o LEFT JOIN rates FOR SYSTEM_TIME AS OF o.ts AS r ON o.cur = r.cur;",
    "SELECT o.id, t FROM orders o CROSS JOIN UNNEST(o.tags) AS u(t);",
  );
  return lines.join("\n");
}

test("rows that link to the interval, temporal and UNNEST views cross sliced and keep their links", { skip }, async () => {
  const m = await pageModules();
  const bytes = await packedOf(script());
  const trace = m.unpackTrace(bytes);
  assert.equal(trace.queries.length, 3);
  const seen = { interval: 0, padded: 0, late: 0, temporal: 0, outTemporal: 0, unnest: 0 };
  for (let qi = 0; qi < 3; qi++) {
    const q = trace.queries[qi];
    assert.equal(q.error ?? null, null, `query ${qi + 1} failed: ${q.error?.message}`);
    const whole = m.buildModel(trace, qi, "UTC");
    const parts = [];
    const sk = workerBuild(m, bytes, qi, "UTC", (p) => parts.push(structuredClone(p))).skeleton;
    assert.equal(sk.rowsSliced, true, `query ${qi + 1}: rows sliced`);
    assert.deepEqual(sk.model.outputs, []);
    assert.ok(parts.some((p) => p.key === "outputs") && parts.some((p) => p.key.startsWith("lane:")));
    const joined = m.joinModel(structuredClone(sk), parts.map((p) => m.decodePart(p)), null);
    assert.deepEqual(joined.lanes, whole.lanes);
    assert.deepEqual(joined.outputs, whole.outputs);
    const ivWhole = whole.interval ? whole.interval.probes.flat() : [];
    const ivJoined = joined.interval ? joined.interval.probes.flat() : [];
    if (whole.interval) {
      // The interval join's rows cross in slices of their own, and come back in their steps.
      assert.ok(sk.interval && parts.some((p) => p.key === "interval"), "interval rows sliced");
      assert.deepEqual(sk.model.interval.probes, []);
      assert.deepEqual(joined.interval, whole.interval);
      const own = new Set(ivJoined);
      assert.ok(joined.interval.cached.length > 1000 && joined.interval.cached.every((r) => own.has(r)), "cached rows are the probes' own");
    }
    if (whole.temporal) {
      // The temporal join's versions and probes cross in slices of their own.
      assert.ok(sk.temporal && parts.some((p) => p.key === "tprobe") && parts.some((p) => p.key === "tversion"), "temporal rows sliced");
      assert.deepEqual(sk.model.temporal.probes, []);
      assert.deepEqual(joined.temporal, whole.temporal);
      const probes = new Set(joined.temporal.probes);
      const versions = new Set(joined.temporal.versions);
      for (const l of [...joined.temporal.waitsAt, ...joined.temporal.releasedAt]) for (const r of l) assert.ok(probes.has(r), "a step's probe is the view's own");
      const met = joined.temporal.probes.filter((r) => r.version);
      assert.ok(met.length > 1000 && met.every((r) => versions.has(r.version)), "a probe's version is the view's own");
    }
    whole.lanes.forEach((l, li) =>
      l.rows.forEach((r, k) => {
        const mine = joined.lanes[li].rows[k];
        if (r.interval) {
          seen.interval++;
          if (r.late) seen.late++;
          assert.equal(mine.interval, ivJoined[ivWhole.indexOf(r.interval)], `lane ${li} row ${k}: its interval row`);
        } else assert.equal(mine.interval, null);
        if (r.temporal) {
          seen.temporal++;
          assert.equal(mine.temporal, joined.temporal.probes[whole.temporal.probes.indexOf(r.temporal)], `lane ${li} row ${k}: its probe row`);
        } else assert.equal(mine.temporal, null);
      }),
    );
    whole.outputs.forEach((o, i) => {
      const mine = joined.outputs[i];
      if (o.padded) {
        seen.padded++;
        assert.equal(mine.padded.of, ivJoined[ivWhole.indexOf(o.padded.of)], `changelog row ${i}: the row it pads`);
      }
      if (o.temporal) {
        seen.outTemporal++;
        assert.equal(mine.temporal, joined.temporal.probes[whole.temporal.probes.indexOf(o.temporal)], `changelog row ${i}: its probe row`);
      }
      if (o.unnest) {
        seen.unnest++;
        assert.equal(mine.unnest.fan, joined.unnests[whole.unnests.indexOf(o.unnest.fan)], `changelog row ${i}: its fan-out`);
      }
    });
  }
  // Every kind of link was there (else the checks above say nothing about it).
  assert.ok(seen.interval > 1000 && seen.padded > 100 && seen.temporal > 1000 && seen.outTemporal > 1000 && seen.unnest > 1000, JSON.stringify(seen));
});
