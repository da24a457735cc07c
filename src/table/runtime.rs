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

use super::config::{TableConfig, TableOptions};
use super::error::TableError;
use super::handle::{
    Actor, CappedLoss, CloseReason, Command, GameResult, GameStatus, Occupant, Reply, TableEvent,
    TableStatus,
};
use super::kind::{JoinArgs, SeatSetup, TableGame, TimerKind};
use super::store::{ChannelId, GameId, NewGame, ServerId, StoreError, TableStore, UserId};
use crate::ai::Bot;
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
    /// Humans who left a game that has no escape: the bot plays for them.
    pub left: Vec<bool>,
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
    pub rng: ChaCha8Rng,
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
    pub held_next: Option<Option<G>>,
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
            });
            self.announce_turn();
        }
        while self.closed.is_none() {
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
            Command::TakeBack(user, reply) => answer(reply, self.take_back(user)),
            Command::Hint(user, reply) => self.hint(user, reply),
            Command::Status(viewer, reply) => answer(reply, Ok(self.status(viewer))),
        }
    }

    // ---- lobby -------------------------------------------------------

    fn lobby_changed(&mut self) {
        self.lobby_since = Instant::now();
        self.emit(TableEvent::LobbyChanged {
            seats: self.seats.clone(),
            host: self.host,
        });
    }

    fn in_lobby(&self) -> Result<(), TableError> {
        match self.phase {
            Phase::Lobby => Ok(()),
            Phase::Playing(_) => Err(TableError::AlreadyStarted),
        }
    }

    fn host_only(&self, by: UserId) -> Result<(), TableError> {
        if by == self.host {
            Ok(())
        } else {
            Err(TableError::NotHost)
        }
    }

    /// The fewest chips a seat needs here ([`TableGame::min_balance`]),
    /// never less than 1.
    fn min_balance(&self) -> i64 {
        G::min_balance(&self.rules, self.options.stake).max(1)
    }

    fn max_seats(&self) -> usize {
        *G::seat_range(&self.rules).end()
    }

    async fn join(&mut self, user: UserId, args: JoinArgs) -> Result<(), TableError> {
        if self.seat_of(user).is_some() || self.waiting.iter().any(|(u, _)| *u == user) {
            return Err(TableError::AlreadySeated);
        }
        let playing = match &self.phase {
            Phase::Playing(run) => {
                if !G::plays_on(&self.rules) {
                    return Err(TableError::AlreadyStarted);
                }
                // A pot game seats newcomers when its next game starts.
                let staying = run.left.iter().filter(|l| !**l).count();
                if staying + self.waiting.len() >= self.max_seats() {
                    return Err(TableError::TableFull);
                }
                true
            }
            Phase::Lobby => {
                if self.seats.len() >= self.max_seats() && !self.ai_placeholder() {
                    return Err(TableError::TableFull);
                }
                false
            }
        };
        // Every join looks at the balance: a seat must cover what one game
        // ordinarily costs, and a player with nothing could only win.
        let balance = self.store.balance(self.server, user).await?;
        let needed = self.min_balance();
        if balance < needed {
            return Err(RuleError::new(
                ErrorCode::IllegalAction,
                "err-balance-below-table",
                format!("a seat at this table needs {needed} chips; you have {balance}"),
            )
            .arg("needed", needed)
            .arg("chips", balance)
            .into());
        }
        G::check_join(&self.rules, &args, balance)?;
        if playing {
            self.waiting.push((user, args));
            return Ok(());
        }
        if self.seats.len() >= self.max_seats() {
            // A full lobby with an AI placeholder: the joiner takes the
            // first AI place (`ai_placeholder`).
            let at = self
                .seats
                .iter()
                .position(|o| *o == Occupant::Ai)
                .ok_or(TableError::TableFull)?;
            self.seats[at] = Occupant::Human(user);
            self.joins[at] = args;
        } else {
            self.seats.push(Occupant::Human(user));
            self.joins.push(args);
        }
        self.lobby_changed();
        Ok(())
    }

    /// Whether the lobby holds an AI seat a person joining may take: in a
    /// game that fills its empty places with AI at the start (Shengji),
    /// an AI seat in the lobby only keeps a place, such as the places a
    /// player who picked seat 3 left before him (`sit`); without this the
    /// other members could not all join.
    fn ai_placeholder(&self) -> bool {
        G::FILL_WITH_AI && self.seats.contains(&Occupant::Ai)
    }

    fn add_ai(&mut self, by: UserId) -> Result<(), TableError> {
        self.in_lobby()?;
        self.host_only(by)?;
        if self.seats.len() >= self.max_seats() {
            return Err(TableError::TableFull);
        }
        self.seats.push(Occupant::Ai);
        self.joins.push(JoinArgs::default());
        self.lobby_changed();
        Ok(())
    }

    fn remove_ai(&mut self, by: UserId) -> Result<(), TableError> {
        self.in_lobby()?;
        self.host_only(by)?;
        let last_ai = self
            .seats
            .iter()
            .rposition(|o| *o == Occupant::Ai)
            .ok_or(TableError::NoAiSeat)?;
        self.seats.remove(last_ai);
        self.joins.remove(last_ai);
        self.lobby_changed();
        Ok(())
    }

    /// Moves a seated player to `seat` in the lobby (see `TableHandle::sit`).
    fn sit(&mut self, user: UserId, seat: Seat) -> Result<(), TableError> {
        self.in_lobby()?;
        let from = self.seat_of(user).ok_or(TableError::NotSeated)?;
        let max = self.max_seats();
        if seat >= max {
            return Err(TableError::NoSuchSeat { max });
        }
        if let Some(Occupant::Human(other)) = self.seats.get(seat) {
            if *other != user {
                return Err(TableError::SeatTaken { seat });
            }
            return Ok(());
        }
        while self.seats.len() <= seat {
            self.seats.push(Occupant::Ai);
            self.joins.push(JoinArgs::default());
        }
        self.seats.swap(from, seat);
        self.joins.swap(from, seat);
        self.lobby_changed();
        Ok(())
    }

    fn cancel(&mut self, by: UserId) -> Result<(), TableError> {
        self.in_lobby()?;
        self.host_only(by)?;
        self.closed = Some(CloseReason::Cancelled);
        Ok(())
    }

    async fn leave(&mut self, user: UserId) -> Result<(), TableError> {
        if let Some(i) = self.waiting.iter().position(|(u, _)| *u == user) {
            self.waiting.remove(i);
            return Ok(());
        }
        let seat = self.seat_of(user).ok_or(TableError::NotSeated)?;
        if let Phase::Lobby = self.phase {
            if G::FILL_WITH_AI {
                // Seats are places here (Shengji's teams sit opposite):
                // the others keep theirs, and the empty place is an AI
                // placeholder a joiner takes (`ai_placeholder`).
                self.seats[seat] = Occupant::Ai;
                self.joins[seat] = JoinArgs::default();
            } else {
                self.seats.remove(seat);
                self.joins.remove(seat);
            }
            if self.humans() == 0 {
                self.closed = Some(CloseReason::OnlyAi);
                return Ok(());
            }
            if user == self.host {
                // The earliest human left in the lobby hosts from now on.
                self.host = self.seats.iter().find_map(|o| o.user()).unwrap_or(user);
            }
            self.lobby_changed();
            return Ok(());
        }
        let Phase::Playing(run) = &mut self.phase else {
            return Ok(());
        };
        if run.left[seat] {
            return Err(TableError::NotSeated);
        }
        if let Some(gone) = run.game.seat_gone(seat) {
            // Already gone through the game (stood up, or left): nothing to leave.
            return Err(gone.into());
        }
        if let Some(escape) = run.game.leave_action(seat) {
            // The game's own escape settles the game (and may cost chips).
            let version = run.version;
            self.apply(seat, escape, Actor::Player, version).await?;
            return Ok(());
        }
        run.left[seat] = true;
        run.autoplay[seat] = true;
        self.emit(TableEvent::Left { seat, user });
        let gone = match &self.phase {
            Phase::Playing(run) => {
                (0..self.seats.len()).all(|s| self.seats[s] == Occupant::Ai || run.left[s])
            }
            Phase::Lobby => false,
        };
        if gone {
            self.abandon(CloseReason::OnlyAi, "every player left").await;
        }
        Ok(())
    }

    // ---- the game ----------------------------------------------------

    async fn start(&mut self, by: UserId) -> Result<GameId, TableError> {
        self.in_lobby()?;
        self.host_only(by)?;
        if let Some(Some(game)) = self.held_next.take() {
            // The game the last one gave, same seats: nothing to check
            // but what opening it holds.
            let id = self.open_game(game, Vec::new()).await?;
            self.emit(TableEvent::Started {
                game: id,
                seats: self.seats.clone(),
                version: 0,
                resumed: false,
            });
            self.announce_turn();
            return Ok(id);
        }
        let range = G::seat_range(&self.rules);
        if G::FILL_WITH_AI {
            while self.seats.len() < *range.start() {
                self.seats.push(Occupant::Ai);
                self.joins.push(JoinArgs::default());
            }
        }
        if !range.contains(&self.seats.len()) {
            return Err(TableError::WrongSeatCount {
                min: *range.start(),
                max: *range.end(),
                have: self.seats.len(),
            });
        }
        // The game is dealt from the balances read here, and the ledger
        // opens it only if they are still the balances it records as the
        // start (one transaction): a chip movement in between (a `/give`)
        // would make the game's figures (Chexuan's reserve) and the
        // ledger's caps disagree. Then the start reads them again.
        let mut attempt = 0;
        loop {
            let (game, balances) = self.deal_from_balances().await?;
            match self.open_game(game, balances).await {
                Err(TableError::Store(e)) if e.key == "err-balance-changed" && attempt < 2 => {
                    attempt += 1;
                }
                Err(e) => return Err(e),
                Ok(id) => {
                    self.emit(TableEvent::Started {
                        game: id,
                        seats: self.seats.clone(),
                        version: 0,
                        resumed: false,
                    });
                    self.announce_turn();
                    return Ok(id);
                }
            }
        }
    }

    /// Reads the seated players' balances (when the game asks for them)
    /// and deals the first game from them; returns the game and the
    /// balances read, per seat.
    async fn deal_from_balances(&mut self) -> Result<(G, Vec<Option<i64>>), TableError> {
        // The balances now, not at the join: what a player brings is
        // checked again (a joiner whose chips went elsewhere meanwhile is
        // refused here, and nothing changes), and the game may keep what
        // is left outside the buy-in (Chexuan's reserve for mango).
        let mut setups = Vec::with_capacity(self.seats.len());
        let needed = self.min_balance();
        for (o, join) in self.seats.iter().zip(&self.joins) {
            if let Some(user) = o.user() {
                // Balances move between the join and the start (and the
                // host opened without a check): every seat is checked again.
                let balance = self.store.balance(self.server, user).await?;
                if balance < needed {
                    return Err(TableError::BelowTableMinimum {
                        user,
                        balance,
                        needed,
                    });
                }
            }
            let balance = match o.user() {
                Some(user) if G::JOIN_NEEDS_BALANCE => {
                    let balance = self.store.balance(self.server, user).await?;
                    G::check_join(&self.rules, join, balance).map_err(|cause| {
                        TableError::BalanceFell {
                            user,
                            balance,
                            cause,
                        }
                    })?;
                    Some(balance)
                }
                _ => None,
            };
            setups.push(SeatSetup {
                human: o.user().is_some(),
                join: *join,
                balance,
            });
        }
        let game = G::deal_table(self.rules.clone(), &setups, &mut self.rng)
            .map_err(|e| TableError::bad_option(e.to_string()))?;
        Ok((game, setups.iter().map(|s| s.balance).collect()))
    }

    /// Records `game` for the current seats, holds each human seat's entry
    /// into the pot and saves the first snapshot — one store call, one
    /// transaction — and makes it the table's game. `balances`: those the
    /// game was dealt from (empty: none), which the ledger checks as it
    /// records the start balances. On failure nothing was stored and the
    /// table is as it was.
    async fn open_game(
        &mut self,
        game: G,
        balances: Vec<Option<i64>>,
    ) -> Result<GameId, TableError> {
        let entry = game.pot_entry(self.options.stake).ok_or_else(|| {
            TableError::option("err-option-overflow", "the chips of this game overflow")
        })?;
        let id = self
            .store
            .open_game(self.new_game(balances), entry, record_json(&game))
            .await?;
        self.begin(id, game, 0);
        Ok(id)
    }

    /// The stored form of a game about to start at the current seats.
    /// The stored form of a new game at this table; `balances` are those
    /// it was dealt from (empty: none read).
    fn new_game(&self, balances: Vec<Option<i64>>) -> NewGame {
        NewGame {
            server: self.server,
            channel: self.channel,
            kind: G::KIND.name().to_string(),
            options: stored_options(&self.options, self.host),
            seats: self.seats.iter().map(|o| o.user()).collect(),
            stake: self.options.stake,
            balances,
        }
    }

    pub(super) fn begin(&mut self, id: GameId, game: G, version: u64) {
        let n = self.seats.len();
        self.phase = Phase::Playing(Running {
            id,
            game,
            version,
            turn_started: Instant::now(),
            last_action: Instant::now(),
            last_step: Instant::now(),
            round_since: version,
            autoplay: vec![false; n],
            left: vec![false; n],
        });
    }

    fn announce_turn(&self) {
        if let Phase::Playing(run) = &self.phase {
            let timer = run.game.timer_kind();
            self.emit(TableEvent::Turn {
                seats: run.game.waiting_on(),
                version: run.version,
                timer,
                timeout: self.timeout(timer),
            });
        }
    }

    fn timeout(&self, timer: TimerKind) -> Duration {
        match timer {
            TimerKind::Bidding => self.config.bid_timeout(),
            TimerKind::Play => self.config.play_timeout(),
        }
    }

    async fn act(
        &mut self,
        user: UserId,
        version: u64,
        action: G::Action,
    ) -> Result<u64, TableError> {
        let seat = self.seat_of(user).ok_or(TableError::NotSeated)?;
        let Phase::Playing(run) = &mut self.phase else {
            return Err(TableError::NotPlaying);
        };
        if run.left[seat] {
            return Err(TableError::NotSeated);
        }
        if G::timer_only(&action) {
            return Err(RuleError::new(
                ErrorCode::IllegalAction,
                "err-timer-only",
                "only the turn timer plays that action",
            )
            .into());
        }
        // Acting at all shows the player is back, even if this action is
        // refused (it was likely made while the bot played for them).
        if run.autoplay[seat] {
            run.autoplay[seat] = false;
            self.emit(TableEvent::Autoplay { seat, on: false });
        }
        self.apply(seat, action, Actor::Player, version).await
    }

    fn take_back(&mut self, user: UserId) -> Result<(), TableError> {
        let seat = self.seat_of(user).ok_or(TableError::NotSeated)?;
        let Phase::Playing(run) = &mut self.phase else {
            return Err(TableError::NotPlaying);
        };
        if run.left[seat] {
            return Err(TableError::NotSeated);
        }
        if let Some(gone) = run.game.seat_gone(seat) {
            return Err(gone.into());
        }
        if run.autoplay[seat] {
            run.autoplay[seat] = false;
            // The returning player gets a full turn's time.
            run.turn_started = Instant::now();
            self.emit(TableEvent::Autoplay { seat, on: false });
        }
        Ok(())
    }

    /// Answers a hint, off the task when the bot may take long (the
    /// answer needs nothing of the table once the view is taken).
    fn hint(&mut self, user: UserId, reply: Reply<G::Action>) {
        let (view, legal, mut rng, mut bot) = match self.hint_for(user) {
            Ok(inputs) => inputs,
            Err(e) => return answer(reply, Err(e)),
        };
        if bot.may_block() {
            tokio::task::spawn_blocking(move || {
                answer(reply, Ok(bot.choose(&view, &legal, &mut rng)));
            });
        } else {
            answer(reply, Ok(bot.choose(&view, &legal, &mut rng)));
        }
    }

    /// What a hint for `user` is decided from: the seat's view, its legal
    /// actions, a generator and a bot of the table's rules.
    #[allow(clippy::type_complexity)]
    fn hint_for(
        &self,
        user: UserId,
    ) -> Result<(G::View, Vec<G::Action>, ChaCha8Rng, Box<dyn Bot<G>>), TableError> {
        let seat = self.seat_of(user).ok_or(TableError::NotSeated)?;
        let Phase::Playing(run) = &self.phase else {
            return Err(TableError::NotPlaying);
        };
        if let Some(gone) = run.game.seat_gone(seat) {
            return Err(gone.into());
        }
        let legal = run.game.legal_actions(seat);
        if legal.is_empty() {
            return Err(RuleError::not_your_turn().into());
        }
        // A hint must not change what the table's bots will do later, so it
        // draws from its own generator.
        let rng = ChaCha8Rng::seed_from_u64(run.version);
        Ok((
            run.game.view(Some(seat)),
            legal,
            rng,
            G::hint_bot(&self.rules),
        ))
    }

    /// Applies one action for `seat` to the table's game and appends it to
    /// the stored game (the game is put back if that write fails); settles
    /// when the game is over.
    async fn apply(
        &mut self,
        seat: Seat,
        action: G::Action,
        actor: Actor,
        version: u64,
    ) -> Result<u64, TableError> {
        let Phase::Playing(run) = &self.phase else {
            return Err(TableError::NotPlaying);
        };
        // Several seats asked one question answer it against the version
        // it was asked at: the others' answers meanwhile do not make theirs
        // stale. Any other version is.
        let same_question = run.game.question_round().is_some()
            && (run.round_since..run.version).contains(&version)
            && run.game.waiting_on().contains(&seat);
        if version != run.version && !same_question {
            return Err(TableError::Stale {
                got: version,
                now: run.version,
            });
        }
        let id = run.id;
        let Phase::Playing(run) = &mut self.phase else {
            return Err(TableError::NotPlaying);
        };
        let waited_before = run.game.waiting_on();
        let round_before = run.game.question_round();
        // A refused action leaves the game untouched (`Game::apply`).
        let events = run.game.apply(seat, &action)?;
        let new_version = run.version + 1;
        if run.game.is_finished() {
            let settled = match self.pay_out().await {
                Ok(settled) => settled,
                Err(PayFailed::Overflow) => {
                    self.undo_last_action().await;
                    self.abandon(
                        CloseReason::Broken("the chips of this game overflow".into()),
                        "chips overflow",
                    )
                    .await;
                    return Err(TableError::Closed);
                }
                Err(PayFailed::Store(e)) => {
                    self.undo_last_action().await;
                    return Err(self.store_failed(id, e).await);
                }
            };
            if let Phase::Playing(run) = &mut self.phase {
                run.version = new_version;
            }
            self.emit(TableEvent::Acted {
                seat,
                actor,
                action,
                events,
                version: new_version,
            });
            self.emit(settled);
            self.follow_up().await;
            return Ok(new_version);
        }
        let saved = seated_action(seat, G::action_to_json(&action));
        if let Err(e) = self
            .store
            .append_action(id, new_version as i64, &saved)
            .await
        {
            self.undo_last_action().await;
            return Err(self.store_failed(id, e).await);
        }
        if let Phase::Playing(run) = &mut self.phase {
            run.version = new_version;
            run.last_action = Instant::now();
            if actor == Actor::Table {
                run.last_step = run.last_action;
            }
            let round = run.game.question_round();
            if round.is_none() || round != round_before {
                run.round_since = new_version;
            }
            // The seats still asked a question others answered keep their
            // clock. Otherwise a seat that keeps the turn (or a
            // simultaneous wait) keeps its clock only if the waiting seats
            // did not change.
            let same_question = round.is_some() && round == round_before;
            if !same_question
                && (run.game.waiting_on() != waited_before || waited_before.contains(&seat))
            {
                run.turn_started = Instant::now();
            }
        }
        self.emit(TableEvent::Acted {
            seat,
            actor,
            action,
            events,
            version: new_version,
        });
        self.announce_turn();
        Ok(new_version)
    }

    /// Pays the table's game, which is over, in the ledger: the `Settled`
    /// event to emit, or why nothing was paid.
    async fn pay_out(&mut self) -> Result<TableEvent<G>, PayFailed> {
        let Phase::Playing(run) = &self.phase else {
            return Err(PayFailed::Overflow);
        };
        let payout = run
            .game
            .payout(self.options.stake)
            .ok_or(PayFailed::Overflow)?;
        let owed = payout.deltas.clone();
        let record = record_json(&run.game);
        let report = self
            .store
            .settle(run.id, payout.into_settlement(record))
            .await
            .map_err(PayFailed::Store)?;
        let result = GameResult {
            outcome: run.game.outcome(),
            capped: capped_losses(&owed, &report),
        };
        Ok(TableEvent::Settled {
            game: run.id,
            result: Box::new(result),
            report: Box::new(report),
            view: Box::new(run.game.view(None)),
        })
    }

    /// Settles a game that is over without any action: one dealt finished
    /// (Paohuzi's compulsory 天胡), when it opens or when a restart finds it
    /// stored unsettled. The timers call it ([`Table::next_deadline`] is
    /// due at once for such a game), so a game that follows it and is also
    /// over as dealt is settled the same way, and a transient failure is
    /// tried again after a pause.
    async fn settle_dealt(&mut self) {
        let id = match &self.phase {
            Phase::Playing(run) if run.game.is_finished() => run.id,
            _ => return,
        };
        match self.pay_out().await {
            Ok(settled) => {
                self.emit(settled);
                self.follow_up().await;
            }
            Err(PayFailed::Overflow) => {
                self.abandon(
                    CloseReason::Broken("the chips of this game overflow".into()),
                    "chips overflow",
                )
                .await
            }
            Err(PayFailed::Store(e)) => {
                let e = self.store_failed(id, e).await;
                self.step_failed(e).await;
            }
        }
    }

    /// Puts the table's game back as it was before its last applied
    /// action, after that action could not be stored: replays the game's
    /// record without it (games are deterministic given their record, as a
    /// resume relies on). A game that cannot be replayed cannot go on.
    async fn undo_last_action(&mut self) {
        let Phase::Playing(run) = &mut self.phase else {
            return;
        };
        let mut record = run.game.record();
        record.actions.pop();
        match replay_record::<G>(&record) {
            Ok(game) => run.game = game,
            Err(why) => {
                let why = format!("the game could not be put back after a failed write: {why}");
                self.emit(TableEvent::Trouble {
                    message: why.clone(),
                });
                // Nothing may be written for a game whose state is lost.
                self.closed = Some(CloseReason::Broken(why));
            }
        }
    }

    /// After a settled game: the next game at the same table, or close.
    async fn follow_up(&mut self) {
        if self.config.pause_between_games && G::plays_on(&self.rules) {
            // Nothing is dealt or staked until the host says so (`start`).
            let next = match &self.phase {
                Phase::Playing(run) => run.game.next_game(&mut self.rng),
                Phase::Lobby => None,
            };
            self.held_next = Some(next);
            self.phase = Phase::Lobby;
            self.lobby_since = Instant::now();
            return;
        }
        // A table that plays on seats its players again when one left, so
        // the game's own next deal (which keeps the seats) waits for that.
        let someone_left =
            matches!(&self.phase, Phase::Playing(run) if run.left.iter().any(|l| *l));
        let next = match &self.phase {
            Phase::Playing(run) if !(G::plays_on(&self.rules) && someone_left) => {
                run.game.next_game(&mut self.rng)
            }
            _ => None,
        };
        let Some(game) = next else {
            if G::plays_on(&self.rules) {
                self.play_on().await;
            } else {
                self.closed = Some(CloseReason::Finished);
            }
            return;
        };
        let (autoplay, left) = match &self.phase {
            Phase::Playing(run) => (run.autoplay.clone(), run.left.clone()),
            Phase::Lobby => (vec![false; self.seats.len()], vec![false; self.seats.len()]),
        };
        let id = match self.open_game(game, Vec::new()).await {
            Ok(id) => id,
            Err(e) => {
                self.closed = Some(CloseReason::Broken(e.to_string()));
                return;
            }
        };
        if let Phase::Playing(run) = &mut self.phase {
            run.autoplay = autoplay;
            run.left = left;
        }
        self.emit(TableEvent::Started {
            game: id,
            seats: self.seats.clone(),
            version: 0,
            resumed: false,
        });
        self.announce_turn();
    }

    /// A pot game's next game: players who left give up their seats, those
    /// who asked to join sit down, and a new game is dealt and its pot
    /// filled — or the table goes back to its lobby when the seats no longer
    /// make a game, or closes when no human is left.
    async fn play_on(&mut self) {
        let (left, autoplay) = match &self.phase {
            Phase::Playing(run) => (run.left.clone(), run.autoplay.clone()),
            Phase::Lobby => (Vec::new(), Vec::new()),
        };
        let mut seats = Vec::new();
        let mut joins = Vec::new();
        let mut auto = Vec::new();
        for (s, occupant) in self.seats.iter().enumerate() {
            if !left.get(s).copied().unwrap_or(false) {
                seats.push(*occupant);
                joins.push(self.joins.get(s).copied().unwrap_or_default());
                auto.push(autoplay.get(s).copied().unwrap_or(false));
            }
        }
        let max = self.max_seats();
        for (user, args) in std::mem::take(&mut self.waiting) {
            if seats.len() < max {
                seats.push(Occupant::Human(user));
                joins.push(args);
                auto.push(false);
            }
        }
        self.seats = seats;
        self.joins = joins;
        if self.humans() == 0 {
            self.closed = Some(CloseReason::OnlyAi);
            return;
        }
        if self.seat_of(self.host).is_none() {
            // The earliest human seated hosts from now on.
            self.host = self
                .seats
                .iter()
                .find_map(|o| o.user())
                .unwrap_or(self.host);
        }
        if !G::seat_range(&self.rules).contains(&self.seats.len()) {
            self.phase = Phase::Lobby;
            self.lobby_changed();
            return;
        }
        let game = match G::deal(self.rules.clone(), self.seats.len(), &mut self.rng) {
            Ok(g) => g,
            Err(e) => {
                self.closed = Some(CloseReason::Broken(e.to_string()));
                return;
            }
        };
        // A seat that cannot pay for the next game (its entry into the pot,
        // and the table's minimum) closes the table with that reason and
        // its figures, not as a failure of ours.
        let entry = game.pot_entry(self.options.stake).unwrap_or_default();
        for (seat, occupant) in self.seats.iter().enumerate() {
            let Some(user) = occupant.user() else {
                continue;
            };
            let needed = entry
                .get(seat)
                .copied()
                .unwrap_or(0)
                .max(self.min_balance());
            match self.store.balance(self.server, user).await {
                Ok(balance) if balance < needed => {
                    self.closed = Some(CloseReason::ShortOfChips {
                        user,
                        balance,
                        needed,
                    });
                    return;
                }
                Ok(_) => {}
                Err(e) => {
                    self.closed = Some(CloseReason::Broken(e.to_string()));
                    return;
                }
            }
        }
        let id = match self.open_game(game, Vec::new()).await {
            Ok(id) => id,
            Err(e) => {
                // Most likely a player cannot pay the next ante.
                self.emit(TableEvent::Trouble {
                    message: format!("the next game could not start: {e}"),
                });
                self.closed = Some(CloseReason::Broken(e.to_string()));
                return;
            }
        };
        if let Phase::Playing(run) = &mut self.phase {
            run.autoplay = auto;
        }
        self.emit(TableEvent::Started {
            game: id,
            seats: self.seats.clone(),
            version: 0,
            resumed: false,
        });
        self.announce_turn();
    }

    async fn admin_cancel(&mut self, by: UserId, reason: &str) -> Result<(), TableError> {
        match self.phase {
            Phase::Lobby => self.closed = Some(CloseReason::Cancelled),
            Phase::Playing(_) => self.abandon(CloseReason::Stopped { by }, reason).await,
        }
        Ok(())
    }

    /// Cancels the running game in the store (releasing its chips) and
    /// closes the table.
    async fn abandon(&mut self, why: CloseReason, reason: &str) {
        if let Phase::Playing(run) = &self.phase {
            // A pot game cut short pays what was won and shares its pot back.
            if let Some(payout) = run.game.close_payout(self.options.stake) {
                let id = run.id;
                let owed = payout.deltas.clone();
                // The record says the table closed: a replay must not play
                // the game on to an ending that was never paid.
                let mut record = record_json(&run.game);
                if let Some(fields) = record.as_object_mut() {
                    fields.insert("closed".into(), serde_json::Value::Bool(true));
                }
                match self.store.settle(id, payout.into_settlement(record)).await {
                    Ok(report) => {
                        let result = GameResult {
                            outcome: None,
                            capped: capped_losses(&owed, &report),
                        };
                        self.emit(TableEvent::Settled {
                            game: id,
                            result: Box::new(result),
                            report: Box::new(report),
                            view: Box::new(run.game.view(None)),
                        });
                        self.closed = Some(why);
                        return;
                    }
                    Err(e) => self.emit(TableEvent::Trouble {
                        message: format!("settling game #{id} failed, cancelling it: {e}"),
                    }),
                }
            }
        }
        if let Phase::Playing(run) = &self.phase {
            if let Err(e) = self.store.cancel(run.id, reason).await {
                self.emit(TableEvent::Trouble {
                    message: format!("cancelling game #{} failed: {e}", run.id),
                });
            }
        }
        self.closed = Some(why);
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

    // ---- timers ------------------------------------------------------

    /// How long `seat` may take: a bot's short pause, or a human's turn.
    fn wait_for(&self, run: &Running<G>, seat: Seat) -> Duration {
        let bot_plays = self.seats.get(seat) == Some(&Occupant::Ai)
            || run.autoplay.get(seat).copied().unwrap_or(true);
        if bot_plays {
            self.config.ai_delay()
        } else {
            self.timeout(run.game.timer_kind())
        }
    }

    fn next_deadline(&self) -> Option<Instant> {
        match &self.phase {
            Phase::Lobby => Some(self.lobby_since + self.config.lobby_idle()),
            // A game over as it was dealt waits for nothing: it is settled
            // now (or when a failed settlement is tried again).
            Phase::Playing(run) if run.game.is_finished() => Some(run.turn_started),
            Phase::Playing(run) => run
                .game
                .waiting_on()
                .into_iter()
                .map(|s| run.turn_started + self.wait_for(run, s))
                .chain(self.step_due(run).map(|(at, _, _)| at))
                .min(),
        }
    }

    /// The table's own next step and when it is due.
    fn step_due(&self, run: &Running<G>) -> Option<(Instant, Seat, G::Action)> {
        let (seat, action, pause) = run.game.table_step()?;
        let pause = pause.unwrap_or_else(|| self.config.ai_delay());
        let since = if run.game.step_from_last_step() {
            run.last_step
        } else {
            run.last_action.max(run.turn_started)
        };
        Some((since + pause, seat, action))
    }

    async fn on_timer(&mut self) {
        let now = Instant::now();
        let due = match &self.phase {
            Phase::Lobby => {
                if now >= self.lobby_since + self.config.lobby_idle() {
                    self.closed = Some(CloseReason::LobbyIdle);
                }
                return;
            }
            Phase::Playing(run) if run.game.is_finished() => {
                if now >= run.turn_started {
                    self.settle_dealt().await;
                }
                return;
            }
            Phase::Playing(run) => {
                if let Some((at, seat, action)) = self.step_due(run) {
                    if now >= at {
                        let version = run.version;
                        if let Err(e) = self.apply(seat, action, Actor::Table, version).await {
                            self.step_failed(e).await;
                        }
                        return;
                    }
                }
                run.game
                    .waiting_on()
                    .into_iter()
                    .find(|&s| now >= run.turn_started + self.wait_for(run, s))
            }
        };
        let Some(seat) = due else { return };
        let mut actor = if self.seats[seat] == Occupant::Ai {
            Actor::Ai
        } else {
            Actor::Autoplay
        };
        let (action, version) = {
            let Phase::Playing(run) = &mut self.phase else {
                return;
            };
            // A human out of time whom the game plays for once: autoplay
            // stays off, so the seat's next turn waits the full timeout.
            let once = if actor == Actor::Autoplay && !run.autoplay[seat] {
                run.game.timeout_action(seat)
            } else {
                None
            };
            if let Some(action) = once {
                actor = Actor::TimedOut;
                (action, run.version)
            } else {
                if actor == Actor::Autoplay && !run.autoplay[seat] {
                    run.autoplay[seat] = true;
                    let _ = self.events.send(TableEvent::Autoplay { seat, on: true });
                }
                let legal = run.game.legal_actions(seat);
                if legal.is_empty() {
                    self.break_down("the game waits on a seat that has no legal action")
                        .await;
                    return;
                }
                let view = run.game.view(Some(seat));
                let bot = self.bot.get_or_insert_with(|| G::bot_for(&self.rules));
                if bot.may_block() {
                    // Its own generator, drawn from the table's: the table
                    // may deal a next game before the thread is back.
                    let mut rng = ChaCha8Rng::seed_from_u64(self.rng.next_u64());
                    let mut bot = self.bot.take().expect("the bot was just put in place");
                    self.thinking = Some(Thinking {
                        game: run.id,
                        version: run.version,
                        seat,
                        actor,
                        task: tokio::task::spawn_blocking(move || {
                            let action = bot.choose(&view, &legal, &mut rng);
                            (bot, action)
                        }),
                    });
                    return;
                }
                (bot.choose(&view, &legal, &mut self.rng), run.version)
            }
        };
        if let Err(e) = self.apply(seat, action, actor, version).await {
            self.step_failed(e).await;
        }
    }

    /// A decision made off the task is back: the bot returns to the table,
    /// and the move is applied if the state is still the one it was
    /// decided on. Otherwise (a player acted, took the seat back, the game
    /// ended or was cancelled meanwhile) it is dropped, and the timers
    /// decide again from the new state.
    async fn decided(&mut self, done: Result<Decided<G>, JoinError>) {
        let Some(t) = self.thinking.take() else {
            return;
        };
        let action = match done {
            Ok((bot, action)) => {
                self.bot = Some(bot);
                action
            }
            Err(e) => {
                // The bot panicked: the seat cannot be played.
                self.break_down(&format!("the bot failed: {e}")).await;
                return;
            }
        };
        let current = match &self.phase {
            Phase::Playing(run) => {
                run.id == t.game
                    && run.version == t.version
                    && (t.actor != Actor::Autoplay || run.autoplay[t.seat])
            }
            Phase::Lobby => false,
        };
        if !current {
            return;
        }
        if let Err(e) = self.apply(t.seat, action, t.actor, t.version).await {
            self.step_failed(e).await;
        }
    }

    /// A move the table made by itself (a bot's, a table step) failed.
    async fn step_failed(&mut self, e: TableError) {
        match e {
            // Only a transient failure comes back from `apply`: a
            // permanent one has already closed the table.
            TableError::Store(e) if e.transient => self.retry_later(e),
            TableError::Store(_) => {}
            TableError::Closed => {}
            other => {
                self.break_down(&format!("the table's own move was refused: {other}"))
                    .await
            }
        }
    }

    /// A move could not be stored. A transient failure leaves the table as
    /// it was (the player, or the bot after a pause, tries again). A
    /// permanent one ends the table instead of retrying for ever: when the
    /// game was moved on by another writer or is already over, its chips
    /// are that writer's business and nothing is written here; any other
    /// refusal cancels the game, refunding what it held.
    async fn store_failed(&mut self, id: GameId, e: StoreError) -> TableError {
        if e.transient {
            return TableError::Store(e);
        }
        if e.game_lost() {
            let why = format!("game #{id} can no longer be saved here: {e}");
            self.emit(TableEvent::Trouble {
                message: why.clone(),
            });
            self.closed = Some(CloseReason::Broken(why));
        } else {
            self.break_down(&format!("saving game #{id} was refused: {e}"))
                .await;
        }
        TableError::Store(e)
    }

    fn retry_later(&mut self, e: StoreError) {
        self.emit(TableEvent::Trouble {
            message: format!("saving the move failed, retrying: {e}"),
        });
        if let Phase::Playing(run) = &mut self.phase {
            run.turn_started = Instant::now() + RETRY_AFTER;
        }
    }

    /// The game cannot go on: say why, cancel it (releasing its chips) and
    /// close the table.
    async fn break_down(&mut self, why: &str) {
        self.emit(TableEvent::Trouble {
            message: why.to_string(),
        });
        self.abandon(CloseReason::Broken(why.to_string()), why)
            .await;
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

/// The snapshot: the game's record as JSON (resume = replay it).
pub(super) fn record_json<G: TableGame>(game: &G) -> serde_json::Value {
    serde_json::to_value(game.record()).unwrap_or(serde_json::Value::Null)
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
