//! `paiju play paohuzi` through a pipe: the help, a refused line said why,
//! the hand in columns with its legend, the questions on cards, hands
//! played with the AI's help to a result with the winning split or 荒庄,
//! a second hand at the same table, the chips in the ledger verifying
//! clean; and the same in Chinese.

use crate::support::terminal::{play, play_env, verify};

fn input(hands: usize) -> String {
    let mut s = String::from("help\nzzz\nchi 9\nhint\n");
    for h in 0..hands {
        s.push_str(&"auto\n".repeat(70));
        s.push_str(if h + 1 < hands { "y\n" } else { "n\n" });
    }
    s
}

#[test]
fn two_hands_through_a_pipe_reach_their_results() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("phz.db");
    let (ok, out, err) = play("paohuzi", &db, &["--seed", "4"], &input(2));
    assert!(ok, "exit status; stderr: {err}\n{out}");
    assert!(
        out.contains("Paohuzi (跑胡子) against two AI players"),
        "{out}"
    );
    assert!(
        out.contains("`chi 1` (the group by its number"),
        "help: {out}"
    );
    assert!(out.contains("Refused: `zzz`"), "{out}");
    assert!(out.contains("Refused: `chi 9`"), "{out}");
    assert!(out.contains("Hint: "), "{out}");
    assert!(
        out.contains("(x = small 小, d = big 大; [ ] a 坎 you must keep)"),
        "the hand in columns: {out}"
    );
    assert!(out.contains(". Will you "), "a question on a card: {out}");
    assert!(out.contains("Shown card (亮张): "), "{out}");
    assert!(
        out.contains("The winning split: ") || out.contains("荒庄: a drawn hand"),
        "a result: {out}"
    );
    assert!(out.contains("Another game? Type y for yes"), "{out}");
    assert!(out.contains("Game #2 starts"), "a second hand: {out}");
    assert!(out.contains("Your balance: "), "{out}");
    let (clean, report) = verify(&db);
    assert!(clean, "{report}");
}

#[test]
fn the_hand_reads_in_chinese() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("phz.db");
    let (ok, out, err) = play_env(
        "paohuzi",
        &db,
        &["--seed", "4", "--rules", r#"{"mingtang":true}"#],
        &input(1),
        &[("LANG", "zh_CN.UTF-8")],
    );
    assert!(ok, "exit status; stderr: {err}\n{out}");
    assert!(out.contains("跑胡子，你和两个电脑玩家"), "{out}");
    assert!(out.contains("名堂开"), "{out}");
    assert!(
        out.contains("（小写一…十，大写壹…拾；[ ] 是必须留着的坎）"),
        "{out}"
    );
    assert!(out.contains("。你要"), "a question on a card: {out}");
    assert!(!out.contains("small "), "no English card names: {out}");
    let (clean, report) = verify(&db);
    assert!(clean, "{report}");
}
