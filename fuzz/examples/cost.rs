//! What one prepare costs (the floor under every target that runs a script):
//! `cargo run --release --manifest-path fuzz/Cargo.toml --example cost`.

use std::time::Instant;

use joinlab_engine::{prepare, Dialect, RunConfig};

fn main() {
    for d in [Dialect::Flink, Dialect::Confluent] {
        let cfg = RunConfig { dialect: d, trace: false };
        let t0 = Instant::now();
        for _ in 0..200 {
            let _ = prepare("CREATE TABLE t (a INT);\n@t 1\n", &cfg);
        }
        println!("{:?}: prepare of a one-table script {:.3} ms", d, t0.elapsed().as_secs_f64() * 1000.0 / 200.0);
        let prelude = joinlab_fuzz::gen::PRELUDE.replace(", pt AS PROCTIME()", "");
        if let Err((_, _, e)) = prepare(if d == Dialect::Flink { joinlab_fuzz::gen::PRELUDE } else { &prelude }, &cfg) {
            println!("{:?}: the prelude fails: {}", d, e.message);
        }
    }
}
