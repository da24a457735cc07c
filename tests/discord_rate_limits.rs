//! Issue #37 §2: Discord's rate limits, which the fake keeps by default (5
//! messages posted and 5 edited per 5 s a channel, 5 DM channels opened
//! per 5 s, 50 requests a second). Four members put their Shengji seats on
//! 托管 with the computer deciding at once: a whole hand is played in a
//! storm of moves, and the table message keeps up without a 429 — its edits
//! coalesced, every hand's result posted, the stop that follows shown
//! within the edits bucket's window, every member's hand sent, no error to
//! anyone.
//! And when Discord answers 429 anyway (another process writing to the
//! channel behind the same proxy), the bot waits out each one, draws the
//! latest state when it may, and stops asking after three in a row.

use crate::support::controls::{click_table, find_id, table_message};
use crate::support::fake_discord::{
    message_text, private_message, RateLimit, RateRoute, CHANNEL_ID,
};
use crate::support::session::{sub, text_of, Session};
use serde_json::{json, Value};

const ANN: u64 = 100_000_000_000_000_031;
const BOB: u64 = 100_000_000_000_000_032;
const CAT: u64 = 100_000_000_000_000_033;
const DAN: u64 = 100_000_000_000_000_034;
/// An admin (Manage Server): stops the match.
const EVE: u64 = 100_000_000_000_000_039;

/// The result messages posted so far.
fn results(fake: &crate::support::fake_discord::FakeDiscord) -> Vec<Value> {
    fake.channel_messages(CHANNEL_ID)
        .into_iter()
        .filter(|m| text_of(m).contains("· game #") && text_of(m).contains("chips →"))
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_shengji_hand_on_autoplay_keeps_within_the_rate_limits() {
    let session = Session::start(&[
        ("PAIJU_TIMERS_AI_DELAY_MS", "0"),
        ("PAIJU_TIMERS_BID_SECS", "60"),
        ("PAIJU_TIMERS_PLAY_SECS", "60"),
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
    for user in [BOB, CAT, DAN] {
        let id = fake.command(user, "en-US", "shengji", sub("join", json!([])));
        assert!(fake.wait_answer(id).await.is_ephemeral());
    }
    fake.wait_for("four seated", 20, |f| {
        table_message(f).is_some_and(|m| message_text(&m).contains(&format!("4. <@{DAN}>")))
    })
    .await;
    let start = find_id(&table_message(fake).unwrap(), "pj1:start:").unwrap();
    click_table(fake, ANN, &start).await;
    fake.wait_for("the game", 20, |f| {
        table_message(f).is_some_and(|m| find_id(&m, "pj1:auto:").is_some())
    })
    .await;
    let table_id = crate::support::controls::id_of(&table_message(fake).unwrap());

    // Every seat on 托管: the computer plays the whole hand at once.
    for user in [ANN, BOB, CAT, DAN] {
        let auto = find_id(&table_message(fake).unwrap(), "pj1:auto:").unwrap();
        let on = click_table(fake, user, &auto).await;
        let said = message_text(&private_message(&on));
        assert!(said.contains("You are on auto-play (托管)"), "{said}");
    }
    fake.wait_for("the hand's result", 120, |f| !results(f).is_empty())
        .await;

    // Nothing was lost: the result was posted at once (posts have their
    // own bucket: it never waits behind the table's edits), every member
    // got their hand, and the table moved on more often than one bucket
    // allows.
    let requests = fake.requests();
    let table_path = format!("/channels/{CHANNEL_ID}/messages/{table_id}");
    assert!(
        requests.iter().any(|r| {
            r.method == "POST"
                && r.path
                    .ends_with(&format!("/channels/{CHANNEL_ID}/messages"))
                && r.status == 200
                && r.reply
                    .as_ref()
                    .is_some_and(|m| text_of(m).contains("· game #"))
        }),
        "the result was posted"
    );
    let edits = requests
        .iter()
        .filter(|r| r.method == "PATCH" && r.path.ends_with(&table_path))
        .count();
    assert!(
        edits > 5,
        "the hand needed more edits than one window: {edits}"
    );
    for user in [ANN, BOB, CAT, DAN] {
        assert!(
            fake.dm_messages(user)
                .iter()
                .any(|m| text_of(m).contains("Your hand (")),
            "{user} got no hand"
        );
    }

    // The match is stopped: the table message says so within a bounded
    // time of the stop (the bucket frees within 5 s).
    let id = fake.command(EVE, "en-US", "shengji", sub("stop", json!([])));
    fake.wait_answer(id).await;
    fake.wait_for("the table message to show the stop", 15, |f| {
        f.message(table_id)
            .is_some_and(|m| text_of(&m).contains("stopped the game"))
    })
    .await;

    // Every hand's result was posted, none dropped: the hands' game
    // numbers follow each other.
    let numbers: Vec<u64> = results(fake)
        .iter()
        .map(|m| {
            let t = text_of(m).replace(['\u{2068}', '\u{2069}'], "");
            let rest = &t[t.find("· game #").unwrap() + "· game #".len()..];
            let n: String = rest.chars().take_while(char::is_ascii_digit).collect();
            n.parse().unwrap()
        })
        .collect();
    assert!(
        numbers.windows(2).all(|w| w[1] == w[0] + 1),
        "a result is missing: games {numbers:?}"
    );
    // The bot kept to every limit: not one 429, and no answer to a member
    // was an error.
    assert_eq!(fake.rate_limited(), Vec::<String>::new());
    for i in fake.interactions() {
        let said = i.text();
        assert!(
            !said.contains("went wrong") && !said.contains("出错"),
            "{}: {said}",
            i.asked
        );
    }
    session.finish(&[ANN, BOB, CAT, DAN], None).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_429_is_waited_out_and_the_latest_state_drawn_never_retried_for_ever() {
    let session = Session::start(&[]).await;
    let fake = &session.fake;
    let id = fake.command(
        ANN,
        "en-US",
        "dou-dizhu",
        sub("start", json!([{ "name": "stake", "type": 4, "value": 5 }])),
    );
    assert!(fake.wait_answer(id).await.is_ephemeral());
    fake.wait_for("the lobby", 20, |f| table_message(f).is_some())
        .await;
    let table_id = crate::support::controls::id_of(&table_message(fake).unwrap());
    let edits = |f: &crate::support::fake_discord::FakeDiscord| {
        f.requests()
            .iter()
            .filter(|r| r.method == "PATCH" && r.path.ends_with(&format!("/messages/{table_id}")))
            .count()
    };

    // Someone else fills the channel's edit bucket: every edit is 429.
    fake.set_rate_limit(
        RateRoute::MessageEdits,
        Some(RateLimit {
            limit: 0,
            per: std::time::Duration::from_secs(5),
        }),
    );
    let id = fake.command(BOB, "en-US", "dou-dizhu", sub("join", json!([])));
    let joined = fake.wait_answer(id).await;
    assert!(joined.is_ephemeral() && !joined.text().contains("wrong"));
    // Three tries, each after the last 429's window: then the bot waits
    // for the table to move rather than asking for ever.
    fake.wait_for("three tries", 30, |f| f.rate_limited().len() >= 3)
        .await;
    // A fourth try would come one hold-off (5 s) after the third.
    tokio::time::sleep(std::time::Duration::from_secs(6)).await;
    assert_eq!(fake.rate_limited().len(), 3, "{:?}", fake.rate_limited());
    let tried = edits(fake);
    assert_eq!(tried, 3);

    // The bucket frees; the table moves: its latest state is drawn, Bob
    // and Cat both seated, and the join in between was not lost.
    fake.set_rate_limit(
        RateRoute::MessageEdits,
        Some(RateRoute::MessageEdits.discord_limit()),
    );
    let id = fake.command(CAT, "en-US", "dou-dizhu", sub("join", json!([])));
    fake.wait_answer(id).await;
    fake.wait_for("Bob and Cat at the table", 15, |f| {
        f.message(table_id).is_some_and(|m| {
            let t = message_text(&m);
            t.contains(&format!("<@{BOB}>")) && t.contains(&format!("<@{CAT}>"))
        })
    })
    .await;
    let id = fake.command(ANN, "en-US", "dou-dizhu", sub("stop", json!([])));
    fake.wait_answer(id).await;
    fake.wait_for("the table closes", 15, |f| {
        f.message(table_id)
            .is_some_and(|m| message_text(&m).contains("The table was closed"))
    })
    .await;
    session.finish_undealt(&[ANN, BOB, CAT], None).await;
}
