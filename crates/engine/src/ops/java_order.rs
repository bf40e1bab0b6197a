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

/// A map of times to values that iterates like Java's `HashMap<Long, V>`.
///
/// Kept as a vector sorted by time (a key's cache holds a few times, and rows mostly arrive in
/// time order: an insert is a push at the end, a lookup a binary search), each entry with its
/// insertion number for Java's order within a bucket.
#[derive(Debug)]
pub struct JavaLongMap<V> {
    entries: Vec<(i64, u64, V)>,
    next: u64,
    capacity: usize,
}

impl<V> Default for JavaLongMap<V> {
    fn default() -> Self {
        JavaLongMap { entries: Vec::new(), next: 0, capacity: 16 }
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

    fn find(&self, t: i64) -> Result<usize, usize> {
        match self.entries.last() {
            // the usual case: a time after every other
            Some(&(last, _, _)) if last < t => Err(self.entries.len()),
            _ => self.entries.binary_search_by_key(&t, |e| e.0),
        }
    }

    /// The value of `t`, inserted with `f` when absent (a new key goes last in its bucket).
    pub fn get_or_insert_with(&mut self, t: i64, f: impl FnOnce() -> V) -> &mut V {
        let at = match self.find(t) {
            Ok(at) => at,
            Err(at) => {
                self.next += 1;
                while (self.entries.len() + 1) * 4 > self.capacity * 3 {
                    self.capacity *= 2;
                }
                self.entries.insert(at, (t, self.next, f()));
                at
            }
        };
        &mut self.entries[at].2
    }

    pub fn get_mut(&mut self, t: i64) -> Option<&mut V> {
        let at = self.find(t).ok()?;
        Some(&mut self.entries[at].2)
    }

    /// Removes every time at or before `t` (in one pass: a caller walking the map in Java's
    /// order takes the values it needs first).
    pub fn remove_through(&mut self, t: i64) {
        let n = self.entries.partition_point(|e| e.0 <= t);
        self.entries.drain(..n);
    }

    /// Empties the map (Flink drops the state: a new one starts small again; the vector keeps
    /// its allocation for the next rows).
    pub fn clear(&mut self) {
        self.entries.clear();
        self.next = 0;
        self.capacity = 16;
    }

    /// The times in Java's iteration order (a key's few times stay inline: no allocation).
    pub fn times(&self) -> smallvec::SmallVec<[i64; 4]> {
        if self.entries.len() < 2 {
            return self.entries.iter().map(|e| e.0).collect();
        }
        let mut t: smallvec::SmallVec<[(usize, u64, i64); 4]> =
            self.entries.iter().map(|&(k, seq, _)| (bucket(k, self.capacity), seq, k)).collect();
        crate::sort::sort(&mut t);
        t.into_iter().map(|(_, _, k)| k).collect()
    }

    /// The entries in time order (for the state view).
    pub fn iter_sorted(&self) -> impl Iterator<Item = (&i64, &V)> {
        self.entries.iter().map(|(k, _, v)| (k, v))
    }

    pub fn values(&self) -> impl Iterator<Item = &V> {
        self.entries.iter().map(|(_, _, v)| v)
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

    #[test]
    fn removing_through_a_time_keeps_the_rest_and_a_time_put_back_goes_last_in_its_bucket() {
        // Long.hashCode of 5, 21 and 37 is their value: bucket 5 of 16 for all three
        let mut m: JavaLongMap<&str> = JavaLongMap::default();
        for (t, v) in [(37i64, "c"), (5, "a"), (21, "b"), (3, "d")] {
            m.get_or_insert_with(t, || v);
        }
        assert_eq!(m.times().to_vec(), vec![3, 37, 5, 21]);
        m.remove_through(5);
        assert_eq!(m.times().to_vec(), vec![37, 21]);
        assert_eq!(m.iter_sorted().map(|(t, v)| (*t, *v)).collect::<Vec<_>>(), vec![(21, "b"), (37, "c")]);
        // 5 comes back after 37 and 21 in its bucket (Java appends a new node to the bucket's list)
        m.get_or_insert_with(5, || "e");
        assert_eq!(m.times().to_vec(), vec![37, 21, 5]);
        assert_eq!(m.get_mut(21).map(|v| *v), Some("b"));
        assert_eq!(m.get_mut(4), None);
        m.remove_through(i64::MAX);
        assert!(m.is_empty());
    }
}
