//! SQL `LIKE` with `%`, `_` and an optional ESCAPE character.

/// SQL LIKE with `%` and `_`.
#[derive(Clone, Copy, PartialEq)]
enum LikeToken {
    /// `%`: any run of characters.
    Any,
    /// `_`: one character.
    One,
    Char(char),
}

/// SQL LIKE: `%` and `_` wildcards; after the ESCAPE character, `%`, `_` or itself stand for
/// themselves.
pub(super) fn like(s: &str, pat: &str, escape: Option<char>) -> bool {
    let s: Vec<char> = s.chars().collect();
    let mut p: Vec<LikeToken> = Vec::new();
    let mut chars = pat.chars();
    while let Some(c) = chars.next() {
        p.push(match c {
            e if Some(e) == escape => LikeToken::Char(chars.next().unwrap_or(e)),
            '%' => LikeToken::Any,
            '_' => LikeToken::One,
            c => LikeToken::Char(c),
        });
    }
    let (mut si, mut pi) = (0usize, 0usize);
    let (mut star, mut mark) = (None, 0usize);
    while si < s.len() {
        if pi < p.len() && (p[pi] == LikeToken::One || p[pi] == LikeToken::Char(s[si])) {
            si += 1;
            pi += 1;
        } else if pi < p.len() && p[pi] == LikeToken::Any {
            star = Some(pi);
            mark = si;
            pi += 1;
        } else if let Some(st) = star {
            pi = st + 1;
            mark += 1;
            si = mark;
        } else {
            return false;
        }
    }
    while pi < p.len() && p[pi] == LikeToken::Any {
        pi += 1;
    }
    pi == p.len()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn like_patterns() {
        assert!(like("hello", "h%o", None));
        assert!(like("hello", "h_llo", None));
        assert!(!like("hello", "h_lo", None));
        assert!(like("", "%", None));
        // ESCAPE: the escaped wildcard is a plain character
        assert!(like("a_b%", "a\\_%", Some('\\')));
        assert!(!like("axb", "a\\_b", Some('\\')));
        assert!(like("50%", "50!%", Some('!')));
    }
}
