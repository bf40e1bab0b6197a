//! Completion and hover on small scripts; every expected name is read off the script by hand.

use super::*;

const S: &str = "CREATE TABLE Orders (id INT, product STRING, ts TIMESTAMP(3), WATERMARK FOR ts AS ts);
CREATE TABLE Products (name STRING, price DOUBLE, PRIMARY KEY (name) NOT ENFORCED) WITH ('changelog.mode' = 'upsert');
";

/// Completion at the `|` of `text` (appended to S).
fn at(text: &str) -> Completion {
    let script = format!("{}{}", S, text);
    let cursor = script.find('|').unwrap_or(script.len());
    let script = script.replacen('|', "", 1);
    complete(&script, cursor, Dialect::Flink)
}

fn labels(c: &Completion, kind: &str) -> Vec<String> {
    c.items.iter().filter(|i| i.kind == kind).map(|i| i.label.clone()).collect()
}

#[test]
fn columns_after_an_alias_and_its_dot() {
    let c = at("SELECT o.| FROM Orders o JOIN Products p ON o.product = p.name;");
    assert_eq!(labels(&c, "column"), ["id", "product", "ts"]);
    assert_eq!(c.replace, 0);
    let c = at("SELECT p.pr| FROM Orders o JOIN Products AS p ON o.product = p.name;");
    assert_eq!(labels(&c, "column"), ["name", "price"]);
    assert_eq!(c.replace, 2);
    assert_eq!(c.items[1].detail, "DOUBLE (Products)");
}

#[test]
fn a_subquery_over_a_window_tvf_has_its_columns_and_the_window_columns() {
    let c = at("SELECT L.| FROM (SELECT * FROM TABLE(TUMBLE(TABLE Orders, DESCRIPTOR(ts), INTERVAL '5' SECOND))) L;");
    assert_eq!(labels(&c, "column"), ["id", "product", "ts", "window_start", "window_end", "window_time"]);
    // a SELECT list's own names
    let c = at("SELECT x.| FROM (SELECT id, product AS p FROM Orders) x;");
    assert_eq!(labels(&c, "column"), ["id", "p"]);
}

#[test]
fn tables_after_from_with_the_window_tvfs_and_the_examples_catalog() {
    let c = at("SELECT * FROM |");
    let t = labels(&c, "table");
    assert!(t.contains(&"Orders".to_string()) && t.contains(&"Products".to_string()), "{:?}", t);
    assert!(t.iter().any(|n| n.starts_with("examples.")), "the examples catalog: {:?}", t);
    let tpl = labels(&c, "template");
    assert_eq!(tpl, ["TUMBLE over Orders", "HOP over Orders", "CUMULATE over Orders"]);
    assert_eq!(
        c.items.iter().find(|i| i.label == "TUMBLE over Orders").and_then(|i| i.apply.clone()).as_deref(),
        Some("TABLE(TUMBLE(TABLE Orders, DESCRIPTOR(ts), INTERVAL '10' SECONDS))")
    );
}

#[test]
fn descriptor_offers_the_time_columns() {
    let c = at("SELECT * FROM TABLE(TUMBLE(TABLE Orders, DESCRIPTOR(|");
    assert_eq!(labels(&c, "column"), ["ts"]);
}

#[test]
fn set_keys_and_values() {
    let c = at("SET 'table.exec.st|");
    assert!(labels(&c, "option").contains(&"table.exec.state.ttl".to_string()));
    assert_eq!(c.replace, "table.exec.st".len());
    let c = at("SET 'joinlab.arrival' = '|");
    assert_eq!(labels(&c, "value"), ["by-time", "as-written"]);
}

#[test]
fn with_option_keys_from_the_connector_and_values() {
    let c = at("CREATE TABLE G (a INT, b STRING) WITH ('connector' = 'datagen', '|");
    let keys = labels(&c, "option");
    // Flink's datagen factory's own list for columns a and b
    for k in ["number-of-rows", "rows-per-second", "fields.a.min", "fields.a.max", "fields.b.length"] {
        assert!(keys.contains(&k.to_string()), "{} in {:?}", k, keys);
    }
    assert!(!keys.contains(&"fields.c.min".to_string()));
    let c = at("CREATE TABLE G (a INT) WITH ('connector' = '|");
    assert!(labels(&c, "value").contains(&"datagen".to_string()) && labels(&c, "value").contains(&"faker".to_string()));
    // faker's own keys for column a
    let c = at("CREATE TABLE G (a INT) WITH ('connector' = 'faker', '|");
    assert!(labels(&c, "option").contains(&"fields.a.expression".to_string()), "{:?}", labels(&c, "option"));
    let c = at("CREATE TABLE G (a INT) WITH ('changelog.mode' = '|");
    assert_eq!(labels(&c, "value"), ["append", "upsert", "retract"]);
}

#[test]
fn hints_inside_a_hint_comment() {
    let c = at("SELECT /*+ MU|");
    assert_eq!(labels(&c, "hint"), ["MULTI_JOIN", "STATE_TTL", "OPTIONS"]);
    assert_eq!(c.replace, 2);
}

#[test]
fn a_broken_statement_does_not_hide_the_others() {
    let script = format!("{}CREATE TABLE Broken (a NOTATYPE);\nSELECT | FROM Orders;", S);
    let cursor = script.find('|').unwrap_or(0);
    let c = complete(&script.replacen('|', "", 1), cursor, Dialect::Flink);
    assert!(labels(&c, "column").contains(&"product".to_string()));
    assert!(labels(&c, "function").contains(&"COALESCE".to_string()));
    // nothing in a data line or a comment
    assert!(at("@Orders 1|").items.is_empty());
    assert!(at("-- SELECT |").items.is_empty());
}

#[test]
fn hover_names_a_column_an_alias_and_a_table() {
    let q = "SELECT o.product, price FROM Orders o JOIN Products p ON o.product = p.name;";
    let script = format!("{}{}", S, q);
    let at = |w: &str| S.len() + q.find(w).unwrap_or(0) + 1;
    assert_eq!(hover(&script, at("product,"), Dialect::Flink).as_deref(), Some("product: STRING (column of Orders)"));
    assert_eq!(hover(&script, at("price"), Dialect::Flink).as_deref(), Some("price: DOUBLE (column of Products)"));
    assert_eq!(
        hover(&script, at("Orders o"), Dialect::Flink).as_deref(),
        Some("table Orders (id INT, product STRING, ts TIMESTAMP(3) *ROWTIME*)")
    );
}

#[test]
fn schema_lists_the_script_and_the_examples_catalog() {
    let s = schema(S, Dialect::Flink);
    let p = s.iter().find(|t| t.name == "Products").map(|t| (t.primary_key.clone(), t.changelog, t.origin));
    assert_eq!(p, Some((vec!["name".to_string()], "upsert", "script")));
    let o = s.iter().find(|t| t.name == "Orders").and_then(|t| t.watermark.clone());
    assert_eq!(o.as_deref(), Some("WATERMARK FOR ts AS ts"));
    assert!(s.iter().any(|t| t.origin == "examples"));
}

#[test]
fn a_statement_s_first_word_past_comments() {
    assert_eq!(first_word("-- title: x\n/* c */ CREATE TABLE t"), "CREATE");
    assert_eq!(first_word("  set 'a' = 'b'"), "set");
    assert_eq!(first_word("-- only a comment"), "");
}

#[test]
fn a_script_of_many_inserts_still_completes() {
    // 20,000 one-row INSERTs after the tables: completion reads the catalog from the DDL alone
    let mut script = S.to_string();
    for i in 0..20_000 {
        script.push_str(&format!("INSERT INTO Orders VALUES ({}, 'p', TIMESTAMP '2024-01-01 00:00:00');\n", i));
    }
    script.push_str("SELECT o. FROM Orders o;");
    let cursor = script.len() - " FROM Orders o;".len();
    let c = complete(&script, cursor, Dialect::Flink);
    assert_eq!(labels(&c, "column"), ["id", "product", "ts"]);
}
