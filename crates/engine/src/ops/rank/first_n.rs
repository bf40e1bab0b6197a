//! `AppendOnlyFirstNFunction`: ORDER BY a proctime attribute ASC over an insert-only input,
//! so rank = arrival number. Keeps only a counter per partition.
//!
//! ```text
//!   counter < end ──► counter += 1; +I[row] (numbered: +I[row, counter], if in [start, end])
//!   counter ≥ end ──► nothing
//!   a kind other than +I ──► java.lang.IllegalArgumentException (Preconditions.checkArgument)
//! ```
//!
//! State TTL: the counter expires `ttl` after its last increment; the partition then counts
//! from 0 again.

use crate::error::RuntimeError;
use crate::kinds::RowKind;

use super::{Common, Entry, Out, Outcome};

#[derive(Default)]
pub(super) struct State {
    /// The counter and when it was last written (None: no state).
    counter: Option<(i64, i64)>,
}

impl State {
    pub(super) fn rows(&self) -> usize {
        usize::from(self.counter.is_some())
    }

    pub(super) fn count(&self) -> i64 {
        self.counter.map_or(0, |(n, _)| n)
    }

    pub(super) fn gone(&self, c: &Common, now: i64) -> bool {
        match self.counter {
            None => true,
            Some((_, w)) => c.expired(w, now),
        }
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
        if kind != RowKind::Insert {
            return Err(RuntimeError::java("java.lang.IllegalArgumentException", ""));
        }
        let current = if self.gone(c, now) { 0 } else { self.count() };
        if current >= end {
            return Ok(Outcome::Dropped);
        }
        let rank = current + 1;
        self.counter = Some((rank, now));
        if c.numbered() {
            out.ranked(RowKind::Insert, &input, rank);
        } else {
            out.plain(RowKind::Insert, &input);
        }
        // only the counter is kept, not the row
        Ok(Outcome::Nothing)
    }
}
