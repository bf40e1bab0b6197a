//! Process table functions beyond what the oracle can run: the tutorial's own `CREATE FUNCTION`
//! (its class and jar do not exist in the oracle, so this case is derived by hand: the function
//! binds the built-in `SensorFusionPtf`, so the script must give exactly what oracle scenario
//! `i3` (tests/conformance/ptf/sensor_fusion_sql_by_time) gives), and the refusals of this slice.

use joinlab_engine::{run_script, Dialect, RunConfig};

const I3: &str = include_str!("../../../tests/conformance/ptf/sensor_fusion_sql_by_time.sql");

fn run(script: &str) -> joinlab_engine::trace::QueryTrace {
    let t = run_script(script, &RunConfig { dialect: Dialect::Flink, trace: false });
    t.queries.into_iter().next().expect("one query")
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

fn error_of(script: &str) -> String {
    let t = run_script(script, &RunConfig { dialect: Dialect::Flink, trace: false });
    t.queries.first().and_then(|q| q.error.as_ref().map(|e| e.message.clone())).unwrap_or_default()
}

#[test]
fn built_ins_of_later_slices_are_not_supported_yet() {
    let s = "CREATE TEMPORARY FUNCTION GreetingPtf AS 'oracle.udf.GreetingPtf';
CREATE TABLE t (name STRING);
INSERT INTO t VALUES ('Bob');
SELECT * FROM GreetingPtf(input => TABLE t PARTITION BY name);
";
    assert!(error_of(s).contains("not supported yet: the process table function GreetingPtf"), "{}", error_of(s));
}

#[test]
fn a_missing_partition_by_is_flinks_invalid_function_call() {
    // (Flink's words: oracle scenario ptf/errors_partition_by)
    let s = I3.replace("TABLE humidity_readings PARTITION BY sensor_id", "TABLE humidity_readings");
    assert!(error_of(&s).starts_with("SQL validation failed. Invalid function call:\n"), "{}", error_of(&s));
}
