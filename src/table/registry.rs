//! The registry of open tables: at most one per channel. Opening checks the
//! table options before anything is created; resuming rebuilds stored games
//! at start-up. The `DashMap` is only touched synchronously (never across
//! an `.await`); a table removes its own entry when it closes.

use super::config::{TableConfig, TableOptions};
use super::error::TableError;
use super::handle::{Occupant, TableEvent, TableHandle};
use super::kind::{JoinArgs, TableGame};
use super::runtime::{Phase, Table};
use super::store::{ChannelId, GameId, ServerId, StoredGame, TableStore, UserId};
use crate::games::{ErrorCode, GameKind, RuleError, Seat};
use crate::record::Record;
use dashmap::mapref::entry::Entry;
use dashmap::DashMap;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::any::Any;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use tokio::sync::{broadcast, mpsc};
use tokio::time::Instant;
use tracing::Instrument;

/// How many commands may wait for a table before senders wait too.
const COMMAND_QUEUE: usize = 64;
/// Events kept for slow subscribers before they see `Lagged`. Every table
/// allocates the whole buffer when it opens, so this is most of an idle
/// table's memory. A move makes three or four events (autoplay, acted,
/// turn), and front ends read them as they come, drawing a burst in one
/// edit; one that falls further behind reads the table's status again,
/// which tells the whole truth (`TableHandle::subscribe`).
pub const EVENT_BUFFER: usize = 32;

struct Entryish {
    kind: GameKind,
    serial: u64,
    /// A `TableHandle<G>` for the table's game `G`.
    handle: Box<dyn Any + Send + Sync>,
}

struct Shared<S> {
    store: Arc<S>,
    config: TableConfig,
    tables: DashMap<ChannelId, Entryish>,
    serial: AtomicU64,
}

/// Every open table, by channel. Cheap to clone.
pub struct Tables<S: TableStore> {
    shared: Arc<Shared<S>>,
}

impl<S: TableStore> Clone for Tables<S> {
    fn clone(&self) -> Self {
        Tables {
            shared: self.shared.clone(),
        }
    }
}

/// What [`Tables::resume_all`] did at start-up.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ResumeReport {
    /// Games running again.
    pub resumed: Vec<GameId>,
    /// Games that could not be resumed, cancelled with their chips released.
    pub cancelled: Vec<(GameId, String)>,
}

/// The table options parsed and checked for game `G`.
struct Checked<G: TableGame> {
    rules: G::Rules,
}

fn check_options<G: TableGame>(
    config: &TableConfig,
    options: &TableOptions,
) -> Result<Checked<G>, TableError> {
    if options.stake <= 0 {
        return Err(TableError::option(
            crate::keys::ERR_OPTION_STAKE_POSITIVE,
            "the stake must be a positive number of chips",
        ));
    }
    if options.stake > config.max_stake {
        return Err(TableError::BadOptions(
            RuleError::new(
                ErrorCode::IllegalAction,
                crate::keys::ERR_OPTION_STAKE_MAX,
                format!("the stake may be at most {} chips", config.max_stake),
            )
            .arg("max", config.max_stake),
        ));
    }
    let rules_json = match &options.rules {
        serde_json::Value::Null => serde_json::Value::Object(Default::default()),
        v @ serde_json::Value::Object(_) => v.clone(),
        _ => {
            return Err(TableError::option(
                crate::keys::ERR_OPTION_RULES_OBJECT,
                "the rules must be a JSON object",
            ))
        }
    };
    let rules: G::Rules =
        serde_json::from_value(rules_json).map_err(|e| TableError::bad_option(e.to_string()))?;
    G::check_options(&rules, options.stake).map_err(TableError::BadOptions)?;
    // A trial deal catches rule values the game refuses (it checks them).
    let seats = *G::seat_range(&rules).start();
    let mut rng = ChaCha8Rng::seed_from_u64(0);
    G::deal(rules.clone(), seats, &mut rng).map_err(|e| TableError::bad_option(e.to_string()))?;
    Ok(Checked { rules })
}

/// Checks table options and the host's seat as [`Tables::open_with`]
/// does, before any store exists: a front end refuses bad options without
/// creating anything. The host's seat is checked against `host_balance`
/// when known (a bobo larger than it); without it, only against the
/// game's own limits.
pub fn check_table<G: TableGame>(
    config: &TableConfig,
    options: &TableOptions,
    host_join: &JoinArgs,
    host_balance: Option<i64>,
) -> Result<(), TableError> {
    let checked = check_options::<G>(config, options)?;
    G::check_join(&checked.rules, host_join, host_balance.unwrap_or(i64::MAX))?;
    Ok(())
}

impl<S: TableStore> Tables<S> {
    pub fn new(store: Arc<S>, config: TableConfig) -> Tables<S> {
        Tables {
            shared: Arc::new(Shared {
                store,
                config,
                tables: DashMap::new(),
                serial: AtomicU64::new(1),
            }),
        }
    }

    pub fn store(&self) -> &Arc<S> {
        &self.shared.store
    }

    pub fn config(&self) -> &TableConfig {
        &self.shared.config
    }

    /// How many tables are open.
    pub fn len(&self) -> usize {
        self.shared.tables.len()
    }

    pub fn is_empty(&self) -> bool {
        self.shared.tables.is_empty()
    }

    /// Opens a lobby in `channel` with `host` in the first seat. Bad
    /// options are refused and nothing is created.
    pub fn open<G: TableGame>(
        &self,
        server: ServerId,
        channel: ChannelId,
        host: UserId,
        options: TableOptions,
    ) -> Result<TableHandle<G>, TableError> {
        self.open_with::<G>(server, channel, host, options, JoinArgs::default(), 0)
    }

    /// Opens a lobby like [`Tables::open`], the host bringing `host_join`
    /// (Chexuan's bobo), checked against `host_balance` when the game asks.
    /// Front ends read the balance first (see [`Tables::host_balance`]).
    pub fn open_with<G: TableGame>(
        &self,
        server: ServerId,
        channel: ChannelId,
        host: UserId,
        options: TableOptions,
        host_join: JoinArgs,
        host_balance: i64,
    ) -> Result<TableHandle<G>, TableError> {
        let checked = check_options::<G>(&self.shared.config, &options)?;
        G::check_join(&checked.rules, &host_join, host_balance)?;
        self.spawn::<G>(
            server,
            channel,
            host,
            vec![Occupant::Human(host)],
            vec![host_join],
            options,
            checked.rules,
            |_| Phase::Lobby,
        )
        .map(|(handle, _)| handle)
    }

    /// The host's balance as [`Tables::open_with`] wants it: read from the
    /// store when game `G` checks buy-ins, else 0.
    pub async fn host_balance<G: TableGame>(
        &self,
        server: ServerId,
        host: UserId,
    ) -> Result<i64, TableError> {
        if G::MONEY.reads_balance() {
            Ok(self.shared.store.balance(server, host).await?)
        } else {
            Ok(0)
        }
    }

    /// The table in `channel`, if one is open and plays game `G`.
    pub fn get<G: TableGame>(&self, channel: ChannelId) -> Option<TableHandle<G>> {
        let entry = self.shared.tables.get(&channel)?;
        entry.handle.downcast_ref::<TableHandle<G>>().cloned()
    }

    /// Which game the table in `channel` plays.
    pub fn kind_at(&self, channel: ChannelId) -> Option<GameKind> {
        self.shared.tables.get(&channel).map(|e| e.kind)
    }

    #[allow(clippy::too_many_arguments)]
    fn spawn<G: TableGame>(
        &self,
        server: ServerId,
        channel: ChannelId,
        host: UserId,
        seats: Vec<Occupant>,
        joins: Vec<JoinArgs>,
        options: TableOptions,
        rules: G::Rules,
        phase: impl FnOnce(&mut ChaCha8Rng) -> Phase<G>,
    ) -> Result<(TableHandle<G>, broadcast::Receiver<TableEvent<G>>), TableError> {
        let vacant = match self.shared.tables.entry(channel) {
            Entry::Occupied(_) => return Err(TableError::ChannelBusy),
            Entry::Vacant(v) => v,
        };
        let (tx, rx) = mpsc::channel(COMMAND_QUEUE);
        // Subscribed before the table runs: its first events (a resumed
        // game's Started, moves the AI makes at once) reach the caller.
        let (events, first) = broadcast::channel(EVENT_BUFFER);
        let handle = TableHandle {
            channel,
            tx,
            events: events.downgrade(),
        };
        // The bots' generator; each deal draws a seed of its own (`seeds`).
        let mut rng = super::seeds::bot_rng(options.seed);
        let phase = phase(&mut rng);
        let seeds = super::seeds::DealSeeds::new(options.seed);
        let bot = G::bot_for(&rules);
        let config = self.shared.config.with_timers(options.timers.as_ref());
        let table = Table {
            server,
            channel,
            host,
            seats,
            joins,
            options,
            rules,
            store: self.shared.store.clone(),
            config,
            phase,
            events,
            rng,
            seeds,
            bot: Some(bot),
            thinking: None,
            lobby_since: Instant::now(),
            closed: None,
            waiting: Vec::new(),
            held_next: None,
        };
        let serial = self.shared.serial.fetch_add(1, Ordering::Relaxed);
        vacant.insert(Entryish {
            kind: G::KIND,
            serial,
            handle: Box::new(handle.clone()),
        });
        let registry = Arc::downgrade(&self.shared);
        crate::ops::metrics::table_opened(G::KIND);
        // Anything logged while the table runs names it.
        let span = tracing::info_span!("table", kind = G::KIND.name(), guild = server, channel);
        tokio::spawn(
            async move {
                table.run(rx).await;
                crate::ops::metrics::table_closed(G::KIND);
                // Only this table's own entry goes: the channel may already
                // hold a newer table.
                if let Some(shared) = registry.upgrade() {
                    shared.tables.remove_if(&channel, |_, e| e.serial == serial);
                }
            }
            .instrument(span),
        );
        Ok((handle, first))
    }

    /// At start-up: resumes every stored unfinished game of a kind this
    /// build hosts, and cancels the rest (their chips released). The table
    /// runtime knows the games only through the one list of them
    /// ([`with_game!`](crate::games::with_game)).
    pub async fn resume_all(&self) -> Result<ResumeReport, TableError> {
        self.resume_where(|_| true).await
    }

    /// [`Tables::resume_all`] for the stored games `which` accepts (a
    /// sharded bot: those of its guilds); the others are left alone, for
    /// the process that hosts them.
    pub async fn resume_where(
        &self,
        which: impl Fn(&StoredGame) -> bool,
    ) -> Result<ResumeReport, TableError> {
        let mut report = ResumeReport::default();
        let stored = self.shared.store.unfinished_games().await?;
        for game in stored.into_iter().filter(|g| which(g)) {
            let id = game.id;
            let result = match GameKind::from_name(&game.kind) {
                Some(kind) => {
                    crate::games::with_game!(kind, G => self.resume::<G>(game).await.map(|_| ()))
                }
                None => {
                    // A kind this build does not know: cancelled, its chips
                    // released; the error is the report's line, a failing
                    // store the caller's error.
                    let why = format!("no table hosts {} games", game.kind);
                    self.shared.store.cancel(game.id, &why).await?;
                    Err(TableError::Unresumable(game.id, why))
                }
            };
            match result {
                Ok(()) => report.resumed.push(id),
                Err(e) => report.cancelled.push((id, e.to_string())),
            }
        }
        Ok(report)
    }

    /// Resumes every stored unfinished game of kind `G` that `which`
    /// accepts; games that cannot be resumed are cancelled (chips released).
    pub async fn resume_kind<G: TableGame>(
        &self,
        which: impl Fn(&StoredGame) -> bool,
    ) -> Result<ResumeReport, TableError> {
        let mut report = ResumeReport::default();
        let stored = self.shared.store.unfinished_games().await?;
        for game in stored
            .into_iter()
            .filter(|g| g.kind == G::KIND.name() && which(g))
        {
            let id = game.id;
            match self.resume::<G>(game).await {
                Ok(_) => report.resumed.push(id),
                Err(e) => report.cancelled.push((id, e.to_string())),
            }
        }
        Ok(report)
    }

    /// Resumes one stored game: replays its snapshot and carries on with
    /// fresh timers. A game that cannot be rebuilt is cancelled in the store.
    pub async fn resume<G: TableGame>(
        &self,
        stored: StoredGame,
    ) -> Result<TableHandle<G>, TableError> {
        Ok(self.resume_watching(stored).await?.0)
    }

    /// [`Tables::resume`], with a receiver subscribed before the table
    /// runs: it gets every event from the resumed game's `Started` on, even
    /// if the AI plays the game to its end at once.
    pub async fn resume_watching<G: TableGame>(
        &self,
        stored: StoredGame,
    ) -> Result<(TableHandle<G>, broadcast::Receiver<TableEvent<G>>), TableError> {
        let id = stored.id;
        let n = stored.seats.len();
        let mut rebuilt = rebuild::<G>(&self.shared.config, &stored);
        if let Ok((game, ..)) = &rebuilt {
            // A crash may have come between the holds and the first move:
            // holding again with the same keys holds only what is missing.
            let held = match super::kind::pot_entry(game, stored.stake) {
                Some(entry) => {
                    super::runtime::hold_pot_entry(&*self.shared.store, id, &stored.seats, &entry)
                        .await
                        .map_err(|e| format!("its pot could not be held: {e}"))
                }
                None => Err("its chips overflow".to_string()),
            };
            if let Err(why) = held {
                rebuilt = Err(why);
            }
        }
        // 托管 kept with the game: those seats stay the computer's.
        let autoplay: Vec<Seat> = match &rebuilt {
            Ok(_) => self
                .shared
                .store
                .autoplay_seats(id)
                .await
                .unwrap_or_default(),
            Err(_) => Vec::new(),
        };
        let human: Vec<bool> = stored.seats.iter().map(Option::is_some).collect();
        let rebuilt = rebuilt.and_then(|r| {
            let seats = stored
                .seats
                .iter()
                .map(|s| s.map_or(Occupant::Ai, Occupant::Human))
                .collect();
            let (game, version, options, rules, host, fair) = r;
            self.spawn::<G>(
                stored.server,
                stored.channel,
                host,
                seats,
                vec![JoinArgs::default(); n],
                options,
                rules,
                move |_| {
                    let mut run = super::runtime::Running::new(id, game, version, n, fair);
                    for seat in autoplay.into_iter().filter(|&s| s < n) {
                        run.autoplay[seat] = human[seat];
                    }
                    Phase::Playing(run)
                },
            )
            .map_err(|e| e.to_string())
        });
        crate::ops::metrics::game_resumed(G::KIND, rebuilt.is_ok());
        match rebuilt {
            Ok(handle) => Ok(handle),
            Err(why) => {
                self.shared.store.cancel(id, &why).await?;
                Err(TableError::Unresumable(id, why))
            }
        }
    }
}

type Rebuilt<G> = (
    G,
    u64,
    TableOptions,
    <G as crate::games::Game>::Rules,
    UserId,
    Option<crate::fair::FairDeal>,
);

/// Rebuilds a stored game from its options and snapshot, or says why not.
fn rebuild<G: TableGame>(config: &TableConfig, stored: &StoredGame) -> Result<Rebuilt<G>, String> {
    if stored.kind != G::KIND.name() {
        return Err(format!("it is a {} game", stored.kind));
    }
    let host = stored.options["host"]
        .as_u64()
        .or_else(|| stored.seats.iter().flatten().next().copied())
        .ok_or("no human is seated")?;
    let options: TableOptions = serde_json::from_value(stored.options.clone())
        .map_err(|e| format!("its options are unreadable: {e}"))?;
    let checked = check_options::<G>(config, &options).map_err(|e| e.to_string())?;
    let snapshot = stored.snapshot.as_ref().ok_or("no snapshot was saved")?;
    let record: Record = serde_json::from_value(snapshot.clone())
        .map_err(|e| format!("its snapshot is unreadable: {e}"))?;
    if record.seats != stored.seats.len() {
        return Err("its snapshot does not match its seats".into());
    }
    let game = super::runtime::replay_record::<G>(&record)?;
    if game.is_finished() && !record.actions.is_empty() {
        // The last action is saved only with the settlement, so a stored
        // snapshot of a game an action finished means something else wrote
        // it. A game over as it was dealt (Paohuzi's compulsory 天胡) has no
        // action: the process died before settling it, and the resumed
        // table settles it at once.
        return Err("its snapshot is of a finished game".into());
    }
    let version = record.actions.len() as u64;
    if version as i64 != stored.version {
        return Err(format!(
            "its snapshot holds {version} moves but version {} was saved",
            stored.version
        ));
    }
    // The seed it was dealt from, kept for its end (none in a game stored
    // before fair deals, nor in one whose seed cannot be read).
    let fair = crate::fair::FairDeal::of_record(snapshot).and_then(Result::ok);
    Ok((game, version, options, checked.rules, host, fair))
}
