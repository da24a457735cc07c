//! Duan Guozi at a table: 2 to 12 seats around a shared pot.
//!
//! Each game (局) starts with every seat's ante held in the pot (the
//! ledger's escrow); the dealer deals each round (a button, or the bot
//! after the short bidding timer); once the pot is empty the game settles
//! as each seat's net 道 × chips per 道, and the next game starts at once
//! with a new ante ([`TableGame::plays_on`]).
//!
//! Joining and leaving happen between rounds only, as the rules say. No
//! one decides anything inside a round, so a leaver's seat stays dealt in
//! until the pot is empty (the bot deals for it when it is the dealer: the
//! reading closest to the seed, where every player at the table is dealt
//! every round of the 局), and it is dropped before the next game; a
//! newcomer waits for the next game. When the table closes mid-game (every
//! player left, an admin cancelled), each seat keeps what it won and the
//! pot is shared back among the game's seats in equal parts, a remainder
//! chip to the earliest seats.

use crate::games::duan_guozi::{chips, DuanGuozi, Rules};
use crate::games::{ErrorCode, Game, RuleError};
use crate::table::kind::{Money, Payout, TableGame, TimerKind};
use std::ops::RangeInclusive;

/// Chips per 道 at a table of this stake (`None` if the stake is not positive).
fn chips_per_dao(rules: &Rules, stake: i64) -> Option<i64> {
    let stake = u64::try_from(stake).ok()?;
    i64::try_from(rules.chips_per_dao(stake)).ok()
}

/// 道 × chips per 道, or `None` on overflow.
fn to_chips(dao: &[i64], per_dao: i64) -> Option<Vec<i64>> {
    dao.iter().map(|d| d.checked_mul(per_dao)).collect()
}

fn winners(deltas: &[i64]) -> Vec<usize> {
    (0..deltas.len()).filter(|&s| deltas[s] > 0).collect()
}

impl TableGame for DuanGuozi {
    const MONEY: Money = Money::Pot;

    fn seat_range(_rules: &Rules) -> RangeInclusive<usize> {
        crate::games::duan_guozi::rules::MIN_SEATS..=crate::games::duan_guozi::rules::MAX_SEATS
    }

    /// One game's ante into the pot, at its smallest over the table sizes
    /// (the pot entry is what a game costs at most before its rounds);
    /// the start then holds the ante for the actual number of seats.
    fn min_balance(rules: &Rules, stake: i64) -> i64 {
        let per_dao = chips_per_dao(rules, stake).unwrap_or(i64::MAX);
        let smallest = (crate::games::duan_guozi::rules::MIN_SEATS
            ..=crate::games::duan_guozi::rules::MAX_SEATS)
            .map(|n| i64::from(rules.ante_for(n)))
            .min()
            .unwrap_or(1);
        smallest.saturating_mul(per_dao)
    }

    fn check_options(rules: &Rules, stake: i64) -> Result<(), RuleError> {
        rules.check()?;
        let overflow = || {
            RuleError::new(
                ErrorCode::IllegalAction,
                crate::keys::ERR_OPTION_OVERFLOW,
                "the ante × chips per 道 is too large",
            )
        };
        // The biggest pot this table can hold must fit in chips.
        let per_dao = chips_per_dao(rules, stake).ok_or_else(overflow)?;
        let max_seats = crate::games::duan_guozi::rules::MAX_SEATS;
        let biggest = (1..=max_seats)
            .map(|n| i64::from(rules.ante_for(n)) * n as i64)
            .max()
            .unwrap_or(0);
        biggest.checked_mul(per_dao).ok_or_else(overflow)?;
        Ok(())
    }

    /// Dealing is a short wait: the dealer's turn runs on the bidding timer.
    fn timer_kind(&self) -> TimerKind {
        TimerKind::Bidding
    }

    fn payout(&self, stake: i64) -> Option<Payout> {
        let outcome = self.outcome()?;
        let deltas = to_chips(&outcome.deltas, chips_per_dao(self.rules(), stake)?)?;
        Some(Payout {
            winners: winners(&deltas),
            deltas,
            rake_percent: 0,
        })
    }

    fn pot_entry(&self, stake: i64) -> Option<Vec<i64>> {
        let ante = i64::from(self.state().ante());
        let chips = ante.checked_mul(chips_per_dao(self.rules(), stake)?)?;
        Some(vec![chips; self.seats()])
    }

    fn close_payout(&self, stake: i64) -> Option<Payout> {
        let per_dao = chips_per_dao(self.rules(), stake)?;
        let mut deltas = to_chips(&self.state().deltas(), per_dao)?;
        let pot = u64::try_from(i64::from(self.state().pot()).checked_mul(per_dao)?).ok()?;
        let players: Vec<usize> = (0..self.seats()).collect();
        for refund in chips::refund_moves(pot, &players) {
            let share = i64::try_from(refund.seat_delta()).ok()?;
            let d = &mut deltas[refund.seat()];
            *d = d.checked_add(share)?;
        }
        Some(Payout {
            winners: winners(&deltas),
            deltas,
            rake_percent: 0,
        })
    }

    fn plays_on(_rules: &Rules) -> bool {
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::duan_guozi::Action;
    use rand::SeedableRng;

    fn game(seats: usize, rules: Rules) -> DuanGuozi {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seats as u64);
        DuanGuozi::deal(rules, seats, &mut rng).unwrap()
    }

    #[test]
    fn the_pot_entry_is_the_ante_in_chips() {
        assert_eq!(game(3, Rules::default()).pot_entry(5), Some(vec![100; 3]));
        assert_eq!(game(6, Rules::default()).pot_entry(5), Some(vec![50; 6]));
        let rules = Rules {
            ante: Some(3),
            chips_per_dao: Some(7),
            ..Rules::default()
        };
        assert_eq!(game(2, rules).pot_entry(1000), Some(vec![21, 21]));
        assert_eq!(game(2, Rules::default()).pot_entry(i64::MAX), None);
    }

    #[test]
    fn closing_before_any_round_gives_every_ante_back() {
        let g = game(4, Rules::default());
        let p = g.close_payout(2).unwrap();
        assert_eq!(p.deltas, vec![0; 4]);
        assert!(p.winners.is_empty());
    }

    #[test]
    fn closing_mid_game_keeps_the_winnings_and_shares_the_pot() {
        let mut g = game(5, Rules::default());
        let mut closes = 0;
        while !g.is_finished() {
            let p = g.close_payout(3).unwrap();
            assert_eq!(p.deltas.iter().sum::<i64>(), 0, "no chip created or lost");
            // Equal shares: the refund part differs by at most one chip.
            let won: Vec<i64> = g.state().deltas().iter().map(|d| d * 3).collect();
            let shares: Vec<i64> = p.deltas.iter().zip(&won).map(|(a, b)| a - b).collect();
            let (lo, hi) = (shares.iter().min().unwrap(), shares.iter().max().unwrap());
            assert!(hi - lo <= 1, "{shares:?}");
            assert!(
                shares.windows(2).all(|w| w[0] >= w[1]),
                "remainder to the earliest seats"
            );
            closes += 1;
            let dealer = g.waiting_on()[0];
            g.apply(dealer, &Action::Deal).unwrap();
        }
        assert!(closes > 0);
        let p = g.payout(3).unwrap();
        assert_eq!(p.deltas.iter().sum::<i64>(), 0);
        assert_eq!(
            p.deltas,
            g.outcome()
                .unwrap()
                .deltas
                .iter()
                .map(|d| d * 3)
                .collect::<Vec<_>>()
        );
    }

    #[test]
    fn options_that_overflow_are_refused() {
        let rules = Rules {
            ante: Some(100_000),
            ..Rules::default()
        };
        assert!(DuanGuozi::check_options(&rules, 1_000_000).is_ok());
        assert!(DuanGuozi::check_options(&rules, i64::MAX / 2).is_err());
        assert_eq!(DuanGuozi::seat_range(&rules), 2..=12);
        assert!(DuanGuozi::plays_on(&rules));
    }
}
