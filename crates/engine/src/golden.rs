//! What `joinlab test` prints, for the native CLI (crates/cli/src/golden.rs) and the npm
//! package's (packages/joinlab/bin/joinlab.js) alike: they find the files and read and write
//! them, this runs each script and says how it compares with its expected output by the oracle's
//! rules ([`crate::compare`]: the rows of one step as a multiset, `# note:` lines and EXPLAIN
//! blocks ignored, error blocks matched by their presence, or their first line when strict).

use crate::compare::compare;
use crate::exec::{run_to_text, RunConfig};
use crate::output::TextOptions;

/// One `NAME.sql`, as the person sees its path, with its `NAME.expected` when it has one.
pub struct Case {
    pub shown: String,
    pub script: String,
    /// The expected file's path as shown, and its text.
    pub expected: Option<(String, String)>,
}

/// The report: the lines to print, and how many scripts passed and failed.
pub struct Report {
    pub text: String,
    pub passed: usize,
    pub failed: usize,
}

/// What `joinlab run` prints for `script` (what `--update` writes).
pub fn output(script: &str, cfg: &RunConfig) -> String {
    run_to_text(script, cfg, &TextOptions { quiet_steps: false })
}

/// Runs and compares every case that has an expected file: `PASS` or `FAIL` with its
/// differences, then the cases without one, then the counts. An error (the text to print, exit
/// code 2) when no case has an expected file.
pub fn report(cases: &[Case], dir: &str, cfg: &RunConfig, strict_errors: bool) -> Result<Report, String> {
    let mut r = Report { text: String::new(), passed: 0, failed: 0 };
    let mut without = Vec::new();
    for c in cases {
        let Some((shown_expected, expected)) = &c.expected else {
            without.push(c.shown.as_str());
            continue;
        };
        let diffs = compare(expected, &output(&c.script, cfg), strict_errors);
        if diffs.is_empty() {
            r.passed += 1;
            r.text.push_str(&format!("PASS  {}\n", c.shown));
        } else {
            r.failed += 1;
            r.text.push_str(&format!("FAIL  {}  (against {})\n", c.shown, shown_expected));
            for line in diffs.iter().flat_map(|d| d.lines()) {
                r.text.push_str(&format!("      {}\n", line));
            }
        }
    }
    for w in &without {
        r.text.push_str(&format!("skip  {}  (no .expected beside it: joinlab test --update writes one)\n", w));
    }
    if r.passed + r.failed == 0 {
        return Err(format!("no NAME.sql with a NAME.expected beside it below {}", dir));
    }
    let rest = if without.is_empty() { String::new() } else { format!(", {} without an expected file", without.len()) };
    r.text.push_str(&format!("{} passed, {} failed{}\n", r.passed, r.failed, rest));
    Ok(r)
}

/// What `--update` prints once it wrote the expected files `written` (as shown); an error when
/// there was no script below `dir`.
pub fn written(written: &[String], dir: &str) -> Result<String, String> {
    if written.is_empty() {
        return Err(format!("no NAME.sql below {}", dir));
    }
    let mut text: String = written.iter().map(|w| format!("wrote {}\n", w)).collect();
    text.push_str(&format!("{} expected file{} written\n", written.len(), if written.len() == 1 { "" } else { "s" }));
    Ok(text)
}
