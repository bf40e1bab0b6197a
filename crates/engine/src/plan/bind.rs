//! Binding a SELECT into a [`Rel`] tree: FROM items (tables, derived tables, windowing TVFs,
//! joins), WHERE (with IN / EXISTS subqueries turned into semi / anti joins), the select list
//! (names as Calcite derives them). Each join is classified here: a window join when both
//! inputs carry the same window (a window TVF's columns, kept through plain projections and
//! through window joins, so window joins cascade) and ON equates a window_start and a
//! window_end column of each side (SEMANTICS.md §2.3); otherwise a regular join.

use sqlparser::ast::{
    Expr as SqlExpr, FunctionArg, FunctionArgExpr, Join, JoinConstraint, JoinOperator, ObjectName, Query, Select,
    SelectItem, SetExpr, TableAlias, TableFactor, TableWithJoins,
};

use super::bind_expr::{bind_scalar, calcite_error, interval_value, resolve, Scope, ScopeField};
use super::rel::{Field, InputSpec, JoinKind, JoinNode, Node, Rel, WindowJoinNode, WindowProps};
use crate::catalog::{Catalog, ChangelogMode, ColumnKind};
use crate::error::{Error, Pos, Result};
use crate::expr::{Expr, Op};
use crate::session::Dialect;
use crate::sql::dialect::TABLE_ARG;
use crate::sql::span_of;
use crate::time::window::WindowSpec;
use crate::time::SessionZone;
use crate::types::{DataType, TimeAttr, TypeKind};
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
    ctes: Vec<(String, Query)>,
    /// Why a join that looked like a window join runs as a regular join, and similar notes.
    pub warnings: Vec<String>,
    /// State retention of regular joins (left, right), ms; 0 keeps state forever.
    pub state_ttl: (i64, i64),
    /// `table.optimizer.multi-join.enabled`: every eligible join chain becomes a multi-way join.
    pub multi_join_enabled: bool,
    /// The current query block's `STATE_TTL` hint: (input name, ms).
    ttl_hints: Vec<(String, i64)>,
    /// The current catalog and database after `USE` (empty: the default ones).
    pub search_path: Vec<String>,
    /// `/*+ OPTIONS(…) */` table hints of the query: (table name as written, options).
    pub table_hints: Vec<(String, Vec<(String, String)>)>,
    /// Rows a scan reads (`number-of-rows` hints): (table, rows).
    pub scan_rows: Vec<(usize, u64)>,
}

fn bool_t(n: bool) -> DataType {
    DataType::new(TypeKind::Boolean, n)
}

/// Calcite's `uniquify`: a repeated name gets 0, 1, … appended.
pub fn uniquify(names: &mut [String]) {
    let mut used: Vec<String> = Vec::new();
    for n in names.iter_mut() {
        if used.contains(n) {
            let base = n.clone();
            let mut j = 0;
            loop {
                let cand = format!("{}{}", base, j);
                if !used.contains(&cand) {
                    *n = cand;
                    break;
                }
                j += 1;
            }
        }
        used.push(n.clone());
    }
}

/// Names of the single-table inputs of the joins in a FROM tree (what hints may name).
fn join_input_names(rel: &Rel, out: &mut Vec<String>) {
    match &rel.node {
        Node::Join(j) => {
            for n in j.names.iter().flatten() {
                if !out.contains(n) {
                    out.push(n.clone());
                }
            }
            join_input_names(&j.left, out);
            join_input_names(&j.right, out);
        }
        Node::WindowJoin(j) => {
            join_input_names(&j.left, out);
            join_input_names(&j.right, out);
        }
        Node::Calc { input, .. } | Node::ChangelogNormalize { input, .. } | Node::WindowTvf { input, .. } => {
            join_input_names(input, out)
        }
        Node::MultiJoin(m) => m.inputs.iter().for_each(|r| join_input_names(r, out)),
        Node::Scan { .. } => {}
    }
}

/// The qualifier every visible column of a scope shares (a single table or alias).
fn single_qualifier(scope: &[ScopeField]) -> Option<String> {
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

fn alias_name(a: &Option<TableAlias>) -> Option<String> {
    a.as_ref().map(|a| a.name.value.clone())
}

/// Applies `AS alias [(c1, c2, …)]` to a bound relation.
fn apply_alias(mut b: Bound, alias: &Option<TableAlias>, default: Option<String>) -> Result<Bound> {
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

fn conjuncts_of(e: &SqlExpr) -> Vec<&SqlExpr> {
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

fn has_subquery(e: &SqlExpr) -> bool {
    match e {
        SqlExpr::Exists { .. } | SqlExpr::Subquery(_) => true,
        SqlExpr::In { target: sqlparser::ast::InTarget::Subquery(_), .. } => true,
        SqlExpr::UnaryOp { expr, .. } | SqlExpr::Nested(expr) => has_subquery(expr),
        SqlExpr::BinaryOp { left, right, .. } => has_subquery(left) || has_subquery(right),
        _ => false,
    }
}

/// The window props of a relation after a projection: a window column survives in every output
/// column that is a plain reference to it (any expression on it, even a cast, loses it).
fn project_window(input: &Rel, project: &[Expr]) -> Option<WindowProps> {
    let w = input.window.as_ref()?;
    let map = |cols: &[usize]| -> Vec<usize> {
        let mut out: Vec<usize> =
            (0..project.len()).filter(|&i| project[i].as_input().map(|c| cols.contains(&c)).unwrap_or(false)).collect();
        out.sort_unstable();
        out
    };
    let (window_start, window_end) = (map(&w.window_start), map(&w.window_end));
    if window_start.is_empty() || window_end.is_empty() {
        return None;
    }
    Some(WindowProps {
        spec: w.spec,
        window_start,
        window_end,
        window_time: map(&w.window_time),
        ltz: w.ltz,
        proctime: w.proctime,
    })
}

/// The window props of a window join's output (Flink's `getJoinWindowProperties`): the left
/// side's, plus the right side's columns shifted behind the left ones (SEMI/ANTI joins output
/// the left side only).
pub fn join_window(left: &WindowProps, right: &WindowProps, nl: usize, n: usize) -> WindowProps {
    let both = |l: &[usize], r: &[usize]| -> Vec<usize> {
        l.iter().copied().chain(r.iter().map(|c| c + nl)).filter(|&c| c < n).collect()
    };
    WindowProps {
        spec: left.spec,
        window_start: both(&left.window_start, &right.window_start),
        window_end: both(&left.window_end, &right.window_end),
        window_time: both(&left.window_time, &right.window_time),
        ltz: left.ltz,
        proctime: left.proctime,
    }
}

/// A Calc over `input`; the result keeps window props the projection keeps.
pub fn calc(input: Rel, filter: Option<Expr>, project: Vec<Expr>, names: Vec<String>) -> Rel {
    let fields = project.iter().zip(names).map(|(e, n)| Field { name: n, ty: e.ty().clone() }).collect();
    let window = project_window(&input, &project);
    let insert_only = input.insert_only;
    let producer = input.update_producer.clone();
    // a unique key survives when all its columns are projected as they are
    let unique_keys = input
        .unique_keys
        .iter()
        .filter_map(|k| {
            k.iter().map(|c| project.iter().position(|e| e.as_input() == Some(*c))).collect::<Option<Vec<usize>>>()
        })
        .collect();
    Rel {
        node: Node::Calc { input: Box::new(input), filter, project },
        fields,
        insert_only,
        update_producer: producer,
        window,
        unique_keys,
    }
}

/// Output fields of a join: left then right (only left for SEMI/ANTI), the padded side nullable.
fn join_fields(left: &Rel, right: &Rel, kind: JoinKind) -> Vec<Field> {
    let mut fields = left.fields.clone();
    if kind.right_outer() {
        for f in fields.iter_mut() {
            f.ty.nullable = true;
        }
    }
    if kind.projects_right() {
        for f in &right.fields {
            let mut f = f.clone();
            if kind.left_outer() {
                f.ty.nullable = true;
            }
            fields.push(f);
        }
    }
    fields
}

/// Unique keys that survive a regular join: a side joined to at most one row of the other
/// keeps its keys.
pub(crate) fn join_unique_keys(
    left: &Rel,
    right: &Rel,
    kind: JoinKind,
    left_spec: &InputSpec,
    right_spec: &InputSpec,
) -> Vec<Vec<usize>> {
    let nl = left.fields.len();
    let mut unique_keys = Vec::new();
    if matches!(right_spec, InputSpec::JoinKeyContainsUniqueKey(_))
        && matches!(kind, JoinKind::Inner | JoinKind::Left | JoinKind::Semi | JoinKind::Anti)
    {
        unique_keys.extend(left.unique_keys.iter().cloned());
    }
    if matches!(left_spec, InputSpec::JoinKeyContainsUniqueKey(_)) && matches!(kind, JoinKind::Inner | JoinKind::Right)
    {
        unique_keys.extend(right.unique_keys.iter().map(|k| k.iter().map(|c| c + nl).collect()));
    }
    unique_keys
}

/// Flink's `JoinInputSideSpec`: a unique key inside the join key, another unique key, or none.
pub(crate) fn input_spec(rel: &Rel, keys: &[usize]) -> InputSpec {
    if let Some(k) = rel.unique_keys.iter().find(|k| !k.is_empty() && k.iter().all(|c| keys.contains(c))) {
        return InputSpec::JoinKeyContainsUniqueKey(k.clone());
    }
    match rel.unique_keys.iter().filter(|k| !k.is_empty()).min_by_key(|k| k.len()) {
        Some(k) => InputSpec::HasUniqueKey(k.clone()),
        None => InputSpec::NoUniqueKey,
    }
}

/// Flink's one-line description of a regular join: in Calcite's prefix notation
/// (`AND(=(a, b), …)`) as rejections quote it, or in EXPLAIN's infix notation.
pub(crate) fn join_description(rel: &Rel, explain: bool) -> String {
    match &rel.node {
        Node::Join(j) => {
            let mut names = j.left.names();
            names.extend(j.right.names());
            uniquify(&mut names);
            let nl = j.left.fields.len();
            let mut conds: Vec<String> = j
                .left_keys
                .iter()
                .zip(&j.right_keys)
                .zip(&j.null_safe)
                .map(|((l, r), safe)| match (explain, safe) {
                    (true, false) => format!("({} = {})", names[*l], names[nl + *r]),
                    (true, true) => format!("IS NOT DISTINCT FROM({}, {})", names[*l], names[nl + *r]),
                    (false, false) => format!("=({}, {})", names[*l], names[nl + *r]),
                    (false, true) => format!("IS NOT DISTINCT FROM({}, {})", names[*l], names[nl + *r]),
                })
                .collect();
            if let Some(r) = &j.residual {
                conds.push(if explain { r.explain_infix(&names) } else { r.explain(&names) });
            }
            let where_ = match (conds.len(), explain) {
                (0, _) => "true".to_string(),
                (1, _) => conds.remove(0),
                (_, true) => format!("({})", conds.join(" AND ")),
                (_, false) => format!("AND({})", conds.join(", ")),
            };
            let mut select: Vec<String> = if j.kind.projects_right() { names.clone() } else { names[..nl].to_vec() };
            select.retain(|n| !n.starts_with('$'));
            format!(
                "Join(joinType=[{}], where=[{}], select=[{}], leftInputSpec=[{}], rightInputSpec=[{}])",
                j.kind.flink_name(),
                where_,
                select.join(", "),
                j.left_spec.flink_name(),
                j.right_spec.flink_name()
            )
        }
        _ => String::new(),
    }
}

/// `(a = b)` between the two sides of a join: (left column, right column, null-safe).
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

fn equi_pair(e: &Expr, nl: usize) -> Option<(usize, usize, bool)> {
    if let Expr::Call { op, args, .. } = e {
        let safe = match op {
            Op::Eq => false,
            Op::IsNotDistinctFrom => true,
            _ => return None,
        };
        let (a, b) = (args.first()?, args.get(1)?);
        let strip = |x: &Expr| -> Option<usize> {
            match x {
                Expr::Input { index, .. } => Some(*index),
                Expr::Cast { expr, .. } => expr.as_input(),
                _ => None,
            }
        };
        let (x, y) = (strip(a)?, strip(b)?);
        if x < nl && y >= nl {
            return Some((x, y - nl, safe));
        }
        if y < nl && x >= nl {
            return Some((y, x - nl, safe));
        }
    }
    None
}

/// The first equality `l = r` (not `IS NOT DISTINCT FROM`) between a left column of `lcols` and a
/// right column of `rcols`, as (left column, right column).
fn win_pair(conjuncts: &[Expr], nl: usize, lcols: &[usize], rcols: &[usize]) -> Option<(usize, usize)> {
    conjuncts.iter().find_map(|c| match equi_pair(c, nl) {
        Some((a, b, false)) if lcols.contains(&a) && rcols.contains(&b) => Some((a, b)),
        _ => None,
    })
}

/// The type an equality of two numeric columns of different types compares them in (Calcite's
/// least restrictive type: `INT = BIGINT` compares as BIGINT, `DECIMAL(3,1) = DECIMAL(4,2)` as
/// DECIMAL(4,2)); `None` when the values already compare as they are.
/// Flink's `PlannerTypeUtils.isInteroperable`, the check of a join key pair: the same type up to
/// nullability, any two character strings, any two binary strings.
fn interoperable(a: &DataType, b: &DataType) -> bool {
    use TypeKind::*;
    match (&a.kind, &b.kind) {
        (Char { .. } | VarChar { .. }, Char { .. } | VarChar { .. }) => true,
        (Binary { .. } | VarBinary { .. }, Binary { .. } | VarBinary { .. }) => true,
        (x, y) => x == y,
    }
}

fn compare_type(a: &DataType, b: &DataType) -> Option<DataType> {
    if a.kind == b.kind || !a.kind.is_numeric() || !b.kind.is_numeric() {
        return None;
    }
    crate::expr::typing::least_restrictive(&[a, b])
}

impl<'c> Binder<'c> {
    pub fn new(catalog: &'c Catalog, zone: &'c SessionZone, dialect: Dialect) -> Binder<'c> {
        Binder {
            catalog,
            zone,
            dialect,
            ctes: Vec::new(),
            warnings: Vec::new(),
            state_ttl: (0, 0),
            multi_join_enabled: false,
            ttl_hints: Vec::new(),
            search_path: Vec::new(),
            table_hints: Vec::new(),
            scan_rows: Vec::new(),
        }
    }

    /// A join input's state retention: its STATE_TTL hint, else the default.
    fn ttl_for(&self, name: Option<&str>, default: i64) -> i64 {
        name.and_then(|n| self.ttl_hints.iter().find(|(k, _)| k == n).map(|(_, v)| *v)).unwrap_or(default)
    }

    /// Binds a whole query (the top level or a subquery).
    pub fn bind_query(&mut self, q: &Query, outer: Option<&Scope>) -> Result<Bound> {
        let saved = self.ctes.len();
        if let Some(w) = &q.with {
            for cte in &w.cte_tables {
                self.ctes.push((cte.alias.name.value.clone(), (*cte.query).clone()));
            }
        }
        if let Some(ob) = &q.order_by {
            let (s, e) = span_of(ob);
            // Flink sorts a stream only by a time attribute first (a temporal sort, which JoinLab
            // does not run yet); any other first key fails in the planner.
            let mut unsorted = q.clone();
            unsorted.order_by = None;
            let bound = self.bind_query(&unsorted, outer)?;
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
        if q.limit_clause.is_some() || q.fetch.is_some() {
            return Err(Error::unsupported("LIMIT / FETCH"));
        }
        let r = match q.body.as_ref() {
            SetExpr::Select(s) => self.bind_select(s, outer),
            SetExpr::Query(inner) => self.bind_query(inner, outer),
            SetExpr::SetOperation { .. } => Err(Error::unsupported("UNION / INTERSECT / EXCEPT")),
            SetExpr::Values(_) => Err(Error::unsupported("VALUES as a query")),
            _ => Err(Error::unsupported("this kind of query")),
        };
        self.ctes.truncate(saved);
        r
    }

    fn bind_select(&mut self, s: &Select, outer: Option<&Scope>) -> Result<Bound> {
        if s.distinct.is_some() {
            return Err(Error::unsupported("SELECT DISTINCT"));
        }
        if !matches!(&s.group_by, sqlparser::ast::GroupByExpr::Expressions(v, _) if v.is_empty()) || s.having.is_some()
        {
            return Err(Error::unsupported("GROUP BY / aggregation"));
        }
        if s.from.is_empty() {
            return Err(Error::unsupported("SELECT without FROM"));
        }
        let _ = outer;
        let hints = super::hints::parse(&s.optimizer_hints)?;
        let saved_ttl = std::mem::replace(&mut self.ttl_hints, hints.state_ttl.clone());
        let r = self.bind_select_block(s, &hints);
        self.ttl_hints = saved_ttl;
        r
    }

    fn bind_select_block(&mut self, s: &Select, hints: &super::hints::QueryHints) -> Result<Bound> {
        // FROM (comma-separated items are inner joins; WHERE conditions between them become ON)
        let mut where_parts: Vec<&SqlExpr> = s.selection.as_ref().map(conjuncts_of).unwrap_or_default();
        let mut bound = self.bind_table_with_joins(&s.from[0])?;
        for twj in &s.from[1..] {
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
            bound = self.make_join(bound, right, JoinKind::Inner, cond, span, true)?;
        }
        // hints name join inputs; MULTI_JOIN folds join chains into multi-way joins
        let mut inputs = Vec::new();
        join_input_names(&bound.rel, &mut inputs);
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
        // filters go down towards the tables they read (into a ChangelogNormalize, turning an
        // outer join inner) before the join chain is folded, as in Flink's optimizer
        let (rel, rest) = super::pushdown::push_into(
            super::pushdown::push_filters(bound.rel),
            filters.into_iter().flat_map(Expr::conjuncts).collect(),
        );
        bound.rel = rel;
        let filter = Expr::and_all(rest);
        if self.multi_join_enabled {
            bound.rel = super::multi_join::fold(bound.rel, &super::multi_join::Allow::All, &mut self.warnings);
        } else if let Some(list) = &hints.multi_join {
            bound.rel = super::multi_join::fold(bound.rel, &super::multi_join::Allow::Named(list), &mut self.warnings);
        }
        // select list
        let scope = Scope::new(bound.scope.clone());
        let mut exprs: Vec<Expr> = Vec::new();
        let mut names: Vec<String> = Vec::new();
        for item in &s.projection {
            match item {
                SelectItem::Wildcard(_) => {
                    for (i, f) in bound.scope.iter().enumerate() {
                        if !f.hidden {
                            exprs.push(Expr::input(i, f.ty.clone()));
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
                    let before = exprs.len();
                    for (i, f) in bound.scope.iter().enumerate() {
                        if !f.hidden && f.qualifier.as_deref() == Some(q.as_str()) {
                            exprs.push(Expr::input(i, f.ty.clone()));
                            names.push(f.name.clone());
                        }
                    }
                    if exprs.len() == before {
                        let (sp, ep) = span_of(item);
                        return Err(calcite_error((sp, ep), &format!("Unknown identifier '{}'", q)));
                    }
                }
                SelectItem::UnnamedExpr(e) => {
                    let ordinal = exprs.len();
                    let b = bind_scalar(e, &scope, self.zone)?;
                    if b.ty().kind == TypeKind::Null {
                        return Err(calcite_error(span_of(e), "Illegal use of 'NULL'"));
                    }
                    exprs.push(b);
                    names.push(super::bind_expr::derived_name(e, ordinal));
                }
                SelectItem::ExprWithAlias { expr, alias } => {
                    let b = bind_scalar(expr, &scope, self.zone)?;
                    if b.ty().kind == TypeKind::Null {
                        return Err(calcite_error(span_of(expr), "Illegal use of 'NULL'"));
                    }
                    exprs.push(b);
                    names.push(alias.value.clone());
                }
                other => return Err(Error::unsupported(format!("select item {}", other))),
            }
        }
        for e in &exprs {
            self.check_constant_division(e)?;
            self.check_implicit_conversions(e, false)?;
        }
        // Calcite uniquifies the derived names; explicit aliases keep theirs
        let mut unique = names.clone();
        uniquify_keeping_aliases(&mut unique, &s.projection);
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
        let rel = calc(bound.rel, filter, exprs, unique);
        Ok(Bound { rel, scope: scope_out })
    }

    /// A constant integer division by zero is a planning error in Flink.
    fn check_constant_division(&self, e: &Expr) -> Result<()> {
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
    fn check_implicit_conversions(&self, e: &Expr, in_join: bool) -> Result<()> {
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

    fn bind_table_with_joins(&mut self, twj: &TableWithJoins) -> Result<Bound> {
        let mut left = self.bind_table_factor(&twj.relation)?;
        for j in &twj.joins {
            left = self.bind_join(left, j)?;
        }
        Ok(left)
    }

    fn bind_join(&mut self, left: Bound, j: &Join) -> Result<Bound> {
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
        self.make_join(left, right, kind, cond, span, constraint.is_none())
    }

    /// `JOIN … USING (c, …)` and `NATURAL JOIN`: equality on the named columns; the result
    /// has each named column once (first; from the left side, the right side for RIGHT JOIN,
    /// COALESCE of both for FULL JOIN), then the other left columns, then the other right
    /// columns, as Calcite expands `*`. `L.c` and `R.c` still name each side's column.
    fn using_join(
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
        let joined = self.make_join(left, right, kind, Expr::and_all(conds), span, false)?;
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

    /// Builds a join of two bound relations: a window join when Flink would plan one.
    fn make_join(
        &mut self,
        left: Bound,
        right: Bound,
        kind: JoinKind,
        cond: Option<Expr>,
        span: (Pos, Pos),
        _cross: bool,
    ) -> Result<Bound> {
        let nl = left.rel.fields.len();
        let conjuncts = cond.map(|c| c.conjuncts()).unwrap_or_default();
        let names = [single_qualifier(&left.scope), single_qualifier(&right.scope)];
        let plan = self.window_join(left.rel, right.rel, kind, conjuncts, span, names)?;
        let mut scope = left.scope;
        let mut rs = right.scope;
        let _ = nl;
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

    /// Classifies a join: a window join when Flink would plan one (SEMANTICS.md §2.3),
    /// otherwise a regular join (with a warning when the inputs were windowed).
    fn window_join(
        &mut self,
        left: Rel,
        right: Rel,
        kind: JoinKind,
        conjuncts: Vec<Expr>,
        span: (Pos, Pos),
        names: [Option<String>; 2],
    ) -> Result<Rel> {
        let nl = left.fields.len();
        let reason = match (&left.window, &right.window) {
            (Some(lw), Some(rw)) => {
                if lw.ltz != rw.ltz {
                    Some("the two inputs use different time attribute types".to_string())
                } else if lw.spec != rw.spec {
                    Some(format!(
                        "the two inputs use different windows ({} and {})",
                        lw.spec.explain("…"),
                        rw.spec.explain("…")
                    ))
                } else if win_pair(&conjuncts, nl, &lw.window_start, &rw.window_start).is_none()
                    || win_pair(&conjuncts, nl, &lw.window_end, &rw.window_end).is_none()
                {
                    Some(
                        "the join condition does not contain both window_start equality and window_end equality"
                            .to_string(),
                    )
                } else {
                    None
                }
            }
            _ => Some(String::new()),
        };
        if let Some(why) = reason {
            if !why.is_empty() {
                self.warnings.push(format!(
                    "not a window join because {}: Flink runs it as a regular {} join, which keeps every row in state and emits at once",
                    why,
                    kind.sql()
                ));
            }
            return self.regular_join(left, right, kind, conjuncts, span, names);
        }
        let (lw, rw) = (
            left.window.clone().unwrap_or_else(unreachable_window),
            right.window.clone().unwrap_or_else(unreachable_window),
        );
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
        // the window columns the operator reads: the first window_start / window_end equalities
        let (Some(starts), Some(ends)) = (
            win_pair(&conjuncts, nl, &lw.window_start, &rw.window_start),
            win_pair(&conjuncts, nl, &lw.window_end, &rw.window_end),
        ) else {
            return self.regular_join(left, right, kind, conjuncts, span, names);
        };
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
            left_win: (starts.0, ends.0),
            right_win: (starts.1, ends.1),
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

    /// A regular join (SEMANTICS.md §1): equality conjuncts between the sides are the join
    /// key, the rest is a residual condition; each input's state layout comes from its unique
    /// keys; an upsert input stays upsert when its key lies inside the join key.
    fn regular_join(
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
        for c in conjuncts {
            match equi_pair(&c, nl) {
                Some((a, b, safe)) => {
                    left_keys.push(a);
                    right_keys.push(b);
                    null_safe.push(safe);
                    if let (true, Expr::Call { args, .. }) = (safe, &c) {
                        incompatible_keys |= !interoperable(&args[0].ty(), &args[1].ty());
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
        for side in [&left, &right] {
            if side.window.as_ref().map(|w| w.proctime).unwrap_or(false) {
                // a regular join reads proctime attributes as values: nothing to reject
            }
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
        let node = JoinNode {
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
            incompatible_keys,
        };
        let mut rel = Rel {
            node: Node::Join(Box::new(node)),
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
    fn try_semi_anti(&mut self, outer: &Bound, w: &SqlExpr) -> Result<Option<Bound>> {
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
        // the IN value: outer expression = the subquery's single select item
        let mut right_rel = inner.rel;
        let mut extra_col: Option<(usize, DataType)> = None;
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
            extra_col = Some((col, ty));
            let ox = bind_scalar(x, &outer_scope, self.zone)?;
            let (xt, yt) = (ox.ty().clone(), extra_col.as_ref().map(|c| c.1.clone()).unwrap_or(DataType::boolean()));
            let n = xt.nullable || yt.nullable;
            let eq = Expr::call(Op::Eq, vec![ox, Expr::input(no + col, yt)], bool_t(n));
            if negated {
                // NOT IN is null-aware: a pair whose comparison is NULL also counts as a match
                join_conds.push(Expr::call(Op::IsNotFalse, vec![eq], bool_t(false)));
            } else {
                join_conds.push(eq);
            }
        }
        let _ = extra_col;
        if !inner_filters.is_empty() {
            let project: Vec<Expr> =
                right_rel.fields.iter().enumerate().map(|(i, f)| Expr::input(i, f.ty.clone())).collect();
            let names = right_rel.names();
            right_rel = calc(right_rel, Expr::and_all(inner_filters), project, names);
        }
        let kind = if negated { JoinKind::Anti } else { JoinKind::Semi };
        let names = [single_qualifier(&outer.scope), single_qualifier(&inner.scope)];
        let rel = self.window_join(outer.rel.clone(), right_rel, kind, join_conds, span, names)?;
        Ok(Some(Bound { rel, scope: outer.scope.clone() }))
    }

    fn bind_table_factor(&mut self, tf: &TableFactor) -> Result<Bound> {
        match tf {
            TableFactor::Table { name, alias, args, version, .. } => {
                if version.is_some() {
                    let (s, e) = span_of(tf);
                    return Err(Error::unsupported("temporal joins (FOR SYSTEM_TIME AS OF)").at(s, e));
                }
                if let Some(a) = args {
                    let fname = name.to_string().to_ascii_uppercase();
                    let b = self.bind_table_function(&fname, &a.args, span_of(tf))?;
                    return apply_alias(b, alias, None);
                }
                self.bind_named_table(name, alias)
            }
            TableFactor::Derived { subquery, alias, lateral, .. } => {
                if *lateral {
                    return Err(Error::unsupported("LATERAL subqueries"));
                }
                let b = self.bind_query(subquery, None)?;
                apply_alias(b, alias, None)
            }
            TableFactor::TableFunction { expr, alias } => match expr {
                SqlExpr::Function(f) => {
                    let fname = f.name.to_string().to_ascii_uppercase();
                    let args: Vec<FunctionArg> = match &f.args {
                        sqlparser::ast::FunctionArguments::List(l) => l.args.clone(),
                        _ => Vec::new(),
                    };
                    let b = self.bind_table_function(&fname, &args, span_of(tf))?;
                    apply_alias(b, alias, None)
                }
                other => Err(Error::unsupported(format!("TABLE({})", other))),
            },
            TableFactor::Function { name, args, alias, .. } => {
                let fname = name.to_string().to_ascii_uppercase();
                let b = self.bind_table_function(&fname, args, span_of(tf))?;
                apply_alias(b, alias, None)
            }
            TableFactor::UNNEST { .. } => {
                let (s, e) = span_of(tf);
                Err(Error::unsupported("UNNEST (array expansion)").at(s, e))
            }
            TableFactor::NestedJoin { table_with_joins, alias } => {
                let b = self.bind_table_with_joins(table_with_joins)?;
                if alias.is_some() {
                    return apply_alias(b, alias, None);
                }
                Ok(b)
            }
            other => {
                let (s, e) = span_of(other);
                Err(Error::unsupported(format!("FROM {}", other)).at(s, e))
            }
        }
    }

    fn bind_named_table(&mut self, name: &ObjectName, alias: &Option<TableAlias>) -> Result<Bound> {
        let parts: Vec<String> = name.0.iter().filter_map(|p| p.as_ident().map(|i| i.value.clone())).collect();
        let tname = parts.last().cloned().unwrap_or_default();
        if parts.len() == 1 {
            if let Some(pos) = self.ctes.iter().rposition(|(n, _)| *n == tname) {
                let q = self.ctes[pos].1.clone();
                let b = self.bind_query(&q, None)?;
                return apply_alias(b, alias, Some(tname));
            }
        }
        let Some(ti) = self.catalog.resolve(&parts, &self.search_path) else {
            return Err(calcite_error(span_of(name), &format!("Object '{}' not found", parts.join("."))));
        };
        let t = &self.catalog.tables[ti];
        if let Some(Err(e)) = &t.generator {
            return Err(e.clone());
        }
        // `/*+ OPTIONS('number-of-rows' = 'N') */` after the table: how many rows this scan reads
        let written = parts.join(".");
        for (hinted, opts) in &self.table_hints {
            if *hinted == written || *hinted == tname {
                for (k, v) in opts {
                    match k.as_str() {
                        "number-of-rows" => {
                            let n: u64 = v.trim().parse().map_err(|_| {
                                Error::validation(format!("Could not parse value '{}' for key 'number-of-rows'.", v)).at(span_of(name).0, span_of(name).1)
                            })?;
                            self.scan_rows.push((ti, n));
                        }
                        other => {
                            return Err(Error::unsupported(format!(
                                "the OPTIONS hint key '{}' (JoinLab applies 'number-of-rows' per query; set other options in CREATE TABLE)",
                                other
                            ))
                            .at(span_of(name).0, span_of(name).1))
                        }
                    }
                }
            }
        }
        let fields: Vec<Field> = t.columns.iter().map(|c| Field { name: c.name.clone(), ty: c.ty.clone() }).collect();
        let (insert_only, producer) = match t.changelog {
            ChangelogMode::Insert => (true, None),
            ChangelogMode::Upsert | ChangelogMode::UpsertPartialDelete => {
                let keys: Vec<String> = t.primary_key.iter().map(|&i| t.columns[i].name.clone()).collect();
                (false, Some(format!("ChangelogNormalize(key=[{}])", keys.join(", "))))
            }
            ChangelogMode::Retract => {
                let phys: Vec<String> = t.physical().iter().map(|&i| t.columns[i].name.clone()).collect();
                let wm = t
                    .watermark
                    .as_ref()
                    .filter(|w| w.declared)
                    .map(|w| format!(", watermark=[{}], watermarkEmitStrategy=[on-periodic]", w.digest))
                    .unwrap_or_default();
                (
                    false,
                    Some(format!(
                        "TableSourceScan(table=[[default_catalog, default_database, {}{}]], fields=[{}])",
                        t.name,
                        wm,
                        phys.join(", ")
                    )),
                )
            }
        };
        let mut rel = Rel {
            node: Node::Scan {
                table: ti,
                name: t.name.clone(),
                changelog: t.changelog,
                primary_key: t.primary_key.clone(),
            },
            fields,
            insert_only,
            update_producer: producer,
            window: None,
            unique_keys: if t.primary_key.is_empty() { Vec::new() } else { vec![t.primary_key.clone()] },
        };
        if matches!(t.changelog, ChangelogMode::Upsert | ChangelogMode::UpsertPartialDelete) {
            // Flink puts ChangelogNormalize after an upsert source unless a join takes the
            // upsert stream as it is (see strip_normalize_for_keys)
            let fields = rel.fields.clone();
            let producer = rel.update_producer.clone();
            let keys = rel.unique_keys.clone();
            rel = Rel {
                node: Node::ChangelogNormalize {
                    input: Box::new(rel),
                    key: t.primary_key.clone(),
                    ttl_enabled: self.state_ttl.0 > 0 || self.state_ttl.1 > 0,
                    condition: None,
                },
                fields,
                insert_only: false,
                update_producer: producer,
                window: None,
                unique_keys: keys,
            };
        }
        let scope = t.scope_fields(&alias_name(alias).unwrap_or_else(|| t.name.clone()));
        let b = Bound { rel, scope };
        apply_alias(b, alias, Some(t.name.clone()))
    }

    /// TUMBLE / HOP / CUMULATE (other table functions are not supported yet).
    fn bind_table_function(&mut self, fname: &str, args: &[FunctionArg], span: (Pos, Pos)) -> Result<Bound> {
        let kind = match fname {
            "TUMBLE" | "HOP" | "CUMULATE" => fname,
            "SESSION" => return Err(Error::unsupported("SESSION windows").at(span.0, span.1)),
            other => return Err(Error::unsupported(format!("the table function {}", other)).at(span.0, span.1)),
        };
        let names: &[&str] = match kind {
            "TUMBLE" => &["DATA", "TIMECOL", "SIZE", "OFFSET"],
            "HOP" => &["DATA", "TIMECOL", "SLIDE", "SIZE", "OFFSET"],
            _ => &["DATA", "TIMECOL", "STEP", "SIZE", "OFFSET"],
        };
        let mut slots: Vec<Option<&SqlExpr>> = vec![None; names.len()];
        for (k, a) in args.iter().enumerate() {
            match a {
                FunctionArg::Unnamed(FunctionArgExpr::Expr(e)) => {
                    if k >= slots.len() {
                        return Err(calcite_error(
                            span,
                            &format!(
                                "Invalid number of arguments to function '{}'. Was expecting {} arguments",
                                kind,
                                names.len() - 1
                            ),
                        ));
                    }
                    slots[k] = Some(e);
                }
                FunctionArg::Named { name, arg: FunctionArgExpr::Expr(e), .. } => {
                    let n = name.value.to_ascii_uppercase();
                    match names.iter().position(|x| *x == n) {
                        Some(i) => slots[i] = Some(e),
                        None => {
                            return Err(calcite_error(
                                crate::sql::ident_span(name),
                                &format!("Unknown argument name '{}'", name.value),
                            ))
                        }
                    }
                }
                _ => return Err(Error::unsupported("this TVF argument form").at(span.0, span.1)),
            }
        }
        let required = names.len() - 1;
        if slots[..required].iter().any(|s| s.is_none()) {
            return Err(calcite_error(
                span,
                &format!("Invalid number of arguments to function '{}'. Was expecting {} arguments", kind, required),
            ));
        }
        // DATA => TABLE t
        let null_expr = SqlExpr::Value(sqlparser::ast::Value::Null.into());
        let data = slots[0].unwrap_or(&null_expr);
        let table_name = match data {
            SqlExpr::Function(f) if f.name.to_string() == TABLE_ARG => match &f.args {
                sqlparser::ast::FunctionArguments::List(l) => match l.args.first() {
                    Some(FunctionArg::Unnamed(FunctionArgExpr::Expr(SqlExpr::CompoundIdentifier(ids)))) => ids.clone(),
                    _ => return Err(calcite_error(span, "TABLE argument expected")),
                },
                _ => return Err(calcite_error(span, "TABLE argument expected")),
            },
            _ => {
                return Err(
                    Error::unsupported("a window TVF whose first argument is not TABLE <name>").at(span.0, span.1)
                )
            }
        };
        let obj = ObjectName::from(table_name.clone());
        let input = self.bind_named_table(&obj, &None)?;
        // TIMECOL => DESCRIPTOR(col)
        let timecol = slots[1].unwrap_or(data);
        let col_ident = match timecol {
            SqlExpr::Function(f) if f.name.to_string().eq_ignore_ascii_case("DESCRIPTOR") => match &f.args {
                sqlparser::ast::FunctionArguments::List(l) => match l.args.first() {
                    Some(FunctionArg::Unnamed(FunctionArgExpr::Expr(SqlExpr::Identifier(i)))) => i.clone(),
                    _ => return Err(calcite_error(span_of(timecol), "DESCRIPTOR needs a column name")),
                },
                _ => return Err(calcite_error(span_of(timecol), "DESCRIPTOR needs a column name")),
            },
            _ => {
                return Err(
                    Error::unsupported("a window TVF time column that is not DESCRIPTOR(col)").at(span.0, span.1)
                )
            }
        };
        let scope = Scope::new(input.scope.clone());
        let tc = match resolve(std::slice::from_ref(&col_ident), &scope, crate::sql::ident_span(&col_ident)) {
            Ok(e) => e,
            Err(_) => {
                return Err(calcite_error(
                    crate::sql::ident_span(&col_ident),
                    &format!("Unknown identifier '{}'", col_ident.value),
                ));
            }
        };
        let time_col = tc.as_input().unwrap_or(0);
        let tt = input.rel.fields[time_col].ty.clone();
        let sig = match kind {
            "TUMBLE" => "TUMBLE(TABLE table_name, DESCRIPTOR(timecol), datetime interval[, datetime interval])",
            "HOP" => "HOP(TABLE table_name, DESCRIPTOR(timecol), datetime interval, datetime interval[, datetime interval])",
            _ => "CUMULATE(TABLE table_name, DESCRIPTOR(timecol), datetime interval, datetime interval[, datetime interval])",
        };
        if !tt.kind.is_timestamp() {
            let m = format!(
                "The window function {} requires the timecol to be TIMESTAMP or TIMESTAMP_LTZ, but is {}.\nBesides, the timecol must be a time attribute type in streaming mode.",
                sig,
                crate::types::calcite_name(&tt)
            );
            return Err(Error::validation(format!("SQL validation failed. {}", m))
                .caused_by(format!("org.apache.flink.table.api.ValidationException: {}", m)));
        }
        if tt.time_attr() == TimeAttr::None {
            return Err(Error::validation(
                "Error while applying rule StreamPhysicalWindowTableFunctionRule(in:LOGICAL,out:STREAM_PHYSICAL)",
            )
            .with_class("java.lang.RuntimeException")
            .caused_by(format!(
                "org.apache.flink.table.api.ValidationException: The window function requires the timecol is a time attribute type, but is {}.",
                tt.summary()
            )));
        }
        // sizes
        let ms = |i: usize| -> Result<Option<i64>> {
            match slots.get(i).copied().flatten() {
                None => Ok(None),
                Some(e @ SqlExpr::Interval(iv)) => match interval_value(iv, span_of(e))? {
                    Value::Interval(v) => Ok(Some(v)),
                    _ => Err(Error::table(
                        "Window aggregate only support SECOND, MINUTE, HOUR, DAY as the time unit. MONTH and YEAR time unit are not supported yet.",
                    )),
                },
                Some(other) => {
                    let b = bind_scalar(other, &scope, self.zone)?;
                    Err(calcite_error(
                        span,
                        &format!(
                            "Cannot apply '{}' to arguments of type '{}(<RECORDTYPE(…)>, <COLUMN_LIST>, <{}>)'. Supported form(s): {}",
                            kind,
                            kind,
                            crate::types::calcite_name(b.ty()),
                            sig
                        ),
                    ))
                }
            }
        };
        let a = ms(2)?.unwrap_or(0);
        let b = ms(3)?;
        let offset_slot = names.len() - 1;
        let offset = ms(offset_slot)?.unwrap_or(0);
        let spec = match kind {
            "TUMBLE" => {
                if a <= 0 {
                    return Err(Error::validation(format!(
                        "TUMBLE table function based aggregate requires size to be positive, but got {} ms.",
                        a
                    )));
                }
                WindowSpec::Tumble { size: a, offset }
            }
            "HOP" => {
                let size = b.unwrap_or(0);
                if a <= 0 || size <= 0 {
                    return Err(Error::validation(format!(
                        "HOP table function based aggregate requires slide and size to be positive, but got slide {} ms and size {} ms.",
                        a, size
                    )));
                }
                WindowSpec::Hop { slide: a, size, offset }
            }
            _ => {
                let max = b.unwrap_or(0);
                if a <= 0 || max <= 0 {
                    return Err(Error::validation(format!(
                        "CUMULATE table function based aggregate requires maxSize and step to be positive, but got maxSize {} ms and step {} ms.",
                        max, a
                    )));
                }
                if max % a != 0 {
                    return Err(Error::validation(format!(
                        "CUMULATE table function based aggregate requires maxSize must be an integral multiple of step, but got maxSize {} ms and step {} ms.",
                        max, a
                    )));
                }
                WindowSpec::Cumulate { step: a, max_size: max, offset }
            }
        };
        // only TUMBLE checks its offset: HOP and CUMULATE take any offset (oracle)
        if let WindowSpec::Tumble { size, .. } = spec {
            if offset.abs() >= size {
                return Err(Error::validation(format!(
                    "TUMBLE table function parameters must satisfy abs(offset) < size, but got size {} ms and offset {} ms.",
                    size, offset
                )));
            }
        }
        let ltz = matches!(tt.kind, TypeKind::TimestampLtz { .. });
        let proctime = tt.time_attr() == TimeAttr::Proctime;
        let mut fields = input.rel.fields.clone();
        let n = fields.len();
        let ws_t = DataType::not_null(TypeKind::Timestamp { precision: 3, attr: TimeAttr::None });
        let wt_t = DataType::not_null(if ltz {
            TypeKind::TimestampLtz { precision: 3, attr: if proctime { TimeAttr::Proctime } else { TimeAttr::Rowtime } }
        } else {
            TypeKind::Timestamp { precision: 3, attr: TimeAttr::Rowtime }
        });
        fields.push(Field { name: "window_start".into(), ty: ws_t.clone() });
        fields.push(Field { name: "window_end".into(), ty: ws_t.clone() });
        fields.push(Field { name: "window_time".into(), ty: wt_t.clone() });
        let mut scope_out = input.scope.clone();
        for f in &mut scope_out {
            f.qualifier = None;
        }
        scope_out.push(ScopeField {
            qualifier: None,
            name: "window_start".into(),
            ty: ws_t.clone(),
            hidden: false,
            merged: false,
        });
        scope_out.push(ScopeField {
            qualifier: None,
            name: "window_end".into(),
            ty: ws_t,
            hidden: false,
            merged: false,
        });
        scope_out.push(ScopeField {
            qualifier: None,
            name: "window_time".into(),
            ty: wt_t,
            hidden: false,
            merged: false,
        });
        let insert_only = input.rel.insert_only;
        let producer = input.rel.update_producer.clone();
        // TUMBLE keeps one row per input row; HOP and CUMULATE repeat rows
        let unique_keys =
            if matches!(spec, WindowSpec::Tumble { .. }) { input.rel.unique_keys.clone() } else { Vec::new() };
        let rel = Rel {
            unique_keys,
            node: Node::WindowTvf { input: Box::new(input.rel), spec, time_col, ltz, proctime },
            fields,
            insert_only,
            update_producer: producer,
            window: Some(WindowProps {
                spec,
                window_start: vec![n],
                window_end: vec![n + 1],
                window_time: vec![n + 2],
                ltz,
                proctime,
            }),
        };
        Ok(Bound { rel, scope: scope_out })
    }
}

fn unreachable_window() -> WindowProps {
    WindowProps {
        spec: WindowSpec::Tumble { size: 1, offset: 0 },
        window_start: Vec::new(),
        window_end: Vec::new(),
        window_time: Vec::new(),
        ltz: false,
        proctime: false,
    }
}

/// Uniquifies select-list names: explicit aliases keep theirs, derived names yield.
fn uniquify_keeping_aliases(names: &mut [String], items: &[SelectItem]) {
    // expand the item kinds to one flag per output column: aliased or not
    let mut aliased = Vec::new();
    for it in items {
        match it {
            SelectItem::ExprWithAlias { .. } => aliased.push(true),
            _ => aliased.push(false),
        }
    }
    if aliased.len() != names.len() {
        // wildcards expand to several columns: treat all as derived
        uniquify(names);
        return;
    }
    let mut used: Vec<String> = names.iter().zip(&aliased).filter(|(_, a)| **a).map(|(n, _)| n.clone()).collect();
    let mut seen_alias: Vec<String> = Vec::new();
    for (i, n) in names.iter_mut().enumerate() {
        if aliased[i] {
            if seen_alias.contains(n) {
                // a repeated alias is uniquified too
                let base = n.clone();
                let mut j = 0;
                while used.contains(&format!("{}{}", base, j)) {
                    j += 1;
                }
                *n = format!("{}{}", base, j);
                used.push(n.clone());
            }
            seen_alias.push(n.clone());
            continue;
        }
        if used.contains(n) {
            let base = n.clone();
            let mut j = 0;
            while used.contains(&format!("{}{}", base, j)) {
                j += 1;
            }
            *n = format!("{}{}", base, j);
        }
        used.push(n.clone());
    }
}

/// For scans: computed and metadata columns are evaluated at the source.
pub fn _column_kind_name(k: &ColumnKind) -> &'static str {
    match k {
        ColumnKind::Physical => "physical",
        ColumnKind::Computed(_) => "computed",
        ColumnKind::Metadata { .. } => "metadata",
        ColumnKind::System => "system",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn uniquify_like_calcite() {
        let mut v = vec!["id".to_string(), "id".into(), "id".into()];
        uniquify(&mut v);
        assert_eq!(v, vec!["id", "id0", "id1"]);
    }

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
