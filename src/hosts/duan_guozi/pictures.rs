//! Duan Guozi's pictures ([`Drawn`]): no private hand (every hand is dealt
//! face up); the table is the last round's pairs, the winner's badge gold.

use crate::games::duan_guozi::{DuanGuozi, View as DgView};
use crate::render::{non_empty, Drawn, Group, Line, Scene};

impl Drawn for DuanGuozi {
    fn hand_scene(_: &DgView) -> Option<Scene> {
        None
    }

    fn table_scene(v: &DgView) -> Option<Scene> {
        let round = v.last_round.as_ref()?;
        let lines = round
            .hands
            .iter()
            .map(|h| {
                Line::seat(
                    h.seat,
                    round.winner == Some(h.seat),
                    vec![Group::cards(h.cards)],
                )
            })
            .collect();
        non_empty(Scene::of_lines(lines))
    }
}
