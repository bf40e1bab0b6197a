//! Shared by the Node and browser wasm tests: every conformance script, run in wasm, matches
//! the oracle's output under the same rules as the native conformance test.

include!(concat!(env!("OUT_DIR"), "/conformance_cases.rs"));

pub fn check_all() {
    assert!(!CASES.is_empty(), "no conformance cases embedded");
    let mut failures = Vec::new();
    for (name, sql, expected) in CASES {
        let actual = joinlab_wasm::run_text(sql, "flink");
        let diffs = joinlab_engine::compare::compare(expected, &actual, false);
        if !diffs.is_empty() {
            failures.push(format!("{}: {}", name, diffs.join("\n")));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} scripts differ in wasm:\n{}",
        failures.len(),
        CASES.len(),
        failures.join("\n\n")
    );
}

/// The session API returns a trace whose text rendering equals `runText`.
pub fn check_session() {
    let (_, sql, _) =
        CASES.iter().find(|c| c.0 == "window_join/window_full_join_tumble").expect("window_full_join_tumble embedded");
    let mut s = joinlab_wasm::Session::new();
    let t = s.load(sql, "flink", None);
    assert!(t.is_ok());
    assert_eq!(s.text(), joinlab_wasm::run_text(sql, "flink"));
}
