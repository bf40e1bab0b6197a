//! Rendering of dates and times exactly as the oracle prints them (Java's formatters).

use super::{civil_from_days, split_day, Ts};

/// `yyyy-MM-dd HH:mm:ss[.f…]` with exactly `precision` fractional digits, of a local clock value.
pub fn format_ts(ts: Ts, precision: u8) -> String {
    let mut s = String::with_capacity(30);
    write_ts(&mut s, ts, precision);
    s
}

/// A timestamp written lately: its value, its precision and its text.
type Written = (i64, u32, u8, String);

thread_local! {
    /// The timestamps written lately, in 64 slots by their millisecond: a traced row's time is
    /// written again and again (its source row, the state it enters, its emits, the result) and a
    /// window's bounds for every row in the window, so a text found here is copied, not written
    /// again (a pure function's memo: nothing else depends on it).
    static RECENT: std::cell::RefCell<Vec<Written>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// [`format_ts`], appended to `out` (through [`RECENT`]).
pub fn write_ts(out: &mut String, ts: Ts, precision: u8) {
    let found = RECENT.with(|r| {
        let Ok(mut r) = r.try_borrow_mut() else { return false };
        if r.is_empty() {
            r.resize(64, (0, 0, 0, String::new()));
        }
        let m = ts.millis as u64;
        let slot = &mut r[((m ^ (m >> 7) ^ (m >> 13)) & 63) as usize];
        if !(slot.0 == ts.millis && slot.1 == ts.nanos && slot.2 == precision && !slot.3.is_empty()) {
            slot.3.clear();
            write_ts_text(&mut slot.3, ts, precision);
            (slot.0, slot.1, slot.2) = (ts.millis, ts.nanos, precision);
        }
        out.push_str(&slot.3);
        true
    });
    if !found {
        write_ts_text(out, ts, precision);
    }
}

/// [`format_ts`], appended to `out`. The trace formats a timestamp for nearly every event, so
/// this writes the digits itself (a tenth of what `format!` with padded fields costs); a year
/// outside 0–9999 goes through `format!`, which pads and signs it as before.
fn write_ts_text(out: &mut String, ts: Ts, precision: u8) {
    let (day, ms_of_day) = split_day(ts.millis);
    if ts.nanos <= 999_999 {
        if let Some(date) = date_text(day) {
            let secs = (ms_of_day / 1000) as usize;
            let mut b = [0u8; 29];
            b[..10].copy_from_slice(&date);
            b[10] = b' ';
            b[11..13].copy_from_slice(two_digits(secs / 3600));
            b[13] = b':';
            b[14..16].copy_from_slice(two_digits((secs / 60) % 60));
            b[16] = b':';
            b[17..19].copy_from_slice(two_digits(secs % 60));
            let mut n = 19;
            if precision > 0 {
                let p = precision.min(9) as usize;
                let mut v = (ms_of_day % 1000) as u64 * 1_000_000 + ts.nanos as u64;
                // only the digits shown: drop the ones past the precision first
                for _ in p..9 {
                    v /= 10;
                }
                b[19] = b'.';
                for c in b[20..20 + p].iter_mut().rev() {
                    *c = b'0' + (v % 10) as u8;
                    v /= 10;
                }
                n = 20 + p;
            }
            // ASCII digits and separators: always UTF-8
            out.push_str(std::str::from_utf8(&b[..n]).unwrap_or_default());
            return;
        }
    }
    let (y, m, d) = civil_from_days(day);
    let secs = ms_of_day / 1000;
    use std::fmt::Write;
    let _ = write!(out, "{:04}-{:02}-{:02} {:02}:{:02}:{:02}", y, m, d, secs / 3600, (secs / 60) % 60, secs % 60);
    if precision > 0 {
        let nanos = (ms_of_day % 1000) as u64 * 1_000_000 + ts.nanos as u64;
        let digits = format!("{:09}", nanos);
        out.push('.');
        out.push_str(&digits[..(precision.min(9) as usize)]);
    }
}

/// `00`..`99`, for hours, minutes and seconds.
fn two_digits(v: usize) -> &'static [u8] {
    two_digit_text(v).as_bytes()
}

/// `00`..`99` of `v % 100`, as text (the step sentences' times of day are written from it).
pub fn two_digit_text(v: usize) -> &'static str {
    const PAIRS: &str = "0001020304050607080910111213141516171819\
2021222324252627282930313233343536373839\
4041424344454647484950515253545556575859\
6061626364656667686970717273747576777879\
8081828384858687888990919293949596979899";
    let i = (v % 100) * 2;
    PAIRS.get(i..i + 2).unwrap_or("00")
}

thread_local! {
    /// The last day written as `yyyy-MM-dd`: consecutive timestamps mostly fall on the same day,
    /// so its text is copied, not worked out again (a pure function's memo: nothing else depends
    /// on it).
    static LAST_DAY: std::cell::Cell<(i64, [u8; 10])> = const { std::cell::Cell::new((i64::MIN, [0; 10])) };
}

/// `yyyy-MM-dd` of a day (days since the epoch) in years 0–9999; None outside them.
fn date_text(day: i64) -> Option<[u8; 10]> {
    let (last, text) = LAST_DAY.with(|c| c.get());
    if last == day {
        return Some(text);
    }
    let (y, m, d) = civil_from_days(day);
    if !(0..=9999).contains(&y) {
        return None;
    }
    let mut b = [0u8; 10];
    b[0..2].copy_from_slice(two_digits(y as usize / 100));
    b[2..4].copy_from_slice(two_digits(y as usize % 100));
    b[4] = b'-';
    b[5..7].copy_from_slice(two_digits(m as usize));
    b[7] = b'-';
    b[8..10].copy_from_slice(two_digits(d as usize));
    LAST_DAY.with(|c| c.set((day, b)));
    Some(b)
}

/// A watermark (epoch milliseconds) as the oracle's `-> wm` notes show it: UTC, milliseconds.
pub fn format_watermark(millis: i64) -> String {
    match millis {
        i64::MAX => "+inf".to_string(),
        i64::MIN => "-inf".to_string(),
        m => format_ts(Ts::from_millis(m), 3),
    }
}

/// `java.time.LocalDate#toString`: `yyyy-MM-dd` (a `+` before years past 9999).
pub fn format_date(days: i32) -> String {
    let (y, m, d) = civil_from_days(days as i64);
    if y > 9999 {
        format!("+{}-{:02}-{:02}", y, m, d)
    } else if y < 0 {
        format!("-{:04}-{:02}-{:02}", -y, m, d)
    } else {
        format!("{:04}-{:02}-{:02}", y, m, d)
    }
}

/// `java.time.LocalTime#toString`: `HH:mm`, then `:ss` and a fraction only when non-zero
/// (the fraction in groups of three digits).
pub fn format_time_of_day(nanos_of_day: i64) -> String {
    let secs = nanos_of_day / 1_000_000_000;
    let nano = nanos_of_day % 1_000_000_000;
    let mut s = format!("{:02}:{:02}", secs / 3600, (secs / 60) % 60);
    if secs % 60 != 0 || nano != 0 {
        s.push_str(&format!(":{:02}", secs % 60));
        if nano != 0 {
            if nano % 1_000_000 == 0 {
                s.push_str(&format!(".{:03}", nano / 1_000_000));
            } else if nano % 1000 == 0 {
                s.push_str(&format!(".{:06}", nano / 1000));
            } else {
                s.push_str(&format!(".{:09}", nano));
            }
        }
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn remembered_timestamps_are_the_ones_asked_for() {
        // times that share slots of RECENT, with other nanoseconds and precisions in between
        let mut x: u64 = 0x2545_f491_4f6c_dd1d;
        let mut asked = Vec::new();
        for _ in 0..5_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let millis = 1_699_014_167_268 + (x % 200) as i64 * 64;
            asked.push((Ts { millis, nanos: (x >> 20) as u32 % 3 * 1_000 }, (x >> 40) as u8 % 10));
        }
        for &(t, p) in asked.iter().chain(asked.iter().rev()) {
            let mut plain = String::new();
            write_ts_text(&mut plain, t, p);
            assert_eq!(format_ts(t, p), plain, "{t:?} {p}");
        }
    }

    #[test]
    fn timestamps_print_with_their_precision() {
        // 2023-11-03 12:22:47.268 UTC
        let t = Ts::from_millis(1_699_014_167_268);
        assert_eq!(format_ts(t, 3), "2023-11-03 12:22:47.268");
        assert_eq!(format_ts(t, 0), "2023-11-03 12:22:47");
        assert_eq!(format_ts(t, 6), "2023-11-03 12:22:47.268000");
        let t = Ts { millis: 1_699_014_167_268, nanos: 123_456 };
        assert_eq!(format_ts(t, 9), "2023-11-03 12:22:47.268123456");
        assert_eq!(format_ts(Ts::from_millis(-1), 3), "1969-12-31 23:59:59.999");
    }

    /// The digits written by hand are `format!`'s: the old definition, over years 0–9999 and
    /// beyond, every precision, and sub-millisecond nanos.
    #[test]
    fn written_timestamps_equal_the_formatted_ones() {
        fn reference(ts: Ts, precision: u8) -> String {
            let (day, ms_of_day) = split_day(ts.millis);
            let (y, m, d) = civil_from_days(day);
            let secs = ms_of_day / 1000;
            let mut s =
                format!("{:04}-{:02}-{:02} {:02}:{:02}:{:02}", y, m, d, secs / 3600, (secs / 60) % 60, secs % 60);
            if precision > 0 {
                let nanos = (ms_of_day % 1000) as u64 * 1_000_000 + ts.nanos as u64;
                let digits = format!("{:09}", nanos);
                s.push('.');
                s.push_str(&digits[..(precision.min(9) as usize)]);
            }
            s
        }
        let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
        let mut millis =
            vec![0, -1, 1, 253_402_300_799_999, 253_402_300_800_000, -62_167_219_200_000, -62_167_219_200_001];
        for _ in 0..20_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            millis.push((x % 600_000_000_000_000) as i64 - 300_000_000_000_000);
        }
        // runs of instants a few seconds apart (the same day over and over, then the next one):
        // the remembered day's text
        for k in 0..3_000i64 {
            millis.push(1_699_052_000_000 + k * 29_311);
            millis.push(-86_400_000 + k * 17);
        }
        for (i, &ms) in millis.iter().enumerate() {
            let ts = Ts { millis: ms, nanos: (i as u32 * 7919) % 1_000_000 };
            for p in 0..=9 {
                assert_eq!(format_ts(ts, p), reference(ts, p), "{ms} ms, precision {p}");
            }
        }
    }

    #[test]
    fn watermarks_print_in_utc_with_millis() {
        assert_eq!(format_watermark(1_699_014_167_268), "2023-11-03 12:22:47.268");
        assert_eq!(format_watermark(i64::MAX), "+inf");
        assert_eq!(format_watermark(i64::MIN), "-inf");
    }

    #[test]
    fn local_time_prints_like_java() {
        assert_eq!(format_time_of_day(10 * 3_600_000_000_000), "10:00");
        assert_eq!(format_time_of_day(10 * 3_600_000_000_000 + 5_000_000_000), "10:00:05");
        assert_eq!(format_time_of_day(10 * 3_600_000_000_000 + 120_000_000), "10:00:00.120");
        assert_eq!(format_time_of_day(1_000), "00:00:00.000001");
        assert_eq!(format_date(19723), "2024-01-01");
    }
}
