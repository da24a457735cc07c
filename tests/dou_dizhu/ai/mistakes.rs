//! The basic bot's mistakes the arena showed (issue #19), one position
//! each: the first bot (`easy`) makes the mistake there, the repaired one
//! (`normal`) does not.

use paiju::ai::Bot;
use paiju::games::dou_dizhu::ai::{BasicBot, EasyBot};
use paiju::games::dou_dizhu::cardset::{rank_from_name, CardSet};
use paiju::games::dou_dizhu::patterns::{classify, generate, Kind, PatternRules, ACE};
use paiju::games::dou_dizhu::view::{Factors, PhaseName, Standing, View};
use paiju::games::dou_dizhu::wild::WildAs;
use paiju::games::dou_dizhu::Action;
use rand::SeedableRng;

/// Cards of these ranks (`3…9 T J Q K A 2`, `B`/`R` the jokers), taken
/// from `pool` lowest suit first.
fn take(pool: &mut CardSet, ranks: &str) -> CardSet {
    let mut out = CardSet::EMPTY;
    for ch in ranks.chars() {
        let r = match ch {
            'B' => 13,
            'R' => 14,
            c => rank_from_name(&c.to_string()).unwrap(),
        };
        let card = pool.pick(r, 1);
        assert!(!card.is_empty(), "no {ch} left");
        *pool = pool.minus(card);
        out = out.union(card);
    }
    out
}

/// The view of `seat` at a play, with its legal actions. `standing` is the
/// seat and ranks of the play to beat, if any.
fn position(
    seat: usize,
    landlord: usize,
    hand: &str,
    cards_left: [u8; 3],
    standing: Option<(usize, &str)>,
) -> (View, Vec<Action>) {
    let mut pool = CardSet::full_deck();
    let hand = take(&mut pool, hand);
    let rules = PatternRules::CLASSIC;
    let standing = standing.map(|(s, ranks)| {
        let cards = take(&mut pool, ranks);
        Standing {
            seat: s,
            cards,
            combo: classify(&cards.counts(), &rules).first().unwrap(),
        }
    });
    let mut moves = Vec::new();
    generate(hand, standing.map(|s| s.combo), &rules, &mut moves);
    let mut legal: Vec<Action> = standing.map(|_| Action::Pass).into_iter().collect();
    legal.extend(moves.iter().map(|m| Action::Play {
        cards: m.cards,
        reading: Some(m.combo.kind),
        wild_as: WildAs::NONE,
    }));
    let mut left = cards_left;
    left[seat] = hand.len() as u8;
    let view = View {
        seat: Some(seat),
        players: 3,
        handicap: 0,
        aside: None,
        wild: None,
        phase: PhaseName::Playing,
        turn: Some(seat),
        first: landlord,
        landlord: Some(landlord),
        hand: Some(hand),
        shown: [None; 3],
        kitty: None,
        played: [CardSet::EMPTY; 3],
        cards_left: left,
        standing,
        bids: [None; 3],
        doubled: [None; 3],
        factors: Factors {
            base: 3,
            kicks: 0,
            kitty: 1,
            show: 1,
            discard: 1,
            bombs: 0,
            rockets: 0,
            robs: 0,
            multiplier: 3,
        },
        last_moves: [None; 3],
        discarded: None,
    };
    (view, legal)
}

fn choices(view: &View, legal: &[Action]) -> (Action, Action) {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
    (
        EasyBot.choose(view, legal, &mut rng),
        BasicBot.choose(view, legal, &mut rng),
    )
}

/// A play's cards and reading (nothing for a pass).
fn played(a: Action) -> (CardSet, Option<Kind>) {
    match a {
        Action::Play { cards, reading, .. } => (cards, reading),
        _ => (CardSet::EMPTY, None),
    }
}

/// How many cards of rank A or higher (A, 2, jokers) a play spends.
fn controls(cards: CardSet) -> u8 {
    cards.counts()[ACE..].iter().sum()
}

#[test]
fn keeps_a_four_as_a_bomb_rather_than_four_with_two() {
    // The landlord leads from 345567889TTJQQKKKK22.
    let (view, legal) = position(0, 0, "345567889TTJQQKKKK22", [20, 17, 17], None);
    let (easy, normal) = choices(&view, &legal);
    assert_eq!(played(easy).1, Some(Kind::FourTwo), "{easy:?}");
    let (cards, kind) = played(normal);
    assert!(
        !matches!(kind, Some(Kind::FourTwo | Kind::FourTwoPairs)),
        "{normal:?}"
    );
    assert!(
        cards.counts()[10] == 0 || cards.counts()[10] == 4,
        "{normal:?} breaks KKKK"
    );
}

#[test]
fn does_not_break_a_bomb_to_answer_a_single() {
    // A farmer with AAAA and nothing else above Q answers the landlord's Q.
    let (view, legal) = position(1, 0, "3345667899TJJAAAA", [16, 17, 17], Some((0, "Q")));
    let (easy, normal) = choices(&view, &legal);
    let ace = |a: Action| played(a).0.counts()[ACE];
    assert_eq!(ace(easy), 1, "{easy:?}");
    assert!(ace(normal) == 0 || ace(normal) == 4, "{normal:?}");
}

#[test]
fn keeps_control_cards_while_far_from_out() {
    // The hand: the first bot opens QQKKAA, breaking 3…A.
    let (view, legal) = position(0, 0, "334556789TJQQKKAA22B", [20, 17, 17], None);
    let (easy, normal) = choices(&view, &legal);
    assert_eq!(played(easy).0.ranks_text(), "QQKKAA");
    assert_eq!(controls(played(normal).0), 0, "{normal:?}");
}

#[test]
fn answers_a_low_single_with_t_to_k_before_a_two() {
    // The landlord leads a 5; the farmer holds five pairs up to KK and a 2.
    let (view, legal) = position(1, 0, "33447799KK2", [19, 17, 17], Some((0, "5")));
    let (easy, normal) = choices(&view, &legal);
    assert_eq!(played(easy).0.counts()[12], 1, "{easy:?}");
    let n = played(normal).0;
    assert_eq!(controls(n), 0, "{normal:?}");
    assert_eq!(n.len(), 1, "{normal:?}");
}

#[test]
fn a_farmer_does_not_lead_a_pair_into_the_landlords_last_pair() {
    let (view, legal) = position(1, 0, "339Q", [2, 4, 9], None);
    let (easy, normal) = choices(&view, &legal);
    assert_eq!(played(easy).1, Some(Kind::Pair), "{easy:?}");
    assert_ne!(played(normal).1, Some(Kind::Pair), "{normal:?}");
}

#[test]
fn a_farmer_sheds_a_card_over_its_partners_low_single() {
    // Farmer 1 led a 4 (the landlord passed); farmer 2 holds a loose 8.
    let (view, legal) = position(2, 0, "8JJQQKK", [15, 10, 7], Some((1, "4")));
    let (easy, normal) = choices(&view, &legal);
    assert_eq!(easy, Action::Pass);
    assert_eq!(played(normal).0.ranks_text(), "8", "{normal:?}");
}
