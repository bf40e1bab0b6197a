//! Arithmetic as Flink computes it: Java integer wrap-around, DECIMAL with HALF_UP rounding and
//! NULL on overflow, DOUBLE as Java prints it, division by zero as Java throws it.

use crate::error::RuntimeError;
use crate::expr::Op;
use crate::types::{DataType, TypeKind};
use crate::value::{Decimal, Value};

pub(super) fn int_result(kind: &TypeKind, v: i64) -> Value {
    match kind {
        TypeKind::TinyInt => Value::TinyInt(v as i8),
        TypeKind::SmallInt => Value::SmallInt(v as i16),
        TypeKind::Int => Value::Int(v as i32),
        _ => Value::BigInt(v),
    }
}

pub(super) fn to_decimal(v: &Value) -> Option<Decimal> {
    match v {
        Value::Decimal(d) => Some(**d),
        other => other.as_i64().map(Decimal::from_i64),
    }
}

pub(super) fn arith(op: Op, a: &Value, b: &Value, ty: &DataType) -> Result<Value, RuntimeError> {
    if a.is_null() || b.is_null() {
        return Ok(Value::Null);
    }
    match &ty.kind {
        k if k.is_integer() => {
            let (x, y) = (a.as_i64().unwrap_or(0), b.as_i64().unwrap_or(0));
            let r = match op {
                Op::Plus => x.wrapping_add(y),
                Op::Minus => x.wrapping_sub(y),
                Op::Times => x.wrapping_mul(y),
                Op::Divide => {
                    if y == 0 {
                        return Err("java.lang.ArithmeticException: / by zero".into());
                    }
                    // Java computes in the operand width: INT / INT wraps at i32
                    match k {
                        TypeKind::BigInt => x.wrapping_div(y),
                        _ => (x as i32).wrapping_div(y as i32) as i64,
                    }
                }
                Op::Mod => {
                    if y == 0 {
                        return Err("java.lang.ArithmeticException: / by zero".into());
                    }
                    x.wrapping_rem(y)
                }
                _ => 0,
            };
            Ok(int_result(k, r))
        }
        TypeKind::Decimal { precision, scale } => {
            let (Some(x), Some(y)) = (to_decimal(a), to_decimal(b)) else {
                return Ok(Value::Double(arith_f64(op, a, b)?));
            };
            let r = match op {
                Op::Plus => x.checked_add(&y),
                Op::Minus => x.checked_sub(&y),
                Op::Times => x.mul_to_scale(&y, *scale),
                Op::Divide => {
                    if y.unscaled() == 0 {
                        let m = if x.unscaled() == 0 { "Division undefined" } else { "Division by zero" };
                        return Err(RuntimeError::arithmetic(m));
                    }
                    x.checked_div(&y, *scale)
                }
                Op::Mod => {
                    if y.unscaled() == 0 {
                        return Err("java.lang.ArithmeticException: Division by zero".into());
                    }
                    x.checked_rem(&y)
                }
                _ => None,
            };
            Ok(match r.and_then(|d| d.fit(*precision, *scale)) {
                Some(d) => Value::decimal(d),
                None => Value::Null,
            })
        }
        TypeKind::Float => Ok(Value::Float(arith_f64(op, a, b)? as f32)),
        _ => Ok(Value::Double(arith_f64(op, a, b)?)),
    }
}

pub(super) fn arith_f64(op: Op, a: &Value, b: &Value) -> Result<f64, RuntimeError> {
    let (x, y) = (a.as_f64().unwrap_or(f64::NAN), b.as_f64().unwrap_or(f64::NAN));
    Ok(match op {
        Op::Plus => x + y,
        Op::Minus => x - y,
        Op::Times => x * y,
        Op::Divide => x / y,
        Op::Mod => x % y,
        _ => f64::NAN,
    })
}
