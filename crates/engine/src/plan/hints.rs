//! Query hints: `SELECT /*+ MULTI_JOIN(a, b, c) STATE_TTL('a' = '1d', 'b' = '12h') */ …`.
//!
//! Flink checks each hint's name against its hint strategy table, each STATE_TTL value as a
//! duration, and each named table against the inputs of the query block's joins (names are
//! case-sensitive: an alias when the table has one). Batch-only join hints (BROADCAST,
//! SHUFFLE_HASH, SHUFFLE_MERGE, NEST_LOOP) are accepted and have no effect on a streaming
//! query; LOOKUP belongs to lookup joins.

use crate::error::{Error, ErrorKind, Result};

/// The hints of one query block.
#[derive(Clone, Debug, Default)]
pub struct QueryHints {
    /// `MULTI_JOIN(t1, t2, …)`: the tables to fold into one multi-way join.
    pub multi_join: Option<Vec<String>>,
    /// `STATE_TTL('t' = 'duration', …)`: state retention per join input, ms.
    pub state_ttl: Vec<(String, i64)>,
}

/// Whether the statement has a `/*+ … NAME(…) … */` hint (`name` in capitals).
pub fn has_hint(sql: &str, name: &str) -> bool {
    let mut rest = sql;
    while let Some(i) = rest.find("/*+") {
        let after = &rest[i + 3..];
        let end = after.find("*/").unwrap_or(after.len());
        if after[..end].to_ascii_uppercase().contains(name) {
            return true;
        }
        rest = &after[end..];
    }
    false
}

fn assertion(message: String) -> Error {
    Error::new(ErrorKind::Table, message).with_class("java.lang.AssertionError")
}

/// Splits at commas outside parentheses and quotes.
pub(crate) fn split_top(text: &str) -> Vec<String> {
    let mut parts = Vec::new();
    let mut depth = 0i32;
    let mut quote: Option<char> = None;
    let mut cur = String::new();
    for c in text.chars() {
        match quote {
            Some(q) => {
                if c == q {
                    quote = None;
                }
                cur.push(c);
            }
            None => match c {
                '\'' | '`' | '"' => {
                    quote = Some(c);
                    cur.push(c);
                }
                '(' => {
                    depth += 1;
                    cur.push(c);
                }
                ')' => {
                    depth -= 1;
                    cur.push(c);
                }
                ',' if depth == 0 => {
                    parts.push(std::mem::take(&mut cur));
                }
                _ => cur.push(c),
            },
        }
    }
    if !cur.trim().is_empty() {
        parts.push(cur);
    }
    parts.into_iter().map(|p| p.trim().to_string()).filter(|p| !p.is_empty()).collect()
}

pub(crate) fn unquote(s: &str) -> String {
    let t = s.trim();
    for q in ['\'', '`', '"'] {
        if t.len() >= 2 && t.starts_with(q) && t.ends_with(q) {
            return t[1..t.len() - 1].to_string();
        }
    }
    t.to_string()
}

/// Splits `A(x) B(y), C` into (name, arguments) pairs.
fn hint_items(text: &str) -> Vec<(String, Option<String>)> {
    let mut items = Vec::new();
    for part in split_top(text) {
        let mut rest = part.as_str();
        while !rest.trim().is_empty() {
            let r = rest.trim_start();
            let name_len = r.find(|c: char| !(c.is_ascii_alphanumeric() || c == '_')).unwrap_or(r.len());
            let name = r[..name_len].to_string();
            let after = r[name_len..].trim_start();
            if name.is_empty() {
                break;
            }
            if let Some(body) = after.strip_prefix('(') {
                let mut depth = 1;
                let mut end = body.len();
                for (i, c) in body.char_indices() {
                    match c {
                        '(' => depth += 1,
                        ')' => {
                            depth -= 1;
                            if depth == 0 {
                                end = i;
                                break;
                            }
                        }
                        _ => {}
                    }
                }
                items.push((name, Some(body[..end].to_string())));
                rest = body.get(end + 1..).unwrap_or("");
            } else {
                items.push((name, None));
                rest = after;
            }
        }
    }
    items
}

/// A STATE_TTL value: `1d`, `12 h`, `500 ms`, or an ISO-8601 duration (`PT1H`).
fn parse_ttl(v: &str) -> Option<i64> {
    if let Some(ms) = crate::session::parse_duration_ms(v) {
        return Some(ms);
    }
    let t = v.trim().to_ascii_uppercase();
    let body = t.strip_prefix("PT")?;
    let mut total = 0i64;
    let mut num = String::new();
    for c in body.chars() {
        if c.is_ascii_digit() {
            num.push(c);
            continue;
        }
        let n: i64 = num.parse().ok()?;
        num.clear();
        total += n * match c {
            'H' => 3_600_000,
            'M' => 60_000,
            'S' => 1000,
            _ => return None,
        };
    }
    if num.is_empty() {
        Some(total)
    } else {
        None
    }
}

/// Reads the hints after SELECT.
pub fn parse(hints: &[sqlparser::ast::OptimizerHint]) -> Result<QueryHints> {
    let mut out = QueryHints::default();
    for h in hints.iter().filter(|h| h.prefix.is_empty()) {
        for (name, args) in hint_items(&h.text) {
            match name.to_ascii_uppercase().as_str() {
                "MULTI_JOIN" => {
                    let tables: Vec<String> =
                        args.as_deref().map(split_top).unwrap_or_default().iter().map(|a| unquote(a)).collect();
                    if tables.is_empty() {
                        return Err(assertion(
                            "Invalid hint: MULTI_JOIN, expecting at least one table or view specified in hint MULTI_JOIN.".into(),
                        ));
                    }
                    out.multi_join.get_or_insert_with(Vec::new).extend(tables);
                }
                "STATE_TTL" => {
                    for kv in args.as_deref().map(split_top).unwrap_or_default() {
                        let Some((k, v)) = kv.split_once('=') else {
                            return Err(assertion(format!(
                                "Invalid STATE_TTL hint: expecting 'table' = 'duration' pairs, got {}",
                                kv
                            )));
                        };
                        let (k, v) = (unquote(k), unquote(v));
                        let ms = parse_ttl(&v).ok_or_else(|| {
                            assertion(format!(
                                "Invalid STATE_TTL hint value: text does not start with a number, and is not a valid ISO-8601 duration format: {}",
                                v
                            ))
                        })?;
                        out.state_ttl.push((k, ms));
                    }
                }
                "BROADCAST" | "SHUFFLE_HASH" | "SHUFFLE_MERGE" | "NEST_LOOP" | "LOOKUP" => {}
                _ => return Err(assertion(format!("Hint: {} should be registered in the HintStrategyTable", name))),
            }
        }
    }
    Ok(out)
}

/// Flink's rejection of hint options that name no input of the query block's joins.
pub fn unmatched(hint: &str, names: &[String]) -> Error {
    let list: Vec<String> = names.iter().map(|n| format!("`{}` in `{}`", n, hint)).collect();
    Error::validation(format!(
        "The options of following hints cannot match the name of input tables or views: \n{}",
        list.join("\n")
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn items_and_durations() {
        let items = hint_items(" STATE_TTL('a' = '1d', 'b'='12h'), MULTI_JOIN(a, b) ");
        assert_eq!(items.len(), 2);
        assert_eq!(items[1], ("MULTI_JOIN".to_string(), Some("a, b".to_string())));
        assert_eq!(parse_ttl("1d"), Some(86_400_000));
        assert_eq!(parse_ttl("PT1H30M"), Some(5_400_000));
        assert_eq!(parse_ttl("abc"), None);
    }
}

/// Table hints written after a table name: `FROM orders /*+ OPTIONS('number-of-rows' = '10') */`.
/// Returns (the table name as written, without backquotes; the options). sqlparser keeps no
/// comments, so the hints are read from the statement's text.
pub fn table_options(sql: &str) -> Vec<(String, Vec<(String, String)>)> {
    let mut out = Vec::new();
    let mut rest = sql;
    let mut offset = 0;
    while let Some(i) = rest.find("/*+") {
        let start = offset + i;
        let Some(end_rel) = sql[start..].find("*/") else { break };
        let body = &sql[start + 3..start + end_rel];
        offset = start + end_rel + 2;
        rest = &sql[offset..];
        let b = body.trim();
        let upper = b.to_ascii_uppercase();
        let Some(args) = upper.strip_prefix("OPTIONS").map(|_| b["OPTIONS".len()..].trim()) else { continue };
        let Some(inner) = args.strip_prefix('(').and_then(|x| x.strip_suffix(')')) else { continue };
        // the identifier chain right before the hint
        let before = sql[..start].trim_end();
        let name_start = before
            .char_indices()
            .rev()
            .take_while(|(_, c)| c.is_alphanumeric() || matches!(c, '_' | '$' | '.' | '`'))
            .last()
            .map(|(i, _)| i)
            .unwrap_or(before.len());
        let name = before[name_start..].replace('`', "");
        if name.is_empty() {
            continue;
        }
        let mut opts = Vec::new();
        for kv in split_top(inner) {
            if let Some((k, v)) = kv.split_once('=') {
                opts.push((unquote(k), unquote(v)));
            }
        }
        out.push((name, opts));
    }
    out
}

#[cfg(test)]
mod table_option_tests {
    use super::*;

    #[test]
    fn options_follow_their_table() {
        let h = table_options("SELECT * FROM examples.marketplace.orders /*+ OPTIONS('number-of-rows'='10') */ o JOIN `c` /*+ OPTIONS('a' = 'b', 'c'='d') */ ON TRUE");
        assert_eq!(h.len(), 2);
        assert_eq!(
            h[0],
            ("examples.marketplace.orders".to_string(), vec![("number-of-rows".to_string(), "10".to_string())])
        );
        assert_eq!(h[1].0, "c");
        assert_eq!(h[1].1.len(), 2);
        assert!(table_options("SELECT /*+ MULTI_JOIN(a, b) */ * FROM a").is_empty());
    }
}
