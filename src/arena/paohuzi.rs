//! Paohuzi in the arena: three seats, and every deal played six times: A
//! on one seat and B on the other two, each seat in turn, then the other
//! way round. Figures per seat A held: the share of hands won, the chips
//! (each other player pays the winner tun × fan) and the 放炮 rate (how
//! often a discard of the seat's fed the winner: taken by him, 碰 or 吃,
//! on his way to the win — nobody may win on a discard itself).

use super::stats::{Measure, Score};
use super::{per_seat, seats_of, Arena, LevelSpec, MatchOptions, Played};
use crate::ai::Bot;
use crate::games::paohuzi::{Event, Paohuzi, PaohuziRules};
use crate::games::{Game, Seat};

impl Arena for Paohuzi {
    const BOTS: &'static str = "easy (basic), normal, hard, hard:<worlds>";

    fn measures(_opts: &MatchOptions<Self>) -> Vec<Measure> {
        vec![
            Measure::rate("win", "win rate"),
            Measure::amount("chips", "chips/hand"),
            Measure::rate("fangpao", "放炮 rate"),
        ]
    }

    fn score(run: &[Played<Self>], holders: &[usize], _opts: &MatchOptions<Self>) -> Option<Score> {
        let played = run.first()?;
        let o = played.game.outcome()?;
        let mine = seats_of(holders, 0);
        let share = |hit: &dyn Fn(Seat) -> bool| {
            mine.iter().filter(|&&s| hit(s)).count() as f64 / mine.len().max(1) as f64
        };
        let fed = fed_the_win(&played.events);
        let deltas: Vec<f64> = o.deltas.iter().map(|&d| d as f64).collect();
        Some(Score {
            side: if mine.len() == 1 {
                "A on 1 seat"
            } else {
                "A on 2 seats"
            }
            .into(),
            values: vec![
                Some(share(&|s| o.winner == Some(s))),
                Some(per_seat(&deltas, holders)),
                Some(share(&|s| fed.contains(&s))),
            ],
        })
    }

    fn default_seats(_rules: &PaohuziRules) -> usize {
        crate::games::paohuzi::rules::SEATS
    }

    /// `hard:N`: the hard level sampling N worlds a discard. The hard
    /// level scores its worlds' hands by the default rules (no 名堂).
    fn bot(spec: &str) -> Option<Box<dyn Bot<Self>>> {
        match LevelSpec::parse(spec)? {
            LevelSpec::HardWorlds(worlds) => Some(Box::new(crate::ai::paohuzi::HardBot {
                worlds,
                ..Default::default()
            })),
            LevelSpec::Level(level) => Some(crate::ai::paohuzi::hand_bot(
                level,
                &PaohuziRules::default(),
            )),
        }
    }
}

/// The seats that fed the hand's winner (放炮): a discard of theirs the
/// winner took (碰 or 吃) on the way to the win. paiju's rules let nobody
/// win on a discard itself (rules/paohuzi.md), so a feed is how a discard
/// lets another win.
pub fn fed_the_win(events: &[Event]) -> Vec<Seat> {
    let Some(winner) = events.iter().find_map(|e| match e {
        Event::Won { seat, .. } => Some(*seat),
        _ => None,
    }) else {
        return Vec::new();
    };
    let mut fed = Vec::new();
    let mut last_discard: Option<Seat> = None;
    for e in events {
        match e {
            Event::Discarded { seat, .. } => last_discard = Some(*seat),
            Event::Drew { .. } => last_discard = None,
            Event::Peng { seat, .. } | Event::Chi { seat, .. } if *seat == winner => {
                if let Some(d) = last_discard.filter(|&d| d != winner) {
                    if !fed.contains(&d) {
                        fed.push(d);
                    }
                }
                last_discard = None;
            }
            _ => {}
        }
    }
    fed
}
