//! 跑胡子 Paohuzi: three players, 80 character cards, melds with huxi
//! (`rules/paohuzi.md`). The pure rules of one hand: the deal with its
//! 亮张 and automatic 提, both kinds of 天胡, draws and discards and the
//! questions on each card, 坎 / 碰 / 偎 / 臭偎 / 提 / 跑 / 重跑, 吃 with
//! 比, every 臭 rule, the winning split with the most huxi, the score
//! (tun, 自摸, fan, the `mingtang` option), 荒庄 and the next dealer.
//!
//! Modules: [`cards`] (the 80 cards), [`melds`] (meld kinds and huxi),
//! [`split`] (the winning split), [`rules`] (options and the deal),
//! [`claims`] (who may take a card: 跑, 碰, 吃 and 比, the 臭 rules),
//! [`engine`] (the hand's flow), [`action`], [`events`], [`view`], [`ai`]
//! (the basic bot) and [`sim`] (`paiju simulate paohuzi`).
//!
//! # Driving a hand
//!
//! Draws, compulsory melds (偎, 提, 跑) and the automatic 提 happen inside
//! [`Paohuzi::apply`] (and right after the deal: see
//! [`Paohuzi::opening_events`]); the actions are the players' choices.
//! [`Game::waiting_on`] is exactly the seat asked now, in the claim order of
//! the rules' Decision: wins on a drawn card (from the drawer in turn
//! order), then the compulsory 跑 (asks nobody), then 碰 (at most one
//! player), then 吃 (the drawer, then the seat after him; after a discard,
//! the seat after the discarder). A seat that may both 碰 and 吃 is asked
//! the 碰 first and again for its 吃.
//!
//! # Asking claimants together (the live table)
//!
//! A table that wants to ask every claimant of a card at once (one message,
//! everyone answers in parallel) calls [`Paohuzi::claim_offers`]: each seat
//! that may still take the card, its [`ClaimClass`] (hu, peng, chi) and its
//! choices, in priority order. The runtime collects the answers, then feeds
//! them to `apply` in that order: the passes of the seats before the first
//! taker, then the taker's action, which ends the question (the answers of
//! the seats after it are dropped). A seat may appear twice (碰, then 吃):
//! its two answers are applied at their two places. Because the engine asks
//! in the same order, this gives exactly what asking one by one gives.
//!
//! Readings of `rules/paohuzi.md` where it leaves room (each pinned by a
//! record under `tests/records/paohuzi/`):
//! - A 偎 and a 提 are face down: the others see neither card (a 臭偎 shows
//!   one), also for the automatic 提 after the deal.
//! - A 碰 is made 跑 by a drawn card only (anyone's draw), never by a
//!   discard, as the meld table says.
//! - 臭: passing the 碰 question or the 吃 question on a card makes
//!   identical cards 臭 to that player from the next card on; a 臭偎 is a
//!   偎 of a card whose 碰 he passed.
//! - 臭胡 compares the player's laid-out huxi now with the huxi when he
//!   passed; it only grows, so any change lifts the bar.
//! - In a winning split the winning card may join the hand or complete a
//!   跑 / 提 with a 坎, 碰 or 偎 (then a pair is needed); the reading with
//!   the most huxi counts.
//! - A seat that is not asked gets `not_your_turn`; when the rules bar what
//!   it tried on the card in question (臭, its own discard, 臭胡, a 坎 it
//!   must keep, a 比 it cannot make) the error's key and message say so.

pub mod action;
pub mod ai;
pub mod cards;
pub mod claims;
pub mod counter;
pub mod engine;
pub mod events;
pub mod live;
pub mod melds;
pub mod rules;
pub mod sim;
pub mod split;
pub mod view;

pub use action::Action;
pub use cards::Card;
pub use engine::{ClaimClass, ClaimOffer, Mingtang, Origin, Paohuzi, PaohuziOutcome, Phase};
pub use events::{Event, QuestionKind};
pub use live::{LiveView, PaohuziTable, TableBot};
pub use melds::{Meld, MeldKind};
pub use rules::{PaohuziDeal, PaohuziRules};
pub use sim::simulate;
pub use split::{best_split, Source, WinSplit, MIN_HUXI};
pub use view::PaohuziView;

use crate::games::{Game, GameOutcome, GameRules, RuleError, Seat};
use crate::record::{Record, RecordError};

impl Paohuzi {
    /// Deals a hand for a table: shuffles the 80 cards with the injected
    /// RNG and takes the dealer and the drawn hands in a row it carries.
    pub fn new_hand(
        rules: PaohuziRules,
        dealer: Seat,
        drawn_in_a_row: u32,
        rng: &mut dyn rand::RngCore,
    ) -> Result<Paohuzi, RecordError> {
        use rand::seq::SliceRandom;
        let mut deck = cards::full_deck();
        deck.shuffle(rng);
        let deal = PaohuziDeal {
            deck,
            dealer,
            drawn_in_a_row,
            together: false,
        };
        Paohuzi::start(rules, deal).map_err(RecordError::Deal)
    }

    pub fn rules(&self) -> &PaohuziRules {
        &self.rules
    }
}

impl GameOutcome for PaohuziOutcome {
    fn deltas(&self) -> &[i64] {
        &self.deltas
    }
}

impl Game for Paohuzi {
    type Outcome = PaohuziOutcome;
    type Rules = PaohuziRules;
    type Action = Action;
    type Event = Event;
    type View = PaohuziView;

    fn from_record_setup(record: &Record) -> Result<Self, RecordError> {
        let (rules, deal) = record.setup()?;
        Paohuzi::start(rules, deal).map_err(RecordError::Deal)
    }

    /// A fresh hand with dealer 0; tables use [`Paohuzi::new_hand`] to
    /// carry the dealer and the drawn hands over.
    fn deal(
        rules: PaohuziRules,
        seats: usize,
        rng: &mut dyn rand::RngCore,
    ) -> Result<Self, RecordError> {
        rules.check_table(seats)?;
        Paohuzi::new_hand(rules, 0, 0, rng)
    }

    /// The 80 cards shuffled again; the dealer and the drawn hands in a
    /// row the record's.
    fn redeal(record: &Record, rng: &mut dyn rand::RngCore) -> Result<Self, RecordError> {
        let (rules, deal): (PaohuziRules, PaohuziDeal) = record.setup()?;
        let fresh = Paohuzi::new_hand(rules.clone(), deal.dealer, deal.drawn_in_a_row, rng)?;
        // How the record's answers are read is not dealt: it is the record's.
        let dealt = PaohuziDeal {
            together: deal.together,
            ..fresh.deal.clone()
        };
        Paohuzi::start(rules, dealt).map_err(RecordError::Deal)
    }

    fn seats(&self) -> usize {
        self.players.len()
    }

    fn waiting_on(&self) -> Vec<Seat> {
        self.question().map(|(s, _)| s).into_iter().collect()
    }

    fn apply(&mut self, seat: Seat, action: &Action) -> Result<Vec<Event>, RuleError> {
        Paohuzi::apply(self, seat, action)
    }

    fn legal_actions(&self, seat: Seat) -> Vec<Action> {
        Paohuzi::legal_actions(self, seat)
    }

    fn view(&self, seat: Option<Seat>) -> PaohuziView {
        self.view_for(seat)
    }

    fn is_finished(&self) -> bool {
        matches!(self.phase, Phase::Finished(_))
    }

    /// `deltas` plus the [`PaohuziOutcome`] fields: `winner` (null on
    /// 荒庄), `huxi`, `tun`, `fan`, `zimo`, `tianhu`, the winning `split`,
    /// `mingtang`, `next_dealer`, `drawn_in_a_row` …
    fn outcome(&self) -> Option<PaohuziOutcome> {
        self.outcome_typed().cloned()
    }

    fn record(&self) -> Record {
        Record::of::<Self>(&self.rules, self.players.len(), &self.deal, &self.actions)
    }
}
