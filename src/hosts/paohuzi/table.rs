//! Paohuzi at a table: three seats, one hand after another, chips settled
//! after every hand.
//!
//! Each hand is its own game in the ledger ([`PaohuziTable`]): a hand is
//! zero-sum (each other player pays the winner tun × fan × stake, nothing
//! on 荒庄), so settling it at once keeps every chip where the players see
//! it, and its record is one hand that `paiju replay` reads. The next hand
//! follows at once ([`TableGame::next_game`]) with the dealer and the count
//! of drawn hands its outcome gives (the winner deals; after 荒庄 the same
//! dealer, after three in a row the next seat). When a player left during
//! the hand, the table seats its players again instead
//! ([`TableGame::plays_on`]): with two left it goes back to its lobby.
//!
//! The claims on a card are asked of every claimant at once
//! ([`TableGame::question_round`]); a claimant whose short (bidding)
//! timer runs out passes, once, without going on autoplay; a discard turn
//! runs on the play timer and hands the seat to the bot when it runs out,
//! as in the other games.

use crate::ai::Bot;
use crate::games::paohuzi::rules::SEATS;
use crate::games::paohuzi::{Action, PaohuziRules, PaohuziTable, TableBot};
use crate::games::{Game, Seat};
use crate::table::{TableGame, TimerKind};
use std::ops::RangeInclusive;

impl TableGame for PaohuziTable {
    fn seat_range(_rules: &PaohuziRules) -> RangeInclusive<usize> {
        SEATS..=SEATS
    }

    /// Every action of a hand depends on the seat's hidden cards (a claim
    /// on its pair or sequence, a discard from its hand): none is offered
    /// publicly; the seat's private view carries them.
    fn public_actions(&self, _seat: Seat) -> Vec<Action> {
        Vec::new()
    }

    fn question_round(&self) -> Option<u64> {
        Some(self.round())
    }

    /// Claims run on the short timer, discards on the play timer.
    fn timer_kind(&self) -> TimerKind {
        if self.claiming() {
            TimerKind::Bidding
        } else {
            TimerKind::Play
        }
    }

    fn bot() -> Box<dyn Bot<Self>> {
        Box::new(TableBot)
    }

    /// The level the table chose (`"ai"` in its rules).
    fn bot_for(rules: &PaohuziRules) -> Box<dyn Bot<Self>> {
        crate::ai::paohuzi::bot(rules.ai, rules)
    }

    /// A replay (复盘) asks `hard`, whatever the level the table played,
    /// as its words say ("hard AI").
    fn strongest_bot(rules: &PaohuziRules) -> Box<dyn Bot<Self>> {
        crate::ai::paohuzi::bot(crate::ai::Level::Hard, rules)
    }

    /// A hint is `normal`'s, whatever the level: it decides in
    /// microseconds.
    fn hint_bot(rules: &PaohuziRules) -> Box<dyn Bot<Self>> {
        crate::ai::paohuzi::bot(crate::ai::Level::Normal, rules)
    }

    /// A claimant out of time passes (the card goes on); a discard out of
    /// time is left to the bot, which then plays the seat until its player
    /// is back.
    fn timeout_action(&self, seat: Seat) -> Option<Action> {
        (self.claiming() && self.waiting_on().contains(&seat)).then_some(Action::Pass)
    }

    fn next_game(&self, rng: &mut dyn rand::RngCore) -> Option<Self> {
        self.next_hand(rng)
    }

    fn plays_on(_rules: &PaohuziRules) -> bool {
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::Level;

    /// A table plays at the level its rules name: only `hard` searches
    /// (off the table's task); hints are `normal`'s, which never does; a
    /// replay asks `hard` at every level.
    #[test]
    fn the_tables_level_picks_its_bot() {
        for level in Level::ALL {
            let rules = PaohuziRules {
                ai: level,
                ..PaohuziRules::default()
            };
            assert_eq!(
                PaohuziTable::bot_for(&rules).may_block(),
                level == Level::Hard
            );
            assert!(!PaohuziTable::hint_bot(&rules).may_block());
            assert!(PaohuziTable::strongest_bot(&rules).may_block());
        }
    }
}
