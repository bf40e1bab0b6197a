//! Replays run-target inputs natively on a thread with a small stack (default 1 MiB, about
//! what the page's wasm has), one process per file so that a stack overflow names its file:
//! `cargo run --release --manifest-path fuzz/Cargo.toml --example replay -- [--stack BYTES] FILE…`.

use std::process::Command;

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let mut stack = 1 << 20;
    if args.first().map(|a| a == "--stack").unwrap_or(false) && args.len() > 1 {
        stack = args[1].parse().unwrap_or(stack);
        args.drain(..2);
    }
    if args.first().map(|a| a == "--one").unwrap_or(false) {
        let data = std::fs::read(&args[1]).unwrap_or_default();
        let h = std::thread::Builder::new().stack_size(stack).spawn(move || joinlab_fuzz::run::one(&data));
        if let Ok(h) = h {
            let _ = h.join();
        }
        return;
    }
    let me = std::env::current_exe().unwrap_or_default();
    let mut bad = 0;
    for f in &args {
        let st = Command::new(&me).args(["--stack", &stack.to_string(), "--one", f]).output();
        if let Ok(o) = st {
            if !o.status.success() {
                bad += 1;
                println!(
                    "FAILED ({}) {}: {}",
                    o.status,
                    f,
                    String::from_utf8_lossy(&o.stderr).lines().next().unwrap_or("")
                );
            }
        }
    }
    println!("{} of {} inputs failed", bad, args.len());
}
