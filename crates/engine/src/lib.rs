//! JoinLab's engine: Apache Flink SQL join semantics, deterministically, as a pure library.
//!
//! A script (SQL statements and data lines) goes in; for each query out come its schema, the
//! changelog Flink would emit step by step, and a trace of every event behind it. No clock,
//! no threads, no unseeded randomness: the same script gives the same bytes, native or wasm.

pub mod changelog;
pub mod error;
pub mod script;
pub mod sql;
pub mod time;
pub mod types;
pub mod value;
