//! The oracle's text format, exactly (../shared/oracle/README.md "Output format"): EXPLAIN
//! blocks first, then per query `== query N`, its notes, `== schema`, `== changelog` with
//! `# step` lines, the end of input and the materialized tables; `== error`,
//! `== changelog (partial)` + `== runtime error`, or one `== harness error` for the script.

use crate::trace::{ErrorInfo, QueryTrace, ScriptTrace, Step};

/// Options of the text rendering.
#[derive(Clone, Debug, Default)]
pub struct TextOptions {
    /// Leave out the `# step` lines.
    pub quiet_steps: bool,
}

fn error_block(out: &mut String, header: &str, e: &ErrorInfo) {
    out.push_str(header);
    out.push('\n');
    if let (Some(l), Some(c)) = (e.line, e.column) {
        out.push_str(&format!("# note: at script line {}, column {}\n", l, c));
    }
    out.push_str(&e.text);
    out.push('\n');
}

fn step_lines(out: &mut String, s: &Step, print_line: bool, opts: &TextOptions) {
    if print_line && !opts.quiet_steps {
        out.push_str(&format!("# step {}: {}", s.index, s.text));
        if !s.watermarks.is_empty() {
            out.push_str("  -> ");
            out.push_str(&s.watermarks.join("; "));
        }
        out.push('\n');
    }
    for r in &s.output {
        out.push_str(&r.text);
        out.push('\n');
    }
}

/// The rows a query emitted as its job started (`VALUES`), as the oracle prints them.
fn start_lines(out: &mut String, q: &QueryTrace) {
    if let Some(s) = q.start.as_ref().filter(|s| !s.output.is_empty()) {
        out.push_str("# at job start\n");
        for r in &s.output {
            out.push_str(&r.text);
            out.push('\n');
        }
    }
}

/// Renders one query's section (without its `== query` header line).
pub fn query_text(out: &mut String, q: &QueryTrace, trace_all_steps: bool, opts: &TextOptions) {
    for n in &q.notes {
        out.push_str(n);
        out.push('\n');
    }
    if let Some(e) = &q.error {
        error_block(out, "== error", e);
        return;
    }
    out.push_str("== schema\n(");
    out.push_str(&q.schema.iter().map(|f| format!("{} {}", f.name, f.ty)).collect::<Vec<_>>().join(", "));
    out.push_str(")\n");
    if let Some(e) = &q.runtime_error {
        out.push_str("== changelog (partial)\n");
        start_lines(out, q);
        for s in &q.steps {
            step_lines(out, s, trace_all_steps || !s.output.is_empty(), opts);
        }
        if q.end.is_some() {
            out.push_str("# ---- end of input: sources finish (watermark +inf) ----\n");
        }
        error_block(out, "== runtime error", e);
        return;
    }
    out.push_str("== changelog\n");
    start_lines(out, q);
    for s in &q.steps {
        step_lines(out, s, trace_all_steps || !s.output.is_empty(), opts);
    }
    if let Some(end) = &q.end {
        out.push_str("# ---- end of input: sources finish (watermark +inf) ----\n");
        for r in &end.output {
            out.push_str(&r.text);
            out.push('\n');
        }
    }
    if let Some(m) = &q.materialized_unbounded {
        out.push_str("== materialized at end of script (unbounded: no final watermark)\n");
        for l in m {
            out.push_str(l);
            out.push('\n');
        }
    }
    if let Some(m) = &q.materialized_bounded {
        out.push_str("== materialized after end of input (bounded: watermark +inf)\n");
        for l in m {
            out.push_str(l);
            out.push('\n');
        }
    }
}

/// Renders a whole script's trace; `headers[i]` is query i's `== query …` line and
/// `trace_all[i]` its `oracle.trace` setting.
pub fn script_text(t: &ScriptTrace, headers: &[String], trace_all: &[bool], opts: &TextOptions) -> String {
    let mut out = String::new();
    for n in &t.notes {
        out.push_str(n);
        out.push('\n');
    }
    for s in &t.statements {
        if s.header.to_ascii_uppercase().starts_with("EXPLAIN") {
            out.push_str(&format!("== {}\n", s.header));
            match &s.error {
                Some(e) => {
                    if let (Some(l), Some(c)) = (e.line, e.column) {
                        out.push_str(&format!("# note: at script line {}, column {}\n", l, c));
                    }
                    out.push_str(&format!("ERROR: {}\n", e.text));
                }
                None => out.push_str(&s.text),
            }
        } else {
            out.push_str(&format!("# note: {} (line {}):\n", s.header, s.line));
            for l in s.text.lines() {
                out.push_str(&format!("# note: {}\n", l));
            }
        }
    }
    if let Some(e) = &t.harness_error {
        error_block(&mut out, "== harness error", e);
        return out;
    }
    for (i, q) in t.queries.iter().enumerate() {
        out.push_str(headers.get(i).map(|s| s.as_str()).unwrap_or("== query"));
        out.push('\n');
        query_text(&mut out, q, trace_all.get(i).copied().unwrap_or(true), opts);
    }
    out
}
