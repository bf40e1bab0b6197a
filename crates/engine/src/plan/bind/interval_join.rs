//! An interval join's node from the classifier's bounds (SEMANTICS.md §3), with the checks
//! Flink's `StreamPhysicalIntervalJoinRule` makes.

use crate::error::{Error, Pos, Result};
use crate::expr::Expr;
use crate::kinds::{Dialect, JoinKind};
use crate::plan::classify::{compare_type, equi_pair, IntervalBounds};
use crate::plan::rel::{join_fields, IntervalJoinNode, Node, Rel};

use super::Binder;

impl Binder<'_> {
    /// An interval join (SEMANTICS.md §3): equalities between the sides other than the time
    /// bounds are the join key, the rest (the bounds aside) a residual condition. Both inputs must
    /// be append-only; rowtime bounds need the same time type on both sides.
    pub(super) fn interval_join(
        &mut self,
        left: Rel,
        right: Rel,
        kind: JoinKind,
        conjuncts: Vec<Expr>,
        bounds: IntervalBounds,
        span: (Pos, Pos),
    ) -> Result<Rel> {
        let nl = left.fields.len();
        for side in [&left, &right] {
            if !side.insert_only {
                return Err(Error::table(format!(
                    "StreamPhysicalIntervalJoin doesn't support consuming update and delete changes which is produced by node {}",
                    side.update_producer.clone().unwrap_or_else(|| "TableSourceScan".into())
                )));
            }
        }
        if bounds.rowtime {
            let (lt, rt) = (&left.fields[bounds.left_time].ty, &right.fields[bounds.right_time].ty);
            if std::mem::discriminant(&lt.kind) != std::mem::discriminant(&rt.kind) {
                return Err(Error::validation(format!(
                    "Interval join with rowtime attribute requires same rowtime types, but the types are {} and {}.",
                    lt.summary(),
                    rt.summary()
                )));
            }
        }
        let condition = Expr::and_all(conjuncts.clone());
        let mut left_keys = Vec::new();
        let mut right_keys = Vec::new();
        let mut null_safe = Vec::new();
        let mut key_types = Vec::new();
        let mut residual = Vec::new();
        for (i, c) in conjuncts.into_iter().enumerate() {
            if bounds.time_conjuncts.contains(&i) {
                continue;
            }
            match equi_pair(&c, nl) {
                Some((a, b, safe)) => {
                    left_keys.push(a);
                    right_keys.push(b);
                    null_safe.push(safe);
                    key_types.push(compare_type(&left.fields[a].ty, &right.fields[b].ty));
                }
                None => residual.push(c),
            }
        }
        if left_keys.is_empty() && self.dialect == Dialect::Confluent {
            return Err(Error::validation(
                "an interval join without an equality predicate is not supported: Confluent Cloud requires at least one equi-join predicate besides the time bounds, e.g. ON o.id = s.order_id (SET 'joinlab.dialect' = 'flink' runs it as Apache Flink 2.3 does)",
            )
            .at(span.0, span.1));
        }
        let fields = join_fields(&left, &right, kind);
        let node = IntervalJoinNode {
            left,
            right,
            kind,
            left_keys,
            right_keys,
            null_safe,
            key_types,
            residual: Expr::and_all(residual),
            condition,
            bounds,
            min_cleanup: self.interval_min_cleanup,
        };
        Ok(Rel {
            node: Node::IntervalJoin(Box::new(node)),
            fields,
            insert_only: true,
            update_producer: None,
            window: None,
            unique_keys: Vec::new(),
        })
    }
}
