//! Binding a query into a [`Rel`] tree, one job per file: query blocks (this file: WITH,
//! SELECT, WHERE, the select list with names as Calcite derives them), FROM items
//! (`from.rs`: tables, derived tables, views of the examples catalog), windowing TVFs
//! (`window_tvf.rs`: TUMBLE / HOP / CUMULATE), and joins (`join.rs`: ON / USING / NATURAL,
//! comma joins, IN / EXISTS as semi / anti joins). Which operator a join becomes is decided by
//! [`super::classify::classify_join`]; the planner passes that follow run in
//! [`super::plan_query`].

pub(crate) mod aggregate;
mod from;
mod interval_join;
mod join;
mod model_call;
mod over;
mod ptf;
pub(crate) mod ptf_args;
mod ptf_call;
mod ptf_join;
mod search;
mod set_op;
mod temporal;
mod unnest;
mod vector_search;
pub(crate) mod window_aggregate;
mod window_join;
mod window_tvf;

use sqlparser::ast::{Expr as SqlExpr, Query, Select, SelectItem, TableAlias};

use crate::catalog::Catalog;
use crate::error::{Error, Result};
use crate::expr::bind::{bind_scalar, calcite_error, Scope, ScopeField};
use crate::expr::{Expr, Op};
use crate::kinds::Dialect;
use crate::kinds::JoinKind;
use crate::plan::names::uniquify_keeping_aliases;
use crate::plan::rel::{calc, Node, Rel};
use crate::sql::span_of;
use crate::time::SessionZone;
use crate::types::{DataType, TypeKind};
use crate::value::Value;

/// A bound relation and the names it can be referred to by.
pub struct Bound {
    pub rel: Rel,
    pub scope: Vec<ScopeField>,
}

pub struct Binder<'c> {
    pub catalog: &'c Catalog,
    pub zone: &'c SessionZone,
    pub dialect: Dialect,
    pub(super) ctes: Vec<(String, &'c Query)>,
    /// The ORDER BY keys the next SELECT block adds to its select list (see [`SelectList`]).
    pub(super) order_extra: Vec<&'c SqlExpr>,
    /// Why a join that looked like a window join runs as a regular join, and similar notes.
    pub warnings: Vec<String>,
    /// State retention of regular joins (left, right), ms; 0 keeps state forever.
    pub state_ttl: (i64, i64),
    /// `table.optimizer.multi-join.enabled`: every eligible join chain becomes a multi-way join.
    pub multi_join_enabled: bool,
    /// `table.exec.interval-join.min-cleanup-interval` (ms).
    pub interval_min_cleanup: i64,
    /// State retention of the aggregation being bound (its block's STATE_TTL hint or the default).
    pub(super) agg_ttl: i64,
    /// `table.optimizer.distinct-agg.split.enabled`: Flink splits DISTINCT aggregates in two levels.
    pub distinct_split: bool,
    /// `table.exec.emit.early-fire.enabled` / `late-fire.enabled` (window aggregations refuse them).
    pub emit_fire: bool,
    /// `table.optimizer.agg-phase-strategy` = ONE_PHASE.
    pub one_phase: bool,
    /// IN / EXISTS subqueries that read the outer query (each one of Calcite's `$corN`).
    pub correlated_subqueries: usize,
    /// Batch mode (`execution.runtime-mode` = batch): no time indicators, Flink's batch rules.
    pub batch: bool,
    /// The current query block's `STATE_TTL` hint: (input name, ms).
    pub(super) ttl_hints: Vec<(String, i64)>,
    /// The current catalog and database after `USE` (empty: the default ones).
    pub search_path: Vec<String>,
    /// `/*+ OPTIONS(…) */` table hints of the query: (table name as written, options).
    pub table_hints: Vec<(String, Vec<(String, String)>)>,
    /// Rows a scan reads (`number-of-rows` hints): (table, rows).
    pub scan_rows: Vec<(usize, u64)>,
}

pub(super) fn bool_t(n: bool) -> DataType {
    DataType::new(TypeKind::Boolean, n)
}

/// Names of the single-table inputs of the joins in a FROM tree (what hints may name).
pub(super) fn join_input_names(rel: &Rel, out: &mut Vec<String>) {
    rel.walk(&mut |r| {
        if let Node::RegularJoin(j) = &r.node {
            for n in j.names.iter().flatten() {
                if !out.contains(n) {
                    out.push(n.clone());
                }
            }
        }
    });
}

/// The qualifier every visible column of a scope shares (a single table or alias).
pub(super) fn single_qualifier(scope: &[ScopeField]) -> Option<String> {
    let mut q: Option<&String> = None;
    for f in scope.iter().filter(|f| !f.hidden) {
        match (&f.qualifier, q) {
            (None, _) => return None,
            (Some(a), None) => q = Some(a),
            (Some(a), Some(b)) if a != b => return None,
            _ => {}
        }
    }
    q.cloned()
}

pub(super) fn alias_name(a: &Option<TableAlias>) -> Option<String> {
    a.as_ref().map(|a| a.name.value.clone())
}

/// Applies `AS alias [(c1, c2, …)]` to a bound relation.
pub(super) fn apply_alias(mut b: Bound, alias: &Option<TableAlias>, default: Option<String>) -> Result<Bound> {
    let q = alias_name(alias).or(default);
    for f in &mut b.scope {
        f.qualifier = q.clone();
    }
    if let Some(a) = alias {
        if !a.columns.is_empty() {
            let visible: Vec<usize> = (0..b.scope.len()).filter(|&i| !b.scope[i].hidden).collect();
            if visible.len() != a.columns.len() {
                return Err(calcite_error(
                    crate::sql::ident_span(&a.name),
                    &format!("List of column aliases must have same degree as table; table has {} columns {:?}, whereas alias list has {} columns", visible.len(), visible.iter().map(|&i| b.scope[i].name.clone()).collect::<Vec<_>>(), a.columns.len()),
                ));
            }
            for (k, &i) in visible.iter().enumerate() {
                b.scope[i].name = a.columns[k].name.value.clone();
                b.rel.fields[i].name = a.columns[k].name.value.clone();
            }
        }
    }
    Ok(b)
}

pub(super) fn conjuncts_of(e: &SqlExpr) -> Vec<&SqlExpr> {
    match e {
        SqlExpr::BinaryOp { left, op: sqlparser::ast::BinaryOperator::And, right } => {
            let mut v = conjuncts_of(left);
            v.extend(conjuncts_of(right));
            v
        }
        SqlExpr::Nested(inner)
            if matches!(inner.as_ref(), SqlExpr::BinaryOp { op: sqlparser::ast::BinaryOperator::And, .. }) =>
        {
            conjuncts_of(inner)
        }
        other => vec![other],
    }
}

pub(super) fn has_subquery(e: &SqlExpr) -> bool {
    match e {
        SqlExpr::Exists { .. } | SqlExpr::Subquery(_) => true,
        SqlExpr::In { target: sqlparser::ast::InTarget::Subquery(_), .. } => true,
        SqlExpr::UnaryOp { expr, .. } | SqlExpr::Nested(expr) => has_subquery(expr),
        SqlExpr::BinaryOp { left, right, .. } => has_subquery(left) || has_subquery(right),
        _ => false,
    }
}

/// `LIMIT n [OFFSET m]` / `FETCH FIRST n ROWS ONLY` as (offset, fetch), constants only.
fn limit_of(q: &Query) -> Result<Option<(i64, i64)>> {
    let num = |e: &SqlExpr| -> Result<i64> {
        match e {
            SqlExpr::Value(v) => match &v.value {
                sqlparser::ast::Value::Number(n, _) => n.parse::<i64>().map_err(|_| Error::unsupported("this LIMIT")),
                _ => Err(Error::unsupported("a LIMIT that is not a number")),
            },
            _ => Err(Error::unsupported("a LIMIT that is not a number")),
        }
    };
    let mut offset = 0;
    let mut fetch = None;
    match &q.limit_clause {
        Some(sqlparser::ast::LimitClause::LimitOffset { limit, offset: off, limit_by }) => {
            if !limit_by.is_empty() {
                return Err(Error::unsupported("LIMIT BY"));
            }
            if let Some(o) = off {
                offset = num(&o.value)?;
            }
            if let Some(l) = limit {
                fetch = Some(num(l)?);
            }
        }
        Some(sqlparser::ast::LimitClause::OffsetCommaLimit { offset: o, limit }) => {
            offset = num(o)?;
            fetch = Some(num(limit)?);
        }
        None => {}
    }
    if let Some(f) = &q.fetch {
        if let Some(n) = &f.quantity {
            fetch = Some(num(n)?);
        }
    }
    Ok(fetch.map(|f| (offset, f)))
}

/// A block's select list: its items, then the ORDER BY keys a Top-N sorts by that are not
/// output columns (Calcite's validator adds each as an unnamed item after the others, and a Calc
/// drops it after the sort: [`Binder::sort_limit_widened`]).
#[derive(Clone, Copy)]
pub(super) struct SelectList<'a> {
    pub items: &'a [SelectItem],
    pub extra: &'a [&'a SqlExpr],
}

impl<'a> SelectList<'a> {
    /// Each item's expression (a wildcard has none), extra keys last.
    pub(super) fn exprs(self) -> impl Iterator<Item = &'a SqlExpr> {
        let items = self.items.iter().filter_map(|item| match item {
            SelectItem::UnnamedExpr(e) | SelectItem::ExprWithAlias { expr: e, .. } => Some(e),
            _ => None,
        });
        items.chain(self.extra.iter().copied())
    }

    /// The position of the item whose expression is `e` (by identity; 0 if none).
    pub(super) fn ordinal_of(self, e: &SqlExpr) -> usize {
        let own = self.items.iter().position(|i| match i {
            SelectItem::UnnamedExpr(x) | SelectItem::ExprWithAlias { expr: x, .. } => std::ptr::eq(x, e),
            _ => false,
        });
        own.or_else(|| self.extra.iter().position(|&x| std::ptr::eq(x, e)).map(|k| self.items.len() + k)).unwrap_or(0)
    }
}

/// How a select list's expressions bind (`bind`) and what each visible column of `*` is
/// (`wildcard(i, span)`): the output expressions and their names as Calcite derives them.
pub(super) fn select_list(
    list: SelectList<'_>,
    scope: &[ScopeField],
    bind: &dyn Fn(&SqlExpr) -> Result<Expr>,
    wildcard: &dyn Fn(usize, (crate::error::Pos, crate::error::Pos)) -> Result<Expr>,
) -> Result<(Vec<Expr>, Vec<String>)> {
    let mut exprs: Vec<Expr> = Vec::new();
    let mut names: Vec<String> = Vec::new();
    // an item without an alias, named as Calcite derives it (EXPR$<ordinal> for a non-column)
    let unnamed = |e: &SqlExpr, exprs: &mut Vec<Expr>, names: &mut Vec<String>| -> Result<()> {
        let ordinal = exprs.len();
        let b = bind(e)?;
        if b.ty().kind == TypeKind::Null {
            return Err(calcite_error(span_of(e), "Illegal use of 'NULL'"));
        }
        exprs.push(b);
        names.push(crate::expr::bind::derived_name(e, ordinal));
        Ok(())
    };
    for item in list.items {
        match item {
            SelectItem::Wildcard(_) => {
                let span = span_of(item);
                for (i, f) in scope.iter().enumerate() {
                    if !f.hidden {
                        exprs.push(wildcard(i, span)?);
                        names.push(f.name.clone());
                    }
                }
            }
            SelectItem::QualifiedWildcard(kind, _) => {
                let q = match kind {
                    sqlparser::ast::SelectItemQualifiedWildcardKind::ObjectName(n) => {
                        n.0.last().and_then(|p| p.as_ident()).map(|i| i.value.clone()).unwrap_or_default()
                    }
                    sqlparser::ast::SelectItemQualifiedWildcardKind::Expr(e) => e.to_string(),
                };
                let span = span_of(item);
                let before = exprs.len();
                for (i, f) in scope.iter().enumerate() {
                    if !f.hidden && f.qualifier.as_deref() == Some(q.as_str()) {
                        exprs.push(wildcard(i, span)?);
                        names.push(f.name.clone());
                    }
                }
                if exprs.len() == before {
                    return Err(calcite_error(span, &format!("Unknown identifier '{}'", q)));
                }
            }
            SelectItem::UnnamedExpr(e) => unnamed(e, &mut exprs, &mut names)?,
            SelectItem::ExprWithAlias { expr, alias } => {
                let b = bind(expr)?;
                if b.ty().kind == TypeKind::Null {
                    return Err(calcite_error(span_of(expr), "Illegal use of 'NULL'"));
                }
                exprs.push(b);
                names.push(alias.value.clone());
            }
            other => return Err(Error::unsupported(format!("select item {}", other))),
        }
    }
    for &e in list.extra {
        unnamed(e, &mut exprs, &mut names)?;
    }
    Ok((exprs, names))
}

impl<'c> Binder<'c> {
    pub fn new(catalog: &'c Catalog, zone: &'c SessionZone, dialect: Dialect) -> Binder<'c> {
        Binder {
            catalog,
            zone,
            dialect,
            ctes: Vec::new(),
            order_extra: Vec::new(),
            warnings: Vec::new(),
            state_ttl: (0, 0),
            multi_join_enabled: false,
            interval_min_cleanup: 0,
            agg_ttl: 0,
            distinct_split: false,
            emit_fire: false,
            one_phase: false,
            correlated_subqueries: 0,
            batch: false,
            ttl_hints: Vec::new(),
            search_path: Vec::new(),
            table_hints: Vec::new(),
            scan_rows: Vec::new(),
        }
    }

    /// A join input's state retention: its STATE_TTL hint, else the default.
    pub(super) fn ttl_for(&self, name: Option<&str>, default: i64) -> i64 {
        name.and_then(|n| self.ttl_hints.iter().find(|(k, _)| k == n).map(|(_, v)| *v)).unwrap_or(default)
    }

    /// Binds a whole query (the top level or a subquery).
    pub fn bind_query(&mut self, q: &'c Query, outer: Option<&Scope>) -> Result<Bound> {
        let saved = self.ctes.len();
        if let Some(w) = &q.with {
            for cte in &w.cte_tables {
                self.ctes.push((cte.alias.name.value.clone(), &cte.query));
            }
        }
        let r = self.bind_query_body(q, outer);
        self.ctes.truncate(saved);
        r
    }

    /// A query's body with its ORDER BY and LIMIT (its WITH queries are in `self.ctes`).
    fn bind_query_body(&mut self, q: &'c Query, outer: Option<&Scope>) -> Result<Bound> {
        let limit = limit_of(q)?;
        if let (Some(ob), Some((offset, fetch))) = (&q.order_by, limit) {
            // ORDER BY … LIMIT n: a Top-N of one partition (Flink's SortLimit)
            let bound = self.bind_set_expr(&q.body, outer)?;
            return self.sort_limit_widened(bound, &q.body, outer, ob, offset, fetch);
        }
        if let Some(ob) = &q.order_by {
            let (s, e) = span_of(ob);
            // Flink sorts a stream only by a time attribute first (a temporal sort, which JoinLab
            // does not run yet); any other first key fails in the planner.
            let bound = self.bind_set_expr(&q.body, outer)?;
            let first = match &ob.kind {
                sqlparser::ast::OrderByKind::Expressions(exprs) => exprs.first().map(|x| &x.expr),
                sqlparser::ast::OrderByKind::All(_) => None,
            };
            let on_time = match first {
                Some(sqlparser::ast::Expr::Identifier(i)) => bound
                    .scope
                    .iter()
                    .any(|f| f.name.eq_ignore_ascii_case(&i.value) && f.ty.time_attr() != crate::types::TimeAttr::None),
                _ => false,
            };
            if on_time {
                return Err(Error::unsupported("ORDER BY a time attribute (Flink's temporal sort)").at(s, e));
            }
            return Err(Error::table("Sort on a non-time-attribute field is not supported.").at(s, e));
        }
        if limit.is_some() {
            return Err(Error::unsupported("LIMIT without ORDER BY (Flink's streaming Limit)"));
        }
        self.bind_set_expr(q.body.as_ref(), outer)
    }

    pub(super) fn bind_select(&mut self, s: &'c Select, outer: Option<&Scope>) -> Result<Bound> {
        if s.from.is_empty() {
            return Err(Error::unsupported("SELECT without FROM"));
        }
        let _ = outer;
        let hints = super::hints::parse(&s.optimizer_hints)?;
        let saved_ttl = std::mem::replace(&mut self.ttl_hints, hints.state_ttl.clone());
        let extra = std::mem::take(&mut self.order_extra);
        let list = SelectList { items: &s.projection, extra: &extra };
        let r = self.bind_select_block(s, list, &hints);
        self.ttl_hints = saved_ttl;
        r
    }

    pub(super) fn bind_select_block(
        &mut self,
        s: &'c Select,
        list: SelectList<'_>,
        hints: &super::hints::QueryHints,
    ) -> Result<Bound> {
        // FROM (comma-separated items are inner joins; WHERE conditions between them become ON)
        let mut where_parts: Vec<&SqlExpr> = s.selection.as_ref().map(conjuncts_of).unwrap_or_default();
        let mut bound = self.bind_table_with_joins(&s.from[0])?;
        for twj in &s.from[1..] {
            if let Some(call) = search::lateral_call(&twj.relation) {
                // `FROM t, LATERAL TABLE(KEY_SEARCH_AGG(…))`: Confluent's lateral functions
                bound = self.bind_lateral_call(bound, &call)?;
                for j in &twj.joins {
                    bound = self.bind_join(bound, j)?;
                }
                continue;
            }
            if let Some(item) = unnest::unnest_item(&twj.relation) {
                // `FROM t, UNNEST(t.x)`: a correlate of the rows so far
                bound = self.bind_unnest(bound, &item, unnest::UnnestJoin::Cross)?;
                for j in &twj.joins {
                    bound = self.bind_join(bound, j)?;
                }
                continue;
            }
            let right = self.bind_table_with_joins(twj)?;
            let nl = bound.scope.len();
            let mut both = Vec::new();
            // pull WHERE conjuncts that read both sides into the join condition
            let mut keep = Vec::new();
            for w in where_parts.drain(..) {
                if has_subquery(w) {
                    keep.push(w);
                    continue;
                }
                let mut all = bound.scope.clone();
                all.extend(right.scope.clone());
                let scope = Scope::new(all);
                match bind_scalar(w, &scope, self.zone) {
                    Ok(e) => {
                        let mut cols = Vec::new();
                        e.inputs(&mut cols);
                        if cols.iter().any(|&c| c < nl) && cols.iter().any(|&c| c >= nl) {
                            both.push(e);
                        } else {
                            keep.push(w);
                        }
                    }
                    Err(_) => keep.push(w),
                }
            }
            where_parts = keep;
            let cond = Expr::and_all(both);
            let span = span_of(&twj.relation);
            bound = self.make_join(bound, right, JoinKind::Inner, cond, span)?;
        }
        // hints name join inputs; MULTI_JOIN folds join chains into multi-way joins
        let mut inputs = Vec::new();
        join_input_names(&bound.rel, &mut inputs);
        if aggregate::is_grouped(s, list) {
            // an aggregation's hint names its input (the one table or alias of FROM)
            if let Some(q) = single_qualifier(&bound.scope) {
                inputs.push(q);
            }
        }
        let unmatched = |names: Vec<String>, hint: &str| -> Result<()> {
            let bad: Vec<String> = names.into_iter().filter(|n| !inputs.contains(n)).collect();
            if bad.is_empty() {
                Ok(())
            } else {
                Err(super::hints::unmatched(hint, &bad))
            }
        };
        unmatched(hints.state_ttl.iter().map(|(k, _)| k.clone()).collect(), "STATE_TTL")?;
        if let Some(list) = &hints.multi_join {
            unmatched(list.clone(), "MULTI_JOIN")?;
        }
        // WHERE: subqueries become semi/anti joins, the rest a filter
        let mut filters = Vec::new();
        for w in where_parts {
            if let Some(a) = aggregate::find_aggregate(w) {
                return Err(calcite_error(aggregate::expr_span(a), "Aggregate expression is illegal in WHERE clause"));
            }
            if let Some(b) = self.try_semi_anti(&bound, w)? {
                bound = b;
                continue;
            }
            let scope = Scope::new(bound.scope.clone());
            let e = bind_scalar(w, &scope, self.zone)?;
            if !matches!(e.ty().kind, TypeKind::Boolean | TypeKind::Null) {
                return Err(calcite_error(span_of(w), "WHERE clause must be a condition"));
            }
            self.check_implicit_conversions(&e, false)?;
            filters.push(e);
        }
        let filters = self.merge_where_into_join(&mut bound, filters, span_of(&s.from[0].relation))?;
        let fold = if self.multi_join_enabled {
            Some(super::fold_multi_join::Allow::All)
        } else {
            hints.multi_join.as_deref().map(super::fold_multi_join::Allow::Named)
        };
        let (rel, rest) = super::block_passes(
            bound.rel,
            crate::plan::simplify::simplify_conjuncts(filters.into_iter().flat_map(Expr::conjuncts).collect()),
            fold.as_ref(),
            &mut self.warnings,
        );
        bound.rel = rel;
        let filter = Expr::and_all(rest);
        if aggregate::is_grouped(s, list) {
            return self.bind_grouped_select(s, list, bound, filter);
        }
        if over::window_call(list).is_some() {
            return self.bind_over_select(list, bound, filter);
        }
        // select list
        let scope = Scope::new(bound.scope.clone());
        let zone = self.zone;
        let (exprs, names) =
            select_list(list, &bound.scope, &|e: &SqlExpr| bind_scalar(e, &scope, zone), &|i: usize, _span| {
                Ok(Expr::input(i, bound.scope[i].ty.clone()))
            })?;
        self.finish_select(list, bound.rel, filter, exprs, names)
    }

    /// The select list's output: checked like Flink's planner checks projections, named as
    /// Calcite names them.
    pub(super) fn finish_select(
        &self,
        list: SelectList<'_>,
        rel: Rel,
        filter: Option<Expr>,
        exprs: Vec<Expr>,
        names: Vec<String>,
    ) -> Result<Bound> {
        for e in &exprs {
            self.check_constant_division(e)?;
            self.check_implicit_conversions(e, false)?;
        }
        // Calcite uniquifies the derived names; explicit aliases keep theirs
        let mut unique = names.clone();
        uniquify_keeping_aliases(&mut unique, list.items, list.extra.len());
        let scope_out: Vec<ScopeField> = exprs
            .iter()
            .zip(&unique)
            .map(|(e, n)| ScopeField {
                qualifier: None,
                name: n.clone(),
                ty: e.ty().clone(),
                hidden: false,
                merged: false,
            })
            .collect();
        // a filter on the rank number of an OVER below makes it a Top-N
        let (rel, filter) = crate::plan::rank::recognize(rel, filter, self.state_ttl.0)?;
        let rel = calc(rel, filter, exprs, unique);
        Ok(Bound { rel, scope: scope_out })
    }

    /// A constant integer division by zero is a planning error in Flink.
    pub(super) fn check_constant_division(&self, e: &Expr) -> Result<()> {
        if let Expr::Call { op: Op::Divide | Op::Mod, args, ty } = e {
            if let (Some(Expr::Literal { .. }), Some(Expr::Literal { value, .. })) = (args.first(), args.get(1)) {
                let zero = value.as_i64() == Some(0) || matches!(value, Value::Decimal(d) if d.unscaled() == 0);
                if zero && !ty.kind.is_approx() {
                    return Err(Error::new(crate::error::ErrorKind::Table, "Division by zero")
                        .with_class("java.lang.ArithmeticException"));
                }
            }
        }
        match e {
            Expr::Call { args, .. } => args.iter().try_for_each(|a| self.check_constant_division(a)),
            Expr::Cast { expr, .. } => self.check_constant_division(expr),
            _ => Ok(()),
        }
    }

    /// Flink refuses implicit conversions between numbers and strings in comparisons.
    pub(super) fn check_implicit_conversions(&self, e: &Expr, in_join: bool) -> Result<()> {
        if let Expr::Call { op, args, .. } = e {
            if matches!(
                op,
                Op::Eq | Op::Ne | Op::Lt | Op::Le | Op::Gt | Op::Ge | Op::IsNotDistinctFrom | Op::IsDistinctFrom
            ) {
                if let (Some(a), Some(b)) = (args.first(), args.get(1)) {
                    let (ta, tb) = (a.ty(), b.ty());
                    let num_str = (ta.kind.is_numeric() && tb.kind.is_character())
                        || (ta.kind.is_character() && tb.kind.is_numeric());
                    if num_str {
                        let (n, s) = if ta.kind.is_numeric() { (ta, tb) } else { (tb, ta) };
                        let sname = |t: &DataType| match t.kind {
                            TypeKind::Char { .. } if !in_join => "CHAR".to_string(),
                            _ => crate::types::calcite_name(t),
                        };
                        return Err(if in_join {
                            Error::table(format!(
                                "implicit type conversion between {} and {} is not supported on join's condition now",
                                crate::types::calcite_name(n),
                                sname(s)
                            ))
                        } else {
                            Error::validation(format!(
                                "implicit type conversion between {} and {} is not supported now",
                                crate::types::calcite_name(n),
                                sname(s)
                            ))
                        });
                    }
                }
            }
            for a in args {
                self.check_implicit_conversions(a, in_join)?;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {

    #[test]
    fn correlated_or_in_a_subquery_is_reported() {
        let run = |q: &str| {
            let script =
                format!("CREATE TABLE A (k INT, v INT);\nCREATE TABLE B (k INT, v INT);\n@A 1 | 1\n@B 1 | 1\n{}\n", q);
            let cfg = crate::RunConfig { dialect: crate::Dialect::Flink, trace: false };
            crate::run_to_text(&script, &cfg, &crate::output::TextOptions::default())
        };
        let msg = "reading the outer query inside an IN / EXISTS";
        let out = run("SELECT * FROM B WHERE EXISTS (SELECT 1 FROM A WHERE A.k = B.k AND (B.v = 1 OR A.v = 1));");
        assert!(out.contains(msg), "{}", out);
        let out = run("SELECT * FROM B WHERE B.k IN (SELECT A.k FROM A WHERE A.v > B.v OR A.v IS NULL);");
        assert!(out.contains(msg), "{}", out);
        let out = run("SELECT * FROM B WHERE EXISTS (SELECT 1 FROM A WHERE A.k IS NOT DISTINCT FROM B.k);");
        assert!(out.contains(msg), "{}", out);
        // a CASE is fine; so is an OR over the subquery's own columns is an ordinary filter
        let out = run("SELECT * FROM B WHERE EXISTS (SELECT 1 FROM A WHERE A.k = B.k AND CASE WHEN A.v = 1 THEN B.v > 0 ELSE FALSE END);");
        assert!(!out.contains(msg) && out.contains("+I[1, 1]"), "{}", out);
        let out = run("SELECT * FROM B WHERE EXISTS (SELECT 1 FROM A WHERE A.k = B.k AND (A.v = 1 OR A.v = 2));");
        assert!(!out.contains(msg) && out.contains("+I[1, 1]"), "{}", out);
    }
}
