//! Evaluation of typed expressions on one row, with SQL's three-valued logic and Flink's
//! arithmetic (Java integer wrap-around, DECIMAL HALF_UP with NULL on overflow).

use std::cmp::Ordering;
use std::sync::Arc;

mod arith;
mod date_format;
mod datetime;
mod like;

pub use date_format::date_format;

use arith::arith;
use datetime::{add_months, date_ts, local_ms, ymd};
use like::like;

use super::cast::{cast_value, to_string};
use super::{Expr, Op};
use crate::error::RuntimeError;
use crate::time::{SessionZone, Ts, MS_PER_DAY};
use crate::types::{DataType, TypeKind};
use crate::value::{Decimal, Value};

/// What an expression may read besides its row.
pub struct EvalCtx<'a> {
    pub zone: &'a SessionZone,
    /// The simulated processing-time clock (epoch ms), for PROCTIME().
    pub proc_time: i64,
    /// The operator's current watermark, for CURRENT_WATERMARK().
    pub watermark: Option<i64>,
}

impl<'a> EvalCtx<'a> {
    pub fn new(zone: &'a SessionZone) -> EvalCtx<'a> {
        EvalCtx { zone, proc_time: 0, watermark: None }
    }
}

type R = Result<Value, RuntimeError>;

fn truth(v: &Value) -> Option<bool> {
    v.as_bool()
}

fn cmp_values(a: &Value, b: &Value) -> Option<Ordering> {
    a.sql_cmp(b)
}

impl Expr {
    /// Evaluates the expression on `row`.
    pub fn eval(&self, row: &[Value], ctx: &EvalCtx) -> R {
        match self {
            Expr::Input { index, .. } => Ok(row.get(*index).cloned().unwrap_or(Value::Null)),
            Expr::Literal { value, .. } => Ok(value.clone()),
            Expr::Cast { expr, ty, try_cast } => {
                let v = expr.eval(row, ctx)?;
                match cast_value(&v, expr.ty(), ty, ctx.zone) {
                    Ok(v) => Ok(v),
                    Err(_) if *try_cast => Ok(Value::Null),
                    Err(e) => Err(e),
                }
            }
            Expr::Case { whens, otherwise, .. } => {
                for (w, t) in whens {
                    if truth(&w.eval(row, ctx)?) == Some(true) {
                        return t.eval(row, ctx);
                    }
                }
                otherwise.eval(row, ctx)
            }
            Expr::Call { op, args, ty } => self.eval_call(*op, args, ty, row, ctx),
        }
    }

    /// Evaluates a condition: only TRUE passes (NULL and FALSE do not).
    pub fn eval_true(&self, row: &[Value], ctx: &EvalCtx) -> Result<bool, RuntimeError> {
        Ok(truth(&self.eval(row, ctx)?) == Some(true))
    }

    fn eval_call(&self, op: Op, args: &[Expr], ty: &DataType, row: &[Value], ctx: &EvalCtx) -> R {
        let ev = |i: usize| -> R { args.get(i).map(|a| a.eval(row, ctx)).unwrap_or(Ok(Value::Null)) };
        match op {
            Op::And => {
                let mut null = false;
                for a in args {
                    match truth(&a.eval(row, ctx)?) {
                        Some(false) => return Ok(Value::Bool(false)),
                        None => null = true,
                        _ => {}
                    }
                }
                Ok(if null { Value::Null } else { Value::Bool(true) })
            }
            Op::Or => {
                let mut null = false;
                for a in args {
                    match truth(&a.eval(row, ctx)?) {
                        Some(true) => return Ok(Value::Bool(true)),
                        None => null = true,
                        _ => {}
                    }
                }
                Ok(if null { Value::Null } else { Value::Bool(false) })
            }
            Op::Not => Ok(match truth(&ev(0)?) {
                Some(b) => Value::Bool(!b),
                None => Value::Null,
            }),
            Op::IsNull => Ok(Value::Bool(ev(0)?.is_null())),
            Op::IsNotNull => Ok(Value::Bool(!ev(0)?.is_null())),
            Op::IsTrue => Ok(Value::Bool(truth(&ev(0)?) == Some(true))),
            Op::IsNotTrue => Ok(Value::Bool(truth(&ev(0)?) != Some(true))),
            Op::IsFalse => Ok(Value::Bool(truth(&ev(0)?) == Some(false))),
            Op::IsNotFalse => Ok(Value::Bool(truth(&ev(0)?) != Some(false))),
            Op::Eq | Op::Ne | Op::Lt | Op::Le | Op::Gt | Op::Ge => {
                let (a, b) = (ev(0)?, ev(1)?);
                Ok(match cmp_values(&a, &b) {
                    None => Value::Null,
                    Some(o) => Value::Bool(match op {
                        Op::Eq => o == Ordering::Equal,
                        Op::Ne => o != Ordering::Equal,
                        Op::Lt => o == Ordering::Less,
                        Op::Le => o != Ordering::Greater,
                        Op::Gt => o == Ordering::Greater,
                        _ => o != Ordering::Less,
                    }),
                })
            }
            Op::IsDistinctFrom | Op::IsNotDistinctFrom => {
                let (a, b) = (ev(0)?, ev(1)?);
                let same = match (a.is_null(), b.is_null()) {
                    (true, true) => true,
                    (true, false) | (false, true) => false,
                    _ => cmp_values(&a, &b) == Some(Ordering::Equal),
                };
                Ok(Value::Bool(if op == Op::IsNotDistinctFrom { same } else { !same }))
            }
            Op::Plus | Op::Minus | Op::Times | Op::Divide | Op::Mod => arith(op, &ev(0)?, &ev(1)?, ty),
            Op::Neg => {
                let v = ev(0)?;
                Ok(match v {
                    Value::TinyInt(x) => Value::TinyInt(x.wrapping_neg()),
                    Value::SmallInt(x) => Value::SmallInt(x.wrapping_neg()),
                    Value::Int(x) => Value::Int(x.wrapping_neg()),
                    Value::BigInt(x) => Value::BigInt(x.wrapping_neg()),
                    Value::Float(x) => Value::Float(-x),
                    Value::Double(x) => Value::Double(-x),
                    Value::Decimal(d) => Value::decimal(d.neg()),
                    Value::Interval(x) => Value::Interval(-x),
                    other => other,
                })
            }
            Op::TimestampPlus | Op::TimestampMinus => {
                let (a, b) = (ev(0)?, ev(1)?);
                let (ts_v, iv) =
                    if matches!(a, Value::Interval(_) | Value::IntervalMonths(_)) { (b, a) } else { (a, b) };
                let sign = if op == Op::TimestampMinus { -1 } else { 1 };
                Ok(match (ts_v, iv) {
                    (Value::Null, _) | (_, Value::Null) => Value::Null,
                    (Value::Timestamp(t), Value::Interval(ms)) => {
                        Value::Timestamp(Ts { millis: t.millis + sign * ms, nanos: t.nanos })
                    }
                    (Value::TimestampLtz(t), Value::Interval(ms)) => {
                        Value::TimestampLtz(Ts { millis: t.millis + sign * ms, nanos: t.nanos })
                    }
                    (Value::Date(d), Value::Interval(ms)) => {
                        Value::Date(((d as i64 * MS_PER_DAY + sign * ms).div_euclid(MS_PER_DAY)) as i32)
                    }
                    (Value::Time(n), Value::Interval(ms)) => {
                        Value::Time((n + sign * ms * 1_000_000).rem_euclid(MS_PER_DAY * 1_000_000))
                    }
                    (Value::Timestamp(t), Value::IntervalMonths(m)) => Value::Timestamp(add_months(t, sign * m as i64)),
                    (Value::TimestampLtz(t), Value::IntervalMonths(m)) => {
                        Value::TimestampLtz(add_months(t, sign * m as i64))
                    }
                    (Value::Interval(a), Value::Interval(b)) => Value::Interval(a + sign * b),
                    (x, _) => x,
                })
            }
            Op::Concat => {
                let mut s = String::new();
                for a in args {
                    let v = a.eval(row, ctx)?;
                    if v.is_null() {
                        return Ok(Value::Null);
                    }
                    s.push_str(&to_string(&v, a.ty(), ctx.zone));
                }
                Ok(Value::String(Arc::from(s)))
            }
            Op::Coalesce => {
                for a in args {
                    let v = a.eval(row, ctx)?;
                    if !v.is_null() {
                        return Ok(v);
                    }
                }
                Ok(Value::Null)
            }
            Op::In | Op::NotIn => {
                let x = ev(0)?;
                if x.is_null() {
                    return Ok(Value::Null);
                }
                let mut null = false;
                for a in &args[1..] {
                    let v = a.eval(row, ctx)?;
                    match cmp_values(&x, &v) {
                        Some(Ordering::Equal) => return Ok(Value::Bool(op == Op::In)),
                        None => null = true,
                        _ => {}
                    }
                }
                Ok(if null { Value::Null } else { Value::Bool(op == Op::NotIn) })
            }
            Op::Like | Op::NotLike => {
                let (a, b) = (ev(0)?, ev(1)?);
                match (a, b) {
                    (Value::String(s), Value::String(p)) => {
                        let escape = match args.get(2) {
                            Some(_) => match ev(2)? {
                                Value::String(e) => e.chars().next(),
                                _ => None,
                            },
                            None => None,
                        };
                        let m = like(&s, &p, escape);
                        Ok(Value::Bool(if op == Op::Like { m } else { !m }))
                    }
                    _ => Ok(Value::Null),
                }
            }
            Op::Upper | Op::Lower | Op::Trim => Ok(match ev(0)? {
                Value::String(s) => Value::String(Arc::from(match op {
                    Op::Upper => s.to_uppercase(),
                    Op::Lower => s.to_lowercase(),
                    _ => s.trim_matches(' ').to_string(),
                })),
                _ => Value::Null,
            }),
            Op::FloorTime | Op::CeilTime => {
                let unit = ev(0)?.as_i64().and_then(super::extract::Unit::from_code);
                Ok(match unit {
                    Some(u) => super::time_floor::round_time(u, &ev(1)?, op == Op::FloorTime, ctx.zone),
                    None => Value::Null,
                })
            }
            Op::Extract => {
                let unit = ev(0)?.as_i64().and_then(super::extract::Unit::from_code);
                Ok(match unit {
                    Some(u) => super::extract::extract(u, &ev(1)?, ctx.zone),
                    None => Value::Null,
                })
            }
            Op::CharLength => Ok(match ev(0)? {
                Value::String(s) => Value::Int(s.chars().count() as i32),
                _ => Value::Null,
            }),
            Op::Substring => {
                let s = ev(0)?;
                let start = ev(1)?;
                let len = if args.len() > 2 { Some(ev(2)?) } else { None };
                match (s, start.as_i64()) {
                    (Value::String(s), Some(st)) => {
                        let chars: Vec<char> = s.chars().collect();
                        let n = chars.len() as i64;
                        let begin = if st > 0 {
                            st - 1
                        } else if st == 0 {
                            0
                        } else {
                            (n + st).max(0)
                        };
                        let end = match len {
                            Some(l) => match l.as_i64() {
                                Some(l) if l < 0 => return Err("The length of SUBSTRING must not be negative".into()),
                                Some(l) => (begin + l).min(n),
                                None => return Ok(Value::Null),
                            },
                            None => n,
                        };
                        let t: String =
                            chars[(begin.min(n) as usize)..(end.max(begin).min(n) as usize)].iter().collect();
                        Ok(Value::String(Arc::from(t)))
                    }
                    _ => Ok(Value::Null),
                }
            }
            Op::Abs => Ok(match ev(0)? {
                Value::TinyInt(x) => Value::TinyInt(x.wrapping_abs()),
                Value::SmallInt(x) => Value::SmallInt(x.wrapping_abs()),
                Value::Int(x) => Value::Int(x.wrapping_abs()),
                Value::BigInt(x) => Value::BigInt(x.wrapping_abs()),
                Value::Float(x) => Value::Float(x.abs()),
                Value::Double(x) => Value::Double(x.abs()),
                Value::Decimal(d) => Value::decimal(if d.unscaled() < 0 { d.neg() } else { *d }),
                other => other,
            }),
            Op::Floor | Op::Ceil => Ok(match ev(0)? {
                Value::Double(x) => Value::Double(if op == Op::Floor { x.floor() } else { x.ceil() }),
                Value::Float(x) => Value::Float(if op == Op::Floor { x.floor() } else { x.ceil() }),
                Value::Decimal(d) => {
                    let t = d.trunc_i128();
                    let whole = Decimal::new(t, 0);
                    let adj = if (*d).cmp(&whole) == Ordering::Equal {
                        t
                    } else if op == Op::Floor {
                        if d.unscaled() < 0 {
                            t - 1
                        } else {
                            t
                        }
                    } else if d.unscaled() > 0 {
                        t + 1
                    } else {
                        t
                    };
                    Value::decimal(Decimal::new(adj, 0))
                }
                other => other,
            }),
            Op::DateFormat => {
                let v = ev(0)?;
                let f = ev(1)?;
                let pat = match f {
                    Value::String(s) => s,
                    Value::Null => return Ok(Value::Null),
                    _ => Arc::from("yyyy-MM-dd HH:mm:ss"),
                };
                let local = match v {
                    Value::Timestamp(t) => t,
                    Value::TimestampLtz(t) => Ts { millis: ctx.zone.instant_to_local(t.millis), nanos: t.nanos },
                    Value::Date(d) => Ts::from_millis(d as i64 * MS_PER_DAY),
                    Value::String(s) => match super::cast::parse_timestamp_text(&s) {
                        Some(t) => t,
                        None => return Ok(Value::Null),
                    },
                    _ => return Ok(Value::Null),
                };
                Ok(Value::String(Arc::from(date_format(local, &pat))))
            }
            Op::UnixTimestamp => {
                if args.is_empty() {
                    return Ok(Value::BigInt(ctx.proc_time.div_euclid(1000)));
                }
                let v = ev(0)?;
                match v {
                    Value::String(s) => match super::cast::parse_timestamp_text(&s) {
                        Some(t) => Ok(Value::BigInt(ctx.zone.local_to_instant(t.millis).div_euclid(1000))),
                        None => Ok(Value::BigInt(i64::MIN)),
                    },
                    _ => Ok(Value::Null),
                }
            }
            Op::ToTimestampLtz => {
                let v = ev(0)?;
                let p = if args.len() > 1 { ev(1)?.as_i64().unwrap_or(3) } else { 3 };
                match v.as_i64() {
                    Some(n) => Ok(Value::TimestampLtz(Ts::from_millis(if p == 0 { n * 1000 } else { n }))),
                    None => match v {
                        Value::Decimal(d) => Ok(Value::TimestampLtz(Ts::from_millis(d.trunc_i128() as i64))),
                        Value::Double(d) => Ok(Value::TimestampLtz(Ts::from_millis(if p == 0 {
                            (d * 1000.0) as i64
                        } else {
                            d as i64
                        }))),
                        _ => Ok(Value::Null),
                    },
                }
            }
            Op::ToTimestamp => match ev(0)? {
                Value::String(s) => {
                    Ok(super::cast::parse_timestamp_text(&s).map(Value::Timestamp).unwrap_or(Value::Null))
                }
                _ => Ok(Value::Null),
            },
            Op::Proctime => Ok(Value::TimestampLtz(Ts::from_millis(ctx.proc_time))),
            Op::CurrentWatermark => Ok(match ctx.watermark {
                Some(w) if w != i64::MIN => match &ty.kind {
                    TypeKind::Timestamp { .. } => Value::Timestamp(Ts::from_millis(w)),
                    _ => Value::TimestampLtz(Ts::from_millis(w)),
                },
                _ => Value::Null,
            }),
            Op::NullIf => {
                let (a, b) = (ev(0)?, ev(1)?);
                Ok(if cmp_values(&a, &b) == Some(Ordering::Equal) { Value::Null } else { a })
            }
            Op::If => {
                if truth(&ev(0)?) == Some(true) {
                    ev(1)
                } else {
                    ev(2)
                }
            }
            Op::Greatest | Op::Least => {
                let mut best: Option<Value> = None;
                for a in args {
                    let v = a.eval(row, ctx)?;
                    if v.is_null() {
                        return Ok(Value::Null);
                    }
                    best = Some(match best {
                        None => v,
                        Some(b) => {
                            let o = cmp_values(&v, &b);
                            let take = if op == Op::Greatest {
                                o == Some(Ordering::Greater)
                            } else {
                                o == Some(Ordering::Less)
                            };
                            if take {
                                v
                            } else {
                                b
                            }
                        }
                    });
                }
                Ok(best.unwrap_or(Value::Null))
            }
            Op::Embedding => Ok(match ev(0)? {
                Value::String(s) => {
                    let double = matches!(&ty.kind, TypeKind::Array { element } if element.kind == TypeKind::Double);
                    let v = super::embedding::embed(&s);
                    let items: Vec<Value> =
                        v.into_iter().map(|x| if double { Value::Double(x) } else { Value::Float(x as f32) }).collect();
                    Value::Array(std::sync::Arc::new(items))
                }
                _ => Value::Null,
            }),
            Op::ArrayElement => {
                let (a, i) = (ev(0)?, ev(1)?);
                match (a, i.as_i64()) {
                    (Value::Array(items), Some(i)) if i >= 1 && (i as usize) <= items.len() => {
                        Ok(items[i as usize - 1].clone())
                    }
                    _ => Ok(Value::Null),
                }
            }
            Op::Round => {
                let v = ev(0)?;
                let r = if args.len() > 1 { ev(1)?.as_i64().unwrap_or(0) } else { 0 };
                Ok(match (&v, &ty.kind) {
                    (Value::Null, _) => Value::Null,
                    (Value::Decimal(d), TypeKind::Decimal { precision, scale }) => {
                        let rounded = d.rescale(r.clamp(0, 38) as u8).and_then(|x| x.fit(*precision, *scale));
                        rounded.map(Value::decimal).unwrap_or(Value::Null)
                    }
                    (Value::Double(x), _) => {
                        let f = 10f64.powi(r as i32);
                        Value::Double((x * f).round() / f)
                    }
                    (Value::Float(x), _) => {
                        let f = 10f32.powi(r as i32);
                        Value::Float((x * f).round() / f)
                    }
                    (other, _) => other.clone(),
                })
            }
            Op::TimestampDiff => {
                let unit = ev(0)?.as_i64().unwrap_or(1);
                let (a, b) = (ev(1)?, ev(2)?);
                let (Some(x), Some(y)) = (a.as_ts().or(date_ts(&a)), b.as_ts().or(date_ts(&b))) else {
                    return Ok(Value::Null);
                };
                let (x, y) = (local_ms(&a, x, ctx), local_ms(&b, y, ctx));
                if unit < 0 {
                    let months = -unit;
                    let (ya, ma, da) = ymd(x);
                    let (yb, mb, db) = ymd(y);
                    let mut diff = (yb - ya) * 12 + (mb as i64 - ma as i64);
                    let rest_a = x.rem_euclid(MS_PER_DAY) + da as i64 * MS_PER_DAY;
                    let rest_b = y.rem_euclid(MS_PER_DAY) + db as i64 * MS_PER_DAY;
                    if diff > 0 && rest_b < rest_a {
                        diff -= 1;
                    } else if diff < 0 && rest_b > rest_a {
                        diff += 1;
                    }
                    Ok(Value::Int((diff / months) as i32))
                } else {
                    Ok(Value::Int(((y - x) / unit) as i32))
                }
            }
            Op::TimestampAdd => {
                let unit = ev(0)?.as_i64().unwrap_or(1);
                let (n, t) = (ev(1)?, ev(2)?);
                let Some(n) = n.as_i64() else { return Ok(Value::Null) };
                Ok(match t {
                    Value::Timestamp(ts) if unit < 0 => Value::Timestamp(add_months(ts, n * -unit)),
                    Value::TimestampLtz(ts) if unit < 0 => Value::TimestampLtz(add_months(ts, n * -unit)),
                    Value::Timestamp(ts) => Value::Timestamp(Ts { millis: ts.millis + n * unit, nanos: ts.nanos }),
                    Value::TimestampLtz(ts) => {
                        Value::TimestampLtz(Ts { millis: ts.millis + n * unit, nanos: ts.nanos })
                    }
                    other => other,
                })
            }
            Op::Power => {
                let (a, b) = (ev(0)?, ev(1)?);
                match (a.as_f64(), b.as_f64()) {
                    (Some(x), Some(y)) => Ok(Value::Double(x.powf(y))),
                    _ => Ok(Value::Null),
                }
            }
            Op::Sqrt => Ok(match ev(0)?.as_f64() {
                Some(x) => Value::Double(x.sqrt()),
                None => Value::Null,
            }),
            Op::ConcatWs => {
                let sep = ev(0)?;
                let Value::String(sep) = sep else { return Ok(Value::Null) };
                let mut parts = Vec::new();
                for a in &args[1..] {
                    let v = a.eval(row, ctx)?;
                    if !v.is_null() {
                        parts.push(to_string(&v, a.ty(), ctx.zone));
                    }
                }
                Ok(Value::String(Arc::from(parts.join(&sep))))
            }
            Op::ArrayCtor => {
                let mut v = Vec::with_capacity(args.len());
                for a in args {
                    v.push(a.eval(row, ctx)?);
                }
                Ok(Value::Array(Arc::new(v)))
            }
            Op::RowCtor => {
                let mut v = Vec::with_capacity(args.len());
                for a in args {
                    v.push(a.eval(row, ctx)?);
                }
                Ok(Value::Row(Arc::new(v)))
            }
            Op::MapCtor => {
                let mut m: Vec<(Value, Value)> = Vec::with_capacity(args.len() / 2);
                for kv in args.chunks(2) {
                    let (k, v) = (kv[0].eval(row, ctx)?, kv[1].eval(row, ctx)?);
                    // a repeated key keeps its first place and takes the last value
                    match m.iter_mut().find(|e| e.0 == k) {
                        Some(e) => e.1 = v,
                        None => m.push((k, v)),
                    }
                }
                Ok(Value::Map(Arc::new(m)))
            }
            Op::MapGet => {
                let (m, k) = (ev(0)?, ev(1)?);
                Ok(match m {
                    Value::Map(entries) if !k.is_null() => {
                        entries.iter().find(|e| e.0 == k).map(|e| e.1.clone()).unwrap_or(Value::Null)
                    }
                    _ => Value::Null,
                })
            }
            Op::RowField => {
                let (r, i) = (ev(0)?, ev(1)?);
                Ok(match (r, i.as_i64()) {
                    (Value::Row(f), Some(i)) => f.get(i as usize).cloned().unwrap_or(Value::Null),
                    _ => Value::Null,
                })
            }
            Op::Element => match ev(0)? {
                Value::Array(items) => match items.len() {
                    0 => Ok(Value::Null),
                    1 => Ok(items[0].clone()),
                    _ => Err(RuntimeError::java(
                        "org.apache.flink.table.api.TableRuntimeException",
                        "Array has more than one element.",
                    )),
                },
                _ => Ok(Value::Null),
            },
            Op::ArrayContains => {
                let (a, x) = (ev(0)?, ev(1)?);
                Ok(match a {
                    Value::Array(items) => Value::Bool(items.iter().any(|e| {
                        e == &x || (!e.is_null() && !x.is_null() && cmp_values(e, &x) == Some(Ordering::Equal))
                    })),
                    _ => Value::Null,
                })
            }
            Op::MapKeys | Op::MapValues => Ok(match ev(0)? {
                Value::Map(entries) => Value::Array(Arc::new(
                    entries.iter().map(|e| if op == Op::MapKeys { e.0.clone() } else { e.1.clone() }).collect(),
                )),
                _ => Value::Null,
            }),
            Op::Cardinality => Ok(match ev(0)? {
                Value::Array(items) => Value::Int(items.len() as i32),
                Value::Map(m) => Value::Int(m.len() as i32),
                _ => Value::Null,
            }),
        }
    }
}
