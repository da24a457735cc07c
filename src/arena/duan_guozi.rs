//! Duan Guozi in the arena. Nobody decides anything in a game (一锅子):
//! the dealer's only action deals the next round, so the game is all luck
//! and the arena's rotation cancels it exactly — A's chips come out at 0
//! whatever plays, which checks the harness, and an external bot sees the
//! protocol's every message. A and B alternate round the table, the
//! pattern turned; figures per seat A held: chips (道) per round and per
//! game.

use super::stats::{Measure, Score};
use super::{per_seat, Arena, MatchOptions, Played};
use crate::ai::{Bot, RandomBot};
use crate::games::duan_guozi::{DuanGuozi, Rules};
use crate::games::Game;

impl Arena for DuanGuozi {
    const BOTS: &'static str = "basic (it deals)";

    fn measures(_opts: &MatchOptions<Self>) -> Vec<Measure> {
        vec![
            Measure::amount("chips_per_hand", "道/round"),
            Measure::amount("chips_per_session", "道/game"),
        ]
    }

    fn score(run: &[Played<Self>], holders: &[usize], _opts: &MatchOptions<Self>) -> Option<Score> {
        let o = run.first()?.game.outcome()?;
        let deltas: Vec<f64> = o.deltas.iter().map(|&d| d as f64).collect();
        let game = per_seat(&deltas, holders);
        Some(Score {
            side: if holders[0] == 0 {
                "A on seat 1"
            } else {
                "B on seat 1"
            }
            .into(),
            values: vec![Some(game / o.rounds.len().max(1) as f64), Some(game)],
        })
    }

    fn default_seats(_rules: &Rules) -> usize {
        4
    }

    /// Every level deals: the one legal action.
    fn bot(spec: &str) -> Option<Box<dyn Bot<Self>>> {
        match spec {
            "basic" => Some(Box::new(RandomBot)),
            _ => None,
        }
    }
}
