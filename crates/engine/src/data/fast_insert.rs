//! A fast reader for the common INSERT: `INSERT INTO t [(c, …)] VALUES (…), (…)` whose items
//! are plain literals (numbers with an optional sign, 'strings' with '' escapes, `DATE`, `TIME`
//! and `TIMESTAMP '…'`, TRUE/FALSE) or `CAST(literal | NULL AS type)`. It scans the statement's
//! text once and binds each literal with the binder's own functions, so it yields the same
//! values and types as sqlparser and `bind_scalar` do (tests/insert_reader.rs compares the two
//! readers on every INSERT of the conformance scenarios and on a generated corpus).
//!
//! It never reports an error: anything it does not read with certainty — another expression, a
//! quoted or qualified name, a keyword as the table name, NULL, an out-of-range number, a bad
//! timestamp, a `/*+ hint */` — gives None, and the statement goes the sqlparser way, which
//! stays the definition of INSERT (its errors, with Flink's words and positions).

use std::cell::Cell;

use sqlparser::parser::Parser;
use sqlparser::tokenizer::Token;

use crate::expr::bind::literal::{
    date_literal, negated_literal, number_literal, string_literal, time_literal, timestamp_literal,
};
use crate::expr::bind::{bind_scalar, Scope};
use crate::expr::Expr;
use crate::time::SessionZone;
use crate::types::{DataType, TypeKind};
use crate::value::Value;

/// An INSERT read by the fast reader: the table and columns as written, the bound rows.
pub struct FastInsert {
    pub table: String,
    pub columns: Vec<String>,
    pub rows: Vec<Vec<Expr>>,
}

thread_local! {
    /// Set while [`with_slow_reader`] runs.
    static SLOW_ONLY: Cell<bool> = const { Cell::new(false) };
    /// INSERT statements taken by the fast reader on this thread.
    static TAKEN: Cell<usize> = const { Cell::new(0) };
}

/// Runs `f` with the fast reader off, every INSERT read the sqlparser way (the differential
/// test compares the two).
#[doc(hidden)]
pub fn with_slow_reader<R>(f: impl FnOnce() -> R) -> R {
    let before = SLOW_ONLY.with(|c| c.replace(true));
    let r = f();
    SLOW_ONLY.with(|c| c.set(before));
    r
}

/// How many INSERT statements the fast reader has taken on this thread.
#[doc(hidden)]
pub fn taken() -> usize {
    TAKEN.with(|c| c.get())
}

/// Counts a statement the fast reader took.
pub(crate) fn count_taken() {
    TAKEN.with(|c| c.set(c.get() + 1));
}

/// Reads `sql` (one statement, comments blanked, without its `;`) when it is an INSERT of
/// plain literals; None otherwise.
pub fn read(sql: &str, zone: &SessionZone) -> Option<FastInsert> {
    if SLOW_ONLY.with(|c| c.get()) {
        return None;
    }
    let mut s = Scan { b: sql.as_bytes(), src: sql, i: 0 };
    s.keyword("INSERT")?;
    s.keyword("INTO")?;
    s.ws();
    let table = s.word()?;
    // `INSERT INTO TABLE t`, `FUNCTION`, … are sqlparser's; PROCTIME( is refused by the
    // confluent dialect's check
    if is_keyword(table) || table.eq_ignore_ascii_case("PROCTIME") {
        return None;
    }
    let table = table.to_string();
    let mut columns = Vec::new();
    s.ws();
    if s.peek() == Some(b'(') {
        s.i += 1;
        loop {
            s.ws();
            columns.push(s.word()?.to_string());
            s.ws();
            match s.next()? {
                b',' => continue,
                b')' => break,
                _ => return None,
            }
        }
    }
    s.keyword("VALUES")?;
    let mut rows = Vec::with_capacity(1);
    let mut width = 0;
    loop {
        s.ws();
        if s.next()? != b'(' {
            return None;
        }
        let mut row = Vec::with_capacity(width);
        loop {
            s.ws();
            row.push(s.item(zone)?);
            s.ws();
            match s.next()? {
                b',' => continue,
                b')' => break,
                _ => return None,
            }
        }
        width = row.len();
        rows.push(row);
        s.ws();
        match s.next() {
            None => break,
            Some(b',') => continue,
            Some(_) => return None,
        }
    }
    Some(FastInsert { table, columns, rows })
}

/// Whether `word` (ASCII) is one of sqlparser's keywords, in any case (no keyword is longer
/// than 64 bytes).
fn is_keyword(word: &str) -> bool {
    let mut buf = [0u8; 64];
    let Some(up) = buf.get_mut(..word.len()) else { return false };
    up.copy_from_slice(word.as_bytes());
    up.make_ascii_uppercase();
    std::str::from_utf8(up).is_ok_and(|u| sqlparser::keywords::ALL_KEYWORDS.binary_search(&u).is_ok())
}

struct Scan<'a> {
    b: &'a [u8],
    src: &'a str,
    i: usize,
}

fn is_word_byte(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_'
}

impl<'a> Scan<'a> {
    fn peek(&self) -> Option<u8> {
        self.b.get(self.i).copied()
    }

    fn next(&mut self) -> Option<u8> {
        let c = self.peek()?;
        self.i += 1;
        Some(c)
    }

    fn ws(&mut self) {
        while matches!(self.peek(), Some(b' ' | b'\t' | b'\n' | b'\r')) {
            self.i += 1;
        }
    }

    /// An unquoted ASCII identifier or keyword; None before anything else, or when it goes on
    /// with characters sqlparser would take into it (`$`, letters beyond ASCII).
    fn word(&mut self) -> Option<&'a str> {
        let start = self.i;
        match self.peek() {
            Some(c) if c.is_ascii_alphabetic() || c == b'_' => {}
            _ => return None,
        }
        while self.peek().is_some_and(is_word_byte) {
            self.i += 1;
        }
        if matches!(self.peek(), Some(c) if c == b'$' || c >= 0x80) {
            return None;
        }
        Some(&self.src[start..self.i])
    }

    fn keyword(&mut self, kw: &str) -> Option<()> {
        self.ws();
        self.word().filter(|w| w.eq_ignore_ascii_case(kw)).map(|_| ())
    }

    /// The end of a token: nothing that would continue it.
    fn token_ends(&self) -> bool {
        !matches!(self.peek(), Some(c) if is_word_byte(c) || c == b'$' || c == b'.' || c == b'\'' || c == b'"' || c >= 0x80)
    }

    /// A quoted string's content ('' read as '), the scan after its closing quote.
    fn string(&mut self) -> Option<std::borrow::Cow<'a, str>> {
        if self.next()? != b'\'' {
            return None;
        }
        let start = self.i;
        let mut escaped = false;
        loop {
            let c = self.next()?;
            if c == b'\'' {
                if self.peek() == Some(b'\'') {
                    self.i += 1;
                    escaped = true;
                    continue;
                }
                break;
            }
        }
        let body = &self.src[start..self.i - 1];
        Some(if escaped { std::borrow::Cow::Owned(body.replace("''", "'")) } else { std::borrow::Cow::Borrowed(body) })
    }

    /// An unsigned number as sqlparser tokenizes it: digits, a fraction, an exponent.
    fn number(&mut self) -> Option<&'a str> {
        let start = self.i;
        let digits = |s: &mut Scan| {
            let d = s.i;
            while s.peek().is_some_and(|c| c.is_ascii_digit()) {
                s.i += 1;
            }
            s.i > d
        };
        if !digits(self) {
            return None;
        }
        if self.peek() == Some(b'.') {
            self.i += 1;
            if !digits(self) {
                return None;
            }
        }
        if matches!(self.peek(), Some(b'e' | b'E')) {
            self.i += 1;
            if matches!(self.peek(), Some(b'+' | b'-')) {
                self.i += 1;
            }
            if !digits(self) {
                return None;
            }
        }
        self.token_ends().then(|| &self.src[start..self.i])
    }

    /// One VALUES item, bound.
    fn item(&mut self, zone: &SessionZone) -> Option<Expr> {
        match self.peek()? {
            b'\'' => {
                let s = self.string()?;
                Some(string_literal(&s))
            }
            c @ (b'-' | b'+') => {
                self.i += 1;
                self.ws();
                let (value, ty) = number_literal(self.number()?)?;
                if c == b'+' {
                    return Some(Expr::literal(value, ty));
                }
                let (v, t) = negated_literal(&value, &ty)?;
                Some(Expr::literal(v, t))
            }
            b'0'..=b'9' => {
                let (value, ty) = number_literal(self.number()?)?;
                Some(Expr::literal(value, ty))
            }
            _ => {
                let start = self.i;
                let w = self.word()?;
                if w.eq_ignore_ascii_case("TRUE") || w.eq_ignore_ascii_case("FALSE") {
                    let b = w.eq_ignore_ascii_case("TRUE");
                    return Some(Expr::literal(Value::Bool(b), DataType::not_null(TypeKind::Boolean)));
                }
                if w.eq_ignore_ascii_case("CAST") {
                    return self.cast(start, zone);
                }
                let typed: fn(&str) -> Option<Expr> = if w.eq_ignore_ascii_case("TIMESTAMP") {
                    timestamp_literal
                } else if w.eq_ignore_ascii_case("DATE") {
                    date_literal
                } else if w.eq_ignore_ascii_case("TIME") {
                    time_literal
                } else {
                    return None;
                };
                self.ws();
                if self.peek() != Some(b'\'') {
                    return None;
                }
                let text = self.string()?;
                typed(&text)
            }
        }
    }

    /// `CAST(literal | NULL AS type)`: its extent found here, the item parsed and bound the
    /// sqlparser way (a few per row at most).
    fn cast(&mut self, start: usize, zone: &SessionZone) -> Option<Expr> {
        self.ws();
        if self.next()? != b'(' {
            return None;
        }
        self.ws();
        let inner = self.i;
        if self.word().is_some_and(|w| w.eq_ignore_ascii_case("NULL")) {
        } else {
            self.i = inner;
            self.item(zone)?;
        }
        self.keyword("AS")?;
        // the type: words, digits, commas and parentheses
        let mut depth = 0usize;
        loop {
            match self.next()? {
                b'(' => depth += 1,
                b')' if depth == 0 => break,
                b')' => depth -= 1,
                c if is_word_byte(c) || matches!(c, b' ' | b'\t' | b'\n' | b',') => {}
                _ => return None,
            }
        }
        let text = &self.src[start..self.i];
        if text.to_ascii_uppercase().contains("PROCTIME") {
            return None;
        }
        static DIALECT: crate::sql::dialect::FlinkDialect = crate::sql::dialect::FlinkDialect;
        let mut p = Parser::new(&DIALECT).try_with_sql(text).ok()?;
        let e = p.parse_expr().ok()?;
        if p.peek_token_ref().token != Token::EOF {
            return None;
        }
        let bound = bind_scalar(&e, &Scope::new(Vec::new()), zone).ok()?;
        (bound.ty().kind != TypeKind::Null).then_some(bound)
    }
}

#[cfg(test)]
mod tests {
    use super::is_keyword;

    #[test]
    fn every_keyword_is_recognised_in_any_case() {
        // is_keyword's buffer holds the longest keyword
        for kw in sqlparser::keywords::ALL_KEYWORDS {
            assert!(kw.len() <= 64, "{}", kw);
            assert!(is_keyword(kw) && is_keyword(&kw.to_ascii_lowercase()), "{}", kw);
        }
        assert!(!is_keyword("LeftTable") && !is_keyword("") && !is_keyword(&"a".repeat(70)));
    }
}
