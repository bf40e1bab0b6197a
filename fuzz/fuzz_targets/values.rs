//! The value readers: a table of a few column types picked by the first bytes, then the rest of
//! the input as the values of an `@` line, or as the tuples of `INSERT INTO t VALUES …` read by
//! both INSERT readers (the fast one, data::fast_insert, and sqlparser's, which defines it):
//! neither may panic, and both must give the same events or the same error.
#![no_main]

use joinlab_engine::data::fast_insert::with_slow_reader;
use joinlab_engine::{prepare, Dialect, RunConfig};
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
    "DECIMAL(3, 0)",
    "STRING",
    "VARCHAR(3)",
    "CHAR(2)",
    "BOOLEAN",
    "DATE",
    "TIME",
    "TIME(3)",
    "TIMESTAMP(3)",
    "TIMESTAMP(9)",
    "TIMESTAMP_LTZ(3)",
    "BYTES",
    "BINARY(2)",
    "ARRAY<INT>",
    "MAP<STRING, INT>",
    "ROW<a INT, b STRING>",
    "ARRAY<ROW<x DOUBLE>>",
    "MULTISET<STRING>",
    "INT NOT NULL",
    "STRING NOT NULL",
    "ARRAY<ARRAY<STRING>>",
    "MAP<INT, ARRAY<DOUBLE>>",
    "TIMESTAMP(0)",
    "DECIMAL(38, 0)",
];

const ZONES: &[&str] = &["UTC", "Asia/Kolkata", "America/New_York", "Europe/Berlin"];

/// What `prepare` gives, as text: the events, or the error and what came before it.
fn outcome(script: &str, dialect: Dialect) -> String {
    match prepare(script, &RunConfig { dialect, trace: false }) {
        Ok(p) => format!("ok {:?}\n{:?}\n{:?}\n{:?}", p.events, p.arrival, p.notes, p.statements),
        Err((notes, statements, e)) => format!("err {:?}\n{:?}\n{:?}", e, notes, statements),
    }
}

fuzz_target!(|data: &[u8]| {
    if data.len() < 5 || data.len() > 2000 {
        return;
    }
    let ncols = 1 + (data[0] as usize % 3);
    let cols: Vec<String> =
        (0..ncols).map(|i| format!("c{} {}", i, TYPES[data[1 + i] as usize % TYPES.len()])).collect();
    let flags = data[1 + ncols.min(data.len() - 2)];
    let rest = String::from_utf8_lossy(&data[(2 + ncols).min(data.len())..]).replace(['\n', '\r'], " ");
    let dialect = if flags & 1 == 0 { Dialect::Flink } else { Dialect::Confluent };
    let script = format!(
        "SET 'table.local-time-zone' = '{}';\nCREATE TABLE t ({});\n",
        ZONES[(flags as usize >> 2) % ZONES.len()],
        cols.join(", ")
    );
    if flags & 2 == 0 {
        let script = format!("{}@t {}\n", script, rest);
        let _ = outcome(&script, dialect);
    } else {
        let script = format!("{}INSERT INTO t VALUES {};\n", script, rest);
        let fast = outcome(&script, dialect);
        let slow = with_slow_reader(|| outcome(&script, dialect));
        assert_eq!(fast, slow, "the two INSERT readers differ on:\n{}", script);
    }
});
