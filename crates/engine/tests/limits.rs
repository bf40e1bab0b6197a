//! The limits of `crate::limits` (issue 17): each stops a run at the step that crosses it, with
//! its message, keeps the steps before, and can be raised with `SET 'joinlab.limit.…'`. The
//! expected steps and counts are derived by hand from each script (arrival as written; a cross
//! join emits one row per pair).

use joinlab_engine::trace::{QueryTrace, ScriptTrace};
use joinlab_engine::{run_script, Dialect, RunConfig};

fn run(script: &str, trace: bool) -> ScriptTrace {
    run_script(script, &RunConfig { dialect: Dialect::Flink, trace })
}

fn rows_emitted(q: &QueryTrace) -> usize {
    q.steps.iter().map(|s| s.output.len()).sum()
}

/// The failing query's message and step.
fn failure(q: &QueryTrace) -> (String, usize) {
    let e = q.runtime_error.as_ref().unwrap_or_else(|| panic!("query {} ran to the end", q.index));
    assert!(e.text.starts_with("joinlab.LimitExceeded: "), "{}", e.text);
    (e.message.clone(), q.failed_step.unwrap_or(0))
}

fn values(table: &str, rows: impl Iterator<Item = String>) -> String {
    format!("INSERT INTO {} VALUES {};\n", table, rows.collect::<Vec<_>>().join(", "))
}

/// a: 10 rows, then b: 10 rows; a cross join emits 10 rows per b row.
fn cross_join(limit_line: &str) -> String {
    format!(
        "{}CREATE TABLE a (x INT);\nCREATE TABLE b (y INT);\n{}{}SELECT * FROM a, b;\n",
        limit_line,
        values("a", (1..=10).map(|i| format!("({})", i))),
        values("b", (1..=10).map(|i| format!("({})", i)))
    )
}

#[test]
fn emitted_rows_stop_at_the_step_that_crosses_them() {
    // b's 3rd row brings the changelog to 30 rows; its 4th (step 14) would make 40
    let t = run(&cross_join("SET 'joinlab.limit.emitted-rows' = '30';\n"), true);
    let q = &t.queries[0];
    let (msg, step) = failure(q);
    assert_eq!(step, 14);
    assert_eq!(q.steps.len(), 13, "the steps before the failing one stand");
    assert_eq!(rows_emitted(q), 30);
    assert!(msg.starts_with("at step 14: this query would emit more than 30 rows (the limit 'joinlab.limit.emitted-rows' is 30); SET 'joinlab.limit.emitted-rows' = '300' raises the limit"), "{}", msg);
    let e = q.runtime_error.as_ref().map(|e| e.line);
    assert_eq!(e, Some(Some(6)), "the error points at the query");
    // raised: the 100 rows all come
    let t = run(&cross_join("SET 'joinlab.limit.emitted-rows' = '100';\n"), false);
    assert!(t.queries[0].runtime_error.is_none());
    assert_eq!(rows_emitted(&t.queries[0]), 100);
}

#[test]
fn a_cross_join_of_two_ten_thousand_row_tables_stops_at_the_default() {
    // 10^8 rows would come; the default limit is 1,000,000
    let script = "CREATE TABLE a (x INT) WITH ('connector' = 'datagen', 'number-of-rows' = '10000');\n\
                  CREATE TABLE b (y INT) WITH ('connector' = 'datagen', 'number-of-rows' = '10000');\n\
                  SELECT * FROM a, b;\n";
    let t = run(script, false);
    let q = &t.queries[0];
    let (msg, step) = failure(q);
    assert!(msg.contains("this query would emit more than 1,000,000 rows"), "{}", msg);
    assert_eq!(rows_emitted(q), 1_000_000);
    assert_eq!(q.steps.len(), step - 1);
}

#[test]
fn input_rows_and_steps_stop_before_the_row_past_them() {
    let script = "SET 'joinlab.limit.input-rows' = '3';\nCREATE TABLE t (x INT);\n\
                  INSERT INTO t VALUES (1), (2), (3), (4), (5);\nSELECT * FROM t;\n";
    let q = &run(script, true).queries[0];
    let (msg, step) = failure(q);
    assert_eq!((step, q.steps.len(), rows_emitted(q)), (4, 3, 3));
    assert!(
        msg.starts_with("at step 4: this query would read more than 3 input rows: this is row 4, at line 3"),
        "{}",
        msg
    );
    assert_eq!(q.runtime_error.as_ref().and_then(|e| e.line), Some(3), "the error points at the row");
    // a datagen table of 10^9 rows is generated only up to the limit (else this would not end)
    let script = "SET 'joinlab.limit.input-rows' = '5';\n\
                  CREATE TABLE g (x INT) WITH ('connector' = 'datagen', 'number-of-rows' = '1000000000');\n\
                  SELECT * FROM g;\n";
    let q = &run(script, false).queries[0];
    assert_eq!(failure(q).1, 6);
    // steps count watermark markers too: 2 rows and 2 markers, a limit of 3 steps
    let script = "SET 'joinlab.limit.steps' = '3';\n\
                  CREATE TABLE w (x INT, ts TIMESTAMP(3), WATERMARK FOR ts AS ts);\nSELECT x FROM w;\n\
                  @w 1 | 2024-01-01 00:00:01\n@watermark w 2024-01-01 00:00:01\n\
                  @w 2 | 2024-01-01 00:00:02\n@watermark w 2024-01-01 00:00:02\n";
    let q = &run(script, false).queries[0];
    let (msg, step) = failure(q);
    assert_eq!(step, 4);
    assert!(msg.contains("this query would run more than 3 steps"), "{}", msg);
}

#[test]
fn state_rows_are_counted_over_all_operators_after_each_step() {
    // an inner join keeps every row of both sides: a, a, a, b is 4 rows held after step 4
    let script = "SET 'joinlab.limit.state-rows' = '3';\nCREATE TABLE a (k INT);\nCREATE TABLE b (k INT);\n\
                  INSERT INTO a VALUES (1), (2), (3);\nINSERT INTO b VALUES (1);\n\
                  SELECT * FROM a JOIN b ON a.k = b.k;\n";
    let q = &run(script, true).queries[0];
    let (msg, step) = failure(q);
    assert_eq!(step, 4);
    assert!(msg.contains("this query would hold more than 3 rows in state (4 after this step)"), "{}", msg);
    // the failing step's own output stands (it ran), as the state it left
    assert_eq!(q.steps.len(), 4);
    assert_eq!(rows_emitted(q), 1);
}

#[test]
fn trace_events_bound_the_page_trace_only() {
    let script = "SET 'joinlab.limit.trace-events' = '5';\nCREATE TABLE t (x INT);\n\
                  INSERT INTO t VALUES (1), (2), (3), (4), (5), (6), (7), (8);\nSELECT * FROM t;\n";
    let q = &run(script, true).queries[0];
    let (msg, step) = failure(q);
    assert!(step <= 5, "every step records at least its output row");
    assert!(msg.contains("this query's trace would record more than 5 events and rows"), "{}", msg);
    // the text output keeps no trace: the same script runs to its end
    assert!(run(script, false).queries[0].runtime_error.is_none());
}

#[test]
fn one_step_that_would_emit_too_much_stops_inside_the_step() {
    // a MultiJoin: c's one row meets 10 × 10 rows of a and b in one step
    let data = format!(
        "{}{}",
        values("a", (1..=10).map(|i| format!("(1, {})", i))),
        values("b", (1..=10).map(|i| format!("(1, {})", i)))
    );
    let script = format!(
        "SET 'joinlab.limit.emitted-rows' = '50';\nCREATE TABLE a (k INT, x INT);\nCREATE TABLE b (k INT, y INT);\n\
         CREATE TABLE c (k INT, z INT);\n{}INSERT INTO c VALUES (1, 1);\n\
         SELECT /*+ MULTI_JOIN(a, b, c) */ * FROM a JOIN b ON a.k = b.k JOIN c ON b.k = c.k;\n",
        data
    );
    let q = &run(&script, true).queries[0];
    let (msg, step) = failure(q);
    assert_eq!(step, 21);
    assert!(msg.contains("the MultiJoin would emit more than 50 rows at one step"), "{}", msg);
    // a window join firing one window of 20 × 20 rows of one key
    let rows = |t: &str| values(t, (0..20).map(|i| format!("(1, TIMESTAMP '2024-01-01 00:00:{:02}')", i)));
    let script = format!(
        "SET 'joinlab.limit.emitted-rows' = '100';\n\
         CREATE TABLE l (k INT, ts TIMESTAMP(3), WATERMARK FOR ts AS ts);\n\
         CREATE TABLE r (k INT, ts TIMESTAMP(3), WATERMARK FOR ts AS ts);\n{}{}\
         INSERT INTO l VALUES (1, TIMESTAMP '2024-01-01 00:05:00');\nINSERT INTO r VALUES (1, TIMESTAMP '2024-01-01 00:05:00');\n\
         SELECT * FROM (SELECT * FROM TABLE(TUMBLE(TABLE l, DESCRIPTOR(ts), INTERVAL '1' MINUTE))) L \
         JOIN (SELECT * FROM TABLE(TUMBLE(TABLE r, DESCRIPTOR(ts), INTERVAL '1' MINUTE))) R \
         ON L.k = R.k AND L.window_start = R.window_start AND L.window_end = R.window_end;\n",
        rows("l"),
        rows("r")
    );
    let q = &run(&script, true).queries[0];
    let (msg, step) = failure(q);
    assert_eq!(step, 42, "the watermark of r's 5-minute row fires the first window");
    assert!(msg.contains("the WindowJoin would emit more than 100 rows at one step"), "{}", msg);
    // batch mode: the join holds its result until the input ends
    let script = format!(
        "SET 'execution.runtime-mode' = 'batch';\n{}",
        cross_join("SET 'joinlab.limit.emitted-rows' = '50';\n")
    );
    let q = &run(&script, true).queries[0];
    let (msg, _) = failure(q);
    assert!(msg.contains("the Join would hold more than 50 rows for its batch result"), "{}", msg);
}

#[test]
fn script_bytes_and_nesting_depth_are_checked_before_anything_runs() {
    let deep = |n: usize| format!("SELECT x + {}1{} FROM t;\n", "(".repeat(n), ")".repeat(n));
    let script = format!("SET 'joinlab.limit.script-bytes' = '40';\nCREATE TABLE t (x INT);\n{}", deep(3));
    let t = run(&script, false);
    let e = t.harness_error.as_ref().expect("the script is refused");
    assert!(
        e.message.starts_with("the script is 92 bytes, more than 40 bytes: the limit falls at line 1, column 41"),
        "{}",
        e.message
    );
    assert_eq!((e.line, e.column), (Some(1), Some(41)));
    // 41 + 24 + 27 bytes: the 41st byte is line 1's newline
    // 60 levels: past the default 50, within 100
    let script = format!("CREATE TABLE t (x INT);\n{}", deep(60));
    let e = run(&script, false).queries[0].error.clone().expect("too deep");
    assert!(e.message.starts_with("statement nested too deeply: more than 50 levels"), "{}", e.message);
    assert_eq!((e.line, e.column), (Some(2), Some(1)));
    let raised = format!("SET 'joinlab.limit.nesting-depth' = '100';\n{}", script);
    let t =
        std::thread::Builder::new().stack_size(256 << 20).spawn(move || run(&raised, false)).unwrap().join().unwrap();
    assert!(t.queries[0].error.is_none(), "{:?}", t.queries[0].error);
    let too_far = format!("SET 'joinlab.limit.nesting-depth' = '101';\n{}", script);
    let e = run(&too_far, false).harness_error.expect("refused");
    assert!(e.message.contains("'joinlab.limit.nesting-depth' can be at most 100"), "{}", e.message);
}

#[test]
fn expression_depth_counts_chained_operators() {
    // 600 chained additions: past the default 500 at the 501st `+` (`x` at column 8, the k-th `+` at 10 + 4(k − 1))
    let chain = |n: usize| {
        format!("CREATE TABLE t (x INT);\nINSERT INTO t VALUES (1);\nSELECT x{} AS s FROM t;\n", " + 1".repeat(n))
    };
    let e = run(&chain(600), false).queries[0].error.clone().expect("too deep");
    assert!(
        e.message.starts_with("expression nested too deeply: more than 500 levels of operators and parentheses"),
        "{}",
        e.message
    );
    assert_eq!((e.line, e.column), (Some(3), Some(10 + 4 * 500)));
    // raised to the most the page's stack is tested with, it runs (a debug build's frames are
    // larger than the page's: a thread with room for them)
    let raised = format!("SET 'joinlab.limit.expression-depth' = '1000';\n{}", chain(999));
    let t =
        std::thread::Builder::new().stack_size(256 << 20).spawn(move || run(&raised, false)).unwrap().join().unwrap();
    let q = &t.queries[0];
    assert!(q.error.is_none() && q.runtime_error.is_none(), "{:?}", q.error);
    assert_eq!(q.steps[0].output[0].row, vec!["1000".to_string()]);
    let e = run("SET 'joinlab.limit.expression-depth' = '1001';\n", false).harness_error.expect("refused");
    assert!(e.message.contains("can be at most 1000"), "{}", e.message);
}

#[test]
fn bad_limit_settings_are_refused_with_their_line() {
    let t = run("CREATE TABLE t (x INT);\nSET 'joinlab.limit.steps' = 'many';\nSELECT * FROM t;\n", false);
    let e = t.harness_error.expect("refused");
    assert!(e.message.starts_with("line 2: 'joinlab.limit.steps' must be a whole number ≥ 1"), "{}", e.message);
    let e = run("SET 'joinlab.limit.rows' = '5';\n", false).harness_error.expect("refused");
    assert!(
        e.message.contains("unknown option 'joinlab.limit.rows'") && e.message.contains("joinlab.limit.emitted-rows"),
        "{}",
        e.message
    );
}
