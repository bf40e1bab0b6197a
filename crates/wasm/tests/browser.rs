//! wasm tests in headless Chromium (`wasm-bindgen-test-runner` with chromedriver).
#![cfg(target_arch = "wasm32")]

mod common;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

#[wasm_bindgen_test]
fn conformance_scripts_match_the_oracle_in_the_browser() {
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
