//! Calcite's naming of output columns: a repeated name gets 0, 1, … appended.

use sqlparser::ast::SelectItem;

/// Calcite's `uniquify`: a repeated name gets 0, 1, … appended.
pub fn uniquify(names: &mut [String]) {
    let mut used: Vec<String> = Vec::new();
    for n in names.iter_mut() {
        if used.contains(n) {
            let base = n.clone();
            let mut j = 0;
            loop {
                let cand = format!("{}{}", base, j);
                if !used.contains(&cand) {
                    *n = cand;
                    break;
                }
                j += 1;
            }
        }
        used.push(n.clone());
    }
}

/// Uniquifies select-list names: explicit aliases keep theirs, derived names yield (`extra`:
/// unnamed items after `items`, the ORDER BY keys of a Top-N).
pub fn uniquify_keeping_aliases(names: &mut [String], items: &[SelectItem], extra: usize) {
    // expand the item kinds to one flag per output column: aliased or not
    let mut aliased = Vec::new();
    for it in items {
        match it {
            SelectItem::ExprWithAlias { .. } => aliased.push(true),
            _ => aliased.push(false),
        }
    }
    aliased.extend(std::iter::repeat_n(false, extra));
    if aliased.len() != names.len() {
        // wildcards expand to several columns: treat all as derived
        uniquify(names);
        return;
    }
    let mut used: Vec<String> = names.iter().zip(&aliased).filter(|(_, a)| **a).map(|(n, _)| n.clone()).collect();
    let mut seen_alias: Vec<String> = Vec::new();
    for (i, n) in names.iter_mut().enumerate() {
        if aliased[i] {
            if seen_alias.contains(n) {
                // a repeated alias is uniquified too
                let base = n.clone();
                let mut j = 0;
                while used.contains(&format!("{}{}", base, j)) {
                    j += 1;
                }
                *n = format!("{}{}", base, j);
                used.push(n.clone());
            }
            seen_alias.push(n.clone());
            continue;
        }
        if used.contains(n) {
            let base = n.clone();
            let mut j = 0;
            while used.contains(&format!("{}{}", base, j)) {
                j += 1;
            }
            *n = format!("{}{}", base, j);
        }
        used.push(n.clone());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn uniquify_like_calcite() {
        let mut v = vec!["id".to_string(), "id".into(), "id".into()];
        uniquify(&mut v);
        assert_eq!(v, vec!["id", "id0", "id1"]);
    }
}
