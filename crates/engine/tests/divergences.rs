//! Known divergences (tests/divergences/README.md): where Flink 2.3's output is a planner bug or
//! a race between its tasks, JoinLab deliberately gives other output. One test per
//! `tests/divergences/NAME.sql` (not `NAME.reference.sql`), found by glob: a new file is a new
//! test. `NAME.expected` is what Flink printed for the script; header lines in the script's
//! leading comment say what JoinLab's output must show against it:
//!
//! * `-- divergence: reference` — Flink's output is a bug. `NAME.reference.expected` is what Flink
//!   printed for the same queries written so that the bug does not trigger
//!   (`NAME.reference.sql`): JoinLab must match the reference and still differ from the buggy
//!   output.
//! * `-- divergence: materialized` — Flink's changelog order is a race: the `== materialized …`
//!   blocks (what the changelog adds up to) must equal Flink's, not the changelog's order.
//! * `-- divergence-note: TEXT` — JoinLab's output must contain TEXT (it says why it differs).
//!
//! A script without a `-- divergence:` line fails: it must say what it checks.
//! `cargo test -p joinlab-engine --test divergences -- NAME` runs one.

use std::path::{Path, PathBuf};

use joinlab_engine::compare::compare;
use joinlab_engine::output::TextOptions;
use joinlab_engine::{run_to_text, Dialect, RunConfig};
use libtest_mimic::{Arguments, Failed, Trial};

fn dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/divergences")
}

fn read(p: &Path) -> Result<String, Failed> {
    std::fs::read_to_string(p).map_err(|e| format!("{}: {}", p.display(), e).into())
}

/// The values of `-- KEY: value` lines in the script's leading comment.
fn header(script: &str, key: &str) -> Vec<String> {
    script
        .lines()
        .take_while(|l| l.trim_start().starts_with("--"))
        .filter_map(|l| l.trim_start().strip_prefix("--")?.trim_start().strip_prefix(key)?.strip_prefix(':'))
        .map(|v| v.trim().to_string())
        .collect()
}

/// The `== materialized …` blocks of each query: what the changelog adds up to.
fn materialized(text: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut on = false;
    for line in text.lines() {
        if line.starts_with("== query") {
            on = false;
            out.push(line.to_string());
        } else if line.starts_with("== materialized") {
            on = true;
            out.push(line.to_string());
        } else if on {
            out.push(line.to_string());
        }
    }
    out
}

fn check(sql: PathBuf) -> Result<(), Failed> {
    let script = read(&sql)?;
    let kinds = header(&script, "divergence");
    if kinds.is_empty() {
        return Err(format!("{}: no `-- divergence:` header line says what to check", sql.display()).into());
    }
    let ours = run_to_text(&script, &RunConfig { dialect: Dialect::Flink, trace: false }, &TextOptions::default());
    let flink = read(&sql.with_extension("expected"))?;
    for kind in &kinds {
        match kind.as_str() {
            "reference" => {
                let reference = compare(&read(&sql.with_extension("reference.expected"))?, &ours, false);
                assert!(reference.is_empty(), "JoinLab should give Flink's correct rows:\n{}", reference.join("\n"));
                let buggy = compare(&flink, &ours, false);
                assert!(!buggy.is_empty(), "Flink 2.3's wrong rows are no longer different: update tests/divergences");
            }
            "materialized" => {
                // Flink: e.g. a row reaches two reads of one table in separate tasks, so the order of a
                // step's changelog differs between oracle runs (`run-scenario --check --repeat 4` reports
                // NONDETERMINISTIC); the materialized result does not. JoinLab delivers the row to its
                // reads in FROM order, each completely before the next.
                let (a, b) = (materialized(&flink), materialized(&ours));
                assert!(a.len() > 8, "the oracle output has materialized blocks:\n{}", flink);
                assert_eq!(a, b, "the final results must agree with Flink's");
            }
            other => return Err(format!("{}: unknown `-- divergence: {}`", sql.display(), other).into()),
        }
    }
    for note in header(&script, "divergence-note") {
        assert!(ours.contains(&note), "the query should say why it differs ({:?})", note);
    }
    Ok(())
}

fn main() {
    let args = Arguments::from_args();
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir())
        .map(|rd| {
            rd.filter_map(|e| e.ok())
                .map(|e| e.path())
                .filter(|p| p.extension().is_some_and(|x| x == "sql"))
                .filter(|p| !p.to_string_lossy().ends_with(".reference.sql"))
                .collect()
        })
        .unwrap_or_default();
    files.sort();
    let trials = files
        .into_iter()
        .map(|p| {
            let name = p.file_stem().map(|s| s.to_string_lossy().to_string()).unwrap_or_default();
            Trial::test(name, move || check(p))
        })
        .collect();
    libtest_mimic::run(&args, trials).exit();
}
