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
use crate::support::session::{button, buttons, sub, table_message, text_of, Session};
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

/// The component `id` starts with `pj1:<tag>:`, if enabled.
fn enabled(m: &Value, tag: &str) -> Option<String> {
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
                && c["disabled"] != json!(true)
        })
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
    let Some(hint) = enabled(&view, "hint") else {
        return; // not this seat's turn
    };
    let hinted = private_message(
        &fake
            .wait_answer(fake.click_on(user, locale, view.clone(), &hint))
            .await,
    );
    let go_label = |m: &Value| {
        m["components"]
            .as_array()
            .into_iter()
            .flatten()
            .flat_map(|row| row["components"].as_array().cloned().unwrap_or_default())
            .find(|c| {
                c["custom_id"]
                    .as_str()
                    .is_some_and(|id| id.starts_with("pj1:sjgo:"))
            })
            .map(|c| c["label"].as_str().unwrap_or("").to_string())
            .unwrap_or_default()
    };
    let burying = go_label(&hinted).contains("Bury") || go_label(&hinted).contains("扣底");
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
    let go = enabled(&hinted, "sjgo").expect("Play or Bury after a hint");
    let answer = fake
        .wait_answer(fake.click_on(user, locale, hinted, &go))
        .await;
    assert_eq!(
        answer.callback.as_ref().unwrap()["type"],
        7,
        "the hint's cards were refused: {answer:?}"
    );
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

    let cmds = fake.commands();
    let sj = cmds
        .iter()
        .find(|c| c["name"] == "shengji")
        .expect("shengji registered");
    assert_eq!(sj["name_localizations"]["zh-CN"], "升级");
    let id = fake.command(ANN, "zh-CN", "shengji", sub("rules", json!([])));
    let answer = fake.wait_answer(id).await;
    assert!(answer.is_ephemeral() && answer.text().contains("拖拉机"));

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
    // "Play again" (the next hand is dealt here by itself).
    let result = results(fake).remove(0);
    let text = text_of(&result);
    for user in [ANN, BOB] {
        assert!(text.contains(&format!("<@{user}>")), "{text}");
    }
    assert!(text.contains("Levels: seats 1 + 3 at"), "{text}");
    assert!(text.contains("Next hand: "), "{text}");
    assert!(buttons(&result).is_empty(), "mid-match: {result}");
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
