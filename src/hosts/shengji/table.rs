//! Shengji at a table: four seats in two teams (0 + 2 against 1 + 3, the
//! players' seats 1 + 3 and 2 + 4), AI seats for empty places, a match of
//! hands at one table (each hand its own ledger game, the next dealt from
//! the last one's outcome: `games::shengji::session`), the deal in batches
//! and the declare window on the table's clock, the bidding timer while
//! declaring and burying, and chips every hand: each seat of the team that
//! went up N levels receives N × stake from the opposite seat (plus the
//! `match_bonus` when the hand wins the match).

use crate::ai::Bot;
use crate::games::shengji::session::{hand_chips, Dealing};
use crate::games::shengji::{ShengjiRules, ShengjiTable, TableAction};
use crate::games::{ErrorCode, Game, GameRules, RuleError, Seat};
use crate::record::RecordError;
use crate::table::{Payout, SeatSetup, TableGame, TimerKind};
use std::ops::RangeInclusive;
use std::time::Duration;

/// The most chips (in stakes) a match bonus may be.
pub const MAX_MATCH_BONUS: u32 = 100;

/// The longest declare window, in seconds: the table waits that long after
/// the last card, so a longer one would let a table hang for hours.
pub const MAX_DECLARE_WINDOW: u32 = 60;

impl TableGame for ShengjiTable {
    const FILL_WITH_AI: bool = true;

    fn seat_range(_rules: &ShengjiRules) -> RangeInclusive<usize> {
        4..=4
    }

    /// What the banker's team ordinarily loses at most in a hand: three
    /// levels (the attackers held to 0) and the match bonus. Attackers who
    /// take many points can win more; the ledger caps such a loss.
    fn min_balance(rules: &ShengjiRules, stake: i64) -> i64 {
        stake.saturating_mul(3 + i64::from(rules.match_bonus))
    }

    fn check_options(rules: &ShengjiRules, _stake: i64) -> Result<(), RuleError> {
        rules.check_table(4).map_err(|e| {
            RuleError::new(
                ErrorCode::IllegalAction,
                crate::keys::ERR_OPTION_SHENGJI_RULES,
                e.to_string(),
            )
            .arg("why", e.to_string())
        })?;
        if rules.match_bonus > MAX_MATCH_BONUS {
            return Err(RuleError::new(
                ErrorCode::IllegalAction,
                crate::keys::ERR_OPTION_SHENGJI_BONUS,
                format!("a match bonus is 0 to {MAX_MATCH_BONUS} stakes"),
            )
            .arg("max", MAX_MATCH_BONUS));
        }
        // Checked here, where every front end's table opens (`/shengji
        // start`, `paiju play shengji --rules`), not by one of them.
        if rules.declare_window > MAX_DECLARE_WINDOW {
            return Err(RuleError::new(
                ErrorCode::IllegalAction,
                crate::keys::ERR_OPTION_SHENGJI_WINDOW,
                format!("a declare window is 0 to {MAX_DECLARE_WINDOW} seconds"),
            )
            .arg("max", MAX_DECLARE_WINDOW));
        }
        Ok(())
    }

    /// The match's first hand: seat 0 deals first, both teams at 2, no
    /// banker until someone declares.
    fn deal_table(
        rules: ShengjiRules,
        seats: &[SeatSetup],
        rng: &mut dyn rand::RngCore,
    ) -> Result<Self, RecordError> {
        rules.check_table(seats.len())?;
        let ai = seats.iter().map(|s| !s.human).collect();
        ShengjiTable::deal_hand(rules, ai, 1, 0, [2, 2], None, rng)
    }

    /// Declaring and burying on the bidding timer, tricks on the play timer.
    fn timer_kind(&self) -> TimerKind {
        match self.hand().to_play() {
            Some(_) => TimerKind::Play,
            None => TimerKind::Bidding,
        }
    }

    /// The easy level's bot, the basic one: what plays when no table
    /// chose a level, and every hint.
    fn bot() -> Box<dyn Bot<Self>> {
        crate::ai::shengji::bot(crate::ai::Level::Easy)
    }

    /// The level the table chose (`"ai"` in its rules).
    fn bot_for(rules: &ShengjiRules) -> Box<dyn Bot<Self>> {
        crate::ai::shengji::bot(rules.ai)
    }

    /// `hard`, whatever the table played at.
    fn strongest_bot(_rules: &ShengjiRules) -> Box<dyn Bot<Self>> {
        crate::ai::shengji::bot(crate::ai::Level::Hard)
    }

    /// A hint is the basic bot's, whatever the level: it decides at once.
    fn hint_bot(_rules: &ShengjiRules) -> Box<dyn Bot<Self>> {
        Self::bot()
    }

    /// Declarations and plays all depend on the seat's cards: the public
    /// controls offer none (the seat's own hand view does).
    fn public_actions(&self, _seat: Seat) -> Vec<TableAction> {
        Vec::new()
    }

    /// The next batch of cards at the table's AI pace (once nobody is
    /// deciding on a declaration), then the declare window's seconds: the
    /// window ends that long after the last card, whoever is still
    /// deciding then (its end is fixed when it opens, see
    /// [`TableGame::step_from_last_step`]).
    fn table_step(&self) -> Option<(Seat, TableAction, Option<Duration>)> {
        let step = match self.dealing() {
            Dealing::Window => TableAction::CloseWindow,
            _ => self.table_step()?,
        };
        let seat = self.hand().prospective_banker();
        let pause = match self.dealing() {
            Dealing::Window => Some(Duration::from_secs(u64::from(self.rules().declare_window))),
            _ => None,
        };
        Some((seat, step, pause))
    }

    /// The declare window closes its seconds after the deal's last batch,
    /// whoever answers meanwhile.
    fn step_from_last_step(&self) -> bool {
        self.dealing() == Dealing::Window
    }

    /// A person out of time while the cards are dealt turns the
    /// declarations down (the deal goes on); later the bot plays for him.
    fn timeout_action(&self, _seat: Seat) -> Option<TableAction> {
        (self.dealing() != Dealing::Done).then_some(TableAction::Pass)
    }

    fn timer_only(action: &TableAction) -> bool {
        matches!(action, TableAction::Deal | TableAction::CloseWindow)
    }

    fn payout(&self, stake: i64) -> Option<Payout> {
        let deltas = hand_chips(self, stake)?;
        let winners = (0..deltas.len()).filter(|&s| deltas[s] > 0).collect();
        Some(Payout {
            deltas,
            rake_percent: 0,
            winners,
        })
    }

    /// The banker's team against the attackers (seats 0 + 2 against 1 + 3),
    /// the banker's side a role whose edge the ratings take out; a hand
    /// that moved no chips (the attackers took the bank without going up)
    /// is a draw.
    fn contest(&self, payout: &Payout) -> Option<crate::ledger::Contest> {
        let banker = self.outcome()?.banker;
        let team = |s: Seat| vec![s % 2, s % 2 + 2];
        Some(crate::ledger::Contest::sides_by_chips(
            team(banker),
            team(banker + 1),
            &payout.deltas,
        ))
    }

    /// The match goes on: the next hand with the levels, banker and dealer
    /// this one's outcome gives, until a team wins the match.
    fn next_game(&self, rng: &mut dyn rand::RngCore) -> Option<Self> {
        self.next_hand(rng)
    }
}
