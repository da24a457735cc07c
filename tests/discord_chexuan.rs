//! The real bot against a fake Discord hosts Chexuan: `/chexuan start`
//! with an ante and a bobo, a second member joins with his own bobo, an AI
//! takes the third seat, the host starts; the short turn timer lets the
//! computer play for members who do not act, so hands are played to their
//! settlement; face-down cards travel only by DM, the table message shows
//! the mango pot and face-down cards as backs; when both members leave the
//! table closes and the session settles. The ledger verifies clean.

mod support;

use serde_json::{json, Value};
use support::bot::BotProcess;
use support::fake_discord::{message_text, FakeDiscord, CHANNEL_ID};

const ANN: u64 = 100_000_000_000_000_001;
const BOB: u64 = 100_000_000_000_000_002;

fn sub(name: &str, options: Value) -> Value {
    json!([{ "name": name, "type": 1, "options": options }])
}

fn buttons(m: &Value) -> Vec<String> {
    let mut out = Vec::new();
    for row in m["components"].as_array().into_iter().flatten() {
        for c in row["components"].as_array().into_iter().flatten() {
            if let Some(id) = c["custom_id"].as_str() {
                out.push(id.to_string());
            }
        }
    }
    out
}

fn button(m: &Value, part: &str) -> Option<String> {
    buttons(m).into_iter().find(|id| id.contains(part))
}

fn table_message(fake: &FakeDiscord) -> Option<Value> {
    fake.channel_messages(CHANNEL_ID).into_iter().next()
}

fn text_of(m: &Value) -> String {
    message_text(m).replace(['\u{2068}', '\u{2069}'], "")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_members_and_an_ai_play_chexuan_hands_to_settlement() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let bot = BotProcess::start(
        &fake.api_url(),
        dir.path(),
        &[
            ("PAIJU_TIMERS_BID_SECS", "1"),
            ("PAIJU_TIMERS_PLAY_SECS", "1"),
            ("PAIJU_TIMERS_AI_DELAY_MS", "0"),
        ],
    );
    fake.wait_ready(1).await;

    let cmds = fake.commands();
    let cx = cmds
        .iter()
        .find(|c| c["name"] == "chexuan")
        .expect("chexuan registered");
    assert_eq!(cx["name_localizations"]["zh-CN"], "扯旋");
    let id = fake.command(ANN, "zh-CN", "chexuan", sub("rules", json!([])));
    let answer = fake.wait_answer(id).await;
    assert!(answer.is_ephemeral() && answer.text().contains("扯旋"));

    // A bobo below 20 antes is refused privately and opens nothing.
    let id = fake.command(
        ANN,
        "en-US",
        "chexuan",
        sub("start", json!([{ "name": "bobo", "type": 4, "value": 5 }])),
    );
    let answer = fake.wait_answer(id).await;
    assert!(answer.is_ephemeral(), "{answer:?}");
    assert!(table_message(&fake).is_none());

    // Ante 5 (smallest bobo 100); Ann brings 300, Bob 150.
    let id = fake.command(
        ANN,
        "en-US",
        "chexuan",
        sub(
            "start",
            json!([
                { "name": "ante", "type": 4, "value": 5 },
                { "name": "bobo", "type": 4, "value": 300 },
            ]),
        ),
    );
    assert!(fake.wait_answer(id).await.is_ephemeral());
    fake.wait_for("the lobby message", 20, |f| {
        table_message(f).is_some_and(|m| button(&m, ":join:").is_some())
    })
    .await;
    let table_id: u64 = table_message(&fake).unwrap()["id"]
        .as_str()
        .unwrap()
        .parse()
        .unwrap();
    let id = fake.command(
        BOB,
        "en-US",
        "chexuan",
        sub("join", json!([{ "name": "bobo", "type": 4, "value": 150 }])),
    );
    assert!(fake.wait_answer(id).await.is_ephemeral());
    fake.wait_for("Bob in the lobby", 20, |f| {
        table_message(f).is_some_and(|m| message_text(&m).contains(&format!("<@{BOB}>")))
    })
    .await;
    let add_ai = button(&table_message(&fake).unwrap(), ":ai:").expect("Add AI");
    let id = fake.click(ANN, "en-US", table_id, &add_ai);
    fake.wait_answer(id).await;
    fake.wait_for("the AI seat", 20, |f| {
        table_message(f).is_some_and(|m| text_of(&m).contains("AI 3"))
    })
    .await;
    let start = button(&table_message(&fake).unwrap(), ":start:").unwrap();
    let id = fake.click(ANN, "en-US", table_id, &start);
    fake.wait_answer(id).await;

    // The running table: the mango pot always shown, face-down cards as
    // backs, never their faces.
    fake.wait_for("the first hand", 20, |f| {
        table_message(f).is_some_and(|m| text_of(&m).contains("hand 1"))
    })
    .await;
    let text = text_of(&table_message(&fake).unwrap());
    assert!(text.contains("Mango pot: "), "{text}");
    assert!(text.contains("Ante (底皮): 5"), "{text}");
    assert!(!text.contains("Your face-down cards"), "{text}");

    // Hidden cards reach each member by DM.
    for user in [ANN, BOB] {
        fake.wait_for("the hand DM", 20, |f| {
            f.dm_messages(user)
                .iter()
                .any(|m| text_of(m).contains("Your face-down cards"))
        })
        .await;
    }

    // The timer plays for the members: a hand is settled (its line in the
    // log), or the whole session already ran out of players.
    let closed = |f: &FakeDiscord| {
        f.channel_messages(CHANNEL_ID)
            .iter()
            .any(|m| text_of(m).contains("The Chexuan table closed after"))
    };
    fake.wait_for("a settled hand", 60, |f| {
        closed(f) || table_message(f).is_some_and(|m| text_of(&m).contains(" over: "))
    })
    .await;
    let text = text_of(&table_message(&fake).unwrap());
    assert!(text.contains("Mango pot: "), "{text}");

    // Both members leave: the table closes and the session settles.
    for user in [ANN, BOB] {
        let id = fake.command(user, "en-US", "chexuan", sub("leave", json!([])));
        // Refused privately if the table already closed by itself.
        fake.wait_answer(id).await;
    }
    fake.wait_for("the session's result", 60, closed).await;
    let result = fake
        .channel_messages(CHANNEL_ID)
        .into_iter()
        .find(|m| text_of(m).contains("The Chexuan table closed after"))
        .unwrap();
    let text = text_of(&result);
    for user in [ANN, BOB] {
        assert!(text.contains(&format!("<@{user}>")), "{text}");
    }

    // "Play again" opens a new lobby with the default bobo, checked against
    // the clicker's balance.
    let again = button(&result, ":again:").expect("Play again");
    let result_id: u64 = result["id"].as_str().unwrap().parse().unwrap();
    let id = fake.click(BOB, "en-US", result_id, &again);
    let answer = fake.wait_answer(id).await;
    assert!(!answer.is_ephemeral(), "refused: {answer:?}");
    fake.wait_for("a new lobby", 20, |f| {
        f.channel_messages(CHANNEL_ID).iter().any(|m| {
            m["id"].as_str() != Some(&table_id.to_string()) && button(m, ":join:").is_some()
        })
    })
    .await;
    let id = fake.command(BOB, "en-US", "chexuan", sub("stop", json!([])));
    fake.wait_answer(id).await;

    for i in fake.interactions() {
        assert!(i.callback.is_some(), "interaction {} unanswered", i.id);
    }
    let status = bot.stop();
    assert!(status.success() || status.code().is_none(), "{status:?}");

    let db = format!("sqlite://{}", dir.path().join("paiju.db").display());
    let ledger = paiju::ledger::Ledger::open_existing(&db).await.unwrap();
    let report = ledger.verify().await.unwrap();
    assert!(report.is_clean(), "{}", report.render());
    assert!(ledger.unfinished_games().await.unwrap().is_empty());
}
