//! `paiju play chexuan` driven through a pipe: bets typed in words, a
//! refused raise explained, hands played with the AI's help, leaving closes
//! the table and shares the mango pot, the chips land in the ledger and it
//! verifies clean; end of input mid-session saves it and the next run resumes.

#[path = "support/terminal.rs"]
mod terminal;

use std::path::Path;
use terminal::{verify, Run};

fn play(db: &Path, args: &[&str], input: &str) -> Run {
    terminal::play("chexuan", db, args, input)
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
    assert!(out.contains("Chexuan betting: `raise N`"), "help: {out}");
    assert!(out.contains("Refused: `raise 5`"), "{out}");
    assert!(out.contains("at least 10"), "the reason: {out}");
    assert!(out.contains("Hint: "), "{out}");
    assert!(out.contains("Your face-down cards: "), "{out}");
    assert!(
        out.contains("Mango pot: "),
        "the mango pot on the table: {out}"
    );
    assert!(out.contains("You may: raise N (大"), "{out}");
    assert!(out.contains("\nHand 2: "), "hand after hand: {out}");
    assert!(out.contains("Showdown:"), "{out}");
    assert!(
        [" beat", " lose", " tie"].iter().any(|w| out.contains(w)),
        "every pairwise result: {out}"
    );
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
    // Refused before the ledger is opened, on standard error (issue #14).
    let (ok, _, err) = play(&db, &["--bobo", "50"], "");
    assert!(!ok);
    assert!(
        err.contains("at least 200") || err.contains("bobo"),
        "{err}"
    );
    assert!(!db.exists(), "a refusal creates no database");
}
