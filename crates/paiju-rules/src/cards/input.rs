//! Friendly card input: what a person types in a terminal or a slash command.
//!
//! Accepts any case, `10` for ten, suit symbols before or after the rank
//! (`10♠`, `♥Q`), suit letters after the rank (`qh`), Chinese joker names
//! (`大王`, `小王`, `大鬼`, `小鬼`), and bare ranks (`33344`, `3334 4`) which
//! [`resolve_in_hand`] picks from the player's hand. Separators (spaces,
//! commas) are optional. What a Chinese keyboard types reads the same:
//! full-width letters and digits (`ＡＡＡ７７`, [`halfwidth`]) and the suits'
//! Chinese names before or after the rank (`方块8`, `黑桃J`).

use super::{Card, CardError, Rank, Suit};

/// One card as typed: either exact, or a bare rank to be picked from a hand.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum CardSpec {
    Exact(Card),
    AnyOf(Rank),
}

/// `text` with full-width ASCII (what a Chinese input method types in its
/// full-width mode: `ＡＡＡ７７`, `？`) and the ideographic space turned into
/// their plain forms; everything else is kept.
pub fn halfwidth(text: &str) -> String {
    text.chars()
        .map(|c| match c {
            '\u{3000}' => ' ',
            '\u{FF01}'..='\u{FF5E}' => char::from_u32(c as u32 - 0xFEE0).unwrap_or(c),
            _ => c,
        })
        .collect()
}

/// The suits' Chinese names, as a player writes them, and their symbols.
const SUIT_NAMES: [(&str, char); 8] = [
    ("黑桃", '♠'),
    ("红桃", '♥'),
    ("红心", '♥'),
    ("梅花", '♣'),
    ("草花", '♣'),
    ("方块", '♦'),
    ("方片", '♦'),
    ("方板", '♦'),
];

/// Splits friendly input into card specs. Fails on the first thing that is
/// not a card, naming it.
pub fn parse_friendly(input: &str) -> Result<Vec<CardSpec>, CardError> {
    let plain = |text: &str| {
        let mut text = halfwidth(text);
        for (name, symbol) in SUIT_NAMES {
            text = text.replace(name, &symbol.to_string());
        }
        text
    };
    parse_plain(&plain(input)).map_err(|e| match e {
        // The refused word as it was typed (`方块`, not `♦`).
        CardError::NotACard(word) => CardError::NotACard(
            input
                .split(|c: char| separator(c) || c == '\u{3000}')
                .find(|typed| plain(typed) == word)
                .map_or(word, str::to_string),
        ),
        other => other,
    })
}

/// What separates typed cards (none is needed).
fn separator(c: char) -> bool {
    c.is_whitespace() || matches!(c, ',' | '，' | '、' | ';' | '[' | ']' | '"' | '\'')
}

/// [`parse_friendly`] of text already in plain form.
fn parse_plain(input: &str) -> Result<Vec<CardSpec>, CardError> {
    let chars: Vec<char> = input.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    // The whole typed word is quoted (`xyz`, not `x`): the player sees what
    // he typed, not where the reading stopped.
    let bad = |from: usize| {
        let start = (0..from)
            .rev()
            .find(|&k| separator(chars[k]))
            .map_or(0, |k| k + 1);
        let end = (from..chars.len())
            .find(|&k| separator(chars[k]))
            .unwrap_or(chars.len());
        CardError::NotACard(chars[start..end].iter().collect())
    };
    while i < chars.len() {
        let c = chars[i];
        if separator(c) {
            i += 1;
            continue;
        }
        let start = i;
        // Chinese joker names.
        if let Some(&next) = chars.get(i + 1) {
            let joker = match (c, next) {
                ('大', '王') | ('大', '鬼') => Some(Card::BigJoker),
                ('小', '王') | ('小', '鬼') => Some(Card::SmallJoker),
                _ => None,
            };
            if let Some(j) = joker {
                out.push(CardSpec::Exact(j));
                i += 2;
                continue;
            }
            // Latin joker names: SJ, BJ, RJ (red joker = big).
            let up = (c.to_ascii_uppercase(), next.to_ascii_uppercase());
            let joker = match up {
                ('S', 'J') => Some(Card::SmallJoker),
                ('B', 'J') | ('R', 'J') => Some(Card::BigJoker),
                _ => None,
            };
            if let Some(j) = joker {
                out.push(CardSpec::Exact(j));
                i += 2;
                continue;
            }
        }
        // A suit symbol first: `♥Q`, `♠10`.
        let mut suit = Suit::from_symbol(c);
        if suit.is_some() {
            i += 1;
        }
        let rank = match chars.get(i) {
            Some('1') if chars.get(i + 1) == Some(&'0') => {
                i += 2;
                Rank::Ten
            }
            Some(&r) => match Rank::from_letter(r) {
                Some(rank) => {
                    i += 1;
                    rank
                }
                None => return Err(bad(start)),
            },
            None => return Err(bad(start)),
        };
        if suit.is_none() {
            if let Some(&s) = chars.get(i) {
                if let Some(found) =
                    Suit::from_symbol(s).or_else(|| suit_letter_after_rank(&chars, i))
                {
                    suit = Some(found);
                    i += 1;
                }
            }
        }
        out.push(match suit {
            Some(s) => CardSpec::Exact(Card::Standard(rank, s)),
            None => CardSpec::AnyOf(rank),
        });
    }
    if out.is_empty() {
        return Err(CardError::Empty);
    }
    Ok(out)
}

/// A letter after a rank is a suit unless it starts a joker name (`3SJ` is
/// 3 then the small joker, not 3♠ then J).
fn suit_letter_after_rank(chars: &[char], i: usize) -> Option<Suit> {
    let suit = Suit::from_letter(chars[i])?;
    let next = chars.get(i + 1).map(|c| c.to_ascii_uppercase());
    if suit == Suit::Spades && next == Some('J') {
        // `SJ` right after a rank: ambiguous between `xS J` and `x SJ`; a
        // joker name wins only when nothing rank-like follows the J.
        let after = chars.get(i + 2);
        if after.is_none_or(|c| !c.is_ascii_alphanumeric()) {
            return None;
        }
    }
    Some(suit)
}

/// Picks concrete cards from `hand` for the specs: exact cards must be there,
/// bare ranks take any remaining card of that rank (exact cards are taken
/// first so `3 3S` never steals the 3♠ for the bare 3).
pub fn resolve_in_hand(specs: &[CardSpec], hand: &[Card]) -> Result<Vec<Card>, CardError> {
    let mut left: Vec<Option<Card>> = hand.iter().copied().map(Some).collect();
    let mut out = vec![None; specs.len()];
    for (k, spec) in specs.iter().enumerate() {
        if let CardSpec::Exact(card) = spec {
            let slot = left
                .iter_mut()
                .find(|c| **c == Some(*card))
                .ok_or_else(|| CardError::NotInHand(card.pretty()))?;
            *slot = None;
            out[k] = Some(*card);
        }
    }
    for (k, spec) in specs.iter().enumerate() {
        if let CardSpec::AnyOf(rank) = spec {
            let slot = left
                .iter_mut()
                .find(|c| c.and_then(Card::rank) == Some(*rank));
            match slot {
                Some(slot) => {
                    out[k] = slot.take();
                }
                None => {
                    let have = hand.iter().filter(|c| c.rank() == Some(*rank)).count();
                    return Err(if have == 0 {
                        CardError::NotInHand(rank.display().to_string())
                    } else {
                        CardError::NotEnough {
                            card: rank.display().to_string(),
                            have,
                        }
                    });
                }
            }
        }
    }
    Ok(out
        .into_iter()
        .map(|c| c.expect("every spec resolved"))
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::parse_cards;

    fn specs(s: &str) -> Vec<CardSpec> {
        parse_friendly(s).unwrap()
    }

    #[test]
    fn bare_ranks() {
        use CardSpec::AnyOf;
        assert_eq!(
            specs("33344"),
            vec![
                AnyOf(Rank::Three),
                AnyOf(Rank::Three),
                AnyOf(Rank::Three),
                AnyOf(Rank::Four),
                AnyOf(Rank::Four)
            ]
        );
        assert_eq!(specs("3334 4"), specs("33344"));
        assert_eq!(specs("10 J Q K A").len(), 5);
        assert_eq!(specs("10JQKA"), specs("t j q k a"));
    }

    /// Issue #36: what a Chinese keyboard types reads as the same cards.
    #[test]
    fn full_width_input_and_chinese_suit_names() {
        assert_eq!(specs("ＡＡＡ７７"), specs("AAA77"));
        assert_eq!(specs("１０　Ｊ"), specs("10 J"));
        assert_eq!(specs("方块8"), specs("8♦"));
        assert_eq!(specs("黑桃J 红桃10"), specs("J♠ 10♥"));
        assert_eq!(specs("梅花Q，红心２"), specs("Q♣ 2♥"));
        assert_eq!(specs("8方片"), specs("8♦"));
        // A refusal names the word as typed.
        assert_eq!(
            parse_friendly("方块"),
            Err(CardError::NotACard("方块".into()))
        );
        assert_eq!(
            parse_friendly("8 方块x"),
            Err(CardError::NotACard("方块x".into()))
        );
    }

    #[test]
    fn suits_and_jokers() {
        let want = parse_cards(&["TS", "QH", "BJ", "SJ", "2D", "TS"]).unwrap();
        let got: Vec<Card> = specs("10♠ ♥Q 大王 小王 2d ts")
            .into_iter()
            .map(|s| match s {
                CardSpec::Exact(c) => c,
                other => panic!("{other:?}"),
            })
            .collect();
        assert_eq!(got, want);
        assert_eq!(
            specs("3sj"),
            vec![
                CardSpec::AnyOf(Rank::Three),
                CardSpec::Exact(Card::SmallJoker)
            ]
        );
        assert_eq!(specs("bj"), vec![CardSpec::Exact(Card::BigJoker)]);
    }

    #[test]
    fn garbage_is_named() {
        // The whole typed word is quoted, not the letter the reading stopped at.
        assert_eq!(
            parse_friendly("33x4"),
            Err(CardError::NotACard("33x4".into()))
        );
        assert_eq!(
            parse_friendly("3 xyz 4"),
            Err(CardError::NotACard("xyz".into()))
        );
        assert_eq!(parse_friendly("1"), Err(CardError::NotACard("1".into())));
        assert_eq!(parse_friendly("  "), Err(CardError::Empty));
    }

    #[test]
    fn resolving_against_a_hand() {
        let hand = parse_cards(&["3S", "3H", "3D", "4C", "4D", "5S"]).unwrap();
        let got = resolve_in_hand(&specs("3 3 3S 44"), &hand).unwrap();
        assert_eq!(got.len(), 5);
        assert!(got.contains(&"3S".parse().unwrap()));
        assert_eq!(
            resolve_in_hand(&specs("6"), &hand),
            Err(CardError::NotInHand("6".into()))
        );
        assert_eq!(
            resolve_in_hand(&specs("555"), &hand),
            Err(CardError::NotEnough {
                card: "5".into(),
                have: 1
            })
        );
        assert_eq!(
            resolve_in_hand(&specs("5h"), &hand),
            Err(CardError::NotInHand("5♥".into()))
        );
    }
}
