//! 斗地主 Dou Dizhu (rules/dou-dizhu.md): the classic 3-player game and the
//! variants — two players (二人斗地主), the wild card (癞子), the discard
//! phase (弃三张).
//!
//! This module owns the game's state machine: the deal, bidding (score or
//! rob, forced bids, kicks, the two-player rob with its handicap 让牌), the
//! kitty and its multipliers, discards, doubling, shown hands, the play with
//! its turn flow, escape, and settlement. Seat-indexed state is kept in
//! arrays of 3; a two-player game uses slots 0 and 1 only. Combinations
//! live in [`patterns`], card sets in [`cardset`], actions and their errors
//! in [`action`], views and events in [`view`], the basic bot in [`ai`], and
//! `paiju simulate` in [`sim`].

pub mod action;
pub mod ai;
pub mod cardset;
pub mod outcome;
pub mod patterns;
pub mod rules;
pub mod search;
pub mod sim;
pub mod view;
pub mod wild;

pub use action::{parse_play, Action, ShowStage};
pub use cardset::CardSet;
pub use outcome::Outcome;
pub use patterns::{Combo, Kind, PatternRules};
pub use rules::{Bidding, Rules};
pub use sim::simulate;
pub use view::{Event, Factors, PassOn, PhaseName, Standing, View};
pub use wild::{WildAs, WildRules};

use crate::cards::Card;
use crate::games::{Game, GameKind, GameOutcome, RuleError, Seat};
use crate::record::{seated_action, Record, RecordError};
use action::{illegal, not_in_hand};
use patterns::{classify, for_each_play, BIG_JOKER, SMALL_JOKER, TWO};
use serde_json::{json, Value};

const HAND: usize = 17;
/// Cards set aside and shown in the two-player game.
const ASIDE: usize = 9;
/// The most robs (and so the largest handicap) of the two-player game.
const MAX_ROBS: u8 = 4;

/// The deck of a game with `players` seats: 54 cards, or 46 without the
/// 3s and 4s for two players.
pub fn deck_for(players: usize) -> CardSet {
    let full = CardSet::full_deck();
    if players == 2 {
        // Rank indices 0 (3) and 1 (4) are the low byte.
        CardSet(full.0 & !0xFF)
    } else {
        full
    }
}

/// The deal as a record holds it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Deal {
    /// One hand of 17 per seat (2 or 3 seats).
    pub hands: Vec<Vec<Card>>,
    pub kitty: Vec<Card>,
    /// Two players: the 9 cards set aside and shown (empty otherwise).
    pub aside: Vec<Card>,
    pub first: Seat,
    /// 癞子: the wild rank index (0 = 3 … 12 = 2), drawn after the deal.
    pub wild: Option<usize>,
}

impl Deal {
    fn to_json(&self) -> Value {
        let mut v = json!({"hands": self.hands, "kitty": self.kitty});
        if self.hands.len() == 2 {
            v["aside"] = json!(self.aside);
        }
        v["first"] = json!(self.first);
        if let Some(w) = self.wild {
            v["wild"] = json!(cardset::rank_record_name(w));
        }
        v
    }

    /// Reads and checks a record's `deal`: `players` hands of 17, a kitty
    /// of 3, for two players 9 cards aside, a first bidder, the wild rank
    /// when `wild` is played, and together exactly the deck.
    fn from_json(v: &Value, players: usize, wild: bool) -> Result<Deal, RecordError> {
        let bad = |m: String| RecordError::Deal(m);
        let obj = v
            .as_object()
            .ok_or_else(|| bad("the deal is a JSON object".into()))?;
        for k in obj.keys() {
            if !matches!(k.as_str(), "hands" | "kitty" | "first" | "aside" | "wild") {
                return Err(bad(format!("unknown deal field `{k}`")));
            }
        }
        let cards_of = |v: &Value, what: &str, n: usize| -> Result<Vec<Card>, RecordError> {
            let items = v
                .as_array()
                .ok_or_else(|| bad(format!("{what} is a list of cards")))?;
            let mut out = Vec::with_capacity(items.len());
            for item in items {
                let text = item
                    .as_str()
                    .ok_or_else(|| bad(format!("{what}: {item} is not a card")))?;
                out.push(
                    text.parse::<Card>()
                        .map_err(|_| bad(format!("{what}: `{text}` is not a card")))?,
                );
            }
            if out.len() != n {
                return Err(bad(format!("{what} has {} cards; it needs {n}", out.len())));
            }
            Ok(out)
        };
        let hands_v = obj
            .get("hands")
            .and_then(Value::as_array)
            .ok_or_else(|| bad("missing `hands`: a list of three hands".into()))?;
        if hands_v.len() != players {
            return Err(bad(format!(
                "{} hands; a {players}-seat game deals {players}",
                hands_v.len()
            )));
        }
        let mut hands = Vec::with_capacity(players);
        for (i, h) in hands_v.iter().enumerate() {
            hands.push(cards_of(h, &format!("hand {i}"), HAND)?);
        }
        let aside = match (obj.get("aside"), players) {
            (Some(a), 2) => cards_of(a, "`aside`", ASIDE)?,
            (None, 2) => return Err(bad("missing `aside`: the 9 cards set aside".into())),
            (Some(_), _) => return Err(bad("`aside` belongs to the two-player game".into())),
            (None, _) => Vec::new(),
        };
        let wild_rank = match (obj.get("wild"), wild) {
            (Some(w), true) => {
                let text = w.as_str().unwrap_or_default();
                let r = cardset::rank_from_name(text)
                    .filter(|&r| r <= TWO && deck_for(players).nibble(r) != 0)
                    .ok_or_else(|| {
                        bad(format!("`wild` {w} is not a rank of this deck (3 … A, 2)"))
                    })?;
                Some(r)
            }
            (None, true) => return Err(bad("missing `wild`: the wild rank".into())),
            (Some(_), false) => {
                return Err(bad("`wild` in the deal needs the `wild` option".into()))
            }
            (None, false) => None,
        };
        let kitty = cards_of(
            obj.get("kitty")
                .ok_or_else(|| bad("missing `kitty`".into()))?,
            "the kitty",
            3,
        )?;
        let first = obj
            .get("first")
            .and_then(Value::as_u64)
            .filter(|&f| f < players as u64)
            .ok_or_else(|| bad("`first` is the seat that bids first, a seat number".into()))?
            as Seat;
        let mut seen = CardSet::EMPTY;
        for c in hands
            .iter()
            .flatten()
            .chain(kitty.iter())
            .chain(aside.iter())
        {
            if seen.contains(*c) {
                return Err(bad(format!("{c} is dealt twice")));
            }
            seen.insert(*c);
        }
        if seen != deck_for(players) {
            return Err(bad(if players == 2 {
                "the deal is not the 46-card deck without 3s and 4s".into()
            } else {
                "the deal is not the full 54-card deck".into()
            }));
        }
        Ok(Deal {
            hands,
            kitty,
            aside,
            first,
            wild: wild_rank,
        })
    }
}

/// A fixed queue of seats that each get one say (robbing, kicking).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
struct SeatQueue {
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

    fn current(&self) -> Option<Seat> {
        (self.at < self.len).then(|| self.seats[self.at as usize])
    }
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Phase {
    /// Score bidding: `spoken` seats have spoken; `high` is the best bid.
    Score {
        turn: Seat,
        spoken: u8,
        high: Option<(Seat, u8)>,
    },
    /// Rob bidding before anyone called.
    Calling {
        turn: Seat,
        spoken: u8,
    },
    /// Rob bidding: the seats that did not pass each may rob once.
    Robbing {
        caller: Seat,
        queue: SeatQueue,
        last: Seat,
        robbed: bool,
    },
    /// Rob bidding: the caller's last chance to rob back.
    RobBack {
        caller: Seat,
        last: Seat,
    },
    /// Two players: after a call, the two take turns to rob or pass.
    RobTwo {
        turn: Seat,
        last: Seat,
        robs: u8,
    },
    /// After a bid of 3: the seats that had not spoken may kick.
    Kicking {
        landlord: Seat,
        queue: SeatQueue,
        kicked: bool,
    },
    /// Someone kicked: the landlord may counter-kick.
    Counter {
        landlord: Seat,
    },
    /// 弃三张: from the seat after the landlord, the landlord last.
    Discarding {
        turn: Seat,
        spoken: u8,
    },
    Doubling {
        turn: Seat,
        spoken: u8,
    },
    Playing {
        turn: Seat,
        standing: Option<Standing>,
        passes: u8,
    },
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
    plays: [u32; 3],
    played: [CardSet; 3],
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
        let phase = match rules.bidding {
            _ if players == 2 => Phase::Calling {
                turn: deal.first,
                spoken: 0,
            },
            Bidding::Score => Phase::Score {
                turn: deal.first,
                spoken: 0,
                high: None,
            },
            Bidding::Rob => Phase::Calling {
                turn: deal.first,
                spoken: 0,
            },
        };
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
            plays: [0; 3],
            played: [CardSet::EMPTY; 3],
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
            Phase::Score { turn, .. }
            | Phase::Calling { turn, .. }
            | Phase::Discarding { turn, .. }
            | Phase::Doubling { turn, .. }
            | Phase::Playing { turn, .. } => Some(turn),
            Phase::Robbing { queue, .. } | Phase::Kicking { queue, .. } => queue.current(),
            Phase::RobBack { caller, .. } => Some(caller),
            Phase::RobTwo { turn, .. } => Some(turn),
            Phase::Counter { landlord } => Some(landlord),
            Phase::Finished => None,
        }
    }

    fn in_bidding(&self) -> bool {
        matches!(
            self.phase,
            Phase::Score { .. }
                | Phase::Calling { .. }
                | Phase::Robbing { .. }
                | Phase::RobBack { .. }
                | Phase::RobTwo { .. }
                | Phase::Kicking { .. }
                | Phase::Counter { .. }
        )
    }

    /// What a pass now declines.
    fn pass_on(&self) -> PassOn {
        match self.phase {
            Phase::Robbing { .. } | Phase::RobBack { .. } | Phase::RobTwo { .. } => PassOn::Rob,
            Phase::Kicking { .. } | Phase::Counter { .. } => PassOn::Kick,
            Phase::Discarding { .. } => PassOn::Discard,
            Phase::Doubling { .. } => PassOn::Double,
            Phase::Playing { .. } | Phase::Finished => PassOn::Play,
            _ => PassOn::Bid,
        }
    }

    fn phase_name(&self) -> PhaseName {
        match self.phase {
            Phase::Kicking { .. } | Phase::Counter { .. } => PhaseName::Kicking,
            Phase::Discarding { .. } => PhaseName::Discarding,
            Phase::Doubling { .. } => PhaseName::Doubling,
            Phase::Playing { .. } => PhaseName::Playing,
            Phase::Finished => PhaseName::Finished,
            _ => PhaseName::Bidding,
        }
    }

    fn show_factor(&self) -> u32 {
        self.shown
            .iter()
            .flatten()
            .map(|s| s.factor())
            .max()
            .unwrap_or(1)
    }

    /// The product of the discard factors so far (1 without discards).
    fn discard_factor(&self) -> u32 {
        self.discard_factors.iter().flatten().product()
    }

    /// The multiplier so far, with `extra_bombs` more bombs counted.
    fn multiplier_with(&self, extra_bombs: u32) -> u64 {
        let bombs = self.bombs + extra_bombs;
        self.base as u64
            * (1u64 << self.kicks.min(16))
            * self.kitty_factor as u64
            * self.show_factor() as u64
            * self.discard_factor() as u64
            * (1u64 << bombs.min(30))
    }

    fn factors(&self) -> Factors {
        Factors {
            base: self.base,
            kicks: self.kicks,
            kitty: self.kitty_factor,
            show: self.show_factor(),
            discard: self.discard_factor(),
            bombs: self.bombs,
            multiplier: self.multiplier_with(0),
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
            Phase::Discarding { .. } | Phase::Doubling { .. } => true,
            Phase::Playing { .. } => self.plays.iter().all(|&p| p == 0),
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
                "err-option-off",
                "showing cards (明牌) is not played at this table",
            )
            .arg("option", "show_cards"));
        }
        if self.shown[seat].is_some() {
            return Err(illegal("err-already-shown", "your hand is already shown"));
        }
        let stage = match stage {
            None => self
                .show_stage_now(seat)
                .ok_or_else(|| illegal("err-show-too-late", "it is too late to show your hand"))?,
            Some(ShowStage::Start) => {
                if !self.in_bidding() || self.bidding_started {
                    return Err(illegal(
                        "err-show-too-late",
                        "bidding has started: a hand shown now is shown during bidding",
                    ));
                }
                ShowStage::Start
            }
            Some(ShowStage::Bidding) => {
                if !self.in_bidding() {
                    return Err(illegal("err-show-too-late", "bidding is over"));
                }
                ShowStage::Bidding
            }
            Some(ShowStage::Kitty) => {
                if self.landlord != Some(seat) {
                    return Err(illegal(
                        "err-show-landlord-only",
                        "only the landlord shows after taking the kitty",
                    ));
                }
                if !self.before_first_play() {
                    return Err(illegal(
                        "err-show-too-late",
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
        let what = match action {
            Action::Bid(_) => "bid",
            Action::Pass => "pass",
            Action::Call => "call the landlord",
            Action::Rob => "rob the landlord",
            Action::Kick => "kick",
            Action::Counter => "counter-kick",
            Action::Double => "double",
            Action::Play { .. } => "play cards",
            Action::Discard(_) => "discard",
            Action::Show(_) | Action::Leave => "do that",
        };
        let now = match self.phase {
            Phase::Score { .. } => "it is score bidding (bid 1–3 or pass)",
            Phase::Calling { .. } => "it is time to call the landlord or pass",
            Phase::Robbing { .. } | Phase::RobBack { .. } | Phase::RobTwo { .. } => {
                "it is time to rob or pass"
            }
            Phase::Kicking { .. } => "it is time to kick or pass",
            Phase::Counter { .. } => "it is time to counter-kick or pass",
            Phase::Discarding { .. } => "it is time to discard (0 or more cards)",
            Phase::Doubling { .. } => "it is time to double or pass",
            Phase::Playing { .. } => "it is time to play or pass",
            Phase::Finished => "the game is over",
        };
        illegal("err-wrong-phase", format!("you cannot {what} now: {now}")).arg("action", what)
    }

    /// Must this seat bid (forced_bid) rather than pass?
    fn must_bid(&self, seat: Seat) -> bool {
        let c = self.hands[seat].counts();
        self.rules.forced_bid && c[BIG_JOKER] == 1 && (c[SMALL_JOKER] == 1 || c[TWO] > 0)
    }

    /// An action on the seat's turn. Checks everything before changing anything.
    fn act(&mut self, seat: Seat, action: &Action, ev: &mut Vec<Event>) -> Result<(), RuleError> {
        match (self.phase, *action) {
            (Phase::Score { spoken, high, .. }, Action::Bid(b)) => {
                let top = high.map_or(0, |h| h.1);
                if b <= top {
                    return Err(illegal(
                        "err-bid-too-low",
                        format!("a bid must be higher than {top}"),
                    )
                    .arg("bid", top));
                }
                self.bidding_started = true;
                self.bids[seat] = Some(b);
                ev.push(Event::Bid { seat, bid: b });
                let spoken = spoken + 1;
                if b == 3 {
                    let unspoken = (self.players - spoken as usize) as u8;
                    let queue =
                        SeatQueue::new((1..=unspoken as usize).map(|k| (seat + k) % self.players));
                    self.base = 3;
                    if self.rules.kick && queue.len > 0 {
                        self.phase = Phase::Kicking {
                            landlord: seat,
                            queue,
                            kicked: false,
                        };
                    } else {
                        self.become_landlord(seat, ev);
                    }
                } else if spoken as usize == self.players {
                    self.base = b as u32;
                    self.become_landlord(seat, ev);
                } else {
                    self.base = b as u32;
                    self.phase = Phase::Score {
                        turn: self.next(seat),
                        spoken,
                        high: Some((seat, b)),
                    };
                }
            }
            (Phase::Score { spoken, high, .. }, Action::Pass) => {
                if high.is_none() && self.must_bid(seat) {
                    return Err(illegal(
                        "err-must-bid",
                        "holding both jokers, or the big joker and a 2, you must bid",
                    ));
                }
                self.bidding_started = true;
                self.bids[seat] = Some(0);
                ev.push(Event::Passed {
                    seat,
                    on: PassOn::Play,
                });
                let spoken = spoken + 1;
                if spoken as usize == self.players {
                    match high {
                        Some((s, _)) => self.become_landlord(s, ev),
                        None => self.redeal(ev),
                    }
                } else {
                    self.phase = Phase::Score {
                        turn: self.next(seat),
                        spoken,
                        high,
                    };
                }
            }
            (Phase::Calling { spoken, .. }, Action::Call) if self.players == 2 => {
                self.bidding_started = true;
                ev.push(Event::Called { seat });
                // As with three, a seat that passed before the call is out:
                // a call after a pass is the end of bidding.
                if spoken > 0 {
                    self.become_landlord(seat, ev);
                } else {
                    self.phase = Phase::RobTwo {
                        turn: self.next(seat),
                        last: seat,
                        robs: 0,
                    };
                }
            }
            (Phase::RobTwo { last, robs, .. }, a @ (Action::Rob | Action::Pass)) => {
                if a == Action::Pass {
                    ev.push(Event::Passed {
                        seat,
                        on: PassOn::Play,
                    });
                    self.become_landlord(last, ev);
                } else {
                    self.base *= 2;
                    self.handicap += 1;
                    ev.push(Event::Robbed { seat });
                    let robs = robs + 1;
                    if robs >= MAX_ROBS {
                        self.become_landlord(seat, ev);
                    } else {
                        self.phase = Phase::RobTwo {
                            turn: self.next(seat),
                            last: seat,
                            robs,
                        };
                    }
                }
            }
            (Phase::Calling { spoken, .. }, Action::Call) => {
                self.bidding_started = true;
                ev.push(Event::Called { seat });
                // Seats that passed before the call are out; the rest may rob.
                let unspoken = self.players - spoken as usize - 1;
                let queue = SeatQueue::new((1..=unspoken).map(|k| (seat + k) % self.players));
                if queue.len == 0 {
                    self.become_landlord(seat, ev);
                } else {
                    self.phase = Phase::Robbing {
                        caller: seat,
                        queue,
                        last: seat,
                        robbed: false,
                    };
                }
            }
            (Phase::Calling { spoken, .. }, Action::Pass) => {
                self.bidding_started = true;
                ev.push(Event::Passed {
                    seat,
                    on: PassOn::Play,
                });
                let spoken = spoken + 1;
                if spoken as usize == self.players {
                    self.redeal(ev);
                } else {
                    self.phase = Phase::Calling {
                        turn: self.next(seat),
                        spoken,
                    };
                }
            }
            (
                Phase::Robbing {
                    caller,
                    mut queue,
                    mut last,
                    mut robbed,
                },
                a @ (Action::Rob | Action::Pass),
            ) => {
                if a == Action::Rob {
                    self.base *= 2;
                    last = seat;
                    robbed = true;
                    ev.push(Event::Robbed { seat });
                } else {
                    ev.push(Event::Passed {
                        seat,
                        on: PassOn::Play,
                    });
                }
                queue.at += 1;
                if queue.current().is_some() {
                    self.phase = Phase::Robbing {
                        caller,
                        queue,
                        last,
                        robbed,
                    };
                } else if robbed {
                    self.phase = Phase::RobBack { caller, last };
                } else {
                    self.become_landlord(caller, ev);
                }
            }
            (Phase::RobBack { caller, last }, a @ (Action::Rob | Action::Pass)) => {
                if a == Action::Rob {
                    self.base *= 2;
                    ev.push(Event::Robbed { seat });
                    self.become_landlord(caller, ev);
                } else {
                    ev.push(Event::Passed {
                        seat,
                        on: PassOn::Play,
                    });
                    self.become_landlord(last, ev);
                }
            }
            (
                Phase::Kicking {
                    landlord,
                    mut queue,
                    mut kicked,
                },
                a @ (Action::Kick | Action::Pass),
            ) => {
                if a == Action::Kick {
                    self.kicks += 1;
                    kicked = true;
                    ev.push(Event::Kicked { seat });
                } else {
                    ev.push(Event::Passed {
                        seat,
                        on: PassOn::Play,
                    });
                }
                queue.at += 1;
                if queue.current().is_some() {
                    self.phase = Phase::Kicking {
                        landlord,
                        queue,
                        kicked,
                    };
                } else if kicked {
                    self.phase = Phase::Counter { landlord };
                } else {
                    self.become_landlord(landlord, ev);
                }
            }
            (Phase::Counter { landlord }, a @ (Action::Counter | Action::Pass)) => {
                if a == Action::Counter {
                    self.kicks += 1;
                    ev.push(Event::Countered { seat });
                } else {
                    ev.push(Event::Passed {
                        seat,
                        on: PassOn::Play,
                    });
                }
                self.become_landlord(landlord, ev);
            }
            (Phase::Discarding { spoken, .. }, Action::Discard(cards)) => {
                self.discard(seat, cards, spoken, ev)?;
            }
            (Phase::Doubling { spoken, .. }, a @ (Action::Double | Action::Pass)) => {
                let double = a == Action::Double;
                self.doubled[seat] = Some(double);
                ev.push(if double {
                    Event::Doubled { seat }
                } else {
                    Event::Passed {
                        seat,
                        on: PassOn::Play,
                    }
                });
                let spoken = spoken + 1;
                self.phase = if spoken as usize == self.players {
                    Phase::Playing {
                        turn: self.landlord.expect("doubling follows bidding"),
                        standing: None,
                        passes: 0,
                    }
                } else {
                    Phase::Doubling {
                        turn: self.next(seat),
                        spoken,
                    }
                };
            }
            (
                Phase::Playing {
                    standing, passes, ..
                },
                Action::Pass,
            ) => {
                let Some(st) = standing else {
                    return Err(illegal(
                        "err-leader-must-play",
                        "you lead this round: play something",
                    ));
                };
                ev.push(Event::Passed {
                    seat,
                    on: PassOn::Play,
                });
                if passes + 1 >= (self.players - 1) as u8 {
                    ev.push(Event::Lead { seat: st.seat });
                    self.phase = Phase::Playing {
                        turn: st.seat,
                        standing: None,
                        passes: 0,
                    };
                } else {
                    self.phase = Phase::Playing {
                        turn: self.next(seat),
                        standing,
                        passes: passes + 1,
                    };
                }
            }
            (
                Phase::Playing { standing, .. },
                Action::Play {
                    cards,
                    reading,
                    wild_as,
                },
            ) => {
                self.play(seat, cards, reading, wild_as, standing, ev)?;
            }
            _ => return Err(self.wrong_phase(action)),
        }
        Ok(())
    }

    /// Every reading of `cards` with the wild cards standing for `wild_as`,
    /// or the reason there is none.
    fn readings_of(&self, cards: CardSet, wild_as: WildAs) -> Result<Vec<Combo>, RuleError> {
        let Some(wr) = &self.wild else {
            if !wild_as.is_empty() {
                return Err(illegal(
                    "err-no-wild",
                    "there is no wild card at this table: drop `wild_as`",
                ));
            }
            return Ok(classify(&cards.counts(), &self.patterns).iter().collect());
        };
        let stated = (!wild_as.is_empty()).then_some(&wild_as);
        wild::read(cards, stated, wr, &self.patterns).map_err(|e| {
            let text = cards.ranks_text();
            match e {
                wild::WildError::Missing => illegal(
                    "err-wild-as-missing",
                    format!(
                        "{text} mixes wild and natural cards: say what the wild cards stand for"
                    ),
                )
                .arg("cards", cards.ranks_words()),
                wild::WildError::Count { wild, stated } => illegal(
                    "err-wild-as-count",
                    format!("the play has {wild} wild cards but `wild_as` names {stated} ranks"),
                )
                .arg("wild", wild)
                .arg("stated", stated),
                wild::WildError::Rank(r) => {
                    let rank = cardset::rank_name(r);
                    illegal(
                        "err-wild-as-rank",
                        format!("a wild card cannot stand for {rank} here"),
                    )
                    .arg("rank", rank)
                }
                wild::WildError::AllWildOwnRank => illegal(
                    "err-wild-all-own-rank",
                    format!("{text} is all wild cards: they are their own rank"),
                )
                .arg("cards", cards.ranks_words()),
            }
        })
    }

    /// Reads `cards` (the wild cards standing for `wild_as`) as a play that
    /// is legal now.
    pub fn reading_for(
        &self,
        seat: Seat,
        cards: CardSet,
        reading: Option<Kind>,
        wild_as: WildAs,
        standing: Option<Standing>,
    ) -> Result<Combo, RuleError> {
        if cards.is_empty() {
            return Err(illegal("err-empty-play", "play at least one card"));
        }
        if !cards.is_subset(self.hands[seat]) {
            let missing = cards.minus(self.hands[seat]).cards()[0];
            return Err(not_in_hand(&missing.pretty()));
        }
        let readings = self.readings_of(cards, wild_as)?;
        if readings.is_empty() {
            let text = cards.ranks_text();
            return Err(illegal(
                "err-not-a-combination",
                format!("{text} is not a valid combination"),
            )
            .arg("cards", cards.ranks_words()));
        }
        let candidates = || {
            readings
                .iter()
                .copied()
                .filter(move |c| reading.is_none_or(|k| c.kind == k))
        };
        let Some(first) = candidates().next() else {
            let kind = reading.expect("only a stated reading filters");
            let text = cards.ranks_text();
            return Err(illegal(
                "err-not-that-reading",
                format!("{text} is not {}", kind.phrase()),
            )
            .arg("cards", cards.ranks_words())
            .arg("pattern", kind.name()));
        };
        let Some(st) = standing else {
            return Ok(first);
        };
        if let Some(c) = candidates().find(|c| c.beats(st.combo)) {
            return Ok(c);
        }
        let err = if first.kind == st.combo.kind && first.size == st.combo.size {
            illegal(
                "err-not-higher",
                format!("{} does not beat {}", first.describe(), st.combo.describe()),
            )
        } else if first.kind == st.combo.kind {
            illegal(
                "err-wrong-size",
                format!(
                    "{} of {} cards does not beat {} of {} cards",
                    first.kind.phrase(),
                    first.size,
                    st.combo.kind.phrase(),
                    st.combo.size
                ),
            )
        } else {
            illegal(
                "err-does-not-beat",
                format!(
                    "{} does not beat {}",
                    first.kind.phrase(),
                    st.combo.kind.phrase()
                ),
            )
        };
        Err(err
            .arg("play", first.kind.name())
            .arg("standing", st.combo.kind.name()))
    }

    fn play(
        &mut self,
        seat: Seat,
        cards: CardSet,
        reading: Option<Kind>,
        wild_as: WildAs,
        standing: Option<Standing>,
        ev: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        let combo = self.reading_for(seat, cards, reading, wild_as, standing)?;
        self.hands[seat] = self.hands[seat].minus(cards);
        self.played[seat] = self.played[seat].union(cards);
        self.plays[seat] += 1;
        if combo.kind.is_bomb_like() {
            self.bombs += 1;
        }
        let left = self.hands[seat].len() as u8;
        let (main, wilds, wild_as) = main_part(cards, combo, self.wild.map(|w| w.wild));
        ev.push(Event::Played {
            seat,
            cards,
            combo,
            cards_left: left,
            main,
            wilds,
            wild_as,
        });
        let farmer_home = self.players == 2 && self.landlord != Some(seat) && left <= self.handicap;
        if left == 0 || farmer_home {
            self.settle(seat, ev);
        } else {
            self.phase = Phase::Playing {
                turn: self.next(seat),
                standing: Some(Standing { seat, cards, combo }),
                passes: 0,
            };
        }
        Ok(())
    }

    fn become_landlord(&mut self, seat: Seat, ev: &mut Vec<Event>) {
        self.landlord = Some(seat);
        self.hands[seat] = self.hands[seat].union(self.kitty);
        if self.rules.kitty_multipliers {
            self.kitty_factor = kitty_factor(self.kitty);
        }
        ev.push(Event::Landlord {
            seat,
            kitty: self.kitty,
            base: self.base,
        });
        self.phase = if self.rules.discard {
            Phase::Discarding {
                turn: self.next(seat),
                spoken: 0,
            }
        } else {
            self.after_discards(seat)
        };
    }

    /// The most cards `seat` may discard (弃三张): 2 for the landlord, 3 for a farmer.
    fn discard_limit(&self, seat: Seat) -> usize {
        if self.landlord == Some(seat) {
            2
        } else {
            3
        }
    }

    /// `seat` discards `cards` (possibly none): they leave the game unseen.
    fn discard(
        &mut self,
        seat: Seat,
        cards: CardSet,
        spoken: u8,
        ev: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        let limit = self.discard_limit(seat);
        if cards.len() > limit {
            return Err(illegal(
                "err-discard-too-many",
                format!("you may discard at most {limit} cards"),
            )
            .arg("max", limit));
        }
        if !cards.is_subset(self.hands[seat]) {
            let missing = cards.minus(self.hands[seat]).cards()[0];
            return Err(not_in_hand(&missing.pretty()));
        }
        let factor = discard_factor(cards);
        self.hands[seat] = self.hands[seat].minus(cards);
        self.discard_factors[seat] = Some(factor);
        ev.push(Event::Discarded {
            seat,
            count: cards.len() as u8,
            factor,
        });
        let spoken = spoken + 1;
        let landlord = self.landlord.expect("discarding follows bidding");
        self.phase = if spoken as usize == self.players {
            self.after_discards(landlord)
        } else {
            Phase::Discarding {
                turn: self.next(seat),
                spoken,
            }
        };
        Ok(())
    }

    /// The phase after the kitty (and any discards): doubling or the first lead.
    fn after_discards(&self, landlord: Seat) -> Phase {
        let seat = landlord;
        if self.rules.doubling {
            Phase::Doubling {
                turn: self.next(seat),
                spoken: 0,
            }
        } else {
            Phase::Playing {
                turn: seat,
                standing: None,
                passes: 0,
            }
        }
    }

    fn redeal(&mut self, ev: &mut Vec<Event>) {
        self.phase = Phase::Finished;
        ev.push(Event::Redeal);
        self.outcome = Some(Outcome::Redeal(outcome::Redeal {
            redeal: true,
            deltas: vec![0; self.players],
        }));
        ev.push(Event::Finished {
            deltas: vec![0; self.players],
        });
    }

    /// The house's cut of each winner's gain, and what the seats keep.
    fn rake(&self, deltas: &[i64]) -> Option<outcome::Rake> {
        if self.rules.rake == 0 {
            return None;
        }
        let rake: Vec<i64> = deltas
            .iter()
            .map(|&d| {
                if d > 0 {
                    d * self.rules.rake as i64 / 100
                } else {
                    0
                }
            })
            .collect();
        let net: Vec<i64> = deltas.iter().zip(&rake).map(|(d, r)| d - r).collect();
        Some(outcome::Rake { rake, net })
    }

    /// `winner` has emptied its hand (or, with two players, the farmer is
    /// down to the handicap).
    fn settle(&mut self, winner: Seat, ev: &mut Vec<Event>) {
        let landlord = self.landlord.expect("play follows bidding");
        let landlord_won = winner == landlord;
        let farmers: Vec<Seat> = (1..self.players)
            .map(|k| (landlord + k) % self.players)
            .collect();
        let spring = landlord_won && farmers.iter().all(|&f| self.plays[f] == 0);
        let anti_spring = !landlord_won && self.plays[landlord] == 1;
        let multiplier = self.multiplier_with(0) * if spring || anti_spring { 2 } else { 1 };
        let ll_double = if self.doubled[landlord] == Some(true) {
            2
        } else {
            1
        };
        let mut deltas = vec![0i64; self.players];
        for &f in &farmers {
            let f_double = if self.doubled[f] == Some(true) { 2 } else { 1 };
            let amount = (multiplier * f_double * ll_double) as i64;
            let sign = if landlord_won { -1 } else { 1 };
            deltas[f] = sign * amount;
            deltas[landlord] -= sign * amount;
        }
        let played = outcome::Played {
            landlord,
            winner: if landlord_won {
                outcome::Side::Landlord
            } else {
                outcome::Side::Farmers
            },
            multiplier,
            factors: self.factors(),
            hands_left: self.hands[..self.players]
                .iter()
                .map(|h| h.cards())
                .collect(),
            bombs: self.bombs,
            spring,
            anti_spring,
            handicap: (self.players == 2).then_some(self.handicap),
            discard_factors: self.rules.discard.then(|| {
                self.discard_factors[..self.players]
                    .iter()
                    .map(|f| f.unwrap_or(1))
                    .collect()
            }),
            doubled: self.rules.doubling.then(|| {
                self.doubled[..self.players]
                    .iter()
                    .map(|d| *d == Some(true))
                    .collect()
            }),
            rake: self.rake(&deltas),
            deltas,
        };
        self.finish(Outcome::Played(Box::new(played)), ev);
    }

    fn finish(&mut self, outcome: Outcome, ev: &mut Vec<Event>) {
        self.phase = Phase::Finished;
        ev.push(Event::Finished {
            deltas: outcome.deltas().to_vec(),
        });
        self.outcome = Some(outcome);
    }

    /// Bombs and rockets still in the hands (for the escape penalty).
    fn bombs_in_hands(&self) -> u32 {
        self.hands
            .iter()
            .map(|h| {
                let c = h.counts();
                let bombs = c[..SMALL_JOKER].iter().filter(|&&n| n == 4).count() as u32;
                bombs + u32::from(c[SMALL_JOKER] == 1 && c[BIG_JOKER] == 1)
            })
            .sum()
    }

    /// `seat` abandons the game: it pays the escape penalty to the others.
    fn leave(&mut self, seat: Seat, ev: &mut Vec<Event>) {
        let multiplier = self.multiplier_with(self.bombs_in_hands());
        let penalty = multiplier.max(self.rules.escape_penalty as u64);
        let mut deltas = vec![0i64; self.players];
        deltas[seat] = -(penalty as i64);
        if self.players == 2 {
            deltas[1 - seat] = penalty as i64;
        } else {
            let others = [(seat + 1) % 3, (seat + 2) % 3];
            let (low, high) = (others[0].min(others[1]), others[0].max(others[1]));
            deltas[low] = penalty.div_ceil(2) as i64;
            deltas[high] = (penalty / 2) as i64;
        }
        ev.push(Event::Left { seat, penalty });
        let escaped = outcome::Escaped {
            escaped: seat,
            penalty,
            escape_multiplier: multiplier,
            landlord: self.landlord,
            bombs: self.bombs,
            rake: self.rake(&deltas),
            deltas,
        };
        self.finish(Outcome::Escaped(Box::new(escaped)), ev);
    }

    /// The seat's legal plays now (empty unless it is the seat's turn to play).
    pub fn legal_plays(&self, seat: Seat, sink: impl FnMut(patterns::Move)) {
        if let Phase::Playing { turn, standing, .. } = self.phase {
            if turn == seat {
                let standing = standing.map(|s| s.combo);
                match &self.wild {
                    Some(wr) => {
                        wild::for_each_play(self.hands[seat], standing, wr, &self.patterns, sink)
                    }
                    None => for_each_play(self.hands[seat], standing, &self.patterns, sink),
                }
            }
        }
    }

    /// How many actions the game has applied.
    pub fn actions_applied(&self) -> usize {
        self.history.len()
    }
}

/// Every legal reading, now, of a selection of cards from the seat's hand:
/// the plays among `legal` (the seat's `legal_actions`) made of the same
/// ranks, each carrying its `as` and `wild_as`, with the selection's own
/// cards. Suits never matter, so a typed or clicked selection matches the
/// generator's canonical cards by rank.
///
/// For front ends (the terminal, Discord): with the wild card (癞子) one
/// selection can have several readings — `6 6 6` and a wild card is a soft
/// bomb of 6 or a trio of 6 with a kicker — so when this returns more than
/// one action, let the player choose among them (a numbered list, a select
/// menu); with one, play it; with none, the selection is not a legal play
/// now (apply the plain play to get the game's reason).
pub fn readings_among(legal: &[Action], cards: CardSet) -> Vec<Action> {
    let want = cards.counts();
    legal
        .iter()
        .filter_map(|a| match *a {
            Action::Play {
                cards: c,
                reading,
                wild_as,
            } if c.counts() == want => Some(Action::Play {
                cards,
                reading,
                wild_as,
            }),
            _ => None,
        })
        .collect()
}

/// [`readings_among`] for a game: every legal reading of `cards` for `seat`
/// now (empty when it is not the seat's turn to play, or the selection is
/// no legal play).
pub fn readings_for(game: &DouDizhu, seat: Seat, cards: CardSet) -> Vec<Action> {
    readings_among(&game.legal_actions(seat), cards)
}

/// A discard's factor (弃三张): the largest that applies.
pub fn discard_factor(cards: CardSet) -> u32 {
    let c = cards.counts();
    let jokers = c[SMALL_JOKER] + c[BIG_JOKER];
    if jokers == 2 {
        8
    } else if jokers == 1 {
        4
    } else if c[TWO] > 0 {
        3
    } else if c[patterns::ACE - 3..=patterns::ACE].iter().any(|&n| n > 0) {
        2
    } else {
        1
    }
}

/// The kitty's factor (底牌翻倍): every row that holds, multiplied.
pub fn kitty_factor(kitty: CardSet) -> u32 {
    let c = kitty.counts();
    let mut f = 1;
    if c[patterns::ACE] == 2 || c[TWO] == 2 {
        f *= 2;
    }
    if c.contains(&3) {
        f *= 3;
    }
    if c[..7].iter().map(|&n| n as u32).sum::<u32>() == 3 {
        f *= 3;
    }
    match (c[SMALL_JOKER], c[BIG_JOKER]) {
        (0, 1) => f *= 2,
        (1, 1) => f *= 4,
        _ => {}
    }
    f
}

/// Calls `f` with every non-empty subset of `cards` of at most `k` cards.
fn each_subset_up_to(cards: &[Card], k: usize, f: &mut dyn FnMut(CardSet)) {
    fn go(cards: &[Card], k: usize, acc: CardSet, f: &mut dyn FnMut(CardSet)) {
        for (i, &c) in cards.iter().enumerate() {
            let mut next = acc;
            next.insert(c);
            f(next);
            if k > 1 {
                go(&cards[i + 1..], k - 1, next, f);
            }
        }
    }
    if k > 0 {
        go(cards, k, CardSet::EMPTY, f);
    }
}

impl Game for DouDizhu {
    type Outcome = Outcome;
    type Rules = Rules;
    type Action = Action;
    type Event = Event;
    type View = View;

    const KIND: GameKind = GameKind::DouDizhu;

    fn from_record_setup(record: &Record) -> Result<Self, RecordError> {
        if !matches!(record.seats, 2 | 3) {
            return Err(RecordError::Seats(format!(
                "Dou Dizhu has 3 seats, or 2 in the two-player variant, not {}",
                record.seats
            )));
        }
        let mut rules: Rules = record.rules_as()?;
        let stated = record.rules.get("players").is_some();
        if stated && rules.players as usize != record.seats {
            return Err(RecordError::Rules(format!(
                "`players` is {} but the record has {} seats",
                rules.players, record.seats
            )));
        }
        rules.players = record.seats as u8;
        rules.validate()?;
        let deal = Deal::from_json(&record.deal, record.seats, rules.wild)?;
        DouDizhu::new(rules, deal)
    }

    /// Deals for `seats` players (2 or 3; the rules' `players` follows it).
    fn deal(
        mut rules: Rules,
        seats: usize,
        rng: &mut dyn rand::RngCore,
    ) -> Result<Self, RecordError> {
        use rand::Rng;
        if !matches!(seats, 2 | 3) {
            return Err(RecordError::Seats(format!(
                "Dou Dizhu has 3 seats, or 2 in the two-player variant, not {seats}"
            )));
        }
        rules.players = seats as u8;
        rules.validate()?;
        let mut deck = deck_for(seats).cards();
        crate::cards::shuffle(&mut deck, rng);
        let first = rng.gen_range(0..seats);
        let hands: Vec<Vec<Card>> = deck.chunks(HAND).take(seats).map(|h| h.to_vec()).collect();
        let kitty = deck[HAND * seats..HAND * seats + 3].to_vec();
        let aside = deck[HAND * seats + 3..].to_vec();
        // 癞子: drawn after the deal from the ranks in this deck.
        let wild = rules.wild.then(|| {
            let ranks: Vec<usize> = (0..=TWO)
                .filter(|&r| deck_for(seats).nibble(r) != 0)
                .collect();
            ranks[rng.gen_range(0..ranks.len())]
        });
        let deal = Deal {
            hands,
            kitty,
            aside,
            first,
            wild,
        };
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
                "err-no-such-seat",
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

    /// Every legal action of `seat` now. `leave` is always allowed and never
    /// listed (it is not a move of the game); a show (明牌) is listed for the
    /// seat to act, though any seat may show out of turn.
    fn legal_actions(&self, seat: Seat) -> Vec<Action> {
        if self.turn() != Some(seat) {
            return Vec::new();
        }
        let mut out = Vec::new();
        match self.phase {
            Phase::Score { high, .. } => {
                let top = high.map_or(0, |h| h.1);
                out.extend((top + 1..=3).map(Action::Bid));
                if !(high.is_none() && self.must_bid(seat)) {
                    out.push(Action::Pass);
                }
            }
            Phase::Calling { .. } => out.extend([Action::Call, Action::Pass]),
            Phase::Robbing { .. } | Phase::RobBack { .. } | Phase::RobTwo { .. } => {
                out.extend([Action::Rob, Action::Pass])
            }
            Phase::Kicking { .. } => out.extend([Action::Kick, Action::Pass]),
            Phase::Counter { .. } => out.extend([Action::Counter, Action::Pass]),
            Phase::Discarding { .. } => {
                let hand = self.hands[seat].cards();
                let limit = self.discard_limit(seat);
                out.push(Action::Discard(CardSet::EMPTY));
                each_subset_up_to(&hand, limit, &mut |s| out.push(Action::Discard(s)));
            }
            Phase::Doubling { .. } => out.extend([Action::Double, Action::Pass]),
            Phase::Playing { standing, .. } => {
                // Leads list a hundred plays or more; answers a handful.
                out.reserve(if standing.is_some() { 16 } else { 160 });
                if standing.is_some() {
                    out.push(Action::Pass);
                }
                self.legal_plays(seat, |m| {
                    out.push(Action::Play {
                        cards: m.cards,
                        reading: Some(m.combo.kind),
                        wild_as: m.wild_as,
                    })
                });
            }
            Phase::Finished => {}
        }
        if let Some(stage) = self.show_stage_now(seat) {
            out.push(Action::Show(Some(stage)));
        }
        out
    }

    fn view(&self, seat: Option<Seat>) -> View {
        let seat = seat.filter(|&s| s < self.players);
        let standing = match self.phase {
            Phase::Playing { standing, .. } => standing,
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

    fn parse_action(value: &Value) -> Result<Action, RuleError> {
        Action::from_json(value)
    }

    fn action_to_json(action: &Action) -> Value {
        action.to_json()
    }
}

/// The main part of a play read as `combo` (the run, the trios, the four):
/// its natural cards, the wild cards (of rank `wild`) standing for another
/// rank, and the ranks they stood for. Natural cards of each main rank are
/// taken first, then wild cards for what is missing; what is left of
/// `cards` are the kickers.
pub fn main_part(cards: CardSet, combo: Combo, wild: Option<usize>) -> (CardSet, CardSet, Vec<u8>) {
    use patterns::Kind as K;
    let size = combo.size as usize;
    let (count, ranks) = match combo.kind {
        K::Single => (1, 1),
        K::Pair => (2, 1),
        K::Trio | K::TrioSingle | K::TrioPair => (3, 1),
        K::Bomb | K::FourTwo | K::FourTwoPairs => (4, 1),
        K::Straight => (1, size),
        K::PairStraight => (2, size / 2),
        K::Airplane => (3, size / 3),
        K::AirplaneSingles => (3, size / 4),
        K::AirplanePairs => (3, size / 5),
        K::Rocket => return (cards, CardSet::default(), Vec::new()),
    };
    let main_rank = combo.main as usize;
    let mut pool = cards.cards();
    let mut main = Vec::new();
    let mut missing = Vec::new();
    for r in (main_rank + 1).saturating_sub(ranks)..=main_rank {
        for _ in 0..count {
            match pool
                .iter()
                .position(|&c| cardset::rank_index(c) == r && Some(r) != wild)
                .or_else(|| pool.iter().position(|&c| cardset::rank_index(c) == r))
            {
                Some(i) => main.push(pool.remove(i)),
                None => missing.push(r as u8),
            }
        }
    }
    let mut wilds = Vec::new();
    let mut wild_as = Vec::new();
    for r in missing {
        let Some(i) = pool
            .iter()
            .position(|&c| Some(cardset::rank_index(c)) == wild)
        else {
            break;
        };
        wilds.push(pool.remove(i));
        wild_as.push(r);
    }
    (
        CardSet::from_cards(&main),
        CardSet::from_cards(&wilds),
        wild_as,
    )
}

#[cfg(test)]
mod tests;
