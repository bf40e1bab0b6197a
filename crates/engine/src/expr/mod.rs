//! Typed scalar expressions: what a projection, a filter, a join condition, a computed column
//! or a WATERMARK clause computes from one row. Built by [`crate::plan::bind`] from sqlparser's
//! AST with Flink's typing rules; evaluated here.

pub mod aggregate;
pub mod bind;
mod cast;
pub mod embedding;
mod eval;
pub mod extract;
pub mod time_floor;
pub mod typing;

pub use cast::cast_value;
pub use eval::EvalCtx;

use crate::types::DataType;
use crate::value::Value;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Op {
    And,
    Or,
    Not,
    IsNull,
    IsNotNull,
    IsTrue,
    IsNotTrue,
    IsFalse,
    IsNotFalse,
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
    IsDistinctFrom,
    IsNotDistinctFrom,
    Plus,
    Minus,
    Times,
    Divide,
    Mod,
    Neg,
    /// TIMESTAMP ± INTERVAL (second argument in milliseconds, negated for minus).
    TimestampPlus,
    TimestampMinus,
    Concat,
    Coalesce,
    /// First argument `IN` the rest.
    In,
    NotIn,
    Like,
    NotLike,
    Upper,
    Lower,
    CharLength,
    Trim,
    Substring,
    Abs,
    Floor,
    Ceil,
    DateFormat,
    UnixTimestamp,
    ToTimestampLtz,
    ToTimestamp,
    Proctime,
    CurrentWatermark,
    NullIf,
    If,
    Greatest,
    Least,
    /// `x IN (…)` against a set of constants, NULL-aware three-valued (`NOT IN` with a NULL
    /// candidate is never TRUE).
    ArrayElement,
    Cardinality,
    /// `ARRAY[a, b, …]` of non-literal elements (already cast to the element type).
    ArrayCtor,
    /// `MAP[k1, v1, k2, v2, …]` (keys and values cast to the map's types).
    MapCtor,
    /// `ROW(a, b, …)`.
    RowCtor,
    /// `m[k]`: the value of key k (NULL when absent).
    MapGet,
    /// `r.field`: second argument the field's position (an INT literal).
    RowField,
    /// `ELEMENT(a)`: the only element, NULL for an empty array; more fails the job.
    Element,
    /// `ARRAY_CONTAINS(a, x)`.
    ArrayContains,
    MapKeys,
    MapValues,
    Round,
    /// TIMESTAMPDIFF(unit, a, b): first argument the unit in ms (negative: months).
    TimestampDiff,
    /// TIMESTAMPADD(unit, n, t).
    TimestampAdd,
    Power,
    Sqrt,
    ConcatWs,
    /// EXTRACT(unit FROM x): first argument the unit's code ([`extract::Unit::code`]).
    Extract,
    /// FLOOR(x TO unit) / CEIL(x TO unit): first argument the unit's code.
    FloorTime,
    CeilTime,
    /// JoinLab's built-in deterministic embedding of a STRING ([`embedding`]), as AI_EMBEDDING
    /// and ML_PREDICT compute it; the result's element type is the model's (FLOAT or DOUBLE).
    Embedding,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Expr {
    /// A column of the input row.
    Input {
        index: usize,
        ty: DataType,
    },
    Literal {
        value: Value,
        ty: DataType,
    },
    Cast {
        expr: Box<Expr>,
        ty: DataType,
        try_cast: bool,
    },
    Call {
        op: Op,
        args: Vec<Expr>,
        ty: DataType,
    },
    /// Searched CASE (a simple CASE is rewritten into this form).
    Case {
        whens: Vec<(Expr, Expr)>,
        otherwise: Box<Expr>,
        ty: DataType,
    },
}

impl Expr {
    pub fn ty(&self) -> &DataType {
        match self {
            Expr::Input { ty, .. }
            | Expr::Literal { ty, .. }
            | Expr::Cast { ty, .. }
            | Expr::Call { ty, .. }
            | Expr::Case { ty, .. } => ty,
        }
    }

    pub fn input(index: usize, ty: DataType) -> Expr {
        Expr::Input { index, ty }
    }

    pub fn literal(value: Value, ty: DataType) -> Expr {
        Expr::Literal { value, ty }
    }

    pub fn call(op: Op, args: Vec<Expr>, ty: DataType) -> Expr {
        Expr::Call { op, args, ty }
    }

    /// The input column this expression is, if it is a plain column reference.
    pub fn as_input(&self) -> Option<usize> {
        match self {
            Expr::Input { index, .. } => Some(*index),
            _ => None,
        }
    }

    /// Every input column the expression reads.
    pub fn inputs(&self, out: &mut Vec<usize>) {
        match self {
            Expr::Input { index, .. } => out.push(*index),
            Expr::Literal { .. } => {}
            Expr::Cast { expr, .. } => expr.inputs(out),
            Expr::Call { args, .. } => args.iter().for_each(|a| a.inputs(out)),
            Expr::Case { whens, otherwise, .. } => {
                for (w, t) in whens {
                    w.inputs(out);
                    t.inputs(out);
                }
                otherwise.inputs(out);
            }
        }
    }

    /// Renumbers input columns (`f(i)` is the new index).
    pub fn remap(&self, f: &dyn Fn(usize) -> usize) -> Expr {
        match self {
            Expr::Input { index, ty } => Expr::Input { index: f(*index), ty: ty.clone() },
            Expr::Literal { .. } => self.clone(),
            Expr::Cast { expr, ty, try_cast } => {
                Expr::Cast { expr: Box::new(expr.remap(f)), ty: ty.clone(), try_cast: *try_cast }
            }
            Expr::Call { op, args, ty } => {
                Expr::Call { op: *op, args: args.iter().map(|a| a.remap(f)).collect(), ty: ty.clone() }
            }
            Expr::Case { whens, otherwise, ty } => Expr::Case {
                whens: whens.iter().map(|(w, t)| (w.remap(f), t.remap(f))).collect(),
                otherwise: Box::new(otherwise.remap(f)),
                ty: ty.clone(),
            },
        }
    }

    /// Splits a condition into its AND-ed parts.
    pub fn conjuncts(self) -> Vec<Expr> {
        match self {
            Expr::Call { op: Op::And, args, .. } => args.into_iter().flat_map(|a| a.conjuncts()).collect(),
            e => vec![e],
        }
    }

    /// AND of conditions (None for an empty list).
    pub fn and_all(mut parts: Vec<Expr>) -> Option<Expr> {
        match parts.len() {
            0 => None,
            1 => parts.pop(),
            _ => {
                let nullable = parts.iter().any(|p| p.ty().nullable);
                Some(Expr::call(Op::And, parts, DataType::new(crate::types::TypeKind::Boolean, nullable)))
            }
        }
    }

    /// Flink's RexNode text for plans: `$0`-style inputs are named by the caller.
    pub fn explain(&self, names: &[String]) -> String {
        match self {
            Expr::Input { index, .. } => names.get(*index).cloned().unwrap_or_else(|| format!("${}", index)),
            Expr::Literal { value, ty } => {
                let zone = crate::time::SessionZone::default();
                match value {
                    Value::String(s) => format!("_UTF-16LE'{}'", s),
                    Value::Null => format!("null:{}", crate::types::calcite_name(ty)),
                    Value::Bool(b) => b.to_string(),
                    // Calcite prints a day-time interval as its milliseconds and its unit (the
                    // largest unit that divides it: the one written, for whole numbers of it)
                    Value::Interval(ms) => {
                        let unit = [(86_400_000, "DAY"), (3_600_000, "HOUR"), (60_000, "MINUTE"), (1000, "SECOND")]
                            .iter()
                            .find(|(u, _)| *ms != 0 && ms % u == 0)
                            .map(|(_, n)| *n)
                            .unwrap_or("SECOND");
                        format!("{}:INTERVAL {}", ms, unit)
                    }
                    v => v.render(ty, &zone),
                }
            }
            Expr::Cast { expr, ty, .. } => format!("CAST({} AS {})", expr.explain(names), ty.sql()),
            Expr::Call { op, args, .. } => {
                let a: Vec<String> = args.iter().map(|x| x.explain(names)).collect();
                let name = match op {
                    Op::Eq => "=",
                    Op::Ne => "<>",
                    Op::Lt => "<",
                    Op::Le => "<=",
                    Op::Gt => ">",
                    Op::Ge => ">=",
                    Op::Plus | Op::TimestampPlus => "+",
                    Op::Minus | Op::TimestampMinus => "-",
                    Op::Times => "*",
                    Op::Divide => "/",
                    Op::And => "AND",
                    Op::Or => "OR",
                    Op::Not => "NOT",
                    Op::IsNull => "IS NULL",
                    Op::IsNotNull => "IS NOT NULL",
                    Op::IsNotDistinctFrom => "IS NOT DISTINCT FROM",
                    Op::IsDistinctFrom => "IS DISTINCT FROM",
                    Op::Embedding => "JOINLAB_EMBEDDING",
                    other => return format!("{}({})", format!("{:?}", other).to_ascii_uppercase(), a.join(", ")),
                };
                format!("{}({})", name, a.join(", "))
            }
            Expr::Case { whens, otherwise, .. } => {
                let mut parts = Vec::new();
                for (w, t) in whens {
                    parts.push(w.explain(names));
                    parts.push(t.explain(names));
                }
                parts.push(otherwise.explain(names));
                format!("CASE({})", parts.join(", "))
            }
        }
    }

    /// The text of Flink's "Optimized Execution Plan": SQL-like infix operators
    /// (`(a = b)`, `((x > 1) AND (y < 2))`, `'text'`); other calls as in [`Expr::explain`].
    pub fn explain_infix(&self, names: &[String]) -> String {
        match self {
            Expr::Literal { value: Value::String(s), .. } => format!("'{}'", s),
            Expr::Cast { expr, ty, .. } => format!("CAST({} AS {})", expr.explain_infix(names), ty.sql()),
            Expr::Call { op, args, .. } => {
                let a: Vec<String> = args.iter().map(|x| x.explain_infix(names)).collect();
                let bin = match op {
                    Op::Eq => Some("="),
                    Op::Ne => Some("<>"),
                    Op::Lt => Some("<"),
                    Op::Le => Some("<="),
                    Op::Gt => Some(">"),
                    Op::Ge => Some(">="),
                    Op::Plus | Op::TimestampPlus => Some("+"),
                    Op::Minus | Op::TimestampMinus => Some("-"),
                    Op::Times => Some("*"),
                    Op::Divide => Some("/"),
                    Op::And => Some("AND"),
                    Op::Or => Some("OR"),
                    _ => None,
                };
                match (bin, op) {
                    (Some(b), _) => format!("({})", a.join(&format!(" {} ", b))),
                    (None, Op::IsNull) => format!("({} IS NULL)", a.join(", ")),
                    (None, Op::IsNotNull) => format!("({} IS NOT NULL)", a.join(", ")),
                    (None, Op::Not) => format!("NOT({})", a.join(", ")),
                    _ => {
                        let mut inner = self.explain(names);
                        if let Some(open) = inner.find('(') {
                            inner.truncate(open);
                        }
                        format!("{}({})", inner, a.join(", "))
                    }
                }
            }
            Expr::Case { whens, otherwise, .. } => {
                let mut parts = Vec::new();
                for (w, t) in whens {
                    parts.push(w.explain_infix(names));
                    parts.push(t.explain_infix(names));
                }
                parts.push(otherwise.explain_infix(names));
                format!("CASE({})", parts.join(", "))
            }
            other => other.explain(names),
        }
    }
}
