//! Interval joins against a naive batch join, for inputs whose rows arrive in time order per
//! table and bounds that look both ways (`lower < 0 < upper`): then no row is late and no row
//! leaves state before every partner it has arrived (a row leaves when the join's time passes
//! `t + bound`, and the join's time never passes the other side's newest row). So, as
//! SEMANTICS.md §3.3 implies: after every step an INNER join's changelog holds exactly the batch
//! join of the rows so far, and after the end of input every kind's changelog holds the batch
//! join (outer rows padded). The oracle checks the rest (late rows, timers): tests/conformance.

use joinlab_engine::{run_script, Dialect, RunConfig};

struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

#[derive(Clone)]
struct Row {
    k: Option<i64>,
    id: String,
    t: i64,
}

fn ts(s: i64) -> String {
    format!("2024-01-01 {:02}:{:02}:{:02}", s / 3600, (s / 60) % 60, s % 60)
}

/// The batch join of `l` and `r` for `kind`: rows `[l.id, r.id]` sorted.
fn batch(l: &[Row], r: &[Row], kind: &str, lower: i64, upper: i64) -> Vec<String> {
    let on = |a: &Row, b: &Row| a.k.is_some() && a.k == b.k && a.t - b.t >= lower && a.t - b.t <= upper;
    let mut out = Vec::new();
    for a in l {
        let n = r.iter().filter(|b| on(a, b)).count();
        for b in r.iter().filter(|b| on(a, b)) {
            out.push(format!("[{}, {}]", a.id, b.id));
        }
        if n == 0 && (kind == "LEFT" || kind == "FULL") {
            out.push(format!("[{}, NULL]", a.id));
        }
    }
    if kind == "RIGHT" || kind == "FULL" {
        for b in r {
            if !l.iter().any(|a| on(a, b)) {
                out.push(format!("[NULL, {}]", b.id));
            }
        }
    }
    out.sort();
    out
}

fn materialise(rows: &mut Vec<String>, changes: &[String]) {
    for c in changes {
        let body = c[2..].to_string();
        if c.starts_with('+') {
            rows.push(body);
        } else if let Some(i) = rows.iter().position(|x| *x == body) {
            rows.remove(i);
        } else {
            panic!("retraction of an absent row {}", c);
        }
    }
    rows.sort();
}

#[test]
fn in_order_inputs_give_the_batch_join() {
    let mut rng = Rng(7);
    for case in 0..300 {
        let (lower, upper) = (-(1 + rng.below(120) as i64), 1 + rng.below(120) as i64);
        let (mut l, mut r) = (Vec::new(), Vec::new());
        let (mut lt, mut rt) = (0i64, 0i64);
        let mut lines = Vec::new();
        for i in 0..(2 + rng.below(14)) {
            let k = if rng.below(8) == 0 { None } else { Some(rng.below(3) as i64) };
            let ks = k.map(|k| k.to_string()).unwrap_or_else(|| "NULL".into());
            if rng.below(2) == 0 {
                lt += rng.below(90) as i64;
                let row = Row { k, id: format!("l{}", i), t: 36_000 + lt };
                lines.push(format!("@L {} | {} | {}", ks, row.id, ts(row.t)));
                l.push(row);
            } else {
                rt += rng.below(90) as i64;
                let row = Row { k, id: format!("r{}", i), t: 36_000 + rt };
                lines.push(format!("@R {} | {} | {}", ks, row.id, ts(row.t)));
                r.push(row);
            }
        }
        let kinds = ["INNER", "LEFT", "RIGHT", "FULL"];
        let queries: Vec<String> = kinds
            .iter()
            .map(|k| {
                format!(
                    "SELECT L.id, R.id FROM L {} JOIN R ON L.k = R.k AND L.t BETWEEN R.t - INTERVAL '{}' SECOND(3) AND R.t + INTERVAL '{}' SECOND(3);",
                    k, -lower, upper
                )
            })
            .collect();
        let script = format!(
            "CREATE TABLE L (k INT, id STRING, t TIMESTAMP(3), WATERMARK FOR t AS t);\nCREATE TABLE R (k INT, id STRING, t TIMESTAMP(3), WATERMARK FOR t AS t);\n{}\n{}\n",
            lines.join("\n"),
            queries.join("\n")
        );
        let trace = run_script(&script, &RunConfig { dialect: Dialect::Flink, trace: false });
        for (qi, kind) in kinds.iter().enumerate() {
            let q = &trace.queries[qi];
            assert!(q.error.is_none() && q.runtime_error.is_none(), "case {}: {:?}\n{}", case, q.error, script);
            assert!(q.plan.contains("IntervalJoin("), "case {}: not an interval join\n{}", case, q.plan);
            let mut rows: Vec<String> = Vec::new();
            let (mut ls, mut rs) = (Vec::new(), Vec::new());
            let (mut li, mut ri) = (0, 0);
            for (si, step) in q.steps.iter().enumerate() {
                if lines[si].starts_with("@L") {
                    ls.push(l[li].clone());
                    li += 1;
                } else {
                    rs.push(r[ri].clone());
                    ri += 1;
                }
                materialise(&mut rows, &step.output.iter().map(|o| o.text.clone()).collect::<Vec<_>>());
                if *kind == "INNER" {
                    assert_eq!(rows, batch(&ls, &rs, kind, lower, upper), "case {} step {}\n{}", case, si + 1, script);
                }
            }
            let end = q.end.as_ref().expect("bounded");
            materialise(&mut rows, &end.output.iter().map(|o| o.text.clone()).collect::<Vec<_>>());
            assert_eq!(rows, batch(&l, &r, kind, lower, upper), "case {} {} at the end\n{}", case, kind, script);
        }
    }
}
