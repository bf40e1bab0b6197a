//! Ranking window functions in a select list (`ROW_NUMBER() OVER (PARTITION BY … ORDER BY …)`,
//! `RANK()`, `DENSE_RANK()`): the block's rows with their number (an [`OverNode`]), which a
//! filter on the number above turns into a Top-N ([`crate::plan::rank::recognize`]).

use sqlparser::ast::{Expr as SqlExpr, Function, OrderBySort, WindowType};

use super::{select_list, Binder, Bound};
use crate::error::{Error, Result};
use crate::expr::bind::{bind_grouped, bind_scalar, calcite_error, GroupedScope, Scope};
use crate::expr::Expr;
use crate::plan::rel::{calc, Field, Node, OrderKey, OverNode, RankType, Rel};
use crate::sql::span_of;
use crate::sql::walk::{find_call, function_args, function_name};
use crate::types::{DataType, TypeKind};

fn is_window_call(f: &Function) -> bool {
    f.over.is_some()
}

/// The first window function call of the block's select list.
pub(super) fn window_call(list: super::SelectList<'_>) -> Option<&SqlExpr> {
    list.exprs().find_map(|e| find_call(e, &is_window_call))
}

/// Binds the window function call as a reference to the rank number column.
struct OverHook<'a> {
    call: &'a SqlExpr,
    rn: Expr,
}

impl GroupedScope for OverHook<'_> {
    fn intercept(&self, e: &SqlExpr) -> Option<Result<Expr>> {
        match e {
            SqlExpr::Function(f) if is_window_call(f) => {
                if e.to_string() == self.call.to_string() {
                    Some(Ok(self.rn.clone()))
                } else {
                    Some(Err(Error::unsupported("several different window functions in one SELECT")
                        .at(span_of(e).0, span_of(e).1)))
                }
            }
            _ => None,
        }
    }
}

impl<'c> Binder<'c> {
    /// A select list with a ranking window function over `bound` (WHERE applied first).
    pub(super) fn bind_over_select(
        &mut self,
        list: super::SelectList<'_>,
        bound: Bound,
        filter: Option<Expr>,
    ) -> Result<Bound> {
        let Some(call) = window_call(list) else { return Err(Error::unsupported("this window function")) };
        let SqlExpr::Function(f) = call else { return Err(Error::unsupported("this window function")) };
        let span = crate::sql::call_span(f);
        let name = function_name(f);
        let rank_type = match name.as_str() {
            "ROW_NUMBER" => RankType::RowNumber,
            "RANK" => RankType::Rank,
            "DENSE_RANK" => RankType::DenseRank,
            _ => {
                return Err(
                    Error::unsupported(format!("{} OVER (…) (Flink's OVER aggregations)", name)).at(span.0, span.1)
                )
            }
        };
        if !function_args(f).is_empty() {
            return Err(calcite_error(
                span,
                &format!("Invalid number of arguments to function '{}'. Was expecting 0 arguments", name),
            ));
        }
        let spec = match &f.over {
            Some(WindowType::WindowSpec(w)) => w,
            _ => return Err(Error::unsupported("a named window (WINDOW w AS …)").at(span.0, span.1)),
        };
        if spec.window_frame.is_some() {
            return Err(
                Error::unsupported("a window frame (ROWS / RANGE BETWEEN …) on a ranking function").at(span.0, span.1)
            );
        }
        let from = Scope::new(bound.scope.clone());
        let mut input = match filter {
            Some(c) => {
                let project = bound.rel.fields.iter().enumerate().map(|(i, f)| Expr::input(i, f.ty.clone())).collect();
                let names = bound.rel.names();
                calc(bound.rel, Some(c), project, names)
            }
            None => bound.rel,
        };
        // partition and sort keys as input columns (expressions are computed by a projection)
        let mut extra: Vec<Expr> = Vec::new();
        let n_in = input.fields.len();
        let column = |x: Expr, extra: &mut Vec<Expr>| -> usize {
            if let Some(c) = x.as_input() {
                return c;
            }
            match extra.iter().position(|e| *e == x) {
                Some(i) => n_in + i,
                None => {
                    extra.push(x);
                    n_in + extra.len() - 1
                }
            }
        };
        let mut partition = Vec::new();
        for p in &spec.partition_by {
            let x = bind_scalar(p, &from, self.zone)?;
            partition.push(column(x, &mut extra));
        }
        let mut order = Vec::new();
        for o in &spec.order_by {
            let x = bind_scalar(&o.expr, &from, self.zone)?;
            let desc = matches!(o.options.sort, Some(OrderBySort::Desc));
            // Flink sorts NULLs first ascending, last descending, unless written
            let nulls_first = o.options.nulls_first.unwrap_or(!desc);
            order.push(OrderKey { col: column(x, &mut extra), desc, nulls_first });
        }
        if !extra.is_empty() {
            let mut project: Vec<Expr> =
                input.fields.iter().enumerate().map(|(i, f)| Expr::input(i, f.ty.clone())).collect();
            let mut names = input.names();
            for (i, e) in extra.iter().enumerate() {
                project.push(e.clone());
                names.push(format!("$f{}", n_in + i));
            }
            input = calc(input, None, project, names);
        }
        let rn_type = DataType::not_null(TypeKind::BigInt);
        let rn_index = input.fields.len();
        let mut fields = input.fields.clone();
        fields.push(Field { name: "w0$o0".into(), ty: rn_type.clone() });
        let insert_only = input.insert_only;
        let update_producer = input.update_producer.clone();
        let window = input.window.clone();
        let unique_keys = input.unique_keys.clone();
        let over = Rel {
            node: Node::Over(Box::new(OverNode { input, rank_type, partition, order })),
            fields,
            insert_only,
            update_producer,
            window,
            unique_keys,
        };
        let hook = OverHook { call, rn: Expr::input(rn_index, rn_type) };
        let zone = self.zone;
        let (exprs, names) =
            select_list(list, &bound.scope, &|e: &SqlExpr| bind_grouped(e, &from, zone, &hook), &|i: usize, _span| {
                Ok(Expr::input(i, bound.scope[i].ty.clone()))
            })?;
        self.finish_select(list, over, None, exprs, names)
    }
}

impl<'c> Binder<'c> {
    /// `ORDER BY keys LIMIT fetch OFFSET offset` over `bound`: a Top-N without partition or rank
    /// number (Flink's `SortLimit`, run by its Top-N functions).
    /// `ORDER BY … LIMIT` whose keys are not all output columns: Calcite's validator finds a
    /// key in the FROM clause (or computes it) as an extra select item that the sort reads and a
    /// Calc drops after it (`SELECT id FROM t ORDER BY v DESC LIMIT 2`). Only for a plain
    /// SELECT; a DISTINCT, set operation or VALUES keeps to its output columns.
    pub(super) fn sort_limit_widened(
        &mut self,
        bound: Bound,
        body: &'c sqlparser::ast::SetExpr,
        outer: Option<&Scope>,
        ob: &'c sqlparser::ast::OrderBy,
        offset: i64,
        fetch: i64,
    ) -> Result<Bound> {
        let sqlparser::ast::OrderByKind::Expressions(exprs) = &ob.kind else {
            return self.sort_limit(bound, ob, offset, fetch);
        };
        let scope = Scope::new(bound.scope.clone());
        let is_output = |e: &SqlExpr| match e {
            SqlExpr::Value(v) => matches!(v.value, sqlparser::ast::Value::Number(..)),
            other => bind_scalar(other, &scope, self.zone).ok().and_then(|x| x.as_input()).is_some(),
        };
        let extra: Vec<usize> = (0..exprs.len()).filter(|&i| !is_output(&exprs[i].expr)).collect();
        let sqlparser::ast::SetExpr::Select(s) = body else {
            return self.sort_limit(bound, ob, offset, fetch);
        };
        if let (Some(_), Some(&i)) = (&s.distinct, extra.first()) {
            // SELECT DISTINCT sorts only by what it selects (Calcite's validator)
            self.order_extra = vec![&exprs[i].expr];
            self.bind_select(s, outer)?;
            return Err(calcite_error(
                span_of(&exprs[i].expr),
                &format!("Expression '{}' is not in the select clause", exprs[i].expr),
            ));
        }
        if extra.is_empty() {
            return self.sort_limit(bound, ob, offset, fetch);
        }
        self.order_extra = extra.iter().map(|&i| &exprs[i].expr).collect();
        let wide = match self.bind_select(s, outer) {
            Ok(w) => w,
            // an expression of output columns (an alias in it): not run yet
            Err(e) if extra.iter().any(|&i| bind_scalar(&exprs[i].expr, &scope, self.zone).is_ok()) => {
                let _ = e;
                return self.sort_limit(bound, ob, offset, fetch);
            }
            Err(e) => return Err(e),
        };
        let visible: Vec<usize> = (0..wide.scope.len()).filter(|&c| !wide.scope[c].hidden).collect();
        if visible.len() < extra.len() {
            return self.sort_limit(bound, ob, offset, fetch);
        }
        let extra_cols: Vec<usize> = visible[visible.len() - extra.len()..].to_vec();
        let keys: Vec<Option<usize>> =
            (0..exprs.len()).map(|i| extra.iter().position(|&x| x == i).map(|k| extra_cols[k])).collect();
        let wide_scope = wide.scope.clone();
        let sorted = self.sort_limit_keys(wide, ob, offset, fetch, &keys)?;
        let keep: Vec<usize> = (0..wide_scope.len()).filter(|c| !extra_cols.contains(c)).collect();
        let project: Vec<Expr> = keep.iter().map(|&c| Expr::input(c, sorted.rel.fields[c].ty.clone())).collect();
        let names: Vec<String> = keep.iter().map(|&c| sorted.rel.fields[c].name.clone()).collect();
        let rel = calc(sorted.rel, None, project, names);
        let scope = keep.iter().map(|&c| wide_scope[c].clone()).collect();
        Ok(Bound { rel, scope })
    }

    pub(super) fn sort_limit(
        &mut self,
        bound: Bound,
        ob: &sqlparser::ast::OrderBy,
        offset: i64,
        fetch: i64,
    ) -> Result<Bound> {
        let n = match &ob.kind {
            sqlparser::ast::OrderByKind::Expressions(e) => e.len(),
            sqlparser::ast::OrderByKind::All(_) => 0,
        };
        self.sort_limit_keys(bound, ob, offset, fetch, &vec![None; n])
    }

    /// The Top-N of `ORDER BY … LIMIT`; `given[i]` is the column of key `i` when the caller
    /// already knows it (an extra select item).
    fn sort_limit_keys(
        &mut self,
        bound: Bound,
        ob: &sqlparser::ast::OrderBy,
        offset: i64,
        fetch: i64,
        given: &[Option<usize>],
    ) -> Result<Bound> {
        let exprs = match &ob.kind {
            sqlparser::ast::OrderByKind::Expressions(e) => e,
            sqlparser::ast::OrderByKind::All(_) => return Err(Error::unsupported("ORDER BY ALL")),
        };
        let scope = Scope::new(bound.scope.clone());
        let mut order = Vec::new();
        for (i, o) in exprs.iter().enumerate() {
            // an ordinal (ORDER BY 2) or an output column
            let col = match &o.expr {
                _ if given.get(i).copied().flatten().is_some() => given[i],
                SqlExpr::Value(v) => match &v.value {
                    sqlparser::ast::Value::Number(n, _) => n.parse::<usize>().ok().and_then(|i| {
                        (0..bound.scope.len()).filter(|&c| !bound.scope[c].hidden).nth(i.wrapping_sub(1))
                    }),
                    _ => None,
                },
                other => bind_scalar(other, &scope, self.zone)?.as_input(),
            };
            let Some(col) = col else {
                return Err(
                    Error::unsupported("ORDER BY an expression with LIMIT").at(span_of(&o.expr).0, span_of(&o.expr).1)
                );
            };
            let desc = matches!(o.options.sort, Some(OrderBySort::Desc));
            order.push(OrderKey { col, desc, nulls_first: o.options.nulls_first.unwrap_or(!desc) });
        }
        let rel = bound.rel;
        let o = OverNode { input: rel, rank_type: RankType::RowNumber, partition: Vec::new(), order };
        let range = crate::plan::rel::RankRange::Constant { start: offset + 1, end: offset + fetch };
        let rel = crate::plan::rank::sort_limit(o, range, self.state_ttl.0)?;
        Ok(Bound { rel, scope: bound.scope })
    }
}
