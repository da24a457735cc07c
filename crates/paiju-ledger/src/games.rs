//! Games in the ledger: opening a game (locking its players' chips), holds
//! into escrow, snapshots, settlement, cancellation and resume at start-up.

use super::db::{self, Bind, Lock};
use super::ratings::{self, model::Contest, model::RatingReport, RatingInput};
use super::raw::Raw;
use super::shares::{share_out, ShareError};
use super::{
    add_to_balance, check_key, db_id, from_db_id, journal, now_unix, parse_json, positive, reason,
    running_game_of, GameId, GameStatus, Ledger, LedgerError, NewGame, ServerId, SettleReport,
    Settlement, StoredGame, Tx, UserId,
};
use std::collections::HashSet;

/// The most seats a game may have.
const MAX_SEATS: usize = 16;

/// A human seat of a game, as stored.
struct SeatRow {
    seat: usize,
    user: UserId,
    start_balance: i64,
    held: i64,
}

/// The parts of a game row the money operations need.
struct GameHead {
    server: ServerId,
    status: GameStatus,
    seats: Vec<Option<UserId>>,
    result: Option<String>,
}

async fn game_head(tx: &mut Tx, game: GameId) -> Result<GameHead, LedgerError> {
    let row: Option<(i64, String, String, Option<String>)> =
        db::query_as("SELECT server_id, status, seats, result FROM games WHERE id = $1")
            .bind(game)
            .fetch_optional(&mut *tx)
            .await?;
    let (server, status, seats, result) = row.ok_or(LedgerError::UnknownGame { game })?;
    Ok(GameHead {
        server: from_db_id(server),
        status: GameStatus::parse(&status)?,
        seats: parse_json(&seats, "seats")?,
        result,
    })
}

fn not_running(game: GameId, status: GameStatus) -> LedgerError {
    LedgerError::GameNotRunning {
        game,
        status: status.as_str().to_string(),
    }
}

async fn seat_rows(tx: &mut Tx, game: GameId) -> Result<Vec<SeatRow>, LedgerError> {
    let rows: Vec<(i64, i64, i64, i64)> = db::query_as(
        "SELECT seat, user_id, start_balance, held FROM game_seats WHERE game_id = $1 ORDER BY seat",
    )
    .bind(game)
    .fetch_all(&mut *tx)
    .await?;
    Ok(rows
        .into_iter()
        .map(|(seat, user, start_balance, held)| SeatRow {
            seat: seat as usize,
            user: from_db_id(user),
            start_balance,
            held,
        })
        .collect())
}

/// Numbered placeholders (`$1`, `$2`, …) for a statement built at run
/// time: both databases take this form.
#[derive(Default)]
struct Placeholders(usize);

impl Placeholders {
    fn next(&mut self) -> String {
        self.0 += 1;
        format!("${}", self.0)
    }

    /// `n` placeholders separated by commas.
    fn take(&mut self, n: usize) -> String {
        (0..n).map(|_| self.next()).collect::<Vec<_>>().join(", ")
    }
}

/// A row of [`head_and_seats_query`]: the game's server, status, seats and
/// result, then one human seat (seat, user, start balance, held) and its
/// user's balance (`None` on the one row of a game without human seats).
type HeadSeatRow = (
    i64,
    String,
    String,
    Option<String>,
    Option<i64>,
    Option<i64>,
    Option<i64>,
    Option<i64>,
    Option<i64>,
);

/// A game's head and its human seats, each with its user's balance now
/// (`None`: no account).
type HeadAndSeats = (GameHead, Vec<(SeatRow, Option<i64>)>);

/// The game's head and its human seats, each with its user's balance now,
/// in one statement (a settlement's whole read).
fn head_and_seats_query(game: GameId) -> db::Query<'static> {
    db::query(
        "SELECT g.server_id, g.status, g.seats, g.result, \
                s.seat, s.user_id, s.start_balance, s.held, a.balance \
         FROM games g LEFT JOIN game_seats s ON s.game_id = g.id \
         LEFT JOIN accounts a ON a.server_id = s.server_id AND a.user_id = s.user_id \
         WHERE g.id = $1 ORDER BY s.seat",
    )
    .bind(game)
}

/// [`head_and_seats_query`], run and decoded (`None` balance: no account).
async fn head_and_seats(tx: &mut Tx, game: GameId) -> Result<HeadAndSeats, LedgerError> {
    let q = head_and_seats_query(game);
    let rows: Vec<HeadSeatRow> = db::query_as(q.sql)
        .bind_all(q.args)
        .fetch_all(&mut *tx)
        .await?;
    decode_head_and_seats(game, rows)
}

fn decode_head_and_seats(
    game: GameId,
    rows: Vec<HeadSeatRow>,
) -> Result<HeadAndSeats, LedgerError> {
    let Some((server, status, seats, result, ..)) = rows.first().cloned() else {
        return Err(LedgerError::UnknownGame { game });
    };
    let head = GameHead {
        server: from_db_id(server),
        status: GameStatus::parse(&status)?,
        seats: parse_json(&seats, "seats")?,
        result,
    };
    let mut out = Vec::with_capacity(rows.len());
    for (.., seat, user, start_balance, held, balance) in rows {
        let (Some(seat), Some(user), Some(start_balance), Some(held)) =
            (seat, user, start_balance, held)
        else {
            continue;
        };
        out.push((
            SeatRow {
                seat: seat as usize,
                user: from_db_id(user),
                start_balance,
                held,
            },
            balance,
        ));
    }
    Ok((head, out))
}

/// A settlement of a game no longer running: the first report again for a
/// finished game (settling twice returns it unchanged), a refusal for a
/// cancelled one; `None` for a running game, to settle.
fn settled_already(game: GameId, head: &GameHead) -> Result<Option<SettleReport>, LedgerError> {
    match head.status {
        GameStatus::Finished => {
            let stored = head.result.as_deref().ok_or_else(|| {
                LedgerError::Corrupt(format!("finished game {game} has no report"))
            })?;
            parse_json(stored, "settlement report").map(Some)
        }
        GameStatus::Cancelled => Err(not_running(game, head.status)),
        GameStatus::Running => Ok(None),
    }
}

/// A game whose shard another process holds, refused as stale.
fn foreign_game(game: GameId, version: i64) -> LedgerError {
    LedgerError::StaleVersion {
        game,
        stored: version,
        given: version,
    }
}

/// What a settlement writes, worked out from what it read.
struct SettlePlan {
    report: SettleReport,
    /// Each statement's SQL and arguments, in order.
    writes: Vec<(String, Vec<db::Arg<'static>>)>,
}

/// Works out a running game's settlement (see [`Ledger::settle`]) from its
/// head and seats as read in the settling transaction.
fn settle_plan(
    game: GameId,
    head: GameHead,
    seats: Vec<(SeatRow, Option<i64>)>,
    s: &Settlement,
    record: String,
    dialect: db::Dialect,
    ratings: Option<RatingReport>,
) -> Result<SettlePlan, LedgerError> {
    let n = head.seats.len();
    if s.deltas.len() != n {
        return Err(LedgerError::BadSettlement(format!(
            "{} deltas for {n} seats",
            s.deltas.len()
        )));
    }
    if let Some(w) = s.winners.iter().find(|&&w| w >= n) {
        return Err(LedgerError::BadSettlement(format!(
            "winner seat {w} out of {n} seats"
        )));
    }
    let seats = seats
        .into_iter()
        .map(|(row, balance)| match balance {
            Some(b) => Ok((row, b)),
            None => Err(LedgerError::Corrupt(format!(
                "seated user {} has no account",
                row.user
            ))),
        })
        .collect::<Result<Vec<_>, _>>()?;
    let mut caps: Vec<Option<i64>> = vec![None; n];
    let mut balances = vec![0i64; n];
    for (row, balance) in &seats {
        if row.seat >= n || head.seats[row.seat] != Some(row.user) {
            return Err(LedgerError::Corrupt(format!(
                "game {game}: seat {} does not match the seat list",
                row.seat
            )));
        }
        balances[row.seat] = *balance;
        let now = balance.saturating_add(row.held);
        caps[row.seat] = Some(row.start_balance.min(now));
    }
    let flows = share_out(&s.deltas, &caps).map_err(|e| {
        LedgerError::BadSettlement(match e {
            ShareError::NotZeroSum { sum } => format!("deltas sum to {sum}, not 0"),
            other => format!("{other:?}"),
        })
    })?;

    let mut paid = vec![0i64; n];
    let mut final_balances: Vec<Option<i64>> = vec![None; n];
    let mut rake_total: i64 = 0;
    // What the settlement writes, gathered first and then written in a
    // few statements whatever the number of seats: the journal rows,
    // the balance changes and the seats' results.
    let mut entries: Vec<(UserId, i64, &str, String)> = Vec::new();
    let mut changes: Vec<(UserId, i64)> = Vec::new();
    for (row, _) in &seats {
        let i = row.seat;
        let flow = flows[i];
        let gain = flow.total();
        let rake = if gain > 0 {
            (gain as i128 * s.rake_percent as i128 / 100) as i64
        } else {
            0
        };
        // Back from escrow plus what the humans paid it: never negative,
        // as a loser pays at most balance + held.
        let settlement = row
            .held
            .checked_add(flow.human)
            .ok_or(LedgerError::AmountTooLarge)?;
        let new_balance = [settlement, flow.house, -rake]
            .into_iter()
            .try_fold(balances[i], |b, x| b.checked_add(x))
            .ok_or(LedgerError::AmountTooLarge)?;
        if new_balance < 0 {
            return Err(LedgerError::Corrupt(format!(
                "game {game}: seat {i} would end below zero"
            )));
        }
        for (amount, why) in [
            (settlement, reason::SETTLEMENT),
            (flow.house, reason::HOUSE),
            (-rake, reason::RAKE),
        ] {
            if amount != 0 {
                entries.push((row.user, amount, why, format!("{why}:{game}:{i}")));
            }
        }
        let delta = new_balance - balances[i];
        if delta != 0 {
            changes.push((row.user, delta));
        }
        paid[i] = gain - rake;
        rake_total = rake_total
            .checked_add(rake)
            .ok_or(LedgerError::AmountTooLarge)?;
        final_balances[i] = Some(new_balance);
    }
    let report = SettleReport {
        paid,
        rake: rake_total,
        balances: final_balances,
        ratings,
    };
    let result =
        serde_json::to_string(&report).map_err(|e| LedgerError::Corrupt(format!("report: {e}")))?;
    let now = now_unix();
    // Every write of the settlement, in a few statements whatever the
    // number of seats (run on SQLite's connection in the same hop as the
    // read, on PostgreSQL one after the other).
    let mut writes = Vec::with_capacity(6);
    if !entries.is_empty() {
        let mut sql = String::from(
            "INSERT INTO journal (server_id, user_id, amount, reason, game_id, counterparty, created_at, idem_key) VALUES ",
        );
        let mut args = Placeholders::default();
        for (i, _) in entries.iter().enumerate() {
            if i > 0 {
                sql.push_str(", ");
            }
            sql.push('(');
            sql.push_str(&args.take(8));
            sql.push(')');
        }
        let mut q = Vec::with_capacity(8 * entries.len());
        for (user, amount, why, key) in entries {
            q.extend([
                db_id(head.server).arg(),
                db_id(user).arg(),
                amount.arg(),
                why.arg(),
                game.arg(),
                None::<i64>.arg(),
                now.arg(),
                key.arg(),
            ]);
        }
        writes.push((sql, q));
    }
    if !changes.is_empty() {
        // Every balance in one statement; the CHECK on the column still
        // refuses a negative balance. Every account changed was read
        // above, in this transaction, so each one is there.
        let mut args = Placeholders::default();
        let mut sql = String::from("UPDATE accounts SET balance = balance + CASE user_id");
        for _ in &changes {
            sql.push_str(&format!(" WHEN {} THEN {}", args.next(), args.next()));
        }
        sql.push_str(&format!(
            " ELSE 0 END WHERE server_id = {} AND user_id IN ({})",
            args.next(),
            args.take(changes.len())
        ));
        let mut q = Vec::with_capacity(3 * changes.len() + 1);
        for (user, delta) in &changes {
            q.extend([db_id(*user).arg(), delta.arg()]);
        }
        q.push(db_id(head.server).arg());
        for (user, _) in &changes {
            q.push(db_id(*user).arg());
        }
        writes.push((sql, q));
    }
    if !seats.is_empty() {
        let mut args = Placeholders::default();
        let mut sql = String::from("UPDATE game_seats SET held = 0, active = 0, paid = CASE seat");
        for _ in &seats {
            sql.push_str(&format!(" WHEN {} THEN {}", args.next(), args.next()));
        }
        sql.push_str(" ELSE paid END, won = CASE seat");
        for _ in &seats {
            sql.push_str(&format!(" WHEN {} THEN {}", args.next(), args.next()));
        }
        sql.push_str(&format!(" ELSE won END WHERE game_id = {}", args.next()));
        let mut q = Vec::with_capacity(4 * seats.len() + 1);
        for (row, _) in &seats {
            q.extend([(row.seat as i64).arg(), report.paid[row.seat].arg()]);
        }
        for (row, _) in &seats {
            q.extend([
                (row.seat as i64).arg(),
                i64::from(s.winners.contains(&row.seat)).arg(),
            ]);
        }
        q.push(game.arg());
        writes.push((sql, q));
    }
    // The record is appended to its own table (see the migration
    // `game_records`: kept in the game's row it split that row's page), and
    // the game's row takes the id the insert just drew, read back by the
    // database's own function — the insert must come right before.
    writes.push((
        "INSERT INTO game_records (game_id, record) VALUES ($1, $2)".to_string(),
        vec![game.arg(), record.arg()],
    ));
    let drawn_id = dialect.last_insert_id();
    writes.push((
        format!(
            "UPDATE games SET status = 'finished', record_id = {drawn_id}, result = $1, \
             finished_at = $2 WHERE id = $3"
        ),
        vec![result.arg(), now.arg(), game.arg()],
    ));
    // The record holds every action now.
    writes.push((
        "DELETE FROM game_actions WHERE game_id = $1".to_string(),
        vec![game.arg()],
    ));
    Ok(SettlePlan { report, writes })
}
/// What the rating of a settling game needs from its head.
fn rating_input(game: GameId, head: &GameHead, kind: String, contest: Contest) -> RatingInput {
    RatingInput {
        server: head.server,
        kind,
        game,
        seats: head.seats.clone(),
        contest,
        now: now_unix(),
    }
}

async fn balance_in(tx: &mut Tx, server: ServerId, user: UserId) -> Result<i64, LedgerError> {
    db::query_scalar("SELECT balance FROM accounts WHERE server_id = $1 AND user_id = $2")
        .bind(db_id(server))
        .bind(db_id(user))
        .fetch_optional(&mut *tx)
        .await?
        .ok_or_else(|| LedgerError::Corrupt(format!("seated user {user} has no account")))
}

impl Ledger {
    /// Opens a game: records each human seat's balance at the start and locks
    /// their chips until it is settled or cancelled. Refuses a user already
    /// seated in a running game of the same server.
    pub async fn create_game(&self, g: NewGame) -> Result<GameId, LedgerError> {
        self.create_game_at(g, &[]).await
    }

    /// [`Ledger::create_game`] for a game dealt from balances its caller
    /// read (Chexuan's reserve for mango is the balance less the bobo):
    /// `expected` gives each seat's balance as read (`None`: not read), and
    /// the transaction that records the start balances refuses to open the
    /// game when one of them changed meanwhile (a `/give` in between), so
    /// the game's figures and the ledger's caps come from the same
    /// balances. Empty `expected` checks nothing.
    pub async fn create_game_at(
        &self,
        g: NewGame,
        expected: &[Option<i64>],
    ) -> Result<GameId, LedgerError> {
        let expected = expected.to_vec();
        let this = self.clone();
        // A game write like the others: on SQLite in the writer's next
        // group (see `open_game`).
        self.write(Lock::Server(db_id(g.server)), move |tx| {
            Box::pin(async move { this.create_game_in(tx, g, &expected).await })
        })
        .await
    }

    /// Opens a game (checking `expected` balances as
    /// [`Ledger::create_game_at`] does), holds each human seat's `entry`
    /// (seat order; zero or missing holds nothing) under the key
    /// `pot-entry`, and stores its first snapshot at version 0 — in one
    /// transaction, so a crash leaves either no game or a game that can be
    /// resumed.
    pub async fn open_game(
        &self,
        g: NewGame,
        expected: &[Option<i64>],
        entry: &[i64],
        snapshot: &serde_json::Value,
    ) -> Result<GameId, LedgerError> {
        let text = serde_json::to_string(snapshot)
            .map_err(|e| LedgerError::BadInput(format!("snapshot: {e}")))?;
        let (expected, entry) = (expected.to_vec(), entry.to_vec());
        let this = self.clone();
        // On SQLite in the group writer's next group, as every game write:
        // a game opened on a transaction of its own took the connection
        // from the writer between its groups, and its commits never woke
        // the checkpoint task nor let the writer catch the log up — ten
        // thousand tables opening grew the log past a gigabyte, and the
        // first group after them stalled half a second while SQLite cut it
        // back.
        self.write(Lock::Server(db_id(g.server)), move |tx| {
            Box::pin(async move {
                let seats = g.seats.clone();
                let id = this.create_game_in(tx, g, &expected).await?;
                for (seat, chips) in entry.iter().enumerate() {
                    if let (Some(Some(user)), true) = (seats.get(seat), *chips > 0) {
                        hold_in(tx, id, *user, *chips, POT_ENTRY).await?;
                    }
                }
                db::query("UPDATE games SET snapshot = $1, version = 0 WHERE id = $2")
                    .bind(text)
                    .bind(id)
                    .execute(&mut *tx)
                    .await?;
                Ok(id)
            })
        })
        .await
    }

    async fn create_game_in(
        &self,
        tx: &mut Tx,
        g: NewGame,
        expected: &[Option<i64>],
    ) -> Result<GameId, LedgerError> {
        if g.seats.is_empty() || g.seats.len() > MAX_SEATS {
            return Err(LedgerError::BadInput(format!(
                "a game has 1 to {MAX_SEATS} seats, not {}",
                g.seats.len()
            )));
        }
        if g.kind.trim().is_empty() || g.kind.len() > 64 {
            return Err(LedgerError::BadInput("a game kind is 1 to 64 bytes".into()));
        }
        if g.stake < 0 {
            return Err(LedgerError::InvalidAmount {
                amount: g.stake,
                why: "a stake must not be negative",
            });
        }
        let mut seen = HashSet::new();
        for user in g.seats.iter().flatten() {
            if !seen.insert(*user) {
                return Err(LedgerError::DuplicateSeat { user: *user });
            }
        }
        // A game opens only in a guild whose shard this process holds: a
        // process that heard a foreign guild's interaction would start a
        // second game beside its host's (issue #32).
        self.check_server_owner(tx, g.server).await?;
        let options = serde_json::to_string(&g.options)
            .map_err(|e| LedgerError::BadInput(format!("options: {e}")))?;
        let seats = serde_json::to_string(&g.seats)
            .map_err(|e| LedgerError::BadInput(format!("seats: {e}")))?;

        let mut starts = Vec::new();
        for (seat, user) in g.seats.iter().enumerate() {
            let Some(user) = *user else { continue };
            let balance = self.ensure_account(tx, g.server, user).await?;
            if let Some(game) = running_game_of(tx, g.server, user).await? {
                return Err(LedgerError::AlreadySeated { user, game });
            }
            if let Some(Some(read)) = expected.get(seat) {
                if *read != balance {
                    return Err(LedgerError::BalanceChanged { user, balance });
                }
            }
            starts.push((seat, user, balance));
        }
        let id: i64 = db::query_scalar(
            "INSERT INTO games (server_id, channel_id, kind, options, seats, stake, status, version, created_at) \
             VALUES ($1, $2, $3, $4, $5, $6, 'running', 0, $7) RETURNING id",
        )
        .bind(db_id(g.server))
        .bind(db_id(g.channel))
        .bind(&g.kind)
        .bind(options)
        .bind(seats)
        .bind(g.stake)
        .bind(now_unix())
        .fetch_one(&mut *tx)
        .await?;
        for (seat, user, balance) in starts {
            db::query(
                "INSERT INTO game_seats (game_id, seat, server_id, user_id, start_balance, held, active) \
                 VALUES ($1, $2, $3, $4, $5, 0, 1)",
            )
            .bind(id)
            .bind(seat as i64)
            .bind(db_id(g.server))
            .bind(db_id(user))
            .bind(balance)
            .execute(&mut *tx)
            .await?;
        }
        Ok(id)
    }

    /// Moves `amount` chips from a seated user's balance into the game's
    /// escrow. Returns the new balance. Replaying `key` returns the balance.
    pub async fn hold(
        &self,
        game: GameId,
        user: UserId,
        amount: i64,
        key: &str,
    ) -> Result<i64, LedgerError> {
        let key = key.to_string();
        let this = self.clone();
        self.write(Lock::GameServer(game), move |tx| {
            Box::pin(async move {
                // Escrow moves only at a table this process hosts, as
                // snapshots and settlements do.
                this.check_owner(tx, game).await?;
                hold_in(tx, game, user, amount, &key).await
            })
        })
        .await
    }

    /// Appends one applied action (a record action, with its seat) to a
    /// running game at `version`: a compare-and-set on the version, as
    /// [`Ledger::save_snapshot`], but writing the action only — two
    /// statements whatever the game's length. Appending the very same
    /// action at the stored version again succeeds (a retried write);
    /// anything else is [`LedgerError::StaleVersion`].
    pub async fn append_action(
        &self,
        game: GameId,
        version: i64,
        action: &serde_json::Value,
    ) -> Result<(), LedgerError> {
        if version < 1 {
            return Err(LedgerError::BadInput(format!(
                "an appended action has a version from 1 (got {version})"
            )));
        }
        let text = serde_json::to_string(action)
            .map_err(|e| LedgerError::BadInput(format!("action: {e}")))?;
        let this = self.clone();
        if let Some(group) = &self.group {
            // SQLite: on the connection itself, so that a group of tables'
            // actions is one hop to its thread (see `raw.rs`).
            return group
                .write_raw(Box::new(move |raw| {
                    this.append_action_raw(raw, game, version, &text)
                }))
                .await;
        }
        self.write(Lock::None, move |tx| {
            Box::pin(async move { this.append_action_in(tx, game, version, text).await })
        })
        .await
    }

    /// The compare-and-set of an appended action: moves the game to
    /// `version` if it is running at the version before (and, with a shard
    /// guard, only while this process holds the game's shard, as
    /// save_snapshot).
    fn append_cas(&self, game: GameId, version: i64) -> db::Query<'_> {
        match &self.guard {
            None => db::query(
                "UPDATE games SET version = $1 \
                 WHERE id = $2 AND status = 'running' AND version + 1 = $1",
            )
            .bind(version)
            .bind(game),
            Some(guard) => db::query(concat!(
                "UPDATE games SET version = $1 \
                 WHERE id = $2 AND status = 'running' AND version + 1 = $1 AND ",
                super::owner_holds_shard!("games.server_id", "$3", "$4", "$5")
            ))
            .bind(version)
            .bind(game)
            .bind(guard.owner.as_str())
            .bind(guard.count)
            .bind(now_unix()),
        }
    }

    /// The action's row, written once the compare-and-set moved the game.
    fn append_insert(game: GameId, version: i64, text: &str) -> db::Query<'_> {
        db::query("INSERT INTO game_actions (game_id, version, action) VALUES ($1, $2, $3)")
            .bind(game)
            .bind(version)
            .bind(text)
    }

    async fn append_action_in(
        &self,
        tx: &mut Tx,
        game: GameId,
        version: i64,
        text: String,
    ) -> Result<(), LedgerError> {
        if self
            .append_cas(game, version)
            .execute(&mut *tx)
            .await?
            .rows_affected()
            == 1
        {
            Self::append_insert(game, version, &text)
                .execute(&mut *tx)
                .await?;
            return Ok(());
        }
        // Refused: say why, as the synchronous form does (the same reads).
        let head: Option<(String, i64)> = db::query_as(APPEND_HEAD)
            .bind(game)
            .fetch_optional(&mut *tx)
            .await?;
        let same: Option<String> = db::query_scalar(STORED_ACTION)
            .bind(game)
            .bind(version)
            .fetch_optional(&mut *tx)
            .await?;
        append_refused(game, version, &text, head, same)
    }

    /// [`Ledger::append_action`] on SQLite's connection: the same
    /// statements as the async path.
    fn append_action_raw(
        &self,
        raw: &mut Raw<'_, '_>,
        game: GameId,
        version: i64,
        text: &str,
    ) -> Result<(), LedgerError> {
        if raw.execute(&self.append_cas(game, version))? == 1 {
            raw.execute(&Self::append_insert(game, version, text))?;
            return Ok(());
        }
        // Refused: say why, as the async form does (the same reads).
        let mut head = None;
        raw.rows(&db::query(APPEND_HEAD).bind(game), |r| {
            head = Some((r.text(0)?.unwrap_or_default(), r.int(1).unwrap_or(0)));
            Ok(())
        })?;
        let mut same = None;
        raw.rows(&db::query(STORED_ACTION).bind(game).bind(version), |r| {
            same = r.text(0)?;
            Ok(())
        })?;
        append_refused(game, version, text, head, same)
    }

    /// Stores the engine's state after an action: a compare-and-set on the
    /// version. `version` must be the stored one + 1 (one action later);
    /// writing the very same snapshot at the stored version again succeeds
    /// (a retried write). Anything else is [`LedgerError::StaleVersion`]:
    /// someone else moved the game on, and this writer's state is lost.
    /// The snapshot replaces the actions appended before it (a compaction).
    pub async fn save_snapshot(
        &self,
        game: GameId,
        version: i64,
        snapshot: &serde_json::Value,
    ) -> Result<(), LedgerError> {
        if version < 0 {
            return Err(LedgerError::BadInput(format!(
                "a game version is not negative (got {version})"
            )));
        }
        let text = serde_json::to_string(snapshot)
            .map_err(|e| LedgerError::BadInput(format!("snapshot: {e}")))?;
        let this = self.clone();
        self.write(Lock::None, move |tx| {
            Box::pin(async move { this.save_snapshot_in(tx, game, version, text).await })
        })
        .await
    }

    async fn save_snapshot_in(
        &self,
        tx: &mut Tx,
        game: GameId,
        version: i64,
        text: String,
    ) -> Result<(), LedgerError> {
        let done = match &self.guard {
            None => {
                db::query(
                    "UPDATE games SET snapshot = $1, version = $2 \
                     WHERE id = $3 AND status = 'running' AND version + 1 = $2",
                )
                .bind(&text)
                .bind(version)
                .bind(game)
                .execute(&mut *tx)
                .await?
            }
            // The same compare-and-set, and only while this process holds
            // the game's shard (one statement: nothing can come between).
            Some(guard) => {
                db::query(concat!(
                    "UPDATE games SET snapshot = $1, version = $2 \
                     WHERE id = $3 AND status = 'running' AND version + 1 = $2 AND ",
                    super::owner_holds_shard!("games.server_id", "$4", "$5", "$6")
                ))
                .bind(&text)
                .bind(version)
                .bind(game)
                .bind(guard.owner.as_str())
                .bind(guard.count)
                .bind(now_unix())
                .execute(&mut *tx)
                .await?
            }
        };
        if done.rows_affected() == 1 {
            db::query("DELETE FROM game_actions WHERE game_id = $1")
                .bind(game)
                .execute(&mut *tx)
                .await?;
            return Ok(());
        }
        let head = game_head(&mut *tx, game).await?;
        if head.status != GameStatus::Running {
            return Err(not_running(game, head.status));
        }
        let appended: Option<i64> =
            db::query_scalar("SELECT version FROM game_actions WHERE game_id = $1 LIMIT 1")
                .bind(game)
                .fetch_optional(&mut *tx)
                .await?;
        let (stored, stored_text): (i64, Option<String>) =
            db::query_as("SELECT version, snapshot FROM games WHERE id = $1")
                .bind(game)
                .fetch_one(&mut *tx)
                .await?;
        if stored == version && appended.is_none() && stored_text.as_deref() == Some(text.as_str())
        {
            return Ok(());
        }
        Err(LedgerError::StaleVersion {
            game,
            stored,
            given: version,
        })
    }

    /// Settles a finished game in one transaction: returns every hold, pays
    /// the deltas (capped at what each loser had at the start, shortfalls
    /// shared per the rules), burns the rake, stores the record and marks the
    /// game finished. Settling again returns the first report unchanged.
    pub async fn settle(&self, game: GameId, s: Settlement) -> Result<SettleReport, LedgerError> {
        self.settle_rated(game, s, None).await
    }

    /// [`Ledger::settle`], and with a `contest` (who played against whom)
    /// the game's ratings in the same transaction (see `ratings`): the
    /// report's `ratings` says what they did, or why the game was not rated.
    pub async fn settle_rated(
        &self,
        game: GameId,
        mut s: Settlement,
        contest: Option<Contest>,
    ) -> Result<SettleReport, LedgerError> {
        if s.rake_percent > 100 {
            return Err(LedgerError::BadSettlement(format!(
                "rake {}% is over 100%",
                s.rake_percent
            )));
        }
        if let Some(c) = &contest {
            c.check(s.deltas.len())
                .map_err(|why| LedgerError::BadSettlement(format!("contest: {why}")))?;
        }
        let record = serde_json::to_string(&s.record)
            .map_err(|e| LedgerError::BadInput(format!("record: {e}")))?;
        // The record's tree of values (hundreds of allocations) is freed
        // here, on the caller's thread: moved into the write, it was freed
        // on the writer's, between two settlements of a group, each free
        // taking the lock of the allocator arena of the thread that built it.
        drop(std::mem::take(&mut s.record));
        let this = self.clone();
        if let Some(group) = &self.group {
            // SQLite: the read, the checks and the five writes on the
            // connection itself, in one hop to its thread (see `raw.rs`).
            return group
                .write_raw(Box::new(move |raw| {
                    this.settle_raw(raw, game, &s, record, contest)
                }))
                .await;
        }
        self.write(Lock::GameServer(game), move |tx| {
            Box::pin(async move {
                let (head, seats) = head_and_seats(&mut *tx, game).await?;
                if let Some(report) = settled_already(game, &head)? {
                    return Ok(report);
                }
                this.check_owner(&mut *tx, game).await?;
                let rating = match contest {
                    Some(contest) => {
                        let kind: String = db::query_scalar("SELECT kind FROM games WHERE id = $1")
                            .bind(game)
                            .fetch_one(&mut *tx)
                            .await?;
                        let input = rating_input(game, &head, kind, contest);
                        let reads = ratings::read_async(&mut *tx, &this.ratings, &input).await?;
                        Some(ratings::rating_plan(&this.ratings, &input, &reads))
                    }
                    None => None,
                };
                let (report, rating_writes) = match rating {
                    Some((r, w)) => (Some(r), w),
                    None => (None, Vec::new()),
                };
                let plan = settle_plan(game, head, seats, &s, record, tx.dialect(), report)?;
                let mut batch = db::Batch::default();
                for (sql, args) in plan.writes.iter().chain(&rating_writes) {
                    batch.push(db::Query {
                        sql,
                        args: args.clone(),
                    });
                }
                batch.execute(&mut *tx).await?;
                Ok(plan.report)
            })
        })
        .await
    }

    /// [`Ledger::settle`] on SQLite's connection (see `raw.rs`): the same
    /// statements as the async path.
    fn settle_raw(
        &self,
        raw: &mut Raw<'_, '_>,
        game: GameId,
        s: &Settlement,
        record: String,
        contest: Option<Contest>,
    ) -> Result<SettleReport, LedgerError> {
        let mut rows: Vec<HeadSeatRow> = Vec::new();
        raw.rows(&head_and_seats_query(game), |r| {
            rows.push((
                r.int(0).unwrap_or(0),
                r.text(1)?.unwrap_or_default(),
                r.text(2)?.unwrap_or_default(),
                r.text(3)?,
                r.int(4),
                r.int(5),
                r.int(6),
                r.int(7),
                r.int(8),
            ));
            Ok(())
        })?;
        let (head, seats) = decode_head_and_seats(game, rows)?;
        if let Some(report) = settled_already(game, &head)? {
            return Ok(report);
        }
        if let Some(q) = self.owner_check_query(game) {
            let mut foreign = None;
            raw.rows(&q, |r| {
                foreign = r.int(0);
                Ok(())
            })?;
            if let Some(version) = foreign {
                return Err(foreign_game(game, version));
            }
        }
        let (report, rating_writes) = match contest {
            Some(contest) => {
                let mut kind = String::new();
                raw.rows(
                    &db::query("SELECT kind FROM games WHERE id = $1").bind(game),
                    |r| {
                        kind = r.text(0)?.unwrap_or_default();
                        Ok(())
                    },
                )?;
                let input = rating_input(game, &head, kind, contest);
                let reads = ratings::read_raw(raw, &self.ratings, &input)?;
                let (r, w) = ratings::rating_plan(&self.ratings, &input, &reads);
                (Some(r), w)
            }
            None => (None, Vec::new()),
        };
        let plan = settle_plan(game, head, seats, s, record, db::Dialect::Sqlite, report)?;
        for (sql, args) in plan.writes.into_iter().chain(rating_writes) {
            raw.execute(&db::Query { sql: &sql, args })?;
        }
        Ok(plan.report)
    }

    /// Cancels a running game: every hold is refunded and the players'
    /// chips unlocked. Cancelling a cancelled game does nothing; a finished
    /// game cannot be cancelled.
    pub async fn cancel(&self, game: GameId, why: &str) -> Result<(), LedgerError> {
        let why = why.to_string();
        let this = self.clone();
        self.write(Lock::GameServer(game), move |tx| {
            Box::pin(async move { this.cancel_in(tx, game, why).await })
        })
        .await
    }

    async fn cancel_in(&self, tx: &mut Tx, game: GameId, why: String) -> Result<(), LedgerError> {
        let head = game_head(&mut *tx, game).await?;
        match head.status {
            GameStatus::Cancelled => return Ok(()),
            GameStatus::Finished => return Err(not_running(game, head.status)),
            GameStatus::Running => {}
        }
        self.check_owner(&mut *tx, game).await?;
        for row in seat_rows(&mut *tx, game).await? {
            if row.held > 0 {
                journal(
                    &mut *tx,
                    head.server,
                    row.user,
                    row.held,
                    reason::REFUND,
                    Some(game),
                    None,
                    &format!("refund:{game}:{}", row.seat),
                )
                .await?;
                let balance = balance_in(&mut *tx, head.server, row.user).await?;
                balance
                    .checked_add(row.held)
                    .ok_or(LedgerError::AmountTooLarge)?;
                add_to_balance(&mut *tx, head.server, row.user, row.held).await?;
            }
        }
        db::query("UPDATE game_seats SET held = 0, active = 0 WHERE game_id = $1")
            .bind(game)
            .execute(&mut *tx)
            .await?;
        let why: String = why.chars().take(500).collect();
        db::query(
            "UPDATE games SET status = 'cancelled', cancel_reason = $1, finished_at = $2 WHERE id = $3",
        )
        .bind(why)
        .bind(now_unix())
        .bind(game)
        .execute(&mut *tx)
        .await?;
        Ok(())
    }

    /// On a handle made with [`Ledger::owned_by`]: refuses (as stale) to
    /// move on a game whose shard this process does not hold now.
    async fn check_owner(&self, tx: &mut Tx, game: GameId) -> Result<(), LedgerError> {
        let Some(q) = self.owner_check_query(game) else {
            return Ok(());
        };
        let foreign: Option<i64> = db::query_scalar(q.sql)
            .bind_all(q.args)
            .fetch_optional(&mut *tx)
            .await?;
        match foreign {
            None => Ok(()),
            Some(version) => Err(foreign_game(game, version)),
        }
    }

    /// With a shard guard: the game's version if this process does not hold
    /// its shard now (no row: it does).
    fn owner_check_query(&self, game: GameId) -> Option<db::Query<'_>> {
        let guard = self.guard.as_ref()?;
        Some(
            db::query(concat!(
                "SELECT version FROM games WHERE id = $1 AND NOT ",
                super::owner_holds_shard!("games.server_id", "$2", "$3", "$4")
            ))
            .bind(game)
            .bind(guard.owner.as_str())
            .bind(guard.count)
            .bind(now_unix()),
        )
    }

    /// Every running game, oldest first, for resuming at start-up.
    pub async fn unfinished_games(&self) -> Result<Vec<StoredGame>, LedgerError> {
        type Row = (
            i64,
            i64,
            i64,
            String,
            String,
            String,
            i64,
            i64,
            Option<String>,
            i64,
        );
        let mut tx = self.reader.begin_read().await?;
        let rows: Vec<Row> = db::query_as(
            "SELECT id, server_id, channel_id, kind, options, seats, stake, version, snapshot, created_at \
             FROM games WHERE status = 'running' ORDER BY id",
        )
        .fetch_all(&mut tx)
        .await?;
        let mut out = Vec::with_capacity(rows.len());
        for (id, server, channel, kind, options, seats, stake, version, snapshot, created_at) in
            rows
        {
            let seats: Vec<Option<UserId>> = parse_json(&seats, "seats")?;
            let mut snapshot: Option<serde_json::Value> =
                snapshot.map(|s| parse_json(&s, "snapshot")).transpose()?;
            let appended: Vec<String> = db::query_scalar(
                "SELECT action FROM game_actions WHERE game_id = $1 ORDER BY version",
            )
            .bind(id)
            .fetch_all(&mut tx)
            .await?;
            if !appended.is_empty() {
                let actions = snapshot
                    .as_mut()
                    .and_then(|s| s.as_object_mut())
                    .map(|s| s.entry("actions").or_insert_with(|| serde_json::json!([])))
                    .and_then(|a| a.as_array_mut())
                    .ok_or_else(|| {
                        LedgerError::Corrupt(format!(
                            "game {id} has appended actions but no snapshot to append them to"
                        ))
                    })?;
                for a in &appended {
                    actions.push(parse_json(a, "appended action")?);
                }
            }
            let mut held = vec![0; seats.len()];
            let mut start_balances = vec![None; seats.len()];
            for row in seat_rows(&mut tx, id).await? {
                if row.seat < seats.len() {
                    held[row.seat] = row.held;
                    start_balances[row.seat] = Some(row.start_balance);
                }
            }
            out.push(StoredGame {
                id,
                server: from_db_id(server),
                channel: from_db_id(channel),
                kind,
                options: parse_json(&options, "options")?,
                seats,
                stake,
                version,
                snapshot,
                held,
                start_balances,
                created_at,
            });
        }
        tx.commit().await?;
        Ok(out)
    }
}

/// What an append refused by its compare-and-set reads about the game.
const APPEND_HEAD: &str = "SELECT status, version FROM games WHERE id = $1";

/// The action stored at a version of a game.
const STORED_ACTION: &str = "SELECT action FROM game_actions WHERE game_id = $1 AND version = $2";

/// Why an appended action's compare-and-set refused it: the game is
/// unknown, or over, or at another version — fine if it is this very action
/// again at its version (a retried write), else stale.
///
/// `head` is the game's status and version as [`APPEND_HEAD`] reads them
/// (`None`: no such game), `same` the action stored at `version`
/// ([`STORED_ACTION`]); both forms of the append read them and decide here.
fn append_refused(
    game: GameId,
    version: i64,
    text: &str,
    head: Option<(String, i64)>,
    same: Option<String>,
) -> Result<(), LedgerError> {
    let (status, stored) = head.ok_or(LedgerError::UnknownGame { game })?;
    let status = GameStatus::parse(&status)?;
    if status != GameStatus::Running {
        return Err(not_running(game, status));
    }
    if stored == version && same.as_deref() == Some(text) {
        return Ok(());
    }
    Err(LedgerError::StaleVersion {
        game,
        stored,
        given: version,
    })
}

/// The key of the holds that fill a game's pot at its start (the table
/// runtime repeats them on resume with the same key).
pub(crate) const POT_ENTRY: &str = "pot-entry";

/// [`Ledger::hold`] inside a transaction.
async fn hold_in(
    tx: &mut Tx,
    game: GameId,
    user: UserId,
    amount: i64,
    key: &str,
) -> Result<i64, LedgerError> {
    positive(amount)?;
    check_key(key)?;
    let full_key = format!("hold:{game}:{user}:{key}");
    let head = game_head(tx, game).await?;
    if let Some(prior) = super::find_key(tx, &full_key).await? {
        return if prior == (db_id(user), -amount, reason::HOLD.to_string()) {
            balance_in(tx, head.server, user).await
        } else {
            Err(LedgerError::IdempotencyConflict {
                key: key.to_string(),
            })
        };
    }
    if head.status != GameStatus::Running {
        return Err(not_running(game, head.status));
    }
    let seats = seat_rows(tx, game).await?;
    let Some(seat) = seats.iter().find(|s| s.user == user) else {
        return Err(LedgerError::NotSeated { game, user });
    };
    let balance = balance_in(tx, head.server, user).await?;
    if amount > balance {
        return Err(LedgerError::InsufficientChips {
            balance,
            needed: amount,
        });
    }
    seat.held
        .checked_add(amount)
        .ok_or(LedgerError::AmountTooLarge)?;
    journal(
        tx,
        head.server,
        user,
        -amount,
        reason::HOLD,
        Some(game),
        None,
        &full_key,
    )
    .await?;
    let new = add_to_balance(tx, head.server, user, -amount).await?;
    db::query("UPDATE game_seats SET held = held + $1 WHERE game_id = $2 AND seat = $3")
        .bind(amount)
        .bind(game)
        .bind(seat.seat as i64)
        .execute(&mut *tx)
        .await?;
    Ok(new)
}
