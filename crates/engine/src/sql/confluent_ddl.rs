//! Confluent Cloud's own DDL, which sqlparser does not know (WAVE2-RESEARCH §2.1, §3):
//!
//! ```text
//! CREATE [OR REPLACE] CONNECTION [IF NOT EXISTS] name [COMMENT '…'] WITH ('type' = '…', …)
//! CREATE [OR REPLACE] MODEL [IF NOT EXISTS] name [INPUT (c type, …)] [OUTPUT (c type, …)]
//!     [COMMENT '…'] WITH ('provider' = '…', 'task' = '…', …)
//! ```
//!
//! A connection name may contain hyphens (`elastic-connection` in Confluent's docs example).

use sqlparser::parser::Parser;
use sqlparser::tokenizer::Token;

use crate::error::{Error, Pos, Result};
use crate::types::DataType;

use super::{expect_end, parse_error, pos, types, word_is, Statement};

/// `CREATE CONNECTION`.
#[derive(Clone, Debug)]
pub struct ConnectionDef {
    pub name: String,
    pub span: (Pos, Pos),
    pub or_replace: bool,
    pub if_not_exists: bool,
    pub options: Vec<(String, String)>,
    /// Where the WITH list starts (for errors about an option).
    pub with_span: (Pos, Pos),
}

/// `CREATE MODEL`.
#[derive(Clone, Debug)]
pub struct ModelDef {
    pub name: String,
    pub span: (Pos, Pos),
    pub inputs: Vec<(String, DataType)>,
    pub outputs: Vec<(String, DataType)>,
    pub options: Vec<(String, String)>,
    pub with_span: (Pos, Pos),
}

/// After `CREATE [OR REPLACE]`: `CONNECTION …` or `MODEL …`; None when the next word is neither.
pub(super) fn parse(p: &mut Parser, or_replace: bool) -> Option<Result<Statement>> {
    let t = p.peek_token();
    if word_is(&t.token, "CONNECTION") {
        p.next_token();
        return Some(connection(p, or_replace));
    }
    if word_is(&t.token, "MODEL") {
        p.next_token();
        return Some(model(p));
    }
    None
}

fn if_not_exists(p: &mut Parser) -> Result<bool> {
    if word_is(&p.peek_token_ref().token, "IF") {
        p.next_token();
        p.expect_keyword_is(sqlparser::keywords::Keyword::NOT).map_err(parse_error)?;
        p.expect_keyword_is(sqlparser::keywords::Keyword::EXISTS).map_err(parse_error)?;
        return Ok(true);
    }
    Ok(false)
}

/// A name: `a`, `a.b.c`, `a-b` (the last part is the name).
fn name(p: &mut Parser) -> Result<(String, (Pos, Pos))> {
    let mut text = String::new();
    let first = p.peek_token();
    let start = pos(first.span.start);
    let mut end;
    loop {
        let t = p.next_token();
        match &t.token {
            Token::Word(w) => text.push_str(&w.value),
            _ => {
                return Err(Error::parse(format!("SQL parse failed. Encountered \"{}\"", t.token))
                    .at(pos(t.span.start), pos(t.span.end)))
            }
        }
        end = pos(t.span.end);
        match p.peek_token_ref().token {
            Token::Minus => {
                p.next_token();
                text.push('-');
            }
            Token::Period => {
                p.next_token();
                text.clear();
            }
            _ => break,
        }
    }
    Ok((text, (start, end)))
}

fn comment(p: &mut Parser) -> Result<()> {
    if word_is(&p.peek_token_ref().token, "COMMENT") {
        p.next_token();
        p.parse_literal_string().map_err(parse_error)?;
    }
    Ok(())
}

/// The WITH list and where its keyword stands.
type WithList = (Vec<(String, String)>, (Pos, Pos));

fn with_options(p: &mut Parser) -> Result<WithList> {
    let t = p.peek_token();
    if !word_is(&t.token, "WITH") {
        return Err(Error::parse(format!("SQL parse failed. Encountered \"{}\", was expecting WITH", t.token))
            .at(pos(t.span.start), pos(t.span.end)));
    }
    p.next_token();
    let span = (pos(t.span.start), pos(t.span.end));
    p.expect_token(&Token::LParen).map_err(parse_error)?;
    let mut options = Vec::new();
    if !p.consume_token(&Token::RParen) {
        loop {
            let k = p.parse_literal_string().map_err(parse_error)?;
            p.expect_token(&Token::Eq).map_err(parse_error)?;
            let v = p.parse_literal_string().map_err(parse_error)?;
            options.push((k, v));
            if !p.consume_token(&Token::Comma) {
                break;
            }
        }
        p.expect_token(&Token::RParen).map_err(parse_error)?;
    }
    Ok((options, span))
}

fn connection(p: &mut Parser, or_replace: bool) -> Result<Statement> {
    let ine = if_not_exists(p)?;
    let (name, span) = name(p)?;
    comment(p)?;
    let (options, with_span) = with_options(p)?;
    expect_end(p)?;
    Ok(Statement::CreateConnection(ConnectionDef { name, span, or_replace, if_not_exists: ine, options, with_span }))
}

fn columns(p: &mut Parser) -> Result<Vec<(String, DataType)>> {
    p.expect_token(&Token::LParen).map_err(parse_error)?;
    let mut cols = Vec::new();
    loop {
        let n = p.parse_identifier().map_err(parse_error)?;
        let ty = types::parse_type(p).map_err(parse_error)?;
        cols.push((n.value, ty));
        if !p.consume_token(&Token::Comma) {
            break;
        }
    }
    p.expect_token(&Token::RParen).map_err(parse_error)?;
    Ok(cols)
}

fn model(p: &mut Parser) -> Result<Statement> {
    if_not_exists(p)?;
    let (name, span) = name(p)?;
    let mut inputs = Vec::new();
    let mut outputs = Vec::new();
    if word_is(&p.peek_token_ref().token, "INPUT") {
        p.next_token();
        inputs = columns(p)?;
    }
    if word_is(&p.peek_token_ref().token, "OUTPUT") {
        p.next_token();
        outputs = columns(p)?;
    }
    comment(p)?;
    let (options, with_span) = with_options(p)?;
    expect_end(p)?;
    Ok(Statement::CreateModel(ModelDef { name, span, inputs, outputs, options, with_span }))
}
