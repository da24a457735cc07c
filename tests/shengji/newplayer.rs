//! What a new player tripped over in `paiju play shengji` (issue #36
//! §3.9): one name for a hand (the ledger's game number is not a second
//! hand number), a trumped play marked without nested brackets, and
//! levels counted in the singular when there is one; the hand seen growing
//! while the cards are dealt; its help lists each command once (§3.11).

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

/// Issue #36 §3.9: the terminal shows the hand growing while the cards are
/// dealt (the DM on Discord does), a line a batch: the cards the batch
/// brought, then the hand by play suit, which is the last line's hand and
/// those cards. Seed 3 deals 100 cards in five batches of 20, five to
/// each seat; every line comes before declaring is over.
#[test]
fn the_hand_grows_while_the_cards_are_dealt() {
    for (lang, over) in [("en", "Declaring is over"), ("zh", "亮主结束")] {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("sj.db");
        let (_, out, err) = play(
            "shengji",
            &db,
            &[
                "--seed",
                "3",
                "--decks",
                "2",
                "--rules",
                r#"{"declare_window":0}"#,
                "--lang",
                lang,
            ],
            "auto\n".repeat(5).as_str(),
        );
        let out = out.replace(['\u{2068}', '\u{2069}'], "");
        let end = out
            .find(over)
            .unwrap_or_else(|| panic!("{lang}: {out}\n{err}"));
        let batches: Vec<(usize, Vec<String>, Vec<String>)> = out[..end]
            .lines()
            .filter_map(|l| dealt_batch(lang, l))
            .collect();
        let counts: Vec<usize> = batches.iter().map(|(n, _, _)| *n).collect();
        assert_eq!(counts, [20, 40, 60, 80, 100], "{lang}: {out}");
        let mut before: Vec<String> = Vec::new();
        for (dealt, new, hand) in &batches {
            assert_eq!(new.len(), 5, "{lang}, {dealt} dealt: {new:?}");
            let mut grown = before.clone();
            grown.extend(new.iter().cloned());
            grown.sort();
            let mut now = hand.clone();
            now.sort();
            assert_eq!(
                now, grown,
                "{lang}, {dealt} dealt: the hand is the last one and the new cards"
            );
            before = hand.clone();
        }
    }
}

/// A batch's line: (cards dealt, the cards it brought, the hand), the
/// cards as words (`Big Joker` as one).
fn dealt_batch(lang: &str, line: &str) -> Option<(usize, Vec<String>, Vec<String>)> {
    let (head, got, hand) = match lang {
        "en" => (line.strip_prefix("Dealt ")?, "; you got ", ". Your hand ("),
        _ => (line.strip_prefix("已发 ")?, "，你摸到 ", "。手牌（"),
    };
    let dealt = head.split_whitespace().next()?.parse().ok()?;
    let new = &head[head.find(got)? + got.len()..head.find(hand)?];
    let rest = &head[head.find(hand)? + hand.len()..];
    let cards = |s: &str| -> Vec<String> {
        s.replace("Big Joker", "BJ")
            .replace("Small Joker", "SJ")
            .split_whitespace()
            .filter(|w| *w != "|")
            .map(String::from)
            .collect()
    };
    let colon = if lang == "en" { "): " } else { "张）：" };
    let hand = &rest[rest.find(colon)? + colon.len()..];
    Some((dealt, cards(new), cards(hand)))
}

/// Issue #36 §3.9, re-read in Chinese as a new player: the suits of a hand
/// and the cards each seat has left read as Chinese does (主牌（7 张）：,
/// 你 25、电脑2 25), not with an English comma and brackets.
#[test]
fn the_chinese_table_reads_as_chinese() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("sj.db");
    let (_, out, err) = play(
        "shengji",
        &db,
        &[
            "--seed",
            "3",
            "--decks",
            "2",
            "--rules",
            r#"{"declare_window":0}"#,
            "--lang",
            "zh",
        ],
        &"auto\n".repeat(5),
    );
    assert!(out.contains("  主牌（7 张）：大王 大王"), "{out}\n{err}");
    assert!(!out.contains("主牌 ("), "{out}");
    let left = out
        .lines()
        .find(|l| l.contains("剩余手牌："))
        .unwrap_or_else(|| panic!("{out}"));
    assert!(left.contains("你 25、电脑2 25、"), "{left}");
    assert!(!left.contains(", "), "{left}");
}
