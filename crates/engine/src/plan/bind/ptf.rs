//! Process table function calls in FROM: `Name(t => TABLE x PARTITION BY k, …, scalar => v, …,
//! on_time => DESCRIPTOR(c), uid => '…')` of a function bound by `CREATE FUNCTION` to a built-in
//! (`ops::ptf`), checked in Flink 2.3's order with its words (`ptf_args`; oracle scenarios
//! `ptf/errors_*`, `ptf/uid_*`): Calcite first (`ptf_call`) (too many arguments or an argument of the wrong family: "No
//! match found for function signature"; a missing one: "DEFAULT is only allowed for optional
//! parameters"; an unknown argument name is ignored), then Flink's type inference ("Invalid
//! function call": a table argument that is no table, PARTITION BY a column the table lacks, no
//! PARTITION BY, keys that do not co-partition, a bad `uid`, `on_time` naming no column or one
//! that is no TIMESTAMP), then the physical planner (`on_time` of a column without watermark,
//! an updating input). Named or positional arguments in signature order (tables, scalars, then
//! the implicit `on_time` and `uid`). What Flink 2.3 accepts and then fails on at run time (an
//! INT or DECIMAL value for a DOUBLE argument: its generated code does not compile), and what it
//! crashes on (positional and named arguments mixed), answers "not supported yet: …".

use sqlparser::ast::{Expr as SqlExpr, FunctionArg, FunctionArgExpr};

use super::ptf_args::{invalid_call, resolve_on_time, rex_text, signature_text};
use super::ptf_call::{table_arg, Arg};
use crate::catalog::ptf::{OnTime, PtfKind, ScalarArg};
use crate::error::{Error, Pos, Result};
use crate::expr::bind::{bind_scalar, calcite_error, Scope, ScopeField};
use crate::expr::EvalCtx;
use crate::plan::rel::{Field, Node, PtfNode, Rel};
use crate::sql::{list_args, span_of};
use crate::types::{DataType, TimeAttr};
use crate::value::Value;

use super::{Binder, Bound};

fn unsupported(what: impl Into<String>, span: (Pos, Pos)) -> Error {
    Error::unsupported(what).at(span.0, span.1)
}

impl<'c> Binder<'c> {
    /// The PTF bound to `fname` by `CREATE FUNCTION`, if any; in the Confluent dialect (the
    /// page's) a built-in's name also works without it (issue 13: the tutorial's CREATE FUNCTION
    /// is optional; `SensorFusionPtf` is then the tutorial's class). Flink's dialect answers as
    /// Flink does: "No match found for function signature".
    pub(super) fn ptf_kind(&self, fname: &str) -> Option<PtfKind> {
        self.created_ptf(fname).or_else(|| match self.dialect {
            crate::kinds::Dialect::Confluent => PtfKind::builtin(fname),
            crate::kinds::Dialect::Flink => None,
        })
    }

    /// The PTF bound to `fname` by `CREATE FUNCTION`, if any.
    pub(super) fn created_ptf(&self, fname: &str) -> Option<PtfKind> {
        self.catalog.functions.iter().rev().find(|(n, _)| n.eq_ignore_ascii_case(fname)).map(|(_, k)| *k)
    }

    /// Flink dialect: a function created `USING JAR 'uri'` is registered when a query first
    /// uses it, and Flink reads the JAR from its file system: a scheme no Flink file system
    /// serves (the PTF tutorial's `confluent-artifact://…`, seed 002) fails as the oracle shows
    /// (docs/errors.md, "What real Flink 2.3 says for the PTF tutorial"); a JAR Flink could
    /// read, JoinLab cannot load (not supported yet). The confluent dialect runs the built-in.
    pub(super) fn jar_error(&self, fname: &str) -> Option<Error> {
        if self.dialect != crate::kinds::Dialect::Flink {
            return None;
        }
        let (name, uri) = self.catalog.function_jars.iter().rev().find(|(n, _)| n.eq_ignore_ascii_case(fname))?;
        let scheme = uri.split_once("://").map(|(s, _)| s.to_ascii_lowercase());
        const FLINK_FILE_SYSTEMS: &[&str] = &[
            "file", "hdfs", "s3", "s3a", "s3p", "gs", "oss", "abfs", "abfss", "wasb", "wasbs", "viewfs", "http",
            "https",
        ];
        let Some(scheme) = scheme.filter(|s| !FLINK_FILE_SYSTEMS.contains(&s.as_str())) else {
            return Some(Error::unsupported(format!(
                "CREATE FUNCTION {} … USING JAR '{}' in the flink dialect (JoinLab cannot load a JAR; without USING JAR it runs its built-in {})",
                name, uri, name
            )));
        };
        let what = format!(
            "Failed to register resource '[ResourceUri{{resourceType=JAR, uri='{}'}}]' of function 'default_catalog.default_database.{}'.",
            uri, name
        );
        Some(
            Error::validation(format!("SQL validation failed. {}", what))
                .caused_by(format!("org.apache.flink.table.api.TableException: {}", what))
                .caused_by(format!("org.apache.flink.core.fs.UnsupportedFileSystemSchemeException: Could not find a file system implementation for scheme '{}'. The scheme is not directly supported by Flink and no Hadoop file system to support this scheme could be loaded. For a full list of supported file systems, please see https://nightlies.apache.org/flink/flink-docs-stable/ops/filesystems/.", scheme))
                .caused_by("org.apache.flink.core.fs.UnsupportedFileSystemSchemeException: Hadoop is not in the classpath/dependencies."),
        )
    }

    /// The name `fname` was registered under by `CREATE FUNCTION` (as written there).
    fn ptf_registered_name(&self, fname: &str) -> Option<String> {
        self.catalog.functions.iter().rev().find(|(n, _)| n.eq_ignore_ascii_case(fname)).map(|(n, _)| n.clone())
    }

    pub(super) fn bind_ptf(
        &mut self,
        kind: PtfKind,
        fname: &str,
        args: &[FunctionArg],
        span: (Pos, Pos),
    ) -> Result<Bound> {
        let Some(sig) = kind.signature() else {
            return Err(unsupported(format!("the process table function {}", kind.name()), span));
        };
        // (messages and EXPLAIN name the function as called; the default uid is its registered name)
        let reg = self.ptf_registered_name(fname).unwrap_or_else(|| kind.name().to_string());
        let called = fname;
        let qualified = format!("default_catalog.default_database.{}", called);
        let sig_text = signature_text(called, sig);
        let (n_tables, n_scalars) = (sig.tables.len(), sig.scalars.len());
        let on_time_slot = n_tables + n_scalars;
        let call = self.bind_ptf_call(sig, fname, &reg, args, span)?;
        let (bound, slots, arg_types) = (call.args, call.slots, call.arg_types);
        let fail =
            |expected: bool, msg: String| invalid_call(&qualified, &arg_types, expected.then_some(&*sig_text), &msg);
        let expr_of = |i: usize| slots[i].map(|k| bound[k].2);
        // table arguments: TABLE t PARTITION BY k, …
        let mut inputs = Vec::new();
        let mut table_names = Vec::new();
        let mut keys = Vec::new();
        let mut scopes = Vec::new();
        let mut key_texts = Vec::new();
        let mut orders: Vec<Vec<(usize, bool)>> = Vec::new();
        for (ti, slot) in slots.iter().enumerate().take(n_tables) {
            let k = slot.unwrap_or_default();
            let e = bound[k].2;
            let Arg::Table { cols, bound: b, args: targs } = &bound[k].1 else {
                return Err(fail(
                    true,
                    format!("Invalid argument value. Argument '{}' expects a table to be passed.", sig.tables[ti]),
                ));
            };
            let mut part: Option<&[FunctionArg]> = None;
            let mut order_by: Option<&[FunctionArg]> = None;
            for a in targs.iter() {
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
            let scope = Scope::new(b.scope.clone());
            let mut kk = Vec::new();
            for a in part.unwrap_or(&[]) {
                let ke = match a {
                    FunctionArg::Unnamed(FunctionArgExpr::Expr(x)) => x,
                    _ => return Err(unsupported("this PARTITION BY form", span_of(e))),
                };
                if let SqlExpr::CompoundIdentifier(ids) = ke {
                    // Calcite's grammar takes simple names only after PARTITION BY
                    let dot = ids.first().map(|i| crate::sql::ident_span(i).1).unwrap_or(span.0);
                    let m = format!(
                        "Encountered \".\" at line {}, column {}.\nWas expecting one of:\n    \"ORDER\" ...\n    \")\" ...\n    \",\" ...",
                        dot.line, dot.col
                    );
                    return Err(Error::parse(format!("SQL parse failed. {}", m))
                        .caused_by(format!("org.apache.calcite.sql.parser.SqlParseException: {}", m))
                        .at(dot, Pos { line: dot.line, col: dot.col + 1 }));
                }
                if let SqlExpr::Identifier(id) = ke {
                    if !cols.iter().any(|(n, _)| *n == id.value) {
                        let avail: Vec<&str> = cols.iter().map(|(n, _)| n.as_str()).collect();
                        return Err(fail(
                            true,
                            format!(
                                "Invalid column '{}' for PARTITION BY clause. Available columns are: [{}]",
                                id.value,
                                avail.join(", ")
                            ),
                        ));
                    }
                }
                let bk = bind_scalar(ke, &scope, self.zone)?;
                match bk.as_input() {
                    Some(i) => kk.push(i),
                    None => return Err(unsupported("PARTITION BY an expression (not a column)", span_of(ke))),
                }
            }
            if part.is_none() {
                return Err(fail(
                    true,
                    format!(
                        "Table argument '{}' requires a PARTITION BY clause for parallel processing.",
                        sig.tables[ti]
                    ),
                ));
            }
            // ORDER BY: columns, the first a rowtime attribute in ascending order (the sort
            // buffer's time), the others break ties between rows of one time
            let mut ord: Vec<(usize, bool)> = Vec::new();
            for a in order_by.unwrap_or(&[]) {
                let (x, desc) = match a {
                    FunctionArg::Unnamed(FunctionArgExpr::Expr(SqlExpr::Function(f)))
                        if f.name.to_string() == "__desc" =>
                    {
                        match list_args(f).first() {
                            Some(FunctionArg::Unnamed(FunctionArgExpr::Expr(x))) => (x, true),
                            _ => return Err(unsupported("this ORDER BY form", span_of(e))),
                        }
                    }
                    FunctionArg::Unnamed(FunctionArgExpr::Expr(x)) => (x, false),
                    _ => return Err(unsupported("this ORDER BY form", span_of(e))),
                };
                let bound = bind_scalar(x, &scope, self.zone)?;
                let Some(c) = bound.as_input() else {
                    return Err(unsupported("ORDER BY an expression on a table argument", span_of(x)));
                };
                if ord.is_empty() {
                    // Flink: "The first ORDER BY column must be a TIMESTAMP or TIMESTAMP_LTZ column
                    // (up to precision 3)" / "… on a timestamp column must be in ascending order"
                    // (wrapped in its "Invalid function call" chain: not reproduced yet)
                    if b.rel.fields[c].ty.time_attr() != TimeAttr::Rowtime {
                        return Err(unsupported(
                            "ORDER BY on a table argument whose first column is not a rowtime attribute",
                            span_of(x),
                        ));
                    }
                    if desc {
                        return Err(unsupported("ORDER BY … DESC on a table argument's time column", span_of(x)));
                    }
                }
                ord.push((c, desc));
            }
            orders.push(ord);
            let ids: &[sqlparser::ast::Ident] = match table_arg(e).and_then(|t| t.first()) {
                Some(FunctionArg::Unnamed(FunctionArgExpr::Expr(SqlExpr::CompoundIdentifier(ids)))) => ids,
                _ => &[],
            };
            key_texts.push(kk.iter().map(|i| format!("${}", i)).collect::<Vec<_>>().join(", "));
            table_names.push(ids.last().map(|i| i.value.clone()).unwrap_or_default());
            keys.push(kk);
            scopes.push(b.scope.clone());
            inputs.push(b.rel.clone());
        }
        // co-partitioning: the same number of keys with the same types
        let key_types: Vec<Vec<String>> =
            keys.iter().zip(&inputs).map(|(k, r)| k.iter().map(|&i| r.fields[i].ty.summary()).collect()).collect();
        if key_types.iter().any(|t| *t != key_types[0]) {
            let sets: Vec<String> = key_types.iter().map(|t| format!("[{}]", t.join(", "))).collect();
            return Err(fail(
                true,
                format!(
                    "Invalid PARTITION BY columns. The number of columns and their data types must match across all involved table arguments. Given partition key sets: {}",
                    sets.join(", ")
                ),
            ));
        }
        // uid: [a-zA-Z_][a-zA-Z-_0-9]*, by default the function's name
        let empty = Scope::new(Vec::new());
        let ctx = EvalCtx::new(self.zone);
        let uid = match expr_of(on_time_slot + 1) {
            None => reg.clone(),
            // (a NULL uid is no uid; an expression is no literal: Flink sees an empty one)
            Some(SqlExpr::Cast { expr, .. }) if matches!(&**expr, SqlExpr::Value(v) if v.value == sqlparser::ast::Value::Null) => {
                called.to_string()
            }
            Some(e) => {
                let s = match e {
                    SqlExpr::Value(v) => match &v.value {
                        sqlparser::ast::Value::SingleQuotedString(s) => s.clone(),
                        _ => return Err(unsupported("a uid that is not a string literal", span_of(e))),
                    },
                    _ => String::new(),
                };
                let ok = s.chars().next().is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
                    && s.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-');
                if !ok {
                    return Err(fail(
                        true,
                        format!(
                            "Invalid unique identifier for process table function. The `uid` argument must be a string literal that follows the pattern [a-zA-Z_][a-zA-Z-_0-9]*. But found: {}",
                            s
                        ),
                    ));
                }
                s
            }
        };
        // on_time => DESCRIPTOR(col): the column of every table argument
        let mut time_cols = vec![None; inputs.len()];
        let mut rowtime_ty = None;
        let mut time_col_names: Vec<String> = Vec::new();
        match expr_of(on_time_slot) {
            Some(e) if sig.on_time == OnTime::Rejected => {
                // Flink's text (oracle i11: no position in Flink's message; ours points at on_time)
                let (a, b) = span_of(e);
                return Err(Error::validation(
                    "Time operations using the `on_time` argument are currently not supported for PTFs that consume or produce updates.",
                )
                .at(a, b));
            }
            None if sig.on_time == OnTime::Required => {
                return Err(fail(
                    false,
                    format!(
                        "Table argument '{}' requires a time attribute. Please provide one using the implicit `on_time` argument. For example: myFunction(..., on_time => DESCRIPTOR(`my_timestamp`)",
                        sig.tables[0]
                    ),
                ))
            }
            None => {}
            Some(e) => {
                let cols: Vec<sqlparser::ast::Ident> = match e {
                    SqlExpr::Function(f) => {
                        let mut v = Vec::new();
                        for a in list_args(f) {
                            match a {
                                FunctionArg::Unnamed(FunctionArgExpr::Expr(SqlExpr::Identifier(i))) => v.push(i.clone()),
                                _ => return Err(unsupported("on_time with other than column names", span_of(e))),
                            }
                        }
                        v
                    }
                    _ => return Err(unsupported("on_time that is not DESCRIPTOR(col)", span_of(e))),
                };
                let fields: Vec<Vec<(String, DataType)>> =
                    inputs.iter().map(|r| r.fields.iter().map(|f| (f.name.clone(), f.ty.clone())).collect()).collect();
                let (tc, ty) = resolve_on_time(&cols, sig.tables, &fields, &fail, span_of(e))?;
                time_cols = tc;
                rowtime_ty = Some(ty);
                time_col_names = cols.iter().map(|c| c.value.clone()).collect();
            }
        }
        for r in &inputs {
            if !r.insert_only {
                return Err(Error::table(format!(
                    "StreamPhysicalProcessTableFunction doesn't support consuming update and delete changes which is produced by node {}",
                    r.update_producer.clone().unwrap_or_else(|| "TableSourceScan".into())
                )));
            }
        }
        // scalar arguments: constants of the signature's type
        let mut scalars = Vec::new();
        let mut scalar_texts = Vec::new();
        for (si, (sname, sty)) in sig.scalars.iter().enumerate() {
            let Some(e) = expr_of(n_tables + si) else {
                return Err(calcite_error(span, "DEFAULT is only allowed for optional parameters"));
            };
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
            if v.is_null() {
                return Err(unsupported(
                    format!(
                        "a NULL value for the argument '{}' of {} (Flink 2.3 accepts the call, then the function fails at run time with a NullPointerException)",
                        sname, reg
                    ),
                    span_of(e),
                ));
            }
            if !ok {
                return Err(unsupported(
                    format!(
                        "the argument '{}' of {} with a value of type {} (Flink 2.3 accepts the call, then its generated code fails to cast it at run time; use CAST(… AS {}))",
                        sname,
                        reg,
                        b.ty().summary(),
                        match sty {
                            ScalarArg::Interval => "INTERVAL",
                            ScalarArg::Double => "DOUBLE",
                            ScalarArg::Int => "INT",
                        }
                    ),
                    span_of(e),
                ));
            }
            scalars.push(v);
            let zone = self.zone;
            let type_of = |x: &SqlExpr| bind_scalar(x, &Scope::new(Vec::new()), zone).ok().map(|b| b.ty().clone());
            scalar_texts.push(rex_text(e, &type_of).unwrap_or_else(|| e.to_string()));
        }
        // Flink's EXPLAIN operands: TABLE(#i) PARTITION BY($k), scalars, on_time, uid
        let mut ops: Vec<String> =
            key_texts.iter().enumerate().map(|(i, k)| format!("TABLE(#{}) PARTITION BY({})", i, k)).collect();
        ops.extend(scalar_texts);
        ops.push(match time_col_names.is_empty() {
            false => {
                let c: Vec<String> = time_col_names.iter().map(|c| format!("_UTF-16LE'{}'", c)).collect();
                format!("DESCRIPTOR({})", c.join(", "))
            }
            true => "DEFAULT()".into(),
        });
        ops.push(match expr_of(on_time_slot + 1) {
            Some(_) => format!("_UTF-16LE'{}'", uid),
            None => "DEFAULT()".into(),
        });
        let invocation = format!("{}({})", called, ops.join(", "));
        // output: each table's PARTITION BY columns, the function's columns (a name repeating a
        // partition key gets a number suffix, as Flink does: ticker → ticker0), then rowtime
        let mut fields: Vec<Field> = Vec::new();
        for (ti, k) in keys.iter().enumerate() {
            // a key repeating a key of the same table gets Calcite's `name_$0`, one repeating
            // an earlier table's key Flink's `id0` (oracle ptf/errors_accepted_forms)
            let before = fields.len();
            for &i in k {
                let mut f = inputs[ti].fields[i].clone();
                let base = f.name.clone();
                let mut n = 0;
                while fields[before..].iter().any(|x| x.name == f.name) {
                    f.name = format!("{}_${}", base, n);
                    n += 1;
                }
                let own = f.name.clone();
                let mut n = 0;
                while fields.iter().any(|x| x.name == f.name) {
                    f.name = format!("{}{}", own, n);
                    n += 1;
                }
                fields.push(f);
            }
        }
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
        if self.state_ttl.0 > 0 || self.state_ttl.1 > 0 {
            // Flink applies `table.exec.state.ttl` to a PTF's state entries (processing time)
            return Err(unsupported(
                format!("{} with 'table.exec.state.ttl' set (state TTL of a process table function)", reg),
                span,
            ));
        }
        // an updating function's node as Flink names it in a consumer's refusal (oracle
        // ptf/score_downstream_refusals: `ProcessTableFunction(invocation=[ScorePtf(TABLE(#0)
        // PARTITION BY($0), DEFAULT(), DEFAULT())], uid=[ScorePtf], select=[name,sum], rowType=[…])`)
        let update_producer = sig.updating.then(|| {
            let names: Vec<String> = fields.iter().map(|f| f.name.clone()).collect();
            let row_type: Vec<String> =
                fields.iter().map(|f| format!("{} {}", crate::types::calcite_name(&f.ty), f.name)).collect();
            format!(
                "ProcessTableFunction(invocation=[{}], uid=[{}], select=[{}], rowType=[RecordType({})])",
                invocation,
                uid,
                names.join(","),
                row_type.join(", ")
            )
        });
        let node = PtfNode { kind, uid, inputs, table_names, keys, time_cols, scalars, invocation, order: orders };
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
