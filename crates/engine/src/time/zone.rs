//! The session time zone (`table.local-time-zone`, Confluent's `sql.local-time-zone`).
//!
//! Conversions follow `java.time` because Flink uses it: a local time inside a DST gap moves
//! forward by the gap, an ambiguous local time takes the earlier offset (Flink's window timers
//! differ in gaps and overlaps, see [`SessionZone::local_to_instant_for_timer`]).

use std::sync::Arc;

use chrono::{Datelike, NaiveDate, NaiveDateTime, Timelike};

use super::tzdb::{self, ZoneRules};
use super::{civil_from_days, split_day, MS_PER_DAY};

#[derive(Clone, Debug, PartialEq, Eq)]
enum Kind {
    Utc,
    Fixed(i64),
    Region(Arc<ZoneRules>),
}

/// A validated zone id, as Flink accepts it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SessionZone {
    id: String,
    kind: Kind,
}

impl Default for SessionZone {
    fn default() -> Self {
        SessionZone { id: "UTC".to_string(), kind: Kind::Utc }
    }
}

fn parse_offset(s: &str) -> Option<i64> {
    // "+08:00", "-8", "+8:30", "+0830"
    let (sign, rest) = match s.chars().next()? {
        '+' => (1, &s[1..]),
        '-' => (-1, &s[1..]),
        _ => return None,
    };
    let (h, m) = if let Some((h, m)) = rest.split_once(':') {
        (h.parse::<i64>().ok()?, m.parse::<i64>().ok()?)
    } else if rest.len() == 4 {
        (rest[..2].parse::<i64>().ok()?, rest[2..].parse::<i64>().ok()?)
    } else {
        (rest.parse::<i64>().ok()?, 0)
    };
    if h > 18 || m > 59 {
        return None;
    }
    Some(sign * (h * 3600 + m * 60) * 1000)
}

impl SessionZone {
    /// Reads a zone id; the error is Flink's message for an unsupported one.
    pub fn parse(id: &str) -> Result<SessionZone, String> {
        let t = id.trim();
        let bad = || {
            format!(
                "The supported Zone ID is either a full name such as 'America/Los_Angeles', or a custom timezone id such as 'GMT-08:00', but got '{}'.",
                id
            )
        };
        if t.eq_ignore_ascii_case("default") || t == "UTC" || t == "Z" || t == "GMT" || t == "UT" {
            return Ok(SessionZone { id: t.to_string(), kind: Kind::Utc });
        }
        for prefix in ["GMT", "UTC", "UT"] {
            if let Some(rest) = t.strip_prefix(prefix) {
                if rest.starts_with('+') || rest.starts_with('-') {
                    if prefix != "GMT" {
                        return Err(bad());
                    }
                    let off = parse_offset(rest).ok_or_else(bad)?;
                    return Ok(SessionZone { id: t.to_string(), kind: Kind::Fixed(off) });
                }
            }
        }
        if t.starts_with('+') || t.starts_with('-') {
            return Err(bad());
        }
        match tzdb::find(t) {
            Some(rules) => Ok(SessionZone { id: t.to_string(), kind: Kind::Region(rules) }),
            None => Err(bad()),
        }
    }

    pub fn id(&self) -> &str {
        &self.id
    }

    pub fn is_utc(&self) -> bool {
        matches!(self.kind, Kind::Utc) || matches!(self.kind, Kind::Fixed(0))
    }

    /// Offset (ms) of this zone at an instant.
    pub fn offset_at_instant(&self, instant_ms: i64) -> i64 {
        match &self.kind {
            Kind::Utc => 0,
            Kind::Fixed(o) => *o,
            Kind::Region(rules) => {
                let secs = instant_ms.div_euclid(1000);
                // Outside chrono's range of dates no offset (as chrono-tz answered).
                if chrono::DateTime::from_timestamp(secs, 0).is_none() {
                    return 0;
                }
                i64::from(rules.offset_at(secs)) * 1000
            }
        }
    }

    /// The local clock (ms, as if UTC) at an instant.
    pub fn instant_to_local(&self, instant_ms: i64) -> i64 {
        instant_ms.saturating_add(self.offset_at_instant(instant_ms))
    }

    fn naive(local_ms: i64) -> Option<NaiveDateTime> {
        let (day, ms) = split_day(local_ms);
        let (y, m, d) = civil_from_days(day);
        let date = NaiveDate::from_ymd_opt(i32::try_from(y).ok()?, m, d)?;
        date.and_hms_milli_opt(
            (ms / 3_600_000) as u32,
            ((ms / 60_000) % 60) as u32,
            ((ms / 1000) % 60) as u32,
            (ms % 1000) as u32,
        )
    }

    fn candidates(&self, local_ms: i64) -> (Option<i64>, Option<i64>) {
        match &self.kind {
            Kind::Utc => (Some(local_ms), Some(local_ms)),
            Kind::Fixed(o) => (Some(local_ms - o), Some(local_ms - o)),
            Kind::Region(rules) => {
                if Self::naive(local_ms).is_none() {
                    return (Some(local_ms), Some(local_ms));
                }
                rules.local_candidates(local_ms)
            }
        }
    }

    /// java.time `LocalDateTime.atZone(zone).toInstant()`.
    pub fn local_to_instant(&self, local_ms: i64) -> i64 {
        match self.candidates(local_ms) {
            (Some(e), _) => e,
            _ => self.gap_forward(local_ms),
        }
    }

    /// Flink's `TimeWindowUtil.toEpochMillsForTimer`: the instant of a window timer at a local
    /// time. In a zone that observes daylight saving time it compares the local time with the
    /// local time one hour later: when both map to the same instant (the local time lies in a
    /// spring-forward gap) the timer is that instant floored to a whole UTC hour — the first
    /// skipped instant for a one-hour gap, so a window ending inside the gap fires as soon as
    /// the gap begins; when they lie more than an hour apart (an ambiguous local time when
    /// leaving daylight saving time) it is the later instant. Other zones use `atZone`.
    pub fn local_to_instant_for_timer(&self, local_ms: i64) -> i64 {
        const HOUR: i64 = 3_600_000;
        if local_ms == i64::MAX || self.is_utc() {
            return local_ms;
        }
        if !self.uses_daylight_time() {
            return self.local_to_instant(local_ms);
        }
        let t1 = self.local_to_instant(local_ms);
        let t2 = self.local_to_instant(local_ms.saturating_add(HOUR));
        if t1 == t2 {
            t1 - t1 % HOUR
        } else if t2 - t1 > HOUR {
            t1 + HOUR
        } else {
            t1
        }
    }

    /// Java's `TimeZone.useDaylightTime()`: whether the zone's current rules switch to daylight
    /// saving time (checked on the rules of 2030: the offsets of mid-January and mid-July differ).
    fn uses_daylight_time(&self) -> bool {
        const JAN_15_2030: i64 = 1_894_665_600_000;
        const JUL_15_2030: i64 = 1_910_304_000_000;
        match self.kind {
            Kind::Region(_) => self.offset_at_instant(JAN_15_2030) != self.offset_at_instant(JUL_15_2030),
            _ => false,
        }
    }

    /// In a gap, java.time uses the offset from before the transition.
    fn gap_forward(&self, local_ms: i64) -> i64 {
        let before = self.local_to_instant(local_ms - MS_PER_DAY / 8);
        let offset_before = self.offset_at_instant(before);
        local_ms - offset_before
    }
}

/// For tests and docs: the local wall clock of an instant as (y, m, d, h, mi, s).
pub fn _wall_clock(zone: &SessionZone, instant_ms: i64) -> (i32, u32, u32, u32, u32, u32) {
    let l = zone.instant_to_local(instant_ms);
    let n = SessionZone::naive(l).unwrap_or_default();
    (n.year(), n.month(), n.day(), n.hour(), n.minute(), n.second())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn zones_convert_like_java_time() {
        let la = SessionZone::parse("America/Los_Angeles").unwrap();
        // 2023-11-03 12:22:47.268Z is 05:22:47.268 in Los Angeles (PDT, UTC-7)
        let utc = 1_699_014_167_268;
        assert_eq!(la.instant_to_local(utc), utc - 7 * 3_600_000);
        assert_eq!(la.local_to_instant(utc - 7 * 3_600_000), utc);
        // 2021-11-07 01:00 happens twice: atZone takes the earlier, timers the later instant
        let local = 1_636_246_800_000; // 2021-11-07 01:00:00 as UTC clock
        assert_eq!(la.local_to_instant(local), 1_636_272_000_000);
        assert_eq!(la.local_to_instant_for_timer(local), 1_636_275_600_000);
        // 2021-03-14 02:30 does not exist: moved forward to 03:30 PDT
        let gap = 1_615_689_000_000; // 2021-03-14 02:30 as UTC clock
        assert_eq!(la.local_to_instant(gap), 1_615_717_800_000);
        // a timer in the gap is its first skipped instant, 03:00 PDT (10:00Z)
        assert_eq!(la.local_to_instant_for_timer(gap), 1_615_716_000_000);
        // zones without daylight saving time: plain atZone
        let shanghai = SessionZone::parse("Asia/Shanghai").unwrap();
        assert_eq!(shanghai.local_to_instant_for_timer(local), local - 8 * 3_600_000);
        let kolkata = SessionZone::parse("Asia/Kolkata").unwrap();
        assert_eq!(kolkata.offset_at_instant(utc), 19_800_000);
        assert!(SessionZone::parse("PST").is_err());
        assert!(SessionZone::parse("UTC+8").is_err());
        assert_eq!(SessionZone::parse("GMT+08:00").unwrap().offset_at_instant(0), 28_800_000);
        assert!(SessionZone::parse("UTC").unwrap().is_utc());
    }
}
