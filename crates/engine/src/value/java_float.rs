//! Java's `Double.toString` / `Float.toString` layout: plain notation for 1e-3 ≤ |x| < 1e7
//! (`78.0`, `0.001`), otherwise computerized scientific notation (`1.0E7`, `1.0E-4`). The
//! digits are the shortest that read back to the same number (Rust's `{:e}`), except for
//! whole numbers, where Java 17's `FloatingDecimal` (the oracle runs Java 17) takes an integer
//! fast path that keeps more digits: `2147483647f` prints `2.14748365E9`, not `2.1474836E9`.

/// Java 17 `FloatingDecimal.insignificantDigitsNumber`.
const INSIGNIFICANT: [u32; 64] = [
    0, 0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 6, 6, 7, 7, 7, 8, 8, 8, 9, 9, 9, 9, 10, 10, 10,
    11, 11, 11, 12, 12, 12, 12, 13, 13, 13, 14, 14, 14, 15, 15, 15, 15, 16, 16, 16, 17, 17, 17, 18, 18, 18, 19,
];

/// FloatingDecimal's integer fast path (`dtoa` with no fraction bits, `developLongDigits`):
/// `fract_bits` normalised to 53 bits (hidden bit at 2^52), `bin_exp` unbiased, `n_sig` the
/// significant bits of the source type (53 for double, 24 for float). Returns the digits and
/// the scientific exponent, or None when Java takes the general (shortest-digits) path.
fn integer_fast_path(fract_bits: u64, bin_exp: i32, n_sig: i32) -> Option<(String, i32)> {
    const EXP_SHIFT: i32 = 52;
    let tail_zeros = fract_bits.trailing_zeros() as i32;
    let n_fract_bits = EXP_SHIFT + 1 - tail_zeros;
    let n_tiny_bits = (n_fract_bits - bin_exp - 1).max(0);
    if !(-21..=62).contains(&bin_exp) || n_tiny_bits != 0 {
        return None;
    }
    let insignificant = if bin_exp > n_sig {
        let p2 = bin_exp - n_sig - 1;
        if p2 > 1 && (p2 as usize) < INSIGNIFICANT.len() {
            INSIGNIFICANT[p2 as usize]
        } else {
            0
        }
    } else {
        0
    };
    let mut value: u64 =
        if bin_exp >= EXP_SHIFT { fract_bits << (bin_exp - EXP_SHIFT) } else { fract_bits >> (EXP_SHIFT - bin_exp) };
    let mut dec_exp = 0i32;
    if insignificant != 0 {
        let pow10 = 10u64.pow(insignificant);
        let residue = value % pow10;
        value /= pow10;
        dec_exp += insignificant as i32;
        if residue >= pow10 / 2 {
            value += 1;
        }
    }
    if value == 0 {
        return None;
    }
    let mut digits = value.to_string();
    while digits.len() > 1 && digits.ends_with('0') {
        digits.pop();
        dec_exp += 1;
    }
    let _ = dec_exp;
    // scientific exponent: position of the first digit
    let exp = (value.to_string().len() as i32 - 1) + insignificant as i32;
    Some((digits, exp))
}

fn sci_text(digits: &str, exp: i32) -> String {
    let (first, rest) = digits.split_at(1);
    if rest.is_empty() {
        format!("{}e{}", first, exp)
    } else {
        format!("{}.{}e{}", first, rest, exp)
    }
}

fn layout(sci: &str, negative: bool) -> String {
    // sci is like "1.2345e6" or "3e-1"
    let (mant, exp) = sci.split_once('e').unwrap_or((sci, "0"));
    let exp: i32 = exp.parse().unwrap_or(0);
    let digits: String = mant.chars().filter(|c| c.is_ascii_digit()).collect();
    let mut out = String::new();
    if negative {
        out.push('-');
    }
    if (-3..7).contains(&exp) {
        if exp >= 0 {
            let int_len = exp as usize + 1;
            if digits.len() <= int_len {
                out.push_str(&digits);
                out.push_str(&"0".repeat(int_len - digits.len()));
                out.push_str(".0");
            } else {
                out.push_str(&digits[..int_len]);
                out.push('.');
                out.push_str(&digits[int_len..]);
            }
        } else {
            out.push_str("0.");
            out.push_str(&"0".repeat((-exp - 1) as usize));
            out.push_str(&digits);
        }
    } else {
        out.push_str(&digits[..1]);
        out.push('.');
        if digits.len() > 1 {
            out.push_str(&digits[1..]);
        } else {
            out.push('0');
        }
        out.push('E');
        out.push_str(&exp.to_string());
    }
    out
}

pub fn java_double(v: f64) -> String {
    if v.is_nan() {
        return "NaN".into();
    }
    if v.is_infinite() {
        return if v > 0.0 { "Infinity".into() } else { "-Infinity".into() };
    }
    if v == 0.0 {
        return if v.is_sign_negative() { "-0.0".into() } else { "0.0".into() };
    }
    let bits = v.abs().to_bits();
    let exp_bits = ((bits >> 52) & 0x7ff) as i32;
    if exp_bits != 0 {
        let fract = (bits & ((1u64 << 52) - 1)) | (1u64 << 52);
        if let Some((d, e)) = integer_fast_path(fract, exp_bits - 1023, 53) {
            return layout(&sci_text(&d, e), v < 0.0);
        }
    }
    layout(&format!("{:e}", v.abs()), v < 0.0)
}

pub fn java_float(v: f32) -> String {
    if v.is_nan() {
        return "NaN".into();
    }
    if v.is_infinite() {
        return if v > 0.0 { "Infinity".into() } else { "-Infinity".into() };
    }
    if v == 0.0 {
        return if v.is_sign_negative() { "-0.0".into() } else { "0.0".into() };
    }
    let bits = v.abs().to_bits();
    let exp_bits = ((bits >> 23) & 0xff) as i32;
    if exp_bits != 0 {
        let fract = (((bits & ((1u32 << 23) - 1)) | (1u32 << 23)) as u64) << 29;
        if let Some((d, e)) = integer_fast_path(fract, exp_bits - 127, 24) {
            return layout(&sci_text(&d, e), v < 0.0);
        }
    }
    layout(&format!("{:e}", v.abs()), v < 0.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn doubles_print_like_java() {
        assert_eq!(java_double(78.0), "78.0");
        assert_eq!(java_double(1000.0), "1000.0");
        assert_eq!(java_double(1.0e7), "1.0E7");
        assert_eq!(java_double(1.0e-4), "1.0E-4");
        assert_eq!(java_double(0.001), "0.001");
        assert_eq!(java_double(0.1 + 0.2), "0.30000000000000004");
        assert_eq!(java_double(1234567.0), "1234567.0");
        assert_eq!(java_double(12345678.9), "1.23456789E7");
        assert_eq!(java_double(-2.5), "-2.5");
        assert_eq!(java_double(86.5), "86.5");
        assert_eq!(java_float(1.1f32), "1.1");
        // Java 17's integer fast path (oracle: CAST(2147483647 AS FLOAT) prints 2.14748365E9)
        assert_eq!(java_float(2147483647f32), "2.14748365E9");
        assert_eq!(java_float(4294967294f32), "4.2949673E9");
        assert_eq!(java_float(715827882.33f32), "7.158279E8");
        assert_eq!(java_double(1152921504606846976.0), "1.15292150460684698E18");
        assert_eq!(java_double(2147483648.5), "2.1474836485E9");
        assert_eq!(java_double(3.2212254705E9), "3.2212254705E9");
        assert_eq!(java_float(1.0e10f32), "1.0E10");
    }
}
