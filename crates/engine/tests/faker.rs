//! Faker tables in scripts (issue 20): `'connector' = 'faker'` as Confluent Cloud writes it,
//! seeds, the simulated clock behind `date.past` and `$rowtime`, and the CREATE TABLE errors with
//! their line and column. Each expression's values are tested in `datagen::faker::tests`.

use joinlab_engine::output::TextOptions;
use joinlab_engine::trace::{ScriptTrace, StepKind};
use joinlab_engine::{run_script, run_to_text, Dialect, RunConfig};

fn text(script: &str) -> String {
    run_to_text(script, &RunConfig { dialect: Dialect::Confluent, trace: false }, &TextOptions::default())
}

fn trace(script: &str) -> ScriptTrace {
    run_script(script, &RunConfig { dialect: Dialect::Confluent, trace: true })
}

const CUSTOMERS: &str = "CREATE TABLE customers (
  id INT,
  name STRING,
  city STRING
) WITH (
  'connector' = 'faker',
  'number-of-rows' = '6',
  'fields.id.expression' = '#{Number.numberBetween ''1'',''4''}',
  'fields.name.expression' = 'Dr. #{Name.lastName}',
  'fields.city.expression' = '#{Address.city}'
);
";

/// The rows a query's steps show, in order.
fn rows(t: &ScriptTrace, q: usize) -> Vec<String> {
    t.queries[q].steps.iter().flat_map(|s| s.output.iter().map(|r| r.text.clone())).collect()
}

#[test]
fn the_same_seed_gives_the_same_rows_and_another_seed_others() {
    let script = format!("{}SELECT * FROM customers;", CUSTOMERS);
    let a = text(&script);
    assert_eq!(a, text(&script));
    let b = text(&format!("SET 'joinlab.seed' = '2';\n{}", script));
    assert_ne!(a, b);
    assert_eq!(b, text(&format!("SET 'joinlab.seed' = '2';\n{}", script)));
    // six rows with either seed, each as its expressions say
    for s in [script.clone(), format!("SET 'joinlab.seed' = '2';\n{}", script)] {
        let t = trace(&s);
        assert_eq!(t.queries[0].steps.iter().filter(|s| s.kind == StepKind::Row).count(), 6);
    }
    for r in rows(&trace(&script), 0) {
        // +I[id, Dr. Name, City]
        let inner = r.strip_prefix("+I[").and_then(|s| s.strip_suffix(']')).unwrap();
        let f: Vec<&str> = inner.split(", ").collect();
        assert!(["1", "2", "3"].contains(&f[0]), "{}", r);
        assert!(f[1].starts_with("Dr. ") && !f[2].is_empty(), "{}", r);
    }
}

#[test]
fn rows_come_every_second_and_date_past_is_before_the_rows_time() {
    let t = trace(
        "CREATE TABLE clicks (
  url STRING,
  ts TIMESTAMP(3),
  WATERMARK FOR ts AS ts - INTERVAL '10' SECOND
) WITH (
  'connector' = 'faker',
  'number-of-rows' = '20',
  'fields.url.expression' = '/#{Lorem.word}.html',
  'fields.ts.expression' = '#{date.past ''10'',''SECONDS''}'
);
SELECT url, ts, `$rowtime` FROM clicks;",
    );
    let q = &t.queries[0];
    assert!(q.error.is_none(), "{:?}", q.error);
    let out: Vec<Vec<String>> = q.steps.iter().flat_map(|s| s.output.iter().map(|r| r.row.clone())).collect();
    assert_eq!(out.len(), 20);
    for (i, r) in out.iter().enumerate() {
        assert!(r[0].starts_with('/') && r[0].ends_with(".html"), "{:?}", r);
        // one row a second from 2024-01-01 00:00:00 UTC (no rows-per-second)
        let rowtime = format!("2024-01-01 00:00:{:02}.000", i);
        assert_eq!(r[2], rowtime);
        // ts: at most 10 s before $rowtime, never at it
        let secs = |s: &str| -> f64 {
            let (d, t) = s.split_once(' ').unwrap();
            let day = if d == "2023-12-31" { -86_400.0 } else { 0.0 };
            let p: Vec<f64> = t.split(':').map(|x| x.parse().unwrap()).collect();
            day + p[0] * 3600.0 + p[1] * 60.0 + p[2]
        };
        let lag = secs(&r[2]) - secs(&r[1]);
        assert!(lag > 0.0 && lag <= 10.0, "{:?}", r);
    }
}

#[test]
fn two_faker_tables_join() {
    let t = trace(&format!(
        "{}CREATE TABLE orders (
  order_id STRING,
  customer_id INT,
  product STRING
) WITH (
  'connector' = 'faker',
  'number-of-rows' = '10',
  'fields.order_id.expression' = '#{{numerify ''o-####''}}',
  'fields.customer_id.expression' = '#{{Number.numberBetween ''1'',''4''}}',
  'fields.product.expression' = '#{{Commerce.productName}}'
);
SELECT o.order_id, o.product, c.name FROM orders o JOIN customers c ON o.customer_id = c.id;",
        CUSTOMERS
    ));
    let q = &t.queries[0];
    assert!(q.error.is_none(), "{:?}", q.error);
    let out = rows(&t, 0);
    assert!(!out.is_empty());
    assert!(out.iter().all(|r| r.starts_with("+I[o-") && r.contains(", Dr. ")), "{:?}", out);
}

#[test]
fn create_table_errors_carry_the_columns_line_and_column() {
    let bad = |options: &str| {
        trace(&format!(
            "SELECT 1;\nCREATE TABLE t (\n  id INT,\n  name STRING\n) WITH (\n  'connector' = 'faker',\n{}\n);\nSELECT * FROM t;",
            options
        ))
    };
    // an expression JoinLab does not generate: at the column `name` (line 4, column 3)
    let t = bad("  'fields.id.expression' = '#{Number.randomDigit}',\n  'fields.name.expression' = '#{Pokemon.name}'");
    let e = t.harness_error.as_ref().expect("an unsupported expression fails the CREATE TABLE");
    assert!(
        e.message.starts_with(
            "faker: unsupported expression '#{Pokemon.name}' for field 'name' (JoinLab supports: Name.firstName"
        ),
        "{}",
        e.message
    );
    assert!(e.message.contains("Commerce.productName") && e.message.contains("docs/mock-data.md"), "{}", e.message);
    assert_eq!((e.line, e.column), (Some(4), Some(3)));
    // text into INT: at the column `id`
    let t = bad("  'fields.id.expression' = '#{Address.city}',\n  'fields.name.expression' = 'x'");
    let e = t.harness_error.as_ref().expect("a value of the wrong type fails the CREATE TABLE");
    assert!(
        e.message.contains("for field 'id' gives '") && e.message.contains("', which does not fit its type INT"),
        "{}",
        e.message
    );
    assert_eq!((e.line, e.column), (Some(3), Some(3)));
    // an unknown option: at the table's name (line 2, column 14)
    let t = bad("  'fields.id.expression' = '1',\n  'fields.name.expression' = 'x',\n  'fields.name.max' = '3'");
    let e = t.harness_error.as_ref().expect("an unknown option fails the CREATE TABLE");
    assert!(e.message.starts_with("Unsupported options found for 'faker'."), "{}", e.message);
    assert!(e.message.contains("fields.name.max"), "{}", e.message);
    assert_eq!((e.line, e.column), (Some(2), Some(14)));
}

/// `joinlab export` keeps a faker table's options for both targets (docs/export.md): Confluent
/// Cloud has faker tables, Apache Flink needs flink-faker's JAR; JoinLab's own options become
/// comments.
#[cfg(feature = "export")]
#[test]
fn exports_keep_the_faker_options() {
    use joinlab_engine::export::{export, Target};
    let script = format!(
        "{}SELECT * FROM customers;",
        CUSTOMERS.replace("'number-of-rows' = '6',", "'number-of-rows' = '6',\n  'joinlab.seed' = '5',")
    );
    for target in [Target::Flink, Target::Confluent] {
        let e = export(&script, target, Dialect::Confluent).unwrap();
        let with = e.text.split("CREATE TABLE customers").nth(1).and_then(|t| t.split(");").next()).unwrap_or("");
        assert!(with.contains("'connector' = 'faker'"), "{:?}: {}", target, e.text);
        assert!(with.contains("'fields.id.expression' = '#{Number.numberBetween ''1'',''4''}'"), "{}", e.text);
        assert!(with.contains("'fields.name.expression' = 'Dr. #{Name.lastName}'"), "{}", e.text);
        assert!(with.contains("'number-of-rows' = '6'"), "{}", e.text);
        // JoinLab's own option: a comment, not a table option
        assert!(!with.contains("joinlab.seed"), "{}", e.text);
        assert!(e.text.contains("'joinlab.seed' = '5'"), "{}", e.text);
        let says = match target {
            Target::Flink => "'connector' = 'faker' needs flink-faker's JAR in Flink's lib/",
            _ => "Confluent Cloud generates this faker table's rows itself",
        };
        assert!(e.text.contains(says), "{}", e.text);
    }
}
