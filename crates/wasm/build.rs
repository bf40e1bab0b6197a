//! Embeds the conformance scripts and the oracle's outputs for the wasm tests (which cannot
//! read files): `$OUT_DIR/conformance_cases.rs` holds `CASES: &[(name, sql, expected)]`.

use std::fmt::Write;
use std::path::Path;

fn main() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/conformance");
    println!("cargo:rerun-if-changed={}", dir.display());
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .map(|rd| {
            rd.filter_map(|e| e.ok())
                .map(|e| e.path())
                .filter(|p| p.extension().is_some_and(|x| x == "sql"))
                .filter_map(|p| p.file_stem().map(|s| s.to_string_lossy().to_string()))
                .collect()
        })
        .unwrap_or_default();
    names.sort();
    let mut out = String::from("pub const CASES: &[(&str, &str, &str)] = &[\n");
    for n in names {
        let sql = dir.join(format!("{}.sql", n));
        let exp = dir.join(format!("{}.expected", n));
        let _ = writeln!(
            out,
            "    ({:?}, include_str!({:?}), include_str!({:?})),",
            n,
            sql.display().to_string(),
            exp.display().to_string()
        );
    }
    out.push_str("];\n");
    let dest = Path::new(&std::env::var("OUT_DIR").unwrap_or_else(|_| ".".into())).join("conformance_cases.rs");
    let _ = std::fs::write(dest, out);
}
