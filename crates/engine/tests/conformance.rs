//! Conformance: every `tests/conformance/TOPIC/NAME.sql` runs under the `flink` dialect and its
//! output must match `NAME.expected` beside it, which Apache Flink 2.3 printed (../shared/oracle),
//! under the oracle's comparison rules (rows of one step as a multiset, notes and EXPLAIN
//! ignored), errors word for word (`--strict-errors`: Flink's message and position) unless the
//! script has a line `-- errors: loose, <why>`. One test per file, found by a recursive walk: a new file, in any topic folder, is a
//! new test.
//!
//! A test is named `TOPIC/NAME` (its path under `tests/conformance/` without `.sql`), so libtest's
//! filter picks a topic or one scenario:
//!
//! ```sh
//! cargo test -p joinlab-engine --test conformance -- window_join/          # one topic folder
//! cargo test -p joinlab-engine --test conformance -- join_two_keys         # any name containing it
//! cargo test -p joinlab-engine --test conformance -- --exact window_join/join_two_keys
//! cargo test -p joinlab-engine --test conformance -- --list                # every test name
//! ```
//!
//! The stem `NAME` must be unique across all folders (docs and comments cite scenarios by it): a
//! file whose stem is also used in another folder fails its test.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use joinlab_engine::compare::compare;
use joinlab_engine::output::TextOptions;
use joinlab_engine::{run_to_text, Dialect, RunConfig};
use libtest_mimic::{Arguments, Failed, Trial};

fn dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/conformance")
}

/// Every `*.sql` under `dir`, at any depth, sorted by path.
fn sql_files(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut todo = vec![dir.to_path_buf()];
    while let Some(d) = todo.pop() {
        let Ok(rd) = std::fs::read_dir(&d) else { continue };
        for p in rd.filter_map(|e| e.ok()).map(|e| e.path()) {
            if p.is_dir() {
                todo.push(p);
            } else if p.extension().is_some_and(|x| x == "sql") {
                files.push(p);
            }
        }
    }
    files.sort();
    files
}

/// `TOPIC/NAME` for `dir/TOPIC/NAME.sql` (`/`-separated on every platform).
fn test_name(dir: &Path, sql: &Path) -> String {
    let rel = sql.strip_prefix(dir).unwrap_or(sql).with_extension("");
    rel.components().map(|c| c.as_os_str().to_string_lossy()).collect::<Vec<_>>().join("/")
}

fn stem(p: &Path) -> String {
    p.file_stem().map(|s| s.to_string_lossy().to_string()).unwrap_or_default()
}

fn check(sql: PathBuf, same_stem: Vec<String>) -> Result<(), Failed> {
    if !same_stem.is_empty() {
        return Err(format!(
            "the name {:?} is also used by {}: stems must be unique",
            stem(&sql),
            same_stem.join(", ")
        )
        .into());
    }
    let script = std::fs::read_to_string(&sql).map_err(|e| format!("{}: {}", sql.display(), e))?;
    let expected_path = sql.with_extension("expected");
    let expected = std::fs::read_to_string(&expected_path)
        .map_err(|e| format!("{}: {} (every script needs the oracle's output)", expected_path.display(), e))?;
    let cfg = RunConfig { dialect: Dialect::Flink, trace: false };
    let actual = run_to_text(&script, &cfg, &TextOptions::default());
    // errors are compared word for word (Flink's message and position) unless the script
    // says why it cannot be (`-- errors: loose, <reason>`)
    let strict = !script.lines().any(|l| l.trim_start().starts_with("-- errors: loose"));
    let diffs = compare(&expected, &actual, strict);
    if diffs.is_empty() {
        Ok(())
    } else {
        Err(format!("{} difference(s):\n{}", diffs.len(), diffs.join("\n")).into())
    }
}

fn main() {
    let args = Arguments::from_args();
    let dir = dir();
    let files = sql_files(&dir);
    let mut by_stem: HashMap<String, Vec<String>> = HashMap::new();
    for p in &files {
        by_stem.entry(stem(p)).or_default().push(test_name(&dir, p));
    }
    let trials = files
        .into_iter()
        .map(|p| {
            let name = test_name(&dir, &p);
            let others = by_stem.get(&stem(&p)).map(|v| v.as_slice()).unwrap_or_default();
            let same_stem: Vec<String> = others.iter().filter(|n| **n != name).cloned().collect();
            Trial::test(name, move || check(p, same_stem))
        })
        .collect();
    libtest_mimic::run(&args, trials).exit();
}
