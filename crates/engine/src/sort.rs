//! The engine's sorts, through one copy of the standard library's sort.
//!
//! `slice::sort_by` is generic: every element type and comparator gets its own copy of the whole
//! driftsort (about 4 KB of wasm each), and the engine sorts some thirty kinds of things (state
//! keys by arrival, hits by score, rows by ORDER BY, …): about 130 KB of the page's wasm before
//! wasm-opt was sort code. Here the standard library sorts the *positions* `0..len` under a
//! comparator behind `dyn`, one instantiation for the whole engine, and the slice is then put in
//! that order by following the permutation's cycles with swaps (no copies, no `Clone`).
//!
//! Every function is stable, like `slice::sort_by`: equal elements keep their order, so the
//! result is exactly what `slice::sort_by` (or `sort`, `sort_by_key`) gives. An unstable sort of
//! a totally ordered type (`sort_unstable` on integers or strings) gives the same result too, as
//! equal elements there are indistinguishable.

use std::cmp::Ordering;

/// Sorts `v` by `cmp`, stably (as `slice::sort_by`).
pub fn sort_by<T>(v: &mut [T], mut cmp: impl FnMut(&T, &T) -> Ordering) {
    if v.len() < 2 {
        return;
    }
    let order = {
        let items: &[T] = v;
        sorted_positions(items.len(), &mut |a, b| cmp(&items[a], &items[b]))
    };
    permute(v, order);
}

/// Sorts `v` by the key `key` gives, stably (as `slice::sort_by_key`).
pub fn sort_by_key<T, K: Ord>(v: &mut [T], mut key: impl FnMut(&T) -> K) {
    sort_by(v, |a, b| key(a).cmp(&key(b)))
}

/// Sorts `v` in its natural order (as `slice::sort`).
pub fn sort<T: Ord>(v: &mut [T]) {
    sort_by(v, T::cmp)
}

/// The positions `0..len` in the order `cmp` (which compares two positions) puts them, stably:
/// the one instantiation of the standard library's sort.
#[inline(never)]
fn sorted_positions(len: usize, cmp: &mut dyn FnMut(usize, usize) -> Ordering) -> Vec<usize> {
    let mut order: Vec<usize> = (0..len).collect();
    order.sort_by(|&a, &b| cmp(a, b));
    order
}

/// Puts `v` in `order` (the element at position `order[i]` goes to position `i`), cycle by
/// cycle: along a cycle i → order[i] → …, each swap puts one element in its place.
fn permute<T>(v: &mut [T], mut order: Vec<usize>) {
    for start in 0..order.len() {
        let mut i = start;
        while order[i] != start {
            let next = order[i];
            v.swap(i, next);
            order[i] = i;
            i = next;
        }
        order[i] = i;
    }
}

/// Compares two strings as Java's `String.compareTo` does: by UTF-16 code units (how Flink's
/// printed results are ordered). Byte order of UTF-8 is code-point order, which agrees with UTF-16
/// order except where the first characters that differ are a supplementary one (4 UTF-8 bytes, a
/// surrogate pair in UTF-16: 0xD800–0xDBFF) and one in U+E000–U+FFFF (lead byte 0xEE or 0xEF): there
/// UTF-16 puts the supplementary one first. So the bytes are compared, and only that case is turned
/// round — without walking both strings as UTF-16 (`encode_utf16().cmp`, the definition, which the
/// tests compare it with).
pub fn utf16_cmp(a: &str, b: &str) -> Ordering {
    let (x, y) = (a.as_bytes(), b.as_bytes());
    let n = common_prefix(x, y);
    match (x.get(n), y.get(n)) {
        (Some(&p), Some(&q)) if p >= 0xF0 && (0xEE..=0xEF).contains(&q) => Ordering::Less,
        (Some(&p), Some(&q)) if q >= 0xF0 && (0xEE..=0xEF).contains(&p) => Ordering::Greater,
        (p, q) => p.cmp(&q),
    }
}

/// How many bytes `x` and `y` have in common at their start (eight at a time while they can).
fn common_prefix(x: &[u8], y: &[u8]) -> usize {
    let m = x.len().min(y.len());
    let mut n = 0;
    for (p, q) in x[..m].chunks_exact(8).zip(y[..m].chunks_exact(8)) {
        if p != q {
            break;
        }
        n += 8;
    }
    n + x[n..m].iter().zip(&y[n..m]).take_while(|(p, q)| p == q).count()
}

#[cfg(test)]
mod tests {

    #[test]
    fn utf16_cmp_is_java_order() {
        // Characters around every boundary where UTF-8 and UTF-16 orders could part.
        let chars = [
            'a',
            'z',
            '\u{7f}',
            '\u{80}',
            '\u{7ff}',
            '\u{800}',
            '\u{d7ff}',
            '\u{e000}',
            '\u{ff61}',
            '\u{ffff}',
            '\u{10000}',
            '\u{1f600}',
            '\u{10ffff}',
        ];
        let mut seed = 0x9e37_79b9u32;
        let mut next = || {
            seed ^= seed << 13;
            seed ^= seed >> 17;
            seed ^= seed << 5;
            seed
        };
        let mut word =
            |len: u32| -> String { (0..len).map(|_| chars[(next() % chars.len() as u32) as usize]).collect() };
        // half of them with a long common start (compared eight bytes at a time)
        let mut words: Vec<String> = (0..400)
            .map(|i| if i % 2 == 0 { word(i % 5) } else { format!("a shared start {}", word(i % 9)) })
            .collect();
        words.push(String::new());
        for a in &words {
            for b in &words {
                assert_eq!(super::utf16_cmp(a, b), a.encode_utf16().cmp(b.encode_utf16()), "{a:?} vs {b:?}");
            }
        }
        // The case byte order gets wrong: a supplementary character sorts before U+FF61 in UTF-16.
        assert_eq!(super::utf16_cmp("\u{1f600}", "\u{ff61}"), Ordering::Less);
        assert_eq!("\u{1f600}".cmp("\u{ff61}"), Ordering::Greater);
    }
    use super::*;

    /// A small deterministic generator (no dependency): xorshift.
    fn numbers(seed: u64, n: usize, modulo: u64) -> Vec<u64> {
        let mut x = seed.max(1);
        (0..n)
            .map(|_| {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                x % modulo
            })
            .collect()
    }

    #[test]
    fn same_order_as_the_standard_stable_sort() {
        for (seed, n, modulo) in
            [(1, 0, 5), (2, 1, 5), (3, 2, 2), (4, 17, 3), (5, 100, 10), (6, 1000, 7), (7, 5000, 1_000_000)]
        {
            // (key, original position): equal keys must keep their order.
            let items: Vec<(u64, usize)> = numbers(seed, n, modulo).into_iter().zip(0..).collect();
            let mut ours = items.clone();
            sort_by_key(&mut ours, |p| p.0);
            let mut std_sorted = items.clone();
            std_sorted.sort_by_key(|p| p.0);
            assert_eq!(ours, std_sorted, "seed {seed}, {n} items");
            let mut desc = items.clone();
            sort_by(&mut desc, |a, b| b.0.cmp(&a.0));
            let mut std_desc = items.clone();
            std_desc.sort_by(|a, b| b.0.cmp(&a.0));
            assert_eq!(desc, std_desc);
            let mut natural = items.clone();
            sort(&mut natural);
            let mut std_natural = items;
            std_natural.sort();
            assert_eq!(natural, std_natural);
        }
    }

    #[test]
    fn moves_elements_without_cloning_them() {
        let mut v: Vec<String> = ["d", "b", "a", "c", "b"].iter().map(|s| s.to_string()).collect();
        sort(&mut v);
        assert_eq!(v, ["a", "b", "b", "c", "d"]);
    }
}
