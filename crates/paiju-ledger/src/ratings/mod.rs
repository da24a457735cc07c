//! Ratings per (server, game) and seasons, in the ledger (issue #35).
//!
//! The model is pure ([`model`]); this module reads a settled game's
//! players' standings and writes their new ones in the settlement's own
//! transaction ([`Ledger::settle_rated`]), so a game's chips and ratings
//! move together or not at all, on SQLite and PostgreSQL alike.
//!
//! - Rated: a finished game with a contest whose every seat was a person
//!   (a seat the bot played after a timeout still counts for its person).
//!   A game with an AI seat is not (and `paiju play` always has one).
//! - The repeat rule: a game whose exact set of players already met
//!   [`RatingsConfig::repeat_limit`] times in the window (24 h) is stored
//!   but not rated, so two accounts trading wins cannot climb.
//! - Derived: [`Ledger::rebuild_ratings`] replays `rated_games` in order and
//!   rewrites every rating; it must find the incremental figures.
//! - Seasons: [`Ledger::end_season`] keeps the final ladder and softly resets
//!   every rating of the server (μ pulled to the middle, σ raised); the
//!   replay applies the same resets where the stored games' seasons change.

pub mod model;
pub mod simulate;

use super::db::{self, Bind, Lock, Tx};
use super::raw::Raw;
use super::{db_id, from_db_id, parse_json, Ledger, LedgerError, ServerId, UserId};
use model::{
    standings_after, verdict, Contest, Ladder, RatingReport, RatingsConfig, SeatRating, SideRecord,
    Standing, Verdict,
};
use std::collections::HashMap;

/// What a settlement rates: the game's server, kind, seats and contest.
pub(crate) struct RatingInput {
    pub server: ServerId,
    pub kind: String,
    pub game: i64,
    pub seats: Vec<Option<UserId>>,
    pub contest: Contest,
    pub now: i64,
}

/// What the rating of a settlement reads first.
#[derive(Default)]
pub(crate) struct RatingReads {
    /// Seasons ended on the server.
    ended_seasons: i64,
    /// Earlier meetings of the same players in the window.
    meetings: i64,
    sides: SideRecord,
    standings: HashMap<UserId, Standing>,
}

impl RatingInput {
    fn players(&self) -> Option<Vec<UserId>> {
        self.seats.iter().copied().collect()
    }

    /// The repeat rule's key: the players' ids sorted, joined by commas.
    fn players_key(&self) -> String {
        let mut p: Vec<UserId> = self.seats.iter().flatten().copied().collect();
        p.sort_unstable();
        p.iter().map(u64::to_string).collect::<Vec<_>>().join(",")
    }

    /// One row: seasons ended, meetings in the window, the role's games
    /// and wins (`NULL`: none yet).
    fn head_query(&self, cfg: &RatingsConfig) -> db::Query<'static> {
        db::query(
            "SELECT (SELECT COUNT(*) FROM seasons WHERE server_id = $1 AND ended_at IS NOT NULL), \
                    (SELECT COUNT(*) FROM rated_games WHERE server_id = $1 AND kind = $2 \
                        AND players = $3 AND finished_at > $4), \
                    (SELECT games FROM rating_sides WHERE server_id = $1 AND kind = $2), \
                    (SELECT wins FROM rating_sides WHERE server_id = $1 AND kind = $2)",
        )
        .bind(db_id(self.server))
        .bind(self.kind.clone())
        .bind(self.players_key())
        .bind(self.now - cfg.window_secs())
    }

    /// The seated players' standings (10 columns, [`standing_of`]).
    fn standings_query(&self) -> db::Query<'static> {
        standings_query_for(self.server, self.kind.clone(), self.seats.iter().flatten())
    }
}

const STANDING_COLUMNS: &str = "user_id, mu, sigma, games, wins, streak, best_streak, season, \
                                season_games, season_wins";

/// A standing row (`user_id` first, as [`STANDING_COLUMNS`]).
type StandingRow = (i64, i64, i64, i64, i64, i64, i64, i64, i64, i64);

fn standings_query_for<'a>(
    server: ServerId,
    kind: String,
    users: impl Iterator<Item = &'a UserId>,
) -> db::Query<'static> {
    let users: Vec<UserId> = users.copied().collect();
    let list = (0..users.len())
        .map(|i| format!("${}", i + 3))
        .collect::<Vec<_>>()
        .join(", ");
    let sql = format!(
        "SELECT {STANDING_COLUMNS} FROM ratings WHERE server_id = $1 AND kind = $2 AND user_id IN ({})",
        if list.is_empty() { "NULL".to_string() } else { list }
    );
    // Leaked once per distinct seat count: a handful of strings for the
    // process's life, where the statement's text must outlive the query.
    let sql: &'static str = leak_sql(sql);
    let mut q = db::query(sql).bind(db_id(server)).bind(kind);
    for u in users {
        q = q.bind(db_id(u));
    }
    q
}

/// The SQL of a statement built at run time, kept for the process's life
/// (one per shape: the seat counts of the games, a few).
fn leak_sql(sql: String) -> &'static str {
    use std::sync::Mutex;
    static KEPT: Mutex<Vec<&'static str>> = Mutex::new(Vec::new());
    let mut kept = KEPT.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(s) = kept.iter().find(|s| **s == sql) {
        return s;
    }
    let s: &'static str = Box::leak(sql.into_boxed_str());
    kept.push(s);
    s
}

fn standing_of(r: StandingRow) -> (UserId, Standing) {
    let (user, mu, sigma, games, wins, streak, best_streak, season, season_games, season_wins) = r;
    (
        from_db_id(user),
        Standing {
            skill: model::Skill { mu, sigma },
            games,
            wins,
            streak,
            best_streak,
            season,
            season_games,
            season_wins,
        },
    )
}

/// The statement that writes a standing (insert or replace).
fn upsert_standing(
    server: ServerId,
    kind: &str,
    user: UserId,
    s: &Standing,
) -> (String, Vec<db::Arg<'static>>) {
    (
        "INSERT INTO ratings (server_id, kind, user_id, mu, sigma, points, games, wins, streak, \
             best_streak, season, season_games, season_wins) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) \
         ON CONFLICT (server_id, kind, user_id) DO UPDATE SET mu = $4, sigma = $5, points = $6, \
             games = $7, wins = $8, streak = $9, best_streak = $10, season = $11, \
             season_games = $12, season_wins = $13"
            .to_string(),
        vec![
            db_id(server).arg(),
            kind.to_string().arg(),
            db_id(user).arg(),
            s.skill.mu.arg(),
            s.skill.sigma.arg(),
            s.skill.points().arg(),
            s.games.arg(),
            s.wins.arg(),
            s.streak.arg(),
            s.best_streak.arg(),
            s.season.arg(),
            s.season_games.arg(),
            s.season_wins.arg(),
        ],
    )
}

fn upsert_sides(server: ServerId, kind: &str, r: SideRecord) -> (String, Vec<db::Arg<'static>>) {
    (
        "INSERT INTO rating_sides (server_id, kind, games, wins) VALUES ($1, $2, $3, $4) \
         ON CONFLICT (server_id, kind) DO UPDATE SET games = $3, wins = $4"
            .to_string(),
        vec![
            db_id(server).arg(),
            kind.to_string().arg(),
            r.games.arg(),
            r.wins.arg(),
        ],
    )
}

/// One game's rating, decided: the report and the standings it writes.
struct Rated {
    report: RatingReport,
    standings: Vec<(UserId, Standing)>,
    sides: Option<SideRecord>,
}

/// The rating of one game from what was read before it: the pure step the
/// settlement and the rebuild share.
#[allow(clippy::too_many_arguments)]
fn decide(
    cfg: &RatingsConfig,
    kind: &str,
    seats: &[Option<UserId>],
    contest: &Contest,
    season: i64,
    meetings: i64,
    sides: SideRecord,
    standing: impl Fn(UserId) -> Option<Standing>,
) -> Rated {
    let players: Option<Vec<UserId>> = seats.iter().copied().collect();
    let v = verdict(cfg, kind, players.is_some(), meetings);
    let mut report = RatingReport {
        kind: kind.to_string(),
        verdict: v,
        seats: vec![None; seats.len()],
        provisional_games: cfg.provisional_games,
    };
    let (Some(players), Verdict::Rated) = (players, v) else {
        return Rated {
            report,
            standings: Vec::new(),
            sides: None,
        };
    };
    let before: Vec<Standing> = players
        .iter()
        .map(|&u| {
            standing(u).unwrap_or(Standing {
                season,
                ..Standing::default()
            })
        })
        .collect();
    let (after, new_sides) = standings_after(contest, &before, sides, season);
    for (seat, ((u, b), a)) in players.iter().zip(&before).zip(&after).enumerate() {
        report.seats[seat] = Some(SeatRating {
            user: *u,
            before: b.skill.points(),
            after: a.skill.points(),
            games: a.games,
        });
    }
    let sides = matches!(contest, Contest::Sides { .. }).then_some(new_sides);
    Rated {
        report,
        standings: players.into_iter().zip(after).collect(),
        sides,
    }
}

/// The rating part of a settlement: the report, and the statements that
/// write it (run after the settlement's own, in its transaction).
pub(crate) fn rating_plan(
    cfg: &RatingsConfig,
    input: &RatingInput,
    reads: &RatingReads,
) -> (RatingReport, Vec<(String, Vec<db::Arg<'static>>)>) {
    let season = model::current_season(reads.ended_seasons);
    let rated = decide(
        cfg,
        &input.kind,
        &input.seats,
        &input.contest,
        season,
        reads.meetings,
        reads.sides,
        |u| reads.standings.get(&u).copied(),
    );
    let mut writes = Vec::new();
    let Some(_) = input.players() else {
        // An AI seat: nothing stored, the report says why.
        return (rated.report, writes);
    };
    for (user, s) in &rated.standings {
        writes.push(upsert_standing(input.server, &input.kind, *user, s));
    }
    if let Some(sides) = rated.sides {
        writes.push(upsert_sides(input.server, &input.kind, sides));
    }
    let seats = serde_json::to_string(&input.seats).unwrap_or_default();
    let contest = serde_json::to_string(&input.contest).unwrap_or_default();
    let report = serde_json::to_string(&rated.report).unwrap_or_default();
    writes.push((
        "INSERT INTO rated_games (game_id, server_id, kind, season, players, seats, contest, \
             finished_at, rated, report) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)"
            .to_string(),
        vec![
            input.game.arg(),
            db_id(input.server).arg(),
            input.kind.clone().arg(),
            season.arg(),
            input.players_key().arg(),
            seats.arg(),
            contest.arg(),
            input.now.arg(),
            i64::from(rated.report.verdict == Verdict::Rated).arg(),
            report.arg(),
        ],
    ));
    (rated.report, writes)
}

/// Reads what a settlement's rating needs, in its transaction (PostgreSQL,
/// or SQLite without the group writer).
pub(crate) async fn read_async(
    tx: &mut Tx,
    cfg: &RatingsConfig,
    input: &RatingInput,
) -> Result<RatingReads, LedgerError> {
    let mut reads = RatingReads::default();
    if input.players().is_none() {
        return Ok(reads);
    }
    let q = input.head_query(cfg);
    let (ended, meetings, games, wins): (i64, i64, Option<i64>, Option<i64>) = db::query_as(q.sql)
        .bind_all(q.args)
        .fetch_one(&mut *tx)
        .await?;
    reads.ended_seasons = ended;
    reads.meetings = meetings;
    reads.sides = SideRecord {
        games: games.unwrap_or(0),
        wins: wins.unwrap_or(0),
    };
    let q = input.standings_query();
    let rows: Vec<StandingRow> = db::query_as(q.sql)
        .bind_all(q.args)
        .fetch_all(&mut *tx)
        .await?;
    reads.standings = rows.into_iter().map(standing_of).collect();
    Ok(reads)
}

/// [`read_async`] on SQLite's connection (see `raw.rs`).
pub(crate) fn read_raw(
    raw: &mut Raw<'_, '_>,
    cfg: &RatingsConfig,
    input: &RatingInput,
) -> Result<RatingReads, LedgerError> {
    let mut reads = RatingReads::default();
    if input.players().is_none() {
        return Ok(reads);
    }
    raw.rows(&input.head_query(cfg), |r| {
        reads.ended_seasons = r.int(0).unwrap_or(0);
        reads.meetings = r.int(1).unwrap_or(0);
        reads.sides = SideRecord {
            games: r.int(2).unwrap_or(0),
            wins: r.int(3).unwrap_or(0),
        };
        Ok(())
    })?;
    let mut rows = Vec::new();
    raw.rows(&input.standings_query(), |r| {
        let c = |i| r.int(i).unwrap_or(0);
        rows.push((c(0), c(1), c(2), c(3), c(4), c(5), c(6), c(7), c(8), c(9)));
        Ok(())
    })?;
    reads.standings = rows.into_iter().map(standing_of).collect();
    Ok(reads)
}

/// One player's standing in one game, as `/rank` shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RankEntry {
    pub kind: String,
    pub standing: Standing,
    /// Place on this season's ladder (1 = top); `None` before a game this
    /// season.
    pub place: Option<u32>,
    pub provisional: bool,
}

impl RankEntry {
    pub fn points(&self) -> i64 {
        self.standing.skill.points()
    }

    pub fn tier(&self) -> model::Tier {
        Ladder::for_kind(&self.kind).tier(self.points())
    }
}

/// One line of a ladder.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LadderLine {
    pub place: u32,
    pub user: UserId,
    pub points: i64,
    pub games: i64,
    pub wins: i64,
    pub provisional: bool,
}

/// A server's season, as `/season status` tells it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeasonStatus {
    pub number: i64,
    /// When it started (`None`: with the server's first game).
    pub started_at: Option<i64>,
    /// Rated games played in it.
    pub games: i64,
}

/// What a season's end did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeasonEnd {
    pub number: i64,
    /// The final ladder of each game played in it (kind, lines).
    pub ladders: Vec<(String, Vec<LadderLine>)>,
}

/// What a rebuild found.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct RebuildReport {
    pub games: u64,
    pub rated: u64,
    pub players: u64,
}

/// A server, its seasons ended, its last season end, its running season's
/// start, its first rated game's end and its last game (`seasons_due`).
type DueRow = (i64, i64, Option<i64>, Option<i64>, i64, i64);

/// A server whose season came due (see [`Ledger::seasons_due`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeasonDue {
    pub server: ServerId,
    /// The season to end.
    pub number: i64,
    /// The server's last rated game: its channel hears the end.
    pub last_game: i64,
}

/// A standing row with its game's kind first (`rank_of`).
type KindStandingRow = (String, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64);

/// A standing row with its server and kind first (`all_ratings`).
type ServerStandingRow = (
    i64,
    String,
    i64,
    i64,
    i64,
    i64,
    i64,
    i64,
    i64,
    i64,
    i64,
    i64,
);

/// Every rating as stored, and every role's record (`all_ratings`).
pub type AllRatings = (
    Vec<(ServerId, String, UserId, Standing)>,
    Vec<(ServerId, String, SideRecord)>,
);

/// A stored all-human game, as the replay reads it.
type StoredRow = (i64, i64, String, i64, String, String, String, i64);

impl Ledger {
    /// The ratings' settings this ledger rates with.
    pub fn ratings_config(&self) -> &RatingsConfig {
        &self.ratings
    }

    /// This ledger rating with `cfg` (the `[ratings]` config).
    pub fn with_ratings(mut self, cfg: RatingsConfig) -> Ledger {
        self.ratings = std::sync::Arc::new(cfg);
        self
    }

    /// The season a server is in.
    pub async fn season_status(&self, server: ServerId) -> Result<SeasonStatus, LedgerError> {
        let mut tx = self.reader.begin_read().await?;
        let ended: i64 = db::query_scalar(
            "SELECT COUNT(*) FROM seasons WHERE server_id = $1 AND ended_at IS NOT NULL",
        )
        .bind(db_id(server))
        .fetch_one(&mut tx)
        .await?;
        let number = model::current_season(ended);
        let started: Option<Option<i64>> =
            db::query_scalar("SELECT started_at FROM seasons WHERE server_id = $1 AND number = $2")
                .bind(db_id(server))
                .bind(number)
                .fetch_optional(&mut tx)
                .await?;
        let last_end: Option<Option<i64>> =
            db::query_scalar("SELECT ended_at FROM seasons WHERE server_id = $1 AND number = $2")
                .bind(db_id(server))
                .bind(number - 1)
                .fetch_optional(&mut tx)
                .await?;
        let games: i64 = db::query_scalar(
            "SELECT COUNT(*) FROM rated_games WHERE server_id = $1 AND season = $2 AND rated = 1",
        )
        .bind(db_id(server))
        .bind(number)
        .fetch_one(&mut tx)
        .await?;
        tx.commit().await?;
        Ok(SeasonStatus {
            number,
            started_at: started.flatten().or(last_end.flatten()),
            games,
        })
    }

    /// Starts the running season's clock now: refused once a rated game
    /// was played in it (end it first).
    pub async fn start_season(&self, server: ServerId, now: i64) -> Result<i64, LedgerError> {
        let status = self.season_status(server).await?;
        if status.games > 0 {
            return Err(LedgerError::SeasonRunning {
                season: status.number,
                games: status.games,
            });
        }
        self.write(Lock::Server(db_id(server)), move |tx| {
            Box::pin(async move {
                db::query(
                    "INSERT INTO seasons (server_id, number, started_at, ended_at) \
                     VALUES ($1, $2, $3, NULL) \
                     ON CONFLICT (server_id, number) DO UPDATE SET started_at = $3",
                )
                .bind(db_id(server))
                .bind(status.number)
                .bind(now)
                .execute(&mut *tx)
                .await?;
                Ok(status.number)
            })
        })
        .await
    }

    /// Ends the server's running season: keeps each game's final ladder,
    /// softly resets every rating of the server, and the next season
    /// begins. Returns the final ladders.
    pub async fn end_season(&self, server: ServerId, now: i64) -> Result<SeasonEnd, LedgerError> {
        self.end_season_numbered(server, now, None)
            .await?
            .ok_or_else(|| LedgerError::Corrupt("a season end without a season".into()))
    }

    /// [`Ledger::end_season`] only if the running season is still `number`
    /// (`None`: whichever runs); `None` when another end came first (two
    /// processes ending a season that came due: one ends it).
    pub async fn end_season_numbered(
        &self,
        server: ServerId,
        now: i64,
        number: Option<i64>,
    ) -> Result<Option<SeasonEnd>, LedgerError> {
        let cfg = self.ratings.clone();
        self.write(Lock::Server(db_id(server)), move |tx| {
            Box::pin(async move {
                let ended: i64 = db::query_scalar(
                    "SELECT COUNT(*) FROM seasons WHERE server_id = $1 AND ended_at IS NOT NULL",
                )
                .bind(db_id(server))
                .fetch_one(&mut *tx)
                .await?;
                let running = model::current_season(ended);
                if number.is_some_and(|n| n != running) {
                    return Ok(None);
                }
                let number = running;
                let rows: Vec<(String, i64, i64, i64, i64, i64, i64)> = db::query_as(
                    "SELECT kind, user_id, mu, sigma, season, season_games, season_wins \
                     FROM ratings WHERE server_id = $1 ORDER BY kind, points DESC, user_id",
                )
                .bind(db_id(server))
                .fetch_all(&mut *tx)
                .await?;
                let mut ladders: Vec<(String, Vec<LadderLine>)> = Vec::new();
                for (kind, user, mu, sigma, season, games, wins) in &rows {
                    if *season != number || *games == 0 {
                        continue;
                    }
                    if ladders.last().map(|(k, _)| k) != Some(kind) {
                        ladders.push((kind.clone(), Vec::new()));
                    }
                    let lines = &mut ladders.last_mut().expect("pushed").1;
                    lines.push(LadderLine {
                        place: lines.len() as u32 + 1,
                        user: from_db_id(*user),
                        points: model::Skill {
                            mu: *mu,
                            sigma: *sigma,
                        }
                        .points(),
                        games: *games,
                        wins: *wins,
                        provisional: false,
                    });
                }
                let mut batch = db::Batch::default();
                let mut statements: Vec<(String, Vec<db::Arg<'static>>)> = Vec::new();
                for (kind, lines) in &ladders {
                    for l in lines {
                        statements.push((
                            "INSERT INTO season_standings (server_id, season, kind, place, \
                                 user_id, points, games, wins) \
                             VALUES ($1, $2, $3, $4, $5, $6, $7, $8)"
                                .to_string(),
                            vec![
                                db_id(server).arg(),
                                number.arg(),
                                kind.clone().arg(),
                                i64::from(l.place).arg(),
                                db_id(l.user).arg(),
                                l.points.arg(),
                                l.games.arg(),
                                l.wins.arg(),
                            ],
                        ));
                    }
                }
                for (kind, user, mu, sigma, ..) in &rows {
                    let s = model::Skill {
                        mu: *mu,
                        sigma: *sigma,
                    }
                    .soft_reset(cfg.reset_pull_percent, cfg.reset_raise_percent);
                    statements.push((
                        "UPDATE ratings SET mu = $1, sigma = $2, points = $3 \
                         WHERE server_id = $4 AND kind = $5 AND user_id = $6"
                            .to_string(),
                        vec![
                            s.mu.arg(),
                            s.sigma.arg(),
                            s.points().arg(),
                            db_id(server).arg(),
                            kind.clone().arg(),
                            (*user).arg(),
                        ],
                    ));
                }
                statements.push((
                    "INSERT INTO seasons (server_id, number, started_at, ended_at) \
                     VALUES ($1, $2, NULL, $3) \
                     ON CONFLICT (server_id, number) DO UPDATE SET ended_at = $3"
                        .to_string(),
                    vec![db_id(server).arg(), number.arg(), now.arg()],
                ));
                for (sql, args) in &statements {
                    batch.push(db::Query {
                        sql,
                        args: args.clone(),
                    });
                }
                batch.execute(&mut *tx).await?;
                Ok(Some(SeasonEnd { number, ladders }))
            })
        })
        .await
    }

    /// Servers whose running season is older than the configured length
    /// (`season_days`; none when 0), for the bot to end.
    pub async fn seasons_due(&self, now: i64) -> Result<Vec<SeasonDue>, LedgerError> {
        if self.ratings.season_days <= 0 {
            return Ok(Vec::new());
        }
        let rows: Vec<DueRow> = db::query_as(
            "SELECT g.server_id, \
                (SELECT COUNT(*) FROM seasons s WHERE s.server_id = g.server_id AND s.ended_at IS NOT NULL), \
                (SELECT MAX(ended_at) FROM seasons s WHERE s.server_id = g.server_id), \
                (SELECT MAX(started_at) FROM seasons s WHERE s.server_id = g.server_id AND s.ended_at IS NULL), \
                MIN(g.finished_at), MAX(g.game_id) \
             FROM rated_games g GROUP BY g.server_id",
        )
        .fetch_all(&self.reader)
        .await?;
        let length = self.ratings.season_days * 24 * 3600;
        Ok(rows
            .into_iter()
            .filter(|(_, _, last_end, started, first, _)| {
                let start = started.or(*last_end).unwrap_or(*first);
                now - start >= length
            })
            .map(|(server, ended, .., last_game)| SeasonDue {
                server: from_db_id(server),
                number: model::current_season(ended),
                last_game,
            })
            .collect())
    }

    /// The channel a game was played in (where a season's end is posted).
    pub async fn game_channel(&self, game: i64) -> Result<Option<u64>, LedgerError> {
        let channel: Option<i64> = db::query_scalar("SELECT channel_id FROM games WHERE id = $1")
            .bind(game)
            .fetch_optional(&self.reader)
            .await?;
        Ok(channel.map(from_db_id))
    }

    /// A player's standing in each game played on the server (`kind`: one
    /// game only), with the place on this season's ladder.
    pub async fn rank_of(
        &self,
        server: ServerId,
        user: UserId,
        kind: Option<&str>,
    ) -> Result<Vec<RankEntry>, LedgerError> {
        let season = self.season_status(server).await?.number;
        let mut tx = self.reader.begin_read().await?;
        let rows: Vec<KindStandingRow> = db::query_as(
            "SELECT kind, user_id, mu, sigma, games, wins, streak, best_streak, season, \
                     season_games, season_wins FROM ratings \
                 WHERE server_id = $1 AND user_id = $2 ORDER BY kind",
        )
        .bind(db_id(server))
        .bind(db_id(user))
        .fetch_all(&mut tx)
        .await?;
        let mut out = Vec::new();
        for (k, u, mu, sigma, games, wins, streak, best, s, sg, sw) in rows {
            if kind.is_some_and(|want| want != k) {
                continue;
            }
            let (_, standing) = standing_of((u, mu, sigma, games, wins, streak, best, s, sg, sw));
            let standing = standing.in_season(season);
            let points = standing.skill.points();
            let place = if standing.season_games > 0 {
                let ahead: i64 = db::query_scalar(
                    "SELECT COUNT(*) FROM ratings WHERE server_id = $1 AND kind = $2 \
                     AND season = $3 AND season_games > 0 \
                     AND (points > $4 OR (points = $4 AND user_id < $5))",
                )
                .bind(db_id(server))
                .bind(k.clone())
                .bind(season)
                .bind(points)
                .bind(db_id(user))
                .fetch_one(&mut tx)
                .await?;
                Some(u32::try_from(ahead + 1).unwrap_or(u32::MAX))
            } else {
                None
            };
            out.push(RankEntry {
                provisional: standing.games < self.ratings.provisional_games,
                kind: k,
                standing,
                place,
            });
        }
        tx.commit().await?;
        Ok(out)
    }

    /// A game's ladder on the server: this season's (`season` `None`: the
    /// running one, players who played in it), or an ended season's as
    /// kept. `skip` lines from the top, at most `take` (≤ 100).
    pub async fn ladder(
        &self,
        server: ServerId,
        kind: &str,
        season: Option<i64>,
        skip: u32,
        take: u32,
    ) -> Result<(i64, Vec<LadderLine>), LedgerError> {
        let current = self.season_status(server).await?.number;
        let season = season.unwrap_or(current);
        let take = i64::from(take.min(100));
        if season < current {
            let rows: Vec<(i64, i64, i64, i64, i64)> = db::query_as(
                "SELECT place, user_id, points, games, wins FROM season_standings \
                 WHERE server_id = $1 AND season = $2 AND kind = $3 \
                 ORDER BY place LIMIT $4 OFFSET $5",
            )
            .bind(db_id(server))
            .bind(season)
            .bind(kind)
            .bind(take)
            .bind(i64::from(skip))
            .fetch_all(&self.reader)
            .await?;
            return Ok((
                season,
                rows.into_iter()
                    .map(|(place, user, points, games, wins)| LadderLine {
                        place: place as u32,
                        user: from_db_id(user),
                        points,
                        games,
                        wins,
                        provisional: false,
                    })
                    .collect(),
            ));
        }
        if season > current {
            return Err(LedgerError::BadInput(format!(
                "season {season} has not begun (this is season {current})"
            )));
        }
        let rows: Vec<(i64, i64, i64, i64, i64)> = db::query_as(
            "SELECT user_id, points, games, season_games, season_wins FROM ratings \
             WHERE server_id = $1 AND kind = $2 AND season = $3 AND season_games > 0 \
             ORDER BY points DESC, user_id LIMIT $4 OFFSET $5",
        )
        .bind(db_id(server))
        .bind(kind)
        .bind(season)
        .bind(take)
        .bind(i64::from(skip))
        .fetch_all(&self.reader)
        .await?;
        Ok((
            season,
            rows.into_iter()
                .enumerate()
                .map(|(i, (user, points, all_games, games, wins))| LadderLine {
                    place: skip + i as u32 + 1,
                    user: from_db_id(user),
                    points,
                    games,
                    wins,
                    provisional: all_games < self.ratings.provisional_games,
                })
                .collect(),
        ))
    }

    /// Every rating, as stored, for comparing (a test of the rebuild):
    /// (server, kind, user) → standing, and each server's role records.
    pub async fn all_ratings(&self) -> Result<AllRatings, LedgerError> {
        let rows: Vec<ServerStandingRow> = db::query_as(
            "SELECT server_id, kind, user_id, mu, sigma, games, wins, streak, best_streak, \
                     season, season_games, season_wins FROM ratings \
                 ORDER BY server_id, kind, user_id",
        )
        .fetch_all(&self.reader)
        .await?;
        let sides: Vec<(i64, String, i64, i64)> = db::query_as(
            "SELECT server_id, kind, games, wins FROM rating_sides ORDER BY server_id, kind",
        )
        .fetch_all(&self.reader)
        .await?;
        Ok((
            rows.into_iter()
                .map(|(server, kind, u, mu, sigma, g, w, st, b, s, sg, sw)| {
                    let (user, standing) = standing_of((u, mu, sigma, g, w, st, b, s, sg, sw));
                    (from_db_id(server), kind, user, standing)
                })
                .collect(),
            sides
                .into_iter()
                .map(|(s, k, games, wins)| (from_db_id(s), k, SideRecord { games, wins }))
                .collect(),
        ))
    }

    /// Recomputes every rating from the stored games, in the order they
    /// were settled, with this ledger's rules (the repeat rule decided
    /// again), the seasons' soft resets where the stored seasons change.
    /// Run it with no bot on the database: a game settled meanwhile would
    /// be rated on figures the rebuild then replaces.
    pub async fn rebuild_ratings(&self) -> Result<RebuildReport, LedgerError> {
        let cfg = self.ratings.clone();
        self.write(Lock::None, move |tx| {
            Box::pin(async move { rebuild_in(tx, &cfg).await })
        })
        .await
    }
}

/// One server's ratings as the replay builds them.
#[derive(Default)]
struct Replay {
    standings: HashMap<(String, UserId), Standing>,
    sides: HashMap<String, SideRecord>,
    /// Finished times of the earlier meetings of each (kind, players).
    meetings: HashMap<(String, String), Vec<i64>>,
    season: i64,
}

impl Replay {
    /// The seasons that ended before `season`: each one's soft reset.
    fn reach_season(&mut self, season: i64, cfg: &RatingsConfig) {
        while self.season < season {
            for s in self.standings.values_mut() {
                s.skill = s
                    .skill
                    .soft_reset(cfg.reset_pull_percent, cfg.reset_raise_percent);
            }
            self.season += 1;
        }
    }
}

async fn rebuild_in(tx: &mut Tx, cfg: &RatingsConfig) -> Result<RebuildReport, LedgerError> {
    let rows: Vec<StoredRow> = db::query_as(
        "SELECT id, server_id, kind, season, players, seats, contest, finished_at \
         FROM rated_games ORDER BY server_id, id",
    )
    .fetch_all(&mut *tx)
    .await?;
    let ended: Vec<(i64, i64)> = db::query_as(
        "SELECT server_id, COUNT(*) FROM seasons WHERE ended_at IS NOT NULL GROUP BY server_id",
    )
    .fetch_all(&mut *tx)
    .await?;
    let ended: HashMap<i64, i64> = ended.into_iter().collect();
    let mut servers: Vec<(i64, Replay)> = Vec::new();
    let mut report = RebuildReport::default();
    let mut verdicts: Vec<(i64, i64, String)> = Vec::new();
    for (id, server, kind, season, players, seats, contest, finished_at) in rows {
        if servers.last().map(|(s, _)| *s) != Some(server) {
            servers.push((
                server,
                Replay {
                    season: 1,
                    ..Replay::default()
                },
            ));
        }
        let replay = &mut servers.last_mut().expect("pushed").1;
        replay.reach_season(season, cfg);
        let seats: Vec<Option<UserId>> = parse_json(&seats, "rated game seats")?;
        let contest: Contest = parse_json(&contest, "rated game contest")?;
        let earlier = replay.meetings.entry((kind.clone(), players)).or_default();
        let since = finished_at - cfg.window_secs();
        let meetings = earlier.iter().filter(|t| **t > since).count() as i64;
        earlier.push(finished_at);
        let sides = replay.sides.get(&kind).copied().unwrap_or_default();
        let rated = decide(cfg, &kind, &seats, &contest, season, meetings, sides, |u| {
            replay.standings.get(&(kind.clone(), u)).copied()
        });
        report.games += 1;
        if rated.report.verdict == Verdict::Rated {
            report.rated += 1;
        }
        for (user, s) in rated.standings {
            replay.standings.insert((kind.clone(), user), s);
        }
        if let Some(sides) = rated.sides {
            replay.sides.insert(kind.clone(), sides);
        }
        verdicts.push((
            id,
            i64::from(rated.report.verdict == Verdict::Rated),
            serde_json::to_string(&rated.report).unwrap_or_default(),
        ));
    }
    db::query("DELETE FROM ratings").execute(&mut *tx).await?;
    db::query("DELETE FROM rating_sides")
        .execute(&mut *tx)
        .await?;
    for (server, mut replay) in servers {
        let season = model::current_season(ended.get(&server).copied().unwrap_or(0));
        replay.reach_season(season, cfg);
        let server = from_db_id(server);
        for ((kind, user), s) in &replay.standings {
            let (sql, args) = upsert_standing(server, kind, *user, s);
            db::Query { sql: &sql, args }.execute(&mut *tx).await?;
            report.players += 1;
        }
        for (kind, r) in &replay.sides {
            let (sql, args) = upsert_sides(server, kind, *r);
            db::Query { sql: &sql, args }.execute(&mut *tx).await?;
        }
    }
    for (id, rated, text) in verdicts {
        db::query("UPDATE rated_games SET rated = $1, report = $2 WHERE id = $3")
            .bind(rated)
            .bind(text)
            .bind(id)
            .execute(&mut *tx)
            .await?;
    }
    Ok(report)
}
