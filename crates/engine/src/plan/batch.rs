//! Batch mode (`execution.runtime-mode` = batch; Confluent Cloud's snapshot queries,
//! `sql.snapshot.mode` = now): what Flink's batch planner rejects in a plan JoinLab's binder
//! accepted, and the correlation variables a plan uses (Flink names them `$cor0`, `$cor1`, … in
//! the order the session's statements create them, and its batch rejection of a temporal join
//! names one).
//!
//! Checked against Flink 2.3 (tests/conformance/batch, made by the oracle):
//! * a source (also a lookup table) that is not insert-only: "Querying a table in batch mode is
//!   currently only possible for INSERT-only table sources. …" (TableException);
//! * `FOR SYSTEM_TIME AS OF` on a regular (versioned) table: "unexpected correlate variable
//!   $corN in the plan" (TableException; Flink 2.4 words it as FLINK-39420's
//!   `RejectTemporalJoinInBatchRule`, the text JoinLab's confluent dialect gives, WAVE2-RESEARCH §7);
//! * a process table function: "Cannot generate a valid execution plan for the given query: "
//!   (no batch operator for FlinkLogicalTableFunctionScan);
//! * the `MULTI_JOIN` hint: "Unknown join strategy : MULTI_JOIN" (the hint is streaming-only).
//!
//! Not modelled, so "not supported yet": FIRST_VALUE / LAST_VALUE / LISTAGG / ARRAY_AGG (their
//! value follows the batch operator's read order), processing time other than a lookup join's `AS OF`
//! (the oracle has no processing time), state TTL (streaming state; Flink's batch operators keep
//! none), and in the confluent dialect a snapshot query over a non-insert-only table (Confluent
//! says it builds the table's state; what it shows is not documented).

use crate::catalog::Catalog;
use crate::error::{Error, Result};
use crate::kinds::{ChangelogMode, Dialect};
use crate::plan::rel::{Node, Rel};

/// Flink 2.4's text for a temporal join in batch mode (FLINK-39420); Confluent Cloud documents
/// the rule in the same words (seed 001, "Temporal joins"), its exact error text is unknown.
pub const TEMPORAL_IN_BATCH_2_4: &str = "Temporal joins (FOR SYSTEM_TIME AS OF) on regular tables are not supported in batch mode. Use a lookup join or switch to streaming mode.";

/// The correlation variables Calcite creates while converting this plan's query: one per
/// temporal or lookup join (`FOR SYSTEM_TIME AS OF` is a correlation of the left row), per
/// correlate over a column of its input (`CROSS JOIN UNNEST(t.tags)`, `LATERAL TABLE(f(t.x))`),
/// plus `subqueries` (IN / EXISTS subqueries that read the outer query, counted by the binder).
pub fn correlations(rel: &Rel, subqueries: usize) -> usize {
    let mut n = subqueries;
    rel.walk(&mut |r| match &r.node {
        Node::TemporalJoin(_) | Node::LookupJoin(_) => n += 1,
        Node::Correlate(c) => {
            let mut cols = Vec::new();
            c.collection.inputs(&mut cols);
            if !cols.is_empty() {
                n += 1;
            }
        }
        _ => {}
    });
    n
}

/// The correlation variables used inside `rel` before its first temporal join is reached:
/// those of the temporal join's probe side (converted first).
fn correlations_before_temporal(rel: &Rel) -> Option<usize> {
    if let Node::TemporalJoin(j) = &rel.node {
        return Some(correlations(&j.left, 0));
    }
    let mut before = 0;
    for input in rel.node.inputs() {
        if let Some(k) = correlations_before_temporal(input) {
            return Some(before + k);
        }
        before += correlations(input, 0);
    }
    None
}

/// Rejects what Flink's batch planner rejects. `cor_base`: the correlation variables the
/// session created before this statement; `sql`: the statement's text (for its hints).
pub fn check(rel: &Rel, catalog: &Catalog, dialect: Dialect, cor_base: usize, sql: &str) -> Result<()> {
    if crate::plan::hints::has_hint(sql, "MULTI_JOIN") {
        return Err(Error::validation("Unknown join strategy : MULTI_JOIN"));
    }
    let mut found: Option<Error> = None;
    // the sources first: Flink checks them while translating the scans
    rel.walk(&mut |r| {
        if found.is_some() {
            return;
        }
        if let Node::Scan { table, changelog, .. } = &r.node {
            // an external table fills a search's store: not a changelog (seed 001)
            let external = catalog.tables.get(*table).is_some_and(|t| t.external.is_some());
            if *changelog != ChangelogMode::Insert && !external {
                let name = catalog.tables.get(*table).map(|t| t.name.clone()).unwrap_or_default();
                found = Some(match dialect {
                    Dialect::Flink => Error::table(format!(
                        "Querying a table in batch mode is currently only possible for INSERT-only table sources. But the source for table 'default_catalog.default_database.{}' produces other changelog messages than just INSERT.",
                        name
                    )),
                    Dialect::Confluent => Error::unsupported(format!(
                        "a snapshot query over table '{}', whose changelog is not insert-only (Confluent Cloud builds such a table's state at the snapshot; what it returns is not documented)",
                        name
                    )),
                });
            }
        }
    });
    if let Some(e) = found {
        return Err(e);
    }
    if let Some(k) = correlations_before_temporal(rel) {
        return Err(match dialect {
            Dialect::Flink => Error::table(format!("unexpected correlate variable $cor{} in the plan", cor_base + k)),
            Dialect::Confluent => Error::table(TEMPORAL_IN_BATCH_2_4),
        });
    }
    // an aggregate whose value depends on the order of its input: a batch aggregate reads its
    // input in the order its sort or hash gives, not in arrival order (fuzz, aggregations seed
    // 7301: LISTAGG gave '5;0' where JoinLab gave '0;5')
    let mut ordered: Option<&'static str> = None;
    rel.walk(&mut |r| {
        let calls = match &r.node {
            Node::GroupAggregate(a) => &a.calls,
            Node::WindowAggregate(a) => &a.calls,
            _ => return,
        };
        use crate::expr::aggregate::AggFunc;
        for c in calls {
            let name = match c.func {
                AggFunc::FirstValue => "FIRST_VALUE",
                AggFunc::LastValue => "LAST_VALUE",
                AggFunc::ListAgg => "LISTAGG",
                AggFunc::ArrayAgg => "ARRAY_AGG",
                _ => continue,
            };
            ordered.get_or_insert(name);
        }
    });
    if let Some(name) = ordered {
        return Err(Error::unsupported(format!(
            "{} in batch mode (its value follows the order the batch aggregate reads its rows in, which is not the arrival order)",
            name
        )));
    }
    let mut what: Option<&'static str> = None; // "ptf" or what is not supported
    rel.walk(&mut |r| {
        if what.is_none() {
            what = match &r.node {
                Node::Ptf(_) => Some("ptf"),
                Node::WindowTvf { proctime: true, .. } => Some("a processing-time window in batch mode"),
                Node::IntervalJoin(j) if !j.bounds.rowtime => Some("a processing-time interval join in batch mode"),
                _ => None,
            };
        }
    });
    match what {
        Some("ptf") => Err(Error::table("Cannot generate a valid execution plan for the given query: ")
            .caused_by("a process table function has no batch operator in Flink 2.3 (FlinkLogicalTableFunctionScan cannot be converted to BATCH_PHYSICAL); run it in streaming mode")),
        Some(w) => Err(Error::unsupported(w)),
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use crate::plan::hints::has_hint;

    #[test]
    fn multi_join_hints_are_found_in_hint_comments_only() {
        assert!(has_hint("SELECT /*+ MULTI_JOIN(a, b) */ * FROM a", "MULTI_JOIN"));
        assert!(has_hint("SELECT /*+ STATE_TTL('a' = '1d'), multi_join(a,b) */ 1", "MULTI_JOIN"));
        assert!(!has_hint("SELECT 'MULTI_JOIN' FROM a /* MULTI_JOIN */", "MULTI_JOIN"));
        assert!(has_hint("SELECT /*+ STATE_TTL('a' = '1d') */ 1", "STATE_TTL"));
    }
}
