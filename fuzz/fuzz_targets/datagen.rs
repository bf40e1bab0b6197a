//! The datagen connector's options: a table of a few typed columns WITH ('connector' =
//! 'datagen', …) options picked and valued by the input (Flink's, kafka-connect-datagen's and
//! JoinLab's keys, with small, odd and hostile values), then a query over it with a small row
//! cap. The options must be read into a generator or an error, never a panic.
#![no_main]

use joinlab_engine::{prepare, Dialect, RunConfig};
use joinlab_fuzz::G;
use libfuzzer_sys::fuzz_target;

const TYPES: &[&str] = &[
    "INT",
    "BIGINT",
    "TINYINT",
    "SMALLINT",
    "DOUBLE",
    "FLOAT",
    "DECIMAL(10, 2)",
    "DECIMAL(38, 18)",
    "STRING",
    "VARCHAR(3)",
    "CHAR(2)",
    "BOOLEAN",
    "DATE",
    "TIME",
    "TIMESTAMP(3)",
    "TIMESTAMP_LTZ(3)",
    "BYTES",
    "ARRAY<INT>",
    "MAP<STRING, INT>",
    "ROW<a INT, b STRING>",
    "MULTISET<STRING>",
    "INT NOT NULL",
];

const FIELD_OPTS: &[&str] = &[
    "kind",
    "min",
    "max",
    "max-past",
    "length",
    "var-len",
    "start",
    "end",
    "null-rate",
    "regex",
    "options",
    "element.min",
    "element.max",
    "key.length",
    "value.min",
    "a.min",
    "b.length",
];

/// Table options besides JoinLab's own (`datagen::JOINLAB_OPTIONS`, picked from too).
const TABLE_OPTS: &[&str] = &[
    "rows-per-second",
    "scan.parallelism",
    "quickstart",
    "schema.string",
    "schema.keyfield",
    "max.interval",
    "random.seed",
    "bogus",
];

const VALUES: &[&str] = &[
    "0", "1", "3", "-1", "10", "255", "2147483647", "-2147483648", "2147483648", "9223372036854775807",
    "-9223372036854775808", "1.5", "0.5", "1e308", "NaN", "-0", " 5", "", "true", "FALSE", "random", "sequence",
    "1 s", "500 ms", "5s", "1 min", "PT5S", "-1 s", "2 d", "10000000 d", "2024-01-01 00:00:00", "1970-01-01",
    "9999-12-31 23:59:59", "orders", "users", "pageviews", "gaming_games", "bogus", "[a-c]{2}", "(x|y)+",
    "a{3,5}", "[^a]", "\\d{2}", "a,b,c", "'", "''", "{\"type\":\"record\",\"name\":\"r\",\"fields\":[{\"name\":\"a\",\"type\":\"int\"}]}",
    "{\"type\":\"record\",\"name\":\"r\",\"fields\":[{\"name\":\"x\",\"type\":{\"type\":\"string\",\"arg.properties\":{\"regex\":\"[a-z]{3}\"}}}]}",
    "{\"type\":\"record\",\"name\":\"r\",\"fields\":[{\"name\":\"n\",\"type\":{\"type\":\"long\",\"arg.properties\":{\"range\":{\"min\":5,\"max\":1}}}}]}",
    "{", "[]", "{\"type\":\"enum\"}",
];

fuzz_target!(|data: &[u8]| {
    let mut g = G::new(data);
    let ncols = 1 + g.below(4);
    let names = ["a", "b", "s", "ts"];
    let mut cols: Vec<String> = (0..ncols).map(|i| format!("{} {}", names[i], g.pick(TYPES))).collect();
    let watermark = g.coin();
    if watermark && ncols < 4 {
        cols.push("ts TIMESTAMP(3)".into());
    }
    if watermark {
        cols.push(format!("WATERMARK FOR ts AS ts - INTERVAL '{}' SECOND", g.below(3)));
    }
    let mut opts = vec!["'connector' = 'datagen'".to_string()];
    for _ in 0..g.below(8) {
        let key = if g.coin() {
            format!("fields.{}.{}", g.pick(&names), g.pick(FIELD_OPTS))
        } else {
            let all: Vec<&str> = TABLE_OPTS.iter().chain(joinlab_engine::datagen::JOINLAB_OPTIONS).copied().collect();
            g.pick(&all).to_string()
        };
        let value = if g.one_in(6) { g.raw(12).replace('\'', "''") } else { g.pick(VALUES).replace('\'', "''") };
        opts.push(format!("'{}' = '{}'", key, value));
    }
    // a small row cap (the engine limits, not this target, own huge tables)
    match g.below(4) {
        0 => {}
        1 => opts.push(format!("'iterations' = '{}'", g.range(-1, 30))),
        _ => opts.push(format!("'number-of-rows' = '{}'", g.range(-1, 30))),
    }
    let query = match g.below(4) {
        0 if watermark => "SELECT window_start, COUNT(*) FROM TABLE(TUMBLE(TABLE t, DESCRIPTOR(ts), INTERVAL '5' SECOND)) GROUP BY window_start, window_end",
        1 => "SELECT a, COUNT(*) FROM t GROUP BY a",
        _ => "SELECT * FROM t",
    };
    let script = format!(
        "SET 'joinlab.seed' = '{}';\nCREATE TABLE t ({}) WITH ({});\n{};\n",
        g.below(5),
        cols.join(", "),
        opts.join(", "),
        query
    );
    let dialect = if g.coin() { Dialect::Flink } else { Dialect::Confluent };
    if let Ok(p) = prepare(&script, &RunConfig { dialect, trace: false }) {
        for qi in 0..p.query_count() {
            let _ = p.run_query(qi, false);
        }
    }
});
