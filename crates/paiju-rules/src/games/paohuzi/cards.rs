//! The 80 Paohuzi cards (字牌): small 小字 `x1`…`x10` (一 … 十) and big 大字
//! `d1`…`d10` (壹 … 拾), four of each. A card is one of 20 kinds; hands are
//! kept as counts per kind ([`Counts`]), which is all the rules look at.

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;
use std::str::FromStr;

/// Kinds of card: 10 small then 10 big.
pub const KINDS: usize = 20;

/// How many cards of each kind a hand holds, indexed by [`Card::index`].
pub type Counts = [u8; KINDS];

const SMALL_ZH: [&str; 10] = ["一", "二", "三", "四", "五", "六", "七", "八", "九", "十"];
const BIG_ZH: [&str; 10] = ["壹", "贰", "叁", "肆", "伍", "陆", "柒", "捌", "玖", "拾"];

/// One card kind: its number (牌点, 1–10) and its case (大 big / 小 small).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Card(u8);

impl Card {
    /// The card of `number` (1–10), big or small.
    pub fn new(big: bool, number: u8) -> Option<Card> {
        (1..=10)
            .contains(&number)
            .then(|| Card(number - 1 + if big { 10 } else { 0 }))
    }

    /// The card at `index` (0–19: small 1–10, then big 1–10).
    pub fn from_index(index: usize) -> Card {
        assert!(index < KINDS, "card index {index} out of range");
        Card(index as u8)
    }

    /// Small `x1` = 0 … `x10` = 9, big `d1` = 10 … `d10` = 19.
    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// 牌点, 1–10, the same for both cases.
    pub fn number(self) -> u8 {
        self.0 % 10 + 1
    }

    /// 大字 (壹 … 拾).
    pub fn is_big(self) -> bool {
        self.0 >= 10
    }

    /// Red: 二 七 十 and 贰 柒 拾.
    pub fn is_red(self) -> bool {
        matches!(self.number(), 2 | 7 | 10)
    }

    /// The card of the same number in the other case (一 ↔ 壹).
    pub fn other_case(self) -> Card {
        Card((self.0 + 10) % 20)
    }

    /// The Chinese character: 一 … 十, 壹 … 拾.
    pub fn chinese(self) -> &'static str {
        let n = (self.number() - 1) as usize;
        if self.is_big() {
            BIG_ZH[n]
        } else {
            SMALL_ZH[n]
        }
    }

    /// Every kind, small first.
    pub fn all() -> impl Iterator<Item = Card> {
        (0..KINDS as u8).map(Card)
    }
}

/// A Paohuzi card in a refusal: its record name (`x3`, `d3`), which the
/// messages' words switch on to name it (`paohuzi-card`).
impl From<Card> for crate::message::Arg {
    fn from(card: Card) -> crate::message::Arg {
        crate::message::Arg::Text(card.to_string())
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let case = if self.is_big() { 'd' } else { 'x' };
        write!(f, "{case}{}", self.number())
    }
}

/// A text that is not a Paohuzi card.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("`{0}` is not a Paohuzi card (x1…x10, d1…d10, 一…十, 壹…拾)")]
pub struct CardError(pub String);

impl FromStr for Card {
    type Err = CardError;

    /// `x3` / `d3` (any case), or the character: 三 / 叁.
    fn from_str(s: &str) -> Result<Card, CardError> {
        let t = s.trim();
        let bad = || CardError(s.to_string());
        if let Some(i) = SMALL_ZH.iter().position(|z| *z == t) {
            return Ok(Card(i as u8));
        }
        if let Some(i) = BIG_ZH.iter().position(|z| *z == t) {
            return Ok(Card(i as u8 + 10));
        }
        let mut chars = t.chars();
        let big = match chars.next().map(|c| c.to_ascii_lowercase()) {
            Some('x') => false,
            Some('d') => true,
            _ => return Err(bad()),
        };
        let rest = chars.as_str();
        if rest.is_empty() || rest.len() > 2 || !rest.bytes().all(|b| b.is_ascii_digit()) {
            return Err(bad());
        }
        let n: u8 = rest.parse().map_err(|_| bad())?;
        Card::new(big, n).ok_or_else(bad)
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

/// The 80 cards in a fixed order: four of each kind, small first.
pub fn full_deck() -> Vec<Card> {
    Card::all().flat_map(|c| [c; 4]).collect()
}

/// True when `cards` is exactly the 80 cards: four of each kind.
pub fn is_full_deck(cards: &[Card]) -> bool {
    cards.len() == 80 && counts_of(cards).iter().all(|&n| n == 4)
}

/// The counts of a list of cards.
pub fn counts_of(cards: &[Card]) -> Counts {
    let mut c = [0; KINDS];
    for card in cards {
        c[card.index()] += 1;
    }
    c
}

/// The cards of `counts`, in index order.
pub fn cards_of(counts: &Counts) -> Vec<Card> {
    Card::all()
        .flat_map(|c| std::iter::repeat_n(c, counts[c.index()] as usize))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notation_round_trips_and_chinese_parses() {
        for c in Card::all() {
            assert_eq!(c.to_string().parse::<Card>().unwrap(), c);
            assert_eq!(c.chinese().parse::<Card>().unwrap(), c);
        }
        assert_eq!(
            "X10".parse::<Card>().unwrap(),
            Card::new(false, 10).unwrap()
        );
        assert_eq!("贰".parse::<Card>().unwrap(), Card::new(true, 2).unwrap());
        assert_eq!("柒".parse::<Card>().unwrap().to_string(), "d7");
        for bad in ["x0", "x11", "d", "y3", "x3x", "", "3", "x+1", "零"] {
            assert!(bad.parse::<Card>().is_err(), "{bad}");
        }
    }

    #[test]
    fn reds_cases_and_deck() {
        let reds: Vec<String> = Card::all()
            .filter(|c| c.is_red())
            .map(|c| c.to_string())
            .collect();
        assert_eq!(reds, ["x2", "x7", "x10", "d2", "d7", "d10"]);
        let x3: Card = "x3".parse().unwrap();
        assert_eq!(x3.other_case().to_string(), "d3");
        assert_eq!(x3.other_case().other_case(), x3);
        assert!(is_full_deck(&full_deck()));
        let mut d = full_deck();
        d[0] = d[79];
        assert!(!is_full_deck(&d));
        assert!(!is_full_deck(&full_deck()[..79]));
    }
}
