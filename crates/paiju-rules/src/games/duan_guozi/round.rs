//! The pot and the rounds of one game (局): dealing from a deck that runs
//! down, settling each round, reshuffling when the deck is short, until the
//! pot is empty (rules/duan-guozi.md, "Flow").
//!
//! [`Pot`] is pure state plus the deck orders it is given; it never draws
//! randomness itself. A deal that needs one more deck order than it was given
//! reports [`NeedDeck`], leaving the state untouched, so a record with too few
//! decks is refused and a live game can shuffle exactly the decks it uses.

use super::deck::DECK_SIZE;
use super::hand::{Hand, HandKind, HandResult};
use super::rules::Rules;
use crate::cards::Card;
use crate::games::Seat;
use serde::Serialize;

/// One round as dealt and settled.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Round {
    /// 1-based, counting all-瘪十 rounds.
    pub number: usize,
    pub dealer: Seat,
    /// Seats in the order they got their cards (dealer first): each is 上家
    /// to all after it, and wins ties against them.
    pub deal_order: Vec<Seat>,
    /// True when the deck was gathered and reshuffled before this deal.
    pub reshuffled: bool,
    /// Which deck order (0-based, as in the record) the cards came from.
    pub deck: usize,
    /// Each seat's hand, by seat.
    pub hands: Vec<Hand>,
    /// `None` when every hand was 瘪十 (the same dealer deals again).
    pub winner: Option<Seat>,
    /// 道 the winner took from the pot.
    pub paid: u32,
    /// True when the sweep rule gave the winner the whole pot.
    pub swept: bool,
    pub pot_before: u32,
    pub pot_after: u32,
    /// Cards left in the deck after this deal.
    pub cards_left: usize,
}

impl Round {
    /// The winning hand, if any.
    pub fn winning_hand(&self) -> Option<&Hand> {
        self.winner.map(|w| &self.hands[w])
    }

    /// The round as the game's outcome (and `paiju replay`) gives it.
    pub fn result(&self, rules: &Rules) -> RoundResult {
        RoundResult {
            dealer: self.dealer,
            reshuffled: self.reshuffled,
            hands: self
                .hands
                .iter()
                .map(|h| h.result(&rules.point_dao))
                .collect(),
            winner: self.winner,
            paid: self.paid,
            swept: self.swept,
            pot_after: self.pot_after,
        }
    }
}

/// One round in a game's outcome: who dealt, the hands, who won what.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RoundResult {
    pub dealer: Seat,
    /// The deck was gathered and reshuffled before this deal.
    pub reshuffled: bool,
    /// Each seat's hand, by seat.
    pub hands: Vec<HandResult>,
    /// `None` when every hand was 瘪十.
    pub winner: Option<Seat>,
    /// 道 the winner took from the pot.
    pub paid: u32,
    /// The sweep rule gave the winner the whole pot.
    pub swept: bool,
    pub pot_after: u32,
}

/// A deal needed deck order number `.0` (0-based) and it was not given.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct NeedDeck(pub usize);

/// The state of one game's pot and deck between rounds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pot {
    rules: Rules,
    seats: usize,
    ante: u32,
    pot: u32,
    dealer: Seat,
    deck: usize,
    dealt_from_deck: usize,
    taken: Vec<u32>,
    rounds: Vec<Round>,
}

impl Pot {
    /// A game after the antes: every seat has paid `ante` into the pot, the
    /// first deck order is in use and nothing is dealt yet. `rules` must be
    /// valid for `seats` and `dealer < seats` (checked by the caller).
    pub fn new(rules: Rules, seats: usize, dealer: Seat) -> Pot {
        let ante = rules.ante_for(seats);
        Pot {
            pot: ante * seats as u32,
            rules,
            seats,
            ante,
            dealer,
            deck: 0,
            dealt_from_deck: 0,
            taken: vec![0; seats],
            rounds: Vec::new(),
        }
    }

    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    pub fn seats(&self) -> usize {
        self.seats
    }

    /// 道 each seat paid in.
    pub fn ante(&self) -> u32 {
        self.ante
    }

    /// 道 in the pot now.
    pub fn pot(&self) -> u32 {
        self.pot
    }

    /// Who deals the next round.
    pub fn dealer(&self) -> Seat {
        self.dealer
    }

    pub fn rounds(&self) -> &[Round] {
        &self.rounds
    }

    /// Cards not yet dealt from the deck in use.
    pub fn cards_left(&self) -> usize {
        DECK_SIZE - self.dealt_from_deck
    }

    /// The deck order in use (0-based); above 0 after reshuffles.
    pub fn deck_index(&self) -> usize {
        self.deck
    }

    /// The game (局) ends when the pot is empty.
    pub fn is_finished(&self) -> bool {
        self.pot == 0
    }

    /// Each seat's net 道 so far: what it took minus its ante. Sums to minus
    /// the pot, so to zero once the game is over.
    pub fn deltas(&self) -> Vec<i64> {
        self.taken
            .iter()
            .map(|&t| i64::from(t) - i64::from(self.ante))
            .collect()
    }

    /// Deals and settles one round from `decks` (the record's deck orders).
    /// The caller checks the game is not finished. On [`NeedDeck`] nothing
    /// changes.
    pub fn play_round(&mut self, decks: &[Vec<Card>]) -> Result<&Round, NeedDeck> {
        let n = self.seats;
        let mut deck = self.deck;
        let mut start = self.dealt_from_deck;
        let reshuffled = DECK_SIZE - start < 2 * n;
        if reshuffled {
            deck += 1;
            start = 0;
        }
        let Some(order) = decks.get(deck) else {
            return Err(NeedDeck(deck));
        };
        let cards = &order[start..start + 2 * n];
        let deal_order: Vec<Seat> = (0..n).map(|k| (self.dealer + k) % n).collect();
        let mut hands = vec![None; n];
        for (j, &seat) in deal_order.iter().enumerate() {
            // One card at a time, two times round: the j-th seat dealt gets
            // cards j and n + j.
            hands[seat] = Hand::new(cards[j], cards[n + j]);
        }
        let hands: Vec<Hand> = hands
            .into_iter()
            .map(|h| h.expect("deck orders are checked to be the 32 cards"))
            .collect();
        // Ties go to the earlier-dealt seat: only a strictly better hand
        // later in the deal order takes the lead.
        let mut best = deal_order[0];
        for &seat in &deal_order[1..] {
            if hands[seat].kind > hands[best].kind {
                best = seat;
            }
        }
        let winner = (hands[best].kind != HandKind::BieShi).then_some(best);
        let pot_before = self.pot;
        let (paid, swept) = match winner {
            Some(w) => self
                .rules
                .payout(hands[w].kind.dao(&self.rules.point_dao), pot_before),
            None => (0, false),
        };
        self.deck = deck;
        self.dealt_from_deck = start + 2 * n;
        self.pot -= paid;
        if let Some(w) = winner {
            self.taken[w] += paid;
            self.dealer = w;
        }
        self.rounds.push(Round {
            number: self.rounds.len() + 1,
            dealer: deal_order[0],
            deal_order,
            reshuffled,
            deck,
            hands,
            winner,
            paid,
            swept,
            pot_before,
            pot_after: self.pot,
            cards_left: DECK_SIZE - self.dealt_from_deck,
        });
        Ok(self.rounds.last().expect("just pushed"))
    }
}

#[cfg(test)]
mod tests {
    use super::super::deck::deck;
    use super::*;
    use crate::cards::parse_cards;

    /// A deck order whose first cards are `top`, the rest in deck order.
    fn stacked(top: &[&str]) -> Vec<Card> {
        let top = parse_cards(top).unwrap();
        let mut order = top.clone();
        order.extend(deck().into_iter().filter(|c| !top.contains(c)));
        assert_eq!(order.len(), DECK_SIZE);
        order
    }

    #[test]
    fn deal_goes_round_twice_from_the_dealer() {
        // 3 seats, dealer 1: order 1, 2, 0. Cards: 1 gets QH+QD, 2 gets 5H+7S, 0 gets 2H+9H.
        let mut pot = Pot::new(Rules::default(), 3, 1);
        let decks = vec![stacked(&["QH", "5H", "2H", "QD", "7S", "9H"])];
        let r = pot.play_round(&decks).unwrap().clone();
        assert_eq!(r.deal_order, vec![1, 2, 0]);
        assert_eq!(r.hands[1].kind, HandKind::DuiTian);
        assert_eq!(r.hands[2].kind.name_zh(), "杂字二");
        assert_eq!(r.hands[0].kind.name_zh(), "地字一");
        assert_eq!(r.winner, Some(1));
        assert_eq!((r.paid, r.pot_after), (15, 45));
        assert_eq!(pot.dealer(), 1);
        assert_eq!(pot.cards_left(), 26);
        assert_eq!(pot.deltas(), vec![-20, -5, -20]);
    }

    #[test]
    fn ties_go_to_the_earlier_dealt_seat() {
        // The seed's example: 甲 (dealer) 2H 7S, 乙 8S JD, 丙 2D 7D. Seat 2 deals
        // so the order is 2, 0, 1 and seat 2 is 甲.
        let mut pot = Pot::new(Rules::default(), 3, 2);
        let decks = vec![stacked(&["2H", "8S", "2D", "7S", "JD", "7D"])];
        let r = pot.play_round(&decks).unwrap();
        assert_eq!(r.hands[2].kind, r.hands[1].kind);
        assert_eq!(r.winner, Some(2));
    }

    #[test]
    fn all_bie_shi_pays_nothing_and_the_dealer_deals_again() {
        let mut pot = Pot::new(Rules::default(), 2, 1);
        let decks = vec![stacked(&["TS", "4S", "TH", "6H", "QH", "2H", "QD", "2D"])];
        let r = pot.play_round(&decks).unwrap().clone();
        assert_eq!(r.winner, None);
        assert_eq!((r.paid, r.pot_after), (0, 40));
        assert_eq!(pot.dealer(), 1);
        let r = pot.play_round(&decks).unwrap();
        assert_eq!(r.dealer, 1);
        assert_eq!(r.winner, Some(1), "对天 against 对地");
    }

    #[test]
    fn a_short_deck_is_reshuffled_from_the_next_order() {
        // 12 seats use 24 cards: the second round needs the next deck order.
        let mut pot = Pot::new(Rules::default(), 12, 0);
        let decks = vec![deck()];
        pot.play_round(&decks).unwrap();
        let before = pot.clone();
        assert_eq!(pot.play_round(&decks), Err(NeedDeck(1)));
        assert_eq!(pot, before, "nothing changes without the deck");
        let decks = vec![deck(), deck()];
        let r = pot.play_round(&decks).unwrap();
        assert!(r.reshuffled);
        assert_eq!(r.deck, 1);
        assert_eq!(pot.cards_left(), 8);
    }
}
