//! Statements of a script, parsed with sqlparser and our Flink dialect. Spans are kept: every
//! AST node knows its line and column inside the statement.

pub mod confluent;
pub mod confluent_ddl;
pub mod depth;
pub mod dialect;
pub mod type_code;
pub mod types;
pub mod walk;

use sqlparser::ast::{Expr as SqlExpr, Query, Spanned};
use sqlparser::parser::{Parser, ParserError};
use sqlparser::tokenizer::{Location, Token};

use crate::error::{Error, Pos, Result};
use crate::types::DataType;
pub use dialect::FlinkDialect;

/// A column of `CREATE TABLE`.
#[derive(Clone, Debug)]
pub struct ColumnDef {
    pub name: String,
    pub span: (Pos, Pos),
    pub kind: ColumnDefKind,
    pub primary_key: bool,
}

#[derive(Clone, Debug)]
#[allow(clippy::large_enum_variant)] // parsed once per statement
pub enum ColumnDefKind {
    Physical(DataType),
    /// `name AS expr`
    Computed(SqlExpr),
    /// `name TYPE METADATA [FROM 'key'] [VIRTUAL]`
    Metadata {
        data_type: DataType,
        key: Option<String>,
        is_virtual: bool,
    },
}

#[derive(Clone, Debug)]
pub struct CreateTable {
    pub name: String,
    /// The name as written, in parts (`examples.marketplace.orders` → three).
    pub path: Vec<String>,
    pub name_span: (Pos, Pos),
    pub if_not_exists: bool,
    pub columns: Vec<ColumnDef>,
    /// `WATERMARK FOR column AS expr`
    pub watermark: Option<(String, (Pos, Pos), SqlExpr)>,
    pub primary_key: Option<(Vec<String>, (Pos, Pos))>,
    /// `WITH ('key' = 'value', …)`, in written order.
    pub options: Vec<(String, String)>,
}

#[derive(Clone, Debug)]
#[allow(clippy::large_enum_variant)] // parsed once per statement
pub enum Statement {
    Set {
        key: String,
        value: String,
    },
    Reset {
        key: Option<String>,
    },
    CreateTable(CreateTable),
    /// `CREATE [TEMPORARY] VIEW name [(columns)] AS query`.
    CreateView {
        name: String,
        name_span: (Pos, Pos),
        columns: Vec<String>,
        query: Box<Query>,
    },
    Insert(Box<sqlparser::ast::Insert>),
    Query(Box<Query>),
    /// `EXPLAIN [detail, …] query`
    Explain {
        details: Vec<String>,
        query: Box<Query>,
    },
    Describe {
        table: String,
        span: (Pos, Pos),
    },
    Show(String),
    /// `USE CATALOG c` (`catalog`) or `USE [c.]db`.
    Use {
        catalog: bool,
        parts: Vec<String>,
    },
    /// `CREATE [TEMPORARY] FUNCTION name AS 'class' [LANGUAGE JAVA] [USING JAR '…']`: binds a
    /// built-in process table function by `name` (the class is not loaded; see `ops::ptf`).
    CreateFunction {
        name: String,
        class: String,
        /// The `USING JAR '…'` URIs.
        jars: Vec<String>,
        span: (Pos, Pos),
    },
    /// Confluent's `CREATE CONNECTION` (see `confluent_ddl`).
    CreateConnection(confluent_ddl::ConnectionDef),
    /// Confluent's `CREATE MODEL` (see `confluent_ddl`).
    CreateModel(confluent_ddl::ModelDef),
    /// `DROP TABLE t`, `ALTER TABLE t …` (JoinLab only rejects them).
    Modify {
        verb: String,
        table: Vec<String>,
        span: (Pos, Pos),
    },
}

/// A table name as written, as the catalog knows it: `t` for `t`,
/// `default_database.t` and `default_catalog.default_database.t`; the dotted path otherwise
/// (`examples.marketplace.orders`). Also whether the name was qualified at all.
pub fn table_path(name: &sqlparser::ast::ObjectName) -> (String, Vec<String>) {
    let parts: Vec<String> = name.0.iter().filter_map(|p| p.as_ident().map(|i| i.value.clone())).collect();
    let local = match parts.iter().map(|s| s.as_str()).collect::<Vec<_>>().as_slice() {
        ["default_catalog", "default_database", t] | ["default_database", t] | [t] => Some(t.to_string()),
        _ => None,
    };
    (local.unwrap_or_else(|| parts.join(".")), parts)
}

pub fn pos(l: Location) -> Pos {
    Pos { line: l.line as usize, col: l.column as usize }
}

pub fn ident_span(i: &sqlparser::ast::Ident) -> (Pos, Pos) {
    (pos(i.span.start), pos(i.span.end))
}

pub fn span_of(node: &impl Spanned) -> (Pos, Pos) {
    let s = node.span();
    (pos(s.start), pos(s.end))
}

/// `SELECT FROM t`: Calcite's parser stops at the keyword where an expression was expected.
fn empty_select_list(sql: &str) -> Result<()> {
    static DIALECT: FlinkDialect = FlinkDialect;
    let Ok(tokens) = sqlparser::tokenizer::Tokenizer::new(&DIALECT, sql).tokenize_with_location() else {
        return Ok(());
    };
    let toks: Vec<_> = tokens.iter().filter(|t| !matches!(t.token, Token::Whitespace(_))).collect();
    for w in toks.windows(2) {
        if word_is(&w[0].token, "SELECT") && word_is(&w[1].token, "FROM") {
            let p = pos(w[1].span.start);
            return Err(Error::parse(format!(
                "SQL parse failed. Incorrect syntax near the keyword 'FROM' at line {}, column {}.",
                p.line, p.col
            ))
            .at(p, pos(w[1].span.end)));
        }
    }
    Ok(())
}

/// Turns sqlparser's error text into Flink's `SqlParserException` form, keeping the position.
pub fn parse_error(e: ParserError) -> Error {
    let text = match e {
        ParserError::TokenizerError(s) | ParserError::ParserError(s) => s,
        ParserError::RecursionLimitExceeded => "statement nested too deeply: more levels of parentheses, subqueries or operators than 'joinlab.limit.nesting-depth' allows".to_string(),
    };
    let text = text.trim_start_matches("sql parser error: ").to_string();
    let mut err_pos = None;
    let mut clean = text.clone();
    if let Some(i) = text.rfind(" at Line: ") {
        let tail = &text[i + 10..];
        let mut it = tail.split(", Column: ");
        if let (Some(l), Some(c)) = (it.next(), it.next()) {
            let c: String = c.chars().take_while(|x| x.is_ascii_digit()).collect();
            if let (Ok(l), Ok(c)) = (l.trim().parse::<usize>(), c.parse::<usize>()) {
                err_pos = Some(Pos { line: l, col: c });
                clean = text[..i].to_string();
            }
        }
    }
    // sqlparser says "Expected: X, found: Y"; Calcite says: Encountered "Y" at line L, column C.
    let found = clean.rsplit_once("found: ").map(|(_, f)| f.trim().to_string());
    let expected = clean.strip_prefix("Expected: ").and_then(|x| x.split_once(", found:")).map(|(e, _)| e.to_string());
    let msg = match (&found, err_pos) {
        (Some(f), Some(p)) => {
            let tok = if f == "EOF" { "<EOF>".to_string() } else { f.trim_matches('\'').to_string() };
            let mut m = format!("SQL parse failed. Encountered \"{}\" at line {}, column {}.", tok, p.line, p.col);
            if let Some(x) = expected {
                m.push_str(&format!("\nWas expecting: {}", x));
            }
            m
        }
        (_, Some(p)) => format!("SQL parse failed. {} at line {}, column {}", clean, p.line, p.col),
        _ => format!("SQL parse failed. {}", clean),
    };
    let err = Error::parse(msg);
    match err_pos {
        Some(p) => err.at(p, p),
        None => err,
    }
}

/// Statements Flink's SQL parser knows (JoinLab runs some of them).
const FLINK_STATEMENTS: [&str; 22] = [
    "DROP", "ALTER", "USE", "LOAD", "UNLOAD", "ADD", "REMOVE", "EXECUTE", "BEGIN", "END", "ANALYZE", "TRUNCATE",
    "DELETE", "UPDATE", "CALL", "COMPILE", "STOP", "REPLACE", "CREATE", "SHOW", "DESCRIBE", "DESC",
];

fn first_word(sql: &str) -> String {
    sql.trim_start().chars().take_while(|c| c.is_ascii_alphabetic()).collect::<String>().to_ascii_uppercase()
}

fn parser_for(sql: &str, depth: Nesting) -> Result<Parser<'static>> {
    static DIALECT: FlinkDialect = FlinkDialect;
    if let Ok(tokens) = sqlparser::tokenizer::Tokenizer::new(&DIALECT, sql).tokenize_with_location() {
        if let Some(at) = depth::deeper_than(&tokens, depth.expression) {
            let p = pos(at);
            return Err(Error::parse(format!(
                "expression nested too deeply: more than {} levels of operators and parentheses (the limit 'joinlab.limit.expression-depth' is {}; SET it before this statement to raise it, to at most {})",
                depth.expression, depth.expression, crate::limits::MAX_EXPRESSION_DEPTH
            ))
            .with_class(crate::limits::CLASS)
            .at(p, p));
        }
        check_interval_units(&tokens)?;
    }
    Parser::new(&DIALECT).with_recursion_limit(depth.parser).try_with_sql(sql).map_err(parse_error)
}

/// Flink's parser knows only these interval units after `INTERVAL '…'` (sqlparser also takes
/// MILLISECOND & co.): `INTERVAL '500' MILLISECOND` is a SqlParserException at the unit.
const FLINK_INTERVAL_UNITS: [&str; 16] = [
    "DAY", "DAYS", "HOUR", "HOURS", "MINUTE", "MINUTES", "MONTH", "MONTHS", "QUARTER", "QUARTERS", "SECOND", "SECONDS",
    "WEEK", "WEEKS", "YEAR", "YEARS",
];

thread_local! {
    /// Each INTERVAL literal of the statement last parsed on this thread: (its value's start,
    /// the whole literal from `INTERVAL` to the end of its unit), for Calcite's positions.
    static INTERVAL_SPANS: std::cell::RefCell<Vec<(Pos, (Pos, Pos))>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// The span of the whole `INTERVAL '…' UNIT[(p)] [TO UNIT]` literal whose value starts at
/// `value_start` (sqlparser's span covers the value only).
pub fn interval_span(value_start: Pos) -> Option<(Pos, Pos)> {
    INTERVAL_SPANS.with(|v| v.borrow().iter().find(|(s, _)| *s == value_start).map(|(_, span)| *span))
}

fn record_interval_spans(toks: &[&sqlparser::tokenizer::TokenWithSpan]) {
    let mut spans = Vec::new();
    for (i, t) in toks.iter().enumerate() {
        if !word_is(&t.token, "INTERVAL") {
            continue;
        }
        let mut j = i + 1;
        if matches!(toks.get(j).map(|t| &t.token), Some(Token::Minus | Token::Plus)) {
            j += 1;
        }
        let Some(value) = toks.get(j) else { continue };
        let mut end = value.span.end;
        let mut k = j + 1;
        // UNIT [(p [, q])] [TO UNIT [(q)]]
        while let Some(tok) = toks.get(k) {
            match &tok.token {
                Token::Word(w)
                    if w.quote_style.is_none()
                        && (FLINK_INTERVAL_UNITS.contains(&w.value.to_ascii_uppercase().as_str())
                            || w.value.eq_ignore_ascii_case("TO")) =>
                {
                    end = tok.span.end;
                    k += 1;
                }
                Token::LParen => {
                    let close = (k..toks.len()).find(|&m| matches!(toks[m].token, Token::RParen));
                    match close {
                        Some(m) => {
                            end = toks[m].span.end;
                            k = m + 1;
                        }
                        None => break,
                    }
                }
                _ => break,
            }
        }
        spans.push((pos(value.span.start), (pos(t.span.start), pos(end))));
    }
    INTERVAL_SPANS.with(|v| *v.borrow_mut() = spans);
}

thread_local! {
    /// Each `(` of the statement last parsed on this thread with the end of its matching `)`.
    static PARENS: std::cell::RefCell<Vec<(Pos, Pos)>> = const { std::cell::RefCell::new(Vec::new()) };
    /// Each `JOIN` keyword of the statement last parsed on this thread (start, end).
    static JOINS: std::cell::RefCell<Vec<(Pos, Pos)>> = const { std::cell::RefCell::new(Vec::new()) };
}

fn record_parens(toks: &[&sqlparser::tokenizer::TokenWithSpan]) {
    let mut open: Vec<Pos> = Vec::new();
    let mut pairs = Vec::new();
    let joins: Vec<(Pos, Pos)> =
        toks.iter().filter(|t| word_is(&t.token, "JOIN")).map(|t| (pos(t.span.start), pos(t.span.end))).collect();
    JOINS.with(|v| *v.borrow_mut() = joins);
    for t in toks {
        match t.token {
            Token::LParen => open.push(pos(t.span.start)),
            Token::RParen => {
                if let Some(o) = open.pop() {
                    pairs.push((o, pos(t.span.end)));
                }
            }
            _ => {}
        }
    }
    crate::sort::sort_by_key(&mut pairs, |(o, _)| *o);
    PARENS.with(|v| *v.borrow_mut() = pairs);
}

/// A call's argument list (empty for `f` without parentheses or with a subquery).
pub fn list_args(f: &sqlparser::ast::Function) -> &[sqlparser::ast::FunctionArg] {
    match &f.args {
        sqlparser::ast::FunctionArguments::List(l) => &l.args,
        _ => &[],
    }
}

/// The span of a function call from its name to its closing `)` (sqlparser's ends with the
/// last argument; Calcite's positions include the parenthesis).
pub fn call_span(f: &sqlparser::ast::Function) -> (Pos, Pos) {
    let (start, end) = span_of(f);
    let name_end = f.name.0.last().and_then(|p| p.as_ident()).map(|i| pos(i.span.end)).unwrap_or(start);
    PARENS
        .with(|v| v.borrow().iter().find(|(o, _)| *o >= name_end).map(|(_, close)| (start, *close)))
        .filter(|(_, close)| *close >= end)
        .unwrap_or((start, end))
}

/// Indexes the positions of `sql` that sqlparser's spans leave out (whole INTERVAL literals,
/// closing parentheses of calls), for errors raised while it is bound. Parsing a statement
/// indexes it; a query planned after other statements were parsed indexes it again.
pub fn index_positions(sql: &str) {
    static DIALECT: FlinkDialect = FlinkDialect;
    if let Ok(tokens) = sqlparser::tokenizer::Tokenizer::new(&DIALECT, sql).tokenize_with_location() {
        let toks: Vec<_> = tokens.iter().filter(|t| !matches!(t.token, Token::Whitespace(_))).collect();
        record_interval_spans(&toks);
        record_parens(&toks);
    }
}

fn check_interval_units(tokens: &[sqlparser::tokenizer::TokenWithSpan]) -> Result<()> {
    let toks: Vec<_> = tokens.iter().filter(|t| !matches!(t.token, Token::Whitespace(_))).collect();
    record_interval_spans(&toks);
    record_parens(&toks);
    for (i, t) in toks.iter().enumerate() {
        if !word_is(&t.token, "INTERVAL") {
            continue;
        }
        let mut j = i + 1;
        if matches!(toks.get(j).map(|t| &t.token), Some(Token::Minus | Token::Plus)) {
            j += 1;
        }
        if !matches!(toks.get(j).map(|t| &t.token), Some(Token::SingleQuotedString(_) | Token::Number(..))) {
            continue;
        }
        let Some(unit) = toks.get(j + 1) else { continue };
        let Token::Word(w) = &unit.token else { continue };
        let up = w.value.to_ascii_uppercase();
        if w.quote_style.is_none()
            && ["MILLISECOND", "MILLISECONDS", "MICROSECOND", "MICROSECONDS", "NANOSECOND", "NANOSECONDS"]
                .contains(&up.as_str())
        {
            let p = pos(unit.span.start);
            let expecting: String = FLINK_INTERVAL_UNITS.iter().map(|u| format!("\n    \"{}\" ...", u)).collect();
            let msg = format!(
                "SQL parse failed. Encountered \"{}\" at line {}, column {}.\nWas expecting one of:{}",
                w.value, p.line, p.col, expecting
            );
            return Err(Error::parse(msg).at(p, pos(unit.span.end)));
        }
    }
    Ok(())
}

pub(crate) fn word_is(t: &Token, w: &str) -> bool {
    matches!(t, Token::Word(x) if x.quote_style.is_none() && x.value.eq_ignore_ascii_case(w))
}

/// `SET 'key' = 'value'` as the oracle reads it.
fn parse_set(sql: &str) -> Option<(String, String)> {
    let rest = sql.trim();
    let rest = rest.get(3..)?;
    if !rest.starts_with(char::is_whitespace) {
        return None;
    }
    let rest = rest.trim_start().strip_prefix('\'')?;
    let (key, rest) = rest.split_once('\'')?;
    let rest = rest.trim_start().strip_prefix('=')?.trim_start().strip_prefix('\'')?;
    let value = rest.strip_suffix('\'')?;
    if value.contains('\'') || key.is_empty() {
        return None;
    }
    Some((key.to_string(), value.to_string()))
}

/// The position just after the last character of a text (where "found: EOF" points).
fn end_pos(sql: &str) -> Pos {
    let line = sql.matches('\n').count() + 1;
    let last = sql.rsplit('\n').next().unwrap_or("");
    Pos { line, col: last.chars().count() + 1 }
}

fn second_word(sql: &str) -> String {
    sql.split_whitespace().nth(1).unwrap_or("").to_string()
}

/// Parses one statement of the script, nested at most as deep as the default
/// `joinlab.limit.nesting-depth` ([`crate::limits`]).
pub fn parse_statement(sql: &str) -> Result<Statement> {
    parse_statement_nested(sql, Nesting::default())
}

/// How deeply a statement may nest ([`crate::limits`]): `nesting-depth` (the parser's
/// recursion: parentheses, subqueries) and `expression-depth` ([`depth`]: chained operators too).
#[derive(Clone, Copy, Debug)]
pub struct Nesting {
    pub parser: usize,
    pub expression: usize,
}

impl Default for Nesting {
    fn default() -> Self {
        let v = |name: &str| crate::limits::Limits::at_most(crate::limits::value(name, &|_| None).unwrap_or(50));
        Nesting { parser: v("nesting-depth"), expression: v("expression-depth") }
    }
}

/// Parses one statement, nested at most `depth` levels deep (parentheses, subqueries, operators).
pub fn parse_statement_nested(sql: &str, depth: Nesting) -> Result<Statement> {
    parse_statement_inner(sql, depth).map_err(|e| {
        if e.message.contains("statement nested too deeply") {
            let width = sql.trim_start().lines().next().map(|l| l.chars().count()).unwrap_or(1).max(1);
            let lead = &sql[..sql.len() - sql.trim_start().len()];
            let p = end_pos(lead);
            return Error::parse(format!(
                "statement nested too deeply: more than {} levels of parentheses, subqueries or operators (the limit 'joinlab.limit.nesting-depth' is {}; SET it before this statement to raise it, to at most {})",
                depth.parser, depth.parser, crate::limits::MAX_NESTING_DEPTH
            ))
            .with_class(crate::limits::CLASS)
            .at(p, Pos { line: p.line, col: p.col + width - 1 });
        }
        if e.stmt_span.is_none() && e.message.contains("found: EOF") {
            let mut p = end_pos(sql);
            p.col = p.col.saturating_sub(1).max(1);
            let expected = e
                .message
                .split_once("Expected: ")
                .and_then(|(_, x)| x.split_once(", found:"))
                .map(|(x, _)| format!("\nWas expecting: {}", x))
                .unwrap_or_default();
            let mut e2 =
                Error::parse(format!("Encountered \"<EOF>\" at line {}, column {}.{}", p.line, p.col, expected))
                    .with_class("org.apache.flink.table.api.SqlParserEOFException");
            e2 = e2.at(p, p);
            e2
        } else if let Some((word, feature)) =
            UNREAD_FEATURES.iter().find(|(w, _)| e.message.contains(&format!("Encountered \"{}\"", w)))
        {
            // valid Flink SQL that JoinLab's parser does not read: a refusal, never a parse error
            let mut r = Error::unsupported(format!("{} ({})", word, feature));
            if let Some((s, _)) = e.stmt_span {
                r = r.at(s, Pos { line: s.line, col: s.col + word.len() - 1 });
            }
            r
        } else {
            e
        }
    })
}

/// Flink SQL clauses JoinLab's parser does not read, and the feature in a user's words.
const UNREAD_FEATURES: [(&str, &str); 1] = [("MATCH_RECOGNIZE", "row pattern recognition, Flink's CEP in SQL")];

fn parse_statement_inner(sql: &str, depth: Nesting) -> Result<Statement> {
    let kw = first_word(sql);
    match kw.as_str() {
        "SET" => {
            if sql.trim().eq_ignore_ascii_case("SET") {
                return Err(Error::unsupported("SET without a key (listing the settings)"));
            }
            parse_set(sql).map(|(key, value)| Statement::Set { key, value }).ok_or_else(|| {
                Error::parse(format!(
                    "SQL parse failed. SET must be written SET 'key' = 'value' (both in single quotes): {}",
                    sql.trim()
                ))
                .at(Pos { line: 1, col: 1 }, Pos { line: 1, col: 3 })
            })
        }
        "RESET" => {
            let rest = sql.trim()[5..].trim();
            let key = rest.trim_matches('\'');
            Ok(Statement::Reset { key: if key.is_empty() { None } else { Some(key.to_string()) } })
        }
        "CREATE" => {
            let mut p = parser_for(sql, depth)?;
            parse_create(&mut p)
        }
        "EXPLAIN" => {
            let mut p = parser_for(sql, depth)?;
            p.next_token();
            let mut details = Vec::new();
            if word_is(&p.peek_token_ref().token, "PLAN") && word_is(&p.peek_nth_token_ref(1).token, "FOR") {
                p.next_token();
                p.next_token();
            }
            loop {
                let t = p.peek_token_ref().token.clone();
                let d = ["ESTIMATED_COST", "CHANGELOG_MODE", "JSON_EXECUTION_PLAN", "PLAN_ADVICE"]
                    .iter()
                    .find(|d| word_is(&t, d));
                match d {
                    Some(d) => {
                        details.push(d.to_string());
                        p.next_token();
                        if !p.consume_token(&Token::Comma) {
                            break;
                        }
                    }
                    None => break,
                }
            }
            let query = p.parse_query().map_err(parse_error)?;
            expect_end(&mut p)?;
            Ok(Statement::Explain { details, query })
        }
        "DESCRIBE" | "DESC" => {
            let mut p = parser_for(sql, depth)?;
            p.next_token();
            let name = p.parse_object_name(false).map_err(parse_error)?;
            expect_end(&mut p)?;
            let span = span_of(&name);
            let (table, _) = table_path(&name);
            Ok(Statement::Describe { table, span })
        }
        "SHOW" => Ok(Statement::Show(sql.trim()[4..].trim().to_string())),
        "USE" => {
            let mut p = parser_for(sql, depth)?;
            p.next_token();
            let catalog = word_is(&p.peek_token_ref().token, "CATALOG");
            if catalog {
                p.next_token();
            }
            let name = p.parse_object_name(false).map_err(parse_error)?;
            expect_end(&mut p)?;
            let parts = name.0.iter().filter_map(|x| x.as_ident().map(|i| i.value.clone())).collect();
            Ok(Statement::Use { catalog, parts })
        }
        "DROP" | "ALTER" if second_word(sql).eq_ignore_ascii_case("TABLE") => {
            let mut p = parser_for(sql, depth)?;
            p.next_token();
            p.next_token();
            if word_is(&p.peek_token_ref().token, "IF") {
                p.next_token();
                p.next_token();
            }
            let name = p.parse_object_name(false).map_err(parse_error)?;
            let span = span_of(&name);
            let table = name.0.iter().filter_map(|x| x.as_ident().map(|i| i.value.clone())).collect();
            Ok(Statement::Modify { verb: kw.clone(), table, span })
        }
        "INSERT" => {
            let mut p = parser_for(sql, depth)?;
            // straight to INSERT (the general statement parser would bring all of sqlparser's
            // statements into the page's wasm)
            let insert_token = p.next_token();
            let st = p.parse_insert(insert_token).map_err(parse_error)?;
            expect_end(&mut p)?;
            match st {
                sqlparser::ast::Statement::Insert(i) => Ok(Statement::Insert(Box::new(i))),
                _ => Err(Error::unsupported("this INSERT form")),
            }
        }
        "SELECT" | "WITH" | "VALUES" | "" => {
            empty_select_list(sql)?;
            let mut p = parser_for(sql, depth)?;
            let q = p.parse_query().map_err(parse_error)?;
            expect_end(&mut p)?;
            Ok(Statement::Query(q))
        }
        other if FLINK_STATEMENTS.contains(&other) => Err(Error::unsupported(format!("the {} statement", other))
            .at(Pos { line: 1, col: 1 }, Pos { line: 1, col: other.len().max(1) })),
        _ => Err(Error::parse("SQL parse failed. Non-query expression encountered in illegal context").caused_by(
            "org.apache.calcite.sql.parser.SqlParseException: Non-query expression encountered in illegal context",
        )),
    }
}

fn expect_end(p: &mut Parser) -> Result<()> {
    let t = p.peek_token();
    match t.token {
        Token::EOF => Ok(()),
        Token::SemiColon => Ok(()),
        _ => Err(parse_error(ParserError::ParserError(format!(
            "Expected: end of statement, found: {} at Line: {}, Column: {}",
            t.token, t.span.start.line, t.span.start.column
        )))),
    }
}

fn parse_create(p: &mut Parser) -> Result<Statement> {
    p.next_token(); // CREATE
    let or_replace = word_is(&p.peek_token_ref().token, "OR") && word_is(&p.peek_nth_token_ref(1).token, "REPLACE");
    if or_replace {
        p.next_token();
        p.next_token();
    }
    if let Some(st) = confluent_ddl::parse(p, or_replace) {
        return st;
    }
    if word_is(&p.peek_token_ref().token, "TEMPORARY") {
        p.next_token();
    }
    let t = p.peek_token();
    if word_is(&t.token, "VIEW") {
        p.next_token();
        let name = p.parse_object_name(false).map_err(parse_error)?;
        let name_span = span_of(&name);
        let (view, _) = table_path(&name);
        let mut columns = Vec::new();
        if p.consume_token(&Token::LParen) {
            loop {
                columns.push(p.parse_identifier().map_err(parse_error)?.value);
                if !p.consume_token(&Token::Comma) {
                    break;
                }
            }
            p.expect_token(&Token::RParen).map_err(parse_error)?;
        }
        p.expect_keyword_is(sqlparser::keywords::Keyword::AS).map_err(parse_error)?;
        let query = p.parse_query().map_err(parse_error)?;
        expect_end(p)?;
        return Ok(Statement::CreateView { name: view, name_span, columns, query });
    }
    if word_is(&t.token, "FUNCTION") {
        p.next_token();
        if word_is(&p.peek_token_ref().token, "IF") {
            p.next_token();
            p.expect_keyword_is(sqlparser::keywords::Keyword::NOT).map_err(parse_error)?;
            p.expect_keyword_is(sqlparser::keywords::Keyword::EXISTS).map_err(parse_error)?;
        }
        let name = p.parse_object_name(false).map_err(parse_error)?;
        let span = span_of(&name);
        let (fname, _) = table_path(&name);
        p.expect_keyword_is(sqlparser::keywords::Keyword::AS).map_err(parse_error)?;
        let class = match p.next_token().token {
            Token::SingleQuotedString(c) => c,
            other => return Err(Error::parse(format!("SQL parse failed. Encountered \"{}\"", other))),
        };
        if word_is(&p.peek_token_ref().token, "LANGUAGE") {
            p.next_token();
            let l = p.next_token();
            if !word_is(&l.token, "JAVA") {
                return Err(Error::unsupported(format!("CREATE FUNCTION … LANGUAGE {}", l.token))
                    .at(pos(l.span.start), pos(l.span.end)));
            }
        }
        let mut jars = Vec::new();
        if word_is(&p.peek_token_ref().token, "USING") {
            p.next_token();
            loop {
                let k = p.next_token();
                if !word_is(&k.token, "JAR") {
                    return Err(Error::unsupported("CREATE FUNCTION … USING other than JAR")
                        .at(pos(k.span.start), pos(k.span.end)));
                }
                match p.next_token().token {
                    Token::SingleQuotedString(uri) => jars.push(uri),
                    other => return Err(Error::parse(format!("SQL parse failed. Encountered \"{}\"", other))),
                }
                if !p.consume_token(&Token::Comma) {
                    break;
                }
            }
        }
        expect_end(p)?;
        return Ok(Statement::CreateFunction { name: fname, class, jars, span });
    }
    if !word_is(&t.token, "TABLE") {
        let what = t.token.to_string().to_ascii_uppercase();
        return Err(Error::unsupported(format!("CREATE {}", what)).at(pos(t.span.start), pos(t.span.end)));
    }
    p.next_token();
    let if_not_exists = if word_is(&p.peek_token_ref().token, "IF") {
        p.next_token();
        p.expect_keyword_is(sqlparser::keywords::Keyword::NOT).map_err(parse_error)?;
        p.expect_keyword_is(sqlparser::keywords::Keyword::EXISTS).map_err(parse_error)?;
        true
    } else {
        false
    };
    let name = p.parse_object_name(false).map_err(parse_error)?;
    let name_span = span_of(&name);
    let (table, path) = table_path(&name);
    // a datagen table of a quickstart may leave out its column list
    let has_columns = p.consume_token(&Token::LParen);
    if !has_columns && !word_is(&p.peek_token_ref().token, "WITH") {
        p.expect_token(&Token::LParen).map_err(parse_error)?;
    }
    let mut ct = CreateTable {
        name: table,
        path,
        name_span,
        if_not_exists,
        columns: Vec::new(),
        watermark: None,
        primary_key: None,
        options: Vec::new(),
    };
    // the column list: columns, WATERMARK, PRIMARY KEY, up to the closing parenthesis
    while has_columns && !p.consume_token(&Token::RParen) {
        let t = p.peek_token();
        if word_is(&t.token, "WATERMARK") {
            p.next_token();
            p.expect_keyword_is(sqlparser::keywords::Keyword::FOR).map_err(parse_error)?;
            let col = p.parse_identifier().map_err(parse_error)?;
            let span = (pos(col.span.start), pos(col.span.end));
            p.expect_keyword_is(sqlparser::keywords::Keyword::AS).map_err(parse_error)?;
            let e = p.parse_expr().map_err(parse_error)?;
            ct.watermark = Some((col.value, span, e));
        } else if word_is(&t.token, "PRIMARY") || word_is(&t.token, "CONSTRAINT") {
            if word_is(&t.token, "CONSTRAINT") {
                p.next_token();
                p.parse_identifier().map_err(parse_error)?;
            }
            let start = pos(p.peek_token().span.start);
            p.next_token();
            p.expect_keyword_is(sqlparser::keywords::Keyword::KEY).map_err(parse_error)?;
            p.expect_token(&Token::LParen).map_err(parse_error)?;
            let cols = p.parse_comma_separated(|p| p.parse_identifier()).map_err(parse_error)?;
            p.expect_token(&Token::RParen).map_err(parse_error)?;
            let end = pos(p.peek_token().span.end);
            expect_not_enforced(p)?;
            ct.primary_key = Some((cols.into_iter().map(|c| c.value).collect(), (start, end)));
        } else {
            let name = p.parse_identifier().map_err(parse_error)?;
            let span = (pos(name.span.start), pos(name.span.end));
            let kind = if p.parse_keyword(sqlparser::keywords::Keyword::AS) {
                ColumnDefKind::Computed(p.parse_expr().map_err(parse_error)?)
            } else {
                let dt = types::parse_type(p).map_err(parse_error)?;
                if word_is(&p.peek_token_ref().token, "METADATA") {
                    p.next_token();
                    let key = if p.parse_keyword(sqlparser::keywords::Keyword::FROM) {
                        Some(p.parse_literal_string().map_err(parse_error)?)
                    } else {
                        None
                    };
                    let is_virtual = if word_is(&p.peek_token_ref().token, "VIRTUAL") {
                        p.next_token();
                        true
                    } else {
                        false
                    };
                    ColumnDefKind::Metadata { data_type: dt, key, is_virtual }
                } else {
                    ColumnDefKind::Physical(dt)
                }
            };
            let mut primary_key = false;
            loop {
                let t = p.peek_token();
                if word_is(&t.token, "COMMENT") {
                    p.next_token();
                    p.parse_literal_string().map_err(parse_error)?;
                } else if word_is(&t.token, "PRIMARY") {
                    p.next_token();
                    p.expect_keyword_is(sqlparser::keywords::Keyword::KEY).map_err(parse_error)?;
                    expect_not_enforced(p)?;
                    primary_key = true;
                } else {
                    break;
                }
            }
            ct.columns.push(ColumnDef { name: name.value, span, kind, primary_key });
        }
        if p.consume_token(&Token::Comma) {
            continue;
        }
        p.expect_token(&Token::RParen).map_err(parse_error)?;
        break;
    }
    loop {
        let t = p.peek_token();
        if word_is(&t.token, "COMMENT") {
            p.next_token();
            p.parse_literal_string().map_err(parse_error)?;
        } else if word_is(&t.token, "WITH") {
            p.next_token();
            p.expect_token(&Token::LParen).map_err(parse_error)?;
            if !p.consume_token(&Token::RParen) {
                loop {
                    let k = p.parse_literal_string().map_err(parse_error)?;
                    p.expect_token(&Token::Eq).map_err(parse_error)?;
                    let v = p.parse_literal_string().map_err(parse_error)?;
                    ct.options.push((k, v));
                    if !p.consume_token(&Token::Comma) {
                        break;
                    }
                }
                p.expect_token(&Token::RParen).map_err(parse_error)?;
            }
        } else if word_is(&t.token, "PARTITIONED") || word_is(&t.token, "DISTRIBUTED") || word_is(&t.token, "LIKE") {
            return Err(Error::unsupported(format!("CREATE TABLE … {}", t.token.to_string().to_ascii_uppercase()))
                .at(pos(t.span.start), pos(t.span.end)));
        } else {
            break;
        }
    }
    expect_end(p)?;
    Ok(Statement::CreateTable(ct))
}

fn expect_not_enforced(p: &mut Parser) -> Result<()> {
    let t = p.peek_token();
    if word_is(&t.token, "NOT") && word_is(&p.peek_nth_token_ref(1).token, "ENFORCED") {
        p.next_token();
        p.next_token();
        Ok(())
    } else {
        Err(Error::validation(
            "Flink doesn't support ENFORCED mode for PRIMARY KEY constraint. ENFORCED/NOT ENFORCED controls if the constraint checks are performed on the incoming/outgoing data. Flink does not own the data therefore the only supported mode is the NOT ENFORCED mode",
        )
        .at(pos(t.span.start), pos(t.span.end)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_flink_create_table() {
        let st = parse_statement(
            "CREATE TABLE t (\n  a INT NOT NULL, ts TIMESTAMP_LTZ(3), c AS a + 1,\n  WATERMARK FOR ts AS ts - INTERVAL '5' SECOND,\n  PRIMARY KEY (a) NOT ENFORCED\n) WITH ('changelog-mode' = 'upsert')",
        )
        .unwrap();
        let Statement::CreateTable(ct) = st else { panic!() };
        assert_eq!(ct.columns.len(), 3);
        assert_eq!(ct.watermark.as_ref().unwrap().0, "ts");
        assert_eq!(ct.primary_key.as_ref().unwrap().0, vec!["a".to_string()]);
        assert_eq!(ct.options, vec![("changelog-mode".to_string(), "upsert".to_string())]);
    }

    #[test]
    fn parses_window_tvfs_and_set() {
        for q in [
            "SELECT * FROM TABLE(TUMBLE(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))",
            "SELECT * FROM TUMBLE(TABLE LeftTable, DESCRIPTOR($rowtime), INTERVAL '5' MINUTES) L",
            "SELECT CAST(x AS TIMESTAMP_LTZ(3)), TIMESTAMP WITH LOCAL TIME ZONE '2024-01-01 00:00:00' FROM t",
            "SELECT CAST(x AS ARRAY<ARRAY<INT>>) FROM t",
        ] {
            assert!(matches!(parse_statement(q), Ok(Statement::Query(_))), "{}", q);
        }
        assert!(matches!(parse_statement("SET 'a.b' = 'c d'"), Ok(Statement::Set { .. })));
    }

    #[test]
    fn parse_errors_carry_positions() {
        // the input ends too early: Flink's SqlParserEOFException (tests/conformance/errors/errors_validation.expected)
        let e = parse_statement("SELECT a\n  FROM t WHERE (b").unwrap_err();
        assert_eq!(e.stmt_span.unwrap().0.line, 2);
        assert!(e.message.starts_with("Encountered \"<EOF>\" at line 2"), "{}", e.message);
        assert_eq!(e.class.as_deref(), Some("org.apache.flink.table.api.SqlParserEOFException"));
        let e = parse_statement("SELECT a\n  FROM t WHERE b c d").unwrap_err();
        assert_eq!(e.stmt_span.unwrap().0.line, 2);
        assert!(e.message.starts_with("SQL parse failed."), "{}", e.message);
    }
}

/// The last `JOIN` keyword before `at` (Calcite places errors about a join's condition there).
pub fn join_keyword_before(at: Pos) -> Option<(Pos, Pos)> {
    JOINS.with(|v| v.borrow().iter().rev().find(|(s, _)| *s < at).copied())
}

/// The closing parenthesis of the first `(` at or after `start` (its position just past the
/// `)`), from the positions [`index_positions`] recorded.
pub fn paren_close_after(start: Pos) -> Option<Pos> {
    PARENS.with(|v| v.borrow().iter().find(|(o, _)| *o >= start).map(|(_, close)| *close))
}
