//! Batch mode: the rows a Top-N keeps when its ORDER BY ties.
//!
//! A streaming Top-N ranks tied rows in arrival order (`rank/mod.rs`), and that is what Flink's
//! streaming `Rank` does. Flink's *batch* Rank reads its input after a sort on the partition
//! and ORDER BY keys (`QuickSort`: an insertion sort — stable — below 13 records, else a
//! quicksort that moves tied records), so with 13 input rows or more tied rows may come out of
//! the sort in another order (fuzz, aggregations seed 7301, ag7301_011: a HOP window Top-N over
//! 18 rows kept another of two tied rows; docs/flink-findings.md, "Fuzzing in batch mode"); and
//! below a blocking operator (a hash join or aggregate) the rows reach the sort in Flink's
//! order, not JoinLab's. There, which tied row Flink keeps is its sort's business, so a batch
//! Top-N whose answer depends on it answers "not supported yet" rather than a different row:
//! the watch records every input row per partition (batch inputs are insert-only and finite)
//! and, when the operator's input ends, looks for a tie that matters — distinct rows with equal
//! sort keys across the rank range's start or end, or inside the range when the row number is
//! output (it numbers tied rows in sort order). Fewer than 13 rows read in arrival order run as
//! in streaming (oracle: tests/conformance/batch/topn_ties).
//!
//! # Emits / Retracts / State
//! Nothing; it keeps a copy of the input rows until the operator releases (batch mode only).

use std::cmp::Ordering;

use rustc_hash::FxHashMap;

use super::sort_key::{compare_rows, SortKey};
use crate::error::RuntimeError;
use crate::value::Row;

/// One partition's rows, and its rank end.
struct Partition {
    rows: Vec<Row>,
    end: i64,
}

/// The input rows of a batch Top-N, per partition (in first-seen order).
#[derive(Default)]
pub struct TieWatch {
    parts: FxHashMap<Row, usize>,
    list: Vec<Partition>,
    rows: usize,
}

/// `QuickSort.sortInternal`: fewer records than this are insertion-sorted (stable).
const INSERTION_SORT_BELOW: usize = 13;

impl TieWatch {
    /// Records an input row of partition `key`, whose rank end is `end`.
    pub fn add(&mut self, key: &Row, row: &Row, end: i64) {
        let i = match self.parts.get(key) {
            Some(&i) => i,
            None => {
                self.parts.insert(key.clone(), self.list.len());
                self.list.push(Partition { rows: Vec::new(), end });
                self.list.len() - 1
            }
        };
        if let Some(p) = self.list.get_mut(i) {
            p.rows.push(row.clone());
            self.rows += 1;
        }
    }

    /// "not supported yet" when some partition's answer depends on how tied rows are sorted
    /// (`in_arrival_order`: the operator reads its rows as they arrived — no blocking operator
    /// below it).
    pub fn check(
        &self,
        order: &[SortKey],
        start: i64,
        numbered: bool,
        in_arrival_order: bool,
    ) -> Result<(), RuntimeError> {
        if in_arrival_order && self.rows < INSERTION_SORT_BELOW {
            return Ok(());
        }
        for p in &self.list {
            let mut rows: Vec<&Row> = p.rows.iter().collect();
            crate::sort::sort_by(&mut rows, |a, b| compare_rows(order, a, b));
            let n = rows.len();
            let end = usize::try_from(p.end.max(0)).unwrap_or(usize::MAX).min(n);
            let first = usize::try_from(start.max(1) - 1).unwrap_or(0);
            let mut a = 0;
            while a < n {
                let mut b = a + 1;
                while b < n && compare_rows(order, rows[a], rows[b]) == Ordering::Equal {
                    b += 1;
                }
                let distinct = rows[a..b].iter().any(|r| *r != rows[a]);
                let across = (a < end && b > end) || (a < first && b > first);
                let inside = numbered && b - a > 1 && a < end && b > first;
                if distinct && (across || inside) {
                    return Err(RuntimeError::java(
                        "joinlab.NotSupportedYet",
                        "not supported yet: a Top-N in batch mode whose ORDER BY ties where the rank range cuts (or numbers) the tied rows: Flink's batch sort, not their arrival, decides which of them it keeps",
                    ));
                }
                a = b;
            }
        }
        Ok(())
    }
}
