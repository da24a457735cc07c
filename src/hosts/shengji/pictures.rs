//! Shengji's pictures ([`Drawn`]): the hand by play suit, trumps first
//! (tinted), the level cards marked; the table is the four seats around
//! it (the banker's 庄, cards in hand), each with its play in the trick
//! (or in the last one taken, until the next lead; its 亮主 while
//! declaring), and in the middle the card flipped for trumps, the points
//! the attackers took, and the buried cards once the hand ends.

use super::words::{display_order, suit_groups};
use crate::cards::Card;
use crate::games::shengji::order::TRUMP;
use crate::games::shengji::session::DealingView;
use crate::games::shengji::ShengjiTable;
use crate::games::shengji::Stage;
use crate::render::{non_empty, Drawn, Group, Line, Place, Scene, Spot, Table, Tile, Word};

/// Shengji cards by play suit, trumps first, with the hand's marks.
fn sj_groups(v: &DealingView, cards: &[Card]) -> Vec<Group> {
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

fn sj_tile(v: &DealingView, c: Card, trump: bool) -> Tile {
    let order = display_order(&v.hand);
    Tile {
        marked: c.rank() == Some(order.level),
        trump,
        ..Tile::card(c)
    }
}

/// A play as the table shows it: in the order played, trumps tinted.
fn sj_play(v: &DealingView, cards: &[Card]) -> Group {
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
    fn hand_scene(v: &DealingView) -> Option<Scene> {
        v.hand.viewer?;
        let cards = crate::hosts::shengji::discord::shown_cards(v);
        non_empty(Scene::of_lines(vec![Line::new(sj_groups(v, &cards))]))
    }

    fn table_scene(v: &DealingView) -> Option<Scene> {
        let h = &v.hand;
        // The trick in play, or the last one taken until the next lead.
        let plays: &[(usize, Vec<Card>)] = if h.trick.is_empty() {
            h.tricks.last().map(|t| t.plays.as_slice()).unwrap_or(&[])
        } else {
            &h.trick
        };
        let places = (0..h.hand_sizes.len())
            .map(|seat| {
                let mut p = Place::new(seat);
                p.turn =
                    h.turn == Some(seat) && matches!(h.stage, Stage::Playing | Stage::Declaring);
                if h.banker == Some(seat) {
                    p.role = Some(Word::new(DEALER));
                }
                p.cards = Some(h.hand_sizes[seat] as u16);
                match h.stage {
                    // While declaring: the seat's last declaration (亮主).
                    Stage::Declaring => {
                        if let Some(d) = h.declarations.iter().rev().find(|d| d.seat == seat) {
                            p.rows.push(vec![sj_play(v, &d.cards)]);
                        }
                    }
                    _ => {
                        if let Some((_, cards)) = plays.iter().find(|(s, _)| *s == seat) {
                            p.rows.push(vec![sj_play(v, cards)]);
                        }
                    }
                }
                p
            })
            .collect();
        let mut table = Table::new(places);
        if let Some(flipped) = h
            .flipped
            .filter(|_| h.trick.is_empty() && h.tricks.is_empty())
        {
            table.middle.push(Spot {
                caption: Some(Word::new(FLIPPED)),
                groups: vec![Group::row(vec![Tile::card(flipped)])],
            });
        }
        // The buried cards, once everyone sees them (the hand's end).
        if h.viewer.is_none() {
            if let Some(kitty) = &h.kitty {
                table.middle.push(Spot {
                    caption: Some(Word::new(KITTY)),
                    groups: vec![sj_play(v, kitty)],
                });
            }
        }
        if h.stage != Stage::Declaring {
            table.middle.push(Spot {
                caption: Some(Word::count(POINTS, h.attackers_points)),
                groups: Vec::new(),
            });
        }
        Some(Scene::of_table(table))
    }
}

/// The words of Shengji's table picture (locale keys).
const DEALER: &str = "picture-dealer";
const FLIPPED: &str = "picture-flipped";
const KITTY: &str = "picture-kitty";
const POINTS: &str = "picture-points";
/// Every word the table picture may say, for the glyph test.
pub const WORDS: &[&str] = &[DEALER, FLIPPED, KITTY, POINTS];
