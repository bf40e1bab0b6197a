//! Output to a reader that goes away (`joinlab run F | head`): the CLI stops quietly with exit
//! code 0, as other command-line tools do, instead of panicking on the broken pipe; a full disk
//! is said on stderr with exit code 1.

use std::io::{Read, Write};
use std::process::{Command, Stdio};

/// A script whose text output is a few MB (20,000 rows, each a step).
fn big_script() -> String {
    let mut s = String::from("CREATE TABLE t (a INT, b STRING);\n");
    for i in 0..20_000 {
        s.push_str(&format!("@t {} | row number {}\n", i, i));
    }
    s.push_str("SELECT a, b FROM t;\n");
    s
}

#[test]
fn a_reader_that_goes_away_ends_the_run_quietly() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_joinlab"))
        .args(["run", "-", "--dialect", "flink"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("joinlab starts");
    let script = big_script();
    let mut stdin = child.stdin.take().expect("stdin");
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(script.as_bytes());
    });
    // read the first line only, then hang up
    let mut stdout = child.stdout.take().expect("stdout");
    let mut first = [0u8; 12];
    stdout.read_exact(&mut first).expect("some output");
    assert_eq!(&first, b"== query 1\n#");
    drop(stdout);
    writer.join().expect("script written");
    let out = child.wait_with_output().expect("joinlab ends");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!err.contains("panicked"), "stderr: {}", err);
    assert_eq!(out.status.code(), Some(0), "stderr: {}", err);
}

#[test]
fn a_full_disk_is_said() {
    let Ok(full) = std::fs::OpenOptions::new().write(true).open("/dev/full") else { return };
    let dir = std::env::temp_dir().join(format!("joinlab-full-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let f = dir.join("big.sql");
    std::fs::write(&f, big_script()).expect("script written");
    let out = Command::new(env!("CARGO_BIN_EXE_joinlab"))
        .args(["run", f.to_str().expect("utf-8 path"), "--dialect", "flink"])
        .stdout(full)
        .output()
        .expect("joinlab runs");
    let _ = std::fs::remove_dir_all(&dir);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!err.contains("panicked"), "stderr: {}", err);
    assert_eq!(out.status.code(), Some(1));
    assert!(err.contains("cannot write the output"), "stderr: {}", err);
}
