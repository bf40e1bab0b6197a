//! The run target's body (fuzz_targets/run.rs), here so that examples/replay.rs can run an
//! input the same way on a thread of a chosen stack size.

use joinlab_engine::output::TextOptions;
use joinlab_engine::{prepare, run_to_text, Dialect, RunConfig};

use crate::{gen, raw_script_ok, G};

/// Runs one input of the run target.
pub fn one(data: &[u8]) {
    let Some((&first, rest)) = data.split_first() else { return };
    let (script, first) = if first >= 0x80 {
        (gen::script(&mut G::new(rest)), first)
    } else {
        let s = String::from_utf8_lossy(data).into_owned();
        if !raw_script_ok(&s) {
            return;
        }
        // the way to run it: from the text's length
        (s, (data.len() % 256) as u8)
    };
    let dialect = if first & 2 == 0 { Dialect::Flink } else { Dialect::Confluent };
    let cfg = RunConfig { dialect, trace: true };
    if first & 4 == 0 {
        // the page's way (crates/wasm: prepare, then each query traced, then state_at)
        if let Ok(p) = prepare(&script, &cfg) {
            for qi in 0..p.query_count() {
                let t = p.run_query(qi, true);
                let _ = p.state_at(qi, (first as usize >> 3) % (t.steps.len() + 2));
            }
        }
    } else {
        // the CLI's way (`joinlab run`)
        let _ = run_to_text(&script, &RunConfig { dialect, trace: false }, &TextOptions::default());
    }
}
