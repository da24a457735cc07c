//! Group commit for the SQLite ledger: one writer task takes the game
//! writes of many tables (appended actions, snapshots, holds, settlements,
//! cancels) from a queue and runs as many as are waiting in one shared
//! transaction, each inside its own savepoint.
//!
//! Why: SQLite has one writer, and with one transaction per write the file's
//! write lock is taken and released, the WAL appended and the pool's one
//! connection handed over for every move of every table. With a thousand
//! tables playing, writes queue anyway; taking the whole queue at once pays
//! those costs once per group instead of once per write.
//!
//! What stays exactly as before: each write runs the same statements, in the
//! same order, seeing everything the writes before it left (one connection,
//! one transaction). A write that fails — a compare-and-set that finds
//! another version, a game no longer running, a shard this process does not
//! hold — is rolled back to its savepoint and its caller gets its error; the
//! others in the group go on and commit. A caller hears `Ok` only once the
//! group's commit has succeeded; if the commit fails every caller of the
//! group gets that failure (as a transient database error: nothing of the
//! group was written).
//!
//! PostgreSQL does not use this: its transactions run side by side, each
//! holding only its server's advisory lock.

use super::checkpoint::{self, Checkpointer};
use super::db::{self, Pool, Tx};
use super::LedgerError;
use std::future::Future;
use std::pin::Pin;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use tokio::sync::{mpsc, oneshot};

/// The most writes in one transaction: bounds how long the file's write
/// lock is held and how much one failed commit takes with it.
const MAX_GROUP: usize = 128;

/// How a write runs in a transaction someone else opened.
pub(crate) type WriteFuture<'t, T> =
    Pin<Box<dyn Future<Output = Result<T, LedgerError>> + Send + 't>>;

/// One queued write, type-erased: it runs in the group's transaction, then
/// hears whether the group committed.
trait Work: Send {
    fn run<'t>(&'t mut self, tx: &'t mut Tx) -> Pin<Box<dyn Future<Output = bool> + Send + 't>>;
    /// `failed`: `None` when the group committed, else why it did not.
    fn finish(self: Box<Self>, failed: Option<&str>);
}

struct Item<T, F> {
    write: Option<F>,
    result: Option<Result<T, LedgerError>>,
    reply: oneshot::Sender<Result<T, LedgerError>>,
}

impl<T, F> Work for Item<T, F>
where
    T: Send + 'static,
    F: for<'t> FnOnce(&'t mut Tx) -> WriteFuture<'t, T> + Send + 'static,
{
    /// Runs the write; `true` when it succeeded (its savepoint is kept).
    fn run<'t>(&'t mut self, tx: &'t mut Tx) -> Pin<Box<dyn Future<Output = bool> + Send + 't>> {
        Box::pin(async move {
            let Some(write) = self.write.take() else {
                return false;
            };
            let r = write(tx).await;
            let ok = r.is_ok();
            self.result = Some(r);
            ok
        })
    }

    fn finish(self: Box<Self>, failed: Option<&str>) {
        let r = match (self.result, failed) {
            // Its own refusal stands whatever became of the group.
            (Some(Err(e)), _) => Err(e),
            (Some(Ok(v)), None) => Ok(v),
            (_, Some(why)) => Err(group_failed(why)),
            (None, None) => Err(group_failed("the write did not run")),
        };
        // A caller that went away needs no answer.
        let _ = self.reply.send(r);
    }
}

/// A failure of the group, not of the write: transient (nothing of it was
/// written; trying again may work).
fn group_failed(why: &str) -> LedgerError {
    LedgerError::Database(sqlx::Error::Io(std::io::Error::other(format!(
        "the ledger's grouped write failed: {why}"
    ))))
}

/// The queue into the writer task; cheap to clone. The task ends when the
/// last ledger handle holding its queue is dropped.
#[derive(Clone, Debug)]
pub(crate) struct GroupWriter {
    queue: mpsc::UnboundedSender<Box<dyn Work>>,
    counts: Arc<Counts>,
}

/// Groups committed and writes in them, for the load benchmark: how well
/// the writes group.
#[derive(Debug, Default)]
struct Counts {
    groups: AtomicU64,
    writes: AtomicU64,
}

impl GroupWriter {
    /// Starts the writer task on `pool` (SQLite's one writer connection),
    /// waking `checkpoints` after each commit (see `checkpoint.rs`).
    pub(crate) fn start(pool: Pool, checkpoints: Option<Checkpointer>) -> GroupWriter {
        let (queue, rx) = mpsc::unbounded_channel();
        let counts = Arc::new(Counts::default());
        tokio::spawn(writer(pool, rx, checkpoints, counts.clone()));
        GroupWriter { queue, counts }
    }

    /// Groups run and writes run in them so far.
    pub(crate) fn counts(&self) -> (u64, u64) {
        (
            self.counts.groups.load(Ordering::Relaxed),
            self.counts.writes.load(Ordering::Relaxed),
        )
    }

    /// Runs `write` in the next group's transaction and returns its result
    /// once the group has committed.
    pub(crate) async fn write<T, F>(&self, write: F) -> Result<T, LedgerError>
    where
        T: Send + 'static,
        F: for<'t> FnOnce(&'t mut Tx) -> WriteFuture<'t, T> + Send + 'static,
    {
        let (reply, answer) = oneshot::channel();
        let item: Box<dyn Work> = Box::new(Item {
            write: Some(write),
            result: None,
            reply,
        });
        if self.queue.send(item).is_err() {
            return Err(group_failed("the writer has stopped"));
        }
        answer
            .await
            .unwrap_or_else(|_| Err(group_failed("the writer has stopped")))
    }
}

async fn writer(
    pool: Pool,
    mut rx: mpsc::UnboundedReceiver<Box<dyn Work>>,
    checkpoints: Option<Checkpointer>,
    counts: Arc<Counts>,
) {
    let mut group: Vec<Box<dyn Work>> = Vec::with_capacity(MAX_GROUP);
    while rx.recv_many(&mut group, MAX_GROUP).await > 0 {
        counts.groups.fetch_add(1, Ordering::Relaxed);
        counts
            .writes
            .fetch_add(group.len() as u64, Ordering::Relaxed);
        let failed = run_group(&pool, &mut group).await.err();
        let why = failed.as_ref().map(|e| e.to_string());
        for item in group.drain(..) {
            item.finish(why.as_deref());
        }
        let Some(checkpoints) = &checkpoints else {
            continue;
        };
        checkpoints.wrote();
        // The log outgrew what the checkpoint task could copy beside the
        // writes: one checkpoint here, between two groups, copies it all
        // (the callers above have their answers already).
        if let (true, Pool::Sqlite(p)) = (checkpoints.take_catch_up(), &pool) {
            checkpoint::checkpoint(p).await;
        }
    }
}

/// One transaction for the whole group, a savepoint per write. Releasing a
/// write's savepoint and opening the next one's is one round trip to the
/// connection's thread, and the commit releases the last one.
///
/// A group of one write (every write while the ledger is not busy) needs no
/// savepoint: the transaction is the write's own, committed when it
/// succeeded and rolled back when it failed — two fewer round trips.
async fn run_group(pool: &Pool, group: &mut [Box<dyn Work>]) -> Result<(), sqlx::Error> {
    let mut tx = pool.begin_write(db::Lock::None).await?;
    if let [item] = group {
        return if item.run(&mut tx).await {
            tx.commit().await
        } else {
            tx.rollback().await
        };
    }
    let mut open = "SAVEPOINT grouped";
    for item in group.iter_mut() {
        db::query(open).execute(&mut tx).await?;
        if !item.run(&mut tx).await {
            db::query("ROLLBACK TO grouped").execute(&mut tx).await?;
        }
        open = "RELEASE grouped; SAVEPOINT grouped";
    }
    tx.commit().await
}
