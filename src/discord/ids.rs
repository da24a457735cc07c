//! Component ids: what a button or select menu means, carried in its
//! `custom_id` (at most 100 characters).
//!
//! Every id names the table and the game version it was drawn for, so a
//! click on a message from an earlier state is recognised and refused
//! privately instead of acting on a state the player never saw. Format:
//! `pj1:<action>:<table>:<version>[:<arg>]`, numbers in base 36. The Play
//! button of a hand carries the chosen cards in canonical notation
//! (`3S3HBJ`), 2 characters a card, so 20 cards still fit.

use crate::cards::Card;
use std::fmt;

const PREFIX: &str = "pj1";
/// Discord's limit on `custom_id`.
pub const MAX_LEN: usize = 100;

/// What a component asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    Join,
    Leave,
    AddAi,
    Start,
    Cancel,
    /// Opens the ephemeral hand view of the clicking player.
    MyHand,
    /// The card multi-select of a hand view.
    SelectCards,
    /// Plays these cards (chosen in the select menu).
    Play(Vec<Card>),
    Pass,
    Hint,
    PlayAgain,
    Bid(u8),
    Call,
    Rob,
    Kick,
    Counter,
    Double,
    /// "No" to an option phase (kick, double, rob, show): a pass that is
    /// not a pass of the play.
    Decline,
    Show,
    /// A game's own control (Duan Guozi, Chexuan …): the game encodes and
    /// reads the argument itself (see [`game_arg_ok`] for what it may hold).
    Game(String),
}

/// Whether `arg` can travel in an [`Action::Game`] id: 1 to 64 characters
/// of `A-Z a-z 0-9 _ . , -` (no `:`, which separates the id's parts).
pub fn game_arg_ok(arg: &str) -> bool {
    !arg.is_empty()
        && arg.len() <= 64
        && arg
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'.' | b',' | b'-'))
}

/// A decoded `custom_id`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ComponentId {
    pub action: Action,
    pub table: u64,
    pub version: u64,
}

/// A `custom_id` this bot did not make (or made by an older, incompatible
/// build).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown component id `{0}`")]
pub struct BadComponentId(pub String);

impl ComponentId {
    pub fn new(action: Action, table: u64, version: u64) -> ComponentId {
        ComponentId {
            action,
            table,
            version,
        }
    }

    /// The `custom_id` text. Never longer than [`MAX_LEN`]: a `Play` of more
    /// than 20 cards (impossible in Dou Dizhu) is cut to 20.
    pub fn encode(&self) -> String {
        let (tag, arg) = match &self.action {
            Action::Join => ("join", None),
            Action::Leave => ("leave", None),
            Action::AddAi => ("ai", None),
            Action::Start => ("start", None),
            Action::Cancel => ("cancel", None),
            Action::MyHand => ("hand", None),
            Action::SelectCards => ("sel", None),
            Action::Play(cards) => (
                "play",
                Some(
                    cards
                        .iter()
                        .take(20)
                        .map(|c| c.to_string())
                        .collect::<String>(),
                ),
            ),
            Action::Pass => ("pass", None),
            Action::Hint => ("hint", None),
            Action::PlayAgain => ("again", None),
            Action::Bid(n) => ("bid", Some(n.to_string())),
            Action::Call => ("call", None),
            Action::Rob => ("rob", None),
            Action::Kick => ("kick", None),
            Action::Counter => ("counter", None),
            Action::Double => ("double", None),
            Action::Decline => ("no", None),
            Action::Show => ("show", None),
            // An argument that could not be decoded is sent as `-`, which
            // reads back as itself and no game accepts.
            Action::Game(arg) => (
                "g",
                Some(if game_arg_ok(arg) {
                    arg.clone()
                } else {
                    "-".into()
                }),
            ),
        };
        let mut s = format!(
            "{PREFIX}:{tag}:{}:{}",
            base36(self.table),
            base36(self.version)
        );
        if let Some(arg) = arg {
            s.push(':');
            s.push_str(&arg);
        }
        debug_assert!(s.len() <= MAX_LEN);
        s
    }

    pub fn decode(id: &str) -> Result<ComponentId, BadComponentId> {
        let bad = || BadComponentId(id.chars().take(MAX_LEN).collect());
        if id.len() > MAX_LEN {
            return Err(bad());
        }
        let mut parts = id.split(':');
        if parts.next() != Some(PREFIX) {
            return Err(bad());
        }
        let tag = parts.next().ok_or_else(bad)?;
        let table = parts.next().and_then(from_base36).ok_or_else(bad)?;
        let version = parts.next().and_then(from_base36).ok_or_else(bad)?;
        let arg = parts.next();
        if parts.next().is_some() {
            return Err(bad());
        }
        let no_arg = |a: Action| if arg.is_none() { Ok(a) } else { Err(bad()) };
        let action = match tag {
            "join" => no_arg(Action::Join)?,
            "leave" => no_arg(Action::Leave)?,
            "ai" => no_arg(Action::AddAi)?,
            "start" => no_arg(Action::Start)?,
            "cancel" => no_arg(Action::Cancel)?,
            "hand" => no_arg(Action::MyHand)?,
            "sel" => no_arg(Action::SelectCards)?,
            "pass" => no_arg(Action::Pass)?,
            "hint" => no_arg(Action::Hint)?,
            "again" => no_arg(Action::PlayAgain)?,
            "call" => no_arg(Action::Call)?,
            "rob" => no_arg(Action::Rob)?,
            "kick" => no_arg(Action::Kick)?,
            "counter" => no_arg(Action::Counter)?,
            "double" => no_arg(Action::Double)?,
            "no" => no_arg(Action::Decline)?,
            "show" => no_arg(Action::Show)?,
            "bid" => match arg.and_then(|a| a.parse::<u8>().ok()) {
                Some(n @ 1..=3) => Action::Bid(n),
                _ => return Err(bad()),
            },
            "g" => match arg {
                Some(a) if game_arg_ok(a) => Action::Game(a.to_string()),
                _ => return Err(bad()),
            },
            "play" => {
                let arg = arg.ok_or_else(bad)?;
                Action::Play(decode_cards(arg).ok_or_else(bad)?)
            }
            _ => return Err(bad()),
        };
        Ok(ComponentId {
            action,
            table,
            version,
        })
    }
}

impl fmt::Display for ComponentId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.encode())
    }
}

/// The value of one card in a select menu: its canonical notation.
pub fn card_value(card: Card) -> String {
    card.to_string()
}

/// Reads select menu values back into cards; `None` if any is not a card.
pub fn cards_from_values(values: &[String]) -> Option<Vec<Card>> {
    values.iter().map(|v| v.parse().ok()).collect()
}

fn decode_cards(s: &str) -> Option<Vec<Card>> {
    if s.is_empty() || !s.is_ascii() || !s.len().is_multiple_of(2) || s.len() > 40 {
        return None;
    }
    (0..s.len())
        .step_by(2)
        .map(|i| s[i..i + 2].parse().ok())
        .collect()
}

fn base36(mut n: u64) -> String {
    const DIGITS: &[u8; 36] = b"0123456789abcdefghijklmnopqrstuvwxyz";
    if n == 0 {
        return "0".into();
    }
    let mut out = Vec::new();
    while n > 0 {
        out.push(DIGITS[(n % 36) as usize]);
        n /= 36;
    }
    out.reverse();
    String::from_utf8(out).expect("ascii digits")
}

fn from_base36(s: &str) -> Option<u64> {
    if s.is_empty()
        || s.len() > 13
        || !s
            .bytes()
            .all(|b| b.is_ascii_digit() || b.is_ascii_lowercase())
    {
        return None;
    }
    u64::from_str_radix(s, 36).ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::{standard_deck, Rank, Suit};
    use proptest::prelude::*;

    fn all_actions() -> Vec<Action> {
        vec![
            Action::Join,
            Action::Leave,
            Action::AddAi,
            Action::Start,
            Action::Cancel,
            Action::MyHand,
            Action::SelectCards,
            Action::Play(vec![
                Card::new(Rank::Three, Suit::Spades),
                Card::new(Rank::Ten, Suit::Hearts),
                Card::BigJoker,
            ]),
            Action::Pass,
            Action::Hint,
            Action::PlayAgain,
            Action::Bid(1),
            Action::Bid(3),
            Action::Call,
            Action::Rob,
            Action::Kick,
            Action::Counter,
            Action::Double,
            Action::Decline,
            Action::Show,
            Action::Game("bet.20".into()),
            Action::Game("split,3S,TH".into()),
        ]
    }

    #[test]
    fn every_action_round_trips() {
        for action in all_actions() {
            let id = ComponentId::new(action, 123_456, 42);
            let text = id.encode();
            assert!(text.len() <= MAX_LEN, "{text}");
            assert_eq!(ComponentId::decode(&text), Ok(id));
        }
    }

    #[test]
    fn a_twenty_card_play_at_huge_ids_fits() {
        let cards: Vec<Card> = standard_deck().into_iter().take(20).collect();
        let id = ComponentId::new(Action::Play(cards), u64::MAX, u64::MAX);
        let text = id.encode();
        assert!(text.len() <= MAX_LEN, "{} chars: {text}", text.len());
        assert_eq!(ComponentId::decode(&text), Ok(id));
    }

    #[test]
    fn malformed_ids_are_refused() {
        for bad in [
            "",
            "pj1",
            "pj1:join",
            "pj1:join:1",
            "pj0:join:1:2",
            "pj1:fly:1:2",
            "pj1:join:1:2:extra",
            "pj1:bid:1:2",
            "pj1:bid:1:2:4",
            "pj1:play:1:2",
            "pj1:play:1:2:3",
            "pj1:play:1:2:ZZ",
            "pj1:join:-1:2",
            "pj1:join:+1:2",
            "pj1:join:1:ZZ",
            "pj1:join:zzzzzzzzzzzzzzzz:1",
            "pj1:play:1:2:3S3S3S3S3S3S3S3S3S3S3S3S3S3S3S3S3S3S3S3S3S",
            "pj1:g:1:2",
            "pj1:g:1:2:a b",
        ] {
            assert!(ComponentId::decode(bad).is_err(), "{bad:?} accepted");
        }
    }

    #[test]
    fn select_values_are_canonical_cards() {
        let cards = vec![Card::SmallJoker, Card::new(Rank::Ten, Suit::Clubs)];
        let values: Vec<String> = cards.iter().map(|&c| card_value(c)).collect();
        assert_eq!(values, vec!["SJ", "TC"]);
        assert_eq!(cards_from_values(&values), Some(cards));
        assert_eq!(cards_from_values(&["nope".into()]), None);
    }

    proptest! {
        #[test]
        fn decode_never_panics(s in ".{0,120}") {
            let _ = ComponentId::decode(&s);
        }

        #[test]
        fn round_trip_any_numbers(table in any::<u64>(), version in any::<u64>(), n in 1u8..=3) {
            let id = ComponentId::new(Action::Bid(n), table, version);
            prop_assert_eq!(ComponentId::decode(&id.encode()), Ok(id));
        }
    }
}
