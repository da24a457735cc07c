//! Ratings on the fake Discord (issue #35): three members play a Dou Dizhu
//! game to its end; its result shows each seat's rating change and tier;
//! `/rank` answers privately, in English and Chinese; `/ladder` posts the
//! server's ladder when asked to; `/season status` is for Manage Server.

use crate::discord_e2e::{play_one_turn, result_message};
use crate::support;

use serde_json::json;
use support::bot::BotProcess;
use support::controls::{click_table, find_id, table_message, turn_user};
use support::fake_discord::{custom_ids, message_text, FakeDiscord};

const ANN: u64 = 100_000_000_000_000_001;
const BOB: u64 = 100_000_000_000_000_002;
const CAT: u64 = 100_000_000_000_000_003;
/// Ends in 9: the fake gives this member every permission (Manage Server).
const ADMIN: u64 = 100_000_000_000_000_009;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rated_game_shows_rating_changes_and_rank_and_ladder() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    // Settled after one game, so the result names a tier.
    std::fs::write(
        dir.path().join("config.toml"),
        "[ratings]\nprovisional_games = 1\n",
    )
    .unwrap();
    let env = [
        ("PAIJU_TIMERS_AI_DELAY_MS", "0"),
        ("PAIJU_TIMERS_BID_SECS", "900"),
        ("PAIJU_TIMERS_PLAY_SECS", "900"),
    ];
    let _bot = BotProcess::start(&fake.api_url(), dir.path(), &env);
    fake.wait_ready(1).await;

    // Before any game: nothing to rank.
    let id = fake.command(ANN, "en-US", "rank", json!([]));
    let empty = fake.wait_answer(id).await;
    assert!(
        empty.is_ephemeral() && empty.text().contains("no rated game"),
        "{empty:?}"
    );

    let start = json!([{ "name": "start", "type": 1, "options": [
        { "name": "stake", "type": 4, "value": 10 }
    ] }]);
    let id = fake.command(ANN, "en-US", "dou-dizhu", start);
    fake.wait_answer(id).await;
    fake.wait_for("the table message", 20, |f| table_message(f).is_some())
        .await;
    let lobby = table_message(&fake).unwrap();
    let join = find_id(&lobby, "pj1:join:").unwrap();
    for user in [BOB, CAT] {
        click_table(&fake, user, &join).await;
    }
    fake.wait_for("three seated", 20, |f| {
        table_message(f).is_some_and(|m| message_text(&m).contains(&format!("3. <@{CAT}>")))
    })
    .await;
    click_table(&fake, ANN, &find_id(&lobby, "pj1:start:").unwrap()).await;
    fake.wait_for("the bidding buttons", 20, |f| {
        table_message(f).is_some_and(|m| find_id(&m, "pj1:bid:").is_some())
    })
    .await;
    // The first bidder bids 3 and is the landlord.
    let table = table_message(&fake).unwrap();
    let bidder = turn_user(&table).unwrap();
    let bid3 = custom_ids(&table)
        .into_iter()
        .find(|i| i.starts_with("pj1:bid:") && i.ends_with(":3"))
        .unwrap();
    click_table(&fake, bidder, &bid3).await;
    fake.wait_for("the landlord", 20, |f| {
        table_message(f).is_some_and(|m| message_text(&m).contains("Landlord:"))
    })
    .await;
    // Played to the end with the hints.
    for _ in 0..200 {
        if result_message(&fake).is_some() || !play_one_turn(&fake, false).await {
            break;
        }
    }
    fake.wait_for("the result", 30, |f| result_message(f).is_some())
        .await;
    let result = message_text(&result_message(&fake).unwrap());
    assert!(result.contains("Rating"), "{result}");
    for user in [ANN, BOB, CAT] {
        // "<@ann>: 1,0xx (+xx) — Farmhand (长工)" or the like.
        let line = result
            .lines()
            .find(|l| l.starts_with(&format!("<@{user}>: ")) && l.contains(" — "))
            .unwrap_or_else(|| panic!("no rating line for {user} in {result}"));
        assert!(line.contains("(+") || line.contains("(-"), "{line}");
    }

    // /rank: private, this game's tier, rating and one rated game.
    let id = fake.command(ANN, "en-US", "rank", json!([]));
    let rank = fake.wait_answer(id).await;
    let text = rank.text();
    assert!(rank.is_ephemeral(), "{rank:?}");
    assert!(
        text.contains("Dou Dizhu")
            && text.contains("1 rated games")
            && text.contains("this season"),
        "{text}"
    );
    let id = fake.command(BOB, "zh-CN", "rank", json!([]));
    let zh = fake.wait_answer(id).await.text();
    assert!(zh.contains("斗地主") && zh.contains("计分 1 局"), "{zh}");

    // /ladder: the three of them, in the channel when asked.
    let id = fake.command(
        CAT,
        "en-US",
        "ladder",
        json!([
            { "name": "game", "type": 4, "value": 0 },
            { "name": "public", "type": 5, "value": true }
        ]),
    );
    let ladder = fake.wait_answer(id).await;
    assert!(!ladder.is_ephemeral(), "{ladder:?}");
    let text = ladder.text();
    assert!(text.contains("Dou Dizhu ladder — season 1"), "{text}");
    for (place, _) in [1, 2, 3].iter().enumerate() {
        assert!(text.contains(&format!("{}. <@", place + 1)), "{text}");
    }
    // A season that has not been: refused, nothing changed.
    let id = fake.command(
        CAT,
        "en-US",
        "ladder",
        json!([
            { "name": "game", "type": 4, "value": 0 },
            { "name": "season", "type": 4, "value": 9 }
        ]),
    );
    let refused = fake.wait_answer(id).await;
    assert!(
        refused.is_ephemeral() && refused.text().contains("no season 9"),
        "{refused:?}"
    );

    // /season status, for Manage Server.
    let status = json!([{ "name": "status", "type": 1, "options": [] }]);
    let id = fake.command(ADMIN, "en-US", "season", status);
    let s = fake.wait_answer(id).await;
    assert!(
        s.text().contains("Season 1") && s.text().contains("1 rated games"),
        "{s:?}"
    );
}
