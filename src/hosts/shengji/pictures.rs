//! Shengji's pictures ([`Drawn`]): the hand by play suit, trumps first
//! (tinted), the level cards marked; the table is the trick in play, or the
//! last one taken.

use super::words::{display_order, suit_groups};
use crate::cards::Card;
use crate::games::shengji::order::TRUMP;
use crate::games::shengji::session::DealingView;
use crate::games::shengji::ShengjiTable;
use crate::render::{non_empty, Drawn, Group, Line, Scene, Tile};

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
        non_empty(Scene::of_lines(lines))
    }
}
