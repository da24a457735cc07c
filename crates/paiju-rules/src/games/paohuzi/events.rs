//! What happens in a hand, as data: front ends turn these into words with
//! the locale files. Events carry only public facts: a card that goes face
//! down (a 偎, a 提, the draw that made it) is `None` here; the seat's own
//! view shows it.

use super::cards::Card;
use super::melds::MeldKind;
use super::split::Source;
use crate::games::Seat;
use serde::Serialize;

/// The question a seat is asked.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum QuestionKind {
    /// Win on the 亮张 (optional 天胡)?
    TianHu,
    /// Win on the card in question?
    Hu,
    /// 碰 the card?
    Peng,
    /// 吃 the card?
    Chi,
    /// Discard a card.
    Discard,
}

impl QuestionKind {
    /// The id used in Fluent keys: `paohuzi-question-tian-hu`.
    pub fn id(self) -> &'static str {
        match self {
            QuestionKind::TianHu => "tian-hu",
            QuestionKind::Hu => "hu",
            QuestionKind::Peng => "peng",
            QuestionKind::Chi => "chi",
            QuestionKind::Discard => "discard",
        }
    }
}

/// One event of a hand.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Event {
    /// The hand is dealt; the dealer's 21st card is shown (亮张).
    Dealt {
        dealer: Seat,
        shown: Card,
        wall: usize,
    },
    /// A meld laid out without a choice: a 提 after the deal or on a draw,
    /// a 偎 / 臭偎, a 偎 turned 提. `card` is `None` when it lies face down;
    /// `meld` is where it lies among the seat's melds, so the seat's own
    /// view (which shows the card to him) tells which one it is.
    LaidOut {
        seat: Seat,
        kind: MeldKind,
        card: Option<Card>,
        meld: usize,
    },
    /// `seat` drew from the wall; `card` is `None` when it went face down
    /// (it makes his 提 or 偎). `wall` cards are left.
    Drew {
        seat: Seat,
        card: Option<Card>,
        wall: usize,
    },
    Discarded {
        seat: Seat,
        card: Card,
    },
    /// A compulsory 跑 (from a 坎, a 碰 or a 偎); `chong` for a 重跑.
    Pao {
        seat: Seat,
        card: Card,
        chong: bool,
    },
    Peng {
        seat: Seat,
        card: Card,
    },
    /// 吃: the group holding the card, then the 比 groups.
    Chi {
        seat: Seat,
        card: Card,
        groups: Vec<Vec<Card>>,
    },
    /// `seat` declined what it was asked.
    Passed {
        seat: Seat,
        question: QuestionKind,
    },
    /// Nobody took `card`: it lies by `seat` (the drawer or discarder).
    Lies {
        seat: Seat,
        card: Card,
    },
    /// `seat` won.
    Won {
        seat: Seat,
        card: Option<Card>,
        source: Option<Source>,
        huxi: u32,
        tun: u32,
        fan: u32,
        zimo: bool,
        tianhu: bool,
    },
    /// The wall ran out with no winner (荒庄).
    DrawnHand,
    /// The hand is over.
    HandOver {
        deltas: Vec<i64>,
        next_dealer: Seat,
        drawn_in_a_row: u32,
    },
}
