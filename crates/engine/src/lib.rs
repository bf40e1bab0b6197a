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
pub mod complete;
pub mod data;
pub mod datagen;
pub mod describe;
pub mod error;
pub mod exec;
pub mod explain;
#[cfg(feature = "export")]
pub mod export;
pub mod expr;
pub mod golden;
pub mod hints;
pub mod kinds;
pub mod limits;
pub mod ops;
pub mod output;
pub mod plan;

pub mod runtime;
pub mod script;
pub mod session;
pub mod sort;
pub mod sql;
pub mod time;
pub mod trace;
pub mod types;
pub mod value;

pub use exec::{prepare, run_script, run_to_text, RunConfig};
pub use kinds::Dialect;
