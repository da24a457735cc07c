//! The table runtime on the real ledger, SQLite and PostgreSQL (when the
//! run has one, see `support/db.rs`): a race is played, the process
//! "crashes" (its registry dropped), a second ledger handle — another
//! process — resumes it from the stored snapshot and plays it to the end,
//! and the chips are settled and conserved; and a move that another
//! process saved first makes this table's move stale.

use super::*;
use crate::support::db::{Backend, TestDb};
use paiju::ledger::{GameStatus, Ledger, LedgerConfig};

async fn open(db: &TestDb) -> Ledger {
    Ledger::open(&db.url, LedgerConfig::default())
        .await
        .unwrap()
}

async fn started(tables: &Tables<Ledger>) -> TableHandle<Race> {
    let t = tables
        .open::<Race>(SERVER, CHANNEL, ALICE, options(json!({})))
        .unwrap();
    t.join(BOB).await.unwrap();
    t.start(ALICE).await.unwrap();
    t
}

/// Waits (real time: the database does real IO) until the game is settled.
async fn finished(l: &Ledger) -> paiju::ledger::GameSummary {
    for _ in 0..500 {
        let h = l.history(SERVER, 10).await.unwrap();
        if let Some(g) = h.into_iter().find(|g| g.status == GameStatus::Finished) {
            return g;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    panic!("the game was not settled within 10 s");
}

async fn a_race_resumes_in_another_process_and_settles(b: Backend) {
    let db = TestDb::new(b).await.unwrap();
    let first = open(&db).await;
    let (id, seen) = {
        let tables = Tables::new(Arc::new(first.clone()), config());
        let t = started(&tables).await;
        for _ in 0..3 {
            let (v, s) = to_move(&t).await;
            t.act(user_at(s), v, RaceAction::Step(1)).await.unwrap();
        }
        let g = t.status(Some(ALICE)).await.unwrap().game.unwrap();
        (g.id, (g.version, g.view, g.waiting_on))
    };
    tokio::task::yield_now().await;
    first.close().await;

    let second = open(&db).await;
    let tables = Tables::new(Arc::new(second.clone()), config());
    let report = tables.resume_kind::<Race>(|_| true).await.unwrap();
    assert_eq!(report.resumed, vec![id], "{report:?}");
    let t = tables.get::<Race>(CHANNEL).expect("the table is back");
    let g = t.status(Some(ALICE)).await.unwrap().game.unwrap();
    assert_eq!((g.version, g.view, g.waiting_on), seen);
    loop {
        let Ok(status) = t.status(None).await else {
            break;
        };
        let Some(g) = status.game else { break };
        let Some(&s) = g.waiting_on.first() else {
            break;
        };
        match t.act(user_at(s), g.version, RaceAction::Step(2)).await {
            // The last move ends the game: the table may be done by now.
            Ok(_) | Err(TableError::Closed | TableError::NotPlaying) => {}
            Err(e) => panic!("{e:?}"),
        }
    }
    let g = finished(&second).await;
    assert_eq!(g.id, id);
    // Two seats, stake 5: the winner takes 5 from the loser.
    let mut paid = g.paid.unwrap();
    paid.sort();
    assert_eq!(paid, vec![-5, 5]);
    let balances = [
        second.balance(SERVER, ALICE).await.unwrap(),
        second.balance(SERVER, BOB).await.unwrap(),
    ];
    assert_eq!(balances.iter().sum::<i64>(), 2000, "{balances:?}");
    assert!(second.unfinished_games().await.unwrap().is_empty());
    let r = second.verify().await.unwrap();
    assert!(r.is_clean(), "{}", r.render());
}

async fn a_move_saved_first_by_another_process_is_stale_here(b: Backend) {
    let db = TestDb::new(b).await.unwrap();
    let here = open(&db).await;
    let elsewhere = open(&db).await;
    let tables = Tables::new(Arc::new(here.clone()), config());
    let t = started(&tables).await;
    let (v, seat) = to_move(&t).await;
    let stored = elsewhere.unfinished_games().await.unwrap();
    assert_eq!(stored.len(), 1);
    let mut next = stored[0].snapshot.clone().unwrap();
    next["actions"] = json!([{"seat": seat, "step": 2}]);
    elsewhere
        .save_snapshot(stored[0].id, stored[0].version + 1, &next)
        .await
        .unwrap();
    let e = t.act(user_at(seat), v, RaceAction::Step(1)).await;
    assert!(
        matches!(&e, Err(TableError::Store(s)) if s.key == "err-stale" && !s.is_transient()),
        "{e:?}"
    );
    // The other process's move is the one kept.
    let stored = here.unfinished_games().await.unwrap();
    assert_eq!(stored[0].snapshot, Some(next));
    let r = here.verify().await.unwrap();
    assert!(r.is_clean(), "{}", r.render());
}

on_every_database!(
    a_race_resumes_in_another_process_and_settles,
    a_move_saved_first_by_another_process_is_stale_here,
);
