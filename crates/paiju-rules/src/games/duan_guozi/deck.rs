//! The 32-card Duan Guozi deck: which cards are in it, each card's point
//! value and its class (级别), and deck-order validation for records.
//!
//! rules/duan-guozi.md, "The 32 cards".

use crate::cards::{Card, Rank, Suit};
use serde::Serialize;

/// Cards in a Duan Guozi deck.
pub const DECK_SIZE: usize = 32;

/// A card's class (级别). Declared low to high so the derived order is the
/// rules' order: 天 > 地 > 人 > 鹅 > 长 > 矢 > 杂 > a lone joker.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Class {
    /// A lone joker (BJ or SJ without the other): below 杂.
    Joker,
    /// 杂: 9H 9D 8S 8C 7S 7C 5H 5D.
    Za,
    /// 矢: 6H 6D 7H 7D TH TD JH JD.
    Shi,
    /// 长: 4S 4C 6S 6C TS TC.
    Chang,
    /// 鹅: 4H 4D.
    E,
    /// 人: 8H 8D.
    Ren,
    /// 地: 2H 2D.
    Di,
    /// 天: QH QD.
    Tian,
}

impl Class {
    /// Every class, high to low.
    pub const ALL: [Class; 8] = [
        Class::Tian,
        Class::Di,
        Class::Ren,
        Class::E,
        Class::Chang,
        Class::Shi,
        Class::Za,
        Class::Joker,
    ];

    /// Stable id, usable as a Fluent key suffix (`dg-class-tian`).
    pub fn id(self) -> &'static str {
        match self {
            Class::Tian => "tian",
            Class::Di => "di",
            Class::Ren => "ren",
            Class::E => "e",
            Class::Chang => "chang",
            Class::Shi => "shi",
            Class::Za => "za",
            Class::Joker => "joker",
        }
    }

    /// The one-character name used in point-hand names (「天字九」).
    pub fn zh(self) -> &'static str {
        match self {
            Class::Tian => "天",
            Class::Di => "地",
            Class::Ren => "人",
            Class::E => "鹅",
            Class::Chang => "长",
            Class::Shi => "矢",
            Class::Za => "杂",
            Class::Joker => "鬼",
        }
    }

    /// English name, as used in hand names ("Heaven nine").
    pub fn en(self) -> &'static str {
        match self {
            Class::Tian => "Heaven",
            Class::Di => "Earth",
            Class::Ren => "Man",
            Class::E => "Goose",
            Class::Chang => "Long",
            Class::Shi => "Arrow",
            Class::Za => "Mixed",
            Class::Joker => "Joker",
        }
    }
}

/// The 32 cards, in a fixed order (hearts, diamonds, spades, clubs, jokers).
pub fn deck() -> Vec<Card> {
    use Rank::*;
    let red = [Two, Four, Five, Six, Seven, Eight, Nine, Ten, Jack, Queen];
    let black = [Four, Six, Seven, Eight, Ten];
    let mut cards = Vec::with_capacity(DECK_SIZE);
    for suit in [Suit::Hearts, Suit::Diamonds] {
        cards.extend(red.iter().map(|&r| Card::new(r, suit)));
    }
    for suit in [Suit::Spades, Suit::Clubs] {
        cards.extend(black.iter().map(|&r| Card::new(r, suit)));
    }
    cards.push(Card::BigJoker);
    cards.push(Card::SmallJoker);
    cards
}

/// True when `card` is one of the 32.
pub fn in_deck(card: Card) -> bool {
    class_of(card).is_some()
}

/// The class of a card of the deck; `None` for a card not in it.
pub fn class_of(card: Card) -> Option<Class> {
    use Rank::*;
    let class = match card {
        Card::BigJoker | Card::SmallJoker => Class::Joker,
        Card::Standard(rank, suit) => match (rank, suit.is_red()) {
            (Queen, true) => Class::Tian,
            (Two, true) => Class::Di,
            (Eight, true) => Class::Ren,
            (Four, true) => Class::E,
            (Four | Six | Ten, false) => Class::Chang,
            (Six | Seven | Ten | Jack, true) => Class::Shi,
            (Nine | Five, true) | (Eight | Seven, false) => Class::Za,
            _ => return None,
        },
    };
    Some(class)
}

/// A card's point value: its rank (T = 10, J = 11, Q = 12); a lone BJ
/// counts 6 and a lone SJ 3. Only meaningful for cards of the deck.
pub fn point_value(card: Card) -> u8 {
    match card {
        Card::BigJoker => 6,
        Card::SmallJoker => 3,
        Card::Standard(rank, _) => rank.value(),
    }
}

/// Checks that `order` is a permutation of the 32 cards; the error says
/// what is wrong in plain English.
pub fn check_deck_order(order: &[Card]) -> Result<(), String> {
    if order.len() != DECK_SIZE {
        return Err(format!(
            "a deck order has {DECK_SIZE} cards, this one has {}",
            order.len()
        ));
    }
    let mut seen = [false; 54];
    for &card in order {
        if !in_deck(card) {
            return Err(format!("{card} is not one of the 32 Duan Guozi cards"));
        }
        if std::mem::replace(&mut seen[card.index()], true) {
            return Err(format!("{card} appears twice"));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::parse_cards;

    fn classes(cards: &[&str]) -> Vec<Class> {
        parse_cards(cards)
            .unwrap()
            .into_iter()
            .map(|c| class_of(c).unwrap())
            .collect()
    }

    #[test]
    fn the_deck_is_the_32_cards_of_the_rules() {
        let d = deck();
        assert_eq!(d.len(), DECK_SIZE);
        check_deck_order(&d).unwrap();
        let text: Vec<String> = d.iter().map(|c| c.to_string()).collect();
        assert_eq!(
            text.join(" "),
            "2H 4H 5H 6H 7H 8H 9H TH JH QH 2D 4D 5D 6D 7D 8D 9D TD JD QD \
             4S 6S 7S 8S TS 4C 6C 7C 8C TC BJ SJ"
        );
    }

    #[test]
    fn class_table_matches_the_rules() {
        use Class::*;
        assert_eq!(classes(&["QH", "QD"]), [Tian; 2]);
        assert_eq!(classes(&["2H", "2D"]), [Di; 2]);
        assert_eq!(classes(&["8H", "8D"]), [Ren; 2]);
        assert_eq!(classes(&["4H", "4D"]), [E; 2]);
        assert_eq!(classes(&["4S", "4C", "6S", "6C", "TS", "TC"]), [Chang; 6]);
        assert_eq!(
            classes(&["6H", "6D", "7H", "7D", "TH", "TD", "JH", "JD"]),
            [Shi; 8]
        );
        assert_eq!(
            classes(&["9H", "9D", "8S", "8C", "7S", "7C", "5H", "5D"]),
            [Za; 8]
        );
        assert_eq!(classes(&["BJ", "SJ"]), [Joker; 2]);
        // 2 + 2 + 2 + 2 + 6 + 8 + 8 + 2 = 32: every card has exactly one class.
        let total: usize = Class::ALL
            .iter()
            .map(|&k| deck().iter().filter(|&&c| class_of(c) == Some(k)).count())
            .sum();
        assert_eq!(total, DECK_SIZE);
        assert!(Tian > Di && Di > Ren && Ren > E && E > Chang && Chang > Shi);
        assert!(Shi > Za && Za > Joker);
    }

    #[test]
    fn cards_outside_the_deck_have_no_class() {
        for s in ["3H", "KD", "AS", "2S", "5C", "9S", "QS", "JC", "2C"] {
            let card: Card = s.parse().unwrap();
            assert_eq!(class_of(card), None, "{s}");
        }
    }

    #[test]
    fn point_values() {
        let v = |s: &str| point_value(s.parse().unwrap());
        assert_eq!(v("QH"), 12);
        assert_eq!(v("JD"), 11);
        assert_eq!(v("TS"), 10);
        assert_eq!(v("2H"), 2);
        assert_eq!(v("BJ"), 6);
        assert_eq!(v("SJ"), 3);
    }

    #[test]
    fn bad_deck_orders_are_explained() {
        let mut d = deck();
        d.pop();
        assert!(check_deck_order(&d).unwrap_err().contains("32 cards"));
        d.push(d[0]);
        assert!(check_deck_order(&d).unwrap_err().contains("twice"));
        d.pop();
        d.push("KS".parse().unwrap());
        assert!(check_deck_order(&d).unwrap_err().contains("not one of"));
    }
}
