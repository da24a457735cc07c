//! `paiju arena`: two AIs against each other on Dou Dizhu, measured the
//! standard way (DouZero's WP and ADP; docs/arena.md).
//!
//! Every deal is played twice with the sides swapped: once with player A as
//! the landlord and B on both farmer seats, once the other way round, so
//! the luck of the cards cancels. By default the landlord is fixed — the
//! deal's first seat bids 3 (or calls) and the others pass, as DouZero's
//! evaluation gives the landlord its 20 cards — and with `bidding` the
//! players bid for their seats (A holding the first seat in the first game,
//! B in the second). Deals come from a seed or from a file of record-form
//! deals. Each game can be written as a paiju record, so `paiju replay`
//! shows any of them.
//!
//! The match loop and the statistics here are pure given the players;
//! [`external`] is the child-process protocol, the only IO besides the
//! records.

pub mod external;
pub mod stats;

use crate::ai::{Bot, RandomBot};
use crate::games::dou_dizhu::ai::Level;
use crate::games::dou_dizhu::view::{Event, View};
use crate::games::dou_dizhu::{Action, DouDizhu, Rules};
use crate::games::{Game, Seat};
use crate::record::{Record, RecordError};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use stats::{MatchStats, Side};
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
pub struct Decision<'a> {
    pub game_id: &'a str,
    pub seat: Seat,
    pub view: &'a View,
    pub legal: &'a [Action],
    /// The public events of the game so far, in order.
    pub history: &'a [Event],
}

/// One side of a match: a built-in bot or an external program.
pub trait Player {
    fn name(&self) -> String;
    /// A game starts in which this player holds `seats`.
    fn start(&mut self, _game_id: &str, _seats: &[Seat], _rules: &Rules) -> Result<(), ArenaError> {
        Ok(())
    }
    /// One of `d.legal`. An error ends the match.
    fn decide(&mut self, d: &Decision<'_>) -> Result<Action, ArenaError>;
    /// The game is over (its outcome in record form).
    fn end(&mut self, _game_id: &str, _outcome: &serde_json::Value) -> Result<(), ArenaError> {
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
pub struct BotPlayer {
    name: String,
    bot: Box<dyn Bot<DouDizhu>>,
    rng: ChaCha8Rng,
}

impl BotPlayer {
    pub fn new(name: &str, bot: Box<dyn Bot<DouDizhu>>, seed: u64) -> BotPlayer {
        BotPlayer {
            name: name.to_string(),
            bot,
            rng: ChaCha8Rng::seed_from_u64(seed),
        }
    }
}

impl Player for BotPlayer {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn decide(&mut self, d: &Decision<'_>) -> Result<Action, ArenaError> {
        Ok(self.bot.choose(d.view, d.legal, &mut self.rng))
    }
}

/// A player named on the command line: `random`, `easy`, `normal`,
/// `hard`, or `exec:<command>` for a program speaking the protocol.
pub fn player_from_spec(
    spec: &str,
    seed: u64,
    timeout: Duration,
) -> Result<Box<dyn Player>, ArenaError> {
    if let Some(command) = spec.strip_prefix("exec:") {
        return Ok(Box::new(external::External::spawn(command, timeout)?));
    }
    // `hard:N`: the hard level sampling N worlds a decision.
    if let Some(n) = spec.strip_prefix("hard:") {
        let worlds: usize = n.parse().ok().filter(|&w| w > 0).ok_or_else(|| {
            ArenaError::Options(format!("`{spec}`: hard:<worlds>, e.g. hard:200"))
        })?;
        let bot = crate::games::dou_dizhu::search::HardBot {
            worlds,
            ..Default::default()
        };
        return Ok(Box::new(BotPlayer::new(spec, Box::new(bot), seed)));
    }
    if spec == "random" {
        return Ok(Box::new(BotPlayer::new(spec, Box::new(RandomBot), seed)));
    }
    match Level::from_name(spec) {
        Some(level) => Ok(Box::new(BotPlayer::new(spec, level.bot(), seed))),
        None => Err(ArenaError::Options(format!(
            "`{spec}` is not a player: random, easy, normal, hard, hard:<worlds>, or exec:<command>"
        ))),
    }
}

/// How a match is played.
#[derive(Clone, Debug, Default)]
pub struct MatchOptions {
    pub rules: Rules,
    /// Full bidding instead of the fixed landlord.
    pub bidding: bool,
    /// Where to write one record per game (created if missing).
    pub records: Option<PathBuf>,
}

/// The deals of a match: `count` seeded ones, or the lines of a file.
pub fn seeded_deals(rules: &Rules, count: usize, seed: u64) -> Result<Vec<DouDizhu>, ArenaError> {
    (0..count)
        .map(|i| {
            let mut rng =
                ChaCha8Rng::seed_from_u64(seed.wrapping_mul(1_000_003).wrapping_add(i as u64));
            DouDizhu::deal(rules.clone(), rules.players as usize, &mut rng)
                .map_err(|error| ArenaError::Deal { index: i, error })
        })
        .collect()
}

/// Deals from text: one JSON deal per line, in a record's `deal` form
/// (`{"hands": [[…], […], […]], "kitty": […], "first": 0}`); blank lines
/// and lines starting with `#` are skipped.
pub fn deals_from_text(rules: &Rules, text: &str) -> Result<Vec<DouDizhu>, ArenaError> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let deal: serde_json::Value = serde_json::from_str(line).map_err(|e| ArenaError::Deal {
            index: i + 1,
            error: RecordError::Json(e.to_string()),
        })?;
        let record = Record {
            game: "dou-dizhu".into(),
            rules: serde_json::to_value(rules).expect("rules serialize"),
            seats: rules.players as usize,
            deal,
            actions: Vec::new(),
        };
        out.push(
            DouDizhu::from_record_setup(&record).map_err(|error| ArenaError::Deal {
                index: i + 1,
                error,
            })?,
        );
    }
    Ok(out)
}

/// Plays every deal twice, sides swapped, and adds the games up.
pub fn play_match(
    a: &mut dyn Player,
    b: &mut dyn Player,
    deals: &[DouDizhu],
    opts: &MatchOptions,
) -> Result<MatchStats, ArenaError> {
    if let Some(dir) = &opts.records {
        std::fs::create_dir_all(dir)?;
    }
    let mut stats = MatchStats::new(a.name(), b.name());
    for (i, deal) in deals.iter().enumerate() {
        let mut pair = Vec::with_capacity(2);
        for a_first in [true, false] {
            let tag = if a_first { "a" } else { "b" };
            let game_id = format!("{:06}-{tag}", i + 1);
            let (first, other): (&mut dyn Player, &mut dyn Player) = if a_first {
                (&mut *a, &mut *b)
            } else {
                (&mut *b, &mut *a)
            };
            let played = play_game(
                first,
                other,
                deal.clone(),
                &game_id,
                a_first,
                opts,
                &mut stats,
            )?;
            if let Some(dir) = &opts.records {
                let path = dir.join(format!("{game_id}.json"));
                let json =
                    serde_json::to_string_pretty(&played.record()).expect("a record serializes");
                std::fs::write(path, json + "\n")?;
            }
            pair.push(result_for_a(&played, a_first));
        }
        stats.add_deal(&pair);
    }
    a.finish();
    b.finish();
    stats.faults = [a.faults(), b.faults()];
    Ok(stats)
}

/// A's side and result in one game: `None` for a redeal.
fn result_for_a(game: &DouDizhu, a_first: bool) -> Option<(Side, i64)> {
    let crate::games::dou_dizhu::Outcome::Played(played) = game.outcome()? else {
        return None;
    };
    let landlord = played.landlord;
    let first = game.view(None).first;
    // The first seat is the first player's; the others the second's.
    let a_landlord = (landlord == first) == a_first;
    let landlord_won = played.winner == crate::games::dou_dizhu::outcome::Side::Landlord;
    let bombs = u64::from(played.bombs);
    let points = 2i64 << bombs.min(20);
    let a_won = landlord_won == a_landlord;
    let side = if a_landlord {
        Side::Landlord
    } else {
        Side::Farmers
    };
    Some((side, if a_won { points } else { -points }))
}

/// One game: `first` holds the deal's first seat (the landlord when the
/// landlord is fixed), `other` the rest.
fn play_game(
    first: &mut dyn Player,
    other: &mut dyn Player,
    mut game: DouDizhu,
    game_id: &str,
    first_is_a: bool,
    opts: &MatchOptions,
    stats: &mut MatchStats,
) -> Result<DouDizhu, ArenaError> {
    let first_seat = game.view(None).first;
    let players = game.players();
    let others: Vec<Seat> = (0..players).filter(|&s| s != first_seat).collect();
    first.start(game_id, &[first_seat], &opts.rules)?;
    other.start(game_id, &others, &opts.rules)?;
    let mut history: Vec<Event> = Vec::new();
    while let Some(seat) = game.turn() {
        let legal = game.legal_actions(seat);
        let action = if !opts.bidding && game.landlord().is_none() {
            fixed_bid(seat == first_seat, &legal)
        } else {
            let view = game.view(Some(seat));
            let d = Decision {
                game_id,
                seat,
                view: &view,
                legal: &legal,
                history: &history,
            };
            let who: &mut dyn Player = if seat == first_seat {
                &mut *first
            } else {
                &mut *other
            };
            let started = Instant::now();
            let action = who.decide(&d)?;
            let a_decided = (seat == first_seat) == first_is_a;
            stats.time(a_decided, started.elapsed());
            action
        };
        let events = game.apply(seat, &action).map_err(|e| ArenaError::Player {
            name: if seat == first_seat {
                first.name()
            } else {
                other.name()
            },
            message: format!("game {game_id}: an illegal move got through: {e}"),
        })?;
        history.extend(events);
    }
    let outcome = game
        .outcome()
        .map(|o| crate::games::GameOutcome::to_json(&o))
        .unwrap_or(serde_json::Value::Null);
    first.end(game_id, &outcome)?;
    other.end(game_id, &outcome)?;
    Ok(game)
}

/// The fixed landlord's bidding: the first seat takes the top bid (or
/// calls), everyone else passes.
fn fixed_bid(landlord: bool, legal: &[Action]) -> Action {
    let want: &[Action] = if landlord {
        &[Action::Bid(3), Action::Call, Action::Rob]
    } else {
        &[Action::Pass]
    };
    want.iter()
        .find(|a| legal.contains(a))
        .copied()
        .unwrap_or(legal[0])
}

/// `paiju arena`'s command line, read.
#[derive(Clone, Debug)]
pub struct ArenaArgs {
    pub a: String,
    pub b: String,
    pub deals: usize,
    pub seed: u64,
    /// Table options as a JSON object.
    pub rules: String,
    pub bidding: bool,
    /// A file of deals, one JSON deal a line, instead of seeded deals.
    pub deals_file: Option<PathBuf>,
    pub records: Option<PathBuf>,
    /// The time an external bot has for one decision.
    pub timeout: Duration,
    /// Print the figures as JSON instead of the table.
    pub json: bool,
}

/// Runs `paiju arena` and returns what it prints.
pub fn run(args: &ArenaArgs) -> Result<String, ArenaError> {
    let rules: Rules = serde_json::from_str(&args.rules)
        .map_err(|e| ArenaError::Options(format!("--rules: {e}")))?;
    rules
        .validate()
        .map_err(|e| ArenaError::Options(e.to_string()))?;
    let deals = match &args.deals_file {
        Some(path) => deals_from_text(&rules, &std::fs::read_to_string(path)?)?,
        None => seeded_deals(&rules, args.deals, args.seed)?,
    };
    if deals.is_empty() {
        return Err(ArenaError::Options("no deals to play".into()));
    }
    let mut a = player_from_spec(&args.a, args.seed.wrapping_add(1), args.timeout)?;
    let mut b = player_from_spec(&args.b, args.seed.wrapping_add(2), args.timeout)?;
    let opts = MatchOptions {
        rules,
        bidding: args.bidding,
        records: args.records.clone(),
    };
    let stats = play_match(&mut *a, &mut *b, &deals, &opts)?;
    Ok(if args.json {
        format!("{}\n", stats.to_json())
    } else {
        let how = if args.bidding {
            "full bidding"
        } else {
            "fixed landlord"
        };
        let source = match &args.deals_file {
            Some(p) => format!("deals from {}", p.display()),
            None => format!("seed {}", args.seed),
        };
        format!("paiju arena: {how}, {source}\n{}", stats.render())
    })
}
