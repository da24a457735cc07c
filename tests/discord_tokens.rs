//! Issue #37 §3: interaction tokens expire. The fake keeps a test clock
//! and refuses, 15 minutes (of that clock) after an interaction, every
//! request through its token (401, 50027 Invalid Webhook Token), as
//! Discord does; a click on an old private view is an interaction of its
//! own, whose fresh token may update the view (the fake records it).
//!
//! A slow Shengji hand: Ann opens her private hand view and comes back to
//! it 16 minutes later — it still works. Then the clock jumps between the
//! bot's acknowledgement of a click and its answer, so the answer meets an
//! expired token: the bot notices, and Ann's next click on that view gets
//! a fresh one (a new private message, saying why), from which the hand
//! goes on to its end; no error reaches her. The same for a replay
//! (`/replay`) stepped after 15 minutes.

use crate::support::controls::{click_table, find_id, table_message};
use crate::support::fake_discord::{
    custom_ids, message_text, private_followup, private_message, FakeDiscord, Interaction,
    CHANNEL_ID, TOKEN_LIFETIME,
};
use crate::support::session::{sub, text_of, Session};
use serde_json::{json, Value};
use std::time::Duration;

const ANN: u64 = 100_000_000_000_000_051;
/// An admin (Manage Server): stops the match.
const EVE: u64 = 100_000_000_000_000_059;

/// Past an interaction token's life.
const LATER: Duration = Duration::from_secs(16 * 60);

/// The first result posted (a hand's end: it carries Replay).
fn result(fake: &FakeDiscord) -> Option<Value> {
    fake.channel_messages(CHANNEL_ID)
        .into_iter()
        .find(|m| find_id(m, "rp1:o:").is_some())
}

/// Nothing the bot said to anyone was an error.
fn no_error_said(fake: &FakeDiscord) {
    for i in fake.interactions() {
        let said = i.text();
        assert!(
            !said.contains("went wrong") && !said.contains("出错") && !said.contains("too long"),
            "{}: {said}",
            i.asked
        );
        assert!(!i.failed(), "{} failed", i.asked);
    }
}

/// Ann's hand view, opened from the table message.
async fn open_view(fake: &FakeDiscord) -> Value {
    let hand = find_id(&table_message(fake).unwrap(), "pj1:hand:").unwrap();
    let view = click_table(fake, ANN, &hand).await;
    assert!(view.is_ephemeral(), "{view:?}");
    private_message(&view)
}

/// The play (or bury) button of a hand view: the first of its last row.
fn go_button(view: &Value) -> Option<String> {
    let rows = view["components"].as_array()?;
    rows.last()?["components"].as_array()?.first()?["custom_id"]
        .as_str()
        .map(str::to_string)
}

/// Ann clicks `id` on `view` and waits for the view it leaves her.
async fn press(fake: &FakeDiscord, view: &Value, id: &str) -> Interaction {
    let click = fake.click_on(ANN, "en-US", view.clone(), id);
    let answer = fake.wait_answer(click).await;
    assert!(answer.is_ephemeral(), "{answer:?}");
    answer
}

/// What Ann does at her turn on `view`: declines to declare, or takes the
/// hint and plays (or buries) it. Returns the view she is left with.
async fn act(fake: &FakeDiscord, view: &Value) -> Value {
    if let Some(pass) = find_id(view, "pj1:pass:") {
        return private_message(&press(fake, view, &pass).await);
    }
    let hint = find_id(view, "pj1:hint:").expect("a hint at her turn");
    let hinted = private_message(&press(fake, view, &hint).await);
    let go = go_button(&hinted).expect("a play button");
    private_message(&press(fake, &hinted, &go).await)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_slow_shengji_hand_goes_on_from_old_views_and_a_fresh_one() {
    let session = Session::start(&[
        ("PAIJU_TIMERS_AI_DELAY_MS", "0"),
        ("PAIJU_TIMERS_BID_SECS", "900"),
        ("PAIJU_TIMERS_PLAY_SECS", "900"),
        // Every click acknowledged first and answered by an edit through
        // its token: the path on which an expired token bites.
        ("PAIJU_DISCORD_DEFER_AFTER_MS", "0"),
    ])
    .await;
    let fake = &session.fake;
    let id = fake.command(
        ANN,
        "en-US",
        "shengji",
        sub("start", json!([{ "name": "stake", "type": 4, "value": 5 }])),
    );
    assert!(fake.wait_answer(id).await.is_ephemeral());
    fake.wait_for("the lobby", 20, |f| table_message(f).is_some())
        .await;
    let add_ai = find_id(&table_message(fake).unwrap(), "pj1:ai:").unwrap();
    for _ in 0..3 {
        click_table(fake, ANN, &add_ai).await;
    }
    fake.wait_for("three AI seats", 20, |f| {
        table_message(f).is_some_and(|m| message_text(&m).contains("4. "))
    })
    .await;
    let start = find_id(&table_message(fake).unwrap(), "pj1:start:").unwrap();
    click_table(fake, ANN, &start).await;
    fake.wait_for("the game", 20, |f| {
        table_message(f).is_some_and(|m| find_id(&m, "pj1:hand:").is_some())
    })
    .await;

    // Ann plays her hand from her private views, slowly.
    let until = std::time::Instant::now() + Duration::from_secs(240);
    let mut view = open_view(fake).await;
    let mut turns = 0;
    let mut renewed = false;
    while result(fake).is_none() {
        assert!(std::time::Instant::now() < until, "the hand never ended");
        if !message_text(&view).contains("It is your turn")
            && !message_text(&view).contains("You may declare")
        {
            tokio::time::sleep(Duration::from_millis(250)).await;
            if result(fake).is_some() {
                break;
            }
            view = open_view(fake).await;
            continue;
        }
        turns += 1;
        match turns {
            // She opened her view and went away for 16 minutes: the view's
            // own token is dead, but her click is a new interaction, and
            // the view is updated through its token.
            2 => {
                fake.advance_clock(LATER);
                let old = view["id"].as_str().unwrap().parse::<u64>().unwrap();
                view = act(fake, &view).await;
                assert!(fake.old_view_updates().contains(&old), "{old}");
            }
            // The bot acknowledges her click and answers it 16 minutes
            // later (the clock jumps at the acknowledgement): Discord
            // refuses the answer. Her next click on that view gets a
            // fresh view, saying why, and the hand goes on from it.
            4 => {
                let hint = find_id(&view, "pj1:hint:")
                    .or_else(|| find_id(&view, "pj1:pass:"))
                    .unwrap();
                fake.advance_clock_after_next_ack(LATER);
                let lost = fake.click_on(ANN, "en-US", view.clone(), &hint);
                fake.wait_for("the answer refused", 20, |f| {
                    f.expired_token_uses().iter().any(|(i, _)| *i == lost)
                })
                .await;
                // Nothing reached her for that click. She looks at her
                // view a moment (the bot reads Discord's refusal) and
                // clicks again.
                assert!(!fake.interaction(lost).complete());
                tokio::time::sleep(Duration::from_millis(500)).await;
                let again = fake.click_on(ANN, "en-US", view.clone(), &hint);
                let fresh = fake.wait_answer(again).await;
                assert!(fresh.is_ephemeral(), "{fresh:?}");
                // A new private message ("thinking…", then the view), not
                // an update of the old one.
                assert_eq!(fresh.callback.as_ref().unwrap()["type"], 5, "{fresh:?}");
                let said = fresh.text();
                assert!(said.contains("here is a fresh view"), "{said}");
                assert!(said.contains("Your hand"), "{said}");
                let new_view = private_message(&fresh);
                assert_ne!(new_view["id"], view["id"]);
                assert_eq!(new_view["id"], json!(again.to_string()));
                view = new_view;
                renewed = true;
                if message_text(&view).contains("It is your turn")
                    || message_text(&view).contains("You may declare")
                {
                    view = act(fake, &view).await;
                }
            }
            _ => view = act(fake, &view).await,
        }
    }
    assert!(turns >= 4 && renewed, "{turns} turns");
    // Only the one answer met an expired token.
    let expired = fake.expired_token_uses();
    assert!(
        expired.iter().all(|(i, _)| *i == expired[0].0),
        "{expired:?}"
    );
    let refused = fake.requests().iter().filter(|r| r.status == 401).count();
    assert_eq!(refused, expired.len());
    no_error_said(fake);

    let id = fake.command(EVE, "en-US", "shengji", sub("stop", json!([])));
    fake.wait_answer(id).await;
    session.finish(&[ANN], None).await;
}

/// The step line of a replay ("Move 3 of 40"; the deal is step 0).
fn step_of(m: &Value) -> usize {
    let clean = text_of(m);
    if clean.contains("the game has ") {
        return 0;
    }
    let at = clean.find("Move ").unwrap_or_else(|| panic!("{clean}"));
    let n: String = clean[at + 5..]
        .chars()
        .take_while(char::is_ascii_digit)
        .collect();
    n.parse().unwrap()
}

/// The ▶ of a replay view.
fn next_of(m: &Value) -> String {
    custom_ids(m)
        .into_iter()
        .find(|id| id.starts_with("rp1:g:") && id.ends_with(":n"))
        .unwrap_or_else(|| panic!("no ▶ in {m}"))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_replay_is_stepped_after_fifteen_minutes() {
    let session = Session::start(&[
        ("PAIJU_TIMERS_AI_DELAY_MS", "0"),
        ("PAIJU_TIMERS_BID_SECS", "900"),
        ("PAIJU_TIMERS_PLAY_SECS", "900"),
    ])
    .await;
    let fake = &session.fake;
    // A game that plays itself: two AI seats, Ann on 托管.
    let start = json!([{ "name": "start", "type": 1, "options": [
        { "name": "stake", "type": 4, "value": 10 },
        { "name": "ai", "type": 4, "value": 1 },
    ] }]);
    let id = fake.command(ANN, "en-US", "dou-dizhu", start);
    assert!(fake.wait_answer(id).await.is_ephemeral());
    fake.wait_for("the lobby", 20, |f| table_message(f).is_some())
        .await;
    let add_ai = find_id(&table_message(fake).unwrap(), "pj1:ai:").unwrap();
    click_table(fake, ANN, &add_ai).await;
    click_table(fake, ANN, &add_ai).await;
    fake.wait_for("two AI seats", 20, |f| {
        table_message(f).is_some_and(|m| message_text(&m).contains("3. "))
    })
    .await;
    let start = find_id(&table_message(fake).unwrap(), "pj1:start:").unwrap();
    click_table(fake, ANN, &start).await;
    fake.wait_for("the game", 20, |f| {
        table_message(f).is_some_and(|m| find_id(&m, "pj1:auto:").is_some())
    })
    .await;
    let auto = find_id(&table_message(fake).unwrap(), "pj1:auto:").unwrap();
    click_table(fake, ANN, &auto).await;
    fake.wait_for("the result", 120, |f| result(f).is_some())
        .await;
    let open = find_id(&result(fake).unwrap(), "rp1:o:").unwrap();
    let game = i64::from_str_radix(open.rsplit(':').next().unwrap(), 36).unwrap();

    // /replay: a private view at the deal.
    let opened = fake
        .wait_answer(fake.command(
            ANN,
            "en-US",
            "replay",
            json!([{ "name": "game", "type": 4, "value": game }]),
        ))
        .await;
    assert!(opened.is_ephemeral());
    // Deferred, then the replay as its followup.
    let deal = private_followup(&opened, 0);
    assert_eq!(step_of(&deal), 0, "{}", message_text(&deal));

    // 16 minutes later ▶ still steps it: a click of its own, its token new.
    fake.advance_clock(LATER);
    let one = fake
        .wait_answer(fake.click_on(ANN, "en-US", deal.clone(), &next_of(&deal)))
        .await;
    let one = private_message(&one);
    assert_eq!(step_of(&one), 1, "{}", message_text(&one));
    assert_eq!(one["id"], deal["id"], "the same view, updated");
    let deal_id: u64 = deal["id"].as_str().unwrap().parse().unwrap();
    assert_eq!(fake.old_view_updates(), vec![deal_id]);

    // The answer to the next ▶ comes after the token's life: refused. The
    // click after it gets the step in a fresh view, saying why.
    fake.advance_clock_after_next_ack(LATER);
    let lost = fake.click_on(ANN, "en-US", one.clone(), &next_of(&one));
    fake.wait_for("the step refused", 20, |f| {
        f.expired_token_uses().iter().any(|(i, _)| *i == lost)
    })
    .await;
    assert!(!fake.interaction(lost).complete());
    // A moment later (the bot reads Discord's refusal), she clicks again.
    tokio::time::sleep(Duration::from_millis(500)).await;
    let again = fake.click_on(ANN, "en-US", one.clone(), &next_of(&one));
    let fresh = fake.wait_answer(again).await;
    assert!(fresh.is_ephemeral());
    assert_eq!(fresh.callback.as_ref().unwrap()["type"], 5, "{fresh:?}");
    let two = private_message(&fresh);
    assert!(
        message_text(&two).contains("here is a fresh view"),
        "{}",
        message_text(&two)
    );
    assert_eq!(step_of(&two), 2, "{}", message_text(&two));
    assert_ne!(two["id"], one["id"]);
    // And it steps on as any view does.
    let three = fake
        .wait_answer(fake.click_on(ANN, "en-US", two.clone(), &next_of(&two)))
        .await;
    let three = private_message(&three);
    assert_eq!(step_of(&three), 3);
    assert!(
        !message_text(&three).contains("fresh view"),
        "{}",
        message_text(&three)
    );
    assert!(TOKEN_LIFETIME < LATER);
    no_error_said(fake);
    // The table played on meanwhile: stopped. (Replay pictures are not
    // hand pictures: the picture checks of a dealt session do not apply.)
    let id = fake.command(EVE, "en-US", "dou-dizhu", sub("stop", json!([])));
    fake.wait_answer(id).await;
    session.finish_undealt(&[ANN], None).await;
}
