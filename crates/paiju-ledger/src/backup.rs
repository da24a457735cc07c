//! `paiju ledger backup FILE`: a consistent copy of a live SQLite ledger,
//! taken without stopping the bot.
//!
//! How: SQLite's `VACUUM INTO`, run on a read-only connection of its own.
//! It copies the database as one read transaction sees it — a snapshot of
//! the write-ahead log, so every commit before it is in the copy whole and
//! nothing after it is — while the bot's writer goes on committing beside
//! it (a reader of a WAL database blocks no writer). The copy is a fresh,
//! compact database file with no log beside it, ready to be opened,
//! verified or put back in place.
//!
//! Why not the online backup API (`sqlite3_backup_step`): stepped a few
//! pages at a time it starts over whenever another connection writes, which
//! under a busy bot is every few milliseconds; in one step it is the same
//! single read transaction as `VACUUM INTO`, with more `unsafe` for it.
//!
//! The bot's writer opens its file through the ledger's own file layer
//! (`wal_vfs.rs`), which holds a log frame's header only until the page
//! that follows it is written, and never past any other call on the file:
//! a commit is published (and seen by this reader, in this process or
//! another) only once all its frames are in the file. The reader here
//! uses SQLite's own layer, as every other connection does.
//!
//! PostgreSQL is not copied here: `pg_dump` does that (the README says
//! how), and the refusal says so.

use super::{connect_options, is_postgres_url, readable_in_place, redact_url, LedgerError};
use std::path::Path;

/// What a backup made.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Backup {
    /// The copy's size in bytes.
    pub bytes: u64,
}

/// Copies the SQLite ledger at `database_url` to a new file `dest` (see
/// the module doc). Refused for PostgreSQL (use `pg_dump`), for an
/// in-memory database, for a ledger that does not exist, and when `dest`
/// exists: a backup never overwrites a file. A copy that failed half way
/// is removed.
pub async fn backup_sqlite(database_url: &str, dest: &Path) -> Result<Backup, LedgerError> {
    if is_postgres_url(database_url) {
        return Err(LedgerError::BadInput(
            "this is a PostgreSQL ledger: back it up with PostgreSQL's own tool, e.g. `pg_dump --format=custom --file=paiju.dump 'postgres://…'`, and restore it with `pg_restore` (see the README)".into(),
        ));
    }
    if database_url.contains(":memory:") {
        return Err(LedgerError::BadInput(
            "an in-memory database has nothing to back up".into(),
        ));
    }
    if dest.symlink_metadata().is_ok() {
        return Err(LedgerError::BadInput(format!(
            "{} already exists: a backup never overwrites a file; name a new one",
            dest.display()
        )));
    }
    let Some(dest_text) = dest.to_str() else {
        return Err(LedgerError::BadInput(format!(
            "{} is not a UTF-8 path",
            dest.display()
        )));
    };
    let mut opts = connect_options(database_url, true)?;
    if !opts.get_filename().exists() {
        return Err(LedgerError::BadInput(format!(
            "no ledger at {}",
            redact_url(database_url)
        )));
    }
    if !readable_in_place(&opts).await? {
        // A folder that takes no write, and no log with content beside the
        // file: the file alone is the whole database.
        opts = opts.immutable(true);
    }
    let copied = async {
        use sqlx::{ConnectOptions, Connection};
        let mut conn = opts.connect().await?;
        let done = sqlx::query("VACUUM INTO $1")
            .bind(dest_text)
            .execute(&mut conn)
            .await;
        let _ = conn.close().await;
        done?;
        // SQLite writes the copy without syncing it: a backup must be on
        // the disk when the command says it is made.
        let io = |e: std::io::Error| LedgerError::Database(sqlx::Error::Io(e));
        let file = std::fs::File::open(dest).map_err(io)?;
        file.sync_all().map_err(io)?;
        if let Some(dir) = dest.parent().filter(|d| !d.as_os_str().is_empty()) {
            // The new file's name in its folder (not possible everywhere).
            if let Ok(dir) = std::fs::File::open(dir) {
                let _ = dir.sync_all();
            }
        }
        Ok::<u64, LedgerError>(file.metadata().map_err(io)?.len())
    }
    .await;
    match copied {
        Ok(bytes) => Ok(Backup { bytes }),
        Err(e) => {
            // Ours to remove: the name was free when we began.
            let _ = std::fs::remove_file(dest);
            Err(e)
        }
    }
}
