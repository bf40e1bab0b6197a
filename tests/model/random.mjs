// A seeded pseudo-random generator for the tests (tests/model, tests/e2e: mulberry32): the same numbers every run,
// so a failure can be replayed from its seed.

/** Numbers in [0, 1) from `seed`. */
export function mulberry32(seed) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
