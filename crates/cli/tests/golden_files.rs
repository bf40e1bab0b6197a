//! `joinlab test`: a folder with a passing and a failing golden file. The expected output is the
//! oracle's (tests/conformance/regular_join/regular_unbounded_mode.expected, made by real Flink),
//! changed by hand where a case needs it.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const NAME: &str = "regular_unbounded_mode";

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// A fresh folder for one test, holding the conformance script under `sub/`.
fn folder(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("joinlab-golden-{}-{}", test, std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("sub")).expect("temp folder");
    for ext in ["sql", "expected"] {
        let from = root().join(format!("tests/conformance/regular_join/{}.{}", NAME, ext));
        std::fs::copy(from, dir.join(format!("sub/{}.{}", NAME, ext))).expect("copied");
    }
    dir
}

fn joinlab(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_joinlab")).args(args).output().expect("joinlab runs")
}

fn text(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned() + &String::from_utf8_lossy(&o.stderr)
}

fn edit(dir: &Path, from: &str, to: &str) {
    let p = dir.join(format!("sub/{}.expected", NAME));
    let s = std::fs::read_to_string(&p).expect("expected file");
    assert!(s.contains(from), "the fixture has {:?}", from);
    std::fs::write(&p, s.replacen(from, to, 1)).expect("written");
}

#[test]
fn the_oracles_output_passes_and_rows_of_a_step_may_come_in_any_order() {
    let dir = folder("pass");
    let d = dir.to_str().expect("utf-8 path");
    let o = joinlab(&["test", d, "--dialect", "flink"]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    assert!(text(&o).contains(&format!("PASS  {}/sub/{}.sql", d, NAME)), "{}", text(&o));
    assert!(text(&o).contains("1 passed, 0 failed"), "{}", text(&o));
    // Flink emits the rows of one step in its own order: the two rows of query 2's step 3 swapped
    edit(
        &dir,
        "# step 3: Product +I[10, Apple]\n-D[1, NULL]\n+I[1, Apple]\n",
        "# step 3: Product +I[10, Apple]\n+I[1, Apple]\n-D[1, NULL]\n",
    );
    let o = joinlab(&["test", d, "--dialect", "flink"]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_different_row_fails_with_both_rows_shown_and_exit_code_1() {
    let dir = folder("fail");
    let d = dir.to_str().expect("utf-8 path");
    // query 1's step 5 emits +I[3, Pear]; the expected file says otherwise
    edit(&dir, "# step 5: orders +I[3, 20]\n+I[3, Pear]\n", "# step 5: orders +I[3, 20]\n+I[3, Apple]\n");
    // and a script beside it with no expected file is skipped, not failed
    std::fs::write(dir.join("sub/other.sql"), "CREATE TABLE t (a INT);\n@t 1\nSELECT a FROM t;\n").expect("written");
    let o = joinlab(&["test", d, "--dialect", "flink"]);
    let out = text(&o);
    assert_eq!(o.status.code(), Some(1), "{}", out);
    assert!(out.contains(&format!("FAIL  {}/sub/{}.sql", d, NAME)), "{}", out);
    assert!(out.contains("query 1, at # step 5: orders +I[3, 20]: rows differ"), "{}", out);
    assert!(out.contains("expected, missing in actual: +I[3, Apple]"), "{}", out);
    assert!(out.contains("actual, not expected:        +I[3, Pear]"), "{}", out);
    assert!(out.contains(&format!("skip  {}/sub/other.sql", d)), "{}", out);
    assert!(out.contains("0 passed, 1 failed, 1 without an expected file"), "{}", out);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn update_writes_what_run_prints_and_an_empty_folder_is_an_error() {
    let dir = folder("update");
    let d = dir.to_str().expect("utf-8 path");
    edit(&dir, "+I[3, Pear]", "+I[3, Apple]");
    std::fs::write(dir.join("sub/other.sql"), "CREATE TABLE t (a INT);\n@t 1\nSELECT a FROM t;\n").expect("written");
    let o = joinlab(&["test", d, "--dialect", "flink", "--update"]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    assert!(text(&o).contains("2 expected files written"), "{}", text(&o));
    for name in [NAME, "other"] {
        let sql = dir.join(format!("sub/{}.sql", name));
        let run = joinlab(&["run", sql.to_str().expect("utf-8 path"), "--dialect", "flink"]);
        let written = std::fs::read_to_string(dir.join(format!("sub/{}.expected", name))).expect("written file");
        assert_eq!(written, String::from_utf8_lossy(&run.stdout), "{}", name);
    }
    let o = joinlab(&["test", d, "--dialect", "flink"]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    assert!(text(&o).contains("2 passed, 0 failed"), "{}", text(&o));
    let empty = dir.join("empty");
    std::fs::create_dir_all(&empty).expect("folder");
    let o = joinlab(&["test", empty.to_str().expect("utf-8 path")]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(text(&o).contains("no NAME.sql with a NAME.expected beside it"), "{}", text(&o));
    let _ = std::fs::remove_dir_all(&dir);
}
