//! What a seat sees of a Dou Dizhu game, and the events the game emits.
//! Both are plain data (serde); front ends turn them into words.

use super::action::ShowStage;
use super::cardset::CardSet;
use super::patterns::Combo;
use crate::games::Seat;
use serde::Serialize;

/// The phase of the game, for views.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum PhaseName {
    Bidding,
    Kicking,
    Discarding,
    Doubling,
    Playing,
    Finished,
}

/// The play a seat must beat, and who made it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Standing {
    pub seat: Seat,
    pub cards: CardSet,
    pub combo: Combo,
}

/// Everything that multiplies the game so far.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Factors {
    /// The winning bid, or 1 doubled per rob (the current one while bidding).
    pub base: u32,
    /// Kicks and counter-kicks (×2 each).
    pub kicks: u32,
    /// The kitty factor (1 unless `kitty_multipliers`).
    pub kitty: u32,
    /// The largest show-cards factor (1 when nobody showed).
    pub show: u32,
    /// The product of the discard factors (弃三张; 1 without discards).
    pub discard: u32,
    /// Bombs and rockets played (×2 each).
    pub bombs: u32,
    /// Of [`Factors::bombs`], the rockets (王炸), named apart in words.
    pub rockets: u32,
    /// Robs (抢地主) in the base, ×2 each: the base is the call (1) times
    /// 2 per rob, named apart in words.
    pub robs: u32,
    /// The product, before any spring.
    pub multiplier: u64,
}

/// One seat's view (or the public one when `seat` is `None`): only what
/// that seat may see. Seat-indexed arrays have 3 slots; with two players
/// only slots 0 and 1 are used (`players` says how many).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct View {
    pub seat: Option<Seat>,
    /// 2 or 3.
    pub players: u8,
    /// 让牌 (two players): the farmer wins with this many cards or fewer.
    pub handicap: u8,
    /// Two players: the 9 cards set aside, shown to all.
    pub aside: Option<CardSet>,
    /// 癞子: the wild rank index (0 = 3 … 12 = 2), when played.
    pub wild: Option<u8>,
    pub phase: PhaseName,
    /// The seat the game waits on.
    pub turn: Option<Seat>,
    /// The seat that bid first.
    pub first: Seat,
    pub landlord: Option<Seat>,
    /// This seat's hand (None in the public view).
    pub hand: Option<CardSet>,
    /// Hands shown to the table (明牌), as they are now.
    pub shown: [Option<CardSet>; 3],
    /// The kitty, once the landlord has taken it.
    pub kitty: Option<CardSet>,
    /// Cards each seat has played so far.
    pub played: [CardSet; 3],
    pub cards_left: [u8; 3],
    /// The play to beat in this round (None when the turn leads freely).
    pub standing: Option<Standing>,
    /// What each seat said in score bidding: a bid, 0 for a pass.
    pub bids: [Option<u8>; 3],
    /// Who doubled (加倍), once they have said.
    pub doubled: [Option<bool>; 3],
    pub factors: Factors,
    /// What each seat did last in the current round of play (the apps show
    /// it before each seat); cleared when a new round begins.
    pub last_moves: [Option<SeatMove>; 3],
    /// The cards this seat discarded (弃三张): only its own, never others'.
    pub discarded: Option<CardSet>,
}

/// A seat's last move in the current round of play.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "move", rename_all = "snake_case")]
pub enum SeatMove {
    Played {
        cards: CardSet,
        combo: Combo,
    },
    /// 不要.
    Passed,
}

/// What a pass declined: a bid or the call (不叫), a rob (不抢), a kick,
/// a discard, doubling (不加倍), or a play (不要).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum PassOn {
    Bid,
    Rob,
    Kick,
    Discard,
    Double,
    Play,
}

/// What happened, as data.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Event {
    Shown {
        seat: Seat,
        stage: ShowStage,
        hand: CardSet,
    },
    Bid {
        seat: Seat,
        bid: u8,
    },
    Called {
        seat: Seat,
    },
    Robbed {
        seat: Seat,
    },
    Kicked {
        seat: Seat,
    },
    Countered {
        seat: Seat,
    },
    Doubled {
        seat: Seat,
    },
    /// A seat discarded (弃三张): how many cards, never which, and the factor.
    Discarded {
        seat: Seat,
        count: u8,
        factor: u32,
    },
    /// A pass in any phase; `on` says what it declined.
    Passed {
        seat: Seat,
        on: PassOn,
    },
    /// Bidding is over: the landlord takes the kitty, shown to all.
    Landlord {
        seat: Seat,
        kitty: CardSet,
        base: u32,
    },
    Played {
        seat: Seat,
        cards: CardSet,
        combo: Combo,
        cards_left: u8,
        /// The natural cards of the main part (the run, the trios, the
        /// four), written first; `cards` less `main` and `wilds` are the
        /// kickers.
        main: CardSet,
        /// 癞子: the wild cards of the main part standing for another rank,
        /// and the rank indexes they stood for, in the same order.
        wilds: CardSet,
        wild_as: Vec<u8>,
    },
    /// Everyone else passed (`passed`: the other seats, one in a
    /// two-player game): `seat` leads again, freely.
    Lead {
        seat: Seat,
        passed: Vec<Seat>,
    },
    /// Nobody bid: the hand is redealt.
    Redeal,
    Left {
        seat: Seat,
        penalty: u64,
    },
    /// The game is over; the outcome says how it settled.
    Finished {
        deltas: Vec<i64>,
    },
}
