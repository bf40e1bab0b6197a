//! Determinism: the same script run by two separate processes gives byte-identical text
//! output and trace, for every conformance script and both dialects.

use std::path::PathBuf;
use std::process::Command;

fn run(args: &[&str]) -> Vec<u8> {
    let out = Command::new(env!("CARGO_BIN_EXE_joinlab")).args(args).output().expect("joinlab runs");
    assert!(out.status.success(), "joinlab {:?} failed: {}", args, String::from_utf8_lossy(&out.stderr));
    out.stdout
}

#[test]
fn two_processes_give_identical_bytes() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/conformance");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("tests/conformance exists")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "sql"))
        .collect();
    files.sort();
    assert!(!files.is_empty());
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
