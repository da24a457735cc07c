//! 记牌器 for Shengji: how many copies of each card (of every deck) this
//! seat has not seen played yet, from its view only — the decks less its
//! own hand, every card played in the tricks and, for the banker, the
//! cards it buried — so it tells nothing the seat could not count itself.
//! Cards shown in a failed throw went back to the hand: still to be played.

use super::view::{ShengjiView, Stage};

/// Kinds of card in one deck (52 and two jokers), indexed by `Card::index`.
pub const CARD_KINDS: usize = 54;

impl ShengjiView {
    /// 记牌器 while the tricks are played: per `Card::index`, the copies
    /// not in the viewer's hand, not played, and not buried by the viewer.
    /// `None` in the public view and outside the tricks.
    pub fn unseen(&self) -> Option<[u8; CARD_KINDS]> {
        self.viewer?;
        if self.stage != Stage::Playing {
            return None;
        }
        let mut n = [self.rules.decks; CARD_KINDS];
        for c in self.seen() {
            n[c.index()] = n[c.index()].saturating_sub(1);
        }
        Some(n)
    }

    /// Every card the viewer has seen and knows where it is: its hand, the
    /// cards played in the tricks and, for the banker, those it buried.
    /// The 记牌器 and the AI's count of the unseen cards both start here.
    pub fn seen(&self) -> impl Iterator<Item = &crate::cards::Card> {
        let played = self
            .tricks
            .iter()
            .flat_map(|t| t.plays.iter())
            .chain(self.trick.iter())
            .flat_map(|(_, cards)| cards.iter());
        let buried = self
            .kitty
            .iter()
            .filter(|_| self.banker == self.viewer)
            .flatten();
        self.hand.iter().chain(played).chain(buried)
    }
}

#[cfg(test)]
mod tests {
    use super::super::engine::Phase;
    use super::super::rules::{ShengjiRules, SEATS};
    use super::super::Shengji;
    use super::*;
    use crate::games::{Game, Seat};
    use proptest::prelude::*;
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    /// What the seat truly cannot see: the other hands, and the buried
    /// cards unless it is the banker.
    fn hidden_from(g: &Shengji, seat: Seat) -> [u8; CARD_KINDS] {
        let mut n = [0u8; CARD_KINDS];
        for (s, hand) in g.hands.iter().enumerate() {
            if s != seat {
                hand.iter().for_each(|c| n[c.index()] += 1);
            }
        }
        if let Phase::Playing(p) = &g.phase {
            if p.settled.banker != seat {
                p.settled.buried.iter().for_each(|c| n[c.index()] += 1);
            }
        }
        n
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(24))]

        /// At every step of random hands of one to four decks, the counter
        /// is exactly what the seat cannot see: nothing hidden goes into
        /// it (two deals that agree on the view agree on it) and nothing
        /// seen is missing.
        #[test]
        fn the_counter_is_what_the_seat_cannot_see(seed in any::<u64>(), decks in 1u8..=4) {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let rules = ShengjiRules { decks, ..ShengjiRules::default() };
            let mut g = Shengji::deal(rules, SEATS, &mut rng).unwrap();
            let mut checked = 0;
            for _ in 0..2000 {
                if g.is_finished() {
                    break;
                }
                for seat in 0..SEATS {
                    match g.view(Some(seat)).unseen() {
                        Some(unseen) => {
                            prop_assert_eq!(unseen, hidden_from(&g, seat), "seat {}", seat);
                            checked += 1;
                        }
                        None => prop_assert!(!matches!(g.phase, Phase::Playing(_))),
                    }
                }
                let Some(&seat) = g.waiting_on().first() else { break };
                let legal = g.legal_actions(seat);
                prop_assert!(!legal.is_empty());
                let a = legal[rng.gen_range(0..legal.len())].clone();
                g.apply(seat, &a).unwrap();
            }
            prop_assert!(checked > 0, "the tricks were reached");
            prop_assert_eq!(g.view(None).unseen(), None);
        }
    }
}
