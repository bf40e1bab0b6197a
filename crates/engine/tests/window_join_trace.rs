//! What the oracle cannot observe — the events of a step, late-row counters, state purged
//! after a fire — checked against expectations derived by hand from SEMANTICS.md §2
//! (window TVFs and window joins), not from JoinLab's own output.

use joinlab_engine::trace::{Event, QueryTrace, StepKind};
use joinlab_engine::{run_script, Dialect, RunConfig};

const TABLES: &str = "
SET 'table.local-time-zone' = 'UTC';
CREATE TABLE L (ts TIMESTAMP(3), k INT, id STRING, WATERMARK FOR ts AS ts);
CREATE TABLE R (ts TIMESTAMP(3), k INT, id STRING, WATERMARK FOR ts AS ts);
";

fn run(data_and_query: &str) -> QueryTrace {
    let script = format!("{}{}", TABLES, data_and_query);
    let t = run_script(&script, &RunConfig { dialect: Dialect::Flink, trace: true });
    assert!(t.harness_error.is_none(), "{:?}", t.harness_error);
    let q = t.queries.into_iter().next().expect("one query");
    assert!(q.error.is_none(), "{:?}", q.error);
    q
}

const JOIN: &str =
    "SELECT L.id, R.id FROM (SELECT * FROM TABLE(TUMBLE(TABLE L, DESCRIPTOR(ts), INTERVAL '5' MINUTES))) L
JOIN (SELECT * FROM TABLE(TUMBLE(TABLE R, DESCRIPTOR(ts), INTERVAL '5' MINUTES))) R
ON L.k = R.k AND L.window_start = R.window_start AND L.window_end = R.window_end;";

fn fires(q: &QueryTrace, step: usize) -> usize {
    q.steps[step - 1].events.iter().filter(|e| matches!(e, Event::WindowFire { .. })).count()
}

/// §0.1/§2.2: the window timer is `window_end - 1`; it fires when the operator watermark,
/// the minimum of both inputs (§0.2), reaches it — not one millisecond earlier.
#[test]
fn window_fires_when_the_minimum_watermark_reaches_end_minus_one() {
    let q = run(&format!(
        "@L 2024-01-01 12:01:00 | 1 | L1
@R 2024-01-01 12:02:00 | 1 | R1
@L 2024-01-01 12:04:59.999 | 9 | L9
@R 2024-01-01 12:04:59.998 | 9 | R9
@R 2024-01-01 12:04:59.999 | 8 | R8
{}",
        JOIN
    ));
    // step 3: L wm = 12:04:59.999 but R wm = 12:02 → the join watermark is 12:02, no fire
    assert_eq!(fires(&q, 3), 0);
    // step 4: min = 12:04:59.998 = end - 2 ms: still nothing
    assert_eq!(fires(&q, 4), 0);
    assert!(q.steps[3].output.is_empty());
    // step 5: R8 is buffered first, then min = 12:04:59.999 = end - 1 ms: window [12:00, 12:05)
    // fires for keys 1, 9 and 8 (key 8 has no left row: nothing to emit for it)
    assert_eq!(fires(&q, 5), 3);
    assert_eq!(q.steps[4].output.len(), 2);
    let out: Vec<String> = q.steps[4].output.iter().map(|r| r.text.clone()).collect();
    assert!(out.contains(&"+I[L1, R1]".to_string()), "{:?}", out);
    assert!(out.contains(&"+I[L9, R9]".to_string()), "{:?}", out);
}

/// §2.4: a row whose window already fired is dropped and counted (late); nothing is emitted
/// for it, now or at the end of input.
#[test]
fn late_rows_are_dropped_and_counted() {
    let q = run(&format!(
        "@L 2024-01-01 12:01:00 | 1 | L1
@R 2024-01-01 12:02:00 | 1 | R1
@L 2024-01-01 12:11:00 | 2 | L2
@R 2024-01-01 12:11:00 | 2 | R2
@L 2024-01-01 12:03:00 | 1 | Llate
@R 2024-01-01 12:03:30 | 1 | Rlate
{}",
        JOIN
    ));
    let late: Vec<&Event> =
        q.steps[4..6].iter().flat_map(|s| s.events.iter()).filter(|e| matches!(e, Event::LateDrop { .. })).collect();
    assert_eq!(late.len(), 2, "both late rows dropped");
    assert!(q.steps[4].output.is_empty() && q.steps[5].output.is_empty());
    assert_eq!(q.late_rows.iter().map(|(_, n)| n).sum::<u64>(), 2);
    let end = q.end.as_ref().expect("bounded end");
    let texts: Vec<&str> = end.output.iter().map(|r| r.text.as_str()).collect();
    assert_eq!(texts, vec!["+I[L2, R2]"], "only the open window fires at the end");
}

/// §2.4: after a window fires its state is cleared ("join the two lists, then clear both").
#[test]
fn state_is_purged_after_the_window_fires() {
    let q = run(&format!(
        "@L 2024-01-01 12:01:00 | 1 | L1
@L 2024-01-01 12:02:00 | 1 | L1b
@R 2024-01-01 12:02:00 | 1 | R1
@L 2024-01-01 12:06:00 | 1 | L2
@R 2024-01-01 12:06:00 | 1 | R2
{}",
        JOIN
    ));
    let rows_after = |step: usize| -> usize { q.steps[step - 1].state.iter().map(|s| s.rows).sum() };
    assert_eq!(rows_after(3), 3, "L1, L1b, R1 buffered");
    // step 5: both watermarks at 12:06 ≥ 12:04:59.999 → [12:00,12:05) fires and is freed,
    // L2 and R2 of the next window stay
    assert_eq!(rows_after(5), 2);
    let freed: usize = q.steps[4]
        .events
        .iter()
        .filter_map(|e| match e {
            Event::StateExpire { rows, reason, .. } if reason == "window fired" => Some(*rows),
            _ => None,
        })
        .sum();
    assert_eq!(freed, 3);
    assert_eq!(q.steps[4].output.len(), 2, "L1×R1 and L1b×R1");
    // end of input: +inf fires the last window and frees everything
    assert_eq!(q.end.as_ref().map(|e| e.state.iter().map(|s| s.rows).sum::<usize>()), Some(0));
}

/// Events of one step come in causal order (trace contract, DESIGN "Steps and events"):
/// the row at the source, the source watermark, the join's fire and emits, the sink's
/// output, the join's watermark.
#[test]
fn events_of_a_step_are_in_causal_order() {
    let q = run(&format!(
        "@L 2024-01-01 12:01:00 | 1 | L1
@R 2024-01-01 12:06:00 | 1 | R1
@L 2024-01-01 12:06:00 | 2 | L2
{}",
        JOIN
    ));
    let s = &q.steps[2];
    assert_eq!(s.kind, StepKind::Row);
    let pos = |f: &dyn Fn(&Event) -> bool| s.events.iter().position(|e| f(e)).expect("event present");
    let src = pos(&|e| matches!(e, Event::SourceRow { .. }));
    let fire = pos(&|e| matches!(e, Event::WindowFire { .. }));
    let join_wm = s.events.iter().rposition(|e| matches!(e, Event::Watermark { .. })).expect("join watermark");
    assert!(src < fire && fire < join_wm);
    assert!(s.summary.contains("passed window"), "{}", s.summary);
}

/// §2.4 LEFT: per left row its matches in right arrival order, an unmatched left row padded
/// right where it stands; FULL: then every unmatched right row, in right arrival order.
#[test]
fn emission_order_within_one_firing() {
    let left = run("@L 2024-01-01 12:01:00 | 1 | La
@L 2024-01-01 12:01:01 | 2 | Lb
@R 2024-01-01 12:01:02 | 1 | Ra
@R 2024-01-01 12:01:03 | 3 | Rc
@R 2024-01-01 12:01:04 | 1 | Ra2
SELECT L.id, R.id FROM (SELECT * FROM TABLE(TUMBLE(TABLE L, DESCRIPTOR(ts), INTERVAL '5' MINUTES))) L
FULL JOIN (SELECT * FROM TABLE(TUMBLE(TABLE R, DESCRIPTOR(ts), INTERVAL '5' MINUTES))) R
ON L.k = R.k AND L.window_start = R.window_start AND L.window_end = R.window_end;");
    // keys fire as separate windows in the order they were first seen: k=1, k=2, then k=3
    let texts: Vec<String> =
        left.end.as_ref().map(|e| e.output.iter().map(|r| r.text.clone()).collect()).unwrap_or_default();
    assert_eq!(texts, vec!["+I[La, Ra]", "+I[La, Ra2]", "+I[Lb, NULL]", "+I[NULL, Rc]"]);
}
