//! What one seat may see: its own cards (in the order dealt, so a live
//! table can show them arriving), the declarations, every card played,
//! the points; the kitty only for the banker (once he is settled: the bury
//! that closes declaring needs it) and for everyone at the end. Other
//! hands are never in a view.

use super::declare::Declaration;
use super::engine::{trump_name, Phase, Shengji, TrickDone, Tricks};
use super::order::Order;
use super::rules::{ShengjiRules, SEATS};
use super::score::ShengjiOutcome;
use crate::cards::{Card, Rank, Suit};
use crate::games::Seat;
use serde::Serialize;

/// Where the hand is.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Stage {
    Declaring,
    Playing,
    Finished,
}

/// A seat's view (or the public view, `viewer: None`).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ShengjiView {
    pub viewer: Option<Seat>,
    pub stage: Stage,
    pub rules: ShengjiRules,
    /// Levels of team 0 (seats 0 + 2) and team 1 before this hand.
    pub levels: [u8; 2],
    pub start: Seat,
    /// The banker once known (given, or the first declarer).
    pub banker: Option<Seat>,
    /// The seat that closes declaring by burying (or leading).
    pub closes_declaring: Option<Seat>,
    /// The level rank of the hand, once the banker is known.
    pub level: Option<u8>,
    /// Cards dealt as far as the record shows (the last declaration's `dealt`).
    pub dealt: usize,
    /// Cards dealt in all.
    pub deal_total: usize,
    /// The viewer's cards in the order dealt.
    pub received: Vec<Card>,
    /// The viewer's cards now.
    pub hand: Vec<Card>,
    pub hand_sizes: [usize; SEATS],
    pub declarations: Vec<Declaration>,
    /// `S`, `H`, `C`, `D` or `none`, once declaring is over.
    pub trump: Option<&'static str>,
    pub flipped: Option<Card>,
    pub kitty_size: usize,
    /// The kitty (banker) or the buried cards (banker; everyone at the end).
    pub kitty: Option<Vec<Card>>,
    pub turn: Option<Seat>,
    /// The current trick so far, leader first.
    pub trick: Vec<(Seat, Vec<Card>)>,
    /// A failed throw's whole attempt in the current trick.
    pub attempted: Option<Vec<Card>>,
    #[serde(serialize_with = "all_tricks")]
    pub tricks: Tricks,
    /// Points the attackers took in tricks so far (penalties aside).
    pub attackers_points: i64,
    pub outcome: Option<ShengjiOutcome>,
    #[serde(skip)]
    trump_suit: Option<Suit>,
}

fn all_tricks<S: serde::Serializer>(t: &Tricks, s: S) -> Result<S::Ok, S::Error> {
    <[TrickDone]>::serialize(t, s)
}

impl ShengjiView {
    /// Whether the viewer playing `cards` now would be accepted as far as
    /// the view tells: a lead all of one suit (a throw's cover is judged
    /// as it is played), or a follow the lead allows. True outside the
    /// tricks (nothing to judge here). A front end uses it to pick among
    /// the plays a typed bare rank may mean (`kk`).
    pub fn play_fits(&self, cards: &[Card]) -> bool {
        use super::play::{check_follow, uniform_suit, Lead};
        let Some(order) = self.order().filter(|_| self.stage == Stage::Playing) else {
            return true;
        };
        match self.trick.first() {
            None => uniform_suit(&order, cards).is_some(),
            Some((_, first)) => match uniform_suit(&order, first) {
                Some(si) => {
                    let lead = Lead::new(&order, si, first, self.rules.max_width());
                    cards.len() == lead.size
                        && check_follow(&order, &lead, &self.hand, cards).is_ok()
                }
                None => true,
            },
        }
    }

    /// The card order of the hand, once declaring is over.
    pub fn order(&self) -> Option<Order> {
        self.trump?;
        let level = Rank::from_value(self.level?)?;
        Some(Order::new(
            level,
            self.trump_suit,
            self.rules.twos_trump,
            self.rules.two_colors,
        ))
    }

    /// The hand in tricks as this view shows it, with every seat's cards
    /// now given by `hands` and the buried cards by `buried`: a world the
    /// search of `crate::ai::shengji` deals the unseen cards into and plays
    /// out. Only the tricks matter there: the deal it records is not the
    /// hand's, and throw penalties so far are not counted. `None` outside
    /// the tricks.
    pub fn world(&self, hands: [Vec<Card>; SEATS], buried: Vec<Card>) -> Option<Shengji> {
        use super::engine::{Phase, Playing, Settled};
        if self.stage != Stage::Playing {
            return None;
        }
        let order = self.order()?;
        let banker = self.banker?;
        let lead = match self.trick.first() {
            Some((_, first)) => {
                let si = super::play::uniform_suit(&order, first)?;
                Some(super::play::Lead::new(
                    &order,
                    si,
                    first,
                    self.rules.max_width(),
                ))
            }
            None => None,
        };
        let settled = Settled {
            banker,
            level: Rank::from_value(self.level?)?,
            trump: self.trump_suit,
            order,
            declaration: self.declarations.last().cloned(),
            declarations: self.declarations.clone(),
            flipped: self.flipped,
            buried: buried.clone(),
        };
        let playing = Playing {
            settled,
            turn: self.turn?,
            lead,
            trick: self.trick.clone(),
            attempted: self.attempted.clone(),
            tricks: self.tricks.clone(),
            trick_points: self.attackers_points,
            penalty: 0,
        };
        Some(Shengji {
            rules: self.rules.clone(),
            deal: super::rules::ShengjiDeal {
                deck: Vec::new(),
                start: self.start,
                levels: self.levels,
                banker: Some(banker),
            },
            actions: Vec::new(),
            received: hands.clone(),
            hands,
            kitty: buried,
            phase: Phase::Playing(Box::new(playing)),
        })
    }

    /// The viewer's cards after `dealt` cards of the deal.
    pub fn received_by(&self, dealt: usize) -> &[Card] {
        let Some(seat) = self.viewer else { return &[] };
        let offset = (seat + SEATS - self.start) % SEATS;
        let n = if dealt > offset {
            (dealt - offset).div_ceil(SEATS)
        } else {
            0
        };
        &self.received[..n.min(self.received.len())]
    }
}

impl Shengji {
    pub fn view_for(&self, viewer: Option<Seat>) -> ShengjiView {
        let viewer = viewer.filter(|&s| s < SEATS);
        let banker = self.banker();
        let mut v = ShengjiView {
            viewer,
            stage: Stage::Declaring,
            rules: self.rules.clone(),
            levels: self.deal.levels,
            start: self.deal.start,
            banker,
            closes_declaring: None,
            level: banker.map(|b| self.deal.levels[b % 2]),
            dealt: 0,
            deal_total: self.deal_total(),
            received: viewer.map(|s| self.received[s].clone()).unwrap_or_default(),
            hand: viewer.map(|s| self.hands[s].clone()).unwrap_or_default(),
            hand_sizes: std::array::from_fn(|s| self.hands[s].len()),
            declarations: Vec::new(),
            trump: None,
            flipped: None,
            kitty_size: self.rules.kitty_size(),
            kitty: None,
            turn: None,
            trick: Vec::new(),
            attempted: None,
            tricks: Tricks::default(),
            attackers_points: 0,
            outcome: None,
            trump_suit: None,
        };
        let is_banker = viewer.is_some() && viewer == banker;
        let playing = match &self.phase {
            Phase::Declaring(d) => {
                v.declarations = d.declarations.clone();
                v.dealt = d.last_dealt;
                v.closes_declaring = Some(self.prospective_banker());
                // The seat that closes declaring holds the kitty, also
                // seat 0 of a first hand nobody declared in (no banker
                // yet): it buries those cards, so it must see them.
                if viewer == v.closes_declaring {
                    v.kitty = Some(self.kitty.clone());
                }
                return v;
            }
            Phase::Playing(p) => {
                v.stage = Stage::Playing;
                v.turn = Some(p.turn);
                if is_banker {
                    v.kitty = Some(p.settled.buried.clone());
                }
                p
            }
            Phase::Finished(f) => {
                v.stage = Stage::Finished;
                v.kitty = Some(f.playing.settled.buried.clone());
                v.outcome = Some(f.outcome.clone());
                &f.playing
            }
        };
        let s = &playing.settled;
        v.dealt = self.deal_total();
        v.declarations = s.declarations.clone();
        if let Some(d) = self.actions.iter().rev().find_map(|(_, a)| match a {
            super::Action::Declare { dealt, .. } => Some(*dealt),
            _ => None,
        }) {
            v.dealt = v.dealt.max(d);
        }
        v.level = Some(s.level.value());
        v.trump = Some(trump_name(s.trump));
        v.trump_suit = s.trump;
        v.flipped = s.flipped;
        v.trick = playing.trick.clone();
        v.attempted = playing.attempted.clone();
        v.tricks = playing.tricks.clone();
        v.attackers_points = playing.trick_points;
        v
    }
}
