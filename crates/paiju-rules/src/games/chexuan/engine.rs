//! The hand as a state machine: antes and the three deals, the betting
//! rounds with their five actions and limits, 休芒 and 皱芒, the 三花
//! lay-down, the hand won without a showdown, the showdown splits and the
//! final chips. Every action is checked first and applied only when legal,
//! so a refused action leaves the hand untouched.

use super::action::Action;
use super::events::{Event, ShownSplit};
use super::hands::{sanhua, Sanhua, Split};
use super::rules::{ChexuanDeal, ChexuanRules, Mango, MangoKind};
use super::settle::{seats_from, settle_showdown, ShowdownSettlement, Standing};
use crate::cards::Card;
use crate::games::{ErrorCode, RuleError, Seat};
use serde::Serialize;

/// Where a seat stands in the hand.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    /// In the hand and still speaking.
    Active,
    /// In the hand with nothing left of the bobo: takes no further actions.
    AllIn,
    /// Out, having given up what he put in.
    Folded,
    /// Out, having laid down 三花 and taken his contribution back.
    LaidDown,
}

impl Status {
    pub fn in_hand(self) -> bool {
        matches!(self, Status::Active | Status::AllIn)
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Player {
    /// Two face-down cards first, then the face-up ones.
    pub cards: Vec<Card>,
    pub status: Status,
    /// All he has put in this hand, ante included.
    pub contribution: u64,
    pub bobo: u64,
    /// All it paid into the mango pot this hand, from both sources.
    pub mango_paid: u64,
    /// The part of `mango_paid` that came out of the bobo because the
    /// mango limit did not cover it (the bobo is already smaller by it).
    pub mango_from_stack: u64,
    /// What is left of the seat's mango limit this hand (`None`: no limit).
    pub mango_left: Option<u64>,
    pub mango_won: u64,
    /// Raised or went all-in in round 1 (for 皱芒).
    pub raised_in_round1: bool,
    pub sanhua: Option<Sanhua>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Round {
    pub number: u8,
    pub to_act: Seat,
    /// Spoken since the last raise.
    pub spoken: Vec<bool>,
    /// Actions taken this round, and whether all were checks (休芒).
    pub speakers: u32,
    pub all_checked: bool,
}

/// A mango of this hand, for the outcome.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MangoPaid {
    pub kind: MangoKind,
    pub round: u8,
    pub count: u32,
    pub amount: u64,
    /// The payers whose mango limit did not cover the amount and who paid
    /// the rest (`paid`) out of the bobo.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub from_stack: Vec<ShortPayment>,
    /// The payers who paid less than the amount in all (`paid`): neither
    /// the mango limit nor what was left of the bobo covered it.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub short: Vec<ShortPayment>,
}

/// A mango payer and a number of chips: what it paid out of its bobo
/// (`from_stack`), or all it paid when short of the amount (`short`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ShortPayment {
    pub seat: Seat,
    pub paid: u64,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Ending {
    Showdown {
        settlement: ShowdownSettlement,
        splits: Vec<Option<Split>>,
    },
    NoShowdown {
        winner: Seat,
    },
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Finish {
    pub deltas: Vec<i64>,
    pub ending: Ending,
    pub next_dealer: Seat,
    pub mango_won_by: Option<Seat>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Phase {
    Betting(Round),
    Showdown {
        to_act: Seat,
        splits: Vec<Option<Split>>,
    },
    Finished(Box<Finish>),
}

/// One hand of Chexuan.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Chexuan {
    pub(crate) rules: ChexuanRules,
    pub(crate) deal: ChexuanDeal,
    pub(crate) next_card: usize,
    pub(crate) players: Vec<Player>,
    pub(crate) mango: Mango,
    pub(crate) mangos: Vec<MangoPaid>,
    pub(crate) phase: Phase,
    pub(crate) actions: Vec<(Seat, Action)>,
}

fn illegal(key: crate::message::Key, message: impl Into<String>) -> RuleError {
    RuleError::new(ErrorCode::IllegalAction, key, message)
}

/// The raise sizes offered as buttons and to bots, in antes. Any other
/// raise of at least one ante that the bobo covers is accepted too.
const RAISE_PRESETS: [u64; 8] = [1, 2, 5, 10, 20, 50, 100, 200];

impl Chexuan {
    /// Starts a hand: checks the deal, takes the antes, deals two face-down
    /// cards each and opens betting round 1.
    pub fn start(rules: ChexuanRules, seats: usize, deal: ChexuanDeal) -> Result<Chexuan, String> {
        rules.validate()?;
        deal.validate(&rules, seats)?;
        let players = deal
            .bobo
            .iter()
            .enumerate()
            .map(|(s, &bobo)| Player {
                cards: Vec::with_capacity(4),
                status: if bobo > rules.ante {
                    Status::Active
                } else {
                    Status::AllIn
                },
                contribution: rules.ante,
                bobo,
                mango_paid: 0,
                mango_from_stack: 0,
                mango_left: deal.mango_limit.get(s).copied().flatten(),
                mango_won: 0,
                raised_in_round1: false,
                sanhua: None,
            })
            .collect();
        let mut hand = Chexuan {
            mango: deal.mango,
            rules,
            next_card: 0,
            players,
            mangos: Vec::new(),
            phase: Phase::Betting(Round {
                number: 1,
                to_act: deal.dealer,
                spoken: vec![false; seats],
                speakers: 0,
                all_checked: true,
            }),
            actions: Vec::new(),
            deal,
        };
        for _ in 0..2 {
            for s in seats_from(hand.deal.dealer, seats) {
                let card = hand.draw();
                hand.players[s].cards.push(card);
            }
        }
        let mut events = Vec::new();
        hand.begin_round(1, &mut events);
        Ok(hand)
    }

    pub fn seats(&self) -> usize {
        self.players.len()
    }

    pub fn dealer(&self) -> Seat {
        self.deal.dealer
    }

    fn draw(&mut self) -> Card {
        let c = self.deal.deck[self.next_card];
        self.next_card += 1;
        c
    }

    fn seats_in_order(&self) -> impl Iterator<Item = Seat> {
        seats_from(self.deal.dealer, self.seats())
    }

    fn in_hand_count(&self) -> usize {
        self.players.iter().filter(|p| p.status.in_hand()).count()
    }

    /// The highest contribution among the players still in.
    pub fn highest(&self) -> u64 {
        self.players
            .iter()
            .filter(|p| p.status.in_hand())
            .map(|p| p.contribution)
            .max()
            .unwrap_or(0)
    }

    /// The seat the hand waits on, if any.
    pub fn to_act(&self) -> Option<Seat> {
        match &self.phase {
            Phase::Betting(r) => Some(r.to_act),
            Phase::Showdown { to_act, .. } => Some(*to_act),
            Phase::Finished(_) => None,
        }
    }

    fn needs_to_act(&self, round: &Round, s: Seat) -> bool {
        let p = &self.players[s];
        p.status == Status::Active && (!round.spoken[s] || p.contribution < self.highest())
    }

    fn round_is_over(&self, round: &Round) -> bool {
        let active: Vec<Seat> = (0..self.seats())
            .filter(|&s| self.players[s].status == Status::Active)
            .collect();
        // The only player not all-in does not speak when he already has
        // the highest contribution.
        if active.len() == 1 && self.players[active[0]].contribution >= self.highest() {
            return true;
        }
        !active.iter().any(|&s| self.needs_to_act(round, s))
    }

    fn begin_round(&mut self, number: u8, events: &mut Vec<Event>) {
        let mut round = Round {
            number,
            to_act: self.deal.dealer,
            spoken: vec![false; self.seats()],
            speakers: 0,
            all_checked: true,
        };
        if self.round_is_over(&round) {
            self.phase = Phase::Betting(round.clone());
            self.end_round(round, events);
            return;
        }
        round.to_act = self
            .seats_in_order()
            .find(|&s| self.needs_to_act(&round, s))
            .expect("a round that is not over has someone to speak");
        events.push(Event::RoundBegins {
            round: number,
            seat: round.to_act,
        });
        self.phase = Phase::Betting(round);
    }

    fn end_round(&mut self, round: Round, events: &mut Vec<Event>) {
        events.push(Event::RoundOver {
            round: round.number,
        });
        if round.speakers >= 2 && round.all_checked {
            let payers: Vec<Seat> = self
                .seats_in_order()
                .filter(|&s| self.players[s].status.in_hand())
                .collect();
            self.pay_mango(MangoKind::Xiu, round.number, payers, None, events);
        }
        if round.number < 3 {
            let next = round.number + 1;
            let mut dealt = Vec::new();
            for s in self.seats_in_order().collect::<Vec<_>>() {
                if self.players[s].status.in_hand() {
                    let card = self.draw();
                    self.players[s].cards.push(card);
                    dealt.push((s, card));
                }
            }
            events.push(Event::CardsDealt {
                round: next,
                cards: dealt,
            });
            self.begin_round(next, events);
        } else {
            let first = self
                .seats_in_order()
                .find(|&s| self.players[s].status.in_hand())
                .expect("a showdown has players");
            events.push(Event::ShowdownBegins { seat: first });
            self.phase = Phase::Showdown {
                to_act: first,
                splits: vec![None; self.seats()],
            };
        }
    }

    /// Every payer pays the mango amount into the pot: out of its mango
    /// limit (its chips off the table) first, and what that cannot cover
    /// out of its bobo (`rules/chexuan.md`, Mango: bringing the whole
    /// balance never exempts a player), the bobo shrinking by it; a payer
    /// whose bobo has nothing left beyond its contribution pays what it
    /// has. A player still active whose bobo the payment brought down to
    /// its contribution is all-in from then on. For 皱芒 the raiser then
    /// takes the whole pot.
    fn pay_mango(
        &mut self,
        kind: MangoKind,
        round: u8,
        payers: Vec<Seat>,
        taker: Option<Seat>,
        events: &mut Vec<Event>,
    ) {
        self.mango.count = self.mango.count.saturating_add(1);
        let amount = self.rules.mango_amount(kind, self.mango.count);
        let mut short = Vec::new();
        let mut from_stack = Vec::new();
        for &s in &payers {
            let p = &mut self.players[s];
            let outside = p.mango_left.map_or(amount, |left| left.min(amount));
            if let Some(left) = &mut p.mango_left {
                *left -= outside;
            }
            let stacked = (amount - outside).min(p.bobo - p.contribution);
            if stacked > 0 {
                p.bobo -= stacked;
                p.mango_from_stack += stacked;
                from_stack.push(ShortPayment {
                    seat: s,
                    paid: stacked,
                });
                if p.status == Status::Active && p.contribution == p.bobo {
                    p.status = Status::AllIn;
                }
            }
            let paid = outside + stacked;
            if paid < amount {
                short.push(ShortPayment { seat: s, paid });
            }
            p.mango_paid += paid;
            self.mango.pot += paid;
        }
        self.mangos.push(MangoPaid {
            kind,
            round,
            count: self.mango.count,
            amount,
            from_stack: from_stack.clone(),
            short: short.clone(),
        });
        events.push(Event::Mango {
            kind,
            round,
            count: self.mango.count,
            amount,
            payers,
            from_stack,
            short,
            pot: self.mango.pot,
            taken_by: taker,
        });
        // The line above says what went in; the taker's line what came out,
        // so a 皱芒 reads "… the pot is now 140; X takes 140", not "now 0".
        if let Some(t) = taker {
            events.push(Event::MangoTaken {
                seat: t,
                amount: self.mango.pot,
            });
            self.players[t].mango_won += self.mango.pot;
            self.mango.pot = 0;
        }
    }

    /// Checks an action without applying it.
    pub fn check(&self, seat: Seat, action: &Action) -> Result<(), RuleError> {
        if seat >= self.seats() {
            return Err(illegal(
                crate::keys::ERR_NO_SUCH_SEAT,
                format!("seat {seat} does not exist"),
            ));
        }
        let player = &self.players[seat];
        match &self.phase {
            Phase::Finished(_) => Err(RuleError::game_over()),
            _ if matches!(player.status, Status::Folded | Status::LaidDown) => Err(illegal(
                crate::keys::ERR_CHEXUAN_OUT_OF_HAND,
                format!("seat {seat} is out of this hand"),
            )
            .arg("seat", seat)),
            Phase::Betting(_) if player.status == Status::AllIn => Err(illegal(
                crate::keys::ERR_CHEXUAN_ALL_IN,
                format!("seat {seat} is all-in and takes no further actions"),
            )
            .arg("seat", seat)),
            Phase::Betting(r) if r.to_act != seat => Err(RuleError::not_your_turn()),
            Phase::Showdown { to_act, .. } if *to_act != seat => Err(RuleError::not_your_turn()),
            Phase::Betting(r) => self.check_bet(r, seat, action),
            Phase::Showdown { .. } => match action {
                Action::Split(split) => self.check_split(seat, split),
                _ => Err(illegal(
                    crate::keys::ERR_CHEXUAN_SPLIT_NOW,
                    "the betting is over: split your four cards into a head and a tail",
                )),
            },
        }
    }

    fn check_bet(&self, round: &Round, seat: Seat, action: &Action) -> Result<(), RuleError> {
        let p = &self.players[seat];
        let highest = self.highest();
        let ante = self.rules.ante;
        match *action {
            Action::Raise(n) => {
                if n < ante {
                    return Err(illegal(
                        crate::keys::ERR_CHEXUAN_RAISE_TOO_SMALL,
                        format!("a raise is at least the ante ({ante})"),
                    )
                    .arg("ante", ante));
                }
                match highest.checked_add(n) {
                    Some(to) if to <= p.bobo => Ok(()),
                    _ => Err(illegal(
                        crate::keys::ERR_CHEXUAN_RAISE_BEYOND_BOBO,
                        format!(
                            "a raise of {n} would bring your contribution beyond your bobo of {}",
                            p.bobo
                        ),
                    )
                    .arg("raise", n)
                    .arg("bobo", p.bobo)),
                }
            }
            Action::Call => {
                if p.contribution >= highest {
                    Err(illegal(
                        crate::keys::ERR_CHEXUAN_NOTHING_TO_CALL,
                        "there is nothing to call: check instead",
                    ))
                } else if highest > p.bobo {
                    Err(illegal(
                        crate::keys::ERR_CHEXUAN_CALL_BEYOND_BOBO,
                        format!(
                            "your bobo of {} does not cover a call to {highest}: go all-in or fold",
                            p.bobo
                        ),
                    )
                    .arg("bobo", p.bobo)
                    .arg("highest", highest))
                } else {
                    Ok(())
                }
            }
            Action::AllIn | Action::Fold => Ok(()),
            Action::Check => {
                if p.contribution == highest {
                    Ok(())
                } else {
                    Err(illegal(
                        crate::keys::ERR_CHEXUAN_CHECK_AFTER_RAISE,
                        format!("you cannot check: the highest contribution is {highest}"),
                    )
                    .arg("highest", highest))
                }
            }
            Action::Sanhua => {
                if round.number != 3 {
                    Err(illegal(
                        crate::keys::ERR_CHEXUAN_SANHUA_ROUND,
                        "三花 may be laid down only in round 3",
                    ))
                } else if sanhua(&p.cards).is_none() {
                    Err(illegal(
                        crate::keys::ERR_CHEXUAN_NO_SANHUA,
                        "your four cards make neither 三花十 nor 三花六",
                    ))
                } else {
                    Ok(())
                }
            }
            Action::Split(_) => Err(illegal(
                crate::keys::ERR_CHEXUAN_NO_SHOWDOWN_YET,
                "there is no showdown yet",
            )),
        }
    }

    fn check_split(&self, seat: Seat, split: &Split) -> Result<(), RuleError> {
        let given = [split.head[0], split.head[1], split.tail[0], split.tail[1]];
        let mut hand = self.players[seat].cards.clone();
        for c in given {
            match hand.iter().position(|&h| h == c) {
                Some(i) => {
                    hand.remove(i);
                }
                None => {
                    return Err(RuleError::new(
                        ErrorCode::BadCard,
                        crate::keys::ERR_CHEXUAN_SPLIT_CARDS,
                        format!("{c} is not one of your cards (or is given twice)"),
                    )
                    .arg("card", crate::message::Arg::chexuan_cards(vec![c])))
                }
            }
        }
        if !split.is_legal() {
            return Err(illegal(
                crate::keys::ERR_CHEXUAN_HEAD_BELOW_TAIL,
                format!(
                    "the head ({}) may not be lower than the tail ({})",
                    split.head_kind().id(),
                    split.tail_kind().id()
                ),
            )
            .arg("head", split.head_kind().id())
            .arg("tail", split.tail_kind().id()));
        }
        Ok(())
    }

    /// Applies one action; on error nothing changes.
    pub fn apply(&mut self, seat: Seat, action: &Action) -> Result<Vec<Event>, RuleError> {
        self.check(seat, action)?;
        let mut events = Vec::new();
        self.actions.push((seat, *action));
        match self.phase.clone() {
            Phase::Betting(round) => self.apply_bet(round, seat, action, &mut events),
            Phase::Showdown { splits, .. } => {
                let Action::Split(split) = action else {
                    unreachable!("checked: only splits at the showdown")
                };
                self.apply_split(splits, seat, *split, &mut events)
            }
            Phase::Finished(_) => unreachable!("checked: the hand is not over"),
        }
        Ok(events)
    }

    fn apply_bet(
        &mut self,
        mut round: Round,
        seat: Seat,
        action: &Action,
        events: &mut Vec<Event>,
    ) {
        let highest = self.highest();
        let p = &mut self.players[seat];
        let mut raised = false;
        match *action {
            Action::Raise(n) => {
                p.contribution = highest + n;
                raised = true;
                events.push(Event::Raised {
                    seat,
                    by: n,
                    contribution: p.contribution,
                });
            }
            Action::Call => {
                p.contribution = highest;
                events.push(Event::Called {
                    seat,
                    contribution: p.contribution,
                });
            }
            Action::AllIn => {
                p.contribution = p.bobo;
                raised = p.contribution > highest;
                if round.number == 1 {
                    p.raised_in_round1 = true;
                }
                events.push(Event::AllIn {
                    seat,
                    contribution: p.contribution,
                    raised,
                });
            }
            Action::Check => events.push(Event::Checked { seat }),
            Action::Fold => {
                p.status = Status::Folded;
                events.push(Event::Folded { seat });
            }
            Action::Sanhua => {
                let kind = sanhua(&p.cards).expect("checked");
                p.status = Status::LaidDown;
                p.sanhua = Some(kind);
                events.push(Event::LaidDown {
                    seat,
                    sanhua: kind,
                    cards: p.cards.clone(),
                    returned: p.contribution,
                });
            }
            Action::Split(_) => unreachable!("checked: no split while betting"),
        }
        if raised && round.number == 1 {
            p.raised_in_round1 = true;
        }
        if p.status == Status::Active && p.contribution == p.bobo {
            p.status = Status::AllIn;
        }
        round.speakers += 1;
        round.all_checked &= *action == Action::Check;
        if raised {
            round.spoken.iter_mut().for_each(|x| *x = false);
        }
        round.spoken[seat] = true;

        if self.in_hand_count() == 1 {
            let winner = (0..self.seats())
                .find(|&s| self.players[s].status.in_hand())
                .expect("one left");
            self.finish_without_showdown(round.number, winner, events);
            return;
        }
        if self.round_is_over(&round) {
            self.phase = Phase::Betting(round.clone());
            self.end_round(round, events);
            return;
        }
        let n = self.seats();
        round.to_act = (1..n)
            .map(|i| (seat + i) % n)
            .find(|&s| self.needs_to_act(&round, s))
            .expect("a round that is not over has someone to speak");
        self.phase = Phase::Betting(round);
    }

    fn apply_split(
        &mut self,
        mut splits: Vec<Option<Split>>,
        seat: Seat,
        split: Split,
        events: &mut Vec<Event>,
    ) {
        splits[seat] = Some(split);
        events.push(Event::SplitGiven { seat });
        let next = self
            .seats_in_order()
            .find(|&s| self.players[s].status.in_hand() && splits[s].is_none());
        match next {
            Some(to_act) => self.phase = Phase::Showdown { to_act, splits },
            None => self.settle(splits, events),
        }
    }

    fn finish_without_showdown(&mut self, round: u8, winner: Seat, events: &mut Vec<Event>) {
        events.push(Event::WonWithoutShowdown { seat: winner });
        if round == 1 && self.players[winner].raised_in_round1 {
            let payers: Vec<Seat> = self.seats_in_order().filter(|&s| s != winner).collect();
            self.pay_mango(MangoKind::Zhou, 1, payers, Some(winner), events);
        }
        let mango_won_by = (self.players[winner].mango_won > 0).then_some(winner);
        let payouts: Vec<u64> = (0..self.seats())
            .map(|s| match self.players[s].status {
                Status::LaidDown => self.players[s].contribution,
                _ if s == winner => self
                    .players
                    .iter()
                    .filter(|p| p.status != Status::LaidDown)
                    .map(|p| p.contribution)
                    .sum(),
                _ => 0,
            })
            .collect();
        self.finish(
            payouts,
            Ending::NoShowdown { winner },
            winner,
            mango_won_by,
            events,
        );
    }

    fn settle(&mut self, splits: Vec<Option<Split>>, events: &mut Vec<Event>) {
        let standing: Vec<Standing> = (0..self.seats())
            .map(|s| match (self.players[s].status, splits[s]) {
                (Status::LaidDown, _) => Standing::LaidDown,
                (_, Some(sp)) => Standing::Shown(sp),
                _ => Standing::Folded,
            })
            .collect();
        let contributions: Vec<u64> = self.players.iter().map(|p| p.contribution).collect();
        let settlement =
            settle_showdown(self.rules.ante, self.deal.dealer, &contributions, &standing);
        events.push(Event::Showdown {
            splits: self
                .seats_in_order()
                .filter_map(|s| {
                    splits[s].map(|sp| ShownSplit {
                        seat: s,
                        head: sp.head,
                        tail: sp.tail,
                        head_kind: sp.head_kind(),
                        tail_kind: sp.tail_kind(),
                    })
                })
                .collect(),
            results: settlement.results.clone(),
            order: settlement.order.clone(),
            big_tail: settlement.big_tail,
        });
        let mut mango_won_by = None;
        if let Some(w) = settlement.mango_winner {
            if self.mango.pot > 0 {
                events.push(Event::MangoTaken {
                    seat: w,
                    amount: self.mango.pot,
                });
                self.players[w].mango_won += self.mango.pot;
                self.mango.pot = 0;
                mango_won_by = Some(w);
            }
        }
        let big_tail = settlement.big_tail;
        let payouts = settlement.payouts.clone();
        self.finish(
            payouts,
            Ending::Showdown { settlement, splits },
            big_tail,
            mango_won_by,
            events,
        );
    }

    fn finish(
        &mut self,
        payouts: Vec<u64>,
        ending: Ending,
        next_dealer: Seat,
        mango_won_by: Option<Seat>,
        events: &mut Vec<Event>,
    ) {
        let deltas: Vec<i64> = self
            .players
            .iter()
            .zip(&payouts)
            .map(|(p, &won)| {
                won as i64 - p.contribution as i64 - p.mango_paid as i64 + p.mango_won as i64
            })
            .collect();
        events.push(Event::HandOver {
            deltas: deltas.clone(),
            mango_pot: self.mango.pot,
            mango_count: self.mango.count,
            next_dealer,
        });
        self.phase = Phase::Finished(Box::new(Finish {
            deltas,
            ending,
            next_dealer,
            mango_won_by,
        }));
    }

    /// The splits given so far (all of them once the hand is over).
    pub(crate) fn splits(&self) -> Vec<Option<Split>> {
        match &self.phase {
            Phase::Showdown { splits, .. } => splits.clone(),
            Phase::Finished(f) => match &f.ending {
                Ending::Showdown { splits, .. } => splits.clone(),
                Ending::NoShowdown { .. } => vec![None; self.seats()],
            },
            Phase::Betting(_) => vec![None; self.seats()],
        }
    }

    /// The legal actions of `seat` that depend only on what everyone sees
    /// (contributions, bobos, the round): the betting actions. The 三花
    /// lay-down (legal only when the two face-down cards make 三花) and the
    /// splits depend on hidden cards and are left out.
    pub fn public_actions(&self, seat: Seat) -> Vec<Action> {
        let mut actions = self.legal_actions(seat);
        actions.retain(|a| !matches!(a, Action::Sanhua | Action::Split(_)));
        actions
    }

    /// Every legal action of `seat` now: the betting actions with the
    /// preset raise sizes, or every legal split.
    pub fn legal_actions(&self, seat: Seat) -> Vec<Action> {
        if self.to_act() != Some(seat) {
            return Vec::new();
        }
        let mut candidates = Vec::new();
        match &self.phase {
            Phase::Betting(_) => {
                candidates.extend([
                    Action::Check,
                    Action::Call,
                    Action::AllIn,
                    Action::Fold,
                    Action::Sanhua,
                ]);
                let ante = self.rules.ante;
                candidates.extend(RAISE_PRESETS.iter().map(|k| Action::Raise(k * ante)));
            }
            Phase::Showdown { .. } => {
                if let Ok(four) = <[Card; 4]>::try_from(self.players[seat].cards.as_slice()) {
                    candidates.extend(
                        super::hands::legal_splits(&four)
                            .into_iter()
                            .map(Action::Split),
                    );
                }
            }
            Phase::Finished(_) => {}
        }
        candidates.retain(|a| self.check(seat, a).is_ok());
        candidates
    }
}
