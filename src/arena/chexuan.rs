//! Chexuan in the arena: A and B alternate round the table, and every deal
//! is played with that pattern turned (and its opposite) so each holds
//! each seat equally often. A game is a session of hands at one table: the
//! dealer and the mango pot carry from hand to hand, every bobo starts
//! each hand at the table's smallest (as `paiju simulate` plays), and the
//! pot left at the end is shared equally among the seats, as a table's
//! close shares it. Each hand is dealt from the deal's seed and its
//! number. Figures: A's chips per hand and per session, per seat it held.

use super::stats::{Measure, Score};
use super::{per_seat, Arena, LevelSpec, MatchOptions, Played};
use crate::ai::Bot;
use crate::games::chexuan::{Chexuan, ChexuanRules, HandSetup};
use crate::games::Game;

/// Hands a session lasts unless `--hands` says otherwise.
pub const SESSION_HANDS: usize = 10;

impl Arena for Chexuan {
    const BOTS: &'static str = "easy (basic), normal, hard, hard:<worlds>";

    fn measures(_opts: &MatchOptions<Self>) -> Vec<Measure> {
        vec![
            Measure::amount("chips_per_hand", "chips/hand"),
            Measure::amount("chips_per_session", "chips/session"),
        ]
    }

    fn score(run: &[Played<Self>], holders: &[usize], _opts: &MatchOptions<Self>) -> Option<Score> {
        let last = &run.last()?.game;
        let seats = last.seats();
        let pot_share = last.mango().pot as f64 / seats as f64;
        let mut total = vec![pot_share; seats];
        for p in run {
            for (s, d) in p.game.outcome()?.deltas.iter().enumerate() {
                total[s] += *d as f64;
            }
        }
        let session = per_seat(&total, holders);
        Some(Score {
            side: if holders[0] == 0 {
                "A deals first"
            } else {
                "B deals first"
            }
            .into(),
            values: vec![Some(session / run.len() as f64), Some(session)],
        })
    }

    fn default_seats(_rules: &ChexuanRules) -> usize {
        4
    }

    /// `hard:N`: the hard level dealing N worlds a decision.
    fn bot(spec: &str) -> Option<Box<dyn Bot<Self>>> {
        match LevelSpec::parse(spec)? {
            LevelSpec::HardWorlds(worlds) => Some(Box::new(crate::ai::chexuan::HardBot {
                worlds,
                exact: true,
            })),
            LevelSpec::Level(level) => {
                crate::ai::chexuan::prepare();
                Some(crate::ai::chexuan::bot(level))
            }
        }
    }

    /// The session's next hand: the dealer the last one names, its mango
    /// pot, every bobo at the smallest.
    fn next_hand(
        last: &Self,
        played: usize,
        opts: &MatchOptions<Self>,
        rng: &mut dyn rand::RngCore,
    ) -> Option<Self> {
        if played >= opts.hands {
            return None;
        }
        let setup = HandSetup {
            dealer: last.next_dealer()?,
            bobo: vec![opts.rules.min_bobo(); last.seats()],
            mango: last.mango(),
            mango_limit: Vec::new(),
        };
        Chexuan::new_hand(opts.rules.clone(), setup, rng).ok()
    }
}
