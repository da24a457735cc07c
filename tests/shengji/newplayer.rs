//! What a new player tripped over in `paiju play shengji` (issue #36
//! §3.9): one name for a hand (the ledger's game number is not a second
//! hand number), a trumped play marked without nested brackets, and
//! levels counted in the singular when there is one; its help lists each
//! command once (§3.11).

use crate::support::terminal::play;

#[test]
fn a_hand_is_named_once_and_a_trump_is_marked_plainly() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("sj.db");
    // Two hands of seed 3, every move the AI's.
    let input = "auto\n".repeat(140);
    let (ok, out, err) = play(
        "shengji",
        &db,
        &[
            "--seed",
            "3",
            "--decks",
            "2",
            "--rules",
            r#"{"declare_window":0}"#,
        ],
        &input,
    );
    assert!(ok, "{err}\n{out}");
    assert!(
        out.contains("=== A new hand: the cards are dealt (ledger game #1). ==="),
        "{out}"
    );
    assert!(out.contains("Hand 1 · Levels"), "{out}");
    assert!(!out.contains("=== Game #"), "{out}");
    assert!(out.contains(" (trumped, 毙)"), "{out}");
    assert!(!out.contains("(trumped (毙))"), "{out}");
}

#[test]
fn levels_agree_with_their_number() {
    use paiju::i18n::{tr_args, Lang};
    let up = |lang, levels: i64| {
        tr_args(
            lang,
            "shengji-result-attackers-up",
            &[("points", 95.into()), ("levels", levels.into())],
        )
    };
    assert_eq!(
        up(Lang::EnUs, 1),
        "The attackers took 95 points: they take the bank and go up 1 level."
    );
    assert_eq!(
        up(Lang::EnUs, 2),
        "The attackers took 95 points: they take the bank and go up 2 levels."
    );
    assert_eq!(up(Lang::ZhCn, 1), "抓分方得 95 分，上台并升 1 级。");
}

/// `help` prints Shengji's own commands, then the shared list: no command
/// is listed twice, in either language.
#[test]
fn the_help_lists_each_command_once() {
    for (lang, hint, help) in [
        ("en", "what the AI would", "this list"),
        ("zh", "看电脑会怎么出", "显示本列表"),
    ] {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("sj.db");
        let (_, out, err) = play("shengji", &db, &["--lang", lang], "help\n");
        assert!(
            out.contains("拖拉机"),
            "the game's own commands: {out}\n{err}"
        );
        assert_eq!(out.matches(hint).count(), 1, "{lang}: {out}");
        assert_eq!(out.matches(help).count(), 1, "{lang}: {out}");
    }
}
