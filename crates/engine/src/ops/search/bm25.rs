//! TEXT_SEARCH_AGG's ranking: Okapi BM25 over the store's rows, JoinLab's own (Confluent's
//! providers rank with their own engines; WAVE2-RESEARCH §1.2 documents no ranking).
//!
//! * Tokens: the text lowercased, split on every character that is not alphanumeric (Unicode
//!   `char::is_alphanumeric`); empty pieces dropped. `"Red-shoes, RED!"` → `red`, `shoes`, `red`.
//! * A document is one store row's searched column (NULL: no tokens); N = the store's rows,
//!   avgdl = their mean token count.
//! * Per distinct query token t: idf(t) = ln(1 + (N − n(t) + 0.5) / (n(t) + 0.5)) (Lucene's,
//!   never negative), n(t) = documents holding t; score = Σ idf(t) · tf·(k1 + 1) /
//!   (tf + k1·(1 − b + b·dl/avgdl)), k1 = 1.2, b = 0.75.
//! * A row whose score is 0 (no query token in it) is no result.

use rustc_hash::FxHashMap;

pub const K1: f64 = 1.2;
pub const B: f64 = 0.75;

/// The text's tokens, in order.
pub fn tokens(text: &str) -> Vec<String> {
    crate::expr::embedding::words(text)
}

/// The BM25 score of each document (None: NULL) for `query`, in document order.
pub fn scores(query: &str, docs: &[Option<&str>]) -> Vec<f64> {
    let mut q: Vec<String> = tokens(query);
    crate::sort::sort(&mut q);
    q.dedup();
    let toks: Vec<Vec<String>> = docs.iter().map(|d| d.map(tokens).unwrap_or_default()).collect();
    let n = toks.len() as f64;
    let total: usize = toks.iter().map(|t| t.len()).sum();
    let avgdl = if toks.is_empty() { 0.0 } else { total as f64 / n };
    let mut df: FxHashMap<&str, usize> = FxHashMap::default();
    for t in &q {
        let c = toks.iter().filter(|d| d.iter().any(|x| x == t)).count();
        df.insert(t.as_str(), c);
    }
    toks.iter()
        .map(|d| {
            let dl = d.len() as f64;
            let mut s = 0.0;
            for t in &q {
                let tf = d.iter().filter(|x| *x == t).count() as f64;
                if tf == 0.0 {
                    continue;
                }
                let nt = df.get(t.as_str()).copied().unwrap_or(0) as f64;
                let idf = (1.0 + (n - nt + 0.5) / (nt + 0.5)).ln();
                let norm = if avgdl > 0.0 { dl / avgdl } else { 0.0 };
                s += idf * tf * (K1 + 1.0) / (tf + K1 * (1.0 - B + B * norm));
            }
            s
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokenizes_on_non_alphanumerics() {
        assert_eq!(tokens("Red-shoes, RED! ünïcode_x"), vec!["red", "shoes", "red", "ünïcode", "x"]);
    }

    #[test]
    fn one_matching_document_of_two() {
        // N = 2, n = 1: idf = ln(1 + 1.5/1.5) = ln 2; dl = avgdl = 1: tf·2.2/(1 + 1.2) = 1
        let s = scores("shoe", &[Some("shoe"), Some("hat")]);
        assert!((s[0] - 2f64.ln()).abs() < 1e-12);
        assert_eq!(s[1], 0.0);
    }
}
