//! The basic Chexuan bot: bets and folds by hand strength, lays down 三花
//! when the hand is weak, raises by the smallest amount rather than check
//! into a 休芒 when the mango costs more than the raise risks, and always
//! splits legally and well (the best tail that keeps head ≥ tail, then the
//! best head). It sees only its seat's view
//! and the legal actions.
//!
//! Strength is a percentile: how the best split of four cards ranks among
//! all 35,960 four-card hands of the deck. With fewer than four cards known
//! it averages that percentile over every way the unseen cards could
//! complete the hand.

use super::action::Action;
use super::cards::DECK;
use super::hands::{best_split, Split};
use super::rules::{ChexuanRules, MangoKind};
use super::view::{ChexuanView, Stage};
use super::Chexuan;
use crate::ai::Bot;
use crate::cards::Card;
use rand::Rng;
use std::collections::HashMap;
use std::sync::OnceLock;

/// The sort key of a four-card hand's best split: tail first, then head.
fn key(split: &Split) -> u16 {
    let (tail, head) = split.key();
    tail as u16 * 32 + head as u16
}

/// Position of a card in [`DECK`], as a bit for hand masks.
fn bit(card: Card) -> Option<u32> {
    DECK.iter().position(|&c| c == card).map(|i| 1 << i)
}

/// The percentile of every four-card hand of the deck, by card mask.
fn percentiles() -> &'static HashMap<u32, f64> {
    static TABLE: OnceLock<HashMap<u32, f64>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut hands = Vec::with_capacity(35_960);
        for (i, &a) in DECK.iter().enumerate() {
            for (j, &b) in DECK.iter().enumerate().skip(i + 1) {
                for (k, &c) in DECK.iter().enumerate().skip(j + 1) {
                    for (l, &d) in DECK.iter().enumerate().skip(k + 1) {
                        let mask = (1u32 << i) | (1 << j) | (1 << k) | (1 << l);
                        hands.push((mask, key(&best_split(&[a, b, c, d]))));
                    }
                }
            }
        }
        let mut keys: Vec<u16> = hands.iter().map(|h| h.1).collect();
        keys.sort_unstable();
        let total = keys.len() as f64;
        hands
            .into_iter()
            .map(|(mask, k)| {
                let below = keys.partition_point(|&x| x < k);
                let upto = keys.partition_point(|&x| x <= k);
                (mask, (below as f64 + (upto - below) as f64 / 2.0) / total)
            })
            .collect()
    })
}

/// The share of four-card hands this one beats (ties count half), 0 to 1.
pub fn percentile(four: &[Card; 4]) -> f64 {
    let mask = four.iter().try_fold(0u32, |m, &c| bit(c).map(|b| m | b));
    match mask.and_then(|m| percentiles().get(&m)) {
        Some(&p) => p,
        // Not four distinct Chexuan cards: no hand of this game.
        None => 0.0,
    }
}

/// Builds the strength tables now rather than at the bot's first decision
/// (a simulation keeps this out of its timings).
pub fn prepare() {
    two_card_strength(DECK[0], DECK[1]);
}

/// The average percentile of two cards over every two-card completion from
/// the other 30 (a table computed once: cards seen elsewhere change it
/// little, and the bot decides thousands of times a second).
fn two_card_strength(a: Card, b: Card) -> f64 {
    static TABLE: OnceLock<Vec<f64>> = OnceLock::new();
    let table = TABLE.get_or_init(|| {
        let mut t = vec![0.0; 32 * 32];
        for (i, &x) in DECK.iter().enumerate() {
            for (j, &y) in DECK.iter().enumerate().skip(i + 1) {
                let rest: Vec<Card> = DECK.iter().copied().filter(|&c| c != x && c != y).collect();
                let mut total = 0.0;
                let mut n = 0usize;
                for (k, &z) in rest.iter().enumerate() {
                    for &w in &rest[k + 1..] {
                        total += percentile(&[x, y, z, w]);
                        n += 1;
                    }
                }
                t[i * 32 + j] = total / n as f64;
                t[j * 32 + i] = total / n as f64;
            }
        }
        t
    });
    match (
        DECK.iter().position(|&c| c == a),
        DECK.iter().position(|&c| c == b),
    ) {
        (Some(i), Some(j)) if i != j => table[i * 32 + j],
        _ => 0.5,
    }
}

/// The strength of the cards a seat knows it holds, averaged over every
/// completion from the cards it has not seen.
pub fn strength(mine: &[Card], seen: &[Card]) -> f64 {
    let unseen: Vec<Card> = DECK
        .iter()
        .copied()
        .filter(|c| !mine.contains(c) && !seen.contains(c))
        .collect();
    match mine.len() {
        4 => percentile(&[mine[0], mine[1], mine[2], mine[3]]),
        3 => {
            let total: f64 = unseen
                .iter()
                .map(|&x| percentile(&[mine[0], mine[1], mine[2], x]))
                .sum();
            total / unseen.len().max(1) as f64
        }
        2 => two_card_strength(mine[0], mine[1]),
        _ => 0.5,
    }
}

/// Bets by strength, splits by [`best_split`] among the legal splits.
#[derive(Clone, Copy, Debug, Default)]
pub struct BasicBot;

/// The best of the legal splits among `legal` (the best tail that keeps
/// head ≥ tail, then the best head), or `None` when no split is legal.
/// The AI splits with it, and so does the table for a player who left.
pub fn best_legal_split(legal: &[Action]) -> Option<Action> {
    legal
        .iter()
        .filter_map(|a| match a {
            Action::Split(s) => Some((s.key(), *a)),
            _ => None,
        })
        .max_by_key(|(k, _)| *k)
        .map(|(_, a)| a)
}

impl BasicBot {
    fn choose_split(legal: &[Action]) -> Option<Action> {
        best_legal_split(legal)
    }

    fn choose_bet(view: &ChexuanView, legal: &[Action], rng: &mut dyn rand::RngCore) -> Action {
        let has = |a: Action| legal.contains(&a);
        let me = view.viewer.expect("a bot plays a seat");
        let mine = view.my_cards();
        let seen: Vec<Card> = view
            .players
            .iter()
            .filter(|p| p.seat != me)
            .flat_map(|p| p.open.iter().chain(p.hidden.iter().flatten()).copied())
            .collect();
        let s = strength(&mine, &seen);
        let ante = view.ante;
        let my = &view.players[me];
        let to_call = view.highest.saturating_sub(my.contribution);
        let raises: Vec<u64> = legal
            .iter()
            .filter_map(|a| match a {
                Action::Raise(n) => Some(*n),
                _ => None,
            })
            .collect();
        let raise_at_least = |want: u64| {
            raises
                .iter()
                .copied()
                .find(|&n| n >= want)
                .or_else(|| raises.last().copied())
                .map(Action::Raise)
        };

        // 三花 gives the whole contribution back: take it unless the hand is
        // a favourite anyway.
        if has(Action::Sanhua) && s < 0.6 {
            return Action::Sanhua;
        }
        // Two cards average over many completions and bunch up near the
        // middle (0.23 to 0.75), four cards spread over 0 to 1: the raising
        // bar follows the round.
        let round = match view.stage {
            Stage::Betting { round } => round,
            _ => 3,
        };
        let raise_bar = match round {
            1 => 0.6,
            2 => 0.68,
            _ => 0.75,
        };
        // An occasional small raise on anything keeps the bot from being
        // read by its raises alone.
        let bluff = to_call == 0 && rng.gen_bool(0.03);
        if s >= raise_bar || bluff {
            let edge = s - raise_bar;
            let want = if edge >= 0.15 {
                10 * ante
            } else if edge >= 0.1 {
                5 * ante
            } else if edge >= 0.05 {
                2 * ante
            } else {
                ante
            };
            // Re-raise only with the better hands; otherwise call the raise.
            if to_call == 0 || edge >= 0.08 {
                if let Some(r) = raise_at_least(want) {
                    return r;
                }
            }
        }
        if has(Action::Check) {
            // Everyone so far checked: if the rest check too, the round is
            // a 休芒 and every player still in pays the mango amount. A
            // raise of the smallest size prevents it; make it when the
            // raise puts less at risk than the mango takes.
            if let Some(&smallest) = raises.first() {
                let m = ChexuanRules {
                    ante,
                    ..ChexuanRules::default()
                }
                .mango_amount(MangoKind::Xiu, view.mango_count.saturating_add(1));
                if Self::raise_beats_mango(s, smallest, m, view) {
                    return Action::Raise(smallest);
                }
            }
            return Action::Check;
        }
        // Each opponent settles pairwise, so calling pays when the hand beats
        // more than it loses to; the bar rises with the share of the
        // contribution the call would be, since a big raise signals strength.
        let (cost, action) = if has(Action::Call) {
            (to_call, Action::Call)
        } else {
            (my.left, Action::AllIn)
        };
        // Folding in round 1 to a raise may end the hand as a 皱芒, where
        // every folder also pays the mango amount: that is at stake too.
        let zhou_risk = if round == 1 {
            let rules = ChexuanRules {
                ante,
                ..ChexuanRules::default()
            };
            rules.mango_amount(MangoKind::Zhou, view.mango_count.saturating_add(1))
        } else {
            0
        };
        let already = (my.contribution + zhou_risk) as f64;
        let bar = 0.44 + 0.08 * cost as f64 / (cost as f64 + already);
        if s >= bar && legal.contains(&action) {
            return action;
        }
        Action::Fold
    }
}

impl BasicBot {
    /// Whether raising by `raise` costs less, on average, than checking
    /// into a 休芒 of `mango` a player. The mango is paid for sure if all
    /// check, and comes back (with everyone's share and the pot) only to
    /// the strictly highest tail at a showdown, about `s^(others)` for a
    /// hand of strength `s`; the raise is `raise` more at stake against
    /// each other player still in, won with about `s`.
    fn raise_beats_mango(s: f64, raise: u64, mango: u64, view: &ChexuanView) -> bool {
        let in_hand = view.players.iter().filter(|p| p.status.in_hand()).count();
        if in_hand < 2 {
            return false;
        }
        let others = (in_hand - 1) as i32;
        let top = s.powi(others);
        let check_cost =
            mango as f64 - top * (mango as f64 * in_hand as f64 + view.mango_pot as f64);
        let raise_cost = raise as f64 * (1.0 - 2.0 * s) * others as f64;
        raise_cost < check_cost
    }
}

impl Bot<Chexuan> for BasicBot {
    fn choose(
        &mut self,
        view: &ChexuanView,
        legal: &[Action],
        rng: &mut dyn rand::RngCore,
    ) -> Action {
        let pick = match view.stage {
            Stage::Showdown => BasicBot::choose_split(legal),
            Stage::Betting { .. } => Some(BasicBot::choose_bet(view, legal, rng)),
            Stage::Finished => None,
        };
        // Whatever was picked is checked against the legal list, so the bot
        // never offers an illegal action.
        match pick {
            Some(a) if legal.contains(&a) => a,
            _ => legal
                .iter()
                .copied()
                .find(|a| *a == Action::Check)
                .unwrap_or(legal[0]),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::chexuan::view::PlayerView;

    fn c(s: &str) -> Card {
        s.parse().unwrap()
    }

    #[test]
    fn percentiles_order_hands_sensibly() {
        let top = percentile(&[c("QH"), c("QD"), c("3H"), c("BJ")]);
        let bottom = percentile(&[c("TH"), c("TS"), c("QD"), c("8S")]);
        assert!(top > 0.99, "{top}");
        assert!(bottom < 0.2, "{bottom}");
        let pair = strength(&[c("QH"), c("QD")], &[]);
        let junk = strength(&[c("TH"), c("TS")], &[]);
        assert!(pair > junk, "{pair} {junk}");
    }

    #[test]
    fn raises_the_ante_rather_than_check_into_a_xiu_mango() {
        use crate::games::chexuan::engine::Status;
        let player = |seat| PlayerView {
            seat,
            status: Status::Active,
            bobo: 200,
            contribution: 10,
            left: 190,
            hidden: None,
            hidden_count: 2,
            open: Vec::new(),
            sanhua: None,
            split_given: false,
            split: None,
            mango_paid: 0,
            mango_from_stack: 0,
            mango_left: None,
        };
        let view = |mango_pot| ChexuanView {
            viewer: Some(0),
            dealer: 0,
            ante: 10,
            stage: Stage::Betting { round: 2 },
            to_act: Some(0),
            highest: 10,
            mango_pot,
            mango_count: 0,
            players: (0..4).map(player).collect(),
            deltas: None,
            next_dealer: None,
            xiu_mango: Some(50),
            zhou_mango: None,
        };
        // A middling hand: the 休芒 (5 antes from each of four) costs more
        // than one ante more at stake.
        assert!(BasicBot::raise_beats_mango(0.5, 10, 50, &view(0)));
        // A weak hand and a cheap mango: checking is cheaper.
        assert!(!BasicBot::raise_beats_mango(0.1, 100, 10, &view(0)));
        // A monster expects the mango pot back: it checks and lets it grow.
        assert!(!BasicBot::raise_beats_mango(0.99, 10, 50, &view(500)));
    }
}
