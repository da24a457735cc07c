//! The table's clock: when it next has something to do (a turn running
//! out, the bot's pause, the table's own step, a finished game to settle,
//! an idle lobby), what it does then, the bot's decision coming back from
//! its thread, and what a failed move of the table's own leads to.

use super::*;

impl<G: TableGame, S: TableStore> Table<G, S> {
    /// How long `seat` may take: a bot's short pause, or a human's turn.
    pub(super) fn wait_for(&self, run: &Running<G>, seat: Seat) -> Duration {
        let bot_plays = self.seats.get(seat) == Some(&Occupant::Ai)
            || run.autoplay.get(seat).copied().unwrap_or(true);
        if bot_plays {
            self.config.ai_delay()
        } else {
            self.timeout(run.game.timer_kind())
        }
    }

    pub(super) fn next_deadline(&self) -> Option<Instant> {
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
    pub(super) fn step_due(&self, run: &Running<G>) -> Option<(Instant, Seat, G::Action)> {
        let (seat, action, pause) = run.game.table_step()?;
        let pause = pause.unwrap_or_else(|| self.config.ai_delay());
        let since = if run.game.step_from_last_step() {
            run.last_step
        } else {
            run.last_action.max(run.turn_started)
        };
        Some((since + pause, seat, action))
    }

    pub(super) async fn on_timer(&mut self) {
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
                    self.set_autoplay(seat, true).await;
                }
                let Phase::Playing(run) = &mut self.phase else {
                    return;
                };
                let legal = run.game.legal_actions(seat);
                if legal.is_empty() {
                    self.break_down("the game waits on a seat that has no legal action")
                        .await;
                    return;
                }
                let view = run.game.view(Some(seat));
                let bot = self.bot.get_or_insert_with(|| G::bot_for(&self.rules));
                if bot.may_block() {
                    // Its own generator, drawn from the table's bots' (the
                    // table deals on while the thread thinks): keyed by 256
                    // bits of it, or at a table whose player chose the seed
                    // by 64 as ever, so that seed plays the same game.
                    let mut rng = match self.seeds.chosen {
                        Some(_) => ChaCha8Rng::seed_from_u64(self.rng.next_u64()),
                        None => ChaCha8Rng::from_rng(&mut self.rng)
                            .unwrap_or_else(|_| ChaCha8Rng::seed_from_u64(self.rng.next_u64())),
                    };
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

    /// Whether the seats waited on now have not been looked at yet for a
    /// forced pass (要不起) to make at once: some are people playing their
    /// own seat (not on 托管, not gone).
    pub(super) fn autopass_due(&self) -> bool {
        let Phase::Playing(run) = &self.phase else {
            return false;
        };
        run.pass_checked != Some(run.version)
            && !run.game.is_finished()
            && run
                .game
                .waiting_on()
                .into_iter()
                .any(|s| self.own_player(run, s).is_some())
    }

    /// The person who plays `seat` now, if it is a person playing it
    /// (not on 托管, not gone).
    fn own_player(&self, run: &Running<G>, seat: Seat) -> Option<UserId> {
        let user = self.seats.get(seat)?.user()?;
        let away = run.autoplay.get(seat).copied().unwrap_or(true)
            || run.left.get(seat).copied().unwrap_or(true);
        (!away).then_some(user)
    }

    /// Looks once at the seats waited on now: one whose only move is the
    /// pass (要不起), played by a person who chose to pass at once then
    /// ([`TableStore::autopass`]), passes now, as the player would. A
    /// preference that cannot be read leaves the player asked, as ever.
    pub(super) async fn autopass(&mut self) {
        let Phase::Playing(run) = &mut self.phase else {
            return;
        };
        let version = run.version;
        run.pass_checked = Some(version);
        let forced: Vec<(Seat, UserId, G::Action)> = match &self.phase {
            Phase::Playing(run) => run
                .game
                .waiting_on()
                .into_iter()
                .filter_map(|s| {
                    let user = self.own_player(run, s)?;
                    Some((s, user, run.game.forced_pass(s)?))
                })
                .collect(),
            Phase::Lobby => return,
        };
        for (seat, user, pass) in forced {
            match self.store.autopass(self.server, user).await {
                Ok(true) => {
                    if let Err(e) = self.apply(seat, pass, Actor::AutoPass, version).await {
                        self.step_failed(e).await;
                    }
                    return;
                }
                Ok(false) => {}
                Err(e) => tracing::warn!(user, "the 要不起 choice could not be read: {e}"),
            }
        }
    }

    /// A decision made off the task is back: the bot returns to the table,
    /// and the move is applied if the state is still the one it was
    /// decided on. Otherwise (a player acted, took the seat back, the game
    /// ended or was cancelled meanwhile) it is dropped, and the timers
    /// decide again from the new state.
    pub(super) async fn decided(&mut self, done: Result<Decided<G>, JoinError>) {
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
    pub(super) async fn step_failed(&mut self, e: TableError) {
        match e {
            // Only a transient failure comes back from `apply`: a
            // permanent one has already closed the table.
            TableError::Store(e) if e.is_transient() => self.retry_later(e),
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
    pub(super) async fn store_failed(&mut self, id: GameId, e: StoreError) -> TableError {
        if e.is_transient() {
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

    pub(super) fn retry_later(&mut self, e: StoreError) {
        self.emit(TableEvent::Trouble {
            message: format!("saving the move failed, retrying: {e}"),
        });
        if let Phase::Playing(run) = &mut self.phase {
            run.turn_started = Instant::now() + RETRY_AFTER;
        }
    }

    /// The game cannot go on: say why, cancel it (releasing its chips) and
    /// close the table.
    pub(super) async fn break_down(&mut self, why: &str) {
        self.emit(TableEvent::Trouble {
            message: why.to_string(),
        });
        self.abandon(CloseReason::Broken(why.to_string()), why)
            .await;
    }
}
