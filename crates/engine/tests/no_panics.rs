//! Bad input never breaks the engine: every conformance script and gallery example, cut and
//! mangled in many deterministic ways, must run to an answer (output or an error) without a
//! panic — in the page a panic kills the wasm module.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};

use joinlab_engine::output::TextOptions;
use joinlab_engine::{run_script, run_to_text, Dialect, RunConfig};

/// SplitMix64: a tiny deterministic generator for the mutations.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            (self.next() % n as u64) as usize
        }
    }
}

const FRAGMENTS: &[&str] = &[
    "NULL",
    "'",
    "\"",
    "`",
    "(",
    ")",
    ",",
    ";",
    "--",
    "/*",
    "*/",
    "/*+ MULTI_JOIN(x) */",
    "/*+ STATE_TTL('a'='x') */",
    "JOIN",
    "LEFT JOIN",
    "FULL JOIN",
    "ON",
    "USING (id)",
    "NATURAL",
    "WHERE",
    "AND",
    "OR",
    "NOT IN (SELECT",
    "EXISTS",
    "TABLE(TUMBLE(",
    "DESCRIPTOR(",
    "INTERVAL '0' SECOND",
    "INTERVAL '-5' MINUTES",
    "CAST(",
    " AS ",
    "TIMESTAMP(9)",
    "DECIMAL(38, 38)",
    "99999999999999999999999999999999999999",
    "-2147483649",
    "1e309",
    "9223372036854775807",
    "@watermark",
    "@",
    "+U",
    "-D",
    "|",
    "2024-13-45 25:61:61",
    "0000-01-01 00:00:00",
    "9999-12-31 23:59:59.999",
    "SET 'joinlab.proctime-step' = 'event-time';",
    "SET 'table.exec.state.ttl' = '1 ms';",
    "SET 'table.local-time-zone' = 'Mars/Base';",
    "PRIMARY KEY (x) NOT ENFORCED",
    "WATERMARK FOR",
    "EXPLAIN CHANGELOG_MODE",
    "SELECT *",
    "FROM",
    "\u{0}",
    "é",
    "💥",
];

fn mutate(src: &str, rng: &mut Rng) -> String {
    let chars: Vec<char> = src.chars().collect();
    let mut out: Vec<char> = chars.clone();
    match rng.below(6) {
        // cut the script anywhere
        0 => out.truncate(rng.below(chars.len() + 1)),
        // delete a span
        1 => {
            let a = rng.below(out.len() + 1);
            let b = (a + 1 + rng.below(40)).min(out.len());
            out.drain(a..b);
        }
        // insert a fragment somewhere
        2 => {
            let at = rng.below(out.len() + 1);
            let f = FRAGMENTS[rng.below(FRAGMENTS.len())];
            out.splice(at..at, f.chars());
        }
        // duplicate a line
        3 => {
            let lines: Vec<&str> = src.lines().collect();
            let i = rng.below(lines.len());
            let mut v: Vec<String> = lines.iter().map(|s| s.to_string()).collect();
            if let Some(l) = lines.get(i) {
                v.insert(rng.below(v.len() + 1), l.to_string());
            }
            return v.join("\n");
        }
        // replace a number with an extreme one
        4 => {
            if let Some(pos) = (0..out.len()).filter(|&i| out[i].is_ascii_digit()).nth(rng.below(50)) {
                let f = ["0", "-1", "99999999999999999999", "2147483648", "1.5", "1e400"][rng.below(6)];
                out.splice(pos..pos + 1, f.chars());
            }
        }
        // swap two lines
        _ => {
            let mut v: Vec<String> = src.lines().map(|s| s.to_string()).collect();
            if v.len() > 1 {
                let (a, b) = (rng.below(v.len()), rng.below(v.len()));
                v.swap(a, b);
            }
            return v.join("\n");
        }
    }
    out.into_iter().collect()
}

/// Every `*.sql` under `dir`, at any depth, sorted by path.
fn sql_files(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut todo = vec![dir.to_path_buf()];
    while let Some(d) = todo.pop() {
        let Ok(rd) = std::fs::read_dir(&d) else { continue };
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

/// The conformance scripts (in their topic folders) and the gallery examples.
fn scripts() -> Vec<(PathBuf, String)> {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut v = Vec::new();
    for dir in ["tests/conformance", "www/examples"] {
        for f in sql_files(&root.join(dir)) {
            if let Ok(s) = std::fs::read_to_string(&f) {
                v.push((f, s));
            }
        }
    }
    v
}

#[test]
fn mangled_scripts_never_panic() {
    let scripts = scripts();
    assert!(scripts.len() > 50, "the conformance scripts should be found");
    let per_script: usize = std::env::var("JOINLAB_FUZZ_PER_SCRIPT").ok().and_then(|v| v.parse().ok()).unwrap_or(12);
    let mut rng = Rng(0x5EED);
    let mut failures = Vec::new();
    for (path, src) in &scripts {
        for i in 0..per_script {
            // one to three mutations on top of each other
            let mut m = mutate(src, &mut rng);
            for _ in 0..rng.below(3) {
                m = mutate(&m, &mut rng);
            }
            for dialect in [Dialect::Flink, Dialect::Confluent] {
                let r = catch_unwind(AssertUnwindSafe(|| {
                    let cfg = RunConfig { dialect, trace: i % 2 == 0 };
                    let _ = run_to_text(&m, &cfg, &TextOptions::default());
                    if cfg.trace {
                        let _ = run_script(&m, &cfg);
                    }
                }));
                if r.is_err() {
                    failures.push(format!("{} mutation {} ({:?}):\n{}\n", path.display(), i, dialect, m));
                }
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} panics; first:\n{}",
        failures.len(),
        failures.first().cloned().unwrap_or_default()
    );
}

/// Found by the `run` fuzz target (a stack overflow): a CTE that names itself or a later CTE.
/// WITH is not recursive, so the name inside a CTE's body is the table of that name, or nothing.
#[test]
fn self_referencing_ctes_do_not_recurse() {
    let pre = "CREATE TABLE t (a INT, b INT);\n@t 1 | 2\n";
    let run = |q: &str| {
        let s = format!("{}{}\n", pre, q);
        // a thread with a small stack, as in wasm: an unbounded recursion fails fast
        let h = std::thread::Builder::new().stack_size(4 << 20).spawn(move || {
            run_to_text(&s, &RunConfig { dialect: Dialect::Flink, trace: false }, &TextOptions::default())
        });
        h.unwrap().join().unwrap()
    };
    let out = run("WITH t AS (SELECT a + 10 AS a FROM t) SELECT * FROM t;");
    assert!(out.contains("+I[11]"), "the CTE's body reads the table t:\n{}", out);
    let out = run("WITH a AS (SELECT * FROM a) SELECT * FROM a;");
    assert!(out.contains("Object 'a' not found"), "{}", out);
    let out = run("WITH a AS (SELECT * FROM b), b AS (SELECT * FROM a) SELECT * FROM a;");
    assert!(out.contains("Object 'b' not found"), "{}", out);
    let out = run("WITH a AS (SELECT a AS x FROM t), b AS (SELECT x FROM a) SELECT * FROM b;");
    assert!(out.contains("+I[1]"), "a later CTE sees an earlier one:\n{}", out);
}
