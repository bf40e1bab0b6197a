//! Reading date and time literals, with the strictness Flink applies to each form.

use super::{days_from_civil, Ts, MS_PER_DAY};

fn digits(s: &str, n: usize) -> Option<i64> {
    if s.len() != n || !s.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    Some(s.bytes().fold(0i64, |v, b| v * 10 + i64::from(b - b'0')))
}

fn days_in_month(y: i64, m: u32) -> u32 {
    match m {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        _ => {
            if (y % 4 == 0 && y % 100 != 0) || y % 400 == 0 {
                29
            } else {
                28
            }
        }
    }
}

/// `yyyy-MM-dd` → days since the epoch.
pub fn parse_date(s: &str) -> Option<i32> {
    let mut it = s.trim().split('-');
    let y = digits(it.next()?, 4)?;
    let m = digits(it.next()?, 2)? as u32;
    let d = digits(it.next()?, 2)? as u32;
    if it.next().is_some() || !(1..=12).contains(&m) || d == 0 || d > days_in_month(y, m) {
        return None;
    }
    i32::try_from(days_from_civil(y, m, d)).ok()
}

/// `HH:mm[:ss[.f…]]` → nanoseconds of the day. `need_seconds` demands the `:ss` part.
fn parse_clock(s: &str, need_seconds: bool) -> Option<i64> {
    let (main, frac) = match s.split_once('.') {
        Some((a, b)) => (a, Some(b)),
        None => (s, None),
    };
    // up to three `:` parts (a fourth means too many), without collecting them
    let mut parts = [""; 3];
    let mut n = 0;
    for p in main.split(':') {
        if n == 3 {
            return None;
        }
        parts[n] = p;
        n += 1;
    }
    if n < 2 || (need_seconds && n < 3) {
        return None;
    }
    let h = digits(parts[0], 2)?;
    let mi = digits(parts[1], 2)?;
    let se = if n == 3 { digits(parts[2], 2)? } else { 0 };
    if h > 23 || mi > 59 || se > 59 {
        return None;
    }
    if frac.is_some() && n < 3 {
        return None;
    }
    let mut nanos = 0i64;
    if let Some(f) = frac {
        if f.is_empty() || f.len() > 9 || !f.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        // the fraction's digits padded with zeros to nine
        nanos = digits(f, f.len())? * 10i64.pow(9 - f.len() as u32);
    }
    Some(((h * 60 + mi) * 60 + se) * 1_000_000_000 + nanos)
}

/// `HH:mm:ss[.f…]` (Flink's `TIME '…'` literal) → nanoseconds of the day.
pub fn parse_time_of_day(s: &str) -> Option<i64> {
    parse_clock(s.trim(), false)
}

fn combine(days: i32, nanos_of_day: i64) -> Ts {
    let millis = days as i64 * MS_PER_DAY + nanos_of_day / 1_000_000;
    Ts { millis, nanos: (nanos_of_day % 1_000_000) as u32 }
}

/// The common form `yyyy-MM-dd HH:mm:ss[.f…]` exactly (no other spaces, 1–9 fraction digits),
/// read without splitting; None for any other text, which the general readers then read (they
/// give the same value for this form: the tests below and tests/insert_reader.rs compare).
fn canonical_ts(s: &str) -> Option<Ts> {
    let b = s.as_bytes();
    if b.len() < 19 || b[4] != b'-' || b[7] != b'-' || b[10] != b' ' || b[13] != b':' || b[16] != b':' {
        return None;
    }
    let num = |r: std::ops::Range<usize>| -> Option<i64> {
        b[r].iter().try_fold(0i64, |v, &c| c.is_ascii_digit().then(|| v * 10 + i64::from(c - b'0')))
    };
    let (y, m, d) = (num(0..4)?, num(5..7)? as u32, num(8..10)? as u32);
    let (h, mi, se) = (num(11..13)?, num(14..16)?, num(17..19)?);
    if !(1..=12).contains(&m) || d == 0 || d > days_in_month(y, m) || h > 23 || mi > 59 || se > 59 {
        return None;
    }
    let mut nanos = 0i64;
    if b.len() > 19 {
        let f = b.len() - 20;
        if b[19] != b'.' || f == 0 || f > 9 {
            return None;
        }
        nanos = num(20..b.len())? * 10i64.pow(9 - f as u32);
    }
    let days = i32::try_from(days_from_civil(y, m, d)).ok()?;
    Some(combine(days, ((h * 60 + mi) * 60 + se) * 1_000_000_000 + nanos))
}

/// A SQL `TIMESTAMP '…'` literal as Flink accepts it: `yyyy-MM-dd` alone or
/// `yyyy-MM-dd HH:mm:ss[.f…]` (Flink rejects `yyyy-MM-dd HH:mm`).
pub fn parse_ts_literal(s: &str) -> Option<Ts> {
    let s = s.trim();
    if let Some(t) = canonical_ts(s) {
        return Some(t);
    }
    match s.split_once(' ') {
        None => Some(combine(parse_date(s)?, 0)),
        Some((d, t)) => Some(combine(parse_date(d)?, parse_clock(t.trim(), true)?)),
    }
}

/// A timestamp in an `@` data line or `@watermark` line (the oracle's reader): `T` or a space
/// between date and time, seconds optional, date alone allowed.
pub fn parse_ts_relaxed(s: &str) -> Option<Ts> {
    let t = s.trim();
    if let Some(ts) = canonical_ts(t) {
        return Some(ts);
    }
    let s: std::borrow::Cow<str> = if t.contains('T') { t.replacen('T', " ", 1).into() } else { t.into() };
    match s.split_once(' ') {
        None => Some(combine(parse_date(&s)?, 0)),
        Some((d, t)) => Some(combine(parse_date(d)?, parse_clock(t.trim(), false)?)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The canonical reader gives what the general one gives, for good and bad texts alike.
    #[test]
    fn the_canonical_form_reads_as_the_general_one() {
        let general = |s: &str| match s.split_once(' ') {
            None => Some(combine(parse_date(s)?, 0)),
            Some((d, t)) => Some(combine(parse_date(d)?, parse_clock(t.trim(), true)?)),
        };
        let mut n = 0;
        for y in ["1970", "2023", "2024", "1900", "2000", "0001", "9999", "20x3"] {
            for m in ["01", "02", "12", "13", "00", "1a"] {
                for d in ["01", "28", "29", "30", "31", "00", "32"] {
                    for t in ["00:00:00", "23:59:59", "24:00:00", "12:60:00", "12:00:60", "1a:00:00"] {
                        for f in ["", ".1", ".268", ".123456789", ".1234567890", ".", ".12a"] {
                            let s = format!("{}-{}-{} {}{}", y, m, d, t, f);
                            let c = canonical_ts(&s);
                            assert!(c.is_none() || c == general(&s), "{}", s);
                            assert_eq!(parse_ts_literal(&s), general(&s), "{}", s);
                            n += usize::from(c.is_some());
                        }
                    }
                }
            }
        }
        assert!(n > 500, "only {} read the canonical way", n);
    }

    #[test]
    fn literal_forms() {
        assert_eq!(parse_ts_literal("2024-01-01"), Some(Ts::from_millis(1_704_067_200_000)));
        assert_eq!(parse_ts_literal("2023-11-03 12:22:47.268"), Some(Ts::from_millis(1_699_014_167_268)));
        assert_eq!(parse_ts_literal("2024-01-01 10:00"), None);
        assert_eq!(parse_ts_literal("2024-13-01 10:00:00"), None);
        assert_eq!(parse_ts_literal("2024-02-30 10:00:00"), None);
        assert_eq!(parse_ts_relaxed("2024-01-01 10:00"), Some(Ts::from_millis(1_704_103_200_000)));
        assert_eq!(parse_ts_literal("2024-01-01 00:00:00.000000001"), Some(Ts { millis: 1_704_067_200_000, nanos: 1 }));
        assert_eq!(parse_time_of_day("10:00:00"), Some(36_000_000_000_000));
    }
}
