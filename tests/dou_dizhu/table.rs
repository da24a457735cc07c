//! Dou Dizhu hosted by the table runtime (in-memory store, paused clock):
//! the bidding timer applies until the landlord is known, a player who never
//! acts is played by the AI to the end, escape settles, and bad rules are
//! refused at the door.

use paiju::games::dou_dizhu::{Action, DouDizhu};
use paiju::games::GameOutcome;
use paiju::message::Arg;
use paiju::table::memory::{MemoryStatus, MemoryStore};
use paiju::table::{
    Actor, CloseReason, TableConfig, TableError, TableEvent, TableOptions, TableStore, Tables,
    TimerKind,
};
use serde_json::json;
use std::sync::Arc;
use std::time::Duration;

const SERVER: u64 = 5;
const CHANNEL: u64 = 6;
const ME: u64 = 42;

fn tables() -> (Arc<MemoryStore>, Tables<MemoryStore>) {
    let store = Arc::new(MemoryStore::new(1000));
    let config = TableConfig {
        bid_timeout_secs: 15,
        play_timeout_secs: 40,
        lobby_idle_secs: 600,
        ai_delay_ms: 300,
        max_stake: 10_000,
        pause_between_games: false,
    };
    (store.clone(), Tables::new(store, config))
}

fn options(rules: serde_json::Value) -> TableOptions {
    TableOptions {
        stake: 10,
        rules,
        seed: Some(4),
        lang: None,
        timers: None,
    }
}

#[tokio::test(start_paused = true)]
async fn an_absent_player_is_played_by_the_ai_to_the_settlement() {
    let (store, tables) = tables();
    let t = tables
        .open::<DouDizhu>(SERVER, CHANNEL, ME, options(json!({})))
        .unwrap();
    t.add_ai(ME).await.unwrap();
    assert!(matches!(
        t.start(ME).await,
        Err(TableError::WrongSeatCount { have: 2, .. })
    ));
    t.add_ai(ME).await.unwrap();
    let mut events = t.subscribe();
    let id = t.start(ME).await.unwrap();
    let mut timers = Vec::new();
    let mut autoplayed = 0;
    let report = loop {
        match events.recv().await.unwrap() {
            TableEvent::Turn {
                seats,
                timer,
                timeout,
                ..
            } if seats == vec![0] => timers.push((timer, timeout)),
            TableEvent::Acted { seat: 0, actor, .. } => {
                assert_eq!(actor, Actor::Autoplay);
                autoplayed += 1;
            }
            TableEvent::Settled { report, result, .. } => {
                let outcome = result.outcome.expect("a finished game");
                assert_eq!(outcome.deltas().iter().sum::<i64>(), 0);
                break report;
            }
            TableEvent::Closed { reason } => panic!("closed early: {reason:?}"),
            _ => {}
        }
    };
    assert!(autoplayed >= 1);
    // The player's first turn is a bid, on the bidding timer.
    assert_eq!(timers[0], (TimerKind::Bidding, Duration::from_secs(15)));
    let balance = store.balance(SERVER, ME).await.unwrap();
    assert_eq!(Some(balance), report.balances[0]);
    assert_eq!(balance, 1000 + report.paid[0]);
    match store.game(id).map(|g| g.status) {
        // A redeal settles at zero and a fresh deal follows at once.
        Some(MemoryStatus::Settled(r)) if r.paid.iter().all(|p| *p == 0) => {}
        Some(MemoryStatus::Settled(_)) => {
            let closed = loop {
                if let TableEvent::Closed { reason } = events.recv().await.unwrap() {
                    break reason;
                }
            };
            assert_eq!(closed, CloseReason::Finished);
        }
        other => panic!("not settled: {other:?}"),
    }
}

#[tokio::test(start_paused = true)]
async fn leaving_is_the_escape_and_costs_the_penalty() {
    let (store, tables) = tables();
    let t = tables
        .open::<DouDizhu>(SERVER, CHANNEL, ME, options(json!({"escape_penalty": 12})))
        .unwrap();
    t.add_ai(ME).await.unwrap();
    t.add_ai(ME).await.unwrap();
    let mut events = t.subscribe();
    t.start(ME).await.unwrap();
    t.leave(ME).await.unwrap();
    let report = loop {
        if let TableEvent::Settled { report, .. } = events.recv().await.unwrap() {
            break report;
        }
    };
    // At least the penalty (12 × the stake of 10), paid to the house's seats.
    assert!(report.paid[0] <= -120, "{report:?}");
    assert_eq!(
        store.balance(SERVER, ME).await.unwrap(),
        1000 + report.paid[0]
    );
}

#[tokio::test(start_paused = true)]
async fn a_stale_bid_is_refused() {
    let (_store, tables) = tables();
    let t = tables
        .open::<DouDizhu>(SERVER, CHANNEL, ME, options(json!({})))
        .unwrap();
    t.add_ai(ME).await.unwrap();
    t.add_ai(ME).await.unwrap();
    t.start(ME).await.unwrap();
    // Wait until the game waits on the player.
    let game = loop {
        let g = t.status(Some(ME)).await.unwrap().game.unwrap();
        if g.waiting_on == vec![0] {
            break g;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    let action = game.legal[0];
    assert_eq!(t.act(ME, game.version, action).await, Ok(game.version + 1));
    assert!(matches!(
        t.act(ME, game.version, Action::Pass).await,
        Err(TableError::Stale { .. })
    ));
}

#[tokio::test(start_paused = true)]
async fn bad_rules_are_refused_when_the_table_opens() {
    let (store, tables) = tables();
    for rules in [
        json!({"bidding": "auction"}),
        json!({"players": 4}),
        json!({"rake": 101}),
        json!({"unknown": 1}),
    ] {
        let e = tables
            .open::<DouDizhu>(SERVER, CHANNEL, ME, options(rules.clone()))
            .unwrap_err();
        assert!(matches!(e, TableError::BadOptions(_)), "{rules}: {e}");
    }
    assert!(tables.is_empty());
    assert_eq!(store.game_count(), 0);
}

/// Issue #14 item 9: a seat must cover what one game ordinarily costs —
/// for Dou Dizhu the landlord of a bid of 3 losing to both farmers, the
/// stake × 6 — and a player with 0 chips never sits down. A join below it
/// is refused with a sentence and changes nothing; a seated player whose
/// balance fell below it (the host, who opened without a check, included)
/// holds up the start, named.
#[tokio::test(start_paused = true)]
async fn a_seat_must_cover_what_a_game_ordinarily_costs() {
    const YOU: u64 = 43;
    const BROKE: u64 = 44;
    let (store, tables) = tables();
    // Stake 200: a seat needs 1200; everyone has 1000.
    let big = TableOptions {
        stake: 200,
        ..options(json!({}))
    };
    let t = tables.open::<DouDizhu>(SERVER, CHANNEL, ME, big).unwrap();
    let refused = t.join(YOU).await.unwrap_err();
    assert_eq!(refused.key(), "err-balance-below-table");
    assert_eq!(
        refused.args(),
        vec![("needed", Arg::Int(1200)), ("chips", Arg::Int(1000))]
    );
    t.add_ai(ME).await.unwrap();
    t.add_ai(ME).await.unwrap();
    match t.start(ME).await {
        Err(e @ TableError::BelowTableMinimum { .. }) => {
            assert_eq!(e.key(), "err-start-below-table");
            assert_eq!(
                e.args(),
                vec![
                    ("user", Arg::User(ME)),
                    ("balance", Arg::Int(1000)),
                    ("needed", Arg::Int(1200))
                ]
            );
        }
        other => panic!("{other:?}"),
    }
    assert!(t.status(None).await.unwrap().game.is_none());
    assert_eq!(store.game_count(), 0, "no game was opened");
    assert_eq!(store.balance(SERVER, ME).await.unwrap(), 1000);

    // Stake 1 at another table: 6 chips a seat; a player with 0 cannot
    // join, whatever the stake.
    let t = tables
        .open::<DouDizhu>(
            SERVER,
            CHANNEL + 1,
            YOU,
            TableOptions {
                stake: 1,
                ..options(json!({}))
            },
        )
        .unwrap();
    store.set_balance(SERVER, BROKE, 0);
    let refused = t.join(BROKE).await.unwrap_err();
    assert_eq!(refused.key(), "err-balance-below-table");
    store.set_balance(SERVER, BROKE, 5);
    assert_eq!(
        t.join(BROKE).await.unwrap_err().key(),
        "err-balance-below-table"
    );
    store.set_balance(SERVER, BROKE, 6);
    t.join(BROKE).await.unwrap();
    assert_eq!(t.status(None).await.unwrap().seats.len(), 2);
}

/// A loss beyond what the seat holds (here an escape penalty of 50 × the
/// stake against 100 chips) is capped at the balance by the ledger, and the
/// settled outcome says so: who, what was owed and what was paid.
#[tokio::test(start_paused = true)]
async fn a_capped_loss_is_said_in_the_result() {
    let (store, tables) = tables();
    store.set_balance(SERVER, ME, 100);
    let t = tables
        .open::<DouDizhu>(SERVER, CHANNEL, ME, options(json!({"escape_penalty": 50})))
        .unwrap();
    t.add_ai(ME).await.unwrap();
    t.add_ai(ME).await.unwrap();
    let mut events = t.subscribe();
    t.start(ME).await.unwrap();
    t.leave(ME).await.unwrap();
    let (outcome, report) = loop {
        if let TableEvent::Settled { result, report, .. } = events.recv().await.unwrap() {
            break (result, report);
        }
    };
    assert_eq!(report.paid[0], -100, "{report:?}");
    let capped = &outcome.capped;
    assert_eq!(capped.len(), 1);
    assert_eq!(capped[0].seat, 0);
    assert_eq!(capped[0].paid, 100);
    assert!(capped[0].owed >= 500, "{capped:?}");
    assert_eq!(store.balance(SERVER, ME).await.unwrap(), 0);
}

/// An uncapped loss adds nothing to the outcome.
#[tokio::test(start_paused = true)]
async fn an_uncapped_loss_says_nothing_about_caps() {
    let (_, tables) = tables();
    let t = tables
        .open::<DouDizhu>(SERVER, CHANNEL, ME, options(json!({"escape_penalty": 12})))
        .unwrap();
    t.add_ai(ME).await.unwrap();
    t.add_ai(ME).await.unwrap();
    let mut events = t.subscribe();
    t.start(ME).await.unwrap();
    t.leave(ME).await.unwrap();
    let outcome = loop {
        if let TableEvent::Settled { result, .. } = events.recv().await.unwrap() {
            break result;
        }
    };
    assert!(outcome.capped.is_empty(), "{outcome:?}");
}
