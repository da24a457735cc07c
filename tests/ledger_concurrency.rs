//! 200 concurrent tasks doing transfers, daily claims and settlements leave
//! `verify` clean and the total of chips exactly as minted, on SQLite and
//! on PostgreSQL.

use crate::support::db;

use db::{Backend, TestDb};
use paiju::ledger::{Ledger, LedgerConfig, LedgerError, NewGame, Settlement};
use serde_json::json;
use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::Arc;

const SERVER: u64 = 7;
const USERS: u64 = 30;
const START: i64 = 500;
const DAILY: i64 = 40;

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn two_hundred_tasks_conserve_every_chip_on_sqlite() {
    two_hundred_tasks_conserve_every_chip(Backend::Sqlite).await
}

/// On PostgreSQL the two handles write at the same time (several
/// connections each): the per-server lock is what keeps the checks and the
/// writes of one server in order.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn two_hundred_tasks_conserve_every_chip_on_postgres() {
    if db::postgres_url().is_some() {
        two_hundred_tasks_conserve_every_chip(Backend::Postgres).await
    }
}

async fn two_hundred_tasks_conserve_every_chip(b: Backend) {
    let db = TestDb::new(b).await.unwrap();
    let path = db.url.as_str();
    let ledger = Ledger::open(
        path,
        LedgerConfig {
            starting_chips: START,
            daily_amount: DAILY,
            daily_cooldown_secs: 100,
            ..Default::default()
        },
    )
    .await
    .unwrap();
    // What the test itself knows was minted or burned.
    let dailies = Arc::new(AtomicI64::new(0));
    let raked = Arc::new(AtomicI64::new(0));
    let house = Arc::new(AtomicI64::new(0));
    // How many of each operation went through, so the test cannot pass idle.
    let settled = Arc::new(AtomicI64::new(0));
    let transferred = Arc::new(AtomicI64::new(0));

    // A second handle on the same database, as a second process (a shard)
    // would have: its writes race the first one's.
    let second = Ledger::open(
        path,
        LedgerConfig {
            starting_chips: START,
            daily_amount: DAILY,
            daily_cooldown_secs: 100,
            ..Default::default()
        },
    )
    .await
    .unwrap();
    let mut tasks = Vec::new();
    for t in 0..200u64 {
        let l = if t % 2 == 0 {
            ledger.clone()
        } else {
            second.clone()
        };
        let dailies = dailies.clone();
        let raked = raked.clone();
        let house = house.clone();
        let settled = settled.clone();
        let transferred = transferred.clone();
        tasks.push(tokio::spawn(async move {
            let a = 1 + t % USERS;
            let b = 1 + (t * 7 + 3) % USERS;
            let c = 1 + (t * 5 + 1) % USERS;
            for round in 0..5u64 {
                match (t + round) % 3 {
                    0 => match l
                        .transfer(SERVER, a, b, 1 + (t % 50) as i64, &format!("t{t}-{round}"))
                        .await
                    {
                        Ok(()) => {
                            transferred.fetch_add(1, Ordering::SeqCst);
                        }
                        Err(LedgerError::SelfTransfer)
                        | Err(LedgerError::InsufficientChips { .. })
                        | Err(LedgerError::ChipsLocked { .. }) => {}
                        Err(e) => panic!("transfer: {e}"),
                    },
                    1 => match l.daily(SERVER, a, (round as i64) * 100).await {
                        Ok(_) => {
                            dailies.fetch_add(DAILY, Ordering::SeqCst);
                        }
                        Err(LedgerError::DailyCooldown { .. }) => {}
                        Err(e) => panic!("daily: {e}"),
                    },
                    _ => {
                        let seats = if a == c || b == c || a == b {
                            vec![Some(a), None, None]
                        } else {
                            vec![Some(a), Some(b), Some(c)]
                        };
                        // A seated user cannot sit at a second table: wait
                        // for the other game to end, as a lobby would.
                        let mut game = None;
                        for _ in 0..50 {
                            match l
                                .create_game(NewGame {
                                    server: SERVER,
                                    channel: t,
                                    kind: "dou-dizhu".into(),
                                    options: json!({}),
                                    seats: seats.clone(),
                                    stake: 10,
                                })
                                .await
                            {
                                Ok(g) => {
                                    game = Some(g);
                                    break;
                                }
                                Err(LedgerError::AlreadySeated { .. }) => {
                                    tokio::time::sleep(std::time::Duration::from_millis(2)).await
                                }
                                Err(e) => panic!("create: {e}"),
                            }
                        }
                        let Some(game) = game else { continue };
                        if t % 4 == 0 {
                            match l.hold(game, a, 25, "ante").await {
                                Ok(_) | Err(LedgerError::InsufficientChips { .. }) => {}
                                Err(e) => panic!("hold: {e}"),
                            }
                        }
                        if t % 9 == 0 {
                            l.cancel(game, "test").await.unwrap();
                            continue;
                        }
                        let x = 10 * (1 + (t % 6) as i64);
                        let deltas = if t % 2 == 0 {
                            vec![2 * x, -x, -x]
                        } else {
                            vec![-2 * x, x, x]
                        };
                        let r = l
                            .settle(
                                game,
                                Settlement {
                                    deltas,
                                    rake_percent: 5,
                                    record: json!({"t": t}),
                                    winners: vec![],
                                },
                            )
                            .await
                            .unwrap();
                        raked.fetch_add(r.rake, Ordering::SeqCst);
                        settled.fetch_add(1, Ordering::SeqCst);
                        // Chips won from or lost to AI seats are minted or burned.
                        let net: i64 = r.paid.iter().sum::<i64>() + r.rake;
                        house.fetch_add(net, Ordering::SeqCst);
                        // Settling again returns the same report.
                        let again = l
                            .settle(
                                game,
                                Settlement {
                                    deltas: vec![0, 0, 0],
                                    rake_percent: 0,
                                    record: json!({}),
                                    winners: vec![],
                                },
                            )
                            .await
                            .unwrap();
                        assert_eq!(again, r);
                    }
                }
            }
        }));
    }
    for t in tasks {
        t.await.unwrap();
    }

    assert!(
        settled.load(Ordering::SeqCst) >= 20,
        "{settled:?} settlements"
    );
    assert!(
        transferred.load(Ordering::SeqCst) >= 50,
        "{transferred:?} transfers"
    );
    assert!(dailies.load(Ordering::SeqCst) >= DAILY * 20);
    let report = ledger.verify().await.unwrap();
    assert!(report.is_clean(), "{}", report.render());
    let totals = &report.servers[0];
    let accounts = totals.accounts as i64;
    let expected = accounts * START + dailies.load(Ordering::SeqCst) + house.load(Ordering::SeqCst)
        - raked.load(Ordering::SeqCst);
    assert_eq!(totals.held, 0);
    assert_eq!(totals.balances, expected as i128);
    assert_eq!(totals.minted - totals.burned, expected as i128);
    let sum: i64 = ledger
        .leaderboard(SERVER, 1000)
        .await
        .unwrap()
        .iter()
        .map(|(_, b)| b)
        .sum();
    assert_eq!(sum, expected);
    assert!(ledger.unfinished_games().await.unwrap().is_empty());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_refused_write_fails_alone_among_concurrent_ones_on_sqlite() {
    a_refused_write_fails_alone_among_concurrent_ones(Backend::Sqlite).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_refused_write_fails_alone_among_concurrent_ones_on_postgres() {
    if db::postgres_url().is_some() {
        a_refused_write_fails_alone_among_concurrent_ones(Backend::Postgres).await
    }
}

/// Many tables write at once (on SQLite the writer groups them into shared
/// transactions): a stale append, a settlement that does not add up, a
/// settlement failing half way and a table opened for a player already
/// seated are refused and change nothing, while every other write of the
/// same moment is stored — new tables opening among them included (on
/// SQLite their writes take sqlx's path, the others the connection itself).
async fn a_refused_write_fails_alone_among_concurrent_ones(b: Backend) {
    const GAMES: u64 = 60;
    let db = TestDb::new(b).await.unwrap();
    let ledger = Ledger::open(
        &db.url,
        LedgerConfig {
            starting_chips: START,
            daily_amount: DAILY,
            daily_cooldown_secs: 100,
            ..Default::default()
        },
    )
    .await
    .unwrap();
    let mut games = Vec::new();
    for g in 0..GAMES {
        // Opened with a first snapshot, as the table runtime opens them.
        let id = ledger
            .open_game(
                NewGame {
                    server: SERVER,
                    channel: g,
                    kind: "dou-dizhu".into(),
                    options: json!({}),
                    seats: vec![Some(3 * g + 1), Some(3 * g + 2), Some(3 * g + 3)],
                    stake: 1,
                },
                &[],
                &[],
                &json!({"deal": g, "actions": []}),
            )
            .await
            .unwrap();
        games.push(id);
    }
    // Game 6's settlement fails half way: a trigger refuses to mark it
    // finished, after its journal rows and balances have been written.
    let id6 = games[6];
    match b {
        Backend::Sqlite => {
            db.exec(&format!(
                "CREATE TRIGGER refuse_6 BEFORE UPDATE OF status ON games \
                 WHEN NEW.id = {id6} AND NEW.status = 'finished' \
                 BEGIN SELECT RAISE(ABORT, 'refused by the test'); END"
            ))
            .await
        }
        Backend::Postgres => {
            db.exec(&format!(
                "CREATE FUNCTION refuse_6() RETURNS trigger LANGUAGE plpgsql AS $$ \
                 BEGIN IF NEW.id = {id6} AND NEW.status = 'finished' THEN \
                 RAISE EXCEPTION 'refused by the test'; END IF; RETURN NEW; END $$"
            ))
            .await;
            db.exec(
                "CREATE TRIGGER refuse_6 BEFORE UPDATE ON games \
                 FOR EACH ROW EXECUTE FUNCTION refuse_6()",
            )
            .await;
        }
    }
    let barrier = Arc::new(tokio::sync::Barrier::new(GAMES as usize));
    let mut tasks = tokio::task::JoinSet::new();
    for (i, &g) in games.iter().enumerate() {
        let (l, barrier) = (ledger.clone(), barrier.clone());
        tasks.spawn(async move {
            barrier.wait().await;
            let good = l.append_action(g, 1, &json!({"seat": 0, "a": i})).await;
            // A new table opens beside; every fifth seats a player of this
            // running one, and is refused.
            let n = i as u64;
            let first = if i % 5 == 2 { 3 * n + 1 } else { 10_000 + n };
            let opened = l
                .open_game(
                    NewGame {
                        server: SERVER,
                        channel: 1_000 + n,
                        kind: "dou-dizhu".into(),
                        options: json!({}),
                        seats: vec![Some(first), Some(20_000 + n), None],
                        stake: 1,
                    },
                    &[],
                    &[0, 5],
                    &json!({"deal": 1_000 + n, "actions": []}),
                )
                .await;
            // Every third table also sends a stale action (a second writer).
            let stale = if i % 3 == 0 {
                Some(l.append_action(g, 5, &json!({"seat": 1})).await)
            } else {
                None
            };
            let deltas = if i % 4 == 1 {
                vec![2, -1, 0]
            } else {
                vec![2, -1, -1]
            };
            let settled = l
                .settle(
                    g,
                    Settlement {
                        deltas,
                        rake_percent: 0,
                        record: json!({"g": i}),
                        winners: vec![0],
                    },
                )
                .await;
            (i, good, opened, stale, settled)
        });
    }
    let mut refused = 0;
    let mut opened_ids = Vec::new();
    while let Some(r) = tasks.join_next().await {
        let (i, good, opened, stale, settled) = r.unwrap();
        good.unwrap_or_else(|e| panic!("table {i}: {e}"));
        match (i % 5 == 2, opened) {
            (true, Err(LedgerError::AlreadySeated { user, game })) => {
                assert_eq!((user, game), (3 * i as u64 + 1, games[i]), "table {i}")
            }
            (false, Ok(id)) => opened_ids.push(id),
            (_, other) => panic!("table {i}'s new table: {other:?}"),
        }
        if let Some(stale) = stale {
            assert!(
                matches!(
                    stale,
                    Err(LedgerError::StaleVersion {
                        stored: 1,
                        given: 5,
                        ..
                    })
                ),
                "table {i}: {stale:?}"
            );
        }
        match (i % 4 == 1, i == 6, settled) {
            (true, _, Err(LedgerError::BadSettlement(_))) => refused += 1,
            (false, true, Err(LedgerError::Database(_))) => refused += 1,
            (false, false, Ok(report)) => assert_eq!(report.paid, vec![2, -1, -1]),
            (_, _, other) => panic!("table {i}: {other:?}"),
        }
    }
    assert_eq!(refused, GAMES / 4 + 1);
    // The refused settlements left their games running at version 1 with
    // their appended action, and nothing of game 6's half-run settlement.
    // The new tables are running at version 0 with their first snapshot
    // and the second seat's entry held.
    let running = ledger.unfinished_games().await.unwrap();
    let (new, running): (Vec<_>, Vec<_>) = running
        .into_iter()
        .partition(|s| opened_ids.contains(&s.id));
    assert_eq!(new.len(), opened_ids.len());
    assert_eq!(opened_ids.len() as u64, GAMES - GAMES / 5);
    for s in &new {
        assert_eq!(
            (s.version, s.held.clone()),
            (0, vec![0, 5, 0]),
            "game {}",
            s.id
        );
        assert_eq!(
            s.snapshot.as_ref().map(|v| v["actions"].clone()),
            Some(json!([]))
        );
    }
    for i in (0..GAMES).filter(|i| i % 5 != 2) {
        assert_eq!(ledger.balance(SERVER, 20_000 + i).await.unwrap(), START - 5);
    }
    assert_eq!(running.len() as u64, GAMES / 4 + 1);
    for s in &running {
        assert_eq!(s.version, 1, "game {}", s.id);
        assert_eq!(
            s.snapshot
                .as_ref()
                .and_then(|v| v["actions"].as_array())
                .map(Vec::len),
            Some(1)
        );
    }
    for user in [3 * 6 + 1, 3 * 6 + 2, 3 * 6 + 3] {
        assert_eq!(ledger.balance(SERVER, user).await.unwrap(), START);
    }
    let report = ledger.verify().await.unwrap();
    assert!(report.is_clean(), "{}", report.render());
}
