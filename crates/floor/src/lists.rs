//! Per-key lists of values in one arena (the "arena linked lists behind a hash map" of
//! BENCHMARKS.md's floor): a key holds the head of each side's list, a value is one arena slot,
//! no allocation per key or per row once the arena has grown.

use crate::hash::FxMap;

const NONE: u32 = u32::MAX;

#[derive(Default)]
pub struct Lists {
    heads: FxMap<i64, [u32; 2]>,
    arena: Vec<(i64, u32)>,
}

impl Lists {
    /// Adds `v` to side `side` (0 or 1) of key `k`, first calling `each(w, first)` with every
    /// value `w` already on the other side (`first`: this side was empty before `v`).
    #[inline]
    pub fn add(&mut self, k: i64, side: usize, v: i64, mut each: impl FnMut(i64, bool)) {
        let heads = self.heads.entry(k).or_insert([NONE, NONE]);
        let first_here = heads[side] == NONE;
        let mut at = heads[1 - side];
        while at != NONE {
            let (w, next) = self.arena[at as usize];
            each(w, first_here);
            at = next;
        }
        self.arena.push((v, heads[side]));
        heads[side] = (self.arena.len() - 1) as u32;
    }

    /// Whether side `side` of key `k` is empty.
    #[inline]
    pub fn is_empty(&self, k: i64, side: usize) -> bool {
        self.heads.get(&k).is_none_or(|h| h[side] == NONE)
    }

    /// Every key with its two sides' values, then empties the lists (keeping their memory).
    pub fn drain(&mut self, mut each: impl FnMut(i64, &[i64], &[i64])) {
        let (mut l, mut r) = (Vec::new(), Vec::new());
        for (k, h) in self.heads.drain() {
            for (side, out) in [(0usize, &mut l), (1, &mut r)] {
                out.clear();
                let mut at = h[side];
                while at != NONE {
                    let (w, next) = self.arena[at as usize];
                    out.push(w);
                    at = next;
                }
            }
            each(k, &l, &r);
        }
        self.arena.clear();
    }
}
