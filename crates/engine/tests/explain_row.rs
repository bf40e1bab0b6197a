//! `joinlab explain-row` (issue 19): why an input row is, or is not, in a query's result. Each
//! expected answer is worked out by hand from its scenario (tests/explain/*.sql and conformance
//! scripts), as the comment above it says; none is the engine's own output pasted back.

use std::path::Path;

use joinlab_engine::explain::{parse_row_ref, report};
use joinlab_engine::{run_script, Dialect, RunConfig};

fn explain(file: &str, query: usize, row: &str) -> Result<String, String> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..").join(file);
    let script = std::fs::read_to_string(&path).map_err(|e| format!("{}: {}", path.display(), e))?;
    // the gallery's examples run in the page's default dialect, the rest as conformance scripts
    let dialect = if file.starts_with("www/examples/") { Dialect::Confluent } else { Dialect::Flink };
    report(&run_script(&script, &RunConfig { dialect, trace: true }), query, row)
}

/// The answer's question, sentence and steps (the report's lines after the first).
fn answer(file: &str, query: usize, row: &str) -> (String, String, String) {
    let text = match explain(file, query, row) {
        Ok(t) => t,
        Err(e) => panic!("{} {}: {}", file, row, e),
    };
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 4, "{}", text);
    (lines[1].to_string(), lines[2].to_string(), lines[3].to_string())
}

fn no_join(file: &str, query: usize, row: &str, sentence: &str, steps: &str) {
    assert_eq!(
        answer(file, query, row),
        ("Why didn't this join?".into(), sentence.into(), format!("steps: {}", steps)),
        "{} {}",
        file,
        row
    );
}

#[test]
fn regular_join() {
    let f = "tests/explain/regular_join.sql";
    // Orders 1 (apple) meets Products apple at step 2: +I[1, 10]
    assert_eq!(
        answer(f, 1, "Orders#1"),
        ("Why this output?".into(), "It is part of 1 result change: +I[1, 10] at step 2.".into(), "steps: 2".into())
    );
    assert_eq!(answer(f, 1, "Products#1").1, "It is part of 1 result change: +I[1, 10] at step 2.");
    // no Products row is a pear
    no_join(f, 1, "Orders#2", "No row of the right side (Products) with key [pear] ever arrived.", "3");
    // = never matches NULL
    no_join(
        f,
        1,
        "Orders#3",
        "Its join key [NULL] is NULL, and = never matches NULL (IS NOT DISTINCT FROM would).",
        "4",
    );
    // apple joins the apple product at its own step 5, the WHERE amount > 0 above the join drops it
    assert_eq!(
        answer(f, 1, "Orders#4"),
        (
            "Why is it not in the result?".into(),
            "It joined at step 5, but the condition (amount > 0) above the join rejected the joined row.".into(),
            "steps: 5".into()
        )
    );
}

#[test]
fn state_ttl() {
    // TTL 2 s, the processing clock 1 s per step: A x written at 00:00:01 leaves at step 3 (00:00:03),
    // B x arrives at step 5
    let f = "tests/explain/state_ttl.sql";
    no_join(
        f,
        1,
        "A#1",
        "It left the join's state at step 3 (state TTL: not written since 2024-01-01 00:00:01.000 (processing time), TTL 2 s), before the first row of the right side (B) with key [x] arrived at step 5.",
        "1, 3, 5",
    );
    no_join(
        f,
        1,
        "B#1",
        "The rows of the left side (A) with key [x] (step 1) left the join's state at step 3 (state TTL: not written since 2024-01-01 00:00:01.000 (processing time), TTL 2 s), before it arrived.",
        "1, 3, 5",
    );
}

#[test]
fn window_join() {
    // 5 s tumbling windows, the join's watermark the smaller of L's and R's; unbounded: no +inf
    let f = "tests/explain/window_join.sql";
    assert_eq!(answer(f, 1, "L#1").1, "It is part of 1 result change: +I[a, a, 2024-01-01 10:00:00.000] at step 8.");
    // b at 10:00:03 is in [10:00:00, 10:00:05); R's b at 10:00:07 in [10:00:05, 10:00:10)
    no_join(f, 1, "L#2", "Different windows: it is in window [2024-01-01 10:00:00.000, 2024-01-01 10:00:05.000), and the rows of the right side (R) with key [b] (step 4) are in window [2024-01-01 10:00:05.000, 2024-01-01 10:00:10.000); rows join only within one window.", "3, 4");
    // the window [10:00:00, 10:00:05) fires at step 8, when L's watermark (10:00:13) lifts the join's to R's 10:00:12
    no_join(f, 1, "L#3", "No row of the right side (R) with key [c] arrived: when its window [2024-01-01 10:00:00.000, 2024-01-01 10:00:05.000) fired at step 8, that side held none.", "5, 8");
    // e at 10:00:13: its window ends at 10:00:15, the join's watermark stops at R's 10:00:12
    no_join(f, 1, "L#5", "Its window [2024-01-01 10:00:10.000, 2024-01-01 10:00:15.000) never fired: the query ended (unbounded) with the join's watermark at 2024-01-01 10:00:12.000, before the window's end − 1 ms (2024-01-01 10:00:14.999).", "8");
    // f at 10:00:03 arrives after [10:00:00, 10:00:05) fired at a join watermark of 10:00:12
    no_join(f, 1, "L#6", "It arrived late: its window [2024-01-01 10:00:00.000, 2024-01-01 10:00:05.000) had already fired (the join's watermark was 2024-01-01 10:00:12.000), so the window join dropped it.", "9");
}

#[test]
fn interval_join() {
    // S.ts BETWEEN O.ts AND O.ts + 1 min
    let f = "tests/explain/interval_join.sql";
    assert_eq!(answer(f, 1, "O#1").1, "It is part of 1 result change: +I[1, 2024-01-01 10:00:30.000] at step 2.");
    // O 2 at 10:00:40 joins S times [10:00:40, 10:01:40]; S 2 is at 10:01:45: 5 s after
    no_join(f, 1, "O#2", "Outside the interval bounds: its time 2024-01-01 10:00:40.000 joins rows of the right side (S) with times in [2024-01-01 10:00:40.000, 2024-01-01 10:01:40.000], and the nearest one with key [2] (step 4, at 2024-01-01 10:01:45.000) is 5 s after that range.", "3, 4");
    no_join(f, 1, "O#3", "No row of the right side (S) with key [3] arrived.", "5");
    // O 4 at 10:00:10 arrives when the join's time is 10:01:50 (past its range's end 10:01:10): late;
    // S 4 at 10:01:55 is 45 s after the range
    no_join(f, 1, "O#4", "Outside the interval bounds: its time 2024-01-01 10:00:10.000 joins rows of the right side (S) with times in [2024-01-01 10:00:10.000, 2024-01-01 10:01:10.000], and the nearest one with key [4] (step 6, at 2024-01-01 10:01:55.000) is 45 s after that range (it was late, too: it only probed and was not kept).", "6, 7");
}

#[test]
fn temporal_join() {
    // EUR: +I 10:00 (step 1), -D 10:02 (step 3), +I 10:04 (step 5); o2 at 10:03 meets the delete,
    // released at step 5 when the join's watermark reaches 10:03 (orders' 10:03, rates' 10:04)
    let f = "tests/conformance/temporal_join/delete_and_reinsert.sql";
    no_join(f, 1, "orders#2", "When the join's watermark reached its time 2024-01-01 10:03:00.000 (step 5), the version of key [EUR] valid then was a delete (step 3): the key did not exist at 2024-01-01 10:03:00.000.", "3, 4, 5");
    no_join(f, 1, "rates#4", "It is a version of key [USD] (the versioned side), valid from 2024-01-01 10:06:00.000: no probe row of that key was released against it while it was the key's version.", "8");
    assert_eq!(
        answer(f, 1, "orders#3").1,
        "It is part of 1 result change: +I[o3, 1.2500, 2024-01-01 10:04:00.000] at step 6."
    );
}

#[test]
fn lookup_join() {
    // order 102 (customer 3) arrives at step 5, customer 3 only at step 7; order 103 has a NULL key
    let f = "tests/conformance/lookup_join/l1_inner_left_insert_data.sql";
    no_join(f, 1, "orders#3", "At step 5 the lookup of key [3] in customers found no row: the table had none with that key then (a lookup sees the table as it is when the row arrives).", "5");
    no_join(f, 1, "orders#4", "Its lookup key [NULL] has a NULL, and a lookup with a NULL key finds nothing.", "6");
    assert_eq!(answer(f, 1, "customers#3").1, "It is part of 1 result change: +I[104, 50, Carol, Oslo] at step 9.");
}

#[test]
fn unnest() {
    let f = "tests/conformance/unnest/f1_unnest.sql";
    no_join(
        f,
        1,
        "posts#2",
        "Its collection is empty: UNNEST produces no row for it (a LEFT JOIN … ON TRUE would keep it with NULLs).",
        "2",
    );
    no_join(
        f,
        1,
        "posts#3",
        "Its collection is NULL: UNNEST produces no row for it (a LEFT JOIN … ON TRUE would keep it with NULLs).",
        "3",
    );
    // the LEFT JOIN … ON TRUE query keeps the empty array's row padded
    assert_eq!(answer(f, 3, "posts#2").1, "It is part of 1 result change: +I[2, NULL] at step 2.");
}

#[test]
fn semi_and_anti_joins() {
    // NOT IN over 5-minute windows: L2 (num 2, 12:02) meets R2 (num 2, 12:02:30, step 3) in
    // [12:00, 12:05), so NOT IN drops it; R2 itself never comes out (only left rows do)
    let f = "www/examples/05_anti_not_in.sql";
    let dropped = "The anti join (NOT IN / NOT EXISTS) dropped it: it meets rows of the right side (RightTable) (step 3), and a left row comes out only when it meets none (for NOT IN, a NULL on either side counts as meeting).";
    assert_eq!(
        answer(f, 1, "LeftTable#2"),
        ("Why is it not in the result?".into(), dropped.into(), "steps: 2, 3".into())
    );
    assert_eq!(
        answer(f, 1, "RightTable#1").1,
        "It is a row of the right side of an anti join (NOT IN / NOT EXISTS): the join emits only left rows, and this one drops the left rows it meets."
    );
    // IN: the right rows only decide which left rows pass
    assert_eq!(
        answer("www/examples/03_semi_in.sql", 1, "RightTable#1").1,
        "It is a row of the right side of a semi join (IN / EXISTS): the join emits only left rows, and this one lets through the left rows with key [2] it meets."
    );
}

#[test]
fn multi_join() {
    // MULTI_JOIN(A, B, C) of inner joins on k: A x (step 1), B y (step 2), C x (step 3)
    let f = "tests/explain/multi_join.sql";
    no_join(f, 1, "A#1", "No row of B with key [x] arrived: the MULTI_JOIN of inner joins emits a row only when every input holds one of its key.", "1");
    no_join(f, 1, "B#1", "No row of A or C with key [y] arrived: the MULTI_JOIN of inner joins emits a row only when every input holds one of its key.", "2");
}

#[test]
fn equal_rows_counted_as_one() {
    // Payments (1, 30) arrives twice (steps 3 and 4); the joins hold the second as the first counted
    // twice, so the rows it makes with shipments 1 (steps 8 and 10) carry step 3's lineage
    let f = "www/examples/15_three_way_multi_join.sql";
    assert_eq!(
        answer(f, 2, "Payments#2"),
        (
            "Why this output?".into(),
            "At step 4 the join held its row [1, 30] as a second copy of the equal row of step 3 (a join's state keeps equal rows as one, counted), so its result changes carry that row's steps. The copies are part of 4 result changes: +I[1, Ada, 30, DHL] at step 8, +I[1, Ada, 30, DHL] at step 8, +I[1, Ada, 30, DHL Express] at step 10, +I[1, Ada, 30, DHL Express] at step 10.".into(),
            "steps: 4, 8, 10".into()
        )
    );
}

#[test]
fn a_search_with_no_result_under_unnest() {
    // KEY_SEARCH_AGG emits one row per order, with search_results empty for customer 3 (step 5):
    // the CROSS JOIN UNNEST over it gives nothing
    assert_eq!(
        answer("www/examples/43_key_search_customers.sql", 2, "orders#3"),
        (
            "Why is it not in the result?".into(),
            "It joined at step 5, but the joined row's collection is empty: the UNNEST above the join produces no row for it.".into(),
            "steps: 5".into()
        )
    );
}

#[test]
fn a_null_key_in_a_window_semi_join() {
    // Lnull (num NULL, 12:07:30) IN the right rows of [12:05, 12:10): Rnull's NULL does not match it
    no_join(
        "www/examples/03_semi_in.sql",
        1,
        "LeftTable#5",
        "Its join key [NULL] is NULL, and = never matches NULL (IS NOT DISTINCT FROM would).",
        "9",
    );
}

#[test]
fn what_is_not_answered_yet_says_so() {
    no_join(
        "www/examples/11_ptf_sensor_fusion_tutorial.sql",
        1,
        "temperature_readings#1",
        "not supported yet: explaining the rows of a process table function (issue 19).",
        "1",
    );
}

#[test]
fn bad_questions_are_errors() {
    let f = "tests/explain/regular_join.sql";
    assert_eq!(explain(f, 1, "Orders#9"), Err("Orders has 4 rows in query 1's input; #9 is not one of them".into()));
    assert_eq!(explain(f, 1, "Foo#1"), Err("no row of Foo reaches query 1 (is it a table the query reads?)".into()));
    assert_eq!(explain(f, 2, "Orders#1"), Err("the script has 1 query; there is no query 2".into()));
    for bad in ["Orders", "Orders#", "Orders#0", "#1", "Orders#x"] {
        assert!(parse_row_ref(bad).is_err(), "{}", bad);
    }
    assert_eq!(parse_row_ref("orders#12"), Ok(("orders".into(), 12)));
}
