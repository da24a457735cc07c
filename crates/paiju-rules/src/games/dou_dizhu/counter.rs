//! 记牌器 (the card counter) and 报单 / 报双 (the warning of a seat down to
//! one or two cards), as the apps give them, computed from a seat's view
//! only: what the counter says is what the seat could count itself from
//! the table and its own hand, so it gives nothing away.

use super::deal::deck_for;
use super::patterns::{Counts, RANKS};
use super::view::{PhaseName, View};
use super::CardSet;
use crate::games::Seat;

/// The rank indexes in the order the apps list the counter: the big joker
/// first, down to the 3s.
pub const COUNTER_ORDER: [usize; RANKS] = [14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0];

impl View {
    /// 记牌器: for each rank index (0 = 3 … 12 = 2, 13 = small joker,
    /// 14 = big joker), how many of its cards are still out of this seat's
    /// sight: in the deck, not in its hand, not played by anyone, not set
    /// aside (two players) and not discarded by itself (弃三张). Cards
    /// shown (明牌) or in the landlord's kitty still count: they are still
    /// to be played. `None` in the public view (no seat, no hand).
    pub fn unseen(&self) -> Option<Counts> {
        let hand = self.hand?;
        let players = usize::from(self.players).clamp(2, 3);
        let seen = self
            .played
            .iter()
            .fold(hand, |seen, p| seen.union(*p))
            .union(self.aside.unwrap_or(CardSet::EMPTY))
            .union(self.discarded.unwrap_or(CardSet::EMPTY));
        Some(deck_for(players).minus(seen).counts())
    }

    /// 报单 / 报双: `Some(1)` or `Some(2)` when `seat` is down to that many
    /// cards in play (the apps flag it so nobody lets a last card go).
    pub fn warning(&self, seat: Seat) -> Option<u8> {
        let left = *self.cards_left.get(seat)?;
        (self.phase == PhaseName::Playing && (1..=2).contains(&left)).then_some(left)
    }
}

/// The counter's ranks of a deck of `players` seats, in the apps' order
/// (two players have no 3s or 4s).
pub fn counter_ranks(players: u8) -> impl Iterator<Item = usize> {
    let deck = deck_for(usize::from(players).clamp(2, 3));
    COUNTER_ORDER
        .into_iter()
        .filter(move |&r| deck.nibble(r) != 0)
}

#[cfg(test)]
mod tests {
    use super::super::{Action, Deal, DouDizhu, Rules};
    use super::*;
    use crate::cards::Card;
    use crate::games::Game;
    use proptest::prelude::*;
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    /// Plays `steps` random legal actions (fewer if the game ends).
    fn play_random(game: &mut DouDizhu, steps: usize, rng: &mut ChaCha8Rng) {
        for _ in 0..steps {
            let Some(seat) = game.turn() else { return };
            let legal = game.legal_actions(seat);
            if legal.is_empty() {
                return;
            }
            let a = legal[rng.gen_range(0..legal.len())];
            game.apply(seat, &a).unwrap();
        }
    }

    fn rules(variant: u8, players: u8) -> Rules {
        let mut r = Rules::default();
        match variant {
            1 => r.wild = true,
            2 => r.discard = true,
            _ => {}
        }
        if players == 2 {
            r.players = 2;
        }
        r
    }

    /// The counter tells exactly the cards the other seats still hold
    /// (plus what they discarded, unseen): at every moment of a game.
    #[test]
    fn the_counter_is_what_the_others_hold() {
        let mut rng = ChaCha8Rng::seed_from_u64(11);
        for variant in 0..3 {
            for players in [2u8, 3] {
                let mut g = DouDizhu::deal(rules(variant, players), players.into(), &mut rng)
                    .expect("a deal");
                while !g.is_finished() {
                    for seat in 0..players as usize {
                        let others = (0..players as usize)
                            .filter(|&s| s != seat)
                            .fold(CardSet::EMPTY, |a, s| {
                                a.union(g.hand(s)).union(g.discarded[s])
                            });
                        let landlord_kitty = match g.landlord() {
                            None => g.kitty,
                            Some(_) => CardSet::EMPTY,
                        };
                        assert_eq!(
                            g.view(Some(seat)).unseen(),
                            Some(others.union(landlord_kitty).counts()),
                            "seat {seat}, variant {variant}, {players} players"
                        );
                    }
                    play_random(&mut g, 1, &mut rng);
                }
                assert_eq!(g.view(None).unseen(), None);
            }
        }
    }

    #[test]
    fn the_counter_lists_the_apps_ranks_big_joker_first() {
        let three: Vec<usize> = counter_ranks(3).collect();
        assert_eq!(three.len(), 15);
        assert_eq!((three[0], three[14]), (14, 0));
        let two: Vec<usize> = counter_ranks(2).collect();
        assert_eq!(two.len(), 13, "no 3s or 4s with two players");
        assert!(!two.contains(&0) && !two.contains(&1));
    }

    #[test]
    fn a_seat_down_to_one_or_two_cards_is_flagged_in_play_only() {
        let mut g = DouDizhu::new(Rules::default(), Deal::in_order(0)).unwrap();
        let v = g.view(None);
        assert_eq!(v.warning(0), None, "17 cards: no warning");
        g.apply(0, &Action::Bid(3)).unwrap();
        let mut v = g.view(None);
        v.cards_left = [1, 2, 3];
        assert_eq!(
            (v.warning(0), v.warning(1), v.warning(2)),
            (Some(1), Some(2), None)
        );
        v.phase = PhaseName::Finished;
        assert_eq!(v.warning(0), None);
        assert_eq!(v.warning(7), None, "no such seat");
    }

    /// A second deal that agrees with `game`'s on everything `seat` may
    /// see: the dealt cards the other seats still hold at the end,
    /// shuffled among them (each keeping its count), everything else (the
    /// kitty, the cards played or discarded) as dealt.
    fn twin_deal(game: &DouDizhu, seat: Seat, rng: &mut ChaCha8Rng) -> Deal {
        let kitty = CardSet::from_cards(&game.deal.kitty);
        let others: Vec<Seat> = (0..game.players()).filter(|&s| s != seat).collect();
        let held = |s: Seat| game.hand(s).minus(kitty);
        let mut pool: Vec<Card> = others.iter().flat_map(|&s| held(s).cards()).collect();
        // Fisher–Yates with the test's generator.
        for i in (1..pool.len()).rev() {
            pool.swap(i, rng.gen_range(0..=i));
        }
        let mut deal = game.deal.clone();
        for &s in &others {
            let mut fresh = pool.split_off(pool.len() - held(s).len());
            deal.hands[s] = game.deal.hands[s]
                .iter()
                .map(|&c| match held(s).contains(c) {
                    true => fresh.pop().expect("one fresh card per held card"),
                    false => c,
                })
                .collect();
        }
        deal
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        /// Two deals that agree on a seat's view give that seat the same
        /// counter: the counter depends on nothing hidden from it.
        #[test]
        fn the_counter_never_depends_on_hidden_cards(
            seed in any::<u64>(),
            steps in 0usize..60,
            variant in 0u8..3,
            players in 2u8..=3,
        ) {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let mut a = DouDizhu::deal(rules(variant, players), players.into(), &mut rng).unwrap();
            play_random(&mut a, steps, &mut rng);
            let seat = rng.gen_range(0..players as usize);
            let deal = twin_deal(&a, seat, &mut rng);
            let mut b = DouDizhu::new(a.rules().clone(), deal).unwrap();
            for (s, action) in a.history.clone() {
                b.apply(s, &action).unwrap();
            }
            let (va, vb) = (a.view(Some(seat)), b.view(Some(seat)));
            prop_assert_eq!(&va, &vb, "the twin deal must look the same to seat {}", seat);
            prop_assert_eq!(va.unseen(), vb.unseen());
        }
    }
}
