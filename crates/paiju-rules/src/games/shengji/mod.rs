//! 升级 / 拖拉机 Shengji (Tractor): four players in fixed teams (seats 0 + 2
//! against 1 + 3), one to four decks, trumps declared during the deal, tricks
//! of singles, pairs, tractors and throws, levels 2 → A (`rules/shengji.md`).
//!
//! Modules: [`rules`] (options, the deal, the per-deck table), [`order`]
//! (trumps and card order), [`units`] (runs, reading cards as units,
//! formats, follow demands), [`declare`] (亮主 strengths), [`play`] (leads,
//! throws, follows, candidates, the trick winner), [`score`] (points, kitty
//! multiplier, level table, match goal), [`engine`] (the state machine),
//! [`events`], [`view`], [`action`], [`ai`] (the basic bot), [`sim`]
//! (`paiju simulate shengji`) and [`session`] (a hand as a table deals it,
//! and the match carried from hand to hand).
//!
//! **Dealing for a live table.** The record holds the whole deck, so the
//! engine deals every card at once; what a live table animates ("cards
//! arrive one by one") is a counter the runtime owns: `dealt`, the number
//! of cards dealt so far. [`Shengji::received_by`] (and
//! [`ShengjiView::received_by`]) give a seat's cards after `dealt` cards,
//! so the runtime shows each seat its cards as its counter runs, and a
//! player who declares is recorded as `{"declare": [...], "dealt": N}` with
//! the runtime's counter. The engine checks that the cards were among the
//! seat's first cards after N and that N never goes back; it never reads a
//! clock. While declaring, [`Game::waiting_on`] is every seat that holds a
//! stronger declaration plus the banker (or the seat that would be banker),
//! whose `bury` (or first lead, with four decks and no kitty) closes
//! declaring: the runtime lets him act once its counter has reached the end
//! and `declare_window` seconds have passed. The banker's view holds the
//! kitty as soon as he is known, since his bury needs it; a front end
//! shows it once the window has closed.
//!
//! **Legal actions.** Throws make the full list of plays impossible to
//! enumerate, so [`Game::legal_actions`] is a list of sensible candidates,
//! each accepted by `apply`: while declaring, every stronger declaration
//! (with the smallest `dealt` at which the seat had the cards) and, for the
//! banker, a few burials (cheap plain cards keeping pairs and points, cheap
//! cards, the kitty as dealt); as a lead, every single, pair (triple, quad)
//! and tractor held, plus each whole suit as a throw when the leader's own
//! view proves it stands; as a follow, plays built by structure (the
//! cheapest, the highest, the most points; trumping and discards when short
//! of the led suit). [`Shengji::check_play`] checks any proposed play.
//!
//! Readings where the rules leave room (each pinned by a record under
//! `tests/records/shengji/`):
//! - Cards are read as units greedily: the unit with the most cards first
//!   (longest tractor, widest group), then pairs, then singles.
//! - Following: the follower's score against the lead's demands (each
//!   tractor, longest first; then the groups of each width, widest first,
//!   capped at the lead's) may not be below that of the best follow its
//!   cards allow, compared lexicographically.
//! - With 3+ decks a triple (quad) counts as a pair (triple) when following
//!   and when beating a throw; a format match needs each of the lead's units
//!   met by a unit at least as wide.
//! - With 4 decks, a lead of one unit of a shape the seed's 3.4.5 lists
//!   (44556677, 44445555, 667788, JJJQQQ, AAAA, 7788) ranks a follow by the
//!   best row head it holds ([`units::SeedList`]: tractors, quads, triples
//!   in the list's order), then by its pairs; where the list lets the
//!   follower choose (出牌可选) either head meets it, and a refusal names both.
//! - In a first hand nobody has declared in, a declaration is read at the
//!   declarer's team level; after that at the banker's.
//! - `reach_a`: the match is won by a team that goes up to A this hand.

pub mod action;
pub mod ai;
pub mod counter;
pub mod declare;
pub mod engine;
pub mod events;
pub mod order;
pub mod play;
pub mod rules;
pub mod score;
pub mod session;
pub mod sim;
pub mod units;
pub mod view;

pub use action::Action;
pub use declare::Declaration;
pub use engine::{Phase, Shengji, TrickDone};
pub use events::Event;
pub use order::Order;
pub use rules::{Goal, KittyMultiplier, NoDeclare, ShengjiDeal, ShengjiRules};
pub use score::ShengjiOutcome;
pub use session::{DealingView, ShengjiTable, TableAction};
pub use sim::simulate;
pub use view::{ShengjiView, Stage};

use crate::games::{Game, GameOutcome, GameRules, RuleError, Seat};
use crate::record::{Record, RecordError};

/// Every Fluent message id a Shengji [`RuleError`] can carry, for the
/// locale files and their completeness tests.
pub const ERROR_KEYS: [&str; 27] = [
    "err-not-your-turn",
    "err-game-over",
    "err-no-such-seat",
    "err-bad-card",
    "err-shengji-bury-count",
    "err-shengji-bury-first",
    "err-shengji-bury-now",
    "err-shengji-declare-dealt-order",
    "err-shengji-declare-dealt-range",
    "err-shengji-declare-not-dealt",
    "err-shengji-declare-shape",
    "err-shengji-declare-weaker",
    "err-shengji-declaring-closed",
    "err-shengji-follow-any-pair",
    "err-shengji-follow-count",
    "err-shengji-follow-either",
    "err-shengji-follow-own-tractor",
    "err-shengji-follow-pair",
    "err-shengji-follow-quad",
    "err-shengji-follow-suit",
    "err-shengji-follow-tractor",
    "err-shengji-follow-triple",
    "err-shengji-lead-mixed",
    "err-shengji-malformed-action",
    "err-shengji-no-kitty",
    "err-shengji-not-in-hand",
    "err-shengji-play-empty",
];

impl Shengji {
    /// Deals a hand for a table: shuffles `decks` decks with the injected
    /// RNG; `start` deals first (the banker, or seat 0 in a first hand),
    /// `banker` is `None` in a match's first hand.
    pub fn new_hand(
        rules: ShengjiRules,
        start: Seat,
        levels: [u8; 2],
        banker: Option<Seat>,
        rng: &mut dyn rand::RngCore,
    ) -> Result<Shengji, RecordError> {
        rules.check_table(rules::SEATS)?;
        let mut deck = Vec::with_capacity(rules.deck_size());
        for _ in 0..rules.decks {
            deck.extend(crate::cards::standard_deck());
        }
        crate::cards::shuffle(&mut deck, rng);
        let deal = ShengjiDeal {
            deck,
            start,
            levels,
            banker,
        };
        Shengji::start(rules, deal).map_err(RecordError::Deal)
    }
}

impl GameOutcome for ShengjiOutcome {
    fn deltas(&self) -> &[i64] {
        &self.deltas
    }
}

impl Game for Shengji {
    type Outcome = ShengjiOutcome;
    type Rules = ShengjiRules;
    type Action = Action;
    type Event = Event;
    type View = ShengjiView;

    fn from_record_setup(record: &Record) -> Result<Self, RecordError> {
        let (rules, deal) = record.setup()?;
        Shengji::start(rules, deal).map_err(RecordError::Deal)
    }

    /// A match's first hand: seat 0 deals first, levels 2 and 2, no banker yet.
    fn deal(
        rules: ShengjiRules,
        seats: usize,
        rng: &mut dyn rand::RngCore,
    ) -> Result<Self, RecordError> {
        rules.check_table(seats)?;
        Shengji::new_hand(rules, 0, [2, 2], None, rng)
    }

    /// The decks shuffled again; who deals first, the levels and the
    /// banker the record's.
    fn redeal(record: &Record, rng: &mut dyn rand::RngCore) -> Result<Self, RecordError> {
        let (rules, deal): (ShengjiRules, ShengjiDeal) = record.setup()?;
        Shengji::new_hand(rules, deal.start, deal.levels, deal.banker, rng)
    }

    fn seats(&self) -> usize {
        rules::SEATS
    }

    fn waiting_on(&self) -> Vec<Seat> {
        self.waiting()
    }

    fn apply(&mut self, seat: Seat, action: &Action) -> Result<Vec<Event>, RuleError> {
        Shengji::apply(self, seat, action)
    }

    /// The candidate list (module doc): every entry is accepted by `apply`.
    fn legal_actions(&self, seat: Seat) -> Vec<Action> {
        self.legal(seat)
    }

    fn view(&self, seat: Option<Seat>) -> ShengjiView {
        self.view_for(seat)
    }

    fn is_finished(&self) -> bool {
        matches!(self.phase, Phase::Finished(_))
    }

    /// The [`ShengjiOutcome`] serialised; `deltas` in levels per seat.
    fn outcome(&self) -> Option<ShengjiOutcome> {
        self.typed_outcome().cloned()
    }

    fn record(&self) -> Record {
        Record::of::<Self>(&self.rules, rules::SEATS, &self.deal, &self.actions)
    }
}

#[cfg(test)]
mod tests {
    use super::ERROR_KEYS;

    /// Every `err-shengji-…` key in the sources is listed, and every listed
    /// one is used, so the locale files can rely on the list.
    #[test]
    fn error_keys_list_matches_the_sources() {
        let sources = [include_str!("engine.rs"), include_str!("action.rs")].concat();
        crate::games::assert_error_keys_listed(&sources, "err-shengji-", &ERROR_KEYS);
    }
}
