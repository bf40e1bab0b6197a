//! Process table function calls in FROM: `Name(t => TABLE x PARTITION BY k, …, scalar => v, …,
//! on_time => DESCRIPTOR(c), uid => '…')` of a function bound by `CREATE FUNCTION` to a built-in
//! (`ops::ptf`). Named or positional arguments in signature order (tables, scalars, then the
//! implicit `on_time` and `uid`). What Flink checks and this slice has no oracle text for yet
//! answers "not supported yet: …" (row-semantic tables, a missing PARTITION BY, a non-time
//! `on_time`, wrong scalar types). An updating input (ScorePtf's output, an upsert table) is
//! refused with Flink's TableException naming the node that produces the updates.

use sqlparser::ast::{
    Expr as SqlExpr, FunctionArg, FunctionArgExpr, Join, JoinConstraint, JoinOperator, ObjectName, TableFactor,
};

use crate::catalog::ptf::{OnTime, PtfKind, ScalarArg};
use crate::error::{Error, Pos, Result};
use crate::expr::bind::{bind_scalar, resolve, Scope, ScopeField};
use crate::expr::EvalCtx;
use crate::plan::rel::{Field, Node, PtfNode, Rel};
use crate::sql::dialect::TABLE_ARG;
use crate::sql::span_of;
use crate::types::{DataType, TimeAttr};
use crate::value::Value;

use super::{Binder, Bound};

fn unsupported(what: impl Into<String>, span: (Pos, Pos)) -> Error {
    Error::unsupported(what).at(span.0, span.1)
}

fn list_args(f: &sqlparser::ast::Function) -> Vec<FunctionArg> {
    match &f.args {
        sqlparser::ast::FunctionArguments::List(l) => l.args.clone(),
        _ => Vec::new(),
    }
}

/// A join condition as Calcite's `SqlNode#toString` prints it (`` `t`.`person` = `s`.`name` AND
/// `s`.`sum` > 1 ``), for the forms whose printing the oracle showed; None for the others.
fn calcite_condition(e: &SqlExpr) -> Option<String> {
    use sqlparser::ast::{BinaryOperator as B, Value as V};
    Some(match e {
        SqlExpr::Identifier(i) => format!("`{}`", i.value),
        SqlExpr::CompoundIdentifier(ids) => ids.iter().map(|i| format!("`{}`", i.value)).collect::<Vec<_>>().join("."),
        SqlExpr::Value(v) => match &v.value {
            V::Number(n, _) if !n.contains(['e', 'E']) => n.clone(),
            V::Boolean(b) => (if *b { "TRUE" } else { "FALSE" }).to_string(),
            _ => return None,
        },
        SqlExpr::BinaryOp { left, op, right } => {
            let op = match op {
                B::Eq => "=",
                B::NotEq => "<>",
                B::Lt => "<",
                B::LtEq => "<=",
                B::Gt => ">",
                B::GtEq => ">=",
                B::And => "AND",
                _ => return None,
            };
            // only AND may take a nested operator (its operands print without parentheses)
            let nested = |x: &SqlExpr| matches!(x, SqlExpr::BinaryOp { op: sqlparser::ast::BinaryOperator::And, .. });
            if op != "AND" && (nested(left) || nested(right)) {
                return None;
            }
            if op != "AND"
                && (matches!(**left, SqlExpr::BinaryOp { .. }) || matches!(**right, SqlExpr::BinaryOp { .. }))
            {
                return None;
            }
            format!("{} {} {}", calcite_condition(left)?, op, calcite_condition(right)?)
        }
        _ => return None,
    })
}

impl<'c> Binder<'c> {
    /// `… LEFT JOIN ptf(…) ON cond`: Flink's validator (`FlinkCalciteSqlValidator#validateJoin`,
    /// before it validates either side) accepts only `ON TRUE` for a table function on the right
    /// of a LEFT join (oracle: ptf/score_top_n_and_outer_join).
    pub(super) fn check_left_join_of_ptf(&self, j: &Join) -> Result<()> {
        let cond = match &j.join_operator {
            JoinOperator::Left(JoinConstraint::On(e)) | JoinOperator::LeftOuter(JoinConstraint::On(e)) => e,
            _ => return Ok(()),
        };
        let fname = match &j.relation {
            TableFactor::Table { name, args: Some(_), .. } | TableFactor::Function { name, .. } => name.to_string(),
            TableFactor::TableFunction { expr: SqlExpr::Function(f), .. } => f.name.to_string(),
            _ => return Ok(()),
        };
        if self.ptf_kind(&fname).is_none() {
            return Ok(());
        }
        if let SqlExpr::Value(v) = cond {
            if matches!(v.value, sqlparser::ast::Value::Boolean(true)) {
                return Ok(());
            }
        }
        let (a, b) = span_of(cond);
        match calcite_condition(cond) {
            Some(text) => Err(Error::validation(format!(
                "SQL validation failed. Left outer joins with a table function do not accept a predicate such as {}. Only literal TRUE is accepted.",
                text
            ))
            .caused_by(format!(
                "org.apache.flink.table.api.ValidationException: Left outer joins with a table function do not accept a predicate such as {}. Only literal TRUE is accepted.",
                text
            ))
            .at(a, b)),
            None => Err(unsupported(
                format!("LEFT JOIN {}(…) ON a condition other than TRUE (Flink rejects it; JoinLab cannot print this condition as Flink does)", fname),
                (a, b),
            )),
        }
    }

    /// The PTF bound to `fname` by `CREATE FUNCTION`, if any.
    pub(super) fn ptf_kind(&self, fname: &str) -> Option<PtfKind> {
        self.catalog.functions.iter().rev().find(|(n, _)| n.eq_ignore_ascii_case(fname)).map(|(_, k)| *k)
    }

    pub(super) fn bind_ptf(&mut self, kind: PtfKind, args: &[FunctionArg], span: (Pos, Pos)) -> Result<Bound> {
        let Some(sig) = kind.signature() else {
            return Err(unsupported(format!("the process table function {}", kind.name()), span));
        };
        let mut names: Vec<String> = sig.tables.iter().map(|s| s.to_string()).collect();
        names.extend(sig.scalars.iter().map(|(n, _)| n.to_string()));
        names.push("on_time".into());
        names.push("uid".into());
        let mut slots: Vec<Option<&SqlExpr>> = vec![None; names.len()];
        for (k, a) in args.iter().enumerate() {
            match a {
                FunctionArg::Unnamed(FunctionArgExpr::Expr(e)) if k < slots.len() => slots[k] = Some(e),
                FunctionArg::Named { name, arg: FunctionArgExpr::Expr(e), .. } => {
                    match names.iter().position(|x| x.eq_ignore_ascii_case(&name.value)) {
                        Some(i) => slots[i] = Some(e),
                        None => {
                            return Err(unsupported(
                                format!("the argument '{}' of {} (unknown argument name)", name.value, kind.name()),
                                crate::sql::ident_span(name),
                            ))
                        }
                    }
                }
                _ => return Err(unsupported(format!("this argument form of {}", kind.name()), span)),
            }
        }
        for (i, n) in names.iter().enumerate().take(sig.tables.len() + sig.scalars.len()) {
            if slots[i].is_none() {
                return Err(unsupported(format!("a call of {} without its argument '{}'", kind.name(), n), span));
            }
        }
        // table arguments: TABLE t PARTITION BY k, …
        let mut inputs = Vec::new();
        let mut table_names = Vec::new();
        let mut keys = Vec::new();
        let mut scopes = Vec::new();
        let mut updating_input: Option<String> = None;
        let mut orders: Vec<Vec<(usize, bool)>> = Vec::new();
        for (ti, slot) in slots.iter().enumerate().take(sig.tables.len()) {
            let e = slot.ok_or_else(|| unsupported("a missing table argument", span))?;
            let targs = match e {
                SqlExpr::Function(f) if f.name.to_string() == TABLE_ARG => list_args(f),
                other => {
                    return Err(unsupported(
                        format!("the table argument '{}' of {} that is not TABLE <name>", sig.tables[ti], kind.name()),
                        span_of(other),
                    ))
                }
            };
            let ids = match targs.first() {
                Some(FunctionArg::Unnamed(FunctionArgExpr::Expr(SqlExpr::CompoundIdentifier(ids)))) => ids.clone(),
                _ => return Err(unsupported("a table argument that is not TABLE <name>", span_of(e))),
            };
            let mut part: Option<Vec<FunctionArg>> = None;
            let mut order_by: Option<Vec<FunctionArg>> = None;
            for a in &targs[1..] {
                match a {
                    FunctionArg::Unnamed(FunctionArgExpr::Expr(SqlExpr::Function(f)))
                        if f.name.to_string() == "__partition_by" =>
                    {
                        part = Some(list_args(f))
                    }
                    FunctionArg::Unnamed(FunctionArgExpr::Expr(SqlExpr::Function(f)))
                        if f.name.to_string() == "__order_by" =>
                    {
                        order_by = Some(list_args(f))
                    }
                    _ => return Err(unsupported("this form of a table argument", span_of(e))),
                }
            }
            let Some(part) = part else {
                return Err(unsupported(
                    format!("the table argument '{}' of {} without PARTITION BY", sig.tables[ti], kind.name()),
                    span_of(e),
                ));
            };
            let b = self.bind_named_table(&ObjectName::from(ids.clone()), &None)?;
            if !b.rel.insert_only && updating_input.is_none() {
                // Flink finds this when it infers changelog modes, after validation: reported
                // below, once the other arguments are checked
                updating_input = Some(b.rel.update_producer.clone().unwrap_or_else(|| "TableSourceScan".into()));
            }
            let scope = Scope::new(b.scope.clone());
            let mut k = Vec::new();
            for a in &part {
                let ke = match a {
                    FunctionArg::Unnamed(FunctionArgExpr::Expr(x)) => x,
                    _ => return Err(unsupported("this PARTITION BY form", span_of(e))),
                };
                let bound = bind_scalar(ke, &scope, self.zone)?;
                match bound.as_input() {
                    Some(i) => k.push(i),
                    None => return Err(unsupported("PARTITION BY an expression (not a column)", span_of(ke))),
                }
            }
            // ORDER BY: columns, the first a rowtime attribute in ascending order (the sort
            // buffer's time), the others break ties between rows of one time
            let mut ord: Vec<(usize, bool)> = Vec::new();
            for a in order_by.as_deref().unwrap_or(&[]) {
                let (x, desc) = match a {
                    FunctionArg::Unnamed(FunctionArgExpr::Expr(SqlExpr::Function(f)))
                        if f.name.to_string() == "__desc" =>
                    {
                        match list_args(f).first() {
                            Some(FunctionArg::Unnamed(FunctionArgExpr::Expr(x))) => (x.clone(), true),
                            _ => return Err(unsupported("this ORDER BY form", span_of(e))),
                        }
                    }
                    FunctionArg::Unnamed(FunctionArgExpr::Expr(x)) => (x.clone(), false),
                    _ => return Err(unsupported("this ORDER BY form", span_of(e))),
                };
                let bound = bind_scalar(&x, &scope, self.zone)?;
                let Some(c) = bound.as_input() else {
                    return Err(unsupported("ORDER BY an expression on a table argument", span_of(&x)));
                };
                if ord.is_empty() {
                    // Flink: "The first ORDER BY column must be a TIMESTAMP or TIMESTAMP_LTZ column
                    // (up to precision 3)" / "… on a timestamp column must be in ascending order"
                    // (wrapped in its "Invalid function call" chain: not reproduced yet)
                    if b.rel.fields[c].ty.time_attr() != TimeAttr::Rowtime {
                        return Err(unsupported(
                            "ORDER BY on a table argument whose first column is not a rowtime attribute",
                            span_of(&x),
                        ));
                    }
                    if desc {
                        return Err(unsupported("ORDER BY … DESC on a table argument's time column", span_of(&x)));
                    }
                }
                ord.push((c, desc));
            }
            orders.push(ord);
            table_names.push(ids.last().map(|i| i.value.clone()).unwrap_or_default());
            keys.push(k);
            scopes.push(b.scope.clone());
            inputs.push(b.rel);
        }
        // co-partitioning: the same number of keys with the same types
        for k in 1..keys.len() {
            let t0: Vec<_> = keys[0].iter().map(|&i| inputs[0].fields[i].ty.kind.clone()).collect();
            let tk: Vec<_> = keys[k].iter().map(|&i| inputs[k].fields[i].ty.kind.clone()).collect();
            if format!("{:?}", t0) != format!("{:?}", tk) {
                return Err(unsupported(
                    "PARTITION BY lists that do not co-partition (other key count or types)",
                    span,
                ));
            }
        }
        // scalar arguments: constants
        let empty = Scope::new(Vec::new());
        let ctx = EvalCtx::new(self.zone);
        let mut scalars = Vec::new();
        for (si, (sname, sty)) in sig.scalars.iter().enumerate() {
            let e = slots[sig.tables.len() + si].ok_or_else(|| unsupported("a missing scalar argument", span))?;
            let b = bind_scalar(e, &empty, self.zone)?;
            let v = b
                .eval(&[], &ctx)
                .map_err(|_| unsupported(format!("the argument '{}' (not a constant)", sname), span_of(e)))?;
            let ok = matches!(
                (sty, &v),
                (ScalarArg::Interval, Value::Interval(_))
                    | (ScalarArg::Double, Value::Double(_))
                    | (ScalarArg::Int, Value::Int(_))
            );
            if !ok {
                return Err(unsupported(
                    format!(
                        "the argument '{}' of {} with a value of type {}",
                        sname,
                        kind.name(),
                        crate::types::calcite_name(b.ty())
                    ),
                    span_of(e),
                ));
            }
            scalars.push(v);
        }
        // on_time => DESCRIPTOR(col): the column of every table argument
        let on_time_slot = sig.tables.len() + sig.scalars.len();
        let mut time_cols = vec![None; inputs.len()];
        let mut rowtime_ty = None;
        match slots[on_time_slot] {
            Some(e) if sig.on_time == OnTime::Rejected => {
                // Flink's text (oracle i11: no position in Flink's message; ours points at on_time)
                let (a, b) = span_of(e);
                return Err(Error::validation(
                    "Time operations using the `on_time` argument are currently not supported for PTFs that consume or produce updates.",
                )
                .at(a, b));
            }
            None if sig.on_time == OnTime::Required => {
                return Err(unsupported(
                    format!("a call of {} without on_time (the function requires it)", kind.name()),
                    span,
                ))
            }
            None => {}
            Some(e) => {
                let col = match e {
                    SqlExpr::Function(f) if f.name.to_string().eq_ignore_ascii_case("DESCRIPTOR") => {
                        match list_args(f).first() {
                            Some(FunctionArg::Unnamed(FunctionArgExpr::Expr(SqlExpr::Identifier(i)))) => i.clone(),
                            _ => return Err(unsupported("on_time with other than one column", span_of(e))),
                        }
                    }
                    _ => return Err(unsupported("on_time that is not DESCRIPTOR(col)", span_of(e))),
                };
                for (ti, sc) in scopes.iter().enumerate() {
                    let scope = Scope::new(sc.clone());
                    let r = resolve(std::slice::from_ref(&col), &scope, crate::sql::ident_span(&col))
                        .map_err(|_| unsupported("on_time naming a column a table argument lacks", span_of(e)))?;
                    let c = r.as_input().ok_or_else(|| unsupported("on_time of an expression", span_of(e)))?;
                    let ty = &inputs[ti].fields[c].ty;
                    if ty.time_attr() != TimeAttr::Rowtime {
                        return Err(unsupported("on_time naming a column that is not a rowtime attribute", span_of(e)));
                    }
                    rowtime_ty.get_or_insert_with(|| ty.clone());
                    time_cols[ti] = Some(c);
                }
            }
        }
        let uid = match slots[on_time_slot + 1] {
            None => kind.name().to_string(),
            Some(SqlExpr::Value(v)) => match &v.value {
                sqlparser::ast::Value::SingleQuotedString(s) => s.clone(),
                _ => return Err(unsupported("a uid that is not a string literal", span)),
            },
            Some(e) => return Err(unsupported("a uid that is not a string literal", span_of(e))),
        };
        if let Some(producer) = updating_input {
            // none of the built-ins declares `SUPPORT_UPDATES` on its table argument
            return Err(Error::table(format!(
                "StreamPhysicalProcessTableFunction doesn't support consuming update and delete changes which is produced by node {}",
                producer
            )));
        }
        let explicit_uid = slots[on_time_slot + 1].is_some();
        // output: each table's PARTITION BY columns, the function's columns (a name repeating a
        // partition key gets a number suffix, as Flink does: ticker → ticker0), then rowtime
        let mut fields: Vec<Field> = Vec::new();
        for (ti, k) in keys.iter().enumerate() {
            for &i in k {
                fields.push(inputs[ti].fields[i].clone());
            }
        }
        let n_keys = fields.len();
        for (n, ty) in (sig.output)() {
            let mut name = n.to_string();
            let mut suffix = 0;
            while fields.iter().any(|f| f.name == name) {
                name = format!("{}{}", n, suffix);
                suffix += 1;
            }
            fields.push(Field { name, ty });
        }
        if let Some(ty) = rowtime_ty {
            if fields.iter().any(|f| f.name == "rowtime") {
                return Err(unsupported("a function output column named rowtime", span));
            }
            // Flink declares it NOT NULL (oracle i1: `rowtime TIMESTAMP(3) NOT NULL *ROWTIME*`)
            fields.push(Field { name: "rowtime".into(), ty: DataType { nullable: false, ..ty } });
        }
        let _ = n_keys;
        let scope: Vec<ScopeField> = fields
            .iter()
            .map(|f| ScopeField {
                qualifier: None,
                name: f.name.clone(),
                ty: f.ty.clone(),
                hidden: false,
                merged: false,
            })
            .collect();
        // an updating function's node as Flink names it in a consumer's refusal (oracle
        // ptf/score_downstream_refusals: `ProcessTableFunction(invocation=[ScorePtf(TABLE(#0)
        // PARTITION BY($0), DEFAULT(), DEFAULT())], uid=[ScorePtf], select=[name,sum], rowType=[…])`;
        // an explicit uid is `_UTF-16LE'my-id'`). The only updating built-in (ScorePtf) has no
        // scalar arguments and rejects on_time, so those two are always DEFAULT() here.
        let update_producer = sig.updating.then(|| {
            let mut args: Vec<String> = keys
                .iter()
                .enumerate()
                .map(|(ti, k)| {
                    let cols: Vec<String> = k.iter().map(|i| format!("${}", i)).collect();
                    format!("TABLE(#{}) PARTITION BY({})", ti, cols.join(", "))
                })
                .collect();
            args.push("DEFAULT()".into());
            args.push(if explicit_uid { format!("_UTF-16LE'{}'", uid) } else { "DEFAULT()".into() });
            let names: Vec<String> = fields.iter().map(|f| f.name.clone()).collect();
            let row_type: Vec<String> =
                fields.iter().map(|f| format!("{} {}", crate::types::calcite_name(&f.ty), f.name)).collect();
            format!(
                "ProcessTableFunction(invocation=[{}({})], uid=[{}], select=[{}], rowType=[RecordType({})])",
                kind.name(),
                args.join(", "),
                uid,
                names.join(","),
                row_type.join(", ")
            )
        });
        let node = PtfNode { kind, uid, inputs, table_names, keys, time_cols, scalars, order: orders };
        let rel = Rel {
            node: Node::Ptf(Box::new(node)),
            fields,
            insert_only: !sig.updating,
            update_producer,
            window: None,
            unique_keys: Vec::new(),
        };
        Ok(Bound { rel, scope })
    }
}
