//! The in-memory copy of a lookup table or a Confluent external table: the **store** that
//! Flink's lookup join ([`super::lookup_join`]) and Confluent's search functions
//! ([`super::search`]) read as it is at that point of the arrival order.
//!
//! With a PRIMARY KEY the store is keyed by it: `+I`/`+U` put the row (replacing the key's row),
//! `-U`/`-D` remove the key's row. Without one it is a multiset: `+I`/`+U` add a row, `-U`/`-D`
//! remove one row equal on the visible columns. Rows keep the order they entered the store (a
//! replaced row enters again, at the end); an optional index (the lookup keys, or the column a
//! key search reads) finds the rows of a key in that order. Each row carries what its reader
//! computes once when it enters (`X`: a search's vector).

use rustc_hash::FxHashMap;

use crate::kinds::{LookupChange, RowKind};
use crate::trace::{Lineage, StateGroup};
use crate::value::{Row, Value};

use super::join_state::Key;

/// An index: its columns, and their values → slots, in entry order.
type Index = (Vec<usize>, FxHashMap<Key, Vec<usize>>);

pub struct Stored<X> {
    pub row: Row,
    pub lineage: Lineage,
    pub extra: X,
}

pub struct Store<X> {
    /// The rows in the order they entered (None: removed).
    slots: Vec<Option<Stored<X>>>,
    primary_key: Vec<usize>,
    /// The columns a multiset's removal compares (the table's visible ones).
    visible: Vec<usize>,
    /// Primary key → slot.
    by_pk: FxHashMap<Key, usize>,
    index: Option<Index>,
    live: usize,
}

fn cols_of(row: &[Value], cols: &[usize]) -> Key {
    cols.iter().map(|&c| row.get(c).cloned().unwrap_or(Value::Null)).collect()
}

impl<X> Store<X> {
    pub fn new(primary_key: Vec<usize>, visible: Vec<usize>, index: Option<Vec<usize>>) -> Store<X> {
        Store {
            slots: Vec::new(),
            primary_key,
            visible,
            by_pk: FxHashMap::default(),
            index: index.map(|cols| (cols, FxHashMap::default())),
            live: 0,
        }
    }

    /// Rows in the store now.
    pub fn live(&self) -> usize {
        self.live
    }

    pub fn get(&self, slot: usize) -> Option<&Stored<X>> {
        self.slots.get(slot).and_then(|s| s.as_ref())
    }

    /// The rows in the order they entered, with their slots.
    pub fn rows(&self) -> impl Iterator<Item = (usize, &Stored<X>)> {
        self.slots.iter().enumerate().filter_map(|(i, s)| s.as_ref().map(|s| (i, s)))
    }

    /// The slots whose index columns equal `key`, in entry order (none without an index).
    pub fn indexed(&self, key: &Key) -> &[usize] {
        self.index.as_ref().and_then(|(_, m)| m.get(key)).map(|v| v.as_slice()).unwrap_or(&[])
    }

    /// A table row changes the store; `extra` computes what the reader keeps with a new row.
    pub fn apply(
        &mut self,
        kind: RowKind,
        row: &Row,
        lineage: &Lineage,
        extra: impl FnOnce(&Row) -> X,
    ) -> LookupChange {
        if self.primary_key.is_empty() {
            if kind.is_accumulate() {
                self.add(row.clone(), lineage.clone(), extra);
                return LookupChange::Added;
            }
            match self.find_equal(row) {
                Some(s) => {
                    self.remove(s);
                    LookupChange::Removed
                }
                None => LookupChange::Absent,
            }
        } else {
            let pk = cols_of(row, &self.primary_key);
            let old = self.by_pk.remove(&pk);
            if let Some(s) = old {
                self.remove(s);
            }
            if kind.is_accumulate() {
                let s = self.add(row.clone(), lineage.clone(), extra);
                self.by_pk.insert(pk, s);
                if old.is_some() {
                    LookupChange::Replaced
                } else {
                    LookupChange::Added
                }
            } else if old.is_some() {
                LookupChange::Removed
            } else {
                LookupChange::Absent
            }
        }
    }

    /// The first row equal to `row` on the visible columns (through the index when there is one).
    fn find_equal(&self, row: &Row) -> Option<usize> {
        let equal = |s: usize| self.get(s).is_some_and(|st| self.visible.iter().all(|&c| st.row.get(c) == row.get(c)));
        match &self.index {
            Some((cols, _)) => self.indexed(&cols_of(row, cols)).iter().copied().find(|&s| equal(s)),
            None => (0..self.slots.len()).find(|&s| equal(s)),
        }
    }

    fn add(&mut self, row: Row, lineage: Lineage, extra: impl FnOnce(&Row) -> X) -> usize {
        let slot = self.slots.len();
        if let Some((cols, m)) = &mut self.index {
            m.entry(cols_of(&row, cols)).or_default().push(slot);
        }
        let extra = extra(&row);
        self.slots.push(Some(Stored { row, lineage, extra }));
        self.live += 1;
        slot
    }

    fn remove(&mut self, slot: usize) {
        let Some(Some(st)) = self.slots.get_mut(slot).map(|s| s.take()) else { return };
        if let Some((cols, m)) = &mut self.index {
            let key = cols_of(&st.row, cols);
            if let Some(v) = m.get_mut(&key) {
                v.retain(|&x| x != slot);
                if v.is_empty() {
                    m.remove(&key);
                }
            }
        }
        self.live = self.live.saturating_sub(1);
    }

    /// The State tab's view: the rows as `show` renders them, each with the step that wrote it
    /// (a replay for the state keeps no lineage: then no step to name).
    pub fn state_group(&self, show: impl Fn(&Row) -> Vec<String>) -> StateGroup {
        let mut g =
            StateGroup { side: "store".into(), key: Vec::new(), window: None, rows: Vec::new(), row_notes: Vec::new() };
        for (_, st) in self.rows() {
            g.rows.push(show(&st.row));
            g.row_notes.push(st.lineage.first().map(|s| format!("from step {}", s)).unwrap_or_default());
        }
        g
    }
}
