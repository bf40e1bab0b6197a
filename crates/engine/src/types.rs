//! SQL types as Flink's planner derives and prints them.
//!
//! [`DataType::summary`] is Flink's `LogicalType#asSummaryString`, which the oracle prints in
//! its `== schema` line: `STRING` for `VARCHAR(2147483647)`, `DECIMAL(10, 2)`, `INT NOT NULL`,
//! `TIMESTAMP(3) NOT NULL *ROWTIME*`.

use serde::{Deserialize, Serialize};

/// `VARCHAR(2147483647)`, spelt `STRING`.
pub const MAX_LENGTH: u32 = 2_147_483_647;

/// Whether a timestamp column is a time attribute.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum TimeAttr {
    #[default]
    None,
    Rowtime,
    Proctime,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "root", rename_all = "SCREAMING_SNAKE_CASE")]
pub enum TypeKind {
    Boolean,
    TinyInt,
    SmallInt,
    Int,
    BigInt,
    Float,
    Double,
    Decimal {
        precision: u8,
        scale: u8,
    },
    Char {
        length: u32,
    },
    VarChar {
        length: u32,
    },
    Binary {
        length: u32,
    },
    VarBinary {
        length: u32,
    },
    Date,
    Time {
        precision: u8,
    },
    Timestamp {
        precision: u8,
        attr: TimeAttr,
    },
    TimestampLtz {
        precision: u8,
        attr: TimeAttr,
    },
    Array {
        element: Box<DataType>,
    },
    Map {
        key: Box<DataType>,
        value: Box<DataType>,
    },
    /// `MULTISET<T>`: its values are [`crate::value::Value::Map`]s of element → count (INT).
    Multiset {
        element: Box<DataType>,
    },
    Row {
        fields: Vec<(String, DataType)>,
    },
    /// `INTERVAL SECOND(3)`-like day-time intervals (milliseconds).
    IntervalDayTime,
    /// Year-month intervals (months).
    IntervalYearMonth,
    /// The type of a bare `NULL` literal before it is cast.
    Null,
    /// `DESCRIPTOR(col, ...)` in a TVF call.
    Descriptor,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct DataType {
    pub kind: TypeKind,
    pub nullable: bool,
}

impl DataType {
    pub fn new(kind: TypeKind, nullable: bool) -> DataType {
        DataType { kind, nullable }
    }
    pub fn nullable(kind: TypeKind) -> DataType {
        DataType { kind, nullable: true }
    }
    pub fn not_null(kind: TypeKind) -> DataType {
        DataType { kind, nullable: false }
    }
    pub fn string() -> DataType {
        DataType::nullable(TypeKind::VarChar { length: MAX_LENGTH })
    }
    pub fn boolean() -> DataType {
        DataType::nullable(TypeKind::Boolean)
    }
    pub fn with_nullable(&self, nullable: bool) -> DataType {
        DataType { kind: self.kind.clone(), nullable }
    }

    /// The same type without its time-attribute marker (Flink materializes time attributes
    /// where they stop being time attributes).
    pub fn without_time_attr(&self) -> DataType {
        let kind = match &self.kind {
            TypeKind::Timestamp { precision, .. } => {
                TypeKind::Timestamp { precision: *precision, attr: TimeAttr::None }
            }
            TypeKind::TimestampLtz { precision, .. } => {
                TypeKind::TimestampLtz { precision: *precision, attr: TimeAttr::None }
            }
            k => k.clone(),
        };
        DataType { kind, nullable: self.nullable }
    }

    pub fn time_attr(&self) -> TimeAttr {
        match &self.kind {
            TypeKind::Timestamp { attr, .. } | TypeKind::TimestampLtz { attr, .. } => *attr,
            _ => TimeAttr::None,
        }
    }

    pub fn is_rowtime(&self) -> bool {
        self.time_attr() == TimeAttr::Rowtime
    }

    pub fn with_time_attr(&self, attr: TimeAttr) -> DataType {
        let kind = match &self.kind {
            TypeKind::Timestamp { precision, .. } => TypeKind::Timestamp { precision: *precision, attr },
            TypeKind::TimestampLtz { precision, .. } => TypeKind::TimestampLtz { precision: *precision, attr },
            k => k.clone(),
        };
        DataType { kind, nullable: self.nullable }
    }

    /// Flink's `asSummaryString`.
    pub fn summary(&self) -> String {
        let (base, attr) = match &self.kind {
            TypeKind::Timestamp { precision, attr } => (format!("TIMESTAMP({})", precision), *attr),
            TypeKind::TimestampLtz { precision, attr } => (format!("TIMESTAMP_LTZ({})", precision), *attr),
            k => (k.summary(), TimeAttr::None),
        };
        let mut s = base;
        if !self.nullable {
            s.push_str(" NOT NULL");
        }
        match attr {
            TimeAttr::Rowtime => s.push_str(" *ROWTIME*"),
            TimeAttr::Proctime => s.push_str(" *PROCTIME*"),
            TimeAttr::None => {}
        }
        s
    }

    /// The SQL text of the type as a CAST target (Flink's `asSerializableString`, minus details).
    pub fn sql(&self) -> String {
        let mut s = match &self.kind {
            TypeKind::Timestamp { precision, .. } => format!("TIMESTAMP({})", precision),
            TypeKind::TimestampLtz { precision, .. } => format!("TIMESTAMP_LTZ({})", precision),
            k => k.summary(),
        };
        if !self.nullable {
            s.push_str(" NOT NULL");
        }
        s
    }
}

impl TypeKind {
    fn summary(&self) -> String {
        match self {
            TypeKind::Boolean => "BOOLEAN".into(),
            TypeKind::TinyInt => "TINYINT".into(),
            TypeKind::SmallInt => "SMALLINT".into(),
            TypeKind::Int => "INT".into(),
            TypeKind::BigInt => "BIGINT".into(),
            TypeKind::Float => "FLOAT".into(),
            TypeKind::Double => "DOUBLE".into(),
            TypeKind::Decimal { precision, scale } => format!("DECIMAL({}, {})", precision, scale),
            TypeKind::Char { length } => format!("CHAR({})", length),
            TypeKind::VarChar { length } if *length == MAX_LENGTH => "STRING".into(),
            TypeKind::VarChar { length } => format!("VARCHAR({})", length),
            TypeKind::Binary { length } => format!("BINARY({})", length),
            TypeKind::VarBinary { length } if *length == MAX_LENGTH => "BYTES".into(),
            TypeKind::VarBinary { length } => format!("VARBINARY({})", length),
            TypeKind::Date => "DATE".into(),
            TypeKind::Time { precision } => format!("TIME({})", precision),
            TypeKind::Timestamp { precision, .. } => format!("TIMESTAMP({})", precision),
            TypeKind::TimestampLtz { precision, .. } => format!("TIMESTAMP_LTZ({})", precision),
            TypeKind::Array { element } => format!("ARRAY<{}>", element.summary()),
            TypeKind::Map { key, value } => format!("MAP<{}, {}>", key.summary(), value.summary()),
            TypeKind::Multiset { element } => format!("MULTISET<{}>", element.summary()),
            TypeKind::Row { fields } => {
                let f: Vec<String> = fields.iter().map(|(n, t)| format!("`{}` {}", n, t.summary())).collect();
                format!("ROW<{}>", f.join(", "))
            }
            TypeKind::IntervalDayTime => "INTERVAL SECOND(3)".into(),
            TypeKind::IntervalYearMonth => "INTERVAL MONTH".into(),
            TypeKind::Null => "NULL".into(),
            TypeKind::Descriptor => "DESCRIPTOR".into(),
        }
    }

    pub fn is_integer(&self) -> bool {
        matches!(self, TypeKind::TinyInt | TypeKind::SmallInt | TypeKind::Int | TypeKind::BigInt)
    }
    pub fn is_numeric(&self) -> bool {
        self.is_integer() || matches!(self, TypeKind::Float | TypeKind::Double | TypeKind::Decimal { .. })
    }
    pub fn is_approx(&self) -> bool {
        matches!(self, TypeKind::Float | TypeKind::Double)
    }
    pub fn is_character(&self) -> bool {
        matches!(self, TypeKind::Char { .. } | TypeKind::VarChar { .. })
    }
    pub fn is_timestamp(&self) -> bool {
        matches!(self, TypeKind::Timestamp { .. } | TypeKind::TimestampLtz { .. })
    }
    pub fn is_datetime(&self) -> bool {
        self.is_timestamp() || matches!(self, TypeKind::Date | TypeKind::Time { .. })
    }

    /// Precision/scale of an exact numeric as Flink sees it in decimal arithmetic.
    pub fn as_decimal(&self) -> Option<(u8, u8)> {
        match self {
            TypeKind::TinyInt => Some((3, 0)),
            TypeKind::SmallInt => Some((5, 0)),
            TypeKind::Int => Some((10, 0)),
            TypeKind::BigInt => Some((19, 0)),
            TypeKind::Decimal { precision, scale } => Some((*precision, *scale)),
            _ => None,
        }
    }

    /// Rank of an integer type (TINYINT < SMALLINT < INT < BIGINT).
    pub fn int_rank(&self) -> Option<u8> {
        match self {
            TypeKind::TinyInt => Some(1),
            TypeKind::SmallInt => Some(2),
            TypeKind::Int => Some(3),
            TypeKind::BigInt => Some(4),
            _ => None,
        }
    }

    /// Whether two types belong to the same family for comparisons and unions.
    pub fn family(&self) -> u8 {
        match self {
            k if k.is_numeric() => 1,
            k if k.is_character() => 2,
            TypeKind::Boolean => 3,
            TypeKind::Date => 4,
            TypeKind::Time { .. } => 5,
            TypeKind::Timestamp { .. } => 6,
            TypeKind::TimestampLtz { .. } => 7,
            TypeKind::Array { .. } => 8,
            TypeKind::Map { .. } => 9,
            TypeKind::Row { .. } => 10,
            TypeKind::Multiset { .. } => 16,
            TypeKind::Binary { .. } | TypeKind::VarBinary { .. } => 11,
            TypeKind::IntervalDayTime => 12,
            TypeKind::IntervalYearMonth => 13,
            TypeKind::Null => 0,
            TypeKind::Descriptor => 14,
            _ => 15,
        }
    }
}

/// Calcite's rendering of a type in messages and plans (`INTEGER`, `VARCHAR(2147483647)`,
/// `TIMESTAMP(3) *ROWTIME*`).
pub fn calcite_name(t: &DataType) -> String {
    let base = match &t.kind {
        TypeKind::Int => "INTEGER".to_string(),
        TypeKind::VarChar { length } => format!("VARCHAR({})", length),
        TypeKind::Char { length } => format!("CHAR({})", length),
        TypeKind::Timestamp { precision, attr } => {
            let mut s = format!("TIMESTAMP({})", precision);
            if *attr == TimeAttr::Rowtime {
                s.push_str(" *ROWTIME*");
            }
            s
        }
        TypeKind::TimestampLtz { precision, attr } => {
            let mut s = format!("TIMESTAMP_WITH_LOCAL_TIME_ZONE({})", precision);
            if *attr == TimeAttr::Rowtime {
                s.push_str(" *ROWTIME*");
            }
            s
        }
        TypeKind::Array { element } => format!("{} ARRAY", calcite_name(element)),
        TypeKind::Multiset { element } => format!("{} MULTISET", calcite_name(element)),
        TypeKind::Map { key, value } => format!("({}, {}) MAP", calcite_name(key), calcite_name(value)),
        TypeKind::Row { fields } => {
            let f: Vec<String> = fields.iter().map(|(n, t)| format!("{} {}", calcite_name(t), n)).collect();
            format!("RecordType:peek_no_expand({})", f.join(", "))
        }
        k => k.summary(),
    };
    base
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn summaries_match_flink() {
        let cases = [
            (DataType::nullable(TypeKind::Int), "INT"),
            (DataType::not_null(TypeKind::Int), "INT NOT NULL"),
            (DataType::string(), "STRING"),
            (DataType::not_null(TypeKind::Char { length: 1 }), "CHAR(1) NOT NULL"),
            (DataType::nullable(TypeKind::Decimal { precision: 10, scale: 2 }), "DECIMAL(10, 2)"),
            (
                DataType::not_null(TypeKind::Timestamp { precision: 3, attr: TimeAttr::Rowtime }),
                "TIMESTAMP(3) NOT NULL *ROWTIME*",
            ),
            (
                DataType::nullable(TypeKind::TimestampLtz { precision: 3, attr: TimeAttr::Rowtime }),
                "TIMESTAMP_LTZ(3) *ROWTIME*",
            ),
            (
                DataType::nullable(TypeKind::Array { element: Box::new(DataType::not_null(TypeKind::Int)) }),
                "ARRAY<INT NOT NULL>",
            ),
        ];
        for (t, s) in cases {
            assert_eq!(t.summary(), s);
        }
    }
}
