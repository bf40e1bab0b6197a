//! Tables created by `CREATE TABLE`: columns (physical, computed, metadata, the hidden
//! `$rowtime` system column), the watermark strategy, the primary key and the changelog mode.
//!
//! A table's row, as its source emits it, holds every declared column in order and then
//! `$rowtime`; only the physical columns come from the data (`@` lines or INSERT values).

pub mod external;
pub mod ptf;

use crate::error::{Error, Result};
use crate::expr::bind::{bind_scalar, Scope, ScopeField};
use crate::expr::Expr;
use crate::kinds::{ChangelogMode, Dialect};
use crate::sql::{ColumnDefKind, CreateTable};
use crate::time::SessionZone;
use crate::types::{DataType, TimeAttr, TypeKind};

/// Name of Confluent's system column.
pub const ROWTIME_COLUMN: &str = "$rowtime";

#[derive(Clone, Debug)]
pub enum ColumnKind {
    Physical,
    Computed(Expr),
    Metadata {
        key: String,
        is_virtual: bool,
    },
    /// `$rowtime`: hidden from `SELECT *`.
    System,
}

#[derive(Clone, Debug)]
pub struct Column {
    pub name: String,
    pub ty: DataType,
    pub kind: ColumnKind,
}

/// How a table's watermark is generated.
#[derive(Clone, Debug)]
pub enum WatermarkStrategy {
    /// `WATERMARK FOR c AS expr`: the expression after every row; the watermark is its maximum.
    Expr(Expr),
    /// `WATERMARK FOR c AS SOURCE_WATERMARK()`: `@watermark` markers on `@`-line data, the
    /// largest time seen on INSERT data.
    Source,
}

#[derive(Clone, Debug)]
pub struct Watermark {
    /// Column index of the rowtime attribute.
    pub column: usize,
    pub strategy: WatermarkStrategy,
    /// True when the table declares it; false for Confluent's default on `$rowtime`.
    pub declared: bool,
    /// The clause as written, for DESCRIBE.
    pub text: String,
    /// The clause in Calcite's RexNode form, as plan digests (EXPLAIN, planner errors naming a
    /// TableSourceScan) print it: `-(ts, 3000:INTERVAL SECOND)`; `text` where JoinLab has no such form.
    pub digest: String,
}

#[derive(Clone, Debug)]
pub struct Table {
    pub name: String,
    pub columns: Vec<Column>,
    pub watermark: Option<Watermark>,
    pub primary_key: Vec<usize>,
    pub changelog: ChangelogMode,
    pub options: Vec<(String, String)>,
    /// Position among CREATE TABLE statements (ties in by-time arrival, order of end of input).
    pub order: usize,
    /// Rows come from a generator (`'connector' = 'datagen'`, the examples catalog) instead of
    /// the script; a generator whose options Flink rejects keeps the error for the first query
    /// that reads the table (Flink fails there, not at CREATE TABLE).
    pub generator: Option<std::result::Result<crate::datagen::GenTable, Error>>,
    /// The examples catalog: never written to.
    pub read_only: bool,
    /// Rows an examples table yields unless the script or query says otherwise.
    pub default_rows: Option<u64>,
    /// A Confluent external table (`'connector' = 'mongodb'`, …): its rows only fill the
    /// in-browser store the search functions read; no query scans it.
    pub external: Option<external::External>,
}

impl Table {
    /// Indexes of the physical columns: the values of a data line, in order.
    pub fn physical(&self) -> Vec<usize> {
        (0..self.columns.len()).filter(|&i| matches!(self.columns[i].kind, ColumnKind::Physical)).collect()
    }

    pub fn column_index(&self, name: &str) -> Option<usize> {
        self.columns.iter().position(|c| c.name == name)
    }

    pub fn rowtime_index(&self) -> usize {
        self.columns.len() - 1
    }

    /// The declared rowtime column's index among the physical columns, if it is physical.
    pub fn declared_rowtime_physical(&self) -> Option<usize> {
        let wm = self.watermark.as_ref().filter(|w| w.declared)?;
        self.physical().iter().position(|&c| c == wm.column)
    }

    pub fn scope_fields(&self, qualifier: &str) -> Vec<ScopeField> {
        self.columns
            .iter()
            .map(|c| ScopeField {
                qualifier: Some(qualifier.to_string()),
                name: c.name.clone(),
                ty: c.ty.clone(),
                hidden: matches!(c.kind, ColumnKind::System),
                merged: false,
            })
            .collect()
    }
}

/// Every table of the script, in CREATE order.
#[derive(Clone, Debug, Default)]
pub struct Catalog {
    pub tables: Vec<Table>,
    /// `CREATE VIEW`s: name, column names (empty: the query's), query.
    pub views: Vec<(String, Vec<String>, sqlparser::ast::Query)>,
    /// `CREATE FUNCTION`s: name as written, and the built-in process table function it binds.
    pub functions: Vec<(String, ptf::PtfKind)>,
    /// `CREATE FUNCTION … USING JAR 'uri'`: the first JAR of each function that names one.
    pub function_jars: Vec<(String, String)>,
    /// `CREATE CONNECTION`s (Confluent).
    pub connections: Vec<external::Connection>,
    /// `CREATE MODEL`s (Confluent), the latest version of each name.
    pub models: Vec<external::Model>,
}

impl Catalog {
    pub fn find(&self, name: &str) -> Option<usize> {
        self.tables.iter().position(|t| t.name == name)
    }

    /// Case-insensitive lookup for data lines and INSERT targets (as the oracle does).
    pub fn find_loose(&self, name: &str) -> Option<usize> {
        self.find(name).or_else(|| self.tables.iter().position(|t| t.name.eq_ignore_ascii_case(name)))
    }

    /// Creates a table from its parsed DDL.
    pub fn create(&mut self, ct: &CreateTable, zone: &SessionZone, dialect: Dialect) -> Result<()> {
        if self.find(&ct.name).is_some() {
            if ct.if_not_exists {
                return Ok(());
            }
            return Err(Error::validation(format!(
                "Could not execute CreateTable in path `default_catalog`.`default_database`.`{}`",
                ct.name
            ))
            .caused_by(format!(
                "org.apache.flink.table.catalog.exceptions.TableAlreadyExistException: Table (or view) default_database.{} already exists in Catalog default_catalog.",
                ct.name
            ))
            .at(ct.name_span.0, ct.name_span.1));
        }
        let mut columns: Vec<Column> = Vec::new();
        for (i, c) in ct.columns.iter().enumerate() {
            if ct.columns[..i].iter().any(|o| o.name == c.name) || c.name == ROWTIME_COLUMN {
                return Err(Error::validation(format!(
                    "A column with the same name `{}` has been defined at line {}, column {}.",
                    c.name, c.span.0.line, c.span.0.col
                ))
                .at(c.span.0, c.span.1));
            }
            let (ty, kind) = match &c.kind {
                ColumnDefKind::Physical(t) => (t.clone(), ColumnKind::Physical),
                ColumnDefKind::Metadata { data_type, key, is_virtual } => (
                    data_type.clone(),
                    ColumnKind::Metadata {
                        key: key.clone().unwrap_or_else(|| c.name.clone()),
                        is_virtual: *is_virtual,
                    },
                ),
                ColumnDefKind::Computed(_) => (DataType::nullable(TypeKind::Null), ColumnKind::Physical),
            };
            columns.push(Column { name: c.name.clone(), ty, kind });
        }
        // a datagen table of a quickstart or Avro schema may leave its columns to the schema
        if columns.is_empty() {
            if let Some(Ok(g)) = datagen_of(ct, &[]) {
                columns = g
                    .columns
                    .iter()
                    .map(|c| Column { name: c.name.clone(), ty: c.ty.clone(), kind: ColumnKind::Physical })
                    .collect();
            }
        }
        // computed columns read the physical and metadata columns
        let base_fields: Vec<ScopeField> = columns
            .iter()
            .map(|c| ScopeField {
                qualifier: Some(ct.name.clone()),
                name: c.name.clone(),
                ty: c.ty.clone(),
                hidden: false,
                merged: false,
            })
            .collect();
        for (i, c) in ct.columns.iter().enumerate() {
            if let ColumnDefKind::Computed(e) = &c.kind {
                let fields: Vec<ScopeField> = base_fields
                    .iter()
                    .enumerate()
                    .filter(|(j, _)| !matches!(ct.columns[*j].kind, ColumnDefKind::Computed(_)))
                    .map(|(_, f)| f.clone())
                    .collect();
                let _ = fields;
                let scope = Scope::new(base_fields.clone());
                let bound = bind_scalar(e, &scope, zone)?;
                let ty = bound.ty().clone();
                columns[i] = Column { name: c.name.clone(), ty, kind: ColumnKind::Computed(bound) };
            }
        }
        // primary key: NOT NULL columns
        let mut primary_key = Vec::new();
        let pk_names: Vec<String> = match &ct.primary_key {
            Some((names, _)) => names.clone(),
            None => ct.columns.iter().filter(|c| c.primary_key).map(|c| c.name.clone()).collect(),
        };
        for n in &pk_names {
            let Some(i) = columns.iter().position(|c| &c.name == n) else {
                let span = ct.primary_key.as_ref().map(|p| p.1).unwrap_or(ct.name_span);
                return Err(Error::validation(format!(
                    "Invalid primary key 'PK_{}'. Column '{}' does not exist.",
                    n, n
                ))
                .at(span.0, span.1));
            };
            if !matches!(columns[i].kind, ColumnKind::Physical) {
                let span = ct.primary_key.as_ref().map(|p| p.1).unwrap_or(ct.name_span);
                return Err(Error::validation(format!(
                    "Invalid primary key 'PK_{}'. Column '{}' is not a physical column.",
                    n, n
                ))
                .at(span.0, span.1));
            }
            columns[i].ty.nullable = false;
            primary_key.push(i);
        }
        // the hidden $rowtime system column
        columns.push(Column {
            name: ROWTIME_COLUMN.to_string(),
            ty: DataType::not_null(TypeKind::TimestampLtz { precision: 3, attr: TimeAttr::None }),
            kind: ColumnKind::System,
        });
        let mut watermark = None;
        if let Some((col, span, e)) = &ct.watermark {
            let Some(ci) = columns.iter().position(|c| &c.name == col) else {
                return Err(Error::validation(format!(
                    "The rowtime attribute field '{}' is not defined in the table schema, at {}\nAvailable fields: [{}]",
                    col,
                    ct.name,
                    ct.columns.iter().map(|c| format!("'{}'", c.name)).collect::<Vec<_>>().join(", ")
                ))
                .at(span.0, span.1));
            };
            let ok_type = matches!(
                &columns[ci].ty.kind,
                TypeKind::Timestamp { precision, .. } | TypeKind::TimestampLtz { precision, .. } if *precision <= 3
            );
            if !ok_type {
                return Err(Error::validation(format!(
                    "Invalid data type of time field for watermark definition. The field must be of type TIMESTAMP(p) or TIMESTAMP_LTZ(p), the supported precision 'p' is from 0 to 3, but the time field type is {}",
                    columns[ci].ty.summary()
                ))
                .at(span.0, span.1));
            }
            let is_source = matches!(e, sqlparser::ast::Expr::Function(f) if f.name.to_string().eq_ignore_ascii_case("SOURCE_WATERMARK"));
            let strategy = if is_source {
                WatermarkStrategy::Source
            } else {
                let scope = Scope::new(
                    columns
                        .iter()
                        .map(|c| ScopeField {
                            qualifier: Some(ct.name.clone()),
                            name: c.name.clone(),
                            ty: c.ty.clone(),
                            hidden: matches!(c.kind, ColumnKind::System),
                            merged: false,
                        })
                        .collect(),
                );
                let bound = bind_scalar(e, &scope, zone)?;
                if !bound.ty().kind.is_timestamp() {
                    return Err(Error::validation(format!(
                        "Invalid data type of expression for watermark definition. The field must be of type TIMESTAMP(p) or TIMESTAMP_LTZ(p), the supported precision 'p' is from 0 to 3, but the watermark expression type is {}",
                        bound.ty().summary()
                    ))
                    .at(span.0, span.1));
                }
                WatermarkStrategy::Expr(bound)
            };
            columns[ci].ty = columns[ci].ty.with_time_attr(TimeAttr::Rowtime);
            let digest = rex_digest(e).unwrap_or_else(|| e.to_string());
            watermark = Some(Watermark { column: ci, strategy, declared: true, text: e.to_string(), digest });
        } else if dialect == Dialect::Confluent {
            let ci = columns.len() - 1;
            columns[ci].ty = columns[ci].ty.with_time_attr(TimeAttr::Rowtime);
            watermark = Some(Watermark {
                column: ci,
                strategy: WatermarkStrategy::Source,
                declared: false,
                text: "SOURCE_WATERMARK()".to_string(),
                digest: "SOURCE_WATERMARK()".to_string(),
            });
        }
        // Confluent Cloud: a table with a primary key is an upsert table unless it says otherwise
        let mut changelog = if !primary_key.is_empty() && dialect == Dialect::Confluent {
            ChangelogMode::Upsert
        } else {
            ChangelogMode::Insert
        };
        for (k, v) in &ct.options {
            let v2 = v.trim().to_ascii_lowercase();
            if k == "changelog-mode" || k == "changelog.mode" {
                changelog = match v2.as_str() {
                    "insert" | "append" => ChangelogMode::Insert,
                    "upsert" => ChangelogMode::Upsert,
                    "upsert-partial-delete" => ChangelogMode::UpsertPartialDelete,
                    "retract" | "all" => ChangelogMode::Retract,
                    _ => {
                        return Err(Error::validation(format!(
                            "Unsupported changelog mode '{}' for table '{}' (insert, upsert, upsert-partial-delete, retract)",
                            v, ct.name
                        )))
                    }
                };
            }
        }
        if matches!(changelog, ChangelogMode::Upsert | ChangelogMode::UpsertPartialDelete) && primary_key.is_empty() {
            return Err(Error::validation(format!(
                "Table '{}' has changelog mode upsert, which requires a PRIMARY KEY.",
                ct.name
            )));
        }
        let ext = if dialect == Dialect::Confluent {
            external::table(&ct.name, &ct.options, &self.connections, ct.name_span)?
        } else {
            None
        };
        let generator = match faker_of(ct, &columns)? {
            Some(g) => Some(Ok(g)),
            None => datagen_of(ct, &columns),
        };
        let order = self.tables.len();
        self.tables.push(Table {
            name: ct.name.clone(),
            columns,
            watermark,
            primary_key,
            changelog,
            options: ct.options.clone(),
            order,
            generator,
            read_only: false,
            default_rows: None,
            external: ext,
        });
        Ok(())
    }

    /// Resolves a table name as written (`t`, `db.t`, `catalog.db.t`) against the current
    /// catalog and database (`USE …`): `search` = the current `[catalog, database]` when it is
    /// not the default one.
    pub fn resolve(&self, parts: &[String], search: &[String]) -> Option<usize> {
        let parts: Vec<&str> = parts.iter().map(|s| s.as_str()).collect();
        let local = match parts.as_slice() {
            ["default_catalog", "default_database", t] | ["default_database", t] => Some(*t),
            [t] if search.is_empty() => Some(*t),
            _ => None,
        };
        if let Some(t) = local {
            return self.find(t).filter(|&i| !self.tables[i].read_only);
        }
        let full = match (parts.len(), search.len()) {
            (3, _) => parts.join("."),
            (2, 2) | (2, 1) => format!("{}.{}", search[0], parts.join(".")),
            (1, 2) => format!("{}.{}.{}", search[0], search[1], parts[0]),
            _ => parts.join("."),
        };
        self.find(&full)
    }

    /// Adds the read-only examples catalog (`examples.marketplace.orders`, …): each table is
    /// created from DDL like a user's, then given its generator.
    pub fn add_examples(&mut self, zone: &SessionZone, dialect: Dialect) -> Result<()> {
        for ex in crate::datagen::examples_catalog(None, 0) {
            let mut cols: Vec<String> =
                ex.table.columns.iter().map(|c| format!("`{}` {}", c.name, c.ty.sql())).collect();
            if !ex.primary_key.is_empty() {
                let keys: Vec<String> = ex.primary_key.iter().map(|k| format!("`{}`", k)).collect();
                cols.push(format!("PRIMARY KEY ({}) NOT ENFORCED", keys.join(", ")));
            }
            if let Some((col, expr)) = ex.watermark {
                cols.push(format!("WATERMARK FOR `{}` AS {}", col, expr));
            }
            let ddl = format!(
                "CREATE TABLE `{}` ({}) WITH ('changelog.mode' = '{}')",
                ex.path(),
                cols.join(", "),
                ex.changelog_mode
            );
            let crate::sql::Statement::CreateTable(ct) = crate::sql::parse_statement(&ddl)? else {
                return Err(Error::harness(format!("examples catalog: not a CREATE TABLE: {}", ddl)));
            };
            self.create(&ct, zone, dialect)?;
            let Some(t) = self.tables.last_mut() else { continue };
            t.generator = Some(Ok(ex.table.clone()));
            t.read_only = true;
            t.default_rows = Some(ex.default_rows);
            t.options.retain(|(k, _)| k != "changelog.mode");
        }
        Ok(())
    }
}

/// The generator of a `'connector' = 'faker'` table (None for other tables). Confluent Cloud
/// checks a faker table when it is created, so a wrong expression or option fails the CREATE
/// TABLE, at the column it is about (or the table's name).
fn faker_of(ct: &CreateTable, columns: &[Column]) -> Result<Option<crate::datagen::GenTable>> {
    if !ct.options.iter().any(|(k, v)| k == "connector" && v.trim().eq_ignore_ascii_case("faker")) {
        return Ok(None);
    }
    let (mut specs, mut spans) = (Vec::new(), Vec::new());
    for (i, c) in columns.iter().enumerate().filter(|(_, c)| matches!(c.kind, ColumnKind::Physical)) {
        specs.push(crate::datagen::ColumnSpec::new(&c.name, c.ty.clone()));
        spans.push(ct.columns.get(i).map_or(ct.name_span, |d| d.span));
    }
    crate::datagen::faker::from_options(&ct.name, ct.name_span, specs, &spans, &ct.options).map(Some)
}

/// The generator of a `'connector' = 'datagen'` table (None for other tables).
fn datagen_of(ct: &CreateTable, columns: &[Column]) -> Option<std::result::Result<crate::datagen::GenTable, Error>> {
    let connector = ct.options.iter().find(|(k, _)| k == "connector").map(|(_, v)| v.trim().to_ascii_lowercase())?;
    if connector != "datagen" {
        return None;
    }
    let specs: Vec<crate::datagen::ColumnSpec> = columns
        .iter()
        .filter(|c| matches!(c.kind, ColumnKind::Physical))
        .map(|c| crate::datagen::ColumnSpec::new(&c.name, c.ty.clone()))
        .collect();
    let options: Vec<(String, String)> = ct
        .options
        .iter()
        .filter(|(k, _)| !matches!(k.as_str(), "connector" | "changelog.mode" | "changelog-mode"))
        .cloned()
        .collect();
    Some(crate::datagen::from_flink_options(&ct.name, &specs, &options, 0).map_err(|e| {
        let path = format!("default_catalog.default_database.{}", ct.name);
        crate::datagen::source_error(&path, &ct.options, &e)
    }))
}

/// Calcite's RexNode text of the common watermark expressions: a column (`ts`), and a column plus or
/// minus a day-time interval literal (`-(ts, 3000:INTERVAL SECOND)`; the value in milliseconds, the
/// type named by the literal's units). None for anything else.
fn rex_digest(e: &sqlparser::ast::Expr) -> Option<String> {
    use sqlparser::ast::{BinaryOperator, Expr as E};
    match e {
        E::Identifier(i) => Some(i.value.clone()),
        E::Nested(x) => rex_digest(x),
        E::BinaryOp { left, op: op @ (BinaryOperator::Minus | BinaryOperator::Plus), right } => {
            let E::Identifier(col) = left.as_ref() else { return None };
            let E::Interval(iv) = right.as_ref() else { return None };
            let span = crate::sql::span_of(right.as_ref());
            let crate::value::Value::Interval(ms) = crate::expr::bind::interval_value(iv, span).ok()? else {
                return None;
            };
            let unit = |f: &sqlparser::ast::DateTimeField| {
                let u = f.to_string().to_ascii_uppercase();
                u.strip_suffix('S').map(str::to_string).unwrap_or(u)
            };
            let ty = match &iv.last_field {
                Some(l) => format!("INTERVAL {} TO {}", unit(iv.leading_field.as_ref()?), unit(l)),
                None => format!("INTERVAL {}", unit(iv.leading_field.as_ref()?)),
            };
            let op = if matches!(op, BinaryOperator::Minus) { "-" } else { "+" };
            Some(format!("{}({}, {}:{})", op, col.value, ms, ty))
        }
        _ => None,
    }
}
