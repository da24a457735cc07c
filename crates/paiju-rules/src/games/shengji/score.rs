//! Scoring a hand: the attackers' points (tricks, the kitty with its
//! multiplier, throw penalties), the level table, the next banker and the
//! match goal (`rules/shengji.md`, "Scoring a hand").

use super::engine::{trump_name, Playing};
use super::order::points_of;
use super::play::Lead;
use super::rules::{team, Goal, KittyMultiplier, ShengjiDeal, ShengjiRules, SEATS};
use crate::games::Seat;
use serde::{Deserialize, Serialize};

/// The level of an ace: levels never go beyond it.
pub const ACE: u8 = 14;

/// How a hand ended. `paiju replay` prints it as the outcome.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ShengjiOutcome {
    pub banker: Seat,
    /// `S`, `H`, `C`, `D` or `none`.
    pub trump: String,
    /// The attackers' points, kitty and penalties included.
    pub points: i64,
    /// Points of the buried cards, before any multiplier.
    pub kitty_points: i64,
    /// 0 when the attackers did not win the last trick.
    pub kitty_multiplier: i64,
    /// Points the attackers took in tricks.
    pub trick_points: i64,
    /// Throw penalties (+ for the attackers, − against them).
    pub penalty_points: i64,
    pub next_banker: Seat,
    /// Both teams' levels after the hand (team 0 = seats 0 + 2).
    pub levels: [u8; 2],
    /// Levels the result gives each seat's team, per seat, before the cap at A.
    pub deltas: Vec<i64>,
    /// Whether the banker side kept the bank.
    pub banker_kept: bool,
    /// The team that won the match with this hand, if any.
    pub match_winner: Option<usize>,
}

/// Levels the banker side and the attackers go up for `points` at `step`.
pub fn level_change(points: i64, step: i64) -> (i64, i64) {
    if points <= 0 {
        (3, 0)
    } else if points < step {
        (2, 0)
    } else if points < 2 * step {
        (1, 0)
    } else {
        (0, (points - 2 * step) / step)
    }
}

/// The kitty multiplier for attackers winning the last trick led by `lead`.
pub fn kitty_multiplier(rule: KittyMultiplier, lead: &Lead) -> i64 {
    match rule {
        KittyMultiplier::Power => 1 << lead.largest_unit().min(6),
        KittyMultiplier::Double => 2,
    }
}

/// Settles the hand once the last trick is taken (`last_lead` led it).
pub fn settle(
    rules: &ShengjiRules,
    deal: &ShengjiDeal,
    p: &Playing,
    last_lead: &Lead,
) -> ShengjiOutcome {
    let banker = p.settled.banker;
    let bteam = team(banker);
    let last = p.tricks.last().expect("a finished hand has tricks");
    let kitty_points = points_of(&p.settled.buried);
    // With four decks there is no kitty: nothing to multiply, reported as 0.
    let multiplier = if team(last.winner) != bteam && rules.kitty_size() > 0 {
        kitty_multiplier(rules.kitty_multiplier, last_lead)
    } else {
        0
    };
    let points = p.trick_points + kitty_points * multiplier + p.penalty;
    let (up_banker, up_attackers) = level_change(points, rules.step());
    let kept = points < 2 * rules.step();
    let deltas: Vec<i64> = (0..SEATS)
        .map(|s| {
            if team(s) == bteam {
                up_banker
            } else {
                up_attackers
            }
        })
        .collect();
    let mut levels = deal.levels;
    for (t, level) in levels.iter_mut().enumerate() {
        let up = if t == bteam { up_banker } else { up_attackers };
        *level = (*level as i64 + up).min(ACE as i64) as u8;
    }
    let match_winner = match rules.goal {
        Goal::ReachA => (0..2).find(|&t| levels[t] == ACE && deal.levels[t] < ACE),
        Goal::PassA => (kept && deal.levels[bteam] == ACE).then_some(bteam),
    };
    ShengjiOutcome {
        banker,
        trump: trump_name(p.settled.trump).to_string(),
        points,
        kitty_points,
        kitty_multiplier: multiplier,
        trick_points: p.trick_points,
        penalty_points: p.penalty,
        next_banker: if kept {
            (banker + 2) % SEATS
        } else {
            (banker + 1) % SEATS
        },
        levels,
        deltas,
        banker_kept: kept,
        match_winner,
    }
}

#[cfg(test)]
mod tests {
    use super::{kitty_multiplier, level_change};
    use crate::cards::{parse_cards, Rank, Suit};
    use crate::games::shengji::order::Order;
    use crate::games::shengji::play::Lead;
    use crate::games::shengji::KittyMultiplier;

    /// 2^N for the largest unit of the last lead, at most 64 (seed 3.3.5:
    /// 4455 ×16, 444555 and 445566 ×64); a throw counts its largest unit.
    #[test]
    fn the_power_multiplier_is_capped_at_64() {
        let o = Order::new(Rank::Ten, Some(Suit::Hearts), false, false);
        let m = |s: &str, w: u8| {
            let cards = parse_cards(&s.split_whitespace().collect::<Vec<_>>()).unwrap();
            kitty_multiplier(KittyMultiplier::Power, &Lead::new(&o, 1, &cards, w))
        };
        assert_eq!(m("4S 4S 5S 5S", 2), 16);
        assert_eq!(m("4S 4S 5S 5S 6S 6S", 2), 64);
        assert_eq!(m("4S 4S 4S 5S 5S 5S", 3), 64);
        assert_eq!(m("4S 4S 5S 5S 6S 6S 7S 7S", 2), 64);
        assert_eq!(m("5S 5S 5S", 3), 8);
        assert_eq!(m("AS KS QS JS 9S 8S 7S 7S", 2), 4);
        assert_eq!(m("AS AS JS JS", 2), 4);
        assert_eq!(m("AS KS QS JS", 2), 2);
    }

    #[test]
    fn the_level_table_with_two_decks() {
        for (p, want) in [
            (-10, (3, 0)),
            (0, (3, 0)),
            (5, (2, 0)),
            (35, (2, 0)),
            (40, (1, 0)),
            (75, (1, 0)),
            (80, (0, 0)),
            (115, (0, 0)),
            (120, (0, 1)),
            (160, (0, 2)),
            (200, (0, 3)),
            (240, (0, 4)),
        ] {
            assert_eq!(level_change(p, 40), want, "{p}");
        }
    }
}
