//! 端锅子 Duan Guozi: pai gow with 32 poker cards around a shared pot, for 2
//! to 12 players (rules/duan-guozi.md).
//!
//! One [`DuanGuozi`] is one game (局, 一锅子): every seat antes into the pot,
//! then rounds are dealt and settled until the pot is empty. Nobody decides
//! anything inside a game; the only action is the dealer's [`Action::Deal`],
//! which lets a table pace the rounds (a button, or automatically after a
//! short wait). A record's `actions` may hold those deals or be empty:
//! `paiju replay` plays the rest of the rounds out ([`Game::play_out`]).
//!
//! Submodules: [`deck`] (the 32 cards, classes, points), [`hand`] (hand kinds,
//! order, 道, names), [`rules`] (options), [`round`] (the pot and the running-
//! down deck), [`chips`] (chip movements for the table runtime), and the
//! simulation behind `paiju simulate duan-guozi`.

pub mod chips;
pub mod deck;
pub mod hand;
pub mod round;
pub mod rules;
mod sim;

pub use hand::{Hand, HandKind, HandResult, ShownHand, HAND_IDS};
pub use round::{Pot, Round, RoundResult};
pub use rules::Rules;
pub use sim::simulate;

use crate::cards::{shuffle, Card};
use crate::games::RecordAction;
use crate::games::{ErrorCode, Game, GameOutcome, GameRules, RuleError, Seat};
use crate::record::{seated_action, Record, RecordError};
use round::NeedDeck;
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

/// A game that has not ended after this many rounds is refused when dealt:
/// only an endless run of all-瘪十 rounds could get there.
const MAX_ROUNDS: usize = 100_000;

/// Everything random in a game, made explicit: the deck orders, top card
/// first (the first at set-up, the next at each reshuffle), and the first
/// dealer (the result of the cut).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Deal {
    pub decks: Vec<Vec<Card>>,
    pub dealer: Seat,
}

/// The one action: the dealer deals the next round.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Action {
    Deal,
}

impl RecordAction for Action {
    fn from_json(value: &Value) -> Result<Action, RuleError> {
        match value.as_object() {
            Some(m) if m.len() == 1 && m.get("deal") == Some(&Value::Bool(true)) => {
                Ok(Action::Deal)
            }
            _ => Err(RuleError::new(
                ErrorCode::IllegalAction,
                crate::keys::ERR_MALFORMED_ACTION,
                format!("Duan Guozi's only action is {{\"deal\": true}}, not {value}"),
            )),
        }
    }

    fn to_json(&self) -> Value {
        match self {
            Action::Deal => json!({"deal": true}),
        }
    }
}

/// What happened, as data; front ends word it from the locale files.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Event {
    /// The deck was short: all 32 cards were gathered and reshuffled
    /// (`deck` is the 0-based deck order now in use).
    Reshuffled { deck: usize },
    /// A round was dealt; `hands` in deal order (dealer first), all shown.
    RoundDealt {
        round: usize,
        dealer: Seat,
        hands: Vec<ShownHand>,
        cards_left: usize,
    },
    /// The best hand took `paid` 道 from the pot (all of it when `swept`).
    RoundWon {
        round: usize,
        winner: Seat,
        hand: ShownHand,
        paid: u32,
        swept: bool,
        pot_after: u32,
    },
    /// Every hand was 瘪十: nothing is paid and `dealer` deals again.
    AllBieShi { round: usize, dealer: Seat },
    /// The pot is empty: the game is over. `deltas` in 道, antes counted.
    GameOver { deltas: Vec<i64> },
}

/// A round as a view shows it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RoundView {
    pub number: usize,
    pub dealer: Seat,
    pub reshuffled: bool,
    /// In deal order, dealer first.
    pub hands: Vec<ShownHand>,
    pub winner: Option<Seat>,
    pub paid: u32,
    pub swept: bool,
    pub pot_after: u32,
}

impl RoundView {
    fn new(round: &Round, rules: &Rules) -> RoundView {
        RoundView {
            number: round.number,
            dealer: round.dealer,
            reshuffled: round.reshuffled,
            hands: shown_hands(round, rules),
            winner: round.winner,
            paid: round.paid,
            swept: round.swept,
            pot_after: round.pot_after,
        }
    }
}

/// What a seat (or a spectator) sees. Every dealt hand is shown to all, so
/// the views differ only in `seat`; the deck order, which would tell the
/// coming rounds, is in no view.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct View {
    pub seat: Option<Seat>,
    pub seats: usize,
    /// 道 each seat paid in.
    pub ante: u32,
    /// 道 in the pot now.
    pub pot: u32,
    /// 道 in the pot after the antes (ante × seats).
    pub pot_start: u32,
    /// Who deals next (meaningless once finished).
    pub dealer: Seat,
    /// Rounds dealt so far, all-瘪十 ones included.
    pub rounds_played: usize,
    pub cards_left: usize,
    pub reshuffles: usize,
    pub last_round: Option<RoundView>,
    /// Each seat's net 道 so far (antes counted as paid in).
    pub deltas: Vec<i64>,
    pub finished: bool,
    /// True when this seat is the one to deal.
    pub to_deal: bool,
}

/// A Duan Guozi game (局): the pot, the running-down deck, the rounds so far.
#[derive(Clone, Debug)]
pub struct DuanGuozi {
    deal: Deal,
    pot: Pot,
    actions: Vec<(Seat, Action)>,
}

fn shown_hands(round: &Round, rules: &Rules) -> Vec<ShownHand> {
    round
        .deal_order
        .iter()
        .map(|&s| ShownHand::new(s, &round.hands[s], &rules.point_dao))
        .collect()
}

impl DuanGuozi {
    /// Builds a game from checked parts: rules valid for `seats`, every deck
    /// order a permutation of the 32 cards, enough of them to empty the pot.
    pub fn new(rules: Rules, seats: usize, deal: Deal) -> Result<DuanGuozi, RecordError> {
        rules.check_table(seats)?;
        if deal.decks.is_empty() {
            return Err(RecordError::Deal("`decks` holds no deck order".into()));
        }
        // A game needs a deck order per reshuffle, at most one per round.
        if deal.decks.len() > MAX_ROUNDS {
            return Err(RecordError::Deal(format!(
                "`decks` holds {} deck orders; a game uses at most {MAX_ROUNDS}",
                deal.decks.len()
            )));
        }
        for (i, order) in deal.decks.iter().enumerate() {
            deck::check_deck_order(order)
                .map_err(|e| RecordError::Deal(format!("deck {i}: {e}")))?;
        }
        if deal.dealer >= seats {
            return Err(RecordError::Deal(format!(
                "`dealer` is seat {} of a {seats}-seat game",
                deal.dealer
            )));
        }
        let pot = Pot::new(rules, seats, deal.dealer);
        // Nobody decides anything, so the deal fixes the whole game: play it
        // through once to refuse now a record whose decks run out.
        let mut trial = pot.clone();
        while !trial.is_finished() {
            // The same bound as a deal: a record cannot ask for more rounds
            // (time and memory) than a game the table would deal.
            if trial.rounds().len() >= MAX_ROUNDS {
                return Err(RecordError::Deal(format!(
                    "no end after {MAX_ROUNDS} rounds"
                )));
            }
            if let Err(NeedDeck(k)) = trial.play_round(&deal.decks) {
                return Err(RecordError::Deal(format!(
                    "round {} needs a reshuffle to deck order {} but `decks` holds only {}",
                    trial.rounds().len() + 1,
                    k + 1,
                    deal.decks.len()
                )));
            }
        }
        Ok(DuanGuozi {
            deal,
            pot,
            actions: Vec::new(),
        })
    }

    /// The pot, the deck and the rounds so far.
    pub fn state(&self) -> &Pot {
        &self.pot
    }

    pub fn rules(&self) -> &Rules {
        self.pot.rules()
    }

    pub fn rounds(&self) -> &[Round] {
        self.pot.rounds()
    }

    /// The dealer deals the next round (what [`Action::Deal`] does).
    fn play_next_round(&mut self, seat: Seat) -> Result<Vec<Event>, RuleError> {
        if self.pot.is_finished() {
            return Err(RuleError::game_over());
        }
        if seat >= self.pot.seats() {
            return Err(RuleError::new(
                ErrorCode::IllegalAction,
                crate::keys::ERR_NO_SUCH_SEAT,
                format!("seat {seat} is not at this table"),
            )
            .arg("seat", seat));
        }
        if seat != self.pot.dealer() {
            return Err(RuleError::new(
                ErrorCode::NotYourTurn,
                crate::keys::ERR_NOT_YOUR_TURN,
                format!("seat {} deals this round", self.pot.dealer()),
            )
            .arg("dealer", self.pot.dealer()));
        }
        let rules = self.pot.rules().clone();
        let round = match self.pot.play_round(&self.deal.decks) {
            Ok(round) => round.clone(),
            // `new` played the game through, so this cannot happen; refuse
            // rather than panic all the same.
            Err(NeedDeck(k)) => {
                return Err(RuleError::new(
                    ErrorCode::IllegalAction,
                    crate::keys::ERR_INTERNAL,
                    format!("the deal has no deck order {}", k + 1),
                ))
            }
        };
        self.actions.push((seat, Action::Deal));
        let mut events = Vec::new();
        if round.reshuffled {
            events.push(Event::Reshuffled { deck: round.deck });
        }
        events.push(Event::RoundDealt {
            round: round.number,
            dealer: round.dealer,
            hands: shown_hands(&round, &rules),
            cards_left: round.cards_left,
        });
        match round.winner {
            Some(w) => events.push(Event::RoundWon {
                round: round.number,
                winner: w,
                hand: ShownHand::new(w, &round.hands[w], &rules.point_dao),
                paid: round.paid,
                swept: round.swept,
                pot_after: round.pot_after,
            }),
            None => events.push(Event::AllBieShi {
                round: round.number,
                dealer: round.dealer,
            }),
        }
        if self.pot.is_finished() {
            events.push(Event::GameOver {
                deltas: self.pot.deltas(),
            });
        }
        Ok(events)
    }
}

/// How a game (one pot, dealt until it is empty) ended.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Outcome {
    /// The ante each player put in.
    pub ante: u32,
    /// How many times the deck was reshuffled.
    pub reshuffles: usize,
    /// Every round dealt: dealer, hands, winner, 道 paid.
    pub rounds: Vec<RoundResult>,
    /// Each seat's net 道.
    pub deltas: Vec<i64>,
}

impl GameOutcome for Outcome {
    fn deltas(&self) -> &[i64] {
        &self.deltas
    }
}

impl Game for DuanGuozi {
    type Outcome = Outcome;
    type Rules = Rules;
    type Action = Action;
    type Event = Event;
    type View = View;

    fn from_record_setup(record: &Record) -> Result<Self, RecordError> {
        let (rules, deal) = record.setup()?;
        DuanGuozi::new(rules, record.seats, deal)
    }

    /// Shuffles, cuts for the first dealer (the host, seat 0, shuffles; the
    /// dealer is the seat x places after it, x the cut card's point value),
    /// and shuffles a new deck order for each reshuffle the game will need.
    fn deal(rules: Rules, seats: usize, rng: &mut dyn rand::RngCore) -> Result<Self, RecordError> {
        use rand::Rng;
        rules.check_table(seats)?;
        let shuffled = |rng: &mut dyn rand::RngCore| {
            let mut order = deck::deck();
            shuffle(&mut order, rng);
            order
        };
        let mut decks = vec![shuffled(rng)];
        let cut = decks[0][rng.gen_range(0..deck::DECK_SIZE)];
        let dealer = usize::from(deck::point_value(cut)) % seats;
        let mut trial = Pot::new(rules.clone(), seats, dealer);
        while !trial.is_finished() {
            if trial.rounds().len() >= MAX_ROUNDS {
                return Err(RecordError::Deal(format!(
                    "no end after {MAX_ROUNDS} rounds"
                )));
            }
            if trial.play_round(&decks).is_err() {
                decks.push(shuffled(rng));
            }
        }
        // The decks are fresh shuffles of the 32 cards and the trial just
        // played the game through with them: no need to check them again.
        Ok(DuanGuozi {
            pot: Pot::new(rules, seats, dealer),
            deal: Deal { decks, dealer },
            actions: Vec::new(),
        })
    }

    fn seats(&self) -> usize {
        self.pot.seats()
    }

    fn waiting_on(&self) -> Vec<Seat> {
        if self.pot.is_finished() {
            Vec::new()
        } else {
            vec![self.pot.dealer()]
        }
    }

    fn apply(&mut self, seat: Seat, action: &Action) -> Result<Vec<Event>, RuleError> {
        match action {
            Action::Deal => self.play_next_round(seat),
        }
    }

    fn legal_actions(&self, seat: Seat) -> Vec<Action> {
        if self.waiting_on().contains(&seat) {
            vec![Action::Deal]
        } else {
            Vec::new()
        }
    }

    fn view(&self, seat: Option<Seat>) -> View {
        let rules = self.pot.rules();
        View {
            seat,
            seats: self.pot.seats(),
            ante: self.pot.ante(),
            pot: self.pot.pot(),
            pot_start: self.pot.ante() * self.pot.seats() as u32,
            dealer: self.pot.dealer(),
            rounds_played: self.pot.rounds().len(),
            cards_left: self.pot.cards_left(),
            reshuffles: self.pot.deck_index(),
            last_round: self.pot.rounds().last().map(|r| RoundView::new(r, rules)),
            deltas: self.pot.deltas(),
            finished: self.pot.is_finished(),
            to_deal: seat.is_some_and(|s| self.waiting_on().contains(&s)),
        }
    }

    fn is_finished(&self) -> bool {
        self.pot.is_finished()
    }

    fn outcome(&self) -> Option<Outcome> {
        if !self.pot.is_finished() {
            return None;
        }
        let rules = self.pot.rules();
        Some(Outcome {
            ante: self.pot.ante(),
            reshuffles: self.pot.deck_index(),
            rounds: self.pot.rounds().iter().map(|r| r.result(rules)).collect(),
            deltas: self.pot.deltas(),
        })
    }

    fn record(&self) -> Record {
        Record {
            game: Self::KIND.name().into(),
            rules: serde_json::to_value(self.pot.rules()).expect("rules serialize"),
            seats: self.pot.seats(),
            deal: serde_json::to_value(&self.deal).expect("a deal serializes"),
            actions: self
                .actions
                .iter()
                .map(|(seat, a)| seated_action(*seat, Self::action_to_json(a)))
                .collect(),
        }
    }

    /// Deals and settles every remaining round: nobody decides anything, so
    /// a replay runs on until the pot is empty.
    fn play_out(&mut self) {
        while !self.pot.is_finished() {
            if self.play_next_round(self.pot.dealer()).is_err() {
                break;
            }
        }
    }
}
