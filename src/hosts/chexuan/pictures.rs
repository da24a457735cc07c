//! Chexuan's pictures ([`Drawn`]): the seat's own face-down pair face up,
//! then its open cards; at the table everyone else's face-down cards are
//! backs until shown.

use crate::games::chexuan::session::{ChexuanTable, SessionView};
use crate::games::chexuan::{Chexuan, ChexuanView};
use crate::render::{non_empty, Drawn, Face, Group, Line, Scene, Tile};

/// A Chexuan hand's own cards (the viewer's), hidden then open.
fn cx_hand(h: &ChexuanView) -> Option<Scene> {
    let me = h.viewer.and_then(|s| h.players.get(s))?;
    let hidden = me.hidden.clone().unwrap_or_default();
    non_empty(Scene::of_lines(vec![Line::new(vec![
        Group::cards(hidden),
        Group::cards(me.open.iter().copied()),
    ])]))
}

/// A Chexuan hand's table; `playing` maps the hand's seats to the table's
/// (empty: a single hand, its seats are the table's).
fn cx_table(h: &ChexuanView, playing: &[usize]) -> Option<Scene> {
    let lines = h
        .players
        .iter()
        .map(|p| {
            let seat = playing.get(p.seat).copied().unwrap_or(p.seat);
            let turn = h.to_act == Some(p.seat);
            let groups = match &p.split {
                Some(split) => vec![Group::cards(split.head), Group::cards(split.tail)],
                None => {
                    let hidden = match &p.hidden {
                        Some(cards) => Group::cards(cards.iter().copied()),
                        None => Group::row(vec![Tile::new(Face::Back); p.hidden_count]),
                    };
                    vec![hidden, Group::cards(p.open.iter().copied())]
                }
            };
            Line::seat(seat, turn, groups)
        })
        .collect();
    non_empty(Scene::of_lines(lines))
}

/// A single Chexuan hand, as `paiju replay` reads a hand record.
impl Drawn for Chexuan {
    fn hand_scene(v: &ChexuanView) -> Option<Scene> {
        cx_hand(v)
    }

    fn table_scene(v: &ChexuanView) -> Option<Scene> {
        cx_table(v, &[])
    }
}

/// A Chexuan session: its current hand, in table seats.
impl Drawn for ChexuanTable {
    fn hand_scene(v: &SessionView) -> Option<Scene> {
        cx_hand(&v.hand)
    }

    fn table_scene(v: &SessionView) -> Option<Scene> {
        cx_table(&v.hand, &v.playing)
    }
}
