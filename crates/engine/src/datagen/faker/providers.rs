//! The DataFaker expressions JoinLab generates and what each draws. docs/mock-data.md lists them
//! with their arguments and values; [`NAMES`] is the list the code goes by.
//!
//! Most calls are a built-in format ([`FORMATS`]): text with word-list codes (`\x01` a first name,
//! `\x02` a last name, … the lists of [`super::words::LISTS`]), `#` a digit, `%` a digit 1–9,
//! `\x1f` "the next word in lowercase", and `\x1e` between alternatives, one drawn per value.
//! The others take arguments or draw numbers and times ([`Expr`]).
//!
//! "Now" is the row's event time (its `$rowtime`) on JoinLab's simulated clock: `date.past` is
//! before it, `date.future` after it, `date.birthday` counts years back from its date.

use std::sync::Arc;

use super::expr::{normalize, Call};
use super::words::{nth, pick, LISTS, LOREM};
use crate::datagen::regex_gen::RegexGen;
use crate::datagen::rng::Rng;
use crate::time::MS_PER_DAY;

/// Every call JoinLab generates, `|`-separated, in the order docs/mock-data.md lists them.
pub const NAMES: &str = "Name.firstName|Name.lastName|Name.fullName|Name.name|Name.username|Address.city|Address.country|Address.countryCode|Address.state|Address.streetName|Address.streetAddress|Address.buildingNumber|Address.zipCode|Address.fullAddress|Address.latitude|Address.longitude|Internet.emailAddress|Internet.domainName|Internet.url|Internet.ipV4Address|Internet.uuid|Commerce.productName|Commerce.price|Commerce.department|Commerce.color|Commerce.material|Commerce.vendor|Company.name|Company.industry|Company.buzzword|Color.name|PhoneNumber.cellPhone|PhoneNumber.phoneNumber|Number.numberBetween|Number.randomNumber|Number.randomDigit|Number.randomDigitNotZero|Number.positive|Number.digit|Number.digits|Number.randomDouble|Bool.bool|Options.option|Lorem.word|Lorem.sentence|Lorem.characters|IdNumber.valid|IdNumber.ssnValid|date.past|date.future|date.birthday|regexify|bothify|numerify|letterify";

/// The built-in formats of the calls of [`NAMES`], `|`-separated in the same order (empty for a
/// call that is not a format: the positions of `at`).
pub const FORMATS: &str = "\x01|\x02|\x01 \x02|\x01 \x02|\x1f\x01.\x1f\x02|\x03|\x04|\x05|\x06|\x02 \x07|%### \x02 \x07|%###|#####|%### \x02 \x07, \x03, \x06 #####|||\x1f\x01.\x1f\x02@\x08|\x1f\x02.\x09|www.\x1f\x02.\x09|||\x0a \x0b \x0c||\x0d|\x0e|\x0b|\x0f|\x02 \x10\x1e\x02-\x02\x1e\x02, \x02 and \x02|\x11|\x12|\x0e|###-###-####|(###) ###-####||||||#|||||\x13|||||||||||";

/// Positions in [`NAMES`] of the calls that are not formats.
mod at {
    pub const LATITUDE: usize = 14;
    pub const LONGITUDE: usize = 15;
    pub const IPV4: usize = 19;
    pub const UUID: usize = 20;
    pub const PRICE: usize = 22;
    pub const BETWEEN: usize = 33;
    pub const RANDOM_NUMBER: usize = 34;
    pub const DIGIT: usize = 35;
    pub const DIGIT_NOT_ZERO: usize = 36;
    pub const POSITIVE: usize = 37;
    pub const DIGITS: usize = 39;
    pub const DOUBLE: usize = 40;
    pub const BOOL: usize = 41;
    pub const OPTION: usize = 42;
    pub const SENTENCE: usize = 44;
    pub const CHARACTERS: usize = 45;
    pub const SSN: usize = 46;
    pub const SSN_VALID: usize = 47;
    pub const PAST: usize = 48;
    pub const FUTURE: usize = 49;
    pub const BIRTHDAY: usize = 50;
    pub const REGEXIFY: usize = 51;
    pub const BOTHIFY: usize = 52;
    pub const NUMERIFY: usize = 53;
    pub const LETTERIFY: usize = 54;
}

/// What a call draws.
#[derive(Clone, Debug)]
pub enum Expr {
    /// A built-in format (module docs).
    Format(&'static str),
    /// `numerify`/`letterify`/`bothify`: `#` a digit (when `digits`), `?` a letter (when
    /// `letters`; uppercase when `upper`), the rest kept.
    Pattern {
        text: String,
        digits: bool,
        letters: bool,
        upper: bool,
    },
    /// Uniform in `[lo, hi]`.
    Int {
        lo: i64,
        hi: i64,
    },
    /// DataFaker's `randomNumber()`: 1 to 10 digits, then a number below `10^digits`.
    RandomNumber,
    /// Uniform in `[min, max]`, rounded to `decimals` places, printed as Java prints a double.
    Double {
        decimals: u32,
        min: f64,
        max: f64,
    },
    /// Uniform in `[-span/2, span/2)` on a grid of 10^-8, eight decimals.
    Coordinate(f64),
    /// Uniform in `[lo, hi]` cents, two decimals.
    Price {
        lo: i64,
        hi: i64,
    },
    Options(Vec<String>),
    Regex(Arc<RegexGen>),
    Ipv4,
    Uuid,
    /// A valid United States social security number, `###-##-####`.
    Ssn,
    /// Three to eight lorem words, the first capitalized, then a period.
    Sentence,
    /// Lowercase letters and digits.
    Characters(u32),
    /// Now minus (or plus, `future`) `U[lo, hi]` milliseconds.
    Instant {
        lo: i64,
        hi: i64,
        future: bool,
    },
    /// A second between `max_age` and `min_age` years (of 365.25 days) before now's day.
    Birthday {
        min_age: i64,
        max_age: i64,
    },
}

/// Why a call cannot be generated.
#[derive(Debug, PartialEq)]
pub enum BuildError {
    /// No such call in [`NAMES`].
    Unknown,
    /// The call is known; its arguments are not right.
    Args(String),
}

/// What a call's arguments are, for the error and docs/mock-data.md.
pub fn args_doc(k: usize) -> &'static str {
    match k {
        at::PRICE => "no arguments or 'min','max' (numbers)",
        at::BETWEEN => "'min','max' (whole numbers)",
        at::RANDOM_NUMBER => "no arguments or 'digits','strict' (1 to 18, true or false)",
        at::DIGITS => "'count' (1 to 1000)",
        at::DOUBLE => "'decimals','min','max' (whole numbers, decimals 0 to 9)",
        at::OPTION => "'a','b',… (one or more)",
        at::CHARACTERS => "no arguments or 'count' (0 to 10000)",
        at::PAST | at::FUTURE => "'atMost','UNIT' or 'atMost','minimum','UNIT' (whole numbers, minimum below atMost; UNIT: DAYS, HOURS, MINUTES, SECONDS, MILLISECONDS, MICROSECONDS or NANOSECONDS)",
        at::BIRTHDAY => "no arguments or 'minAge','maxAge' (0 to 200, minAge first)",
        at::REGEXIFY => "'regex'",
        at::NUMERIFY => "'text'",
        at::BOTHIFY | at::LETTERIFY => "'text' or 'text','upper' (true or false)",
        _ => "no arguments",
    }
}

/// The generator of a call.
pub fn build(call: &Call) -> Result<Expr, BuildError> {
    let want = normalize(&call.name);
    let Some(k) = NAMES.split('|').position(|n| normalize(n) == want) else {
        return Err(BuildError::Unknown);
    };
    expr(k, &call.args).map_err(|e| {
        BuildError::Args(if e.is_empty() {
            format!("{} takes {}", nth(NAMES, k), args_doc(k))
        } else {
            format!("{}: {}", nth(NAMES, k), e)
        })
    })
}

/// Call `k` of [`NAMES`] with arguments `a` (an empty error: not as [`args_doc`] says).
fn expr(k: usize, a: &[String]) -> Result<Expr, String> {
    let format = FORMATS.split('|').nth(k).filter(|f| !f.is_empty());
    Ok(match (k, a) {
        (_, []) if format.is_some() => Expr::Format(format.unwrap_or("")),
        (at::PRICE, []) => Expr::Price { lo: 0, hi: 10_000 },
        (at::PRICE, [x, y]) => {
            let (x, y) = (cents(x)?, cents(y)?);
            Expr::Price { lo: x.min(y), hi: x.max(y) }
        }
        // DataFaker: min inclusive, max exclusive, either order; equal bounds give that number
        (at::BETWEEN, [x, y]) => {
            let (x, y) = (whole(x)?, whole(y)?);
            let (lo, hi) = (x.min(y), x.max(y));
            Expr::Int { lo, hi: if lo == hi { hi } else { hi - 1 } }
        }
        (at::RANDOM_NUMBER, []) => Expr::RandomNumber,
        (at::RANDOM_NUMBER, [d, strict]) => {
            let top = 10i64.pow(count(d, 1, 18)? as u32);
            Expr::Int { lo: if flag(Some(strict))? { top / 10 } else { 0 }, hi: top - 1 }
        }
        (at::DIGIT, []) => Expr::Int { lo: 0, hi: 9 },
        (at::DIGIT_NOT_ZERO, []) => Expr::Int { lo: 1, hi: 9 },
        (at::POSITIVE, []) => Expr::Int { lo: 1, hi: i32::MAX as i64 - 1 },
        (at::DIGITS, [n]) => pattern(&"#".repeat(count(n, 1, 1_000)? as usize), true, false, false),
        (at::DOUBLE, [d, x, y]) => {
            let (x, y) = (whole(x)? as f64, whole(y)? as f64);
            Expr::Double { decimals: count(d, 0, 9)? as u32, min: x.min(y), max: x.max(y) }
        }
        (at::BOOL, []) => Expr::Options(vec!["true".into(), "false".into()]),
        (at::OPTION, [_, ..]) => Expr::Options(a.to_vec()),
        (at::SENTENCE, []) => Expr::Sentence,
        (at::CHARACTERS, []) => Expr::Characters(255),
        (at::CHARACTERS, [n]) => Expr::Characters(count(n, 0, 10_000)? as u32),
        (at::SSN | at::SSN_VALID, []) => Expr::Ssn,
        (at::PAST | at::FUTURE, [_, _] | [_, _, _]) => instant(a, k == at::FUTURE)?,
        (at::BIRTHDAY, []) => Expr::Birthday { min_age: 18, max_age: 65 },
        (at::BIRTHDAY, [x, y]) if count(x, 0, 200)? <= count(y, 0, 200)? => {
            Expr::Birthday { min_age: whole(x)?, max_age: whole(y)? }
        }
        (at::REGEXIFY, [r]) => Expr::Regex(Arc::new(RegexGen::parse(r)?)),
        (at::NUMERIFY, [t]) => pattern(t, true, false, false),
        (at::BOTHIFY | at::LETTERIFY, [t] | [t, _]) => pattern(t, k == at::BOTHIFY, true, flag(a.get(1))?),
        (at::LATITUDE, []) => Expr::Coordinate(180.0),
        (at::LONGITUDE, []) => Expr::Coordinate(360.0),
        (at::IPV4, []) => Expr::Ipv4,
        (at::UUID, []) => Expr::Uuid,
        _ => return Err(String::new()),
    })
}

fn pattern(text: &str, digits: bool, letters: bool, upper: bool) -> Expr {
    Expr::Pattern { text: text.to_string(), digits, letters, upper }
}

fn whole(a: &str) -> Result<i64, String> {
    a.trim().parse::<i64>().map_err(|_| String::new())
}

fn count(a: &str, lo: i64, hi: i64) -> Result<i64, String> {
    whole(a).and_then(|n| if n < lo || n > hi { Err(String::new()) } else { Ok(n) })
}

fn flag(a: Option<&String>) -> Result<bool, String> {
    match a.map(|s| s.trim()) {
        None => Ok(false),
        Some(s) if s.eq_ignore_ascii_case("true") => Ok(true),
        Some(s) if s.eq_ignore_ascii_case("false") => Ok(false),
        _ => Err(String::new()),
    }
}

fn cents(s: &str) -> Result<i64, String> {
    crate::datagen::options::java_parse_double(s)
        .filter(|v| v.is_finite())
        .map(|v| half_up(v * 100.0))
        .ok_or_else(String::new)
}

/// `date.past` / `date.future`: `'atMost','UNIT'` (1 ms to atMost) or `'atMost','minimum','UNIT'`.
fn instant(a: &[String], future: bool) -> Result<Expr, String> {
    const UNITS: [(&str, i128); 7] = [
        ("NANOSECONDS", 1),
        ("MICROSECONDS", 1_000),
        ("MILLISECONDS", 1_000_000),
        ("SECONDS", 1_000_000_000),
        ("MINUTES", 60_000_000_000),
        ("HOURS", 3_600_000_000_000),
        ("DAYS", 86_400_000_000_000),
    ];
    let unit = a[a.len() - 1].trim();
    let ns = UNITS.iter().find(|(u, _)| u.eq_ignore_ascii_case(unit)).map(|u| u.1).ok_or_else(String::new)?;
    let ms = |s: &str| count(s, 0, i32::MAX as i64).map(|n| (n as i128 * ns / 1_000_000) as i64);
    let hi = ms(&a[0])?;
    let lo = if a.len() == 3 { ms(&a[1])? } else { 1 };
    if hi < 1 || lo > hi {
        return Err(String::new());
    }
    Ok(Expr::Instant { lo, hi, future })
}

impl Expr {
    /// Appends one value; `now` is the row's event time (epoch milliseconds).
    pub fn write(&self, rng: &mut Rng, now: i64, out: &mut String) {
        let digit = |rng: &mut Rng, from: u8| (b'0' + from + rng.below(10 - from as u64) as u8) as char;
        match self {
            Expr::Format(f) => {
                let n = f.split('\x1e').count();
                let alt = f.split('\x1e').nth(rng.below(n as u64) as usize).unwrap_or("");
                let mut lower = false;
                for b in alt.bytes() {
                    match b {
                        0x1f => lower = true,
                        1..=0x1d => {
                            let word = pick(LISTS[(b - 1) as usize % LISTS.len()], rng);
                            out.extend(word.chars().map(|c| if lower { c.to_ascii_lowercase() } else { c }));
                            lower = false;
                        }
                        b'#' => out.push(digit(rng, 0)),
                        b'%' => out.push(digit(rng, 1)),
                        _ => out.push(b as char),
                    }
                }
            }
            Expr::Pattern { text, digits: d, letters: l, upper } => {
                for c in text.chars() {
                    if *d && c == '#' {
                        out.push(digit(rng, 0));
                    } else if *l && c == '?' {
                        out.push((if *upper { b'A' } else { b'a' } + rng.below(26) as u8) as char);
                    } else {
                        out.push(c);
                    }
                }
            }
            Expr::Int { lo, hi } => push_int(out, rng.range_i64(*lo, *hi)),
            Expr::RandomNumber => {
                let digits = 1 + rng.below(10) as u32;
                push_int(out, rng.below(10u64.pow(digits)) as i64);
            }
            Expr::Double { decimals, min, max } => {
                let p = 10f64.powi(*decimals as i32);
                let v = min + (max - min) * rng.unit();
                out.push_str(&crate::value::java_double(half_up(v * p) as f64 / p));
            }
            Expr::Coordinate(span) => {
                // in units of 10^-8 degree
                let v = rng.below((span * 1e8) as u64) as i64 - (span * 5e7) as i64;
                if v < 0 {
                    out.push('-');
                }
                push_int(out, v.abs() / 100_000_000);
                out.push('.');
                push_padded(out, v.abs() % 100_000_000, 8);
            }
            Expr::Price { lo, hi } => {
                let c = rng.range_i64(*lo, *hi);
                if c < 0 {
                    out.push('-');
                }
                push_int(out, c.abs() / 100);
                out.push('.');
                push_padded(out, c.abs() % 100, 2);
            }
            Expr::Options(o) => out.push_str(&o[rng.below(o.len() as u64) as usize]),
            Expr::Regex(g) => g.generate_into(rng, out),
            Expr::Ipv4 => {
                for k in 0..4 {
                    if k > 0 {
                        out.push('.');
                    }
                    push_int(out, rng.below(256) as i64);
                }
            }
            Expr::Uuid => crate::datagen::field::write_uuid(rng, out),
            Expr::Ssn => {
                // area 001–899 but 666, group 01–99, serial 0001–9999
                let area = rng.range_i64(1, 898);
                push_padded(out, if area >= 666 { area + 1 } else { area }, 3);
                out.push('-');
                push_padded(out, rng.range_i64(1, 99), 2);
                out.push('-');
                push_padded(out, rng.range_i64(1, 9_999), 4);
            }
            Expr::Sentence => {
                for k in 0..3 + rng.below(6) {
                    let word = pick(LOREM, rng);
                    if k > 0 {
                        out.push(' ');
                        out.push_str(word);
                    } else {
                        let mut c = word.chars();
                        out.extend(c.next().map(|f| f.to_ascii_uppercase()));
                        out.push_str(c.as_str());
                    }
                }
                out.push('.');
            }
            Expr::Characters(n) => {
                for _ in 0..*n {
                    let k = rng.below(36) as u8;
                    out.push(if k < 26 { (b'a' + k) as char } else { (b'0' + k - 26) as char });
                }
            }
            Expr::Instant { lo, hi, future } => {
                let d = rng.range_i64(*lo, *hi);
                push_timestamp(out, if *future { now.saturating_add(d) } else { now.saturating_sub(d) });
            }
            Expr::Birthday { min_age, max_age } => {
                // a second of the days from `max_age` to `min_age` years (of 365.25 days) before now
                let day = |age: i64| (now.div_euclid(MS_PER_DAY) - age * 1461 / 4) * 86_400;
                let (from, to) = (day(*max_age), day(*min_age));
                let s = if to > from { from + rng.below((to - from) as u64) as i64 } else { from };
                push_timestamp(out, s * 1000);
            }
        }
    }
}

fn push_int(out: &mut String, v: i64) {
    out.push_str(itoa::Buffer::new().format(v));
}

/// `v` (not negative) with leading zeros to `width` digits.
fn push_padded(out: &mut String, v: i64, width: usize) {
    let mut b = itoa::Buffer::new();
    let d = b.format(v);
    out.extend(std::iter::repeat_n('0', width.saturating_sub(d.len())));
    out.push_str(d);
}

/// Rounded to the nearest whole number, halves away from zero.
fn half_up(v: f64) -> i64 {
    (v + if v < 0.0 { -0.5 } else { 0.5 }) as i64
}

/// Java's `java.sql.Timestamp.toString` of an instant read in UTC: `2024-01-01 00:00:05.25`
/// (fraction without trailing zeros, `.0` when there is none).
pub fn push_timestamp(out: &mut String, ms: i64) {
    let full = crate::time::format_ts(crate::time::Ts::from_millis(ms), 3);
    let (head, frac) = full.split_once('.').unwrap_or((&full, "0"));
    let frac = frac.trim_end_matches('0');
    out.push_str(head);
    out.push('.');
    out.push_str(if frac.is_empty() { "0" } else { frac });
}
