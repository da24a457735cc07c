//! What one seat may see of a hand: its own hand, the cards of its own
//! face-down melds and the card it just drew face down; of the others only
//! how many cards they hold, their face-up melds (a 臭偎 shows one card, a
//! 偎 or 提 none) and the cards lying by them. The 亮张, the card in
//! question and the wall count are public.

use super::cards::{cards_of, Card};
use super::engine::{Origin, Paohuzi, PaohuziOutcome, Phase};
use super::events::QuestionKind;
use super::melds::MeldKind;
use crate::games::Seat;
use serde::Serialize;

/// A laid-out meld as the viewer sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MeldView {
    pub kind: MeldKind,
    /// Its cards, when the viewer may see them.
    pub cards: Option<Vec<Card>>,
    /// The one card a 臭偎 shows (also set when all are seen).
    pub shown: Option<Card>,
    pub count: usize,
    /// Its huxi, when the viewer may see its cards.
    pub huxi: Option<u32>,
}

/// One seat as the viewer sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PlayerView {
    pub seat: Seat,
    /// The hand, for the viewer's own seat.
    pub hand: Option<Vec<Card>>,
    pub hand_count: usize,
    pub melds: Vec<MeldView>,
    /// The cards lying by him (his discards and untaken draws).
    pub pile: Vec<Card>,
    /// The huxi of the melds the viewer can see.
    pub visible_huxi: u32,
    /// 当前得息数, for the viewer's own seat.
    pub huxi: Option<u32>,
    /// Cards 臭 to him (declined, or discarded by him), for his own seat.
    pub barred: Option<Vec<Card>>,
}

/// The seat asked now.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Asking {
    pub seat: Seat,
    pub question: QuestionKind,
}

/// A seat's view (or the public view, `viewer: None`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PaohuziView {
    pub viewer: Option<Seat>,
    pub dealer: Seat,
    /// The 亮张.
    pub shown_card: Card,
    /// Whether the 亮张 is still the card in play: nobody has drawn and the
    /// dealer has not discarded since the deal (a seat may still win on it,
    /// 天胡); after that it is one of the dealer's cards.
    pub shown_live: bool,
    pub wall: usize,
    pub asking: Option<Asking>,
    /// The shown or discarded card being claimed.
    pub card: Option<Card>,
    pub origin: Option<Origin>,
    /// The card the viewer drew face down and may win on (his own draw).
    pub own_draw: Option<Card>,
    pub players: Vec<PlayerView>,
    pub outcome: Option<PaohuziOutcome>,
}

impl Paohuzi {
    /// The view of `viewer` (`None`: the public view).
    pub fn view_for(&self, viewer: Option<Seat>) -> PaohuziView {
        let players = self
            .players
            .iter()
            .enumerate()
            .map(|(seat, p)| {
                let mine = viewer == Some(seat);
                let melds: Vec<MeldView> = p
                    .melds
                    .iter()
                    .map(|m| {
                        let seen = mine || (!m.kind.is_hidden() && m.kind != MeldKind::ChouWei);
                        MeldView {
                            kind: m.kind,
                            cards: seen.then(|| m.cards.clone()),
                            shown: (seen || m.kind == MeldKind::ChouWei).then(|| m.card()),
                            count: m.cards.len(),
                            huxi: seen.then_some(m.huxi),
                        }
                    })
                    .collect();
                PlayerView {
                    seat,
                    hand: mine.then(|| cards_of(&p.hand)),
                    hand_count: p.hand.iter().map(|&n| n as usize).sum(),
                    visible_huxi: melds.iter().filter_map(|m| m.huxi).sum(),
                    melds,
                    pile: p.pile.clone(),
                    huxi: mine.then(|| p.laid_huxi()),
                    barred: mine.then(|| Card::all().filter(|c| p.barred(*c).is_some()).collect()),
                }
            })
            .collect();
        let own_draw = match &self.phase {
            Phase::SelfDraw(d) if viewer == Some(d.seat) => Some(d.card),
            _ => None,
        };
        let claim = self.card_in_question();
        PaohuziView {
            viewer,
            dealer: self.dealer(),
            shown_card: self.shown_card(),
            shown_live: self.shown_live(),
            wall: self.wall_left(),
            asking: self
                .question()
                .map(|(seat, question)| Asking { seat, question }),
            card: claim.map(|(c, _)| c),
            origin: claim.map(|(_, o)| o),
            own_draw,
            players,
            outcome: self.outcome_typed().cloned(),
        }
    }
}

impl PaohuziView {
    /// The viewer's hand (empty for the public view).
    pub fn my_hand(&self) -> Vec<Card> {
        self.viewer
            .and_then(|s| self.players.get(s))
            .and_then(|p| p.hand.clone())
            .unwrap_or_default()
    }
}
