//! The regular join operator driven the way Flink's `StreamingJoinOperatorTest` drives
//! `StreamingJoinOperator`: rows fed one at a time with the processing-time clock set before
//! each, expectations copied from SEMANTICS.md §10.2 (tables ), not from JoinLab.
//! State TTL (§1.4) needs a clock the oracle cannot control, so it is checked here.

use joinlab_engine::kinds::RowKind;
use joinlab_engine::kinds::{InputSpec, JoinKind};
use joinlab_engine::ops::regular_join::{RegularJoinOp, RegularJoinSpec};
use joinlab_engine::ops::{Ctx, Element, Operator, Record};
use joinlab_engine::time::SessionZone;
use joinlab_engine::types::DataType;
use joinlab_engine::value::Value;

const A1: &str = "3 Bellevue Drive, Pottstown, PA 19464";
const A2: &str = "68 Manor Station Street, Honolulu, HI 96815";

/// orders(order_id, line_order_id, shipping_address) ⋈ line_orders(line_order_id, ship_mode)
/// on line_order_id; orders keyed by order_id, line_orders by line_order_id (the join key).
fn op(kind: JoinKind, left_ttl: i64, right_ttl: i64) -> RegularJoinOp {
    RegularJoinOp::new(RegularJoinSpec {
        kind,
        left_keys: vec![1],
        right_keys: vec![0],
        null_safe: vec![false],
        residual: None,
        left_spec: InputSpec::HasUniqueKey(vec![0]),
        right_spec: InputSpec::JoinKeyContainsUniqueKey(vec![0]),
        left_types: vec![DataType::string(); 3],
        right_types: vec![DataType::string(); 2],
        left_ttl,
        right_ttl,
        input_names: ["orders".into(), "line_orders".into()],
        project: None,
        input_project: [None, None],
        tracing: false,
    })
}

fn row(vals: &[&str]) -> Vec<Value> {
    vals.iter().map(|v| if *v == "NULL" { Value::Null } else { Value::String((*v).into()) }).collect()
}

/// Feeds one row at processing time `t` and returns what the operator emitted, as `+I(…)`.
fn feed(op: &mut RegularJoinOp, t: i64, input: usize, kind: RowKind, vals: &[&str]) -> Vec<String> {
    let zone = SessionZone::default();
    let mut out = Vec::new();
    let mut cx = Ctx::new(&mut out, None, 0, &zone, t);
    op.on_record(input, Record { kind, row: row(vals), lineage: Vec::new() }, &mut cx).expect("join runs");
    out.into_iter()
        .filter_map(|e| match e {
            Element::Record(r) => Some(format!(
                "{}({})",
                r.kind.short(),
                r.row
                    .iter()
                    .map(|v| match v {
                        Value::String(s) => s.to_string(),
                        _ => "NULL".to_string(),
                    })
                    .collect::<Vec<_>>()
                    .join(", ")
            )),
            Element::Watermark(_) | Element::Idle(_) => None,
        })
        .collect()
}

const L: usize = 0;
const R: usize = 1;
use RowKind::{Delete as D, Insert as I, UpdateAfter as UA};

/// an inner join forwards +U as +U; the upsert replaces the keyed row in state.
#[test]
fn r1_inner_join_without_ttl() {
    let mut j = op(JoinKind::Inner, 0, 0);
    assert!(feed(&mut j, 1, L, I, &["Ord#1", "LineOrd#1", A1]).is_empty());
    assert!(feed(&mut j, 1, L, I, &["Ord#1", "LineOrd#2", A1]).is_empty());
    assert_eq!(feed(&mut j, 1, R, I, &["LineOrd#2", "AIR"]), [format!("+I(Ord#1, LineOrd#2, {A1}, LineOrd#2, AIR)")]);
    assert_eq!(
        feed(&mut j, 1, L, UA, &["Ord#1", "LineOrd#2", A2]),
        [format!("+U(Ord#1, LineOrd#2, {A2}, LineOrd#2, AIR)")]
    );
    assert_eq!(
        feed(&mut j, 1, R, UA, &["LineOrd#2", "SHIP"]),
        [format!("+U(Ord#1, LineOrd#2, {A2}, LineOrd#2, SHIP)")]
    );
    assert_eq!(
        feed(&mut j, 1, R, I, &["LineOrd#1", "TRUCK"]),
        [format!("+I(Ord#1, LineOrd#1, {A1}, LineOrd#1, TRUCK)")]
    );
    assert_eq!(feed(&mut j, 1, R, D, &["LineOrd#2", "SHIP"]), [format!("-D(Ord#1, LineOrd#2, {A2}, LineOrd#2, SHIP)")]);
    assert_eq!(feed(&mut j, 1, R, I, &["LineOrd#2", "RAIL"]), [format!("+I(Ord#1, LineOrd#2, {A2}, LineOrd#2, RAIL)")]);
}

/// left TTL 4000 ms, right 1000 ms; expired rows stop matching, nothing is retracted.
#[test]
fn r2_inner_join_with_state_ttl() {
    let mut j = op(JoinKind::Inner, 4000, 1000);
    assert!(feed(&mut j, 1, L, I, &["Ord#1", "LineOrd#1", A1]).is_empty());
    assert!(feed(&mut j, 1, L, I, &["Ord#1", "LineOrd#2", A1]).is_empty());
    assert_eq!(feed(&mut j, 1, R, I, &["LineOrd#2", "AIR"]), [format!("+I(Ord#1, LineOrd#2, {A1}, LineOrd#2, AIR)")]);
    // t=3000: the right row (written at 1, TTL 1000) has expired
    assert!(feed(&mut j, 3000, L, UA, &["Ord#1", "LineOrd#2", A2]).is_empty());
    assert_eq!(
        feed(&mut j, 3000, R, UA, &["LineOrd#2", "SHIP"]),
        [format!("+U(Ord#1, LineOrd#2, {A2}, LineOrd#2, SHIP)")]
    );
    // t=4001: left LineOrd#1 (written at 1, TTL 4000) has expired
    assert!(feed(&mut j, 4001, R, I, &["LineOrd#1", "TRUCK"]).is_empty());
    assert_eq!(
        feed(&mut j, 4001, R, D, &["LineOrd#2", "SHIP"]),
        [format!("-D(Ord#1, LineOrd#2, {A2}, LineOrd#2, SHIP)")]
    );
    // t=7000: the left row written at 3000 has expired too
    assert!(feed(&mut j, 7000, R, I, &["LineOrd#2", "RAIL"]).is_empty());
}

/// a LEFT join pads, retracts the padded row when a match arrives, and brings it
/// back when the match goes away — +I/-D only.
#[test]
fn r3_r4_left_join_padding() {
    let mut j = op(JoinKind::Left, 4000, 1000);
    assert_eq!(feed(&mut j, 1, L, I, &["Ord#1", "LineOrd#1", A1]), [format!("+I(Ord#1, LineOrd#1, {A1}, NULL, NULL)")]);
    assert_eq!(feed(&mut j, 1, L, I, &["Ord#1", "LineOrd#2", A1]), [format!("+I(Ord#1, LineOrd#2, {A1}, NULL, NULL)")]);
    assert_eq!(
        feed(&mut j, 1, R, I, &["LineOrd#2", "AIR"]),
        [format!("-D(Ord#1, LineOrd#2, {A1}, NULL, NULL)"), format!("+I(Ord#1, LineOrd#2, {A1}, LineOrd#2, AIR)")]
    );
    // R-4 (derived from the §1.2 algorithm)
    assert_eq!(
        feed(&mut j, 1, R, D, &["LineOrd#2", "AIR"]),
        [format!("-D(Ord#1, LineOrd#2, {A1}, LineOrd#2, AIR)"), format!("+I(Ord#1, LineOrd#2, {A1}, NULL, NULL)")]
    );
}

/// §1.4: updating an outer row's match count is a write: it refreshes the row's TTL.
#[test]
fn association_updates_refresh_the_outer_rows_ttl() {
    let mut j = op(JoinKind::Left, 4000, 0);
    assert_eq!(feed(&mut j, 0, L, I, &["Ord#1", "LineOrd#1", A1]), [format!("+I(Ord#1, LineOrd#1, {A1}, NULL, NULL)")]);
    // at 3000 a match arrives: the left row's count changes (a write at 3000)
    assert_eq!(feed(&mut j, 3000, R, I, &["LineOrd#1", "AIR"]).len(), 2);
    // at 5000 the row written at 0 would have expired, but the write at 3000 keeps it alive
    assert_eq!(
        feed(&mut j, 5000, R, I, &["LineOrd#1", "SHIP"]),
        [format!("+I(Ord#1, LineOrd#1, {A1}, LineOrd#1, SHIP)")]
    );
    // at 9000 (last write 5000 + 4000): gone
    assert!(feed(&mut j, 9000, R, I, &["LineOrd#1", "RAIL"]).is_empty());
}
