//! `paiju ledger verify`: re-adds the whole journal and checks, per server,
//! that every balance is the sum of its journal rows, that none is negative,
//! that nothing is held or locked for a game that is over, that each game's
//! escrow matches its journal, that each finished game (and no other) has
//! its own record, and that balances + held = minted − burned.
//!
//! Sums are taken in Rust as i128 (SQL SUM could overflow on absurd data, and
//! a checker must not fail on the data it checks).

use super::db;
use super::{from_db_id, reason, GameId, Ledger, LedgerError, ServerId, UserId};
use std::collections::{BTreeMap, HashMap};
use std::fmt::Write as _;

/// The figures of one server.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ServerTotals {
    pub server: ServerId,
    pub accounts: u64,
    /// Sum of the balances.
    pub balances: i128,
    /// Chips held in running games' escrow.
    pub held: i128,
    pub minted: i128,
    pub burned: i128,
    pub running_games: u64,
}

/// One thing found wrong.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Problem {
    BalanceMismatch {
        server: ServerId,
        user: UserId,
        balance: i64,
        journal: i128,
    },
    NegativeBalance {
        server: ServerId,
        user: UserId,
        balance: i64,
    },
    /// Journal rows for an account that does not exist.
    OrphanJournal {
        server: ServerId,
        user: UserId,
        journal: i128,
    },
    /// A journal row whose reason is unknown or whose sign is impossible.
    BadJournalRow {
        id: i64,
        reason: String,
        amount: i64,
    },
    HeldAfterGameOver {
        game: GameId,
        status: String,
        user: UserId,
        held: i64,
    },
    LockedAfterGameOver {
        game: GameId,
        status: String,
        user: UserId,
    },
    /// A game's seats hold a different amount than its journal put in escrow.
    EscrowMismatch {
        game: GameId,
        held: i128,
        journal: i128,
    },
    /// A finished game without a record of its own (none, or one that
    /// names another game), or a game not finished that has one.
    RecordMismatch {
        game: GameId,
        status: String,
        /// The game the record it points at names (`None`: no record).
        record_of: Option<GameId>,
    },
    TransfersUnbalanced {
        server: ServerId,
        sum: i128,
    },
    /// balances + held ≠ minted − burned.
    SupplyMismatch {
        server: ServerId,
        balances: i128,
        held: i128,
        minted: i128,
        burned: i128,
    },
}

impl std::fmt::Display for Problem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Problem::BalanceMismatch { server, user, balance, journal } => write!(
                f,
                "server {server} user {user}: balance {balance} but the journal sums to {journal}"
            ),
            Problem::NegativeBalance { server, user, balance } => {
                write!(f, "server {server} user {user}: negative balance {balance}")
            }
            Problem::OrphanJournal { server, user, journal } => write!(
                f,
                "server {server} user {user}: journal rows summing to {journal} but no account"
            ),
            Problem::BadJournalRow { id, reason, amount } => {
                write!(f, "journal row {id}: reason `{reason}` with amount {amount}")
            }
            Problem::HeldAfterGameOver { game, status, user, held } => write!(
                f,
                "game {game} is {status} but user {user} still holds {held}"
            ),
            Problem::LockedAfterGameOver { game, status, user } => write!(
                f,
                "game {game} is {status} but user {user} is still locked in it"
            ),
            Problem::EscrowMismatch { game, held, journal } => write!(
                f,
                "game {game}: seats hold {held} but the journal put {journal} in escrow"
            ),
            Problem::RecordMismatch { game, status, record_of } => match record_of {
                None => write!(f, "game {game} is {status} but has no record"),
                Some(other) if other == game => {
                    write!(f, "game {game} is {status} but has a record")
                }
                Some(other) => write!(
                    f,
                    "game {game} is {status} but its record is game {other}'s"
                ),
            },
            Problem::TransfersUnbalanced { server, sum } => {
                write!(f, "server {server}: transfers sum to {sum}, not 0")
            }
            Problem::SupplyMismatch { server, balances, held, minted, burned } => write!(
                f,
                "server {server}: balances {balances} + held {held} != minted {minted} - burned {burned}"
            ),
        }
    }
}

/// What `verify` found.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct VerifyReport {
    pub servers: Vec<ServerTotals>,
    pub journal_rows: u64,
    pub problems: Vec<Problem>,
}

impl VerifyReport {
    pub fn is_clean(&self) -> bool {
        self.problems.is_empty()
    }

    /// The report as text, one line per server, then one per problem.
    pub fn render(&self) -> String {
        let mut out = String::new();
        let _ = writeln!(
            out,
            "ledger: {} server(s), {} journal row(s)",
            self.servers.len(),
            self.journal_rows
        );
        for s in &self.servers {
            let _ = writeln!(
                out,
                "server {}: {} account(s), balances {}, held {} in {} running game(s), minted {}, burned {}",
                s.server, s.accounts, s.balances, s.held, s.running_games, s.minted, s.burned
            );
        }
        if self.problems.is_empty() {
            out.push_str("OK: every balance matches its journal; chips are conserved\n");
        } else {
            let _ = writeln!(out, "FAILED: {} problem(s)", self.problems.len());
            for p in &self.problems {
                let _ = writeln!(out, "  - {p}");
            }
        }
        out
    }
}

const PAGE: i64 = 5000;

impl Ledger {
    /// Checks every invariant of the ledger (see the module doc).
    pub async fn verify(&self) -> Result<VerifyReport, LedgerError> {
        // One read transaction: a consistent snapshot even while others write.
        let mut tx = self.reader.begin_read().await?;
        let mut report = VerifyReport::default();
        let mut servers: BTreeMap<ServerId, ServerTotals> = BTreeMap::new();
        let mut journal_by_account: HashMap<(ServerId, UserId), i128> = HashMap::new();
        let mut transfers: HashMap<ServerId, i128> = HashMap::new();
        let mut escrow_journal: HashMap<GameId, i128> = HashMap::new();

        let mut after = 0i64;
        loop {
            let rows: Vec<(i64, i64, i64, i64, String, Option<i64>)> = db::query_as(
                "SELECT id, server_id, user_id, amount, reason, game_id FROM journal \
                 WHERE id > $1 ORDER BY id LIMIT $2",
            )
            .bind(after)
            .bind(PAGE)
            .fetch_all(&mut tx)
            .await?;
            let Some(last) = rows.last() else { break };
            after = last.0;
            for (id, server, user, amount, why, game) in rows {
                report.journal_rows += 1;
                let server = from_db_id(server);
                let user = from_db_id(user);
                let a = amount as i128;
                *journal_by_account.entry((server, user)).or_default() += a;
                let totals = servers.entry(server).or_insert_with(|| ServerTotals {
                    server,
                    ..Default::default()
                });
                let sign_ok = match why.as_str() {
                    reason::STARTING | reason::DAILY | reason::ADMIN_GRANT => {
                        totals.minted += a;
                        amount > 0
                    }
                    reason::ADMIN_REVOKE | reason::RAKE => {
                        totals.burned -= a;
                        amount < 0
                    }
                    reason::HOUSE => {
                        if amount > 0 {
                            totals.minted += a;
                        } else {
                            totals.burned -= a;
                        }
                        amount != 0 && game.is_some()
                    }
                    reason::TRANSFER => {
                        *transfers.entry(server).or_default() += a;
                        amount != 0
                    }
                    reason::HOLD | reason::REFUND | reason::SETTLEMENT => {
                        if let Some(g) = game {
                            *escrow_journal.entry(g).or_default() -= a;
                        }
                        game.is_some()
                            && match why.as_str() {
                                reason::HOLD => amount < 0,
                                reason::REFUND => amount > 0,
                                _ => true,
                            }
                    }
                    _ => false,
                };
                if !sign_ok {
                    report.problems.push(Problem::BadJournalRow {
                        id,
                        reason: why,
                        amount,
                    });
                }
            }
        }

        let accounts: Vec<(i64, i64, i64)> = db::query_as(
            "SELECT server_id, user_id, balance FROM accounts ORDER BY server_id, user_id",
        )
        .fetch_all(&mut tx)
        .await?;
        for (server, user, balance) in accounts {
            let server = from_db_id(server);
            let user = from_db_id(user);
            let totals = servers.entry(server).or_insert_with(|| ServerTotals {
                server,
                ..Default::default()
            });
            totals.accounts += 1;
            totals.balances += balance as i128;
            if balance < 0 {
                report.problems.push(Problem::NegativeBalance {
                    server,
                    user,
                    balance,
                });
            }
            let journal = journal_by_account.remove(&(server, user)).unwrap_or(0);
            if journal != balance as i128 {
                report.problems.push(Problem::BalanceMismatch {
                    server,
                    user,
                    balance,
                    journal,
                });
            }
        }
        let mut orphans: Vec<_> = journal_by_account.into_iter().collect();
        orphans.sort();
        for ((server, user), journal) in orphans {
            report.problems.push(Problem::OrphanJournal {
                server,
                user,
                journal,
            });
        }

        // Each game with the game its record names (the record's own
        // `game_id`; NULL without a record).
        let games: Vec<(i64, i64, String, Option<i64>)> = db::query_as(
            "SELECT g.id, g.server_id, g.status, r.game_id FROM games g \
             LEFT JOIN game_records r ON r.id = g.record_id ORDER BY g.id",
        )
        .fetch_all(&mut tx)
        .await?;
        let seats: Vec<(i64, i64, i64, i64)> = db::query_as(
            "SELECT game_id, user_id, held, active FROM game_seats ORDER BY game_id, seat",
        )
        .fetch_all(&mut tx)
        .await?;
        let mut seats_by_game: HashMap<GameId, Vec<(UserId, i64, i64)>> = HashMap::new();
        for (game, user, held, active) in seats {
            seats_by_game
                .entry(game)
                .or_default()
                .push((from_db_id(user), held, active));
        }
        for (game, server, status, record_of) in games {
            let server = from_db_id(server);
            let running = status == "running";
            let finished = status == "finished";
            if (finished && record_of != Some(game)) || (!finished && record_of.is_some()) {
                report.problems.push(Problem::RecordMismatch {
                    game,
                    status: status.clone(),
                    record_of,
                });
            }
            let totals = servers.entry(server).or_insert_with(|| ServerTotals {
                server,
                ..Default::default()
            });
            if running {
                totals.running_games += 1;
            }
            let mut held_sum = 0i128;
            for (user, held, active) in seats_by_game.remove(&game).unwrap_or_default() {
                held_sum += held as i128;
                if running {
                    totals.held += held as i128;
                } else {
                    if held != 0 {
                        report.problems.push(Problem::HeldAfterGameOver {
                            game,
                            status: status.clone(),
                            user,
                            held,
                        });
                    }
                    if active != 0 {
                        report.problems.push(Problem::LockedAfterGameOver {
                            game,
                            status: status.clone(),
                            user,
                        });
                    }
                }
            }
            let journal = escrow_journal.remove(&game).unwrap_or(0);
            if journal != held_sum {
                report.problems.push(Problem::EscrowMismatch {
                    game,
                    held: held_sum,
                    journal,
                });
            }
        }
        let mut stray: Vec<_> = escrow_journal
            .into_iter()
            .filter(|(_, j)| *j != 0)
            .collect();
        stray.sort();
        for (game, journal) in stray {
            report.problems.push(Problem::EscrowMismatch {
                game,
                held: 0,
                journal,
            });
        }

        for totals in servers.values() {
            let sum = transfers.get(&totals.server).copied().unwrap_or(0);
            if sum != 0 {
                report.problems.push(Problem::TransfersUnbalanced {
                    server: totals.server,
                    sum,
                });
            }
            if totals.balances + totals.held != totals.minted - totals.burned {
                report.problems.push(Problem::SupplyMismatch {
                    server: totals.server,
                    balances: totals.balances,
                    held: totals.held,
                    minted: totals.minted,
                    burned: totals.burned,
                });
            }
        }
        tx.commit().await?;
        report.servers = servers.into_values().collect();
        Ok(report)
    }
}
