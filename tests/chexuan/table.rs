//! Chexuan at a table: a session of hand after hand with bobos set at the
//! join, the mango pot carried (and kept across a restart), shared when the
//! table closes, chips conserved in the memory store and on a real SQLite
//! ledger that verifies clean; and session-level properties on the game.

use paiju::ai::Bot;
use paiju::games::chexuan::ai::BasicBot;
use paiju::games::chexuan::session::{
    ChexuanTable, SessionDeal, SessionEvent, SessionView, TableAction,
};
use paiju::games::chexuan::{Action, ChexuanRules, Event};
use paiju::games::Game;
use paiju::ledger::{Ledger, LedgerConfig};
use paiju::message::Arg;
use paiju::record::{split_action, Record};
use paiju::table::memory::{MemoryStatus, MemoryStore};
use paiju::table::{
    JoinArgs, TableConfig, TableError, TableGame, TableHandle, TableOptions, TableStatus,
    TableStore, Tables,
};
use proptest::prelude::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::json;
use std::sync::Arc;

const SERVER: u64 = 3;
const CHANNEL: u64 = 4;
const USERS: [u64; 3] = [101, 102, 103];

fn config() -> TableConfig {
    TableConfig {
        bid_timeout_secs: 3600,
        play_timeout_secs: 3600,
        lobby_idle_secs: 3600,
        ai_delay_ms: 1,
        max_stake: 1000,
        pause_between_games: false,
    }
}

fn options(seed: u64) -> TableOptions {
    TableOptions {
        stake: 1,
        rules: json!({"ante": 5}),
        seed: Some(seed),
        lang: None,
        timers: None,
    }
}

fn bobo(chips: u64) -> JoinArgs {
    JoinArgs {
        buy_in: Some(chips),
    }
}

/// Opens a table of three humans with bobos 200, 300 and 400, not started.
async fn seat_three<S: TableStore>(tables: &Tables<S>, seed: u64) -> TableHandle<ChexuanTable> {
    let balance = tables
        .host_balance::<ChexuanTable>(SERVER, USERS[0])
        .await
        .unwrap();
    let t = tables
        .open_with::<ChexuanTable>(SERVER, CHANNEL, USERS[0], options(seed), bobo(200), balance)
        .unwrap();
    t.join_with(USERS[1], bobo(300)).await.unwrap();
    t.join_with(USERS[2], bobo(400)).await.unwrap();
    t
}

/// [`seat_three`], started.
async fn three_humans<S: TableStore>(tables: &Tables<S>, seed: u64) -> TableHandle<ChexuanTable> {
    let t = seat_three(tables, seed).await;
    t.start(USERS[0]).await.unwrap();
    t
}

/// Plays every human turn with the bot's hint until `stop` says so (asked
/// before each move, with the mover's status) or the table closes.
async fn drive(
    t: &TableHandle<ChexuanTable>,
    users: &[u64],
    mut stop: impl FnMut(&TableStatus<ChexuanTable>) -> bool,
) -> Option<TableStatus<ChexuanTable>> {
    for _ in 0..20_000 {
        let Ok(public) = t.status(None).await else {
            return None;
        };
        let g = public.game?;
        let Some(&seat) = g.waiting_on.first() else {
            tokio::time::sleep(std::time::Duration::from_millis(5)).await;
            continue;
        };
        let user = users[seat];
        let mine = t.status(Some(user)).await.ok()?;
        if stop(&mine) {
            return Some(mine);
        }
        let version = mine.game.as_ref()?.version;
        let action = t.hint(user).await.unwrap();
        match t.act(user, version, action).await {
            Ok(_) | Err(TableError::Closed) => {}
            Err(e) => panic!("the hint was refused: {e}"),
        }
    }
    panic!("the session did not end")
}

/// Every table event from now on, gathered by a task of its own as it
/// happens: the table's event ring keeps only the last few, and these tests
/// read a whole session's events at the end.
fn gather<E: Clone + Send + 'static>(
    mut events: tokio::sync::broadcast::Receiver<E>,
) -> tokio::sync::mpsc::UnboundedReceiver<E> {
    use tokio::sync::broadcast::error::RecvError;
    let (tx, out) = tokio::sync::mpsc::unbounded_channel();
    tokio::spawn(async move {
        loop {
            match events.recv().await {
                Ok(e) => {
                    if tx.send(e).is_err() {
                        break;
                    }
                }
                Err(RecvError::Lagged(n)) => panic!("the test fell {n} events behind"),
                Err(RecvError::Closed) => break,
            }
        }
    });
    out
}

/// Lets the gathering task catch up with what the table has sent.
async fn caught_up() {
    for _ in 0..64 {
        tokio::task::yield_now().await;
    }
}

fn view(s: &TableStatus<ChexuanTable>) -> &SessionView {
    &s.game.as_ref().unwrap().view
}

#[tokio::test]
async fn bobos_are_checked_at_the_door() {
    let store = Arc::new(MemoryStore::new(1000));
    let tables = Tables::new(store.clone(), config());
    // Below the smallest bobo (20 antes = 100) and above the balance.
    assert!(matches!(
        tables.open_with::<ChexuanTable>(SERVER, CHANNEL, USERS[0], options(1), bobo(99), 1000),
        Err(TableError::Rule(e)) if e.key == "err-chexuan-bobo-range"
    ));
    assert!(matches!(
        tables.open_with::<ChexuanTable>(SERVER, CHANNEL, USERS[0], options(1), bobo(1001), 1000),
        Err(TableError::Rule(e)) if e.key == "err-chexuan-bobo-balance"
    ));
    // The stake of a Chexuan table is 1: the ante sets the chips.
    let mut bad = options(1);
    bad.stake = 10;
    assert!(matches!(
        tables.open_with::<ChexuanTable>(SERVER, CHANNEL, USERS[0], bad, bobo(200), 1000),
        Err(TableError::BadOptions(_))
    ));
    assert!(tables.is_empty());
    let t = tables
        .open_with::<ChexuanTable>(SERVER, CHANNEL, USERS[0], options(1), bobo(200), 1000)
        .unwrap();
    store.set_balance(SERVER, USERS[1], 150);
    let refused = t.join_with(USERS[1], bobo(160)).await;
    assert!(matches!(refused, Err(TableError::Rule(e)) if e.key == "err-chexuan-bobo-balance"));
    // Nothing changed: the seat is still free, and a fitting bobo joins.
    assert_eq!(t.status(None).await.unwrap().seats.len(), 1);
    t.join_with(USERS[1], bobo(150)).await.unwrap();
    // A plain join brings the smallest bobo, checked against the balance too.
    store.set_balance(SERVER, USERS[2], 50);
    assert!(t.join(USERS[2]).await.is_err());
    t.add_ai(USERS[0]).await.unwrap();
    t.start(USERS[0]).await.unwrap();
    let s = t.status(Some(USERS[0])).await.unwrap();
    // The AI brings the largest human bobo.
    assert_eq!(view(&s).stacks, vec![200, 150, 200]);
    assert_eq!(view(&s).ai, vec![false, false, true]);
}

#[tokio::test]
async fn a_session_plays_hands_carries_the_mango_pot_and_shares_it_at_the_close() {
    let store = Arc::new(MemoryStore::new(1000));
    let tables = Tables::new(store.clone(), config());
    let t = three_humans(&tables, 11).await;
    let mut events = gather(t.subscribe());
    // Play until a hand begins with chips in the mango pot.
    let seen = drive(&t, &USERS, |s| {
        let v = view(s);
        v.hand_number > 1 && v.mango_pot > 0
    })
    .await
    .expect("a mango pot forms");
    let id = seen.game.as_ref().unwrap().id;
    let hands_before = view(&seen).hand_number;
    // Everything so far is one running ledger game, nothing settled.
    assert_eq!(store.game_count(), 1);
    // Two leave: the session ends after the hand in play.
    t.leave(USERS[1]).await.unwrap();
    t.leave(USERS[2]).await.unwrap();
    drive(&t, &USERS, |_| false).await;
    caught_up().await;
    let mut closed = None;
    let mut hand_ended = 0;
    while let Ok(e) = events.try_recv() {
        match e {
            paiju::table::TableEvent::Acted { events, .. } => {
                for ev in events {
                    match ev {
                        SessionEvent::Closed {
                            mango_shares,
                            deltas,
                        } => closed = Some((mango_shares, deltas)),
                        SessionEvent::HandEnded { .. } => hand_ended += 1,
                        _ => {}
                    }
                }
            }
            paiju::table::TableEvent::Settled { result, report, .. } => {
                let outcome = result.outcome.expect("a finished session");
                assert_eq!(outcome.deltas.iter().sum::<i64>(), 0);
                assert_eq!(report.paid.iter().sum::<i64>(), 0);
            }
            _ => {}
        }
    }
    let (shares, deltas) = closed.expect("the table closed");
    assert!(hand_ended as u32 >= hands_before);
    // Only the player still seated shares the mango pot.
    assert_eq!(shares[1], 0);
    assert_eq!(shares[2], 0);
    assert_eq!(deltas.iter().sum::<i64>(), 0);
    match store.game(id).unwrap().status {
        MemoryStatus::Settled(r) => {
            for (k, user) in USERS.iter().enumerate() {
                let balance = store.balance(SERVER, *user).await.unwrap();
                assert_eq!(balance, 1000 + r.paid[k]);
                assert_eq!(r.paid[k], deltas[k]);
            }
        }
        other => panic!("not settled: {other:?}"),
    }
}

#[tokio::test]
async fn a_restart_mid_session_keeps_the_mango_pot() {
    let store = Arc::new(MemoryStore::new(1000));
    let (id, before) = {
        let tables = Tables::new(store.clone(), config());
        let t = three_humans(&tables, 5).await;
        let seen = drive(&t, &USERS, |s| {
            let v = view(s);
            v.hand_number > 1 && v.mango_pot > 0
        })
        .await
        .expect("a mango pot forms");
        let g = seen.game.as_ref().unwrap();
        (g.id, (g.version, view(&seen).clone()))
        // The registry and the handle drop here; the table waits on a
        // human, so it stops where it is, like a crash.
    };
    tokio::task::yield_now().await;
    let tables = Tables::new(store.clone(), config());
    let report = tables.resume_all().await.unwrap();
    assert_eq!(report.resumed, vec![id]);
    let t = tables
        .get::<ChexuanTable>(CHANNEL)
        .expect("the table is back");
    let (version, seen) = before;
    let mover = view_user(&seen);
    let now = t.status(Some(mover)).await.unwrap();
    let g = now.game.as_ref().unwrap();
    assert_eq!(g.version, version);
    assert_eq!(g.view.mango_pot, seen.mango_pot);
    assert_eq!(g.view.mango_count, seen.mango_count);
    assert_eq!(g.view, seen);
    assert!(seen.mango_pot > 0);
    // And the session goes on to a settlement that conserves the chips.
    t.leave(USERS[0]).await.unwrap();
    t.leave(USERS[1]).await.unwrap();
    drive(&t, &USERS, |_| false).await;
    match store.game(id).unwrap().status {
        MemoryStatus::Settled(r) => assert_eq!(r.paid.iter().sum::<i64>(), 0),
        other => panic!("not settled: {other:?}"),
    }
}

/// The user whose view this is.
fn view_user(v: &SessionView) -> u64 {
    USERS[v.viewer.unwrap()]
}

#[tokio::test]
async fn a_session_on_the_sqlite_ledger_verifies_clean() {
    let dir = tempfile::tempdir().unwrap();
    let ledger = sqlite_ledger(&dir).await;
    let tables = Tables::new(ledger.clone(), config());
    let t = three_humans(&tables, 23).await;
    // Somebody may run out of chips first: then the table has closed.
    if drive(&t, &USERS, |s| view(s).hand_number > 6)
        .await
        .is_some()
    {
        t.leave(USERS[2]).await.unwrap();
        t.leave(USERS[0]).await.unwrap();
        drive(&t, &USERS, |_| false).await;
    }
    assert!(ledger.unfinished_games().await.unwrap().is_empty());
    let mut total = 0;
    for user in USERS {
        total += ledger.balance(SERVER, user).await.unwrap();
    }
    assert_eq!(total, 3000, "no chip created or lost");
    let report = ledger.verify().await.unwrap();
    assert!(report.is_clean(), "{}", report.render());
}

// ---- session properties -----------------------------------------------------

/// Plays a whole session with the bot at every seat; `reserve` is each
/// seat's chips outside the bobo (empty: a session without reserves);
/// `leave_at` lists (action count, seat) leaves. Checks the invariants after
/// every action.
fn play_session(
    seats: usize,
    bobos: Vec<u64>,
    reserve: Vec<Option<u64>>,
    seed: u64,
    leave_at: Vec<(usize, usize)>,
) -> Result<ChexuanTable, TestCaseError> {
    let rules = ChexuanRules {
        ante: 5,
        ..ChexuanRules::default()
    };
    let deal = SessionDeal {
        seed,
        dealer: (seed as usize) % seats,
        bobo: bobos.clone(),
        ai: Vec::new(),
        reserve: reserve.clone(),
    };
    let mut table = ChexuanTable::start(rules, seats, deal).unwrap();
    let limited = !reserve.is_empty();
    // What each seat paid into the mango pot off the table (from its
    // reserve), the part its reserve could not cover having come out of its
    // bobo.
    let mut mango_paid = vec![0u64; seats];
    // What each seat moved from its reserve into its stack between hands.
    let mut topped = vec![0u64; seats];
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut bot = BasicBot;
    let mut steps = 0;
    while !table.is_finished() {
        prop_assert!(steps < 5_000, "the session does not end");
        // Past 60 hands everyone leaves, one by one.
        let leave = leave_at
            .iter()
            .find(|(at, _)| *at == steps)
            .map(|(_, s)| *s % seats)
            .or_else(|| {
                (table.hand_number() > 60)
                    .then(|| (0..seats).find(|&s| table.leave_action(s).is_some()))
                    .flatten()
            });
        let mover = table.waiting_on()[0];
        let stacks_before = table.stacks().to_vec();
        let events = match leave {
            Some(s) if table.leave_action(s).is_some() => table.apply(s, &TableAction::Leave),
            _ => {
                let legal = table.legal_actions(mover);
                prop_assert!(!legal.is_empty());
                // Now and then the mover's time runs out: the table plays
                // for it, and two such hands in a row stand it up.
                let top_ups: Vec<TableAction> = legal
                    .iter()
                    .copied()
                    .filter(|a| matches!(a, TableAction::TopUp(_)))
                    .collect();
                if rng.gen_ratio(1, 8) && table.timeout_action(mover).is_some() {
                    table.apply(mover, &TableAction::TimedOut)
                } else if !top_ups.is_empty() {
                    // Asked to top up between hands: the least or the most.
                    let pick = top_ups[rng.gen_range(0..top_ups.len())];
                    table.apply(mover, &pick)
                } else {
                    let hand_legal = TableAction::hand_actions(&legal);
                    let v = table.view(Some(mover));
                    let a = bot.choose(&v.hand, &hand_legal, &mut rng);
                    table.apply(mover, &TableAction::Hand(a))
                }
            }
        }
        .map_err(|e| TestCaseError::fail(format!("refused: {e}")))?;
        steps += 1;
        // What each seat topped up, and paid into the mango pot, from the events.
        for e in &events {
            if let SessionEvent::ToppedUp { seat, amount, .. } = e {
                topped[*seat] += amount;
            }
            if let SessionEvent::Hand {
                event:
                    Event::Mango {
                        amount,
                        payers,
                        from_stack,
                        short,
                        ..
                    },
            } = e
            {
                for &p in payers {
                    let paid = short
                        .iter()
                        .find(|x| x.seat == p)
                        .map_or(*amount, |x| x.paid);
                    let stacked = from_stack
                        .iter()
                        .find(|x| x.seat == p)
                        .map_or(0, |x| x.paid);
                    prop_assert!(stacked <= paid);
                    // Only a seat whose reserve is spent pays out of its bobo.
                    if stacked > 0 {
                        prop_assert!(limited);
                    }
                    mango_paid[p] += paid - stacked;
                }
            }
        }
        if limited {
            for s in 0..seats {
                let stack = table.stacks()[s];
                // The hand being played moves its chips when it ends.
                let in_hand = match table.playing().iter().position(|&p| p == s) {
                    // Between hands the current hand's chips have moved.
                    Some(h) if !table.is_finished() && !table.between_hands() => {
                        table.hand().mango_paid_off_the_table(h)
                    }
                    _ => 0,
                };
                let settled = mango_paid[s] - in_hand;
                // Stacks never go negative: the mango came from the reserve,
                // and only what the bobo held beyond the bets from the stack.
                prop_assert!(stack >= 0, "seat {} has a stack of {}", s, stack);
                // The reserve paid the mango, the stack the rest.
                prop_assert_eq!(
                    table.session_deltas()[s],
                    stack - bobos[s] as i64 - topped[s] as i64 - settled as i64
                );
                prop_assert_eq!(
                    table.reserve()[s],
                    reserve[s].map(|r| r - settled - topped[s])
                );
                // Nobody loses more in the session than the balance it
                // started with (bobo + reserve).
                if let Some(start) = reserve[s] {
                    prop_assert!(
                        -table.session_deltas()[s] <= (bobos[s] + start) as i64,
                        "seat {} lost {} of {} + {}",
                        s,
                        -table.session_deltas()[s],
                        bobos[s],
                        start
                    );
                }
            }
        }
        for e in events {
            if let SessionEvent::HandEnded { deltas, .. } = e {
                // Chips are conserved: what the seats lost is in the mango
                // pot (shared out if the table closed).
                let sum: i64 = table.session_deltas().iter().sum();
                prop_assert_eq!(sum + table.mango().pot as i64, 0);
                // Nobody loses more in a hand than the bobo plus mango.
                let prev = table.view(None);
                let finished = match &prev.previous {
                    // Between hands (a top-up asked) the hand just ended
                    // is still the current one.
                    Some(p) if !table.is_finished() && !table.between_hands() => p.clone(),
                    _ => paiju::games::chexuan::session::PreviousHand {
                        playing: prev.playing.clone(),
                        view: prev.hand.clone(),
                    },
                };
                for (h, p) in finished.view.players.iter().enumerate() {
                    let s = finished.playing[h];
                    prop_assert!(
                        -deltas[s] <= (p.bobo + p.mango_paid) as i64,
                        "seat {} lost {} with bobo {} and mango {}",
                        s,
                        -deltas[s],
                        p.bobo,
                        p.mango_paid
                    );
                    // The hand's bobo was the stack, less any mango that
                    // the reserve could not cover.
                    prop_assert_eq!((p.bobo + p.mango_from_stack) as i64, stacks_before[s]);
                }
            }
        }
    }
    let outcome = table.outcome().unwrap();
    prop_assert_eq!(outcome.deltas.iter().sum::<i64>(), 0);
    prop_assert_eq!(table.mango().pot, 0);
    // The session's record replays to the same table.
    let record: Record =
        serde_json::from_value(serde_json::to_value(table.record()).unwrap()).unwrap();
    let mut again = ChexuanTable::from_record_setup(&record).unwrap();
    for (i, raw) in record.actions.iter().enumerate() {
        let (seat, body) = split_action(i, raw).unwrap();
        again
            .apply(seat, &ChexuanTable::parse_action(&body).unwrap())
            .unwrap();
    }
    prop_assert!(again == table);
    Ok(table)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn sessions_conserve_chips_and_cap_each_hands_loss(
        seats in 2usize..=6,
        seed in any::<u64>(),
        extra in proptest::collection::vec(0u64..400, 6),
        leaves in proptest::collection::vec((0usize..400, 0usize..6), 0..3),
    ) {
        let bobos: Vec<u64> = extra[..seats].iter().map(|e| 100 + e).collect();
        play_session(seats, bobos, Vec::new(), seed, leaves)?;
    }

    /// Random balances and bobos: each human seat's reserve is its balance
    /// less its bobo, often below the mango amounts; some seats unlimited.
    #[test]
    fn sessions_with_reserves_never_take_more_than_a_balance(
        seats in 2usize..=6,
        seed in any::<u64>(),
        extra in proptest::collection::vec(0u64..400, 6),
        rest in proptest::collection::vec(proptest::option::of(0u64..120), 6),
        leaves in proptest::collection::vec((0usize..400, 0usize..6), 0..3),
    ) {
        let bobos: Vec<u64> = extra[..seats].iter().map(|e| 100 + e).collect();
        let table = play_session(seats, bobos.clone(), rest[..seats].to_vec(), seed, leaves)?;
        // After the close (the mango pot shared) the shares are in the
        // session too, and still nobody lost more than the balance.
        let outcome = table.outcome().unwrap();
        for s in 0..seats {
            if let Some(r) = rest[s] {
                prop_assert!(-outcome.deltas[s] <= (bobos[s] + r) as i64);
            }
            prop_assert!(table.stacks()[s] >= 0);
        }
    }
}

#[test]
fn a_session_record_replays_with_paiju_replay_and_a_late_action_is_pinpointed() {
    let table = play_session(3, vec![300, 200, 250], Vec::new(), 77, vec![(5, 1)]).unwrap();
    let record = table.record();
    // One record name per game: a session is a `chexuan` record with a
    // session deal; the old name of stored sessions still replays the same.
    assert_eq!(record.game, "chexuan");
    let mut legacy = record.clone();
    legacy.game = "chexuan-table".into();
    assert_eq!(
        paiju::registry::replay(&legacy).unwrap(),
        paiju::registry::replay(&record).unwrap()
    );
    match paiju::registry::replay(&record).unwrap() {
        paiju::record::Verdict::Ok { finished, outcome } => {
            assert!(finished);
            let deltas = &outcome.unwrap()["deltas"];
            let sum: i64 = deltas
                .as_array()
                .unwrap()
                .iter()
                .map(|d| d.as_i64().unwrap())
                .sum();
            assert_eq!(sum, 0);
        }
        other => panic!("{other:?}"),
    }
    // An action after the table closed is refused at its own index.
    let mut bad = record.clone();
    let at = bad.actions.len();
    bad.actions.push(json!({"seat": 1, "check": true}));
    match paiju::registry::replay(&bad).unwrap() {
        paiju::record::Verdict::Refused { at: a, .. } => assert_eq!(a, at),
        other => panic!("{other:?}"),
    }
}

// ---- mango beyond the bobo, on the ledger ------------------------------------

/// A ledger on a fresh SQLite file, 1000 chips to start.
async fn sqlite_ledger(dir: &tempfile::TempDir) -> Arc<Ledger> {
    let ledger = Ledger::open(
        dir.path().join("chexuan.db").to_str().unwrap(),
        LedgerConfig {
            starting_chips: 1000,
            daily_amount: 10,
            daily_cooldown_secs: 1,
            ..Default::default()
        },
    )
    .await
    .unwrap();
    Arc::new(ledger)
}

/// Plays the table to its close: every round 1 both check (a 休芒), then
/// the host goes all-in and the other calls (all-in when he cannot); the
/// best split at the showdown.
async fn check_then_all_in(t: &TableHandle<ChexuanTable>, users: &[u64]) {
    for _ in 0..2_000 {
        let Ok(public) = t.status(None).await else {
            return;
        };
        let Some(g) = public.game else { return };
        let Some(&seat) = g.waiting_on.first() else {
            tokio::time::sleep(std::time::Duration::from_millis(5)).await;
            continue;
        };
        let user = users[seat];
        let Ok(mine) = t.status(Some(user)).await else {
            return;
        };
        let g = mine.game.unwrap();
        // Asked to top up: this test's sessions end as they did before
        // top-ups, the seat declining (it leaves).
        if g.legal.iter().any(|a| matches!(a, TableAction::TopUp(_))) {
            match t.leave(user).await {
                Ok(()) | Err(TableError::Closed) => continue,
                Err(e) => panic!("leaving was refused: {e}"),
            }
        }
        let round1 = matches!(
            g.view.hand.stage,
            paiju::games::chexuan::view::Stage::Betting { round: 1 }
        );
        let wants: &[Action] = if round1 {
            &[Action::Check]
        } else if seat == 0 {
            &[Action::AllIn]
        } else {
            &[Action::Call, Action::AllIn]
        };
        let action = wants
            .iter()
            .map(|a| TableAction::Hand(*a))
            .find(|a| g.legal.contains(a));
        let action = match action {
            Some(a) => a,
            None => t.hint(user).await.unwrap(),
        };
        match t.act(user, g.version, action).await {
            Ok(_) | Err(TableError::Closed) => {}
            Err(e) => panic!("{action:?} was refused: {e}"),
        }
    }
    panic!("the session did not end")
}

/// The defect of issue #6: a player who brought his whole balance as bobo,
/// owing mango in the hand where he loses the bobo. Nothing is left off the
/// table, so the mango comes out of his stack (issue #14: `rules/chexuan.md`
/// amended, a whole-balance bobo is not exempt); he still never loses more
/// than his balance, the table's figures are exactly what the ledger pays,
/// and the ledger verifies clean.
#[tokio::test]
async fn the_whole_balance_as_bobo_then_mango_the_ledger_pays_the_tables_figures() {
    let users = [USERS[0], USERS[1]];
    let mut busted = 0;
    for seed in 1..=12 {
        let dir = tempfile::tempdir().unwrap();
        let ledger = sqlite_ledger(&dir).await;
        ledger
            .admin_adjust(SERVER, users[1], 2000, 1, "grant")
            .await
            .unwrap();
        let tables = Tables::new(ledger.clone(), config());
        let t = tables
            .open_with::<ChexuanTable>(SERVER, CHANNEL, users[0], options(seed), bobo(1000), 1000)
            .unwrap();
        t.join_with(users[1], bobo(1500)).await.unwrap();
        let mut events = gather(t.subscribe());
        t.start(users[0]).await.unwrap();
        let s = t.status(Some(users[0])).await.unwrap();
        // Nothing outside the bobo for the host; 1500 for the other.
        assert_eq!(view(&s).reserve, vec![Some(0), Some(1500)]);
        check_then_all_in(&t, &users).await;
        caught_up().await;
        let mut from_the_stack = false;
        let mut stacks = Vec::new();
        let mut settled = None;
        while let Ok(e) = events.try_recv() {
            match e {
                paiju::table::TableEvent::Acted { events, .. } => {
                    for ev in events {
                        match ev {
                            SessionEvent::Hand {
                                event:
                                    Event::Mango {
                                        amount,
                                        from_stack,
                                        short: s,
                                        ..
                                    },
                            } => {
                                // The host pays the whole amount out of his
                                // stack; the other in full off the table.
                                assert!(s.is_empty(), "{s:?}");
                                assert_eq!(from_stack.len(), 1);
                                assert_eq!((from_stack[0].seat, from_stack[0].paid), (0, amount));
                                from_the_stack = true;
                            }
                            SessionEvent::HandEnded { stacks: st, .. } => stacks.push(st),
                            _ => {}
                        }
                    }
                }
                paiju::table::TableEvent::Settled { result, report, .. } => {
                    settled = Some((result.outcome.expect("a finished session"), report))
                }
                _ => {}
            }
        }
        assert!(from_the_stack, "every round 1 is a 休芒");
        assert!(stacks.iter().flatten().all(|&s| s >= 0), "{stacks:?}");
        let (outcome, report) = settled.expect("the session settled");
        // The ledger pays exactly the table's figures.
        assert_eq!(report.paid, outcome.deltas);
        for (k, user) in users.iter().enumerate() {
            let start = [1000, 3000][k];
            assert_eq!(
                ledger.balance(SERVER, *user).await.unwrap(),
                start + outcome.deltas[k]
            );
        }
        let report = ledger.verify().await.unwrap();
        assert!(report.is_clean(), "{}", report.render());
        if outcome.deltas[0] == -1000 {
            busted += 1;
        }
    }
    // Some of these sessions end with the host's whole balance lost.
    assert!(busted > 0);
}

/// A joiner whose balance fell below the bobo after joining: the start is
/// refused with an error naming him, and nothing changes (no game, the
/// table still in its lobby, every balance as it was).
#[tokio::test]
async fn a_start_is_refused_when_a_joiners_balance_fell_below_the_bobo() {
    let dir = tempfile::tempdir().unwrap();
    let ledger = sqlite_ledger(&dir).await;
    let tables = Tables::new(ledger.clone(), config());
    let t = tables
        .open_with::<ChexuanTable>(SERVER, CHANNEL, USERS[0], options(3), bobo(500), 1000)
        .unwrap();
    t.join_with(USERS[1], bobo(800)).await.unwrap();
    // The joiner gives 300 chips away: 700 left, below the bobo of 800.
    ledger
        .transfer(SERVER, USERS[1], USERS[2], 300, "gift")
        .await
        .unwrap();
    let refused = t.start(USERS[0]).await;
    match refused {
        Err(e @ TableError::BalanceFell { .. }) => {
            assert_eq!(e.key(), "err-start-balance-fell");
            assert_eq!(
                e.args(),
                vec![("user", Arg::User(USERS[1])), ("balance", Arg::Int(700))]
            );
        }
        other => panic!("{other:?}"),
    }
    let s = t.status(None).await.unwrap();
    assert!(s.game.is_none(), "no game started");
    assert_eq!(s.seats.len(), 2);
    assert!(ledger.unfinished_games().await.unwrap().is_empty());
    assert_eq!(ledger.balance(SERVER, USERS[0]).await.unwrap(), 1000);
    assert_eq!(ledger.balance(SERVER, USERS[1]).await.unwrap(), 700);
    // With the chips back the same table starts.
    ledger
        .transfer(SERVER, USERS[2], USERS[1], 100, "back")
        .await
        .unwrap();
    t.start(USERS[0]).await.unwrap();
    let s = t.status(Some(USERS[0])).await.unwrap();
    assert_eq!(view(&s).stacks, vec![500, 800]);
    assert_eq!(view(&s).reserve, vec![Some(500), Some(0)]);
}

/// Three humans at a table with a 60-second turn; seat 0 acts once at the
/// start of every hand, seats 1 and 2 never. Returns, per timed-out
/// action, (seat, hand, seconds its turn waited), the stand-ups as
/// (hand, seat), the session's outcome and the store's record.
async fn timeouts_session(
    seed: u64,
) -> (
    Vec<(usize, u32, u64)>,
    Vec<(u32, usize)>,
    paiju::games::chexuan::session::SessionOutcome,
    serde_json::Value,
) {
    use paiju::table::{Actor, TableEvent};
    use tokio::time::Instant;
    let store = Arc::new(MemoryStore::new(1000));
    let mut cfg = config();
    cfg.play_timeout_secs = 60;
    cfg.bid_timeout_secs = 60;
    let tables = Tables::new(store.clone(), cfg);
    let t = seat_three(&tables, seed).await;
    // Subscribed before the start, so the first turn is seen too.
    let mut events = t.subscribe();
    let id = t.start(USERS[0]).await.unwrap();
    let mut hand = 1;
    let mut acted_in: Vec<u32> = Vec::new();
    let mut turn_began = [Instant::now(); 3];
    let mut timed_out = Vec::new();
    let mut stood_up = Vec::new();
    loop {
        match events.recv().await.expect("the table runs to its close") {
            TableEvent::Turn { seats, version, .. } => {
                for &s in &seats {
                    turn_began[s] = Instant::now();
                }
                if seats.contains(&0) && !acted_in.contains(&hand) {
                    acted_in.push(hand);
                    let action = t.hint(USERS[0]).await.unwrap();
                    t.act(USERS[0], version, action).await.unwrap();
                }
            }
            TableEvent::Acted {
                seat,
                actor,
                action,
                events: evs,
                ..
            } => {
                assert_ne!(actor, Actor::Autoplay, "the bot took a seat over");
                if actor == Actor::TimedOut {
                    assert_eq!(action, TableAction::TimedOut);
                    assert_eq!(evs.first(), Some(&SessionEvent::TimedOut { seat }));
                    timed_out.push((seat, hand, turn_began[seat].elapsed().as_secs()));
                } else {
                    assert_eq!(seat, 0, "only seat 0 acts itself");
                }
                for e in &evs {
                    match e {
                        SessionEvent::HandBegins { hand: h, .. } => hand = *h,
                        SessionEvent::StoodUp { seat } => stood_up.push((hand, *seat)),
                        _ => {}
                    }
                }
            }
            TableEvent::Autoplay { on, .. } => assert!(!on, "the bot took a seat over"),
            TableEvent::Settled { result, .. } => {
                let record = store.game(id).unwrap().snapshot.unwrap_or_default();
                let outcome = result.outcome.expect("a finished session");
                return (timed_out, stood_up, outcome, record);
            }
            _ => {}
        }
    }
}

/// A player whose time runs out is played for that one move (check, else
/// fold; the split at the showdown), never handed to the bot: each of his
/// turns waits the whole timeout. Two hands in a row with a timeout stand
/// him up as the second ends; a player who acts in a hand starts his count
/// again, so seat 0 (acting once per hand, timing out later in it) stays.
/// The stood-up seats share no mango; the record replays to the same.
#[tokio::test(start_paused = true)]
async fn a_timed_out_player_is_played_for_once_and_stood_up_after_two_hands() {
    for seed in [1, 2, 3] {
        let (timed_out, stood_up, outcome, _) = timeouts_session(seed).await;
        assert!(!timed_out.is_empty());
        for &(seat, hand, waited) in &timed_out {
            assert!(
                waited >= 60,
                "seat {seat} waited only {waited}s in hand {hand}"
            );
            assert!(hand <= 2, "seat {seat} still dealt in hand {hand}");
        }
        for seat in [1, 2] {
            for hand in [1, 2] {
                assert!(
                    timed_out.iter().any(|&(s, h, _)| (s, h) == (seat, hand)),
                    "seed {seed}: seat {seat} did not time out in hand {hand}"
                );
            }
        }
        assert_eq!(stood_up, vec![(2, 1), (2, 2)], "seed {seed}");
        // One human left: the table closed after hand 2; the mango pot
        // went to the seat still seated.
        assert_eq!(outcome.hands, 2);
        let shares = &outcome.mango_shares;
        assert_eq!((shares[1], shares[2]), (0, 0));
        assert_eq!(outcome.deltas.iter().sum::<i64>(), 0);
    }
}

/// The timed-out moves are in the session's record, so a replay (or a
/// resumed table) counts them the same way and stands the same seats up;
/// a player cannot send the timer's move himself, and a stood-up player
/// is told why.
#[tokio::test(start_paused = true)]
async fn timed_out_moves_replay_and_only_the_timer_sends_them() {
    let (_, stood_up, _, snapshot) = timeouts_session(4).await;
    assert_eq!(stood_up, vec![(2, 1), (2, 2)]);
    let record: Record = serde_json::from_value(snapshot).unwrap();
    assert!(record
        .actions
        .iter()
        .any(|a| a.to_string().contains("timed_out")));
    let mut table = ChexuanTable::from_record_setup(&record).unwrap();
    for (i, raw) in record.actions.iter().enumerate() {
        let (seat, body) = split_action(i, raw).unwrap();
        let action = ChexuanTable::parse_action(&body).unwrap();
        table.apply(seat, &action).unwrap();
    }
    assert!(table.is_finished());
    assert_eq!(table.stood_up(), &[false, true, true]);
    let gone = table.seat_gone(1).expect("seat 1 is gone");
    assert_eq!(gone.key, "err-chexuan-stood-up");
    assert!(table.seat_gone(0).is_none());

    // From a player, the timer's move is refused and changes nothing.
    let store = Arc::new(MemoryStore::new(1000));
    let tables = Tables::new(store, config());
    let t = three_humans(&tables, 5).await;
    let status = t.status(Some(USERS[0])).await.unwrap();
    let game = status.game.unwrap();
    let user = USERS[game.waiting_on[0]];
    let err = t
        .act(user, game.version, TableAction::TimedOut)
        .await
        .unwrap_err();
    assert!(
        matches!(&err, TableError::Rule(e) if e.key == "err-timer-only"),
        "{err:?}"
    );
    assert_eq!(
        t.status(None).await.unwrap().game.unwrap().version,
        game.version
    );
}

/// A player who left is told so when he leaves again, asks for a hint or
/// acts; the session goes on untouched (a second leave once fell through
/// to the runtime's generic leave, which could cancel the whole session).
#[tokio::test]
async fn leaving_twice_is_refused_and_the_session_goes_on() {
    let store = Arc::new(MemoryStore::new(1000));
    let tables = Tables::new(store.clone(), config());
    let t = three_humans(&tables, 8).await;
    t.leave(USERS[1]).await.unwrap();
    let before = t.status(None).await.unwrap().game.unwrap();
    for _ in 0..2 {
        let err = t.leave(USERS[1]).await.unwrap_err();
        assert!(
            matches!(&err, TableError::Rule(e) if e.key == "err-chexuan-left-table"),
            "{err:?}"
        );
    }
    let err = t.hint(USERS[1]).await.unwrap_err();
    assert!(
        matches!(&err, TableError::Rule(e) if e.key == "err-chexuan-left-table"),
        "{err:?}"
    );
    let now = t.status(None).await.unwrap().game.unwrap();
    assert_eq!(now.version, before.version);
    assert!(view(&t.status(None).await.unwrap()).left[1]);
    assert!(matches!(
        store.game(now.id).unwrap().status,
        MemoryStatus::Running
    ));
}

/// The SQLite ledger, except that the first game it is asked to open sees a
/// `/give` land just before: the table has read the balances, the ledger
/// has not yet recorded them as the start balances.
struct GiveBeforeOpening {
    ledger: Arc<Ledger>,
    gave: std::sync::atomic::AtomicBool,
}

impl TableStore for GiveBeforeOpening {
    async fn set_autoplay(
        &self,
        game: paiju::table::GameId,
        seat: usize,
        on: bool,
    ) -> Result<(), paiju::table::StoreError> {
        TableStore::set_autoplay(&*self.ledger, game, seat, on).await
    }
    async fn autoplay_seats(
        &self,
        game: paiju::table::GameId,
    ) -> Result<Vec<usize>, paiju::table::StoreError> {
        TableStore::autoplay_seats(&*self.ledger, game).await
    }
    async fn set_autopass(
        &self,
        server: paiju::table::ServerId,
        user: paiju::table::UserId,
        on: bool,
    ) -> Result<(), paiju::table::StoreError> {
        TableStore::set_autopass(&*self.ledger, server, user, on).await
    }
    async fn autopass(
        &self,
        server: paiju::table::ServerId,
        user: paiju::table::UserId,
    ) -> Result<bool, paiju::table::StoreError> {
        TableStore::autopass(&*self.ledger, server, user).await
    }
    async fn create_game(
        &self,
        game: paiju::table::NewGame,
    ) -> Result<paiju::table::GameId, paiju::table::StoreError> {
        TableStore::create_game(&*self.ledger, game).await
    }
    async fn open_game(
        &self,
        game: paiju::table::NewGame,
        entry: Vec<i64>,
        snapshot: serde_json::Value,
    ) -> Result<paiju::table::GameId, paiju::table::StoreError> {
        if !self.gave.swap(true, std::sync::atomic::Ordering::SeqCst) {
            self.ledger
                .transfer(SERVER, USERS[1], USERS[2], 300, "in-between")
                .await
                .unwrap();
        }
        TableStore::open_game(&*self.ledger, game, entry, snapshot).await
    }
    async fn hold(
        &self,
        game: paiju::table::GameId,
        user: u64,
        amount: i64,
        key: &str,
    ) -> Result<i64, paiju::table::StoreError> {
        TableStore::hold(&*self.ledger, game, user, amount, key).await
    }
    async fn append_action(
        &self,
        game: paiju::table::GameId,
        version: i64,
        action: &serde_json::Value,
    ) -> Result<(), paiju::table::StoreError> {
        TableStore::append_action(&*self.ledger, game, version, action).await
    }
    async fn save_snapshot(
        &self,
        game: paiju::table::GameId,
        version: i64,
        snapshot: &serde_json::Value,
    ) -> Result<(), paiju::table::StoreError> {
        TableStore::save_snapshot(&*self.ledger, game, version, snapshot).await
    }
    async fn settle(
        &self,
        game: paiju::table::GameId,
        settlement: paiju::table::Settlement,
    ) -> Result<paiju::table::SettleReport, paiju::table::StoreError> {
        TableStore::settle(&*self.ledger, game, settlement).await
    }
    async fn cancel(
        &self,
        game: paiju::table::GameId,
        reason: &str,
    ) -> Result<(), paiju::table::StoreError> {
        TableStore::cancel(&*self.ledger, game, reason).await
    }
    async fn unfinished_games(
        &self,
    ) -> Result<Vec<paiju::table::StoredGame>, paiju::table::StoreError> {
        TableStore::unfinished_games(&*self.ledger).await
    }
    async fn balance(&self, server: u64, user: u64) -> Result<i64, paiju::table::StoreError> {
        TableStore::balance(&*self.ledger, server, user).await
    }
}

/// Issue #14 item 10: a `/give` between the table's read of the balances
/// (each reserve is balance − bobo) and the ledger's record of the start
/// balances. The ledger refuses to open a game dealt from balances that are
/// no longer the ones it records (one transaction), the table reads them
/// again and deals from the new ones: the reserve the table plays with is
/// what the ledger holds the player to, and the session settles to exactly
/// the table's figures.
#[tokio::test]
async fn a_give_while_the_game_opens_leaves_the_reserve_and_the_ledger_agreeing() {
    let dir = tempfile::tempdir().unwrap();
    let ledger = sqlite_ledger(&dir).await;
    let store = Arc::new(GiveBeforeOpening {
        ledger: ledger.clone(),
        gave: false.into(),
    });
    // Everyone's account exists before the table reads any balance.
    for user in USERS {
        ledger.balance(SERVER, user).await.unwrap();
    }
    let tables = Tables::new(store, config());
    let t = tables
        .open_with::<ChexuanTable>(SERVER, CHANNEL, USERS[0], options(5), bobo(500), 1000)
        .unwrap();
    t.join_with(USERS[1], bobo(600)).await.unwrap();
    t.start(USERS[0]).await.unwrap();
    // USERS[1] had 1000 when the table first read it, 700 when the game
    // opened: its reserve is 700 − 600, not 1000 − 600.
    assert_eq!(ledger.balance(SERVER, USERS[1]).await.unwrap(), 700);
    let s = t.status(Some(USERS[0])).await.unwrap();
    assert_eq!(view(&s).reserve, vec![Some(500), Some(100)]);
    // Only one game was opened: the refused one left nothing behind.
    let games = ledger.unfinished_games().await.unwrap();
    assert_eq!(games.len(), 1);
    // Play the session out: the ledger pays exactly the table's figures.
    let mut events = t.subscribe();
    check_then_all_in(&t, &[USERS[0], USERS[1]]).await;
    let mut settled = None;
    while let Ok(e) = events.try_recv() {
        if let paiju::table::TableEvent::Settled { result, report, .. } = e {
            settled = Some((result.outcome.expect("a finished session"), report));
        }
    }
    if settled.is_none() {
        for user in [USERS[0], USERS[1]] {
            let _ = t.leave(user).await;
        }
        while let Ok(e) = events.recv().await {
            if let paiju::table::TableEvent::Settled { result, report, .. } = e {
                settled = Some((result.outcome.expect("a finished session"), report));
                break;
            }
        }
    }
    let (outcome, report) = settled.expect("the session settled");
    assert_eq!(report.paid, outcome.deltas);
    for (user, start) in [(USERS[0], 1000), (USERS[1], 700)] {
        let k = usize::from(user == USERS[1]);
        assert_eq!(
            ledger.balance(SERVER, user).await.unwrap(),
            start + outcome.deltas[k]
        );
    }
    let report = ledger.verify().await.unwrap();
    assert!(report.is_clean(), "{}", report.render());
}

/// The ledger's side of it: a game whose seats' balances are not the ones
/// given is refused, and nothing is recorded.
#[tokio::test]
async fn the_ledger_refuses_a_game_dealt_from_stale_balances() {
    let dir = tempfile::tempdir().unwrap();
    let ledger = sqlite_ledger(&dir).await;
    let game = || paiju::ledger::NewGame {
        server: SERVER,
        channel: CHANNEL,
        kind: "chexuan".into(),
        options: json!({}),
        seats: vec![Some(USERS[0]), None, Some(USERS[1])],
        stake: 1,
    };
    ledger.balance(SERVER, USERS[0]).await.unwrap();
    ledger.balance(SERVER, USERS[1]).await.unwrap();
    let refused = ledger
        .create_game_at(game(), &[Some(1000), None, Some(999)])
        .await
        .unwrap_err();
    assert_eq!(refused.key(), "err-balance-changed");
    assert!(ledger.unfinished_games().await.unwrap().is_empty());
    ledger
        .create_game_at(game(), &[Some(1000), None, Some(1000)])
        .await
        .unwrap();
    assert_eq!(ledger.unfinished_games().await.unwrap().len(), 1);
}
