//! Date-time helpers of evaluation: a value's instant, its local wall-clock milliseconds, month
//! arithmetic.

use super::EvalCtx;
use crate::time::{Ts, MS_PER_DAY};
use crate::value::Value;

pub(super) fn date_ts(v: &Value) -> Option<Ts> {
    match v {
        Value::Date(d) => Some(Ts::from_millis(*d as i64 * MS_PER_DAY)),
        _ => None,
    }
}

/// Local clock milliseconds of a timestamp value (LTZ values in the session zone).
pub(super) fn local_ms(v: &Value, t: Ts, ctx: &EvalCtx) -> i64 {
    match v {
        Value::TimestampLtz(_) => ctx.zone.instant_to_local(t.millis),
        _ => t.millis,
    }
}

pub(super) fn ymd(ms: i64) -> (i64, u32, u32) {
    crate::time::civil_from_days(ms.div_euclid(MS_PER_DAY))
}

pub(super) fn add_months(t: Ts, months: i64) -> Ts {
    let (day, ms) = crate::time::split_day(t.millis);
    let (y, m, d) = crate::time::civil_from_days(day);
    let total = y * 12 + (m as i64 - 1) + months;
    let (ny, nm) = (total.div_euclid(12), (total.rem_euclid(12) + 1) as u32);
    let mut nd = d;
    while nd > 28 {
        let probe = crate::time::days_from_civil(ny, nm, nd);
        if crate::time::civil_from_days(probe).1 == nm {
            break;
        }
        nd -= 1;
    }
    Ts { millis: crate::time::days_from_civil(ny, nm, nd) * MS_PER_DAY + ms, nanos: t.nanos }
}
