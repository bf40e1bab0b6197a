//! Determinism: the same script run by two separate processes gives byte-identical text
//! output and trace, for every conformance script (`tests/conformance/**/*.sql`) and both dialects.

use std::path::{Path, PathBuf};
use std::process::Command;

fn run(args: &[&str]) -> Vec<u8> {
    let out = Command::new(env!("CARGO_BIN_EXE_joinlab")).args(args).output().expect("joinlab runs");
    assert!(out.status.success(), "joinlab {:?} failed: {}", args, String::from_utf8_lossy(&out.stderr));
    out.stdout
}

/// Every `*.sql` under `dir`, at any depth (the topic folders), sorted by path.
fn sql_files(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut todo = vec![dir.to_path_buf()];
    while let Some(d) = todo.pop() {
        let rd = std::fs::read_dir(&d).unwrap_or_else(|e| panic!("{}: {}", d.display(), e));
        for p in rd.filter_map(|e| e.ok().map(|e| e.path())) {
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

#[test]
fn two_processes_give_identical_bytes() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/conformance");
    let files = sql_files(&dir);
    assert!(!files.is_empty(), "no scripts under {}", dir.display());
    for f in files {
        let f = f.to_string_lossy().to_string();
        for dialect in ["flink", "confluent"] {
            for format in ["text", "trace-json"] {
                let args = ["run", f.as_str(), "--dialect", dialect, "--format", format];
                let a = run(&args);
                let b = run(&args);
                assert!(!a.is_empty());
                assert_eq!(a, b, "{} ({}, {}) differs between two runs", f, dialect, format);
            }
        }
    }
}
