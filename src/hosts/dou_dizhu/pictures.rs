//! Dou Dizhu's pictures ([`Drawn`]): the hand high to low by rank (大王
//! first), the wild rank marked; the table shows the kitty (backs until
//! taken), the cards set aside, each seat's last play of the round (the
//! play to beat among them), any hand shown (明牌), and a red count on the
//! badge of a seat down to one or two cards (报单 / 报双).

use crate::games::dou_dizhu::cardset::{rank_index, CardSet};
use crate::games::dou_dizhu::{DouDizhu, SeatMove, View as DdzView};
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
        lines.push(Line::new(open));
        // Two players: the nine cards set aside on a row of their own, not
        // beside the kitty as if they were part of it.
        if let Some(aside) = v.aside {
            lines.push(Line::new(vec![ddz_group(aside, v.wild)]));
        }
        for seat in 0..v.players as usize {
            let mut groups = Vec::new();
            // What the seat played last this round (the apps show it by
            // each seat), or the play to beat.
            let last = match v.last_moves[seat] {
                Some(SeatMove::Played { cards, .. }) => Some(cards),
                _ => v.standing.filter(|s| s.seat == seat).map(|s| s.cards),
            };
            if let Some(cards) = last {
                groups.push(ddz_group(cards, v.wild));
            }
            if let Some(shown) = v.shown[seat] {
                groups.push(ddz_group(shown, v.wild));
            }
            // 报单 / 报双 once the play began (a dealt hand is never this short).
            let left = v.cards_left[seat];
            let alert = (1..=2).contains(&left) && v.landlord.is_some();
            if !groups.is_empty() || v.turn == Some(seat) || alert {
                let line = Line::seat(seat, v.turn == Some(seat), groups);
                lines.push(if alert { line.alert(left) } else { line });
            }
        }
        non_empty(Scene { lines })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::{Card, Rank, Suit};
    use crate::render::{Face, Scene};

    fn c(rank: Rank, suit: Suit) -> Card {
        Card::new(rank, suit)
    }

    /// Issue #36: the table picture shows each seat's last play of the
    /// round, not only the play to beat, and a red count on the badge of
    /// a seat down to one or two cards (报单 / 报双).
    #[test]
    fn the_table_shows_each_seats_last_play_and_the_warning() {
        use crate::games::dou_dizhu::Action;
        use crate::games::Game;
        use rand::SeedableRng;
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
        let mut g = DouDizhu::deal(Default::default(), 3, &mut rng).unwrap();
        let bidder = g.waiting_on()[0];
        g.apply(bidder, &Action::Bid(3)).unwrap();
        let leader = g.turn().unwrap();
        let lowest = g.hand(leader).cards()[0];
        g.apply(leader, &Action::play(&[lowest])).unwrap();
        let next = g.turn().unwrap();
        let beat = g
            .legal_actions(next)
            .into_iter()
            .find(|a| matches!(a, Action::Play { .. }))
            .unwrap();
        g.apply(next, &beat).unwrap();
        let mut public = g.view(None);
        let scene = DouDizhu::table_scene(&public).unwrap();
        let line = |scene: &Scene, seat: usize| {
            scene
                .lines
                .iter()
                .find(|l| l.badge.is_some_and(|b| b.seat == seat))
                .cloned()
        };
        // The leader's single is still on the table beside the play that
        // beat it.
        let led = line(&scene, leader).expect("the leader's line");
        assert_eq!(led.groups[0].tiles[0].face, Face::Card(lowest));
        assert_eq!(line(&scene, next).unwrap().groups.len(), 1);
        assert!(scene
            .lines
            .iter()
            .all(|l| l.badge.is_none_or(|b| b.alert.is_none())));
        public.cards_left[leader] = 1;
        public.cards_left[next] = 2;
        let third = (0..3).find(|s| *s != leader && *s != next).unwrap();
        public.cards_left[third] = 2;
        let scene = DouDizhu::table_scene(&public).unwrap();
        assert_eq!(line(&scene, leader).unwrap().badge.unwrap().alert, Some(1));
        assert_eq!(line(&scene, next).unwrap().badge.unwrap().alert, Some(2));
        // A seat with nothing on the table still shows its warning.
        assert_eq!(line(&scene, third).unwrap().badge.unwrap().alert, Some(2));
        // And it is drawn: the red disc changes the picture.
        let plain = crate::render::render(&DouDizhu::table_scene(&g.view(None)).unwrap());
        let warned = crate::render::render(&scene);
        assert_ne!(plain.png, warned.png);
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
