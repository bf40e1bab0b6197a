//! Column pruning (Flink's projection push-down): a regular or multi-way join keeps only the
//! columns the rest of the query reads (its keys, its condition, what is selected above it).
//!
//! This is not only about speed: an input without a unique key is held as a multiset of
//! *pruned* rows, so two rows that differ only in an unread column are one row held twice, and
//! a retraction removes one copy — as in Flink. (Without pruning, an unread column such as the
//! `$rowtime` system column, which differs between a row and its retraction, would keep the
//! retraction from finding its row.)
//!
//! Window TVFs keep their time column and append their window columns after what is left of
//! their input; window joins keep both sides' window bounds.

use super::explain::join_description;
use super::rel::{calc, input_spec, join_window};
use super::rel::{Node, Rel};
use crate::expr::Expr;

/// `map[old column] = Some(new column)` for the columns a pruned relation kept.
pub type ColumnMap = Vec<Option<usize>>;

fn identity(n: usize) -> ColumnMap {
    (0..n).map(Some).collect()
}

fn used_by(e: &Expr, out: &mut [bool]) {
    let mut cols = Vec::new();
    e.inputs(&mut cols);
    for c in cols {
        if let Some(x) = out.get_mut(c) {
            *x = true;
        }
    }
}

/// A lookup join's conjunct that reads only the table's columns (Flink's `where=[…]`, a calc on
/// the looked-up rows): itself over the table's columns.
pub fn lookup_where(c: &Expr, nl: usize) -> Option<Expr> {
    let mut cols = Vec::new();
    c.inputs(&mut cols);
    cols.iter().all(|&i| i >= nl).then(|| c.remap(&|i| i.saturating_sub(nl)))
}

fn remap(e: &Expr, map: &ColumnMap) -> Expr {
    e.remap(&|i| map.get(i).copied().flatten().unwrap_or(i))
}

/// Prunes the tree under the root: every column of the root is needed. Then the aggregate calls
/// nobody reads: Flink pushes projections into the sources before `PruneAggregateCallRule`
/// runs, so the columns a source (and a ChangelogNormalize) reads are those of the unpruned
/// calls (an update of a column only a pruned call read still passes a ChangelogNormalize).
pub fn prune_root(rel: Rel) -> Rel {
    let need = vec![true; rel.fields.len()];
    prune_calls(prune(rel, &need).0)
}

/// [`prune_aggregate_calls`] under every Calc of the tree.
fn prune_calls(rel: Rel) -> Rel {
    let rel = rel.map_inputs(&mut prune_calls);
    let Rel { node, fields, insert_only, update_producer, window, unique_keys } = rel;
    match node {
        Node::Calc { input, filter, mut project } => {
            let mut need = vec![false; input.fields.len()];
            for e in &project {
                used_by(e, &mut need);
            }
            if let Some(f) = &filter {
                used_by(f, &mut need);
            }
            let (input, map) = prune_aggregate_calls(*input, &need);
            let filter = match map {
                Some(m) => {
                    for p in project.iter_mut() {
                        *p = remap(p, &m);
                    }
                    filter.map(|f| remap(&f, &m))
                }
                None => filter,
            };
            Rel {
                node: Node::Calc { input: Box::new(input), filter, project },
                fields,
                insert_only,
                update_producer,
                window,
                unique_keys,
            }
        }
        node => Rel { node, fields, insert_only, update_producer, window, unique_keys },
    }
}

/// Flink's `PruneAggregateCallRule` (a Project or Calc right on an Aggregate): the calls of a
/// group or window aggregation that the Calc above does not read are dropped, so they neither
/// run nor make the aggregation emit (`-U`/`+U` pairs when only an unread call changed). Not for
/// grouping sets (the rule wants a SIMPLE group); an aggregation without keys keeps one call.
/// Returns the map of the aggregation's columns when it dropped any.
fn prune_aggregate_calls(rel: Rel, need: &[bool]) -> (Rel, Option<ColumnMap>) {
    let n = rel.fields.len();
    let unread = |ncalls: usize, first: usize| -> Vec<usize> {
        (0..ncalls).filter(|&j| !need.get(first + j).copied().unwrap_or(true)).collect()
    };
    let (first, ncalls, keyless) = match &rel.node {
        Node::GroupAggregate(a) if !over_expand(&a.input) => (a.group.len(), a.calls.len(), a.group.is_empty()),
        Node::WindowAggregate(a) => (a.group.len(), a.calls.len(), false),
        _ => return (rel, None),
    };
    let mut drop = unread(ncalls, first);
    if drop.is_empty() || (keyless && ncalls == 1) {
        return (rel, None);
    }
    if keyless && drop.len() == ncalls {
        drop.remove(0);
    }
    let mut map: ColumnMap = vec![None; n];
    let mut next = 0;
    for (i, m) in map.iter_mut().enumerate() {
        if i >= first && i < first + ncalls && drop.contains(&(i - first)) {
            continue;
        }
        *m = Some(next);
        next += 1;
    }
    let keep_call = |j: &usize| !drop.contains(j);
    let fields: Vec<_> = (0..n).filter(|&i| map[i].is_some()).map(|i| rel.fields[i].clone()).collect();
    let re = |cols: &[usize]| -> Vec<usize> { cols.iter().filter_map(|&c| map.get(c).copied().flatten()).collect() };
    let unique_keys = rel.unique_keys.iter().map(|k| re(k)).collect();
    let window = rel.window.clone().map(|p| super::rel::WindowProps {
        window_start: re(&p.window_start),
        window_end: re(&p.window_end),
        window_time: re(&p.window_time),
        ..p
    });
    let (node, update_producer) = match rel.node {
        Node::GroupAggregate(mut a) => {
            a.calls = a.calls.into_iter().enumerate().filter(|(j, _)| keep_call(j)).map(|(_, c)| c).collect();
            a.call_retract =
                a.call_retract.into_iter().enumerate().filter(|(j, _)| keep_call(j)).map(|(_, c)| c).collect();
            let producer = super::explain::group_aggregate_line(&a, &fields);
            (Node::GroupAggregate(a), Some(producer))
        }
        Node::WindowAggregate(mut a) => {
            a.calls = a.calls.into_iter().enumerate().filter(|(j, _)| keep_call(j)).map(|(_, c)| c).collect();
            a.call_retract =
                a.call_retract.into_iter().enumerate().filter(|(j, _)| keep_call(j)).map(|(_, c)| c).collect();
            a.two_phase = !a.one_phase && super::bind::window_aggregate::mergeable(&a.calls);
            (Node::WindowAggregate(a), rel.update_producer)
        }
        other => (other, rel.update_producer),
    };
    (Rel { node, fields, unique_keys, window, update_producer, ..rel }, Some(map))
}

/// The aggregation of grouping sets reads an `Expand` (through its projection).
fn over_expand(rel: &Rel) -> bool {
    match &rel.node {
        Node::Expand { .. } => true,
        Node::Calc { input, .. } => over_expand(input),
        _ => false,
    }
}

/// Prunes `rel` given which of its output columns are needed; the result may keep more.
fn prune(rel: Rel, need: &[bool]) -> (Rel, ColumnMap) {
    let n = rel.fields.len();
    match rel.node {
        Node::Calc { input, filter, project } => {
            let keep: Vec<usize> = (0..project.len()).filter(|&i| need.get(i).copied().unwrap_or(true)).collect();
            let mut input_need = vec![false; input.fields.len()];
            for &i in &keep {
                used_by(&project[i], &mut input_need);
            }
            if let Some(f) = &filter {
                used_by(f, &mut input_need);
            }
            let (child, cmap) = prune(*input, &input_need);
            let new_project: Vec<Expr> = keep.iter().map(|&i| remap(&project[i], &cmap)).collect();
            let names: Vec<String> = keep.iter().map(|&i| rel.fields[i].name.clone()).collect();
            let new_filter = filter.as_ref().map(|f| remap(f, &cmap));
            let mut out = calc(child, new_filter, new_project, names);
            // keep the declared types (nullability decided by the binder)
            for (k, &i) in keep.iter().enumerate() {
                out.fields[k].ty = rel.fields[i].ty.clone();
            }
            let mut map = vec![None; n];
            for (k, &i) in keep.iter().enumerate() {
                map[i] = Some(k);
            }
            (out, map)
        }
        Node::RegularJoin(mut j) => {
            let extra = JoinColumns {
                left_keys: &j.left_keys,
                right_keys: &j.right_keys,
                residual: j.residual.as_ref(),
                also: [Vec::new(), Vec::new()],
            };
            let p = prune_inputs(
                std::mem::replace(&mut j.left, Rel::placeholder()),
                std::mem::replace(&mut j.right, Rel::placeholder()),
                need,
                n,
                j.kind.projects_right(),
                &extra,
            );
            j.left_keys = j.left_keys.iter().map(|&k| p.lmap[k].unwrap_or(k)).collect();
            j.right_keys = j.right_keys.iter().map(|&k| p.rmap[k].unwrap_or(k)).collect();
            j.residual = j.residual.as_ref().map(|r| remap(r, &p.both_map));
            j.left_spec = input_spec(&p.left, &j.left_keys);
            j.right_spec = input_spec(&p.right, &j.right_keys);
            let fields = (0..n).filter(|&i| p.map[i].is_some()).map(|i| rel.fields[i].clone()).collect();
            j.left = p.left;
            j.right = p.right;
            let unique_keys = rel
                .unique_keys
                .iter()
                .filter_map(|k| k.iter().map(|&c| p.map.get(c).copied().flatten()).collect::<Option<Vec<usize>>>())
                .collect();
            let mut out = Rel { node: Node::RegularJoin(j), fields, unique_keys, ..rel };
            out.update_producer = Some(join_description(&out, false));
            (out, p.map)
        }
        Node::GroupAggregate(mut a) => {
            // an aggregation keeps its output (its calls decide what it emits): it needs its
            // keys and the calls' arguments
            let mut input_need = vec![false; a.input.fields.len()];
            for &g in &a.group {
                input_need[g] = true;
            }
            for c in &a.calls {
                for &x in c.args.iter().chain(c.filter.iter()) {
                    input_need[x] = true;
                }
            }
            let input = std::mem::replace(&mut a.input, Rel::placeholder());
            let (child, cmap) = prune(input, &input_need);
            let m = |i: usize| cmap.get(i).copied().flatten().unwrap_or(i);
            a.group = a.group.iter().map(|&g| m(g)).collect();
            for c in a.calls.iter_mut() {
                c.args = c.args.iter().map(|&x| m(x)).collect();
                c.filter = c.filter.map(m);
            }
            a.input = child;
            (Rel { node: Node::GroupAggregate(a), ..rel }, identity(n))
        }
        Node::MultiJoin(mut m) => {
            let mut needs: Vec<Vec<bool>> = m.inputs.iter().map(|r| vec![false; r.fields.len()]).collect();
            let total: usize = m.inputs.iter().map(|r| r.fields.len()).sum();
            let mut all = vec![false; total];
            for (i, &x) in need.iter().enumerate() {
                if x && i < total {
                    all[i] = true;
                }
            }
            for c in m.conditions.iter().flatten() {
                used_by(c, &mut all);
            }
            for (i, &k) in m.key_cols.iter().enumerate() {
                all[m.offsets[i] + k] = true;
            }
            for (i, nd) in needs.iter_mut().enumerate() {
                for (c, x) in nd.iter_mut().enumerate() {
                    *x = all[m.offsets[i] + c];
                }
            }
            let mut map: ColumnMap = vec![None; total];
            let mut new_inputs = Vec::new();
            let mut new_offsets = Vec::new();
            let mut offset = 0;
            for (i, input) in std::mem::take(&mut m.inputs).into_iter().enumerate() {
                let (r, imap) = narrow(input, &needs[i]);
                for (c, x) in imap.iter().enumerate() {
                    map[m.offsets[i] + c] = x.map(|y| offset + y);
                }
                m.key_cols[i] = imap[m.key_cols[i]].unwrap_or(m.key_cols[i]);
                new_offsets.push(offset);
                offset += r.fields.len();
                new_inputs.push(r);
            }
            m.conditions = m.conditions.iter().map(|c| c.as_ref().map(|e| remap(e, &map))).collect();
            m.specs = new_inputs.iter().zip(&m.key_cols).map(|(r, &k)| input_spec(r, &[k])).collect();
            m.inputs = new_inputs;
            m.offsets = new_offsets;
            let fields = (0..n).filter(|&i| map[i].is_some()).map(|i| rel.fields[i].clone()).collect();
            let out = Rel { node: Node::MultiJoin(m), fields, unique_keys: Vec::new(), ..rel };
            (out, map)
        }
        Node::ChangelogNormalize { input, key, ttl_enabled, condition } => {
            // the normalize keeps each key's last row: it needs the key, its condition's
            // columns and what is read above
            let mut input_need: Vec<bool> =
                (0..input.fields.len()).map(|i| need.get(i).copied().unwrap_or(true)).collect();
            for &k in &key {
                input_need[k] = true;
            }
            if let Some(c) = &condition {
                used_by(c, &mut input_need);
            }
            let (child, cmap) = narrow(*input, &input_need);
            let key = key.iter().map(|&k| cmap[k].unwrap_or(k)).collect();
            let condition = condition.as_ref().map(|c| remap(c, &cmap));
            let fields = (0..n).filter(|&i| cmap[i].is_some()).map(|i| rel.fields[i].clone()).collect();
            let unique_keys = rel
                .unique_keys
                .iter()
                .filter_map(|k| k.iter().map(|&c| cmap.get(c).copied().flatten()).collect::<Option<Vec<usize>>>())
                .collect();
            let node = Node::ChangelogNormalize { input: Box::new(child), key, ttl_enabled, condition };
            (Rel { node, fields, unique_keys, ..rel }, cmap)
        }
        Node::WindowJoin(mut j) => {
            let extra = JoinColumns {
                left_keys: &j.left_keys,
                right_keys: &j.right_keys,
                residual: j.residual.as_ref(),
                also: [vec![j.left_win.0, j.left_win.1], vec![j.right_win.0, j.right_win.1]],
            };
            let p = prune_inputs(
                std::mem::replace(&mut j.left, Rel::placeholder()),
                std::mem::replace(&mut j.right, Rel::placeholder()),
                need,
                n,
                j.kind.projects_right(),
                &extra,
            );
            let (Some(lw), Some(rw)) = (p.left.window.clone(), p.right.window.clone()) else {
                // the window columns did not survive (cannot happen: they are needed); keep all
                j.left = p.left;
                j.right = p.right;
                return (Rel { node: Node::WindowJoin(j), ..rel }, identity(n));
            };
            j.left_keys = j.left_keys.iter().map(|&k| p.lmap[k].unwrap_or(k)).collect();
            j.right_keys = j.right_keys.iter().map(|&k| p.rmap[k].unwrap_or(k)).collect();
            j.residual = j.residual.as_ref().map(|r| remap(r, &p.both_map));
            let at = |m: &ColumnMap, (s, e): (usize, usize)| (m[s].unwrap_or(s), m[e].unwrap_or(e));
            j.left_win = at(&p.lmap, j.left_win);
            j.right_win = at(&p.rmap, j.right_win);
            j.left_window = lw;
            j.right_window = rw;
            j.left = p.left;
            j.right = p.right;
            let fields: Vec<_> = (0..n).filter(|&i| p.map[i].is_some()).map(|i| rel.fields[i].clone()).collect();
            let window = Some(join_window(&j.left_window, &j.right_window, j.left.fields.len(), fields.len()));
            (Rel { node: Node::WindowJoin(j), fields, window, ..rel }, p.map)
        }
        Node::IntervalJoin(mut j) => {
            let extra = JoinColumns {
                left_keys: &j.left_keys,
                right_keys: &j.right_keys,
                residual: j.residual.as_ref(),
                also: [vec![j.bounds.left_time], vec![j.bounds.right_time]],
            };
            let p = prune_inputs(
                std::mem::replace(&mut j.left, Rel::placeholder()),
                std::mem::replace(&mut j.right, Rel::placeholder()),
                need,
                n,
                true,
                &extra,
            );
            j.left_keys = j.left_keys.iter().map(|&k| p.lmap[k].unwrap_or(k)).collect();
            j.right_keys = j.right_keys.iter().map(|&k| p.rmap[k].unwrap_or(k)).collect();
            j.residual = j.residual.as_ref().map(|r| remap(r, &p.both_map));
            j.condition = j.condition.as_ref().map(|r| remap(r, &p.both_map));
            j.bounds.left_time = p.lmap[j.bounds.left_time].unwrap_or(j.bounds.left_time);
            j.bounds.right_time = p.rmap[j.bounds.right_time].unwrap_or(j.bounds.right_time);
            j.left = p.left;
            j.right = p.right;
            let fields: Vec<_> = (0..n).filter(|&i| p.map[i].is_some()).map(|i| rel.fields[i].clone()).collect();
            (Rel { node: Node::IntervalJoin(j), fields, ..rel }, p.map)
        }
        Node::TemporalJoin(mut j) => {
            let extra = JoinColumns {
                left_keys: &j.left_keys,
                right_keys: &j.right_keys,
                residual: j.condition.as_ref(),
                also: [vec![j.left_time], [vec![j.right_time], j.primary_key.clone()].concat()],
            };
            let p = prune_inputs(
                std::mem::replace(&mut j.left, Rel::placeholder()),
                std::mem::replace(&mut j.right, Rel::placeholder()),
                need,
                n,
                true,
                &extra,
            );
            j.left_keys = j.left_keys.iter().map(|&k| p.lmap[k].unwrap_or(k)).collect();
            j.right_keys = j.right_keys.iter().map(|&k| p.rmap[k].unwrap_or(k)).collect();
            j.primary_key = j.primary_key.iter().map(|&k| p.rmap[k].unwrap_or(k)).collect();
            j.residual = j.residual.as_ref().map(|r| remap(r, &p.both_map));
            j.condition = j.condition.as_ref().map(|r| remap(r, &p.both_map));
            j.left_time = p.lmap[j.left_time].unwrap_or(j.left_time);
            j.right_time = p.rmap[j.right_time].unwrap_or(j.right_time);
            j.left = p.left;
            j.right = p.right;
            let fields: Vec<_> = (0..n).filter(|&i| p.map[i].is_some()).map(|i| rel.fields[i].clone()).collect();
            (Rel { node: Node::TemporalJoin(j), fields, ..rel }, p.map)
        }
        Node::LookupJoin(mut j) => {
            // the lookup function returns whole rows (no projection push-down): the table side
            // keeps every column; the probe keeps what the keys, the condition and the output read
            let nr = j.right.fields.len();
            let mut extra_left = Vec::new();
            for e in &j.key_exprs {
                e.inputs(&mut extra_left);
            }
            let all_right: Vec<usize> = (0..nr).collect();
            let nl = j.left.fields.len();
            let mut used: Vec<bool> = (0..nr).map(|i| need.get(nl + i).copied().unwrap_or(true)).collect();
            let mut both = vec![false; nl + nr];
            if let Some(r) = &j.residual {
                let rest: Vec<Expr> =
                    r.clone().conjuncts().into_iter().filter(|c| lookup_where(c, nl).is_none()).collect();
                for c in &rest {
                    used_by(c, &mut both);
                }
            }
            for (i, u) in used.iter_mut().enumerate() {
                *u |= both[nl + i];
            }
            for (c, e) in j.key_cols.iter().zip(&j.key_exprs) {
                if !matches!(e, Expr::Literal { .. }) {
                    if let Some(u) = used.get_mut(*c) {
                        *u = true;
                    }
                }
            }
            j.right_used = used;
            let extra = JoinColumns {
                left_keys: &extra_left,
                right_keys: &all_right,
                residual: j.condition.as_ref(),
                also: [Vec::new(), Vec::new()],
            };
            let p = prune_inputs(
                std::mem::replace(&mut j.left, Rel::placeholder()),
                std::mem::replace(&mut j.right, Rel::placeholder()),
                need,
                n,
                true,
                &extra,
            );
            j.key_exprs = j.key_exprs.iter().map(|e| remap(e, &p.lmap)).collect();
            j.residual = j.residual.as_ref().map(|r| remap(r, &p.both_map));
            j.condition = j.condition.as_ref().map(|r| remap(r, &p.both_map));
            j.left = p.left;
            j.right = p.right;
            let fields: Vec<_> = (0..n).filter(|&i| p.map[i].is_some()).map(|i| rel.fields[i].clone()).collect();
            (Rel { node: Node::LookupJoin(j), fields, ..rel }, p.map)
        }
        Node::WindowTvf { input, spec, time_col, ltz, proctime } => {
            let n_in = input.fields.len();
            let mut input_need: Vec<bool> = (0..n_in).map(|i| need.get(i).copied().unwrap_or(true)).collect();
            input_need[time_col] = true;
            let (child, cmap) = narrow(*input, &input_need);
            let w = child.fields.len();
            let mut map: ColumnMap = vec![None; n];
            map[..n_in].copy_from_slice(&cmap[..n_in]);
            for k in 0..n.saturating_sub(n_in) {
                map[n_in + k] = Some(w + k);
            }
            let mut fields: Vec<_> = child.fields.clone();
            fields.extend(rel.fields[n_in..].iter().cloned());
            let window = rel.window.clone().map(|p| super::rel::WindowProps {
                window_start: vec![w],
                window_end: vec![w + 1],
                window_time: vec![w + 2],
                ..p
            });
            let unique_keys = rel
                .unique_keys
                .iter()
                .filter_map(|k| k.iter().map(|&c| map.get(c).copied().flatten()).collect::<Option<Vec<usize>>>())
                .collect();
            let time_col = cmap[time_col].unwrap_or(time_col);
            let out = Rel {
                node: Node::WindowTvf { input: Box::new(child), spec, time_col, ltz, proctime },
                fields,
                window,
                unique_keys,
                ..rel
            };
            (out, map)
        }
        node @ (Node::Scan { .. } | Node::Values { .. }) => (Rel { node, ..rel }, identity(n)),
        Node::Union { inputs } => {
            // every branch keeps the same columns, in the same places
            let kept: Vec<usize> = (0..n).filter(|&i| need.get(i).copied().unwrap_or(true)).collect();
            let mut map: ColumnMap = vec![None; n];
            for (k, &i) in kept.iter().enumerate() {
                map[i] = Some(k);
            }
            let inputs: Vec<Rel> = inputs
                .into_iter()
                .map(|r| {
                    let (child, cmap) = prune(r, need);
                    let project: Vec<Expr> = kept
                        .iter()
                        .map(|&i| {
                            let c = cmap.get(i).copied().flatten().unwrap_or(i);
                            Expr::input(c, child.fields[c].ty.clone())
                        })
                        .collect();
                    let names: Vec<String> = kept.iter().map(|&i| rel.fields[i].name.clone()).collect();
                    let identity = project.len() == child.fields.len()
                        && project.iter().enumerate().all(|(i, e)| e.as_input() == Some(i));
                    if identity {
                        child
                    } else {
                        calc(child, None, project, names)
                    }
                })
                .collect();
            let fields = kept.iter().map(|&i| rel.fields[i].clone()).collect();
            let window = rel.window.clone().and_then(|p| {
                let re = |cols: &[usize]| -> Vec<usize> {
                    cols.iter().filter_map(|&c| map.get(c).copied().flatten()).collect()
                };
                let (s, e) = (re(&p.window_start), re(&p.window_end));
                (!s.is_empty() && !e.is_empty()).then(|| super::rel::WindowProps {
                    window_start: s,
                    window_end: e,
                    window_time: re(&p.window_time),
                    ..p
                })
            });
            (Rel { node: Node::Union { inputs }, fields, window, unique_keys: Vec::new(), ..rel }, map)
        }
        Node::WindowAggregate(mut a) => {
            // as a group aggregation: keys, window columns and arguments
            let mut input_need = vec![false; a.input.fields.len()];
            for &g in a.group.iter().chain([&a.start_col, &a.end_col]).chain(a.time_col.iter()) {
                input_need[g] = true;
            }
            for c in &a.calls {
                for &x in c.args.iter().chain(c.filter.iter()) {
                    input_need[x] = true;
                }
            }
            let input = std::mem::replace(&mut a.input, Rel::placeholder());
            let (child, cmap) = prune(input, &input_need);
            let m = |i: usize| cmap.get(i).copied().flatten().unwrap_or(i);
            a.group = a.group.iter().map(|&g| m(g)).collect();
            a.start_col = m(a.start_col);
            a.end_col = m(a.end_col);
            a.time_col = a.time_col.map(m);
            for c in a.calls.iter_mut() {
                c.args = c.args.iter().map(|&x| m(x)).collect();
                c.filter = c.filter.map(m);
            }
            if let Some(w) = child.window.clone() {
                a.window = w;
            }
            a.input = child;
            (Rel { node: Node::WindowAggregate(a), ..rel }, identity(n))
        }
        Node::Over(mut o) => {
            // (rejected after pruning: nothing to narrow)
            let all = vec![true; o.input.fields.len()];
            let input = std::mem::replace(&mut o.input, Rel::placeholder());
            o.input = prune(input, &all).0;
            (Rel { node: Node::Over(o), ..rel }, identity(n))
        }
        Node::Rank(mut r) => {
            // the Top-N needs its partition and sort keys and what is read above; the rank number
            // is computed only when something reads it (a constant one is put back by a Calc)
            let n_in = r.input.fields.len();
            let mut input_need: Vec<bool> = (0..n_in).map(|i| need.get(i).copied().unwrap_or(true)).collect();
            for &p in &r.partition {
                input_need[p] = true;
            }
            for k in &r.order {
                input_need[k.col] = true;
            }
            if let super::rel::RankRange::Variable { end_col } = r.range {
                input_need[end_col] = true;
            }
            let input = std::mem::replace(&mut r.input, Rel::placeholder());
            let (child, cmap) = narrow(input, &input_need);
            let m = |c: usize| cmap.get(c).copied().flatten().unwrap_or(c);
            r.partition = r.partition.iter().map(|&p| m(p)).collect();
            for k in r.order.iter_mut() {
                k.col = m(k.col);
            }
            if let super::rel::RankRange::Variable { end_col } = &mut r.range {
                *end_col = m(*end_col);
            }
            let w = child.fields.len();
            let has_rn = rel.fields.len() > n_in;
            let rn_needed = has_rn && need.get(n_in).copied().unwrap_or(true);
            let mut map: ColumnMap = vec![None; n];
            map[..n_in.min(n)].copy_from_slice(&cmap[..n_in.min(n)]);
            let mut fields: Vec<_> = child.fields.clone();
            let constant = match r.rn {
                super::rel::RankNumber::Column if rn_needed => {
                    map[n_in] = Some(w);
                    fields.push(rel.fields[n_in].clone());
                    None
                }
                super::rel::RankNumber::Constant(v) if rn_needed => {
                    r.rn = super::rel::RankNumber::Unused;
                    Some(v)
                }
                _ => {
                    r.rn = super::rel::RankNumber::Unused;
                    None
                }
            };
            let window = rel.window.clone().and_then(|p| {
                let re = |cols: &[usize]| -> Vec<usize> {
                    cols.iter().filter_map(|&c| map.get(c).copied().flatten()).collect()
                };
                let (s, e) = (re(&p.window_start), re(&p.window_end));
                (!s.is_empty() && !e.is_empty()).then(|| super::rel::WindowProps {
                    window_start: s,
                    window_end: e,
                    window_time: re(&p.window_time),
                    ..p
                })
            });
            let unique_keys = rel
                .unique_keys
                .iter()
                .filter_map(|k| k.iter().map(|&c| map.get(c).copied().flatten()).collect::<Option<Vec<usize>>>())
                .collect();
            r.input = child;
            let rn_field = rel.fields.get(n_in).cloned();
            let out = Rel { node: Node::Rank(r), fields, window, unique_keys, ..rel };
            match constant {
                Some(v) => {
                    // `rn = 1` read above: the constant after the operator
                    let mut project: Vec<Expr> =
                        out.fields.iter().enumerate().map(|(i, f)| Expr::input(i, f.ty.clone())).collect();
                    project.push(super::rank::constant(v));
                    let mut names = out.names();
                    names.push(rn_field.map(|f| f.name).unwrap_or_else(|| "rn".into()));
                    map[n_in] = Some(w);
                    (calc(out, None, project, names), map)
                }
                None => (out, map),
            }
        }
        Node::Search(mut j) => {
            // the store holds whole rows; the probe side keeps every column (they are output)
            let all = vec![true; j.left.fields.len()];
            let (child, _) = prune(j.left, &all);
            j.left = child;
            (Rel { node: Node::Search(j), ..rel }, identity(n))
        }
        Node::Ptf(p) => {
            // the function reads its tables' rows by name: keep every column
            (Rel { node: Node::Ptf(p), ..rel }, identity(n))
        }
        Node::Correlate(mut c) => {
            // the collection reads the input's columns, the output carries them all
            let all = vec![true; c.input.fields.len()];
            let (child, _) = prune(c.input, &all);
            c.input = child;
            (Rel { node: Node::Correlate(c), ..rel }, identity(n))
        }
        Node::Expand { input, projects } => {
            // each output column is its input column (or NULL, or the set id): keep them all
            let all = vec![true; input.fields.len()];
            let (child, _) = prune(*input, &all);
            (Rel { node: Node::Expand { input: Box::new(child), projects }, ..rel }, identity(n))
        }
    }
}

/// What a two-input join reads of its inputs besides its output columns.
struct JoinColumns<'a> {
    left_keys: &'a [usize],
    right_keys: &'a [usize],
    residual: Option<&'a Expr>,
    /// Other columns each side must keep: window joins' window_start / window_end, interval
    /// joins' time attributes.
    also: [Vec<usize>; 2],
}

/// Two join inputs pruned to what the join and its output need.
struct PrunedInputs {
    left: Rel,
    right: Rel,
    lmap: ColumnMap,
    rmap: ColumnMap,
    /// Old output column → new one.
    map: ColumnMap,
    /// Old column of (left ++ right) → new one.
    both_map: ColumnMap,
}

fn prune_inputs(
    left: Rel,
    right: Rel,
    need: &[bool],
    n: usize,
    projects_right: bool,
    extra: &JoinColumns,
) -> PrunedInputs {
    let nl = left.fields.len();
    let nr = right.fields.len();
    let mut lneed = vec![false; nl];
    let mut rneed = vec![false; nr];
    for (i, &x) in need.iter().enumerate() {
        if x {
            if i < nl {
                lneed[i] = true;
            } else if i - nl < nr {
                rneed[i - nl] = true;
            }
        }
    }
    for &k in extra.left_keys {
        lneed[k] = true;
    }
    for &k in extra.right_keys {
        rneed[k] = true;
    }
    for &c in &extra.also[0] {
        lneed[c] = true;
    }
    for &c in &extra.also[1] {
        rneed[c] = true;
    }
    if let Some(r) = extra.residual {
        let mut both = vec![false; nl + nr];
        used_by(r, &mut both);
        for (i, x) in lneed.iter_mut().enumerate() {
            *x |= both[i];
        }
        for (i, x) in rneed.iter_mut().enumerate() {
            *x |= both[nl + i];
        }
    }
    let (left, lmap) = narrow(left, &lneed);
    let (right, rmap) = narrow(right, &rneed);
    let new_nl = left.fields.len();
    let mut map: ColumnMap = vec![None; n];
    map[..nl.min(n)].copy_from_slice(&lmap[..nl.min(n)]);
    if projects_right {
        for i in 0..nr {
            if nl + i < n {
                map[nl + i] = rmap[i].map(|x| new_nl + x);
            }
        }
    }
    let mut both_map: ColumnMap = lmap.clone();
    both_map.extend(rmap.iter().map(|x| x.map(|y| new_nl + y)));
    PrunedInputs { left, right, lmap, rmap, map, both_map }
}

/// Prunes a join input and, when it still carries columns nobody reads, projects them away.
fn narrow(rel: Rel, need: &[bool]) -> (Rel, ColumnMap) {
    let (r, map) = prune(rel, need);
    let kept: Vec<usize> = (0..need.len()).filter(|&i| need[i]).collect();
    let width = r.fields.len();
    if kept.len() == width {
        return (r, map);
    }
    let project: Vec<Expr> =
        kept.iter().map(|&i| Expr::input(map[i].unwrap_or(i), r.fields[map[i].unwrap_or(i)].ty.clone())).collect();
    let names: Vec<String> = kept.iter().map(|&i| r.fields[map[i].unwrap_or(i)].name.clone()).collect();
    let out = calc(r, None, project, names);
    let mut m = vec![None; need.len()];
    for (k, &i) in kept.iter().enumerate() {
        m[i] = Some(k);
    }
    (out, m)
}
