//! `paiju ledger verify`: exit 0 on a good database, non-zero with a report
//! naming the mismatch on a tampered one.

use crate::support::db;

use db::{Backend, TestDb};
use paiju::ledger::{Ledger, LedgerConfig, NewGame, Settlement};
use serde_json::json;
use std::process::Command;

fn verify(db: impl AsRef<std::ffi::OsStr>) -> (i32, String, String) {
    let db = db.as_ref();
    crate::support::terminal::run_paiju([
        std::ffi::OsStr::new("ledger"),
        std::ffi::OsStr::new("verify"),
        std::ffi::OsStr::new("--database"),
        db,
    ])
}

async fn populated(url: &str) {
    let l = Ledger::open(url, LedgerConfig::default()).await.unwrap();
    l.transfer(10, 1, 2, 250, "gift").await.unwrap();
    let g = l
        .create_game(NewGame {
            server: 10,
            channel: 5,
            kind: "dou-dizhu".into(),
            options: json!({}),
            seats: vec![Some(1), Some(2), None],
            stake: 1,
        })
        .await
        .unwrap();
    l.settle(
        g,
        Settlement {
            deltas: vec![-6, 3, 3],
            rake_percent: 0,
            record: json!({}),
            winners: vec![1, 2],
        },
    )
    .await
    .unwrap();
    // One game still running, with chips held.
    let g = l
        .create_game(NewGame {
            server: 11,
            channel: 6,
            kind: "duan-guozi".into(),
            options: json!({}),
            seats: vec![Some(1), Some(3)],
            stake: 5,
        })
        .await
        .unwrap();
    l.hold(g, 3, 5, "ante").await.unwrap();
    l.close().await;
}

/// On SQLite and on PostgreSQL: the command takes either URL.
async fn verify_passes_on_a_good_database_and_names_a_tampered_balance(b: Backend) {
    let db = TestDb::new(b).await.unwrap();
    populated(&db.url).await;

    let (code, out, err) = verify(&db.url);
    assert_eq!(code, 0, "stdout: {out}\nstderr: {err}");
    assert!(out.contains("server 10:"), "{out}");
    assert!(out.contains("held 5 in 1 running game(s)"), "{out}");
    assert!(out.contains("OK"), "{out}");

    db.exec("UPDATE accounts SET balance = 9999 WHERE server_id = 10 AND user_id = 2")
        .await;

    let (code, out, _) = verify(&db.url);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("FAILED"), "{out}");
    assert!(
        out.contains("server 10 user 2: balance 9999 but the journal sums to 1253"),
        "{out}"
    );
    assert!(out.contains("server 10: balances"), "{out}");
}

on_every_database!(verify_passes_on_a_good_database_and_names_a_tampered_balance);

#[test]
fn verify_refuses_a_missing_database() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("nothing.db");
    let (code, _, err) = verify(&db);
    assert_eq!(code, 2);
    assert!(err.contains("cannot open"), "{err}");
    assert!(!db.exists());
}

/// Issue #32: a URL that fails to open was printed with its password.
/// Every path that names the database — `ledger verify`, `paiju play`, the
/// bot — prints it with the password as `***`. (The URL is refused at
/// once: `sslmode=verify-ca`, which the TLS library cannot do without the
/// host-name check libpq skips, is refused rather than quietly checked as
/// verify-full.)
#[test]
fn a_database_url_is_never_printed_with_its_password() {
    let url = "postgres://paiju:s3cret@127.0.0.1:1/paiju?sslmode=verify-ca";
    let (code, out, err) = verify(url);
    assert_eq!(code, 2, "{out}");
    assert!(!err.contains("s3cret"), "{err}");
    assert!(err.contains("paiju:***@127.0.0.1"), "{err}");
    assert!(err.contains("verify-full"), "what to use instead: {err}");

    let dir = tempfile::tempdir().unwrap();
    let play = Command::new(env!("CARGO_BIN_EXE_paiju"))
        .args(["play", "dou-dizhu", "--database", url])
        .env_remove("PAIJU_DATABASE_URL")
        .current_dir(dir.path())
        .stdin(std::process::Stdio::null())
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&play.stderr);
    assert!(!play.status.success());
    assert!(!err.contains("s3cret"), "{err}");
    assert!(err.contains("***"), "{err}");

    let bot = Command::new(env!("CARGO_BIN_EXE_paiju"))
        .env_clear()
        .env("PATH", std::env::var("PATH").unwrap_or_default())
        .env("DISCORD_TOKEN", "fake.bot.token")
        .env("PAIJU_DATABASE_URL", url)
        .current_dir(dir.path())
        .stdin(std::process::Stdio::null())
        .output()
        .unwrap();
    let said = format!(
        "{}{}",
        String::from_utf8_lossy(&bot.stdout),
        String::from_utf8_lossy(&bot.stderr)
    );
    assert!(!bot.status.success(), "{said}");
    assert!(!said.contains("s3cret"), "{said}");
    assert!(said.contains("***"), "{said}");
}

/// Issue #32: `ledger verify` opens read-only, yet could not read a ledger
/// whose folder takes no write (a read-only filesystem, a mounted backup):
/// SQLite could not make the `-shm` file a write-ahead-log database needs.
/// It opens such a ledger `immutable` now, and says so. As root (CI) the
/// folder's permissions bind nobody, so the check runs as `nobody`.
#[tokio::test]
async fn verify_reads_a_ledger_in_a_folder_that_takes_no_write() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let folder = dir.path().join("backup");
    std::fs::create_dir(&folder).unwrap();
    let path = folder.join("paiju.db");
    populated(path.to_str().unwrap()).await;
    assert!(
        !folder.join("paiju.db-wal").exists()
            || std::fs::metadata(folder.join("paiju.db-wal"))
                .unwrap()
                .len()
                == 0,
        "a ledger closed cleanly leaves no log"
    );
    for f in std::fs::read_dir(&folder).unwrap() {
        let f = f.unwrap().path();
        std::fs::set_permissions(&f, std::fs::Permissions::from_mode(0o644)).unwrap();
    }
    std::fs::set_permissions(&folder, std::fs::Permissions::from_mode(0o555)).unwrap();
    std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o755)).unwrap();
    let root = std::process::Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|o| o.stdout.starts_with(b"0\n"));
    let mut command = if root {
        let mut c = Command::new("setpriv");
        c.args(["--reuid=65534", "--regid=65534", "--clear-groups"])
            .arg(env!("CARGO_BIN_EXE_paiju"));
        c
    } else {
        Command::new(env!("CARGO_BIN_EXE_paiju"))
    };
    let out = command
        .args(["ledger", "verify", "--database"])
        .arg(&path)
        .env_remove("PAIJU_DATABASE_URL")
        .current_dir("/")
        .output()
        .unwrap();
    let (stdout, stderr) = (
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr),
    );
    std::fs::set_permissions(&folder, std::fs::Permissions::from_mode(0o755)).unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "stdout: {stdout}\nstderr: {stderr}"
    );
    assert!(stdout.contains("held 5 in 1 running game(s)"), "{stdout}");
    assert!(stderr.contains("immutable"), "{stderr}");
}
