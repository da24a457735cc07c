//! An exact solver of Dou Dizhu endgames with every hand known: does the
//! landlord win, with both sides playing perfectly from here?
//!
//! The `hard` bot ([`super::search`]) plays each candidate out in worlds
//! it samples; near the end of a game a rollout by the `normal` bot at
//! every seat misjudges exactly the positions where one play decides the
//! game (who gets the lead back, which pair is the last one out). When a
//! world has few cards left, [`Solver`] searches it to the end instead:
//! an AND/OR search (the seat to move wants its own side to win) over the
//! plays [`for_each_play`] generates, with a table of the
//! positions already decided. Suits do not matter in the classic game, so
//! hands are kept as rank counts (each rank's cards as its lowest bits),
//! and positions that differ only in suits are one entry.
//!
//! The search counts the positions it opens and gives up past a limit, so
//! its cost is bounded; the caller then falls back on a rollout. The value
//! is the winner only: the bombs played in the endgame do not change who
//! wins, and a win/loss search cuts off far more than a points one.

use super::cardset::CardSet;
use super::patterns::{for_each_play, Combo, Move, PatternRules, RANKS};
use rustc_hash::FxHashMap;

/// A position of the play with every hand known.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    /// The hands, by seat, in rank-count form ([`by_ranks`]).
    pub hands: [CardSet; 3],
    /// The seat to move.
    pub turn: u8,
    /// The play to beat and its player; `None` when `turn` leads.
    pub standing: Option<(u8, Combo)>,
}

/// `cards` with each rank's cards replaced by that rank's lowest bits: the
/// same ranks and counts, one set per count pattern.
pub fn by_ranks(cards: CardSet) -> CardSet {
    let mut out = 0u64;
    for r in 0..RANKS {
        let n = cards.nibble(r).count_ones();
        out |= ((1u64 << n) - 1) << (4 * r);
    }
    CardSet(out)
}

/// A three-player endgame solver for one world (its table is only valid
/// for one landlord and one set of pattern rules).
pub struct Solver {
    landlord: u8,
    rules: PatternRules,
    decided: FxHashMap<Position, bool>,
    opened: u32,
    limit: u32,
}

impl Solver {
    /// A solver that opens at most `limit` positions over its life.
    pub fn new(landlord: usize, rules: PatternRules, limit: u32) -> Solver {
        Solver {
            landlord: landlord as u8,
            rules,
            decided: FxHashMap::default(),
            opened: 0,
            limit,
        }
    }

    /// Positions opened so far.
    pub fn opened(&self) -> u32 {
        self.opened
    }

    /// Does the landlord win from `p` with perfect play by everyone?
    /// `None` when the search passed its limit.
    pub fn landlord_wins(&mut self, p: &Position) -> Option<bool> {
        if let Some(&v) = self.decided.get(p) {
            return Some(v);
        }
        self.opened += 1;
        if self.opened > self.limit {
            return None;
        }
        let me = p.turn as usize;
        let mine = p.hands[me];
        // The side of the seat to move wins when this is true of the result.
        let want = p.turn == self.landlord;
        let mut plays: Vec<Move> = Vec::new();
        for_each_play(mine, p.standing.map(|(_, c)| c), &self.rules, |m| {
            plays.push(m)
        });
        if plays.iter().any(|m| m.cards == mine) {
            self.decided.insert(*p, want);
            return Some(want);
        }
        // Big plays first: they shed the most and end the game soonest, so
        // a winning line tends to come early and cut the rest off.
        plays.sort_by_key(|m| (std::cmp::Reverse(m.combo.size), m.combo.main));
        let next = ((me + 1) % 3) as u8;
        let pass = p.standing.map(|(seat, _)| Position {
            hands: p.hands,
            turn: next,
            standing: if next == seat { None } else { p.standing },
        });
        // Letting a partner's play stand is usually right: try it first.
        let partner_stands = p
            .standing
            .is_some_and(|(seat, _)| seat != p.turn && (seat == self.landlord) == want);
        if partner_stands {
            if let Some(q) = &pass {
                if self.landlord_wins(q)? == want {
                    self.decided.insert(*p, want);
                    return Some(want);
                }
            }
        }
        for m in &plays {
            let mut hands = p.hands;
            hands[me] = by_ranks(mine.minus(m.cards));
            let q = Position {
                hands,
                turn: next,
                standing: Some((p.turn, m.combo)),
            };
            if self.landlord_wins(&q)? == want {
                self.decided.insert(*p, want);
                return Some(want);
            }
        }
        if !partner_stands {
            if let Some(q) = &pass {
                if self.landlord_wins(q)? == want {
                    self.decided.insert(*p, want);
                    return Some(want);
                }
            }
        }
        self.decided.insert(*p, !want);
        Some(!want)
    }
}

#[cfg(test)]
mod tests {
    use super::super::patterns::tests::counts;
    use super::*;

    /// A hand from bare ranks ("3344", "SJBJ"), in rank-count form.
    fn hand(s: &str) -> CardSet {
        let mut out = 0u64;
        for (r, &n) in counts(s).iter().enumerate() {
            out |= ((1u64 << n) - 1) << (4 * r);
        }
        CardSet(out)
    }

    fn solve(hands: [&str; 3], turn: u8) -> Option<bool> {
        let p = Position {
            hands: hands.map(hand),
            turn,
            standing: None,
        };
        Solver::new(0, PatternRules::CLASSIC, 100_000).landlord_wins(&p)
    }

    #[test]
    fn rank_form_keeps_ranks_and_counts() {
        let a = hand("3 3 K");
        let deck = CardSet::full_deck();
        // Any two 3s (rank 0's nibble) and any king (rank 10's) read the same.
        let king = 10 * 4;
        let some = CardSet(deck.0 & (0b0110 | (0b1000 << king)));
        assert_eq!(by_ranks(some), a);
        assert_eq!(by_ranks(a), a);
    }

    #[test]
    fn a_hand_that_goes_out_at_once_wins() {
        assert_eq!(solve(["3 4 5 6 7", "2", "A"], 0), Some(true));
        assert_eq!(solve(["3 9", "4 4", "A"], 1), Some(false));
    }

    #[test]
    fn the_landlord_leading_two_singles_loses_to_a_higher_single() {
        // Whatever the landlord leads, a farmer's 2 takes the lead and the
        // farmer goes out with the 2 and then nothing left: 2 is its only card.
        assert_eq!(solve(["3 4", "2", "5"], 0), Some(false));
    }

    #[test]
    fn the_landlord_wins_by_leading_the_right_card_first() {
        // Lead the 2 (nothing beats it), then the 3: out. Leading the 3
        // first lets a farmer's K go out.
        assert_eq!(solve(["3 2", "K", "4"], 0), Some(true));
    }

    #[test]
    fn farmers_let_each_other_through() {
        // Farmer 2 played a 6 and the landlord passed. Beating it with the
        // 7 or the 8 hands the lead to the landlord's 2, then its pair of
        // 5s goes out; farmer 1 passing lets farmer 2 lead its pair of 3s
        // and go out: the farmers win.
        let p = Position {
            hands: [hand("2 5 5"), hand("7 8"), hand("3 3")],
            turn: 1,
            standing: Some((2, Combo::new(super::super::patterns::Kind::Single, 3, 1))),
        };
        let mut s = Solver::new(0, PatternRules::CLASSIC, 100_000);
        assert_eq!(s.landlord_wins(&p), Some(false));
        // Had farmer 1 to beat it, the landlord would win.
        let beaten = Position {
            hands: [hand("2 5 5"), hand("8"), hand("3 3")],
            turn: 0,
            standing: Some((1, Combo::new(super::super::patterns::Kind::Single, 4, 1))),
        };
        assert_eq!(s.landlord_wins(&beaten), Some(true));
    }

    #[test]
    fn a_search_past_its_limit_gives_up() {
        let p = Position {
            hands: [
                // Singles that chain into nothing: many plays, no quick out.
                hand("3 5 7 9 J K"),
                hand("4 6 8 T Q A"),
                hand("3 5 7 9 J K"),
            ],
            turn: 0,
            standing: None,
        };
        let mut s = Solver::new(0, PatternRules::CLASSIC, 5);
        assert_eq!(s.landlord_wins(&p), None);
        assert!(s.opened() > 5);
        // With room, the same position is decided.
        assert!(Solver::new(0, PatternRules::CLASSIC, 1_000_000)
            .landlord_wins(&p)
            .is_some());
    }
}
