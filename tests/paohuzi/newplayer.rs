//! What a new player tripped over in `paiju play paohuzi` (issue #36
//! §3.10), each in the terminal: a meld laid face down (偎, 提) shows its
//! card to its owner (the others still see it face down); the person's own
//! row says "lying by you", a card's origin "drawn by you" (never "You" in
//! the middle of a sentence); a card that may be taken several ways is
//! asked as one question, as the apps ask it; the 亮张 leaves the table's
//! first line once it is no longer the card in play.

use crate::support::terminal::play;

/// A hand of seed `seed` played by the AI's hints, in `lang`, without the
/// isolation marks around Fluent's arguments.
fn hand(seed: &str, lang: &str) -> String {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("phz.db");
    let input = "auto\n".repeat(80) + "n\n";
    let (ok, out, err) = play("paohuzi", &db, &["--seed", seed, "--lang", lang], &input);
    assert!(ok, "{err}\n{out}");
    out.replace(['\u{2068}', '\u{2069}'], "")
}

/// Seed 4: the person draws the card of a 偎 (陆) and later of a 提; AI 2
/// lays out a 偎 and a 提 face down.
#[test]
fn a_face_down_meld_shows_its_card_to_its_owner_only() {
    let en = hand("4", "en");
    assert!(
        en.contains("You draw a card and keep it face down; 11 left in the wall.\nYou lay out a 偎 wei (face down) of big 6 (陆)."),
        "{en}"
    );
    assert!(
        en.contains("You lay out a 提 ti (four) of big 6 (陆)."),
        "{en}"
    );
    assert!(
        en.contains("AI 2 lays out a 偎 wei (face down); its card is not shown."),
        "{en}"
    );
    assert!(!en.contains("a card face down"), "{en}");
    let zh = hand("4", "zh");
    assert!(zh.contains("你 偎：陆。"), "{zh}");
    assert!(zh.contains("你 摸了一张牌，没有亮出；"), "{zh}");
    assert!(zh.contains("电脑2 扣下一组偎（牌不亮出）。"), "{zh}");
    assert!(!zh.contains("一张扣牌"), "{zh}");
    assert!(!zh.contains("翻出 一张"), "{zh}");
}

/// Seed 4: cards lie by the person; the table's first line names the 亮张
/// until the dealer's first discard, then no more. (A card the person drew
/// being "drawn by you" is a unit test of the words: here an AI's 碰 may
/// settle that question before the prompt shows it.)
#[test]
fn the_own_row_says_you_and_the_shown_card_leaves_the_header() {
    let en = hand("4", "en");
    assert!(en.contains("\nlying by you: d4肆 d5伍\n"), "{en}");
    let lines: Vec<&str> = en.lines().collect();
    for pair in lines.windows(2) {
        if pair[0].starts_with("You: ") {
            assert!(!pair[1].starts_with("lying by them"), "{en}");
        }
    }
    assert!(en.contains("it lies by you."), "{en}");
    assert!(!en.contains("by You"), "{en}");
    for (out, head, shown, first_discard) in [
        (&en, "Dealer: ", "亮张", "You discard "),
        (&hand("4", "zh"), "庄家：", "亮张", "你 打出 "),
    ] {
        let at = out.find(first_discard).expect(first_discard);
        let heads = |s: &str| -> Vec<String> {
            s.lines()
                .filter(|l| l.starts_with(head))
                .map(String::from)
                .collect()
        };
        let before = heads(&out[..at]);
        let after = heads(&out[at..]);
        assert!(
            !before.is_empty() && before.iter().all(|l| l.contains(shown)),
            "{out}"
        );
        assert!(
            !after.is_empty() && after.iter().all(|l| !l.contains(shown)),
            "{out}"
        );
    }
}

/// Seed 9: the person may 碰 or 吃 AI 3's discard: one question, as the
/// apps ask it ("你要碰还是吃？"), not a list of questions.
#[test]
fn a_card_taken_several_ways_is_asked_as_one_question() {
    let en = hand("9", "en");
    assert!(
        en.contains(
            "On the table: small 6 (六), discarded by AI 3. Will you 碰 (peng) or 吃 (chi)?"
        ),
        "{en}"
    );
    assert!(en.contains(". Will you 吃 (chi)?"), "{en}");
    assert!(!en.contains("You are asked"), "{en}");
    let zh = hand("9", "zh");
    assert!(zh.contains("桌上：六，电脑3打出。你要碰还是吃？"), "{zh}");
    assert!(zh.contains("你要吃吗？"), "{zh}");
    assert!(!zh.contains("问你") && !zh.contains("？、"), "{zh}");
}
