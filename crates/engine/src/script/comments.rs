//! Comment removal that keeps every other character where it was (the oracle's
//! `Scenario.CommentStripper`): a block comment becomes spaces, a `--` comment is cut off
//! with the white space before it, and SQL hints `/*+ … */` stay.

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

    pub fn strip(&mut self, line: &str) -> String {
        let chars: Vec<char> = line.chars().collect();
        let mut out: Option<String> = None;
        let n = chars.len();
        let mut i = 0;
        while i < n {
            let c = chars[i];
            let d = if i + 1 < n { chars[i + 1] } else { '\0' };
            match self.state {
                State::String => {
                    if c == '\'' {
                        self.state = State::Code;
                    }
                }
                State::Ident => {
                    if c == '`' {
                        self.state = State::Code;
                    }
                }
                State::Hint => {
                    if c == '*' && d == '/' {
                        self.state = State::Code;
                        if let Some(o) = out.as_mut() {
                            o.push_str("*/");
                        }
                        i += 2;
                        continue;
                    }
                }
                State::Block => {
                    let o = out.get_or_insert_with(|| chars[..i].iter().collect());
                    if c == '*' && d == '/' {
                        self.state = State::Code;
                        o.push_str("  ");
                        i += 2;
                    } else {
                        o.push(' ');
                        i += 1;
                    }
                    continue;
                }
                State::Code => {
                    if c == '\'' {
                        self.state = State::String;
                    } else if c == '`' {
                        self.state = State::Ident;
                    } else if c == '-' && d == '-' {
                        let o = out.get_or_insert_with(|| chars[..i].iter().collect());
                        return o.trim_end().to_string();
                    } else if c == '/' && d == '*' {
                        if i + 2 < n && chars[i + 2] == '+' {
                            self.state = State::Hint;
                            if let Some(o) = out.as_mut() {
                                o.push_str("/*+");
                            }
                            i += 3;
                            continue;
                        }
                        let o = out.get_or_insert_with(|| chars[..i].iter().collect());
                        self.state = State::Block;
                        o.push_str("  ");
                        i += 2;
                        continue;
                    }
                }
            }
            if let Some(o) = out.as_mut() {
                o.push(c);
            }
            i += 1;
        }
        match out {
            None => line.to_string(),
            Some(o) if matches!(self.state, State::String | State::Ident) => o,
            Some(o) => o.trim_end().to_string(),
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
    }
}
