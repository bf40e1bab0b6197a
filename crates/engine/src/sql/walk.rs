//! Walking a SQL expression's sub-expressions (not into subqueries), to find the aggregate
//! calls of a query block the way Calcite's validator does before it binds anything.

use sqlparser::ast::{Expr, Function, FunctionArg, FunctionArgExpr, FunctionArguments, InTarget};

/// The expressions directly inside `e` (a subquery's are its own block's).
pub fn children(e: &Expr) -> Vec<&Expr> {
    match e {
        Expr::IsFalse(x)
        | Expr::IsNotFalse(x)
        | Expr::IsTrue(x)
        | Expr::IsNotTrue(x)
        | Expr::IsNull(x)
        | Expr::IsNotNull(x)
        | Expr::IsUnknown(x)
        | Expr::IsNotUnknown(x)
        | Expr::Nested(x)
        | Expr::UnaryOp { expr: x, .. }
        | Expr::Cast { expr: x, .. }
        | Expr::Extract { expr: x, .. }
        | Expr::Ceil { expr: x, .. }
        | Expr::Floor { expr: x, .. }
        | Expr::Collate { expr: x, .. } => vec![x],
        Expr::IsDistinctFrom(a, b) | Expr::IsNotDistinctFrom(a, b) => vec![a, b],
        Expr::BinaryOp { left, right, .. } => vec![left, right],
        Expr::AtTimeZone { timestamp, time_zone } => vec![timestamp, time_zone],
        Expr::Position { expr, r#in } => vec![expr, r#in],
        Expr::Between { expr, low, high, .. } => vec![expr, low, high],
        Expr::In { expr, target, .. } => {
            let mut v: Vec<&Expr> = vec![expr];
            if let InTarget::List(l) = target {
                v.extend(l.iter());
            }
            v
        }
        Expr::Like { expr, pattern, .. }
        | Expr::ILike { expr, pattern, .. }
        | Expr::SimilarTo { expr, pattern, .. }
        | Expr::RLike { expr, pattern, .. } => vec![expr, pattern],
        Expr::Substring { expr, substring_from, substring_for, .. } => {
            let mut v: Vec<&Expr> = vec![expr];
            v.extend(substring_from.iter().map(|b| &**b));
            v.extend(substring_for.iter().map(|b| &**b));
            v
        }
        Expr::Trim { expr, trim_what, trim_characters, .. } => {
            let mut v: Vec<&Expr> = vec![expr];
            v.extend(trim_what.iter().map(|b| &**b));
            if let Some(cs) = trim_characters {
                v.extend(cs.iter());
            }
            v
        }
        Expr::Case { operand, conditions, else_result, .. } => {
            let mut v: Vec<&Expr> = Vec::new();
            v.extend(operand.iter().map(|b| &**b));
            for c in conditions {
                v.push(&c.condition);
                v.push(&c.result);
            }
            v.extend(else_result.iter().map(|b| &**b));
            v
        }
        Expr::Function(f) => function_args(f),
        Expr::Tuple(items) => items.iter().collect(),
        Expr::Array(a) => a.elem.iter().collect(),
        Expr::CompoundFieldAccess { root, .. } => vec![root],
        _ => Vec::new(),
    }
}

/// A call's argument expressions and its FILTER condition.
pub fn function_args(f: &Function) -> Vec<&Expr> {
    let mut v: Vec<&Expr> = Vec::new();
    if let FunctionArguments::List(l) = &f.args {
        for a in &l.args {
            match a {
                FunctionArg::Unnamed(FunctionArgExpr::Expr(e))
                | FunctionArg::Named { arg: FunctionArgExpr::Expr(e), .. } => v.push(e),
                _ => {}
            }
        }
    }
    if let Some(fl) = &f.filter {
        v.push(fl);
    }
    v
}

/// The function's name, upper-cased (the last part of a qualified name).
pub fn function_name(f: &Function) -> String {
    f.name.0.last().and_then(|p| p.as_ident()).map(|i| i.value.to_ascii_uppercase()).unwrap_or_default()
}

/// The first call (depth first, outermost first) for which `pred` holds.
pub fn find_call<'e>(e: &'e Expr, pred: &dyn Fn(&Function) -> bool) -> Option<&'e Expr> {
    if let Expr::Function(f) = e {
        if pred(f) {
            return Some(e);
        }
    }
    children(e).into_iter().find_map(|c| find_call(c, pred))
}
