//! Confluent Cloud's connections, external tables and models (WAVE2-RESEARCH §2, §3): what
//! `CREATE CONNECTION`, `CREATE TABLE … WITH ('connector' = 'mongodb', …)` and `CREATE MODEL`
//! declare, with their checks. JoinLab reaches no external system: an external table's rows are
//! the script's own (its `INSERT INTO … VALUES` rows and `@` lines), kept in an in-browser
//! store that the search functions read (see `ops::search`).

use crate::error::{Error, Pos, Result};
use crate::sql::confluent_ddl::{ConnectionDef, ModelDef};
use crate::types::{DataType, TypeKind};

/// The connection types of Confluent's CREATE CONNECTION page (§2.1).
pub const CONNECTION_TYPES: &[&str] = &[
    "azureml",
    "azureopenai",
    "bedrock",
    "confluent_jdbc",
    "couchbase",
    "elastic",
    "googleai",
    "mcp_server",
    "mongodb",
    "openai",
    "pinecone",
    "rest",
    "sagemaker",
    "vertexai",
];

/// A `CREATE CONNECTION` (its secrets are kept only to be hidden).
#[derive(Clone, Debug)]
pub struct Connection {
    pub name: String,
    pub kind: String,
    pub endpoint: String,
}

/// The three search functions (§1.1–§1.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SearchKind {
    Key,
    Text,
    Vector,
}

impl SearchKind {
    pub fn function(self) -> &'static str {
        match self {
            SearchKind::Key => "KEY_SEARCH_AGG",
            SearchKind::Text => "TEXT_SEARCH_AGG",
            SearchKind::Vector => "VECTOR_SEARCH_AGG",
        }
    }

    pub fn of(name: &str) -> Option<SearchKind> {
        match name.to_ascii_uppercase().as_str() {
            "KEY_SEARCH_AGG" => Some(SearchKind::Key),
            "TEXT_SEARCH_AGG" => Some(SearchKind::Text),
            "VECTOR_SEARCH_AGG" => Some(SearchKind::Vector),
            _ => None,
        }
    }
}

/// The connectors of an external table (§2.2) and the searches each provider offers (§2.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Connector {
    ConfluentJdbc,
    MongoDb,
    Elastic,
    Couchbase,
    Pinecone,
    Rest,
}

impl Connector {
    pub fn of(name: &str) -> Option<Connector> {
        match name.trim().to_ascii_lowercase().as_str() {
            "confluent-jdbc" => Some(Connector::ConfluentJdbc),
            "mongodb" => Some(Connector::MongoDb),
            "elastic" => Some(Connector::Elastic),
            "couchbase" => Some(Connector::Couchbase),
            "pinecone" => Some(Connector::Pinecone),
            "rest" => Some(Connector::Rest),
            _ => None,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Connector::ConfluentJdbc => "confluent-jdbc",
            Connector::MongoDb => "mongodb",
            Connector::Elastic => "elastic",
            Connector::Couchbase => "couchbase",
            Connector::Pinecone => "pinecone",
            Connector::Rest => "rest",
        }
    }

    /// The options after `<connector>.` that the sources show (§2.2).
    pub fn options(self) -> &'static [&'static str] {
        match self {
            Connector::ConfluentJdbc => &["connection", "table-name"],
            Connector::MongoDb => {
                &["connection", "database", "collection", "index", "embedding_column", "numCandidates"]
            }
            Connector::Elastic => &["connection", "index"],
            Connector::Couchbase => &["connection"],
            Connector::Pinecone => &["connection", "embedding_column"],
            Connector::Rest => &["connection", "method", "path"],
        }
    }

    /// The search functions the provider offers (§2.3).
    pub fn supports(self, k: SearchKind) -> bool {
        match self {
            Connector::ConfluentJdbc | Connector::Rest => k == SearchKind::Key,
            Connector::MongoDb | Connector::Couchbase => true,
            Connector::Elastic => k != SearchKind::Key,
            Connector::Pinecone => k == SearchKind::Vector,
        }
    }

    /// The providers offering a search (for the rejection's message).
    pub fn offering(k: SearchKind) -> Vec<&'static str> {
        [
            Connector::ConfluentJdbc,
            Connector::MongoDb,
            Connector::Elastic,
            Connector::Couchbase,
            Connector::Pinecone,
            Connector::Rest,
        ]
        .iter()
        .filter(|c| c.supports(k))
        .map(|c| c.name())
        .collect()
    }
}

/// What makes a table external.
#[derive(Clone, Debug)]
pub struct External {
    pub connector: Connector,
    pub connection: String,
}

/// A `CREATE MODEL` (its latest version).
#[derive(Clone, Debug)]
pub struct Model {
    pub name: String,
    pub inputs: Vec<(String, DataType)>,
    pub outputs: Vec<(String, DataType)>,
    pub provider: String,
    pub task: String,
}

const TASKS: &[&str] = &["classification", "clustering", "embedding", "regression", "text_generation"];

fn option<'a>(options: &'a [(String, String)], key: &str) -> Option<&'a str> {
    options.iter().find(|(k, _)| k.eq_ignore_ascii_case(key)).map(|(_, v)| v.as_str())
}

/// Checks a `CREATE CONNECTION`: a known `type` and an `endpoint`.
pub fn connection(def: &ConnectionDef) -> Result<Connection> {
    let at = |e: Error| e.at(def.with_span.0, def.with_span.1);
    let Some(kind) = option(&def.options, "type") else {
        return Err(at(Error::validation(format!(
            "CREATE CONNECTION {} needs a 'type' option, one of: {}",
            def.name,
            CONNECTION_TYPES.join(", ")
        ))));
    };
    let lower = kind.trim().to_ascii_lowercase();
    if !CONNECTION_TYPES.contains(&lower.as_str()) {
        return Err(at(Error::validation(format!(
            "Unknown connection type '{}' for connection '{}'. Known types: {}",
            kind,
            def.name,
            CONNECTION_TYPES.join(", ")
        ))));
    }
    let Some(endpoint) = option(&def.options, "endpoint") else {
        return Err(at(Error::validation(format!("CREATE CONNECTION {} needs an 'endpoint' option", def.name))));
    };
    Ok(Connection { name: def.name.clone(), kind: lower, endpoint: endpoint.to_string() })
}

/// The external-table part of a `CREATE TABLE`'s options: None for another connector.
pub fn table(
    name: &str,
    options: &[(String, String)],
    connections: &[Connection],
    at: (Pos, Pos),
) -> Result<Option<External>> {
    let Some(connector) = option(options, "connector").and_then(Connector::of) else {
        return Ok(None);
    };
    let prefix = format!("{}.", connector.name());
    let known = connector.options();
    let mut connection = None;
    for (k, v) in options {
        let Some(rest) = k.strip_prefix(&prefix) else { continue };
        // `mongodb.numcandidates` is seen written both ways (§2.2)
        if !known.iter().any(|o| o.eq_ignore_ascii_case(rest)) {
            let all: Vec<String> = known.iter().map(|o| format!("'{}{}'", prefix, o)).collect();
            return Err(Error::validation(format!(
                "Unsupported option '{}' for the {} external table '{}'. Supported options: {}",
                k,
                connector.name(),
                name,
                all.join(", ")
            ))
            .at(at.0, at.1));
        }
        if rest == "connection" {
            connection = Some(v.clone());
        }
        if rest.eq_ignore_ascii_case("numCandidates") && v.trim().parse::<u32>().map_or(true, |n| n == 0) {
            return Err(
                Error::validation(format!("Option '{}' must be a positive integer, but was '{}'", k, v)).at(at.0, at.1)
            );
        }
    }
    let Some(connection) = connection else {
        return Err(Error::validation(format!(
            "The {} external table '{}' needs the option '{}connection' (the name of a CREATE CONNECTION)",
            connector.name(),
            name,
            prefix
        ))
        .at(at.0, at.1));
    };
    if !connections.iter().any(|c| c.name == connection) {
        return Err(Error::validation(format!(
            "Connection '{}' does not exist (the table '{}' names it in '{}connection'; CREATE CONNECTION it first)",
            connection, name, prefix
        ))
        .at(at.0, at.1));
    }
    Ok(Some(External { connector, connection }))
}

/// Checks a `CREATE MODEL`: `task` (required) and `provider`, a named connection that exists.
pub fn model(def: &ModelDef, connections: &[Connection]) -> Result<Model> {
    let at = |e: Error| e.at(def.with_span.0, def.with_span.1);
    let Some(task) = option(&def.options, "task") else {
        return Err(at(Error::validation(format!(
            "CREATE MODEL {}: 'task' is a required property (one of: {})",
            def.name,
            TASKS.join(", ")
        ))));
    };
    let task = task.trim().to_ascii_lowercase();
    if !TASKS.contains(&task.as_str()) {
        return Err(at(Error::validation(format!(
            "CREATE MODEL {}: unknown task '{}' (one of: {})",
            def.name,
            task,
            TASKS.join(", ")
        ))));
    }
    let Some(provider) = option(&def.options, "provider") else {
        return Err(at(Error::validation(format!("CREATE MODEL {}: the 'provider' option is missing", def.name))));
    };
    let provider = provider.trim().to_ascii_lowercase();
    for (k, v) in &def.options {
        if k.to_ascii_lowercase().ends_with(".connection") && !connections.iter().any(|c| c.name == *v) {
            return Err(at(Error::validation(format!(
                "Connection '{}' does not exist (the model '{}' names it in '{}'; CREATE CONNECTION it first)",
                v, def.name, k
            ))));
        }
    }
    Ok(Model { name: def.name.clone(), inputs: def.inputs.clone(), outputs: def.outputs.clone(), provider, task })
}

/// A vector column's element type: FLOAT or DOUBLE.
pub fn is_vector(t: &DataType) -> bool {
    matches!(&t.kind, TypeKind::Array { element } if matches!(element.kind, TypeKind::Float | TypeKind::Double))
}
