//! The order in which the oracle prints a MAP or MULTISET value: Flink converts the internal map
//! to a `java.util.HashMap` (`MapMapConverter.toExternal`, entries put in the internal order)
//! and the oracle prints its `entrySet()`, so entries come in Java's bucket order:
//!
//! ```text
//!   spread(k) = h ^ (h >>> 16)   with h = k.hashCode()  (String, Integer, Long, Boolean, Double, …)
//!   bucket(k) = spread(k) & (capacity - 1)  capacity 16, doubled when size > 3/4 · capacity
//!   order     = by bucket, then by insertion
//! ```
//! (Java turns a bucket of 8 or more entries into a tree; small maps never get there.) The
//! internal order — what UNNEST, MAP_KEYS and MAP_VALUES see — is the written order.

use super::Value;

/// Java's `hashCode()` of the external object of a value; None where JoinLab does not know it
/// (the map then prints in its internal order).
pub fn java_hash(v: &Value) -> Option<i32> {
    Some(match v {
        Value::Null => 0,
        Value::Bool(b) => {
            if *b {
                1231
            } else {
                1237
            }
        }
        Value::TinyInt(x) => *x as i32,
        Value::SmallInt(x) => *x as i32,
        Value::Int(x) => *x,
        Value::BigInt(x) => (*x ^ ((*x as u64) >> 32) as i64) as i32,
        Value::String(s) => s.encode_utf16().fold(0i32, |h, c| h.wrapping_mul(31).wrapping_add(c as i32)),
        Value::Double(d) => {
            let bits = if d.is_nan() { 0x7ff8_0000_0000_0000u64 } else { d.to_bits() };
            (bits ^ (bits >> 32)) as i32
        }
        Value::Float(f) => {
            if f.is_nan() {
                0x7fc0_0000
            } else {
                f.to_bits() as i32
            }
        }
        _ => return None,
    })
}

/// The positions of a map's entries in the order a `java.util.HashMap` filled with them (in
/// this order) iterates.
pub fn hash_map_order(keys: &[&Value]) -> Vec<usize> {
    let hashes: Option<Vec<i32>> = keys.iter().map(|k| java_hash(k)).collect();
    let Some(hashes) = hashes else {
        return (0..keys.len()).collect();
    };
    let mut capacity = 16usize;
    while keys.len() * 4 > capacity * 3 {
        capacity *= 2;
    }
    let bucket = |h: i32| ((h ^ ((h as u32) >> 16) as i32) as u32 as usize) & (capacity - 1);
    let mut order: Vec<usize> = (0..keys.len()).collect();
    order.sort_by_key(|&i| bucket(hashes[i]));
    order
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn orders_as_the_oracle_prints() {
        // oracle: {b=2, a=1, c=3, zz=9, Aa=5, BB=6} prints {zz=9, Aa=5, BB=6, a=1, b=2, c=3}
        let ks: Vec<Value> = ["b", "a", "c", "zz", "Aa", "BB"].iter().map(|s| Value::str(s)).collect();
        let refs: Vec<&Value> = ks.iter().collect();
        assert_eq!(hash_map_order(&refs), vec![3, 4, 5, 1, 0, 2]);
        // {30=x, 1=y, 17=z, 16=w} prints {16=w, 1=y, 17=z, 30=x}
        let ks: Vec<Value> = [30, 1, 17, 16].iter().map(|&i| Value::Int(i)).collect();
        let refs: Vec<&Value> = ks.iter().collect();
        assert_eq!(hash_map_order(&refs), vec![3, 1, 2, 0]);
    }
}
