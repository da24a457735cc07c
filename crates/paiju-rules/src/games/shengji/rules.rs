//! Table options (`rules` of a record) and the deal of one hand: the deck
//! in dealing order, the start seat, both teams' levels and the banker
//! (`null` in a match's first hand). Owns the per-deck-count table of
//! `rules/shengji.md` (kitty size, hand size, level step).

use crate::cards::{Card, Rank};
use crate::games::{GameKind, GameRules, Seat};
use crate::record::RecordError;
use serde::{Deserialize, Serialize};

/// Shengji is always four seats: 0 + 2 against 1 + 3.
pub const SEATS: usize = 4;

/// What happens when nobody declares (option `no_declare`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum NoDeclare {
    /// 无主: jokers and level cards are the only trumps.
    #[default]
    NoTrump,
    /// The kitty is turned up in deck order; the first level card or joker decides.
    Flip,
}

/// How the kitty's points count for attackers who win the last trick.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum KittyMultiplier {
    /// 2^N, N the cards of the largest unit of the last trick's lead (at most 64).
    #[default]
    Power,
    /// Always ×2.
    Double,
}

/// When the match is won (option `goal`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Goal {
    /// The first team whose level reaches A.
    #[default]
    ReachA,
    /// A team that wins a hand as the banker side at level A.
    PassA,
}

/// Table options; an omitted option has its default.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct ShengjiRules {
    /// 1 to 4 decks (default 2).
    pub decks: u8,
    /// One deck only: hearts+diamonds one suit, spades+clubs another.
    pub two_colors: bool,
    /// 2 常主: the 2s are trumps below the level cards (level ≠ 2).
    pub twos_trump: bool,
    /// Seconds after the last card during which one may still declare. A
    /// table-runtime timer: the engine only sees the `dealt` of each
    /// declaration.
    pub declare_window: u32,
    pub no_declare: NoDeclare,
    /// 0 or 10 points per failed throw.
    pub throw_penalty: u32,
    pub kitty_multiplier: KittyMultiplier,
    pub goal: Goal,
    /// Chips (in stakes) the team that wins the match receives from the
    /// other, each seat from the opposite one, besides the last hand's.
    /// A table option: the engine never reads it.
    #[serde(skip_serializing_if = "is_zero")]
    pub match_bonus: u32,
    /// How the AI seats play (`easy`, the basic bot, unless the table
    /// chose another level).
    #[serde(skip_serializing_if = "crate::ai::Level::is_table_default")]
    pub ai: crate::ai::Level,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

impl Default for ShengjiRules {
    fn default() -> Self {
        ShengjiRules {
            decks: 2,
            two_colors: false,
            twos_trump: false,
            declare_window: 10,
            no_declare: NoDeclare::NoTrump,
            throw_penalty: 0,
            kitty_multiplier: KittyMultiplier::Power,
            goal: Goal::ReachA,
            match_bonus: 0,
            ai: crate::ai::Level::table_default(),
        }
    }
}

impl GameRules for ShengjiRules {
    const KIND: GameKind = GameKind::Shengji;

    /// Checks the options and the seat count (always 4).
    fn check_table(&self, seats: usize) -> Result<(), RecordError> {
        if !(1..=4).contains(&self.decks) {
            return Err(RecordError::Rules(format!(
                "decks is 1 to 4, not {}",
                self.decks
            )));
        }
        if self.two_colors && self.decks != 1 {
            return Err(RecordError::Rules("two_colors is a one-deck option".into()));
        }
        if self.throw_penalty != 0 && self.throw_penalty != 10 {
            return Err(RecordError::Rules(format!(
                "throw_penalty is 0 or 10, not {}",
                self.throw_penalty
            )));
        }
        if seats != SEATS {
            return Err(RecordError::Seats(format!(
                "Shengji takes 4 players, not {seats}"
            )));
        }
        Ok(())
    }
}

impl ShengjiRules {
    pub fn deck_size(&self) -> usize {
        54 * self.decks as usize
    }

    /// 底牌: 6 / 8 / 6 / 0 cards for 1 / 2 / 3 / 4 decks.
    pub fn kitty_size(&self) -> usize {
        match self.decks {
            1 => 6,
            2 => 8,
            3 => 6,
            _ => 0,
        }
    }

    /// Cards each seat is dealt: 12 / 25 / 39 / 54.
    pub fn hand_size(&self) -> usize {
        (self.deck_size() - self.kitty_size()) / SEATS
    }

    /// The level step: 20 points per deck.
    pub fn step(&self) -> i64 {
        20 * self.decks as i64
    }

    /// The most identical cards there are (widest unit: pair, triple, quad).
    /// With `two_colors` one deck holds pairs: `7H 7D` are identical there.
    pub fn max_width(&self) -> u8 {
        if self.two_colors {
            2
        } else {
            self.decks
        }
    }
}

/// The deal of one hand (`deal` of a record).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ShengjiDeal {
    /// The whole deck, top first: card i goes to seat (start + i) mod 4
    /// until only the kitty is left.
    pub deck: Vec<Card>,
    pub start: Seat,
    /// Levels of team 0 (seats 0 + 2) and team 1 (seats 1 + 3), 2 … 14 (A).
    pub levels: [u8; 2],
    /// `None` in the first hand: the first to declare becomes banker.
    pub banker: Option<Seat>,
}

impl ShengjiDeal {
    /// Checks the deal against the rules: a full deck of `decks` copies,
    /// seats in range, levels 2 … A.
    pub fn check(&self, rules: &ShengjiRules) -> Result<(), String> {
        if self.deck.len() != rules.deck_size() {
            return Err(format!(
                "the deck holds {} cards, not {} ({} decks)",
                self.deck.len(),
                rules.deck_size(),
                rules.decks
            ));
        }
        let mut counts = [0u8; 54];
        for c in &self.deck {
            counts[c.index()] += 1;
        }
        if let Some(i) = counts.iter().position(|&n| n != rules.decks) {
            let card = Card::from_index(i).expect("index < 54");
            return Err(format!(
                "the deck holds {} of {card}, not {}",
                counts[i], rules.decks
            ));
        }
        if self.start >= SEATS {
            return Err(format!("start seat {} does not exist", self.start));
        }
        if let Some(b) = self.banker {
            if b >= SEATS {
                return Err(format!("banker seat {b} does not exist"));
            }
        }
        for l in self.levels {
            if Rank::from_value(l).is_none() {
                return Err(format!("level {l} is not 2 … 14 (A)"));
            }
        }
        Ok(())
    }
}

/// The team of a seat: 0 for seats 0 and 2, 1 for seats 1 and 3.
pub fn team(seat: Seat) -> usize {
    seat % 2
}
