//! Reading a table's `WITH (...)` options the way Flink's factories read them, and Flink's
//! error texts when they are wrong.
//!
//! Every key a generator *declares* is supported, whether or not the script sets it; after
//! all columns are read, any key the script set that nobody declared is reported together with
//! the supported keys, as `FactoryUtil.validateUnconsumedKeys` does:
//!
//! ```text
//! Unsupported options found for 'datagen'.
//!
//! Unsupported options:
//!
//! fields.a.foo
//!
//! Supported options:
//!
//! connector
//! fields.a.kind
//! …
//! ```
//!
//! Values are parsed as Java parses them (`Integer.parseInt`: no blanks; `Double.parseDouble`:
//! blanks trimmed; booleans `true`/`false` in any case; durations as Flink's
//! `TimeUtils.parseDuration`: `500 ms`, `5s`, `1 min`, `PT5S`, a bare number being milliseconds).

use std::collections::BTreeSet;

use crate::error::{Error, ErrorKind};

pub const ILLEGAL_ARGUMENT: &str = "java.lang.IllegalArgumentException";
pub const NUMBER_FORMAT: &str = "java.lang.NumberFormatException";

/// The options of one table and the keys declared so far.
pub struct OptionReader<'a> {
    options: &'a [(String, String)],
    declared: BTreeSet<String>,
}

impl<'a> OptionReader<'a> {
    pub fn new(options: &'a [(String, String)]) -> OptionReader<'a> {
        OptionReader { options, declared: BTreeSet::new() }
    }

    /// The value the script gave (the last one, if a key repeats).
    pub fn raw(&self, key: &str) -> Option<&'a str> {
        self.options.iter().rev().find(|(k, _)| k == key).map(|(_, v)| v.as_str())
    }

    pub fn has(&self, key: &str) -> bool {
        self.raw(key).is_some()
    }

    /// Marks `key` as supported.
    pub fn declare(&mut self, key: &str) {
        self.declared.insert(key.to_string());
    }

    pub fn string(&mut self, key: &str) -> Option<&'a str> {
        self.declare(key);
        self.raw(key)
    }

    pub fn int(&mut self, key: &str) -> Result<Option<i32>, Error> {
        self.parsed(key, |v| v.parse::<i32>().map_err(|_| number_format(v)))
    }

    pub fn long(&mut self, key: &str) -> Result<Option<i64>, Error> {
        self.parsed(key, |v| v.parse::<i64>().map_err(|_| number_format(v)))
    }

    /// Java's `Float.parseFloat` (kept as `f64` after rounding to `f32`).
    pub fn float(&mut self, key: &str) -> Result<Option<f64>, Error> {
        self.parsed(key, |v| java_parse_double(v).map(|d| d as f32 as f64).ok_or_else(|| number_format(v)))
    }

    pub fn double(&mut self, key: &str) -> Result<Option<f64>, Error> {
        self.parsed(key, |v| java_parse_double(v).ok_or_else(|| number_format(v)))
    }

    pub fn boolean(&mut self, key: &str) -> Result<Option<bool>, Error> {
        self.parsed(key, |v| match v.to_ascii_lowercase().as_str() {
            "true" => Ok(true),
            "false" => Ok(false),
            _ => Err(format!(
                "{}: Unrecognized option for boolean: {}. Expected either true or false(case insensitive)",
                ILLEGAL_ARGUMENT, v
            )),
        })
    }

    /// A duration in milliseconds.
    pub fn duration_ms(&mut self, key: &str) -> Result<Option<i64>, Error> {
        self.parsed(key, parse_duration_ms)
    }

    /// Reads `key` with `parse`, whose error is the Java cause line (`Class: message`).
    pub fn parsed<T>(&mut self, key: &str, parse: impl Fn(&str) -> Result<T, String>) -> Result<Option<T>, Error> {
        self.declare(key);
        match self.raw(key) {
            None => Ok(None),
            Some(v) => parse(v).map(Some).map_err(|cause| could_not_parse(key, v, cause)),
        }
    }

    /// Flink's check that every key set was declared by someone.
    pub fn check_unconsumed(&self, identifier: &str) -> Result<(), Error> {
        let unsupported: BTreeSet<&str> =
            self.options.iter().map(|(k, _)| k.as_str()).filter(|k| !self.declared.contains(*k)).collect();
        if unsupported.is_empty() {
            return Ok(());
        }
        let supported: Vec<&str> = self.declared.iter().map(|s| s.as_str()).collect();
        Err(Error::validation(format!(
            "Unsupported options found for '{}'.\n\nUnsupported options:\n\n{}\n\nSupported options:\n\n{}",
            identifier,
            unsupported.into_iter().collect::<Vec<_>>().join("\n"),
            supported.join("\n")
        )))
    }
}

fn number_format(v: &str) -> String {
    format!("{}: For input string: \"{}\"", NUMBER_FORMAT, v)
}

/// `IllegalArgumentException: Could not parse value 'v' for key 'k'.` caused by `cause`.
pub fn could_not_parse(key: &str, value: &str, cause: String) -> Error {
    Error::validation(format!("Could not parse value '{}' for key '{}'.", value, key))
        .with_class(ILLEGAL_ARGUMENT)
        .caused_by(cause)
}

/// Java's `Double.parseDouble`: surrounding blanks trimmed, an optional `d`/`f` suffix,
/// `NaN` and `Infinity` spelled exactly so.
pub fn java_parse_double(v: &str) -> Option<f64> {
    let t = v.trim_matches(|c: char| c <= ' ');
    let t = t.strip_suffix(['d', 'D', 'f', 'F']).unwrap_or(t);
    let body = t.strip_prefix(['+', '-']).unwrap_or(t);
    match body {
        "NaN" | "Infinity" => return t.replace("Infinity", "inf").parse().ok(),
        "" => return None,
        _ => {}
    }
    if !body.bytes().all(|b| b.is_ascii_digit() || matches!(b, b'.' | b'e' | b'E' | b'+' | b'-')) {
        return None;
    }
    t.parse().ok()
}

/// Flink's `TimeUtils.parseDuration`, in milliseconds (sub-millisecond units truncate).
pub fn parse_duration_ms(v: &str) -> Result<i64, String> {
    let t = v.trim();
    if t.is_empty() {
        return Err(format!("{}: argument is an empty- or whitespace-only string", ILLEGAL_ARGUMENT));
    }
    if let Some(iso) = t.strip_prefix(['P', 'p']) {
        return parse_iso_duration(iso).ok_or_else(|| not_a_number(t));
    }
    let digits = t.bytes().take_while(|b| b.is_ascii_digit()).count();
    if digits == 0 {
        return Err(not_a_number(t));
    }
    let n: i64 = t[..digits].parse().map_err(|_| {
        format!(
            "{}: The value '{}' cannot be re represented as 64bit number (numeric overflow).",
            NUMBER_FORMAT,
            &t[..digits]
        )
    })?;
    let unit = t[digits..].trim().to_lowercase();
    let (mul, div): (i64, i64) = match unit.as_str() {
        "" | "ms" | "milli" | "millis" | "millisecond" | "milliseconds" => (1, 1),
        "d" | "day" | "days" => (86_400_000, 1),
        "h" | "hour" | "hours" => (3_600_000, 1),
        "min" | "m" | "minute" | "minutes" => (60_000, 1),
        "s" | "sec" | "secs" | "second" | "seconds" => (1000, 1),
        "µs" | "micro" | "micros" | "microsecond" | "microseconds" => (1, 1000),
        "ns" | "nano" | "nanos" | "nanosecond" | "nanoseconds" => (1, 1_000_000),
        _ => {
            return Err(format!(
                "{}: Time interval unit label '{}' does not match any of the recognized units: DAYS: (d | day | days), HOURS: (h | hour | hours), MINUTES: (min | m | minute | minutes), SECONDS: (s | sec | secs | second | seconds), MILLISECONDS: (ms | milli | millis | millisecond | milliseconds), MICROSECONDS: (µs | micro | micros | microsecond | microseconds), NANOSECONDS: (ns | nano | nanos | nanosecond | nanoseconds)",
                ILLEGAL_ARGUMENT, unit
            ))
        }
    };
    n.checked_mul(mul).map(|x| x / div).ok_or_else(|| format!("{}: duration overflow: {}", ILLEGAL_ARGUMENT, t))
}

fn not_a_number(t: &str) -> String {
    format!("{}: text does not start with a number, and is not a valid ISO-8601 duration format: {}", NUMBER_FORMAT, t)
}

/// `nDTnHnMn.nS` after the `P` (days, hours, minutes, seconds; Java's `Duration.parse`).
fn parse_iso_duration(s: &str) -> Option<i64> {
    let s = s.to_ascii_uppercase();
    let (date, time) = match s.split_once('T') {
        Some((d, t)) => (d.to_string(), t.to_string()),
        None => (s.clone(), String::new()),
    };
    let mut ms: i64 = 0;
    let mut any = false;
    if !date.is_empty() {
        let days = date.strip_suffix('D')?;
        ms = ms.checked_add(days.parse::<i64>().ok()?.checked_mul(86_400_000)?)?;
        any = true;
    }
    let mut rest = time.as_str();
    for (unit, f) in [('H', 3_600_000i64), ('M', 60_000)] {
        if let Some(i) = rest.find(unit) {
            ms = ms.checked_add(rest[..i].parse::<i64>().ok()?.checked_mul(f)?)?;
            rest = &rest[i + 1..];
            any = true;
        }
    }
    if let Some(sec) = rest.strip_suffix('S') {
        let (whole, frac) = sec.split_once('.').unwrap_or((sec, ""));
        ms = ms.checked_add(whole.parse::<i64>().ok()?.checked_mul(1000)?)?;
        let frac3: String = frac.chars().chain("000".chars()).take(3).collect();
        if !frac.is_empty() {
            let f: i64 = frac3.parse().ok()?;
            ms += if whole.starts_with('-') { -f } else { f };
        }
        any = true;
    } else if !rest.is_empty() {
        return None;
    }
    any.then_some(ms)
}

/// Java's `NumberFormat.getInstance()` (what commons-math messages print): grouping commas, at
/// most three fraction digits.
pub fn java_number(v: f64) -> String {
    if v.is_nan() {
        return "NaN".into();
    }
    if v.is_infinite() {
        return if v > 0.0 { "∞".into() } else { "-∞".into() };
    }
    let s = format!("{:.3}", v.abs());
    let (int, frac) = s.split_once('.').unwrap_or((&s, ""));
    let frac = frac.trim_end_matches('0');
    let mut grouped = String::new();
    for (i, c) in int.chars().enumerate() {
        if i > 0 && (int.len() - i) % 3 == 0 {
            grouped.push(',');
        }
        grouped.push(c);
    }
    let neg = v < 0.0 && (int != "0" || !frac.is_empty());
    format!("{}{}{}{}", if neg { "-" } else { "" }, grouped, if frac.is_empty() { "" } else { "." }, frac)
}

/// The job failure Flink reports when a random generator's bounds are crossed
/// (commons-math `NumberIsTooLargeException`).
pub fn bounds_error(lo: f64, hi: f64) -> Error {
    Error::new(
        ErrorKind::Runtime,
        format!("lower bound ({}) must be strictly less than upper bound ({})", java_number(lo), java_number(hi)),
    )
    .with_class("org.apache.commons.math3.exception.NumberIsTooLargeException")
}

/// Flink's planning-time failure for a table whose source cannot be built: the message lists the
/// table's options; `inner` (a datagen error) becomes the `Caused by:` chain.
///
/// `table` is the full path Flink prints, e.g. `default_catalog.default_database.T`.
pub fn source_error(table: &str, options: &[(String, String)], inner: &Error) -> Error {
    let mut opts: Vec<String> =
        options.iter().map(|(k, v)| format!("'{}'='{}'", k.replace('\'', "''"), v.replace('\'', "''"))).collect();
    crate::sort::sort(&mut opts);
    opts.dedup();
    let class = inner.class.clone().unwrap_or_else(|| inner.java_class().to_string());
    let mut e = Error::validation(format!(
        "Unable to create a source for reading table '{}'.\n\nTable options are:\n\n{}",
        table,
        opts.join("\n")
    ))
    .caused_by(format!("{}: {}", class, inner.message));
    for c in &inner.causes {
        e = e.caused_by(c.clone());
    }
    e
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations() {
        assert_eq!(parse_duration_ms("5 s"), Ok(5000));
        assert_eq!(parse_duration_ms("5s"), Ok(5000));
        assert_eq!(parse_duration_ms("5 sec"), Ok(5000));
        assert_eq!(parse_duration_ms("250"), Ok(250));
        assert_eq!(parse_duration_ms("1 min"), Ok(60_000));
        assert_eq!(parse_duration_ms("PT5S"), Ok(5000));
        assert_eq!(parse_duration_ms("PT1M30.5S"), Ok(90_500));
        assert_eq!(parse_duration_ms("P1DT1H"), Ok(90_000_000));
        assert!(parse_duration_ms("-5 s").unwrap_err().contains("text does not start with a number"));
        assert!(parse_duration_ms("5 weeks").unwrap_err().contains("Time interval unit label 'weeks'"));
    }

    #[test]
    fn java_numbers() {
        assert_eq!(java_number(10000.0), "10,000");
        assert_eq!(java_number(2000.5), "2,000.5");
        assert_eq!(java_number(-24.0), "-24");
        assert_eq!(java_number(1.23456), "1.235");
        assert_eq!(java_parse_double(" 1.5 "), Some(1.5));
        assert_eq!(java_parse_double("2d"), Some(2.0));
        assert_eq!(java_parse_double("inf"), None);
        assert_eq!(java_parse_double("abc"), None);
    }

    #[test]
    fn unconsumed_keys_are_listed() {
        let opts = vec![("connector".to_string(), "datagen".to_string()), ("bogus".to_string(), "x".to_string())];
        let mut r = OptionReader::new(&opts);
        r.declare("connector");
        r.declare("number-of-rows");
        let e = r.check_unconsumed("datagen").unwrap_err();
        assert_eq!(
            e.message,
            "Unsupported options found for 'datagen'.\n\nUnsupported options:\n\nbogus\n\nSupported options:\n\nconnector\nnumber-of-rows"
        );
    }
}
