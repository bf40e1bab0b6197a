//! The planner: a query parsed, bound and planned over a fixed catalog (joinlab_fuzz::gen's
//! PRELUDE: a stream, a versioned table, an upsert table, a lookup table, a datagen table),
//! then EXPLAINed. The query is generated from the bytes after the first by the grammar of
//! joinlab_fuzz::gen::query when the first byte is 0x80 or more, else it is the input's text (a
//! seed query from fuzz/seeds/queries, mutated).
#![no_main]

use std::sync::OnceLock;

use joinlab_engine::exec::Prepared;
use joinlab_engine::plan::{explain, plan_query};
use joinlab_engine::session::Session;
use joinlab_engine::sql::{parse_statement, Statement};
use joinlab_engine::{prepare, Dialect, RunConfig};
use joinlab_fuzz::{gen, G};
use libfuzzer_sys::fuzz_target;

fn catalogs() -> &'static [(Dialect, Prepared)] {
    static C: OnceLock<Vec<(Dialect, Prepared)>> = OnceLock::new();
    C.get_or_init(|| {
        [Dialect::Flink, Dialect::Confluent]
            .into_iter()
            .filter_map(|d| {
                // Confluent's dialect has no PROCTIME()
                let prelude = if d == Dialect::Confluent {
                    gen::PRELUDE.replace(", pt AS PROCTIME()", "")
                } else {
                    gen::PRELUDE.to_string()
                };
                prepare(&prelude, &RunConfig { dialect: d, trace: false }).ok().map(|p| (d, p))
            })
            .collect()
    })
}

fuzz_target!(|data: &[u8]| {
    let Some((&first, rest)) = data.split_first() else { return };
    let sql = if first >= 0x80 {
        gen::query(&mut G::new(rest), gen::PRELUDE_TABLES)
    } else {
        String::from_utf8_lossy(data).into_owned()
    };
    let cats = catalogs();
    assert!(cats.len() == 2, "the prelude must prepare in both dialects");
    let (dialect, p) = &cats[data.len() % 2];
    let query = match parse_statement(&sql) {
        Ok(Statement::Query(q)) => q,
        Ok(Statement::Explain { query, .. }) => query,
        _ => return,
    };
    let session = Session::new(*dialect);
    let settings = session.settings();
    if let Ok(plan) = plan_query(&query, &sql, &p.catalog, &settings, *dialect) {
        let _ = explain(&plan.rel, &p.catalog);
    }
});
