//! What each aggregate function keeps and computes, as Flink's functions do it, with and
//! without retraction (`AggFunctionFactory` picks the retracting variant when the input can
//! retract). Source classes: `Count1AggFunction`, `CountAggFunction`, `SumAggFunction` /
//! `SumWithRetractAggFunction`, `AvgAggFunction`, `MinAggFunction` / `MaxAggFunction` and their
//! `…WithRetractAggFunction`, `FirstValue…` / `LastValue…`, `ListAgg…` (`runtime/functions/
//! aggregate` and `planner/functions/aggfunctions`); DISTINCT as `DistinctAggCodeGen` does it.
//!
//! * SUM keeps the argument's type and wraps like Java on overflow (TINYINT 100 + 100 = -56);
//!   DECIMAL sums are DECIMAL(38, s). With retraction it also counts non-NULL values and is
//!   NULL when the count is back to 0.
//! * AVG sums integers as BIGINT and truncates toward zero; DECIMAL divides HALF_UP to the
//!   result scale; FLOAT sums as DOUBLE.
//! * MIN / MAX with retraction keep a count per value (a negative count, from a retraction of a
//!   value never seen, stays in the map but not in its size).
//! * FIRST_VALUE / LAST_VALUE with retraction order values by arrival (Flink stamps each with
//!   the wall clock; one input message per millisecond makes that the arrival order); a
//!   retraction removes the value's oldest occurrence.
//! * LISTAGG with retraction removes the first equal element; a value it does not hold is put
//!   aside and never matched again.
//! * DISTINCT: a counter per value (NULL included); the function sees a value when its counter
//!   goes 0 → 1 and loses it when it goes 1 → 0.
//! * Merge ([`GroupAcc::merge`], for the window aggregation's slices and its two phases):
//!   COUNT / SUM / AVG add, MIN / MAX compare (with retraction the value → count maps merge as
//!   `MaxWithRetractAggFunction.merge` does), LISTAGG concatenates with the other side's
//!   separator, DISTINCT replays the other side's value counters. FIRST_VALUE / LAST_VALUE have
//!   no merge in Flink (its planner keeps them out of merging plans); here the earlier / later
//!   arrival wins.

use std::cmp::Ordering;
use std::collections::BTreeMap;

use crate::expr::aggregate::{AggCall, AggFunc};
use crate::types::{DataType, TypeKind};
use crate::value::{Decimal, Value};

/// One call's state in one group.
#[derive(Clone, Debug)]
enum State {
    Count(i64),
    Sum {
        sum: Value,
        count: i64,
    },
    Avg {
        sum: Value,
        count: i64,
    },
    /// MIN / MAX without retraction.
    Extreme(Value),
    /// MIN / MAX with retraction: the current extreme, the values with their counts, how many
    /// have a positive count.
    ExtremeRetract {
        best: Value,
        counts: Vec<(Value, i64)>,
        size: i64,
    },
    /// FIRST_VALUE / LAST_VALUE without retraction: the value and its arrival number (for
    /// merging two groups' accumulators).
    Pick(Value, u64),
    /// FIRST_VALUE / LAST_VALUE with retraction: (order, value) by order, and the current pick.
    PickRetract {
        by_order: BTreeMap<u64, Vec<Value>>,
        orders: Vec<(Value, Vec<u64>)>,
        pick: Option<(u64, Value)>,
    },
    /// LISTAGG without retraction: the joined text so far, and the separator of the last row
    /// (Flink's `accDelimiter`, which a merge joins with).
    Concat(Option<String>, String),
    /// COLLECT: the values with their counts, in the order of the `HashMap` Flink's heap state
    /// keeps them in (by the internal hash's bucket, then insertion; `seq` numbers insertions,
    /// `capacity` only grows, as Java's).
    Bag {
        entries: Vec<(Value, i64, u64)>,
        seq: u64,
        capacity: usize,
    },
    /// ARRAY_AGG: the values in arrival order, and retracted values it did not hold.
    Items {
        items: Vec<Value>,
        unmatched: Vec<Value>,
    },
    /// LISTAGG with retraction (the separator as the last row gave it).
    List {
        items: Vec<String>,
        unmatched: Vec<String>,
        sep: Option<String>,
    },
}

/// A call's accumulator, with its DISTINCT counters.
#[derive(Clone, Debug)]
struct CallAcc {
    state: State,
    distinct: Option<Vec<(Value, i64)>>,
}

/// How a call runs: the function, where its argument and filter are, whether it retracts.
#[derive(Clone, Debug)]
pub struct CallSpec {
    pub func: AggFunc,
    pub arg: Option<usize>,
    /// LISTAGG's separator column.
    pub sep: Option<usize>,
    pub filter: Option<usize>,
    pub distinct: bool,
    pub retract: bool,
    pub arg_type: Option<DataType>,
    pub ty: DataType,
}

impl CallSpec {
    pub fn new(call: &AggCall, input_types: &[DataType], retract: bool) -> CallSpec {
        let arg = call.args.first().copied();
        CallSpec {
            func: call.func,
            arg,
            sep: if call.func == AggFunc::ListAgg { call.args.get(1).copied() } else { None },
            filter: call.filter,
            distinct: call.distinct,
            retract,
            arg_type: arg.and_then(|a| input_types.get(a).cloned()),
            ty: call.ty.clone(),
        }
    }
}

/// The accumulators of one group: one per call, and the hidden row count of a retracting
/// aggregation (`count1`: the group is empty when it is back to 0).
#[derive(Clone, Debug)]
pub struct GroupAcc {
    calls: Vec<CallAcc>,
    pub count1: i64,
}

impl GroupAcc {
    pub fn new(specs: &[CallSpec]) -> GroupAcc {
        GroupAcc {
            calls: specs
                .iter()
                .map(|s| CallAcc { state: initial(s), distinct: if s.distinct { Some(Vec::new()) } else { None } })
                .collect(),
            count1: 0,
        }
    }

    /// Adds (`retract` false) or removes one input row; `order` is the row's arrival number.
    pub fn apply(&mut self, specs: &[CallSpec], row: &[Value], retract: bool, order: u64) {
        self.count1 += if retract { -1 } else { 1 };
        for (acc, spec) in self.calls.iter_mut().zip(specs) {
            if let Some(f) = spec.filter {
                if row.get(f) != Some(&Value::Bool(true)) {
                    continue;
                }
            }
            let v = spec.arg.and_then(|a| row.get(a).cloned()).unwrap_or(Value::Null);
            if let Some(counts) = &mut acc.distinct {
                let i = match counts.iter().position(|(x, _)| *x == v) {
                    Some(i) => i,
                    None => {
                        counts.push((v.clone(), 0));
                        counts.len() - 1
                    }
                };
                counts[i].1 += if retract { -1 } else { 1 };
                let now = counts[i].1;
                if now == 0 {
                    counts.remove(i);
                }
                let forward = if retract { now == 0 } else { now == 1 };
                if !forward {
                    continue;
                }
            }
            let sep = spec.sep.and_then(|s| row.get(s));
            if retract {
                retract_value(&mut acc.state, spec, &v);
            } else {
                accumulate(&mut acc.state, spec, &v, sep, order);
            }
        }
    }

    /// The calls' current results.
    pub fn values(&self, specs: &[CallSpec]) -> Vec<Value> {
        self.calls.iter().zip(specs).map(|(a, s)| value(&a.state, s)).collect()
    }

    /// Merges `other`'s accumulators into these (Flink's `merge`, which the window aggregation
    /// uses to combine slices and the partial accumulators of its local stage): COUNT / SUM /
    /// AVG add, MIN / MAX compare (with retraction: the value → count maps merge as
    /// `MaxWithRetractAggFunction.merge` does), LISTAGG concatenates with `other`'s separator
    /// (`ListAggFunction` / `ListAggWsWithRetractAggFunction`), DISTINCT replays `other`'s value
    /// counters (a value the function gains or loses is accumulated / retracted, as
    /// `DistinctAggCodeGen` merges). FIRST_VALUE / LAST_VALUE have no merge in Flink; here the
    /// value with the earlier (later) arrival number wins.
    pub fn merge(&mut self, specs: &[CallSpec], other: &GroupAcc) {
        self.count1 += other.count1;
        for ((acc, o), spec) in self.calls.iter_mut().zip(&other.calls).zip(specs) {
            match (&mut acc.distinct, &o.distinct) {
                (Some(mine), Some(theirs)) => {
                    for (v, c) in theirs {
                        let i = mine.iter().position(|(x, _)| x == v);
                        let before = i.map(|i| mine[i].1).unwrap_or(0);
                        let after = before + c;
                        match i {
                            Some(i) if after == 0 => {
                                mine.remove(i);
                            }
                            Some(i) => mine[i].1 = after,
                            None if after != 0 => mine.push((v.clone(), after)),
                            None => {}
                        }
                        if before <= 0 && after > 0 {
                            accumulate(&mut acc.state, spec, v, None, 0);
                        } else if before > 0 && after <= 0 {
                            retract_value(&mut acc.state, spec, v);
                        }
                    }
                }
                _ => merge_state(&mut acc.state, spec, &o.state),
            }
        }
    }

    /// Values the group's state holds (for the state pane's row count).
    pub fn held(&self) -> usize {
        self.calls
            .iter()
            .map(|c| {
                let n = match &c.state {
                    State::ExtremeRetract { counts, .. } => counts.len(),
                    State::PickRetract { orders, .. } => orders.len(),
                    State::List { items, .. } => items.len(),
                    _ => 0,
                };
                n + c.distinct.as_ref().map(|d| d.len()).unwrap_or(0)
            })
            .sum()
    }
}

fn initial(s: &CallSpec) -> State {
    match s.func {
        AggFunc::Count1 | AggFunc::Count => State::Count(0),
        AggFunc::Sum => State::Sum { sum: Value::Null, count: 0 },
        AggFunc::Avg => State::Avg { sum: Value::Null, count: 0 },
        AggFunc::Min | AggFunc::Max if s.retract => {
            State::ExtremeRetract { best: Value::Null, counts: Vec::new(), size: 0 }
        }
        AggFunc::Min | AggFunc::Max => State::Extreme(Value::Null),
        AggFunc::FirstValue | AggFunc::LastValue if s.retract => {
            State::PickRetract { by_order: BTreeMap::new(), orders: Vec::new(), pick: None }
        }
        AggFunc::FirstValue | AggFunc::LastValue => State::Pick(Value::Null, 0),
        AggFunc::ListAgg if s.retract => State::List { items: Vec::new(), unmatched: Vec::new(), sep: None },
        AggFunc::ListAgg => State::Concat(None, ",".into()),
        AggFunc::Collect => State::Bag { entries: Vec::new(), seq: 0, capacity: 16 },
        AggFunc::ArrayAgg => State::Items { items: Vec::new(), unmatched: Vec::new() },
    }
}

/// `a` better than `b` for MIN (less) or MAX (greater).
fn better(func: AggFunc, a: &Value, b: &Value) -> bool {
    match a.sql_cmp(b) {
        Some(Ordering::Less) => func == AggFunc::Min,
        Some(Ordering::Greater) => func == AggFunc::Max,
        _ => false,
    }
}

fn text(v: &Value) -> String {
    match v {
        Value::String(s) => s.to_string(),
        other => format!("{:?}", other),
    }
}

fn accumulate(state: &mut State, spec: &CallSpec, v: &Value, sep: Option<&Value>, order: u64) {
    match state {
        State::Count(n) => {
            if spec.func == AggFunc::Count1 || !v.is_null() {
                *n += 1;
            }
        }
        State::Sum { sum, count } => {
            if !v.is_null() {
                *sum = if sum.is_null() { cast_sum(v, &spec.ty) } else { add(sum, v, &spec.ty, false) };
                *count += 1;
            }
        }
        State::Avg { sum, count } => {
            if !v.is_null() {
                let t = avg_sum_type(&spec.ty);
                *sum = if sum.is_null() { cast_sum(v, &t) } else { add(sum, v, &t, false) };
                *count += 1;
            }
        }
        State::Extreme(best) => {
            if !v.is_null() && (best.is_null() || better(spec.func, v, best)) {
                *best = v.clone();
            }
        }
        State::ExtremeRetract { best, counts, size } => {
            if v.is_null() {
                return;
            }
            if *size == 0 || better(spec.func, v, best) {
                *best = v.clone();
            }
            let i = counts.iter().position(|(x, _)| x == v);
            let c = i.map(|i| counts[i].1).unwrap_or(0) + 1;
            match (i, c) {
                (Some(i), 0) => {
                    counts.remove(i);
                }
                (Some(i), c) => counts[i].1 = c,
                (None, c) => counts.push((v.clone(), c)),
            }
            if c == 1 {
                *size += 1;
            }
        }
        State::Pick(p, at) => {
            if !v.is_null() && (spec.func == AggFunc::LastValue || p.is_null()) {
                *p = v.clone();
                *at = order;
            }
        }
        State::PickRetract { by_order, orders, pick } => {
            if v.is_null() {
                return;
            }
            match orders.iter_mut().find(|(x, _)| x == v) {
                Some((_, list)) => list.push(order),
                None => orders.push((v.clone(), vec![order])),
            }
            let replace = match pick {
                None => true,
                Some((o, _)) => {
                    if spec.func == AggFunc::FirstValue {
                        *o > order
                    } else {
                        *o <= order
                    }
                }
            };
            if replace {
                *pick = Some((order, v.clone()));
            }
            by_order.entry(order).or_default().push(v.clone());
        }
        State::Concat(acc, delim) => {
            let sep = sep.map(text).unwrap_or_else(|| ",".into());
            if v.is_null() {
                *delim = sep;
                return;
            }
            let s = text(v);
            *acc = Some(match acc.take() {
                None => s,
                Some(prev) => format!("{}{}{}", prev, sep, s),
            });
            *delim = sep;
        }
        State::Bag { .. } => bag_add(state, v, 1),
        State::Items { items, unmatched } => match unmatched.iter().position(|x| x == v) {
            Some(i) => {
                unmatched.remove(i);
            }
            None => items.push(v.clone()),
        },
        State::List { items, sep: list_sep, .. } => {
            if !v.is_null() {
                items.push(text(v));
                if let Some(s) = sep {
                    *list_sep = Some(text(s));
                }
            }
        }
    }
}

fn retract_value(state: &mut State, spec: &CallSpec, v: &Value) {
    match state {
        State::Count(n) => {
            if spec.func == AggFunc::Count1 || !v.is_null() {
                *n -= 1;
            }
        }
        State::Sum { sum, count } | State::Avg { sum, count } => {
            if !v.is_null() {
                let t = if spec.func == AggFunc::Avg { avg_sum_type(&spec.ty) } else { spec.ty.clone() };
                let base = if sum.is_null() { zero(&t) } else { sum.clone() };
                *sum = add(&base, v, &t, true);
                *count -= 1;
            }
        }
        State::Extreme(_) | State::Pick(..) | State::Concat(..) => {}
        State::ExtremeRetract { best, counts, size } => {
            if v.is_null() {
                return;
            }
            let i = counts.iter().position(|(x, _)| x == v);
            let c = i.map(|i| counts[i].1).unwrap_or(0) - 1;
            if c == 0 {
                if let Some(i) = i {
                    counts.remove(i);
                }
                *size -= 1;
                if *size == 0 {
                    *best = Value::Null;
                    return;
                }
                if v == best {
                    // the extreme left: scan every value kept (negative counts too)
                    let mut found: Option<Value> = None;
                    for (x, _) in counts.iter() {
                        if found.as_ref().is_none_or(|f| better(spec.func, x, f)) {
                            found = Some(x.clone());
                        }
                    }
                    match found {
                        Some(f) => *best = f,
                        None => {
                            *size = 0;
                            *best = Value::Null;
                        }
                    }
                }
            } else {
                match i {
                    Some(i) => counts[i].1 = c,
                    None => counts.push((v.clone(), c)),
                }
            }
        }
        State::PickRetract { by_order, orders, pick } => {
            if v.is_null() {
                return;
            }
            let Some(pos) = orders.iter().position(|(x, _)| x == v) else { return };
            let order = orders[pos].1.remove(0);
            if orders[pos].1.is_empty() {
                orders.remove(pos);
            }
            if let Some(list) = by_order.get_mut(&order) {
                if let Some(i) = list.iter().position(|x| x == v) {
                    list.remove(i);
                }
                if list.is_empty() {
                    by_order.remove(&order);
                }
            }
            if let Some((start, current)) = pick.clone() {
                if &current == v {
                    *pick = if spec.func == AggFunc::FirstValue {
                        by_order.range(start..).next().and_then(|(o, l)| l.first().map(|x| (*o, x.clone())))
                    } else {
                        by_order.range(..=start).next_back().and_then(|(o, l)| l.last().map(|x| (*o, x.clone())))
                    };
                }
            }
        }
        State::Bag { .. } => bag_add(state, v, -1),
        State::Items { items, unmatched } => match items.iter().position(|x| x == v) {
            Some(i) => {
                items.remove(i);
            }
            None => unmatched.push(v.clone()),
        },
        State::List { items, unmatched, .. } => {
            if v.is_null() {
                return;
            }
            let s = text(v);
            match items.iter().position(|x| *x == s) {
                Some(i) => {
                    items.remove(i);
                }
                None => unmatched.push(s),
            }
        }
    }
}

/// COLLECT's `accumulate` (`by` 1) and `retract` (-1): NULL is ignored; a count that reaches 0
/// removes the value, a retraction of a value it does not hold stores -1 (`CollectAggFunction`).
fn bag_add(state: &mut State, v: &Value, by: i64) {
    let State::Bag { entries, seq, capacity } = state else { return };
    if v.is_null() {
        return;
    }
    match entries.iter().position(|e| e.0 == *v) {
        Some(i) => {
            entries[i].1 += by;
            if entries[i].1 == 0 {
                entries.remove(i);
            }
        }
        None => {
            *seq += 1;
            entries.push((v.clone(), by, *seq));
            while entries.len() * 4 > *capacity * 3 {
                *capacity *= 2;
            }
        }
    }
}

fn value(state: &State, spec: &CallSpec) -> Value {
    match state {
        State::Bag { entries, capacity, .. } => {
            let mut order: Vec<usize> = (0..entries.len()).collect();
            let hashes: Option<Vec<i32>> = entries.iter().map(|e| crate::value::flink_internal_hash(&e.0)).collect();
            let bucket = |h: i32| ((h ^ ((h as u32) >> 16) as i32) as u32 as usize) & (*capacity - 1);
            match hashes {
                Some(h) => crate::sort::sort_by_key(&mut order, |&i| (bucket(h[i]), entries[i].2)),
                None => crate::sort::sort_by_key(&mut order, |&i| entries[i].2),
            }
            Value::Map(std::sync::Arc::new(
                order.iter().map(|&i| (entries[i].0.clone(), Value::Int(entries[i].1 as i32))).collect(),
            ))
        }
        State::Items { items, .. } => {
            if items.is_empty() {
                Value::Null
            } else {
                Value::Array(std::sync::Arc::new(items.clone()))
            }
        }
        State::Count(n) => Value::BigInt(*n),
        State::Sum { sum, count } => {
            if spec.retract && *count == 0 {
                Value::Null
            } else {
                sum.clone()
            }
        }
        State::Avg { sum, count } => {
            if *count == 0 || sum.is_null() {
                return Value::Null;
            }
            average(sum, *count, &spec.ty)
        }
        State::Extreme(v) | State::Pick(v, _) => v.clone(),
        State::ExtremeRetract { best, size, .. } => {
            if *size > 0 {
                best.clone()
            } else {
                Value::Null
            }
        }
        State::PickRetract { pick, .. } => pick.as_ref().map(|(_, v)| v.clone()).unwrap_or(Value::Null),
        State::Concat(s, _) => s.as_ref().map(|s| Value::str(s)).unwrap_or(Value::Null),
        State::List { items, sep, .. } => {
            if items.is_empty() {
                Value::Null
            } else {
                Value::str(&items.join(sep.as_deref().unwrap_or(",")))
            }
        }
    }
}

/// `a + b` where either may be NULL (no value yet): the declarative functions' merge.
fn add_nullable(a: &Value, b: &Value, t: &DataType) -> Value {
    match (a.is_null(), b.is_null()) {
        (_, true) => a.clone(),
        (true, false) => cast_sum(b, t),
        (false, false) => add(a, b, t, false),
    }
}

fn merge_state(state: &mut State, spec: &CallSpec, other: &State) {
    if let State::Bag { entries, .. } = other {
        for (v, n, _) in entries {
            bag_add(state, v, *n);
        }
        return;
    }
    if let (State::Items { items, .. }, State::Items { items: o, .. }) = (&mut *state, other) {
        items.extend(o.iter().cloned());
        return;
    }
    match (state, other) {
        (State::Count(n), State::Count(m)) => *n += m,
        (State::Sum { sum, count }, State::Sum { sum: osum, count: ocount }) => {
            *sum = add_nullable(sum, osum, &spec.ty);
            *count += ocount;
        }
        (State::Avg { sum, count }, State::Avg { sum: osum, count: ocount }) => {
            *sum = add_nullable(sum, osum, &avg_sum_type(&spec.ty));
            *count += ocount;
        }
        (State::Extreme(best), State::Extreme(o)) if !o.is_null() && (best.is_null() || better(spec.func, o, best)) => {
            *best = o.clone();
        }
        (
            State::ExtremeRetract { best, counts, size },
            State::ExtremeRetract { best: obest, counts: ocounts, size: osize },
        ) => {
            // MaxWithRetractAggFunction.merge (MinWithRetract mirrors it)
            if *size == 0 || (*osize > 0 && !obest.is_null() && better(spec.func, obest, best)) {
                *best = obest.clone();
            }
            let mut update = false;
            for (k, oc) in ocounts {
                let i = counts.iter().position(|(x, _)| x == k);
                let this = i.map(|i| counts[i].1).unwrap_or(0);
                let merged = oc + this;
                if merged == 0 {
                    if let Some(i) = i {
                        counts.remove(i);
                    }
                } else {
                    match i {
                        Some(i) => counts[i].1 = merged,
                        None => counts.push((k.clone(), merged)),
                    }
                }
                if merged <= 0 && this > 0 {
                    *size -= 1;
                    if k == best {
                        update = true;
                    }
                } else if merged > 0 && this <= 0 {
                    *size += 1;
                }
            }
            if update {
                let mut found: Option<Value> = None;
                for (x, _) in counts.iter() {
                    if found.as_ref().is_none_or(|f| better(spec.func, x, f)) {
                        found = Some(x.clone());
                    }
                }
                match found {
                    Some(f) => *best = f,
                    None => {
                        *size = 0;
                        *best = Value::Null;
                    }
                }
            }
        }
        (State::Pick(v, at), State::Pick(ov, oat)) => {
            if ov.is_null() {
                return;
            }
            let take = v.is_null() || if spec.func == AggFunc::FirstValue { oat < at } else { oat >= at };
            if take {
                *v = ov.clone();
                *at = *oat;
            }
        }
        (State::PickRetract { by_order, orders, pick }, State::PickRetract { by_order: ob, orders: oo, .. }) => {
            for (o, list) in ob {
                by_order.entry(*o).or_default().extend(list.iter().cloned());
            }
            for (v, list) in oo {
                match orders.iter_mut().find(|(x, _)| x == v) {
                    Some((_, mine)) => {
                        mine.extend(list.iter().copied());
                        crate::sort::sort(mine);
                    }
                    None => orders.push((v.clone(), list.clone())),
                }
            }
            *pick = if spec.func == AggFunc::FirstValue {
                by_order.iter().next().and_then(|(o, l)| l.first().map(|x| (*o, x.clone())))
            } else {
                by_order.iter().next_back().and_then(|(o, l)| l.last().map(|x| (*o, x.clone())))
            };
        }
        (State::Concat(acc, delim), State::Concat(oacc, odelim)) => {
            // ListAggFunction.mergeExpressions: the other side's delimiter joins and stays
            if let Some(o) = oacc {
                *acc = Some(match acc.take() {
                    None => o.clone(),
                    Some(mine) => format!("{}{}{}", mine, odelim, o),
                });
            }
            *delim = odelim.clone();
        }
        (State::List { items, unmatched, sep }, State::List { items: oi, unmatched: ou, sep: osep }) => {
            // ListAggWsWithRetractAggFunction.merge
            if oi.is_empty() && ou.is_empty() {
                return;
            }
            *sep = osep.clone();
            items.extend(oi.iter().cloned());
            let pending: Vec<String> = unmatched.drain(..).chain(ou.iter().cloned()).collect();
            for r in pending {
                match items.iter().position(|x| *x == r) {
                    Some(i) => {
                        items.remove(i);
                    }
                    None => unmatched.push(r),
                }
            }
        }
        // accumulators of one spec always have the same shape
        _ => {}
    }
}

/// The type AVG sums in: BIGINT for integers, DOUBLE for FLOAT and DOUBLE, DECIMAL(38, s).
fn avg_sum_type(result: &DataType) -> DataType {
    let kind = match &result.kind {
        k if k.is_integer() => TypeKind::BigInt,
        TypeKind::Float | TypeKind::Double => TypeKind::Double,
        TypeKind::Decimal { .. } => TypeKind::Decimal { precision: 38, scale: 18 },
        k => k.clone(),
    };
    DataType::new(kind, true)
}

fn zero(t: &DataType) -> Value {
    match &t.kind {
        TypeKind::TinyInt => Value::TinyInt(0),
        TypeKind::SmallInt => Value::SmallInt(0),
        TypeKind::Int => Value::Int(0),
        TypeKind::BigInt => Value::BigInt(0),
        TypeKind::Float => Value::Float(0.0),
        TypeKind::Double => Value::Double(0.0),
        TypeKind::Decimal { .. } => Value::decimal(Decimal::new(0, 0)),
        _ => Value::Null,
    }
}

/// A value as the sum's type holds it.
fn cast_sum(v: &Value, t: &DataType) -> Value {
    add(&zero(t), v, t, false)
}

/// `a + b` (or `a - b`) in the sum's type, wrapping like Java.
fn add(a: &Value, b: &Value, t: &DataType, minus: bool) -> Value {
    match &t.kind {
        k if k.is_integer() => {
            let (x, y) = (a.as_i64().unwrap_or(0), b.as_i64().unwrap_or(0));
            let r = if minus { x.wrapping_sub(y) } else { x.wrapping_add(y) };
            match k {
                TypeKind::TinyInt => Value::TinyInt(r as i8),
                TypeKind::SmallInt => Value::SmallInt(r as i16),
                TypeKind::Int => Value::Int(r as i32),
                _ => Value::BigInt(r),
            }
        }
        TypeKind::Float => {
            let (x, y) = (a.as_f64().unwrap_or(0.0) as f32, b.as_f64().unwrap_or(0.0) as f32);
            Value::Float(if minus { x - y } else { x + y })
        }
        TypeKind::Double => {
            let (x, y) = (a.as_f64().unwrap_or(0.0), b.as_f64().unwrap_or(0.0));
            Value::Double(if minus { x - y } else { x + y })
        }
        TypeKind::Decimal { .. } => {
            let dec = |v: &Value| match v {
                Value::Decimal(d) => Some(**d),
                other => other.as_i64().map(Decimal::from_i64),
            };
            match (dec(a), dec(b)) {
                (Some(x), Some(y)) => {
                    let r = if minus { x.checked_sub(&y) } else { x.checked_add(&y) };
                    r.and_then(|d| d.fit(38, d.scale)).map(Value::decimal).unwrap_or(Value::Null)
                }
                _ => Value::Null,
            }
        }
        _ => Value::Null,
    }
}

/// `sum / count` in AVG's result type.
fn average(sum: &Value, count: i64, ty: &DataType) -> Value {
    match &ty.kind {
        k if k.is_integer() => {
            let q = sum.as_i64().unwrap_or(0).wrapping_div(count);
            match k {
                TypeKind::TinyInt => Value::TinyInt(q as i8),
                TypeKind::SmallInt => Value::SmallInt(q as i16),
                TypeKind::Int => Value::Int(q as i32),
                _ => Value::BigInt(q),
            }
        }
        TypeKind::Float => Value::Float((sum.as_f64().unwrap_or(0.0) / count as f64) as f32),
        TypeKind::Double => Value::Double(sum.as_f64().unwrap_or(0.0) / count as f64),
        TypeKind::Decimal { scale, .. } => match sum {
            Value::Decimal(d) => {
                d.checked_div(&Decimal::from_i64(count), *scale).map(Value::decimal).unwrap_or(Value::Null)
            }
            _ => Value::Null,
        },
        _ => Value::Null,
    }
}

#[cfg(test)]
mod merge_tests;
