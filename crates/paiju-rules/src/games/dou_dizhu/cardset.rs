//! A set of Dou Dizhu cards as one 64-bit mask, laid out in Dou Dizhu rank
//! order so that rank counts and "the lowest k cards of a rank" are a few bit
//! operations. One deck means a hand is a set, never a multiset.
//!
//! Layout: rank index `r` (0 = 3 … 11 = A, 12 = 2) owns bits `4r..4r+4`, one
//! per suit (S H C D); the small joker is bit 52 (rank 13's nibble) and the
//! big joker bit 56 (rank 14's nibble), so every rank is one nibble.

use super::patterns::{Counts, BIG_JOKER, RANKS, SMALL_JOKER, TWO};
use crate::cards::{Card, Rank, Suit};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;

#[derive(Copy, Clone, PartialEq, Eq, Hash, Default)]
pub struct CardSet(pub u64);

/// The Dou Dizhu rank index of a card (0 = 3 … 11 = A, 12 = 2, 13 = SJ, 14 = BJ).
pub fn rank_index(card: Card) -> usize {
    match card {
        Card::Standard(Rank::Two, _) => TWO,
        Card::Standard(r, _) => r.value() as usize - 3,
        Card::SmallJoker => SMALL_JOKER,
        Card::BigJoker => BIG_JOKER,
    }
}

/// How a rank index is written in bare-rank input and messages.
pub fn rank_name(r: usize) -> &'static str {
    const NAMES: [&str; RANKS] = [
        "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2", "SJ", "BJ",
    ];
    NAMES[r]
}

/// How a rank is written in records (`"wild": "T"`, `"wild_as": ["6"]`):
/// the card notation's rank letters.
pub fn rank_record_name(r: usize) -> &'static str {
    const NAMES: [&str; RANKS] = [
        "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "A", "2", "SJ", "BJ",
    ];
    NAMES[r]
}

/// Reads a rank as records and people write it: `5`, `T` or `10`, `q`, `2`,
/// `SJ`, `BJ`.
pub fn rank_from_name(text: &str) -> Option<usize> {
    let t = text.trim().to_ascii_uppercase();
    let t = if t == "10" { "T".to_string() } else { t };
    (0..RANKS).find(|&r| rank_record_name(r) == t)
}

fn bit_of(card: Card) -> u32 {
    match card {
        Card::Standard(_, s) => 4 * rank_index(card) as u32 + s as u32,
        Card::SmallJoker => 52,
        Card::BigJoker => 56,
    }
}

fn card_of(bit: u32) -> Card {
    match bit {
        52 => Card::SmallJoker,
        56 => Card::BigJoker,
        _ => {
            let r = (bit / 4) as usize;
            let rank = if r == TWO {
                Rank::Two
            } else {
                Rank::from_value(r as u8 + 3).expect("rank index below 12")
            };
            Card::Standard(rank, Suit::ALL[(bit % 4) as usize])
        }
    }
}

/// `LOWEST[nibble][k]`: the lowest `k` set bits of `nibble` (all of them when
/// it has fewer). Picks canonical cards of one rank from a hand.
const LOWEST: [[u8; 5]; 16] = {
    let mut t = [[0u8; 5]; 16];
    let mut n = 0;
    while n < 16 {
        let mut k = 1;
        while k < 5 {
            let mut m = 0u8;
            let mut taken = 0;
            let mut b = 0;
            while b < 4 {
                if n & (1 << b) != 0 && taken < k {
                    m |= 1 << b;
                    taken += 1;
                }
                b += 1;
            }
            t[n][k] = m;
            k += 1;
        }
        n += 1;
    }
    t
};

impl CardSet {
    pub const EMPTY: CardSet = CardSet(0);

    pub fn from_cards(cards: &[Card]) -> CardSet {
        let mut s = CardSet::EMPTY;
        for &c in cards {
            s.insert(c);
        }
        s
    }

    pub fn full_deck() -> CardSet {
        CardSet::from_cards(&crate::cards::standard_deck())
    }

    pub fn insert(&mut self, card: Card) {
        self.0 |= 1 << bit_of(card);
    }

    pub fn contains(self, card: Card) -> bool {
        self.0 & (1 << bit_of(card)) != 0
    }

    #[inline]
    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    #[inline]
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    pub fn is_subset(self, of: CardSet) -> bool {
        self.0 & !of.0 == 0
    }

    #[inline]
    pub fn union(self, other: CardSet) -> CardSet {
        CardSet(self.0 | other.0)
    }

    #[inline]
    pub fn minus(self, other: CardSet) -> CardSet {
        CardSet(self.0 & !other.0)
    }

    /// The nibble of rank `r`: which of its cards are present.
    #[inline]
    pub fn nibble(self, r: usize) -> u8 {
        ((self.0 >> (4 * r)) & 0xF) as u8
    }

    /// Cards per rank index.
    pub fn counts(self) -> Counts {
        let mut c = [0u8; RANKS];
        for (r, n) in c.iter_mut().enumerate() {
            *n = self.nibble(r).count_ones() as u8;
        }
        c
    }

    /// The lowest `k` cards of rank `r` in this set: the canonical pick when
    /// an action names only ranks.
    #[inline]
    pub fn pick(self, r: usize, k: u8) -> CardSet {
        CardSet((LOWEST[self.nibble(r) as usize][k as usize] as u64) << (4 * r))
    }

    /// Canonical cards for a rank count vector, or `None` when this set does
    /// not hold that many of some rank.
    pub fn pick_counts(self, counts: &Counts) -> Option<CardSet> {
        let mut out = CardSet::EMPTY;
        for (r, &k) in counts.iter().enumerate() {
            if k > 0 {
                let p = self.pick(r, k);
                if p.len() != k as usize {
                    return None;
                }
                out = out.union(p);
            }
        }
        Some(out)
    }

    /// The cards, lowest Dou Dizhu rank first.
    pub fn cards(self) -> Vec<Card> {
        let mut out = Vec::with_capacity(self.len());
        let mut m = self.0;
        while m != 0 {
            let b = m.trailing_zeros();
            out.push(card_of(b));
            m &= m - 1;
        }
        out
    }

    /// Bare ranks, as a person reads a play: `33344`, `10JQKA`, `SJBJ`.
    pub fn ranks_text(self) -> String {
        let c = self.counts();
        let mut s = String::new();
        for (r, &n) in c.iter().enumerate() {
            for _ in 0..n {
                s.push_str(rank_name(r));
            }
        }
        s
    }

    /// The ranks with a space between them (`3 4`, `10 10 SJ`): how a
    /// refusal names the cards, so that `34` never reads as thirty-four.
    /// The rank indices of the cards, one per card, low to high: a
    /// refusal's typed [`Arg::Ranks`](crate::message::Arg::Ranks).
    pub fn rank_list(self) -> Vec<usize> {
        let c = self.counts();
        let mut ranks = Vec::new();
        for (r, &n) in c.iter().enumerate() {
            ranks.extend(std::iter::repeat_n(r, n as usize));
        }
        ranks
    }

    pub fn ranks_words(self) -> String {
        let c = self.counts();
        let mut words = Vec::new();
        for (r, &n) in c.iter().enumerate() {
            for _ in 0..n {
                words.push(rank_name(r));
            }
        }
        words.join(" ")
    }
}

impl fmt::Debug for CardSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "[{}]", crate::cards::format_cards(&self.cards()))
    }
}

impl Serialize for CardSet {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.cards().serialize(s)
    }
}

impl<'de> Deserialize<'de> for CardSet {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<CardSet, D::Error> {
        let cards = Vec::<Card>::deserialize(d)?;
        let set = CardSet::from_cards(&cards);
        if set.len() != cards.len() {
            return Err(serde::de::Error::custom("a card is listed twice"));
        }
        Ok(set)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::parse_cards;

    #[test]
    fn every_card_round_trips_through_the_mask() {
        let deck = crate::cards::standard_deck();
        let all = CardSet::from_cards(&deck);
        assert_eq!(all.len(), 54);
        for c in deck {
            assert_eq!(CardSet::from_cards(&[c]).cards(), vec![c]);
        }
        let counts = all.counts();
        assert_eq!(&counts[..13], &[4u8; 13]);
        assert_eq!(counts[SMALL_JOKER], 1);
        assert_eq!(counts[BIG_JOKER], 1);
    }

    #[test]
    fn cards_come_out_in_dou_dizhu_order() {
        let s = CardSet::from_cards(&parse_cards(&["BJ", "2S", "AS", "3D", "SJ", "TH"]).unwrap());
        assert_eq!(crate::cards::format_cards(&s.cards()), "3D TH AS 2S SJ BJ");
        assert_eq!(s.ranks_text(), "310A2SJBJ");
        assert_eq!(s.ranks_words(), "3 10 A 2 SJ BJ");
    }

    #[test]
    fn picking_takes_the_lowest_suits() {
        let s = CardSet::from_cards(&parse_cards(&["3D", "3H", "3C", "4S"]).unwrap());
        assert_eq!(crate::cards::format_cards(&s.pick(0, 2).cards()), "3H 3C");
        let mut want = [0u8; RANKS];
        want[0] = 3;
        want[1] = 1;
        assert_eq!(s.pick_counts(&want), Some(s));
        want[1] = 2;
        assert_eq!(s.pick_counts(&want), None);
    }
}
