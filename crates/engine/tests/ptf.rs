//! Process table functions beyond what the oracle can run: the tutorial's own `CREATE FUNCTION
//! SensorFusionPtf AS 'io.confluent.developer.SensorFusionPtf' USING JAR …` (its class and jar do
//! not exist in the oracle, so these cases are derived by hand).
//!
//! * By-time arrival: the tutorial's query selects columns by name, and every closed window of
//!   the tutorial's data has readings of both tables, so the tutorial's class gives exactly what
//!   oracle scenario `i3` (tests/conformance/ptf/sensor_fusion_sql_by_time) gives.
//! * As-written arrival: the tutorial's class emits a window only when both lists have readings
//!   (WAVE2-RESEARCH.md §5.4, read from the tutorial's source: `emitWindowResult` returns early,
//!   Guava's `Quantiles.median()` needs values). All temperatures arrive first, so every window a
//!   row closes holds one table's readings only: no row at all, where the oracle's class (`i4`,
//!   an empty list's median is NaN) emits 6 FALSE rows.
//! * `SELECT *`: the tutorial's output is a POJO (`windowStart LocalDateTime, windowEnd
//!   LocalDateTime, needsMaintenance boolean`, §5.4); by the oracle README's POJO rule (seen in
//!   `i8`) its columns come alphabetically, `LocalDateTime` as `TIMESTAMP(9)`, the primitive NOT
//!   NULL — after the partition keys and before `rowtime`.

use joinlab_engine::{run_script, Dialect, RunConfig};

const I3: &str = include_str!("../../../tests/conformance/ptf/sensor_fusion_sql_by_time.sql");

/// Runs a script; the tutorial's `USING JAR 'confluent-artifact://…'` form runs in the
/// confluent dialect (Apache Flink cannot read that JAR: tests/conformance/ptf/tutorial_using_jar).
fn run(script: &str) -> joinlab_engine::trace::QueryTrace {
    let dialect = if script.contains("USING JAR") { Dialect::Confluent } else { Dialect::Flink };
    let t = run_script(script, &RunConfig { dialect, trace: false });
    t.queries.into_iter().next().expect("one query")
}

/// The flink dialect answers Flink's error for the tutorial's JAR (oracle:
/// tests/conformance/ptf/tutorial_using_jar), and "not supported yet" for a JAR Flink could read.
#[test]
fn the_tutorials_jar_fails_in_the_flink_dialect() {
    let tutorial = I3.replace(
        "CREATE TEMPORARY FUNCTION SensorFusionPtf AS 'oracle.udf.SensorFusionPtf';",
        "CREATE FUNCTION SensorFusionPtf\nAS 'io.confluent.developer.SensorFusionPtf'\nUSING JAR 'confluent-artifact://cfa-123456';",
    );
    let flink = |s: &str| {
        let t = run_script(s, &RunConfig { dialect: Dialect::Flink, trace: false });
        t.queries.first().and_then(|q| q.error.as_ref().map(|e| e.message.clone())).unwrap_or_default()
    };
    assert!(flink(&tutorial).starts_with("SQL validation failed. Failed to register resource"), "{}", flink(&tutorial));
    let file = tutorial.replace("confluent-artifact://cfa-123456", "file:///tmp/ptf.jar");
    assert!(
        flink(&file).starts_with("not supported yet: CREATE FUNCTION SensorFusionPtf … USING JAR"),
        "{}",
        flink(&file)
    );
}

#[test]
fn the_tutorials_create_function_binds_the_built_in() {
    let oracle_form = "CREATE TEMPORARY FUNCTION SensorFusionPtf AS 'oracle.udf.SensorFusionPtf';";
    assert!(I3.contains(oracle_form));
    let tutorial = I3.replace(
        oracle_form,
        "CREATE FUNCTION SensorFusionPtf\nAS 'io.confluent.developer.SensorFusionPtf'\nUSING JAR 'confluent-artifact://cfa-123456';",
    );
    let (a, b) = (run(I3), run(&tutorial));
    assert!(b.error.is_none(), "{:?}", b.error);
    assert_eq!(a.materialized_bounded, b.materialized_bounded);
    let rows = b.materialized_bounded.unwrap_or_default();
    assert_eq!(
        rows,
        vec![
            "[M1, M1, 2026-08-01 09:00:00, 2026-08-01 09:05:00, TRUE]".to_string(),
            "[M2, M2, 2026-08-01 09:00:00, 2026-08-01 09:05:00, FALSE]".to_string(),
        ]
    );
}

const I4: &str = include_str!("../../../tests/conformance/ptf/sensor_fusion_sql_as_written.sql");
const ORACLE_FORM: &str = "CREATE TEMPORARY FUNCTION SensorFusionPtf AS 'oracle.udf.SensorFusionPtf';";
const TUTORIAL_FORM: &str = "CREATE FUNCTION SensorFusionPtf\nAS 'io.confluent.developer.SensorFusionPtf'\nUSING JAR 'confluent-artifact://cfa-123456';";

#[test]
fn the_tutorials_class_emits_nothing_as_written() {
    assert!(I4.contains(ORACLE_FORM));
    let oracle = run(I4);
    assert_eq!(oracle.materialized_bounded.as_ref().map(|r| r.len()), Some(6), "i4: 6 FALSE rows");
    let tutorial = run(&I4.replace(ORACLE_FORM, TUTORIAL_FORM));
    assert!(tutorial.error.is_none() && tutorial.runtime_error.is_none(), "{:?}", tutorial.error);
    assert_eq!(tutorial.materialized_bounded, Some(Vec::new()));
}

#[test]
fn the_tutorials_pojo_columns_for_select_star() {
    let start = I3.find("SELECT").expect("a query");
    let end = I3[start..].find("FROM SensorFusionPtf").expect("the call") + start;
    let star = format!("{}SELECT * {}", &I3[..start], &I3[end..]).replace(ORACLE_FORM, TUTORIAL_FORM);
    let q = run(&star);
    assert!(q.error.is_none(), "{:?}", q.error);
    let cols: Vec<String> = q.schema.iter().map(|f| format!("{} {}", f.name, f.ty)).collect();
    assert_eq!(
        cols,
        vec![
            "machine_id STRING",
            "sensor_id STRING",
            "needsMaintenance BOOLEAN NOT NULL",
            "windowEnd TIMESTAMP(9)",
            "windowStart TIMESTAMP(9)",
            "rowtime TIMESTAMP(3) NOT NULL *ROWTIME*",
        ]
    );
    let rows = q.materialized_bounded.unwrap_or_default();
    assert_eq!(rows.len(), 2);
    assert!(
        rows[0].starts_with(
            "[M1, M1, TRUE, 2026-08-01 09:05:00.000000000, 2026-08-01 09:00:00.000000000, 2026-08-01 09:05:10.000]"
        ),
        "{}",
        rows[0]
    );
}

#[test]
fn a_missing_partition_by_is_flinks_invalid_function_call() {
    // (Flink's words: oracle scenario ptf/errors_partition_by)
    let s = I3.replace("TABLE humidity_readings PARTITION BY sensor_id", "TABLE humidity_readings");
    assert!(error_of(&s).starts_with("SQL validation failed. Invalid function call:\n"), "{}", error_of(&s));
}

fn error_of(script: &str) -> String {
    let t = run_script(script, &RunConfig { dialect: Dialect::Flink, trace: false });
    t.queries.first().and_then(|q| q.error.as_ref().map(|e| e.message.clone())).unwrap_or_default()
}

/// Issue 13: the tutorial's CREATE FUNCTION is optional on the page (the Confluent dialect): the
/// built-in is the tutorial's class and a note says Flink needs the statement; Flink's dialect
/// answers as Flink does (Calcite's "No match found", oracle scenario ptf/errors_unknown_function).
#[test]
fn without_create_function_the_page_runs_the_built_in() {
    let script = I3.replace(ORACLE_FORM, "");
    let t = run_script(&script, &RunConfig { dialect: Dialect::Confluent, trace: false });
    let q = t.queries.into_iter().next().expect("one query");
    assert!(q.error.is_none(), "{:?}", q.error);
    assert_eq!(q.materialized_bounded, run(I3).materialized_bounded);
    assert!(q.notes.iter().any(|n| n.contains("SensorFusionPtf is not created in this script")), "{:?}", q.notes);
    assert!(
        error_of(&script).contains("No match found for function signature SensorFusionPtf("),
        "{}",
        error_of(&script)
    );
}

/// Flink applies `table.exec.state.ttl` to a PTF's state; JoinLab does not model that yet, so
/// the call is refused rather than run without expiry.
#[test]
fn state_ttl_of_a_ptf_is_not_supported_yet() {
    let script = format!("SET 'table.exec.state.ttl' = '1 h';\n{}", I3);
    assert!(
        error_of(&script).contains("not supported yet: SensorFusionPtf with 'table.exec.state.ttl' set"),
        "{}",
        error_of(&script)
    );
}
