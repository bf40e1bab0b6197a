//! The wasm memory grows in big steps, not 64 KiB at a time.
//!
//! Rust's allocator on wasm32-unknown-unknown (dlmalloc) asks for the smallest growth it needs,
//! so a run that builds a big trace grows the memory thousands of times, and each `memory.grow`
//! is slow in V8 (the old `ArrayBuffer` is detached and the new size accounted, which can start a
//! garbage collection of the page's heap): in Node 20, 8,000 one-page grows take 6.7 s, and the
//! first `Session.load` of a 50,000-row script took 20 s against 2 s for the same load in a memory
//! already grown.
//!
//! [`reserve`] is called at safe points (a load's start, and the run's progress hook every few
//! thousand steps): it allocates and frees one block half as big as the memory already is (16 MiB
//! to 256 MiB) through the ordinary global allocator. When dlmalloc has that much free, the pair
//! costs a split and a merge of its top chunk; when it has not, dlmalloc grows the memory by the
//! whole block at once, and the freed block stays in its top chunk (it never gives memory back on
//! wasm). Either way the allocations until the next safe point are served without a grow, and
//! the number of grows is logarithmic in the final size. The free space is at most twice the
//! step, so the memory stays within about twice what is in use. Untouched pages cost no physical
//! memory.
//! Nothing here changes what the engine computes.
//!
//! This used to be a `GlobalAlloc` wrapper doing the same from inside each allocation that grew
//! the memory; a speed-tuned build (opt-level 3) of that wrapper failed dlmalloc's own check on
//! the first free (`psize >= size + min_overhead`), so the allocator is the standard one again and
//! the reserve happens outside it.

use std::alloc::{alloc, dealloc, Layout};
use std::arch::wasm32::memory_size;

/// The smallest and the largest step: the memory grows by at least 16 MiB and at most 256 MiB
/// at a time, otherwise by half as much as it already is.
const MIN_STEP: usize = 16 << 20;
const MAX_STEP: usize = 256 << 20;
const PAGE: usize = 64 << 10;

/// Makes sure dlmalloc has one step of free space for the allocations to come (see the module
/// docs). Cheap when it already has.
pub fn reserve() {
    reserve_for(0);
}

/// [`reserve`], with room for at least `bytes` (capped at 256 MiB): a load asks for a few times
/// its script's size, which its rows take before the run's first step.
pub fn reserve_for(bytes: usize) {
    let step = (memory_size(0).saturating_mul(PAGE) / 2).max(bytes).clamp(MIN_STEP, MAX_STEP);
    // Alignment 8: dlmalloc's own, so this is a plain malloc (no memalign split).
    if let Ok(l) = Layout::from_size_align(step, 8) {
        // SAFETY: a block of a non-zero size, freed at once with the layout it was allocated
        // with; `black_box` keeps the pair from being optimised away.
        unsafe {
            let p = std::hint::black_box(alloc(l));
            if !p.is_null() {
                dealloc(p, l);
            }
        }
    }
}
