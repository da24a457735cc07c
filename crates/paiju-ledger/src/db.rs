//! The two databases behind the one ledger API, chosen by the URL: SQLite
//! (a file, the default; one process, one writer connection) and PostgreSQL
//! (`postgres://…`; several bot processes on one database).
//!
//! Why an enum of pools and this thin query layer rather than `sqlx::Any`
//! or ledger code generic over `sqlx::Database`: `Any` copies every argument
//! and every row through its own value type and cannot set SQLite's
//! connection options (WAL, busy timeout, foreign keys), which costs the
//! SQLite ledger — the default, and the one measured against raw SQLite —
//! speed for a database most deployments never use. Code generic over
//! `Database` needs the same half-page of higher-ranked `Encode`/`Decode`/
//! `Executor` bounds on every function that touches SQL. Here the ledger's
//! statements are written once, in the SQL both databases speak (`$1`
//! placeholders, `RETURNING`, `ON CONFLICT`, BIGINT everywhere), and each
//! runs on the native driver of the connection it is given: the arguments
//! are collected as two kinds of value (a nullable BIGINT, a nullable
//! text) and bound to the native query when it runs, and rows decode
//! natively into tuples that both drivers can read.
//!
//! What differs between the databases lives here: the few expressions they
//! spell differently in [`Dialect`], and locking in [`Pool::begin_write`]:
//! SQLite has one writer connection and `BEGIN IMMEDIATE` (the file's write
//! lock); PostgreSQL runs transactions concurrently, so a write that moves
//! chips first takes its server's advisory lock (`pg_advisory_xact_lock`): a
//! server's chips are written by one transaction at a time, as SQLite's one
//! writer does for the whole file, and every read-then-write check (a
//! balance, a game's status, who is seated) sees what the last writer left.
//! Writes that move no chips (a snapshot, a lease) are single compare-and-set
//! statements and need no lock.

use sqlx::postgres::{PgConnection, PgPool, PgRow};
use sqlx::sqlite::{SqliteConnection, SqlitePool, SqliteRow};
use sqlx::{Arguments, FromRow, Postgres, Sqlite, Transaction};
use std::borrow::Cow;
use std::marker::PhantomData;

/// A pool of one of the two databases.
#[derive(Clone, Debug)]
pub(crate) enum Pool {
    Sqlite(SqlitePool),
    Postgres(PgPool),
}

/// A transaction on either database; dropped without [`Tx::commit`] it
/// rolls back.
pub(crate) enum Tx {
    Sqlite(Transaction<'static, Sqlite>),
    Postgres(Transaction<'static, Postgres>),
}

/// What a write transaction must hold on PostgreSQL before it reads (see
/// the module doc). SQLite's `BEGIN IMMEDIATE` already holds everything.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Lock {
    /// A single compare-and-set statement: nothing.
    None,
    /// The chips of this server (its id as stored).
    Server(i64),
    /// The chips of the server this game belongs to (the game's id).
    GameServer(i64),
}

impl Pool {
    /// A write transaction holding `lock`.
    pub(crate) async fn begin_write(&self, lock: Lock) -> Result<Tx, sqlx::Error> {
        match self {
            Pool::Sqlite(p) => Ok(Tx::Sqlite(p.begin_with("BEGIN IMMEDIATE").await?)),
            Pool::Postgres(p) => {
                let mut tx = p.begin().await?;
                match lock {
                    Lock::None => {}
                    Lock::Server(server) => {
                        sqlx::query("SELECT pg_advisory_xact_lock($1)")
                            .bind(server)
                            .execute(&mut *tx)
                            .await?;
                    }
                    // No row (an unknown game) takes no lock; the caller's
                    // next read reports the unknown game.
                    Lock::GameServer(game) => {
                        sqlx::query(
                            "SELECT pg_advisory_xact_lock(server_id) FROM games WHERE id = $1",
                        )
                        .bind(game)
                        .execute(&mut *tx)
                        .await?;
                    }
                }
                Ok(Tx::Postgres(tx))
            }
        }
    }

    /// A read transaction: every statement in it sees the same snapshot
    /// (SQLite: a WAL read transaction; PostgreSQL: repeatable read).
    pub(crate) async fn begin_read(&self) -> Result<Tx, sqlx::Error> {
        match self {
            Pool::Sqlite(p) => Ok(Tx::Sqlite(p.begin().await?)),
            Pool::Postgres(p) => Ok(Tx::Postgres(
                p.begin_with("BEGIN ISOLATION LEVEL REPEATABLE READ")
                    .await?,
            )),
        }
    }

    pub(crate) async fn close(&self) {
        match self {
            Pool::Sqlite(p) => close_fully(p).await,
            Pool::Postgres(p) => close_fully(p).await,
        }
    }

    pub(crate) fn is_postgres(&self) -> bool {
        matches!(self, Pool::Postgres(_))
    }
}

/// Closes `pool` and returns once none of its connections is open.
///
/// Why not `Pool::close` alone: it returns once every permit has come back,
/// and a connection whose return began before the close (it saw the pool
/// still open) comes back as an idle connection after the close took the
/// idle ones — left open, holding the database file (seen with the writer
/// connection the group writer had just let go: another process could not
/// take the file after `Ledger::close`). Closing again takes it.
pub(crate) async fn close_fully<DB: sqlx::Database>(pool: &sqlx::Pool<DB>) {
    pool.close().await;
    // Each round waits for the connections in use to come back; a handful
    // of rounds is plenty (the bound only guards against a pool that keeps
    // opening connections, which a closed pool does not).
    for _ in 0..100 {
        if pool.size() == 0 {
            return;
        }
        pool.close().await;
        tokio::task::yield_now().await;
    }
}

/// Which database's SQL a statement is written in, where the two differ.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Dialect {
    Sqlite,
    Postgres,
}

impl Dialect {
    /// The SQL expression for the id the connection's last `INSERT` drew
    /// (a rowid, an identity), for the statement right after it.
    pub(crate) fn last_insert_id(self) -> &'static str {
        match self {
            Dialect::Sqlite => "last_insert_rowid()",
            Dialect::Postgres => "lastval()",
        }
    }
}

impl Tx {
    pub(crate) fn dialect(&self) -> Dialect {
        match self {
            Tx::Sqlite(_) => Dialect::Sqlite,
            Tx::Postgres(_) => Dialect::Postgres,
        }
    }

    pub(crate) async fn commit(self) -> Result<(), sqlx::Error> {
        match self {
            Tx::Sqlite(t) => t.commit().await,
            Tx::Postgres(t) => t.commit().await,
        }
    }

    pub(crate) async fn rollback(self) -> Result<(), sqlx::Error> {
        match self {
            Tx::Sqlite(t) => t.rollback().await,
            Tx::Postgres(t) => t.rollback().await,
        }
    }
}

/// Where a statement runs: in a transaction or on a pool.
pub(crate) enum Conn<'c> {
    Sqlite(&'c mut SqliteConnection),
    Postgres(&'c mut PgConnection),
    SqlitePool(&'c SqlitePool),
    PgPool(&'c PgPool),
}

impl<'c> From<&'c mut Tx> for Conn<'c> {
    fn from(tx: &'c mut Tx) -> Self {
        match tx {
            Tx::Sqlite(t) => Conn::Sqlite(t),
            Tx::Postgres(t) => Conn::Postgres(t),
        }
    }
}

impl<'c> From<&'c Pool> for Conn<'c> {
    fn from(pool: &'c Pool) -> Self {
        match pool {
            Pool::Sqlite(p) => Conn::SqlitePool(p),
            Pool::Postgres(p) => Conn::PgPool(p),
        }
    }
}

/// A bound value: every ledger column is a BIGINT or a text.
#[derive(Clone)]
pub(crate) enum Arg<'a> {
    Int(Option<i64>),
    Text(Option<Cow<'a, str>>),
}

/// What a statement's `.bind` takes.
pub(crate) trait Bind<'a> {
    fn arg(self) -> Arg<'a>;
}

impl<'a> Bind<'a> for i64 {
    fn arg(self) -> Arg<'a> {
        Arg::Int(Some(self))
    }
}

impl<'a> Bind<'a> for Option<i64> {
    fn arg(self) -> Arg<'a> {
        Arg::Int(self)
    }
}

impl<'a> Bind<'a> for &'a str {
    fn arg(self) -> Arg<'a> {
        Arg::Text(Some(Cow::Borrowed(self)))
    }
}

impl<'a> Bind<'a> for &'a String {
    fn arg(self) -> Arg<'a> {
        Arg::Text(Some(Cow::Borrowed(self.as_str())))
    }
}

impl<'a> Bind<'a> for String {
    fn arg(self) -> Arg<'a> {
        Arg::Text(Some(Cow::Owned(self)))
    }
}

impl<'a> Bind<'a> for Option<String> {
    fn arg(self) -> Arg<'a> {
        Arg::Text(self.map(Cow::Owned))
    }
}

fn sqlite_args<'a>(args: Vec<Arg<'a>>) -> Result<sqlx::sqlite::SqliteArguments<'a>, sqlx::Error> {
    let mut out = sqlx::sqlite::SqliteArguments::default();
    for a in args {
        match a {
            Arg::Int(v) => out.add(v),
            Arg::Text(v) => out.add(v),
        }
        .map_err(sqlx::Error::Encode)?;
    }
    Ok(out)
}

fn pg_args(args: Vec<Arg<'_>>) -> Result<sqlx::postgres::PgArguments, sqlx::Error> {
    let mut out = sqlx::postgres::PgArguments::default();
    for a in args {
        match a {
            Arg::Int(v) => out.add(v),
            Arg::Text(v) => out.add(v.as_deref()),
        }
        .map_err(sqlx::Error::Encode)?;
    }
    Ok(out)
}

/// Runs `$body` with `$e` the native executor and `$a` the native
/// arguments of `$conn`'s database.
macro_rules! on_conn {
    ($conn:expr, $args:expr, |$e:ident, $a:ident| $body:expr) => {
        match $conn {
            Conn::Sqlite($e) => {
                let $a = sqlite_args($args)?;
                $body
            }
            Conn::SqlitePool($e) => {
                let $a = sqlite_args($args)?;
                $body
            }
            Conn::Postgres($e) => {
                let $a = pg_args($args)?;
                $body
            }
            Conn::PgPool($e) => {
                let $a = pg_args($args)?;
                $body
            }
        }
    };
}

/// How many rows a statement changed.
pub(crate) struct Done(u64);

impl Done {
    pub(crate) fn rows_affected(&self) -> u64 {
        self.0
    }
}

/// A statement with no rows to read (`sqlx::query`).
pub(crate) struct Query<'a> {
    pub(super) sql: &'a str,
    pub(super) args: Vec<Arg<'a>>,
}

pub(crate) fn query(sql: &str) -> Query<'_> {
    Query {
        sql,
        args: Vec::new(),
    }
}

impl<'a> Query<'a> {
    pub(crate) fn bind(mut self, v: impl Bind<'a>) -> Self {
        self.args.push(v.arg());
        self
    }

    pub(crate) async fn execute<'c>(self, c: impl Into<Conn<'c>>) -> Result<Done, sqlx::Error> {
        let sql = self.sql;
        Ok(Done(on_conn!(c.into(), self.args, |e, a| {
            sqlx::query_with(sql, a).execute(e).await?.rows_affected()
        })))
    }
}

/// Statements with no rows to read, run one after the other in a
/// transaction, each written with its own placeholders from `$1`.
///
/// Why: sqlx runs every SQLite statement on the connection's worker thread,
/// so each one is a round trip between threads (a channel send, a wake-up,
/// the answer back) — on a busy machine that, not SQLite, is most of a short
/// statement's cost. On SQLite a batch is one multi-statement query (the
/// placeholders renumbered into one argument list): one round trip for all
/// of them. sqlx 0.8 runs such a query statement by statement in the worker
/// and reports each one's result; it calls multi-statement prepared queries
/// deprecated (launchbadge/sqlx#3108), so a later sqlx may need this done
/// another way — the ledger tests run every batch. PostgreSQL's extended
/// protocol takes one statement at a time: there they run in turn.
#[derive(Default)]
pub(crate) struct Batch<'a> {
    statements: Vec<Query<'a>>,
}

impl<'a> Batch<'a> {
    pub(crate) fn push(&mut self, q: Query<'a>) {
        self.statements.push(q);
    }

    /// Runs every statement in order (the first error stops the batch and,
    /// as any statement's error, leaves the transaction to its caller) and
    /// returns how many rows they changed in all.
    pub(crate) async fn execute(self, tx: &mut Tx) -> Result<u64, sqlx::Error> {
        match tx {
            Tx::Sqlite(t) => {
                let mut sql = String::new();
                let mut args = Vec::new();
                for q in self.statements {
                    if !sql.is_empty() {
                        sql.push_str(";\n");
                    }
                    renumber(q.sql, args.len(), &mut sql);
                    args.extend(q.args);
                }
                Ok(sqlx::query_with(&sql, sqlite_args(args)?)
                    .execute(&mut **t)
                    .await?
                    .rows_affected())
            }
            Tx::Postgres(_) => {
                let mut rows = 0;
                for q in self.statements {
                    rows += q.execute(&mut *tx).await?.rows_affected();
                }
                Ok(rows)
            }
        }
    }
}

/// Appends `sql` to `out` with each placeholder `$n` written `$(n + by)`.
/// The ledger's SQL has no `$` in its string literals.
fn renumber(sql: &str, by: usize, out: &mut String) {
    let mut rest = sql;
    while let Some(at) = rest.find('$') {
        out.push_str(&rest[..=at]);
        rest = &rest[at + 1..];
        let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
        match rest[..digits].parse::<usize>() {
            Ok(n) => out.push_str(&(n + by).to_string()),
            Err(_) => out.push_str(&rest[..digits]),
        }
        rest = &rest[digits..];
    }
    out.push_str(rest);
}

/// A statement whose rows are tuples (`sqlx::query_as`).
pub(crate) struct QueryAs<'a, O> {
    sql: &'a str,
    args: Vec<Arg<'a>>,
    out: PhantomData<fn() -> O>,
}

pub(crate) fn query_as<O>(sql: &str) -> QueryAs<'_, O> {
    QueryAs {
        sql,
        args: Vec::new(),
        out: PhantomData,
    }
}

impl<'a, O> QueryAs<'a, O>
where
    O: Send + Unpin + for<'r> FromRow<'r, SqliteRow> + for<'r> FromRow<'r, PgRow>,
{
    pub(crate) fn bind(mut self, v: impl Bind<'a>) -> Self {
        self.args.push(v.arg());
        self
    }

    /// Binds arguments already collected (a [`Query`]'s).
    pub(crate) fn bind_all(mut self, args: Vec<Arg<'a>>) -> Self {
        self.args.extend(args);
        self
    }

    pub(crate) async fn fetch_one<'c>(self, c: impl Into<Conn<'c>>) -> Result<O, sqlx::Error> {
        let sql = self.sql;
        on_conn!(c.into(), self.args, |e, a| sqlx::query_as_with(sql, a)
            .fetch_one(e)
            .await)
    }

    pub(crate) async fn fetch_optional<'c>(
        self,
        c: impl Into<Conn<'c>>,
    ) -> Result<Option<O>, sqlx::Error> {
        let sql = self.sql;
        on_conn!(c.into(), self.args, |e, a| sqlx::query_as_with(sql, a)
            .fetch_optional(e)
            .await)
    }

    pub(crate) async fn fetch_all<'c>(self, c: impl Into<Conn<'c>>) -> Result<Vec<O>, sqlx::Error> {
        let sql = self.sql;
        on_conn!(c.into(), self.args, |e, a| sqlx::query_as_with(sql, a)
            .fetch_all(e)
            .await)
    }
}

/// A statement whose rows are one value (`sqlx::query_scalar`): a
/// [`QueryAs`] of one-column rows, as sqlx's own is, the value unwrapped.
pub(crate) struct QueryScalar<'a, O>(QueryAs<'a, (O,)>);

pub(crate) fn query_scalar<O>(sql: &str) -> QueryScalar<'_, O> {
    QueryScalar(query_as(sql))
}

impl<'a, O> QueryScalar<'a, O>
where
    O: Send + Unpin,
    (O,): for<'r> FromRow<'r, SqliteRow> + for<'r> FromRow<'r, PgRow>,
{
    pub(crate) fn bind(self, v: impl Bind<'a>) -> Self {
        QueryScalar(self.0.bind(v))
    }

    /// Binds arguments already collected (a [`Query`]'s).
    pub(crate) fn bind_all(self, args: Vec<Arg<'a>>) -> Self {
        QueryScalar(self.0.bind_all(args))
    }

    pub(crate) async fn fetch_one<'c>(self, c: impl Into<Conn<'c>>) -> Result<O, sqlx::Error> {
        self.0.fetch_one(c).await.map(|(o,)| o)
    }

    pub(crate) async fn fetch_optional<'c>(
        self,
        c: impl Into<Conn<'c>>,
    ) -> Result<Option<O>, sqlx::Error> {
        Ok(self.0.fetch_optional(c).await?.map(|(o,)| o))
    }

    pub(crate) async fn fetch_all<'c>(self, c: impl Into<Conn<'c>>) -> Result<Vec<O>, sqlx::Error> {
        Ok(self
            .0
            .fetch_all(c)
            .await?
            .into_iter()
            .map(|(o,)| o)
            .collect())
    }
}

#[cfg(test)]
mod tests {
    use super::renumber;

    #[test]
    fn a_batched_statement_s_placeholders_move_past_the_ones_before_it() {
        let mut out = String::new();
        renumber(
            "UPDATE t SET a = $1, b = $12 WHERE c = $2 AND d = 'x'",
            3,
            &mut out,
        );
        assert_eq!(out, "UPDATE t SET a = $4, b = $15 WHERE c = $5 AND d = 'x'");
        let mut out = String::new();
        renumber("SELECT $1 WHERE changes() = 1", 0, &mut out);
        assert_eq!(out, "SELECT $1 WHERE changes() = 1");
    }
}
