// The result table's ranks (www/src/model/result-ranks.ts), in Node: read off the query's
// materialized result when nothing is taken back, they must equal the ranks a sort gives; a
// materialized result that is out of order (code-point order, which differs from UTF-16 order for
// characters beyond the BMP), misses a line, holds a line never emitted, or belongs to a result
// that retracts, must not be trusted (the ranks are still the sort's).
// Run: node --test tests/model/
import { test } from "node:test";
import assert from "node:assert/strict";
import { bundled } from "./page.mjs";
import { mulberry32 as rng } from "./random.mjs";

const ranksModule = () => bundled("www/src/model/result-ranks.ts");

const ALPHABET = ["a", "b", "Z", "0", "9", " ", ",", "é", "\uFF61", "\u{1F600}", "\u{10000}", "\uE000"];

function outputs(r, n, kinds = ["+I"]) {
  return Array.from({ length: n }, (_, i) => {
    const len = 1 + Math.floor(r() * 4);
    let v = "";
    for (let k = 0; k < len; k++) v += ALPHABET[Math.floor(r() * ALPHABET.length)];
    const kind = kinds[Math.floor(r() * kinds.length)];
    return { index: i, kind, text: `${kind}[${v}, ${Math.floor(r() * 5)}]` };
  });
}

const lines = (outs) => outs.map((o) => o.text.slice(2));
const codePointOrder = (a, b) => {
  const x = [...a].map((c) => c.codePointAt(0));
  const y = [...b].map((c) => c.codePointAt(0));
  for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return x[i] - y[i];
  return x.length - y.length;
};

test("ranks read off the materialized result equal the sort's, and a bad one is not trusted", async () => {
  const { resultRanks } = await ranksModule();
  const r = rng(16);
  let read = 0;
  let distrusted = 0;
  for (let round = 0; round < 400; round++) {
    const outs = outputs(r, 1 + Math.floor(r() * 60), round % 5 === 4 ? ["+I", "-D"] : ["+I"]);
    const want = resultRanks(outs);
    const sorted = lines(outs).sort();
    // The trace's own order: the same ranks.
    assert.deepEqual(resultRanks(outs, sorted), want);
    read++;
    // Wrong hints: code-point order, a line missing, a line never emitted, a swapped pair.
    const bad = [
      lines(outs).sort(codePointOrder),
      sorted.slice(1),
      [...sorted, "\u{10FFFF}never"].sort(),
      sorted.length > 1 ? [sorted[sorted.length - 1], ...sorted.slice(1, -1), sorted[0]] : ["zz"],
    ];
    for (const b of bad) {
      assert.deepEqual(resultRanks(outs, b), want, `round ${round}: ${JSON.stringify(b)}`);
      distrusted++;
    }
  }
  assert.ok(read === 400 && distrusted === 1600);
});
