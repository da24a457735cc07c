//! The table's game: dealing it from the balances and opening it in the
//! store, players' actions and hints, applying an action and saving it (or
//! putting the game back when the write fails), settling a finished game,
//! the game that follows, and closing a game cut short (an admin's stop,
//! every player gone, a table that breaks down).

use super::*;
use crate::fair::deal_rng;

impl<G: TableGame, S: TableStore> Table<G, S> {
    pub(super) async fn start(&mut self, by: UserId) -> Result<GameId, TableError> {
        self.in_lobby()?;
        self.host_only(by)?;
        if let Some(Some((game, fair))) = self.held_next.take() {
            // The game the last one gave, same seats: nothing to check
            // but what opening it holds.
            let id = self.open_game(game, Vec::new(), fair).await?;
            self.started(id);
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
            let (game, balances, fair) = self.deal_from_balances().await?;
            match self.open_game(game, balances, fair).await {
                Err(TableError::Store(e))
                    if e.key == crate::keys::ERR_BALANCE_CHANGED && attempt < 2 =>
                {
                    attempt += 1;
                }
                Err(e) => return Err(e),
                Ok(id) => {
                    self.started(id);
                    return Ok(id);
                }
            }
        }
    }

    /// Reads the seated players' balances (when the game asks for them)
    /// and deals the first game from them, from a fresh seed; returns the
    /// game, the balances read, per seat, and the seed.
    pub(super) async fn deal_from_balances(
        &mut self,
    ) -> Result<(G, Vec<Option<i64>>, FairDeal), TableError> {
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
                Some(user) if G::MONEY.reads_balance() => {
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
        let fair = self.seeds.next();
        let mut rng = deal_rng(&fair.seed);
        let game = G::deal_table(self.rules.clone(), &setups, &mut rng)
            .map_err(|e| TableError::bad_option(e.to_string()))?;
        if self.seeds.bots_follow_the_deal() {
            self.rng = rng;
        }
        Ok((game, setups.iter().map(|s| s.balance).collect(), fair))
    }

    /// Records `game` for the current seats, holds each human seat's entry
    /// into the pot and saves the first snapshot — one store call, one
    /// transaction — and makes it the table's game. `balances`: those the
    /// game was dealt from (empty: none), which the ledger checks as it
    /// records the start balances. `fair`: the seed `game` was dealt from,
    /// stored with it and committed with its id. On failure nothing was
    /// stored and the table is as it was.
    pub(super) async fn open_game(
        &mut self,
        game: G,
        balances: Vec<Option<i64>>,
        fair: FairDeal,
    ) -> Result<GameId, TableError> {
        let entry = crate::table::kind::pot_entry(&game, self.options.stake).ok_or_else(|| {
            TableError::option(
                crate::keys::ERR_OPTION_OVERFLOW,
                "the chips of this game overflow",
            )
        })?;
        let id = self
            .store
            .open_game(self.new_game(balances), entry, record_json(&game, &fair))
            .await?;
        self.begin(id, game, 0, fair);
        Ok(id)
    }

    /// The stored form of a game about to start at the current seats.
    /// The stored form of a new game at this table; `balances` are those
    /// it was dealt from (empty: none read).
    pub(super) fn new_game(&self, balances: Vec<Option<i64>>) -> NewGame {
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

    pub(super) fn begin(&mut self, id: GameId, game: G, version: u64, fair: FairDeal) {
        let run = Running::new(id, game, version, self.seats.len(), Some(fair));
        self.phase = Phase::Playing(run);
    }

    /// Says that game `id`, just dealt at the current seats, has begun,
    /// and whose turn it is.
    pub(super) fn started(&self, id: GameId) {
        crate::ops::metrics::game_started(G::KIND);
        let commitment = match &self.phase {
            Phase::Playing(run) => run.commitment(),
            Phase::Lobby => None,
        };
        self.emit(TableEvent::Started {
            game: id,
            seats: self.seats.clone(),
            version: 0,
            resumed: false,
            commitment,
        });
        self.announce_turn();
    }

    pub(super) fn announce_turn(&self) {
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

    pub(super) fn timeout(&self, timer: TimerKind) -> Duration {
        match timer {
            TimerKind::Bidding => self.config.bid_timeout(),
            TimerKind::Play => self.config.play_timeout(),
        }
    }

    pub(super) async fn act(
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
                crate::keys::ERR_TIMER_ONLY,
                "only the turn timer plays that action",
            )
            .into());
        }
        // Acting at all shows the player is back, even if this action is
        // refused (it was likely made while the bot played for them).
        if run.autoplay[seat] {
            self.set_autoplay(seat, false).await;
        }
        self.apply(seat, action, Actor::Player, version).await
    }

    pub(super) async fn take_back(&mut self, user: UserId) -> Result<(), TableError> {
        let seat = self.own_seat(user)?;
        let Phase::Playing(run) = &mut self.phase else {
            return Err(TableError::NotPlaying);
        };
        if run.autoplay[seat] {
            // The returning player gets a full turn's time.
            run.turn_started = Instant::now();
            self.set_autoplay(seat, false).await;
        }
        Ok(())
    }

    /// 托管 switched on by the seat's player: the bot plays the seat at the
    /// AI's pace from now on, until the player takes it back or acts.
    pub(super) async fn autoplay_on(&mut self, user: UserId) -> Result<(), TableError> {
        let seat = self.own_seat(user)?;
        if !G::offers_autoplay() {
            return Err(RuleError::new(
                ErrorCode::IllegalAction,
                crate::keys::ERR_AUTOPLAY_NOT_HERE,
                "this game does not hand a seat to the computer",
            )
            .into());
        }
        let Phase::Playing(run) = &mut self.phase else {
            return Err(TableError::NotPlaying);
        };
        if !run.autoplay[seat] {
            // Its next move comes at the AI's pace, counted from now.
            run.turn_started = Instant::now();
            self.set_autoplay(seat, true).await;
        }
        Ok(())
    }

    /// The seat `user` plays in the running game, still in it.
    fn own_seat(&self, user: UserId) -> Result<Seat, TableError> {
        let seat = self.seat_of(user).ok_or(TableError::NotSeated)?;
        let Phase::Playing(run) = &self.phase else {
            return Err(TableError::NotPlaying);
        };
        if run.left[seat] {
            return Err(TableError::NotSeated);
        }
        if let Some(gone) = run.game.seat_gone(seat) {
            return Err(gone.into());
        }
        Ok(seat)
    }

    /// Puts `seat` on 托管 or takes it off, keeps that with the game (so a
    /// restart resumes it), and tells every subscriber. The table's state
    /// is the truth: a store that cannot keep it is reported as trouble,
    /// and at worst a resumed game waits on the player again.
    pub(super) async fn set_autoplay(&mut self, seat: Seat, on: bool) {
        let Phase::Playing(run) = &mut self.phase else {
            return;
        };
        run.autoplay[seat] = on;
        let id = run.id;
        if let Err(e) = self.store.set_autoplay(id, seat, on).await {
            self.emit(TableEvent::Trouble {
                message: format!("托管 of seat {seat} could not be saved: {e}"),
            });
        }
        self.emit(TableEvent::Autoplay { seat, on });
    }

    /// Answers a hint, off the task when the bot may take long (the
    /// answer needs nothing of the table once the view is taken).
    pub(super) fn hint(&mut self, user: UserId, reply: Reply<G::Action>) {
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
    pub(super) fn hint_for(
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
        // draws from its own generator: a fresh one, or at a table whose
        // player chose the seed one the version gives (the same hint again).
        let rng = match self.options.seed {
            Some(_) => ChaCha8Rng::seed_from_u64(run.version),
            None => super::super::seeds::bot_rng(None),
        };
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
    pub(super) async fn apply(
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
    pub(super) async fn pay_out(&mut self) -> Result<TableEvent<G>, PayFailed> {
        let Phase::Playing(run) = &self.phase else {
            return Err(PayFailed::Overflow);
        };
        let payout = run
            .game
            .payout(self.options.stake)
            .ok_or(PayFailed::Overflow)?;
        let owed = payout.deltas.clone();
        let (record, fair) = run.final_record();
        let contest = run.game.contest(&payout);
        let mut settlement = payout.into_settlement(record);
        settlement.contest = contest;
        let report = self
            .store
            .settle(run.id, settlement)
            .await
            .map_err(PayFailed::Store)?;
        crate::ops::metrics::game_finished(G::KIND);
        let result = GameResult {
            outcome: run.game.outcome(),
            capped: capped_losses(&owed, &report),
            fair,
            owed,
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
    pub(super) async fn settle_dealt(&mut self) {
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
    pub(super) async fn undo_last_action(&mut self) {
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
    pub(super) async fn follow_up(&mut self) {
        if self.config.pause_between_games && G::plays_on(&self.rules) {
            // Nothing is dealt or staked until the host says so (`start`).
            let fair = self.seeds.next();
            let next = match &self.phase {
                Phase::Playing(run) => run.game.next_game(&mut deal_rng(&fair.seed)),
                Phase::Lobby => None,
            };
            let next = next.map(|game| (game, fair));
            self.held_next = Some(next);
            self.phase = Phase::Lobby;
            self.lobby_since = Instant::now();
            return;
        }
        // A table that plays on seats its players again when one left, so
        // the game's own next deal (which keeps the seats) waits for that.
        let someone_left =
            matches!(&self.phase, Phase::Playing(run) if run.left.iter().any(|l| *l));
        let fair = self.seeds.next();
        let next = match &self.phase {
            Phase::Playing(run) if !(G::plays_on(&self.rules) && someone_left) => {
                run.game.next_game(&mut deal_rng(&fair.seed))
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
        let id = match self.open_game(game, Vec::new(), fair).await {
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
        self.started(id);
    }

    /// A pot game's next game: players who left give up their seats, those
    /// who asked to join sit down, and a new game is dealt and its pot
    /// filled — or the table goes back to its lobby when the seats no longer
    /// make a game, or closes when no human is left.
    pub(super) async fn play_on(&mut self) {
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
        let fair = self.seeds.next();
        let game = match G::deal(
            self.rules.clone(),
            self.seats.len(),
            &mut deal_rng(&fair.seed),
        ) {
            Ok(g) => g,
            Err(e) => {
                self.closed = Some(CloseReason::Broken(e.to_string()));
                return;
            }
        };
        // A seat that cannot pay for the next game (its entry into the pot,
        // and the table's minimum) closes the table with that reason and
        // its figures, not as a failure of ours.
        let entry = crate::table::kind::pot_entry(&game, self.options.stake).unwrap_or_default();
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
        let id = match self.open_game(game, Vec::new(), fair).await {
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
        self.started(id);
    }

    pub(super) async fn admin_cancel(
        &mut self,
        by: UserId,
        reason: &str,
    ) -> Result<(), TableError> {
        match self.phase {
            Phase::Lobby => self.closed = Some(CloseReason::Cancelled),
            Phase::Playing(_) => self.abandon(CloseReason::Stopped { by }, reason).await,
        }
        Ok(())
    }

    /// Cancels the running game in the store (releasing its chips) and
    /// closes the table.
    pub(super) async fn abandon(&mut self, why: CloseReason, reason: &str) {
        if let Phase::Playing(run) = &self.phase {
            // A pot game cut short pays what was won and shares its pot back.
            if let Some(payout) = crate::table::kind::close_payout(&run.game, self.options.stake) {
                let id = run.id;
                let owed = payout.deltas.clone();
                // The record says the table closed: a replay must not play
                // the game on to an ending that was never paid.
                let (mut record, fair) = run.final_record();
                if let Some(fields) = record.as_object_mut() {
                    fields.insert("closed".into(), serde_json::Value::Bool(true));
                }
                match self.store.settle(id, payout.into_settlement(record)).await {
                    Ok(report) => {
                        let result = GameResult {
                            outcome: None,
                            capped: capped_losses(&owed, &report),
                            fair,
                            owed,
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
}
