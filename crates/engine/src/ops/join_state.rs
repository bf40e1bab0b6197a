//! One input's state of a regular join: rows grouped by join key, in arrival order.
//!
//! Rows live side by side in chunks of values (a fixed number of columns per row, 1,024 rows per
//! chunk: growing never copies the rows already stored), so storing a row costs no allocation of
//! its own; a freed slot is reused by the next
//! row. Each key maps to a chain of slots (oldest first). Per row the state keeps how many
//! copies it holds (multiset inputs), how many rows of the other side match it (outer sides),
//! when it was last written (state TTL) and its arrival number (for a stable state view).

use std::collections::hash_map::Entry;

use rustc_hash::FxHashMap;
use smallvec::SmallVec;

use crate::trace::Lineage;
use crate::value::Value;

pub type Key = SmallVec<[Value; 1]>;

const NONE: u32 = u32::MAX;

/// The key of a row whose key columns need no cast (the usual case): their values. One function
/// for the joins that key their state this way.
pub fn plain_key(cols: &[usize], row: &[Value]) -> Key {
    cols.iter().map(|&k| row[k].clone()).collect()
}

#[derive(Clone, Copy, Debug)]
pub struct Meta {
    pub count: u32,
    pub assoc: u32,
    pub written: i64,
    pub seq: u64,
    next: u32,
}

#[derive(Clone, Copy)]
struct Chain {
    head: u32,
    tail: u32,
}

/// Rows per chunk of [`Values`].
const CHUNK_ROWS: usize = 1024;

/// Rows of `width` values side by side, in chunks of [`CHUNK_ROWS`] rows.
struct Values {
    width: usize,
    chunks: Vec<Vec<Value>>,
}

impl Values {
    fn row(&self, slot: u32) -> &[Value] {
        let (c, i) = (slot as usize / CHUNK_ROWS, slot as usize % CHUNK_ROWS * self.width);
        &self.chunks[c][i..i + self.width]
    }

    fn row_mut(&mut self, slot: u32) -> &mut [Value] {
        let (c, i) = (slot as usize / CHUNK_ROWS, slot as usize % CHUNK_ROWS * self.width);
        &mut self.chunks[c][i..i + self.width]
    }

    /// Appends row number `slot` (the next one).
    fn push(&mut self, slot: u32, row: &[Value]) {
        if (slot as usize).is_multiple_of(CHUNK_ROWS) {
            self.chunks.push(Vec::with_capacity(CHUNK_ROWS * self.width));
        }
        if let Some(last) = self.chunks.last_mut() {
            last.extend_from_slice(&row[..self.width]);
        }
    }
}

/// The rows themselves, addressed by slot.
struct Slots {
    width: usize,
    values: Values,
    meta: Vec<Meta>,
    /// Per slot, when tracing.
    lineages: Vec<Lineage>,
    tracing: bool,
    free: Vec<u32>,
}

impl Slots {
    fn row(&self, slot: u32) -> &[Value] {
        self.values.row(slot)
    }

    fn alloc(&mut self, row: &[Value], lineage: &[u32], meta: Meta) -> u32 {
        match self.free.pop() {
            Some(s) => {
                self.values.row_mut(s).clone_from_slice(&row[..self.width]);
                self.meta[s as usize] = meta;
                if self.tracing {
                    self.lineages[s as usize] = lineage.to_vec();
                }
                s
            }
            None => {
                let s = self.meta.len() as u32;
                self.values.push(s, row);
                self.meta.push(meta);
                if self.tracing {
                    self.lineages.push(lineage.to_vec());
                }
                s
            }
        }
    }

    /// The first slot of the chain from `head` whose row `same` accepts.
    fn find(&self, head: u32, same: impl Fn(&[Value]) -> bool) -> Option<u32> {
        let mut s = head;
        while s != NONE {
            if same(self.row(s)) {
                return Some(s);
            }
            s = self.meta[s as usize].next;
        }
        None
    }
}

pub struct JoinState {
    slots: Slots,
    index: FxHashMap<Key, Chain>,
    /// Rows held, copies counted.
    rows: usize,
}

impl JoinState {
    pub fn new(width: usize, tracing: bool) -> JoinState {
        JoinState {
            slots: Slots {
                width,
                values: Values { width, chunks: Vec::new() },
                meta: Vec::new(),
                lineages: Vec::new(),
                tracing,
                free: Vec::new(),
            },
            index: FxHashMap::default(),
            rows: 0,
        }
    }

    /// Slots of a key's rows, oldest first.
    pub fn slots(&self, key: &Key, out: &mut Vec<u32>) {
        out.clear();
        if let Some(c) = self.index.get(key) {
            let mut s = c.head;
            while s != NONE {
                out.push(s);
                s = self.slots.meta[s as usize].next;
            }
        }
    }

    /// Slots of a key's rows, oldest first, without collecting them.
    pub fn iter_key<'a>(&'a self, key: &Key) -> impl Iterator<Item = u32> + 'a {
        let mut s = self.index.get(key).map(|c| c.head).unwrap_or(NONE);
        std::iter::from_fn(move || {
            if s == NONE {
                return None;
            }
            let cur = s;
            s = self.slots.meta[cur as usize].next;
            Some(cur)
        })
    }

    pub fn row(&self, slot: u32) -> &[Value] {
        self.slots.row(slot)
    }

    pub fn meta(&self, slot: u32) -> &Meta {
        &self.slots.meta[slot as usize]
    }

    pub fn meta_mut(&mut self, slot: u32) -> &mut Meta {
        &mut self.slots.meta[slot as usize]
    }

    pub fn lineage(&self, slot: u32) -> &[u32] {
        self.slots.lineages.get(slot as usize).map(|l| l.as_slice()).unwrap_or(&[])
    }

    /// The first row of `key` for which `same` holds.
    pub fn find(&self, key: &Key, same: impl Fn(&[Value]) -> bool) -> Option<u32> {
        let c = self.index.get(key)?;
        self.slots.find(c.head, same)
    }

    /// Adds an arriving row (one hash lookup): a copy more of the row `same` finds when the
    /// input is a `multiset`, else the replacement of that row; otherwise a new row at the end
    /// of its key's chain. `meta` = (match count, write time, arrival number).
    pub fn accumulate(
        &mut self,
        key: &Key,
        row: &[Value],
        lineage: &[u32],
        same: impl Fn(&[Value]) -> bool,
        multiset: bool,
        meta: (u32, i64, u64),
    ) -> u32 {
        let (assoc, written, seq) = meta;
        let fresh = Meta { count: 1, assoc, written, seq, next: NONE };
        let slots = &mut self.slots;
        match self.index.entry(key.clone()) {
            Entry::Occupied(mut o) => {
                let chain = o.get_mut();
                match slots.find(chain.head, same) {
                    Some(s) => {
                        let m = &mut slots.meta[s as usize];
                        if multiset {
                            m.count += 1;
                            m.written = written;
                            self.rows += 1;
                        } else {
                            let old = m.count as usize;
                            m.count = 1;
                            m.assoc = assoc;
                            m.written = written;
                            let w = slots.width;
                            slots.values.row_mut(s).clone_from_slice(&row[..w]);
                            if slots.tracing {
                                slots.lineages[s as usize] = lineage.to_vec();
                            }
                            self.rows = self.rows + 1 - old;
                        }
                        s
                    }
                    None => {
                        let s = slots.alloc(row, lineage, fresh);
                        slots.meta[chain.tail as usize].next = s;
                        chain.tail = s;
                        self.rows += 1;
                        s
                    }
                }
            }
            Entry::Vacant(v) => {
                let s = slots.alloc(row, lineage, fresh);
                v.insert(Chain { head: s, tail: s });
                self.rows += 1;
                s
            }
        }
    }

    /// Takes one copy of a row away; the slot is freed with the last copy.
    pub fn remove_one(&mut self, key: &Key, slot: u32) {
        self.rows -= 1;
        let m = &mut self.slots.meta[slot as usize];
        if m.count > 1 {
            m.count -= 1;
            return;
        }
        self.unlink(key, slot);
    }

    /// Drops a row and all its copies.
    pub fn remove_all(&mut self, key: &Key, slot: u32) {
        self.rows -= self.slots.meta[slot as usize].count as usize;
        self.unlink(key, slot);
    }

    fn unlink(&mut self, key: &Key, slot: u32) {
        let meta = &mut self.slots.meta;
        let next = meta[slot as usize].next;
        let Some(c) = self.index.get_mut(key) else { return };
        if c.head == slot {
            if next == NONE {
                self.index.remove(key);
            } else {
                c.head = next;
            }
        } else {
            let mut s = c.head;
            while s != NONE {
                let n = meta[s as usize].next;
                if n == slot {
                    meta[s as usize].next = next;
                    if c.tail == slot {
                        c.tail = s;
                    }
                    break;
                }
                s = n;
            }
        }
        for v in self.slots.values.row_mut(slot) {
            *v = Value::Null;
        }
        if self.slots.tracing {
            self.slots.lineages[slot as usize] = Vec::new();
        }
        self.slots.meta[slot as usize].count = 0;
        self.slots.meta[slot as usize].next = NONE;
        self.slots.free.push(slot);
    }

    /// Rows held (copies counted).
    pub fn len(&self) -> usize {
        self.rows
    }

    pub fn is_empty(&self) -> bool {
        self.rows == 0
    }

    /// Keys in the order their oldest held row arrived, each with its slots.
    pub fn keys_in_order(&self) -> Vec<(&Key, Vec<u32>)> {
        let mut keys: Vec<(&Key, Vec<u32>, u64)> = self
            .index
            .keys()
            .map(|k| {
                let mut v = Vec::new();
                self.slots(k, &mut v);
                let first = v.iter().map(|&s| self.slots.meta[s as usize].seq).min().unwrap_or(0);
                (k, v, first)
            })
            .collect();
        crate::sort::sort_by_key(&mut keys, |k| k.2);
        keys.into_iter().map(|(k, v, _)| (k, v)).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn k(v: i32) -> Key {
        std::iter::once(Value::Int(v)).collect()
    }

    #[test]
    fn chains_keep_arrival_order_and_reuse_slots() {
        let mut st = JoinState::new(2, false);
        let a = st.accumulate(&k(1), &[Value::Int(1), Value::Int(10)], &[], |_| false, true, (0, 0, 1));
        let b = st.accumulate(&k(1), &[Value::Int(1), Value::Int(20)], &[], |_| false, true, (0, 0, 2));
        let mut v = Vec::new();
        st.slots(&k(1), &mut v);
        assert_eq!(v, vec![a, b]);
        // an equal row of a multiset input is a second copy
        let same = |r: &[Value]| r[1] == Value::Int(10);
        assert_eq!(st.accumulate(&k(1), &[Value::Int(1), Value::Int(10)], &[], same, true, (0, 0, 3)), a);
        assert_eq!(st.len(), 3);
        st.remove_one(&k(1), a);
        assert_eq!(st.len(), 2);
        st.remove_one(&k(1), a);
        st.slots(&k(1), &mut v);
        assert_eq!(v, vec![b]);
        // the freed slot is reused, the chain order follows arrival
        let c = st.accumulate(&k(1), &[Value::Int(1), Value::Int(30)], &[], |_| false, true, (0, 0, 4));
        assert_eq!(c, a);
        st.slots(&k(1), &mut v);
        assert_eq!(v, vec![b, c]);
        st.remove_all(&k(1), b);
        st.remove_all(&k(1), c);
        assert!(st.is_empty());
        assert!(st.find(&k(1), |_| true).is_none());
    }
}
