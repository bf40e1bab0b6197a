//! Flink SQL as sqlparser reads it: our own [`Dialect`] with hooks for what Flink has and the
//! generic dialect lacks.
//!
//! * identifiers may contain `$` (Confluent's `$rowtime`), delimited with backquotes;
//! * `TABLE t [PARTITION BY k | (k, …)] [ORDER BY k [ASC|DESC] | (k, …)]` as a function argument
//!   (windowing TVFs, PTFs) becomes a call of the marker function [`TABLE_ARG`];
//! * `MODEL m` (a model argument) becomes a call of the marker function [`MODEL_ARG`];
//! * `TIMESTAMP WITH LOCAL TIME ZONE '…'` literals become a call of [`LTZ_LITERAL`];
//! * data types are Flink's, see [`super::types`];
//! * `FOR SYSTEM_TIME AS OF` and `=>` named arguments are on.

use sqlparser::ast::{
    Expr, Function, FunctionArg, FunctionArgExpr, FunctionArgumentList, FunctionArguments, Ident, ObjectName,
    TypedString,
};
use sqlparser::dialect::Dialect;
use sqlparser::keywords::Keyword;
use sqlparser::parser::{Parser, ParserError};
use sqlparser::tokenizer::Token;

use crate::types::{DataType, TimeAttr, TypeKind};

/// Marker function name of a `TABLE t` argument; its first argument is the table name as a
/// compound identifier, then `__partition_by(k, …)` and `__order_by(k, …)` calls for its
/// `PARTITION BY` and `ORDER BY` clauses (a `DESC` key of ORDER BY is `__desc(k)`).
pub const TABLE_ARG: &str = "__table_arg";
/// Marker function name of a `MODEL name` argument (Flink 2.1+'s `ML_PREDICT(TABLE t, MODEL m,
/// …)`); its one argument is the model name as a compound identifier. Calcite reads `MODEL`
/// followed by an identifier as a model reference in any expression (oracle:
/// lookup_join/ml_predict_flink: `SELECT qid, model m FROM q` is rejected as "Object 'q.m' not
/// found").
pub const MODEL_ARG: &str = "__model_arg";
/// Marker function name of a `TIMESTAMP WITH LOCAL TIME ZONE '…'` literal.
pub const LTZ_LITERAL: &str = "__ltz_literal";

#[derive(Debug, Default, Clone, Copy)]
pub struct FlinkDialect;

fn call(name: &str, args: Vec<Expr>) -> Expr {
    Expr::Function(Function {
        name: ObjectName::from(vec![Ident::new(name)]),
        uses_odbc_syntax: false,
        parameters: FunctionArguments::None,
        args: FunctionArguments::List(FunctionArgumentList {
            duplicate_treatment: None,
            args: args.into_iter().map(|e| FunctionArg::Unnamed(FunctionArgExpr::Expr(e))).collect(),
            clauses: vec![],
        }),
        filter: None,
        null_treatment: None,
        over: None,
        within_group: vec![],
    })
}

fn is_word(t: &Token, w: &str) -> bool {
    matches!(t, Token::Word(x) if x.quote_style.is_none() && x.value.eq_ignore_ascii_case(w))
}

fn table_arg(parser: &mut Parser) -> Result<Expr, ParserError> {
    parser.next_token(); // TABLE
    let mut name: Vec<Ident> = vec![parser.parse_identifier()?];
    while parser.consume_token(&Token::Period) {
        name.push(parser.parse_identifier()?);
    }
    let mut args = vec![Expr::CompoundIdentifier(name)];
    if parser.parse_keywords(&[Keyword::PARTITION, Keyword::BY]) {
        let keys = if parser.consume_token(&Token::LParen) {
            let k = parser.parse_comma_separated(|p| p.parse_expr())?;
            parser.expect_token(&Token::RParen)?;
            k
        } else {
            // Calcite: `PARTITION BY k` or `PARTITION BY (k1, k2)`; a comma ends the argument
            vec![parser.parse_expr()?]
        };
        args.push(call("__partition_by", keys));
    }
    if parser.parse_keywords(&[Keyword::ORDER, Keyword::BY]) {
        // as PARTITION BY: `ORDER BY k [ASC|DESC]` or `ORDER BY (k1, k2)`; a comma ends the
        // argument. A DESC key becomes `__desc(k)` (the binder refuses it).
        let item = |p: &mut Parser| -> Result<Expr, ParserError> {
            let e = p.parse_expr()?;
            if p.parse_keyword(Keyword::DESC) {
                return Ok(call("__desc", vec![e]));
            }
            let _ = p.parse_keyword(Keyword::ASC);
            Ok(e)
        };
        let keys = if parser.consume_token(&Token::LParen) {
            let k = parser.parse_comma_separated(item)?;
            parser.expect_token(&Token::RParen)?;
            k
        } else {
            vec![item(parser)?]
        };
        args.push(call("__order_by", keys));
    }
    Ok(call(TABLE_ARG, args))
}

impl Dialect for FlinkDialect {
    fn is_identifier_start(&self, ch: char) -> bool {
        ch.is_alphabetic() || ch == '_' || ch == '$'
    }

    fn is_identifier_part(&self, ch: char) -> bool {
        ch.is_alphanumeric() || ch == '_' || ch == '$'
    }

    fn is_delimited_identifier_start(&self, ch: char) -> bool {
        ch == '`'
    }

    fn supports_named_fn_args_with_rarrow_operator(&self) -> bool {
        true
    }

    /// `SELECT /*+ MULTI_JOIN(a, b) STATE_TTL('a' = '1h') */ …` hints.
    fn supports_comment_optimizer_hint(&self) -> bool {
        true
    }

    fn supports_table_versioning(&self) -> bool {
        true
    }

    fn supports_boolean_literals(&self) -> bool {
        true
    }

    /// `COUNT(*) FILTER (WHERE …)`.
    fn supports_filter_during_aggregation(&self) -> bool {
        true
    }

    /// `GROUP BY GROUPING SETS (…)`, `ROLLUP (…)`, `CUBE (…)`.
    fn supports_group_by_expr(&self) -> bool {
        true
    }

    fn parse_prefix(&self, parser: &mut Parser) -> Option<Result<Expr, ParserError>> {
        let t0 = parser.peek_token_ref().token.clone();
        if let Token::Word(w) = &t0 {
            if w.keyword == Keyword::TABLE && w.quote_style.is_none() {
                if let Token::Word(_) = parser.peek_nth_token_ref(1).token {
                    return Some(table_arg(parser));
                }
                if let Token::LParen = parser.peek_nth_token_ref(1).token {
                    let t = parser.peek_nth_token(1);
                    return Some(Err(ParserError::ParserError(format!(
                        "Expected: identifier, found: ( at Line: {}, Column: {}",
                        t.span.start.line, t.span.start.column
                    ))));
                }
            }
            // MODEL m / MODEL c.d.m: a model reference
            if w.quote_style.is_none()
                && w.value.eq_ignore_ascii_case("MODEL")
                && matches!(&parser.peek_nth_token_ref(1).token,
                    Token::Word(n) if n.quote_style.is_some() || n.keyword == Keyword::NoKeyword)
            {
                return Some((|| {
                    parser.next_token(); // MODEL
                    let mut name: Vec<Ident> = vec![parser.parse_identifier()?];
                    while parser.consume_token(&Token::Period) {
                        name.push(parser.parse_identifier()?);
                    }
                    Ok(call(MODEL_ARG, vec![Expr::CompoundIdentifier(name)]))
                })());
            }
            // MAP[k1, v1, …]: a call of MAP (the generic parser reads it as a subscript)
            if w.quote_style.is_none()
                && w.value.eq_ignore_ascii_case("MAP")
                && matches!(parser.peek_nth_token_ref(1).token, Token::LBracket)
            {
                return Some((|| {
                    let name_tok = parser.next_token();
                    parser.expect_token(&Token::LBracket)?;
                    let args = if parser.consume_token(&Token::RBracket) {
                        Vec::new()
                    } else {
                        let a = parser.parse_comma_separated(|p| p.parse_expr())?;
                        parser.expect_token(&Token::RBracket)?;
                        a
                    };
                    let mut ident = Ident::new("MAP");
                    ident.span = name_tok.span;
                    let mut f = call("MAP", args);
                    if let Expr::Function(func) = &mut f {
                        func.name = ObjectName::from(vec![ident]);
                    }
                    Ok(f)
                })());
            }
            // DATE '…', TIME '…', TIMESTAMP '…'
            if w.quote_style.is_none()
                && matches!(w.keyword, Keyword::DATE | Keyword::TIME | Keyword::TIMESTAMP)
                && matches!(parser.peek_nth_token_ref(1).token, Token::SingleQuotedString(_))
            {
                let kind = w.keyword;
                return Some((|| {
                    parser.next_token();
                    let value = parser.parse_value()?;
                    let t = match kind {
                        Keyword::DATE => DataType::not_null(TypeKind::Date),
                        Keyword::TIME => DataType::not_null(TypeKind::Time { precision: 0 }),
                        _ => DataType::not_null(TypeKind::Timestamp { precision: 0, attr: TimeAttr::None }),
                    };
                    Ok(Expr::TypedString(TypedString {
                        data_type: super::types::to_sql_type(&t),
                        value,
                        uses_odbc_syntax: false,
                    }))
                })());
            }
            if w.keyword == Keyword::TIMESTAMP
                && is_word(&parser.peek_nth_token_ref(1).token, "WITH")
                && is_word(&parser.peek_nth_token_ref(2).token, "LOCAL")
            {
                return Some((|| {
                    parser.next_token();
                    parser.next_token();
                    parser.next_token();
                    parser.expect_keyword_is(Keyword::TIME)?;
                    parser.expect_keyword_is(Keyword::ZONE)?;
                    let lit = parser.parse_value()?;
                    Ok(call(LTZ_LITERAL, vec![Expr::Value(lit)]))
                })());
            }
        }
        None
    }

    fn parse_data_type(&self, parser: &mut Parser) -> Option<Result<sqlparser::ast::DataType, ParserError>> {
        Some(super::types::parse_type(parser).map(|t| super::types::to_sql_type(&t)))
    }
}
