//! Comparing two outputs in the oracle's text format, with the rules of the oracle's
//! `compare` script (../shared/oracle/compare), so that tests need neither Python nor the
//! oracle folder:
//!
//! * every line must match, except that the rows between two `#`/`==` lines (the rows of one
//!   step, or a materialized block) are compared as a multiset;
//! * `# note:` lines, the text after `== query N`, and EXPLAIN blocks are ignored;
//! * error blocks match when both sides have one (strict: their first lines must be equal).

use std::collections::BTreeMap;

#[derive(Debug, Default)]
struct Query {
    items: Vec<(bool, Vec<String>, String)>, // (is_rows, lines, context)
    error: Option<(String, Vec<String>)>,
}

fn is_row(line: &str) -> bool {
    let l = line
        .strip_prefix("+I")
        .or_else(|| line.strip_prefix("-U"))
        .or_else(|| line.strip_prefix("+U"))
        .or_else(|| line.strip_prefix("-D"))
        .unwrap_or(line);
    l.starts_with('[') && l.ends_with(']')
}

const ERROR_HEADERS: [&str; 3] = ["== error", "== runtime error", "== harness error"];

fn parse(text: &str) -> BTreeMap<usize, Query> {
    let mut qs: BTreeMap<usize, Query> = BTreeMap::new();
    let mut cur = 0usize;
    qs.insert(0, Query::default());
    #[derive(PartialEq)]
    enum Mode {
        Normal,
        Explain,
        Error,
    }
    let mut mode = Mode::Normal;
    let mut context = "(start)".to_string();
    let mut rows: Option<Vec<String>> = None;
    let flush = |qs: &mut BTreeMap<usize, Query>, cur: usize, rows: &mut Option<Vec<String>>, context: &str| {
        if let Some(r) = rows.take() {
            qs.entry(cur).or_default().items.push((true, r, context.to_string()));
        }
    };
    for raw in text.replace("\r\n", "\n").split('\n') {
        let line = raw;
        if line.trim().is_empty() {
            continue;
        }
        if let Some(rest) = line.strip_prefix("== query ") {
            let num: String = rest.chars().take_while(|c| c.is_ascii_digit()).collect();
            let after = &rest[num.len()..];
            if !num.is_empty() && (after.is_empty() || after.starts_with(':')) {
                flush(&mut qs, cur, &mut rows, &context);
                cur = num.parse().unwrap_or(0);
                qs.entry(cur).or_default();
                mode = Mode::Normal;
                context = "(start of query)".into();
                continue;
            }
        }
        if line.starts_with("== EXPLAIN") {
            flush(&mut qs, cur, &mut rows, &context);
            mode = Mode::Explain;
            continue;
        }
        if mode == Mode::Explain {
            if ERROR_HEADERS.contains(&line) {
                mode = Mode::Normal;
            } else {
                continue;
            }
        }
        if mode == Mode::Error {
            if !line.starts_with("# note:") {
                if let Some(e) = qs.entry(cur).or_default().error.as_mut() {
                    e.1.push(line.to_string());
                }
            }
            continue;
        }
        if ERROR_HEADERS.contains(&line) {
            flush(&mut qs, cur, &mut rows, &context);
            qs.entry(cur).or_default().error = Some((line.to_string(), Vec::new()));
            mode = Mode::Error;
            continue;
        }
        if line.starts_with("# note:") {
            continue;
        }
        if is_row(line) {
            rows.get_or_insert_with(Vec::new).push(line.to_string());
            continue;
        }
        flush(&mut qs, cur, &mut rows, &context);
        qs.entry(cur).or_default().items.push((false, vec![line.to_string()], context.clone()));
        if line.starts_with('#') || line.starts_with("==") {
            context = line.to_string();
        }
    }
    flush(&mut qs, cur, &mut rows, &context);
    if qs.get(&0).map(|q| q.items.is_empty() && q.error.is_none()).unwrap_or(false) && qs.len() > 1 {
        qs.remove(&0);
    }
    qs
}

fn multiset(v: &[String]) -> BTreeMap<&str, usize> {
    let mut m = BTreeMap::new();
    for x in v {
        *m.entry(x.as_str()).or_insert(0) += 1;
    }
    m
}

/// Compares `expected` with `actual`; returns the differences (empty = match).
pub fn compare(expected: &str, actual: &str, strict_errors: bool) -> Vec<String> {
    let (e, a) = (parse(expected), parse(actual));
    let mut diffs = Vec::new();
    let keys: std::collections::BTreeSet<usize> = e.keys().chain(a.keys()).copied().collect();
    for n in keys {
        let where_ =
            |ctx: &str| format!("{}, at {}", if n == 0 { "script".to_string() } else { format!("query {}", n) }, ctx);
        let (Some(eq), Some(aq)) = (e.get(&n), a.get(&n)) else {
            diffs.push(format!(
                "query {}: {}",
                n,
                if e.contains_key(&n) { "missing in actual output" } else { "not in expected output" }
            ));
            continue;
        };
        if eq.error.is_some() || aq.error.is_some() {
            match (&eq.error, &aq.error) {
                (Some(x), Some(y)) if strict_errors && x.1.first() != y.1.first() => {
                    diffs.push(format!(
                        "{}: error messages differ\n  expected: {}\n  actual:   {}",
                        where_(&x.0),
                        x.1.first().cloned().unwrap_or_default(),
                        y.1.first().cloned().unwrap_or_default()
                    ));
                }
                (Some(x), None) => diffs.push(format!(
                    "{}: expected has an error block, actual has none: {}",
                    where_(&x.0),
                    x.1.first().cloned().unwrap_or_default()
                )),
                (None, Some(y)) => diffs.push(format!(
                    "{}: actual has an error block, expected has none: {}",
                    where_(&y.0),
                    y.1.first().cloned().unwrap_or_default()
                )),
                _ => {}
            }
            continue;
        }
        let len = eq.items.len().max(aq.items.len());
        for i in 0..len {
            match (eq.items.get(i), aq.items.get(i)) {
                (Some(x), Some(y)) => {
                    if x.0 != y.0 || (!x.0 && x.1 != y.1) {
                        diffs.push(format!(
                            "{}:\n  expected: {}\n  actual:   {}",
                            where_(&x.2),
                            x.1.join(" "),
                            y.1.join(" ")
                        ));
                        break;
                    }
                    if x.0 && multiset(&x.1) != multiset(&y.1) {
                        let (mx, my) = (multiset(&x.1), multiset(&y.1));
                        let mut msg = format!("{}: rows differ (compared as a multiset)", where_(&x.2));
                        for (k, c) in &mx {
                            let d = *c as i64 - *my.get(k).unwrap_or(&0) as i64;
                            for _ in 0..d.max(0) {
                                msg.push_str(&format!("\n  expected, missing in actual: {}", k));
                            }
                        }
                        for (k, c) in &my {
                            let d = *c as i64 - *mx.get(k).unwrap_or(&0) as i64;
                            for _ in 0..d.max(0) {
                                msg.push_str(&format!("\n  actual, not expected:        {}", k));
                            }
                        }
                        diffs.push(msg);
                        break;
                    }
                }
                (Some(x), None) => {
                    diffs.push(format!(
                        "{}: the actual output ends here; expected continues with: {}",
                        where_(&x.2),
                        x.1.join(" ")
                    ));
                    break;
                }
                (None, Some(y)) => {
                    diffs.push(format!(
                        "{}: the expected output ends here; actual continues with: {}",
                        where_(&y.2),
                        y.1.join(" ")
                    ));
                    break;
                }
                (None, None) => break,
            }
        }
    }
    diffs
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_of_one_step_are_a_multiset() {
        let e = "== query 1\n# note: x\n== changelog\n# step 1: T\n+I[1]\n+I[2]\n";
        let a = "== query 1\n== changelog\n# step 1: T\n+I[2]\n+I[1]\n";
        assert!(compare(e, a, false).is_empty());
        let b = "== query 1\n== changelog\n# step 1: T\n+I[2]\n";
        assert_eq!(compare(e, b, false).len(), 1);
        let c = "== query 1\n== changelog\n# step 2: T\n+I[1]\n+I[2]\n";
        assert_eq!(compare(e, c, false).len(), 1);
    }

    #[test]
    fn errors_match_when_both_sides_have_one() {
        let e = "== query 1\n== error\nfoo\n";
        let a = "== query 1\n== error\n# note: at script line 1, column 1\nbar\n";
        assert!(compare(e, a, false).is_empty());
        assert_eq!(compare(e, a, true).len(), 1);
        assert_eq!(compare(e, "== query 1\n== schema\n(a INT)\n", false).len(), 1);
    }
}
