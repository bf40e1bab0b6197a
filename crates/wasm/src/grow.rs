//! The wasm memory grows in big steps, not 64 KiB at a time.
//!
//! Rust's allocator on wasm32-unknown-unknown (dlmalloc) asks for the smallest growth it needs,
//! so a run that builds a big trace grows the memory thousands of times, and each `memory.grow`
//! is slow in V8 (the old `ArrayBuffer` is detached and the new size accounted, which can start a
//! garbage collection of the page's heap): in Node 20, 8,000 one-page grows take 6.7 s, and the
//! first `Session.load` of a 50,000-row script took 20 s against 2 s for the same load in a memory
//! already grown. This wrapper lets dlmalloc allocate as before and, whenever an allocation made
//! the memory grow, allocates and frees one block as big as the memory already is (capped): the
//! freed block stays in dlmalloc's top chunk (it never gives memory back on wasm), so the next
//! allocations are served from it and the number of grows is logarithmic in the final size.
//! Untouched pages cost no physical memory. Nothing here changes what the engine computes.

use std::alloc::{GlobalAlloc, Layout, System};
use std::arch::wasm32::memory_size;

/// The smallest and the largest step: the memory grows by at least 16 MiB and at most 256 MiB
/// at a time, otherwise by as much as it already is.
const MIN_STEP: usize = 16 << 20;
const MAX_STEP: usize = 256 << 20;
const PAGE: usize = 64 << 10;

pub struct GrowInSteps;

/// After an allocation that made the memory grow (it had `before` pages), one more step of free
/// space for the next allocations.
fn reserve_after(before: usize) {
    let now = memory_size(0);
    if now == before {
        return;
    }
    let step = now.saturating_mul(PAGE).clamp(MIN_STEP, MAX_STEP);
    if let Ok(l) = Layout::from_size_align(step, 16) {
        // SAFETY: a block of a non-zero size, freed at once with the layout it was allocated with.
        unsafe {
            let extra = System.alloc(l);
            if !extra.is_null() {
                System.dealloc(extra, l);
            }
        }
    }
}

// SAFETY: every call is forwarded to `System` with the caller's arguments.
unsafe impl GlobalAlloc for GrowInSteps {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let before = memory_size(0);
        let p = System.alloc(layout);
        reserve_after(before);
        p
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        let before = memory_size(0);
        let p = System.alloc_zeroed(layout);
        reserve_after(before);
        p
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        System.dealloc(ptr, layout)
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let before = memory_size(0);
        let p = System.realloc(ptr, layout, new_size);
        reserve_after(before);
        p
    }
}
