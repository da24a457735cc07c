//! `paiju play duan-guozi` driven through a pipe: Enter deals, every hand
//! is shown with its name and 道, the winner and the pot follow, the game
//! settles when the pot is empty and the next one begins; end of input
//! saves the game, the next run resumes it, and leaving closes the table
//! with the pot shared back — `ledger verify` clean throughout.

use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};

fn paiju() -> Command {
    Command::new(env!("CARGO_BIN_EXE_paiju"))
}

fn play(db: &Path, args: &[&str], input: &str) -> (bool, String, String) {
    let mut child = paiju()
        .args(["play", "duan-guozi", "--database"])
        .arg(db)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("paiju starts");
    // A run that refuses its options exits before reading stdin.
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

#[test]
fn games_through_a_pipe_settle_from_the_pot_resume_and_close() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("dg.db");
    let args = ["--seed", "5", "--stake", "2", "--players", "4", "--sweep"];
    let input = format!("help\nzzz\n{}", "\n".repeat(120));
    let (ok, out, err) = play(&db, &args, &input);
    assert!(ok, "exit status; stderr: {err}\n{out}");
    assert!(out.contains("Duan Guozi (端锅子)"), "{out}");
    assert!(out.contains("with 3 AI player(s)"), "{out}");
    assert!(out.contains("antes 20 道"), "four players ante 20: {out}");
    assert!(out.contains("Commands:"), "help: {out}");
    assert!(out.contains("Refused: `zzz`"), "{out}");
    assert!(out.contains("--- Round 1 · dealer: "), "{out}");
    assert!(out.contains("You deal: press Enter"), "{out}");
    assert!(out.contains("Winner: "), "{out}");
    assert!(out.contains("The pot holds "), "{out}");
    assert!(out.contains("The pot is empty"), "{out}");
    assert!(out.contains("Game over. Net 道"), "{out}");
    assert!(out.contains("Your balance: "), "{out}");
    assert!(out.contains("Another game? [y/n]"), "{out}");
    assert!(out.contains("=== Game #2 starts"), "Enter means yes: {out}");
    assert!(out.contains("Input closed. The game is saved"), "{out}");
    // Every hand has a name and its 道: four hands a round.
    let hands = out
        .lines()
        .filter(|l| l.ends_with(" 道") && l.starts_with("  "))
        .count();
    let rounds = out.matches("--- Round ").count();
    assert_eq!(hands, 4 * rounds, "{out}");
    let (clean, report) = verify(&db);
    assert!(clean, "{report}");
    assert!(report.contains("in 1 running game(s)"), "{report}");

    // The next run resumes the saved game; leaving closes the table and the
    // pot comes back.
    let (ok, out, err) = play(&db, &args, "t\nleave\nleave\n");
    assert!(ok, "exit status; stderr: {err}\n{out}");
    assert!(out.contains("Resuming game #"), "{out}");
    assert!(out.contains("Pot: "), "{out}");
    assert!(out.contains("Type `leave` again"), "{out}");
    assert!(
        out.contains("the pot is shared back in equal parts"),
        "{out}"
    );
    assert!(out.contains("Thanks for playing"), "{out}");
    let (clean, report) = verify(&db);
    assert!(clean, "{report}");
    assert!(report.contains("held 0 in 0 running game(s)"), "{report}");
}

#[test]
fn bad_options_are_refused_before_anything_is_created() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("bad.db");
    for args in [
        &["--players", "13"][..],
        &["--players", "1"][..],
        &["--ante", "0"][..],
        &["--rules", "[1]"][..],
    ] {
        let (ok, out, err) = play(&db, args, "\n");
        assert!(!ok, "{args:?} accepted: {out}");
        assert!(!err.is_empty(), "{args:?}: say why");
    }
}
