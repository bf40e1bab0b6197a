//! `joinlab test [DIR] [--dialect D] [--update] [--strict-errors]`: the golden-file loop the
//! project runs on its own conformance scripts, for anyone's Flink SQL. Every `NAME.sql` below DIR
//! (default: the current folder; folders whose name starts with `.` are skipped) that has a
//! `NAME.expected` beside it runs as `joinlab run` runs it and is compared with it
//! ([`joinlab_engine::golden`] says how, and what is printed: the npm package's `joinlab test`
//! prints the same). The exit code is 0 when all pass, 1 when one fails, 2 when there is nothing
//! to test or a file cannot be read. `--update` writes `NAME.expected` for every `NAME.sql` (new
//! ones too) instead. This file finds, reads and writes the files.

use std::path::{Path, PathBuf};

use joinlab_engine::golden::{output, report, written, Case};
use joinlab_engine::{Dialect, RunConfig};

/// What `joinlab test` was asked for.
pub struct Options<'a> {
    pub dir: &'a str,
    pub dialect: Dialect,
    pub update: bool,
    pub strict_errors: bool,
}

/// The `.sql` files below `dir`, in path order (the same order on every machine).
fn scripts(dir: &Path, out: &mut Vec<PathBuf>) -> Result<(), String> {
    let entries = std::fs::read_dir(dir).map_err(|e| format!("cannot read the folder {}: {}", dir.display(), e))?;
    let mut paths: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    paths.sort();
    for p in paths {
        let hidden = p.file_name().and_then(|n| n.to_str()).is_some_and(|n| n.starts_with('.'));
        if p.is_dir() {
            if !hidden {
                scripts(&p, out)?;
            }
        } else if p.extension().is_some_and(|x| x == "sql") {
            out.push(p);
        }
    }
    Ok(())
}

/// `path` as the person typed its folder.
fn shown(path: &Path) -> String {
    path.strip_prefix("./").unwrap_or(path).display().to_string()
}

fn read(f: &Path) -> Result<String, String> {
    std::fs::read_to_string(f).map_err(|e| format!("cannot read {}: {}", f.display(), e))
}

/// Runs the command; `Ok(true)` when every script passed (or was written).
pub fn run(o: &Options) -> Result<bool, String> {
    let mut files = Vec::new();
    scripts(Path::new(o.dir), &mut files)?;
    let cfg = RunConfig { dialect: o.dialect, trace: false };
    if o.update {
        let mut done = Vec::new();
        for f in &files {
            let expected = f.with_extension("expected");
            std::fs::write(&expected, output(&read(f)?, &cfg))
                .map_err(|e| format!("cannot write {}: {}", expected.display(), e))?;
            done.push(shown(&expected));
        }
        say!("{}", written(&done, o.dir)?);
        return Ok(true);
    }
    let mut cases = Vec::new();
    for f in &files {
        let e = f.with_extension("expected");
        let expected = if e.is_file() { Some((shown(&e), read(&e)?)) } else { None };
        cases.push(Case { shown: shown(f), script: read(f)?, expected });
    }
    let r = report(&cases, o.dir, &cfg, o.strict_errors)?;
    say!("{}", r.text);
    Ok(r.failed == 0)
}
