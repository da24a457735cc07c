//! One hand at a live table ([`PaohuziTable`]): the same hand as
//! [`Paohuzi`], but every seat that may take a card is asked at once and
//! answers in any order, so a claim never waits through the seats one by
//! one. Pure like the engine; the table runtime hosts it through
//! `hosts::paohuzi::table`.
//!
//! How the answers resolve: the engine lists the claimants of the card in
//! the rules' priority ([`Paohuzi::claim_offers`]: wins, then 碰, then 吃).
//! An answer is kept until every claimant before it has answered; then the
//! answers are fed to the engine in that order — the passes of the seats
//! before the first taker, then the take, which ends the question (the
//! answers of the seats after it are dropped). So a higher-priority
//! claimant's answer ends the wait as soon as it comes, a lower one's waits
//! only on the seats above it, and a seat that cannot claim is never asked.
//! A seat asked twice (碰, then 吃) gives one answer: `chi` passes its 碰,
//! `peng` ends the question, `pass` passes both. Because the engine is fed
//! in its own order, the hand is exactly the hand asking one by one gives.
//!
//! Compulsory moves (偎, 提, 跑, the automatic 提) happen inside the
//! engine's `apply` and come out as its events, so the front ends announce
//! them.
//!
//! The record of a live hand is the engine's record with `together: true`
//! in its deal and the answers in the order they came; [`PaohuziTable`]
//! replays it (and a record without the flag replays through the engine,
//! byte for byte as before).
//!
//! What the public may see: while a card is claimed the public view says
//! only that answers are awaited, not who is asked (being asked to 碰 tells
//! that a seat holds a pair); each claimant's own view carries its choices.

use super::action::Action;
use super::ai::BasicBot;
use super::engine::{ClaimClass, ClaimOffer, Origin, Paohuzi, Phase};
use super::events::{Event, QuestionKind};
use super::rules::{PaohuziDeal, PaohuziRules, SEATS};
use super::view::{Asking, PaohuziView};
use super::Card;
use crate::ai::Bot;
use crate::games::{ErrorCode, Game, GameRules, RuleError, Seat};
use crate::record::{Record, RecordError};
use serde::Serialize;

/// A hand at a live table: the engine's hand, the answers given so far and
/// those waiting on a higher claimant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PaohuziTable {
    hand: Paohuzi,
    /// Every answer in the order it came: the record's actions.
    answers: Vec<(Seat, Action)>,
    /// Each seat's answer to the open question, not yet fed to the engine.
    pending: Vec<Option<Action>>,
    /// Counts the questions asked so far (a card's claims are one
    /// question, a discard turn another): it changes exactly when a new
    /// question starts.
    round: u64,
}

/// What identifies the question open now; a new value is a new question.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Question {
    Shown,
    SelfDraw(Seat),
    Claim(Card, Origin),
    Discard(Seat),
    Done,
}

/// The viewer's part in the card claimed now (its private view).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MyClaim {
    /// What it may answer, `pass` last.
    pub choices: Vec<Action>,
    /// What it is asked, in priority order (a seat may be asked to 碰 and
    /// to 吃 the same card).
    pub classes: Vec<ClaimClass>,
    /// Its answer, once given, while a higher claimant has not answered.
    pub answered: Option<Action>,
}

/// A seat's view of a live hand (or the public view).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LiveView {
    /// The hand as the viewer sees it. While a card is claimed `asking` is
    /// the viewer's own question (none for the others and the public).
    #[serde(flatten)]
    pub hand: PaohuziView,
    /// True while answers on a card are awaited (public).
    pub claiming: bool,
    /// The viewer's claim on the card, when it is a claimant.
    pub my_claim: Option<MyClaim>,
}

fn class_rank(c: ClaimClass) -> u8 {
    match c {
        ClaimClass::Hu => 0,
        ClaimClass::Peng => 1,
        ClaimClass::Chi => 2,
    }
}

/// The class an answer takes the card with (`None`: a pass, a discard).
fn answer_class(a: &Action) -> Option<ClaimClass> {
    match a {
        Action::Hu => Some(ClaimClass::Hu),
        Action::Peng => Some(ClaimClass::Peng),
        Action::Chi(_) => Some(ClaimClass::Chi),
        Action::Pass | Action::Discard(_) => None,
    }
}

/// The seat's answer as fed at one of its steps: the take at its own
/// step, a pass at the steps before it (and for a pass).
fn at_step(answer: &Action, class: ClaimClass) -> Action {
    match answer_class(answer) {
        Some(c) if class_rank(c) > class_rank(class) => Action::Pass,
        Some(_) => answer.clone(),
        None => Action::Pass,
    }
}

fn illegal(key: crate::message::Key, message: impl Into<String>) -> RuleError {
    RuleError::new(ErrorCode::IllegalAction, key, message)
}

impl PaohuziTable {
    /// A live hand from its deal (the `together` flag is set).
    pub fn start(rules: PaohuziRules, mut deal: PaohuziDeal) -> Result<PaohuziTable, String> {
        deal.together = true;
        Ok(PaohuziTable {
            hand: Paohuzi::start(rules, deal)?,
            answers: Vec::new(),
            pending: vec![None; SEATS],
            round: 0,
        })
    }

    /// Deals a live hand with the injected RNG, carrying the dealer and the
    /// drawn hands in a row.
    pub fn new_hand(
        rules: PaohuziRules,
        dealer: Seat,
        drawn_in_a_row: u32,
        rng: &mut dyn rand::RngCore,
    ) -> Result<PaohuziTable, RecordError> {
        let hand = Paohuzi::new_hand(rules.clone(), dealer, drawn_in_a_row, rng)?;
        PaohuziTable::start(rules, hand.deal.clone()).map_err(RecordError::Deal)
    }

    /// The next hand at the table once this one is over: the dealer and
    /// the count of drawn hands its outcome gives.
    pub fn next_hand(&self, rng: &mut dyn rand::RngCore) -> Option<PaohuziTable> {
        let o = self.hand.outcome_typed()?;
        PaohuziTable::new_hand(
            self.hand.rules.clone(),
            o.next_dealer,
            o.drawn_in_a_row,
            rng,
        )
        .ok()
    }

    /// The hand inside (the engine's own view of it).
    pub fn hand(&self) -> &Paohuzi {
        &self.hand
    }

    /// The question's number: stays the same while a card's claimants
    /// answer, changes when a new question starts.
    pub fn round(&self) -> u64 {
        self.round
    }

    /// True while the claimants of a card are asked (not a discard turn).
    pub fn claiming(&self) -> bool {
        !self.hand.claim_offers().is_empty()
    }

    fn question(&self) -> Question {
        match self.hand.phase() {
            Phase::ShownHu(_) => Question::Shown,
            Phase::SelfDraw(d) => Question::SelfDraw(d.seat),
            Phase::Claim(c) => Question::Claim(c.card, c.origin),
            Phase::Discard(d) => Question::Discard(d.seat),
            Phase::Finished(_) => Question::Done,
        }
    }

    /// The seat's offers on the open card (empty when it is not asked or
    /// has answered).
    fn offers_of(&self, offers: &[ClaimOffer], seat: Seat) -> Vec<ClaimOffer> {
        if self.pending.get(seat).is_none_or(|p| p.is_some()) {
            return Vec::new();
        }
        offers.iter().filter(|o| o.seat == seat).cloned().collect()
    }

    /// Checks `seat`'s answer as if every claimant before it passed: the
    /// engine's own refusal (臭, 比, a 坎 to keep …) when it cannot be.
    fn check_answer(
        &self,
        offers: &[ClaimOffer],
        seat: Seat,
        answer: &Action,
    ) -> Result<(), RuleError> {
        let mut probe = self.hand.clone();
        let fits = |o: &ClaimOffer| match answer_class(answer) {
            Some(c) => c == o.class,
            None => *answer == Action::Pass,
        };
        let mine: Vec<&ClaimOffer> = offers.iter().filter(|o| o.seat == seat).collect();
        let answerable = mine.iter().any(|o| fits(o));
        for o in offers {
            if o.seat != seat {
                probe.apply(o.seat, &Action::Pass)?;
                continue;
            }
            // An answer that fits none of its questions is put to the
            // first, so the engine says what it is asked.
            let a = if answerable {
                at_step(answer, o.class)
            } else {
                answer.clone()
            };
            probe.apply(seat, &a)?;
            if a != Action::Pass {
                return Ok(());
            }
        }
        if answerable {
            Ok(())
        } else {
            Err(illegal(
                crate::keys::ERR_PAOHUZI_ASKED_CLAIM,
                "you are asked about the card: hu, peng, chi or pass",
            ))
        }
    }

    /// Feeds the engine the answers that can be resolved now, in priority
    /// order, until one is missing or the question ends.
    fn resolve(&mut self) -> Result<Vec<Event>, RuleError> {
        let before = self.question();
        let mut events = Vec::new();
        loop {
            let offers = self.hand.claim_offers();
            let Some(first) = offers.first() else { break };
            let Some(answer) = self.pending[first.seat].clone() else {
                break;
            };
            let a = at_step(&answer, first.class);
            events.extend(self.hand.apply(first.seat, &a)?);
            if self.question() != before {
                break;
            }
        }
        if self.question() != before {
            self.new_question();
        }
        Ok(events)
    }

    fn new_question(&mut self) {
        self.pending = vec![None; SEATS];
        self.round += 1;
    }
}

impl Game for PaohuziTable {
    type Outcome = super::PaohuziOutcome;
    type Rules = PaohuziRules;
    type Action = Action;
    type Event = Event;
    type View = LiveView;

    fn from_record_setup(record: &Record) -> Result<Self, RecordError> {
        let (rules, deal) = record.setup()?;
        PaohuziTable::start(rules, deal).map_err(RecordError::Deal)
    }

    fn deal(
        rules: PaohuziRules,
        seats: usize,
        rng: &mut dyn rand::RngCore,
    ) -> Result<Self, RecordError> {
        rules.check_table(seats)?;
        PaohuziTable::new_hand(rules, 0, 0, rng)
    }

    /// The 80 cards shuffled again; the dealer and the drawn hands in a
    /// row the record's, as the table carried them.
    fn redeal(record: &Record, rng: &mut dyn rand::RngCore) -> Result<Self, RecordError> {
        let (rules, deal): (PaohuziRules, PaohuziDeal) = record.setup()?;
        PaohuziTable::new_hand(rules, deal.dealer, deal.drawn_in_a_row, rng)
    }

    fn seats(&self) -> usize {
        SEATS
    }

    /// Every claimant of the card that has not answered yet, in priority
    /// order; otherwise the seat that must discard.
    fn waiting_on(&self) -> Vec<Seat> {
        let offers = self.hand.claim_offers();
        if offers.is_empty() {
            return self.hand.waiting_on();
        }
        let mut out: Vec<Seat> = Vec::new();
        for o in offers {
            if self.pending[o.seat].is_none() && !out.contains(&o.seat) {
                out.push(o.seat);
            }
        }
        out
    }

    fn apply(&mut self, seat: Seat, action: &Action) -> Result<Vec<Event>, RuleError> {
        if self.hand.outcome_typed().is_some() {
            return Err(RuleError::game_over());
        }
        if seat >= SEATS {
            return Err(illegal(
                crate::keys::ERR_NO_SUCH_SEAT,
                format!("seat {seat} does not exist"),
            ));
        }
        let offers = self.hand.claim_offers();
        if offers.is_empty() {
            let before = self.question();
            let events = self.hand.apply(seat, action)?;
            self.answers.push((seat, action.clone()));
            if self.question() != before {
                self.new_question();
            }
            return Ok(events);
        }
        if !offers.iter().any(|o| o.seat == seat) {
            // Not a claimant: the engine says why (臭, its own discard …).
            return Err(match self.hand.clone().apply(seat, action) {
                Err(e) => e,
                Ok(_) => RuleError::not_your_turn(),
            });
        }
        if self.pending[seat].is_some() {
            return Err(illegal(
                crate::keys::ERR_PAOHUZI_ANSWERED,
                "you have answered: the others' answers are awaited",
            ));
        }
        self.check_answer(&offers, seat, action)?;
        let mut next = self.clone();
        next.pending[seat] = Some(action.clone());
        next.answers.push((seat, action.clone()));
        let events = next.resolve()?;
        *self = next;
        Ok(events)
    }

    fn legal_actions(&self, seat: Seat) -> Vec<Action> {
        let offers = self.hand.claim_offers();
        if offers.is_empty() {
            return self.hand.legal_actions(seat);
        }
        let mut out: Vec<Action> = Vec::new();
        for o in self.offers_of(&offers, seat) {
            for a in o.actions {
                if a != Action::Pass && !out.contains(&a) {
                    out.push(a);
                }
            }
        }
        if !out.is_empty() {
            out.push(Action::Pass);
        }
        out
    }

    fn view(&self, seat: Option<Seat>) -> LiveView {
        let mut hand = self.hand.view_for(seat);
        let offers = self.hand.claim_offers();
        let claiming = !offers.is_empty();
        let mut my_claim = None;
        if claiming {
            hand.asking = None;
            if let Some(s) = seat {
                let mine: Vec<&ClaimOffer> = offers.iter().filter(|o| o.seat == s).collect();
                if !mine.is_empty() {
                    let shown = matches!(self.hand.phase(), Phase::ShownHu(_));
                    let answered = self.pending[s].clone();
                    if answered.is_none() {
                        hand.asking = Some(Asking {
                            seat: s,
                            question: match mine[0].class {
                                ClaimClass::Hu if shown => QuestionKind::TianHu,
                                ClaimClass::Hu => QuestionKind::Hu,
                                ClaimClass::Peng => QuestionKind::Peng,
                                ClaimClass::Chi => QuestionKind::Chi,
                            },
                        });
                    }
                    my_claim = Some(MyClaim {
                        choices: if answered.is_none() {
                            self.legal_actions(s)
                        } else {
                            Vec::new()
                        },
                        classes: mine.iter().map(|o| o.class).collect(),
                        answered,
                    });
                }
            }
        }
        LiveView {
            hand,
            claiming,
            my_claim,
        }
    }

    fn is_finished(&self) -> bool {
        self.hand.outcome_typed().is_some()
    }

    fn outcome(&self) -> Option<super::PaohuziOutcome> {
        Game::outcome(&self.hand)
    }

    fn record(&self) -> Record {
        Record::of::<Self>(&self.hand.rules, SEATS, &self.hand.deal, &self.answers)
    }
}

/// The basic bot at a live table: it sees the seat's view, whose `asking`
/// is the seat's own question, and plays as [`BasicBot`] does.
#[derive(Clone, Copy, Debug, Default)]
pub struct TableBot;

impl Bot<PaohuziTable> for TableBot {
    fn choose(&mut self, view: &LiveView, legal: &[Action], rng: &mut dyn rand::RngCore) -> Action {
        <BasicBot as Bot<Paohuzi>>::choose(&mut BasicBot, &view.hand, legal, rng)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::replay_game;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    /// Plays live hands with answers in random order and checks that the
    /// engine, asked one by one with the resolved actions, ends the same.
    #[test]
    fn answers_in_any_order_end_as_the_engine_does() {
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        let mut bot = TableBot;
        let mut claims_together = 0;
        for _ in 0..60 {
            let mut t = PaohuziTable::new_hand(PaohuziRules::default(), 0, 0, &mut rng).unwrap();
            let mut steps = 0;
            while !t.is_finished() {
                let waiting = t.waiting_on();
                assert!(!waiting.is_empty(), "a live hand waits on someone");
                if waiting.len() > 1 {
                    claims_together += 1;
                }
                // The last waiting seat answers first: the reverse of the
                // engine's order.
                let seat = *waiting.last().unwrap();
                let legal = t.legal_actions(seat);
                assert!(!legal.is_empty());
                let a = bot.choose(&t.view(Some(seat)), &legal, &mut rng);
                let round = t.round();
                t.apply(seat, &a).unwrap();
                assert!(t.round() >= round);
                steps += 1;
                assert!(steps < 2000);
            }
            let record = t.record();
            assert_eq!(record.deal["together"], true);
            match replay_game::<PaohuziTable>(&record).unwrap() {
                crate::record::Verdict::Ok { outcome, .. } => {
                    assert_eq!(
                        outcome,
                        t.outcome().map(|o| crate::games::GameOutcome::to_json(&o))
                    )
                }
                other => panic!("{other:?}"),
            }
            // The same deal, asked one by one with the answers the engine
            // received, ends the same.
            let mut engine = Paohuzi::start(t.hand.rules.clone(), t.hand.deal.clone()).unwrap();
            for (seat, a) in &t.hand.actions {
                engine.apply(*seat, a).unwrap();
            }
            assert_eq!(engine.outcome_typed(), t.hand.outcome_typed());
        }
        assert!(claims_together > 0, "no card had two claimants");
    }

    #[test]
    fn a_seat_answers_once_and_others_are_refused() {
        let mut rng = ChaCha8Rng::seed_from_u64(11);
        for _ in 0..200 {
            let mut t = PaohuziTable::new_hand(PaohuziRules::default(), 0, 0, &mut rng).unwrap();
            while !t.is_finished() {
                let waiting = t.waiting_on();
                if waiting.len() > 1 {
                    let (a, b) = (waiting[0], waiting[1]);
                    // The lower claimant passes first: it waits on the
                    // higher one, and cannot answer again.
                    let before = t.clone();
                    t.apply(b, &Action::Pass).unwrap();
                    assert!(!t.waiting_on().contains(&b));
                    assert!(t.waiting_on().contains(&a));
                    assert_eq!(t.round(), before.round());
                    let again = t.apply(b, &Action::Pass).unwrap_err();
                    assert_eq!(again.key, "err-paohuzi-answered");
                    let not_asked = (0..3).find(|s| !waiting.contains(s));
                    if let Some(s) = not_asked {
                        assert!(t.apply(s, &Action::Peng).is_err());
                    }
                    return;
                }
                let seat = waiting[0];
                let legal = t.legal_actions(seat);
                let a = TableBot.choose(&t.view(Some(seat)), &legal, &mut rng);
                t.apply(seat, &a).unwrap();
            }
        }
        panic!("no card had two claimants in 200 hands");
    }
}
