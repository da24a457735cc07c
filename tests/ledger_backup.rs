//! `paiju ledger backup FILE`: a copy of a live SQLite ledger, taken while
//! games settle on it, verifies clean, holds every chip as a ledger must,
//! and can be put back in place and written to; PostgreSQL and an
//! existing file are refused.

use paiju::ledger::{Ledger, LedgerConfig, NewGame, Settlement};
use serde_json::json;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

const SERVER: u64 = 21;
const TASKS: u64 = 8;

fn paiju(args: &[&str]) -> (i32, String, String) {
    crate::support::terminal::run_paiju(args)
}

/// Games of two members and an AI seat, opened and settled one after the
/// other by `task` until `stop`: zero-sum between the members, or the AI
/// seat losing to them (the house mints what it pays).
async fn settle_games(ledger: Ledger, task: u64, stop: Arc<AtomicBool>, settled: Arc<AtomicU64>) {
    let (a, b) = (task * 2 + 1, task * 2 + 2);
    let mut n: i64 = 0;
    while !stop.load(Ordering::Relaxed) {
        let game = ledger
            .create_game(NewGame {
                server: SERVER,
                channel: 1000 + task,
                kind: "dou-dizhu".into(),
                options: json!({}),
                seats: vec![Some(a), Some(b), None],
                stake: 1,
            })
            .await
            .unwrap();
        let deltas = match n % 3 {
            0 => vec![1, -1, 0],
            1 => vec![-1, 1, 0],
            _ => vec![1, 1, -2],
        };
        ledger
            .settle(
                game,
                Settlement {
                    deltas,
                    rake_percent: 0,
                    record: json!({ "game": game }),
                    winners: vec![0],
                },
            )
            .await
            .unwrap();
        n += 1;
        settled.fetch_add(1, Ordering::Relaxed);
    }
}

async fn wait_for(what: &str, settled: &AtomicU64, at_least: u64) {
    let deadline = Instant::now() + Duration::from_secs(60);
    while settled.load(Ordering::Relaxed) < at_least {
        assert!(
            Instant::now() < deadline,
            "{what}: only {settled:?} settled"
        );
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
}

/// One figure of a SQLite file, read with its own connection.
async fn scalar(file: &std::path::Path, sql: &str) -> i64 {
    use sqlx::{ConnectOptions, Connection};
    let mut conn = sqlx::sqlite::SqliteConnectOptions::new()
        .filename(file)
        .read_only(true)
        .connect()
        .await
        .unwrap();
    let v: Option<i64> = sqlx::query_scalar(sql).fetch_one(&mut conn).await.unwrap();
    conn.close().await.unwrap();
    v.unwrap_or(0)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_backup_taken_while_games_settle_verifies_and_restores() {
    let dir = tempfile::tempdir().unwrap();
    let live = dir.path().join("paiju.db");
    let url = live.to_str().unwrap().to_string();
    let ledger = Ledger::open(&url, LedgerConfig::default()).await.unwrap();
    let stop = Arc::new(AtomicBool::new(false));
    let settled = Arc::new(AtomicU64::new(0));
    let tasks: Vec<_> = (0..TASKS)
        .map(|t| {
            tokio::spawn(settle_games(
                ledger.clone(),
                t,
                stop.clone(),
                settled.clone(),
            ))
        })
        .collect();
    wait_for("before the backup", &settled, 100).await;

    // The backup, by the command an operator runs: another process, on its
    // own connection, while the writer above commits game after game.
    let copy = dir.path().join("backup.db");
    let before = settled.load(Ordering::Relaxed);
    let (code, out, err) = {
        let (url, copy) = (url.clone(), copy.to_str().unwrap().to_string());
        tokio::task::spawn_blocking(move || paiju(&["ledger", "backup", &copy, "--database", &url]))
            .await
            .unwrap()
    };
    let during = settled.load(Ordering::Relaxed);
    assert_eq!(code, 0, "stdout: {out}\nstderr: {err}");
    assert!(out.contains("written to") && out.contains("OK"), "{out}");
    assert!(during > before, "games settled while the backup ran");
    // The live ledger moves on past the copy.
    wait_for("after the backup", &settled, during + 50).await;
    stop.store(true, Ordering::Relaxed);
    for t in tasks {
        t.await.unwrap();
    }
    let total = settled.load(Ordering::Relaxed);
    let live_report = ledger.verify().await.unwrap();
    assert!(live_report.is_clean(), "{}", live_report.render());
    ledger.close().await;

    // The copy verifies clean, by the command too.
    let (code, out, err) = paiju(&["ledger", "verify", "--database", copy.to_str().unwrap()]);
    assert_eq!(code, 0, "stdout: {out}\nstderr: {err}");

    // It is one moment of the live ledger: every game it has finished is
    // whole (a game, its seats' journal rows, its record), and it holds
    // the games settled before the backup began and not those after it.
    let finished = scalar(
        &copy,
        "SELECT COUNT(*) FROM games WHERE status = 'finished'",
    )
    .await;
    assert!(
        finished as u64 >= before && (finished as u64) < total,
        "the copy has {finished} finished games: {before} were settled before it, {total} in all"
    );
    let running = scalar(
        &copy,
        "SELECT COUNT(*) FROM games WHERE status <> 'finished'",
    )
    .await;
    assert!(
        running <= TASKS as i64,
        "only the games in flight at that moment run in the copy: {running}"
    );
    assert_eq!(
        scalar(&copy, "SELECT COUNT(*) FROM game_records").await,
        finished,
        "each finished game with its record"
    );
    // The sums: every balance is its journal; the members' settlements
    // between them are zero-sum; so all the chips are the starting grants
    // plus what the house paid.
    assert_eq!(
        scalar(
            &copy,
            "SELECT COUNT(*) FROM accounts a WHERE a.balance <> \
             (SELECT COALESCE(SUM(j.amount), 0) FROM journal j \
              WHERE j.server_id = a.server_id AND j.user_id = a.user_id)"
        )
        .await,
        0,
        "an account whose balance is not its journal"
    );
    assert_eq!(
        scalar(
            &copy,
            "SELECT SUM(amount) FROM journal WHERE reason = 'settlement'"
        )
        .await,
        0
    );
    let balances = scalar(&copy, "SELECT SUM(balance) FROM accounts").await;
    let minted = scalar(
        &copy,
        "SELECT SUM(amount) FROM journal WHERE reason IN ('starting', 'house')",
    )
    .await;
    assert_eq!(balances, minted, "the copy's chips are what was minted");
    assert_eq!(
        scalar(&copy, "SELECT COUNT(*) FROM accounts").await,
        (TASKS * 2) as i64
    );

    // Restored: the copy put in place of a lost ledger opens as the bot
    // opens it (read-write, migrations checked) and takes writes.
    let restored = dir.path().join("restored.db");
    std::fs::copy(&copy, &restored).unwrap();
    let l = Ledger::open(restored.to_str().unwrap(), LedgerConfig::default())
        .await
        .unwrap();
    // A game the backup caught mid-play is in the copy too, its seats'
    // chips locked, as the bot would find it after a crash: called off here
    // (the bot resumes or cancels it), and the chips move again.
    let caught = l.unfinished_games().await.unwrap();
    assert!(caught.len() <= TASKS as usize);
    for game in caught {
        l.cancel(game.id, "restored from a backup").await.unwrap();
    }
    l.transfer(SERVER, 1, 2, 5, "after-restore").await.unwrap();
    let report = l.verify().await.unwrap();
    assert!(report.is_clean(), "{}", report.render());
    l.close().await;
}

#[test]
fn a_backup_refuses_postgres_and_an_existing_file() {
    let dir = tempfile::tempdir().unwrap();
    let taken = dir.path().join("taken.db");
    std::fs::write(&taken, b"not mine to overwrite").unwrap();
    let live = dir.path().join("paiju.db");
    let rt = tokio::runtime::Runtime::new().unwrap();
    rt.block_on(async {
        let l = Ledger::open(live.to_str().unwrap(), LedgerConfig::default())
            .await
            .unwrap();
        l.balance(SERVER, 1).await.unwrap();
        l.close().await;
    });

    let (code, out, err) = paiju(&[
        "ledger",
        "backup",
        taken.to_str().unwrap(),
        "--database",
        live.to_str().unwrap(),
    ]);
    assert_eq!(code, 2, "stdout: {out}\nstderr: {err}");
    assert!(
        err.contains("already exists") && err.contains("never overwrites"),
        "{err}"
    );
    assert_eq!(std::fs::read(&taken).unwrap(), b"not mine to overwrite");

    let copy = dir.path().join("pg.dump");
    let (code, _, err) = paiju(&[
        "ledger",
        "backup",
        copy.to_str().unwrap(),
        "--database",
        "postgres://paiju:secret@db.invalid/paiju",
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("pg_dump") && err.contains("pg_restore"),
        "{err}"
    );
    assert!(!err.contains("secret"), "the password is not shown: {err}");
    assert!(!copy.exists());

    // No ledger there: refused, nothing made.
    let missing = dir.path().join("none.db");
    let (code, _, err) = paiju(&[
        "ledger",
        "backup",
        copy.to_str().unwrap(),
        "--database",
        missing.to_str().unwrap(),
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("no ledger"), "{err}");
    assert!(!copy.exists() && !missing.exists());
}
