//! The table before its game: seats taken and left, AI seats added and
//! removed, places swapped, the host's cancel — and leaving, in the lobby
//! and during a game (where the game's own leave rules apply).

use super::*;

impl<G: TableGame, S: TableStore> Table<G, S> {
    pub(super) fn lobby_changed(&mut self) {
        self.lobby_since = Instant::now();
        self.emit(TableEvent::LobbyChanged {
            seats: self.seats.clone(),
            host: self.host,
        });
    }

    pub(super) fn in_lobby(&self) -> Result<(), TableError> {
        match self.phase {
            Phase::Lobby => Ok(()),
            Phase::Playing(_) => Err(TableError::AlreadyStarted),
        }
    }

    pub(super) fn host_only(&self, by: UserId) -> Result<(), TableError> {
        if by == self.host {
            Ok(())
        } else {
            Err(TableError::NotHost)
        }
    }

    /// The fewest chips a seat needs here ([`TableGame::min_balance`]),
    /// never less than 1.
    pub(super) fn min_balance(&self) -> i64 {
        G::min_balance(&self.rules, self.options.stake).max(1)
    }

    pub(super) fn max_seats(&self) -> usize {
        *G::seat_range(&self.rules).end()
    }

    pub(super) async fn join(&mut self, user: UserId, args: JoinArgs) -> Result<(), TableError> {
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
                crate::keys::ERR_BALANCE_BELOW_TABLE,
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
    pub(super) fn ai_placeholder(&self) -> bool {
        G::FILL_WITH_AI && self.seats.contains(&Occupant::Ai)
    }

    pub(super) fn add_ai(&mut self, by: UserId) -> Result<(), TableError> {
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

    pub(super) fn remove_ai(&mut self, by: UserId) -> Result<(), TableError> {
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
    pub(super) fn sit(&mut self, user: UserId, seat: Seat) -> Result<(), TableError> {
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

    pub(super) fn cancel(&mut self, by: UserId) -> Result<(), TableError> {
        self.in_lobby()?;
        self.host_only(by)?;
        self.closed = Some(CloseReason::Cancelled);
        Ok(())
    }

    pub(super) async fn leave(&mut self, user: UserId) -> Result<(), TableError> {
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
}
