//! The real bot against a fake Discord hosts Shengji, with the computer
//! deciding at once (no AI delay): two members pick their seats as
//! partners (seats 1 + 3), AI players fill seats 2 and 4; the hand arrives
//! by DM while it is dealt; the members play every decision of their seats
//! through the controls of "My hand" — a declaration from the Declare
//! select (its old view then refused as stale), the burial of the kitty
//! (Hint, then Bury), plays (Hint, then Play) and a follow of the wrong
//! suit refused privately with its reason in the member's language — hand
//! after hand until each of these happened; a hand's result mid-match
//! offers no "Play again" (the next hand is dealt at the table by itself);
//! no card of a hand is in any channel message, and the ledger verifies
//! clean.

use crate::support::fake_discord::{private_message, FakeDiscord, CHANNEL_ID};
use crate::support::session::{
    button, buttons, rules_in_chinese, sub, table_message, text_of, Session,
};
use serde_json::{json, Value};

const ANN: u64 = 100_000_000_000_000_011;
const BOB: u64 = 100_000_000_000_000_012;
/// Each member's language: the refusals come in it.
const MEMBERS: [(u64, &str); 2] = [(ANN, "en-US"), (BOB, "zh-CN")];

/// The result messages posted so far.
fn results(fake: &FakeDiscord) -> Vec<Value> {
    fake.channel_messages(CHANNEL_ID)
        .into_iter()
        .filter(|m| text_of(m).contains("· game #") && text_of(m).contains("chips →"))
        .collect()
}

/// A fresh private hand view of `user` (`/hand`).
async fn hand_view(fake: &FakeDiscord, user: u64, locale: &str) -> Value {
    let answer = fake
        .wait_answer(fake.command(user, locale, "hand", json!([])))
        .await;
    assert!(answer.is_ephemeral(), "{answer:?}");
    private_message(&answer)
}

/// The first component of `m` whose id starts with `pj1:<tag>:` and that
/// passes `keep`.
fn component(m: &Value, tag: &str, keep: impl Fn(&Value) -> bool) -> Option<Value> {
    let prefix = format!("pj1:{tag}:");
    m["components"]
        .as_array()
        .into_iter()
        .flatten()
        .flat_map(|row| row["components"].as_array().cloned().unwrap_or_default())
        .find(|c| {
            c["custom_id"]
                .as_str()
                .is_some_and(|id| id.starts_with(&prefix))
                && keep(c)
        })
}

/// The component `id` starts with `pj1:<tag>:`, if enabled.
fn enabled(m: &Value, tag: &str) -> Option<String> {
    component(m, tag, |c| c["disabled"] != json!(true))
        .map(|c| c["custom_id"].as_str().unwrap().to_string())
}

/// The card selects of a hand view: each select's id and its options
/// (value, chosen).
fn card_selects(m: &Value) -> Vec<(String, Vec<(String, bool)>)> {
    let mut out = Vec::new();
    for row in m["components"].as_array().into_iter().flatten() {
        for c in row["components"].as_array().into_iter().flatten() {
            let Some(id) = c["custom_id"]
                .as_str()
                .filter(|id| id.starts_with("pj1:sjpick:"))
            else {
                continue;
            };
            let options = c["options"]
                .as_array()
                .into_iter()
                .flatten()
                .map(|o| {
                    (
                        o["value"].as_str().unwrap().to_string(),
                        o["default"] == json!(true),
                    )
                })
                .collect();
            out.push((id.to_string(), options));
        }
    }
    out
}

/// A select value's card (`7H.1` → `7H`), its rank and natural suit, and
/// whether it is a plain card of the first hand (neither a joker nor of
/// the level rank 2, so its play suit is its natural suit or trumps).
fn plain(value: &str) -> Option<(char, char)> {
    let card = value.split('.').next()?;
    if card == "BJ" || card == "SJ" {
        return None;
    }
    let suit = card.chars().last()?;
    let rank = card.chars().next()?;
    (rank != '2').then_some((rank, suit))
}

/// Clicks Hint on `view` (a hand view of `user`'s): the view the answer
/// redraws with the hinted cards chosen, and whether its button buries
/// (else it plays); `None` when it is not the seat's turn (no Hint).
async fn hint(fake: &FakeDiscord, user: u64, locale: &str, view: &Value) -> Option<(Value, bool)> {
    let hint = enabled(view, "hint")?;
    let hinted = private_message(
        &fake
            .wait_answer(fake.click_on(user, locale, view.clone(), &hint))
            .await,
    );
    let label = component(&hinted, "sjgo", |_| true)
        .map(|c| c["label"].as_str().unwrap_or("").to_string())
        .unwrap_or_default();
    let burying = label.contains("Bury") || label.contains("扣底");
    Some((hinted, burying))
}

/// Clicks Play (or Bury) on a hinted view: the bot takes the cards and
/// redraws the view (an update).
async fn go(fake: &FakeDiscord, user: u64, locale: &str, hinted: Value) {
    let go = enabled(&hinted, "sjgo").unwrap_or_else(|| {
        panic!(
            "Play or Bury after a hint: {}\n{:?}",
            text_of(&hinted),
            crate::support::fake_discord::custom_ids(&hinted)
        )
    });
    let answer = fake
        .wait_answer(fake.click_on(user, locale, hinted, &go))
        .await;
    assert_eq!(
        answer.callback.as_ref().unwrap()["type"],
        7,
        "the hint's cards were refused: {answer:?}"
    );
}

/// What the members have done through the controls.
#[derive(Default)]
struct Done {
    declared: bool,
    buried: bool,
    refused: bool,
}

/// One decision of `user`'s seat, if it has one now, made through the
/// controls of a fresh hand view.
async fn decide(fake: &FakeDiscord, user: u64, locale: &str, done: &mut Done, first_hand: bool) {
    let view = hand_view(fake, user, locale).await;
    if let Some(decl) = enabled(&view, "sjdecl") {
        // A member declares whenever offered (a partner's declaration
        // overridden is still the team's).
        let id = fake.select_on(user, locale, view.clone(), &decl, &["0".to_string()]);
        let answer = fake.wait_answer(id).await;
        // An update with the hand's new picture, or (the picture
        // unchanged) an acknowledgement and an edit that keeps it.
        let kind = &answer.callback.as_ref().unwrap()["type"];
        assert!(
            *kind == 7 || *kind == 6,
            "{answer:?}\nVIEW {}\nTABLE {}",
            text_of(&view),
            text_of(&table_message(fake).unwrap())
        );
        if !done.declared {
            fake.wait_for("the declaration in the log", 20, |f| {
                table_message(f)
                    .is_some_and(|m| text_of(&m).contains(&format!("<@{user}> declares")))
            })
            .await;
            // The view it came from is stale now: redrawn, saying so.
            let id = fake.select_on(user, locale, view, &decl, &["0".to_string()]);
            let answer = fake.wait_answer(id).await;
            let kind = &answer.callback.as_ref().unwrap()["type"];
            assert!(*kind == 7 || *kind == 6, "{answer:?}");
            let said = answer.text();
            assert!(
                said.contains("out of date") || said.contains("已经过时"),
                "stale: {said}"
            );
            done.declared = true;
        }
        return;
    }
    let Some((hinted, burying)) = hint(fake, user, locale, &view).await else {
        return; // not this seat's turn
    };
    if !burying && !done.refused && first_hand {
        // A single of another suit than the hint's (which follows the
        // lead when the member holds its suit): refused with the reason.
        let chosen: Vec<String> = card_selects(&hinted)
            .into_iter()
            .flat_map(|(_, o)| o)
            .filter(|(_, on)| *on)
            .map(|(v, _)| v)
            .collect();
        if let [one] = chosen.as_slice() {
            if let Some((_, suit)) = plain(one) {
                let other = card_selects(&view).into_iter().find_map(|(id, options)| {
                    options
                        .into_iter()
                        .find(|(v, _)| plain(v).is_some_and(|(_, s)| s != suit))
                        .map(|(v, _)| (id, v))
                });
                if let Some((select, card)) = other {
                    let picked = fake
                        .wait_answer(fake.select_on(user, locale, view, &select, &[card]))
                        .await;
                    let picked = private_message(&picked);
                    let go = enabled(&picked, "sjgo").expect("Play after a pick");
                    let answer = fake
                        .wait_answer(fake.click_on(user, locale, picked, &go))
                        .await;
                    let said = answer.text();
                    if said.contains("must follow") || said.contains("必须跟") {
                        assert!(answer.is_ephemeral(), "{answer:?}");
                        let want = if locale == "zh-CN" {
                            "张。"
                        } else {
                            ": you hold "
                        };
                        assert!(said.contains(want), "the reason: {said}");
                        done.refused = true;
                    }
                    // Else the member led (or was void): the card was played.
                    return;
                }
            }
        }
    }
    go(fake, user, locale, hinted).await;
    if burying {
        fake.wait_for("the burial in the log", 20, |f| {
            table_message(f).is_some_and(|m| text_of(&m).contains(&format!("<@{user}> buries")))
        })
        .await;
        done.buried = true;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_members_and_two_ai_play_shengji_hand_after_hand_on_discord() {
    let session = Session::start(&[
        ("PAIJU_TIMERS_BID_SECS", "60"),
        ("PAIJU_TIMERS_PLAY_SECS", "60"),
        // The computer decides at once: a member offered a declaration is
        // still asked before an AI seat may take it.
        ("PAIJU_TIMERS_AI_DELAY_MS", "0"),
    ])
    .await;
    let fake = &session.fake;

    rules_in_chinese(fake, ANN, "shengji", "升级", "拖拉机").await;

    let id = fake.command(
        ANN,
        "en-US",
        "shengji",
        sub("start", json!([{ "name": "stake", "type": 4, "value": 5 }])),
    );
    assert!(fake.wait_answer(id).await.is_ephemeral());
    fake.wait_for("the lobby", 20, |f| {
        table_message(f).is_some_and(|m| button(&m, ":join:").is_some())
    })
    .await;
    let lobby = text_of(&table_message(fake).unwrap());
    assert!(lobby.contains("seats 1 + 3 against seats 2 + 4"), "{lobby}");
    let table_id: u64 = table_message(fake).unwrap()["id"]
        .as_str()
        .unwrap()
        .parse()
        .unwrap();
    let id = fake.command(BOB, "zh-CN", "shengji", sub("join", json!([])));
    assert!(fake.wait_answer(id).await.is_ephemeral());
    // Bob sits opposite Ann: her partner.
    let id = fake.command(
        BOB,
        "en-US",
        "shengji",
        sub("seat", json!([{ "name": "seat", "type": 4, "value": 3 }])),
    );
    let answer = fake.wait_answer(id).await;
    assert!(answer.text().contains("You sit at seat 3"), "{answer:?}");
    let id = fake.command(
        ANN,
        "en-US",
        "shengji",
        sub("seat", json!([{ "name": "seat", "type": 4, "value": 3 }])),
    );
    assert!(fake
        .wait_answer(id)
        .await
        .text()
        .contains("Seat 3 is taken"));
    let start = button(&table_message(fake).unwrap(), ":start:").unwrap();
    let id = fake.click(ANN, "en-US", table_id, &start);
    fake.wait_answer(id).await;

    // The cards arrive by DM.
    for user in [ANN, BOB] {
        fake.wait_for("the hand DM", 20, |f| {
            f.dm_messages(user).iter().any(|m| {
                let t = text_of(m);
                t.contains("Your hand (") || t.contains("你的手牌")
            })
        })
        .await;
    }
    let text = text_of(&table_message(fake).unwrap());
    assert!(text.contains("Teams"), "{text}");

    // The members play their seats, hand after hand, until each control
    // was used and a hand reached its result.
    let mut done = Done::default();
    let until = std::time::Instant::now() + std::time::Duration::from_secs(400);
    while !(done.declared && done.buried && done.refused && !results(fake).is_empty()) {
        assert!(
            std::time::Instant::now() < until,
            "declared {} buried {} refused {} results {}",
            done.declared,
            done.buried,
            done.refused,
            results(fake).len()
        );
        let first_hand = results(fake).is_empty();
        for (user, locale) in MEMBERS {
            decide(fake, user, locale, &mut done, first_hand).await;
        }
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }

    // A hand's result mid-match: every seat's chips, the levels, and no
    // "Play again" (the next hand is dealt here by itself) — only the
    // hand's Replay (复盘, issue #36).
    let result = results(fake).remove(0);
    let text = text_of(&result);
    for user in [ANN, BOB] {
        assert!(text.contains(&format!("<@{user}>")), "{text}");
    }
    assert!(text.contains("Levels: seats 1 + 3 at"), "{text}");
    assert!(text.contains("Next hand: "), "{text}");
    let ids = buttons(&result);
    assert!(
        ids.len() == 1 && ids[0].starts_with("rp1:o:"),
        "mid-match: {result}"
    );
    // The table message moves on to hand 2 (or further: the members may
    // have needed more than one hand for every control).
    fake.wait_for("the next hand", 30, |f| {
        f.channel_messages(CHANNEL_ID).iter().any(|m| {
            let text = text_of(m);
            text.split("· hand ").skip(1).any(|rest| {
                let n: String = rest.chars().take_while(char::is_ascii_digit).collect();
                n.parse::<u32>().is_ok_and(|n| n >= 2)
            })
        })
    })
    .await;

    // No private text or control ever reached the channel.
    for m in fake.channel_messages(CHANNEL_ID) {
        let t = text_of(&m);
        assert!(!t.contains("Your hand ("), "{t}");
        assert!(!t.contains("Bury 8 cards from your hand"), "{t}");
        assert!(
            buttons(&m)
                .iter()
                .all(|b| !b.contains("sjpick") && !b.contains("sjdecl") && !b.contains("sjgo")),
            "{m}"
        );
    }
    for user in [ANN, BOB] {
        let id = fake.command(user, "en-US", "shengji", sub("leave", json!([])));
        fake.wait_answer(id).await;
    }
    fake.wait_for("the table closes", 120, |f| {
        f.channel_messages(CHANNEL_ID)
            .iter()
            .any(|m| text_of(m).contains("The table closed"))
    })
    .await;
    // AI seats played: the house mints and burns their chips, which
    // `ledger verify` checks.
    session.finish(&[ANN, BOB], None).await;
}

/// Issue #37: four decks, the longest hand any game shows. A member with
/// three AI seats gets 50-odd cards: the hand DM, the hand view (four card
/// selects of at most 25 and the Play row: Discord's five rows) and every
/// view drawn as the member declares, buries and plays are within
/// Discord's limits (the fake refuses any that is not, and the test fails).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_four_deck_hand_of_fifty_odd_cards_fits_every_message() {
    let session = Session::start(&[
        ("PAIJU_TIMERS_BID_SECS", "60"),
        ("PAIJU_TIMERS_PLAY_SECS", "60"),
        ("PAIJU_TIMERS_AI_DELAY_MS", "0"),
    ])
    .await;
    let fake = &session.fake;
    let options = json!([
        { "name": "stake", "type": 4, "value": 5 },
        { "name": "decks", "type": 4, "value": 4 },
    ]);
    let id = fake.command(ANN, "en-US", "shengji", sub("start", options));
    assert!(fake.wait_answer(id).await.is_ephemeral());
    fake.wait_for("the lobby", 20, |f| {
        table_message(f).is_some_and(|m| button(&m, ":start:").is_some())
    })
    .await;
    let lobby = table_message(fake).unwrap();
    let table_id: u64 = lobby["id"].as_str().unwrap().parse().unwrap();
    let start = button(&lobby, ":start:").unwrap();
    fake.wait_answer(fake.click(ANN, "en-US", table_id, &start))
        .await;
    // The biggest view: every card in the selects, at most five rows.
    let (mut most, mut count) = (0, 0);
    let mut done = Done::default();
    let until = std::time::Instant::now() + std::time::Duration::from_secs(90);
    let mut decisions = 0;
    while decisions < 12 && std::time::Instant::now() < until {
        let view = hand_view(fake, ANN, "en-US").await;
        let cards: usize = card_selects(&view).iter().map(|(_, o)| o.len()).sum();
        let rows = view["components"].as_array().map_or(0, Vec::len);
        assert!(rows <= 5, "{rows} rows");
        most = most.max(cards);
        let text = text_of(&view);
        if let Some(n) = text
            .split("Your hand (")
            .nth(1)
            .and_then(|r| r.split(' ').next())
            .and_then(|n| n.parse::<usize>().ok())
        {
            count = count.max(n);
        }
        let before = fake.interactions().len();
        decide(fake, ANN, "en-US", &mut done, false).await;
        // More than the view: a decision was made.
        if fake.interactions().len() > before + 1 {
            decisions += 1;
        }
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    assert!(count >= 50, "{count} cards at most");
    assert!(
        most >= count.min(50),
        "the view showed {most} of {count} cards"
    );
    eprintln!("a four-deck hand of {count} cards; the view showed {most} at most");
    fake.assert_within_limits();
    let id = fake.command(ANN, "en-US", "shengji", sub("leave", json!([])));
    fake.wait_answer(id).await;
    fake.wait_for("the table closes", 120, |f| {
        f.channel_messages(CHANNEL_ID)
            .iter()
            .any(|m| text_of(m).contains("The table closed"))
    })
    .await;
    session.finish(&[ANN], None).await;
}

// ---- A whole match by four members ---------------------------------------

const CAT: u64 = 100_000_000_000_000_013;
/// Dan manages the server (the fake gives ids ending in 9 the permission):
/// he may stop a running match.
const DAN: u64 = 100_000_000_000_000_019;
/// The four members by the seat they pick (1 to 4): Ann and Bob (seats
/// 1 + 3) against Cat and Dan (seats 2 + 4), each team of two languages.
const FOUR: [(u64, &str); 4] = [
    (ANN, "en-US"),
    (CAT, "zh-CN"),
    (BOB, "zh-CN"),
    (DAN, "en-US"),
];
/// Chips per level.
const STAKE: i64 = 5;
/// Stakes the match's winners get besides the last hand.
const BONUS: i64 = 1;
/// Level A.
const ACE: u8 = 14;

/// A level as the table writes it: `2` … `10`, `J`, `Q`, `K`, `A`.
fn level(s: &str) -> u8 {
    match s {
        "J" => 11,
        "Q" => 12,
        "K" => 13,
        "A" => ACE,
        n => n.parse().unwrap_or_else(|_| panic!("a level: {s}")),
    }
}

/// Both teams' levels in `Levels: seats 1 + 3 at X · seats 2 + 4 at Y`.
pub(crate) fn levels_in(text: &str) -> Option<[u8; 2]> {
    let rest = &text[text.find("Levels: seats 1 + 3 at ")? + "Levels: seats 1 + 3 at ".len()..];
    let (first, rest) = rest.split_once(" · seats 2 + 4 at ")?;
    let second: String = rest
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric())
        .collect();
    Some([level(first), level(&second)])
}

/// A result's verdict line (English) read: whether the banker side kept
/// the bank, and how many levels the side that won the hand goes up.
pub(crate) fn verdict(line: &str) -> Option<(bool, u8)> {
    if line.contains("the banker side goes up 3 levels") {
        Some((true, 3))
    } else if line.contains("the banker side goes up 2 levels") {
        Some((true, 2))
    } else if line.contains("the banker side goes up 1 level") {
        Some((true, 1))
    } else if line.contains("points and take the bank.") {
        Some((false, 0))
    } else {
        let at = line.find("they take the bank and go up ")?;
        let n: String = line[at + "they take the bank and go up ".len()..]
            .chars()
            .take_while(char::is_ascii_digit)
            .collect();
        Some((false, n.parse().ok()?))
    }
}

/// The first member mentioned (`<@id>`) in `line`.
fn mention(line: &str) -> Option<u64> {
    let at = line.find("<@")? + 2;
    let digits: String = line[at..]
        .chars()
        .take_while(char::is_ascii_digit)
        .collect();
    digits.parse().ok()
}

/// The seat (0 to 3) of a member.
fn seat_of(user: u64) -> usize {
    FOUR.iter()
        .position(|(u, _)| *u == user)
        .unwrap_or_else(|| panic!("not a member: {user}"))
}

/// The hand number of the table message's first line (`Hand N · Levels …`).
fn hand_no(text: &str) -> Option<u32> {
    let rest = &text[text.find("Hand ")? + 5..];
    let n: String = rest.chars().take_while(char::is_ascii_digit).collect();
    rest[n.len()..]
        .starts_with(" · Levels")
        .then(|| n.parse().ok())
        .flatten()
}

/// One hand's result message as read.
#[derive(Debug)]
struct HandResult {
    banker: usize,
    /// The banker side kept the bank.
    kept: bool,
    /// The team that went up, and by how many levels (0: the attackers
    /// took the bank without going up).
    up: (usize, u8),
    levels: [u8; 2],
    next_banker: Option<usize>,
    winner: Option<usize>,
    /// Each seat's chips this hand, and its balance after.
    paid: [i64; 4],
    balances: [i64; 4],
}

fn read_result(m: &Value) -> HandResult {
    let text = text_of(m);
    let mut banker = None;
    let mut paid = [0; 4];
    let mut balances = [0; 4];
    let mut seen = [false; 4];
    for line in text.lines().filter(|l| l.contains(" chips → ")) {
        let seat = seat_of(mention(line).expect(line));
        if line.contains("(banker (庄家))") {
            banker = Some(seat);
        }
        // `<@…> (banker (庄家)): +5 chips → 1005`, or without a role
        // `<@…>: +5 chips → 1005`.
        let (_, after) = line.rsplit_once(": ").expect(line);
        let (delta, balance) = after.split_once(" chips → ").expect(line);
        paid[seat] = delta.trim_start_matches('+').parse().expect(line);
        balances[seat] = balance.trim().parse().expect(line);
        seen[seat] = true;
    }
    assert!(seen.iter().all(|s| *s), "every seat's chips: {text}");
    let banker = banker.unwrap_or_else(|| panic!("the banker: {text}"));
    let side = banker % 2;
    let (kept, n) = text
        .lines()
        .find_map(verdict)
        .unwrap_or_else(|| panic!("the verdict: {text}"));
    let up = if kept { (side, n) } else { (1 - side, n) };
    let next_banker = text
        .lines()
        .find(|l| l.starts_with("Next hand: "))
        .map(|l| seat_of(mention(l).expect(l)));
    let winner = if text.contains("Seats 1 + 3 win the match!") {
        Some(0)
    } else if text.contains("Seats 2 + 4 win the match!") {
        Some(1)
    } else {
        None
    };
    HandResult {
        banker,
        kept,
        up,
        levels: levels_in(&text).unwrap_or_else(|| panic!("the levels: {text}")),
        next_banker,
        winner,
        paid,
        balances,
    }
}

/// The match told hand by hand agrees with the rules: each hand's banker
/// is the one the last result named (the first hand's is whoever declared
/// first, or seat 1); levels move only by the verdict's levels, never
/// beyond A; the next banker is the banker's partner when the bank was
/// kept, else the next seat; each seat of the team that went up N levels
/// receives N × stake from the opposite seat (and the match bonus with the
/// hand that wins it), the balances following; the match ends exactly when
/// a team reaches A, and that team wins it. `table_levels[n]`: the levels
/// the table message showed for hand n.
fn check_match(results: &[HandResult], table_levels: &std::collections::BTreeMap<u32, [u8; 2]>) {
    let mut levels = [2u8, 2];
    let mut balances = [1000i64; 4];
    let mut banker = None;
    for (i, r) in results.iter().enumerate() {
        let hand = i as u32 + 1;
        if let Some(shown) = table_levels.get(&hand) {
            assert_eq!(*shown, levels, "hand {hand}'s table levels");
        }
        if let Some(b) = banker {
            assert_eq!(r.banker, b, "hand {hand}'s banker");
        }
        let (team, n) = r.up;
        assert_eq!(r.kept, team == r.banker % 2, "hand {hand}: {r:?}");
        levels[team] = (levels[team] + n).min(ACE);
        assert_eq!(r.levels, levels, "hand {hand}'s levels: {r:?}");
        let last = i + 1 == results.len();
        let bonus = if last { BONUS } else { 0 };
        for (s, balance) in balances.iter_mut().enumerate() {
            let chips = (i64::from(n) + bonus) * STAKE;
            let want = if s % 2 == team { chips } else { -chips };
            assert_eq!(r.paid[s], want, "hand {hand}, seat {}: {r:?}", s + 1);
            *balance += want;
            assert_eq!(r.balances[s], *balance, "hand {hand}, seat {}", s + 1);
        }
        let next = if r.kept {
            (r.banker + 2) % 4
        } else {
            (r.banker + 1) % 4
        };
        if last {
            assert_eq!(r.winner, Some(team), "the match's winner: {r:?}");
            assert_eq!(levels[team], ACE, "{r:?}");
            assert!(levels[1 - team] < ACE, "{r:?}");
            assert_eq!(r.next_banker, None, "{r:?}");
        } else {
            assert_eq!(r.winner, None, "hand {hand}: {r:?}");
            assert!(levels.iter().all(|&l| l < ACE), "hand {hand}: {r:?}");
            assert_eq!(r.next_banker, Some(next), "hand {hand}: {r:?}");
        }
        banker = Some(next);
    }
}

/// Every message the bot sent to the channel, every edit included, holds
/// none of a hand's private words, pictures or controls.
fn check_channel_private_free(fake: &FakeDiscord) {
    let path = format!("/channels/{CHANNEL_ID}/messages");
    let mut seen = 0;
    for r in fake
        .requests()
        .into_iter()
        .filter(|r| r.path.contains(&path))
    {
        seen += 1;
        let t = crate::support::fake_discord::message_text(&r.body);
        for private in [
            "Your hand (",
            "你的手牌",
            "Bury ",
            "扣底（",
            "The kitty: ",
            "底牌：",
        ] {
            assert!(!t.contains(private), "{private} in the channel: {t}");
        }
        let ids = crate::support::fake_discord::custom_ids(&r.body);
        assert!(
            ids.iter().all(|b| !b.contains("sjpick")
                && !b.contains("sjdecl")
                && !b.contains("sjgo")
                && !b.contains(":hint:")),
            "{ids:?}"
        );
        for f in r.body["_files"].as_array().into_iter().flatten() {
            let name = f["filename"].as_str().unwrap_or("");
            assert!(
                !name.starts_with("hand-"),
                "a hand's picture in the channel"
            );
        }
    }
    assert!(seen > 0);
}

/// `user` seats himself at `seat` (1 to 4) of the lobby, joining first
/// unless he opened it.
async fn take_seat(fake: &FakeDiscord, user: u64, locale: &str, seat: usize, join: bool) {
    if join {
        let id = fake.command(user, locale, "shengji", sub("join", json!([])));
        let answer = fake.wait_answer(id).await;
        assert!(answer.is_ephemeral());
        let said = answer.text();
        assert!(
            said.contains("You took a seat.") || said.contains("你已坐下。"),
            "{user} joins: {said}"
        );
    }
    let id = fake.command(
        user,
        locale,
        "shengji",
        sub(
            "seat",
            json!([{ "name": "seat", "type": 4, "value": seat }]),
        ),
    );
    let said = fake.wait_answer(id).await.text();
    assert!(
        said.contains(&format!("You sit at seat {seat}")) || said.contains(&format!("{seat} 号位")),
        "{user} sits at {seat}: {said}\n{:?}",
        table_message(fake).map(|m| text_of(&m))
    );
}

/// The newest table message (lobby or game): the one with "My hand" or
/// Join.
fn newest_table(fake: &FakeDiscord) -> Option<Value> {
    crate::support::controls::table_message(fake)
}

/// Four members play a whole match at one table: every decision of their
/// seats through the controls of their hand views — a declaration (or
/// "Not now") whenever one is offered, the burial and every play by Hint
/// then Bury or Play — hand after hand until a team reaches A. Then the
/// results, read hand by hand, follow the rules (levels, bankers, chips
/// and the match bonus), the table message showed each hand at the levels
/// the last result gave, no hand's words, pictures or controls ever
/// reached the channel, and New match on the last result opens a table
/// where the same four pick the same seats and start a new match at 2
/// and 2. The chips are conserved and the ledger verifies clean.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn four_members_play_a_whole_shengji_match_on_discord_then_a_new_one() {
    let started = std::time::Instant::now();
    let session = Session::start(&[
        ("PAIJU_TIMERS_BID_SECS", "60"),
        ("PAIJU_TIMERS_PLAY_SECS", "60"),
        ("PAIJU_TIMERS_AI_DELAY_MS", "0"),
    ])
    .await;
    let fake = &session.fake;
    // One deck (12 tricks a hand) and no declare window keep a match
    // short; the match bonus is paid with the last hand.
    let id = fake.command(
        ANN,
        "en-US",
        "shengji",
        sub(
            "start",
            json!([
                { "name": "stake", "type": 4, "value": STAKE },
                { "name": "decks", "type": 4, "value": 1 },
                { "name": "match_bonus", "type": 4, "value": BONUS },
                { "name": "declare_window", "type": 4, "value": 0 },
            ]),
        ),
    );
    let answer = fake.wait_answer(id).await;
    assert!(answer.is_ephemeral(), "{answer:?}");
    fake.wait_for("the lobby", 20, |f| {
        table_message(f).is_some_and(|m| button(&m, ":join:").is_some())
    })
    .await;
    for (seat, (user, locale)) in FOUR.iter().enumerate() {
        take_seat(fake, *user, locale, seat + 1, *user != ANN).await;
    }
    let table_id: u64 = table_message(fake).unwrap()["id"]
        .as_str()
        .unwrap()
        .parse()
        .unwrap();
    let start = button(&table_message(fake).unwrap(), ":start:").unwrap();
    fake.wait_answer(fake.click(ANN, "en-US", table_id, &start))
        .await;

    // The members play every decision of their seats until the match is
    // won. Whose decision it is they learn as members do, from their own
    // hand views (private, and not rate-limited): the table message is
    // edited at most 5 times in 5 s, as Discord allows, so it skips
    // states when four members play faster than that.
    let mut table_levels = std::collections::BTreeMap::new();
    let mut declared = std::collections::HashSet::new();
    let (mut plays, mut passes) = (0, 0);
    // The seat to ask first: the one after the last to play.
    let mut next = 0;
    let until = started + std::time::Duration::from_secs(600);
    loop {
        let now = results(fake);
        if now
            .last()
            .is_some_and(|m| text_of(m).contains("win the match!"))
        {
            break;
        }
        assert!(
            std::time::Instant::now() < until,
            "the match goes on after {} hands",
            now.len()
        );
        // The table as drawn now: one state, so its hand and levels agree.
        let text = text_of(&table_message(fake).unwrap());
        if let (Some(shown), Some(levels)) = (hand_no(&text), levels_in(&text)) {
            table_levels.entry(shown).or_insert(levels);
        }
        // The hand being played: the results are posted as each ends.
        let hand = now.len() as u32 + 1;
        let mut acted = false;
        for k in 0..FOUR.len() {
            let i = (next + k) % FOUR.len();
            let (user, locale) = FOUR[i];
            let view = hand_view(fake, user, locale).await;
            if let Some(decl) = enabled(&view, "sjdecl") {
                // The cards arrive: whoever is offered a declaration
                // answers (the deal waits for him), declaring now and then.
                let answer = if (hand as usize + i).is_multiple_of(3) && declared.insert((hand, i))
                {
                    let id = fake.select_on(user, locale, view, &decl, &["0".to_string()]);
                    fake.wait_answer(id).await
                } else {
                    let pass = enabled(&view, "pass").expect("Not now");
                    passes += 1;
                    fake.wait_answer(fake.click_on(user, locale, view, &pass))
                        .await
                };
                let kind = &answer.callback.as_ref().unwrap()["type"];
                assert!(*kind == 7 || *kind == 6, "{answer:?}");
                acted = true;
                continue;
            }
            if let Some((hinted, _)) = hint(fake, user, locale, &view).await {
                go(fake, user, locale, hinted).await;
                plays += 1;
                next = (i + 1) % FOUR.len();
                acted = true;
                break;
            }
        }
        if !acted {
            // Between two decisions (the cards being dealt, a hand's end).
            tokio::time::sleep(std::time::Duration::from_millis(20)).await;
        }
    }
    let played = started.elapsed();

    let results: Vec<Value> = results(fake);
    let read: Vec<HandResult> = results.iter().map(read_result).collect();
    check_match(&read, &table_levels);
    let declarations = declared.len();
    eprintln!(
        "a whole match: {} hands, {plays} plays and burials, {declarations} declarations \
         and {passes} passes by the members' controls, in {:.1} s",
        read.len(),
        played.as_secs_f64()
    );
    // Mid-match results have no button but their hand's Replay; the last
    // one opens a new match.
    for m in &results[..results.len() - 1] {
        let ids = buttons(m);
        assert!(
            ids.len() == 1 && ids[0].starts_with("rp1:o:"),
            "mid-match: {m}"
        );
    }
    let last = results.last().unwrap();
    let again = button(last, ":again:").expect("New match");
    assert!(last.to_string().contains("\"New match\""), "{last}");
    // The table message at the end: the last hand's kitty, no controls
    // (drawn once the channel's edits bucket has room: within its 5 s).
    fake.wait_for("the table message to show the match's end", 15, |f| {
        table_message(f).is_some_and(|m| text_of(&m).contains("win the match!"))
    })
    .await;
    let end = table_message(fake).unwrap();
    let end_text = text_of(&end);
    assert!(end_text.contains("The kitty (底牌) was: "), "{end_text}");
    // … and the match's end: the levels it gave, and its winner.
    let last_text = text_of(last);
    let won = last_text
        .lines()
        .find(|l| l.contains("win the match!"))
        .unwrap();
    assert!(end_text.contains(won), "{end_text}");
    assert_eq!(
        end_text.lines().rev().find_map(levels_in),
        levels_in(&last_text),
        "{end_text}"
    );
    // The hand DMs name the game in each member's language.
    for (user, locale) in FOUR {
        let dm = fake.dm_messages(user);
        let want = if locale == "zh-CN" {
            "升级（拖拉机）手牌"
        } else {
            "Your Shengji (Tractor) hand in"
        };
        assert!(
            dm.iter().any(|m| text_of(m).contains(want)),
            "{user}: {dm:?}"
        );
    }
    check_channel_private_free(fake);

    // New match, clicked by Bob: a new lobby, where the same four take the
    // same seats and start; both teams begin again at 2. Bob, its host,
    // picks seat 3 first: the members joining after him take the AI
    // places his move left before him.
    let last_id: u64 = last["id"].as_str().unwrap().parse().unwrap();
    let answer = fake
        .wait_answer(fake.click(BOB, "zh-CN", last_id, &again))
        .await;
    assert!(answer.callback.is_some(), "{answer:?}");
    fake.wait_for("the new match's lobby", 20, |f| {
        newest_table(f).is_some_and(|m| {
            m["id"].as_str() != Some(&table_id.to_string()) && button(&m, ":join:").is_some()
        })
    })
    .await;
    take_seat(fake, BOB, "zh-CN", 3, false).await;
    for (seat, (user, locale)) in FOUR.iter().enumerate() {
        if *user != BOB {
            take_seat(fake, *user, locale, seat + 1, true).await;
        }
    }
    let lobby = newest_table(fake).unwrap();
    let start = button(&lobby, ":start:").unwrap();
    let lobby_id: u64 = lobby["id"].as_str().unwrap().parse().unwrap();
    fake.wait_answer(fake.click(BOB, "zh-CN", lobby_id, &start))
        .await;
    fake.wait_for("the new match's first hand", 20, |f| {
        f.message(lobby_id).is_some_and(|m| {
            let t = text_of(&m);
            t.contains("Hand 1 · Levels: seats 1 + 3 at 2 · seats 2 + 4 at 2")
                || t.contains("第 1 局 · 级数：1、3 号位打 2 · 2、4 号位打 2")
        })
    })
    .await;
    let t = text_of(&fake.message(lobby_id).unwrap());
    assert!(
        t.contains(&format!("<@{ANN}> + <@{BOB}>")) && t.contains(&format!("<@{CAT}> + <@{DAN}>")),
        "the same teams: {t}"
    );
    // Dan manages the server: he stops the new match, its stakes refunded.
    let id = fake.command(DAN, "en-US", "shengji", sub("stop", json!([])));
    let said = fake.wait_answer(id).await.text();
    assert!(said.contains("stopped"), "{said}");
    let members: Vec<u64> = FOUR.iter().map(|(u, _)| *u).collect();
    session.finish(&members, Some(4000)).await;
}
