//! The fast INSERT reader (`data::fast_insert`) against the sqlparser reader, which is the
//! definition: each INSERT statement of the conformance scenarios and the page's examples, and
//! a seeded generated corpus of literal tuples (signs, decimals, exponents, overflow, '' escapes,
//! unicode, NULLs, casts, wrong types and arity, bad timestamps, column lists, stray syntax),
//! must give the same source events or the same error (message, causes, position) either way,
//! in both dialects.

use std::path::{Path, PathBuf};

use joinlab_engine::data::fast_insert::{taken, with_slow_reader};
use joinlab_engine::script::{split, ItemKind};
use joinlab_engine::{prepare, Dialect, RunConfig};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn sql_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(rd) = std::fs::read_dir(dir) else { return };
    let mut entries: Vec<PathBuf> = rd.filter_map(|e| e.ok().map(|e| e.path())).collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            sql_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "sql") {
            out.push(p);
        }
    }
}

/// Everything `prepare` gives: the events and arrival, or the error with what came before it.
fn outcome(script: &str, dialect: Dialect) -> String {
    match prepare(script, &RunConfig { dialect, trace: false }) {
        Ok(p) => format!("ok {:?}\n{:?}\n{:?}\n{:?}", p.events, p.arrival, p.notes, p.statements),
        Err((notes, statements, e)) => format!("err {:?}\n{:?}\n{:?}", e, notes, statements),
    }
}

/// Runs both readers on a script; returns whether the fast one took an INSERT.
fn same_both_ways(script: &str, dialect: Dialect, what: &str) -> bool {
    let before = taken();
    let fast = outcome(script, dialect);
    let after = taken();
    let slow = with_slow_reader(|| outcome(script, dialect));
    assert_eq!(taken(), after, "the slow run took the fast reader");
    if fast != slow {
        panic!("{}: the readers differ\n--- script\n{}\n--- fast\n{}\n--- sqlparser\n{}", what, script, fast, slow);
    }
    after > before
}

/// The script with every INSERT but the `keep`-th blanked out (lines kept, so positions stay).
fn with_one_insert(script: &str, keep: usize) -> Option<String> {
    let items = split(script).ok()?;
    let mut lines: Vec<String> = script.split('\n').map(String::from).collect();
    let mut k = 0;
    let mut found = false;
    for it in &items {
        let ItemKind::Sql(s) = &it.kind else { continue };
        if !s.trim_start().to_ascii_uppercase().starts_with("INSERT") {
            continue;
        }
        if k == keep {
            found = true;
        } else {
            let n = s.matches('\n').count();
            for l in lines.iter_mut().skip(it.line - 1).take(n + 1) {
                l.clear();
            }
        }
        k += 1;
    }
    found.then(|| lines.join("\n"))
}

#[test]
fn every_insert_of_the_scenarios_and_examples_reads_the_same() {
    let mut files = Vec::new();
    sql_files(&root().join("tests/conformance"), &mut files);
    sql_files(&root().join("www/examples"), &mut files);
    sql_files(&root().join("tests/e2e/fixtures"), &mut files);
    assert!(files.len() > 100, "found {} scripts", files.len());
    let (mut statements, mut fast) = (0, 0);
    for f in &files {
        let Ok(script) = std::fs::read_to_string(f) else { continue };
        if !script.to_ascii_uppercase().contains("INSERT") {
            continue;
        }
        // the whole script, then each INSERT on its own (an earlier failure hides no later one)
        for dialect in [Dialect::Flink, Dialect::Confluent] {
            same_both_ways(&script, dialect, &f.display().to_string());
        }
        let mut keep = 0;
        while let Some(one) = with_one_insert(&script, keep) {
            statements += 1;
            if same_both_ways(&one, Dialect::Flink, &format!("{} INSERT #{}", f.display(), keep + 1)) {
                fast += 1;
            }
            keep += 1;
        }
    }
    assert!(statements > 300, "only {} INSERT statements", statements);
    // the fast reader must read most of them, or this test compares little
    assert!(fast * 2 > statements, "the fast reader took {} of {} INSERT statements", fast, statements);
}

/// A seeded xorshift generator (the corpus is the same on every run).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    fn pick<'a>(&mut self, xs: &[&'a str]) -> &'a str {
        xs[self.below(xs.len())]
    }
}

const TYPES: [&str; 17] = [
    "INT",
    "BIGINT",
    "STRING",
    "DOUBLE",
    "DECIMAL(10, 2)",
    "BOOLEAN",
    "TIMESTAMP(3)",
    "DATE",
    "TIME",
    "TINYINT",
    "SMALLINT",
    "FLOAT",
    "CHAR(3)",
    "VARCHAR(5)",
    "TIMESTAMP_LTZ(3)",
    "INT NOT NULL",
    "STRING NOT NULL",
];

/// One VALUES item: mostly literals of every kind, edge cases, now and then something else.
fn item(r: &mut Rng) -> String {
    let ints = ["0", "1", "-1", "42", "007", "2147483647", "-2147483648", "2147483648", "-2147483649"];
    let bigs = ["9223372036854775807", "-9223372036854775808", "9223372036854775808", "99999999999999999999"];
    let decs =
        ["1.5", "-1.5", "0.0", "-0.0", "1.25", "123.456", "1234567890.0123456789", "00.10", "1.0000000000000000001"];
    let exps = ["1e3", "1E3", "-1.5e-3", "2.5E+10", "0e0", "-0e0", "1e400"];
    let strs = [
        "'a'",
        "''",
        "'it''s'",
        "''''",
        "'L1'",
        "'héllo wörld'",
        "'日本語'",
        "'a,b)c'",
        "'  42 '",
        "'true'",
        "'line\nbreak'",
        "'12345678'",
        "'-- not a comment'",
    ];
    let ts = [
        "TIMESTAMP '2023-11-03 12:22:47.268'",
        "TIMESTAMP '2023-11-03 12:22:47'",
        "TIMESTAMP '2023-11-03 12:22:47.1'",
        "TIMESTAMP '2023-11-03 12:22:47.123456'",
        "timestamp '2024-02-29 00:00:00.000'",
        "TIMESTAMP '2023-02-29 00:00:00'",
        "TIMESTAMP '2023-11-03'",
        "TIMESTAMP '2023-11-03 25:00:00'",
        "TIMESTAMP'2023-11-03 12:22:47.268'",
        "TIMESTAMP ' 2023-11-03 12:22:47.268 '",
        "TIMESTAMP 'x'",
        "DATE '2023-11-03'",
        "DATE '2023-13-03'",
        "date '1970-01-01'",
        "TIME '12:22:47'",
        "TIME '12:22:47.5'",
        "TIME '24:00:00'",
        "TIMESTAMP(3) '2023-11-03 12:22:47.268'",
        "TIMESTAMP_LTZ '2023-11-03 12:22:47.268'",
    ];
    let other = [
        "TRUE",
        "FALSE",
        "true",
        "NULL",
        "null",
        "CAST(NULL AS STRING)",
        "CAST(NULL AS INT)",
        "cast(null as bigint)",
        "CAST(NULL AS DECIMAL(10, 2))",
        "CAST(NULL AS TIMESTAMP(3))",
        "CAST('abc' AS INT)",
        "CAST('  42 ' AS INT)",
        "CAST('1.5' AS DOUBLE)",
        "CAST('true' AS BOOLEAN)",
        "CAST(1 AS STRING)",
        "CAST(-1.5 AS INT)",
        "CAST('2023-11-03 12:22:47.268' AS TIMESTAMP(3))",
        "CAST(NULL AS NULL)",
        "CAST(NULL)",
        "- 5",
        "+5",
        "+ 1.5",
        "-'5'",
        "--5",
        "1 + 2",
        "'a' || 'b'",
        "'a' 'b'",
        "ABS(-1)",
        "PROCTIME()",
        "x",
        "`x`",
        "\"x\"",
        "1L",
        "1.",
        ".5",
        "1.2.3",
        "0x1F",
        "X'01'",
        "INTERVAL '1' SECOND",
        "INTERVAL '5' MILLISECOND",
        "ARRAY[1, 2]",
        "ROW(1, 'a')",
        "/*+ hint */ 1",
        "1 /* c */",
        "",
    ];
    match r.below(10) {
        0 | 1 => r.pick(&ints).to_string(),
        2 => r.pick(&bigs).to_string(),
        3 => r.pick(&decs).to_string(),
        4 => r.pick(&exps).to_string(),
        5 | 6 => r.pick(&strs).to_string(),
        7 | 8 => r.pick(&ts).to_string(),
        _ => r.pick(&other).to_string(),
    }
}

/// A value that fits a column type (so most statements get through and rows are compared).
fn fitting(r: &mut Rng, ty: &str) -> String {
    let n = r.next() % 100_000;
    let neg = if r.below(4) == 0 { "-" } else { "" };
    match ty {
        "INT" | "INT NOT NULL" | "BIGINT" => format!("{}{}", neg, n),
        "TINYINT" | "SMALLINT" => format!("CAST({}{} AS {})", neg, n % 100, ty),
        "DOUBLE" | "FLOAT" => format!("{}{}.{}e{}", neg, n % 100, n % 7, n % 5),
        "DECIMAL(10, 2)" => format!("{}{}.{:02}", neg, n, n % 100),
        "BOOLEAN" => if n % 2 == 0 { "TRUE" } else { "false" }.into(),
        "TIMESTAMP(3)" | "TIMESTAMP_LTZ(3)" => {
            format!("TIMESTAMP '2023-11-{:02} {:02}:{:02}:{:02}.{:03}'", 1 + n % 28, n % 24, n % 60, n % 59, n % 1000)
        }
        "DATE" => format!("DATE '20{:02}-{:02}-{:02}'", n % 100, 1 + n % 12, 1 + n % 28),
        "TIME" => format!("TIME '{:02}:{:02}:{:02}'", n % 24, n % 60, n % 60),
        "CHAR(3)" => format!("'{}'", &format!("{:03}", n)[..3]),
        "VARCHAR(5)" => format!("'v{}'", n % 1000),
        _ => match r.below(4) {
            0 => format!("'it''s {}'", n),
            1 => format!("'ü{}'", n),
            2 => "CAST(NULL AS STRING)".into(),
            _ => format!("'s{}'", n),
        },
    }
}

fn ws(r: &mut Rng) -> &'static str {
    ["", " ", " ", "  ", "\n  ", "\t"][r.below(6)]
}

/// A script: three tables of random column types, one INSERT into one of them.
fn generated(r: &mut Rng) -> String {
    let mut s = String::from("SET 'sql.local-time-zone' = 'UTC';\n");
    let mut tables: Vec<(String, Vec<(String, &str)>)> = Vec::new();
    for t in 0..3 {
        let width = 1 + r.below(4);
        let cols: Vec<(String, &str)> = (0..width).map(|c| (format!("c{}", c), r.pick(&TYPES))).collect();
        let name = ["Tab", "orders", "LeftTable"][t].to_string();
        let defs: Vec<String> = cols.iter().map(|(n, ty)| format!("{} {}", n, ty)).collect();
        let wm = cols.iter().find(|(_, ty)| ty.starts_with("TIMESTAMP(")).map(|(n, _)| n.clone());
        let wm = wm.map(|n| format!(", WATERMARK FOR {} AS {}", n, n)).unwrap_or_default();
        s.push_str(&format!("CREATE TABLE {} ({}{});\n", name, defs.join(", "), wm));
        tables.push((name, cols));
    }
    let (name, cols) = &tables[r.below(3)];
    let name = match r.below(24) {
        0 => name.to_ascii_uppercase(),
        1 => format!("`{}`", name),
        2 => format!("default_database.{}", name),
        3 => "Missing".into(),
        4 => "examples.marketplace.orders".into(),
        _ => name.clone(),
    };
    // a column list now and then: all of them reversed, a subset, an unknown one
    let mut order: Vec<usize> = (0..cols.len()).collect();
    let list = match r.below(8) {
        0 => {
            order.reverse();
            format!(" ({})", order.iter().map(|&i| cols[i].0.clone()).collect::<Vec<_>>().join(", "))
        }
        1 => {
            order.truncate(1);
            format!("({})", cols[0].0)
        }
        2 => {
            order.push(0);
            format!(" ({}, nope)", cols[0].0)
        }
        _ => String::new(),
    };
    let rows = 1 + r.below(5);
    let mut tuples = Vec::new();
    // two statements in five have one value of any kind (a wrong type, an edge case, …)
    let odd = if r.below(5) < 2 { Some((r.below(rows), r.below(order.len()))) } else { None };
    for row in 0..rows {
        let mut vals: Vec<String> = order.iter().map(|&i| cols[i].1).map(|ty| fitting(r, ty)).collect();
        if let Some((or, oc)) = odd {
            if or == row {
                vals[oc] = item(r);
            }
        }
        match r.below(40) {
            0 => {
                vals.pop();
            }
            1 => vals.push(item(r)),
            _ => {}
        }
        let sep = format!(",{}", ws(r));
        tuples.push(format!("({}{}{})", ws(r), vals.join(&sep), ws(r)));
    }
    let ins = ["INSERT INTO", "insert into", "INSERT  INTO", "INSERT\nINTO", "INSERT OVERWRITE", "INSERT INTO TABLE"]
        [if r.below(8) == 0 { r.below(6) } else { 0 }];
    let values = ["VALUES", "values", "VALUES\n "][r.below(3)];
    let tail = if r.below(10) == 0 { [" ,", " (", " x", ", ()", "\n"][r.below(5)] } else { "" };
    s.push_str(&format!(
        "{} {}{} {}{}{}{};\n",
        ins,
        name,
        list,
        values,
        ws(r),
        tuples.join(&format!(",{}", ws(r))),
        tail
    ));
    s.push_str("SELECT * FROM Tab;\n");
    s
}

#[test]
fn a_generated_corpus_of_literal_tuples_reads_the_same() {
    let mut r = Rng(0x9E37_79B9_7F4A_7C15);
    let (mut n, mut fast) = (0, 0);
    for k in 0..3000 {
        let script = generated(&mut r);
        let dialect = if k % 3 == 0 { Dialect::Confluent } else { Dialect::Flink };
        if same_both_ways(&script, dialect, &format!("generated #{}", k)) {
            fast += 1;
        }
        n += 1;
    }
    // most statements take the fast reader (the rest are its refusals, errors among them)
    assert!(fast * 5 > n, "the fast reader took {} of {} generated statements", fast, n);
}

/// The INSERT statement of a [`generated`] script (its lines after the SET and the three
/// CREATE TABLEs, before the closing SELECT).
fn generated_insert(r: &mut Rng) -> String {
    let script = generated(r);
    let lines: Vec<&str> = script.lines().collect();
    lines[4..lines.len() - 1].join("\n") + "\n"
}

/// Several INSERTs in one script into the same tables, with literal types that change from one
/// to the next (each from another generated script, whose tables had other types), some
/// repeated as they were (the fast reader reuses an earlier INSERT's checks for the same table,
/// columns and literal types), and between them statements that change what a name resolves to
/// or how a literal reads: USE, SET, CREATE TABLE, queries.
#[test]
fn a_sequence_of_inserts_into_the_same_tables_reads_the_same() {
    let mut r = Rng(0x2545_F491_4F6C_DD1D);
    let between = [
        "USE CATALOG examples;\nUSE marketplace;\n",
        "USE CATALOG default_catalog;\n",
        "SET 'sql.local-time-zone' = 'Europe/Berlin';\n",
        "CREATE TABLE Extra (a INT);\n",
        "SELECT * FROM orders;\n",
    ];
    let (mut several, mut n) = (0, 0);
    for k in 0..600 {
        let base = generated(&mut r);
        let lines: Vec<&str> = base.lines().collect();
        let mut s = lines[..4].join("\n") + "\n";
        // the script's own INSERT first, then new ones and repeats
        let mut inserts: Vec<String> = vec![lines[4..lines.len() - 1].join("\n") + "\n"];
        s.push_str(&inserts[0]);
        for _ in 0..1 + r.below(6) {
            let ins = match r.below(4) {
                0 => generated_insert(&mut r),
                _ => inserts[r.below(inserts.len())].clone(),
            };
            if r.below(6) == 0 {
                s.push_str(between[r.below(between.len())]);
            }
            s.push_str(&ins);
            inserts.push(ins);
        }
        s.push_str("SELECT * FROM Tab;\n");
        let dialect = if k % 3 == 0 { Dialect::Confluent } else { Dialect::Flink };
        let before = taken();
        same_both_ways(&s, dialect, &format!("sequence #{}", k));
        if taken() >= before + 2 {
            several += 1;
        }
        n += 1;
    }
    // the fast reader must have taken two or more INSERTs of many of them (a reuse to compare)
    assert!(several * 4 > n, "two or more fast INSERTs in only {} of {} scripts", several, n);
}
