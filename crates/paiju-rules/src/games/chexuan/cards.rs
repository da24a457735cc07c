//! The 32 Chexuan cards (not Duan Guozi's 32): which cards are in the deck,
//! what each is called, its point value and its single-card class.
//!
//! Everything here follows the card table of `rules/chexuan.md`. The cards
//! are written in the shared notation (`QH`, `BJ`); the names are stable ids
//! usable as Fluent key suffixes (`chexuan-card-tian`).

use crate::cards::{Card, Rank, Suit};

/// The deck in a fixed order: 天 地 人 和, then the 5-class, 6-class and
/// 7-class cards as the rules list them.
pub const DECK: [Card; 32] = {
    use Rank::*;
    use Suit::*;
    const fn c(r: Rank, s: Suit) -> Card {
        Card::Standard(r, s)
    }
    [
        c(Queen, Hearts),
        c(Queen, Diamonds),
        c(Two, Hearts),
        c(Two, Diamonds),
        c(Eight, Hearts),
        c(Eight, Diamonds),
        c(Four, Hearts),
        c(Four, Diamonds),
        c(Ten, Spades),
        c(Ten, Clubs),
        c(Four, Spades),
        c(Four, Clubs),
        c(Six, Spades),
        c(Six, Clubs),
        c(Jack, Spades),
        c(Jack, Clubs),
        c(Ten, Hearts),
        c(Ten, Diamonds),
        c(Six, Hearts),
        c(Six, Diamonds),
        c(Seven, Hearts),
        c(Seven, Diamonds),
        c(Five, Spades),
        c(Five, Clubs),
        c(Seven, Spades),
        c(Seven, Clubs),
        c(Eight, Spades),
        c(Eight, Clubs),
        c(Nine, Spades),
        c(Nine, Clubs),
        c(Three, Hearts),
        Card::BigJoker,
    ]
};

/// True when `card` is one of the 32 Chexuan cards.
pub fn in_deck(card: Card) -> bool {
    DECK.contains(&card)
}

/// True when `cards` is exactly the 32 Chexuan cards, each once.
pub fn is_full_deck(cards: &[Card]) -> bool {
    if cards.len() != DECK.len() {
        return false;
    }
    let mut seen = [false; 54];
    for &c in cards {
        if !in_deck(c) || seen[c.index()] {
            return false;
        }
        seen[c.index()] = true;
    }
    true
}

/// Point value for 散牌: rank (T = 10, J = 11, Q = 12), 3♥ = 3, BJ = 6.
pub fn points(card: Card) -> u8 {
    match card {
        Card::Standard(r, _) => r.value(),
        Card::BigJoker => 6,
        Card::SmallJoker => 0,
    }
}

/// True for a red suit (hearts, diamonds) or the big joker (二皇 counts red
/// only for 丁二皇, which is matched by card, so this is about suits).
pub fn is_red(card: Card) -> bool {
    card.suit().is_some_and(Suit::is_red)
}

/// The card's name id, as in the rules' card table: `tian` 天 (QH QD),
/// `di` 地, `ren` 人, `he` 和, `mei-shi` 梅十, `ban-deng` 板凳, `chang-san`
/// 长三, `hu-tou` 虎头, `shao-shi` 苕十, `mao-mao` 猫猫, `gao-yao` 膏药,
/// `hei-wu` 黑五, `hei-qi` 七, `hei-ba` 八, `hei-jiu` 九, `ding` 丁 (3H),
/// `er-huang` 二皇 (BJ). `None` for a card not in the Chexuan deck.
pub fn card_name(card: Card) -> Option<&'static str> {
    use Rank::*;
    let Card::Standard(rank, suit) = card else {
        return (card == Card::BigJoker).then_some("er-huang");
    };
    let red = suit.is_red();
    Some(match (rank, red) {
        (Queen, true) => "tian",
        (Two, true) => "di",
        (Eight, true) => "ren",
        (Four, true) => "he",
        (Ten, false) => "mei-shi",
        (Four, false) => "ban-deng",
        (Six, false) => "chang-san",
        (Jack, false) => "hu-tou",
        (Ten, true) => "shao-shi",
        (Six, true) => "mao-mao",
        (Seven, true) => "gao-yao",
        (Five, false) => "hei-wu",
        (Seven, false) => "hei-qi",
        (Eight, false) => "hei-ba",
        (Nine, false) => "hei-jiu",
        (Three, true) if suit == Suit::Hearts => "ding",
        _ => return None,
    })
}

/// The single-card class of the rules' table, 1 (天, highest) to 7. Used to
/// sort a hand for display; two-card hands have their own order.
pub fn single_class(card: Card) -> Option<u8> {
    Some(match card_name(card)? {
        "tian" => 1,
        "di" => 2,
        "ren" => 3,
        "he" => 4,
        "mei-shi" | "ban-deng" | "chang-san" => 5,
        "hu-tou" | "shao-shi" | "mao-mao" | "gao-yao" => 6,
        _ => 7,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deck_is_32_distinct_named_cards() {
        assert!(is_full_deck(&DECK));
        for c in DECK {
            assert!(card_name(c).is_some(), "{c}");
            assert!(single_class(c).is_some(), "{c}");
        }
        // Cards of other games are not in this deck.
        for s in ["KS", "AH", "3S", "2S", "QS", "9H", "5H", "JH", "SJ"] {
            assert!(!in_deck(s.parse().unwrap()), "{s}");
        }
    }

    #[test]
    fn names_come_in_twos_except_ding_and_er_huang() {
        let mut counts = std::collections::HashMap::new();
        for c in DECK {
            *counts.entry(card_name(c).unwrap()).or_insert(0) += 1;
        }
        assert_eq!(counts.len(), 17);
        for (name, n) in counts {
            let want = if name == "ding" || name == "er-huang" {
                1
            } else {
                2
            };
            assert_eq!(n, want, "{name}");
        }
    }

    #[test]
    fn point_values() {
        let p = |s: &str| points(s.parse().unwrap());
        assert_eq!(p("TS"), 10);
        assert_eq!(p("JC"), 11);
        assert_eq!(p("QH"), 12);
        assert_eq!(p("3H"), 3);
        assert_eq!(p("BJ"), 6);
        assert_eq!(p("2D"), 2);
    }

    #[test]
    fn deck_with_a_duplicate_or_stranger_is_not_full() {
        let mut d = DECK.to_vec();
        d[0] = d[1];
        assert!(!is_full_deck(&d));
        let mut d = DECK.to_vec();
        d[0] = "KS".parse().unwrap();
        assert!(!is_full_deck(&d));
        assert!(!is_full_deck(&DECK[..31]));
    }
}
