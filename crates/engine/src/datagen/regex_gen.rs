//! Strings that match a regular expression (Avro `arg.properties.regex`, and the examples
//! catalog's text columns).
//!
//! The supported subset, and how a string is drawn:
//!
//! | syntax | draws |
//! |---|---|
//! | literal characters, `\.` `\[` `\\` … (any escaped punctuation), `\t` `\n` `\r`, `\xHH`, `\uHHHH` | themselves |
//! | `[abc]`, `[a-z0-9_]`, `[^…]`, and `\d` `\w` `\s` `\D` `\W` `\S` inside or outside `[…]` | one character, uniform over the set (a negated set is taken within printable ASCII) |
//! | `.` | one printable ASCII character (space to `~`) |
//! | `(…)`, `(?:…)`, `(?<name>…)` | the group |
//! | `a\|b\|c` | one branch, uniform |
//! | `?` `*` `+` `{n}` `{n,}` `{n,m}` (a trailing `?` or `+` is accepted and ignored) | a count uniform in `[min, max]`; `*`, `+` and `{n,}` allow at most 4 more than their minimum |
//! | `^`, `$` | nothing (anchors) |
//!
//! Anything else — back-references, look-around, `\b`, `\p{…}`, inline flags — is an error
//! naming the construct and its position, never a silently different string.

use super::rng::Rng;

/// How many repetitions an unbounded quantifier may add to its minimum.
pub const UNBOUNDED_EXTRA: u32 = 4;
/// Largest count a quantifier may ask for, and deepest group nesting.
pub const MAX_REPEAT: u32 = 1_000;
const MAX_DEPTH: u32 = 64;

#[derive(Clone, Debug)]
enum Node {
    Lit(String),
    /// Inclusive code-point ranges and the number of code points they hold.
    Class(Vec<(u32, u32)>, u32),
    Concat(Vec<Node>),
    Alt(Vec<Node>),
    Repeat(Box<Node>, u32, u32),
}

/// A compiled pattern.
#[derive(Clone, Debug)]
pub struct RegexGen {
    root: Node,
    pattern: String,
}

impl RegexGen {
    pub fn parse(pattern: &str) -> Result<RegexGen, String> {
        let chars: Vec<char> = pattern.chars().collect();
        let mut p = Parser { c: &chars, i: 0, depth: 0 };
        let root = p.alt()?;
        if p.i < chars.len() {
            return Err(format!("unbalanced ')' at position {} of regex '{}'", p.i, pattern));
        }
        Ok(RegexGen { root, pattern: pattern.to_string() })
    }

    pub fn pattern(&self) -> &str {
        &self.pattern
    }

    /// Appends one matching string.
    pub fn generate_into(&self, rng: &mut Rng, out: &mut String) {
        gen(&self.root, rng, out)
    }

    pub fn generate(&self, rng: &mut Rng) -> String {
        let mut s = String::new();
        self.generate_into(rng, &mut s);
        s
    }
}

fn gen(n: &Node, rng: &mut Rng, out: &mut String) {
    match n {
        Node::Lit(s) => out.push_str(s),
        Node::Class(ranges, total) => {
            let mut k = rng.below(*total as u64) as u32;
            for &(lo, hi) in ranges {
                let size = hi - lo + 1;
                if k < size {
                    if let Some(c) = char::from_u32(lo + k) {
                        out.push(c);
                    }
                    return;
                }
                k -= size;
            }
        }
        Node::Concat(parts) => {
            for p in parts {
                gen(p, rng, out);
            }
        }
        Node::Alt(branches) => {
            let k = rng.below(branches.len() as u64) as usize;
            gen(&branches[k], rng, out);
        }
        Node::Repeat(inner, min, max) => {
            let count = if min == max { *min } else { *min + rng.below((*max - *min + 1) as u64) as u32 };
            for _ in 0..count {
                gen(inner, rng, out);
            }
        }
    }
}

const PRINTABLE: (u32, u32) = (0x20, 0x7e);

fn digit() -> Vec<(u32, u32)> {
    vec![('0' as u32, '9' as u32)]
}
fn word() -> Vec<(u32, u32)> {
    vec![('0' as u32, '9' as u32), ('A' as u32, 'Z' as u32), ('_' as u32, '_' as u32), ('a' as u32, 'z' as u32)]
}
fn space() -> Vec<(u32, u32)> {
    vec![(0x09, 0x0d), (0x20, 0x20)]
}

/// Sorted, merged ranges.
fn normalize(mut r: Vec<(u32, u32)>) -> Vec<(u32, u32)> {
    crate::sort::sort(&mut r);
    let mut out: Vec<(u32, u32)> = Vec::with_capacity(r.len());
    for (lo, hi) in r {
        match out.last_mut() {
            Some(last) if lo <= last.1.saturating_add(1) => last.1 = last.1.max(hi),
            _ => out.push((lo, hi)),
        }
    }
    out
}

/// Printable ASCII minus `r`.
fn complement(r: &[(u32, u32)]) -> Vec<(u32, u32)> {
    let mut out = Vec::new();
    let mut next = PRINTABLE.0;
    for &(lo, hi) in r {
        if hi < next || lo > PRINTABLE.1 {
            continue;
        }
        if lo > next {
            out.push((next, lo - 1));
        }
        next = next.max(hi + 1);
    }
    if next <= PRINTABLE.1 {
        out.push((next, PRINTABLE.1));
    }
    out
}

fn class_node(r: Vec<(u32, u32)>) -> Result<Node, String> {
    let r = normalize(r);
    let total: u32 = r.iter().map(|(lo, hi)| hi - lo + 1).sum();
    if total == 0 {
        return Err("empty character class".into());
    }
    Ok(Node::Class(r, total))
}

struct Parser<'a> {
    c: &'a [char],
    i: usize,
    depth: u32,
}

impl Parser<'_> {
    fn peek(&self) -> Option<char> {
        self.c.get(self.i).copied()
    }

    fn err(&self, what: &str) -> String {
        let pattern: String = self.c.iter().collect();
        format!("invalid or unsupported regex syntax {} at position {} of regex '{}'", what, self.i, pattern)
    }

    fn alt(&mut self) -> Result<Node, String> {
        let mut branches = vec![self.concat()?];
        while self.peek() == Some('|') {
            self.i += 1;
            branches.push(self.concat()?);
        }
        Ok(if branches.len() == 1 { branches.pop().unwrap_or(Node::Lit(String::new())) } else { Node::Alt(branches) })
    }

    fn concat(&mut self) -> Result<Node, String> {
        let mut parts: Vec<Node> = Vec::new();
        while let Some(c) = self.peek() {
            if c == '|' || c == ')' {
                break;
            }
            let atom = self.atom()?;
            let atom = self.quantified(atom)?;
            match (parts.last_mut(), atom) {
                (Some(Node::Lit(prev)), Node::Lit(s)) => prev.push_str(&s),
                (_, a) => parts.push(a),
            }
        }
        Ok(if parts.len() == 1 { parts.pop().unwrap_or(Node::Lit(String::new())) } else { Node::Concat(parts) })
    }

    fn number(&mut self) -> Option<u32> {
        let start = self.i;
        while matches!(self.peek(), Some(c) if c.is_ascii_digit()) {
            self.i += 1;
        }
        if self.i == start {
            return None;
        }
        self.c[start..self.i].iter().collect::<String>().parse().ok()
    }

    fn quantified(&mut self, mut atom: Node) -> Result<Node, String> {
        loop {
            let (min, max) = match self.peek() {
                Some('?') => {
                    self.i += 1;
                    (0, 1)
                }
                Some('*') => {
                    self.i += 1;
                    (0, UNBOUNDED_EXTRA)
                }
                Some('+') => {
                    self.i += 1;
                    (1, 1 + UNBOUNDED_EXTRA)
                }
                Some('{') => {
                    let save = self.i;
                    self.i += 1;
                    let Some(min) = self.number() else {
                        // `{` that does not start a quantifier is a literal, as in Java
                        self.i = save;
                        return Ok(atom);
                    };
                    let max = if self.peek() == Some(',') {
                        self.i += 1;
                        self.number().unwrap_or(min.saturating_add(UNBOUNDED_EXTRA))
                    } else {
                        min
                    };
                    if self.peek() != Some('}') {
                        return Err(self.err("'{' without a closing '}'"));
                    }
                    self.i += 1;
                    if max < min {
                        return Err(self.err("'{n,m}' with m < n"));
                    }
                    if max > MAX_REPEAT {
                        return Err(self.err(&format!("a repetition above {}", MAX_REPEAT)));
                    }
                    (min, max)
                }
                _ => return Ok(atom),
            };
            // lazy `?` / possessive `+` change matching, not generation
            if matches!(self.peek(), Some('?') | Some('+')) {
                self.i += 1;
            }
            atom = Node::Repeat(Box::new(atom), min, max);
        }
    }

    fn atom(&mut self) -> Result<Node, String> {
        let Some(c) = self.peek() else { return Err(self.err("end of pattern")) };
        match c {
            '(' => {
                self.i += 1;
                self.depth += 1;
                if self.depth > MAX_DEPTH {
                    return Err(self.err(&format!("groups nested deeper than {}", MAX_DEPTH)));
                }
                if self.peek() == Some('?') {
                    match (self.c.get(self.i + 1), self.c.get(self.i + 2)) {
                        (Some(':'), _) => self.i += 2,
                        (Some('<'), Some(n)) if n.is_ascii_alphabetic() => {
                            self.i += 2;
                            while matches!(self.peek(), Some(ch) if ch.is_ascii_alphanumeric()) {
                                self.i += 1;
                            }
                            if self.peek() != Some('>') {
                                return Err(self.err("'(?<' without a closing '>'"));
                            }
                            self.i += 1;
                        }
                        _ => return Err(self.err("'(?' (look-around or inline flags)")),
                    }
                }
                let inner = self.alt()?;
                if self.peek() != Some(')') {
                    return Err(self.err("'(' without a closing ')'"));
                }
                self.i += 1;
                self.depth -= 1;
                Ok(inner)
            }
            '[' => {
                self.i += 1;
                self.class()
            }
            '.' => {
                self.i += 1;
                class_node(vec![PRINTABLE])
            }
            '^' | '$' => {
                self.i += 1;
                Ok(Node::Lit(String::new()))
            }
            '\\' => {
                self.i += 1;
                match self.escape()? {
                    Esc::Char(ch) => Ok(Node::Lit(ch.to_string())),
                    Esc::Set(r) => class_node(r),
                }
            }
            '*' | '+' | '?' => Err(self.err(&format!("'{}' with nothing to repeat", c))),
            _ => {
                self.i += 1;
                Ok(Node::Lit(c.to_string()))
            }
        }
    }

    fn hex(&mut self, n: usize) -> Result<char, String> {
        let s: String = self.c.get(self.i..self.i + n).map(|s| s.iter().collect()).unwrap_or_default();
        let v = u32::from_str_radix(&s, 16).ok().filter(|_| s.len() == n);
        let ch = v.and_then(char::from_u32).ok_or_else(|| self.err("bad hexadecimal escape"))?;
        self.i += n;
        Ok(ch)
    }

    /// After a backslash.
    fn escape(&mut self) -> Result<Esc, String> {
        let Some(c) = self.peek() else { return Err(self.err("trailing '\\'")) };
        self.i += 1;
        Ok(match c {
            'd' => Esc::Set(digit()),
            'w' => Esc::Set(word()),
            's' => Esc::Set(space()),
            'D' => Esc::Set(complement(&digit())),
            'W' => Esc::Set(complement(&normalize(word()))),
            'S' => Esc::Set(complement(&space())),
            't' => Esc::Char('\t'),
            'n' => Esc::Char('\n'),
            'r' => Esc::Char('\r'),
            'f' => Esc::Char('\x0c'),
            'x' => Esc::Char(self.hex(2)?),
            'u' => Esc::Char(self.hex(4)?),
            c if c.is_ascii_alphanumeric() => {
                self.i -= 1;
                return Err(self.err(&format!("'\\{}'", c)));
            }
            c => Esc::Char(c),
        })
    }

    /// After `[`.
    fn class(&mut self) -> Result<Node, String> {
        let negated = self.peek() == Some('^');
        if negated {
            self.i += 1;
        }
        let mut ranges: Vec<(u32, u32)> = Vec::new();
        let mut first = true;
        loop {
            let Some(c) = self.peek() else { return Err(self.err("'[' without a closing ']'")) };
            if c == ']' && !first {
                self.i += 1;
                break;
            }
            first = false;
            if c == '[' {
                return Err(self.err("nested character class"));
            }
            let lo = if c == '\\' {
                self.i += 1;
                match self.escape()? {
                    Esc::Char(ch) => ch,
                    Esc::Set(r) => {
                        ranges.extend(r);
                        continue;
                    }
                }
            } else {
                self.i += 1;
                c
            };
            if self.peek() == Some('-') && self.c.get(self.i + 1).is_some_and(|&n| n != ']') {
                self.i += 1;
                let hi = match self.peek() {
                    Some('\\') => {
                        self.i += 1;
                        match self.escape()? {
                            Esc::Char(ch) => ch,
                            Esc::Set(_) => return Err(self.err("a class escape as a range end")),
                        }
                    }
                    Some(h) => {
                        self.i += 1;
                        h
                    }
                    None => return Err(self.err("'[' without a closing ']'")),
                };
                if (hi as u32) < (lo as u32) {
                    return Err(self.err(&format!("range '{}-{}' out of order", lo, hi)));
                }
                ranges.push((lo as u32, hi as u32));
            } else {
                ranges.push((lo as u32, lo as u32));
            }
        }
        let ranges = normalize(ranges);
        class_node(if negated { complement(&ranges) } else { ranges })
    }
}

enum Esc {
    Char(char),
    Set(Vec<(u32, u32)>),
}

/// Escapes `s` so that it matches itself.
pub fn escape_literal(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        if "\\.[]{}()*+?^$|-".contains(c) {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample(p: &str, n: usize) -> Vec<String> {
        let g = RegexGen::parse(p).unwrap();
        let mut r = Rng::new(42);
        (0..n).map(|_| g.generate(&mut r)).collect()
    }

    #[test]
    fn quickstart_patterns() {
        for s in sample("\\[[0-9][0-9],[0-9][0-9]\\]", 200) {
            let b = s.as_bytes();
            assert_eq!(b.len(), 7, "{}", s);
            assert!(b[0] == b'[' && b[3] == b',' && b[6] == b']');
            assert!(b[1].is_ascii_digit() && b[2].is_ascii_digit() && b[4].is_ascii_digit() && b[5].is_ascii_digit());
        }
        for s in sample("BYOC_Item_[1-9][0-9]{0,2}", 200) {
            let n: u32 = s.strip_prefix("BYOC_Item_").unwrap().parse().unwrap();
            assert!((1..=999).contains(&n));
        }
        for s in sample("User_[1-9]{0,1}", 100) {
            assert!(s == "User_" || (s.len() == 6 && s.as_bytes()[5].is_ascii_digit()));
        }
        let all = sample("(BUY|SELL|SHORT)", 300);
        for w in ["BUY", "SELL", "SHORT"] {
            assert!(all.iter().any(|s| s == w));
        }
        for s in sample("https://www[.]acme[.]com/product/[a-z]{5}", 50) {
            let tail = s.strip_prefix("https://www.acme.com/product/").unwrap();
            assert!(tail.len() == 5 && tail.bytes().all(|b| b.is_ascii_lowercase()));
        }
        for s in sample("[^a-z]\\d\\w.", 200) {
            let c: Vec<char> = s.chars().collect();
            assert!(!c[0].is_ascii_lowercase() && (' '..='~').contains(&c[0]));
            assert!(c[1].is_ascii_digit());
        }
    }

    #[test]
    fn rejects_what_it_cannot_generate() {
        let deep = format!("{}a{}", "(".repeat(100), ")".repeat(100));
        for p in ["a\\1", "(?=a)", "\\bword", "(abc", "[abc", "a{3,1}", "*a", "\\p{L}", "a{5000}", deep.as_str()] {
            let e = RegexGen::parse(p).unwrap_err();
            assert!(e.contains("unsupported regex syntax"), "{}: {}", p, e);
        }
    }
}
