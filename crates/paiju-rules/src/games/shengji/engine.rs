//! The hand's state machine: declaring during the deal (closed by the
//! banker's bury, or by his first lead when there is no kitty), then
//! tricks, then the score. Every refusal leaves the state untouched.

use super::action::Action;
use super::declare::{self, Declaration, NotADeclaration};
use super::events::Event;
use super::order::{fold_suit, points_of, suit_name, Order};
use super::play::{
    check_follow, follow_candidates, lead_candidates, resolve_throw, trick_winner, uniform_suit,
    FollowError, Lead,
};
use super::rules::{team, ShengjiDeal, ShengjiRules, SEATS};
use super::score::{self, ShengjiOutcome};
use super::units::Unit;
use crate::cards::{contains_all, remove_cards, Card, Rank, Suit};
use crate::games::{ErrorCode, GameRules, RuleError, Seat};
use serde::Serialize;
use std::sync::Arc;

/// A hand of Shengji.
#[derive(Clone, Debug)]
pub struct Shengji {
    pub(super) rules: ShengjiRules,
    pub(super) deal: ShengjiDeal,
    pub(super) actions: Vec<(Seat, Action)>,
    /// Each seat's cards in the order dealt (never changes).
    pub(super) received: [Vec<Card>; SEATS],
    /// Each seat's cards now.
    pub(super) hands: [Vec<Card>; SEATS],
    /// The kitty as dealt.
    pub(super) kitty: Vec<Card>,
    pub(super) phase: Phase,
}

/// Where the hand is.
#[derive(Clone, Debug)]
pub enum Phase {
    Declaring(Declaring),
    Playing(Box<Playing>),
    Finished(Box<Finished>),
}

/// During the deal: the declarations so far.
#[derive(Clone, Debug, Default)]
pub struct Declaring {
    pub declarations: Vec<Declaration>,
    /// The largest `dealt` recorded so far.
    pub last_dealt: usize,
}

impl Declaring {
    pub fn standing(&self) -> Option<&Declaration> {
        self.declarations.last()
    }
}

/// What declaring settled.
#[derive(Clone, Debug)]
pub struct Settled {
    pub banker: Seat,
    pub level: Rank,
    pub trump: Option<Suit>,
    pub order: Order,
    pub declaration: Option<Declaration>,
    /// Every declaration made, in order.
    pub declarations: Vec<Declaration>,
    /// With `no_declare: flip`, the kitty card that decided.
    pub flipped: Option<Card>,
    pub buried: Vec<Card>,
}

/// One finished trick.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TrickDone {
    pub leader: Seat,
    pub plays: Vec<(Seat, Vec<Card>)>,
    /// A failed throw's whole attempt (the leader played `plays[0]`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub attempted: Option<Vec<Card>>,
    pub winner: Seat,
    pub points: i64,
}

/// The finished tricks, shared: every seat's view and every copy of the
/// hand (a table applies an action to a copy) hold them without copying
/// a hundred small vectors. A trick is added through [`Arc::make_mut`],
/// which copies only when a view is still alive.
pub type Tricks = Arc<Vec<TrickDone>>;

/// The tricks.
#[derive(Clone, Debug)]
pub struct Playing {
    pub settled: Settled,
    pub turn: Seat,
    pub lead: Option<Lead>,
    pub trick: Vec<(Seat, Vec<Card>)>,
    pub attempted: Option<Vec<Card>>,
    pub tricks: Tricks,
    /// Points the attackers took in tricks.
    pub trick_points: i64,
    /// Throw penalties (+ for the attackers, − against them).
    pub penalty: i64,
}

#[derive(Clone, Debug)]
pub struct Finished {
    pub playing: Playing,
    pub outcome: ShengjiOutcome,
}

/// The record letter of a trump suit (`none` for no trump).
pub fn trump_name(trump: Option<Suit>) -> &'static str {
    match trump {
        Some(s) => suit_name(1 + s as usize),
        None => "none",
    }
}

fn illegal(key: crate::message::Key, message: impl Into<String>) -> RuleError {
    RuleError::new(ErrorCode::IllegalAction, key, message)
}

/// Why cards do not declare now, before any words are made.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum DeclareRefusal {
    /// `dealt` is outside 1..=the cards dealt.
    DealtRange,
    /// Before a declaration already recorded.
    DealtOrder,
    /// Not among the seat's first `dealt` cards.
    NotDealt,
    Shape(NotADeclaration),
    /// Not stronger than the standing declaration.
    Weaker,
}

/// Cards for a refusal, one word each (the front ends turn `BJ` into the
/// player's words).
fn pretty(cards: &[Card]) -> String {
    cards
        .iter()
        .map(|c| c.pretty())
        .collect::<Vec<_>>()
        .join(" ")
}

impl Shengji {
    /// Builds a hand from its rules and deal.
    pub fn start(rules: ShengjiRules, deal: ShengjiDeal) -> Result<Shengji, String> {
        rules.check_table(SEATS).map_err(|e| e.to_string())?;
        deal.check(&rules)?;
        let dealt = rules.hand_size() * SEATS;
        let mut received: [Vec<Card>; SEATS] = Default::default();
        for (i, &c) in deal.deck[..dealt].iter().enumerate() {
            received[(deal.start + i) % SEATS].push(c);
        }
        let kitty = deal.deck[dealt..].to_vec();
        Ok(Shengji {
            hands: received.clone(),
            received,
            kitty,
            rules,
            deal,
            actions: Vec::new(),
            phase: Phase::Declaring(Declaring::default()),
        })
    }

    pub fn rules(&self) -> &ShengjiRules {
        &self.rules
    }

    pub fn deal_record(&self) -> &ShengjiDeal {
        &self.deal
    }

    pub fn phase(&self) -> &Phase {
        &self.phase
    }

    /// Cards dealt in all (the kitty excluded).
    pub fn deal_total(&self) -> usize {
        self.rules.hand_size() * SEATS
    }

    /// How many of `seat`'s cards it had received after `dealt` cards.
    pub fn received_count(&self, seat: Seat, dealt: usize) -> usize {
        let offset = (seat + SEATS - self.deal.start) % SEATS;
        if dealt > offset {
            (dealt - offset).div_ceil(SEATS).min(self.rules.hand_size())
        } else {
            0
        }
    }

    /// `seat`'s cards after `dealt` cards of the deal, in the order received:
    /// what a live table shows while the cards arrive one by one.
    pub fn received_by(&self, seat: Seat, dealt: usize) -> &[Card] {
        &self.received[seat][..self.received_count(seat, dealt)]
    }

    /// The banker, once known: given by the deal, else the first declarer.
    pub fn banker(&self) -> Option<Seat> {
        match &self.phase {
            Phase::Declaring(d) => self
                .deal
                .banker
                .or_else(|| d.declarations.first().map(|d| d.seat)),
            Phase::Playing(p) => Some(p.settled.banker),
            Phase::Finished(f) => Some(f.playing.settled.banker),
        }
    }

    /// The seat that buries (or leads, with no kitty) to close declaring:
    /// the banker, or seat 0 in a first hand nobody has declared in yet.
    pub fn prospective_banker(&self) -> Seat {
        self.banker().unwrap_or(0)
    }

    fn level_of_team(&self, t: usize) -> Rank {
        Rank::from_value(self.deal.levels[t]).expect("levels checked at the deal")
    }

    /// The settled state of the tricks (None while declaring).
    pub fn playing(&self) -> Option<&Playing> {
        match &self.phase {
            Phase::Playing(p) => Some(p),
            Phase::Finished(f) => Some(&f.playing),
            Phase::Declaring(_) => None,
        }
    }

    pub fn typed_outcome(&self) -> Option<&ShengjiOutcome> {
        match &self.phase {
            Phase::Finished(f) => Some(&f.outcome),
            _ => None,
        }
    }

    pub fn hand(&self, seat: Seat) -> &[Card] {
        &self.hands[seat]
    }

    /// Whose turn it is to play (None while declaring or once finished).
    pub fn to_play(&self) -> Option<Seat> {
        match &self.phase {
            Phase::Playing(p) => Some(p.turn),
            _ => None,
        }
    }

    /// What closing the declaring now would settle (banker, trump, order).
    pub fn settle_now(&self, d: &Declaring) -> Settled {
        let banker = self.prospective_banker();
        let level = self.level_of_team(team(banker));
        let two_colors = self.rules.two_colors;
        let (trump, flipped) = match d.standing() {
            Some(s) => (s.trump.map(|t| fold_suit(t, two_colors)), None),
            None => match self.rules.no_declare {
                super::rules::NoDeclare::NoTrump => (None, None),
                super::rules::NoDeclare::Flip => {
                    let found = self
                        .kitty
                        .iter()
                        .copied()
                        .find(|c| c.is_joker() || c.rank() == Some(level));
                    (
                        found
                            .and_then(|c| c.suit())
                            .map(|s| fold_suit(s, two_colors)),
                        found,
                    )
                }
            },
        };
        Settled {
            banker,
            level,
            trump,
            order: Order::new(level, trump, self.rules.twos_trump, two_colors),
            declaration: d.standing().cloned(),
            declarations: d.declarations.clone(),
            flipped,
            buried: Vec::new(),
        }
    }

    pub fn apply(&mut self, seat: Seat, action: &Action) -> Result<Vec<Event>, RuleError> {
        if seat >= SEATS {
            return Err(illegal(
                crate::keys::ERR_NO_SUCH_SEAT,
                format!("seat {seat} does not exist"),
            ));
        }
        let events = match action {
            Action::Declare { cards, dealt } => self.declare(seat, cards, *dealt)?,
            Action::Bury(cards) => self.bury(seat, cards)?,
            Action::Play(cards) => self.play(seat, cards)?,
        };
        self.actions.push((seat, action.clone()));
        Ok(events)
    }

    /// Reads a declaration of `seat` (the level is its team's in a first
    /// hand nobody has declared in, else the banker's), or says why not in
    /// words ([`Shengji::declare_error`]).
    fn read_declaration(
        &self,
        d: &Declaring,
        seat: Seat,
        cards: &[Card],
        dealt: usize,
    ) -> Result<Declaration, RuleError> {
        self.check_declaration(d, seat, cards, dealt)
            .map_err(|why| self.declare_error(d, seat, cards, dealt, why))
    }

    /// The level `seat` declares at.
    fn declaring_level(&self, seat: Seat) -> Rank {
        self.level_of_team(team(self.banker().unwrap_or(seat)))
    }

    /// [`Shengji::read_declaration`] without the words: candidates are
    /// tried by the hundred in a hand and most are refused, so a refusal
    /// is only a reason until a player needs to read it.
    fn check_declaration(
        &self,
        d: &Declaring,
        seat: Seat,
        cards: &[Card],
        dealt: usize,
    ) -> Result<Declaration, DeclareRefusal> {
        let total = self.deal_total();
        if dealt == 0 || dealt > total {
            return Err(DeclareRefusal::DealtRange);
        }
        if dealt < d.last_dealt {
            return Err(DeclareRefusal::DealtOrder);
        }
        if cards.is_empty() || !contains_all(self.received_by(seat, dealt), cards) {
            return Err(DeclareRefusal::NotDealt);
        }
        let level = self.declaring_level(seat);
        let (strength, trump) =
            declare::read(cards, level, self.rules.two_colors).map_err(DeclareRefusal::Shape)?;
        if let Some(s) = d.standing() {
            if strength <= s.strength {
                return Err(DeclareRefusal::Weaker);
            }
        }
        Ok(Declaration {
            seat,
            cards: cards.to_vec(),
            strength,
            trump: trump.map(|t| fold_suit(t, self.rules.two_colors)),
            dealt,
        })
    }

    /// The words of a declaration's refusal.
    fn declare_error(
        &self,
        d: &Declaring,
        seat: Seat,
        cards: &[Card],
        dealt: usize,
        why: DeclareRefusal,
    ) -> RuleError {
        match why {
            DeclareRefusal::DealtRange => {
                let total = self.deal_total();
                illegal(
                    crate::keys::ERR_SHENGJI_DECLARE_DEALT_RANGE,
                    format!("`dealt` is 1 to {total}, not {dealt}"),
                )
                .arg("dealt", dealt)
                .arg("total", total)
            }
            DeclareRefusal::DealtOrder => illegal(
                crate::keys::ERR_SHENGJI_DECLARE_DEALT_ORDER,
                format!(
                    "a declaration after {dealt} cards comes before one already made after {}",
                    d.last_dealt
                ),
            )
            .arg("dealt", dealt)
            .arg("last", d.last_dealt),
            DeclareRefusal::NotDealt => illegal(
                crate::keys::ERR_SHENGJI_DECLARE_NOT_DEALT,
                format!(
                    "{} {} not among your first cards after {dealt} were dealt",
                    pretty(cards),
                    if cards.len() == 1 { "is" } else { "are" }
                ),
            )
            .arg("cards", cards)
            .arg("dealt", dealt),
            DeclareRefusal::Shape(e) => {
                let level = self.declaring_level(seat);
                let why = match e {
                    NotADeclaration::Mixed => "the cards are not all the same",
                    NotADeclaration::NotLevel => "only level cards or a pair of jokers declare",
                    NotADeclaration::TooMany => "a declaration is at most three cards",
                };
                illegal(
                    crate::keys::ERR_SHENGJI_DECLARE_SHAPE,
                    format!(
                        "{} is no declaration: {why} (the level is {})",
                        pretty(cards),
                        level.display()
                    ),
                )
                .arg("cards", cards)
                .arg("level", level.display())
            }
            DeclareRefusal::Weaker => {
                let standing = d.standing().map(|s| pretty(&s.cards)).unwrap_or_default();
                let standing_cards = d.standing().map(|s| s.cards.to_vec()).unwrap_or_default();
                illegal(
                    crate::keys::ERR_SHENGJI_DECLARE_WEAKER,
                    format!(
                        "{} does not beat the standing declaration {standing}",
                        pretty(cards),
                    ),
                )
                .arg("cards", cards)
                .arg("standing", standing_cards)
            }
        }
    }

    fn declare(
        &mut self,
        seat: Seat,
        cards: &[Card],
        dealt: usize,
    ) -> Result<Vec<Event>, RuleError> {
        let Phase::Declaring(d) = &self.phase else {
            return Err(self.closed_error());
        };
        let decl = self.read_declaration(d, seat, cards, dealt)?;
        let Phase::Declaring(d) = &mut self.phase else {
            unreachable!("checked above")
        };
        d.last_dealt = dealt;
        d.declarations.push(decl.clone());
        Ok(vec![Event::Declared {
            seat,
            cards: decl.cards,
            strength: decl.strength,
            trump: trump_name(decl.trump),
        }])
    }

    fn closed_error(&self) -> RuleError {
        if matches!(self.phase, Phase::Finished(_)) {
            RuleError::game_over()
        } else {
            illegal(
                crate::keys::ERR_SHENGJI_DECLARING_CLOSED,
                "declaring is over",
            )
        }
    }

    fn bury(&mut self, seat: Seat, cards: &[Card]) -> Result<Vec<Event>, RuleError> {
        let Phase::Declaring(d) = &self.phase else {
            return Err(if matches!(self.phase, Phase::Finished(_)) {
                RuleError::game_over()
            } else {
                illegal(
                    crate::keys::ERR_SHENGJI_BURY_NOW,
                    "the kitty is already buried",
                )
            });
        };
        let k = self.rules.kitty_size();
        if k == 0 {
            return Err(illegal(
                crate::keys::ERR_SHENGJI_NO_KITTY,
                "there is no kitty with 4 decks: lead",
            ));
        }
        if seat != self.prospective_banker() {
            return Err(RuleError::not_your_turn());
        }
        if cards.len() != k {
            return Err(illegal(
                crate::keys::ERR_SHENGJI_BURY_COUNT,
                format!("bury exactly {k} cards, not {}", cards.len()),
            )
            .arg("count", k)
            .arg("given", cards.len()));
        }
        let mut pool = self.hands[seat].clone();
        pool.extend_from_slice(&self.kitty);
        if remove_cards(&mut pool, cards).is_err() {
            return Err(illegal(
                crate::keys::ERR_SHENGJI_NOT_IN_HAND,
                format!("{} is not in your hand and the kitty", pretty(cards)),
            )
            .arg("cards", cards));
        }
        let mut settled = self.settle_now(d);
        settled.buried = cards.to_vec();
        let mut events = vec![Event::DeclaringClosed {
            banker: settled.banker,
            trump: trump_name(settled.trump),
            flipped: settled.flipped,
        }];
        events.push(Event::Buried {
            seat,
            count: cards.len(),
        });
        self.hands[seat] = pool;
        self.phase = Phase::Playing(Box::new(Playing {
            turn: settled.banker,
            settled,
            lead: None,
            trick: Vec::new(),
            attempted: None,
            tricks: Tricks::default(),
            trick_points: 0,
            penalty: 0,
        }));
        Ok(events)
    }

    /// Plays `cards` for `seat`. Everything is checked before anything
    /// changes ([`Shengji::check_play_in`]); then the trick is updated in
    /// place — the hand's state is never copied for a play.
    fn play(&mut self, seat: Seat, cards: &[Card]) -> Result<Vec<Event>, RuleError> {
        let mut events = Vec::new();
        // With no kitty (4 decks) the banker's first lead closes declaring:
        // it is checked against the tricks it would open.
        let opening = match &self.phase {
            Phase::Finished(_) => return Err(RuleError::game_over()),
            Phase::Declaring(d) => {
                if seat != self.prospective_banker() {
                    return Err(RuleError::not_your_turn());
                }
                if self.rules.kitty_size() > 0 {
                    return Err(illegal(
                        crate::keys::ERR_SHENGJI_BURY_FIRST,
                        "bury the kitty before the first lead",
                    ));
                }
                let settled = self.settle_now(d);
                Some(Playing {
                    turn: settled.banker,
                    settled,
                    lead: None,
                    trick: Vec::new(),
                    attempted: None,
                    tricks: Tricks::default(),
                    trick_points: 0,
                    penalty: 0,
                })
            }
            Phase::Playing(_) => None,
        };
        let led_suit = match (&opening, &self.phase) {
            (Some(p), _) => self.check_play_in(p, seat, cards)?,
            (None, Phase::Playing(p)) => self.check_play_in(p, seat, cards)?,
            (None, _) => unreachable!("the other phases returned above"),
        };
        if let Some(p) = opening {
            events.push(Event::DeclaringClosed {
                banker: p.settled.banker,
                trump: trump_name(p.settled.trump),
                flipped: p.settled.flipped,
            });
            self.phase = Phase::Playing(Box::new(p));
        }
        let Phase::Playing(playing) = &mut self.phase else {
            unreachable!("the hand is playing now")
        };
        let order = &playing.settled.order;
        let width = self.rules.max_width();
        let played: Vec<Card> = match led_suit {
            Some(si) => {
                let others: Vec<(Seat, &[Card])> = (1..SEATS)
                    .map(|i| (seat + i) % SEATS)
                    .map(|s| (s, self.hands[s].as_slice()))
                    .collect();
                let actual = match resolve_throw(order, si, cards, &others, width) {
                    Some(f) => {
                        let penalty = self.rules.throw_penalty as i64;
                        let sign = if team(seat) == team(playing.settled.banker) {
                            1
                        } else {
                            -1
                        };
                        playing.penalty += sign * penalty;
                        events.push(Event::ThrowFailed {
                            seat,
                            attempted: cards.to_vec(),
                            played: f.played.clone(),
                            beaten_by: f.beaten_by,
                            penalty: self.rules.throw_penalty,
                        });
                        playing.attempted = Some(cards.to_vec());
                        f.played
                    }
                    None => {
                        playing.attempted = None;
                        cards.to_vec()
                    }
                };
                playing.lead = Some(Lead::new(order, si, &actual, width));
                actual
            }
            None => cards.to_vec(),
        };
        remove_cards(&mut self.hands[seat], &played).expect("checked in hand");
        events.push(Event::Played {
            seat,
            cards: played.clone(),
        });
        playing.trick.push((seat, played));
        if playing.trick.len() < SEATS {
            playing.turn = (seat + 1) % SEATS;
            return Ok(events);
        }
        let lead = playing.lead.take().expect("a trick has a lead");
        let plays: Vec<&[Card]> = playing.trick.iter().map(|(_, c)| c.as_slice()).collect();
        let winner = playing.trick[trick_winner(&playing.settled.order, &lead, &plays)].0;
        let pts: i64 = playing.trick.iter().map(|(_, c)| points_of(c)).sum();
        let attackers = team(winner) != team(playing.settled.banker);
        if attackers {
            playing.trick_points += pts;
        }
        Arc::make_mut(&mut playing.tricks).push(TrickDone {
            leader: playing.trick[0].0,
            plays: std::mem::take(&mut playing.trick),
            attempted: playing.attempted.take(),
            winner,
            points: pts,
        });
        playing.turn = winner;
        events.push(Event::TrickWon {
            seat: winner,
            points: pts,
            attackers_points: playing.trick_points,
        });
        if self.hands.iter().all(|h| h.is_empty()) {
            let outcome = score::settle(&self.rules, &self.deal, playing, &lead);
            events.push(Event::HandOver {
                outcome: outcome.clone(),
            });
            let Phase::Playing(playing) =
                std::mem::replace(&mut self.phase, Phase::Declaring(Declaring::default()))
            else {
                unreachable!("the hand was playing")
            };
            self.phase = Phase::Finished(Box::new(Finished {
                playing: *playing,
                outcome,
            }));
        }
        Ok(events)
    }

    /// The seats the hand waits on: while declaring, every seat holding a
    /// stronger declaration and the seat that closes declaring; then the
    /// seat to play.
    pub fn waiting(&self) -> Vec<Seat> {
        match &self.phase {
            Phase::Declaring(_) => {
                let b = self.prospective_banker();
                (0..SEATS)
                    .filter(|&s| s == b || !self.declarations_for(s).is_empty())
                    .collect()
            }
            Phase::Playing(p) => vec![p.turn],
            Phase::Finished(_) => Vec::new(),
        }
    }

    /// Every declaration `seat` can make now, each with the smallest
    /// `dealt` at which it had the cards (never below the last one recorded).
    pub fn declarations_for(&self, seat: Seat) -> Vec<Action> {
        let Phase::Declaring(d) = &self.phase else {
            return Vec::new();
        };
        let total = self.deal_total();
        let mut out = Vec::new();
        let mut seen: Vec<Vec<Card>> = Vec::new();
        let received = &self.received[seat];
        let offset = (seat + SEATS - self.deal.start) % SEATS;
        // Only level cards and jokers declare: the other cards are not
        // worth trying (this runs for every seat at every card dealt).
        let level = self.declaring_level(seat);
        for (j, &c) in received.iter().enumerate() {
            if !(c.is_joker() || c.rank() == Some(level)) {
                continue;
            }
            // Cards the same as c after folding, up to and including j.
            let fc = fold(c, self.rules.two_colors);
            let same: Vec<usize> = (0..=j)
                .filter(|&i| fold(received[i], self.rules.two_colors) == fc)
                .collect();
            for n in 1..=same.len().min(3) {
                let cards: Vec<Card> = same[same.len() - n..]
                    .iter()
                    .map(|&i| received[i])
                    .collect();
                let mut sorted = cards.clone();
                sorted.sort_unstable();
                if seen.contains(&sorted) {
                    continue;
                }
                let dealt = (j * SEATS + offset + 1).max(d.last_dealt).min(total);
                if self.check_declaration(d, seat, &cards, dealt).is_ok() {
                    seen.push(sorted);
                    out.push(Action::Declare { cards, dealt });
                }
            }
        }
        out
    }

    /// Sensible burials for the banker: cheap plain cards, keeping pairs
    /// and points; cheap cards regardless of pairs; the kitty as dealt.
    pub fn bury_candidates(&self, seat: Seat) -> Vec<Action> {
        let Phase::Declaring(d) = &self.phase else {
            return Vec::new();
        };
        let k = self.rules.kitty_size();
        if k == 0 || seat != self.prospective_banker() {
            return Vec::new();
        }
        let order = self.settle_now(d).order;
        let mut pool = self.hands[seat].clone();
        pool.extend_from_slice(&self.kitty);
        let counts = super::units::counts_of(&order, &pool);
        let paired = |c: &Card| counts[order.key(*c) as usize] >= 2;
        let mut out: Vec<Vec<Card>> = Vec::new();
        let mut a = pool.clone();
        a.sort_by_key(|c| {
            (
                order.is_trump(*c),
                paired(c),
                super::order::points(*c) > 0,
                order.value(*c),
            )
        });
        out.push(a[..k].to_vec());
        let mut b = pool.clone();
        b.sort_by_key(|c| {
            (
                order.is_trump(*c),
                super::order::points(*c),
                order.value(*c),
            )
        });
        out.push(b[..k].to_vec());
        out.push(self.kitty.clone());
        let mut actions = Vec::new();
        for mut cards in out {
            cards.sort_unstable();
            let a = Action::Bury(cards);
            if !actions.contains(&a) {
                actions.push(a);
            }
        }
        actions
    }

    /// Cards `seat` cannot see, counted by key: every card but its own
    /// hand, the cards played so far and (the banker's) buried ones.
    pub fn unseen_by(&self, seat: Seat, p: &Playing) -> super::units::Counts {
        let order = &p.settled.order;
        let mut c = [0u8; 54];
        for card in crate::cards::standard_deck() {
            c[order.key(card) as usize] += self.rules.decks;
        }
        let mut remove = |cards: &[Card]| {
            for &card in cards {
                c[order.key(card) as usize] -= 1;
            }
        };
        remove(&self.hands[seat]);
        for t in p.tricks.iter() {
            for (_, cards) in &t.plays {
                remove(cards);
            }
        }
        for (_, cards) in &p.trick {
            remove(cards);
        }
        if seat == p.settled.banker {
            remove(&p.settled.buried);
        }
        c
    }

    /// The candidate actions of `seat` (see the module doc of `shengji`).
    pub fn legal(&self, seat: Seat) -> Vec<Action> {
        if seat >= SEATS {
            return Vec::new();
        }
        match &self.phase {
            Phase::Declaring(d) => {
                let mut out = self.declarations_for(seat);
                if seat == self.prospective_banker() {
                    if self.rules.kitty_size() > 0 {
                        out.extend(self.bury_candidates(seat));
                    } else {
                        let settled = self.settle_now(d);
                        let p = Playing {
                            turn: seat,
                            settled,
                            lead: None,
                            trick: Vec::new(),
                            attempted: None,
                            tricks: Tricks::default(),
                            trick_points: 0,
                            penalty: 0,
                        };
                        out.extend(self.play_candidates(seat, &p));
                    }
                }
                out
            }
            Phase::Playing(p) if p.turn == seat => self.play_candidates(seat, p),
            _ => Vec::new(),
        }
    }

    fn play_candidates(&self, seat: Seat, p: &Playing) -> Vec<Action> {
        let order = &p.settled.order;
        let hand = &self.hands[seat];
        let plays = match &p.lead {
            None => lead_candidates(
                order,
                hand,
                &self.unseen_by(seat, p),
                self.rules.max_width(),
            ),
            Some(lead) => follow_candidates(order, lead, hand),
        };
        plays.into_iter().map(Action::Play).collect()
    }

    /// Checks a proposed play of the seat to play without applying it:
    /// the fast check a front end runs as the player picks cards.
    pub fn check_play(&self, seat: Seat, cards: &[Card]) -> Result<(), RuleError> {
        let Phase::Playing(p) = &self.phase else {
            return Err(self.closed_error());
        };
        self.check_play_in(p, seat, cards).map(|_| ())
    }

    /// Checks a play of `seat` in the tricks `p`: the suit index of a lead
    /// (`Some`), or `None` for a valid follow.
    fn check_play_in(
        &self,
        p: &Playing,
        seat: Seat,
        cards: &[Card],
    ) -> Result<Option<usize>, RuleError> {
        if seat != p.turn {
            return Err(RuleError::not_your_turn());
        }
        if cards.is_empty() {
            return Err(illegal(
                crate::keys::ERR_SHENGJI_PLAY_EMPTY,
                "play at least one card",
            ));
        }
        if !contains_all(&self.hands[seat], cards) {
            return Err(illegal(
                crate::keys::ERR_SHENGJI_NOT_IN_HAND,
                format!("{} is not in your hand", pretty(cards)),
            )
            .arg("cards", cards));
        }
        let order = &p.settled.order;
        match &p.lead {
            None => uniform_suit(order, cards).map(Some).ok_or_else(|| {
                illegal(
                    crate::keys::ERR_SHENGJI_LEAD_MIXED,
                    format!("{}: a lead is of one suit (or all trumps)", pretty(cards)),
                )
                .arg("cards", cards)
            }),
            Some(lead) => {
                if cards.len() != lead.size {
                    return Err(illegal(
                        crate::keys::ERR_SHENGJI_FOLLOW_COUNT,
                        format!(
                            "play {} {}, as many as the lead",
                            lead.size,
                            if lead.size == 1 { "card" } else { "cards" }
                        ),
                    )
                    .arg("count", lead.size));
                }
                check_follow(order, lead, &self.hands[seat], cards)
                    .map(|()| None)
                    .map_err(|e| follow_error(e, lead))
            }
        }
    }
}

fn fold(c: Card, two_colors: bool) -> Card {
    match c {
        Card::Standard(r, s) => Card::Standard(r, fold_suit(s, two_colors)),
        j => j,
    }
}

/// The refusal of a follow, with the cards that show what was due.
fn follow_error(e: FollowError, lead: &Lead) -> RuleError {
    let si = lead.si;
    let suit = suit_name(si);
    match e {
        FollowError::Suit { held } => illegal(
            crate::keys::ERR_SHENGJI_FOLLOW_SUIT,
            format!(
                "you must follow {}: you hold {held}",
                ["trumps", "spades", "hearts", "clubs", "diamonds"][si]
            ),
        )
        .arg("suit", suit)
        .arg("held", held),
        // A quad lead (seed 3.4.5 list 5) asks for a tractor too.
        FollowError::Tractor(cards) if !lead.units.iter().any(Unit::is_tractor) => illegal(
            crate::keys::ERR_SHENGJI_FOLLOW_OWN_TRACTOR,
            format!("you must play your tractor {} on this lead", pretty(&cards)),
        )
        .arg("cards", &cards[..]),
        FollowError::Tractor(cards) => illegal(
            crate::keys::ERR_SHENGJI_FOLLOW_TRACTOR,
            format!("a tractor lead needs your tractor {}", pretty(&cards)),
        )
        .arg("cards", &cards[..]),
        FollowError::AnyPair(cards) => illegal(
            crate::keys::ERR_SHENGJI_FOLLOW_ANY_PAIR,
            format!(
                "you must play one of your pairs on this lead: {}",
                pretty(&cards)
            ),
        )
        .arg("cards", &cards[..])
        .arg("count", cards.len() / 2),
        FollowError::Group { width: 2, cards } => illegal(
            crate::keys::ERR_SHENGJI_FOLLOW_PAIR,
            format!("you must play your pair {} on this lead", pretty(&cards)),
        )
        .arg("cards", &cards[..]),
        // One or two triples, or one or two quads.
        FollowError::Group { width, cards } => {
            let (key, width) = match width {
                3 => (crate::keys::ERR_SHENGJI_FOLLOW_TRIPLE, 3),
                _ => (crate::keys::ERR_SHENGJI_FOLLOW_QUAD, 4),
            };
            illegal(
                key,
                format!(
                    "you must play your {} {} on this lead",
                    unit_kind(Some(width), cards.len()).1,
                    pretty(&cards)
                ),
            )
            .arg("cards", &cards[..])
            .arg("count", cards.len() / width as usize)
        }
        FollowError::Either(first, second) => {
            let (a, b) = (
                unit_kind(first.width, first.cards.len()),
                unit_kind(second.width, second.cards.len()),
            );
            illegal(
                crate::keys::ERR_SHENGJI_FOLLOW_EITHER,
                format!(
                    "you must play your {} {} or your {} {} on this lead",
                    a.1,
                    pretty(&first.cards),
                    b.1,
                    pretty(&second.cards)
                ),
            )
            .arg("first", a.0)
            .arg("first_cards", &first.cards[..])
            .arg("second", b.0)
            .arg("second_cards", &second.cards[..])
        }
    }
}

/// The kind of a unit due (a tractor when `width` is `None`), as the
/// locale files' id and English words: two quads (two triples) head some
/// rows of seed 3.4.5 together.
fn unit_kind(width: Option<u8>, cards: usize) -> (&'static str, &'static str) {
    match (width, cards) {
        (None, _) => ("tractor", "tractor"),
        (Some(2), _) => ("pair", "pair"),
        (Some(3), n) if n > 3 => ("triples", "two triples"),
        (Some(3), _) => ("triple", "triple"),
        (_, n) if n > 4 => ("fours", "two fours"),
        _ => ("four", "four of a kind"),
    }
}
