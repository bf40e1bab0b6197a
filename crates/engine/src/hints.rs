//! The catalogue of hints: for an error Flink (or JoinLab) raised, one JoinLab sentence that
//! names the cause and the fix where we know it — shown after Flink's words, never instead of
//! them (Flink's message stays exactly as the oracle prints it; conformance compares it).
//!
//! | hint | when |
//! |---|---|
//! | [`unclosed_string`] | a string literal runs past a `;` at a line's end, or is never closed |
//! | [`time_attribute`] | a window TVF's `DESCRIPTOR(c)` names a column that is not the table's time attribute |
//! | [`keyword_typo`] | a parse error next to a word one edit away from a keyword (`SELEC`, `JION`, `FORM`) |
//! | [`unknown_column`] | a column name Flink cannot resolve: the tables' columns, the nearest name |
//! | [`unknown_ptf`] | a call of a process table function the script has not created |
//!
//! [`attach`] also widens a parse error's one-character span to the whole offending token.
//! Every hint has a test in `crates/engine/tests/hints.rs`.

use crate::catalog::{Catalog, ColumnKind};
use crate::error::{Error, ErrorKind, Hint, Pos};

/// Widens a parse error's span to its token and attaches the first hint that applies (an
/// error that already has one keeps it). `sql` is the statement the error's positions count in.
pub fn attach(mut e: Error, sql: &str, catalog: Option<&Catalog>) -> Error {
    let toks = lex(sql);
    if e.kind == ErrorKind::Parse {
        if let Some((s, end)) = e.stmt_span {
            if s == end {
                if let Some(t) = toks.iter().find(|t| t.start == s) {
                    // a string that never closes: its first line only
                    let end = match t.kind {
                        TokKind::Str { closed: false } => first_line_span(t).1,
                        _ => t.end,
                    };
                    e.stmt_span = Some((s, end));
                    if e.origin.is_some() {
                        e.script_end = Some(e.script_at(end));
                    }
                }
            }
        }
    }
    if e.hint.is_none() {
        e.hint = hint(&e, &toks, catalog);
    }
    e
}

fn hint(e: &Error, toks: &[Tok], catalog: Option<&Catalog>) -> Option<Hint> {
    unclosed_string(e, toks)
        .or_else(|| catalog.and_then(|c| time_attribute(e, toks, c)))
        .or_else(|| keyword_typo(e, toks))
        .or_else(|| catalog.and_then(|c| unknown_column(e, toks, c)))
        .or_else(|| catalog.and_then(|c| unknown_ptf(e, c)))
}

// ---------------------------------------------------------------------------------------------
// A small lexer: words, strings, numbers and symbols with their positions (1-based, end
// inclusive), robust to the text sqlparser's tokenizer refuses (an unterminated string).

#[derive(Clone, Debug, PartialEq)]
enum TokKind {
    Word {
        quoted: bool,
    },
    /// A `'…'` literal; `closed` false when the statement ends inside it.
    Str {
        closed: bool,
    },
    Other,
}

#[derive(Clone, Debug)]
struct Tok {
    kind: TokKind,
    text: String,
    start: Pos,
    end: Pos,
}

fn lex(sql: &str) -> Vec<Tok> {
    let chars: Vec<char> = sql.chars().collect();
    let mut pos = Vec::with_capacity(chars.len());
    let (mut line, mut col) = (1, 1);
    for &c in &chars {
        pos.push(Pos { line, col });
        if c == '\n' {
            line += 1;
            col = 1;
        } else {
            col += 1;
        }
    }
    let mut toks = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let start = i;
        let kind = if c.is_whitespace() {
            i += 1;
            continue;
        } else if c == '\'' {
            i += 1;
            let mut closed = false;
            while i < chars.len() {
                if chars[i] == '\'' {
                    if chars.get(i + 1) == Some(&'\'') {
                        i += 2;
                        continue;
                    }
                    closed = true;
                    i += 1;
                    break;
                }
                i += 1;
            }
            TokKind::Str { closed }
        } else if c == '`' {
            i += 1;
            while i < chars.len() && chars[i] != '`' {
                i += 1;
            }
            i = (i + 1).min(chars.len());
            TokKind::Word { quoted: true }
        } else if c.is_alphanumeric() || c == '_' || c == '$' {
            while i < chars.len() && (chars[i].is_alphanumeric() || chars[i] == '_' || chars[i] == '$') {
                i += 1;
            }
            if c.is_ascii_digit() {
                TokKind::Other
            } else {
                TokKind::Word { quoted: false }
            }
        } else {
            let two: String = chars[i..(i + 2).min(chars.len())].iter().collect();
            i += if ["=>", "<=", ">=", "<>", "!=", "||", "::"].contains(&two.as_str()) { 2 } else { 1 };
            TokKind::Other
        };
        toks.push(Tok { kind, text: chars[start..i].iter().collect(), start: pos[start], end: pos[i - 1] });
    }
    toks
}

/// A token's span cut at the end of its first line.
fn first_line_span(t: &Tok) -> (Pos, Pos) {
    let len = t.text.split('\n').next().unwrap_or("").trim_end().chars().count().max(1);
    (t.start, Pos { line: t.start.line, col: t.start.col + len - 1 })
}

fn word(t: &Tok) -> Option<String> {
    match t.kind {
        TokKind::Word { quoted: false } => Some(t.text.clone()),
        TokKind::Word { quoted: true } => Some(t.text.trim_matches('`').to_string()),
        _ => None,
    }
}

fn is_word(t: &Tok, w: &str) -> bool {
    t.kind == TokKind::Word { quoted: false } && t.text.eq_ignore_ascii_case(w)
}

/// Optimal string alignment distance (a swap of two neighbours counts one edit), case-blind.
fn distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.to_ascii_uppercase().chars().collect();
    let b: Vec<char> = b.to_ascii_uppercase().chars().collect();
    let mut d = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for (i, row) in d.iter_mut().enumerate() {
        row[0] = i;
    }
    for (j, cell) in d[0].iter_mut().enumerate() {
        *cell = j;
    }
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            d[i][j] = (d[i - 1][j] + 1).min(d[i][j - 1] + 1).min(d[i - 1][j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                d[i][j] = d[i][j].min(d[i - 2][j - 2] + 1);
            }
        }
    }
    d[a.len()][b.len()]
}

/// The name among `names` nearest to `w` (one edit; two for a word of 8 letters or more); on a
/// tie, a name `w` begins (`WHER` → `WHERE`, not `WHEN`), then one of the same length.
fn nearest<'a>(w: &str, names: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let limit = if w.chars().count() >= 8 { 2 } else { 1 };
    let up = w.to_ascii_uppercase();
    names
        .into_iter()
        .map(|n| {
            let completes = !n.to_ascii_uppercase().starts_with(&up);
            (distance(w, n), completes, n.chars().count() != w.chars().count(), n)
        })
        .filter(|(d, ..)| *d > 0 && *d <= limit)
        .min_by_key(|(d, completes, len, _)| (*d, *completes, *len))
        .map(|(.., n)| n)
}

// ---------------------------------------------------------------------------------------------
// The hints.

/// A string literal that swallowed the statements after it (it runs past a `;` at the end of
/// a line: the script's splitter read on), or one the statement never closes. Points at its
/// opening quote and the rest of that line.
fn unclosed_string(e: &Error, toks: &[Tok]) -> Option<Hint> {
    if !matches!(e.kind, ErrorKind::Parse | ErrorKind::Validation) {
        return None;
    }
    let preview = |t: &Tok| {
        let l = t.text.split('\n').next().unwrap_or("").trim_end();
        if l.chars().count() > 24 {
            format!("{}…", l.chars().take(24).collect::<String>())
        } else {
            l.to_string()
        }
    };
    for t in toks {
        if !matches!(t.kind, TokKind::Str { .. }) {
            continue;
        }
        let swallowed = t.text.split('\n').rev().skip(1).any(|l| l.trim_end().ends_with(';'));
        if swallowed {
            let lines = t.end.line - t.start.line + 1;
            let at = e.script_at(t.start);
            return Some(
                Hint::new(format!(
                    "the string {} that starts at line {}, column {} is not closed on its line: it runs on for {} lines and takes in the `;` that should end the statement, so the statements after it became part of it; add the missing `'`",
                    preview(t),
                    at.line,
                    at.col,
                    lines
                ))
                .at(first_line_span(t)),
            );
        }
    }
    let open = toks.iter().find(|t| t.kind == TokKind::Str { closed: false })?;
    let at = e.script_at(open.start);
    Some(
        Hint::new(format!(
            "the string {} that starts at line {}, column {} is never closed: add a `'` where it should end",
            preview(open),
            at.line,
            at.col
        ))
        .at(first_line_span(open)),
    )
}

/// `TUMBLE(TABLE t, DESCRIPTOR(c), …)` where `c` is not `t`'s time attribute (Flink's
/// StreamPhysicalWindowTableFunctionRule error, whose cause says "timecol is a time attribute").
fn time_attribute(e: &Error, toks: &[Tok], catalog: &Catalog) -> Option<Hint> {
    if !e.message.contains("StreamPhysicalWindowTableFunctionRule")
        || !e.causes.iter().any(|c| c.contains("requires the timecol is a time attribute"))
    {
        return None;
    }
    let span = e.stmt_span?;
    // DESCRIPTOR(col) inside the span; the `TABLE name` before it
    let inside: Vec<&Tok> = toks.iter().filter(|t| t.start >= span.0 && t.end <= span.1).collect();
    let col = inside.iter().filter_map(|t| word(t)).find(|w| !w.eq_ignore_ascii_case("DESCRIPTOR"))?;
    let before: Vec<&Tok> = toks.iter().filter(|t| t.end < span.0).collect();
    let table =
        before.windows(2).rev().find(|w| is_word(w[0], "TABLE") && word(w[1]).is_some()).and_then(|w| word(w[1]))?;
    let t = &catalog.tables[catalog.find(&table).or_else(|| catalog.find_loose(&table))?];
    let declared = t.watermark.as_ref().filter(|w| w.declared).map(|w| t.columns[w.column].name.clone());
    let text = match declared {
        Some(wm) if col == "$rowtime" => format!(
            "`$rowtime` is not {}'s time attribute: the table declares `WATERMARK FOR {}`; use `DESCRIPTOR({})`, or drop the WATERMARK clause to use `$rowtime`'s default watermark",
            t.name, wm, wm
        ),
        Some(wm) => format!(
            "`{}` is not {}'s time attribute: the table declares `WATERMARK FOR {}`; use `DESCRIPTOR({})`",
            col, t.name, wm, wm
        ),
        None => format!(
            "`{}` is not a time attribute: {} declares no WATERMARK; add `WATERMARK FOR {} AS {}` to its CREATE TABLE",
            col, t.name, col, col
        ),
    };
    Some(Hint::new(text))
}

/// Flink SQL keywords a learner types (a typo of one is read as a name, and the parser fails
/// at or after it).
const KEYWORDS: &[&str] = &[
    "SELECT",
    "FROM",
    "WHERE",
    "JOIN",
    "INNER",
    "LEFT",
    "RIGHT",
    "FULL",
    "OUTER",
    "CROSS",
    "GROUP",
    "ORDER",
    "HAVING",
    "LIMIT",
    "UNION",
    "DISTINCT",
    "VALUES",
    "INSERT",
    "INTO",
    "CREATE",
    "TABLE",
    "VIEW",
    "FUNCTION",
    "WATERMARK",
    "PRIMARY",
    "ENFORCED",
    "EXPLAIN",
    "DESCRIBE",
    "INTERVAL",
    "TIMESTAMP",
    "TUMBLE",
    "CUMULATE",
    "DESCRIPTOR",
    "LATERAL",
    "UNNEST",
    "PARTITION",
    "SYSTEM_TIME",
    "BETWEEN",
    "EXISTS",
    "CASE",
    "WHEN",
    "THEN",
    "ELSE",
    "CAST",
    "COALESCE",
    "MINUTES",
    "SECONDS",
    "HOURS",
    "ROWS",
    "RANGE",
    "PRECEDING",
    "ORDINALITY",
    "SET",
    "WITH",
    "USING",
    "NULL",
    "TRUE",
    "FALSE",
    "AND",
    "NOT",
    "FOR",
];

/// Words that are keywords or common names themselves: never "typos".
const NOT_TYPOS: &[&str] = &[
    "AS", "ON", "BY", "OR", "IN", "IS", "OF", "TO", "ALL", "ANY", "ASC", "DESC", "END", "KEY", "HOP", "USE", "SHOW",
    "LIKE", "OVER", "ROW", "DAY", "HOUR", "MINUTE", "SECOND", "MONTH", "YEAR", "FIRST", "LAST", "DATE", "TIME",
];

/// A parse error at, after or (Calcite's "Non-query expression") at the start of a word one
/// edit away from a keyword: "did you mean `JOIN`?".
fn keyword_typo(e: &Error, toks: &[Tok]) -> Option<Hint> {
    if e.kind != ErrorKind::Parse {
        return None;
    }
    let at = e.stmt_span.map(|s| s.0).unwrap_or(Pos { line: 1, col: 1 });
    let idx = toks.iter().position(|t| t.start >= at).unwrap_or(toks.len());
    let mut candidates: Vec<&Tok> = Vec::new();
    if let Some(t) = toks.get(idx) {
        candidates.push(t);
    }
    if idx > 0 {
        candidates.push(&toks[idx - 1]);
    }
    if let Some(t) = toks.first() {
        candidates.push(t);
    }
    for t in candidates {
        if t.kind != (TokKind::Word { quoted: false }) || t.text.chars().count() < 3 {
            continue;
        }
        let up = t.text.to_ascii_uppercase();
        if KEYWORDS.contains(&up.as_str()) || NOT_TYPOS.contains(&up.as_str()) {
            continue;
        }
        if let Some(k) = nearest(&up, KEYWORDS.iter().copied()) {
            return Some(
                Hint::new(format!(
                    "did you mean `{}`? `{}` is not a Flink SQL keyword, so the parser read it as a name",
                    k, t.text
                ))
                .at((t.start, t.end)),
            );
        }
    }
    None
}

/// The quoted name after `prefix` in `text` (`Column 'b' not found` → `b`).
fn quoted_after<'a>(text: &'a str, prefix: &str) -> Option<&'a str> {
    let rest = &text[text.find(prefix)? + prefix.len()..];
    rest.split('\'').next()
}

/// A column Flink cannot resolve ("Column 'b' not found in any table", "Unknown identifier
/// 'c'"): the nearest column of the tables the statement names, or their columns.
fn unknown_column(e: &Error, toks: &[Tok], catalog: &Catalog) -> Option<Hint> {
    if e.kind != ErrorKind::Validation {
        return None;
    }
    let name = quoted_after(&e.message, "Column '")
        .filter(|_| e.message.contains("not found in"))
        .or_else(|| quoted_after(&e.message, "Unknown identifier '"))?;
    // the tables the statement names, in order of first mention
    let mut tables = Vec::new();
    for t in toks {
        if let Some(w) = word(t) {
            if let Some(i) = catalog.find(&w).or_else(|| catalog.find_loose(&w)) {
                if !tables.contains(&i) {
                    tables.push(i);
                }
            }
        }
    }
    if tables.is_empty() {
        return None;
    }
    let visible = |i: usize| -> Vec<&str> {
        catalog.tables[i]
            .columns
            .iter()
            .filter(|c| !matches!(c.kind, ColumnKind::System))
            .map(|c| c.name.as_str())
            .collect()
    };
    if name == "$rowtime" {
        let t = &catalog.tables[tables[0]];
        if let Some(w) = t.watermark.as_ref().filter(|w| w.declared) {
            return Some(Hint::new(format!(
                "`$rowtime` is Confluent Cloud's system column; a table of the flink dialect has none: {}'s time attribute is `{}` (its WATERMARK column)",
                t.name, t.columns[w.column].name
            )));
        }
    }
    let all: Vec<&str> = tables.iter().flat_map(|&i| visible(i)).collect();
    let listing = tables
        .iter()
        .map(|&i| format!("{} has {}", catalog.tables[i].name, visible(i).join(", ")))
        .collect::<Vec<_>>()
        .join("; ");
    let text = match nearest(name, all.iter().copied()) {
        Some(n) => format!("did you mean `{}`? ({})", n, listing),
        None => format!("no column `{}` here: {}", name, listing),
    };
    Some(Hint::new(text))
}

/// "No match found for function signature F(…)" for a table function call: a built-in
/// process table function the script has not created, or a PTF JoinLab does not have.
fn unknown_ptf(e: &Error, catalog: &Catalog) -> Option<Hint> {
    let rest = e.message.split("No match found for function signature ").nth(1)?;
    let name = rest.split('(').next()?.trim();
    if catalog.functions.iter().any(|(n, _)| n.eq_ignore_ascii_case(name)) {
        return None;
    }
    let builtins = crate::catalog::ptf::PtfKind::names();
    if let Some(b) = builtins.iter().find(|b| b.eq_ignore_ascii_case(name)) {
        let class = if *b == "SensorFusionPtf" { "io.confluent.developer.SensorFusionPtf" } else { b };
        return Some(Hint::new(format!(
            "{} is a process table function, and the script has not created it: add `CREATE FUNCTION {} AS '{}';` before the query (JoinLab has it built in, so any JAR is accepted)",
            name, b, class
        )));
    }
    if rest.contains("RecordType(") || rest.contains("=>") {
        return Some(Hint::new(format!(
            "no function {} exists: a process table function needs `CREATE FUNCTION {} AS '<class>'` first, and JoinLab runs only its built-in ones ({})",
            name,
            name,
            builtins.join(", ")
        )));
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn distance_counts_a_swap_as_one_edit() {
        assert_eq!(distance("JION", "JOIN"), 1);
        assert_eq!(distance("selec", "SELECT"), 1);
        assert_eq!(distance("GROPU", "GROUP"), 1);
        assert_eq!(nearest("FORM", KEYWORDS.iter().copied()), Some("FROM"));
    }

    #[test]
    fn lexer_keeps_an_unterminated_string() {
        let t = lex("SELECT 'ab''c\nx");
        assert_eq!(t.len(), 2);
        assert_eq!(t[1].kind, TokKind::Str { closed: false });
        assert_eq!(t[1].end, Pos { line: 2, col: 1 });
    }
}
