//! Prints the script (or query) a fuzz input stands for, to read a crash or check the
//! generators: `cargo run --manifest-path fuzz/Cargo.toml --example show -- run|planner FILE`.

use joinlab_fuzz::{gen, G};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let (Some(target), Some(file)) = (args.get(1), args.get(2)) else {
        eprintln!("usage: show run|planner FILE");
        std::process::exit(2);
    };
    let data = std::fs::read(file).unwrap_or_default();
    let Some((&first, rest)) = data.split_first() else { return };
    if first < 0x80 {
        println!("{}", String::from_utf8_lossy(&data));
    } else if target == "planner" {
        println!("{}{};", gen::PRELUDE, gen::query(&mut G::new(rest), gen::PRELUDE_TABLES));
    } else {
        print!("{}", gen::script(&mut G::new(rest)));
    }
}
