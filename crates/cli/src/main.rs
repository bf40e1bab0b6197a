//! `joinlab`: run Flink SQL join scripts from a terminal.
//!
//! ```text
//! joinlab run FILE.sql [--dialect flink|confluent] [--quiet-steps] [--format text|trace-json|packed]
//! joinlab explain FILE.sql [--dialect …]
//! joinlab explain-row FILE.sql --row TABLE#K [--with TABLE#K] [--query N] [--dialect …]
//! joinlab export --target flink|confluent FILE.sql [-o OUT.sql] [--dialect …]
//! joinlab test [DIR] [--dialect …] [--update] [--strict-errors]
//! joinlab bench w1 [--rows N] [--trace]
//! ```

/// `print!` that never panics: a reader that went away (`joinlab run F | head`) ends the program
/// quietly, as it ends other command-line tools; any other write error is said on stderr.
macro_rules! say {
    ($($t:tt)*) => { $crate::out(format_args!($($t)*)) };
}

/// `println!` as [`say!`].
macro_rules! sayln {
    () => { $crate::out(format_args!("\n")) };
    ($($t:tt)*) => { $crate::out(format_args!("{}\n", format_args!($($t)*))) };
}

mod alloc;
mod bench;
mod golden;

/// Writes to standard output (see [`say!`]).
pub fn out(text: std::fmt::Arguments) {
    use std::io::Write;
    let mut o = std::io::stdout().lock();
    if let Err(e) = o.write_fmt(text).and_then(|_| o.flush()) {
        if e.kind() == std::io::ErrorKind::BrokenPipe {
            std::process::exit(0);
        }
        eprintln!("joinlab: cannot write the output: {}", e);
        std::process::exit(1);
    }
}

/// Writes bytes to standard output (a closed pipe ends the program quietly, as [`out`]).
pub fn out_bytes(bytes: &[u8]) {
    use std::io::Write;
    let mut o = std::io::stdout().lock();
    if let Err(e) = o.write_all(bytes).and_then(|_| o.flush()) {
        if e.kind() == std::io::ErrorKind::BrokenPipe {
            std::process::exit(0);
        }
        eprintln!("joinlab: cannot write the output: {}", e);
        std::process::exit(1);
    }
}

/// mimalloc: the engine allocates rows at every operator hop; it is faster than the system
/// allocator for that pattern (measured with `joinlab bench`). Plain blocks where they are
/// aligned enough ([`alloc`]).
#[global_allocator]
static GLOBAL: alloc::Mimalloc = alloc::Mimalloc;

use std::process::ExitCode;

use joinlab_engine::output::TextOptions;
use joinlab_engine::{run_script, run_to_text, Dialect, RunConfig};

const USAGE: &str = "usage:
  joinlab run FILE.sql [--dialect flink|confluent] [--quiet-steps] [--format text|trace-json|packed]
  joinlab explain FILE.sql [--dialect flink|confluent]
  joinlab explain-row FILE.sql --row TABLE#K [--with TABLE#K] [--query N] [--dialect flink|confluent]
  joinlab export --target flink|confluent FILE.sql [-o OUT.sql] [--dialect flink|confluent]
  joinlab test [DIR] [--dialect flink|confluent] [--update] [--strict-errors]
  joinlab bench w1|w2-inner|w2-left|w4-inner|w4-left|w5-inner|w5-left|w3-cascade|w3-multi|lookup-key|lookup-vector|gen|insert-parse [--rows N] [--trace] [--repeat K]

FILE may be - for standard input. The default dialect is confluent; conformance scripts run
with --dialect flink. `test` runs every NAME.sql below DIR (default .) that has a NAME.expected
beside it and compares its output, the rows of a step as a multiset (exit 1 on a difference);
--update writes the expected files. `export` writes the script for Apache Flink's SQL client
(tables on Kafka) or Confluent Cloud (docs/export.md); a script JoinLab cannot run exports
nothing and prints why (exit 1). `explain-row` says why the K-th row of TABLE (in arrival order,
from 1) is or is not in query N's result (default 1), from the run's own events (docs/explain.md);
with --with, why those two rows (one of each side) did or did not join with each other.";

struct Args {
    cmd: String,
    file: Option<String>,
    dialect: Dialect,
    quiet_steps: bool,
    format: String,
    rows: Option<u64>,
    trace: bool,
    repeat: u32,
    update: bool,
    strict_errors: bool,
    target: Option<String>,
    output: Option<String>,
    query: usize,
    row: Option<String>,
    with: Option<String>,
}

fn parse_args() -> Result<Args, String> {
    let mut it = std::env::args().skip(1);
    let cmd = it.next().ok_or_else(|| USAGE.to_string())?;
    let mut a = Args {
        cmd,
        file: None,
        dialect: Dialect::Confluent,
        quiet_steps: false,
        format: "text".into(),
        rows: None,
        trace: false,
        repeat: 3,
        update: false,
        strict_errors: false,
        target: None,
        output: None,
        query: 1,
        row: None,
        with: None,
    };
    while let Some(x) = it.next() {
        match x.as_str() {
            "--dialect" => {
                let v = it.next().ok_or("--dialect needs flink or confluent")?;
                a.dialect =
                    Dialect::parse(&v).ok_or_else(|| format!("unknown dialect '{}' (flink or confluent)", v))?;
            }
            "--quiet-steps" => a.quiet_steps = true,
            "--format" => a.format = it.next().ok_or("--format needs text, trace-json or packed")?,
            "--rows" => {
                let v = it.next().ok_or("--rows needs a number")?;
                a.rows = Some(v.replace('_', "").parse().map_err(|_| format!("bad --rows '{}'", v))?);
            }
            "--repeat" => {
                let v = it.next().ok_or("--repeat needs a number")?;
                a.repeat = v.parse().map_err(|_| format!("bad --repeat '{}'", v))?;
            }
            "--trace" => a.trace = true,
            "--update" => a.update = true,
            "--strict-errors" => a.strict_errors = true,
            "--target" => a.target = Some(it.next().ok_or("--target needs flink or confluent")?),
            "-o" | "--output" => a.output = Some(it.next().ok_or("-o needs a file")?),
            "--query" => {
                let v = it.next().ok_or("--query needs a number")?;
                a.query =
                    v.parse().ok().filter(|&n| n > 0).ok_or_else(|| format!("bad --query '{}' (1 is the first)", v))?;
            }
            "--row" => a.row = Some(it.next().ok_or("--row needs TABLE#K")?),
            "--with" => a.with = Some(it.next().ok_or("--with needs TABLE#K")?),
            "-h" | "--help" => return Err(USAGE.to_string()),
            f if a.file.is_none() && (!f.starts_with('-') || f == "-") => a.file = Some(f.to_string()),
            other => return Err(format!("unknown argument '{}'\n{}", other, USAGE)),
        }
    }
    Ok(a)
}

fn read(file: &Option<String>) -> Result<String, String> {
    match file.as_deref() {
        None => Err(format!("missing FILE\n{}", USAGE)),
        Some("-") => {
            let mut s = String::new();
            std::io::Read::read_to_string(&mut std::io::stdin(), &mut s).map_err(|e| e.to_string())?;
            Ok(s)
        }
        Some(f) => std::fs::read_to_string(f).map_err(|e| format!("cannot read {}: {}", f, e)),
    }
}

fn main() -> ExitCode {
    alloc::configure();
    let a = match parse_args() {
        Ok(a) => a,
        Err(m) => {
            eprintln!("{}", m);
            return ExitCode::from(2);
        }
    };
    let r = match a.cmd.as_str() {
        "run" => read(&a.file).and_then(|script| {
            let cfg = RunConfig { dialect: a.dialect, trace: a.format != "text" };
            match a.format.as_str() {
                "text" => {
                    say!("{}", run_to_text(&script, &cfg, &TextOptions { quiet_steps: a.quiet_steps }));
                    Ok(())
                }
                "trace-json" => {
                    let t = run_script(&script, &cfg);
                    serde_json::to_string_pretty(&t).map(|s| sayln!("{}", s)).map_err(|e| e.to_string())
                }
                // the page's packed trace (docs/trace.md "Packed"), as bytes
                "packed" => {
                    let bytes = match joinlab_engine::exec::prepare(&script, &cfg) {
                        Ok(p) => p.packed_trace_with(joinlab_engine::runtime::Sentences::All, &mut |_| {}),
                        Err((notes, statements, e)) => joinlab_engine::trace::pack::PackedScript::new()
                            .bytes(joinlab_engine::trace::ScriptTrace::failed(cfg.dialect, notes, statements, &e)),
                    };
                    bytes.map(|b| out_bytes(&b)).map_err(|e| e.to_string())
                }
                f => Err(format!("unknown format '{}' (text, trace-json or packed)", f)),
            }
        }),
        "explain" => read(&a.file).map(|script| {
            let cfg = RunConfig { dialect: a.dialect, trace: false };
            let t = run_script(&script, &cfg);
            for q in &t.queries {
                sayln!("== query {}", q.index);
                match &q.error {
                    Some(e) => sayln!("ERROR: {}", e.text),
                    None => say!("{}", q.plan),
                }
            }
        }),
        "explain-row" => {
            let Some(row) = a.row.clone() else {
                eprintln!("explain-row needs --row TABLE#K\n{}", USAGE);
                return ExitCode::from(2);
            };
            match read(&a.file) {
                Err(m) => Err(m),
                Ok(script) => {
                    let t = run_script(&script, &RunConfig { dialect: a.dialect, trace: true });
                    let answer = match &a.with {
                        None => joinlab_engine::explain::report(&t, a.query, &row),
                        Some(w) => joinlab_engine::explain::report_pair(&t, a.query, &row, w),
                    };
                    match answer {
                        Ok(text) => {
                            say!("{}", text);
                            Ok(())
                        }
                        Err(m) => {
                            eprintln!("{}", m);
                            return ExitCode::from(1);
                        }
                    }
                }
            }
        }
        "export" => match export(&a) {
            Ok(()) => Ok(()),
            Err(Failed::Usage(m)) => Err(m),
            Err(Failed::Script(m)) => {
                say!("{}", m);
                return ExitCode::from(1);
            }
        },
        "bench" => bench::run(a.file.as_deref().unwrap_or("w1"), a.rows, a.trace, a.repeat),
        "test" => {
            let o = golden::Options {
                dir: a.file.as_deref().unwrap_or("."),
                dialect: a.dialect,
                update: a.update,
                strict_errors: a.strict_errors,
            };
            match golden::run(&o) {
                Ok(true) => Ok(()),
                Ok(false) => return ExitCode::from(1),
                Err(m) => Err(m),
            }
        }
        _ => Err(USAGE.to_string()),
    };
    match r {
        Ok(()) => ExitCode::SUCCESS,
        Err(m) => {
            eprintln!("{}", m);
            ExitCode::from(2)
        }
    }
}

/// Why `joinlab export` wrote nothing: a usage or file error (exit 2), or a script JoinLab
/// cannot run (its `joinlab run` output, exit 1).
enum Failed {
    Usage(String),
    Script(String),
}

fn export(a: &Args) -> Result<(), Failed> {
    use joinlab_engine::export::{export, Target};
    let t = a
        .target
        .as_deref()
        .ok_or_else(|| Failed::Usage(format!("export needs --target flink or confluent\n{}", USAGE)))?;
    let target =
        Target::parse(t).ok_or_else(|| Failed::Usage(format!("unknown target '{}' (flink or confluent)", t)))?;
    let script = read(&a.file).map_err(Failed::Usage)?;
    let e = export(&script, target, a.dialect).map_err(Failed::Script)?;
    match &a.output {
        Some(f) if f != "-" => {
            std::fs::write(f, &e.text).map_err(|err| Failed::Usage(format!("cannot write {}: {}", f, err)))?;
            if !e.unfaithful.is_empty() {
                eprintln!(
                    "joinlab: {} thing(s) not exported faithfully, each said in a '-- JoinLab:' comment:",
                    e.unfaithful.len()
                );
                for u in &e.unfaithful {
                    eprintln!("  {}", u);
                }
            }
        }
        _ => say!("{}", e.text),
    }
    Ok(())
}
