//! Limits: what keeps a run inside a browser tab. A script may ask for more than a tab can hold
//! (a cross join of two 10^4-row tables emits 10^8 rows; a datagen table of 10^9 rows); the
//! engine then stops with a clear error instead of freezing the page or running out of memory,
//! the same natively and in wasm. Every limit has a default that keeps a 2 GB tab alive and can
//! be raised (or lowered) with `SET 'joinlab.limit.<name>' = 'N'`, positionally like every
//! setting (a query runs with the limits in effect where it stands; the script-wide ones, script
//! size and nesting depth, with the last value in the script).
//!
//! When each is checked:
//! * `input-rows`, `steps`: a query's input (the script's rows and generated rows) is read only
//!   up to one row past the limit; the step that would cross it fails, the steps before it stand.
//! * `emitted-rows`: the changelog rows a query emits, counted as they reach the sink (also
//!   inside a step, so one step that would emit 10^8 rows stops at the limit); an operator's
//!   output within one step is held to the same number. The step that crosses it fails.
//! * `state-rows`: the rows all operators hold together, after each step.
//! * `trace-events`: the trace's events and output rows together (the page's trace only), after
//!   each step: what bounds the trace's size (the whole trace's JSON came to 480–760 bytes per
//!   event or row on the gallery examples 01, 12, 17 and 21, so the default is about 0.5–0.8 GB).
//! * `script-bytes`: the script's length, before anything runs (the error names the line where
//!   the limit falls).
//! * `nesting-depth`: how deeply one statement nests (parentheses, subqueries), as the parser
//!   counts it; at most [`MAX_NESTING_DEPTH`]. `expression-depth`: how deeply its expressions
//!   nest, chained operators included (`crate::sql::depth`, read off the tokens before parsing);
//!   at most [`MAX_EXPRESSION_DEPTH`]. Both bounds are what the page's stack is tested with.

use crate::error::{Error, Result, RuntimeError};

/// The deepest `nesting-depth` and `expression-depth` allowed: what the page's wasm stack (8 MiB,
/// .cargo/config.toml) is tested with (tests/e2e/limits.spec.ts).
pub const MAX_NESTING_DEPTH: u64 = 100;
pub const MAX_EXPRESSION_DEPTH: u64 = 1000;

/// One limit: its key (after `joinlab.limit.`), its default and what it counts.
pub struct LimitKey {
    pub name: &'static str,
    pub default: u64,
    pub counts: &'static str,
}

/// Every limit, in the README's order.
pub const LIMITS: [LimitKey; 8] = [
    LimitKey { name: "input-rows", default: 1_000_000, counts: "input rows one query reads" },
    LimitKey { name: "steps", default: 2_000_000, counts: "steps of one query (rows and watermark markers)" },
    LimitKey { name: "emitted-rows", default: 1_000_000, counts: "changelog rows one query emits" },
    LimitKey { name: "state-rows", default: 1_000_000, counts: "rows held in state by one query's operators together" },
    LimitKey { name: "trace-events", default: 1_000_000, counts: "events and output rows in one query's trace" },
    LimitKey { name: "script-bytes", default: 64 << 20, counts: "bytes of script text" },
    LimitKey { name: "nesting-depth", default: 50, counts: "levels of parentheses and subqueries in one statement" },
    LimitKey {
        name: "expression-depth",
        default: 500,
        counts: "levels of operators and parentheses in one expression",
    },
];

/// The prefix of every limit's key.
pub const PREFIX: &str = "joinlab.limit.";

/// The limits a query runs with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    pub input_rows: u64,
    pub steps: u64,
    pub emitted_rows: u64,
    pub state_rows: u64,
    pub trace_events: u64,
}

impl Default for Limits {
    fn default() -> Self {
        Limits::read(&|_| None).unwrap_or(Limits::NONE)
    }
}

impl Limits {
    /// No limit at all (benchmarks and tests that drive operators directly).
    pub const NONE: Limits = Limits {
        input_rows: u64::MAX,
        steps: u64::MAX,
        emitted_rows: u64::MAX,
        state_rows: u64::MAX,
        trace_events: u64::MAX,
    };

    /// The limits from the settings (`get` answers a full key such as `joinlab.limit.steps`).
    pub fn read(get: &dyn Fn(&str) -> Option<String>) -> Result<Limits> {
        let v = |name: &str| value(name, get);
        Ok(Limits {
            input_rows: v("input-rows")?,
            steps: v("steps")?,
            emitted_rows: v("emitted-rows")?,
            state_rows: v("state-rows")?,
            trace_events: v("trace-events")?,
        })
    }

    /// `usize` view of a limit (saturating on 32-bit targets).
    pub fn at_most(n: u64) -> usize {
        usize::try_from(n).unwrap_or(usize::MAX)
    }
}

/// A limit's value: its setting, else its default.
pub fn value(name: &str, get: &dyn Fn(&str) -> Option<String>) -> Result<u64> {
    let default = LIMITS.iter().find(|l| l.name == name).map(|l| l.default).unwrap_or(u64::MAX);
    match get(&format!("{}{}", PREFIX, name)) {
        None => Ok(default),
        Some(s) => parse(name, &s),
    }
}

/// Checks a `SET 'joinlab.limit.<name>' = '<text>'` and reads its number.
pub fn parse(name: &str, text: &str) -> Result<u64> {
    let Some(limit) = LIMITS.iter().find(|l| l.name == name) else {
        let known: Vec<String> = LIMITS.iter().map(|l| format!("{}{}", PREFIX, l.name)).collect();
        return Err(Error::harness(format!("unknown option '{}{}' (known: {})", PREFIX, name, known.join(", "))));
    };
    let digits: String = text.trim().chars().filter(|c| *c != '_' && *c != ',').collect();
    let n: u64 = digits.parse().ok().filter(|n| *n >= 1).ok_or_else(|| {
        Error::harness(format!(
            "'{}{}' must be a whole number ≥ 1 (how many {}), not '{}'",
            PREFIX, limit.name, limit.counts, text
        ))
    })?;
    let max = match limit.name {
        "nesting-depth" => MAX_NESTING_DEPTH,
        "expression-depth" => MAX_EXPRESSION_DEPTH,
        _ => u64::MAX,
    };
    if n > max {
        return Err(Error::harness(format!(
            "'{}{}' can be at most {} (deeper statements would overflow the browser's stack), not '{}'",
            PREFIX, limit.name, max, text
        )));
    }
    Ok(n)
}

/// `1234567` as `1,234,567` (as Java's MessageFormat prints numbers, too).
pub fn grouped(n: u64) -> String {
    let s = n.to_string();
    let mut out = String::new();
    for (i, c) in s.chars().enumerate() {
        if i > 0 && (s.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// The sentence after a limit's message: how to raise it.
pub fn raise_hint(name: &str, n: u64) -> String {
    format!(
        "SET '{}{}' = '{}' raises the limit (the default keeps a browser tab within about 2 GB)",
        PREFIX,
        name,
        n.saturating_mul(10)
    )
}

/// The error of a query that crossed limit `name` (at `n`): `what` says what it would do.
pub fn exceeded(name: &str, n: u64, what: &str) -> Error {
    Error::runtime(format!("{} (the limit '{}{}' is {}); {}", what, PREFIX, name, grouped(n), raise_hint(name, n)))
        .with_class(CLASS)
}

/// The same, as the failure of a running job (the runtime turns it back into [`exceeded`]'s form).
pub fn runtime_error(name: &str, n: u64, what: &str) -> RuntimeError {
    let e = exceeded(name, n, what);
    RuntimeError::java(CLASS, e.message)
}

/// The class a limit's error reports (the page and the text output show it).
pub const CLASS: &str = "joinlab.LimitExceeded";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_settings_and_bad_values() {
        let none = |_: &str| None;
        assert_eq!(Limits::read(&none).unwrap().emitted_rows, 1_000_000);
        let set = |k: &str| (k == "joinlab.limit.emitted-rows").then(|| "2_000".to_string());
        assert_eq!(Limits::read(&set).unwrap().emitted_rows, 2_000);
        assert!(parse("steps", "0").is_err());
        assert!(parse("steps", "-3").is_err());
        assert!(parse("steps", "lots").unwrap_err().message.contains("whole number ≥ 1"));
        assert!(parse("bogus", "3").unwrap_err().message.contains("joinlab.limit.input-rows"));
        assert_eq!(parse("nesting-depth", "100").unwrap(), 100);
        assert!(parse("nesting-depth", "101").unwrap_err().message.contains("at most 100"));
        assert_eq!(grouped(100_000_000), "100,000,000");
        assert_eq!(grouped(999), "999");
    }
}
