//! An in-memory [`TableStore`]: the runtime's tests run against it, and it
//! documents the contract the SQLite ledger keeps (caps on losses, AI seats
//! played by the house and paid nothing, idempotent settlement).
//!
//! It is deliberately simple (one mutex, never held across `.await`), and it
//! can be told to fail the next snapshot, so tests can check that a failed
//! write leaves the table untouched. Every operation costs the same however
//! many games it holds and however long a game is: the running seats are
//! indexed, an action is appended to its game, and a finished game keeps
//! only its final record — or nothing, for a store that forgets records
//! ([`MemoryStore::forgetting_records`], the load benchmark's).

use super::store::{
    ChannelId, GameId, NewGame, ServerId, SettleReport, Settlement, StoreError, StoredGame,
    TableStore, UserId,
};
use serde_json::Value;
use std::collections::HashMap;
use std::sync::Mutex;

/// Where a stored game stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MemoryStatus {
    Running,
    Settled(SettleReport),
    Cancelled(String),
}

/// One game as the memory store keeps it.
#[derive(Clone, Debug)]
pub struct MemoryGame {
    pub new: NewGame,
    pub version: i64,
    /// The last full snapshot; in the copy [`MemoryStore::game`] gives, with
    /// the actions appended since already in it. After settlement, the
    /// final record.
    pub snapshot: Option<Value>,
    /// The actions appended since the last full snapshot.
    pub appended: Vec<Value>,
    pub status: MemoryStatus,
    /// Every version saved, in order (tests check one write per action).
    pub saved_versions: Vec<i64>,
    /// Chips each seat holds in the game's escrow (a pot game's ante).
    pub held: Vec<i64>,
    /// The seats on 托管 ([`TableStore::set_autoplay`]).
    pub autoplay: std::collections::BTreeSet<usize>,
    /// The keys of the holds made, so a repeated hold holds nothing more.
    pub hold_keys: Vec<(UserId, i64, String)>,
}

#[derive(Default)]
struct Inner {
    balances: HashMap<(ServerId, UserId), i64>,
    games: Vec<MemoryGame>,
    /// The running game each seated user plays, per server: one lookup to
    /// refuse a second seat, instead of a scan of every game.
    seated: HashMap<(ServerId, UserId), GameId>,
    /// The members who chose to pass at once when they cannot beat a play
    /// ([`TableStore::set_autopass`]).
    autopass: std::collections::HashSet<(ServerId, UserId)>,
    fail_next_snapshot: bool,
}

/// Chips and games in memory.
pub struct MemoryStore {
    starting_chips: i64,
    /// Whether a settled game keeps its final record (tests read it).
    keep_records: bool,
    inner: Mutex<Inner>,
}

impl MemoryStore {
    pub fn new(starting_chips: i64) -> MemoryStore {
        MemoryStore {
            starting_chips,
            keep_records: true,
            inner: Mutex::new(Inner::default()),
        }
    }

    /// A store whose settled games keep no record, so a long run's memory
    /// does not grow with every game played (the load benchmark).
    pub fn forgetting_records(starting_chips: i64) -> MemoryStore {
        MemoryStore {
            keep_records: false,
            ..MemoryStore::new(starting_chips)
        }
    }

    /// Makes the next `save_snapshot` fail (once).
    pub fn fail_next_snapshot(&self) {
        self.lock().fail_next_snapshot = true;
    }

    /// A copy of a stored game, its snapshot holding the actions appended
    /// since it was saved (as [`TableStore::unfinished_games`] gives it).
    pub fn game(&self, id: GameId) -> Option<MemoryGame> {
        let inner = self.lock();
        let g = &inner.games[index(id, inner.games.len())?];
        Some(MemoryGame {
            snapshot: merged(g),
            ..g.clone()
        })
    }

    /// How many games were created.
    pub fn game_count(&self) -> usize {
        self.lock().games.len()
    }

    /// Sets a balance directly (test set-up).
    pub fn set_balance(&self, server: ServerId, user: UserId, chips: i64) {
        self.lock().balances.insert((server, user), chips);
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Inner> {
        // A panic while holding this lock cannot leave it half-written (every
        // change is a single insert), so a poisoned lock is still usable.
        self.inner.lock().unwrap_or_else(|p| p.into_inner())
    }

    fn balance_now(&self, inner: &mut Inner, server: ServerId, user: UserId) -> i64 {
        *inner
            .balances
            .entry((server, user))
            .or_insert(self.starting_chips)
    }
}

fn index(id: GameId, len: usize) -> Option<usize> {
    let i = usize::try_from(id).ok()?.checked_sub(1)?;
    (i < len).then_some(i)
}

/// A game's last snapshot with the actions appended since.
fn merged(g: &MemoryGame) -> Option<Value> {
    let mut snapshot = g.snapshot.clone()?;
    if !g.appended.is_empty() {
        if let Some(Value::Array(actions)) = snapshot.get_mut("actions") {
            actions.extend(g.appended.iter().cloned());
        } else if let Some(fields) = snapshot.as_object_mut() {
            fields.insert("actions".into(), Value::Array(g.appended.clone()));
        }
    }
    Some(snapshot)
}

/// Forgets the seats of a game that stopped running.
fn unseat(inner: &mut Inner, i: usize) {
    let g = &inner.games[i];
    let (server, id) = (g.new.server, i as GameId + 1);
    for user in g.new.seats.clone().into_iter().flatten() {
        if inner.seated.get(&(server, user)) == Some(&id) {
            inner.seated.remove(&(server, user));
        }
    }
}

fn no_game(id: GameId) -> StoreError {
    StoreError::internal(format!("there is no game #{id}"))
}

/// Caps each loser at what it has, sharing a shortfall among the winners in
/// proportion to what each was owed (rules/README.md, "Chips").
fn capped(deltas: &[i64], can_pay: &[Option<i64>]) -> Vec<i64> {
    let mut paid: Vec<i64> = deltas.iter().map(|&d| d.max(0)).collect();
    let owed_total: i64 = paid.iter().sum();
    for (seat, &d) in deltas.iter().enumerate() {
        if d >= 0 {
            continue;
        }
        let loss = -d;
        let pays = match can_pay[seat] {
            Some(have) => loss.min(have.max(0)),
            None => loss,
        };
        paid[seat] = -pays;
        let shortfall = loss - pays;
        if shortfall == 0 || owed_total == 0 {
            continue;
        }
        // This loser owed each winner loss × (their gain / all gains); it
        // pays `pays` shared the same way, rounded down, remainders to the
        // earliest winners.
        let shares: Vec<(usize, i64)> = deltas
            .iter()
            .enumerate()
            .filter(|(_, &g)| g > 0)
            .map(|(w, &g)| (w, loss * g / owed_total))
            .collect();
        let owed: i64 = shares.iter().map(|s| s.1).sum();
        let mut given = 0;
        let mut got: Vec<(usize, i64)> = shares
            .iter()
            .map(|&(w, o)| {
                let g = if owed == 0 { 0 } else { pays * o / owed };
                given += g;
                (w, g)
            })
            .collect();
        let mut rest = pays - given;
        for entry in got.iter_mut() {
            if rest == 0 {
                break;
            }
            entry.1 += 1;
            rest -= 1;
        }
        for ((w, o), (_, g)) in shares.iter().zip(got) {
            paid[*w] -= o - g;
        }
    }
    paid
}

impl TableStore for MemoryStore {
    async fn create_game(&self, game: NewGame) -> Result<GameId, StoreError> {
        if game.stake <= 0 {
            return Err(StoreError::new(
                crate::keys::ERR_AMOUNT_POSITIVE,
                "the stake must be a positive number of chips",
            ));
        }
        let mut inner = self.lock();
        for user in game.seats.iter().flatten() {
            if inner.seated.contains_key(&(game.server, *user)) {
                return Err(StoreError::new(
                    crate::keys::ERR_SEATED_ELSEWHERE,
                    format!("player {user} is already seated in a running game"),
                ));
            }
        }
        for (seat, user) in game.seats.iter().enumerate() {
            let Some(user) = user else { continue };
            let balance = self.balance_now(&mut inner, game.server, *user);
            if let Some(Some(read)) = game.balances.get(seat) {
                if *read != balance {
                    return Err(StoreError::new(
                        crate::keys::ERR_BALANCE_CHANGED,
                        format!("player {user}'s balance changed to {balance}"),
                    ));
                }
            }
        }
        let seats = game.seats.len();
        let id = inner.games.len() as GameId + 1;
        for user in game.seats.iter().flatten() {
            inner.seated.insert((game.server, *user), id);
        }
        inner.games.push(MemoryGame {
            autoplay: Default::default(),
            new: game,
            version: 0,
            snapshot: None,
            appended: Vec::new(),
            held: vec![0; seats],
            status: MemoryStatus::Running,
            saved_versions: Vec::new(),
            hold_keys: Vec::new(),
        });
        Ok(id)
    }

    async fn open_game(
        &self,
        game: NewGame,
        entry: Vec<i64>,
        snapshot: Value,
    ) -> Result<GameId, StoreError> {
        // All or nothing, as the ledger's one transaction: check every hold
        // before anything is written.
        {
            let mut inner = self.lock();
            for (seat, chips) in entry.iter().enumerate() {
                if let (Some(Some(user)), true) = (game.seats.get(seat), *chips > 0) {
                    let balance = self.balance_now(&mut inner, game.server, *user);
                    if *chips > balance {
                        return Err(StoreError::new(
                            crate::keys::ERR_INSUFFICIENT_CHIPS,
                            format!("player {user} has {balance} chips, {chips} are needed"),
                        ));
                    }
                }
            }
        }
        let seats = game.seats.clone();
        let id = self.create_game(game).await?;
        for (seat, chips) in entry.iter().enumerate() {
            if let (Some(Some(user)), true) = (seats.get(seat), *chips > 0) {
                self.hold(id, *user, *chips, "pot-entry").await?;
            }
        }
        let mut inner = self.lock();
        let g = &mut inner.games[id as usize - 1];
        g.snapshot = Some(snapshot);
        g.saved_versions.push(0);
        Ok(id)
    }

    async fn hold(
        &self,
        game: GameId,
        user: UserId,
        amount: i64,
        key: &str,
    ) -> Result<i64, StoreError> {
        if amount <= 0 {
            return Err(StoreError::new(
                crate::keys::ERR_AMOUNT_POSITIVE,
                "a hold must be a positive number of chips",
            ));
        }
        let mut inner = self.lock();
        let i = index(game, inner.games.len()).ok_or_else(|| no_game(game))?;
        let server = inner.games[i].new.server;
        let prior = inner.games[i]
            .hold_keys
            .iter()
            .find(|(u, _, k)| *u == user && k == key)
            .cloned();
        if let Some((_, held, _)) = prior {
            return if held == amount {
                Ok(self.balance_now(&mut inner, server, user))
            } else {
                Err(StoreError::internal(format!(
                    "hold key {key} was used for another amount"
                )))
            };
        }
        if inner.games[i].status != MemoryStatus::Running {
            return Err(StoreError::new(
                crate::keys::ERR_GAME_OVER,
                "the game is over",
            ));
        }
        let Some(seat) = inner.games[i]
            .new
            .seats
            .iter()
            .position(|u| *u == Some(user))
        else {
            return Err(StoreError::new(
                crate::keys::ERR_NOT_SEATED,
                format!("player {user} is not seated in game #{game}"),
            ));
        };
        let balance = self.balance_now(&mut inner, server, user);
        if amount > balance {
            return Err(StoreError::new(
                crate::keys::ERR_INSUFFICIENT_CHIPS,
                format!("player {user} has {balance} chips, {amount} are needed"),
            ));
        }
        inner.balances.insert((server, user), balance - amount);
        let g = &mut inner.games[i];
        g.held[seat] += amount;
        g.hold_keys.push((user, amount, key.to_string()));
        Ok(balance - amount)
    }

    async fn append_action(
        &self,
        game: GameId,
        version: i64,
        action: &Value,
    ) -> Result<(), StoreError> {
        let mut inner = self.lock();
        if std::mem::take(&mut inner.fail_next_snapshot) {
            return Err(StoreError::transient(
                crate::keys::ERR_INTERNAL,
                "the store is unavailable",
            ));
        }
        let i = index(game, inner.games.len()).ok_or_else(|| no_game(game))?;
        let g = &mut inner.games[i];
        if g.status != MemoryStatus::Running {
            return Err(StoreError::new(
                crate::keys::ERR_GAME_OVER,
                "the game is over",
            ));
        }
        // A compare-and-set on the version, as the ledger does.
        let retried = version == g.version && g.appended.last() == Some(action);
        if retried {
            return Ok(());
        }
        if version != g.version + 1 {
            return Err(StoreError::new(
                crate::keys::ERR_STALE,
                format!(
                    "stale action for game {game}: version {version} does not follow the stored {}",
                    g.version
                ),
            ));
        }
        g.version = version;
        g.appended.push(action.clone());
        g.saved_versions.push(version);
        Ok(())
    }

    async fn save_snapshot(
        &self,
        game: GameId,
        version: i64,
        snapshot: &Value,
    ) -> Result<(), StoreError> {
        let mut inner = self.lock();
        if std::mem::take(&mut inner.fail_next_snapshot) {
            return Err(StoreError::transient(
                crate::keys::ERR_INTERNAL,
                "the store is unavailable",
            ));
        }
        let i = index(game, inner.games.len()).ok_or_else(|| no_game(game))?;
        let g = &mut inner.games[i];
        if g.status != MemoryStatus::Running {
            return Err(StoreError::new(
                crate::keys::ERR_GAME_OVER,
                "the game is over",
            ));
        }
        // A compare-and-set on the version, as the ledger does.
        let retried =
            version == g.version && g.appended.is_empty() && g.snapshot.as_ref() == Some(snapshot);
        if version != g.version + 1 && !retried {
            return Err(StoreError::new(
                crate::keys::ERR_STALE,
                format!(
                    "stale snapshot for game {game}: version {version} does not follow the stored {}",
                    g.version
                ),
            ));
        }
        g.version = version;
        g.snapshot = Some(snapshot.clone());
        g.appended = Vec::new();
        g.saved_versions.push(version);
        Ok(())
    }

    async fn settle(&self, game: GameId, s: Settlement) -> Result<SettleReport, StoreError> {
        let mut inner = self.lock();
        let i = index(game, inner.games.len()).ok_or_else(|| no_game(game))?;
        match &inner.games[i].status {
            MemoryStatus::Settled(report) => return Ok(report.clone()),
            MemoryStatus::Cancelled(_) => {
                return Err(StoreError::new(
                    crate::keys::ERR_GAME_OVER,
                    "the game was cancelled",
                ))
            }
            MemoryStatus::Running => {}
        }
        let new = inner.games[i].new.clone();
        if s.deltas.len() != new.seats.len() {
            return Err(StoreError::internal("one delta per seat is needed"));
        }
        // Every hold goes back first; the deltas are paid from the balances
        // as they were before the holds.
        let held = std::mem::take(&mut inner.games[i].held);
        for (seat, user) in new.seats.iter().enumerate() {
            if let (Some(u), Some(&h)) = (user, held.get(seat)) {
                if h != 0 {
                    let now = self.balance_now(&mut inner, new.server, *u);
                    inner.balances.insert((new.server, *u), now + h);
                }
            }
        }
        inner.games[i].held = vec![0; new.seats.len()];
        let can_pay: Vec<Option<i64>> = new
            .seats
            .iter()
            .map(|u| u.map(|u| self.balance_now(&mut inner, new.server, u)))
            .collect();
        let mut paid = capped(&s.deltas, &can_pay);
        // AI seats are the house's: they own no chips, so they pay and get
        // nothing (the house mints or burns the humans' side).
        for (seat, user) in new.seats.iter().enumerate() {
            if user.is_none() {
                paid[seat] = 0;
            }
        }
        let mut rake = 0;
        for p in paid.iter_mut() {
            if *p > 0 {
                let r = *p * i64::from(s.rake_percent) / 100;
                *p -= r;
                rake += r;
            }
        }
        let mut balances = Vec::new();
        for (seat, user) in new.seats.iter().enumerate() {
            balances.push(user.map(|u| {
                let b = inner.balances.entry((new.server, u)).or_insert(0);
                *b += paid[seat];
                *b
            }));
        }
        let report = SettleReport {
            paid,
            rake,
            balances,
            ratings: None,
        };
        unseat(&mut inner, i);
        let g = &mut inner.games[i];
        // The final record replaces the snapshot and its actions (or goes
        // too, in a store that forgets records).
        g.snapshot = self.keep_records.then_some(s.record);
        g.appended = Vec::new();
        g.status = MemoryStatus::Settled(report.clone());
        Ok(report)
    }

    async fn cancel(&self, game: GameId, reason: &str) -> Result<(), StoreError> {
        let mut inner = self.lock();
        let i = index(game, inner.games.len()).ok_or_else(|| no_game(game))?;
        if inner.games[i].status != MemoryStatus::Running {
            return Ok(());
        }
        // Every hold is refunded.
        let held = std::mem::take(&mut inner.games[i].held);
        let new = inner.games[i].new.clone();
        for (seat, user) in new.seats.iter().enumerate() {
            if let (Some(u), Some(&h)) = (user, held.get(seat)) {
                if h != 0 {
                    let now = self.balance_now(&mut inner, new.server, *u);
                    inner.balances.insert((new.server, *u), now + h);
                }
            }
        }
        unseat(&mut inner, i);
        let g = &mut inner.games[i];
        g.held = vec![0; new.seats.len()];
        g.status = MemoryStatus::Cancelled(reason.to_string());
        Ok(())
    }

    async fn set_autoplay(&self, game: GameId, seat: usize, on: bool) -> Result<(), StoreError> {
        let mut inner = self.lock();
        let i = index(game, inner.games.len()).ok_or_else(|| no_game(game))?;
        let g = &mut inner.games[i];
        if on {
            g.autoplay.insert(seat);
        } else {
            g.autoplay.remove(&seat);
        }
        Ok(())
    }

    async fn autoplay_seats(&self, game: GameId) -> Result<Vec<usize>, StoreError> {
        let inner = self.lock();
        let i = index(game, inner.games.len()).ok_or_else(|| no_game(game))?;
        Ok(inner.games[i].autoplay.iter().copied().collect())
    }

    async fn set_autopass(
        &self,
        server: ServerId,
        user: UserId,
        on: bool,
    ) -> Result<(), StoreError> {
        let mut inner = self.lock();
        if on {
            inner.autopass.insert((server, user));
        } else {
            inner.autopass.remove(&(server, user));
        }
        Ok(())
    }

    async fn autopass(&self, server: ServerId, user: UserId) -> Result<bool, StoreError> {
        Ok(self.lock().autopass.contains(&(server, user)))
    }

    async fn unfinished_games(&self) -> Result<Vec<StoredGame>, StoreError> {
        let inner = self.lock();
        Ok(inner
            .games
            .iter()
            .enumerate()
            .filter(|(_, g)| g.status == MemoryStatus::Running)
            .map(|(i, g)| StoredGame {
                id: i as GameId + 1,
                server: g.new.server,
                channel: g.new.channel as ChannelId,
                kind: g.new.kind.clone(),
                options: g.new.options.clone(),
                seats: g.new.seats.clone(),
                stake: g.new.stake,
                version: g.version,
                snapshot: merged(g),
            })
            .collect())
    }

    async fn balance(&self, server: ServerId, user: UserId) -> Result<i64, StoreError> {
        let mut inner = self.lock();
        Ok(self.balance_now(&mut inner, server, user))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_loser_pays_at_most_what_it_has_shared_in_proportion() {
        // Seat 0 owes 30 to seat 1 and 10 to seat 2 but has 21: 3:1 → 15 and 5, remainder 1 to seat 1.
        let paid = capped(&[-40, 30, 10], &[Some(21), Some(0), Some(0)]);
        assert_eq!(paid, vec![-21, 16, 5]);
        assert_eq!(paid.iter().sum::<i64>(), 0);
        // Enough chips: paid in full.
        assert_eq!(
            capped(&[-40, 30, 10], &[Some(100), None, None]),
            vec![-40, 30, 10]
        );
        // Two losers, one short: only its winner shares lose.
        let paid = capped(&[40, -20, -20], &[None, Some(5), Some(50)]);
        assert_eq!(paid, vec![25, -5, -20]);
    }

    #[tokio::test]
    async fn settling_twice_pays_once() {
        let store = MemoryStore::new(100);
        let id = store
            .create_game(NewGame {
                server: 1,
                channel: 2,
                kind: "x".into(),
                options: Value::Null,
                seats: vec![Some(7), None],
                stake: 1,
                balances: Vec::new(),
            })
            .await
            .unwrap();
        let s = Settlement {
            deltas: vec![10, -10],
            rake_percent: 10,
            record: Value::Null,
            winners: vec![0],
            contest: None,
        };
        let first = store.settle(id, s.clone()).await.unwrap();
        assert_eq!(first.paid, vec![9, 0]);
        assert_eq!(first.balances, vec![Some(109), None]);
        assert_eq!(store.settle(id, s).await.unwrap(), first);
        assert_eq!(store.balance(1, 7).await.unwrap(), 109);
    }
}
