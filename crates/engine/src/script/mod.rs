//! A script: SQL statements, each ending with `;` at the end of a line, and `@` data lines,
//! split exactly as the oracle splits a scenario (`Scenario.java`), so that line and column
//! numbers mean the same on both sides.
//!
//! ```text
//! @Table [+I|-U|+U|-D] v1 | v2 | ...     a row (the kind defaults to +I)
//! @watermark Table|* [timestamp]         an explicit watermark (no timestamp: emit the pending one)
//! ```

mod comments;

pub use comments::CommentStripper;

use crate::error::{Error, Pos};
use crate::kinds::RowKind;

#[derive(Clone, Debug, PartialEq)]
pub enum ItemKind {
    /// A statement (comments blanked out, trimmed, without its `;`).
    Sql(String),
    /// `@Table [kind] values`.
    Row { table: String, kind: RowKind, values: String },
    /// `@watermark Table [time]`.
    Watermark { table: String, time: Option<String> },
}

#[derive(Clone, Debug, PartialEq)]
pub struct Item {
    pub kind: ItemKind,
    /// 1-based script line of the item's first character.
    pub line: usize,
    /// Characters before the statement on its first line (its column − 1).
    pub col0: usize,
    /// The item's text as written (for messages).
    pub raw: String,
}

impl Item {
    /// Maps a position inside a statement (1-based line/column of the trimmed statement text)
    /// to the script.
    pub fn script_pos(&self, line: usize, col: usize) -> Pos {
        if line <= 1 {
            Pos { line: self.line, col: self.col0 + col }
        } else {
            Pos { line: self.line + line - 1, col }
        }
    }
}

fn parse_data_line(t: &str, line: usize) -> Result<ItemKind, Error> {
    let rest = &t[1..];
    let watermark = rest.as_bytes().get(..9).is_some_and(|w| w.eq_ignore_ascii_case(b"watermark"));
    if watermark && rest[9..].starts_with(|c: char| c.is_whitespace()) {
        let body = rest[9..].trim();
        let (table, time) = match body.split_once(char::is_whitespace) {
            Some((a, b)) => (a.to_string(), Some(b.trim().to_string()).filter(|s| !s.is_empty())),
            None => (body.to_string(), None),
        };
        if !table.is_empty() {
            return Ok(ItemKind::Watermark { table, time });
        }
    }
    let rest = rest.trim_start();
    let (quote, body) = match rest.chars().next() {
        Some(q @ ('`' | '"')) => (Some(q), &rest[1..]),
        _ => (None, rest),
    };
    let end = body.find(|c: char| c.is_whitespace() || c == '`' || c == '"' || c == '|').unwrap_or(body.len());
    let table = &body[..end];
    let mut after = &body[end..];
    if let Some(q) = quote {
        after = after.strip_prefix(q).ok_or_else(|| Error::harness(format!("line {}: bad data line: {}", line, t)))?;
    }
    if table.is_empty() {
        return Err(Error::harness(format!("line {}: bad data line: {}", line, t)));
    }
    let after = after.trim_start();
    let (kind, values) = match after.get(..2).and_then(RowKind::parse) {
        Some(k) => (k, after[2..].trim_start()),
        None => (RowKind::Insert, after),
    };
    Ok(ItemKind::Row { table: table.to_string(), kind, values: values.to_string() })
}

/// Splits a script into statements and data lines.
pub fn split(script: &str) -> Result<Vec<Item>, Error> {
    let mut items = Vec::new();
    let mut cs = CommentStripper::default();
    let mut stmt = String::new();
    let (mut stmt_line, mut stmt_col0) = (0usize, 0usize);
    let lines: Vec<&str> = script.split('\n').map(|l| l.strip_suffix('\r').unwrap_or(l)).collect();
    let n = if script.ends_with('\n') { lines.len() - 1 } else { lines.len() };
    for (i, raw_line) in lines.iter().take(n).enumerate() {
        let line = cs.strip(raw_line);
        let t = line.trim();
        if t.is_empty() && stmt.is_empty() {
            continue;
        }
        if t.starts_with('@') && stmt.is_empty() {
            cs.end_of_data_line();
            items.push(Item { kind: parse_data_line(t, i + 1)?, line: i + 1, col0: 0, raw: t.to_string() });
            continue;
        }
        if stmt.is_empty() {
            stmt_line = i + 1;
            stmt_col0 = line[..line.len() - line.trim_start().len()].chars().count();
            if t.ends_with(';') && cs.outside() {
                // a statement on one line (most INSERTs of a pasted script): no buffer
                items.push(sql_item(t[..t.len() - 1].trim(), stmt_line, stmt_col0));
                continue;
            }
        }
        stmt.push_str(&line);
        stmt.push('\n');
        if t.ends_with(';') && cs.outside() {
            let s = stmt.trim();
            items.push(sql_item(s[..s.len() - 1].trim(), stmt_line, stmt_col0));
            stmt.clear();
        }
    }
    let rest = stmt.trim();
    if !rest.is_empty() {
        items.push(sql_item(rest, stmt_line, stmt_col0));
    }
    Ok(items)
}

/// A statement's item: its text (without the `;`) and where it starts.
fn sql_item(s: &str, line: usize, col0: usize) -> Item {
    Item { kind: ItemKind::Sql(s.to_string()), line, col0, raw: s.to_string() }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_statements_and_data_lines() {
        let s = "-- c\nSET 'a' = 'b';\n  SELECT 1,\n 2; -- x\n@T  1 | 'a' \n@T -D 2 | b\n@watermark T 2024-01-01 10:00\n@watermark *\n";
        let items = split(s).unwrap();
        assert_eq!(items.len(), 6);
        assert_eq!(items[0].kind, ItemKind::Sql("SET 'a' = 'b'".into()));
        assert_eq!((items[1].line, items[1].col0), (3, 2));
        assert_eq!(items[1].kind, ItemKind::Sql("SELECT 1,\n 2".into()));
        assert_eq!(items[2].kind, ItemKind::Row { table: "T".into(), kind: RowKind::Insert, values: "1 | 'a'".into() });
        assert_eq!(items[3].kind, ItemKind::Row { table: "T".into(), kind: RowKind::Delete, values: "2 | b".into() });
        assert_eq!(items[4].kind, ItemKind::Watermark { table: "T".into(), time: Some("2024-01-01 10:00".into()) });
        assert_eq!(items[5].kind, ItemKind::Watermark { table: "*".into(), time: None });
        assert_eq!(items[1].script_pos(1, 8), Pos { line: 3, col: 10 });
        assert_eq!(items[1].script_pos(2, 2), Pos { line: 4, col: 2 });
    }

    #[test]
    fn semicolons_inside_strings_do_not_end_statements() {
        let items = split("SELECT ';\n' FROM t;\n").unwrap();
        assert_eq!(items.len(), 1);
    }
}
