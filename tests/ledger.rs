//! The ledger on a real SQLite file and on PostgreSQL (when the run has
//! one, see `support/db.rs`): every operation and its refusals.

use crate::support::db;

use db::{Backend, TestDb};

use paiju::ledger::{GameStatus, Ledger, LedgerConfig, LedgerError, NewGame, Problem, Settlement};
use serde_json::json;

const S: u64 = 1; // a server
const OTHER: u64 = 2; // another server

fn cfg() -> LedgerConfig {
    LedgerConfig {
        starting_chips: 1000,
        daily_amount: 100,
        daily_cooldown_secs: 3600,
        ..Default::default()
    }
}

/// A fresh ledger on `b` (its database is dropped with the `TestDb`).
async fn ledger(b: Backend) -> (TestDb, Ledger) {
    let db = TestDb::new(b).await.unwrap();
    let l = Ledger::open(&db.url, cfg()).await.unwrap();
    (db, l)
}

async fn assert_clean(l: &Ledger) {
    let r = l.verify().await.unwrap();
    assert!(r.is_clean(), "{}", r.render());
}

fn game(seats: Vec<Option<u64>>) -> NewGame {
    NewGame {
        server: S,
        channel: 77,
        kind: "dou-dizhu".into(),
        options: json!({"bidding": "classic"}),
        seats,
        stake: 10,
    }
}

fn settlement(deltas: Vec<i64>, winners: Vec<usize>) -> Settlement {
    Settlement {
        deltas,
        rake_percent: 0,
        record: json!({"game": "dou-dizhu"}),
        winners,
    }
}

#[tokio::test]
async fn open_creates_the_file_in_wal_mode_and_reopens() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("new.db");
    assert!(!path.exists());
    let l = Ledger::open(path.to_str().unwrap(), cfg()).await.unwrap();
    assert_eq!(l.balance(S, 5).await.unwrap(), 1000);
    // While a connection is open, WAL mode keeps its side files (SQLite
    // removes them on a clean close, so check before closing).
    assert!(dir.path().join("new.db-wal").exists() || dir.path().join("new.db-shm").exists());
    l.close().await;
    assert!(path.exists());
    let header = std::fs::read(&path).unwrap();
    // Bytes 18 and 19 of the header are the read/write format versions: 2 means WAL.
    assert_eq!(
        (header[18], header[19]),
        (2, 2),
        "the database file is in WAL mode"
    );
    // sqlite: URLs work too, and the data is still there.
    let url = format!("sqlite://{}", path.display());
    let l = Ledger::open(&url, cfg()).await.unwrap();
    assert_eq!(l.balance(S, 5).await.unwrap(), 1000);
    assert_clean(&l).await;
}

/// `close` returns only once every connection of the ledger (writer,
/// readers, the checkpoint task's) is closed and its tasks have ended: a
/// plain connection opened right after gets the file to itself at once —
/// taking it out of WAL mode needs every other connection gone. (It did
/// not, one run in about fifteen on a loaded machine, before `close_fully`:
/// sqlx's pool close left the writer connection just let go open.)
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn after_close_another_connection_has_the_file_to_itself_at_once() {
    use sqlx::Connection;
    for round in 0..5 {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("closing.db");
        let l = Ledger::open(path.to_str().unwrap(), cfg()).await.unwrap();
        // Writes through the group writer (they wake the checkpoint task),
        // a read on a reader connection, and writes still queued at close.
        let g = l
            .create_game(game(vec![Some(1), Some(2), None]))
            .await
            .unwrap();
        l.append_action(g, 1, &json!({"seat": 0})).await.unwrap();
        assert_eq!(l.balance(S, 1).await.unwrap(), 1000);
        let late = {
            let l = l.clone();
            tokio::spawn(async move { l.append_action(g, 2, &json!({"seat": 1})).await })
        };
        tokio::task::yield_now().await;
        l.close().await;
        // Queued before the close, or refused after it: never half done.
        let _ = late.await.unwrap();
        let opts = sqlx::sqlite::SqliteConnectOptions::new()
            .filename(&path)
            .busy_timeout(std::time::Duration::ZERO);
        let mut c = sqlx::SqliteConnection::connect_with(&opts).await.unwrap();
        let mode: String = sqlx::query_scalar("PRAGMA journal_mode=DELETE")
            .fetch_one(&mut c)
            .await
            .unwrap_or_else(|e| panic!("round {round}: {e}"));
        assert_eq!(mode, "delete", "round {round}");
        sqlx::query("BEGIN EXCLUSIVE")
            .execute(&mut c)
            .await
            .unwrap();
        sqlx::query("COMMIT").execute(&mut c).await.unwrap();
        c.close().await.unwrap();
        // The last connection copied the log into the file and removed it.
        assert!(!dir.path().join("closing.db-wal").exists(), "round {round}");
        // Writes through a clone after the close are refused.
        assert!(l
            .create_game(game(vec![Some(3), None, None]))
            .await
            .is_err());
    }
}

/// Tables opening with nothing else written (a server filling its tables
/// after a restart) keep the write-ahead log bounded: their commits wake
/// the checkpoint task, and past 64 MB of log the writer copies it back
/// itself, as for the other game writes. Before, each opening took the
/// connection on a transaction of its own and the log grew with every one
/// (10,000 openings left 1.1 GB, and cutting it back stalled every table).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn tables_opening_alone_keep_the_log_bounded() {
    const OPENINGS: u64 = 2_000;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("openings.db");
    // A log of 16 MB before the writer starts it over (256 MB by default):
    // what the openings write is many times that.
    let l = Ledger::open(
        path.to_str().unwrap(),
        LedgerConfig {
            log_restart_bytes: 16 << 20,
            ..cfg()
        },
    )
    .await
    .unwrap();
    let wal = dir.path().join("openings.db-wal");
    let mut largest = 0;
    for i in 0..OPENINGS {
        l.open_game(
            game(vec![Some(10 * i + 1), Some(10 * i + 2), Some(10 * i + 3)]),
            &[],
            &[5, 5, 5],
            &json!({"deal": i}),
        )
        .await
        .unwrap();
        largest = largest.max(std::fs::metadata(&wal).map(|m| m.len()).unwrap_or(0));
    }
    // About 140 MB are written in all (the log grew to all of it before
    // openings joined the group writer); it stays near the 16 MB past which
    // the writer checkpoints. The checkpoint task looks four times a second,
    // so what the log gains past 16 MB is what the writer writes until then:
    // on a machine busy with the rest of the suite that reached 32 MB (the
    // writer writing faster than before), and 72 MB in a CI run beside a
    // release build: how far past 16 MB it gets is how long the machine
    // keeps the checkpoint task from running, so the bound is the one that
    // matters — well under the unbounded 140 MB — not a timing.
    assert!(largest < 100 << 20, "the log grew to {} MB", largest >> 20);
    assert_eq!(l.unfinished_games().await.unwrap().len() as u64, OPENINGS);
    assert_clean(&l).await;
}

#[tokio::test]
async fn open_refuses_bad_settings_and_missing_files() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("x.db");
    let bad = LedgerConfig {
        starting_chips: -1,
        ..cfg()
    };
    assert!(matches!(
        Ledger::open(path.to_str().unwrap(), bad).await,
        Err(LedgerError::BadInput(_))
    ));
    let tiny_log = LedgerConfig {
        log_restart_bytes: 4096,
        ..cfg()
    };
    assert!(matches!(
        Ledger::open(path.to_str().unwrap(), tiny_log).await,
        Err(LedgerError::BadInput(_))
    ));
    assert!(Ledger::open_existing(path.to_str().unwrap()).await.is_err());
    assert!(!path.exists());
    assert!(matches!(
        Ledger::open("mysql://nowhere/db", cfg()).await,
        Err(LedgerError::BadInput(_))
    ));
    // A PostgreSQL URL goes to PostgreSQL: a malformed one is refused at once.
    assert!(matches!(
        Ledger::open("postgres://u@127.0.0.1:notaport/db", cfg()).await,
        Err(LedgerError::Database(_))
    ));
}

async fn starting_grant_once_per_account_and_per_server(b: Backend) {
    let (_d, l) = ledger(b).await;
    assert_eq!(l.balance(S, 1).await.unwrap(), 1000);
    assert_eq!(l.balance(S, 1).await.unwrap(), 1000);
    assert_eq!(l.balance(OTHER, 1).await.unwrap(), 1000);
    let r = l.verify().await.unwrap();
    assert!(r.is_clean());
    assert_eq!(r.servers.len(), 2);
    assert_eq!(r.servers[0].minted, 1000);
    assert_eq!(r.journal_rows, 2);
}

async fn daily_claim_and_cooldown(b: Backend) {
    let (_d, l) = ledger(b).await;
    assert_eq!(l.daily(S, 1, 10_000).await.unwrap(), 1100);
    let e = l.daily(S, 1, 10_000 + 3599).await.unwrap_err();
    assert!(matches!(
        e,
        LedgerError::DailyCooldown {
            retry_in_secs: 1,
            available_at: 13_600
        }
    ));
    // The moment is typed: Discord shows it as `<t:13600:R>`, the terminal
    // as a time from now.
    let said = paiju::table::ledger_message(&e);
    assert_eq!(said.get("when"), Some(&paiju::message::Arg::Time(13_600)));
    assert_eq!(e.key(), "err-daily-cooldown");
    assert_eq!(l.balance(S, 1).await.unwrap(), 1100);
    assert_eq!(l.daily(S, 1, 10_000 + 3600).await.unwrap(), 1200);
    // A clock that went backwards is still refused, not a free claim.
    assert!(matches!(
        l.daily(S, 1, 0).await,
        Err(LedgerError::DailyCooldown { .. })
    ));
    assert_clean(&l).await;
}

async fn transfers_and_their_refusals(b: Backend) {
    let (_d, l) = ledger(b).await;
    l.transfer(S, 1, 2, 300, "t1").await.unwrap();
    assert_eq!(l.balance(S, 1).await.unwrap(), 700);
    assert_eq!(l.balance(S, 2).await.unwrap(), 1300);
    // Replaying the key does nothing more.
    l.transfer(S, 1, 2, 300, "t1").await.unwrap();
    assert_eq!(l.balance(S, 1).await.unwrap(), 700);
    // The same key for something else is refused.
    assert!(matches!(
        l.transfer(S, 1, 2, 5, "t1").await,
        Err(LedgerError::IdempotencyConflict { .. })
    ));
    for bad in [0, -5, i64::MIN] {
        let e = l.transfer(S, 1, 2, bad, "t2").await.unwrap_err();
        assert!(matches!(e, LedgerError::InvalidAmount { .. }), "{e}");
        assert_eq!(e.key(), "err-amount-positive");
    }
    assert!(matches!(
        l.transfer(S, 1, 2, 701, "t3").await,
        Err(LedgerError::InsufficientChips {
            balance: 700,
            needed: 701
        })
    ));
    assert!(matches!(
        l.transfer(S, 1, 2, i64::MAX, "t3").await,
        Err(LedgerError::InsufficientChips { .. })
    ));
    assert!(matches!(
        l.transfer(S, 1, 1, 5, "t4").await,
        Err(LedgerError::SelfTransfer)
    ));
    assert!(matches!(
        l.transfer(S, 1, 2, 5, "").await,
        Err(LedgerError::BadInput(_))
    ));
    // The whole balance may go.
    l.transfer(S, 1, 2, 700, "t5").await.unwrap();
    assert_eq!(l.balance(S, 1).await.unwrap(), 0);
    assert_eq!(l.balance(S, 2).await.unwrap(), 2000);
    // Same key in another server is a different transfer.
    l.transfer(OTHER, 1, 2, 300, "t1").await.unwrap();
    assert_eq!(l.balance(OTHER, 2).await.unwrap(), 1300);
    assert_clean(&l).await;
}

async fn a_seated_player_cannot_give_chips_away_or_be_revoked(b: Backend) {
    let (_d, l) = ledger(b).await;
    let g = l
        .create_game(game(vec![Some(1), Some(2), None]))
        .await
        .unwrap();
    let e = l.transfer(S, 1, 3, 10, "k").await.unwrap_err();
    assert!(matches!(e, LedgerError::ChipsLocked { user: 1, game } if game == g));
    assert_eq!(e.key(), "err-seated-in-game");
    assert!(matches!(
        l.admin_adjust(S, 1, -10, 99, "r").await,
        Err(LedgerError::ChipsLocked { .. })
    ));
    // Receiving chips is fine.
    l.transfer(S, 3, 1, 10, "k2").await.unwrap();
    assert_eq!(l.admin_adjust(S, 1, 5, 99, "g").await.unwrap(), 1015);
    // Another server is another table.
    l.transfer(OTHER, 1, 3, 10, "k3").await.unwrap();
    l.cancel(g, "test").await.unwrap();
    l.transfer(S, 1, 3, 10, "k4").await.unwrap();
    assert_clean(&l).await;
}

async fn admin_grant_and_revoke(b: Backend) {
    let (_d, l) = ledger(b).await;
    assert_eq!(l.admin_adjust(S, 1, 500, 99, "a1").await.unwrap(), 1500);
    assert_eq!(l.admin_adjust(S, 1, 500, 99, "a1").await.unwrap(), 1500);
    assert!(matches!(
        l.admin_adjust(S, 1, -500, 99, "a1").await,
        Err(LedgerError::IdempotencyConflict { .. })
    ));
    assert_eq!(l.admin_adjust(S, 1, -1500, 99, "a2").await.unwrap(), 0);
    assert!(matches!(
        l.admin_adjust(S, 1, -1, 99, "a3").await,
        Err(LedgerError::InsufficientChips { .. })
    ));
    assert!(matches!(
        l.admin_adjust(S, 1, 0, 99, "a4").await,
        Err(LedgerError::InvalidAmount { .. })
    ));
    assert!(matches!(
        l.admin_adjust(S, 1, i64::MIN, 99, "a5").await,
        Err(LedgerError::InvalidAmount { .. })
    ));
    assert_eq!(
        l.admin_adjust(S, 2, i64::MAX - 1000, 99, "a6")
            .await
            .unwrap(),
        i64::MAX
    );
    let e = l.admin_adjust(S, 2, 1, 99, "a7").await.unwrap_err();
    assert!(matches!(e, LedgerError::AmountTooLarge));
    assert_eq!(e.key(), "err-amount-too-large");
    // Transfers into a full account are refused too.
    assert!(matches!(
        l.transfer(S, 3, 2, 1, "t").await,
        Err(LedgerError::AmountTooLarge)
    ));
    let r = l.verify().await.unwrap();
    assert!(r.is_clean(), "{}", r.render());
    assert_eq!(r.servers[0].burned, 1500);
}

async fn leaderboard_and_rank(b: Backend) {
    let (_d, l) = ledger(b).await;
    for u in 1..=5u64 {
        l.balance(S, u).await.unwrap();
    }
    l.transfer(S, 1, 4, 400, "a").await.unwrap();
    l.transfer(S, 2, 5, 100, "b").await.unwrap();
    // 4: 1400, 5: 1100, 3: 1000, 2: 900, 1: 600
    assert_eq!(
        l.leaderboard(S, 3).await.unwrap(),
        vec![(4, 1400), (5, 1100), (3, 1000)]
    );
    assert_eq!(l.leaderboard(S, 100).await.unwrap().len(), 5);
    assert_eq!(l.leaderboard(OTHER, 10).await.unwrap(), vec![]);
    assert_eq!(l.rank(S, 4).await.unwrap(), Some((1, 1400)));
    assert_eq!(l.rank(S, 1).await.unwrap(), Some((5, 600)));
    assert_eq!(l.rank(S, 42).await.unwrap(), None);
    // Ties: the smaller user id ranks first, like the leaderboard.
    l.transfer(S, 5, 1, 100, "c").await.unwrap(); // 5: 1000, 1: 700
    assert_eq!(l.rank(S, 3).await.unwrap(), Some((2, 1000)));
    assert_eq!(l.rank(S, 5).await.unwrap(), Some((3, 1000)));
}

async fn zero_sum_settlement_and_idempotency(b: Backend) {
    let (_d, l) = ledger(b).await;
    let g = l
        .create_game(game(vec![Some(1), Some(2), Some(3)]))
        .await
        .unwrap();
    // Landlord (seat 0) wins 2 × 10 from each farmer.
    let report = l
        .settle(g, settlement(vec![40, -20, -20], vec![0]))
        .await
        .unwrap();
    assert_eq!(report.paid, vec![40, -20, -20]);
    assert_eq!(report.rake, 0);
    assert_eq!(report.balances, vec![Some(1040), Some(980), Some(980)]);
    // Settling twice changes nothing and returns the first result.
    let again = l
        .settle(g, settlement(vec![-40, 20, 20], vec![1, 2]))
        .await
        .unwrap();
    assert_eq!(again, report);
    assert_eq!(l.balance(S, 1).await.unwrap(), 1040);
    // The seats are free again.
    l.transfer(S, 2, 1, 10, "after").await.unwrap();
    let stats = l.stats(S, 1).await.unwrap();
    assert_eq!((stats.games, stats.wins, stats.net), (1, 1, 40));
    assert_eq!(stats.by_kind.len(), 1);
    assert_eq!(stats.by_kind[0].kind, "dou-dizhu");
    let stats = l.stats(S, 2).await.unwrap();
    assert_eq!((stats.games, stats.wins, stats.net), (1, 0, -20));
    let h = l.history(S, 10).await.unwrap();
    assert_eq!(h.len(), 1);
    assert_eq!(h[0].status, GameStatus::Finished);
    assert_eq!(h[0].paid, Some(vec![40, -20, -20]));
    assert_eq!(h[0].seats, vec![Some(1), Some(2), Some(3)]);
    assert_clean(&l).await;
}

/// `/replay` reads one game, its server, seats and record: none while it
/// runs, the settled record after, nothing for a game that never was.
async fn a_game_and_its_record_are_read_by_number(b: Backend) {
    let (_d, l) = ledger(b).await;
    let g = l
        .create_game(game(vec![Some(1), None, Some(3)]))
        .await
        .unwrap();
    let running = l.game_record(g).await.unwrap().unwrap();
    assert_eq!(
        (running.server, running.status, running.stake),
        (S, GameStatus::Running, 10)
    );
    assert_eq!(running.seats, vec![Some(1), None, Some(3)]);
    assert_eq!((running.kind.as_str(), running.record), ("dou-dizhu", None));
    l.settle(g, settlement(vec![20, 0, -20], vec![0]))
        .await
        .unwrap();
    let finished = l.game_record(g).await.unwrap().unwrap();
    assert_eq!(finished.status, GameStatus::Finished);
    let record: serde_json::Value = serde_json::from_str(&finished.record.unwrap()).unwrap();
    assert_eq!(record, json!({"game": "dou-dizhu"}));
    assert!(l.game_record(g + 1).await.unwrap().is_none());
}

async fn a_loser_pays_at_most_what_it_had_at_the_start_shared_by_the_rules(b: Backend) {
    let (_d, l) = ledger(b).await;
    l.admin_adjust(S, 1, -985, 99, "poor").await.unwrap(); // 15 chips
    let g = l
        .create_game(game(vec![Some(1), Some(2), Some(3)]))
        .await
        .unwrap();
    // A daily claimed mid-game does not raise what the landlord can lose.
    l.daily(S, 1, 50_000).await.unwrap(); // 115
    let r = l
        .settle(g, settlement(vec![-20, 10, 10], vec![1, 2]))
        .await
        .unwrap();
    // 15 shared: 7.5 each → 7 and 7, the leftover chip to seat 1.
    assert_eq!(r.paid, vec![-15, 8, 7]);
    assert_eq!(r.balances, vec![Some(100), Some(1008), Some(1007)]);
    assert_clean(&l).await;
}

async fn rake_is_burned_from_winners(b: Backend) {
    let (_d, l) = ledger(b).await;
    let g = l
        .create_game(game(vec![Some(1), Some(2), Some(3)]))
        .await
        .unwrap();
    let mut s = settlement(vec![-25, 15, 10], vec![1, 2]);
    s.rake_percent = 10;
    let r = l.settle(g, s).await.unwrap();
    assert_eq!(r.paid, vec![-25, 14, 9]);
    assert_eq!(r.rake, 2);
    let v = l.verify().await.unwrap();
    assert!(v.is_clean(), "{}", v.render());
    assert_eq!(v.servers[0].burned, 2);
    assert_eq!(v.servers[0].balances, 3000 - 2);
}

async fn ai_seats_are_played_by_the_house(b: Backend) {
    let (_d, l) = ledger(b).await;
    // Human landlord beats two AI farmers: the house mints 40.
    let g = l
        .create_game(game(vec![Some(1), None, None]))
        .await
        .unwrap();
    let r = l
        .settle(g, settlement(vec![40, -20, -20], vec![0]))
        .await
        .unwrap();
    assert_eq!(r.paid, vec![40, 0, 0]);
    assert_eq!(r.balances, vec![Some(1040), None, None]);
    // Human farmer and AI farmer lose to an AI landlord: the human's 20 is burned.
    let g = l
        .create_game(game(vec![None, Some(1), None]))
        .await
        .unwrap();
    let r = l
        .settle(g, settlement(vec![40, -20, -20], vec![0]))
        .await
        .unwrap();
    assert_eq!(r.paid, vec![0, -20, 0]);
    // Mixed: the human landlord loses 10 to a human farmer and 10 to the house.
    let g = l
        .create_game(game(vec![Some(1), Some(2), None]))
        .await
        .unwrap();
    let r = l
        .settle(g, settlement(vec![-20, 10, 10], vec![1, 2]))
        .await
        .unwrap();
    assert_eq!(r.paid, vec![-20, 10, 0]);
    let v = l.verify().await.unwrap();
    assert!(v.is_clean(), "{}", v.render());
    assert_eq!(v.servers[0].minted, 2000 + 40);
    assert_eq!(v.servers[0].burned, 20 + 10);
}

async fn held_stakes_pay_out_of_escrow(b: Backend) {
    let (_d, l) = ledger(b).await;
    let mut ng = game(vec![Some(1), Some(2), Some(3)]);
    ng.kind = "duan-guozi".into();
    let g = l.create_game(ng).await.unwrap();
    for u in 1..=3u64 {
        assert_eq!(l.hold(g, u, 50, "ante").await.unwrap(), 950);
    }
    // Replaying a hold's key holds nothing more.
    assert_eq!(l.hold(g, 1, 50, "ante").await.unwrap(), 950);
    assert!(matches!(
        l.hold(g, 1, 60, "ante").await,
        Err(LedgerError::IdempotencyConflict { .. })
    ));
    assert_eq!(l.hold(g, 1, 20, "raise").await.unwrap(), 930);
    let stored = l.unfinished_games().await.unwrap();
    assert_eq!(stored.len(), 1);
    assert_eq!(stored[0].held, vec![70, 50, 50]);
    assert_eq!(stored[0].start_balances, vec![Some(1000); 3]);
    let v = l.verify().await.unwrap();
    assert!(v.is_clean(), "{}", v.render());
    assert_eq!(v.servers[0].held, 170);
    // Seat 2 takes the pot: deltas relative to the balances before the holds.
    let r = l
        .settle(g, settlement(vec![-70, -50, 120], vec![2]))
        .await
        .unwrap();
    assert_eq!(r.paid, vec![-70, -50, 120]);
    assert_eq!(r.balances, vec![Some(930), Some(950), Some(1120)]);
    assert!(l.unfinished_games().await.unwrap().is_empty());
    assert!(matches!(
        l.hold(g, 1, 5, "late").await,
        Err(LedgerError::GameNotRunning { .. })
    ));
    assert_clean(&l).await;
}

async fn hold_refusals(b: Backend) {
    let (_d, l) = ledger(b).await;
    let g = l.create_game(game(vec![Some(1), Some(2)])).await.unwrap();
    assert!(matches!(
        l.hold(g, 3, 5, "k").await,
        Err(LedgerError::NotSeated { user: 3, .. })
    ));
    assert!(matches!(
        l.hold(g, 1, 1001, "k").await,
        Err(LedgerError::InsufficientChips { .. })
    ));
    assert!(matches!(
        l.hold(g, 1, 0, "k").await,
        Err(LedgerError::InvalidAmount { .. })
    ));
    assert!(matches!(
        l.hold(g, 1, -3, "k").await,
        Err(LedgerError::InvalidAmount { .. })
    ));
    assert!(matches!(
        l.hold(9999, 1, 3, "k").await,
        Err(LedgerError::UnknownGame { game: 9999 })
    ));
    assert_eq!(l.balance(S, 1).await.unwrap(), 1000);
    assert_clean(&l).await;
}

async fn cancel_refunds_every_hold(b: Backend) {
    let (_d, l) = ledger(b).await;
    let g = l
        .create_game(game(vec![Some(1), None, Some(2)]))
        .await
        .unwrap();
    l.hold(g, 1, 100, "buy-in").await.unwrap();
    l.hold(g, 2, 300, "buy-in").await.unwrap();
    l.cancel(g, "crash: cannot resume").await.unwrap();
    assert_eq!(l.balance(S, 1).await.unwrap(), 1000);
    assert_eq!(l.balance(S, 2).await.unwrap(), 1000);
    // Cancelling again does nothing; settling a cancelled game is refused.
    l.cancel(g, "again").await.unwrap();
    let e = l
        .settle(g, settlement(vec![0, 0, 0], vec![]))
        .await
        .unwrap_err();
    assert!(matches!(e, LedgerError::GameNotRunning { .. }));
    // A finished game cannot be cancelled.
    let g2 = l.create_game(game(vec![Some(1), Some(2)])).await.unwrap();
    l.settle(g2, settlement(vec![5, -5], vec![0]))
        .await
        .unwrap();
    assert!(matches!(
        l.cancel(g2, "late").await,
        Err(LedgerError::GameNotRunning { .. })
    ));
    assert!(matches!(
        l.cancel(12345, "no").await,
        Err(LedgerError::UnknownGame { .. })
    ));
    let h = l.history(S, 10).await.unwrap();
    assert_eq!(h[0].id, g2);
    assert_eq!(h[1].status, GameStatus::Cancelled);
    assert_eq!(h[1].paid, None);
    // Cancelled games do not count in stats.
    assert_eq!(l.stats(S, 2).await.unwrap().games, 1);
    assert_clean(&l).await;
}

async fn one_running_table_per_user_per_server(b: Backend) {
    let (_d, l) = ledger(b).await;
    let g = l
        .create_game(game(vec![Some(1), Some(2), None]))
        .await
        .unwrap();
    let e = l
        .create_game(game(vec![Some(3), Some(2), None]))
        .await
        .unwrap_err();
    assert!(matches!(e, LedgerError::AlreadySeated { user: 2, game } if game == g));
    assert_eq!(e.key(), "err-seated-elsewhere");
    // Nothing was created, not even user 3's account.
    assert_eq!(l.rank(S, 3).await.unwrap(), None);
    let mut elsewhere = game(vec![Some(2), None]);
    elsewhere.server = OTHER;
    l.create_game(elsewhere).await.unwrap();
    l.cancel(g, "done").await.unwrap();
    l.create_game(game(vec![Some(3), Some(2), None]))
        .await
        .unwrap();
}

async fn create_game_refusals(b: Backend) {
    let (_d, l) = ledger(b).await;
    assert!(matches!(
        l.create_game(game(vec![Some(1), Some(1)])).await,
        Err(LedgerError::DuplicateSeat { user: 1 })
    ));
    assert!(matches!(
        l.create_game(game(vec![])).await,
        Err(LedgerError::BadInput(_))
    ));
    let mut ng = game(vec![Some(1)]);
    ng.stake = -1;
    assert!(matches!(
        l.create_game(ng).await,
        Err(LedgerError::InvalidAmount { .. })
    ));
    let mut ng = game(vec![Some(1)]);
    ng.kind = String::new();
    assert!(matches!(
        l.create_game(ng).await,
        Err(LedgerError::BadInput(_))
    ));
    assert!(l.unfinished_games().await.unwrap().is_empty());
}

async fn settle_refusals_change_nothing(b: Backend) {
    let (_d, l) = ledger(b).await;
    let g = l
        .create_game(game(vec![Some(1), Some(2), Some(3)]))
        .await
        .unwrap();
    for (deltas, winners) in [
        (vec![10, -5, -4], vec![0]),
        (vec![10, -10], vec![0]),
        (vec![i64::MAX, i64::MAX, 2], vec![0]),
        (vec![i64::MIN, 0, 0], vec![0]),
        (vec![10, -5, -5], vec![3]),
    ] {
        let e = l.settle(g, settlement(deltas, winners)).await.unwrap_err();
        assert!(matches!(e, LedgerError::BadSettlement(_)), "{e}");
        assert_eq!(e.key(), "err-internal");
    }
    let mut s = settlement(vec![10, -5, -5], vec![0]);
    s.rake_percent = 101;
    assert!(matches!(
        l.settle(g, s).await,
        Err(LedgerError::BadSettlement(_))
    ));
    assert!(matches!(
        l.settle(777, settlement(vec![0], vec![])).await,
        Err(LedgerError::UnknownGame { .. })
    ));
    assert_eq!(l.unfinished_games().await.unwrap().len(), 1);
    for u in 1..=3 {
        assert_eq!(l.balance(S, u).await.unwrap(), 1000);
    }
    assert_clean(&l).await;
}

async fn winnings_that_would_overflow_are_refused(b: Backend) {
    let (_d, l) = ledger(b).await;
    l.admin_adjust(S, 1, i64::MAX - 1000, 99, "rich")
        .await
        .unwrap();
    let g = l.create_game(game(vec![Some(1), None])).await.unwrap();
    let e = l
        .settle(g, settlement(vec![5, -5], vec![0]))
        .await
        .unwrap_err();
    assert!(matches!(e, LedgerError::AmountTooLarge));
    assert_eq!(l.unfinished_games().await.unwrap().len(), 1);
    l.cancel(g, "cannot pay").await.unwrap();
    assert_clean(&l).await;
}

async fn snapshots_and_resume(b: Backend) {
    let (_d, l) = ledger(b).await;
    let g = l
        .create_game(game(vec![Some(1), None, None]))
        .await
        .unwrap();
    l.save_snapshot(g, 1, &json!({"actions": [1]}))
        .await
        .unwrap();
    l.save_snapshot(g, 2, &json!({"actions": [1, 2]}))
        .await
        .unwrap();
    // A retried write of the same snapshot at the same version is fine.
    l.save_snapshot(g, 2, &json!({"actions": [1, 2]}))
        .await
        .unwrap();
    // Another writer's move at the same version is not: one of the two
    // would be lost (issue #14: two processes playing one game).
    let e = l
        .save_snapshot(g, 2, &json!({"actions": [1, 9]}))
        .await
        .unwrap_err();
    assert!(matches!(
        e,
        LedgerError::StaleVersion {
            stored: 2,
            given: 2,
            ..
        }
    ));
    // Nor is skipping a version, or going back.
    for v in [4, 1] {
        let e = l.save_snapshot(g, v, &json!({})).await.unwrap_err();
        assert!(
            matches!(e, LedgerError::StaleVersion { stored: 2, given, .. } if given == v),
            "{e:?}"
        );
        assert!(!e.is_transient());
    }
    let stored = l.unfinished_games().await.unwrap();
    assert_eq!(stored[0].version, 2);
    assert_eq!(stored[0].snapshot, Some(json!({"actions": [1, 2]})));
    assert!(matches!(
        l.save_snapshot(g, -1, &json!({})).await,
        Err(LedgerError::BadInput(_))
    ));
    assert!(matches!(
        l.save_snapshot(999, 1, &json!({})).await,
        Err(LedgerError::UnknownGame { .. })
    ));
    l.close().await;
    let stored = l.unfinished_games().await;
    assert!(stored.is_err(), "a closed ledger refuses work");
}

/// A move is stored as one appended action, not the whole game: the stored
/// game is its last full snapshot followed by the actions appended since,
/// with the same compare-and-set on the version as a snapshot; a full
/// snapshot replaces them (compaction) and settling clears them.
async fn appended_actions_and_resume(b: Backend) {
    let sqlite = matches!(b, Backend::Sqlite);
    let db = TestDb::new(b).await.unwrap();
    let path = db.url.as_str();
    let l = Ledger::open(path, cfg()).await.unwrap();
    let g = l
        .open_game(
            game(vec![Some(1), None, None]),
            &[],
            &[],
            &json!({"deal": "d", "actions": []}),
        )
        .await
        .unwrap();
    l.append_action(g, 1, &json!({"seat": 0, "a": 1}))
        .await
        .unwrap();
    l.append_action(g, 2, &json!({"seat": 1, "a": 2}))
        .await
        .unwrap();
    // A retried append of the same action at the same version is fine.
    l.append_action(g, 2, &json!({"seat": 1, "a": 2}))
        .await
        .unwrap();
    // A second writer's action at that version is refused, and so are a
    // skipped version, one from the past and a version 0.
    for (v, a) in [
        (2, json!({"seat": 1, "a": 9})),
        (4, json!({})),
        (1, json!({"seat": 0, "a": 1})),
    ] {
        let e = l.append_action(g, v, &a).await.unwrap_err();
        assert!(
            matches!(e, LedgerError::StaleVersion { stored: 2, given, .. } if given == v),
            "{e:?}"
        );
        assert!(!e.is_transient());
    }
    assert!(matches!(
        l.append_action(g, 0, &json!({})).await,
        Err(LedgerError::BadInput(_))
    ));
    assert!(matches!(
        l.append_action(999, 1, &json!({})).await,
        Err(LedgerError::UnknownGame { .. })
    ));
    // A restart reads the snapshot with the actions in order.
    drop(l);
    let l = Ledger::open(path, cfg()).await.unwrap();
    let stored = l.unfinished_games().await.unwrap();
    assert_eq!(stored[0].version, 2);
    assert_eq!(
        stored[0].snapshot,
        Some(json!({"deal": "d", "actions": [{"seat": 0, "a": 1}, {"seat": 1, "a": 2}]}))
    );
    // A full snapshot replaces the appended actions; appending goes on after it.
    let full = json!({"deal": "d", "actions": [{"seat": 0, "a": 1}, {"seat": 1, "a": 2}, {"seat": 2, "a": 3}]});
    l.save_snapshot(g, 3, &full).await.unwrap();
    l.append_action(g, 4, &json!({"seat": 0, "a": 4}))
        .await
        .unwrap();
    let stored = l.unfinished_games().await.unwrap();
    let actions = stored[0].snapshot.as_ref().unwrap()["actions"].clone();
    assert_eq!(actions.as_array().unwrap().len(), 4);
    assert_eq!(actions[3], json!({"seat": 0, "a": 4}));
    // Settled: the record holds every action, and no row is left behind.
    l.settle(g, settlement(vec![0, 0, 0], vec![]))
        .await
        .unwrap();
    assert!(matches!(
        l.append_action(g, 5, &json!({})).await,
        Err(LedgerError::GameNotRunning { .. })
    ));
    assert!(l.unfinished_games().await.unwrap().is_empty());
    drop(l);
    // The rows themselves are gone (the same statements run on PostgreSQL).
    if sqlite {
        let pool = sqlx::SqlitePool::connect(&format!("sqlite:{path}"))
            .await
            .unwrap();
        let left: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM game_actions")
            .fetch_one(&pool)
            .await
            .unwrap();
        assert_eq!(left, 0);
        pool.close().await;
    }
    let l = Ledger::open(path, cfg()).await.unwrap();
    assert_clean(&l).await;
}

async fn unfinished_games_survive_a_reopen(b: Backend) {
    let db = TestDb::new(b).await.unwrap();
    let path = db.url.as_str();
    let l = Ledger::open(path, cfg()).await.unwrap();
    let g = l
        .create_game(game(vec![Some(1), None, Some(2)]))
        .await
        .unwrap();
    l.hold(g, 2, 30, "h").await.unwrap();
    l.save_snapshot(g, 1, &json!({"state": "bidding"}))
        .await
        .unwrap();
    drop(l);
    let l = Ledger::open(path, cfg()).await.unwrap();
    let stored = l.unfinished_games().await.unwrap();
    assert_eq!(stored.len(), 1);
    let s = &stored[0];
    assert_eq!(s.id, g);
    assert_eq!((s.server, s.channel, s.kind.as_str()), (S, 77, "dou-dizhu"));
    assert_eq!(s.seats, vec![Some(1), None, Some(2)]);
    assert_eq!(s.version, 1);
    assert_eq!(s.snapshot, Some(json!({"state": "bidding"})));
    assert_eq!(s.options, json!({"bidding": "classic"}));
    assert_eq!(s.held, vec![0, 0, 30]);
    assert_eq!(s.stake, 10);
    // Still locked after the restart.
    assert!(matches!(
        l.transfer(S, 2, 1, 1, "x").await,
        Err(LedgerError::ChipsLocked { .. })
    ));
    assert_clean(&l).await;
}

async fn verify_names_a_tampered_balance(b: Backend) {
    let db = TestDb::new(b).await.unwrap();
    let l = Ledger::open(&db.url, cfg()).await.unwrap();
    l.transfer(S, 1, 2, 10, "t").await.unwrap();
    l.close().await;
    db.exec("UPDATE accounts SET balance = balance + 5 WHERE user_id = 2")
        .await;
    let l = Ledger::open(&db.url, cfg()).await.unwrap();
    let r = l.verify().await.unwrap();
    assert!(!r.is_clean());
    assert!(r.problems.contains(&Problem::BalanceMismatch {
        server: S,
        user: 2,
        balance: 1015,
        journal: 1010
    }));
    assert!(r
        .render()
        .contains("server 1 user 2: balance 1015 but the journal sums to 1010"));
}

async fn verify_finds_chips_held_for_a_game_that_is_over(b: Backend) {
    let db = TestDb::new(b).await.unwrap();
    let l = Ledger::open(&db.url, cfg()).await.unwrap();
    let g = l.create_game(game(vec![Some(1), Some(2)])).await.unwrap();
    l.hold(g, 1, 40, "h").await.unwrap();
    l.close().await;
    db.exec("UPDATE games SET status = 'finished'").await;
    let l = Ledger::open(&db.url, cfg()).await.unwrap();
    let r = l.verify().await.unwrap();
    assert!(r.problems.iter().any(|p| matches!(
        p,
        Problem::HeldAfterGameOver {
            user: 1,
            held: 40,
            ..
        }
    )));
    assert!(r
        .problems
        .iter()
        .any(|p| matches!(p, Problem::SupplyMismatch { server: S, .. })));
}

#[test]
fn every_error_key_has_words_in_every_locale() {
    for lang in ["en-US", "zh-CN"] {
        let text = std::fs::read_to_string(format!(
            "{}/locales/{lang}/errors.ftl",
            env!("CARGO_MANIFEST_DIR")
        ))
        .unwrap();
        for key in paiju::ledger::ERROR_KEYS {
            assert!(
                text.lines().any(|l| l.starts_with(&format!("{key} ="))),
                "{key} missing in {lang}"
            );
        }
    }
}

#[tokio::test]
async fn an_in_memory_ledger_works_for_tests_and_tools() {
    let l = Ledger::open("sqlite::memory:", cfg()).await.unwrap();
    l.transfer(S, 1, 2, 5, "k").await.unwrap();
    let g = l.create_game(game(vec![Some(1), None])).await.unwrap();
    l.settle(g, settlement(vec![3, -3], vec![0])).await.unwrap();
    assert_eq!(l.balance(S, 1).await.unwrap(), 998);
    assert_eq!(l.rank(S, 2).await.unwrap(), Some((1, 1005)));
    assert_clean(&l).await;
}

// ---- issue #14: opening a game in one transaction, leases, damage --------

async fn a_game_opens_with_its_holds_and_first_snapshot_or_not_at_all(b: Backend) {
    let (_d, l) = ledger(b).await;
    let snapshot = json!({"actions": []});
    let g = l
        .open_game(
            game(vec![Some(1), None, Some(2)]),
            &[],
            &[30, 0, 30],
            &snapshot,
        )
        .await
        .unwrap();
    let stored = l.unfinished_games().await.unwrap();
    assert_eq!(stored.len(), 1);
    assert_eq!((stored[0].id, stored[0].version), (g, 0));
    assert_eq!(stored[0].snapshot, Some(snapshot.clone()));
    assert_eq!(stored[0].held, vec![30, 0, 30]);
    // The runtime repeats the holds on resume with the same key: nothing more.
    assert_eq!(l.hold(g, 1, 30, "pot-entry").await.unwrap(), 970);
    assert_clean(&l).await;

    // Seat 4 cannot cover its entry: no game, no hold, no lock is left.
    l.balance(S, 3).await.unwrap();
    l.balance(S, 4).await.unwrap();
    let e = l
        .open_game(game(vec![Some(3), Some(4)]), &[], &[30, 5000], &snapshot)
        .await
        .unwrap_err();
    assert!(matches!(e, LedgerError::InsufficientChips { .. }), "{e:?}");
    assert_eq!(l.unfinished_games().await.unwrap().len(), 1);
    assert_eq!(l.balance(S, 3).await.unwrap(), 1000);
    assert_eq!(l.history(S, 10).await.unwrap().len(), 1);
    l.transfer(S, 3, 4, 10, "not locked").await.unwrap();
    assert_clean(&l).await;
}

fn owner(pid: u32, host: &str, since: i64) -> paiju::ledger::LeaseOwner {
    paiju::ledger::LeaseOwner {
        pid,
        host: host.into(),
        since,
    }
}

async fn one_process_holds_the_tables_lease_until_it_dies_or_lets_go(b: Backend) {
    use paiju::ledger::lease::TABLES;
    let (_d, l) = ledger(b).await;
    let me = paiju::ledger::LeaseOwner::me();
    // A live process of this host (this one, started earlier) holds it.
    let first = owner(me.pid, &me.host, 1_795_000_000);
    let lease = l.take_lease(TABLES, &first).await.unwrap();
    let e = l.take_lease(TABLES, &me).await.unwrap_err();
    match &e {
        LedgerError::LeaseHeld { pid, host, since } => {
            assert_eq!((*pid, host.as_str()), (i64::from(me.pid), me.host.as_str()));
            assert_eq!(since, "2026-11-18 11:06:40 UTC");
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(e.key(), "err-lease-held");
    // Let go: the next process takes it at once.
    lease.release().await;
    let lease = l.take_lease(TABLES, &me).await.unwrap();
    lease.release().await;

    // A process of this host that died (no such pid) is taken over at once.
    l.take_lease(TABLES, &owner(i32::MAX as u32, &me.host, 1))
        .await
        .unwrap();
    let lease = l.take_lease(TABLES, &me).await.unwrap();
    lease.release().await;

    // A process on another host cannot be seen: its lease must lapse first.
    let _far = l
        .take_lease(TABLES, &owner(42, "elsewhere.example", 1))
        .await
        .unwrap();
    assert!(matches!(
        l.take_lease(TABLES, &me).await,
        Err(LedgerError::LeaseHeld { pid: 42, .. })
    ));
}

/// Issue #18: several processes, each holding the leases of its shards. A
/// game moves on only through the process holding its guild's shard; one
/// whose lease lapsed (it stopped renewing: dead, or paused) is refused,
/// and the process that takes the shard over resumes and finishes the game.
async fn shard_leases_decide_which_process_moves_a_game_on(b: Backend) {
    use paiju::ledger::Shards;
    let db = TestDb::new(b).await.unwrap();
    let l = Ledger::open(&db.url, cfg()).await.unwrap();
    let host = paiju::ledger::LeaseOwner::me().host;
    // Guild S (1) is on shard 0 of 2; guild 1 << 22 on shard 1.
    let far_guild = 1u64 << 22;
    assert_eq!(
        (Shards::of_guild(S, 2), Shards::of_guild(far_guild, 2)),
        (0, 1)
    );
    let zero = Shards::parse("0", 2).unwrap();
    let one = Shards::parse("1", 2).unwrap();
    assert!(zero.hosts(S) && !zero.hosts(far_guild) && one.hosts(far_guild));
    // Three live processes of this host (this one, started three times).
    let (a, b_, c) = (
        owner(std::process::id(), &host, 1),
        owner(std::process::id(), &host, 2),
        owner(std::process::id(), &host, 3),
    );
    let _a_leases = l.take_shard_leases(zero, &a).await.unwrap();
    let _b_leases = l.take_shard_leases(one, &b_).await.unwrap();
    assert!(matches!(
        l.take_shard_leases(Shards::parse("0-1", 2).unwrap(), &c)
            .await,
        Err(LedgerError::LeaseHeld { .. })
    ));
    // Nor can an unsharded process (a bot without shards, `paiju play`)
    // host the same games meanwhile.
    assert!(matches!(
        l.take_lease(paiju::ledger::lease::TABLES, &c).await,
        Err(LedgerError::LeaseHeld { .. })
    ));
    let (la, lb, lc) = (l.owned_by(&a, 2), l.owned_by(&b_, 2), l.owned_by(&c, 2));

    let g = la
        .create_game(game(vec![Some(1), Some(2), None]))
        .await
        .unwrap();
    la.save_snapshot(g, 1, &json!({"actions": [1]}))
        .await
        .unwrap();
    la.hold(g, 1, 10, "ante").await.unwrap();
    // B does not hold shard 0: none of its writes moves the game on, nor
    // moves chips into its escrow.
    for e in [
        lb.save_snapshot(g, 2, &json!({"actions": [1, 2]}))
            .await
            .unwrap_err(),
        lb.append_action(g, 2, &json!({"seat": 1}))
            .await
            .unwrap_err(),
        lb.hold(g, 2, 10, "ante").await.unwrap_err(),
        lb.settle(g, settlement(vec![2, -1, -1], vec![0]))
            .await
            .unwrap_err(),
        lb.cancel(g, "not mine").await.unwrap_err(),
    ] {
        assert!(matches!(e, LedgerError::StaleVersion { .. }), "{e:?}");
    }
    // A stops renewing (killed, or paused): its lease lapses, and from then
    // on A's writes are refused even before anyone takes over.
    db.exec("UPDATE leases SET expires_at = 0 WHERE scope = 'shard:0/2'")
        .await;
    assert!(matches!(
        la.save_snapshot(g, 2, &json!({"actions": [1, 2]})).await,
        Err(LedgerError::StaleVersion { .. })
    ));
    // C is started with A's shards: it takes them and resumes A's game.
    let _c_leases = l.take_shard_leases(zero, &c).await.unwrap();
    let mine: Vec<_> = lc
        .unfinished_games()
        .await
        .unwrap()
        .into_iter()
        .filter(|s| zero.hosts(s.server))
        .collect();
    assert_eq!(mine.len(), 1);
    assert_eq!((mine[0].id, mine[0].version), (g, 1));
    lc.save_snapshot(g, 2, &json!({"actions": [1, 2]}))
        .await
        .unwrap();
    assert!(matches!(
        la.save_snapshot(g, 3, &json!({"actions": [1, 2, 3]})).await,
        Err(LedgerError::StaleVersion { .. })
    ));
    assert!(matches!(
        la.settle(g, settlement(vec![2, -1, -1], vec![0])).await,
        Err(LedgerError::StaleVersion { .. })
    ));
    lc.settle(g, settlement(vec![2, -1, -1], vec![0]))
        .await
        .unwrap();
    // Seat 1 wins one chip from seat 2 and one from the AI seat (the house);
    // its hold came back, and B's hold never happened.
    assert_eq!(l.balance(S, 1).await.unwrap(), 1002);
    assert_eq!(l.balance(S, 2).await.unwrap(), 999);
    // A lapsed owner cannot hold either.
    assert!(matches!(
        la.hold(g, 1, 10, "late").await,
        Err(LedgerError::StaleVersion { .. })
    ));
    // Chips moved once; B's guild is untouched.
    assert_clean(&l).await;
}

/// Issue #32: one shard count per database, and every write for a guild
/// needs the lease of that guild's shard. The first sharded process fixes
/// the count; one asking for another is refused naming both, and takes no
/// lease. A process that does not hold a guild's shard pays no daily chips
/// there, moves no chips and opens no game. A process whose leases are of
/// another count than the database's (one that slipped in beside a
/// re-shard) writes nothing, not even through a lease row of its own
/// count. Re-sharding waits until no bot runs.
async fn one_shard_count_per_ledger_and_guild_writes_need_its_shard(b: Backend) {
    use paiju::ledger::Shards;
    let db = TestDb::new(b).await.unwrap();
    let l = Ledger::open(&db.url, cfg()).await.unwrap();
    let host = paiju::ledger::LeaseOwner::me().host;
    assert_eq!(l.shard_count().await.unwrap(), None);
    let (a, b_, c) = (
        owner(std::process::id(), &host, 1),
        owner(std::process::id(), &host, 2),
        owner(std::process::id(), &host, 3),
    );
    // Guild S (1) is on shard 0 of 2: A's. B holds shard 1.
    let _a_leases = l
        .take_shard_leases(Shards::parse("0", 2).unwrap(), &a)
        .await
        .unwrap();
    let _b_leases = l
        .take_shard_leases(Shards::parse("1", 2).unwrap(), &b_)
        .await
        .unwrap();
    assert_eq!(l.shard_count().await.unwrap(), Some(2));
    let e = l
        .take_shard_leases(Shards::parse("0-3", 4).unwrap(), &c)
        .await
        .unwrap_err();
    assert!(
        matches!(e, LedgerError::ShardCountFixed { fixed: 2, asked: 4 }),
        "{e:?}"
    );
    let said = e.to_string();
    assert!(
        said.contains("runs 2 shards") && said.contains("shard count 4"),
        "{said}"
    );
    assert_eq!(
        db.texts("SELECT scope FROM leases WHERE scope LIKE 'shard:%/4'")
            .await,
        Vec::<String>::new()
    );

    let (la, lb) = (l.owned_by(&a, 2), l.owned_by(&b_, 2));
    la.balance(S, 1).await.unwrap();
    la.balance(S, 2).await.unwrap();
    // B: no daily, no transfer, no grant, no new account, no game in S.
    for e in [
        lb.daily(S, 1, 10_000).await.unwrap_err(),
        lb.transfer(S, 1, 2, 5, "b-give").await.unwrap_err(),
        lb.admin_adjust(S, 1, 5, 9, "b-grant").await.unwrap_err(),
        lb.balance(S, 3).await.unwrap_err(),
        lb.create_game(game(vec![Some(1), Some(2), None]))
            .await
            .unwrap_err(),
        lb.open_game(game(vec![Some(1), Some(2), None]), &[], &[], &json!({}))
            .await
            .unwrap_err(),
    ] {
        assert!(
            matches!(e, LedgerError::ShardNotHeld { server: S }),
            "{e:?}"
        );
        assert_eq!(e.key(), "err-shard-elsewhere");
    }
    assert_eq!(l.existing_balance(S, 3).await.unwrap(), None);
    assert_eq!(
        db.texts("SELECT CAST(COUNT(*) AS TEXT) FROM games").await,
        vec!["0"]
    );
    // A, which holds S's shard, does all of it.
    assert_eq!(la.daily(S, 1, 10_000).await.unwrap(), 1100);
    la.transfer(S, 1, 2, 5, "a-give").await.unwrap();
    let g = la
        .create_game(game(vec![Some(1), Some(2), None]))
        .await
        .unwrap();

    // C took `shard:0/4` without asking the count (a process started
    // with the old count while the database was re-sharded): a lease of
    // the wrong count lets nothing through.
    db.exec(&format!(
        "INSERT INTO leases (scope, owner, pid, host, since, heartbeat_at, expires_at) \
         VALUES ('shard:0/4', '{}', {}, '{host}', 3, 0, 99999999999)",
        c.id(),
        c.pid
    ))
    .await;
    let lc = l.owned_by(&c, 4);
    assert!(matches!(
        lc.daily(S, 2, 10_000).await,
        Err(LedgerError::ShardNotHeld { .. })
    ));
    assert!(matches!(
        lc.save_snapshot(g, 1, &json!({"actions": [1]})).await,
        Err(LedgerError::StaleVersion { .. })
    ));
    assert!(matches!(
        lc.cancel(g, "not mine").await,
        Err(LedgerError::StaleVersion { .. })
    ));

    // Re-sharding is refused while a bot holds a lease; once all are
    // gone it fixes the new count, and only that count is taken.
    assert!(matches!(
        l.reshard(4).await,
        Err(LedgerError::LeaseHeld { .. })
    ));
    la.cancel(g, "re-sharding").await.unwrap();
    db.exec("UPDATE leases SET expires_at = 0").await;
    assert_eq!(l.reshard(4).await.unwrap(), Some(2));
    assert!(matches!(
        l.take_shard_leases(Shards::parse("0", 2).unwrap(), &a)
            .await,
        Err(LedgerError::ShardCountFixed { fixed: 4, asked: 2 })
    ));
    let _c_leases = l
        .take_shard_leases(Shards::parse("0-3", 4).unwrap(), &c)
        .await
        .unwrap();
    assert_eq!(lc.daily(S, 2, 10_000).await.unwrap(), 1105);
    assert_clean(&l).await;
}

#[tokio::test]
async fn a_damaged_database_is_refused_at_open_and_verify_reads_only() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("paiju.db");
    let p = path.to_str().unwrap();
    {
        let l = Ledger::open(p, cfg()).await.unwrap();
        for user in 0..400 {
            l.balance(S, user).await.unwrap();
        }
        l.close().await;
    }
    // The last connection checkpoints and removes the WAL on its own thread,
    // possibly after `close` returned.
    let wal = dir.path().join("paiju.db-wal");
    for _ in 0..100 {
        if !wal.exists() {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    assert!(!wal.exists());
    // Verify opens read-only: a write through it is refused, and the file
    // is left as it was.
    let before = std::fs::read(&path).unwrap();
    let ro = Ledger::open_existing(p).await.unwrap();
    assert!(ro.verify().await.unwrap().is_clean());
    assert!(ro.balance(S, 9999).await.is_err(), "read-only");
    ro.close().await;
    assert_eq!(std::fs::read(&path).unwrap(), before);

    // Overwrite three pages in the middle of the file.
    let mut bytes = before;
    let page = 4096;
    assert!(bytes.len() > 8 * page, "{} bytes", bytes.len());
    for b in &mut bytes[3 * page..6 * page] {
        *b = 0x5a;
    }
    std::fs::write(&path, &bytes).unwrap();
    let e = Ledger::open(p, cfg()).await.unwrap_err();
    assert!(matches!(e, LedgerError::Damaged(_)), "{e:?}");
    assert_eq!(e.key(), "err-database-damaged");
    assert_eq!(std::fs::read(&path).unwrap(), bytes, "nothing written");
}

/// A settled game's record is stored once, in `game_records`, in the order
/// games end, linked from its game and naming it back; `verify` names a
/// finished game without its own record and a running one with a record.
async fn a_settled_game_s_record_is_stored_once_beside_it(b: Backend) {
    let (db, l) = ledger(b).await;
    let at = |channel, seats| NewGame {
        channel,
        ..game(seats)
    };
    let first = l.create_game(at(1, vec![Some(1), Some(2)])).await.unwrap();
    let second = l.create_game(at(2, vec![Some(3), Some(4)])).await.unwrap();
    let running = l.create_game(at(3, vec![Some(5), Some(6)])).await.unwrap();
    let with_record = |n: i64| Settlement {
        record: json!({"game": "dou-dizhu", "n": n}),
        ..settlement(vec![20, -20], vec![0])
    };
    l.settle(second, with_record(2)).await.unwrap();
    l.settle(first, with_record(1)).await.unwrap();
    // Settling again returns the first report and stores nothing.
    l.settle(first, with_record(9)).await.unwrap();
    let stored: Vec<(i64, serde_json::Value)> = db
        .texts(
            "SELECT CAST(g.id AS TEXT) || ' ' || r.record FROM games g \
             JOIN game_records r ON r.id = g.record_id AND r.game_id = g.id ORDER BY r.id",
        )
        .await
        .iter()
        .map(|row| {
            let (id, record) = row.split_once(' ').unwrap();
            (id.parse().unwrap(), serde_json::from_str(record).unwrap())
        })
        .collect();
    assert_eq!(
        stored,
        vec![
            (second, json!({"game": "dou-dizhu", "n": 2})),
            (first, json!({"game": "dou-dizhu", "n": 1})),
        ]
    );
    assert_eq!(
        db.texts("SELECT CAST(count(*) AS TEXT) FROM game_records")
            .await,
        vec!["2"]
    );
    assert_clean(&l).await;
    l.close().await;

    // The first game's record moved to the running one.
    db.exec(&format!(
        "UPDATE games SET record_id = (SELECT record_id FROM games WHERE id = {first}) \
         WHERE id = {running}"
    ))
    .await;
    db.exec(&format!(
        "UPDATE games SET record_id = NULL WHERE id = {first}"
    ))
    .await;
    let l = Ledger::open(&db.url, cfg()).await.unwrap();
    let r = l.verify().await.unwrap();
    assert_eq!(
        r.problems,
        vec![
            Problem::RecordMismatch {
                game: first,
                status: "finished".into(),
                record_of: None,
            },
            Problem::RecordMismatch {
                game: running,
                status: "running".into(),
                record_of: Some(first),
            },
        ],
        "{}",
        r.render()
    );
    let text = r.render();
    assert!(text.contains(&format!("game {first} is finished but has no record")));
    assert!(text.contains(&format!(
        "game {running} is running but its record is game {first}'s"
    )));
}

/// A ledger written before records had a table of their own opens with
/// each stored record moved there, linked to its game, and the records
/// settled after it numbered past them.
async fn records_kept_in_the_games_rows_move_to_their_own_table(b: Backend) {
    let db = TestDb::new(b).await.unwrap();
    db.migrate_before("20261125000001").await;
    for (status, record) in [
        ("finished", r#"'{"old":1}'"#),
        ("running", "NULL"),
        ("finished", r#"'{"old":3}'"#),
    ] {
        db.exec(&format!(
            "INSERT INTO games (server_id, channel_id, kind, options, seats, stake, status, \
             record, result, created_at) VALUES (1, 77, 'dou-dizhu', '{{}}', '[null,null]', 10, \
             '{status}', {record}, '{{\"paid\":[0,0],\"rake\":0,\"balances\":[null,null]}}', 1)"
        ))
        .await;
    }
    let l = Ledger::open(&db.url, cfg()).await.unwrap();
    let links = "SELECT CAST(g.id AS TEXT) || ' ' || CAST(r.id AS TEXT) || ' ' || r.record \
                 FROM games g JOIN game_records r ON r.id = g.record_id AND r.game_id = g.id \
                 ORDER BY g.id";
    assert_eq!(
        db.texts(links).await,
        vec![r#"1 1 {"old":1}"#, r#"3 3 {"old":3}"#]
    );
    let g = l
        .create_game(NewGame {
            channel: 78,
            ..game(vec![Some(1), Some(2)])
        })
        .await
        .unwrap();
    assert_eq!(g, 4);
    l.settle(g, settlement(vec![20, -20], vec![0]))
        .await
        .unwrap();
    assert_eq!(
        db.texts(links).await,
        vec![
            r#"1 1 {"old":1}"#,
            r#"3 3 {"old":3}"#,
            r#"4 4 {"game":"dou-dizhu"}"#
        ]
    );
    // The game still running at the upgrade has no record, as it should.
    let r = l.verify().await.unwrap();
    assert!(r.is_clean(), "{}", r.render());
}

on_every_database!(
    starting_grant_once_per_account_and_per_server,
    daily_claim_and_cooldown,
    transfers_and_their_refusals,
    a_seated_player_cannot_give_chips_away_or_be_revoked,
    admin_grant_and_revoke,
    leaderboard_and_rank,
    zero_sum_settlement_and_idempotency,
    a_settled_game_s_record_is_stored_once_beside_it,
    records_kept_in_the_games_rows_move_to_their_own_table,
    a_game_and_its_record_are_read_by_number,
    a_loser_pays_at_most_what_it_had_at_the_start_shared_by_the_rules,
    rake_is_burned_from_winners,
    ai_seats_are_played_by_the_house,
    held_stakes_pay_out_of_escrow,
    hold_refusals,
    cancel_refunds_every_hold,
    one_running_table_per_user_per_server,
    create_game_refusals,
    settle_refusals_change_nothing,
    winnings_that_would_overflow_are_refused,
    snapshots_and_resume,
    a_game_opens_with_its_holds_and_first_snapshot_or_not_at_all,
    unfinished_games_survive_a_reopen,
    appended_actions_and_resume,
    verify_names_a_tampered_balance,
    verify_finds_chips_held_for_a_game_that_is_over,
    one_process_holds_the_tables_lease_until_it_dies_or_lets_go,
    shard_leases_decide_which_process_moves_a_game_on,
    one_shard_count_per_ledger_and_guild_writes_need_its_shard,
);

/// Issue #18: TLS to PostgreSQL. `sslmode` in the URL is honoured
/// (`require` here: the test server's certificate is Debian's self-signed
/// one; `verify-full` with `sslrootcert=…` checks it): the ledger works over
/// it, and a connection made with that URL is encrypted.
#[tokio::test]
async fn postgres_over_tls_when_the_url_asks_for_it() {
    let Some(db) = TestDb::new(Backend::Postgres).await else {
        return;
    };
    let sep = if db.url.contains('?') { '&' } else { '?' };
    let url = format!("{}{sep}sslmode=require", db.url);
    let l = Ledger::open(&url, cfg()).await.unwrap();
    assert_eq!(l.balance(S, 1).await.unwrap(), 1000);
    l.transfer(S, 1, 2, 10, "over-tls").await.unwrap();
    assert_eq!(l.balance(S, 2).await.unwrap(), 1010);
    l.close().await;
    use sqlx::Connection;
    let mut c = sqlx::PgConnection::connect(&url).await.unwrap();
    let encrypted: bool =
        sqlx::query_scalar("SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()")
            .fetch_one(&mut c)
            .await
            .unwrap();
    assert!(encrypted, "sslmode=require gave a plain connection");
    c.close().await.unwrap();
}
