//! `paiju play chexuan` driven through a pipe: bets typed in words, a
//! refused raise explained, hands played with the AI's help, leaving closes
//! the table and shares the mango pot, the chips land in the ledger and it
//! verifies clean; end of input mid-session saves it and the next run resumes.

use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};

fn paiju() -> Command {
    Command::new(env!("CARGO_BIN_EXE_paiju"))
}

fn play(db: &Path, args: &[&str], input: &str) -> (bool, String, String) {
    let mut child = paiju()
        .args(["play", "chexuan", "--database"])
        .arg(db)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("paiju starts");
    if let Err(e) = child.stdin.take().unwrap().write_all(input.as_bytes()) {
        assert_eq!(e.kind(), std::io::ErrorKind::BrokenPipe, "{e}");
    }
    let out = child.wait_with_output().unwrap();
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn verify(db: &Path) -> (bool, String) {
    let out = paiju()
        .args(["ledger", "verify", "--database"])
        .arg(db)
        .output()
        .unwrap();
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
    )
}

const ARGS: [&str; 8] = [
    "--seed",
    "3",
    "--players",
    "3",
    "--ante",
    "10",
    "--bobo",
    "400",
];

#[test]
fn a_session_through_a_pipe_reaches_the_settlement() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("cx.db");
    let input = format!(
        "help\nraise 5\nzzz\nhint\n{}leave\nleave\n{}n\n",
        "auto\n".repeat(12),
        "auto\n".repeat(30)
    );
    let (ok, out, err) = play(&db, &ARGS, &input);
    assert!(ok, "exit status; stderr: {err}\n{out}");
    assert!(out.contains("your bobo (簸簸) 400"), "{out}");
    assert!(out.contains("Betting: `raise N`"), "help: {out}");
    assert!(out.contains("Refused: `raise 5`"), "{out}");
    assert!(out.contains("at least 10"), "the reason: {out}");
    assert!(out.contains("Hint: "), "{out}");
    assert!(out.contains("Your cards: "), "{out}");
    assert!(
        out.contains("Mango pot (芒果)"),
        "the mango pot on the table: {out}"
    );
    assert!(out.contains("You may: raise N (大"), "{out}");
    assert!(out.contains("— Hand 2:"), "hand after hand: {out}");
    assert!(out.contains("Showdown:"), "{out}");
    assert!(out.contains(" beats ") || out.contains(" loses to ") || out.contains(" ties with "));
    assert!(out.contains("The table closes"), "{out}");
    assert!(out.contains("Your balance: "), "{out}");
    let (clean, report) = verify(&db);
    assert!(clean, "{report}");
}

#[test]
fn end_of_input_saves_the_session_and_the_next_run_resumes_it() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("cx.db");
    let (ok, out, err) = play(&db, &ARGS, &"auto\n".repeat(8));
    assert!(ok, "{err}\n{out}");
    assert!(!out.contains("The table closes"), "{out}");
    let (ok, out, err) = play(
        &db,
        &ARGS,
        &format!("leave\nleave\n{}n\n", "auto\n".repeat(30)),
    );
    assert!(ok, "{err}\n{out}");
    assert!(out.contains("Resuming game"), "{out}");
    assert!(out.contains("The table closes"), "{out}");
    let (clean, report) = verify(&db);
    assert!(clean, "{report}");
}

#[test]
fn bad_options_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("cx.db");
    let (ok, _, err) = play(&db, &["--players", "7"], "");
    assert!(!ok);
    assert!(err.contains("2 to 6"), "{err}");
    let (ok, out, _) = play(&db, &["--bobo", "50"], "");
    assert!(!ok);
    assert!(
        out.contains("at least 200") || out.contains("bobo"),
        "{out}"
    );
}
