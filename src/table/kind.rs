//! The seam between the table runtime and a game: [`TableGame`] says, for
//! one game, how many seats a table takes, which timer runs now, which bot
//! plays for an absent seat, what leaving means, how a finished game becomes
//! chips, and whether another game follows at the same table.
//!
//! Dou Dizhu is one game per table, zero-sum, settled as deltas × stake.
//! Duan Guozi (rounds from a shared pot) and Chexuan (hand after hand with a
//! carried pot) will answer [`TableGame::next_game`] with the next round, its
//! state (the pot) carried inside the game they build.

use super::store::Settlement;
use crate::ai::{Bot, RandomBot};
use crate::games::{Game, RuleError, Seat};
use crate::record::RecordError;
use std::ops::RangeInclusive;

/// Which turn timer applies (the config gives each its own length).
#[derive(Copy, Clone, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum TimerKind {
    Bidding,
    Play,
}

/// How a finished game's outcome becomes chips, and the money rules the
/// table options carry.
#[derive(Clone, Debug, PartialEq)]
pub struct Payout {
    pub deltas: Vec<i64>,
    pub rake_percent: u32,
    pub winners: Vec<Seat>,
}

/// What a player brings when taking a seat: the per-game join parameter
/// (Chexuan's bobo). Games without one ignore it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct JoinArgs {
    /// Chips brought to the table; `None` takes the game's default.
    pub buy_in: Option<u64>,
}

/// One seat as the table deals its first game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SeatSetup {
    pub human: bool,
    pub join: JoinArgs,
}

/// A game the table runtime can host.
pub trait TableGame: Game {
    /// Whether joining looks at the joiner's balance (so that
    /// [`TableGame::check_join`] gets it); games without a buy-in skip the
    /// ledger read.
    const JOIN_NEEDS_BALANCE: bool = false;

    /// Checks what a player brings to a seat against the rules and the
    /// player's balance (0 when the game does not ask for it).
    fn check_join(_rules: &Self::Rules, _join: &JoinArgs, _balance: i64) -> Result<(), RuleError> {
        Ok(())
    }

    /// Deals the table's first game for these seats (who is human, what
    /// each brought). By default the game's own deal.
    fn deal_table(
        rules: Self::Rules,
        seats: &[SeatSetup],
        rng: &mut dyn rand::RngCore,
    ) -> Result<Self, RecordError> {
        Self::deal(rules, seats.len(), rng)
    }

    /// How many seats a table of this game takes under these rules.
    fn seat_range(rules: &Self::Rules) -> RangeInclusive<usize>;

    /// Checks table options beyond what parsing the rules checks. The stake
    /// is already known to be positive.
    fn check_options(_rules: &Self::Rules, _stake: i64) -> Result<(), String> {
        Ok(())
    }

    /// The timer for the seats the game waits on now.
    fn timer_kind(&self) -> TimerKind {
        TimerKind::Play
    }

    /// The bot that plays AI seats and absent humans.
    fn bot() -> Box<dyn Bot<Self>> {
        Box::new(RandomBot)
    }

    /// The action that abandons the game for `seat`, if the game has one
    /// (Dou Dizhu's escape). Without one, a seat that leaves mid-game is
    /// played by the bot until the game ends.
    fn leave_action(&self, _seat: Seat) -> Option<Self::Action> {
        None
    }

    /// The house's cut of each winner's gain, in percent (a table option).
    fn rake_percent(&self) -> u32 {
        0
    }

    /// Chips for a finished game, at `stake` chips per unit of the outcome.
    /// `None` when the game is not finished or the chips overflow.
    fn payout(&self, stake: i64) -> Option<Payout> {
        let outcome = self.outcome()?;
        let deltas = outcome
            .deltas
            .iter()
            .map(|d| d.checked_mul(stake))
            .collect::<Option<Vec<i64>>>()?;
        let winners = deltas
            .iter()
            .enumerate()
            .filter(|(_, d)| **d > 0)
            .map(|(s, _)| s)
            .collect();
        Some(Payout {
            deltas,
            rake_percent: self.rake_percent(),
            winners,
        })
    }

    /// The next game at the same table once this one is settled (the next
    /// round of a pot game), or `None` when the table's session is over.
    fn next_game(&self, _rng: &mut dyn rand::RngCore) -> Option<Self> {
        None
    }
}

impl Payout {
    /// The ledger's form, with the finished game's record.
    pub fn into_settlement(self, record: serde_json::Value) -> Settlement {
        Settlement {
            deltas: self.deltas,
            rake_percent: self.rake_percent,
            record,
            winners: self.winners,
        }
    }
}
