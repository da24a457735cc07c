//! What happens in a hand, as data: front ends turn these into words with
//! the locale files. Events carry only public facts: the buried cards are
//! counted, never shown, until the outcome.

use super::score::ShengjiOutcome;
use crate::cards::Card;
use crate::games::Seat;
use serde::Serialize;

/// One event of a hand.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Event {
    /// The table dealt a batch of the cards: `dealt` of `total` are out,
    /// `before` were before it. Public: which cards each seat got is in
    /// its own view ([`super::ShengjiView::received_by`]).
    Dealt {
        before: usize,
        dealt: usize,
        total: usize,
    },
    /// 亮主 (or 反主, 自保 …): the standing declaration now.
    Declared {
        seat: Seat,
        cards: Vec<Card>,
        strength: u8,
        trump: &'static str,
    },
    /// Declaring is over: the banker and the trump (`flipped`: the kitty
    /// card that decided when nobody declared, with `no_declare: flip`).
    DeclaringClosed {
        banker: Seat,
        trump: &'static str,
        flipped: Option<Card>,
    },
    /// 扣底: the banker buried `count` cards.
    Buried {
        seat: Seat,
        count: usize,
    },
    /// A throw did not stand: `played` is what the leader plays of it;
    /// `beaten_by` holds a unit that beats it; `penalty` points, if any.
    ThrowFailed {
        seat: Seat,
        attempted: Vec<Card>,
        played: Vec<Card>,
        beaten_by: Seat,
        penalty: u32,
    },
    Played {
        seat: Seat,
        cards: Vec<Card>,
    },
    /// `seat` won the trick with `points` in it; the attackers have
    /// `attackers_points` from tricks.
    TrickWon {
        seat: Seat,
        points: i64,
        attackers_points: i64,
    },
    HandOver {
        outcome: ShengjiOutcome,
    },
}
