//! A big run's sentences made when a step is shown (issue 16; docs/design.md "Steps, not
//! micro-batches"): a run told to make the sentences of its first and last steps only
//! (`Sentences::Lazy`) keeps every other part of every step, and the replay that makes the
//! others (`Prepared::sentences`) gives each step the sentence the full trace has — over every
//! gallery example and conformance scenario, in the dialect each is written for and the other.

use std::path::{Path, PathBuf};

use joinlab_engine::exec::Prepared;
use joinlab_engine::runtime::Sentences;
use joinlab_engine::trace::Step;
use joinlab_engine::{prepare, Dialect, RunConfig};

fn scripts() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut out = Vec::new();
    let mut dirs = vec![root.join("www/examples"), root.join("tests/conformance")];
    while let Some(d) = dirs.pop() {
        let Ok(rd) = std::fs::read_dir(&d) else { continue };
        for e in rd.flatten() {
            let p = e.path();
            if p.is_dir() {
                dirs.push(p);
            } else if p.extension().is_some_and(|x| x == "sql") {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

/// Query `qi`'s data steps, traced, with `sentences`.
fn steps(p: &Prepared, qi: usize, sentences: Sentences) -> Vec<Step> {
    run(p, qi, sentences).0
}

/// [`steps`], and whether the run stopped before its last data event (a failure, a limit).
fn run(p: &Prepared, qi: usize, sentences: Sentences) -> (Vec<Step>, bool) {
    let mut out = Vec::new();
    let mut keep = |s: Step| out.push(s);
    let q = p.run_query_into(qi, true, sentences, &mut |_, _| {}, Some(&mut keep));
    (out, q.failed_step.is_some())
}

#[test]
fn lazy_sentences_leave_the_rest_of_the_trace_and_the_replay_makes_the_same_ones() {
    let files = scripts();
    assert!(files.len() > 400, "the gallery and the conformance scenarios ({} files)", files.len());
    let (mut queries, mut compared, mut replays) = (0, 0, 0);
    for f in &files {
        let script = std::fs::read_to_string(f).expect("readable");
        for dialect in [Dialect::Flink, Dialect::Confluent] {
            let Ok(p) = prepare(&script, &RunConfig { dialect, trace: true }) else { continue };
            for qi in 0..p.query_count() {
                let full = steps(&p, qi, Sentences::All);
                if full.is_empty() {
                    continue;
                }
                queries += 1;
                let n = full.len();
                let edge = if n > 4 { 2 } else { 1 };
                // more than `over` steps: only the first and last ones get a sentence, nothing
                // else changes (a run that stops early leaves its last ones out too)
                let (lazy, stopped) = run(&p, qi, Sentences::Lazy { over: n - 1, edge });
                assert_eq!(lazy.len(), n, "{} ({dialect:?}) query {qi}: the same steps", f.display());
                for (a, b) in full.iter().zip(&lazy) {
                    assert!(
                        !a.summary.is_empty(),
                        "{}: step {} has a sentence in the full trace",
                        f.display(),
                        a.index
                    );
                    let mut b = b.clone();
                    let made = a.index <= edge || (a.index > n - edge && !stopped);
                    if made {
                        assert_eq!(b.summary, a.summary, "{}: step {} has its sentence", f.display(), a.index);
                    } else if !(stopped && a.index > n - edge) {
                        assert_eq!(b.summary, "", "{}: step {} is left for later", f.display(), a.index);
                    }
                    b.summary = a.summary.clone();
                    assert_eq!(a, &b, "{} ({dialect:?}) query {qi}, step {}", f.display(), a.index);
                    compared += 1;
                }
                // not more than `over`: every sentence
                assert_eq!(steps(&p, qi, Sentences::Lazy { over: usize::MAX, edge: 0 }), full);
                // the replay, over every step and over a block in the middle
                let all: Vec<String> = full.iter().map(|s| s.summary.clone()).collect();
                assert_eq!(p.sentences(qi, 1, n + 1), all, "{} ({dialect:?}) query {qi}", f.display());
                // (blocks starting at the second step, a third of the way, the middle and the last
                // step: the steps before a block are run without being kept)
                for from in [2.min(n), n / 3 + 1, n / 2 + 1, n] {
                    let to = (from + 3).min(n + 1);
                    assert_eq!(
                        p.sentences(qi, from, to),
                        all[from - 1..to - 1],
                        "{}: steps {from}…{}",
                        f.display(),
                        to - 1
                    );
                    // … whose steps are the trace's, whole
                    let replayed: Vec<Step> =
                        steps(&p, qi, Sentences::Range { from, to }).into_iter().filter(|s| s.index >= from).collect();
                    assert_eq!(
                        replayed,
                        full[from - 1..to - 1],
                        "{} ({dialect:?}) query {qi}: steps {from}…",
                        f.display()
                    );
                }
                // past the last step (even as far as a number goes): the steps there are
                assert_eq!(p.sentences(qi, n, n + 50), all[n - 1..]);
                assert_eq!(p.sentences(qi, n, usize::MAX), all[n - 1..]);
                assert!(p.sentences(qi, 5, 5).is_empty());
                replays += 4;
            }
        }
    }
    assert!(queries > 500 && compared > 5_000, "{queries} queries, {compared} steps compared, {replays} replays");
}

/// The replay's steps before its block are run without their events being made, only counted
/// (`Ctx::count_only`): the count must be the trace's, since the `trace-events` limit reads it.
/// With the limit set one below what a query's trace holds after a step in its middle, the full
/// run fails at that step, and so must a replay of its last step, which counts every event before.
#[test]
fn a_replay_counts_the_events_it_does_not_make_as_the_trace_has_them() {
    let (mut checked, mut failed_at_k) = (0, 0);
    for f in &scripts() {
        let script = std::fs::read_to_string(f).expect("readable");
        for dialect in [Dialect::Flink, Dialect::Confluent] {
            let Ok(p) = prepare(&script, &RunConfig { dialect, trace: true }) else { continue };
            for qi in 0..p.query_count() {
                let (full, stopped) = run(&p, qi, Sentences::All);
                if full.len() < 3 || stopped {
                    continue;
                }
                // events and output rows held after each step (what the limit counts)
                let mut held = Vec::with_capacity(full.len());
                let mut total: u64 = 0;
                for s in &full {
                    total += (s.events.len() + s.output.len()) as u64;
                    held.push(total);
                }
                // the first step from the middle on that adds some
                let Some(k) = (full.len() / 2..full.len()).find(|&i| i > 0 && held[i] > held[i - 1]) else { continue };
                let limited = format!("SET 'joinlab.limit.trace-events' = '{}';\n{script}", held[k] - 1);
                let Ok(lp) = prepare(&limited, &RunConfig { dialect, trace: true }) else { continue };
                let failed = |s: Sentences| lp.run_query_into(qi, true, s, &mut |_, _| {}, None).failed_step;
                let step = full[k].index;
                let whole = failed(Sentences::All);
                if whole != Some(step) {
                    // (a query whose trace the SET changes otherwise: not this test's case)
                    continue;
                }
                failed_at_k += 1;
                let n = full.len();
                assert_eq!(
                    failed(Sentences::Range { from: n, to: n + 1 }),
                    Some(step),
                    "{} ({dialect:?}) query {qi}: the replay stops where the trace does",
                    f.display()
                );
                checked += 1;
            }
        }
    }
    assert!(checked > 300 && failed_at_k == checked, "{checked} queries checked");
}
