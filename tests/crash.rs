//! The crash test: `paiju play` is killed (SIGKILL) in the middle of a game;
//! started again on the same database it resumes the game from the same
//! state, plays it to the end, and `paiju ledger verify` is clean.

#[path = "support/terminal.rs"]
mod terminal;

use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, Stdio};
use std::sync::mpsc;
use std::thread;
use std::time::Duration;

// The shared `paiju()` clears the locale variables: the test reads English
// prompts whatever language the machine is set to.
use terminal::paiju;

fn start(db: &Path) -> (Child, mpsc::Receiver<String>) {
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
fn stored_moves(db: &Path) -> (i64, usize, i64) {
    let url = format!("sqlite:{}", db.display());
    tokio::runtime::Runtime::new().unwrap().block_on(async {
        let pool = sqlx::SqlitePool::connect(&url).await.unwrap();
        let (version, snapshot): (i64, String) =
            sqlx::query_as("SELECT version, snapshot FROM games WHERE id = 1")
                .fetch_one(&pool)
                .await
                .unwrap();
        let appended: i64 =
            sqlx::query_scalar("SELECT COUNT(*) FROM game_actions WHERE game_id = 1")
                .fetch_one(&pool)
                .await
                .unwrap();
        pool.close().await;
        let snapshot: serde_json::Value = serde_json::from_str(&snapshot).unwrap();
        let actions = snapshot["actions"].as_array().map_or(0, |a| a.len());
        (version, actions, appended)
    })
}

#[test]
fn a_game_killed_mid_way_resumes_from_the_same_state() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("crash.db");

    let (mut child, rx) = start(&db);
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
    let (version, snapshot_actions, appended) = stored_moves(&db);
    assert!(version > 0, "moves were made before the kill");
    assert_eq!(snapshot_actions, 0);
    assert_eq!(appended, version);

    let (mut child, rx) = start(&db);
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
        .arg(&db)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
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
