// Writes the fuzz targets' seed corpora (fuzz/seeds/, committed) from the conformance
// scripts, the mock-data scripts and the gallery:
//   scripts/  whole scripts up to 3 KB (targets script and run),
//   queries/  the SELECT statements of those scripts (target planner),
//   values/   INSERT tuples and @-line values behind the values target's header bytes,
//   datagen/  a few seeded byte strings (the datagen target reads only bytes).
// Deterministic: the same sources give the same files. Usage: node scripts/fuzz-seeds.mjs
import { readdirSync, readFileSync, writeFileSync, mkdirSync, rmSync, statSync } from "node:fs";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const out = join(root, "fuzz/seeds");

function sqlFiles(dir) {
  const files = [];
  for (const e of readdirSync(dir).sort()) {
    const p = join(dir, e);
    if (statSync(p).isDirectory()) files.push(...sqlFiles(p));
    else if (e.endsWith(".sql")) files.push(p);
  }
  return files;
}

const sources = ["tests/conformance", "tests/mock", "www/examples"].flatMap((d) => sqlFiles(join(root, d)));
const texts = sources.map((p) => readFileSync(p, "utf8"));

// a deterministic sample of at most n items
function sample(xs, n) {
  if (xs.length <= n) return xs;
  const step = xs.length / n;
  return Array.from({ length: n }, (_, i) => xs[Math.floor(i * step)]);
}

function write(kind, items) {
  const dir = join(out, kind);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  items.forEach((b, i) => writeFileSync(join(dir, String(i).padStart(3, "0")), b));
  return items.length;
}

// Statements of a script: split at a `;` that ends a line (the engine's rule, comments aside).
function statements(text) {
  const body = text
    .split("\n")
    .filter((l) => !l.trimStart().startsWith("--") && !l.trimStart().startsWith("@"))
    .join("\n");
  return body
    .split(/;\s*\n/)
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}

const small = texts.filter((t) => Buffer.byteLength(t) <= 3000);
const nScripts = write("scripts", sample(small, 150).map((t) => Buffer.from(t)));

const queries = [...new Set(texts.flatMap(statements).filter((s) => /^(SELECT|WITH|EXPLAIN)\b/i.test(s) && s.length <= 1500))];
const nQueries = write("queries", sample(queries, 120).map((q) => Buffer.from(q)));

// values: header bytes [columns - 1, type per column, flags] then the text (see fuzz_targets/values.rs)
const tuples = [];
for (const t of texts) {
  for (const s of statements(t)) {
    const m = /^INSERT\s+INTO\s+\S+\s+VALUES\s+([\s\S]*)$/i.exec(s);
    if (m && m[1].length <= 600) tuples.push({ insert: true, text: m[1].replace(/\s+/g, " ") });
  }
  for (const l of t.split("\n")) {
    const m = /^@(?!watermark)\S+\s+(?:[+-][IUD]\s+)?(.*)$/i.exec(l.trim());
    if (m && m[1].length <= 300) tuples.push({ insert: false, text: m[1] });
  }
}
const picked = sample([...new Map(tuples.map((x) => [x.text, x])).values()], 100);
const nValues = write(
  "values",
  picked.map((x, i) => {
    const cols = Math.max(1, Math.min(3, (x.insert ? x.text.split("),")[0] : x.text).split(/[,|]/).length));
    const header = [cols - 1, ...Array.from({ length: cols }, (_, c) => (i * 7 + c * 13) % 32), (x.insert ? 2 : 0) | (i % 2)];
    return Buffer.concat([Buffer.from(header), Buffer.from(x.text)]);
  }),
);

// datagen / generator seeds: SplitMix64 bytes; the grammar targets' ones start with 0x80 or more
let state = 0x5eedn;
function bytes(n) {
  const b = Buffer.alloc(n);
  for (let i = 0; i < n; i++) {
    state = (state + 0x9e3779b97f4a7c15n) & 0xffffffffffffffffn;
    let z = state;
    z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & 0xffffffffffffffffn;
    z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & 0xffffffffffffffffn;
    b[i] = Number((z ^ (z >> 31n)) & 0xffn);
  }
  return b;
}
const nDatagen = write("datagen", Array.from({ length: 24 }, (_, i) => bytes(16 + i * 8)));
const nGen = write("generated", Array.from({ length: 24 }, (_, i) => Buffer.concat([Buffer.from([0x80 + i]), bytes(64 + i * 16)])));

console.log(`seeds: ${nScripts} scripts, ${nQueries} queries, ${nValues} values, ${nDatagen} datagen, ${nGen} generated (from ${sources.length} files)`);
