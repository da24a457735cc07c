//! `normal`'s leads and follows, from its [`Reading`] of the table. It
//! wins an opponent's trick with the play no seat still to come can beat
//! (a trump only for points), or with a plain card that gives no points
//! away; feeds points to its partner when the partner is ahead; otherwise
//! sheds its cheapest cards, weighing points against top cards, keeping
//! pairs whole. It leads what will stand (the attackers keep a lone top
//! trump); on the bank's side never into a suit an attacker is void in
//! while it has another lead, and long in trump, trumps to draw the
//! attackers'; then its highest plain pair or tractor, then a low single.

use super::breaks_groups;
use super::reading::{later_seats, Reading};
use crate::cards::Card;
use crate::games::shengji::order::{points, points_of, TRUMP};
use crate::games::shengji::play::{
    check_follow, take_cards, throw_is_safe, trick_winner, uniform_suit, Lead,
};
use crate::games::shengji::units::{counts_of, suit_counts};
use crate::games::shengji::{Action, ShengjiView};

/// A trump wins an opponent's trick only for this many points (its own
/// included), or on the last seat for any.
const TRUMP_FOR_POINTS: i64 = 5;

/// The bank's side leads trumps, to draw the attackers', while they are at
/// least this share (in percent) of its hand.
const DRAW_TRUMPS_PERCENT: usize = 65;

/// [`shed_cost`]'s weights: per point given away, per trump, per pair split.
const SHED_POINTS: i64 = 2;
const SHED_TRUMP: i64 = 10;
const SHED_PAIR: i64 = 5;

fn plays(legal: &[Action]) -> Vec<&Vec<Card>> {
    legal
        .iter()
        .filter_map(|a| match a {
            Action::Play(c) => Some(c),
            _ => None,
        })
        .collect()
}

fn cost(r: &Reading, cards: &[Card]) -> u32 {
    cards.iter().map(|&c| r.order.strength(c) as u32).sum()
}

/// What shedding `cards` out of `hand` to an opponent's trick costs: the
/// points given away (twice), each card's rank in its suit (a trump more),
/// and each pair split. A trump 5 goes before a joker, a plain 5 before
/// an ace: keeping every point at the price of the top cards measured
/// worse.
fn shed_cost(r: &Reading, hand: &[Card], cards: &[Card]) -> i64 {
    let ranks: i64 = cards.iter().map(|&c| i64::from(r.order.value(c))).sum();
    let keep = ranks + trumps(r, cards) as i64 * SHED_TRUMP;
    points_of(cards) * SHED_POINTS + keep + breaks_groups(&r.order, hand, cards) as i64 * SHED_PAIR
}

fn trumps(r: &Reading, cards: &[Card]) -> usize {
    cards.iter().filter(|&&c| r.order.is_trump(c)).count()
}

/// The trick being followed: its lead and the plays so far.
struct Trick<'a> {
    lead: Lead,
    played: Vec<&'a [Card]>,
}

impl<'a> Trick<'a> {
    /// The view's trick, when a lead of one play suit opened it.
    fn of(view: &'a ShengjiView, r: &Reading) -> Option<Trick<'a>> {
        let first = &view.trick.first()?.1;
        let si = uniform_suit(&r.order, first)?;
        Some(Trick {
            lead: Lead::new(&r.order, si, first, r.max_width),
            played: view.trick.iter().map(|(_, c)| c.as_slice()).collect(),
        })
    }

    /// Whether following with `cards` would take the trick as it stands.
    fn taken_by(&self, r: &Reading, cards: &[Card]) -> bool {
        let mut with = self.played.clone();
        with.push(cards);
        trick_winner(&r.order, &self.lead, &with) == self.played.len()
    }
}

/// The follows `normal` and `hard` choose among: the engine's (the
/// cheapest, the highest, the most points, and what to trump or shed with
/// when short of the suit) and, when the lead is one card or one pair,
/// every single or pair that may follow it. The engine's three picks miss
/// the plays between: the cheapest card that still wins the trick, a low
/// card without points under an ace, the lowest trump pair that ruffs.
pub fn follows(view: &ShengjiView, r: &Reading, legal: &[Action]) -> Vec<Action> {
    let mut out = legal.to_vec();
    let Some(lead) = Trick::of(view, r)
        .map(|t| t.lead)
        .filter(|lead| lead.units.len() == 1 && lead.units[0].shape().1 == 1)
    else {
        return out;
    };
    let width = lead.units[0].shape().0;
    let held = counts_of(&r.order, &view.hand);
    let in_suit = view
        .hand
        .iter()
        .filter(|&&c| r.order.suit(c) == lead.si)
        .count();
    // Short of the led suit, the alternatives are the trumps to ruff with.
    let suit = if in_suit == 0 { TRUMP } else { lead.si };
    // Each key once: its copies would make the same play.
    let mut tried = [false; 54];
    for &c in &view.hand {
        let key = r.order.key(c) as usize;
        if r.order.suit(c) != suit || held[key] < width || tried[key] {
            continue;
        }
        tried[key] = true;
        let mut want = [0u8; 54];
        want[key] = width;
        let mut cards = take_cards(&r.order, &view.hand, &want);
        cards.sort_unstable();
        if check_follow(&r.order, &lead, &view.hand, &cards).is_ok() {
            let play = Action::Play(cards);
            if !out.contains(&play) {
                out.push(play);
            }
        }
    }
    out
}

/// The follows among `options` that differ in kind, for `hard` to search
/// first: the cheapest that wins the trick as it stands, the highest that
/// does, the cheapest to shed, the one that gives most points.
pub fn follow_kinds(view: &ShengjiView, r: &Reading, options: &[Action]) -> Vec<Action> {
    let Some(trick) = Trick::of(view, r) else {
        return Vec::new();
    };
    let candidates = plays(options);
    let (winners, losers): (Vec<&Vec<Card>>, Vec<&Vec<Card>>) =
        candidates.iter().partition(|c| trick.taken_by(r, c));
    let picks = [
        winners.iter().min_by_key(|c| (trumps(r, c), cost(r, c))),
        winners.iter().max_by_key(|c| cost(r, c)),
        losers.iter().min_by_key(|c| shed_cost(r, &view.hand, c)),
        losers
            .iter()
            .max_by_key(|c| (points_of(c), std::cmp::Reverse(cost(r, c)))),
    ];
    let mut out: Vec<Action> = Vec::new();
    for c in picks.into_iter().flatten() {
        let a = Action::Play((*c).clone());
        if !out.contains(&a) {
            out.push(a);
        }
    }
    out
}

/// A follow of the current trick.
pub fn follow(view: &ShengjiView, r: &Reading, legal: &[Action]) -> Option<Action> {
    let me = r.me;
    let trick = Trick::of(view, r)?;
    let lead = &trick.lead;
    let winner_at = trick_winner(&r.order, lead, &trick.played);
    let winner = view.trick[winner_at].0;
    let on_table: i64 = view.trick.iter().map(|(_, c)| points_of(c)).sum();
    let later = later_seats(view);
    let later_opponents: Vec<usize> = later
        .iter()
        .copied()
        .filter(|&s| !Reading::same_team(s, me))
        .collect();
    let last = later.is_empty();
    let candidates = plays(legal);
    let wins = |c: &[Card]| trick.taken_by(r, c);
    let stands = |c: &[Card]| !r.beatable(lead, c, &later_opponents);
    let shed = |c: &&&Vec<Card>| shed_cost(r, &view.hand, c);
    let pick = if Reading::same_team(winner, me) {
        // Partner ahead: feed points, keep strength. (Feeding only when
        // its play surely stands measured worse in the arena.)
        candidates
            .iter()
            .filter(|c| !wins(c) || last)
            .min_by_key(|c| {
                (
                    -points_of(c),
                    breaks_groups(&r.order, &view.hand, c),
                    cost(r, c),
                )
            })
            .or_else(|| {
                candidates
                    .iter()
                    .min_by_key(|c| (-points_of(c), cost(r, c)))
            })
    } else {
        let winners: Vec<&&Vec<Card>> = candidates.iter().filter(|c| wins(c)).collect();
        let sure = winners
            .iter()
            .copied()
            .filter(|c| stands(c))
            .min_by_key(|c| (trumps(r, c), -points_of(c), cost(r, c)));
        let worth = |c: &[Card]| {
            let gain = on_table + points_of(c);
            trumps(r, c) == 0 || gain >= TRUMP_FOR_POINTS || (last && on_table > 0)
        };
        match sure {
            Some(c) if worth(c) => Some(c),
            _ => {
                // A win a later seat may take back: only a plain one that
                // gives no points away (it draws their high cards).
                let risky = winners
                    .iter()
                    .copied()
                    .filter(|c| trumps(r, c) == 0 && points_of(c) == 0)
                    .min_by_key(|c| cost(r, c));
                risky.or_else(|| candidates.iter().min_by_key(shed))
            }
        }
    };
    pick.map(|c| Action::Play((*c).clone()))
}

/// A lead.
pub fn lead(view: &ShengjiView, r: &Reading, legal: &[Action]) -> Option<Action> {
    let order = &r.order;
    let candidates = plays(legal);
    let suit_of = |c: &[Card]| uniform_suit(order, c).unwrap_or(TRUMP);
    let opponents = r.opponents();
    let bank_side = view.banker.is_some_and(|b| Reading::same_team(b, r.me));
    // The bank's side keeps out of the attackers' voids; the attackers
    // lead into the bank's (its ruffs shorten its trumps), which measured
    // better than keeping out.
    let into_void = |c: &[Card]| {
        let si = suit_of(c);
        bank_side && si != TRUMP && opponents.iter().any(|&o| r.voids[o][si])
    };
    let sure = |c: &[Card]| {
        let si = suit_of(c);
        // The attackers keep a lone top trump (spent on a lead it wins
        // nothing but cards of no value).
        if si == TRUMP && c.len() == 1 && !bank_side {
            return false;
        }
        throw_is_safe(
            order,
            si,
            &suit_counts(order, si, c),
            &r.unseen,
            r.max_width,
        ) && (si == TRUMP || !opponents.iter().any(|&o| r.voids[o][si]))
    };
    let pool: Vec<&&Vec<Card>> = {
        let safe: Vec<_> = candidates.iter().filter(|c| !into_void(c)).collect();
        if safe.is_empty() {
            candidates.iter().collect()
        } else {
            safe
        }
    };
    // What will stand: the most cards, plain before trump, then points.
    if let Some(c) = pool
        .iter()
        .filter(|c| sure(c))
        .max_by_key(|c| (c.len(), !order.is_trump(c[0]), points_of(c)))
    {
        return Some(Action::Play((**c).clone()));
    }
    let hand = &view.hand;
    let suit_len = |si: usize| hand.iter().filter(|&&x| order.suit(x) == si).count();
    // The bank's side long in trump draws the attackers' trumps.
    if bank_side && suit_len(TRUMP) * 100 >= hand.len() * DRAW_TRUMPS_PERCENT {
        let draw = pool
            .iter()
            .filter(|c| order.is_trump(c[0]))
            .filter(|c| c.len() >= 2 || points(c[0]) == 0)
            .max_by_key(|c| (c.len(), std::cmp::Reverse(cost(r, c))));
        if let Some(c) = draw {
            if r.unseen_in(TRUMP) > 0 {
                return Some(Action::Play((**c).clone()));
            }
        }
    }
    // Plain tractors and pairs, the longest and highest (a high pair
    // measured better than a low one), then a low plain single of the
    // longest suit.
    pool.iter()
        .filter(|c| c.len() >= 2 && !order.is_trump(c[0]))
        .max_by_key(|c| (c.len(), cost(r, c)))
        .or_else(|| {
            pool.iter().filter(|c| c.len() == 1).min_by_key(|c| {
                (
                    order.is_trump(c[0]),
                    points(c[0]),
                    std::cmp::Reverse(suit_len(order.suit(c[0]))),
                    order.value(c[0]),
                )
            })
        })
        .map(|c| Action::Play((**c).clone()))
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use crate::ai::Bot;
    use crate::cards::{Rank, Suit};
    use crate::games::shengji::ai::BasicBot;
    use crate::games::shengji::rules::SEATS;
    use crate::games::shengji::{Shengji, ShengjiRules, Stage};
    use crate::games::Game;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    /// Seat 0's view of a seeded two-deck hand once the tricks start, with
    /// nothing played, no kitty in sight, and a plain suit of it.
    pub fn playing_view(seed: u64) -> (ShengjiView, Suit) {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut g = Shengji::deal(ShengjiRules::default(), SEATS, &mut rng).unwrap();
        while g.view(Some(0)).stage != Stage::Playing {
            let seat = *g.waiting_on().first().unwrap();
            let legal = g.legal_actions(seat);
            let a = BasicBot.choose(&g.view(Some(seat)), &legal, &mut rng);
            g.apply(seat, &a).unwrap();
        }
        let mut view = g.view(Some(0));
        view.kitty = None;
        view.tricks = Default::default();
        view.trick.clear();
        let order = view.order().unwrap();
        let plain = Suit::ALL
            .into_iter()
            .find(|&s| !order.is_trump(Card::new(Rank::Ace, s)))
            .unwrap();
        (view, plain)
    }

    fn play(cards: &[Card]) -> Action {
        Action::Play(cards.to_vec())
    }

    /// Seat 0's lead among `legal` on the bank's side (its partner, seat
    /// 2, the banker), then on the attackers' (seat 1 the banker).
    fn leads_on_each_side(
        view: &mut ShengjiView,
        legal: &[Action],
    ) -> (Option<Action>, Option<Action>) {
        let mut lead_with_banker = |banker| {
            view.banker = Some(banker);
            lead(view, &Reading::new(view).unwrap(), legal)
        };
        (lead_with_banker(2), lead_with_banker(1))
    }

    /// Second to play after an opponent's low lead, `normal` takes the
    /// trick with its ace (nobody can beat it), and with only a king under
    /// an unseen ace it keeps the king's points and plays low — where the
    /// basic bot wins with the king and loses it to the ace.
    #[test]
    fn the_second_seat_wins_with_what_stands_and_keeps_points_from_what_does_not() {
        let (mut view, s) = playing_view(1);
        let (ace, king, three) = (
            Card::new(Rank::Ace, s),
            Card::new(Rank::King, s),
            Card::new(Rank::Three, s),
        );
        view.trick = vec![(3, vec![Card::new(Rank::Four, s)])];
        view.turn = Some(0);

        view.hand = vec![ace, three];
        let r = Reading::new(&view).unwrap();
        let legal = [play(&[three]), play(&[ace])];
        assert_eq!(follow(&view, &r, &legal), Some(play(&[ace])));

        view.hand = vec![king, three];
        let r = Reading::new(&view).unwrap();
        let legal = [play(&[three]), play(&[king])];
        assert_eq!(follow(&view, &r, &legal), Some(play(&[three])));
        let mut rng = ChaCha8Rng::seed_from_u64(0);
        assert_eq!(BasicBot.choose(&view, &legal, &mut rng), play(&[king]));
    }

    /// On the bank's side and long in trump, `normal` leads a trump (to
    /// draw the attackers') rather than a plain single; on the attackers'
    /// side with the same cards it leads the plain card.
    #[test]
    fn the_bank_side_long_in_trump_draws_trumps() {
        let (mut view, s) = playing_view(2);
        let order = view.order().unwrap();
        let trump = Card::new(Rank::from_value(view.level.unwrap()).unwrap(), s);
        assert!(order.is_trump(trump));
        let low = Card::new(Rank::Three, s);
        view.hand = vec![trump, trump, trump, low];
        view.turn = Some(0);
        let legal = [play(&[low]), play(&[trump])];
        assert_eq!(
            leads_on_each_side(&mut view, &legal),
            (Some(play(&[trump])), Some(play(&[low])))
        );
    }

    /// An opponent's trump lead that `normal` cannot beat: it gives the
    /// trump 5 rather than spend its small joker (the old shed kept every
    /// point whatever it cost).
    #[test]
    fn an_unbeatable_trump_lead_takes_the_five_not_the_joker() {
        let (mut view, s) = (1..40)
            .map(playing_view)
            .find(|(v, _)| v.order().is_some_and(|o| o.trump.is_some()))
            .unwrap();
        let trump = view.order().unwrap().trump.unwrap();
        assert_ne!(trump, s);
        let five = Card::new(Rank::Five, trump);
        let (sj, bj) = (Card::SmallJoker, Card::BigJoker);
        view.trick = vec![(3, vec![bj])];
        view.turn = Some(0);
        view.hand = vec![five, sj, Card::new(Rank::Ace, s)];
        let r = Reading::new(&view).unwrap();
        let legal = [play(&[five]), play(&[sj])];
        assert_eq!(follow(&view, &r, &legal), Some(play(&[five])));
    }

    /// A lone big joker stands as a lead: the bank's side leads it, the
    /// attackers keep it and lead their plain card.
    #[test]
    fn the_attackers_keep_a_lone_top_trump() {
        let (mut view, s) = playing_view(4);
        let bj = Card::BigJoker;
        let low = Card::new(Rank::Three, s);
        view.hand = vec![bj, low];
        view.turn = Some(0);
        let legal = [play(&[low]), play(&[bj])];
        assert_eq!(
            leads_on_each_side(&mut view, &legal),
            (Some(play(&[bj])), Some(play(&[low])))
        );
    }

    /// Last to play on an opponent's jack, `normal` wins with its queen,
    /// which the engine's three follows (its lowest, highest and most
    /// points: the 3, the ace, the 5) do not offer: it had to spend the
    /// ace.
    #[test]
    fn the_last_seat_wins_with_the_cheapest_card_that_does() {
        let (mut view, s) = playing_view(3);
        let card = |r| Card::new(r, s);
        view.trick = vec![
            (1, vec![card(Rank::Jack)]),
            (2, vec![card(Rank::Four)]),
            (3, vec![card(Rank::Six)]),
        ];
        view.turn = Some(0);
        view.hand = vec![
            card(Rank::Three),
            card(Rank::Five),
            card(Rank::Queen),
            card(Rank::Ace),
        ];
        let r = Reading::new(&view).unwrap();
        let lead = Lead::new(
            &r.order,
            r.order.suit(card(Rank::Jack)),
            &view.trick[0].1,
            r.max_width,
        );
        let legal: Vec<Action> =
            crate::games::shengji::play::follow_candidates(&r.order, &lead, &view.hand)
                .into_iter()
                .map(Action::Play)
                .collect();
        assert!(!legal.contains(&play(&[card(Rank::Queen)])));
        assert_eq!(follow(&view, &r, &legal), Some(play(&[card(Rank::Ace)])));
        let wide = follows(&view, &r, &legal);
        assert_eq!(wide.len(), 4, "{wide:?}");
        assert_eq!(follow(&view, &r, &wide), Some(play(&[card(Rank::Queen)])));
    }
}
