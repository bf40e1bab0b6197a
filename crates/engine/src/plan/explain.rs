//! EXPLAIN: the operator tree in the style of Flink's "Optimized Execution Plan" (same operator
//! names where the concept is the same: TableSourceScan, Calc, WindowTableFunction,
//! Exchange, WindowJoin).

use super::rel::{Node, Rel};
use crate::catalog::Catalog;
use crate::expr::Expr;

fn window_text(spec: &crate::time::window::WindowSpec) -> String {
    use crate::time::window::{explain_duration as d, WindowSpec};
    match *spec {
        WindowSpec::Tumble { size, offset } => {
            let off = if offset != 0 { format!(", offset=[{}]", d(offset)) } else { String::new() };
            format!("TUMBLE(win_start=[window_start], win_end=[window_end], size=[{}]{})", d(size), off)
        }
        WindowSpec::Hop { slide, size, offset } => {
            let off = if offset != 0 { format!(", offset=[{}]", d(offset)) } else { String::new() };
            format!(
                "HOP(win_start=[window_start], win_end=[window_end], size=[{}], slide=[{}]{})",
                d(size),
                d(slide),
                off
            )
        }
        WindowSpec::Cumulate { step, max_size, offset } => {
            let off = if offset != 0 { format!(", offset=[{}]", d(offset)) } else { String::new() };
            format!(
                "CUMULATE(win_start=[window_start], win_end=[window_end], max_size=[{}], step=[{}]{})",
                d(max_size),
                d(step),
                off
            )
        }
    }
}

/// One aggregate call as Flink's plans print it: `COUNT(*)`, `SUM_RETRACT(v)`,
/// `COUNT(DISTINCT v)`, `LISTAGG(s, $f2)`, `COUNT(*) FILTER $f1`, then `AS name`.
pub fn agg_call_text(c: &crate::expr::aggregate::AggCall, input_names: &[String], retract: bool) -> String {
    let name = format!("{}{}", c.func.explain_name(), if retract { "_RETRACT" } else { "" });
    let args: Vec<String> = c.args.iter().map(|&a| input_names.get(a).cloned().unwrap_or_default()).collect();
    let args = if c.func == crate::expr::aggregate::AggFunc::Count1 { "*".to_string() } else { args.join(", ") };
    let distinct = if c.distinct { "DISTINCT " } else { "" };
    let filter =
        c.filter.map(|f| format!(" FILTER {}", input_names.get(f).cloned().unwrap_or_default())).unwrap_or_default();
    format!("{}({}{}){} AS {}", name, distinct, args, filter, c.name)
}

/// Flink's GroupAggregate line (`RelExplainUtil.streamGroupAggregationToString`).
pub fn group_aggregate_line(a: &super::rel::GroupAggregateNode, fields: &[super::rel::Field]) -> String {
    let names = a.input.names();
    let keys: Vec<String> = a.group.iter().map(|&g| names[g].clone()).collect();
    let mut select: Vec<String> = fields[..a.group.len()].iter().map(|f| f.name.clone()).collect();
    select.extend(a.calls.iter().zip(&a.call_retract).map(|(c, r)| agg_call_text(c, &names, *r)));
    if keys.is_empty() {
        format!("GroupAggregate(select=[{}])", select.join(", "))
    } else {
        format!("GroupAggregate(groupBy=[{}], select=[{}])", keys.join(", "), select.join(", "))
    }
}

/// Flink's lines for a Top-N or deduplication (`Rank`, `Deduplicate`, `WindowRank`,
/// `WindowDeduplicate`) and an `OverAggregate`.
pub fn rank_line(rel: &Rel) -> String {
    use super::rel::{RankKind, RankNumber, RankRange, RankStrategy};
    match &rel.node {
        Node::Over(o) => {
            let names = o.input.names();
            let part: Vec<String> = o.partition.iter().map(|&p| names[p].clone()).collect();
            let mut select = names.clone();
            select.retain(|n| !n.starts_with('$'));
            select.push(format!("{}(*) AS w0$o0", o.rank_type.flink_name()));
            format!(
                "OverAggregate(partitionBy=[{}], orderBy=[{}], window=[ ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW], select=[{}])",
                part.join(", "),
                super::rank::order_text(&o.order, &names, &o.input.types()),
                select.join(", ")
            )
        }
        Node::Rank(r) => {
            let names = r.input.names();
            let types = r.input.types();
            let win_cols: Vec<usize> = r
                .input
                .window
                .as_ref()
                .map(|w| w.window_start.iter().chain(&w.window_end).chain(&w.window_time).copied().collect())
                .unwrap_or_default();
            let windowed = matches!(r.kind, RankKind::WindowRank | RankKind::WindowDeduplicate { .. });
            let part: Vec<String> =
                r.partition.iter().filter(|p| !windowed || !win_cols.contains(p)).map(|&p| names[p].clone()).collect();
            let range = match &r.range {
                RankRange::Constant { start, end } => format!("rankStart={}, rankEnd={}", start, end),
                RankRange::Variable { end_col } => format!("rankEnd={}", names[*end_col]),
            };
            let mut select: Vec<String> = names.iter().filter(|n| !n.starts_with('$')).cloned().collect();
            if r.rn == RankNumber::Column {
                select.push("w0$o0".into());
            }
            let order = super::rank::order_text(&r.order, &names, &types);
            let window = r.input.window.as_ref().map(|w| window_text(&w.spec)).unwrap_or_default();
            let keep = |last: bool| if last { "LastRow" } else { "FirstRow" };
            match &r.kind {
                RankKind::Rank { strategy } if r.sort_limit => {
                    let (offset, fetch) = match &r.range {
                        RankRange::Constant { start, end } => (start - 1, end - start + 1),
                        RankRange::Variable { .. } => (0, 0),
                    };
                    let s = match strategy {
                        RankStrategy::AppendFast => "AppendFastStrategy".to_string(),
                        RankStrategy::UpdateFast { .. } => "UpdateFastStrategy".to_string(),
                        RankStrategy::Retract => "RetractStrategy".to_string(),
                    };
                    format!("SortLimit(orderBy=[{}], offset=[{}], fetch=[{}], strategy=[{}])", order, offset, fetch, s)
                }
                RankKind::Rank { strategy } => {
                    let s = match strategy {
                        RankStrategy::AppendFast => "AppendFastStrategy".to_string(),
                        RankStrategy::UpdateFast { key } => format!(
                            "UpdateFastStrategy[{}]",
                            key.iter().map(|k| k.to_string()).collect::<Vec<_>>().join(",")
                        ),
                        RankStrategy::Retract => "RetractStrategy".to_string(),
                    };
                    format!(
                        "Rank(strategy=[{}], rankType=[{}], rankRange=[{}], partitionBy=[{}], orderBy=[{}], select=[{}])",
                        s,
                        r.rank_type.flink_name(),
                        range,
                        part.join(", "),
                        order,
                        select.join(", ")
                    )
                }
                RankKind::Deduplicate { keep_last, rowtime } => format!(
                    "Deduplicate(keep=[{}], key=[{}], order=[{}], outputInsertOnly=[{}])",
                    keep(*keep_last),
                    part.join(", "),
                    if *rowtime { "ROWTIME" } else { "PROCTIME" },
                    !keep_last
                ),
                RankKind::WindowRank => format!(
                    "WindowRank(window=[{}], rankType=[{}], rankRange=[{}], partitionBy=[{}], orderBy=[{}], select=[{}])",
                    window,
                    r.rank_type.flink_name(),
                    range,
                    part.join(", "),
                    order,
                    select.join(", ")
                ),
                RankKind::WindowDeduplicate { keep_last } => format!(
                    "WindowDeduplicate(window=[{}], keep=[{}], partitionKeys=[{}], orderKey=[{}], order=[ROWTIME])",
                    window,
                    keep(*keep_last),
                    part.join(", "),
                    r.order.first().map(|k| names[k.col].clone()).unwrap_or_default()
                ),
            }
        }
        _ => String::new(),
    }
}

/// The `window=[…]` of a window aggregation (`TUMBLE(time_col=[ts], size=[5 s])` when it reads
/// the TVF directly, `win_start=[…], win_end=[…]` when its input carries the window).
fn window_agg_window(a: &super::rel::WindowAggregateNode, names: &[String], global: bool) -> String {
    use crate::time::window::{explain_duration as d, WindowSpec};
    let at = match (&a.fused, global) {
        (_, true) if a.fused.is_some() => "slice_end=[$slice_end]".to_string(),
        (_, true) => "win_end=[$window_end]".to_string(),
        (Some(t), false) => format!("time_col=[{}]", t),
        (None, false) => format!("win_start=[{}], win_end=[{}]", names[a.start_col], names[a.end_col]),
    };
    let off = |o: i64| if o != 0 { format!(", offset=[{}]", d(o)) } else { String::new() };
    match a.window.spec {
        WindowSpec::Tumble { size, offset } => format!("TUMBLE({}, size=[{}]{})", at, d(size), off(offset)),
        WindowSpec::Hop { slide, size, offset } => {
            format!("HOP({}, size=[{}], slide=[{}]{})", at, d(size), d(slide), off(offset))
        }
        WindowSpec::Cumulate { step, max_size, offset } => {
            format!("CUMULATE({}, max_size=[{}], step=[{}]{})", at, d(max_size), d(step), off(offset))
        }
    }
}

/// Flink's window aggregation lines: one `WindowAggregate`, or (two phases) the
/// `GlobalWindowAggregate` and its `LocalWindowAggregate`.
pub fn window_aggregate_lines(
    a: &super::rel::WindowAggregateNode,
    fields: &[super::rel::Field],
) -> (String, Option<String>) {
    use super::rel::WindowProp;
    let names = a.input.names();
    let keys: Vec<String> = a.group.iter().map(|&g| names[g].clone()).collect();
    let group_by = if keys.is_empty() { String::new() } else { format!("groupBy=[{}], ", keys.join(", ")) };
    let props: Vec<String> = a
        .props
        .iter()
        .map(|p| match p {
            WindowProp::Start => "start('w$) AS window_start".to_string(),
            WindowProp::End => "end('w$) AS window_end".to_string(),
            WindowProp::Time if a.window.proctime => "proctime('w$) AS window_time".to_string(),
            WindowProp::Time => "rowtime('w$) AS window_time".to_string(),
        })
        .collect();
    let _ = fields;
    let calls: Vec<String> = a.calls.iter().zip(&a.call_retract).map(|(c, r)| agg_call_text(c, &names, *r)).collect();
    if !a.two_phase {
        let mut select = keys.clone();
        select.extend(calls);
        select.extend(props);
        return (
            format!(
                "WindowAggregate({}window=[{}], select=[{}])",
                group_by,
                window_agg_window(a, &names, false),
                select.join(", ")
            ),
            None,
        );
    }
    // the local stage's accumulators, named as Flink names them
    let mut acc_names = Vec::new();
    let mut local = keys.clone();
    for (i, (c, r)) in a.calls.iter().zip(&a.call_retract).enumerate() {
        let base = match c.func {
            crate::expr::aggregate::AggFunc::Count1 => "count1",
            crate::expr::aggregate::AggFunc::Count => "count",
            crate::expr::aggregate::AggFunc::Sum => "sum",
            crate::expr::aggregate::AggFunc::Avg => "sum",
            crate::expr::aggregate::AggFunc::Min => "min",
            crate::expr::aggregate::AggFunc::Max => "max",
            _ => "acc",
        };
        let acc = format!("{}${}", base, i);
        let text = agg_call_text(c, &names, *r);
        let head = text.rsplit_once(" AS ").map(|(h, _)| h.to_string()).unwrap_or(text);
        local.push(format!("{} AS {}", head, acc));
        acc_names.push(acc);
    }
    local.push(if a.fused.is_some() {
        "slice_end('w$) AS $slice_end".into()
    } else {
        "window_end('w$) AS $window_end".into()
    });
    let mut global = keys.clone();
    for (c, acc) in a.calls.iter().zip(&acc_names) {
        global.push(format!("{}({}) AS {}", c.func.explain_name(), acc, c.name));
    }
    global.extend(props);
    (
        format!(
            "GlobalWindowAggregate({}window=[{}], select=[{}])",
            group_by,
            window_agg_window(a, &names, true),
            global.join(", ")
        ),
        Some(format!(
            "LocalWindowAggregate({}window=[{}], select=[{}])",
            group_by,
            window_agg_window(a, &names, false),
            local.join(", ")
        )),
    )
}

/// Flink's IntervalJoin line: the join type, the time bounds (`left.time - right.time` within
/// `[leftLowerBound, leftUpperBound]` ms, the time attributes' columns in each input), the whole
/// condition as written.
fn interval_join_text(j: &super::rel::IntervalJoinNode) -> String {
    let mut names = j.left.names();
    names.extend(j.right.names());
    super::names::uniquify(&mut names);
    let b = &j.bounds;
    let select: Vec<String> = names.iter().filter(|n| !n.starts_with('$')).cloned().collect();
    format!(
        "IntervalJoin(joinType=[{}], windowBounds=[isRowTime={}, leftLowerBound={}, leftUpperBound={}, leftTimeIndex={}, rightTimeIndex={}], where=[{}], select=[{}])",
        j.kind.flink_name(),
        b.rowtime,
        b.lower,
        b.upper,
        b.left_time,
        b.right_time,
        j.condition.as_ref().map(|c| c.explain_infix(&names)).unwrap_or_else(|| "true".into()),
        select.join(", ")
    )
}

/// Flink's TemporalJoin line: the join type, the condition as written and the temporal condition
/// Flink adds (the probe's time attribute, the versioned side's row time, its primary key, the
/// equality keys of each side).
fn temporal_join_text(j: &super::rel::TemporalJoinNode) -> String {
    let mut names = j.left.names();
    let nl = names.len();
    names.extend(j.right.names());
    super::names::uniquify(&mut names);
    let mut conds: Vec<String> = j
        .condition
        .as_ref()
        .map(|c| c.clone().conjuncts())
        .unwrap_or_default()
        .iter()
        .map(|c| c.explain_infix(&names))
        .collect();
    let list = |cols: &[usize], off: usize| cols.iter().map(|&c| names[off + c].clone()).collect::<Vec<_>>().join(", ");
    conds.push(format!(
        "__TEMPORAL_JOIN_CONDITION({}, {}, __TEMPORAL_JOIN_CONDITION_PRIMARY_KEY({}), __TEMPORAL_JOIN_LEFT_KEY({}), __TEMPORAL_JOIN_RIGHT_KEY({}))",
        names[j.left_time],
        names[nl + j.right_time],
        list(&j.primary_key, nl),
        list(&j.left_keys, 0),
        list(&j.right_keys, nl)
    ));
    let select: Vec<String> = names.iter().filter(|n| !n.starts_with('$')).cloned().collect();
    format!(
        "TemporalJoin(joinType=[{}], where=[({})], select=[{}])",
        j.kind.flink_name(),
        conds.join(" AND "),
        select.join(", ")
    )
}

/// The columns (of left ++ right) a LookupJoin line's `select` lists: with a condition on the
/// looked-up rows alone, Flink's calc on the table projects them to those read above, by the rest
/// of the condition or as keys matched against the probe.
fn lookup_select_cols(j: &super::rel::LookupJoinNode) -> Vec<usize> {
    let nl = j.left.fields.len();
    let has_where = j
        .condition
        .clone()
        .map(|c| c.conjuncts())
        .unwrap_or_default()
        .iter()
        .any(|c| super::prune::lookup_where(c, nl).is_some());
    let right = (0..j.right.fields.len())
        .filter(|&i| !has_where || j.right_used.get(i).copied().unwrap_or(true))
        .filter(|&i| !j.right.fields[i].name.starts_with("$rowtime"));
    (0..nl).filter(|&i| !j.left.fields[i].name.starts_with("$rowtime")).chain(right.map(|i| nl + i)).collect()
}

/// Flink's LookupJoin line: the table, the lookup keys (constants first), the conditions on the
/// looked-up rows alone (`where`, constant keys included) and the rest (`joinCondition`).
fn lookup_join_text(j: &super::rel::LookupJoinNode) -> String {
    let lnames = j.left.names();
    let rnames = j.right.names();
    let nl = lnames.len();
    let mut keys: Vec<(bool, String)> = j
        .key_cols
        .iter()
        .zip(&j.key_exprs)
        .map(|(&c, e)| {
            let constant = matches!(e, crate::expr::Expr::Literal { .. });
            (!constant, format!("{}={}", rnames.get(c).cloned().unwrap_or_default(), e.explain(&lnames)))
        })
        .collect();
    crate::sort::sort_by_key(&mut keys, |k| k.0);
    let mut wheres = Vec::new();
    let mut rest = Vec::new();
    for c in j.condition.clone().map(|c| c.conjuncts()).unwrap_or_default() {
        let is_pair = crate::plan::classify::lookup_key(&c, nl)
            .is_some_and(|(r, e)| j.key_cols.contains(&r) && !matches!(e, crate::expr::Expr::Literal { .. }));
        if is_pair {
            continue;
        }
        match super::prune::lookup_where(&c, nl) {
            Some(w) => wheres.push(w),
            None => rest.push(c),
        }
    }
    let has_where = !wheres.is_empty();
    let select_right: Vec<String> = rnames
        .iter()
        .enumerate()
        .filter(|(i, _)| !has_where || j.right_used.get(*i).copied().unwrap_or(true))
        .map(|(_, n)| n.clone())
        .collect();
    let mut names = lnames.clone();
    names.extend(select_right.iter().cloned());
    super::names::uniquify(&mut names);
    let mut both = lnames.clone();
    both.extend(rnames.iter().cloned());
    super::names::uniquify(&mut both);
    let mut s = format!(
        "LookupJoin(table=[default_catalog.default_database.{}], joinType=[{}], lookup=[{}]",
        j.table,
        j.kind.flink_name(),
        keys.into_iter().map(|k| k.1).collect::<Vec<_>>().join(", ")
    );
    if has_where {
        // (Flink prints a postfix operator of the calc's condition without parentheses)
        let w = crate::expr::Expr::and_all(wheres)
            .map(|w| {
                let t = w.explain_infix(&rnames);
                let postfix = matches!(&w, crate::expr::Expr::Call { op, .. }
                    if matches!(op, crate::expr::Op::IsNull | crate::expr::Op::IsNotNull));
                match t.strip_prefix('(').and_then(|x| x.strip_suffix(')')) {
                    Some(inner) if postfix => inner.to_string(),
                    _ => t,
                }
            })
            .unwrap_or_default();
        s.push_str(&format!(", where=[{}]", w));
    }
    if let Some(r) = crate::expr::Expr::and_all(rest) {
        s.push_str(&format!(", joinCondition=[{}]", r.explain_infix(&both)));
    }
    names.retain(|n| !n.starts_with("$rowtime"));
    s.push_str(&format!(", select=[{}])", names.join(", ")));
    s
}

/// JoinLab's own line for a Confluent search function (Confluent's plan text is not known):
/// `JoinLabSearch(invocation=[KEY_SEARCH_AGG(customers_ext, DESCRIPTOR(id), $1)], …)`.
fn search_text(j: &super::rel::SearchNode, fields: &[super::rel::Field]) -> String {
    let col = j.right.fields.get(j.column).map(|f| f.name.clone()).unwrap_or_default();
    let mut args = vec![j.table.clone(), format!("DESCRIPTOR({})", col), j.value.explain(&j.left.names())];
    if let Some(k) = j.limit {
        args.push(k.to_string());
    }
    let names: Vec<String> = fields.iter().map(|f| f.name.clone()).filter(|n| !n.starts_with('$')).collect();
    format!(
        "JoinLabSearch(invocation=[{}({})], connector=[{}], select=[{}])",
        j.kind.function(),
        args.join(", "),
        j.connector,
        names.join(", ")
    )
}

/// One operator's line, as EXPLAIN prints it.
pub fn line(rel: &Rel, catalog: &Catalog) -> String {
    match &rel.node {
        Node::Scan { table, name, .. } => {
            let t = &catalog.tables[*table];
            let fields: Vec<String> = t.physical().iter().map(|&i| t.columns[i].name.clone()).collect();
            let wm = match &t.watermark {
                Some(w) => format!(", watermark=[{}], watermarkEmitStrategy=[on-periodic]", w.digest),
                None => String::new(),
            };
            format!(
                "TableSourceScan(table=[[default_catalog, default_database, {}{}]], fields=[{}])",
                name,
                wm,
                fields.join(", ")
            )
        }
        Node::Union { .. } => {
            let names: Vec<String> = rel.names();
            format!("Union(all=[true], union=[{}])", names.join(", "))
        }
        Node::Correlate(c) => correlate_line(c, rel),
        Node::Ptf(p) => {
            // (Flink's StreamPhysicalProcessTableFunction: the call's RexCall, oracle ptf/errors_*)
            let row: Vec<String> =
                rel.fields.iter().map(|f| format!("{} {}", crate::types::calcite_name(&f.ty), f.name)).collect();
            format!(
                "ProcessTableFunction(invocation=[{}], uid=[{}], select=[{}], rowType=[RecordType({})])",
                p.invocation,
                p.uid,
                rel.names().join(","),
                row.join(", ")
            )
        }
        Node::Expand { input, projects } => {
            let names = input.names();
            let sets: Vec<String> = projects
                .iter()
                .map(|p| {
                    let cols: Vec<String> = p
                        .iter()
                        .enumerate()
                        .map(|(i, e)| {
                            let name = names.get(i).cloned().unwrap_or_else(|| "$e".into());
                            match e {
                                Expr::Input { index, .. } if *index == i => name,
                                Expr::Literal { value, .. } => format!(
                                    "{} AS {}",
                                    if value.is_null() { "null".to_string() } else { e.explain(&[]) },
                                    name
                                ),
                                other => format!("{} AS {}", other.explain(&names), name),
                            }
                        })
                        .collect();
                    format!("{{{}}}", cols.join(", "))
                })
                .collect();
            format!("Expand(projects=[{}])", sets.join(", "))
        }
        Node::Values { rows } => {
            let tuples: Vec<String> = rows
                .iter()
                .map(|r| {
                    let vals: Vec<String> = r
                        .iter()
                        .zip(&rel.fields)
                        .map(|(v, f)| Expr::literal(v.clone(), f.ty.clone()).explain(&[]))
                        .collect();
                    format!("{{ {} }}", vals.join(", "))
                })
                .collect();
            format!("Values(tuples=[[{}]])", tuples.join(", "))
        }
        Node::Calc { input, filter, project } => {
            let mut names = input.names();
            super::names::uniquify(&mut names);
            let sel: Vec<String> = project
                .iter()
                .zip(&rel.fields)
                .map(|(e, f)| {
                    let t = e.explain_infix(&names);
                    if t == f.name {
                        t
                    } else {
                        format!("{} AS {}", t, f.name)
                    }
                })
                .collect();
            match filter {
                Some(c) => format!("Calc(select=[{}], where=[{}])", sel.join(", "), c.explain_infix(&names)),
                None => format!("Calc(select=[{}])", sel.join(", ")),
            }
        }
        Node::WindowTvf { input, spec, time_col, .. } => {
            let col = input.fields.get(*time_col).map(|f| f.name.clone()).unwrap_or_default();
            format!("WindowTableFunction(window=[{}])", spec.explain(&col))
        }
        Node::WindowJoin(j) => {
            let mut names = j.left.names();
            names.extend(j.right.names());
            super::names::uniquify(&mut names);
            let nl = j.left.fields.len();
            let mut conds: Vec<String> = j
                .left_keys
                .iter()
                .zip(&j.right_keys)
                .zip(&j.null_safe)
                .map(|((l, r), s)| {
                    if *s {
                        format!("IS NOT DISTINCT FROM({}, {})", names[*l], names[nl + *r])
                    } else {
                        format!("({} = {})", names[*l], names[nl + *r])
                    }
                })
                .collect();
            if let Some(r) = &j.residual {
                conds.push(r.explain_infix(&names));
            }
            let mut select: Vec<String> = if j.kind.projects_right() { names.clone() } else { names[..nl].to_vec() };
            select.retain(|n| !n.starts_with('$'));
            format!(
                "WindowJoin(leftWindow=[{}], rightWindow=[{}], joinType=[{}], where=[{}], select=[{}])",
                window_text(&j.left_window.spec),
                window_text(&j.right_window.spec),
                j.kind.flink_name(),
                if conds.is_empty() { "true".to_string() } else { conds.join(" AND ") },
                select.join(", ")
            )
        }
        Node::IntervalJoin(j) => interval_join_text(j),
        Node::TemporalJoin(j) => temporal_join_text(j),
        Node::LookupJoin(j) => lookup_join_text(j),
        Node::Search(j) => search_text(j, &rel.fields),
        Node::GroupAggregate(a) => group_aggregate_line(a, &rel.fields),
        Node::WindowAggregate(a) => window_aggregate_lines(a, &rel.fields).0,
        Node::Over(_) | Node::Rank(_) => rank_line(rel),
        Node::RegularJoin(_) => join_description(rel, true),
        Node::MultiJoin(_) => multi_join_text(rel, true),
        Node::ChangelogNormalize { key, condition, .. } => {
            let names = rel.names();
            let k: Vec<String> = key.iter().map(|&c| names[c].clone()).collect();
            match condition {
                Some(c) => {
                    format!("ChangelogNormalize(key=[{}], condition=[{}])", k.join(", "), c.explain_infix(&names))
                }
                None => format!("ChangelogNormalize(key=[{}])", k.join(", ")),
            }
        }
    }
}

/// `Correlate(invocation=[$UNNEST_ROWS$1($cor0.tags)], correlate=[…], select=[…], rowType=[…],
/// joinType=[INNER], condition=[…])` as Flink prints it.
fn correlate_line(c: &super::rel::CorrelateNode, rel: &Rel) -> String {
    let cor: Vec<String> = c.input.names().iter().map(|n| format!("$cor0.{}", n)).collect();
    let f = if c.ordinality { "$UNNEST_ROWS_WITH_ORDINALITY$1" } else { "$UNNEST_ROWS$1" };
    let call = format!("{}({})", f, c.collection.explain(&cor));
    let n_in = c.input.fields.len();
    let select: Vec<String> = rel
        .fields
        .iter()
        .enumerate()
        .map(|(i, fl)| if i < n_in || c.ordinality { fl.name.clone() } else { format!("f{}", i - n_in) })
        .collect();
    let row_type: Vec<String> =
        rel.fields.iter().zip(&select).map(|(fl, n)| format!("{} {}", crate::types::calcite_name(&fl.ty), n)).collect();
    let mut s = format!(
        "Correlate(invocation=[{call}], correlate=[table({call})], select=[{}], rowType=[RecordType({})], joinType=[{}]",
        select.join(","),
        row_type.join(", "),
        if c.left { "LEFT" } else { "INNER" }
    );
    if let Some(cond) = &c.condition {
        // Flink numbers the condition's columns from the function's output
        let names: Vec<String> = (0..rel.fields.len()).map(|i| format!("${}", i.saturating_sub(n_in))).collect();
        s.push_str(&format!(", condition=[{}]", cond.explain(&names)));
    }
    s.push(')');
    s
}

fn children(rel: &Rel) -> Vec<(Option<String>, &Rel)> {
    match &rel.node {
        Node::Scan { .. } | Node::Values { .. } => vec![],
        Node::Calc { input, .. } | Node::WindowTvf { input, .. } | Node::Expand { input, .. } => vec![(None, input)],
        Node::Correlate(c) => vec![(None, &c.input)],
        // (the lookup table is no input of the job's plan)
        Node::LookupJoin(j) => vec![(None, &j.left)],
        Node::Search(j) => vec![(None, &j.left)],
        Node::Ptf(p) => p.inputs.iter().zip(&p.keys).map(|(r, k)| (Some(exchange(r, k)), r)).collect(),
        Node::WindowJoin(j) => {
            vec![(Some(exchange(&j.left, &j.left_keys)), &j.left), (Some(exchange(&j.right, &j.right_keys)), &j.right)]
        }
        Node::RegularJoin(j) => {
            vec![(Some(exchange(&j.left, &j.left_keys)), &j.left), (Some(exchange(&j.right, &j.right_keys)), &j.right)]
        }
        Node::IntervalJoin(j) => {
            vec![(Some(exchange(&j.left, &j.left_keys)), &j.left), (Some(exchange(&j.right, &j.right_keys)), &j.right)]
        }
        Node::TemporalJoin(j) => {
            vec![(Some(exchange(&j.left, &j.left_keys)), &j.left), (Some(exchange(&j.right, &j.right_keys)), &j.right)]
        }
        Node::MultiJoin(m) => m.inputs.iter().zip(&m.key_cols).map(|(r, &k)| (Some(exchange(r, &[k])), r)).collect(),
        Node::GroupAggregate(a) => vec![(Some(exchange(&a.input, &a.group)), &a.input)],
        Node::WindowAggregate(a) => match window_aggregate_lines(a, &rel.fields).1 {
            // two phases: the exchange sits between the stages (see `render`)
            Some(_) => vec![(None, &a.input)],
            None => vec![(Some(exchange(&a.input, &a.group)), &a.input)],
        },
        Node::Over(o) => vec![(Some(exchange(&o.input, &o.partition)), &o.input)],
        Node::Union { inputs } => inputs.iter().map(|r| (None, r)).collect(),
        Node::Rank(r) => {
            // (a window Top-N is keyed by its partition without the window columns)
            let win: Vec<usize> = match r.kind {
                super::rel::RankKind::WindowRank | super::rel::RankKind::WindowDeduplicate { .. } => r
                    .input
                    .window
                    .as_ref()
                    .map(|w| w.window_start.iter().chain(&w.window_end).chain(&w.window_time).copied().collect())
                    .unwrap_or_default(),
                _ => Vec::new(),
            };
            let keys: Vec<usize> = r.partition.iter().copied().filter(|p| !win.contains(p)).collect();
            vec![(Some(exchange(&r.input, &keys)), &r.input)]
        }
        Node::ChangelogNormalize { input, key, .. } => vec![(Some(exchange(input, key)), input)],
    }
}

/// The hash exchange in front of a keyed operator (`single` without keys).
fn exchange(side: &Rel, cols: &[usize]) -> String {
    let n: Vec<String> = cols.iter().map(|&c| side.fields[c].name.clone()).collect();
    if n.is_empty() {
        "Exchange(distribution=[single])".to_string()
    } else {
        format!("Exchange(distribution=[hash[{}]])", n.join(", "))
    }
}

/// Flink's `changelogMode=[…]` of what a node emits.
pub fn changelog_mode(rel: &Rel) -> &'static str {
    use crate::kinds::ChangelogMode;
    match &rel.node {
        Node::Scan { changelog, .. } => match changelog {
            ChangelogMode::Insert => "I",
            ChangelogMode::Upsert => "I,UA,D",
            ChangelogMode::UpsertPartialDelete => "I,UA,PD",
            ChangelogMode::Retract => "I,UB,UA,D",
        },
        Node::Values { .. } => "I",
        _ if rel.insert_only => "I",
        // a ChangelogFunction's ChangelogMode.all() (ScorePtf, oracle ptf/score_downstream)
        Node::Ptf(_) => "I,UB,UA,D",
        Node::Calc { input, .. } | Node::Expand { input, .. } => changelog_mode(input),
        // the probe side's kinds (an upsert probe's `+U` without `-U` stays so)
        Node::TemporalJoin(j) => changelog_mode(&j.left),
        Node::LookupJoin(j) => changelog_mode(&j.left),
        Node::Search(j) => changelog_mode(&j.left),
        Node::Correlate(c) => changelog_mode(&c.input),
        // an outer join of insert-only inputs retracts only its NULL-padded rows
        Node::RegularJoin(j) if j.left.insert_only && j.right.insert_only => "I,UA,D",
        Node::MultiJoin(m) if m.inputs.iter().all(|r| r.insert_only) => "I,UA,D",
        Node::RegularJoin(_) | Node::MultiJoin(_) | Node::ChangelogNormalize { .. } => "I,UB,UA,D",
        // (a sink that needs no -U: Flink's EXPLAIN shows none at the top; the run still sends them)
        Node::GroupAggregate(a) if !a.retract => "I,UA",
        Node::GroupAggregate(_) => "I,UA,D",
        Node::Over(_) | Node::Rank(_) => "I,UA,D",
        Node::WindowAggregate(_) => "I",
        Node::Union { .. } => "I,UB,UA,D",
        // window operators pass an updating input's kinds on (the planner rejects them at joins)
        Node::WindowTvf { .. } | Node::WindowJoin(_) | Node::IntervalJoin(_) => "I,UB,UA,D",
    }
}

fn with_mode(line: String, mode: Option<&str>) -> String {
    match mode {
        Some(m) if line.ends_with(')') => format!("{}, changelogMode=[{}])", &line[..line.len() - 1], m),
        _ => line,
    }
}

fn render(rel: &Rel, catalog: &Catalog, prefix: &str, modes: bool, out: &mut String, skip_tvf: bool) {
    // a projection over the Calc that drops a lookup join's computed key columns: Flink merges
    // the two (CalcMergeRule)
    if let Node::Calc { input, filter: None, project } = &rel.node {
        if let Node::Calc { input: inner, filter: None, project: below } = &input.node {
            if matches!(inner.node, Node::LookupJoin(_)) {
                let composed: Option<Vec<crate::expr::Expr>> =
                    project.iter().map(|e| e.as_input().and_then(|i| below.get(i)).cloned()).collect();
                if let Some(p) = composed {
                    let merged = super::rel::calc((**inner).clone(), None, p, rel.names());
                    return render(&merged, catalog, prefix, modes, out, skip_tvf);
                }
            }
        }
    }
    if let Node::Calc { input, filter: None, project } = &rel.node {
        // (a scan's hidden `$rowtime` column is not one Flink's plan has)
        let identity = project.len() <= input.fields.len()
            && input.fields[project.len()..].iter().all(|f| f.name.starts_with('$'))
            && project.iter().enumerate().all(|(i, e)| e.as_input() == Some(i))
            && {
                let mut n = input.names();
                super::names::uniquify(&mut n);
                n[..project.len()] == rel.names()[..]
            };
        // a projection of exactly the physical columns of a scan drops only its computed
        // columns (a PROCTIME() nobody reads): Flink's scan reads those columns and no Calc
        // computes the others
        let physical = match &input.node {
            Node::Scan { table, .. } => {
                let phys = catalog.tables[*table].physical();
                let cols: Vec<Option<usize>> = project.iter().map(|e| e.as_input()).collect();
                cols.len() == phys.len()
                    && cols.iter().zip(&phys).all(|(c, p)| *c == Some(*p))
                    && phys.iter().zip(rel.names()).all(|(&p, n)| input.fields.get(p).is_some_and(|f| f.name == n))
            }
            _ => false,
        };
        // a lookup join whose calc on the table projects what this Calc picks does it itself
        let by_lookup = match &input.node {
            Node::LookupJoin(j) => {
                let cols: Vec<Option<usize>> = project.iter().map(|e| e.as_input()).collect();
                let sel = lookup_select_cols(j);
                cols.len() == sel.len() && cols.iter().zip(&sel).all(|(c, s)| *c == Some(*s))
            }
            _ => false,
        };
        if identity || physical || by_lookup {
            // Flink removes a projection that keeps every column as it is
            return render(input, catalog, prefix, modes, out, skip_tvf);
        }
    }
    if let Node::Calc { input, filter: None, .. } = &rel.node {
        if skip_tvf && matches!(input.node, Node::WindowTvf { .. }) {
            // (the projection of the pulled-in TVF's columns goes with it)
            return render(input, catalog, prefix, modes, out, true);
        }
    }
    if let Node::WindowTvf { input, .. } = &rel.node {
        if skip_tvf {
            // a window aggregation that reads the TVF directly has it pulled into itself
            return render(input, catalog, prefix, modes, out, false);
        }
    }
    let mode = if modes { Some(changelog_mode(rel)) } else { None };
    out.push_str(&with_mode(line(rel, catalog), mode));
    out.push('\n');
    if let Node::WindowAggregate(a) = &rel.node {
        if let (_, Some(local)) = window_aggregate_lines(a, &rel.fields) {
            let m = if modes { Some("I") } else { None };
            out.push_str(prefix);
            out.push_str("+- ");
            out.push_str(&with_mode(exchange(&a.input, &a.group), m));
            out.push('\n');
            let p2 = format!("{}   ", prefix);
            out.push_str(&p2);
            out.push_str("+- ");
            out.push_str(&with_mode(local, m));
            out.push('\n');
            out.push_str(&p2);
            out.push_str("   +- ");
            render(&a.input, catalog, &format!("{}      ", p2), modes, out, a.fused.is_some());
            return;
        }
    }
    let skip_below = matches!(&rel.node, Node::WindowAggregate(a) if a.fused.is_some())
        || (skip_tvf && matches!(rel.node, Node::Calc { .. }));
    let kids = children(rel);
    let n = kids.len();
    for (i, (exchange, child)) in kids.into_iter().enumerate() {
        let last = i + 1 == n;
        let (branch, cont) = if last { ("+- ", "   ") } else { (":- ", ":  ") };
        out.push_str(prefix);
        out.push_str(branch);
        let child_prefix = format!("{}{}", prefix, cont);
        match exchange {
            Some(ex) => {
                let m = if modes { Some(changelog_mode(child)) } else { None };
                out.push_str(&with_mode(ex, m));
                out.push('\n');
                out.push_str(&child_prefix);
                out.push_str("+- ");
                render(child, catalog, &format!("{}   ", child_prefix), modes, out, skip_below);
            }
            None => render(child, catalog, &child_prefix, modes, out, skip_below),
        }
    }
}

/// The plan text of a query.
pub fn explain(rel: &Rel, catalog: &Catalog) -> String {
    explain_with(rel, catalog, false)
}

/// The plan text, with each operator's changelog mode (`EXPLAIN CHANGELOG_MODE`).
pub fn explain_with(rel: &Rel, catalog: &Catalog, changelog_modes: bool) -> String {
    let mut s = String::new();
    render(rel, catalog, "", changelog_modes, &mut s, false);
    format!("== Optimized Execution Plan ==\n{}", mark_reuse(&s))
}

/// Flink's sub-plan reuse as its plan shows it: a subtree identical to one printed before it is
/// `Reused(reference_id=[n])`, and the first one ends with `(reuse_id=[n])` (oracle i14, the PTF
/// called twice; a self-join's Exchange).
fn mark_reuse(text: &str) -> String {
    const TOKENS: [&str; 4] = [":  ", "   ", ":- ", "+- "];
    let lines: Vec<&str> = text.lines().collect();
    let split = |l: &str| -> (usize, String) {
        let mut i = 0;
        while l.get(i..i + 3).is_some_and(|t| TOKENS.contains(&t)) {
            i += 3;
        }
        (i / 3, l[i..].to_string())
    };
    let parsed: Vec<(usize, String)> = lines.iter().map(|l| split(l)).collect();
    let end_of = |i: usize| -> usize {
        let d = parsed[i].0;
        let mut j = i + 1;
        while j < parsed.len() && parsed[j].0 > d {
            j += 1;
        }
        j
    };
    let digest = |i: usize| -> String {
        let d = parsed[i].0;
        parsed[i..end_of(i)].iter().map(|(dd, t)| format!("{}|{}\n", dd - d, t)).collect()
    };
    let mut seen: Vec<(String, usize)> = Vec::new();
    let mut ids: Vec<(usize, usize)> = Vec::new();
    let mut reused: Vec<(usize, usize)> = Vec::new();
    let mut i = 0;
    while i < parsed.len() {
        let dg = digest(i);
        if let Some(&(_, first)) = seen.iter().find(|(x, _)| *x == dg) {
            let id = match ids.iter().find(|(f, _)| *f == first) {
                Some(&(_, id)) => id,
                None => {
                    ids.push((first, ids.len() + 1));
                    ids.len()
                }
            };
            reused.push((i, id));
            i = end_of(i);
            continue;
        }
        seen.push((dg, i));
        i += 1;
    }
    if reused.is_empty() {
        return text.to_string();
    }
    let mut out = String::new();
    let mut i = 0;
    while i < lines.len() {
        let l = lines[i];
        let head = &l[..parsed[i].0 * 3];
        if let Some(&(_, id)) = reused.iter().find(|(r, _)| *r == i) {
            out.push_str(&format!("{}Reused(reference_id=[{}])\n", head, id));
            i = end_of(i);
            continue;
        }
        out.push_str(l);
        if let Some(&(_, id)) = ids.iter().find(|(f, _)| *f == i) {
            out.push_str(&format!("(reuse_id=[{}])", id));
        }
        out.push('\n');
        i += 1;
    }
    out
}

/// Flink's MultiJoin line (conditions in EXPLAIN's infix notation).
pub fn multi_join_text(rel: &Rel, _prefix_notation: bool) -> String {
    let Node::MultiJoin(m) = &rel.node else { return String::new() };
    let mut names: Vec<String> = m.inputs.iter().flat_map(|r| r.names()).collect();
    super::names::uniquify(&mut names);
    let conds: Vec<String> = m
        .conditions
        .iter()
        .skip(1)
        .map(|c| match c {
            Some(e) => e.explain_infix(&names),
            None => "true".into(),
        })
        .collect();
    let kinds: Vec<&str> =
        m.kinds.iter().skip(1).map(|k| if *k == crate::kinds::JoinKind::Left { "LEFT" } else { "INNER" }).collect();
    let specs: Vec<String> = m
        .specs
        .iter()
        .zip(&m.offsets)
        .map(|(s, off)| match s.unique_key() {
            None => "noUniqueKey".to_string(),
            Some(k) => format!("[{}]", k.iter().map(|c| names[c + off].clone()).collect::<Vec<_>>().join(", ")),
        })
        .collect();
    let visible: Vec<usize> = (0..names.len()).filter(|&i| !names[i].starts_with('$')).collect();
    let row_type: Vec<String> =
        visible.iter().map(|&i| format!("{} {}", crate::types::calcite_name(&rel.fields[i].ty), names[i])).collect();
    format!(
        "MultiJoin(commonJoinKey=[{}], joinTypes=[{}], inputUniqueKeys=[{}], joinConditions=[{}], select=[{}], rowType=[RecordType({})])",
        names[m.key_cols[0] + m.offsets[0]],
        kinds.join(", "),
        specs.join(", "),
        conds.join(", "),
        visible.iter().map(|&i| names[i].clone()).collect::<Vec<_>>().join(","),
        row_type.join(", ")
    )
}

/// Flink's one-line description of a regular join: in Calcite's prefix notation
/// (`AND(=(a, b), …)`) as rejections quote it, or in EXPLAIN's infix notation.
pub fn join_description(rel: &Rel, explain: bool) -> String {
    match &rel.node {
        Node::RegularJoin(j) => {
            let mut names = j.left.names();
            names.extend(j.right.names());
            super::names::uniquify(&mut names);
            let nl = j.left.fields.len();
            let mut conds: Vec<String> = j
                .left_keys
                .iter()
                .zip(&j.right_keys)
                .zip(&j.null_safe)
                .map(|((l, r), safe)| match (explain, safe) {
                    (true, false) => format!("({} = {})", names[*l], names[nl + *r]),
                    (true, true) => format!("IS NOT DISTINCT FROM({}, {})", names[*l], names[nl + *r]),
                    (false, false) => format!("=({}, {})", names[*l], names[nl + *r]),
                    (false, true) => format!("IS NOT DISTINCT FROM({}, {})", names[*l], names[nl + *r]),
                })
                .collect();
            if let Some(r) = &j.residual {
                conds.push(if explain { r.explain_infix(&names) } else { r.explain(&names) });
            }
            let where_ = match (conds.len(), explain) {
                (0, _) => "true".to_string(),
                (1, _) => conds.remove(0),
                (_, true) => format!("({})", conds.join(" AND ")),
                (_, false) => format!("AND({})", conds.join(", ")),
            };
            let mut select: Vec<String> = if j.kind.projects_right() { names.clone() } else { names[..nl].to_vec() };
            select.retain(|n| !n.starts_with('$'));
            format!(
                "Join(joinType=[{}], where=[{}], select=[{}], leftInputSpec=[{}], rightInputSpec=[{}])",
                j.kind.flink_name(),
                where_,
                select.join(", "),
                j.left_spec.flink_name(),
                j.right_spec.flink_name()
            )
        }
        _ => String::new(),
    }
}
