//! Chexuan property tests: chips conserved (hand pot and mango pot
//! together), nobody loses more in a hand than the bobo plus mango
//! payments, the AI's split is always legal, every legal action is accepted
//! and a refused one changes nothing, records replay, views hide what they
//! must.

// In this binary too (fewer binaries link faster in CI): the session at
// a table ([`table`]) and `paiju play chexuan` ([`play`]).
#[path = "chexuan/play.rs"]
mod play;
#[path = "chexuan/table.rs"]
mod table;

use paiju::ai::{Bot, RandomBot};
use paiju::games::chexuan::ai::BasicBot;
use paiju::games::chexuan::cards::DECK;
use paiju::games::chexuan::hands::{best_split, legal_splits};
use paiju::games::chexuan::{Action, Chexuan, ChexuanRules, HandSetup, Mango, Status};
use paiju::games::{Game, GameOutcome};
use paiju::record::{replay_game, Verdict};
use proptest::prelude::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// A random table state: seats, dealer, bobos, mango pot and count, and
/// (half the time) each seat's mango limit, often below the amounts.
fn setup_strategy() -> impl Strategy<Value = (HandSetup, u64)> {
    (2usize..=6, any::<u64>(), 0u64..500, 0u32..6).prop_flat_map(|(seats, seed, pot, count)| {
        (
            0..seats,
            proptest::collection::vec(200u64..600, seats),
            Just(seed),
            Just(pot),
            Just(count),
            prop_oneof![
                Just(Vec::new()),
                proptest::collection::vec(proptest::option::of(0u64..160), seats),
            ],
        )
            .prop_map(|(dealer, bobo, seed, pot, count, mango_limit)| {
                (
                    HandSetup {
                        dealer,
                        bobo,
                        mango: Mango { pot, count },
                        mango_limit,
                    },
                    seed,
                )
            })
    })
}

/// Plays a hand to the end with a mix of bots, checking every step.
fn play(setup: HandSetup, seed: u64) -> Chexuan {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut game = Chexuan::new_hand(ChexuanRules::default(), setup, &mut rng).unwrap();
    let basic: Vec<bool> = (0..game.seats()).map(|_| rng.gen_bool(0.5)).collect();
    let mut steps = 0;
    while let Some(seat) = game.to_act() {
        steps += 1;
        assert!(steps < 200, "a hand cannot go on for ever");
        let legal = game.legal_actions(seat);
        assert!(!legal.is_empty(), "the seat the hand waits on can act");
        // Every legal action is accepted.
        for a in &legal {
            let mut copy = game.clone();
            copy.apply(seat, a)
                .unwrap_or_else(|e| panic!("legal {a:?} refused: {e}"));
        }
        // Nobody else may act, and a refused action changes nothing.
        for other in 0..game.seats() {
            if other != seat {
                assert!(game.legal_actions(other).is_empty());
                let before = game.clone();
                assert!(game.clone().apply(other, &Action::Fold).is_err());
                assert_eq!(before, game);
            }
        }
        let mut bad = game.clone();
        for junk in [
            Action::Raise(1),
            Action::Raise(u64::MAX),
            Action::Raise(10_000),
        ] {
            if !legal.contains(&junk) && bad.apply(seat, &junk).is_err() {
                assert_eq!(bad, game, "a refused action leaves the hand untouched");
            }
        }
        let view = game.view(Some(seat));
        // The raise range a front end offers is exactly what the engine
        // accepts, at both of its ends and just beyond them.
        let public = game.view(None);
        let (lo, hi) = match public.raise_range(seat) {
            Some(r) => (*r.start(), *r.end()),
            None => (0, 0),
        };
        for n in [
            0,
            1,
            lo.saturating_sub(1),
            lo,
            hi,
            hi + 1,
            view.ante,
            view.ante * 3,
        ] {
            let accepted = game.check(seat, &Action::Raise(n)).is_ok();
            let offered = public.raise_range(seat).is_some_and(|r| r.contains(&n));
            assert_eq!(accepted, offered, "raise {n}, range {lo}..={hi}");
        }
        let action = if basic[seat] {
            BasicBot.choose(&view, &legal, &mut rng)
        } else {
            <RandomBot as Bot<Chexuan>>::choose(&mut RandomBot, &view, &legal, &mut rng)
        };
        assert!(legal.contains(&action));
        if let Action::Split(s) = action {
            assert!(s.is_legal());
        }
        game.apply(seat, &action).unwrap();
    }
    game
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn chips_are_conserved_and_losses_capped((setup, seed) in setup_strategy()) {
        let before = setup.mango;
        let bobo = setup.bobo.clone();
        let limit = setup.mango_limit.clone();
        let game = play(setup, seed);
        prop_assert!(game.is_finished());
        let outcome = game.outcome().unwrap();
        let after = game.mango();
        let sum: i64 = outcome.deltas.iter().sum();
        prop_assert_eq!(sum + after.pot as i64 - before.pot as i64, 0);
        let public = game.view(None);
        for (s, d) in outcome.deltas.iter().enumerate() {
            let cap = bobo[s] as i64 + public.players[s].mango_paid as i64;
            prop_assert!(-d <= cap, "seat {} lost {} with bobo {}", s, -d, bobo[s]);
            // Mango off the table never beyond the seat's limit, the rest
            // out of the bobo, so no loss beyond the bobo plus the limit.
            let off = game.mango_paid_off_the_table(s);
            if let Some(Some(l)) = limit.get(s) {
                prop_assert!(off <= *l);
                prop_assert_eq!(public.players[s].mango_left, Some(l - off));
                prop_assert!(-d <= (bobo[s] + l) as i64);
                // Out of the bobo only what the limit did not cover.
                if off < public.players[s].mango_paid {
                    prop_assert_eq!(off, *l);
                }
            } else {
                prop_assert_eq!(off, public.players[s].mango_paid);
            }
        }
        // The pot got exactly what was paid; whoever took it took it all.
        let paid: u64 = public.players.iter().map(|p| p.mango_paid).sum();
        if outcome.mango_won_by.is_none() {
            prop_assert_eq!(after.pot, before.pot + paid);
        } else {
            prop_assert_eq!(after.pot, 0);
        }
        // The outcome carries what the table needs for the next hand.
        prop_assert_eq!(outcome.mango_pot, after.pot);
        prop_assert_eq!(outcome.mango_count, after.count);
        let next = game.next_dealer().unwrap();
        prop_assert_eq!(outcome.next_dealer, next);
        prop_assert!(after.count >= before.count);
    }

    #[test]
    fn a_record_replays_to_the_same_outcome((setup, seed) in setup_strategy()) {
        let game = play(setup, seed);
        let verdict = replay_game::<Chexuan>(&game.record()).unwrap();
        prop_assert_eq!(verdict, Verdict::Ok {
            finished: true,
            outcome: game.outcome().map(|o| GameOutcome::to_json(&o)),
        });
    }

    #[test]
    fn the_ai_split_is_legal_and_best(idx in proptest::sample::subsequence((0..32).collect::<Vec<_>>(), 4)) {
        let four = [DECK[idx[0]], DECK[idx[1]], DECK[idx[2]], DECK[idx[3]]];
        let best = best_split(&four);
        prop_assert!(best.is_legal());
        let all = legal_splits(&four);
        prop_assert!(!all.is_empty());
        prop_assert!(all.iter().all(|s| s.key() <= best.key()));
    }

    #[test]
    fn views_show_hidden_cards_only_to_their_owner((setup, seed) in setup_strategy()) {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let game = Chexuan::new_hand(ChexuanRules::default(), setup, &mut rng).unwrap();
        let n = game.seats();
        for viewer in (0..n).map(Some).chain([None]) {
            let v = game.view(viewer);
            for p in &v.players {
                prop_assert_eq!(p.hidden.is_some(), Some(p.seat) == viewer);
                prop_assert_eq!(p.hidden_count, 2);
            }
        }
    }
}

#[test]
fn finished_showdown_views_reveal_the_splits_but_not_folded_cards() {
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    for _ in 0..200 {
        let seats = rng.gen_range(2..=6);
        let setup = HandSetup {
            dealer: rng.gen_range(0..seats),
            bobo: vec![200; seats],
            mango: Mango::default(),
            mango_limit: Vec::new(),
        };
        let game = play(setup, rng.gen());
        let v = game.view(None);
        let showdown = game.outcome().unwrap().showdown.is_some();
        for p in &v.players {
            match p.status {
                Status::Folded => assert!(p.hidden.is_none()),
                Status::LaidDown => assert!(p.hidden.is_some()),
                Status::Active | Status::AllIn => {
                    assert_eq!(p.hidden.is_some(), showdown);
                    assert_eq!(p.split.is_some(), showdown);
                }
            }
        }
    }
}

#[test]
fn simulate_plays_hands_and_reports_figures() {
    use paiju::ai::AiKind;
    use paiju::registry::simulate;
    use paiju::simulate::SimOptions;
    for (ai, players) in [(AiKind::Random, 2), (AiKind::Basic, 6)] {
        let opts = SimOptions {
            games: 30,
            seed: 3,
            ai,
            rules: serde_json::json!({}),
            players: Some(players),
            decisions: Default::default(),
        };
        let report = simulate(paiju::games::GameKind::Chexuan, &opts).unwrap();
        let get = |label: &str| {
            report
                .lines
                .iter()
                .find(|(l, _)| l == label)
                .map(|(_, v)| v.clone())
                .unwrap_or_else(|| panic!("no `{label}` line"))
        };
        assert_eq!(get("hands"), "30");
        assert_eq!(get("players"), players.to_string());
        // The seats' net chips and the mango pot left account for every chip.
        let net: i64 = (0..players)
            .map(|s| get(&format!("seat {s} net chips")).parse::<i64>().unwrap())
            .sum();
        let pot: i64 = get("mango pot at the end").parse().unwrap();
        assert_eq!(net + pot, 0);
    }
    let bad = SimOptions {
        games: 1,
        seed: 1,
        ai: AiKind::Basic,
        rules: serde_json::json!({}),
        players: Some(7),
        decisions: Default::default(),
    };
    assert!(simulate(paiju::games::GameKind::Chexuan, &bad).is_err());
    let bad_rules = SimOptions {
        players: Some(3),
        rules: serde_json::json!({"ante": 0}),
        ..bad
    };
    assert!(simulate(paiju::games::GameKind::Chexuan, &bad_rules).is_err());
}

/// The basic bot must beat random play (a fixed seed: deterministic).
#[test]
fn the_basic_bot_beats_random_bots() {
    use paiju::ai::AiKind;
    use paiju::registry::simulate;
    use paiju::simulate::SimOptions;
    for players in [2, 4] {
        let opts = SimOptions {
            games: 1500,
            seed: 11,
            ai: AiKind::Basic,
            rules: serde_json::json!({}),
            players: Some(players),
            decisions: Default::default(),
        };
        let report = simulate(paiju::games::GameKind::Chexuan, &opts).unwrap();
        let per_hand: f64 = report
            .lines
            .iter()
            .find(|(l, _)| l.starts_with("basic (seat 0) vs random"))
            .map(|(_, v)| v.parse().unwrap())
            .unwrap();
        assert!(per_hand > 0.0, "{players} players: {per_hand} chips a hand");
    }
}

/// The 皱芒 of a record whose payers' limits are 0 and below the amount:
/// what the limits cannot cover comes out of the payers' bobos (the rules'
/// amended Mango decision), the event names those payers and what came out
/// of each bobo, the pot gets exactly what was paid and the raiser takes
/// exactly the pot.
#[test]
fn a_short_mango_payment_is_named_in_the_event() {
    use paiju::games::chexuan::{Event, MangoKind, ShortPayment};
    use paiju::record::{split_action, Record};
    let record = Record::from_json(include_str!(
        "records/chexuan/chexuan-mango-limit-zhou-zero-and-part.json"
    ))
    .unwrap();
    let mut game = Chexuan::from_record_setup(&record).unwrap();
    let mut events = Vec::new();
    for (i, raw) in record.actions.iter().enumerate() {
        let (seat, body) = split_action(i, raw).unwrap();
        events.extend(
            game.apply(seat, &Chexuan::parse_action(&body).unwrap())
                .unwrap(),
        );
    }
    let mango: Vec<&Event> = events
        .iter()
        .filter(|e| matches!(e, Event::Mango { .. }))
        .collect();
    assert_eq!(
        mango,
        [&Event::Mango {
            kind: MangoKind::Zhou,
            round: 1,
            count: 2,
            amount: 50,
            payers: vec![2, 3, 1],
            from_stack: vec![
                ShortPayment { seat: 2, paid: 30 },
                ShortPayment { seat: 1, paid: 50 },
            ],
            short: vec![],
            pot: 220,
            taken_by: Some(0),
        }]
    );
    // The raiser takes the whole pot, said right after.
    let at = events
        .iter()
        .position(|e| matches!(e, Event::Mango { .. }))
        .unwrap();
    assert_eq!(
        events[at + 1],
        Event::MangoTaken {
            seat: 0,
            amount: 220
        }
    );
    // 70 carried + 50 × 3 paid (seat 2: 20 off the table and 30 out of its
    // bobo; seat 1: all 50 out of its bobo): the raiser's 40 of bets and
    // 220 of mango.
    assert_eq!(game.outcome().unwrap().deltas, vec![260, -60, -70, -60]);
    let v = game.view(None);
    let left: Vec<Option<u64>> = v.players.iter().map(|p| p.mango_left).collect();
    assert_eq!(left, [Some(0), Some(0), Some(0), None]);
}
