// The share-link decoder (www/src/share.ts) under seeded random and mutation fuzzing, in Node:
// the TypeScript is transpiled with the project's own `typescript` package and loaded as a
// module. For any hash, decodeLink never throws, answers in bounded time, and gives one of its
// four kinds; an `ok` state is well formed; every encoded state decodes back to itself; a
// mutated link decodes to `damaged`, `none`, `newer` or a well-formed state.
// Run: node --test tests/fuzz/share_decode.test.mjs   (JOINLAB_FUZZ_SHARE_N: inputs, default 10000)
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join, dirname } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "../..");
const require = createRequire(join(root, "package.json"));
const ts = require("typescript");

/** A page module as JavaScript (the project's own TypeScript), lz-string bound to its file. */
function transpiled(file) {
  let js = ts.transpileModule(readFileSync(join(root, file), "utf8"), { compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 } }).outputText;
  // lz-string is CommonJS: its default export, or its functions bound from it
  const lz = pathToFileURL(require.resolve("lz-string")).href;
  js = js.replace(/import\s+(\w+)\s+from\s*['"]lz-string['"];?/, (_, name) => `import ${name} from ${JSON.stringify(lz)};`);
  js = js.replace(/import\s*\{([^}]*)\}\s*from\s*['"]lz-string['"];?/, (_, names) => `import __lz from ${JSON.stringify(lz)};\nconst {${names}} = __lz;`);
  return js;
}

const dataUrl = (js) => "data:text/javascript;base64," + Buffer.from(js).toString("base64");

async function loadShare() {
  // share.ts reads links with the bounded decompressor (lz-bounded.ts) and nothing else of the page
  const bounded = transpiled("www/src/lz-bounded.ts");
  assert.ok(!/from\s*['"]\.\//.test(bounded), "lz-bounded.ts should import no module of the page at run time");
  const js = transpiled("www/src/share.ts").replace(/from\s*['"]\.\/lz-bounded['"]/, `from ${JSON.stringify(dataUrl(bounded))}`);
  assert.ok(!/from\s*['"]\.\//.test(js), "share.ts should import no other module of the page at run time");
  return import(dataUrl(js));
}

/** SplitMix-like 32-bit generator: the same inputs every run. */
function rng(seed) {
  let s = seed >>> 0;
  const next = () => {
    s = (s + 0x9e3779b9) >>> 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
    return (z ^ (z >>> 16)) >>> 0;
  };
  const below = (n) => (n <= 0 ? 0 : next() % n);
  return { next, below, pick: (xs) => xs[below(xs.length)] };
}

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+-$";
const PIECES = ["#v1/", "#v2/", "#v3/", "#v9999/", "#v0/", "#v/", "&d=flink", "&q=2", "&s=0", "&s=-1", "&q=1e9", "&q=999999999", "&=", "&&", "%", "%00", "\u0000", "\ud800", "💥", "{", "\"script\"", "sum", "NaN", " "];

function randomString(r, max) {
  const n = r.below(max + 1);
  let s = "";
  for (let i = 0; i < n; i++) {
    const k = r.below(10);
    s += k < 6 ? ALPHABET[r.below(ALPHABET.length)] : k < 8 ? r.pick(PIECES) : String.fromCharCode(r.below(0x10000));
  }
  return s;
}

function mutate(r, s) {
  const a = [...s];
  const i = r.below(a.length + 1);
  switch (r.below(6)) {
    case 0: return a.slice(0, i).join(""); // cut short
    case 1: a.splice(i, 1 + r.below(8)); return a.join(""); // delete a span
    case 2: a.splice(i, 0, r.pick(PIECES)); return a.join(""); // insert a piece
    case 3: if (a.length) a[r.below(a.length)] = ALPHABET[r.below(ALPHABET.length)]; return a.join(""); // change a character
    case 4: return s + randomString(r, 20); // append
    default: { const j = r.below(a.length + 1); return a.slice(0, Math.min(i, j)).join("") + a.slice(Math.max(i, j)).join("") + a.slice(Math.min(i, j), Math.max(i, j)).join(""); } // move a span
  }
}

function randomState(r) {
  const scripts = ["", "SELECT 1;", "CREATE TABLE t (a INT);\n@t 1\nSELECT * FROM t;", "é💥\u0000'\"\\", "\ud800 lone", "x".repeat(r.below(600))];
  return {
    script: r.below(3) === 0 ? randomString(r, 400) : r.pick(scripts),
    dialect: r.below(2) ? "flink" : "confluent",
    query: 1 + r.below(r.below(2) ? 3 : 1_000_000),
    step: r.below(r.below(2) ? 3 : 1_000_000),
  };
}

function checkWellFormed(d, hash) {
  assert.ok(["none", "ok", "damaged", "newer"].includes(d.kind), `kind ${d.kind} for ${JSON.stringify(hash)}`);
  if (d.kind === "ok") {
    const s = d.state;
    assert.equal(typeof s.script, "string");
    assert.ok(s.dialect === "flink" || s.dialect === "confluent", `dialect ${s.dialect}`);
    assert.ok(Number.isInteger(s.query) && s.query >= 1, `query ${s.query}`);
    assert.ok(Number.isInteger(s.step) && s.step >= 0, `step ${s.step}`);
  }
}

const N = Number(process.env.JOINLAB_FUZZ_SHARE_N || 10000);
const share = await loadShare();

/** Decodes with a time bound; returns the result. */
function decode(hash) {
  const t0 = performance.now();
  const d = share.decodeLink(hash);
  const dt = performance.now() - t0;
  assert.ok(dt < 1000, `decodeLink took ${dt.toFixed(0)} ms on a hash of ${hash.length} characters`);
  return d;
}

test("random hashes never throw and decode to one of the four kinds", () => {
  const r = rng(1);
  for (let i = 0; i < N; i++) {
    const hash = (r.below(2) ? r.pick(["#v1/", "#v2/", "#v3/", "#"]) : "") + randomString(r, 200);
    checkWellFormed(decode(hash), hash);
  }
});

test("every encoded state decodes back to itself", () => {
  const r = rng(2);
  for (let i = 0; i < N / 10; i++) {
    const s = randomState(r);
    const d = decode(share.encodeShare(s));
    assert.equal(d.kind, "ok");
    assert.deepEqual(d.state, s);
  }
});

test("mutated links never throw; a damaged script part is never taken for another script", () => {
  const r = rng(3);
  let damaged = 0;
  for (let i = 0; i < N; i++) {
    const s = randomState(r);
    let hash = r.below(4) === 0 ? "#v1/" + share.canonicalJson(s) : share.encodeShare(s);
    if (hash.startsWith("#v1/{")) hash = "#v1/" + require("lz-string").compressToEncodedURIComponent(share.canonicalJson(s));
    for (let k = 0, n = 1 + r.below(3); k < n; k++) hash = mutate(r, hash);
    const d = decode(hash);
    checkWellFormed(d, hash);
    if (d.kind === "damaged") damaged++;
    // v2 carries a checksum of the script: a decoded v2 script is the original, or one whose
    // checksum happens to match (FNV-1a, 32 bits: never in this many tries)
    if (d.kind === "ok" && d.version === 2) assert.equal(d.state.script, s.script, `v2 link ${JSON.stringify(hash)} decoded to another script`);
  }
  assert.ok(damaged > N / 10, `the mutations should damage links (damaged: ${damaged})`);
});

test("large hostile hashes decode in bounded time", () => {
  const r = rng(4);
  for (const n of [10_000, 100_000, 400_000]) {
    let body = "";
    for (let i = 0; i < n; i++) body += ALPHABET[r.below(ALPHABET.length)];
    checkWellFormed(decode("#v2/" + body), "#v2/…");
    checkWellFormed(decode("#v1/" + body), "#v1/…");
    checkWellFormed(decode("#v2/" + "A".repeat(n)), "#v2/AAA…");
  }
});
