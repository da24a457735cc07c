//! The SQLite writer connection driven through SQLite's C API, on the
//! calling thread, for the game writes the group writer runs (`group.rs`).
//!
//! Why: sqlx runs every SQLite statement on the connection's own thread and
//! hands each result back over a channel, so every statement, `BEGIN` and
//! `COMMIT` is a round trip between threads — a channel send, a futex wake,
//! a context switch each way. A profile of the settle benchmark had the
//! connection's thread spend more time in the kernel switching than in
//! SQLite. `LockedSqliteHandle` (sqlx's documented way to call SQLite
//! directly) takes the connection from its thread in one round trip; here
//! the whole group — `BEGIN IMMEDIATE`, every write's statements, `COMMIT` —
//! then runs without another hop.
//!
//! The statements are the same SQL text the sqlx path runs (`db::Query`),
//! prepared, bound and stepped here. A prepared statement is kept in a
//! [`Cache`] for the next use while the connection stays locked (the group
//! writer keeps it across many groups: preparing was ~45 % of a
//! settlement's SQLite time in a profile) and finalized before the handle
//! goes back: sqlx closes a connection with `sqlite3_close`, which refuses
//! (and sqlx panics) while a statement of ours is alive, and a connection
//! can be closed by the pool at any time the handle is not locked.
//!
//! Errors are SQLite's own (`sqlx::Error::Database` with the connection's
//! last error), so callers see what the sqlx path would report.
//!
//! The `libsqlite3-sys` dependency is pinned to the version sqlx links
//! (its `as_raw_handle` type is that crate's `sqlite3`).

use super::db::{Arg, Query};
use libsqlite3_sys as ffi;
use sqlx::sqlite::LockedSqliteHandle;
use std::collections::HashMap;
use std::ffi::{c_int, CStr};
use std::ptr::{self, NonNull};

/// The most statements a [`Cache`] keeps (a settlement's SQL differs by
/// its number of seats; a handful of shapes are in use).
const CACHED: usize = 64;

/// Statements prepared on a locked connection, by SQL text, for their next
/// use while it stays locked. Finalized when dropped, which must happen
/// before the lock is given back: declare it after the
/// `LockedSqliteHandle`, so that it is dropped first (unwinding included).
#[derive(Default)]
pub(crate) struct Cache {
    statements: HashMap<String, Stmt>,
}

/// The writer connection, locked out of sqlx's thread while this lives.
pub(crate) struct Raw<'h, 'c> {
    handle: &'h mut LockedSqliteHandle<'c>,
    db: NonNull<ffi::sqlite3>,
    cache: &'h mut Cache,
}

impl<'h, 'c> Raw<'h, 'c> {
    /// `cache` must hold statements of this connection only (see [`Cache`]).
    pub(crate) fn new(handle: &'h mut LockedSqliteHandle<'c>, cache: &'h mut Cache) -> Self {
        let db = handle.as_raw_handle();
        Raw { handle, db, cache }
    }

    /// Puts a statement that ran to its end back in the cache, reset and
    /// with its arguments cleared.
    fn keep(&mut self, sql: &str, stmt: Stmt) {
        // SAFETY: a live statement of the locked connection; its last step
        // finished (SQLITE_DONE), so resetting reports nothing new.
        unsafe {
            ffi::sqlite3_reset(stmt.0.as_ptr());
            ffi::sqlite3_clear_bindings(stmt.0.as_ptr());
        }
        if self.cache.statements.len() >= CACHED {
            self.cache.statements.clear();
        }
        self.cache.statements.insert(sql.to_string(), stmt);
    }

    /// The connection's last error, as sqlx reports SQLite's errors.
    fn error(&mut self) -> sqlx::Error {
        match self.handle.last_error() {
            Some(e) => sqlx::Error::Database(Box::new(e)),
            None => sqlx::Error::Protocol("SQLite reported an error without a message".into()),
        }
    }

    /// Runs statements without arguments or rows (`BEGIN`, `COMMIT`, …).
    pub(crate) fn exec(&mut self, sql: &CStr) -> Result<(), sqlx::Error> {
        // SAFETY: `db` is the open connection `handle` keeps locked for us
        // (no other thread calls into it meanwhile); `sql` is a valid
        // NUL-terminated string; no callback, so no callback argument and
        // no error string to free (errors are read from the connection).
        let rc = unsafe {
            ffi::sqlite3_exec(
                self.db.as_ptr(),
                sql.as_ptr(),
                None,
                ptr::null_mut(),
                ptr::null_mut(),
            )
        };
        if rc == ffi::SQLITE_OK {
            Ok(())
        } else {
            Err(self.error())
        }
    }

    /// Runs a statement without arguments or rows that comes back often
    /// (`SAVEPOINT`, `RELEASE`): prepared once and kept in the cache, where
    /// [`Raw::exec`] parses it again every time.
    pub(crate) fn exec_prepared(&mut self, sql: &str) -> Result<(), sqlx::Error> {
        self.execute(&Query {
            sql,
            args: Vec::new(),
        })
        .map(|_| ())
    }

    /// Whether a transaction is open on the connection.
    pub(crate) fn in_transaction(&mut self) -> bool {
        // SAFETY: as in `exec`: the connection is open and ours alone.
        unsafe { ffi::sqlite3_get_autocommit(self.db.as_ptr()) == 0 }
    }

    /// Prepares `q`'s one statement and binds its arguments.
    /// (The statement never leaves this module's functions, each of which
    /// finalizes it before returning.)
    fn prepare(&mut self, q: &Query<'_>) -> Result<Stmt, sqlx::Error> {
        let stmt = match self.cache.statements.remove(q.sql) {
            Some(stmt) => stmt,
            None => self.prepare_new(q)?,
        };
        self.bind(q, &stmt)?;
        Ok(stmt)
    }

    fn prepare_new(&mut self, q: &Query<'_>) -> Result<Stmt, sqlx::Error> {
        let len = c_int::try_from(q.sql.len())
            .map_err(|_| sqlx::Error::Protocol("statement too long".into()))?;
        let mut stmt = ptr::null_mut();
        let mut tail: *const std::ffi::c_char = ptr::null();
        // SAFETY: the connection is open and ours alone; `q.sql` is valid
        // for `len` bytes (no NUL needed when the length is given); SQLite
        // writes the new statement (or null) to `stmt` and where the first
        // statement ended, inside `q.sql`, to `tail`.
        let rc = unsafe {
            ffi::sqlite3_prepare_v2(
                self.db.as_ptr(),
                q.sql.as_ptr().cast(),
                len,
                &mut stmt,
                &mut tail,
            )
        };
        let Some(stmt) = NonNull::new(stmt).filter(|_| rc == ffi::SQLITE_OK) else {
            if rc == ffi::SQLITE_OK {
                return Err(sqlx::Error::Protocol(format!("empty statement: {}", q.sql)));
            }
            return Err(self.error());
        };
        let stmt = Stmt(stmt);
        // One statement per query: a second one would silently not run.
        let used = (tail as usize).saturating_sub(q.sql.as_ptr() as usize);
        if !q
            .sql
            .get(used..)
            .unwrap_or("")
            .trim()
            .trim_matches(';')
            .trim()
            .is_empty()
        {
            return Err(sqlx::Error::Protocol(format!(
                "more than one statement: {}",
                q.sql
            )));
        }
        Ok(stmt)
    }

    /// Binds `q`'s arguments to `stmt` (prepared from `q`'s SQL).
    fn bind(&mut self, q: &Query<'_>, stmt: &Stmt) -> Result<(), sqlx::Error> {
        // SAFETY (every call below): `stmt` is a live statement of the
        // locked connection; a parameter's name is a NUL-terminated string
        // SQLite owns until the statement is finalized (copied out at once);
        // bound text is copied by SQLite (SQLITE_TRANSIENT).
        let count = unsafe { ffi::sqlite3_bind_parameter_count(stmt.0.as_ptr()) };
        for at in 1..=count {
            // SQLite numbers parameters by their first appearance and takes
            // `$N` as a name: `$N` is the N-th argument wherever it stands
            // (as sqlx binds it), which matters when `$4` comes before `$3`.
            let name = unsafe { ffi::sqlite3_bind_parameter_name(stmt.0.as_ptr(), at) };
            let n = if name.is_null() {
                usize::try_from(at).unwrap_or(0)
            } else {
                let name = unsafe { CStr::from_ptr(name) }.to_string_lossy();
                name.strip_prefix(['$', '?'])
                    .and_then(|n| n.parse().ok())
                    .ok_or_else(|| {
                        sqlx::Error::Protocol(format!("unsupported parameter {name} in {}", q.sql))
                    })?
            };
            let Some(arg) = n.checked_sub(1).and_then(|i| q.args.get(i)) else {
                return Err(sqlx::Error::Protocol(format!(
                    "no argument for parameter {n} of {}",
                    q.sql
                )));
            };
            let rc = unsafe {
                match arg {
                    Arg::Int(Some(v)) => ffi::sqlite3_bind_int64(stmt.0.as_ptr(), at, *v),
                    Arg::Int(None) | Arg::Text(None) => ffi::sqlite3_bind_null(stmt.0.as_ptr(), at),
                    Arg::Text(Some(v)) => ffi::sqlite3_bind_text(
                        stmt.0.as_ptr(),
                        at,
                        v.as_ptr().cast(),
                        c_int::try_from(v.len()).unwrap_or(c_int::MAX),
                        ffi::SQLITE_TRANSIENT(),
                    ),
                }
            };
            if rc != ffi::SQLITE_OK {
                return Err(self.error());
            }
        }
        Ok(())
    }

    /// Runs `q` (no rows read) and returns how many rows it changed.
    pub(crate) fn execute(&mut self, q: &Query<'_>) -> Result<u64, sqlx::Error> {
        let stmt = self.prepare(q)?;
        loop {
            match stmt.step() {
                ffi::SQLITE_ROW => continue,
                ffi::SQLITE_DONE => break,
                _ => return Err(self.error()),
            }
        }
        // SAFETY: the connection is open and ours alone; read before the
        // reset.
        let n = unsafe { ffi::sqlite3_changes64(self.db.as_ptr()) };
        self.keep(q.sql, stmt);
        Ok(u64::try_from(n).unwrap_or(0))
    }

    /// Runs `q` and hands each row to `row`.
    pub(crate) fn rows(
        &mut self,
        q: &Query<'_>,
        mut row: impl FnMut(&Row<'_>) -> Result<(), sqlx::Error>,
    ) -> Result<(), sqlx::Error> {
        let stmt = self.prepare(q)?;
        loop {
            match stmt.step() {
                ffi::SQLITE_ROW => row(&Row { stmt: &stmt })?,
                ffi::SQLITE_DONE => {
                    self.keep(q.sql, stmt);
                    return Ok(());
                }
                _ => return Err(self.error()),
            }
        }
    }
}

/// A prepared statement of the locked connection, finalized when dropped:
/// by the function that prepared it (after an error, read from the
/// connection first) or by its [`Cache`], before the lock is given back.
struct Stmt(NonNull<ffi::sqlite3_stmt>);

// SAFETY: a statement is only used through the `Raw` of its locked
// connection, on one thread at a time; the cache holding it moves with the
// writer task between threads of the runtime, never used by two at once
// (it is behind `&mut`).
unsafe impl Send for Stmt {}

impl Stmt {
    fn step(&self) -> c_int {
        // SAFETY: a live statement of the locked connection.
        unsafe { ffi::sqlite3_step(self.0.as_ptr()) }
    }
}

impl Drop for Stmt {
    fn drop(&mut self) {
        // SAFETY: finalized exactly once, here; its error (if any) is the
        // last step's, already read.
        unsafe {
            ffi::sqlite3_finalize(self.0.as_ptr());
        }
    }
}

/// The current row of a statement.
pub(crate) struct Row<'s> {
    stmt: &'s Stmt,
}

impl Row<'_> {
    fn is_null(&self, col: c_int) -> bool {
        // SAFETY: the statement has a row (SQLITE_ROW was returned).
        unsafe { ffi::sqlite3_column_type(self.stmt.0.as_ptr(), col) == ffi::SQLITE_NULL }
    }

    /// Column `col` as an integer; `None` for NULL.
    pub(crate) fn int(&self, col: c_int) -> Option<i64> {
        if self.is_null(col) {
            return None;
        }
        // SAFETY: as in `is_null`.
        Some(unsafe { ffi::sqlite3_column_int64(self.stmt.0.as_ptr(), col) })
    }

    /// Column `col` as text; `None` for NULL.
    pub(crate) fn text(&self, col: c_int) -> Result<Option<String>, sqlx::Error> {
        if self.is_null(col) {
            return Ok(None);
        }
        // SAFETY: as in `is_null`; SQLite returns a pointer to `bytes` bytes
        // that stay valid until the next step, column call or finalize —
        // they are copied out before any of those.
        let bytes = unsafe {
            let p = ffi::sqlite3_column_text(self.stmt.0.as_ptr(), col);
            let n = ffi::sqlite3_column_bytes(self.stmt.0.as_ptr(), col);
            if p.is_null() {
                return Ok(Some(String::new()));
            }
            std::slice::from_raw_parts(p, usize::try_from(n).unwrap_or(0))
        };
        String::from_utf8(bytes.to_vec())
            .map(Some)
            .map_err(|e| sqlx::Error::Decode(Box::new(e)))
    }
}
