//! Reading a faker expression string the way DataFaker's `Faker.expression` reads it: text with
//! `#{Provider.method 'arg1','arg2'}` calls in it. The text around the calls is kept as written;
//! a string may hold several calls (`#{Name.firstName} #{Name.lastName}`) or none (a constant).
//!
//! * A call is `#{`, a name (`Provider.method`, or a bare `regexify`/`bothify`/…), then optional
//!   arguments, each in single quotes, separated by commas (blanks around them allowed), then `}`.
//!   In SQL the quotes are doubled inside the option's literal:
//!   `'#{number.numberBetween ''1'',''100''}'`.
//! * An argument runs to the next quote, so it may hold `{`, `}` and commas
//!   (`#{regexify '[a-z]{4}'}`); it cannot hold a quote.
//! * Names are matched without regard to case or underscores ([`normalize`]): `#{name.first_name}`
//!   and `#{Name.firstName}` are the same call, as in DataFaker.

/// A piece of an expression string.
#[derive(Clone, Debug, PartialEq)]
pub enum Part {
    /// Text kept as written.
    Text(String),
    Call(Call),
}

/// One `#{…}`.
#[derive(Clone, Debug, PartialEq)]
pub struct Call {
    /// The name as written (`Name.firstName`).
    pub name: String,
    pub args: Vec<String>,
    /// The whole call as written, `#{` to `}`.
    pub text: String,
}

/// The pieces of `s`, or what is wrong with it (with the 1-based character position).
pub fn parse(s: &str) -> Result<Vec<Part>, String> {
    let c: Vec<char> = s.chars().collect();
    let mut parts: Vec<Part> = Vec::new();
    let mut text = String::new();
    let mut i = 0;
    while i < c.len() {
        if c[i] == '#' && c.get(i + 1) == Some(&'{') {
            let (call, next) = call(&c, i)?;
            if !text.is_empty() {
                parts.push(Part::Text(std::mem::take(&mut text)));
            }
            parts.push(Part::Call(call));
            i = next;
        } else {
            text.push(c[i]);
            i += 1;
        }
    }
    if !text.is_empty() {
        parts.push(Part::Text(text));
    }
    Ok(parts)
}

/// What is wrong, at a 0-based character position (reported 1-based).
fn wrong(what: &str, at: usize) -> String {
    format!("{} (character {})", what, at + 1)
}

/// The call starting at `c[start]` (`#{`) and the position after its `}`.
fn call(c: &[char], start: usize) -> Result<(Call, usize), String> {
    const ARGS: &str = "arguments are quoted and separated by commas, as in #{Options.option 'a','b'}";
    const UNCLOSED: &str = "'#{' is not closed by '}'";
    let mut i = start + 2;
    let mut name = String::new();
    while let Some(&ch) = c.get(i).filter(|ch| ch.is_ascii_alphanumeric() || **ch == '.' || **ch == '_') {
        name.push(ch);
        i += 1;
    }
    let blank = |i: usize| c.get(i).is_some_and(|ch| ch.is_ascii_whitespace());
    match c.get(i) {
        None => return Err(wrong(UNCLOSED, start)),
        Some(&ch) if name.is_empty() || (ch != '}' && !blank(i)) => {
            return Err(wrong("'#{' must be followed by a name such as Name.firstName (letters, digits, '.', '_')", i))
        }
        _ => {}
    }
    while blank(i) {
        i += 1;
    }
    let mut args = Vec::new();
    while c.get(i) != Some(&'}') {
        match c.get(i) {
            Some('\'') => {}
            None => return Err(wrong(UNCLOSED, start)),
            Some(_) => return Err(wrong(ARGS, i)),
        }
        let open = i;
        let Some(len) = c[i + 1..].iter().position(|&ch| ch == '\'') else {
            return Err(wrong("the quote is not closed", open));
        };
        args.push(c[i + 1..i + 1 + len].iter().collect());
        i += len + 2;
        while blank(i) {
            i += 1;
        }
        if c.get(i) == Some(&',') {
            i += 1;
            while blank(i) {
                i += 1;
            }
        } else if c.get(i) != Some(&'}') {
            return Err(if i < c.len() { wrong(ARGS, i) } else { wrong(UNCLOSED, start) });
        }
    }
    let text: String = c[start..=i].iter().collect();
    Ok((Call { name, args, text }, i + 1))
}

/// A name as matched: lowercase, without underscores (`Name.first_name` → `name.firstname`).
pub fn normalize(name: &str) -> String {
    name.chars().filter(|&c| c != '_').map(|c| c.to_ascii_lowercase()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn call(name: &str, args: &[&str], text: &str) -> Part {
        Part::Call(Call { name: name.into(), args: args.iter().map(|s| s.to_string()).collect(), text: text.into() })
    }

    #[test]
    fn text_around_calls_is_kept() {
        assert_eq!(
            parse("Dr. #{Name.firstName} #{Name.lastName}!").unwrap(),
            vec![
                Part::Text("Dr. ".into()),
                call("Name.firstName", &[], "#{Name.firstName}"),
                Part::Text(" ".into()),
                call("Name.lastName", &[], "#{Name.lastName}"),
                Part::Text("!".into()),
            ]
        );
        assert_eq!(parse("no calls, # and { stay").unwrap(), vec![Part::Text("no calls, # and { stay".into())]);
        assert_eq!(parse("").unwrap(), vec![]);
        assert_eq!(parse("#{a}#{b}").unwrap(), vec![call("a", &[], "#{a}"), call("b", &[], "#{b}")]);
    }

    #[test]
    fn arguments_are_quoted_and_may_hold_braces_and_commas() {
        assert_eq!(
            parse("#{number.numberBetween '1','100'}").unwrap(),
            vec![call("number.numberBetween", &["1", "100"], "#{number.numberBetween '1','100'}")]
        );
        // blanks around the commas, as Flink users write them
        assert_eq!(
            parse("#{date.past '5', '1', 'SECONDS'}").unwrap(),
            vec![call("date.past", &["5", "1", "SECONDS"], "#{date.past '5', '1', 'SECONDS'}")]
        );
        assert_eq!(
            parse("id-#{regexify '[a-z]{4},x'}").unwrap(),
            vec![Part::Text("id-".into()), call("regexify", &["[a-z]{4},x"], "#{regexify '[a-z]{4},x'}")]
        );
        assert_eq!(parse("#{Options.option ''}").unwrap(), vec![call("Options.option", &[""], "#{Options.option ''}")]);
    }

    #[test]
    fn malformed_calls_say_where() {
        assert_eq!(parse("x #{Name.firstName").unwrap_err(), "'#{' is not closed by '}' (character 3)");
        let name = "'#{' must be followed by a name such as Name.firstName (letters, digits, '.', '_')";
        assert_eq!(parse("#{}").unwrap_err(), format!("{} (character 3)", name));
        assert_eq!(parse("#{Name-first}").unwrap_err(), format!("{} (character 7)", name));
        let args = "arguments are quoted and separated by commas, as in #{Options.option 'a','b'}";
        assert_eq!(parse("#{regexify [a-z]}").unwrap_err(), format!("{} (character 12)", args));
        assert_eq!(parse("#{regexify '[a-z]}").unwrap_err(), "the quote is not closed (character 12)");
        assert_eq!(parse("#{a 'b'").unwrap_err(), "'#{' is not closed by '}' (character 1)");
        // the stray ')' of flink-faker's README example
        assert_eq!(parse("#{Options.option 'A','B')}").unwrap_err(), format!("{} (character 25)", args));
    }

    #[test]
    fn names_match_without_case_or_underscores() {
        assert_eq!(normalize("Name.first_name"), "name.firstname");
        assert_eq!(normalize("NAME.FirstName"), "name.firstname");
        assert_eq!(normalize("regexify"), "regexify");
    }
}
