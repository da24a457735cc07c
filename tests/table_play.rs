//! `paiju play dou-dizhu` driven through a pipe, as a newcomer would type.

use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};

fn paiju() -> Command {
    Command::new(env!("CARGO_BIN_EXE_paiju"))
}

/// Runs `paiju play dou-dizhu` on `db` with `input` piped in.
fn play(db: &Path, args: &[&str], input: &str) -> (bool, String, String) {
    let mut child = paiju()
        .args(["play", "dou-dizhu", "--database"])
        .arg(db)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("paiju starts");
    // A run that refuses its options exits before reading stdin, so the
    // pipe may already be closed: that is not a failure of the test.
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

/// Enough "let the AI move for me" lines for any game, then "no more".
fn autos() -> String {
    "auto\n".repeat(40) + "n\n"
}

#[test]
fn a_whole_game_through_a_pipe_reaches_the_settlement() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("play.db");
    let input = format!("help\nhint\nzzz\n{}", autos());
    let (ok, out, err) = play(&db, &["--seed", "3", "--stake", "10"], &input);
    assert!(ok, "exit status; stderr: {err}\n{out}");
    assert!(out.contains("Your hand (17)"), "{out}");
    assert!(out.contains("Commands:"), "help: {out}");
    assert!(out.contains("Hint: "), "hint: {out}");
    assert!(out.contains("Refused: `zzz`"), "bad input explained: {out}");
    assert!(out.contains("Landlord: "), "table line: {out}");
    assert!(
        out.contains("=== Game over") || out.contains("Nobody bid"),
        "{out}"
    );
    assert!(out.contains("Your balance: "), "{out}");
    assert!(out.contains("Another game?"), "{out}");
    assert!(out.trim_end().ends_with("再见!"), "{out}");
    let (clean, report) = verify(&db);
    assert!(clean, "{report}");
}

#[test]
fn the_same_seed_plays_the_same_game() {
    let dir = tempfile::tempdir().unwrap();
    let a = play(&dir.path().join("a.db"), &["--seed", "11"], &autos());
    let b = play(&dir.path().join("b.db"), &["--seed", "11"], &autos());
    assert!(a.0 && b.0);
    assert_eq!(a.1, b.1);
}

#[test]
fn a_refused_play_is_explained_and_changes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("refuse.db");
    // Cards nobody can hold twice, and a bid out of range, are refused.
    let input = format!("bid 9\n3333 3\n{}", autos());
    let (ok, out, _) = play(&db, &["--seed", "5"], &input);
    assert!(ok);
    assert!(out.matches("Refused:").count() >= 2, "{out}");
    assert!(out.contains("Your balance: "), "{out}");
}

#[test]
fn bad_options_are_refused_before_anything_is_created() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("bad.db");
    for args in [
        vec!["--stake", "0"],
        vec!["--stake", "-5"],
        vec!["--rules", "{\"bidding\":\"auction\"}"],
        vec!["--rules", "[1]"],
        vec!["--rules", "{\"nonsense\":1}"],
    ] {
        let (ok, out, err) = play(&db, &args, "auto\n");
        assert!(!ok, "{args:?} accepted: {out}");
        assert!(!err.is_empty(), "{args:?}: no message");
        assert!(!out.contains("Your hand"), "{args:?}: a game started");
    }
}

#[test]
fn end_of_input_saves_the_game_and_the_next_run_resumes_it() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("eof.db");
    let (ok, out, err) = play(&db, &["--seed", "8"], "auto\nauto\n");
    assert!(ok, "{err}");
    assert!(out.contains("The game is saved"), "{out}");
    let (clean, report) = verify(&db);
    assert!(clean, "{report}");

    let (ok, out, err) = play(&db, &["--seed", "8"], &autos());
    assert!(ok, "{err}");
    assert!(out.contains("Resuming game #1"), "{out}");
    assert!(out.contains("Your balance: "), "{out}");
    let (clean, report) = verify(&db);
    assert!(clean, "{report}");
}
