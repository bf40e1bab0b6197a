//! Sentences of the operators that feed joins, for small scripts whose behaviour is worked
//! out by hand from the operators' docs (ops/window_aggregate.rs, group_aggregate.rs,
//! rank/mod.rs, deduplicate.rs, window_rank.rs, window_deduplicate.rs).

use crate::trace::QueryTrace;
use crate::{run_script, Dialect, RunConfig};

fn run(script: &str) -> Vec<QueryTrace> {
    let t = run_script(script, &RunConfig { dialect: Dialect::Flink, trace: true });
    assert!(t.harness_error.is_none(), "{:?}", t.harness_error);
    for q in &t.queries {
        assert!(q.error.is_none(), "{:?}", q.error);
    }
    t.queries
}

/// The sentence of step `n` (the end of input: one more than the data steps).
fn at(q: &QueryTrace, n: usize) -> String {
    if n > q.steps.len() {
        q.end.as_ref().map(|e| e.summary.clone()).unwrap_or_default()
    } else {
        q.steps[n - 1].summary.clone()
    }
}

fn has(s: &str, part: &str) {
    assert!(s.contains(part), "{:?}\nnot in\n{}", part, s);
}

const T12: &str = "SET 'table.local-time-zone' = 'UTC';
CREATE TABLE T1 (ts TIMESTAMP(3), s STRING, name STRING, WATERMARK FOR ts AS ts - INTERVAL '1' SECOND);
CREATE TABLE T2 (ts TIMESTAMP(3), s STRING, name STRING, WATERMARK FOR ts AS ts - INTERVAL '1' SECOND);
@T1 2024-01-01 00:00:01 | x | a
@T1 2024-01-01 00:00:02 | y | a
@T2 2024-01-01 00:00:03 | x | a
@T1 2024-01-01 00:00:07 | x | b
@T2 2024-01-01 00:00:07 | z | b
";

/// A window aggregation fires when its own input's watermark (time − 1 s) passes the window's
/// end − 1 ms; the window join over two of them fires after both, at the smaller watermark.
#[test]
fn window_aggregations_fire_before_the_window_join_they_feed() {
    let q = run(&format!(
        "{}SELECT L.name, L.window_start, uv1, uv2 FROM
(SELECT name, window_start, window_end, COUNT(DISTINCT s) AS uv1 FROM TABLE(TUMBLE(TABLE T1, DESCRIPTOR(ts), INTERVAL '5' SECOND)) GROUP BY name, window_start, window_end) L
JOIN (SELECT name, window_start, window_end, COUNT(DISTINCT s) AS uv2 FROM TABLE(TUMBLE(TABLE T2, DESCRIPTOR(ts), INTERVAL '5' SECOND)) GROUP BY name, window_start, window_end) R
ON L.window_start = R.window_start AND L.window_end = R.window_end AND L.name = R.name;",
        T12
    ));
    let q = &q[0];
    has(&at(q, 1), "the window aggregation of T1 buffered it for window [00:00:00.000, 00:00:05.000) of name a");
    // step 4: T1's watermark 00:00:06 passes [0, 5): its aggregation fires; T2 (00:00:02) holds the join
    let s4 = at(q, 4);
    has(&s4, "the window aggregation of T1 fired window [00:00:00.000, 00:00:05.000) at watermark 00:00:06.000: uv1 = 2 for name a");
    assert!(!s4.contains("passed window"), "{}", s4);
    // step 5: T2's aggregation fires the window too, then the join
    let s5 = at(q, 5);
    let agg = "the window aggregation of T2 fired window [00:00:00.000, 00:00:05.000) at watermark 00:00:06.000: uv2 = 1 for name a";
    has(&s5, agg);
    has(&s5, "the window join buffered it on the right side of window [00:00:00.000, 00:00:05.000)");
    let join = "watermark 00:00:06.000 passed window [00:00:00.000, 00:00:05.000): 1 row emitted, 2 state rows freed";
    has(&s5, join);
    assert!(s5.find(agg) < s5.find(join), "{}", s5);
}

#[test]
fn a_group_aggregation_says_what_its_group_now_holds() {
    let q = run("CREATE TABLE t (k STRING, v INT);
@t a | 1
@t a | 2
@t b | 5
SELECT k, COUNT(*) AS c, SUM(v) AS s FROM t GROUP BY k;");
    has(&at(&q[0], 1), "group k a starts: c = 1, s = 1");
    has(&at(&q[0], 2), "group k a: c 1 → 2, s 1 → 3; 2 rows emitted (-U ×1, +U ×1)");
    has(&at(&q[0], 3), "group k b starts: c = 1, s = 5");
}

/// ROW_NUMBER() ≤ 2 over an insert-only input (AppendOnlyTopN): a better row takes rank 1,
/// the rows below move down, the last one leaves; a worse row is not kept.
#[test]
fn a_top_n_says_which_rank_a_row_takes_and_which_row_leaves() {
    let q = run("CREATE TABLE t (k STRING, name STRING, score INT);
@t a | p1 | 50
@t a | p2 | 70
@t a | p3 | 80
@t a | p4 | 10
SELECT * FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY k ORDER BY score DESC) AS rn FROM t) WHERE rn <= 2;");
    has(&at(&q[0], 1), "the Top-N of k a: [a, p1, 50] takes rank 1");
    has(&at(&q[0], 2), "the Top-N of k a: [a, p2, 70] takes rank 1, [a, p1, 50] moves from rank 1 to rank 2");
    has(
        &at(&q[0], 3),
        "[a, p3, 80] takes rank 1, [a, p2, 70] moves from rank 1 to rank 2, [a, p1, 50] leaves the Top-2",
    );
    has(&at(&q[0], 4), "[a, p4, 10] does not make the Top-2 of k a: not kept");
    assert!(!at(&q[0], 4).contains("WHERE"), "{}", at(&q[0], 4));
}

/// Keep-last by event time replaces the kept row at once (-U/+U) and ignores an older row;
/// keep-first holds the earliest row until the watermark passes it, and drops a late one.
#[test]
fn a_deduplication_says_what_it_keeps_replaces_and_drops() {
    let q = run("CREATE TABLE r (c STRING, rate INT, ts TIMESTAMP(3), WATERMARK FOR ts AS ts - INTERVAL '10' MINUTE);
@r Euro | 114 | 2024-01-01 09:00:00
@r Euro | 116 | 2024-01-01 10:45:00
@r Euro | 115 | 2024-01-01 10:30:00
@r Euro | 113 | 2024-01-01 08:00:00
SELECT c, rate FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY c ORDER BY ts DESC) AS n FROM r) WHERE n = 1;
SELECT c, rate FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY c ORDER BY ts ASC) AS n FROM r) WHERE n = 1;");
    has(&at(&q[0], 1), "it is the first row of c Euro: the deduplication keeps it and emits it");
    has(&at(&q[0], 2), "the deduplication replaces the row kept for c Euro: [Euro, 114] → [Euro, 116]");
    has(&at(&q[0], 3), "the deduplication ignores it: its time is older than the row kept for its key");
    has(&at(&q[1], 1), "the deduplication holds it as the first row of c Euro so far");
    // step 2 lifts the watermark to 10:35: the 09:00 row is final
    has(
        &at(&q[1], 2),
        "the watermark 10:35:00.000 passed the time of 1 first row the deduplication held: it is final and emitted",
    );
    has(
        &at(&q[1], 4),
        "the deduplication drops it as late: its time 08:00:00.000 is behind the watermark 10:35:00.000",
    );
}

#[test]
fn window_top_n_and_window_deduplication_say_what_they_emit_when_they_fire() {
    let q = run("CREATE TABLE t (k STRING, item STRING, price INT, ts TIMESTAMP(3), WATERMARK FOR ts AS ts);
@t a | i1 | 10 | 2024-01-01 00:00:01
@t b | i2 | 30 | 2024-01-01 00:00:02
@t a | i3 | 20 | 2024-01-01 00:00:03
@t a | i4 | 5 | 2024-01-01 00:00:12
@t b | i5 | 40 | 2024-01-01 00:00:06
SELECT k, item, price, rn FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY window_start, window_end ORDER BY price DESC) AS rn
  FROM TABLE(TUMBLE(TABLE t, DESCRIPTOR(ts), INTERVAL '10' SECOND))) WHERE rn <= 2;
SELECT k, item FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY window_start, window_end, k ORDER BY ts ASC) AS rn
  FROM TABLE(TUMBLE(TABLE t, DESCRIPTOR(ts), INTERVAL '10' SECOND))) WHERE rn = 1;");
    has(&at(&q[0], 1), "the window Top-N buffered it for window [00:00:00.000, 00:00:10.000)");
    has(
        &at(&q[0], 4),
        "the window Top-N fired window [00:00:00.000, 00:00:10.000) at watermark 00:00:12.000: rank 1 [b, i2, 30, …], rank 2 [a, i3, 20, …]",
    );
    has(
        &at(&q[0], 5),
        "dropped as late by the window Top-N: its window [00:00:00.000, 00:00:10.000) had already fired",
    );
    has(
        &at(&q[1], 4),
        "the window deduplication fired window [00:00:00.000, 00:00:10.000) at watermark 00:00:12.000: it emits the first row [a, i1, 2024-01-01 00:00:01.000, …] for k a; it emits the first row [b, i2, 2024-01-01 00:00:02.000, …] for k b",
    );
}

/// The sentences come from the trace's fields: with every label blanked, each step's
/// sentence is the same.
#[test]
fn sentences_do_not_read_the_labels() {
    let scripts = [
        "CREATE TABLE t (k STRING, v INT);\n@t a | 1\n@t a | 2\nSELECT k, COUNT(*) AS c FROM t GROUP BY k;".to_string(),
        "CREATE TABLE t (k STRING, name STRING, score INT);\n@t a | p1 | 50\n@t a | p2 | 70\n@t a | p3 | 80\n\
         SELECT score, name AS who, rn FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY k ORDER BY score DESC) AS rn FROM t) WHERE rn <= 2;"
            .to_string(),
        format!(
            "{}SELECT name, COUNT(DISTINCT s) AS uv FROM TABLE(TUMBLE(TABLE T1, DESCRIPTOR(ts), INTERVAL '5' SECOND)) GROUP BY name, window_start, window_end;",
            T12
        ),
    ];
    for script in &scripts {
        let q = &run(script)[0];
        let zone = crate::time::SessionZone::parse(&q.zone).expect("zone");
        let mut ops = q.operators.clone();
        for o in &mut ops {
            o.label.clear();
        }
        for step in q.steps.iter().chain(&q.end) {
            assert_eq!(super::sentence(step, &ops, &zone), step.summary, "{}", script);
        }
    }
}

/// What the trace says of the operators that feed joins, worked out from the SQL.
#[test]
fn operators_carry_their_keys_results_ranks_and_choices() {
    use crate::kinds::OpKind;
    let q = run("CREATE TABLE t (k STRING, name STRING, v INT, ts TIMESTAMP(3), WATERMARK FOR ts AS ts);
SELECT k, COUNT(*) AS c, SUM(v) FROM t GROUP BY k;
SELECT * FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY k ORDER BY v DESC) AS rn FROM t) WHERE rn <= 3;
SELECT k, v FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY k ORDER BY ts DESC) AS n FROM t) WHERE n = 1;
SELECT name, window_start, COUNT(DISTINCT v) AS uv FROM TABLE(HOP(TABLE t, DESCRIPTOR(ts), INTERVAL '5' SECOND, INTERVAL '10' SECOND)) GROUP BY name, window_start, window_end;");
    let op = |qi: usize, kind: OpKind| q[qi].operators.iter().find(|o| o.kind == kind).cloned().expect("operator");
    let agg = op(0, OpKind::GroupAggregate);
    assert_eq!(agg.keys, ["k"]);
    let a = agg.aggregate.expect("aggregate");
    assert_eq!(a.calls.iter().map(|c| c.name.as_str()).collect::<Vec<_>>(), ["c", "EXPR$2"]);
    assert_eq!(a.calls.iter().map(|c| c.named).collect::<Vec<_>>(), [true, false]);
    assert_eq!(a.calls.iter().map(|c| c.call.as_deref()).collect::<Vec<_>>(), [Some("COUNT(*)"), Some("SUM(v)")]);
    assert!(!a.retract && a.window.is_none());
    assert_eq!(agg.columns, ["k", "c", "EXPR$2"]);

    let rank = op(1, OpKind::Rank);
    assert_eq!(rank.keys, ["k"]);
    let r = rank.rank.expect("rank");
    assert_eq!((r.start, r.end, r.number, r.order_by.as_str()), (1, Some(3), true, "v DESC"));
    assert_eq!(rank.columns.last().map(|c| c.as_str()), Some("rn"));

    let dedup = op(2, OpKind::Deduplicate);
    assert_eq!(dedup.keys, ["k"]);
    let d = dedup.dedup.expect("dedup");
    assert!(d.keep_last && d.rowtime);
    assert_eq!(d.order_by, "ts");

    let w = op(3, OpKind::WindowAggregate);
    assert_eq!(w.keys, ["name"]);
    let a = w.aggregate.expect("aggregate");
    assert_eq!(a.window.as_deref(), Some("HOP(size=[10 s], slide=[5 s])"));
    assert!(a.sliced && a.two_phase);
    assert_eq!(a.calls[0].name, "uv");
    assert_eq!(a.calls[0].call.as_deref(), Some("COUNT(DISTINCT v)"));
}

/// A Top-N under a Calc that reorders and renames its columns (`picks`): the rank number is
/// found through the picks, so the sentence still says which row moves and which leaves.
#[test]
fn a_top_n_under_a_projection_is_told_through_its_picks() {
    let q = run("CREATE TABLE t (k STRING, name STRING, score INT);
@t a | p1 | 50
@t a | p2 | 70
@t a | p3 | 80
SELECT rn AS place, name AS who, score FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY k ORDER BY score DESC) AS rn FROM t) WHERE rn <= 2;");
    // p3 (80) beats p2 (70) and p1 (50): p2 moves down, p1 falls out of the Top-2; the rows
    // are the result's (who, score), without the rank number that moved to the front
    has(
        &at(&q[0], 3),
        "the Top-N of k a: [p3, 80] takes rank 1, [p2, 70] moves from rank 1 to rank 2, [p1, 50] leaves the Top-2",
    );
}

/// VALUES rows come out as the job starts; a LEFT JOIN pads them until the table's row.
#[test]
fn the_job_start_says_what_the_values_emitted() {
    let q = run("CREATE TABLE t (k STRING, v INT);
@t a | 1
SELECT x.k, x.name, t.v FROM (VALUES ('a', 'Alpha'), ('c', 'Gamma')) AS x(k, name) LEFT JOIN t ON t.k = x.k;");
    let start = q[0].start.as_ref().expect("a start step");
    has(&start.summary, "the job started: its VALUES rows came out at once (2 rows)");
    has(&start.summary, "stored on the left side under key [a]");
    // the table's row matches Alpha: its padded row is retracted and replaced
    has(&at(&q[0], 1), "2 rows emitted (-D ×1, +I ×1)");
}

/// A lookup join: the store changes at the lookup table's steps and says so; each probe row says
/// what it looked up and what came back (worked out from ops/lookup_join.rs).
#[test]
fn lookup_join_sentences_name_the_key_and_the_rows_found() {
    let q = run("CREATE TABLE orders (order_id INT, cust_id INT, proc_time AS PROCTIME());
CREATE TABLE customers (id INT, name STRING, PRIMARY KEY (id) NOT ENFORCED)
  WITH ('changelog-mode' = 'upsert', 'lookup' = 'true');
@customers    42 | Alice
@orders       100 | 42
@customers +U 42 | Alicia
@orders       101 | 7
@orders       102 | NULL
SELECT o.order_id, c.name FROM orders o
  LEFT JOIN customers FOR SYSTEM_TIME AS OF o.proc_time AS c ON o.cust_id = c.id;");
    let q = &q[0];
    has(&at(q, 1), "customers +I[42, Alice] arrived; it goes into the lookup join's store (1 row)");
    has(&at(q, 2), "id 42 looked up in customers: 1 row; later changes of customers will not change what it emitted");
    has(&at(q, 3), "it replaces the row of its key in the lookup join's store (1 row)");
    has(&at(q, 4), "id 7 looked up in customers: 0 rows, so the row comes out padded with NULLs");
    has(&at(q, 5), "id NULL: a NULL key finds nothing in customers, so the row comes out padded with NULLs");
}
