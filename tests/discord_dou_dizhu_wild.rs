//! The real bot against a fake Discord, wild-card Dou Dizhu (癞子): a member
//! chooses cards that can be played several ways, is asked privately which
//! reading, picks one, and the play lands with that reading; `/play` with
//! the same cards asks the same; a forged reading is refused and changes
//! nothing; a reading picked after the game moved on is stale.
//!
//! The deal is random, but the situation is not left to chance: the test
//! reads the deal from the ledger's snapshot, makes a seat holding a wild
//! card the landlord (the seats bidding before it pass, it bids 3), and
//! finds an ambiguous selection among that seat's legal plays. Every hand
//! holding a wild card has one: 20 cards with at most 4 wild cards hold two
//! natural pairs, and `X X Y Y` + a wild card is a trio of X with a pair or
//! a trio of Y with a pair.

use crate::support;

use paiju::games::dou_dizhu::{Action, CardSet, DouDizhu};
use paiju::games::{Game, RecordAction};
use serde_json::{json, Value};
use std::collections::BTreeMap;
use support::bot::BotProcess;
use support::controls::{click_table, find_id, table_message, turn_user};
use support::fake_discord::{
    custom_ids, message_text, picture, private_message, FakeDiscord, GUILD_ID,
};

const ANN: u64 = 100_000_000_000_000_001;
const BOB: u64 = 100_000_000_000_000_002;
const CAT: u64 = 100_000_000_000_000_003;
const SEATS: [u64; 3] = [ANN, BOB, CAT];

/// The options of the first string select of a message: (label, value).
fn select_options(m: &Value) -> Vec<(String, String)> {
    m["components"]
        .as_array()
        .into_iter()
        .flatten()
        .flat_map(|row| row["components"].as_array().cloned().unwrap_or_default())
        .find(|c| c["type"] == json!(3))
        .and_then(|menu| menu["options"].as_array().cloned())
        .unwrap_or_default()
        .iter()
        .map(|o| {
            (
                o["label"].as_str().unwrap().to_string(),
                o["value"].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

/// The running game as the ledger's last snapshot has it.
async fn game_now(ledger: &paiju::ledger::Ledger) -> (DouDizhu, usize) {
    let games = ledger.unfinished_games().await.unwrap();
    assert_eq!(games.len(), 1);
    let snapshot = games[0].snapshot.clone().expect("a snapshot");
    let record = paiju::record::Record::from_json(&snapshot.to_string()).unwrap();
    let mut game = DouDizhu::from_record_setup(&record).unwrap();
    for (i, raw) in record.actions.iter().enumerate() {
        let (seat, body) = paiju::record::split_action(i, raw).unwrap();
        let action = DouDizhu::parse_action(&body).unwrap();
        game.apply(seat, &action).unwrap();
    }
    (game, record.actions.len())
}

/// The smallest selection of the seat's cards with several legal readings
/// that uses a wild card, and its readings.
fn ambiguous_selection(game: &DouDizhu, seat: usize) -> (CardSet, Vec<Action>) {
    let wild = game.wild().expect("a wild game");
    let mut by_ranks: BTreeMap<Vec<u8>, Vec<Action>> = BTreeMap::new();
    for a in game.legal_actions(seat) {
        if let Action::Play { cards, wild_as, .. } = a {
            if !wild_as.is_empty() {
                by_ranks.entry(cards.counts().to_vec()).or_default().push(a);
            }
        }
    }
    let (_, readings) = by_ranks
        .into_iter()
        .filter(|(_, r)| r.len() >= 2)
        .min_by_key(|(_, r)| {
            let Action::Play { cards, .. } = r[0] else {
                unreachable!()
            };
            (cards.len(), r.len())
        })
        .expect("a hand with a wild card has an ambiguous selection");
    let Action::Play { cards, .. } = readings[0] else {
        unreachable!()
    };
    assert!(!wild.split(cards).0.is_empty());
    (cards, readings)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_ambiguous_wild_play_is_chosen_privately_and_lands_as_chosen() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let env = [
        ("PAIJU_TIMERS_AI_DELAY_MS", "0"),
        ("PAIJU_TIMERS_BID_SECS", "900"),
        ("PAIJU_TIMERS_PLAY_SECS", "900"),
    ];
    let bot = BotProcess::start(&fake.api_url(), dir.path(), &env);
    fake.wait_ready(1).await;

    // Ann opens a wild-card table (variant choice 2); Bob and Cat join.
    let start = json!([{ "name": "start", "type": 1, "options": [
        { "name": "stake", "type": 4, "value": 10 },
        { "name": "variant", "type": 4, "value": 2 },
    ] }]);
    let id = fake.command(ANN, "en-US", "dou-dizhu", start);
    assert!(fake.wait_answer(id).await.is_ephemeral());
    fake.wait_for("the lobby", 20, |f| table_message(f).is_some())
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
    fake.wait_for("the bidding", 20, |f| {
        table_message(f).is_some_and(|m| find_id(&m, "pj1:bid:").is_some())
    })
    .await;

    let db = format!("sqlite://{}", dir.path().join("paiju.db").display());
    let ledger = paiju::ledger::Ledger::open_existing(&db).await.unwrap();
    let (game, _) = game_now(&ledger).await;
    let wild = game.wild().expect("the wild rank is drawn").wild;
    let wild_name = paiju::games::dou_dizhu::cardset::rank_name(wild);
    let table = table_message(&fake).unwrap();
    let text = message_text(&table);
    assert!(
        text.contains(&format!("Wild card (癞子): {wild_name}")),
        "{text}"
    );
    for (seat, user) in SEATS.iter().enumerate() {
        assert!(text.contains(&format!("{}. <@{user}>", seat + 1)), "{text}");
    }

    // The landlord: the first seat in bidding order holding a wild card
    // (some seat does: the kitty holds 3 cards, there are 4 wild cards).
    let first = game.view(None).first;
    let landlord = (0..3)
        .map(|i| (first + i) % 3)
        .find(|&s| wild_of(&game, s) > 0)
        .expect("a seat holds a wild card");
    loop {
        let table = table_message(&fake).unwrap();
        if message_text(&table).contains("Landlord:") {
            break;
        }
        let Some(user) = turn_user(&table) else {
            panic!("no turn during bidding: {}", message_text(&table));
        };
        let button = if user == SEATS[landlord] {
            custom_ids(&table)
                .into_iter()
                .find(|i| i.starts_with("pj1:bid:") && i.ends_with(":3"))
                .unwrap()
        } else {
            find_id(&table, "pj1:no:").unwrap()
        };
        let hand_id = find_id(&table, "pj1:hand:");
        let answer = click_table(&fake, user, &button).await;
        assert_eq!(answer.callback.as_ref().unwrap()["type"], 6, "{answer:?}");
        fake.wait_for("the bidding to move on", 20, |f| {
            table_message(f).is_some_and(|m| find_id(&m, "pj1:hand:") != hand_id)
        })
        .await;
    }
    let user = SEATS[landlord];
    let (game, actions_before) = game_now(&ledger).await;
    assert_eq!(game.landlord(), Some(landlord));
    assert_eq!(game.waiting_on(), vec![landlord]);
    let (cards, readings) = ambiguous_selection(&game, landlord);
    let values: Vec<String> = cards.cards().iter().map(|c| c.to_string()).collect();
    let shown = readings.len().min(25);

    // My hand → choose the cards → Play: asked privately which reading.
    let table = table_message(&fake).unwrap();
    let view = click_table(&fake, user, &find_id(&table, "pj1:hand:").unwrap()).await;
    assert!(view.is_ephemeral(), "{view:?}");
    assert!(
        view.text()
            .contains(&format!("Wild card: every {wild_name}")),
        "{view:?}"
    );
    let hand_msg = private_message(&view);
    let id = fake.select_on(
        user,
        "en-US",
        hand_msg.clone(),
        &find_id(&hand_msg, "pj1:sel:").unwrap(),
        &values,
    );
    let chosen = fake.wait_answer(id).await;
    let chosen_msg = private_message(&chosen);
    let play = find_id(&chosen_msg, "pj1:play:").unwrap();
    assert!(play.ends_with(&values.concat()), "{play}");
    let id = fake.click_on(user, "en-US", chosen_msg, &play);
    let asked = fake.wait_answer(id).await;
    // The question redraws the view around the same picture (the chosen
    // cards raised): acknowledged, then edited without sending it again,
    // so the view keeps the very attachment it had.
    assert_eq!(asked.callback.as_ref().unwrap()["type"], 6, "{asked:?}");
    assert!(
        asked
            .text()
            .contains(&format!("can be played {} ways", readings.len())),
        "{asked:?}"
    );
    let picker = private_message(&asked);
    let had = picture(&private_message(&chosen), "hand-");
    assert_eq!(picture(&picker, "hand-")["id"], had["id"], "{picker}");
    let reading_id = find_id(&picker, "pj1:g:").expect("the readings' select");
    assert!(reading_id.ends_with(":rd"), "{reading_id}");
    let options = select_options(&picker);
    // The deal is random: say what this run chose, for a failure's sake.
    eprintln!("seat {landlord} selects {values:?}, offered {options:?}");
    assert_eq!(options.len(), shown, "{options:?}");
    let mut labels: Vec<&str> = options.iter().map(|(l, _)| l.as_str()).collect();
    labels.sort();
    labels.dedup();
    assert_eq!(labels.len(), shown, "labels are distinct: {options:?}");
    assert!(labels
        .iter()
        .all(|l| !l.is_empty() && l.chars().count() <= 100));
    // The game did not move.
    assert_eq!(game_now(&ledger).await.1, actions_before);

    // /play with the same cards asks the same, privately.
    let id = fake.command(
        user,
        "en-US",
        "play",
        json!([{ "name": "cards", "type": 3, "value": values.join(" ") }]),
    );
    let typed = fake.wait_answer(id).await;
    assert!(typed.is_ephemeral(), "{typed:?}");
    assert_eq!(select_options(&private_message(&typed)), options);
    assert_eq!(game_now(&ledger).await.1, actions_before);

    // Forged values are refused privately and nothing is played.
    let cards_text: String = values.concat();
    for forged in ["garbage".to_string(), format!("{cards_text}.rocket.")] {
        let id = fake.select_on(user, "en-US", picker.clone(), &reading_id, &[forged]);
        let refused = fake.wait_answer(id).await;
        assert!(
            refused.is_ephemeral() && refused.text().contains("not a legal way"),
            "{refused:?}"
        );
    }
    // Another member cannot pick for the landlord.
    let other = SEATS[(landlord + 1) % 3];
    let (_, value) = options.last().unwrap().clone();
    let id = fake.select_on(
        other,
        "en-US",
        picker.clone(),
        &reading_id,
        std::slice::from_ref(&value),
    );
    let refused = fake.wait_answer(id).await;
    assert!(
        refused.is_ephemeral() && refused.text().contains("not your turn"),
        "{refused:?}"
    );
    assert_eq!(game_now(&ledger).await.1, actions_before);

    // Issue #17 item 9: the options are numbered, and a typed number
    // picks one as the terminal's menu does: `/play <cards> #n`. A number
    // past the menu, or no number after #, plays nothing.
    let (last_label, _) = options.last().unwrap();
    assert!(last_label.starts_with(&format!("{shown}. ")), "{options:?}");
    assert!(asked.text().contains("#2"), "{asked:?}");
    let typed_pick = |n: &str| {
        fake.command(
            user,
            "en-US",
            "play",
            json!([{ "name": "cards", "type": 3, "value": format!("{} {n}", values.join(" ")) }]),
        )
    };
    let refused = fake
        .wait_answer(typed_pick(&format!("#{}", shown + 1)))
        .await;
    assert!(
        refused.is_ephemeral()
            && refused
                .text()
                .contains(&format!("cannot be played as number {}", shown + 1)),
        "{refused:?}"
    );
    let refused = fake.wait_answer(typed_pick("#x")).await;
    assert!(
        refused.is_ephemeral() && refused.text().contains("not “x”"),
        "{refused:?}"
    );
    assert_eq!(game_now(&ledger).await.1, actions_before);

    // The pick (the last option, not the first), typed by its number, is
    // played as chosen (the select's pick: the unit tests).
    let played = fake.wait_answer(typed_pick(&format!("#{shown}"))).await;
    assert!(played.text().contains("You played"), "{played:?}");
    let (game, actions_after) = game_now(&ledger).await;
    assert_eq!(actions_after, actions_before + 1);
    let expected = paiju::hosts::dou_dizhu::discord::readings::decode(&value).unwrap();
    assert!(readings.contains(&expected), "{value} is a legal reading");
    let record = game.record();
    let last = record.actions.last().unwrap().clone();
    assert_eq!(last["seat"], json!(landlord));
    // The record names the pattern only where the statement leaves more
    // than one; the game itself stands on the chosen pattern.
    let want = expected.to_json();
    assert_eq!(last["play"], want["play"]);
    assert_eq!(last["wild_as"], want["wild_as"]);
    assert!(last.get("as").is_none_or(|a| *a == want["as"]), "{last}");
    let Action::Play {
        reading: Some(kind),
        ..
    } = expected
    else {
        unreachable!("a reading names its pattern")
    };
    let standing = game.view(None).standing.expect("the play stands");
    assert_eq!(standing.combo.kind, kind);
    assert_eq!(standing.seat, landlord);
    fake.wait_for("the play on the table", 20, |f| {
        table_message(f).is_some_and(|m| {
            let t = message_text(&m);
            t.contains(&format!("<@{user}> plays"))
        })
    })
    .await;

    // The same pick again belongs to an earlier moment: the private view is
    // redrawn as it is now, saying so, and nothing is played.
    let id = fake.select_on(user, "en-US", picker, &reading_id, &[value]);
    let stale = fake.wait_answer(id).await;
    assert_eq!(stale.callback.as_ref().unwrap()["type"], 7, "{stale:?}");
    assert!(stale.text().contains("out of date"), "{stale:?}");
    assert_eq!(game_now(&ledger).await.1, actions_after);

    // The host stops the running game without Manage Server: that is
    // leaving it (issue #14 item 8; a free stop was a free escape from a
    // losing game), so the host pays the escape like any leaver.
    let id = fake.command(
        ANN,
        "en-US",
        "dou-dizhu",
        json!([{ "name": "stop", "type": 1, "options": [] }]),
    );
    let answer = fake.wait_answer(id).await;
    assert!(
        answer.is_ephemeral() && answer.text().contains("you left it instead"),
        "{answer:?}"
    );
    for _ in 0..200 {
        if ledger.unfinished_games().await.unwrap().is_empty() {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    for i in fake.interactions() {
        assert!(i.callback.is_some(), "interaction {} unanswered", i.id);
    }
    let status = bot.stop();
    assert!(status.success() || status.code().is_none(), "{status:?}");
    assert!(ledger.unfinished_games().await.unwrap().is_empty());
    let mut total = 0;
    for u in SEATS {
        total += ledger.balance(GUILD_ID, u).await.unwrap();
    }
    assert_eq!(total, 3000, "chips are conserved");
    // The escape penalty (at least 10 × the stake of 10) left the host.
    assert!(
        ledger.balance(GUILD_ID, ANN).await.unwrap() <= 900,
        "the host stopped for free"
    );
    assert!(ledger.verify().await.unwrap().is_clean());
}

/// How many wild cards the seat holds.
fn wild_of(game: &DouDizhu, seat: usize) -> usize {
    let wild = game.wild().unwrap();
    wild.split(game.hand(seat)).0.len()
}
