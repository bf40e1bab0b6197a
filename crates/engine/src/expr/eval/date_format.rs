//! `DATE_FORMAT`: Java's `SimpleDateFormat` patterns, as Flink formats a local timestamp.

use crate::time::Ts;

const MONTHS: [&str; 12] = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
];
const WEEKDAYS: [&str; 7] = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];

/// java.time's text styles in the English locale: 3 letters short (`Feb`), 4 full, 5 narrow (`F`).
fn text_style(name: &str, n: usize) -> String {
    match n {
        4 => name.to_string(),
        5 => name.chars().take(1).collect(),
        _ => name.chars().take(3).collect(),
    }
}

/// java.time `DateTimeFormatter` patterns (English locale) as Flink's DATE_FORMAT reads them:
/// `yyyy-MM-dd HH:mm:ss.SSS`, text fields (`EEE`, `MMM`, `MMMM`, `a`, `G`), `D`, `k`, `K`, `Q`.
pub fn date_format(local: Ts, pattern: &str) -> String {
    let (day, ms) = crate::time::split_day(local.millis);
    let (y, mo, d) = crate::time::civil_from_days(day);
    let (h, mi, s, milli) = (ms / 3_600_000, (ms / 60_000) % 60, (ms / 1000) % 60, ms % 1000);
    let chars: Vec<char> = pattern.chars().collect();
    let mut out = String::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c == '\'' {
            i += 1;
            while i < chars.len() && chars[i] != '\'' {
                out.push(chars[i]);
                i += 1;
            }
            i += 1;
            continue;
        }
        if !c.is_ascii_alphabetic() {
            out.push(c);
            i += 1;
            continue;
        }
        let mut n = 1;
        while i + n < chars.len() && chars[i + n] == c {
            n += 1;
        }
        let pad = |v: i64, w: usize| format!("{:0w$}", v, w = w);
        match c {
            'y' | 'u' => out.push_str(&if n == 2 { pad(y.rem_euclid(100), 2) } else { pad(y, n) }),
            'M' | 'L' if n >= 3 => {
                let name = MONTHS[(mo as usize).clamp(1, 12) - 1];
                out.push_str(&text_style(name, n))
            }
            'M' | 'L' => out.push_str(&pad(mo as i64, n)),
            'E' => {
                // 1970-01-01 was a Thursday; WEEKDAYS starts on Monday
                let name = WEEKDAYS[(day + 3).rem_euclid(7) as usize];
                out.push_str(&text_style(name, n.max(3)))
            }
            'D' => out.push_str(&pad(day - crate::time::days_from_civil(y, 1, 1) + 1, n)),
            'k' => out.push_str(&pad(if h == 0 { 24 } else { h }, n)),
            'K' => out.push_str(&pad(h % 12, n)),
            'G' => out.push_str(if n == 4 {
                if y > 0 {
                    "Anno Domini"
                } else {
                    "Before Christ"
                }
            } else if n == 5 {
                if y > 0 {
                    "A"
                } else {
                    "B"
                }
            } else if y > 0 {
                "AD"
            } else {
                "BC"
            }),
            'Q' | 'q' => {
                let q = (mo as i64 + 2) / 3;
                out.push_str(&match n {
                    1 | 2 => pad(q, n),
                    3 => format!("Q{}", q),
                    4 => format!("{} quarter", ["1st", "2nd", "3rd", "4th"][(q as usize).clamp(1, 4) - 1]),
                    _ => q.to_string(),
                })
            }
            'd' => out.push_str(&pad(d as i64, n)),
            'H' => out.push_str(&pad(h, n)),
            'h' => out.push_str(&pad(if h % 12 == 0 { 12 } else { h % 12 }, n)),
            'm' => out.push_str(&pad(mi, n)),
            's' => out.push_str(&pad(s, n)),
            'S' => {
                let frac = format!("{:03}{:06}", milli, local.nanos);
                let mut t: String = frac.chars().take(n).collect();
                while t.len() < n {
                    t.push('0');
                }
                out.push_str(&t)
            }
            'a' => out.push_str(if h < 12 { "AM" } else { "PM" }),
            _ => out.push_str(&c.to_string().repeat(n)),
        }
        i += n;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn date_format_patterns() {
        let t = Ts::from_millis(1_785_574_800_000); // 2026-08-01 09:00:00
        assert_eq!(date_format(t, "yyyy-MM-dd HH:mm:ss"), "2026-08-01 09:00:00");
        assert_eq!(date_format(t, "yyyy-MM-dd'T'HH:mm"), "2026-08-01T09:00");
    }
}
