//! Paohuzi's pictures ([`Drawn`]): the 字牌 in columns by number, each 坎
//! its own locked column, the seat's melds below; the table shows the card
//! in question, each seat's face-up melds (hidden ones as backs) and the
//! cards by them.

use crate::games::paohuzi::cards::Card as Zi;
use crate::games::paohuzi::live::LiveView;
use crate::games::paohuzi::view::MeldView;
use crate::games::paohuzi::{Paohuzi, PaohuziTable, PaohuziView};
use crate::render::{non_empty, Drawn, Face, Group, Line, Scene, Tile};

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

/// A Paohuzi table: the card shown, then each seat's melds on the seat's
/// line and, on a line of its own under them, the cards lying by the seat
/// (its pile): one row, the melds another, so neither reads as the other.
fn pz_table(h: &PaohuziView) -> Option<Scene> {
    let mut lines = Vec::new();
    if let Some(card) = h.card {
        lines.push(Line::new(vec![Group::row(vec![Tile::new(Face::Zi(card))])]));
    }
    for p in &h.players {
        let melds: Vec<Group> = p.melds.iter().map(meld_column).collect();
        let turn = h.asking.is_some_and(|a| a.seat == p.seat);
        lines.push(Line::seat(p.seat, turn, melds));
        if !p.pile.is_empty() {
            lines.push(Line::new(vec![Group::row(
                p.pile.iter().map(|&c| Tile::new(Face::Zi(c))).collect(),
            )]));
        }
    }
    non_empty(Scene::of_lines(lines))
}

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
