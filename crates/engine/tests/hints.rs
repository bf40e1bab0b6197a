//! The hints catalogue (`crates/engine/src/hints.rs`): one test per hint, each through the
//! trace the page reads (`ErrorInfo.hint`, `shown`, the spans), and each checking that Flink's
//! own message stays word for word what it was.

use joinlab_engine::trace::{ErrorInfo, ScriptTrace};
use joinlab_engine::{run_script, Dialect, RunConfig};

fn trace(script: &str, dialect: Dialect) -> ScriptTrace {
    run_script(script, &RunConfig { dialect, trace: false })
}

/// The first error of the script: its own, else the first query's.
fn first_error(script: &str, dialect: Dialect) -> ErrorInfo {
    let t = trace(script, dialect);
    t.harness_error
        .clone()
        .or_else(|| t.queries.iter().find_map(|q| q.error.clone()))
        .unwrap_or_else(|| panic!("no error for:\n{}", script))
}

const README_TABLES: &str = "SET 'sql.local-time-zone' = 'UTC';
CREATE TABLE LeftTable (row_time TIMESTAMP(3), num INT, id STRING, WATERMARK FOR row_time AS row_time);
CREATE TABLE RightTable (row_time TIMESTAMP(3), num INT, id STRING, WATERMARK FOR row_time AS row_time);
INSERT INTO LeftTable VALUES (TIMESTAMP '2023-11-03 12:22:47.268', 1, 'L1'), (TIMESTAMP '2023-11-03 12:22:43.189', 2, 'L2');
INSERT INTO RightTable VALUES (TIMESTAMP '2023-11-03 12:23:22.045', 2, 'R2');
";

/// Seed 000's FULL OUTER window join, as the seed writes it (`DESCRIPTOR($rowtime)`).
const SEED_000_QUERY: &str = "SELECT L.num as L_Num, L.id as L_Id, R.num as R_Num, R.id as R_Id,
  COALESCE(L.window_start, R.window_start) as window_start,
  COALESCE(L.window_end, R.window_end) as window_end
  FROM (
    SELECT * FROM TUMBLE(TABLE LeftTable, DESCRIPTOR($rowtime), INTERVAL '5' MINUTES)
  ) L
  FULL JOIN (
    SELECT * FROM TUMBLE(TABLE RightTable, DESCRIPTOR($rowtime), INTERVAL '5' MINUTES)
  ) R
  ON L.num = R.num AND L.window_start = R.window_start AND L.window_end = R.window_end;
";

#[test]
fn the_seed_window_join_on_rowtime_names_the_declared_time_attribute() {
    let e = first_error(&format!("{}{}", README_TABLES, SEED_000_QUERY), Dialect::Confluent);
    // Flink's words, unchanged
    assert_eq!(
        e.message,
        "Error while applying rule StreamPhysicalWindowTableFunctionRule(in:LOGICAL,out:STREAM_PHYSICAL)"
    );
    assert!(e.text.contains("The window function requires the timecol is a time attribute type"), "{}", e.text);
    assert_eq!(
        e.hint.as_deref(),
        Some("`$rowtime` is not LeftTable's time attribute: the table declares `WATERMARK FOR row_time`; use `DESCRIPTOR(row_time)`, or drop the WATERMARK clause to use `$rowtime`'s default watermark")
    );
    // the underline covers `DESCRIPTOR($rowtime)` on script line 10 (the query's fifth line)
    let line = SEED_000_QUERY.lines().nth(4).unwrap();
    let col = line.find("DESCRIPTOR").unwrap() + 1;
    assert_eq!((e.line, e.column), (Some(10), Some(col)));
    assert_eq!((e.end_line, e.end_column), (Some(10), Some(col + "DESCRIPTOR($rowtime)".len() - 1)));
}

#[test]
fn a_time_column_without_watermark_says_to_declare_one() {
    let s = "CREATE TABLE t (ts TIMESTAMP(3), v INT);\nINSERT INTO t VALUES (TIMESTAMP '2024-01-01 00:00:00', 1);\nSELECT * FROM TABLE(TUMBLE(TABLE t, DESCRIPTOR(ts), INTERVAL '1' MINUTE));\n";
    let e = first_error(s, Dialect::Flink);
    assert_eq!(
        e.hint.as_deref(),
        Some("`ts` is not a time attribute: t declares no WATERMARK; add `WATERMARK FOR ts AS ts` to its CREATE TABLE")
    );
}

const T: &str = "CREATE TABLE t (a INT, b INT);\nINSERT INTO t VALUES (1, 2);\n";

#[test]
fn a_misspelt_join_gets_did_you_mean_and_one_position() {
    let e = first_error(&format!("{}SELECT t.a\nFROM t\nJION t u ON t.a = u.a;\n", T), Dialect::Flink);
    // Flink's message counts inside the statement (line 3); the page's text has no second position
    assert_eq!(e.message, "SQL parse failed. Encountered \"t\" at line 3, column 6.\nWas expecting: end of statement");
    assert_eq!(e.shown, "SQL parse failed. Encountered \"t\".\nWas expecting: end of statement");
    assert_eq!((e.line, e.column), (Some(5), Some(6)));
    assert_eq!(
        e.hint.as_deref(),
        Some("did you mean `JOIN`? `JION` is not a Flink SQL keyword, so the parser read it as a name")
    );
    assert_eq!((e.hint_line, e.hint_column, e.hint_end_line, e.hint_end_column), (Some(5), Some(1), Some(5), Some(4)));
}

#[test]
fn selec_form_wher_and_gropu_get_their_keywords() {
    for (q, want) in [
        ("SELEC a FROM t;", "SELECT"),
        ("SELECT a FORM t;", "FROM"),
        ("SELECT a FROM t WHER a = 1;", "WHERE"),
        ("SELECT a FROM t GROPU BY a;", "GROUP"),
    ] {
        let e = first_error(&format!("{}{}\n", T, q), Dialect::Flink);
        assert_eq!(e.kind, joinlab_engine::error::ErrorKind::Parse, "{}", q);
        let h = e.hint.unwrap_or_default();
        assert!(h.starts_with(&format!("did you mean `{}`?", want)), "{}: {}", q, h);
    }
    // a parse error next to ordinary names has no such hint
    let e = first_error(&format!("{}SELECT a b c FROM t;\n", T), Dialect::Flink);
    assert_eq!(e.hint, None, "{:?}", e.hint);
}

#[test]
fn a_parse_error_underlines_the_whole_token() {
    let e = first_error(&format!("{}SELECT a FROM t WHERE a = = 1;\n", T), Dialect::Flink);
    assert_eq!(e.kind, joinlab_engine::error::ErrorKind::Parse);
    let e2 = first_error(&format!("{}SELECT a FROM t t2 extra;\n", T), Dialect::Flink);
    // `extra` at column 20 of line 3: the underline ends with its last letter
    assert_eq!(
        (e2.line, e2.column, e2.end_line, e2.end_column),
        (Some(3), Some(20), Some(3), Some(24)),
        "{}",
        e2.message
    );
    assert!(e.end_column >= e.column);
}

#[test]
fn an_unclosed_string_points_at_its_opening_quote() {
    let s = "CREATE TABLE orders (id INT, name STRING);
INSERT INTO orders VALUES (1, 'abc');
SELECT id FROM orders WHERE name = 'abc;
SELECT id FROM orders;
SELECT id
FROM orders;
SELECT name FROM orders WHERE name = 'x';
";
    let e = first_error(s, Dialect::Flink);
    // Flink reports the quote it found unclosed, four lines later; the hint points at the start
    assert_eq!(e.message, "SQL parse failed. Unterminated string literal at line 5, column 40");
    assert_eq!((e.line, e.column), (Some(7), Some(40)));
    assert_eq!(
        (e.hint_line, e.hint_column, e.hint_end_line, e.hint_end_column),
        (Some(3), Some(36), Some(3), Some(40))
    );
    assert!(e.hint.as_deref().unwrap_or_default().contains("starts at line 3, column 36"), "{:?}", e.hint);
    // a string never closed at all: its quote, and only that line underlined
    let e = first_error(&format!("{}SELECT a FROM t WHERE a = 'x\n", T), Dialect::Flink);
    assert!(e.hint.as_deref().unwrap_or_default().contains("is never closed"), "{:?}", e.hint);
    assert_eq!((e.line, e.column, e.end_line), (Some(3), Some(27), Some(3)));
}

#[test]
fn an_unknown_column_lists_the_columns_and_the_nearest_name() {
    let e = first_error(&format!("{}SELECT aa FROM t;\n", T), Dialect::Flink);
    assert!(e.message.contains("Column 'aa' not found in any table"), "{}", e.message);
    assert_eq!(e.shown, "SQL validation failed. Column 'aa' not found in any table");
    assert_eq!(e.hint.as_deref(), Some("did you mean `a`? (t has a, b)"));
    let e = first_error(&format!("{}SELECT zzz FROM t;\n", T), Dialect::Flink);
    assert_eq!(e.hint.as_deref(), Some("no column `zzz` here: t has a, b"));
}

#[test]
fn a_descriptor_naming_no_column_lists_the_table_columns() {
    let s = "CREATE TABLE t (ts TIMESTAMP(3), v INT, WATERMARK FOR ts AS ts);\nSELECT * FROM TABLE(TUMBLE(TABLE t, DESCRIPTOR(tss), INTERVAL '1' MINUTE));\n";
    let e = first_error(s, Dialect::Flink);
    assert!(e.message.contains("Unknown identifier 'tss'"), "{}", e.message);
    assert_eq!(e.hint.as_deref(), Some("did you mean `ts`? (t has ts, v)"));
}

#[test]
fn the_ptf_tutorial_query_without_create_function_names_process_table_functions() {
    let tutorial = include_str!("../../../www/examples/11_ptf_sensor_fusion_tutorial.sql");
    let without: String = tutorial
        .split("\n\n")
        .filter(|b| !b.trim_start().starts_with("CREATE FUNCTION") && !b.trim_start().starts_with("--"))
        .collect::<Vec<_>>()
        .join("\n\n");
    let e = first_error(&without, Dialect::Flink);
    assert!(
        e.message.contains("No match found for function signature SensorFusionPtf(temperature_reading =>"),
        "{}",
        e.message
    );
    assert_eq!(
        e.hint.as_deref(),
        Some("SensorFusionPtf is a process table function, and the script has not created it: add `CREATE FUNCTION SensorFusionPtf AS 'io.confluent.developer.SensorFusionPtf';` before the query (JoinLab has it built in, so any JAR is accepted)")
    );
}

#[test]
fn a_user_defined_ptf_class_is_refused_by_its_name() {
    let e = first_error("CREATE FUNCTION MyPtf AS 'com.example.MyPtf';\nSELECT 1;\n", Dialect::Flink);
    assert!(
        e.message.starts_with(
            "not supported yet: user-defined process table functions (CREATE FUNCTION MyPtf AS 'com.example.MyPtf')"
        ),
        "{}",
        e.message
    );
}

#[test]
fn a_validation_position_is_shown_once_in_script_lines() {
    let e = first_error(&format!("{}SELECT a,\n  c FROM t;\n", T), Dialect::Flink);
    assert!(
        e.message.starts_with("SQL validation failed. From line 2, column 3 to line 2, column 3: ")
            || e.message.starts_with("SQL validation failed. At line 2, column 3: "),
        "{}",
        e.message
    );
    assert_eq!(e.shown, "SQL validation failed. Column 'c' not found in any table");
    assert_eq!((e.line, e.column), (Some(4), Some(3)));
}

#[test]
fn match_recognize_is_refused_by_its_name_not_as_a_parse_error() {
    let s = "CREATE TABLE t (a INT, ts TIMESTAMP(3), WATERMARK FOR ts AS ts);\nSELECT * FROM t MATCH_RECOGNIZE (ORDER BY ts MEASURES A.a AS x PATTERN (A) DEFINE A AS a > 0);\n";
    let e = first_error(s, Dialect::Flink);
    assert_eq!(e.message, "not supported yet: MATCH_RECOGNIZE (row pattern recognition, Flink's CEP in SQL)");
    assert_eq!((e.line, e.column, e.end_column), (Some(2), Some(17), Some(31)));
}
