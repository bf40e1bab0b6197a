//! JoinLab's engine: Apache Flink SQL join semantics, deterministically, as a pure library.
//!
//! A script (SQL statements and data lines) goes in; for each query out come its schema, the
//! changelog Flink would emit step by step, and a trace of every event behind it. No clock,
//! no threads, no unseeded randomness: the same script gives the same bytes, native or wasm.
//!
//! ```text
//! script ─► script:: (statements, @ lines) ─► sql:: (sqlparser + Flink dialect)
//!        ─► catalog:: / data:: (tables, rows in arrival order)
//!        ─► plan:: (bind, type, classify joins) ─► runtime:: + ops:: (steps, events)
//!        ─► trace:: (the page's contract) / output:: (the oracle's text format)
//! ```

// `error::Error` carries Flink's wording, causes and two spans; errors are the rare path, so
// returning it by value everywhere is simpler than boxing it in some APIs and not others.
#![allow(clippy::result_large_err)]

pub mod bench;
pub mod catalog;
pub mod compare;
pub mod data;
pub mod datagen;
pub mod describe;
pub mod error;
pub mod expr;
pub mod kinds;
pub mod ops;
pub mod output;
pub mod plan;
pub mod run;
mod run_data;
pub mod runtime;
pub mod script;
pub mod session;
pub mod sql;
pub mod time;
pub mod trace;
pub mod types;
pub mod value;

pub use kinds::Dialect;
pub use run::{prepare, run_script, RunConfig};

/// Runs a script and renders the oracle's text format.
pub fn run_to_text(script: &str, cfg: &RunConfig, opts: &output::TextOptions) -> String {
    match prepare(script, cfg) {
        Err((notes, statements, e)) => {
            let t = trace::ScriptTrace {
                version: trace::TRACE_VERSION,
                dialect: cfg.dialect,
                notes,
                tables: Vec::new(),
                statements,
                queries: Vec::new(),
                harness_error: Some(trace::ErrorInfo::from_error(&e)),
            };
            output::script_text(&t, &[], &[], opts)
        }
        Ok(p) => {
            let n = p.query_count();
            let queries: Vec<_> = (0..n).map(|i| p.run_query(i, cfg.trace)).collect();
            let headers: Vec<String> = (0..n).map(|i| p.query_header(i)).collect();
            let trace_all: Vec<bool> = (0..n).map(|i| p.trace_all_steps(i)).collect();
            let t = trace::ScriptTrace {
                version: trace::TRACE_VERSION,
                dialect: p.dialect,
                notes: p.notes.clone(),
                tables: Vec::new(),
                statements: p.statements.clone(),
                queries,
                harness_error: None,
            };
            output::script_text(&t, &headers, &trace_all, opts)
        }
    }
}
