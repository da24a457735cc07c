//! `paiju ledger verify`: exit 0 on a good database, non-zero with a report
//! naming the mismatch on a tampered one.

use crate::support::db;

use db::{Backend, TestDb};
use paiju::ledger::{Ledger, LedgerConfig, NewGame, Settlement};
use serde_json::json;
use std::process::Command;

fn verify(db: impl AsRef<std::ffi::OsStr>) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_paiju"))
        .args(["ledger", "verify", "--database"])
        .arg(db)
        .env_remove("PAIJU_DATABASE_URL")
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
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
