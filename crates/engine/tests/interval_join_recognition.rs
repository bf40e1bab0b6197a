//! Where JoinLab plans an interval join, and with which bounds — exactly where Flink's
//! `IntervalJoinUtil` does (SEMANTICS.md §3.2): the plan's `IntervalJoin(… windowBounds=[…])`
//! line, checked against the bounds the section derives by hand (`left.time - right.time ∈
//! [leftLowerBound, leftUpperBound]` ms; strict bounds shift by 1 ms). What the operator emits is
//! checked by the oracle's scenarios in tests/conformance/interval_join.

use joinlab_engine::{run_script, Dialect, RunConfig};

const TABLES: &str =
    "CREATE TABLE t1 (k INT, v INT, rowtime TIMESTAMP(3), p AS PROCTIME(), WATERMARK FOR rowtime AS rowtime);
CREATE TABLE t2 (k INT, v INT, rowtime TIMESTAMP(3), p AS PROCTIME(), WATERMARK FOR rowtime AS rowtime);
CREATE TABLE t3 (k INT, v INT, p AS PROCTIME());
CREATE TABLE t4 (k INT, v INT, p AS PROCTIME());
";

fn plan(query: &str) -> String {
    let script = format!("{}{}\n", TABLES, query);
    let t = run_script(&script, &RunConfig { dialect: Dialect::Flink, trace: false });
    let q = &t.queries[0];
    if let Some(e) = &q.error {
        return format!("error: {}", e.message);
    }
    q.plan.clone()
}

fn bounds(query: &str) -> Option<(bool, i64, i64)> {
    let p = plan(query);
    let b = p.split("windowBounds=[").nth(1)?;
    let field = |name: &str| -> Option<String> {
        let v = b.split(&format!("{}=", name)).nth(1)?;
        Some(v.split([',', ']']).next()?.to_string())
    };
    Some((
        field("isRowTime")? == "true",
        field("leftLowerBound")?.parse().ok()?,
        field("leftUpperBound")?.parse().ok()?,
    ))
}

#[test]
fn the_bounds_are_flinks() {
    let q = |cond: &str| format!("SELECT t1.v, t2.v FROM t1 JOIN t2 ON t1.k = t2.k AND {};", cond);
    // SEMANTICS.md §3.2's two examples
    assert_eq!(
        bounds(&q("t1.rowtime BETWEEN t2.rowtime - INTERVAL '5' SECOND AND t2.rowtime + INTERVAL '6' SECOND")),
        Some((true, -5000, 6000))
    );
    assert_eq!(
        bounds(&q("t1.rowtime > t2.rowtime - INTERVAL '5' SECOND AND t1.rowtime < t2.rowtime - INTERVAL '1' SECOND")),
        Some((true, -4999, -1001))
    );
    // the bounds written from the right input's side: t2 ∈ [t1 - 1 min, t1] ⇔ t1 - t2 ∈ [0, 60 s]
    assert_eq!(
        bounds(&q("t2.rowtime >= t1.rowtime - INTERVAL '1' MINUTE AND t2.rowtime <= t1.rowtime")),
        Some((true, 0, 60_000))
    );
    // one equality: [0, 0]; INTERVAL + time
    assert_eq!(bounds(&q("t1.rowtime = t2.rowtime")), Some((true, 0, 0)));
    assert_eq!(
        bounds(&q("t1.rowtime BETWEEN INTERVAL '1' HOUR + t2.rowtime AND t2.rowtime + INTERVAL '2' HOUR")),
        Some((true, 3_600_000, 7_200_000))
    );
    // processing time on both sides
    assert_eq!(
        bounds(
            "SELECT t3.v, t4.v FROM t3 JOIN t4 ON t3.k = t4.k AND t3.p BETWEEN t4.p - INTERVAL '1' SECOND AND t4.p;"
        ),
        Some((false, -1000, 0))
    );
    // the comma form: the bounds in WHERE
    assert_eq!(
        bounds("SELECT t1.v, t2.v FROM t1, t2 WHERE t1.k = t2.k AND t1.rowtime BETWEEN t2.rowtime - INTERVAL '4' HOUR AND t2.rowtime;"),
        Some((true, -14_400_000, 0))
    );
    // a negative interval is still an interval join (it runs as padded inputs)
    assert_eq!(
        bounds(&q("t1.rowtime > t2.rowtime + INTERVAL '1' HOUR AND t1.rowtime < t2.rowtime - INTERVAL '1' HOUR")),
        Some((true, 3_600_001, -3_600_001))
    );
}

#[test]
fn other_shapes_are_regular_joins() {
    let q = |cond: &str| format!("SELECT t1.v, t2.v FROM t1 LEFT JOIN t2 ON t1.k = t2.k AND {};", cond);
    for cond in [
        // one range predicate only
        "t1.rowtime < t2.rowtime",
        // three time predicates
        "t1.rowtime > t2.rowtime - INTERVAL '1' MINUTE AND t1.rowtime < t2.rowtime AND t1.rowtime <= t2.rowtime",
        // an equality mixed with a range predicate
        "t1.rowtime = t2.rowtime AND t1.rowtime < t2.rowtime + INTERVAL '1' SECOND",
        // both bounds from the same direction
        "t1.rowtime > t2.rowtime AND t1.rowtime > t2.rowtime - INTERVAL '1' SECOND",
        // a non-time column in a bound
        "t1.rowtime > t2.rowtime - INTERVAL '1' MINUTE AND t1.rowtime < CASE WHEN t1.v > 0 THEN t2.rowtime ELSE t2.rowtime END",
        // rowtime against proctime
        "t1.rowtime > CAST(t2.p AS TIMESTAMP(3)) - INTERVAL '1' MINUTE AND t1.rowtime < CAST(t2.p AS TIMESTAMP(3))",
    ] {
        let p = plan(&q(cond));
        assert!(p.contains("Join(") && !p.contains("IntervalJoin("), "{} → {}", cond, p);
    }
    // SEMI / ANTI joins are never interval joins
    let p = plan("SELECT t1.v FROM t1 WHERE EXISTS (SELECT 1 FROM t2 WHERE t2.k = t1.k AND t2.rowtime BETWEEN t1.rowtime AND t1.rowtime + INTERVAL '1' MINUTE);");
    assert!(p.contains("LeftSemiJoin") && !p.contains("IntervalJoin("), "{}", p);
    // above a regular join the time attributes are plain timestamps (Flink materialises them)
    let p = plan("SELECT x.v, t2.v FROM (SELECT t1.k, t1.v, t1.rowtime FROM t1 JOIN t3 ON t1.k = t3.k) x JOIN t2 ON x.k = t2.k AND x.rowtime BETWEEN t2.rowtime - INTERVAL '1' MINUTE AND t2.rowtime;");
    assert!(p.contains("Join(") && !p.contains("IntervalJoin("), "{}", p);
}
