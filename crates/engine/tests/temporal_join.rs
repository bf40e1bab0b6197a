//! Event-time temporal join behaviour the oracle cannot observe (it runs on the wall clock),
//! derived by hand from Flink's code and SEMANTICS.md, on the simulated processing-time clock
//! (1 s per step unless set otherwise):
//!
//! * state retention (SEMANTICS.md §4.5, `BaseTwoInputStreamOperatorWithStateRetention`, the
//!   shape of `TemporalRowTimeJoinOperatorTest`'s retention case T-4): one processing-time cleanup
//!   timer per key at `now + 1.5 × ttl`, moved when a row arrives (or the key's timer fires with
//!   state left) and `now + ttl` is past it; when it fires, the key's probe rows and versions go;
//! * idle sources (SEMANTICS.md §0.2, Flink's `WatermarksWithIdleness` / `IdlenessTimer` and
//!   `CombinedWatermarkStatus`): a source without rows for longer than
//!   `table.exec.source.idle-timeout` (checked every 200 ms, `pipeline.auto-watermark-interval`) is
//!   marked idle, and the join's watermark becomes the minimum of the other inputs.

use joinlab_engine::kinds::ExpireCause;
use joinlab_engine::trace::{Event, QueryTrace};
use joinlab_engine::{run_script, Dialect, RunConfig};

fn run(script: &str) -> QueryTrace {
    let t = run_script(script, &RunConfig { dialect: Dialect::Flink, trace: true });
    assert!(t.harness_error.is_none(), "{:?}", t.harness_error);
    let q = t.queries.into_iter().next().expect("one query");
    assert!(q.error.is_none(), "{:?}", q.error);
    assert!(q.runtime_error.is_none(), "{:?}", q.runtime_error);
    q
}

fn outputs(q: &QueryTrace, step: usize) -> Vec<String> {
    q.steps[step - 1].output.iter().map(|r| r.text.clone()).collect()
}

const T4: &str = "
SET 'joinlab.watermark-emit' = 'on-marker';
CREATE TABLE l (t TIMESTAMP(3), k STRING, v STRING, WATERMARK FOR t AS SOURCE_WATERMARK());
CREATE TABLE r (t TIMESTAMP(3), k STRING, v STRING, WATERMARK FOR t AS SOURCE_WATERMARK(),
  PRIMARY KEY (k) NOT ENFORCED) WITH ('changelog-mode' = 'upsert');
@r 1970-01-01 00:00:00.003 | k1 | 0a3
@l 1970-01-01 00:00:00.006 | k1 | 0a6
@watermark l 1970-01-01 00:00:00.007
@watermark r 1970-01-01 00:00:00.007
@l 1970-01-01 00:00:00.009 | k1 | 7a9
@watermark l 1970-01-01 00:00:00.013
@watermark r 1970-01-01 00:00:00.013
@l 1970-01-01 00:00:00.020 | k2 | f1
@l 1970-01-01 00:00:00.020 | k2 | f2
@l 1970-01-01 00:00:00.020 | k2 | f3
@l 1970-01-01 00:00:00.020 | k2 | f4
@l 1970-01-01 00:00:00.020 | k2 | f5
@l 1970-01-01 00:00:00.015 | k1 | 13a15
@watermark l 1970-01-01 00:00:00.016
@watermark r 1970-01-01 00:00:00.016
SELECT l.v, rr.v FROM l LEFT JOIN r FOR SYSTEM_TIME AS OF l.t AS rr ON l.k = rr.k;
";

/// TTL 4 s (max 6 s): the version of k1 written at 1 s sets the timer to 7 s; the release at
/// 4 s (state left) moves it to 10 s, the release at 7 s to 13 s; at step 13 (13 s) it fires
/// before the row: k1's version is gone and 13a15 comes out padded.
#[test]
fn state_ttl_clears_a_key_after_its_retention() {
    let q = run(&format!("SET 'table.exec.state.ttl' = '4 s';{}", T4));
    assert_eq!(outputs(&q, 4), ["+I[0a6, 0a3]"]);
    assert_eq!(outputs(&q, 7), ["+I[7a9, 0a3]"]);
    let expired = q.steps[12]
        .events
        .iter()
        .any(|e| matches!(e, Event::StateExpire { side, cause: ExpireCause::Ttl, rows: 1, .. } if side == "right"));
    assert!(expired, "step 13 should clear k1's version by TTL: {:?}", q.steps[12].events);
    assert!(!q.steps[11].events.iter().any(|e| matches!(e, Event::StateExpire { cause: ExpireCause::Ttl, .. })));
    assert_eq!(outputs(&q, 15), ["+I[13a15, NULL]"]);
}

/// A release with state left extends the retention: with TTL 5 s (max 7.5 s) the timer set at
/// 1 s (8.5 s) moves at 4 s to 11.5 s and at 7 s to 14.5 s, so at 13 s k1 still has its version.
#[test]
fn state_ttl_is_extended_by_releases() {
    let q = run(&format!("SET 'table.exec.state.ttl' = '5 s';{}", T4));
    assert_eq!(outputs(&q, 15), ["+I[13a15, 0a3]"]);
}

#[test]
fn without_ttl_versions_stay() {
    let q = run(T4);
    assert_eq!(outputs(&q, 15), ["+I[13a15, 0a3]"]);
}

const IDLE: &str = "
CREATE TABLE orders (order_id STRING, currency STRING, order_time TIMESTAMP(3),
  WATERMARK FOR order_time AS order_time);
CREATE TABLE rates (currency STRING, rate DECIMAL(10, 4), update_time TIMESTAMP(3),
  WATERMARK FOR update_time AS update_time, PRIMARY KEY (currency) NOT ENFORCED)
  WITH ('changelog-mode' = 'upsert');
@rates   EUR | 1.1000 | 2024-01-01 10:00:00
@orders  o1 | EUR | 2024-01-01 10:01:00
@orders  o2 | EUR | 2024-01-01 10:30:00
@orders  o3 | EUR | 2024-01-01 11:00:00
@orders  o4 | USD | 2024-01-01 12:00:00
SELECT o.order_id, r.rate FROM orders o LEFT JOIN rates FOR SYSTEM_TIME AS OF o.order_time AS r
  ON o.currency = r.currency;
";

/// Without an idle timeout the quiet rates table holds every order until the end of input.
#[test]
fn a_quiet_versioned_table_holds_the_join_back() {
    let q = run(IDLE);
    for s in 1..=5 {
        assert!(outputs(&q, s).is_empty(), "step {}", s);
    }
    assert_eq!(q.end.as_ref().map(|e| e.output.len()), Some(4));
}

/// Idle timeout 2 s: rates' last row came at 1 s; the check at 1.2 s sees it, the one at 1.4 s
/// starts the inactivity timer, the first check more than 2 s later (3.6 s) marks rates idle —
/// during step 4's clock advance (4 s), before o3 arrives: the join's watermark jumps to orders'
/// (10:30) and o1, o2 come out; o3 and o4 then come out at their own steps.
#[test]
fn an_idle_versioned_table_stops_holding_the_join_back() {
    for key in ["table.exec.source.idle-timeout", "sql.tables.scan.idle-timeout"] {
        let q = run(&format!("SET '{}' = '2 s';{}", key, IDLE));
        assert!(outputs(&q, 3).is_empty());
        assert_eq!(outputs(&q, 4), ["+I[o1, 1.1000]", "+I[o2, 1.1000]", "+I[o3, 1.1000]"], "{}", key);
        assert_eq!(outputs(&q, 5), ["+I[o4, NULL]"]);
        let idle = q.steps[3].events.iter().any(
            |e| matches!(e, Event::SourceIdle { table, idle: true, at_ms, .. } if table == "rates" && *at_ms == 1_704_067_203_600),
        );
        assert!(idle, "rates goes idle at 3.6 s: {:?}", q.steps[3].events);
    }
}

/// A timeout longer than the gap: rates never goes idle before the end.
#[test]
fn a_long_idle_timeout_changes_nothing() {
    let q = run(&format!("SET 'table.exec.source.idle-timeout' = '10 s';{}", IDLE));
    for s in 1..=5 {
        assert!(outputs(&q, s).is_empty(), "step {}", s);
    }
}

/// The seed's query in the `confluent` dialect: `orders.$rowtime` (each table's default watermark
/// on `$rowtime`, the simulated produce clock: one second per step) against a primary-keyed
/// table (upsert by default there). o1 (1 s… 2 s) waits for the rates watermark to pass 2 s.
#[test]
fn confluent_rowtime_system_column() {
    let t = run_script(
        "CREATE TABLE orders (order_id STRING, price DECIMAL(32,2), currency STRING);
CREATE TABLE currency_rates (currency STRING, conversion_rate DECIMAL(32, 2), PRIMARY KEY(currency) NOT ENFORCED);
INSERT INTO currency_rates VALUES ('EUR', 1.10);
INSERT INTO orders VALUES ('o1', 10.00, 'EUR');
INSERT INTO orders VALUES ('o2', 20.00, 'USD');
INSERT INTO currency_rates VALUES ('EUR', 1.20);
INSERT INTO orders VALUES ('o3', 30.00, 'EUR');
SELECT orders.order_id, currency_rates.conversion_rate
FROM orders LEFT JOIN currency_rates FOR SYSTEM_TIME AS OF orders.`$rowtime`
ON orders.currency = currency_rates.currency;",
        &RunConfig { dialect: Dialect::Confluent, trace: true },
    );
    let q = &t.queries[0];
    assert!(q.error.is_none(), "{:?}", q.error);
    assert_eq!(outputs(q, 4), ["+I[o1, 1.10]", "+I[o2, NULL]"]);
    assert_eq!(
        q.end.as_ref().map(|e| e.output.iter().map(|r| r.text.clone()).collect::<Vec<_>>()),
        Some(vec!["+I[o3, 1.20]".to_string()])
    );
}
