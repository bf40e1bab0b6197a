//! `FastTop1Function` (2.3: `FastTop1Helper`): the best row per partition, for range [1,1]
//! over an insert-only input or an UpdateFast one.
//!
//! ```text
//!   first row of the partition          ──► +I[row]            (rank 1 appended with rn)
//!   a row whose key is strictly better  ──► -U[old]  +U[row]   (-U only with update_before)
//!   a tie or a worse row                ──► nothing
//! ```
//!
//! The message kind is not looked at (an UpdateFast input brings `+U`s; a `-U` would be taken
//! as a row). State TTL: the row lives in Flink's heap cache, re-put on every change and
//! expired `ttl` after it (the value state behind it is only written on checkpoints, which the
//! oracle never takes), so `ttl` after the last change the partition starts over with `+I`.

use crate::kinds::RowKind;
use crate::value::Row;

use super::{Common, Entry, Out, Outcome};

#[derive(Default)]
pub(super) struct State {
    /// The best row and when it was put in the cache.
    top: Option<(Entry, i64)>,
}

impl State {
    pub(super) fn rows(&self) -> usize {
        usize::from(self.top.is_some())
    }

    pub(super) fn gone(&self, c: &Common, now: i64) -> bool {
        self.live(c, now).is_none()
    }

    /// The cached row, unless its cache entry expired.
    fn live(&self, c: &Common, now: i64) -> Option<&Entry> {
        self.top.as_ref().filter(|(_, written)| !c.expired(*written, now)).map(|(e, _)| e)
    }

    pub(super) fn view(&self) -> (Vec<Row>, Vec<String>) {
        match &self.top {
            Some((e, _)) => (vec![e.row.clone()], vec!["rank 1".into()]),
            None => (Vec::new(), Vec::new()),
        }
    }

    pub(super) fn process(&mut self, c: &Common, input: Entry, now: i64, out: &mut Out) -> Outcome {
        let Some(prev) = self.live(c, now) else {
            if c.with_rn {
                out.ranked(RowKind::Insert, &input, 1);
            } else {
                out.plain(RowKind::Insert, &input);
            }
            self.top = Some((input, now));
            return Outcome::Held;
        };
        if c.cmp_keys(&c.sort_key(&input.row), &c.sort_key(&prev.row)).is_lt() {
            if c.with_rn {
                out.ranked(RowKind::UpdateBefore, prev, 1);
                out.ranked(RowKind::UpdateAfter, &input, 1);
            } else {
                out.plain(RowKind::UpdateBefore, prev);
                out.plain(RowKind::UpdateAfter, &input);
            }
            self.top = Some((input, now));
            Outcome::Held
        } else {
            Outcome::Dropped
        }
    }
}
