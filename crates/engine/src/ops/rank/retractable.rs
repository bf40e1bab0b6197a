//! `RetractableTopNFunction` (RetractStrategy): any updating input. Keeps every row: a sorted
//! map sort key → count and a map state sort key → rows in arrival order; nothing is dropped.
//!
//! ```text
//!   +I/+U, numbered: counts+1, then as AppendOnly over all stored rows
//!                    (-U[old at r, r] +U[now at r, r] …, +I when fewer than `end` rows)
//!   +I/+U, plain:    if the row lands within the end: -D[row pushed to end+1] (if any), +I[row]
//!   -U/-D, numbered: the first equal row of its sort key leaves; for each later rank r ≤ end
//!                    -U[row previously at r, r] +U[row now at r, r]; -D[last row, its rank]
//!                    when no row moves into the last occupied rank ≤ end
//!   -U/-D, plain:    the row was within the end: -D[row], then +I[row moving into rank end]
//!   -U/-D of a row beyond the end, of an unknown row, or of a partition without state: nothing
//!                    (lenient; Flink only logs). An unknown row whose sort key exists still
//!                    decrements that key's count.
//! ```
//!
//! State TTL: the sorted map is rewritten on every message and expires `ttl` after the
//! partition's last one; each sort key's rows expire `ttl` after that key was last written, and
//! a sort key met without its rows is dropped from the sorted map (Flink's "state is cleared
//! because of state ttl" warning). A count that then exceeds the rows fails the job when the
//! rows are indexed, as Flink's `List.get` does (`IndexOutOfBoundsException`).

use rustc_hash::FxHashMap;

use crate::error::RuntimeError;
use crate::kinds::RowKind;
use crate::value::Row;

use super::{rank_note, Common, Entry, Out, Outcome};

pub(super) struct State {
    /// `sortedMap`: sort key → count, in sort order.
    sorted: Vec<(Row, i64)>,
    /// `dataState`: sort key → rows, and when the entry was last written.
    data: FxHashMap<Row, (Vec<Entry>, i64)>,
    /// When the sorted map was last written.
    tree_written: i64,
}

fn out_of_bounds(index: i64, len: usize) -> RuntimeError {
    RuntimeError::java(
        "java.lang.IndexOutOfBoundsException",
        format!("Index {} out of bounds for length {}", index, len),
    )
}

/// `dataState.get(key)`: None when absent or expired (an expired entry is dropped).
fn rows_of<'d>(
    data: &'d mut FxHashMap<Row, (Vec<Entry>, i64)>,
    c: &Common,
    key: &Row,
    now: i64,
) -> Option<&'d mut (Vec<Entry>, i64)> {
    if data.get(key).is_some_and(|(_, w)| c.expired(*w, now)) {
        data.remove(key);
    }
    data.get_mut(key)
}

impl State {
    pub(super) fn new(now: i64) -> State {
        State { sorted: Vec::new(), data: FxHashMap::default(), tree_written: now }
    }

    pub(super) fn rows(&self) -> usize {
        self.data.values().map(|(r, _)| r.len()).sum()
    }

    pub(super) fn gone(&self, c: &Common, now: i64) -> bool {
        c.expired(self.tree_written, now)
    }

    pub(super) fn view(&self, end: Option<i64>) -> (Vec<Row>, Vec<String>) {
        let rows: Vec<Row> = self
            .sorted
            .iter()
            .filter_map(|(k, _)| self.data.get(k))
            .flat_map(|(r, _)| r.iter().map(|e| e.row.clone()))
            .collect();
        let notes = (1..=rows.len()).map(|r| rank_note(r, end)).collect();
        (rows, notes)
    }

    fn find(&self, c: &Common, key: &[crate::value::Value]) -> Result<usize, usize> {
        self.sorted.binary_search_by(|(k, _)| c.cmp_keys(k, key))
    }

    pub(super) fn process(
        &mut self,
        c: &Common,
        kind: RowKind,
        input: Entry,
        end: i64,
        now: i64,
        out: &mut Out,
    ) -> Result<Outcome, RuntimeError> {
        if c.expired(self.tree_written, now) {
            // the sorted map expired; every rows entry was written no later than it
            self.sorted.clear();
            self.data.clear();
        }
        let key = c.sort_key(&input.row);
        let outcome = if kind.is_accumulate() {
            match self.find(c, &key) {
                Ok(i) => self.sorted[i].1 += 1,
                Err(i) => self.sorted.insert(i, (key.clone(), 1)),
            }
            if c.numbered() {
                self.emit_numbered(c, &key, &input, end, now, out);
            } else {
                self.emit_plain(c, &key, &input, end, now, out)?;
            }
            match rows_of(&mut self.data, c, &key, now) {
                Some(slot) => {
                    slot.0.push(input);
                    slot.1 = now;
                }
                None => {
                    self.data.insert(key, (vec![input], now));
                }
            }
            Outcome::Held
        } else {
            let removed = if c.numbered() {
                self.retract_numbered(c, &key, &input, end, now, out)
            } else {
                self.retract_plain(c, &key, &input, end, now, out)?
            };
            if let Ok(i) = self.find(c, &key) {
                self.sorted[i].1 -= 1;
                if self.sorted[i].1 == 0 {
                    self.sorted.remove(i);
                }
            }
            let mut found = removed;
            if !removed {
                if let Some(slot) = rows_of(&mut self.data, c, &key, now) {
                    if let Some(p) = slot.0.iter().position(|e| e.row == input.row) {
                        slot.0.remove(p);
                        found = true;
                    }
                    slot.1 = now;
                    if slot.0.is_empty() {
                        self.data.remove(&key);
                    }
                }
            }
            if found {
                Outcome::Retracted
            } else {
                Outcome::Nothing
            }
        };
        self.tree_written = now;
        Ok(outcome)
    }

    /// `emitRecordsWithRowNumber`.
    fn emit_numbered(&mut self, c: &Common, key: &Row, input: &Entry, end: i64, now: i64, out: &mut Out) {
        let mut rank = 0i64;
        let mut current: Option<Entry> = None;
        let mut found = false;
        let mut i = 0;
        while i < self.sorted.len() && rank <= end {
            let (k, count) = (self.sorted[i].0.clone(), self.sorted[i].1);
            if !found && c.cmp_keys(&k, key).is_eq() {
                rank += count;
                current = Some(input.clone());
                found = true;
            } else if found {
                let Some((rows, _)) = rows_of(&mut self.data, c, &k, now) else {
                    self.sorted.remove(i);
                    continue;
                };
                let mut j = 0;
                while j < rows.len() && rank <= end {
                    let prev = rows[j].clone();
                    out.ranked(RowKind::UpdateBefore, &prev, rank);
                    if let Some(cur) = &current {
                        out.ranked(RowKind::UpdateAfter, cur, rank);
                    }
                    current = Some(prev);
                    rank += 1;
                    j += 1;
                }
            } else {
                rank += count;
            }
            i += 1;
        }
        if rank <= end {
            if let Some(cur) = &current {
                out.ranked(RowKind::Insert, cur, rank);
            }
        }
    }

    /// `emitRecordsWithoutRowNumber`.
    fn emit_plain(
        &mut self,
        c: &Common,
        key: &Row,
        input: &Entry,
        end: i64,
        now: i64,
        out: &mut Out,
    ) -> Result<(), RuntimeError> {
        let start = c.rank_start();
        let mut rank = 0i64;
        let mut found = false;
        let mut collect = false;
        let mut delete: Option<Entry> = None;
        let mut i = 0;
        while i < self.sorted.len() && rank <= end {
            let (k, count) = (self.sorted[i].0.clone(), self.sorted[i].1);
            if !found && c.cmp_keys(&k, key).is_eq() {
                rank += count;
                collect = rank <= end && rank >= start;
                found = true;
            } else if found {
                let Some((rows, _)) = rows_of(&mut self.data, c, &k, now) else {
                    self.sorted.remove(i);
                    continue;
                };
                let last = rank + count;
                if last <= end {
                    rank = last;
                } else {
                    // the row now at rank end + 1 leaves the Top-N
                    let index = end - rank;
                    let len = rows.len();
                    let row = usize::try_from(index)
                        .ok()
                        .and_then(|x| rows.get(x))
                        .ok_or_else(|| out_of_bounds(index, len))?;
                    delete = Some(row.clone());
                    break;
                }
            } else {
                rank += count;
            }
            i += 1;
        }
        if let Some(d) = &delete {
            out.plain(RowKind::Delete, d);
        }
        if collect {
            out.plain(RowKind::Insert, input);
        }
        Ok(())
    }

    /// `retractRecordWithRowNumber`: whether the row was found (and removed) on the way.
    fn retract_numbered(&mut self, c: &Common, key: &Row, input: &Entry, end: i64, now: i64, out: &mut Out) -> bool {
        let mut rank = 0i64;
        let mut prev: Option<Entry> = None;
        let mut found = false;
        let mut i = 0;
        while i < self.sorted.len() && rank <= end {
            let (k, count) = (self.sorted[i].0.clone(), self.sorted[i].1);
            if !found && c.cmp_keys(&k, key).is_eq() {
                let Some(slot) = rows_of(&mut self.data, c, &k, now) else {
                    self.sorted.remove(i);
                    continue;
                };
                let mut j = 0;
                while j < slot.0.len() && rank <= end {
                    let cur = slot.0[j].clone();
                    if !found && cur.row == input.row {
                        prev = Some(cur);
                        found = true;
                        slot.0.remove(j);
                    } else {
                        if found {
                            if let Some(p) = &prev {
                                out.ranked(RowKind::UpdateBefore, p, rank);
                            }
                            out.ranked(RowKind::UpdateAfter, &cur, rank);
                            prev = Some(cur);
                        }
                        j += 1;
                    }
                    rank += 1;
                }
                slot.1 = now;
                if slot.0.is_empty() {
                    self.data.remove(&k);
                }
            } else if found {
                let Some((rows, _)) = rows_of(&mut self.data, c, &k, now) else {
                    self.sorted.remove(i);
                    continue;
                };
                let mut j = 0;
                while j < rows.len() && rank <= end {
                    let cur = rows[j].clone();
                    if let Some(p) = &prev {
                        out.ranked(RowKind::UpdateBefore, p, rank);
                    }
                    out.ranked(RowKind::UpdateAfter, &cur, rank);
                    prev = Some(cur);
                    rank += 1;
                    j += 1;
                }
            } else {
                rank += count;
            }
            i += 1;
        }
        if rank <= end && found {
            // nothing moved into the last occupied rank
            if let Some(p) = &prev {
                out.ranked(RowKind::Delete, p, rank);
            }
        }
        found
    }

    /// `retractRecordWithoutRowNumber`: whether the row was found (and removed) on the way.
    fn retract_plain(
        &mut self,
        c: &Common,
        key: &Row,
        input: &Entry,
        end: i64,
        now: i64,
        out: &mut Out,
    ) -> Result<bool, RuntimeError> {
        let mut next = 1i64;
        let mut found = false;
        let mut i = 0;
        while i < self.sorted.len() && next <= end {
            let (k, count) = (self.sorted[i].0.clone(), self.sorted[i].1);
            if !found && c.cmp_keys(&k, key).is_eq() {
                let Some(slot) = rows_of(&mut self.data, c, &k, now) else {
                    self.sorted.remove(i);
                    continue;
                };
                let mut j = 0;
                while j < slot.0.len() && next <= end {
                    let prev = slot.0[j].clone();
                    if !found && prev.row == input.row {
                        out.ranked(RowKind::Delete, &prev, next);
                        next -= 1;
                        found = true;
                        slot.0.remove(j);
                    } else {
                        if found && next == end {
                            out.ranked(RowKind::Insert, &prev, next);
                        }
                        j += 1;
                    }
                    next += 1;
                }
                slot.1 = now;
                if slot.0.is_empty() {
                    self.data.remove(&k);
                }
            } else if found {
                let last = next + count - 1;
                if last < end {
                    next = last + 1;
                } else {
                    // the row that moves up into rank end
                    let index = end - next;
                    let Some((rows, _)) = rows_of(&mut self.data, c, &k, now) else {
                        self.sorted.remove(i);
                        continue;
                    };
                    let len = rows.len();
                    let row = usize::try_from(index)
                        .ok()
                        .and_then(|x| rows.get(x))
                        .ok_or_else(|| out_of_bounds(index, len))?;
                    out.plain(RowKind::Insert, row);
                    break;
                }
            } else {
                next += count;
            }
            i += 1;
        }
        Ok(found)
    }
}
