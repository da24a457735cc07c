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

/// What a component asks for: a control every table shares, or one of a
/// game's own controls ([`Action::Game`], which the game reads as its
/// [`GameClick`](crate::discord::table::GameClick) type).
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
    /// 托管: hands the clicking player's seat to the computer, or takes it
    /// back when it is on 托管 (a switch).
    Auto,
    /// 自动不要: from now on the table passes at once for the clicking
    /// member whenever nothing they hold beats the play (their `/autopass`
    /// choice, switched on), starting with the pass owed now.
    AutopassOn,
    /// A game's own control in its wire form.
    Game(GameWire),
}

/// A game's own control as it travels in a `custom_id`: a tag of 1 to 8
/// lowercase letters that no shared control uses (see [`game_tag_ok`]) and
/// an optional argument (see [`game_arg_ok`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameWire {
    pub tag: String,
    pub arg: Option<String>,
}

impl GameWire {
    pub fn new(tag: &str, arg: Option<String>) -> GameWire {
        GameWire {
            tag: tag.to_string(),
            arg,
        }
    }
}

/// The tags of the shared controls, which no game may use.
const SHARED_TAGS: [&str; 13] = [
    "join", "leave", "ai", "start", "cancel", "hand", "sel", "play", "pass", "hint", "again",
    "auto", "apass",
];

/// Whether `tag` can name a game's control: 1 to 8 lowercase ASCII letters,
/// not a shared control's tag.
pub fn game_tag_ok(tag: &str) -> bool {
    (1..=8).contains(&tag.len())
        && tag.bytes().all(|b| b.is_ascii_lowercase())
        && !SHARED_TAGS.contains(&tag)
}

/// Whether `arg` can travel as a game control's argument: 1 to 64
/// characters of `A-Z a-z 0-9 _ . , -` (no `:`, which separates the id's
/// parts).
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
            Action::Auto => ("auto", None),
            Action::AutopassOn => ("apass", None),
            // A control that could not travel is sent as `g:-`, which
            // reads back as itself and no game accepts.
            Action::Game(wire) if game_tag_ok(&wire.tag) => match &wire.arg {
                Some(arg) if !game_arg_ok(arg) => ("g", Some("-".into())),
                arg => (wire.tag.as_str(), arg.clone()),
            },
            Action::Game(_) => ("g", Some("-".into())),
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
            "auto" => no_arg(Action::Auto)?,
            "apass" => no_arg(Action::AutopassOn)?,
            "play" => {
                let arg = arg.ok_or_else(bad)?;
                Action::Play(decode_cards(arg).ok_or_else(bad)?)
            }
            tag if game_tag_ok(tag) && arg.is_none_or(game_arg_ok) => {
                Action::Game(GameWire::new(tag, arg.map(str::to_string)))
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

pub(crate) fn base36(mut n: u64) -> String {
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

pub(crate) fn from_base36(s: &str) -> Option<u64> {
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
            Action::Auto,
            Action::AutopassOn,
            Action::Game(GameWire::new("bid", Some("3".into()))),
            Action::Game(GameWire::new("call", None)),
            Action::Game(GameWire::new("g", Some("bet.20".into()))),
            Action::Game(GameWire::new("g", Some("split,3S,TH".into()))),
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
            "pj1:join:1:2:extra",
            "pj1:Fly:1:2",
            "pj1:toolongtag:1:2",
            "pj1:f1y:1:2",
            "pj1:play:1:2",
            "pj1:play:1:2:3",
            "pj1:play:1:2:ZZ",
            "pj1:join:-1:2",
            "pj1:join:+1:2",
            "pj1:join:1:ZZ",
            "pj1:join:zzzzzzzzzzzzzzzz:1",
            "pj1:play:1:2:3S3S3S3S3S3S3S3S3S3S3S3S3S3S3S3S3S3S3S3S3S",
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

    #[test]
    fn a_game_control_that_cannot_travel_reads_back_as_nothing_a_game_takes() {
        for wire in [
            GameWire::new("play", None),
            GameWire::new("Bid", None),
            GameWire::new("bid", Some("a:b".into())),
        ] {
            let id = ComponentId::new(Action::Game(wire), 1, 2);
            let back = ComponentId::decode(&id.encode()).unwrap();
            assert_eq!(
                back.action,
                Action::Game(GameWire::new("g", Some("-".into())))
            );
        }
    }

    proptest! {
        #[test]
        fn decode_never_panics(s in ".{0,120}") {
            let _ = ComponentId::decode(&s);
        }

        #[test]
        fn round_trip_any_numbers(table in any::<u64>(), version in any::<u64>(), n in 1u8..=3) {
            let id = ComponentId::new(
                Action::Game(GameWire::new("bid", Some(n.to_string()))),
                table,
                version,
            );
            prop_assert_eq!(ComponentId::decode(&id.encode()), Ok(id));
        }
    }
}
