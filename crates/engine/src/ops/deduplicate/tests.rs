use super::*;
use crate::ops::Element;
use crate::time::{parse_ts_literal, SessionZone};
use crate::types::TypeKind;

fn st() -> DataType {
    DataType::string()
}
fn int() -> DataType {
    DataType::nullable(TypeKind::Int)
}
fn bigint() -> DataType {
    DataType::nullable(TypeKind::BigInt)
}
fn rowtime() -> DataType {
    DataType::nullable(TypeKind::Timestamp { precision: 3, attr: TimeAttr::Rowtime })
}
fn proctime() -> DataType {
    DataType::not_null(TypeKind::TimestampLtz { precision: 3, attr: TimeAttr::Proctime })
}
fn s(x: &str) -> Value {
    Value::String(x.into())
}
fn i(x: i32) -> Value {
    Value::Int(x)
}
fn t(x: &str) -> Value {
    Value::Timestamp(parse_ts_literal(x).expect("timestamp"))
}
fn ms(x: &str) -> i64 {
    parse_ts_literal(x).expect("timestamp").millis
}

struct H {
    op: DeduplicateOp,
    types: Vec<DataType>,
    zone: SessionZone,
    proc_time: i64,
    events: Vec<Event>,
    project: Option<Vec<usize>>,
    /// The column PROCTIME() fills with the processing time.
    pt_col: Option<usize>,
}

impl H {
    fn new(key: Vec<usize>, kind: DedupKind, time_col: Option<usize>, ttl: i64, types: Vec<DataType>) -> H {
        let spec = DeduplicateSpec { key, kind, time_col, ttl, in_types: types.clone(), update_before: true };
        H {
            op: DeduplicateOp::new(spec),
            types,
            zone: SessionZone::default(),
            proc_time: 1_704_067_200_000,
            events: Vec::new(),
            project: None,
            pt_col: None,
        }
    }

    fn project(mut self, cols: Vec<usize>) -> H {
        self.project = Some(cols);
        self
    }

    fn print(&self, out: Vec<Element>) -> Vec<String> {
        let mut v = Vec::new();
        for e in out {
            if let Element::Record(r) = e {
                let cols: Vec<usize> = self.project.clone().unwrap_or_else(|| (0..r.row.len()).collect());
                let row: Row = cols.iter().map(|&c| r.row[c].clone()).collect();
                let types: Vec<DataType> = cols.iter().map(|&c| self.types[c].clone()).collect();
                v.push(format!("{}[{}]", r.kind.short(), render(&row, &types, &self.zone).join(", ")));
            }
        }
        v
    }

    /// One step: the row at the next processing time, then the step's watermark.
    fn step(&mut self, mut row: Row, wm: Option<i64>) -> Vec<String> {
        self.proc_time += 1000;
        if let Some(c) = self.pt_col {
            row[c] = Value::TimestampLtz(Ts::from_millis(self.proc_time));
        }
        let mut out = Vec::new();
        let mut cx = Ctx::new(&mut out, Some(&mut self.events), 0, &self.zone, self.proc_time);
        self.op.on_record(0, Record { kind: RowKind::Insert, row, lineage: vec![1] }, &mut cx).expect("row");
        if let Some(w) = wm {
            self.op.on_watermark(0, w, &mut cx).expect("watermark");
            assert!(matches!(out.last(), Some(Element::Watermark(x)) if *x == w));
        }
        assert!(self.op.state(0, &self.zone).is_some());
        assert!(self.op.state_rows().is_some());
        self.print(out)
    }

    /// The end of input: the sources' +inf watermark.
    fn end(&mut self) -> Vec<String> {
        let mut out = Vec::new();
        let mut cx = Ctx::new(&mut out, None, 0, &self.zone, self.proc_time);
        self.op.on_watermark(0, i64::MAX, &mut cx).expect("watermark");
        self.print(out)
    }
}

type Steps = Vec<(Row, Option<i64>)>;

fn run(h: &mut H, steps: Steps) -> Vec<Vec<String>> {
    steps.into_iter().map(|(row, wm)| h.step(row, wm)).collect()
}

fn want<const N: usize>(rows: [&[&str]; N]) -> Vec<Vec<String>> {
    rows.iter().map(|r| r.iter().map(|x| x.to_string()).collect()).collect()
}

// ---- dedup_rowtime_keep_first.sql (WATERMARK ts - 5 s) ----

fn keep_first_steps() -> Steps {
    let row = |k: &str, v: i32, ts: &str| vec![s(k), i(v), t(&format!("2024-01-01 10:00:{}", ts))];
    vec![
        (row("a", 1, "10"), Some(ms("2024-01-01 10:00:05"))),
        (row("a", 2, "08"), None),
        (row("a", 3, "08"), None),
        (row("b", 4, "12"), Some(ms("2024-01-01 10:00:07"))),
        (row("a", 5, "07"), None),
        (row("a", 6, "06"), None),
        (row("c", 7, "20"), Some(ms("2024-01-01 10:00:15"))),
        (row("a", 8, "16"), None),
        (row("d", 9, "14"), None),
    ]
}

/// q1: `SELECT k, v, ts … PARTITION BY k ORDER BY ts ASC) WHERE rn = 1`.
#[test]
fn rowtime_keep_first() {
    let mut h = H::new(vec![0], DedupKind::RowtimeKeepFirst, Some(2), 0, vec![st(), int(), rowtime()]);
    let out = run(&mut h, keep_first_steps());
    let expected = want([
        &[],
        &[], // an earlier row replaces the pending one
        &[], // an equal rowtime keeps the earlier arrival
        &[],
        &[], // equal to the watermark: not late
        &[], // behind the watermark: dropped
        &["+I[a, 5, 2024-01-01 10:00:07.000]", "+I[b, 4, 2024-01-01 10:00:12.000]"],
        &[], // a was emitted: ignored
        &[], // late
    ]);
    assert_eq!(out, expected);
    assert_eq!(h.end(), ["+I[c, 7, 2024-01-01 10:00:20.000]"]);
    assert_eq!(h.op.late_rows(), Some(2));
    assert_eq!(h.events.iter().filter(|e| matches!(e, Event::LateDrop { .. })).count(), 2);
}

/// q4: `SELECT k, v … ROW_NUMBER() OVER (ORDER BY ts) … WHERE rn = 1` (one global key).
#[test]
fn rowtime_keep_first_global() {
    let mut h =
        H::new(vec![], DedupKind::RowtimeKeepFirst, Some(2), 0, vec![st(), int(), rowtime()]).project(vec![0, 1]);
    let out = run(&mut h, keep_first_steps());
    let expected = want([&[], &[], &[], &[], &[], &[], &["+I[a, 5]"], &[], &[]]);
    assert_eq!(out, expected);
    assert_eq!(h.end(), Vec::<String>::new());
}

// ---- dedup_select_rn_and_variants.sql q1 ----

/// q1: `SELECT k, v, rn … ORDER BY ts) WHERE rn = 1`: still a Deduplicate, rn the constant 1
/// of `Calc(select=[k, v, 1 AS rn])`.
#[test]
fn rowtime_keep_first_with_constant_rn() {
    let mut h =
        H::new(vec![0], DedupKind::RowtimeKeepFirst, Some(2), 0, vec![st(), int(), rowtime()]).project(vec![0, 1]);
    let row = |k: &str, v: i32, ts: &str| vec![s(k), i(v), t(&format!("2024-01-01 10:00:{}", ts))];
    let steps = vec![
        (row("a", 1, "10"), Some(ms("2024-01-01 10:00:05"))),
        (row("a", 2, "08"), None),
        (row("a", 3, "08"), None),
        (row("b", 4, "30"), Some(ms("2024-01-01 10:00:25"))),
        (row("a", 5, "01"), None),
    ];
    let with_rn = |v: Vec<Vec<String>>| -> Vec<Vec<String>> {
        v.into_iter().map(|r| r.into_iter().map(|x| format!("{}, 1]", x.trim_end_matches(']'))).collect()).collect()
    };
    let out = with_rn(run(&mut h, steps));
    assert_eq!(out, want([&[], &[], &[], &["+I[a, 2, 1]"], &[]]));
    assert_eq!(with_rn(vec![h.end()]), want([&["+I[b, 4, 1]"]]));
    assert_eq!(h.op.late_rows(), Some(1));
}

// ---- dedup_rowtime_keep_last.sql ----

/// q1: `SELECT k, v, ts … ORDER BY ts DESC) WHERE rn = 1`.
#[test]
fn rowtime_keep_last() {
    let mut h = H::new(vec![0], DedupKind::RowtimeKeepLast, Some(2), 0, vec![st(), int(), rowtime()]);
    let row = |k: &str, v: i32, ts: &str| vec![s(k), i(v), t(&format!("2024-01-01 10:00:{}", ts))];
    let steps = vec![
        (row("a", 1, "10"), Some(ms("2024-01-01 10:00:05"))),
        (row("a", 2, "08"), None),
        (row("a", 3, "10"), None),
        (row("a", 3, "10"), None),
        (row("b", 4, "30"), Some(ms("2024-01-01 10:00:25"))),
        (row("a", 5, "11"), None),
        (row("a", 6, "09"), None),
        (row("b", 7, "31"), Some(ms("2024-01-01 10:00:26"))),
    ];
    let out = run(&mut h, steps);
    let expected = want([
        &["+I[a, 1, 2024-01-01 10:00:10.000]"],
        &[],
        &["-U[a, 1, 2024-01-01 10:00:10.000]", "+U[a, 3, 2024-01-01 10:00:10.000]"],
        // the same row again: no equality check
        &["-U[a, 3, 2024-01-01 10:00:10.000]", "+U[a, 3, 2024-01-01 10:00:10.000]"],
        &["+I[b, 4, 2024-01-01 10:00:30.000]"],
        // behind the watermark, yet it replaces: no lateness check
        &["-U[a, 3, 2024-01-01 10:00:10.000]", "+U[a, 5, 2024-01-01 10:00:11.000]"],
        &[],
        &["-U[b, 4, 2024-01-01 10:00:30.000]", "+U[b, 7, 2024-01-01 10:00:31.000]"],
    ]);
    assert_eq!(out, expected);
    assert_eq!(h.end(), Vec::<String>::new());
    assert_eq!(h.op.late_rows(), None);
}

// ---- dedup_temporal_join_views.sql (WATERMARK currency_time - 0.001 s) ----

fn currency_steps() -> Steps {
    let row = |c: &str, rate: i64, ts: &str| vec![s(c), s("no1"), Value::BigInt(rate), t(ts)];
    let wm = |ts: &str| Some(ms(ts) - 1);
    vec![
        (row("Euro", 114, "2020-08-15 00:00:01"), wm("2020-08-15 00:00:01")),
        (row("US Dollar", 102, "2020-08-15 00:00:02"), wm("2020-08-15 00:00:02")),
        (row("Yen", 1, "2020-08-15 00:00:03"), wm("2020-08-15 00:00:03")),
        (row("RMB", 702, "2020-08-15 00:00:04"), wm("2020-08-15 00:00:04")),
        (row("Euro", 118, "2020-08-16 00:01:00"), wm("2020-08-16 00:01:00")),
        (row("US Dollar", 102, "2020-08-16 00:02:00"), wm("2020-08-16 00:02:00")),
        (row("US Dollar", 106, "2020-08-16 00:02:00"), None),
    ]
}

fn currency_types() -> Vec<DataType> {
    vec![st(), st(), bigint(), rowtime()]
}

/// q1: `SELECT * FROM currency_deduplicated_first_row`.
#[test]
fn first_row_view() {
    let mut h = H::new(vec![0], DedupKind::RowtimeKeepFirst, Some(3), 0, currency_types());
    let out = run(&mut h, currency_steps());
    let expected = want([
        &[],
        &["+I[Euro, no1, 114, 2020-08-15 00:00:01.000]"],
        &["+I[US Dollar, no1, 102, 2020-08-15 00:00:02.000]"],
        &["+I[Yen, no1, 1, 2020-08-15 00:00:03.000]"],
        &["+I[RMB, no1, 702, 2020-08-15 00:00:04.000]"],
        &[],
        &[],
    ]);
    assert_eq!(out, expected);
    // the orders steps of the script feed nothing here; the end flushes nothing
    assert_eq!(h.end(), Vec::<String>::new());
}

/// q2: `SELECT * FROM currency_deduplicated_last_row` (two US Dollar rows at the same time:
/// the later one wins).
#[test]
fn last_row_view() {
    let mut h = H::new(vec![0], DedupKind::RowtimeKeepLast, Some(3), 0, currency_types());
    let out = run(&mut h, currency_steps());
    let expected = want([
        &["+I[Euro, no1, 114, 2020-08-15 00:00:01.000]"],
        &["+I[US Dollar, no1, 102, 2020-08-15 00:00:02.000]"],
        &["+I[Yen, no1, 1, 2020-08-15 00:00:03.000]"],
        &["+I[RMB, no1, 702, 2020-08-15 00:00:04.000]"],
        &["-U[Euro, no1, 114, 2020-08-15 00:00:01.000]", "+U[Euro, no1, 118, 2020-08-16 00:01:00.000]"],
        &["-U[US Dollar, no1, 102, 2020-08-15 00:00:02.000]", "+U[US Dollar, no1, 102, 2020-08-16 00:02:00.000]"],
        &["-U[US Dollar, no1, 102, 2020-08-16 00:02:00.000]", "+U[US Dollar, no1, 106, 2020-08-16 00:02:00.000]"],
    ]);
    assert_eq!(out, expected);
}

// ---- dedup_proctime.sql (pt AS PROCTIME(); Calc(select=[k, v]) above) ----

fn proc_h(kind: DedupKind, ttl: i64) -> H {
    let mut h = H::new(vec![0], kind, None, ttl, vec![st(), int(), proctime()]).project(vec![0, 1]);
    h.pt_col = Some(2);
    h
}

fn proc_rows(rows: &[(&str, i32)]) -> Steps {
    rows.iter().map(|(k, v)| (vec![s(k), i(*v), Value::Null], None)).collect()
}

const T: [(&str, i32); 5] = [("a", 1), ("a", 2), ("b", 3), ("a", 2), ("b", 3)];
const T2: [(&str, i32); 8] = [("a", 1), ("a", 1), ("a", 1), ("b", 1), ("b", 2), ("b", 2), ("b", 2), ("a", 1)];

/// q1: `ORDER BY pt ASC … rn = 1` (keep-first).
#[test]
fn proctime_keep_first() {
    let mut h = proc_h(DedupKind::ProctimeKeepFirst, 0);
    let out = run(&mut h, proc_rows(&T));
    assert_eq!(out, want([&["+I[a, 1]"], &[], &["+I[b, 3]"], &[], &[]]));
}

/// q2: `ORDER BY pt DESC … rn = 1` (keep-last) over `t`.
#[test]
fn proctime_keep_last() {
    let mut h = proc_h(DedupKind::ProctimeKeepLast, 0);
    let out = run(&mut h, proc_rows(&T));
    let expected = want([
        &["+I[a, 1]"],
        &["-U[a, 1]", "+U[a, 2]"],
        &["+I[b, 3]"],
        // the same (k, v) as the kept row, but that row carries +U now: sent again
        &["-U[a, 2]", "+U[a, 2]"],
        // b's kept row is still its +I one: an identical repeat is dropped
        &[],
    ]);
    assert_eq!(out, expected);
    assert!(h.events.iter().any(|e| matches!(e, Event::Unchanged { .. })));
}

/// q4: keep-last over `t2`: repeats are dropped while the kept row is the +I one, sent
/// again once it was updated.
#[test]
fn proctime_keep_last_rowkind_quirk() {
    let mut h = proc_h(DedupKind::ProctimeKeepLast, 0);
    let out = run(&mut h, proc_rows(&T2));
    let expected = want([
        &["+I[a, 1]"],
        &[],
        &[],
        &["+I[b, 1]"],
        &["-U[b, 1]", "+U[b, 2]"],
        &["-U[b, 2]", "+U[b, 2]"],
        &["-U[b, 2]", "+U[b, 2]"],
        &[],
    ]);
    assert_eq!(out, expected);
}

/// q5: the same with `table.exec.state.ttl = 1 h`: no equality check, every row emits.
#[test]
fn proctime_keep_last_with_ttl() {
    let mut h = proc_h(DedupKind::ProctimeKeepLast, 3_600_000);
    let out = run(&mut h, proc_rows(&T2));
    let expected = want([
        &["+I[a, 1]"],
        &["-U[a, 1]", "+U[a, 1]"],
        &["-U[a, 1]", "+U[a, 1]"],
        &["+I[b, 1]"],
        &["-U[b, 1]", "+U[b, 2]"],
        &["-U[b, 2]", "+U[b, 2]"],
        &["-U[b, 2]", "+U[b, 2]"],
        &["-U[a, 1]", "+U[a, 1]"],
    ]);
    assert_eq!(out, expected);
}

// ---- state TTL expiry (no oracle scenario: derived by hand from Flink's sources) ----

/// Proctime keep-first (`processFirstRowOnProcTime`): the "seen" flag is written once and
/// expires `ttl` after; the key's next row is a first row again. Keep-last's row state is
/// written on every row, so only a pause longer than `ttl` restarts it.
#[test]
fn proctime_ttl_expiry() {
    let mut first = proc_h(DedupKind::ProctimeKeepFirst, 2500);
    let out = run(&mut first, proc_rows(&[("a", 1), ("a", 2), ("a", 3), ("a", 4)]));
    assert_eq!(out, want([&["+I[a, 1]"], &[], &[], &["+I[a, 4]"]]));
    assert!(first.events.iter().any(|e| matches!(e, Event::StateExpire { cause: ExpireCause::Ttl, .. })));

    let mut last = proc_h(DedupKind::ProctimeKeepLast, 2500);
    let out = run(&mut last, proc_rows(&[("a", 1), ("a", 2), ("a", 3)]));
    assert_eq!(out, want([&["+I[a, 1]"], &["-U[a, 1]", "+U[a, 2]"], &["-U[a, 2]", "+U[a, 3]"]]));
    last.proc_time += 3000;
    assert_eq!(last.step(vec![s("a"), i(4), Value::Null], None), ["+I[a, 4]"]);
}

/// Rowtime keep-first: only the "emitted" flag has a TTL (written when the timer fires);
/// once it expires, the key buffers and emits again.
#[test]
fn rowtime_keep_first_emitted_flag_expires() {
    let mut h =
        H::new(vec![0], DedupKind::RowtimeKeepFirst, Some(2), 2500, vec![st(), int(), rowtime()]).project(vec![0, 1]);
    let row = |v: i32, ts: &str| vec![s("a"), i(v), t(&format!("2024-01-01 10:00:{}", ts))];
    assert_eq!(h.step(row(1, "10"), Some(ms("2024-01-01 10:00:10"))), ["+I[a, 1]"]); // t = 1 s
    assert_eq!(h.step(row(2, "11"), None), Vec::<String>::new()); // t = 2 s: emitted
    h.proc_time += 2000;
    assert_eq!(h.step(row(3, "12"), Some(ms("2024-01-01 10:00:12"))), ["+I[a, 3]"]);
    // t = 5 s
}

#[test]
fn only_inserts_are_accepted() {
    let mut h = proc_h(DedupKind::ProctimeKeepLast, 0);
    let mut out = Vec::new();
    let mut cx = Ctx::new(&mut out, None, 0, &h.zone, 0);
    let rec = Record { kind: RowKind::Delete, row: vec![s("a"), i(1), Value::Null], lineage: vec![] };
    let err = h.op.on_record(0, rec, &mut cx).expect_err("insert only");
    assert_eq!(err.class, "java.lang.IllegalArgumentException");
}
