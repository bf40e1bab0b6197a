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

/// The `hashCode()` of the internal object Flink keeps a value as in its state (the keys of
/// the heap `HashMap` behind COLLECT's `MapView`): `BinaryStringData` hashes its UTF-8 bytes
/// with Murmur3 (seed 42, `MurmurHashUtil.hashBytes`), boxed numbers as Java does; None where
/// JoinLab does not know it.
pub fn flink_internal_hash(v: &Value) -> Option<i32> {
    match v {
        Value::String(s) => Some(murmur_bytes(s.as_bytes())),
        Value::Bool(_) | Value::TinyInt(_) | Value::SmallInt(_) | Value::Int(_) | Value::BigInt(_) => java_hash(v),
        Value::Double(_) | Value::Float(_) => java_hash(v),
        _ => None,
    }
}

fn mix_k1(k: u32) -> u32 {
    k.wrapping_mul(0xcc9e_2d51).rotate_left(15).wrapping_mul(0x1b87_3593)
}

fn mix_h1(h: u32, k: u32) -> u32 {
    (h ^ k).rotate_left(13).wrapping_mul(5).wrapping_add(0xe654_6b64)
}

/// `MurmurHashUtil.hashBytes` (little-endian words, then each remaining byte sign-extended).
fn murmur_bytes(b: &[u8]) -> i32 {
    let aligned = b.len() - b.len() % 4;
    let mut h: u32 = 42;
    for w in b[..aligned].chunks_exact(4) {
        h = mix_h1(h, mix_k1(u32::from_le_bytes([w[0], w[1], w[2], w[3]])));
    }
    for &x in &b[aligned..] {
        h = mix_h1(h, mix_k1(x as i8 as i32 as u32));
    }
    h ^= b.len() as u32;
    h ^= h >> 16;
    h = h.wrapping_mul(0x85eb_ca6b);
    h ^= h >> 13;
    h = h.wrapping_mul(0xc2b2_ae35);
    h ^= h >> 16;
    h as i32
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
    crate::sort::sort_by_key(&mut order, |&i| bucket(hashes[i]));
    order
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn internal_string_hash_orders_collect_as_the_oracle() {
        // COLLECT of b, a, c, zz: UNNEST gives a, c, zz, b (Murmur3 buckets of the UTF-8 bytes)
        let ks = ["b", "a", "c", "zz"];
        let mut order: Vec<usize> = (0..ks.len()).collect();
        let b = |s: &str| {
            let h = flink_internal_hash(&Value::str(s)).unwrap_or(0);
            ((h ^ ((h as u32) >> 16) as i32) as u32) & 15
        };
        order.sort_by_key(|&i| b(ks[i]));
        assert_eq!(order, vec![1, 2, 3, 0]);
    }

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
