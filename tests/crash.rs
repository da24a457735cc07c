//! The crash test: `paiju play` is killed (SIGKILL) in the middle of a game;
//! started again on the same database (SQLite, and PostgreSQL when the run
//! has one) it resumes the game from the same state, plays it to the end,
//! and `paiju ledger verify` is clean. And sharded bots on one PostgreSQL:
//! a killed bot's shard is taken over by the process started in its place.
//! And what a resumed game needs of the process before: the messages it
//! posted (`crash/messages.rs`).

use crate::support::terminal;

use crate::support::bot;
use crate::support::db;
use crate::support::fake_discord;
#[path = "crash/messages.rs"]
mod messages;

use paiju::ledger::{Ledger, LedgerConfig, NewGame, Settlement};
use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, Stdio};
use std::sync::mpsc;
use std::thread;
use std::time::Duration;

// The shared `paiju()` clears the locale variables: the test reads English
// prompts whatever language the machine is set to.
use terminal::paiju;

fn start(db: impl AsRef<std::ffi::OsStr>) -> (Child, mpsc::Receiver<String>) {
    let mut child = paiju()
        .args(["play", "dou-dizhu", "--seed", "3", "--database"])
        .arg(db)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("paiju starts");
    let stdout = child.stdout.take().unwrap();
    let (tx, rx) = mpsc::channel();
    thread::spawn(move || {
        for line in BufReader::new(stdout).lines().map_while(Result::ok) {
            // The prompt has no newline: it prefixes the next line.
            let line = line.trim_start_matches("> ").to_string();
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    (child, rx)
}

/// Reads lines until `n` turns were offered; returns every line read.
fn until_turns(rx: &mpsc::Receiver<String>, n: usize) -> Vec<String> {
    let mut lines = Vec::new();
    let mut turns = 0;
    while turns < n {
        let line = rx
            .recv_timeout(Duration::from_secs(60))
            .unwrap_or_else(|_| panic!("no turn offered; so far:\n{}", lines.join("\n")));
        if line.starts_with("Your move.") {
            turns += 1;
        }
        lines.push(line);
    }
    lines
}

fn last_starting(lines: &[String], prefix: &str) -> String {
    lines
        .iter()
        .rev()
        .find(|l| l.starts_with(prefix))
        .cloned()
        .unwrap_or_default()
}

/// Game #1 as stored: its version, the actions in its full snapshot and
/// the actions appended since.
fn stored_moves(db: &std::ffi::OsStr) -> (i64, usize, i64) {
    const GAME: &str = "SELECT version, snapshot FROM games WHERE id = 1";
    const APPENDED: &str = "SELECT COUNT(*) FROM game_actions WHERE game_id = 1";
    let db = db.to_str().unwrap();
    tokio::runtime::Runtime::new().unwrap().block_on(async {
        let ((version, snapshot), appended): ((i64, String), i64) = if db.starts_with("postgres") {
            let pool = sqlx::PgPool::connect(db).await.unwrap();
            let game = sqlx::query_as(GAME).fetch_one(&pool).await.unwrap();
            let n = sqlx::query_scalar(APPENDED).fetch_one(&pool).await.unwrap();
            pool.close().await;
            (game, n)
        } else {
            let pool = sqlx::SqlitePool::connect(&format!("sqlite:{db}"))
                .await
                .unwrap();
            let game = sqlx::query_as(GAME).fetch_one(&pool).await.unwrap();
            let n = sqlx::query_scalar(APPENDED).fetch_one(&pool).await.unwrap();
            pool.close().await;
            (game, n)
        };
        let snapshot: serde_json::Value = serde_json::from_str(&snapshot).unwrap();
        let actions = snapshot["actions"].as_array().map_or(0, |a| a.len());
        (version, actions, appended)
    })
}

#[test]
fn a_game_killed_mid_way_resumes_from_the_same_state() {
    let dir = tempfile::tempdir().unwrap();
    killed_mid_way_and_resumed(dir.path().join("crash.db").as_os_str());
}

/// The same with the ledger on PostgreSQL (when the run has one).
#[test]
fn a_game_killed_mid_way_resumes_from_the_same_state_on_postgres() {
    if db::postgres_url().is_none() {
        return;
    }
    let rt = tokio::runtime::Runtime::new().unwrap();
    let test_db = rt.block_on(db::TestDb::new(db::Backend::Postgres)).unwrap();
    killed_mid_way_and_resumed(std::ffi::OsStr::new(&test_db.url));
}

fn killed_mid_way_and_resumed(db: &std::ffi::OsStr) {
    let (mut child, rx) = start(db);
    let mut stdin = child.stdin.take().unwrap();
    until_turns(&rx, 1);
    stdin.write_all(b"auto\n").unwrap();
    stdin.flush().unwrap();
    let lines = until_turns(&rx, 1);
    let hand = last_starting(&lines, "Your hand");
    let table = last_starting(&lines, "Landlord: ");
    assert!(hand.starts_with("Your hand ("), "{lines:?}");
    // Waiting on the player, mid-game: kill it without warning (SIGKILL).
    child.kill().unwrap();
    child.wait().unwrap();
    drop(stdin);
    // What the killed run left: the game's first snapshot (the deal, no
    // action) and every move since as one appended row; the resume below
    // replays them.
    let (version, snapshot_actions, appended) = stored_moves(db);
    assert!(version > 0, "moves were made before the kill");
    assert_eq!(snapshot_actions, 0);
    assert_eq!(appended, version);

    let (mut child, rx) = start(db);
    let mut stdin = child.stdin.take().unwrap();
    let lines = until_turns(&rx, 1);
    assert!(
        lines.iter().any(|l| l.starts_with("=== Resuming game #1")),
        "{lines:?}"
    );
    assert_eq!(last_starting(&lines, "Your hand"), hand, "same hand");
    assert_eq!(last_starting(&lines, "Landlord: "), table, "same table");
    stdin
        .write_all(("auto\n".repeat(40) + "n\n").as_bytes())
        .unwrap();
    drop(stdin);
    let mut rest = Vec::new();
    while let Ok(line) = rx.recv_timeout(Duration::from_secs(60)) {
        rest.push(line);
    }
    assert!(child.wait().unwrap().success());
    assert!(
        rest.iter().any(|l| l.starts_with("Your balance: ")),
        "{rest:?}"
    );

    let out = paiju()
        .args(["ledger", "verify", "--database"])
        .arg(db)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
}

/// Issue #18: sharded bots on one PostgreSQL, real processes against the
/// fake Discord (one gateway session per shard, a guild on each). A holds
/// the shard of the fake's first guild, B the other one; a Dou Dizhu game
/// is started on each through its guild's channel. A third process asking
/// for A's shard while A lives is refused with A's pid; A is killed
/// (SIGKILL) and the process started in its place takes its shard over at
/// once (same host, dead pid), re-posts A's table and plays on there, while
/// B plays on at its own; the ledger verifies clean.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_killed_bots_shard_is_taken_over_by_the_next_process() {
    use paiju::ledger::Shards;
    if db::postgres_url().is_none() {
        return;
    }
    let test_db = db::TestDb::new(db::Backend::Postgres).await.unwrap();
    let fake = fake_discord::FakeDiscord::start().await;
    let mine = Shards::of_guild(fake_discord::GUILD_ID, 2);
    let other = 1 - mine;
    let dirs: Vec<_> = (0..4).map(|_| tempfile::tempdir().unwrap()).collect();
    let bot_on = |shard: u32, dir: &Path| {
        let shard = shard.to_string();
        bot::BotProcess::start(
            &fake.api_url(),
            dir,
            &[
                ("PAIJU_DATABASE_URL", test_db.url.as_str()),
                ("PAIJU_DISCORD_SHARDS", shard.as_str()),
                ("PAIJU_DISCORD_SHARD_COUNT", "2"),
            ],
        )
    };
    let lease_pid = |scope: String| {
        let url = test_db.url.clone();
        async move {
            use sqlx::Connection;
            let mut c = sqlx::PgConnection::connect(&url).await.unwrap();
            let pid: Option<i64> = sqlx::query_scalar("SELECT pid FROM leases WHERE scope = $1")
                .bind(scope)
                .fetch_optional(&mut c)
                .await
                .unwrap_or(None);
            let _ = c.close().await;
            pid
        }
    };
    let wait_lease = |shard: u32, pid: u32| {
        let scope = Shards::scope(shard, 2);
        let lease_pid = &lease_pid;
        async move {
            for _ in 0..300 {
                if lease_pid(scope.clone()).await == Some(i64::from(pid)) {
                    return;
                }
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
            panic!("{scope} was not taken by pid {pid}");
        }
    };

    let a = bot_on(mine, dirs[0].path());
    wait_lease(mine, a.pid()).await;
    let b = bot_on(other, dirs[1].path());
    wait_lease(other, b.pid()).await;
    fake.wait_ready(2).await;
    // The first guild is A's, the second B's.
    assert_eq!(Shards::of_guild(fake_discord::GUILD_2, 2), other);
    let a_table = start_game(&fake, fake_discord::CHANNEL_ID).await;
    let b_table = start_game(&fake, fake_discord::CHANNEL_2).await;

    let mut refused = bot_on(mine, dirs[2].path());
    let status = refused.wait_exit(Duration::from_secs(60)).expect("refused");
    assert!(!status.success(), "{}", refused.log_text());
    assert!(
        refused
            .log_text()
            .contains(&format!("another process (pid {}", a.pid())),
        "{}",
        refused.log_text()
    );

    let a_pid = a.pid();
    drop(a); // SIGKILL
    let c = bot_on(mine, dirs[3].path());
    wait_lease(mine, c.pid()).await;
    assert_ne!(c.pid(), a_pid);
    assert_eq!(
        lease_pid(Shards::scope(other, 2)).await,
        Some(i64::from(b.pid()))
    );
    fake.wait_ready(3).await;
    // C re-posts A's table (a new message) and the game goes on through it;
    // B's goes on where it was.
    fake.wait_for("A's table re-posted by C", 60, |f| {
        table_in(f, fake_discord::CHANNEL_ID).is_some_and(|m| m["id"] != a_table["id"])
    })
    .await;
    play_turn_in(&fake, fake_discord::CHANNEL_ID).await;
    assert_eq!(
        table_in(&fake, fake_discord::CHANNEL_2).unwrap()["id"],
        b_table["id"]
    );
    play_turn_in(&fake, fake_discord::CHANNEL_2).await;

    let ledger = paiju::ledger::Ledger::open_existing(&test_db.url)
        .await
        .unwrap();
    let report = ledger.verify().await.unwrap();
    assert!(report.is_clean(), "{}", report.render());
    ledger.close().await;
    let _ = c.stop();
    let _ = b.stop();
}

/// Issue #32: sharded bots on one PostgreSQL keep to one shard count and to
/// their own guilds. A and B hold shards `mine` and `other` of 2 (the fake
/// routes each guild's interactions to its shard's session); a game runs
/// in B's guild. A third bot started with `--shards 0-3 --shard-count 4` is
/// refused at start, naming both counts, and takes no lease; re-sharding
/// is refused while bots run. Interactions of B's guild delivered to A on
/// purpose (a command to open a table, `/daily`, a click on B's table) are
/// answered with a short "try again" and nothing moves: no second table
/// in B's channel, no daily paid. And once A's shard is taken from it (a
/// process that took over while A was paused), A — which still hears its
/// guild — pays no `/daily` and moves no chips there: the ledger checks the
/// guild's shard lease in the write itself.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sharded_bots_keep_to_one_shard_count_and_their_own_guilds() {
    use paiju::ledger::Shards;
    use serde_json::json;
    if db::postgres_url().is_none() {
        return;
    }
    let test_db = db::TestDb::new(db::Backend::Postgres).await.unwrap();
    let fake = fake_discord::FakeDiscord::start().await;
    let mine = Shards::of_guild(fake_discord::GUILD_ID, 2);
    let other = 1 - mine;
    assert_eq!(Shards::of_guild(fake_discord::GUILD_2, 2), other);
    let dirs: Vec<_> = (0..3).map(|_| tempfile::tempdir().unwrap()).collect();
    let bot_on = |shards: &str, count: &str, dir: &Path| {
        bot::BotProcess::start(
            &fake.api_url(),
            dir,
            &[
                ("PAIJU_DATABASE_URL", test_db.url.as_str()),
                ("PAIJU_DISCORD_SHARDS", shards),
                ("PAIJU_DISCORD_SHARD_COUNT", count),
            ],
        )
    };
    let count = |sql: &'static str| {
        let url = test_db.url.clone();
        async move {
            use sqlx::Connection;
            let mut c = sqlx::PgConnection::connect(&url).await.unwrap();
            let n: i64 = sqlx::query_scalar(sql).fetch_one(&mut c).await.unwrap();
            let _ = c.close().await;
            n
        }
    };
    let a = bot_on(&mine.to_string(), "2", dirs[0].path());
    let b = bot_on(&other.to_string(), "2", dirs[1].path());
    fake.wait_ready(2).await;
    for _ in 0..300 {
        if count("SELECT COUNT(*) FROM leases WHERE scope LIKE 'shard:%/2'").await == 2 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let b_table = start_game(&fake, fake_discord::CHANNEL_2).await;

    // Another shard count: refused at start, with both counts and the way out.
    let mut four = bot_on("0-3", "4", dirs[2].path());
    let status = four
        .wait_exit(Duration::from_secs(60))
        .expect("a bot with another shard count is refused");
    assert!(!status.success(), "{}", four.log_text());
    let log = four.log_text();
    assert!(
        log.contains("this database runs 2 shards")
            && log.contains("shard count 4")
            && log.contains("--shard-count 2")
            && log.contains("paiju ledger reshard"),
        "{log}"
    );
    assert_eq!(
        count("SELECT COUNT(*) FROM leases WHERE scope LIKE 'shard:%/4'").await,
        0
    );
    let reshard = terminal::paiju()
        .args(["ledger", "reshard", "--shard-count", "4", "--database"])
        .arg(&test_db.url)
        .output()
        .unwrap();
    assert!(
        !reshard.status.success()
            && String::from_utf8_lossy(&reshard.stderr).contains("another process"),
        "{reshard:?}"
    );

    // B's guild, delivered to A on purpose: refused, nothing done.
    const DAN: u64 = 100_000_000_000_000_004;
    let messages_before = fake.channel_messages(fake_discord::CHANNEL_2).len();
    let start = json!([{ "name": "start", "type": 1, "options": [
        { "name": "stake", "type": 4, "value": 10 }
    ] }]);
    let asked = [
        fake.via_shard(u64::from(mine), 2, |f| {
            f.command_in(fake_discord::CHANNEL_2, DAN, "en-US", "dou-dizhu", start)
        }),
        fake.via_shard(u64::from(mine), 2, |f| {
            f.command_in(fake_discord::CHANNEL_2, DAN, "en-US", "daily", json!([]))
        }),
        fake.via_shard(u64::from(mine), 2, |f| {
            f.click_on_in(
                fake_discord::CHANNEL_2,
                ANN,
                "en-US",
                b_table.clone(),
                &control(&b_table, "pj1:hand:"),
            )
        }),
    ];
    for id in asked {
        let answer = fake.wait_answer(id).await;
        assert!(
            answer.is_ephemeral()
                && answer
                    .text()
                    .contains("Another instance of the bot is serving this server"),
            "{answer:?}"
        );
    }
    let id = fake.via_shard(u64::from(mine), 2, |f| {
        f.command_in(fake_discord::CHANNEL_2, DAN, "zh-CN", "daily", json!([]))
    });
    let answer = fake.wait_answer(id).await;
    assert!(answer.text().contains("另一个实例"), "{answer:?}");
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert_eq!(
        fake.channel_messages(fake_discord::CHANNEL_2).len(),
        messages_before
    );
    assert_eq!(
        count("SELECT COUNT(*) FROM games WHERE status = 'running'").await,
        1
    );
    assert_eq!(
        count("SELECT COUNT(*) FROM journal WHERE reason = 'daily'").await,
        0
    );
    // Routed as Discord routes it, to B: paid.
    let id = fake.command_in(fake_discord::CHANNEL_2, DAN, "en-US", "daily", json!([]));
    let text = fake.wait_answer(id).await.text();
    assert!(text.contains("Your balance"), "{text}");
    assert_eq!(
        count("SELECT COUNT(*) FROM journal WHERE reason = 'daily'").await,
        1
    );

    // A's shard is taken from it (another process took over while A was
    // paused). A still hears its guild, but writes nothing there.
    for user in [DAN, ANN] {
        let id = fake.command_in(fake_discord::CHANNEL_ID, user, "en-US", "chips", json!([]));
        fake.wait_answer(id).await;
    }
    let now = paiju::ledger::now_unix();
    let taken = format!(
        "UPDATE leases SET owner = 'other@elsewhere#1', pid = 1, host = 'elsewhere', \
         expires_at = {} WHERE scope = '{}'",
        now + 3600,
        Shards::scope(mine, 2)
    );
    test_db.exec(&taken).await;
    let give = json!([
        { "name": "user", "type": 6, "value": ANN.to_string() },
        { "name": "amount", "type": 4, "value": 5 }
    ]);
    for id in [
        fake.command_in(fake_discord::CHANNEL_ID, DAN, "en-US", "daily", json!([])),
        fake.command_in(fake_discord::CHANNEL_ID, DAN, "en-US", "give", give),
    ] {
        let answer = fake.wait_answer(id).await;
        assert!(
            answer.is_ephemeral()
                && answer
                    .text()
                    .contains("Another instance of the bot is serving this server"),
            "{answer:?}"
        );
    }
    assert_eq!(
        count("SELECT COUNT(*) FROM journal WHERE reason IN ('daily', 'transfer')").await,
        1
    );

    let ledger = paiju::ledger::Ledger::open_existing(&test_db.url)
        .await
        .unwrap();
    let report = ledger.verify().await.unwrap();
    assert!(report.is_clean(), "{}", report.render());
    ledger.close().await;
    let _ = a.stop();
    let _ = b.stop();
}

/// Issue #14: a kill between creating a game and saving its first snapshot
/// lost the game ("could not be resumed (no snapshot was saved)"). Now the
/// game, its holds and its first snapshot are one transaction: killed at
/// any moment of its start, the next run finds either no game or one it
/// resumes, and the ledger verifies clean.
#[test]
fn a_game_killed_while_it_starts_is_never_lost() {
    let dir = tempfile::tempdir().unwrap();
    let mut resumed = 0;
    for i in 0..16u64 {
        let db = dir.path().join(format!("start{i}.db"));
        let (mut child, _rx) = start(&db);
        // Spread over the process's start: opening the ledger, the lease,
        // the table, the first deal and its save.
        thread::sleep(Duration::from_millis(i * 12));
        child.kill().unwrap();
        child.wait().unwrap();
        if !db.exists() {
            continue;
        }
        let out = paiju()
            .args(["play", "dou-dizhu", "--seed", "3", "--database"])
            .arg(&db)
            .stdin(Stdio::null())
            .output()
            .unwrap();
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(out.status.success(), "kill {i}: {text}");
        assert!(!text.contains("could not be resumed"), "kill {i}: {text}");
        if text.contains("=== Resuming game #1") {
            resumed += 1;
        }
        let verified = paiju()
            .args(["ledger", "verify", "--database"])
            .arg(&db)
            .output()
            .unwrap();
        assert!(
            verified.status.success(),
            "kill {i}: {}",
            String::from_utf8_lossy(&verified.stdout)
        );
    }
    assert!(resumed > 0, "no kill came after a game had started");
}

const ANN: u64 = 100_000_000_000_000_001;
const BOB: u64 = 100_000_000_000_000_002;
const CAT: u64 = 100_000_000_000_000_003;

/// The newest message of `channel` with a game's table controls.
fn table_in(fake: &fake_discord::FakeDiscord, channel: u64) -> Option<serde_json::Value> {
    fake.channel_messages(channel).into_iter().rev().find(|m| {
        fake_discord::custom_ids(m)
            .iter()
            .any(|id| id.starts_with("pj1:hand:") || id.starts_with("pj1:join:"))
    })
}

fn control(m: &serde_json::Value, prefix: &str) -> String {
    fake_discord::custom_ids(m)
        .into_iter()
        .rev()
        .find(|id| id.starts_with(prefix))
        .unwrap_or_else(|| panic!("no {prefix} on {m}"))
}

/// The member whose turn the table message marks (▶).
fn turn_of(m: &serde_json::Value) -> u64 {
    let text = fake_discord::message_text(m);
    let line = text.lines().find(|l| l.starts_with('▶')).unwrap();
    let at = line.find("<@").unwrap();
    let end = line[at..].find('>').unwrap();
    line[at + 2..at + end].parse().unwrap()
}

/// Ann opens a Dou Dizhu table in `channel`, Bob and Cat join, Ann starts,
/// and the first bidder bids 3: the game is in play. Returns the table
/// message.
async fn start_game(fake: &fake_discord::FakeDiscord, channel: u64) -> serde_json::Value {
    use serde_json::json;
    let start = json!([{ "name": "start", "type": 1, "options": [
        { "name": "stake", "type": 4, "value": 10 }
    ] }]);
    let id = fake.command_in(channel, ANN, "en-US", "dou-dizhu", start);
    fake.wait_answer(id).await;
    fake.wait_for("the lobby", 20, |f| table_in(f, channel).is_some())
        .await;
    let lobby = table_in(fake, channel).unwrap();
    for (user, button) in [(BOB, "pj1:join:"), (CAT, "pj1:join:"), (ANN, "pj1:start:")] {
        let id = fake.click_on_in(
            channel,
            user,
            "en-US",
            lobby.clone(),
            &control(&lobby, button),
        );
        let a = fake.wait_answer(id).await;
        assert_eq!(a.callback.as_ref().unwrap()["type"], 6, "{a:?}");
    }
    fake.wait_for("the bids", 20, |f| {
        table_in(f, channel).is_some_and(|m| {
            fake_discord::custom_ids(&m)
                .iter()
                .any(|id| id.starts_with("pj1:bid:"))
        })
    })
    .await;
    let table = table_in(fake, channel).unwrap();
    let id = fake.click_on_in(
        channel,
        turn_of(&table),
        "en-US",
        table.clone(),
        // Bid 3: the bidder is the landlord at once.
        &fake_discord::custom_ids(&table)
            .into_iter()
            .find(|id| id.starts_with("pj1:bid:") && id.ends_with(":3"))
            .unwrap_or_else(|| control(&table, "pj1:bid:")),
    );
    fake.wait_answer(id).await;
    fake.wait_for("the landlord", 20, |f| {
        table_in(f, channel).is_some_and(|m| fake_discord::message_text(&m).contains("Landlord:"))
    })
    .await;
    table_in(fake, channel).unwrap()
}

/// The member to play opens "My hand", asks for a hint and plays it (or
/// passes): the bot hosting `channel` answers each click and the table
/// message moves on.
async fn play_turn_in(fake: &fake_discord::FakeDiscord, channel: u64) {
    let table = table_in(fake, channel).unwrap();
    let user = turn_of(&table);
    let hand = control(&table, "pj1:hand:");
    let id = fake.click_on_in(channel, user, "en-US", table.clone(), &hand);
    let view = fake.wait_answer(id).await;
    assert!(view.text().contains("It is your turn"), "{view:?}");
    let view = fake_discord::private_message(&view);
    let ids = fake_discord::custom_ids(&view);
    let (hinted, button) = if !ids.iter().any(|id| id.starts_with("pj1:hint:")) {
        // 要不起: nothing beats the play, and Pass is the only control.
        let pass = control(&view, "pj1:pass:");
        (view, pass)
    } else {
        let id = fake.click_on_in(
            channel,
            user,
            "en-US",
            view.clone(),
            &control(&view, "pj1:hint:"),
        );
        let hinted = fake_discord::private_message(&fake.wait_answer(id).await);
        let play = control(&hinted, "pj1:play:");
        let button = if play.split(':').count() == 5 && !play.ends_with(':') {
            play
        } else {
            control(&hinted, "pj1:pass:")
        };
        (hinted, button)
    };
    let id = fake.click_on_in(channel, user, "en-US", hinted, &button);
    let done = fake.wait_answer(id).await;
    assert!(
        done.text().contains("You played") || done.text().contains("You passed"),
        "{done:?}"
    );
    fake.wait_for("the table to move on", 20, |f| {
        table_in(f, channel).is_some_and(|m| !fake_discord::custom_ids(&m).contains(&hand))
    })
    .await;
}

/// The variable that makes [`settling_child`] the child process of
/// [`settlements_acknowledged_before_a_kill_are_all_kept`]: its database.
const SETTLING_CHILD: &str = "PAIJU_TEST_SETTLING_CHILD";

/// A process settling games from 16 tasks at once is killed (SIGKILL) in
/// the middle of its writes; every settlement it had acknowledged is in
/// the database opened after it, and `verify` is clean. The ledger's writer
/// writes the log through its own file layer, which holds a frame's header
/// back to write it with its page (`crates/paiju-ledger/src/wal_vfs.rs`): nothing
/// acknowledged may have waited in it.
#[test]
fn settlements_acknowledged_before_a_kill_are_all_kept() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("settling.db");
    let mut child = std::process::Command::new(std::env::current_exe().unwrap())
        .args([
            "crash::settling_child",
            "--exact",
            "--ignored",
            "--nocapture",
            "--test-threads=1",
        ])
        .env(SETTLING_CHILD, &path)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    // Killed however this test ends: the child never stops by itself.
    struct Killed(Child);
    impl Drop for Killed {
        fn drop(&mut self) {
            let _ = self.0.kill();
            let _ = self.0.wait();
        }
    }
    let stdout = child.stdout.take().unwrap();
    let child = Killed(child);
    let mut acknowledged = Vec::new();
    for line in BufReader::new(stdout).lines().map_while(Result::ok) {
        if let Some(g) = line.strip_prefix("settled ") {
            acknowledged.push(g.parse::<u64>().unwrap());
            if acknowledged.len() == 400 {
                break;
            }
        }
    }
    drop(child);
    assert_eq!(acknowledged.len(), 400, "the child settled games");

    let rt = tokio::runtime::Runtime::new().unwrap();
    rt.block_on(async {
        let l = Ledger::open(path.to_str().unwrap(), settling_cfg())
            .await
            .unwrap();
        for &g in &acknowledged {
            let winner = l
                .existing_balance(SETTLING_SERVER, 3 * g + 1)
                .await
                .unwrap();
            let loser = l
                .existing_balance(SETTLING_SERVER, 3 * g + 2)
                .await
                .unwrap();
            assert_eq!((winner, loser), (Some(1002), Some(999)), "game {g}");
        }
        let report = l.verify().await.unwrap();
        assert!(report.is_clean(), "{report:?}");
        l.close().await;
    });
}

const SETTLING_SERVER: u64 = 5;

fn settling_cfg() -> LedgerConfig {
    LedgerConfig {
        starting_chips: 1000,
        daily_amount: 0,
        daily_cooldown_secs: 0,
        ..Default::default()
    }
}

/// The child of [`settlements_acknowledged_before_a_kill_are_all_kept`]
/// (run only by it, through [`SETTLING_CHILD`]): opens and settles games
/// from 16 tasks until it is killed, printing each settled game's number
/// once its settlement has returned.
#[test]
#[ignore = "the child process of settlements_acknowledged_before_a_kill_are_all_kept"]
fn settling_child() {
    let Some(path) = std::env::var_os(SETTLING_CHILD) else {
        return;
    };
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    rt.block_on(async move {
        let l = Ledger::open(path.to_str().unwrap(), settling_cfg())
            .await
            .unwrap();
        let next = std::sync::Arc::new(std::sync::atomic::AtomicU64::new(0));
        let mut tasks = tokio::task::JoinSet::new();
        for _ in 0..16 {
            let (l, next) = (l.clone(), next.clone());
            tasks.spawn(async move {
                loop {
                    let g = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    let id = l
                        .create_game(NewGame {
                            server: SETTLING_SERVER,
                            channel: g,
                            kind: "dou-dizhu".into(),
                            options: serde_json::json!({}),
                            seats: vec![Some(3 * g + 1), Some(3 * g + 2), Some(3 * g + 3)],
                            stake: 1,
                        })
                        .await
                        .unwrap();
                    let settlement = Settlement {
                        deltas: vec![2, -1, -1],
                        rake_percent: 0,
                        record: serde_json::json!({"game": "dou-dizhu", "actions": [g]}),
                        winners: vec![0],
                    };
                    l.settle(id, settlement).await.unwrap();
                    println!("settled {g}");
                }
            });
        }
        while tasks.join_next().await.is_some() {}
    });
}

/// Issue #32, through the real binary: a process that died between opening
/// a hand over at its deal (Paohuzi's compulsory 天胡) and settling it left
/// the game stored, unsettled, its snapshot the deal alone. The restart
/// cancelled it ("its snapshot is of a finished game") and the win was never
/// paid; the next `paiju play` resumes it now, pays it at once, and the
/// ledger verifies clean.
#[tokio::test]
async fn a_hand_won_at_its_deal_and_left_unsettled_is_paid_after_the_restart() {
    use paiju::games::paohuzi::{PaohuziRules, PaohuziTable};
    use paiju::games::Game;
    use paiju::table::TableStore;
    use rand::SeedableRng;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("tianhu.db");
    let seed = crate::promises::tianhu_seed();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let game = PaohuziTable::deal(PaohuziRules::default(), 3, &mut rng).unwrap();
    assert!(game.is_finished());
    let ledger = Ledger::open(path.to_str().unwrap(), LedgerConfig::default())
        .await
        .unwrap();
    TableStore::open_game(
        &ledger,
        paiju::table::NewGame {
            server: paiju::terminal::LOCAL_SERVER,
            channel: paiju::terminal::LOCAL_CHANNEL,
            kind: "paohuzi".into(),
            options: serde_json::json!({"stake": 10, "rules": {}, "seed": seed, "host": 1}),
            seats: vec![Some(paiju::terminal::LOCAL_USER), None, None],
            stake: 10,
            balances: Vec::new(),
        },
        Vec::new(),
        serde_json::to_value(game.record()).unwrap(),
    )
    .await
    .unwrap();
    ledger.close().await;

    let (ok, out, err) = terminal::play("paohuzi", &path, &[], "n\n");
    assert!(ok, "{err}\n{out}");
    assert!(out.contains("Resuming game #1"), "{out}");
    assert!(out.contains("Another game?"), "the hand was settled: {out}");
    let (clean, report) = terminal::verify(&path);
    assert!(clean, "{report}");
    let ledger = Ledger::open_existing(path.to_str().unwrap()).await.unwrap();
    assert!(ledger.unfinished_games().await.unwrap().is_empty());
    assert_ne!(
        ledger
            .balance(paiju::terminal::LOCAL_SERVER, paiju::terminal::LOCAL_USER)
            .await
            .unwrap(),
        1000,
        "the 天胡 moved chips"
    );
    ledger.close().await;
}
