//! Cards: the shared vocabulary of every game.
//!
//! Owns the card type, the canonical notation of `rules/README.md` (parse and
//! format, exact round trip), the friendly input people type, and decks with
//! shuffling from an injected RNG. No game logic lives here: what a rank is
//! worth, which cards are in a game's deck, and how cards compare are each
//! game's business.

mod input;

pub use input::{halfwidth, parse_friendly, resolve_in_hand, CardSpec};

use rand::seq::SliceRandom;
use rand::Rng;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;
use std::str::FromStr;

/// The four suits. Order is only for sorting displays; no game ranks suits
/// unless its own module says so.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Suit {
    Spades,
    Hearts,
    Clubs,
    Diamonds,
}

impl Suit {
    pub const ALL: [Suit; 4] = [Suit::Spades, Suit::Hearts, Suit::Clubs, Suit::Diamonds];

    /// Canonical letter: `S H C D`.
    pub fn letter(self) -> char {
        match self {
            Suit::Spades => 'S',
            Suit::Hearts => 'H',
            Suit::Clubs => 'C',
            Suit::Diamonds => 'D',
        }
    }

    pub fn symbol(self) -> char {
        match self {
            Suit::Spades => '♠',
            Suit::Hearts => '♥',
            Suit::Clubs => '♣',
            Suit::Diamonds => '♦',
        }
    }

    pub fn is_red(self) -> bool {
        matches!(self, Suit::Hearts | Suit::Diamonds)
    }

    fn from_letter(c: char) -> Option<Suit> {
        match c.to_ascii_uppercase() {
            'S' => Some(Suit::Spades),
            'H' => Some(Suit::Hearts),
            'C' => Some(Suit::Clubs),
            'D' => Some(Suit::Diamonds),
            _ => None,
        }
    }

    fn from_symbol(c: char) -> Option<Suit> {
        match c {
            '♠' | '♤' => Some(Suit::Spades),
            '♥' | '♡' => Some(Suit::Hearts),
            '♣' | '♧' => Some(Suit::Clubs),
            '♦' | '♢' => Some(Suit::Diamonds),
            _ => None,
        }
    }
}

/// Face ranks with their natural face value (`Two` = 2 … `Ace` = 14).
/// Games map these to their own order (Dou Dizhu puts 2 above A).
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Rank {
    Two = 2,
    Three,
    Four,
    Five,
    Six,
    Seven,
    Eight,
    Nine,
    Ten,
    Jack,
    Queen,
    King,
    Ace,
}

impl Rank {
    pub const ALL: [Rank; 13] = [
        Rank::Two,
        Rank::Three,
        Rank::Four,
        Rank::Five,
        Rank::Six,
        Rank::Seven,
        Rank::Eight,
        Rank::Nine,
        Rank::Ten,
        Rank::Jack,
        Rank::Queen,
        Rank::King,
        Rank::Ace,
    ];

    /// Face value: 2 … 10, J = 11, Q = 12, K = 13, A = 14.
    pub fn value(self) -> u8 {
        self as u8
    }

    pub fn from_value(v: u8) -> Option<Rank> {
        Rank::ALL.get(v.checked_sub(2)? as usize).copied()
    }

    /// Canonical character: `2 … 9 T J Q K A`.
    pub fn letter(self) -> char {
        match self {
            Rank::Ten => 'T',
            Rank::Jack => 'J',
            Rank::Queen => 'Q',
            Rank::King => 'K',
            Rank::Ace => 'A',
            r => (b'0' + r as u8) as char,
        }
    }

    /// The way people write it: `10` rather than `T`.
    pub fn display(self) -> &'static str {
        const NAMES: [&str; 13] = [
            "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A",
        ];
        NAMES[self as usize - 2]
    }

    fn from_letter(c: char) -> Option<Rank> {
        match c.to_ascii_uppercase() {
            '2'..='9' => Rank::from_value(c as u8 - b'0'),
            'T' => Some(Rank::Ten),
            'J' => Some(Rank::Jack),
            'Q' => Some(Rank::Queen),
            'K' => Some(Rank::King),
            'A' => Some(Rank::Ace),
            _ => None,
        }
    }
}

/// One card. Multi-deck games hold several equal `Card`s: a hand is a
/// multiset (`Vec<Card>`), never a set.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Card {
    Standard(Rank, Suit),
    /// 小王, `SJ`: the small (black) joker.
    SmallJoker,
    /// 大王, `BJ`: the big (red) joker.
    BigJoker,
}

/// A card string that is not in the canonical (or friendly) notation.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CardError {
    #[error("`{0}` is not a card")]
    NotACard(String),
    #[error("{0} is not in your hand")]
    NotInHand(String),
    #[error("you have only {have} of {card}")]
    NotEnough { card: String, have: usize },
    #[error("no cards given")]
    Empty,
}

impl Card {
    pub const fn new(rank: Rank, suit: Suit) -> Card {
        Card::Standard(rank, suit)
    }

    pub fn rank(self) -> Option<Rank> {
        match self {
            Card::Standard(r, _) => Some(r),
            _ => None,
        }
    }

    pub fn suit(self) -> Option<Suit> {
        match self {
            Card::Standard(_, s) => Some(s),
            _ => None,
        }
    }

    pub fn is_joker(self) -> bool {
        matches!(self, Card::SmallJoker | Card::BigJoker)
    }

    /// A dense index 0..54 (52 standard cards by rank then suit, then SJ, BJ),
    /// for tables and bitsets.
    pub fn index(self) -> usize {
        match self {
            Card::Standard(r, s) => (r as usize - 2) * 4 + s as usize,
            Card::SmallJoker => 52,
            Card::BigJoker => 53,
        }
    }

    pub fn from_index(i: usize) -> Option<Card> {
        match i {
            0..=51 => Some(Card::Standard(Rank::ALL[i / 4], Suit::ALL[i % 4])),
            52 => Some(Card::SmallJoker),
            53 => Some(Card::BigJoker),
            _ => None,
        }
    }

    /// Friendly display for people: `10♠`, `Q♥`, `小王`/`SJ` style is left to
    /// the locale layer; this gives the symbol form with `SJ`/`BJ`.
    pub fn pretty(self) -> String {
        match self {
            Card::Standard(r, s) => format!("{}{}", r.display(), s.symbol()),
            Card::SmallJoker => "SJ".into(),
            Card::BigJoker => "BJ".into(),
        }
    }
}

impl fmt::Display for Card {
    /// The canonical notation: `TS`, `QH`, `SJ`, `BJ`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Card::Standard(r, s) => write!(f, "{}{}", r.letter(), s.letter()),
            Card::SmallJoker => f.write_str("SJ"),
            Card::BigJoker => f.write_str("BJ"),
        }
    }
}

impl FromStr for Card {
    type Err = CardError;

    /// Strict canonical notation only (records): `TS`, `QH`, `SJ`, `BJ`.
    /// Friendly input goes through [`parse_friendly`].
    fn from_str(s: &str) -> Result<Card, CardError> {
        let bad = || CardError::NotACard(s.to_string());
        match s {
            "SJ" => return Ok(Card::SmallJoker),
            "BJ" => return Ok(Card::BigJoker),
            _ => {}
        }
        let mut chars = s.chars();
        let (r, su) = (chars.next().ok_or_else(bad)?, chars.next().ok_or_else(bad)?);
        if chars.next().is_some()
            || !r.is_ascii()
            || r.is_ascii_lowercase()
            || su.is_ascii_lowercase()
        {
            return Err(bad());
        }
        let rank = Rank::from_letter(r).ok_or_else(bad)?;
        let suit = Suit::from_letter(su).ok_or_else(bad)?;
        Ok(Card::Standard(rank, suit))
    }
}

impl Serialize for Card {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Card {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Card, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

/// Parses a list of canonical card strings (a record's hand).
pub fn parse_cards<S: AsRef<str>>(items: &[S]) -> Result<Vec<Card>, CardError> {
    items.iter().map(|s| s.as_ref().parse()).collect()
}

/// Formats cards in canonical notation, space separated.
pub fn format_cards(cards: &[Card]) -> String {
    cards
        .iter()
        .map(|c| c.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

/// The standard 54-card deck in index order.
pub fn standard_deck() -> Vec<Card> {
    (0..54).filter_map(Card::from_index).collect()
}

/// Shuffles in place with the injected RNG, so a seeded RNG makes the same deal.
pub fn shuffle<R: Rng + ?Sized>(cards: &mut [Card], rng: &mut R) {
    cards.shuffle(rng);
}

/// Removes `cards` from `hand` as a multiset. On error `hand` is unchanged.
pub fn remove_cards(hand: &mut Vec<Card>, cards: &[Card]) -> Result<(), CardError> {
    let mut next = hand.clone();
    for c in cards {
        match next.iter().position(|h| h == c) {
            Some(i) => {
                next.remove(i);
            }
            None => return Err(CardError::NotInHand(c.to_string())),
        }
    }
    *hand = next;
    Ok(())
}

/// True when `cards` is a sub-multiset of `hand`.
pub fn contains_all(hand: &[Card], cards: &[Card]) -> bool {
    let mut counts = [0u8; 54];
    for c in hand {
        counts[c.index()] += 1;
    }
    cards.iter().all(|c| {
        let n = &mut counts[c.index()];
        if *n == 0 {
            false
        } else {
            *n -= 1;
            true
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn every_card_round_trips() {
        for c in standard_deck() {
            assert_eq!(c.to_string().parse::<Card>().unwrap(), c);
            assert_eq!(Card::from_index(c.index()), Some(c));
        }
        assert_eq!(standard_deck().len(), 54);
    }

    #[test]
    fn strict_notation_refuses_friendly_forms() {
        for s in ["10S", "ts", "T", "TSS", "XJ", "", "大王", "1S"] {
            assert!(s.parse::<Card>().is_err(), "{s}");
        }
    }

    #[test]
    fn serde_uses_notation() {
        let v: Vec<Card> = serde_json::from_str(r#"["TS","QH","SJ","BJ","2D"]"#).unwrap();
        assert_eq!(
            serde_json::to_string(&v).unwrap(),
            r#"["TS","QH","SJ","BJ","2D"]"#
        );
    }

    #[test]
    fn remove_is_all_or_nothing() {
        let mut hand = parse_cards(&["3S", "3H", "4S"]).unwrap();
        let err = remove_cards(&mut hand, &parse_cards(&["3S", "5S"]).unwrap());
        assert!(err.is_err());
        assert_eq!(hand.len(), 3);
        remove_cards(&mut hand, &parse_cards(&["3S", "4S"]).unwrap()).unwrap();
        assert_eq!(hand, parse_cards(&["3H"]).unwrap());
    }

    proptest! {
        #[test]
        fn notation_round_trips(i in 0usize..54) {
            let c = Card::from_index(i).unwrap();
            prop_assert_eq!(c.to_string().parse::<Card>().unwrap(), c);
            let friendly = parse_friendly(&c.pretty()).unwrap();
            prop_assert_eq!(friendly, vec![CardSpec::Exact(c)]);
        }
    }
}
