//! Faker tables as a whole: every call draws from its list or inside its range, NULL shares,
//! determinism per seed, and the errors (with the column they point at).

use super::*;
use crate::datagen::GeneratedRow;
use crate::types::{TimeAttr, MAX_LENGTH};

const AT: (Pos, Pos) = (Pos { line: 1, col: 14 }, Pos { line: 1, col: 14 });

fn col(name: &str, kind: TypeKind, line: usize) -> (ColumnSpec, (Pos, Pos)) {
    let p = Pos { line, col: 3 };
    (ColumnSpec::new(name, DataType::nullable(kind)), (p, p))
}

fn string() -> TypeKind {
    TypeKind::VarChar { length: MAX_LENGTH }
}

fn ts3() -> TypeKind {
    TypeKind::Timestamp { precision: 3, attr: TimeAttr::None }
}

fn opts(pairs: &[(&str, &str)]) -> Vec<(String, String)> {
    pairs.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect()
}

/// A one-column table of `kind` whose expression is `expr`: `n` rows.
fn one(kind: TypeKind, expr: &str, n: usize) -> Vec<Value> {
    let t = make("t", &[col("x", kind, 2)], &opts(&[("fields.x.expression", expr)])).unwrap();
    t.take(n as u64).map(|r| r.values[0].clone()).collect()
}

fn texts(expr: &str, n: usize) -> Vec<String> {
    one(string(), expr, n)
        .into_iter()
        .map(|v| match v {
            Value::String(s) => s.to_string(),
            other => panic!("{:?}", other),
        })
        .collect()
}

fn ints(expr: &str, n: usize) -> Vec<i64> {
    one(TypeKind::BigInt, expr, n)
        .into_iter()
        .map(|v| match v {
            Value::BigInt(x) => x,
            other => panic!("{:?}", other),
        })
        .collect()
}

fn words(list: &str) -> Vec<&str> {
    list.split('|').collect()
}

/// `from_options` with each column's span beside it.
fn make(table: &str, columns: &[(ColumnSpec, (Pos, Pos))], options: &[(String, String)]) -> Result<GenTable, Error> {
    let spans: Vec<(Pos, Pos)> = columns.iter().map(|(_, s)| *s).collect();
    from_options(table, AT, columns.iter().map(|(c, _)| c.clone()).collect(), &spans, options)
}

fn err(columns: &[(ColumnSpec, (Pos, Pos))], pairs: &[(&str, &str)]) -> Error {
    make("t", columns, &opts(pairs)).unwrap_err()
}

#[test]
fn names_and_places_come_from_their_lists() {
    let first = words(words::FIRST_NAMES);
    let last = words(words::LAST_NAMES);
    for s in texts("#{Name.firstName}", 300) {
        assert!(first.contains(&s.as_str()), "{}", s);
    }
    // every first name is drawn, uniformly enough
    let drawn: std::collections::BTreeSet<String> = texts("#{Name.firstName}", 2_000).into_iter().collect();
    assert_eq!(drawn.len(), first.len());
    for s in texts("#{Name.fullName}", 200) {
        let (a, b) = s.split_once(' ').unwrap();
        assert!(first.contains(&a) && last.contains(&b), "{}", s);
    }
    for s in texts("#{Address.city}", 200) {
        assert!(words(words::CITIES).contains(&s.as_str()), "{}", s);
    }
    for s in texts("#{Address.country}", 200) {
        assert!(words(words::COUNTRIES).contains(&s.as_str()), "{}", s);
    }
    for s in texts("#{Address.streetAddress}", 200) {
        let (n, street) = s.split_once(' ').unwrap();
        assert!((1..=9_999).contains(&n.parse::<i64>().unwrap()), "{}", s);
        let (name, suffix) = street.split_once(' ').unwrap();
        assert!(last.contains(&name) && words(words::STREET_SUFFIXES).contains(&suffix), "{}", s);
    }
    for s in texts("#{Address.zipCode}", 200) {
        assert!(s.len() == 5 && s.bytes().all(|b| b.is_ascii_digit()), "{}", s);
    }
    for s in texts("#{Address.latitude}", 200) {
        let v: f64 = s.parse().unwrap();
        assert!((-90.0..90.0).contains(&v) && s.split_once('.').unwrap().1.len() == 8, "{}", s);
    }
    for s in texts("#{Internet.emailAddress}", 200) {
        let (local, domain) = s.split_once('@').unwrap();
        let (f, l) = local.split_once('.').unwrap();
        assert!(first.iter().any(|x| x.to_lowercase() == f) && last.iter().any(|x| x.to_lowercase() == l), "{}", s);
        assert!(words(words::EMAIL_DOMAINS).contains(&domain), "{}", s);
    }
    for s in texts("#{Internet.ipV4Address}", 200) {
        let parts: Vec<u32> = s.split('.').map(|p| p.parse().unwrap()).collect();
        assert!(parts.len() == 4 && parts.iter().all(|&p| p < 256), "{}", s);
    }
    for s in texts("#{Internet.uuid}", 50) {
        let b = s.as_bytes();
        assert!(
            s.len() == 36 && b[8] == b'-' && b[13] == b'-' && b[14] == b'4' && b[18] == b'-' && b[23] == b'-',
            "{}",
            s
        );
    }
    for s in texts("#{IdNumber.valid}", 500) {
        let p: Vec<u32> = s.split('-').map(|x| x.parse().unwrap()).collect();
        assert!(s.len() == 11 && p[0] != 0 && p[0] != 666 && p[0] < 900 && p[1] > 0 && p[2] > 0, "{}", s);
    }
}

#[test]
fn commerce_and_company_values() {
    for s in texts("#{Commerce.productName}", 200) {
        let w: Vec<&str> = s.split(' ').collect();
        let adj = words(words::PRODUCT_ADJECTIVES);
        // "Heavy Duty" is the one two-word adjective
        let (a, rest) = if w[0] == "Heavy" { ("Heavy Duty", &w[2..]) } else { (w[0], &w[1..]) };
        assert!(adj.contains(&a), "{}", s);
        assert!(
            rest.len() == 2 && words(words::MATERIALS).contains(&rest[0]) && words(words::PRODUCTS).contains(&rest[1]),
            "{}",
            s
        );
    }
    for s in texts("#{Commerce.price}", 300) {
        let (units, cents) = s.split_once('.').unwrap();
        assert_eq!(cents.len(), 2, "{}", s);
        let v: f64 = s.parse().unwrap();
        assert!((0.0..=100.0).contains(&v) && !units.is_empty(), "{}", s);
    }
    for s in texts("#{Commerce.price '5','6'}", 100) {
        let v: f64 = s.parse().unwrap();
        assert!((5.0..=6.0).contains(&v), "{}", s);
    }
    let last = words(words::LAST_NAMES);
    for s in texts("#{Company.name}", 200) {
        let ok = if let Some((a, b)) = s.split_once(", ") {
            let (b, c) = b.split_once(" and ").unwrap();
            [a, b, c].iter().all(|n| last.contains(n))
        } else if let Some((a, b)) = s.split_once('-') {
            last.contains(&a) && last.contains(&b)
        } else {
            let (a, b) = s.split_once(' ').unwrap();
            last.contains(&a) && words(words::COMPANY_SUFFIXES).contains(&b)
        };
        assert!(ok, "{}", s);
    }
}

#[test]
fn numbers_stay_in_their_ranges() {
    // DataFaker's numberBetween: min inclusive, max exclusive
    let v = ints("#{number.numberBetween '1','10'}", 1_000);
    assert!(v.iter().all(|x| (1..=9).contains(x)));
    assert!(v.contains(&1) && v.contains(&9));
    assert!(ints("#{Number.numberBetween '7','7'}", 20).iter().all(|&x| x == 7));
    assert!(ints("#{Number.numberBetween '-5','-2'}", 300).iter().all(|x| (-5..=-3).contains(x)));
    let v = ints("#{Number.randomNumber '3','true'}", 500);
    assert!(v.iter().all(|x| (100..=999).contains(x)));
    let v = ints("#{Number.randomNumber '3','false'}", 500);
    assert!(v.iter().all(|x| (0..=999).contains(x)) && v.iter().any(|&x| x < 100));
    assert!(ints("#{Number.randomDigitNotZero}", 300).iter().all(|x| (1..=9).contains(x)));
    assert!(ints("#{Number.randomNumber}", 300).iter().all(|x| (0..10_000_000_000).contains(x)));
    // digits glued together read as one number
    assert!(ints("#{Number.randomDigitNotZero}#{Number.digits '3'}", 300).iter().all(|x| (1_000..=9_999).contains(x)));
    for v in one(TypeKind::Double, "#{Number.randomDouble '2','-3','3'}", 300) {
        let Value::Double(d) = v else { panic!("{:?}", v) };
        assert!((-3.0..=3.0).contains(&d) && ((d * 100.0).round() - d * 100.0).abs() < 1e-9, "{}", d);
    }
    let bools = one(TypeKind::Boolean, "#{Bool.bool}", 200);
    assert!(bools.contains(&Value::Bool(true)) && bools.contains(&Value::Bool(false)));
    // DECIMAL: read at the column's scale (HALF_UP)
    for v in one(TypeKind::Decimal { precision: 6, scale: 1 }, "#{Commerce.price}", 100) {
        let Value::Decimal(d) = v else { panic!("{:?}", v) };
        assert!(d.to_plain_string().split_once('.').unwrap().1.len() == 1);
    }
}

#[test]
fn options_patterns_and_regexes() {
    let v = texts("#{Options.option 'RECEIVED','SHIPPED','CANCELLED'}", 300);
    for w in ["RECEIVED", "SHIPPED", "CANCELLED"] {
        assert!(v.iter().any(|s| s == w), "{} never drawn", w);
    }
    assert!(v.iter().all(|s| ["RECEIVED", "SHIPPED", "CANCELLED"].contains(&s.as_str())));
    // options that are numbers fit a numeric column
    assert!(ints("#{Options.option '10','20'}", 50).iter().all(|x| *x == 10 || *x == 20));
    for s in texts("#{regexify '[A-Z]{2}-[0-9]{3}'}", 300) {
        let b = s.as_bytes();
        assert!(b.len() == 6 && b[..2].iter().all(u8::is_ascii_uppercase) && b[2] == b'-', "{}", s);
        assert!(b[3..].iter().all(u8::is_ascii_digit), "{}", s);
    }
    for s in texts("#{bothify '??##'}", 200) {
        let b = s.as_bytes();
        assert!(
            b[..2].iter().all(u8::is_ascii_lowercase) && b[2..].iter().all(u8::is_ascii_digit) && b.len() == 4,
            "{}",
            s
        );
    }
    for s in texts("#{letterify 'ab-???','true'}", 100) {
        assert!(s.starts_with("ab-") && s[3..].bytes().all(|b| b.is_ascii_uppercase()) && s.len() == 6, "{}", s);
    }
    assert!(ints("#{numerify '4##'}", 100).iter().all(|x| (400..=499).contains(x)));
    for s in texts("#{Lorem.sentence}", 100) {
        let n = s.split(' ').count();
        assert!((3..=8).contains(&n) && s.ends_with('.') && s.as_bytes()[0].is_ascii_uppercase(), "{}", s);
    }
    assert!(texts("#{Lorem.characters '12'}", 20).iter().all(|s| s.len() == 12));
}

#[test]
fn text_around_and_between_calls_is_kept() {
    for s in texts("Dr. #{Name.lastName}, #{Address.city} (#{Options.option 'x'})", 100) {
        assert!(s.starts_with("Dr. ") && s.ends_with(" (x)") && s.contains(", "), "{}", s);
    }
    assert_eq!(texts("constant", 3), ["constant", "constant", "constant"]);
    // names without regard to case or underscores
    let a = texts("#{name.first_name}", 20);
    assert_eq!(a, texts("#{NAME.FIRSTNAME}", 20));
}

#[test]
fn dates_fall_in_their_window_around_the_rows_time() {
    let t = make(
        "t",
        &[col("p", ts3(), 2), col("f", ts3(), 3), col("b", TypeKind::Date, 4), col("s", string(), 5)],
        &opts(&[
            ("fields.p.expression", "#{date.past '10','SECONDS'}"),
            ("fields.f.expression", "#{date.future '5','2','MINUTES'}"),
            ("fields.b.expression", "#{date.birthday '20','30'}"),
            ("fields.s.expression", "#{date.past '3','DAYS'}"),
            ("rows-per-second", "4"),
        ]),
    )
    .unwrap();
    let rows: Vec<GeneratedRow> = t.take(500).collect();
    for (i, r) in rows.iter().enumerate() {
        // rows-per-second = 4: a row every 250 ms from 2024-01-01 00:00:00 UTC
        assert_eq!(r.event_time.millis, crate::datagen::time::DEFAULT_START_MS + 250 * i as i64);
        let now = r.event_time.millis;
        let Value::Timestamp(p) = &r.values[0] else { panic!("{:?}", r.values[0]) };
        assert!(p.millis < now && p.millis >= now - 10_000, "{:?} {}", p, now);
        let Value::Timestamp(f) = &r.values[1] else { panic!("{:?}", r.values[1]) };
        assert!(f.millis >= now + 120_000 && f.millis <= now + 300_000, "{:?} {}", f, now);
        // born between 2004-01-01 and 1994-01-01 (now is 2024-01-01)
        let Value::Date(d) = r.values[2] else { panic!("{:?}", r.values[2]) };
        assert!(
            d >= crate::time::days_from_civil(1994, 1, 1) as i32 && d < crate::time::days_from_civil(2004, 1, 1) as i32
        );
        // in a text column, Java's Timestamp.toString
        let Value::String(s) = &r.values[3] else { panic!("{:?}", r.values[3]) };
        assert!(s.starts_with("2023-12-2") || s.starts_with("2023-12-3") || s.starts_with("2024-01-01"), "{}", s);
        assert!(s.len() >= 21 && s.as_bytes()[19] == b'.' && !s.ends_with("00"), "{}", s);
    }
    let mut out = String::new();
    providers::push_timestamp(&mut out, 1_704_067_205_250);
    assert_eq!(out, "2024-01-01 00:00:05.25");
    out.clear();
    providers::push_timestamp(&mut out, 1_704_067_205_000);
    assert_eq!(out, "2024-01-01 00:00:05.0");
}

#[test]
fn null_rates_and_collections() {
    let t = make(
        "t",
        &[
            col("a", TypeKind::Int, 2),
            col("tags", TypeKind::Array { element: Box::new(DataType::string()) }, 3),
            col(
                "scores",
                TypeKind::Map { key: Box::new(DataType::string()), value: Box::new(DataType::nullable(TypeKind::Int)) },
                4,
            ),
            col(
                "hp",
                TypeKind::Row {
                    fields: vec![
                        ("house".into(), DataType::string()),
                        ("points".into(), DataType::nullable(TypeKind::Int)),
                    ],
                },
                5,
            ),
        ],
        &opts(&[
            ("fields.a.expression", "#{Number.randomDigit}"),
            ("fields.a.null-rate", "0.3"),
            ("fields.tags.expression", "#{Color.name}"),
            ("fields.tags.length", "3"),
            ("fields.scores.key.expression", "#{Options.option 'x','y'}"),
            ("fields.scores.value.expression", "#{Number.numberBetween '10','20'}"),
            ("fields.scores.length", "4"),
            ("fields.hp.house.expression", "#{Options.option 'Gryffindor'}"),
            ("fields.hp.points.expression", "#{Number.numberBetween '1','3'}"),
        ]),
    )
    .unwrap();
    let rows: Vec<GeneratedRow> = t.take(2_000).collect();
    let nulls = rows.iter().filter(|r| r.values[0] == Value::Null).count();
    assert!((500..700).contains(&nulls), "{} NULLs of 2,000 at rate 0.3", nulls);
    for r in &rows {
        let Value::Array(a) = &r.values[1] else { panic!("{:?}", r.values[1]) };
        assert_eq!(a.len(), 3);
        let Value::Map(m) = &r.values[2] else { panic!("{:?}", r.values[2]) };
        // four draws of two keys: one or two distinct keys, values in [10, 19]
        assert!((1..=2).contains(&m.len()));
        assert!(m.iter().all(|(_, v)| matches!(v, Value::Int(x) if (10..=19).contains(x))));
        let Value::Row(hp) = &r.values[3] else { panic!("{:?}", r.values[3]) };
        assert_eq!(hp[0], Value::String("Gryffindor".into()));
        assert!(matches!(hp[1], Value::Int(1 | 2)));
    }
    // rate 1: always NULL; rate 0 (the default): never
    let all = make("t", &[col("a", string(), 2)], &opts(&[("fields.a.expression", "x"), ("fields.a.null-rate", "1")]))
        .unwrap();
    assert!(all.take(50).all(|r| r.values[0] == Value::Null));
    assert!(one(string(), "x", 200).iter().all(|v| *v != Value::Null));
}

#[test]
fn the_same_seed_gives_the_same_rows_and_another_seed_others() {
    let columns = [col("name", string(), 2), col("n", TypeKind::Int, 3)];
    let o = opts(&[
        ("fields.name.expression", "#{Name.fullName}"),
        ("fields.n.expression", "#{Number.numberBetween '0','1000'}"),
    ]);
    let rows = |session: u64, extra: &[(&str, &str)]| -> Vec<Vec<Value>> {
        let mut o = o.clone();
        o.extend(opts(extra));
        let mut t = make("people", &columns, &o).unwrap();
        t.session_seed = session;
        t.take(50).map(|r| r.values).collect()
    };
    assert_eq!(rows(0, &[]), rows(0, &[]));
    assert_ne!(rows(0, &[]), rows(1, &[]));
    assert_ne!(rows(0, &[]), rows(0, &[("joinlab.seed", "7")]));
    assert_eq!(rows(0, &[("joinlab.seed", "7")]), rows(0, &[("joinlab.seed", "7")]));
    // a column's values do not depend on the other columns
    let alone =
        make("people", &columns[1..], &opts(&[("fields.n.expression", "#{Number.numberBetween '0','1000'}")])).unwrap();
    let n_alone: Vec<Value> = alone.take(50).map(|r| r.values[0].clone()).collect();
    let n_with: Vec<Value> = rows(0, &[]).into_iter().map(|r| r[1].clone()).collect();
    assert_eq!(n_alone, n_with);
}

#[test]
fn table_options_bound_and_pace_the_rows() {
    let mk = |pairs: &[(&str, &str)]| {
        let mut o = opts(&[("fields.a.expression", "#{Number.randomDigit}")]);
        o.extend(opts(pairs));
        make("t", &[col("a", TypeKind::Int, 2)], &o).unwrap()
    };
    assert_eq!(mk(&[]).rows, None);
    assert_eq!(mk(&[("number-of-rows", "12")]).rows, Some(12));
    assert_eq!(mk(&[("number-of-rows", "-1")]).rows, None);
    assert_eq!(mk(&[("number-of-rows", "-5")]).rows, Some(0));
    assert_eq!(mk(&[]).timing.pace, Pace::Every(1_000_000_000));
    assert_eq!(mk(&[("rows-per-second", "10")]).timing.pace, Pace::PerSecond(10));
    let sleepy = mk(&[("sleep-before-start", "5 s")]);
    assert_eq!(sleepy.timing.start_ms, crate::datagen::time::DEFAULT_START_MS + 5_000);
    assert_eq!(mk(&[("joinlab.interval", "250 ms")]).timing.pace, Pace::Every(250_000_000));
}

#[test]
fn errors_name_the_field_and_point_at_its_column() {
    let x = [col("x", TypeKind::Int, 3)];
    // an expression JoinLab does not generate: its text and the supported list
    let e = err(&x, &[("fields.x.expression", "#{Pokemon.name}")]);
    assert!(
        e.message.starts_with(
            "faker: unsupported expression '#{Pokemon.name}' for field 'x' (JoinLab supports: Name.firstName, Name.lastName,"
        ),
        "{}",
        e.message
    );
    assert!(e.message.ends_with("letterify; docs/mock-data.md)"), "{}", e.message);
    assert_eq!(e.stmt_span, Some((Pos { line: 3, col: 3 }, Pos { line: 3, col: 3 })));
    // text into INT: the first drawn value that does not read as the type
    let e = err(&x, &[("fields.x.expression", "#{Name.firstName}")]);
    let (head, tail) = e.message.split_once("' gives '").unwrap();
    assert_eq!(head, "faker: the expression '#{Name.firstName}' for field 'x");
    let (value, rest) = tail.split_once('\'').unwrap();
    assert!(words(words::FIRST_NAMES).contains(&value), "{}", e.message);
    assert_eq!(
        rest,
        ", which does not fit its type INT (each generated string is read as the column's type; docs/mock-data.md)"
    );
    assert_eq!(e.stmt_span.map(|s| s.0.line), Some(3));
    // a number too big for the type (one of 256 draws of 0..999 is above 127)
    let gives = |kind: TypeKind, expr: &str| -> Option<String> {
        let e = make("t", &[col("x", kind, 2)], &opts(&[("fields.x.expression", expr)])).err()?;
        Some(e.message.split_once(" gives '")?.1.split_once('\'')?.0.to_string())
    };
    let v: i64 = gives(TypeKind::TinyInt, "#{Number.numberBetween '0','1000'}").unwrap().parse().unwrap();
    assert!((128..=999).contains(&v));
    assert_eq!(gives(TypeKind::TinyInt, "#{Number.numberBetween '-128','128'}"), None);
    assert_eq!(gives(TypeKind::SmallInt, "#{numerify '####'}"), None);
    assert!(gives(TypeKind::SmallInt, "#{numerify '#####'}").is_some());
    // up to 10 digits: a BIGINT, not an INT
    assert_eq!(gives(TypeKind::BigInt, "#{Number.randomNumber}"), None);
    assert!(gives(TypeKind::Int, "#{Number.randomNumber}").is_some());
    // an option that does not read as the type
    assert_eq!(gives(TypeKind::Int, "#{Options.option '1','two'}").as_deref(), Some("two"));
    assert_eq!(gives(TypeKind::Boolean, "#{Options.option 'true','no'}").as_deref(), Some("no"));
    assert_eq!(gives(TypeKind::Boolean, "#{Bool.bool}"), None);
    // every option is checked, even one a few hundred draws would miss
    let many: Vec<String> = (0..300).map(|i| format!("'{}'", i)).chain(["'x'".to_string()]).collect();
    assert_eq!(gives(TypeKind::Int, &format!("#{{Options.option {}}}", many.join(","))).as_deref(), Some("x"));
    // text around digits: digits stay a number only when all of it is digits
    assert_eq!(gives(TypeKind::Int, "1#{Number.randomDigit}#{numerify '##'}"), None);
    assert!(gives(TypeKind::Int, "n#{Number.randomDigit}").is_some());
    assert!(gives(TypeKind::Timestamp { precision: 3, attr: TimeAttr::None }, "#{Name.firstName}").is_some());
    assert_eq!(gives(TypeKind::Date, "#{date.birthday}"), None);
    assert_eq!(gives(TypeKind::Decimal { precision: 4, scale: 2 }, "#{Commerce.price}"), None);
    // arguments
    let e = err(&x, &[("fields.x.expression", "#{Number.numberBetween '1'}")]);
    assert_eq!(
        e.message,
        "faker: the expression '#{Number.numberBetween '1'}' for field 'x': Number.numberBetween takes 'min','max' (whole numbers)"
    );
    let e = err(&x, &[("fields.x.expression", "#{Number.numberBetween '1','x'}")]);
    assert!(e.message.ends_with("Number.numberBetween takes 'min','max' (whole numbers)"), "{}", e.message);
    let e = err(&[col("t", ts3(), 2)], &[("fields.t.expression", "#{date.past '5','WEEKS'}")]);
    assert!(e.message.contains("date.past takes 'atMost','UNIT' or 'atMost','minimum','UNIT' ("), "{}", e.message);
    assert!(e.message.contains("UNIT: DAYS, HOURS, MINUTES, SECONDS"), "{}", e.message);
    // minimum above atMost
    assert!(err(&[col("t", ts3(), 2)], &[("fields.t.expression", "#{date.future '5','6','SECONDS'}")])
        .message
        .contains("date.future takes"));
    let e = err(&x, &[("fields.x.expression", "#{Bool.bool 'x'}")]);
    assert!(e.message.ends_with("Bool.bool takes no arguments"), "{}", e.message);
    let e = err(&x, &[("fields.x.expression", "#{regexify '(ab'}")]);
    assert!(
        e.message.starts_with("faker: the expression '#{regexify '(ab'}' for field 'x': regexify: "),
        "{}",
        e.message
    );
    // a malformed string
    let e = err(&x, &[("fields.x.expression", "#{Number.randomDigit")]);
    assert_eq!(
        e.message,
        "faker: the expression '#{Number.randomDigit' for field 'x': cannot be read: '#{' is not closed by '}' (character 1)"
    );
    // a missing expression
    let e = err(&x, &[("fields.y.expression", "1")]);
    assert_eq!(
        e.message,
        "Every column needs a corresponding expression. No expression found for x: set 'fields.x.expression'."
    );
    // null-rate and length
    let e = err(&x, &[("fields.x.expression", "1"), ("fields.x.null-rate", "1.5")]);
    assert_eq!(e.message, "Null rate needs to be in [0,1] (and 0 on a NOT NULL column). Null rate of x is 1.5");
    let not_null = [(ColumnSpec::new("x", DataType::not_null(TypeKind::Int)), AT)];
    assert!(err(&not_null, &[("fields.x.expression", "1"), ("fields.x.null-rate", "0.5")])
        .message
        .starts_with("Null rate"));
    let e = err(&x, &[("fields.x.expression", "1"), ("fields.x.length", "3")]);
    assert_eq!(e.message, "'fields.x.length' is 3: a length is 1 to 1000, for an ARRAY or MAP column (x is INT)");
    let list = [col("x", TypeKind::Array { element: Box::new(DataType::nullable(TypeKind::Int)) }, 2)];
    assert!(err(&list, &[("fields.x.expression", "1"), ("fields.x.length", "0")])
        .message
        .starts_with("'fields.x.length' is 0"));
    // an unknown option: Flink's list, at the table's name
    let e = err(&x, &[("fields.x.expression", "1"), ("fields.x.kind", "random")]);
    assert!(e.message.starts_with(
        "Unsupported options found for 'faker'.\n\nUnsupported options:\n\nfields.x.kind\n\nSupported options:\n\n"
    ));
    assert!(
        e.message.contains("\nfields.x.expression\n") && e.message.contains("\nrows-per-second\n"),
        "{}",
        e.message
    );
    assert_eq!(e.stmt_span, Some(AT));
    // a table option that does not parse
    let e = err(&x, &[("fields.x.expression", "1"), ("number-of-rows", "ten")]);
    assert_eq!(e.message, "Could not parse value 'ten' for key 'number-of-rows'.");
    assert_eq!(e.stmt_span, Some(AT));
    // a type faker tables do not generate
    let e = err(&[col("x", TypeKind::Time { precision: 0 }, 2)], &[("fields.x.expression", "1")]);
    assert!(
        e.message.starts_with("faker: field 'x' holds TIME(0), which JoinLab's faker tables do not generate"),
        "{}",
        e.message
    );
    let bag = [col("x", TypeKind::Multiset { element: Box::new(DataType::nullable(TypeKind::Int)) }, 2)];
    assert!(err(&bag, &[("fields.x.expression", "1")]).message.starts_with("faker: field 'x' holds MULTISET<INT>"));
}

#[test]
fn every_supported_expression_is_documented() {
    let doc = include_str!("../../../../../docs/mock-data.md");
    let section = doc.split("## Faker tables").nth(1).and_then(|s| s.split("\n## ").next()).unwrap_or("");
    assert!(section.contains("### Expressions"));
    for name in providers::NAMES.split('|') {
        assert!(section.contains(&format!("`{}`", name)), "{} is not in docs/mock-data.md", name);
    }
    // every built-in format names a list that exists, and every call has a format or a variant
    assert_eq!(providers::FORMATS.split('|').count(), 55);
    assert_eq!(providers::FORMATS.split('|').filter(|f| !f.is_empty()).count(), 30);
    assert!(providers::FORMATS
        .bytes()
        .all(|b| b >= 0x20 || b == 0x1e || b == 0x1f || (b as usize) <= words::LISTS.len()));
    assert_eq!(providers::NAMES.split('|').count(), 55);
}
