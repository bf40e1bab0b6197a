//! EXPLAIN of process table functions against Flink's: for every `tests/conformance/ptf/`
//! scenario of the call binder (`errors_*`, `uid_*`) with EXPLAIN statements, each block's
//! "== Optimized Execution Plan ==" section must equal the one Flink printed in the oracle's
//! `.expected` (the `ProcessTableFunction(invocation=[…], uid=[…], select=[…], rowType=[…])`
//! line, its Exchanges, sub-plan reuse `(reuse_id=[1])` / `Reused(reference_id=[1])`). The
//! conformance comparison ignores EXPLAIN blocks; this test does not.

use std::path::PathBuf;

use joinlab_engine::output::TextOptions;
use joinlab_engine::{run_to_text, Dialect, RunConfig};

/// The execution plan of each EXPLAIN block, in order.
fn plans(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur: Option<String> = None;
    let mut in_exec = false;
    for line in text.lines() {
        if line.starts_with("== EXPLAIN") || line.starts_with("== query") {
            if let Some(c) = cur.take() {
                out.push(c);
            }
            in_exec = false;
            if line.starts_with("== EXPLAIN") {
                cur = Some(String::new());
            }
            continue;
        }
        if line.starts_with("== Optimized Execution Plan ==") {
            in_exec = true;
            continue;
        }
        if line.starts_with("== ") {
            in_exec = false;
            continue;
        }
        if let (true, Some(c)) = (in_exec, cur.as_mut()) {
            c.push_str(line);
            c.push('\n');
        }
    }
    if let Some(c) = cur {
        out.push(c);
    }
    out
}

#[test]
fn ptf_explain_matches_flink() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/conformance/ptf");
    let mut checked = 0;
    let mut failures = Vec::new();
    let mut files: Vec<PathBuf> =
        std::fs::read_dir(&dir).map(|rd| rd.filter_map(|e| e.ok()).map(|e| e.path()).collect()).unwrap_or_default();
    files.sort();
    for sql in files {
        let name = sql.file_stem().map(|s| s.to_string_lossy().to_string()).unwrap_or_default();
        if sql.extension().is_none_or(|x| x != "sql") || !(name.starts_with("errors_") || name.starts_with("uid_")) {
            continue;
        }
        let script = std::fs::read_to_string(&sql).unwrap_or_default();
        if !script.contains("EXPLAIN") {
            continue;
        }
        let expected = std::fs::read_to_string(sql.with_extension("expected")).unwrap_or_default();
        let cfg = RunConfig { dialect: Dialect::Flink, trace: false };
        let actual = run_to_text(&script, &cfg, &TextOptions::default());
        let (e, a) = (plans(&expected), plans(&actual));
        if e.len() != a.len() {
            failures.push(format!("{}: {} EXPLAIN blocks expected, {} printed", name, e.len(), a.len()));
            continue;
        }
        for (i, (x, y)) in e.iter().zip(&a).enumerate() {
            checked += 1;
            if x != y {
                failures.push(format!("{} EXPLAIN {}:\nFlink:\n{}ours:\n{}", name, i + 1, x, y));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(checked > 0, "no EXPLAIN block checked");
}
