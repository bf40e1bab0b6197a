//! The script splitter and the statement parser: any text, split into statements and `@`
//! lines, each statement parsed (the Flink dialect's parser and Confluent's extra checks).
//! Neither may panic; errors are values.
#![no_main]

use joinlab_engine::script::{split, ItemKind};
use joinlab_engine::sql::{confluent, parse_statement};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let Ok(items) = split(&text) else { return };
    for it in &items {
        if let ItemKind::Sql(sql) = &it.kind {
            let _ = parse_statement(sql);
            let _ = confluent::check_statement(sql);
        }
    }
});
