//! State TTL on the simulated processing-time clock (SEMANTICS.md §1.4: TTL counts from the
//! last write, expired rows stop matching, nothing is retracted), derived by hand; and the
//! page's "state at step k" replay agreeing with the run's own per-step state counts.

use joinlab_engine::trace::{Event, QueryTrace};
use joinlab_engine::{prepare, run_script, Dialect, RunConfig};

fn run(script: &str) -> QueryTrace {
    let t = run_script(script, &RunConfig { dialect: Dialect::Flink, trace: true });
    assert!(t.harness_error.is_none(), "{:?}", t.harness_error);
    let q = t.queries.into_iter().next().expect("one query");
    assert!(q.error.is_none(), "{:?}", q.error);
    q
}

fn outputs(q: &QueryTrace, step: usize) -> Vec<String> {
    q.steps[step - 1].output.iter().map(|r| r.text.clone()).collect()
}

const TABLES: &str = "
CREATE TABLE L (k INT, v STRING);
CREATE TABLE R (k INT, w STRING);
";

/// Tick 1 s per step, TTL 2 s: the left row written at step 1 (t = 1 s) lives while t < 3 s.
#[test]
fn ttl_counts_processing_time_from_the_last_write() {
    let q = run(&format!(
        "SET 'table.exec.state.ttl' = '2 s';\n{}@L 1 | a\n@R 1 | x\n@R 1 | y\nSELECT L.v, R.w FROM L JOIN R ON L.k = R.k;",
        TABLES
    ));
    assert_eq!(outputs(&q, 2), ["+I[a, x]"]);
    // step 3 (t = 3 s): the left row has expired — no output, and nothing retracted
    assert!(outputs(&q, 3).is_empty());
    let expired = q.steps[2].events.iter().any(
        |e| matches!(e, Event::StateExpire { side, reason, .. } if side == "left" && reason.contains("state TTL")),
    );
    assert!(expired, "step 3 should show the left row leaving state: {:?}", q.steps[2].events);
    assert_eq!(q.steps[2].proc_time_ms - q.steps[1].proc_time_ms, 1000);
}

/// Without TTL the same data matches twice.
#[test]
fn without_ttl_state_stays() {
    let q = run(&format!("{}@L 1 | a\n@R 1 | x\n@R 1 | y\nSELECT L.v, R.w FROM L JOIN R ON L.k = R.k;", TABLES));
    assert_eq!(outputs(&q, 3), ["+I[a, y]"]);
}

/// `event-time`: the clock is the largest event time seen; a 10-minute TTL is ten minutes of data.
#[test]
fn event_time_clock_follows_the_data() {
    let q = run("SET 'table.exec.state.ttl' = '10 min';
SET 'joinlab.proctime-step' = 'event-time';
CREATE TABLE L (ts TIMESTAMP(3), k INT, v STRING, WATERMARK FOR ts AS ts);
CREATE TABLE R (ts TIMESTAMP(3), k INT, w STRING, WATERMARK FOR ts AS ts);
@L 2024-01-01 12:00:00 | 1 | a
@R 2024-01-01 12:09:59 | 1 | x
@R 2024-01-01 12:10:00 | 1 | y
SELECT L.v, R.w FROM L JOIN R ON L.k = R.k;");
    assert_eq!(outputs(&q, 2), ["+I[a, x]"]);
    assert!(outputs(&q, 3).is_empty(), "12:10 is ten minutes after the left row was written");
    assert_eq!(q.steps[2].proc_time_ms - q.steps[0].proc_time_ms, 600_000);
}

/// The state replayed to step k holds as many rows per operator as the run counted after k —
/// including the last data step (before the end of input) and after the end of input.
#[test]
fn replayed_state_matches_the_run() {
    let script = format!(
        "{}@L 1 | a\n@R 1 | x\n@L 2 | b\n@R -D 1 | x\n@R 3 | z\nSELECT L.v, R.w FROM L FULL JOIN R ON L.k = R.k;",
        TABLES.replace("(k INT, w STRING)", "(k INT, w STRING) WITH ('changelog-mode' = 'retract')")
    );
    let (p, q) = assert_replay_matches(&script, Dialect::Flink);
    // after the last data step the join still holds rows; the end of input does not clear them
    let last = p.state_at(0, q.steps.len());
    assert!(last.iter().any(|s| s.rows > 0));
    let end = p.state_at(0, q.steps.len() + 1);
    assert_eq!(end.iter().map(|s| s.rows).sum::<usize>(), last.iter().map(|s| s.rows).sum::<usize>());
}

/// Runs `script` traced and checks, step by step, that the state replayed to each step names the
/// same operators with the same rows as the run counted, and lists every row.
fn assert_replay_matches(script: &str, dialect: Dialect) -> (joinlab_engine::exec::Prepared, QueryTrace) {
    let p = prepare(script, &RunConfig { dialect, trace: true }).map_err(|(_, _, e)| e.human()).expect("prepares");
    let q = p.run_query(0, true);
    assert!(q.error.is_none(), "{:?}", q.error);
    for (i, step) in q.steps.iter().enumerate() {
        let replayed = p.state_at(0, i + 1);
        let rows: Vec<(usize, usize)> = replayed.iter().map(|s| (s.op, s.rows)).collect();
        let counted: Vec<(usize, usize)> = step.state.iter().map(|s| (s.op, s.rows)).collect();
        assert_eq!(rows, counted, "step {}", i + 1);
        let held: usize = replayed.iter().map(|s| s.groups.iter().map(|g| g.rows.len()).sum::<usize>()).sum();
        assert_eq!(held, rows.iter().map(|r| r.1).sum::<usize>(), "groups list every row at step {}", i + 1);
    }
    (p, q)
}

/// The replay builds the traced run's operators, not the untraced run's fused ones: a projection
/// over an interval or temporal join stays an operator of its own, so the state's operator ids are
/// the trace's (the page's state pane matches them).
#[test]
fn replayed_state_of_interval_and_temporal_joins_names_the_traces_operators() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    for f in ["www/examples/21_interval_orders_shipments.sql", "www/examples/27_temporal_orders_rates.sql"] {
        let script = std::fs::read_to_string(root.join(f)).expect("gallery example");
        let (_, q) = assert_replay_matches(&script, Dialect::Confluent);
        assert!(q.steps.iter().any(|s| s.state.iter().any(|st| st.rows > 0)), "{} holds state", f);
    }
}

/// A VALUES LEFT JOIN a table: the VALUES rows are stored by the join as the job starts, so the
/// state replayed to step 0 (the start) holds them, and step 1 holds them and the table's row.
#[test]
fn replayed_state_includes_the_job_start() {
    let script = "CREATE TABLE t (k STRING, v INT);
@t a | 1
SELECT x.k, x.name, t.v FROM (VALUES ('a', 'Alpha'), ('c', 'Gamma')) AS x(k, name) LEFT JOIN t ON t.k = x.k;";
    let p = prepare(script, &RunConfig { dialect: Dialect::Flink, trace: true })
        .map_err(|(_, _, e)| e.human())
        .expect("prepares");
    let q = p.run_query(0, true);
    let start = q.start.as_ref().expect("a start step");
    let total = |s: &[joinlab_engine::trace::StateSummary]| s.iter().map(|x| x.rows).sum::<usize>();
    assert_eq!(total(&start.state), 2, "Alpha and Gamma wait on the left side");
    assert_eq!(total(&p.state_at(0, 0)), 2);
    assert_eq!(total(&p.state_at(0, 1)), 3, "and t's row on the right");
    assert_eq!(total(&q.steps[0].state), 3);
}
