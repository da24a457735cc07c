//! The seam to the table runtime: pure functions turning a game's 道 into
//! chip movements between the seats and the table's pot — the antes in,
//! each round's winner paid out, and the pot shared back when a table closes.
//! The runtime moves the chips (escrow, ledger); nothing here does IO.
//!
//! Every function conserves chips: what goes into the pot equals what comes
//! out once the pot is empty or shared back.

use super::round::Round;
use super::rules::Rules;
use super::DuanGuozi;
use crate::games::Seat;
use serde::Serialize;

/// One movement of chips between a seat and the table's pot.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum PotMove {
    /// The seat puts its ante into the pot when a game starts.
    Ante { seat: Seat, chips: u64 },
    /// The round's winner takes from the pot.
    Win { seat: Seat, chips: u64 },
    /// The table closed: the seat's share of what was left.
    Refund { seat: Seat, chips: u64 },
}

impl PotMove {
    pub fn seat(self) -> Seat {
        match self {
            PotMove::Ante { seat, .. }
            | PotMove::Win { seat, .. }
            | PotMove::Refund { seat, .. } => seat,
        }
    }

    /// The change to the seat's chips: negative into the pot.
    pub fn seat_delta(self) -> i128 {
        match self {
            PotMove::Ante { chips, .. } => -i128::from(chips),
            PotMove::Win { chips, .. } | PotMove::Refund { chips, .. } => i128::from(chips),
        }
    }
}

/// 道 to chips; `None` on overflow (refuse such a table).
pub fn dao_to_chips(dao: u32, chips_per_dao: u64) -> Option<u64> {
    u64::from(dao).checked_mul(chips_per_dao)
}

/// Chips each player must put in to join a game of `seats` players under
/// `rules` (check balances before dealing); `None` on overflow.
pub fn ante_per_seat(rules: &Rules, seats: usize, chips_per_dao: u64) -> Option<u64> {
    dao_to_chips(rules.ante_for(seats), chips_per_dao)
}

/// The antes of a game just dealt: every seat pays `ante × chips_per_dao`.
pub fn ante_moves(game: &DuanGuozi, chips_per_dao: u64) -> Option<Vec<PotMove>> {
    let chips = dao_to_chips(game.state().ante(), chips_per_dao)?;
    Some(
        (0..game.state().seats())
            .map(|seat| PotMove::Ante { seat, chips })
            .collect(),
    )
}

/// What a settled round moves: the winner's 道 in chips, nothing for an
/// all-瘪十 round.
pub fn round_moves(round: &Round, chips_per_dao: u64) -> Option<Vec<PotMove>> {
    match round.winner {
        Some(seat) => Some(vec![PotMove::Win {
            seat,
            chips: dao_to_chips(round.paid, chips_per_dao)?,
        }]),
        None => Some(Vec::new()),
    }
}

/// Shares `pot_chips` among `players` (the players of the current game) in
/// equal parts when the table closes; remainder chips go one each to the
/// earliest seats. Seats are taken in seat order whatever order they are
/// given in; duplicates count once. No players, no moves.
pub fn refund_moves(pot_chips: u64, players: &[Seat]) -> Vec<PotMove> {
    let mut seats = players.to_vec();
    seats.sort_unstable();
    seats.dedup();
    if seats.is_empty() {
        return Vec::new();
    }
    let n = seats.len() as u64;
    let (share, mut extra) = (pot_chips / n, pot_chips % n);
    seats
        .into_iter()
        .map(|seat| {
            let bonus = u64::from(extra > 0);
            extra -= bonus;
            PotMove::Refund {
                seat,
                chips: share + bonus,
            }
        })
        .filter(|m| matches!(m, PotMove::Refund { chips, .. } if *chips > 0))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::Game;
    use proptest::prelude::*;
    use rand::SeedableRng;

    #[test]
    fn refund_gives_remainders_to_the_earliest_seats() {
        assert_eq!(
            refund_moves(11, &[3, 0, 1]),
            vec![
                PotMove::Refund { seat: 0, chips: 4 },
                PotMove::Refund { seat: 1, chips: 4 },
                PotMove::Refund { seat: 3, chips: 3 },
            ]
        );
        assert_eq!(refund_moves(2, &[0, 1, 2]).len(), 2, "no zero-chip moves");
        assert!(refund_moves(5, &[]).is_empty());
    }

    #[test]
    fn a_game_moves_chips_in_and_out_exactly() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
        let mut game = DuanGuozi::deal(Default::default(), 5, &mut rng).unwrap();
        game.play_out();
        let mut moves = ante_moves(&game, 3).unwrap();
        for r in game.rounds() {
            moves.extend(round_moves(r, 3).unwrap());
        }
        let total: i128 = moves.iter().map(|m| m.seat_delta()).sum();
        assert_eq!(total, 0, "the pot ends empty");
        for seat in 0..5 {
            let net: i128 = moves
                .iter()
                .filter(|m| m.seat() == seat)
                .map(|m| m.seat_delta())
                .sum();
            assert_eq!(net, i128::from(game.outcome().unwrap().deltas[seat]) * 3);
        }
    }

    #[test]
    fn ante_per_seat_follows_the_table_size() {
        let rules = Rules::default();
        assert_eq!(ante_per_seat(&rules, 4, 5), Some(100));
        assert_eq!(ante_per_seat(&rules, 5, 5), Some(50));
        let rules = Rules {
            ante: Some(3),
            ..Rules::default()
        };
        assert_eq!(ante_per_seat(&rules, 9, 10), Some(30));
    }

    #[test]
    fn overflow_is_refused() {
        assert_eq!(dao_to_chips(2, u64::MAX), None);
    }

    proptest! {
        #[test]
        fn refunds_conserve_chips(pot in 0u64..1_000_000, players in proptest::collection::vec(0usize..12, 0..12)) {
            let moves = refund_moves(pot, &players);
            let paid: u64 = moves.iter().map(|m| m.seat_delta() as u64).sum();
            if players.is_empty() {
                prop_assert_eq!(paid, 0);
            } else {
                prop_assert_eq!(paid, pot);
                let max = moves.iter().map(|m| m.seat_delta()).max().unwrap_or(0);
                let min = moves.iter().map(|m| m.seat_delta()).min().unwrap_or(0);
                prop_assert!(max - min <= 1);
            }
        }
    }
}
