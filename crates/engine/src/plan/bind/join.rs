//! Joins: `JOIN … ON`, `USING`, `NATURAL`, comma joins (WHERE conditions between the inputs
//! become the join condition), and `[NOT] IN` / `[NOT] EXISTS` subqueries as semi / anti joins.
//! Each becomes the operator [`crate::plan::classify::classify_join`] picks.

use sqlparser::ast::{Expr as SqlExpr, Join, JoinConstraint, JoinOperator, Query, SelectItem, SetExpr, TableWithJoins};

use crate::error::{Error, Pos, Result};
use crate::expr::bind::{bind_scalar, calcite_error, Scope, ScopeField};
use crate::expr::{Expr, Op};
use crate::kinds::Dialect;
use crate::kinds::JoinKind;
use crate::plan::explain::join_description;
use crate::plan::names::uniquify;
use crate::plan::rel::{calc, input_spec, join_fields, join_unique_keys, Node, RegularJoinNode, Rel};
use crate::sql::span_of;
use crate::types::TypeKind;

use super::{bool_t, conjuncts_of, single_qualifier, Binder, Bound};

/// Whether an OR inside `e` reads a column of the outer query (columns below `no`); `IS [NOT]
/// DISTINCT FROM` counts as one (Calcite expands it into an OR before decorrelating).
fn or_reads_outer(e: &Expr, no: usize) -> bool {
    match e {
        Expr::Call { op: Op::Or | Op::IsDistinctFrom | Op::IsNotDistinctFrom, .. } => {
            let mut cols = Vec::new();
            e.inputs(&mut cols);
            cols.iter().any(|&x| x < no)
        }
        Expr::Call { args, .. } => args.iter().any(|a| or_reads_outer(a, no)),
        Expr::Cast { expr, .. } => or_reads_outer(expr, no),
        Expr::Case { whens, otherwise, .. } => {
            whens.iter().any(|(w, t)| or_reads_outer(w, no) || or_reads_outer(t, no)) || or_reads_outer(otherwise, no)
        }
        Expr::Input { .. } | Expr::Literal { .. } => false,
    }
}

use crate::plan::classify::{classify_join, equi_pair, interoperable, JoinStrategy};

impl<'c> Binder<'c> {
    pub(super) fn bind_table_with_joins(&mut self, twj: &'c TableWithJoins) -> Result<Bound> {
        let mut left = self.bind_table_factor(&twj.relation)?;
        for j in &twj.joins {
            left = self.bind_join(left, j)?;
        }
        Ok(left)
    }

    pub(super) fn bind_join(&mut self, left: Bound, j: &'c Join) -> Result<Bound> {
        if let sqlparser::ast::TableFactor::Table {
            name,
            alias,
            args: None,
            version: Some(sqlparser::ast::TableVersion::ForSystemTimeAsOf(period)),
            ..
        } = &j.relation
        {
            return self.bind_temporal_join(left, j, name, alias, period);
        }
        if let Some(call) = super::search::lateral_call(&j.relation) {
            if matches!(&j.join_operator, JoinOperator::CrossJoin(_)) {
                return self.bind_lateral_call(left, &call);
            }
            let span = span_of(&j.relation);
            return Err(Error::unsupported(format!(
                "this join of LATERAL TABLE({}(…)) (JoinLab runs `FROM t, LATERAL TABLE(…)` and `CROSS JOIN LATERAL TABLE(…)`)",
                call.f.name
            ))
            .at(span.0, span.1));
        }
        if let Some(item) = super::unnest::unnest_item(&j.relation) {
            use super::unnest::UnnestJoin;
            let how = match &j.join_operator {
                JoinOperator::CrossJoin(_) => Some(UnnestJoin::Cross),
                JoinOperator::Join(JoinConstraint::On(e)) | JoinOperator::Inner(JoinConstraint::On(e)) => {
                    Some(UnnestJoin::Inner(e))
                }
                JoinOperator::Left(JoinConstraint::On(e)) | JoinOperator::LeftOuter(JoinConstraint::On(e)) => {
                    Some(UnnestJoin::Left(e))
                }
                _ => None,
            };
            return match how {
                Some(h) => self.bind_unnest(left, &item, h),
                None if matches!(
                    &j.join_operator,
                    JoinOperator::Join(JoinConstraint::None)
                        | JoinOperator::Inner(JoinConstraint::None)
                        | JoinOperator::Left(JoinConstraint::None)
                        | JoinOperator::LeftOuter(JoinConstraint::None)
                ) =>
                {
                    let span = span_of(&j.relation);
                    let at = crate::sql::join_keyword_before(span.0).unwrap_or(span);
                    Err(calcite_error(
                        at,
                        "INNER, LEFT, RIGHT or FULL join requires a condition (NATURAL keyword or ON or USING clause)",
                    ))
                }
                None => {
                    let span = span_of(&j.relation);
                    Err(Error::unsupported(
                        "this join of UNNEST (JoinLab runs CROSS JOIN, JOIN … ON and LEFT JOIN … ON)",
                    )
                    .at(span.0, span.1))
                }
            };
        }
        self.check_left_join_of_ptf(j)?;
        let right = self.bind_table_factor(&j.relation)?;
        let span = span_of(&j.relation);
        let (kind, constraint) = match &j.join_operator {
            JoinOperator::Join(c) | JoinOperator::Inner(c) => (JoinKind::Inner, Some(c)),
            JoinOperator::Left(c) | JoinOperator::LeftOuter(c) => (JoinKind::Left, Some(c)),
            JoinOperator::Right(c) | JoinOperator::RightOuter(c) => (JoinKind::Right, Some(c)),
            JoinOperator::FullOuter(c) => (JoinKind::Full, Some(c)),
            JoinOperator::CrossJoin(_) => (JoinKind::Inner, None),
            other => {
                let what = match other {
                    JoinOperator::LeftSemi(_) | JoinOperator::RightSemi(_) | JoinOperator::Semi(_) => {
                        "SEMI JOIN (write IN or EXISTS)"
                    }
                    JoinOperator::LeftAnti(_) | JoinOperator::RightAnti(_) | JoinOperator::Anti(_) => {
                        "ANTI JOIN (write NOT IN or NOT EXISTS)"
                    }
                    JoinOperator::CrossApply | JoinOperator::OuterApply => "APPLY",
                    JoinOperator::AsOf { .. } => "ASOF JOIN",
                    _ => "this join operator",
                };
                return Err(Error::unsupported(what.to_string()).at(span.0, span.1));
            }
        };
        let mut all = left.scope.clone();
        all.extend(right.scope.clone());
        let using: Option<Vec<String>> = match constraint {
            Some(JoinConstraint::Using(cols)) => Some(
                cols.iter()
                    .map(|c| c.0.last().and_then(|p| p.as_ident()).map(|i| i.value.clone()).unwrap_or_default())
                    .collect(),
            ),
            Some(JoinConstraint::Natural) => Some(
                left.scope
                    .iter()
                    .filter(|f| !f.hidden && right.scope.iter().any(|g| !g.hidden && g.name == f.name))
                    .map(|f| f.name.clone())
                    .collect(),
            ),
            _ => None,
        };
        if let Some(cols) = using {
            return self.using_join(left, right, kind, &cols, span);
        }
        let cond = match constraint {
            None | Some(JoinConstraint::None) => None,
            Some(JoinConstraint::On(e)) => {
                let scope = Scope::new(all);
                let c = bind_scalar(e, &scope, self.zone)?;
                if !matches!(c.ty().kind, TypeKind::Boolean | TypeKind::Null) {
                    return Err(calcite_error(span_of(e), "ON clause must be a condition"));
                }
                self.check_implicit_conversions(&c, true)?;
                Some(c)
            }
            Some(JoinConstraint::Using(_)) | Some(JoinConstraint::Natural) => None,
            Some(JoinConstraint::UsingAlias(..)) => {
                return Err(Error::unsupported("JOIN … USING (…) AS alias").at(span.0, span.1));
            }
        };
        self.make_join(left, right, kind, cond, span)
    }

    /// `JOIN … USING (c, …)` and `NATURAL JOIN`: equality on the named columns; the result
    /// has each named column once (first; from the left side, the right side for RIGHT JOIN,
    /// COALESCE of both for FULL JOIN), then the other left columns, then the other right
    /// columns, as Calcite expands `*`. `L.c` and `R.c` still name each side's column.
    pub(super) fn using_join(
        &mut self,
        left: Bound,
        right: Bound,
        kind: JoinKind,
        cols: &[String],
        span: (Pos, Pos),
    ) -> Result<Bound> {
        let find = |scope: &[ScopeField], name: &str, side: &str| -> Result<usize> {
            let m: Vec<usize> = (0..scope.len()).filter(|&i| !scope[i].hidden && scope[i].name == name).collect();
            match m.len() {
                1 => Ok(m[0]),
                0 => Err(calcite_error(span, &format!("Column '{}' not found in {} table", name, side))),
                _ => Err(calcite_error(
                    span,
                    &format!("Column name '{}' in USING clause is not unique on one side of join", name),
                )),
            }
        };
        let mut pairs = Vec::new();
        for c in cols {
            pairs.push((find(&left.scope, c, "left")?, find(&right.scope, c, "right")?));
        }
        let nl = left.scope.len();
        let mut conds = Vec::new();
        for &(l, r) in &pairs {
            let (lt, rt) = (left.scope[l].ty.clone(), right.scope[r].ty.clone());
            let n = lt.nullable || rt.nullable;
            conds.push(Expr::call(Op::Eq, vec![Expr::input(l, lt), Expr::input(nl + r, rt)], bool_t(n)));
        }
        let joined = self.make_join(left, right, kind, Expr::and_all(conds), span)?;
        let all = joined.scope.clone();
        let mut project = Vec::new();
        let mut scope_out = Vec::new();
        let mut names = Vec::new();
        let mut push = |e: Expr, f: ScopeField, project: &mut Vec<Expr>, scope_out: &mut Vec<ScopeField>| {
            names.push(f.name.clone());
            project.push(e);
            scope_out.push(f);
        };
        for (k, &(l, r)) in pairs.iter().enumerate() {
            let (lf, rf) = (&all[l], &all[nl + r]);
            let e = match kind {
                JoinKind::Right => Expr::input(nl + r, rf.ty.clone()),
                JoinKind::Full => {
                    let mut t = lf.ty.with_time_attr(crate::types::TimeAttr::None);
                    t.nullable = lf.ty.nullable && rf.ty.nullable;
                    Expr::call(Op::Coalesce, vec![Expr::input(l, lf.ty.clone()), Expr::input(nl + r, rf.ty.clone())], t)
                }
                _ => Expr::input(l, lf.ty.clone()),
            };
            let ty = e.ty().clone();
            push(
                e,
                ScopeField { qualifier: None, name: cols[k].clone(), ty, hidden: false, merged: true },
                &mut project,
                &mut scope_out,
            );
        }
        let common_l: Vec<usize> = pairs.iter().map(|p| p.0).collect();
        let common_r: Vec<usize> = pairs.iter().map(|p| nl + p.1).collect();
        for (i, f) in all.iter().enumerate() {
            let common = common_l.contains(&i) || common_r.contains(&i);
            if !common && !f.hidden {
                push(Expr::input(i, f.ty.clone()), f.clone(), &mut project, &mut scope_out);
            }
        }
        // each side's own copy of the merged columns (and hidden columns) stay reachable by qualified name
        for (i, f) in all.iter().enumerate() {
            let common = common_l.contains(&i) || common_r.contains(&i);
            if common || f.hidden {
                push(
                    Expr::input(i, f.ty.clone()),
                    ScopeField { hidden: true, ..f.clone() },
                    &mut project,
                    &mut scope_out,
                );
            }
        }
        let mut unique = names;
        uniquify(&mut unique);
        let rel = calc(joined.rel, None, project, unique);
        Ok(Bound { rel, scope: scope_out })
    }

    /// Builds a join of two bound relations as the operator Flink would plan.
    pub(super) fn make_join(
        &mut self,
        left: Bound,
        right: Bound,
        kind: JoinKind,
        cond: Option<Expr>,
        span: (Pos, Pos),
    ) -> Result<Bound> {
        let conjuncts = cond.map(|c| c.conjuncts()).unwrap_or_default();
        let names = [single_qualifier(&left.scope), single_qualifier(&right.scope)];
        let plan = self.plan_join(left.rel, right.rel, kind, conjuncts, span, names)?;
        let mut scope = left.scope;
        let mut rs = right.scope;
        if kind.left_outer() {
            for f in rs.iter_mut() {
                f.ty.nullable = true;
            }
        }
        if kind.right_outer() {
            for f in scope.iter_mut() {
                f.ty.nullable = true;
            }
        }
        scope.extend(rs);
        Ok(Bound { rel: plan, scope })
    }

    /// Calcite's `FilterJoinRule` before the join rules: WHERE conjuncts reading both inputs of the
    /// block's join go into its condition when it is inner (or a NULL-rejecting WHERE makes it
    /// inner), so the join is classified with them (`… JOIN … ON a.k = b.k WHERE b.t BETWEEN a.t
    /// AND a.t + INTERVAL '4' MINUTE` is an interval join). Returns the conjuncts that stay.
    pub(super) fn merge_where_into_join(
        &mut self,
        bound: &mut Bound,
        filters: Vec<Expr>,
        span: (Pos, Pos),
    ) -> Result<Vec<Expr>> {
        let conds: Vec<Expr> = filters.iter().flat_map(|f| f.clone().conjuncts()).collect();
        let rel = std::mem::replace(&mut bound.rel, Rel::placeholder());
        let (rel, rest, merged) = self.merge_into(rel, conds, span)?;
        bound.rel = rel;
        if !merged {
            return Ok(filters);
        }
        // an outer join made inner: its padded columns are no longer nullable
        for (f, b) in bound.scope.iter_mut().zip(bound.rel.fields.iter()) {
            f.ty = b.ty.clone();
        }
        Ok(rest)
    }

    /// `merge_where_into_join` on `rel`: through projections that pass the conjuncts' columns
    /// as they are (Calcite moves a filter below a projection first), down to a regular join.
    fn merge_into(&mut self, rel: Rel, conds: Vec<Expr>, span: (Pos, Pos)) -> Result<(Rel, Vec<Expr>, bool)> {
        match rel.node {
            Node::RegularJoin(j) => {
                let nl = j.left.fields.len();
                let both = |c: &Expr| {
                    let mut cols = Vec::new();
                    c.inputs(&mut cols);
                    cols.iter().any(|&i| i < nl) && cols.iter().any(|&i| i >= nl)
                };
                if !conds.iter().any(both) || crate::plan::pushdown::simplify(j.kind, &conds, nl) != JoinKind::Inner {
                    return Ok((Rel { node: Node::RegularJoin(j), ..rel }, conds, false));
                }
                let j = *j;
                let (merged, rest): (Vec<Expr>, Vec<Expr>) = conds.into_iter().partition(both);
                let mut conjuncts = j.conjuncts.clone();
                conjuncts.extend(merged);
                let planned = self.plan_join(j.left, j.right, JoinKind::Inner, conjuncts, span, j.names.clone())?;
                Ok((planned, rest, true))
            }
            Node::Calc { input, filter: None, project } => {
                let mut down = Vec::new();
                let mut keep = Vec::new();
                for c in conds {
                    let mut cols = Vec::new();
                    c.inputs(&mut cols);
                    if cols.iter().all(|&i| project.get(i).and_then(Expr::as_input).is_some()) {
                        down.push(c.remap(&|i| project.get(i).and_then(Expr::as_input).unwrap_or(i)));
                    } else {
                        keep.push(c);
                    }
                }
                let (input, left, merged) = self.merge_into(*input, down, span)?;
                if !merged {
                    // nothing moved: the conjuncts stay above, as written
                    let back: Vec<Expr> = left
                        .into_iter()
                        .map(|c| c.remap(&|i| project.iter().position(|e| e.as_input() == Some(i)).unwrap_or(i)))
                        .collect();
                    keep.extend(back);
                    let node = Node::Calc { input: Box::new(input), filter: None, project };
                    return Ok((Rel { node, ..rel }, keep, false));
                }
                let Rel { fields, update_producer, window, unique_keys, .. } = rel;
                let insert_only = input.insert_only;
                // what could not go into the join is applied below the projection
                let node = Node::Calc { input: Box::new(input), filter: Expr::and_all(left), project };
                Ok((Rel { node, fields, insert_only, update_producer, window, unique_keys }, keep, true))
            }
            node => Ok((Rel { node, ..rel }, conds, false)),
        }
    }

    /// The join node of the strategy [`classify_join`] picks.
    pub(super) fn plan_join(
        &mut self,
        left: Rel,
        right: Rel,
        kind: JoinKind,
        conjuncts: Vec<Expr>,
        span: (Pos, Pos),
        names: [Option<String>; 2],
    ) -> Result<Rel> {
        let conjuncts = crate::plan::simplify::simplify_conjuncts(conjuncts);
        ltz_literal_crash(&left, kind, &conjuncts)?;
        if let Some(pushed) = push_key_expressions(&left, &right, &conjuncts) {
            // Calcite's JoinPushExpressionsRule: an equality of an expression of each input is
            // a key over columns the inputs compute; a projection drops them again above
            let (nl, nr) = (left.fields.len(), right.fields.len());
            let out_fields = join_fields(&left, &right, kind);
            let (l2, r2, conds) = pushed.apply(left, right);
            let el = l2.fields.len() - nl;
            let joined = self.plan_join_classified(l2, r2, kind, conds, span, names)?;
            let mut project: Vec<Expr> = Vec::new();
            for (i, f) in out_fields.iter().enumerate() {
                let from = if i < nl { i } else { i + el };
                project.push(Expr::input(from, f.ty.clone()));
            }
            let _ = nr;
            let names = out_fields.iter().map(|f| f.name.clone()).collect();
            return Ok(calc(joined, None, project, names));
        }
        self.plan_join_classified(left, right, kind, conjuncts, span, names)
    }

    fn plan_join_classified(
        &mut self,
        left: Rel,
        right: Rel,
        kind: JoinKind,
        conjuncts: Vec<Expr>,
        span: (Pos, Pos),
        names: [Option<String>; 2],
    ) -> Result<Rel> {
        match classify_join(&left, &right, kind, &conjuncts) {
            JoinStrategy::Window { left_win, right_win, left_window, right_window } => {
                self.window_join(left, right, kind, conjuncts, [left_win, right_win], [left_window, right_window])
            }
            JoinStrategy::Interval(bounds) => self.interval_join(left, right, kind, conjuncts, bounds, span),
            JoinStrategy::Unsupported { what } => Err(Error::unsupported(what).at(span.0, span.1)),
            JoinStrategy::Regular { why_not } => {
                if let Some(note) = why_not {
                    self.warnings.push(note);
                }
                let rel = self.regular_join(left, right, kind, conjuncts, span, names)?;
                // a condition Calcite proved FALSE empties the join's inputs before any join
                // rule sees it (an outer join keeps its preserved side, padded): what is above
                // sees the result, e.g. the time attributes of a pruned LEFT join stay live
                Ok(crate::plan::simplify::prune_empty(rel))
            }
        }
    }

    /// A regular join (SEMANTICS.md §1): equality conjuncts between the sides are the join
    /// key, the rest is a residual condition; each input's state layout comes from its unique
    /// keys; an upsert input stays upsert when its key lies inside the join key.
    pub(super) fn regular_join(
        &mut self,
        left: Rel,
        right: Rel,
        kind: JoinKind,
        conjuncts: Vec<Expr>,
        span: (Pos, Pos),
        names: [Option<String>; 2],
    ) -> Result<Rel> {
        let nl = left.fields.len();
        let mut left_keys = Vec::new();
        let mut right_keys = Vec::new();
        let mut null_safe = Vec::new();
        let mut residual = Vec::new();
        let mut incompatible_keys = false;
        let all_conjuncts = conjuncts.clone();
        for c in conjuncts {
            match equi_pair(&c, nl) {
                Some((a, b, safe)) => {
                    left_keys.push(a);
                    right_keys.push(b);
                    null_safe.push(safe);
                    if let (true, Expr::Call { args, .. }) = (safe, &c) {
                        incompatible_keys |= !interoperable(args[0].ty(), args[1].ty());
                    }
                }
                None => residual.push(c),
            }
        }
        if left_keys.is_empty() && self.dialect == Dialect::Confluent {
            let what = if residual.is_empty() {
                "a cross join (no join condition)"
            } else {
                "a join without an equality predicate"
            };
            return Err(Error::validation(format!(
                "{} is not supported: a regular join needs at least one equality predicate between its inputs, e.g. ON a.id = b.id (Confluent Cloud rejects cross joins and theta joins; SET 'joinlab.dialect' = 'flink' runs it as Apache Flink 2.3 does)",
                what
            ))
            .at(span.0, crate::error::Pos { line: span.1.line, col: if span.1.col > span.0.col || span.1.line > span.0.line { span.1.col - 1 } else { span.1.col } }));
        }
        // an upsert input keeps its ChangelogNormalize: the oracle's collecting sink needs -U
        // rows, so Flink normalizes even when the primary key is the join key
        let left_spec = input_spec(&left, &left_keys);
        let right_spec = input_spec(&right, &right_keys);
        let fields = join_fields(&left, &right, kind);
        let insert_only = left.insert_only && right.insert_only && matches!(kind, JoinKind::Inner | JoinKind::Semi);
        let unique_keys = join_unique_keys(&left, &right, kind, &left_spec, &right_spec);
        let left_ttl = self.ttl_for(names[0].as_deref(), self.state_ttl.0);
        let right_ttl = self.ttl_for(names[1].as_deref(), self.state_ttl.1);
        let node = RegularJoinNode {
            left,
            right,
            kind,
            left_keys,
            right_keys,
            null_safe,
            residual: Expr::and_all(residual),
            left_spec,
            right_spec,
            left_ttl,
            right_ttl,
            names,
            conjuncts: all_conjuncts,
            incompatible_keys,
        };
        let mut rel = Rel {
            node: Node::RegularJoin(Box::new(node)),
            fields,
            insert_only,
            update_producer: None,
            window: None,
            unique_keys,
        };
        rel.update_producer = Some(join_description(&rel, false));
        Ok(rel)
    }

    /// `x [NOT] IN (SELECT …)` and `[NOT] EXISTS (SELECT …)` as a WHERE conjunct.
    pub(super) fn try_semi_anti(&mut self, outer: &Bound, w: &'c SqlExpr) -> Result<Option<Bound>> {
        let (sub, negated, in_expr): (&Query, bool, Option<&SqlExpr>) = match w {
            SqlExpr::Exists { subquery, negated } => (subquery, *negated, None),
            SqlExpr::In { expr, target: sqlparser::ast::InTarget::Subquery(q), negated, .. } => {
                (q, *negated, Some(expr))
            }
            SqlExpr::UnaryOp { op: sqlparser::ast::UnaryOperator::Not, expr } => match expr.as_ref() {
                SqlExpr::Exists { subquery, negated } => (subquery, !*negated, None),
                SqlExpr::Nested(inner) => match inner.as_ref() {
                    SqlExpr::Exists { subquery, negated } => (subquery, !*negated, None),
                    _ => return Ok(None),
                },
                _ => return Ok(None),
            },
            _ => return Ok(None),
        };
        let span = span_of(w);
        let SetExpr::Select(sel) = sub.body.as_ref() else {
            return Err(Error::unsupported("a set operation inside IN / EXISTS").at(span.0, span.1));
        };
        if sel.from.len() != 1 || !sel.from[0].joins.is_empty() {
            return Err(Error::unsupported("a join inside an IN / EXISTS subquery").at(span.0, span.1));
        }
        let inner = self.bind_table_with_joins(&sel.from[0])?;
        let outer_scope = Scope::new(outer.scope.clone());
        let ni = inner.scope.len();
        let no = outer.scope.len();
        // the subquery's WHERE: conjuncts reading the outer query are the join condition
        let mut join_conds: Vec<Expr> = Vec::new();
        let mut inner_filters: Vec<Expr> = Vec::new();
        if let Some(wh) = &sel.selection {
            for c in conjuncts_of(wh) {
                let scope = Scope::with_outer(inner.scope.clone(), &outer_scope);
                let e = bind_scalar(c, &scope, self.zone)?;
                let mut cols = Vec::new();
                e.inputs(&mut cols);
                if cols.iter().any(|&x| x < no) {
                    if or_reads_outer(&e, no) {
                        // Flink's SubQueryDecorrelator gives up on it (`hasUnsupportedCorCondition`)
                        // and Calcite's RelDecorrelator joins the outer rows' distinct values
                        // through GroupAggregates instead of planning a semi / anti join
                        return Err(Error::unsupported(
                            "an OR or IS [NOT] DISTINCT FROM reading the outer query inside an IN / EXISTS subquery's WHERE (Flink decorrelates it with GroupAggregates, which JoinLab does not model)",
                        )
                        .at(span.0, span.1));
                    }
                    join_conds.push(e);
                } else {
                    inner_filters.push(e.remap(&|i| i - no));
                }
            }
        }
        if !join_conds.is_empty() {
            // Calcite converts a subquery reading the outer query with a correlation variable
            self.correlated_subqueries += 1;
        }
        // the IN value: outer expression = the subquery's single select item
        let mut right_rel = inner.rel;
        if let Some(x) = in_expr {
            if sel.projection.len() != 1 {
                return Err(calcite_error(span, "Values passed to IN operator must have compatible types"));
            }
            let item = match &sel.projection[0] {
                SelectItem::UnnamedExpr(e) | SelectItem::ExprWithAlias { expr: e, .. } => e,
                _ => return Err(Error::unsupported("IN (SELECT * …)").at(span.0, span.1)),
            };
            let scope = Scope::new(inner.scope.clone());
            let ie = bind_scalar(item, &scope, self.zone)?;
            let ty = ie.ty().clone();
            let col = match ie.as_input() {
                Some(c) => c,
                None => {
                    // append the expression as a column of the right side
                    let mut project: Vec<Expr> =
                        right_rel.fields.iter().enumerate().map(|(i, f)| Expr::input(i, f.ty.clone())).collect();
                    project.push(ie);
                    let mut names = right_rel.names();
                    names.push("$in".into());
                    right_rel = calc(right_rel, None, project, names);
                    ni
                }
            };
            let ox = bind_scalar(x, &outer_scope, self.zone)?;
            let (xt, yt) = (ox.ty().clone(), ty);
            let n = xt.nullable || yt.nullable;
            let eq = Expr::call(Op::Eq, vec![ox, Expr::input(no + col, yt)], bool_t(n));
            if negated {
                // NOT IN is null-aware: a pair whose comparison is NULL also counts as a match
                join_conds.push(Expr::call(Op::IsNotFalse, vec![eq], bool_t(false)));
            } else {
                join_conds.push(eq);
            }
        }
        if !inner_filters.is_empty() {
            let project: Vec<Expr> =
                right_rel.fields.iter().enumerate().map(|(i, f)| Expr::input(i, f.ty.clone())).collect();
            let names = right_rel.names();
            right_rel = calc(right_rel, Expr::and_all(inner_filters), project, names);
        }
        let kind = if negated { JoinKind::Anti } else { JoinKind::Semi };
        let names = [single_qualifier(&outer.scope), single_qualifier(&inner.scope)];
        let rel = self.plan_join(outer.rel.clone(), right_rel, kind, join_conds, span, names)?;
        Ok(Some(Bound { rel, scope: outer.scope.clone() }))
    }
}

/// Equalities whose sides are expressions of one input each (`COALESCE(a.k, 0) = COALESCE(b.k, 0)`,
/// `b.t = a.t + INTERVAL '1' SECOND`): the expressions each input computes as a new column.
struct PushedKeys {
    left_extra: Vec<Expr>,
    right_extra: Vec<Expr>,
    /// The conjuncts over the widened inputs (left ++ left extras ++ right ++ right extras).
    conjuncts: Vec<Expr>,
}

impl PushedKeys {
    fn apply(self, left: Rel, right: Rel) -> (Rel, Rel, Vec<Expr>) {
        let widen = |r: Rel, extra: Vec<Expr>| -> Rel {
            if extra.is_empty() {
                return r;
            }
            let n = r.fields.len();
            let mut project: Vec<Expr> =
                r.fields.iter().enumerate().map(|(i, f)| Expr::input(i, f.ty.clone())).collect();
            let mut names = r.names();
            for (k, e) in extra.into_iter().enumerate() {
                // a computed key is no time attribute (Flink materialises it)
                let e = match e {
                    Expr::Call { op, args, ty } => Expr::Call { op, args, ty: ty.without_time_attr() },
                    Expr::Cast { expr, ty, try_cast } => Expr::Cast { expr, ty: ty.without_time_attr(), try_cast },
                    other => other,
                };
                project.push(e);
                names.push(format!("$f{}", n + k));
            }
            calc(r, None, project, names)
        };
        (widen(left, self.left_extra), widen(right, self.right_extra), self.conjuncts)
    }
}

fn plain_ref(e: &Expr) -> Option<usize> {
    match e {
        Expr::Input { index, .. } => Some(*index),
        Expr::Cast { expr, .. } => expr.as_input(),
        _ => None,
    }
}

fn push_key_expressions(left: &Rel, right: &Rel, conjuncts: &[Expr]) -> Option<PushedKeys> {
    let nl = left.fields.len();
    let side = |e: &Expr| -> Option<bool> {
        let mut cols = Vec::new();
        e.inputs(&mut cols);
        if cols.is_empty() {
            None
        } else if cols.iter().all(|&c| c < nl) {
            Some(true)
        } else if cols.iter().all(|&c| c >= nl) {
            Some(false)
        } else {
            None
        }
    };
    // which conjuncts are pushed equalities: (conjunct, left side expr, right side expr)
    let mut pushed: Vec<(usize, Expr, Expr, Op)> = Vec::new();
    for (i, c) in conjuncts.iter().enumerate() {
        let Expr::Call { op: op @ (Op::Eq | Op::IsNotDistinctFrom), args, .. } = c else { continue };
        if args.len() != 2 || (plain_ref(&args[0]).is_some() && plain_ref(&args[1]).is_some()) {
            continue;
        }
        match (side(&args[0]), side(&args[1])) {
            (Some(true), Some(false)) => pushed.push((i, args[0].clone(), args[1].clone(), *op)),
            (Some(false), Some(true)) => pushed.push((i, args[1].clone(), args[0].clone(), *op)),
            _ => {}
        }
    }
    if pushed.is_empty() {
        return None;
    }
    let mut left_extra: Vec<Expr> = Vec::new();
    let mut right_extra: Vec<Expr> = Vec::new();
    let mut keys: Vec<(usize, usize, Op)> = Vec::new();
    for (_, l, r, op) in &pushed {
        let li = match plain_ref(l) {
            Some(c) if matches!(l, Expr::Input { .. }) => c,
            _ => {
                left_extra.push(l.clone());
                nl + left_extra.len() - 1
            }
        };
        let rr = r.remap(&|i| i - nl);
        let ri = match plain_ref(&rr) {
            Some(c) if matches!(rr, Expr::Input { .. }) => c,
            _ => {
                right_extra.push(rr.clone());
                right.fields.len() + right_extra.len() - 1
            }
        };
        keys.push((li, ri, *op));
    }
    let el = left_extra.len();
    let lty = |i: usize| -> crate::types::DataType {
        if i < nl {
            left.fields[i].ty.clone()
        } else {
            left_extra[i - nl].ty().without_time_attr()
        }
    };
    let rty = |i: usize| -> crate::types::DataType {
        if i < right.fields.len() {
            right.fields[i].ty.clone()
        } else {
            right_extra[i - right.fields.len()].ty().without_time_attr()
        }
    };
    let mut out = Vec::new();
    let mut k = 0;
    for (i, c) in conjuncts.iter().enumerate() {
        if pushed.iter().any(|p| p.0 == i) {
            let (li, ri, op) = keys[k];
            k += 1;
            let (a, b) = (Expr::input(li, lty(li)), Expr::input(nl + el + ri, rty(ri)));
            let n = a.ty().nullable || b.ty().nullable;
            let ty = crate::types::DataType::new(crate::types::TypeKind::Boolean, n && op == Op::Eq);
            out.push(Expr::call(op, vec![a, b], ty));
        } else {
            out.push(c.remap(&|i| if i >= nl { i + el } else { i }));
        }
    }
    Some(PushedKeys { left_extra, right_extra, conjuncts: out })
}

/// A Flink 2.3 planner failure: a join condition equating two TIMESTAMP_LTZ columns of its
/// inputs and comparing one of them with a TIMESTAMP_LTZ constant on a side the condition may
/// filter (`a.t = b.t AND a.t >= TO_TIMESTAMP_LTZ(1704103500000, 3)` of an inner join): Calcite
/// infers the comparison for the other column and cannot build the constant as a literal.
fn ltz_literal_crash(left: &Rel, kind: JoinKind, conjuncts: &[Expr]) -> Result<()> {
    let nl = left.fields.len();
    let ltz = |e: &Expr| matches!(e.ty().kind, TypeKind::TimestampLtz { .. });
    let mut equated: Vec<usize> = Vec::new();
    for c in conjuncts {
        if let Some((a, b, false)) = equi_pair(c, nl) {
            if let Expr::Call { args, .. } = c {
                if args.iter().all(ltz) {
                    equated.push(a);
                    equated.push(nl + b);
                }
            }
        }
    }
    if equated.is_empty() {
        return Ok(());
    }
    let filterable = |col: usize| match kind {
        JoinKind::Inner | JoinKind::Semi => true,
        JoinKind::Left | JoinKind::Anti => col >= nl,
        JoinKind::Right => col < nl,
        JoinKind::Full => false,
    };
    let constant = |e: &Expr| {
        let mut cols = Vec::new();
        e.inputs(&mut cols);
        cols.is_empty() && ltz(e)
    };
    for c in conjuncts {
        let Expr::Call { op: Op::Lt | Op::Le | Op::Gt | Op::Ge | Op::Eq, args, .. } = c else { continue };
        if args.len() != 2 {
            continue;
        }
        for (x, k) in [(&args[0], &args[1]), (&args[1], &args[0])] {
            if let Some(col) = x.as_input() {
                if equated.contains(&col) && filterable(col) && constant(k) {
                    return Err(Error::new(
                        crate::error::ErrorKind::Table,
                        "Error while applying rule FlinkLogicalSinkConverter(in:NONE,out:LOGICAL)",
                    )
                    .with_class("java.lang.RuntimeException")
                    .caused_by("java.lang.RuntimeException: Error occurred while applying rule FlinkLogicalSinkConverter(in:NONE,out:LOGICAL)")
                    .caused_by("java.lang.IllegalArgumentException: Literal type TIMESTAMP_WITH_LOCAL_TIME_ZONE is not supported!"));
                }
            }
        }
    }
    Ok(())
}
