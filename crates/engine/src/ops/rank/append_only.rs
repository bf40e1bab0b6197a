//! `AppendOnlyTopNFunction` (2.3: `AppendOnlyTopNHelper`) over an insert-only input.
//!
//! ```text
//!   admitted row, numbered (rn selected, or rank start > 1):
//!     for each rank r from its rank p while r ≤ end: -U[old row at r, r]  +U[row now at r, r]
//!     then, when fewer than `end` rows were held: +I[last shifted row, its new rank]
//!     (the row pushed beyond the end gets no -D; every message filtered by [start, end])
//!   admitted row, plain (no rn, start 1):
//!     the buffer now holds more than `end` rows: -D[the last row]  +I[new]   (nothing if the new
//!     row is the one that falls off) — else +I[new]
//! ```
//!
//! The buffer is Flink's: after a numbered insert only the sort keys beyond the one where the
//! walk stopped are removed, so rows tying or following the N-th may stay, beyond the end; they
//! never come out (a row is only ever inserted here), and they make the admission test pass for
//! keys better than theirs, which then rank beyond the end and emit nothing.
//!
//! State TTL: the partition's heap buffer (Flink's LRU cache, `expireAfterWrite`) expires `ttl`
//! after it was loaded — it is not re-put on updates — and is then rebuilt from the map state,
//! whose entries (one per sort key) expire `ttl` after their own last write.

use crate::error::RuntimeError;
use crate::kinds::RowKind;
use crate::value::Row;

use super::{rank_note, Buffer, Common, Entry, Out, Outcome};

pub(super) struct State {
    buf: Buffer<Entry>,
    /// When the heap buffer was loaded (its cache entry's write time).
    loaded: i64,
}

impl State {
    pub(super) fn new(now: i64) -> State {
        State { buf: Buffer::default(), loaded: now }
    }

    pub(super) fn rows(&self) -> usize {
        self.buf.count
    }

    pub(super) fn gone(&self, c: &Common, now: i64) -> bool {
        c.expired(self.loaded, now) && self.buf.slots.iter().all(|s| c.expired(s.written, now))
    }

    pub(super) fn view(&self, end: Option<i64>) -> (Vec<Row>, Vec<String>) {
        let rows = self.buf.slots.iter().flat_map(|s| s.items.iter().map(|e| e.row.clone())).collect::<Vec<_>>();
        let notes = (1..=rows.len()).map(|r| rank_note(r, end)).collect();
        (rows, notes)
    }

    pub(super) fn process(
        &mut self,
        c: &Common,
        input: Entry,
        end: i64,
        now: i64,
        out: &mut Out,
    ) -> Result<Outcome, RuntimeError> {
        if c.expired(self.loaded, now) {
            // the cache entry expired: reload from the map state's live entries
            self.buf.slots.retain(|s| !c.expired(s.written, now));
            self.buf.recount();
            self.loaded = now;
        }
        let key = c.sort_key(&input.row);
        if !self.buf.admits(c, &key, c.buffer_size()) {
            return Ok(Outcome::Dropped);
        }
        self.buf.put(c, key.clone(), input.clone(), now);
        if c.numbered() {
            Ok(self.with_row_number(c, &key, input, end, out))
        } else {
            Ok(self.without_row_number(input, end, now, out))
        }
    }

    /// `processElementWithRowNumber`.
    fn with_row_number(&mut self, c: &Common, key: &Row, input: Entry, end: i64, out: &mut Out) -> Outcome {
        let mut rank = 0i64;
        let mut found = false;
        let mut current: Option<Entry> = None;
        let mut i = 0;
        while i < self.buf.slots.len() && rank <= end {
            let slot = &self.buf.slots[i];
            i += 1;
            if !found && c.cmp_keys(&slot.key, key).is_eq() {
                rank += slot.items.len() as i64;
                current = Some(input.clone());
                found = true;
            } else if found {
                let mut j = 0;
                while j < slot.items.len() && rank <= end {
                    let prev = slot.items[j].clone();
                    out.ranked(RowKind::UpdateBefore, &prev, rank);
                    if let Some(cur) = &current {
                        out.ranked(RowKind::UpdateAfter, cur, rank);
                    }
                    current = Some(prev);
                    rank += 1;
                    j += 1;
                }
            } else {
                rank += slot.items.len() as i64;
            }
        }
        if rank <= end {
            // fewer rows than the rank end: the last shifted row takes a new rank
            if let Some(cur) = &current {
                out.ranked(RowKind::Insert, cur, rank);
            }
        }
        // the sort keys after the one where the walk stopped leave the buffer and the state
        self.buf.truncate(i);
        if found {
            Outcome::Held
        } else {
            Outcome::Dropped
        }
    }

    /// `processElementWithoutRowNumber`.
    fn without_row_number(&mut self, input: Entry, end: i64, now: i64, out: &mut Out) -> Outcome {
        if self.buf.count as i64 > end {
            let Some(last) = self.buf.slots.last_mut() else { return Outcome::Dropped };
            let size = last.items.len();
            let last_row = last.items.pop();
            if size <= 1 {
                self.buf.slots.pop();
            } else {
                last.written = now;
            }
            self.buf.count = self.buf.count.saturating_sub(1);
            match last_row {
                Some(l) if l.row != input.row => out.plain(RowKind::Delete, &l),
                // the new row itself fell off
                _ => return Outcome::Dropped,
            }
        }
        out.plain(RowKind::Insert, &input);
        Outcome::Held
    }
}
