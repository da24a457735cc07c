//! The real bot against a fake Discord: connect, register commands, answer
//! interactions, refuse what must be refused privately.

mod support;

use serde_json::json;
use support::bot::BotProcess;
use support::fake_discord::FakeDiscord;

const ANN: u64 = 100_000_000_000_000_001;

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

    let status = bot.stop();
    assert!(status.success() || status.code().is_none(), "{status:?}");
}
