//! A server's own settings in the ledger (issue #34), on a real SQLite file
//! and on PostgreSQL: a change is journaled and compare-and-set, and the
//! chips settings hold in the transactions that move chips — one server's
//! settings never reach another's.

use crate::support::db;

use db::{Backend, TestDb};

use paiju::ledger::server_settings::names;
use paiju::ledger::{Ledger, LedgerConfig, LedgerError, SettingChange};

const S: u64 = 1; // a server that changes its settings
const OTHER: u64 = 2; // a server that does not
const ADMIN: u64 = 9;
const ANN: u64 = 10;
const BOB: u64 = 11;

async fn ledger(b: Backend) -> (TestDb, Ledger) {
    let db = TestDb::new(b).await.unwrap();
    let cfg = LedgerConfig {
        starting_chips: 1000,
        daily_amount: 100,
        daily_cooldown_secs: 3600,
        ..Default::default()
    };
    let l = Ledger::open(&db.url, cfg).await.unwrap();
    (db, l)
}

fn set(name: &str, old: Option<&str>, new: Option<&str>) -> SettingChange {
    SettingChange {
        name: name.to_string(),
        old: old.map(str::to_string),
        new: new.map(str::to_string),
    }
}

async fn changes_are_journaled_and_compare_and_set(b: Backend) {
    let (_db, l) = ledger(b).await;
    assert!(l.server_settings(S).await.unwrap().is_empty());
    let n = l
        .change_server_settings(
            S,
            &[
                set(names::STARTING, None, Some("500")),
                set("game.shengji.stake", None, Some("25")),
            ],
            ADMIN,
            1_000,
        )
        .await
        .unwrap();
    assert_eq!(n, 2);
    let stored = l.server_settings(S).await.unwrap();
    assert_eq!(stored.get(names::STARTING).map(String::as_str), Some("500"));
    assert!(l.server_settings(OTHER).await.unwrap().is_empty());

    // Another admin read the old value: the whole change is refused and
    // nothing of it is written.
    let stale = l
        .change_server_settings(
            S,
            &[
                set(names::DAILY, None, Some("5")),
                set(names::STARTING, None, Some("700")),
            ],
            ADMIN + 1,
            2_000,
        )
        .await
        .unwrap_err();
    assert!(matches!(stale, LedgerError::SettingChanged { ref name } if name == names::STARTING));
    assert_eq!(stale.key(), "err-setting-changed");
    assert!(!l
        .server_settings(S)
        .await
        .unwrap()
        .contains_key(names::DAILY));

    // Back to the default; the journal has every change, newest first.
    l.change_server_settings(S, &[set(names::STARTING, Some("500"), None)], ADMIN, 3_000)
        .await
        .unwrap();
    let log = l.server_settings_log(S, 10).await.unwrap();
    assert_eq!(log.len(), 3);
    assert_eq!(log[0].name, names::STARTING);
    assert_eq!(log[0].old.as_deref(), Some("500"));
    assert_eq!(log[0].new, None);
    assert_eq!((log[0].by, log[0].at), (ADMIN, 3_000));
    assert!(l.server_settings_log(OTHER, 10).await.unwrap().is_empty());

    // A mark is set once and is no journaled change.
    assert!(l.mark_once(S, "told.admin").await.unwrap());
    assert!(!l.mark_once(S, "told.admin").await.unwrap());
    assert_eq!(l.server_settings_log(S, 10).await.unwrap().len(), 3);
}

async fn chips_settings_hold_where_chips_move(b: Backend) {
    let (_db, l) = ledger(b).await;
    l.change_server_settings(
        S,
        &[
            set(names::STARTING, None, Some("500")),
            set(names::DAILY, None, Some("0")),
            set(names::GIVE_DAILY_LIMIT, None, Some("300")),
        ],
        ADMIN,
        1,
    )
    .await
    .unwrap();
    // Starting chips: this server's, and the config's elsewhere.
    assert_eq!(l.balance(S, ANN).await.unwrap(), 500);
    assert_eq!(l.balance(OTHER, ANN).await.unwrap(), 1000);
    // No daily chips here (a refusal in words, not an internal error).
    let off = l.daily(S, ANN, 10).await.unwrap_err();
    assert_eq!(off.key(), "err-daily-off");
    assert!(l.daily(OTHER, ANN, 10).await.is_ok());

    // At most 300 given in 24 hours; a replayed gift moves nothing twice
    // and is not refused.
    l.transfer(S, ANN, BOB, 200, "gift-1").await.unwrap();
    l.transfer(S, ANN, BOB, 200, "gift-1").await.unwrap();
    let limit = l.transfer(S, ANN, BOB, 101, "gift-2").await.unwrap_err();
    assert!(
        matches!(
            limit,
            LedgerError::GiveLimit {
                limit: 300,
                given: 200,
                amount: 101
            }
        ),
        "{limit:?}"
    );
    l.transfer(S, ANN, BOB, 100, "gift-3").await.unwrap();
    assert_eq!(l.balance(S, ANN).await.unwrap(), 200);
    assert_eq!(l.balance(S, BOB).await.unwrap(), 800);

    // /give turned off: refused, nothing moves.
    l.change_server_settings(
        S,
        &[set(names::GIVE_ALLOWED, None, Some("false"))],
        ADMIN,
        2,
    )
    .await
    .unwrap();
    let off = l.transfer(S, BOB, ANN, 1, "gift-4").await.unwrap_err();
    assert_eq!(off.key(), "err-give-off");
    assert_eq!(l.balance(S, BOB).await.unwrap(), 800);
    // The other server gives as it always did.
    l.transfer(OTHER, ANN, BOB, 900, "gift-5").await.unwrap();

    let r = l.verify().await.unwrap();
    assert!(r.is_clean(), "{}", r.render());
}

on_every_database!(
    changes_are_journaled_and_compare_and_set,
    chips_settings_hold_where_chips_move,
);
