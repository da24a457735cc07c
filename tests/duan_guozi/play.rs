//! `paiju play duan-guozi` driven through a pipe: Enter deals, every hand
//! is shown with its name and 道, the winner and the pot follow, the game
//! settles when the pot is empty and the next one begins; end of input
//! saves the game, the next run resumes it, and leaving closes the table
//! with the pot shared back — `ledger verify` clean throughout.

use crate::support::terminal;

use std::path::Path;
use terminal::{verify, Run};

fn play(db: &Path, args: &[&str], input: &str) -> Run {
    terminal::play("duan-guozi", db, args, input)
}

#[test]
fn games_through_a_pipe_settle_from_the_pot_resume_and_close() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("dg.db");
    let args = ["--seed", "5", "--stake", "2", "--players", "4", "--sweep"];
    // Enters deal; the ones left over when the game ends are no answer to
    // "another game?", `y` is, and the next game is left running.
    let input = format!("help\nzzz\n{}y\n\n\n", "\n".repeat(120));
    let (ok, out, err) = play(&db, &args, &input);
    assert!(ok, "exit status; stderr: {err}\n{out}");
    assert!(out.contains("Duan Guozi (端锅子)"), "{out}");
    assert!(out.contains("with 3 AI players"), "{out}");
    assert!(out.contains("antes 20 dao"), "four players ante 20: {out}");
    assert!(out.contains("In every game:"), "help: {out}");
    assert!(out.contains("Refused: `zzz`"), "{out}");
    assert!(out.contains("--- Round 1: "), "{out}");
    assert!(out.contains("You deal: press Enter"), "{out}");
    assert!(out.contains(" with "), "the winner: {out}");
    assert!(out.contains(" left in the pot"), "{out}");
    assert!(out.contains("The pot is empty"), "{out}");
    assert!(out.contains("Game over. Net dao"), "{out}");
    // English names the unit one way: "dao", glossed 道 once in the welcome.
    assert_eq!(out.matches('道').count(), 1, "{out}");
    assert!(out.contains("Your balance: "), "{out}");
    assert!(out.contains("Another game? Type y for yes"), "{out}");
    assert_eq!(out.matches("=== Game #2 starts").count(), 1, "{out}");
    let asked = out.split_once("Another game?").unwrap_or_default().1;
    let again = asked
        .find("An empty line is no answer")
        .unwrap_or(usize::MAX);
    assert!(
        again < asked.find("=== Game #2 starts").unwrap_or(0),
        "Enter asks again, `y` starts the next game: {out}"
    );
    assert!(out.contains("Input closed. The game is saved"), "{out}");
    // Every hand has a name and its 道: four hands a round.
    let hands = out
        .lines()
        .filter(|l| l.ends_with(" dao)") && l.starts_with("  "))
        .count();
    let rounds = out.matches("--- Round ").count();
    assert_eq!(hands, 4 * rounds, "{out}");
    let (clean, report) = verify(&db);
    assert!(clean, "{report}");
    assert!(report.contains("in 1 running game(s)"), "{report}");

    // The next run resumes the saved game; leaving closes the table and the
    // pot comes back.
    let (ok, out, err) = play(&db, &args, "table\nleave\nleave\n");
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

/// Issue #32: "another game?" answered `n` used to play a game anyway — the
/// next game was dealt and its ante held before the question, and the AI
/// played it after the `n`. Now nothing is dealt or staked until a yes: an
/// `n` leaves one game in the ledger and the balance the result showed.
#[tokio::test]
async fn no_to_another_game_deals_and_stakes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("no.db");
    let args = ["--seed", "7", "--players", "3"];
    let input = format!("{}n\n", "\n".repeat(150));
    let (ok, out, err) = play(&db, &args, &input);
    assert!(ok, "exit status; stderr: {err}\n{out}");
    assert!(out.contains("Another game? Type y for yes"), "{out}");
    assert!(!out.contains("=== Game #2 starts"), "{out}");
    assert!(out.contains("Thanks for playing"), "{out}");
    let shown: i64 = out
        .rsplit("Your balance: ")
        .next()
        .and_then(|rest| {
            let digits: String = rest
                .chars()
                .skip_while(|c| !c.is_ascii_digit() && *c != '-')
                .take_while(|c| c.is_ascii_digit() || *c == ',' || *c == '-')
                .filter(|c| *c != ',')
                .collect();
            digits.parse().ok()
        })
        .unwrap_or_else(|| panic!("no balance shown: {out}"));
    let (clean, report) = verify(&db);
    assert!(clean, "{report}");
    assert!(report.contains("held 0 in 0 running game(s)"), "{report}");
    let ledger = paiju::ledger::Ledger::open_existing(db.to_str().unwrap())
        .await
        .unwrap();
    assert_eq!(
        ledger.balance(1, 1).await.unwrap(),
        shown,
        "chips moved after the `n`"
    );
    assert_eq!(
        ledger.history(1, 10).await.unwrap().len(),
        1,
        "one game only"
    );
    ledger.close().await;
}
