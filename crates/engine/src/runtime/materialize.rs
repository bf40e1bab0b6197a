//! The query's result as the oracle prints it (`materialized_unbounded`, before the end of
//! input, and `materialized_bounded`, after it): the changelog folded into a multiset of lines
//! (`[v1, v2, …]`), each line as many times as it is held, in Java's `String` order
//! (`crate::sort::utf16_cmp`), then a warning per retraction of a line not held.
//!
//! The run adds each step's rows as they come (it keeps no copy of the changelog), and the
//! lines asked for before the end of input are not sorted again after it: only the lines first
//! seen since are sorted, then merged into those sorted before.

use rustc_hash::FxHashMap;

use crate::sort::{sort_by, utf16_cmp};
use crate::trace::OutRow;

use super::bracketed;

#[derive(Default)]
pub(super) struct Materialized {
    /// Every line seen, in the order first seen, with how many times it is held now.
    held: Vec<(String, i64)>,
    /// (Looked up only, never walked: its order does not matter.)
    index: FxHashMap<String, usize>,
    warnings: Vec<String>,
    /// The lines seen up to the last [`Materialized::lines`] (positions in `held`), sorted.
    sorted: Vec<usize>,
}

impl Materialized {
    /// Folds in a step's changelog rows.
    pub(super) fn add(&mut self, rows: &[OutRow]) {
        for r in rows {
            let k = bracketed("", &r.row);
            if r.kind.is_accumulate() {
                match self.index.entry(k) {
                    std::collections::hash_map::Entry::Occupied(e) => self.held[*e.get()].1 += 1,
                    std::collections::hash_map::Entry::Vacant(e) => {
                        self.held.push((e.key().clone(), 1));
                        e.insert(self.held.len() - 1);
                    }
                }
            } else {
                match self.index.get(&k) {
                    Some(&i) if self.held[i].1 > 0 => self.held[i].1 -= 1,
                    _ => self.warnings.push(format!("# WARNING retraction of absent row {}", r.text)),
                }
            }
        }
    }

    /// The result so far: the lines held, sorted, each as many times as it is held, then the
    /// warnings.
    pub(super) fn lines(&mut self) -> Vec<String> {
        let held = &self.held;
        let mut new: Vec<usize> = (self.sorted.len()..held.len()).collect();
        sort_by(&mut new, |&a, &b| utf16_cmp(&held[a].0, &held[b].0));
        let old = std::mem::take(&mut self.sorted);
        let mut merged = Vec::with_capacity(old.len() + new.len());
        let (mut i, mut j) = (0, 0);
        while i < old.len() && j < new.len() {
            // (lines are distinct: never equal)
            if utf16_cmp(&held[new[j]].0, &held[old[i]].0).is_lt() {
                merged.push(new[j]);
                j += 1;
            } else {
                merged.push(old[i]);
                i += 1;
            }
        }
        merged.extend_from_slice(&old[i..]);
        merged.extend_from_slice(&new[j..]);
        self.sorted = merged;
        let n = self.sorted.iter().map(|&p| held[p].1.max(0) as usize).sum::<usize>();
        let mut out = Vec::with_capacity(n + self.warnings.len());
        for &p in &self.sorted {
            let (line, count) = &held[p];
            for _ in 0..*count {
                out.push(line.clone());
            }
        }
        out.extend(self.warnings.iter().cloned());
        out
    }
}

#[cfg(test)]
mod tests {
    use super::Materialized;
    use crate::kinds::RowKind;
    use crate::trace::OutRow;

    fn row(kind: RowKind, v: &str) -> OutRow {
        let text = format!("{}[{}]", kind.short(), v);
        OutRow { kind, row: vec![v.to_string()], text, lineage: Vec::new(), partner: None, pair: None }
    }

    #[test]
    fn lines_are_sorted_counted_and_merged_across_calls() {
        let mut m = Materialized::default();
        m.add(&[
            row(RowKind::Insert, "b"),
            row(RowKind::Insert, "é"),
            row(RowKind::Insert, "b"),
            row(RowKind::Delete, "z"),
        ]);
        assert_eq!(m.lines(), ["[b]", "[b]", "[é]", "# WARNING retraction of absent row -D[z]"]);
        // a line first seen after the first call sorts among the old ones; a line gone is left out
        m.add(&[
            row(RowKind::Insert, "a"),
            row(RowKind::Delete, "é"),
            row(RowKind::Insert, "c"),
            row(RowKind::UpdateAfter, "\u{1f600}"),
            row(RowKind::Insert, "\u{ff61}"),
        ]);
        assert_eq!(
            m.lines(),
            ["[a]", "[b]", "[b]", "[c]", "[\u{1f600}]", "[\u{ff61}]", "# WARNING retraction of absent row -D[z]"]
        );
    }
}
