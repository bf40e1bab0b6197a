//! Running a script: statements in order (SET, CREATE TABLE, INSERT, EXPLAIN, DESCRIBE, …),
//! then every query over all of the script's data, each with the settings in effect where it
//! stands — the oracle's model (README "SET: where a setting applies").

mod data_lines;
mod generated;
mod statements;

use statements::ScriptState;

use std::sync::Arc;

use crate::catalog::Catalog;
use crate::data::{ArrivalInfo, Event, EventKind};
use crate::error::{Error, Result};
use crate::kinds::RowKind;
use crate::kinds::{Dialect, TableOrigin};
use crate::plan::{explain, plan_query};
use crate::runtime::{QueryMeta, RunOptions, Sentences};
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
pub(super) struct QueryAt {
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
    /// The correlation variables the EXPLAIN statements created (they are planned before the
    /// queries run, as the oracle does).
    explain_correlations: usize,
    /// `joinlab.seed`, `joinlab.examples.rows`.
    pub seed: u64,
    pub examples_rows: Option<u64>,
}

pub(super) fn first_line(s: &str) -> String {
    let l = s.trim().split('\n').next().unwrap_or("").trim();
    if l.chars().count() > 100 {
        format!("{}...", l.chars().take(100).collect::<String>())
    } else {
        l.to_string()
    }
}

/// Places the error in the script and adds the hints that need only the statement's text.
pub(super) fn located(e: Error, item: &Item) -> Error {
    crate::hints::attach(e.locate(item.line, item.col0), &item.raw, None)
}

/// The query note of a batch-mode run: which operators hold their rows until the input ends.
fn batch_note(plan: &crate::plan::QueryPlan) -> String {
    let mut blocking = Vec::new();
    plan.rel.walk(&mut |r| {
        use crate::plan::Node;
        let what = match &r.node {
            Node::RegularJoin(_) | Node::MultiJoin(_) => "the join",
            Node::WindowJoin(_) => "the window join",
            Node::IntervalJoin(_) => "the interval join",
            Node::GroupAggregate(_) => "the aggregation",
            Node::WindowAggregate(_) => "the window aggregation",
            Node::Over(_) => "the OVER aggregation",
            Node::Rank(_) => "the Top-N / deduplication",
            Node::Union { .. } => "UNION ALL",
            _ => return,
        };
        if !blocking.contains(&what) {
            blocking.push(what);
        }
    });
    if blocking.is_empty() {
        "# note: batch mode: the sources are bounded and emit no watermark before the end; every operator of this query passes its rows on at once".into()
    } else {
        format!(
            "# note: batch mode: the sources are bounded and emit no watermark before the end; {} reads all of its input first and emits only final rows (+I) when the input ends",
            blocking.join(", ")
        )
    }
}

fn is_query_text(s: &str) -> bool {
    let u = s.trim_start().as_bytes();
    let starts = |w: &str| u.get(..w.len()).is_some_and(|p| p.eq_ignore_ascii_case(w.as_bytes()));
    starts("SELECT") || starts("WITH") || starts("VALUES") || starts("(")
}

/// Whether a statement can be a SET (`parse_statement` reads only those starting with the word):
/// the first pass over the script parses no other statement.
fn may_be_set(s: &str) -> bool {
    s.trim_start().as_bytes().get(..3).is_some_and(|p| p.eq_ignore_ascii_case(b"SET"))
}

/// Runs the statements of a script (not its queries). A failure gives the notes and statement
/// outputs so far with the error.
pub fn prepare(
    script: &str,
    cfg: &RunConfig,
) -> std::result::Result<Prepared, (Vec<String>, Vec<StatementOutput>, Error)> {
    let items = split(script).map_err(|e| (Vec::new(), Vec::new(), e))?;
    let mut session = Session::new(cfg.dialect);
    let mut script_bytes = crate::limits::value("script-bytes", &|_| None).unwrap_or(u64::MAX);
    let mut depth = crate::sql::Nesting::default();
    // script-wide settings first (dialect, arrival, runtime mode), last value wins
    for it in &items {
        if let ItemKind::Sql(s) = &it.kind {
            if !may_be_set(s) {
                continue;
            }
            if let Ok(Statement::Set { key, value }) = parse_statement(s) {
                let k = crate::session::canonical_key(&key);
                if k == "joinlab.dialect" || k == "execution.runtime-mode" {
                    let _ = session.set(&key, &value, it.line);
                } else if k == "sql.snapshot.mode" {
                    session.snapshot = value.trim().eq_ignore_ascii_case("now");
                } else if let Some(name @ ("script-bytes" | "nesting-depth" | "expression-depth")) =
                    k.strip_prefix(crate::limits::PREFIX)
                {
                    let n = crate::limits::parse(name, &value).map_err(|e| {
                        (Vec::new(), Vec::new(), Error::harness(format!("line {}: {}", it.line, e.message)))
                    })?;
                    match name {
                        "script-bytes" => script_bytes = n,
                        "nesting-depth" => depth.parser = crate::limits::Limits::at_most(n),
                        _ => depth.expression = crate::limits::Limits::at_most(n),
                    }
                }
            }
        }
    }
    if script.len() as u64 > script_bytes {
        return Err((Vec::new(), Vec::new(), script_too_long(script, script_bytes)));
    }
    session.fix_mode();
    let dialect = session.dialect;
    let mut catalog = Catalog::default();
    if let Err(e) = catalog.add_examples(&crate::time::SessionZone::default(), dialect) {
        return Err((Vec::new(), Vec::new(), e));
    }
    let mut st = ScriptState {
        session,
        dialect,
        catalog,
        statements: Vec::new(),
        queries: Vec::new(),
        inserted: Vec::new(),
        data_items: Vec::new(),
        first_insert_line: None,
        correlations: 0,
        depth,
        insert_shapes: Vec::new(),
    };
    for it in items {
        if !matches!(it.kind, ItemKind::Sql(_)) {
            st.data_items.push((it, st.session.settings()));
            continue;
        }
        let ItemKind::Sql(sql) = &it.kind else { continue };
        let it = &it;
        if is_query_text(sql) {
            st.query(sql, it);
        } else if let Err(e) = st.statement(sql, it) {
            return Err((Vec::new(), st.statements, e));
        }
    }
    if st.session.snapshot && dialect == Dialect::Flink {
        st.session.notes.push(
            "# note: 'sql.snapshot.mode' is Confluent Cloud's (a snapshot query); Apache Flink ignores it: the script runs in streaming mode (Flink's batch mode: SET 'execution.runtime-mode' = 'batch')".into(),
        );
    }
    let notes = st.session.notes.clone();
    let arrival_policy = st.session.arrival;
    let inserted = std::mem::take(&mut st.inserted);
    let (events, arrival) =
        match data_lines::script_events(&st.catalog, inserted, st.first_insert_line, &st.data_items, arrival_policy) {
            Ok(x) => x,
            Err(e) => return Err((notes, st.statements, e)),
        };
    Ok(Prepared {
        catalog: st.catalog,
        events,
        arrival,
        dialect,
        notes,
        statements: st.statements,
        queries: st.queries,
        batch: st.session.batch_mode(),
        explain_correlations: st.correlations,
        seed: st.session.seed,
        examples_rows: st.session.examples_rows,
    })
}

/// The error of a script longer than `joinlab.limit.script-bytes`, placed where the limit falls.
fn script_too_long(script: &str, limit: u64) -> Error {
    let cut = crate::limits::Limits::at_most(limit).min(script.len());
    let head = &script.as_bytes()[..cut];
    let line = head.iter().filter(|b| **b == b'\n').count() + 1;
    let col = head.iter().rev().take_while(|b| **b != b'\n').filter(|b| (**b & 0xC0) != 0x80).count() + 1;
    let what = format!(
        "the script is {} bytes, more than {} bytes: the limit falls at line {}, column {}",
        crate::limits::grouped(script.len() as u64),
        crate::limits::grouped(limit),
        line,
        col
    );
    let pos = crate::error::Pos { line, col };
    crate::limits::exceeded("script-bytes", limit, &what).at(pos, pos).locate(1, 0)
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
            external: t.external.as_ref().map(|x| {
                use crate::catalog::external::SearchKind;
                let fns: Vec<&str> = [SearchKind::Key, SearchKind::Text, SearchKind::Vector]
                    .into_iter()
                    .filter(|k| x.connector.supports(*k))
                    .map(|k| k.function())
                    .collect();
                format!("{} via connection '{}' ({})", x.connector.name(), x.connection, fns.join(", "))
            }),
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

    /// Places a query's error and adds its hints, the catalog's included.
    fn with_hints(&self, e: Error, q: &QueryAt) -> Error {
        crate::hints::attach(located(e, &q.item), &q.sql, Some(&self.catalog))
    }

    pub fn query_count(&self) -> usize {
        self.queries.len()
    }

    /// Plans and runs query `qi` (0-based).
    pub fn run_query(&self, qi: usize, trace: bool) -> QueryTrace {
        self.run_query_with(qi, trace, &mut |_, _| {})
    }

    /// [`Prepared::run_query`], telling `progress(step, steps)` how far it got now and then
    /// ([`crate::runtime::PROGRESS_EVERY`]).
    pub fn run_query_with(&self, qi: usize, trace: bool, progress: &mut dyn FnMut(usize, usize)) -> QueryTrace {
        self.run_query_into(qi, trace, Sentences::All, progress, None)
    }

    /// [`Prepared::run_query_with`], handing each data step to `steps` as it is made instead of
    /// keeping it in the trace ([`crate::runtime::run_query_into`]).
    pub fn run_query_into(
        &self,
        qi: usize,
        trace: bool,
        sentences: Sentences,
        progress: &mut dyn FnMut(usize, usize),
        steps: Option<&mut dyn FnMut(crate::trace::Step)>,
    ) -> QueryTrace {
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
            start: None,
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
                t.error = Some(ErrorInfo::from_error(&crate::hints::attach(e.clone(), &q.sql, Some(&self.catalog))));
                return t;
            }
        };
        let plan = match plan_query(parsed, &q.sql, &self.catalog, settings, self.dialect) {
            Ok(p) => p,
            Err(e) => {
                let mut t = empty(qi + 1);
                t.notes = notes;
                t.error = Some(ErrorInfo::from_error(&self.with_hints(e, q)));
                return t;
            }
        };
        if self.batch {
            if let Err(mut e) = self.batch_check(qi, &plan, settings) {
                if e.stmt_span.is_none() {
                    // Flink names no place: the page points at the query's first line
                    let width = q.sql.trim_start().lines().next().map(|l| l.chars().count()).unwrap_or(1);
                    e = e.at(crate::error::Pos { line: 1, col: 1 }, crate::error::Pos { line: 1, col: width.max(1) });
                }
                let mut t = empty(qi + 1);
                t.notes = notes;
                t.error = Some(ErrorInfo::from_error(&self.with_hints(e, q)));
                return t;
            }
            notes.push(batch_note(&plan));
        }
        notes.extend(plan.notes.clone());
        let plan_text = explain(&plan.rel, &self.catalog);
        let limits = settings.limits().unwrap_or_default();
        let events =
            generated::query_events(&self.catalog, &plan, &self.events, self.seed, self.examples_rows, &limits);
        let mut opts = self.run_options(settings, trace, &events);
        opts.sentences = sentences;
        if let Some(n) = generated::arrival_note(self.events.len(), events.len()) {
            if self.events.is_empty() {
                // no data of the script's own: its arrival note says nothing
                notes.retain(|x| !x.starts_with("# note: arrival"));
            }
            notes.push(n);
        }
        let meta = QueryMeta { index: qi + 1, sql: q.sql.clone(), line: q.item.line, notes, plan_text };
        crate::runtime::run_query_into(meta, &plan, &self.catalog, &events, &opts, progress, steps)
    }

    /// What Flink's batch planner rejects in query `qi` ([`crate::plan::batch`]); the
    /// correlation variables before it: the EXPLAIN statements', then the earlier queries'.
    fn batch_check(&self, qi: usize, plan: &crate::plan::QueryPlan, settings: &Settings) -> Result<()> {
        if settings.state_ttl_ms()? > 0 || crate::plan::hints::has_hint(&self.queries[qi].sql, "STATE_TTL") {
            return Err(Error::unsupported(
                "state TTL in batch mode (Flink's batch operators keep no streaming state; JoinLab would expire rows)",
            ));
        }
        let base = self.explain_correlations
            + (0..qi).filter_map(|i| self.plan(i).ok()).map(|p| p.correlations).sum::<usize>();
        crate::plan::batch::check(&plan.rel, &self.catalog, self.dialect, base, &self.queries[qi].sql)
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
            batch: self.batch,
            limits: settings.limits().unwrap_or_default(),
            sentences: Sentences::All,
        }
    }

    /// The full state of every stateful operator of query `qi` after `steps` steps (one past
    /// the last data step: after the end of input). Empty when the query does not plan.
    pub fn state_at(&self, qi: usize, steps: usize) -> Vec<crate::trace::StateSummary> {
        let Some(q) = self.queries.get(qi) else { return Vec::new() };
        let Ok(plan) = self.plan(qi) else { return Vec::new() };
        let limits = q.settings.limits().unwrap_or_default();
        let events =
            generated::query_events(&self.catalog, &plan, &self.events, self.seed, self.examples_rows, &limits);
        let opts = self.run_options(&q.settings, false, &events);
        crate::runtime::replay::state_after(&plan, &self.catalog, &events, &opts, steps)
    }

    /// The sentences (`Step::summary`) of query `qi`'s data steps `from` … `to` − 1 (indexes, the
    /// first data step is 1), made by running the query traced up to step `to` − 1 — the same
    /// run as the trace's, so each is the sentence the trace would have had (a big run's trace
    /// leaves most out: [`Sentences::Lazy`]). Fewer when the query has fewer steps (or fails
    /// before); none when it does not plan.
    pub fn sentences(&self, qi: usize, from: usize, to: usize) -> Vec<String> {
        let from = from.max(1);
        if qi >= self.queries.len() || to <= from {
            return Vec::new();
        }
        // (`to` comes from the page: a count of steps it holds, not a size to allocate)
        let mut out = Vec::new();
        let mut keep = |s: crate::trace::Step| {
            if s.index >= from && s.index < to {
                out.push(s.summary);
            }
        };
        self.run_query_into(qi, true, Sentences::Range { from, to }, &mut |_, _| {}, Some(&mut keep));
        out
    }

    /// Runs every query: the whole script's trace (`trace`: with the page's events).
    pub fn script_trace(&self, trace: bool) -> ScriptTrace {
        self.script_trace_with(trace, &mut |_| {})
    }

    /// [`Prepared::script_trace`], reporting each query's progress as it runs.
    pub fn script_trace_with(&self, trace: bool, progress: &mut dyn FnMut(Progress)) -> ScriptTrace {
        let queries = self.query_count();
        ScriptTrace {
            version: TRACE_VERSION,
            dialect: self.dialect,
            notes: self.notes.clone(),
            tables: table_infos(&self.catalog),
            statements: self.statements.clone(),
            queries: (0..queries)
                .map(|i| {
                    progress(Progress { query: i + 1, queries, step: 0, steps: 0 });
                    self.run_query_with(i, trace, &mut |step, steps| {
                        progress(Progress { query: i + 1, queries, step, steps })
                    })
                })
                .collect(),
            harness_error: None,
        }
    }

    /// The whole script's trace, packed for the page ([`crate::trace::pack`]): each step is
    /// packed as the run makes it, so the run never holds its steps as values.
    pub fn packed_trace_with(
        &self,
        sentences: Sentences,
        progress: &mut dyn FnMut(Progress),
    ) -> std::result::Result<Vec<u8>, crate::trace::pack::PackError> {
        let queries = self.query_count();
        let mut packed = crate::trace::pack::PackedScript::new();
        let mut failed: Option<crate::trace::pack::PackError> = None;
        let mut traces = Vec::with_capacity(queries);
        for i in 0..queries {
            progress(Progress { query: i + 1, queries, step: 0, steps: 0 });
            let mut keep = |step: crate::trace::Step| {
                if failed.is_none() {
                    if let Err(e) = packed.step(i, &step) {
                        failed = Some(e);
                    }
                }
            };
            let q = self.run_query_into(
                i,
                true,
                sentences,
                &mut |step, steps| progress(Progress { query: i + 1, queries, step, steps }),
                Some(&mut keep),
            );
            packed.query_ends(i);
            traces.push(q);
        }
        if let Some(e) = failed {
            return Err(e);
        }
        let header = ScriptTrace {
            version: TRACE_VERSION,
            dialect: self.dialect,
            notes: self.notes.clone(),
            tables: table_infos(&self.catalog),
            statements: self.statements.clone(),
            queries: traces,
            harness_error: None,
        };
        packed.bytes(header)
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

/// How far a run got: query `query` of `queries` (1-based), at step `step` of its `steps`
/// (0 of 0 as it starts).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Progress {
    pub query: usize,
    pub queries: usize,
    pub step: usize,
    pub steps: usize,
}

/// Runs a whole script into its trace (the page's and `--format trace-json`'s).
pub fn run_script(script: &str, cfg: &RunConfig) -> ScriptTrace {
    match prepare(script, cfg) {
        Err((notes, statements, e)) => ScriptTrace::failed(cfg.dialect, notes, statements, &e),
        Ok(p) => p.script_trace(cfg.trace),
    }
}

/// Runs a script and renders the oracle's text format (what `joinlab run` prints).
pub fn run_to_text(script: &str, cfg: &RunConfig, opts: &crate::output::TextOptions) -> String {
    match prepare(script, cfg) {
        Err((notes, statements, e)) => {
            crate::output::script_text(&ScriptTrace::failed(cfg.dialect, notes, statements, &e), &[], &[], opts)
        }
        Ok(p) => {
            let t = p.script_trace(cfg.trace);
            let n = p.query_count();
            let headers: Vec<String> = (0..n).map(|i| p.query_header(i)).collect();
            let trace_all: Vec<bool> = (0..n).map(|i| p.trace_all_steps(i)).collect();
            crate::output::script_text(&t, &headers, &trace_all, opts)
        }
    }
}

/// Points an error at a script line (column 1) when it has no position of its own.
pub(super) fn at_line(mut e: Error, line: usize) -> Error {
    if e.script_pos.is_none() {
        e.script_pos = Some(crate::error::Pos { line, col: 1 });
    }
    e
}

/// The examples catalog is read-only (as in Confluent Cloud); other catalogs do not exist.
pub(super) fn not_writable(path: &[String], what: &str) -> Error {
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
