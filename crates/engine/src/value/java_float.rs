//! Java's `Double.toString` / `Float.toString` layout: plain notation for 1e-3 ≤ |x| < 1e7
//! (`78.0`, `0.001`), otherwise computerized scientific notation (`1.0E7`, `1.0E-4`). The
//! digits are the shortest that read back to the same number (Rust's `{:e}`; Java 19+ does the
//! same, Java 17 may differ in the last digit in rare cases).

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
        assert_eq!(java_float(1.0e10f32), "1.0E10");
    }
}
