//! Paohuzi's pictures ([`Drawn`]): the 字牌 in columns by number, each 坎
//! its own locked column, the seat's melds below; the table is the seats
//! around it, each with its face-up melds (hidden ones as backs) and the
//! cards by it, and the card in question in the middle.

use crate::games::paohuzi::cards::Card as Zi;
use crate::games::paohuzi::engine::Origin;
use crate::games::paohuzi::live::LiveView;
use crate::games::paohuzi::view::MeldView;
use crate::games::paohuzi::{Paohuzi, PaohuziTable, PaohuziView};
use crate::render::{non_empty, Drawn, Face, Group, Line, Place, Scene, Spot, Table, Tile, Word};

/// The hand in columns by number (一 with 壹 …), each 坎 (three alike,
/// which stay together) a locked column of its own.
fn zi_columns(hand: &[Zi]) -> Vec<Group> {
    let mut counts = [0usize; 20];
    for c in hand {
        counts[c.index()] += 1;
    }
    let mut out = Vec::new();
    for n in 1..=10u8 {
        let mut loose = Vec::new();
        for big in [false, true] {
            let c = Zi::new(big, n).expect("1 to 10");
            let k = counts[c.index()];
            let tile = Tile::new(Face::Zi(c));
            if k >= 3 {
                out.push(Group::column(vec![
                    Tile {
                        locked: true,
                        ..tile
                    };
                    k
                ]));
            } else {
                loose.extend(std::iter::repeat_n(tile, k));
            }
        }
        if !loose.is_empty() {
            out.push(Group::column(loose));
        }
    }
    out
}

/// A laid-out meld as a column: its cards when seen, else the one card a
/// 臭偎 shows and backs.
fn meld_column(m: &MeldView) -> Group {
    let tiles = match &m.cards {
        Some(cards) => cards.iter().map(|&c| Tile::new(Face::Zi(c))).collect(),
        None => {
            let mut t: Vec<Tile> = m
                .shown
                .map(|c| Tile::new(Face::Zi(c)))
                .into_iter()
                .collect();
            t.resize(m.count.max(t.len()), Tile::new(Face::ZiBack));
            t
        }
    };
    Group::column(tiles)
}

/// A Paohuzi hand's own cards (the viewer's) in columns, then its melds.
fn pz_hand(h: &PaohuziView) -> Option<Scene> {
    let me = h.viewer.and_then(|s| h.players.get(s))?;
    let hand = me.hand.clone().unwrap_or_default();
    let mut lines = vec![Line::new(zi_columns(&hand))];
    if !me.melds.is_empty() {
        lines.push(Line::new(me.melds.iter().map(meld_column).collect()));
    }
    non_empty(Scene::of_lines(lines))
}

/// A Paohuzi table: the seats around it, each with its plate (庄, cards
/// in hand, 明息), its melds as columns and, on a row of its own under
/// them, the cards lying by it (its pile), so neither reads as the other;
/// in the middle the card in question (who turned it up or discarded it),
/// the 亮张 before the first card is played, and the wall left.
fn pz_table(h: &PaohuziView) -> Option<Scene> {
    let places = h
        .players
        .iter()
        .map(|p| {
            let mut place = Place::new(p.seat);
            place.turn = h.asking.is_some_and(|a| a.seat == p.seat);
            if h.dealer == p.seat {
                place.role = Some(Word::new(DEALER));
            }
            place.cards = Some(p.hand_count as u16);
            place.tag = Some(Word::count(HUXI, p.visible_huxi.into()));
            place.rows.push(p.melds.iter().map(meld_column).collect());
            place.rows.push(vec![Group::row(
                p.pile.iter().map(|&c| Tile::new(Face::Zi(c))).collect(),
            )]);
            place
        })
        .collect();
    let mut table = Table::new(places);
    let started = h
        .players
        .iter()
        .any(|p| !p.melds.is_empty() || !p.pile.is_empty());
    if let Some(card) = h.card {
        let caption = match h.origin {
            Some(Origin::Drawn(s)) => Word::count(DRAWN, s as i64 + 1),
            Some(Origin::Discarded(s)) => Word::count(DISCARDED, s as i64 + 1),
            None => Word::new(SHOWN),
        };
        table.middle.push(Spot {
            caption: Some(caption),
            groups: vec![Group::row(vec![Tile::new(Face::Zi(card))])],
        });
    } else if !started {
        table.middle.push(Spot {
            caption: Some(Word::new(SHOWN)),
            groups: vec![Group::row(vec![Tile::new(Face::Zi(h.shown_card))])],
        });
    }
    table.middle.push(Spot {
        caption: Some(Word::count(WALL, h.wall as i64)),
        groups: Vec::new(),
    });
    Some(Scene::of_table(table))
}

/// The words of Paohuzi's table picture (locale keys).
const DEALER: &str = "picture-dealer";
const HUXI: &str = "picture-huxi";
const DRAWN: &str = "picture-drawn";
const DISCARDED: &str = "picture-discarded";
const SHOWN: &str = "picture-shown-card";
const WALL: &str = "picture-wall";
/// Every word the table picture may say, for the glyph test.
pub const WORDS: &[&str] = &[DEALER, HUXI, DRAWN, DISCARDED, SHOWN, WALL];

/// A Paohuzi hand as the engine plays it (a record whose claims are
/// answered one seat after another), as `paiju replay` reads it.
impl Drawn for Paohuzi {
    fn hand_scene(v: &PaohuziView) -> Option<Scene> {
        pz_hand(v)
    }

    fn table_scene(v: &PaohuziView) -> Option<Scene> {
        pz_table(v)
    }
}

/// A hand played at a live table (claims answered together).
impl Drawn for PaohuziTable {
    fn hand_scene(v: &LiveView) -> Option<Scene> {
        pz_hand(&v.hand)
    }

    fn table_scene(v: &LiveView) -> Option<Scene> {
        pz_table(&v.hand)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_kan_is_a_locked_column_of_its_own() {
        let hand: Vec<Zi> = ["x1", "x1", "x1", "d1", "x2", "d10", "d10"]
            .iter()
            .map(|s| s.parse().unwrap())
            .collect();
        let cols = zi_columns(&hand);
        assert_eq!(cols.len(), 4);
        assert!(cols[0].tiles.iter().all(|t| t.locked) && cols[0].tiles.len() == 3);
        assert!(cols[1].tiles.iter().all(|t| !t.locked) && cols[1].tiles.len() == 1);
        assert!(cols.iter().all(|g| g.column));
        assert_eq!(cols[3].tiles.len(), 2);
    }
}
