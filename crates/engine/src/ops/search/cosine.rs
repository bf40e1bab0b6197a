//! VECTOR_SEARCH_AGG's ranking: exact cosine similarity, JoinLab's own (the providers use
//! approximate indexes; WAVE2-RESEARCH §1.3 documents no metric). score = a·b / (|a|·|b|),
//! computed in DOUBLE from the FLOAT values.

use crate::value::Value;

/// A vector value's components (None: NULL; Err: a NULL component).
pub fn components(v: &Value) -> Result<Option<Vec<f64>>, String> {
    match v {
        Value::Null => Ok(None),
        Value::Array(a) => a
            .iter()
            .map(|x| match x {
                Value::Float(f) => Ok(f64::from(*f)),
                Value::Double(d) => Ok(*d),
                Value::Null => Err("a vector with a NULL component".to_string()),
                other => other.as_f64().ok_or_else(|| "a vector component that is not a number".to_string()),
            })
            .collect::<Result<Vec<f64>, String>>()
            .map(Some),
        _ => Err("a value that is not an array".to_string()),
    }
}

pub fn norm(v: &[f64]) -> f64 {
    v.iter().map(|x| x * x).sum::<f64>().sqrt()
}

/// The cosine of `q` (of norm `qn`, not 0) and `d` (of norm `dn`); Err when the lengths differ
/// or `d` is zero.
pub fn cosine(q: &[f64], qn: f64, d: &[f64], dn: f64) -> Result<f64, String> {
    if q.len() != d.len() {
        return Err(format!("dimension mismatch: the search vector has {} components, the row's {}", q.len(), d.len()));
    }
    if dn == 0.0 {
        return Err("the row's vector is a zero vector (its cosine is undefined)".to_string());
    }
    let dot: f64 = q.iter().zip(d).map(|(a, b)| a * b).sum();
    Ok(dot / (qn * dn))
}
