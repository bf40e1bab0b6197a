//! Errors are values: every rejection carries Flink's wording, where it points inside the
//! statement (as Flink counts) and where that is in the script (as an editor counts).

use serde::Serialize;

/// 1-based line and column.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
pub struct Pos {
    pub line: usize,
    pub col: usize,
}

/// What kind of failure, in the words of the Java exception Flink throws for it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum ErrorKind {
    /// `org.apache.flink.table.api.SqlParserException`: the text is not SQL Flink can parse.
    Parse,
    /// `org.apache.flink.table.api.ValidationException`: names, types, semantics.
    Validation,
    /// `org.apache.flink.table.api.TableException`: the planner cannot run the query.
    Table,
    /// Bad script: data lines, INSERT values, unknown options (the oracle's `== harness error`).
    Harness,
    /// Valid Flink that JoinLab does not run yet.
    Unsupported,
    /// The job failed while running (Flink's `== runtime error`).
    Runtime,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Error {
    pub kind: ErrorKind,
    /// The message as Flink words it (for `Unsupported`: ours).
    pub message: String,
    /// Further causes, printed as `Caused by:` lines.
    pub causes: Vec<String>,
    /// Start and end of the offending text, counted inside the statement as Flink does.
    pub stmt_span: Option<(Pos, Pos)>,
    /// The same place in the script.
    pub script_pos: Option<Pos>,
    pub script_end: Option<Pos>,
    /// The Java class Flink reports, when it is not the usual one for `kind`.
    pub class: Option<String>,
    /// JoinLab's sentence after Flink's words: the cause and the fix, where we know them
    /// ([`crate::hints`]). Never part of Flink's message (conformance compares that).
    pub hint: Option<Hint>,
    /// Where the statement stands in the script (its first line, the columns before it), once
    /// [`Error::locate`] placed it: maps the hint's span and the message's own positions.
    pub origin: Option<(usize, usize)>,
}

pub type Result<T> = std::result::Result<T, Error>;

/// JoinLab's sentence after Flink's words (the catalogue: `hints.rs`) and the place it points
/// at, inside the statement (end inclusive), when that is not where Flink's message points.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Hint {
    pub text: String,
    pub span: Option<(Pos, Pos)>,
}

impl Hint {
    pub fn new(text: impl Into<String>) -> Hint {
        Hint { text: text.into(), span: None }
    }
    pub fn at(mut self, span: (Pos, Pos)) -> Hint {
        self.span = Some(span);
        self
    }
}

impl Error {
    pub fn new(kind: ErrorKind, message: impl Into<String>) -> Error {
        Error {
            kind,
            message: message.into(),
            causes: Vec::new(),
            stmt_span: None,
            script_pos: None,
            script_end: None,
            class: None,
            hint: None,
            origin: None,
        }
    }
    pub fn parse(message: impl Into<String>) -> Error {
        Error::new(ErrorKind::Parse, message)
    }
    pub fn validation(message: impl Into<String>) -> Error {
        Error::new(ErrorKind::Validation, message)
    }
    pub fn table(message: impl Into<String>) -> Error {
        Error::new(ErrorKind::Table, message)
    }
    pub fn harness(message: impl Into<String>) -> Error {
        Error::new(ErrorKind::Harness, message)
    }
    pub fn runtime(message: impl Into<String>) -> Error {
        Error::new(ErrorKind::Runtime, message)
    }
    /// `not supported yet: <construct>`.
    pub fn unsupported(construct: impl Into<String>) -> Error {
        Error::new(ErrorKind::Unsupported, format!("not supported yet: {}", construct.into()))
    }

    pub fn at(mut self, start: Pos, end: Pos) -> Error {
        self.stmt_span = Some((start, end));
        self
    }

    pub fn with_class(mut self, class: impl Into<String>) -> Error {
        self.class = Some(class.into());
        self
    }

    pub fn caused_by(mut self, cause: impl Into<String>) -> Error {
        self.causes.push(cause.into());
        self
    }

    /// Places the statement-relative span in the script, given the statement's first line and
    /// the columns before it on that line.
    pub fn locate(mut self, stmt_line: usize, stmt_col0: usize) -> Error {
        self.origin = Some((stmt_line, stmt_col0));
        if let Some((s, e)) = self.stmt_span {
            self.script_pos = Some(self.script_at(s));
            self.script_end = Some(self.script_at(e));
        }
        self
    }

    /// A statement position in the script (unchanged before [`Error::locate`]).
    pub fn script_at(&self, p: Pos) -> Pos {
        let Some((stmt_line, stmt_col0)) = self.origin else { return p };
        if p.line <= 1 {
            Pos { line: stmt_line, col: stmt_col0 + p.col }
        } else {
            Pos { line: stmt_line + p.line - 1, col: p.col }
        }
    }

    pub fn with_hint(mut self, hint: Hint) -> Error {
        self.hint = Some(hint);
        self
    }

    /// Java exception class Flink reports.
    pub fn java_class(&self) -> &'static str {
        match self.kind {
            ErrorKind::Parse => "org.apache.flink.table.api.SqlParserException",
            ErrorKind::Validation => "org.apache.flink.table.api.ValidationException",
            ErrorKind::Table => "org.apache.flink.table.api.TableException",
            ErrorKind::Harness => "java.lang.IllegalArgumentException",
            ErrorKind::Unsupported => "joinlab.NotSupportedYet",
            ErrorKind::Runtime => "org.apache.flink.runtime.JobException",
        }
    }

    /// The block the oracle prints: `Class: message` and `Caused by:` lines.
    pub fn describe(&self) -> String {
        let class = self.class.as_deref().unwrap_or(self.java_class());
        let mut s = format!("{}: {}", class, self.message);
        for c in &self.causes {
            s.push_str("\nCaused by: ");
            s.push_str(c);
        }
        s
    }

    /// The message as the page shows it, with one position: Calcite's positions counted inside
    /// the statement ("at line 5, column 6", "At line 1, column 8: ", "From line … to line …: ")
    /// are dropped where they are the error's own place (the page shows that, in script lines)
    /// and rewritten to script lines elsewhere. Before [`Error::locate`]: the message.
    pub fn shown(&self) -> String {
        if self.origin.is_none() {
            return self.message.clone();
        }
        let m = &self.message;
        let mut out = String::new();
        let mut i = 0;
        while i < m.len() {
            let rest = &m[i..];
            let matched = ["From line ", "At line ", " at line "].iter().find_map(|p| {
                let after = rest.strip_prefix(p)?;
                let (a, after) = line_col(after)?;
                match *p {
                    "From line " => {
                        let (b, after) = line_col(after.strip_prefix(" to line ")?)?;
                        let after = after.strip_prefix(": ")?;
                        Some((p, a, Some(b), rest.len() - after.len()))
                    }
                    "At line " => Some((p, a, None, rest.len() - after.strip_prefix(": ")?.len())),
                    _ => Some((p, a, None, rest.len() - after.len())),
                }
            });
            match matched {
                Some((p, a, b, used)) => {
                    let (sa, sb) = (self.script_at(a), b.map(|b| self.script_at(b)));
                    if Some(sa) != self.script_pos {
                        match sb {
                            Some(sb) => out.push_str(&format!(
                                "From line {}, column {} to line {}, column {}: ",
                                sa.line, sa.col, sb.line, sb.col
                            )),
                            None if *p == "At line " => {
                                out.push_str(&format!("At line {}, column {}: ", sa.line, sa.col))
                            }
                            None => out.push_str(&format!(" at line {}, column {}", sa.line, sa.col)),
                        }
                    }
                    i += used;
                }
                None => {
                    let c = rest.chars().next().unwrap_or(' ');
                    out.push(c);
                    i += c.len_utf8();
                }
            }
        }
        out
    }

    /// One line for people: the script position and the message.
    pub fn human(&self) -> String {
        match self.script_pos {
            Some(p) => format!("line {}, column {}: {}", p.line, p.col, self.message),
            None => self.message.clone(),
        }
    }
}

/// `L, column C` at the start of `s`, and the rest.
fn line_col(s: &str) -> Option<(Pos, &str)> {
    let digits = |s: &str| s.chars().take_while(|c| c.is_ascii_digit()).count();
    let n = digits(s);
    let line = s[..n].parse().ok()?;
    let s = s[n..].strip_prefix(", column ")?;
    let k = digits(s);
    let col = s[..k].parse().ok()?;
    Some((Pos { line, col }, &s[k..]))
}

impl std::fmt::Display for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.human())
    }
}

impl std::error::Error for Error {}

/// A failure while rows run through the operators (an expression that throws, a cast that
/// fails): Flink's job fails with this Java exception. The runtime turns it into the job
/// failure the oracle reports ([`Error`] of kind `Runtime`).
#[derive(Clone, Debug, PartialEq)]
pub struct RuntimeError {
    /// The Java exception class (`java.lang.ArithmeticException`).
    pub class: String,
    pub message: String,
}

impl RuntimeError {
    /// A `java.lang.RuntimeException` (Flink's generic wrapper).
    pub fn new(message: impl Into<String>) -> RuntimeError {
        RuntimeError::java("java.lang.RuntimeException", message)
    }

    pub fn java(class: impl Into<String>, message: impl Into<String>) -> RuntimeError {
        RuntimeError { class: class.into(), message: message.into() }
    }

    /// `java.lang.ArithmeticException: / by zero` and the like.
    pub fn arithmetic(message: impl Into<String>) -> RuntimeError {
        RuntimeError::java("java.lang.ArithmeticException", message)
    }

    /// `class: message`, as a `Caused by:` line prints it.
    pub fn cause_text(&self) -> String {
        format!("{}: {}", self.class, self.message)
    }

    /// The failure in one line for a planner or data error that quotes it: the message alone
    /// for a plain `RuntimeException`, else `class: message`.
    pub fn plain(&self) -> String {
        if self.class == "java.lang.RuntimeException" {
            self.message.clone()
        } else {
            self.cause_text()
        }
    }
}

/// Text of the form `java.some.Exception: message` keeps its class; any other text is the
/// message of a `java.lang.RuntimeException`.
impl From<String> for RuntimeError {
    fn from(text: String) -> RuntimeError {
        if text.starts_with("java.") {
            if let Some((class, message)) = text.split_once(": ") {
                return RuntimeError::java(class, message);
            }
        }
        RuntimeError::new(text)
    }
}

impl From<&str> for RuntimeError {
    fn from(text: &str) -> RuntimeError {
        RuntimeError::from(text.to_string())
    }
}

impl std::fmt::Display for RuntimeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.cause_text())
    }
}
