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

/// With `[ratings] season_days`, a season that came due ends by itself —
/// here as the bot starts, on rated games played three days ago: its final
/// ladder is posted in the channel of the server's last rated game, named
/// with the config's own tier names and without a member who left the
/// server; `/ladder` leaves that member out too, and places the others
/// 1, 2.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_season_that_came_due_ends_by_itself_without_who_left() {
    use paiju::ledger::{Contest, Ledger, LedgerConfig, NewGame, RatingsConfig, Settlement};
    use support::fake_discord::{CHANNEL_ID, GUILD_ID};

    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let titles: Vec<String> = (0..16).map(|i| format!("\"Rank{i}\"")).collect();
    std::fs::write(
        dir.path().join("config.toml"),
        format!(
            "[ratings]\nprovisional_games = 1\nseason_days = 2\n\n\
             [ratings.tier_names.titles]\nen-US = [{}]\n",
            titles.join(", ")
        ),
    )
    .unwrap();

    // Three rated Dou Dizhu games in the bot's database, the landlord
    // (Ann, Bob, Cat in turn) winning each.
    let url = format!("sqlite://{}", dir.path().join("paiju.db").display());
    let ledger = Ledger::open(&url, LedgerConfig::default())
        .await
        .unwrap()
        .with_ratings(RatingsConfig {
            provisional_games: 1,
            ..RatingsConfig::default()
        });
    for landlord in 0..3 {
        let game = ledger
            .create_game(NewGame {
                server: GUILD_ID,
                channel: CHANNEL_ID,
                kind: "dou-dizhu".into(),
                options: json!({}),
                seats: vec![Some(ANN), Some(BOB), Some(CAT)],
                stake: 1,
            })
            .await
            .unwrap();
        let deltas: Vec<i64> = (0..3).map(|s| if s == landlord { 2 } else { -1 }).collect();
        let farmers = (0..3).filter(|&s| s != landlord).collect();
        let contest = Contest::sides_by_chips(vec![landlord], farmers, &deltas);
        ledger
            .settle_rated(
                game,
                Settlement {
                    deltas,
                    rake_percent: 0,
                    record: json!({}),
                    winners: vec![landlord],
                },
                Some(contest),
            )
            .await
            .unwrap();
    }
    drop(ledger);
    // Played three days ago: the two-day season is over.
    let pool = sqlx::SqlitePool::connect(&url).await.unwrap();
    sqlx::query("UPDATE rated_games SET finished_at = finished_at - 3 * 86400")
        .execute(&pool)
        .await
        .unwrap();
    pool.close().await;

    // Bob has left the server.
    fake.leave_guilds(BOB);
    let _bot = BotProcess::start(&fake.api_url(), dir.path(), &[]);
    fake.wait_ready(1).await;
    fake.wait_for("the season's end in the channel", 30, |f| {
        f.channel_messages(CHANNEL_ID)
            .iter()
            .any(|m| message_text(m).contains("Season 1 is over"))
    })
    .await;
    let posted = fake
        .channel_messages(CHANNEL_ID)
        .into_iter()
        .find(|m| message_text(m).contains("Season 1 is over"))
        .unwrap();
    let text = message_text(&posted);
    assert!(text.contains("Dou Dizhu ladder — season 1"), "{text}");
    assert!(text.contains("Rank"), "the config's tier names: {text}");
    assert!(!text.contains(&BOB.to_string()), "Bob left: {text}");
    assert!(text.contains(&format!("<@{ANN}>")), "{text}");
    assert!(text.contains(&format!("<@{CAT}>")), "{text}");
    assert!(text.contains("1. <@") && text.contains("2. <@"), "{text}");
    assert!(!text.contains("3. <@"), "{text}");

    // The kept final ladder, asked for: Bob is not listed either.
    let id = fake.command(
        ANN,
        "en-US",
        "ladder",
        json!([
            { "name": "game", "type": 4, "value": 0 },
            { "name": "season", "type": 4, "value": 1 }
        ]),
    );
    let ladder = fake.wait_answer(id).await;
    let text = ladder.text();
    assert!(ladder.is_ephemeral(), "{ladder:?}");
    assert!(text.contains("season 1"), "{text}");
    assert!(!text.contains(&BOB.to_string()), "{text}");
    assert!(
        text.contains("1. <@") && text.contains("2. <@") && !text.contains("3. <@"),
        "{text}"
    );
    // A page past the ladder's walk is refused with the limit.
    let id = fake.command(
        ANN,
        "en-US",
        "ladder",
        json!([
            { "name": "game", "type": 4, "value": 0 },
            { "name": "page", "type": 4, "value": 26 }
        ]),
    );
    let refused = fake.wait_answer(id).await;
    assert!(
        refused.is_ephemeral() && refused.text().contains("first 25 pages"),
        "{refused:?}"
    );
    // And season 2 runs.
    let status = json!([{ "name": "status", "type": 1, "options": [] }]);
    let id = fake.command(ADMIN, "en-US", "season", status);
    let s = fake.wait_answer(id).await;
    assert!(s.text().contains("Season 2"), "{s:?}");
}
