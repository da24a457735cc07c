//! Settlement (rules/dou-dizhu.md, "Scoring", "Escape"): the multiplier and
//! its factors (bid, kicks, kitty, shown hands, discards, bombs, spring and
//! 反春, doubling), the chips each seat wins or pays, the house's rake, the
//! escape penalty, and the redeal when nobody bids.

use super::outcome::{self, Outcome};
use super::patterns::{BIG_JOKER, SMALL_JOKER};
use super::view::{Event, Factors};
use super::{DouDizhu, Phase};
use crate::games::{GameOutcome, Seat};

impl DouDizhu {
    pub(super) fn show_factor(&self) -> u32 {
        self.shown
            .iter()
            .flatten()
            .map(|s| s.factor())
            .max()
            .unwrap_or(1)
    }

    /// The product of the discard factors so far (1 without discards).
    pub(super) fn discard_factor(&self) -> u32 {
        self.discard_factors.iter().flatten().product()
    }

    /// The multiplier so far, with `extra_bombs` more bombs counted.
    pub(super) fn multiplier_with(&self, extra_bombs: u32) -> u64 {
        let bombs = self.bombs + extra_bombs;
        self.base as u64
            * (1u64 << self.kicks.min(16))
            * self.kitty_factor as u64
            * self.show_factor() as u64
            * self.discard_factor() as u64
            * (1u64 << bombs.min(30))
    }

    pub(super) fn factors(&self) -> Factors {
        Factors {
            base: self.base,
            kicks: self.kicks,
            kitty: self.kitty_factor,
            show: self.show_factor(),
            discard: self.discard_factor(),
            bombs: self.bombs,
            rockets: self.rockets,
            robs: self.robs,
            multiplier: self.multiplier_with(0),
        }
    }

    pub(super) fn redeal(&mut self, ev: &mut Vec<Event>) {
        self.phase = Phase::Finished;
        ev.push(Event::Redeal);
        self.outcome = Some(Outcome::Redeal(outcome::Redeal {
            redeal: true,
            deltas: vec![0; self.players],
        }));
        ev.push(Event::Finished {
            deltas: vec![0; self.players],
        });
    }

    /// The house's cut of each winner's gain, and what the seats keep.
    pub(super) fn rake(&self, deltas: &[i64]) -> Option<outcome::Rake> {
        if self.rules.rake == 0 {
            return None;
        }
        let rake: Vec<i64> = deltas
            .iter()
            .map(|&d| {
                if d > 0 {
                    d * self.rules.rake as i64 / 100
                } else {
                    0
                }
            })
            .collect();
        let net: Vec<i64> = deltas.iter().zip(&rake).map(|(d, r)| d - r).collect();
        Some(outcome::Rake { rake, net })
    }

    /// `winner` has emptied its hand (or, with two players, the farmer is
    /// down to the handicap).
    pub(super) fn settle(&mut self, winner: Seat, ev: &mut Vec<Event>) {
        let landlord = self.landlord.expect("play follows bidding");
        let landlord_won = winner == landlord;
        let farmers: Vec<Seat> = (1..self.players)
            .map(|k| (landlord + k) % self.players)
            .collect();
        let spring = landlord_won && farmers.iter().all(|&f| self.plays[f] == 0);
        let anti_spring = !landlord_won && self.plays[landlord] == 1;
        let multiplier = self.multiplier_with(0) * if spring || anti_spring { 2 } else { 1 };
        let ll_double = if self.doubled[landlord] == Some(true) {
            2
        } else {
            1
        };
        let mut deltas = vec![0i64; self.players];
        for &f in &farmers {
            let f_double = if self.doubled[f] == Some(true) { 2 } else { 1 };
            let amount = (multiplier * f_double * ll_double) as i64;
            let sign = if landlord_won { -1 } else { 1 };
            deltas[f] = sign * amount;
            deltas[landlord] -= sign * amount;
        }
        let played = outcome::Played {
            landlord,
            winner: if landlord_won {
                outcome::Side::Landlord
            } else {
                outcome::Side::Farmers
            },
            multiplier,
            factors: self.factors(),
            hands_left: self.hands[..self.players]
                .iter()
                .map(|h| h.cards())
                .collect(),
            bombs: self.bombs,
            spring,
            anti_spring,
            handicap: (self.players == 2).then_some(self.handicap),
            discard_factors: self.rules.discard.then(|| {
                self.discard_factors[..self.players]
                    .iter()
                    .map(|f| f.unwrap_or(1))
                    .collect()
            }),
            doubled: self.rules.doubling.then(|| {
                self.doubled[..self.players]
                    .iter()
                    .map(|d| *d == Some(true))
                    .collect()
            }),
            rake: self.rake(&deltas),
            deltas,
        };
        self.finish(Outcome::Played(Box::new(played)), ev);
    }

    pub(super) fn finish(&mut self, outcome: Outcome, ev: &mut Vec<Event>) {
        self.phase = Phase::Finished;
        ev.push(Event::Finished {
            deltas: outcome.deltas().to_vec(),
        });
        self.outcome = Some(outcome);
    }

    /// Bombs and rockets still in the hands (for the escape penalty).
    pub(super) fn bombs_in_hands(&self) -> u32 {
        self.hands
            .iter()
            .map(|h| {
                let c = h.counts();
                let bombs = c[..SMALL_JOKER].iter().filter(|&&n| n == 4).count() as u32;
                bombs + u32::from(c[SMALL_JOKER] == 1 && c[BIG_JOKER] == 1)
            })
            .sum()
    }

    /// `seat` abandons the game: it pays the escape penalty to the others.
    pub(super) fn leave(&mut self, seat: Seat, ev: &mut Vec<Event>) {
        let multiplier = self.multiplier_with(self.bombs_in_hands());
        let penalty = multiplier.max(self.rules.escape_penalty as u64);
        let mut deltas = vec![0i64; self.players];
        deltas[seat] = -(penalty as i64);
        if self.players == 2 {
            deltas[1 - seat] = penalty as i64;
        } else {
            let others = [(seat + 1) % 3, (seat + 2) % 3];
            let (low, high) = (others[0].min(others[1]), others[0].max(others[1]));
            deltas[low] = penalty.div_ceil(2) as i64;
            deltas[high] = (penalty / 2) as i64;
        }
        ev.push(Event::Left { seat, penalty });
        let escaped = outcome::Escaped {
            escaped: seat,
            penalty,
            escape_multiplier: multiplier,
            landlord: self.landlord,
            bombs: self.bombs,
            rake: self.rake(&deltas),
            deltas,
        };
        self.finish(Outcome::Escaped(Box::new(escaped)), ev);
    }
}
