//! Mock data streams in scripts (issue 5): the examples catalog, Flink's datagen connector,
//! seeds, row counts, and the read-only catalog's rejections. The generator's own value
//! ranges, regexes and null rates are tested in `datagen::tests`.

use joinlab_engine::output::TextOptions;
use joinlab_engine::trace::{ScriptTrace, StepKind};
use joinlab_engine::{run_script, run_to_text, Dialect, RunConfig};

fn text(script: &str) -> String {
    run_to_text(script, &RunConfig { dialect: Dialect::Confluent, trace: false }, &TextOptions::default())
}

fn trace(script: &str) -> ScriptTrace {
    run_script(script, &RunConfig { dialect: Dialect::Confluent, trace: true })
}

const ORDERS: &str = "SELECT order_id, customer_id, price FROM examples.marketplace.orders;";

#[test]
fn the_same_seed_gives_the_same_rows_and_another_seed_others() {
    let a = text(&format!("SET 'joinlab.examples.rows' = '20';\n{}", ORDERS));
    let b = text(&format!("SET 'joinlab.examples.rows' = '20';\n{}", ORDERS));
    assert_eq!(a, b);
    let c = text(&format!("SET 'joinlab.seed' = '42';\nSET 'joinlab.examples.rows' = '20';\n{}", ORDERS));
    assert_ne!(a, c);
    assert_eq!(a.matches("# step").count(), c.matches("# step").count());
}

#[test]
fn row_counts_come_from_the_hint_then_the_session_then_the_default() {
    // data steps (a table bounded by `number-of-rows` adds its finishing watermark step)
    let steps = |s: &str| trace(s).queries[0].steps.iter().filter(|s| s.kind == StepKind::Row).count();
    assert_eq!(steps(&format!("SET 'joinlab.examples.rows' = '7';\n{}", ORDERS)), 7);
    assert_eq!(steps("SELECT order_id FROM examples.marketplace.orders /*+ OPTIONS('number-of-rows' = '3') */;"), 3);
    // the hint wins over the session's setting
    assert_eq!(
        steps("SET 'joinlab.examples.rows' = '9';\nSELECT order_id FROM examples.marketplace.orders /*+ OPTIONS('number-of-rows' = '4') */;"),
        4
    );
    // the documented default of the orders table (datagen::examples): 5,000 rows
    assert_eq!(steps(ORDERS), 5_000);
}

#[test]
fn rowtime_is_the_generated_event_time() {
    let t = trace("SET 'joinlab.examples.rows' = '3';\nSELECT order_id, `$rowtime` FROM examples.marketplace.orders;");
    let q = &t.queries[0];
    assert!(q.error.is_none(), "{:?}", q.error);
    let times: Vec<String> = q.steps.iter().map(|s| s.output[0].row[1].clone()).collect();
    // one order every 100 ms from 2024-01-01 00:00:00 UTC (datagen::examples)
    assert_eq!(times, ["2024-01-01 00:00:00.000", "2024-01-01 00:00:00.100", "2024-01-01 00:00:00.200"]);
}

#[test]
fn the_examples_catalog_is_read_only() {
    for (stmt, what) in [
        ("INSERT INTO examples.marketplace.orders VALUES ('x', 1, '1', 1.0);", "INSERT INTO"),
        ("CREATE TABLE examples.marketplace.mine (a INT);", "CREATE TABLE"),
        ("DROP TABLE examples.marketplace.orders;", "DROP TABLE"),
        ("ALTER TABLE examples.marketplace.orders SET ('a' = 'b');", "ALTER TABLE"),
    ] {
        let t = trace(stmt);
        let e = t.harness_error.as_ref().unwrap_or_else(|| panic!("{} should be rejected", stmt));
        assert!(e.message.contains(what) && e.message.contains("read-only"), "{}: {}", stmt, e.message);
        assert_eq!(e.line, Some(1), "{}", stmt);
    }
}

#[test]
fn use_catalog_and_database_resolve_short_names() {
    let t = trace("USE CATALOG examples;\nUSE marketplace;\nSELECT customer_id FROM customers /*+ OPTIONS('number-of-rows' = '2') */;");
    let q = &t.queries[0];
    assert!(q.error.is_none(), "{:?}", q.error);
    assert_eq!(q.steps.iter().filter(|s| s.kind == StepKind::Row).count(), 2);
    let t = trace("USE CATALOG nowhere;");
    assert!(t.harness_error.is_some());
}

#[test]
fn datagen_options_are_checked_as_flink_does() {
    let t = trace("CREATE TABLE g (a INT) WITH ('connector' = 'datagen', 'fields.a.bogus' = '1');\nSELECT * FROM g;");
    let e = t.queries[0].error.as_ref().expect("an unknown option fails the query that reads the table");
    assert!(e.text.contains("Unsupported options found for 'datagen'"), "{}", e.text);
    assert!(e.text.contains("fields.a.bogus"), "{}", e.text);
    // a bounded sequence: start..end, in order
    let t = trace("CREATE TABLE s (a INT) WITH ('connector' = 'datagen', 'fields.a.kind' = 'sequence', 'fields.a.start' = '5', 'fields.a.end' = '8');\nSELECT a FROM s;");
    let rows: Vec<String> = t.queries[0].steps.iter().flat_map(|s| s.output.iter().map(|r| r.text.clone())).collect();
    assert_eq!(rows, ["+I[5]", "+I[6]", "+I[7]", "+I[8]"]);
}

/// A bounded source (Flink's datagen with `number-of-rows`) finishes after its last row and
/// sends watermark +inf then, not at the end of the whole input; a table only capped by
/// JoinLab's row setting is an unbounded stream and does not.
#[test]
fn a_bounded_generated_table_finishes_after_its_last_row() {
    let t = trace("CREATE TABLE s (a INT, ts TIMESTAMP(3), WATERMARK FOR ts AS ts) WITH ('connector' = 'datagen', 'number-of-rows' = '3');\nSELECT a FROM s;");
    let q = &t.queries[0];
    let kinds: Vec<StepKind> = q.steps.iter().map(|s| s.kind.clone()).collect();
    assert_eq!(kinds, [StepKind::Row, StepKind::Row, StepKind::Row, StepKind::Watermark]);
    assert!(q.steps[3].watermarks.iter().any(|w| w.ends_with("=+inf")), "{:?}", q.steps[3].watermarks);
    let t = trace("SET 'joinlab.examples.rows' = '3';\nSELECT order_id FROM examples.marketplace.orders;");
    assert!(t.queries[0].steps.iter().all(|s| s.kind == StepKind::Row));
}

#[test]
fn show_create_table_on_the_examples_catalog_says_how_its_rows_come() {
    // Confluent Cloud: "SHOW CREATE TABLE works for the example tables" and their watermark is
    // SOURCE_WATERMARK(), "the maximum timestamp seen to this point" (seeds, example data); the
    // row count and pace are the documented defaults of datagen::examples (orders: 5,000 rows,
    // one every 100 ms, append; customers: upsert by customer_id).
    let out = text("SHOW CREATE TABLE examples.marketplace.orders;\nSHOW CREATE TABLE examples.marketplace.customers;");
    assert!(out.contains("CREATE TABLE `examples`.`marketplace`.`orders` ("), "{}", out);
    assert!(out.contains("WATERMARK FOR `$rowtime` AS SOURCE_WATERMARK()"), "{}", out);
    assert!(out.contains("'changelog.mode' = 'append'"), "{}", out);
    assert!(out.contains("'number-of-rows' = '5000'"), "{}", out);
    assert!(out.contains("'joinlab.interval' = '100 ms'"), "{}", out);
    assert!(out.contains("PRIMARY KEY (`customer_id`) NOT ENFORCED"), "{}", out);
    assert!(out.contains("'changelog.mode' = 'upsert'"), "{}", out);
}
