//! What `normal` reads off the table from its own view, without search: a
//! card counter of what it cannot see (by key), the plain suits each seat
//! has shown void in or has probably run out of, the seats still to play
//! in the trick, and whether a play can still be beaten by one of them.

use crate::cards::Card;
use crate::games::shengji::order::{Order, PLAY_SUITS, TRUMP};
use crate::games::shengji::play::{throw_is_safe, uniform_suit, Lead};
use crate::games::shengji::rules::SEATS;
use crate::games::shengji::units::{maximal_runs, suit_counts, total, Counts};
use crate::games::shengji::ShengjiView;
use crate::games::Seat;

/// With at most this many cards of a plain suit unseen, any other seat may
/// well have none of it left (three hands and the kitty share them).
pub const PROBABLY_VOID: usize = 3;

/// One seat's reading of the table.
pub struct Reading {
    pub order: Order,
    pub me: Seat,
    /// Copies of each key the viewer has not seen (partner's cards too).
    pub unseen: Counts,
    /// The plain suits (and trump) each seat has shown void in.
    pub voids: [[bool; PLAY_SUITS]; SEATS],
    pub max_width: u8,
    suit_unseen: [usize; PLAY_SUITS],
}

impl Reading {
    /// The reading of the view's seat while the tricks are played.
    pub fn new(view: &ShengjiView) -> Option<Reading> {
        let me = view.viewer?;
        let order = view.order()?;
        let mut unseen = [0u8; 54];
        // Every card of a deck, by index (no deck built: this runs at every
        // move `hard` plays out).
        for card in (0..54).filter_map(Card::from_index) {
            unseen[order.key(card) as usize] += view.rules.decks;
        }
        for &card in view.seen() {
            let k = order.key(card) as usize;
            unseen[k] = unseen[k].saturating_sub(1);
        }
        let mut suit_unseen = [0usize; PLAY_SUITS];
        for (k, &n) in unseen.iter().enumerate() {
            suit_unseen[order.suit_of_key(k as u8)] += n as usize;
        }
        let voids = super::voids(view, &order);
        Some(Reading {
            order,
            me,
            unseen,
            voids,
            max_width: view.rules.max_width(),
            suit_unseen,
        })
    }

    /// Cards of play suit `si` the viewer has not seen.
    pub fn unseen_in(&self, si: usize) -> usize {
        self.suit_unseen[si]
    }

    /// Whether `seat` has shown void in `si`, or few enough of its cards
    /// are left unseen that it may have none.
    pub fn may_be_void(&self, seat: Seat, si: usize) -> bool {
        self.voids[seat][si] || self.suit_unseen[si] <= PROBABLY_VOID
    }

    /// The opponents of the viewer.
    pub fn opponents(&self) -> [Seat; 2] {
        [(self.me + 1) % SEATS, (self.me + 3) % SEATS]
    }

    /// Whether `a` and `b` sit on the same team.
    pub fn same_team(a: Seat, b: Seat) -> bool {
        a % 2 == b % 2
    }

    /// Whether the unseen trumps could take a plain lead of this shape
    /// (a seat void in it trumping it).
    fn trumps_can_take(&self, lead: &Lead) -> bool {
        let trumps = suit_counts_of_keys(&self.order, TRUMP, &self.unseen);
        if total(&trumps) < lead.size {
            return false;
        }
        let Some(u) = lead.units.first() else {
            return true;
        };
        u.width == 1
            || maximal_runs(&self.order, TRUMP, &trumps, u.width)
                .iter()
                .any(|(_, keys)| keys.len() >= u.len as usize)
    }

    /// Whether one of the seats `later` may beat `cards` (played to the
    /// trick `lead` opened): a higher unit of the same suit unseen and the
    /// seat not void in it, or, for a plain play, a seat that may be void
    /// in the led suit trumping it or a trump play over-trumped.
    pub fn beatable(&self, lead: &Lead, cards: &[Card], later: &[Seat]) -> bool {
        let Some(ws) = uniform_suit(&self.order, cards) else {
            return true;
        };
        let held = suit_counts(&self.order, ws, cards);
        let higher_unseen = !throw_is_safe(&self.order, ws, &held, &self.unseen, self.max_width);
        later.iter().any(|&r| {
            if ws == lead.si {
                (higher_unseen && !self.voids[r][ws])
                    || (ws != TRUMP
                        && self.may_be_void(r, ws)
                        && !self.voids[r][TRUMP]
                        && self.trumps_can_take(lead))
            } else {
                higher_unseen && self.may_be_void(r, lead.si) && !self.voids[r][TRUMP]
            }
        })
    }
}

/// The keys of play suit `si` among counts by key.
fn suit_counts_of_keys(order: &Order, si: usize, c: &Counts) -> Counts {
    let mut out = [0u8; 54];
    for (k, &n) in c.iter().enumerate() {
        if order.suit_of_key(k as u8) == si {
            out[k] = n;
        }
    }
    out
}

/// The seats still to play in the current trick after the viewer.
pub fn later_seats(view: &ShengjiView) -> Vec<Seat> {
    let Some(&(leader, _)) = view.trick.first() else {
        return Vec::new();
    };
    (view.trick.len() + 1..SEATS)
        .map(|i| (leader + i) % SEATS)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::super::normal_play::tests::playing_view;
    use super::*;
    use crate::cards::Rank;

    /// Seat 0 follows a low lead of seat 3 with seat 1 still to come: its
    /// ace stands (the other ace cannot beat it), its king does not (an ace
    /// is unseen), and the ace no longer stands once seat 1 has shown void
    /// in the suit (it may trump).
    #[test]
    fn a_play_stands_unless_a_later_opponent_may_beat_it() {
        let (mut view, s) = playing_view(3);
        let order = view.order().unwrap();
        let si = order.suit(Card::new(Rank::Ace, s));
        let first = vec![Card::new(Rank::Four, s)];
        view.trick = vec![(3, first.clone())];
        view.hand = vec![Card::new(Rank::Ace, s), Card::new(Rank::King, s)];
        assert_eq!(later_seats(&view), vec![1, 2]);
        let lead = Lead::new(&order, si, &first, view.rules.max_width());
        let mut r = Reading::new(&view).unwrap();
        assert!(!r.beatable(&lead, &[Card::new(Rank::Ace, s)], &[1]));
        assert!(r.beatable(&lead, &[Card::new(Rank::King, s)], &[1]));
        r.voids[1][si] = true;
        assert!(r.beatable(&lead, &[Card::new(Rank::Ace, s)], &[1]));
    }
}
