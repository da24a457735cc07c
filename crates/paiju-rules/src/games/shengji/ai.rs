//! The basic bot: declares when its level cards and suit length make a good
//! trump, buries cheap plain cards (keeping trumps, pairs and points), leads
//! what cannot be beaten (safe throws, tractors, pairs, top cards) and
//! otherwise a low plain card, feeds points to a partner who is winning,
//! wins a trick from the opponents as cheaply as it can when there are
//! points in it, and otherwise plays its cheapest cards. It only ever
//! returns one of the legal candidates (or, for a burial, cards of its own
//! hand and the kitty, which is always legal). It sees only its view.

use super::action::Action;
use super::order::{fold_suit, points, points_of, Order, TRUMP};
use super::play::{throw_is_safe, trick_winner, uniform_suit, Lead};
use super::units::{counts_of, suit_counts, Counts};
use super::view::{ShengjiView, Stage};
use super::Shengji;
use crate::ai::Bot;
use crate::cards::{Card, Rank};

/// The basic bot.
#[derive(Clone, Copy, Debug, Default)]
pub struct BasicBot;

/// How many of `cards` would be trumps with `trump` at `level`.
fn trumps_with(
    view: &ShengjiView,
    cards: &[Card],
    level: Rank,
    trump: Option<crate::cards::Suit>,
) -> usize {
    let order = Order::new(level, trump, view.rules.twos_trump, view.rules.two_colors);
    cards.iter().filter(|&&c| order.is_trump(c)).count()
}

/// The declaration worth making among `options` with the cards received so
/// far, if any: the trump that makes the most of them trumps, when that is
/// more than a third of them (and at least a few cards are in).
pub fn choose_declaration(view: &ShengjiView, options: &[Action], dealt: usize) -> Option<Action> {
    let (n, received, a) = strongest_declaration(view, options, dealt, |_| true)?;
    (n * 3 > received).then(|| a.clone())
}

/// Among the declarations of `options` that the cards received by `dealt`
/// allow and `allowed` keeps (given the trump each would make, its suit
/// folded as the rules fold it), the one that makes the most of those cards
/// trumps: (that many, the cards received, the declaration). `None` before
/// five cards are in, or when none is kept. The levels' declaring rules
/// (a share of the cards) are the callers'.
pub fn strongest_declaration<'a>(
    view: &ShengjiView,
    options: &'a [Action],
    dealt: usize,
    allowed: impl Fn(Option<crate::cards::Suit>) -> bool,
) -> Option<(usize, usize, &'a Action)> {
    let seat = view.viewer?;
    let level = Rank::from_value(view.level.unwrap_or(view.levels[seat % 2]))?;
    let cards = view.received_by(dealt);
    if cards.len() < 5 {
        return None;
    }
    let mut best: Option<(usize, &Action)> = None;
    for a in options {
        let Action::Declare {
            cards: shown,
            dealt: d,
        } = a
        else {
            continue;
        };
        if *d > dealt {
            continue;
        }
        let trump = shown[0]
            .suit()
            .filter(|_| shown[0].rank() == Some(level))
            .map(|s| fold_suit(s, view.rules.two_colors));
        if !allowed(trump) {
            continue;
        }
        let n = trumps_with(view, cards, level, trump);
        if best.is_none_or(|(b, _)| n > b) {
            best = Some((n, a));
        }
    }
    best.map(|(n, a)| (n, cards.len(), a))
}

/// Cards the viewer cannot see, counted by key.
fn unseen(view: &ShengjiView, order: &Order) -> Counts {
    let mut c = [0u8; 54];
    for card in crate::cards::standard_deck() {
        c[order.key(card) as usize] += view.rules.decks;
    }
    for &card in view.seen() {
        let k = order.key(card) as usize;
        c[k] = c[k].saturating_sub(1);
    }
    c
}

fn cost(order: &Order, cards: &[Card]) -> u32 {
    cards.iter().map(|&c| order.strength(c) as u32).sum()
}

fn bury(view: &ShengjiView) -> Option<Action> {
    // Four decks have no kitty: the banker's first lead closes declaring
    // (the caller then takes a legal lead), and a burial would be refused.
    if view.kitty_size == 0 {
        return None;
    }
    let kitty = view.kitty.as_ref()?;
    let level = Rank::from_value(view.level?)?;
    let trump = view.declarations.last().and_then(|d| d.trump);
    let order = Order::new(level, trump, view.rules.twos_trump, view.rules.two_colors);
    let mut pool = view.hand.clone();
    pool.extend_from_slice(kitty);
    let counts = counts_of(&order, &pool);
    // Short plain suits first (burying them makes a void to trump with).
    let mut lens = [0usize; super::order::PLAY_SUITS];
    for &c in &pool {
        lens[order.suit(c)] += 1;
    }
    let suit_len = |c: &Card| lens[order.suit(*c)];
    pool.sort_by_key(|c| {
        (
            order.is_trump(*c),
            counts[order.key(*c) as usize] >= 2,
            points(*c) > 0,
            order.value(*c) >= 10,
            suit_len(c),
            order.value(*c),
        )
    });
    Some(Action::Bury(pool[..view.kitty_size].to_vec()))
}

fn lead(view: &ShengjiView, order: &Order, legal: &[Action]) -> Option<Action> {
    let unseen = unseen(view, order);
    let w = view.rules.max_width();
    let plays: Vec<&Vec<Card>> = legal
        .iter()
        .filter_map(|a| match a {
            Action::Play(c) => Some(c),
            _ => None,
        })
        .collect();
    // Unbeatable leads, the most cards first, plain before trump.
    let safe = plays
        .iter()
        .filter(|c| {
            let si = uniform_suit(order, c).unwrap_or(TRUMP);
            throw_is_safe(order, si, &suit_counts(order, si, c), &unseen, w)
        })
        .max_by_key(|c| (c.len(), !order.is_trump(c[0]), points_of(c)));
    if let Some(c) = safe {
        return Some(Action::Play((*c).clone()));
    }
    // Tractors and pairs of the plain suits, then a low plain single of the longest suit.
    let hand = &view.hand;
    let suit_len = |si: usize| hand.iter().filter(|&&x| order.suit(x) == si).count();
    plays
        .iter()
        .filter(|c| c.len() >= 2 && !order.is_trump(c[0]))
        .max_by_key(|c| c.len())
        .or_else(|| {
            plays.iter().filter(|c| c.len() == 1).min_by_key(|c| {
                (
                    order.is_trump(c[0]),
                    points(c[0]),
                    std::cmp::Reverse(suit_len(order.suit(c[0]))),
                    order.value(c[0]),
                )
            })
        })
        .map(|c| Action::Play((*c).clone()))
}

fn follow(view: &ShengjiView, order: &Order, legal: &[Action]) -> Option<Action> {
    let me = view.viewer?;
    let w = view.rules.max_width();
    let first = &view.trick.first()?.1;
    let si = uniform_suit(order, first)?;
    let lead = Lead::new(order, si, first, w);
    let plays: Vec<&[Card]> = view.trick.iter().map(|(_, c)| c.as_slice()).collect();
    let winner = view.trick[trick_winner(order, &lead, &plays)].0;
    let on_table: i64 = view.trick.iter().map(|(_, c)| points_of(c)).sum();
    let last = view.trick.len() == 3;
    let candidates: Vec<&Vec<Card>> = legal
        .iter()
        .filter_map(|a| match a {
            Action::Play(c) => Some(c),
            _ => None,
        })
        .collect();
    let wins = |c: &[Card]| {
        let mut with: Vec<&[Card]> = plays.clone();
        with.push(c);
        trick_winner(order, &lead, &with) == view.trick.len()
    };
    let pick = if winner == (me + 2) % 4 {
        // Partner ahead: feed points, keep strength.
        candidates
            .iter()
            .filter(|c| !wins(c) || last)
            .min_by_key(|c| (-points_of(c), cost(order, c)))
            .or_else(|| {
                candidates
                    .iter()
                    .min_by_key(|c| (-points_of(c), cost(order, c)))
            })
    } else {
        let winning = candidates
            .iter()
            .filter(|c| wins(c))
            .min_by_key(|c| cost(order, c));
        match winning {
            Some(c)
                if on_table + points_of(c) >= 10
                    || (last && on_table > 0)
                    || !order.is_trump(c[0]) =>
            {
                Some(c)
            }
            _ => candidates
                .iter()
                .min_by_key(|c| (points_of(c), cost(order, c))),
        }
    };
    pick.map(|c| Action::Play((*c).clone()))
}

impl Bot<Shengji> for BasicBot {
    fn choose(
        &mut self,
        view: &ShengjiView,
        legal: &[Action],
        _rng: &mut dyn rand::RngCore,
    ) -> Action {
        let chosen = match view.stage {
            Stage::Declaring => {
                let closing = legal.iter().any(|a| !matches!(a, Action::Declare { .. }));
                choose_declaration(view, legal, view.deal_total)
                    .or_else(|| if closing { bury(view) } else { None })
                    .or_else(|| {
                        legal
                            .iter()
                            .find(|a| !matches!(a, Action::Declare { .. }))
                            .cloned()
                    })
            }
            Stage::Playing => view.order().and_then(|order| {
                if view.trick.is_empty() {
                    lead(view, &order, legal)
                } else {
                    follow(view, &order, legal)
                }
            }),
            Stage::Finished => None,
        };
        chosen.unwrap_or_else(|| legal[0].clone())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::shengji::ShengjiRules;
    use crate::games::Game;
    use rand::SeedableRng;

    /// Four decks have no kitty: the banker closes declaring with a lead,
    /// and the basic bot, banker or not, plays such a hand to its end
    /// (it once buried "no cards", which the engine refuses).
    #[test]
    fn the_basic_bot_plays_a_four_deck_hand_without_a_kitty() {
        for seed in 0..4 {
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
            let rules = ShengjiRules {
                decks: 4,
                ..ShengjiRules::default()
            };
            let mut game = Shengji::deal(rules, 4, &mut rng).unwrap();
            for _ in 0..5000 {
                let Some(&seat) = game.waiting_on().first() else {
                    break;
                };
                let legal = game.legal_actions(seat);
                let action = BasicBot.choose(&game.view(Some(seat)), &legal, &mut rng);
                game.apply(seat, &action)
                    .unwrap_or_else(|e| panic!("seed {seed}: {action:?} refused: {e:?}"));
            }
            assert!(game.is_finished(), "seed {seed}");
        }
    }
}
