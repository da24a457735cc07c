//! Dou Dizhu's own controls on Discord: the answers of the bidding, kick,
//! doubling and show questions, and the select of a wild-card play's
//! readings (癞子). The card controls (select, Play, Pass, Hint) are the
//! shared [`Control`](crate::discord::table::Control)s.

use crate::discord::ids::GameWire;
use crate::discord::table::GameClick;

/// A Dou Dizhu control.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DdzClick {
    /// Bid 1 to 3 points (叫分).
    Bid(u8),
    /// Call the landlord (叫地主).
    Call,
    /// Rob the landlord (抢地主).
    Rob,
    /// Kick (踢).
    Kick,
    /// Kick back (回踢).
    Counter,
    /// Double (加倍).
    Double,
    /// "No" to an option phase (kick, double, rob, show, keeping all the
    /// cards in the discard phase): not a pass of the play.
    Decline,
    /// Show the hand (明牌).
    Show,
    /// The select of the readings of a wild-card play.
    Reading,
}

impl GameClick for DdzClick {
    fn to_wire(&self) -> GameWire {
        let (tag, arg) = match self {
            DdzClick::Bid(n) => ("bid", Some(n.to_string())),
            DdzClick::Call => ("call", None),
            DdzClick::Rob => ("rob", None),
            DdzClick::Kick => ("kick", None),
            DdzClick::Counter => ("counter", None),
            DdzClick::Double => ("double", None),
            DdzClick::Decline => ("no", None),
            DdzClick::Show => ("show", None),
            DdzClick::Reading => ("g", Some("rd".to_string())),
        };
        GameWire::new(tag, arg)
    }

    fn from_wire(wire: &GameWire) -> Option<DdzClick> {
        let arg = wire.arg.as_deref();
        Some(match (wire.tag.as_str(), arg) {
            ("bid", Some(n)) => match n.parse::<u8>().ok()? {
                n @ 1..=3 => DdzClick::Bid(n),
                _ => return None,
            },
            ("call", None) => DdzClick::Call,
            ("rob", None) => DdzClick::Rob,
            ("kick", None) => DdzClick::Kick,
            ("counter", None) => DdzClick::Counter,
            ("double", None) => DdzClick::Double,
            ("no", None) => DdzClick::Decline,
            ("show", None) => DdzClick::Show,
            ("g", Some("rd")) => DdzClick::Reading,
            _ => return None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::discord::ids::{Action, ComponentId};

    #[test]
    fn every_control_round_trips_through_a_custom_id() {
        let all = [
            DdzClick::Bid(1),
            DdzClick::Bid(3),
            DdzClick::Call,
            DdzClick::Rob,
            DdzClick::Kick,
            DdzClick::Counter,
            DdzClick::Double,
            DdzClick::Decline,
            DdzClick::Show,
            DdzClick::Reading,
        ];
        for click in all {
            let id = ComponentId::new(Action::Game(click.to_wire()), 77, 9).encode();
            let Action::Game(wire) = ComponentId::decode(&id).unwrap().action else {
                panic!("{id} is not a game control");
            };
            assert_eq!(DdzClick::from_wire(&wire), Some(click), "{id}");
        }
    }

    #[test]
    fn controls_it_never_sent_are_refused() {
        for (tag, arg) in [
            ("bid", None),
            ("bid", Some("4")),
            ("bid", Some("0")),
            ("bid", Some("x")),
            ("call", Some("1")),
            ("g", Some("split")),
            ("fly", None),
        ] {
            let wire = GameWire::new(tag, arg.map(str::to_string));
            assert_eq!(DdzClick::from_wire(&wire), None, "{wire:?}");
        }
    }
}
