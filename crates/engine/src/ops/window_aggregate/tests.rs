use super::testing::*;
use super::*;
use crate::expr::aggregate::{AggCall, AggFunc};
use crate::kinds::RowKind::{Delete as D, Insert as I, UpdateAfter as UA, UpdateBefore as UB};

fn call(func: AggFunc, args: &[usize], ty: DataType, in_types: &[DataType], retract: bool) -> CallSpec {
    let c = AggCall { func, args: args.to_vec(), distinct: false, filter: None, ty, name: String::new() };
    CallSpec::new(&c, in_types, retract)
}

struct Q {
    window: WindowSpec,
    time: WindowTime,
    group: Vec<usize>,
    calls: Vec<(AggFunc, Vec<usize>, DataType)>,
    props: Vec<WindowProp>,
    retract: bool,
    count_star: bool,
    two_phase: bool,
    ltz: bool,
    in_types: Vec<DataType>,
}

impl Q {
    fn new(window: WindowSpec, in_types: Vec<DataType>) -> Q {
        Q {
            window,
            time: WindowTime::TimeCol { col: 2, ltz: false },
            group: vec![0],
            calls: Vec::new(),
            props: vec![WindowProp::Start, WindowProp::End],
            retract: false,
            count_star: false,
            two_phase: true,
            ltz: false,
            in_types,
        }
    }

    fn call(mut self, f: AggFunc, args: &[usize], ty: DataType) -> Q {
        self.calls.push((f, args.to_vec(), ty));
        self
    }

    /// Builds the operator; `select` is the Calc above it (SELECT order) over
    /// keys ++ calls ++ props.
    fn run(self, zone: &str, select: Option<Vec<usize>>) -> Run<WindowAggregateOp> {
        let calls: Vec<CallSpec> =
            self.calls.iter().map(|(f, a, t)| call(*f, a, t.clone(), &self.in_types, self.retract)).collect();
        let mut out_types: Vec<DataType> = self.group.iter().map(|&g| self.in_types[g].clone()).collect();
        out_types.extend(calls.iter().map(|c| c.ty.clone()));
        for p in &self.props {
            out_types.push(match p {
                WindowProp::Time if self.ltz => DataType::not_null(crate::types::TypeKind::TimestampLtz {
                    precision: 3,
                    attr: crate::types::TimeAttr::Rowtime,
                }),
                _ => ts_nn(),
            });
        }
        let spec = WindowAggregateSpec {
            window: self.window,
            time: self.time,
            group: self.group,
            calls,
            retract: self.retract,
            count_star: self.count_star,
            props: self.props,
            two_phase: self.two_phase,
            ltz: self.ltz,
            in_types: self.in_types,
            out_types: out_types.clone(),
        };
        Run::new(WindowAggregateOp::new(spec), zone, out_types, select)
    }
}

fn tumble(size: i64) -> WindowSpec {
    WindowSpec::Tumble { size, offset: 0 }
}

/// t(k STRING, v INT, ts TIMESTAMP(3))
fn kvt() -> Vec<DataType> {
    vec![string(), int_t(), ts_t()]
}

fn r(k: &str, v: i32, t: &str) -> Vec<Value> {
    vec![s(k), int(v), ts(t)]
}

/// With `CAST(v AS STRING)` computed below the aggregation (LISTAGG's argument, column 3).
fn rl(k: &str, v: i32, t: &str) -> Vec<Value> {
    vec![s(k), int(v), ts(t), s(&v.to_string())]
}

/// window_agg_tumble_basic.sql, query 1 (two-phase, the default plan) and the same with
/// `ONE_PHASE` (identical output, NOTES §1.6):
/// `SELECT k, window_start, window_end, COUNT(*) AS c, SUM(v) AS s FROM TABLE(TUMBLE(TABLE t,
/// DESCRIPTOR(ts), INTERVAL '5' SECOND)) GROUP BY k, window_start, window_end`.
#[test]
fn tumble_basic() {
    for two_phase in [true, false] {
        let mut q =
            Q::new(tumble(5000), kvt()).call(AggFunc::Count1, &[], bigint_nn()).call(AggFunc::Sum, &[1], int_t());
        q.two_phase = two_phase;
        let mut r = q.run("UTC", Some(vec![0, 3, 4, 1, 2]));
        assert_eq!(r.ins(super::tests::r("a", 1, "2024-01-01 00:00:01"), Some("2024-01-01 00:00:00")), none());
        assert_eq!(r.ins(super::tests::r("b", 2, "2024-01-01 00:00:02"), Some("2024-01-01 00:00:01")), none());
        assert_eq!(r.ins(super::tests::r("a", 3, "2024-01-01 00:00:04.999"), Some("2024-01-01 00:00:03.999")), none());
        assert_eq!(
            r.ins(super::tests::r("a", 4, "2024-01-01 00:00:06"), Some("2024-01-01 00:00:05")),
            [
                "+I[a, 2024-01-01 00:00:00.000, 2024-01-01 00:00:05.000, 2, 4]",
                "+I[b, 2024-01-01 00:00:00.000, 2024-01-01 00:00:05.000, 1, 2]"
            ]
        );
        assert_eq!(r.ins(super::tests::r("b", 5, "2024-01-01 00:00:03"), None), none());
        assert_eq!(r.ins(super::tests::r("a", 6, "2024-01-01 00:00:05.999"), None), none());
        assert_eq!(r.ins(super::tests::r("b", 7, "2024-01-01 00:00:06.001"), Some("2024-01-01 00:00:05.001")), none());
        assert_eq!(r.ins(super::tests::r("c", 8, "2024-01-01 00:00:02"), None), none());
        assert_eq!(
            r.ins(super::tests::r("a", 9, "2024-01-01 00:00:21"), Some("2024-01-01 00:00:20")),
            [
                "+I[a, 2024-01-01 00:00:05.000, 2024-01-01 00:00:10.000, 2, 10]",
                "+I[b, 2024-01-01 00:00:05.000, 2024-01-01 00:00:10.000, 1, 7]"
            ]
        );
        assert_eq!(r.end(), ["+I[a, 2024-01-01 00:00:20.000, 2024-01-01 00:00:25.000, 1, 9]"]);
        // rows 5 and 8 (one phase), their partial accumulators (two phases)
        assert_eq!(r.op.late_rows(), Some(2));
        assert_eq!(r.op.state_rows(), Some(0));
    }
}

/// window_agg_tumble_basic.sql, query 2 (window_time in GROUP BY: window_end - 1 ms) and
/// query 5 (TUMBLE with an offset of 2 s).
#[test]
fn tumble_window_time_and_offset() {
    let mut q = Q::new(tumble(5000), kvt()).call(AggFunc::Count1, &[], bigint_nn());
    q.props = vec![WindowProp::Start, WindowProp::End, WindowProp::Time];
    // SELECT window_start, window_end, window_time, k, COUNT(*) AS c
    let mut a = q.run("UTC", Some(vec![2, 3, 4, 0, 1]));
    let mut q = Q::new(WindowSpec::Tumble { size: 5000, offset: 2000 }, kvt()).call(AggFunc::Count1, &[], bigint_nn());
    q.props = vec![WindowProp::Start, WindowProp::End];
    // SELECT k, window_start, window_end, COUNT(*) AS c
    let mut b = q.run("UTC", Some(vec![0, 2, 3, 1]));
    type Step<'a> = (Vec<Value>, Option<&'a str>, Vec<&'a str>, Vec<&'a str>);
    let steps: Vec<Step> = vec![
        (r("a", 1, "2024-01-01 00:00:01"), Some("2024-01-01 00:00:00"), vec![], vec![]),
        (r("b", 2, "2024-01-01 00:00:02"), Some("2024-01-01 00:00:01"), vec![], vec![]),
        (
            r("a", 3, "2024-01-01 00:00:04.999"),
            Some("2024-01-01 00:00:03.999"),
            vec![],
            vec!["+I[a, 2023-12-31 23:59:57.000, 2024-01-01 00:00:02.000, 1]"],
        ),
        (
            r("a", 4, "2024-01-01 00:00:06"),
            Some("2024-01-01 00:00:05"),
            vec![
                "+I[2024-01-01 00:00:00.000, 2024-01-01 00:00:05.000, 2024-01-01 00:00:04.999, a, 2]",
                "+I[2024-01-01 00:00:00.000, 2024-01-01 00:00:05.000, 2024-01-01 00:00:04.999, b, 1]",
            ],
            vec![],
        ),
        (r("b", 5, "2024-01-01 00:00:03"), None, vec![], vec![]),
        (r("a", 6, "2024-01-01 00:00:05.999"), None, vec![], vec![]),
        (r("b", 7, "2024-01-01 00:00:06.001"), Some("2024-01-01 00:00:05.001"), vec![], vec![]),
        (r("c", 8, "2024-01-01 00:00:02"), None, vec![], vec![]),
        (
            r("a", 9, "2024-01-01 00:00:21"),
            Some("2024-01-01 00:00:20"),
            vec![
                "+I[2024-01-01 00:00:05.000, 2024-01-01 00:00:10.000, 2024-01-01 00:00:09.999, a, 2]",
                "+I[2024-01-01 00:00:05.000, 2024-01-01 00:00:10.000, 2024-01-01 00:00:09.999, b, 1]",
            ],
            vec![
                "+I[a, 2024-01-01 00:00:02.000, 2024-01-01 00:00:07.000, 3]",
                "+I[b, 2024-01-01 00:00:02.000, 2024-01-01 00:00:07.000, 3]",
                "+I[c, 2024-01-01 00:00:02.000, 2024-01-01 00:00:07.000, 1]",
            ],
        ),
    ];
    for (row, wm, want_a, want_b) in steps {
        assert_eq!(a.ins(row.clone(), wm), want_a);
        // windows of one trigger time come in Flink's timer-heap order, which the oracle
        // does not fix (it compares a step's rows as a multiset): here b's timer for
        // [2, 7) was registered first
        assert_eq!(sorted(b.ins(row, wm)), sorted(want_b.iter().map(|x| x.to_string()).collect()));
    }
    assert_eq!(a.end(), ["+I[2024-01-01 00:00:20.000, 2024-01-01 00:00:25.000, 2024-01-01 00:00:24.999, a, 1]"]);
    assert_eq!(b.end(), ["+I[a, 2024-01-01 00:00:17.000, 2024-01-01 00:00:22.000, 1]"]);
}

fn hop(slide: i64, size: i64, offset: i64) -> WindowSpec {
    WindowSpec::Hop { slide, size, offset }
}

/// window_agg_hop_late_rows.sql, query 1: `SELECT k, window_start, window_end, COUNT(*) AS
/// c, SUM(v) AS s, LISTAGG(CAST(v AS STRING)) AS l FROM TABLE(HOP(TABLE t, DESCRIPTOR(ts),
/// INTERVAL '5' SECOND, INTERVAL '10' SECOND)) GROUP BY k, window_start, window_end` — late
/// rows kept in the windows still open (step 4), dropped when the last one fired (steps 5,
/// 7); LISTAGG in slice-merge order (newest slice first); the chain stops at empty windows.
/// Query 2 (only SUM: the hidden COUNT(*)) gives the same windows.
#[test]
fn hop_late_rows() {
    for (two_phase, listagg) in [(true, true), (false, true), (true, false)] {
        let mut q = Q::new(hop(5000, 10000, 0), vec![string(), int_t(), ts_t(), string()]);
        if listagg {
            q = q.call(AggFunc::Count1, &[], bigint_nn()).call(AggFunc::Sum, &[1], int_t()).call(
                AggFunc::ListAgg,
                &[3],
                string(),
            );
        } else {
            q = q.call(AggFunc::Sum, &[1], int_t());
            q.count_star = true;
        }
        q.two_phase = two_phase;
        let select = if listagg { vec![0, 4, 5, 1, 2, 3] } else { vec![0, 2, 3, 1] };
        let mut r = q.run("UTC", Some(select));
        let w = |rows: &[&str]| -> Vec<String> {
            rows.iter()
                .map(|x| {
                    if listagg {
                        x.to_string()
                    } else {
                        // query 2 prints k, window_start, window_end, s
                        let parts: Vec<&str> = x.trim_start_matches("+I[").trim_end_matches(']').split(", ").collect();
                        format!("+I[{}, {}, {}, {}]", parts[0], parts[1], parts[2], parts[4])
                    }
                })
                .collect()
        };
        assert_eq!(r.ins(rl("a", 1, "2024-01-01 00:00:01"), Some("2024-01-01 00:00:01")), none());
        assert_eq!(
            r.ins(rl("a", 2, "2024-01-01 00:00:06"), Some("2024-01-01 00:00:06")),
            w(&["+I[a, 2023-12-31 23:59:55.000, 2024-01-01 00:00:05.000, 1, 1, 1]"])
        );
        assert_eq!(
            r.ins(rl("a", 3, "2024-01-01 00:00:11"), Some("2024-01-01 00:00:11")),
            w(&["+I[a, 2024-01-01 00:00:00.000, 2024-01-01 00:00:10.000, 2, 3, 2,1]"])
        );
        assert_eq!(r.ins(rl("a", 4, "2024-01-01 00:00:07"), None), none());
        assert_eq!(r.ins(rl("a", 5, "2024-01-01 00:00:02"), None), none());
        assert_eq!(
            r.ins(rl("a", 6, "2024-01-01 00:00:30"), Some("2024-01-01 00:00:30")),
            w(&[
                "+I[a, 2024-01-01 00:00:05.000, 2024-01-01 00:00:15.000, 3, 9, 3,2,4]",
                "+I[a, 2024-01-01 00:00:10.000, 2024-01-01 00:00:20.000, 1, 3, 3]"
            ])
        );
        assert_eq!(r.ins(rl("a", 7, "2024-01-01 00:00:24"), None), none());
        assert_eq!(
            r.end(),
            w(&[
                "+I[a, 2024-01-01 00:00:25.000, 2024-01-01 00:00:35.000, 1, 6, 6]",
                "+I[a, 2024-01-01 00:00:30.000, 2024-01-01 00:00:40.000, 1, 6, 6]"
            ])
        );
        assert_eq!(r.op.late_rows(), Some(2), "rows 5 and 7");
    }
}

/// window_agg_hop_late_rows.sql, query 3: HOP with an offset of 1 s.
#[test]
fn hop_with_offset() {
    let mut r = Q::new(hop(5000, 10000, 1000), kvt())
        .call(AggFunc::Count1, &[], bigint_nn())
        .run("UTC", Some(vec![0, 2, 3, 1]));
    assert_eq!(r.ins(super::tests::r("a", 1, "2024-01-01 00:00:01"), Some("2024-01-01 00:00:01")), none());
    assert_eq!(
        r.ins(super::tests::r("a", 2, "2024-01-01 00:00:06"), Some("2024-01-01 00:00:06")),
        ["+I[a, 2023-12-31 23:59:56.000, 2024-01-01 00:00:06.000, 1]"]
    );
    assert_eq!(
        r.ins(super::tests::r("a", 3, "2024-01-01 00:00:11"), Some("2024-01-01 00:00:11")),
        ["+I[a, 2024-01-01 00:00:01.000, 2024-01-01 00:00:11.000, 2]"]
    );
    assert_eq!(r.ins(super::tests::r("a", 4, "2024-01-01 00:00:07"), None), none());
    assert_eq!(r.ins(super::tests::r("a", 5, "2024-01-01 00:00:02"), None), none());
    assert_eq!(
        r.ins(super::tests::r("a", 6, "2024-01-01 00:00:30"), Some("2024-01-01 00:00:30")),
        [
            "+I[a, 2024-01-01 00:00:06.000, 2024-01-01 00:00:16.000, 3]",
            "+I[a, 2024-01-01 00:00:11.000, 2024-01-01 00:00:21.000, 1]"
        ]
    );
    assert_eq!(r.ins(super::tests::r("a", 7, "2024-01-01 00:00:24"), None), none());
    assert_eq!(
        r.end(),
        [
            "+I[a, 2024-01-01 00:00:21.000, 2024-01-01 00:00:31.000, 2]",
            "+I[a, 2024-01-01 00:00:26.000, 2024-01-01 00:00:36.000, 1]"
        ]
    );
}

fn cumulate(step: i64, max_size: i64, offset: i64) -> WindowSpec {
    WindowSpec::Cumulate { step, max_size, offset }
}

/// window_agg_cumulate_late_rows.sql, query 1: `SELECT k, window_start, window_end,
/// COUNT(*) AS c, SUM(v) AS s, LISTAGG(CAST(v AS STRING)) AS l FROM TABLE(CUMULATE(TABLE t,
/// DESCRIPTOR(ts), INTERVAL '2' SECOND, INTERVAL '6' SECOND)) GROUP BY k, window_start,
/// window_end` — late rows 4 and 5 merged into the cycle's first slice ("1,2,4,5,3"), row 7
/// dropped, the cycle's steps chained without an emptiness check.
#[test]
fn cumulate_late_rows() {
    for two_phase in [true, false] {
        let mut q = Q::new(cumulate(2000, 6000, 0), vec![string(), int_t(), ts_t(), string()])
            .call(AggFunc::Count1, &[], bigint_nn())
            .call(AggFunc::Sum, &[1], int_t())
            .call(AggFunc::ListAgg, &[3], string());
        q.two_phase = two_phase;
        let mut r = q.run("UTC", Some(vec![0, 4, 5, 1, 2, 3]));
        assert_eq!(r.ins(rl("a", 1, "2024-01-01 00:00:01"), Some("2024-01-01 00:00:01")), none());
        assert_eq!(
            r.ins(rl("a", 2, "2024-01-01 00:00:03"), Some("2024-01-01 00:00:03")),
            ["+I[a, 2024-01-01 00:00:00.000, 2024-01-01 00:00:02.000, 1, 1, 1]"]
        );
        assert_eq!(
            r.ins(rl("a", 3, "2024-01-01 00:00:05"), Some("2024-01-01 00:00:05")),
            ["+I[a, 2024-01-01 00:00:00.000, 2024-01-01 00:00:04.000, 2, 3, 1,2]"]
        );
        assert_eq!(r.ins(rl("a", 4, "2024-01-01 00:00:02"), None), none());
        assert_eq!(r.ins(rl("a", 5, "2024-01-01 00:00:00.500"), None), none());
        assert_eq!(
            r.ins(rl("a", 6, "2024-01-01 00:00:07"), Some("2024-01-01 00:00:07")),
            ["+I[a, 2024-01-01 00:00:00.000, 2024-01-01 00:00:06.000, 5, 15, 1,2,4,5,3]"]
        );
        assert_eq!(r.ins(rl("a", 7, "2024-01-01 00:00:01"), None), none());
        assert_eq!(
            r.ins(rl("a", 8, "2024-01-01 00:00:13"), Some("2024-01-01 00:00:13")),
            [
                "+I[a, 2024-01-01 00:00:06.000, 2024-01-01 00:00:08.000, 1, 6, 6]",
                "+I[a, 2024-01-01 00:00:06.000, 2024-01-01 00:00:10.000, 1, 6, 6]",
                "+I[a, 2024-01-01 00:00:06.000, 2024-01-01 00:00:12.000, 1, 6, 6]"
            ]
        );
        assert_eq!(
            r.end(),
            [
                "+I[a, 2024-01-01 00:00:12.000, 2024-01-01 00:00:14.000, 1, 8, 8]",
                "+I[a, 2024-01-01 00:00:12.000, 2024-01-01 00:00:16.000, 1, 8, 8]",
                "+I[a, 2024-01-01 00:00:12.000, 2024-01-01 00:00:18.000, 1, 8, 8]"
            ]
        );
        assert_eq!(r.op.late_rows(), Some(1), "row 7");
        assert_eq!(r.op.state_rows(), Some(0), "each cycle's last window frees it");
    }
}

/// window_agg_cumulate_late_rows.sql, query 2: CUMULATE with an offset of 1 s, no key,
/// grouped with window_time.
#[test]
fn cumulate_with_offset_and_window_time() {
    let mut q = Q::new(cumulate(2000, 6000, 1000), kvt()).call(AggFunc::Count1, &[], bigint_nn());
    q.group = vec![];
    q.props = vec![WindowProp::Start, WindowProp::End, WindowProp::Time];
    let mut r = q.run("UTC", Some(vec![1, 2, 3, 0]));
    let rr = super::tests::r;
    assert_eq!(r.ins(rr("a", 1, "2024-01-01 00:00:01"), Some("2024-01-01 00:00:01")), none());
    assert_eq!(
        r.ins(rr("a", 2, "2024-01-01 00:00:03"), Some("2024-01-01 00:00:03")),
        ["+I[2024-01-01 00:00:01.000, 2024-01-01 00:00:03.000, 2024-01-01 00:00:02.999, 1]"]
    );
    assert_eq!(
        r.ins(rr("a", 3, "2024-01-01 00:00:05"), Some("2024-01-01 00:00:05")),
        ["+I[2024-01-01 00:00:01.000, 2024-01-01 00:00:05.000, 2024-01-01 00:00:04.999, 2]"]
    );
    assert_eq!(r.ins(rr("a", 4, "2024-01-01 00:00:02"), None), none());
    assert_eq!(r.ins(rr("a", 5, "2024-01-01 00:00:00.500"), None), none());
    assert_eq!(
        r.ins(rr("a", 6, "2024-01-01 00:00:07"), Some("2024-01-01 00:00:07")),
        ["+I[2024-01-01 00:00:01.000, 2024-01-01 00:00:07.000, 2024-01-01 00:00:06.999, 4]"]
    );
    assert_eq!(r.ins(rr("a", 7, "2024-01-01 00:00:01"), None), none());
    assert_eq!(
        r.ins(rr("a", 8, "2024-01-01 00:00:13"), Some("2024-01-01 00:00:13")),
        [
            "+I[2024-01-01 00:00:07.000, 2024-01-01 00:00:09.000, 2024-01-01 00:00:08.999, 1]",
            "+I[2024-01-01 00:00:07.000, 2024-01-01 00:00:11.000, 2024-01-01 00:00:10.999, 1]",
            "+I[2024-01-01 00:00:07.000, 2024-01-01 00:00:13.000, 2024-01-01 00:00:12.999, 1]"
        ]
    );
    assert_eq!(
        r.end(),
        [
            "+I[2024-01-01 00:00:13.000, 2024-01-01 00:00:15.000, 2024-01-01 00:00:14.999, 1]",
            "+I[2024-01-01 00:00:13.000, 2024-01-01 00:00:17.000, 2024-01-01 00:00:16.999, 1]",
            "+I[2024-01-01 00:00:13.000, 2024-01-01 00:00:19.000, 2024-01-01 00:00:18.999, 1]"
        ]
    );
}

/// window_agg_fire_order.sql, queries 1-3: one watermark (step 7) fires many windows, in
/// ascending end order; HOP and CUMULATE chain their follow-up windows within it.
#[test]
fn fire_order() {
    let rows: Vec<(Vec<Value>, Option<&str>)> = vec![
        (r("b", 1, "2024-01-01 00:00:12"), Some("2023-12-31 23:59:42")),
        (r("a", 2, "2024-01-01 00:00:01"), None),
        (r("c", 3, "2024-01-01 00:00:07"), None),
        (r("a", 4, "2024-01-01 00:00:22"), Some("2023-12-31 23:59:52")),
        (r("b", 5, "2024-01-01 00:00:03"), None),
        (r("c", 6, "2024-01-01 00:00:11"), None),
        (r("z", 7, "2024-01-01 00:01:00"), Some("2024-01-01 00:00:30")),
        (r("z", 8, "2024-01-01 00:02:00"), Some("2024-01-01 00:01:30")),
    ];
    // 1: SELECT k, window_start, window_end, COUNT(*) AS c, SUM(v) AS s ... TUMBLE 5 s
    let mut t = Q::new(tumble(5000), kvt())
        .call(AggFunc::Count1, &[], bigint_nn())
        .call(AggFunc::Sum, &[1], int_t())
        .run("UTC", Some(vec![0, 3, 4, 1, 2]));
    // 2: SELECT window_start, window_end, COUNT(*) AS c, SUM(v) AS s ... HOP 5 s / 10 s
    let mut q =
        Q::new(hop(5000, 10000, 0), kvt()).call(AggFunc::Count1, &[], bigint_nn()).call(AggFunc::Sum, &[1], int_t());
    q.group = vec![];
    let mut h = q.run("UTC", Some(vec![2, 3, 0, 1]));
    // 3: SELECT window_start, window_end, COUNT(*) AS c ... CUMULATE 5 s / 15 s
    let mut q = Q::new(cumulate(5000, 15000, 0), kvt()).call(AggFunc::Count1, &[], bigint_nn());
    q.group = vec![];
    let mut c = q.run("UTC", Some(vec![1, 2, 0]));
    let mut got = Vec::new();
    for (row, wm) in rows {
        got.push((t.ins(row.clone(), wm), h.ins(row.clone(), wm), c.ins(row, wm)));
    }
    for (i, g) in got.iter().enumerate() {
        if i != 6 && i != 7 {
            assert_eq!(g, &(none(), none(), none()), "step {}", i + 1);
        }
    }
    assert_eq!(
        got[6].0,
        [
            "+I[a, 2024-01-01 00:00:00.000, 2024-01-01 00:00:05.000, 1, 2]",
            "+I[b, 2024-01-01 00:00:00.000, 2024-01-01 00:00:05.000, 1, 5]",
            "+I[c, 2024-01-01 00:00:05.000, 2024-01-01 00:00:10.000, 1, 3]",
            "+I[b, 2024-01-01 00:00:10.000, 2024-01-01 00:00:15.000, 1, 1]",
            "+I[c, 2024-01-01 00:00:10.000, 2024-01-01 00:00:15.000, 1, 6]",
            "+I[a, 2024-01-01 00:00:20.000, 2024-01-01 00:00:25.000, 1, 4]"
        ]
    );
    assert_eq!(got[7].0, ["+I[z, 2024-01-01 00:01:00.000, 2024-01-01 00:01:05.000, 1, 7]"]);
    assert_eq!(t.end(), ["+I[z, 2024-01-01 00:02:00.000, 2024-01-01 00:02:05.000, 1, 8]"]);
    assert_eq!(
        got[6].1,
        [
            "+I[2023-12-31 23:59:55.000, 2024-01-01 00:00:05.000, 2, 7]",
            "+I[2024-01-01 00:00:00.000, 2024-01-01 00:00:10.000, 3, 10]",
            "+I[2024-01-01 00:00:05.000, 2024-01-01 00:00:15.000, 3, 10]",
            "+I[2024-01-01 00:00:10.000, 2024-01-01 00:00:20.000, 2, 7]",
            "+I[2024-01-01 00:00:15.000, 2024-01-01 00:00:25.000, 1, 4]",
            "+I[2024-01-01 00:00:20.000, 2024-01-01 00:00:30.000, 1, 4]"
        ]
    );
    assert_eq!(
        got[7].1,
        [
            "+I[2024-01-01 00:00:55.000, 2024-01-01 00:01:05.000, 1, 7]",
            "+I[2024-01-01 00:01:00.000, 2024-01-01 00:01:10.000, 1, 7]"
        ]
    );
    assert_eq!(
        h.end(),
        [
            "+I[2024-01-01 00:01:55.000, 2024-01-01 00:02:05.000, 1, 8]",
            "+I[2024-01-01 00:02:00.000, 2024-01-01 00:02:10.000, 1, 8]"
        ]
    );
    assert_eq!(
        got[6].2,
        [
            "+I[2024-01-01 00:00:00.000, 2024-01-01 00:00:05.000, 2]",
            "+I[2024-01-01 00:00:00.000, 2024-01-01 00:00:10.000, 3]",
            "+I[2024-01-01 00:00:00.000, 2024-01-01 00:00:15.000, 5]",
            "+I[2024-01-01 00:00:15.000, 2024-01-01 00:00:25.000, 1]",
            "+I[2024-01-01 00:00:15.000, 2024-01-01 00:00:30.000, 1]"
        ]
    );
    assert_eq!(
        got[7].2,
        [
            "+I[2024-01-01 00:01:00.000, 2024-01-01 00:01:05.000, 1]",
            "+I[2024-01-01 00:01:00.000, 2024-01-01 00:01:10.000, 1]",
            "+I[2024-01-01 00:01:00.000, 2024-01-01 00:01:15.000, 1]"
        ]
    );
    assert_eq!(
        c.end(),
        [
            "+I[2024-01-01 00:02:00.000, 2024-01-01 00:02:05.000, 1]",
            "+I[2024-01-01 00:02:00.000, 2024-01-01 00:02:10.000, 1]",
            "+I[2024-01-01 00:02:00.000, 2024-01-01 00:02:15.000, 1]"
        ]
    );
}

/// window_agg_updating_input.sql, query 1: an upsert source through ChangelogNormalize
/// (the -U/+U and -D it emits are fed here): `SELECT k, window_start, window_end, COUNT(*)
/// AS c, SUM(v) AS s FROM TABLE(TUMBLE(TABLE u, DESCRIPTOR(ts), INTERVAL '10' SECOND)) GROUP
/// BY k, window_start, window_end` — key b nets to COUNT(*) 0 and emits nothing.
#[test]
fn updating_input_upsert() {
    for two_phase in [true, false] {
        let mut q =
            Q::new(tumble(10000), kvt()).call(AggFunc::Count1, &[], bigint_nn()).call(AggFunc::Sum, &[1], int_t());
        q.retract = true;
        q.count_star = true;
        q.two_phase = two_phase;
        let mut r = q.run("UTC", Some(vec![0, 3, 4, 1, 2]));
        let rr = super::tests::r;
        // step 1: u +I[a, 1, 00:00:01] -> wm 00:00:01
        assert_eq!(r.step(I, rr("a", 1, "2024-01-01 00:00:01"), Some("2024-01-01 00:00:01")), none());
        // step 2: u +U[a, 2, 00:00:02] -> ChangelogNormalize: -U[a, 1, …], +U[a, 2, …]
        assert_eq!(r.step(UB, rr("a", 1, "2024-01-01 00:00:01"), None), none());
        assert_eq!(r.step(UA, rr("a", 2, "2024-01-01 00:00:02"), Some("2024-01-01 00:00:02")), none());
        assert_eq!(r.step(I, rr("b", 5, "2024-01-01 00:00:03"), Some("2024-01-01 00:00:03")), none());
        assert_eq!(r.step(D, rr("b", 5, "2024-01-01 00:00:03"), None), none());
        // step 10: u +I[z, 0, 00:00:20] -> wm 00:00:20
        assert_eq!(
            r.step(I, rr("z", 0, "2024-01-01 00:00:20"), Some("2024-01-01 00:00:20")),
            ["+I[a, 2024-01-01 00:00:00.000, 2024-01-01 00:00:10.000, 1, 2]"]
        );
        assert_eq!(r.end(), ["+I[z, 2024-01-01 00:00:20.000, 2024-01-01 00:00:30.000, 1, 0]"]);
    }
}

/// window_agg_updating_input.sql, queries 2-4 over the retract source r: per key (query 2),
/// without keys with MAX_RETRACT (query 3), and HOP (query 4: key c's window is empty, its
/// chain stops).
#[test]
fn updating_input_retract() {
    let feed = |r: &mut Run<WindowAggregateOp>| -> Vec<Vec<String>> {
        let rr = super::tests::r;
        vec![
            r.step(I, rr("a", 10, "2024-01-01 00:00:01"), Some("2024-01-01 00:00:01")),
            r.step(UB, rr("a", 10, "2024-01-01 00:00:01"), None),
            r.step(UA, rr("a", 20, "2024-01-01 00:00:02"), Some("2024-01-01 00:00:02")),
            r.step(I, rr("c", 7, "2024-01-01 00:00:03"), Some("2024-01-01 00:00:03")),
            r.step(D, rr("c", 7, "2024-01-01 00:00:03"), None),
            r.step(I, rr("z", 0, "2024-01-01 00:00:20"), Some("2024-01-01 00:00:20")),
            r.end(),
        ]
    };
    let quiet = |v: &[Vec<String>]| v[..5].iter().all(|x| x.is_empty());
    for two_phase in [true, false] {
        // 2: SELECT k, window_start, window_end, COUNT(*) AS c, SUM(v) AS s ... TUMBLE 10 s
        let mut q =
            Q::new(tumble(10000), kvt()).call(AggFunc::Count1, &[], bigint_nn()).call(AggFunc::Sum, &[1], int_t());
        (q.retract, q.count_star, q.two_phase) = (true, true, two_phase);
        let mut r = q.run("UTC", Some(vec![0, 3, 4, 1, 2]));
        let got = feed(&mut r);
        assert!(quiet(&got));
        assert_eq!(got[5], ["+I[a, 2024-01-01 00:00:00.000, 2024-01-01 00:00:10.000, 1, 20]"]);
        assert_eq!(got[6], ["+I[z, 2024-01-01 00:00:20.000, 2024-01-01 00:00:30.000, 1, 0]"]);
        // 3: SELECT window_start, window_end, COUNT(*) AS c, SUM(v) AS s, MAX(v) AS mx
        let mut q = Q::new(tumble(10000), kvt())
            .call(AggFunc::Count1, &[], bigint_nn())
            .call(AggFunc::Sum, &[1], int_t())
            .call(AggFunc::Max, &[1], int_t());
        (q.retract, q.count_star, q.two_phase, q.group) = (true, true, two_phase, vec![]);
        let mut r = q.run("UTC", Some(vec![3, 4, 0, 1, 2]));
        let got = feed(&mut r);
        assert!(quiet(&got));
        assert_eq!(got[5], ["+I[2024-01-01 00:00:00.000, 2024-01-01 00:00:10.000, 1, 20, 20]"]);
        assert_eq!(got[6], ["+I[2024-01-01 00:00:20.000, 2024-01-01 00:00:30.000, 1, 0, 0]"]);
        // 4: SELECT k, window_start, window_end, COUNT(*) AS c ... HOP 5 s / 10 s
        let mut q = Q::new(hop(5000, 10000, 0), kvt()).call(AggFunc::Count1, &[], bigint_nn());
        (q.retract, q.count_star, q.two_phase) = (true, true, two_phase);
        let mut r = q.run("UTC", Some(vec![0, 2, 3, 1]));
        let got = feed(&mut r);
        assert!(quiet(&got));
        assert_eq!(
            got[5],
            [
                "+I[a, 2023-12-31 23:59:55.000, 2024-01-01 00:00:05.000, 1]",
                "+I[a, 2024-01-01 00:00:00.000, 2024-01-01 00:00:10.000, 1]"
            ]
        );
        assert_eq!(
            got[6],
            [
                "+I[z, 2024-01-01 00:00:15.000, 2024-01-01 00:00:25.000, 1]",
                "+I[z, 2024-01-01 00:00:20.000, 2024-01-01 00:00:30.000, 1]"
            ]
        );
    }
}

/// window_agg_hidden_count.sql, queries 1 and 2: only SUM (and MAX) selected over the
/// retract source; the hidden COUNT_RETRACT(*) still drops key c's window.
#[test]
fn hidden_count() {
    for two_phase in [true, false] {
        let rr = super::tests::r;
        // 1: SELECT k, window_start, window_end, SUM(v) AS s ... TUMBLE(TABLE r, …, 10 s)
        let mut q = Q::new(tumble(10000), kvt()).call(AggFunc::Sum, &[1], int_t());
        (q.retract, q.count_star, q.two_phase) = (true, true, two_phase);
        let mut a = q.run("UTC", Some(vec![0, 2, 3, 1]));
        // 2: SELECT window_start, window_end, SUM(v) AS s, MAX(v) AS mx ... HOP(TABLE r, …, 5 s, 10 s)
        let mut q =
            Q::new(hop(5000, 10000, 0), kvt()).call(AggFunc::Sum, &[1], int_t()).call(AggFunc::Max, &[1], int_t());
        (q.retract, q.count_star, q.two_phase, q.group) = (true, true, two_phase, vec![]);
        let mut b = q.run("UTC", Some(vec![2, 3, 0, 1]));
        for r in [&mut a, &mut b] {
            assert_eq!(r.step(I, rr("a", 10, "2024-01-01 00:00:01"), Some("2024-01-01 00:00:01")), none());
            assert_eq!(r.step(I, rr("c", 7, "2024-01-01 00:00:03"), Some("2024-01-01 00:00:03")), none());
            assert_eq!(r.step(D, rr("c", 7, "2024-01-01 00:00:03"), None), none());
        }
        assert_eq!(
            a.step(I, rr("z", 0, "2024-01-01 00:00:20"), Some("2024-01-01 00:00:20")),
            ["+I[a, 2024-01-01 00:00:00.000, 2024-01-01 00:00:10.000, 10]"]
        );
        assert_eq!(a.end(), ["+I[z, 2024-01-01 00:00:20.000, 2024-01-01 00:00:30.000, 0]"]);
        assert_eq!(
            b.step(I, rr("z", 0, "2024-01-01 00:00:20"), Some("2024-01-01 00:00:20")),
            [
                "+I[2023-12-31 23:59:55.000, 2024-01-01 00:00:05.000, 10, 10]",
                "+I[2024-01-01 00:00:00.000, 2024-01-01 00:00:10.000, 10, 10]"
            ]
        );
        assert_eq!(
            b.end(),
            [
                "+I[2024-01-01 00:00:15.000, 2024-01-01 00:00:25.000, 0, 0]",
                "+I[2024-01-01 00:00:20.000, 2024-01-01 00:00:30.000, 0, 0]"
            ]
        );
    }
}

/// t(k STRING, v INT, ts TIMESTAMP_LTZ(3)) in Asia/Shanghai, 1-day TUMBLE on the LTZ rowtime.
fn shanghai(two_phase: bool, last_value: bool) -> Run<WindowAggregateOp> {
    let mut q = Q::new(tumble(86_400_000), vec![string(), int_t(), ltz_t()]);
    q = if last_value {
        q.call(AggFunc::LastValue, &[1], int_t()).call(AggFunc::Count1, &[], bigint_nn())
    } else {
        q.call(AggFunc::Count1, &[], bigint_nn()).call(AggFunc::Sum, &[1], int_t())
    };
    q.time = WindowTime::TimeCol { col: 2, ltz: true };
    (q.ltz, q.two_phase) = (true, two_phase);
    q.run("Asia/Shanghai", Some(vec![0, 3, 4, 1, 2]))
}

/// window_agg_ltz_flush_loss.sql (Asia/Shanghai, 1-day windows, the flush schedule of
/// NOTES §1.7): query 1 (two phases) loses Jan 1 and Jan 2, queries 2 (LAST_VALUE: one
/// phase) and 3 (ONE_PHASE) lose Jan 1 and emit Jan 2 at step 4.
#[test]
fn ltz_flush_loss_shanghai() {
    let z = "Asia/Shanghai";
    let rows = |r: &mut Run<WindowAggregateOp>| -> Vec<Vec<String>> {
        vec![
            r.ins(vec![s("a"), int(1), ltz(z, "2024-01-01 12:00:00")], Some("2024-01-01 04:00:00")),
            r.ins(vec![s("a"), int(2), ltz(z, "2024-01-02 01:00:00")], Some("2024-01-01 17:00:00")),
            r.ins(vec![s("a"), int(3), ltz(z, "2024-01-02 09:00:00")], Some("2024-01-02 01:00:00")),
            r.ins(vec![s("a"), int(4), ltz(z, "2024-01-03 00:30:00")], Some("2024-01-02 16:30:00")),
            r.ins(vec![s("a"), int(5), ltz(z, "2024-01-03 09:00:00")], Some("2024-01-03 01:00:00")),
            r.end(),
        ]
    };
    // 1: SELECT k, window_start, window_end, COUNT(*) AS c, SUM(v) AS s (two phases)
    let mut q1 = shanghai(true, false);
    let got = rows(&mut q1);
    assert!(got[..5].iter().all(|v| v.is_empty()));
    assert_eq!(got[5], ["+I[a, 2024-01-03 00:00:00.000, 2024-01-04 00:00:00.000, 2, 9]"]);
    // the global stage drops the late partial accumulators of Jan 1 (step 3) only: Jan 2's
    // was merged after its window's time without a timer (it leaks)
    assert_eq!(q1.op.late_rows(), Some(1));
    // 2: SELECT k, window_start, window_end, LAST_VALUE(v) AS lv, COUNT(*) AS c (one phase)
    let mut q2 = shanghai(false, true);
    let got = rows(&mut q2);
    assert_eq!(got[3], ["+I[a, 2024-01-02 00:00:00.000, 2024-01-03 00:00:00.000, 3, 2]"]);
    assert_eq!(got[5], ["+I[a, 2024-01-03 00:00:00.000, 2024-01-04 00:00:00.000, 5, 2]"]);
    assert!([0, 1, 2, 4].iter().all(|&i| got[i].is_empty()));
    assert_eq!(q2.op.late_rows(), Some(0), "lost silently");
    // 3: ONE_PHASE COUNT(*), SUM(v)
    let mut q3 = shanghai(false, false);
    let got = rows(&mut q3);
    assert_eq!(got[3], ["+I[a, 2024-01-02 00:00:00.000, 2024-01-03 00:00:00.000, 2, 5]"]);
    assert_eq!(got[5], ["+I[a, 2024-01-03 00:00:00.000, 2024-01-04 00:00:00.000, 2, 9]"]);
    assert!([0, 1, 2, 4].iter().all(|&i| got[i].is_empty()));
}

/// window_agg_ltz_flush_loss_kolkata.sql (Asia/Kolkata = UTC+05:30, 1-hour windows): r3 is
/// lost in both plans (queries 1 and 2); query 3, the same wall-clock data on a TIMESTAMP(3)
/// rowtime, counts it.
#[test]
fn ltz_flush_loss_kolkata() {
    let z = "Asia/Kolkata";
    for two_phase in [true, false] {
        let mut q = Q::new(tumble(3_600_000), vec![string(), int_t(), ltz_t(), string()])
            .call(AggFunc::Count1, &[], bigint_nn())
            .call(AggFunc::ListAgg, &[3], string());
        q.time = WindowTime::TimeCol { col: 2, ltz: true };
        (q.ltz, q.two_phase) = (true, two_phase);
        // SELECT k, window_start, window_end, COUNT(*) AS c, LISTAGG(CAST(v AS STRING)) AS l
        let mut r = q.run(z, Some(vec![0, 3, 4, 1, 2]));
        let row = |v: i32, t: &str| vec![s("a"), int(v), ltz(z, t), s(&v.to_string())];
        assert_eq!(r.ins(row(1, "2024-01-01 10:40:00"), Some("2024-01-01 05:10:00")), none());
        assert_eq!(
            r.ins(row(2, "2024-01-01 11:35:00"), Some("2024-01-01 06:05:00")),
            ["+I[a, 2024-01-01 10:00:00.000, 2024-01-01 11:00:00.000, 1, 1]"]
        );
        assert_eq!(r.ins(row(3, "2024-01-01 11:40:00"), Some("2024-01-01 06:10:00")), none());
        assert_eq!(
            r.ins(row(4, "2024-01-01 12:10:00"), Some("2024-01-01 06:40:00")),
            ["+I[a, 2024-01-01 11:00:00.000, 2024-01-01 12:00:00.000, 1, 2]"]
        );
        assert_eq!(r.ins(row(5, "2024-01-01 12:35:00"), Some("2024-01-01 07:05:00")), none());
        // steps 6-10 are rows of p, another table
        assert_eq!(r.end(), ["+I[a, 2024-01-01 12:00:00.000, 2024-01-01 13:00:00.000, 2, 4,5]"]);
    }
    // 3: the control on p (TIMESTAMP(3) rowtime), one phase (ONE_PHASE is set)
    let mut q = Q::new(tumble(3_600_000), vec![string(), int_t(), ts_t(), string()])
        .call(AggFunc::Count1, &[], bigint_nn())
        .call(AggFunc::ListAgg, &[3], string());
    q.two_phase = false;
    let mut r = q.run(z, Some(vec![0, 3, 4, 1, 2]));
    assert_eq!(r.ins(rl("a", 1, "2024-01-02 10:40:00"), Some("2024-01-02 10:40:00")), none());
    assert_eq!(
        r.ins(rl("a", 2, "2024-01-02 11:35:00"), Some("2024-01-02 11:35:00")),
        ["+I[a, 2024-01-02 10:00:00.000, 2024-01-02 11:00:00.000, 1, 1]"]
    );
    assert_eq!(r.ins(rl("a", 3, "2024-01-02 11:40:00"), Some("2024-01-02 11:40:00")), none());
    assert_eq!(
        r.ins(rl("a", 4, "2024-01-02 12:10:00"), Some("2024-01-02 12:10:00")),
        ["+I[a, 2024-01-02 11:00:00.000, 2024-01-02 12:00:00.000, 2, 2,3]"]
    );
    assert_eq!(r.ins(rl("a", 5, "2024-01-02 12:35:00"), Some("2024-01-02 12:35:00")), none());
    assert_eq!(r.end(), ["+I[a, 2024-01-02 12:00:00.000, 2024-01-02 13:00:00.000, 2, 4,5]"]);
}

/// A NULL rowtime fails the job in a fused window aggregation (NOTES §1.12,
/// window_agg_null_rowtime.sql).
#[test]
fn null_rowtime_fails() {
    let mut r = Q::new(tumble(5000), kvt()).call(AggFunc::Count1, &[], bigint_nn()).run("UTC", None);
    let zone = r.zone.clone();
    let mut out = Vec::new();
    let mut cx = Ctx::new(&mut out, None, 1, &zone, 0);
    let e =
        r.op.on_record(0, Record { kind: I, row: vec![s("a"), int(1), Value::Null], lineage: vec![] }, &mut cx)
            .unwrap_err();
    assert_eq!(
        e.cause_text(),
        "java.lang.RuntimeException: RowTime field should not be null, please convert it to a non-null long value."
    );
}

/// Processing-time TUMBLE of 5 s (no oracle: Flink's semantics by hand). Rows are sliced by
/// the processing clock when they arrive; the window fires when the clock reaches its
/// end - 1 ms; watermarks pass through.
#[test]
fn proctime_tumble() {
    let mut q = Q::new(tumble(5000), kvt()).call(AggFunc::Count1, &[], bigint_nn());
    (q.time, q.two_phase) = (WindowTime::ProcTime, true);
    let mut r = q.run("UTC", Some(vec![0, 2, 3, 1]));
    assert!(r.op.wants_processing_time());
    let base = ms("2024-01-01 00:00:00");
    assert_eq!(r.clock(base + 1000), none());
    assert_eq!(r.ins(super::tests::r("a", 1, "2000-01-01 00:00:00"), Some("2000-01-01 00:00:00")), none());
    assert_eq!(r.clock(base + 4000), none());
    assert_eq!(r.ins(super::tests::r("a", 2, "2000-01-01 00:00:00"), None), none());
    assert_eq!(r.clock(base + 4998), none());
    assert_eq!(r.clock(base + 4999), ["+I[a, 2024-01-01 00:00:00.000, 2024-01-01 00:00:05.000, 2]"]);
    assert_eq!(r.clock(base + 6000), none());
    assert_eq!(r.ins(super::tests::r("b", 3, "2000-01-01 00:00:00"), None), none());
    assert_eq!(r.clock(base + 20000), ["+I[b, 2024-01-01 00:00:05.000, 2024-01-01 00:00:10.000, 1]"]);
    assert_eq!(r.op.late_rows(), Some(0));
}

/// Tracing on: the events name the buffer, the late drop, the fire and the freed slice.
#[test]
fn trace_events() {
    let mut q = Q::new(tumble(5000), kvt()).call(AggFunc::Count1, &[], bigint_nn());
    q.two_phase = false;
    let mut r = q.run("UTC", None);
    r.events = Some(Vec::new());
    r.ins(super::tests::r("a", 1, "2024-01-01 00:00:01"), Some("2024-01-01 00:00:01"));
    assert_eq!(r.op.state(1, &r.zone).unwrap().groups[0].side, "buffer");
    r.ins(super::tests::r("a", 2, "2024-01-01 00:00:06"), Some("2024-01-01 00:00:06"));
    r.ins(super::tests::r("a", 3, "2024-01-01 00:00:02"), None);
    let names: Vec<&str> = r
        .events
        .as_ref()
        .unwrap()
        .iter()
        .map(|e| match e {
            Event::StateInsert { .. } => "state_insert",
            Event::Aggregated { .. } => "aggregated",
            Event::WindowFire { .. } => "window_fire",
            Event::Emit { .. } => "emit",
            Event::StateExpire { .. } => "state_expire",
            Event::LateDrop { .. } => "late_drop",
            Event::Watermark { .. } => "watermark",
            _ => "other",
        })
        .collect();
    assert_eq!(
        names,
        [
            "state_insert",
            "watermark",
            "state_insert",
            "aggregated",
            "aggregated",
            "window_fire",
            "emit",
            "state_expire",
            "watermark",
            "late_drop"
        ]
    );
    let st = r.op.state(1, &r.zone).unwrap();
    assert_eq!((st.rows, st.groups.len()), (1, 1));
    assert_eq!(st.groups[0].side, "slice");
    assert_eq!(st.groups[0].window.as_ref().unwrap().label, "[2024-01-01 00:00:05.000, 2024-01-01 00:00:10.000)");
    assert_eq!(st.groups[0].rows, vec![vec!["1".to_string()]]);
    assert_eq!(st.groups[0].row_notes, ["1 row"]);
}
