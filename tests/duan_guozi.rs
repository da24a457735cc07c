//! Duan Guozi properties over many dealt games: the pot empties in finitely
//! many rounds, 道 are conserved, every round follows the rules (best hand
//! wins, ties to the earlier-dealt seat, the winner deals next, reshuffles
//! only when the deck is short), and records replay to the same game.

// In this binary too (fewer binaries link faster in CI): the table
// runtime ([`table`]) and `paiju play duan-guozi` ([`play`]).
#[path = "duan_guozi/play.rs"]
mod play;
#[path = "duan_guozi/table.rs"]
mod table;

use paiju::games::duan_guozi::{chips, Action, DuanGuozi, Rules};
use paiju::games::GameOutcome;
use paiju::games::{ErrorCode, Game};
use paiju::record::{self, Record, Verdict};
use proptest::prelude::*;
use rand::SeedableRng;

fn rules_strategy() -> impl Strategy<Value = Rules> {
    (
        proptest::option::of(1u32..40),
        proptest::collection::vec(1u32..=4, 9),
        proptest::option::of((1u32..20, 1u32..17)),
    )
        .prop_map(|(ante, mut dao, sweep)| {
            dao.sort_unstable();
            Rules {
                ante,
                point_dao: dao.try_into().unwrap(),
                sweep: sweep.map(|(a, b)| [a, b]),
                chips_per_dao: None,
            }
        })
}

fn dealt(rules: Rules, seats: usize, seed: u64) -> DuanGuozi {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    DuanGuozi::deal(rules, seats, &mut rng).expect("valid rules deal")
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    /// The pot empties after finitely many rounds, and every 道 paid in
    /// comes out: deltas sum to zero and match the rounds' payments.
    #[test]
    fn pot_empties_and_dao_are_conserved(rules in rules_strategy(), seats in 2usize..=12, seed: u64) {
        let mut game = dealt(rules.clone(), seats, seed);
        let ante = rules.ante_for(seats);
        let pot0 = ante * seats as u32;
        prop_assert_eq!(game.state().pot(), pot0);
        game.play_out();
        prop_assert!(game.is_finished());
        let rounds = game.rounds();
        let paying = rounds.iter().filter(|r| r.winner.is_some()).count();
        // Every round with a winner takes at least 1 道.
        prop_assert!(paying as u32 <= pot0);
        let outcome = game.outcome().expect("finished");
        prop_assert_eq!(outcome.deltas.iter().sum::<i64>(), 0);
        let mut taken = vec![0i64; seats];
        let mut pot = pot0;
        for r in rounds {
            prop_assert_eq!(r.pot_before, pot);
            prop_assert!(r.paid <= r.pot_before);
            pot -= r.paid;
            prop_assert_eq!(r.pot_after, pot);
            if let Some(w) = r.winner {
                taken[w] += i64::from(r.paid);
                prop_assert!(r.paid >= 1);
            } else {
                prop_assert_eq!(r.paid, 0);
            }
        }
        prop_assert_eq!(pot, 0);
        for (s, t) in taken.iter().enumerate() {
            prop_assert_eq!(outcome.deltas[s], t - i64::from(ante));
        }
        // In chips, at any rate, the moves balance too.
        let mut moves = chips::ante_moves(&game, 7).unwrap();
        for r in rounds {
            moves.extend(chips::round_moves(r, 7).unwrap());
        }
        prop_assert_eq!(moves.iter().map(|m| m.seat_delta()).sum::<i128>(), 0);
    }

    /// Each round: the winner holds the best hand and no earlier-dealt seat
    /// holds an equal one; all-瘪十 pays nothing; the next dealer is the
    /// winner (the same dealer after all-瘪十); the deck runs down and is
    /// reshuffled exactly when fewer than 2 × seats cards are left.
    #[test]
    fn rounds_follow_the_rules(rules in rules_strategy(), seats in 2usize..=12, seed: u64) {
        let mut game = dealt(rules.clone(), seats, seed);
        game.play_out();
        let mut left = 32usize;
        let mut dealer = game.rounds()[0].dealer;
        for r in game.rounds() {
            prop_assert_eq!(r.dealer, dealer);
            prop_assert_eq!(r.deal_order[0], dealer);
            prop_assert_eq!(r.reshuffled, left < 2 * seats);
            if r.reshuffled {
                left = 32;
            }
            left -= 2 * seats;
            prop_assert_eq!(r.cards_left, left);
            let best = r.hands.iter().map(|h| h.kind).max().unwrap();
            match r.winner {
                None => prop_assert_eq!(best.id(), "bie-shi"),
                Some(w) => {
                    prop_assert_eq!(r.hands[w].kind, best);
                    let pos = r.deal_order.iter().position(|&s| s == w).unwrap();
                    for &earlier in &r.deal_order[..pos] {
                        prop_assert!(r.hands[earlier].kind < best);
                    }
                    dealer = w;
                }
            }
        }
    }

    /// A game's record, with the deals made so far, replays to the same
    /// game; replay plays the rest out to the same outcome.
    #[test]
    fn records_replay_to_the_same_game(seats in 2usize..=12, seed: u64, dealt_rounds in 0usize..6) {
        let mut game = dealt(Rules::default(), seats, seed);
        for _ in 0..dealt_rounds {
            if game.is_finished() {
                break;
            }
            let dealer = game.waiting_on()[0];
            prop_assert_eq!(game.legal_actions(dealer), vec![Action::Deal]);
            game.apply(dealer, &Action::Deal).unwrap();
        }
        let rec = game.record();
        prop_assert_eq!(rec.actions.len(), game.rounds().len());
        let again = {
            let mut g = DuanGuozi::from_record_setup(&rec).unwrap();
            for a in &rec.actions {
                let (seat, body) = record::split_action(0, a).unwrap();
                g.apply(seat, &DuanGuozi::parse_action(&body).unwrap()).unwrap();
            }
            g
        };
        prop_assert_eq!(again.rounds(), game.rounds());
        let text = serde_json::to_string(&rec).unwrap();
        let verdict = paiju::registry::replay(&Record::from_json(&text).unwrap()).unwrap();
        game.play_out();
        prop_assert_eq!(
            verdict,
            Verdict::Ok { finished: true, outcome: game.outcome().map(|o| o.to_json()) }
        );
    }

    /// A refused action changes nothing.
    #[test]
    fn refusals_change_nothing(seats in 2usize..=12, seed: u64, who in 0usize..14) {
        let mut game = dealt(Rules::default(), seats, seed);
        let dealer = game.waiting_on()[0];
        prop_assume!(who != dealer);
        let before = game.record();
        let err = game.apply(who, &Action::Deal).unwrap_err();
        let want = if who < seats { ErrorCode::NotYourTurn } else { ErrorCode::IllegalAction };
        prop_assert_eq!(err.code, want);
        prop_assert_eq!(game.record(), before);
        prop_assert!(game.legal_actions(who).is_empty());
    }
}

#[test]
fn views_show_the_table_but_not_the_deck() {
    let mut game = dealt(Rules::default(), 4, 11);
    let dealer = game.waiting_on()[0];
    let view = game.view(Some(dealer));
    assert!(view.to_deal);
    assert_eq!((view.pot, view.ante, view.rounds_played), (80, 20, 0));
    game.apply(dealer, &Action::Deal).unwrap();
    let public = serde_json::to_value(game.view(None)).unwrap();
    let last = &public["last_round"];
    assert_eq!(last["hands"].as_array().unwrap().len(), 4);
    assert_eq!(last["hands"][0]["seat"], serde_json::json!(dealer));
    // The deck order is in no view: no field holds more cards than a round deals.
    let text = public.to_string();
    assert!(!text.contains("decks"));
    assert_eq!(public["cards_left"], 24);
}

#[test]
fn events_tell_the_round() {
    let mut game = dealt(Rules::default(), 3, 5);
    let mut saw_end = false;
    while !game.is_finished() {
        let dealer = game.waiting_on()[0];
        let events = game.apply(dealer, &Action::Deal).unwrap();
        let json = serde_json::to_value(&events).unwrap();
        let kinds: Vec<&str> = json
            .as_array()
            .unwrap()
            .iter()
            .map(|e| e["event"].as_str().unwrap())
            .collect();
        assert!(kinds.contains(&"round_dealt"));
        assert!(kinds.contains(&"round_won") || kinds.contains(&"all_bie_shi"));
        saw_end |= kinds.contains(&"game_over");
    }
    assert!(saw_end);
    assert_eq!(
        game.apply(0, &Action::Deal).unwrap_err().code,
        ErrorCode::GameOver
    );
}

#[test]
fn deals_are_deterministic_and_cut_for_the_dealer() {
    let a = dealt(Rules::default(), 7, 99).record();
    let b = dealt(Rules::default(), 7, 99).record();
    assert_eq!(a, b);
    let dealers: std::collections::BTreeSet<u64> = (0..40)
        .map(|s| {
            dealt(Rules::default(), 5, s).record().deal["dealer"]
                .as_u64()
                .unwrap()
        })
        .collect();
    assert!(dealers.len() > 1, "the cut varies the first dealer");
}

#[test]
fn simulate_command_reports_the_figures() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_paiju"))
        .args([
            "simulate",
            "duan-guozi",
            "--players",
            "12",
            "--games",
            "30",
            "--seed",
            "4",
        ])
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    for label in [
        "games per second",
        "rounds per game",
        "reshuffles per game",
        "round win share by seat",
    ] {
        assert!(text.contains(label), "{label} in\n{text}");
    }
    let bad = std::process::Command::new(env!("CARGO_BIN_EXE_paiju"))
        .args(["simulate", "duan-guozi", "--players", "13", "--games", "1"])
        .output()
        .unwrap();
    assert_eq!(bad.status.code(), Some(2));
}
