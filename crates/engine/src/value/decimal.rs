//! `DECIMAL(p, s)` values: an `i128` unscaled number and a scale (Flink's `DecimalData`;
//! precision at most 38, so 128 bits always suffice). Rounding is HALF_UP, as in Flink.

use std::cmp::Ordering;

/// Stored as two 64-bit halves so that a [`crate::value::Value`] stays 32 bytes.
#[derive(Clone, Copy, Debug, Hash, PartialEq, Eq)]
pub struct Decimal {
    lo: u64,
    hi: i64,
    pub scale: u8,
}

fn pow10(n: u32) -> Option<i128> {
    10i128.checked_pow(n)
}

/// Number of decimal digits of |v| (0 has one digit).
pub fn digits(v: i128) -> u32 {
    let mut v = v.unsigned_abs();
    let mut n = 1;
    while v >= 10 {
        v /= 10;
        n += 1;
    }
    n
}

impl Decimal {
    pub fn new(unscaled: i128, scale: u8) -> Decimal {
        Decimal { lo: unscaled as u64, hi: (unscaled >> 64) as i64, scale }
    }

    /// The unscaled integer: the value is `unscaled / 10^scale`.
    #[inline]
    pub fn unscaled(&self) -> i128 {
        ((self.hi as i128) << 64) | self.lo as i128
    }

    pub fn from_i64(v: i64) -> Decimal {
        Decimal::new(v as i128, 0)
    }

    /// Reads `-12.345`, `78.0`, `1e3` (exact text → exact value).
    pub fn parse(s: &str) -> Option<Decimal> {
        let s = s.trim();
        let (mant, exp) = match s.find(['e', 'E']) {
            Some(i) => (&s[..i], s[i + 1..].parse::<i32>().ok()?),
            None => (s, 0),
        };
        let (neg, mant) = match mant.strip_prefix('-') {
            Some(m) => (true, m),
            None => (false, mant.strip_prefix('+').unwrap_or(mant)),
        };
        let (int, frac) = mant.split_once('.').unwrap_or((mant, ""));
        if int.is_empty() && frac.is_empty() {
            return None;
        }
        if !int.bytes().chain(frac.bytes()).all(|b| b.is_ascii_digit()) {
            return None;
        }
        let digits_str = format!("{}{}", int, frac);
        let mut unscaled: i128 = if digits_str.is_empty() { 0 } else { digits_str.parse().ok()? };
        let mut scale = frac.len() as i32 - exp;
        if scale < 0 {
            unscaled = unscaled.checked_mul(pow10((-scale) as u32)?)?;
            scale = 0;
        }
        if neg {
            unscaled = -unscaled;
        }
        Some(Decimal::new(unscaled, u8::try_from(scale).ok()?))
    }

    /// Precision of this value as written (digits of the unscaled number, at least the scale + 1
    /// for values below one, as Calcite types decimal literals).
    pub fn literal_precision(&self) -> u8 {
        let d = digits(self.unscaled()) as u8;
        d.max(self.scale.saturating_add(if self.unscaled().unsigned_abs() < 10u128.pow(self.scale as u32) {
            1
        } else {
            0
        }))
        .max(1)
    }

    /// Changes the scale, rounding HALF_UP; `None` on overflow of i128.
    pub fn rescale(&self, scale: u8) -> Option<Decimal> {
        match scale.cmp(&self.scale) {
            Ordering::Equal => Some(*self),
            Ordering::Greater => {
                let f = pow10((scale - self.scale) as u32)?;
                Some(Decimal::new(self.unscaled().checked_mul(f)?, scale))
            }
            Ordering::Less => {
                let f = pow10((self.scale - scale) as u32)?;
                let q = self.unscaled() / f;
                let r = self.unscaled() % f;
                let half = f / 2;
                let q = if r.abs() >= half && r != 0 { q + r.signum() } else { q };
                Some(Decimal::new(q, scale))
            }
        }
    }

    /// Rescales and checks that the value fits `DECIMAL(precision, scale)`; Flink yields NULL
    /// when it does not.
    pub fn fit(&self, precision: u8, scale: u8) -> Option<Decimal> {
        let d = self.rescale(scale)?;
        if digits(d.unscaled()) > precision as u32 && d.unscaled() != 0 {
            return None;
        }
        Some(d)
    }

    pub fn to_f64(&self) -> f64 {
        self.to_plain_string().parse().unwrap_or(f64::NAN)
    }

    pub fn from_f64(v: f64, scale: u8) -> Option<Decimal> {
        if !v.is_finite() {
            return None;
        }
        let text = format!("{:.*}", scale as usize + 1, v);
        Decimal::parse(&text)?.rescale(scale)
    }

    /// `BigDecimal#toPlainString`.
    pub fn to_plain_string(&self) -> String {
        let neg = self.unscaled() < 0;
        let mut digits = self.unscaled().unsigned_abs().to_string();
        let scale = self.scale as usize;
        if scale > 0 {
            if digits.len() <= scale {
                digits = format!("{}{}", "0".repeat(scale - digits.len() + 1), digits);
            }
            digits.insert(digits.len() - scale, '.');
        }
        if neg {
            format!("-{}", digits)
        } else {
            digits
        }
    }

    /// Integer part, truncated toward zero.
    pub fn trunc_i128(&self) -> i128 {
        match pow10(self.scale as u32) {
            Some(f) => self.unscaled() / f,
            None => 0,
        }
    }

    pub fn neg(&self) -> Decimal {
        Decimal::new(-self.unscaled(), self.scale)
    }

    fn aligned(&self, other: &Decimal) -> Option<(i128, i128, u8)> {
        let s = self.scale.max(other.scale);
        Some((self.rescale(s)?.unscaled(), other.rescale(s)?.unscaled(), s))
    }

    pub fn checked_add(&self, other: &Decimal) -> Option<Decimal> {
        let (a, b, s) = self.aligned(other)?;
        Some(Decimal::new(a.checked_add(b)?, s))
    }

    pub fn checked_sub(&self, other: &Decimal) -> Option<Decimal> {
        self.checked_add(&other.neg())
    }

    /// `self * other` rounded HALF_UP to `scale` digits, exact even when the full product
    /// exceeds 128 bits (Flink multiplies BigDecimals, then rounds to the result type).
    pub fn mul_to_scale(&self, other: &Decimal, scale: u8) -> Option<Decimal> {
        let full_scale = self.scale as u32 + other.scale as u32;
        if let Some(p) = self.unscaled().checked_mul(other.unscaled()) {
            return Decimal::new(p, full_scale.min(255) as u8).rescale(scale);
        }
        let neg = (self.unscaled() < 0) != (other.unscaled() < 0);
        let (hi, lo) = mul_u128(self.unscaled().unsigned_abs(), other.unscaled().unsigned_abs());
        let mut limbs = [lo as u64, (lo >> 64) as u64, hi as u64, (hi >> 64) as u64];
        if full_scale < scale as u32 {
            return None;
        }
        let mut drop = full_scale - scale as u32;
        if drop == 0 {
            return None;
        }
        // divide by 10^(drop-1) in u64-sized chunks, then by 10 keeping the rounding digit
        while drop > 1 {
            let k = (drop - 1).min(19);
            div_small(&mut limbs, 10u64.pow(k));
            drop -= k;
        }
        let digit = div_small(&mut limbs, 10);
        if limbs[2] != 0 || limbs[3] != 0 {
            return None;
        }
        let mut q = (limbs[0] as u128) | ((limbs[1] as u128) << 64);
        if digit >= 5 {
            q = q.checked_add(1)?;
        }
        let q = i128::try_from(q).ok()?;
        Some(Decimal::new(if neg { -q } else { q }, scale))
    }

    pub fn checked_mul(&self, other: &Decimal) -> Option<Decimal> {
        Some(Decimal::new(self.unscaled().checked_mul(other.unscaled())?, self.scale.checked_add(other.scale)?))
    }

    /// Division rounded HALF_UP to `scale` digits.
    pub fn checked_div(&self, other: &Decimal, scale: u8) -> Option<Decimal> {
        if other.unscaled() == 0 {
            return None;
        }
        // a/10^sa / (b/10^sb) = a*10^(sb + scale + 1 - sa) / b  / 10^(scale+1)
        let shift = other.scale as i32 + scale as i32 + 1 - self.scale as i32;
        let (num, den) = if shift >= 0 {
            (self.unscaled().checked_mul(pow10(shift as u32)?)?, other.unscaled())
        } else {
            (self.unscaled(), other.unscaled().checked_mul(pow10((-shift) as u32)?)?)
        };
        let q = num / den; // one digit more than `scale`, truncated toward zero
        let last = q % 10;
        let mut rounded = q / 10;
        if last.abs() >= 5 {
            rounded += q.signum();
        }
        Some(Decimal::new(rounded, scale))
    }

    pub fn checked_rem(&self, other: &Decimal) -> Option<Decimal> {
        let (a, b, s) = self.aligned(other)?;
        if b == 0 {
            return None;
        }
        Some(Decimal::new(a % b, s))
    }
}

/// 128×128 → 256-bit product as (high, low).
fn mul_u128(a: u128, b: u128) -> (u128, u128) {
    let (a0, a1) = (a as u64 as u128, a >> 64);
    let (b0, b1) = (b as u64 as u128, b >> 64);
    let p00 = a0 * b0;
    let p01 = a0 * b1;
    let p10 = a1 * b0;
    let p11 = a1 * b1;
    let mid = (p00 >> 64) + (p01 as u64 as u128) + (p10 as u64 as u128);
    let lo = (p00 as u64 as u128) | (mid << 64);
    let hi = p11 + (p01 >> 64) + (p10 >> 64) + (mid >> 64);
    (hi, lo)
}

/// Divides a little-endian 256-bit number by `d` in place; returns the remainder.
fn div_small(limbs: &mut [u64; 4], d: u64) -> u64 {
    let mut rem: u128 = 0;
    for l in limbs.iter_mut().rev() {
        let cur = (rem << 64) | *l as u128;
        *l = (cur / d as u128) as u64;
        rem = cur % d as u128;
    }
    rem as u64
}

impl PartialOrd for Decimal {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Decimal {
    fn cmp(&self, other: &Self) -> Ordering {
        match self.aligned(other) {
            Some((a, b, _)) => a.cmp(&b),
            None => self.to_f64().partial_cmp(&other.to_f64()).unwrap_or(Ordering::Equal),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_and_print() {
        assert_eq!(Decimal::parse("78.0").unwrap().to_plain_string(), "78.0");
        assert_eq!(Decimal::parse("-0.05").unwrap().to_plain_string(), "-0.05");
        assert_eq!(Decimal::parse("1e3").unwrap().to_plain_string(), "1000");
        assert_eq!(Decimal::parse("1.00").unwrap().rescale(4).unwrap().to_plain_string(), "1.0000");
        assert_eq!(Decimal::parse("1.25").unwrap().rescale(1).unwrap().to_plain_string(), "1.3");
        assert_eq!(Decimal::parse("-1.25").unwrap().rescale(1).unwrap().to_plain_string(), "-1.3");
        assert_eq!(Decimal::parse("78.0").unwrap().literal_precision(), 3);
        assert_eq!(Decimal::parse("0.5").unwrap().literal_precision(), 2);
    }

    #[test]
    fn arithmetic() {
        let a = Decimal::parse("1.20").unwrap();
        let b = Decimal::parse("0.8").unwrap();
        assert_eq!(a.checked_add(&b).unwrap().to_plain_string(), "2.00");
        assert_eq!(a.checked_mul(&b).unwrap().to_plain_string(), "0.960");
        assert_eq!(Decimal::from_i64(1).checked_div(&Decimal::from_i64(3), 6).unwrap().to_plain_string(), "0.333333");
        assert_eq!(Decimal::from_i64(2).checked_div(&Decimal::from_i64(3), 6).unwrap().to_plain_string(), "0.666667");
        assert_eq!(Decimal::from_i64(-2).checked_div(&Decimal::from_i64(3), 6).unwrap().to_plain_string(), "-0.666667");
        assert!(Decimal::parse("123.45").unwrap().fit(4, 2).is_none());
        assert!(Decimal::parse("12.34").unwrap().fit(4, 2).is_some());
        let big = Decimal::parse("99999999.990000000000000000").unwrap();
        assert_eq!(big.mul_to_scale(&big, 6).unwrap().to_plain_string(), "9999999998000000.000100");
        let x = Decimal::parse("-1.25").unwrap();
        assert_eq!(x.mul_to_scale(&Decimal::parse("1.0").unwrap(), 1).unwrap().to_plain_string(), "-1.3");
    }
}
