//! Confluent's lateral table functions over the rows so far (WAVE2-RESEARCH §1, §3):
//! `FROM t, LATERAL TABLE(f(…)) [AS a[(cols)]]` and `CROSS JOIN LATERAL TABLE(f(…))` with
//! f one of KEY_SEARCH_AGG, TEXT_SEARCH_AGG, VECTOR_SEARCH_AGG (a [`Node::Search`]) or
//! AI_EMBEDDING / ML_PREDICT (a Calc adding the model's output column, JoinLab's built-in
//! deterministic embedding, see `expr::embedding`).
//!
//! Argument roles of the search functions (§1.1 is ambiguous): the DESCRIPTOR column is looked
//! for on the external table first — then the next argument is the search value, an expression
//! over the input row; else on the input row — then it is the search value and the next
//! argument names the external table's column. The reading is kept for the trace (`roles`).

use sqlparser::ast::{Expr as SqlExpr, FunctionArg, FunctionArgExpr, ObjectName, TableAlias, TableFactor};

use crate::catalog::external::{is_vector, Connector, SearchKind};
use crate::error::{Error, Pos, Result};
use crate::expr::bind::{bind_scalar, calcite_error, Scope, ScopeField};
use crate::expr::{Expr, Op};
use crate::kinds::Dialect;
use crate::plan::rel::{Field, Node, Rel, SearchNode};
use crate::sql::span_of;
use crate::types::{DataType, TypeKind};

use super::{alias_name, Binder, Bound};

/// A `LATERAL TABLE(f(…))` of one of Confluent's functions.
pub(super) struct LateralCall<'a> {
    pub f: &'a sqlparser::ast::Function,
    pub alias: &'a Option<TableAlias>,
}

const FUNCTIONS: &[&str] =
    &["KEY_SEARCH_AGG", "TEXT_SEARCH_AGG", "VECTOR_SEARCH_AGG", "AI_EMBEDDING", "ML_PREDICT", "VECTOR_SEARCH"];

/// The call, when `tf` is `[LATERAL] TABLE(f(…))` of one of Confluent's functions.
pub(super) fn lateral_call(tf: &TableFactor) -> Option<LateralCall<'_>> {
    let (inner, alias) = match tf {
        TableFactor::Function { name, args, alias, .. } if name.to_string().eq_ignore_ascii_case("TABLE") => {
            match args.as_slice() {
                [FunctionArg::Unnamed(FunctionArgExpr::Expr(e))] => (e, alias),
                _ => return None,
            }
        }
        TableFactor::TableFunction { expr, alias } => (expr, alias),
        _ => return None,
    };
    match inner {
        SqlExpr::Function(f) if FUNCTIONS.iter().any(|n| f.name.to_string().eq_ignore_ascii_case(n)) => {
            Some(LateralCall { f, alias })
        }
        _ => None,
    }
}

/// The options of the optional MAP argument (§1.1) and their types.
const MAP_OPTIONS: &[(&str, &str)] = &[
    ("async_enabled", "BOOLEAN"),
    ("client_timeout", "INT"),
    ("debug", "BOOLEAN"),
    ("max_parallelism", "INT"),
    ("retry_count", "INT"),
    ("retry_error_list", "STRING"),
];

fn string_literal(e: &SqlExpr) -> Option<String> {
    match e {
        SqlExpr::Value(v) => match &v.value {
            sqlparser::ast::Value::SingleQuotedString(s) => Some(s.clone()),
            _ => None,
        },
        _ => None,
    }
}

/// The parts of a column or table name (`o.customer_id` → two).
pub(super) fn name_parts(e: &SqlExpr) -> Option<Vec<String>> {
    match e {
        SqlExpr::Identifier(i) => Some(vec![i.value.clone()]),
        SqlExpr::CompoundIdentifier(ids) => Some(ids.iter().map(|i| i.value.clone()).collect()),
        _ => None,
    }
}

pub(super) fn args_of(f: &sqlparser::ast::Function) -> Result<Vec<&SqlExpr>> {
    let mut out = Vec::new();
    for a in crate::sql::list_args(f) {
        match a {
            FunctionArg::Unnamed(FunctionArgExpr::Expr(e)) => out.push(e),
            _ => {
                let (s, e) = crate::sql::call_span(f);
                return Err(Error::unsupported(format!("named arguments of {}", f.name)).at(s, e));
            }
        }
    }
    Ok(out)
}

fn is_int(t: &DataType) -> bool {
    matches!(t.kind, TypeKind::TinyInt | TypeKind::SmallInt | TypeKind::Int | TypeKind::BigInt)
}

fn is_string(t: &DataType) -> bool {
    matches!(t.kind, TypeKind::Char { .. } | TypeKind::VarChar { .. })
}

fn is_numeric(t: &DataType) -> bool {
    matches!(
        t.kind,
        TypeKind::TinyInt
            | TypeKind::SmallInt
            | TypeKind::Int
            | TypeKind::BigInt
            | TypeKind::Float
            | TypeKind::Double
            | TypeKind::Decimal { .. }
    )
}

impl<'c> Binder<'c> {
    /// `… , LATERAL TABLE(f(…))`: the rows so far, each with the function's columns.
    pub(super) fn bind_lateral_call(&mut self, left: Bound, c: &LateralCall) -> Result<Bound> {
        let fname = c.f.name.to_string().to_ascii_uppercase();
        let span = crate::sql::call_span(c.f);
        if fname == "VECTOR_SEARCH" {
            // Apache Flink 2.2+'s function (§4.1)
            return match self.dialect {
                Dialect::Flink => self.bind_flink_vector_search(&left, c, span),
                Dialect::Confluent => Err(Error::unsupported(
                    "Flink's VECTOR_SEARCH(TABLE …) in the confluent dialect (Confluent's form: LATERAL TABLE(VECTOR_SEARCH_AGG(ext, DESCRIPTOR(col), query, k)))",
                )
                .at(span.0, span.1)),
            };
        }
        if self.dialect == Dialect::Flink && matches!(fname.as_str(), "ML_PREDICT" | "ML_EVALUATE") {
            let args = crate::sql::list_args(c.f);
            return self.bind_flink_model_function(&fname, args, span);
        }
        if super::model_call::has_model_arg(crate::sql::list_args(c.f)) {
            return Err(Error::unsupported(format!(
                "Flink's {}(TABLE …, MODEL …) form in the confluent dialect (Confluent's form: LATERAL TABLE(ML_PREDICT('model', col)))",
                fname
            ))
            .at(span.0, span.1));
        }
        if self.dialect != Dialect::Confluent {
            return Err(Error::unsupported(format!(
                "{} in the flink dialect (a Confluent Cloud function; SET 'joinlab.dialect' = 'confluent')",
                fname
            ))
            .at(span.0, span.1));
        }
        match SearchKind::of(&fname) {
            Some(kind) => self.bind_search(left, kind, c, span),
            None => self.bind_model_call(left, &fname, c, span),
        }
    }

    /// The optional MAP of invocation options: checked, kept as written (offline they change
    /// nothing).
    fn invocation_map(&self, fname: &str, e: &SqlExpr) -> Result<Vec<(String, String)>> {
        let (s, en) = span_of(e);
        let SqlExpr::Function(m) = e else {
            return Err(Error::validation(format!(
                "The last argument of {} must be a MAP of options, e.g. MAP['async_enabled', true]",
                fname
            ))
            .at(s, en));
        };
        if !m.name.to_string().eq_ignore_ascii_case("MAP") {
            return Err(Error::validation(format!(
                "The last argument of {} must be a MAP of options, e.g. MAP['async_enabled', true]",
                fname
            ))
            .at(s, en));
        }
        let items = args_of(m)?;
        if items.is_empty() || items.len() % 2 == 1 {
            return Err(calcite_error((s, en), "Map requires an even number of arguments, greater than 0"));
        }
        let known = || MAP_OPTIONS.iter().map(|(k, t)| format!("{} ({})", k, t)).collect::<Vec<_>>().join(", ");
        let mut out = Vec::new();
        for pair in items.chunks(2) {
            let (ks, ke) = span_of(pair[0]);
            let Some(key) = string_literal(pair[0]) else {
                return Err(Error::validation(format!("The option names in the MAP of {} are string literals", fname))
                    .at(ks, ke));
            };
            let Some((_, want)) = MAP_OPTIONS.iter().find(|(k, _)| *k == key) else {
                return Err(Error::validation(format!(
                    "Unknown option '{}' in the MAP of {}. Known options: {}",
                    key,
                    fname,
                    known()
                ))
                .at(ks, ke));
            };
            let v = bind_scalar(pair[1], &Scope::new(Vec::new()), self.zone)?;
            let t = v.ty();
            let ok = match *want {
                "BOOLEAN" => matches!(t.kind, TypeKind::Boolean),
                "INT" => is_int(t),
                _ => is_string(t),
            };
            if !ok {
                let (vs, ve) = span_of(pair[1]);
                return Err(Error::validation(format!(
                    "Option '{}' of {} must be a {}, but was {} of type {}",
                    key,
                    fname,
                    want,
                    pair[1],
                    t.summary()
                ))
                .at(vs, ve));
            }
            out.push((key, pair[1].to_string()));
        }
        Ok(out)
    }

    fn bind_search(&mut self, left: Bound, kind: SearchKind, c: &LateralCall, span: (Pos, Pos)) -> Result<Bound> {
        let fname = kind.function();
        let args = args_of(c.f)?;
        let fixed = if kind == SearchKind::Key { 3 } else { 4 };
        if args.len() != fixed && args.len() != fixed + 1 {
            let shape = if kind == SearchKind::Key {
                "(external_table, DESCRIPTOR(column), search_value [, MAP[…]])"
            } else {
                "(external_table, DESCRIPTOR(column), search_value, limit [, MAP[…]])"
            };
            return Err(calcite_error(
                span,
                &format!(
                    "Invalid number of arguments to function '{}'. Was expecting {} arguments {}",
                    fname, fixed, shape
                ),
            ));
        }
        // 1. the external table: an identifier or a string literal (§1.3)
        let tspan = span_of(args[0]);
        let parts = match (name_parts(args[0]), string_literal(args[0])) {
            (Some(p), _) => p,
            (None, Some(s)) => s.split('.').map(|x| x.to_string()).collect(),
            _ => {
                return Err(Error::validation(format!(
                    "The first argument of {} names the external table (an identifier or a string literal)",
                    fname
                ))
                .at(tspan.0, tspan.1))
            }
        };
        let Some(ti) = self.catalog.resolve(&parts, &self.search_path) else {
            return Err(calcite_error(tspan, &format!("Object '{}' not found", parts.join("."))));
        };
        let t = &self.catalog.tables[ti];
        let Some(ext) = t.external.clone() else {
            return Err(Error::validation(format!(
                "{} searches an external table, and '{}' is not one (an external table has 'connector' = one of confluent-jdbc, mongodb, elastic, couchbase, pinecone, rest, and '<connector>.connection' naming a CREATE CONNECTION)",
                fname, t.name
            ))
            .at(tspan.0, tspan.1));
        };
        if !ext.connector.supports(kind) {
            return Err(Error::validation(format!(
                "{} is not available for connector '{}': Confluent offers {} for {} (WAVE2 §2.3)",
                fname,
                ext.connector.name(),
                match kind {
                    SearchKind::Key => "key search",
                    SearchKind::Text => "text search",
                    SearchKind::Vector => "vector search",
                },
                Connector::offering(kind).join(", ")
            ))
            .at(span.0, span.1));
        }
        let table = t.name.clone();
        let visible: Vec<usize> = (0..t.columns.len())
            .filter(|&i| !matches!(t.columns[i].kind, crate::catalog::ColumnKind::System))
            .collect();
        let ext_col = |p: &[String]| -> Option<usize> {
            let name = match p {
                [c] => c,
                [q, c] if q.eq_ignore_ascii_case(&table) || parts.last().is_some_and(|l| l == q) => c,
                _ => return None,
            };
            visible.iter().copied().find(|&i| t.columns[i].name == *name)
        };
        // 2. DESCRIPTOR(col) and the search value: the roles
        let dspan = span_of(args[1]);
        let desc: Vec<Vec<String>> = match args[1] {
            SqlExpr::Function(d) if d.name.to_string().eq_ignore_ascii_case("DESCRIPTOR") => {
                let inner = args_of(d)?;
                inner.iter().map(|e| name_parts(e).unwrap_or_default()).collect()
            }
            _ => {
                return Err(Error::validation(format!(
                    "The second argument of {} is DESCRIPTOR(column), but was {}",
                    fname, args[1]
                ))
                .at(dspan.0, dspan.1))
            }
        };
        if desc.len() != 1 || desc[0].is_empty() {
            return Err(Error::validation(format!(
                "{} searches a single column: DESCRIPTOR names {} (WAVE2 §1.1: \"Key search supports only a single column.\")",
                fname,
                desc.len()
            ))
            .at(dspan.0, dspan.1));
        }
        let scope = Scope::new(left.scope.clone());
        let dname = desc[0].join(".");
        let cols_text = || visible.iter().map(|&i| t.columns[i].name.clone()).collect::<Vec<_>>().join(", ");
        let (column, value, roles) = if let Some(col) = ext_col(&desc[0]) {
            let v = bind_scalar(args[2], &scope, self.zone)?;
            let roles = format!(
                "DESCRIPTOR({}) names {}.{}; {} is the search value",
                dname, table, t.columns[col].name, args[2]
            );
            (col, v, roles)
        } else {
            let as_expr = if desc[0].len() == 1 {
                SqlExpr::Identifier(sqlparser::ast::Ident::new(desc[0][0].clone()))
            } else {
                SqlExpr::CompoundIdentifier(desc[0].iter().map(|p| sqlparser::ast::Ident::new(p.clone())).collect())
            };
            let Ok(v) = bind_scalar(&as_expr, &scope, self.zone) else {
                return Err(Error::validation(format!(
                    "DESCRIPTOR({}) of {} names no column of the external table {} (its columns: {}) nor of the input",
                    dname,
                    fname,
                    table,
                    cols_text()
                ))
                .at(dspan.0, dspan.1));
            };
            let Some(col) = name_parts(args[2]).and_then(|p| ext_col(&p)) else {
                let (s, e) = span_of(args[2]);
                return Err(Error::validation(format!(
                    "DESCRIPTOR({}) of {} names a column of the input, so the next argument must name a column of the external table {} (its columns: {}), but was {}",
                    dname,
                    fname,
                    table,
                    cols_text(),
                    args[2]
                ))
                .at(s, e));
            };
            let roles = format!(
                "DESCRIPTOR({}) names the input's column, the search value; {} names {}.{}",
                dname, args[2], table, t.columns[col].name
            );
            (col, v, roles)
        };
        // 3. types
        let ct = t.columns[column].ty.clone();
        let cname = t.columns[column].name.clone();
        let vt = value.ty().clone();
        let value = match kind {
            SearchKind::Key => {
                let same = ct.kind == vt.kind
                    || matches!(vt.kind, TypeKind::Null)
                    || (is_numeric(&ct) && is_numeric(&vt))
                    || (is_string(&ct) && is_string(&vt));
                if !same {
                    return Err(Error::validation(format!(
                        "{} compares {}.{} of type {} with a search value of type {}: their types must match",
                        fname,
                        table,
                        cname,
                        ct.summary(),
                        vt.summary()
                    ))
                    .at(span.0, span.1));
                }
                if ct.kind == vt.kind || is_string(&ct) {
                    value
                } else {
                    Expr::Cast { expr: Box::new(value), ty: ct.with_nullable(true), try_cast: false }
                }
            }
            SearchKind::Text => {
                if !is_string(&ct) || !(is_string(&vt) || matches!(vt.kind, TypeKind::Null)) {
                    return Err(Error::validation(format!(
                        "{} searches text: {}.{} is {} and the search value is {} (both must be STRING)",
                        fname,
                        table,
                        cname,
                        ct.summary(),
                        vt.summary()
                    ))
                    .at(span.0, span.1));
                }
                value
            }
            SearchKind::Vector => {
                if !is_vector(&ct) {
                    return Err(Error::validation(format!(
                        "Expect search column `{}` type is ARRAY<FLOAT> or ARRAY<DOUBLE>, but its type is {}.",
                        cname,
                        ct.summary()
                    ))
                    .at(dspan.0, dspan.1));
                }
                if !is_vector(&vt) && !matches!(vt.kind, TypeKind::Null) {
                    return Err(Error::validation(format!(
                        "{}: the search value must be ARRAY<FLOAT> or ARRAY<DOUBLE> like {}.{}, but its type is {}",
                        fname,
                        table,
                        cname,
                        vt.summary()
                    ))
                    .at(span.0, span.1));
                }
                value
            }
        };
        // 4. the limit: a positive INT literal
        let limit = if kind == SearchKind::Key {
            None
        } else {
            let (s, e) = span_of(args[3]);
            let n = match args[3] {
                SqlExpr::Value(v) => match &v.value {
                    sqlparser::ast::Value::Number(n, _) => n.parse::<i64>().ok(),
                    _ => None,
                },
                _ => None,
            };
            match n {
                Some(n) if n > 0 && n <= i64::from(i32::MAX) => Some(n as usize),
                _ => {
                    return Err(Error::validation(format!(
                        "The limit of {} must be a positive INT literal, but was {}",
                        fname, args[3]
                    ))
                    .at(s, e))
                }
            }
        };
        // 5. the MAP of options
        let config = match args.get(fixed) {
            Some(m) => self.invocation_map(fname, m)?,
            None => Vec::new(),
        };
        // the output: the input's columns and search_results
        let mut fields: Vec<(String, DataType)> =
            visible.iter().map(|&i| (t.columns[i].name.clone(), t.columns[i].ty.clone())).collect();
        if kind != SearchKind::Key {
            fields.push(("score".into(), DataType::nullable(TypeKind::Double)));
        }
        let element = DataType::nullable(TypeKind::Row { fields });
        let result_ty = DataType::not_null(TypeKind::Array { element: Box::new(element) });
        let right = external_scan(self.catalog, ti);
        let node = SearchNode {
            table: table.clone(),
            connector: ext.connector.name().to_string(),
            kind,
            column,
            value,
            limit,
            primary_key: t.primary_key.clone(),
            visible,
            roles,
            config,
            right,
            left: left.rel,
        };
        let mut out_fields = node.left.fields.clone();
        out_fields.push(Field { name: "search_results".into(), ty: result_ty.clone() });
        let rel = Rel {
            insert_only: node.left.insert_only,
            update_producer: node.left.update_producer.clone(),
            unique_keys: node.left.unique_keys.clone(),
            window: None,
            fields: out_fields,
            node: Node::Search(Box::new(node)),
        };
        added_column(rel, left.scope, "search_results", result_ty, c.alias)
    }

    /// `AI_EMBEDDING('m', text [, MAP])` and Confluent's `ML_PREDICT('m', text)` of an embedding
    /// model: a Calc adding the model's output column.
    fn bind_model_call(&mut self, left: Bound, fname: &str, c: &LateralCall, span: (Pos, Pos)) -> Result<Bound> {
        let args = args_of(c.f)?;
        let max = if fname == "AI_EMBEDDING" { 3 } else { 2 };
        if args.len() < 2 || args.len() > max {
            return Err(calcite_error(
                span,
                &format!(
                    "Invalid number of arguments to function '{}'. Was expecting {}",
                    fname,
                    if fname == "AI_EMBEDDING" {
                        "2 arguments (model_name, input_text [, MAP[…]])"
                    } else {
                        "2 arguments (model_name, input_column) (JoinLab's embedding models take one input)"
                    }
                ),
            ));
        }
        let mspan = span_of(args[0]);
        let Some(mname) = string_literal(args[0]).or_else(|| name_parts(args[0]).map(|p| p.join("."))) else {
            return Err(
                Error::validation(format!("The first argument of {} is the model's name", fname)).at(mspan.0, mspan.1)
            );
        };
        // `m$2` names a version: JoinLab keeps the latest
        let base = mname.split('$').next().unwrap_or(&mname).to_string();
        let Some(model) = self.catalog.models.iter().find(|m| m.name.eq_ignore_ascii_case(&base)).cloned() else {
            return Err(Error::validation(format!("Model '{}' does not exist (CREATE MODEL it first)", mname))
                .at(mspan.0, mspan.1));
        };
        if model.task != "embedding" {
            return Err(Error::unsupported(format!(
                "{} of the model '{}' of task '{}' (JoinLab computes only 'embedding' models, with its built-in deterministic embedding)",
                fname, model.name, model.task
            ))
            .at(span.0, span.1));
        }
        let out = match model.outputs.as_slice() {
            [(n, t)] if is_vector(t) => (n.clone(), t.clone()),
            _ => {
                return Err(Error::unsupported(format!(
                    "the embedding model '{}' without exactly one ARRAY<FLOAT> OUTPUT column",
                    model.name
                ))
                .at(span.0, span.1))
            }
        };
        let scope = Scope::new(left.scope.clone());
        let text = bind_scalar(args[1], &scope, self.zone)?;
        if !is_string(text.ty()) && !matches!(text.ty().kind, TypeKind::Null) {
            let (s, e) = span_of(args[1]);
            return Err(Error::validation(format!(
                "{} embeds a STRING, but the argument {} is {}",
                fname,
                args[1],
                text.ty().summary()
            ))
            .at(s, e));
        }
        if let Some(m) = args.get(2) {
            self.invocation_map(fname, m)?;
        }
        let ty = out.1.with_nullable(true);
        let mut project: Vec<Expr> =
            left.rel.fields.iter().enumerate().map(|(i, f)| Expr::input(i, f.ty.clone())).collect();
        project.push(Expr::call(Op::Embedding, vec![text], ty.clone()));
        let mut fields = left.rel.fields.clone();
        fields.push(Field { name: out.0.clone(), ty: ty.clone() });
        self.warnings.push(format!(
            "{}('{}', …) computes JoinLab's built-in deterministic embedding (hashed character trigrams, {} dimensions), not a neural model",
            fname,
            model.name,
            crate::expr::embedding::DIM
        ));
        let rel = Rel {
            insert_only: left.rel.insert_only,
            update_producer: left.rel.update_producer.clone(),
            unique_keys: left.rel.unique_keys.clone(),
            window: None,
            fields,
            node: Node::Calc { input: Box::new(left.rel), filter: None, project },
        };
        added_column(rel, left.scope, &out.0, ty, c.alias)
    }
}

/// The external table's own scan: the rows that fill the store.
fn external_scan(catalog: &crate::catalog::Catalog, ti: usize) -> Rel {
    let t = &catalog.tables[ti];
    Rel {
        node: Node::Scan {
            table: ti,
            name: t.name.clone(),
            changelog: t.changelog,
            primary_key: t.primary_key.clone(),
        },
        fields: t.columns.iter().map(|c| Field { name: c.name.clone(), ty: c.ty.clone() }).collect(),
        insert_only: true,
        update_producer: None,
        window: None,
        unique_keys: Vec::new(),
    }
}

/// The bound relation of the input's scope and one more column, named by the alias
/// (`AS a(col)`) or `name`, qualified by the alias.
fn added_column(
    rel: Rel,
    mut scope: Vec<ScopeField>,
    name: &str,
    ty: DataType,
    alias: &Option<TableAlias>,
) -> Result<Bound> {
    let mut col = name.to_string();
    if let Some(a) = alias {
        match a.columns.len() {
            0 => {}
            1 => col = a.columns[0].name.value.clone(),
            n => {
                return Err(calcite_error(
                    crate::sql::ident_span(&a.name),
                    &format!(
                        "List of column aliases must have same degree as table; table has 1 columns ('{}'), whereas alias list has {} columns",
                        name, n
                    ),
                ))
            }
        }
    }
    let mut rel = rel;
    if let Some(f) = rel.fields.last_mut() {
        f.name = col.clone();
    }
    scope.push(ScopeField { qualifier: alias_name(alias), name: col, ty, hidden: false, merged: false });
    Ok(Bound { rel, scope })
}

/// The error for a query that reads an external table in FROM (a query never scans one).
pub(super) fn external_table_error(name: &ObjectName, table: &str) -> Error {
    let (s, e) = span_of(name);
    Error::unsupported(format!(
        "reading the external table '{}' in FROM (an external table is searched with KEY_SEARCH_AGG, TEXT_SEARCH_AGG or VECTOR_SEARCH_AGG in a LATERAL TABLE, WAVE2 §1)",
        table
    ))
    .at(s, e)
}
