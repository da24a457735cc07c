//! `paiju simulate dou-dizhu`: whole games (bidding included) between bots.
//!
//! The games themselves are pure and seeded (one ChaCha8 RNG from `--seed`
//! deals every game and feeds the bots), so the same seed gives the same
//! figures. The caller (`crate::simulate`) times the run.

use super::ai::BasicBot;
use super::{DouDizhu, Rules};
use crate::ai::{AiKind, Bot, RandomBot};
use crate::games::Game;
use crate::record::RecordError;
use crate::simulate::{SimOptions, SimReport};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// Totals over a run of games.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SimStats {
    pub games: u64,
    pub redeals: u64,
    pub landlord_wins: u64,
    /// Sum of the multipliers of the games that were played out.
    pub multiplier_sum: u64,
    pub actions: u64,
}

fn bot(kind: AiKind) -> Box<dyn Bot<DouDizhu>> {
    match kind {
        AiKind::Random => Box::new(RandomBot),
        AiKind::Basic => Box::new(BasicBot),
    }
}

/// Plays one game to the end: `bidder` bids for every seat, then the
/// landlord plays with `landlord` and the farmers with `farmers`.
pub fn play_one(
    rules: &Rules,
    rng: &mut ChaCha8Rng,
    bidder: &mut dyn Bot<DouDizhu>,
    landlord: &mut dyn Bot<DouDizhu>,
    farmers: &mut dyn Bot<DouDizhu>,
) -> Result<DouDizhu, RecordError> {
    let mut game = DouDizhu::deal(rules.clone(), rules.players as usize, rng)?;
    while let Some(seat) = game.turn() {
        let legal = game.legal_actions(seat);
        let view = game.view(Some(seat));
        let who: &mut dyn Bot<DouDizhu> = match game.landlord() {
            None => &mut *bidder,
            Some(l) if l == seat => &mut *landlord,
            Some(_) => &mut *farmers,
        };
        let action = who.choose(&view, &legal, rng);
        game.apply(seat, &action)
            .map_err(|e| RecordError::Rules(format!("a bot made an illegal move: {e}")))?;
    }
    Ok(game)
}

/// Plays `games` games and adds them up.
pub fn run(
    rules: &Rules,
    games: u64,
    seed: u64,
    bidder: AiKind,
    landlord: AiKind,
    farmers: AiKind,
) -> Result<SimStats, RecordError> {
    rules.validate()?;
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let (mut b, mut l, mut f) = (bot(bidder), bot(landlord), bot(farmers));
    let mut stats = SimStats::default();
    for _ in 0..games {
        let game = play_one(rules, &mut rng, &mut *b, &mut *l, &mut *f)?;
        stats.games += 1;
        stats.actions += game.actions_applied() as u64;
        match game.outcome().expect("a finished game has an outcome") {
            super::Outcome::Redeal(_) => stats.redeals += 1,
            super::Outcome::Played(p) => {
                if p.winner == super::outcome::Side::Landlord {
                    stats.landlord_wins += 1;
                }
                stats.multiplier_sum += p.multiplier;
            }
            super::Outcome::Escaped(_) => {}
        }
    }
    Ok(stats)
}

pub fn simulate(opts: &SimOptions) -> Result<SimReport, RecordError> {
    let mut rules: Rules = serde_json::from_value(opts.rules.clone())
        .map_err(|e| RecordError::Rules(e.to_string()))?;
    match opts.players {
        None => {}
        Some(p @ (2 | 3)) => rules.players = p as u8,
        Some(p) => {
            return Err(RecordError::Seats(format!(
                "Dou Dizhu has 3 players, or 2 in the two-player variant, not {p}"
            )))
        }
    }
    let s = run(&rules, opts.games, opts.seed, opts.ai, opts.ai, opts.ai)?;
    let played = s.games - s.redeals;
    let pct = |n: u64, d: u64| {
        if d == 0 {
            "-".to_string()
        } else {
            format!("{:.1}%", 100.0 * n as f64 / d as f64)
        }
    };
    let mut r = SimReport {
        played: s.games,
        unit: "games",
        ..SimReport::default()
    };
    r.push("games", s.games);
    r.push("landlord win rate", pct(s.landlord_wins, played));
    r.push("redeal rate", pct(s.redeals, s.games));
    r.push(
        "average multiplier",
        if played == 0 {
            "-".to_string()
        } else {
            format!("{:.2}", s.multiplier_sum as f64 / played as f64)
        },
    );
    r.push(
        "average actions per game",
        format!("{:.1}", s.actions as f64 / s.games.max(1) as f64),
    );
    Ok(r)
}
