//! Running a script: statements in order (SET, CREATE TABLE, INSERT, EXPLAIN, DESCRIBE, …),
//! then every query over all of the script's data, each with the settings in effect where it
//! stands — the oracle's model (README "SET: where a setting applies").

use std::sync::Arc;

use crate::catalog::Catalog;
use crate::data::{self, ArrivalInfo, Event, EventKind, InsertedRow};
use crate::error::{Error, ErrorKind, Result};
use crate::kinds::RowKind;
use crate::kinds::{Arrival, Dialect, TableOrigin};
use crate::plan::{explain, explain_with, plan_query};
use crate::runtime::{run_query, QueryMeta, RunOptions};
use crate::script::{split, Item, ItemKind};
use crate::session::{Session, Settings};
use crate::sql::{parse_statement, Statement};
use crate::trace::{ErrorInfo, FieldInfo, QueryTrace, ScriptTrace, StatementOutput, TableInfo, TRACE_VERSION};

/// How to run a script.
#[derive(Clone, Debug)]
pub struct RunConfig {
    /// The dialect when the script does not SET `joinlab.dialect`.
    pub dialect: Dialect,
    /// Record events for the page (the text output does not need them).
    pub trace: bool,
}

impl Default for RunConfig {
    fn default() -> Self {
        RunConfig { dialect: Dialect::Confluent, trace: false }
    }
}

/// A query and where it stands.
struct QueryAt {
    sql: String,
    item: Item,
    settings: Arc<Settings>,
    parsed: Result<Box<sqlparser::ast::Query>>,
}

/// Everything the statements produced before the queries run.
pub struct Prepared {
    pub catalog: Catalog,
    pub events: Vec<Event>,
    pub arrival: ArrivalInfo,
    pub dialect: Dialect,
    pub notes: Vec<String>,
    pub statements: Vec<StatementOutput>,
    queries: Vec<QueryAt>,
    pub batch: bool,
    /// `joinlab.seed`, `joinlab.examples.rows`.
    pub seed: u64,
    pub examples_rows: Option<u64>,
}

fn first_line(s: &str) -> String {
    let l = s.trim().split('\n').next().unwrap_or("").trim();
    if l.chars().count() > 100 {
        format!("{}...", l.chars().take(100).collect::<String>())
    } else {
        l.to_string()
    }
}

fn located(e: Error, item: &Item) -> Error {
    e.locate(item.line, item.col0)
}

fn is_query_text(s: &str) -> bool {
    let u = s.trim_start().to_ascii_uppercase();
    u.starts_with("SELECT") || u.starts_with("WITH") || u.starts_with("VALUES") || u.starts_with('(')
}

/// Runs the statements of a script (not its queries).
pub fn prepare(
    script: &str,
    cfg: &RunConfig,
) -> std::result::Result<Prepared, (Vec<String>, Vec<StatementOutput>, Error)> {
    let items = split(script).map_err(|e| (Vec::new(), Vec::new(), e))?;
    let mut session = Session::new(cfg.dialect);
    // script-wide settings first (dialect, arrival, runtime mode), last value wins
    for it in &items {
        if let ItemKind::Sql(s) = &it.kind {
            if let Ok(Statement::Set { key, value }) = parse_statement(s) {
                let k = crate::session::canonical_key(&key);
                if k == "joinlab.dialect" || k == "execution.runtime-mode" {
                    let _ = session.set(&key, &value, it.line);
                }
            }
        }
    }
    let dialect = session.dialect;
    let mut catalog = Catalog::default();
    if let Err(e) = catalog.add_examples(&crate::time::SessionZone::default(), dialect) {
        return Err((Vec::new(), Vec::new(), e));
    }
    let mut statements: Vec<StatementOutput> = Vec::new();
    let mut queries: Vec<QueryAt> = Vec::new();
    let mut inserted: Vec<InsertedRow> = Vec::new();
    let mut data_items: Vec<(Item, Arc<Settings>)> = Vec::new();
    let mut first_insert_line = None;
    let mut notes: Vec<String> = Vec::new();
    macro_rules! fail {
        ($e:expr) => {
            return Err((std::mem::take(&mut notes), std::mem::take(&mut statements), $e))
        };
    }
    for it in &items {
        let sql = match &it.kind {
            ItemKind::Sql(s) => s.clone(),
            _ => {
                data_items.push((it.clone(), session.settings()));
                continue;
            }
        };
        if is_query_text(&sql) {
            let parsed = parse_statement(&sql).and_then(|st| match st {
                Statement::Query(q) => Ok(q),
                _ => Err(Error::unsupported("this statement")),
            });
            queries.push(QueryAt {
                sql: sql.clone(),
                item: it.clone(),
                settings: session.settings(),
                parsed: parsed.map_err(|e| located(e, it)),
            });
            continue;
        }
        let st = match parse_statement(&sql) {
            Ok(st) => st,
            Err(e) if sql.trim_start().to_ascii_uppercase().starts_with("EXPLAIN") => {
                // a failing EXPLAIN prints its error and the script goes on (as in the oracle)
                let e = located(e, it);
                statements.push(StatementOutput {
                    line: it.line,
                    header: first_line(&sql),
                    text: String::new(),
                    error: Some(ErrorInfo::from_error(&e)),
                });
                continue;
            }
            Err(e) => {
                // a failing statement that is not a query: the whole script fails (as in the oracle)
                let e = if e.kind == ErrorKind::Parse
                    && !sql.trim_start().to_ascii_uppercase().starts_with("CREATE")
                    && !sql.trim_start().to_ascii_uppercase().starts_with("INSERT")
                    && !sql.trim_start().to_ascii_uppercase().starts_with("EXPLAIN")
                {
                    Error::parse("SQL parse failed. Non-query expression encountered in illegal context")
                        .caused_by("org.apache.calcite.sql.parser.SqlParseException: Non-query expression encountered in illegal context")
                        .at(e.stmt_span.map(|s| s.0).unwrap_or(crate::error::Pos { line: 1, col: 1 }), e.stmt_span.map(|s| s.1).unwrap_or(crate::error::Pos { line: 1, col: 1 }))
                } else {
                    e
                };
                fail!(located(e, it));
            }
        };
        match st {
            Statement::Set { key, value } => {
                if let Err(e) = session.set(&key, &value, it.line) {
                    fail!(e);
                }
                if session.arrival.is_some() {}
            }
            Statement::Reset { key } => session.reset(key.as_deref()),
            Statement::CreateTable(ct) => {
                let settings = session.settings();
                if ct.name.contains('.') {
                    fail!(located(not_writable(&ct.path, "CREATE TABLE").at(ct.name_span.0, ct.name_span.1), it));
                }
                if let Err(e) = catalog.create(&ct, settings.zone(), dialect) {
                    fail!(located(e, it));
                }
            }
            Statement::Use { catalog: is_catalog, parts } => {
                let known = match (is_catalog, parts.as_slice()) {
                    (true, [c]) => c == "default_catalog" || c == "examples",
                    (false, [d]) => {
                        let sp = session.settings().search_path();
                        match sp.first() {
                            Some(c) => catalog.tables.iter().any(|t| t.name.starts_with(&format!("{}.{}.", c, d))),
                            None => d == "default_database",
                        }
                    }
                    (false, [c, d]) => {
                        (c == "default_catalog" && d == "default_database")
                            || catalog.tables.iter().any(|t| t.name.starts_with(&format!("{}.{}.", c, d)))
                    }
                    _ => false,
                };
                if !known {
                    let what = if is_catalog { "Catalog" } else { "Database" };
                    fail!(located(Error::validation(format!("{} {} does not exist", what, parts.join("."))), it));
                }
                session.use_path(is_catalog, &parts);
            }
            Statement::Modify { verb, table, span } => {
                let sp = session.settings().search_path();
                match catalog.resolve(&table, &sp) {
                    Some(ti) if catalog.tables[ti].read_only => {
                        fail!(located(not_writable(&table, &format!("{} TABLE", verb)).at(span.0, span.1), it))
                    }
                    _ => fail!(located(
                        Error::unsupported(format!("{} TABLE (tables live for the whole script)", verb))
                            .at(span.0, span.1),
                        it
                    )),
                }
            }
            Statement::Insert(ins) => {
                first_insert_line.get_or_insert(it.line);
                if let sqlparser::ast::TableObject::TableName(n) = &ins.table {
                    let (path, parts) = crate::sql::table_path(n);
                    let sp = session.settings().search_path();
                    let ro = catalog
                        .resolve(&parts, &sp)
                        .map(|ti| catalog.tables[ti].read_only)
                        .unwrap_or(path.contains('.'));
                    if ro {
                        let span = crate::sql::span_of(n);
                        fail!(located(not_writable(&parts, "INSERT INTO").at(span.0, span.1), it));
                    }
                }
                let settings = session.settings();
                match data::evaluate_insert(&ins, &sql, it, &catalog, settings.zone()) {
                    Ok((table, rows)) => {
                        for r in rows {
                            let time = data::event_time(&catalog, table, &r);
                            inserted.push(InsertedRow { table, values: r, line: it.line, time });
                        }
                    }
                    Err(e) => fail!(e),
                }
            }
            Statement::Explain { details, query } => {
                let settings = session.settings();
                let header = first_line(&sql);
                match plan_query(&query, &sql, &catalog, &settings, dialect) {
                    Ok(p) => {
                        let text = explain_with(&p.rel, &catalog, details.iter().any(|d| d == "CHANGELOG_MODE"));
                        statements.push(StatementOutput { line: it.line, header, text, error: None });
                    }
                    Err(e) => {
                        let e = located(e, it);
                        statements.push(StatementOutput {
                            line: it.line,
                            header,
                            text: String::new(),
                            error: Some(ErrorInfo::from_error(&e)),
                        });
                    }
                }
            }
            Statement::Describe { table, span } => match catalog
                .resolve(&table.split('.').map(String::from).collect::<Vec<_>>(), &session.settings().search_path())
            {
                Some(ti) => statements.push(StatementOutput {
                    line: it.line,
                    header: first_line(&sql),
                    text: crate::describe::describe(&catalog.tables[ti], dialect),
                    error: None,
                }),
                None => fail!(located(
                    Error::validation(format!(
                        "Tables or views with the identifier 'default_catalog.default_database.{}' doesn't exist.",
                        table
                    ))
                    .at(span.0, span.1),
                    it
                )),
            },
            Statement::Show(what) => {
                let w = what.trim().to_ascii_uppercase();
                let sp = session.settings().search_path();
                let text = if w == "CATALOGS" {
                    crate::describe::show_catalogs()
                } else if w == "DATABASES" {
                    crate::describe::show_databases(
                        &catalog,
                        sp.first().map(|s| s.as_str()).unwrap_or("default_catalog"),
                    )
                } else if w == "TABLES" || w.starts_with("TABLES FROM ") || w.starts_with("TABLES IN ") {
                    let from = what.trim().splitn(3, ' ').nth(2).map(|x| x.replace('`', ""));
                    let prefix = match (&from, sp.len()) {
                        (Some(f), _) if f.contains('.') => Some(f.clone()),
                        (Some(f), _) if f == "default_database" => None,
                        (Some(f), n) if n > 0 => Some(format!("{}.{}", sp[0], f)),
                        (Some(f), _) => Some(f.clone()),
                        (None, 2) => Some(sp.join(".")),
                        (None, _) => None,
                    };
                    crate::describe::show_tables(
                        &catalog,
                        prefix.as_deref().filter(|p| !p.starts_with("default_catalog")),
                    )
                } else if w.starts_with("CREATE TABLE") {
                    let name = what.trim()[12..].trim().replace('`', "");
                    match catalog.resolve(&name.split('.').map(String::from).collect::<Vec<_>>(), &sp) {
                        Some(ti) => crate::describe::show_create_table(&catalog.tables[ti]),
                        None => fail!(located(
                            Error::validation(format!(
                                "Could not execute SHOW CREATE TABLE. Table with identifier `default_catalog`.`default_database`.`{}` does not exist.",
                                name
                            )),
                            it
                        )),
                    }
                } else {
                    fail!(located(Error::unsupported(format!("SHOW {}", what)), it));
                };
                statements.push(StatementOutput { line: it.line, header: first_line(&sql), text, error: None });
            }
            Statement::Query(_) => {}
        }
    }
    notes.extend(session.notes.clone());
    // data
    let arrival_policy = session.arrival;
    let (events, arrival) = if !inserted.is_empty() {
        if let Some((d, _)) = data_items.first() {
            fail!(Error::harness(format!(
                "the script gives data both as INSERT statements (line {}) and as @ lines (line {}); use one or the other",
                first_insert_line.unwrap_or(0),
                d.line
            )));
        }
        data::arrange_inserts(&catalog, inserted, arrival_policy)
    } else {
        let mut events = Vec::new();
        for (it, settings) in &data_items {
            match &it.kind {
                ItemKind::Row { table, kind, values } => {
                    let Some(ti) = catalog.find_loose(table) else {
                        fail!(at_line(Error::harness(format!("unknown table in data line: {}", table)), it.line));
                    };
                    match data::data_line_values(&catalog, ti, values, it.line, &it.raw, settings.zone()) {
                        Ok(row) => events.push(Event {
                            table: ti,
                            kind: EventKind::Row { kind: *kind, values: row },
                            line: it.line,
                            rowtime: None,
                        }),
                        Err(e) => fail!(at_line(e, it.line)),
                    }
                }
                ItemKind::Watermark { table, time } => {
                    let targets: Vec<usize> = if table == "*" {
                        // the script's tables: the examples catalog is no source of this script
                        (0..catalog.tables.len()).filter(|&i| !catalog.tables[i].read_only).collect()
                    } else {
                        match catalog.find_loose(table) {
                            Some(ti) => vec![ti],
                            None => fail!(at_line(
                                Error::harness(format!("unknown table in data line: {}", table)),
                                it.line
                            )),
                        }
                    };
                    for ti in targets {
                        let millis = match time {
                            Some(t) => match data::watermark_millis(&catalog, ti, t, settings.zone(), it.line) {
                                Ok(m) => Some(m),
                                Err(e) => fail!(e),
                            },
                            None => None,
                        };
                        events.push(Event {
                            table: ti,
                            kind: EventKind::Watermark { millis, text: time.clone() },
                            line: it.line,
                            rowtime: None,
                        });
                    }
                }
                ItemKind::Sql(_) => {}
            }
        }
        let mut n = vec!["# note: arrival as-written".to_string()];
        if arrival_policy == Some(Arrival::ByTime) && !data_items.is_empty() {
            n.push("# note: 'joinlab.arrival' = 'by-time' ignored: @ data lines always arrive as written".into());
        }
        (events, ArrivalInfo { order: Arrival::AsWritten, notes: n })
    };
    Ok(Prepared {
        catalog,
        events,
        arrival,
        dialect,
        notes,
        statements,
        queries,
        batch: session.batch,
        seed: session.seed,
        examples_rows: session.examples_rows,
    })
}

pub fn table_infos(catalog: &Catalog) -> Vec<TableInfo> {
    catalog
        .tables
        .iter()
        .map(|t| TableInfo {
            name: t.name.clone(),
            origin: match (&t.generator, t.read_only) {
                (_, true) => TableOrigin::Examples,
                (Some(_), false) => TableOrigin::Datagen,
                (None, false) => TableOrigin::Script,
            },
            columns: t.columns.iter().map(|c| FieldInfo { name: c.name.clone(), ty: c.ty.summary() }).collect(),
            rowtime: t.watermark.as_ref().map(|w| t.columns[w.column].name.clone()),
            watermark: t.watermark.as_ref().map(|w| w.text.clone()),
            changelog: t.changelog,
            row_interval: match (&t.generator, t.read_only) {
                (Some(Ok(g)), true) => g.timing.fixed_interval_text(),
                _ => None,
            },
        })
        .collect()
}

impl Prepared {
    /// Plans query `qi` (0-based) with the settings where it stands.
    pub fn plan(&self, qi: usize) -> Result<crate::plan::QueryPlan> {
        let q = self.queries.get(qi).ok_or_else(|| Error::harness(format!("the script has no query {}", qi + 1)))?;
        let parsed = q.parsed.as_ref().map_err(|e| e.clone())?;
        plan_query(parsed, &q.sql, &self.catalog, &q.settings, self.dialect).map_err(|e| located(e, &q.item))
    }

    pub fn query_count(&self) -> usize {
        self.queries.len()
    }

    /// Plans and runs query `qi` (0-based).
    pub fn run_query(&self, qi: usize, trace: bool) -> QueryTrace {
        let q = &self.queries[qi];
        let mut notes = self.arrival.notes.clone();
        let settings = &q.settings;
        let empty = |index: usize| QueryTrace {
            index,
            sql: q.sql.clone(),
            line: q.item.line,
            zone: settings.zone().id().to_string(),
            notes: Vec::new(),
            schema: Vec::new(),
            plan: String::new(),
            operators: Vec::new(),
            end_mode: settings.end_mode(),
            steps: Vec::new(),
            end: None,
            materialized_unbounded: None,
            materialized_bounded: None,
            error: None,
            runtime_error: None,
            failed_step: None,
            late_rows: Vec::new(),
        };
        let parsed = match &q.parsed {
            Ok(p) => p,
            Err(e) => {
                let mut t = empty(qi + 1);
                t.notes = notes;
                t.error = Some(ErrorInfo::from_error(e));
                return t;
            }
        };
        let plan = match plan_query(parsed, &q.sql, &self.catalog, settings, self.dialect) {
            Ok(p) => p,
            Err(e) => {
                let mut t = empty(qi + 1);
                t.notes = notes;
                t.error = Some(ErrorInfo::from_error(&located(e, &q.item)));
                return t;
            }
        };
        if self.batch {
            let mut t = empty(qi + 1);
            t.notes = notes;
            t.error = Some(ErrorInfo::from_error(&Error::unsupported(
                "running queries in batch mode (execution.runtime-mode = batch); EXPLAIN works",
            )));
            return t;
        }
        notes.extend(plan.notes.clone());
        let plan_text = explain(&plan.rel, &self.catalog);
        let events = crate::run_data::query_events(&self.catalog, &plan, &self.events, self.seed, self.examples_rows);
        let opts = self.run_options(settings, trace, &events);
        let mut notes = notes;
        if let Some(n) = crate::run_data::arrival_note(self.events.len(), events.len()) {
            if self.events.is_empty() {
                // no data of the script's own: its arrival note says nothing
                notes.retain(|x| !x.starts_with("# note: arrival"));
            }
            notes.push(n);
        }
        let meta = QueryMeta { index: qi + 1, sql: q.sql.clone(), line: q.item.line, notes, plan_text };
        run_query(meta, &plan, &self.catalog, &events, &opts)
    }

    fn run_options(&self, settings: &Settings, trace: bool, events: &[Event]) -> RunOptions {
        RunOptions {
            trace,
            zone: settings.zone().clone(),
            end_mode: settings.end_mode(),
            per_record: settings.watermark_per_record(),
            rows_drive_source_watermark: self.dialect == Dialect::Confluent && arrival_from_inserts(events),
            rowtime_null_check: self.dialect == Dialect::Flink,
            proc_clock: settings.proc_clock(),
        }
    }

    /// The full state of every stateful operator of query `qi` after `steps` steps (one past
    /// the last data step: after the end of input). Empty when the query does not plan.
    pub fn state_at(&self, qi: usize, steps: usize) -> Vec<crate::trace::StateSummary> {
        let Some(q) = self.queries.get(qi) else { return Vec::new() };
        let Ok(plan) = self.plan(qi) else { return Vec::new() };
        let events = crate::run_data::query_events(&self.catalog, &plan, &self.events, self.seed, self.examples_rows);
        let opts = self.run_options(&q.settings, false, &events);
        crate::runtime::replay::state_after(&plan, &self.catalog, &events, &opts, steps)
    }

    /// Whether `oracle.trace` is on for a query (every step gets a line).
    pub fn trace_all_steps(&self, qi: usize) -> bool {
        self.queries[qi].settings.trace_all_steps()
    }

    pub fn query_header(&self, qi: usize) -> String {
        if self.queries.len() > 1 {
            format!("== query {}: {}", qi + 1, first_line(&self.queries[qi].sql))
        } else {
            format!("== query {}", qi + 1)
        }
    }
}

/// Runs a whole script into its trace.
pub fn run_script(script: &str, cfg: &RunConfig) -> ScriptTrace {
    match prepare(script, cfg) {
        Err((notes, statements, e)) => ScriptTrace {
            version: TRACE_VERSION,
            dialect: cfg.dialect,
            notes,
            tables: Vec::new(),
            statements,
            queries: Vec::new(),
            harness_error: Some(ErrorInfo::from_error(&e)),
        },
        Ok(p) => {
            let queries = (0..p.query_count()).map(|i| p.run_query(i, cfg.trace)).collect();
            ScriptTrace {
                version: TRACE_VERSION,
                dialect: p.dialect,
                notes: p.notes.clone(),
                tables: table_infos(&p.catalog),
                statements: p.statements.clone(),
                queries,
                harness_error: None,
            }
        }
    }
}

/// Points an error at a script line (column 1) when it has no position of its own.
fn at_line(mut e: Error, line: usize) -> Error {
    if e.script_pos.is_none() {
        e.script_pos = Some(crate::error::Pos { line, col: 1 });
    }
    e
}

/// The examples catalog is read-only (as in Confluent Cloud); other catalogs do not exist.
fn not_writable(path: &[String], what: &str) -> Error {
    match path.first().map(|s| s.as_str()) {
        Some("examples") => Error::validation(format!(
            "{} is not allowed on `{}`: the examples catalog is read-only (its tables are generated; CREATE TABLE a table of your own and INSERT into that)",
            what,
            path.join("`.`")
        )),
        Some(c) => Error::validation(format!("Catalog {} does not exist", c)),
        None => Error::validation(format!("{}: no table named", what)),
    }
}

/// Whether every event is an inserted row (INSERT data or generated rows: no `@watermark`
/// markers), so that SOURCE_WATERMARK() follows the rows.
fn arrival_from_inserts(events: &[Event]) -> bool {
    !events.is_empty()
        && events.iter().all(|e| {
            matches!(e.kind, EventKind::Row { kind: RowKind::Insert, .. })
                || (e.line == 0 && matches!(e.kind, EventKind::Watermark { .. }))
        })
}
