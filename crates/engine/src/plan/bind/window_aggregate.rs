//! Window aggregation (`GROUP BY window_start, window_end, …` over a window TVF), planned
//! where Flink's `StreamPhysicalWindowAggregateRule` plans one: the output layout (keys, calls,
//! window columns), fused with the TVF or attached to its window columns, one or two phases, and
//! the checks Flink's code generation makes on the calls (run after pruning, see
//! `plan::passes`).

use super::Binder;
use crate::error::{Error, Result};
use crate::expr::aggregate::{AggCall, AggFunc};
use crate::expr::Expr;
use crate::plan::rel::{calc, Field, Node, Rel, WindowAggregateNode, WindowProp, WindowProps};
use crate::time::window::WindowSpec;

impl Binder<'_> {
    /// A window aggregation: output = the other keys, the calls, then the window's start, end
    /// (and time, when grouped by); the returned map takes the select list's numbering (keys in
    /// GROUP BY order, then calls) to that layout.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn window_aggregation(
        &mut self,
        input: Rel,
        pre: Vec<Expr>,
        pre_names: Vec<String>,
        ngroups: usize,
        calls: Vec<AggCall>,
        call_retract: Vec<bool>,
        w: WindowKeys,
    ) -> Result<(Rel, Option<Vec<usize>>)> {
        let Some(props) = input.window.clone() else { return Err(Error::unsupported("this window aggregation")) };
        if let WindowSpec::Hop { slide, size, .. } = props.spec {
            if slide > 0 && size % slide != 0 {
                return Err(Error::table(format!(
                    "HOP table function based aggregate requires size must be an integral multiple of slide, but got size {} ms and slide {} ms",
                    size, slide
                )));
            }
        }
        let input_updating = !input.insert_only;
        // fused: the TVF is right below (through projections) and no argument reads its columns
        let window_cols: Vec<usize> =
            props.window_start.iter().chain(&props.window_end).chain(&props.window_time).copied().collect();
        let args_read_window = pre[ngroups..].iter().any(|e| {
            let mut cols = Vec::new();
            e.inputs(&mut cols);
            cols.iter().any(|c| window_cols.contains(c))
        });
        let fused = if args_read_window { None } else { tvf_time_column(&input) };
        let mut pre = pre;
        let mut pre_names = pre_names;
        let time_col = match (&fused, tvf_time_index(&input)) {
            (Some(_), Some(t)) => {
                pre.push(Expr::input(t, input.fields[t].ty.clone()));
                pre_names.push(input.fields[t].name.clone());
                Some(pre.len() - 1)
            }
            _ => None,
        };
        let fused = if time_col.is_some() { fused } else { None };
        let one_phase = props.proctime || self.one_phase;
        let two_phase = !one_phase && mergeable(&calls);
        let pre_rel = calc(input, None, pre, pre_names);
        let keys: Vec<usize> =
            (0..ngroups).filter(|g| ![Some(w.start), Some(w.end), w.time].contains(&Some(*g))).collect();
        let nk = keys.len();
        let nc = calls.len();
        let mut prop_list = vec![WindowProp::Start, WindowProp::End];
        if w.time.is_some() {
            prop_list.push(WindowProp::Time);
        }
        // the select list's numbering (groups, then calls) to the output's
        let mut remap: Vec<usize> = vec![0; ngroups + nc];
        for (i, &g) in keys.iter().enumerate() {
            remap[g] = i;
        }
        remap[w.start] = nk + nc;
        remap[w.end] = nk + nc + 1;
        if let Some(t) = w.time {
            remap[t] = nk + nc + 2;
        }
        for j in 0..nc {
            remap[ngroups + j] = nk + j;
        }
        let mut fields: Vec<Field> = keys.iter().map(|&g| pre_rel.fields[g].clone()).collect();
        for c in &calls {
            fields.push(Field { name: c.name.clone(), ty: c.ty.clone() });
        }
        let prop_field = |g: usize, name: &str| {
            let t = pre_rel.fields[g].ty.clone();
            Field { name: name.to_string(), ty: t.with_nullable(false) }
        };
        fields.push(prop_field(w.start, "window_start"));
        fields.push(prop_field(w.end, "window_end"));
        if let Some(t) = w.time {
            fields.push(prop_field(t, "window_time"));
        }
        let out_window = WindowProps {
            spec: props.spec,
            window_start: vec![nk + nc],
            window_end: vec![nk + nc + 1],
            window_time: if w.time.is_some() { vec![nk + nc + 2] } else { Vec::new() },
            ltz: props.ltz,
            proctime: props.proctime,
        };
        let node = WindowAggregateNode {
            input: pre_rel,
            group: keys.clone(),
            calls,
            call_retract,
            retract: input_updating,
            window: props,
            start_col: w.start,
            end_col: w.end,
            props: prop_list,
            fused,
            time_col,
            two_phase,
            one_phase,
        };
        let mut key_cols: Vec<usize> = (0..nk).collect();
        key_cols.extend([nk + nc, nk + nc + 1]);
        Ok((
            Rel {
                node: Node::WindowAggregate(Box::new(node)),
                fields,
                insert_only: true,
                update_producer: None,
                window: Some(out_window),
                unique_keys: vec![key_cols],
            },
            Some(remap),
        ))
    }
}

/// The keys of a window aggregation: a window's start and end (and time) among the group
/// expressions, as plain references to the input's window columns.
#[derive(Clone, Copy)]
pub(super) struct WindowKeys {
    pub(super) start: usize,
    pub(super) end: usize,
    pub(super) time: Option<usize>,
}

pub(super) fn window_keys(input: &Rel, groups: &[Expr]) -> Option<WindowKeys> {
    let w = input.window.as_ref()?;
    let find = |cols: &[usize]| groups.iter().position(|g| g.as_input().is_some_and(|c| cols.contains(&c)));
    Some(WindowKeys { start: find(&w.window_start)?, end: find(&w.window_end)?, time: find(&w.window_time) })
}

/// The time attribute's name when a window TVF is right below (through projections).
fn tvf_time_column(rel: &Rel) -> Option<String> {
    match &rel.node {
        Node::WindowTvf { input, time_col, .. } => input.fields.get(*time_col).map(|f| f.name.clone()),
        Node::Calc { input, .. } => tvf_time_column(input),
        _ => None,
    }
}

/// The time attribute's column in `rel` when a window TVF is right below (through projections).
fn tvf_time_index(rel: &Rel) -> Option<usize> {
    match &rel.node {
        Node::WindowTvf { time_col, .. } => Some(*time_col),
        Node::Calc { input, project, .. } => {
            let below = tvf_time_index(input)?;
            project.iter().position(|e| e.as_input() == Some(below))
        }
        _ => None,
    }
}

/// Whether every call can merge accumulators (FIRST_VALUE and LAST_VALUE cannot): a window
/// aggregation runs in two phases only then.
pub(crate) fn mergeable(calls: &[AggCall]) -> bool {
    !calls.iter().any(|c| matches!(c.func, AggFunc::FirstValue | AggFunc::LastValue))
}

/// The failures Flink's code generation reports for a window aggregation's calls once the
/// unread calls are pruned: a sliced-shared window (HOP, CUMULATE) merges its slices, so
/// FIRST_VALUE/LAST_VALUE (no `merge`) fail; a hopping window merges through the distinct view
/// with retraction (Flink 2.3, HOP only, not CUMULATE; oracle scenario
/// window_agg/hop_distinct_without_retract), so a DISTINCT SUM or LISTAGG over an insert-only
/// input (no retracting variant) fails.
pub(crate) fn check_window_calls(spec: &WindowSpec, calls: &[AggCall], call_retract: &[bool]) -> Result<()> {
    let retracting = |i: usize| call_retract.get(i).copied().unwrap_or(false);
    if matches!(spec, WindowSpec::Hop { .. } | WindowSpec::Cumulate { .. }) {
        let first_last =
            calls.iter().enumerate().find(|(_, c)| matches!(c.func, AggFunc::FirstValue | AggFunc::LastValue));
        if let Some((i, c)) = first_last {
            let class = match (c.func == AggFunc::FirstValue, retracting(i)) {
                (true, false) => "FirstValueAggFunction",
                (true, true) => "FirstValueWithRetractAggFunction",
                (false, false) => "LastValueAggFunction",
                (false, true) => "LastValueWithRetractAggFunction",
            };
            return Err(Error::validation(format!(
                "Could not find an implementation method 'merge' in class 'org.apache.flink.table.runtime.functions.aggregate.{}' for function '{}' that matches the following signature:\nvoid merge(org.apache.flink.table.data.RowData, java.lang.Iterable)",
                class,
                c.func.explain_name()
            )));
        }
    }
    // A hopping window merges its slices through the distinct view with retraction (Flink
    // 2.3, checked with the oracle: HOP only, not CUMULATE), so a DISTINCT call to a function
    // without retract fails when the handler is generated (over an updating input the
    // retracting variants run: no failure).
    if matches!(spec, WindowSpec::Hop { .. }) {
        let no_retract = calls
            .iter()
            .enumerate()
            .find(|(i, c)| c.distinct && !retracting(*i) && matches!(c.func, AggFunc::Sum | AggFunc::ListAgg));
        if let Some((_, c)) = no_retract {
            return Err(Error::table(if c.func == AggFunc::Sum {
                "This function does not support retraction, Please choose SumWithRetractAggFunction."
            } else {
                "This function does not support retraction."
            }));
        }
    }
    Ok(())
}
