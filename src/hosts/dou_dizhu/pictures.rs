//! Dou Dizhu's pictures ([`Drawn`]): the hand high to low by rank (大王
//! first), the wild rank marked; the table shows the kitty (backs until
//! taken), the cards set aside, the play to beat and any hand shown (明牌).

use crate::games::dou_dizhu::cardset::{rank_index, CardSet};
use crate::games::dou_dizhu::{DouDizhu, View as DdzView};
use crate::render::{non_empty, Drawn, Face, Group, Line, Scene, Tile};

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
        non_empty(Scene {
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
        non_empty(Scene { lines })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::{Card, Rank, Suit};
    use crate::render::Face;

    fn c(rank: Rank, suit: Suit) -> Card {
        Card::new(rank, suit)
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
