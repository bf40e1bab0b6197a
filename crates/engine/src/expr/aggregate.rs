//! Aggregate functions as Flink's planner types and names them (`AggFunctionFactory`,
//! `FlinkTypeSystem.deriveSumType / deriveAvgAggType`, Calcite's `ReturnTypes.AGG_SUM`); what
//! each computes, with and without retraction, is in [`crate::ops::aggregate::accumulators`].

use serde::Serialize;

use crate::types::{DataType, TypeKind};

/// An aggregate function.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum AggFunc {
    /// `COUNT(*)` / `COUNT(1)`: rows.
    Count1,
    /// `COUNT(x)`: non-NULL values.
    Count,
    Sum,
    Avg,
    Min,
    Max,
    FirstValue,
    LastValue,
    /// `LISTAGG(x [, 'sep'])`.
    ListAgg,
    /// `COLLECT(x)`: a MULTISET of the non-NULL values.
    Collect,
    /// `ARRAY_AGG(x)`: an ARRAY of the values (NULLs too) in arrival order.
    ArrayAgg,
}

impl AggFunc {
    /// The function a SQL name calls (COLLECT and the variance family are not run yet).
    pub fn from_name(name: &str) -> Option<AggFunc> {
        Some(match name {
            "COUNT" => AggFunc::Count,
            "SUM" => AggFunc::Sum,
            "AVG" => AggFunc::Avg,
            "MIN" => AggFunc::Min,
            "MAX" => AggFunc::Max,
            "FIRST_VALUE" => AggFunc::FirstValue,
            "LAST_VALUE" => AggFunc::LastValue,
            "LISTAGG" => AggFunc::ListAgg,
            "COLLECT" => AggFunc::Collect,
            "ARRAY_AGG" => AggFunc::ArrayAgg,
            _ => return None,
        })
    }

    /// Whether a SQL function name is an aggregate Flink knows (run or not).
    pub fn is_aggregate_name(name: &str) -> bool {
        AggFunc::from_name(name).is_some()
            || matches!(
                name,
                "COLLECT"
                    | "STDDEV"
                    | "STDDEV_POP"
                    | "STDDEV_SAMP"
                    | "VARIANCE"
                    | "VAR_POP"
                    | "VAR_SAMP"
                    | "APPROX_COUNT_DISTINCT"
                    | "ARRAY_AGG"
                    | "JSON_ARRAYAGG"
                    | "JSON_OBJECTAGG"
                    | "SUM0"
                    | "BIT_AND"
                    | "BIT_OR"
                    | "BIT_XOR"
                    | "BOOL_AND"
                    | "BOOL_OR"
                    | "EVERY"
                    | "SOME"
                    | "ANY_VALUE"
                    | "SINGLE_VALUE"
                    | "GROUPING"
                    | "GROUPING_ID"
            )
    }

    /// The name EXPLAIN prints (`COUNT`, `LISTAGG`; `_RETRACT` is added for retracting inputs).
    pub fn explain_name(self) -> &'static str {
        match self {
            AggFunc::Count1 | AggFunc::Count => "COUNT",
            AggFunc::Sum => "SUM",
            AggFunc::Avg => "AVG",
            AggFunc::Min => "MIN",
            AggFunc::Max => "MAX",
            AggFunc::FirstValue => "FIRST_VALUE",
            AggFunc::LastValue => "LAST_VALUE",
            AggFunc::ListAgg => "LISTAGG",
            AggFunc::Collect => "COLLECT",
            AggFunc::ArrayAgg => "ARRAY_AGG",
        }
    }

    /// The result type of the function over `arg` (None for `COUNT(*)`); `grouped` is false
    /// for an aggregation without GROUP BY (its group may be empty), `filtered` when a FILTER
    /// clause is attached. None when the argument type is not one the function takes.
    pub fn result_type(self, arg: Option<&DataType>, grouped: bool, filtered: bool) -> Option<DataType> {
        let may_be_empty = !grouped || filtered;
        let nullable = |t: &DataType| t.nullable || may_be_empty;
        Some(match self {
            AggFunc::Count1 | AggFunc::Count => DataType::not_null(TypeKind::BigInt),
            AggFunc::Sum => {
                let t = arg?;
                let kind = match &t.kind {
                    k if k.is_integer() || matches!(k, TypeKind::Float | TypeKind::Double) => k.clone(),
                    TypeKind::Decimal { scale, .. } => TypeKind::Decimal { precision: 38, scale: *scale },
                    _ => return None,
                };
                DataType::new(kind, nullable(t))
            }
            AggFunc::Avg => {
                let t = arg?;
                let kind = match &t.kind {
                    k if k.is_integer() || matches!(k, TypeKind::Float | TypeKind::Double) => k.clone(),
                    TypeKind::Decimal { scale, .. } => TypeKind::Decimal { precision: 38, scale: (*scale).max(6) },
                    _ => return None,
                };
                DataType::new(kind, nullable(t))
            }
            // (Calcite types MIN / MAX as their argument, a time attribute included)
            AggFunc::Min | AggFunc::Max => {
                let t = arg?;
                t.with_nullable(nullable(t))
            }
            AggFunc::FirstValue | AggFunc::LastValue => {
                let t = arg?;
                t.without_time_attr().with_nullable(nullable(t))
            }
            AggFunc::ListAgg => {
                let t = arg?;
                if !t.kind.is_character() {
                    return None;
                }
                // a global LISTAGG over a NOT NULL column stays NOT NULL (Flink's type inference)
                DataType::new(TypeKind::VarChar { length: crate::types::MAX_LENGTH }, t.nullable || filtered)
            }
            AggFunc::Collect => DataType::not_null(TypeKind::Multiset { element: Box::new(arg?.without_time_attr()) }),
            AggFunc::ArrayAgg => DataType::nullable(TypeKind::Array { element: Box::new(arg?.without_time_attr()) }),
        })
    }
}

/// One aggregate call of an aggregation: its function over input columns.
#[derive(Clone, Debug, PartialEq)]
pub struct AggCall {
    pub func: AggFunc,
    /// Input columns of the arguments (none for `COUNT(*)`; LISTAGG's separator is a constant
    /// column of the input, as in Flink's plan: `LISTAGG(s, $f2)`).
    pub args: Vec<usize>,
    pub distinct: bool,
    /// The BOOLEAN input column of its `FILTER (WHERE …)` clause.
    pub filter: Option<usize>,
    pub ty: DataType,
    /// Its output column's name (the select alias, `EXPR$n`, or `$fN`).
    pub name: String,
}
