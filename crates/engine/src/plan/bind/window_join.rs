//! A window join's node from the classifier's window bounds (SEMANTICS.md §2.3–2.5), with the
//! checks Flink's `StreamPhysicalWindowJoinRule` makes.

use crate::error::{Error, Result};
use crate::expr::Expr;
use crate::kinds::JoinKind;
use crate::plan::classify::{compare_type, equi_pair};
use crate::plan::rel::{join_fields, join_window, Node, Rel, WindowJoinNode, WindowProps};

use super::Binder;

impl Binder<'_> {
    /// A window join (SEMANTICS.md §2.3–2.5): equalities between the sides other than the
    /// window bounds are the join key, the rest is a residual condition.
    pub(super) fn window_join(
        &mut self,
        left: Rel,
        right: Rel,
        kind: JoinKind,
        conjuncts: Vec<Expr>,
        [(ls, le), (rs, re)]: [(usize, usize); 2],
        [lw, rw]: [WindowProps; 2],
    ) -> Result<Rel> {
        let nl = left.fields.len();
        if lw.proctime {
            return Err(Error::table("Processing time Window Join is not supported yet."));
        }
        for side in [&left, &right] {
            if !side.insert_only {
                return Err(Error::table(format!(
                    "StreamPhysicalWindowJoin doesn't support consuming update and delete changes which is produced by node {}",
                    side.update_producer.clone().unwrap_or_else(|| "TableSourceScan".into())
                )));
            }
        }
        let mut left_keys = Vec::new();
        let mut right_keys = Vec::new();
        let mut null_safe = Vec::new();
        let mut key_types = Vec::new();
        let mut residual = Vec::new();
        for c in conjuncts {
            match equi_pair(&c, nl) {
                Some((a, b, false)) if lw.window_start.contains(&a) && rw.window_start.contains(&b) => {}
                Some((a, b, false)) if lw.window_end.contains(&a) && rw.window_end.contains(&b) => {}
                Some((a, b, safe)) => {
                    left_keys.push(a);
                    right_keys.push(b);
                    null_safe.push(safe);
                    key_types.push(compare_type(&left.fields[a].ty, &right.fields[b].ty));
                }
                None => residual.push(c),
            }
        }
        let fields = join_fields(&left, &right, kind);
        let window = join_window(&lw, &rw, nl, fields.len());
        let node = WindowJoinNode {
            left,
            right,
            kind,
            left_keys,
            right_keys,
            null_safe,
            residual: Expr::and_all(residual),
            key_types,
            left_window: lw,
            right_window: rw,
            left_win: (ls, le),
            right_win: (rs, re),
        };
        Ok(Rel {
            node: Node::WindowJoin(Box::new(node)),
            fields,
            insert_only: true,
            update_producer: None,
            window: Some(window),
            unique_keys: Vec::new(),
        })
    }
}
