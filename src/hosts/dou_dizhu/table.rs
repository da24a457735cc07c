//! Dou Dizhu at a table: three seats (two for 二人斗地主, `players: 2`), the bidding timer until the first
//! lead, the AI level the table chose (`"ai"`) for AI seats and absent
//! players, escape (逃跑) as
//! leaving, chips = deltas × stake with the table's rake, and a redeal
//! (nobody bid) followed at once by a fresh deal at the same table.

use crate::ai::Bot;
use crate::games::dou_dizhu::{ai::BasicBot, Action, DouDizhu, PhaseName, Rules};
use crate::games::{Game, RuleError, Seat};
use crate::table::kind::{TableGame, TimerKind};
use std::ops::RangeInclusive;

impl TableGame for DouDizhu {
    fn seat_range(rules: &Rules) -> RangeInclusive<usize> {
        let n = rules.players as usize;
        n..=n
    }

    /// The landlord of a bid of 3 losing to every farmer, nothing doubled:
    /// the stake × 3 × (players − 1), i.e. × 6 at the usual three seats.
    /// Bombs, rockets, springs and doubling can cost more; the ledger caps
    /// such a loss at the balance and the result says so.
    fn min_balance(rules: &Rules, stake: i64) -> i64 {
        let farmers = i64::from(rules.players).saturating_sub(1).max(1);
        stake.saturating_mul(3).saturating_mul(farmers)
    }

    fn check_options(rules: &Rules, _stake: i64) -> Result<(), RuleError> {
        rules.check()
    }

    fn timer_kind(&self) -> TimerKind {
        match self.view(None).phase {
            PhaseName::Playing | PhaseName::Finished => TimerKind::Play,
            PhaseName::Bidding
            | PhaseName::Kicking
            | PhaseName::Discarding
            | PhaseName::Doubling => TimerKind::Bidding,
        }
    }

    fn bot() -> Box<dyn Bot<Self>> {
        Box::new(BasicBot)
    }

    /// The level the table chose (`"ai"` in its rules).
    fn bot_for(rules: &Rules) -> Box<dyn Bot<Self>> {
        rules.ai.bot()
    }

    /// The `normal` bot's move, whatever the table's level: it decides in
    /// microseconds, where the `hard` search takes a fraction of a second
    /// of CPU, which a hint on every turn at many tables cannot afford.
    fn hint_bot(_rules: &Rules) -> Box<dyn Bot<Self>> {
        Box::new(BasicBot)
    }

    /// `hard`, the searching bot.
    fn strongest_bot(_rules: &Rules) -> Box<dyn Bot<Self>> {
        crate::ai::Level::Hard.bot()
    }

    fn leave_action(&self, _seat: Seat) -> Option<Action> {
        Some(Action::Leave)
    }

    fn rake_percent(&self) -> u32 {
        self.rules().rake
    }

    /// The landlord against the farmers, the landlord's side a role the
    /// ratings take the edge out of (it bid for its hand and took the
    /// kitty); a redeal (nobody bid) is no game and not rated.
    fn contest(&self, payout: &crate::table::Payout) -> Option<crate::ledger::Contest> {
        let landlord = self.landlord()?;
        if self.outcome()?.is_redeal() {
            return None;
        }
        let farmers = (0..self.players()).filter(|&s| s != landlord).collect();
        Some(crate::ledger::Contest::sides_by_chips(
            vec![landlord],
            farmers,
            &payout.deltas,
        ))
    }

    fn next_game(&self, rng: &mut dyn rand::RngCore) -> Option<Self> {
        if !self.outcome()?.is_redeal() {
            return None;
        }
        DouDizhu::deal(self.rules().clone(), self.players(), rng).ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::dou_dizhu::ai::Level;

    /// A table whose AI searches (`hard`, the default) still hints at
    /// once: its seats get the search, a hint the quick bot.
    #[test]
    fn a_hint_never_searches() {
        let hard = Rules {
            ai: Level::Hard,
            ..Rules::default()
        };
        assert!(DouDizhu::bot_for(&hard).may_block());
        for ai in Level::ALL {
            let rules = Rules { ai, ..hard.clone() };
            assert!(!DouDizhu::hint_bot(&rules).may_block(), "{ai:?}");
        }
    }
}
