//! Pairing each retraction of a step with the row of the same step that replaces it, for the
//! page's changelog: a `-D` of a NULL-padded row and the joined `+I` (`matched`), a `-D` of a
//! joined row and the padded `+I` that returns (`unmatched`), a `-U` and its `+U` (`update`),
//! any other retraction and its replacement (`replaced`).
//!
//! The replacement is the first later row of the step that adds a row, has as many columns,
//! shares an input row with the retraction (lineage) and agrees with it on every column where
//! neither is NULL; failing that, for a `-U`, the first later `+U` sharing an input row, or the
//! `+U` right after it (an update of one key straight from a ChangelogNormalize).

use crate::kinds::{PairKind, RowKind};
use crate::trace::OutRow;

/// Marks the pairs among `rows` (one step's output, whose first row is the changelog's
/// `base`-th); `nulls[i][c]`: column c of row i is NULL.
pub fn mark(rows: &mut [OutRow], nulls: &[Vec<bool>], base: usize) {
    let retraction = |k: RowKind| matches!(k, RowKind::Delete | RowKind::UpdateBefore);
    let mut partner: Vec<Option<usize>> = vec![None; rows.len()];
    for i in 0..rows.len() {
        if !retraction(rows[i].kind) || partner[i].is_some() {
            continue;
        }
        let shares = |j: usize| rows[j].lineage.iter().any(|l| rows[i].lineage.contains(l));
        let agrees = |j: usize| {
            rows[j].row.len() == rows[i].row.len()
                && (0..rows[i].row.len()).all(|c| {
                    rows[i].row[c] == rows[j].row[c] || nulls[i][c] || nulls[j].get(c).copied().unwrap_or(false)
                })
        };
        let free = |j: usize, partner: &[Option<usize>]| partner[j].is_none();
        let mut found =
            (i + 1..rows.len()).find(|&j| free(j, &partner) && rows[j].kind.is_accumulate() && shares(j) && agrees(j));
        if found.is_none() && rows[i].kind == RowKind::UpdateBefore {
            found = (i + 1..rows.len())
                .find(|&j| rows[j].kind == RowKind::UpdateAfter && free(j, &partner) && shares(j))
                .or_else(|| {
                    let j = i + 1;
                    (j < rows.len() && rows[j].kind == RowKind::UpdateAfter && free(j, &partner)).then_some(j)
                });
        }
        let Some(j) = found else { continue };
        partner[i] = Some(j);
        partner[j] = Some(i);
        let count = |k: usize| nulls[k].iter().filter(|n| **n).count();
        let (nr, na) = (count(i), count(j));
        rows[i].pair = Some(if nr > na {
            PairKind::Matched
        } else if na > nr {
            PairKind::Unmatched
        } else if rows[i].kind == RowKind::UpdateBefore && rows[j].kind == RowKind::UpdateAfter {
            PairKind::Update
        } else {
            PairKind::Replaced
        });
    }
    for (i, p) in partner.into_iter().enumerate() {
        rows[i].partner = p.map(|j| base + j);
    }
}
