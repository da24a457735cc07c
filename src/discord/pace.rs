//! Keeps the bot's own writes to Discord within Discord's rate limits, so
//! that a table is never queued behind them: 5 messages posted and 5
//! edited per 5 s in a channel (a guild channel or a member's DM; posting
//! and editing are two routes, each with its own bucket, as on Discord),
//! 5 DM channels opened per 5 s, and 50 requests a second in all
//! (interaction responses do not count, as on Discord).
//!
//! Each bucket is a log of its last requests: a slot is taken when a
//! request leaves and stamped when its answer came back, and a bucket is
//! full while it holds as many slots as its limit that are in flight or
//! stamped within its period. Discord counts a bucket in fixed windows
//! that open at the first request it *receives*; a request leaves before
//! Discord receives it and its answer comes back after, so a log stamped
//! at the answers never lets more through in one of Discord's windows than
//! Discord allows — whatever the network's delay. (A token bucket, as
//! the `governor` crate keeps, would: it refills one slot a second, and
//! Discord's window does not.)
//!
//! The table driver asks without waiting ([`Pacer::try_take`]) for the
//! table message and hand DMs, and redraws the latest state when the
//! bucket frees: an edit that would have waited behind a newer one is
//! never made. A message that must be posted (a result, a notice) goes as
//! soon as the posts bucket has room — it never waits behind the table's
//! edits, nor they behind it. Discord answering 429 anyway (another
//! process behind the same REST proxy) holds the bucket off for its whole
//! period ([`Pacer::hold_off`]): serenity does not read `retry_after` from
//! an error answer, and a whole period is always enough.
//!
//! Only synchronous map operations under the lock; nothing is held across
//! an `.await`.

use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::time::Instant;

/// One of Discord's rate-limit buckets the bot writes through.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Bucket {
    /// Messages posted in one channel (a DM channel too).
    Posts(u64),
    /// Messages edited in one channel (a DM channel too).
    Edits(u64),
    /// DM channels opened (`POST users/@me/channels`).
    OpenDm,
    /// Every request but interaction responses.
    Global,
}

impl Bucket {
    /// Discord's limit of the bucket: requests per period.
    pub fn limit(self) -> (usize, Duration) {
        match self {
            Bucket::Posts(_) | Bucket::Edits(_) | Bucket::OpenDm => (5, Duration::from_secs(5)),
            Bucket::Global => (50, Duration::from_secs(1)),
        }
    }
}

/// How long a request with no answer yet keeps its bucket guessing: the
/// bucket is asked again after this (the answer stamps the slot).
const IN_FLIGHT_RECHECK: Duration = Duration::from_millis(50);

/// Buckets kept before the idle ones are forgotten.
const MAX_LOGS: usize = 10_000;

#[derive(Default)]
struct Log {
    /// Each slot: its id and when its answer came (`None`: in flight).
    slots: VecDeque<(u64, Option<Instant>)>,
    /// After a 429: nothing goes before this.
    held_until: Option<Instant>,
}

impl Log {
    /// When the bucket has a free slot: `None` now, else the instant.
    fn free_at(&mut self, bucket: Bucket, now: Instant) -> Option<Instant> {
        let (limit, period) = bucket.limit();
        self.slots
            .retain(|(_, done)| done.is_none_or(|t| t + period > now));
        if let Some(until) = self.held_until.filter(|&u| u > now) {
            return Some(until);
        }
        if self.slots.len() < limit {
            return None;
        }
        // The oldest answered slot frees first; with every slot in flight,
        // look again shortly.
        let soonest = self
            .slots
            .iter()
            .filter_map(|(_, done)| done.map(|t| t + period))
            .min();
        Some(soonest.unwrap_or(now + IN_FLIGHT_RECHECK))
    }
}

#[derive(Default)]
struct Inner {
    logs: HashMap<Bucket, Log>,
    next: u64,
}

/// The bot's buckets. Cheap to clone; every clone paces the same requests.
#[derive(Clone, Default)]
pub struct Pacer {
    inner: Arc<Mutex<Inner>>,
}

/// A request's place in its buckets: held while it is made; dropping it
/// stamps its slots with the time its answer came.
#[must_use = "hold the permit while the request is made"]
pub struct Permit {
    inner: Arc<Mutex<Inner>>,
    slots: Vec<(Bucket, u64)>,
}

impl Drop for Permit {
    fn drop(&mut self) {
        let now = Instant::now();
        let mut inner = self.inner.lock().unwrap_or_else(|e| e.into_inner());
        for (bucket, id) in &self.slots {
            if let Some(log) = inner.logs.get_mut(bucket) {
                if let Some(slot) = log.slots.iter_mut().find(|(s, _)| s == id) {
                    slot.1 = Some(now);
                }
            }
        }
    }
}

impl Pacer {
    pub fn new() -> Pacer {
        Pacer::default()
    }

    /// A slot in `bucket` (and the global bucket) now, or the instant one
    /// may be free.
    pub fn try_take(&self, bucket: Bucket) -> Result<Permit, Instant> {
        let now = Instant::now();
        let mut inner = self.inner.lock().unwrap_or_else(|e| e.into_inner());
        // A long-running bot forgets the channels it no longer writes to.
        if inner.logs.len() > MAX_LOGS {
            inner.logs.retain(|b, log| {
                let period = b.limit().1;
                log.held_until.is_some_and(|u| u > now)
                    || log
                        .slots
                        .iter()
                        .any(|(_, done)| done.is_none_or(|t| t + period > now))
            });
        }
        let buckets = [bucket, Bucket::Global];
        let mut wait = None;
        for b in buckets {
            if let Some(at) = inner.logs.entry(b).or_default().free_at(b, now) {
                wait = Some(wait.map_or(at, |w: Instant| w.max(at)));
            }
        }
        if let Some(at) = wait {
            return Err(at);
        }
        let mut slots = Vec::with_capacity(2);
        for b in buckets {
            inner.next += 1;
            let id = inner.next;
            inner.logs.entry(b).or_default().slots.push_back((id, None));
            slots.push((b, id));
        }
        Ok(Permit {
            inner: self.inner.clone(),
            slots,
        })
    }

    /// A slot in `bucket`, waiting for one.
    pub async fn take(&self, bucket: Bucket) -> Permit {
        loop {
            match self.try_take(bucket) {
                Ok(permit) => return permit,
                Err(at) => tokio::time::sleep_until(at).await,
            }
        }
    }

    /// Discord answered 429 on `bucket`: nothing more goes through it for
    /// its whole period (returned: when it may go again).
    pub fn hold_off(&self, bucket: Bucket) -> Instant {
        let until = Instant::now() + bucket.limit().1;
        let mut inner = self.inner.lock().unwrap_or_else(|e| e.into_inner());
        let log = inner.logs.entry(bucket).or_default();
        log.held_until = Some(log.held_until.map_or(until, |u| u.max(until)));
        until
    }
}

/// Tries a request makes through [`Pacer::send`] before it gives up on
/// Discord answering 429: never for ever.
pub const MAX_TRIES: u32 = 5;

impl Pacer {
    /// Makes a request that must be made once, whatever comes after it (an
    /// old message retired, the host told by DM): in a slot of `bucket`,
    /// waiting for one; after a 429 (another process writes there too, or
    /// a restarted bot does not know what the one before spent), again
    /// when the bucket's period is over, up to [`MAX_TRIES`] times.
    pub async fn send<T, F, Fut>(
        &self,
        bucket: Bucket,
        request: F,
    ) -> Result<T, poise::serenity_prelude::Error>
    where
        F: FnMut() -> Fut,
        Fut: std::future::Future<Output = Result<T, poise::serenity_prelude::Error>>,
    {
        self.send_until(bucket, MAX_TRIES, request, counted_429)
            .await
    }

    /// A request made once, in a slot of `bucket` (waiting for one): a 429
    /// is returned as it is, to a caller that has a later moment to try
    /// again (a table's next drawing; it holds the bucket off and counts the
    /// error itself) and must not hold its table up meanwhile, as
    /// [`Pacer::send`]'s retries would (up to [`MAX_TRIES`] periods).
    pub async fn send_once<T, F, Fut>(
        &self,
        bucket: Bucket,
        request: F,
    ) -> Result<T, poise::serenity_prelude::Error>
    where
        F: FnMut() -> Fut,
        Fut: std::future::Future<Output = Result<T, poise::serenity_prelude::Error>>,
    {
        self.send_until(bucket, 1, request, |_| false).await
    }

    /// [`Pacer::send`] with at most `max_tries` tries, `limited` telling a
    /// 429 from the answer.
    async fn send_until<T, E, F, Fut>(
        &self,
        bucket: Bucket,
        max_tries: u32,
        mut request: F,
        limited: impl Fn(&E) -> bool,
    ) -> Result<T, E>
    where
        F: FnMut() -> Fut,
        Fut: std::future::Future<Output = Result<T, E>>,
    {
        let mut tries = 0;
        loop {
            let permit = self.take(bucket).await;
            let answer = request().await;
            drop(permit);
            match answer {
                Err(e) if tries + 1 < max_tries && limited(&e) => {
                    tries += 1;
                    self.hold_off(bucket);
                }
                answer => return answer,
            }
        }
    }
}

/// Whether a failed request was a 429, counted as a Discord error if so.
fn counted_429(e: &poise::serenity_prelude::Error) -> bool {
    let limited = rate_limited(e);
    if limited {
        crate::discord::ops::counted(e);
    }
    limited
}

/// Whether a failed request was Discord's 429 (rate limited).
pub fn rate_limited(e: &poise::serenity_prelude::Error) -> bool {
    use poise::serenity_prelude as serenity;
    matches!(
        e,
        serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(r))
            if r.status_code.as_u16() == 429
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test(start_paused = true)]
    async fn five_per_five_seconds_stamped_at_the_answer() {
        let pacer = Pacer::new();
        let ch = Bucket::Edits(7);
        let mut held = Vec::new();
        for _ in 0..5 {
            held.push(pacer.try_take(ch).expect("a free slot"));
        }
        // Five in flight: the sixth waits.
        assert!(pacer.try_take(ch).is_err());
        tokio::time::advance(Duration::from_secs(1)).await;
        drop(held); // the answers come back at t = 1 s
        let at = pacer.try_take(ch).err().expect("full until t = 6 s");
        assert_eq!(at - Instant::now(), Duration::from_secs(5));
        tokio::time::advance(Duration::from_secs(5)).await;
        assert!(pacer.try_take(ch).is_ok());
        // Another channel has its own bucket, and posting its own.
        assert!(pacer.try_take(Bucket::Edits(8)).is_ok());
        assert!(pacer.try_take(Bucket::Posts(7)).is_ok());
    }

    #[tokio::test(start_paused = true)]
    async fn a_429_holds_the_bucket_off_for_its_period() {
        let pacer = Pacer::new();
        let ch = Bucket::Edits(7);
        let until = pacer.hold_off(ch);
        assert_eq!(pacer.try_take(ch).err(), Some(until));
        tokio::time::advance(Duration::from_secs(5)).await;
        assert!(pacer.try_take(ch).is_ok());
    }

    #[tokio::test(start_paused = true)]
    async fn a_message_sent_once_waits_out_each_429_and_gives_up_after_five() {
        let pacer = Pacer::new();
        let ch = Bucket::Posts(7);
        let tries = std::cell::Cell::new(0u32);
        let started = Instant::now();
        // Limited twice, then through: three tries, each a period apart.
        let answer: Result<u32, &str> = pacer
            .send_until(
                ch,
                MAX_TRIES,
                || {
                    tries.set(tries.get() + 1);
                    let n = tries.get();
                    async move {
                        if n < 3 {
                            Err("429")
                        } else {
                            Ok(n)
                        }
                    }
                },
                |e| *e == "429",
            )
            .await;
        assert_eq!(answer, Ok(3));
        assert_eq!(Instant::now() - started, Duration::from_secs(10));
        // Limited for ever: five tries, then the 429 is the answer.
        tries.set(0);
        let answer: Result<u32, &str> = pacer
            .send_until(
                Bucket::Posts(8),
                MAX_TRIES,
                || {
                    tries.set(tries.get() + 1);
                    async { Err("429") }
                },
                |e| *e == "429",
            )
            .await;
        assert_eq!(answer, Err("429"));
        assert_eq!(tries.get(), MAX_TRIES);
        // Another error is not tried again.
        tries.set(0);
        let answer: Result<u32, &str> = pacer
            .send_until(
                Bucket::Posts(9),
                MAX_TRIES,
                || {
                    tries.set(tries.get() + 1);
                    async { Err("403") }
                },
                |e| *e == "429",
            )
            .await;
        assert_eq!(answer, Err("403"));
        assert_eq!(tries.get(), 1);
        // One try (Pacer::send_once): a 429 comes back at once, no wait.
        tries.set(0);
        let started = Instant::now();
        let answer: Result<u32, &str> = pacer
            .send_until(
                Bucket::Posts(10),
                1,
                || {
                    tries.set(tries.get() + 1);
                    async { Err("429") }
                },
                |e| *e == "429",
            )
            .await;
        assert_eq!(answer, Err("429"));
        assert_eq!(tries.get(), 1);
        assert_eq!(Instant::now(), started);
    }

    #[tokio::test(start_paused = true)]
    async fn the_global_bucket_counts_every_channel() {
        let pacer = Pacer::new();
        let mut held = Vec::new();
        for c in 0..50 {
            held.push(pacer.try_take(Bucket::Edits(c)).expect("under 50"));
        }
        assert!(pacer.try_take(Bucket::Edits(99)).is_err());
        drop(held);
        tokio::time::advance(Duration::from_secs(1)).await;
        let permit = pacer.take(Bucket::Edits(99)).await;
        drop(permit);
    }
}
