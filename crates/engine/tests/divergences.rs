//! Known divergences (tests/divergences/README.md): where Flink 2.3's output is a planner bug,
//! JoinLab gives the correct rows. Both sides of each claim come from the oracle:
//! `NAME.expected` is what Flink printed for the script (the bug), `NAME.reference.expected` is
//! what Flink printed for the same queries written so that the bug does not trigger. JoinLab
//! must match the reference and still differ from the buggy output.

use std::path::PathBuf;

use joinlab_engine::compare::compare;
use joinlab_engine::output::TextOptions;
use joinlab_engine::{run_to_text, Dialect, RunConfig};

fn read(name: &str) -> String {
    let p = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/divergences").join(name);
    std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("{}: {}", p.display(), e))
}

#[test]
fn multi_join_without_common_key_and_pruned_columns() {
    let script = read("multi_join_no_common_key_pruned.sql");
    let ours = run_to_text(&script, &RunConfig { dialect: Dialect::Flink, trace: false }, &TextOptions::default());
    let reference = compare(&read("multi_join_no_common_key_pruned.reference.expected"), &ours, false);
    assert!(reference.is_empty(), "JoinLab should give Flink's correct rows:\n{}", reference.join("\n"));
    let buggy = compare(&read("multi_join_no_common_key_pruned.expected"), &ours, false);
    assert!(!buggy.is_empty(), "Flink 2.3's wrong rows are no longer different: update tests/divergences");
    assert!(
        ours.contains("# note: this multi-way join chain has no common join key"),
        "the query should say why it differs"
    );
}

/// The `== materialized …` blocks of each query: what the changelog adds up to.
fn materialized(text: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut on = false;
    for line in text.lines() {
        if line.starts_with("== query") {
            on = false;
            out.push(line.to_string());
        } else if line.starts_with("== materialized") {
            on = true;
            out.push(line.to_string());
        } else if on {
            out.push(line.to_string());
        }
    }
    out
}

#[test]
fn a_table_read_twice_gives_flinks_result_though_not_its_racy_order() {
    // Flink: the row reaches the two reads of `payments` in separate tasks, so the order of a
    // step's changelog differs between oracle runs (`run-scenario --check --repeat 4` reports
    // NONDETERMINISTIC); the materialized result does not. JoinLab delivers the row to its reads
    // in FROM order, each completely before the next.
    let script = read("self_join_fan_out.sql");
    let ours = run_to_text(&script, &RunConfig { dialect: Dialect::Flink, trace: false }, &TextOptions::default());
    let flink = read("self_join_fan_out.expected");
    let (a, b) = (materialized(&flink), materialized(&ours));
    assert!(a.len() > 8, "the oracle output has materialized blocks:\n{}", flink);
    assert_eq!(a, b, "the final results must agree with Flink's");
}
