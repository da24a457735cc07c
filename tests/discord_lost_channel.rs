//! Issue #37 §6: a channel closed to the bot. A table is refused, before
//! anything is staked, where the bot lacks a permission it needs (the
//! refusal names them, in the member's language). Mid-game, a permission
//! taken away (50013 for Embed Links, 50001 for View Channel) or the
//! channel deleted (10003) stops the table as a stop does — the game being played refunded — and its host is told by
//! DM what happened, with no request repeated into the closed channel. A
//! deleted table message (10008) is posted again and the game goes on.

use crate::support::controls::{dou_dizhu_bidding, find_id, id_of, table_message, turn_user};
use crate::support::fake_discord::{perm, FakeDiscord, CHANNEL_ID};
use crate::support::session::{sub, text_of, Session};
use serde_json::{json, Value};

const ANN: u64 = 100_000_000_000_000_041;
const BOB: u64 = 100_000_000_000_000_042;
const CAT: u64 = 100_000_000_000_000_043;
/// Each member starts with this many chips (the default).
const STARTING: i64 = 1000;

/// Ann's table, Bob and Cat seated, at a member's bid.
async fn bidding(fake: &FakeDiscord) -> Value {
    dou_dizhu_bidding(fake, [ANN, BOB, CAT]).await
}

/// The bot's posts and edits in `channel` that Discord refused.
fn refused_in(fake: &FakeDiscord, channel: u64) -> usize {
    fake.requests()
        .iter()
        .filter(|r| r.path.contains(&format!("/channels/{channel}/messages")) && r.status >= 400)
        .count()
}

/// The bot asked the table's channel once or twice, was refused, and then
/// left it alone: a bot looping on the refusal would have asked again
/// within 2 s (a 403 is not a 429: nothing holds the channel off before a
/// retry).
async fn refused_once_then_left_alone(fake: &FakeDiscord) {
    let refused = refused_in(fake, CHANNEL_ID);
    assert!((1..=2).contains(&refused), "{refused} refused requests");
    tokio::time::sleep(std::time::Duration::from_secs(2)).await;
    assert_eq!(refused_in(fake, CHANNEL_ID), refused);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_table_is_refused_where_the_bot_lacks_a_permission() {
    let session = Session::start(&[]).await;
    let fake = &session.fake;
    fake.set_bot_permissions(
        CHANNEL_ID,
        perm::INVITED & !perm::EMBED_LINKS & !perm::ATTACH_FILES,
    );
    for (user, locale, want) in [
        (ANN, "en-US", "I am missing Embed Links, Attach Files here"),
        (BOB, "zh-CN", "缺少嵌入链接、附加文件权限"),
    ] {
        let id = fake.command(user, locale, "shengji", sub("start", json!([])));
        let answer = fake.wait_answer(id).await;
        assert!(answer.is_ephemeral(), "{answer:?}");
        let said = answer.text().replace(['\u{2068}', '\u{2069}'], "");
        assert!(said.contains(want), "{said}");
    }
    // Nothing was posted, nothing staked.
    assert!(fake.channel_messages(CHANNEL_ID).is_empty());
    assert_eq!(refused_in(fake, CHANNEL_ID), 0);
    // With the permissions back, the table opens.
    fake.set_bot_permissions(CHANNEL_ID, perm::INVITED);
    let id = fake.command(ANN, "en-US", "shengji", sub("start", json!([])));
    fake.wait_answer(id).await;
    fake.wait_for("the lobby", 20, |f| table_message(f).is_some())
        .await;
    let id = fake.command(ANN, "en-US", "shengji", sub("stop", json!([])));
    fake.wait_answer(id).await;
    session.finish_undealt(&[ANN], None).await;
}

/// `taken` is taken away from the bot mid-game: Discord refuses the
/// table's next edit (50013 Missing Permissions, or 50001 Missing Access
/// for View Channel); the game is refunded and the host told by DM that
/// the bot needs `named` there.
async fn permission_taken_away(taken: u64, named: &str) {
    let session = Session::start(&[
        ("PAIJU_TIMERS_AI_DELAY_MS", "0"),
        ("PAIJU_TIMERS_BID_SECS", "300"),
        ("PAIJU_TIMERS_PLAY_SECS", "300"),
    ])
    .await;
    let fake = &session.fake;
    let table = bidding(fake).await;
    // An admin takes the permission away: the table cannot be edited.
    fake.set_bot_permissions(CHANNEL_ID, perm::INVITED & !taken);
    let bidder = turn_user(&table).unwrap();
    let bid = find_id(&table, "pj1:bid:").unwrap();
    let answer = fake
        .wait_answer(fake.click(bidder, "en-US", id_of(&table), &bid))
        .await;
    assert!(!answer.text().contains("went wrong"), "{answer:?}");
    fake.wait_for("the host told by DM", 20, |f| {
        f.dm_messages(ANN)
            .iter()
            .any(|m| text_of(m).contains("was called off"))
    })
    .await;
    let dm = fake
        .dm_messages(ANN)
        .into_iter()
        .map(|m| text_of(&m))
        .find(|t| t.contains("was called off"))
        .unwrap();
    assert!(
        dm.contains(&format!("Check that I have {named} in that channel")),
        "{dm}"
    );
    assert!(dm.contains(&format!("<#{CHANNEL_ID}>")), "{dm}");
    refused_once_then_left_alone(fake).await;
    // The game was called off: both members have their chips back.
    session.finish(&[ANN, BOB, CAT], Some(3 * STARTING)).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn embed_links_taken_away_mid_game_refunds_it_and_tells_the_host() {
    permission_taken_away(perm::EMBED_LINKS, "Embed Links").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn view_channel_taken_away_mid_game_refunds_it_and_tells_the_host() {
    permission_taken_away(perm::VIEW_CHANNEL, "View Channel").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_channel_deleted_mid_game_refunds_it_and_tells_the_host() {
    let session = Session::start(&[
        ("PAIJU_TIMERS_AI_DELAY_MS", "0"),
        ("PAIJU_TIMERS_BID_SECS", "300"),
        ("PAIJU_TIMERS_PLAY_SECS", "300"),
    ])
    .await;
    let fake = &session.fake;
    let table = bidding(fake).await;
    fake.delete_channel(CHANNEL_ID);
    // The seat to bid had the message open: its click still arrives (a
    // DM or an ephemeral view would do too), and the table moves.
    let bidder = turn_user(&table).unwrap();
    let bid = find_id(&table, "pj1:bid:").unwrap();
    fake.wait_answer(fake.click_on(bidder, "en-US", table, &bid))
        .await;
    fake.wait_for("the host told by DM", 20, |f| {
        f.dm_messages(ANN)
            .iter()
            .any(|m| text_of(m).contains("the channel was deleted"))
    })
    .await;
    refused_once_then_left_alone(fake).await;
    session.finish(&[ANN, BOB, CAT], Some(3 * STARTING)).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_deleted_table_message_is_posted_again_and_the_game_goes_on() {
    let session = Session::start(&[
        ("PAIJU_TIMERS_AI_DELAY_MS", "0"),
        ("PAIJU_TIMERS_BID_SECS", "300"),
        ("PAIJU_TIMERS_PLAY_SECS", "300"),
    ])
    .await;
    let fake = &session.fake;
    let table = bidding(fake).await;
    let old = id_of(&table);
    fake.delete_message(old);
    let bidder = turn_user(&table).unwrap();
    let bid = find_id(&table, "pj1:bid:").unwrap();
    let answer = fake
        .wait_answer(fake.click_on(bidder, "en-US", table, &bid))
        .await;
    assert!(!answer.text().contains("went wrong"), "{answer:?}");
    fake.wait_for("the table message posted again", 20, |f| {
        table_message(f).is_some_and(|m| id_of(&m) != old)
    })
    .await;
    let again = table_message(fake).unwrap();
    assert!(
        find_id(&again, "pj1:hand:").is_some(),
        "the game goes on: {}",
        text_of(&again)
    );
    // Once: the edit refused (10008), then one new message.
    let requests = fake.requests();
    let unknown = requests
        .iter()
        .filter(|r| r.path.ends_with(&format!("/messages/{old}")) && r.status == 404)
        .count();
    assert_eq!(unknown, 1);
    let id = fake.command(ANN, "en-US", "dou-dizhu", sub("leave", json!([])));
    fake.wait_answer(id).await;
    let id = fake.command(BOB, "en-US", "dou-dizhu", sub("leave", json!([])));
    fake.wait_answer(id).await;
    let id = fake.command(CAT, "en-US", "dou-dizhu", sub("leave", json!([])));
    fake.wait_answer(id).await;
    session.finish(&[ANN, BOB, CAT], None).await;
}
