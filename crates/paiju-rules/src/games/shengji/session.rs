//! A hand of Shengji as a table deals it ([`ShengjiTable`]): the cards
//! arrive in batches, anyone may declare meanwhile, a declare window runs
//! after the last card, and AI seats declare when their cards make a good
//! trump. Pure like the engine: the batches and the window's end are
//! timer-only actions ([`TableAction::Deal`], [`TableAction::CloseWindow`])
//! that the table runtime plays on its clock, and they are recorded, so a
//! table hand's record replays (and resumes) exactly.
//!
//! **Why one ledger game per hand, not per match.** Chexuan keeps a whole
//! session as one game because its mango pot is not zero-sum hand by hand;
//! Shengji's chips are ("each seat of the team that went up N levels
//! receives N × stake from the opposite seat"), and a match can last hours.
//! So each hand is settled as it ends, and the match lives in the deal of
//! the next hand: both teams' levels, the banker and who deals first come
//! from the last outcome ([`ShengjiTable::next_hand`]); the match ends with
//! the hand whose outcome names a `match_winner`. A record of a table hand
//! is therefore a `shengji` record whose deal also holds `ai` (which seats
//! the computer plays) and `hand` (the hand's number in the match); a
//! record without `ai` is a single hand as the engine writes it, replayed
//! action for action by the engine ([`ShengjiTable`] in plain mode), so
//! every existing record replays exactly as before.
//!
//! Seats while dealing: the table waits on people who hold a declaration
//! they have not yet turned down ([`TableAction::Pass`]; the turn timer
//! passes for a person out of time), and once none is left deciding, on AI
//! seats that want to declare; the next batch (and the window's end) comes
//! only when nobody is waited on. People answer first because the computer
//! decides within the table's AI delay: asked together, it would take a
//! declaration a person was just offered before he could click it. A declaration is read against the cards dealt so far: its
//! `dealt` is the table's counter. Once the window has closed, only the seat that closes declaring (the
//! banker, or seat 0 in a first hand nobody declared in) is waited on, to
//! bury (or lead, with four decks).

use super::action::Action;
use super::ai::choose_declaration;
use super::engine::{Phase, Shengji};
use super::rules::{team, ShengjiDeal, ShengjiRules, SEATS};
use super::view::{ShengjiView, Stage};
use crate::cards::Card;
use crate::games::{record_json, RecordAction};
use crate::games::{ErrorCode, Game, GameRules, RuleError, Seat};
use crate::record::{Record, RecordError};
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

/// The number of batches a deal arrives in.
pub const DEAL_BATCHES: usize = 6;

/// One action at a table hand.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TableAction {
    /// A player's action. A declaration's `dealt` is replaced by the
    /// table's counter when applied.
    Hand(Action),
    /// No declaration for now: the table stops waiting on the seat until
    /// a new declaration is open to it.
    Pass,
    /// The table deals the next batch (timer only).
    Deal,
    /// The declare window ends (timer only).
    CloseWindow,
}

impl RecordAction for TableAction {
    fn from_json(value: &Value) -> Result<TableAction, RuleError> {
        let flags = [
            ("deal_batch", TableAction::Deal),
            ("close_window", TableAction::CloseWindow),
            ("pass", TableAction::Pass),
        ];
        let malformed = crate::keys::ERR_SHENGJI_MALFORMED_TABLE_ACTION;
        if let Some(flag) = record_json::table_flag(value, &flags, malformed) {
            return flag;
        }
        Action::from_json(value).map(TableAction::Hand)
    }

    fn to_json(&self) -> Value {
        match self {
            TableAction::Hand(a) => a.to_json(),
            TableAction::Deal => json!({ "deal_batch": true }),
            TableAction::CloseWindow => json!({ "close_window": true }),
            TableAction::Pass => json!({ "pass": true }),
        }
    }
}

/// The deal of a table hand: the engine's deal, which seats are AI and
/// the hand's number in its match (from 1).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TableDeal {
    pub deck: Vec<Card>,
    pub start: Seat,
    pub levels: [u8; 2],
    pub banker: Option<Seat>,
    pub ai: Vec<bool>,
    pub hand: u32,
}

impl TableDeal {
    fn engine_deal(&self) -> ShengjiDeal {
        ShengjiDeal {
            deck: self.deck.clone(),
            start: self.start,
            levels: self.levels,
            banker: self.banker,
        }
    }
}

/// Where the table's dealing is.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Dealing {
    /// Cards are still arriving.
    Dealing,
    /// Every card is dealt; one may still declare.
    Window,
    /// Declaring is over (or about to be, by the banker's bury).
    Done,
}

#[derive(Clone, Debug)]
struct TableState {
    deal: TableDeal,
    /// Cards dealt so far (the kitty aside).
    dealt: usize,
    window_closed: bool,
    /// The declarations each seat turned down (their cards).
    passed: [Vec<Vec<Card>>; SEATS],
    actions: Vec<(Seat, TableAction)>,
}

/// A hand at a table (or, in plain mode, a single hand as the engine
/// writes its records).
#[derive(Clone, Debug)]
pub struct ShengjiTable {
    hand: Shengji,
    table: Option<TableState>,
}

/// What a seat sees of a table hand: the engine's view, cut to the cards
/// dealt so far, and the table's dealing.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct DealingView {
    pub hand: ShengjiView,
    pub dealing: Dealing,
    /// The hand's number in its match (1 in plain mode).
    pub hand_no: u32,
    /// Which seats the computer plays (all false in plain mode).
    pub ai: Vec<bool>,
}

fn illegal(key: crate::message::Key, message: impl Into<String>) -> RuleError {
    RuleError::new(ErrorCode::IllegalAction, key, message)
}

impl ShengjiTable {
    /// A table hand from its deal.
    pub fn start(rules: ShengjiRules, deal: TableDeal) -> Result<ShengjiTable, String> {
        if deal.ai.len() != SEATS {
            return Err(format!("`ai` names {} seats, not {SEATS}", deal.ai.len()));
        }
        let hand = Shengji::start(rules, deal.engine_deal())?;
        Ok(ShengjiTable {
            hand,
            table: Some(TableState {
                deal,
                dealt: 0,
                window_closed: false,
                passed: Default::default(),
                actions: Vec::new(),
            }),
        })
    }

    /// Deals a table hand with the injected RNG.
    pub fn deal_hand(
        rules: ShengjiRules,
        ai: Vec<bool>,
        hand: u32,
        start: Seat,
        levels: [u8; 2],
        banker: Option<Seat>,
        rng: &mut dyn rand::RngCore,
    ) -> Result<ShengjiTable, RecordError> {
        let dealt = Shengji::new_hand(rules.clone(), start, levels, banker, rng)?;
        let d = dealt.deal_record().clone();
        let deal = TableDeal {
            deck: d.deck,
            start: d.start,
            levels: d.levels,
            banker: d.banker,
            ai,
            hand,
        };
        ShengjiTable::start(rules, deal).map_err(RecordError::Deal)
    }

    /// The match's next hand after this finished one: the levels, banker
    /// and first dealer its outcome gives; `None` when the hand is not
    /// over or won the match (or in plain mode).
    pub fn next_hand(&self, rng: &mut dyn rand::RngCore) -> Option<ShengjiTable> {
        let t = self.table.as_ref()?;
        let o = self.hand.typed_outcome()?;
        if o.match_winner.is_some() {
            return None;
        }
        ShengjiTable::deal_hand(
            self.hand.rules().clone(),
            t.deal.ai.clone(),
            t.deal.hand + 1,
            o.next_banker,
            o.levels,
            Some(o.next_banker),
            rng,
        )
        .ok()
    }

    /// The engine's hand.
    pub fn hand(&self) -> &Shengji {
        &self.hand
    }

    pub fn rules(&self) -> &ShengjiRules {
        self.hand.rules()
    }

    /// Cards dealt so far (all of them in plain mode).
    pub fn dealt(&self) -> usize {
        match &self.table {
            Some(t) => t.dealt,
            None => self.hand.deal_total(),
        }
    }

    /// Cards dealt in each batch: whole rounds of four.
    pub fn batch(&self) -> usize {
        self.hand.rules().hand_size().div_ceil(DEAL_BATCHES) * SEATS
    }

    pub fn dealing(&self) -> Dealing {
        match &self.table {
            None => Dealing::Done,
            Some(_) if !matches!(self.hand.phase(), Phase::Declaring(_)) => Dealing::Done,
            Some(t) if t.dealt < self.hand.deal_total() => Dealing::Dealing,
            Some(t) if !t.window_closed => Dealing::Window,
            Some(_) => Dealing::Done,
        }
    }

    /// Whether the computer plays `seat`.
    pub fn is_ai(&self, seat: Seat) -> bool {
        self.table
            .as_ref()
            .and_then(|t| t.deal.ai.get(seat).copied())
            .unwrap_or(false)
    }

    /// The step the table plays by itself next, if any: a batch of the
    /// deal, or the end of the declare window, once nobody is waited on.
    pub fn table_step(&self) -> Option<TableAction> {
        if !Game::waiting_on(self).is_empty() {
            return None;
        }
        match self.dealing() {
            Dealing::Dealing => Some(TableAction::Deal),
            Dealing::Window => Some(TableAction::CloseWindow),
            Dealing::Done => None,
        }
    }

    /// The declarations `seat` can make now, at the table's counter.
    fn declarations_now(&self, seat: Seat) -> Vec<Action> {
        let dealt = self.dealt();
        let mut out: Vec<Action> = Vec::new();
        for a in self.hand.declarations_for(seat) {
            if let Action::Declare { cards, dealt: d } = a {
                if d <= dealt && dealt > 0 {
                    let a = Action::Declare { cards, dealt };
                    if !out.contains(&a) {
                        out.push(a);
                    }
                }
            }
        }
        out
    }

    /// Whether `seat` turned the declaration of `cards` down ("Not now").
    fn turned_down(&self, seat: Seat, cards: &[Card]) -> bool {
        self.table
            .as_ref()
            .is_some_and(|t| t.passed[seat].iter().any(|p| p == cards))
    }

    /// The declarations `seat` can make now and has not turned down.
    fn fresh_declarations(&self, seat: Seat) -> Vec<Action> {
        self.declarations_now(seat)
            .into_iter()
            .filter(
                |a| !matches!(a, Action::Declare { cards, .. } if self.turned_down(seat, cards)),
            )
            .collect()
    }

    /// Whether a person at `seat` holds a declaration he has not turned down.
    fn may_declare(&self, seat: Seat) -> bool {
        self.table.is_some() && !self.is_ai(seat) && !self.fresh_declarations(seat).is_empty()
    }

    /// An AI seat's declaration now, if it wants one.
    fn ai_declaration(&self, seat: Seat) -> Option<Action> {
        if !self.is_ai(seat) {
            return None;
        }
        let options = self.declarations_now(seat);
        if options.is_empty() {
            return None;
        }
        let view = self.view_of(Some(seat));
        choose_declaration(&view.hand, &options, self.dealt())
    }

    fn apply_table(
        &mut self,
        seat: Seat,
        action: &TableAction,
    ) -> Result<Vec<super::Event>, RuleError> {
        let dealing = self.dealing();
        let total = self.hand.deal_total();
        let batch = self.batch();
        let Some(t) = self.table.as_mut() else {
            return match action {
                TableAction::Hand(a) => self.hand.apply(seat, a),
                _ => Err(illegal(
                    crate::keys::ERR_SHENGJI_MALFORMED_TABLE_ACTION,
                    "a single hand has no table steps",
                )),
            };
        };
        let mut recorded = action.clone();
        let events = match action {
            TableAction::Deal => {
                if dealing != Dealing::Dealing {
                    return Err(illegal(
                        crate::keys::ERR_SHENGJI_MALFORMED_TABLE_ACTION,
                        "every card is dealt",
                    ));
                }
                let before = t.dealt;
                t.dealt = (t.dealt + batch).min(total);
                vec![super::Event::Dealt {
                    before,
                    dealt: t.dealt,
                    total,
                }]
            }
            TableAction::CloseWindow => {
                if dealing != Dealing::Window {
                    return Err(illegal(
                        crate::keys::ERR_SHENGJI_MALFORMED_TABLE_ACTION,
                        "the declare window is not open",
                    ));
                }
                t.window_closed = true;
                Vec::new()
            }
            TableAction::Pass => {
                if dealing == Dealing::Done {
                    return Err(illegal(
                        crate::keys::ERR_SHENGJI_DECLARING_CLOSED,
                        "declaring is over",
                    ));
                }
                // Only a declaration not yet turned down can be: a second
                // "Not now" changes nothing, so it is refused (it would
                // otherwise count as the table's last action).
                let open = self.fresh_declarations(seat);
                if open.is_empty() {
                    return Err(illegal(
                        crate::keys::ERR_SHENGJI_NOTHING_TO_PASS,
                        "you have no declaration to turn down",
                    ));
                }
                let t = self.table.as_mut().expect("table mode");
                for a in open {
                    if let Action::Declare { cards, .. } = a {
                        if !t.passed[seat].contains(&cards) {
                            t.passed[seat].push(cards);
                        }
                    }
                }
                Vec::new()
            }
            TableAction::Hand(Action::Declare { cards, .. }) => {
                if dealing == Dealing::Done {
                    return Err(illegal(
                        crate::keys::ERR_SHENGJI_DECLARING_CLOSED,
                        "declaring is over",
                    ));
                }
                // Once every card is dealt, "Not now" is final for the
                // window: what a seat turned down it cannot declare after
                // all (while the cards arrive it still may).
                if dealing == Dealing::Window && t.passed[seat].contains(cards) {
                    return Err(illegal(
                        crate::keys::ERR_SHENGJI_DECLINED_IN_WINDOW,
                        "you turned this declaration down for the window",
                    ));
                }
                if t.dealt == 0 {
                    return Err(illegal(
                        crate::keys::ERR_SHENGJI_DECLARE_NOT_DEALT,
                        "no card has been dealt yet",
                    )
                    .arg("cards", &cards[..])
                    .arg("dealt", 0));
                }
                // Read against the cards dealt so far: the table's counter.
                let a = Action::Declare {
                    cards: cards.clone(),
                    dealt: t.dealt,
                };
                recorded = TableAction::Hand(a.clone());
                self.hand.apply(seat, &a)?
            }
            TableAction::Hand(a) => {
                match dealing {
                    Dealing::Dealing => {
                        return Err(illegal(
                            crate::keys::ERR_SHENGJI_STILL_DEALING,
                            "the cards are still being dealt",
                        ))
                    }
                    Dealing::Window => {
                        return Err(illegal(
                            crate::keys::ERR_SHENGJI_WINDOW_OPEN,
                            "the declare window is still open",
                        ))
                    }
                    Dealing::Done => {}
                }
                self.hand.apply(seat, a)?
            }
        };
        let t = self.table.as_mut().expect("table mode");
        t.actions.push((seat, recorded));
        Ok(events)
    }

    fn view_of(&self, seat: Option<Seat>) -> DealingView {
        let mut v = self.hand.view_for(seat);
        let dealing = self.dealing();
        if self.table.is_some() && v.stage == Stage::Declaring {
            let dealt = self.dealt();
            v.dealt = dealt;
            if let Some(s) = v.viewer {
                let n = self.hand.received_count(s, dealt);
                v.received.truncate(n);
                v.hand = v.received.clone();
            }
            v.hand_sizes = std::array::from_fn(|s| self.hand.received_count(s, dealt));
            if dealing != Dealing::Done {
                // The banker sees the kitty once the window has closed.
                v.kitty = None;
            }
        }
        DealingView {
            hand: v,
            dealing,
            hand_no: self.table.as_ref().map(|t| t.deal.hand).unwrap_or(1),
            ai: self
                .table
                .as_ref()
                .map(|t| t.deal.ai.clone())
                .unwrap_or_else(|| vec![false; SEATS]),
        }
    }
}

impl Game for ShengjiTable {
    type Outcome = super::ShengjiOutcome;
    type Rules = ShengjiRules;
    type Action = TableAction;
    type Event = super::Event;
    type View = DealingView;

    /// A record without `ai` in its deal is a hand's record: a table of
    /// people.
    fn from_record_setup(record: &Record) -> Result<Self, RecordError> {
        if record.deal.get("ai").is_none() {
            let hand = Shengji::from_record_setup(record)?;
            return Ok(ShengjiTable { hand, table: None });
        }
        let (rules, deal) = record.setup()?;
        ShengjiTable::start(rules, deal).map_err(RecordError::Deal)
    }

    /// A match's first hand with every seat a person's.
    fn deal(
        rules: ShengjiRules,
        seats: usize,
        rng: &mut dyn rand::RngCore,
    ) -> Result<Self, RecordError> {
        rules.check_table(seats)?;
        ShengjiTable::deal_hand(rules, vec![false; SEATS], 1, 0, [2, 2], None, rng)
    }

    /// The decks shuffled again; the hand's number, who deals first, the
    /// levels, the banker and the AI seats the record's (a hand's record
    /// as the engine redeals it).
    fn redeal(record: &Record, rng: &mut dyn rand::RngCore) -> Result<Self, RecordError> {
        if record.deal.get("ai").is_none() {
            let hand = Shengji::redeal(record, rng)?;
            return Ok(ShengjiTable { hand, table: None });
        }
        let (rules, d): (ShengjiRules, TableDeal) = record.setup()?;
        ShengjiTable::deal_hand(rules, d.ai, d.hand, d.start, d.levels, d.banker, rng)
    }

    fn seats(&self) -> usize {
        SEATS
    }

    fn waiting_on(&self) -> Vec<Seat> {
        match self.dealing() {
            Dealing::Done if self.table.is_none() => self.hand.waiting(),
            Dealing::Done => match self.hand.phase() {
                Phase::Declaring(_) => vec![self.hand.prospective_banker()],
                _ => self.hand.waiting(),
            },
            // People holding a declaration answer first: were AI seats
            // asked at the same time, the computer (deciding within the
            // table's AI delay) would take every declaration a person was
            // just offered before he could click it.
            Dealing::Dealing | Dealing::Window => {
                let people: Vec<Seat> = (0..SEATS).filter(|&s| self.may_declare(s)).collect();
                if !people.is_empty() {
                    return people;
                }
                (0..SEATS)
                    .filter(|&s| self.ai_declaration(s).is_some())
                    .collect()
            }
        }
    }

    fn apply(&mut self, seat: Seat, action: &TableAction) -> Result<Vec<super::Event>, RuleError> {
        if seat >= SEATS {
            return Err(illegal(
                crate::keys::ERR_NO_SUCH_SEAT,
                format!("seat {seat} does not exist"),
            ));
        }
        // The engine leaves its state untouched on a refusal, and the
        // table's own state changes only after the engine accepted.
        self.apply_table(seat, action)
    }

    /// Declarations at the table's counter while dealing; then the
    /// engine's candidates (module doc of `shengji`).
    fn legal_actions(&self, seat: Seat) -> Vec<TableAction> {
        let hand: Vec<Action> = match self.dealing() {
            Dealing::Done if self.table.is_none() => self.hand.legal(seat),
            Dealing::Done => match self.hand.phase() {
                Phase::Declaring(_) => self
                    .hand
                    .legal(seat)
                    .into_iter()
                    .filter(|a| !matches!(a, Action::Declare { .. }))
                    .collect(),
                _ => self.hand.legal(seat),
            },
            // The declarations the seat has not turned down, and "Not
            // now" while there are any: what "Not now" turned down leaves
            // the menu (new declarations bring it back while the cards
            // arrive; in the window it is final, see `apply_table`).
            Dealing::Dealing | Dealing::Window => {
                let open = self.fresh_declarations(seat);
                let mut out: Vec<TableAction> = open.into_iter().map(TableAction::Hand).collect();
                if !out.is_empty() {
                    out.push(TableAction::Pass);
                }
                return out;
            }
        };
        hand.into_iter().map(TableAction::Hand).collect()
    }

    fn view(&self, seat: Option<Seat>) -> DealingView {
        self.view_of(seat)
    }

    fn is_finished(&self) -> bool {
        matches!(self.hand.phase(), Phase::Finished(_))
    }

    fn outcome(&self) -> Option<super::ShengjiOutcome> {
        self.hand.outcome()
    }

    fn record(&self) -> Record {
        match &self.table {
            None => self.hand.record(),
            Some(t) => Record::of::<Self>(self.hand.rules(), SEATS, &t.deal, &t.actions),
        }
    }
}

/// Chips of a finished hand at `stake` per level: each seat of the team
/// that went up N levels receives N × stake from the opposite seat, and a
/// hand that wins the match moves `bonus` × stake more the same way. In
/// seat order; zero-sum. `None` before the end or on overflow.
pub fn hand_chips(t: &ShengjiTable, stake: i64) -> Option<Vec<i64>> {
    let o = t.hand.typed_outcome()?;
    let b = o.banker;
    let up_banker = o.deltas[b];
    let up_attackers = o.deltas[(b + 1) % SEATS];
    let (winners, n) = if up_banker >= up_attackers {
        (team(b), up_banker)
    } else {
        (1 - team(b), up_attackers)
    };
    let bonus = match o.match_winner {
        Some(w) => i64::from(t.rules().match_bonus) * if w == winners { 1 } else { -1 },
        None => 0,
    };
    let each = n.checked_add(bonus)?.checked_mul(stake)?;
    Some(
        (0..SEATS)
            .map(|s| if team(s) == winners { each } else { -each })
            .collect(),
    )
}
