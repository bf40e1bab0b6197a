//! Grouped query blocks: `GROUP BY`, aggregate calls in the select list or HAVING, and
//! `SELECT DISTINCT`, bound as Calcite converts them: a projection of the group keys and the
//! calls' arguments, the aggregation (keys first, then one column per distinct call), then a
//! Calc for HAVING and the select list over the aggregation's output.
//!
//! Which aggregation it is — a window aggregation when the keys hold a window's start and end
//! (SEMANTICS.md §2), otherwise a group aggregation — is decided in [`Binder::aggregation`].

use std::cell::RefCell;

use sqlparser::ast::{
    DuplicateTreatment, Expr as SqlExpr, Function, FunctionArg, FunctionArgExpr, FunctionArguments, GroupByExpr, Select,
};

use super::window_aggregate::{window_keys, WindowKeys};
use super::{select_list, Binder, Bound};
use crate::error::{Error, Result};
use crate::expr::aggregate::{AggCall, AggFunc};
use crate::expr::bind::{bind_grouped, bind_scalar, calcite_error, GroupedScope, Scope};
use crate::expr::{Expr, Op};
use crate::plan::monotonicity::{self, Monotonicity};
use crate::plan::rel::{calc, Field, GroupAggregateNode, Node, Rel};
use crate::sql::span_of;
use crate::sql::walk::{find_call, function_args, function_name};
use crate::time::SessionZone;
use crate::types::{calcite_name, DataType, TypeKind};

/// A call of an aggregate function (not a window function: no OVER).
pub(super) fn is_aggregate_call(f: &Function) -> bool {
    f.over.is_none() && AggFunc::is_aggregate_name(&function_name(f))
}

/// The first aggregate call in `e`, outermost first.
pub(super) fn find_aggregate(e: &SqlExpr) -> Option<&SqlExpr> {
    find_call(e, &is_aggregate_call)
}

/// The span Calcite reports for an expression (a call's includes its closing parenthesis).
pub(super) fn expr_span(e: &SqlExpr) -> (crate::error::Pos, crate::error::Pos) {
    match e {
        SqlExpr::Function(f) => crate::sql::call_span(f),
        other => span_of(other),
    }
}

/// Whether the block aggregates: GROUP BY, HAVING, DISTINCT or an aggregate call in the select list.
pub(super) fn is_grouped(s: &Select, list: super::SelectList<'_>) -> bool {
    let group_by = !matches!(&s.group_by, GroupByExpr::Expressions(v, m) if v.is_empty() && m.is_empty())
        || matches!(&s.group_by, GroupByExpr::Expressions(v, _) if v.iter().any(|g| matches!(g, SqlExpr::Tuple(t) if t.is_empty())));
    let distinct = matches!(s.distinct, Some(sqlparser::ast::Distinct::Distinct));
    let calls = list.exprs().any(|e| find_aggregate(e).is_some());
    group_by || distinct || calls || s.having.is_some()
}

/// The text Calcite quotes for an expression that is not grouped (`v`, `t.v`).
fn quoted(e: &SqlExpr) -> String {
    match e {
        SqlExpr::Identifier(i) => i.value.clone(),
        SqlExpr::CompoundIdentifier(ids) => ids.iter().map(|i| i.value.clone()).collect::<Vec<_>>().join("."),
        other => other.to_string(),
    }
}

/// A call as bound, before the aggregation's input columns are fixed.
struct PendingCall {
    func: AggFunc,
    /// Expressions over the FROM scope (value, and LISTAGG's separator).
    args: Vec<Expr>,
    distinct: bool,
    filter: Option<Expr>,
    ty: DataType,
    /// The select item's alias or `EXPR$n` when the item is the call itself.
    name: Option<String>,
}

/// The hook that binds a grouped block's SELECT and HAVING expressions.
struct Grouping<'a, 'z> {
    from: &'a Scope<'a>,
    zone: &'z SessionZone,
    groups: &'a [Expr],
    /// Per group expression: some grouping set rolls it up (its column is nullable).
    rolled: &'a [bool],
    /// Grouping sets: the aggregation's output has the set id `$e` after the keys.
    expand: bool,
    calls: RefCell<Vec<PendingCall>>,
    /// The name the next top-level call gets (set per select item).
    item_name: RefCell<Option<String>>,
}

impl Grouping<'_, '_> {
    fn call(&self, _e: &SqlExpr, f: &Function) -> Result<Expr> {
        let span = crate::sql::call_span(f);
        let name = function_name(f);
        if let Some(inner) = function_args(f).into_iter().find_map(find_aggregate) {
            if f.filter.as_deref().and_then(find_aggregate).is_some() && find_aggregate_in_args(f).is_none() {
                return Err(calcite_error(
                    expr_span(f.filter.as_deref().unwrap_or(inner)),
                    "FILTER must not contain aggregate expression",
                ));
            }
            return Err(calcite_error(span, "Aggregate expressions cannot be nested"));
        }
        let Some(mut func) = AggFunc::from_name(&name) else {
            return Err(Error::unsupported(format!("the aggregate function {}", name)).at(span.0, span.1));
        };
        let (list, distinct) = match &f.args {
            FunctionArguments::List(l) => {
                (l.args.iter().collect::<Vec<_>>(), matches!(l.duplicate_treatment, Some(DuplicateTreatment::Distinct)))
            }
            _ => (Vec::new(), false),
        };
        let mut args = Vec::new();
        let star = matches!(list.as_slice(), [FunctionArg::Unnamed(FunctionArgExpr::Wildcard)]);
        if !star {
            for a in &list {
                match a {
                    FunctionArg::Unnamed(FunctionArgExpr::Expr(x)) => {
                        args.push((x, bind_scalar(x, self.from, self.zone)?))
                    }
                    _ => return Err(Error::unsupported(format!("this argument of {}", name)).at(span.0, span.1)),
                }
            }
        }
        if func == AggFunc::Count {
            // COUNT(*) and COUNT(<constant>) count rows
            match args.as_slice() {
                [] => func = AggFunc::Count1,
                [(_, x)] if matches!(x, Expr::Literal { value, .. } if !value.is_null()) && !distinct => {
                    func = AggFunc::Count1;
                    args.clear();
                }
                [_] => {}
                _ => return Err(Error::table("We now only support the count of one field.")),
            }
        } else if func == AggFunc::ListAgg {
            if args.len() == 2 && !matches!(args[1].1, Expr::Literal { .. }) {
                return Err(calcite_error(span, "Argument to function 'LISTAGG' must be a literal"));
            }
            if args.is_empty() || args.len() > 2 {
                return Err(calcite_error(
                    span,
                    "Invalid number of arguments to function 'LISTAGG'. Was expecting 1 arguments",
                ));
            }
        } else if args.len() != 1 {
            return Err(calcite_error(
                span,
                &format!("Invalid number of arguments to function '{}'. Was expecting 1 arguments", name),
            ));
        }
        let filter = match &f.filter {
            Some(c) => {
                let x = bind_scalar(c, self.from, self.zone)?;
                if !matches!(x.ty().kind, TypeKind::Boolean) {
                    return Err(calcite_error(span_of(&**c), "FILTER clause must be a condition"));
                }
                Some(Expr::call(Op::IsTrue, vec![x], DataType::not_null(TypeKind::Boolean)))
            }
            None => None,
        };
        let grouped = !self.groups.is_empty();
        let arg_ty = args.first().map(|(_, x)| x.ty().clone());
        let ty = func.result_type(arg_ty.as_ref(), grouped, filter.is_some()).ok_or_else(|| {
            let t = arg_ty.as_ref().map(calcite_name).unwrap_or_default();
            let family = if func == AggFunc::ListAgg { "<STRING>" } else { "<NUMERIC>" };
            calcite_error(
                span,
                &format!(
                    "Cannot apply '{n}' to arguments of type '{n}(<{t}>)'. Supported form(s): '{n}({f})'",
                    n = name,
                    t = t,
                    f = family
                ),
            )
        })?;
        let args: Vec<Expr> = args.into_iter().map(|(_, x)| x).collect();
        let mut calls = self.calls.borrow_mut();
        let same = |c: &PendingCall| c.func == func && c.args == args && c.distinct == distinct && c.filter == filter;
        let index = match calls.iter().position(same) {
            Some(i) => i,
            None => {
                calls.push(PendingCall {
                    func,
                    args,
                    distinct,
                    filter,
                    ty: ty.clone(),
                    name: self.item_name.borrow_mut().take(),
                });
                calls.len() - 1
            }
        };
        Ok(Expr::input(self.groups.len() + usize::from(self.expand) + index, ty))
    }

    /// A group key as the aggregation outputs it (nullable when a grouping set rolls it up).
    fn key(&self, i: usize) -> Expr {
        let t = self.groups[i].ty().clone();
        Expr::input(i, if self.rolled[i] { t.with_nullable(true) } else { t })
    }

    /// `GROUPING(x, …)` / `GROUPING_ID(x, …)`: the bits of the rolled-up keys among its arguments
    /// (first argument highest), from the set id `$e`.
    fn grouping(&self, f: &Function) -> Result<Expr> {
        let bigint = DataType::not_null(TypeKind::BigInt);
        let lit = |v: i64| Expr::literal(crate::value::Value::BigInt(v), DataType::not_null(TypeKind::BigInt));
        let n = self.groups.len();
        let args = function_args(f);
        let mut total: Option<Expr> = None;
        for (j, a) in args.iter().enumerate() {
            let x = bind_scalar(a, self.from, self.zone)?;
            let Some(i) = self.groups.iter().position(|g| *g == x) else {
                return Err(calcite_error(span_of(*a), "Argument to GROUPING operator must be a grouped expression"));
            };
            let bit = if self.expand {
                let e = Expr::input(n, bigint.clone());
                let shifted = Expr::call(Op::Divide, vec![e, lit(1i64 << (n - 1 - i))], bigint.clone());
                Expr::call(Op::Mod, vec![shifted, lit(2)], bigint.clone())
            } else {
                lit(0)
            };
            let weight = 1i64 << (args.len() - 1 - j);
            let term = if weight == 1 { bit } else { Expr::call(Op::Times, vec![bit, lit(weight)], bigint.clone()) };
            total = Some(match total {
                None => term,
                Some(t) => Expr::call(Op::Plus, vec![t, term], bigint.clone()),
            });
        }
        total.ok_or_else(|| {
            calcite_error(crate::sql::call_span(f), "Invalid number of arguments to function 'GROUPING'")
        })
    }
}

fn find_aggregate_in_args(f: &Function) -> Option<&SqlExpr> {
    crate::sql::list_args(f).iter().find_map(|a| match a {
        FunctionArg::Unnamed(FunctionArgExpr::Expr(e)) => find_aggregate(e),
        _ => None,
    })
}

impl GroupedScope for Grouping<'_, '_> {
    fn intercept(&self, e: &SqlExpr) -> Option<Result<Expr>> {
        if let SqlExpr::Function(f) = e {
            if matches!(function_name(f).as_str(), "GROUPING" | "GROUPING_ID") && f.over.is_none() {
                return Some(self.grouping(f));
            }
            if is_aggregate_call(f) {
                return Some(self.call(e, f));
            }
        }
        if find_aggregate(e).is_some() {
            return None;
        }
        let ident = matches!(e, SqlExpr::Identifier(_) | SqlExpr::CompoundIdentifier(_));
        match bind_scalar(e, self.from, self.zone) {
            Ok(x) => {
                if let Some(i) = self.groups.iter().position(|g| *g == x) {
                    return Some(Ok(self.key(i)));
                }
                let mut cols = Vec::new();
                x.inputs(&mut cols);
                if cols.is_empty() {
                    return Some(Ok(x));
                }
                if ident {
                    return Some(Err(calcite_error(
                        span_of(e),
                        &format!("Expression '{}' is not being grouped", quoted(e)),
                    )));
                }
                None
            }
            Err(err) if ident => Some(Err(err)),
            Err(_) => None,
        }
    }
}

impl<'c> Binder<'c> {
    /// A grouped block's select list over `bound` (FROM and WHERE done; `filter` is what of
    /// WHERE stayed above the joins).
    pub(super) fn bind_grouped_select(
        &mut self,
        s: &'c Select,
        list: super::SelectList<'_>,
        bound: Bound,
        filter: Option<Expr>,
    ) -> Result<Bound> {
        let from = Scope::new(bound.scope.clone());
        self.agg_ttl = self.ttl_for(super::single_qualifier(&bound.scope).as_deref(), self.state_ttl.0);
        // a filter on a rank number below makes a Top-N first
        let (rel, filter) = crate::plan::rank::recognize(bound.rel, filter, self.state_ttl.0)?;
        let input = match filter {
            Some(f) => {
                let project = rel.fields.iter().enumerate().map(|(i, f)| Expr::input(i, f.ty.clone())).collect();
                let names = rel.names();
                calc(rel, Some(f), project, names)
            }
            None => rel,
        };
        // GROUP BY
        let mut groups: Vec<Expr> = Vec::new();
        let mut group_names: Vec<String> = Vec::new();
        let group_items: Vec<&SqlExpr> = match &s.group_by {
            // `GROUP BY ()` is the empty grouping: a global aggregation
            GroupByExpr::Expressions(v, m) if m.is_empty() => {
                v.iter().filter(|g| !matches!(g, SqlExpr::Tuple(t) if t.is_empty())).collect()
            }
            _ => return Err(Error::unsupported("GROUP BY ALL / WITH ROLLUP")),
        };
        // each item's grouping sets (indexes into `groups`), crossed: `a, ROLLUP(b)` is (a, b), (a)
        let mut sets: Vec<Vec<usize>> = vec![Vec::new()];
        let mut with_sets = false;
        let add = |g: &SqlExpr, groups: &mut Vec<Expr>, group_names: &mut Vec<String>| -> Result<usize> {
            if let Some(a) = find_aggregate(g) {
                return Err(calcite_error(expr_span(a), "Aggregate expression is illegal in GROUP BY clause"));
            }
            let x = bind_scalar(g, &from, self.zone)?;
            Ok(match groups.iter().position(|y| *y == x) {
                Some(i) => i,
                None => {
                    group_names.push(match x.as_input() {
                        Some(c) => input.fields[c].name.clone(),
                        None => format!("$f{}", groups.len()),
                    });
                    groups.push(x);
                    groups.len() - 1
                }
            })
        };
        for &g in &group_items {
            if let Some(e) = legacy_group_window(g, &from, self.zone) {
                return Err(e);
            }
            let item_sets: Vec<Vec<usize>> = match g {
                SqlExpr::GroupingSets(list) | SqlExpr::Rollup(list) | SqlExpr::Cube(list) => {
                    with_sets = true;
                    let mut parts: Vec<Vec<usize>> = Vec::new();
                    for part in list {
                        let mut ids = Vec::new();
                        for x in part {
                            // `(a, b)` inside ROLLUP / CUBE is one part
                            let xs: Vec<&SqlExpr> = match x {
                                SqlExpr::Tuple(items) => items.iter().collect(),
                                SqlExpr::Nested(inner) if matches!(g, SqlExpr::GroupingSets(_)) => vec![&**inner],
                                other => vec![other],
                            };
                            for y in xs {
                                ids.push(add(y, &mut groups, &mut group_names)?);
                            }
                        }
                        parts.push(ids);
                    }
                    match g {
                        SqlExpr::GroupingSets(_) => parts,
                        SqlExpr::Rollup(_) => (0..=parts.len()).rev().map(|n| parts[..n].concat()).collect(),
                        _ => {
                            // CUBE: every subset, the bigger (and the earlier columns) first
                            let n = parts.len();
                            let mut subsets: Vec<Vec<usize>> = (0..(1u32 << n))
                                .rev()
                                .map(|mask| {
                                    (0..n)
                                        .filter(|i| mask & (1 << (n - 1 - i)) != 0)
                                        .flat_map(|i| parts[i].clone())
                                        .collect()
                                })
                                .collect();
                            subsets.dedup();
                            subsets
                        }
                    }
                }
                other => vec![vec![add(other, &mut groups, &mut group_names)?]],
            };
            let mut crossed = Vec::new();
            for s0 in &sets {
                for s1 in &item_sets {
                    let mut u = s0.clone();
                    for i in s1 {
                        if !u.contains(i) {
                            u.push(*i);
                        }
                    }
                    crossed.push(u);
                }
            }
            sets = crossed;
        }
        // Calcite's order of grouping sets: enclosing sets first, then by their columns
        for s in sets.iter_mut() {
            crate::sort::sort(s);
        }
        let mut unique_sets: Vec<Vec<usize>> = Vec::new();
        for s in sets {
            if !unique_sets.contains(&s) {
                unique_sets.push(s);
            }
        }
        crate::sort::sort_by(&mut unique_sets, |a, b| b.len().cmp(&a.len()).then_with(|| a.cmp(b)));
        // (a single grouping set is a plain GROUP BY of its columns)
        let sets: Option<Vec<Vec<usize>>> = if with_sets && unique_sets.len() > 1 { Some(unique_sets) } else { None };
        // a column some set rolls up is NULL in that set's rows
        let rolled: Vec<bool> =
            (0..groups.len()).map(|i| sets.as_ref().is_some_and(|ss| ss.iter().any(|s| !s.contains(&i)))).collect();
        let distinct = matches!(s.distinct, Some(sqlparser::ast::Distinct::Distinct));
        let calls_in_select = list.exprs().any(|e| find_aggregate(e).is_some());
        if distinct && group_items.is_empty() && !calls_in_select && s.having.is_none() {
            // SELECT DISTINCT without GROUP BY or aggregates: the distinct rows of the select list
            let inner = self.bind_plain_select(list, input, &from)?;
            return self.distinct(inner);
        }
        // a window's start and end among the keys make it a window aggregation (Flink's
        // StreamPhysicalWindowAggregateRule); not with grouping sets
        let window = match &sets {
            None => window_keys(&input, &groups),
            Some(ss) => {
                if let Some(w) = window_keys(&input, &groups) {
                    if ss.iter().all(|s| s.contains(&w.start) && s.contains(&w.end)) {
                        return Err(Error::unsupported("GROUPING SETS in a window aggregation"));
                    }
                }
                None
            }
        };
        if window.is_some() && self.emit_fire {
            return Err(Error::table("Currently, window table function based aggregate doesn't support early-fire and late-fire configuration 'table.exec.emit.early-fire.enabled' and 'table.exec.emit.late-fire.enabled'."));
        }
        let hook = Grouping {
            from: &from,
            zone: self.zone,
            groups: &groups,
            rolled: &rolled,
            expand: sets.is_some(),
            calls: RefCell::new(Vec::new()),
            item_name: RefCell::new(None),
        };
        // the select list over the aggregation's output (a call that is a whole item is named
        // after it: its alias, else EXPR$<position>)
        let (exprs, names) = select_list(
            list,
            &bound.scope,
            &|e: &SqlExpr| {
                let position = list.ordinal_of(e);
                if matches!(e, SqlExpr::Function(f) if is_aggregate_call(f)) {
                    *hook.item_name.borrow_mut() =
                        Some(item_alias(list.items, e).unwrap_or_else(|| format!("EXPR${}", position)));
                }
                let r = bind_grouped(e, &from, self.zone, &hook);
                hook.item_name.borrow_mut().take();
                r
            },
            &|i: usize, span| {
                let x = Expr::input(i, bound.scope[i].ty.clone());
                match groups.iter().position(|g| *g == x) {
                    Some(g) => Ok(hook.key(g)),
                    None => {
                        let f = &bound.scope[i];
                        let q = match &f.qualifier {
                            Some(q) => format!("{}.{}", q, f.name),
                            None => f.name.clone(),
                        };
                        Err(calcite_error((span.0, span.0), &format!("Expression '{}' is not being grouped", q)))
                    }
                }
            },
        )?;
        let having = match &s.having {
            Some(h) => {
                let x = bind_grouped(h, &from, self.zone, &hook)?;
                if !matches!(x.ty().kind, TypeKind::Boolean | TypeKind::Null) {
                    return Err(calcite_error(span_of(h), "HAVING clause must be a condition"));
                }
                Some(x)
            }
            None => None,
        };
        let calls = hook.calls.into_inner();
        let (agg, remap) = self.aggregation(input, groups, group_names, calls, sets, window)?;
        // a window aggregation puts its window columns after the calls
        let (exprs, having) = match remap {
            Some(m) => (
                exprs.iter().map(|e| e.remap(&|i| m.get(i).copied().unwrap_or(i))).collect(),
                having.map(|h| h.remap(&|i| m.get(i).copied().unwrap_or(i))),
            ),
            None => (exprs, having),
        };
        let out = self.finish_select(list, agg, having, exprs, names)?;
        if distinct {
            return self.distinct(out);
        }
        Ok(out)
    }

    /// An ungrouped select list (the rows SELECT DISTINCT makes distinct).
    fn bind_plain_select(&mut self, list: super::SelectList<'_>, input: Rel, from: &Scope) -> Result<Bound> {
        let zone = self.zone;
        let (exprs, names) =
            select_list(list, &from.fields, &|e: &SqlExpr| bind_scalar(e, from, zone), &|i: usize, _span| {
                Ok(Expr::input(i, from.fields[i].ty.clone()))
            })?;
        self.finish_select(list, input, None, exprs, names)
    }

    /// `SELECT DISTINCT`: a group aggregation over every column, without calls.
    pub(super) fn distinct(&mut self, b: Bound) -> Result<Bound> {
        let groups: Vec<Expr> = b.rel.fields.iter().enumerate().map(|(i, f)| Expr::input(i, f.ty.clone())).collect();
        let names = b.rel.names();
        let (rel, _) = self.aggregation(b.rel, groups, names, Vec::new(), None, None)?;
        Ok(Bound { rel, scope: b.scope })
    }

    /// The aggregation of `input` by `groups` with `calls`: the projection of keys and
    /// arguments, then the aggregation node.
    fn aggregation(
        &mut self,
        input: Rel,
        groups: Vec<Expr>,
        group_names: Vec<String>,
        calls: Vec<PendingCall>,
        sets: Option<Vec<Vec<usize>>>,
        window: Option<WindowKeys>,
    ) -> Result<(Rel, Option<Vec<usize>>)> {
        // the input projection: keys, then each distinct argument / filter expression
        let mut pre: Vec<Expr> = groups.clone();
        let mut pre_names: Vec<String> = group_names.clone();
        let slot = |x: &Expr, pre: &mut Vec<Expr>, pre_names: &mut Vec<String>| -> usize {
            match pre.iter().position(|p| p == x) {
                Some(i) => i,
                None => {
                    pre_names.push(match x.as_input() {
                        Some(c) => input.fields[c].name.clone(),
                        None => format!("$f{}", pre.len()),
                    });
                    pre.push(x.clone());
                    pre.len() - 1
                }
            }
        };
        let mut bound_calls = Vec::new();
        for (j, c) in calls.into_iter().enumerate() {
            let args: Vec<usize> = c.args.iter().map(|a| slot(a, &mut pre, &mut pre_names)).collect();
            let filter = c.filter.as_ref().map(|f| slot(f, &mut pre, &mut pre_names));
            bound_calls.push(AggCall {
                func: c.func,
                args,
                distinct: c.distinct,
                filter,
                ty: c.ty,
                name: c.name.unwrap_or_else(|| format!("$f{}", groups.len() + usize::from(sets.is_some()) + j)),
            });
        }
        if self.distinct_split && bound_calls.iter().any(|c| c.distinct) {
            return Err(Error::unsupported(
                "table.optimizer.distinct-agg.split.enabled = true (Flink's two-level DISTINCT aggregation)",
            ));
        }
        let ngroups = groups.len();
        if sets.is_some() {
            // Flink's ExpandUtil: a call that reads a grouping column reads a copy of it that the
            // Expand does not null out (ROLLUP(k, s) with FIRST_VALUE(s): the real s in every set)
            let mut copies: Vec<(usize, usize)> = Vec::new();
            for c in bound_calls.iter_mut() {
                for a in c.args.iter_mut().chain(c.filter.iter_mut()) {
                    if *a < ngroups {
                        let copy = match copies.iter().find(|(g, _)| g == a) {
                            Some(&(_, x)) => x,
                            None => {
                                pre.push(pre[*a].clone());
                                pre_names.push(format!("{}_0", pre_names[*a]));
                                copies.push((*a, pre.len() - 1));
                                pre.len() - 1
                            }
                        };
                        *a = copy;
                    }
                }
            }
        }
        let mut input = input;
        let input_updating = !input.insert_only;
        // FlinkRelMdModifiedMonotonicity: a MAX over a column that only grows (a MIN over one that
        // only shrinks) needs no retraction; when no call needs one, the input sends no -U
        let call_retract: Vec<bool> =
            bound_calls.iter().map(|c| input_updating && needs_retraction(&input, &pre, c)).collect();
        // a MAX or MIN over a SUM Flink may call monotonic from a value range (monotonicity::undecided)
        if input_updating && bound_calls.iter().any(|c| min_max_over_undecided(&input, &pre, c)) {
            return Err(Error::unsupported(
                "MAX or MIN over a SUM whose argument Flink may know the range of (a filter on the summed column, a FILTER clause, a computed argument): Flink then decides whether it retracts from that range (FlinkRelMdColumnInterval), which JoinLab does not derive",
            ));
        }
        if input_updating && !bound_calls.is_empty() && !call_retract.iter().any(|r| *r) {
            drop_update_before(&mut input);
        }
        let pre_len = pre.len();
        if let Some(w) = window {
            return self.window_aggregation(input, pre, pre_names, ngroups, bound_calls, call_retract, w);
        }
        let pre_rel = calc(input, None, pre, pre_names.clone());
        let (agg_input, group) = match &sets {
            Some(sets) => (expand(pre_rel, ngroups, sets), (0..ngroups).chain([pre_len]).collect::<Vec<usize>>()),
            None => {
                if let Some(rel) = remove_aggregate(&pre_rel, ngroups, &bound_calls) {
                    return Ok((rel(pre_rel), None));
                }
                (pre_rel, (0..ngroups).collect())
            }
        };
        let pre_rel = agg_input;
        let mut fields: Vec<Field> = group
            .iter()
            .map(|&i| Field { name: pre_rel.fields[i].name.clone(), ty: pre_rel.fields[i].ty.clone() })
            .collect();
        for c in &bound_calls {
            fields.push(Field { name: c.name.clone(), ty: c.ty.clone() });
        }
        let node = GroupAggregateNode {
            input: pre_rel,
            group: group.clone(),
            calls: bound_calls,
            retract: input_updating,
            call_retract,
            update_before: true,
            ttl: self.agg_ttl,
        };
        let producer = crate::plan::explain::group_aggregate_line(&node, &fields);
        Ok((
            Rel {
                node: Node::GroupAggregate(Box::new(node)),
                fields,
                insert_only: false,
                update_producer: Some(producer),
                window: None,
                unique_keys: if group.is_empty() { Vec::new() } else { vec![(0..group.len()).collect()] },
            },
            None,
        ))
    }
}

/// The legacy group windows (`GROUP BY TUMBLE(ts, INTERVAL …)`): not run.
fn legacy_group_window(g: &SqlExpr, from: &Scope, zone: &SessionZone) -> Option<Error> {
    let SqlExpr::Function(f) = g else { return None };
    let name = function_name(f);
    if !matches!(name.as_str(), "TUMBLE" | "HOP" | "SESSION") {
        return None;
    }
    let span = crate::sql::call_span(f);
    if let Some(first) = function_args(f).first() {
        if let Ok(x) = bind_scalar(first, from, zone) {
            if x.ty().time_attr() == crate::types::TimeAttr::None {
                return Some(Error::table(format!(
                    "Window aggregate can only be defined over a time attribute column, but {} encountered.",
                    x.ty().summary()
                )));
            }
        }
    }
    Some(Error::unsupported(format!(
        "the legacy GROUP BY {}(…) group window; use the {} table function: GROUP BY window_start, window_end over TABLE({}(…))",
        name, name, name
    ))
    .at(span.0, span.1))
}

/// Calcite's `Expand` for grouping sets: one copy of each row per set, the keys a set rolls up
/// NULL, and the set id `$e` (a bit per key, the first key highest, set when rolled up) last.
fn expand(input: Rel, ngroups: usize, sets: &[Vec<usize>]) -> Rel {
    let types = input.types();
    let mut names = input.names();
    let rolled = |i: usize| i < ngroups && sets.iter().any(|s| !s.contains(&i));
    let projects: Vec<Vec<Expr>> = sets
        .iter()
        .map(|s| {
            let mut p: Vec<Expr> = (0..types.len())
                .map(|i| {
                    let t = if rolled(i) { types[i].with_nullable(true) } else { types[i].clone() };
                    if i < ngroups && !s.contains(&i) {
                        Expr::literal(crate::value::Value::Null, t)
                    } else {
                        Expr::input(i, t)
                    }
                })
                .collect();
            let id: i64 = (0..ngroups).filter(|i| !s.contains(i)).map(|i| 1i64 << (ngroups - 1 - i)).sum();
            p.push(Expr::literal(crate::value::Value::BigInt(id), DataType::not_null(TypeKind::BigInt)));
            p
        })
        .collect();
    names.push("$e".into());
    let mut fields: Vec<Field> = (0..types.len())
        .map(|i| Field {
            name: names[i].clone(),
            ty: if rolled(i) { types[i].with_nullable(true) } else { types[i].clone() },
        })
        .collect();
    fields.push(Field { name: "$e".into(), ty: DataType::not_null(TypeKind::BigInt) });
    let insert_only = input.insert_only;
    let update_producer = input.update_producer.clone();
    Rel {
        node: Node::Expand { input: Box::new(input), projects },
        fields,
        insert_only,
        update_producer,
        window: None,
        unique_keys: Vec::new(),
    }
}

/// Whether a call over the updating `input` needs retraction: any but a MAX over a growing (or
/// constant) column or a MIN over a shrinking one.
fn needs_retraction(input: &Rel, pre: &[Expr], c: &AggCall) -> bool {
    let arg = c.args.first().and_then(|&a| pre.get(a)).and_then(|x| x.as_input());
    let m = arg.and_then(|a| monotonicity::of(input, a));
    match c.func {
        AggFunc::Max => !matches!(m, Some(Monotonicity::Increasing | Monotonicity::Constant)),
        AggFunc::Min => !matches!(m, Some(Monotonicity::Decreasing | Monotonicity::Constant)),
        _ => true,
    }
}

/// A MAX or MIN whose argument is a SUM of `input` of undecided monotonicity.
fn min_max_over_undecided(input: &Rel, pre: &[Expr], c: &AggCall) -> bool {
    let arg = c.args.first().and_then(|&a| pre.get(a)).and_then(|x| x.as_input());
    matches!(c.func, AggFunc::Max | AggFunc::Min) && arg.is_some_and(|a| monotonicity::undecided(input, a))
}

/// The aggregation below (through projections) sends no `-U`.
fn drop_update_before(rel: &mut Rel) {
    match &mut rel.node {
        Node::Calc { input, .. } => drop_update_before(input),
        Node::GroupAggregate(a) => a.update_before = false,
        _ => {}
    }
}

/// Flink's `FlinkAggregateRemoveRule`: an aggregation whose keys hold a unique key of its input
/// and whose calls are all SUM / MIN / MAX of one column without FILTER computes nothing (each
/// group is one row): it becomes a projection of the keys and the calls' arguments, cast to the
/// calls' types.
fn remove_aggregate(pre: &Rel, ngroups: usize, calls: &[AggCall]) -> Option<Box<dyn FnOnce(Rel) -> Rel>> {
    if ngroups == 0 {
        return None;
    }
    let simple = calls.iter().all(|c| {
        matches!(c.func, AggFunc::Sum | AggFunc::Min | AggFunc::Max) && c.args.len() == 1 && c.filter.is_none()
    });
    let unique = pre.unique_keys.iter().any(|k| !k.is_empty() && k.iter().all(|&c| c < ngroups));
    if !simple || !unique {
        return None;
    }
    let calls = calls.to_vec();
    Some(Box::new(move |pre: Rel| {
        let types = pre.types();
        let names = pre.names();
        let mut project: Vec<Expr> = (0..ngroups).map(|i| Expr::input(i, types[i].clone())).collect();
        let mut out_names: Vec<String> = names[..ngroups].to_vec();
        for c in &calls {
            let a = c.args[0];
            let x = Expr::input(a, types[a].clone());
            project.push(if types[a].kind == c.ty.kind {
                Expr::input(a, c.ty.clone())
            } else {
                Expr::Cast { expr: Box::new(x), ty: c.ty.clone(), try_cast: false }
            });
            out_names.push(c.name.clone());
        }
        calc(pre, None, project, out_names)
    }))
}

/// The alias of the select item whose expression is `e` (by identity), if it has one.
fn item_alias(items: &[sqlparser::ast::SelectItem], e: &SqlExpr) -> Option<String> {
    items.iter().find_map(|i| match i {
        sqlparser::ast::SelectItem::ExprWithAlias { expr, alias } if std::ptr::eq(expr, e) => Some(alias.value.clone()),
        _ => None,
    })
}
