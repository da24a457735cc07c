//! A sentence to say, in no language yet: a Fluent id and typed values.
//!
//! Refusals cross every layer — a rule, the table runtime, the ledger —
//! before a front end says them. Their values are typed here so that each
//! front end shows them its own way (a member as a mention on Discord and
//! a name in the terminal, a time as Discord's relative timestamp or a clock
//! time, cards in the player's words and language), instead of guessing
//! from an argument's name or passing Discord syntax up from below.

use crate::cards::Card;

/// One value of a [`Message`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Arg {
    /// A number (Fluent's plural selectors read it as one).
    Int(i64),
    /// A text shown as it is: what a player typed, a name, a selector value
    /// the message's words switch on (`trio_single`, Paohuzi's `x3`).
    Text(String),
    /// Cards, named in the player's language (`10♠`, 大王).
    Cards(Vec<Card>),
    /// Chexuan's cards, which have names of their own (二皇, 天牌).
    ChexuanCards(Vec<Card>),
    /// Dou Dizhu ranks without suits, by index (3 … A, 2, the small and the
    /// big joker: [`rank_name`](crate::games::dou_dizhu::cardset::rank_name)),
    /// as a play's cards are compared.
    Ranks(Vec<usize>),
    /// A member, by id: a mention on Discord, a name in the terminal.
    User(u64),
    /// A moment, as Unix seconds: a relative time on Discord ("in 3
    /// hours"), a clock time in the terminal.
    Time(i64),
    /// The words of another message (a game's name).
    Words(&'static str),
}

impl Arg {
    /// Chexuan's cards (see [`Arg::ChexuanCards`]).
    pub fn chexuan_cards(cards: impl Into<Vec<Card>>) -> Arg {
        Arg::ChexuanCards(cards.into())
    }
}

macro_rules! int_args {
    ($($t:ty),*) => {$(
        impl From<$t> for Arg {
            fn from(n: $t) -> Arg {
                // Every count, seat, stake and amount of the games fits.
                Arg::Int(i64::try_from(n).unwrap_or(i64::MAX))
            }
        }
    )*};
}
int_args!(i64, i32, u8, u16, u32, u64, usize);

impl<T: Copy + Into<Arg>> From<&T> for Arg {
    fn from(value: &T) -> Arg {
        (*value).into()
    }
}

impl From<&str> for Arg {
    fn from(text: &str) -> Arg {
        Arg::Text(text.to_string())
    }
}

impl From<String> for Arg {
    fn from(text: String) -> Arg {
        Arg::Text(text)
    }
}

impl From<Card> for Arg {
    fn from(card: Card) -> Arg {
        Arg::Cards(vec![card])
    }
}

impl From<&[Card]> for Arg {
    fn from(cards: &[Card]) -> Arg {
        Arg::Cards(cards.to_vec())
    }
}

impl From<Vec<Card>> for Arg {
    fn from(cards: Vec<Card>) -> Arg {
        Arg::Cards(cards)
    }
}

/// A Fluent message id known to have words: one of the [`crate::keys`]
/// constants, generated from the English catalogue at build time, so a
/// refusal cannot name words that do not exist.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Key(&'static str);

impl Key {
    /// For the generated [`crate::keys`] constants only.
    pub(crate) const fn catalogued(id: &'static str) -> Key {
        Key(id)
    }

    /// A key from a closed list that is checked against the catalogue
    /// elsewhere: the ledger's error enum (`paiju_ledger::ERROR_KEYS`,
    /// whose test reads every key's words), which cannot depend on this
    /// crate.
    pub const fn listed(id: &'static str) -> Key {
        Key(id)
    }

    pub const fn as_str(self) -> &'static str {
        self.0
    }
}

impl std::fmt::Display for Key {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.0)
    }
}

impl PartialEq<&str> for Key {
    fn eq(&self, other: &&str) -> bool {
        self.0 == *other
    }
}

impl PartialEq<Key> for &str {
    fn eq(&self, other: &Key) -> bool {
        *self == other.0
    }
}

/// A Fluent message id with its typed values.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Message {
    pub key: Key,
    pub args: Vec<(&'static str, Arg)>,
}

impl Message {
    pub fn new(key: Key) -> Message {
        Message {
            key,
            args: Vec::new(),
        }
    }

    pub fn arg(mut self, name: &'static str, value: impl Into<Arg>) -> Message {
        self.args.push((name, value.into()));
        self
    }

    /// The value of argument `name`, if given.
    pub fn get(&self, name: &str) -> Option<&Arg> {
        self.args.iter().find(|(n, _)| *n == name).map(|(_, v)| v)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_keep_their_type() {
        let m = Message::new(crate::keys::ERR_NOT_YOUR_TURN)
            .arg("n", 3usize)
            .arg("who", Arg::User(7))
            .arg("cards", vec![Card::BigJoker])
            .arg("typed", "33x");
        assert_eq!(m.get("n"), Some(&Arg::Int(3)));
        assert_eq!(m.get("who"), Some(&Arg::User(7)));
        assert_eq!(m.get("cards"), Some(&Arg::Cards(vec![Card::BigJoker])));
        assert_eq!(m.get("typed"), Some(&Arg::Text("33x".into())));
        assert_eq!(m.get("absent"), None);
    }
}
