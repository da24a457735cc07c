//! The real bot against a fake Discord hosts Shengji: two members pick
//! their seats as partners (seats 1 + 3), AI players fill seats 2 and 4;
//! the hand arrives by DM while it is dealt; a member declares through
//! the Declare select of "My hand"; an old control is refused as stale;
//! the timers play the rest of the hand to its result, whose chips are
//! shown; no card of a hand is in any channel message, and the ledger
//! verifies clean.

use crate::support::fake_discord::{private_message, FakeDiscord};
use crate::support::session::{button, buttons, sub, table_message, text_of, Session};
use serde_json::json;

const ANN: u64 = 100_000_000_000_000_011;
const BOB: u64 = 100_000_000_000_000_012;

/// The result message of the first hand, once there is one.
fn result(fake: &FakeDiscord) -> Option<serde_json::Value> {
    fake.channel_messages(crate::support::fake_discord::CHANNEL_ID)
        .into_iter()
        .find(|m| text_of(m).contains("· game #") && text_of(m).contains("chips →"))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_members_and_two_ai_play_a_hand_of_shengji_on_discord() {
    let session = Session::start(&[
        ("PAIJU_TIMERS_BID_SECS", "4"),
        ("PAIJU_TIMERS_PLAY_SECS", "1"),
        // The computer waits a little before each move, so a member who
        // holds a declaration can make it before an AI seat's overturns it.
        ("PAIJU_TIMERS_AI_DELAY_MS", "400"),
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
    let id = fake.command(BOB, "en-US", "shengji", sub("join", json!([])));
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
            f.dm_messages(user)
                .iter()
                .any(|m| text_of(m).contains("Your hand ("))
        })
        .await;
    }
    let text = text_of(&table_message(fake).unwrap());
    assert!(text.contains("Teams"), "{text}");

    // A member declares through the Declare select of "My hand" as soon as
    // one is offered; the view it came from is stale afterwards.
    let mut declared = None;
    let until = std::time::Instant::now() + std::time::Duration::from_secs(90);
    while std::time::Instant::now() < until {
        for user in [ANN, BOB] {
            let id = fake.command(user, "en-US", "hand", json!([]));
            let answer = fake.wait_answer(id).await;
            let view = private_message(&answer);
            let Some(decl) = buttons(&view).into_iter().find(|b| b.contains("sjdecl")) else {
                continue;
            };
            let id = fake.select_on(user, "en-US", view.clone(), &decl, &["0".to_string()]);
            let answer = fake.wait_answer(id).await;
            if answer.is_ephemeral() && answer.text().contains("earlier moment") {
                continue; // the deal moved on meanwhile
            }
            declared = Some((user, view, decl));
            break;
        }
        if declared.is_some() {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    let (user, view, decl) = declared.expect("a member was offered a declaration");
    fake.wait_for("the declaration in the log", 20, |f| {
        table_message(f).is_some_and(|m| text_of(&m).contains(&format!("<@{user}> declares")))
    })
    .await;
    let id = fake.select_on(user, "en-US", view, &decl, &["0".to_string()]);
    // A stale pick in the hand view redraws it as it is now, saying so.
    let answer = fake.wait_answer(id).await;
    // An update with the hand's new picture, or (the picture unchanged) an
    // acknowledgement and an edit that keeps it.
    let kind = &answer.callback.as_ref().unwrap()["type"];
    assert!(*kind == 7 || *kind == 6, "{answer:?}");
    assert!(
        answer.text().contains("out of date"),
        "stale: {}",
        answer.text()
    );

    // The timers play the rest: the hand's result with everyone's chips.
    fake.wait_for("the hand's result", 240, |f| result(f).is_some())
        .await;
    let text = text_of(&result(fake).unwrap());
    for user in [ANN, BOB] {
        assert!(text.contains(&format!("<@{user}>")), "{text}");
    }
    assert!(text.contains("Levels: seats 1 + 3 at"), "{text}");
    fake.wait_for("the table shows the kitty", 30, |f| {
        table_message(f).is_some_and(|m| text_of(&m).contains("The kitty (底牌) was:"))
            || f.channel_messages(crate::support::fake_discord::CHANNEL_ID)
                .iter()
                .any(|m| text_of(m).contains("Hand 2") || text_of(m).contains("hand 2"))
    })
    .await;

    // No private text or control ever reached the channel.
    for m in fake.channel_messages(crate::support::fake_discord::CHANNEL_ID) {
        let t = text_of(&m);
        assert!(!t.contains("Your hand ("), "{t}");
        assert!(!t.contains("Bury 8 cards from your hand"), "{t}");
        assert!(
            buttons(&m)
                .iter()
                .all(|b| !b.contains("sjpick") && !b.contains("sjdecl")),
            "{m}"
        );
    }
    for user in [ANN, BOB] {
        let id = fake.command(user, "en-US", "shengji", sub("leave", json!([])));
        fake.wait_answer(id).await;
    }
    fake.wait_for("the table closes", 120, |f| {
        f.channel_messages(crate::support::fake_discord::CHANNEL_ID)
            .iter()
            .any(|m| text_of(m).contains("The table closed"))
    })
    .await;
    // AI seats played: the house mints and burns their chips, which
    // `ledger verify` checks.
    session.finish(&[ANN, BOB], None).await;
}
