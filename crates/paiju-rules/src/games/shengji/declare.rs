//! 亮主: reading a declaration and its strength (`rules/shengji.md`,
//! "Dealing and declaring").

use super::order::fold_suit;
use crate::cards::{Card, Rank, Suit};
use serde::Serialize;

/// A declaration that stands.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Declaration {
    pub seat: usize,
    pub cards: Vec<Card>,
    /// 1 one level card, 2 a pair, 3 two small jokers, 4 two big jokers,
    /// 5 three level cards, 6 / 7 three small / big jokers.
    pub strength: u8,
    /// `None`: no trump suit (jokers); folded with `two_colors`.
    #[serde(serialize_with = "trump_letter")]
    pub trump: Option<Suit>,
    /// Cards dealt when it was made.
    pub dealt: usize,
}

fn trump_letter<S: serde::Serializer>(t: &Option<Suit>, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(super::engine::trump_name(*t))
}

/// Why cards are no declaration.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum NotADeclaration {
    /// Not all the same card (after `two_colors` folding).
    Mixed,
    /// Neither level cards nor a pair or more of jokers.
    NotLevel,
    /// More cards than any declaration takes.
    TooMany,
}

/// The strength and trump of declaring `cards` at `level`.
pub fn read(
    cards: &[Card],
    level: Rank,
    two_colors: bool,
) -> Result<(u8, Option<Suit>), NotADeclaration> {
    let fold = |c: Card| match c {
        Card::Standard(r, s) => Card::Standard(r, fold_suit(s, two_colors)),
        j => j,
    };
    let first = fold(*cards.first().ok_or(NotADeclaration::Mixed)?);
    if cards.iter().any(|&c| fold(c) != first) {
        return Err(NotADeclaration::Mixed);
    }
    let n = cards.len();
    if n > 3 {
        return Err(NotADeclaration::TooMany);
    }
    match first {
        Card::Standard(r, s) if r == level => Ok(([1, 2, 5][n - 1], Some(s))),
        Card::SmallJoker if n >= 2 => Ok(([3, 6][n - 2], None)),
        Card::BigJoker if n >= 2 => Ok(([4, 7][n - 2], None)),
        _ => Err(NotADeclaration::NotLevel),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::parse_cards;

    fn r(s: &[&str], two_colors: bool) -> Result<(u8, Option<Suit>), NotADeclaration> {
        read(&parse_cards(s).unwrap(), Rank::Seven, two_colors)
    }

    #[test]
    fn strengths_follow_the_table() {
        assert_eq!(r(&["7H"], false), Ok((1, Some(Suit::Hearts))));
        assert_eq!(r(&["7H", "7H"], false), Ok((2, Some(Suit::Hearts))));
        assert_eq!(r(&["SJ", "SJ"], false), Ok((3, None)));
        assert_eq!(r(&["BJ", "BJ"], false), Ok((4, None)));
        assert_eq!(r(&["7S", "7S", "7S"], false), Ok((5, Some(Suit::Spades))));
        assert_eq!(r(&["BJ", "BJ", "BJ"], false), Ok((7, None)));
        assert_eq!(r(&["7H", "7D"], false), Err(NotADeclaration::Mixed));
        assert_eq!(r(&["7H", "7D"], true), Ok((2, Some(Suit::Hearts))));
        assert_eq!(r(&["BJ"], false), Err(NotADeclaration::NotLevel));
        assert_eq!(r(&["8H"], false), Err(NotADeclaration::NotLevel));
    }
}
