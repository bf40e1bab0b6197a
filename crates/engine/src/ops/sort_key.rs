//! ORDER BY keys as Flink's generated record comparator sorts them
//! (`ComparatorCodeGenerator` / `GenerateUtils.generateCompare`): the columns in order, the
//! first difference decides.
//!
//! ```text
//!   NULL vs NULL           → equal
//!   NULL vs value          → first when nulls_first, else last (DESC does not flip it)
//!   value vs value         → Value::sql_cmp (strings by UTF-8 bytes), reversed for DESC
//!   NaN, or types sql_cmp cannot order → equal (`a > b ? 1 : a < b ? -1 : 0`); bytes unsigned
//! ```
//!
//! The planner fills `nulls_first` as Calcite's default collation does: NULLS FIRST for ASC,
//! NULLS LAST for DESC, unless the query says otherwise.

use std::cmp::Ordering;

use crate::value::Value;

/// One ORDER BY column.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SortKey {
    pub col: usize,
    pub desc: bool,
    pub nulls_first: bool,
}

impl SortKey {
    /// A column with Flink's default NULL order (first for ASC, last for DESC).
    pub fn new(col: usize, desc: bool) -> SortKey {
        SortKey { col, desc, nulls_first: !desc }
    }

    /// This column's order of two rows.
    pub fn compare(&self, a: &[Value], b: &[Value]) -> Ordering {
        compare_rows(std::slice::from_ref(self), a, b)
    }
}

/// Compares two rows by `order` (columns index the rows themselves).
pub fn compare_rows(order: &[SortKey], a: &[Value], b: &[Value]) -> Ordering {
    for k in order {
        let (x, y) = (a.get(k.col).unwrap_or(&Value::Null), b.get(k.col).unwrap_or(&Value::Null));
        let c = match (matches!(x, Value::Null), matches!(y, Value::Null)) {
            (true, true) => Ordering::Equal,
            (true, false) => null_side(k.nulls_first),
            (false, true) => null_side(k.nulls_first).reverse(),
            (false, false) => {
                let c = compare_values(x, y);
                if k.desc {
                    c.reverse()
                } else {
                    c
                }
            }
        };
        if c != Ordering::Equal {
            return c;
        }
    }
    Ordering::Equal
}

fn null_side(nulls_first: bool) -> Ordering {
    if nulls_first {
        Ordering::Less
    } else {
        Ordering::Greater
    }
}

/// Two non-NULL values in ascending order.
fn compare_values(x: &Value, y: &Value) -> Ordering {
    match (x, y) {
        (Value::Bytes(a), Value::Bytes(b)) => a.cmp(b),
        _ => x.sql_cmp(y).unwrap_or(Ordering::Equal),
    }
}

/// Where `row` goes in `rows` (sorted by `keys`) to keep the sort stable: after every row it
/// does not sort before.
pub fn insertion_point<T>(keys: &[SortKey], rows: &[T], row: &[Value], get: impl Fn(&T) -> &[Value]) -> usize {
    rows.partition_point(|r| compare_rows(keys, get(r), row) != Ordering::Greater)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn k(col: usize, desc: bool, nulls_first: bool) -> SortKey {
        SortKey { col, desc, nulls_first }
    }

    #[test]
    fn columns_in_order_with_direction_and_null_placement() {
        let asc = [k(0, false, true)];
        let desc = [k(0, true, false)];
        let (one, two, null) = (vec![Value::Int(1)], vec![Value::Int(2)], vec![Value::Null]);
        assert_eq!(compare_rows(&asc, &one, &two), Ordering::Less);
        assert_eq!(compare_rows(&desc, &one, &two), Ordering::Greater);
        // Flink's defaults: NULLS FIRST for ASC, NULLS LAST for DESC
        assert_eq!(compare_rows(&asc, &null, &one), Ordering::Less);
        assert_eq!(compare_rows(&desc, &null, &one), Ordering::Greater);
        // DESC NULLS FIRST: the NULL still comes first
        assert_eq!(compare_rows(&[k(0, true, true)], &null, &two), Ordering::Less);
        assert_eq!(compare_rows(&asc, &null, &null), Ordering::Equal);
        // second column breaks the tie
        let order = [k(0, false, true), k(1, true, false)];
        let a = vec![Value::Int(1), Value::String("p1".into())];
        let b = vec![Value::Int(1), Value::String("p2".into())];
        assert_eq!(compare_rows(&order, &a, &b), Ordering::Greater);
    }

    #[test]
    fn strings_by_utf8_bytes_and_nan_ties() {
        let asc = [k(0, false, true)];
        // 'Z' (0x5A) before 'a' (0x61), 'é' (0xC3 0xA9) after 'z'
        let z = vec![Value::String("Z".into())];
        let a = vec![Value::String("a".into())];
        let e = vec![Value::String("é".into())];
        assert_eq!(compare_rows(&asc, &z, &a), Ordering::Less);
        assert_eq!(compare_rows(&asc, &e, &a), Ordering::Greater);
        let nan = vec![Value::Double(f64::NAN)];
        assert_eq!(compare_rows(&asc, &nan, &[Value::Double(1.0)]), Ordering::Equal);
    }
}

#[cfg(test)]
mod window_tests {
    use super::*;

    fn row(v: Option<i32>, s: &str) -> Vec<Value> {
        vec![v.map(Value::Int).unwrap_or(Value::Null), Value::str(s)]
    }

    #[test]
    fn nulls_first_ascending_last_descending() {
        let asc = [SortKey::new(0, false)];
        let desc = [SortKey::new(0, true)];
        let (null, one, two) = (row(None, ""), row(Some(1), ""), row(Some(2), ""));
        assert_eq!(compare_rows(&asc, &null, &one), Ordering::Less);
        assert_eq!(compare_rows(&asc, &one, &two), Ordering::Less);
        assert_eq!(compare_rows(&desc, &null, &one), Ordering::Greater);
        assert_eq!(compare_rows(&desc, &one, &two), Ordering::Greater);
        assert_eq!(compare_rows(&desc, &null, &null), Ordering::Equal);
        // an explicit NULLS FIRST on a DESC key
        let k = [SortKey { col: 0, desc: true, nulls_first: true }];
        assert_eq!(compare_rows(&k, &null, &two), Ordering::Less);
    }

    #[test]
    fn later_keys_break_ties_and_strings_compare_by_bytes() {
        let keys = [SortKey::new(0, true), SortKey::new(1, false)];
        assert_eq!(compare_rows(&keys, &row(Some(30), "b"), &row(Some(30), "a")), Ordering::Greater);
        // 'Z' (0x5A) sorts before 'a' (0x61), 'é' (0xC3 0xA9) after 'z'
        let s = [SortKey::new(1, false)];
        assert_eq!(compare_rows(&s, &row(None, "Z"), &row(None, "a")), Ordering::Less);
        assert_eq!(compare_rows(&s, &row(None, "é"), &row(None, "z")), Ordering::Greater);
        let rows = vec![row(Some(1), "x"), row(Some(2), "y"), row(Some(2), "z"), row(Some(3), "w")];
        let at = insertion_point(&[SortKey::new(0, false)], &rows, &row(Some(2), "new"), |r| r);
        assert_eq!(at, 3, "after the rows it ties with");
    }
}
