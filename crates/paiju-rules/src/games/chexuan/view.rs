//! What one seat may see of a hand: its own face-down cards, everyone's
//! face-up cards, chips and statuses; other players' face-down cards only
//! once shown (a 三花 lay-down, or the showdown after every split is given).

use super::engine::{Chexuan, Ending, Phase, Status};
use super::events::ShownSplit;
use super::hands::Sanhua;
use super::rules::MangoKind;
use crate::cards::Card;
use crate::games::Seat;
use serde::Serialize;
use std::ops::RangeInclusive;

/// Where the hand is.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "stage", rename_all = "snake_case")]
pub enum Stage {
    Betting { round: u8 },
    Showdown,
    Finished,
}

/// One seat as the viewer sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PlayerView {
    pub seat: Seat,
    pub status: Status,
    pub bobo: u64,
    /// Put in this hand, ante included.
    pub contribution: u64,
    /// What is left of the bobo.
    pub left: u64,
    /// The two face-down cards, when the viewer may see them.
    pub hidden: Option<Vec<Card>>,
    /// How many face-down cards the seat holds.
    pub hidden_count: usize,
    /// The face-up cards (deals 2 and 3).
    pub open: Vec<Card>,
    pub sanhua: Option<Sanhua>,
    /// Whether the seat has given its split (the split shows at the end).
    pub split_given: bool,
    pub split: Option<ShownSplit>,
    /// Paid into the mango pot this hand.
    pub mango_paid: u64,
    /// The part of `mango_paid` that came out of the bobo (the chips off
    /// the table did not cover it); `bobo` is already smaller by it.
    pub mango_from_stack: u64,
    /// What the seat can still pay into the mango pot this hand (its chips
    /// outside the bobo); `None`: no limit.
    pub mango_left: Option<u64>,
}

/// A seat's view (or the public view, `viewer: None`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ChexuanView {
    pub viewer: Option<Seat>,
    pub dealer: Seat,
    pub ante: u64,
    pub stage: Stage,
    pub to_act: Option<Seat>,
    /// The highest contribution among the players still in.
    pub highest: u64,
    pub mango_pot: u64,
    pub mango_count: u32,
    pub players: Vec<PlayerView>,
    /// Once the hand is over.
    pub deltas: Option<Vec<i64>>,
    pub next_dealer: Option<Seat>,
    /// While everyone in this betting round has checked so far and at least
    /// two players still speak: what each player still in pays into the
    /// mango pot (休芒) if everyone checks to the round's end. A front end
    /// says it beside a check, so nobody checks into mango unawares.
    pub xiu_mango: Option<u64>,
    /// In betting round 1, while one player's raise (or all-in) is the
    /// highest and nobody has matched it, and no other player is all-in:
    /// that player and what every other seated player pays into the mango
    /// pot (皱芒) if all the others fold to it. A front end says it beside
    /// a fold, as it says 休芒 beside a check.
    pub zhou_mango: Option<(Seat, u64)>,
}

impl Chexuan {
    /// The view of `viewer` (`None`: the public view).
    pub fn view_for(&self, viewer: Option<Seat>) -> ChexuanView {
        let (stage, deltas, next_dealer, shown) = match &self.phase {
            Phase::Betting(r) => (Stage::Betting { round: r.number }, None, None, false),
            Phase::Showdown { .. } => (Stage::Showdown, None, None, false),
            Phase::Finished(f) => (
                Stage::Finished,
                Some(f.deltas.clone()),
                Some(f.next_dealer),
                matches!(f.ending, Ending::Showdown { .. }),
            ),
        };
        let splits = self.splits();
        let players = self
            .players
            .iter()
            .enumerate()
            .map(|(seat, p)| {
                let split = splits[seat].filter(|_| shown);
                let visible =
                    viewer == Some(seat) || p.status == Status::LaidDown || split.is_some();
                let hidden_count = p.cards.len().min(2);
                PlayerView {
                    seat,
                    status: p.status,
                    bobo: p.bobo,
                    contribution: p.contribution,
                    left: p.bobo - p.contribution,
                    hidden: visible.then(|| p.cards[..hidden_count].to_vec()),
                    hidden_count,
                    open: p.cards[hidden_count..].to_vec(),
                    sanhua: p.sanhua,
                    split_given: splits[seat].is_some(),
                    split: split.map(|sp| ShownSplit {
                        seat,
                        head: sp.head,
                        tail: sp.tail,
                        head_kind: sp.head_kind(),
                        tail_kind: sp.tail_kind(),
                    }),
                    mango_paid: p.mango_paid,
                    mango_from_stack: p.mango_from_stack,
                    mango_left: p.mango_left,
                }
            })
            .collect();
        let speaking = self
            .players
            .iter()
            .filter(|p| p.status == Status::Active)
            .count();
        let xiu_mango = match &self.phase {
            Phase::Betting(r) if r.all_checked && speaking >= 2 => Some(
                self.rules
                    .mango_amount(MangoKind::Xiu, self.mango.count.saturating_add(1)),
            ),
            _ => None,
        };
        let zhou_mango = match &self.phase {
            Phase::Betting(r) if r.number == 1 => self.zhou_raiser().map(|raiser| {
                let amount = self
                    .rules
                    .mango_amount(MangoKind::Zhou, self.mango.count.saturating_add(1));
                (raiser, amount)
            }),
            _ => None,
        };
        ChexuanView {
            viewer,
            dealer: self.dealer(),
            ante: self.rules.ante,
            stage,
            to_act: self.to_act(),
            highest: self.highest(),
            mango_pot: self.mango.pot,
            mango_count: self.mango.count,
            players,
            deltas,
            next_dealer,
            xiu_mango,
            zhou_mango,
        }
    }

    /// The one player who would win a 皱芒 if every other player folded
    /// now: alone at the highest contribution, having raised in round 1,
    /// with nobody else all-in (an all-in player stays in the hand).
    fn zhou_raiser(&self) -> Option<Seat> {
        let highest = self.highest();
        let mut top = self
            .players
            .iter()
            .enumerate()
            .filter(|(_, p)| p.status.in_hand() && p.contribution == highest);
        let (raiser, p) = top.next()?;
        if top.next().is_some() || !p.raised_in_round1 {
            return None;
        }
        let other_all_in = self
            .players
            .iter()
            .enumerate()
            .any(|(s, q)| s != raiser && q.status == Status::AllIn);
        (!other_all_in).then_some(raiser)
    }
}

impl ChexuanView {
    /// The viewer's cards, face-down first (empty for the public view).
    pub fn my_cards(&self) -> Vec<Card> {
        let Some(me) = self.viewer.and_then(|s| self.players.get(s)) else {
            return Vec::new();
        };
        let mut cards = me.hidden.clone().unwrap_or_default();
        cards.extend(&me.open);
        cards
    }

    /// The raises `seat` may make now, as amounts N of `{"raise": N}`: from
    /// the ante up to what keeps the contribution within the bobo
    /// (highest + N ≤ bobo). `None` when the seat may not raise (not its
    /// turn in a betting round, or its bobo does not cover the ante). The
    /// engine's own check stays the authority; this is what a front end
    /// offers and explains.
    pub fn raise_range(&self, seat: Seat) -> Option<RangeInclusive<u64>> {
        if !matches!(self.stage, Stage::Betting { .. }) || self.to_act != Some(seat) {
            return None;
        }
        let p = self.players.get(seat)?;
        if p.status != Status::Active {
            return None;
        }
        let most = p.bobo.checked_sub(self.highest)?;
        (most >= self.ante).then_some(self.ante..=most)
    }
}
