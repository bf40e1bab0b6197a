//! Planning a query: bind names and types against the catalog, validate like Flink's planner,
//! classify each join, and describe the result (schema, notes, EXPLAIN text).

pub mod bind;
pub mod bind_expr;
mod explain;
pub mod rel;

pub use explain::explain;
pub use rel::{Field, JoinKind, Node, Rel, WindowJoinNode, WindowProps};

use sqlparser::ast::Query;

use crate::catalog::Catalog;
use crate::error::Result;
use crate::session::Dialect;
use crate::time::SessionZone;
use crate::types::TimeAttr;

/// A planned query, ready to run.
#[derive(Clone, Debug)]
pub struct QueryPlan {
    pub rel: Rel,
    /// The columns as the sink receives them (rowtime attributes CAST when there are several).
    pub schema: Vec<Field>,
    /// `# note:` lines Flink's harness prints for this query.
    pub notes: Vec<String>,
    /// Index of the single rowtime attribute of the result, if exactly one.
    pub single_rowtime: Option<usize>,
}

/// Plans one query with the catalog and the settings in effect where it stands.
pub fn plan_query(q: &Query, catalog: &Catalog, zone: &SessionZone, dialect: Dialect) -> Result<QueryPlan> {
    let mut binder = bind::Binder::new(catalog, zone, dialect);
    let bound = binder.bind_query(q, None)?;
    if let Some(e) = binder.pending.take() {
        return Err(e);
    }
    let rel = bound.rel;
    let mut schema = rel.fields.clone();
    let mut notes = Vec::new();
    let rowtimes: Vec<usize> = (0..schema.len()).filter(|&i| schema[i].ty.is_rowtime()).collect();
    let mut single_rowtime = None;
    if rowtimes.len() > 1 {
        let names: Vec<String> = rowtimes.iter().map(|&i| schema[i].name.clone()).collect();
        notes.push(format!(
            "# note: several rowtime attributes [{}] were CAST to plain timestamps for the collecting sink",
            names.join(", ")
        ));
        for &i in &rowtimes {
            schema[i].ty = schema[i].ty.with_time_attr(TimeAttr::None);
        }
    } else if rowtimes.len() == 1 {
        single_rowtime = Some(rowtimes[0]);
    }
    // PROCTIME attributes are materialized at the sink
    for f in &mut schema {
        if f.ty.time_attr() == TimeAttr::Proctime {
            f.ty = f.ty.with_time_attr(TimeAttr::None);
        }
    }
    Ok(QueryPlan { rel, schema, notes, single_rowtime })
}
