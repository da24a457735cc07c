//! A Chexuan table session: hand after hand at one table, and the whole
//! session is ONE game ([`ChexuanTable`]), in the ledger and in records
//! (`"game": "chexuan"` with a session deal). Pure like every game module:
//! the table runtime hosts it through `hosts::chexuan::table`.
//!
//! Why one game and not one per hand: the mango pot (芒果) holds chips that
//! belong to nobody until a showdown or the table's close hands them out, so
//! a single hand is not zero-sum while a whole session is. Keeping the
//! session as one game keeps every ledger settlement zero-sum without an
//! escrow account for the pot, and the pot lives in the game's own state,
//! saved with every snapshot, so it survives a restart. Chips move once,
//! when the table closes; until then the players' chips stay locked.
//!
//! The session:
//! - each player brings a bobo (簸簸) when joining (the table's join argument,
//!   from `min_bobo` to the balance); AI seats bring the largest human bobo;
//! - a seat's stack is its bobo plus its winnings so far; each hand's bobo
//!   is the stack; a seat whose stack falls below `min_bobo` sits out;
//! - mango is paid outside the bobo (休芒 / 皱芒), from the seat's reserve:
//!   the chips it has outside the bobo, its balance when the table started
//!   less its bobo ([`SessionDeal::reserve`]). Each hand's deal limits the
//!   seat's mango payments off the table to what is left of its reserve;
//!   what the reserve cannot cover comes out of the hand's bobo, i.e. the
//!   stack (`rules/chexuan.md`, Mango: a whole-balance bobo still pays
//!   mango). So a seat pays at most what it has and never loses more in
//!   the session than its balance at the start: the table's figures are the
//!   ledger's. After a hand the mango a seat paid off the table comes out
//!   of its reserve and the rest of its change (bets, mango won, mango paid
//!   out of the bobo) goes into its stack, so stacks never go negative. AI seats have no ledger balance: their reserve is unlimited
//!   (`null`). A session deal without `reserve` (older records and
//!   snapshots) plays as before: no limit, the mango out of the stack;
//! - 皱芒's payers are the hand's other players (folded ones too); seats
//!   sitting out are not dealt into the hand and pay nothing;
//! - the host deals first; then the big tail, or the winner of a hand won
//!   without a showdown; a dealer who sits out passes to the next seat;
//! - leaving ([`TableAction::Leave`]) takes effect at once: the rest of the
//!   leaver's hand is played for him (check when he may, else fold; the best
//!   split), and he is dealt no more hands;
//! - a human whose turn timer runs out is played for that one action
//!   ([`TableAction::TimedOut`], sent only by the table runtime's timer):
//!   check when he may, else fold; at the showdown the best split. A seat
//!   that timed out in two hands in a row is stood up at the end of the
//!   second ([`SessionEvent::StoodUp`]) and from then on is treated like a
//!   seat that left: dealt no more hands, not counted to keep the table
//!   going, and no share of the mango pot at the close (it is no longer
//!   seated). Any action the player makes himself clears the current
//!   hand's timeout and the count; a hand in which the seat had no turn
//!   neither counts nor breaks the row;
//! - a human seat whose stack falls below `min_bobo` while its chips off the
//!   table (its reserve) cover the gap is asked to top up before the next
//!   hand ([`SessionEvent::TopUpAsked`]): [`TableAction::TopUp`] moves N
//!   chips (at least the gap, at most the reserve) from the reserve into
//!   the stack; leaving, or the turn timer ([`TableAction::TimedOut`]),
//!   declines, and the seat sits out. The next hand is dealt once every
//!   seat asked has answered. No chip moves in the ledger: the reserve was
//!   the seat's balance less its bobo already;
//! - the table closes after a hand that leaves fewer than two players able
//!   to play, or no human among them; the mango pot is then shared equally
//!   among the seats still seated (not left), remainder chips to the
//!   earliest seats; if every seat has left, among all seats.
//!
//! Every hand's deck comes from the session's seed (ChaCha stream = the
//! hand's number), so the session's record — the seed, the bobos and every
//! action — replays exactly, which is how a table resumes.
//!
//! Seat numbers: the hand inside (`SessionView::hand`) numbers only the seats
//! playing it; `SessionView::playing[h]` is the table seat of hand seat `h`.
//! Events are given in table seats.

use super::ai::best_legal_split;
use super::rules::{MAX_CHIPS, MAX_SEATS, MIN_SEATS};
use super::{share_mango_pot, Action, Chexuan, ChexuanRules, ChexuanView, Event, HandSetup, Mango};
use crate::ai::Bot;
use crate::games::{record_json, RecordAction};
use crate::games::{ErrorCode, Game, GameOutcome, RuleError, Seat};
use crate::record::{Record, RecordError};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use std::ops::RangeInclusive;

/// The `game` of a session record: the game's own name. A record named
/// `chexuan` holds a session when its deal is a [`SessionDeal`] (it has a
/// `seed`), one hand otherwise ([`is_session_record`]).
pub const RECORD_NAME: &str = "chexuan";

/// The name session records had before sessions and hands shared one
/// (older snapshots in a ledger, older record files): still replayed.
pub const LEGACY_RECORD_NAME: &str = "chexuan-table";

/// True when `record` is a whole session (its deal has a `seed`, or it has
/// the legacy name), false for a single hand.
pub fn is_session_record(record: &Record) -> bool {
    record.game == LEGACY_RECORD_NAME || record.deal.get("seed").is_some()
}

/// A session record's `deal`: the seed every hand's deck comes from, the
/// first dealer, each seat's bobo and which seats are AI.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SessionDeal {
    pub seed: u64,
    pub dealer: Seat,
    pub bobo: Vec<u64>,
    /// `true` for an AI seat; empty means every seat is human.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub ai: Vec<bool>,
    /// Each seat's chips outside the bobo at the start, which its mango
    /// payments come from (`null`: unlimited, an AI seat). Empty (older
    /// records): no limit, mango paid out of the stack.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub reserve: Vec<Option<u64>>,
}

/// Hands in a row a seat may time out in before it is stood up.
pub const STAND_UP_AFTER: u32 = 2;

/// One action at the table: a hand's action, leaving the table, or the
/// turn timer playing for a player whose time ran out.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TableAction {
    Hand(Action),
    Leave,
    /// The seat's time ran out: check when allowed, else fold; at the
    /// showdown the best split. Only the runtime's timer sends it
    /// (the runtime's `TableGame::timer_only`); it is recorded so that a replayed or
    /// resumed session keeps each seat's count of timed-out hands.
    /// Asked to top up: declines (the seat sits out).
    TimedOut,
    /// Between hands, when asked: move this many chips from the chips off
    /// the table into the stack (`{"top_up": N}`).
    TopUp(u64),
}

impl TableAction {
    /// The hand's actions among `legal` (leaving the table left out), as
    /// the front ends offer them.
    pub fn hand_actions(legal: &[TableAction]) -> Vec<Action> {
        legal
            .iter()
            .filter_map(|a| match a {
                TableAction::Hand(a) => Some(*a),
                TableAction::Leave | TableAction::TimedOut | TableAction::TopUp(_) => None,
            })
            .collect()
    }
}

impl RecordAction for TableAction {
    fn from_json(value: &Value) -> Result<TableAction, RuleError> {
        if let Some(n) = value.get("top_up") {
            return match (value.as_object().map(|o| o.len()), n.as_u64()) {
                (Some(1), Some(n)) => Ok(TableAction::TopUp(n)),
                _ => Err(RuleError::new(
                    ErrorCode::IllegalAction,
                    crate::keys::ERR_CHEXUAN_MALFORMED_ACTION,
                    "`top_up` takes a whole number of chips, alone",
                )),
            };
        }
        let flags = [
            ("leave", TableAction::Leave),
            ("timed_out", TableAction::TimedOut),
        ];
        if let Some(flag) =
            record_json::table_flag(value, &flags, crate::keys::ERR_CHEXUAN_MALFORMED_ACTION)
        {
            return flag;
        }
        Action::from_json(value).map(TableAction::Hand)
    }

    fn to_json(&self) -> Value {
        match self {
            TableAction::Hand(a) => a.to_json(),
            TableAction::Leave => json!({ "leave": true }),
            TableAction::TimedOut => json!({ "timed_out": true }),
            TableAction::TopUp(n) => json!({ "top_up": n }),
        }
    }
}

/// What happened at the table. Hand events carry table seats.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "session", rename_all = "snake_case")]
pub enum SessionEvent {
    /// A hand was dealt: its number (from 1), dealer, the seats playing it
    /// and each table seat's bobo for it (0 when sitting out).
    HandBegins {
        hand: u32,
        dealer: Seat,
        playing: Vec<Seat>,
        bobo: Vec<u64>,
        mango_pot: u64,
        mango_count: u32,
    },
    /// An event of the hand being played.
    Hand { event: Event },
    /// A hand ended: each table seat's change in it and stack after it.
    HandEnded {
        hand: u32,
        deltas: Vec<i64>,
        stacks: Vec<i64>,
    },
    /// `seat` left the table.
    Left { seat: Seat },
    /// `seat`'s time ran out: the hand events that follow are the action
    /// played for it.
    TimedOut { seat: Seat },
    /// `seat` timed out in [`STAND_UP_AFTER`] hands in a row and is stood
    /// up as the hand ends: dealt no more hands, like a seat that left.
    StoodUp { seat: Seat },
    /// `seat`'s stack fell below the smallest bobo: dealt no more hands.
    SitsOut { seat: Seat, stack: i64 },
    /// `seat`'s stack fell below the smallest bobo `min`, and its chips off
    /// the table (`reserve`) cover the gap: the next hand waits for it to
    /// top up (or decline).
    TopUpAsked {
        seat: Seat,
        stack: i64,
        min: u64,
        reserve: u64,
    },
    /// `seat` moved `amount` chips from off the table into its stack.
    ToppedUp { seat: Seat, amount: u64, stack: i64 },
    /// The table closed: the mango pot shared, and the session's chips.
    Closed {
        mango_shares: Vec<u64>,
        deltas: Vec<i64>,
    },
}

/// The hand before the current one, as everyone may see it (its showdown).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PreviousHand {
    pub playing: Vec<Seat>,
    pub view: ChexuanView,
}

/// The table as one seat (or a spectator) sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SessionView {
    pub viewer: Option<Seat>,
    /// The current hand's number, from 1.
    pub hand_number: u32,
    /// Hand seat → table seat for the current hand.
    pub playing: Vec<Seat>,
    /// Each seat's stack: bobo plus winnings so far.
    pub stacks: Vec<i64>,
    /// Each seat's chips off the table: what is left of its reserve for
    /// mango payments (`None`: unlimited, or a session without reserves).
    pub reserve: Vec<Option<u64>>,
    /// Each seat's chips won or lost this session.
    pub session: Vec<i64>,
    pub left: Vec<bool>,
    /// Seats stood up for timing out (also `left`).
    pub stood_up: Vec<bool>,
    /// Between hands: the seats asked to top up, not answered yet.
    pub topping_up: Vec<bool>,
    /// The smallest bobo: a stack below it sits out.
    pub min_bobo: u64,
    pub ai: Vec<bool>,
    pub mango_pot: u64,
    pub mango_count: u32,
    /// The current hand (the last one once closed), in hand seats, as the
    /// viewer's hand seat sees it.
    pub hand: ChexuanView,
    pub previous: Option<PreviousHand>,
    /// Once the table closed: each seat's share of the mango pot.
    pub mango_shares: Option<Vec<u64>>,
}

impl SessionView {
    /// The table seat of hand seat `h` in the current hand.
    pub fn table_seat(&self, h: Seat) -> Seat {
        self.playing.get(h).copied().unwrap_or(h)
    }
}

/// A Chexuan table session: hand after hand, the mango pot carried.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChexuanTable {
    rules: ChexuanRules,
    deal: SessionDeal,
    stacks: Vec<i64>,
    /// What is left of each seat's reserve (see [`SessionDeal::reserve`]).
    reserve: Vec<Option<u64>>,
    deltas: Vec<i64>,
    /// Seats gone from the table: they left, or were stood up.
    left: Vec<bool>,
    /// Seats stood up for timing out (each also `left`).
    stood_up: Vec<bool>,
    /// Per seat: the hands in a row, up to the last finished one, in which
    /// its time ran out (and it did not act after).
    timeouts: Vec<u32>,
    /// Per seat: its time ran out in the current hand (and it did not act
    /// after).
    timed_out: Vec<bool>,
    /// Between hands: the seats asked to top up that have not answered.
    topping_up: Vec<bool>,
    /// The current hand's number, from 1.
    number: u32,
    playing: Vec<Seat>,
    hand: Chexuan,
    previous: Option<(Vec<Seat>, Chexuan)>,
    mango_shares: Option<Vec<u64>>,
    actions: Vec<(Seat, TableAction)>,
}

fn illegal(key: crate::message::Key, message: impl Into<String>) -> RuleError {
    RuleError::new(ErrorCode::IllegalAction, key, message)
}

/// Deals hand `number` of a session: its deck from the seed's stream
/// `number`, its bobos from the stacks, its mango limits from the reserves.
#[allow(clippy::too_many_arguments)]
fn deal_hand(
    rules: &ChexuanRules,
    seed: u64,
    number: u32,
    dealer: Seat,
    playing: &[Seat],
    stacks: &[i64],
    reserve: &[Option<u64>],
    mango: Mango,
) -> Result<Chexuan, String> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    rng.set_stream(u64::from(number));
    let hand_dealer = playing
        .iter()
        .position(|&s| s == dealer)
        .ok_or_else(|| format!("dealer {dealer} is not playing"))?;
    let bobo = playing
        .iter()
        .map(|&s| u64::try_from(stacks[s]).unwrap_or(0).min(MAX_CHIPS))
        .collect();
    // Without any limit the hand's deal says nothing (as before reserves).
    let mango_limit = if reserve.iter().all(Option::is_none) {
        Vec::new()
    } else {
        playing
            .iter()
            .map(|&s| reserve[s].map(|r| r.min(MAX_CHIPS)))
            .collect()
    };
    let setup = HandSetup {
        dealer: hand_dealer,
        bobo,
        mango,
        mango_limit,
    };
    Chexuan::new_hand(rules.clone(), setup, &mut rng).map_err(|e| e.to_string())
}

/// A hand event with its seats turned into table seats.
fn remap(event: Event, playing: &[Seat], seats: usize) -> Event {
    let t = |h: Seat| playing.get(h).copied().unwrap_or(h);
    let spread = |per_hand: Vec<i64>| {
        let mut out = vec![0; seats];
        for (h, d) in per_hand.into_iter().enumerate() {
            out[t(h)] = d;
        }
        out
    };
    match event {
        Event::Raised {
            seat,
            by,
            contribution,
        } => Event::Raised {
            seat: t(seat),
            by,
            contribution,
        },
        Event::Called { seat, contribution } => Event::Called {
            seat: t(seat),
            contribution,
        },
        Event::AllIn {
            seat,
            contribution,
            raised,
        } => Event::AllIn {
            seat: t(seat),
            contribution,
            raised,
        },
        Event::Checked { seat } => Event::Checked { seat: t(seat) },
        Event::Folded { seat } => Event::Folded { seat: t(seat) },
        Event::LaidDown {
            seat,
            sanhua,
            cards,
            returned,
        } => Event::LaidDown {
            seat: t(seat),
            sanhua,
            cards,
            returned,
        },
        Event::RoundOver { round } => Event::RoundOver { round },
        Event::Mango {
            kind,
            round,
            count,
            amount,
            payers,
            from_stack,
            short,
            pot,
            taken_by,
        } => Event::Mango {
            kind,
            round,
            count,
            amount,
            payers: payers.into_iter().map(t).collect(),
            from_stack: from_stack
                .into_iter()
                .map(|mut p| {
                    p.seat = t(p.seat);
                    p
                })
                .collect(),
            short: short
                .into_iter()
                .map(|mut p| {
                    p.seat = t(p.seat);
                    p
                })
                .collect(),
            pot,
            taken_by: taken_by.map(t),
        },
        Event::CardsDealt { round, cards } => Event::CardsDealt {
            round,
            cards: cards.into_iter().map(|(s, c)| (t(s), c)).collect(),
        },
        Event::RoundBegins { round, seat } => Event::RoundBegins {
            round,
            seat: t(seat),
        },
        Event::ShowdownBegins { seat } => Event::ShowdownBegins { seat: t(seat) },
        Event::SplitGiven { seat } => Event::SplitGiven { seat: t(seat) },
        Event::Showdown {
            splits,
            results,
            order,
            big_tail,
        } => Event::Showdown {
            splits: splits
                .into_iter()
                .map(|mut s| {
                    s.seat = t(s.seat);
                    s
                })
                .collect(),
            results: results
                .into_iter()
                .map(|mut r| {
                    r.seat = t(r.seat);
                    r.other = t(r.other);
                    r
                })
                .collect(),
            order: order.into_iter().map(t).collect(),
            big_tail: t(big_tail),
        },
        Event::WonWithoutShowdown { seat } => Event::WonWithoutShowdown { seat: t(seat) },
        Event::MangoTaken { seat, amount } => Event::MangoTaken {
            seat: t(seat),
            amount,
        },
        Event::HandOver {
            deltas,
            mango_pot,
            mango_count,
            next_dealer,
        } => Event::HandOver {
            deltas: spread(deltas),
            mango_pot,
            mango_count,
            next_dealer: t(next_dealer),
        },
    }
}

impl ChexuanTable {
    /// Starts a session from its deal: checks it and deals hand 1.
    pub fn start(rules: ChexuanRules, seats: usize, deal: SessionDeal) -> Result<Self, String> {
        rules.validate()?;
        if !(MIN_SEATS..=MAX_SEATS).contains(&seats) {
            return Err(format!(
                "Chexuan takes {MIN_SEATS} to {MAX_SEATS} players, not {seats}"
            ));
        }
        if deal.bobo.len() != seats {
            return Err(format!(
                "`bobo` has {} entries for {seats} seats",
                deal.bobo.len()
            ));
        }
        if !deal.ai.is_empty() && deal.ai.len() != seats {
            return Err(format!(
                "`ai` has {} entries for {seats} seats",
                deal.ai.len()
            ));
        }
        if deal.dealer >= seats {
            return Err(format!("dealer {} is not a seat", deal.dealer));
        }
        if !deal.reserve.is_empty() && deal.reserve.len() != seats {
            return Err(format!(
                "`reserve` has {} entries for {seats} seats",
                deal.reserve.len()
            ));
        }
        if let Some(seat) = deal
            .reserve
            .iter()
            .position(|r| matches!(r, Some(r) if *r > MAX_CHIPS))
        {
            return Err(format!("seat {seat}'s reserve may not exceed {MAX_CHIPS}"));
        }
        let min = rules.min_bobo();
        if let Some((seat, b)) = deal
            .bobo
            .iter()
            .enumerate()
            .find(|(_, &b)| b < min || b > MAX_CHIPS)
        {
            return Err(format!(
                "seat {seat} brings a bobo of {b}; it must be from {min} to {MAX_CHIPS}"
            ));
        }
        let stacks: Vec<i64> = deal.bobo.iter().map(|&b| b as i64).collect();
        let reserve = if deal.reserve.is_empty() {
            vec![None; seats]
        } else {
            deal.reserve.clone()
        };
        let playing: Vec<Seat> = (0..seats).collect();
        let hand = deal_hand(
            &rules,
            deal.seed,
            1,
            deal.dealer,
            &playing,
            &stacks,
            &reserve,
            Mango::default(),
        )?;
        Ok(ChexuanTable {
            rules,
            stacks,
            reserve,
            deltas: vec![0; seats],
            left: vec![false; seats],
            stood_up: vec![false; seats],
            timeouts: vec![0; seats],
            timed_out: vec![false; seats],
            topping_up: vec![false; seats],
            number: 1,
            playing,
            hand,
            previous: None,
            mango_shares: None,
            actions: Vec::new(),
            deal,
        })
    }

    pub fn rules(&self) -> &ChexuanRules {
        &self.rules
    }

    /// The mango pot and count now (0 once the table closed and shared it).
    pub fn mango(&self) -> Mango {
        let mut m = self.hand.mango();
        if self.mango_shares.is_some() {
            m.pot = 0;
        }
        m
    }

    /// The current hand (the last one once the table closed).
    pub fn hand(&self) -> &Chexuan {
        &self.hand
    }

    /// Each seat's stack: its bobo plus what it won so far.
    pub fn stacks(&self) -> &[i64] {
        &self.stacks
    }

    /// What is left of each seat's reserve, its chips outside the bobo
    /// (`None`: unlimited, or a session without reserves).
    pub fn reserve(&self) -> &[Option<u64>] {
        &self.reserve
    }

    /// Each seat's chips won (or lost) this session so far.
    pub fn session_deltas(&self) -> &[i64] {
        &self.deltas
    }

    /// The seats playing the current hand, by hand seat.
    pub fn playing(&self) -> &[Seat] {
        &self.playing
    }

    pub fn hand_number(&self) -> u32 {
        self.number
    }

    pub fn is_ai(&self, seat: Seat) -> bool {
        self.deal.ai.get(seat).copied().unwrap_or(false)
    }

    /// The hand seat of table seat `seat`, if it plays the current hand.
    pub fn hand_seat(&self, seat: Seat) -> Option<Seat> {
        self.playing.iter().position(|&s| s == seat)
    }

    /// True once the table has closed (the session is over).
    pub fn closed(&self) -> bool {
        self.mango_shares.is_some()
    }

    fn check(&self, seat: Seat, action: &TableAction) -> Result<Option<Seat>, RuleError> {
        if self.closed() {
            return Err(RuleError::game_over());
        }
        if seat >= self.stacks.len() {
            return Err(illegal(
                crate::keys::ERR_NO_SUCH_SEAT,
                format!("seat {seat} does not exist"),
            ));
        }
        if let Some(gone) = self.gone(seat) {
            return Err(gone);
        }
        if self.between_hands() {
            return match action {
                TableAction::Leave => Ok(None),
                TableAction::TopUp(_) | TableAction::TimedOut if self.topping_up[seat] => Ok(None),
                _ => Err(illegal(
                    crate::keys::ERR_CHEXUAN_WAITING_FOR_TOP_UP,
                    "the next hand waits for a player to top up",
                )),
            };
        }
        match action {
            TableAction::Leave => Ok(None),
            TableAction::TopUp(_) => Err(illegal(
                crate::keys::ERR_CHEXUAN_TOP_UP_NOT_NOW,
                "you may top up between hands, when your stack is below the smallest bobo",
            )),
            TableAction::Hand(_) | TableAction::TimedOut => match self.hand_seat(seat) {
                Some(h) => Ok(Some(h)),
                None => Err(illegal(
                    crate::keys::ERR_CHEXUAN_SITTING_OUT,
                    "your stack is below the smallest bobo: you sit out",
                )),
            },
        }
    }

    /// Why `seat` may no longer act at this table, if it may not: it left,
    /// or it was stood up.
    pub fn gone(&self, seat: Seat) -> Option<RuleError> {
        if self.stood_up.get(seat) == Some(&true) {
            return Some(illegal(
                crate::keys::ERR_CHEXUAN_STOOD_UP,
                "you timed out in two hands in a row and were stood up: you are dealt no more hands at this table",
            ));
        }
        (self.left.get(seat) == Some(&true)).then(|| {
            illegal(
                crate::keys::ERR_CHEXUAN_LEFT_TABLE,
                "you have left this table",
            )
        })
    }

    /// True when table seat `seat` exists and has not left the table.
    pub fn seated(&self, seat: Seat) -> bool {
        self.left.get(seat) == Some(&false)
    }

    /// The seats stood up for timing out.
    pub fn stood_up(&self) -> &[bool] {
        &self.stood_up
    }

    /// Per seat, the finished hands in a row in which its time ran out.
    pub fn timeouts(&self) -> &[u32] {
        &self.timeouts
    }

    /// The action played for hand seat `h` when its player is not there
    /// (left, or out of time): check when allowed, else fold; at the
    /// showdown the best split. `None` when it is not `h`'s turn.
    pub fn stand_in_action(&self, h: Seat) -> Option<Action> {
        if self.hand.to_act() != Some(h) {
            return None;
        }
        let legal = self.hand.legal_actions(h);
        if legal.contains(&Action::Check) {
            Some(Action::Check)
        } else if legal.contains(&Action::Fold) {
            Some(Action::Fold)
        } else {
            best_legal_split(&legal)
        }
    }

    /// Plays the turns of seats that left: check when allowed, else fold;
    /// at the showdown the best split.
    fn autoplay_leavers(&mut self, events: &mut Vec<SessionEvent>) {
        while let Some(h) = self.hand.to_act() {
            if !self.left[self.playing[h]] {
                return;
            }
            let Some(action) = self.stand_in_action(h) else {
                return;
            };
            match self.hand.apply(h, &action) {
                Ok(evs) => {
                    self.actions_of_hand_events(evs, events);
                }
                Err(_) => return,
            }
        }
    }

    fn actions_of_hand_events(&self, evs: Vec<Event>, events: &mut Vec<SessionEvent>) {
        let n = self.stacks.len();
        events.extend(evs.into_iter().map(|e| SessionEvent::Hand {
            event: remap(e, &self.playing, n),
        }));
    }

    /// After every action: the leavers' turns, then, once the hand is
    /// over, its chips and the next hand or the close.
    fn carry_on(&mut self, events: &mut Vec<SessionEvent>) {
        self.autoplay_leavers(events);
        let Some(outcome) = self.hand.outcome() else {
            return;
        };
        let n = self.stacks.len();
        // A session with reserves pays mango out of them; an older one out
        // of the stack.
        let reserved = !self.deal.reserve.is_empty();
        let mut hand_deltas = vec![0i64; n];
        for (h, d) in outcome.deltas.iter().enumerate() {
            let s = self.playing[h];
            hand_deltas[s] = *d;
            self.deltas[s] += d;
            self.stacks[s] += d;
            if reserved {
                // The delta took every mango payment off the stack; the part
                // paid off the table goes back on it and comes out of the
                // reserve instead. What the reserve could not cover stays
                // off the stack: it came out of the hand's bobo.
                let paid = self.hand.mango_paid_off_the_table(h);
                self.stacks[s] += paid as i64;
                if let Some(r) = &mut self.reserve[s] {
                    // The hand's mango limit was the reserve: paid ≤ r.
                    *r -= paid;
                }
            }
        }
        events.push(SessionEvent::HandEnded {
            hand: self.number,
            deltas: hand_deltas,
            stacks: self.stacks.clone(),
        });
        self.count_timeouts(events);
        let min = self.rules.min_bobo();
        for s in self.playing.clone() {
            // Only a seat of this hand whose chips off the table cover the
            // gap is asked (once: a seat that declined sits out for good);
            // AI seats and sessions without reserves have nothing to ask.
            let Some(reserve) = self.reserve[s] else {
                continue;
            };
            let stack = self.stacks[s];
            if self.left[s] || self.is_ai(s) || stack >= min as i64 {
                continue;
            }
            let gap = (min as i64 - stack.max(0)) as u64;
            if reserve >= gap && stack.max(0) as u64 + gap <= MAX_CHIPS {
                self.topping_up[s] = true;
                events.push(SessionEvent::TopUpAsked {
                    seat: s,
                    stack,
                    min,
                    reserve,
                });
            }
        }
        if !self.between_hands() {
            self.deal_next(events);
        }
    }

    /// True while the finished hand waits for seats to top up.
    pub fn between_hands(&self) -> bool {
        self.topping_up.iter().any(|&t| t)
    }

    /// The seats asked to top up that have not answered.
    pub fn topping_up(&self) -> &[bool] {
        &self.topping_up
    }

    /// The chips `seat` may top up now: from the gap to the smallest bobo
    /// to all its chips off the table (within the largest stack). `None`
    /// when it is not asked to.
    pub fn top_up_range(&self, seat: Seat) -> Option<RangeInclusive<u64>> {
        if !self.topping_up.get(seat).copied().unwrap_or(false) {
            return None;
        }
        let stack = self.stacks[seat].max(0) as u64;
        let gap = self.rules.min_bobo().saturating_sub(stack);
        let most = self.reserve[seat]?.min(MAX_CHIPS.saturating_sub(stack));
        (gap <= most).then_some(gap.max(1)..=most)
    }

    /// A seat asked to top up answers (`amount`: `None` declines).
    fn answer_top_up(&mut self, seat: Seat, amount: Option<u64>, events: &mut Vec<SessionEvent>) {
        self.topping_up[seat] = false;
        if let Some(amount) = amount {
            self.stacks[seat] += amount as i64;
            if let Some(r) = &mut self.reserve[seat] {
                *r -= amount;
            }
            events.push(SessionEvent::ToppedUp {
                seat,
                amount,
                stack: self.stacks[seat],
            });
        }
        if !self.between_hands() {
            self.deal_next(events);
        }
    }

    /// After a hand (and any top-ups): the seats that sit out, then the
    /// next hand or the close.
    fn deal_next(&mut self, events: &mut Vec<SessionEvent>) {
        let n = self.stacks.len();
        let min = self.rules.min_bobo() as i64;
        for &s in &self.playing {
            if !self.left[s] && self.stacks[s] < min {
                events.push(SessionEvent::SitsOut {
                    seat: s,
                    stack: self.stacks[s],
                });
            }
        }
        let next: Vec<Seat> = (0..n)
            .filter(|&s| !self.left[s] && self.stacks[s] >= min)
            .collect();
        if next.len() < 2 || next.iter().all(|&s| self.is_ai(s)) {
            self.close(events);
            return;
        }
        let winner = self
            .hand
            .next_dealer()
            .map(|h| self.playing[h])
            .unwrap_or(self.deal.dealer);
        let dealer = (0..n)
            .map(|i| (winner + i) % n)
            .find(|s| next.contains(s))
            .expect("two players play on");
        let mango = self.hand.mango();
        match deal_hand(
            &self.rules,
            self.deal.seed,
            self.number + 1,
            dealer,
            &next,
            &self.stacks,
            &self.reserve,
            mango,
        ) {
            Ok(hand) => {
                let finished = std::mem::replace(&mut self.hand, hand);
                let old_playing = std::mem::replace(&mut self.playing, next);
                self.previous = Some((old_playing, finished));
                self.number += 1;
                let mut bobo = vec![0u64; n];
                for (h, &s) in self.playing.iter().enumerate() {
                    bobo[s] = self.hand.view_for(None).players[h].bobo;
                }
                events.push(SessionEvent::HandBegins {
                    hand: self.number,
                    dealer,
                    playing: self.playing.clone(),
                    bobo,
                    mango_pot: mango.pot,
                    mango_count: mango.count,
                });
            }
            // Stacks are checked against the limits above, so a refused
            // deal cannot happen; closing is the safe way out if it did.
            Err(_) => self.close(events),
        }
    }

    /// At the end of a hand: each seat whose time ran out in it (and that
    /// did not act after) has one more hand in a row; at
    /// [`STAND_UP_AFTER`] it is stood up.
    fn count_timeouts(&mut self, events: &mut Vec<SessionEvent>) {
        for s in 0..self.stacks.len() {
            if !std::mem::take(&mut self.timed_out[s]) {
                continue;
            }
            self.timeouts[s] += 1;
            if self.timeouts[s] >= STAND_UP_AFTER && !self.left[s] {
                self.left[s] = true;
                self.stood_up[s] = true;
                events.push(SessionEvent::StoodUp { seat: s });
            }
        }
    }

    /// Each seat's share of a mango pot of `pot` chips at the close: equal
    /// shares among the seats still seated (among all seats when every
    /// seat has left), remainder chips to the earliest.
    fn close_shares(&self, pot: u64) -> Vec<u64> {
        let n = self.stacks.len();
        let mut seated: Vec<Seat> = (0..n).filter(|&s| !self.left[s]).collect();
        if seated.is_empty() {
            seated = (0..n).collect();
        }
        let mut shares = vec![0u64; n];
        for (&s, share) in seated.iter().zip(share_mango_pot(pot, &seated)) {
            shares[s] = share;
        }
        shares
    }

    /// The session's chips if the table is closed now from outside (an
    /// admin's stop, a table that breaks down), `None` once it has closed
    /// by itself. The hands finished so far stay as they were played; the
    /// hand being played is called off — its antes, bets and any mango paid
    /// in it go back, as they were never in the session's figures — and the
    /// mango pot it began with is shared as a close shares it. Between
    /// hands (waiting for a top-up) the pot is the finished hand's.
    pub fn deltas_if_closed_now(&self) -> Option<Vec<i64>> {
        if self.closed() {
            return None;
        }
        let pot = if self.hand.outcome().is_some() {
            self.hand.mango().pot
        } else {
            self.hand.deal.mango.pot
        };
        let shares = self.close_shares(pot);
        Some(
            self.deltas
                .iter()
                .zip(&shares)
                .map(|(d, share)| d + *share as i64)
                .collect(),
        )
    }

    /// Shares the mango pot among the seats still seated and ends the
    /// session.
    fn close(&mut self, events: &mut Vec<SessionEvent>) {
        let shares = self.close_shares(self.hand.mango().pot);
        for (s, &share) in shares.iter().enumerate() {
            self.deltas[s] += share as i64;
            self.stacks[s] += share as i64;
        }
        events.push(SessionEvent::Closed {
            mango_shares: shares.clone(),
            deltas: self.deltas.clone(),
        });
        self.mango_shares = Some(shares);
    }
}

/// How a session ended: each seat's chips for the whole session.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SessionOutcome {
    /// Hands played.
    pub hands: u32,
    /// What each seat got of the mango pot left at the close.
    pub mango_shares: Vec<u64>,
    /// The final stacks.
    pub stacks: Vec<i64>,
    /// What is left of each seat's reserve, in a session with reserves.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reserve: Option<Vec<Option<u64>>>,
    /// Each seat's chips for the session, the mango shares included.
    pub deltas: Vec<i64>,
}

impl GameOutcome for SessionOutcome {
    fn deltas(&self) -> &[i64] {
        &self.deltas
    }
}

impl Game for ChexuanTable {
    type Outcome = SessionOutcome;
    type Rules = ChexuanRules;
    type Action = TableAction;
    type Event = SessionEvent;
    type View = SessionView;

    fn from_record_setup(record: &Record) -> Result<Self, RecordError> {
        let (rules, deal) = record.setup()?;
        ChexuanTable::start(rules, record.seats, deal).map_err(RecordError::Deal)
    }

    /// A session of human seats at the smallest bobo, the first seat
    /// dealing; tables use the app's `TableGame::deal_table` with the joins.
    fn deal(
        rules: ChexuanRules,
        seats: usize,
        rng: &mut dyn rand::RngCore,
    ) -> Result<Self, RecordError> {
        rules.validate().map_err(RecordError::Rules)?;
        let deal = SessionDeal {
            seed: rng.next_u64(),
            dealer: 0,
            bobo: vec![rules.min_bobo(); seats],
            ai: Vec::new(),
            reserve: Vec::new(),
        };
        ChexuanTable::start(rules, seats, deal).map_err(RecordError::Deal)
    }

    /// The session's seed drawn again (the first draw, as in `deal` and
    /// the table's `deal_table`); its dealer, bobos, AI seats and reserves
    /// the record's, which the seats brought.
    fn redeal(record: &Record, rng: &mut dyn rand::RngCore) -> Result<Self, RecordError> {
        let (rules, mut deal): (ChexuanRules, SessionDeal) = record.setup()?;
        deal.seed = rng.next_u64();
        ChexuanTable::start(rules, record.seats, deal).map_err(RecordError::Deal)
    }

    fn seats(&self) -> usize {
        self.stacks.len()
    }

    fn waiting_on(&self) -> Vec<Seat> {
        if self.closed() {
            return Vec::new();
        }
        if self.between_hands() {
            return (0..self.stacks.len())
                .filter(|&s| self.topping_up[s])
                .collect();
        }
        self.hand
            .to_act()
            .map(|h| self.playing[h])
            .into_iter()
            .collect()
    }

    fn apply(&mut self, seat: Seat, action: &TableAction) -> Result<Vec<SessionEvent>, RuleError> {
        let hand_seat = self.check(seat, action)?;
        let mut events = Vec::new();
        if self.between_hands() {
            // The hand is settled: only the top-up answers and leaving.
            match action {
                TableAction::TopUp(n) => {
                    let range = self
                        .top_up_range(seat)
                        .ok_or_else(RuleError::not_your_turn)?;
                    if !range.contains(n) {
                        return Err(illegal(
                            crate::keys::ERR_CHEXUAN_TOP_UP_RANGE,
                            format!(
                                "top up from {} to {} chips, not {n}",
                                range.start(),
                                range.end()
                            ),
                        )
                        .arg("min", range.start())
                        .arg("max", range.end())
                        .arg("amount", n));
                    }
                    self.actions.push((seat, *action));
                    self.answer_top_up(seat, Some(*n), &mut events);
                }
                TableAction::TimedOut => {
                    self.actions.push((seat, *action));
                    self.answer_top_up(seat, None, &mut events);
                }
                _ => {
                    self.left[seat] = true;
                    events.push(SessionEvent::Left { seat });
                    self.actions.push((seat, *action));
                    let asked = self.topping_up[seat];
                    self.topping_up[seat] = false;
                    if asked && !self.between_hands() {
                        self.deal_next(&mut events);
                    }
                }
            }
            return Ok(events);
        }
        match (action, hand_seat) {
            (TableAction::Hand(a), Some(h)) => {
                let evs = self.hand.apply(h, a)?;
                self.actions_of_hand_events(evs, &mut events);
                // The player is there: no timeout counts against him.
                self.timed_out[seat] = false;
                self.timeouts[seat] = 0;
            }
            (TableAction::TimedOut, Some(h)) => {
                let stand_in = self
                    .stand_in_action(h)
                    .ok_or_else(RuleError::not_your_turn)?;
                let evs = self.hand.apply(h, &stand_in)?;
                events.push(SessionEvent::TimedOut { seat });
                self.actions_of_hand_events(evs, &mut events);
                self.timed_out[seat] = true;
            }
            _ => {
                self.left[seat] = true;
                events.push(SessionEvent::Left { seat });
            }
        }
        self.actions.push((seat, *action));
        self.carry_on(&mut events);
        Ok(events)
    }

    fn legal_actions(&self, seat: Seat) -> Vec<TableAction> {
        if self.closed() || self.left.get(seat) != Some(&false) {
            return Vec::new();
        }
        if self.between_hands() {
            // The smallest and the largest top-up (any amount between is
            // accepted too), and leaving.
            return match self.top_up_range(seat) {
                Some(r) => {
                    let mut legal = vec![TableAction::TopUp(*r.start())];
                    if r.end() != r.start() {
                        legal.push(TableAction::TopUp(*r.end()));
                    }
                    legal.push(TableAction::Leave);
                    legal
                }
                None => Vec::new(),
            };
        }
        match self.hand_seat(seat) {
            Some(h) => self
                .hand
                .legal_actions(h)
                .into_iter()
                .map(TableAction::Hand)
                .collect(),
            None => Vec::new(),
        }
    }

    fn view(&self, seat: Option<Seat>) -> SessionView {
        let n = self.stacks.len();
        let mango = self.mango();
        SessionView {
            viewer: seat,
            hand_number: self.number,
            playing: self.playing.clone(),
            stacks: self.stacks.clone(),
            reserve: self.reserve.clone(),
            session: self.deltas.clone(),
            left: self.left.clone(),
            stood_up: self.stood_up.clone(),
            topping_up: self.topping_up.clone(),
            min_bobo: self.rules.min_bobo(),
            ai: (0..n).map(|s| self.is_ai(s)).collect(),
            mango_pot: mango.pot,
            mango_count: mango.count,
            hand: self.hand.view_for(seat.and_then(|s| self.hand_seat(s))),
            previous: self.previous.as_ref().map(|(playing, hand)| PreviousHand {
                playing: playing.clone(),
                view: hand.view_for(None),
            }),
            mango_shares: self.mango_shares.clone(),
        }
    }

    fn is_finished(&self) -> bool {
        self.closed()
    }

    /// `deltas`: each seat's chips for the whole session (the mango shares
    /// included); `hands`, `mango_shares`, the final `stacks` and, in a
    /// session with reserves, what is left of each `reserve`.
    fn outcome(&self) -> Option<SessionOutcome> {
        let shares = self.mango_shares.as_ref()?;
        Some(SessionOutcome {
            hands: self.number,
            mango_shares: shares.clone(),
            stacks: self.stacks.clone(),
            reserve: (!self.deal.reserve.is_empty()).then(|| self.reserve.clone()),
            deltas: self.deltas.clone(),
        })
    }

    fn record(&self) -> Record {
        Record::of::<Self>(&self.rules, self.stacks.len(), &self.deal, &self.actions)
    }
}

/// A Chexuan bot (the table's level: `crate::ai::chexuan::bot`), playing a
/// table seat through the hand's view.
pub struct SessionBot(pub Box<dyn Bot<Chexuan>>);

impl Bot<ChexuanTable> for SessionBot {
    fn choose(
        &mut self,
        view: &SessionView,
        legal: &[TableAction],
        rng: &mut dyn rand::RngCore,
    ) -> TableAction {
        let hand_legal = TableAction::hand_actions(legal);
        if hand_legal.is_empty() || view.hand.viewer.is_none() {
            return legal[0];
        }
        TableAction::Hand(self.0.choose(&view.hand, &hand_legal, rng))
    }

    fn may_block(&self) -> bool {
        self.0.may_block()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Two humans at the smallest bobo (200), 500 chips each off the table;
    /// seat 0 (the dealer, first to speak) folds hand 1 and loses its ante.
    fn after_a_lost_ante() -> (ChexuanTable, Vec<SessionEvent>) {
        let deal = SessionDeal {
            seed: 11,
            dealer: 0,
            bobo: vec![200, 200],
            ai: vec![false, false],
            reserve: vec![Some(500), Some(500)],
        };
        let mut table = ChexuanTable::start(ChexuanRules::default(), 2, deal).unwrap();
        assert_eq!(table.waiting_on(), vec![0]);
        let events = table.apply(0, &TableAction::Hand(Action::Fold)).unwrap();
        (table, events)
    }

    #[test]
    fn a_stack_below_the_smallest_bobo_is_asked_to_top_up_and_plays_on() {
        let (mut table, events) = after_a_lost_ante();
        assert!(
            events.contains(&SessionEvent::TopUpAsked {
                seat: 0,
                stack: 190,
                min: 200,
                reserve: 500
            }),
            "{events:?}"
        );
        // The next hand waits for seat 0 alone; the other seat cannot act.
        assert!(table.between_hands() && !table.closed());
        assert_eq!(table.waiting_on(), vec![0]);
        assert_eq!(
            table.legal_actions(0),
            vec![
                TableAction::TopUp(10),
                TableAction::TopUp(500),
                TableAction::Leave
            ]
        );
        assert_eq!(
            table
                .apply(1, &TableAction::Hand(Action::Check))
                .unwrap_err()
                .key,
            "err-chexuan-waiting-for-top-up"
        );
        // Below the gap or beyond the chips off the table: refused, nothing moves.
        for n in [5, 501] {
            let err = table.apply(0, &TableAction::TopUp(n)).unwrap_err();
            assert_eq!(err.key, "err-chexuan-top-up-range");
        }
        assert_eq!(table.stacks()[0], 190);
        let events = table.apply(0, &TableAction::TopUp(60)).unwrap();
        assert!(events.contains(&SessionEvent::ToppedUp {
            seat: 0,
            amount: 60,
            stack: 250
        }));
        assert!(
            matches!(events.last(), Some(SessionEvent::HandBegins { hand: 2, bobo, .. }) if bobo[0] == 250),
            "{events:?}"
        );
        assert_eq!(table.reserve()[0], Some(440));
        // Topping up moves no chip in the session: the lost ante is all.
        assert_eq!(table.session_deltas()[0], -10);
        // Not between hands any more: a top-up is refused.
        assert_eq!(
            table.apply(0, &TableAction::TopUp(10)).unwrap_err().key,
            "err-chexuan-top-up-not-now"
        );
        // The record replays to the same table.
        let replayed = crate::record::replay_game_with::<ChexuanTable>(&table.record(), false);
        assert!(
            matches!(
                replayed,
                Ok(crate::record::Verdict::Ok {
                    finished: false,
                    ..
                })
            ),
            "{replayed:?}"
        );
    }

    #[test]
    fn declining_a_top_up_sits_the_seat_out() {
        let (mut table, _) = after_a_lost_ante();
        // The timer answers for a player who does not: he sits out, and one
        // player left closes the table.
        let events = table.apply(0, &TableAction::TimedOut).unwrap();
        assert!(events.contains(&SessionEvent::SitsOut {
            seat: 0,
            stack: 190
        }));
        assert!(table.closed(), "{events:?}");
        assert_eq!(table.outcome().unwrap().deltas, vec![-10, 10]);
    }
}
