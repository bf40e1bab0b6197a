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

/// The memory grows in steps (crates/wasm/src/grow.rs), not once per 64 KiB dlmalloc needs:
/// 100 MB of small allocations, kept alive, make it grow a handful of times (about 1,600 times
/// without the step allocator).
#[wasm_bindgen_test]
fn memory_grows_in_big_steps() {
    let mut kept: Vec<Box<[u8; 1024]>> = Vec::with_capacity(100_000);
    let mut sizes = 0;
    let mut last = core::arch::wasm32::memory_size(0);
    for _ in 0..100_000 {
        kept.push(Box::new([1u8; 1024]));
        let now = core::arch::wasm32::memory_size(0);
        if now != last {
            sizes += 1;
            last = now;
        }
    }
    assert_eq!(kept.len(), 100_000);
    assert!(sizes <= 8, "the memory grew {sizes} times for 100 MB of 1 KiB blocks");
}
