//! wasm tests in Node.js (`wasm-bindgen-test-runner`).
#![cfg(target_arch = "wasm32")]

mod common;
use wasm_bindgen_test::*;

#[wasm_bindgen_test]
fn conformance_scripts_match_the_oracle_in_wasm() {
    common::check_all();
}

#[wasm_bindgen_test]
fn session_text_equals_run_text() {
    common::check_session();
}

#[wasm_bindgen_test]
fn lazy_sentences_come_from_the_replay() {
    common::check_lazy_sentences();
}

/// The memory grows in steps (crates/wasm/src/grow.rs), not once per 64 KiB dlmalloc needs:
/// 100 MB of small allocations, kept alive, with `reserve` called every 4,096 of them (as the
/// run's progress hook calls it every 4,096 steps), make it grow a handful of times (about 1,300
/// times without the reserve).
#[wasm_bindgen_test]
fn memory_grows_in_big_steps() {
    let mut kept: Vec<Box<[u8; 1024]>> = Vec::with_capacity(100_000);
    let mut sizes = 0;
    let mut last = core::arch::wasm32::memory_size(0);
    let count = |last: &mut usize| {
        let now = core::arch::wasm32::memory_size(0);
        if now != *last {
            *last = now;
            1
        } else {
            0
        }
    };
    joinlab_wasm::grow::reserve();
    sizes += count(&mut last);
    for i in 0..100_000 {
        kept.push(Box::new([1u8; 1024]));
        sizes += count(&mut last);
        if i % 4096 == 4095 {
            joinlab_wasm::grow::reserve();
            sizes += count(&mut last);
        }
    }
    assert_eq!(kept.len(), 100_000);
    assert!(sizes <= 12, "the memory grew {sizes} times for 100 MB of 1 KiB blocks");
    // ... and stays within about twice what is in use (the 8 MiB stack and the module's data
    // besides): a reserve that asked for as much as the memory already is would double it at
    // every call.
    let bytes = core::arch::wasm32::memory_size(0) * 65536;
    assert!(bytes <= 300 << 20, "the memory grew to {bytes} bytes for 100 MB of 1 KiB blocks");
}
