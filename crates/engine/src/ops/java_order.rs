//! The iteration order of a `java.util.HashMap<Long, V>`, which Flink's heap state uses for a
//! `MapState` keyed by row times (the interval join's row caches): where an operator walks such
//! a map and what it emits (or which row sets a timer downstream) depends on that order, so
//! JoinLab walks its maps the same way.
//!
//! ```text
//!   hash(t)   = (int)(t ^ (t >>> 32)); spread = h ^ (h >>> 16)
//!   bucket(t) = spread & (capacity - 1)      capacity 16, doubled when size > 3/4 · capacity
//!   order     = by bucket, then by insertion (a resize keeps each bucket's relative order)
//! ```
//! (Java turns a bucket of 8 or more entries into a tree; JoinLab's small maps never get there.)

use std::collections::BTreeMap;

/// A map of times to values that iterates like Java's `HashMap<Long, V>`.
#[derive(Debug)]
pub struct JavaLongMap<V> {
    entries: BTreeMap<i64, (u64, V)>,
    next: u64,
    capacity: usize,
}

impl<V> Default for JavaLongMap<V> {
    fn default() -> Self {
        JavaLongMap { entries: BTreeMap::new(), next: 0, capacity: 16 }
    }
}

fn bucket(t: i64, capacity: usize) -> usize {
    let h = (t ^ ((t as u64) >> 32) as i64) as i32;
    let spread = h ^ ((h as u32) >> 16) as i32;
    (spread as u32 as usize) & (capacity - 1)
}

impl<V> JavaLongMap<V> {
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The value of `t`, inserted with `f` when absent (a new key goes last in its bucket).
    pub fn get_or_insert_with(&mut self, t: i64, f: impl FnOnce() -> V) -> &mut V {
        let len = self.entries.len();
        match self.entries.entry(t) {
            std::collections::btree_map::Entry::Occupied(o) => &mut o.into_mut().1,
            std::collections::btree_map::Entry::Vacant(v) => {
                self.next += 1;
                while (len + 1) * 4 > self.capacity * 3 {
                    self.capacity *= 2;
                }
                &mut v.insert((self.next, f())).1
            }
        }
    }

    pub fn get_mut(&mut self, t: i64) -> Option<&mut V> {
        self.entries.get_mut(&t).map(|(_, v)| v)
    }

    pub fn remove(&mut self, t: i64) -> Option<V> {
        self.entries.remove(&t).map(|(_, v)| v)
    }

    /// Empties the map (Flink drops the state: a new one starts small again).
    pub fn clear(&mut self) {
        *self = JavaLongMap::default();
    }

    /// The times in Java's iteration order (a key's few times stay inline: no allocation).
    pub fn times(&self) -> smallvec::SmallVec<[i64; 4]> {
        if self.entries.len() < 2 {
            return self.entries.keys().copied().collect();
        }
        let mut t: smallvec::SmallVec<[(usize, u64, i64); 4]> =
            self.entries.iter().map(|(&k, (seq, _))| (bucket(k, self.capacity), *seq, k)).collect();
        crate::sort::sort(&mut t);
        t.into_iter().map(|(_, _, k)| k).collect()
    }

    /// The entries in time order (for the state view).
    pub fn iter_sorted(&self) -> impl Iterator<Item = (&i64, &V)> {
        self.entries.iter().map(|(k, (_, v))| (k, v))
    }

    pub fn values(&self) -> impl Iterator<Item = &V> {
        self.entries.values().map(|(_, v)| v)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn iterates_like_java_hashmap_of_longs() {
        // java: new HashMap<Long,_>() with these puts iterates
        //   1704103205000L, 1704103198500L, 1704103204000L  (hash buckets 8, 4, 14 of 16 → 4, 8, 14)
        let mut m: JavaLongMap<()> = JavaLongMap::default();
        for t in [1704103205000i64, 1704103198500, 1704103204000] {
            m.get_or_insert_with(t, || ());
        }
        let mut by_bucket: Vec<(usize, i64)> =
            [1704103205000i64, 1704103198500, 1704103204000].iter().map(|&t| (bucket(t, 16), t)).collect();
        by_bucket.sort_unstable();
        assert_eq!(m.times().to_vec(), by_bucket.into_iter().map(|(_, t)| t).collect::<Vec<_>>());
        // Long.hashCode(5) = 5, spread 5, bucket 5; 21 -> bucket 5 too: insertion order inside
        let mut m: JavaLongMap<()> = JavaLongMap::default();
        for t in [21i64, 5, 3] {
            m.get_or_insert_with(t, || ());
        }
        assert_eq!(m.times().to_vec(), vec![3, 21, 5]);
    }

    #[test]
    fn a_thirteenth_key_doubles_the_table() {
        let mut m: JavaLongMap<()> = JavaLongMap::default();
        for t in 0..13i64 {
            m.get_or_insert_with(t * 16, || ());
        }
        // with 32 buckets, 16 and 48 (bucket 16) come after 0, 32, 64, … (bucket 0)
        let order = m.times();
        assert_eq!(order[0], 0);
        assert!(order.iter().position(|&t| t == 16) > order.iter().position(|&t| t == 192));
    }
}
