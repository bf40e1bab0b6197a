//! The engine's modules depend one way only: each may use the modules below it, never one above
//! (docs/design.md, "Layers"). This reads `src/` as text, so it needs no tooling: a `crate::M`
//! path in a module's code (comments and `#[cfg(test)]` modules aside) must name a module of a
//! lower layer, or the module itself. A new top-level module must be given a layer here.

use std::path::{Path, PathBuf};

/// Bottom first. Modules of one layer may not use each other.
const LAYERS: &[&[&str]] = &[
    // the vocabulary every layer shares, errors, oracle-diff support, the one sort
    &["kinds", "error", "compare", "sort"],
    &["types", "time", "limits"],
    &["value"],
    // SQL text, script splitting, the trace contract
    &["sql", "script", "trace"],
    // scalar expressions (binding and evaluation); the oracle's text format of a trace
    &["expr", "output"],
    &["datagen", "session"],
    &["catalog"],
    // statements' data, DESCRIBE, the error hints (they read the catalog)
    &["data", "describe", "hints"],
    &["plan"],
    &["ops"],
    &["runtime"],
    // running a script, benchmarks
    &["exec", "bench"],
    // a prepared script written out for a real engine (cargo feature `export`); `joinlab test`'s report;
    // `joinlab explain-row`'s answers, read off a run's trace; the editor's completion, hover and
    // schema browser, read off the catalog the script's statements build
    &["export", "golden", "explain", "complete"],
];

fn layer_of(module: &str) -> Option<usize> {
    LAYERS.iter().position(|l| l.contains(&module))
}

/// The code of a file: comment lines and everything from the first `#[cfg(test)]` on dropped.
fn code(text: &str) -> String {
    let mut out = String::new();
    for line in text.lines() {
        let t = line.trim_start();
        if t.starts_with("#[cfg(test)]") {
            break;
        }
        if t.starts_with("//") {
            continue;
        }
        let line = match line.find("//") {
            Some(i) if !line[..i].contains('"') => &line[..i],
            _ => line,
        };
        out.push_str(line);
        out.push('\n');
    }
    out
}

/// The crate modules a text names as `crate::m`.
fn uses(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(i) = rest.find("crate::") {
        rest = &rest[i + "crate::".len()..];
        let name: String = rest.chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '_').collect();
        if !name.is_empty() && !out.contains(&name) {
            out.push(name);
        }
    }
    out
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(rd) = std::fs::read_dir(dir) else { return };
    for e in rd.flatten() {
        let p = e.path();
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

#[test]
fn a_module_uses_only_the_layers_below_it() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    files.sort();
    let mut problems = Vec::new();
    for f in &files {
        let rel = f.strip_prefix(&src).unwrap_or(f);
        let first = rel.components().next().map(|c| c.as_os_str().to_string_lossy().to_string()).unwrap_or_default();
        let module = first.trim_end_matches(".rs").to_string();
        if module == "lib" {
            continue;
        }
        let Some(mine) = layer_of(&module) else {
            problems.push(format!("{}: module `{}` has no layer in tests/layering.rs", rel.display(), module));
            continue;
        };
        let text = std::fs::read_to_string(f).unwrap_or_default();
        for used in uses(&code(&text)) {
            if used == module {
                continue;
            }
            match layer_of(&used) {
                Some(theirs) if theirs < mine => {}
                Some(_) => problems.push(format!(
                    "{}: `{}` uses `crate::{}`, which is not below it",
                    rel.display(),
                    module,
                    used
                )),
                // an item the crate root re-exports (`crate::run_script`) is the top layer
                None => {
                    problems.push(format!("{}: `{}` uses `crate::{}` (the crate root)", rel.display(), module, used))
                }
            }
        }
    }
    assert!(problems.is_empty(), "layering (docs/design.md):\n{}", problems.join("\n"));
}

#[test]
fn the_check_sees_an_upward_use() {
    // the scan itself: a use of a higher layer is found, comments and tests are not
    let text =
        "use crate::runtime::Graph;\n// crate::exec in a comment\n#[cfg(test)]\nmod tests { use crate::exec; }\n";
    assert_eq!(uses(&code(text)), vec!["runtime".to_string()]);
    assert!(layer_of("runtime") > layer_of("plan"));
}
