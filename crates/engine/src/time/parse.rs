//! Reading date and time literals, with the strictness Flink applies to each form.

use super::{days_from_civil, Ts, MS_PER_DAY};

fn digits(s: &str, n: usize) -> Option<i64> {
    if s.len() != n || !s.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    s.parse().ok()
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
    let parts: Vec<&str> = main.split(':').collect();
    if parts.len() < 2 || parts.len() > 3 || (need_seconds && parts.len() < 3) {
        return None;
    }
    let h = digits(parts[0], 2)?;
    let mi = digits(parts[1], 2)?;
    let se = if parts.len() == 3 { digits(parts[2], 2)? } else { 0 };
    if h > 23 || mi > 59 || se > 59 {
        return None;
    }
    if frac.is_some() && parts.len() < 3 {
        return None;
    }
    let mut nanos = 0i64;
    if let Some(f) = frac {
        if f.is_empty() || f.len() > 9 || !f.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        nanos = format!("{:0<9}", f).parse().ok()?;
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

/// A SQL `TIMESTAMP '…'` literal as Flink accepts it: `yyyy-MM-dd` alone or
/// `yyyy-MM-dd HH:mm:ss[.f…]` (Flink rejects `yyyy-MM-dd HH:mm`).
pub fn parse_ts_literal(s: &str) -> Option<Ts> {
    let s = s.trim();
    match s.split_once(' ') {
        None => Some(combine(parse_date(s)?, 0)),
        Some((d, t)) => Some(combine(parse_date(d)?, parse_clock(t.trim(), true)?)),
    }
}

/// A timestamp in an `@` data line or `@watermark` line (the oracle's reader): `T` or a space
/// between date and time, seconds optional, date alone allowed.
pub fn parse_ts_relaxed(s: &str) -> Option<Ts> {
    let s = s.trim().replacen('T', " ", 1);
    match s.split_once(' ') {
        None => Some(combine(parse_date(&s)?, 0)),
        Some((d, t)) => Some(combine(parse_date(d)?, parse_clock(t.trim(), false)?)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
