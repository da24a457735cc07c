//! How a Dou Dizhu game ended: a redeal (nobody bid), a game played out, or
//! a seat that left (逃跑). `paiju replay` prints it serialized; the front
//! ends read its fields.

use super::Factors;
use crate::cards::Card;
use crate::games::{GameOutcome, Seat};
use serde::Serialize;

/// How a Dou Dizhu game ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum Outcome {
    /// Nobody bid: nothing is paid and the cards are dealt again.
    Redeal(Redeal),
    /// Someone went out.
    Played(Box<Played>),
    /// A seat left the game and paid the escape penalty.
    Escaped(Box<Escaped>),
}

/// Which side went out first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Side {
    Landlord,
    Farmers,
}

/// A redeal: `{"redeal": true, "deltas": [0, …]}` in the record.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Redeal {
    /// Always true: how the record tells a redeal.
    pub redeal: bool,
    pub deltas: Vec<i64>,
}

/// A game played out.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Played {
    pub landlord: Seat,
    pub winner: Side,
    /// The multiplier paid (bid, kicks, kitty, show, discards, bombs and
    /// spring), before each seat's doubling.
    pub multiplier: u64,
    /// Every factor of the multiplier, for the result (not in the record:
    /// its outcome is the rules file's).
    #[serde(skip)]
    pub factors: Factors,
    /// The cards each seat still held, which the result turns face up (not
    /// in the record: the deal and the plays tell them).
    #[serde(skip)]
    pub hands_left: Vec<Vec<Card>>,
    pub bombs: u32,
    pub spring: bool,
    pub anti_spring: bool,
    /// 让牌 of the two-player game.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub handicap: Option<u8>,
    /// Each seat's discard factor (弃三张), with the discard rule.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub discard_factors: Option<Vec<u32>>,
    /// Which seats doubled, with the doubling rule.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub doubled: Option<Vec<bool>>,
    #[serde(flatten)]
    pub rake: Option<Rake>,
    pub deltas: Vec<i64>,
}

/// A seat that left: it pays the penalty to the others.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Escaped {
    pub escaped: Seat,
    pub penalty: u64,
    /// The multiplier the game stood at (bombs still in the hands counted).
    pub escape_multiplier: u64,
    pub landlord: Option<Seat>,
    pub bombs: u32,
    #[serde(flatten)]
    pub rake: Option<Rake>,
    pub deltas: Vec<i64>,
}

/// The house's cut of each winner's gain, and what each seat keeps.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Rake {
    pub rake: Vec<i64>,
    pub net: Vec<i64>,
}

impl Outcome {
    /// The landlord, once there was one.
    pub fn landlord(&self) -> Option<Seat> {
        match self {
            Outcome::Redeal(_) => None,
            Outcome::Played(p) => Some(p.landlord),
            Outcome::Escaped(e) => e.landlord,
        }
    }

    pub fn is_redeal(&self) -> bool {
        matches!(self, Outcome::Redeal(_))
    }
}

impl GameOutcome for Outcome {
    fn deltas(&self) -> &[i64] {
        match self {
            Outcome::Redeal(r) => &r.deltas,
            Outcome::Played(p) => &p.deltas,
            Outcome::Escaped(e) => &e.deltas,
        }
    }
}
