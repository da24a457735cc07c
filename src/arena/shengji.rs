//! Shengji in the arena: A holds one team (seats 1 + 3, 0-based 0 + 2), B
//! the other, and every deal is played twice, teams swapped. A game is a
//! table hand (the match's first: both teams at 2, declaring open), or
//! with `--matches` a whole match, hand after hand until a team wins it;
//! each hand of a match is dealt from the deal's seed and its number, so
//! both games of a deal see the same decks while their scores agree.
//!
//! The hands are played as a table deals them ([`ShengjiTable`] with no AI
//! seat): the cards arrive in batches, and a seat holding a declaration is
//! asked whether to make it (`pass` turns it down); the batches and the
//! declare window's end are the arena's own steps.

use super::stats::{Measure, Score};
use super::{Arena, LevelSpec, MatchOptions, Played};
use crate::ai::{Bot, Level};
use crate::games::shengji::{ShengjiOutcome, ShengjiRules, ShengjiTable, TableAction};
use crate::games::{Game, Seat};

/// The hands a match may last in the arena before it is cut short.
const MATCH_HANDS: usize = 500;

impl Arena for ShengjiTable {
    const BOTS: &'static str = "easy (basic), normal, hard, hard:<worlds>";

    fn measures(opts: &MatchOptions<Self>) -> Vec<Measure> {
        let mut m = Vec::new();
        if opts.matches {
            m.push(Measure::rate("matches_won", "matches won"));
        }
        m.extend([
            Measure::rate("hands_won", "hands won"),
            Measure::amount("levels", "levels up/hand"),
            Measure::amount("net_levels", "A-B levels/hand"),
            Measure::amount("attack_points", "pts attacking"),
        ]);
        m
    }

    /// Per hand: A's team won it (kept the bank, or took it as
    /// attackers), the levels A's team went up, that less B's, and the
    /// points A's team took when it attacked; a match's figures are its
    /// hands' means, and whether A's team won it.
    fn score(run: &[Played<Self>], holders: &[usize], opts: &MatchOptions<Self>) -> Option<Score> {
        let a_team = holders.iter().position(|&h| h == 0)? % 2;
        let outcomes: Vec<ShengjiOutcome> = run.iter().filter_map(|p| p.game.outcome()).collect();
        let n = outcomes.len().max(1) as f64;
        let mut won = 0.0;
        let mut levels = 0.0;
        let mut net = 0.0;
        let mut attacks = Vec::new();
        for o in &outcomes {
            let a_banker = o.banker % 2 == a_team;
            won += f64::from(u8::from(a_banker == o.banker_kept));
            let (a, b) = (o.deltas[a_team], o.deltas[1 - a_team]);
            levels += a as f64;
            net += (a - b) as f64;
            if !a_banker {
                attacks.push(o.points as f64);
            }
        }
        let mut values = Vec::new();
        if opts.matches {
            let winner = outcomes.last().and_then(|o| o.match_winner);
            values.push(winner.map(|w| f64::from(u8::from(w == a_team))));
        }
        values.extend([
            Some(won / n),
            Some(levels / n),
            Some(net / n),
            (!attacks.is_empty()).then(|| attacks.iter().sum::<f64>() / attacks.len() as f64),
        ]);
        let side = if opts.matches {
            if a_team == 0 {
                "seats 1+3"
            } else {
                "seats 2+4"
            }
        } else {
            match outcomes.first() {
                Some(o) if o.banker % 2 == a_team => "bankers",
                _ => "attackers",
            }
        };
        Some(Score {
            side: side.into(),
            values,
        })
    }

    fn default_seats(_rules: &ShengjiRules) -> usize {
        crate::games::shengji::rules::SEATS
    }

    /// `hard:N`: the hard level playing N worlds a decision.
    fn bot(spec: &str) -> Option<Box<dyn Bot<Self>>> {
        match LevelSpec::parse(spec)? {
            LevelSpec::HardWorlds(worlds) => Some(crate::ai::shengji::table_bot(
                Level::Hard,
                Box::new(crate::ai::shengji::HardBot {
                    worlds,
                    ..Default::default()
                }),
            )),
            LevelSpec::Level(level) => Some(crate::ai::shengji::bot(level)),
        }
    }

    /// With `--matches`, the match's next hand until a team wins it.
    fn next_hand(
        last: &Self,
        played: usize,
        opts: &MatchOptions<Self>,
        rng: &mut dyn rand::RngCore,
    ) -> Option<Self> {
        if !opts.matches || played >= MATCH_HANDS {
            return None;
        }
        last.next_hand(rng)
    }

    /// The table's batches of the deal and the end of the declare window,
    /// once nobody is asked about a declaration.
    fn auto_step(&self, _opts: &MatchOptions<Self>) -> Option<(Seat, TableAction)> {
        let step = self.table_step()?;
        Some((self.hand().prospective_banker(), step))
    }
}
