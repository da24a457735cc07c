//! What each game draws ([`Drawn`]): its hand grouped the way the game
//! groups a hand, and its table from the public view.
//!
//! - Dou Dizhu: the hand high to low by rank (大王 first), the wild rank
//!   marked; the table shows the kitty (backs until taken), the cards set
//!   aside, the play to beat and any hand shown (明牌).
//! - Duan Guozi: no private hand (every hand is dealt face up); the table is
//!   the last round's pairs, the winner's badge gold.
//! - Chexuan: the seat's own face-down pair face up, then its open cards;
//!   at the table everyone else's face-down cards are backs until shown.
//! - Shengji: the hand by play suit, trumps first (tinted), the level cards
//!   marked; the table is the trick in play, or the last one taken.
//! - Paohuzi: the 字牌 in columns by number, each 坎 its own locked column,
//!   the seat's melds below; the table shows the card in question, each
//!   seat's face-up melds (hidden ones as backs) and the cards by them.

use super::{Drawn, Face, Group, Line, Scene, Tile};
use crate::cards::Card;
use crate::games::chexuan::session::{ChexuanTable, TableView as CxView};
use crate::games::chexuan::{Chexuan, ChexuanView};
use crate::games::dou_dizhu::cardset::{rank_index, CardSet};
use crate::games::dou_dizhu::{DouDizhu, View as DdzView};
use crate::games::duan_guozi::{DuanGuozi, View as DgView};
use crate::games::paohuzi::cards::Card as Zi;
use crate::games::paohuzi::live::LiveView;
use crate::games::paohuzi::view::MeldView;
use crate::games::paohuzi::{Paohuzi, PaohuziTable, PaohuziView};
use crate::games::shengji::order::TRUMP;
use crate::games::shengji::session::TableView as SjView;
use crate::games::shengji::ShengjiTable;
use crate::hosts::shengji::{display_order, suit_groups};

fn some(scene: Scene) -> Option<Scene> {
    (!scene.is_empty()).then_some(scene)
}

/// Dou Dizhu cards high to low (大王 first), the wild rank marked.
fn ddz_group(set: CardSet, wild: Option<u8>) -> Group {
    let mut cards = set.cards();
    cards.reverse();
    Group::row(
        cards
            .into_iter()
            .map(|c| Tile {
                marked: wild.is_some_and(|w| rank_index(c) == w as usize),
                ..Tile::card(c)
            })
            .collect(),
    )
}

impl Drawn for DouDizhu {
    fn hand_scene(v: &DdzView) -> Option<Scene> {
        let hand = v.hand?;
        some(Scene {
            lines: vec![Line::new(vec![ddz_group(hand, v.wild)])],
        })
    }

    fn table_scene(v: &DdzView) -> Option<Scene> {
        let mut lines = Vec::new();
        let mut open = Vec::new();
        match v.kitty {
            Some(kitty) => open.push(ddz_group(kitty, v.wild)),
            None => open.push(Group::row(vec![Tile::new(Face::Back); 3])),
        }
        if let Some(aside) = v.aside {
            open.push(ddz_group(aside, v.wild));
        }
        lines.push(Line::new(open));
        for seat in 0..v.players as usize {
            let mut groups = Vec::new();
            if let Some(st) = v.standing.filter(|s| s.seat == seat) {
                groups.push(ddz_group(st.cards, v.wild));
            }
            if let Some(shown) = v.shown[seat] {
                groups.push(ddz_group(shown, v.wild));
            }
            if !groups.is_empty() || v.turn == Some(seat) {
                lines.push(Line::seat(seat, v.turn == Some(seat), groups));
            }
        }
        some(Scene { lines })
    }
}

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
        some(Scene { lines })
    }
}

/// A Chexuan hand's own cards (the viewer's), hidden then open.
fn cx_hand(h: &ChexuanView) -> Option<Scene> {
    let me = h.viewer.and_then(|s| h.players.get(s))?;
    let hidden = me.hidden.clone().unwrap_or_default();
    some(Scene {
        lines: vec![Line::new(vec![
            Group::cards(hidden),
            Group::cards(me.open.iter().copied()),
        ])],
    })
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
    some(Scene { lines })
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
    fn hand_scene(v: &CxView) -> Option<Scene> {
        cx_hand(&v.hand)
    }

    fn table_scene(v: &CxView) -> Option<Scene> {
        cx_table(&v.hand, &v.playing)
    }
}

/// Shengji cards by play suit, trumps first, with the hand's marks.
fn sj_groups(v: &SjView, cards: &[Card]) -> Vec<Group> {
    let order = display_order(&v.hand);
    suit_groups(&order, cards)
        .into_iter()
        .map(|(si, cards)| {
            Group::row(
                cards
                    .into_iter()
                    .map(|c| sj_tile(v, c, si == TRUMP))
                    .collect(),
            )
        })
        .collect()
}

fn sj_tile(v: &SjView, c: Card, trump: bool) -> Tile {
    let order = display_order(&v.hand);
    Tile {
        marked: c.rank() == Some(order.level),
        trump,
        ..Tile::card(c)
    }
}

/// A play as the table shows it: in the order played, trumps tinted.
fn sj_play(v: &SjView, cards: &[Card]) -> Group {
    let order = v.hand.order();
    Group::row(
        cards
            .iter()
            .map(|&c| match &order {
                Some(o) => Tile {
                    marked: c.rank() == Some(o.level),
                    trump: o.is_trump(c),
                    ..Tile::card(c)
                },
                None => Tile::card(c),
            })
            .collect(),
    )
}

impl Drawn for ShengjiTable {
    fn hand_scene(v: &SjView) -> Option<Scene> {
        v.hand.viewer?;
        let cards = crate::hosts::shengji::discord::shown_cards(v);
        some(Scene {
            lines: vec![Line::new(sj_groups(v, &cards))],
        })
    }

    fn table_scene(v: &SjView) -> Option<Scene> {
        let h = &v.hand;
        let plays: &[(usize, Vec<Card>)] = if h.trick.is_empty() {
            h.tricks.last().map(|t| t.plays.as_slice()).unwrap_or(&[])
        } else {
            &h.trick
        };
        let mut lines: Vec<Line> = plays
            .iter()
            .map(|(seat, cards)| Line::seat(*seat, false, vec![sj_play(v, cards)]))
            .collect();
        // The seat to act, after the plays of the trick so far (or after the
        // last trick taken, when it leads the next).
        if let Some(turn) = h
            .turn
            .filter(|_| h.stage == crate::games::shengji::Stage::Playing)
        {
            lines.push(Line::seat(turn, true, Vec::new()));
        }
        if let Some(flipped) = h
            .flipped
            .filter(|_| h.trick.is_empty() && h.tricks.is_empty())
        {
            lines.push(Line::new(vec![Group::row(vec![Tile::card(flipped)])]));
        }
        if h.viewer.is_none() {
            if let Some(kitty) = &h.kitty {
                lines.push(Line::new(vec![sj_play(v, kitty)]));
            }
        }
        some(Scene { lines })
    }
}

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
    some(Scene { lines })
}

/// A Paohuzi table: the card shown, then each seat's melds and pile.
fn pz_table(h: &PaohuziView) -> Option<Scene> {
    let mut lines = Vec::new();
    if let Some(card) = h.card {
        lines.push(Line::new(vec![Group::row(vec![Tile::new(Face::Zi(card))])]));
    }
    for p in &h.players {
        let mut groups: Vec<Group> = p.melds.iter().map(meld_column).collect();
        groups.push(Group::row(
            p.pile.iter().map(|&c| Tile::new(Face::Zi(c))).collect(),
        ));
        let turn = h.asking.is_some_and(|a| a.seat == p.seat);
        lines.push(Line::seat(p.seat, turn, groups));
    }
    some(Scene { lines })
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
    use crate::cards::{Rank, Suit};

    fn c(rank: Rank, suit: Suit) -> Card {
        Card::new(rank, suit)
    }

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

    #[test]
    fn dou_dizhu_hands_run_high_to_low_with_the_wild_rank_marked() {
        let set = CardSet::from_cards(&[
            c(Rank::Three, Suit::Spades),
            Card::BigJoker,
            c(Rank::Two, Suit::Hearts),
            c(Rank::Five, Suit::Clubs),
        ]);
        let g = ddz_group(set, Some(rank_index(c(Rank::Five, Suit::Clubs)) as u8));
        let faces: Vec<Face> = g.tiles.iter().map(|t| t.face).collect();
        assert_eq!(
            faces,
            vec![
                Face::Card(Card::BigJoker),
                Face::Card(c(Rank::Two, Suit::Hearts)),
                Face::Card(c(Rank::Five, Suit::Clubs)),
                Face::Card(c(Rank::Three, Suit::Spades)),
            ]
        );
        assert_eq!(g.tiles.iter().filter(|t| t.marked).count(), 1);
        assert!(g.tiles[2].marked);
    }
}
