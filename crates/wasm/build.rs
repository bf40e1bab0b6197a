//! Embeds the conformance scripts and the oracle's outputs for the wasm tests (which cannot
//! read files): `$OUT_DIR/conformance_cases.rs` holds `CASES: &[(name, sql, expected)]`, one
//! entry per `tests/conformance/TOPIC/NAME.sql` at any depth, named `TOPIC/NAME` as in the
//! native conformance test.

use std::fmt::Write;
use std::path::{Path, PathBuf};

/// Every `*.sql` under `dir`, at any depth, sorted by path; tells Cargo to rerun on any change
/// in the tree (each folder, for files added or removed, and each file).
fn sql_files(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut todo = vec![dir.to_path_buf()];
    while let Some(d) = todo.pop() {
        println!("cargo:rerun-if-changed={}", d.display());
        let Ok(rd) = std::fs::read_dir(&d) else { continue };
        for p in rd.filter_map(|e| e.ok()).map(|e| e.path()) {
            if p.is_dir() {
                todo.push(p);
            } else {
                println!("cargo:rerun-if-changed={}", p.display());
                if p.extension().is_some_and(|x| x == "sql") {
                    files.push(p);
                }
            }
        }
    }
    files.sort();
    files
}

fn main() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/conformance");
    let mut out = String::from("pub const CASES: &[(&str, &str, &str)] = &[\n");
    for sql in sql_files(&dir) {
        let rel = sql.strip_prefix(&dir).unwrap_or(&sql).with_extension("");
        let name = rel.components().map(|c| c.as_os_str().to_string_lossy()).collect::<Vec<_>>().join("/");
        let exp = sql.with_extension("expected");
        let _ = writeln!(
            out,
            "    ({:?}, include_str!({:?}), include_str!({:?})),",
            name,
            sql.display().to_string(),
            exp.display().to_string()
        );
    }
    out.push_str("];\n");
    let dest = Path::new(&std::env::var("OUT_DIR").unwrap_or_else(|_| ".".into())).join("conformance_cases.rs");
    let _ = std::fs::write(dest, out);
}
