//! Building the operator graph from the plan: the one place that matches every plan node,
//! choosing each node's operator and describing it for the trace (`OperatorInfo`: its kind,
//! sides, columns, keys and what it computes).

use super::*;

/// A name the planner generated (`EXPR$1`, `$f2`, `w0$o0`), not one the query wrote.
fn generated_name(name: &str) -> bool {
    name.contains('$')
}

/// An aggregation's calls as the trace describes them (`COUNT(DISTINCT s)` named `uv1`).
fn agg_calls(calls: &[crate::expr::aggregate::AggCall], input_names: &[String]) -> Vec<AggCallInfo> {
    calls
        .iter()
        .map(|c| {
            let readable =
                c.args.iter().chain(&c.filter).all(|&a| input_names.get(a).is_some_and(|n| !generated_name(n)));
            let text = crate::plan::explain::agg_call_text(c, input_names, false);
            let call = text.rsplit_once(" AS ").map(|(head, _)| head.to_string()).unwrap_or(text);
            AggCallInfo { name: c.name.clone(), named: !generated_name(&c.name), call: readable.then_some(call) }
        })
        .collect()
}

/// `TUMBLE(size=[5 s])`, `HOP(size=[10 s], slide=[5 s])`, `CUMULATE(max_size=[…], step=[…])`.
fn window_words(spec: &crate::time::window::WindowSpec) -> String {
    use crate::time::window::{explain_duration as d, WindowSpec};
    let off = |o: i64| if o != 0 { format!(", offset=[{}]", d(o)) } else { String::new() };
    match *spec {
        WindowSpec::Tumble { size, offset } => format!("TUMBLE(size=[{}]{})", d(size), off(offset)),
        WindowSpec::Hop { slide, size, offset } => {
            format!("HOP(size=[{}], slide=[{}]{})", d(size), d(slide), off(offset))
        }
        WindowSpec::Cumulate { step, max_size, offset } => {
            format!("CUMULATE(max_size=[{}], step=[{}]{})", d(max_size), d(step), off(offset))
        }
    }
}

/// A Top-N's or deduplication's keys, ranks and order (`window_cols`: a windowed one's window
/// columns, which its keys leave out as its events' keys do).
fn describe_rank(info: &mut OperatorInfo, r: &crate::plan::rel::RankNode, window_cols: Option<&[usize]>) {
    let names = r.input.names();
    info.keys =
        r.partition.iter().filter(|p| window_cols.is_none_or(|w| !w.contains(p))).map(|&p| names[p].clone()).collect();
    let order_by = crate::plan::rank::order_text(&r.order, &names, &r.input.types());
    match r.kind {
        RankKind::Deduplicate { keep_last, rowtime } => {
            info.dedup = Some(DedupInfo { keep_last, rowtime, order_by: first_order_col(r, &names) })
        }
        RankKind::WindowDeduplicate { keep_last } => {
            info.dedup = Some(DedupInfo { keep_last, rowtime: true, order_by: first_order_col(r, &names) })
        }
        RankKind::Rank { .. } | RankKind::WindowRank => {
            let (start, end) = match r.range {
                PlanRankRange::Constant { start, end } => (start, Some(end)),
                PlanRankRange::Variable { .. } => (1, None),
            };
            info.rank = Some(RankInfo { start, end, order_by, number: r.rn == RankNumber::Column });
        }
    }
}

fn first_order_col(r: &crate::plan::rel::RankNode, names: &[String]) -> String {
    r.order.first().and_then(|k| names.get(k.col)).cloned().unwrap_or_default()
}

/// A projection that picks every column of its input in order (`SELECT *` of a subquery):
/// nothing to compute.
fn select_star(input: &Rel, project: &[crate::expr::Expr]) -> bool {
    project.len() == input.fields.len() && project.iter().enumerate().all(|(i, e)| e.as_input() == Some(i))
}

/// A plain projection (input columns only, no filter) that is not over a scan (a scan takes
/// its own projection): the columns it picks.
fn plain_projection(rel: &Rel) -> Option<(&Rel, Vec<usize>)> {
    match &rel.node {
        Node::Calc { input, filter: None, project } if !matches!(input.node, Node::Scan { .. }) => {
            let cols: Option<Vec<usize>> = project.iter().map(|e| e.as_input()).collect();
            cols.map(|c| (&**input, c))
        }
        _ => None,
    }
}

impl Graph {
    pub fn build(rel: &Rel, catalog: &Catalog, opts: &BuildOptions) -> Result<Graph> {
        let mut g = Graph {
            ops: Vec::new(),
            parent: Vec::new(),
            infos: Vec::new(),
            sources: Vec::new(),
            bufs: Vec::new(),
            unsupported: None,
            held: Vec::new(),
            ending: false,
            emit_limit: opts.emit_limit,
            emitted: 0,
            timed: None,
            wm_parent: Vec::new(),
            stateful: Vec::new(),
            count_only: false,
        };
        g.add(rel, None, catalog, opts);
        if let Some(what) = g.unsupported.take() {
            return Err(crate::error::Error::unsupported(what));
        }
        g.bufs = (0..g.ops.len()).map(|_| Vec::new()).collect();
        g.stateful = (0..g.ops.len()).filter(|&op| with_op!(&g.ops[op], o => o.state_rows()).is_some()).collect();
        // a Calc or a window TVF sends watermarks and idleness on as they come (no timers)
        let passes_on = |o: &OpNode| matches!(o, OpNode::Calc(_) | OpNode::WindowTvf(_));
        g.wm_parent = (0..g.ops.len())
            .map(|op| {
                let mut to = g.parent[op];
                while let Some((p, _)) = to.filter(|&(p, _)| passes_on(&g.ops[p])) {
                    to = g.parent[p];
                }
                to
            })
            .collect();
        g.held = g.ops.iter().map(|o| (opts.batch && blocking::is_blocking(o)).then(blocking::Held::default)).collect();
        if opts.batch {
            for op in g.ops.iter_mut() {
                match op {
                    OpNode::Rank(r) => r.set_batch(),
                    OpNode::WindowRank(r) => r.set_batch(),
                    _ => {}
                }
            }
            for &s in &g.sources {
                if let OpNode::Source(src) = &mut g.ops[s] {
                    src.set_batch();
                }
            }
        }
        Ok(g)
    }

    fn push(&mut self, op: OpNode, parent: Option<(usize, usize)>, info: OperatorInfo) -> usize {
        let id = self.ops.len();
        self.ops.push(op);
        self.parent.push(parent);
        self.infos.push(OperatorInfo { id, ..info });
        if let Some((p, _)) = parent {
            self.infos[p].inputs.push(id);
        }
        id
    }

    fn info(kind: OpKind, label: String, updating: bool, sides: Vec<String>) -> OperatorInfo {
        OperatorInfo {
            id: 0,
            kind,
            role: kind.role(),
            sides,
            label,
            inputs: Vec::new(),
            table: None,
            updating,
            columns: Vec::new(),
            keys: Vec::new(),
            aggregate: None,
            rank: None,
            dedup: None,
            picks: None,
            interval: None,
            temporal: None,
        }
    }

    /// Builds the operator of `rel` (and those below it); its `columns` are `rel`'s names, so an
    /// operator that does the projection above it (a source, a join, a window TVF) ends up with
    /// the projected names: the outermost relation it runs is the last to set them.
    fn add(&mut self, rel: &Rel, parent: Option<(usize, usize)>, catalog: &Catalog, opts: &BuildOptions) -> usize {
        let id = self.add_node(rel, parent, catalog, opts);
        if let Some(info) = self.infos.get_mut(id) {
            info.columns = rel.names();
        }
        id
    }

    fn add_node(&mut self, rel: &Rel, parent: Option<(usize, usize)>, catalog: &Catalog, opts: &BuildOptions) -> usize {
        let updating = !rel.insert_only;
        match &rel.node {
            Node::Scan { table, name, .. } => {
                let t = &catalog.tables[*table];
                let src = SourceOp::new(*table, t, opts.per_record, opts.rows_drive_source_watermark);
                let mut info = Self::info(
                    OpKind::TableSourceScan,
                    format!("TableSourceScan(table=[[default_catalog, default_database, {}]])", name),
                    updating,
                    Vec::new(),
                );
                info.table = Some(name.clone());
                let id = self.push(OpNode::Source(src), parent, info);
                self.sources.push(id);
                id
            }
            Node::Values { rows } => {
                let label = crate::plan::explain_line(rel, catalog);
                self.push(
                    OpNode::Values(ValuesOp::new(rows.clone())),
                    parent,
                    Self::info(OpKind::Values, label, false, Vec::new()),
                )
            }
            Node::ChangelogNormalize { input, key, ttl_enabled, condition } => {
                let keys: Vec<String> = key.iter().map(|&i| input.fields[i].name.clone()).collect();
                let cond_text = condition
                    .as_ref()
                    .map(|c| format!(", condition=[{}]", c.explain_infix(&input.names())))
                    .unwrap_or_default();
                let mut info = Self::info(
                    OpKind::ChangelogNormalize,
                    format!("ChangelogNormalize(key=[{}]{})", keys.join(", "), cond_text),
                    true,
                    vec!["key".into()],
                );
                info.keys = keys;
                let id = self.push(
                    OpNode::Normalize(NormalizeOp::new(key.clone(), input.types(), *ttl_enabled, condition.clone())),
                    parent,
                    info,
                );
                self.add(input, Some((id, 0)), catalog, opts);
                id
            }
            Node::Calc { input, filter: None, project } if select_star(input, project) => {
                // `SELECT *` of a subquery: nothing to compute
                self.add(input, parent, catalog, opts)
            }
            Node::Calc { input, filter: None, project }
                if matches!(input.node, Node::Scan { .. }) && project.iter().all(|e| e.as_input().is_some()) =>
            {
                // a plain projection over a scan is done by the source itself
                let id = self.add(input, parent, catalog, opts);
                if let OpNode::Source(src) = &mut self.ops[id] {
                    src.set_output(project.iter().filter_map(|e| e.as_input()).collect());
                }
                id
            }
            Node::Calc { input, filter: None, project }
                if matches!(input.node, Node::WindowJoin(_)) && project.iter().all(|e| e.as_input().is_some()) =>
            {
                // a plain projection over a window join is done by the join itself
                let cols: Vec<usize> = project.iter().filter_map(|e| e.as_input()).collect();
                self.add_window_join(input, Some(cols), parent, catalog, opts)
            }
            Node::Calc { input, filter: None, project }
                if matches!(input.node, Node::RegularJoin(_)) && project.iter().all(|e| e.as_input().is_some()) =>
            {
                // a plain projection over a regular join is done by the join itself
                let cols: Vec<usize> = project.iter().filter_map(|e| e.as_input()).collect();
                self.add_regular_join(input, Some(cols), updating, parent, catalog, opts)
            }
            Node::Calc { input, filter: None, project }
                if matches!(input.node, Node::MultiJoin(_)) && project.iter().all(|e| e.as_input().is_some()) =>
            {
                let cols: Vec<usize> = project.iter().filter_map(|e| e.as_input()).collect();
                self.add_multi_join(input, Some(cols), updating, parent, catalog, opts)
            }
            Node::Calc { input, filter: None, project }
                if matches!(input.node, Node::WindowTvf { .. }) && project.iter().all(|e| e.as_input().is_some()) =>
            {
                // a plain projection over a window TVF is done by the TVF itself
                let id = self.add(input, parent, catalog, opts);
                if let OpNode::WindowTvf(t) = &mut self.ops[id] {
                    t.project = Some(project.iter().filter_map(|e| e.as_input()).collect());
                }
                id
            }
            Node::Calc { input, filter: None, project }
                if opts.fuse
                    && matches!(input.node, Node::IntervalJoin(_) | Node::TemporalJoin(_))
                    && project.iter().all(|e| e.as_input().is_some()) =>
            {
                // untraced, a plain projection over an interval or temporal join is done by the
                // join (a trace shows the join's rows whole, and the Calc as its own operator)
                let cols: Vec<usize> = project.iter().filter_map(|e| e.as_input()).collect();
                let id = self.add(input, parent, catalog, opts);
                match &mut self.ops[id] {
                    OpNode::IntervalJoin(j) => j.set_project(cols),
                    OpNode::TemporalJoin(j) => j.set_project(cols),
                    _ => {}
                }
                id
            }
            Node::Calc { input, filter, project } => {
                let label = crate::plan::explain_line(rel, catalog);
                let mut info = Self::info(OpKind::Calc, label, updating, Vec::new());
                if filter.is_none() {
                    info.picks = project.iter().map(|e| e.as_input()).collect();
                }
                let id =
                    self.push(OpNode::Calc(CalcOp::new(filter.clone(), project.clone(), input.types())), parent, info);
                self.add(input, Some((id, 0)), catalog, opts);
                id
            }
            Node::WindowTvf { input, spec, time_col, ltz, .. } => {
                let col = input.fields.get(*time_col).map(|f| f.name.clone()).unwrap_or_default();
                let id = self.push(
                    OpNode::WindowTvf(WindowTvfOp::new(*spec, *time_col, *ltz, input.types())),
                    parent,
                    Self::info(
                        OpKind::WindowTableFunction,
                        format!("WindowTableFunction(window=[{}])", spec.explain(&col)),
                        updating,
                        Vec::new(),
                    ),
                );
                self.add(input, Some((id, 0)), catalog, opts);
                id
            }
            Node::WindowJoin(_) => self.add_window_join(rel, None, parent, catalog, opts),
            Node::IntervalJoin(j) => {
                let name_of = |r: &Rel| -> String { first_table(r).unwrap_or_else(|| "input".into()) };
                let spec = IntervalJoinSpec {
                    kind: j.kind,
                    left_keys: j.left_keys.clone(),
                    right_keys: j.right_keys.clone(),
                    null_safe: j.null_safe.clone(),
                    residual: j.residual.clone(),
                    lower: j.bounds.lower,
                    upper: j.bounds.upper,
                    rowtime: j.bounds.rowtime,
                    left_time: j.bounds.left_time,
                    right_time: j.bounds.right_time,
                    min_cleanup: j.min_cleanup,
                    left_types: j.left.types(),
                    right_types: j.right.types(),
                    input_names: [name_of(&j.left), name_of(&j.right)],
                    tracing: opts.trace,
                    project: None,
                };
                let label = crate::plan::explain_line(rel, catalog);
                let mut info = Self::info(OpKind::IntervalJoin, label, false, vec!["left".into(), "right".into()]);
                info.interval = Some(IntervalInfo {
                    lower_ms: j.bounds.lower,
                    upper_ms: j.bounds.upper,
                    rowtime: j.bounds.rowtime,
                });
                let id = self.push(OpNode::IntervalJoin(IntervalJoinOp::new(spec)), parent, info);
                self.add(&j.left, Some((id, 0)), catalog, opts);
                self.add(&j.right, Some((id, 1)), catalog, opts);
                id
            }
            Node::TemporalJoin(j) => {
                let name_of = |r: &Rel| -> String { first_table(r).unwrap_or_else(|| "input".into()) };
                let spec = TemporalJoinSpec {
                    outer: j.kind == crate::kinds::JoinKind::Left,
                    left_keys: j.left_keys.clone(),
                    right_keys: j.right_keys.clone(),
                    key_types: j.key_types.clone(),
                    residual: j.residual.clone(),
                    left_time: j.left_time,
                    right_time: j.right_time,
                    left_types: j.left.types(),
                    right_types: j.right.types(),
                    drop_update_before: j.drop_update_before,
                    ttl: j.ttl,
                    input_names: [name_of(&j.left), name_of(&j.right)],
                    project: None,
                };
                let label = crate::plan::explain_line(rel, catalog);
                let mut info = Self::info(OpKind::TemporalJoin, label, updating, vec!["left".into(), "right".into()]);
                let (ln, rn) = (j.left.names(), j.right.names());
                info.keys = j.left_keys.iter().map(|&c| ln[c].clone()).collect();
                info.temporal = Some(TemporalInfo {
                    outer: j.kind == crate::kinds::JoinKind::Left,
                    probe_time: ln[j.left_time].clone(),
                    version_time: rn[j.right_time].clone(),
                    probe_keys: j.left_keys.iter().map(|&c| ln[c].clone()).collect(),
                    version_keys: j.right_keys.iter().map(|&c| rn[c].clone()).collect(),
                    primary_key: j.primary_key.iter().map(|&c| rn[c].clone()).collect(),
                    ttl_ms: (j.ttl > 1).then_some(j.ttl),
                });
                let id = self.push(OpNode::TemporalJoin(TemporalJoinOp::new(spec)), parent, info);
                self.add(&j.left, Some((id, 0)), catalog, opts);
                self.add(&j.right, Some((id, 1)), catalog, opts);
                id
            }
            Node::LookupJoin(j) => {
                let spec = LookupJoinSpec {
                    outer: j.kind == crate::kinds::JoinKind::Left,
                    table: j.table.clone(),
                    key_cols: j.key_cols.clone(),
                    key_exprs: j.key_exprs.clone(),
                    residual: j.residual.clone(),
                    primary_key: j.primary_key.clone(),
                    left_types: j.left.types(),
                    right_types: j.right.types(),
                    visible: (0..j.right.fields.len()).filter(|&i| !j.right.fields[i].name.starts_with('$')).collect(),
                };
                let label = crate::plan::explain_line(rel, catalog);
                let mut info = Self::info(OpKind::LookupJoin, label, updating, vec!["probe".into(), "store".into()]);
                let rn = j.right.names();
                info.keys = j.key_cols.iter().map(|&c| rn.get(c).cloned().unwrap_or_default()).collect();
                let id = self.push(OpNode::LookupJoin(LookupJoinOp::new(spec)), parent, info);
                self.add(&j.left, Some((id, 0)), catalog, opts);
                self.add(&j.right, Some((id, 1)), catalog, opts);
                id
            }
            Node::Search(j) => {
                let spec = crate::ops::search::SearchSpec {
                    kind: j.kind,
                    table: j.table.clone(),
                    column: j.column,
                    value: j.value.clone(),
                    limit: j.limit,
                    primary_key: j.primary_key.clone(),
                    visible: j.visible.clone(),
                    left_types: j.left.types(),
                    right_types: j.right.types(),
                    roles: j.roles.clone(),
                    result_type: rel.fields.last().map(|f| f.ty.clone()).unwrap_or_else(crate::types::DataType::string),
                };
                let label = crate::plan::explain_line(rel, catalog);
                let mut info = Self::info(OpKind::LookupJoin, label, updating, vec!["probe".into(), "store".into()]);
                let rn = j.right.names();
                info.keys = vec![rn.get(j.column).cloned().unwrap_or_default()];
                let id = self.push(OpNode::Search(crate::ops::search::SearchOp::new(spec)), parent, info);
                self.add(&j.left, Some((id, 0)), catalog, opts);
                self.add(&j.right, Some((id, 1)), catalog, opts);
                id
            }
            Node::Union { inputs } => {
                let label = crate::plan::explain_line(rel, catalog);
                let sides = (1..=inputs.len()).map(|i| format!("branch {}", i)).collect();
                let id = self.push(
                    OpNode::Union(UnionOp::new(inputs.len())),
                    parent,
                    Self::info(OpKind::Union, label, updating, sides),
                );
                for (i, input) in inputs.iter().enumerate() {
                    self.add(input, Some((id, i)), catalog, opts);
                }
                id
            }
            Node::Ptf(p) => {
                let label = crate::plan::explain_line(rel, catalog);
                let id = self.push(
                    OpNode::Ptf(crate::ops::ptf::PtfOp::new(p)),
                    parent,
                    Self::info(OpKind::ProcessTableFunction, label, updating, p.table_names.clone()),
                );
                for (i, input) in p.inputs.iter().enumerate() {
                    self.add(input, Some((id, i)), catalog, opts);
                }
                id
            }
            Node::Correlate(c) => {
                let label = crate::plan::explain_line(rel, catalog);
                let id = self.push(
                    OpNode::Correlate(CorrelateOp::new(c, rel.types())),
                    parent,
                    Self::info(OpKind::Correlate, label, updating, Vec::new()),
                );
                self.add(&c.input, Some((id, 0)), catalog, opts);
                id
            }
            Node::Expand { input, projects } => {
                let label = crate::plan::explain_line(rel, catalog);
                let id = self.push(
                    OpNode::Expand(ExpandOp::new(projects.clone())),
                    parent,
                    Self::info(OpKind::Expand, label, updating, Vec::new()),
                );
                self.add(input, Some((id, 0)), catalog, opts);
                id
            }
            Node::Rank(r) if matches!(r.kind, RankKind::Rank { .. } | RankKind::Deduplicate { .. }) => {
                let label = crate::plan::explain_line(rel, catalog);
                let in_types = r.input.types();
                let order: Vec<SortKey> =
                    r.order.iter().map(|k| SortKey { col: k.col, desc: k.desc, nulls_first: k.nulls_first }).collect();
                let (op, kind) = match &r.kind {
                    RankKind::Deduplicate { keep_last, rowtime } => {
                        let kind = match (rowtime, keep_last) {
                            (true, false) => DedupKind::RowtimeKeepFirst,
                            (true, true) => DedupKind::RowtimeKeepLast,
                            (false, false) => DedupKind::ProctimeKeepFirst,
                            (false, true) => DedupKind::ProctimeKeepLast,
                        };
                        let spec = DeduplicateSpec {
                            key: r.partition.clone(),
                            kind,
                            time_col: if *rowtime { r.order.first().map(|k| k.col) } else { None },
                            ttl: r.ttl,
                            in_types,
                            update_before: true,
                        };
                        (OpNode::Deduplicate(DeduplicateOp::new(spec)), OpKind::Deduplicate)
                    }
                    RankKind::Rank { strategy } => {
                        let one = r.range == PlanRankRange::Constant { start: 1, end: 1 };
                        let proctime_asc = r.order.len() == 1
                            && !r.order[0].desc
                            && in_types.get(r.order[0].col).is_some_and(|t| t.time_attr() == TimeAttr::Proctime);
                        let function = match strategy {
                            RankStrategy::AppendFast if proctime_asc => RankFunction::AppendOnlyFirstN,
                            RankStrategy::AppendFast if one => RankFunction::FastTop1,
                            RankStrategy::AppendFast => RankFunction::AppendOnlyTopN,
                            RankStrategy::UpdateFast { .. } if one => RankFunction::FastTop1,
                            RankStrategy::UpdateFast { key } => RankFunction::UpdatableTopN { row_key: key.clone() },
                            RankStrategy::Retract => RankFunction::RetractableTopN,
                        };
                        let range = match &r.range {
                            PlanRankRange::Constant { start, end } => {
                                OpRankRange::Constant { start: *start, end: *end }
                            }
                            PlanRankRange::Variable { end_col } => OpRankRange::Variable { end_col: *end_col },
                        };
                        let spec = RankSpec {
                            partition: r.partition.clone(),
                            order,
                            range,
                            with_rn: r.rn == RankNumber::Column,
                            function,
                            update_before: r.update_before,
                            ttl: r.ttl,
                            in_types,
                            out_types: rel.types(),
                        };
                        (OpNode::Rank(RankOp::new(spec)), OpKind::Rank)
                    }
                    _ => {
                        return self.push(
                            OpNode::Values(ValuesOp::new(Vec::new())),
                            parent,
                            Self::info(OpKind::Values, label, false, Vec::new()),
                        )
                    }
                };
                let sides = vec![if kind == OpKind::Rank { "partition".into() } else { "key".into() }];
                let mut info = Self::info(kind, label, updating, sides);
                describe_rank(&mut info, r, None);
                let id = self.push(op, parent, info);
                self.add(&r.input, Some((id, 0)), catalog, opts);
                id
            }
            Node::WindowAggregate(a) => {
                let in_types = a.input.types();
                let time = match (a.time_col, a.window.proctime) {
                    (_, true) => WindowTime::ProcTime,
                    (Some(col), false) => WindowTime::TimeCol { col, ltz: a.window.ltz },
                    (None, false) => WindowTime::WindowEnd { end_col: a.end_col },
                };
                let props = a
                    .props
                    .iter()
                    .map(|p| match p {
                        crate::plan::rel::WindowProp::Start => OpWindowProp::Start,
                        crate::plan::rel::WindowProp::End => OpWindowProp::End,
                        crate::plan::rel::WindowProp::Time => OpWindowProp::Time,
                    })
                    .collect();
                let hop = matches!(a.window.spec, crate::time::window::WindowSpec::Hop { .. });
                let spec = WindowAggregateSpec {
                    window: a.window.spec,
                    time,
                    group: a.group.clone(),
                    calls: a.calls.iter().zip(&a.call_retract).map(|(c, r)| CallSpec::new(c, &in_types, *r)).collect(),
                    retract: a.retract,
                    count_star: hop || a.retract,
                    props,
                    two_phase: a.two_phase,
                    ltz: a.window.ltz,
                    in_types,
                    out_types: rel.types(),
                };
                let label = crate::plan::explain_line(rel, catalog);
                let mut info = Self::info(OpKind::WindowAggregate, label, false, vec!["window".into()]);
                let names = a.input.names();
                info.keys = a.group.iter().map(|&g| names[g].clone()).collect();
                info.aggregate = Some(AggregateInfo {
                    calls: agg_calls(&a.calls, &names),
                    retract: a.retract,
                    window: Some(window_words(&a.window.spec)),
                    sliced: !matches!(a.window.spec, crate::time::window::WindowSpec::Tumble { .. }),
                    two_phase: a.two_phase,
                });
                let id = self.push(OpNode::WindowAggregate(WindowAggregateOp::new(spec)), parent, info);
                if a.time_col.is_some() {
                    // the TVF is pulled into the aggregation: its input feeds the projection below
                    let stripped = strip_window_tvf(&a.input);
                    self.add(&stripped, Some((id, 0)), catalog, opts);
                } else {
                    self.add(&a.input, Some((id, 0)), catalog, opts);
                }
                id
            }
            Node::Rank(r) if matches!(r.kind, RankKind::WindowRank | RankKind::WindowDeduplicate { .. }) => {
                let label = crate::plan::explain_line(rel, catalog);
                let in_types = r.input.types();
                let Some(w) = r.input.window.clone() else {
                    self.unsupported.get_or_insert_with(|| "this window Top-N".into());
                    return self.push(
                        OpNode::Values(ValuesOp::new(Vec::new())),
                        parent,
                        Self::info(OpKind::Values, label, false, Vec::new()),
                    );
                };
                let win_cols: Vec<usize> =
                    w.window_start.iter().chain(&w.window_end).chain(&w.window_time).copied().collect();
                let partition: Vec<usize> = r.partition.iter().copied().filter(|p| !win_cols.contains(p)).collect();
                let end_col = r.partition.iter().copied().find(|p| w.window_end.contains(p)).unwrap_or(w.window_end[0]);
                let (op, kind) = match &r.kind {
                    RankKind::WindowDeduplicate { keep_last } => {
                        let spec = WindowDeduplicateSpec {
                            window: w.spec,
                            end_col,
                            ltz: w.ltz,
                            partition,
                            time_col: r.order.first().map(|k| k.col).unwrap_or(0),
                            keep_last: *keep_last,
                            in_types,
                        };
                        (OpNode::WindowDeduplicate(WindowDeduplicateOp::new(spec)), OpKind::WindowDeduplicate)
                    }
                    _ => {
                        let (rank_start, rank_end) = match r.range {
                            PlanRankRange::Constant { start, end } => (start, end),
                            PlanRankRange::Variable { .. } => (1, 1),
                        };
                        let spec = WindowRankSpec {
                            window: w.spec,
                            end_col,
                            ltz: w.ltz,
                            partition,
                            order: r
                                .order
                                .iter()
                                .map(|k| SortKey { col: k.col, desc: k.desc, nulls_first: k.nulls_first })
                                .collect(),
                            rank_start,
                            rank_end,
                            with_rn: r.rn == RankNumber::Column,
                            in_types,
                            out_types: rel.types(),
                        };
                        (OpNode::WindowRank(WindowRankOp::new(spec)), OpKind::WindowRank)
                    }
                };
                let mut info = Self::info(kind, label, false, vec!["window".into()]);
                describe_rank(&mut info, r, Some(&win_cols));
                let id = self.push(op, parent, info);
                self.add(&r.input, Some((id, 0)), catalog, opts);
                id
            }
            Node::Over(_) | Node::Rank(_) => {
                // wired in the next commit
                self.unsupported.get_or_insert_with(|| "Top-N and deduplication".into());
                self.push(
                    OpNode::Values(ValuesOp::new(Vec::new())),
                    parent,
                    Self::info(OpKind::Values, String::new(), false, Vec::new()),
                )
            }
            Node::GroupAggregate(a) => {
                let in_types = a.input.types();
                let spec = GroupAggregateSpec {
                    group: a.group.clone(),
                    calls: a.calls.iter().zip(&a.call_retract).map(|(c, r)| CallSpec::new(c, &in_types, *r)).collect(),
                    retract: a.retract,
                    update_before: a.update_before,
                    ttl: a.ttl,
                    in_types,
                    out_types: rel.types(),
                };
                let label = crate::plan::explain_line(rel, catalog);
                let mut info = Self::info(OpKind::GroupAggregate, label, true, vec!["group".into()]);
                let names = a.input.names();
                info.keys = a.group.iter().map(|&g| names[g].clone()).collect();
                info.aggregate = Some(AggregateInfo {
                    calls: agg_calls(&a.calls, &names),
                    retract: a.retract,
                    window: None,
                    sliced: false,
                    two_phase: false,
                });
                let id = self.push(OpNode::GroupAggregate(GroupAggregateOp::new(spec)), parent, info);
                self.add(&a.input, Some((id, 0)), catalog, opts);
                id
            }
            Node::RegularJoin(_) => self.add_regular_join(rel, None, updating, parent, catalog, opts),
            Node::MultiJoin(_) => self.add_multi_join(rel, None, updating, parent, catalog, opts),
        }
    }

    fn add_regular_join(
        &mut self,
        rel: &Rel,
        project: Option<Vec<usize>>,
        updating: bool,
        parent: Option<(usize, usize)>,
        catalog: &Catalog,
        opts: &BuildOptions,
    ) -> usize {
        match &rel.node {
            Node::RegularJoin(j) => {
                let name_of = |r: &Rel| -> String { first_table(r).unwrap_or_else(|| "input".into()) };
                // a plain projection right below the join is done by the join as rows arrive
                let (left_in, left_proj) = match plain_projection(&j.left) {
                    Some((r, cols)) => (r, Some(cols)),
                    None => (&j.left, None),
                };
                let (right_in, right_proj) = match plain_projection(&j.right) {
                    Some((r, cols)) => (r, Some(cols)),
                    None => (&j.right, None),
                };
                let spec = RegularJoinSpec {
                    kind: j.kind,
                    left_keys: j.left_keys.clone(),
                    right_keys: j.right_keys.clone(),
                    null_safe: j.null_safe.clone(),
                    residual: j.residual.clone(),
                    left_spec: j.left_spec.clone(),
                    right_spec: j.right_spec.clone(),
                    left_types: j.left.types(),
                    right_types: j.right.types(),
                    left_ttl: j.left_ttl,
                    right_ttl: j.right_ttl,
                    input_names: [name_of(&j.left), name_of(&j.right)],
                    project,
                    input_project: [left_proj, right_proj],
                    tracing: opts.trace,
                };
                let label = crate::plan::explain::join_description(rel, true);
                let id = self.push(
                    OpNode::RegularJoin(RegularJoinOp::new(spec)),
                    parent,
                    Self::info(OpKind::RegularJoin, label, updating, vec!["left".into(), "right".into()]),
                );
                self.add(left_in, Some((id, 0)), catalog, opts);
                self.add(right_in, Some((id, 1)), catalog, opts);
                id
            }
            _ => self.add(rel, parent, catalog, opts),
        }
    }

    fn add_window_join(
        &mut self,
        rel: &Rel,
        project: Option<Vec<usize>>,
        parent: Option<(usize, usize)>,
        catalog: &Catalog,
        opts: &BuildOptions,
    ) -> usize {
        match &rel.node {
            Node::WindowJoin(j) => {
                let name_of = |r: &Rel| -> String { first_table(r).unwrap_or_else(|| "input".into()) };
                let spec = WindowJoinSpec {
                    kind: j.kind,
                    left_keys: j.left_keys.clone(),
                    right_keys: j.right_keys.clone(),
                    null_safe: j.null_safe.clone(),
                    residual: j.residual.clone(),
                    key_types: j.key_types.clone(),
                    left_win: j.left_win,
                    right_win: j.right_win,
                    ltz: j.left_window.ltz,
                    left_types: j.left.types(),
                    right_types: j.right.types(),
                    input_names: [name_of(&j.left), name_of(&j.right)],
                    project,
                };
                let label = format!(
                    "WindowJoin(joinType=[{}], window=[{}])",
                    j.kind.flink_name(),
                    j.left_window.spec.explain("window_time")
                );
                let id = self.push(
                    OpNode::WindowJoin(WindowJoinOp::new(spec)),
                    parent,
                    Self::info(OpKind::WindowJoin, label, false, vec!["left".into(), "right".into()]),
                );
                for (side, input) in [(0, &j.left), (1, &j.right)] {
                    // untraced, the join runs a windowing TVF right below it itself
                    match window_tvf_input(input).filter(|_| opts.fuse) {
                        Some((below, tvf)) => {
                            if let OpNode::WindowJoin(wj) = &mut self.ops[id] {
                                wj.set_window_tvf(side, tvf);
                            }
                            self.add(below, Some((id, side)), catalog, opts);
                        }
                        None => {
                            self.add(input, Some((id, side)), catalog, opts);
                        }
                    }
                }
                id
            }
            _ => self.add(rel, parent, catalog, opts),
        }
    }

    fn add_multi_join(
        &mut self,
        rel: &Rel,
        project: Option<Vec<usize>>,
        updating: bool,
        parent: Option<(usize, usize)>,
        catalog: &Catalog,
        opts: &BuildOptions,
    ) -> usize {
        match &rel.node {
            Node::MultiJoin(m) => {
                let sides = side_names(m);
                let spec = MultiJoinSpec {
                    kinds: m.kinds.clone(),
                    conditions: m.conditions.clone(),
                    key_cols: m.key_cols.clone(),
                    specs: m.specs.clone(),
                    types: m.inputs.iter().map(|r| r.types()).collect(),
                    ttls: m.ttls.clone(),
                    input_names: sides.clone(),
                    project,
                };
                let label = crate::plan::explain_line(rel, catalog);
                let id = self.push(
                    OpNode::MultiJoin(MultiJoinOp::new(spec)),
                    parent,
                    Self::info(OpKind::MultiJoin, label, updating, sides),
                );
                for (i, input) in m.inputs.iter().enumerate() {
                    self.add(input, Some((id, i)), catalog, opts);
                }
                id
            }
            _ => self.add(rel, parent, catalog, opts),
        }
    }
}

/// A window join's input that is a windowing TVF, as [`Graph::add`] builds it (under a `SELECT *`,
/// or under a plain projection the TVF does): the TVF's input, and the TVF as an operator the
/// join can run itself.
fn window_tvf_input(rel: &Rel) -> Option<(&Rel, WindowTvfOp)> {
    match &rel.node {
        Node::Calc { input, filter: None, project } if select_star(input, project) => window_tvf_input(input),
        Node::Calc { input, filter: None, project }
            if matches!(input.node, Node::WindowTvf { .. }) && project.iter().all(|e| e.as_input().is_some()) =>
        {
            let (below, mut tvf) = window_tvf_input(input)?;
            tvf.project = Some(project.iter().filter_map(|e| e.as_input()).collect());
            Some((below, tvf))
        }
        Node::WindowTvf { input, spec, time_col, ltz, .. } => {
            Some((&**input, WindowTvfOp::new(*spec, *time_col, *ltz, input.types())))
        }
        _ => None,
    }
}

/// A fused window aggregation's input without its window TVF (the aggregation assigns the
/// windows itself): the projections above the TVF read NULL for the TVF's window columns.
fn strip_window_tvf(rel: &Rel) -> Rel {
    match &rel.node {
        Node::WindowTvf { input, .. } => (**input).clone(),
        Node::Calc { input, filter, project } => {
            let below = strip_window_tvf(input);
            let width = below.fields.len();
            let fix = |e: &crate::expr::Expr| -> crate::expr::Expr {
                match e {
                    crate::expr::Expr::Input { index, ty } if *index >= width => {
                        crate::expr::Expr::literal(crate::value::Value::Null, ty.with_nullable(true))
                    }
                    other => other.clone(),
                }
            };
            let project: Vec<crate::expr::Expr> = project.iter().map(fix).collect();
            let filter = filter.as_ref().map(fix);
            let names = rel.names();
            let mut out = crate::plan::rel::calc(below, filter, project, names);
            out.fields = rel.fields.clone();
            out
        }
        _ => rel.clone(),
    }
}

/// A MultiJoin's inputs as the state view names them: the table, or its alias when the same
/// table is joined more than once.
fn side_names(m: &crate::plan::MultiJoinNode) -> Vec<String> {
    let tables: Vec<Option<String>> = m.inputs.iter().map(first_table).collect();
    tables
        .iter()
        .enumerate()
        .map(|(i, t)| {
            let repeated = t.is_some() && tables.iter().filter(|x| *x == t).count() > 1;
            match (t, m.names.get(i).cloned().flatten()) {
                (Some(_), Some(alias)) if repeated => alias,
                (Some(t), _) => t.clone(),
                (None, Some(alias)) => alias,
                (None, None) => format!("input {}", i),
            }
        })
        .collect()
}

/// The first table a relation reads (its leftmost scan): how the state view names a join input.
fn first_table(r: &Rel) -> Option<String> {
    match &r.node {
        Node::Scan { name, .. } => Some(name.clone()),
        node => node.inputs().first().and_then(|i| first_table(i)),
    }
}
