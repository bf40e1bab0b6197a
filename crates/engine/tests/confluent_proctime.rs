//! `PROCTIME()` in the confluent dialect: Confluent Cloud refuses it ("Function 'PROCTIME' is not
//! supported in Confluent's Flink SQL dialect.", WAVE2-RESEARCH.md §1.4, community-sourced), at
//! the call; in the flink dialect it is Apache Flink's processing-time attribute.

use joinlab_engine::{run_script, Dialect, RunConfig};

const TABLE: &str = "CREATE TABLE orders (\n  id INT,\n  proc_time AS PROCTIME()\n);\nINSERT INTO orders VALUES (1);\nSELECT id FROM orders;\n";

#[test]
fn the_confluent_dialect_refuses_proctime_where_it_stands() {
    let t = run_script(TABLE, &RunConfig { dialect: Dialect::Confluent, trace: false });
    let e = t.harness_error.expect("the CREATE TABLE fails");
    assert_eq!(e.message, "Function 'PROCTIME' is not supported in Confluent's Flink SQL dialect.");
    assert_eq!((e.line, e.column), (Some(3), Some(16)));
    // in a query: that query fails, the others run
    let script = "CREATE TABLE orders (id INT);\nINSERT INTO orders VALUES (1);\nSELECT id, PROCTIME() AS pt FROM orders;\nSELECT id FROM orders;\n";
    let t = run_script(script, &RunConfig { dialect: Dialect::Confluent, trace: false });
    let e = t.queries[0].error.as_ref().expect("rejected");
    assert_eq!((e.line, e.column), (Some(3), Some(12)));
    assert!(t.queries[1].error.is_none());
}

#[test]
fn the_flink_dialect_runs_proctime() {
    let t = run_script(TABLE, &RunConfig { dialect: Dialect::Flink, trace: false });
    assert!(t.harness_error.is_none());
    assert!(t.queries[0].error.is_none());
    // the script's own SET wins over the run's default
    let t = run_script(&format!("SET 'joinlab.dialect' = 'flink';\n{}", TABLE), &RunConfig::default());
    assert!(t.harness_error.is_none());
}
