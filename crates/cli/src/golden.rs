//! `joinlab test [DIR] [--dialect D] [--update] [--strict-errors]`: the golden-file loop the
//! project runs on its own conformance scripts, for anyone's Flink SQL. Every `NAME.sql` below DIR
//! (default: the current folder; folders whose name starts with `.` are skipped) that has a
//! `NAME.expected` beside it runs as `joinlab run` runs it, and its text output is compared with the
//! expected one by the oracle's rules ([`joinlab_engine::compare`]: the rows of one step as a
//! multiset, `# note:` lines and EXPLAIN blocks ignored, error blocks matched by their presence, or by
//! their first line with `--strict-errors`). Each script prints `PASS` or `FAIL` with what differs;
//! the exit code is 0 when all pass, 1 when one fails, 2 when there is nothing to test or a file
//! cannot be read. `--update` writes `NAME.expected` for every `NAME.sql` (new ones too) instead.

use std::path::{Path, PathBuf};

use joinlab_engine::output::TextOptions;
use joinlab_engine::{run_to_text, Dialect, RunConfig};

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

/// `path` as the person typed its folder (relative to DIR's parent when they gave one).
fn shown(path: &Path) -> String {
    path.strip_prefix("./").unwrap_or(path).display().to_string()
}

/// Runs the command; `Ok(true)` when every script passed (or was written).
pub fn run(o: &Options) -> Result<bool, String> {
    let mut files = Vec::new();
    scripts(Path::new(o.dir), &mut files)?;
    let cfg = RunConfig { dialect: o.dialect, trace: false };
    let text = |script: &str| run_to_text(script, &cfg, &TextOptions { quiet_steps: false });
    if o.update {
        for f in &files {
            let script = std::fs::read_to_string(f).map_err(|e| format!("cannot read {}: {}", f.display(), e))?;
            let expected = f.with_extension("expected");
            std::fs::write(&expected, text(&script))
                .map_err(|e| format!("cannot write {}: {}", expected.display(), e))?;
            sayln!("wrote {}", shown(&expected));
        }
        if files.is_empty() {
            return Err(format!("no NAME.sql below {}", o.dir));
        }
        sayln!("{} expected file{} written", files.len(), if files.len() == 1 { "" } else { "s" });
        return Ok(true);
    }
    let (mut passed, mut failed, mut without) = (0usize, 0usize, Vec::new());
    for f in &files {
        let expected_path = f.with_extension("expected");
        if !expected_path.is_file() {
            without.push(shown(f));
            continue;
        }
        let script = std::fs::read_to_string(f).map_err(|e| format!("cannot read {}: {}", f.display(), e))?;
        let expected = std::fs::read_to_string(&expected_path)
            .map_err(|e| format!("cannot read {}: {}", expected_path.display(), e))?;
        let diffs = joinlab_engine::compare::compare(&expected, &text(&script), o.strict_errors);
        if diffs.is_empty() {
            passed += 1;
            sayln!("PASS  {}", shown(f));
        } else {
            failed += 1;
            sayln!("FAIL  {}  (against {})", shown(f), shown(&expected_path));
            for d in &diffs {
                for line in d.lines() {
                    sayln!("      {}", line);
                }
            }
        }
    }
    for w in &without {
        sayln!("skip  {}  (no .expected beside it: joinlab test --update writes one)", w);
    }
    if passed + failed == 0 {
        return Err(format!("no NAME.sql with a NAME.expected beside it below {}", o.dir));
    }
    sayln!(
        "{} passed, {} failed{}",
        passed,
        failed,
        if without.is_empty() { String::new() } else { format!(", {} without an expected file", without.len()) }
    );
    Ok(failed == 0)
}
