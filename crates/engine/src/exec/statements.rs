//! The statements of a script other than queries, one function each, run in script order with
//! the settings in effect where each stands (SET, CREATE TABLE, USE, INSERT, EXPLAIN, DESCRIBE,
//! SHOW). A failing statement fails the whole script, as in the oracle — except EXPLAIN, whose
//! error is printed in its place.

use std::sync::Arc;

use crate::catalog::Catalog;
use crate::data::{self, InsertedRow};
use crate::error::{Error, ErrorKind, Result};
use crate::kinds::Dialect;
use crate::plan::{explain_with, plan_query};
use crate::script::Item;
use crate::session::{Session, Settings};
use crate::sql::{parse_statement_nested, Statement};
use crate::trace::{ErrorInfo, StatementOutput};

use super::{first_line, located, not_writable, QueryAt};

/// What the statements build up, in script order.
pub(super) struct ScriptState {
    pub session: Session,
    pub dialect: Dialect,
    pub catalog: Catalog,
    pub statements: Vec<StatementOutput>,
    pub queries: Vec<QueryAt>,
    pub inserted: Vec<InsertedRow>,
    /// `@` lines with the settings in effect where they stand.
    pub data_items: Vec<(Item, Arc<Settings>)>,
    pub first_insert_line: Option<usize>,
    /// The correlation variables (`$corN`) the EXPLAIN statements planned so far created.
    pub correlations: usize,
    /// `joinlab.limit.nesting-depth` ([`crate::limits`]): how deeply a statement may nest.
    pub depth: crate::sql::Nesting,
    /// What the fast reader's recent INSERTs resolved (at most [`INSERT_SHAPES`]); cleared by
    /// every other statement, which may change the catalog or the settings (a query does not).
    pub insert_shapes: Vec<InsertShape>,
}

/// How many INSERT shapes [`ScriptState`] keeps (one per table a script inserts into, usually).
const INSERT_SHAPES: usize = 16;

/// An INSERT's table and columns as written, with what they resolved to and what its checks
/// found for the literal types of its one row.
pub(super) struct InsertShape {
    table: String,
    columns: Vec<String>,
    table_index: usize,
    row_types: Vec<crate::types::DataType>,
    plan: data::InsertPlan,
}

impl ScriptState {
    /// A query: planned and run later, with the settings in effect here.
    pub fn query(&mut self, sql: &str, it: &Item) {
        let parsed =
            self.dialect_check(sql).and_then(|()| parse_statement_nested(sql, self.depth)).and_then(|st| match st {
                Statement::Query(q) => Ok(q),
                _ => Err(Error::unsupported("this kind of query statement")),
            });
        self.queries.push(QueryAt {
            sql: sql.to_string(),
            item: it.clone(),
            settings: self.session.settings(),
            parsed: parsed.map_err(|e| located(e, it)),
        });
    }

    /// What the confluent dialect refuses before parsing ([`crate::sql::confluent`]).
    fn dialect_check(&self, sql: &str) -> Result<()> {
        match self.dialect {
            Dialect::Confluent => crate::sql::confluent::check_statement(sql),
            Dialect::Flink => Ok(()),
        }
    }

    /// Any other statement.
    pub fn statement(&mut self, sql: &str, it: &Item) -> Result<()> {
        if self.fast_insert(sql, it) {
            return Ok(());
        }
        self.insert_shapes.clear();
        let st = match self.dialect_check(sql).and_then(|()| parse_statement_nested(sql, self.depth)) {
            Ok(st) => st,
            Err(e) if upper_start(sql).starts_with("EXPLAIN") => {
                // a failing EXPLAIN prints its error and the script goes on (as in the oracle)
                self.explain_error(sql, it, located(e, it));
                return Ok(());
            }
            Err(e) => return Err(located(not_a_statement(e, sql), it)),
        };
        match st {
            Statement::Set { key, value } => self.session.set(&key, &value, it.line),
            Statement::Reset { key } => {
                self.session.reset(key.as_deref());
                Ok(())
            }
            Statement::CreateTable(ct) => self.create_table(&ct, it),
            Statement::CreateView { name, name_span, columns, query } => {
                if self.catalog.find(&name).is_some() || self.catalog.views.iter().any(|(n, _, _)| *n == name) {
                    return Err(located(
                        crate::error::Error::validation(format!(
                            "Could not execute CreateTable in path `default_catalog`.`default_database`.`{}`",
                            name
                        ))
                        .at(name_span.0, name_span.1),
                        it,
                    ));
                }
                self.catalog.views.push((name, columns, *query));
                Ok(())
            }
            Statement::CreateFunction { name, class, jars, span } => {
                self.catalog.function_jars.retain(|(n, _)| !n.eq_ignore_ascii_case(&name));
                if let Some(uri) = jars.first() {
                    self.catalog.function_jars.push((name.clone(), uri.clone()));
                }
                // the class is not loaded: the function binds the built-in PTF of the same name
                // (the class's simple name may also name it: 'io.confluent.developer.SensorFusionPtf')
                let kind = crate::catalog::ptf::PtfKind::for_class(&name, &class);
                match kind {
                    Some(k) => {
                        self.catalog.functions.retain(|(n, _)| !n.eq_ignore_ascii_case(&name));
                        self.catalog.functions.push((name, k));
                        Ok(())
                    }
                    None => Err(located(
                        crate::error::Error::unsupported(format!(
                            "user-defined process table functions (CREATE FUNCTION {} AS '{}'): JoinLab cannot load a class and runs only its built-in ones: {}",
                            name,
                            class,
                            crate::catalog::ptf::PtfKind::names().join(", ")
                        ))
                        .at(span.0, span.1),
                        it,
                    )),
                }
            }
            Statement::CreateConnection(def) => self.create_connection(&def, it),
            Statement::CreateModel(def) => self.create_model(&def, it),
            Statement::Use { catalog, parts } => self.use_path(catalog, &parts, it),
            Statement::Modify { verb, table, span } => Err(self.modify(&verb, &table, span, it)),
            Statement::Insert(ins) => self.insert(&ins, sql, it),
            Statement::Explain { details, query } => {
                self.explain(&query, sql, &details, it);
                Ok(())
            }
            Statement::Describe { table, span } => self.describe(&table, span, sql, it),
            Statement::Show(what) => self.show(&what, sql, it),
            Statement::Query(_) => Ok(()),
        }
    }

    /// Confluent's `CREATE [OR REPLACE] CONNECTION [IF NOT EXISTS]` (WAVE2-RESEARCH §2.1).
    fn create_connection(&mut self, def: &crate::sql::confluent_ddl::ConnectionDef, it: &Item) -> Result<()> {
        if self.dialect != Dialect::Confluent {
            return Err(located(
                Error::unsupported("CREATE CONNECTION in the flink dialect (a Confluent Cloud statement)")
                    .at(def.span.0, def.span.1),
                it,
            ));
        }
        let c = crate::catalog::external::connection(def).map_err(|e| located(e, it))?;
        if let Some(i) = self.catalog.connections.iter().position(|x| x.name == c.name) {
            if def.if_not_exists {
                return Ok(());
            }
            if !def.or_replace {
                return Err(located(
                    Error::validation(format!("Connection '{}' already exists", c.name)).at(def.span.0, def.span.1),
                    it,
                ));
            }
            self.catalog.connections[i] = c;
            return Ok(());
        }
        self.catalog.connections.push(c);
        Ok(())
    }

    /// Confluent's `CREATE MODEL` (WAVE2-RESEARCH §3): a second one of a name is its new version.
    fn create_model(&mut self, def: &crate::sql::confluent_ddl::ModelDef, it: &Item) -> Result<()> {
        if self.dialect != Dialect::Confluent {
            return Err(located(
                Error::unsupported("CREATE MODEL in the flink dialect (JoinLab runs Confluent's CREATE MODEL only)")
                    .at(def.span.0, def.span.1),
                it,
            ));
        }
        let m = crate::catalog::external::model(def, &self.catalog.connections).map_err(|e| located(e, it))?;
        self.catalog.models.retain(|x| !x.name.eq_ignore_ascii_case(&m.name));
        self.catalog.models.push(m);
        Ok(())
    }

    fn create_table(&mut self, ct: &crate::sql::CreateTable, it: &Item) -> Result<()> {
        let settings = self.session.settings();
        if ct.name.contains('.') {
            return Err(located(not_writable(&ct.path, "CREATE TABLE").at(ct.name_span.0, ct.name_span.1), it));
        }
        self.catalog.create(ct, settings.zone(), self.dialect).map_err(|e| located(e, it))
    }

    /// `USE CATALOG c`, `USE db`, `USE c.db`.
    fn use_path(&mut self, is_catalog: bool, parts: &[String], it: &Item) -> Result<()> {
        let tables = &self.catalog.tables;
        let known = match (is_catalog, parts) {
            (true, [c]) => c == "default_catalog" || c == "examples",
            (false, [d]) => {
                let sp = self.session.settings().search_path();
                match sp.first() {
                    Some(c) => tables.iter().any(|t| t.name.starts_with(&format!("{}.{}.", c, d))),
                    None => d == "default_database",
                }
            }
            (false, [c, d]) => {
                (c == "default_catalog" && d == "default_database")
                    || tables.iter().any(|t| t.name.starts_with(&format!("{}.{}.", c, d)))
            }
            _ => false,
        };
        if !known {
            let what = if is_catalog { "Catalog" } else { "Database" };
            return Err(located(Error::validation(format!("{} {} does not exist", what, parts.join("."))), it));
        }
        self.session.use_path(is_catalog, parts);
        Ok(())
    }

    /// `ALTER` / `DROP TABLE`: the examples catalog is read-only, and tables live for the whole
    /// script.
    fn modify(&self, verb: &str, table: &[String], span: (crate::error::Pos, crate::error::Pos), it: &Item) -> Error {
        let sp = self.session.settings().search_path();
        match self.catalog.resolve(table, &sp) {
            Some(ti) if self.catalog.tables[ti].read_only => {
                located(not_writable(table, &format!("{} TABLE", verb)).at(span.0, span.1), it)
            }
            _ => located(
                Error::unsupported(format!("{} TABLE (tables live for the whole script)", verb)).at(span.0, span.1),
                it,
            ),
        }
    }

    fn insert(&mut self, ins: &sqlparser::ast::Insert, sql: &str, it: &Item) -> Result<()> {
        self.first_insert_line.get_or_insert(it.line);
        if let sqlparser::ast::TableObject::TableName(n) = &ins.table {
            let (path, parts) = crate::sql::table_path(n);
            let sp = self.session.settings().search_path();
            let external = self.catalog.resolve(&parts, &sp).filter(|&ti| self.catalog.tables[ti].external.is_some());
            let values =
                ins.source.as_ref().is_some_and(|q| matches!(q.body.as_ref(), sqlparser::ast::SetExpr::Values(_)));
            if external.is_some() && !values {
                // the script's own rows (VALUES) fill the store; a query never writes to it
                let span = crate::sql::span_of(n);
                return Err(located(
                    Error::validation(format!(
                        "The external table '{}' is read-only: a query cannot write to it (WAVE2 §2.1; JoinLab fills its store only from INSERT INTO … VALUES rows and @ lines)",
                        path
                    ))
                    .at(span.0, span.1),
                    it,
                ));
            }
            let read_only = self
                .catalog
                .resolve(&parts, &sp)
                .map(|ti| self.catalog.tables[ti].read_only)
                .unwrap_or(path.contains('.'));
            if read_only {
                let span = crate::sql::span_of(n);
                return Err(located(not_writable(&parts, "INSERT INTO").at(span.0, span.1), it));
            }
        }
        let settings = self.session.settings();
        let (table, rows) = data::evaluate_insert(ins, sql, it, &self.catalog, settings.zone())?;
        self.push_inserted(table, rows, it.line);
        Ok(())
    }

    /// An INSERT of plain literals read without sqlparser (`data::fast_insert`), checked and
    /// evaluated by the same code as [`Self::insert`]; false when the statement must go the
    /// sqlparser way, which also gives every error. A one-row INSERT into the table and
    /// columns of an earlier one, with the same literal types, reuses that one's checks
    /// ([`InsertShape`]).
    fn fast_insert(&mut self, sql: &str, it: &Item) -> bool {
        let settings = self.session.settings();
        let Some(f) = data::fast_insert::read(sql, settings.zone()) else { return false };
        let known = self.insert_shapes.iter().position(|s| s.table == f.table && s.columns == f.columns);
        let same_types = |s: &InsertShape| match f.rows.as_slice() {
            [row] => s.row_types.len() == row.len() && s.row_types.iter().zip(row).all(|(t, e)| t == e.ty()),
            _ => false,
        };
        let rows = match known {
            Some(k) if same_types(&self.insert_shapes[k]) => {
                let s = &self.insert_shapes[k];
                data::evaluate_rows(&s.plan, s.table_index, &f.rows, sql, it, &self.catalog, settings.zone())
                    .map(|rows| (s.table_index, rows))
            }
            _ => {
                let parts = vec![f.table.clone()];
                let resolved = self.catalog.resolve(&parts, &settings.search_path());
                if resolved.is_some_and(|ti| self.catalog.tables[ti].read_only) {
                    return false;
                }
                let one = crate::error::Pos { line: 1, col: 1 };
                let columns: Vec<(String, _)> = f.columns.iter().map(|c| (c.clone(), (one, one))).collect();
                let Ok((table, targets)) = data::insert_targets(&f.table, &columns, sql, it, &self.catalog) else {
                    return false;
                };
                let Ok(plan) = data::check_insert(table, &targets, &f.rows, sql, it, &self.catalog) else {
                    return false;
                };
                let rows = data::evaluate_rows(&plan, table, &f.rows, sql, it, &self.catalog, settings.zone());
                let row_types = match f.rows.as_slice() {
                    [row] => row.iter().map(|e| e.ty().clone()).collect(),
                    _ => Vec::new(),
                };
                let shape = InsertShape { table: f.table, columns: f.columns, table_index: table, row_types, plan };
                match known {
                    Some(k) => self.insert_shapes[k] = shape,
                    None if self.insert_shapes.len() < INSERT_SHAPES => self.insert_shapes.push(shape),
                    None => {}
                }
                rows.map(|rows| (table, rows))
            }
        };
        let Ok((table, rows)) = rows else { return false };
        self.first_insert_line.get_or_insert(it.line);
        self.push_inserted(table, rows, it.line);
        data::fast_insert::count_taken();
        true
    }

    fn push_inserted(&mut self, table: usize, rows: Vec<crate::value::Row>, line: usize) {
        // the event time's position (`data::event_time`), found once
        let pos = self.catalog.tables[table].declared_rowtime_physical();
        self.inserted.reserve(rows.len());
        for r in rows {
            let time = pos.and_then(|p| r.get(p)).and_then(|v| v.as_millis());
            self.inserted.push(InsertedRow { table, values: r, line, time });
        }
    }

    fn explain(&mut self, query: &sqlparser::ast::Query, sql: &str, details: &[String], it: &Item) {
        let settings = self.session.settings();
        match plan_query(query, sql, &self.catalog, &settings, self.dialect) {
            // Flink plans a batch job with other operators (no watermarks, batch joins), and
            // rejects a temporal join there (oracle h2): JoinLab prints only streaming plans
            Ok(p) if self.session.batch_mode() => {
                let base = self.correlations;
                self.correlations += p.correlations;
                let e = match crate::plan::batch::check(&p.rel, &self.catalog, self.dialect, base, sql) {
                    Err(e) => e,
                    Ok(()) => crate::error::Error::unsupported(
                        "EXPLAIN in batch mode (execution.runtime-mode = batch): JoinLab prints streaming plans only",
                    ),
                };
                self.explain_error(sql, it, located(e, it))
            }
            Ok(p) => {
                let text = explain_with(&p.rel, &self.catalog, details.iter().any(|d| d == "CHANGELOG_MODE"));
                self.statements.push(StatementOutput { line: it.line, header: first_line(sql), text, error: None });
            }
            Err(e) => self.explain_error(sql, it, located(e, it)),
        }
    }

    fn explain_error(&mut self, sql: &str, it: &Item, e: Error) {
        self.statements.push(StatementOutput {
            line: it.line,
            header: first_line(sql),
            text: String::new(),
            error: Some(ErrorInfo::from_error(&e)),
        });
    }

    fn describe(
        &mut self,
        table: &str,
        span: (crate::error::Pos, crate::error::Pos),
        sql: &str,
        it: &Item,
    ) -> Result<()> {
        let parts: Vec<String> = table.split('.').map(String::from).collect();
        match self.catalog.resolve(&parts, &self.session.settings().search_path()) {
            Some(ti) => {
                let text = crate::describe::describe(&self.catalog.tables[ti], self.dialect);
                self.statements.push(StatementOutput { line: it.line, header: first_line(sql), text, error: None });
                Ok(())
            }
            None => Err(located(
                Error::validation(format!(
                    "Tables or views with the identifier 'default_catalog.default_database.{}' doesn't exist.",
                    table
                ))
                .at(span.0, span.1),
                it,
            )),
        }
    }

    /// `SHOW CATALOGS | DATABASES | TABLES [FROM|IN x] | CREATE TABLE t`.
    fn show(&mut self, what: &str, sql: &str, it: &Item) -> Result<()> {
        let w = what.trim().to_ascii_uppercase();
        let sp = self.session.settings().search_path();
        let catalog = &self.catalog;
        let text = if w == "CATALOGS" {
            crate::describe::show_catalogs()
        } else if w == "DATABASES" {
            crate::describe::show_databases(catalog, sp.first().map(|s| s.as_str()).unwrap_or("default_catalog"))
        } else if w == "TABLES" || w.starts_with("TABLES FROM ") || w.starts_with("TABLES IN ") {
            let from = what.trim().splitn(3, ' ').nth(2).map(|x| x.replace('`', ""));
            let prefix = match (&from, sp.len()) {
                (Some(f), _) if f.contains('.') => Some(f.clone()),
                (Some(f), _) if f == "default_database" => None,
                (Some(f), n) if n > 0 => Some(format!("{}.{}", sp[0], f)),
                (Some(f), _) => Some(f.clone()),
                (None, 2) => Some(sp.join(".")),
                (None, _) => None,
            };
            crate::describe::show_tables(catalog, prefix.as_deref().filter(|p| !p.starts_with("default_catalog")))
        } else if w.starts_with("CREATE TABLE") {
            let name = what.trim()[12..].trim().replace('`', "");
            match catalog.resolve(&name.split('.').map(String::from).collect::<Vec<_>>(), &sp) {
                Some(ti) => crate::describe::show_create_table(&catalog.tables[ti]),
                None => {
                    return Err(located(
                        Error::validation(format!(
                            "Could not execute SHOW CREATE TABLE. Table with identifier `default_catalog`.`default_database`.`{}` does not exist.",
                            name
                        )),
                        it,
                    ))
                }
            }
        } else {
            return Err(located(Error::unsupported(format!("SHOW {}", what)), it));
        };
        self.statements.push(StatementOutput { line: it.line, header: first_line(sql), text, error: None });
        Ok(())
    }
}

fn upper_start(sql: &str) -> String {
    sql.trim_start().to_ascii_uppercase()
}

/// A statement sqlparser cannot parse that is no CREATE, INSERT or EXPLAIN: Flink's parser calls
/// it a non-query expression.
fn not_a_statement(e: Error, sql: &str) -> Error {
    let u = upper_start(sql);
    if e.kind == ErrorKind::Parse && !u.starts_with("CREATE") && !u.starts_with("INSERT") && !u.starts_with("EXPLAIN") {
        let one = crate::error::Pos { line: 1, col: 1 };
        Error::parse("SQL parse failed. Non-query expression encountered in illegal context")
            .caused_by(
                "org.apache.calcite.sql.parser.SqlParseException: Non-query expression encountered in illegal context",
            )
            .at(e.stmt_span.map(|s| s.0).unwrap_or(one), e.stmt_span.map(|s| s.1).unwrap_or(one))
    } else {
        e
    }
}
