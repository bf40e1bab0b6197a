//! The CLI's global allocator: mimalloc, asked for plain blocks where a plain block is aligned
//! enough.
//!
//! The `mimalloc` crate sends every request to `mi_malloc_aligned`. In mimalloc v3 that call
//! takes its fast path only while the size class's page has a free block at hand; otherwise it
//! over-allocates from a larger size class (`mi_theap_malloc_zero_aligned_at_overalloc`), and the
//! page of the right class is never refilled, so a run that frees and allocates rows all the
//! time ends up on the slow path for most of its rows (13 % of W1's instructions, callgrind).
//! On x86-64 and aarch64 mimalloc's size classes are multiples of 16 bytes above 8
//! (`MI_ALIGN2W` in `page-queue.c`; `alloc.c` asserts every block of 16 bytes or more is
//! 16-aligned), so `mi_malloc` meets every alignment up to 16 that does not exceed the size — the
//! rule the standard library's own `System` allocator applies to `malloc`. Larger alignments
//! still go to `mi_malloc_aligned`.
//!
//! [`configure`] (called first thing in `main`) sets two of mimalloc's options: freed memory is
//! kept for reuse instead of being handed back to the OS after 10 ms, and its arenas may use
//! 2 MiB pages. A run that builds state, drops it and builds it again (`joinlab bench --repeat`,
//! a script of several queries) otherwise faults every page in again: W2 at N = 500,000 spent
//! 1.1 of 4.0 s in the kernel, 0.1 s with them. The CLI is a process that runs one script and
//! exits, so memory kept until then costs nothing; a small script's resident size is unchanged.

use std::alloc::{GlobalAlloc, Layout};
use std::ffi::c_void;

use libmimalloc_sys::{
    mi_free, mi_malloc, mi_malloc_aligned, mi_realloc, mi_realloc_aligned, mi_zalloc, mi_zalloc_aligned,
};

/// The largest alignment `mi_malloc` guarantees (mimalloc's `MI_MAX_ALIGN_SIZE`).
const PLAIN_ALIGN: usize = 16;

pub struct Mimalloc;

// `mi_option_t` values of the mimalloc v3 that libmimalloc-sys 0.1.49 builds (`mimalloc.h`,
// `enum mi_option_e`): the crate declares `mi_option_set` only behind its `extended` feature, and
// not these two options' numbers.
const MI_OPTION_ALLOW_LARGE_OS_PAGES: i32 = 6;
const MI_OPTION_PURGE_DELAY: i32 = 15;

unsafe extern "C" {
    fn mi_option_set(option: i32, value: std::ffi::c_long);
}

/// mimalloc's options for a process that runs one script and exits (see the module doc).
pub fn configure() {
    // SAFETY: setting an option is a plain store into mimalloc's option table, valid at any time.
    unsafe {
        mi_option_set(MI_OPTION_PURGE_DELAY, -1);
        mi_option_set(MI_OPTION_ALLOW_LARGE_OS_PAGES, 1);
    }
}

#[inline]
fn plain(align: usize, size: usize) -> bool {
    align <= PLAIN_ALIGN && align <= size
}

// SAFETY: every method hands mimalloc a layout's size and alignment and returns what it returns
// (null on failure); blocks from either family of calls are freed by `mi_free`.
unsafe impl GlobalAlloc for Mimalloc {
    #[inline]
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: as above.
        unsafe {
            if plain(layout.align(), layout.size()) {
                mi_malloc(layout.size()) as *mut u8
            } else {
                mi_malloc_aligned(layout.size(), layout.align()) as *mut u8
            }
        }
    }

    #[inline]
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        // SAFETY: as above.
        unsafe {
            if plain(layout.align(), layout.size()) {
                mi_zalloc(layout.size()) as *mut u8
            } else {
                mi_zalloc_aligned(layout.size(), layout.align()) as *mut u8
            }
        }
    }

    #[inline]
    unsafe fn dealloc(&self, ptr: *mut u8, _layout: Layout) {
        // SAFETY: `ptr` came from this allocator.
        unsafe { mi_free(ptr as *mut c_void) }
    }

    #[inline]
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: `ptr` came from this allocator with `layout`.
        unsafe {
            if plain(layout.align(), new_size) {
                mi_realloc(ptr as *mut c_void, new_size) as *mut u8
            } else {
                mi_realloc_aligned(ptr as *mut c_void, new_size, layout.align()) as *mut u8
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blocks_are_aligned_as_asked() {
        let a = Mimalloc;
        for align in [1usize, 2, 4, 8, 16, 32, 64] {
            for n in 1..80usize {
                let size = n * align;
                let layout = Layout::from_size_align(size, align).unwrap();
                let p = unsafe { a.alloc(layout) };
                assert!(!p.is_null());
                assert_eq!(p as usize % align, 0, "size {size} align {align}");
                let q = unsafe { a.realloc(p, layout, size * 3) };
                assert!(!q.is_null());
                assert_eq!(q as usize % align, 0, "realloc to {} align {align}", size * 3);
                unsafe { a.dealloc(q, Layout::from_size_align(size * 3, align).unwrap()) };
            }
        }
    }
}
