//! What Confluent Cloud's SQL dialect refuses before planning (the `confluent` dialect only).
//!
//! * `PROCTIME()`: "Function 'PROCTIME' is not supported in Confluent's Flink SQL dialect." — the
//!   error Confluent Cloud gives the Apache-Flink lookup-join form (`proc_time AS PROCTIME()`),
//!   as a Confluent advocate's reference records it (WAVE2-RESEARCH.md §1.4, community-sourced;
//!   Confluent publishes no error list). Confluent's lookups are KEY_SEARCH_AGG and its peers;
//!   in the `flink` dialect PROCTIME() works.

use sqlparser::tokenizer::{Token, Tokenizer};

use super::{pos, word_is, FlinkDialect};
use crate::error::{Error, Result};

pub const PROCTIME_NOT_SUPPORTED: &str = "Function 'PROCTIME' is not supported in Confluent's Flink SQL dialect.";

/// Rejects a call of `PROCTIME()` in a statement, at the call.
pub fn check_statement(sql: &str) -> Result<()> {
    static DIALECT: FlinkDialect = FlinkDialect;
    let Ok(tokens) = Tokenizer::new(&DIALECT, sql).tokenize_with_location() else {
        return Ok(());
    };
    let toks: Vec<_> = tokens.iter().filter(|t| !matches!(t.token, Token::Whitespace(_))).collect();
    for w in toks.windows(2) {
        if word_is(&w[0].token, "PROCTIME") && matches!(w[1].token, Token::LParen) {
            return Err(Error::validation(PROCTIME_NOT_SUPPORTED).at(pos(w[0].span.start), pos(w[0].span.end)));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_proctime_call_is_found_where_it_stands() {
        let e = check_statement("CREATE TABLE t (\n  id INT,\n  pt AS PROCTIME()\n)").expect_err("rejected");
        assert_eq!(e.message, PROCTIME_NOT_SUPPORTED);
        let (s, _) = e.stmt_span.expect("a position");
        assert_eq!((s.line, s.col), (3, 9));
        // a column named proctime, or the word in a string, is fine
        assert!(check_statement("SELECT proctime, 'PROCTIME()' FROM t -- PROCTIME()").is_ok());
    }
}
