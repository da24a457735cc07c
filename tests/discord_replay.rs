//! The real bot against a fake Discord, issue #36 section 1: 复盘. Ann plays
//! Dou Dizhu with two AI seats (on 托管, so the game plays itself), presses
//! **Replay** on the result and steps through the game privately (▶ ⏭ ⏮,
//! the select of rounds), shares a step in the channel (the public view
//! only: no hand in it), downloads the record and replays it as `paiju
//! replay` does. The bot restarts and the replay's buttons still work.
//! Eve, who did not play, and a replay asked from another server are
//! refused, privately.

use crate::support;

use serde_json::{json, Value};
use support::bot::BotProcess;
use support::controls::{click_table, find_id, table_message};
use support::fake_discord::{
    attachments, custom_ids, message_text, private_message, FakeDiscord, Interaction, CHANNEL_2,
    CHANNEL_ID,
};

const ANN: u64 = 100_000_000_000_000_001;
const EVE: u64 = 100_000_000_000_000_008;

/// The result message of the game (the one with the Replay button).
fn result_message(fake: &FakeDiscord) -> Option<Value> {
    fake.channel_messages(CHANNEL_ID)
        .into_iter()
        .rev()
        .find(|m| find_id(m, "rp1:o:").is_some())
}

fn id_of(m: &Value) -> u64 {
    m["id"].as_str().unwrap().parse().unwrap()
}

/// The replay picture a private step shows.
fn picture_name(m: &Value) -> String {
    let files = attachments(m);
    assert_eq!(files.len(), 1, "one picture: {m}");
    let name = files[0]["filename"].as_str().unwrap().to_string();
    assert!(
        name.starts_with("replay-") && name.ends_with(".png"),
        "{name}"
    );
    name
}

/// Ann presses the control starting with `prefix` on the replay `m`.
async fn press(fake: &FakeDiscord, m: &Value, prefix: &str) -> Value {
    let id = find_id(m, prefix).unwrap_or_else(|| panic!("no {prefix} in {m}"));
    let answer = fake
        .wait_answer(fake.click_on(ANN, "en-US", m.clone(), &id))
        .await;
    assert!(answer.is_ephemeral(), "{answer:?}");
    private_message(&answer)
}

/// The step line of a replay ("Move 3 of 40").
fn step_of(m: &Value) -> (usize, usize) {
    let text = message_text(m);
    let clean = text.replace(['\u{2068}', '\u{2069}'], "");
    if let Some(at) = clean.find("the game has ") {
        let n: String = clean[at + 13..]
            .chars()
            .take_while(char::is_ascii_digit)
            .collect();
        return (0, n.parse().unwrap());
    }
    let at = clean.find("Move ").unwrap_or_else(|| panic!("{clean}"));
    let rest = &clean[at + 5..];
    let step: String = rest.chars().take_while(char::is_ascii_digit).collect();
    let of = rest.find(" of ").unwrap();
    let total: String = rest[of + 4..]
        .chars()
        .take_while(char::is_ascii_digit)
        .collect();
    (step.parse().unwrap(), total.parse().unwrap())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finished_game_is_replayed_shared_and_downloaded_and_survives_a_restart() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let env = [
        ("PAIJU_TIMERS_AI_DELAY_MS", "20"),
        ("PAIJU_TIMERS_BID_SECS", "900"),
        ("PAIJU_TIMERS_PLAY_SECS", "900"),
    ];
    let bot = BotProcess::start(&fake.api_url(), dir.path(), &env);
    fake.wait_ready(1).await;

    // A game that plays itself: two AI seats, Ann on 托管, the quick AI.
    let start = json!([{ "name": "start", "type": 1, "options": [
        { "name": "stake", "type": 4, "value": 10 },
        { "name": "ai", "type": 4, "value": 1 },
    ] }]);
    let id = fake.command(ANN, "en-US", "dou-dizhu", start);
    assert!(fake.wait_answer(id).await.is_ephemeral());
    fake.wait_for("the lobby", 20, |f| table_message(f).is_some())
        .await;
    let add_ai = find_id(&table_message(&fake).unwrap(), "pj1:ai:").unwrap();
    click_table(&fake, ANN, &add_ai).await;
    click_table(&fake, ANN, &add_ai).await;
    fake.wait_for("two AI seats", 20, |f| {
        table_message(f).is_some_and(|m| message_text(&m).contains("3. "))
    })
    .await;
    let lobby = table_message(&fake).unwrap();
    click_table(&fake, ANN, &find_id(&lobby, "pj1:start:").unwrap()).await;
    fake.wait_for("the game", 20, |f| {
        table_message(f).is_some_and(|m| find_id(&m, "pj1:auto:").is_some())
    })
    .await;
    let auto = find_id(&table_message(&fake).unwrap(), "pj1:auto:").unwrap();
    click_table(&fake, ANN, &auto).await;
    fake.wait_for("the result with Replay", 120, |f| {
        result_message(f).is_some()
    })
    .await;
    let result = result_message(&fake).unwrap();
    let open = find_id(&result, "rp1:o:").unwrap();
    let game = i64::from_str_radix(open.rsplit(':').next().unwrap(), 36).unwrap();
    assert!(
        message_text(&result).contains(&format!("game #{game}")),
        "{}",
        message_text(&result)
    );

    // /history numbers the game, for /replay.
    let listed = fake
        .wait_answer(fake.command(ANN, "en-US", "history", json!([])))
        .await;
    assert!(
        listed.text().contains(&format!("#{game}")),
        "{}",
        listed.text()
    );

    // Eve did not play: refused, privately, and told why.
    let refused = fake
        .wait_answer(fake.click(EVE, "en-US", id_of(&result), &open))
        .await;
    assert!(refused.is_ephemeral());
    assert!(
        refused.text().contains("Only the players of game"),
        "{}",
        refused.text()
    );
    // Nor is the game replayed from another server, even by its player.
    let elsewhere = fake
        .wait_answer(fake.command_in(
            CHANNEL_2,
            ANN,
            "en-US",
            "replay",
            json!([{ "name": "game", "type": 4, "value": game }]),
        ))
        .await;
    assert!(
        elsewhere.text().contains("was not played in this server"),
        "{}",
        elsewhere.text()
    );

    // Ann opens the replay at the deal, privately, with her hand drawn.
    let opened: Interaction = fake
        .wait_answer(fake.click(ANN, "en-US", id_of(&result), &open))
        .await;
    assert!(opened.is_ephemeral());
    let deal = private_message(&opened);
    let (at, last) = step_of(&deal);
    assert_eq!(at, 0, "{}", message_text(&deal));
    assert!(last > 10, "a whole game: {last} moves");
    let deal_picture = picture_name(&deal);
    let ids = custom_ids(&deal);
    assert!(ids.iter().all(|id| id.len() <= 100), "{ids:?}");
    assert!(ids.iter().any(|id| id.starts_with("rp1:j:")), "{ids:?}");

    // ▶ one move, ⏭ to the end, ⏮ back to the deal.
    let next = {
        let id = custom_ids(&deal)
            .into_iter()
            .find(|id| id.starts_with("rp1:g:") && id.ends_with(":n"))
            .unwrap();
        let answer = fake
            .wait_answer(fake.click_on(ANN, "en-US", deal.clone(), &id))
            .await;
        private_message(&answer)
    };
    assert_eq!(step_of(&next), (1, last), "{}", message_text(&next));
    let end_id = custom_ids(&next)
        .into_iter()
        .find(|id| id.ends_with(":l"))
        .unwrap();
    let end = private_message(
        &fake
            .wait_answer(fake.click_on(ANN, "en-US", next.clone(), &end_id))
            .await,
    );
    assert_eq!(step_of(&end), (last, last), "{}", message_text(&end));
    let first_id = custom_ids(&end)
        .into_iter()
        .find(|id| id.ends_with(":f"))
        .unwrap();
    let back = private_message(
        &fake
            .wait_answer(fake.click_on(ANN, "en-US", end.clone(), &first_id))
            .await,
    );
    assert_eq!(step_of(&back).0, 0);
    assert_eq!(
        picture_name(&back),
        deal_picture,
        "the same deal, drawn alike"
    );

    // The select jumps to a round: its options fit Discord's 25.
    let select = find_id(&back, "rp1:j:").unwrap();
    let menu = back["components"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|r| r["components"].as_array().unwrap().clone())
        .find(|c| c["custom_id"] == json!(select))
        .unwrap();
    let options = menu["options"].as_array().unwrap();
    assert!((2..=25).contains(&options.len()), "{menu}");
    let target: String = options[options.len() / 2]["value"]
        .as_str()
        .unwrap()
        .to_string();
    let jumped = private_message(
        &fake
            .wait_answer(fake.select_on(
                ANN,
                "en-US",
                back.clone(),
                &select,
                std::slice::from_ref(&target),
            ))
            .await,
    );
    let mid = step_of(&jumped).0;
    assert_eq!(mid.to_string(), target, "{}", message_text(&jumped));

    // Share: the step in the channel, from the public view only: its
    // picture is not the private one (which holds Ann's hand), and no AI
    // advice (which would tell her hand) is in it.
    let private_picture = picture_name(&jumped);
    let before = fake.channel_messages(CHANNEL_ID).len();
    let share = find_id(&jumped, "rp1:s:").unwrap();
    let shared = fake
        .wait_answer(fake.click_on(ANN, "en-US", jumped.clone(), &share))
        .await;
    assert!(
        shared.text().contains("Posted in the channel"),
        "{}",
        shared.text()
    );
    fake.wait_for("the shared step", 20, |f| {
        f.channel_messages(CHANNEL_ID).len() > before
    })
    .await;
    let post = fake.channel_messages(CHANNEL_ID).last().cloned().unwrap();
    let text = message_text(&post);
    assert!(text.contains(&format!("Shared by <@{ANN}>")), "{text}");
    assert!(text.contains(&format!("Move {mid} of {last}")), "{text}");
    assert!(!text.contains("🤖"), "{text}");
    let files = attachments(&post);
    assert_eq!(files.len(), 1, "{post}");
    assert_ne!(files[0]["filename"].as_str().unwrap(), private_picture);
    assert!(
        custom_ids(&post).is_empty(),
        "a shared step has no controls"
    );

    // The record, as a JSON file: `paiju replay` reads it to the end.
    let file = press(&fake, &jumped, "rp1:f:").await;
    let files = attachments(&file);
    assert_eq!(files.len(), 1, "{file}");
    assert_eq!(
        files[0]["filename"].as_str().unwrap(),
        format!("paiju-game-{game}.json")
    );
    let record = files[0]["text"].as_str().expect("the record's text");
    let (verdict, closed) = paiju::registry::replay_text(record).expect("a record");
    assert!(!closed);
    let verdict = verdict.to_json();
    assert_eq!(verdict["ok"], json!(true), "{verdict}");
    assert_eq!(verdict["finished"], json!(true), "{verdict}");
    let moves = serde_json::from_str::<Value>(record).unwrap()["actions"]
        .as_array()
        .unwrap()
        .len();
    assert_eq!(moves, last, "the replay steps through every move");

    // The bot restarts: the replay's buttons work on.
    fake.assert_within_limits();
    bot.stop();
    let bot = BotProcess::start(&fake.api_url(), dir.path(), &env);
    fake.wait_ready(2).await;
    let next_id = custom_ids(&jumped)
        .into_iter()
        .find(|id| id.ends_with(":n"))
        .unwrap();
    let after = private_message(
        &fake
            .wait_answer(fake.click_on(ANN, "en-US", jumped.clone(), &next_id))
            .await,
    );
    assert_eq!(step_of(&after), (mid + 1, last), "{}", message_text(&after));
    // /replay opens it too, by its number.
    let by_number = fake
        .wait_answer(fake.command(
            ANN,
            "zh-CN",
            "replay",
            json!([{ "name": "game", "type": 4, "value": game }]),
        ))
        .await;
    assert!(by_number.is_ephemeral());
    let text = by_number.text();
    assert!(text.contains("复盘") && text.contains("发牌"), "{text}");
    fake.assert_within_limits();
    bot.stop();
}
