//! Paohuzi at a table: hand after hand on a real SQLite ledger with the
//! claimants of a card answering together (the lower one first, the higher
//! one with the version it was asked at), the dealer each outcome names,
//! chips of tun × fan × stake every hand, conserved and verified clean;
//! and a claim left unanswered passing when its short timer runs out.

use paiju::games::paohuzi::{Action, PaohuziTable};
use paiju::games::Game;
use paiju::ledger::{Ledger, LedgerConfig};
use paiju::table::memory::MemoryStore;
use paiju::table::{
    Actor, TableConfig, TableError, TableEvent, TableHandle, TableOptions, TableStore, Tables,
    TimerKind,
};
use serde_json::json;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::broadcast::error::TryRecvError;

const SERVER: u64 = 7;
const CHANNEL: u64 = 8;
const USERS: [u64; 3] = [201, 202, 203];
const STAKE: i64 = 2;

fn config(bid_secs: u64) -> TableConfig {
    TableConfig {
        bid_timeout_secs: bid_secs,
        play_timeout_secs: 3600,
        lobby_idle_secs: 3600,
        ai_delay_ms: 1,
        max_stake: 1000,
        pause_between_games: false,
    }
}

fn options(seed: u64) -> TableOptions {
    TableOptions {
        stake: STAKE,
        rules: json!({"mingtang": true}),
        seed: Some(seed),
        lang: None,
        timers: None,
    }
}

async fn sqlite_ledger(dir: &tempfile::TempDir) -> Arc<Ledger> {
    let ledger = Ledger::open(
        dir.path().join("paohuzi.db").to_str().unwrap(),
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

/// What the test saw of one settled hand.
#[derive(Debug)]
struct Hand {
    dealer: usize,
    next_dealer: usize,
    drawn_in_a_row: u64,
    winner: Option<usize>,
}

/// Every event already sent, in order.
fn drain(
    rx: &mut tokio::sync::broadcast::Receiver<TableEvent<PaohuziTable>>,
) -> Vec<TableEvent<PaohuziTable>> {
    let mut out = Vec::new();
    loop {
        match rx.try_recv() {
            Ok(e) => out.push(e),
            Err(TryRecvError::Lagged(_)) => continue,
            Err(_) => return out,
        }
    }
}

#[tokio::test]
async fn hands_on_the_sqlite_ledger_claims_together_the_dealer_rule_and_chips() {
    let dir = tempfile::tempdir().unwrap();
    let ledger = sqlite_ledger(&dir).await;
    let tables = Tables::new(ledger.clone(), config(3600));
    let t: TableHandle<PaohuziTable> = tables
        .open::<PaohuziTable>(SERVER, CHANNEL, USERS[0], options(5))
        .unwrap();
    t.join(USERS[1]).await.unwrap();
    t.join(USERS[2]).await.unwrap();
    let mut rx = t.subscribe();
    t.start(USERS[0]).await.unwrap();

    let mut hands: Vec<Hand> = Vec::new();
    let mut dealer_now = t.status(None).await.unwrap().game.unwrap().view.hand.dealer;
    assert_eq!(dealer_now, 0, "the first hand's dealer is the host");
    let mut together = 0;
    let mut old_version_taken = 0;
    let mut lower_first_waited = 0;
    for _ in 0..20_000 {
        if hands.len() >= 6 {
            break;
        }
        for e in drain(&mut rx) {
            match e {
                TableEvent::Settled { result, report, .. } => {
                    // Each other player pays the winner tun × fan × stake.
                    let d = result.outcome.expect("a finished hand");
                    let winner = d.winner;
                    let pay = i64::from(d.tun) * i64::from(d.fan) * STAKE;
                    let want: Vec<i64> = (0..3)
                        .map(|s| match winner {
                            None => 0,
                            Some(w) if w == s => 2 * pay,
                            Some(_) => -pay,
                        })
                        .collect();
                    assert_eq!(report.paid, want, "chips of {d:?}");
                    hands.push(Hand {
                        dealer: dealer_now,
                        next_dealer: d.next_dealer,
                        drawn_in_a_row: u64::from(d.drawn_in_a_row),
                        winner,
                    });
                }
                TableEvent::Started { .. } => {
                    let g = t.status(None).await.unwrap().game.unwrap();
                    dealer_now = g.view.hand.dealer;
                    if let Some(last) = hands.last() {
                        assert_eq!(dealer_now, last.next_dealer, "the dealer rule: {last:?}");
                    }
                }
                _ => {}
            }
        }
        let Ok(public) = t.status(None).await else {
            break;
        };
        let Some(g) = public.game else { break };
        let waiting = g.waiting_on.clone();
        if waiting.is_empty() {
            tokio::time::sleep(Duration::from_millis(2)).await;
            continue;
        }
        if waiting.len() >= 2 {
            together += 1;
            assert_eq!(g.timer, TimerKind::Bidding, "claims run on the short timer");
            // The public view does not say who is asked.
            assert!(g.view.hand.asking.is_none());
            assert!(g.view.claiming);
            let (high, low) = (USERS[waiting[0]], USERS[*waiting.last().unwrap()]);
            let asked_at = t.status(Some(high)).await.unwrap().game.unwrap().version;
            // The lower claimant answers first, against the version it sees.
            let low_status = t.status(Some(low)).await.unwrap().game.unwrap();
            let low_action = t.hint(low).await.unwrap();
            let low_taken = low_action != Action::Pass;
            t.act(low, low_status.version, low_action).await.unwrap();
            let after = t.status(None).await.unwrap().game.unwrap();
            if after.version > asked_at && after.waiting_on.contains(&waiting[0]) {
                // It waits on the higher one; the higher one answers with
                // the version its question was asked at.
                if low_taken {
                    lower_first_waited += 1;
                }
                let action = t.hint(high).await.unwrap();
                t.act(high, asked_at, action).await.unwrap();
                old_version_taken += 1;
            }
            continue;
        }
        let seat = waiting[0];
        let user = USERS[seat];
        let mine = t.status(Some(user)).await.unwrap().game.unwrap();
        let action = t.hint(user).await.unwrap();
        match t.act(user, mine.version, action).await {
            Ok(_) | Err(TableError::Closed) => {}
            Err(e) => panic!("the hint was refused: {e}"),
        }
    }
    assert!(hands.len() >= 6, "six hands were played: {hands:?}");
    assert!(together > 0, "no card had two claimants");
    assert!(
        old_version_taken > 0,
        "no answer with the version it was asked at"
    );
    assert!(
        lower_first_waited > 0,
        "no lower claimant's take waited on a higher one"
    );
    // A version from before the question is stale.
    let g = t.status(None).await.unwrap().game.unwrap();
    if let Some(&seat) = g.waiting_on.first() {
        let err = t
            .act(USERS[seat], g.version.saturating_sub(50), Action::Pass)
            .await
            .unwrap_err();
        assert!(matches!(err, TableError::Stale { .. }), "{err:?}");
    }
    // Each hand's dealer was the one the previous outcome named (checked
    // as each started); a win makes the winner deal.
    for h in &hands {
        match h.winner {
            Some(w) => assert_eq!((h.next_dealer, h.drawn_in_a_row), (w, 0), "{h:?}"),
            // 荒庄: the same dealer, or the next seat after three in a row.
            None if h.drawn_in_a_row == 0 => assert_eq!(h.next_dealer, (h.dealer + 1) % 3),
            None => assert_eq!(h.next_dealer, h.dealer, "{h:?}"),
        }
    }
    for user in USERS {
        t.leave(user).await.unwrap();
    }
    for _ in 0..200 {
        if t.is_closed() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(5)).await;
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

/// The dealer rule over many hands: the winner deals, a drawn hand keeps
/// the dealer, three in a row pass it on (the live hands between bots).
#[test]
fn the_next_hand_is_dealt_by_the_outcomes_dealer() {
    use rand::SeedableRng;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(9);
    let mut bot = paiju::games::paohuzi::TableBot;
    let mut hand = PaohuziTable::new_hand(Default::default(), 1, 0, &mut rng).unwrap();
    let mut drawn = 0;
    // The drawn hands in a row this hand was dealt with.
    let mut carried = 0;
    for _ in 0..40 {
        while !hand.is_finished() {
            let seat = hand.waiting_on()[0];
            let legal = hand.legal_actions(seat);
            let a = paiju::ai::Bot::choose(&mut bot, &hand.view(Some(seat)), &legal, &mut rng);
            hand.apply(seat, &a).unwrap();
        }
        let o = hand.hand().outcome_typed().unwrap().clone();
        let next = hand.next_hand(&mut rng).unwrap();
        let before = hand.hand().dealer();
        match o.winner {
            Some(w) => assert_eq!(next.hand().dealer(), w),
            None if carried == 2 => {
                drawn += 1;
                assert_eq!(next.hand().dealer(), (before + 1) % 3)
            }
            None => {
                drawn += 1;
                assert_eq!(next.hand().dealer(), before)
            }
        }
        assert_eq!(
            o.drawn_in_a_row,
            if o.winner.is_none() {
                (carried + 1) % 3
            } else {
                0
            }
        );
        carried = o.drawn_in_a_row;
        hand = next;
    }
    assert!(drawn > 0, "no drawn hand in 40");
}

#[tokio::test(start_paused = true)]
async fn a_claim_not_answered_in_time_passes_and_the_hand_goes_on() {
    let store = Arc::new(MemoryStore::new(1000));
    let tables = Tables::new(store.clone(), config(5));
    let t: TableHandle<PaohuziTable> = tables
        .open::<PaohuziTable>(SERVER, CHANNEL, USERS[0], options(11))
        .unwrap();
    t.add_ai(USERS[0]).await.unwrap();
    t.add_ai(USERS[0]).await.unwrap();
    let mut rx = t.subscribe();
    t.start(USERS[0]).await.unwrap();
    let me = USERS[0];
    for _ in 0..50_000 {
        let Ok(s) = t.status(Some(me)).await else {
            panic!("the table closed before the person was asked a claim");
        };
        let Some(g) = s.game else { panic!("no game") };
        if g.waiting_on.contains(&0) && g.timer == TimerKind::Bidding && !g.legal.is_empty() {
            // Asked about a card: say nothing. The short timer passes.
            drain(&mut rx);
            tokio::time::sleep(Duration::from_secs(6)).await;
            let events = drain(&mut rx);
            let mine = events.iter().find_map(|e| match e {
                TableEvent::Acted {
                    seat: 0,
                    actor,
                    action,
                    ..
                } => Some((*actor, action.clone())),
                _ => None,
            });
            assert_eq!(mine, Some((Actor::TimedOut, Action::Pass)), "{events:?}");
            // Not put on autoplay: the next question waits for the person.
            let after = t.status(Some(me)).await.unwrap();
            if let Some(g) = after.game {
                assert!(!g.autoplay[0]);
            }
            let _ = store.balance(SERVER, me).await.unwrap();
            return;
        }
        if g.waiting_on.contains(&0) && !g.legal.is_empty() {
            let a = t.hint(me).await.unwrap();
            t.act(me, g.version, a).await.unwrap();
        } else {
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
    }
    panic!("the person was never asked about a card");
}
