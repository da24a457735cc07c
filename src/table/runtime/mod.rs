//! The task that owns one table: its lobby, its game, its timers.
//!
//! Everything here runs inside one tokio task, so the state needs no lock;
//! the store is awaited with nothing borrowed from elsewhere.
//!
//! An action costs the same at the game's first move and its thousandth:
//! it is applied to the table's game in place (a refused action changes
//! nothing) and only the action is saved ([`TableStore::append_action`]);
//! the whole record is written when the game opens and when it settles.
//! A write that fails puts the game back as it was before the action, by
//! replaying its record without it — a rare path that may cost the game's
//! length — so a failed write still leaves the table as it was.
//!
//! A bot whose decisions may take long ([`Bot::may_block`]: Dou Dizhu's
//! `hard` search, up to its budget) decides on a blocking thread
//! ([`Thinking`]) while the task goes on answering commands. Its move is
//! then applied like any other, and only to the state it was decided on:
//! the same game at the same version, with the seat still the bot's.
//!
//! This file holds the table's state, its command loop and its status; the
//! rest is in parts: the lobby ([`lobby`]), the game ([`play`]) and the
//! clock ([`timers`]).

mod lobby;
mod play;
mod timers;

use super::config::{TableConfig, TableOptions};
use super::error::TableError;
use super::handle::{
    Actor, CappedLoss, CloseReason, Command, FairReveal, GameResult, GameStatus, Occupant, Reply,
    TableEvent, TableStatus,
};
use super::kind::{JoinArgs, SeatSetup, TableGame, TimerKind};
use super::seeds::DealSeeds;
use super::store::{ChannelId, GameId, NewGame, ServerId, StoreError, TableStore, UserId};
use crate::ai::Bot;
use crate::fair::{DealCommitment, FairDeal};
use crate::games::{ErrorCode, RuleError, Seat};
use crate::record::{seated_action, split_action, Record};
use rand::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::{broadcast, mpsc};
use tokio::task::{JoinError, JoinHandle};
use tokio::time::Instant;

/// How long to wait before retrying a bot's move that could not be saved.
const RETRY_AFTER: Duration = Duration::from_secs(2);

/// Why a finished game was not paid.
enum PayFailed {
    /// Its chips overflow (or there is no game): it cannot be paid at all.
    Overflow,
    /// The ledger refused or failed the settlement.
    Store(StoreError),
}

/// A game in progress at the table.
pub(super) struct Running<G: TableGame> {
    pub id: GameId,
    pub game: G,
    pub version: u64,
    /// When the current wait began (timers restart after a resume).
    pub turn_started: Instant,
    /// When the last action was applied: a table step
    /// ([`TableGame::table_step`]) comes its pause after it.
    pub last_action: Instant,
    /// When the table's last own step was applied (or the game began or
    /// resumed): the pause of a step counted from the previous one
    /// ([`TableGame::step_from_last_step`]) runs from here.
    pub last_step: Instant,
    /// The version at which the game's current question began
    /// ([`TableGame::question_round`]): a seat still asked may answer with
    /// any version since, as others answer the same question meanwhile.
    pub round_since: u64,
    pub autoplay: Vec<bool>,
    /// The version at which the seats waited on were last looked at for a
    /// forced pass (要不起) their player chose to make at once: once per
    /// version, so a player who chose to be asked is not looked up again.
    pub pass_checked: Option<u64>,
    /// Humans who left a game that has no escape: the bot plays for them.
    pub left: Vec<bool>,
    /// The deal's seed, committed with the game's id (`None`: a game
    /// stored before fair deals). Revealed when the game ends. Boxed: the
    /// lobby's `Phase` stays small.
    pub fair: Option<Box<FairDeal>>,
}

impl<G: TableGame> Running<G> {
    /// A game as the table takes it up at `version` (dealt, or resumed
    /// after a restart) for `seats` seats: every clock starts now, nobody
    /// on autoplay or gone. `fair`: the seed it was dealt from, committed
    /// here with the game's id. The one place a `Running` is made.
    pub(in crate::table) fn new(
        id: GameId,
        game: G,
        version: u64,
        seats: usize,
        fair: Option<FairDeal>,
    ) -> Running<G> {
        let now = Instant::now();
        Running {
            id,
            game,
            version,
            turn_started: now,
            last_action: now,
            last_step: now,
            round_since: version,
            autoplay: vec![false; seats],
            pass_checked: None,
            left: vec![false; seats],
            // Game ids are positive (the ledger's and the memory store's).
            fair: fair
                .map(|f| Box::new(f.committed(G::KIND.name(), u64::try_from(id).unwrap_or(0)))),
        }
    }

    /// What the table shows of the deal's seed while the game runs.
    pub(super) fn commitment(&self) -> Option<DealCommitment> {
        self.fair.as_ref().and_then(|f| f.public())
    }

    /// The record to store at the end, with its fair deal, and that deal
    /// revealed with the record's check.
    pub(super) fn final_record(&self) -> (serde_json::Value, Option<FairReveal>) {
        let record = self.game.record();
        let mut value = serde_json::to_value(&record).unwrap_or(serde_json::Value::Null);
        let Some(fair) = &self.fair else {
            return (value, None);
        };
        fair.insert_into(&mut value);
        let verified = crate::fair::check::<G>(&record, &value).is_ok_and(|c| c.is_verified());
        if !verified {
            // Only a deal function that changed under a running game (or a
            // bug) gets here: the result says so to the players, this says
            // so to the operator.
            tracing::warn!(game = self.id, "the record does not check against its seed");
        }
        let reveal = FairReveal {
            deal: FairDeal::clone(fair),
            verified,
        };
        (value, Some(reveal))
    }
}

/// A bot's decision being made on a blocking thread, and the state it is
/// for. The thread hands the bot back with its move.
/// What a decision's thread hands back: the bot and its move.
type Decided<G> = (Box<dyn Bot<G>>, <G as crate::games::Game>::Action);

pub(super) struct Thinking<G: TableGame> {
    game: GameId,
    version: u64,
    seat: Seat,
    actor: Actor,
    task: JoinHandle<Decided<G>>,
}

pub(super) enum Phase<G: TableGame> {
    Lobby,
    Playing(Running<G>),
}

pub(super) struct Table<G: TableGame, S: TableStore> {
    pub server: ServerId,
    pub channel: ChannelId,
    pub host: UserId,
    pub seats: Vec<Occupant>,
    /// What each seat brought when it joined (same order as `seats`).
    pub joins: Vec<JoinArgs>,
    pub options: TableOptions,
    pub rules: G::Rules,
    pub store: Arc<S>,
    pub config: TableConfig,
    pub phase: Phase<G>,
    pub events: broadcast::Sender<TableEvent<G>>,
    /// The bots' generator (never a deal's: each deal has its own seed).
    pub rng: ChaCha8Rng,
    /// Where each deal's seed comes from.
    pub seeds: DealSeeds,
    /// The bot of AI seats and autoplay; away (`None`) while it thinks.
    pub bot: Option<Box<dyn Bot<G>>>,
    /// The decision under way off the task, if any. Meanwhile the table's
    /// timers wait (one decision at a time; a timer due meanwhile fires
    /// when it is back), and commands are answered as ever.
    pub thinking: Option<Thinking<G>>,
    pub lobby_since: Instant,
    pub closed: Option<CloseReason>,
    /// Players (and their join choices) who asked to join while a pot
    /// game ran: seated when its next game starts ([`TableGame::plays_on`]).
    pub waiting: Vec<(UserId, JoinArgs)>,
    /// Between two games of a table that pauses between them
    /// ([`TableConfig::pause_between_games`]): the next game as the last
    /// one gave it (Paohuzi's next hand, its dealer moved on), or `None`
    /// for a fresh deal, dealt and staked only when the host starts it.
    /// The next game comes with the seed it was dealt from.
    pub held_next: Option<Option<(G, FairDeal)>>,
}

impl<G: TableGame, S: TableStore> Table<G, S> {
    /// Runs the table until it closes or every handle is gone (then a
    /// running game stays stored, to be resumed).
    pub async fn run(mut self, mut commands: mpsc::Receiver<Command<G>>) {
        if let Phase::Playing(run) = &self.phase {
            self.emit(TableEvent::Started {
                game: run.id,
                seats: self.seats.clone(),
                version: run.version,
                resumed: true,
                commitment: run.commitment(),
            });
            self.announce_turn();
        }
        while self.closed.is_none() {
            // 要不起 passed at once for a player who chose it, before any
            // command is answered: nobody is shown a turn already made.
            if self.thinking.is_none() && self.autopass_due() {
                self.autopass().await;
                continue;
            }
            let deadline = match self.thinking {
                Some(_) => None,
                None => self.next_deadline(),
            };
            tokio::select! {
                command = commands.recv() => match command {
                    Some(command) => self.handle(command).await,
                    None => return,
                },
                _ = sleep_until(deadline), if deadline.is_some() => self.on_timer().await,
                done = decision(&mut self.thinking) => self.decided(done).await,
            }
        }
        let reason = self.closed.clone().unwrap_or(CloseReason::Finished);
        self.emit(TableEvent::Closed { reason });
    }

    fn emit(&self, event: TableEvent<G>) {
        // Nobody listening is fine: the table runs on without spectators.
        let _ = self.events.send(event);
    }

    fn seat_of(&self, user: UserId) -> Option<Seat> {
        self.seats.iter().position(|o| *o == Occupant::Human(user))
    }

    fn humans(&self) -> usize {
        self.seats.iter().filter(|o| o.user().is_some()).count()
    }

    async fn handle(&mut self, command: Command<G>) {
        match command {
            Command::Join(user, args, reply) => {
                let r = self.join(user, args).await;
                answer(reply, r)
            }
            Command::Leave(user, reply) => {
                let r = self.leave(user).await;
                answer(reply, r)
            }
            Command::AddAi(by, reply) => answer(reply, self.add_ai(by)),
            Command::RemoveAi(by, reply) => answer(reply, self.remove_ai(by)),
            Command::Sit(user, seat, reply) => answer(reply, self.sit(user, seat)),
            Command::Start(by, reply) => {
                let r = self.start(by).await;
                answer(reply, r)
            }
            Command::Cancel(by, reply) => answer(reply, self.cancel(by)),
            Command::AdminCancel(by, reason, reply) => {
                let r = self.admin_cancel(by, &reason).await;
                answer(reply, r)
            }
            Command::Act {
                user,
                version,
                action,
                reply,
            } => {
                let r = self.act(user, version, action).await;
                answer(reply, r)
            }
            Command::TakeBack(user, reply) => {
                let r = self.take_back(user).await;
                answer(reply, r)
            }
            Command::Autoplay(user, reply) => {
                let r = self.autoplay_on(user).await;
                answer(reply, r)
            }
            Command::AutopassChanged(reply) => {
                if let Phase::Playing(run) = &mut self.phase {
                    run.pass_checked = None;
                }
                answer(reply, Ok(()))
            }
            Command::Hint(user, reply) => self.hint(user, reply),
            Command::Status(viewer, reply) => answer(reply, Ok(self.status(viewer))),
        }
    }

    fn status(&self, viewer: Option<UserId>) -> TableStatus<G> {
        let seat = viewer.and_then(|u| self.seat_of(u));
        let game = match &self.phase {
            Phase::Lobby => None,
            Phase::Playing(run) => Some(GameStatus {
                id: run.id,
                version: run.version,
                waiting_on: run.game.waiting_on(),
                autoplay: run.autoplay.clone(),
                seat,
                view: run.game.view(seat),
                legal: seat.map(|s| run.game.legal_actions(s)).unwrap_or_default(),
                public_legal: seat.map(|s| run.game.public_actions(s)).unwrap_or_default(),
                timer: run.game.timer_kind(),
                asked_at: run.game.question_round().map(|_| run.round_since),
                turn_left: run
                    .game
                    .waiting_on()
                    .into_iter()
                    .filter(|&s| {
                        self.seats.get(s).and_then(|o| o.user()).is_some()
                            && !run.autoplay.get(s).copied().unwrap_or(true)
                    })
                    .map(|s| {
                        (run.turn_started + self.wait_for(run, s))
                            .saturating_duration_since(Instant::now())
                    })
                    .min(),
                commitment: run.commitment(),
                forced_pass: seat.and_then(|s| run.game.forced_pass(s)),
            }),
        };
        TableStatus {
            server: self.server,
            channel: self.channel,
            host: self.host,
            seats: self.seats.clone(),
            stake: self.options.stake,
            waiting: self.waiting.iter().map(|(u, _)| *u).collect(),
            game,
        }
    }
}

/// Holds each human seat's entry into the game's pot (`entry` in seat
/// order; empty or zero holds nothing). The key makes a repeat — a resumed
/// game holding again — hold nothing more.
pub(super) async fn hold_pot_entry<S: TableStore>(
    store: &S,
    game: GameId,
    seats: &[Option<UserId>],
    entry: &[i64],
) -> Result<(), StoreError> {
    for (seat, chips) in entry.iter().enumerate() {
        if let (Some(Some(user)), true) = (seats.get(seat), *chips > 0) {
            store.hold(game, *user, *chips, "pot-entry").await?;
        }
    }
    Ok(())
}

/// Each human seat that paid less than the `owed` chips it lost: the
/// ledger capped its loss at what it had, and the result says so.
fn capped_losses(owed: &[i64], report: &super::store::SettleReport) -> Vec<CappedLoss> {
    owed.iter()
        .zip(&report.paid)
        .enumerate()
        // AI seats own no chips (the house pays for them): never capped.
        .filter(|(seat, (&owed, &paid))| {
            owed < 0 && paid > owed && matches!(report.balances.get(*seat), Some(Some(_)))
        })
        .map(|(seat, (&owed, &paid))| CappedLoss {
            seat,
            owed: -owed,
            paid: -paid,
        })
        .collect()
}

/// What the ledger keeps as the table's options: enough to rebuild the table.
fn stored_options(options: &TableOptions, host: UserId) -> serde_json::Value {
    serde_json::json!({
        "stake": options.stake,
        "rules": options.rules,
        "seed": options.seed,
        "lang": options.lang,
        "host": host,
    })
}

/// Builds a game from a record: its setup, then every action in order.
pub(super) fn replay_record<G: TableGame>(record: &Record) -> Result<G, String> {
    let mut game = G::from_record_setup(record).map_err(|e| e.to_string())?;
    for (index, raw) in record.actions.iter().enumerate() {
        let (seat, body) = split_action(index, raw).map_err(|e| e.to_string())?;
        let action = G::parse_action(&body).map_err(|e| format!("action {index}: {e}"))?;
        game.apply(seat, &action)
            .map_err(|e| format!("action {index} is refused on replay: {e}"))?;
    }
    Ok(game)
}

/// The first snapshot: the game's record as JSON (resume = replay it),
/// with the seed it was dealt from (kept for the end, never shown before).
pub(super) fn record_json<G: TableGame>(game: &G, fair: &FairDeal) -> serde_json::Value {
    let mut value = serde_json::to_value(game.record()).unwrap_or(serde_json::Value::Null);
    fair.insert_into(&mut value);
    value
}

fn answer<T>(reply: Reply<T>, result: Result<T, TableError>) {
    // The asker may have given up waiting; the table carries on.
    let _ = reply.send(result);
}

/// The decision under way, once it is back; never, when none is.
async fn decision<G: TableGame>(
    thinking: &mut Option<Thinking<G>>,
) -> Result<Decided<G>, JoinError> {
    match thinking {
        Some(t) => (&mut t.task).await,
        None => std::future::pending().await,
    }
}

async fn sleep_until(deadline: Option<Instant>) {
    match deadline {
        Some(d) => tokio::time::sleep_until(d).await,
        None => std::future::pending().await,
    }
}
