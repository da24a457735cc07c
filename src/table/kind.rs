//! The seam between the table runtime and a game: [`TableGame`] says, for
//! one game, how many seats a table takes, which timer runs now, which bot
//! plays for an absent seat, what leaving means, how its chips move, and
//! whether another game follows at the same table.
//!
//! How chips move is declared once per game, as its [`Money`] model
//! ([`TableGame::MONEY`]); the runtime asks a game only the money questions
//! its model has, so a game answers [`TableGame::pot_entry`] only if it has
//! a pot, and [`TableGame::close_payout`] only if a game cut short pays.
//! Whether another game follows at the same table
//! ([`TableGame::plays_on`]) is a separate matter: Paohuzi plays on without
//! a pot.

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
    /// the game's [`Money`] is [`Money::BuyIn`] (Chexuan's reserve for mango);
    /// `None` for AI seats and games that do not ask.
    pub balance: Option<i64>,
}

/// How a game's chips move: one declaration per game
/// ([`TableGame::MONEY`]) instead of a hook here and a flag there. Every
/// model settles a finished game through [`TableGame::payout`], capped at
/// each loser's balance by the ledger; they differ in what a game takes
/// before it ends and what a game cut short pays.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Money {
    /// Zero-sum between the seats, at the end only: the outcome × stake
    /// (Dou Dizhu, Shengji, Paohuzi). Nothing is held while a game runs,
    /// and a game cut short (every player left, an admin stopped it) is
    /// cancelled: no chips move.
    Settled,
    /// A pot (Duan Guozi): as each game starts, every seat's entry
    /// ([`TableGame::pot_entry`]) is held in the ledger's escrow for human
    /// seats — idempotently, so a resumed game never holds twice — and the
    /// settlement returns it before paying the deltas. A game cut short
    /// pays what its rounds won and shares the pot back
    /// ([`TableGame::close_payout`]).
    Pot,
    /// A buy-in from the balance (Chexuan's bobo): joining reads the
    /// joiner's balance and [`TableGame::check_join`] weighs what the
    /// player brings against it, at the join and again at every deal
    /// ([`SeatSetup::balance`]). A game cut short pays what was won so far
    /// ([`TableGame::close_payout`]).
    BuyIn,
}

impl Money {
    /// Whether joining reads the joiner's balance.
    pub const fn reads_balance(self) -> bool {
        matches!(self, Money::BuyIn)
    }

    /// Whether a game takes an entry into a pot as it starts.
    pub const fn has_pot(self) -> bool {
        matches!(self, Money::Pot)
    }

    /// Whether a game cut short pays (rather than being cancelled).
    pub const fn pays_when_cut_short(self) -> bool {
        !matches!(self, Money::Settled)
    }
}

/// A game the table runtime can host.
pub trait TableGame: Game {
    /// How this game's chips move ([`Money`]); by default zero-sum at the
    /// end of each game.
    const MONEY: Money = Money::Settled;

    /// Whether starting a table with too few players seats AI players in
    /// the empty places (Shengji's four seats) instead of refusing.
    const FILL_WITH_AI: bool = false;

    /// Checks what a player brings to a seat against the rules and the
    /// player's balance (read only under [`Money::BuyIn`]; 0 otherwise).
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

    /// Under [`Money::Pot`]: the chips each seat puts into the table's pot
    /// as this game starts, in seat order, at `stake` chips per unit. The
    /// runtime holds them in escrow for human seats (and never asks a game
    /// of another model: see [`pot_entry`]). `None` when the chips
    /// overflow.
    fn pot_entry(&self, _stake: i64) -> Option<Vec<i64>> {
        Some(Vec::new())
    }

    /// Unless [`Money::Settled`]: chips for a game cut short because the
    /// table closes (every player left, an admin stopped it) — what was
    /// won so far, and a pot shared back. `None` cancels the game and
    /// refunds its holds. The runtime asks only a game whose model pays
    /// when cut short (see [`close_payout`]).
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

/// What `game` puts into its pot as it starts, by its [`Money`] model:
/// nothing unless it has a pot. `None` when the chips overflow.
pub fn pot_entry<G: TableGame>(game: &G, stake: i64) -> Option<Vec<i64>> {
    if G::MONEY.has_pot() {
        game.pot_entry(stake)
    } else {
        Some(Vec::new())
    }
}

/// What `game`, cut short, pays by its [`Money`] model: `None` (cancel and
/// refund) for a game settled only at its end.
pub fn close_payout<G: TableGame>(game: &G, stake: i64) -> Option<Payout> {
    if G::MONEY.pays_when_cut_short() {
        game.close_payout(stake)
    } else {
        None
    }
}

/// One step of a game played by bots alone, as a table would play it: the
/// table's own step when one is due (Shengji's deal in batches, its declare
/// window), else `bot`'s move for the first seat the game waits on. `Ok(false)`
/// when the game is over or waits on nobody. For whatever needs a played game
/// without a table: a replay's tests, the pictures' size checks.
pub fn bot_step<G: TableGame>(
    game: &mut G,
    bot: &mut dyn Bot<G>,
    rng: &mut dyn rand::RngCore,
) -> Result<bool, RuleError> {
    if game.is_finished() {
        return Ok(false);
    }
    if let Some((seat, action, _)) = game.table_step() {
        game.apply(seat, &action)?;
        return Ok(true);
    }
    let Some(seat) = game.waiting_on().first().copied() else {
        return Ok(false);
    };
    let legal = game.legal_actions(seat);
    let action = bot.choose(&game.view(Some(seat)), &legal, rng);
    game.apply(seat, &action)?;
    Ok(true)
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
