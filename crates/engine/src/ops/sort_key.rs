//! The ORDER BY of a Top-N: how Flink's generated `RecordComparator` orders two rows. Column by
//! column; NULL against a value goes by `nulls_first` alone (whatever the direction: the planner
//! fills it in, Flink's default being NULLs first for ASC and last for DESC), two NULLs are
//! equal; values compare as [`Value::sql_cmp`] does (strings by their UTF-8 bytes), reversed for
//! DESC; values that do not compare (NaN) are equal.

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
        let (x, y) = (a.get(self.col).unwrap_or(&Value::Null), b.get(self.col).unwrap_or(&Value::Null));
        match (x.is_null(), y.is_null()) {
            (true, true) => Ordering::Equal,
            (true, false) => {
                if self.nulls_first {
                    Ordering::Less
                } else {
                    Ordering::Greater
                }
            }
            (false, true) => {
                if self.nulls_first {
                    Ordering::Greater
                } else {
                    Ordering::Less
                }
            }
            (false, false) => {
                let o = x.sql_cmp(y).unwrap_or(Ordering::Equal);
                if self.desc {
                    o.reverse()
                } else {
                    o
                }
            }
        }
    }
}

/// The order of two rows by `keys` (equal when every key is).
pub fn compare_rows(keys: &[SortKey], a: &[Value], b: &[Value]) -> Ordering {
    for k in keys {
        let o = k.compare(a, b);
        if o != Ordering::Equal {
            return o;
        }
    }
    Ordering::Equal
}

/// Where `row` goes in `rows` (sorted by `keys`) to keep the sort stable: after every row it
/// does not sort before.
pub fn insertion_point<T>(keys: &[SortKey], rows: &[T], row: &[Value], get: impl Fn(&T) -> &[Value]) -> usize {
    rows.partition_point(|r| compare_rows(keys, get(r), row) != Ordering::Greater)
}

#[cfg(test)]
mod tests {
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
