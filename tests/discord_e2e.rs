//! The real bot against a fake Discord: connect, register commands, answer
//! interactions, refuse what must be refused privately.

use crate::support;

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

    // Commands were registered globally, with Chinese names (the bot
    // registers them once it is ready: wait for it).
    fake.wait_for("the commands registered", 20, |f| f.registrations() > 0)
        .await;
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
    // The variants follow in a second private message (one message holds
    // at most 2000 characters), with the wild reading's `as:`.
    fake.wait_for("the variants' rules", 20, |f| {
        f.interaction(id).followups.iter().any(|m| {
            let text = message_text(m);
            m["flags"].as_u64().unwrap_or(0) & 64 == 64
                && text.contains("Two players")
                && text.contains("as:10")
                && text.contains("Discard three")
        })
    })
    .await;

    // /chips: one's balance (the starting grant) and rank, privately; the
    // leaderboard only when asked for, and then for the whole channel.
    let id = fake.command(ANN, "en-US", "chips", json!([]));
    let answer = fake.wait_answer(id).await;
    let text = answer.text();
    assert!(answer.is_ephemeral(), "{answer:?}");
    assert!(
        text.contains(&format!("<@{ANN}> has 1000 chips.")),
        "{text}"
    );
    assert!(text.contains("Your rank: #1"), "{text}");
    assert!(!text.contains("Leaderboard"), "{text}");
    let id = fake.command(
        ANN,
        "en-US",
        "chips",
        json!([{ "name": "leaderboard", "type": 5, "value": true }]),
    );
    let answer = fake.wait_answer(id).await;
    let text = answer.text();
    assert!(!answer.is_ephemeral(), "{answer:?}");
    assert!(text.contains("Leaderboard"), "{text}");
    assert!(text.contains("Your rank: #1"), "{text}");

    // Looking at a member who never used the bot opens no account (no
    // starting chips on someone else's say-so), and a gift to them is
    // refused privately until their own first command.
    let id = fake.command(ANN, "en-US", "chips", json!([user_opt("user", BOB)]));
    let text = fake.wait_answer(id).await.text();
    assert!(
        text.contains(&format!("<@{BOB}> has no chips account yet")),
        "{text}"
    );
    let id = fake.command(
        ANN,
        "en-US",
        "give",
        json!([user_opt("user", BOB), int_opt("amount", 150)]),
    );
    let answer = fake.wait_answer(id).await;
    assert!(
        answer.is_ephemeral() && answer.text().contains("no chips account yet"),
        "{answer:?}"
    );
    let id = fake.command(ANN, "en-US", "chips", json!([user_opt("user", BOB)]));
    let text = fake.wait_answer(id).await.text();
    assert!(text.contains("no chips account yet"), "{text}");
    // Bob's own first command opens his account.
    let id = fake.command(BOB, "en-US", "chips", json!([]));
    let text = fake.wait_answer(id).await.text();
    assert!(
        text.contains(&format!("<@{BOB}> has 1000 chips.")),
        "{text}"
    );

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
    // Issue #32: an interaction whose options do not fit the command (a
    // stale registration: text where a number goes, a required option
    // missing) got no answer at all; it is refused privately now, and
    // nothing moves.
    for options in [
        json!([user_opt("user", BOB), { "name": "amount", "type": 3, "value": "10" }]),
        json!([user_opt("user", BOB)]),
    ] {
        let id = fake.command(ANN, "en-US", "give", options.clone());
        let answer = fake.wait_answer(id).await;
        assert!(
            answer.is_ephemeral() && answer.text().contains("wrong kind"),
            "{options}: {answer:?}"
        );
    }

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
    // Taking back more than the member has names the member's balance, not
    // the admin's; nothing moves.
    let revoke = json!([{ "name": "revoke", "type": 1, "options": [user_opt("user", ANN), int_opt("amount", 5000)] }]);
    let id = fake.command(ADMIN, "en-US", "chips-admin", revoke);
    let answer = fake.wait_answer(id).await;
    let text = answer.text().replace(['\u{2068}', '\u{2069}'], "");
    assert!(answer.is_ephemeral(), "{answer:?}");
    assert!(
        text.contains(&format!(
            "<@{ANN}> has only 1800 chips: 5000 cannot be taken back"
        )),
        "{text}"
    );
    assert!(!text.contains("You only have"), "{text}");

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

    let log_path = bot.log.clone();
    let status = bot.stop();
    assert!(status.success() || status.code().is_none(), "{status:?}");
    // The log went to a file: plain text, no terminal colour codes.
    let log = std::fs::read_to_string(log_path).unwrap();
    assert!(log.contains("INFO") || log.contains("DEBUG"), "{log}");
    assert!(!log.contains('\u{1b}'), "colour codes in the log file");

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

const CAT: u64 = 100_000_000_000_000_003;

use serde_json::Value;
use support::controls::{click_table, find_id, id_of, table_message, turn_user};
use support::fake_discord::{
    attachments, check_uploads, custom_ids, message_text, picture, private_message, CHANNEL_ID,
};

pub(crate) fn result_message(fake: &FakeDiscord) -> Option<Value> {
    fake.channel_messages(CHANNEL_ID)
        .into_iter()
        .find(|m| custom_ids(m).iter().any(|id| id.starts_with("pj1:again:")))
}

fn hand_of(record: &Value, seat: usize) -> Vec<paiju::cards::Card> {
    record["deal"]["hands"][seat]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c.as_str().unwrap().parse().unwrap())
        .collect()
}

/// The members a table message names (its seats, its log), the one it
/// shows to act first.
fn members_named(m: &Value) -> Vec<u64> {
    let text = message_text(m);
    let mut out: Vec<u64> = turn_user(m).into_iter().collect();
    for part in text.split("<@").skip(1) {
        let id: String = part.chars().take_while(char::is_ascii_digit).collect();
        if let Ok(id) = id.parse() {
            if !out.contains(&id) {
                out.push(id);
            }
        }
    }
    out
}

/// Plays one turn of whoever is to act, through "My hand", Hint and Play
/// (or Pass), or by typing `/play` when `typed`. Returns false once no table
/// message with a turn is left (the game is over).
///
/// Whose turn it is each member learns from their own hand view ("My
/// hand", private): the table message is edited at most 5 times in 5 s,
/// as Discord allows, so while members play faster it shows a state a few
/// moves old (never one that is wrong for long).
pub(crate) async fn play_one_turn(fake: &FakeDiscord, typed: bool) -> bool {
    play_turn(fake, typed, false).await
}

/// [`play_one_turn`]; with `twice`, Play is clicked a second time on the
/// same (now outdated) hand view, as a double click does.
async fn play_turn(fake: &FakeDiscord, typed: bool, twice: bool) -> bool {
    let until = std::time::Instant::now() + std::time::Duration::from_secs(20);
    let (user, view) = loop {
        let Some(msg) = table_message(fake) else {
            return false;
        };
        let Some(hand_id) = find_id(&msg, "pj1:hand:") else {
            return false;
        };
        let mut turn = None;
        for user in members_named(&msg) {
            let view = click_table(fake, user, &hand_id).await;
            assert!(view.is_ephemeral(), "{view:?}");
            if view.text().contains("It is your turn") {
                turn = Some((user, view));
                break;
            }
        }
        if let Some(turn) = turn {
            break turn;
        }
        // Between two turns (the computer's, or the game's end).
        if result_message(fake).is_some() {
            return false;
        }
        assert!(
            std::time::Instant::now() < until,
            "no member's turn: {}",
            message_text(&msg)
        );
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    };
    let hand_msg = private_message(&view);
    if find_id(&hand_msg, "pj1:hint:").is_none() {
        // 要不起: nothing beats the play, and Pass is the only control.
        let pass = find_id(&hand_msg, "pj1:pass:").unwrap();
        let done = fake.click_on(user, "en-US", hand_msg, &pass);
        let answer = fake.wait_answer(done).await;
        assert!(answer.text().contains("You passed"), "{answer:?}");
        return true;
    }
    let hint = fake.click_on(
        user,
        "en-US",
        hand_msg.clone(),
        &find_id(&hand_msg, "pj1:hint:").unwrap(),
    );
    let hinted = fake.wait_answer(hint).await;
    // A hint that picks cards redraws the view with them raised (an update
    // with the new picture); one that picks none keeps the picture (an
    // acknowledgement, then an edit without files).
    let kind = &hinted.callback.as_ref().unwrap()["type"];
    assert!(*kind == 7 || *kind == 6, "{hinted:?}");
    let hinted_msg = private_message(&hinted);
    let play = find_id(&hinted_msg, "pj1:play:").unwrap();
    let cards = play.rsplit(':').next().unwrap().to_string();
    let has_cards = play.split(':').count() == 5 && !cards.is_empty();
    let done = if !has_cards {
        let pass = find_id(&hinted_msg, "pj1:pass:").unwrap();
        fake.click_on(user, "en-US", hinted_msg, &pass)
    } else if typed {
        let spaced: Vec<String> = (0..cards.len())
            .step_by(2)
            .map(|i| cards[i..i + 2].to_string())
            .collect();
        fake.command(
            user,
            "en-US",
            "play",
            json!([{ "name": "cards", "type": 3, "value": spaced.join(" ") }]),
        )
    } else {
        fake.click_on(user, "en-US", hinted_msg, &play)
    };
    let answer = fake.wait_answer(done).await;
    let text = answer.text();
    assert!(
        text.contains("You played") || text.contains("You passed"),
        "{answer:?}"
    );
    if twice && has_cards && !typed {
        // The second click of a double click: nothing is played, and the
        // private view is redrawn as it is now, saying why.
        let again = fake.click_on(user, "en-US", private_message(&hinted), &play);
        let again = fake.wait_answer(again).await;
        assert_eq!(again.callback.as_ref().unwrap()["type"], 7, "{again:?}");
        let text = again.text();
        assert!(
            text.contains("out of date") && text.contains("Your hand"),
            "{text}"
        );
        assert!(!text.contains("current table message"), "{text}");
    }
    true
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn three_players_play_dou_dizhu_to_the_end_across_a_restart() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let env = [
        ("PAIJU_TIMERS_AI_DELAY_MS", "0"),
        ("PAIJU_TIMERS_BID_SECS", "900"),
        ("PAIJU_TIMERS_PLAY_SECS", "900"),
    ];
    let bot = BotProcess::start(&fake.api_url(), dir.path(), &env);
    fake.wait_ready(1).await;
    fake.close_dms(CAT);

    // Ann opens a table; the table message appears with the lobby buttons.
    let start = json!([{ "name": "start", "type": 1, "options": [int_opt("stake", 10)] }]);
    let id = fake.command(ANN, "en-US", "dou-dizhu", start);
    let answer = fake.wait_answer(id).await;
    assert!(answer.is_ephemeral(), "{answer:?}");
    fake.wait_for("the table message", 20, |f| table_message(f).is_some())
        .await;
    let lobby = table_message(&fake).unwrap();
    assert!(
        message_text(&lobby).contains("Dou Dizhu · stake 10"),
        "{lobby}"
    );
    // What a seat must hold is shown: the stake × 6 (a bid of 3 lost to
    // both farmers).
    assert!(
        message_text(&lobby).contains("Each seat needs at least 60 chips"),
        "{lobby}"
    );
    let join = find_id(&lobby, "pj1:join:").unwrap();
    for user in [BOB, CAT] {
        let a = click_table(&fake, user, &join).await;
        assert_eq!(a.callback.as_ref().unwrap()["type"], 6, "{a:?}");
    }
    fake.wait_for("three seated", 20, |f| {
        table_message(f).is_some_and(|m| message_text(&m).contains(&format!("3. <@{CAT}>")))
    })
    .await;

    // Only the host starts.
    let start_id = find_id(&lobby, "pj1:start:").unwrap();
    let refused = click_table(&fake, BOB, &start_id).await;
    assert!(
        refused.is_ephemeral() && refused.text().contains("Only the host"),
        "{refused:?}"
    );
    let started = click_table(&fake, ANN, &start_id).await;
    assert_eq!(started.callback.as_ref().unwrap()["type"], 6, "{started:?}");
    fake.wait_for("the bidding buttons", 20, |f| {
        table_message(f).is_some_and(|m| find_id(&m, "pj1:bid:").is_some())
    })
    .await;

    // Hands: Ann and Bob by DM, exactly their 17 cards; Cat's DMs are
    // closed, so the channel says so (without the hand) and "My hand" works.
    let db = format!("sqlite://{}", dir.path().join("paiju.db").display());
    let ledger = paiju::ledger::Ledger::open_existing(&db).await.unwrap();
    let games = ledger.unfinished_games().await.unwrap();
    assert_eq!(games.len(), 1);
    let record = games[0].snapshot.clone().unwrap();
    let hands: Vec<Vec<paiju::cards::Card>> = (0..3).map(|s| hand_of(&record, s)).collect();
    fake.wait_for("hand DMs", 20, |f| {
        !f.dm_messages(ANN).is_empty() && !f.dm_messages(BOB).is_empty()
    })
    .await;
    for (seat, user) in [(0, ANN), (1, BOB)] {
        let dms = fake.dm_messages(user);
        assert_eq!(dms.len(), 1, "{dms:?}");
        // The hand's picture, the text kept with it below: in an embed,
        // since a message's own text shows above its attachments.
        picture(&dms[0], "hand-");
        assert_eq!(dms[0]["content"], "", "{}", dms[0]);
        let text = message_text(&dms[0]);
        assert!(text.contains("Your hand (17 cards)"), "{text}");
        for &card in &hands[seat] {
            let shown = paiju::i18n::render_card(paiju::i18n::Lang::EnUs, card);
            assert!(text.contains(&shown), "{shown} missing from {text}");
        }
    }
    fake.wait_for("the DM notice", 20, |f| {
        f.channel_messages(CHANNEL_ID).iter().any(|m| {
            let t = message_text(m);
            t.contains(&format!("<@{CAT}>")) && t.contains("does not accept direct messages")
        })
    })
    .await;
    let table = table_message(&fake).unwrap();
    let cat_hand = click_table(&fake, CAT, &find_id(&table, "pj1:hand:").unwrap()).await;
    assert!(cat_hand.is_ephemeral(), "{cat_hand:?}");
    assert!(
        cat_hand.text().contains("Your hand (17 cards)"),
        "{cat_hand:?}"
    );
    let cat_view = private_message(&cat_hand);
    picture(&cat_view, "hand-");
    assert_eq!(cat_view["content"], "", "{cat_view}");

    // Bidding: a seat that is not to bid is refused privately; the seat to
    // bid bids 3 and becomes the landlord; the old button is then stale.
    let bidder = turn_user(&table).unwrap();
    let other = [ANN, BOB, CAT].into_iter().find(|u| *u != bidder).unwrap();
    let bid3 = find_id(&table, "pj1:bid:").filter(|_| true).unwrap();
    let bid3 = custom_ids(&table)
        .into_iter()
        .find(|i| i.starts_with("pj1:bid:") && i.ends_with(":3"))
        .unwrap_or(bid3);
    let wrong = click_table(&fake, other, &bid3).await;
    assert!(
        wrong.is_ephemeral() && wrong.text().contains("not your turn"),
        "{wrong:?}"
    );
    let ok = click_table(&fake, bidder, &bid3).await;
    assert_eq!(ok.callback.as_ref().unwrap()["type"], 6, "{ok:?}");
    fake.wait_for("the landlord", 20, |f| {
        table_message(f).is_some_and(|m| message_text(&m).contains("Landlord:"))
    })
    .await;
    let stale = click_table(&fake, bidder, &bid3).await;
    assert!(
        stale.is_ephemeral() && stale.text().contains("earlier moment"),
        "{stale:?}"
    );
    // In play the bids leave the seat lines, and nothing on the table
    // says who leads a new round.
    let playing = message_text(&table_message(&fake).unwrap());
    assert!(
        !playing.contains(" · Bid ") && !playing.contains(" · Pass ·"),
        "{playing}"
    );
    assert!(
        playing.contains(&format!("New round: <@{bidder}> leads, <t:")),
        "{playing}"
    );
    // One line says who leads: not also "to lead".
    assert!(
        !playing.contains("to lead") && playing.matches("New round").count() == 1,
        "{playing}"
    );
    assert!(!playing.contains("none yet"), "{playing}");
    // A typed word that is no card is quoted whole.
    let id = fake.command(
        bidder,
        "en-US",
        "play",
        json!([{ "name": "cards", "type": 3, "value": "xyz" }]),
    );
    let refused = fake.wait_answer(id).await;
    assert!(
        refused.is_ephemeral() && refused.text().contains("“xyz” is not a card"),
        "{refused:?}"
    );
    // Issue #32: ~2,000 typed characters got no answer (the refusal quoting
    // them passed Discord's limit). The option has a max_length, and a
    // request past it is refused without quoting it.
    let play = fake
        .commands()
        .into_iter()
        .find(|c| c["name"] == "play")
        .expect("/play registered");
    assert_eq!(play["options"][0]["max_length"], 300, "{play}");
    let id = fake.command(
        bidder,
        "en-US",
        "play",
        json!([{ "name": "cards", "type": 3, "value": "3".repeat(2500) }]),
    );
    let refused = fake.wait_answer(id).await;
    assert!(
        refused.is_ephemeral() && refused.text().contains("at most 300"),
        "{refused:?}"
    );
    assert!(refused.text().chars().count() <= 2000);

    // The table message shows the kitty and plays as its picture, above
    // the embed (which does not name it, so an edit of the words leaves it).
    let table = table_message(&fake).unwrap();
    let pic = picture(&table, "table-");
    assert!(table["embeds"][0].get("image").is_none(), "{table}");

    // A few turns, one of them typed. A play changes the picture.
    for turn in 0..4 {
        assert!(play_turn(&fake, turn == 1, turn == 0).await);
        if turn == 0 {
            // Drawn once the channel's edits bucket has room.
            fake.wait_for("the play drawn on the table's picture", 20, |f| {
                table_message(f).is_some_and(|m| {
                    attachments(&m).len() == 1
                        && picture(&m, "table-")["filename"] != pic["filename"]
                })
            })
            .await;
        }
    }
    // A hand DM's picture changes once a member whose DMs are open plays
    // cards. When is the deal's doing: Cat (DMs closed) may be the landlord
    // and lead while the others pass, so play on until one has.
    for _ in 0..30 {
        if check_uploads(&fake, "hand-").replaced >= 1 {
            break;
        }
        assert!(play_turn(&fake, false, false).await);
    }
    // Changed pictures were sent with their edits, and no edit sent the
    // picture its message already had (every turn moves the gold badge, so
    // here each table edit has a new picture).
    // (The table message's and the DMs' last edits may follow the last
    // answer.)
    fake.wait_for("a replaced table picture and hand picture", 20, |f| {
        check_uploads(f, "table-").replaced >= 1 && check_uploads(f, "hand-").replaced >= 1
    })
    .await;
    let tables = check_uploads(&fake, "table-");
    assert!(tables.uploaded >= 2 && tables.replaced >= 1, "{tables:?}");
    let dms = check_uploads(&fake, "hand-");
    assert!(dms.uploaded >= 2 && dms.replaced >= 1, "{dms:?}");

    // Restart mid-game: the game resumes and its table message is posted again.
    let before = fake.channel_messages(CHANNEL_ID).len();
    let old_table = id_of(&table_message(&fake).unwrap());
    let requests_before = fake.requests().len();
    let status = bot.stop();
    assert!(status.success() || status.code().is_none(), "{status:?}");
    let bot = BotProcess::start(&fake.api_url(), dir.path(), &env);
    fake.wait_ready(2).await;
    fake.wait_for("the table message re-posted", 30, |f| {
        f.channel_messages(CHANNEL_ID).len() > before
            && table_message(f).is_some_and(|m| id_of(&m) != old_table)
    })
    .await;
    // Issue #17 item 13: the old table message keeps no working control
    // beside the new one, and says where the game went on.
    let new_table = id_of(&table_message(&fake).unwrap());
    let retired = fake.message(old_table).unwrap();
    fake.wait_for("the old table message retired", 20, |f| {
        f.message(old_table)
            .is_some_and(|m| custom_ids(&m).is_empty())
    })
    .await;
    let retired_text = message_text(&fake.message(old_table).unwrap());
    assert!(
        retired_text.contains("goes on in a new message")
            && retired_text.contains(&format!("/{CHANNEL_ID}/{new_table}")),
        "{retired_text} (was {retired})"
    );
    assert!(attachments(&fake.message(old_table).unwrap()).is_empty());
    // The old hand DMs are edited to the hands as they are now, not sent
    // again beside them.
    for user in [ANN, BOB] {
        fake.wait_for("the old DM edited after the restart", 20, |f| {
            let dms = f.dm_messages(user);
            let path = format!(
                "/channels/{}/messages/{}",
                dms[0]["channel_id"].as_str().unwrap(),
                dms[0]["id"].as_str().unwrap()
            );
            f.requests()[requests_before..]
                .iter()
                .any(|r| r.method == "PATCH" && r.path.ends_with(&path))
        })
        .await;
        let dms = fake.dm_messages(user);
        assert_eq!(dms.len(), 1, "{dms:?}");
        let mine = click_table(
            &fake,
            user,
            &find_id(&table_message(&fake).unwrap(), "pj1:hand:").unwrap(),
        )
        .await;
        let count = mine
            .text()
            .split("Your hand (")
            .nth(1)
            .and_then(|t| t.split(')').next())
            .map(str::to_string)
            .unwrap();
        let dm = message_text(&dms[0]);
        assert!(
            dm.contains(&format!("Your hand ({count})")),
            "{dm} / {count}"
        );
        picture(&dms[0], "hand-");
    }

    // Play on to the end.
    let mut turns = 0;
    while result_message(&fake).is_none() {
        if !play_one_turn(&fake, false).await {
            fake.wait_for("the result", 20, |f| result_message(f).is_some())
                .await;
            break;
        }
        turns += 1;
        assert!(turns < 200, "the game does not end");
    }
    let result = result_message(&fake).unwrap();
    let text = message_text(&result);
    assert!(text.contains(" win"), "{text}");
    assert!(text.contains("Multiplier ×"), "{text}");
    // Roles are written as on the table.
    assert!(
        text.contains("(Landlord)") && text.contains("(Farmer)"),
        "{text}"
    );
    for user in [ANN, BOB, CAT] {
        assert!(text.contains(&format!("<@{user}>")), "{text}");
    }

    // No channel message ever held a hand.
    for m in fake.channel_messages(CHANNEL_ID) {
        let t = message_text(&m);
        assert!(!t.contains("Your hand"), "{t}");
        for hand in &hands {
            let mut sorted = hand.clone();
            sorted.sort();
            let full = paiju::i18n::render_cards(paiju::i18n::Lang::EnUs, &sorted);
            assert!(!t.contains(&full), "a hand leaked: {t}");
        }
    }

    // /chips agrees with the database.
    let id = fake.command(ANN, "en-US", "chips", json!([]));
    let chips_text = fake.wait_answer(id).await.text();

    // Play again opens a new table hosted by whoever pressed it; a running
    // game stopped by a moderator is cancelled and moves no chips.
    let server = support::fake_discord::GUILD_ID;
    let again = find_id(&result, "pj1:again:").unwrap();
    let id = fake.click(BOB, "en-US", id_of(&result), &again);
    let replayed = fake.wait_answer(id).await;
    assert_eq!(
        replayed.callback.as_ref().unwrap()["type"],
        6,
        "{replayed:?}"
    );
    fake.wait_for("a new lobby", 20, |f| {
        table_message(f).is_some_and(|m| {
            find_id(&m, "pj1:join:").is_some()
                && message_text(&m).contains(&format!("Host: <@{BOB}>"))
        })
    })
    .await;
    let lobby = table_message(&fake).unwrap();
    click_table(&fake, ANN, &find_id(&lobby, "pj1:join:").unwrap()).await;
    click_table(&fake, BOB, &find_id(&lobby, "pj1:ai:").unwrap()).await;
    fake.wait_for("three seated again", 20, |f| {
        table_message(f).is_some_and(|m| message_text(&m).contains("3. AI 3"))
    })
    .await;
    let before: Vec<i64> = {
        let mut v = Vec::new();
        for u in [ANN, BOB] {
            v.push(ledger.balance(server, u).await.unwrap());
        }
        v
    };
    let started = click_table(&fake, BOB, &find_id(&lobby, "pj1:start:").unwrap()).await;
    assert_eq!(started.callback.unwrap()["type"], 6);
    fake.wait_for("the second game", 20, |f| {
        table_message(f).is_some_and(|m| find_id(&m, "pj1:hand:").is_some())
    })
    .await;
    let stop = json!([{ "name": "stop", "type": 1, "options": [] }]);
    let id = fake.command(ANN, "en-US", "dou-dizhu", stop.clone());
    let refused = fake.wait_answer(id).await;
    assert!(
        refused.is_ephemeral()
            && refused.text().contains(
                "Only a member with the Manage Server permission can stop a running game"
            ),
        "{refused:?}"
    );
    let id = fake.command(ADMIN, "en-US", "dou-dizhu", stop);
    let stopped = fake.wait_answer(id).await;
    assert!(stopped.text().contains("stopped"), "{stopped:?}");
    // The moderator's stop is logged with who did it.
    let log = bot.log_text();
    assert!(
        log.contains("stopped by a member with Manage Server") && log.contains(&ADMIN.to_string()),
        "{log}"
    );
    // The table says who stopped it (issue #32: it said only "The table
    // was closed; no chips moved.").
    let by = format!("<@{ADMIN}> (Manage Server) stopped the game");
    fake.wait_for("the closed table", 20, |f| {
        f.channel_messages(CHANNEL_ID)
            .iter()
            .any(|m| message_text(m).contains(&by))
    })
    .await;
    assert!(ledger.unfinished_games().await.unwrap().is_empty());
    for (u, b) in [ANN, BOB].into_iter().zip(before) {
        assert_eq!(ledger.balance(server, u).await.unwrap(), b);
    }

    for i in fake.interactions() {
        assert!(i.callback.is_some(), "interaction {} unanswered", i.id);
    }
    // Every picture went through: no upload was refused.
    let log = bot.log_text();
    assert!(!log.contains("cannot edit the table message"), "{log}");
    assert!(!log.contains("cannot send the hand DM"), "{log}");
    let status = bot.stop();
    assert!(status.success() || status.code().is_none(), "{status:?}");

    let mut total = 0;
    for user in [ANN, BOB, CAT] {
        let b = ledger.balance(server, user).await.unwrap();
        assert_ne!(b, 1000, "{user} neither won nor lost");
        assert!(text.contains(&format!("→ {b}")), "{b} not in {text}");
        total += b;
    }
    assert_eq!(total, 3000, "chips are conserved");
    let ann = ledger.balance(server, ANN).await.unwrap();
    assert!(
        chips_text.contains(&format!("<@{ANN}> has {ann} chips.")),
        "{chips_text}"
    );
    assert!(ledger.unfinished_games().await.unwrap().is_empty());
    assert!(ledger.verify().await.unwrap().is_clean());
}

/// A bot too busy to answer in time (issue #18), made so by
/// `discord.defer_after_ms = 0`: every click is acknowledged before its
/// answer is ready, and the answer follows whole. "My hand" on the table
/// message shows a private "thinking…" (type 5) that becomes the hand view
/// with its picture; a click in the hand view is a deferred update (type
/// 6) followed by the view's edit, with the new picture; a refusal follows
/// its acknowledgement as a private message.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_busy_bot_acknowledges_first_and_each_answer_follows_whole() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let env = [
        ("PAIJU_TIMERS_AI_DELAY_MS", "0"),
        ("PAIJU_TIMERS_BID_SECS", "900"),
        ("PAIJU_TIMERS_PLAY_SECS", "900"),
        ("PAIJU_DISCORD_DEFER_AFTER_MS", "0"),
    ];
    let bot = BotProcess::start(&fake.api_url(), dir.path(), &env);
    fake.wait_ready(1).await;
    let start = json!([{ "name": "start", "type": 1, "options": [int_opt("stake", 10)] }]);
    fake.wait_answer(fake.command(ANN, "en-US", "dou-dizhu", start))
        .await;
    fake.wait_for("the table message", 20, |f| table_message(f).is_some())
        .await;
    let lobby = table_message(&fake).unwrap();
    let join = find_id(&lobby, "pj1:join:").unwrap();
    for user in [BOB, CAT] {
        let a = click_table(&fake, user, &join).await;
        assert_eq!(a.callback.as_ref().unwrap()["type"], 6, "{a:?}");
    }
    // Acknowledged before they are done, the two joins run side by side:
    // either may take seat 2.
    fake.wait_for("three seated", 20, |f| {
        table_message(f).is_some_and(|m| {
            let text = message_text(&m);
            [BOB, CAT].iter().all(|u| {
                text.contains(&format!("2. <@{u}>")) || text.contains(&format!("3. <@{u}>"))
            })
        })
    })
    .await;

    // Only the host starts: the refusal follows the acknowledgement.
    let start_id = find_id(&lobby, "pj1:start:").unwrap();
    let refused = click_table(&fake, BOB, &start_id).await;
    assert_eq!(refused.callback.as_ref().unwrap()["type"], 6, "{refused:?}");
    fake.wait_for("the refusal", 20, |f| {
        !f.interaction(refused.id).followups.is_empty()
    })
    .await;
    let refused = fake.interaction(refused.id);
    assert!(
        refused.is_ephemeral() && refused.text().contains("Only the host"),
        "{refused:?}"
    );
    click_table(&fake, ANN, &start_id).await;
    fake.wait_for("the bidding buttons", 20, |f| {
        table_message(f).is_some_and(|m| find_id(&m, "pj1:bid:").is_some())
    })
    .await;
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

    // My hand: "thinking…", privately, then the hand view in its place.
    let table = table_message(&fake).unwrap();
    assert_eq!(turn_user(&table), Some(bidder), "the landlord leads");
    let view = click_table(&fake, bidder, &find_id(&table, "pj1:hand:").unwrap()).await;
    assert_eq!(view.callback.as_ref().unwrap()["type"], 5, "{view:?}");
    assert!(view.is_ephemeral(), "{view:?}");
    assert!(view.text().contains("It is your turn"), "{view:?}");
    let hand_msg = private_message(&view);
    let whole = picture(&hand_msg, "hand-");

    // Hint: acknowledged, then the view edited with the cards raised.
    let hint = find_id(&hand_msg, "pj1:hint:").unwrap();
    let hinted = fake
        .wait_answer(fake.click_on(bidder, "en-US", hand_msg, &hint))
        .await;
    assert_eq!(hinted.callback.as_ref().unwrap()["type"], 6, "{hinted:?}");
    let hinted_msg = private_message(&hinted);
    let raised = picture(&hinted_msg, "hand-");
    assert_ne!(raised["filename"], whole["filename"], "{hinted_msg}");
    // The landlord leads: the hint picks cards.
    let play = find_id(&hinted_msg, "pj1:play:").unwrap();
    assert!(!play.ends_with(':'), "{play}");

    // Play: acknowledged, then the view says what was played, with the
    // hand left.
    let played = fake
        .wait_answer(fake.click_on(bidder, "en-US", hinted_msg, &play))
        .await;
    assert_eq!(played.callback.as_ref().unwrap()["type"], 6, "{played:?}");
    assert!(played.text().contains("You played"), "{played:?}");
    let left = picture(&private_message(&played), "hand-");
    assert_ne!(left["filename"], whole["filename"]);
    let log = bot.log_text();
    assert!(!log.contains("cannot follow up a click"), "{log}");
    assert!(!log.contains("cannot acknowledge a click"), "{log}");
    let status = bot.stop();
    assert!(status.success() || status.code().is_none(), "{status:?}");
}
