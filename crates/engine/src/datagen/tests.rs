//! Tests of the whole generator: ranges, patterns, NULL shares, determinism, Flink's errors,
//! quickstarts and the examples catalog.

use super::*;
use crate::time::SessionZone;
use crate::types::{TimeAttr, TypeKind, MAX_LENGTH};

fn opts(pairs: &[(&str, &str)]) -> Vec<(String, String)> {
    pairs.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect()
}

fn c(name: &str, kind: TypeKind) -> ColumnSpec {
    ColumnSpec::new(name, DataType::nullable(kind))
}

fn string() -> TypeKind {
    TypeKind::VarChar { length: MAX_LENGTH }
}

fn render(rows: &[GeneratedRow], t: &GenTable) -> Vec<String> {
    let types: Vec<DataType> = t.columns.iter().map(|c| c.ty.clone()).collect();
    rows.iter()
        .map(|r| {
            format!("{} @{}", crate::value::render_row(&r.values, &types, &SessionZone::default()), r.event_time.millis)
        })
        .collect()
}

fn five_columns() -> Vec<ColumnSpec> {
    vec![
        c("id", TypeKind::BigInt),
        c("qty", TypeKind::Int),
        c("price", TypeKind::Decimal { precision: 6, scale: 2 }),
        c("name", TypeKind::VarChar { length: 12 }),
        c("ts", TypeKind::Timestamp { precision: 3, attr: TimeAttr::None }),
    ]
}

fn five_options() -> Vec<(String, String)> {
    opts(&[
        ("connector", "datagen"),
        ("number-of-rows", "100000"),
        ("fields.id.kind", "sequence"),
        ("fields.id.start", "1"),
        ("fields.id.end", "1000000"),
        ("fields.qty.min", "1"),
        ("fields.qty.max", "9"),
        ("fields.qty.null-rate", "0.25"),
        ("fields.price.min", "10"),
        ("fields.price.max", "99.99"),
        ("fields.name.var-len", "true"),
        ("fields.ts.max-past", "2 s"),
    ])
}

#[test]
fn flink_table_ranges_and_null_rates() {
    let t = from_flink_options("Orders", &five_columns(), &five_options(), 0).unwrap();
    assert_eq!(t.rows, Some(100_000));
    let rows: Vec<GeneratedRow> = t.iter().collect();
    assert_eq!(rows.len(), 100_000);
    let mut nulls = 0;
    for (i, r) in rows.iter().enumerate() {
        assert_eq!(r.index, i as u64);
        assert_eq!(r.values[0], Value::BigInt(i as i64 + 1));
        match &r.values[1] {
            Value::Null => nulls += 1,
            Value::Int(q) => assert!((1..=9).contains(q)),
            v => panic!("qty {:?}", v),
        }
        match &r.values[2] {
            Value::Decimal(d) => {
                assert_eq!(d.scale, 2);
                assert!((1000..=9999).contains(&d.unscaled()), "{}", d.to_plain_string());
            }
            v => panic!("price {:?}", v),
        }
        match &r.values[3] {
            Value::String(s) => {
                assert!((1..=11).contains(&s.len()), "{}", s);
                assert!(s.bytes().all(|b| b.is_ascii_hexdigit() && !b.is_ascii_uppercase()));
            }
            v => panic!("name {:?}", v),
        }
        match &r.values[4] {
            Value::Timestamp(ts) => {
                let lag = r.event_time.millis - ts.millis;
                assert!((0..=2000).contains(&lag));
            }
            v => panic!("ts {:?}", v),
        }
        // one row per second from 2024-01-01 by default
        assert_eq!(r.event_time.millis, time::DEFAULT_START_MS + 1000 * i as i64);
    }
    let share = nulls as f64 / rows.len() as f64;
    assert!((0.24..0.26).contains(&share), "null share {}", share);
}

#[test]
fn same_seed_same_rows_other_seed_other_rows() {
    let a = from_flink_options("Orders", &five_columns(), &five_options(), 0).unwrap();
    let ra = render(&a.take(200).collect::<Vec<_>>(), &a);
    let rb = render(&a.take(200).collect::<Vec<_>>(), &a);
    assert_eq!(ra, rb);
    let again = from_flink_options("Orders", &five_columns(), &five_options(), 0).unwrap();
    assert_eq!(ra, render(&again.take(200).collect::<Vec<_>>(), &again));

    let session = from_flink_options("Orders", &five_columns(), &five_options(), 1).unwrap();
    assert_ne!(ra, render(&session.take(200).collect::<Vec<_>>(), &session));
    let mut o = five_options();
    o.push(("joinlab.seed".into(), "7".into()));
    let table_seed = from_flink_options("Orders", &five_columns(), &o, 0).unwrap();
    assert_ne!(ra, render(&table_seed.take(200).collect::<Vec<_>>(), &table_seed));
    let other_name = from_flink_options("Orders2", &five_columns(), &five_options(), 0).unwrap();
    assert_ne!(ra, render(&other_name.take(200).collect::<Vec<_>>(), &other_name));

    // a column's values do not depend on the other columns
    let mut cols = five_columns();
    cols.insert(1, c("extra", TypeKind::Double));
    let wider = from_flink_options("Orders", &cols, &five_options(), 0).unwrap();
    for (x, y) in a.take(200).zip(wider.take(200)) {
        assert_eq!(x.values[1], y.values[2]);
        assert_eq!(x.values[3], y.values[4]);
    }
}

/// Pins the generator's output: a change here changes every user's data.
#[test]
fn golden_rows() {
    let t = from_flink_options("Orders", &five_columns(), &five_options(), 0).unwrap();
    let got = render(&t.take(3).collect::<Vec<_>>(), &t).join("\n");
    let q = from_quickstart("activity", "gaming_player_activity", 0).unwrap();
    let mut got_q = render(&q.take(3).collect::<Vec<_>>(), &q);
    for e in examples_catalog(Some(2), 0) {
        got_q.extend(render(&e.table.iter().collect::<Vec<_>>(), &e.table));
    }
    let got_q = got_q.join("\n");
    let expected = GOLDEN_FLINK;
    let expected_q = GOLDEN_QUICKSTART;
    assert_eq!((got.as_str(), got_q.as_str()), (expected, expected_q), "\n{}\n{}\n", got, got_q);
}

const GOLDEN_FLINK: &str = concat!(
    "1, 7, 64.63, c7366, 2023-12-31 23:59:58.091 @1704067200000\n",
    "2, 7, 33.85, 9, 2024-01-01 00:00:00.858 @1704067201000\n",
    "3, NULL, 36.87, aff89b385, 2024-01-01 00:00:00.568 @1704067202000"
);
const GOLDEN_QUICKSTART: &str = concat!(
    "4932, 4341, 180, [38,40] @1704067200000\n",
    "1039, 3129, 15, [75,90] @1704067200362\n",
    "2686, 4907, 478, [59,48] @1704067200822\n",
    "9c452d2c-5af9-4029-8819-8573259c7f9b, 3092, 1319, 59.41 @1704067200000\n",
    "ba9eef99-aa72-4a55-b49f-565922a24c31, 3111, 1234, 93.8 @1704067200100\n",
    "3000, Ben Okafor, 7 Spring Street, 28979, Madison, sofia.kowalski@inbox.test @1704067200000\n",
    "3001, Dana Ito, 921 Harbor Street, 78374, Franklin, mateo.weber@mail.test @1704067200100\n",
    "1000, Practical Rubber Shirt, Vandelay, Zalando, Jewelry @1704067200000\n",
    "1001, Awesome Copper Car, Umbrella, Amazon, Outdoors @1704067200100\n",
    "37398cf1-3f8e-45bf-9734-cf5519378245, 3189, https://www.acme.com/product/iwlfs, Mozilla/5.0 (X11; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0, 69 @1704067200000\n",
    "8ca0d151-4d9e-4ade-bc22-e0ef1fa6536c, 3071, https://www.acme.com/product/xhfra, Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36, 115 @1704067200100\n",
    "1573, 3309, 171, [71,82] @1704067200000\n",
    "4382, 4970, 407, [65,20] @1704067200100\n",
    "1000, PcsdkqgKzy1, 234.0.135.6 @1704067200000\n",
    "1001, CpjoqpaiLrelud206, 105.10.70.133 @1704067200100\n",
    "1000, Classic -- Skilled, 2021-01-01 00:00:00.000 @1704067200000\n",
    "1001, Arcade -- Skilled, 2021-01-01 00:01:40.000 @1704067200100\n",
    "M1, 83.2, 2024-01-01 00:00:00.000 @1704067200000\n",
    "M2, 58.7, 2024-01-01 00:00:05.000 @1704067205000\n",
    "M1, 87.6, 2024-01-01 00:00:02.000 @1704067202000\n",
    "M2, 81.3, 2024-01-01 00:00:07.000 @1704067207000"
);

#[test]
fn sequences_bound_the_table() {
    let cols = vec![
        c("a", TypeKind::Int),
        c("b", string()),
        c("bin", TypeKind::Binary { length: 4 }),
        c("f", TypeKind::Float),
    ];
    let o = opts(&[
        ("connector", "datagen"),
        ("fields.a.kind", "sequence"),
        ("fields.a.start", "1"),
        ("fields.a.end", "3"),
        ("fields.b.kind", "sequence"),
        ("fields.b.start", "7"),
        ("fields.b.end", "100"),
        ("fields.bin.kind", "sequence"),
        ("fields.bin.start", "1"),
        ("fields.bin.end", "5"),
        ("fields.f.kind", "sequence"),
        ("fields.f.start", "1"),
        ("fields.f.end", "5"),
    ]);
    let t = from_flink_options("T", &cols, &o, 0).unwrap();
    assert_eq!(t.rows, Some(3));
    let rows: Vec<_> = t.iter().collect();
    assert_eq!(rows.len(), 3);
    assert_eq!(rows[2].values[0], Value::Int(3));
    assert_eq!(rows[2].values[1], Value::str("9"));
    assert_eq!(rows[0].values[2], Value::Bytes(Arc::from(&[0u8, 0, 0, 0, 0, 0, 0, 1][..])));
    assert_eq!(rows[1].values[3], Value::Float(2.0));
}

fn err(cols: &[ColumnSpec], pairs: &[(&str, &str)]) -> Error {
    from_flink_options("T", cols, &opts(pairs), 0).unwrap_err()
}

#[test]
fn flink_error_texts() {
    let ab = [c("a", TypeKind::Int), c("b", string())];
    // text printed by Flink 2.3.0 for the same table (plus JoinLab's own keys)
    let e = err(&ab, &[("connector", "datagen"), ("fields.a.foo", "1"), ("bogus", "x"), ("number-of-rows", "3")]);
    assert_eq!(e.kind, ErrorKind::Validation);
    let flink_keys = "connector\nfields.a.kind\nfields.a.max\nfields.a.min\nfields.a.null-rate\nfields.b.kind\nfields.b.length\nfields.b.null-rate\nfields.b.var-len\n";
    assert!(e.message.starts_with(&format!(
        "Unsupported options found for 'datagen'.\n\nUnsupported options:\n\nbogus\nfields.a.foo\n\nSupported options:\n\n{}",
        flink_keys
    )));
    assert!(e.message.ends_with("joinlab.start\nnumber-of-rows\nrows-per-second\nscan.parallelism"), "{}", e.message);

    let e = err(&ab, &[("connector", "datagen"), ("fields.a.kind", "sequence")]);
    assert_eq!(e.message, "Could not find required property 'fields.a.start' for sequence generator.");
    let e = err(&ab, &[("fields.a.kind", "Random")]);
    assert_eq!(e.message, "Unsupported generator kind: Random");
    let e = err(&ab, &[("fields.a.min", "abc")]);
    assert_eq!(e.message, "Could not parse value 'abc' for key 'fields.a.min'.");
    assert_eq!(e.class.as_deref(), Some("java.lang.IllegalArgumentException"));
    assert_eq!(e.causes, vec!["java.lang.NumberFormatException: For input string: \"abc\"".to_string()]);
    let e = err(&ab, &[("fields.a.min", " 3")]);
    assert_eq!(e.message, "Could not parse value ' 3' for key 'fields.a.min'.");
    let e = err(&ab, &[("fields.b.var-len", "yes")]);
    assert_eq!(
        e.causes,
        vec!["java.lang.IllegalArgumentException: Unrecognized option for boolean: yes. Expected either true or false(case insensitive)".to_string()]
    );
    let e = err(&[c("b", TypeKind::VarChar { length: 3 })], &[("fields.b.length", "10")]);
    assert_eq!(e.message, "Custom length '10' for variable-length type (VARCHAR/STRING/VARBINARY/BYTES) field 'b' should be shorter than '3' defined in the schema.");
    let e = err(&[c("b", TypeKind::Char { length: 3 })], &[("fields.b.length", "10")]);
    assert_eq!(e.message, "Custom length for fixed-length type (CHAR/BINARY) field 'b' is not supported.");
    let ts = c("ts", TypeKind::Timestamp { precision: 3, attr: TimeAttr::None });
    let e = err(&[ts], &[("fields.ts.kind", "sequence"), ("fields.ts.start", "1"), ("fields.ts.end", "5")]);
    assert_eq!(e.message, "Unsupported type: TIMESTAMP(3)");
    let e = err(
        &[c("a", TypeKind::Boolean)],
        &[("fields.a.kind", "sequence"), ("fields.a.start", "1"), ("fields.a.end", "5")],
    );
    assert!(e.message.contains(
        "Unsupported options:\n\nfields.a.end\nfields.a.start\n\nSupported options:\n\nconnector\nfields.a.kind\n"
    ));
    let e =
        err(&[c("d", TypeKind::Decimal { precision: 5, scale: 2 })], &[("fields.d.min", "3"), ("fields.d.max", "2")]);
    assert_eq!(e.message, "min bound must be less than max [3.000000, 2.000000]");

    // bounds crossed: a job failure in Flink, reported after the planning checks
    let e = err(&ab, &[("fields.a.min", "10000"), ("fields.a.max", "5000")]);
    assert_eq!(e.kind, ErrorKind::Runtime);
    assert_eq!(e.message, "lower bound (10,000) must be strictly less than upper bound (5,000)");
    let e = err(&[c("t", TypeKind::TinyInt)], &[("fields.t.min", "-1000"), ("fields.t.max", "1000")]);
    assert_eq!(e.message, "lower bound (24) must be strictly less than upper bound (-24)");
    let e = err(&ab, &[("fields.a.min", "10000"), ("fields.a.max", "5000"), ("zzz", "1")]);
    assert!(e.message.starts_with("Unsupported options found for 'datagen'."));
    let e = err(&[ColumnSpec::new("a", DataType::not_null(TypeKind::Int))], &[("fields.a.null-rate", "0.5")]);
    assert!(e.message.starts_with("Column 'a' is NOT NULL, however, a null value is being written into it."));

    // the planner's wrapping
    let o = opts(&[("connector", "datagen"), ("fields.a.min", "abc")]);
    let inner = from_flink_options("T", &ab, &o, 0).unwrap_err();
    let outer = source_error("default_catalog.default_database.T", &o, &inner);
    assert_eq!(
        outer.message,
        "Unable to create a source for reading table 'default_catalog.default_database.T'.\n\nTable options are:\n\n'connector'='datagen'\n'fields.a.min'='abc'"
    );
    assert_eq!(
        outer.causes,
        vec![
            "java.lang.IllegalArgumentException: Could not parse value 'abc' for key 'fields.a.min'.".to_string(),
            "java.lang.NumberFormatException: For input string: \"abc\"".to_string()
        ]
    );
}

/// One column of every type the engine has (the interval types only when asked: Flink's datagen
/// lists no options for them).
fn every_type_columns(with_intervals: bool) -> Vec<ColumnSpec> {
    let int = DataType::nullable(TypeKind::Int);
    let mut cols = vec![
        c("bo", TypeKind::Boolean),
        c("ti", TypeKind::TinyInt),
        c("si", TypeKind::SmallInt),
        c("i", TypeKind::Int),
        c("bi", TypeKind::BigInt),
        c("fl", TypeKind::Float),
        c("db", TypeKind::Double),
        c("de", TypeKind::Decimal { precision: 10, scale: 2 }),
        c("ch", TypeKind::Char { length: 3 }),
        c("vc", TypeKind::VarChar { length: 5 }),
        c("st", string()),
        c("bn", TypeKind::Binary { length: 4 }),
        c("vb", TypeKind::VarBinary { length: 6 }),
        c("byt", TypeKind::VarBinary { length: MAX_LENGTH }),
        c("da", TypeKind::Date),
        c("tm", TypeKind::Time { precision: 0 }),
        c("ts", TypeKind::Timestamp { precision: 3, attr: TimeAttr::None }),
        c("tl", TypeKind::TimestampLtz { precision: 3, attr: TimeAttr::None }),
    ];
    if with_intervals {
        cols.push(c("iym", TypeKind::IntervalYearMonth));
        cols.push(c("idt", TypeKind::IntervalDayTime));
    }
    cols.push(c("arr", TypeKind::Array { element: Box::new(int.clone()) }));
    cols.push(c("mp", TypeKind::Map { key: Box::new(DataType::string()), value: Box::new(int.clone()) }));
    cols.push(c("rw", TypeKind::Row { fields: vec![("x".into(), int.clone()), ("y".into(), DataType::string())] }));
    cols
}

/// The supported keys Flink 2.3.0 lists for this table (its "Unsupported options" error).
#[test]
fn supported_keys_match_flink() {
    let cols = every_type_columns(false);
    let e = err(&cols, &[("connector", "datagen"), ("zzz", "1")]);
    let flink = "connector fields.arr.element.max fields.arr.element.min fields.arr.element.null-rate fields.arr.kind \
        fields.arr.length fields.arr.null-rate fields.bi.kind fields.bi.max fields.bi.min fields.bi.null-rate fields.bn.kind \
        fields.bo.kind fields.bo.null-rate fields.byt.kind fields.byt.length fields.byt.var-len fields.ch.kind \
        fields.ch.null-rate fields.da.kind fields.db.kind fields.db.max fields.db.min fields.db.null-rate fields.de.kind \
        fields.de.max fields.de.min fields.de.null-rate fields.fl.kind fields.fl.max fields.fl.min fields.fl.null-rate \
        fields.i.kind fields.i.max fields.i.min fields.i.null-rate fields.mp.key.length fields.mp.key.null-rate \
        fields.mp.key.var-len fields.mp.kind fields.mp.length fields.mp.null-rate fields.mp.value.max fields.mp.value.min \
        fields.mp.value.null-rate fields.rw.kind fields.rw.null-rate fields.rw.x.max fields.rw.x.min fields.rw.x.null-rate \
        fields.rw.y.length fields.rw.y.null-rate fields.rw.y.var-len fields.si.kind fields.si.max fields.si.min \
        fields.si.null-rate fields.st.kind fields.st.length fields.st.null-rate fields.st.var-len fields.ti.kind \
        fields.ti.max fields.ti.min fields.ti.null-rate fields.tl.kind fields.tl.max-past fields.tl.null-rate \
        fields.tm.kind fields.ts.kind fields.ts.max-past fields.ts.null-rate fields.vb.kind fields.vb.length \
        fields.vb.var-len fields.vc.kind fields.vc.length fields.vc.null-rate fields.vc.var-len number-of-rows \
        rows-per-second scan.parallelism";
    let listed = e.message.split("Supported options:\n\n").nth(1).unwrap();
    let ours: Vec<&str> = listed.lines().filter(|k| !k.starts_with("joinlab.")).collect();
    assert_eq!(ours, flink.split_whitespace().collect::<Vec<_>>());
}

#[test]
fn every_type_generates() {
    let cols = every_type_columns(true);
    let o = opts(&[
        ("connector", "datagen"),
        ("number-of-rows", "50"),
        ("fields.rw.x.min", "1"),
        ("fields.rw.x.max", "9"),
        ("fields.rw.y.length", "3"),
        ("fields.mp.key.length", "2"),
        ("fields.arr.element.min", "1"),
        ("fields.arr.element.max", "3"),
        ("fields.arr.length", "2"),
        ("joinlab.start", "2024-03-05 06:07:08.009"),
    ]);
    let t = from_flink_options("AllTypes", &cols, &o, 0).unwrap();
    for r in t.iter() {
        let v = &r.values;
        assert!(matches!(v[0], Value::Bool(_)));
        assert!(matches!(v[1], Value::TinyInt(_)) && matches!(v[2], Value::SmallInt(_)));
        assert!(matches!(v[5], Value::Float(f) if f > 0.0) && matches!(v[6], Value::Double(d) if d > 0.0));
        assert!(matches!(&v[7], Value::Decimal(d) if d.unscaled() >= 0));
        assert!(matches!(&v[8], Value::String(s) if s.len() == 3));
        assert!(matches!(&v[9], Value::String(s) if s.len() == 5));
        assert!(matches!(&v[10], Value::String(s) if s.len() == 100));
        assert!(matches!(&v[11], Value::Bytes(b) if b.len() == 4));
        assert!(matches!(&v[12], Value::Bytes(b) if b.len() == 6));
        assert!(matches!(&v[13], Value::Bytes(b) if b.len() == 100));
        let day = crate::time::days_from_civil(2024, 3, 5) as i32;
        assert!(matches!(v[14], Value::Date(d) if d == day || d == day + 1));
        assert!(matches!(v[15], Value::Time(n) if n % 1_000_000_000 == 0));
        assert!(matches!(v[16], Value::Timestamp(ts) if ts.millis == r.event_time.millis));
        assert!(matches!(v[17], Value::TimestampLtz(ts) if ts.millis == r.event_time.millis));
        assert!(matches!(v[18], Value::IntervalMonths(m) if (0..=120_000).contains(&m)));
        assert!(matches!(v[19], Value::Interval(_)));
        match &v[20] {
            Value::Array(a) => assert!(a.len() == 2 && a.iter().all(|e| matches!(e, Value::Int(1..=3)))),
            x => panic!("{:?}", x),
        }
        assert!(matches!(&v[21], Value::Map(m) if !m.is_empty() && m.len() <= 3));
        match &v[22] {
            Value::Row(f) => {
                assert!(matches!(f[0], Value::Int(1..=9)));
                assert!(matches!(&f[1], Value::String(s) if s.len() == 3));
            }
            x => panic!("{:?}", x),
        }
    }
    assert_eq!(t.iter().next().map(|r| r.event_time.millis), Some(1_709_618_828_009));
}

#[test]
fn time_options() {
    let cols = vec![c("k", TypeKind::Int), c("ts", TypeKind::TimestampLtz { precision: 3, attr: TimeAttr::None })];
    let o = opts(&[
        ("connector", "datagen"),
        ("number-of-rows", "5000"),
        ("fields.k.min", "1"),
        ("fields.k.max", "3"),
        ("joinlab.interval", "200 ms"),
        ("joinlab.max-delay", "2 s"),
        ("joinlab.late-rate", "0.05"),
        ("joinlab.idle-every", "1000"),
        ("joinlab.idle-for", "1 min"),
    ]);
    let t = from_flink_options("T", &cols, &o, 0).unwrap();
    assert_eq!(t.timing.pace, Pace::Every(200_000_000));
    let rows: Vec<_> = t.iter().collect();
    let late = rows.iter().filter(|r| r.late).count();
    assert!((150..350).contains(&late), "{}", late);
    let mut max = i64::MIN;
    for r in &rows {
        if !r.late && max != i64::MIN {
            assert!(r.event_time.millis >= max - 2000);
        }
        if r.late {
            assert!(r.event_time.millis < max - 2000);
        }
        max = max.max(r.event_time.millis);
    }
    // idle: row 1000's clock is one minute further on
    assert_eq!(rows[1000].clock.millis - rows[999].clock.millis, 60_200);

    let e = from_flink_options("T", &cols, &opts(&[("rows-per-second", "10"), ("joinlab.interval", "1 s")]), 0)
        .unwrap_err();
    assert!(e.message.contains("both set the pace"));
    let t = from_flink_options("T", &cols, &opts(&[("rows-per-second", "4")]), 0).unwrap();
    let ms: Vec<i64> = t.take(3).map(|r| r.event_time.millis - time::DEFAULT_START_MS).collect();
    assert_eq!(ms, vec![0, 250, 500]);
    let e = from_flink_options("T", &cols, &opts(&[("joinlab.late-rate", "2")]), 0).unwrap_err();
    assert!(e.message.contains("between 0 and 1"));
}

#[test]
fn quickstarts_generate_their_schema() {
    for q in quickstarts::QUICKSTARTS {
        let t = from_quickstart(q.name, q.name, 0).unwrap_or_else(|e| panic!("{}: {}", q.name, e.message));
        assert!(t.take(500).all(|r| r.values.len() == t.columns.len()), "{}", q.name);
    }
    let t = from_quickstart("a", "GAMING_PLAYER_ACTIVITY", 0).unwrap();
    let names: Vec<&str> = t.columns.iter().map(|c| c.name.as_str()).collect();
    assert_eq!(names, ["player_id", "game_room_id", "points", "coordinates"]);
    assert_eq!(t.columns[0].ty.summary(), "INT NOT NULL");
    for r in t.take(100_000) {
        assert!(matches!(r.values[0], Value::Int(1000..=4999)));
        assert!(matches!(r.values[1], Value::Int(1000..=4999)));
        assert!(matches!(r.values[2], Value::Int(10..=499)));
        match &r.values[3] {
            Value::String(s) => {
                let b = s.as_bytes();
                assert!(b.len() == 7 && b[0] == b'[' && b[3] == b',' && b[6] == b']', "{}", s);
            }
            v => panic!("{:?}", v),
        }
    }
    // whole-row options: an id always comes with its own name
    let p = from_quickstart("p", "product", 0).unwrap();
    for r in p.take(200) {
        match (&r.values[0], &r.values[1]) {
            (Value::BigInt(10000000001), Value::String(n)) => assert_eq!(&**n, "boots"),
            (Value::BigInt(10000000009), Value::String(n)) => assert_eq!(&**n, "guitar"),
            (Value::BigInt(id), _) => assert!((10000000001..=10000000016).contains(id)),
            v => panic!("{:?}", v),
        }
    }
    let pu = from_quickstart("p", "purchases", 0).unwrap();
    assert_eq!(pu.columns[2].ty.summary(), "DECIMAL(4, 2) NOT NULL");
    for (i, r) in pu.take(1000).enumerate() {
        assert_eq!(r.values[0], Value::BigInt(i as i64));
        assert!(matches!(&r.values[2], Value::Decimal(d) if (1000..=4999).contains(&d.unscaled())));
    }
    let g = from_quickstart("g", "gaming_games", 0).unwrap();
    assert_eq!(g.columns[2].ty.summary(), "TIMESTAMP_LTZ(3) NOT NULL");
    let r: Vec<_> = g.take(2).collect();
    assert_eq!(r[1].values[2], Value::TimestampLtz(Ts::from_millis(1_609_459_300_000)));
    let o = from_quickstart("o", "orders", 0).unwrap();
    assert_eq!(
        o.columns[4].ty.summary(),
        "ROW<`city` STRING NOT NULL, `state` STRING NOT NULL, `zipcode` BIGINT NOT NULL> NOT NULL"
    );
    // kafka-connect-datagen pace: gaps below 500 ms
    let rows: Vec<_> = o.take(100).collect();
    assert!(rows.windows(2).all(|w| (0..500).contains(&(w[1].event_time.millis - w[0].event_time.millis))));
    assert!(from_quickstart("x", "nope", 0).unwrap_err().message.starts_with("Unknown datagen quickstart 'nope'."));
}

#[test]
fn quickstart_and_schema_options() {
    let o = opts(&[
        ("connector", "datagen"),
        ("quickstart", "stock_trades"),
        ("iterations", "10"),
        ("max.interval", "1000"),
    ]);
    let t = from_flink_options("trades", &[], &o, 0).unwrap();
    assert_eq!(t.rows, Some(10));
    assert_eq!(t.key_field.as_deref(), Some("symbol"));
    assert_eq!(t.timing.pace, Pace::RandomUpTo(1000));
    // declared columns select from the schema by name
    let decl = vec![
        ColumnSpec::new("symbol", DataType::string()),
        ColumnSpec::new("price", DataType::nullable(TypeKind::Int)),
    ];
    let s = from_flink_options("trades", &decl, &o, 0).unwrap();
    for (a, b) in t.iter().zip(s.iter()) {
        assert_eq!(a.values[2], b.values[0]);
        assert_eq!(a.values[3], b.values[1]);
    }
    let bad = vec![ColumnSpec::new("symbol", DataType::nullable(TypeKind::Int))];
    assert!(from_flink_options("trades", &bad, &o, 0).unwrap_err().message.contains("gives it type STRING NOT NULL"));
    let e = from_flink_options("t", &[], &opts(&[("quickstart", "orders"), ("fields.a.min", "1")]), 0).unwrap_err();
    assert!(e.message.contains("Unsupported options:\n\nfields.a.min"));

    let schema = r#"{"type": "record", "name": "r", "fields": [
        {"name": "id", "type": {"type": "long", "arg.properties": {"iteration": {"start": 5, "step": 5, "restart": 20}}}},
        {"name": "color", "type": {"type": "enum", "name": "c", "symbols": ["RED", "GREEN"]}},
        {"name": "note", "type": ["null", {"type": "string", "arg.properties": {"regex": "n[0-9]{3}"}}]},
        {"name": "tags", "type": {"type": "array", "items": "string", "arg.properties": {"length": 2}}},
        {"name": "amount", "type": {"type": "double", "arg.properties": {"range": {"min": 1, "max": 2}}}}
    ]}"#;
    let o = opts(&[("schema.string", schema), ("number-of-rows", "400"), ("joinlab.interval", "1 s")]);
    let t = from_flink_options("custom", &[], &o, 0).unwrap();
    assert_eq!(t.columns[2].ty.summary(), "STRING");
    let rows: Vec<_> = t.iter().collect();
    assert_eq!(rows.len(), 400);
    let ids: Vec<Value> = rows.iter().take(5).map(|r| r.values[0].clone()).collect();
    assert_eq!(ids, [5, 10, 15, 5, 10].map(Value::BigInt));
    let nulls = rows.iter().filter(|r| r.values[2].is_null()).count();
    assert!((150..250).contains(&nulls), "{}", nulls);
    for r in &rows {
        assert!(matches!(&r.values[1], Value::String(s) if &**s == "RED" || &**s == "GREEN"));
        assert!(matches!(&r.values[3], Value::Array(a) if a.len() == 2));
        assert!(matches!(r.values[4], Value::Double(d) if (1.0..2.0).contains(&d)));
    }
    let bad = r#"{"type": "record", "name": "r", "fields": [{"name": "x", "type": {"type": "int", "arg.properties": {"odds": 1}}}]}"#;
    let e = from_avro_schema("t", bad, 0).unwrap_err();
    assert!(e.message.contains("field 'x': unsupported arg.properties key 'odds'"), "{}", e.message);
    let bad = r#"{"type": "record", "name": "r", "fields": [{"name": "x", "type": {"type": "string", "arg.properties": {"regex": "a(?=b)"}}}]}"#;
    assert!(from_avro_schema("t", bad, 0).unwrap_err().message.contains("unsupported regex syntax"));
}

#[test]
fn examples_catalog_tables() {
    let cat = examples_catalog(None, 0);
    let paths: Vec<String> = cat.iter().map(|t| t.path()).collect();
    assert_eq!(
        paths,
        [
            "examples.marketplace.orders",
            "examples.marketplace.customers",
            "examples.marketplace.products",
            "examples.marketplace.clicks",
            "examples.gaming.player_activity",
            "examples.gaming.players",
            "examples.gaming.games",
            "examples.sensors.temperature_readings",
            "examples.sensors.humidity_readings"
        ]
    );
    let get = |name: &str| cat.iter().find(|t| t.name == name).unwrap();
    let customers: Vec<Value> = get("customers").table.iter().map(|r| r.values[0].clone()).collect();
    assert_eq!(customers.len(), 200);
    assert_eq!(customers[0], Value::Int(3000));
    assert_eq!(customers[199], Value::Int(3199));
    let products: Vec<Value> = get("products").table.iter().map(|r| r.values[0].clone()).collect();
    assert_eq!(products[399], Value::str("1399"));

    let orders: Vec<_> = get("orders").table.iter().collect();
    assert_eq!(orders.len(), 5000);
    let matched = orders.iter().filter(|r| customers.contains(&r.values[1])).count() as f64 / 5000.0;
    assert!((0.77..0.83).contains(&matched), "{}", matched);
    let matched = orders.iter().filter(|r| products.contains(&r.values[2])).count() as f64 / 5000.0;
    assert!((0.77..0.83).contains(&matched), "{}", matched);
    for r in &orders {
        match &r.values[3] {
            Value::Double(p) => {
                assert!((10.0..=100.0).contains(p));
                let shown = crate::value::java_double(*p);
                assert!(shown.split('.').nth(1).is_some_and(|f| f.len() <= 2), "{}", shown);
            }
            v => panic!("{:?}", v),
        }
        assert!(matches!(&r.values[0], Value::String(s) if s.len() == 36 && s.as_bytes()[14] == b'4'));
    }
    assert_eq!(orders[4999].event_time.millis - orders[0].event_time.millis, 499_900);

    let c0: Vec<_> = get("customers").table.take(3).collect();
    for r in &c0 {
        for v in &r.values[1..] {
            assert!(matches!(v, Value::String(s) if !s.is_empty()));
        }
    }
    let temp: Vec<_> = get("temperature_readings").table.take(8).collect();
    let hum: Vec<_> = get("humidity_readings").table.take(8).collect();
    for (i, (t, h)) in temp.iter().zip(&hum).enumerate() {
        let m = Value::str(&format!("M{}", i % 4 + 1));
        assert_eq!(t.values[0], m);
        assert_eq!(h.values[0], m);
        assert_eq!(h.event_time.millis - t.event_time.millis, 2000);
        assert!(matches!(t.values[2], Value::Timestamp(ts) if ts.millis == t.event_time.millis));
    }
    assert!(matches!(temp[0].values[1], Value::Double(d) if (76.0..=84.0).contains(&d)));
    assert!(matches!(temp[1].values[1], Value::Double(d) if (56.0..=66.0).contains(&d)));

    let small = examples_catalog(Some(10), 0);
    assert!(small.iter().all(|t| t.table.iter().count() == 10));
    let other = examples_catalog(Some(10), 9);
    assert_ne!(small[0].table.iter().next().unwrap().values, other[0].table.iter().next().unwrap().values);
}

/// `cargo test --release -p joinlab-engine --lib datagen::tests::speed -- --ignored --nocapture`
#[test]
#[ignore]
fn speed() {
    let mut o = five_options();
    o[1].1 = "1000000".into();
    let t = from_flink_options("Orders", &five_columns(), &o, 0).unwrap();
    let start = std::time::Instant::now();
    let n = t.iter().count();
    let el = start.elapsed();
    println!("flink 5 columns: {} rows in {:?} = {:.0} rows/s", n, el, n as f64 / el.as_secs_f64());
    let cat = examples_catalog(Some(1_000_000), 0);
    for name in ["orders", "customers", "clicks", "player_activity"] {
        let e = cat.iter().find(|t| t.name == name).unwrap();
        let start = std::time::Instant::now();
        let n = e.table.iter().count();
        let el = start.elapsed();
        println!("{}: {} rows in {:?} = {:.0} rows/s", name, n, el, n as f64 / el.as_secs_f64());
    }
}

#[test]
fn hostile_inputs_are_errors_not_panics() {
    let s = [c("s", string())];
    assert!(err(&s, &[("fields.s.length", "2000000000")]).message.contains("JoinLab generates at most"));
    assert!(err(
        &[c("a", TypeKind::Array { element: Box::new(DataType::string()) })],
        &[("fields.a.length", "100000")]
    )
    .message
    .contains("at most 1000"));
    assert!(err(&s, &[("fields.s.length", "0")]).message.contains("length (0)"));
    assert!(err(&s, &[("fields.s.length", "1"), ("fields.s.var-len", "true")])
        .message
        .contains("bound must be greater than origin"));
    assert!(err(&s, &[("joinlab.interval", "P-1D")]).message.contains("must not be negative"));
    let big = c("b", TypeKind::BigInt);
    let t = from_flink_options(
        "T",
        &[big],
        &opts(&[("fields.b.min", "-9223372036854775808"), ("number-of-rows", "100")]),
        0,
    )
    .unwrap();
    assert_eq!(t.iter().count(), 100);
    let ts = c("ts", TypeKind::Timestamp { precision: 3, attr: TimeAttr::None });
    let t = from_flink_options(
        "T",
        &[ts],
        &opts(&[("fields.ts.max-past", "9223372036854775807"), ("number-of-rows", "10")]),
        0,
    )
    .unwrap();
    assert_eq!(t.iter().count(), 10);
    for schema in [
        r#"{"type": "record", "name": "r", "fields": [{"name": "x", "type": {"type": "long", "arg.properties": {"range": {"min": -9223372036854775808, "max": -9223372036854775808}}}}]}"#,
        r#"{"type": "record", "name": "r", "fields": [{"name": "x", "type": {"type": "string", "arg.properties": {"length": {"min": 0, "max": -9223372036854775808}}}}]}"#,
        r#"{"type": "record", "name": "r", "fields": [{"name": "x", "type": {"type": "string", "arg.properties": {"length": 99999999999}}}]}"#,
        r#"{"type": "record", "name": "r", "fields": [{"name": "x", "type": {"type": "bytes", "logicalType": "decimal", "precision": 99, "scale": 99, "arg.properties": {"range": {"min": -1e300, "max": 1e300}}}}]}"#,
        r#"{"type": "record", "name": "r", "fields": [{"name": "x", "type": {"type": "int", "arg.properties": {"iteration": {"start": 5, "step": -3, "restart": 100}}}}]}"#,
        r#"{"type": "record", "name": "r", "fields": [{"name": "x", "type": ["int", "string"]}]}"#,
        r#"{"type": "record", "name": "r", "fields": [{"name": "x", "type": "nope"}]}"#,
        r#"{"type": "record", "fields": 3}"#,
        r#"[1, 2"#,
    ] {
        if let Ok(t) = from_avro_schema("t", schema, 0) {
            assert_eq!(t.take(50).count(), 50);
        }
    }
}

#[test]
fn interleave_by_clock() {
    let cat = examples_catalog(Some(50), 0);
    let t = cat.iter().find(|t| t.name == "temperature_readings").unwrap();
    let h = cat.iter().find(|t| t.name == "humidity_readings").unwrap();
    let o = cat.iter().find(|t| t.name == "orders").unwrap();
    let all: Vec<(usize, GeneratedRow)> = interleave(&[&t.table, &h.table, &o.table], 20).collect();
    assert_eq!(all.len(), 60);
    assert!(all.windows(2).all(|w| w[0].1.clock <= w[1].1.clock));
    // temperature at 00:00:00 first, then orders at 00:00:00 (tie: listed later), …
    let firsts: Vec<(usize, u64)> = all.iter().take(4).map(|(k, r)| (*k, r.index)).collect();
    assert_eq!(firsts, vec![(0, 0), (2, 0), (2, 1), (2, 2)]);
}
