//! Time: timestamps as Flink holds them, the session time zone, and window assignment.
//!
//! Flink keeps a `TIMESTAMP(p)` as a *local* date-time and a `TIMESTAMP_LTZ(p)` as an instant;
//! both become epoch milliseconds when they act as a time attribute (a `TIMESTAMP` as if it
//! were UTC). [`Ts`] stores either kind the same way: milliseconds since the epoch plus the
//! nanoseconds below the millisecond, so ordering and watermark comparison are plain integer
//! comparisons. The type (not the value) says whether the number is a local clock or an instant.

mod format;
mod parse;
pub mod tzdb;
pub mod window;
mod zone;

pub use format::{format_date, format_time_of_day, format_ts, format_watermark, two_digit_text, write_ts};
pub use parse::{parse_date, parse_time_of_day, parse_ts_literal, parse_ts_relaxed};
pub use zone::SessionZone;

use serde::{Deserialize, Serialize};

/// A timestamp: epoch milliseconds and the nanoseconds below them (0..=999_999).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Ts {
    pub millis: i64,
    pub nanos: u32,
}

impl Ts {
    pub const fn from_millis(millis: i64) -> Ts {
        Ts { millis, nanos: 0 }
    }

    /// Keeps only `precision` fractional digits (Flink truncates on CAST to a lower precision).
    pub fn truncate(self, precision: u8) -> Ts {
        if precision >= 9 {
            return self;
        }
        let total_nanos_in_second = (self.millis.rem_euclid(1000) as u64) * 1_000_000 + self.nanos as u64;
        let unit = 10u64.pow(9 - precision as u32);
        let kept = total_nanos_in_second / unit * unit;
        let second_start = self.millis - self.millis.rem_euclid(1000);
        Ts { millis: second_start + (kept / 1_000_000) as i64, nanos: (kept % 1_000_000) as u32 }
    }
}

/// Milliseconds per unit, for intervals written `INTERVAL 'n' UNIT`.
pub const MS_PER_SECOND: i64 = 1000;
pub const MS_PER_MINUTE: i64 = 60 * MS_PER_SECOND;
pub const MS_PER_HOUR: i64 = 60 * MS_PER_MINUTE;
pub const MS_PER_DAY: i64 = 24 * MS_PER_HOUR;

/// Days since 1970-01-01 of a civil date (proleptic Gregorian), as `java.time.LocalDate` counts.
pub fn days_from_civil(y: i64, m: u32, d: u32) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = if y >= 0 { y } else { y - 399 } / 400;
    let yoe = y - era * 400;
    let mp = (m as i64 + 9) % 12;
    let doy = (153 * mp + 2) / 5 + d as i64 - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146097 + doe - 719468
}

/// The civil date of a day number (inverse of [`days_from_civil`]).
pub fn civil_from_days(z: i64) -> (i64, u32, u32) {
    let z = z + 719468;
    let era = if z >= 0 { z } else { z - 146096 } / 146097;
    let doe = z - era * 146097;
    let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    let y = yoe + era * 400;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    (if m <= 2 { y + 1 } else { y }, m, d)
}

/// Splits epoch milliseconds into (day number, millisecond of the day).
pub fn split_day(millis: i64) -> (i64, i64) {
    (millis.div_euclid(MS_PER_DAY), millis.rem_euclid(MS_PER_DAY))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn civil_round_trip() {
        for z in [-719468i64, -1, 0, 1, 19723, 2932896] {
            let (y, m, d) = civil_from_days(z);
            assert_eq!(days_from_civil(y, m, d), z);
        }
        assert_eq!(days_from_civil(2024, 1, 1), 19723);
        assert_eq!(civil_from_days(0), (1970, 1, 1));
    }

    #[test]
    fn truncate_to_precision() {
        let t = Ts { millis: 1_700_000_000_123, nanos: 456_789 };
        assert_eq!(t.truncate(3), Ts { millis: 1_700_000_000_123, nanos: 0 });
        assert_eq!(t.truncate(0), Ts { millis: 1_700_000_000_000, nanos: 0 });
        assert_eq!(t.truncate(5), Ts { millis: 1_700_000_000_123, nanos: 450_000 });
        let neg = Ts { millis: -1, nanos: 0 };
        assert_eq!(neg.truncate(0), Ts { millis: -1000, nanos: 0 });
    }
}
