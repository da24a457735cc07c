//! The basic Paohuzi bot: wins whenever it may, 碰s (a meld with huxi),
//! 吃s when the groups bring huxi or use cards it does not need otherwise
//! (never breaking a pair for nothing), and discards the card it needs
//! least: isolated cards first, and among those the ones already lying on
//! the table (others passed on them or cannot hold many). It never keeps a
//! card 臭 to it for a 碰 that cannot come. It sees only its seat's view and
//! the legal actions.

use super::action::Action;
use super::cards::{counts_of, Card, Counts};
use super::events::QuestionKind;
use super::melds::{group_kind, huxi};
use super::view::PaohuziView;
use super::Paohuzi;
use crate::ai::Bot;

/// The basic bot.
#[derive(Clone, Copy, Debug, Default)]
pub struct BasicBot;

/// How much the hand wants to keep `card` (higher: keep).
fn keep_value(hand: &Counts, seen: &Counts, barred: &[Card], card: Card) -> i32 {
    let i = card.index();
    let n = card.number();
    let has = |big: bool, k: u8| -> i32 {
        Card::new(big, k).map_or(0, |c| i32::from(hand[c.index()] > 0))
    };
    let big = card.is_big();
    let mut v = 0;
    if hand[i] >= 2 && !barred.contains(&card) {
        v += 6;
    } else if hand[i] >= 2 {
        v += 3;
    }
    v += 3 * (has(big, n.wrapping_sub(1)) + has(big, n + 1));
    v += has(big, n.wrapping_sub(2)) + has(big, n + 2);
    v += 3 * i32::from(hand[card.other_case().index()] > 0);
    if card.is_red() {
        v += [2u8, 7, 10]
            .iter()
            .filter(|&&k| k != n)
            .map(|&k| has(big, k))
            .sum::<i32>();
    }
    if big {
        v += 1;
    }
    // Copies already out of reach make the card's melds unlikely, and
    // others passed on it: safer to let go.
    v -= seen[i] as i32;
    v
}

/// The cards the viewer can see outside its hand: piles and open melds.
fn seen_cards(view: &PaohuziView) -> Counts {
    let mut seen = [0u8; 20];
    for p in &view.players {
        for c in &p.pile {
            seen[c.index()] += 1;
        }
        for m in &p.melds {
            if let Some(cards) = &m.cards {
                for c in cards {
                    seen[c.index()] += 1;
                }
            }
        }
    }
    seen
}

impl BasicBot {
    fn chi_score(hand: &Counts, groups: &[Vec<Card>], taken: Card) -> i32 {
        let mut used = [0u8; 20];
        for g in groups {
            for c in g {
                used[c.index()] += 1;
            }
        }
        used[taken.index()] = used[taken.index()].saturating_sub(1);
        let gain: i32 = groups
            .iter()
            .map(|g| group_kind(g).map_or(0, |k| huxi(k, g) as i32))
            .sum();
        // A pair broken loses its 碰 / 偎; a card that sat alone is freed.
        let broken = Card::all()
            .filter(|c| used[c.index()] > 0 && hand[c.index()] == 2 && used[c.index()] < 2)
            .count() as i32;
        gain * 2 - broken * 4 + 1
    }
}

impl Bot<Paohuzi> for BasicBot {
    fn choose(
        &mut self,
        view: &PaohuziView,
        legal: &[Action],
        _rng: &mut dyn rand::RngCore,
    ) -> Action {
        if legal.contains(&Action::Hu) {
            return Action::Hu;
        }
        let hand = counts_of(&view.my_hand());
        let question = view.asking.map(|a| a.question);
        match question {
            Some(QuestionKind::Peng) if legal.contains(&Action::Peng) => Action::Peng,
            Some(QuestionKind::Chi) => {
                let taken = view.card.expect("a 吃 question has a card");
                legal
                    .iter()
                    .filter_map(|a| match a {
                        Action::Chi(g) => Some((BasicBot::chi_score(&hand, g, taken), a)),
                        _ => None,
                    })
                    .filter(|(s, _)| *s > 0)
                    .max_by_key(|(s, _)| *s)
                    .map(|(_, a)| a.clone())
                    .unwrap_or(Action::Pass)
            }
            Some(QuestionKind::Discard) => {
                let seen = seen_cards(view);
                let barred = view
                    .viewer
                    .and_then(|s| view.players[s].barred.clone())
                    .unwrap_or_default();
                legal
                    .iter()
                    .filter_map(|a| match a {
                        Action::Discard(c) => Some((keep_value(&hand, &seen, &barred, *c), a)),
                        _ => None,
                    })
                    .min_by_key(|(v, _)| *v)
                    .map(|(_, a)| a.clone())
                    .unwrap_or_else(|| legal[0].clone())
            }
            _ => legal
                .iter()
                .find(|a| **a == Action::Pass)
                .unwrap_or(&legal[0])
                .clone(),
        }
    }
}
