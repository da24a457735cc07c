//! `paiju arena`: two AIs against each other on any of paiju's games,
//! measured with the cards' luck cancelled (docs/arena.md).
//!
//! Every deal is played several times with the sides rotated: the seats
//! are shared between player A and player B, and each deal is played once
//! per arrangement of them, so each player holds each seat equally often
//! on the same cards (Dou Dizhu: A as the landlord, then B; Shengji: A's
//! team on seats 1 + 3, then 2 + 4; Paohuzi: A on one seat of three, each
//! seat in turn, and on two; Chexuan and Duan Guozi: the seats alternate
//! A, B, A … and the pattern turns). Deals come from a seed or from a file
//! of record-form deals. A game may be a run of hands — a Chexuan session,
//! a whole Shengji match — each hand dealt from the deal's seed and its
//! number, so every arrangement sees the same decks. Every hand can be
//! written as a paiju record, so `paiju replay` shows any of them.
//!
//! One code path serves every game: [`play_match`] is generic over
//! [`Arena`], the few things a game says about itself (its measures, its
//! arrangements, its next hand, the steps nobody decides, its levels, the
//! protocol's fields), implemented in this folder's file of each game.
//! The match loop and the statistics are pure given the players;
//! [`external`] is the child-process protocol, the only IO besides the
//! records and [`scores`], the file a long match goes on from. A match
//! may be played on several threads ([`play_match_in_jobs`]), each with
//! its own players; the deals' figures are added up in their order.

pub mod chexuan;
pub mod dou_dizhu;
pub mod duan_guozi;
pub mod external;
pub mod paohuzi;
pub mod scores;
pub mod shengji;
pub mod stats;

use crate::ai::{Bot, RandomBot};
use crate::games::{Game, GameKind, GameOutcome, GameRules, RecordAction, Seat};
use crate::record::{Record, RecordError};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde_json::{json, Map, Value};
use stats::{DealPlayed, MatchStats, Measure, Score};
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// Why a match could not be played.
#[derive(Debug, thiserror::Error)]
pub enum ArenaError {
    #[error("{0}")]
    Options(String),
    #[error("deal {index}: {error}")]
    Deal { index: usize, error: RecordError },
    #[error("player {name}: {message}")]
    Player { name: String, message: String },
    #[error("{0}")]
    Io(#[from] std::io::Error),
}

/// What a player is shown at one decision: only what its seat may see.
pub struct Decision<'a, G: Game> {
    pub game_id: &'a str,
    pub seat: Seat,
    pub view: &'a G::View,
    pub legal: &'a [G::Action],
    /// The public events of the hand so far, in order.
    pub history: &'a [G::Event],
}

/// One side of a match: a built-in bot or an external program.
pub trait Player<G: Game> {
    fn name(&self) -> String;
    /// A hand starts in which this player holds `seats` of `players`,
    /// under `rules` (their record form).
    fn start(
        &mut self,
        _game_id: &str,
        _seats: &[Seat],
        _players: usize,
        _rules: &Value,
    ) -> Result<(), ArenaError> {
        Ok(())
    }
    /// One of `d.legal`. An error ends the match.
    fn decide(&mut self, d: &Decision<'_, G>) -> Result<G::Action, ArenaError>;
    /// The hand is over (its outcome in record form).
    fn end(&mut self, _game_id: &str, _outcome: &Value) -> Result<(), ArenaError> {
        Ok(())
    }
    /// Decisions this player got wrong (timeouts, illegal answers), each
    /// replaced by the stated fallback.
    fn faults(&self) -> u64 {
        0
    }
    /// The match is over.
    fn finish(&mut self) {}
}

/// A built-in bot with its own seeded generator.
pub struct BotPlayer<G: Game> {
    name: String,
    bot: Box<dyn Bot<G>>,
    seed: u64,
    rng: ChaCha8Rng,
}

impl<G: Game> BotPlayer<G> {
    pub fn new(name: &str, bot: Box<dyn Bot<G>>, seed: u64) -> BotPlayer<G> {
        BotPlayer {
            name: name.to_string(),
            bot,
            seed,
            rng: ChaCha8Rng::seed_from_u64(seed),
        }
    }
}

/// The seed of a bot's generator in the hand `game_id`: the match's seed
/// mixed with the hand's name (FNV-1a, fixed on every platform and Rust
/// version, unlike the standard library's hasher).
fn hand_seed(seed: u64, game_id: &str) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325 ^ seed;
    for b in game_id.bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

impl<G: Game> Player<G> for BotPlayer<G> {
    fn name(&self) -> String {
        self.name.clone()
    }

    /// Every hand draws from its own generator, seeded by the hand's name:
    /// a decision that differs in one hand (two builds compared on the
    /// same deals) leaves every other hand's draws as they were, so only
    /// the hands whose play differs differ.
    fn start(
        &mut self,
        game_id: &str,
        _seats: &[Seat],
        _players: usize,
        _rules: &Value,
    ) -> Result<(), ArenaError> {
        self.rng = ChaCha8Rng::seed_from_u64(hand_seed(self.seed, game_id));
        Ok(())
    }

    fn decide(&mut self, d: &Decision<'_, G>) -> Result<G::Action, ArenaError> {
        Ok(self.bot.choose(d.view, d.legal, &mut self.rng))
    }
}

/// One hand as played: the game at its end and its events.
pub struct Played<G: Game> {
    pub game: G,
    pub events: Vec<G::Event>,
}

/// A player spec that names a level of the shared [`crate::ai::Level`]s:
/// `easy` (also `basic`, the name the arena had before levels), `normal`,
/// `hard`, or `hard:N` — the hard level with N worlds a decision.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum LevelSpec {
    Level(crate::ai::Level),
    HardWorlds(usize),
}

impl LevelSpec {
    /// The level `spec` names, if it names one.
    pub fn parse(spec: &str) -> Option<LevelSpec> {
        if let Some(n) = spec.strip_prefix("hard:") {
            let worlds = n.parse().ok().filter(|&w: &usize| w > 0)?;
            return Some(LevelSpec::HardWorlds(worlds));
        }
        if spec == "basic" {
            return Some(LevelSpec::Level(crate::ai::Level::Easy));
        }
        crate::ai::Level::from_name(spec).map(LevelSpec::Level)
    }
}

/// What a game says about itself to the arena; everything else is shared.
pub trait Arena: Game {
    /// The game's figures, in the order [`Arena::score`] gives them.
    fn measures(opts: &MatchOptions<Self>) -> Vec<Measure>;

    /// A's figures in one game (a run of hands) in which `holders[seat]`
    /// played `seat` (0 = A, 1 = B); `None` when the game counts for
    /// nothing (Dou Dizhu's redeal).
    fn score(run: &[Played<Self>], holders: &[usize], opts: &MatchOptions<Self>) -> Option<Score>;

    /// The seats a table of these rules has when `--players` names none.
    fn default_seats(rules: &Self::Rules) -> usize;

    /// The bot a player spec names (`easy`, `normal`, `hard` …), if any;
    /// `random` and `exec:` are every game's.
    fn bot(spec: &str) -> Option<Box<dyn Bot<Self>>>;

    /// The specs [`Arena::bot`] takes, for a refusal.
    const BOTS: &'static str;

    /// The arrangements a deal is played in: per game, `holders[seat]`.
    /// By default the seats alternate A, B, A … and every turn of that
    /// pattern and of its opposite is played once (two games at an even
    /// number of seats, 2 × seats at an odd one), so that each player
    /// holds each seat equally often.
    fn arrangements(first: &Self, _opts: &MatchOptions<Self>) -> Vec<Vec<usize>> {
        rotations(first.seats())
    }

    /// The hand after `last` in a run, `played` hands in (a Chexuan
    /// session, a Shengji match); `None` ends the run.
    fn next_hand(
        _last: &Self,
        _played: usize,
        _opts: &MatchOptions<Self>,
        _rng: &mut dyn rand::RngCore,
    ) -> Option<Self> {
        None
    }

    /// A step the arena plays by itself, nobody deciding: Dou Dizhu's
    /// fixed landlord, a Shengji table's batches of the deal.
    fn auto_step(&self, _opts: &MatchOptions<Self>) -> Option<(Seat, Self::Action)> {
        None
    }

    /// The rules in their record form (`start` sends them).
    fn rules_json(rules: &Self::Rules) -> Value {
        serde_json::to_value(rules).expect("rules serialize")
    }

    /// The game's fields of an `act` request: by default its view
    /// (`"view"`, the seat's own as the game serializes it).
    fn request_fields(d: &Decision<'_, Self>) -> Map<String, Value> {
        let mut m = Map::new();
        m.insert(
            "view".into(),
            serde_json::to_value(d.view).expect("views serialize"),
        );
        m
    }

    /// Reads an answer beyond `index` and `action` (Dou Dizhu's `cards`).
    fn read_other_answer(
        _answer: &Value,
        _legal: &[Self::Action],
    ) -> Option<Result<Self::Action, String>> {
        None
    }
}

/// The arrangements of [`Arena::arrangements`]'s default: every turn of
/// the alternating pattern and of its opposite, each once.
pub fn rotations(seats: usize) -> Vec<Vec<usize>> {
    let base: Vec<usize> = (0..seats).map(|s| s % 2).collect();
    let mut out: Vec<Vec<usize>> = Vec::new();
    for flip in [0, 1] {
        for turn in 0..seats {
            let a: Vec<usize> = (0..seats)
                .map(|s| base[(s + turn) % seats] ^ flip)
                .collect();
            if !out.contains(&a) {
                out.push(a);
            }
        }
    }
    out
}

/// A player named on the command line: `random`, a level of the game,
/// or `exec:<command>` for a program speaking the protocol.
pub fn player_from_spec<G: Arena>(
    spec: &str,
    seed: u64,
    timeout: Duration,
) -> Result<Box<dyn Player<G>>, ArenaError> {
    if let Some(command) = spec.strip_prefix("exec:") {
        return Ok(Box::new(external::External::spawn(
            command,
            timeout,
            G::KIND.name(),
        )?));
    }
    if spec == "random" {
        return Ok(Box::new(BotPlayer::new(spec, Box::new(RandomBot), seed)));
    }
    match G::bot(spec) {
        Some(bot) => Ok(Box::new(BotPlayer::new(spec, bot, seed))),
        None => Err(ArenaError::Options(format!(
            "`{spec}` is not a {} player: random, {}, or exec:<command>",
            G::KIND.name(),
            G::BOTS
        ))),
    }
}

/// How a match is played.
#[derive(Clone, Debug)]
pub struct MatchOptions<G: Arena> {
    pub rules: G::Rules,
    /// Seats at the table.
    pub seats: usize,
    /// Dou Dizhu: full bidding instead of the fixed landlord.
    pub bidding: bool,
    /// Hands a game lasts: a Chexuan session's length (1 elsewhere).
    pub hands: usize,
    /// Shengji: each game is a whole match, hand after hand until a team
    /// wins it.
    pub matches: bool,
    /// Where to write one record per hand (created if missing).
    pub records: Option<PathBuf>,
}

impl<G: Arena> MatchOptions<G> {
    /// The options of `rules` at the game's usual table.
    pub fn new(rules: G::Rules) -> MatchOptions<G> {
        MatchOptions {
            seats: G::default_seats(&rules),
            rules,
            bidding: false,
            hands: 1,
            matches: false,
            records: None,
        }
    }
}

impl<G: Arena> Default for MatchOptions<G> {
    fn default() -> Self {
        MatchOptions::new(G::Rules::default())
    }
}

/// One deal of a match: its first hand, and the seed of the hands after
/// it in a run.
#[derive(Clone, Debug)]
pub struct Deal<G> {
    pub first: G,
    pub seed: u64,
}

fn deal_seed(seed: u64, index: u64) -> u64 {
    seed.wrapping_mul(1_000_003).wrapping_add(index)
}

/// `count` seeded deals.
pub fn seeded_deals<G: Arena>(
    opts: &MatchOptions<G>,
    count: usize,
    seed: u64,
) -> Result<Vec<Deal<G>>, ArenaError> {
    (0..count)
        .map(|i| {
            let s = deal_seed(seed, i as u64);
            let mut rng = ChaCha8Rng::seed_from_u64(s);
            let first = G::deal(opts.rules.clone(), opts.seats, &mut rng)
                .map_err(|error| ArenaError::Deal { index: i, error })?;
            Ok(Deal { first, seed: s })
        })
        .collect()
}

/// Deals from text: one JSON deal per line, in a record's `deal` form
/// (Dou Dizhu's `{"hands": [[…], […], […]], "kitty": […], "first": 0}`);
/// blank lines and lines starting with `#` are skipped.
pub fn deals_from_text<G: Arena>(
    opts: &MatchOptions<G>,
    text: &str,
) -> Result<Vec<Deal<G>>, ArenaError> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let deal: Value = serde_json::from_str(line).map_err(|e| ArenaError::Deal {
            index: i + 1,
            error: RecordError::Json(e.to_string()),
        })?;
        let record = Record {
            game: G::KIND.name().into(),
            rules: serde_json::to_value(&opts.rules).expect("rules serialize"),
            seats: opts.seats,
            deal,
            actions: Vec::new(),
        };
        let first = G::from_record_setup(&record).map_err(|error| ArenaError::Deal {
            index: i + 1,
            error,
        })?;
        out.push(Deal {
            first,
            seed: deal_seed(0x5EED, i as u64),
        });
    }
    Ok(out)
}

/// The most hands a run plays (a Shengji match that never ends).
const MAX_RUN: usize = 1000;

/// The tag of a deal's `k`-th game: `a`, `b`, … `z`, then `27` ….
fn tag(k: usize) -> String {
    if k < 26 {
        char::from(b'a' + k as u8).to_string()
    } else {
        (k + 1).to_string()
    }
}

/// Plays every deal in each of its arrangements and adds the games up.
pub fn play_match<G: Arena>(
    a: &mut dyn Player<G>,
    b: &mut dyn Player<G>,
    deals: &[Deal<G>],
    opts: &MatchOptions<G>,
) -> Result<MatchStats, ArenaError> {
    if let Some(dir) = &opts.records {
        std::fs::create_dir_all(dir)?;
    }
    let mut stats = MatchStats::new(G::KIND.name(), a.name(), b.name(), G::measures(opts));
    for (i, deal) in deals.iter().enumerate() {
        stats.add_played(&play_deal(a, b, i, deal, opts)?);
    }
    a.finish();
    b.finish();
    stats.faults = [a.faults(), b.faults()];
    Ok(stats)
}

/// Makes a thread's two players, A and B.
pub type MakePlayers<'a, G> = dyn Fn() -> Result<[Box<dyn Player<G>>; 2], ArenaError> + Sync + 'a;

/// [`play_match`] on `jobs` threads, each with its own players from
/// `make`, taking the next deal not yet played until none is left; the
/// deals in `done` (read back from a scores file) are counted, not
/// played, and `on_deal` hears of each deal played. The figures are added
/// up in the deals' order, so they are the same for any number of jobs
/// with players that start every hand afresh (every built-in bot but Dou
/// Dizhu's `hard`, which reads its opponents across the games it sees).
pub fn play_match_in_jobs<G: Arena + Sync>(
    make: &MakePlayers<'_, G>,
    deals: &[Deal<G>],
    opts: &MatchOptions<G>,
    jobs: usize,
    done: &std::collections::BTreeMap<usize, DealPlayed>,
    on_deal: &(dyn Fn(usize, &DealPlayed) -> Result<(), ArenaError> + Sync),
) -> Result<MatchStats, ArenaError>
where
    G::Rules: Sync,
{
    use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
    use std::sync::Mutex;
    if let Some(dir) = &opts.records {
        std::fs::create_dir_all(dir)?;
    }
    let next = AtomicUsize::new(0);
    let failed = AtomicBool::new(false);
    let played: Mutex<Vec<Option<DealPlayed>>> = Mutex::new(vec![None; deals.len()]);
    let names: Mutex<Option<[String; 2]>> = Mutex::new(None);
    let job = || -> Result<[u64; 2], ArenaError> {
        // A thread that cannot make its players stops the others too.
        let [mut a, mut b] = make().inspect_err(|_| failed.store(true, Ordering::Relaxed))?;
        *names.lock().expect("names") = Some([a.name(), b.name()]);
        let mut work = || -> Result<(), ArenaError> {
            while !failed.load(Ordering::Relaxed) {
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= deals.len() {
                    break;
                }
                if done.contains_key(&i) {
                    continue;
                }
                let deal = play_deal(&mut *a, &mut *b, i, &deals[i], opts)?;
                on_deal(i, &deal)?;
                played.lock().expect("played")[i] = Some(deal);
            }
            Ok(())
        };
        let result = work();
        if result.is_err() {
            failed.store(true, Ordering::Relaxed);
        }
        a.finish();
        b.finish();
        result.map(|()| [a.faults(), b.faults()])
    };
    let outcomes: Vec<Result<[u64; 2], ArenaError>> = if jobs <= 1 {
        vec![job()]
    } else {
        std::thread::scope(|scope| {
            let handles: Vec<_> = (0..jobs).map(|_| scope.spawn(job)).collect();
            handles
                .into_iter()
                .map(|h| h.join().expect("an arena job panicked"))
                .collect()
        })
    };
    let mut faults = [0u64; 2];
    for outcome in outcomes {
        let f = outcome?;
        faults[0] += f[0];
        faults[1] += f[1];
    }
    let [a, b] = names
        .into_inner()
        .expect("names")
        .unwrap_or_else(|| [String::new(), String::new()]);
    let mut stats = MatchStats::new(G::KIND.name(), a, b, G::measures(opts));
    let played = played.into_inner().expect("played");
    for (i, deal) in played.iter().enumerate() {
        if let Some(d) = done.get(&i) {
            stats.add_played(d);
            stats.resumed += 1;
        } else if let Some(d) = deal {
            stats.add_played(d);
        }
    }
    stats.faults = faults;
    Ok(stats)
}

/// One deal in each of its arrangements, its records written.
pub fn play_deal<G: Arena>(
    a: &mut dyn Player<G>,
    b: &mut dyn Player<G>,
    i: usize,
    deal: &Deal<G>,
    opts: &MatchOptions<G>,
) -> Result<DealPlayed, ArenaError> {
    let arrangements = G::arrangements(&deal.first, opts);
    let mut out = DealPlayed::default();
    for (k, holders) in arrangements.iter().enumerate() {
        let game_id = format!("{:06}-{}", i + 1, tag(k));
        let mut players: [&mut dyn Player<G>; 2] = [&mut *a, &mut *b];
        let run = play_run(&mut players, deal, holders, &game_id, opts, &mut out.times)?;
        out.hands += run.len();
        if let Some(dir) = &opts.records {
            for (h, played) in run.iter().enumerate() {
                let name = if run.len() == 1 {
                    format!("{game_id}.json")
                } else {
                    format!("{game_id}-{:03}.json", h + 1)
                };
                let json = serde_json::to_string_pretty(&played.game.record())
                    .expect("a record serializes");
                std::fs::write(dir.join(name), json + "\n")?;
            }
        }
        out.games.push(G::score(&run, holders, opts));
    }
    Ok(out)
}

/// One game: the deal's run of hands with `holders[seat]` at each seat.
fn play_run<G: Arena>(
    players: &mut [&mut dyn Player<G>; 2],
    deal: &Deal<G>,
    holders: &[usize],
    game_id: &str,
    opts: &MatchOptions<G>,
    times: &mut [Vec<u64>; 2],
) -> Result<Vec<Played<G>>, ArenaError> {
    let mut run: Vec<Played<G>> = Vec::new();
    let mut hand = deal.first.clone();
    loop {
        let id = if opts.hands > 1 || opts.matches {
            format!("{game_id}-{:03}", run.len() + 1)
        } else {
            game_id.to_string()
        };
        let played = play_hand(players, hand, holders, &id, opts, times)?;
        // Every arrangement deals its n-th hand from the same generator.
        let mut rng = ChaCha8Rng::seed_from_u64(deal_seed(deal.seed, run.len() as u64 + 1));
        let next = if run.len() + 1 < MAX_RUN {
            G::next_hand(&played.game, run.len() + 1, opts, &mut rng)
        } else {
            None
        };
        run.push(played);
        match next {
            Some(n) => hand = n,
            None => return Ok(run),
        }
    }
}

/// One hand to its end.
fn play_hand<G: Arena>(
    players: &mut [&mut dyn Player<G>; 2],
    mut game: G,
    holders: &[usize],
    game_id: &str,
    opts: &MatchOptions<G>,
    times: &mut [Vec<u64>; 2],
) -> Result<Played<G>, ArenaError> {
    let rules = G::rules_json(&opts.rules);
    let seats = game.seats();
    for (p, player) in players.iter_mut().enumerate() {
        let mine: Vec<Seat> = (0..seats).filter(|&s| holders[s] == p).collect();
        player.start(game_id, &mine, seats, &rules)?;
    }
    let mut history: Vec<G::Event> = Vec::new();
    // A hand of thousands of steps is a game that does not end.
    for _ in 0..100_000 {
        let (seat, action, who) = if let Some((seat, action)) = game.auto_step(opts) {
            (seat, action, None)
        } else {
            let Some(&seat) = game.waiting_on().first() else {
                break;
            };
            let legal = game.legal_actions(seat);
            if legal.is_empty() {
                return Err(ArenaError::Options(format!(
                    "game {game_id}: seat {seat} is waited on with nothing to do"
                )));
            }
            let view = game.view(Some(seat));
            let d = Decision {
                game_id,
                seat,
                view: &view,
                legal: &legal,
                history: &history,
            };
            let p = holders[seat];
            let started = Instant::now();
            let action = players[p].decide(&d)?;
            times[p].push(started.elapsed().as_micros() as u64);
            (seat, action, Some(p))
        };
        let events = game.apply(seat, &action).map_err(|e| ArenaError::Player {
            name: who.map_or("the arena".into(), |p| players[p].name()),
            message: format!(
                "game {game_id}: {} by seat {seat} was refused: {e}",
                action.to_json()
            ),
        })?;
        history.extend(events);
    }
    if !game.is_finished() {
        return Err(ArenaError::Options(format!(
            "game {game_id}: the hand stopped before its end"
        )));
    }
    let outcome = game.outcome().map_or(Value::Null, |o| o.to_json());
    for player in players.iter_mut() {
        player.end(game_id, &outcome)?;
    }
    Ok(Played {
        game,
        events: history,
    })
}

/// The share of `holders`' seats that `p` holds, and which.
pub fn seats_of(holders: &[usize], p: usize) -> Vec<Seat> {
    (0..holders.len()).filter(|&s| holders[s] == p).collect()
}

/// A's chips per seat it held: the sum of `deltas` over A's seats,
/// divided by their number.
pub fn per_seat(deltas: &[f64], holders: &[usize]) -> f64 {
    let mine = seats_of(holders, 0);
    mine.iter().map(|&s| deltas[s]).sum::<f64>() / mine.len().max(1) as f64
}

/// `paiju arena`'s command line, read.
#[derive(Clone, Debug)]
pub struct ArenaArgs {
    /// The game's record name (`dou-dizhu`, `shengji` …).
    pub game: String,
    pub a: String,
    pub b: String,
    pub deals: usize,
    pub seed: u64,
    /// Table options as a JSON object.
    pub rules: String,
    /// Seats, for the games that take a range (Chexuan, Duan Guozi).
    pub players: Option<usize>,
    pub bidding: bool,
    /// Chexuan: hands a session lasts.
    pub hands: Option<usize>,
    /// Shengji: whole matches, this many (instead of `deals` hands).
    pub matches: Option<usize>,
    /// A file of deals, one JSON deal a line, instead of seeded deals.
    pub deals_file: Option<PathBuf>,
    pub records: Option<PathBuf>,
    /// The time an external bot has for one decision.
    pub timeout: Duration,
    /// Print the figures as JSON instead of the table.
    pub json: bool,
    /// Threads playing deals at once, each with its own players.
    pub jobs: usize,
    /// Where each deal's scores are written as it ends; a run with the
    /// same file goes on where an earlier one stopped.
    pub scores: Option<PathBuf>,
}

/// The most `--jobs`.
const MAX_JOBS: usize = 64;

/// Runs `paiju arena` and returns what it prints.
pub fn run(args: &ArenaArgs) -> Result<String, ArenaError> {
    let Some(kind) = GameKind::from_name(&args.game) else {
        let names: Vec<&str> = GameKind::ALL.iter().map(|k| k.name()).collect();
        return Err(ArenaError::Options(format!(
            "unknown game `{}` (games: {})",
            args.game,
            names.join(", ")
        )));
    };
    match kind {
        GameKind::DouDizhu => run_game::<crate::games::dou_dizhu::DouDizhu>(args),
        GameKind::Shengji => run_game::<crate::games::shengji::ShengjiTable>(args),
        GameKind::Paohuzi => run_game::<crate::games::paohuzi::Paohuzi>(args),
        GameKind::Chexuan => run_game::<crate::games::chexuan::Chexuan>(args),
        GameKind::DuanGuozi => run_game::<crate::games::duan_guozi::DuanGuozi>(args),
    }
}

fn run_game<G: Arena + Sync>(args: &ArenaArgs) -> Result<String, ArenaError>
where
    G::Rules: Sync,
{
    let rules: G::Rules = serde_json::from_str(&args.rules)
        .map_err(|e| ArenaError::Options(format!("--rules: {e}")))?;
    let mut opts = MatchOptions::<G>::new(rules);
    if let Some(n) = args.players {
        opts.seats = n;
    }
    opts.rules
        .check_table(opts.seats)
        .map_err(|e| ArenaError::Options(e.to_string()))?;
    let only = |flag: &str, game: GameKind| {
        if G::KIND == game {
            Ok(())
        } else {
            Err(ArenaError::Options(format!(
                "{flag} is a {} option, not {}'s",
                game.name(),
                G::KIND.name()
            )))
        }
    };
    if args.bidding {
        only("--bidding", GameKind::DouDizhu)?;
        opts.bidding = true;
    }
    if let Some(h) = args.hands {
        only("--hands", GameKind::Chexuan)?;
        if h == 0 {
            return Err(ArenaError::Options("--hands: at least 1".into()));
        }
        opts.hands = h;
    } else if G::KIND == GameKind::Chexuan {
        opts.hands = chexuan::SESSION_HANDS;
    }
    let mut count = args.deals;
    if let Some(m) = args.matches {
        only("--matches", GameKind::Shengji)?;
        opts.matches = true;
        count = m;
    }
    opts.records = args.records.clone();
    let deals = match &args.deals_file {
        Some(path) => deals_from_text(&opts, &std::fs::read_to_string(path)?)?,
        None => seeded_deals(&opts, count, args.seed)?,
    };
    if deals.is_empty() {
        return Err(ArenaError::Options("no deals to play".into()));
    }
    if !(1..=MAX_JOBS).contains(&args.jobs) {
        return Err(ArenaError::Options(format!(
            "--jobs: 1 to {MAX_JOBS}, not {}",
            args.jobs
        )));
    }
    let mut scores = match &args.scores {
        Some(path) => Some(scores::ScoresFile::open(
            path,
            run_description(args, &opts),
        )?),
        None => None,
    };
    let make = || -> Result<[Box<dyn Player<G>>; 2], ArenaError> {
        Ok([
            player_from_spec::<G>(&args.a, args.seed.wrapping_add(1), args.timeout)?,
            player_from_spec::<G>(&args.b, args.seed.wrapping_add(2), args.timeout)?,
        ])
    };
    // The deals read back are handed to the match, not copied.
    let done = scores
        .as_mut()
        .map(|s| std::mem::take(&mut s.done))
        .unwrap_or_default();
    let on_deal = |i: usize, deal: &DealPlayed| match &scores {
        Some(s) => s.append(i, deal),
        None => Ok(()),
    };
    let stats = play_match_in_jobs(&make, &deals, &opts, args.jobs, &done, &on_deal)?;
    Ok(if args.json {
        format!("{}\n", stats.to_json())
    } else {
        let source = match &args.deals_file {
            Some(p) => format!("deals from {}", p.display()),
            None => format!("seed {}", args.seed),
        };
        let how = describe(&opts);
        format!(
            "paiju arena: {}, {how}, {source}\n{}",
            G::KIND.name(),
            stats.render()
        )
    })
}

/// What a scores file must agree on with a run for their scores to add
/// up: everything but the number of deals and the players' timeout.
fn run_description<G: Arena>(args: &ArenaArgs, opts: &MatchOptions<G>) -> Value {
    json!({
        "game": G::KIND.name(),
        "a": args.a,
        "b": args.b,
        "deals": match &args.deals_file {
            Some(p) => json!({ "file": p.display().to_string() }),
            None => json!({ "seed": args.seed }),
        },
        "seats": opts.seats,
        "rules": G::rules_json(&opts.rules),
        "bidding": opts.bidding,
        "hands": opts.hands,
        "matches": opts.matches,
    })
}

/// How a match of a game is played, in the heading `paiju arena` prints.
fn describe<G: Arena>(opts: &MatchOptions<G>) -> String {
    let mut parts = vec![format!("{} seats", opts.seats)];
    if G::KIND == GameKind::DouDizhu {
        parts.push(
            if opts.bidding {
                "full bidding"
            } else {
                "fixed landlord"
            }
            .into(),
        );
    }
    if opts.hands > 1 {
        parts.push(format!("sessions of {} hands", opts.hands));
    }
    if opts.matches {
        parts.push("whole matches".into());
    }
    parts.join(", ")
}

/// The canonical form of an action in record form, for comparing an
/// answer with the legal actions: lists of card names in any order are
/// the same list.
pub fn canonical(v: &Value) -> Value {
    match v {
        Value::Array(items) => {
            let mut items: Vec<Value> = items.iter().map(canonical).collect();
            if items.iter().all(Value::is_string) {
                items.sort_by(|x, y| x.as_str().cmp(&y.as_str()));
            }
            Value::Array(items)
        }
        Value::Object(m) => {
            Value::Object(m.iter().map(|(k, v)| (k.clone(), canonical(v))).collect())
        }
        other => other.clone(),
    }
}

/// The `act` request of a decision: only what the seat may see.
pub fn request<G: Arena>(id: u64, d: &Decision<'_, G>) -> Value {
    let mut m = Map::new();
    m.insert("type".into(), json!("act"));
    m.insert("id".into(), json!(id));
    m.insert("game".into(), json!(G::KIND.name()));
    m.insert("game_id".into(), json!(d.game_id));
    m.insert("seat".into(), json!(d.seat));
    m.extend(G::request_fields(d));
    m.entry("history")
        .or_insert_with(|| serde_json::to_value(d.history).expect("events serialize"));
    m.insert(
        "legal".into(),
        Value::Array(d.legal.iter().map(RecordAction::to_json).collect()),
    );
    Value::Object(m)
}

/// Reads an answer into one of the legal actions, or says why not:
/// `{"index": i}`, `{"action": {…}}` (record form), or a game's own.
pub fn read_answer<G: Arena>(answer: &Value, legal: &[G::Action]) -> Result<G::Action, String> {
    if let Some(i) = answer.get("index") {
        let i = i
            .as_u64()
            .ok_or_else(|| format!("`index` {i} is not a number"))?;
        return legal
            .get(i as usize)
            .cloned()
            .ok_or_else(|| format!("`index` {i} is out of range (0 … {})", legal.len() - 1));
    }
    if let Some(r) = G::read_other_answer(answer, legal) {
        return r;
    }
    if let Some(a) = answer.get("action") {
        let want = canonical(a);
        return legal
            .iter()
            .find(|l| canonical(&l.to_json()) == want)
            .cloned()
            .ok_or_else(|| format!("{a} is not a legal action now"));
    }
    Err("an answer has `index` or `action`".into())
}

/// The fallback for a faulty answer: a pass when legal, else a check,
/// else a fold, else the first legal action.
pub fn fallback<G: Game>(legal: &[G::Action]) -> G::Action {
    for word in ["pass", "check", "fold"] {
        let want = json!({ word: true });
        if let Some(a) = legal.iter().find(|a| a.to_json() == want) {
            return a.clone();
        }
    }
    legal[0].clone()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_level_spec_names_a_level_or_the_hard_level_with_its_worlds() {
        use crate::ai::Level;
        assert_eq!(
            LevelSpec::parse("basic"),
            Some(LevelSpec::Level(Level::Easy))
        );
        assert_eq!(
            LevelSpec::parse("easy"),
            Some(LevelSpec::Level(Level::Easy))
        );
        assert_eq!(
            LevelSpec::parse("hard"),
            Some(LevelSpec::Level(Level::Hard))
        );
        assert_eq!(LevelSpec::parse("hard:12"), Some(LevelSpec::HardWorlds(12)));
        assert_eq!(LevelSpec::parse("hard:0"), None);
        assert_eq!(LevelSpec::parse("hard:x"), None);
        assert_eq!(LevelSpec::parse("random"), None);
    }

    #[test]
    fn rotations_hold_each_seat_equally() {
        assert_eq!(rotations(4), vec![vec![0, 1, 0, 1], vec![1, 0, 1, 0]]);
        assert_eq!(rotations(2), vec![vec![0, 1], vec![1, 0]]);
        let three = rotations(3);
        assert_eq!(three.len(), 6);
        for seat in 0..3 {
            let a = three.iter().filter(|h| h[seat] == 0).count();
            assert_eq!(a, 3, "{three:?}");
        }
        // A alone in one seat, each seat once; and on two seats.
        assert_eq!(
            three
                .iter()
                .filter(|h| h.iter().filter(|&&x| x == 0).count() == 1)
                .count(),
            3
        );
        assert_eq!(rotations(5).len(), 10);
    }

    #[test]
    fn answers_match_card_lists_in_any_order() {
        assert_eq!(
            canonical(&json!({"play": ["3S", "2H"]})),
            canonical(&json!({"play": ["2H", "3S"]}))
        );
        assert_ne!(
            canonical(&json!({"raise": 10})),
            canonical(&json!({"raise": 20}))
        );
    }
}
