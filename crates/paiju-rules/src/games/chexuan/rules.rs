//! Table options, the deal of one hand (everything random or carried over
//! from earlier hands, made explicit) and the mango amounts.

use super::cards::is_full_deck;
use crate::cards::Card;
use crate::games::{ErrorCode, GameKind, GameRules, RuleError, Seat};
use crate::record::RecordError;
use serde::{Deserialize, Serialize};

/// Seats a Chexuan table takes.
pub const MIN_SEATS: usize = 2;
pub const MAX_SEATS: usize = 6;

/// The largest ante, bobo or mango pot accepted, so that every sum of chips
/// in a hand fits an `i64` with room to spare.
pub const MAX_CHIPS: u64 = 1_000_000_000_000;

/// Table options (`rules` of a record).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ChexuanRules {
    /// 底皮: paid by every player at the first deal (option, default 10).
    #[serde(default = "default_ante")]
    pub ante: u64,
    /// The smallest bobo (option, default 20 × ante).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub min_bobo: Option<u64>,
    /// How the AI seats play (option, default `easy`: the basic bot).
    #[serde(
        default = "crate::ai::Level::table_default",
        skip_serializing_if = "crate::ai::Level::is_table_default"
    )]
    pub ai: crate::ai::Level,
}

fn default_ante() -> u64 {
    10
}

impl GameRules for ChexuanRules {
    const KIND: GameKind = GameKind::Chexuan;

    /// Checks these rules and a number of seats for a hand or a table: the
    /// one check behind records, deals, tables and simulations.
    fn check_table(&self, seats: usize) -> Result<(), RecordError> {
        self.validate().map_err(RecordError::Rules)?;
        if !(MIN_SEATS..=MAX_SEATS).contains(&seats) {
            return Err(RecordError::Seats(format!(
                "Chexuan takes {MIN_SEATS} to {MAX_SEATS} players, not {seats}"
            )));
        }
        Ok(())
    }
}

impl Default for ChexuanRules {
    fn default() -> Self {
        ChexuanRules {
            ante: default_ante(),
            min_bobo: None,
            ai: crate::ai::Level::table_default(),
        }
    }
}

impl ChexuanRules {
    /// The smallest bobo a player may bring.
    pub fn min_bobo(&self) -> u64 {
        self.min_bobo.unwrap_or(self.ante.saturating_mul(20))
    }

    /// **Decision** (table default): the bobo of a player who names none,
    /// with `balance` chips: half the balance, at least the smallest bobo
    /// (when the balance has it) and at most the balance and the largest
    /// amount. At exactly the smallest bobo, losing the ante alone sits a
    /// player out after one hand; half the balance lets a session go on,
    /// and the other half stays off the table for mango and top-ups.
    pub fn default_bobo(&self, balance: i64) -> u64 {
        let balance = u64::try_from(balance).unwrap_or(0).min(MAX_CHIPS);
        (balance / 2)
            .max(self.min_bobo())
            .min(balance.max(self.min_bobo()))
    }

    pub fn validate(&self) -> Result<(), String> {
        self.check().map_err(|e| e.message)
    }

    /// The options out of range, as a refusal with its Fluent key (a host
    /// reads it in his language).
    pub fn check(&self) -> Result<(), RuleError> {
        if self.ante == 0 || self.ante > MAX_CHIPS {
            return Err(RuleError::new(
                ErrorCode::IllegalAction,
                crate::keys::ERR_OPTION_CHEXUAN_ANTE,
                format!("ante must be from 1 to {MAX_CHIPS}"),
            )
            .arg("ante", self.ante)
            .arg("max", MAX_CHIPS));
        }
        let min = self.min_bobo();
        if min < self.ante || min > MAX_CHIPS {
            return Err(RuleError::new(
                ErrorCode::IllegalAction,
                crate::keys::ERR_OPTION_CHEXUAN_MIN_BOBO,
                format!(
                    "min_bobo must be at least the ante ({}) and at most {MAX_CHIPS}",
                    self.ante
                ),
            )
            .arg("min", min)
            .arg("ante", self.ante)
            .arg("max", MAX_CHIPS));
        }
        Ok(())
    }

    /// The mango amount for the `count`-th mango at this table (this one
    /// included): k = 1: 皱芒 2, 休芒 5; k = 2: 5; k ≥ 3: 10, all × ante.
    pub fn mango_amount(&self, kind: MangoKind, count: u32) -> u64 {
        let times = match (count, kind) {
            (0 | 1, MangoKind::Zhou) => 2,
            (0 | 1, MangoKind::Xiu) => 5,
            (2, _) => 5,
            _ => 10,
        };
        self.ante * times
    }
}

/// The two kinds of mango.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MangoKind {
    /// 休芒: a round where at least two speak and all check.
    Xiu,
    /// 皱芒: in round 1 one player raises and all others fold.
    Zhou,
}

/// The table's mango pot and how many mangos it has seen.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Mango {
    #[serde(default)]
    pub pot: u64,
    #[serde(default)]
    pub count: u32,
}

/// What a table carries into a hand: the dealer, each seat's bobo, the
/// mango pot and how much mango each seat can pay.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HandSetup {
    pub dealer: Seat,
    pub bobo: Vec<u64>,
    #[serde(default)]
    pub mango: Mango,
    /// See [`ChexuanDeal::mango_limit`].
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub mango_limit: Vec<Option<u64>>,
}

/// A record's `deal`: the deck from the top, and the hand setup.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ChexuanDeal {
    pub deck: Vec<Card>,
    pub dealer: Seat,
    pub bobo: Vec<u64>,
    #[serde(default)]
    pub mango: Mango,
    /// The most each seat can pay into the mango pot in this hand: its
    /// chips outside the bobo (`null`: no limit). Empty (absent from a
    /// record): no seat has a limit. A payer short of the mango amount
    /// pays what it has left.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub mango_limit: Vec<Option<u64>>,
}

impl ChexuanDeal {
    /// Checks the deal against the rules and the number of seats.
    pub fn validate(&self, rules: &ChexuanRules, seats: usize) -> Result<(), String> {
        if !(MIN_SEATS..=MAX_SEATS).contains(&seats) {
            return Err(format!(
                "Chexuan takes {MIN_SEATS} to {MAX_SEATS} players, not {seats}"
            ));
        }
        if !is_full_deck(&self.deck) {
            return Err("`deck` must be the 32 Chexuan cards, each once".into());
        }
        if self.dealer >= seats {
            return Err(format!("dealer {} is not a seat", self.dealer));
        }
        if self.bobo.len() != seats {
            return Err(format!(
                "`bobo` has {} entries for {seats} seats",
                self.bobo.len()
            ));
        }
        let min = rules.min_bobo();
        if let Some((seat, b)) = self
            .bobo
            .iter()
            .enumerate()
            .find(|(_, &b)| b < min || b > MAX_CHIPS)
        {
            return Err(format!(
                "seat {seat} brings a bobo of {b}; it must be from {min} to {MAX_CHIPS}"
            ));
        }
        if self.mango.pot > MAX_CHIPS {
            return Err(format!("the mango pot may not exceed {MAX_CHIPS}"));
        }
        if !self.mango_limit.is_empty() && self.mango_limit.len() != seats {
            return Err(format!(
                "`mango_limit` has {} entries for {seats} seats",
                self.mango_limit.len()
            ));
        }
        if let Some(seat) = self
            .mango_limit
            .iter()
            .position(|l| matches!(l, Some(l) if *l > MAX_CHIPS))
        {
            return Err(format!(
                "seat {seat}'s mango limit may not exceed {MAX_CHIPS}"
            ));
        }
        Ok(())
    }
}

/// Shares the mango pot when the table closes: equally among the seated
/// players, `seated` in seat order, a remainder chip each to the earliest.
/// Returns each seated player's share, in the order given.
pub fn share_mango_pot(pot: u64, seated: &[Seat]) -> Vec<u64> {
    if seated.is_empty() {
        return Vec::new();
    }
    let n = seated.len() as u64;
    let (each, left) = (pot / n, pot % n);
    (0..n).map(|i| each + u64::from(i < left)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_mango_pot_is_shared_with_remainders_to_the_earliest_seats() {
        assert_eq!(share_mango_pot(100, &[0, 2, 5]), vec![34, 33, 33]);
        assert_eq!(share_mango_pot(101, &[1, 3, 4]), vec![34, 34, 33]);
        assert_eq!(share_mango_pot(0, &[0, 1]), vec![0, 0]);
        assert_eq!(share_mango_pot(7, &[]), Vec::<u64>::new());
        let shares = share_mango_pot(1_234_567, &[0, 1, 2, 3, 4, 5]);
        assert_eq!(shares.iter().sum::<u64>(), 1_234_567);
    }

    #[test]
    fn mango_amounts_escalate() {
        let r = ChexuanRules::default();
        assert_eq!(r.mango_amount(MangoKind::Zhou, 1), 20);
        assert_eq!(r.mango_amount(MangoKind::Xiu, 1), 50);
        assert_eq!(r.mango_amount(MangoKind::Zhou, 2), 50);
        assert_eq!(r.mango_amount(MangoKind::Xiu, 2), 50);
        assert_eq!(r.mango_amount(MangoKind::Xiu, 3), 100);
        assert_eq!(r.mango_amount(MangoKind::Zhou, 7), 100);
    }

    #[test]
    fn rules_default_and_refuse_nonsense() {
        let r: ChexuanRules = serde_json::from_str("{}").unwrap();
        assert_eq!(r.ante, 10);
        assert_eq!(r.min_bobo(), 200);
        assert!(r.validate().is_ok());
        let r: ChexuanRules = serde_json::from_str(r#"{"ante":5,"min_bobo":50}"#).unwrap();
        assert_eq!(r.min_bobo(), 50);
        assert!(serde_json::from_str::<ChexuanRules>(r#"{"ante":-1}"#).is_err());
        assert!(serde_json::from_str::<ChexuanRules>(r#"{"antee":1}"#).is_err());
        let r: ChexuanRules = serde_json::from_str(r#"{"ante":0}"#).unwrap();
        assert!(r.validate().is_err());
        let r: ChexuanRules = serde_json::from_str(r#"{"ante":10,"min_bobo":5}"#).unwrap();
        assert!(r.validate().is_err());
    }
}
