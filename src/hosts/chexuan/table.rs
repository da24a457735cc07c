//! Chexuan at a table: how the runtime hosts a session ([`ChexuanTable`],
//! `games::chexuan::session`): the bobo each player brings and checks on
//! it, AI seats' bobos, the reserve for mango read from the balances, the
//! stand-in move of a player whose time ran out, and leaving.

use crate::ai::Bot;
use crate::games::chexuan::ai::BasicBot;
use crate::games::chexuan::rules::{MAX_CHIPS, MAX_SEATS, MIN_SEATS};
use crate::games::chexuan::session::{ChexuanTable, SessionBot, SessionDeal, TableAction};
use crate::games::chexuan::ChexuanRules;
use crate::games::{ErrorCode, Game, RuleError, Seat};
use crate::record::RecordError;
use crate::table::kind::{JoinArgs, Money, Payout, SeatSetup, TableGame};
use std::ops::RangeInclusive;

fn illegal(key: crate::message::Key, message: impl Into<String>) -> RuleError {
    RuleError::new(ErrorCode::IllegalAction, key, message)
}

/// The bobo a join brings: the one asked for, or the default for the
/// balance ([`ChexuanRules::default_bobo`]; the smallest when the balance
/// was not read).
fn bobo_of(rules: &ChexuanRules, join: &JoinArgs, balance: Option<i64>) -> u64 {
    join.buy_in.unwrap_or_else(|| match balance {
        Some(balance) => rules.default_bobo(balance),
        None => rules.min_bobo(),
    })
}

impl TableGame for ChexuanTable {
    const MONEY: Money = Money::BuyIn;

    fn seat_range(_rules: &ChexuanRules) -> RangeInclusive<usize> {
        MIN_SEATS..=MAX_SEATS
    }

    /// The smallest bobo: a seat brings at least that much (and at most its
    /// balance), which is all it can lose in a hand besides mango.
    fn min_balance(rules: &ChexuanRules, _stake: i64) -> i64 {
        i64::try_from(rules.min_bobo()).unwrap_or(i64::MAX)
    }

    /// The chips of a hand are its ante and bets: the stake must be 1.
    fn check_options(rules: &ChexuanRules, stake: i64) -> Result<(), RuleError> {
        rules.check()?;
        if stake != 1 {
            return Err(illegal(
                crate::keys::ERR_OPTION_CHEXUAN_STAKE,
                "a Chexuan table plays for chips: its stake is 1 (set the ante)",
            ));
        }
        Ok(())
    }

    fn check_join(rules: &ChexuanRules, join: &JoinArgs, balance: i64) -> Result<(), RuleError> {
        let bobo = bobo_of(rules, join, Some(balance));
        let min = rules.min_bobo();
        if bobo < min || bobo > MAX_CHIPS {
            return Err(illegal(
                crate::keys::ERR_CHEXUAN_BOBO_RANGE,
                format!("a bobo is from {min} to {MAX_CHIPS} chips, not {bobo}"),
            )
            .arg("min", min)
            .arg("bobo", bobo));
        }
        if bobo as i128 > balance as i128 {
            return Err(illegal(
                crate::keys::ERR_CHEXUAN_BOBO_BALANCE,
                format!("a bobo of {bobo} is more than your {balance} chips"),
            )
            .arg("bobo", bobo)
            .arg("balance", balance));
        }
        Ok(())
    }

    /// Humans bring their bobo; AI seats the largest human bobo. The host
    /// (seat 0) deals first. A human seat whose balance the runtime read
    /// keeps the rest of it (balance − bobo) as its reserve for mango; AI
    /// seats' reserve is unlimited. Without any balance (a caller that does
    /// not read them) the session has no reserves, as before them.
    fn deal_table(
        rules: ChexuanRules,
        seats: &[SeatSetup],
        rng: &mut dyn rand::RngCore,
    ) -> Result<Self, RecordError> {
        rules.validate().map_err(RecordError::Rules)?;
        let ai_bobo = seats
            .iter()
            .filter(|s| s.human)
            .map(|s| bobo_of(&rules, &s.join, s.balance))
            .max()
            .unwrap_or(rules.min_bobo());
        let deal = SessionDeal {
            seed: rng.next_u64(),
            dealer: 0,
            bobo: seats
                .iter()
                .map(|s| {
                    if s.human {
                        bobo_of(&rules, &s.join, s.balance)
                    } else {
                        ai_bobo
                    }
                })
                .collect(),
            ai: seats.iter().map(|s| !s.human).collect(),
            reserve: if seats.iter().any(|s| s.balance.is_some()) {
                seats
                    .iter()
                    .map(|s| match (s.human, s.balance) {
                        (true, Some(balance)) => {
                            let bobo = bobo_of(&rules, &s.join, Some(balance)) as i128;
                            // check_join refused a bobo above the balance; a
                            // reserve beyond the largest amount is capped.
                            let rest = (balance as i128 - bobo).clamp(0, MAX_CHIPS as i128);
                            Some(rest as u64)
                        }
                        _ => None,
                    })
                    .collect()
            } else {
                Vec::new()
            },
        };
        ChexuanTable::start(rules, seats.len(), deal).map_err(RecordError::Deal)
    }

    fn bot() -> Box<dyn Bot<Self>> {
        Box::new(SessionBot(Box::new(BasicBot)))
    }

    /// The level the table chose (`"ai"` in its rules).
    fn bot_for(rules: &ChexuanRules) -> Box<dyn Bot<Self>> {
        Box::new(SessionBot(crate::ai::chexuan::bot(rules.ai)))
    }

    /// `hard`, whatever the table played at.
    fn strongest_bot(_rules: &ChexuanRules) -> Box<dyn Bot<Self>> {
        Box::new(SessionBot(crate::ai::chexuan::bot(crate::ai::Level::Hard)))
    }

    /// A hint is the basic bot's, whatever the level: it decides at once.
    fn hint_bot(_rules: &ChexuanRules) -> Box<dyn Bot<Self>> {
        Self::bot()
    }

    /// The hand's public actions (betting, never 三花 or a split: those
    /// depend on the seat's hidden cards).
    fn public_actions(&self, seat: Seat) -> Vec<TableAction> {
        if self.closed() || !self.seated(seat) {
            return Vec::new();
        }
        // Between hands: the top-ups of a seat asked for one.
        if self.between_hands() {
            return self
                .legal_actions(seat)
                .into_iter()
                .filter(|a| matches!(a, TableAction::TopUp(_)))
                .collect();
        }
        match self.hand_seat(seat) {
            Some(h) => self
                .hand()
                .public_actions(h)
                .into_iter()
                .map(TableAction::Hand)
                .collect(),
            None => Vec::new(),
        }
    }

    fn leave_action(&self, seat: Seat) -> Option<TableAction> {
        (self.seated(seat) && !self.closed()).then_some(TableAction::Leave)
    }

    /// No 托管 either: at a betting game the bot would bet the player's chips.
    fn offers_autoplay() -> bool {
        false
    }

    /// A seat out of time is played for that one action, not handed to the
    /// bot: at a betting game the bot would bet the player's chips.
    fn timeout_action(&self, seat: Seat) -> Option<TableAction> {
        // Asked to top up between hands: the timer declines for him.
        if self.topping_up().get(seat) == Some(&true) && !self.closed() {
            return Some(TableAction::TimedOut);
        }
        let h = self.hand_seat(seat)?;
        (!self.closed() && self.gone(seat).is_none() && self.stand_in_action(h).is_some())
            .then_some(TableAction::TimedOut)
    }

    fn timer_only(action: &TableAction) -> bool {
        matches!(action, TableAction::TimedOut)
    }

    fn seat_gone(&self, seat: Seat) -> Option<RuleError> {
        self.gone(seat)
    }

    /// A session cut short (an admin's stop, a table that breaks down)
    /// pays the hands already finished and shares the mango pot they left;
    /// only the hand being played is called off
    /// ([`ChexuanTable::deltas_if_closed_now`]). The stake is 1: the
    /// session's figures are chips.
    fn close_payout(&self, _stake: i64) -> Option<Payout> {
        let deltas = self.deltas_if_closed_now()?;
        let winners = (0..deltas.len()).filter(|&s| deltas[s] > 0).collect();
        Some(Payout {
            deltas,
            rake_percent: 0,
            winners,
        })
    }
}
