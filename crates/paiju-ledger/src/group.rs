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
//! A write may come in two forms (see `raw.rs`): the async one on sqlx's
//! transaction, and a synchronous one run on the connection through
//! SQLite's C API. The writes of a group that have the second form (a
//! settlement, an appended action) run on the connection taken from sqlx's
//! thread — `BEGIN IMMEDIATE`, every write, `COMMIT` — where the sqlx path
//! costs a hop to that thread per statement; and the writer keeps the
//! connection for the next such group (see [`Writer::run_held`]). Those
//! with only the first (a game opening) run just before them, as a group of
//! their own. The SQL and the savepoints are the same either way.
//!
//! PostgreSQL does not use this: its transactions run side by side, each
//! holding only its server's advisory lock.
//!
//! Each group is recorded through the `metrics` facade (its size and how
//! long its transaction took, [`metric_names`]): only this task sees a
//! group. The facade only: the application installs an exporter, or none
//! (then a record is a load of the facade's global and nothing more).

use super::checkpoint::{self, Checkpointer};
use super::db::{self, Pool, Tx};
use super::raw::{self, Raw};
use super::LedgerError;
use sqlx::SqlitePool;
use std::future::Future;
use std::pin::Pin;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use tokio::sync::{mpsc, oneshot};
use tokio::task::JoinHandle;

/// The names of the metrics the ledger records (see the module doc).
pub mod metric_names {
    /// Game writes per grouped transaction (a histogram).
    pub const GROUP_WRITES: &str = "paiju_ledger_group_writes";
    /// How long a grouped transaction took, from its `BEGIN` to its
    /// `COMMIT` (a histogram, in seconds).
    pub const GROUP_SECONDS: &str = "paiju_ledger_group_seconds";
}

/// Describes the ledger's metrics to the recorder installed (their HELP
/// lines).
pub fn describe_metrics() {
    metrics::describe_histogram!(
        metric_names::GROUP_WRITES,
        "Game writes per grouped SQLite transaction of the ledger."
    );
    metrics::describe_histogram!(
        metric_names::GROUP_SECONDS,
        metrics::Unit::Seconds,
        "How long a grouped SQLite transaction of the ledger took, BEGIN to COMMIT."
    );
}

/// Records one group: its size and its transaction's time.
fn record_group(writes: usize, took: std::time::Duration) {
    metrics::histogram!(metric_names::GROUP_WRITES).record(writes as f64);
    metrics::histogram!(metric_names::GROUP_SECONDS).record(took.as_secs_f64());
}

/// The most writes in one transaction: bounds how long the file's write
/// lock is held and how much one failed commit takes with it.
const MAX_GROUP: usize = 128;

/// How a write runs in a transaction someone else opened.
pub(crate) type WriteFuture<'t, T> =
    Pin<Box<dyn Future<Output = Result<T, LedgerError>> + Send + 't>>;

/// A write's synchronous form, on the connection itself (see `raw.rs`).
pub(crate) type RawWrite<T> =
    Box<dyn for<'h, 'c> FnOnce(&mut Raw<'h, 'c>) -> Result<T, LedgerError> + Send>;

/// One queued write, type-erased: it runs in the group's transaction, then
/// hears whether the group committed.
trait Work: Send {
    fn run<'t>(&'t mut self, tx: &'t mut Tx) -> Pin<Box<dyn Future<Output = bool> + Send + 't>>;
    /// Whether the write has a synchronous form ([`Work::run_raw`]).
    fn has_raw(&self) -> bool {
        false
    }
    /// Runs the synchronous form; `true` when it succeeded. Only called when
    /// [`Work::has_raw`].
    fn run_raw(&mut self, _raw: &mut Raw<'_, '_>) -> bool {
        false
    }
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
        answer(self.reply, self.result, failed);
    }
}

/// A write with only a synchronous form; in a group that runs on sqlx's
/// transaction it takes the connection for its own statements.
struct RawItem<T> {
    write: Option<RawWrite<T>>,
    result: Option<Result<T, LedgerError>>,
    reply: oneshot::Sender<Result<T, LedgerError>>,
}

impl<T: Send + 'static> Work for RawItem<T> {
    fn run<'t>(&'t mut self, tx: &'t mut Tx) -> Pin<Box<dyn Future<Output = bool> + Send + 't>> {
        Box::pin(async move {
            let Tx::Sqlite(t) = tx else {
                self.result = Some(Err(LedgerError::Corrupt(
                    "a SQLite write was given a PostgreSQL transaction".into(),
                )));
                return false;
            };
            match t.lock_handle().await {
                Ok(mut handle) => {
                    let mut cache = raw::Cache::default();
                    self.run_raw(&mut Raw::new(&mut handle, &mut cache))
                }
                Err(e) => {
                    self.result = Some(Err(e.into()));
                    false
                }
            }
        })
    }

    fn has_raw(&self) -> bool {
        true
    }

    fn run_raw(&mut self, raw: &mut Raw<'_, '_>) -> bool {
        let Some(write) = self.write.take() else {
            return false;
        };
        let r = write(raw);
        let ok = r.is_ok();
        self.result = Some(r);
        ok
    }

    fn finish(self: Box<Self>, failed: Option<&str>) {
        answer(self.reply, self.result, failed);
    }
}

/// Answers a write's caller once its group ended: the write's own result,
/// or the group's failure (`failed`) when the write itself went well.
fn answer<T>(
    reply: oneshot::Sender<Result<T, LedgerError>>,
    result: Option<Result<T, LedgerError>>,
    failed: Option<&str>,
) {
    let r = match (result, failed) {
        // Its own refusal stands whatever became of the group.
        (Some(Err(e)), _) => Err(e),
        (Some(Ok(v)), None) => Ok(v),
        (_, Some(why)) => Err(group_failed(why)),
        (None, None) => Err(group_failed("the write did not run")),
    };
    // A caller that went away needs no answer.
    let _ = reply.send(r);
}

/// A failure of the group, not of the write: transient (nothing of it was
/// written; trying again may work).
fn group_failed(why: &str) -> LedgerError {
    LedgerError::Database(sqlx::Error::Io(std::io::Error::other(format!(
        "the ledger's grouped write failed: {why}"
    ))))
}

/// The queue into the writer task; cheap to clone. The task ends when the
/// last ledger handle holding its queue is dropped, or at
/// [`GroupWriter::stop`].
#[derive(Clone, Debug)]
pub(crate) struct GroupWriter {
    queue: mpsc::UnboundedSender<Box<dyn Work>>,
    counts: Arc<Counts>,
    /// Tells the task to take no more writes (`Ledger::close`).
    stop: Arc<tokio::sync::Notify>,
    /// The writer task and the checkpoint task, awaited by `stop`.
    tasks: Arc<Mutex<Vec<JoinHandle<()>>>>,
    wanted: Arc<Wanted>,
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
    /// waking `checkpoints` after each commit (see `checkpoint.rs`): its
    /// pool and the log's length (pages) past which the writer catches the
    /// log up itself.
    pub(crate) fn start(pool: Pool, checkpoints: Option<(SqlitePool, i64)>) -> GroupWriter {
        let (queue, rx) = mpsc::unbounded_channel();
        let counts = Arc::new(Counts::default());
        let stop = Arc::new(tokio::sync::Notify::new());
        let mut tasks = Vec::new();
        let checkpoints = checkpoints.map(|(p, catch_up_frames)| {
            let (c, task) = Checkpointer::start(p, catch_up_frames);
            tasks.push(task);
            c
        });
        let wanted = Arc::new(Wanted::default());
        // Only a file's writer keeps its connection between groups: an
        // in-memory ledger reads through its one connection too.
        let hold = checkpoints.is_some();
        tasks.push(tokio::spawn(writer(Writer {
            pool,
            rx,
            checkpoints,
            counts: counts.clone(),
            stop: stop.clone(),
            stopping: false,
            wanted: wanted.clone(),
            hold,
        })));
        GroupWriter {
            queue,
            counts,
            stop,
            tasks: Arc::new(Mutex::new(tasks)),
            wanted,
        }
    }

    /// Announces a wait for the writer connection outside the group
    /// writer, until the returned guard is dropped (see [`Wanted`]).
    pub(crate) fn want(&self) -> Want {
        self.wanted.waiting.fetch_add(1, Ordering::AcqRel);
        self.wanted.notify.notify_one();
        Want(self.wanted.clone())
    }

    /// Stops the writer task once the writes already queued have run (later
    /// ones are refused as after a stop), and waits until it and the
    /// checkpoint task have ended and let go of their connections.
    pub(crate) async fn stop(&self) {
        self.stop.notify_one();
        let tasks = std::mem::take(&mut *self.tasks.lock().unwrap_or_else(|e| e.into_inner()));
        for task in tasks {
            // A task that panicked has ended too; its panic was reported.
            let _ = task.await;
        }
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
        self.send(item, answer).await
    }

    /// Runs `write` on the connection itself (see `raw.rs`), in the next
    /// group's transaction, and returns its result once the group has
    /// committed.
    pub(crate) async fn write_raw<T: Send + 'static>(
        &self,
        write: RawWrite<T>,
    ) -> Result<T, LedgerError> {
        let (reply, answer) = oneshot::channel();
        let item: Box<dyn Work> = Box::new(RawItem {
            write: Some(write),
            result: None,
            reply,
        });
        self.send(item, answer).await
    }

    async fn send<T>(
        &self,
        item: Box<dyn Work>,
        answer: oneshot::Receiver<Result<T, LedgerError>>,
    ) -> Result<T, LedgerError> {
        if self.queue.send(item).is_err() {
            return Err(group_failed("the writer has stopped"));
        }
        answer
            .await
            .unwrap_or_else(|_| Err(group_failed("the writer has stopped")))
    }
}

/// The writer task's state.
struct Writer {
    pool: Pool,
    rx: mpsc::UnboundedReceiver<Box<dyn Work>>,
    checkpoints: Option<Checkpointer>,
    counts: Arc<Counts>,
    stop: Arc<tokio::sync::Notify>,
    /// Set once `stop` was heard: the queue is closed and drained.
    stopping: bool,
    wanted: Arc<Wanted>,
    /// Whether the task may keep the connection between groups (a SQLite
    /// file; see [`Writer::run_held`]).
    hold: bool,
}

async fn writer(mut w: Writer) {
    let mut group: Vec<Box<dyn Work>> = Vec::with_capacity(MAX_GROUP);
    loop {
        if group.is_empty() && !w.next(&mut group).await {
            break;
        }
        let sqlite = match &w.pool {
            Pool::Sqlite(p) if w.hold => Some(p.clone()),
            _ => None,
        };
        if let Some(p) = sqlite {
            // The writes with only sqlx's form (a game opening) run first,
            // in a group of their own, and the synchronous ones after them
            // on the held connection: one opening among a hundred tables'
            // actions would otherwise send them all down sqlx's path. The
            // writes of a group come from callers waiting side by side, so
            // any order of them is one they could have come in.
            // Taken out in place: a group with none (nearly every group)
            // allocates nothing, and `group` keeps its capacity.
            let mut sqlx_writes: Vec<_> = group.extract_if(.., |x| !x.has_raw()).collect();
            if !sqlx_writes.is_empty() {
                w.run_sqlx(&mut sqlx_writes).await;
            }
            if group.is_empty() {
                continue;
            }
            if !w.run_held(&p, &mut group).await {
                break;
            }
            continue;
        }
        w.run_sqlx(&mut group).await;
    }
}

/// Answers every write of a group: its own result, or the group's failure.
fn finish(group: &mut Vec<Box<dyn Work>>, failed: Option<sqlx::Error>) {
    let why = failed.as_ref().map(|e| e.to_string());
    for item in group.drain(..) {
        item.finish(why.as_deref());
    }
}

impl Writer {
    /// Runs `group` on sqlx's transaction, answers its callers, and lets
    /// the checkpoint task (or, when the log outgrew it, the writer itself)
    /// copy the log back.
    async fn run_sqlx(&mut self, group: &mut Vec<Box<dyn Work>>) {
        self.count(group);
        let began = std::time::Instant::now();
        let failed = run_group(&self.pool, group).await.err();
        record_group(group.len(), began.elapsed());
        finish(group, failed);
        if let Some(c) = &self.checkpoints {
            c.wrote();
            // The log outgrew what the checkpoint task could copy beside
            // the writes: one checkpoint here, between two groups, copies
            // it all (the callers above have their answers already).
            if let (true, Pool::Sqlite(p)) = (c.take_catch_up(), &self.pool) {
                checkpoint::checkpoint(p).await;
            }
        }
    }

    /// Waits for the next group; `false` once the queue is closed and empty.
    async fn next(&mut self, group: &mut Vec<Box<dyn Work>>) -> bool {
        loop {
            let got = if self.stopping {
                self.rx.recv_many(group, MAX_GROUP).await
            } else {
                tokio::select! {
                    biased;
                    n = self.rx.recv_many(group, MAX_GROUP) => n,
                    () = self.stop.notified() => {
                        self.stopping();
                        continue;
                    }
                }
            };
            return got > 0;
        }
    }

    /// What is queued still runs; what comes later is refused.
    fn stopping(&mut self) {
        self.rx.close();
        self.stopping = true;
    }

    fn count(&self, group: &[Box<dyn Work>]) {
        self.counts.groups.fetch_add(1, Ordering::Relaxed);
        self.counts
            .writes
            .fetch_add(group.len() as u64, Ordering::Relaxed);
    }

    /// Runs `group` (every write with a synchronous form) and the groups
    /// like it that follow, keeping the connection out of sqlx's thread
    /// between them: taking it (a hop to that thread and back) and giving
    /// it back (waking that thread) cost about as much as a settlement's
    /// SQLite work. The connection goes back when a group needs sqlx's
    /// path, when another write of the ledger waits for the connection
    /// (`Ledger::begin` says so through [`Wanted`]), when no write comes
    /// for [`HOLD_IDLE`], or after [`HOLD_MAX`] — the last two bound the
    /// wait of anything that takes the writer pool unannounced. Returns
    /// `false` once the queue is closed and empty; `group` is left empty or
    /// holding the next group, in which some write needs sqlx's path (the
    /// writer splits it).
    async fn run_held(&mut self, pool: &SqlitePool, group: &mut Vec<Box<dyn Work>>) -> bool {
        let mut conn = match pool.acquire().await {
            Ok(c) => c,
            Err(e) => {
                self.count(group);
                finish(group, Some(e));
                return true;
            }
        };
        let mut handle = match conn.lock_handle().await {
            Ok(h) => h,
            Err(e) => {
                self.count(group);
                finish(group, Some(e));
                return true;
            }
        };
        // Dropped before `handle` (declared after it): every statement is
        // finalized before the connection goes back to sqlx.
        let mut cache = raw::Cache::default();
        let since = tokio::time::Instant::now();
        loop {
            self.count(group);
            let began = std::time::Instant::now();
            let failed = {
                let mut raw = Raw::new(&mut handle, &mut cache);
                let failed = run_raw_group(&mut raw, group).err();
                record_group(group.len(), began.elapsed());
                if let Some(c) = &self.checkpoints {
                    c.wrote();
                    if c.take_catch_up() {
                        // See `writer`: the checkpoint the task could not
                        // finish, here between two groups.
                        if let Err(e) = raw.exec(c"PRAGMA wal_checkpoint(PASSIVE)") {
                            tracing::warn!("ledger checkpoint failed: {e}");
                        }
                    }
                }
                failed
            };
            finish(group, failed);
            if self.wanted.any() || since.elapsed() >= HOLD_MAX {
                return true;
            }
            let got = if self.stopping {
                self.rx.recv_many(group, MAX_GROUP).await
            } else {
                tokio::select! {
                    biased;
                    n = self.rx.recv_many(group, MAX_GROUP) => n,
                    () = self.wanted.notify.notified() => return true,
                    () = self.stop.notified() => {
                        self.stopping();
                        self.rx.recv_many(group, MAX_GROUP).await
                    }
                    () = tokio::time::sleep(HOLD_IDLE) => return true,
                }
            };
            if got == 0 {
                return false;
            }
            if !group.iter_mut().all(|x| x.has_raw()) {
                return true;
            }
        }
    }
}

/// How long the writer keeps the connection after a group when no write
/// comes (see [`Writer::run_held`]): a table's next action, a settlement's
/// caller's next one, usually come sooner.
const HOLD_IDLE: std::time::Duration = std::time::Duration::from_millis(2);

/// The longest the writer keeps the connection at a time.
const HOLD_MAX: std::time::Duration = std::time::Duration::from_millis(50);

/// Writes of the ledger waiting for the writer connection outside the
/// group writer (`Ledger::begin`): the writer gives the connection back for
/// them at once.
#[derive(Debug, Default)]
pub(crate) struct Wanted {
    waiting: std::sync::atomic::AtomicUsize,
    notify: tokio::sync::Notify,
}

impl Wanted {
    fn any(&self) -> bool {
        self.waiting.load(Ordering::Acquire) > 0
    }
}

/// Held while waiting for the writer connection (see [`Wanted`]).
pub(crate) struct Want(Arc<Wanted>);

impl Drop for Want {
    fn drop(&mut self) {
        self.0.waiting.fetch_sub(1, Ordering::AcqRel);
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

/// [`run_group`] for a group whose writes all have a synchronous form, on
/// the connection itself: the same transaction and savepoints.
fn run_raw_group(raw: &mut Raw<'_, '_>, group: &mut [Box<dyn Work>]) -> Result<(), sqlx::Error> {
    // A lone write takes the calling thread for about as long as sqlx's
    // hops took; a long group would hold one of the runtime's workers for
    // milliseconds, so it runs as blocking work.
    if group.len() > 4 && on_multi_thread_runtime() {
        tokio::task::block_in_place(|| raw_group(raw, group))
    } else {
        raw_group(raw, group)
    }
}

fn on_multi_thread_runtime() -> bool {
    tokio::runtime::Handle::try_current()
        .is_ok_and(|h| h.runtime_flavor() == tokio::runtime::RuntimeFlavor::MultiThread)
}

fn raw_group(raw: &mut Raw<'_, '_>, group: &mut [Box<dyn Work>]) -> Result<(), sqlx::Error> {
    raw.exec(c"BEGIN IMMEDIATE")?;
    // Whatever happens below (an error, a panic in a write), the connection
    // goes back to sqlx with no transaction open.
    let tx = OpenTx { raw };
    let done = if let [item] = group {
        if item.run_raw(tx.raw) {
            tx.raw.exec(c"COMMIT")
        } else {
            tx.raw.exec(c"ROLLBACK")
        }
    } else {
        raw_savepoints(tx.raw, group).and_then(|()| tx.raw.exec(c"COMMIT"))
    };
    drop(tx);
    done
}

fn raw_savepoints(raw: &mut Raw<'_, '_>, group: &mut [Box<dyn Work>]) -> Result<(), sqlx::Error> {
    // Prepared once for the writer's many groups (see `Raw::exec_prepared`).
    for item in group.iter_mut() {
        raw.exec_prepared("SAVEPOINT grouped")?;
        if !item.run_raw(raw) {
            raw.exec_prepared("ROLLBACK TO grouped")?;
        }
        raw.exec_prepared("RELEASE grouped")?;
    }
    Ok(())
}

/// Rolls back a transaction still open when dropped (a failed `COMMIT`,
/// an error or a panic half way).
struct OpenTx<'r, 'h, 'c> {
    raw: &'r mut Raw<'h, 'c>,
}

impl Drop for OpenTx<'_, '_, '_> {
    fn drop(&mut self) {
        if self.raw.in_transaction() {
            if let Err(e) = self.raw.exec(c"ROLLBACK") {
                tracing::error!("ledger: rolling back a grouped write failed: {e}");
            }
        }
    }
}
