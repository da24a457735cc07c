//! The table message of a card game with a turn and a hand (Dou Dizhu),
//! read from the fake Discord: which message holds the controls now, its
//! component ids, whose turn it marks, and clicking on it.

#![allow(dead_code)]

use super::fake_discord::{custom_ids, message_text, FakeDiscord, Interaction, CHANNEL_ID};
use serde_json::Value;

/// The table message now: the newest channel message with table controls
/// (lobby or game).
pub fn table_message(fake: &FakeDiscord) -> Option<Value> {
    fake.channel_messages(CHANNEL_ID)
        .into_iter()
        .rev()
        .find(|m| {
            custom_ids(m)
                .iter()
                .any(|id| id.starts_with("pj1:hand:") || id.starts_with("pj1:join:"))
        })
}

/// A message's id.
pub fn id_of(m: &Value) -> u64 {
    m["id"].as_str().unwrap().parse().unwrap()
}

/// The first component id of `m` starting with `prefix`.
pub fn find_id(m: &Value, prefix: &str) -> Option<String> {
    custom_ids(m).into_iter().find(|id| id.starts_with(prefix))
}

/// The member whose turn the table message marks (▶).
pub fn turn_user(m: &Value) -> Option<u64> {
    let text = message_text(m);
    let line = text.lines().find(|l| l.starts_with('▶'))?;
    let at = line.find("<@")?;
    let end = line[at..].find('>')?;
    line[at + 2..at + end].parse().ok()
}

/// Clicks `custom_id` on the table message as `user` and returns the answer.
pub async fn click_table(fake: &FakeDiscord, user: u64, custom_id: &str) -> Interaction {
    let msg = table_message(fake).expect("a table message");
    let id = fake.click(user, "en-US", id_of(&msg), custom_id);
    fake.wait_answer(id).await
}

/// `members[0]` opens a Dou Dizhu table at stake 10, the other two join
/// and the host starts it; returns the table message once a member is
/// asked to bid. Three members and no AI seat: an AI bidding first may
/// take the landlord at once (3 points), and no member would ever be
/// asked to bid.
pub async fn dou_dizhu_bidding(fake: &FakeDiscord, members: [u64; 3]) -> Value {
    use super::session::sub;
    use serde_json::json;
    let [host, others @ ..] = members;
    let id = fake.command(
        host,
        "en-US",
        "dou-dizhu",
        sub(
            "start",
            json!([{ "name": "stake", "type": 4, "value": 10 }]),
        ),
    );
    assert!(fake.wait_answer(id).await.is_ephemeral());
    for member in others {
        let id = fake.command(member, "en-US", "dou-dizhu", sub("join", json!([])));
        assert!(fake.wait_answer(id).await.is_ephemeral());
        fake.wait_for("a member seated", 20, |f| {
            table_message(f).is_some_and(|m| message_text(&m).contains(&format!("<@{member}>")))
        })
        .await;
    }
    let lobby = table_message(fake).unwrap();
    let id = fake.click(
        host,
        "en-US",
        id_of(&lobby),
        &find_id(&lobby, "pj1:start:").unwrap(),
    );
    fake.wait_answer(id).await;
    fake.wait_for("a member's bid", 20, |f| {
        table_message(f).is_some_and(|m| {
            find_id(&m, "pj1:bid:").is_some() && turn_user(&m).is_some_and(|u| members.contains(&u))
        })
    })
    .await;
    table_message(fake).unwrap()
}
