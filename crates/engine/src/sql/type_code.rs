//! A [`DataType`] written as a short string and read back, for the one place a type travels
//! through sqlparser's AST as text: a CAST target parsed by the dialect hook (sql/types.rs
//! `to_sql_type` / `from_sql_type`).
//!
//! This was `serde_json` both ways; reading JSON back into `DataType` (an internally tagged enum)
//! pulled serde's buffering deserializer into the page's wasm for this alone (about 50 KB before
//! wasm-opt). The code: one letter for the nullability (`n` nullable, `N` NOT NULL), the kind's
//! name, its numbers after `:`, a time attribute as `r` / `p`, children in `(…)`, and a ROW
//! field's name after a comma, with its length in bytes (`,5'price` then the field's type), so any name survives.

use crate::types::{DataType, TimeAttr, TypeKind};

/// The code of `t`.
pub fn encode(t: &DataType) -> String {
    let mut out = String::new();
    write(t, &mut out);
    out
}

fn write(t: &DataType, out: &mut String) {
    out.push(if t.nullable { 'n' } else { 'N' });
    let num = |out: &mut String, name: &str, n: u32| {
        out.push_str(name);
        out.push(':');
        out.push_str(&n.to_string());
    };
    let attr = |out: &mut String, a: TimeAttr| match a {
        TimeAttr::None => {}
        TimeAttr::Rowtime => out.push('r'),
        TimeAttr::Proctime => out.push('p'),
    };
    match &t.kind {
        TypeKind::Boolean => out.push_str("BOOLEAN"),
        TypeKind::TinyInt => out.push_str("TINYINT"),
        TypeKind::SmallInt => out.push_str("SMALLINT"),
        TypeKind::Int => out.push_str("INT"),
        TypeKind::BigInt => out.push_str("BIGINT"),
        TypeKind::Float => out.push_str("FLOAT"),
        TypeKind::Double => out.push_str("DOUBLE"),
        TypeKind::Decimal { precision, scale } => {
            num(out, "DECIMAL", u32::from(*precision));
            out.push(':');
            out.push_str(&scale.to_string());
        }
        TypeKind::Char { length } => num(out, "CHAR", *length),
        TypeKind::VarChar { length } => num(out, "VARCHAR", *length),
        TypeKind::Binary { length } => num(out, "BINARY", *length),
        TypeKind::VarBinary { length } => num(out, "VARBINARY", *length),
        TypeKind::Date => out.push_str("DATE"),
        TypeKind::Time { precision } => num(out, "TIME", u32::from(*precision)),
        TypeKind::Timestamp { precision, attr: a } => {
            num(out, "TIMESTAMP", u32::from(*precision));
            attr(out, *a);
        }
        TypeKind::TimestampLtz { precision, attr: a } => {
            num(out, "TIMESTAMP_LTZ", u32::from(*precision));
            attr(out, *a);
        }
        TypeKind::Array { element } => children(out, "ARRAY", &[element]),
        TypeKind::Map { key, value } => children(out, "MAP", &[key, value]),
        TypeKind::Multiset { element } => children(out, "MULTISET", &[element]),
        TypeKind::Row { fields } => {
            out.push_str("ROW(");
            for (name, t) in fields {
                out.push(',');
                out.push_str(&name.len().to_string());
                out.push('\'');
                out.push_str(name);
                write(t, out);
            }
            out.push(')');
        }
        TypeKind::IntervalDayTime => out.push_str("INTERVAL_DAY_TIME"),
        TypeKind::IntervalYearMonth => out.push_str("INTERVAL_YEAR_MONTH"),
        TypeKind::Null => out.push_str("NULL"),
        TypeKind::Descriptor => out.push_str("DESCRIPTOR"),
    }
}

fn children(out: &mut String, name: &str, ts: &[&DataType]) {
    out.push_str(name);
    out.push('(');
    for t in ts {
        write(t, out);
    }
    out.push(')');
}

/// The type a code stands for; `None` for anything [`encode`] does not write.
pub fn decode(code: &str) -> Option<DataType> {
    let mut r = Reader { s: code, at: 0 };
    let t = r.data_type()?;
    (r.at == code.len()).then_some(t)
}

struct Reader<'a> {
    s: &'a str,
    at: usize,
}

impl Reader<'_> {
    fn rest(&self) -> &str {
        self.s.get(self.at..).unwrap_or("")
    }

    fn eat(&mut self, c: char) -> bool {
        let yes = self.rest().starts_with(c);
        if yes {
            self.at += c.len_utf8();
        }
        yes
    }

    /// The kind's name: capital letters and underscores.
    fn name(&mut self) -> &str {
        let rest = self.rest();
        let n = rest.bytes().take_while(|b| b.is_ascii_uppercase() || *b == b'_').count();
        let start = self.at;
        self.at += n;
        self.s.get(start..start + n).unwrap_or("")
    }

    fn number(&mut self) -> Option<u32> {
        let rest = self.rest();
        let n = rest.bytes().take_while(u8::is_ascii_digit).count();
        let v = rest.get(..n)?.parse().ok()?;
        self.at += n;
        Some(v)
    }

    fn param(&mut self) -> Option<u32> {
        if self.eat(':') {
            self.number()
        } else {
            None
        }
    }

    fn small(&mut self) -> Option<u8> {
        u8::try_from(self.param()?).ok()
    }

    fn attr(&mut self) -> TimeAttr {
        if self.eat('r') {
            TimeAttr::Rowtime
        } else if self.eat('p') {
            TimeAttr::Proctime
        } else {
            TimeAttr::None
        }
    }

    fn child(&mut self) -> Option<Box<DataType>> {
        self.data_type().map(Box::new)
    }

    /// `(T)`: a collection's element type.
    fn only_child(&mut self) -> Option<Box<DataType>> {
        self.eat('(').then_some(())?;
        let element = self.child()?;
        self.eat(')').then_some(element)
    }

    fn data_type(&mut self) -> Option<DataType> {
        let nullable = if self.eat('n') {
            true
        } else if self.eat('N') {
            false
        } else {
            return None;
        };
        let kind = match self.name() {
            "BOOLEAN" => TypeKind::Boolean,
            "TINYINT" => TypeKind::TinyInt,
            "SMALLINT" => TypeKind::SmallInt,
            "INT" => TypeKind::Int,
            "BIGINT" => TypeKind::BigInt,
            "FLOAT" => TypeKind::Float,
            "DOUBLE" => TypeKind::Double,
            "DECIMAL" => TypeKind::Decimal { precision: self.small()?, scale: self.small()? },
            "CHAR" => TypeKind::Char { length: self.param()? },
            "VARCHAR" => TypeKind::VarChar { length: self.param()? },
            "BINARY" => TypeKind::Binary { length: self.param()? },
            "VARBINARY" => TypeKind::VarBinary { length: self.param()? },
            "DATE" => TypeKind::Date,
            "TIME" => TypeKind::Time { precision: self.small()? },
            "TIMESTAMP" => TypeKind::Timestamp { precision: self.small()?, attr: self.attr() },
            "TIMESTAMP_LTZ" => TypeKind::TimestampLtz { precision: self.small()?, attr: self.attr() },
            "ARRAY" => TypeKind::Array { element: self.only_child()? },
            "MAP" => {
                self.eat('(').then_some(())?;
                let key = self.child()?;
                let value = self.child()?;
                self.eat(')').then_some(TypeKind::Map { key, value })?
            }
            "MULTISET" => TypeKind::Multiset { element: self.only_child()? },
            "ROW" => {
                self.eat('(').then_some(())?;
                let mut fields = Vec::new();
                while !self.eat(')') {
                    self.eat(',').then_some(())?;
                    let len = self.number()? as usize;
                    self.eat('\'').then_some(())?;
                    let name = self.s.get(self.at..self.at + len)?.to_string();
                    self.at += len;
                    fields.push((name, self.data_type()?));
                }
                TypeKind::Row { fields }
            }
            "INTERVAL_DAY_TIME" => TypeKind::IntervalDayTime,
            "INTERVAL_YEAR_MONTH" => TypeKind::IntervalYearMonth,
            "NULL" => TypeKind::Null,
            "DESCRIPTOR" => TypeKind::Descriptor,
            _ => return None,
        };
        Some(DataType { kind, nullable })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn every_kind() -> Vec<TypeKind> {
        let int = DataType::not_null(TypeKind::Int);
        let s = DataType::string();
        vec![
            TypeKind::Boolean,
            TypeKind::TinyInt,
            TypeKind::SmallInt,
            TypeKind::Int,
            TypeKind::BigInt,
            TypeKind::Float,
            TypeKind::Double,
            TypeKind::Decimal { precision: 38, scale: 18 },
            TypeKind::Char { length: 1 },
            TypeKind::VarChar { length: crate::types::MAX_LENGTH },
            TypeKind::Binary { length: 7 },
            TypeKind::VarBinary { length: 2_000_000 },
            TypeKind::Date,
            TypeKind::Time { precision: 0 },
            TypeKind::Timestamp { precision: 3, attr: TimeAttr::None },
            TypeKind::Timestamp { precision: 9, attr: TimeAttr::Rowtime },
            TypeKind::TimestampLtz { precision: 3, attr: TimeAttr::Proctime },
            TypeKind::TimestampLtz { precision: 6, attr: TimeAttr::Rowtime },
            TypeKind::Array { element: Box::new(s.clone()) },
            TypeKind::Map {
                key: Box::new(int.clone()),
                value: Box::new(DataType::nullable(TypeKind::Array { element: Box::new(int.clone()) })),
            },
            TypeKind::Multiset { element: Box::new(s.clone()) },
            TypeKind::Row { fields: vec![] },
            TypeKind::Row {
                fields: vec![
                    ("a".into(), int.clone()),
                    ("weird' name)(N5".into(), s.clone()),
                    ("ünï".into(), DataType::nullable(TypeKind::Row { fields: vec![("".into(), int)] })),
                ],
            },
            TypeKind::IntervalDayTime,
            TypeKind::IntervalYearMonth,
            TypeKind::Null,
            TypeKind::Descriptor,
        ]
    }

    #[test]
    fn every_type_reads_back_as_itself() {
        for kind in every_kind() {
            for nullable in [true, false] {
                let t = DataType::new(kind.clone(), nullable);
                assert_eq!(decode(&encode(&t)), Some(t.clone()), "{}", encode(&t));
            }
        }
    }

    #[test]
    fn anything_else_is_none() {
        for bad in [
            "",
            "INT",
            "nINTEGER",
            "nINT)",
            "nDECIMAL:10",
            "nDECIMAL:300:2",
            "nROW(3'abnINT)",
            "nROW(9'abnINT)",
            "nARRAY(nINT",
            "nVARCHAR:",
            "nINTx",
        ] {
            assert_eq!(decode(bad), None, "{bad}");
        }
    }
}
