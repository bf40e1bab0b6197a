//! The script's queries: for Flink's SQL client an INSERT INTO a `print` table (a SELECT would
//! block `sql-client.sh -f` at the first unbounded query), for Confluent Cloud the statement as
//! written. A built-in process table function the query calls gets its CREATE FUNCTION first.

use super::ddl::ident;
use super::{Target, Writer};
use crate::catalog::ptf::PtfKind;

pub(super) fn is_query(sql: &str) -> bool {
    let u = sql.trim_start().as_bytes();
    let starts = |w: &str| u.get(..w.len()).is_some_and(|p| p.eq_ignore_ascii_case(w.as_bytes()));
    starts("SELECT") || starts("WITH") || starts("VALUES") || starts("(")
}

/// The class a built-in PTF needs in a real engine.
pub fn ptf_class(name: &str) -> String {
    match name {
        "SensorFusionPtf" => "io.confluent.developer.SensorFusionPtf".into(),
        n => format!("oracle.udf.{}", n),
    }
}

fn words(sql: &str) -> Vec<String> {
    sql.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_')).map(|w| w.to_ascii_lowercase()).collect()
}

/// CREATE FUNCTION for the built-in PTFs a query calls that the script did not create.
fn functions(w: &mut Writer, sql: &str, created: &mut Vec<String>) {
    let ws = words(sql);
    for name in PtfKind::names() {
        let lower = name.to_ascii_lowercase();
        if !ws.contains(&lower) || created.contains(&lower) {
            continue;
        }
        created.push(lower);
        let class = ptf_class(name);
        w.say(&format!("{} is built into JoinLab; the engine needs its class: supply a jar with {}", name, class));
        if name == "SensorFusionPtf" {
            w.say("(Confluent's custom-temporal-join tutorial; other implementations: JoinLab's conformance oracle, oracle/src/oracle/udf)");
        } else {
            w.say("(the class JoinLab's conformance oracle implements it with, oracle/src/oracle/udf; or your own)");
        }
        match w.target {
            Target::Flink => {
                w.out.push_str(&format!("CREATE TEMPORARY FUNCTION {} AS '{}';\n", name, class));
            }
            Target::Confluent => {
                w.say("upload the jar as a Flink artifact (confluent flink artifact create) and put its id here:");
                w.out.push_str(&format!(
                    "CREATE FUNCTION {} AS '{}' USING JAR 'confluent-artifact://${{PTF_ARTIFACT_ID}}';\n",
                    name, class
                ));
            }
        }
    }
}

pub(super) fn query(w: &mut Writer, qi: usize, sql: &str, line: usize, created: &mut Vec<String>) {
    functions(w, sql, created);
    let sql = sql.trim();
    let plan = w.p.plan(qi);
    match (w.target, plan) {
        (_, Err(e)) => {
            let at = e.script_pos.map(|p| format!("at line {}, column {}: ", p.line, p.col)).unwrap_or_default();
            let first = e.message.lines().next().unwrap_or("");
            if e.kind == crate::error::ErrorKind::Unsupported {
                w.unfaithful(format!(
                    "query {} (line {}): JoinLab does not run it ({}{}); kept as a comment: give it a sink",
                    qi + 1,
                    line,
                    at,
                    first
                ));
            } else {
                w.say(&format!("query {} (line {}): JoinLab rejects it, as Flink does: {}{}", qi + 1, line, at, first));
            }
            for l in sql.lines() {
                w.out.push_str("-- ");
                w.out.push_str(l);
                w.out.push('\n');
            }
        }
        (Target::Confluent, Ok(_)) => {
            w.out.push_str(&format!("-- query {} (line {})\n", qi + 1, line));
            w.verbatim(sql);
        }
        (Target::Flink, Ok(plan)) => {
            let sink = format!("joinlab_query_{}", qi + 1);
            let cols: Vec<String> = plan
                .schema
                .iter()
                .map(|f| format!("  {} {}", ident(&f.name), f.ty.with_time_attr(crate::types::TimeAttr::None).sql()))
                .collect();
            w.out.push_str(&format!("-- query {} (line {}): its changelog is printed as {}\n", qi + 1, line, sink));
            w.out.push_str(&format!(
                "CREATE TABLE {} (\n{}\n) WITH (\n  'connector' = 'print',\n  'print-identifier' = '{}'\n);\n",
                sink,
                cols.join(",\n"),
                sink
            ));
            w.out.push_str(&format!("INSERT INTO {}\n{};\n", sink, sql));
        }
    }
}
