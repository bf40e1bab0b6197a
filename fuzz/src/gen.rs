//! Grammar-aware generators: small scripts (SET options, tables, INSERT and `@` data, every
//! join kind, EXPLAIN) and queries over the fixed catalog of [`PRELUDE`], built from the
//! fuzzer's bytes through [`G`]. Every table has the same column names (`id`, `k`, `v`, `s`,
//! `ts`, and `arr` / `pt` where declared) so that most generated joins bind, and the row counts
//! stay small (at most 8 rows a table, 40 generated rows) so one run takes milliseconds.

use std::fmt::Write;

use crate::G;

/// The tables the planner target binds its queries against: an append-only stream with
/// event time and a processing-time column, a versioned table (primary key + watermark), an
/// upsert table without time, a lookup table, and a small datagen table. (Confluent's
/// dialect has no PROCTIME(): the planner target drops `pt` there.)
pub const PRELUDE: &str = "CREATE TABLE A (id INT, k INT, v DOUBLE, s STRING, ts TIMESTAMP(3), arr ARRAY<INT>, pt AS PROCTIME(), WATERMARK FOR ts AS ts - INTERVAL '1' SECOND);
CREATE TABLE B (id INT, k INT, v DOUBLE, s STRING, ts TIMESTAMP(3), PRIMARY KEY (id) NOT ENFORCED, WATERMARK FOR ts AS ts);
CREATE TABLE C (id INT, k INT, v DECIMAL(10, 2), s STRING, ts TIMESTAMP_LTZ(3), PRIMARY KEY (id) NOT ENFORCED);
CREATE TABLE L (id INT, k INT, v DOUBLE, s STRING, ts TIMESTAMP(3), PRIMARY KEY (id) NOT ENFORCED) WITH ('lookup' = 'true');
CREATE TABLE D (id INT, k INT, v DOUBLE, s STRING, ts TIMESTAMP(3), WATERMARK FOR ts AS ts) WITH ('connector' = 'datagen', 'number-of-rows' = '5', 'fields.k.min' = '0', 'fields.k.max' = '3');
";

/// The prelude's tables, for queries.
pub const PRELUDE_TABLES: &[&str] = &["A", "B", "C", "L", "D"];

const JOIN_KINDS: &[&str] = &[
    "JOIN",
    "INNER JOIN",
    "LEFT JOIN",
    "RIGHT JOIN",
    "FULL JOIN",
    "LEFT OUTER JOIN",
    "FULL OUTER JOIN",
    "CROSS JOIN",
    ",",
];
const WINDOW_JOIN_KINDS: &[&str] = &["JOIN", "LEFT JOIN", "RIGHT JOIN", "FULL JOIN"];
const UNITS: &[&str] = &["SECOND", "MINUTE", "MINUTES", "HOUR"];

fn interval(g: &mut G) -> String {
    let n = g.range(0, 10);
    let unit = g.pick(UNITS);
    format!("INTERVAL '{}' {}", n, unit)
}

/// A positive interval (window sizes, slides).
fn pos_interval(g: &mut G) -> String {
    let n = g.range(1, 10);
    let unit = g.pick(&["SECOND", "MINUTE", "MINUTES"]);
    format!("INTERVAL '{}' {}", n, unit)
}

/// A scalar expression over a table alias's columns.
fn scalar(g: &mut G, a: &str, depth: u32) -> String {
    if depth == 0 || g.one_in(2) {
        return match g.below(9) {
            0 => format!("{}.k", a),
            1 => format!("{}.v", a),
            2 => format!("{}.s", a),
            3 => format!("{}.id", a),
            4 => format!("{}", g.range(-3, 10)),
            5 => format!("'{}'", g.pick(&["a", "b", "", "x''y", "é"])),
            6 => "NULL".into(),
            7 => format!("{}.ts", a),
            _ => format!("CAST({}.k AS {})", a, g.pick(&["STRING", "BIGINT", "DOUBLE", "DECIMAL(5, 1)", "INT"])),
        };
    }
    let x = scalar(g, a, depth - 1);
    let y = scalar(g, a, depth - 1);
    match g.below(10) {
        0 => format!("({} + {})", x, y),
        1 => format!("({} * {})", x, y),
        2 => format!("({} / {})", x, y),
        3 => format!("COALESCE({}, {})", x, y),
        4 => format!("CASE WHEN {} THEN {} ELSE {} END", cond(g, a, depth - 1), x, y),
        5 => format!("UPPER(CAST({} AS STRING))", x),
        6 => format!("CONCAT(CAST({} AS STRING), '-')", x),
        7 => format!("ABS({})", x),
        8 => format!("({} % 3)", x),
        _ => format!("CHAR_LENGTH(CAST({} AS STRING))", x),
    }
}

fn cond(g: &mut G, a: &str, depth: u32) -> String {
    match g.below(7) {
        0 => format!("{}.k {} {}", a, g.pick(&["=", "<>", "<", ">=", "<="]), g.range(0, 4)),
        1 => format!("{} IS NOT NULL", scalar(g, a, depth)),
        2 => format!("{}.s LIKE '{}'", a, g.pick(&["a%", "%", "_", "b"])),
        3 if depth > 0 => format!("({} AND {})", cond(g, a, depth - 1), cond(g, a, depth - 1)),
        4 if depth > 0 => format!("({} OR {})", cond(g, a, depth - 1), cond(g, a, depth - 1)),
        5 => format!("{}.k IN ({}, {})", a, g.range(0, 3), g.range(0, 3)),
        _ => format!("{} {} {}", scalar(g, a, depth), g.pick(&["=", "<", ">"]), scalar(g, a, depth)),
    }
}

fn select_list(g: &mut G, aliases: &[&str]) -> String {
    if g.one_in(4) {
        return "*".into();
    }
    let n = 1 + g.below(4);
    let mut cols = Vec::new();
    for i in 0..n {
        let a = aliases[g.below(aliases.len())];
        let e = if g.one_in(3) { scalar(g, a, 2) } else { format!("{}.{}", a, g.pick(&["id", "k", "v", "s", "ts"])) };
        if g.coin() {
            cols.push(format!("{} AS c{}", e, i));
        } else {
            cols.push(e);
        }
    }
    cols.join(", ")
}

fn window_tvf(g: &mut G, table: &str, time: &str) -> String {
    match g.below(3) {
        0 => format!("TABLE(TUMBLE(TABLE {}, DESCRIPTOR({}), {}))", table, time, pos_interval(g)),
        1 => {
            let slide = g.range(1, 5);
            let size = slide * g.range(1, 4);
            format!(
                "TABLE(HOP(TABLE {}, DESCRIPTOR({}), INTERVAL '{}' SECOND, INTERVAL '{}' SECOND))",
                table, time, slide, size
            )
        }
        _ => {
            let step = g.range(1, 5);
            let size = step * g.range(1, 4);
            format!(
                "TABLE(CUMULATE(TABLE {}, DESCRIPTOR({}), INTERVAL '{}' SECOND, INTERVAL '{}' SECOND))",
                table, time, step, size
            )
        }
    }
}

/// One query over `tables` (at least one name). `time` is the event-time column's name.
pub fn query(g: &mut G, tables: &[&str]) -> String {
    let t = |g: &mut G| tables[g.below(tables.len())];
    let (l, r) = (t(g), t(g));
    let mut q = match g.below(14) {
        // regular joins
        0 | 1 => {
            let kind = g.pick(JOIN_KINDS);
            let on = if kind == "CROSS JOIN" || kind == "," {
                String::new()
            } else if g.one_in(4) {
                " USING (k)".to_string()
            } else {
                let mut on = " ON a.k = b.k".to_string();
                if g.one_in(3) {
                    let _ = write!(on, " AND {}", cond(g, "b", 1));
                }
                on
            };
            let hint = if g.one_in(6) {
                g.pick(&["/*+ STATE_TTL('a' = '1 s', 'b' = '0') */ ", "/*+ MULTI_JOIN(a, b) */ ", "/*+ BROADCAST(b) */ "])
            } else {
                ""
            };
            let mut q = format!("SELECT {}{} FROM {} a {} {} b{}", hint, select_list(g, &["a", "b"]), l, kind, r, on);
            if g.one_in(3) {
                let _ = write!(q, " WHERE {}", cond(g, "a", 1));
            }
            if g.one_in(4) {
                let kind = g.pick(JOIN_KINDS);
                if kind != "CROSS JOIN" && kind != "," {
                    let _ = write!(q, " {} {} c ON b.id = c.id", kind, t(g));
                }
            }
            q
        }
        // interval join
        2 => {
            let lo = interval(g);
            let hi = interval(g);
            let bound = match g.below(3) {
                0 => format!("a.ts BETWEEN b.ts - {} AND b.ts + {}", lo, hi),
                1 => format!("a.ts >= b.ts - {} AND a.ts < b.ts + {}", lo, hi),
                _ => format!("a.ts > b.ts AND a.ts <= b.ts + {}", hi),
            };
            format!("SELECT {} FROM {} a {} {} b ON a.k = b.k AND {}", select_list(g, &["a", "b"]), l, g.pick(JOIN_KINDS), r, bound)
        }
        // temporal (event time) and lookup (processing time) joins
        3 | 4 => {
            let time = if g.coin() { "a.ts" } else { "a.pt" };
            let key = g.pick(&["a.k = b.id", "a.id = b.id", "a.k = b.k", "a.id = b.id AND a.k > 0", "b.id = 1"]);
            format!(
                "SELECT {} FROM {} a {} {} FOR SYSTEM_TIME AS OF {} AS b ON {}",
                select_list(g, &["a", "b"]),
                l,
                g.pick(&["JOIN", "LEFT JOIN", "RIGHT JOIN"]),
                r,
                time,
                key
            )
        }
        // window joins
        5 | 6 => {
            let wl = window_tvf(g, l, "ts");
            let wr = if g.one_in(5) { window_tvf(g, r, "ts") } else { wl.replacen(&format!("TABLE {},", l), &format!("TABLE {},", r), 1) };
            let kind = g.pick(WINDOW_JOIN_KINDS);
            match g.below(4) {
                0 => format!(
                    "SELECT a.k, a.window_start, a.window_end FROM (SELECT * FROM {}) a WHERE a.k IN (SELECT k FROM (SELECT * FROM {}) b WHERE a.window_start = b.window_start AND a.window_end = b.window_end)",
                    wl, wr
                ),
                1 => format!(
                    "SELECT * FROM (SELECT * FROM {}) a WHERE NOT EXISTS (SELECT * FROM (SELECT * FROM {}) b WHERE a.k = b.k AND a.window_start = b.window_start AND a.window_end = b.window_end)",
                    wl, wr
                ),
                _ => format!(
                    "SELECT {}, a.window_start, COALESCE(a.window_end, b.window_end) AS we FROM (SELECT * FROM {}) a {} (SELECT * FROM {}) b ON a.k = b.k AND a.window_start = b.window_start AND a.window_end = b.window_end",
                    select_list(g, &["a", "b"]),
                    wl,
                    kind,
                    wr
                ),
            }
        }
        // window aggregation
        7 => format!(
            "SELECT window_start, window_end, k, COUNT(*) AS n, SUM(v) AS sv FROM {} GROUP BY window_start, window_end{}",
            window_tvf(g, l, "ts"),
            if g.coin() { ", k" } else { ", GROUPING SETS ((k), ())" }
        ),
        // UNNEST
        8 => match g.below(3) {
            0 => format!("SELECT a.id, x FROM {} a CROSS JOIN UNNEST(a.arr) AS u(x)", l),
            1 => format!("SELECT a.id, x, o FROM {} a LEFT JOIN UNNEST(a.arr) WITH ORDINALITY AS u(x, o) ON TRUE", l),
            _ => "SELECT x FROM UNNEST(ARRAY[1, 2, NULL]) AS u(x)".to_string(),
        },
        // semi / anti joins
        9 => format!(
            "SELECT {} FROM {} a WHERE a.k {} (SELECT b.k FROM {} b{})",
            select_list(g, &["a"]),
            l,
            g.pick(&["IN", "NOT IN"]),
            r,
            if g.coin() { " WHERE b.v > 0" } else { "" }
        ),
        // aggregates over a join, Top-N, deduplication
        10 => format!(
            "SELECT a.k, COUNT(*) AS n, MAX(b.v) AS m, LISTAGG(a.s) AS l FROM {} a {} {} b ON a.k = b.k GROUP BY a.k{}",
            l,
            g.pick(JOIN_KINDS),
            r,
            if g.coin() { " HAVING COUNT(*) > 1" } else { "" }
        ),
        11 => format!(
            "SELECT * FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY k ORDER BY {} {}) AS rn FROM {}) WHERE rn {} {}",
            g.pick(&["ts", "v", "pt", "id"]),
            g.pick(&["ASC", "DESC"]),
            l,
            g.pick(&["=", "<=", "<"]),
            g.range(0, 3)
        ),
        // OVER aggregation, UNION ALL, VALUES
        12 => match g.below(3) {
            0 => format!(
                "SELECT k, SUM(v) OVER (PARTITION BY k ORDER BY ts ROWS BETWEEN {} PRECEDING AND CURRENT ROW) FROM {}",
                g.range(0, 3),
                l
            ),
            1 => format!("SELECT k, s FROM {} UNION ALL SELECT k, s FROM {}", l, r),
            _ => format!("SELECT * FROM (VALUES (1, 'a'), (2, CAST(NULL AS STRING))) AS t(k, s) {} {} b ON t.k = b.k", g.pick(JOIN_KINDS), r),
        },
        // simple projection and filter
        _ => format!("SELECT {} FROM {} a WHERE {}", select_list(g, &["a"]), l, cond(g, "a", 2)),
    };
    if g.one_in(30) {
        q = format!("SELECT * FROM ({}) LIMIT {}", q, g.range(0, 3));
    }
    q
}

const SETS: &[&str] = &[
    "SET 'table.local-time-zone' = 'UTC';",
    "SET 'table.local-time-zone' = 'Asia/Kolkata';",
    "SET 'sql.local-time-zone' = 'America/New_York';",
    "SET 'table.exec.state.ttl' = '2 s';",
    "SET 'table.exec.state.ttl' = '0';",
    "SET 'sql.state-ttl' = '1 min';",
    "SET 'execution.runtime-mode' = 'batch';",
    "SET 'execution.runtime-mode' = 'streaming';",
    "SET 'joinlab.arrival' = 'by-time';",
    "SET 'joinlab.arrival' = 'as-written';",
    "SET 'joinlab.proctime-step' = 'event-time';",
    "SET 'joinlab.watermark-emit' = 'per-record';",
    "SET 'joinlab.seed' = '7';",
    "SET 'joinlab.examples.rows' = '5';",
    "SET 'oracle.trace' = 'true';",
    "SET 'table.exec.source.idle-timeout' = '5 s';",
    "SET 'sql.snapshot.mode' = 'now';",
    "SET 'joinlab.mode' = 'unbounded';",
    "RESET 'table.exec.state.ttl';",
    "RESET;",
];

/// A value of a column in INSERT syntax (`insert`) or `@`-line syntax.
fn value(g: &mut G, col: &str, ty: &str, insert: bool, row: usize) -> String {
    // primary-key columns (id, k) are NOT NULL
    if g.one_in(10) && !ty.contains("NOT NULL") && col != "id" && col != "k" {
        return if insert { format!("CAST(NULL AS {})", ty) } else { "NULL".into() };
    }
    match col {
        "ts" => {
            let sec = row as i64 * 2 + g.range(-2, 3);
            let t = format!("2024-01-01 12:{:02}:{:02}", sec.clamp(0, 3599) / 60, sec.clamp(0, 3599) % 60);
            if insert {
                format!("TIMESTAMP '{}'", t)
            } else {
                t
            }
        }
        "s" => {
            let s = g.pick(&["a", "b", "c", "x y", "", "it''s", "é"]);
            if insert {
                format!("'{}'", s)
            } else {
                s.to_string()
            }
        }
        "arr" => {
            let n = g.below(4);
            let xs: Vec<String> = (0..n).map(|_| g.range(0, 3).to_string()).collect();
            if insert {
                format!("ARRAY[{}]", if xs.is_empty() { "1".into() } else { xs.join(", ") })
            } else {
                format!("[{}]", xs.join(", "))
            }
        }
        "v" if ty == "INT" => format!("{}", g.range(-2, 9)),
        "v" => format!("{}.{}", g.range(-2, 9), g.below(10)),
        _ => format!("{}", g.range(-1, 4)),
    }
}

struct Table {
    name: String,
    cols: Vec<(&'static str, &'static str)>,
    datagen: bool,
}

/// A CREATE TABLE for the run target (`confluent`: no PROCTIME(), which Confluent lacks).
fn create_table(g: &mut G, name: &str, confluent: bool, out: &mut String) -> Table {
    let mut cols: Vec<(&'static str, &'static str)> = vec![
        ("id", "INT"),
        ("k", g.pick(&["INT", "BIGINT", "INT NOT NULL"])),
        ("v", g.pick(&["DOUBLE", "DECIMAL(10, 2)", "INT", "FLOAT"])),
        ("s", g.pick(&["STRING", "VARCHAR(3)", "CHAR(2)"])),
        ("ts", g.pick(&["TIMESTAMP(3)", "TIMESTAMP_LTZ(3)", "TIMESTAMP(3)"])),
    ];
    if g.one_in(3) {
        cols.push(("arr", "ARRAY<INT>"));
    }
    let _ = write!(out, "CREATE TABLE {} (", name);
    for (i, (c, t)) in cols.iter().enumerate() {
        let _ = write!(out, "{}{} {}", if i > 0 { ", " } else { "" }, c, t);
    }
    if !confluent && g.coin() {
        out.push_str(", pt AS PROCTIME()");
    }
    if !g.one_in(3) {
        let _ = write!(
            out,
            ", WATERMARK FOR ts AS ts{}",
            if g.coin() { String::new() } else { format!(" - {}", interval(g)) }
        );
    }
    let pk = g.coin();
    if pk {
        out.push_str(&format!(", PRIMARY KEY ({}) NOT ENFORCED", g.pick(&["id", "id", "k", "id, k"])));
    }
    out.push(')');
    let datagen = g.one_in(6);
    if datagen {
        let _ = write!(
            out,
            " WITH ('connector' = 'datagen', 'number-of-rows' = '{}', 'fields.k.min' = '0', 'fields.k.max' = '{}'{})",
            g.range(0, 20),
            g.range(0, 4),
            if g.coin() { ", 'joinlab.max-delay' = '2 s', 'joinlab.late-rate' = '0.2'" } else { "" }
        );
    } else {
        match g.below(6) {
            0 => out.push_str(" WITH ('lookup' = 'true')"),
            1 if pk => out.push_str(" WITH ('changelog.mode' = 'upsert')"),
            2 => out.push_str(" WITH ('changelog.mode' = 'retract')"),
            _ => {}
        }
    }
    out.push_str(";\n");
    Table { name: name.to_string(), cols, datagen }
}

/// Rows for a table, as one INSERT (`insert`) or as `@` lines (a script uses one way).
fn data(g: &mut G, t: &Table, insert: bool, out: &mut String) {
    if t.datagen {
        return;
    }
    let rows = g.below(7);
    if rows == 0 {
        return;
    }
    if insert {
        let _ = write!(out, "INSERT INTO {} VALUES ", t.name);
        for r in 0..rows {
            let vals: Vec<String> = t.cols.iter().map(|(c, ty)| value(g, c, ty, true, r)).collect();
            let _ = write!(out, "{}({})", if r > 0 { ", " } else { "" }, vals.join(", "));
        }
        out.push_str(";\n");
    } else {
        for r in 0..rows {
            let kind = g.pick(&["", "", "", "+I ", "-U ", "+U ", "-D "]);
            let vals: Vec<String> = t.cols.iter().map(|(c, ty)| value(g, c, ty, false, r)).collect();
            let _ = writeln!(out, "@{} {}{}", t.name, kind, vals.join(" | "));
            if g.one_in(5) {
                let _ = writeln!(out, "@watermark {} 2024-01-01 12:{:02}:00", g.pick(&[t.name.as_str(), "*"]), r);
            }
        }
    }
}

/// The PTFs the engine binds, with calls over a table `t` (columns id, k, v, s, ts).
fn ptf(g: &mut G, t: &str, out: &mut String) -> String {
    let (name, class) = *[
        ("GreetingPtf", "GreetingPtf"),
        ("Median", "Median"),
        ("ScorePtf", "ScorePtf"),
        ("CheckoutPtf", "CheckoutPtf"),
        ("IncrementalOutputWindow", "IncrementalOutputWindow"),
        ("SensorFusionPtf", "SensorFusionPtf"),
    ]
    .get(g.below(6))
    .unwrap_or(&("GreetingPtf", "GreetingPtf"));
    let _ = writeln!(out, "CREATE TEMPORARY FUNCTION {} AS 'oracle.udf.{}';", name, class);
    let on_time = if g.coin() { ", on_time => DESCRIPTOR(ts)" } else { "" };
    match name {
        "Median" => format!("SELECT * FROM Median(input => TABLE {} PARTITION BY k, numTrailing => {}{})", t, g.range(0, 3), on_time),
        "CheckoutPtf" => format!(
            "SELECT * FROM CheckoutPtf(events => TABLE {} PARTITION BY k, on_time => DESCRIPTOR(ts), reminderInterval => {}, timeoutInterval => {})",
            t,
            pos_interval(g),
            pos_interval(g)
        ),
        "IncrementalOutputWindow" => format!(
            "SELECT * FROM IncrementalOutputWindow(input => TABLE {} PARTITION BY k, windowInterval => {}, on_time => DESCRIPTOR(ts))",
            t,
            pos_interval(g)
        ),
        "SensorFusionPtf" => format!(
            "SELECT * FROM SensorFusionPtf(temperature_reading => TABLE {} PARTITION BY k, humidity_reading => TABLE {} PARTITION BY id, windowInterval => {}, temperatureThreshold => CAST(1.0 AS DOUBLE), humidityThreshold => CAST(2.0 AS DOUBLE){})",
            t, t, pos_interval(g), on_time
        ),
        _ => format!("SELECT * FROM {}(input => TABLE {} PARTITION BY {}{})", name, t, g.pick(&["s", "k", "id"]), on_time),
    }
}

/// The key / text / vector searches over an external table (Confluent's dialect).
fn search(g: &mut G, probe: &str, out: &mut String) -> String {
    out.push_str("CREATE CONNECTION conn WITH ('type' = 'confluent_jdbc', 'endpoint' = 'jdbc:postgresql://db/x', 'username' = 'u', 'password' = 'p');\n");
    out.push_str("CREATE TABLE ext (id INT, k INT, s STRING, PRIMARY KEY (id) NOT ENFORCED) WITH ('connector' = 'confluent-jdbc', 'confluent-jdbc.connection' = 'conn', 'confluent-jdbc.table-name' = 'ext');\n");
    for i in 0..g.below(4) {
        let _ = writeln!(out, "@ext {} | {} | {}", i, g.range(0, 3), g.pick(&["a", "b c", "red shoes"]));
    }
    match g.below(3) {
        0 => format!("SELECT p.*, r.* FROM {} AS p, LATERAL TABLE(KEY_SEARCH_AGG(ext, DESCRIPTOR(id), p.k)) AS r", probe),
        1 => format!(
            "SELECT p.id, x.id, x.s FROM {} AS p, LATERAL TABLE(KEY_SEARCH_AGG(ext, DESCRIPTOR(k), p.k)) CROSS JOIN UNNEST(search_results) AS x(id, k, s)",
            probe
        ),
        _ => format!("SELECT p.*, r.* FROM {} AS p, LATERAL TABLE(TEXT_SEARCH_AGG(ext, DESCRIPTOR(s), p.s, {})) AS r", probe, g.range(0, 3)),
    }
}

/// A whole small script: settings, 1–3 tables with data, 1–2 queries (some EXPLAINed).
pub fn script(g: &mut G) -> String {
    let mut out = String::new();
    let confluent = g.coin();
    out.push_str(if confluent {
        "SET 'joinlab.dialect' = 'confluent';\n"
    } else {
        "SET 'joinlab.dialect' = 'flink';\n"
    });
    if g.one_in(20) {
        out.push_str("SET 'table.local-time-zone' = 'Mars/Base';\n");
    }
    for _ in 0..g.below(4) {
        out.push_str(g.pick(SETS));
        out.push('\n');
    }
    let n = 1 + g.below(3);
    let names = ["T0", "T1", "T2"];
    let tables: Vec<Table> = (0..n).map(|i| create_table(g, names[i], confluent, &mut out)).collect();
    let insert = g.coin();
    for t in &tables {
        data(g, t, insert, &mut out);
    }
    let tnames: Vec<&str> = tables.iter().map(|t| t.name.as_str()).collect();
    for _ in 0..1 + g.below(2) {
        let q = match g.below(10) {
            0 => ptf(g, tnames[0], &mut out),
            1 if confluent => search(g, tnames[0], &mut out),
            _ => query(g, &tnames),
        };
        if g.one_in(5) {
            let _ = writeln!(out, "EXPLAIN {}{};", g.pick(&["", "CHANGELOG_MODE ", "PLAN_ADVICE "]), q);
        } else {
            let _ = writeln!(out, "{};", q);
        }
        // a late data line after the query (data lines anywhere are the script's)
        if g.one_in(6) {
            let i = g.below(tables.len());
            data(g, &tables[i], insert, &mut out);
        }
    }
    out
}
