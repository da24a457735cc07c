//! Issue #17 item 13 in the ledger: the messages a front end posted for a
//! running game survive a restart (the ledger closed and opened again), on
//! SQLite and PostgreSQL, one per (game, user), the latest kept.

use crate::support::db::{Backend, TestDb};
use paiju::ledger::{GameMessage, Ledger, LedgerConfig, NewGame};

fn game(seats: Vec<Option<u64>>) -> NewGame {
    NewGame {
        server: 5,
        channel: 77,
        kind: "dou-dizhu".into(),
        options: serde_json::json!({}),
        seats,
        stake: 10,
    }
}

async fn a_games_messages_are_read_back_after_a_restart(b: Backend) {
    let db = TestDb::new(b).await.unwrap();
    let ledger = Ledger::open(&db.url, LedgerConfig::default())
        .await
        .unwrap();
    let g = ledger
        .create_game(game(vec![Some(11), Some(12), None]))
        .await
        .unwrap();
    let other = ledger
        .create_game(game(vec![Some(13), None, None]))
        .await
        .unwrap();
    let table = |message| GameMessage {
        user: None,
        channel: 77,
        message,
    };
    let dm = |user, message| GameMessage {
        user: Some(user),
        channel: 900 + user,
        message,
    };
    ledger.save_game_message(g, table(1000)).await.unwrap();
    ledger.save_game_message(g, dm(12, 1002)).await.unwrap();
    ledger.save_game_message(g, dm(11, 1001)).await.unwrap();
    // The table message posted again (deleted by someone) replaces the first.
    ledger.save_game_message(g, table(1003)).await.unwrap();
    // Saving the same again changes nothing.
    ledger.save_game_message(g, dm(11, 1001)).await.unwrap();
    ledger.save_game_message(other, dm(13, 2000)).await.unwrap();
    // Snowflakes above i64::MAX are kept bit for bit.
    let big = u64::MAX - 7;
    ledger.save_game_message(other, table(big)).await.unwrap();
    // An unknown game is refused.
    assert!(ledger.save_game_message(999, table(1)).await.is_err());
    ledger.close().await;

    let ledger = Ledger::open(&db.url, LedgerConfig::default())
        .await
        .unwrap();
    assert_eq!(
        ledger.game_messages(g).await.unwrap(),
        vec![table(1003), dm(11, 1001), dm(12, 1002)]
    );
    let theirs = ledger.game_messages(other).await.unwrap();
    assert_eq!(theirs.len(), 2, "{theirs:?}");
    assert!(theirs.contains(&table(big)) && theirs.contains(&dm(13, 2000)));
    assert!(ledger.game_messages(999).await.unwrap().is_empty());
    ledger.close().await;
}

crate::on_every_database!(a_games_messages_are_read_back_after_a_restart);

/// Issue #36 in the ledger: the seats on 托管 of a running game survive a
/// restart, on SQLite and PostgreSQL; switching on twice keeps one row and
/// switching off removes it.
async fn a_games_autoplay_seats_are_read_back_after_a_restart(b: Backend) {
    let db = TestDb::new(b).await.unwrap();
    let ledger = Ledger::open(&db.url, LedgerConfig::default())
        .await
        .unwrap();
    let g = ledger
        .create_game(game(vec![Some(21), Some(22), Some(23)]))
        .await
        .unwrap();
    let other = ledger
        .create_game(game(vec![Some(24), None, None]))
        .await
        .unwrap();
    ledger.set_autoplay(g, 2, true).await.unwrap();
    ledger.set_autoplay(g, 0, true).await.unwrap();
    ledger.set_autoplay(g, 0, true).await.unwrap();
    ledger.set_autoplay(g, 1, true).await.unwrap();
    ledger.set_autoplay(g, 1, false).await.unwrap();
    ledger.set_autoplay(other, 0, true).await.unwrap();
    // Taking back a seat that is not on 托管 changes nothing.
    ledger.set_autoplay(other, 1, false).await.unwrap();
    assert!(
        ledger.set_autoplay(999, 0, true).await.is_err(),
        "no such game"
    );
    ledger.close().await;

    let ledger = Ledger::open(&db.url, LedgerConfig::default())
        .await
        .unwrap();
    assert_eq!(ledger.autoplay_seats(g).await.unwrap(), vec![0, 2]);
    assert_eq!(ledger.autoplay_seats(other).await.unwrap(), vec![0]);
    assert!(ledger.autoplay_seats(999).await.unwrap().is_empty());
    ledger.close().await;
}

crate::on_every_database!(a_games_autoplay_seats_are_read_back_after_a_restart);

/// Issue #36 in the ledger: a member's 要不起 preference (pass at once when
/// passing is the only move) is per member per server, off until switched
/// on, survives a restart on SQLite and PostgreSQL, and switching it twice
/// changes nothing more.
async fn a_members_autopass_choice_is_read_back_after_a_restart(b: Backend) {
    let db = TestDb::new(b).await.unwrap();
    let ledger = Ledger::open(&db.url, LedgerConfig::default())
        .await
        .unwrap();
    assert!(!ledger.autopass(5, 11).await.unwrap(), "off by default");
    ledger.set_autopass(5, 11, true).await.unwrap();
    ledger.set_autopass(5, 11, true).await.unwrap();
    ledger.set_autopass(5, 12, true).await.unwrap();
    ledger.set_autopass(5, 12, false).await.unwrap();
    // Switching off what is off changes nothing.
    ledger.set_autopass(5, 13, false).await.unwrap();
    // The same member on another server chose nothing there.
    ledger.set_autopass(6, 12, true).await.unwrap();
    // Ids above i64::MAX (Discord snowflakes never are, but the ledger
    // stores u64 ids) read back too.
    ledger
        .set_autopass(u64::MAX, u64::MAX - 1, true)
        .await
        .unwrap();
    ledger.close().await;

    let ledger = Ledger::open(&db.url, LedgerConfig::default())
        .await
        .unwrap();
    assert!(ledger.autopass(5, 11).await.unwrap());
    assert!(!ledger.autopass(5, 12).await.unwrap());
    assert!(!ledger.autopass(5, 13).await.unwrap());
    assert!(ledger.autopass(6, 12).await.unwrap());
    assert!(!ledger.autopass(6, 11).await.unwrap());
    assert!(ledger.autopass(u64::MAX, u64::MAX - 1).await.unwrap());
    ledger.set_autopass(5, 11, false).await.unwrap();
    assert!(!ledger.autopass(5, 11).await.unwrap());
    ledger.close().await;
}

crate::on_every_database!(a_members_autopass_choice_is_read_back_after_a_restart);
