//! Planning a query: bind names and types against the catalog, validate like Flink's planner,
//! classify each join ([`classify`]), then run the planner passes in order ([`plan_query`]),
//! and describe the result (schema, notes, EXPLAIN text).

pub mod batch;
pub mod bind;
pub mod classify;
mod names;

pub(crate) mod explain;
pub mod fold_multi_join;
pub mod hints;
pub mod monotonicity;
pub mod prune;
pub(crate) mod pushdown;
pub mod rank;
pub mod rel;
pub(crate) mod simplify;

pub use explain::{changelog_mode, explain, explain_with, line as explain_line};
pub use rel::{Field, IntervalJoinNode, MultiJoinNode, Node, RegularJoinNode, Rel, WindowJoinNode, WindowProps};

use sqlparser::ast::Query;

use crate::catalog::Catalog;
use crate::error::Result;
use crate::kinds::Dialect;
use crate::session::Settings;
use crate::types::TimeAttr;

/// A planned query, ready to run.
#[derive(Clone, Debug)]
pub struct QueryPlan {
    pub rel: Rel,
    /// The columns as the sink receives them (rowtime attributes CAST when there are several).
    pub schema: Vec<Field>,
    /// `# note:` lines Flink's harness prints for this query.
    pub notes: Vec<String>,
    /// Index of the single rowtime attribute of the result, if exactly one.
    pub single_rowtime: Option<usize>,
    /// Rows a scan reads, from `/*+ OPTIONS('number-of-rows' = 'N') */`: (table, rows).
    pub scan_rows: Vec<(usize, u64)>,
    /// `table.exec.source.idle-timeout` / `sql.tables.scan.idle-timeout` (ms of processing time;
    /// 0 = a source never goes idle).
    pub idle_timeout: i64,
    /// The correlation variables (`$corN`) Calcite creates converting the query ([`batch::correlations`]).
    pub correlations: usize,
}

/// Plans one query with the catalog and the settings in effect where it stands.
pub fn plan_query(q: &Query, sql: &str, catalog: &Catalog, settings: &Settings, dialect: Dialect) -> Result<QueryPlan> {
    crate::sql::index_positions(sql);
    let mut binder = bind::Binder::new(catalog, settings.zone(), dialect);
    binder.search_path = settings.search_path();
    binder.table_hints = hints::table_options(sql);
    let ttl = settings.state_ttl_ms()?;
    binder.state_ttl = (ttl, ttl);
    binder.multi_join_enabled = settings.bool_option("table.optimizer.multi-join.enabled");
    binder.batch = settings.batch;
    binder.emit_fire = settings.bool_option("table.exec.emit.early-fire.enabled")
        || settings.bool_option("table.exec.emit.late-fire.enabled");
    binder.one_phase =
        settings.get("table.optimizer.agg-phase-strategy").is_some_and(|v| v.eq_ignore_ascii_case("ONE_PHASE"));
    binder.distinct_split = settings.bool_option("table.optimizer.distinct-agg.split.enabled");
    binder.interval_min_cleanup = settings.duration_ms("table.exec.interval-join.min-cleanup-interval")?;
    let bound = binder.bind_query(q, None)?;
    let rel = passes(bound.rel)?;
    // Flink's uid check of the statement's PTF calls (identical calls are one, reused, operator)
    let reuse = !matches!(settings.get("table.optimizer.reuse-sub-plan-enabled"), Some(v) if v.trim().eq_ignore_ascii_case("false"));
    bind::ptf_args::check_uids(&rel, reuse)?;
    let mut schema = rel.fields.clone();
    let mut notes: Vec<String> = binder.warnings.iter().map(|w| format!("# note: {}", w)).collect();
    let rowtimes: Vec<usize> = (0..schema.len()).filter(|&i| schema[i].ty.is_rowtime()).collect();
    let mut single_rowtime = None;
    if rowtimes.len() > 1 {
        let names: Vec<String> = rowtimes.iter().map(|&i| schema[i].name.clone()).collect();
        notes.push(format!(
            "# note: several rowtime attributes [{}] were CAST to plain timestamps for the collecting sink",
            names.join(", ")
        ));
        for &i in &rowtimes {
            schema[i].ty = schema[i].ty.with_time_attr(TimeAttr::None);
        }
    } else if rowtimes.len() == 1 && !has_regular_join(&rel) && physical_time_indicator(&rel, rowtimes[0]) {
        // (a regular join materializes the time attributes it reads, and so does an expression
        // on one, `t + INTERVAL '1' SECOND`: no NULL check at the sink then)
        single_rowtime = Some(rowtimes[0]);
    }
    if settings.batch {
        // a batch job has no time indicators: the sink's columns are plain timestamps
        notes.retain(|n| !n.contains("rowtime attributes"));
        single_rowtime = None;
    }
    // PROCTIME attributes are materialized at the sink
    for f in &mut schema {
        if f.ty.time_attr() == TimeAttr::Proctime || (settings.batch && f.ty.time_attr() != TimeAttr::None) {
            f.ty = f.ty.with_time_attr(TimeAttr::None);
        }
    }
    let idle_timeout = settings.duration_ms("table.exec.source.idle-timeout")?;
    let correlations = batch::correlations(&rel, binder.correlated_subqueries);
    Ok(QueryPlan { rel, schema, notes, single_rowtime, scan_rows: binder.scan_rows, idle_timeout, correlations })
}

/// The planner passes, in order, each because Flink does it and the output shows it
/// (docs/design.md "The plan is what runs"). Per query block, as soon as the block is bound
/// (its hints are its own; the blocks inside it were done first):
/// 1. filter push-down ([`pushdown`]): the block's WHERE conjuncts and every filter below go
///    down into ChangelogNormalize, turn outer joins inner where they reject the padded NULLs,
///    and key filters are copied to the other join input; what cannot go down is returned;
/// 2. multi-way join folding ([`fold_multi_join`]), when the block's `MULTI_JOIN` hint or
///    `table.optimizer.multi-join.enabled` asks for it.
///
/// Then once over the whole plan ([`passes`]): column pruning and Flink's join key check.
pub(crate) fn block_passes(
    rel: Rel,
    filters: Vec<crate::expr::Expr>,
    fold: Option<&fold_multi_join::Allow>,
    notes: &mut Vec<String>,
) -> (Rel, Vec<crate::expr::Expr>) {
    let (rel, rest) = pushdown::push_into(pushdown::push_filters(rel), filters);
    let rel = match fold {
        Some(allow) => fold_multi_join::fold(rel, allow, notes),
        None => rel,
    };
    (rel, rest)
}

/// The passes over the whole plan, after binding: empty relations ([`simplify`]), column
/// pruning ([`prune`]), then Flink's check of the binary joins' key types.
fn passes(rel: Rel) -> Result<Rel> {
    let rel = simplify::prune_empty(rel);
    let rel = prune::prune_root(rel);
    rank::check_no_over(&rel)?;
    check_window_aggregates(&rel)?;
    check_join_keys(&rel)?;
    check_proctime_interval_joins(&rel)?;
    Ok(rel)
}

/// The window aggregations' calls, as Flink's code generation sees them (after pruning).
fn check_window_aggregates(rel: &Rel) -> Result<()> {
    let mut first = Ok(());
    rel.walk(&mut |r| {
        if let (Node::WindowAggregate(a), Ok(())) = (&r.node, &first) {
            first = bind::window_aggregate::check_window_calls(&a.window.spec, &a.calls, &a.call_retract);
        }
    });
    first
}

/// Flink's `JoinUtil.validateJoinSpec`: a binary join left with an `IS NOT DISTINCT FROM` key over
/// operands of different types fails when it is planned (the input row types are the pruned ones).
fn check_join_keys(rel: &Rel) -> Result<()> {
    if let Node::RegularJoin(j) = &rel.node {
        if j.incompatible_keys {
            let row = |r: &Rel| {
                let f: Vec<String> = r.fields.iter().map(|f| format!("`{}` {}", f.name, f.ty.summary())).collect();
                format!("ROW<{}>", f.join(", "))
            };
            return Err(crate::error::Error::table(format!(
                "Join: Equality join predicate on incompatible types. \tLeft type: {}\n\tright type: {}\nplease re-check the join statement.",
                row(&j.left),
                row(&j.right)
            )));
        }
    }
    rel.node.inputs().into_iter().try_for_each(check_join_keys)
}

/// `StreamPhysicalIntervalJoinRule`: a processing-time interval join fails when its inputs still
/// carry an event-time attribute after projection push-down (it would not hold watermarks back).
fn check_proctime_interval_joins(rel: &Rel) -> Result<()> {
    if let Node::IntervalJoin(j) = &rel.node {
        if !j.bounds.rowtime && rel.fields.iter().any(|f| f.ty.time_attr() == TimeAttr::Rowtime) {
            let why = "Interval join with proctime attribute requires no event-time attributes are in the join inputs.";
            // Flink prints its logical plan between the two lines; JoinLab has none to print
            return Err(crate::error::Error::table(format!(
                "Cannot generate a valid execution plan for the given query: \n\n{}\nPlease check the documentation for the set of currently supported SQL features.",
                why
            ))
            .caused_by(format!("org.apache.flink.table.api.TableException: {}", why)));
        }
    }
    rel.node.inputs().into_iter().try_for_each(check_proctime_interval_joins)
}

/// Whether output column `col` is a time attribute at run time: a column passed through as it is
/// (an expression on a time attribute keeps the type's mark but is computed, Flink materialises it).
fn physical_time_indicator(rel: &Rel, col: usize) -> bool {
    match &rel.node {
        Node::Calc { input, project, .. } => match project.get(col).and_then(|e| e.as_input()) {
            Some(c) => physical_time_indicator(input, c),
            None => false,
        },
        // Flink casts the versioned side's row time to a plain timestamp above the join
        Node::TemporalJoin(j) => col < j.left.fields.len() && physical_time_indicator(&j.left, col),
        Node::LookupJoin(j) => col < j.left.fields.len() && physical_time_indicator(&j.left, col),
        _ => true,
    }
}

/// Whether the plan holds a regular or multi-way join.
fn has_regular_join(rel: &Rel) -> bool {
    let mut found = false;
    rel.walk(&mut |r| found |= matches!(r.node, Node::RegularJoin(_) | Node::MultiJoin(_)));
    found
}
