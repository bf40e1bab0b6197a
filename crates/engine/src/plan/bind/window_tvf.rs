//! Windowing table-valued functions: `TUMBLE`, `HOP`, `CUMULATE` over `TABLE t` with
//! `DESCRIPTOR(time_col)` and interval sizes, with Flink's argument checks and messages; the
//! result appends `window_start`, `window_end` and `window_time` (SEMANTICS.md §2.1).

use sqlparser::ast::{Expr as SqlExpr, FunctionArg, FunctionArgExpr, ObjectName};

use crate::error::{Error, Pos, Result};
use crate::expr::bind::{bind_scalar, calcite_error, interval_value, resolve, Scope, ScopeField};
use crate::plan::rel::{Field, Node, Rel, WindowProps};
use crate::sql::dialect::TABLE_ARG;
use crate::sql::span_of;
use crate::time::window::WindowSpec;
use crate::types::{DataType, TimeAttr, TypeKind};
use crate::value::Value;

use super::{Binder, Bound};

impl<'c> Binder<'c> {
    /// TUMBLE / HOP / CUMULATE (other table functions are not supported yet).
    pub(super) fn bind_table_function(&mut self, fname: &str, args: &[FunctionArg], span: (Pos, Pos)) -> Result<Bound> {
        if let Some(k) = self.ptf_kind(fname) {
            if self.created_ptf(fname).is_none() {
                self.warnings.push(format!(
                    "{} is not created in this script: JoinLab runs its built-in (Flink needs CREATE FUNCTION {} AS '…' first)",
                    k.name(),
                    k.name()
                ));
            }
            if let Some(e) = self.jar_error(fname) {
                return Err(e);
            }
            return self.bind_ptf(k, fname, args, span);
        }
        let upper = fname.to_ascii_uppercase();
        let kind = match upper.as_str() {
            "TUMBLE" => "TUMBLE",
            "HOP" => "HOP",
            "CUMULATE" => "CUMULATE",
            "SESSION" if self.batch => {
                return Err(Error::table("Unaligned windows like session are not supported in batch mode yet."))
            }
            "SESSION" => return Err(Error::unsupported("SESSION windows").at(span.0, span.1)),
            // Flink 2.2+'s model and vector-search functions (WAVE2-RESEARCH §4): Flink knows
            // them, so Calcite's "No match found" would be wrong
            "ML_PREDICT" | "ML_EVALUATE" if self.dialect == crate::kinds::Dialect::Flink => {
                return self.bind_flink_model_function(&upper, args, span)
            }
            "VECTOR_SEARCH" | "ML_PREDICT" => {
                return Err(Error::unsupported(format!(
                    "Flink's {}(TABLE …) (JoinLab runs Confluent's forms in the confluent dialect: {})",
                    upper,
                    if upper == "VECTOR_SEARCH" {
                        "LATERAL TABLE(VECTOR_SEARCH_AGG(ext, DESCRIPTOR(col), query, k))"
                    } else {
                        "LATERAL TABLE(ML_PREDICT('model', col))"
                    }
                ))
                .at(span.0, span.1))
            }
            _ => return self.unknown_table_function(fname, args, span),
        };
        // `MODEL m` where a window TVF wants a column or an interval: Calcite looks the model up
        if let Some(e) = super::model_call::model_not_found(args) {
            return Err(e);
        }
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
            // Flink names no place; the page underlines the whole DESCRIPTOR(…) (hints::time_attribute)
            let (s, e) = match timecol {
                SqlExpr::Function(f) => crate::sql::call_span(f),
                other => span_of(other),
            };
            let e = Pos { line: e.line, col: e.col.saturating_sub(1).max(1) };
            return Err(Error::validation(
                "Error while applying rule StreamPhysicalWindowTableFunctionRule(in:LOGICAL,out:STREAM_PHYSICAL)",
            )
            .at(s, e)
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
                    // the table argument's row type as Calcite prints it (names upper-cased)
                    let record: Vec<String> = scope
                        .fields
                        .iter()
                        .filter(|f| !f.hidden)
                        .map(|f| format!("{} {}", crate::types::calcite_name(&f.ty), f.name.to_ascii_uppercase()))
                        .collect();
                    Err(calcite_error(
                        span,
                        &format!(
                            "Cannot apply '{}' to arguments of type '{}(<RECORDTYPE({})>, <COLUMN_LIST>, <{}>)'. Supported form(s): {}",
                            kind,
                            kind,
                            record.join(", "),
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
