// The page's reader of the packed trace (www/src/engine/unpack.ts), in Node: for scripts that
// between them have every kind of event, the trace the page's wasm packs (Session.load) reads
// back, step by step and whole, as exactly the JSON the native CLI prints for it
// (`joinlab run --format trace-json`): the engine's serde JSON is the reference. Also: steps
// read by range equal those of the whole trace, the header holds each query's start and end.
// Run: node --test tests/model/   (needs the page's wasm, www/pkg, and the CLI, target/debug/joinlab)
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { packedOf, pageModules, skipWithoutWasm } from "./page.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "../..");
const cli = join(process.env.CARGO_TARGET_DIR ?? join(root, "target"), "debug/joinlab");
const skip = skipWithoutWasm || (existsSync(cli) ? false : `no CLI at ${cli} (cargo build -p joinlab-cli makes it)`);

// The scripts with every kind of event (the same list as the engine's pack tests read).
const SCRIPTS = readFileSync(join(root, "tests/model/every_event_scripts.txt"), "utf8")
  .split("\n")
  .map((l) => l.trim())
  .filter((l) => l && !l.startsWith("#"));

test("the packed trace reads back as the CLI's JSON", { skip }, async () => {
  const m = await pageModules();
  const kinds = new Set();
  for (const f of SCRIPTS) {
    const dialect = f.includes("conformance") ? "flink" : "confluent";
    const script = readFileSync(join(root, f), "utf8");
    const json = JSON.parse(execFileSync(cli, ["run", "--dialect", dialect, "--format", "trace-json", join(root, f)], { maxBuffer: 1 << 30 }).toString());
    const bytes = await packedOf(script, dialect);
    const whole = m.unpackTrace(bytes);
    assert.deepEqual(whole, json, f);
    // the header (no steps) and each step by range, as the worker reads them
    const p = new m.PackedTrace(bytes);
    const header = p.header();
    header.queries.forEach((q, qi) => {
      assert.deepEqual(q.steps, [], `${f}: the header's query ${qi + 1} has no steps`);
      assert.deepEqual(q.start, json.queries[qi].start, `${f}: start of query ${qi + 1}`);
      assert.deepEqual(q.end, json.queries[qi].end, `${f}: end of query ${qi + 1}`);
      const n = p.stepCount(qi);
      assert.equal(n, json.queries[qi].steps.length);
      for (let i = 0; i < n; i += 3) assert.deepEqual(p.steps(qi, i, i + 3), json.queries[qi].steps.slice(i, i + 3), `${f}: steps ${i + 1}…`);
      const all = p.modelSteps(qi, header, 0, n + 1);
      assert.equal(all.length, n + (json.queries[qi].end ? 1 : 0));
      for (const s of [...json.queries[qi].steps, ...(json.queries[qi].end ? [json.queries[qi].end] : [])]) for (const e of s.events) kinds.add(e.type);
    });
  }
  assert.ok(kinds.size >= 25, `event kinds seen: ${[...kinds].join(", ")}`);
});

test("a damaged packed trace is refused with an error, not a wrong trace", { skip }, async () => {
  const m = await pageModules();
  const bytes = await packedOf(readFileSync(join(root, "www/examples/01_full_outer_join.sql"), "utf8"), "confluent");
  assert.throws(() => new m.PackedTrace(bytes.slice(4)), /not a packed trace/);
  // a tag no value has, where the header's first value starts
  const bad = bytes.slice();
  const at = new DataView(bad.buffer).getUint32(8, true);
  bad[at] = 99;
  assert.throws(() => new m.PackedTrace(bad).header(), /damaged/);
});
