//! `EXTRACT(unit FROM x)` and its shorthands (`YEAR(x)`, `MONTH(x)`, `HOUR(x)`, …), computed as
//! Flink's `DateTimeUtils.extractFromTimestamp` / `extractFromDate` do (checked with the oracle:
//! tests/conformance/expressions/expressions_extract.sql).
//!
//! A TIMESTAMP is read on its own clock, a TIMESTAMP_LTZ in the session time zone. Flink
//! divides with Java's truncating `/` and `%`, so a time before 1970 is read oddly, and JoinLab
//! does the same: `EXTRACT(YEAR FROM TIMESTAMP '1969-12-31 23:59:59.001')` is 1970 and its HOUR
//! is 0 (the day is `trunc(ms / 86 400 000)`, the hour `trunc((ms % 86 400 000) / 3 600 000)`).
//! A DATE is a day number and reads correctly either side of 1970; its time-of-day parts are 0.
//! MILLISECOND, MICROSECOND and NANOSECOND are the fraction of the second (not counting the
//! seconds, unlike Calcite's documentation).

use chrono::{Datelike, NaiveDate};

use crate::time::SessionZone;
use crate::value::Value;

const MS_PER_DAY: i64 = 86_400_000;

/// A unit `EXTRACT` accepts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unit {
    Millennium,
    Century,
    Decade,
    Year,
    IsoYear,
    Quarter,
    Month,
    Week,
    Day,
    DayOfWeek,
    IsoDayOfWeek,
    DayOfYear,
    Hour,
    Minute,
    Second,
    Millisecond,
    Microsecond,
    Nanosecond,
    Epoch,
}

const ALL: [Unit; 19] = [
    Unit::Millennium,
    Unit::Century,
    Unit::Decade,
    Unit::Year,
    Unit::IsoYear,
    Unit::Quarter,
    Unit::Month,
    Unit::Week,
    Unit::Day,
    Unit::DayOfWeek,
    Unit::IsoDayOfWeek,
    Unit::DayOfYear,
    Unit::Hour,
    Unit::Minute,
    Unit::Second,
    Unit::Millisecond,
    Unit::Microsecond,
    Unit::Nanosecond,
    Unit::Epoch,
];

impl Unit {
    /// The unit of `EXTRACT(<name> FROM …)`.
    pub fn parse(name: &str) -> Option<Unit> {
        Some(match name.to_ascii_uppercase().as_str() {
            "MILLENNIUM" => Unit::Millennium,
            "CENTURY" => Unit::Century,
            "DECADE" => Unit::Decade,
            "YEAR" => Unit::Year,
            "ISOYEAR" => Unit::IsoYear,
            "QUARTER" => Unit::Quarter,
            "MONTH" => Unit::Month,
            "WEEK" => Unit::Week,
            "DAY" => Unit::Day,
            "DOW" => Unit::DayOfWeek,
            "ISODOW" => Unit::IsoDayOfWeek,
            "DOY" => Unit::DayOfYear,
            "HOUR" => Unit::Hour,
            "MINUTE" => Unit::Minute,
            "SECOND" => Unit::Second,
            "MILLISECOND" => Unit::Millisecond,
            "MICROSECOND" => Unit::Microsecond,
            "NANOSECOND" => Unit::Nanosecond,
            "EPOCH" => Unit::Epoch,
            _ => return None,
        })
    }

    /// The unit of a shorthand function (`YEAR(x)`, `DAYOFWEEK(x)`, …).
    pub fn of_function(name: &str) -> Option<Unit> {
        Some(match name {
            "YEAR" => Unit::Year,
            "QUARTER" => Unit::Quarter,
            "MONTH" => Unit::Month,
            "WEEK" => Unit::Week,
            "DAYOFYEAR" => Unit::DayOfYear,
            "DAYOFMONTH" => Unit::Day,
            "DAYOFWEEK" => Unit::DayOfWeek,
            "HOUR" => Unit::Hour,
            "MINUTE" => Unit::Minute,
            "SECOND" => Unit::Second,
            _ => return None,
        })
    }

    /// Calcite's name of the unit as an interval qualifier (error messages).
    pub fn interval_name(self) -> &'static str {
        match self {
            Unit::Millennium => "INTERVAL MILLENNIUM",
            Unit::Century => "INTERVAL CENTURY",
            Unit::Decade => "INTERVAL DECADE",
            Unit::Year => "INTERVAL YEAR",
            Unit::IsoYear => "INTERVAL ISOYEAR",
            Unit::Quarter => "INTERVAL QUARTER",
            Unit::Month => "INTERVAL MONTH",
            Unit::Week => "INTERVAL WEEK",
            Unit::Day => "INTERVAL DAY",
            Unit::DayOfWeek => "INTERVAL DOW",
            Unit::IsoDayOfWeek => "INTERVAL ISODOW",
            Unit::DayOfYear => "INTERVAL DOY",
            Unit::Hour => "INTERVAL HOUR",
            Unit::Minute => "INTERVAL MINUTE",
            Unit::Second => "INTERVAL SECOND",
            Unit::Millisecond => "INTERVAL MILLISECOND",
            Unit::Microsecond => "INTERVAL MICROSECOND",
            Unit::Nanosecond => "INTERVAL NANOSECOND",
            Unit::Epoch => "INTERVAL EPOCH",
        }
    }

    /// The unit as an expression argument.
    pub fn code(self) -> i64 {
        ALL.iter().position(|&u| u == self).unwrap_or(0) as i64
    }

    pub fn from_code(code: i64) -> Option<Unit> {
        usize::try_from(code).ok().and_then(|i| ALL.get(i).copied())
    }
}

/// `EXTRACT(unit FROM v)`: a BIGINT, NULL for NULL.
pub fn extract(unit: Unit, v: &Value, zone: &SessionZone) -> Value {
    let (ms, nanos) = match v {
        Value::Date(d) => return date_part(unit, *d as i64).map(Value::BigInt).unwrap_or(Value::Null),
        Value::Timestamp(t) => (t.millis, t.nanos as i64),
        Value::TimestampLtz(t) => (t.millis + zone.offset_at_instant(t.millis), t.nanos as i64),
        _ => return Value::Null,
    };
    // Java's truncating division and remainder, as Flink's convertExtract
    let r = match unit {
        Unit::Hour => (ms % MS_PER_DAY) / 3_600_000,
        Unit::Minute => (ms % 3_600_000) / 60_000,
        Unit::Second => (ms % 60_000) / 1000,
        Unit::Millisecond => ms % 1000,
        Unit::Microsecond => (ms % 1000) * 1000 + nanos / 1000,
        Unit::Nanosecond => (ms % 1000) * 1_000_000 + nanos,
        Unit::Epoch => ms / 1000,
        _ => match date_part(unit, ms / MS_PER_DAY) {
            Some(x) => x,
            None => return Value::Null,
        },
    };
    Value::BigInt(r)
}

/// A calendar part of day number `days` (since 1970-01-01).
fn date_part(unit: Unit, days: i64) -> Option<i64> {
    let d = NaiveDate::from_num_days_from_ce_opt(i32::try_from(days + 719_163).ok()?)?;
    let year = d.year() as i64;
    Some(match unit {
        Unit::Millennium => {
            if year > 0 {
                (year + 999) / 1000
            } else {
                (year - 999) / 1000
            }
        }
        Unit::Century => {
            if year > 0 {
                (year + 99) / 100
            } else {
                (year - 99) / 100
            }
        }
        Unit::Decade => year / 10,
        Unit::Year => year,
        Unit::IsoYear => d.iso_week().year() as i64,
        Unit::Quarter => (d.month() as i64 + 2) / 3,
        Unit::Month => d.month() as i64,
        Unit::Week => d.iso_week().week() as i64,
        Unit::Day => d.day() as i64,
        Unit::DayOfWeek => d.weekday().num_days_from_sunday() as i64 + 1,
        Unit::IsoDayOfWeek => d.weekday().number_from_monday() as i64,
        Unit::DayOfYear => d.ordinal() as i64,
        Unit::Epoch => days * 86_400,
        Unit::Hour | Unit::Minute | Unit::Second | Unit::Millisecond | Unit::Microsecond | Unit::Nanosecond => 0,
    })
}

#[cfg(test)]
mod tests {
    use super::{extract, Unit};
    use crate::time::{SessionZone, Ts};
    use crate::value::Value;

    fn ts(ms: i64) -> Value {
        Value::Timestamp(Ts { millis: ms, nanos: 0 })
    }

    #[test]
    fn parts_of_a_timestamp_after_1970() {
        let z = SessionZone::default();
        // 2024-02-29 23:59:59.999
        let t = ts(1_709_251_199_999);
        let get = |u| extract(u, &t, &z);
        assert_eq!(get(Unit::Year), Value::BigInt(2024));
        assert_eq!(get(Unit::Month), Value::BigInt(2));
        assert_eq!(get(Unit::Day), Value::BigInt(29));
        assert_eq!(get(Unit::Hour), Value::BigInt(23));
        assert_eq!(get(Unit::Second), Value::BigInt(59));
        assert_eq!(get(Unit::DayOfWeek), Value::BigInt(5)); // a Thursday; Sunday is 1
        assert_eq!(get(Unit::DayOfYear), Value::BigInt(60));
        assert_eq!(get(Unit::Quarter), Value::BigInt(1));
    }

    #[test]
    fn before_1970_flink_truncates_toward_zero() {
        let z = SessionZone::default();
        let t = ts(-999); // 1969-12-31 23:59:59.001
        assert_eq!(extract(Unit::Year, &t, &z), Value::BigInt(1970));
        assert_eq!(extract(Unit::Hour, &t, &z), Value::BigInt(0));
        // a DATE is a day number: no truncation
        assert_eq!(extract(Unit::Year, &Value::Date(-1), &z), Value::BigInt(1969));
    }

    #[test]
    fn unit_codes_round_trip() {
        for name in ["YEAR", "dow", "Epoch", "NANOSECOND"] {
            let u = Unit::parse(name).unwrap();
            assert_eq!(Unit::from_code(u.code()), Some(u));
        }
        assert_eq!(Unit::parse("FORTNIGHT"), None);
    }
}
