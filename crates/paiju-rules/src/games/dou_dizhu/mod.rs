//! 斗地主 Dou Dizhu (rules/dou-dizhu.md): the classic 3-player game and the
//! variants — two players (二人斗地主), the wild card (癞子), the discard
//! phase (弃三张).
//!
//! This module owns the game's state and its phases as an enum of per-phase
//! structs (`Phase`); each phase's rules live in their own file: the
//! deal in `deal`, bidding (score or rob, forced bids, kicks, the
//! two-player rob with its handicap 让牌) in `bidding`, the kitty,
//! discards and doubling in `kitty`, the play in `play`, and the
//! multiplier, escape and chips in `settle`. Shown hands (明牌), which
//! cross phases, and the [`Game`] impl stay here. Seat-indexed state is
//! kept in arrays of 3; a two-player game uses slots 0 and 1 only.
//! Combinations live in [`patterns`], card sets in [`cardset`], actions and
//! their errors in [`action`], views and events in [`view`], the bots in
//! [`ai`] and [`search`], and `paiju simulate` in [`sim`].

pub mod action;
pub mod ai;
mod bidding;
pub mod cardset;
pub mod counter;
mod deal;
pub mod endgame;
mod kitty;
pub mod outcome;
pub mod passes;
pub mod patterns;
mod play;
pub mod rules;
pub mod search;
pub mod selfish;
mod settle;
pub mod sim;
pub mod view;
pub mod wild;

pub use action::{parse_play, Action, ShowStage};
pub use cardset::CardSet;
pub use deal::{deck_for, Deal};
pub use kitty::{discard_factor, kitty_factor};
pub use outcome::Outcome;
pub use patterns::{Combo, Kind, PatternRules};
pub use play::{main_part, readings_among, readings_for};
pub use rules::{Bidding, Rules};
pub use sim::simulate;
pub use view::{Event, Factors, PassOn, PhaseName, SeatMove, Standing, View};
pub use wild::{WildAs, WildRules};

/// 要不起 as a front end holding a seat's view and legal actions sees it:
/// the seat answers a play standing and its only legal move is the pass.
/// The same answer as [`Game::forced_pass`] for that seat (a test holds
/// them together), for front ends that have no game at hand.
pub fn forced_pass_of(view: &View, legal: &[Action]) -> bool {
    view.phase == PhaseName::Playing && view.standing.is_some() && legal == [Action::Pass]
}

use crate::games::{Game, GameKind, GameRules, RecordAction, RuleError, Seat};
use crate::record::{seated_action, Record, RecordError};
use action::illegal;
use deal::{ASIDE, HAND};
use patterns::TWO;

/// Where the game stands: one variant per phase, each holding that phase's
/// own state (defined beside its rules).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Phase {
    Score(bidding::Score),
    Calling(bidding::Calling),
    Robbing(bidding::Robbing),
    RobBack(bidding::RobBack),
    RobTwo(bidding::RobTwo),
    Kicking(bidding::Kicking),
    Counter(bidding::Counter),
    Discarding(kitty::Discarding),
    Doubling(kitty::Doubling),
    Playing(play::Playing),
    Finished,
}

/// A Dou Dizhu game (classic or a variant).
#[derive(Clone, Debug)]
pub struct DouDizhu {
    rules: Rules,
    deal: Deal,
    /// 2 or 3 seats.
    players: usize,
    /// Where chains run (straights from 5 with two players).
    patterns: PatternRules,
    /// 让牌: robs in the two-player game; the farmer wins with this many
    /// cards or fewer left.
    handicap: u8,
    /// 癞子: the wild rank, when played.
    wild: Option<WildRules>,
    hands: [CardSet; 3],
    kitty: CardSet,
    phase: Phase,
    landlord: Option<Seat>,
    /// The bid, or 1 doubled per rob.
    base: u32,
    kicks: u32,
    kitty_factor: u32,
    shown: [Option<ShowStage>; 3],
    bids: [Option<u8>; 3],
    doubled: [Option<bool>; 3],
    /// Each seat's discard factor (弃三张), once it has discarded.
    discard_factors: [Option<u32>; 3],
    bombs: u32,
    /// Of `bombs`, the rockets.
    rockets: u32,
    /// Robs that doubled the base (抢地主).
    robs: u32,
    plays: [u32; 3],
    played: [CardSet; 3],
    /// Each seat's last move in the current round of play.
    last_moves: [Option<SeatMove>; 3],
    /// What each seat discarded (弃三张), shown to that seat only.
    discarded: [CardSet; 3],
    bidding_started: bool,
    history: Vec<(Seat, Action)>,
    outcome: Option<Outcome>,
}

impl DouDizhu {
    /// Builds a game from a checked deal.
    pub fn new(rules: Rules, deal: Deal) -> Result<DouDizhu, RecordError> {
        rules.validate()?;
        let players = rules.players as usize;
        let mut hands = [CardSet::EMPTY; 3];
        if deal.hands.len() != players {
            return Err(RecordError::Deal(format!(
                "{} hands for {players} players",
                deal.hands.len()
            )));
        }
        for (h, cards) in hands.iter_mut().zip(&deal.hands) {
            *h = CardSet::from_cards(cards);
        }
        let kitty = CardSet::from_cards(&deal.kitty);
        let aside = CardSet::from_cards(&deal.aside);
        let all = hands.iter().fold(kitty.union(aside), |a, h| a.union(*h));
        let sizes_ok = deal.hands.iter().all(|h| h.len() == HAND)
            && hands[..players].iter().all(|h| h.len() == HAND)
            && kitty.len() == 3
            && aside.len() == if players == 2 { ASIDE } else { 0 };
        if all != deck_for(players) || !sizes_ok || deal.first >= players {
            return Err(RecordError::Deal(format!(
                "the deal is not the {}-card deck in {players} hands of 17, a kitty of 3{}",
                deck_for(players).len(),
                if players == 2 { " and 9 aside" } else { "" }
            )));
        }
        if deal.wild.is_some() != rules.wild
            || deal
                .wild
                .is_some_and(|w| w > TWO || deck_for(players).nibble(w) == 0)
        {
            return Err(RecordError::Deal(
                "the wild rank is drawn when, and only when, `wild` is played".into(),
            ));
        }
        let patterns = if players == 2 {
            PatternRules::TWO_PLAYERS
        } else {
            PatternRules::CLASSIC
        };
        let phase = bidding::opening(players, rules.bidding, deal.first);
        Ok(DouDizhu {
            wild: deal.wild.map(|w| WildRules::new(w, deck_for(players))),
            players,
            patterns,
            handicap: 0,
            base: 1,
            rules,
            hands,
            kitty,
            phase,
            landlord: None,
            kicks: 0,
            kitty_factor: 1,
            shown: [None; 3],
            bids: [None; 3],
            doubled: [None; 3],
            discard_factors: [None; 3],
            bombs: 0,
            rockets: 0,
            robs: 0,
            plays: [0; 3],
            played: [CardSet::EMPTY; 3],
            last_moves: [None; 3],
            discarded: [CardSet::EMPTY; 3],
            bidding_started: false,
            history: Vec::new(),
            outcome: None,
            deal,
        })
    }

    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    pub fn landlord(&self) -> Option<Seat> {
        self.landlord
    }

    /// 2 or 3.
    pub fn players(&self) -> usize {
        self.players
    }

    /// 让牌 (two players): the farmer wins with this many cards or fewer.
    pub fn handicap(&self) -> u8 {
        self.handicap
    }

    /// 癞子: the wild rank and where wild cards may stand, when played.
    pub fn wild(&self) -> Option<&WildRules> {
        self.wild.as_ref()
    }

    /// Where chains run and how long they are in this game.
    pub fn pattern_rules(&self) -> &PatternRules {
        &self.patterns
    }

    fn next(&self, seat: Seat) -> Seat {
        (seat + 1) % self.players
    }

    /// The seat's current hand.
    pub fn hand(&self, seat: Seat) -> CardSet {
        self.hands[seat]
    }

    /// The seat the game waits on, if any.
    pub fn turn(&self) -> Option<Seat> {
        match self.phase {
            Phase::Score(p) => Some(p.turn),
            Phase::Calling(p) => Some(p.turn),
            Phase::Robbing(p) => p.queue.current(),
            Phase::RobBack(p) => Some(p.caller),
            Phase::RobTwo(p) => Some(p.turn),
            Phase::Kicking(p) => p.queue.current(),
            Phase::Counter(p) => Some(p.landlord),
            Phase::Discarding(p) => Some(p.turn),
            Phase::Doubling(p) => Some(p.turn),
            Phase::Playing(p) => Some(p.turn),
            Phase::Finished => None,
        }
    }

    fn in_bidding(&self) -> bool {
        matches!(
            self.phase,
            Phase::Score(_)
                | Phase::Calling(_)
                | Phase::Robbing(_)
                | Phase::RobBack(_)
                | Phase::RobTwo(_)
                | Phase::Kicking(_)
                | Phase::Counter(_)
        )
    }

    /// What a pass now declines.
    fn pass_on(&self) -> PassOn {
        match self.phase {
            Phase::Robbing(_) | Phase::RobBack(_) | Phase::RobTwo(_) => PassOn::Rob,
            Phase::Kicking(_) | Phase::Counter(_) => PassOn::Kick,
            Phase::Discarding(_) => PassOn::Discard,
            Phase::Doubling(_) => PassOn::Double,
            Phase::Playing(_) | Phase::Finished => PassOn::Play,
            _ => PassOn::Bid,
        }
    }

    fn phase_name(&self) -> PhaseName {
        match self.phase {
            Phase::Kicking(_) | Phase::Counter(_) => PhaseName::Kicking,
            Phase::Discarding(_) => PhaseName::Discarding,
            Phase::Doubling(_) => PhaseName::Doubling,
            Phase::Playing(_) => PhaseName::Playing,
            Phase::Finished => PhaseName::Finished,
            _ => PhaseName::Bidding,
        }
    }

    /// The best stage at which `seat` may show its hand now, if any.
    fn show_stage_now(&self, seat: Seat) -> Option<ShowStage> {
        if !self.rules.show_cards || self.shown[seat].is_some() {
            return None;
        }
        if self.in_bidding() {
            return Some(if self.bidding_started {
                ShowStage::Bidding
            } else {
                ShowStage::Start
            });
        }
        if self.landlord == Some(seat) && self.before_first_play() {
            return Some(ShowStage::Kitty);
        }
        None
    }

    fn before_first_play(&self) -> bool {
        match self.phase {
            Phase::Discarding(_) | Phase::Doubling(_) => true,
            Phase::Playing(_) => self.plays.iter().all(|&p| p == 0),
            _ => false,
        }
    }

    fn show(
        &mut self,
        seat: Seat,
        stage: Option<ShowStage>,
        ev: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        if !self.rules.show_cards {
            return Err(illegal(
                crate::keys::ERR_OPTION_OFF,
                "showing cards (明牌) is not played at this table",
            )
            .arg("option", "show_cards"));
        }
        if self.shown[seat].is_some() {
            return Err(illegal(
                crate::keys::ERR_ALREADY_SHOWN,
                "your hand is already shown",
            ));
        }
        let stage = match stage {
            None => self.show_stage_now(seat).ok_or_else(|| {
                illegal(
                    crate::keys::ERR_SHOW_TOO_LATE,
                    "it is too late to show your hand",
                )
            })?,
            Some(ShowStage::Start) => {
                if !self.in_bidding() || self.bidding_started {
                    return Err(illegal(
                        crate::keys::ERR_SHOW_TOO_LATE,
                        "bidding has started: a hand shown now is shown during bidding",
                    ));
                }
                ShowStage::Start
            }
            Some(ShowStage::Bidding) => {
                if !self.in_bidding() {
                    return Err(illegal(crate::keys::ERR_SHOW_TOO_LATE, "bidding is over"));
                }
                ShowStage::Bidding
            }
            Some(ShowStage::Kitty) => {
                if self.landlord != Some(seat) {
                    return Err(illegal(
                        crate::keys::ERR_SHOW_LANDLORD_ONLY,
                        "only the landlord shows after taking the kitty",
                    ));
                }
                if !self.before_first_play() {
                    return Err(illegal(
                        crate::keys::ERR_SHOW_TOO_LATE,
                        "the first lead has been played",
                    ));
                }
                ShowStage::Kitty
            }
        };
        self.shown[seat] = Some(stage);
        ev.push(Event::Shown {
            seat,
            stage,
            hand: self.hands[seat],
        });
        Ok(())
    }

    fn wrong_phase(&self, action: &Action) -> RuleError {
        // The locales' selector key (one word: Fluent's variant keys take
        // no spaces), then the words of the log's message.
        let (key, what) = match action {
            Action::Bid(_) => ("bid", "bid"),
            Action::Pass => ("pass", "pass"),
            Action::Call => ("call", "call the landlord"),
            Action::Rob => ("rob", "rob the landlord"),
            Action::Kick => ("kick", "kick"),
            Action::Counter => ("counter-kick", "counter-kick"),
            Action::Double => ("double", "double"),
            Action::Play { .. } => ("play", "play cards"),
            Action::Discard(_) => ("discard", "discard"),
            Action::Show(_) | Action::Leave => ("other", "do that"),
        };
        let now = match self.phase {
            Phase::Score(_) => "it is score bidding (bid 1–3 or pass)",
            Phase::Calling(_) => "it is time to call the landlord or pass",
            Phase::Robbing(_) | Phase::RobBack(_) | Phase::RobTwo(_) => "it is time to rob or pass",
            Phase::Kicking(_) => "it is time to kick or pass",
            Phase::Counter(_) => "it is time to counter-kick or pass",
            Phase::Discarding(_) => "it is time to discard (0 or more cards)",
            Phase::Doubling(_) => "it is time to double or pass",
            Phase::Playing(_) => "it is time to play or pass",
            Phase::Finished => "the game is over",
        };
        illegal(
            crate::keys::ERR_WRONG_PHASE,
            format!("you cannot {what} now: {now}"),
        )
        .arg("action", key)
    }

    /// An action on the seat's turn, handed to its phase's rules. Each checks
    /// everything before changing anything.
    fn act(&mut self, seat: Seat, action: &Action, ev: &mut Vec<Event>) -> Result<(), RuleError> {
        match (self.phase, *action) {
            (Phase::Score(p), Action::Bid(bid)) => self.score_bid(p, seat, bid, ev)?,
            (Phase::Score(p), Action::Pass) => self.score_pass(p, seat, ev)?,
            (Phase::Calling(p), Action::Call) => self.call(p, seat, ev),
            (Phase::Calling(p), Action::Pass) => self.calling_pass(p, seat, ev),
            (Phase::RobTwo(p), a @ (Action::Rob | Action::Pass)) => {
                self.rob_two(p, seat, a == Action::Rob, ev)
            }
            (Phase::Robbing(p), a @ (Action::Rob | Action::Pass)) => {
                self.robbing(p, seat, a == Action::Rob, ev)
            }
            (Phase::RobBack(p), a @ (Action::Rob | Action::Pass)) => {
                self.rob_back(p, seat, a == Action::Rob, ev)
            }
            (Phase::Kicking(p), a @ (Action::Kick | Action::Pass)) => {
                self.kicking(p, seat, a == Action::Kick, ev)
            }
            (Phase::Counter(p), a @ (Action::Counter | Action::Pass)) => {
                self.counter(p, seat, a == Action::Counter, ev)
            }
            (Phase::Discarding(p), Action::Discard(cards)) => self.discard(p, seat, cards, ev)?,
            (Phase::Doubling(p), a @ (Action::Double | Action::Pass)) => {
                self.double(p, seat, a == Action::Double, ev)
            }
            (Phase::Playing(p), Action::Pass) => self.play_pass(p, seat, ev)?,
            (
                Phase::Playing(p),
                Action::Play {
                    cards,
                    reading,
                    wild_as,
                },
            ) => self.play(seat, cards, reading, wild_as, p.standing, ev)?,
            _ => return Err(self.wrong_phase(action)),
        }
        Ok(())
    }

    /// How many actions the game has applied.
    pub fn actions_applied(&self) -> usize {
        self.history.len()
    }
}

impl Game for DouDizhu {
    type Outcome = Outcome;
    type Rules = Rules;
    type Action = Action;
    type Event = Event;
    type View = View;

    /// A record may leave `players` out: the seats give it.
    fn from_record_setup(record: &Record) -> Result<Self, RecordError> {
        let mut rules: Rules = record.rules_as()?;
        if record.rules.get("players").is_none() {
            rules.players = record.seats as u8;
        }
        rules.check_table(record.seats)?;
        let deal = Deal::from_json(&record.deal, record.seats, rules.wild)?;
        DouDizhu::new(rules, deal)
    }

    /// Deals for `seats` players (2 or 3; the rules' `players` follows it).
    fn deal(
        mut rules: Rules,
        seats: usize,
        rng: &mut dyn rand::RngCore,
    ) -> Result<Self, RecordError> {
        rules.players = seats as u8;
        rules.check_table(seats)?;
        let deal = Deal::shuffled(seats, rules.wild, rng);
        DouDizhu::new(rules, deal)
    }

    fn seats(&self) -> usize {
        self.players
    }

    fn waiting_on(&self) -> Vec<Seat> {
        self.turn().into_iter().collect()
    }

    fn apply(&mut self, seat: Seat, action: &Action) -> Result<Vec<Event>, RuleError> {
        if self.phase == Phase::Finished {
            return Err(RuleError::game_over());
        }
        if seat >= self.players {
            return Err(illegal(
                crate::keys::ERR_NO_SUCH_SEAT,
                format!("seat {seat} does not exist in a {}-seat game", self.players),
            ));
        }
        let mut ev = Vec::new();
        // What a pass declined, as the phase before it says (不叫, 不抢,
        // 不加倍, 不要): the phase may have moved on by the time it is told.
        let on = self.pass_on();
        match action {
            Action::Leave => self.leave(seat, &mut ev),
            Action::Show(stage) => self.show(seat, *stage, &mut ev)?,
            _ => {
                if self.turn() != Some(seat) {
                    return Err(RuleError::not_your_turn());
                }
                self.act(seat, action, &mut ev)?;
            }
        }
        self.history.push((seat, *action));
        for e in &mut ev {
            if let Event::Passed { on: said, .. } = e {
                *said = on;
            }
        }
        Ok(ev)
    }

    /// 要不起: a play stands, it is `seat`'s turn to answer it, and nothing
    /// in its hand beats it (no bomb, no rocket either), so passing is the
    /// only move. A show (明牌) is never open then: it comes before the
    /// first play.
    fn forced_pass(&self, seat: Seat) -> Option<Action> {
        match self.phase {
            Phase::Playing(p) if p.turn == seat && p.standing.is_some() => {
                let mut any = false;
                self.legal_plays(seat, |_| any = true);
                (!any).then_some(Action::Pass)
            }
            _ => None,
        }
    }

    /// Every legal action of `seat` now. `leave` is always allowed and never
    /// listed (it is not a move of the game); a show (明牌) is listed for the
    /// seat to act, though any seat may show out of turn.
    fn legal_actions(&self, seat: Seat) -> Vec<Action> {
        if self.turn() != Some(seat) {
            return Vec::new();
        }
        let mut out = Vec::new();
        match self.phase {
            Phase::Discarding(_) => self.discard_actions(seat, &mut out),
            Phase::Doubling(_) => out.extend([Action::Double, Action::Pass]),
            Phase::Playing(p) => self.play_actions(p, seat, &mut out),
            Phase::Finished => {}
            _ => self.bidding_actions(seat, &mut out),
        }
        if let Some(stage) = self.show_stage_now(seat) {
            out.push(Action::Show(Some(stage)));
        }
        out
    }

    fn view(&self, seat: Option<Seat>) -> View {
        let seat = seat.filter(|&s| s < self.players);
        let standing = match self.phase {
            Phase::Playing(p) => p.standing,
            _ => None,
        };
        View {
            seat,
            players: self.players as u8,
            handicap: self.handicap,
            aside: (self.players == 2).then(|| CardSet::from_cards(&self.deal.aside)),
            wild: self.deal.wild.map(|w| w as u8),
            phase: self.phase_name(),
            turn: self.turn(),
            first: self.deal.first,
            landlord: self.landlord,
            hand: seat.map(|s| self.hands[s]),
            shown: [0, 1, 2].map(|s| self.shown[s].map(|_| self.hands[s])),
            kitty: self.landlord.map(|_| self.kitty),
            played: self.played,
            cards_left: self.hands.map(|h| h.len() as u8),
            standing,
            bids: self.bids,
            doubled: self.doubled,
            factors: self.factors(),
            last_moves: self.last_moves,
            discarded: seat.map(|s| self.discarded[s]),
        }
    }

    fn is_finished(&self) -> bool {
        self.phase == Phase::Finished
    }

    fn outcome(&self) -> Option<Outcome> {
        self.outcome.clone()
    }

    fn record(&self) -> Record {
        let actions = self
            .history
            .iter()
            .map(|(seat, a)| {
                // `as` only where the cards have more than one reading.
                let a = match *a {
                    Action::Play { cards, wild_as, .. }
                        if self.readings_of(cards, wild_as).is_ok_and(|r| r.len() == 1) =>
                    {
                        Action::Play {
                            cards,
                            reading: None,
                            wild_as,
                        }
                    }
                    other => other,
                };
                seated_action(*seat, a.to_json())
            })
            .collect();
        Record {
            game: GameKind::DouDizhu.name().to_string(),
            rules: self.rules.to_record_json(),
            seats: self.players,
            deal: self.deal.to_json(),
            actions,
        }
    }
}

#[cfg(test)]
mod tests;
