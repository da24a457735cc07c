//! The card order of one hand: which cards are trumps, each card's play
//! suit (trump or its plain suit) and its rank within that play suit, so
//! that two cards are adjacent exactly when their values are consecutive
//! (`rules/shengji.md`, "Levels, trumps and card order").
//!
//! Every rule above this module works on *keys*: a card's index after
//! `two_colors` folds diamonds into hearts and clubs into spades, so that
//! `7H 7D` is a pair there and nowhere else. Values are per play suit; equal
//! values (the level cards of the other suits) are equal in strength but
//! different keys, so they never make a pair.

use crate::cards::{Card, Rank, Suit};
use std::cell::RefCell;
use std::sync::Arc;

/// Play suits by index: 0 trump, 1 … 4 the plain suits S H C D.
pub const PLAY_SUITS: usize = 5;
pub const TRUMP: usize = 0;

/// The play suit of index `i` as its record letter (`trump`, `S`, `H`, `C`, `D`).
pub fn suit_name(i: usize) -> &'static str {
    ["trump", "S", "H", "C", "D"][i]
}

/// The plain suit of a play-suit index (`None` for trump).
pub fn plain_suit(i: usize) -> Option<Suit> {
    (i > 0).then(|| Suit::ALL[i - 1])
}

/// The order of one hand, with per-card tables.
#[derive(Clone, Debug)]
pub struct Order {
    pub level: Rank,
    /// The trump suit after `two_colors` folding (hearts or spades there).
    pub trump: Option<Suit>,
    pub two_colors: bool,
    pub twos_trump: bool,
    key: [u8; 54],
    suit: [u8; 54],
    value: [u8; 54],
    /// Per play suit, its value levels from low to high, each the keys of
    /// that value. Shared: an order is cloned into every view and world.
    levels: Arc<[Vec<Vec<u8>>; PLAY_SUITS]>,
}

thread_local! {
    /// The orders built so far on this thread. An AI's search builds the
    /// same order at every move it plays out (`ShengjiView::order`), and
    /// building one is some seventy small allocations; a hand has one.
    static BUILT: RefCell<Vec<Order>> = const { RefCell::new(Vec::new()) };
}

/// At most this many orders are kept per thread (a match has a few dozen).
const BUILT_KEPT: usize = 64;

/// Folds a suit for `two_colors`.
pub fn fold_suit(s: Suit, two_colors: bool) -> Suit {
    match (two_colors, s) {
        (true, Suit::Diamonds) => Suit::Hearts,
        (true, Suit::Clubs) => Suit::Spades,
        _ => s,
    }
}

impl Order {
    pub fn new(level: Rank, trump: Option<Suit>, twos_trump: bool, two_colors: bool) -> Order {
        let trump = trump.map(|s| fold_suit(s, two_colors));
        let same = |o: &Order| {
            o.level == level
                && o.trump == trump
                && o.twos_trump == twos_trump
                && o.two_colors == two_colors
        };
        if let Some(o) = BUILT.with(|b| b.borrow().iter().find(|o| same(o)).cloned()) {
            return o;
        }
        let o = Order::build(level, trump, twos_trump, two_colors);
        BUILT.with(|b| {
            let mut b = b.borrow_mut();
            if b.len() >= BUILT_KEPT {
                b.remove(0);
            }
            b.push(o.clone());
        });
        o
    }

    /// [`Order::new`] without the thread's cache (`trump` already folded).
    fn build(level: Rank, trump: Option<Suit>, twos_trump: bool, two_colors: bool) -> Order {
        let suits: Vec<Suit> = if two_colors {
            vec![Suit::Spades, Suit::Hearts]
        } else {
            Suit::ALL.to_vec()
        };
        let twos = twos_trump && level != Rank::Two;
        let mut levels: [Vec<Vec<u8>>; PLAY_SUITS] = Default::default();
        let key_of = |r: Rank, s: Suit| Card::new(r, s).index() as u8;
        let plain = |r: Rank| r != level && !(twos && r == Rank::Two);
        // The trump suit's own ranks come first (lowest), then the extras.
        for &s in &suits {
            let si = if Some(s) == trump {
                TRUMP
            } else {
                1 + s as usize
            };
            for r in Rank::ALL.into_iter().filter(|&r| plain(r)) {
                levels[si].push(vec![key_of(r, s)]);
            }
        }
        let others = |r: Rank| -> Vec<u8> {
            suits
                .iter()
                .filter(|&&s| Some(s) != trump)
                .map(|&s| key_of(r, s))
                .collect()
        };
        if twos {
            levels[TRUMP].push(others(Rank::Two));
            if let Some(t) = trump {
                levels[TRUMP].push(vec![key_of(Rank::Two, t)]);
            }
        }
        levels[TRUMP].push(others(level));
        if let Some(t) = trump {
            levels[TRUMP].push(vec![key_of(level, t)]);
        }
        levels[TRUMP].push(vec![Card::SmallJoker.index() as u8]);
        levels[TRUMP].push(vec![Card::BigJoker.index() as u8]);

        let mut key = [0u8; 54];
        for (i, k) in key.iter_mut().enumerate() {
            let c = Card::from_index(i).expect("index < 54");
            *k = match c {
                Card::Standard(r, s) => key_of(r, fold_suit(s, two_colors)),
                _ => i as u8,
            };
        }
        let mut suit = [0u8; 54];
        let mut value = [0u8; 54];
        for (si, ls) in levels.iter().enumerate() {
            for (v, keys) in ls.iter().enumerate() {
                for &k in keys {
                    suit[k as usize] = si as u8;
                    value[k as usize] = v as u8;
                }
            }
        }
        for i in 0..54 {
            let k = key[i] as usize;
            suit[i] = suit[k];
            value[i] = value[k];
        }
        Order {
            level,
            trump,
            two_colors,
            twos_trump,
            key,
            suit,
            value,
            levels: Arc::new(levels),
        }
    }

    /// The card's key: its index after `two_colors` folding.
    #[inline]
    pub fn key(&self, c: Card) -> u8 {
        self.key[c.index()]
    }

    /// The card's play suit index (0 trump, 1 … 4 plain S H C D).
    #[inline]
    pub fn suit(&self, c: Card) -> usize {
        self.suit[c.index()] as usize
    }

    #[inline]
    pub fn suit_of_key(&self, k: u8) -> usize {
        self.suit[k as usize] as usize
    }

    /// The card's value in its play suit: higher is stronger, consecutive is adjacent.
    #[inline]
    pub fn value(&self, c: Card) -> u8 {
        self.value[c.index()]
    }

    #[inline]
    pub fn value_of_key(&self, k: u8) -> u8 {
        self.value[k as usize]
    }

    pub fn is_trump(&self, c: Card) -> bool {
        self.suit(c) == TRUMP
    }

    /// The value levels of a play suit, low to high, each the keys of that value.
    pub fn levels(&self, si: usize) -> &[Vec<u8>] {
        &self.levels[si]
    }

    /// A strength usable across play suits: trumps above every plain card.
    pub fn strength(&self, c: Card) -> u16 {
        let v = self.value(c) as u16;
        if self.is_trump(c) {
            100 + v
        } else {
            v
        }
    }

    /// A card that stands for key `k` (for messages).
    pub fn card_of_key(k: u8) -> Card {
        Card::from_index(k as usize).expect("a key is a card index")
    }
}

/// Points of a card: 5 is 5, T and K are 10.
pub fn points(c: Card) -> i64 {
    match c.rank() {
        Some(Rank::Five) => 5,
        Some(Rank::Ten) | Some(Rank::King) => 10,
        _ => 0,
    }
}

pub fn points_of(cards: &[Card]) -> i64 {
    cards.iter().map(|&c| points(c)).sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c(s: &str) -> Card {
        s.parse().unwrap()
    }

    #[test]
    fn trump_order_with_level_ten_and_hearts() {
        let o = Order::new(Rank::Ten, Some(Suit::Hearts), false, false);
        let order = ["BJ", "SJ", "TH", "TS", "AH", "KH", "QH", "JH", "9H", "2H"];
        for w in order.windows(2) {
            assert!(o.value(c(w[0])) >= o.value(c(w[1])), "{w:?}");
            assert!(o.is_trump(c(w[0])) && o.is_trump(c(w[1])));
        }
        assert_eq!(o.value(c("TS")), o.value(c("TC")));
        assert_eq!(o.value(c("TH")), o.value(c("TS")) + 1);
        assert_eq!(o.value(c("AH")) + 1, o.value(c("TS")));
        // In a plain suit J and 9 are adjacent when T is the level.
        assert_eq!(o.value(c("JS")), o.value(c("9S")) + 1);
        assert!(!o.is_trump(c("AS")));
    }

    #[test]
    fn twos_trump_sit_below_the_level_cards() {
        let o = Order::new(Rank::Five, Some(Suit::Spades), true, false);
        assert!(o.is_trump(c("2D")));
        assert_eq!(o.value(c("2S")), o.value(c("2D")) + 1);
        assert_eq!(o.value(c("5H")), o.value(c("2S")) + 1);
        assert_eq!(o.value(c("2D")), o.value(c("AS")) + 1);
        // Plain suits lose the 2: 3 is their lowest.
        assert_eq!(o.value(c("3H")), 0);
    }

    #[test]
    fn two_colors_fold_suits() {
        let o = Order::new(Rank::Seven, Some(Suit::Diamonds), false, true);
        assert_eq!(o.key(c("7D")), o.key(c("7H")));
        assert!(o.is_trump(c("8H")) && o.is_trump(c("8D")));
        assert_eq!(o.suit(c("8C")), o.suit(c("8S")));
        assert_ne!(o.key(c("7S")), o.key(c("7H")));
    }
}
