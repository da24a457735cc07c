//! The seam between the table runtime and a game: [`TableGame`] says, for
//! one game, how many seats a table takes, which timer runs now, which bot
//! plays for an absent seat, what leaving means, how a finished game becomes
//! chips, and whether another game follows at the same table.
//!
//! Dou Dizhu is one game per table, zero-sum, settled as deltas × stake.
//!
//! Pot games (Duan Guozi; Chexuan can use the same hooks) add three answers:
//! [`TableGame::pot_entry`] — the chips each seat puts into the table's pot
//! when a game starts, which the runtime holds in the ledger's escrow
//! (idempotently, so a resumed game never holds twice) and the settlement
//! returns before paying the deltas; [`TableGame::close_payout`] — what a
//! game cut short by the table closing pays (what the rounds so far won,
//! and the rest of the pot shared back) instead of being cancelled; and
//! [`TableGame::plays_on`] — another game follows at the same table after a
//! settled one, with leavers gone and players who joined meanwhile seated.

use super::store::Settlement;
use crate::ai::{Bot, RandomBot};
use crate::games::{Game, GameOutcome, RuleError, Seat};
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
    /// The player's balance as the game starts, read when
    /// [`TableGame::JOIN_NEEDS_BALANCE`] (Chexuan's reserve for mango);
    /// `None` for AI seats and games that do not ask.
    pub balance: Option<i64>,
}

/// A game the table runtime can host.
pub trait TableGame: Game {
    /// Whether joining looks at the joiner's balance (so that
    /// [`TableGame::check_join`] gets it); games without a buy-in skip the
    /// ledger read.
    const JOIN_NEEDS_BALANCE: bool = false;

    /// Whether starting a table with too few players seats AI players in
    /// the empty places (Shengji's four seats) instead of refusing.
    const FILL_WITH_AI: bool = false;

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

    /// The fewest chips a player must hold to take a seat at a table of
    /// these rules and stake: what one game ordinarily costs a loser (a
    /// documented figure per game, shown in the lobby). Joining with less,
    /// or starting while a seated player has less, is refused; so is a
    /// balance of 0 whatever this says, since such a player could only win.
    /// A loss beyond it (bombs, doubling) is capped at the balance by the
    /// ledger, and the result says so. By default the stake.
    fn min_balance(_rules: &Self::Rules, stake: i64) -> i64 {
        stake
    }

    /// How many seats a table of this game takes under these rules.
    fn seat_range(rules: &Self::Rules) -> RangeInclusive<usize>;

    /// Checks table options beyond what parsing the rules checks. The stake
    /// is already known to be positive. The refusal carries a Fluent key,
    /// so the host reads it in his language.
    fn check_options(_rules: &Self::Rules, _stake: i64) -> Result<(), RuleError> {
        Ok(())
    }

    /// The legal actions of `seat` that anyone watching the table could
    /// work out from the public view: public controls (the table message's
    /// buttons) are drawn from these only, so they never tell the channel
    /// what the seat holds hidden. An action whose legality depends on
    /// hidden cards (Chexuan's 三花 lay-down) is left out and offered only
    /// in the seat's private view. By default every legal action, for games
    /// whose public controls never depend on a hand.
    fn public_actions(&self, seat: Seat) -> Vec<Self::Action> {
        self.legal_actions(seat)
    }

    /// For a game that asks several seats one question at once (Paohuzi's
    /// claims on a card): a number that stays the same while they answer
    /// it, in any order, and changes when a new question starts. While it
    /// stays, a seat still asked may act with the version the question was
    /// asked at (the others' answers meanwhile are not a change it missed)
    /// and keeps its clock. `None` (the default): every action must carry
    /// the current version.
    fn question_round(&self) -> Option<u64> {
        None
    }

    /// The timer for the seats the game waits on now.
    fn timer_kind(&self) -> TimerKind {
        TimerKind::Play
    }

    /// The bot that plays AI seats and absent humans.
    fn bot() -> Box<dyn Bot<Self>> {
        Box::new(RandomBot)
    }

    /// The bot of a table with these rules: [`TableGame::bot`] unless the
    /// game lets a table choose how its AI plays (Dou Dizhu's `ai` level).
    fn bot_for(_rules: &Self::Rules) -> Box<dyn Bot<Self>> {
        Self::bot()
    }

    /// The bot that suggests a move to a player who asks for a hint:
    /// [`TableGame::bot_for`] unless the game has a quicker one. Every
    /// player may ask on every turn, and a bot that searches for a fraction
    /// of a second a hint would, with many tables, take the CPU that
    /// answers everyone's clicks (issue #18).
    fn hint_bot(rules: &Self::Rules) -> Box<dyn Bot<Self>> {
        Self::bot_for(rules)
    }

    /// The strongest bot the game has, whatever a table chose: the one a
    /// replay (复盘) asks what it would have played. By default
    /// [`TableGame::bot_for`], for games with one level of AI.
    fn strongest_bot(rules: &Self::Rules) -> Box<dyn Bot<Self>> {
        Self::bot_for(rules)
    }

    /// The action that abandons the game for `seat`, if the game has one
    /// (Dou Dizhu's escape). Without one, a seat that leaves mid-game is
    /// played by the bot until the game ends.
    fn leave_action(&self, _seat: Seat) -> Option<Self::Action> {
        None
    }

    /// Whether a player may hand the seat to the computer (托管) until
    /// taking it back. True by default; a game whose bot must never bet an
    /// absent player's chips says no.
    fn offers_autoplay() -> bool {
        true
    }

    /// The action the turn timer plays for a human `seat` whose time ran
    /// out, instead of handing the seat to the bot (托管) for the rest of the
    /// game; the seat's next turn again waits the full timeout. `None` (the
    /// default) keeps the generic autoplay. A betting game uses it so that
    /// the bot never bets an absent player's chips.
    fn timeout_action(&self, _seat: Seat) -> Option<Self::Action> {
        None
    }

    /// A step the table plays by itself, nobody deciding it, once its
    /// pause has passed since the last action (`None`: the table's AI
    /// pace): Shengji deals its cards in batches this way, so players see
    /// them arrive and may declare meanwhile, and closes its declare
    /// window. Applied for the seat given, with [`super::Actor::Table`];
    /// it should be [`TableGame::timer_only`]. None by default.
    fn table_step(&self) -> Option<(Seat, Self::Action, Option<std::time::Duration>)> {
        None
    }

    /// Whether the pause of the [`TableGame::table_step`] due now counts
    /// from the table's previous step rather than from the last action: a
    /// deadline fixed when it opens, which no answer meanwhile moves
    /// (Shengji's declare window, opened by the deal's last batch: a
    /// member's "Not now" must not restart it). False by default.
    fn step_from_last_step(&self) -> bool {
        false
    }

    /// True for an action only the turn timer may play (the game's
    /// [`TableGame::timeout_action`]): the runtime refuses it from players.
    fn timer_only(_action: &Self::Action) -> bool {
        false
    }

    /// Why `seat` is no longer at the game although its occupant still
    /// holds the seat (the game stood it up, or it left through the game's
    /// own leave action): the runtime answers the player's commands with
    /// it. `None` (the default) while the seat plays.
    fn seat_gone(&self, _seat: Seat) -> Option<RuleError> {
        None
    }

    /// The house's cut of each winner's gain, in percent (a table option).
    fn rake_percent(&self) -> u32 {
        0
    }

    /// Who played against whom in this finished game and how it ended, for
    /// the ratings (`payout` is its chips): by default every seat for
    /// itself, placed by the chips it won (Chexuan, Duan Guozi, Paohuzi,
    /// whose 荒庄 of no chips is a draw). `None`: the game is not rated
    /// (Dou Dizhu's redeal). Only a game of people only is rated; the
    /// ledger decides that and the repeat rule.
    fn contest(&self, payout: &Payout) -> Option<crate::ledger::Contest> {
        Some(crate::ledger::Contest::by_chips(&payout.deltas))
    }

    /// Chips for a finished game, at `stake` chips per unit of the outcome.
    /// `None` when the game is not finished or the chips overflow.
    fn payout(&self, stake: i64) -> Option<Payout> {
        let outcome = self.outcome()?;
        let deltas = outcome
            .deltas()
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

    /// The next game at the same table once this one is settled, with the
    /// same seats (Dou Dizhu's redeal), or `None`.
    fn next_game(&self, _rng: &mut dyn rand::RngCore) -> Option<Self> {
        None
    }

    /// Chips each seat puts into the table's pot as this game starts, in
    /// seat order (empty: the game has no pot), at `stake` chips per unit.
    /// The runtime holds them in escrow for human seats. `None` when the
    /// chips overflow.
    fn pot_entry(&self, _stake: i64) -> Option<Vec<i64>> {
        Some(Vec::new())
    }

    /// Chips for a game cut short because the table closes (every player
    /// left, an admin cancelled): `None` cancels the game and refunds its
    /// holds; a pot game pays what was won so far and shares the pot back.
    fn close_payout(&self, _stake: i64) -> Option<Payout> {
        None
    }

    /// True when, after a settled game ([`TableGame::next_game`] aside),
    /// another game starts at the same table: the seats of players who left
    /// are dropped, players who asked to join meanwhile are seated, and the
    /// table returns to its lobby when too few seats are left.
    fn plays_on(_rules: &Self::Rules) -> bool {
        false
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
            contest: None,
        }
    }
}
