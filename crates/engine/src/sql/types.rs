//! Flink's data type syntax (`STRING`, `TIMESTAMP_LTZ(3)`, `TIMESTAMP(3) WITH LOCAL TIME ZONE`,
//! `ARRAY<INT NOT NULL>`, `ROW<a INT, b STRING>`, …), read with sqlparser's token stream.
//!
//! Defaults as in Flink: `TIMESTAMP` is `TIMESTAMP(6)`, `TIME` is `TIME(0)`, `DECIMAL` is
//! `DECIMAL(10, 0)`, `CHAR`/`VARCHAR` without a length have length 1.

use sqlparser::ast::{DataType as SqlDataType, Ident, ObjectName};
use sqlparser::parser::{Parser, ParserError};
use sqlparser::tokenizer::Token;

use crate::types::{DataType, TimeAttr, TypeKind, MAX_LENGTH};

const MARKER: &str = "__joinlab_type";

fn word_upper(p: &Parser) -> Option<String> {
    match &p.peek_token_ref().token {
        Token::Word(w) if w.quote_style.is_none() => Some(w.value.to_ascii_uppercase()),
        _ => None,
    }
}

fn take_word(p: &mut Parser, w: &str) -> bool {
    if word_upper(p).as_deref() == Some(w) {
        p.next_token();
        true
    } else {
        false
    }
}

fn number(p: &mut Parser) -> Result<u64, ParserError> {
    let t = p.next_token();
    match &t.token {
        Token::Number(n, _) => {
            n.parse::<u64>().map_err(|_| ParserError::ParserError(format!("bad number {} at {}", n, t.span.start)))
        }
        _ => p.expected("a number", t),
    }
}

fn optional_len(p: &mut Parser) -> Result<Option<u64>, ParserError> {
    if p.consume_token(&Token::LParen) {
        let n = number(p)?;
        p.expect_token(&Token::RParen)?;
        Ok(Some(n))
    } else {
        Ok(None)
    }
}

fn angle_open(p: &mut Parser) -> Result<(), ParserError> {
    p.expect_token(&Token::Lt).map(|_| ())
}

/// Closes an `<…>`; a `>>` token closes two levels at once (`ARRAY<ARRAY<INT>>`), the second
/// one is remembered in `pending`.
fn angle_close(p: &mut Parser, pending: &mut u32) -> Result<(), ParserError> {
    if *pending > 0 {
        *pending -= 1;
        return Ok(());
    }
    let t = p.next_token();
    match t.token {
        Token::Gt => Ok(()),
        Token::ShiftRight => {
            *pending += 1;
            Ok(())
        }
        _ => p.expected(">", t),
    }
}

fn precision(p: &mut Parser, default: u8, max: u8) -> Result<u8, ParserError> {
    let v = optional_len(p)?.unwrap_or(default as u64);
    if v > max as u64 {
        return Err(ParserError::ParserError(format!("precision {} out of range 0..{}", v, max)));
    }
    Ok(v as u8)
}

/// Parses one Flink type, including a trailing `NOT NULL`.
pub fn parse_type(p: &mut Parser) -> Result<DataType, ParserError> {
    let mut pending = 0;
    let t = parse_type_inner(p, &mut pending)?;
    if pending > 0 {
        return p.expected("a data type", p.peek_token());
    }
    Ok(t)
}

fn parse_type_inner(p: &mut Parser, pending: &mut u32) -> Result<DataType, ParserError> {
    let start = p.peek_token();
    let Some(name) = word_upper(p) else { return p.expected("a data type", start) };
    p.next_token();
    let kind = match name.as_str() {
        "BOOLEAN" | "BOOL" => TypeKind::Boolean,
        "TINYINT" => TypeKind::TinyInt,
        "SMALLINT" => TypeKind::SmallInt,
        "INT" | "INTEGER" => TypeKind::Int,
        "BIGINT" => TypeKind::BigInt,
        "FLOAT" | "REAL" => TypeKind::Float,
        "DOUBLE" => {
            take_word(p, "PRECISION");
            TypeKind::Double
        }
        "DECIMAL" | "DEC" | "NUMERIC" => {
            let (mut pr, mut sc) = (10u64, 0u64);
            if p.consume_token(&Token::LParen) {
                pr = number(p)?;
                if p.consume_token(&Token::Comma) {
                    sc = number(p)?;
                }
                p.expect_token(&Token::RParen)?;
            }
            if !(1..=38).contains(&pr) || sc > pr {
                return Err(ParserError::ParserError(format!(
                    "Decimal precision must be between 1 and 38 and scale between 0 and precision, got DECIMAL({}, {})",
                    pr, sc
                )));
            }
            TypeKind::Decimal { precision: pr as u8, scale: sc as u8 }
        }
        "STRING" => TypeKind::VarChar { length: MAX_LENGTH },
        "BYTES" => TypeKind::VarBinary { length: MAX_LENGTH },
        "CHAR" | "CHARACTER" => {
            if take_word(p, "VARYING") {
                TypeKind::VarChar { length: optional_len(p)?.unwrap_or(1) as u32 }
            } else {
                TypeKind::Char { length: optional_len(p)?.unwrap_or(1) as u32 }
            }
        }
        "VARCHAR" => TypeKind::VarChar { length: optional_len(p)?.unwrap_or(1).min(MAX_LENGTH as u64) as u32 },
        "BINARY" => TypeKind::Binary { length: optional_len(p)?.unwrap_or(1) as u32 },
        "VARBINARY" => TypeKind::VarBinary { length: optional_len(p)?.unwrap_or(1).min(MAX_LENGTH as u64) as u32 },
        "DATE" => TypeKind::Date,
        "TIME" => {
            let pr = precision(p, 0, 9)?;
            if take_word(p, "WITHOUT") {
                take_word(p, "TIME");
                take_word(p, "ZONE");
            }
            TypeKind::Time { precision: pr }
        }
        "TIMESTAMP" => {
            let pr = precision(p, 6, 9)?;
            if take_word(p, "WITH") {
                if take_word(p, "LOCAL") {
                    if !(take_word(p, "TIME") && take_word(p, "ZONE")) {
                        return p.expected("TIME ZONE", p.peek_token());
                    }
                    TypeKind::TimestampLtz { precision: pr, attr: TimeAttr::None }
                } else {
                    return Err(ParserError::ParserError(
                        "TIMESTAMP WITH TIME ZONE is not supported by Flink; use TIMESTAMP_LTZ".into(),
                    ));
                }
            } else {
                if take_word(p, "WITHOUT") {
                    take_word(p, "TIME");
                    take_word(p, "ZONE");
                }
                TypeKind::Timestamp { precision: pr, attr: TimeAttr::None }
            }
        }
        "TIMESTAMP_LTZ" => TypeKind::TimestampLtz { precision: precision(p, 6, 9)?, attr: TimeAttr::None },
        "ARRAY" | "MULTISET" => {
            angle_open(p)?;
            let element = parse_type_inner(p, pending)?;
            angle_close(p, pending)?;
            if name == "MULTISET" {
                TypeKind::Multiset { element: Box::new(element) }
            } else {
                TypeKind::Array { element: Box::new(element) }
            }
        }
        "MAP" => {
            angle_open(p)?;
            let key = parse_type_inner(p, pending)?;
            p.expect_token(&Token::Comma)?;
            let value = parse_type_inner(p, pending)?;
            angle_close(p, pending)?;
            TypeKind::Map { key: Box::new(key), value: Box::new(value) }
        }
        "ROW" => {
            let close = if p.consume_token(&Token::Lt) {
                Token::Gt
            } else {
                p.expect_token(&Token::LParen)?;
                Token::RParen
            };
            let mut fields = Vec::new();
            loop {
                let f = p.parse_identifier()?;
                let t = parse_type_inner(p, pending)?;
                fields.push((f.value, t));
                if !p.consume_token(&Token::Comma) {
                    break;
                }
            }
            if close == Token::Gt {
                angle_close(p, pending)?;
            } else {
                p.expect_token(&Token::RParen)?;
            }
            TypeKind::Row { fields }
        }
        _ => {
            return Err(ParserError::ParserError(format!(
                "Unknown data type '{}' at Line: {}, Column: {}",
                name, start.span.start.line, start.span.start.column
            )))
        }
    };
    let mut t = DataType::nullable(kind);
    // postfix `ARRAY` (SQL standard form: INT ARRAY)
    while take_word(p, "ARRAY") {
        t = DataType::nullable(TypeKind::Array { element: Box::new(t) });
    }
    if *pending == 0
        && word_upper(p).as_deref() == Some("NOT")
        && matches!(&p.peek_nth_token_ref(1).token, Token::Word(w) if w.value.eq_ignore_ascii_case("NULL"))
    {
        p.next_token();
        p.next_token();
        t.nullable = false;
    }
    Ok(t)
}

/// Wraps a Flink type into sqlparser's AST (for CAST targets parsed through the dialect hook).
pub fn to_sql_type(t: &DataType) -> SqlDataType {
    SqlDataType::Custom(ObjectName::from(vec![Ident::new(MARKER), Ident::new(super::type_code::encode(t))]), vec![])
}

/// Reads back a type wrapped by [`to_sql_type`].
pub fn from_sql_type(t: &SqlDataType) -> Option<DataType> {
    if let SqlDataType::Custom(name, _) = t {
        let parts: Vec<String> = name.0.iter().filter_map(|p| p.as_ident().map(|i| i.value.clone())).collect();
        if parts.len() == 2 && parts[0] == MARKER {
            return super::type_code::decode(&parts[1]);
        }
    }
    None
}
