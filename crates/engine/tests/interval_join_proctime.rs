//! Processing-time interval joins on the simulated clock (the oracle's wall clock cannot show
//! them), derived by hand from Flink's `ProcTimeIntervalJoin` / `TimeIntervalJoin`
//! (SEMANTICS.md §3.3): a row's time is the processing time it arrives at; a cached row's key
//! gets one cleanup timer at `time + bound + 1 ms`; processing-time timers fire when the clock
//! passes them, before the step's row arrives; an unjoined row of an outer side is padded when its
//! timer fires; timers not yet due when the input ends never fire (the job ends).
//!
//! The clock: step n is at 2024-01-01 00:00:00 UTC + n seconds (`joinlab.proctime-step` 1 s).
//! `R.p BETWEEN L.p AND L.p + 2 s` gives `L.p - R.p ∈ [-2000, 0]`: a left row looks 2 s ahead
//! (L = 2000), a right row not at all (U = 0), so a right row is never kept.

use joinlab_engine::trace::Event;
use joinlab_engine::{run_script, Dialect, RunConfig};

const B: i64 = 1_704_067_200_000;

const SCRIPT: &str = "CREATE TABLE L (k INT, id STRING, p AS PROCTIME());
CREATE TABLE R (k INT, id STRING, p AS PROCTIME());
@L 1 | l1
@R 1 | r1
@L 2 | l2
@R 9 | r9
@L 3 | l3
@L 4 | l4
@R 3 | r3
SELECT L.id, R.id FROM L LEFT JOIN R ON L.k = R.k AND R.p BETWEEN L.p AND L.p + INTERVAL '2' SECOND;
";

#[test]
fn padding_follows_the_processing_time_timers() {
    let t = run_script(SCRIPT, &RunConfig { dialect: Dialect::Flink, trace: true });
    let q = &t.queries[0];
    assert!(q.error.is_none() && q.runtime_error.is_none(), "{:?}", q.error);
    let rows = |i: usize| -> Vec<String> { q.steps[i - 1].output.iter().map(|o| o.text.clone()).collect() };
    // step 2 (B+2 s): r1 meets l1 (B+1 s ∈ [B, B+2 s]); r1 is not kept (U = 0)
    assert_eq!(rows(2), vec!["+I[l1, r1]"]);
    // step 4: l1's timer (B+3.001 s) fires first; l1 joined, so nothing is padded
    assert!(rows(4).is_empty());
    // step 6 (B+6 s): l2's timer (B+5.001 s) fires before l4 arrives: l2 never joined
    assert_eq!(rows(6), vec!["+I[l2, NULL]"]);
    // step 7 (B+7 s): r3 meets l3 (B+5 s ∈ [B+5 s, B+7 s])
    assert_eq!(rows(7), vec!["+I[l3, r3]"]);
    // end of input (B+8 s): l3's timer fires (joined: nothing); l4's (B+8.001 s) never does
    let end = q.end.as_ref().expect("bounded run");
    assert!(end.output.is_empty(), "{:?}", end.output);
    for (i, s) in q.steps.iter().enumerate() {
        assert_eq!(s.proc_time_ms, B + (i as i64 + 1) * 1000);
    }
    // the trace names the timer that padded l2
    let cleanup = q.steps[5].events.iter().find_map(|e| match e {
        Event::IntervalCleanup { timer_ms, padded, key, .. } => Some((*timer_ms, padded.clone(), key.clone())),
        _ => None,
    });
    assert_eq!(
        cleanup,
        Some((
            Some(B + 5001),
            vec![vec!["2".to_string(), "l2".to_string(), "2024-01-01 00:00:03.000".to_string()]],
            vec!["2".to_string()]
        ))
    );
    // l4 is still held at the end, waiting for a timer that never fires
    assert_eq!(end.state.iter().map(|s| s.rows).sum::<usize>(), 1);
}

#[test]
fn a_slower_clock_pads_later() {
    // at 10 s a step, l2 (B+30 s) is padded by its timer at B+32.001 s: at step 4 (B+40 s)
    let script = format!("SET 'joinlab.proctime-step' = '10 s';\n{}", SCRIPT);
    let t = run_script(&script, &RunConfig { dialect: Dialect::Flink, trace: false });
    let q = &t.queries[0];
    let at: Vec<(usize, String)> =
        q.steps.iter().flat_map(|s| s.output.iter().map(move |o| (s.index, o.text.clone()))).collect();
    // r1 (B+20 s) is 10 s after l1 (B+10 s): outside [0, 2 s]; l1 is padded when its timer
    // (B+12.001 s) fires before step 2's row
    assert_eq!(
        at,
        vec![
            (2, "+I[l1, NULL]".to_string()),
            (4, "+I[l2, NULL]".to_string()),
            (6, "+I[l3, NULL]".to_string()),
            (7, "+I[l4, NULL]".to_string())
        ]
    );
}
