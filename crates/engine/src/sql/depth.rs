//! How deeply a statement's expressions nest, read off its tokens before it is parsed: the
//! `expression-depth` limit ([`crate::limits`]). The parser's own recursion limit
//! (`nesting-depth`) counts parentheses and subqueries but not chained operators: `x + 1 + 1 …`
//! parses in a loop into a tree as deep as the chain is long, which every later walk over the
//! tree (binding, typing, evaluation, dropping it) recurses through — 300 links overflowed a
//! 1 MiB stack natively. The estimate is an upper bound of the tree's depth: within one list
//! item (between commas, clause keywords or CASE branches at one parenthesis level) each operator
//! adds a level and a parenthesised part adds its own depth plus one. A 100,000-row `INSERT … VALUES (1, -2), …` stays shallow:
//! its items are separated by commas.

use sqlparser::tokenizer::{Location, Token, TokenWithSpan};

/// One parenthesis level being read.
#[derive(Default)]
struct Level {
    /// Operators in the current list item.
    ops: usize,
    /// The deepest parenthesised part of the current item.
    nested: usize,
    /// The deepest item of the level so far.
    max: usize,
}

impl Level {
    fn item(&self) -> usize {
        self.ops + self.nested
    }
}

/// Whether a token is an operator that makes a tree level.
fn is_operator(t: &Token) -> bool {
    match t {
        Token::Plus
        | Token::Minus
        | Token::Mul
        | Token::Div
        | Token::Mod
        | Token::StringConcat
        | Token::Eq
        | Token::Neq
        | Token::Lt
        | Token::Gt
        | Token::LtEq
        | Token::GtEq
        | Token::DoubleColon => true,
        Token::Word(w) => {
            ["AND", "OR", "NOT", "IS", "LIKE", "BETWEEN", "IN"].iter().any(|k| w.value.eq_ignore_ascii_case(k))
                && w.quote_style.is_none()
        }
        _ => false,
    }
}

/// Whether a token ends a list item: a comma, or a word that starts a clause or a CASE branch
/// (the tree keeps clauses and branches side by side, not nested).
fn is_separator(t: &Token) -> bool {
    match t {
        Token::Comma | Token::SemiColon => true,
        Token::Word(w) if w.quote_style.is_none() => [
            "SELECT", "FROM", "WHERE", "GROUP", "HAVING", "ORDER", "ON", "JOIN", "UNION", "VALUES", "WHEN", "THEN",
            "ELSE", "END",
        ]
        .iter()
        .any(|k| w.value.eq_ignore_ascii_case(k)),
        _ => false,
    }
}

/// The first place where the estimated depth passes `limit`, if any.
pub fn deeper_than(tokens: &[TokenWithSpan], limit: usize) -> Option<Location> {
    let mut levels: Vec<Level> = vec![Level::default()];
    for t in tokens {
        match &t.token {
            Token::LParen | Token::LBracket => levels.push(Level::default()),
            Token::RParen | Token::RBracket if levels.len() > 1 => {
                let inner = levels.pop().map(|l| l.max.max(l.item())).unwrap_or(0);
                if let Some(top) = levels.last_mut() {
                    top.nested = top.nested.max(inner + 1);
                }
            }
            tok if is_separator(tok) => {
                if let Some(top) = levels.last_mut() {
                    top.max = top.max.max(top.item());
                    top.ops = 0;
                    top.nested = 0;
                }
            }
            tok if is_operator(tok) => {
                if let Some(top) = levels.last_mut() {
                    top.ops += 1;
                }
            }
            _ => {}
        }
        let depth = levels.iter().map(Level::item).sum::<usize>() + levels.len() - 1;
        if depth > limit {
            return Some(t.span.start);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn depth_passes(sql: &str, limit: usize) -> bool {
        let dialect = crate::sql::dialect::FlinkDialect;
        let tokens = sqlparser::tokenizer::Tokenizer::new(&dialect, sql).tokenize_with_location().unwrap();
        deeper_than(&tokens, limit).is_some()
    }

    #[test]
    fn chains_nest_lists_do_not() {
        let chain = format!("SELECT x{} FROM t", " + 1".repeat(300));
        assert!(depth_passes(&chain, 299));
        assert!(!depth_passes(&chain, 300));
        let rows: Vec<String> = (0..10_000).map(|i| format!("({}, -{})", i, i)).collect();
        let insert = format!("INSERT INTO t VALUES {}", rows.join(", "));
        assert!(!depth_passes(&insert, 3));
        // a parenthesised chain inside a function call: 1 (call) + 1 (paren) + 3 operators
        assert!(depth_passes("SELECT f((a + b + c + d)) FROM t", 4));
        assert!(!depth_passes("SELECT f((a + b + c + d)) FROM t", 5));
        // a CASE's branches sit side by side
        let case = format!(
            "SELECT CASE {} END FROM t",
            (0..1000).map(|i| format!("WHEN x = {} THEN 'v'", i)).collect::<Vec<_>>().join(" ")
        );
        assert!(!depth_passes(&case, 3));
    }
}
