//! The load benchmark of issue #18: many live tables in one process.
//!
//! `cargo bench --bench scale -- [TABLES…]` (default 1000 10000) prints, for
//! each count, on the in-memory store and on the SQLite ledger (WAL, a file
//! in a temporary directory):
//!
//! - memory per table, idle in its lobby and idle in a started game waiting
//!   on a player (bytes live in Rust's allocator, counted here, over the
//!   tables opened; the process's resident size beside it);
//! - the cost of opening a table (open + two joins + start, one after the
//!   other);
//! - Dou Dizhu played by three scripted seats per table, every action a
//!   real round trip (`TableHandle::act`): first paced (each seat thinks a
//!   random 0–4 s, so N tables offer N/2 actions a second), then flat out,
//!   each for `PAIJU_BENCH_PACED_SECS` (default 10): action latency
//!   p50/p99/max and actions per second.
//!
//! Then, once: the cost of an action by its place in a long game (a
//! Chexuan session of three scripted seats, moves 1–10 against 51–60 and
//! 191–200 — flat when a move costs the same at any length), and the
//! ledger's settlement throughput against the raw SQLite floor: the same
//! statements run by the `sqlite3` command-line shell on a copy of the same
//! games (skipped when `sqlite3` is not installed).
//!
//! And the whole bot against the tests' fake Discord (`discord`): the real
//! `paiju` binary on a SQLite ledger, `PAIJU_BENCH_DISCORD_TABLES` (default
//! 1000) tables in as many channels, each played by three members through
//! the table message's buttons ("My hand", Hint, Play or Pass, bids) as the
//! end-to-end tests do, each member pausing up to `PAIJU_BENCH_THINK_MS`
//! (default 4000, at random) before every click, as a person reads and
//! decides, for `PAIJU_BENCH_DISCORD_SECS` (default 20) after the tables
//! opened: per kind of click, the time from the fake sending an
//! interaction on the gateway to the bot's acknowledgement (its interaction
//! callback) and to the complete answer the member sees (the callback
//! itself, or the edit or followup after a deferral), p50/p99/max, and the
//! CPU the bot and the fake (with its members) used. The bot runs with its
//! default `discord.defer_after_ms`, or `PAIJU_BENCH_DEFER_AFTER_MS`.
//! `PAIJU_BENCH_WINDOWS=1` adds the figures of every 5 s of the run (by
//! when the click was sent): a stall shows where it happened.
//!
//! Figures, not assertions: nothing here fails on a slow machine.

#[path = "../tests/support/bot.rs"]
mod bot;
#[path = "../tests/support/discord_limits.rs"]
mod discord_limits;
#[path = "../tests/support/fake_discord.rs"]
mod fake_discord;

use fake_discord::{custom_ids, message_text, private_message, FakeDiscord, CHANNEL_ID};
use paiju::games::chexuan::session::ChexuanTable;
use paiju::games::dou_dizhu::DouDizhu;
use paiju::ledger::{Ledger, LedgerConfig, NewGame, Settlement};
use paiju::table::memory::MemoryStore;
use paiju::table::{
    JoinArgs, TableConfig, TableError, TableGame, TableOptions, TableStore, Tables,
};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicIsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Counts the bytes live in the allocator.
struct Counting;

static LIVE: AtomicIsize = AtomicIsize::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        LIVE.fetch_add(layout.size() as isize, Ordering::Relaxed);
        System.alloc(layout)
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        LIVE.fetch_sub(layout.size() as isize, Ordering::Relaxed);
        System.dealloc(ptr, layout)
    }
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        LIVE.fetch_add(layout.size() as isize, Ordering::Relaxed);
        System.alloc_zeroed(layout)
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        LIVE.fetch_add(
            new_size as isize - layout.size() as isize,
            Ordering::Relaxed,
        );
        System.realloc(ptr, layout, new_size)
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

fn live() -> isize {
    LIVE.load(Ordering::Relaxed)
}

/// The resident set size in bytes (/proc/self/statm), 0 where unknown.
fn rss() -> u64 {
    std::fs::read_to_string("/proc/self/statm")
        .ok()
        .and_then(|s| s.split_whitespace().nth(1)?.parse::<u64>().ok())
        .map_or(0, |pages| pages * 4096)
}

const SERVER: u64 = 1;

fn config() -> TableConfig {
    TableConfig {
        // Nobody times out: the scripted seats play every move.
        bid_timeout_secs: 36_000,
        play_timeout_secs: 36_000,
        lobby_idle_secs: 36_000,
        ai_delay_ms: 500,
        max_stake: 1000,
        pause_between_games: false,
    }
}

fn options(seed: u64, rules: serde_json::Value, stake: i64) -> TableOptions {
    TableOptions {
        stake,
        rules,
        seed: Some(seed),
        lang: None,
        timers: None,
    }
}

/// Latencies in nanoseconds.
#[derive(Default)]
struct Samples(Vec<u64>);

impl Samples {
    fn summary(&mut self) -> String {
        if self.0.is_empty() {
            return "no samples".into();
        }
        self.0.sort_unstable();
        let at = |q: f64| self.0[((self.0.len() - 1) as f64 * q) as usize] as f64 / 1000.0;
        format!(
            "p50 {:.0} µs, p99 {:.0} µs, max {:.0} µs ({} actions)",
            at(0.5),
            at(0.99),
            at(1.0),
            self.0.len()
        )
    }
}

/// Plays one table's game with its scripted seats: a random legal action
/// for whichever seat is asked, then the action, timed. `think`: the
/// most a seat waits before acting; `until`: stop acting then.
async fn drive<G: TableGame>(
    h: paiju::table::TableHandle<G>,
    users: Vec<u64>,
    think: Duration,
    until: Option<Instant>,
    seed: u64,
) -> Samples {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut samples = Samples::default();
    loop {
        if until.is_some_and(|u| Instant::now() >= u) {
            return samples;
        }
        let Ok(status) = h.status(None).await else {
            return samples;
        };
        let Some(game) = status.game else {
            return samples;
        };
        let Some(&seat) = game.waiting_on.first() else {
            tokio::task::yield_now().await;
            continue;
        };
        let user = users[seat];
        // A random legal action: the table's own bot (a hint) would cost
        // more than the table's work measured here.
        let Ok(mine) = h.status(Some(user)).await else {
            return samples;
        };
        let Some(legal) = mine.game.map(|g| g.legal).filter(|l| !l.is_empty()) else {
            tokio::task::yield_now().await;
            continue;
        };
        let action = legal[rng.gen_range(0..legal.len())].clone();
        if !think.is_zero() {
            let wait = rng.gen_range(0..=think.as_millis() as u64);
            tokio::time::sleep(Duration::from_millis(wait)).await;
        }
        let started = Instant::now();
        let r = h.act(user, game.version, action).await;
        samples.0.push(started.elapsed().as_nanos() as u64);
        match r {
            Ok(_) | Err(TableError::Stale { .. }) => {}
            Err(_) => return samples,
        }
    }
}

/// N Dou Dizhu tables on one store: memory, open cost, then play.
async fn dou_dizhu_tables<S: TableStore>(name: &str, store: Arc<S>, n: usize, paced: Duration) {
    let tables = Tables::new(store, config());
    // The tables of an earlier run may still be closing: let them go first.
    tokio::time::sleep(Duration::from_secs(2)).await;
    let (bytes0, rss0) = (live(), rss());
    let started = Instant::now();
    let mut handles = Vec::with_capacity(n);
    for i in 0..n as u64 {
        let h = tables
            .open::<DouDizhu>(
                SERVER,
                10_000 + i,
                3 * i + 1,
                options(i, serde_json::json!({}), 1),
            )
            .expect("a table opens");
        handles.push(h);
    }
    let open_lobby = started.elapsed();
    tokio::time::sleep(Duration::from_millis(50)).await;
    let lobby_bytes = (live() - bytes0) as f64 / n as f64;
    let lobby_rss = (rss().saturating_sub(rss0)) as f64 / n as f64;
    let started = Instant::now();
    for (i, h) in handles.iter().enumerate() {
        let host = 3 * i as u64 + 1;
        h.join(host + 1).await.expect("a seat");
        h.join(host + 2).await.expect("a seat");
        h.start(host).await.expect("the game starts");
    }
    let start_all = started.elapsed();
    tokio::time::sleep(Duration::from_millis(50)).await;
    let playing_bytes = (live() - bytes0) as f64 / n as f64;
    let playing_rss = (rss().saturating_sub(rss0)) as f64 / n as f64;
    println!(
        "{name}, {n} tables: idle lobby {:.1} KB/table (RSS {:.1} KB), idle game {:.1} KB/table (RSS {:.1} KB); \
         open {:.1} µs/table, join ×2 + start {:.1} µs/table",
        lobby_bytes / 1024.0,
        lobby_rss / 1024.0,
        playing_bytes / 1024.0,
        playing_rss / 1024.0,
        open_lobby.as_secs_f64() * 1e6 / n as f64,
        start_all.as_secs_f64() * 1e6 / n as f64,
    );
    for (phase, think, length) in [
        ("paced", Duration::from_secs(4), paced),
        ("flat out", Duration::ZERO, paced),
    ] {
        let until = Some(Instant::now() + length);
        let started = Instant::now();
        let tasks: Vec<_> = handles
            .iter()
            .enumerate()
            .map(|(i, h)| {
                let host = 3 * i as u64 + 1;
                let users = vec![host, host + 1, host + 2];
                tokio::spawn(drive::<DouDizhu>(h.clone(), users, think, until, i as u64))
            })
            .collect();
        let mut all = Samples::default();
        for t in tasks {
            all.0.extend(t.await.expect("a driver").0);
        }
        let secs = started.elapsed().as_secs_f64();
        let count = all.0.len();
        println!(
            "{name}, {n} tables, {phase}: {}; {:.0} actions/s over {secs:.1} s",
            all.summary(),
            count as f64 / secs
        );
    }
    drop(handles);
    tokio::time::sleep(Duration::from_millis(100)).await;
}

/// One long Chexuan session per run, three scripted seats: the mean
/// action latency by the action's place in the game.
async fn long_game<S: TableStore>(name: &str, store: Arc<S>, runs: u64) {
    const BUCKETS: [(usize, usize); 4] = [(1, 10), (51, 60), (101, 110), (191, 200)];
    let mut sums = [(0u64, 0u64); 4];
    let mut longest = 0;
    for run in 0..runs {
        let tables = Tables::new(store.clone(), config());
        let base = 1_000_000 + run * 10;
        let users = [base, base + 1, base + 2];
        let host_balance = tables
            .host_balance::<ChexuanTable>(SERVER, base)
            .await
            .unwrap();
        let h = tables
            .open_with::<ChexuanTable>(
                SERVER,
                2_000_000 + run,
                base,
                options(run, serde_json::json!({}), 1),
                JoinArgs {
                    buy_in: Some(100_000),
                },
                host_balance,
            )
            .expect("a Chexuan table");
        // Deep stacks: nobody goes broke, so the session runs on.
        let deep = JoinArgs {
            buy_in: Some(100_000),
        };
        h.join_with(base + 1, deep).await.unwrap();
        h.join_with(base + 2, deep).await.unwrap();
        h.start(base).await.unwrap();
        let mut samples = Vec::new();
        while samples.len() < 200 {
            let Ok(status) = h.status(None).await else {
                break;
            };
            let Some(game) = status.game else { break };
            let Some(&seat) = game.waiting_on.first() else {
                tokio::task::yield_now().await;
                continue;
            };
            let Ok(action) = h.hint(users[seat]).await else {
                break;
            };
            let started = Instant::now();
            let r = h.act(users[seat], game.version, action).await;
            samples.push(started.elapsed().as_nanos() as u64);
            if r.is_err() {
                break;
            }
        }
        longest = longest.max(samples.len());
        for (b, &(from, to)) in BUCKETS.iter().enumerate() {
            for s in samples.iter().skip(from - 1).take(to - from + 1) {
                sums[b].0 += s;
                sums[b].1 += 1;
            }
        }
        let _ = h.admin_cancel(0, "benchmark over").await;
    }
    let cells: Vec<String> = BUCKETS
        .iter()
        .zip(sums)
        .map(|(&(from, to), (sum, count))| {
            if count == 0 {
                format!("moves {from}–{to}: not reached")
            } else {
                format!(
                    "moves {from}–{to}: {:.1} µs",
                    sum as f64 / count as f64 / 1000.0
                )
            }
        })
        .collect();
    println!(
        "{name}, Chexuan session, mean action latency by move ({runs} runs, longest {longest} moves): {}",
        cells.join(", ")
    );
}

fn ledger_cfg() -> LedgerConfig {
    LedgerConfig {
        starting_chips: 1000,
        daily_amount: 0,
        daily_cooldown_secs: 0,
        ..Default::default()
    }
}

/// A record of the size of a finished Dou Dizhu game's.
fn record() -> serde_json::Value {
    let actions: Vec<_> = (0..60)
        .map(|i| serde_json::json!({"seat": i % 3, "play": ["3S", "3H", "3C", "4D"]}))
        .collect();
    serde_json::json!({"game": "dou-dizhu", "rules": {}, "seats": 3, "deal": {"hands": "x".repeat(200)}, "actions": actions})
}

async fn open_games(path: &str, k: u64) -> (Ledger, Vec<i64>) {
    let l = Ledger::open(path, ledger_cfg()).await.unwrap();
    let mut ids = Vec::new();
    for g in 0..k {
        let id = l
            .create_game(NewGame {
                server: SERVER,
                channel: g,
                kind: "dou-dizhu".into(),
                options: serde_json::json!({}),
                seats: vec![Some(3 * g + 1), Some(3 * g + 2), Some(3 * g + 3)],
                stake: 1,
            })
            .await
            .unwrap();
        ids.push(id);
    }
    (l, ids)
}

/// Settles every game of `ids` from `tasks` tasks at once, then closes the
/// ledger (its last checkpoint, as the `sqlite3` shell's exit does):
/// settlements per second, and the writer's mean group size.
async fn settle_all(l: Ledger, ids: &[i64], tasks: usize) -> (f64, f64) {
    // Each game's settlement is made before the clock starts: copying a
    // record (a tree of JSON values) is the game's work, not the ledger's,
    // and took a tenth of the run's CPU inside the timed part.
    let record = record();
    let chunks: Vec<Vec<(i64, Settlement)>> = ids
        .chunks(ids.len().div_ceil(tasks))
        .map(|chunk| {
            chunk
                .iter()
                .map(|&id| {
                    let s = Settlement {
                        deltas: vec![2, -1, -1],
                        rake_percent: 0,
                        record: record.clone(),
                        winners: vec![0],
                    };
                    (id, s)
                })
                .collect()
        })
        .collect();
    // The openings were groups of the writer too: count the settlements'.
    let (groups_before, writes_before) = l.write_groups().unwrap_or((0, 0));
    let started = Instant::now();
    let mut set = tokio::task::JoinSet::new();
    for chunk in chunks {
        let l = l.clone();
        set.spawn(async move {
            for (id, s) in chunk {
                l.settle(id, s).await.unwrap();
            }
        });
    }
    while let Some(r) = set.join_next().await {
        r.unwrap();
    }
    let (groups, writes) = l.write_groups().unwrap_or((0, 0));
    let (groups, writes) = (groups - groups_before, writes - writes_before);
    l.close().await;
    let rate = ids.len() as f64 / started.elapsed().as_secs_f64();
    (rate, writes as f64 / groups.max(1) as f64)
}

/// The settlements of `ids` (games opened by `open_games`) as the `sqlite3`
/// shell script of the statements the ledger runs, one transaction each,
/// after `pragmas`.
fn settle_script(ids: &[i64], pragmas: &str) -> String {
    let record_text = serde_json::to_string(&record())
        .unwrap()
        .replace('\'', "''");
    // The ledger's connection settings, its busy timeout included: a
    // transaction that finds the file locked waits, as the ledger's would,
    // instead of running its statements outside a transaction.
    let mut script = format!(
        "PRAGMA busy_timeout=30000;\nPRAGMA journal_mode=WAL;\nPRAGMA synchronous=NORMAL;\nPRAGMA foreign_keys=ON;\n{pragmas}\n"
    );
    for (g, &id) in ids.iter().enumerate() {
        let (u1, u2, u3) = (3 * g + 1, 3 * g + 2, 3 * g + 3);
        let now = 1_700_000_000;
        script.push_str(&format!(
            "BEGIN IMMEDIATE;\n\
             SELECT g.server_id, g.status, g.seats, g.result, s.seat, s.user_id, s.start_balance, s.held, a.balance \
             FROM games g LEFT JOIN game_seats s ON s.game_id = g.id \
             LEFT JOIN accounts a ON a.server_id = s.server_id AND a.user_id = s.user_id \
             WHERE g.id = {id} ORDER BY s.seat;\n\
             INSERT INTO journal (server_id, user_id, amount, reason, game_id, counterparty, created_at, idem_key) VALUES \
             (1, {u1}, 2, 'settlement', {id}, NULL, {now}, 'settlement:{id}:0'), \
             (1, {u2}, -1, 'settlement', {id}, NULL, {now}, 'settlement:{id}:1'), \
             (1, {u3}, -1, 'settlement', {id}, NULL, {now}, 'settlement:{id}:2');\n\
             UPDATE accounts SET balance = balance + CASE user_id WHEN {u1} THEN 2 WHEN {u2} THEN -1 WHEN {u3} THEN -1 ELSE 0 END \
             WHERE server_id = 1 AND user_id IN ({u1}, {u2}, {u3});\n\
             UPDATE game_seats SET held = 0, active = 0, paid = CASE seat WHEN 0 THEN 2 WHEN 1 THEN -1 WHEN 2 THEN -1 ELSE paid END, \
             won = CASE seat WHEN 0 THEN 1 WHEN 1 THEN 0 WHEN 2 THEN 0 ELSE won END WHERE game_id = {id};\n\
             INSERT INTO game_records (game_id, record) VALUES ({id}, '{record_text}');\n\
             UPDATE games SET status = 'finished', record_id = last_insert_rowid(), \
             result = '{{\"paid\":[2,-1,-1],\"rake\":0,\"balances\":[1002,999,999]}}', finished_at = {now} WHERE id = {id};\n\
             DELETE FROM game_actions WHERE game_id = {id};\n\
             COMMIT;\n"
        ));
    }
    script
}

/// Runs `script` through the `sqlite3` shell on `db`: settlements per
/// second (the shell's start and exit included), `None` without the shell
/// or when a statement failed (its error is printed: the figure would not
/// be the same work).
fn shell_rate(db: &std::path::Path, script: &str, k: usize) -> Option<f64> {
    let path = db.with_extension("sql");
    std::fs::write(&path, script).unwrap();
    let started = Instant::now();
    let out = std::process::Command::new("sqlite3")
        .arg("-bail")
        .arg(db)
        .stdin(std::fs::File::open(&path).unwrap())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .output();
    let secs = started.elapsed().as_secs_f64();
    match out {
        Ok(out) if out.status.success() => Some(k as f64 / secs),
        Ok(out) => {
            eprintln!(
                "sqlite3 on {}: {}",
                db.display(),
                String::from_utf8_lossy(&out.stderr).trim()
            );
            None
        }
        Err(_) => None,
    }
}

/// Settlements per second through the ledger, one at a time and from 64
/// tasks at once, each on a fresh file and with the ledger's close (its last
/// checkpoint) counted; against the same statements through the `sqlite3`
/// shell on a copy of the same games: with SQLite's default checkpoints (in
/// the commit that takes the log past 1,000 pages), and with the ledger's
/// writer settings (no checkpoint in a commit; the shell's exit copies the
/// log, where the ledger's checkpoint task does it beside the writer).
async fn settle_speed(k: u64) {
    let dir = tempfile::tempdir().unwrap();
    let mut rates = Vec::new();
    for (name, tasks) in [("ours", 1), ("concurrent", 64)] {
        let path = dir.path().join(format!("{name}.db"));
        let (l, ids) = open_games(path.to_str().unwrap(), k).await;
        rates.push(settle_all(l, &ids, tasks).await);
        let l = Ledger::open(path.to_str().unwrap(), ledger_cfg())
            .await
            .unwrap();
        assert!(l.verify().await.unwrap().is_clean());
        l.close().await;
    }
    let [(ours_rate, _), (concurrent_rate, group)] = rates[..] else {
        unreachable!()
    };
    let mut floors = Vec::new();
    for (name, pragmas) in [
        ("raw-default", ""),
        ("raw-ledger", "PRAGMA wal_autocheckpoint=0;"),
    ] {
        let path = dir.path().join(format!("{name}.db"));
        let (l, ids) = open_games(path.to_str().unwrap(), k).await;
        l.close().await;
        drop(l);
        floors.push(shell_rate(&path, &settle_script(&ids, pragmas), ids.len()));
    }
    let head = format!(
        "ledger settle (SQLite WAL, 3 human seats, {k} games): one at a time {ours_rate:.0} settles/s, \
         64 tasks at once {concurrent_rate:.0}/s ({group:.1} settlements per grouped transaction)"
    );
    match floors[..] {
        [Some(default), Some(same)] => {
            let floor = default.max(same);
            println!(
                "{head}; the same statements through the sqlite3 shell, one transaction each: \
                 {default:.0}/s with SQLite's default checkpoints, {same:.0}/s with the ledger's; \
                 ratios to the higher {:.2} / {:.2}",
                ours_rate / floor,
                concurrent_rate / floor
            );
        }
        _ => println!("{head} (no sqlite3 shell for the floor, or it failed)"),
    }
}

/// The newest message of `channel` with table controls (lobby or game).
fn table_message_in(fake: &FakeDiscord, channel: u64) -> Option<serde_json::Value> {
    fake.channel_messages(channel).into_iter().rev().find(|m| {
        custom_ids(m)
            .iter()
            .any(|id| id.starts_with("pj1:hand:") || id.starts_with("pj1:join:"))
    })
}

fn find_id(m: &serde_json::Value, prefix: &str) -> Option<String> {
    custom_ids(m).into_iter().find(|id| id.starts_with(prefix))
}

/// The member whose turn the table message marks (▶).
fn turn_user(m: &serde_json::Value) -> Option<u64> {
    let text = message_text(m);
    let line = text.lines().find(|l| l.starts_with('▶'))?;
    let at = line.find("<@")?;
    let end = line[at..].find('>')?;
    line[at + 2..at + end].parse().ok()
}

/// Waits (polling, as a member would look) for the bot's answer to `id`;
/// `None` after 20 s.
async fn answer(fake: &FakeDiscord, id: u64) -> Option<fake_discord::Interaction> {
    let deadline = Instant::now() + Duration::from_secs(20);
    while !fake.answered(id) {
        if Instant::now() > deadline {
            return None;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    Some(fake.interaction(id))
}

/// One table in `channel`: opened by `users[0]`, joined by the others,
/// started, then played turn by turn through the buttons until `until`.
/// Every click comes after the member's pause of up to `think` (at
/// random), as a person reads and decides. Returns the number of turns
/// played.
async fn discord_table(
    fake: FakeDiscord,
    channel: u64,
    users: [u64; 3],
    think: Duration,
    until: Instant,
    seed: u64,
) -> usize {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let pause =
        |rng: &mut ChaCha8Rng| Duration::from_millis(rng.gen_range(0..=think.as_millis() as u64));
    tokio::time::sleep(pause(&mut rng)).await;
    let start = serde_json::json!([{ "name": "start", "type": 1, "options": [
        { "name": "stake", "type": 4, "value": 1 }
    ] }]);
    let id = fake.command_in(channel, users[0], "en-US", "dou-dizhu", start);
    if answer(&fake, id).await.is_none() {
        return 0;
    }
    let mut lobby = None;
    while lobby.is_none() && Instant::now() < until {
        tokio::time::sleep(Duration::from_millis(50)).await;
        lobby = table_message_in(&fake, channel);
    }
    let Some(lobby) = lobby else { return 0 };
    let (Some(join), Some(go)) = (find_id(&lobby, "pj1:join:"), find_id(&lobby, "pj1:start:"))
    else {
        return 0;
    };
    for (user, button) in [(users[1], &join), (users[2], &join), (users[0], &go)] {
        tokio::time::sleep(pause(&mut rng)).await;
        let id = fake.click_on_in(channel, user, "en-US", lobby.clone(), button);
        if answer(&fake, id).await.is_none() {
            return 0;
        }
    }
    let mut turns = 0;
    let mut last = String::new();
    // The channel's messages are read again only once the bot changed
    // them (the fake's own work stays small beside the bot's).
    let mut seen = u64::MAX;
    let mut in_game = false;
    while Instant::now() < until {
        let changes = fake.channel_changes(channel);
        if changes == seen {
            tokio::time::sleep(Duration::from_millis(100)).await;
            continue;
        }
        seen = changes;
        let Some(msg) = table_message_in(&fake, channel) else {
            continue;
        };
        let hand = find_id(&msg, "pj1:hand:").unwrap_or_default();
        let moment = format!("{hand}{:?}", find_id(&msg, "pj1:bid:"));
        // The bot may take a moment to turn the lobby into the game after
        // Start was acknowledged: a lobby ends the table only after play.
        in_game |= !hand.is_empty();
        let Some(user) = turn_user(&msg).filter(|_| moment != last && !hand.is_empty()) else {
            // Over (a result with "Play again"), or back in a lobby.
            let over = fake
                .channel_messages(channel)
                .iter()
                .any(|m| find_id(m, "pj1:again:").is_some());
            if over || (in_game && find_id(&msg, "pj1:join:").is_some()) {
                return turns;
            }
            continue;
        };
        tokio::time::sleep(pause(&mut rng)).await;
        if let Some(bid) = custom_ids(&msg)
            .into_iter()
            .rev()
            .find(|i| i.starts_with("pj1:bid:"))
        {
            let id = fake.click_on_in(channel, user, "en-US", msg.clone(), &bid);
            answer(&fake, id).await;
        } else {
            let id = fake.click_on_in(channel, user, "en-US", msg.clone(), &hand);
            let Some(view) = answer(&fake, id).await else {
                continue;
            };
            if !view.text().contains("It is your turn") {
                continue;
            }
            let hand_msg = private_message(&view);
            let Some(hint) = find_id(&hand_msg, "pj1:hint:") else {
                continue;
            };
            tokio::time::sleep(pause(&mut rng)).await;
            let id = fake.click_on_in(channel, user, "en-US", hand_msg, &hint);
            let Some(hinted) = answer(&fake, id).await else {
                continue;
            };
            let hinted_msg = private_message(&hinted);
            let play = find_id(&hinted_msg, "pj1:play:");
            let has_cards = play
                .as_ref()
                .is_some_and(|p| p.split(':').count() == 5 && !p.ends_with(':'));
            let button = if has_cards {
                play
            } else {
                find_id(&hinted_msg, "pj1:pass:")
            };
            let Some(button) = button else { continue };
            tokio::time::sleep(pause(&mut rng)).await;
            let id = fake.click_on_in(channel, user, "en-US", hinted_msg, &button);
            answer(&fake, id).await;
        }
        turns += 1;
        last = moment;
    }
    turns
}

/// CPU seconds (user + system) a process has used so far
/// (/proc/<pid>/stat), 0 where unknown.
fn cpu_secs(pid: &str) -> f64 {
    let Ok(stat) = std::fs::read_to_string(format!("/proc/{pid}/stat")) else {
        return 0.0;
    };
    // The fields after the command name (which may hold spaces).
    let fields: Vec<&str> = stat
        .rsplit_once(')')
        .map(|(_, rest)| rest.split_whitespace().collect())
        .unwrap_or_default();
    let ticks = |i: usize| {
        fields
            .get(i)
            .and_then(|f| f.parse::<f64>().ok())
            .unwrap_or(0.0)
    };
    // utime and stime are fields 14 and 15 of the line, 12 and 13 here;
    // the kernel counts 100 ticks a second.
    (ticks(11) + ticks(12)) / 100.0
}

/// Milliseconds: p50 / p99 / max of `samples` (nanoseconds).
fn ms_summary(samples: &mut [u64]) -> String {
    if samples.is_empty() {
        return "none".into();
    }
    samples.sort_unstable();
    let at = |q: f64| samples[((samples.len() - 1) as f64 * q) as usize] as f64 / 1e6;
    format!(
        "p50 {:.1} ms, p99 {:.1} ms, max {:.1} ms",
        at(0.5),
        at(0.99),
        at(1.0)
    )
}

/// The whole bot against the fake Discord: `n` tables played at once.
async fn discord_load(n: usize, think: Duration, length: Duration) {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let defer_after = std::env::var("PAIJU_BENCH_DEFER_AFTER_MS").unwrap_or_default();
    let env = [
        ("PAIJU_TIMERS_BID_SECS", "900"),
        ("PAIJU_TIMERS_PLAY_SECS", "900"),
        ("PAIJU_TIMERS_LOBBY_IDLE_SECS", "900"),
        ("RUST_LOG", "paiju=warn,serenity=warn,poise=warn"),
        // The bot's own default, unless the run asks for another (empty
        // counts as unset).
        ("PAIJU_DISCORD_DEFER_AFTER_MS", defer_after.as_str()),
    ];
    let bot = bot::BotProcess::start(&fake.api_url(), dir.path(), &env);
    fake.wait_ready(1).await;
    let bot_pid = bot.pid().to_string();
    let (bot_cpu0, own_cpu0) = (cpu_secs(&bot_pid), cpu_secs("self"));
    // The tables open over the first think times, then play.
    let until = Instant::now() + 4 * think + length;
    let started = Instant::now();
    let tasks: Vec<_> = (0..n as u64)
        .map(|i| {
            let base = 200_000_000_000_000_000 + 10 * i;
            tokio::spawn(discord_table(
                fake.clone(),
                CHANNEL_ID + 1 + i,
                [base + 1, base + 2, base + 3],
                think,
                until,
                i,
            ))
        })
        .collect();
    let mut turns = 0;
    let mut playing = 0;
    for t in tasks {
        let played = t.await.unwrap_or(0);
        turns += played;
        playing += usize::from(played > 0);
    }
    let secs = started.elapsed().as_secs_f64();
    let bot_cores = (cpu_secs(&bot_pid) - bot_cpu0) / secs;
    let own_cores = (cpu_secs("self") - own_cpu0) / secs;
    let times = fake.answer_times();
    let nanos = |d: Option<Duration>| d.map(|d| d.as_nanos() as u64);
    let mut acks: Vec<u64> = times.iter().filter_map(|t| nanos(t.ack)).collect();
    let mut dones: Vec<u64> = times.iter().filter_map(|t| nanos(t.done)).collect();
    let unacked = times.len() - acks.len();
    let unanswered = times.len() - dones.len();
    println!(
        "fake Discord, {n} tables ({playing} reached play), each click after a pause of up to {} ms: \
         {} interactions ({:.0}/s), {turns} turns in {secs:.1} s; {unacked} never acknowledged, \
         {unanswered} never answered; CPU: bot {bot_cores:.2} cores, fake + members {own_cores:.2} cores",
        think.as_millis(),
        times.len(),
        times.len() as f64 / secs,
    );
    println!("  acknowledgement: {}", ms_summary(&mut acks));
    // Discord forgets a click not acknowledged within 3 s ("This
    // interaction failed"); the fake refuses those callbacks and counts
    // them. The bench reports them (and any other refusal) rather than
    // failing at its end.
    let violations = fake.violations();
    println!(
        "  acknowledged past Discord's 3 s (refused, 10062): {}; other refusals: {}",
        fake.late_acks(),
        violations.iter().filter(|v| v.code != 10062).count()
    );
    for v in violations.iter().filter(|v| v.code != 10062).take(5) {
        println!("    {v}");
    }
    fake.expect_violations();
    if std::env::var("PAIJU_BENCH_WINDOWS").is_ok() {
        for w in 0..(secs as u64 / 5 + 1) {
            let (from, to) = (Duration::from_secs(w * 5), Duration::from_secs(w * 5 + 5));
            let inside: Vec<_> = times
                .iter()
                .filter(|t| (from..to).contains(&t.sent.duration_since(started)))
                .collect();
            let mut a: Vec<u64> = inside.iter().filter_map(|t| nanos(t.ack)).collect();
            let mut d: Vec<u64> = inside.iter().filter_map(|t| nanos(t.done)).collect();
            println!(
                "  {}-{} s ({}): ack {}; done {}",
                w * 5,
                w * 5 + 5,
                inside.len(),
                ms_summary(&mut a),
                ms_summary(&mut d)
            );
        }
    }
    println!("  complete answer: {}", ms_summary(&mut dones));
    // By what was asked: the command, or the button's kind (`pj1:hand:…`
    // → `hand`).
    let mut by_kind: std::collections::BTreeMap<String, (Vec<u64>, Vec<u64>)> = Default::default();
    for t in &times {
        let kind = t.asked.split(':').nth(1).unwrap_or(&t.asked).to_string();
        let entry = by_kind.entry(kind).or_default();
        entry.0.extend(nanos(t.ack));
        entry.1.extend(nanos(t.done));
    }
    for (kind, (mut ack, mut done)) in by_kind {
        println!(
            "  {kind} ({}): acknowledgement {}; complete answer {}",
            ack.len(),
            ms_summary(&mut ack),
            ms_summary(&mut done)
        );
    }
    bot.stop();
}

fn main() {
    // `cargo bench` passes `--bench`; every other argument is a table count,
    // or a part to run alone (`settle`, `long`, `memory`, `sqlite`,
    // `discord`; all by default).
    let args: Vec<String> = std::env::args().skip(1).collect();
    let counts: Vec<usize> = args.iter().filter_map(|a| a.parse().ok()).collect();
    let parts = ["settle", "long", "memory", "sqlite", "discord"];
    let chosen: Vec<&str> = parts
        .into_iter()
        .filter(|p| args.iter().any(|a| a == p))
        .collect();
    let run = |part: &str| chosen.is_empty() || chosen.contains(&part);
    let counts = if counts.is_empty() {
        vec![1000, 10_000]
    } else {
        counts
    };
    let paced = Duration::from_secs(
        std::env::var("PAIJU_BENCH_PACED_SECS")
            .ok()
            .and_then(|s| s.parse().ok())
            .unwrap_or(10),
    );
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .unwrap();
    rt.block_on(async {
        if run("settle") {
            settle_speed(5000).await;
        }
        if run("discord") {
            let env = |k: &str, default: u64| {
                std::env::var(k)
                    .ok()
                    .and_then(|s| s.parse().ok())
                    .unwrap_or(default)
            };
            discord_load(
                env("PAIJU_BENCH_DISCORD_TABLES", 1000) as usize,
                Duration::from_millis(env("PAIJU_BENCH_THINK_MS", 4000)),
                Duration::from_secs(env("PAIJU_BENCH_DISCORD_SECS", 20)),
            )
            .await;
        }
        if run("long") {
            long_game(
                "memory",
                Arc::new(MemoryStore::forgetting_records(1_000_000)),
                20,
            )
            .await;
            let dir = tempfile::tempdir().unwrap();
            let path = dir.path().join("long.db");
            let ledger = Ledger::open(
                path.to_str().unwrap(),
                LedgerConfig {
                    starting_chips: 1_000_000,
                    ..ledger_cfg()
                },
            )
            .await
            .unwrap();
            long_game("SQLite", Arc::new(ledger), 5).await;
        }
        for &n in &counts {
            if run("memory") {
                dou_dizhu_tables(
                    "memory",
                    Arc::new(MemoryStore::forgetting_records(1000)),
                    n,
                    paced,
                )
                .await;
            }
            if !run("sqlite") {
                continue;
            }
            let dir = tempfile::tempdir().unwrap();
            let path = dir.path().join("tables.db");
            let ledger = Ledger::open(path.to_str().unwrap(), ledger_cfg())
                .await
                .unwrap();
            dou_dizhu_tables("SQLite", Arc::new(ledger), n, paced).await;
        }
    });
}
