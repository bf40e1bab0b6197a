// The dense timeline's marks read off an index (www/src/timeline/mark-index.ts) against the walk
// it replaces, which is the definition: of a lane's rows, every row (in arrival order) whose mark
// — pixel and track, and once arrived whether it is late — no earlier row drew, the step's own row
// always (and not counted as drawing its mark); of the changelog's rows emitted before the step,
// each one whose (pixel, track) mark no earlier one drew. Random lanes, several layouts and every
// step; the rows and their order must be the walk's.
// Run: node --test tests/model/
import { test } from "node:test";
import assert from "node:assert/strict";
import { bundled } from "./page.mjs";
import { mulberry32 as random } from "./random.mjs";

const modules = () => bundled("www/src/timeline/mark-index.ts");

/** A lane of `n` rows at positions 1, 3, 5, … (the other lane's rows between), their x (some off
 * the plot, some with no time), tracks and late flags; a frame at each step over it. */
function lane(rnd, n, width) {
  const rows = [];
  const track = new Uint8Array(2 * n + 2);
  for (let i = 0; i < n; i++) {
    const pos = 2 * i + 1;
    const x = rnd() < 0.03 ? null : rnd() < 0.05 ? -50 - rnd() * 100 : rnd() * width * 1.1;
    rows.push({ pos, x, late: rnd() < 0.1 ? { by: "join" } : null });
    track[pos] = Math.floor(rnd() * 3);
  }
  return { rows, track };
}

const frameAt = (L, pos) => ({ L, pos, xOfRow: (r) => (r.x === null ? 0 : r.x + 0.4), xOfOutput: (i) => L.outX[i] });

function walkLane(f, rows, track, late) {
  const drawn = new Set();
  const out = [];
  rows.forEach((r, i) => {
    if (r.pos !== f.pos) {
      const key = (Math.round(f.xOfRow(r)) * 8 + track[r.pos]) * 4 + (r.pos > f.pos ? 0 : late(r) ? 2 : 1);
      if (drawn.has(key)) return;
      drawn.add(key);
    }
    out.push(i);
  });
  return out;
}

test("a dense lane's marks at every step are the walk's", async () => {
  const { denseLaneRows } = await modules();
  const late = (r) => !!r.late;
  for (const [seed, n, width] of [
    [1, 400, 120],
    [2, 3000, 300],
    [3, 50, 40],
  ]) {
    const rnd = random(seed);
    const { rows, track } = lane(rnd, n, width);
    const L = { width, lanes: [{ track }] };
    let checked = 0;
    for (let pos = 0; pos <= 2 * n + 1; pos++) {
      const f = frameAt(L, pos);
      const arrived = rows.filter((r) => r.pos <= pos).length;
      assert.deepEqual(denseLaneRows(f, 0, rows, arrived, late), walkLane(f, rows, track, late), `seed ${seed}, step ${pos}`);
      checked++;
    }
    assert.equal(checked, 2 * n + 2);
  }
});

test("the changelog's earlier marks at every step are the walk's", async () => {
  const { earlierOutputs } = await modules();
  const rnd = random(7);
  const n = 2000;
  const width = 200;
  const outX = Array.from({ length: n }, () => (rnd() < 0.05 ? -10 : rnd() * width));
  const track = Array.from({ length: n }, () => Math.floor(rnd() * 4));
  const L = { width, lanes: [], outX };
  const key = (f) => (i) => (Math.round(f.xOfOutput(i)) * 64 + track[i]) * 2;
  for (let before = 0; before <= n; before += 7) {
    const f = frameAt(L, before);
    const walk = [];
    const drawn = new Set();
    for (let i = 0; i < before; i++) {
      const k = key(f)(i);
      if (drawn.has(k)) continue;
      drawn.add(k);
      walk.push(i);
    }
    assert.deepEqual(Array.from(earlierOutputs(f, n, before, key(f), (width + 1) * 128)), walk, `before ${before}`);
  }
});
