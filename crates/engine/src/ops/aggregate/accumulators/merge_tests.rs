use super::*;
use crate::expr::aggregate::AggCall;

fn spec(func: AggFunc, ty: DataType, distinct: bool, retract: bool) -> CallSpec {
    let c = AggCall { func, args: vec![0], distinct, filter: None, ty, name: String::new() };
    CallSpec::new(&c, &[DataType::nullable(TypeKind::Int)], retract)
}

fn int_t() -> DataType {
    DataType::nullable(TypeKind::Int)
}

fn acc(specs: &[CallSpec], rows: &[(i32, bool)], first_order: u64) -> GroupAcc {
    let mut a = GroupAcc::new(specs);
    for (i, (v, retract)) in rows.iter().enumerate() {
        a.apply(specs, &[Value::Int(*v)], *retract, first_order + i as u64);
    }
    a
}

fn text_acc(specs: &[CallSpec], rows: &[&str]) -> GroupAcc {
    let mut a = GroupAcc::new(specs);
    for (i, v) in rows.iter().enumerate() {
        a.apply(specs, &[Value::str(v)], false, i as u64);
    }
    a
}

#[test]
fn sums_counts_and_averages_add() {
    let specs = [
        spec(AggFunc::Sum, int_t(), false, false),
        spec(AggFunc::Count1, DataType::not_null(TypeKind::BigInt), false, false),
        spec(AggFunc::Avg, int_t(), false, false),
    ];
    let mut a = acc(&specs, &[(1, false), (2, false)], 0);
    a.merge(&specs, &acc(&specs, &[(6, false)], 10));
    assert_eq!(a.values(&specs), [Value::Int(9), Value::BigInt(3), Value::Int(3)]);
    assert_eq!(a.count1, 3);
    // an empty accumulator changes nothing; merged into an empty one it is copied
    a.merge(&specs, &GroupAcc::new(&specs));
    assert_eq!(a.values(&specs), [Value::Int(9), Value::BigInt(3), Value::Int(3)]);
    let mut e = GroupAcc::new(&specs);
    e.merge(&specs, &a);
    assert_eq!(e.values(&specs), [Value::Int(9), Value::BigInt(3), Value::Int(3)]);
}

/// MaxWithRetractAggFunction.merge: `other` holds 5 with count -1 (a retraction of a value
/// it never saw); merged, 5 nets to 0, leaves, and the max is recomputed over what is left.
#[test]
fn max_with_retraction_merges_the_counts() {
    let specs = [spec(AggFunc::Max, int_t(), false, true)];
    let mut a = acc(&specs, &[(5, false), (3, false)], 0);
    let b = acc(&specs, &[(7, false), (7, true), (5, true)], 10);
    assert_eq!(b.values(&specs), [Value::Null]);
    a.merge(&specs, &b);
    assert_eq!(a.values(&specs), [Value::Int(3)]);
    let mut c = GroupAcc::new(&specs);
    c.merge(&specs, &acc(&specs, &[(2, false), (8, false)], 20));
    assert_eq!(c.values(&specs), [Value::Int(8)]);
    let min = [spec(AggFunc::Min, int_t(), false, false)];
    let mut m = acc(&min, &[(5, false)], 0);
    m.merge(&min, &acc(&min, &[(4, false), (9, false)], 5));
    assert_eq!(m.values(&min), [Value::Int(4)]);
}

#[test]
fn listagg_concatenates() {
    let specs = [spec(AggFunc::ListAgg, DataType::string(), false, false)];
    let mut a = text_acc(&specs, &["1", "2"]);
    a.merge(&specs, &text_acc(&specs, &["3"]));
    assert_eq!(a.values(&specs), [Value::str("1,2,3")]);
    a.merge(&specs, &GroupAcc::new(&specs));
    assert_eq!(a.values(&specs), [Value::str("1,2,3")]);
    // with retraction: other's retraction of "1" removes it from the merged list
    let rs = [spec(AggFunc::ListAgg, DataType::string(), false, true)];
    let mut a = text_acc(&rs, &["1", "2"]);
    let mut b = GroupAcc::new(&rs);
    b.apply(&rs, &[Value::str("1")], true, 5);
    a.merge(&rs, &b);
    assert_eq!(a.values(&rs), [Value::str("2")]);
}

#[test]
fn distinct_merges_the_value_counters() {
    let specs = [spec(AggFunc::Count, DataType::not_null(TypeKind::BigInt), true, false)];
    let mut a = acc(&specs, &[(1, false), (2, false), (2, false)], 0);
    a.merge(&specs, &acc(&specs, &[(2, false), (3, false)], 10));
    assert_eq!(a.values(&specs), [Value::BigInt(3)]);
}

#[test]
fn first_and_last_value_by_arrival() {
    let specs = [spec(AggFunc::FirstValue, int_t(), false, false), spec(AggFunc::LastValue, int_t(), false, false)];
    let mut late = acc(&specs, &[(10, false)], 5);
    late.merge(&specs, &acc(&specs, &[(20, false)], 2));
    assert_eq!(late.values(&specs), [Value::Int(20), Value::Int(10)]);
    let rs = [spec(AggFunc::FirstValue, int_t(), false, true), spec(AggFunc::LastValue, int_t(), false, true)];
    let mut late = acc(&rs, &[(10, false)], 5);
    late.merge(&rs, &acc(&rs, &[(20, false), (30, false)], 2));
    assert_eq!(late.values(&rs), [Value::Int(20), Value::Int(10)]);
}
