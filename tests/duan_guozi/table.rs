//! Duan Guozi hosted by the table runtime: the antes are held in the pot
//! when a game starts, the game settles from the pot once it is empty and
//! the next game follows with a new ante; players join and leave between
//! games; a table that closes mid-game shares its pot back in equal parts;
//! a resumed game never holds twice. Against the in-memory store (paused
//! clock) and against the SQLite ledger on a real file, whose `verify`
//! stays clean.

use paiju::games::duan_guozi::{Action, DuanGuozi, Event};
use paiju::ledger::{Ledger, LedgerConfig};
use paiju::table::memory::{MemoryStatus, MemoryStore};
use paiju::table::{
    CloseReason, Occupant, SettleReport, TableConfig, TableError, TableEvent, TableHandle,
    TableOptions, TableStore, Tables, TimerKind,
};
use serde_json::json;
use std::sync::Arc;
use tokio::sync::broadcast::Receiver;

const SERVER: u64 = 5;
const CHANNEL: u64 = 6;
const ME: u64 = 42;
const YOU: u64 = 43;

fn config() -> TableConfig {
    TableConfig {
        bid_timeout_secs: 15,
        play_timeout_secs: 40,
        lobby_idle_secs: 600,
        ai_delay_ms: 300,
        max_stake: 10_000,
        pause_between_games: false,
    }
}

fn options(rules: serde_json::Value) -> TableOptions {
    TableOptions {
        stake: 2,
        rules,
        seed: Some(9),
        lang: None,
        timers: None,
    }
}

/// What a table said until its next settlement.
#[derive(Default, Debug)]
struct Heard {
    rounds: usize,
    turns: Vec<TimerKind>,
    started: Vec<Vec<Occupant>>,
}

async fn until_settled(
    rx: &mut Receiver<TableEvent<DuanGuozi>>,
    heard: &mut Heard,
) -> (Vec<i64>, SettleReport, bool) {
    loop {
        match rx.recv().await.unwrap() {
            TableEvent::Acted { events, action, .. } => {
                assert_eq!(action, Action::Deal);
                heard.rounds += events
                    .iter()
                    .filter(|e| matches!(e, Event::RoundDealt { .. }))
                    .count();
            }
            TableEvent::Turn { timer, .. } => heard.turns.push(timer),
            TableEvent::Started { seats, .. } => heard.started.push(seats),
            TableEvent::Settled { result, report, .. } => {
                // A table closed mid-game has no outcome: its chips are what
                // the ledger paid.
                let closed = result.table_closed();
                let deltas = result
                    .outcome
                    .map_or_else(|| report.paid.clone(), |o| o.deltas);
                return (deltas, *report, closed);
            }
            TableEvent::Closed { reason } => panic!("closed before settling: {reason:?}"),
            _ => {}
        }
    }
}

async fn until_closed(rx: &mut Receiver<TableEvent<DuanGuozi>>) -> CloseReason {
    loop {
        if let TableEvent::Closed { reason } = rx.recv().await.unwrap() {
            return reason;
        }
    }
}

async fn until_started(rx: &mut Receiver<TableEvent<DuanGuozi>>) -> Vec<Occupant> {
    loop {
        match rx.recv().await.unwrap() {
            TableEvent::Started { seats, .. } => return seats,
            TableEvent::Closed { reason } => panic!("closed: {reason:?}"),
            _ => {}
        }
    }
}

fn memory_tables() -> (Arc<MemoryStore>, Tables<MemoryStore>) {
    let store = Arc::new(MemoryStore::new(1000));
    (store.clone(), Tables::new(store, config()))
}

#[tokio::test(start_paused = true)]
async fn antes_are_held_the_pot_pays_out_and_the_next_game_follows() {
    let (store, tables) = memory_tables();
    let t = tables
        .open::<DuanGuozi>(SERVER, CHANNEL, ME, options(json!({})))
        .unwrap();
    t.add_ai(ME).await.unwrap();
    t.add_ai(ME).await.unwrap();
    let mut rx = t.subscribe();
    let first = t.start(ME).await.unwrap();
    // Three players: 20 道 each, 2 chips per 道 (the stake).
    assert_eq!(store.balance(SERVER, ME).await.unwrap(), 960);
    assert_eq!(store.game(first).unwrap().held, vec![40, 0, 0]);

    let mut heard = Heard::default();
    let (deltas, report, closed) = until_settled(&mut rx, &mut heard).await;
    assert!(!closed);
    assert!(heard.rounds >= 1);
    assert!(heard.turns.iter().all(|t| *t == TimerKind::Bidding));
    assert_eq!(deltas.iter().sum::<i64>(), 0, "the pot ends empty");
    // The outcome is in 道, the ledger's figures in chips (2 a 道).
    let chips = deltas[0] * 2;
    assert_eq!(report.paid[0], chips, "nobody was short");
    assert_eq!(report.balances[0], Some(1000 + chips));
    assert!(matches!(
        store.game(first).unwrap().status,
        MemoryStatus::Settled(_)
    ));

    // The next game starts at once, with a new ante held.
    let seats = until_started(&mut rx).await;
    assert_eq!(seats.len(), 3);
    let second = first + 1;
    assert_eq!(store.game(second).unwrap().held, vec![40, 0, 0]);
    assert_eq!(store.balance(SERVER, ME).await.unwrap(), 960 + chips);

    // Leaving between rounds with only AI left closes the table: the pot is
    // shared back (nothing was won yet, so each ante comes back).
    t.leave(ME).await.unwrap();
    let (close_deltas, close_report, closed) = until_settled(&mut rx, &mut heard).await;
    assert!(closed);
    assert_eq!(close_deltas.iter().sum::<i64>(), 0);
    assert_eq!(
        close_report.balances[0],
        Some(1000 + chips + close_deltas[0])
    );
    assert_eq!(until_closed(&mut rx).await, CloseReason::OnlyAi);
    assert_eq!(store.game(second).unwrap().held, vec![0, 0, 0]);
}

#[tokio::test(start_paused = true)]
async fn players_join_and_leave_between_games() {
    let (store, tables) = memory_tables();
    let t = tables
        .open::<DuanGuozi>(SERVER, CHANNEL, ME, options(json!({"ante": 5})))
        .unwrap();
    t.add_ai(ME).await.unwrap();
    let mut rx = t.subscribe();
    t.start(ME).await.unwrap();
    // A newcomer waits for the next game; joining twice is refused.
    t.join(YOU).await.unwrap();
    assert_eq!(t.join(YOU).await, Err(TableError::AlreadySeated));
    let status = t.status(Some(YOU)).await.unwrap();
    assert_eq!(status.waiting, vec![YOU]);
    assert_eq!(status.seats.len(), 2);
    // Acting for the game is not theirs yet.
    assert_eq!(
        t.act(YOU, 0, Action::Deal).await,
        Err(TableError::NotSeated)
    );
    let mut heard = Heard::default();
    until_settled(&mut rx, &mut heard).await;
    let seats = until_started(&mut rx).await;
    assert_eq!(
        seats,
        vec![Occupant::Human(ME), Occupant::Ai, Occupant::Human(YOU)]
    );
    assert_eq!(store.balance(SERVER, YOU).await.unwrap(), 1000 - 10);

    // The host leaves mid-game: the seat is dealt in to the end of this
    // game, then dropped; the newcomer hosts from then on.
    t.leave(ME).await.unwrap();
    assert_eq!(t.leave(ME).await, Err(TableError::NotSeated));
    until_settled(&mut rx, &mut heard).await;
    let seats = until_started(&mut rx).await;
    assert_eq!(seats, vec![Occupant::Ai, Occupant::Human(YOU)]);
    let status = t.status(None).await.unwrap();
    assert_eq!(status.host, YOU);

    // Everyone gone: the table closes, the pot shared back.
    t.leave(YOU).await.unwrap();
    let (_, _, closed) = until_settled(&mut rx, &mut heard).await;
    assert!(closed);
    assert_eq!(until_closed(&mut rx).await, CloseReason::OnlyAi);
    let balances = (
        store.balance(SERVER, ME).await.unwrap(),
        store.balance(SERVER, YOU).await.unwrap(),
    );
    assert!(balances.0 >= 0 && balances.1 >= 0);
}

#[tokio::test(start_paused = true)]
async fn an_ante_nobody_can_pay_refuses_the_start_and_holds_nothing() {
    let (store, tables) = memory_tables();
    store.set_balance(SERVER, ME, 30);
    let t = tables
        .open::<DuanGuozi>(SERVER, CHANNEL, ME, options(json!({})))
        .unwrap();
    t.add_ai(ME).await.unwrap();
    let err = t.start(ME).await.unwrap_err();
    assert_eq!(err.key(), "err-insufficient-chips");
    assert_eq!(store.balance(SERVER, ME).await.unwrap(), 30);
    // Opening is one transaction: nothing was stored at all.
    assert_eq!(store.game_count(), 0);
    // Still a lobby: a smaller ante plays.
    assert!(t.status(None).await.unwrap().game.is_none());
}

#[tokio::test(start_paused = true)]
async fn bad_options_are_refused_at_the_door() {
    let (_, tables) = memory_tables();
    for rules in [
        json!({"ante": 0}),
        json!({"sweep": [0, 3]}),
        json!({"point_dao": [9, 9, 9, 9, 9, 9, 9, 9, 9]}),
        json!({"unknown": 1}),
    ] {
        let r = tables.open::<DuanGuozi>(SERVER, CHANNEL, ME, options(rules.clone()));
        assert!(matches!(r, Err(TableError::BadOptions(_))), "{rules}");
    }
    assert!(tables.is_empty());
}

async fn ledger(dir: &tempfile::TempDir) -> Arc<Ledger> {
    let path = dir.path().join("paiju.db");
    Arc::new(
        Ledger::open(
            path.to_str().unwrap(),
            LedgerConfig {
                starting_chips: 1000,
                daily_amount: 10,
                daily_cooldown_secs: 1,
                ..Default::default()
            },
        )
        .await
        .unwrap(),
    )
}

async fn human_dealing(t: &TableHandle<DuanGuozi>, users: &[u64]) -> bool {
    let status = t.status(None).await.unwrap();
    let Some(game) = status.game else {
        return false;
    };
    let Some(&seat) = game.waiting_on.first() else {
        return false;
    };
    match status.seats[seat] {
        Occupant::Human(u) if users.contains(&u) => {
            t.act(u, game.version, Action::Deal).await.is_ok()
        }
        _ => false,
    }
}

#[tokio::test]
async fn on_the_sqlite_ledger_games_settle_from_the_pot_and_verify_stays_clean() {
    let dir = tempfile::tempdir().unwrap();
    let store = ledger(&dir).await;
    let tables = Tables::new(
        store.clone(),
        TableConfig {
            ai_delay_ms: 1,
            ..config()
        },
    );
    let t = tables
        .open::<DuanGuozi>(SERVER, CHANNEL, ME, options(json!({"sweep": [4, 3]})))
        .unwrap();
    t.join(YOU).await.unwrap();
    t.add_ai(ME).await.unwrap();
    let mut rx = t.subscribe();
    t.start(ME).await.unwrap();
    assert_eq!(store.balance(SERVER, ME).await.unwrap(), 960);
    assert_eq!(store.balance(SERVER, YOU).await.unwrap(), 960);
    let mid = store.verify().await.unwrap();
    assert!(mid.is_clean(), "{}", mid.render());

    // The humans deal when it is their turn; the AI deals for itself.
    let mut settled = Vec::new();
    while settled.len() < 2 {
        human_dealing(&t, &[ME, YOU]).await;
        while let Ok(event) = rx.try_recv() {
            if let TableEvent::Settled { report, .. } = event {
                settled.push(report);
            }
        }
        tokio::time::sleep(std::time::Duration::from_millis(2)).await;
    }
    // Two whole games: every chip a human won or lost went through the pot.
    let me: i64 = settled.iter().map(|r| r.paid[0]).sum();
    let you: i64 = settled.iter().map(|r| r.paid[1]).sum();
    assert_eq!(settled[1].balances[0], Some(1000 + me));
    assert_eq!(settled[1].balances[1], Some(1000 + you));

    // Close mid-game (an admin): the pot comes back in equal shares.
    t.admin_cancel(99, "test").await.unwrap();
    let closed = loop {
        match rx.recv().await.unwrap() {
            TableEvent::Settled { result, report, .. } => {
                assert!(result.table_closed());
                break report;
            }
            TableEvent::Closed { reason } => panic!("closed without settling: {reason:?}"),
            _ => {}
        }
    };
    // The table says who stopped it (issue #32).
    loop {
        if let TableEvent::Closed { reason } = rx.recv().await.unwrap() {
            assert_eq!(reason, CloseReason::Stopped { by: 99 });
            break;
        }
    }
    let report = store.verify().await.unwrap();
    assert!(report.is_clean(), "{}", report.render());
    assert_eq!(
        store.balance(SERVER, ME).await.unwrap(),
        1000 + me + closed.paid[0]
    );
    // The stored record says the table closed (issue #14): a replay does
    // not play the game on to an ending nobody was paid for.
    let id = store.history(SERVER, 1).await.unwrap()[0].id;
    let pool = sqlx::SqlitePool::connect(&format!(
        "sqlite://{}",
        dir.path().join("paiju.db").display()
    ))
    .await
    .unwrap();
    let record: String = sqlx::query_scalar(
        "SELECT r.record FROM games g JOIN game_records r ON r.id = g.record_id WHERE g.id = $1",
    )
    .bind(id)
    .fetch_one(&pool)
    .await
    .unwrap();
    let (verdict, closed) = paiju::registry::replay_text(&record).unwrap();
    assert!(closed, "{record}");
    assert!(matches!(
        verdict,
        paiju::record::Verdict::Ok {
            finished: false,
            ..
        }
    ));
    assert!(store.unfinished_games().await.unwrap().is_empty());
}

#[tokio::test]
async fn a_resumed_game_holds_nothing_twice() {
    let dir = tempfile::tempdir().unwrap();
    let store = ledger(&dir).await;
    {
        // Long timers: nothing moves by itself.
        let tables = Tables::new(store.clone(), config());
        let t = tables
            .open::<DuanGuozi>(SERVER, CHANNEL, ME, options(json!({})))
            .unwrap();
        t.join(YOU).await.unwrap();
        t.start(ME).await.unwrap();
        assert!(human_dealing(&t, &[ME, YOU]).await);
        assert_eq!(store.balance(SERVER, ME).await.unwrap(), 960);
    }
    // The first table is gone (its handles dropped); a restart resumes it.
    tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    let tables = Tables::new(store.clone(), config());
    let report = tables.resume_all().await.unwrap();
    assert_eq!(report.resumed.len(), 1, "{report:?}");
    assert_eq!(store.balance(SERVER, ME).await.unwrap(), 960);
    assert_eq!(store.balance(SERVER, YOU).await.unwrap(), 960);
    let t = tables.get::<DuanGuozi>(CHANNEL).unwrap();
    let status = t.status(Some(ME)).await.unwrap();
    assert_eq!(status.game.unwrap().version, 1);
    assert!(human_dealing(&t, &[ME, YOU]).await);
    let report = store.verify().await.unwrap();
    assert!(report.is_clean(), "{}", report.render());
}
