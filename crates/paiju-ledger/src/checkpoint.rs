//! Checkpoints of the SQLite ledger's write-ahead log, off the writers' path.
//!
//! In WAL mode every commit appends the pages it changed to the log; a
//! checkpoint copies them back into the database file and syncs both files
//! (`synchronous = NORMAL` syncs nothing else). By default SQLite runs one
//! inside the commit that takes the log past 1,000 pages: that commit, and
//! every table waiting behind it in the writer's queue, waits for a thousand
//! page writes and two `fsync`s — about 10 ms on a virtual disk, the action
//! latency's 99th percentile. At ~19 pages a settlement that was a
//! checkpoint every 50 settlements, each syncing the disk twice.
//!
//! So the writer connection never checkpoints (`wal_autocheckpoint = 0`) and
//! this task does, on a connection and thread of its own: at most every
//! [`INTERVAL`] while writes come (the writer wakes it after each commit),
//! and every [`IDLE`] otherwise. A page written many times between two
//! checkpoints is copied once, and the disk is synced a few times a second
//! instead of for every fiftieth settlement.
//!
//! What a crash can lose is unchanged: a process that dies loses nothing
//! committed (the log is in the operating system's hands); a power cut may
//! lose what was committed since the last sync — now at most about
//! [`INTERVAL`] of writes, where before it was up to 1,000 pages (minutes of
//! a quiet server's writes).
//!
//! A checkpoint running beside the writer cannot always catch up: SQLite
//! starts the log over only once a checkpoint has copied all of it, so under
//! unbroken writes the log grows. When it passes
//! `LedgerConfig::log_restart_bytes` (256 MB by default) the writer runs one
//! checkpoint itself between two groups (it is idle then, so that one copies
//! everything and the log starts over), and `journal_size_limit` (the same
//! length) gives what grew past it back to the disk.
//!
//! That checkpoint pauses the writes queued behind it for 10–25 ms (what the
//! task had not copied yet and three `fsync`s: the log, the database, and the
//! new log's header). At 4,000 actions a second over 10,000 tables the log
//! grows ~12,000 pages a second, so with a 64 MB limit that was every 1.4 s
//! and 1–2 % of the actions — the action latency's 99th percentile (22 ms
//! over 40 s). With 256 MB it is every ~5.6 s and the 99th percentile is
//! 3.4 ms (`cargo bench --bench scale -- sqlite 10000`).

use sqlx::SqlitePool;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::mpsc;

/// The least time between two checkpoints while writes come: bounds what a
/// power cut can lose and how often the disk is synced.
pub(crate) const INTERVAL: Duration = Duration::from_millis(250);

/// A checkpoint this often with no writes at all (writes outside the game
/// writer's groups, e.g. a transfer, do not wake the task).
const IDLE: Duration = Duration::from_secs(10);

/// The log's length in pages (SQLite's default 4 KB pages, which the ledger
/// keeps) past which the writer checkpoints once itself: `bytes` of log.
pub(crate) fn frames(bytes: u64) -> i64 {
    i64::try_from(bytes / 4096).unwrap_or(i64::MAX)
}

/// The writer's side: wakes the checkpoint task after a commit, and hears
/// when the log needs a checkpoint by the writer itself.
#[derive(Debug)]
pub(crate) struct Checkpointer {
    wake: mpsc::Sender<()>,
    /// A wake-up is on its way and the task has not checkpointed since:
    /// later commits need not wake it again (one task wake-up per
    /// checkpoint, not per commit).
    woken: Arc<AtomicBool>,
    catch_up: Arc<AtomicBool>,
}

impl Checkpointer {
    /// Starts the task on `pool` (one connection of its own), asking the
    /// writer to catch up when the log is `catch_up_frames` pages long or
    /// longer; it ends, and closes the pool, when this handle is dropped
    /// (the returned handle says when it has).
    pub(crate) fn start(
        pool: SqlitePool,
        catch_up_frames: i64,
    ) -> (Checkpointer, tokio::task::JoinHandle<()>) {
        let (wake, rx) = mpsc::channel(1);
        let catch_up = Arc::new(AtomicBool::new(false));
        let woken = Arc::new(AtomicBool::new(false));
        let task = tokio::spawn(run(
            pool,
            rx,
            woken.clone(),
            catch_up.clone(),
            catch_up_frames,
        ));
        (
            Checkpointer {
                wake,
                woken,
                catch_up,
            },
            task,
        )
    }

    /// After a commit: a checkpoint is due soon. Never waits.
    pub(crate) fn wrote(&self) {
        if !self.woken.swap(true, Ordering::AcqRel) {
            let _ = self.wake.try_send(());
        }
    }

    /// Whether the writer should checkpoint now, itself (once per report).
    pub(crate) fn take_catch_up(&self) -> bool {
        self.catch_up.swap(false, Ordering::Relaxed)
    }
}

/// One passive checkpoint on `pool`: the log's length in pages, or `None`
/// when SQLite could not run it.
pub(crate) async fn checkpoint(pool: &SqlitePool) -> Option<i64> {
    // Rows: (busy, pages in the log, pages copied); -1 when not in WAL mode.
    match sqlx::query_as::<_, (i64, i64, i64)>("PRAGMA wal_checkpoint(PASSIVE)")
        .fetch_one(pool)
        .await
    {
        Ok((_, log, _)) => Some(log),
        Err(e) => {
            if !pool.is_closed() {
                tracing::warn!("ledger checkpoint failed: {e}");
            }
            None
        }
    }
}

async fn run(
    pool: SqlitePool,
    mut wake: mpsc::Receiver<()>,
    woken: Arc<AtomicBool>,
    catch_up: Arc<AtomicBool>,
    catch_up_frames: i64,
) {
    // A wake-up that came during the pause after a checkpoint: the next
    // one is due at once.
    let mut due = false;
    loop {
        // A wake-up or the idle time: checkpoint. The queue closed: the
        // writer is gone (the ledger was closed or dropped).
        if !due {
            if let Ok(None) = tokio::time::timeout(IDLE, wake.recv()).await {
                break;
            }
        }
        due = false;
        if pool.is_closed() {
            break;
        }
        // Commits from here on wake the task again.
        woken.store(false, Ordering::Release);
        if checkpoint(&pool)
            .await
            .is_some_and(|log| log >= catch_up_frames)
        {
            catch_up.store(true, Ordering::Relaxed);
        }
        // The pause between two checkpoints, cut short when the writer
        // goes: `Ledger::close` waits for this task to end.
        let pause = tokio::time::sleep(INTERVAL);
        tokio::pin!(pause);
        loop {
            tokio::select! {
                () = &mut pause => break,
                w = wake.recv() => match w {
                    Some(()) => due = true,
                    None => {
                        super::db::close_fully(&pool).await;
                        return;
                    }
                },
            }
        }
    }
    super::db::close_fully(&pool).await;
}
