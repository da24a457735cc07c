//! Duan Guozi's pictures ([`Drawn`]): no private hand (every hand is dealt
//! face up); the table is the seats around it, each plate with the 庄 who
//! deals next (gold: the deal is theirs), what the seat took from the pot
//! in the last round and its net 道 so far, each seat's pair of the last
//! round by it, and the pot in the middle.

use crate::games::duan_guozi::{DuanGuozi, View as DgView};
use crate::render::{Drawn, Group, Place, Scene, Spot, Table, Word};

impl Drawn for DuanGuozi {
    fn hand_scene(_: &DgView) -> Option<Scene> {
        None
    }

    fn table_scene(v: &DgView) -> Option<Scene> {
        let round = v.last_round.as_ref();
        let places = (0..v.seats)
            .map(|seat| {
                let mut p = Place::new(seat);
                p.turn = !v.finished && v.dealer == seat;
                if !v.finished && v.dealer == seat {
                    p.role = Some(Word::new(DEALER));
                }
                p.chips = v.deltas.get(seat).copied();
                if let Some(r) = round {
                    if r.winner == Some(seat) {
                        p.tag = Some(Word::count(TOOK, r.paid.into()));
                    }
                    if let Some(h) = r.hands.iter().find(|h| h.seat == seat) {
                        p.rows.push(vec![Group::cards(h.cards)]);
                    }
                }
                p
            })
            .collect();
        let mut table = Table::new(places);
        table.middle.push(Spot {
            caption: Some(Word::count(POT, v.pot.into())),
            groups: Vec::new(),
        });
        Some(Scene::of_table(table))
    }
}

/// The words of Duan Guozi's table picture (locale keys).
const DEALER: &str = "picture-dealer";
const TOOK: &str = "picture-took";
const POT: &str = "picture-pot";
/// Every word the table picture may say, for the glyph test.
pub const WORDS: &[&str] = &[DEALER, TOOK, POT];
