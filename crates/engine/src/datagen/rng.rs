//! The one random number generator behind every generated value, and how it is seeded.
//!
//! * **Mixing** — [`mix64`] is SplitMix64's finalizer (Steele, Lea, Flood 2014); [`fnv1a64`]
//!   hashes names (UTF-8 bytes, FNV-1a 64). Both are plain `u64` arithmetic, so native and wasm32
//!   agree bit for bit.
//! * **Keys** — a table's key is
//!   `mix64(mix64(session_seed ^ SESSION) ^ mix64(table_seed ^ TABLE) ^ fnv1a64(table_name))`,
//!   a column's key is `mix64(table_key ^ fnv1a64(column_path))` (`price`, `address.city`,
//!   `tags.element`, and the reserved paths `$time` and `$row` for event times and whole-row
//!   options).
//! * **Cells** — the value of column `c` in row `i` comes from a SplitMix64 stream whose state
//!   starts at `column_key(c) ^ mix64(i)`. So a value depends only on (session seed, table seed,
//!   table name, column, row index): columns are independent of each other, and row `i` can be
//!   computed without rows `0..i`.
//! * **Draws** — integers in a range use the high 64 bits of a 64×64-bit product
//!   (multiply-shift, bias below 2⁻⁶⁴·span); doubles in `[0, 1)` take the top 53 bits.

/// Session-seed salt ("JoinLab S").
const SESSION: u64 = 0x4a6f_696e_4c61_6253;
/// Table-seed salt ("JoinLab T").
const TABLE: u64 = 0x4a6f_696e_4c61_6254;
const GOLDEN: u64 = 0x9e37_79b9_7f4a_7c15;

/// SplitMix64's output function: a bijective avalanche of 64 bits.
#[inline]
pub fn mix64(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// FNV-1a, 64 bits, over the UTF-8 bytes of `s`.
pub fn fnv1a64(s: &str) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in s.bytes() {
        h ^= b as u64;
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

/// The key every column key of a table derives from.
pub fn table_key(session_seed: u64, table_seed: u64, table_name: &str) -> u64 {
    mix64(mix64(session_seed ^ SESSION) ^ mix64(table_seed ^ TABLE) ^ fnv1a64(table_name))
}

/// The key of one column (or nested field path) of a table.
pub fn column_key(table_key: u64, path: &str) -> u64 {
    mix64(table_key ^ fnv1a64(path))
}

/// SplitMix64: a 64-bit state advanced by the golden gamma, output through [`mix64`].
#[derive(Clone, Debug)]
pub struct Rng {
    state: u64,
}

impl Rng {
    pub fn new(state: u64) -> Rng {
        Rng { state }
    }

    /// The stream for row `row` of the column with key `key`.
    #[inline]
    pub fn cell(key: u64, row: u64) -> Rng {
        Rng { state: key ^ mix64(row) }
    }

    #[inline]
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(GOLDEN);
        mix64(self.state)
    }

    /// Uniform in `[0, n)`; `n = 0` means the full 64-bit range.
    #[inline]
    pub fn below(&mut self, n: u64) -> u64 {
        let r = self.next_u64();
        if n == 0 {
            r
        } else {
            ((r as u128 * n as u128) >> 64) as u64
        }
    }

    /// Uniform in `[lo, hi]` (inclusive; `lo <= hi`).
    #[inline]
    pub fn range_i64(&mut self, lo: i64, hi: i64) -> i64 {
        let span = (hi as i128 - lo as i128 + 1) as u128;
        if span > u64::MAX as u128 {
            return self.next_u64() as i64;
        }
        (lo as i128 + self.below(span as u64) as i128) as i64
    }

    /// Uniform in `[lo, hi]` for 128-bit unscaled decimals (`lo <= hi`).
    pub fn range_i128(&mut self, lo: i128, hi: i128) -> i128 {
        let span = hi.wrapping_sub(lo) as u128;
        if span < u64::MAX as u128 {
            return lo + self.below(span as u64 + 1) as i128;
        }
        let r = ((self.next_u64() as u128) << 64) | self.next_u64() as u128;
        lo.wrapping_add((r % span.wrapping_add(1).max(1)) as i128)
    }

    /// Uniform in `[0, 1)` with 53 random bits.
    #[inline]
    pub fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64)
    }

    /// Uniform in the open interval `(0, 1)` (the midpoint of a 53-bit cell).
    #[inline]
    pub fn open_unit(&mut self) -> f64 {
        ((self.next_u64() >> 11) as f64 + 0.5) * (1.0 / (1u64 << 53) as f64)
    }

    #[inline]
    pub fn bool(&mut self) -> bool {
        self.next_u64() >> 63 == 1
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_values() {
        // SplitMix64 reference output for seed 0 (first three values).
        let mut r = Rng::new(0);
        assert_eq!(r.next_u64(), 0xe220_a839_7b1d_cdaf);
        assert_eq!(r.next_u64(), 0x6e78_9e6a_a1b9_65f4);
        assert_eq!(r.next_u64(), 0x06c4_5d18_8009_454f);
        assert_eq!(fnv1a64(""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(fnv1a64("a"), 0xaf63_dc4c_8601_ec8c);
    }

    #[test]
    fn ranges_stay_inside() {
        let mut r = Rng::new(7);
        for _ in 0..10_000 {
            let v = r.range_i64(-3, 3);
            assert!((-3..=3).contains(&v));
            let u = r.unit();
            assert!((0.0..1.0).contains(&u));
            let d = r.range_i128(-5, 10_i128.pow(30));
            assert!((-5..=10_i128.pow(30)).contains(&d));
        }
        let _ = r.range_i64(i64::MIN, i64::MAX);
    }
}
