//! `UpdatableTopNFunction` (UpdateFastStrategy): an updating input whose upsert key (the row
//! key) contains the partition key and whose sort key only moves up. Keeps row key → row and
//! sort key → row keys (in arrival order, `LinkedHashSet`); the message kind is not looked at.
//!
//! ```text
//!   numbered (rn selected, or rank start > 1):
//!     new row key          ──► as AppendOnly: -U[old at r, r] +U[now at r, r] …, +I when not full
//!     same sort key        ──► -U[old, rank] +U[new, rank]
//!     better sort key, old rank o → new rank p:
//!       for r = p … o-1: -U[row at r, r] (once, after the first: -U[moved row, o]) +U[row now at r, r]
//!       then -U[moved row, o] if not sent yet, +U[row now at o, o]
//!     worse sort key (breaks monotonicity; lenient): -U[old, o], then for the rows between
//!       -U[row, r+1] +U[row, r], and +U[new, p]
//!   plain:
//!     known row key        ──► -U[old] +U[new]                       (the row moves in place)
//!     new row key, admitted ──► -D[last row] if the buffer now holds more than `end`, +I[new]
//! ```
//!
//! Observed: `-U[i1,1,1] -U[i2,1,2] +U[i2,2,1] +U[i1,1,2]` (topn_update_fast q1 step 3).
//! As in AppendOnly, a numbered insert leaves the rows of the sort key where its walk stopped
//! in the buffer beyond the end (they come back when a row below them moves up).
//!
//! State TTL: the partition's heap state (buffer and rows, Flink's cache) expires `ttl` after it
//! was created — it is never re-put — and the map state behind it is only written on
//! checkpoints (never in the oracle), so the partition then starts over empty.

use rustc_hash::FxHashMap;

use crate::error::RuntimeError;
use crate::kinds::RowKind;
use crate::value::{Row, Value};

use super::{rank_note, Buffer, Common, Entry, Out, Outcome};

pub(super) struct State {
    /// Sort key → row keys.
    buf: Buffer<Row>,
    /// Row key → row (`rowKeyMap`).
    rows: FxHashMap<Row, Entry>,
    /// When the heap state was created (its cache entry's write time).
    created: i64,
}

/// The old row of an update: its sort key, the row, its rank.
struct Old {
    key: Row,
    row: Entry,
    rank: i64,
}

fn never_happens() -> RuntimeError {
    RuntimeError::new("Failed to find the sortKey, rowkey in the buffer. This should never happen")
}

impl State {
    pub(super) fn new(now: i64) -> State {
        State { buf: Buffer::default(), rows: FxHashMap::default(), created: now }
    }

    pub(super) fn rows(&self) -> usize {
        self.rows.len()
    }

    pub(super) fn gone(&self, c: &Common, now: i64) -> bool {
        c.expired(self.created, now)
    }

    pub(super) fn view(&self, end: Option<i64>) -> (Vec<Row>, Vec<String>) {
        let rows: Vec<Row> = self
            .buf
            .slots
            .iter()
            .flat_map(|s| s.items.iter().filter_map(|k| self.rows.get(k).map(|e| e.row.clone())))
            .collect();
        let notes = (1..=rows.len()).map(|r| rank_note(r, end)).collect();
        (rows, notes)
    }

    pub(super) fn process(
        &mut self,
        c: &Common,
        row_key: &[usize],
        input: Entry,
        end: i64,
        now: i64,
        out: &mut Out,
    ) -> Result<Outcome, RuntimeError> {
        if c.expired(self.created, now) {
            *self = State::new(now);
        }
        let key = c.sort_key(&input.row);
        let rk: Row = row_key.iter().map(|&i| input.row.get(i).cloned().unwrap_or(Value::Null)).collect();
        if c.numbered() {
            self.with_row_number(c, key, rk, input, end, now, out)
        } else {
            Ok(self.without_row_number(c, key, rk, input, end, now, out))
        }
    }

    /// `rowNumber`: the rank of a row key under its sort key.
    fn rank_of(&self, c: &Common, key: &[Value], rk: &Row) -> Result<i64, RuntimeError> {
        let mut rank = 1i64;
        for s in &self.buf.slots {
            if c.cmp_keys(&s.key, key).is_eq() {
                for k in &s.items {
                    if k == rk {
                        return Ok(rank);
                    }
                    rank += 1;
                }
            } else {
                rank += s.items.len() as i64;
            }
        }
        Err(never_happens())
    }

    /// `TopNBuffer.remove(sortKey, rowKey)`.
    fn remove_key(&mut self, c: &Common, key: &[Value], rk: &Row) {
        if let Ok(i) = self.buf.find(c, key) {
            let s = &mut self.buf.slots[i];
            if let Some(p) = s.items.iter().position(|k| k == rk) {
                s.items.remove(p);
                self.buf.count -= 1;
            }
            if s.items.is_empty() {
                self.buf.slots.remove(i);
            }
        }
    }

    /// Moves a known row key to its new sort key (`buffer.remove` then `buffer.put`).
    fn move_key(&mut self, c: &Common, old_key: &[Value], key: Row, rk: Row, input: Entry, now: i64) {
        self.remove_key(c, old_key, &rk);
        self.buf.put(c, key, rk.clone(), now);
        self.rows.insert(rk, input);
    }

    #[allow(clippy::too_many_arguments)]
    fn with_row_number(
        &mut self,
        c: &Common,
        key: Row,
        rk: Row,
        input: Entry,
        end: i64,
        now: i64,
        out: &mut Out,
    ) -> Result<Outcome, RuntimeError> {
        if let Some(old_row) = self.rows.get(&rk).cloned() {
            let old_key = c.sort_key(&old_row.row);
            let cmp = c.cmp_keys(&key, &old_key);
            if cmp.is_eq() {
                let rank = self.rank_of(c, &key, &rk)?;
                self.rows.insert(rk, input.clone());
                out.ranked(RowKind::UpdateBefore, &old_row, rank);
                out.ranked(RowKind::UpdateAfter, &input, rank);
                return Ok(Outcome::Held);
            }
            let old_rank = self.rank_of(c, &old_key, &rk)?;
            self.move_key(c, &old_key, key.clone(), rk.clone(), input.clone(), now);
            if cmp.is_lt() {
                let old = Old { key: old_key, row: old_row, rank: old_rank };
                self.emit_numbered(c, &key, input, Some(old), end, out)?;
            } else {
                // lenient: Flink only logs that the sort key broke its monotonicity
                let new_rank = self.rank_of(c, &key, &rk)?;
                self.emit_ignoring_state_error(&input, new_rank, &old_row, old_rank, out);
            }
            Ok(Outcome::Held)
        } else if self.buf.admits(c, &key, c.buffer_size()) {
            self.buf.put(c, key.clone(), rk.clone(), now);
            self.rows.insert(rk.clone(), input.clone());
            self.emit_numbered(c, &key, input, None, end, out)?;
            Ok(if self.rows.contains_key(&rk) { Outcome::Held } else { Outcome::Dropped })
        } else {
            Ok(Outcome::Dropped)
        }
    }

    /// `emitRecordsWithRowNumber` for a new row (`old` None) or a row that moved up.
    fn emit_numbered(
        &mut self,
        c: &Common,
        key: &Row,
        input: Entry,
        old: Option<Old>,
        end: i64,
        out: &mut Out,
    ) -> Result<(), RuntimeError> {
        let mut rank = 0i64;
        let mut current: Option<Entry> = None;
        let mut current_is_input = false;
        let mut found = false;
        let mut old_retracted = false;
        let mut i = 0;
        while i < self.buf.slots.len() && rank <= end {
            let slot = &self.buf.slots[i];
            i += 1;
            if !found && c.cmp_keys(&slot.key, key).is_eq() {
                rank += slot.items.len() as i64;
                current = Some(input.clone());
                current_is_input = true;
                found = true;
            } else if found {
                // a new row shifts every rank down to the end; a moved row only those up to its old rank
                let limit = match &old {
                    None => None,
                    Some(o) if c.cmp_keys(&slot.key, &o.key).is_le() => Some(o.rank),
                    Some(_) => break,
                };
                let mut j = 0;
                while j < slot.items.len() && limit.map_or(rank <= end, |l| rank < l) {
                    let prev = self.rows.get(&slot.items[j]).cloned().ok_or_else(never_happens)?;
                    out.ranked(RowKind::UpdateBefore, &prev, rank);
                    if let Some(o) = &old {
                        if current_is_input && !old_retracted {
                            // in the same unique key, the old row is retracted first
                            out.ranked(RowKind::UpdateBefore, &o.row, o.rank);
                            old_retracted = true;
                        }
                    }
                    if let Some(cur) = &current {
                        out.ranked(RowKind::UpdateAfter, cur, rank);
                    }
                    current = Some(prev);
                    current_is_input = false;
                    rank += 1;
                    j += 1;
                }
            } else {
                rank += slot.items.len() as i64;
            }
        }
        if rank <= end {
            match &old {
                None => {
                    if let Some(cur) = &current {
                        out.ranked(RowKind::Insert, cur, rank);
                    }
                }
                Some(o) => {
                    if rank != o.rank {
                        // Preconditions.checkArgument(currentRank == oldRank)
                        return Err(RuntimeError::java("java.lang.IllegalArgumentException", ""));
                    }
                    if !old_retracted {
                        out.ranked(RowKind::UpdateBefore, &o.row, o.rank);
                    }
                    if let Some(cur) = &current {
                        out.ranked(RowKind::UpdateAfter, cur, rank);
                    }
                }
            }
            return Ok(());
        }
        for rk in self.buf.truncate(i) {
            self.rows.remove(&rk);
        }
        Ok(())
    }

    /// `emitRecordsWithRowNumberIgnoreStateError`: a row whose sort key got worse.
    fn emit_ignoring_state_error(&self, input: &Entry, new_rank: i64, old: &Entry, old_rank: i64, out: &mut Out) {
        out.ranked(RowKind::UpdateBefore, old, old_rank);
        let mut rank = 0i64;
        'affected: for s in &self.buf.slots {
            for k in &s.items {
                rank += 1;
                let Some(row) = self.rows.get(k) else { continue };
                if rank == new_rank {
                    break 'affected;
                }
                if old_rank <= rank {
                    out.ranked(RowKind::UpdateBefore, row, rank + 1);
                    out.ranked(RowKind::UpdateAfter, row, rank);
                }
            }
        }
        out.ranked(RowKind::UpdateAfter, input, new_rank);
    }

    #[allow(clippy::too_many_arguments)]
    fn without_row_number(
        &mut self,
        c: &Common,
        key: Row,
        rk: Row,
        input: Entry,
        end: i64,
        now: i64,
        out: &mut Out,
    ) -> Outcome {
        if let Some(old_row) = self.rows.get(&rk).cloned() {
            let old_key = c.sort_key(&old_row.row);
            if old_key != key {
                self.move_key(c, &old_key, key, rk, input.clone(), now);
            } else {
                self.rows.insert(rk, input.clone());
            }
            out.plain(RowKind::UpdateBefore, &old_row);
            out.plain(RowKind::UpdateAfter, &input);
            Outcome::Held
        } else if self.buf.admits(c, &key, c.buffer_size()) {
            self.buf.put(c, key, rk.clone(), now);
            self.rows.insert(rk.clone(), input.clone());
            if self.buf.count as i64 > end {
                if let Some(last) = self.remove_last() {
                    if let Some(last_row) = self.rows.remove(&last) {
                        // always a delete, even when the new row is the one that falls off
                        out.plain(RowKind::Delete, &last_row);
                    }
                }
            }
            out.plain(RowKind::Insert, &input);
            if self.rows.contains_key(&rk) {
                Outcome::Held
            } else {
                Outcome::Dropped
            }
        } else {
            Outcome::Dropped
        }
    }

    /// `TopNBuffer.removeLast()`: the last row key of the last sort key.
    fn remove_last(&mut self) -> Option<Row> {
        let last = self.buf.slots.last_mut()?;
        let rk = last.items.pop();
        if rk.is_some() {
            self.buf.count -= 1;
        }
        if last.items.is_empty() {
            self.buf.slots.pop();
        }
        rk
    }
}
