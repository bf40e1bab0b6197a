//! JoinLab's built-in deterministic embedding — what AI_EMBEDDING and ML_PREDICT compute for a
//! `CREATE MODEL … WITH ('task' = 'embedding')` (WAVE2-RESEARCH §3). NOT a neural model: texts
//! that share character trigrams get similar vectors, nothing more.
//!
//! The text is lowercased and split into words on every non-alphanumeric character; each word
//! is padded with `#` at both ends (`cat` → `#cat#`), and each of its character trigrams (`#ca`,
//! `cat`, `at#`) adds 1 to component FNV-1a-32(trigram's UTF-8 bytes) mod [`DIM`]. The vector is
//! then divided by its L2 norm (a text without words gives the zero vector).

/// The embedding's dimension.
pub const DIM: usize = 64;

fn fnv1a(bytes: &[u8]) -> u32 {
    let mut h: u32 = 0x811c_9dc5;
    for b in bytes {
        h ^= u32::from(*b);
        h = h.wrapping_mul(0x0100_0193);
    }
    h
}

/// The words of a text: lowercased, split on every non-alphanumeric (Unicode) character, empty
/// pieces dropped (`"Red-shoes, RED!"` → `red`, `shoes`, `red`). TEXT_SEARCH_AGG's tokens too.
pub fn words(text: &str) -> Vec<String> {
    text.split(|c: char| !c.is_alphanumeric()).filter(|t| !t.is_empty()).map(|t| t.to_lowercase()).collect()
}

/// The embedding of `text`.
pub fn embed(text: &str) -> Vec<f64> {
    let mut v = vec![0f64; DIM];
    for word in words(text) {
        let chars: Vec<char> = std::iter::once('#').chain(word.chars()).chain(std::iter::once('#')).collect();
        for w in chars.windows(3) {
            let s: String = w.iter().collect();
            v[fnv1a(s.as_bytes()) as usize % DIM] += 1.0;
        }
    }
    let n = v.iter().map(|x| x * x).sum::<f64>().sqrt();
    if n > 0.0 {
        for x in &mut v {
            *x /= n;
        }
    }
    v
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn is_deterministic_and_normalised() {
        let a = embed("Red running shoes");
        assert_eq!(a, embed("red RUNNING shoes!"));
        let n: f64 = a.iter().map(|x| x * x).sum();
        assert!((n - 1.0).abs() < 1e-12);
        assert!(embed("").iter().all(|x| *x == 0.0));
        assert_eq!(fnv1a(b""), 0x811c_9dc5);
        assert_eq!(fnv1a(b"a"), 0xe40c_292c);
    }
}
