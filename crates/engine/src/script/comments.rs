//! Comment removal that keeps every other character where it was (the oracle's
//! `Scenario.CommentStripper`): a block comment becomes spaces, a `--` comment is cut off
//! with the white space before it, and SQL hints `/*+ … */` stay.

use std::borrow::Cow;

/// The bytes code stops at: a string's or identifier's quote, a comment's first character.
const CODE_STOPS: [bool; 256] = {
    let mut t = [false; 256];
    t[b'\'' as usize] = true;
    t[b'`' as usize] = true;
    t[b'-' as usize] = true;
    t[b'/' as usize] = true;
    t
};

#[derive(Clone, Copy, PartialEq, Eq)]
enum State {
    Code,
    String,
    Ident,
    Block,
    Hint,
}

pub struct CommentStripper {
    state: State,
}

impl Default for CommentStripper {
    fn default() -> Self {
        CommentStripper { state: State::Code }
    }
}

impl CommentStripper {
    /// True when the text so far ended outside any string, identifier or hint.
    pub fn outside(&self) -> bool {
        matches!(self.state, State::Code | State::Block)
    }

    /// Data lines are single lines: a quote left open does not continue on the next line.
    pub fn end_of_data_line(&mut self) {
        if matches!(self.state, State::String | State::Ident) {
            self.state = State::Code;
        }
    }

    /// The line without its comments; borrowed when it has none (the common line).
    pub fn strip<'a>(&mut self, line: &'a str) -> Cow<'a, str> {
        // bytes, a character at a time: every character this looks for is ASCII, which no byte
        // of a longer UTF-8 character is; a block comment's character becomes one space
        let b = line.as_bytes();
        let mut out: Option<String> = None;
        let n = b.len();
        let mut i = 0;
        while i < n {
            if out.is_none() {
                // nothing copied yet: skip to the next byte this state looks at (an ASCII byte,
                // so a character boundary)
                let mut rest = b[i..].iter();
                let next = match self.state {
                    State::Code => rest.position(|&c| CODE_STOPS[c as usize]),
                    State::String => rest.position(|&c| c == b'\''),
                    State::Ident => rest.position(|&c| c == b'`'),
                    State::Hint => rest.position(|&c| c == b'*'),
                    State::Block => Some(0),
                };
                match next {
                    Some(k) => i += k,
                    None => break,
                }
            }
            let c = b[i];
            let d = if i + 1 < n { b[i + 1] } else { 0 };
            let w = match c {
                0..=0x7f => 1,
                0xf0.. => 4,
                0xe0.. => 3,
                _ => 2,
            };
            match self.state {
                State::String => {
                    if c == b'\'' {
                        self.state = State::Code;
                    }
                }
                State::Ident => {
                    if c == b'`' {
                        self.state = State::Code;
                    }
                }
                State::Hint => {
                    if c == b'*' && d == b'/' {
                        self.state = State::Code;
                        if let Some(o) = out.as_mut() {
                            o.push_str("*/");
                        }
                        i += 2;
                        continue;
                    }
                }
                State::Block => {
                    let o = out.get_or_insert_with(|| line[..i].to_string());
                    if c == b'*' && d == b'/' {
                        self.state = State::Code;
                        o.push_str("  ");
                        i += 2;
                    } else {
                        o.push(' ');
                        i += w;
                    }
                    continue;
                }
                State::Code => {
                    if c == b'\'' {
                        self.state = State::String;
                    } else if c == b'`' {
                        self.state = State::Ident;
                    } else if c == b'-' && d == b'-' {
                        let o = out.get_or_insert_with(|| line[..i].to_string());
                        return Cow::Owned(o.trim_end().to_string());
                    } else if c == b'/' && d == b'*' {
                        if i + 2 < n && b[i + 2] == b'+' {
                            self.state = State::Hint;
                            if let Some(o) = out.as_mut() {
                                o.push_str("/*+");
                            }
                            i += 3;
                            continue;
                        }
                        let o = out.get_or_insert_with(|| line[..i].to_string());
                        self.state = State::Block;
                        o.push_str("  ");
                        i += 2;
                        continue;
                    }
                }
            }
            if let Some(o) = out.as_mut() {
                o.push_str(&line[i..(i + w).min(n)]);
            }
            i += w;
        }
        match out {
            None => Cow::Borrowed(line),
            Some(o) if matches!(self.state, State::String | State::Ident) => Cow::Owned(o),
            Some(o) => Cow::Owned(o.trim_end().to_string()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn comments_become_blank_and_hints_stay() {
        let mut c = CommentStripper::default();
        assert_eq!(c.strip("SELECT 1 -- one"), "SELECT 1");
        assert_eq!(c.strip("SELECT /* x */ 1"), "SELECT         1");
        assert_eq!(c.strip("SELECT '--' AS a"), "SELECT '--' AS a");
        assert_eq!(c.strip("SELECT /*+ MULTI_JOIN(a) */ 1"), "SELECT /*+ MULTI_JOIN(a) */ 1");
        assert_eq!(c.strip("a /* open"), "a");
        assert!(c.outside());
        assert_eq!(c.strip("still */ b"), "         b");
        // a character of a block comment is one space, whatever its UTF-8 length
        assert_eq!(c.strip("x /* é日😀 */ 'ü' -- ü"), "x           'ü'");
        // a string or identifier left open goes on on the next line, comment signs in it too
        assert_eq!(c.strip("SELECT 'a -- b"), "SELECT 'a -- b");
        assert_eq!(c.strip("c /* d' -- e"), "c /* d'");
        assert_eq!(c.strip("`x -- y"), "`x -- y");
        assert_eq!(c.strip("z` /*+ h */ -- w"), "z` /*+ h */");
        // a hint left open goes on, a lone '*' or '-' or '/' is code
        assert_eq!(c.strip("/*+ A(b) * c"), "/*+ A(b) * c");
        assert_eq!(c.strip("d */ 2 * 3 - 1 / 4"), "d */ 2 * 3 - 1 / 4");
        assert!(matches!(c.strip("no comment here  "), Cow::Borrowed("no comment here  ")));
    }
}
