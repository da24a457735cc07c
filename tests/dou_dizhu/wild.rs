//! 癞子 The wild card: the generator against a brute-force enumerator (every
//! subset of a small hand × every statement of its wild cards, classified),
//! every listed play accepted by the game and every accepted play listed,
//! and whole wild games between the bots.

use paiju::ai::AiKind;
use paiju::cards::Card;
use paiju::games::dou_dizhu::patterns::{Combo, Counts, Kind, PatternRules, RANKS, TWO};
use paiju::games::dou_dizhu::sim::run;
use paiju::games::dou_dizhu::wild::{for_each_play, read, WildAs, WildRules};
use paiju::games::dou_dizhu::{deck_for, Action, CardSet, DouDizhu, Rules};
use paiju::games::Game;
use paiju::record::Record;
use proptest::prelude::*;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use std::collections::HashSet;

type Reading = (u64, Combo);

/// Every multiset of `j` ranks a wild card may stand for.
fn statements(j: usize, wr: &WildRules) -> Vec<Vec<usize>> {
    fn go(from: usize, j: usize, wr: &WildRules, cur: &mut Vec<usize>, out: &mut Vec<Vec<usize>>) {
        if j == 0 {
            out.push(cur.clone());
            return;
        }
        for r in from..=TWO {
            if wr.may_stand_for(r) {
                cur.push(r);
                go(r, j - 1, wr, cur, out);
                cur.pop();
            }
        }
    }
    let mut out = Vec::new();
    go(0, j, wr, &mut Vec::new(), &mut out);
    out
}

/// Brute force: every sub-multiset of the hand (canonical suits) with every
/// statement of its wild cards, read by the rules.
fn brute(
    hand: CardSet,
    wr: &WildRules,
    rules: &PatternRules,
    standing: Option<Combo>,
) -> HashSet<Reading> {
    let counts = hand.counts();
    let mut out = HashSet::new();
    let mut cur: Counts = [0; RANKS];
    let stmts: Vec<Vec<Vec<usize>>> = (0..=4).map(|j| statements(j, wr)).collect();
    #[allow(clippy::too_many_arguments)]
    fn rec(
        r: usize,
        counts: &Counts,
        cur: &mut Counts,
        hand: CardSet,
        wr: &WildRules,
        rules: &PatternRules,
        standing: Option<Combo>,
        stmts: &[Vec<Vec<usize>>],
        out: &mut HashSet<Reading>,
    ) {
        if r == RANKS {
            let Some(cards) = hand.pick_counts(cur) else {
                return;
            };
            if cards.is_empty() {
                return;
            }
            let (wild, naturals) = wr.split(cards);
            let mut add = |combos: Vec<Combo>| {
                for c in combos {
                    if standing.is_none_or(|s| c.beats(s)) {
                        out.insert((cards.0, c));
                    }
                }
            };
            if naturals.is_empty() || wild.is_empty() {
                add(read(cards, None, wr, rules).unwrap());
            } else {
                for s in &stmts[wild.len()] {
                    let wa = WildAs::from_ranks(s).unwrap();
                    add(read(cards, Some(&wa), wr, rules).unwrap());
                }
            }
            return;
        }
        for k in 0..=counts[r] {
            cur[r] = k;
            rec(r + 1, counts, cur, hand, wr, rules, standing, stmts, out);
        }
        cur[r] = 0;
    }
    rec(
        0, &counts, &mut cur, hand, wr, rules, standing, &stmts, &mut out,
    );
    out
}

/// The generator's plays, each checked to read as it says.
fn generated(
    hand: CardSet,
    wr: &WildRules,
    rules: &PatternRules,
    standing: Option<Combo>,
) -> HashSet<Reading> {
    let mut v = Vec::new();
    for_each_play(hand, standing, wr, rules, |m| v.push(m));
    let set: HashSet<Reading> = v.iter().map(|m| (m.cards.0, m.combo)).collect();
    assert_eq!(set.len(), v.len(), "no reading is generated twice");
    for m in &v {
        let stated = (!m.wild_as.is_empty()).then_some(&m.wild_as);
        let combos = read(m.cards, stated, wr, rules)
            .unwrap_or_else(|e| panic!("{m:?} does not read: {e:?}"));
        assert!(combos.contains(&m.combo), "{m:?} reads as {combos:?}");
    }
    set
}

fn cards(list: &str) -> CardSet {
    let v: Vec<Card> = list
        .split_whitespace()
        .map(|c| c.parse().unwrap())
        .collect();
    CardSet::from_cards(&v)
}

fn compare(hand: CardSet, wild: usize, players: usize) {
    let wr = WildRules::new(wild, deck_for(players));
    let rules = if players == 2 {
        PatternRules::TWO_PLAYERS
    } else {
        PatternRules::CLASSIC
    };
    let leads = generated(hand, &wr, &rules, None);
    let want = brute(hand, &wr, &rules, None);
    let missing: Vec<_> = want.difference(&leads).take(5).collect();
    let extra: Vec<_> = leads.difference(&want).take(5).collect();
    assert!(
        missing.is_empty() && extra.is_empty(),
        "hand {hand:?} wild {wild}: missing {missing:?} extra {extra:?}"
    );
    // Following a sample of those plays.
    let mut all: Vec<_> = leads.into_iter().collect();
    all.sort_by_key(|r| (r.0, r.1.kind, r.1.main, r.1.class));
    for (_, standing) in all.iter().step_by(11).take(12) {
        let got = generated(hand, &wr, &rules, Some(*standing));
        let want = brute(hand, &wr, &rules, Some(*standing));
        assert_eq!(
            got, want,
            "hand {hand:?} wild {wild} following {standing:?}"
        );
    }
}

#[test]
fn fixed_hands_match_brute_force() {
    // wild = 5 (index 2)
    compare(cards("5S 5H 6S 6H 6C 7S 8S 9S"), 2, 3);
    compare(cards("5S 5H 5C 3S 3H 4S 4H 9S TS"), 2, 3);
    compare(cards("5S 5H 5C 5D 3S 3H 3C 3D 7S"), 2, 3);
    compare(cards("5S 5H 5C 5D 8S 8H 8C KS SJ BJ"), 2, 3);
    compare(cards("5S 5H 7S 7H 7C 8S 8H 8C 9S TS"), 2, 3);
    compare(cards("5S 5H 3S 3H 3C 4S 4H 4C 6S 9S"), 2, 3);
    compare(cards("5S 5H 5C QS QH KS KH AS 2S"), 2, 3);
    compare(cards("5S 5H 5C 5D QS QH QC QD KS"), 2, 3);
    // wild = 2 (index 12): wild cards above every chain
    compare(cards("2S 2H 2C 9S TS JS QS 3S 3H"), 12, 3);
    // two players, wild = 9
    compare(cards("9S 9H 9C 5S 5H 6S 6H 7S 8S"), 6, 2);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]
    #[test]
    fn random_small_hands_match_brute_force(seed in 0u64..u64::MAX) {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let players = if rng.gen_bool(0.25) { 2 } else { 3 };
        let deck = deck_for(players);
        let ranks: Vec<usize> = (0..=TWO).filter(|&r| deck.nibble(r) != 0).collect();
        let wild = ranks[rng.gen_range(0..ranks.len())];
        let n_wild = rng.gen_range(1..=4u8);
        let wilds = deck.pick(wild, n_wild);
        let mut rest: Vec<Card> = deck.minus(CardSet(0xF << (4 * wild))).cards();
        rest.shuffle(&mut rng);
        let hand = wilds.union(CardSet::from_cards(&rest[..9 - n_wild as usize]));
        compare(hand, wild, players);
    }
}

/// A wild game from a record: seat 0 holds `hand0` and leads.
fn wild_game(players: usize, wild: &str, seed: u64) -> DouDizhu {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let mut deck = deck_for(players).cards();
    deck.shuffle(&mut rng);
    let hands: Vec<Vec<String>> = deck
        .chunks(17)
        .take(players)
        .map(|h| h.iter().map(|c| c.to_string()).collect())
        .collect();
    let kitty: Vec<String> = deck[17 * players..17 * players + 3]
        .iter()
        .map(|c| c.to_string())
        .collect();
    let aside: Vec<String> = deck[17 * players + 3..]
        .iter()
        .map(|c| c.to_string())
        .collect();
    let mut deal = serde_json::json!({"hands": hands, "kitty": kitty, "first": 0, "wild": wild});
    if players == 2 {
        deal["aside"] = serde_json::json!(aside);
    }
    let rec = serde_json::json!({"game": "dou-dizhu", "rules": {"wild": true, "bidding": "rob"},
        "seats": players, "deal": deal, "actions": []});
    let record = Record::from_json(&rec.to_string()).unwrap();
    let mut g = DouDizhu::from_record_setup(&record).unwrap();
    g.apply(0, &Action::Call).unwrap();
    while g.landlord().is_none() {
        let s = g.turn().unwrap();
        g.apply(s, &Action::Pass).unwrap();
    }
    g
}

fn reading_of(g: &DouDizhu, seat: usize, a: &Action) -> Option<Reading> {
    let mut h = g.clone();
    let ev = h.apply(seat, a).ok()?;
    ev.iter().find_map(|e| match e {
        paiju::games::dou_dizhu::Event::Played { cards, combo, .. } => Some((cards.0, *combo)),
        _ => None,
    })
}

#[test]
fn listed_plays_are_accepted_and_accepted_plays_are_listed() {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(77);
    for (i, wild) in ["5", "T", "2", "3", "K"].iter().enumerate() {
        let players = if i % 2 == 0 { 3 } else { 2 };
        if players == 2 && *wild == "3" {
            continue;
        }
        let mut g = wild_game(players, wild, i as u64);
        let wr = *g.wild().unwrap();
        for _turn in 0..12 {
            let Some(seat) = g.turn() else { break };
            let legal = g.legal_actions(seat);
            let listed: HashSet<Reading> = legal
                .iter()
                .filter_map(|a| reading_of(&g, seat, a))
                .collect();
            let plays = legal
                .iter()
                .filter(|a| matches!(a, Action::Play { .. }))
                .count();
            assert_eq!(
                listed.len(),
                plays,
                "every listed play is accepted, each reading once"
            );
            // Random selections with random statements: accepted means listed.
            let hand = g.hand(seat).cards();
            for _ in 0..300 {
                let k = rng.gen_range(1..=hand.len().min(8));
                let pick: Vec<Card> = hand.choose_multiple(&mut rng, k).copied().collect();
                let sel = CardSet::from_cards(&pick);
                let (w, _) = wr.split(sel);
                let ranks: Vec<usize> = (0..w.len()).map(|_| rng.gen_range(0..=TWO)).collect();
                let wild_as = WildAs::from_ranks(&ranks).unwrap();
                for reading in [None, Some(Kind::ALL[rng.gen_range(0..Kind::ALL.len())])] {
                    let a = Action::Play {
                        cards: sel,
                        reading,
                        wild_as,
                    };
                    if let Some(r) = reading_of(&g, seat, &a) {
                        // Canonical suits: compare by the listed reading of the same ranks.
                        let canon = g.hand(seat).pick_counts(&sel.counts()).unwrap();
                        assert!(
                            listed.contains(&(canon.0, r.1)),
                            "{a:?} accepted as {r:?} but not listed"
                        );
                    }
                }
            }
            let a = *legal.choose(&mut rng).unwrap();
            g.apply(seat, &a).unwrap();
        }
    }
}

#[test]
fn stated_wild_cards_are_checked() {
    // wild = 5; seat 0 has 5S 5H (wild) and natural 6s.
    let mut g = wild_game(3, "5", 1);
    let hand = g.hand(0);
    let wr = *g.wild().unwrap();
    let (wild, naturals) = wr.split(hand);
    assert!(!wild.is_empty() || !naturals.is_empty());
    // A natural card with a stated wild rank is refused.
    let one = CardSet::from_cards(&naturals.cards()[..1]);
    let a = Action::Play {
        cards: one,
        reading: None,
        wild_as: WildAs::from_ranks(&[3]).unwrap(),
    };
    assert!(g.apply(0, &a).is_err());
    let _ = &mut g;
}

#[test]
fn bots_play_whole_wild_games_legally() {
    for players in [3u8, 2] {
        let rules: Rules = serde_json::from_value(
            serde_json::json!({"wild": true, "players": players, "discard": players == 3}),
        )
        .unwrap();
        for (l, f) in [
            (AiKind::Basic, AiKind::Basic),
            (AiKind::Random, AiKind::Random),
        ] {
            let s = run(&rules, 40, 9, AiKind::Basic, l, f).unwrap();
            assert_eq!(s.games, 40);
        }
    }
}

fn wa(ranks: &[usize]) -> WildAs {
    WildAs::from_ranks(ranks).unwrap()
}

#[test]
fn the_rules_of_the_wild_card() {
    let wr = WildRules::new(2, deck_for(3)); // 5 is wild
    let rules = PatternRules::CLASSIC;
    let kinds = |c: &str,
                 w: Option<WildAs>|
     -> Vec<(Kind, usize, paiju::games::dou_dizhu::patterns::BombClass)> {
        read(cards(c), w.as_ref(), &wr, &rules)
            .unwrap()
            .into_iter()
            .map(|c| (c.kind, c.main as usize, c.class))
            .collect()
    };
    use paiju::games::dou_dizhu::patterns::BombClass::*;
    // Alone or all wild: their own rank.
    assert_eq!(kinds("5S", None), vec![(Kind::Single, 2, Hard)]);
    assert_eq!(kinds("5S 5H", None), vec![(Kind::Pair, 2, Hard)]);
    assert_eq!(kinds("5S 5H 5C 5D", None), vec![(Kind::Bomb, 2, PureWild)]);
    assert!(read(cards("5S 5H"), Some(&wa(&[5, 5])), &wr, &rules).is_err());
    // Mixed: the statement is required and decides.
    assert!(read(cards("5S 6S 6H 6C"), None, &wr, &rules).is_err());
    assert_eq!(
        kinds("5S 6S 6H 6C", Some(wa(&[3]))),
        vec![(Kind::Bomb, 3, Soft)]
    );
    assert_eq!(
        kinds("5S 6S 6H 6C", Some(wa(&[9]))),
        vec![(Kind::TrioSingle, 3, Hard)]
    );
    assert_eq!(
        kinds("5S 6S 7S 8S 9S", Some(wa(&[2]))),
        vec![(Kind::Straight, 6, Hard)]
    );
    assert_eq!(
        kinds("5S 6S 7S 8S 9S", Some(wa(&[7]))),
        vec![(Kind::Straight, 7, Hard)]
    );
    // A wild card stands for no joker, and a count must match.
    assert!(read(cards("5S 6S"), Some(&wa(&[13])), &wr, &rules).is_err());
    assert!(read(cards("5S 5H 6S"), Some(&wa(&[3])), &wr, &rules).is_err());
    // Four + two: never with a wild card in the four, unless the four are
    // the four wild cards.
    assert!(kinds("3S 3H 3C 5S 7S 8S", Some(wa(&[0]))).is_empty());
    assert_eq!(
        kinds("3S 3H 3C 3D 5S 7S", Some(wa(&[6]))),
        vec![(Kind::FourTwo, 0, Hard)]
    );
    assert_eq!(
        kinds("5S 5H 5C 5D 7S 8S", Some(wa(&[2, 2, 2, 2]))),
        vec![(Kind::FourTwo, 2, Hard)]
    );
    // Bomb classes: rocket > pure wild > hard > soft, each by rank.
    let soft_a = Combo {
        class: Soft,
        ..Combo::new(Kind::Bomb, 11, 4)
    };
    let hard_3 = Combo::new(Kind::Bomb, 0, 4);
    let hard_2 = Combo::new(Kind::Bomb, 12, 4);
    let pure = Combo {
        class: PureWild,
        ..Combo::new(Kind::Bomb, 0, 4)
    };
    let soft_k = Combo {
        class: Soft,
        ..Combo::new(Kind::Bomb, 10, 4)
    };
    let rocket = Combo::new(Kind::Rocket, 14, 2);
    assert!(hard_3.beats(soft_a) && !soft_a.beats(hard_3));
    assert!(soft_a.beats(soft_k) && !soft_k.beats(soft_a));
    assert!(pure.beats(hard_2) && !hard_2.beats(pure));
    assert!(rocket.beats(pure) && !pure.beats(rocket));
    assert!(soft_k.beats(Combo::new(Kind::Straight, 11, 12)));
}

#[test]
fn generation_lists_the_expected_readings() {
    let wr = WildRules::new(2, deck_for(3)); // 5 is wild
    let mut v = Vec::new();
    for_each_play(
        cards("5S 5H 5C 5D 3S 3H 3C 3D 7S"),
        None,
        &wr,
        &PatternRules::CLASSIC,
        |m| v.push(m),
    );
    let has = |c: &str, kind: Kind, class| {
        v.iter()
            .any(|m| m.cards == cards(c) && m.combo.kind == kind && m.combo.class == class)
    };
    use paiju::games::dou_dizhu::patterns::BombClass::*;
    assert!(has("5S 5H 5C 5D", Kind::Bomb, PureWild));
    assert!(has("3S 3H 3C 3D", Kind::Bomb, Hard));
    assert!(has("3S 3H 3C 5S", Kind::Bomb, Soft));
    assert!(has("5S 5H 5C 5D 3S 7S", Kind::FourTwo, Hard));
    assert!(has("3S 3H 3C 3D 5S 7S", Kind::FourTwo, Hard));
    assert!(!v.iter().any(|m| m.combo.kind == Kind::FourTwo
        && m.combo.main == 0
        && m.cards.nibble(0).count_ones() < 4));
}

/// FNV-1a over every generated play, in the order generated, with its cards,
/// reading and statement of its wild cards.
fn fingerprint(moves: &[paiju::games::dou_dizhu::patterns::Move], mut h: u64) -> u64 {
    let mut eat = |bytes: &[u8]| {
        for &b in bytes {
            h ^= b as u64;
            h = h.wrapping_mul(0x0000_0100_0000_01b3);
        }
    };
    for m in moves {
        eat(&m.cards.0.to_le_bytes());
        let c = m.combo;
        eat(&[c.kind as u8, c.main, c.size, c.class as u8]);
        let ranks: Vec<u8> = m.wild_as.ranks().map(|r| r as u8).collect();
        eat(&[ranks.len() as u8]);
        eat(&ranks);
    }
    h
}

/// The generator's whole output for full-size hands — every play, its order,
/// and the one statement chosen for each reading — is pinned: the random bot
/// picks a play by its index, so a change of order or of statement changes
/// every simulated wild game, and the brute-force comparison above (sets of
/// readings on small hands) would not notice. Hands of 17 and 20 cards with
/// one to four wild cards, both decks, leading and following a sample of the
/// leads. A deliberate change of the output must update the constant and
/// say why in its commit.
#[test]
fn full_hands_generate_the_pinned_plays_in_the_pinned_order() {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(2026);
    let mut h = 0xcbf2_9ce4_8422_2325u64;
    let mut total = 0usize;
    for case in 0..48 {
        let players = if case % 4 == 3 { 2 } else { 3 };
        let rules = if players == 2 {
            PatternRules::TWO_PLAYERS
        } else {
            PatternRules::CLASSIC
        };
        let deck = deck_for(players);
        let ranks: Vec<usize> = (0..=TWO).filter(|&r| deck.nibble(r) != 0).collect();
        let wild = ranks[rng.gen_range(0..ranks.len())];
        let wr = WildRules::new(wild, deck);
        let n_wild = 1 + (case % 4) as u8;
        let size = if case % 2 == 0 { 20 } else { 17 };
        let wilds = deck.pick(wild, n_wild);
        let mut rest: Vec<Card> = deck.minus(CardSet(0xF << (4 * wild))).cards();
        rest.shuffle(&mut rng);
        let hand = wilds.union(CardSet::from_cards(&rest[..size - n_wild as usize]));
        let mut leads = Vec::new();
        for_each_play(hand, None, &wr, &rules, |m| leads.push(m));
        h = fingerprint(&leads, h);
        total += leads.len();
        for m in leads.iter().step_by(97) {
            let mut follows = Vec::new();
            for_each_play(hand, Some(m.combo), &wr, &rules, |m| follows.push(m));
            h = fingerprint(&follows, h);
            total += follows.len();
        }
    }
    assert_eq!(
        (total, h),
        (114_003, 15_736_021_079_719_454_856),
        "the generator's output changed"
    );
}
