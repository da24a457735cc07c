//! What happens in a hand, as data: front ends turn these into words with
//! the locale files. Events carry only public facts; hidden cards are in
//! each seat's view, never in an event.

use super::engine::ShortPayment;
use super::hands::{HandKind, Sanhua};
use super::rules::MangoKind;
use super::settle::PairResult;
use crate::cards::Card;
use crate::games::Seat;
use serde::Serialize;

/// A split as shown at the showdown, with the hands it makes.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ShownSplit {
    pub seat: Seat,
    pub head: [Card; 2],
    pub tail: [Card; 2],
    pub head_kind: HandKind,
    pub tail_kind: HandKind,
}

/// One event of a hand.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Event {
    /// 大: `seat` raised by `by`; its contribution is now `contribution`.
    Raised {
        seat: Seat,
        by: u64,
        contribution: u64,
    },
    /// 跟.
    Called { seat: Seat, contribution: u64 },
    /// 敲: `raised` when it lifted the highest contribution.
    AllIn {
        seat: Seat,
        contribution: u64,
        raised: bool,
    },
    /// 休.
    Checked { seat: Seat },
    /// 丢.
    Folded { seat: Seat },
    /// 三花摊牌: the four cards are shown and the contribution comes back.
    LaidDown {
        seat: Seat,
        sanhua: Sanhua,
        cards: Vec<Card>,
        returned: u64,
    },
    /// A betting round is over.
    RoundOver { round: u8 },
    /// A mango: each payer paid `amount` into the pot, now `pot` — those in
    /// `from_stack` partly out of the bobo — except those in `short`, who
    /// paid only what they had left, off the table and in the bobo;
    /// `count` mangos so far at this table. For 皱芒 `taken_by` then takes
    /// the pot: a [`Event::MangoTaken`] follows.
    Mango {
        kind: MangoKind,
        round: u8,
        count: u32,
        amount: u64,
        payers: Vec<Seat>,
        /// Payers whose chips off the table did not cover the amount: what
        /// each paid out of its bobo.
        #[serde(skip_serializing_if = "Vec::is_empty")]
        from_stack: Vec<ShortPayment>,
        #[serde(skip_serializing_if = "Vec::is_empty")]
        short: Vec<ShortPayment>,
        pot: u64,
        taken_by: Option<Seat>,
    },
    /// One face-up card to each player still in (deals 2 and 3).
    CardsDealt { round: u8, cards: Vec<(Seat, Card)> },
    /// A betting round begins with `seat` to speak.
    RoundBegins { round: u8, seat: Seat },
    /// Every player still in must now split, `seat` first.
    ShowdownBegins { seat: Seat },
    /// `seat` has given its split (shown when all have).
    SplitGiven { seat: Seat },
    /// All splits, the pairwise results and the settlement order.
    Showdown {
        splits: Vec<ShownSplit>,
        results: Vec<PairResult>,
        order: Vec<Seat>,
        big_tail: Seat,
    },
    /// The only player left wins every contribution, without a showdown.
    WonWithoutShowdown { seat: Seat },
    /// The mango pot went to `seat` (the strictly highest tail).
    MangoTaken { seat: Seat, amount: u64 },
    /// The hand is over.
    HandOver {
        deltas: Vec<i64>,
        mango_pot: u64,
        mango_count: u32,
        next_dealer: Seat,
    },
}
