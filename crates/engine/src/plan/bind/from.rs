//! FROM items: a table of the catalog (an upsert table gets its ChangelogNormalize), a WITH
//! query, a derived table, a parenthesised join, a table function.

use sqlparser::ast::{Expr as SqlExpr, FunctionArg, ObjectName, TableAlias, TableFactor};

use crate::error::{Error, Result};
use crate::expr::bind::calcite_error;
use crate::kinds::ChangelogMode;
use crate::plan::rel::{Field, Node, Rel};
use crate::sql::span_of;

use super::{alias_name, apply_alias, Binder, Bound};

impl<'c> Binder<'c> {
    pub(super) fn bind_table_factor(&mut self, tf: &'c TableFactor) -> Result<Bound> {
        if let Some(item) = super::unnest::unnest_item(tf) {
            return self.bind_unnest_alone(&item);
        }
        if let TableFactor::Function { name, args, .. } = tf {
            // `LATERAL TABLE(VECTOR_SEARCH(TABLE …))`, Flink 2.2+'s form (WAVE2-RESEARCH §4)
            if let [FunctionArg::Unnamed(sqlparser::ast::FunctionArgExpr::Expr(SqlExpr::Function(f)))] = args.as_slice()
            {
                let inner = f.name.to_string().to_ascii_uppercase();
                if name.to_string().eq_ignore_ascii_case("TABLE")
                    && matches!(inner.as_str(), "VECTOR_SEARCH" | "ML_PREDICT" | "ML_EVALUATE")
                {
                    let inner_args = crate::sql::list_args(f);
                    return self.bind_table_function(&inner, inner_args, crate::sql::call_span(f));
                }
            }
        }
        if let Some(call) = super::search::lateral_call(tf) {
            let fname = call.f.name.to_string().to_ascii_uppercase();
            if self.dialect == crate::kinds::Dialect::Flink && matches!(fname.as_str(), "ML_PREDICT" | "ML_EVALUATE") {
                let args = crate::sql::list_args(call.f);
                return self.bind_flink_model_function(&fname, args, crate::sql::call_span(call.f));
            }
            let (s, e) = span_of(tf);
            if super::model_call::has_model_arg(crate::sql::list_args(call.f)) {
                return Err(Error::unsupported(format!(
                    "Flink's {}(TABLE …, MODEL …) form in the confluent dialect (Confluent's form: FROM t, LATERAL TABLE(ML_PREDICT('model', col)))",
                    fname
                ))
                .at(s, e));
            }
            return Err(Error::unsupported(format!(
                "{} as the first item of FROM (write FROM t, LATERAL TABLE({}(…)): it runs once per row of t)",
                call.f.name, call.f.name
            ))
            .at(s, e));
        }
        match tf {
            TableFactor::Table { name, alias, args, version, .. } => {
                if version.is_some() {
                    let (s, e) = span_of(tf);
                    return Err(Error::unsupported("temporal joins (FOR SYSTEM_TIME AS OF)").at(s, e));
                }
                if let Some(a) = args {
                    let fname = name.to_string();
                    // (Calcite's span of a call ends at its closing parenthesis)
                    let (s, e) = span_of(name);
                    let span = (s, crate::sql::paren_close_after(e).unwrap_or(e));
                    let b = self.bind_table_function(&fname, &a.args, span)?;
                    return apply_alias(b, alias, None);
                }
                self.bind_named_table(name, alias)
            }
            TableFactor::Derived { subquery, alias, lateral, .. } => {
                if *lateral {
                    return Err(Error::unsupported("LATERAL subqueries"));
                }
                let b = self.bind_query(subquery, None)?;
                apply_alias(b, alias, None)
            }
            TableFactor::TableFunction { expr, alias } => match expr {
                SqlExpr::Function(f) => {
                    let fname = f.name.to_string();
                    let args = crate::sql::list_args(f);
                    let b = self.bind_table_function(&fname, args, crate::sql::call_span(f))?;
                    apply_alias(b, alias, None)
                }
                other => Err(Error::unsupported(format!(
                    "TABLE(…) around {} (JoinLab reads TABLE(f(…)), a table function call)",
                    other
                ))),
            },
            TableFactor::Function { name, args, alias, .. } => {
                let fname = name.to_string();
                let b = self.bind_table_function(&fname, args, span_of(tf))?;
                apply_alias(b, alias, None)
            }
            TableFactor::UNNEST { .. } => {
                let (s, e) = span_of(tf);
                Err(Error::unsupported("UNNEST (array expansion)").at(s, e))
            }
            TableFactor::NestedJoin { table_with_joins, alias } => {
                let b = self.bind_table_with_joins(table_with_joins)?;
                if alias.is_some() {
                    return apply_alias(b, alias, None);
                }
                Ok(b)
            }
            other => {
                let (s, e) = span_of(other);
                Err(Error::unsupported(format!("this kind of FROM item: {}", other)).at(s, e))
            }
        }
    }

    pub(super) fn bind_named_table(&mut self, name: &ObjectName, alias: &Option<TableAlias>) -> Result<Bound> {
        let parts: Vec<String> = name.0.iter().filter_map(|p| p.as_ident().map(|i| i.value.clone())).collect();
        let tname = parts.last().cloned().unwrap_or_default();
        if parts.len() == 1 {
            if let Some(pos) = self.ctes.iter().rposition(|(n, _)| *n == tname) {
                let q = self.ctes[pos].1;
                // WITH is not recursive: a CTE's body sees only the CTEs before it, so
                // `WITH t AS (SELECT * FROM t)` reads the table t (and `WITH a AS (SELECT * FROM
                // a)` finds no `a`) instead of binding itself forever (a stack overflow)
                let later = self.ctes.split_off(pos);
                let b = self.bind_query(q, None);
                self.ctes.extend(later);
                return apply_alias(b?, alias, Some(tname));
            }
        }
        if parts.len() == 1 {
            let catalog = self.catalog;
            if let Some((_, columns, q)) = catalog.views.iter().rev().find(|(n, _, _)| *n == tname) {
                let mut b = self.bind_query(q, None)?;
                // `CREATE VIEW v (a, b) AS …` names the columns
                let visible: Vec<usize> = (0..b.scope.len()).filter(|&i| !b.scope[i].hidden).collect();
                for (k, c) in columns.iter().enumerate() {
                    if let Some(&i) = visible.get(k) {
                        b.scope[i].name = c.clone();
                        b.rel.fields[i].name = c.clone();
                    }
                }
                return apply_alias(b, alias, Some(tname));
            }
        }
        let Some(ti) = self.catalog.resolve(&parts, &self.search_path) else {
            return Err(calcite_error(span_of(name), &format!("Object '{}' not found", parts.join("."))));
        };
        let t = &self.catalog.tables[ti];
        if t.external.is_some() {
            return Err(super::search::external_table_error(name, &t.name));
        }
        if let Some(Err(e)) = &t.generator {
            return Err(e.clone());
        }
        // `/*+ OPTIONS('number-of-rows' = 'N') */` after the table: how many rows this scan reads
        let written = parts.join(".");
        for (hinted, opts) in &self.table_hints {
            if *hinted == written || *hinted == tname {
                for (k, v) in opts {
                    match k.as_str() {
                        "number-of-rows" => {
                            let n: u64 = v.trim().parse().map_err(|_| {
                                Error::validation(format!("Could not parse value '{}' for key 'number-of-rows'.", v)).at(span_of(name).0, span_of(name).1)
                            })?;
                            self.scan_rows.push((ti, n));
                        }
                        other => {
                            return Err(Error::unsupported(format!(
                                "the OPTIONS hint key '{}' (JoinLab applies 'number-of-rows' per query; set other options in CREATE TABLE)",
                                other
                            ))
                            .at(span_of(name).0, span_of(name).1))
                        }
                    }
                }
            }
        }
        let fields: Vec<Field> = t.columns.iter().map(|c| Field { name: c.name.clone(), ty: c.ty.clone() }).collect();
        let (insert_only, producer) = match t.changelog {
            ChangelogMode::Insert => (true, None),
            ChangelogMode::Upsert | ChangelogMode::UpsertPartialDelete => {
                let keys: Vec<String> = t.primary_key.iter().map(|&i| t.columns[i].name.clone()).collect();
                (false, Some(format!("ChangelogNormalize(key=[{}])", keys.join(", "))))
            }
            ChangelogMode::Retract => {
                let phys: Vec<String> = t.physical().iter().map(|&i| t.columns[i].name.clone()).collect();
                let wm = t
                    .watermark
                    .as_ref()
                    .filter(|w| w.declared)
                    .map(|w| format!(", watermark=[{}], watermarkEmitStrategy=[on-periodic]", w.digest))
                    .unwrap_or_default();
                (
                    false,
                    Some(format!(
                        "TableSourceScan(table=[[default_catalog, default_database, {}{}]], fields=[{}])",
                        t.name,
                        wm,
                        phys.join(", ")
                    )),
                )
            }
        };
        let mut rel = Rel {
            node: Node::Scan {
                table: ti,
                name: t.name.clone(),
                changelog: t.changelog,
                primary_key: t.primary_key.clone(),
            },
            fields,
            insert_only,
            update_producer: producer,
            window: None,
            unique_keys: if t.primary_key.is_empty() { Vec::new() } else { vec![t.primary_key.clone()] },
        };
        if matches!(t.changelog, ChangelogMode::Upsert | ChangelogMode::UpsertPartialDelete) {
            // Flink puts ChangelogNormalize after an upsert source unless a join takes the
            // upsert stream as it is (see strip_normalize_for_keys)
            let fields = rel.fields.clone();
            let producer = rel.update_producer.clone();
            let keys = rel.unique_keys.clone();
            rel = Rel {
                node: Node::ChangelogNormalize {
                    input: Box::new(rel),
                    key: t.primary_key.clone(),
                    ttl_enabled: self.state_ttl.0 > 0 || self.state_ttl.1 > 0,
                    condition: None,
                },
                fields,
                insert_only: false,
                update_producer: producer,
                window: None,
                unique_keys: keys,
            };
        }
        let scope = t.scope_fields(&alias_name(alias).unwrap_or_else(|| t.name.clone()));
        let b = Bound { rel, scope };
        apply_alias(b, alias, Some(t.name.clone()))
    }
}
