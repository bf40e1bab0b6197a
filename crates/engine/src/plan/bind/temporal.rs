//! `FROM probe [LEFT] JOIN versioned FOR SYSTEM_TIME AS OF probe.time [AS v] ON …`: an
//! event-time temporal join (SEMANTICS.md §4), with the checks Flink's planner makes, in its
//! order and with its words:
//!
//! 1. Calcite's validator: the period is a timestamp (`The system time period specification
//!    expects Timestamp type but is 'VARCHAR'`, with its position); a period that reads the
//!    versioned table is not a correlation of the left input; a constant is time travel, which the
//!    in-memory catalog cannot do;
//! 2. `LogicalCorrelateToJoinFromTemporalTableRule.validateSnapshotInCorrelate`: the period is a
//!    time indicator (a CAST or a plain timestamp column is not: `… time attribute field`) and a
//!    field of the left input as it is (`o.t - INTERVAL …` is not: `… time attribute field'`, the
//!    stray quote is Flink's);
//! 3. the join type: INNER or LEFT (`Unknown join type RIGHT`, an `IllegalStateException`);
//! 4. a processing-time period on a table that is not a lookup table: `Processing-time temporal
//!    join is not supported yet.`; on a lookup table (`'lookup' = 'true'`, `'connector' = 'jdbc'`)
//!    it is a lookup join (`lookup_join` below: the table with a row time fails as Flink's
//!    planner does, then at least one equality of a plain column of the table with the probe row
//!    or a constant, `Temporal table join requires an equality condition on fields of table
//!    [...]`);
//! 5. the versioned side's row time attribute, then an equality key, then its primary (upsert)
//!    key and whether the equality keys contain it (`TemporalJoinRewriteWithUniqueKeyRule`).
//!
//! The versioned side is read as its changelog is: an upsert table without its
//! ChangelogNormalize (Flink's plan has none there), a retract table or a deduplication view with
//! its `-U` rows dropped (`DropUpdateBefore`).

use sqlparser::ast::{Expr as SqlExpr, Join, JoinConstraint, JoinOperator, ObjectName, TableAlias};

use crate::error::{Error, Pos, Result};
use crate::expr::bind::{bind_scalar, calcite_error, Scope};
use crate::expr::Expr;
use crate::kinds::JoinKind;
use crate::plan::classify::{compare_type, equi_pair, temporal_period, PeriodCheck};
use crate::plan::names::uniquify;
use crate::plan::rel::{join_fields, LookupJoinNode, Node, Rel, TemporalJoinNode};
use crate::sql::span_of;
use crate::types::{TimeAttr, TypeKind};

use super::{Binder, Bound};

/// Takes a ChangelogNormalize off an upsert input (through projections, computed columns
/// included): Flink's temporal join consumes the upsert stream as it is. A normalize that holds a
/// pushed-down filter stays: then an update that stops passing is a `-D` of the old row, with its
/// old time, which ends the version it was (fuzz finding m07, oracle-checked).
fn strip_normalize(rel: Rel) -> Rel {
    match rel.node {
        Node::ChangelogNormalize { input, condition: None, .. } => *input,
        Node::Calc { input, filter: None, project } => {
            let input = strip_normalize(*input);
            Rel { node: Node::Calc { input: Box::new(input), filter: None, project }, ..rel }
        }
        node => Rel { node, ..rel },
    }
}

/// A Calc with a condition on the way down from the versioned side to its source.
fn filters_between(rel: &Rel) -> bool {
    match &rel.node {
        Node::Calc { filter: Some(_), .. } => true,
        Node::Calc { input, .. } => filters_between(input),
        _ => false,
    }
}

/// Calcite's name of a type in the period check's message.
fn sql_type_name(k: &TypeKind) -> String {
    let s = crate::types::calcite_name(&crate::types::DataType::nullable(k.clone()));
    s.split('(').next().unwrap_or("").trim().to_string()
}

/// Flink's check of a numeric compared with a string in a join condition: a temporal join's
/// condition (a filter over the snapshot) names the operands in the order they are written.
fn check_conversions_in_order(e: &Expr) -> Result<()> {
    if let Expr::Call { op, args, .. } = e {
        use crate::expr::Op;
        if matches!(
            op,
            Op::Eq | Op::Ne | Op::Lt | Op::Le | Op::Gt | Op::Ge | Op::IsNotDistinctFrom | Op::IsDistinctFrom
        ) {
            if let (Some(a), Some(b)) = (args.first(), args.get(1)) {
                let (ta, tb) = (a.ty(), b.ty());
                if (ta.kind.is_numeric() && tb.kind.is_character()) || (ta.kind.is_character() && tb.kind.is_numeric())
                {
                    return Err(Error::table(format!(
                        "implicit type conversion between {} and {} is not supported on join's condition now",
                        crate::types::calcite_name(ta),
                        crate::types::calcite_name(tb)
                    )));
                }
            }
        }
        for a in args {
            check_conversions_in_order(a)?;
        }
    }
    Ok(())
}

impl<'c> Binder<'c> {
    pub(super) fn bind_temporal_join(
        &mut self,
        left: Bound,
        j: &Join,
        name: &ObjectName,
        alias: &Option<TableAlias>,
        period: &SqlExpr,
    ) -> Result<Bound> {
        let span = span_of(&j.relation);
        let right = self.bind_named_table(name, alias)?;
        let mut all = left.scope.clone();
        all.extend(right.scope.clone());
        let nl = left.scope.len();
        // 1. Calcite's validation of the period
        let pspan = span_of(period);
        let p = bind_scalar(period, &Scope::new(all.clone()), self.zone)?;
        if !matches!(p.ty().kind, TypeKind::Timestamp { .. } | TypeKind::TimestampLtz { .. }) {
            return Err(calcite_error(
                pspan,
                &format!(
                    "The system time period specification expects Timestamp type but is '{}'",
                    sql_type_name(&p.ty().kind)
                ),
            ));
        }
        let mut cols = Vec::new();
        p.inputs(&mut cols);
        if cols.iter().any(|&c| c >= nl) {
            return Err(Error::validation(
                "Temporal Table Join requires time attribute in the left table, but no time attribute found.",
            ));
        }
        if cols.is_empty() {
            let m = "getTable(ObjectPath, long) is not implemented for class org.apache.flink.table.catalog.GenericInMemoryCatalog.";
            return Err(Error::validation(format!("SQL validation failed. {}", m))
                .caused_by(format!("java.lang.UnsupportedOperationException: {}", m)));
        }
        // 2. a time indicator, and a field of the left input as it is
        let rowtime = match temporal_period(&left.rel, &p) {
            PeriodCheck::Field { rowtime } => rowtime,
            PeriodCheck::NotTimeIndicator => {
                return Err(Error::validation(
                    "Temporal table join currently only supports 'FOR SYSTEM_TIME AS OF' left table's time attribute field",
                ))
            }
            PeriodCheck::NotField => {
                return Err(Error::validation(
                    "Temporal table join currently only supports 'FOR SYSTEM_TIME AS OF' left table's time attribute field'",
                ))
            }
            // batch mode has no time indicators: a lookup join after a regular join runs
            // (oracle: tests/conformance/batch/batch_pipelined)
            PeriodCheck::Materialized if self.batch => false,
            PeriodCheck::Materialized => {
                return Err(Error::unsupported(
                    "a temporal join whose probe side is the output of a regular join or a group aggregation (its time attribute)",
                )
                .at(span.0, span.1))
            }
        };
        let left_time = p.as_input().unwrap_or(0);
        // 3. the join type
        let kind = match &j.join_operator {
            JoinOperator::Join(_) | JoinOperator::Inner(_) => JoinKind::Inner,
            JoinOperator::Left(_) | JoinOperator::LeftOuter(_) => JoinKind::Left,
            JoinOperator::Right(_) | JoinOperator::RightOuter(_) => {
                return Err(Error::table("Unknown join type RIGHT").with_class("java.lang.IllegalStateException"))
            }
            JoinOperator::FullOuter(_) => {
                return Err(Error::table("Unknown join type FULL").with_class("java.lang.IllegalStateException"))
            }
            _ => return Err(Error::unsupported("this join operator with FOR SYSTEM_TIME AS OF").at(span.0, span.1)),
        };
        let cond = match &j.join_operator {
            JoinOperator::Join(c) | JoinOperator::Inner(c) | JoinOperator::Left(c) | JoinOperator::LeftOuter(c) => {
                match c {
                    JoinConstraint::On(e) => {
                        let c = bind_scalar(e, &Scope::new(all.clone()), self.zone)?;
                        if !matches!(c.ty().kind, TypeKind::Boolean | TypeKind::Null) {
                            return Err(calcite_error(span_of(e), "ON clause must be a condition"));
                        }
                        check_conversions_in_order(&c)?;
                        self.check_implicit_conversions(&c, true)?;
                        Some(c)
                    }
                    JoinConstraint::None => None,
                    _ => {
                        return Err(Error::unsupported("USING / NATURAL with FOR SYSTEM_TIME AS OF").at(span.0, span.1))
                    }
                }
            }
            _ => None,
        };
        // 4. processing time: a lookup join, or nothing
        let conjuncts = cond.map(|c| c.conjuncts()).unwrap_or_default();
        let rel = if !rowtime {
            if !self.is_lookup_table(&right.rel) {
                return Err(Error::table("Processing-time temporal join is not supported yet."));
            }
            self.lookup_join(left.rel, right.rel, kind, conjuncts, left_time, span)?
        } else {
            self.temporal_join(left.rel, right.rel, kind, conjuncts, left_time, span)?
        };
        let mut scope = left.scope;
        let mut rs = right.scope;
        if kind.left_outer() {
            for f in rs.iter_mut() {
                f.ty.nullable = true;
            }
        }
        scope.extend(rs);
        Ok(Bound { rel, scope })
    }

    /// A table Flink can look up: the oracle's `'lookup' = 'true'`, or Flink's JDBC connector
    /// (`'connector' = 'jdbc'`, a `LookupTableSource`), served by the same in-memory store.
    fn is_lookup_table(&self, rel: &Rel) -> bool {
        let mut found = false;
        rel.walk(&mut |r| {
            if let Node::Scan { table, .. } = &r.node {
                found |= self.catalog.tables[*table].options.iter().any(|(k, v)| {
                    (k.eq_ignore_ascii_case("lookup") && v.eq_ignore_ascii_case("true"))
                        || (k.eq_ignore_ascii_case("connector") && v.eq_ignore_ascii_case("jdbc"))
                });
            }
        });
        found
    }

    /// A processing-time join against a lookup table (`'lookup' = 'true'`): Flink's
    /// `LogicalCorrelateToJoinFromLookupTableRule` and `CommonPhysicalLookupJoin`, with their
    /// checks: a lookup table that also has a row time is a versioned table to Flink (it fails);
    /// at least one equality of a plain column of the table with the probe row or a constant.
    fn lookup_join(
        &mut self,
        left: Rel,
        right: Rel,
        kind: JoinKind,
        conjuncts: Vec<Expr>,
        left_time: usize,
        span: (Pos, Pos),
    ) -> Result<Rel> {
        if self.dialect != crate::kinds::Dialect::Flink {
            return Err(Error::unsupported(
                "a lookup join in the confluent dialect (Confluent Cloud looks up external tables with KEY_SEARCH_AGG; 'lookup' = 'true' is the Flink oracle's option)",
            )
            .at(span.0, span.1));
        }
        let scan = match right.node {
            Node::ChangelogNormalize { input, .. } => *input,
            node => Rel { node, ..right },
        };
        let Node::Scan { table, name, primary_key, .. } = &scan.node else {
            return Err(Error::unsupported("a lookup join against a view or a subquery (only a lookup table itself)")
                .at(span.0, span.1));
        };
        let (table, name, primary_key) = (*table, name.clone(), primary_key.clone());
        let t = &self.catalog.tables[table];
        if t.generator.is_some() {
            return Err(Error::unsupported("a lookup join against a generated table").at(span.0, span.1));
        }
        if t.columns.iter().any(|c| {
            matches!(c.kind, crate::catalog::ColumnKind::Computed(_) | crate::catalog::ColumnKind::Metadata { .. })
        }) {
            return Err(Error::unsupported("a lookup join against a table with computed or metadata columns")
                .at(span.0, span.1));
        }
        if t.watermark.as_ref().is_some_and(|w| w.declared) {
            // Flink takes a table with a row time for a versioned table (oracle, lookup_join/lookup_errors_*)
            if primary_key.is_empty() {
                let plan = format!(
                    "FlinkLogicalJoin(condition=[…], joinType=[{}])\n  FlinkLogical{}\n  FlinkLogicalSnapshot(period=[$cor0.{}])\n    FlinkLogical{}\n",
                    if kind == JoinKind::Left { "left" } else { "inner" },
                    crate::plan::explain_line(&left, self.catalog),
                    left.fields[left_time].name,
                    crate::plan::explain_line(&scan, self.catalog),
                );
                return Err(Error::validation(format!(
                    "Temporal Table Join requires primary key in versioned table, but no primary key can be found. The physical plan is:\n{}",
                    plan
                )));
            }
            let types: Vec<String> = primary_key.iter().map(|&c| scan.fields[c].ty.summary()).collect();
            return Err(Error::table(format!(
                "Unsupported call: __TEMPORAL_JOIN_CONDITION_PRIMARY_KEY({}) \nIf you think this function should be supported, you can create an issue and start a discussion for it.",
                types.join(", ")
            ))
            .with_class("org.apache.flink.table.planner.codegen.CodeGenException"));
        }
        if left.window.is_some() {
            return Err(Error::unsupported(
                "a lookup join whose probe side carries window columns (window_start, window_end)",
            )
            .at(span.0, span.1));
        }
        let nl = left.fields.len();
        let conjuncts = crate::plan::simplify::simplify_conjuncts(conjuncts);
        let mut key_cols: Vec<usize> = Vec::new();
        let mut key_exprs: Vec<Expr> = Vec::new();
        // each key as the condition writes it (before a cast to the column's type)
        let mut key_raw: Vec<Expr> = Vec::new();
        let mut residual = Vec::new();
        for c in &conjuncts {
            match crate::plan::classify::lookup_key(c, nl) {
                // a probe key of a wider type than the column: Calcite casts the column, which is
                // then no field of the table (oracle, lookup_join/lookup_errors_join_forms)
                Some((col, e))
                    if !key_cols.contains(&col)
                        && scan
                            .fields
                            .get(col)
                            .is_some_and(|f| compare_type(e.ty(), &f.ty).is_none_or(|c| c.kind == f.ty.kind)) =>
                {
                    let want = &scan.fields[col].ty;
                    key_raw.push(e.clone());
                    let e = if e.ty().kind != want.kind && e.ty().kind.is_numeric() && want.kind.is_numeric() {
                        Expr::Cast { expr: Box::new(e), ty: want.with_nullable(true), try_cast: false }
                    } else {
                        e
                    };
                    key_cols.push(col);
                    key_exprs.push(e);
                }
                _ => residual.push(c.clone()),
            }
        }
        if key_cols.is_empty() {
            return Err(Error::table(format!(
                "Temporal table join requires an equality condition on fields of table [default_catalog.default_database.{}].",
                name
            )));
        }
        let fields = join_fields(&left, &scan, kind);
        let nr = scan.fields.len();
        // a key computed from the probe row: Flink computes it in a Calc below the join
        // (`(cust_id + 1) AS $f3`, `CAST(cust_id AS BIGINT) AS cust_id0`, `lookup=[id=$f3]`),
        // and a Calc above drops it again
        let computed: Vec<usize> = (0..key_exprs.len())
            .filter(|&k| !matches!(key_exprs[k], Expr::Input { .. } | Expr::Literal { .. }))
            .collect();
        let extra = computed.len();
        let mut left = left;
        let mut conjuncts = conjuncts;
        // INNER: a condition on the probe row alone filters it before the lookup (Flink's
        // FlinkFilterJoinRule; LEFT keeps it in the join condition, where a failing row is padded)
        let mut probe_filter = Vec::new();
        if kind == JoinKind::Inner {
            let probe_only = |c: &Expr| {
                let mut cols = Vec::new();
                c.inputs(&mut cols);
                !cols.is_empty() && cols.iter().all(|&i| i < nl)
            };
            probe_filter = residual.iter().filter(|c| probe_only(c)).cloned().collect();
            residual.retain(|c| !probe_only(c));
            conjuncts.retain(|c| !probe_only(c));
        }
        if extra == 0 && !probe_filter.is_empty() {
            let project: Vec<Expr> = (0..nl).map(|i| Expr::input(i, left.fields[i].ty.clone())).collect();
            let names = left.names();
            left = crate::plan::rel::calc(left, Expr::and_all(std::mem::take(&mut probe_filter)), project, names);
        }
        if extra > 0 {
            let mut project: Vec<Expr> = (0..nl).map(|i| Expr::input(i, left.fields[i].ty.clone())).collect();
            let mut names = left.names();
            // (Calcite names it by its position among the visible columns)
            let visible = left.fields.iter().filter(|f| !f.name.starts_with('$')).count();
            let mut replaced: Vec<(usize, Expr)> = Vec::new();
            for (j, &k) in computed.iter().enumerate() {
                let ty = key_exprs[k].ty().clone();
                let e = std::mem::replace(&mut key_exprs[k], Expr::input(nl + j, ty));
                // a cast column keeps its name (made unique), an expression is Calcite's `$fN`
                let name = match &e {
                    Expr::Cast { expr, .. } => match expr.as_input() {
                        Some(c) => {
                            let mut n = names.clone();
                            n.push(names[c].clone());
                            crate::plan::names::uniquify(&mut n);
                            n.last().cloned().unwrap_or_default()
                        }
                        None => format!("$f{}", visible + j),
                    },
                    _ => format!("$f{}", visible + j),
                };
                names.push(name);
                replaced.push((key_cols[k], key_raw[k].clone()));
                project.push(e);
            }
            left = crate::plan::rel::calc(left, Expr::and_all(std::mem::take(&mut probe_filter)), project, names);
            let shift = |e: &Expr| e.remap(&|i| if i >= nl { i + extra } else { i });
            residual = residual.iter().map(shift).collect();
            // the key's equality reads the computed column
            conjuncts = conjuncts
                .iter()
                .map(|c| {
                    let key = crate::plan::classify::lookup_key(c, nl);
                    match (c, key) {
                        (Expr::Call { op, ty, .. }, Some((col, e))) => {
                            match replaced.iter().position(|(rc, re)| *rc == col && *re == e) {
                                Some(j) => Expr::Call {
                                    op: *op,
                                    args: vec![
                                        Expr::input(
                                            nl + j,
                                            left.fields
                                                .get(nl + j)
                                                .map(|f| f.ty.clone())
                                                .unwrap_or_else(|| e.ty().clone()),
                                        ),
                                        Expr::input(
                                            nl + extra + col,
                                            scan.fields
                                                .get(col)
                                                .map(|f| f.ty.clone())
                                                .unwrap_or_else(crate::types::DataType::string),
                                        ),
                                    ],
                                    ty: ty.clone(),
                                },
                                None => shift(c),
                            }
                        }
                        _ => shift(c),
                    }
                })
                .collect();
        }
        let node = LookupJoinNode {
            table: name,
            kind,
            key_cols,
            key_exprs,
            residual: Expr::and_all(residual),
            condition: Expr::and_all(conjuncts),
            primary_key,
            right_used: vec![true; nr],
            right: scan,
            left,
        };
        let (insert_only, update_producer, unique_keys) =
            (node.left.insert_only, node.left.update_producer.clone(), node.left.unique_keys.clone());
        let inner_fields = join_fields(&node.left, &node.right, kind);
        let rel = Rel {
            node: Node::LookupJoin(Box::new(node)),
            fields: inner_fields,
            insert_only,
            update_producer,
            window: None,
            unique_keys,
        };
        if extra == 0 {
            return Ok(Rel { fields, ..rel });
        }
        let project: Vec<Expr> =
            (0..nl).chain((0..nr).map(|i| nl + extra + i)).map(|i| Expr::input(i, rel.fields[i].ty.clone())).collect();
        let names: Vec<String> = fields.iter().map(|f| f.name.clone()).collect();
        let mut out = crate::plan::rel::calc(rel, None, project, names);
        out.fields = fields;
        Ok(out)
    }

    /// 5. The versioned side's checks, then the node.
    fn temporal_join(
        &mut self,
        left: Rel,
        right: Rel,
        kind: JoinKind,
        conjuncts: Vec<Expr>,
        left_time: usize,
        _span: (Pos, Pos),
    ) -> Result<Rel> {
        let nl = left.fields.len();
        let right = strip_normalize(right);
        // the declared row time, else (Confluent's default watermark) `$rowtime`
        let rowtime_of = |system: bool| {
            right.fields.iter().position(|f| f.ty.time_attr() == TimeAttr::Rowtime && f.name.starts_with('$') == system)
        };
        let Some(right_time) = rowtime_of(false).or_else(|| rowtime_of(true)) else {
            return Err(Error::validation(
                "Event-Time Temporal Table Join requires both primary key and row time attribute in versioned table, but no row time attribute can be found.",
            ));
        };
        // TemporalJoinUtil: both time attributes of one type (fuzz finding, oracle-checked)
        let (lt, rt) = (&left.fields[left_time].ty, &right.fields[right_time].ty);
        if matches!(lt.kind, TypeKind::TimestampLtz { .. }) != matches!(rt.kind, TypeKind::TimestampLtz { .. }) {
            return Err(Error::validation(format!(
                "Event-Time Temporal Table Join requires same rowtime type in left table and versioned table, but the rowtime types are {} and {}.",
                lt.summary(),
                rt.summary()
            )));
        }
        let conjuncts = crate::plan::simplify::simplify_conjuncts(conjuncts);
        let mut left_keys = Vec::new();
        let mut right_keys = Vec::new();
        let mut key_types = Vec::new();
        let mut residual = Vec::new();
        let mut pairs_text = Vec::new();
        let mut any_pushed = false;
        let (lnames, rnames) = (left.names(), right.names());
        for c in &conjuncts {
            match equi_pair(c, nl) {
                Some((a, b, false)) => {
                    left_keys.push(a);
                    right_keys.push(b);
                    let (lt, rt) = (&left.fields[a].ty, &right.fields[b].ty);
                    key_types.push(compare_type(lt, rt));
                    // Calcite's JoinPushExpressionsRule casts keys of different types in a
                    // projection below the join: the names Flink's message shows are those
                    let pushed = lt.with_time_attr(TimeAttr::None).kind != rt.with_time_attr(TimeAttr::None).kind;
                    any_pushed |= pushed;
                    let name = |names: &[String], i: usize| {
                        if pushed {
                            let mut n = names.to_vec();
                            n.push(names[i].clone());
                            uniquify(&mut n);
                            n.last().cloned().unwrap_or_default()
                        } else {
                            names[i].clone()
                        }
                    };
                    pairs_text.push(format!("{}={}", name(&lnames, a), name(&rnames, b)));
                }
                _ => residual.push(c.clone()),
            }
        }
        if left_keys.is_empty() {
            return Err(Error::validation("Currently the join key in Temporal Table Join can not be empty."));
        }
        let pk = right.unique_keys.iter().filter(|k| !k.is_empty()).min_by_key(|k| k.len()).cloned();
        // an equality that misses the key: Flink names the key when Calcite pushed cast keys
        // below the join, and reports no key at all when the keys are plain columns (oracle)
        let pk = match pk {
            Some(k) if !k.iter().all(|c| right_keys.contains(c)) && !any_pushed => None,
            other => other,
        };
        let Some(pk) = pk else {
            let plan = format!(
                "FlinkLogicalJoin(condition=[…], joinType=[{}])\n  FlinkLogical{}\n  FlinkLogicalSnapshot(period=[$cor0.{}])\n    FlinkLogical{}\n",
                if kind == JoinKind::Left { "left" } else { "inner" },
                crate::plan::explain_line(&left, self.catalog),
                left.fields[left_time].name,
                crate::plan::explain_line(&right, self.catalog),
            );
            return Err(Error::validation(format!(
                "Temporal Table Join requires primary key in versioned table, but no primary key can be found. The physical plan is:\n{}",
                plan
            )));
        };
        if !pk.iter().all(|c| right_keys.contains(c)) {
            let mut names = lnames.clone();
            names.extend(rnames.iter().cloned());
            uniquify(&mut names);
            let pk_names: Vec<String> = pk.iter().map(|&c| names[nl + c].clone()).collect();
            return Err(Error::validation(format!(
                "Temporal table's primary key [{}] must be included in the equivalence condition of temporal join, but current temporal join condition is [{}].",
                pk_names.join(","),
                pairs_text.join(",")
            )));
        }
        let fields = join_fields(&left, &right, kind);
        let insert_only = left.insert_only;
        let update_producer = left.update_producer.clone();
        let unique_keys = left.unique_keys.clone();
        // Flink drops -U rows before the join (DropUpdateBefore) unless a filter sits between
        // the versioned table and the join: there the -U reaches it and is stored as a
        // retraction (fuzz finding m03, oracle-checked)
        let drop_update_before = !right.insert_only && !filters_between(&right);
        let node = TemporalJoinNode {
            left,
            right,
            kind,
            left_keys,
            right_keys,
            key_types,
            residual: Expr::and_all(residual),
            condition: Expr::and_all(conjuncts),
            left_time,
            right_time,
            primary_key: pk,
            drop_update_before,
            ttl: self.state_ttl.0,
        };
        Ok(Rel {
            node: Node::TemporalJoin(Box::new(node)),
            fields,
            insert_only,
            update_producer,
            window: None,
            unique_keys,
        })
    }
}
