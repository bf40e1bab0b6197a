//! The script's data as one ordered list of source events: `@` lines as written, INSERT rows
//! in the arrival order the oracle defines (README "Arrival order"):
//!
//! * `by-time` (default for INSERT data): each table keeps its written order; across tables the
//!   next row is the head row with the smallest event time (the value of the table's
//!   `WATERMARK FOR` column); ties go to the table created first. A table without a WATERMARK
//!   (or with a computed rowtime) makes the whole script `as-written`.
//! * `as-written`: statement by statement, row by row. `@` lines always arrive as written.
//!
//! INSERT values are checked as Flink checks an `INSERT INTO … VALUES` (implicit casts only
//! where Flink allows them, a bare NULL rejected) and evaluated as `CAST(value AS column type)`.

pub mod fast_insert;
pub mod literal;

use serde::Serialize;

use crate::catalog::{Catalog, ColumnKind};
use crate::error::{Error, Pos, Result};
use crate::expr::bind::{bind_scalar, Scope};
use crate::expr::{cast_value, EvalCtx, Expr};
use crate::kinds::Arrival;
use crate::kinds::RowKind;
use crate::script::Item;
use crate::sql::span_of;
use crate::time::{parse_ts_relaxed, SessionZone};
use crate::types::{calcite_name, DataType, TypeKind};
use crate::value::{Row, Value};

#[derive(Clone, Debug, PartialEq)]
pub enum EventKind {
    /// A row of the table's physical columns.
    Row { kind: RowKind, values: Row },
    /// `@watermark T [time]`: `millis` None means "emit the pending watermark".
    Watermark { millis: Option<i64>, text: Option<String> },
}

/// One step of the script: what the oracle sends to one source.
#[derive(Clone, Debug, PartialEq)]
pub struct Event {
    pub table: usize,
    pub kind: EventKind,
    /// Script line it came from (0: a generated row).
    pub line: usize,
    /// A generated row's timestamp (its `$rowtime`, epoch ms); None for rows of the script.
    pub rowtime: Option<i64>,
}

/// How the rows arrived, for the `# note: arrival …` lines.
#[derive(Clone, Debug, Serialize)]
pub struct ArrivalInfo {
    pub order: Arrival,
    pub notes: Vec<String>,
}

/// A row of an INSERT statement, before the arrival order is decided.
#[derive(Clone, Debug)]
pub struct InsertedRow {
    pub table: usize,
    pub values: Row,
    pub line: usize,
    /// Event time (ms) for by-time arrival; None when NULL.
    pub time: Option<i64>,
}

fn brief(sql: &str) -> String {
    let l = sql.trim().split('\n').next().unwrap_or("").trim();
    if l.chars().count() > 80 {
        format!("{}...", l.chars().take(80).collect::<String>())
    } else {
        l.to_string()
    }
}

/// Flink's `LogicalTypeCasts.supportsImplicitCast` for INSERT targets.
pub fn implicit_cast_ok(from: &DataType, to: &DataType) -> bool {
    use TypeKind::*;
    let (f, t) = (&from.kind, &to.kind);
    if f == &Null {
        return true;
    }
    match t {
        TinyInt => matches!(f, TinyInt),
        SmallInt => matches!(f, TinyInt | SmallInt),
        Int => matches!(f, TinyInt | SmallInt | Int),
        BigInt => matches!(f, TinyInt | SmallInt | Int | BigInt),
        Decimal { .. } => f.is_integer() || matches!(f, Decimal { .. }),
        Float => f.is_integer() || matches!(f, Decimal { .. } | Float),
        Double => f.is_numeric(),
        Boolean => matches!(f, Boolean),
        Char { .. } => matches!(f, Char { .. }),
        VarChar { .. } => matches!(f, Char { .. } | VarChar { .. }),
        Binary { .. } => matches!(f, Binary { .. }),
        VarBinary { .. } => matches!(f, Binary { .. } | VarBinary { .. }),
        Date => matches!(f, Date | Timestamp { .. }),
        Time { .. } => matches!(f, Time { .. } | Timestamp { .. }),
        Timestamp { .. } => matches!(f, Timestamp { .. } | TimestampLtz { .. }),
        TimestampLtz { .. } => matches!(f, Timestamp { .. } | TimestampLtz { .. }),
        Array { element } => match f {
            Array { element: fe } => implicit_cast_ok(fe, element),
            _ => false,
        },
        Map { .. } | Row { .. } => f.family() == t.family(),
        _ => f == t,
    }
}

/// Parses the values of one `@` line.
pub fn data_line_values(
    catalog: &Catalog,
    table: usize,
    values: &str,
    line: usize,
    raw: &str,
    zone: &SessionZone,
) -> Result<Row> {
    data_line_row(catalog, table, &catalog.tables[table].physical(), values, line, raw, zone)
}

/// [`data_line_values`] with the table's physical columns found once for all its lines.
pub fn data_line_row(
    catalog: &Catalog,
    table: usize,
    phys: &[usize],
    values: &str,
    line: usize,
    raw: &str,
    zone: &SessionZone,
) -> Result<Row> {
    let t = &catalog.tables[table];
    let mut parts = literal::split_top_str(values, '|');
    if parts.len() == 1 && parts[0].is_empty() {
        parts.clear();
    }
    if parts.len() != phys.len() {
        return Err(Error::harness(format!(
            "line {}: expected {} values for {} but got {}: {}",
            line,
            phys.len(),
            t.name,
            parts.len(),
            raw
        )));
    }
    let mut row = Vec::with_capacity(parts.len());
    for (p, &ci) in parts.iter().zip(phys) {
        let ty = &t.columns[ci].ty;
        match literal::parse_value(p, ty, zone) {
            Ok(v) => row.push(v),
            Err(m) => {
                return Err(Error::harness(format!(
                    "line {}: cannot parse '{}' as {}: {}",
                    line,
                    p,
                    ty.without_time_attr().summary(),
                    m
                )))
            }
        }
    }
    Ok(row)
}

/// Watermark time of an `@watermark` line for a table.
pub fn watermark_millis(catalog: &Catalog, table: usize, text: &str, zone: &SessionZone, line: usize) -> Result<i64> {
    let t = text.trim();
    if t.eq_ignore_ascii_case("+inf") || t.eq_ignore_ascii_case("max") {
        return Ok(i64::MAX);
    }
    let tab = &catalog.tables[table];
    let ltz = tab
        .watermark
        .as_ref()
        .map(|w| matches!(tab.columns[w.column].ty.kind, TypeKind::TimestampLtz { .. }))
        .unwrap_or(false);
    let r = if ltz { literal::parse_instant(t, zone) } else { parse_ts_relaxed(t) };
    r.map(|ts| ts.millis)
        .ok_or_else(|| Error::harness(format!("line {}: cannot parse watermark time '{}'", line, text)))
}

/// Checks and evaluates one INSERT statement; returns the rows it writes.
pub fn evaluate_insert(
    ins: &sqlparser::ast::Insert,
    sql: &str,
    item: &Item,
    catalog: &Catalog,
    zone: &SessionZone,
) -> Result<(usize, Vec<Row>)> {
    let tname = match &ins.table {
        sqlparser::ast::TableObject::TableName(n) => {
            n.0.last().and_then(|p| p.as_ident()).map(|i| i.value.clone()).unwrap_or_default()
        }
        _ => return Err(Error::unsupported("INSERT INTO a table function")),
    };
    let columns: Vec<(String, (Pos, Pos))> = ins
        .columns
        .iter()
        .map(|c| (c.0.last().and_then(|p| p.as_ident()).map(|i| i.value.clone()).unwrap_or_default(), span_of(c)))
        .collect();
    let (ti, targets) = insert_targets(&tname, &columns, sql, item, catalog)?;
    let Some(src) = &ins.source else { return Err(Error::unsupported("INSERT without VALUES")) };
    let sqlparser::ast::SetExpr::Values(values) = src.body.as_ref() else {
        return Err(Error::unsupported("INSERT INTO … SELECT (JoinLab's data comes from INSERT … VALUES and @ lines)"));
    };
    // bind every value (constants only)
    let empty = Scope::new(Vec::new());
    let mut bound: Vec<Vec<Expr>> = Vec::new();
    for r in &values.rows {
        let mut row = Vec::new();
        for v in &r.content {
            let e = bind_scalar(v, &empty, zone).map_err(|e| rejects(e, sql, item))?;
            if e.ty().kind == TypeKind::Null {
                let sp = span_of(v);
                let inner = crate::expr::bind::calcite_error(sp, "Illegal use of 'NULL'");
                let mut wrapped = Error::validation(format!("SQL validation failed. {}", inner.message));
                wrapped.causes.push(format!("org.apache.flink.table.api.ValidationException: {}", inner.message));
                wrapped.causes.extend(inner.causes.clone());
                wrapped.stmt_span = inner.stmt_span;
                return Err(rejects(wrapped, sql, item));
            }
            row.push(e);
        }
        bound.push(row);
    }
    let plan = check_insert(ti, &targets, &bound, sql, item, catalog)?;
    Ok((ti, evaluate_rows(&plan, ti, &bound, sql, item, catalog, zone)?))
}

/// Flink's error for a rejected INSERT, located in the script.
fn rejects(flink: Error, sql: &str, item: &Item) -> Error {
    let mut e = Error::harness(format!("line {}: Flink rejects '{}':\n{}", item.line, brief(sql), flink.describe()));
    if let Some((s, en)) = flink.stmt_span {
        e = e.at(s, en).locate(item.line, item.col0);
    }
    e
}

/// The INSERT's table and its target columns (physical column indexes, in the order written;
/// all physical columns without a column list).
pub(crate) fn insert_targets(
    tname: &str,
    columns: &[(String, (Pos, Pos))],
    sql: &str,
    item: &Item,
    catalog: &Catalog,
) -> Result<(usize, Vec<usize>)> {
    let line = item.line;
    let Some(ti) = catalog.find_loose(tname) else {
        return Err(Error::harness(format!(
            "line {}: {}: unknown table '{}' (CREATE TABLE it before inserting into it)",
            line,
            brief(sql),
            tname
        )));
    };
    let t = &catalog.tables[ti];
    let phys = t.physical();
    // target columns
    let targets: Vec<usize> = if columns.is_empty() {
        phys.clone()
    } else {
        let mut v = Vec::new();
        for (name, sp) in columns {
            let found = phys
                .iter()
                .copied()
                .find(|&i| t.columns[i].name == *name)
                .or_else(|| phys.iter().copied().find(|&i| t.columns[i].name.eq_ignore_ascii_case(name)));
            match found {
                Some(i) => v.push(i),
                None => {
                    return Err(rejects(
                        crate::expr::bind::calcite_error(*sp, &format!("Unknown target column '{}'", name)),
                        sql,
                        item,
                    ));
                }
            }
        }
        for &i in &phys {
            if !v.contains(&i) && !t.columns[i].ty.nullable {
                return Err(rejects(
                    Error::validation(format!(
                        "SQL validation failed. At line 0, column 0: Column '{}' has no default value and does not allow NULLs",
                        t.columns[i].name
                    ))
                    .caused_by(format!(
                        "org.apache.calcite.runtime.CalciteContextException: At line 0, column 0: Column '{}' has no default value and does not allow NULLs",
                        t.columns[i].name
                    ))
                    .caused_by(format!(
                        "org.apache.calcite.sql.validate.SqlValidatorException: Column '{}' has no default value and does not allow NULLs",
                        t.columns[i].name
                    )),
                    sql,
                    item,
                ));
            }
        }
        v
    };
    Ok((ti, targets))
}

/// What an INSERT's checks found for its target columns: per target its cast type and its
/// position in the row, the row's width, the physical columns that must not be NULL.
pub(crate) struct InsertPlan {
    casts: Vec<(DataType, usize)>,
    width: usize,
    not_null: Vec<(usize, usize)>,
}

/// Checks the bound VALUES rows against the table as Flink does (the query schema: per column
/// the common type of all rows; implicit casts only). What it finds depends only on the table,
/// the targets and the rows' types. Shared by both INSERT readers ([`fast_insert`]).
pub(crate) fn check_insert(
    ti: usize,
    targets: &[usize],
    bound: &[Vec<Expr>],
    sql: &str,
    item: &Item,
    catalog: &Catalog,
) -> Result<InsertPlan> {
    let t = &catalog.tables[ti];
    let phys = t.physical();
    // the query schema: per column, the common type of all rows
    let width = bound.iter().map(|r| r.len()).max().unwrap_or(0);
    let mut query_types: Vec<DataType> = Vec::with_capacity(width);
    for c in 0..width {
        let types: Vec<&DataType> = bound.iter().filter_map(|r| r.get(c)).map(|e| e.ty()).collect();
        query_types.push(crate::expr::typing::least_restrictive(&types).unwrap_or_else(|| types[0].clone()));
    }
    let schema_text = |types: &[DataType]| {
        types.iter().enumerate().map(|(i, t)| format!("EXPR${}: {}", i, t.summary())).collect::<Vec<_>>().join(", ")
    };
    let sink_text = || {
        targets
            .iter()
            .map(|&i| {
                format!("{}: {}", t.columns[i].name, t.columns[i].ty.without_time_attr().with_nullable(true).summary())
            })
            .collect::<Vec<_>>()
            .join(", ")
    };
    let mismatch = |cause: String| {
        rejects(
            Error::validation(format!(
                "Column types of query result and sink for '{}' do not match.\nCause: {}\n\nQuery schema: [{}]\nSink schema:  [{}]",
                t.name,
                cause,
                schema_text(&query_types),
                sink_text()
            )),
            sql,
            item,
        )
    };
    if bound.iter().any(|r| r.len() != targets.len()) {
        return Err(mismatch("Different number of columns.".into()));
    }
    for (k, &ci) in targets.iter().enumerate() {
        if !implicit_cast_ok(&query_types[k], &t.columns[ci].ty) {
            return Err(mismatch(format!(
                "Incompatible types for sink column '{}' at position {}.",
                t.columns[ci].name,
                k + 1
            )));
        }
    }
    // evaluated as CAST(value AS column type); per target: its cast type and its row position
    let casts: Vec<(DataType, usize)> = targets
        .iter()
        .map(|&ci| {
            (t.columns[ci].ty.without_time_attr().with_nullable(true), phys.iter().position(|&p| p == ci).unwrap_or(0))
        })
        .collect();
    let not_null =
        phys.iter().enumerate().filter(|(_, &ci)| !t.columns[ci].ty.nullable).map(|(pos, &ci)| (pos, ci)).collect();
    Ok(InsertPlan { casts, width: phys.len(), not_null })
}

/// Evaluates the checked VALUES rows as `CAST(value AS column type)` into table rows.
pub(crate) fn evaluate_rows(
    plan: &InsertPlan,
    ti: usize,
    bound: &[Vec<Expr>],
    sql: &str,
    item: &Item,
    catalog: &Catalog,
    zone: &SessionZone,
) -> Result<Vec<Row>> {
    let t = &catalog.tables[ti];
    let ctx = EvalCtx::new(zone);
    let mut rows = Vec::with_capacity(bound.len());
    for r in bound {
        let mut row: Row = vec![Value::Null; plan.width];
        for (e, (target, pos)) in r.iter().zip(&plan.casts) {
            let v = e.eval(&[], &ctx).map_err(|m| insert_eval_error(&m.plain()))?;
            let v = cast_value(&v, e.ty(), target, zone).map_err(|m| insert_eval_error(&m.plain()))?;
            row[*pos] = v;
        }
        for &(pos, ci) in &plan.not_null {
            if row[pos].is_null() {
                return Err(Error::harness(format!(
                    "line {}: '{}': column '{}' is NOT NULL, however, a null value is being written into it",
                    item.line,
                    brief(sql),
                    t.columns[ci].name
                )));
            }
        }
        rows.push(row);
    }
    let _ = calcite_name;
    Ok(rows)
}

fn insert_eval_error(m: &str) -> Error {
    let cause = if m.starts_with("java.") { m.to_string() } else { format!("java.lang.NumberFormatException: {}", m) };
    Error::harness("evaluating the INSERT values failed")
        .with_class("java.lang.RuntimeException")
        .caused_by("org.apache.flink.runtime.JobException: Recovery is suppressed by NoRestartBackoffTimeStrategy")
        .caused_by(cause)
}

/// Event time (ms) of an inserted row for by-time arrival: the declared rowtime column, if physical.
pub fn event_time(catalog: &Catalog, table: usize, row: &Row) -> Option<i64> {
    let t = &catalog.tables[table];
    let pos = t.declared_rowtime_physical()?;
    row.get(pos).and_then(|v| v.as_millis())
}

/// Orders INSERT rows for arrival.
pub fn arrange_inserts(
    catalog: &Catalog,
    rows: Vec<InsertedRow>,
    policy: Option<Arrival>,
) -> (Vec<Event>, ArrivalInfo) {
    let mut notes = Vec::new();
    let mut policy = policy.unwrap_or(Arrival::ByTime);
    if policy == Arrival::ByTime {
        let mut targets: Vec<usize> = Vec::new();
        for r in &rows {
            if !targets.contains(&r.table) {
                targets.push(r.table);
            }
        }
        let mut why = None;
        for &ti in &targets {
            let t = &catalog.tables[ti];
            match t.watermark.as_ref().filter(|w| w.declared) {
                None => {
                    why = Some(format!("table {} has no WATERMARK", t.name));
                    break;
                }
                Some(w) => {
                    if !matches!(t.columns[w.column].kind, ColumnKind::Physical) {
                        why = Some(format!(
                            "the WATERMARK column {} of table {} is computed",
                            t.columns[w.column].name, t.name
                        ));
                        break;
                    }
                }
            }
        }
        if let Some(w) = why {
            notes.push("# note: arrival as-written".to_string());
            notes.push(format!(
                "# note: by-time arrival needs an event time for every row: {}, so rows arrive as written",
                w
            ));
            policy = Arrival::AsWritten;
        }
    }
    let to_event = |r: InsertedRow| Event {
        table: r.table,
        kind: EventKind::Row { kind: RowKind::Insert, values: r.values },
        line: r.line,
        rowtime: None,
    };
    if policy == Arrival::AsWritten {
        if notes.is_empty() {
            notes.push("# note: arrival as-written".to_string());
        }
        return (rows.into_iter().map(to_event).collect(), ArrivalInfo { order: Arrival::AsWritten, notes });
    }
    notes.push("# note: arrival by-time".to_string());
    let mut queues: Vec<std::collections::VecDeque<InsertedRow>> = vec![Default::default(); catalog.tables.len()];
    let total = rows.len();
    for r in rows {
        queues[r.table].push_back(r);
    }
    let mut out = Vec::with_capacity(total);
    while out.len() < total {
        let mut best: Option<usize> = None;
        for (k, q) in queues.iter().enumerate() {
            let Some(h) = q.front() else { continue };
            let ht = h.time.unwrap_or(i64::MIN);
            match best {
                None => best = Some(k),
                Some(b) => {
                    let bt = queues[b].front().and_then(|x| x.time).unwrap_or(i64::MIN);
                    if ht < bt {
                        best = Some(k)
                    }
                }
            }
        }
        let Some(b) = best else { break };
        if let Some(r) = queues[b].pop_front() {
            out.push(to_event(r));
        }
    }
    (out, ArrivalInfo { order: Arrival::ByTime, notes })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn implicit_casts_follow_flink() {
        let int = DataType::nullable(TypeKind::Int);
        let tiny = DataType::nullable(TypeKind::TinyInt);
        let big = DataType::nullable(TypeKind::BigInt);
        assert!(!implicit_cast_ok(&int, &tiny));
        assert!(implicit_cast_ok(&int, &big));
        assert!(!implicit_cast_ok(&big, &int));
        let dec = DataType::nullable(TypeKind::Decimal { precision: 2, scale: 1 });
        assert!(!implicit_cast_ok(&dec, &int));
        let ts0 = DataType::nullable(TypeKind::Timestamp { precision: 0, attr: Default::default() });
        let ts3 = DataType::nullable(TypeKind::Timestamp { precision: 3, attr: Default::default() });
        assert!(implicit_cast_ok(&ts0, &ts3));
        assert!(!implicit_cast_ok(&DataType::nullable(TypeKind::Date), &ts3));
        assert!(implicit_cast_ok(&DataType::nullable(TypeKind::Char { length: 2 }), &DataType::string()));
    }
}
