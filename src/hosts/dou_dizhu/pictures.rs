//! Dou Dizhu's pictures ([`Drawn`]): the hand high to low by rank (大王
//! first), the wild rank marked; the table is the seats around it, each
//! with its plate (地主, cards in hand, 报单 / 报双), its last play of the
//! round (the play to beat among them) or 不出, its bid while the landlord
//! is found, and any hand it showed (明牌); the kitty (backs until taken)
//! and the cards set aside lie in the middle.

use crate::games::dou_dizhu::cardset::{rank_index, CardSet};
use crate::games::dou_dizhu::{DouDizhu, SeatMove, View as DdzView};
use crate::render::{non_empty, Drawn, Face, Group, Line, Place, Scene, Spot, Table, Tile, Word};

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
        non_empty(Scene::of_lines(vec![Line::new(vec![ddz_group(
            hand, v.wild,
        )])]))
    }

    fn table_scene(v: &DdzView) -> Option<Scene> {
        let mut places = Vec::new();
        for seat in 0..v.players as usize {
            let mut p = Place::new(seat);
            p.turn = v.turn == Some(seat);
            if v.landlord == Some(seat) {
                p.role = Some(Word::new(LANDLORD));
            }
            p.cards = Some(u16::from(v.cards_left[seat]));
            // 报单 / 报双 once the play began (a dealt hand is never this short).
            let left = v.cards_left[seat];
            if (1..=2).contains(&left) && v.landlord.is_some() {
                p.alert = Some(left);
            }
            // What the seat played last this round (the apps show it by
            // each seat), or the play to beat; 不出 where it passed; its
            // bid while the landlord is being found.
            let last = match v.last_moves[seat] {
                Some(SeatMove::Played { cards, .. }) => Some(cards),
                Some(SeatMove::Passed) => {
                    p.note = Some(Word::new(PASS));
                    None
                }
                None => v.standing.filter(|s| s.seat == seat).map(|s| s.cards),
            };
            if v.landlord.is_none() {
                p.note = v.bids[seat].map(|b| Word::count(BID, b.into()));
            }
            if let Some(cards) = last {
                p.rows.push(vec![ddz_group(cards, v.wild)]);
            }
            // A hand shown (明牌), under its last play.
            if let Some(shown) = v.shown[seat] {
                p.rows.push(vec![ddz_group(shown, v.wild)]);
            }
            places.push(p);
        }
        let mut table = Table::new(places);
        let kitty = match v.kitty {
            Some(kitty) => ddz_group(kitty, v.wild),
            None => Group::row(vec![Tile::new(Face::Back); 3]),
        };
        table.middle.push(Spot {
            caption: Some(Word::new(KITTY)),
            groups: vec![kitty],
        });
        // Two players: the nine cards set aside, a spot of their own
        // beside the kitty, not as if they were part of it.
        if let Some(aside) = v.aside {
            table.middle.push(Spot {
                caption: Some(Word::new(ASIDE)),
                groups: vec![ddz_group(aside, v.wild)],
            });
        }
        Some(Scene::of_table(table))
    }
}

/// The words of Dou Dizhu's table picture (locale keys).
const LANDLORD: &str = "table-role-landlord";
const PASS: &str = "picture-pass";
const BID: &str = "picture-bid";
const KITTY: &str = "picture-kitty";
const ASIDE: &str = "picture-aside";
/// Every word the table picture may say, for the glyph test.
pub const WORDS: &[&str] = &[LANDLORD, PASS, BID, KITTY, ASIDE];

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
        let place = |scene: &Scene, seat: usize| scene.table.as_ref().unwrap().places[seat].clone();
        let scene = DouDizhu::table_scene(&public).unwrap();
        // The leader's single is still on the table beside the play that
        // beat it.
        let led = place(&scene, leader);
        assert_eq!(led.rows[0][0].tiles[0].face, Face::Card(lowest));
        assert_eq!(place(&scene, next).rows.len(), 1);
        assert!((0..3).all(|s| place(&scene, s).alert.is_none()));
        // Every seat's cards in hand, and the landlord's badge.
        let landlord = public.landlord.unwrap();
        for s in 0..3 {
            let p = place(&scene, s);
            assert_eq!(p.cards, Some(u16::from(public.cards_left[s])));
            assert_eq!(p.role.is_some(), s == landlord, "seat {s}");
        }
        public.cards_left[leader] = 1;
        public.cards_left[next] = 2;
        let third = (0..3).find(|s| *s != leader && *s != next).unwrap();
        public.cards_left[third] = 2;
        let scene = DouDizhu::table_scene(&public).unwrap();
        assert_eq!(place(&scene, leader).alert, Some(1));
        assert_eq!(place(&scene, next).alert, Some(2));
        // A seat with nothing on the table still shows its warning.
        assert_eq!(place(&scene, third).alert, Some(2));
        // And it is drawn: the red pill changes the picture.
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
