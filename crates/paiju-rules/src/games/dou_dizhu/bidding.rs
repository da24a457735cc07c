//! Bidding (rules/dou-dizhu.md, "Bidding"): score bidding (叫分) with the
//! forced bid, rob bidding (叫地主 / 抢地主) with the caller's rob-back, the
//! two-player rob with its handicap (让牌), and kicking (踢) after a bid of
//! 3. Each stage is its own phase struct; a stage's method checks the
//! action, then moves the game to the next stage, to the landlord taking
//! the kitty ([`super::kitty`]), or to a redeal when nobody bids.

use super::action::illegal;
use super::patterns::{BIG_JOKER, SMALL_JOKER, TWO};
use super::view::{Event, PassOn};
use super::{Action, DouDizhu, Phase};
use crate::games::{RuleError, Seat};

/// The most robs (and so the largest handicap) of the two-player game.
const MAX_ROBS: u8 = 4;

/// A fixed queue of seats that each get one say (robbing, kicking).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) struct SeatQueue {
    seats: [Seat; 2],
    len: u8,
    at: u8,
}

impl SeatQueue {
    fn new(seats: impl Iterator<Item = Seat>) -> SeatQueue {
        let mut q = SeatQueue {
            seats: [0; 2],
            len: 0,
            at: 0,
        };
        for s in seats {
            q.seats[q.len as usize] = s;
            q.len += 1;
        }
        q
    }

    pub(super) fn current(&self) -> Option<Seat> {
        (self.at < self.len).then(|| self.seats[self.at as usize])
    }
}

/// Score bidding: `spoken` seats have spoken; `high` is the best bid.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) struct Score {
    pub(super) turn: Seat,
    pub(super) spoken: u8,
    pub(super) high: Option<(Seat, u8)>,
}

/// Rob bidding before anyone called (and the two-player call).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) struct Calling {
    pub(super) turn: Seat,
    pub(super) spoken: u8,
}

/// Rob bidding: the seats that did not pass each may rob once.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) struct Robbing {
    caller: Seat,
    pub(super) queue: SeatQueue,
    last: Seat,
    robbed: bool,
}

/// Rob bidding: the caller's last chance to rob back.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) struct RobBack {
    pub(super) caller: Seat,
    last: Seat,
}

/// Two players: after a call, the two take turns to rob or pass.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) struct RobTwo {
    pub(super) turn: Seat,
    last: Seat,
    robs: u8,
}

/// After a bid of 3: the seats that had not spoken may kick.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) struct Kicking {
    landlord: Seat,
    pub(super) queue: SeatQueue,
    kicked: bool,
}

/// Someone kicked: the landlord may counter-kick.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) struct Counter {
    pub(super) landlord: Seat,
}

/// The first bidding stage of a game under these rules.
pub(super) fn opening(players: usize, bidding: super::Bidding, first: Seat) -> Phase {
    match bidding {
        _ if players == 2 => Phase::Calling(Calling {
            turn: first,
            spoken: 0,
        }),
        super::Bidding::Score => Phase::Score(Score {
            turn: first,
            spoken: 0,
            high: None,
        }),
        super::Bidding::Rob => Phase::Calling(Calling {
            turn: first,
            spoken: 0,
        }),
    }
}

/// A pass as the event tells it; the game fills in what it declined.
fn passed(seat: Seat) -> Event {
    Event::Passed {
        seat,
        on: PassOn::Play,
    }
}

impl DouDizhu {
    /// Must this seat bid (forced_bid) rather than pass?
    pub(super) fn must_bid(&self, seat: Seat) -> bool {
        let c = self.hands[seat].counts();
        self.rules.forced_bid && c[BIG_JOKER] == 1 && (c[SMALL_JOKER] == 1 || c[TWO] > 0)
    }

    /// The bidding actions open to the seat whose turn it is, if the game is
    /// bidding.
    pub(super) fn bidding_actions(&self, seat: Seat, out: &mut Vec<Action>) {
        match self.phase {
            Phase::Score(Score { high, .. }) => {
                let top = high.map_or(0, |h| h.1);
                out.extend((top + 1..=3).map(Action::Bid));
                if !(high.is_none() && self.must_bid(seat)) {
                    out.push(Action::Pass);
                }
            }
            Phase::Calling(_) => out.extend([Action::Call, Action::Pass]),
            Phase::Robbing(_) | Phase::RobBack(_) | Phase::RobTwo(_) => {
                out.extend([Action::Rob, Action::Pass])
            }
            Phase::Kicking(_) => out.extend([Action::Kick, Action::Pass]),
            Phase::Counter(_) => out.extend([Action::Counter, Action::Pass]),
            _ => {}
        }
    }

    /// A bid of 1–3 in score bidding.
    pub(super) fn score_bid(
        &mut self,
        stage: Score,
        seat: Seat,
        bid: u8,
        ev: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        let top = stage.high.map_or(0, |h| h.1);
        if bid <= top {
            return Err(illegal(
                "err-bid-too-low",
                format!("a bid must be higher than {top}"),
            )
            .arg("bid", top));
        }
        self.bidding_started = true;
        self.bids[seat] = Some(bid);
        ev.push(Event::Bid { seat, bid });
        let spoken = stage.spoken + 1;
        self.base = bid as u32;
        if bid == 3 {
            let unspoken = self.players - spoken as usize;
            let queue = SeatQueue::new((1..=unspoken).map(|k| (seat + k) % self.players));
            if self.rules.kick && queue.len > 0 {
                self.phase = Phase::Kicking(Kicking {
                    landlord: seat,
                    queue,
                    kicked: false,
                });
            } else {
                self.become_landlord(seat, ev);
            }
        } else if spoken as usize == self.players {
            self.become_landlord(seat, ev);
        } else {
            self.phase = Phase::Score(Score {
                turn: self.next(seat),
                spoken,
                high: Some((seat, bid)),
            });
        }
        Ok(())
    }

    /// A pass (不叫) in score bidding; after three passes, a redeal.
    pub(super) fn score_pass(
        &mut self,
        stage: Score,
        seat: Seat,
        ev: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        if stage.high.is_none() && self.must_bid(seat) {
            return Err(illegal(
                "err-must-bid",
                "holding both jokers, or the big joker and a 2, you must bid",
            ));
        }
        self.bidding_started = true;
        self.bids[seat] = Some(0);
        ev.push(passed(seat));
        let spoken = stage.spoken + 1;
        if spoken as usize == self.players {
            match stage.high {
                Some((s, _)) => self.become_landlord(s, ev),
                None => self.redeal(ev),
            }
        } else {
            self.phase = Phase::Score(Score {
                turn: self.next(seat),
                spoken,
                high: stage.high,
            });
        }
        Ok(())
    }

    /// A call (叫地主): the seats that have not passed may now rob.
    pub(super) fn call(&mut self, stage: Calling, seat: Seat, ev: &mut Vec<Event>) {
        self.bidding_started = true;
        ev.push(Event::Called { seat });
        if self.players == 2 {
            // As with three, a seat that passed before the call is out: a
            // call after a pass is the end of bidding.
            if stage.spoken > 0 {
                self.become_landlord(seat, ev);
            } else {
                self.phase = Phase::RobTwo(RobTwo {
                    turn: self.next(seat),
                    last: seat,
                    robs: 0,
                });
            }
            return;
        }
        // Seats that passed before the call are out; the rest may rob.
        let unspoken = self.players - stage.spoken as usize - 1;
        let queue = SeatQueue::new((1..=unspoken).map(|k| (seat + k) % self.players));
        if queue.len == 0 {
            self.become_landlord(seat, ev);
        } else {
            self.phase = Phase::Robbing(Robbing {
                caller: seat,
                queue,
                last: seat,
                robbed: false,
            });
        }
    }

    /// A pass (不叫) before anyone called; when all pass, a redeal.
    pub(super) fn calling_pass(&mut self, stage: Calling, seat: Seat, ev: &mut Vec<Event>) {
        self.bidding_started = true;
        ev.push(passed(seat));
        let spoken = stage.spoken + 1;
        if spoken as usize == self.players {
            self.redeal(ev);
        } else {
            self.phase = Phase::Calling(Calling {
                turn: self.next(seat),
                spoken,
            });
        }
    }

    /// Two players: a rob doubles the base and adds one to the handicap; a
    /// pass gives the landlord to the last caller or robber.
    pub(super) fn rob_two(&mut self, stage: RobTwo, seat: Seat, rob: bool, ev: &mut Vec<Event>) {
        if !rob {
            ev.push(passed(seat));
            self.become_landlord(stage.last, ev);
            return;
        }
        self.base *= 2;
        self.robs += 1;
        self.handicap += 1;
        ev.push(Event::Robbed { seat });
        let robs = stage.robs + 1;
        if robs >= MAX_ROBS {
            self.become_landlord(seat, ev);
        } else {
            self.phase = Phase::RobTwo(RobTwo {
                turn: self.next(seat),
                last: seat,
                robs,
            });
        }
    }

    /// One seat of the rob queue robs (抢地主) or passes (不抢).
    pub(super) fn robbing(&mut self, stage: Robbing, seat: Seat, rob: bool, ev: &mut Vec<Event>) {
        let Robbing {
            caller,
            mut queue,
            mut last,
            mut robbed,
        } = stage;
        if rob {
            self.base *= 2;
            self.robs += 1;
            last = seat;
            robbed = true;
            ev.push(Event::Robbed { seat });
        } else {
            ev.push(passed(seat));
        }
        queue.at += 1;
        if queue.current().is_some() {
            self.phase = Phase::Robbing(Robbing {
                caller,
                queue,
                last,
                robbed,
            });
        } else if robbed {
            self.phase = Phase::RobBack(RobBack { caller, last });
        } else {
            self.become_landlord(caller, ev);
        }
    }

    /// The caller robs back (and is the landlord) or lets the last robber be.
    pub(super) fn rob_back(&mut self, stage: RobBack, seat: Seat, rob: bool, ev: &mut Vec<Event>) {
        if rob {
            self.base *= 2;
            self.robs += 1;
            ev.push(Event::Robbed { seat });
            self.become_landlord(stage.caller, ev);
        } else {
            ev.push(passed(seat));
            self.become_landlord(stage.last, ev);
        }
    }

    /// One seat that had not bid kicks (踢, doubling) or passes.
    pub(super) fn kicking(&mut self, stage: Kicking, seat: Seat, kick: bool, ev: &mut Vec<Event>) {
        let Kicking {
            landlord,
            mut queue,
            mut kicked,
        } = stage;
        if kick {
            self.kicks += 1;
            kicked = true;
            ev.push(Event::Kicked { seat });
        } else {
            ev.push(passed(seat));
        }
        queue.at += 1;
        if queue.current().is_some() {
            self.phase = Phase::Kicking(Kicking {
                landlord,
                queue,
                kicked,
            });
        } else if kicked {
            self.phase = Phase::Counter(Counter { landlord });
        } else {
            self.become_landlord(landlord, ev);
        }
    }

    /// The landlord counter-kicks (回踢) or passes; either way bidding ends.
    pub(super) fn counter(
        &mut self,
        stage: Counter,
        seat: Seat,
        counter: bool,
        ev: &mut Vec<Event>,
    ) {
        if counter {
            self.kicks += 1;
            ev.push(Event::Countered { seat });
        } else {
            ev.push(passed(seat));
        }
        self.become_landlord(stage.landlord, ev);
    }
}
