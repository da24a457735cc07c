//! Dou Dizhu variants: the discard phase (弃三张) played whole by the bots,
//! its legal actions, and what the views reveal of a discard.

use paiju::ai::AiKind;
use paiju::games::dou_dizhu::outcome::Side;
use paiju::games::dou_dizhu::sim::run;
use paiju::games::dou_dizhu::Outcome;
use paiju::games::dou_dizhu::{discard_factor, Action, CardSet, DouDizhu, PhaseName, Rules};
use paiju::games::{Game, GameOutcome};
use rand::SeedableRng;

fn discard_rules() -> Rules {
    serde_json::from_str(r#"{"discard":true,"doubling":true}"#).unwrap()
}

#[test]
fn bots_play_whole_discard_games_legally() {
    // `run` fails if a bot ever makes an illegal move.
    for (l, f) in [
        (AiKind::Basic, AiKind::Basic),
        (AiKind::Random, AiKind::Random),
    ] {
        let s = run(&discard_rules(), 60, 5, AiKind::Basic, l, f).unwrap();
        assert_eq!(s.games, 60);
    }
}

fn cards(list: &[&str]) -> CardSet {
    CardSet::from_cards(&paiju::cards::parse_cards(list).unwrap())
}

#[test]
fn discard_factor_is_the_largest_that_applies() {
    assert_eq!(discard_factor(CardSet::EMPTY), 1);
    assert_eq!(discard_factor(cards(&["3S", "9H", "TD"])), 1);
    assert_eq!(discard_factor(cards(&["3S", "JH"])), 2);
    assert_eq!(discard_factor(cards(&["AS", "2H"])), 3);
    assert_eq!(discard_factor(cards(&["SJ", "2H", "KD"])), 4);
    assert_eq!(discard_factor(cards(&["BJ"])), 4);
    assert_eq!(discard_factor(cards(&["SJ", "BJ", "3D"])), 8);
}

/// A dealt game with the landlord chosen, in the discard phase.
fn in_discard_phase(seed: u64) -> DouDizhu {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let mut g = DouDizhu::deal(discard_rules(), 3, &mut rng).unwrap();
    let first = g.turn().unwrap();
    g.apply(first, &Action::Bid(3)).unwrap();
    g
}

#[test]
fn discard_phase_lists_every_subset_and_hides_the_cards() {
    let mut g = in_discard_phase(9);
    let landlord = g.landlord().unwrap();
    let farmer = g.turn().unwrap();
    assert_ne!(farmer, landlord);
    assert_eq!(g.view(None).phase, PhaseName::Discarding);
    // 17 cards: 1 + 17 + C(17,2) + C(17,3) ways to discard 0–3.
    let legal = g.legal_actions(farmer);
    assert_eq!(legal.len(), 1 + 17 + 136 + 680);
    assert!(legal
        .iter()
        .all(|a| matches!(a, Action::Discard(c) if c.len() <= 3 && c.is_subset(g.hand(farmer)))));
    let two = CardSet::from_cards(&g.hand(farmer).cards()[..2]);
    let events = g.apply(farmer, &Action::Discard(two)).unwrap();
    // The event tells how many, never which.
    let text = serde_json::to_string(&events).unwrap();
    assert!(text.contains("\"count\":2"));
    for c in two.cards() {
        assert!(!text.contains(&c.to_string()));
    }
    assert_eq!(g.hand(farmer).len(), 15);
    let seen = serde_json::to_string(&g.view(Some(landlord))).unwrap();
    for c in two.cards() {
        assert!(!seen.contains(&format!("\"{c}\"")));
    }
    // The landlord discards last, at most 2 of 20: 1 + 20 + 190.
    let other = g.turn().unwrap();
    g.apply(other, &Action::Discard(CardSet::EMPTY)).unwrap();
    assert_eq!(g.turn(), Some(landlord));
    assert_eq!(g.legal_actions(landlord).len(), 1 + 20 + 190);
}

#[test]
fn every_listed_discard_is_accepted() {
    let g = in_discard_phase(21);
    let seat = g.turn().unwrap();
    for a in g.legal_actions(seat).into_iter().step_by(37) {
        let mut h = g.clone();
        h.apply(seat, &a).unwrap();
    }
}

fn two_player_rules() -> Rules {
    serde_json::from_str(r#"{"players":2}"#).unwrap()
}

#[test]
fn bots_play_whole_two_player_games_legally() {
    for (l, f) in [
        (AiKind::Basic, AiKind::Basic),
        (AiKind::Random, AiKind::Random),
        (AiKind::Basic, AiKind::Random),
    ] {
        let s = run(&two_player_rules(), 80, 11, AiKind::Basic, l, f).unwrap();
        assert_eq!(s.games, 80);
    }
}

/// Plays a seeded two-player game with random legal moves, checking after
/// every move that the 46 cards are all somewhere and nothing is duplicated.
fn random_two_player_game(seed: u64, rules: Rules) -> DouDizhu {
    use rand::seq::SliceRandom;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let mut g = DouDizhu::deal(rules, 2, &mut rng).unwrap();
    assert_eq!(g.seats(), 2);
    let deck = paiju::games::dou_dizhu::deck_for(2);
    assert_eq!(deck.len(), 46);
    let aside = g.view(None).aside.unwrap();
    assert_eq!(aside.len(), 9);
    let mut steps = 0;
    while let Some(seat) = g.turn() {
        let legal = g.legal_actions(seat);
        let a = *legal.choose(&mut rng).unwrap();
        g.apply(seat, &a).unwrap();
        let v = g.view(None);
        let hands = g.hand(0).union(g.hand(1));
        let played = v.played[0].union(v.played[1]);
        assert!(hands.0 & played.0 == 0 && hands.0 & aside.0 == 0);
        if v.landlord.is_some() {
            assert_eq!(v.cards_left[2], 0);
            if !g.rules().discard {
                assert_eq!(hands.union(played).union(aside), deck);
            }
        }
        steps += 1;
        assert!(steps < 500, "a two-player game ends");
    }
    g
}

#[test]
fn two_player_games_end_conserve_cards_and_chips() {
    for seed in 0..60 {
        let g = random_two_player_game(seed, two_player_rules());
        let o = g.outcome().unwrap();
        assert_eq!(o.deltas().len(), 2);
        assert_eq!(o.deltas().iter().sum::<i64>(), 0);
        if let Outcome::Played(p) = &o {
            let h = u64::from(p.handicap.expect("a two-player game has a handicap"));
            assert!(h <= 4);
            let landlord = p.landlord;
            let farmer = 1 - landlord;
            let left = g.hand(farmer).len() as u64;
            match p.winner {
                Side::Farmers => assert!(left <= h, "the farmer wins at the handicap"),
                Side::Landlord => {
                    assert!(g.hand(landlord).is_empty());
                    assert!(left > h);
                }
            }
        }
    }
}

#[test]
fn two_player_chains_start_at_five_and_the_deck_has_no_threes() {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
    let g = DouDizhu::deal(two_player_rules(), 2, &mut rng).unwrap();
    assert_eq!(g.pattern_rules().chain_low, 2);
    for s in 0..2 {
        let c = g.hand(s).counts();
        assert_eq!((c[0], c[1]), (0, 0), "no 3s or 4s");
    }
    // Three seats with `players: 2` is refused, and so is a third seat.
    assert!(DouDizhu::deal(two_player_rules(), 4, &mut rng).is_err());
}

#[test]
fn a_two_player_table_seats_two() {
    use paiju::table::TableGame;
    assert_eq!(DouDizhu::seat_range(&two_player_rules()), 2..=2);
    assert_eq!(DouDizhu::seat_range(&Rules::default()), 3..=3);
}
