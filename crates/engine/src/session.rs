//! `SET` statements and the settings in effect at each place of a script.
//!
//! A SET is positional, as in Flink's SQL client: it applies to everything below it until the
//! next SET of the same key. Script-wide keys (`execution.runtime-mode`, Confluent's
//! `sql.snapshot.mode`, `joinlab.arrival`, `joinlab.dialect`) hold for the whole script, wherever
//! they stand; the last value wins.
//!
//! Names: Confluent Cloud's `sql.local-time-zone` and `sql.state-ttl` are Flink's
//! `table.local-time-zone` and `table.exec.state.ttl`; the oracle's `oracle.mode`,
//! `oracle.watermark-emit`, `oracle.trace` are also spelt `joinlab.mode`, … .

use std::collections::BTreeMap;
use std::sync::Arc;

use crate::error::{Error, Result};
use crate::kinds::{Arrival, Dialect, EndMode};
use crate::time::SessionZone;

/// Canonical key for an option name as written.
pub fn canonical_key(key: &str) -> &str {
    match key {
        "sql.local-time-zone" => "table.local-time-zone",
        "sql.state-ttl" => "table.exec.state.ttl",
        "sql.tables.scan.idle-timeout" => "table.exec.source.idle-timeout",
        "joinlab.mode" => "oracle.mode",
        "joinlab.watermark-emit" => "oracle.watermark-emit",
        "joinlab.trace" => "oracle.trace",
        k => k,
    }
}

const SCRIPT_WIDE: [&str; 6] = [
    "execution.runtime-mode",
    "sql.snapshot.mode",
    "joinlab.arrival",
    "joinlab.dialect",
    "joinlab.seed",
    "joinlab.examples.rows",
];
const KNOWN_JOINLAB: &str =
    "joinlab.arrival, joinlab.dialect, joinlab.mode, joinlab.watermark-emit, joinlab.trace, joinlab.proctime-step, joinlab.seed, joinlab.examples.rows, joinlab.limit.* (input-rows, steps, emitted-rows, state-rows, trace-events, script-bytes, nesting-depth, expression-depth)";

/// An immutable snapshot of the positional settings.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Settings {
    values: BTreeMap<String, String>,
    zone: SessionZone,
    /// Batch mode ([`Session::batch_mode`], script-wide): set before the first statement.
    pub batch: bool,
}

impl Settings {
    pub fn get(&self, key: &str) -> Option<&str> {
        self.values.get(canonical_key(key)).map(|s| s.as_str())
    }

    pub fn zone(&self) -> &SessionZone {
        &self.zone
    }

    pub fn end_mode(&self) -> EndMode {
        match self.get("oracle.mode").map(|s| s.trim().to_ascii_lowercase()) {
            Some(m) if m == "bounded" => EndMode::Bounded,
            Some(m) if m == "unbounded" => EndMode::Unbounded,
            _ => EndMode::Both,
        }
    }

    /// `per-record` (default): a watermark after every row; `on-marker`: only at `@watermark`.
    pub fn watermark_per_record(&self) -> bool {
        !matches!(self.get("oracle.watermark-emit"), Some(v) if v.trim().eq_ignore_ascii_case("on-marker"))
    }

    /// The current catalog and database after `USE CATALOG c` / `USE db` (empty: the default
    /// `default_catalog.default_database`).
    pub fn search_path(&self) -> Vec<String> {
        match (self.values.get("$use.catalog"), self.values.get("$use.database")) {
            (Some(c), Some(d)) if c != "default_catalog" => vec![c.clone(), d.clone()],
            (Some(c), None) if c != "default_catalog" => vec![c.clone()],
            _ => Vec::new(),
        }
    }

    /// How the simulated processing-time clock moves (`joinlab.proctime-step`: a duration per
    /// step, default 1 s, or `event-time`): what PROCTIME() reads and state TTL counts.
    pub fn proc_clock(&self) -> crate::kinds::ProcClockMode {
        use crate::kinds::ProcClockMode;
        match self.get("joinlab.proctime-step") {
            Some(v) if v.trim().eq_ignore_ascii_case("event-time") => ProcClockMode::EventTime,
            Some(v) => ProcClockMode::Tick(parse_duration_ms(v).unwrap_or(1000)),
            None => ProcClockMode::Tick(1000),
        }
    }

    /// Whether every step gets a `# step` line (`oracle.trace`, default true).
    pub fn trace_all_steps(&self) -> bool {
        !matches!(self.get("oracle.trace"), Some(v) if v.trim().eq_ignore_ascii_case("false"))
    }

    pub fn bool_option(&self, key: &str) -> bool {
        matches!(self.get(key), Some(v) if v.trim().eq_ignore_ascii_case("true"))
    }

    /// Flink's `table.exec.state.ttl` in milliseconds (0 = keep forever).
    /// The limits a query runs with ([`crate::limits`]).
    pub fn limits(&self) -> Result<crate::limits::Limits> {
        crate::limits::Limits::read(&|k| self.values.get(k).cloned())
    }

    pub fn state_ttl_ms(&self) -> Result<i64> {
        match self.get("table.exec.state.ttl") {
            None => Ok(0),
            Some(v) => parse_duration_ms(v).ok_or_else(|| {
                Error::harness(format!("Could not parse value '{}' for key 'table.exec.state.ttl'.", v))
            }),
        }
    }

    /// A duration option in milliseconds (0 when not set).
    pub fn duration_ms(&self, key: &str) -> Result<i64> {
        match self.get(key) {
            None => Ok(0),
            Some(v) => parse_duration_ms(v)
                .ok_or_else(|| Error::harness(format!("Could not parse value '{}' for key '{}'.", v, key))),
        }
    }

    pub fn values(&self) -> &BTreeMap<String, String> {
        &self.values
    }
}

/// Flink's duration syntax: a number and a unit (`10 s`, `10min`, `1 h`, `14 d`, `3600000 ms`),
/// a bare number is milliseconds.
pub fn parse_duration_ms(v: &str) -> Option<i64> {
    let t = v.trim();
    let digits: String = t.chars().take_while(|c| c.is_ascii_digit()).collect();
    let n: i64 = digits.parse().ok()?;
    let unit = t[digits.len()..].trim().to_ascii_lowercase();
    let f = match unit.as_str() {
        "" | "ms" | "milli" | "millis" | "millisecond" | "milliseconds" => 1,
        "s" | "sec" | "secs" | "second" | "seconds" => 1000,
        "min" | "m" | "minute" | "minutes" | "mins" => 60_000,
        "h" | "hour" | "hours" => 3_600_000,
        "d" | "day" | "days" => 86_400_000,
        _ => return None,
    };
    n.checked_mul(f)
}

/// What `SET` statements have said so far, and the notes they produce.
#[derive(Clone, Debug)]
pub struct Session {
    current: Arc<Settings>,
    pub arrival: Option<Arrival>,
    pub dialect: Dialect,
    /// `execution.runtime-mode` = batch (script-wide, as the oracle creates its environment
    /// before the first statement).
    pub batch: bool,
    /// Confluent Cloud's `sql.snapshot.mode` = now: a snapshot query, Flink's batch mode (only in
    /// the confluent dialect; see [`Session::batch_mode`]).
    pub snapshot: bool,
    pub notes: Vec<String>,
    /// `joinlab.seed`: mixed into every generated table's rows (script-wide).
    pub seed: u64,
    /// `joinlab.examples.rows`: rows of each examples-catalog table (script-wide).
    pub examples_rows: Option<u64>,
}

impl Session {
    pub fn new(dialect: Dialect) -> Session {
        Session {
            current: Arc::new(Settings::default()),
            arrival: None,
            dialect,
            batch: false,
            snapshot: false,
            notes: Vec::new(),
            seed: 0,
            examples_rows: None,
        }
    }

    pub fn settings(&self) -> Arc<Settings> {
        self.current.clone()
    }

    /// Whether the script runs in batch mode: `execution.runtime-mode` = batch, or in the
    /// confluent dialect a snapshot query (`sql.snapshot.mode` = now; Confluent: "Snapshot queries
    /// use Flink's batch execution mode", WAVE2-RESEARCH §7). Flink ignores `sql.snapshot.mode`.
    pub fn batch_mode(&self) -> bool {
        self.batch || (self.snapshot && self.dialect == Dialect::Confluent)
    }

    /// After the script-wide settings were read: every snapshot knows whether it is batch mode.
    pub fn fix_mode(&mut self) {
        let mut next = (*self.current).clone();
        next.batch = self.batch_mode();
        self.current = Arc::new(next);
    }

    /// Applies `SET 'key' = 'value'` written at script line `line`.
    pub fn set(&mut self, key: &str, value: &str, line: usize) -> Result<()> {
        let key = canonical_key(key);
        if key == "joinlab.dialect" {
            self.dialect = Dialect::parse(value).ok_or_else(|| {
                Error::harness(format!(
                    "line {}: 'joinlab.dialect' must be 'flink' or 'confluent', not '{}'",
                    line, value
                ))
            })?;
            return Ok(());
        }
        if key == "joinlab.arrival" {
            self.arrival = Some(match value.trim().to_ascii_lowercase().as_str() {
                "by-time" => Arrival::ByTime,
                "as-written" => Arrival::AsWritten,
                _ => {
                    return Err(Error::harness(format!(
                        "line {}: 'joinlab.arrival' must be 'by-time' or 'as-written', not '{}'",
                        line, value
                    )))
                }
            });
            return Ok(());
        }
        if key == "joinlab.seed" || key == "joinlab.examples.rows" {
            let n: u64 = value.trim().parse().map_err(|_| {
                Error::harness(format!("line {}: '{}' must be a whole number ≥ 0, not '{}'", line, key, value))
            })?;
            if key == "joinlab.seed" {
                self.seed = n;
            } else {
                self.examples_rows = Some(n);
            }
            return Ok(());
        }
        if key == "joinlab.proctime-step"
            && parse_duration_ms(value).is_none()
            && !value.trim().eq_ignore_ascii_case("event-time")
        {
            return Err(Error::harness(format!(
                "line {}: 'joinlab.proctime-step' must be a duration such as '1 s', '500 ms' or '0 ms', or 'event-time', not '{}'",
                line, value
            )));
        }
        let limit = key.strip_prefix(crate::limits::PREFIX);
        if let Some(name) = limit {
            crate::limits::parse(name, value).map_err(|e| Error::harness(format!("line {}: {}", line, e.message)))?;
        }
        if key.starts_with("joinlab.")
            && limit.is_none()
            && !["joinlab.proctime-step", "joinlab.seed", "joinlab.examples.rows"].contains(&key)
        {
            return Err(Error::harness(format!("line {}: unknown option '{}' (known: {})", line, key, KNOWN_JOINLAB)));
        }
        if key.starts_with("oracle.") && !["oracle.mode", "oracle.watermark-emit", "oracle.trace"].contains(&key) {
            return Err(Error::harness(format!(
                "line {}: unknown option '{}' (known: oracle.mode, oracle.watermark-emit, oracle.trace)",
                line, key
            )));
        }
        match key {
            "oracle.mode"
                if !["both", "bounded", "unbounded"].contains(&value.trim().to_ascii_lowercase().as_str()) =>
            {
                return Err(Error::harness(format!(
                    "line {}: 'oracle.mode' must be 'both', 'bounded' or 'unbounded', not '{}'",
                    line, value
                )))
            }
            "oracle.watermark-emit"
                if !["per-record", "on-marker"].contains(&value.trim().to_ascii_lowercase().as_str()) =>
            {
                return Err(Error::harness(format!(
                    "line {}: 'oracle.watermark-emit' must be 'per-record' or 'on-marker', not '{}'",
                    line, value
                )))
            }
            _ => {}
        }
        if key == "sql.snapshot.mode" {
            self.snapshot = value.trim().eq_ignore_ascii_case("now");
            if !self.snapshot {
                self.notes.push(format!(
                    "# note: line {}: sql.snapshot.mode '{}' is not 'now' (the only value Confluent Cloud documents): the statements run in streaming mode",
                    line, value
                ));
            }
            return Ok(());
        }
        if key.starts_with("sql.") && canonical_key(key) == key {
            self.notes.push(format!(
                "# note: line {}: '{}' is not a Flink option (of the Confluent Cloud sql.* options JoinLab knows only sql.local-time-zone, sql.state-ttl, sql.tables.scan.idle-timeout and sql.snapshot.mode); Flink ignores it",
                line, key
            ));
        }
        if key == "execution.runtime-mode" {
            self.batch = value.trim().eq_ignore_ascii_case("batch");
            return Ok(());
        }
        if SCRIPT_WIDE.contains(&key) {
            return Ok(());
        }
        let mut next = (*self.current).clone();
        if key == "table.local-time-zone" {
            next.zone = SessionZone::parse(value)
                .map_err(|m| Error::validation(m).caused_by(format!("line {}: SET '{}'", line, key)))?;
        }
        next.values.insert(key.to_string(), value.to_string());
        self.current = Arc::new(next);
        Ok(())
    }

    /// `USE CATALOG c` (`catalog` true) or `USE [c.]db`: positional, like SET.
    pub fn use_path(&mut self, catalog: bool, parts: &[String]) {
        let mut next = (*self.current).clone();
        match (catalog, parts) {
            (true, [c]) => {
                next.values.insert("$use.catalog".into(), c.clone());
                next.values.remove("$use.database");
            }
            (false, [c, d]) => {
                next.values.insert("$use.catalog".into(), c.clone());
                next.values.insert("$use.database".into(), d.clone());
            }
            (false, [d]) => {
                next.values.insert("$use.database".into(), d.clone());
            }
            _ => {}
        }
        self.current = Arc::new(next);
    }

    /// `RESET 'key'` / `RESET`.
    pub fn reset(&mut self, key: Option<&str>) {
        let mut next = (*self.current).clone();
        match key {
            Some(k) => {
                let k = canonical_key(k);
                next.values.remove(k);
                if k == "table.local-time-zone" {
                    next.zone = SessionZone::default();
                }
            }
            None => next = Settings::default(),
        }
        self.current = Arc::new(next);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_is_positional_and_aliases_work() {
        let mut s = Session::new(Dialect::Confluent);
        let before = s.settings();
        s.set("sql.local-time-zone", "Asia/Shanghai", 1).unwrap();
        assert_eq!(before.zone().id(), "UTC");
        assert_eq!(s.settings().zone().id(), "Asia/Shanghai");
        assert_eq!(s.settings().get("table.local-time-zone"), Some("Asia/Shanghai"));
        s.set("joinlab.mode", "unbounded", 2).unwrap();
        assert_eq!(s.settings().end_mode(), EndMode::Unbounded);
        assert!(s.set("joinlab.nope", "x", 3).is_err());
        assert!(s.set("table.local-time-zone", "Mars/Base", 4).is_err());
        s.set("joinlab.dialect", "flink", 5).unwrap();
        assert_eq!(s.dialect, Dialect::Flink);
    }

    #[test]
    fn durations() {
        assert_eq!(parse_duration_ms("10 s"), Some(10_000));
        assert_eq!(parse_duration_ms("1 DAYS"), Some(86_400_000));
        assert_eq!(parse_duration_ms("3600000"), Some(3_600_000));
        assert_eq!(parse_duration_ms("10min"), Some(600_000));
        assert_eq!(parse_duration_ms("x"), None);
    }
}
