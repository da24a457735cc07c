//! How a front end talks to a table: [`TableHandle`] sends commands to the
//! table's task and awaits each reply; [`TableEvent`]s tell every
//! subscriber what happened, in order.

use super::error::TableError;
use super::kind::{JoinArgs, TimerKind};
use super::store::{ChannelId, GameId, ServerId, SettleReport, UserId};
use crate::fair::{DealCommitment, FairDeal};
use crate::games::{Game, GameKind, Seat};
use std::time::Duration;
use tokio::sync::{broadcast, mpsc, oneshot};

/// Who sits in a seat.
#[derive(Copy, Clone, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Occupant {
    Human(UserId),
    Ai,
}

impl Occupant {
    pub fn user(self) -> Option<UserId> {
        match self {
            Occupant::Human(u) => Some(u),
            Occupant::Ai => None,
        }
    }
}

/// Who made an applied action.
#[derive(Copy, Clone, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Actor {
    /// The seat's player.
    Player,
    /// An AI seat.
    Ai,
    /// The bot, playing for a human whose time ran out (托管).
    Autoplay,
    /// The turn timer, playing the game's timeout action once for a human
    /// whose time ran out ([`super::TableGame::timeout_action`]).
    TimedOut,
    /// The table itself: a step nobody decides, on the table's clock
    /// ([`super::TableGame::table_step`]: a batch of cards dealt).
    Table,
    /// The table passing at once for a player whose only move is the pass
    /// (要不起: [`crate::games::Game::forced_pass`]) and who chose that
    /// ([`super::TableStore::autopass`]): neither a timeout nor 托管.
    AutoPass,
}

/// Why a table closed.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum CloseReason {
    /// The game (and any game that followed it) is over and settled.
    Finished,
    /// The host cancelled the lobby, or an admin closed it.
    Cancelled,
    /// A member with Manage Server stopped the running game: the game being
    /// played was called off (its stakes returned), while what finished
    /// before it stays paid (a pot game's rounds, a Chexuan session's hands).
    Stopped { by: UserId },
    /// The next game of a table that plays on could not start: `user` has
    /// `balance` chips and a seat there needs `needed`.
    ShortOfChips {
        user: UserId,
        balance: i64,
        needed: i64,
    },
    /// Nobody did anything in the lobby for too long.
    LobbyIdle,
    /// No human is left at the table.
    OnlyAi,
    /// The game could not go on (a bug, or chips that overflow); it was
    /// cancelled and its chips released.
    Broken(String),
}

/// What happened at a table, in order.
#[derive(Clone, Debug)]
pub enum TableEvent<G: Game> {
    /// Someone joined or left the lobby, or an AI seat was added or removed.
    LobbyChanged { seats: Vec<Occupant>, host: UserId },
    /// A game started (`resumed`: continued after a restart).
    Started {
        game: GameId,
        seats: Vec<Occupant>,
        version: u64,
        resumed: bool,
        /// The commitment to the deal's seed, shown before anyone acts
        /// (`None`: a game stored before fair deals, resumed).
        commitment: Option<DealCommitment>,
    },
    /// An action was applied; `version` is the game's version after it.
    Acted {
        seat: Seat,
        actor: Actor,
        action: G::Action,
        events: Vec<G::Event>,
        version: u64,
    },
    /// The game waits on these seats; humans not on autoplay have `timeout`.
    Turn {
        seats: Vec<Seat>,
        version: u64,
        timer: TimerKind,
        timeout: Duration,
    },
    /// A seat went on autoplay (its time ran out) or came back.
    Autoplay { seat: Seat, on: bool },
    /// A player left a running game; the bot plays the seat from now on.
    Left { seat: Seat, user: UserId },
    /// The game is over and the chips moved. `view` is the finished game
    /// as everyone sees it: the table is often gone by the time a front end
    /// could ask for its status, so the last picture comes with the event.
    /// Boxed: every slot of a table's event buffer is as large as the
    /// largest event, and this one is rare and large.
    Settled {
        game: GameId,
        result: Box<GameResult<G>>,
        report: Box<SettleReport>,
        view: Box<G::View>,
    },
    /// Something went wrong that no command was waiting for (a bot's move
    /// could not be saved); the table retries.
    Trouble { message: String },
    /// The table closed; no more events follow.
    Closed { reason: CloseReason },
}

/// How a game was settled, as the front ends show it: the game's own
/// outcome, and what the table adds to it.
#[derive(Clone, Debug)]
pub struct GameResult<G: Game> {
    /// The game's outcome; `None` when the table closed before the game
    /// ended (a pot game cut short pays what was won and shares its pot).
    pub outcome: Option<G::Outcome>,
    /// Losses the ledger capped at what the seat had.
    pub capped: Vec<CappedLoss>,
    /// The deal's seed revealed, with its commitment (`None`: a game
    /// stored before fair deals).
    pub fair: Option<FairReveal>,
    /// Each seat's chips as the game settled them, before caps and rake:
    /// an AI seat's are the house's, which the ledger's report leaves at 0,
    /// so a result can still show every seat's.
    pub owed: Vec<i64>,
}

/// A finished game's fair deal as its result reveals it: the seed, the
/// commitment shown at the deal, and whether the settled record checks
/// against both ([`crate::fair::check`]: the commitment is the seed's and
/// the seed deals exactly the record's deal).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FairReveal {
    pub deal: FairDeal,
    pub verified: bool,
}

impl<G: Game> GameResult<G> {
    /// Whether the table closed before the game ended.
    pub fn table_closed(&self) -> bool {
        self.outcome.is_none()
    }
}

/// A human seat that paid less than the chips it lost: its balance ran
/// out, so the ledger capped the loss there.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CappedLoss {
    pub seat: Seat,
    pub owed: i64,
    pub paid: i64,
}

/// The table as one seat (or a spectator) sees it now.
#[derive(Clone, Debug)]
pub struct TableStatus<G: Game> {
    pub server: ServerId,
    pub channel: ChannelId,
    pub host: UserId,
    pub seats: Vec<Occupant>,
    pub stake: i64,
    /// Players waiting to be seated when the next game of a pot game starts.
    pub waiting: Vec<UserId>,
    /// The running game, if the lobby has started.
    pub game: Option<GameStatus<G>>,
}

/// A running game as one seat (or a spectator) sees it now.
#[derive(Clone, Debug)]
pub struct GameStatus<G: Game> {
    pub id: GameId,
    /// The version an action must carry.
    pub version: u64,
    pub waiting_on: Vec<Seat>,
    pub autoplay: Vec<bool>,
    /// The asking user's seat.
    pub seat: Option<Seat>,
    /// The asking seat's view (the public view for spectators).
    pub view: G::View,
    /// The asking seat's legal actions now.
    pub legal: Vec<G::Action>,
    /// Those of `legal` that anyone watching may know are legal
    /// ([`TableGame::public_actions`](super::TableGame::public_actions)):
    /// the only ones a public message may offer.
    pub public_legal: Vec<G::Action>,
    pub timer: TimerKind,
    /// The version the question open now was asked at, for a game that
    /// asks several seats one question
    /// ([`TableGame::question_round`](super::TableGame::question_round)):
    /// a seat still asked may act with any version since. `None` for other
    /// games: only `version` is current.
    pub asked_at: Option<u64>,
    /// How long the first person waited on (not on autoplay) has left to
    /// act, from the table's own clock: a front end that came in after the
    /// [`TableEvent::Turn`] (a table resumed after a restart) still tells
    /// until when. `None` when the computer acts.
    pub turn_left: Option<Duration>,
    /// The commitment to the deal's seed (the seed stays hidden until the
    /// game ends).
    pub commitment: Option<DealCommitment>,
    /// The asking seat's pass when passing is its only legal move now
    /// (要不起, [`crate::games::Game::forced_pass`]): a front end says so.
    pub forced_pass: Option<G::Action>,
}

pub(super) type Reply<T> = oneshot::Sender<Result<T, TableError>>;

pub(super) enum Command<G: Game> {
    Join(UserId, JoinArgs, Reply<()>),
    Leave(UserId, Reply<()>),
    AddAi(UserId, Reply<()>),
    RemoveAi(UserId, Reply<()>),
    Sit(UserId, Seat, Reply<()>),
    Start(UserId, Reply<GameId>),
    Cancel(UserId, Reply<()>),
    AdminCancel(UserId, String, Reply<()>),
    Act {
        user: UserId,
        version: u64,
        action: G::Action,
        reply: Reply<u64>,
    },
    TakeBack(UserId, Reply<()>),
    Autoplay(UserId, Reply<()>),
    AutopassChanged(Reply<()>),
    Hint(UserId, Reply<G::Action>),
    Status(Option<UserId>, Reply<TableStatus<G>>),
}

/// A front end's handle on one table. Cheap to clone.
///
/// It does not keep the table's event buffer alive: only the table's task
/// holds the sending side, so when the table closes its buffer goes with the
/// last receiver, and a subscriber gets `Closed` once it has read the rest,
/// even if it fell behind the table's own `Closed` event.
pub struct TableHandle<G: Game> {
    pub(super) channel: ChannelId,
    pub(super) tx: mpsc::Sender<Command<G>>,
    pub(super) events: broadcast::WeakSender<TableEvent<G>>,
}

impl<G: Game> Clone for TableHandle<G> {
    fn clone(&self) -> Self {
        TableHandle {
            channel: self.channel,
            tx: self.tx.clone(),
            events: self.events.clone(),
        }
    }
}

impl<G: Game> std::fmt::Debug for TableHandle<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("TableHandle")
            .field("kind", &G::KIND)
            .field("channel", &self.channel)
            .finish()
    }
}

impl<G: Game> TableHandle<G> {
    pub fn channel(&self) -> ChannelId {
        self.channel
    }

    pub fn kind(&self) -> GameKind {
        G::KIND
    }

    /// Every event from now on. A receiver that falls far behind gets
    /// `Lagged` and should ask for [`TableHandle::status`]. The receiver of
    /// a table already closed reports `Closed` at once.
    pub fn subscribe(&self) -> broadcast::Receiver<TableEvent<G>> {
        match self.events.upgrade() {
            Some(events) => events.subscribe(),
            None => broadcast::channel(1).1,
        }
    }

    /// Whether the table's task has ended.
    pub fn is_closed(&self) -> bool {
        self.tx.is_closed()
    }

    async fn ask<T>(&self, make: impl FnOnce(Reply<T>) -> Command<G>) -> Result<T, TableError> {
        let (reply, answer) = oneshot::channel();
        self.tx
            .send(make(reply))
            .await
            .map_err(|_| TableError::Closed)?;
        answer.await.map_err(|_| TableError::Closed)?
    }

    /// Takes a free seat in the lobby.
    pub async fn join(&self, user: UserId) -> Result<(), TableError> {
        self.join_with(user, JoinArgs::default()).await
    }

    /// Takes a free seat in the lobby, bringing `args` (Chexuan's bobo);
    /// the game checks them against the rules and the player's balance.
    pub async fn join_with(&self, user: UserId, args: JoinArgs) -> Result<(), TableError> {
        self.ask(|r| Command::Join(user, args, r)).await
    }

    /// Leaves the lobby, or leaves a running game (the game's escape if it
    /// has one, else the bot plays the seat to the end).
    pub async fn leave(&self, user: UserId) -> Result<(), TableError> {
        self.ask(|r| Command::Leave(user, r)).await
    }

    /// Adds an AI seat (host only, lobby only).
    pub async fn add_ai(&self, by: UserId) -> Result<(), TableError> {
        self.ask(|r| Command::AddAi(by, r)).await
    }

    /// Removes the last AI seat (host only, lobby only).
    pub async fn remove_ai(&self, by: UserId) -> Result<(), TableError> {
        self.ask(|r| Command::RemoveAi(by, r)).await
    }

    /// Moves `user` to seat `seat` (0-based) in the lobby: onto an AI
    /// seat, which takes the player's old place, or onto a place not yet
    /// taken (AI seats fill the places before it). A person's seat is
    /// refused. Lets players pick their partner at a team game.
    pub async fn sit(&self, user: UserId, seat: Seat) -> Result<(), TableError> {
        self.ask(|r| Command::Sit(user, seat, r)).await
    }

    /// Deals and starts the game (host only).
    pub async fn start(&self, by: UserId) -> Result<GameId, TableError> {
        self.ask(|r| Command::Start(by, r)).await
    }

    /// Closes the lobby (host only; a running game is ended by leaving).
    pub async fn cancel(&self, by: UserId) -> Result<(), TableError> {
        self.ask(|r| Command::Cancel(by, r)).await
    }

    /// Stops whatever is running at the table for `by` (a moderator; the
    /// caller checks the permission): a lobby closes; a running game is
    /// called off, its stakes returned, while what it finished before
    /// stays paid ([`super::TableGame::close_payout`]). `reason` goes to
    /// the ledger's journal.
    pub async fn admin_cancel(&self, by: UserId, reason: &str) -> Result<(), TableError> {
        let reason = reason.to_string();
        self.ask(|r| Command::AdminCancel(by, reason, r)).await
    }

    /// Plays `action` for `user`'s seat, made against `version`. Returns
    /// the game's new version. Acting also ends autoplay for the seat.
    pub async fn act(
        &self,
        user: UserId,
        version: u64,
        action: G::Action,
    ) -> Result<u64, TableError> {
        self.ask(|r| Command::Act {
            user,
            version,
            action,
            reply: r,
        })
        .await
    }

    /// Ends autoplay for `user`'s seat without acting ("I'm back").
    pub async fn take_back(&self, user: UserId) -> Result<(), TableError> {
        self.ask(|r| Command::TakeBack(user, r)).await
    }

    /// 托管: hands `user`'s seat to the computer, which plays it at the AI's
    /// pace until the player takes it back ([`TableHandle::take_back`]) or
    /// acts. Kept with the game, so it survives a restart.
    pub async fn autoplay(&self, user: UserId) -> Result<(), TableError> {
        self.ask(|r| Command::Autoplay(user, r)).await
    }

    /// A player's 要不起 choice changed ([`super::TableStore::set_autopass`]):
    /// the table looks at the seats it waits on again, so one switched on
    /// while passing is its only move passes now. Changes nothing else.
    pub async fn autopass_changed(&self) -> Result<(), TableError> {
        self.ask(Command::AutopassChanged).await
    }

    /// What the bot would play for `user`'s seat now.
    pub async fn hint(&self, user: UserId) -> Result<G::Action, TableError> {
        self.ask(|r| Command::Hint(user, r)).await
    }

    /// The table as `viewer` sees it (`None`: a spectator).
    pub async fn status(&self, viewer: Option<UserId>) -> Result<TableStatus<G>, TableError> {
        self.ask(|r| Command::Status(viewer, r)).await
    }
}
