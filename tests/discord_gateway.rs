//! Issue #37 §5: the gateway drops mid-game. Discord closes gateway
//! connections routinely and keeps the session for a RESUME (op 6, with
//! the session id and the last sequence number), replaying what it sent
//! meanwhile; after an INVALID_SESSION (op 9, `d: false`) or a close 4009
//! the session is gone, the bot identifies again, and the events of the
//! gap are lost: a click Discord never delivered fails for the member
//! ("This interaction failed") after its 3 seconds.
//!
//! Both ways, in a Dou Dizhu game with members clicking: every click sent
//! while the bot was away is applied once (after a RESUME, even when the
//! gateway delivers earlier ones again) or, lost, fails as Discord fails
//! it — and the member's second click is accepted by the table.

use crate::support::bot::BotProcess;
use crate::support::controls::{dou_dizhu_bidding, find_id, id_of, table_message, turn_user};
use crate::support::fake_discord::{FakeDiscord, GatewayDrop, Interaction};
use crate::support::session::{sub, Session};
use serde_json::json;
use std::collections::HashMap;

const ANN: u64 = 100_000_000_000_000_061;
const BOB: u64 = 100_000_000_000_000_062;
const CAT: u64 = 100_000_000_000_000_063;
const MEMBERS: [u64; 3] = [ANN, BOB, CAT];
/// An admin (Manage Server): stops the game.
const EVE: u64 = 100_000_000_000_000_069;

/// Ann's table, Bob and Cat seated (no AI seat, see
/// [`dou_dizhu_bidding`]): waits for a member's bid.
async fn bidding(fake: &FakeDiscord) {
    dou_dizhu_bidding(fake, MEMBERS).await;
}

/// Waits until the table message asks a member to bid: that member.
async fn member_to_bid(fake: &FakeDiscord) -> u64 {
    fake.wait_for("a member's bid", 20, |f| {
        table_message(f).is_some_and(|m| {
            find_id(&m, "pj1:bid:").is_some() && turn_user(&m).is_some_and(|u| MEMBERS.contains(&u))
        })
    })
    .await;
    turn_user(&table_message(fake).unwrap()).unwrap()
}

/// The member to act clicks the table's first bid button.
fn click_bid(fake: &FakeDiscord, user: u64) -> u64 {
    let table = table_message(fake).unwrap();
    fake.click(
        user,
        "en-US",
        id_of(&table),
        &find_id(&table, "pj1:bid:").unwrap(),
    )
}

/// `user` clicks "My hand" on the table message.
fn click_hand(fake: &FakeDiscord, user: u64) -> u64 {
    let table = table_message(fake).unwrap();
    fake.click(
        user,
        "en-US",
        id_of(&table),
        &find_id(&table, "pj1:hand:").unwrap(),
    )
}

/// A bid the table took: acknowledged, no refusal said.
fn accepted(bid: &Interaction) {
    assert!(bid.acked.is_some(), "{bid:?}");
    assert!(!bid.is_ephemeral(), "refused: {}", bid.text());
}

/// The hand view, privately.
fn hand_shown(view: &Interaction) {
    assert!(view.is_ephemeral(), "{view:?}");
    assert!(view.text().contains("Your hand"), "{}", view.text());
}

/// The bot answered each interaction once at most: no second callback
/// (which Discord refuses, 40060) for one delivered twice.
fn answered_once_each(fake: &FakeDiscord) {
    let mut callbacks: HashMap<String, usize> = HashMap::new();
    for r in fake.requests() {
        if r.method == "POST" && r.path.ends_with("/callback") {
            *callbacks.entry(r.path.clone()).or_default() += 1;
        }
    }
    for (path, n) in callbacks {
        assert_eq!(n, 1, "{path} answered {n} times");
    }
}

/// Ends the game: an admin stops the table (its stakes refunded).
async fn stop(fake: &FakeDiscord) {
    let id = fake.command(EVE, "en-US", "dou-dizhu", sub("stop", json!([])));
    fake.wait_answer(id).await;
    fake.wait_for("the table closed", 20, |f| {
        table_message(f).is_none_or(|m| find_id(&m, "pj1:hand:").is_none())
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_dropped_gateway_is_resumed_and_the_clicks_of_the_gap_applied_once() {
    let session = Session::start(&[]).await;
    let fake = &session.fake;
    bidding(fake).await;

    // Closed with 4000 (unknown error: reconnect and resume). The member to
    // bid clicks while the bot is away; Discord keeps the click for the
    // session, and the RESUME brings it.
    let user = member_to_bid(fake).await;
    fake.drop_gateway(GatewayDrop::Close(4000));
    let gap = click_bid(fake, user);
    fake.wait_for("the RESUME", 20, |f| f.resumes() == 1).await;
    accepted(&fake.wait_answer(gap).await);
    // Applied once: the same button again is out of date.
    let again = fake.wait_answer(click_again(fake, user, gap)).await;
    assert!(again.is_ephemeral(), "{again:?}");

    // The socket dropped without a close frame: resumed likewise.
    fake.drop_gateway(GatewayDrop::Reset);
    let gap = click_hand_or_bid(fake, ANN);
    fake.wait_for("the second RESUME", 20, |f| f.resumes() == 2)
        .await;
    fake.wait_answer(gap).await;

    // Discord delivers some earlier clicks again with the gap's: each is
    // applied (and answered) once.
    fake.replay_overlap(4);
    fake.drop_gateway(GatewayDrop::Close(4000));
    let gap = click_hand_or_bid(fake, BOB);
    fake.wait_for("the third RESUME", 20, |f| f.resumes() == 3)
        .await;
    fake.wait_answer(gap).await;
    tokio::time::sleep(std::time::Duration::from_millis(500)).await;
    answered_once_each(fake);
    // The repeats did reach the bot, which dropped them.
    let log = std::fs::read_to_string(&session.bot.log).unwrap();
    assert!(
        log.contains("an interaction delivered again, already handled"),
        "no repeat reached the bot"
    );

    // Resumed every time, never identified again; nothing failed.
    assert_eq!(fake.identifies(), 1);
    assert_eq!(fake.resumes_refused(), 0);
    for i in fake.interactions() {
        assert!(!i.failed() && !i.lost, "{} failed", i.asked);
    }
    stop(fake).await;
    session.finish(&MEMBERS, None).await;
}

/// `user` clicks again what they clicked in interaction `earlier`, on the
/// same message.
fn click_again(fake: &FakeDiscord, user: u64, earlier: u64) -> u64 {
    let clicked = fake.interaction(earlier);
    let message = clicked.message.unwrap();
    fake.click_on(user, "en-US", message, &clicked.asked)
}

/// `user` clicks the table's bid if it is theirs to make, else My hand.
fn click_hand_or_bid(fake: &FakeDiscord, user: u64) -> u64 {
    let table = table_message(fake).unwrap();
    if find_id(&table, "pj1:bid:").is_some() && turn_user(&table) == Some(user) {
        click_bid(fake, user)
    } else {
        click_hand(fake, user)
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_lost_session_loses_the_gap_and_the_second_click_is_taken() {
    let fake = FakeDiscord::start().await;
    // A short heartbeat, so that a stalled connection shows within seconds.
    fake.set_heartbeat_interval(1000);
    let dir = tempfile::tempdir().unwrap();
    let bot = BotProcess::start(&fake.api_url(), dir.path(), &[]);
    fake.wait_ready(1).await;
    let session = Session {
        fake: fake.clone(),
        bot,
        dir,
    };
    bidding(&fake).await;

    // INVALID_SESSION (d: false): the bid clicked in the gap never reaches
    // the bot; Discord fails it for the member, who clicks again once the
    // bot is back — and the table takes it.
    let user = member_to_bid(&fake).await;
    fake.drop_gateway(GatewayDrop::InvalidSession);
    let lost = click_bid(&fake, user);
    fake.wait_failed(lost).await;
    assert!(fake.interaction(lost).lost);
    fake.wait_for("the bot identified again", 30, |f| {
        f.identifies() == 2 && f.connected()
    })
    .await;
    let second = click_again(&fake, user, lost);
    accepted(&fake.wait_answer(second).await);

    // Closed with 4009 (session timed out): likewise.
    fake.drop_gateway(GatewayDrop::Close(4009));
    let lost = click_hand_or_bid(&fake, ANN);
    fake.wait_failed(lost).await;
    fake.wait_for("the bot identified a third time", 30, |f| {
        f.identifies() == 3 && f.connected()
    })
    .await;
    let second = click_again(&fake, ANN, lost);
    let answer = fake.wait_answer(second).await;
    assert!(answer.acked.is_some() && !answer.text().contains("out of date"));

    // A stall: no heartbeat acknowledged, nothing delivered. Discord would
    // take a RESUME; serenity 0.12.5 restarts the shard and identifies
    // again, so the click of the gap is lost with the old session.
    fake.drop_gateway(GatewayDrop::Stall);
    let lost = click_hand(&fake, BOB);
    fake.wait_failed(lost).await;
    fake.wait_for("the bot identified a fourth time", 30, |f| {
        f.identifies() == 4 && f.connected()
    })
    .await;
    assert!(fake.interaction(lost).lost);
    hand_shown(&fake.wait_answer(click_hand(&fake, BOB)).await);

    assert_eq!(fake.resumes(), 0);
    answered_once_each(&fake);
    stop(&fake).await;
    session.finish(&MEMBERS, None).await;
}
