//! Result types of operators, as Flink's planner derives them (Calcite's type system with
//! Flink's decimal rules from `LogicalTypeMerging`).

use crate::types::{DataType, TypeKind, MAX_LENGTH};

/// Flink's `adjustPrecisionScale`: precision at most 38, keeping at least min(scale, 6) digits.
pub fn adjust_decimal(precision: u32, scale: u32) -> (u8, u8) {
    if precision <= 38 {
        return (precision as u8, scale as u8);
    }
    let int_digits = precision - scale;
    let min_scale = scale.min(6);
    let scale = (38i64 - int_digits as i64).max(min_scale as i64) as u32;
    (38, scale.min(38) as u8)
}

fn decimal_of(k: &TypeKind) -> Option<(u32, u32)> {
    k.as_decimal().map(|(p, s)| (p as u32, s as u32))
}

/// Result type of `a op b` for + - * / %, or None when the operands are not numeric.
pub fn arith_type(op: char, a: &DataType, b: &DataType) -> Option<DataType> {
    let nullable = a.nullable || b.nullable;
    let (ka, kb) = (&a.kind, &b.kind);
    if !ka.is_numeric() || !kb.is_numeric() {
        return None;
    }
    let kind = if ka.is_approx() || kb.is_approx() {
        // Flink types FLOAT op DOUBLE as FLOAT; DECIMAL op FLOAT as DOUBLE
        let float = *ka == TypeKind::Float || *kb == TypeKind::Float;
        let decimal = matches!(ka, TypeKind::Decimal { .. }) || matches!(kb, TypeKind::Decimal { .. });
        if float && !decimal {
            TypeKind::Float
        } else {
            TypeKind::Double
        }
    } else if ka.is_integer() && kb.is_integer() {
        let ra = ka.int_rank().unwrap_or(3);
        let rb = kb.int_rank().unwrap_or(3);
        if op == '%' {
            kb.clone()
        } else if ra >= rb {
            ka.clone()
        } else {
            kb.clone()
        }
    } else {
        let (p1, s1) = decimal_of(ka)?;
        let (p2, s2) = decimal_of(kb)?;
        let (p, s) = match op {
            '+' | '-' => {
                let s = s1.max(s2);
                let p = (p1 - s1).max(p2 - s2) + s + 1;
                adjust_decimal(p, s)
            }
            '*' => adjust_decimal(p1 + p2 + 1, s1 + s2),
            '/' => {
                let s = 6u32.max(s1 + p2 + 1);
                let p = p1 - s1 + s2 + s;
                adjust_decimal(p, s)
            }
            _ => {
                // MOD: Flink's findModuloDecimalType
                let s = s1.max(s2);
                let p = (p1 - s1).min(p2 - s2) + s;
                adjust_decimal(p, s)
            }
        };
        TypeKind::Decimal { precision: p, scale: s }
    };
    Some(DataType::new(kind, nullable))
}

/// Calcite's `leastRestrictive` for the branches of CASE/COALESCE/IN and comparison operands.
/// The result is nullable if any input is.
pub fn least_restrictive(types: &[&DataType]) -> Option<DataType> {
    let known: Vec<&DataType> = types.iter().copied().filter(|t| t.kind != TypeKind::Null).collect();
    let nullable = types.iter().any(|t| t.nullable);
    if known.is_empty() {
        return types.first().map(|_| DataType::new(TypeKind::Null, true));
    }
    let mut acc = known[0].kind.clone();
    for t in &known[1..] {
        acc = merge(&acc, &t.kind)?;
    }
    // time attributes survive only if every input is one
    let all_rowtime = known.iter().all(|t| t.is_rowtime());
    let mut out = DataType::new(acc, nullable);
    if !all_rowtime {
        out = out.without_time_attr();
    }
    Some(out)
}

fn merge(a: &TypeKind, b: &TypeKind) -> Option<TypeKind> {
    use TypeKind::*;
    if a == b {
        return Some(a.clone());
    }
    Some(match (a, b) {
        (Char { length: x }, Char { length: y }) => VarChar { length: *x.max(y) },
        (Char { length: x }, VarChar { length: y }) | (VarChar { length: y }, Char { length: x }) => {
            VarChar { length: (*x).max(*y) }
        }
        (VarChar { length: x }, VarChar { length: y }) => VarChar { length: (*x).max(*y).min(MAX_LENGTH) },
        (Timestamp { precision: p, attr }, Timestamp { precision: q, .. }) => {
            Timestamp { precision: *p.max(q), attr: *attr }
        }
        (TimestampLtz { precision: p, attr }, TimestampLtz { precision: q, .. }) => {
            TimestampLtz { precision: *p.max(q), attr: *attr }
        }
        (Time { precision: p }, Time { precision: q }) => Time { precision: *p.max(q) },
        (x, y) if x.is_numeric() && y.is_numeric() => {
            if x.is_approx() || y.is_approx() {
                if *x == Double || *y == Double || matches!(x, Decimal { .. }) || matches!(y, Decimal { .. }) {
                    Double
                } else {
                    Float
                }
            } else if x.is_integer() && y.is_integer() {
                if x.int_rank() >= y.int_rank() {
                    x.clone()
                } else {
                    y.clone()
                }
            } else {
                let (p1, s1) = decimal_of(x)?;
                let (p2, s2) = decimal_of(y)?;
                let s = s1.max(s2);
                let (p, s) = adjust_decimal((p1 - s1).max(p2 - s2) + s, s);
                Decimal { precision: p, scale: s }
            }
        }
        (Array { element: x }, Array { element: y }) => {
            let e = least_restrictive(&[x.as_ref(), y.as_ref()])?;
            Array { element: Box::new(e) }
        }
        _ => return None,
    })
}

/// Whether values of these two types can be compared with `=`/`<` (after implicit casts).
pub fn comparable(a: &DataType, b: &DataType) -> bool {
    if a.kind == TypeKind::Null || b.kind == TypeKind::Null {
        return true;
    }
    let (fa, fb) = (a.kind.family(), b.kind.family());
    fa == fb
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(p: u8, s: u8) -> DataType {
        DataType::nullable(TypeKind::Decimal { precision: p, scale: s })
    }

    /// Expected types from the oracle (Flink 2.3): `d DECIMAL(10, 2)`, `e DECIMAL(5, 1)`,
    /// `num INT` → d+e DECIMAL(11, 2), d*e DECIMAL(16, 3), d/e DECIMAL(17, 8), d%e DECIMAL(6, 2),
    /// d+num DECIMAL(13, 2), d*num DECIMAL(21, 2), d/num DECIMAL(21, 13), num/d DECIMAL(23, 11).
    #[test]
    fn decimal_arithmetic_types() {
        assert_eq!(arith_type('+', &d(10, 2), &d(5, 1)).unwrap(), d(11, 2));
        assert_eq!(arith_type('*', &d(10, 2), &d(5, 1)).unwrap(), d(16, 3));
        assert_eq!(arith_type('/', &d(10, 2), &d(5, 1)).unwrap(), d(17, 8));
        assert_eq!(arith_type('%', &d(10, 2), &d(5, 1)).unwrap(), d(6, 2));
        let int = DataType::nullable(TypeKind::Int);
        assert_eq!(arith_type('+', &int, &d(10, 2)).unwrap(), d(13, 2));
        assert_eq!(arith_type('*', &d(10, 2), &int).unwrap(), d(21, 2));
        assert_eq!(arith_type('/', &d(10, 2), &int).unwrap(), d(21, 13));
        assert_eq!(arith_type('/', &int, &d(10, 2)).unwrap(), d(23, 11));
        assert_eq!(arith_type('+', &int, &int).unwrap(), int);
        assert_eq!(adjust_decimal(40, 10), (38, 8));
    }
}
