//! The real bot against a fake Discord: connect, register commands, answer
//! interactions, refuse what must be refused privately.

mod support;

use serde_json::json;
use support::bot::BotProcess;
use support::fake_discord::FakeDiscord;

const ANN: u64 = 100_000_000_000_000_001;
const BOB: u64 = 100_000_000_000_000_002;
/// Ends in 9: the fake gives this member every permission (Manage Server).
const ADMIN: u64 = 100_000_000_000_000_009;

fn user_opt(name: &str, id: u64) -> serde_json::Value {
    json!({ "name": name, "type": 6, "value": id.to_string() })
}

fn int_opt(name: &str, v: i64) -> serde_json::Value {
    json!({ "name": name, "type": 4, "value": v })
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn smoke_connects_registers_and_answers() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let bot = BotProcess::start(&fake.api_url(), dir.path(), &[]);
    fake.wait_ready(1).await;

    // Commands were registered globally, with Chinese names.
    let reqs = fake.requests();
    assert!(reqs
        .iter()
        .any(|r| r.method == "GET" && r.path.starts_with("/api/v10/gateway")));
    assert!(reqs.iter().any(|r| r.method == "PUT"
        && r.path.ends_with("/commands")
        && !r.path.contains("/guilds/")));
    let cmds = fake.commands();
    let ddz = cmds
        .iter()
        .find(|c| c["name"] == "dou-dizhu")
        .expect("dou-dizhu registered");
    assert_eq!(ddz["name_localizations"]["zh-CN"], "斗地主");

    // /dou-dizhu rules answers privately, in the member's language.
    let id = fake.command(
        ANN,
        "zh-CN",
        "dou-dizhu",
        json!([{ "name": "rules", "type": 1, "options": [] }]),
    );
    let answer = fake.wait_answer(id).await;
    assert!(answer.is_ephemeral(), "{answer:?}");
    assert!(answer.text().contains("斗地主"), "{}", answer.text());

    let id = fake.command(
        ANN,
        "en-US",
        "dou-dizhu",
        json!([{ "name": "rules", "type": 1, "options": [] }]),
    );
    let answer = fake.wait_answer(id).await;
    assert!(
        answer.text().contains("Fight the Landlord"),
        "{}",
        answer.text()
    );

    // /chips: balance (the starting grant) and the leaderboard.
    let id = fake.command(ANN, "en-US", "chips", json!([]));
    let answer = fake.wait_answer(id).await;
    let text = answer.text();
    assert!(
        text.contains(&format!("<@{ANN}> has 1000 chips.")),
        "{text}"
    );
    assert!(text.contains("Leaderboard"), "{text}");
    assert!(text.contains("Your rank: #1"), "{text}");

    // /give moves chips; /give to oneself and a bad amount are refused privately.
    let id = fake.command(
        ANN,
        "en-US",
        "give",
        json!([user_opt("user", BOB), int_opt("amount", 150)]),
    );
    let text = fake.wait_answer(id).await.text();
    assert!(text.contains("You gave 150 chips"), "{text}");
    assert!(text.contains("Your balance: 850"), "{text}");
    let id = fake.command(
        ANN,
        "en-US",
        "give",
        json!([user_opt("user", ANN), int_opt("amount", 5)]),
    );
    let answer = fake.wait_answer(id).await;
    assert!(
        answer.is_ephemeral() && answer.text().contains("yourself"),
        "{answer:?}"
    );
    let id = fake.command(
        ANN,
        "zh-CN",
        "give",
        json!([user_opt("user", BOB), int_opt("amount", -5)]),
    );
    let answer = fake.wait_answer(id).await;
    assert!(
        answer.is_ephemeral() && answer.text().contains("整数"),
        "{answer:?}"
    );

    // /daily once, then the cooldown refuses privately.
    let id = fake.command(BOB, "en-US", "daily", json!([]));
    let text = fake.wait_answer(id).await.text();
    assert!(text.contains("Your balance: 1350"), "{text}");
    let id = fake.command(BOB, "en-US", "daily", json!([]));
    let answer = fake.wait_answer(id).await;
    assert!(
        answer.is_ephemeral() && answer.text().contains("already claimed"),
        "{answer:?}"
    );

    // /chips-admin: needs Manage Server.
    let grant = json!([{ "name": "grant", "type": 1, "options": [user_opt("user", ANN), int_opt("amount", 1000)] }]);
    let id = fake.command(BOB, "en-US", "chips-admin", grant.clone());
    let answer = fake.wait_answer(id).await;
    assert!(
        answer.is_ephemeral() && answer.text().contains("Manage Server"),
        "{answer:?}"
    );
    let id = fake.command(ADMIN, "en-US", "chips-admin", grant);
    let text = fake.wait_answer(id).await.text();
    assert!(text.contains("Their balance: 1850"), "{text}");
    let revoke = json!([{ "name": "revoke", "type": 1, "options": [user_opt("user", ANN), int_opt("amount", 50)] }]);
    let id = fake.command(ADMIN, "en-US", "chips-admin", revoke);
    let text = fake.wait_answer(id).await.text();
    assert!(text.contains("Their balance: 1800"), "{text}");

    // /stats and /history answer even before any game.
    let id = fake.command(ANN, "zh-CN", "stats", json!([]));
    assert!(fake.wait_answer(id).await.text().contains("还没有玩过"));
    let id = fake.command(ANN, "en-US", "history", json!([]));
    assert!(fake.wait_answer(id).await.text().contains("No games"));

    // Nothing was posted in the channel: chip replies are interaction answers.
    let channel_msgs = fake.channel_messages(support::fake_discord::CHANNEL_ID);
    assert!(channel_msgs.is_empty(), "{channel_msgs:?}");

    // Clicks on buttons the bot does not know (an old build's, or a table
    // that is gone) are refused privately, never acted on.
    let old = json!({
        "id": "555", "channel_id": support::fake_discord::CHANNEL_ID.to_string(),
        "author": support::fake_discord::user_json(support::fake_discord::BOT_USER_ID, Some("paiju")),
        "content": "", "timestamp": "2026-01-01T00:00:00.000000+00:00", "edited_timestamp": null,
        "tts": false, "mention_everyone": false, "mentions": [], "mention_roles": [],
        "attachments": [], "embeds": [], "pinned": false, "type": 0, "components": [],
    });
    let id = fake.click_on(ANN, "en-US", old.clone(), "something-else:1");
    let answer = fake.wait_answer(id).await;
    assert!(
        answer.is_ephemeral() && answer.text().contains("earlier moment"),
        "{answer:?}"
    );
    let id = fake.click_on(ANN, "zh-CN", old, "pj1:join:1:0");
    let answer = fake.wait_answer(id).await;
    assert!(
        answer.is_ephemeral() && answer.text().contains("没有牌桌"),
        "{answer:?}"
    );

    // Every interaction got exactly one callback.
    for i in fake.interactions() {
        assert!(i.callback.is_some(), "interaction {} unanswered", i.id);
    }

    let status = bot.stop();
    assert!(status.success() || status.code().is_none(), "{status:?}");

    // The chips are in the database the bot created.
    let db = format!("sqlite://{}", dir.path().join("paiju.db").display());
    let ledger = paiju::ledger::Ledger::open_existing(&db).await.unwrap();
    let server = support::fake_discord::GUILD_ID;
    assert_eq!(ledger.balance(server, ANN).await.unwrap(), 1800);
    assert_eq!(ledger.balance(server, BOB).await.unwrap(), 1350);
    assert!(ledger.verify().await.unwrap().is_clean());
}

#[test]
fn without_a_token_the_bot_explains_how_to_get_one() {
    let dir = tempfile::tempdir().unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_paiju"))
        .current_dir(dir.path())
        .env_clear()
        .env("PATH", std::env::var("PATH").unwrap_or_default())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("DISCORD_TOKEN") && err.contains("paiju play dou-dizhu"),
        "{err}"
    );
    assert!(
        !dir.path().join("paiju.db").exists(),
        "no database without a bot"
    );
}
