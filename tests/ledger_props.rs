//! Property test: random sequences of ledger operations (accounts, transfers,
//! dailies, admin adjustments, and whole games with holds, settlements and
//! cancellations) against a model of what each should do. After every
//! sequence: every balance is what the model says, `verify` is clean, and
//! balances + held = minted − burned.

use paiju::ledger::{Ledger, LedgerConfig, LedgerError, NewGame, Settlement};
use proptest::prelude::*;
use serde_json::json;
use std::collections::HashMap;

const S: u64 = 3;
const START: i64 = 100;
const DAILY: i64 = 25;
const COOLDOWN: i64 = 10;
const USERS: u64 = 5;

#[derive(Debug, Clone)]
enum Op {
    Balance(u64),
    Daily(u64, i64),
    Transfer(u64, u64, i64),
    Admin(u64, i64),
    Open(Vec<Option<u64>>),
    Hold(usize, usize, i64),
    Settle(usize, Vec<i64>, u32),
    Cancel(usize),
}

fn op() -> impl Strategy<Value = Op> {
    let user = 1..=USERS;
    prop_oneof![
        user.clone().prop_map(Op::Balance),
        (user.clone(), 0i64..60).prop_map(|(u, t)| Op::Daily(u, t)),
        (user.clone(), user.clone(), -5i64..150).prop_map(|(a, b, x)| Op::Transfer(a, b, x)),
        (user.clone(), -120i64..120).prop_map(|(u, x)| Op::Admin(u, x)),
        proptest::collection::vec(
            prop_oneof![3 => user.clone().prop_map(Some), 1 => Just(None)],
            2..=4
        )
        .prop_map(Op::Open),
        (0usize..4, 0usize..4, -2i64..80).prop_map(|(g, s, x)| Op::Hold(g, s, x)),
        (
            0usize..4,
            proptest::collection::vec(-150i64..150, 3),
            0u32..30
        )
            .prop_map(|(g, d, r)| Op::Settle(g, d, r)),
        (0usize..4).prop_map(Op::Cancel),
    ]
}

/// What the test expects the ledger to hold.
#[derive(Default)]
struct Model {
    balances: HashMap<u64, i64>,
    last_daily: HashMap<u64, i64>,
    games: Vec<ModelGame>,
}

/// A running game as the model sees it.
#[derive(Clone)]
struct ModelGame {
    id: i64,
    seats: Vec<Option<u64>>,
    /// Held per seat.
    held: Vec<i64>,
    /// Balance per seat at the start.
    starts: Vec<i64>,
}

impl Model {
    fn bal(&self, u: u64) -> i64 {
        self.balances.get(&u).copied().unwrap_or(START)
    }
    fn locked(&self, u: u64) -> bool {
        self.games.iter().any(|g| g.seats.contains(&Some(u)))
    }
}

async fn run(ops: Vec<Op>) -> Result<(), TestCaseError> {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("prop.db");
    let l = Ledger::open(
        path.to_str().unwrap(),
        LedgerConfig {
            starting_chips: START,
            daily_amount: DAILY,
            daily_cooldown_secs: COOLDOWN,
            ..Default::default()
        },
    )
    .await
    .unwrap();
    let mut m = Model::default();
    for (i, op) in ops.into_iter().enumerate() {
        match op {
            Op::Balance(u) => {
                prop_assert_eq!(l.balance(S, u).await.unwrap(), m.bal(u));
                m.balances.insert(u, m.bal(u));
            }
            Op::Daily(u, t) => {
                let ready = m
                    .last_daily
                    .get(&u)
                    .is_none_or(|&last| t >= last + COOLDOWN);
                match l.daily(S, u, t).await {
                    Ok(b) => {
                        prop_assert!(ready);
                        prop_assert_eq!(b, m.bal(u) + DAILY);
                        m.balances.insert(u, b);
                        m.last_daily.insert(u, t);
                    }
                    Err(LedgerError::DailyCooldown { .. }) => prop_assert!(!ready),
                    Err(e) => prop_assert!(false, "daily: {e}"),
                }
            }
            Op::Transfer(a, b, x) => {
                let ok = x > 0 && a != b && !m.locked(a) && x <= m.bal(a);
                let r = l.transfer(S, a, b, x, &format!("op{i}")).await;
                prop_assert_eq!(r.is_ok(), ok, "transfer {} {} {}: {:?}", a, b, x, r);
                if ok {
                    m.balances.insert(a, m.bal(a) - x);
                    m.balances.insert(b, m.bal(b) + x);
                }
            }
            Op::Admin(u, x) => {
                let ok = x > 0 || (x < 0 && !m.locked(u) && -x <= m.bal(u));
                let r = l.admin_adjust(S, u, x, 42, &format!("op{i}")).await;
                prop_assert_eq!(r.is_ok(), ok, "admin {} {}: {:?}", u, x, r);
                if let Ok(b) = r {
                    prop_assert_eq!(b, m.bal(u) + x);
                    m.balances.insert(u, b);
                }
            }
            Op::Open(seats) => {
                let humans: Vec<u64> = seats.iter().flatten().copied().collect();
                let mut uniq = humans.clone();
                uniq.sort();
                uniq.dedup();
                let ok = uniq.len() == humans.len() && !humans.iter().any(|&u| m.locked(u));
                let r = l
                    .create_game(NewGame {
                        server: S,
                        channel: i as u64,
                        kind: "dou-dizhu".into(),
                        options: json!({}),
                        seats: seats.clone(),
                        stake: 1,
                    })
                    .await;
                prop_assert_eq!(r.is_ok(), ok, "open {:?}: {:?}", seats, r);
                if let Ok(id) = r {
                    let starts = seats.iter().map(|s| s.map_or(0, |u| m.bal(u))).collect();
                    for &u in &humans {
                        m.balances.insert(u, m.bal(u));
                    }
                    let n = seats.len();
                    m.games.push(ModelGame {
                        id,
                        seats,
                        held: vec![0; n],
                        starts,
                    });
                }
            }
            Op::Hold(g, seat, x) => {
                let Some(ModelGame { id, seats, .. }) = m.games.get(g).cloned() else {
                    continue;
                };
                let Some(Some(u)) = seats.get(seat).copied() else {
                    continue;
                };
                let ok = x > 0 && x <= m.bal(u);
                let r = l.hold(id, u, x, &format!("op{i}")).await;
                prop_assert_eq!(r.is_ok(), ok, "hold {}: {:?}", x, r);
                if let Ok(b) = r {
                    prop_assert_eq!(b, m.bal(u) - x);
                    m.balances.insert(u, b);
                    m.games[g].held[seat] += x;
                }
            }
            Op::Settle(g, raw, rake) => {
                if g >= m.games.len() {
                    continue;
                }
                let ModelGame {
                    id,
                    seats,
                    held,
                    starts,
                } = m.games[g].clone();
                let n = seats.len();
                let mut deltas: Vec<i64> = (0..n).map(|k| raw[k % raw.len()]).collect();
                let sum: i64 = deltas[..n - 1].iter().sum();
                deltas[n - 1] = -sum;
                let winners: Vec<usize> = (0..n).filter(|&k| deltas[k] > 0).collect();
                let r = l
                    .settle(
                        id,
                        Settlement {
                            deltas: deltas.clone(),
                            rake_percent: rake,
                            record: json!({"op": i}),
                            winners,
                        },
                    )
                    .await
                    .unwrap();
                let mut all_human = true;
                for k in 0..n {
                    match seats[k] {
                        None => {
                            all_human = false;
                            prop_assert_eq!(r.paid[k], 0);
                            prop_assert_eq!(r.balances[k], None);
                        }
                        Some(u) => {
                            // A loser pays at most what it had at the start,
                            // a winner gets at most its delta.
                            prop_assert!(-r.paid[k] <= starts[k]);
                            prop_assert!(r.paid[k] <= deltas[k].max(0));
                            prop_assert!(r.paid[k] >= deltas[k].min(0));
                            let b = m.bal(u) + held[k] + r.paid[k];
                            prop_assert!(b >= 0);
                            prop_assert_eq!(r.balances[k], Some(b));
                            m.balances.insert(u, b);
                        }
                    }
                }
                if all_human {
                    // No chip created or lost between humans, before rake.
                    prop_assert_eq!(r.paid.iter().sum::<i64>() + r.rake, 0);
                }
                m.games.remove(g);
            }
            Op::Cancel(g) => {
                if g >= m.games.len() {
                    continue;
                }
                let ModelGame {
                    id, seats, held, ..
                } = m.games.remove(g);
                l.cancel(id, "prop").await.unwrap();
                for (k, u) in seats.iter().enumerate() {
                    if let Some(u) = u {
                        m.balances.insert(*u, m.bal(*u) + held[k]);
                    }
                }
            }
        }
        prop_assert!(m.balances.values().all(|&b| b >= 0));
    }
    let report = l.verify().await.unwrap();
    prop_assert!(report.is_clean(), "{}", report.render());
    let mut sum = 0i128;
    for (&u, &b) in &m.balances {
        prop_assert_eq!(l.balance(S, u).await.unwrap(), b, "user {}", u);
        sum += b as i128;
    }
    let held: i128 = m
        .games
        .iter()
        .flat_map(|g| g.held.iter())
        .map(|&h| h as i128)
        .sum();
    if let Some(t) = report.servers.first() {
        prop_assert_eq!(t.balances, sum);
        prop_assert_eq!(t.held, held);
        prop_assert_eq!(t.balances + t.held, t.minted - t.burned);
    }
    let running = l.unfinished_games().await.unwrap();
    prop_assert_eq!(running.len(), m.games.len());
    l.close().await;
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 40, .. ProptestConfig::default() })]
    #[test]
    fn random_operations_keep_every_invariant(ops in proptest::collection::vec(op(), 1..40)) {
        let rt = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
        rt.block_on(run(ops))?;
    }
}
