//! Chexuan's pictures ([`Drawn`]): the seat's own face-down pair face up,
//! then its open cards; the table is the seats around it, everyone else's
//! face-down cards backs until shown, the bets and mango in the middle.

use crate::games::chexuan::session::{ChexuanTable, SessionView};
use crate::games::chexuan::Status;
use crate::games::chexuan::{Chexuan, ChexuanView};
use crate::render::{non_empty, Drawn, Face, Group, Line, Place, Scene, Spot, Table, Tile, Word};

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
/// (empty: a single hand, its seats are the table's). The seats in the
/// hand around it, each plate with 庄, its bet and 丢 / 敲 / 三花; by each
/// seat its face-down cards (backs until shown) and its open ones, or its
/// head and tail once split; in the middle the bets and the mango pot.
fn cx_table(h: &ChexuanView, playing: &[usize]) -> Option<Scene> {
    let places = h
        .players
        .iter()
        .map(|p| {
            let mut place = Place::new(playing.get(p.seat).copied().unwrap_or(p.seat));
            place.turn = h.to_act == Some(p.seat);
            if h.dealer == p.seat {
                place.role = Some(Word::new(DEALER));
            }
            place.chips = Some(p.contribution as i64);
            place.tag = match p.status {
                Status::Active => None,
                Status::AllIn => Some(Word::new(ALL_IN)),
                Status::Folded => Some(Word::new(FOLDED)),
                Status::LaidDown => Some(Word::new(SANHUA)),
            };
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
            place.rows.push(groups);
            place
        })
        .collect();
    let mut table = Table::new(places);
    let bets: u64 = h.players.iter().map(|p| p.contribution).sum();
    table.middle.push(Spot {
        caption: Some(Word::count(BETS, bets as i64)),
        groups: Vec::new(),
    });
    table.middle.push(Spot {
        caption: Some(Word::count(MANGO, h.mango_pot as i64)),
        groups: Vec::new(),
    });
    Some(Scene::of_table(table))
}

/// The words of Chexuan's table picture (locale keys).
const DEALER: &str = "picture-dealer";
const ALL_IN: &str = "picture-all-in";
const FOLDED: &str = "picture-folded";
const SANHUA: &str = "picture-sanhua";
const BETS: &str = "picture-bets";
const MANGO: &str = "picture-mango";
/// Every word the table picture may say, for the glyph test.
pub const WORDS: &[&str] = &[DEALER, ALL_IN, FOLDED, SANHUA, BETS, MANGO];

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
