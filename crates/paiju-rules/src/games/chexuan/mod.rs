//! 扯旋 Chexuan: a Sichuan betting game on pai gow hands for 2 to 6 players
//! (`rules/chexuan.md`). Four cards over three deals with betting after
//! each (大 raise, 跟 call, 敲 all-in, 休 check, 丢 fold), each player's bobo
//! as his cap, a mango pot carried across hands, and a head/tail split at
//! the showdown settled by tails (尾大吃皮).
//!
//! Modules: [`cards`] (the 32 cards), [`hands`] (two-card hands, splits,
//! 三花), [`rules`] (options, the deal, mango amounts), [`action`],
//! [`engine`] (the hand's state machine), [`settle`] (showdown settlement),
//! [`session`] (hand after hand at one table: the game a table hosts),
//! [`events`], [`view`], [`ai`] (the basic bot) and [`sim`] (`paiju
//! simulate chexuan`).
//!
//! Readings of `rules/chexuan.md` where it leaves room (each pinned by a
//! record under `tests/records/chexuan/`):
//! - 跟 call needs something to call; with the contribution already the
//!   highest it is refused (check instead). 丢 fold is always allowed.
//! - Acting while all-in, folded or laid down is `illegal_action` (the
//!   player is out of the turn order for good), not `not_your_turn`.
//! - 皱芒: the hand ends in round 1 with one player left, and that player
//!   raised or went all-in at some point in round 1 (a re-raiser counts).
//! - 休芒: at least two actions in the round and all of them checks; every
//!   player still in pays, all-in players too.
//! - 三花 lay-down returns the ante as well (the whole contribution); mango
//!   payments already made stay in the pot.
//! - A raise is allowed when every other player still in is all-in; what
//!   nobody can match comes back through the settlement.
//! - Splits stay hidden until every split is given; folded hands are never
//!   shown.
//! - Mango is paid outside the bobo, from the chips the player has outside
//!   it; the deal may give each seat that limit (`mango_limit`). What the
//!   limit left this hand cannot cover comes out of the bobo (the rules'
//!   decision: bringing the whole balance never exempts a player): the
//!   bobo shrinks by it, so the player can bet that much less, and an
//!   active player left with nothing beyond his contribution is all-in.
//!   The event and the outcome name each such payer and what came out of
//!   his bobo (`from_stack`). Only when the bobo has nothing left beyond
//!   the contribution either does a payer pay less than the amount
//!   (`short`, with what he paid); the pot gets exactly what was paid — so
//!   a 皱芒 taker takes exactly the pot. The mango still counts as one (the
//!   amounts escalate the same). 皱芒's payers are every other player of
//!   the hand, folded ones too; seats not dealt into the hand pay nothing.

pub mod action;
pub mod ai;
pub mod cards;
pub mod engine;
pub mod events;
pub mod hands;
pub mod rules;
pub mod session;
pub mod settle;
pub mod sim;
pub mod view;

pub use action::Action;
pub use engine::{Chexuan, MangoPaid, ShortPayment, Status};
pub use events::Event;
pub use hands::{HandKind, Sanhua, Split, Versus};
pub use rules::{share_mango_pot, ChexuanDeal, ChexuanRules, HandSetup, Mango, MangoKind};
pub use settle::PairResult;

pub use sim::simulate;
pub use view::ChexuanView;

use crate::games::{Game, GameOutcome, GameRules, RuleError, Seat};
use crate::record::{Record, RecordError};
use engine::{Ending, Phase};

impl Chexuan {
    /// Deals a hand for a table: shuffles the 32 cards with the injected RNG
    /// and takes the dealer, the bobos and the mango pot the table carries.
    pub fn new_hand(
        rules: ChexuanRules,
        setup: HandSetup,
        rng: &mut dyn rand::RngCore,
    ) -> Result<Chexuan, RecordError> {
        let mut deck = cards::DECK.to_vec();
        crate::cards::shuffle(&mut deck, rng);
        let seats = setup.bobo.len();
        let deal = ChexuanDeal {
            deck,
            dealer: setup.dealer,
            bobo: setup.bobo,
            mango: setup.mango,
            mango_limit: setup.mango_limit,
        };
        Chexuan::start(rules, seats, deal).map_err(RecordError::Deal)
    }

    /// The mango pot and count now (after the hand once it is over).
    pub fn mango(&self) -> Mango {
        self.mango
    }

    /// Who deals the next hand, once this one is over: the big tail, or the
    /// winner of a hand won without a showdown.
    pub fn next_dealer(&self) -> Option<Seat> {
        match &self.phase {
            Phase::Finished(f) => Some(f.next_dealer),
            _ => None,
        }
    }

    pub fn rules(&self) -> &ChexuanRules {
        &self.rules
    }

    /// What `seat` paid into the mango pot this hand (0 for no such seat).
    pub fn mango_paid(&self, seat: Seat) -> u64 {
        self.players.get(seat).map_or(0, |p| p.mango_paid)
    }

    /// The part of [`Chexuan::mango_paid`] that came out of the seat's
    /// mango limit (its chips off the table), the rest having come out of
    /// its bobo.
    pub fn mango_paid_off_the_table(&self, seat: Seat) -> u64 {
        self.players
            .get(seat)
            .map_or(0, |p| p.mango_paid - p.mango_from_stack)
    }
}

/// How one hand ended.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Outcome {
    /// The mango pot and count after the hand.
    pub mango_pot: u64,
    pub mango_count: u32,
    pub next_dealer: Seat,
    /// Who took the mango pot, if anyone.
    pub mango_won_by: Option<Seat>,
    /// The mangos paid in this hand.
    pub mangos: Vec<MangoPaid>,
    /// The showdown's settlement, when there was one.
    #[serde(flatten)]
    pub showdown: Option<Showdown>,
    /// The seat that won without a showdown.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub winner: Option<Seat>,
    /// The seats that laid their cards down (丢).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub laid_down: Option<Vec<Seat>>,
    /// Chips per seat: ante, bets, mango payments and winnings.
    pub deltas: Vec<i64>,
}

/// A showdown's settlement: the big tail, the order of settling and the
/// pairwise results.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Showdown {
    pub big_tail: Seat,
    pub order: Vec<Seat>,
    pub results: Vec<PairResult>,
}

impl GameOutcome for Outcome {
    fn deltas(&self) -> &[i64] {
        &self.deltas
    }
}

impl Game for Chexuan {
    type Outcome = Outcome;
    type Rules = ChexuanRules;
    type Action = Action;
    type Event = Event;
    type View = ChexuanView;

    fn from_record_setup(record: &Record) -> Result<Self, RecordError> {
        let (rules, deal) = record.setup()?;
        Chexuan::start(rules, record.seats, deal).map_err(RecordError::Deal)
    }

    /// A fresh hand with dealer 0, every bobo at the minimum and an empty
    /// mango pot; tables use [`Chexuan::new_hand`] to carry theirs over.
    fn deal(
        rules: ChexuanRules,
        seats: usize,
        rng: &mut dyn rand::RngCore,
    ) -> Result<Self, RecordError> {
        rules.check_table(seats)?;
        let setup = HandSetup {
            dealer: 0,
            bobo: vec![rules.min_bobo(); seats],
            mango: Mango::default(),
            mango_limit: Vec::new(),
        };
        Chexuan::new_hand(rules, setup, rng)
    }

    /// The deck shuffled again; the dealer, bobos and mango the record's.
    fn redeal(record: &Record, rng: &mut dyn rand::RngCore) -> Result<Self, RecordError> {
        let (rules, deal): (ChexuanRules, ChexuanDeal) = record.setup()?;
        let setup = HandSetup {
            dealer: deal.dealer,
            bobo: deal.bobo,
            mango: deal.mango,
            mango_limit: deal.mango_limit,
        };
        Chexuan::new_hand(rules, setup, rng)
    }

    fn seats(&self) -> usize {
        self.players.len()
    }

    fn waiting_on(&self) -> Vec<Seat> {
        self.to_act().into_iter().collect()
    }

    fn apply(&mut self, seat: Seat, action: &Action) -> Result<Vec<Event>, RuleError> {
        Chexuan::apply(self, seat, action)
    }

    fn legal_actions(&self, seat: Seat) -> Vec<Action> {
        Chexuan::legal_actions(self, seat)
    }

    fn view(&self, seat: Option<Seat>) -> ChexuanView {
        self.view_for(seat)
    }

    fn is_finished(&self) -> bool {
        matches!(self.phase, Phase::Finished(_))
    }

    /// `deltas` (chips per seat: ante, bets, mango payments and winnings),
    /// `mango_pot` and `mango_count` after the hand, `next_dealer`,
    /// `mangos` (those of this hand), and `big_tail` with the settlement
    /// `order` and the pairwise `results` for a showdown or `winner` for a hand won without one.
    fn outcome(&self) -> Option<Outcome> {
        let Phase::Finished(f) = &self.phase else {
            return None;
        };
        let (showdown, winner) = match &f.ending {
            Ending::Showdown { settlement, .. } => (
                Some(Showdown {
                    big_tail: settlement.big_tail,
                    order: settlement.order.clone(),
                    results: settlement.results.clone(),
                }),
                None,
            ),
            Ending::NoShowdown { winner } => (None, Some(*winner)),
        };
        let laid_down: Vec<Seat> = (0..self.players.len())
            .filter(|&s| self.players[s].status == Status::LaidDown)
            .collect();
        Some(Outcome {
            mango_pot: self.mango.pot,
            mango_count: self.mango.count,
            next_dealer: f.next_dealer,
            mango_won_by: f.mango_won_by,
            mangos: self.mangos.clone(),
            showdown,
            winner,
            laid_down: (!laid_down.is_empty()).then_some(laid_down),
            deltas: f.deltas.clone(),
        })
    }

    fn record(&self) -> Record {
        Record::of::<Self>(&self.rules, self.players.len(), &self.deal, &self.actions)
    }
}
