//! The oracle's Top-N scenarios (`/tmp/research/agg/scenarios/*.sql` with Flink's `.expected`),
//! translated by hand: each step feeds the rows the Rank operator receives and asserts the
//! rows Flink printed at that step, in Flink's order. Where the query has a Calc above the
//! Rank (a projection or a filter), the test applies it to the operator's output, as Flink's
//! plan does; where an operator below feeds the Rank (a ChangelogNormalize, a GroupAggregate),
//! the test feeds what that operator emits.

use super::*;
use crate::ops::Element;
use crate::time::{parse_ts_literal, SessionZone};
use crate::types::TimeAttr;

fn st() -> DataType {
    DataType::string()
}
fn int() -> DataType {
    DataType::nullable(TypeKind::Int)
}
fn bigint() -> DataType {
    DataType::not_null(TypeKind::BigInt)
}
fn ts3() -> DataType {
    DataType::nullable(TypeKind::Timestamp { precision: 3, attr: TimeAttr::None })
}
fn rowtime() -> DataType {
    DataType::nullable(TypeKind::Timestamp { precision: 3, attr: TimeAttr::Rowtime })
}
fn s(x: &str) -> Value {
    Value::String(x.into())
}
fn i(x: i32) -> Value {
    Value::Int(x)
}
fn l(x: i64) -> Value {
    Value::BigInt(x)
}
fn t(x: &str) -> Value {
    Value::Timestamp(parse_ts_literal(x).expect("timestamp"))
}
fn ms(x: &str) -> i64 {
    parse_ts_literal(x).expect("timestamp").millis
}

fn desc(col: usize) -> SortKey {
    SortKey { col, desc: true, nulls_first: false }
}
fn asc(col: usize) -> SortKey {
    SortKey { col, desc: false, nulls_first: true }
}

fn spec(
    partition: Vec<usize>,
    order: Vec<SortKey>,
    range: RankRange,
    with_rn: bool,
    function: RankFunction,
    in_types: Vec<DataType>,
) -> RankSpec {
    let mut out_types = in_types.clone();
    if with_rn {
        out_types.push(bigint());
    }
    RankSpec { partition, order, range, with_rn, function, update_before: true, ttl: 0, in_types, out_types }
}

fn top(end: i64) -> RankRange {
    RankRange::Constant { start: 1, end }
}

/// Drives one operator as the runtime does, one element at a time, with tracing on.
struct H {
    op: RankOp,
    out_types: Vec<DataType>,
    zone: SessionZone,
    proc_time: i64,
    events: Vec<Event>,
    /// The Calc above the Rank: keep these output columns (None: all).
    project: Option<Vec<usize>>,
    /// The Calc's filter.
    filter: Option<fn(&Row) -> bool>,
}

impl H {
    fn new(spec: RankSpec) -> H {
        let out_types = spec.out_types.clone();
        H {
            op: RankOp::new(spec),
            out_types,
            zone: SessionZone::default(),
            proc_time: 1_704_067_200_000,
            events: Vec::new(),
            project: None,
            filter: None,
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
                if self.filter.is_some_and(|f| !f(&r.row)) {
                    continue;
                }
                let (row, types): (Row, Vec<DataType>) = match &self.project {
                    Some(cols) => (
                        cols.iter().map(|&c| r.row[c].clone()).collect(),
                        cols.iter().map(|&c| self.out_types[c].clone()).collect(),
                    ),
                    None => (r.row.clone(), self.out_types.clone()),
                };
                v.push(format!("{}[{}]", r.kind.short(), render(&row, &types, &self.zone).join(", ")));
            }
        }
        v
    }

    /// One step: a message at the next processing time (the simulated clock's 1 s tick).
    fn msg(&mut self, kind: RowKind, row: Row) -> Result<Vec<String>, RuntimeError> {
        self.proc_time += 1000;
        let mut out = Vec::new();
        let mut cx = Ctx::new(&mut out, Some(&mut self.events), 0, &self.zone, self.proc_time);
        self.op.on_record(0, Record { kind, row, lineage: vec![1] }, &mut cx)?;
        // the state pane and the running count never fail
        assert!(self.op.state(0, &self.zone).is_some());
        assert!(self.op.state_rows().is_some());
        Ok(self.print(out))
    }

    fn step(&mut self, kind: RowKind, row: Row) -> Vec<String> {
        self.msg(kind, row).expect("step")
    }

    fn ins(&mut self, row: Row) -> Vec<String> {
        self.step(RowKind::Insert, row)
    }

    /// A watermark: a Rank only passes it on.
    fn wm(&mut self, wm: i64) -> Vec<String> {
        let mut out = Vec::new();
        let mut cx = Ctx::new(&mut out, None, 0, &self.zone, self.proc_time);
        self.op.on_watermark(0, wm, &mut cx).expect("watermark");
        assert!(matches!(out.last(), Some(Element::Watermark(w)) if *w == wm));
        self.print(out)
    }
}

const NONE: [&str; 0] = [];

// ---- topn_append_row_number.sql (AppendOnlyTopNFunction) ----

fn append_types() -> Vec<DataType> {
    vec![st(), st(), int()]
}

fn append_rows() -> Vec<Row> {
    [("p1", 50), ("p2", 70), ("p3", 60), ("p4", 80), ("p5", 10), ("p6", 60), ("p7", 70)]
        .iter()
        .map(|(n, v)| vec![s("a"), s(n), i(*v)])
        .chain(std::iter::once(vec![s("b"), s("q1"), i(1)]))
        .collect()
}

/// q1: `SELECT * … ORDER BY score DESC … WHERE rn <= 3` (rn selected).
#[test]
fn append_top3_with_row_number() {
    let mut h = H::new(spec(vec![0], vec![desc(2)], top(3), true, RankFunction::AppendOnlyTopN, append_types()));
    let r = append_rows();
    assert_eq!(h.ins(r[0].clone()), ["+I[a, p1, 50, 1]"]);
    assert_eq!(h.ins(r[1].clone()), ["-U[a, p1, 50, 1]", "+U[a, p2, 70, 1]", "+I[a, p1, 50, 2]"]);
    assert_eq!(h.ins(r[2].clone()), ["-U[a, p1, 50, 2]", "+U[a, p3, 60, 2]", "+I[a, p1, 50, 3]"]);
    assert_eq!(
        h.ins(r[3].clone()),
        [
            "-U[a, p2, 70, 1]",
            "+U[a, p4, 80, 1]",
            "-U[a, p3, 60, 2]",
            "+U[a, p2, 70, 2]",
            "-U[a, p1, 50, 3]",
            "+U[a, p3, 60, 3]"
        ]
    );
    assert_eq!(h.ins(r[4].clone()), NONE);
    // a tie with the 3rd (60) once full: dropped
    assert_eq!(h.ins(r[5].clone()), NONE);
    // a tie with the 2nd (70) ranks after it
    assert_eq!(h.ins(r[6].clone()), ["-U[a, p3, 60, 3]", "+U[a, p7, 70, 3]"]);
    assert_eq!(h.ins(r[7].clone()), ["+I[b, q1, 1, 1]"]);
    // Flink's TopNBuffer (traced by hand): step 4 leaves p1 at rank 4 (the walk ends with the
    // last key, nothing after it is removed); step 6 admits p6 (60 beats the last key, 50), which
    // ranks 4 and removes 50; step 7 leaves 60 = [p3, p6] beyond the end. a: p4 p2 p7 p3 p6; b: q1
    assert_eq!(h.op.state_rows(), Some(6));
}

/// q2: `SELECT k, name, score … WHERE rn <= 3` (no rn: -D/+I).
#[test]
fn append_top3_without_row_number() {
    let mut h = H::new(spec(vec![0], vec![desc(2)], top(3), false, RankFunction::AppendOnlyTopN, append_types()));
    let r = append_rows();
    assert_eq!(h.ins(r[0].clone()), ["+I[a, p1, 50]"]);
    assert_eq!(h.ins(r[1].clone()), ["+I[a, p2, 70]"]);
    assert_eq!(h.ins(r[2].clone()), ["+I[a, p3, 60]"]);
    assert_eq!(h.ins(r[3].clone()), ["-D[a, p1, 50]", "+I[a, p4, 80]"]);
    assert_eq!(h.ins(r[4].clone()), NONE);
    assert_eq!(h.ins(r[5].clone()), NONE);
    assert_eq!(h.ins(r[6].clone()), ["-D[a, p3, 60]", "+I[a, p7, 70]"]);
    assert_eq!(h.ins(r[7].clone()), ["+I[b, q1, 1]"]);
}

/// q3: `… WHERE rn BETWEEN 2 AND 3` (rn selected).
#[test]
fn append_between_2_and_3() {
    let range = RankRange::Constant { start: 2, end: 3 };
    let mut h = H::new(spec(vec![0], vec![desc(2)], range, true, RankFunction::AppendOnlyTopN, append_types()));
    let r = append_rows();
    assert_eq!(h.ins(r[0].clone()), NONE);
    assert_eq!(h.ins(r[1].clone()), ["+I[a, p1, 50, 2]"]);
    assert_eq!(h.ins(r[2].clone()), ["-U[a, p1, 50, 2]", "+U[a, p3, 60, 2]", "+I[a, p1, 50, 3]"]);
    assert_eq!(h.ins(r[3].clone()), ["-U[a, p3, 60, 2]", "+U[a, p2, 70, 2]", "-U[a, p1, 50, 3]", "+U[a, p3, 60, 3]"]);
    assert_eq!(h.ins(r[4].clone()), NONE);
    assert_eq!(h.ins(r[5].clone()), NONE);
    assert_eq!(h.ins(r[6].clone()), ["-U[a, p3, 60, 3]", "+U[a, p7, 70, 3]"]);
    assert_eq!(h.ins(r[7].clone()), NONE);
}

/// q4: `SELECT k, name … WHERE rn = 2` (no rn column: the offset forces the row-number
/// algorithm; Calc(select=[k, name]) above the Rank).
#[test]
fn append_rn_equals_2_without_rn_column() {
    let range = RankRange::Constant { start: 2, end: 2 };
    let mut h = H::new(spec(vec![0], vec![desc(2)], range, false, RankFunction::AppendOnlyTopN, append_types()))
        .project(vec![0, 1]);
    let r = append_rows();
    assert_eq!(h.ins(r[0].clone()), NONE);
    assert_eq!(h.ins(r[1].clone()), ["+I[a, p1]"]);
    assert_eq!(h.ins(r[2].clone()), ["-U[a, p1]", "+U[a, p3]"]);
    assert_eq!(h.ins(r[3].clone()), ["-U[a, p3]", "+U[a, p2]"]);
    for row in &r[4..] {
        assert_eq!(h.ins(row.clone()), NONE);
    }
}

/// q5: `… ORDER BY score ASC, name DESC … WHERE 2 >= rn AND name <> 'p5'` (the name filter is
/// a Calc after the Rank).
#[test]
fn append_two_keys_with_filter_after() {
    let order = vec![asc(2), desc(1)];
    let mut h = H::new(spec(vec![0], order, top(2), true, RankFunction::AppendOnlyTopN, append_types()));
    h.filter = Some(|row: &Row| row[1] != s("p5"));
    let r = append_rows();
    assert_eq!(h.ins(r[0].clone()), ["+I[a, p1, 50, 1]"]);
    assert_eq!(h.ins(r[1].clone()), ["+I[a, p2, 70, 2]"]);
    assert_eq!(h.ins(r[2].clone()), ["-U[a, p2, 70, 2]", "+U[a, p3, 60, 2]"]);
    assert_eq!(h.ins(r[3].clone()), NONE);
    // +U[a, p5, 10, 1] comes out of the Rank between these, the Calc drops it
    assert_eq!(h.ins(r[4].clone()), ["-U[a, p1, 50, 1]", "-U[a, p3, 60, 2]", "+U[a, p1, 50, 2]"]);
    assert_eq!(h.ins(r[5].clone()), NONE);
    assert_eq!(h.ins(r[6].clone()), NONE);
    assert_eq!(h.ins(r[7].clone()), ["+I[b, q1, 1, 1]"]);
}

// ---- topn_rank_functions_errors.sql ----

/// q8: `… ORDER BY score DESC) … WHERE rn <= lim` (variable rank end: the first row's lim).
#[test]
fn append_variable_rank_end() {
    let types = vec![st(), st(), int(), int()];
    let range = RankRange::Variable { end_col: 3 };
    let mut h = H::new(spec(vec![0], vec![desc(2)], range, true, RankFunction::AppendOnlyTopN, types));
    assert_eq!(h.ins(vec![s("a"), s("p1"), i(50), i(2)]), ["+I[a, p1, 50, 2, 1]"]);
    assert_eq!(
        h.ins(vec![s("a"), s("p2"), i(70), i(2)]),
        ["-U[a, p1, 50, 2, 1]", "+U[a, p2, 70, 2, 1]", "+I[a, p1, 50, 2, 2]"]
    );
    // ties the 2nd: admitted (the buffer holds up to 100 for a variable end) but ranks 3
    assert_eq!(h.ins(vec![s("a"), s("p3"), i(50), i(2)]), NONE);
}

/// q10: `SELECT k, score FROM t ORDER BY score LIMIT 2` (SortLimit: one partition, no rn).
#[test]
fn sort_limit_is_append_top_n() {
    let mut h = H::new(spec(vec![], vec![asc(1)], top(2), false, RankFunction::AppendOnlyTopN, vec![st(), int()]));
    assert_eq!(h.ins(vec![s("a"), i(50)]), ["+I[a, 50]"]);
    assert_eq!(h.ins(vec![s("a"), i(70)]), ["+I[a, 70]"]);
    assert_eq!(h.ins(vec![s("a"), i(50)]), ["-D[a, 70]", "+I[a, 50]"]);
}

// ---- dedup_proctime.sql q3 (AppendOnlyFirstNFunction) ----

/// q3: `… ORDER BY pt ASC) … WHERE rn <= 2` (Calc(select=[k, v]) above).
#[test]
fn first_n_by_proctime() {
    let pt = DataType::nullable(TypeKind::TimestampLtz { precision: 3, attr: TimeAttr::Proctime });
    let types = vec![st(), int(), pt];
    let mut h =
        H::new(spec(vec![0], vec![asc(2)], top(2), false, RankFunction::AppendOnlyFirstN, types)).project(vec![0, 1]);
    let pt = |h: &H| Value::TimestampLtz(crate::time::Ts::from_millis(h.proc_time + 1000));
    let rows = [("a", 1), ("a", 2), ("b", 3), ("a", 2), ("b", 3)];
    let expected: [&[&str]; 5] = [&["+I[a, 1]"], &["+I[a, 2]"], &["+I[b, 3]"], &[], &["+I[b, 3]"]];
    for ((k, v), want) in rows.iter().zip(expected) {
        let p = pt(&h);
        assert_eq!(h.ins(vec![s(k), i(*v), p]), want);
    }
    // only a kind other than +I is refused
    let err = h.msg(RowKind::UpdateAfter, vec![s("c"), i(1), Value::Null]).expect_err("insert only");
    assert_eq!(err.class, "java.lang.IllegalArgumentException");
}

// ---- topn_top1_fast.sql (FastTop1Function) ----

fn top1_rows() -> Vec<Row> {
    vec![
        vec![s("a1"), s("X"), t("2026-01-01 10:00:10")],
        vec![s("a1"), s("Y"), t("2026-01-01 10:00:05")],
        vec![s("a1"), s("Z"), t("2026-01-01 10:00:05")],
        vec![s("b1"), s("W"), t("2026-01-01 10:00:00")],
        vec![s("a1"), s("V"), t("2026-01-01 10:00:20")],
    ]
}

fn top1(partition: Vec<usize>, order: Vec<SortKey>, update_before: bool) -> H {
    let mut sp = spec(partition, order, top(1), false, RankFunction::FastTop1, vec![st(), st(), ts3()]);
    sp.update_before = update_before;
    H::new(sp).project(vec![0, 1])
}

/// q1: `ORDER BY ts ASC … rn = 1`, planned insert-only by the 2.3 planner bug: no -U.
#[test]
fn top1_planner_bug_emits_lone_update_after() {
    let mut h = top1(vec![0], vec![asc(2)], false);
    let r = top1_rows();
    assert_eq!(h.ins(r[0].clone()), ["+I[a1, X]"]);
    assert_eq!(h.ins(r[1].clone()), ["+U[a1, Y]"]);
    // an equal key does not replace
    assert_eq!(h.ins(r[2].clone()), NONE);
    assert_eq!(h.ins(r[3].clone()), ["+I[b1, W]"]);
    assert_eq!(h.ins(r[4].clone()), NONE);
}

/// q3: `ORDER BY ts DESC … rn = 1`: correct -U/+U.
#[test]
fn top1_desc_with_update_before() {
    let mut h = top1(vec![0], vec![desc(2)], true);
    let r = top1_rows();
    assert_eq!(h.ins(r[0].clone()), ["+I[a1, X]"]);
    assert_eq!(h.ins(r[1].clone()), NONE);
    assert_eq!(h.ins(r[2].clone()), NONE);
    assert_eq!(h.ins(r[3].clone()), ["+I[b1, W]"]);
    assert_eq!(h.ins(r[4].clone()), ["-U[a1, X]", "+U[a1, V]"]);
}

/// q6: `ORDER BY ts DESC, val DESC … rn = 1` (two columns: inferred insert-only too).
#[test]
fn top1_two_columns_planner_bug() {
    let mut h = top1(vec![0], vec![desc(2), desc(1)], false);
    let r = top1_rows();
    let expected: [&[&str]; 5] = [&["+I[a1, X]"], &[], &[], &["+I[b1, W]"], &["+U[a1, V]"]];
    for (row, want) in r.into_iter().zip(expected) {
        assert_eq!(h.ins(row), want);
    }
}

/// q7: `ROW_NUMBER() OVER (ORDER BY ts DESC) … rn = 1` (no PARTITION BY).
#[test]
fn top1_global() {
    let mut h = top1(vec![], vec![desc(2)], true);
    let r = top1_rows();
    let expected: [&[&str]; 5] = [&["+I[a1, X]"], &[], &[], &[], &["-U[a1, X]", "+U[a1, V]"]];
    for (row, want) in r.into_iter().zip(expected) {
        assert_eq!(h.ins(row), want);
    }
}

// ---- dedup_select_rn_and_variants.sql (a rowtime order that is not a Deduplicate) ----

fn variant_steps() -> Vec<(Row, Option<&'static str>)> {
    vec![
        (vec![s("a"), i(1), t("2024-01-01 10:00:10")], Some("2024-01-01 10:00:05")),
        (vec![s("a"), i(2), t("2024-01-01 10:00:08")], None),
        (vec![s("a"), i(3), t("2024-01-01 10:00:08")], None),
        (vec![s("b"), i(4), t("2024-01-01 10:00:30")], Some("2024-01-01 10:00:25")),
        (vec![s("a"), i(5), t("2024-01-01 10:00:01")], None),
    ]
}

fn run_steps(h: &mut H, steps: Vec<(Row, Option<&'static str>)>) -> Vec<Vec<String>> {
    steps
        .into_iter()
        .map(|(row, wm)| {
            let mut out = h.ins(row);
            if let Some(w) = wm {
                out.extend(h.wm(ms(w)));
            }
            out
        })
        .collect()
}

/// q2: `… ORDER BY ts) … WHERE rn = 2` (AppendOnlyTopN; late rows are not dropped).
#[test]
fn rowtime_rn_2_is_a_rank() {
    let range = RankRange::Constant { start: 2, end: 2 };
    let types = vec![st(), int(), rowtime()];
    let mut h =
        H::new(spec(vec![0], vec![asc(2)], range, false, RankFunction::AppendOnlyTopN, types)).project(vec![0, 1]);
    let out = run_steps(&mut h, variant_steps());
    let expected: [&[&str]; 5] = [&[], &["+I[a, 1]"], &["-U[a, 1]", "+U[a, 3]"], &[], &["-U[a, 3]", "+U[a, 2]"]];
    assert_eq!(out, expected.map(|e| e.to_vec()));
}

/// q3: `… ORDER BY ts, v) … WHERE rn = 1` (FastTop1 planned insert-only: lone +U).
#[test]
fn rowtime_two_keys_top1_planner_bug() {
    let types = vec![st(), int(), rowtime()];
    let mut sp = spec(vec![0], vec![asc(2), asc(1)], top(1), false, RankFunction::FastTop1, types);
    sp.update_before = false;
    let mut h = H::new(sp).project(vec![0, 1]);
    let out = run_steps(&mut h, variant_steps());
    let expected: [&[&str]; 5] = [&["+I[a, 1]"], &["+U[a, 2]"], &[], &["+I[b, 4]"], &["+U[a, 5]"]];
    assert_eq!(out, expected.map(|e| e.to_vec()));
}

// ---- topn_retract_input.sql (RetractableTopNFunction) ----

fn retract_steps() -> Vec<(RowKind, Row)> {
    use RowKind::*;
    [
        (Delete, "z", "zz", 1),
        (Insert, "a", "p1", 50),
        (Insert, "a", "p2", 70),
        (Insert, "a", "p3", 60),
        (Insert, "a", "p4", 40),
        (Delete, "a", "p2", 70),
        (UpdateBefore, "a", "p3", 60),
        (UpdateAfter, "a", "p3", 90),
        (Delete, "a", "p4", 40),
        (Delete, "a", "p9", 99),
        (Delete, "a", "p1", 50),
        (Delete, "a", "p3", 90),
    ]
    .iter()
    .map(|(kind, k, n, v)| (*kind, vec![s(k), s(n), i(*v)]))
    .collect()
}

fn run_retract(h: &mut H) -> Vec<Vec<String>> {
    retract_steps().into_iter().map(|(kind, row)| h.step(kind, row)).collect()
}

/// q1: `SELECT * … ORDER BY score DESC … WHERE rn <= 2` (rn selected).
#[test]
fn retract_top2_with_row_number() {
    let mut h = H::new(spec(vec![0], vec![desc(2)], top(2), true, RankFunction::RetractableTopN, append_types()));
    let out = run_retract(&mut h);
    let expected: [&[&str]; 12] = [
        &[],
        &["+I[a, p1, 50, 1]"],
        &["-U[a, p1, 50, 1]", "+U[a, p2, 70, 1]", "+I[a, p1, 50, 2]"],
        &["-U[a, p1, 50, 2]", "+U[a, p3, 60, 2]"],
        &[],
        &["-U[a, p2, 70, 1]", "+U[a, p3, 60, 1]", "-U[a, p3, 60, 2]", "+U[a, p1, 50, 2]"],
        &["-U[a, p3, 60, 1]", "+U[a, p1, 50, 1]", "-U[a, p1, 50, 2]", "+U[a, p4, 40, 2]"],
        &["-U[a, p1, 50, 1]", "+U[a, p3, 90, 1]", "-U[a, p4, 40, 2]", "+U[a, p1, 50, 2]"],
        &[],
        &[],
        &["-D[a, p1, 50, 2]"],
        &["-D[a, p3, 90, 1]"],
    ];
    assert_eq!(out, expected.map(|e| e.to_vec()));
    assert_eq!(h.op.state_rows(), Some(0));
}

/// q2: `SELECT k, name, score … WHERE rn <= 2` (no rn).
#[test]
fn retract_top2_without_row_number() {
    let mut h = H::new(spec(vec![0], vec![desc(2)], top(2), false, RankFunction::RetractableTopN, append_types()));
    let out = run_retract(&mut h);
    let expected: [&[&str]; 12] = [
        &[],
        &["+I[a, p1, 50]"],
        &["+I[a, p2, 70]"],
        &["-D[a, p1, 50]", "+I[a, p3, 60]"],
        &[],
        &["-D[a, p2, 70]", "+I[a, p1, 50]"],
        &["-D[a, p3, 60]", "+I[a, p4, 40]"],
        &["-D[a, p4, 40]", "+I[a, p3, 90]"],
        &[],
        &[],
        &["-D[a, p1, 50]"],
        &["-D[a, p3, 90]"],
    ];
    assert_eq!(out, expected.map(|e| e.to_vec()));
}

/// q3: `SELECT k, name, score … WHERE rn = 1` (no rn; a retracting input stays Retractable).
#[test]
fn retract_top1_without_row_number() {
    let mut h = H::new(spec(vec![0], vec![desc(2)], top(1), false, RankFunction::RetractableTopN, append_types()));
    let out = run_retract(&mut h);
    let expected: [&[&str]; 12] = [
        &[],
        &["+I[a, p1, 50]"],
        &["-D[a, p1, 50]", "+I[a, p2, 70]"],
        &[],
        &[],
        &["-D[a, p2, 70]", "+I[a, p3, 60]"],
        &["-D[a, p3, 60]", "+I[a, p1, 50]"],
        &["-D[a, p1, 50]", "+I[a, p3, 90]"],
        &[],
        &[],
        &[],
        &["-D[a, p3, 90]"],
    ];
    assert_eq!(out, expected.map(|e| e.to_vec()));
}

// ---- dedup_updating_input.sql (a rowtime "dedup" over an updating input is a Rank) ----

/// q1: upsert source `u` → ChangelogNormalize → `ORDER BY ts ASC … rn = 1` (Retractable). The
/// normalize turns the upsert `+U[1, …]` into `-U[1, a, 10, …]` `+U[1, a, 11, …]`.
#[test]
fn retract_top1_over_normalized_upsert_input() {
    use RowKind::*;
    let types = vec![DataType::not_null(TypeKind::Int), st(), int(), rowtime()];
    let mut h = H::new(spec(vec![1], vec![asc(3)], top(1), false, RankFunction::RetractableTopN, types));
    let r1 = vec![i(1), s("a"), i(10), t("2024-01-01 10:00:10")];
    let r2 = vec![i(2), s("a"), i(20), t("2024-01-01 10:00:05")];
    let r1b = vec![i(1), s("a"), i(11), t("2024-01-01 10:00:01")];
    assert_eq!(h.ins(r1.clone()), ["+I[1, a, 10, 2024-01-01 10:00:10.000]"]);
    assert_eq!(h.ins(r2), ["-D[1, a, 10, 2024-01-01 10:00:10.000]", "+I[2, a, 20, 2024-01-01 10:00:05.000]"]);
    let mut step3 = h.step(UpdateBefore, r1);
    step3.extend(h.step(UpdateAfter, r1b.clone()));
    assert_eq!(step3, ["-D[2, a, 20, 2024-01-01 10:00:05.000]", "+I[1, a, 11, 2024-01-01 10:00:01.000]"]);
    assert_eq!(h.step(Delete, r1b), ["-D[1, a, 11, 2024-01-01 10:00:01.000]", "+I[2, a, 20, 2024-01-01 10:00:05.000]"]);
}

/// q3: retract source `r`, `ORDER BY ts DESC … rn = 1`.
#[test]
fn retract_top1_desc_over_retract_input() {
    use RowKind::*;
    let types = vec![st(), int(), rowtime()];
    let mut h = H::new(spec(vec![0], vec![desc(2)], top(1), false, RankFunction::RetractableTopN, types));
    let a1 = vec![s("a"), i(1), t("2024-01-01 10:00:10")];
    let a2 = vec![s("a"), i(2), t("2024-01-01 10:00:12")];
    let a3 = vec![s("a"), i(3), t("2024-01-01 10:00:20")];
    assert_eq!(h.ins(a1.clone()), ["+I[a, 1, 2024-01-01 10:00:10.000]"]);
    assert_eq!(h.ins(a2.clone()), ["-D[a, 1, 2024-01-01 10:00:10.000]", "+I[a, 2, 2024-01-01 10:00:12.000]"]);
    assert_eq!(h.step(Delete, a1), NONE);
    assert_eq!(h.step(UpdateBefore, a2), ["-D[a, 2, 2024-01-01 10:00:12.000]"]);
    assert_eq!(h.step(UpdateAfter, a3), ["+I[a, 3, 2024-01-01 10:00:20.000]"]);
}

// ---- topn_update_fast.sql ----

/// What `SELECT cat, item, COUNT(*) AS cnt FROM clicks GROUP BY cat, item` sends a Rank with
/// UpdateFastStrategy (which asks its input for UPDATE_AFTER only: no -U).
fn count_updates() -> Vec<(RowKind, Row)> {
    use RowKind::*;
    [
        (Insert, "c", "i1", 1),
        (Insert, "c", "i2", 1),
        (UpdateAfter, "c", "i2", 2),
        (Insert, "c", "i3", 1),
        (UpdateAfter, "c", "i3", 2),
        (UpdateAfter, "c", "i3", 3),
        (UpdateAfter, "c", "i1", 2),
        (Insert, "d", "j1", 1),
    ]
    .iter()
    .map(|(kind, c, it, n)| (*kind, vec![s(c), s(it), l(*n)]))
    .collect()
}

fn updatable(with_rn: bool, end: i64) -> H {
    let function = RankFunction::UpdatableTopN { row_key: vec![0, 1] };
    H::new(spec(vec![0], vec![desc(2)], top(end), with_rn, function, vec![st(), st(), bigint()]))
}

/// q1: `SELECT * … ORDER BY cnt DESC … WHERE rn <= 2` (UpdateFastStrategy[0,1], rn selected).
#[test]
fn updatable_top2_with_row_number() {
    let mut h = updatable(true, 2);
    let out: Vec<Vec<String>> = count_updates().into_iter().map(|(k, r)| h.step(k, r)).collect();
    let expected: [&[&str]; 8] = [
        &["+I[c, i1, 1, 1]"],
        &["+I[c, i2, 1, 2]"],
        &["-U[c, i1, 1, 1]", "-U[c, i2, 1, 2]", "+U[c, i2, 2, 1]", "+U[c, i1, 1, 2]"],
        &[],
        &["-U[c, i1, 1, 2]", "+U[c, i3, 2, 2]"],
        &["-U[c, i2, 2, 1]", "-U[c, i3, 2, 2]", "+U[c, i3, 3, 1]", "+U[c, i2, 2, 2]"],
        &[],
        &["+I[d, j1, 1, 1]"],
    ];
    assert_eq!(out, expected.map(|e| e.to_vec()));
}

/// q2: `SELECT cat, item, cnt … WHERE rn <= 2` (no rn).
#[test]
fn updatable_top2_without_row_number() {
    let mut h = updatable(false, 2);
    let out: Vec<Vec<String>> = count_updates().into_iter().map(|(k, r)| h.step(k, r)).collect();
    let expected: [&[&str]; 8] = [
        &["+I[c, i1, 1]"],
        &["+I[c, i2, 1]"],
        &["-U[c, i2, 1]", "+U[c, i2, 2]"],
        &[],
        &["-D[c, i1, 1]", "+I[c, i3, 2]"],
        &["-U[c, i3, 2]", "+U[c, i3, 3]"],
        &[],
        &["+I[d, j1, 1]"],
    ];
    assert_eq!(out, expected.map(|e| e.to_vec()));
}

/// q1 again with the -U an aggregate of this engine sends before each +U: UpdateFastStrategy
/// asks its input for UPDATE_AFTER only, so they must change nothing.
#[test]
fn update_fast_ignores_update_before() {
    let mut h = updatable(true, 2);
    let mut last: FxHashMap<Row, Row> = FxHashMap::default();
    let mut out = Vec::new();
    for (kind, row) in count_updates() {
        let rk = row[..2].to_vec();
        let mut step = Vec::new();
        if kind == RowKind::UpdateAfter {
            if let Some(prev) = last.get(&rk) {
                step.extend(h.step(RowKind::UpdateBefore, prev.clone()));
            }
        }
        last.insert(rk, row.clone());
        step.extend(h.step(kind, row));
        out.push(step);
    }
    assert_eq!(out[2], ["-U[c, i1, 1, 1]", "-U[c, i2, 1, 2]", "+U[c, i2, 2, 1]", "+U[c, i1, 1, 2]"]);
    assert_eq!(out[5], ["-U[c, i2, 2, 1]", "-U[c, i3, 2, 2]", "+U[c, i3, 3, 1]", "+U[c, i2, 2, 2]"]);
    assert_eq!(out[6], NONE);
}

/// q3: `… WHERE rn = 1` (UpdateFastStrategy top-1: FastTop1Function).
#[test]
fn update_fast_top1() {
    let types = vec![st(), st(), bigint()];
    let mut h = H::new(spec(vec![0], vec![desc(2)], top(1), false, RankFunction::FastTop1, types));
    let out: Vec<Vec<String>> = count_updates().into_iter().map(|(k, r)| h.step(k, r)).collect();
    let expected: [&[&str]; 8] = [
        &["+I[c, i1, 1]"],
        &[],
        &["-U[c, i1, 1]", "+U[c, i2, 2]"],
        &[],
        &[],
        &["-U[c, i2, 2]", "+U[c, i3, 3]"],
        &[],
        &["+I[d, j1, 1]"],
    ];
    assert_eq!(out, expected.map(|e| e.to_vec()));
}

/// q4: `SUM(amount)` is not monotonic: RetractStrategy over the aggregate's -U/+U pairs (each
/// pair is two messages; a rank-2 row retracted with nothing below it gives -D, then +I).
#[test]
fn retract_top2_over_aggregate_updates() {
    use RowKind::*;
    let types = vec![st(), st(), int()];
    let mut h = H::new(spec(vec![0], vec![desc(2)], top(2), true, RankFunction::RetractableTopN, types));
    let row = |it: &str, v: i32| vec![s("c"), s(it), i(v)];
    let steps: Vec<Vec<(RowKind, Row)>> = vec![
        vec![(Insert, row("i1", 5))],
        vec![(Insert, row("i2", 1))],
        vec![(UpdateBefore, row("i2", 1)), (UpdateAfter, row("i2", 2))],
        vec![(Insert, row("i3", -2))],
        vec![(UpdateBefore, row("i3", -2)), (UpdateAfter, row("i3", -1))],
        vec![(UpdateBefore, row("i3", -1)), (UpdateAfter, row("i3", 0))],
        vec![(UpdateBefore, row("i1", 5)), (UpdateAfter, row("i1", 6))],
        vec![(Insert, vec![s("d"), s("j1"), i(1)])],
    ];
    let out: Vec<Vec<String>> =
        steps.into_iter().map(|msgs| msgs.into_iter().flat_map(|(k, r)| h.step(k, r)).collect()).collect();
    let expected: [&[&str]; 8] = [
        &["+I[c, i1, 5, 1]"],
        &["+I[c, i2, 1, 2]"],
        &["-D[c, i2, 1, 2]", "+I[c, i2, 2, 2]"],
        &[],
        &[],
        &[],
        &[
            "-U[c, i1, 5, 1]",
            "+U[c, i2, 2, 1]",
            "-U[c, i2, 2, 2]",
            "+U[c, i3, 0, 2]",
            "-U[c, i2, 2, 1]",
            "+U[c, i1, 6, 1]",
            "-U[c, i3, 0, 2]",
            "+U[c, i2, 2, 2]",
        ],
        &["+I[d, j1, 1, 1]"],
    ];
    assert_eq!(out, expected.map(|e| e.to_vec()));
}

// ---- state TTL (no oracle scenario: expectations derived by hand from Flink's sources) ----

/// FastTop1Function keeps its row in a heap cache re-put on every change
/// (`expireAfterWrite(ttl)`); the value state is only written on checkpoints. So `ttl` after the
/// last change the partition starts over (`+I`), while a row that changes nothing does not
/// refresh it.
#[test]
fn top1_ttl_restarts_the_partition() {
    let mut sp = spec(vec![0], vec![desc(2)], top(1), false, RankFunction::FastTop1, vec![st(), st(), int()]);
    sp.ttl = 2500;
    let mut h = H::new(sp);
    assert_eq!(h.ins(vec![s("a"), s("x"), i(5)]), ["+I[a, x, 5]"]); // t = 1 s
    assert_eq!(h.ins(vec![s("a"), s("y"), i(3)]), NONE); // t = 2 s: worse, no write
    assert_eq!(h.ins(vec![s("a"), s("z"), i(6)]), ["-U[a, x, 5]", "+U[a, z, 6]"]); // t = 3 s
    h.proc_time += 2000; // t = 6 s: 3 s since the last change
    assert_eq!(h.ins(vec![s("a"), s("w"), i(1)]), ["+I[a, w, 1]"]);
    assert!(h.events.iter().any(|e| matches!(e, Event::StateExpire { cause: ExpireCause::Ttl, .. })));
}

/// A variable rank end column must be BIGINT, INT or SMALLINT (`AbstractTopNFunction.open`).
#[test]
fn variable_rank_end_type_is_checked() {
    let types = vec![st(), st(), int(), st()];
    let range = RankRange::Variable { end_col: 3 };
    let mut h = H::new(spec(vec![0], vec![desc(2)], range, true, RankFunction::AppendOnlyTopN, types));
    let err = h.msg(RowKind::Insert, vec![s("a"), s("p1"), i(1), s("2")]).expect_err("type");
    assert_eq!(err.class, "java.lang.UnsupportedOperationException");
}

/// AppendOnlyTopNFunction: the heap buffer (LRU cache) is put once, when loaded, and expires
/// `ttl` after that; it is then rebuilt from the map state, whose entries (one per sort key)
/// expire `ttl` after their own last write. Here at t = 4 s the cache (loaded at 1 s) has
/// expired; the entry for 5 (written at 1 s) has too, the one for 4 (3 s) has not: the
/// partition holds only z, so w is admitted and x is forgotten without a -D.
#[test]
fn append_ttl_reloads_from_live_entries() {
    let mut sp = spec(vec![0], vec![desc(2)], top(2), false, RankFunction::AppendOnlyTopN, append_types());
    sp.ttl = 2500;
    let mut h = H::new(sp);
    assert_eq!(h.ins(vec![s("a"), s("x"), i(5)]), ["+I[a, x, 5]"]);
    assert_eq!(h.ins(vec![s("a"), s("y"), i(3)]), ["+I[a, y, 3]"]);
    assert_eq!(h.ins(vec![s("a"), s("z"), i(4)]), ["-D[a, y, 3]", "+I[a, z, 4]"]);
    assert_eq!(h.ins(vec![s("a"), s("w"), i(1)]), ["+I[a, w, 1]"]);
}

/// UpdatableTopNFunction: the heap state is put once, when created, and expires `ttl` after
/// that; its map state is only written on checkpoints (never here), so at t = 4 s the
/// partition starts over and a known row key comes in as new (+I, no -U).
#[test]
fn updatable_ttl_starts_over() {
    let mut h = {
        let function = RankFunction::UpdatableTopN { row_key: vec![0, 1] };
        let mut sp = spec(vec![0], vec![desc(2)], top(2), false, function, vec![st(), st(), bigint()]);
        sp.ttl = 2500;
        H::new(sp)
    };
    let row = |it: &str, n: i64| vec![s("c"), s(it), l(n)];
    assert_eq!(h.ins(row("i1", 1)), ["+I[c, i1, 1]"]);
    assert_eq!(h.ins(row("i2", 1)), ["+I[c, i2, 1]"]);
    assert_eq!(h.step(RowKind::UpdateAfter, row("i2", 2)), ["-U[c, i2, 1]", "+U[c, i2, 2]"]);
    assert_eq!(h.step(RowKind::UpdateAfter, row("i1", 2)), ["+I[c, i1, 2]"]);
}

/// RetractableTopNFunction: the sorted map is rewritten on every message, each sort key's rows
/// only when that key is. At t = 5 s the rows of 50 (written at 1 s) have expired while the
/// sorted map (4 s) has not: the retraction of p1 meets a sort key without rows, drops it and
/// emits nothing. At t = 6 s retracting p3 (its rows written at 4 s) finds it at rank 1: -D of
/// a row that never came out; the rows of 40 (2 s) have expired, so nothing moves up.
#[test]
fn retract_ttl_stale_sort_keys() {
    use RowKind::*;
    let mut sp = spec(vec![0], vec![desc(2)], top(1), false, RankFunction::RetractableTopN, append_types());
    sp.ttl = 2500;
    let mut h = H::new(sp);
    assert_eq!(h.ins(vec![s("a"), s("p1"), i(50)]), ["+I[a, p1, 50]"]);
    assert_eq!(h.ins(vec![s("a"), s("p2"), i(40)]), NONE);
    h.proc_time += 1000; // t = 4 s
    assert_eq!(h.ins(vec![s("a"), s("p3"), i(45)]), NONE);
    assert_eq!(h.step(Delete, vec![s("a"), s("p1"), i(50)]), NONE);
    assert_eq!(h.step(Delete, vec![s("a"), s("p3"), i(45)]), ["-D[a, p3, 45]"]);
}
