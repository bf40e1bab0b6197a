//! `FLOOR(x TO unit)` and `CEIL(x TO unit)` on TIMESTAMP, TIMESTAMP_LTZ and DATE, as Flink's
//! `DateTimeUtils.timestampFloor` / `timestampCeil` / `julianDateFloor` compute them (checked with
//! the oracle: tests/conformance/expressions/expressions_floor_ceil_time.sql).
//!
//! * SECOND and MINUTE round the value arithmetically; HOUR and DAY round it on the session
//!   clock (TIMESTAMP_LTZ) and convert back with the same offset.
//! * WEEK (weeks start on Sunday), MONTH, QUARTER, YEAR, DECADE, CENTURY and MILLENNIUM work on
//!   the calendar date of the value; for a timestamp that date is `trunc(ms / 86 400 000)`, so a
//!   time before 1970 rounds as if it were 1970-01-01 (Flink's truncation:
//!   `FLOOR(TIMESTAMP '1969-12-31 23:30:00' TO MONTH)` is 1970-01-01).
//! * CEIL looks at the date only: `CEIL(TIMESTAMP '2024-03-01 12:00:00' TO MONTH)` is
//!   2024-03-01, and QUARTER moves on whenever the date is not January 1 (Calcite's rule).

use crate::expr::extract::Unit;
use crate::time::{civil_from_days, days_from_civil, SessionZone, Ts, MS_PER_DAY, MS_PER_HOUR, MS_PER_MINUTE};
use crate::value::Value;

/// Rounds `v` down (`floor`) or up to a whole `unit`; NULL stays NULL.
pub fn round_time(unit: Unit, v: &Value, floor: bool, zone: &SessionZone) -> Value {
    match v {
        Value::Date(d) => Value::Date(date_round(unit, *d as i64, floor) as i32),
        Value::Timestamp(t) => Value::Timestamp(Ts { millis: ts_round(unit, t.millis, 0, floor), nanos: 0 }),
        Value::TimestampLtz(t) => {
            let offset = zone.offset_at_instant(t.millis);
            Value::TimestampLtz(Ts { millis: ts_round(unit, t.millis, offset, floor), nanos: 0 })
        }
        _ => Value::Null,
    }
}

fn floor_to(x: i64, unit: i64) -> i64 {
    x - x.rem_euclid(unit)
}

fn ceil_to(x: i64, unit: i64) -> i64 {
    let r = x.rem_euclid(unit);
    if r == 0 {
        x
    } else {
        x - r + unit
    }
}

fn ts_round(unit: Unit, ms: i64, offset: i64, floor: bool) -> i64 {
    let by = |u: i64| if floor { floor_to(ms, u) } else { ceil_to(ms, u) };
    let local = ms + offset;
    let on_clock = |u: i64| if floor { floor_to(local, u) } else { ceil_to(local, u) } - offset;
    match unit {
        Unit::Millisecond | Unit::Microsecond | Unit::Nanosecond => ms,
        Unit::Second => by(1000),
        Unit::Minute => by(MS_PER_MINUTE),
        Unit::Hour => on_clock(MS_PER_HOUR),
        Unit::Day => on_clock(MS_PER_DAY),
        _ => date_round(unit, local / MS_PER_DAY, floor) * MS_PER_DAY - offset,
    }
}

/// Calcite's `julianDateFloor` on a day number (days since 1970-01-01).
fn date_round(unit: Unit, days: i64, floor: bool) -> i64 {
    let (year, month, day) = civil_from_days(days);
    let quarter = (month as i64 + 2) / 3;
    let ymd = |y: i64, m: i64, d: u32| days_from_civil(y, m as u32, d);
    match unit {
        Unit::Millennium => {
            let m = 1000 * ((year + 999) / 1000);
            ymd(if floor { m - 999 } else { m + 1 }, 1, 1)
        }
        Unit::Century => {
            let c = 100 * ((year + 99) / 100);
            ymd(if floor { c - 99 } else { c + 1 }, 1, 1)
        }
        Unit::Decade => ymd(if floor { 10 * (year / 10) } else { 10 * (1 + year / 10) }, 1, 1),
        Unit::Year | Unit::IsoYear => {
            let up = !floor && (month > 1 || day > 1);
            ymd(year + up as i64, 1, 1)
        }
        Unit::Quarter => {
            let up = !floor && (month > 1 || day > 1);
            ymd(year, (quarter + up as i64) * 3 - 2, 1)
        }
        Unit::Month => {
            let up = !floor && day > 1;
            ymd(year, month as i64 + up as i64, 1)
        }
        Unit::Week => {
            // days since Sunday (1970-01-01 was a Thursday)
            let mut back = (days + 4).rem_euclid(7);
            if !floor && back > 0 {
                back -= 7;
            }
            days - back
        }
        Unit::Day | Unit::DayOfWeek | Unit::IsoDayOfWeek | Unit::DayOfYear | Unit::Epoch => days,
        Unit::Hour | Unit::Minute | Unit::Second | Unit::Millisecond | Unit::Microsecond | Unit::Nanosecond => days,
    }
}

#[cfg(test)]
mod tests {
    use super::round_time;
    use crate::expr::extract::Unit;
    use crate::time::{SessionZone, Ts};
    use crate::value::Value;

    fn ts(ms: i64) -> Value {
        Value::Timestamp(Ts { millis: ms, nanos: 0 })
    }

    #[test]
    fn floor_and_ceil_of_a_leap_day() {
        let z = SessionZone::default();
        let t = ts(1_709_251_199_999); // 2024-02-29 23:59:59.999, a Thursday
        assert_eq!(round_time(Unit::Month, &t, true, &z), ts(1_706_745_600_000)); // 2024-02-01
        assert_eq!(round_time(Unit::Month, &t, false, &z), ts(1_709_251_200_000)); // 2024-03-01
        assert_eq!(round_time(Unit::Week, &t, true, &z), ts(1_708_819_200_000)); // Sunday 2024-02-25
        assert_eq!(round_time(Unit::Second, &t, true, &z), ts(1_709_251_199_000));
    }

    #[test]
    fn before_1970_the_calendar_units_round_from_1970_01_01() {
        let z = SessionZone::default();
        let t = ts(-1_799_500); // 1969-12-31 23:30:00.500
        assert_eq!(round_time(Unit::Month, &t, true, &z), ts(0));
        assert_eq!(round_time(Unit::Hour, &t, true, &z), ts(-3_600_000));
        assert_eq!(round_time(Unit::Second, &t, false, &z), ts(-1_799_000));
        assert_eq!(round_time(Unit::Month, &Value::Date(-1), true, &z), Value::Date(-31));
        // 1969-12-01
    }
}
