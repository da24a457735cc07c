//! Settlement arithmetic, pure: turns the chip deltas a game reports into the
//! chips each seat really pays or receives, under the rules' "Chips" section.
//!
//! A loser pays at most its cap (what it had when the game started). When it
//! cannot pay in full it pays everything it may, and that is shared among the
//! seats it owed in proportion to what each was owed, rounded down, the
//! remainder going one chip at a time to the earliest of those seats in seat
//! order; they get no more from it.
//!
//! Who owes whom: a game reports only one delta per seat. When there is one
//! loser or one winner (every Dou Dizhu hand) that decides it. With several of
//! each, every loser owes every winner in proportion to the winner's share of
//! all winnings (`loss × win / total`); the whole-chip rounding of that table
//! keeps every row and column sum exact, the leftover chips placed in seat
//! order.
//!
//! AI seats (no cap, `None`) are played by the house: they always pay in full,
//! and what flows between a human and an AI seat is reported apart
//! ([`SeatFlow::house`]) so the ledger can mint or burn it.

/// Why a set of deltas cannot be settled.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ShareError {
    /// The deltas and the caps do not have one entry per seat.
    SeatCount { deltas: usize, caps: usize },
    /// The deltas do not sum to zero.
    NotZeroSum { sum: i128 },
    /// A cap is negative.
    NegativeCap { seat: usize },
    /// A delta is `i64::MIN`, whose loss cannot be written as an i64.
    OutOfRange { seat: usize },
}

/// What one seat gains (positive) or pays (negative), before any rake.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct SeatFlow {
    /// Net chips exchanged with human seats. These sum to zero over all seats.
    pub human: i64,
    /// Net chips exchanged with AI seats, i.e. with the house: chips the
    /// house mints (positive) or burns (negative). Always 0 for an AI seat.
    pub house: i64,
}

impl SeatFlow {
    pub fn total(&self) -> i64 {
        self.human + self.house
    }
}

/// Settles `deltas` (one per seat, summing to zero) given each seat's cap:
/// `Some(most it can lose)` for a human seat, `None` for an AI seat.
pub fn share_out(deltas: &[i64], caps: &[Option<i64>]) -> Result<Vec<SeatFlow>, ShareError> {
    if deltas.len() != caps.len() {
        return Err(ShareError::SeatCount {
            deltas: deltas.len(),
            caps: caps.len(),
        });
    }
    if let Some(seat) = deltas.iter().position(|&d| d == i64::MIN) {
        return Err(ShareError::OutOfRange { seat });
    }
    if let Some(seat) = caps.iter().position(|c| matches!(c, Some(c) if *c < 0)) {
        return Err(ShareError::NegativeCap { seat });
    }
    let sum: i128 = deltas.iter().map(|&d| d as i128).sum();
    if sum != 0 {
        return Err(ShareError::NotZeroSum { sum });
    }

    let losers: Vec<usize> = (0..deltas.len()).filter(|&i| deltas[i] < 0).collect();
    let winners: Vec<usize> = (0..deltas.len()).filter(|&i| deltas[i] > 0).collect();
    let owed = owed_table(deltas, &losers, &winners);

    let mut flows = vec![SeatFlow::default(); deltas.len()];
    for (row, &loser) in losers.iter().enumerate() {
        let loss = -deltas[loser];
        let pays = match caps[loser] {
            Some(cap) => loss.min(cap),
            None => loss,
        };
        let payments = if pays == loss {
            owed[row].clone()
        } else {
            share_in_proportion(pays, &owed[row])
        };
        for (col, &winner) in winners.iter().enumerate() {
            let x = payments[col];
            match (caps[loser].is_some(), caps[winner].is_some()) {
                (true, true) => {
                    flows[loser].human -= x;
                    flows[winner].human += x;
                }
                (true, false) => flows[loser].house -= x,
                (false, true) => flows[winner].house += x,
                (false, false) => {}
            }
        }
    }
    Ok(flows)
}

/// `owed[r][c]`: what loser `losers[r]` owes winner `winners[c]`, in whole
/// chips; row sums are the losses, column sums the wins.
fn owed_table(deltas: &[i64], losers: &[usize], winners: &[usize]) -> Vec<Vec<i64>> {
    let total: i128 = winners.iter().map(|&w| deltas[w] as i128).sum();
    let mut owed = vec![vec![0i64; winners.len()]; losers.len()];
    if total == 0 {
        return owed;
    }
    let mut row_left: Vec<i128> = Vec::with_capacity(losers.len());
    let mut col_left: Vec<i128> = winners.iter().map(|&w| deltas[w] as i128).collect();
    for (r, &l) in losers.iter().enumerate() {
        let loss = -(deltas[l] as i128);
        let mut given = 0i128;
        for (c, &w) in winners.iter().enumerate() {
            // Fits: the quotient is at most `loss`, an i64.
            let x = loss * deltas[w] as i128 / total;
            owed[r][c] = x as i64;
            given += x;
            col_left[c] -= x;
        }
        row_left.push(loss - given);
    }
    // The chips rounding left over, earliest seats first on both sides.
    for r in 0..losers.len() {
        let mut c = 0;
        while row_left[r] > 0 && c < winners.len() {
            let x = row_left[r].min(col_left[c]);
            if x > 0 {
                owed[r][c] += x as i64;
                row_left[r] -= x;
                col_left[c] -= x;
            }
            c += 1;
        }
    }
    owed
}

/// Shares `pays` (less than the row's sum) in proportion to `owed`: rounded
/// down, then one chip at a time to the earliest seats that were owed.
fn share_in_proportion(pays: i64, owed: &[i64]) -> Vec<i64> {
    let loss: i128 = owed.iter().map(|&o| o as i128).sum();
    let mut out: Vec<i64> = owed
        .iter()
        .map(|&o| (pays as i128 * o as i128 / loss) as i64)
        .collect();
    let mut left = pays - out.iter().sum::<i64>();
    // Each share lost less than one chip to rounding, so one pass is enough;
    // a seat that was owed nothing gets nothing.
    for (share, &o) in out.iter_mut().zip(owed) {
        if left == 0 {
            break;
        }
        if o > 0 && *share < o {
            *share += 1;
            left -= 1;
        }
    }
    debug_assert_eq!(left, 0);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn totals(flows: &[SeatFlow]) -> Vec<i64> {
        flows.iter().map(SeatFlow::total).collect()
    }

    #[test]
    fn everyone_pays_in_full_when_they_can() {
        let f = share_out(&[-20, 10, 10], &[Some(100), Some(0), Some(0)]).unwrap();
        assert_eq!(totals(&f), vec![-20, 10, 10]);
        assert!(f.iter().all(|s| s.house == 0));
    }

    #[test]
    fn a_short_landlord_shares_what_it_has_earliest_seat_first() {
        // Owes 10 and 10, has 15: 7.5 each, rounded down to 7, the leftover
        // chip to seat 1, the earlier of the two.
        let f = share_out(&[-20, 10, 10], &[Some(15), Some(3), Some(3)]).unwrap();
        assert_eq!(totals(&f), vec![-15, 8, 7]);
    }

    #[test]
    fn shortfall_shared_in_proportion_to_what_was_owed() {
        // Owes 30 to seat 0 and 10 to seat 2, has 9: 6.75 and 2.25 → 6 and 2,
        // leftover chip to seat 0.
        let f = share_out(&[30, -40, 10], &[Some(0), Some(9), Some(0)]).unwrap();
        assert_eq!(totals(&f), vec![7, -9, 2]);
    }

    #[test]
    fn a_short_farmer_pays_only_what_it_has() {
        let f = share_out(&[40, -20, -20], &[Some(0), Some(5), Some(100)]).unwrap();
        assert_eq!(totals(&f), vec![25, -5, -20]);
    }

    #[test]
    fn a_broke_loser_pays_nothing() {
        let f = share_out(&[-20, 10, 10], &[Some(0), Some(0), Some(0)]).unwrap();
        assert_eq!(totals(&f), vec![0, 0, 0]);
    }

    #[test]
    fn ai_seats_are_the_house() {
        // Human landlord loses to a human and an AI farmer: 10 to the human,
        // 10 burned by the house.
        let f = share_out(&[-20, 10, 10], &[Some(100), Some(0), None]).unwrap();
        assert_eq!(
            f[0],
            SeatFlow {
                human: -10,
                house: -10
            }
        );
        assert_eq!(
            f[1],
            SeatFlow {
                human: 10,
                house: 0
            }
        );
        assert_eq!(f[2], SeatFlow::default());
        // Human landlord beats two AI farmers: the house mints 40.
        let f = share_out(&[40, -20, -20], &[Some(0), None, None]).unwrap();
        assert_eq!(
            f[0],
            SeatFlow {
                human: 0,
                house: 40
            }
        );
    }

    #[test]
    fn several_losers_and_winners_round_exactly() {
        let f = share_out(&[-1, -1, 1, 1], &[Some(9); 4]).unwrap();
        assert_eq!(totals(&f), vec![-1, -1, 1, 1]);
        let f = share_out(&[-7, 3, -5, 9], &[Some(100); 4]).unwrap();
        assert_eq!(totals(&f), vec![-7, 3, -5, 9]);
    }

    #[test]
    fn bad_input_is_refused() {
        assert_eq!(
            share_out(&[1, -2], &[Some(5), Some(5)]),
            Err(ShareError::NotZeroSum { sum: -1 })
        );
        assert_eq!(
            share_out(&[1, -1], &[Some(5)]),
            Err(ShareError::SeatCount { deltas: 2, caps: 1 })
        );
        assert_eq!(
            share_out(&[1, -1], &[Some(5), Some(-1)]),
            Err(ShareError::NegativeCap { seat: 1 })
        );
        assert_eq!(
            share_out(&[i64::MIN, 0], &[Some(5), Some(1)]),
            Err(ShareError::OutOfRange { seat: 0 })
        );
        // Sums that would overflow i64 are computed exactly.
        assert!(matches!(
            share_out(&[i64::MAX, i64::MAX], &[Some(0), Some(0)]),
            Err(ShareError::NotZeroSum { .. })
        ));
    }

    fn zero_sum_deltas() -> impl Strategy<Value = (Vec<i64>, Vec<Option<i64>>)> {
        (2usize..7)
            .prop_flat_map(|n| {
                (
                    proptest::collection::vec(-1_000_000i64..1_000_000, n - 1),
                    proptest::collection::vec(
                        prop_oneof![4 => (0i64..2_000_000).prop_map(Some), 1 => Just(None)],
                        n,
                    ),
                )
            })
            .prop_map(|(mut d, caps)| {
                let last: i64 = -d.iter().sum::<i64>();
                d.push(last);
                (d, caps)
            })
    }

    proptest! {
        #[test]
        fn settlement_invariants((deltas, caps) in zero_sum_deltas()) {
            let flows = share_out(&deltas, &caps).unwrap();
            // Between humans no chip is created or lost.
            prop_assert_eq!(flows.iter().map(|f| f.human).sum::<i64>(), 0);
            let mut all_pay_in_full = true;
            for (i, f) in flows.iter().enumerate() {
                match caps[i] {
                    None => prop_assert_eq!(*f, SeatFlow::default()),
                    Some(cap) => {
                        if deltas[i] < 0 {
                            // A loser pays at most its cap and at most its loss, never gains.
                            prop_assert!(f.total() <= 0);
                            prop_assert!(-f.total() <= cap.min(-deltas[i]));
                            prop_assert_eq!(-f.total(), cap.min(-deltas[i]));
                            if cap < -deltas[i] { all_pay_in_full = false; }
                        } else {
                            // A winner gets at most what it won, never pays.
                            prop_assert!(f.total() >= 0);
                            prop_assert!(f.total() <= deltas[i]);
                        }
                    }
                }
            }
            if all_pay_in_full {
                for (i, f) in flows.iter().enumerate() {
                    if caps[i].is_some() { prop_assert_eq!(f.total(), deltas[i]); }
                }
            }
        }
    }
}
