//! Property tests of Dou Dizhu: every listed action is accepted, random
//! games end, the 54 cards are conserved, deltas sum to zero, and a record
//! the engine writes replays to the same outcome.

use paiju::ai::{Bot, RandomBot};
use paiju::games::dou_dizhu::{Action, CardSet, DouDizhu, Rules};
use paiju::games::Game;
use paiju::games::GameOutcome;
use paiju::record::{self, Verdict};
use proptest::prelude::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn rules_from(bits: u8, penalty: u32, rake: u32) -> Rules {
    let rob = bits & 1 != 0;
    Rules {
        bidding: if rob {
            paiju::games::dou_dizhu::Bidding::Rob
        } else {
            paiju::games::dou_dizhu::Bidding::Score
        },
        forced_bid: bits & 2 != 0,
        kick: !rob && bits & 4 != 0,
        kitty_multipliers: bits & 8 != 0,
        doubling: bits & 16 != 0,
        show_cards: bits & 32 != 0,
        escape_penalty: penalty,
        rake,
        ..Rules::default()
    }
}

/// All 54 cards are in the hands, the plays and (before it is taken) the kitty.
fn conserved(g: &DouDizhu) -> bool {
    let v = g.view(None);
    let mut all = CardSet::EMPTY;
    let mut n = 0;
    for s in 0..3 {
        let h = g.hand(s);
        all = all.union(h).union(v.played[s]);
        n += h.len() + v.played[s].len();
    }
    if g.landlord().is_none() {
        // the kitty is still aside: the deal holds it.
        let rec = g.record();
        let kitty: Vec<paiju::cards::Card> =
            serde_json::from_value(rec.deal["kitty"].clone()).unwrap();
        let k = CardSet::from_cards(&kitty);
        all = all.union(k);
        n += k.len();
    }
    n == 54 && all == CardSet::full_deck()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn random_games_end_conserve_cards_and_replay(seed in any::<u64>(), bits in any::<u8>(), penalty in 0u32..30, rake in 0u32..30) {
        let rules = rules_from(bits, penalty, rake);
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut g = DouDizhu::deal(rules, 3, &mut rng).unwrap();
        let mut steps = 0;
        while let Some(seat) = g.turn() {
            steps += 1;
            prop_assert!(steps < 500, "a game always ends");
            let legal = g.legal_actions(seat);
            prop_assert!(!legal.is_empty());
            // Every listed action is accepted (on a copy), and a refused one
            // leaves the game unchanged.
            for a in &legal {
                // The record form of every action reads back as the same action.
                prop_assert_eq!(&DouDizhu::parse_action(&DouDizhu::action_to_json(a)).unwrap(), a);
                let mut copy = g.clone();
                prop_assert!(copy.apply(seat, a).is_ok(), "{a:?} was listed but refused");
            }
            // Now and then someone leaves instead.
            let action = if rng.gen_ratio(1, 200) {
                Action::Leave
            } else {
                <RandomBot as Bot<DouDizhu>>::choose(&mut RandomBot, &g.view(Some(seat)), &legal, &mut rng)
            };
            g.apply(seat, &action).unwrap();
            prop_assert!(conserved(&g));
        }
        let outcome = g.outcome().unwrap();
        prop_assert_eq!(outcome.deltas().iter().sum::<i64>(), 0);
        let rec = g.record();
        let text = serde_json::to_string(&rec).unwrap();
        let back = record::Record::from_json(&text).unwrap();
        match paiju::registry::replay(&back).unwrap() {
            Verdict::Ok { finished, outcome: o } => {
                prop_assert!(finished);
                prop_assert_eq!(o, Some(outcome.to_json()));
            }
            other => prop_assert!(false, "replay refused: {other:?}"),
        }
    }

    #[test]
    fn basic_bots_always_make_legal_moves(seed in any::<u64>(), bits in any::<u8>()) {
        let rules = rules_from(bits, 10, 0);
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut g = DouDizhu::deal(rules, 3, &mut rng).unwrap();
        let mut bot = paiju::games::dou_dizhu::ai::BasicBot;
        while let Some(seat) = g.turn() {
            let legal = g.legal_actions(seat);
            let a = bot.choose(&g.view(Some(seat)), &legal, &mut rng);
            prop_assert!(legal.contains(&a), "{a:?} is not listed");
            g.apply(seat, &a).unwrap();
        }
        prop_assert_eq!(g.outcome().unwrap().deltas().iter().sum::<i64>(), 0);
    }

    #[test]
    fn nobody_but_the_turn_may_act(seed in any::<u64>()) {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut g = DouDizhu::deal(Rules::default(), 3, &mut rng).unwrap();
        while let Some(seat) = g.turn() {
            for other in (0..3).filter(|&s| s != seat) {
                prop_assert!(g.legal_actions(other).is_empty());
                let before = format!("{g:?}");
                prop_assert!(g.apply(other, &Action::Pass).is_err());
                prop_assert_eq!(before, format!("{g:?}"));
            }
            let legal = g.legal_actions(seat);
            let a = <RandomBot as Bot<DouDizhu>>::choose(&mut RandomBot, &g.view(Some(seat)), &legal, &mut rng);
            g.apply(seat, &a).unwrap();
        }
    }
}
