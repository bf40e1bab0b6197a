//! Conformance: every `tests/conformance/NAME.sql` runs under the `flink` dialect and its
//! output must match `NAME.expected`, which Apache Flink 2.3 printed (../shared/oracle), under
//! the oracle's comparison rules (rows of one step as a multiset, notes and EXPLAIN ignored).
//! One test per file: a new file is a new test.

use std::path::PathBuf;

use joinlab_engine::compare::compare;
use joinlab_engine::output::TextOptions;
use joinlab_engine::{run_to_text, Dialect, RunConfig};
use libtest_mimic::{Arguments, Failed, Trial};

fn dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/conformance")
}

fn check(sql: PathBuf) -> Result<(), Failed> {
    let script = std::fs::read_to_string(&sql).map_err(|e| format!("{}: {}", sql.display(), e))?;
    let expected_path = sql.with_extension("expected");
    let expected = std::fs::read_to_string(&expected_path)
        .map_err(|e| format!("{}: {} (every script needs the oracle's output)", expected_path.display(), e))?;
    let cfg = RunConfig { dialect: Dialect::Flink, trace: false };
    let actual = run_to_text(&script, &cfg, &TextOptions::default());
    let diffs = compare(&expected, &actual, false);
    if diffs.is_empty() {
        Ok(())
    } else {
        Err(format!("{} difference(s):\n{}", diffs.len(), diffs.join("\n")).into())
    }
}

fn main() {
    let args = Arguments::from_args();
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir())
        .map(|rd| {
            rd.filter_map(|e| e.ok()).map(|e| e.path()).filter(|p| p.extension().is_some_and(|x| x == "sql")).collect()
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
