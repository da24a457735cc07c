//! `paiju play shengji` through a pipe: the hand grouped by play suit with
//! trumps first, a declaration offered while the cards arrive, a refused
//! follow explained, hints, a whole match to its end, the chips in the
//! ledger verifying clean; the Chinese words; a refused `--decks`.

use crate::terminal_support::{play, play_env, verify};

const ARGS: [&str; 6] = [
    "--seed",
    "3",
    "--decks",
    "2",
    "--rules",
    r#"{"declare_window":0}"#,
];

#[test]
fn a_match_through_a_pipe_explains_a_refused_follow_and_reaches_its_end() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("sj.db");
    // The deal of seed 3: offered a pair of jokers, then a spade tractor
    // is led to a hand holding five spades.
    let input = format!(
        "help\nzzz\nhint\npass\nAH AH KH JH\nhint\n{}",
        "auto\n".repeat(3000)
    );
    let (ok, out, err) = play("shengji", &db, &ARGS, &input);
    assert!(ok, "exit status; stderr: {err}\n{out}");
    assert!(
        out.contains("Shengji (升级 / 拖拉机) in your terminal, 2 decks"),
        "{out}"
    );
    assert!(out.contains("tractor (拖拉机)"), "help: {out}");
    assert!(out.contains("Refused: `zzz`"), "{out}");
    assert!(
        out.contains("You may declare: Big Joker Big Joker"),
        "{out}"
    );
    assert!(
        out.contains("  Trumps (主) (7): Big Joker Big Joker"),
        "trumps first: {out}"
    );
    assert!(
        out.contains("Levels: seats 1 + 3 at 2 · seats 2 + 4 at 2"),
        "{out}"
    );
    assert!(out.contains("Trick: AI 3 K♠ Q♠ K♠ Q♠"), "{out}");
    assert!(
        out.contains("You must follow spades: you hold 5."),
        "the refused follow and its reason: {out}"
    );
    assert!(out.contains("Hint: "), "{out}");
    assert!(out.contains("buries 8 cards (扣底)"), "{out}");
    assert!(out.contains("Attackers' points: "), "{out}");
    assert!(out.contains("Next hand: "), "hand after hand: {out}");
    assert!(out.contains("Hand 2 · Levels"), "{out}");
    assert!(
        out.contains("win the match!"),
        "the match ends at its goal: {out}"
    );
    assert!(out.contains("Your balance: "), "{out}");
    assert!(
        out.contains("You sit at seat 1 with your partner AI 3 opposite, against AI 2 and AI 4."),
        "{out}"
    );
    assert!(no_seat_zero(&out, "AI "), "seats read from 1: {out}");
    let (clean, report) = verify(&db);
    assert!(clean, "{report}");
}

/// Whether every seat `out` names is numbered from 1 as the teams are
/// ("seats 1 + 3"): the person sits at seat 1, so the computer's seats are
/// 2 to 4 and no "AI 1" (nor a seat 0) is ever named.
fn no_seat_zero(out: &str, ai: &str) -> bool {
    let one = format!("{ai}1");
    let named_one = out.match_indices(&one).any(|(i, _)| {
        !out[i + one.len()..]
            .chars()
            .next()
            .is_some_and(|c| c.is_ascii_digit())
    });
    !named_one && !out.contains("seat 0") && !out.contains("0 号位")
}

#[test]
fn the_table_speaks_chinese_and_refuses_five_decks() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("sj.db");
    let input = format!("pass\n{}", "auto\n".repeat(60));
    let (_, out, err) = play_env("shengji", &db, &ARGS, &input, &[("LANG", "zh_CN.UTF-8")]);
    assert!(out.contains("主牌 (7)"), "{out}\n{err}");
    assert!(out.contains("级数：1、3 号位打 2"), "{out}");
    assert!(out.contains("扣底 8 张"), "{out}");
    assert!(
        out.contains("你坐 1 号位，对家是电脑3，对手是电脑2和电脑4。"),
        "{out}"
    );
    assert!(out.contains("电脑4"), "{out}");
    assert!(no_seat_zero(&out, "电脑"), "seats read from 1: {out}");
    let (ok, _, err) = play("shengji", &db, &["--decks", "5"], "");
    assert!(!ok);
    assert!(
        err.contains("Shengji is played with 1 to 4 decks (--decks), not 5"),
        "{err}"
    );
}
