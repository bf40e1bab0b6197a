//! A lexer for the statement being written (issue 20's completion): words, `'…'` strings (an
//! unterminated one too: the cursor is often inside it), `` `…` `` names, numbers, symbols,
//! comments and `/*+ … */` hints (an unterminated one too), each with its byte span.

#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Kind {
    Word,
    /// A `` `…` `` name.
    Quoted,
    /// `'…'`; `closed` false when the text ends inside it.
    Str {
        closed: bool,
    },
    Number,
    Symbol,
    /// `/*+ … */`; `closed` false when the text ends inside it.
    Hint {
        closed: bool,
    },
}

#[derive(Clone, Debug)]
pub struct Tok {
    pub kind: Kind,
    pub from: usize,
    pub to: usize,
}

impl Tok {
    pub fn text<'a>(&self, s: &'a str) -> &'a str {
        &s[self.from..self.to]
    }

    /// A name's text (a quoted one without its backquotes).
    pub fn name(&self, s: &str) -> Option<String> {
        match self.kind {
            Kind::Word => Some(self.text(s).to_string()),
            Kind::Quoted => Some(self.text(s).trim_matches('`').to_string()),
            _ => None,
        }
    }

    /// A string's value (quotes removed, `''` read as `'`).
    pub fn value(&self, s: &str) -> Option<String> {
        match self.kind {
            Kind::Str { closed } => {
                let t = self.text(s);
                let inner = if closed && t.len() >= 2 { &t[1..t.len() - 1] } else { &t[1..] };
                Some(inner.replace("''", "'"))
            }
            _ => None,
        }
    }

    pub fn is(&self, s: &str, w: &str) -> bool {
        self.kind == Kind::Word && self.text(s).eq_ignore_ascii_case(w)
    }
}

/// The tokens of `s` (comments left out).
pub fn lex(s: &str) -> Vec<Tok> {
    let b = s.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        let from = i;
        let kind = match c {
            b' ' | b'\t' | b'\r' | b'\n' => {
                i += 1;
                continue;
            }
            b'-' if b.get(i + 1) == Some(&b'-') => {
                while i < b.len() && b[i] != b'\n' {
                    i += 1;
                }
                continue;
            }
            b'/' if b.get(i + 1) == Some(&b'*') => {
                let hint = b.get(i + 2) == Some(&b'+');
                let end = s[i + 2..].find("*/").map(|k| i + 2 + k + 2);
                i = end.unwrap_or(b.len());
                if !hint {
                    continue;
                }
                Kind::Hint { closed: end.is_some() }
            }
            b'\'' => {
                i += 1;
                let mut closed = false;
                while i < b.len() {
                    if b[i] == b'\'' {
                        if b.get(i + 1) == Some(&b'\'') {
                            i += 2;
                            continue;
                        }
                        closed = true;
                        i += 1;
                        break;
                    }
                    i += 1;
                }
                Kind::Str { closed }
            }
            b'`' => {
                i += 1;
                while i < b.len() && b[i] != b'`' {
                    i += 1;
                }
                i = (i + 1).min(b.len());
                Kind::Quoted
            }
            c if c.is_ascii_digit() => {
                while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'.') {
                    i += 1;
                }
                Kind::Number
            }
            c if c.is_ascii_alphabetic() || c == b'_' || c == b'$' || c >= 0x80 => {
                while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_' || b[i] == b'$' || b[i] >= 0x80) {
                    i += 1;
                }
                Kind::Word
            }
            _ => {
                i += 1;
                Kind::Symbol
            }
        };
        out.push(Tok { kind, from, to: i });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strings_hints_and_comments() {
        let s = "SELECT /*+ MULTI_JOIN(a, b) */ x -- c\nFROM `my t` WHERE y = 'it''s";
        let t = lex(s);
        let kinds: Vec<Kind> = t.iter().map(|t| t.kind).collect();
        assert_eq!(kinds[1], Kind::Hint { closed: true });
        assert_eq!(t[4].name(s).as_deref(), Some("my t"));
        let last = t.last().map(|t| (t.kind, t.value(s)));
        assert_eq!(last, Some((Kind::Str { closed: false }, Some("it's".to_string()))));
        assert!(t.iter().all(|x| x.text(s) != "c"), "the comment is left out");
    }
}
