//! EXPLAIN against Flink's: for the conformance scenarios of a folder that have EXPLAIN
//! statements, each block's "== Optimized Execution Plan ==" section must equal the one Flink
//! printed in the oracle's `.expected` (an `ERROR:` line by its first line). JoinLab prints the
//! changelog modes of `EXPLAIN CHANGELOG_MODE` in that section (Flink only in its physical plan):
//! they are left out here. The conformance comparison ignores EXPLAIN blocks; this test does not.
//!
//! * `ptf/` (the call binder's `errors_*` and `uid_*` scenarios): the `ProcessTableFunction(
//!   invocation=[…], uid=[…], select=[…], rowType=[…])` line, its Exchanges, sub-plan reuse
//!   `(reuse_id=[1])` / `Reused(reference_id=[1])`.
//! * `lookup_join/`: the `LookupJoin(table=[…], joinType=[…], lookup=[…], where=[…],
//!   joinCondition=[…], select=[…])` line and the probe side's pruning.
//!
//! Known differences, skipped (block numbers from 1):
//! * `lookup_updating_probe` 1: an upsert probe. Flink's EXPLAIN reads the upsert stream as it is
//!   (`upsertKey=[[0]]`, no ChangelogNormalize); the executed plan normalizes, because the
//!   collecting sink needs `-U` rows (docs/design.md), and JoinLab prints what it runs.

use std::path::PathBuf;

use joinlab_engine::output::TextOptions;
use joinlab_engine::{run_to_text, Dialect, RunConfig};

const SKIP: &[(&str, usize)] = &[("lookup_updating_probe", 1)];

/// The execution plan (or the `ERROR:` line) of each EXPLAIN block, in order, without
/// `changelogMode=[…]`.
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
        if line.starts_with("ERROR:") {
            if let Some(c) = cur.as_mut() {
                c.push_str(line);
                c.push('\n');
            }
            in_exec = false;
            continue;
        }
        if line.starts_with("== ") || line.starts_with("# note") {
            in_exec = false;
            continue;
        }
        if let (true, Some(c)) = (in_exec, cur.as_mut()) {
            let mut l = line.to_string();
            while let Some(at) = l.find(", changelogMode=[") {
                let end = l[at..].find(']').map(|e| at + e + 1).unwrap_or(l.len());
                l.replace_range(at..end, "");
            }
            c.push_str(&l);
            c.push('\n');
        }
    }
    if let Some(c) = cur {
        out.push(c);
    }
    out
}

/// Compares the EXPLAIN blocks of the scenarios of `folder` whose names `pick` accepts; returns
/// how many blocks were compared.
fn check(folder: &str, pick: fn(&str) -> bool) -> usize {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/conformance").join(folder);
    let mut checked = 0;
    let mut failures = Vec::new();
    let mut files: Vec<PathBuf> =
        std::fs::read_dir(&dir).map(|rd| rd.filter_map(|e| e.ok()).map(|e| e.path()).collect()).unwrap_or_default();
    files.sort();
    for sql in files {
        let name = sql.file_stem().map(|s| s.to_string_lossy().to_string()).unwrap_or_default();
        if sql.extension().is_none_or(|x| x != "sql") || !pick(&name) {
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
            if SKIP.contains(&(name.as_str(), i + 1)) {
                continue;
            }
            checked += 1;
            let (x, y) = if x.starts_with("ERROR:") {
                (x.lines().next().unwrap_or("").to_string(), y.lines().next().unwrap_or("").to_string())
            } else {
                (x.clone(), y.clone())
            };
            if x != y {
                failures.push(format!("{} EXPLAIN {}:\nFlink:\n{}\nours:\n{}", name, i + 1, x, y));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    checked
}

#[test]
fn ptf_explain_matches_flink() {
    let checked = check("ptf", |n| n.starts_with("errors_") || n.starts_with("uid_"));
    assert!(checked > 0, "no EXPLAIN block checked");
}

#[test]
fn lookup_join_explain_matches_flink() {
    let checked = check("lookup_join", |_| true);
    assert!(checked >= 8, "only {} EXPLAIN blocks checked", checked);
}

/// Batch mode: Flink's rejection of a temporal join at EXPLAIN, its `$corN` counted across the
/// script (JoinLab prints no batch plans: an EXPLAIN that Flink plans answers not supported yet).
#[test]
fn batch_explain_errors_match_flink() {
    let checked = check("batch", |_| true);
    assert!(checked >= 3, "only {} EXPLAIN blocks checked", checked);
}

/// A JDBC table (`'connector' = 'jdbc'`, Flink's lookup source; the oracle has no JDBC) is
/// looked up like the oracle's `'lookup' = 'true'` table: the same output for l2's data.
#[test]
fn jdbc_tables_are_looked_up_like_lookup_tables() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/conformance/lookup_join");
    let script = std::fs::read_to_string(dir.join("l2_upsert_store_updates.sql")).unwrap_or_default();
    assert!(script.contains("'lookup' = 'true'"));
    let jdbc = script.replace("'lookup' = 'true'", "'connector' = 'jdbc', 'table-name' = 'customers'");
    let cfg = RunConfig { dialect: Dialect::Flink, trace: false };
    let (a, b) =
        (run_to_text(&script, &cfg, &TextOptions::default()), run_to_text(&jdbc, &cfg, &TextOptions::default()));
    assert!(a.contains("+I[105, 60, Bobby, bronze]"), "{}", a);
    assert_eq!(a, b);
}
