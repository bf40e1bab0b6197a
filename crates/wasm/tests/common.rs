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
    let t = s.load(sql, "flink", None, None, None);
    assert!(t.is_ok());
    assert_eq!(s.text(), joinlab_wasm::run_text(sql, "flink"));
}

/// A run loaded with its sentences left for later (`load`'s `lazy_over` and `first_sentences`, as
/// the page's worker loads a big run) gets each step's from `sentences`: the full trace's.
pub fn check_lazy_sentences() {
    let (_, sql, _) =
        CASES.iter().find(|c| c.0 == "window_join/window_full_join_tumble").expect("window_full_join_tumble embedded");
    let cfg = joinlab_engine::RunConfig { dialect: joinlab_engine::Dialect::Flink, trace: true };
    let full = joinlab_engine::run_script(sql, &cfg);
    let want: Vec<String> = full.queries[0].steps.iter().map(|s| s.summary.clone()).collect();
    assert!(want.len() > 3 && want.iter().all(|s| !s.is_empty()));
    let mut s = joinlab_wasm::Session::new();
    assert!(s.load(sql, "flink", None, Some(1), Some(1)).is_ok());
    assert_eq!(s.sentences(0, 1, want.len() + 1), want);
    assert_eq!(s.sentences(0, 2, 4), want[1..3]);
    assert!(s.sentences(99, 1, 3).is_empty(), "no such query");
}
