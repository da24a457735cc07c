//! `paiju play dou-dizhu` driven through a pipe, as a newcomer would type.

#[path = "support/terminal.rs"]
mod terminal;

use std::path::Path;
use terminal::{verify, Run};

fn play(db: &Path, args: &[&str], input: &str) -> Run {
    terminal::play("dou-dizhu", db, args, input)
}

/// Enough "let the AI move for me" lines for any game, then "no more".
fn autos() -> String {
    "auto\n".repeat(40) + "n\n"
}

#[test]
fn a_whole_game_through_a_pipe_reaches_the_settlement() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("play.db");
    // "maybe" reaches the "another game?" question: explained, asked again.
    let input = format!("help\nhint\nzzz\n{}maybe\nn\n", "auto\n".repeat(40));
    let (ok, out, err) = play(&db, &["--seed", "3", "--stake", "10"], &input);
    assert!(ok, "exit status; stderr: {err}\n{out}");
    assert!(out.contains("Your hand (17 cards)"), "{out}");
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
    assert!(
        out.contains(
            "`maybe` is not an answer here: type y (or just Enter) for another game, n to stop."
        ),
        "{out}"
    );
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
