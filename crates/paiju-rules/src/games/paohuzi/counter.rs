//! 记牌器 for Paohuzi: how many of each of the 20 kinds of card this seat
//! has not seen yet, from its view only (its hand, its melds, the face-up
//! melds, the piles and the card in question), so it tells nothing the
//! seat could not count itself. A 臭偎 shows its card, so its three are
//! seen; a 偎 or 提 of another seat is not.

use super::cards::{Counts, KINDS};
use super::melds::MeldKind;
use super::view::PaohuziView;

/// Cards of each kind in the deck.
const OF_EACH: u8 = 4;

impl PaohuziView {
    /// 记牌器: the cards of each kind (indexed by `Card::index`) not yet
    /// seen by the viewer. `None` in the public view, and once the hand is
    /// over (the result shows the winner's hand and the card won on).
    pub fn unseen(&self) -> Option<Counts> {
        let me = self.viewer.filter(|_| self.outcome.is_none())?;
        let mut seen = [0u8; KINDS];
        let mut see = |index: usize, n: usize| seen[index] += n as u8;
        for p in &self.players {
            if p.seat == me {
                for c in p.hand.iter().flatten() {
                    see(c.index(), 1);
                }
            }
            for m in &p.melds {
                match (&m.cards, m.shown) {
                    (Some(cards), _) => cards.iter().for_each(|c| see(c.index(), 1)),
                    // A 臭偎 shows one card of three identical ones.
                    (None, Some(card)) if m.kind == MeldKind::ChouWei => see(card.index(), m.count),
                    _ => {}
                }
            }
            for c in &p.pile {
                see(c.index(), 1);
            }
        }
        for c in self.card.iter().chain(&self.own_draw) {
            see(c.index(), 1);
        }
        Some(std::array::from_fn(|k| OF_EACH.saturating_sub(seen[k])))
    }
}

#[cfg(test)]
mod tests {
    use super::super::cards::Card;
    use super::super::rules::SEATS;
    use super::super::{Paohuzi, PaohuziRules};
    use super::*;
    use crate::games::{Game, Seat};
    use proptest::prelude::*;
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    /// What the seat truly cannot see: the wall, the other hands, the
    /// others' face-down 偎 and 提, and the card another seat drew for
    /// itself while it decides what to do with it (it may go face down).
    fn hidden_from(g: &Paohuzi, seat: Seat) -> Counts {
        let mut n = [0u8; KINDS];
        for c in &g.deal.deck[g.next_card..] {
            n[c.index()] += 1;
        }
        if let super::super::engine::Phase::SelfDraw(d) = &g.phase {
            if d.seat != seat {
                n[d.card.index()] += 1;
            }
        }
        for (s, p) in g.players.iter().enumerate().filter(|(s, _)| *s != seat) {
            for (k, count) in p.hand.iter().enumerate() {
                n[k] += count;
            }
            for m in p.melds.iter().filter(|m| m.kind.is_hidden()) {
                m.cards.iter().for_each(|c| n[c.index()] += 1);
            }
            let _ = s;
        }
        n
    }

    fn step(g: &mut Paohuzi, rng: &mut ChaCha8Rng) -> bool {
        let Some(&seat) = g.waiting_on().first() else {
            return false;
        };
        let legal = g.legal_actions(seat);
        if legal.is_empty() {
            return false;
        }
        let a = legal[rng.gen_range(0..legal.len())].clone();
        g.apply(seat, &a).unwrap();
        true
    }

    /// At every moment of the hand dealt by `seed`, the counter is exactly
    /// what the seat cannot see.
    fn counter_matches_the_hidden_cards(seed: u64) -> Result<(), TestCaseError> {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut g = Paohuzi::deal(PaohuziRules::default(), SEATS, &mut rng).unwrap();
        while g.outcome_typed().is_none() {
            for seat in 0..SEATS {
                let view = g.view(Some(seat));
                let unseen = view.unseen().unwrap();
                prop_assert_eq!(unseen, hidden_from(&g, seat), "seat {}", seat);
            }
            if !step(&mut g, &mut rng) {
                break;
            }
        }
        prop_assert_eq!(g.view(None).unseen(), None);
        prop_assert_eq!(g.view(Some(0)).unseen(), None, "not once the hand is over");
        Ok(())
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(48))]

        /// At every moment of random hands, the counter is exactly what the
        /// seat cannot see — so it depends on nothing hidden (two deals that
        /// agree on the view agree on it) and misses nothing seen.
        #[test]
        fn the_counter_is_what_the_seat_cannot_see(seed in any::<u64>()) {
            counter_matches_the_hidden_cards(seed)?;
        }
    }

    /// Hands in which another seat's own draw was pending (it may still go
    /// face down): the card is unseen until it is shown, and the counter
    /// says so.
    #[test]
    fn another_seats_pending_draw_is_not_seen() {
        for seed in [16096016055209943786, 12212647942149673822] {
            counter_matches_the_hidden_cards(seed).unwrap();
        }
    }

    #[test]
    fn a_chou_wei_shows_its_three_cards() {
        use super::super::view::{MeldView, PlayerView};
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let g = Paohuzi::deal(PaohuziRules::default(), SEATS, &mut rng).unwrap();
        let mut view = g.view(Some(0));
        let before = view.unseen().unwrap();
        let card = Card::from_index(5);
        let other: &mut PlayerView = &mut view.players[1];
        other.melds.push(MeldView {
            kind: MeldKind::ChouWei,
            cards: None,
            shown: Some(card),
            count: 3,
            huxi: None,
        });
        other.melds.push(MeldView {
            kind: MeldKind::Ti,
            cards: None,
            shown: None,
            count: 4,
            huxi: None,
        });
        let after = view.unseen().unwrap();
        assert_eq!(after[5], before[5].saturating_sub(3));
        let changed = (0..KINDS).filter(|&k| after[k] != before[k]).count();
        assert!(changed <= 1, "a 提 face down shows nothing");
    }
}
