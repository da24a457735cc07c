//! Settlement at the showdown (尾大吃皮), exactly as `rules/chexuan.md`
//! gives it: rank the players still in by tail, the big tail takes every
//! ante, then each player in that order takes from those he beats, in seat
//! order from the dealer, at most his own bet from each; everyone gets back
//! what is left of his bet. Pure arithmetic on the hand's final state.

use super::hands::{Split, Versus};
use crate::games::Seat;
use serde::Serialize;
use std::cmp::Reverse;

/// Where a seat stands when the hand is settled.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Standing {
    /// Folded: beaten by every player still in.
    Folded,
    /// Laid down 三花: gets the whole contribution back, nothing else.
    LaidDown,
    /// Still in, with the split shown at the showdown.
    Shown(Split),
}

/// One pairwise comparison at the showdown, from `seat`'s side.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PairResult {
    pub seat: Seat,
    pub other: Seat,
    pub result: Versus,
}

/// What the showdown settles: the chips each seat takes out of the hand
/// (its own contribution included), and who ranks where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShowdownSettlement {
    /// The players still in, by tail, highest first (then head, then seat
    /// order from the dealer).
    pub order: Vec<Seat>,
    /// The first of `order`: takes the antes and deals next.
    pub big_tail: Seat,
    /// Chips each seat takes from the hand pot; they sum to the pot.
    pub payouts: Vec<u64>,
    /// Every pair of players still in, the earlier seat from the dealer first.
    pub results: Vec<PairResult>,
    /// The player with the strictly highest tail, who takes the mango pot.
    pub mango_winner: Option<Seat>,
}

/// Seats in order from the dealer: the dealer, then the next seats round.
pub fn seats_from(dealer: Seat, seats: usize) -> impl Iterator<Item = Seat> {
    (0..seats).map(move |i| (dealer + i) % seats)
}

/// Settles a showdown. `contributions` include the ante; every standing
/// `Shown` split is assumed legal (the engine checked it).
pub fn settle_showdown(
    ante: u64,
    dealer: Seat,
    contributions: &[u64],
    standing: &[Standing],
) -> ShowdownSettlement {
    let n = contributions.len();
    let from_dealer: Vec<Seat> = seats_from(dealer, n).collect();
    let position = |s: Seat| (s + n - dealer) % n;
    let split = |s: Seat| match standing[s] {
        Standing::Shown(sp) => Some(sp),
        _ => None,
    };

    let mut order: Vec<Seat> = from_dealer
        .iter()
        .copied()
        .filter(|&s| split(s).is_some())
        .collect();
    order.sort_by_key(|&s| {
        let sp = split(s).expect("shown");
        (
            Reverse(sp.tail_kind().strength()),
            Reverse(sp.head_kind().strength()),
            position(s),
        )
    });
    let big_tail = order[0];

    let mut results = Vec::new();
    for (i, &a) in from_dealer.iter().enumerate() {
        for &b in &from_dealer[i + 1..] {
            if let (Some(sa), Some(sb)) = (split(a), split(b)) {
                results.push(PairResult {
                    seat: a,
                    other: b,
                    result: sa.versus(&sb),
                });
            }
        }
    }

    let mut payouts = vec![0u64; n];
    // 吃皮: the big tail takes every ante, folded players' too; a 三花 lay-down
    // takes his whole contribution back instead.
    for s in 0..n {
        if standing[s] == Standing::LaidDown {
            payouts[s] += contributions[s];
        } else {
            payouts[big_tail] += ante.min(contributions[s]);
        }
    }
    // Bets beyond the ante: c is what each put in, r what is left of it.
    let bet: Vec<u64> = (0..n)
        .map(|s| match standing[s] {
            Standing::LaidDown => 0,
            _ => contributions[s].saturating_sub(ante),
        })
        .collect();
    let mut left = bet.clone();
    for &w in &order {
        let sw = split(w).expect("shown");
        for &l in &from_dealer {
            if l == w {
                continue;
            }
            let beaten = match standing[l] {
                Standing::Folded => true,
                Standing::LaidDown => false,
                Standing::Shown(sl) => sw.versus(&sl) == Versus::Win,
            };
            if beaten {
                let x = left[l].min(bet[w]);
                left[l] -= x;
                payouts[w] += x;
            }
        }
    }
    for s in 0..n {
        payouts[s] += left[s];
    }

    // The mango pot goes to a strictly highest tail only.
    let top = split(big_tail).expect("shown").tail_kind().strength();
    let tops = order
        .iter()
        .filter(|&&s| split(s).expect("shown").tail_kind().strength() == top)
        .count();
    ShowdownSettlement {
        order,
        big_tail,
        payouts,
        results,
        mango_winner: (tops == 1).then_some(big_tail),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::Card;

    fn sp(head: [&str; 2], tail: [&str; 2]) -> Standing {
        let c = |s: &str| s.parse::<Card>().unwrap();
        Standing::Shown(Split {
            head: [c(head[0]), c(head[1])],
            tail: [c(tail[0]), c(tail[1])],
        })
    }

    #[test]
    fn the_example_hand() {
        // tests/records/chexuan/chexuan-three-players.json, before mango.
        let s = settle_showdown(
            10,
            1,
            &[50, 50, 10],
            &[
                sp(["2H", "8H"], ["JC", "7H"]),
                sp(["8S", "8C"], ["5S", "4D"]),
                Standing::Folded,
            ],
        );
        assert_eq!(s.order, vec![1, 0]);
        assert_eq!(s.big_tail, 1);
        assert_eq!(s.payouts, vec![0, 110, 0]);
        assert_eq!(s.mango_winner, Some(1));
    }

    #[test]
    fn a_winner_takes_at_most_his_own_bet_from_each_loser() {
        // Seat 0 wins everything but bet only 20 beyond the ante; seat 1 bet
        // 90 and loses to seat 0 but beats seat 2.
        let s = settle_showdown(
            10,
            0,
            &[30, 100, 100],
            &[
                sp(["QH", "QD"], ["2H", "2D"]),
                sp(["8H", "8D"], ["4H", "4D"]),
                sp(["5S", "5C"], ["9S", "8S"]),
            ],
        );
        assert_eq!(s.order, vec![0, 1, 2]);
        // Antes 30 to seat 0; seat 0 takes 20 from 1 and 20 from 2; seat 1
        // takes 70 from seat 2; seat 1 gets back 70.
        assert_eq!(s.payouts, vec![30 + 20 + 20 + 20, 70 + 70, 0]);
        assert_eq!(s.payouts.iter().sum::<u64>(), 230);
    }

    #[test]
    fn equal_tails_rank_by_head_then_seat_from_the_dealer_and_keep_the_mango() {
        let s = settle_showdown(
            10,
            2,
            &[10, 10, 10],
            &[
                sp(["8H", "8D"], ["TS", "TC"]),
                sp(["QH", "QD"], ["4S", "4C"]),
                sp(["2H", "2D"], ["6S", "6C"]),
            ],
        );
        // All tails equal (梅十 = 板凳 = 长三): heads 天 > 地 > 人.
        assert_eq!(s.order, vec![1, 2, 0]);
        assert_eq!(s.mango_winner, None);
        assert_eq!(s.payouts, vec![0, 30, 0]);
    }
}
