//! The IANA time-zone rules the session zone reads (`table.local-time-zone`): tzdata.bin, written
//! by scripts/gen-tzdata.py from the chrono-tz crate's tables (Cargo.lock's version, tzdb 2025b)
//! in a compact form — about 22 KB gzip in the page's wasm, where chrono-tz's generated code and
//! tables cost about 130 KB. The rules are chrono-tz's, span for span: an offset holds from its
//! transition (UTC seconds) until the next; the test below checks every zone against chrono-tz's
//! own answers (chrono-tz is a dev-dependency only).
//!
//! A zone is decoded when a script names it (once per SET), never on the hot path.

use std::sync::Arc;

static DATA: &[u8] = include_bytes!("tzdata.bin");

/// One zone's rules: the offset (seconds) before its first transition, then each transition
/// (UTC seconds since the epoch) with the offset that holds from it on.
#[derive(Debug, PartialEq, Eq)]
pub struct ZoneRules {
    first: i32,
    transitions: Vec<(i64, i32)>,
}

struct Reader<'a> {
    b: &'a [u8],
    at: usize,
}

impl Reader<'_> {
    fn uvar(&mut self) -> Option<u64> {
        let mut v = 0u64;
        for shift in (0..64).step_by(7) {
            let byte = *self.b.get(self.at)?;
            self.at += 1;
            v |= u64::from(byte & 0x7F) << shift;
            if byte < 0x80 {
                return Some(v);
            }
        }
        None
    }
    fn svar(&mut self) -> Option<i64> {
        let u = self.uvar()?;
        Some((u >> 1) as i64 ^ -((u & 1) as i64))
    }
    fn bytes(&mut self, n: usize) -> Option<&[u8]> {
        let s = self.b.get(self.at..self.at.checked_add(n)?)?;
        self.at += n;
        Some(s)
    }
    fn len(&mut self) -> Option<usize> {
        usize::try_from(self.uvar()?).ok()
    }
}

/// Every zone name the database knows, in byte order, with its zone's index.
fn names(r: &mut Reader) -> Option<Vec<(String, usize)>> {
    if r.bytes(5)? != b"JLTZ\x02" {
        return None;
    }
    let v = r.len()?;
    r.bytes(v)?;
    let n = r.len()?;
    let mut out = Vec::with_capacity(n);
    for _ in 0..n {
        let len = r.len()?;
        let name = std::str::from_utf8(r.bytes(len)?).ok()?.to_string();
        out.push((name, r.len()?));
    }
    Some(out)
}

fn decode(r: &mut Reader, zone: usize) -> Option<ZoneRules> {
    let zones = r.len()?;
    if zone >= zones {
        return None;
    }
    for _ in 0..zone {
        let len = r.len()?;
        r.bytes(len)?;
    }
    r.len()?;
    let first = i32::try_from(r.svar()?).ok()?;
    let k = r.len()?;
    let mut offsets = Vec::with_capacity(k.min(256));
    for _ in 0..k {
        offsets.push(i32::try_from(r.svar()?).ok()?);
    }
    let n = r.len()?;
    let mut transitions = Vec::with_capacity(n.min(4096));
    let mut t = 0i64;
    for _ in 0..n {
        // (|d| / unit) << 3 | negative << 2 | unit (hours, minutes, seconds): scripts/gen-tzdata.py
        let code = r.uvar()?;
        let unit = [3600, 60, 1, 1][(code & 3) as usize];
        let d = i64::try_from(code >> 3).ok()?.checked_mul(unit)?;
        t = t.checked_add(if code & 4 != 0 { -d } else { d })?;
        transitions.push((t, 0));
    }
    for (_, off) in transitions.iter_mut() {
        *off = *offsets.get(usize::from(*r.bytes(1)?.first()?))?;
    }
    Some(ZoneRules { first, transitions })
}

/// The rules of a zone by its exact (case-sensitive) IANA name, as java.time's `ZoneId.of` reads
/// region ids; None for a name the database does not have.
pub fn find(name: &str) -> Option<Arc<ZoneRules>> {
    let mut r = Reader { b: DATA, at: 0 };
    let list = names(&mut r)?;
    let i = list.binary_search_by(|(n, _)| n.as_bytes().cmp(name.as_bytes())).ok()?;
    decode(&mut r, list[i].1).map(Arc::new)
}

/// Every zone name (for tests and the schema browser).
pub fn zone_names() -> Vec<String> {
    names(&mut Reader { b: DATA, at: 0 }).map(|l| l.into_iter().map(|(n, _)| n).collect()).unwrap_or_default()
}

impl ZoneRules {
    /// How many transitions are at or before `secs`: the index of the span holding it.
    fn span_at(&self, secs: i64) -> usize {
        self.transitions.partition_point(|(t, _)| *t <= secs)
    }

    fn offset_of_span(&self, span: usize) -> i32 {
        if span == 0 {
            self.first
        } else {
            self.transitions[span - 1].1
        }
    }

    /// The offset (seconds) at an instant (UTC seconds).
    pub fn offset_at(&self, secs: i64) -> i32 {
        self.offset_of_span(self.span_at(secs))
    }

    /// The instants (UTC ms) a local time (ms, as if UTC) can mean: none in a gap, two (earlier,
    /// later) in an overlap, else one, as chrono-tz's `from_local_datetime` answers.
    pub fn local_candidates(&self, local_ms: i64) -> (Option<i64>, Option<i64>) {
        const TWO_DAYS: i64 = 2 * 86_400;
        let secs = local_ms.div_euclid(1000);
        // Offsets stay within ±26 h, so only spans holding an instant within two days of the
        // local time can contain it.
        let (lo, hi) = (self.span_at(secs.saturating_sub(TWO_DAYS)), self.span_at(secs.saturating_add(TWO_DAYS)));
        let (mut earliest, mut latest) = (None::<i64>, None::<i64>);
        for span in lo..=hi {
            let off = i64::from(self.offset_of_span(span)) * 1000;
            let instant = local_ms - off;
            let start = if span == 0 { i64::MIN } else { self.transitions[span - 1].0.saturating_mul(1000) };
            let end = self.transitions.get(span).map_or(i64::MAX, |(t, _)| t.saturating_mul(1000));
            if start <= instant && instant < end {
                earliest = Some(earliest.map_or(instant, |e| e.min(instant)));
                latest = Some(latest.map_or(instant, |l| l.max(instant)));
            }
        }
        (earliest, latest)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::{LocalResult, NaiveDateTime, Offset, TimeZone};
    use chrono_tz::Tz;

    fn chrono_offset(tz: &Tz, secs: i64) -> i32 {
        match tz.timestamp_opt(secs, 0) {
            LocalResult::Single(dt) => dt.offset().fix().local_minus_utc(),
            _ => panic!("no offset at {secs}"),
        }
    }

    fn chrono_local(tz: &Tz, local_ms: i64) -> (Option<i64>, Option<i64>) {
        let n: NaiveDateTime = chrono::DateTime::UNIX_EPOCH.naive_utc() + chrono::TimeDelta::milliseconds(local_ms);
        match tz.from_local_datetime(&n) {
            LocalResult::Single(dt) => (Some(dt.timestamp_millis()), Some(dt.timestamp_millis())),
            LocalResult::Ambiguous(a, b) => {
                let (x, y) = (a.timestamp_millis(), b.timestamp_millis());
                (Some(x.min(y)), Some(x.max(y)))
            }
            LocalResult::None => (None, None),
        }
    }

    /// Every zone chrono-tz has, under the same name, with the same offsets around each of its
    /// transitions and every 10 days from 1800 to 2110 (so a transition the file lacks shows),
    /// and the same answers for local times around each transition (gaps and overlaps).
    #[test]
    fn tzdb_matches_chrono_tz() {
        let names = zone_names();
        let theirs: Vec<&str> = chrono_tz::TZ_VARIANTS.iter().map(|t| t.name()).collect();
        assert_eq!(names.len(), theirs.len());
        for tz in chrono_tz::TZ_VARIANTS.iter() {
            let ours = find(tz.name()).unwrap_or_else(|| panic!("{} missing", tz.name()));
            let mut probes: Vec<i64> = (-5_364_662_400i64..4_449_513_600).step_by(864_000).collect();
            for (t, _) in &ours.transitions {
                probes.extend([t - 1, *t, t + 1]);
            }
            for s in &probes {
                assert_eq!(ours.offset_at(*s), chrono_offset(tz, *s), "{} at {s}", tz.name());
            }
            for (t, off) in &ours.transitions {
                let before = ours.offset_at(t - 1);
                for local in [t + i64::from(before), t + i64::from(*off)] {
                    for d in [-3_600_001, -3_600_000, -1_800_000, -1, 0, 1, 999, 1_800_000, 3_599_999, 3_600_000] {
                        let l = local * 1000 + d;
                        assert_eq!(ours.local_candidates(l), chrono_local(tz, l), "{} local {l}", tz.name());
                    }
                }
            }
        }
        assert!(find("Europe/Berlinn").is_none() && find("europe/berlin").is_none());
    }

    /// The committed file is what scripts/gen-tzdata.py writes from the locked chrono-tz: its
    /// version line names the tzdb chrono-tz was built from.
    #[test]
    fn tzdata_version_is_chrono_tz_version() {
        let mut r = Reader { b: DATA, at: 5 };
        let n = r.len().unwrap_or(0);
        assert_eq!(r.bytes(n), Some(chrono_tz::IANA_TZDB_VERSION.as_bytes()));
    }
}
