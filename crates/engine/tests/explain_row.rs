//! `joinlab explain-row` (issue 19): why an input row is, or is not, in a query's result. Each
//! expected answer is worked out by hand from its scenario (tests/explain/*.sql and conformance
//! scripts), as the comment above it says; none is the engine's own output pasted back.

use std::path::Path;

use joinlab_engine::explain::{parse_row_ref, report, report_pair};
use joinlab_engine::{run_script, Dialect, RunConfig};

fn explain(file: &str, query: usize, row: &str) -> Result<String, String> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..").join(file);
    let script = std::fs::read_to_string(&path).map_err(|e| format!("{}: {}", path.display(), e))?;
    // the gallery's examples run in the page's default dialect, the rest as conformance scripts
    let dialect = if file.starts_with("www/examples/") { Dialect::Confluent } else { Dialect::Flink };
    report(&run_script(&script, &RunConfig { dialect, trace: true }), query, row)
}

/// `joinlab explain-row FILE --row ROW --with WITH` (query `query`).
fn explain_pair(file: &str, query: usize, row: &str, with: &str) -> Result<String, String> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..").join(file);
    let script = std::fs::read_to_string(&path).map_err(|e| format!("{}: {}", path.display(), e))?;
    let dialect = if file.starts_with("www/examples/") { Dialect::Confluent } else { Dialect::Flink };
    report_pair(&run_script(&script, &RunConfig { dialect, trace: true }), query, row, with)
}

/// A pair's question, sentence and steps (the report's lines after the two rows').
fn pair(file: &str, query: usize, row: &str, with: &str) -> (String, String, String) {
    let text = match explain_pair(file, query, row, with) {
        Ok(t) => t,
        Err(e) => panic!("{} {} {}: {}", file, row, with, e),
    };
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 5, "{}", text);
    (lines[2].to_string(), lines[3].to_string(), lines[4].to_string())
}

/// A pair that did not join: its sentence and steps.
fn no_pair(file: &str, query: usize, row: &str, with: &str, sentence: &str, steps: &str) {
    assert_eq!(
        pair(file, query, row, with),
        ("Why didn't these rows join?".into(), sentence.into(), format!("steps: {}", steps)),
        "{} {} {}",
        file,
        row,
        with
    );
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
    // query 2 joins c on b.k: a z (step 4) and c z (step 5) are in state, b has no z; whether c's
    // row needed one depends on the ON condition, which the events do not carry
    no_join(
        "tests/explain/multi_join_outer.sql",
        2,
        "c#2",
        "not supported yet: explaining the rows of a MULTI_JOIN with outer joins, where no row of b with key [z] arrived and whether this row needed one depends on the join conditions (issue 19).",
        "5",
    );
}

#[test]
fn outer_multi_join() {
    // a LEFT JOIN b ON a.k = b.k JOIN c ON a.k = c.k: every row holds a row of a (never padded) and
    // of c (inner); a x (step 1) has no c x, b y (step 2) and c y (step 3) no a y
    let f = "tests/explain/multi_join_outer.sql";
    let needs = "every row this MULTI_JOIN emits holds a row of a (its first input) and of c (joined with an inner JOIN); only b, joined with LEFT JOIN, may be padded with NULLs.";
    no_join(f, 1, "a#1", &format!("No row of c with key [x] arrived: {}", needs), "1");
    no_join(f, 1, "b#1", &format!("No row of a with key [y] arrived: {}", needs), "2");
    // b w (step 6): neither a nor c has w
    no_join(f, 1, "b#2", &format!("No row of a or c with key [w] arrived: {}", needs), "6");
    // a z (step 4) and c z (step 5) come out with b padded
    assert_eq!(answer(f, 1, "a#2").1, "It is part of 1 result change: +I[4, NULL, 5] at step 5.");
}

#[test]
fn process_table_function_rows() {
    // SensorFusionPtf, 5-minute windows per machine: M1 78.0 at 09:00:10 (step 1) is M1's first
    // reading, so it opens [09:00, 09:05) (1785574800000 and 1785575100000 are 2026-08-01 09:00 and
    // 09:05 UTC); M1 70.0 at 09:05:10 (step 17) is M1's first reading past 09:05: it rolls the window
    // and emits its verdict, medians 79.0 (76, 78, 80, 82) > 75 and 86.5 (82, 85, 88, 90) > 80: TRUE
    let f = "www/examples/11_ptf_sensor_fusion_tutorial.sql";
    assert_eq!(
        answer(f, 1, "temperature_readings#1"),
        (
            "Why is it not in the result?".into(),
            "At step 1 SensorFusionPtf's call for it (partition [M1]) emitted nothing; it started the partition's state (windowStartMillis = 1785574800000, windowEndMillis = 1785575100000, temperatures = [78.0], humidities = []). 78.0 stayed in temperatures until the call for step 17's row removed it and emitted 1 row: +I[M1, M1, 2026-08-01 09:00:00, 2026-08-01 09:05:00, TRUE] at step 17. SensorFusionPtf's own words for it: \"M1's first reading opens its window [09:00:00, 09:05:00)\".".into(),
            "steps: 1, 17".into()
        )
    );
    // M1's last humidity (72.0 at 09:08:42, step 30) is in [09:05, 09:10), which no later M1 reading
    // rolls; the function sets no timers
    no_ptf(
        f,
        1,
        "humidity_readings#15",
        "At step 30 SensorFusionPtf's call for it (partition [M1]) emitted nothing; it added 72.0 to humidities. 72.0 was still in humidities when the query ended (after the partition's last call, at step 30): no timer of the partition is pending, so only another row of it would call the function again. SensorFusionPtf's own words for it: \"still in M1's window [09:05:00, 09:10:00): the reading is added to its list, nothing is emitted\".",
        "30",
    );
    // the row whose call emitted the verdict: its lineage, and what that lineage means
    assert_eq!(
        answer(f, 1, "temperature_readings#9").1,
        "It is part of 1 result change: +I[M1, M1, 2026-08-01 09:00:00, 2026-08-01 09:05:00, TRUE] at step 17. SensorFusionPtf's call for it at step 17 emitted 1 row: a process table function gives the rows a call emits the step of the call's row, not the steps of the rows its state holds."
    );
    // the watermark version keeps a map of windows; M1's humidity 85.0 (09:00:12, step 2) joins
    // [09:00, 09:05), whose timer at 09:05:00 fires at step 18, when both tables' watermarks have
    // passed 09:05 (temperatures 09:05:10 at step 17, humidities 09:05:12 at step 18)
    no_ptf(
        "www/examples/36_ptf_sensor_fusion_watermark.sql",
        1,
        "humidity_readings#1",
        "At step 2 SensorFusionWatermarkPtf's call for it (partition [M1]) emitted nothing; it added 85.0 to windows (its entry 2026-08-01 09:05:00.000). 85.0 stayed in windows (its entry 2026-08-01 09:05:00.000) until a timer at 2026-08-01 09:05:00.000, firing at step 18, removed it and emitted 1 row: +I[M1, M1, 2026-08-01 09:00:00, 2026-08-01 09:05:00, TRUE] at step 18. SensorFusionWatermarkPtf's own words for it: \"humidity reading M1 09:00:12: humidity 85.0 joins M1's open window [09:00:00, 09:05:00); nothing is emitted until the watermark of both tables reaches 09:05:00\".",
        "2, 18",
    );
    // WHERE isFinal: ACME's first trade emits a running aggregate with isFinal FALSE
    no_ptf(
        "www/examples/37_ptf_incremental_output_window.sql",
        2,
        "stock_trades#1",
        "At step 1 IncrementalOutputWindow's call for it (partition [ACME]) emitted 1 row, but the condition isFinal above the function rejected it. IncrementalOutputWindow's own words for it: \"ACME trade at 150.0 counted in window 09:00:00–09:01:00: emits the running aggregate (numTrades 1, avgPrice 150.0) with isFinal FALSE\".",
        "1",
    );
    // Bob's -1 (step 4) set the sum to -1; his 45 (step 5) changes nothing
    no_ptf(
        "www/examples/40_ptf_score_changelog.sql",
        1,
        "Scores#5",
        "At step 5 ScorePtf's call for it (partition [Bob]) emitted nothing and changed neither the partition's state nor its timers. ScorePtf's own words for it: \"the sum is -1 (invalidated by a negative score), so the score 45 is ignored\".",
        "5",
    );
    // Alice adds product 1 at 12:00:21 (step 2): REMINDER at +1 s, TIMEOUT at +1 min; Bob's REMOVE at
    // 12:00:51 (step 3) moves the watermark past 12:00:22, Bob's CHECKOUT at 12:01:50 (step 6) past
    // 12:01:21, where TIMEOUT clears the cart and emits nothing
    let f = "www/examples/41_ptf_checkout_timers.sql";
    no_ptf(
        f,
        1,
        "Events#2",
        "At step 2 CheckoutPtf's call for it (partition [Alice]) emitted nothing; it started the partition's state (content = {1=1}) and set the timers REMINDER at 2025-03-27 12:00:22.000 and TIMEOUT at 2025-03-27 12:01:21.000. The timer REMINDER at 2025-03-27 12:00:22.000 fired at step 3 and emitted 1 row: +I[Alice, REMINDER, {1=1}, 2025-03-27 12:00:22.000] at step 3. The entry 1=1 stayed in content until its timer TIMEOUT at 2025-03-27 12:01:21.000, firing at step 6, removed it without emitting anything. CheckoutPtf's own words for it: \"Alice adds product 1: cart {1=1}; REMINDER set to 2025-03-27 12:00:22.000 and TIMEOUT to 2025-03-27 12:01:21.000 (each replaces the timer of its name)\".",
        "2, 3, 6",
    );
    // Bob adds product 2 at 12:00:55 (step 4); adding 5 at 12:00:56 (step 5) sets both timers again,
    // 1 s later; CHECKOUT (step 6) emits the cart {2=1, 5=1} and clears it
    no_ptf(
        f,
        1,
        "Events#4",
        "At step 4 CheckoutPtf's call for it (partition [Bob]) emitted nothing; it added the entry 2=1 to content and set the timers REMINDER at 2025-03-27 12:00:56.000 and TIMEOUT at 2025-03-27 12:01:55.000. The call for step 5's row replaced the timers REMINDER at 2025-03-27 12:00:56.000 and TIMEOUT at 2025-03-27 12:01:55.000 before they fired. The entry 2=1 stayed in content until the call for step 6's row removed it and emitted 1 row: +I[Bob, CHECKOUT, {2=1, 5=1}, 2025-03-27 12:01:50.000] at step 6. CheckoutPtf's own words for it: \"Bob adds product 2: cart {2=1}; REMINDER set to 2025-03-27 12:00:56.000 and TIMEOUT to 2025-03-27 12:01:55.000 (each replaces the timer of its name)\".",
        "4, 5, 6",
    );
}

fn no_ptf(file: &str, query: usize, row: &str, sentence: &str, steps: &str) {
    assert_eq!(
        answer(file, query, row),
        ("Why is it not in the result?".into(), sentence.into(), format!("steps: {}", steps)),
        "{} {}",
        file,
        row
    );
}

#[test]
fn pairs_of_a_regular_join() {
    let f = "tests/explain/regular_join.sql";
    // Orders 1 (apple) and Products apple make +I[1, 10] at step 2
    assert_eq!(
        pair(f, 1, "Orders#1", "Products#1"),
        (
            "Why this output?".into(),
            "Both rows are part of 1 result change: +I[1, 10] at step 2.".into(),
            "steps: 2".into()
        )
    );
    // pear (step 3) against apple (step 2)
    no_pair(f, 1, "Orders#2", "Products#1", "Different join keys: Orders#2 has key [pear] and Products#1 has key [apple]; rows join only with rows of their own key.", "2, 3");
    // Orders 4 (apple, amount 0) joins at its step 5; WHERE amount > 0 above the join drops it
    assert_eq!(
        pair(f, 1, "Orders#4", "Products#1"),
        (
            "Why is their joined row not in the result?".into(),
            "They joined at step 5, but the condition (amount > 0) above the join rejected the joined row.".into(),
            "steps: 2, 5".into()
        )
    );
    // TTL 2 s at 1 s per step: A x (step 1) leaves at step 3, B x comes at step 5
    no_pair(
        "tests/explain/state_ttl.sql",
        1,
        "B#1",
        "A#1",
        "A#1 left the join's state at step 3 (state TTL: not written since 2024-01-01 00:00:01.000 (processing time), TTL 2 s), before B#1 arrived at step 5.",
        "1, 3, 5",
    );
}

#[test]
fn pairs_of_a_window_join() {
    // 5 s tumbling windows, unbounded; the join's watermark is the smaller of L's and R's
    let f = "tests/explain/pair_window.sql";
    assert_eq!(pair(f, 1, "L#1", "R#1").1, "Both rows are part of 1 result change: +I[a, 1, 5] at step 8.");
    // L b at 10:00:03 is in [10:00:00, 10:00:05), R b at 10:00:07 in [10:00:05, 10:00:10)
    no_pair(f, 1, "L#2", "R#3", "Different windows: L#2 is in window [2024-01-01 10:00:00.000, 2024-01-01 10:00:05.000) and R#3 in window [2024-01-01 10:00:05.000, 2024-01-01 10:00:10.000); rows join only within one window.", "3, 5");
    no_pair(
        f,
        1,
        "L#2",
        "R#2",
        "Different join keys: L#2 has key [b] and R#2 has key [c]; rows join only with rows of their own key.",
        "3, 4",
    );
    // c: L v 3 is not <= R w 0; [10:00:00, 10:00:05) fires at step 8 (L's 10:00:11, R's 10:00:12)
    no_pair(f, 1, "L#3", "R#2", "They met when their window [2024-01-01 10:00:00.000, 2024-01-01 10:00:05.000) fired at step 8, but the rest of the ON condition rejected the pair.", "4, 6, 8");
    // L a at 10:00:02 arrives at step 9, after [10:00:00, 10:00:05) fired at a join watermark of 10:00:11
    no_pair(f, 1, "L#5", "R#1", "L#5 arrived late: its window [2024-01-01 10:00:00.000, 2024-01-01 10:00:05.000) had already fired (the join's watermark was 2024-01-01 10:00:11.000), so the window join dropped it.", "2, 9");
    // e at 10:00:13 and 10:00:14: the join's watermark ends at min(10:00:13, 10:00:14)
    no_pair(f, 1, "L#6", "R#5", "Their window [2024-01-01 10:00:10.000, 2024-01-01 10:00:15.000) never fired: the query ended (unbounded) with the join's watermark at 2024-01-01 10:00:13.000, before the window's end − 1 ms (2024-01-01 10:00:14.999).", "10, 11");
    // NOT IN: R2 (num 2, 12:02:30) is the only right row of [12:00, 12:05), where L2 (num 2) is
    let f = "www/examples/05_anti_not_in.sql";
    assert_eq!(
        pair(f, 1, "LeftTable#2", "RightTable#1"),
        (
            "Why is it not in the result?".into(),
            "RightTable#1 met LeftTable#2 (decided at step 6): it is the only right row of their window [2024-01-01 12:00:00.000, 2024-01-01 12:05:00.000), and an anti join (NOT IN / NOT EXISTS) drops a left row that a right row meets (for NOT IN, a NULL on either side counts as meeting).".into(),
            "steps: 2, 3, 6".into()
        )
    );
    // L1 (num 1) comes out when the window fires at step 6 (L's 12:06, R's 12:06:30)
    assert_eq!(
        pair(f, 1, "LeftTable#1", "RightTable#1").1,
        "LeftTable#1 came out of the anti join (+I[L1, 1, 2024-01-01 12:00:00.000, 2024-01-01 12:05:00.000] at step 6): no right row met it, RightTable#1 included, and an anti join (NOT IN / NOT EXISTS) emits a left row only when it meets none."
    );
}

#[test]
fn pairs_of_an_interval_join() {
    // S.ts BETWEEN O.ts AND O.ts + 1 min; the join's time is the smaller of O's and S's watermarks
    let f = "tests/explain/pair_interval.sql";
    assert_eq!(
        pair(f, 1, "O#1", "S#1").1,
        "Both rows are part of 1 result change: +I[1, 2024-01-01 10:00:30.000] at step 2."
    );
    // O 1 at 10:00 joins S in [10:00, 10:01]; S 1 at 10:01:45 is 45 s after
    no_pair(f, 1, "O#1", "S#5", "Outside the interval bounds: O#1 at 2024-01-01 10:00:00.000 joins rows of S with times in [2024-01-01 10:00:00.000, 2024-01-01 10:01:00.000], and S#5's time 2024-01-01 10:01:45.000 is 45 s after that range.", "1, 9");
    // O 2 at 10:00:10 joins until 10:01:10; at step 5 the join's time is 10:01:30 (O's 10:01:30,
    // S's 10:02), so it leaves before S 2 at 10:01:00 comes at step 6
    no_pair(f, 1, "O#2", "S#3", "Their times are within the bounds, but O#2 left the join's state at step 5 (the join's time 2024-01-01 10:01:30.000 had passed the last time it could join) before S#3 arrived at step 6.", "3, 5, 6");
    // O 4 at 10:00:20 (step 7) joins until 10:01:20, but the join's time is already 10:01:30
    no_pair(f, 1, "O#4", "S#4", "Their times are within the bounds, but O#4 arrived late (the join's time had passed the last time it could join): it only probed the other side then and was not kept for S#4, which came at step 8.", "7, 8");
}

#[test]
fn pairs_of_a_temporal_join() {
    // EUR: +I 10:00 (step 1), -D 10:02 (step 3), +I 1.25 at 10:04 (step 5); o1 at 10:01, o2 10:03,
    // o4 10:05
    let f = "tests/conformance/temporal_join/delete_and_reinsert.sql";
    no_pair(f, 1, "orders#1", "rates#3", "rates#3's version is valid from 2024-01-01 10:04:00.000, after orders#1's time 2024-01-01 10:01:00.000: at 2024-01-01 10:01:00.000 the key's version was the version of step 1, valid from 2024-01-01 10:00:00.000.", "1, 2, 3, 5");
    no_pair(f, 1, "orders#4", "rates#1", "rates#1's version (valid from 2024-01-01 10:00:00.000) was superseded before orders#4's time 2024-01-01 10:05:00.000: at 2024-01-01 10:05:00.000 the key's version was the version of step 5, valid from 2024-01-01 10:04:00.000.", "1, 5, 7, 8");
    // o2 is released at step 5, when the join's watermark reaches 10:03 (orders' 10:03, rates' 10:04)
    no_pair(f, 1, "orders#2", "rates#2", "rates#2 is a delete: when the join's watermark reached orders#2's time 2024-01-01 10:03:00.000 (step 5), the key did not exist.", "3, 4, 5");
    // EUR 10:00 (step 1), +U 10:05 (step 2): at o1 (10:06, step 3) the join's watermark reaches 10:05
    // (rates'), past the newer version, so 10:00 leaves; late1 at 10:01 (step 6) is released at step
    // 8, when the watermark reaches 10:08 (orders' o2), with no version left for 10:01
    no_pair("www/examples/29_temporal_late_rows.sql", 1, "orders#3", "rates#1", "rates#1's version (valid from 2024-01-01 10:00:00.000) left the join's state at step 3 (the join's watermark 2024-01-01 10:05:00.000 passed a newer version (from 2024-01-01 10:05:00.000): the older ones can no longer be joined), before orders#3 (its time 2024-01-01 10:01:00.000) was released at step 8, which found no version of the key at its time.", "1, 3, 6, 8");
    // o1 at 10:01 is released at step 3 (rates' 10:02); the 3.00 version of 10:00:30 comes at step 4;
    // o2 at 10:05 waits for rates' watermark, which stops at 10:02
    let f = "tests/explain/pair_temporal.sql";
    no_pair(f, 1, "orders#1", "rates#3", "rates#3 arrived at step 4, after orders#1 had been released at step 3 (the join's watermark had reached its time 2024-01-01 10:01:00.000): a released row does not wait for later versions.", "2, 3, 4");
    no_pair(f, 1, "orders#2", "rates#2", "orders#2 is still waiting in the temporal join's state: the join's watermark never reached its time 2024-01-01 10:05:00.000 before the query ended.", "3, 5");
}

#[test]
fn pairs_of_a_lookup_join() {
    // customers 1 Alice (step 1), 2 Bob (2); orders 100/1 (3), 102/3 (5), 103/NULL (6); Carol 3
    // (step 7); Alice of Rome replaces customer 1 (step 8); order 105/1 (step 10)
    let f = "tests/conformance/lookup_join/l1_inner_left_insert_data.sql";
    no_pair(f, 1, "orders#3", "customers#3", "The lookup happened before the table's row arrived: orders#3 looked up key [3] in customers at step 5, and customers#3 arrived at step 7 (a lookup sees the table as it is when the probe row arrives).", "5, 7");
    no_pair(
        f,
        1,
        "orders#1",
        "customers#2",
        "Different keys: orders#1 looked up key [1] in customers, and customers#2 has key [2].",
        "2, 3",
    );
    no_pair(f, 1, "orders#6", "customers#1", "customers#1 was no longer in customers when orders#6 looked up key [1] at step 10: step 8 replaced the row of that key.", "1, 8, 10");
    no_pair(
        f,
        1,
        "orders#4",
        "customers#1",
        "orders#4's lookup key [NULL] has a NULL, and a lookup with a NULL key finds nothing.",
        "1, 6",
    );
}

#[test]
fn pairs_of_multi_joins_and_chains() {
    // A x (step 1), B y (2), C x (3): A and C share x, B has none
    let f = "tests/explain/multi_join.sql";
    no_pair(f, 1, "A#1", "C#1", "No row of B with key [x] arrived: the MULTI_JOIN of inner joins emits a row only when every input holds one of its key.", "1, 3");
    no_pair(
        f,
        1,
        "A#1",
        "B#1",
        "Different join keys: A#1 has key [x] and B#1 has key [y]; rows join only with rows of their own key.",
        "1, 2",
    );
    // b y (step 2) and c y (step 3) need a row of a with y
    no_pair("tests/explain/multi_join_outer.sql", 1, "b#1", "c#1", "No row of a with key [y] arrived: every row this MULTI_JOIN emits holds a row of a (its first input) and of c (joined with an inner JOIN); only b, joined with LEFT JOIN, may be padded with NULLs.", "2, 3");
    // Payments (1, 30) comes twice (steps 3 and 4): the first join holds the second as the first
    // counted twice, so Ada's rows with 30 (DHL at step 8, DHL Express at step 10, two of each)
    // carry step 3, not 4
    assert_eq!(
        pair("www/examples/15_three_way_multi_join.sql", 1, "Orders#1", "Payments#2"),
        (
            "Why this output?".into(),
            "At step 4 the join held Payments#2's row [1, 30] as a second copy of the equal row of step 3 (a join's state keeps equal rows as one, counted), so its result changes carry that row's steps. The copy and Orders#1 are part of 4 result changes: +I[1, Ada, 30, DHL] at step 8, +I[1, Ada, 30, DHL] at step 8, +I[1, Ada, 30, DHL Express] at step 10, +I[1, Ada, 30, DHL Express] at step 10.".into(),
            "steps: 4, 8, 10".into()
        )
    );
    // O JOIN (P WHERE amount > 0) JOIN S: O 1 (step 1) finds no P 1, so it never reaches the second
    // join, where S 1 (step 3) is; P 2 0 (step 5) fails amount > 0
    let f = "tests/explain/cascade.sql";
    no_pair(f, 1, "S#1", "O#1", "O#1 never reached the join that S#1 came to: it stopped at a join before it. No row of the right side (P) with key [1] ever arrived.", "1, 3");
    no_pair(
        f,
        1,
        "O#2",
        "P#2",
        "P#2 never reached the join: the condition (amount > 0) rejected it at step 5.",
        "4, 5",
    );
}

#[test]
fn a_table_the_query_does_not_read() {
    // query 1 reads Names only; Visits' rows are steps 4 to 6 of the script
    assert_eq!(
        answer("www/examples/39_ptf_greeting.sql", 1, "Visits#1"),
        (
            "Why is it not in the result?".into(),
            "Query 1 does not read Visits: no operator of it scans that table, so its rows play no part in this query."
                .into(),
            "steps: 4".into()
        )
    );
    no_pair(
        "www/examples/39_ptf_greeting.sql",
        1,
        "Names#1",
        "Visits#1",
        "Query 1 does not read Visits: no operator of it scans that table, so Visits#1 plays no part in it.",
        "1, 4",
    );
}

#[test]
fn pairs_of_a_process_table_function() {
    let f = "www/examples/11_ptf_sensor_fusion_tutorial.sql";
    // M1's temperature (step 1) and M2's humidity (step 4)
    no_pair(f, 1, "temperature_readings#1", "humidity_readings#2", "They are in different partitions of SensorFusionPtf: temperature_readings#1 in [M1] and humidity_readings#2 in [M2]; a process table function sees only the rows of one partition together.", "1, 4");
    // one partition: a PTF does not join rows, and its events do not say what it did with the pair
    no_pair(f, 1, "temperature_readings#1", "humidity_readings#1", "not supported yet: explaining two rows of one partition of a process table function (it does not join rows) (issue 19).", "1, 2");
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
    // a pair is one row of each side
    assert_eq!(
        explain_pair(f, 1, "Orders#1", "orders#2"),
        Err("both rows are of Orders; pick one row of each side".into())
    );
    assert_eq!(
        explain_pair(f, 1, "Orders#1", "Products"),
        Err("--with wants TABLE#K (the table's K-th row in arrival order, from 1), not 'Products'".into())
    );
    assert_eq!(
        explain_pair(f, 1, "Orders#1", "Products#2"),
        Err("Products has 1 rows in query 1's input; #2 is not one of them".into())
    );
}
