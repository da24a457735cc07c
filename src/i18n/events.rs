//! What the games' words share: the Discord table log and the terminal
//! print the same sentences from the same Fluent messages (each game's in
//! `src/hosts/<game>/words.rs`). What differs is only how the seats are
//! called ([`Seats`]): mentions and "AI 2" on Discord, "You" and "AI 2" in
//! the terminal — and in English "You" takes its own verb forms, which the
//! messages choose with the `$you` selector (`You bid 3.` / `AI 2 bids 3.`).
//! Also [`signed`] changes and [`cx_cards`], Chexuan's card names (read by
//! the refusals' words in `i18n` too).

use super::{render_cards, tr, tr_args, Lang};
use crate::cards::Card;
use crate::games::Seat;
use fluent_bundle::FluentValue;

/// How the seats of a table are named in a sentence, and which of them is
/// the reader's own (`you`: the terminal's player; Discord's channel log
/// has none).
#[derive(Clone, Copy, Debug)]
pub struct Seats<'a> {
    names: &'a [String],
    you: Option<Seat>,
}

impl<'a> Seats<'a> {
    pub fn new(names: &'a [String], you: Option<Seat>) -> Seats<'a> {
        Seats { names, you }
    }

    /// The seat's name; a seat without one is `#n` (1-based).
    pub fn name(&self, seat: Seat) -> String {
        self.names
            .get(seat)
            .cloned()
            .unwrap_or_else(|| format!("#{}", seat + 1))
    }

    /// Whether `seat` is the reader's own: the `$you` selector's value.
    pub fn you(&self, seat: Seat) -> FluentValue<'static> {
        FluentValue::from(if self.you == Some(seat) { "yes" } else { "no" })
    }

    /// The subject of a sentence: `$player` and `$you`, then `rest`.
    fn args(
        &self,
        seat: Seat,
        rest: Vec<(&'static str, FluentValue<'static>)>,
    ) -> Vec<(&'static str, FluentValue<'static>)> {
        let mut args = vec![("player", self.name(seat).into()), ("you", self.you(seat))];
        args.extend(rest);
        args
    }

    /// The message `key` whose subject is `seat`.
    pub fn say(
        &self,
        lang: Lang,
        key: &str,
        seat: Seat,
        rest: Vec<(&'static str, FluentValue<'static>)>,
    ) -> String {
        tr_args(lang, key, &self.args(seat, rest))
    }
}

/// A whole number as a Fluent value.
pub fn n(v: impl Into<i64>) -> FluentValue<'static> {
    FluentValue::from(v.into())
}

/// A signed change of chips or 道: `+10`, `-5`, `0`.
pub fn signed(v: i64) -> String {
    if v > 0 {
        format!("+{v}")
    } else {
        v.to_string()
    }
}

/// Chexuan's cards: its big joker has its own name (二皇 in Chinese).
pub fn cx_cards(lang: Lang, cards: &[Card]) -> String {
    if cards.is_empty() {
        return render_cards(lang, cards);
    }
    cards
        .iter()
        .map(|&c| match c {
            Card::BigJoker => tr(lang, "chexuan-big-joker"),
            c => render_cards(lang, &[c]),
        })
        .collect::<Vec<_>>()
        .join(" ")
}
