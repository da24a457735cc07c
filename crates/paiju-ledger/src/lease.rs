//! Who may play at a ledger's tables: one process at a time.
//!
//! Two processes resuming the same stored game would both play it; only one
//! move is kept per version (`save_snapshot` is a compare-and-set) and the
//! other player's move is lost. So a process that hosts tables (`paiju play`,
//! the bot) first takes the lease of its scope: a row naming it (pid, host,
//! start time) that it renews while it runs. Another process is refused,
//! with the owner's name, while the lease is alive; a lease whose owner died
//! is taken over: at once when the owner ran on this host and its pid is
//! gone, else once it lapsed (no renewal for [`LEASE_TTL_SECS`]).
//!
//! Everything about leases is in this file and keyed by a scope string.
//!
//! # Several processes (issue #18)
//!
//! Discord shards its gateway by guild (`(guild_id >> 22) % shard_count`),
//! and a process that runs shards `first..=last` of `count` hears only the
//! interactions of those shards' guilds. So the tables of a guild belong to
//! the process holding its shard's lease (`shard:<i>/<count>`, one per
//! shard: [`Ledger::take_shard_leases`]); a process that dies stops
//! renewing them, and the process started in its place takes them over and
//! resumes the unfinished games of those shards' guilds ([`Shards::hosts`]).
//! A ledger handle made with [`Ledger::owned_by`] also checks the lease in
//! every write that moves a game on (a snapshot, a settlement, a
//! cancellation): a process that lost its shard — paused past the lease's
//! lapse, then taken over — can no longer apply an action to a table it
//! does not own, besides the compare-and-set on the version.
//!
//! # One shard count, and a guild's writes (issue #32)
//!
//! Leases of two shard counts are different rows (`shard:1/2`, `shard:1/4`),
//! so two processes of different counts could both hold a guild. The first
//! sharded process fixes the database's count (the `settings` row
//! `shard_count`); [`Ledger::take_shard_leases`] refuses another count, and
//! the guard's check asks for the lease of the guild's shard *under the
//! database's count*, so a lease of another count never lets a write
//! through ([`Ledger::reshard`] changes the count while no bot runs). The
//! guard covers every write for a guild, not only the game writes: a game
//! opened, daily chips, a transfer, an admin grant, a new account
//! (`Ledger::check_server_owner`, in the write's transaction).

use super::db::{self, Lock, Tx};
use super::{db_id, now_unix, Ledger, LedgerError, ServerId};
use std::time::Duration;

/// The scope of every table of a ledger.
pub const TABLES: &str = "tables";
/// A lease not renewed for this long is taken to belong to a dead process.
pub const LEASE_TTL_SECS: i64 = 30;
/// How often a live owner renews its lease.
const RENEW_EVERY: Duration = Duration::from_secs(10);

/// The gateway shards one process runs: `first..=last` of `count`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shards {
    pub first: u32,
    pub last: u32,
    pub count: u32,
}

impl Shards {
    /// Parses `0-3` (or one shard, `2`) of `count` shards.
    pub fn parse(range: &str, count: u32) -> Result<Shards, String> {
        let num = |s: &str| {
            s.trim()
                .parse::<u32>()
                .map_err(|_| format!("`{range}` is not a shard range like 0-3"))
        };
        let (first, last) = match range.split_once('-') {
            Some((a, b)) => (num(a)?, num(b)?),
            None => (num(range)?, num(range)?),
        };
        if count == 0 {
            return Err("the shard count must be at least 1".into());
        }
        if first > last || last >= count {
            return Err(format!(
                "shards {first}-{last} are not within 0-{} of {count}",
                count - 1
            ));
        }
        Ok(Shards { first, last, count })
    }

    /// Discord's shard of a guild: `(guild_id >> 22) % shard_count`.
    pub fn of_guild(guild: u64, count: u32) -> u32 {
        ((guild >> 22) % u64::from(count.max(1))) as u32
    }

    /// Whether this process hosts the tables of `guild`.
    pub fn hosts(&self, guild: u64) -> bool {
        (self.first..=self.last).contains(&Shards::of_guild(guild, self.count))
    }

    /// The lease scope of one shard.
    pub fn scope(shard: u32, count: u32) -> String {
        format!("shard:{shard}/{count}")
    }
}

/// The process holding (or asking for) a lease.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LeaseOwner {
    pub pid: u32,
    pub host: String,
    /// Unix seconds when this process started asking.
    pub since: i64,
}

impl LeaseOwner {
    /// This process.
    pub fn me() -> LeaseOwner {
        LeaseOwner {
            pid: std::process::id(),
            host: host_name(),
            since: now_unix(),
        }
    }

    /// The owner's name as stored in a lease row.
    pub fn id(&self) -> String {
        format!("{}@{}#{}", self.pid, self.host, self.since)
    }
}

/// A lease held by this process; renewed in the background until
/// [`Lease::release`] (or the process ends: then it lapses).
#[derive(Debug)]
pub struct Lease {
    ledger: Ledger,
    scope: String,
    owner: String,
    renew: tokio::task::JoinHandle<()>,
}

impl Ledger {
    /// Takes the lease of `scope` for `me`, or says who holds it.
    pub async fn take_lease(&self, scope: &str, me: &LeaseOwner) -> Result<Lease, LedgerError> {
        // The whole ledger's tables, while sharded processes host some.
        if scope == TABLES {
            if let Some(held) = self.live_lease("scope LIKE $1", "shard:%", me).await? {
                return Err(held);
            }
        }
        let now = now_unix();
        let mut tx = self.begin(Lock::None).await?;
        let held: Option<(String, i64, String, i64, i64)> =
            db::query_as("SELECT owner, pid, host, since, expires_at FROM leases WHERE scope = $1")
                .bind(scope)
                .fetch_optional(&mut tx)
                .await?;
        let mut seen = None;
        if let Some((owner, pid, host, since, expires_at)) = held {
            let dead = expires_at <= now || (host == me.host && !process_alive(pid));
            if owner != me.id() && !dead {
                return Err(LedgerError::LeaseHeld {
                    pid,
                    host,
                    since: utc_text(since),
                });
            }
            seen = Some(owner);
        }
        // A compare-and-set on the owner just read: on PostgreSQL two
        // processes may read the same dead owner at once, and only the
        // first write may win (SQLite's `BEGIN IMMEDIATE` already orders
        // them). A free scope is inserted; a row that appeared meanwhile
        // matches no owner (`= NULL`) and is left alone.
        let done = db::query(
            "INSERT INTO leases (scope, owner, pid, host, since, heartbeat_at, expires_at) \
             VALUES ($1, $2, $3, $4, $5, $6, $7) \
             ON CONFLICT (scope) DO UPDATE SET owner = excluded.owner, pid = excluded.pid, \
             host = excluded.host, since = excluded.since, heartbeat_at = excluded.heartbeat_at, \
             expires_at = excluded.expires_at WHERE leases.owner = $8",
        )
        .bind(scope)
        .bind(me.id())
        .bind(i64::from(me.pid))
        .bind(&me.host)
        .bind(me.since)
        .bind(now)
        .bind(now + LEASE_TTL_SECS)
        .bind(seen)
        .execute(&mut tx)
        .await?;
        if done.rows_affected() != 1 {
            let (pid, host, since): (i64, String, i64) =
                db::query_as("SELECT pid, host, since FROM leases WHERE scope = $1")
                    .bind(scope)
                    .fetch_one(&mut tx)
                    .await?;
            return Err(LedgerError::LeaseHeld {
                pid,
                host,
                since: utc_text(since),
            });
        }
        tx.commit().await?;
        let ledger = self.clone();
        let (scope_owned, owner) = (scope.to_string(), me.id());
        let renew = tokio::spawn({
            let (scope, owner) = (scope_owned.clone(), owner.clone());
            async move {
                loop {
                    tokio::time::sleep(RENEW_EVERY).await;
                    // A failed renewal is tried again at the next tick; the
                    // lease lapses only after several misses.
                    if let Ok(false) = ledger.renew_lease(&scope, &owner).await {
                        tracing::error!("the lease of {scope} was taken by another process");
                        return;
                    }
                }
            }
        });
        Ok(Lease {
            ledger: self.clone(),
            scope: scope_owned,
            owner,
            renew,
        })
    }

    /// A live lease other than `me`'s among the rows `filter` picks
    /// (`scope = $1` or `scope LIKE $1`), as the refusal naming its owner.
    async fn live_lease(
        &self,
        filter: &str,
        pattern: &str,
        me: &LeaseOwner,
    ) -> Result<Option<LedgerError>, LedgerError> {
        let sql = format!("SELECT owner, pid, host, since, expires_at FROM leases WHERE {filter}");
        let rows: Vec<(String, i64, String, i64, i64)> = db::query_as(&sql)
            .bind(pattern)
            .fetch_all(&self.reader)
            .await?;
        let now = now_unix();
        Ok(rows
            .into_iter()
            .find_map(|(owner, pid, host, since, expires_at)| {
                let dead = expires_at <= now || (host == me.host && !process_alive(pid));
                (owner != me.id() && !dead).then(|| LedgerError::LeaseHeld {
                    pid,
                    host,
                    since: utc_text(since),
                })
            }))
    }

    /// Takes the lease of every shard in `shards` for `me`, or none of
    /// them: the first one held by a live process is the error. A live
    /// unsharded process (the `tables` lease: a bot without shards, or
    /// `paiju play`) on the same ledger refuses them all: it would resume
    /// the same games.
    pub async fn take_shard_leases(
        &self,
        shards: Shards,
        me: &LeaseOwner,
    ) -> Result<Vec<Lease>, LedgerError> {
        self.fix_shard_count(shards.count).await?;
        if let Some(held) = self.live_lease("scope = $1", TABLES, me).await? {
            return Err(held);
        }
        let mut taken = Vec::new();
        for shard in shards.first..=shards.last {
            match self
                .take_lease(&Shards::scope(shard, shards.count), me)
                .await
            {
                Ok(lease) => taken.push(lease),
                Err(e) => {
                    for lease in taken {
                        lease.release().await;
                    }
                    return Err(e);
                }
            }
        }
        Ok(taken)
    }

    /// The database's shard count: the first sharded process fixes it
    /// (`count`); a process asking for another count is refused, naming
    /// both (a compare-and-set: of two processes starting at once with
    /// different counts, one is refused).
    async fn fix_shard_count(&self, count: u32) -> Result<(), LedgerError> {
        let mut tx = self.begin(Lock::None).await?;
        db::query(
            "INSERT INTO settings (name, value) VALUES ('shard_count', $1) \
             ON CONFLICT (name) DO NOTHING",
        )
        .bind(i64::from(count))
        .execute(&mut tx)
        .await?;
        let fixed: i64 = db::query_scalar("SELECT value FROM settings WHERE name = 'shard_count'")
            .fetch_one(&mut tx)
            .await?;
        tx.commit().await?;
        if fixed != i64::from(count) {
            return Err(LedgerError::ShardCountFixed {
                fixed,
                asked: count,
            });
        }
        Ok(())
    }

    /// The scopes whose live (unexpired) lease `me` holds now, in order:
    /// what the bot's health check compares with the leases it took.
    pub async fn leases_held(&self, me: &LeaseOwner) -> Result<Vec<String>, LedgerError> {
        Ok(db::query_scalar(
            "SELECT scope FROM leases WHERE owner = $1 AND expires_at > $2 ORDER BY scope",
        )
        .bind(me.id())
        .bind(now_unix())
        .fetch_all(&self.reader)
        .await?)
    }

    /// The shard count this database fixed, if a sharded process ever ran.
    pub async fn shard_count(&self) -> Result<Option<u32>, LedgerError> {
        let fixed: Option<i64> =
            db::query_scalar("SELECT value FROM settings WHERE name = 'shard_count'")
                .fetch_optional(&self.reader)
                .await?;
        Ok(fixed.map(|c| c as u32))
    }

    /// Re-shards: fixes the database's shard count at `count` (the old
    /// one, if any, is returned), refused while a bot holds a live lease of
    /// this database (stop them all first). A process that started with the
    /// old count meanwhile writes nothing: every write checks the count.
    pub async fn reshard(&self, count: u32) -> Result<Option<u32>, LedgerError> {
        if count == 0 {
            return Err(LedgerError::BadInput(
                "the shard count must be at least 1".into(),
            ));
        }
        let me = LeaseOwner::me();
        for (filter, pattern) in [("scope LIKE $1", "shard:%"), ("scope = $1", TABLES)] {
            if let Some(held) = self.live_lease(filter, pattern, &me).await? {
                return Err(held);
            }
        }
        let old = self.shard_count().await?;
        let mut tx = self.begin(Lock::None).await?;
        db::query(
            "INSERT INTO settings (name, value) VALUES ('shard_count', $1) \
             ON CONFLICT (name) DO UPDATE SET value = excluded.value",
        )
        .bind(i64::from(count))
        .execute(&mut tx)
        .await?;
        tx.commit().await?;
        Ok(old)
    }

    /// On a handle made with [`Ledger::owned_by`]: refuses a write for
    /// `server` (a chip write, a game opened there) unless this process
    /// holds the live lease of that guild's shard under the database's
    /// shard count. Run in the write's own transaction, after its lock.
    pub(crate) async fn check_server_owner(
        &self,
        tx: &mut Tx,
        server: ServerId,
    ) -> Result<(), LedgerError> {
        let Some(guard) = &self.guard else {
            return Ok(());
        };
        let foreign: Option<i64> = db::query_scalar(concat!(
            "SELECT CAST(1 AS BIGINT) WHERE NOT ",
            super::owner_holds_shard!("$1", "$2", "$3", "$4")
        ))
        .bind(db_id(server))
        .bind(guard.owner.as_str())
        .bind(guard.count)
        .bind(now_unix())
        .fetch_optional(&mut *tx)
        .await?;
        match foreign {
            None => Ok(()),
            Some(_) => Err(LedgerError::ShardNotHeld { server }),
        }
    }

    /// This ledger, writing as `me`, the owner of shards of `count`: every
    /// write that moves a game on (snapshot, appended action, hold,
    /// settlement, cancellation) is refused as stale, and every write for a
    /// guild (a game opened, daily chips, a transfer, an admin grant, a new
    /// account) is refused with [`LedgerError::ShardNotHeld`], unless `me`
    /// holds the live lease of that guild's shard, under the shard count
    /// the database fixed — checked in the write's own transaction.
    pub fn owned_by(&self, me: &LeaseOwner, count: u32) -> Ledger {
        Ledger {
            guard: Some(std::sync::Arc::new(super::OwnerGuard {
                owner: me.id(),
                count: i64::from(count.max(1)),
            })),
            ..self.clone()
        }
    }

    /// Extends the lease if `owner` still holds it; `false` if not.
    async fn renew_lease(&self, scope: &str, owner: &str) -> Result<bool, LedgerError> {
        let now = now_unix();
        let mut tx = self.begin(Lock::None).await?;
        let done = db::query(
            "UPDATE leases SET heartbeat_at = $1, expires_at = $2 WHERE scope = $3 AND owner = $4",
        )
        .bind(now)
        .bind(now + LEASE_TTL_SECS)
        .bind(scope)
        .bind(owner)
        .execute(&mut tx)
        .await?;
        tx.commit().await?;
        Ok(done.rows_affected() == 1)
    }
}

impl Lease {
    /// Gives the lease up, so the next process need not wait for it to lapse.
    pub async fn release(self) {
        self.renew.abort();
        if let Ok(mut tx) = self.ledger.begin(Lock::None).await {
            let _ = db::query("DELETE FROM leases WHERE scope = $1 AND owner = $2")
                .bind(&self.scope)
                .bind(&self.owner)
                .execute(&mut tx)
                .await;
            let _ = tx.commit().await;
        }
    }
}

/// This machine's name (a lease names the host its owner runs on).
fn host_name() -> String {
    let read = |p: &str| std::fs::read_to_string(p).ok();
    read("/proc/sys/kernel/hostname")
        .or_else(|| read("/etc/hostname"))
        .or_else(|| std::env::var("HOSTNAME").ok())
        .map(|h| h.trim().to_string())
        .filter(|h| !h.is_empty())
        .unwrap_or_else(|| "localhost".to_string())
}

/// Whether process `pid` of this host still runs. Only Linux's `/proc`
/// tells; elsewhere every process counts as alive and its lease must lapse.
fn process_alive(pid: i64) -> bool {
    if !std::path::Path::new("/proc/self").exists() {
        return true;
    }
    match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
        // The state follows the command name in parentheses; `Z` is a zombie
        // (dead, not yet reaped by its parent), `X` dead.
        Ok(stat) => !matches!(
            stat.rsplit(')')
                .next()
                .map(|s| s.trim_start().chars().next()),
            Some(Some('Z' | 'X'))
        ),
        Err(_) => false,
    }
}

/// Unix seconds as `YYYY-MM-DD HH:MM:SS UTC`.
pub(crate) fn utc_text(secs: i64) -> String {
    let days = secs.div_euclid(86_400);
    let rem = secs.rem_euclid(86_400);
    // Civil date from days since 1970-01-01 (Howard Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!(
        "{year:04}-{month:02}-{day:02} {:02}:{:02}:{:02} UTC",
        rem / 3600,
        rem % 3600 / 60,
        rem % 60
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn utc_text_reads_as_a_calendar_date() {
        assert_eq!(utc_text(0), "1970-01-01 00:00:00 UTC");
        assert_eq!(utc_text(951_782_400), "2000-02-29 00:00:00 UTC");
        assert_eq!(utc_text(1_795_000_000), "2026-11-18 11:06:40 UTC");
    }

    #[test]
    fn shard_ranges_parse_and_guilds_fall_on_discords_shard() {
        let s = Shards::parse("0-3", 8).unwrap();
        assert_eq!((s.first, s.last, s.count), (0, 3, 8));
        assert_eq!(Shards::parse("2", 4).unwrap().first, 2);
        for (range, count) in [("3-1", 8), ("0-8", 8), ("x", 8), ("0", 0), ("1-", 4)] {
            assert!(Shards::parse(range, count).is_err(), "{range} of {count}");
        }
        // The timestamp bits of the id decide: (id >> 22) % count.
        assert_eq!(Shards::of_guild((5 << 22) | 0x3f_ffff, 4), 1);
        assert!(s.hosts(3 << 22) && !s.hosts(4 << 22) && s.hosts(8 << 22));
        assert_eq!(Shards::scope(3, 8), "shard:3/8");
    }

    #[test]
    fn this_process_is_alive_and_a_free_pid_is_not() {
        assert!(process_alive(i64::from(std::process::id())));
        if std::path::Path::new("/proc/self").exists() {
            assert!(!process_alive(i64::from(i32::MAX)));
        }
    }
}
