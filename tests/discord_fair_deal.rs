//! Issue #35 §4 on Discord, in both languages: the table message shows
//! the commitment to the deal's seed from the deal's first drawing, and
//! the result reveals the seed and the whole commitment with the check of
//! the settled record — the same seed and commitment the ledger's record
//! keeps, which `paiju verify` accepts.

use crate::support;

use serde_json::{json, Value};
use support::fake_discord::{custom_ids, message_text, FakeDiscord, CHANNEL_2, CHANNEL_ID};
use support::session::{button, sub, Session};

const ANN: u64 = 100_000_000_000_000_001;
const DAN: u64 = 100_000_000_000_000_004;

/// The newest message of `channel` with a component id containing `part`.
fn with_button(fake: &FakeDiscord, channel: u64, part: &str) -> Option<Value> {
    fake.channel_messages(channel)
        .into_iter()
        .rev()
        .find(|m| button(m, part).is_some())
}

fn text(m: &Value) -> String {
    message_text(m).replace(['\u{2068}', '\u{2069}'], "")
}

/// `user` opens a Dou Dizhu table in `channel` speaking `locale`, seats two
/// AI players and starts it; the timers then play the game to its end.
async fn open_and_start(fake: &FakeDiscord, channel: u64, user: u64, locale: &str) {
    let id = fake.command_in(channel, user, locale, "dou-dizhu", sub("start", json!([])));
    fake.wait_answer(id).await;
    fake.wait_for("the lobby", 30, |f| {
        with_button(f, channel, ":ai:").is_some()
    })
    .await;
    let lobby = with_button(fake, channel, ":ai:").unwrap();
    let add_ai = button(&lobby, ":ai:").unwrap();
    for _ in 0..2 {
        let id = fake.click_on_in(channel, user, locale, lobby.clone(), &add_ai);
        fake.wait_answer(id).await;
    }
    let start = button(&lobby, ":start:").unwrap();
    let lobby = with_button(fake, channel, ":start:").unwrap();
    let id = fake.click_on_in(channel, user, locale, lobby, &start);
    fake.wait_answer(id).await;
}

/// A number as the component ids write it.
fn base36(mut n: u64) -> String {
    let digits = b"0123456789abcdefghijklmnopqrstuvwxyz";
    let mut out = Vec::new();
    loop {
        out.push(digits[(n % 36) as usize]);
        n /= 36;
        if n == 0 {
            break;
        }
    }
    out.reverse();
    String::from_utf8(out).unwrap()
}

/// Every settled record in the bot's ledger with its channel, oldest first.
async fn settled_records(session: &Session) -> Vec<(u64, Value)> {
    let db = session.dir.path().join("paiju.db");
    let pool = sqlx::SqlitePool::connect(&format!("sqlite://{}", db.display()))
        .await
        .unwrap();
    let rows: Vec<(i64, String)> = sqlx::query_as(
        "SELECT g.channel_id, r.record FROM games g JOIN game_records r ON r.id = g.record_id \
         ORDER BY g.id",
    )
    .fetch_all(&pool)
    .await
    .unwrap();
    pool.close().await;
    rows.into_iter()
        .map(|(c, r)| (c as u64, serde_json::from_str(&r).unwrap()))
        .collect()
}

struct Words {
    locale: &'static str,
    commitment: &'static str,
    seed: &'static str,
    verified: &'static str,
}

const EN: Words = Words {
    locale: "en-US",
    commitment: "Fair deal\nCommitment `",
    seed: "Seed `",
    verified: "✅ The commitment is this seed's, and the seed deals exactly this game's cards.",
};
const ZH: Words = Words {
    locale: "zh-CN",
    commitment: "公平发牌\n承诺 `",
    seed: "种子 `",
    verified: "✅ 承诺与种子相符，且该种子发出的正是本局的牌。",
};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_table_shows_the_commitment_and_the_result_the_seed_in_both_languages() {
    let session = Session::start(&[
        // A member who does not act is played for after a second.
        ("PAIJU_TIMERS_BID_SECS", "1"),
        ("PAIJU_TIMERS_PLAY_SECS", "1"),
        ("PAIJU_TIMERS_AI_DELAY_MS", "0"),
    ])
    .await;
    let fake = &session.fake;
    let tables = [(CHANNEL_ID, ANN, &EN), (CHANNEL_2, DAN, &ZH)];
    for (channel, user, words) in tables {
        open_and_start(fake, channel, user, words.locale).await;
    }
    for (channel, _, _) in tables {
        // The last game's result: the one with "Play again" (a redeal's
        // result has none: the table deals again by itself), posted after
        // every earlier game's.
        fake.wait_for("the last result", 180, |f| {
            f.channel_messages(channel)
                .iter()
                .any(|m| custom_ids(m).iter().any(|id| id.starts_with("pj1:again:")))
        })
        .await;
    }
    let records = settled_records(&session).await;
    let requests = fake.requests();
    for (channel, _, words) in tables {
        // Every settled game of the channel (a deal nobody bid on is dealt
        // again, as a game of its own with a seed of its own).
        let results: Vec<String> = fake
            .channel_messages(channel)
            .into_iter()
            .map(|m| text(&m))
            .filter(|t| t.contains(words.seed))
            .collect();
        let mut drawn_games = 0;
        let mut last_revealed = false;
        for (_, record) in records.iter().filter(|(c, _)| *c == channel) {
            let game = base36(record["fair"]["game_id"].as_u64().unwrap());
            let hand_button = format!("pj1:hand:{game}:");
            let commitment = record["fair"]["commitment"].as_str().unwrap();
            let seed = record["fair"]["seed"].as_str().unwrap();
            // The game's first drawing (its first message with its "My
            // hand" button) already carries the commitment's first 16
            // digits. A deal redealt at once may never be drawn: the table
            // message's edits are coalesced under Discord's rate limit,
            // the newest state winning.
            let path = format!("/channels/{channel}/messages");
            let first_game_drawing = requests.iter().find(|r| {
                r.path.contains(&path)
                    && custom_ids(&r.body)
                        .iter()
                        .any(|id| id.starts_with(&hand_button))
            });
            if let Some(first) = first_game_drawing {
                drawn_games += 1;
                let shown = format!("{}{}…`", words.commitment, &commitment[..16]);
                let drawn = text(&first.body);
                assert!(drawn.contains(&shown), "{shown} not in\n{drawn}");
                assert!(!drawn.contains(seed), "the seed is shown early:\n{drawn}");
            }
            // The result: the seed, the whole commitment, the check (a
            // deal nobody bid on posts no result: the table deals again).
            let revealed = format!("{}{seed}`", words.seed);
            let result = results.iter().find(|t| t.contains(&revealed));
            last_revealed = result.is_some();
            if let Some(result) = result {
                assert!(result.contains(commitment), "{result}");
                assert!(result.contains(words.verified), "{result}");
            }
            // And the record the ledger keeps verifies.
            let (ok, report) = paiju::registry::verify_text(&record.to_string())
                .map(|(_, c)| (c.is_verified(), format!("{c:?}")))
                .unwrap();
            assert!(ok, "{report}");
        }
        assert!(drawn_games > 0, "no game of channel {channel} was drawn");
        assert!(
            last_revealed,
            "the last game's result reveals no seed:\n{results:#?}"
        );
    }
    session.finish(&[ANN, DAN], None).await;
}
