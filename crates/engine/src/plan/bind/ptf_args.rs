//! The words Flink 2.3 uses about a process table function call (oracle scenarios
//! `ptf/errors_*`, `ptf/uid_*`): the signature texts of its "Invalid function call" and
//! Calcite's "No match found for function signature" errors, the family of each argument, the
//! operand texts of the EXPLAIN line (`invocation=[F(TABLE(#0) PARTITION BY($0), 120000:INTERVAL
//! MINUTE, 71.0:DOUBLE, DESCRIPTOR(_UTF-16LE'ts'), DEFAULT())]`) and the per-statement `uid` check.

use sqlparser::ast::{BinaryOperator, Expr as SqlExpr, UnaryOperator, Value as SqlValue};

use crate::catalog::ptf::{OnTime, ScalarArg, Signature};
use crate::error::{Error, Pos};
use crate::expr::bind::calcite_error;
use crate::plan::rel::{Node, Rel};
use crate::types::{calcite_name, DataType, TypeKind};

const VE: &str = "org.apache.flink.table.api.ValidationException";

/// `name => {TABLE, SET SEMANTIC TABLE}, …, on_time => DESCRIPTOR, uid => STRING` (Flink's
/// signature text in "Expected/Supported signatures are:").
pub fn signature_text(name: &str, sig: &Signature) -> String {
    let mut parts: Vec<String> = Vec::new();
    for t in sig.tables {
        let req = if sig.on_time == OnTime::Required { ", REQUIRE ON TIME" } else { "" };
        parts.push(format!("{} => {{TABLE, SET SEMANTIC TABLE{}}}", t, req));
    }
    for (n, ty) in sig.scalars {
        let t = match ty {
            ScalarArg::Interval => "INTERVAL SECOND(9)",
            ScalarArg::Double => "DOUBLE",
            ScalarArg::Int => "INT",
        };
        parts.push(format!("{} => {}", n, t));
    }
    parts.push("on_time => DESCRIPTOR".into());
    parts.push("uid => STRING".into());
    format!("{}({})", name, parts.join(", "))
}

/// A ROW type as Flink's "Invalid function call" line prints a table argument.
pub fn row_summary(fields: &[(String, DataType)]) -> String {
    let f: Vec<String> = fields.iter().map(|(n, t)| format!("`{}` {}", n, t.summary())).collect();
    format!("ROW<{}> NOT NULL", f.join(", "))
}

/// A table argument as Calcite's messages print it: `RecordType(VARCHAR(2147483647) name, …)`.
pub fn record_type(fields: &[(String, DataType)]) -> String {
    let f: Vec<String> = fields.iter().map(|(n, t)| format!("{} {}", calcite_name(t), n)).collect();
    format!("RecordType({})", f.join(", "))
}

/// Calcite's family of a scalar argument in "No match found for function signature".
pub fn family(t: &DataType) -> &'static str {
    match &t.kind {
        k if k.is_numeric() => "NUMERIC",
        k if k.is_character() => "CHARACTER",
        TypeKind::Boolean => "BOOLEAN",
        TypeKind::Date => "DATE",
        TypeKind::Time { .. } => "TIME",
        TypeKind::Timestamp { .. } | TypeKind::TimestampLtz { .. } => "TIMESTAMP",
        TypeKind::IntervalDayTime => "INTERVAL_DAY_TIME",
        TypeKind::IntervalYearMonth => "INTERVAL_YEAR_MONTH",
        TypeKind::Descriptor => "COLUMN_LIST",
        TypeKind::Array { .. } => "ARRAY",
        TypeKind::Map { .. } => "MAP",
        _ => "ANY",
    }
}

/// Flink's "Invalid function call" error: `SQL validation failed. Invalid function call:` and
/// the call's argument types, then (for argument checks) the expected signature, then `msg`.
pub fn invalid_call(qualified_name: &str, arg_types: &[String], expected: Option<&str>, msg: &str) -> Error {
    let call = format!("Invalid function call:\n{}({})", qualified_name, arg_types.join(", "));
    let mut e = Error::validation(format!("SQL validation failed. {}", call)).caused_by(format!("{}: {}", VE, call));
    if let Some(sig) = expected {
        e = e.caused_by(format!(
            "{}: Invalid input arguments. Expected signatures are:\ndefault_catalog.default_database.{}",
            VE, sig
        ));
    }
    e.caused_by(format!("{}: {}", VE, msg))
}

/// Calcite's "No match found for function signature F(<…>, …)" at the call, with the
/// function's signature when it is a known one.
pub fn no_match(span: (Pos, Pos), name: &str, families: &[String], supported: Option<&str>) -> Error {
    let mut msg = format!("No match found for function signature {}({})", name, families.join(", "));
    if let Some(s) = supported {
        msg.push_str(&format!(".\nSupported signatures are:\n{}", s));
    }
    calcite_error(span, &msg)
}

/// Calcite's operand text of a scalar argument in the EXPLAIN line (a RexNode: literals with
/// their type, calls in prefix form); None for what this does not know how to print.
pub fn rex_text(e: &SqlExpr, type_of: &dyn Fn(&SqlExpr) -> Option<DataType>) -> Option<String> {
    Some(match e {
        SqlExpr::Nested(x) => return rex_text(x, type_of),
        SqlExpr::Value(v) => match &v.value {
            SqlValue::Number(n, _) => number_text(n),
            SqlValue::SingleQuotedString(s) => format!("_UTF-16LE'{}'", s),
            SqlValue::Boolean(b) => b.to_string(),
            _ => return None,
        },
        SqlExpr::Interval(iv) => {
            let ms = interval_ms(iv)?;
            let unit = iv.leading_field.as_ref().map(|f| f.to_string().to_ascii_uppercase())?;
            let unit = unit.trim_end_matches('S').to_string();
            let last = iv.last_field.as_ref().map(|f| format!(" TO {}", f.to_string().to_ascii_uppercase()));
            format!("{}:INTERVAL {}{}", ms, unit, last.unwrap_or_default())
        }
        SqlExpr::Cast { expr, data_type, .. } => {
            let inner = match &**expr {
                SqlExpr::Value(v) => match &v.value {
                    SqlValue::Number(n, _) => n.clone(),
                    _ => return None,
                },
                SqlExpr::UnaryOp { op: UnaryOperator::Minus, expr } => match &**expr {
                    SqlExpr::Value(v) => match &v.value {
                        SqlValue::Number(n, _) => format!("-{}", n),
                        _ => return None,
                    },
                    _ => return None,
                },
                _ => return None,
            };
            let _ = data_type;
            format!("{}:{}", inner, calcite_name(&type_of(e)?))
        }
        SqlExpr::BinaryOp { left, op, right } => {
            let o = match op {
                BinaryOperator::Plus => "+",
                BinaryOperator::Minus => "-",
                BinaryOperator::Multiply => "*",
                BinaryOperator::Divide => "/",
                _ => return None,
            };
            format!("{}({}, {})", o, rex_text(left, type_of)?, rex_text(right, type_of)?)
        }
        SqlExpr::UnaryOp { op: UnaryOperator::Minus, expr } => match &**expr {
            SqlExpr::Value(v) => match &v.value {
                SqlValue::Number(n, _) => number_text(&format!("-{}", n)),
                _ => return None,
            },
            _ => format!("-({})", rex_text(expr, type_of)?),
        },
        _ => return None,
    })
}

/// A numeric literal as a RexLiteral prints: an integer bare, a decimal with its type, an
/// approximate one in Calcite's scientific notation with `:DOUBLE`.
fn number_text(n: &str) -> String {
    let (neg, body) = match n.strip_prefix('-') {
        Some(b) => ("-", b),
        None => ("", n),
    };
    if body.contains(['e', 'E']) {
        // BigDecimal(text) then Util.toScientificNotation: d.ddddE<exp>
        let (mant, exp) = body.split_once(['e', 'E']).unwrap_or((body, "0"));
        let exp: i64 = exp.parse().unwrap_or(0);
        let (ip, fp) = mant.split_once('.').unwrap_or((mant, ""));
        let digits = format!("{}{}", ip, fp);
        let trimmed = digits.trim_start_matches('0');
        let lead_zeros = digits.len() - trimmed.len();
        let digits = if trimmed.is_empty() { "0".to_string() } else { trimmed.to_string() };
        let scale = fp.len() as i64 - exp;
        let e = (digits.len() as i64 - 1) - scale;
        let _ = lead_zeros;
        let (first, rest) = digits.split_at(1);
        let rest = if rest.is_empty() { "0" } else { rest };
        return format!("{}{}.{}E{}:DOUBLE", neg, first, rest, e);
    }
    match body.split_once('.') {
        None => n.to_string(),
        Some((ip, fp)) => {
            let ip_digits = ip.trim_start_matches('0').len();
            let precision = (ip_digits + fp.len()).max(1).max(fp.len());
            format!("{}:DECIMAL({}, {})", n, precision, fp.len())
        }
    }
}

fn interval_ms(iv: &sqlparser::ast::Interval) -> Option<i64> {
    let text = match &*iv.value {
        SqlExpr::Value(v) => match &v.value {
            SqlValue::SingleQuotedString(s) => s.clone(),
            SqlValue::Number(n, _) => n.clone(),
            _ => return None,
        },
        _ => return None,
    };
    let unit = iv.leading_field.as_ref()?.to_string().to_ascii_uppercase();
    if iv.last_field.is_some() {
        return None;
    }
    let n: i64 = text.trim().parse().ok()?;
    let per = match unit.trim_end_matches('S') {
        "SECOND" => 1000,
        "MINUTE" => 60_000,
        "HOUR" => 3_600_000,
        "DAY" => 86_400_000,
        _ => return None,
    };
    n.checked_mul(per)
}

/// `on_time => DESCRIPTOR(c, …)` over the table arguments (`fields`: each table's columns), in
/// Flink's order of checks: names no table has ("Unknown references"), a column that is no
/// TIMESTAMP/TIMESTAMP_LTZ(≤3), a table without any of them ("requires a time attribute"), then
/// (the physical planner) a column without a watermark. Gives each table's time column and the
/// output's `rowtime` type.
pub fn resolve_on_time(
    cols: &[sqlparser::ast::Ident],
    tables: &[&str],
    fields: &[Vec<(String, DataType)>],
    fail: &dyn Fn(bool, String) -> Error,
    span: (Pos, Pos),
) -> crate::error::Result<(Vec<Option<usize>>, DataType)> {
    let find = |t: usize, c: &str| fields[t].iter().position(|(n, _)| n == c);
    let unknown: Vec<&str> =
        cols.iter().map(|c| c.value.as_str()).filter(|c| (0..fields.len()).all(|t| find(t, c).is_none())).collect();
    if !unknown.is_empty() {
        return Err(fail(
            false,
            format!(
                "Invalid time attribute declaration. Each column in the `on_time` argument must reference at least one column in one of the table arguments. Unknown references: [{}]",
                unknown.join(", ")
            ),
        ));
    }
    let mut per_table: Vec<Vec<usize>> = vec![Vec::new(); fields.len()];
    for (t, tf) in fields.iter().enumerate() {
        for c in cols {
            let Some(i) = find(t, &c.value) else { continue };
            let ty = &tf[i].1;
            let ok = match ty.kind {
                TypeKind::Timestamp { precision, .. } | TypeKind::TimestampLtz { precision, .. } => precision <= 3,
                _ => false,
            };
            if !ok {
                return Err(fail(
                    false,
                    format!(
                        "Unsupported data type for time attribute. The `on_time` argument must reference a TIMESTAMP or TIMESTAMP_LTZ column (up to precision 3). However, column '{}' in table argument '{}' has data type '{}'.",
                        c.value,
                        tables.get(t).copied().unwrap_or_default(),
                        ty.without_time_attr().summary()
                    ),
                ));
            }
            per_table[t].push(i);
        }
    }
    let mut time_cols = Vec::new();
    for (t, found) in per_table.iter().enumerate() {
        match found.as_slice() {
            [] => {
                return Err(fail(
                    false,
                    format!(
                        "Table argument '{}' requires a time attribute. Please provide one using the implicit `on_time` argument. For example: myFunction(..., on_time => DESCRIPTOR(`my_timestamp`)",
                        tables.get(t).copied().unwrap_or_default()
                    ),
                ))
            }
            [i] => time_cols.push(Some(*i)),
            _ => {
                return Err(Error::unsupported("an on_time DESCRIPTOR naming two columns of one table").at(span.0, span.1))
            }
        }
    }
    let mut rowtime = None;
    for (t, c) in time_cols.iter().enumerate() {
        let (name, ty) = &fields[t][c.unwrap_or_default()];
        if ty.time_attr() != crate::types::TimeAttr::Rowtime {
            return Err(Error::validation(format!(
                "Column '{}' is not a valid time attribute. Only columns with a watermark declaration qualify for the `on_time` argument. Also, make sure that the watermarked column is forwarded without any modification.",
                name
            )));
        }
        rowtime.get_or_insert_with(|| ty.clone());
    }
    match rowtime {
        Some(ty) => Ok((time_cols, ty)),
        None => Err(Error::unsupported("on_time without a table argument").at(span.0, span.1)),
    }
}

/// Flink's check of the PTF calls of one statement (after sub-plan reuse): two different calls
/// with the same `uid` (by default the function name) fail. Identical calls are one operator
/// when `table.optimizer.reuse-sub-plan-enabled` is on (the default), so they pass.
pub fn check_uids(rel: &Rel, reuse: bool) -> crate::error::Result<()> {
    let mut seen: Vec<(String, String)> = Vec::new();
    let mut err = None;
    walk(rel, &mut |r| {
        if let Node::Ptf(p) = &r.node {
            let digest = format!("{:?}", r);
            match seen.iter().find(|(u, _)| *u == p.uid) {
                Some((_, d)) if reuse && *d == digest => {}
                Some(_) => {
                    err.get_or_insert_with(|| p.uid.clone());
                }
                None => seen.push((p.uid.clone(), digest)),
            }
        }
    });
    match err {
        None => Ok(()),
        Some(uid) => Err(Error::validation(format!(
            "Duplicate unique identifier '{}' detected among process table functions. Make sure that all PTF calls have an identifier defined that is globally unique. Please provide a custom identifier using the implicit `uid` argument. For example: myFunction(..., uid => 'my-id')",
            uid
        ))),
    }
}

fn walk(rel: &Rel, f: &mut dyn FnMut(&Rel)) {
    f(rel);
    for c in rel.node.inputs() {
        walk(c, f);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_print_as_rex_literals() {
        assert_eq!(number_text("2"), "2");
        assert_eq!(number_text("1.0"), "1.0:DECIMAL(2, 1)");
        assert_eq!(number_text("71.0"), "71.0:DECIMAL(3, 1)");
        assert_eq!(number_text("55.0e0"), "5.50E1:DOUBLE");
    }
}
