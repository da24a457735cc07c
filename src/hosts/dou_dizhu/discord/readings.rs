//! Dou Dizhu on Discord: which reading of a selection of cards is played.
//!
//! With the wild card (癞子) one selection can be played several ways —
//! `4 4 4` and a wild card is a soft bomb of 4 or a trio of 4 with a single.
//! The engine lists every legal reading ([`readings_among`]); this module
//! owns what the Discord front end does with them, as pure functions:
//!
//! - [`choose`]: play the only reading at once, offer a choice among
//!   several, or — when there is none — the play whose refusal by the
//!   engine explains best why the cards cannot go now;
//! - [`encode`] / [`decode`]: a reading as the value of a select option
//!   (`4S4H4D5S.bomb.4`), read back and then re-checked against the legal
//!   readings by the caller, so a forged or stale value acts on nothing;
//! - [`label`]: a reading in words, `Soft bomb of 4 (wild as 4)`;
//! - [`split_typed`]: `/play 6 7 8 9 5 as:10` — the cards, and what the
//!   player states the wild cards stand for (ranks, and/or a pattern).

use crate::discord::errors::BotError;
use crate::games::dou_dizhu::cardset::{rank_from_name, rank_name, rank_record_name};
use crate::games::dou_dizhu::patterns::{classify, BombClass, TWO};
use crate::games::dou_dizhu::{
    deck_for, readings_among, wild, Action, CardSet, Combo, Kind, PatternRules, View, WildAs,
    WildRules,
};
use crate::i18n::{self, Lang};

/// Discord's limit on a select option's label.
const MAX_LABEL: usize = 100;

/// Where chains run in the view's game: the engine's own choice (two
/// players: chains from 5), read from the view.
fn pattern_rules(view: &View) -> PatternRules {
    if view.players == 2 {
        PatternRules::TWO_PLAYERS
    } else {
        PatternRules::CLASSIC
    }
}

/// The view's wild rank, as the engine reads plays with it.
fn wild_rules(view: &View) -> Option<WildRules> {
    view.wild
        .map(|w| WildRules::new(w as usize, deck_for(view.players as usize)))
}

/// What to do with a selection of cards.
#[derive(Clone, Debug, PartialEq)]
pub enum Choice {
    /// Play this (the only legal reading, or the play the engine refuses
    /// with its clearest reason when there is no legal reading).
    Play(Action),
    /// Several legal readings: the player picks one.
    Pick(Vec<Action>),
}

/// What a player typed after the cards (`as:7 8`, `as:bomb`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Statement {
    /// The ranks the wild cards stand for (rank indices), when stated.
    pub ranks: Option<WildAs>,
    /// The pattern, when stated.
    pub kind: Option<Kind>,
}

/// The readings of `cards` for the seat with `legal` (its legal actions)
/// and what to do: one → play it; several → pick (the ones `statement`
/// allows, when given); none → the play that shows the engine's reason.
/// A stated reading that matches no legal one is sent as stated, for the
/// engine to accept or to refuse with its reason.
pub fn choose(
    view: &View,
    legal: &[Action],
    cards: CardSet,
    statement: Option<&Statement>,
) -> Choice {
    let mut readings = readings_among(legal, cards);
    if let Some(st) = statement {
        let stated = stated_combos(view, cards, st);
        readings.retain(|r| {
            let Action::Play { reading, .. } = r else {
                return false;
            };
            st.kind.is_none_or(|k| *reading == Some(k))
                && stated
                    .as_ref()
                    .is_none_or(|s| combo_of(view, r).is_some_and(|c| s.contains(&c)))
        });
        if readings.is_empty() {
            return Choice::Play(Action::Play {
                cards,
                reading: st.kind,
                wild_as: st.ranks.unwrap_or(WildAs::NONE),
            });
        }
    }
    sort_readings(view, &mut readings);
    match readings.len() {
        0 => Choice::Play(refusal_play(view, cards)),
        1 => {
            let only = readings.remove(0);
            Choice::Play(match (only, statement) {
                // The player's own words go into the record.
                (
                    Action::Play { cards, reading, .. },
                    Some(Statement {
                        ranks: Some(ranks), ..
                    }),
                ) => Action::Play {
                    cards,
                    reading,
                    wild_as: *ranks,
                },
                // A play without wild cards needs no reading: the record
                // keeps the plain form.
                (Action::Play { cards, wild_as, .. }, None) if wild_as.is_empty() => {
                    Action::play(&cards.cards())
                }
                (only, _) => only,
            })
        }
        _ => Choice::Pick(readings),
    }
}

/// The combos `cards` make with the statement's ranks, or `None` when it
/// states no ranks (any reading of the pattern will do).
fn stated_combos(view: &View, cards: CardSet, st: &Statement) -> Option<Vec<Combo>> {
    let ranks = st.ranks?;
    let rules = pattern_rules(view);
    Some(match wild_rules(view) {
        Some(wr) => wild::read(cards, Some(&ranks), &wr, &rules).unwrap_or_default(),
        None => Vec::new(),
    })
}

/// Readings in a stable order: by pattern, then size, then main rank.
fn sort_readings(view: &View, readings: &mut [Action]) {
    readings.sort_by_key(|r| {
        let c = combo_of(view, r);
        c.map(|c| (c.kind, c.size, c.class, c.main))
    });
}

/// The combo a reading makes at this point of the game, as the engine reads
/// it: among the readings of its pattern, the first that beats the play to
/// beat (or the first, when leading). `None` if it is no play.
pub fn combo_of(view: &View, reading: &Action) -> Option<Combo> {
    let Action::Play {
        cards,
        reading,
        wild_as,
    } = *reading
    else {
        return None;
    };
    let rules = pattern_rules(view);
    let combos: Vec<Combo> = match wild_rules(view) {
        None => classify(&cards.counts(), &rules).iter().collect(),
        Some(wr) => {
            let stated = (!wild_as.is_empty()).then_some(&wild_as);
            wild::read(cards, stated, &wr, &rules).ok()?
        }
    };
    let mut of_kind = combos
        .into_iter()
        .filter(|c| reading.is_none_or(|k| c.kind == k));
    let first = of_kind.next()?;
    match &view.standing {
        Some(st) if !first.beats(st.combo) => of_kind.find(|c| c.beats(st.combo)).or(Some(first)),
        _ => Some(first),
    }
}

/// A selection with no legal reading now, as the play whose refusal tells
/// the player why: without wild cards (or all wild) the plain play; with
/// wild and natural cards mixed, a statement that makes it a combination
/// (of the pattern to beat if one can), so the engine says what it fails —
/// "cannot beat the pair of 9" rather than "say what the wild cards are";
/// and when no statement makes a combination, the wild cards as their own
/// rank, which the engine calls no valid combination.
pub fn refusal_play(view: &View, cards: CardSet) -> Action {
    let plain = Action::play(&cards.cards());
    let Some(wr) = wild_rules(view) else {
        return plain;
    };
    let (wild_cards, naturals) = wr.split(cards);
    let j = wild_cards.len();
    if j == 0 || naturals.is_empty() || j > 4 {
        return plain;
    }
    let rules = pattern_rules(view);
    let to_beat = view.standing.as_ref().map(|s| s.combo);
    let ranks: Vec<usize> = (0..=TWO).filter(|&r| wr.may_stand_for(r)).collect();
    let mut best: Option<(u8, WildAs)> = None;
    each_multiset(&ranks, j, &mut |stated| {
        let Some(w) = WildAs::from_ranks(stated) else {
            return;
        };
        let Ok(combos) = wild::read(cards, Some(&w), &wr, &rules) else {
            return;
        };
        // 2: the pattern and size to beat; 1: its pattern; 0: any combination.
        let score = combos
            .iter()
            .map(|c| match to_beat {
                Some(t) if c.kind == t.kind && c.size == t.size => 2,
                Some(t) if c.kind == t.kind => 1,
                _ => 0,
            })
            .max();
        if let Some(s) = score {
            if best.is_none_or(|(b, _)| s > b) {
                best = Some((s, w));
            }
        }
    });
    let wild_as = match best {
        Some((_, w)) => w,
        None => WildAs::from_ranks(&vec![wr.wild; j]).unwrap_or(WildAs::NONE),
    };
    Action::Play {
        cards,
        reading: None,
        wild_as,
    }
}

/// Calls `f` with every multiset of `k` items of `items` (non-decreasing
/// index order).
fn each_multiset(items: &[usize], k: usize, f: &mut impl FnMut(&[usize])) {
    fn go(
        items: &[usize],
        k: usize,
        from: usize,
        acc: &mut Vec<usize>,
        f: &mut impl FnMut(&[usize]),
    ) {
        if acc.len() == k {
            f(acc);
            return;
        }
        for i in from..items.len() {
            acc.push(items[i]);
            go(items, k, i, acc, f);
            acc.pop();
        }
    }
    go(items, k, 0, &mut Vec::with_capacity(k), f);
}

/// A reading as a select value: `<cards>.<pattern>.<wild ranks>`, e.g.
/// `4S4H4D5S.bomb.4` (cards in canonical notation, the record's pattern
/// name, one record letter per wild card). `None` for anything but a play
/// with a pattern.
pub fn encode(reading: &Action) -> Option<String> {
    let Action::Play {
        cards,
        reading: Some(kind),
        wild_as,
    } = reading
    else {
        return None;
    };
    let cards: String = cards.cards().iter().map(|c| c.to_string()).collect();
    let ranks: String = wild_as.ranks().map(rank_record_name).collect();
    Some(format!("{cards}.{}.{ranks}", kind.name()))
}

/// Reads a select value back; `None` for anything [`encode`] cannot have
/// made. The caller still checks the play is among the legal readings.
pub fn decode(value: &str) -> Option<Action> {
    if value.len() > 100 || !value.is_ascii() {
        return None;
    }
    let mut parts = value.split('.');
    let (cards, kind, ranks) = (parts.next()?, parts.next()?, parts.next()?);
    if parts.next().is_some() || cards.is_empty() || cards.len() % 2 != 0 {
        return None;
    }
    let cards: Vec<crate::cards::Card> = (0..cards.len())
        .step_by(2)
        .map(|i| cards[i..i + 2].parse().ok())
        .collect::<Option<_>>()?;
    let set = CardSet::from_cards(&cards);
    if set.len() != cards.len() {
        return None;
    }
    let kind = Kind::from_name(kind)?;
    let ranks: Vec<usize> = ranks
        .chars()
        .map(|c| rank_from_name(&c.to_string()).filter(|&r| r <= TWO))
        .collect::<Option<_>>()?;
    Some(Action::Play {
        cards: set,
        reading: Some(kind),
        wild_as: WildAs::from_ranks(&ranks)?,
    })
}

/// A reading in the player's words: `Straight 5–9 (wild as 7, 8)`,
/// `Soft bomb of 4 (wild as 4)`, `炸弹 4（癞子当 4）`. At most 100
/// characters (a select option's label).
pub fn label(lang: Lang, view: &View, reading: &Action) -> String {
    let Action::Play {
        reading: kind,
        wild_as,
        ..
    } = reading
    else {
        return String::new();
    };
    let text = match combo_of(view, reading) {
        Some(combo) => combo_words(lang, combo),
        None => kind
            .map(|k| i18n::ddz_pattern_name(lang, k.name()))
            .unwrap_or_default(),
    };
    let text = if wild_as.is_empty() {
        text
    } else {
        let ranks: Vec<&str> = wild_as.ranks().map(rank_name).collect();
        i18n::tr_args(
            lang,
            "reading-wild-as",
            &[
                ("reading", text.into()),
                ("ranks", i18n::list(lang, &ranks).into()),
            ],
        )
    };
    let mut chars = text.chars();
    let first: String = chars
        .next()
        .map(|c| c.to_uppercase().collect())
        .unwrap_or_default();
    let out: String = first.chars().chain(chars).collect();
    out.chars().take(MAX_LABEL).collect()
}

/// A combo in words: its pattern (a bomb with its class) and its rank or
/// run.
pub fn combo_words(lang: Lang, combo: Combo) -> String {
    let pattern = match (combo.kind, combo.class) {
        (Kind::Bomb, BombClass::Soft) => i18n::tr(lang, "ddz-bomb-soft"),
        (Kind::Bomb, BombClass::PureWild) => i18n::tr(lang, "ddz-bomb-pure-wild"),
        (k, _) => i18n::ddz_pattern_name(lang, k.name()),
    };
    let unit = match combo.kind {
        Kind::Straight => 1,
        Kind::PairStraight => 2,
        Kind::Airplane => 3,
        Kind::AirplaneSingles => 4,
        Kind::AirplanePairs => 5,
        Kind::Rocket => return pattern,
        _ => 0,
    };
    let main = combo.main as usize;
    if unit == 0 {
        return i18n::tr_args(
            lang,
            "reading-of",
            &[
                ("pattern", pattern.into()),
                ("rank", rank_name(main).into()),
            ],
        );
    }
    let len = (combo.size as usize / unit).max(1);
    let low = (main + 1).saturating_sub(len);
    i18n::tr_args(
        lang,
        "reading-run",
        &[
            ("pattern", pattern.into()),
            ("low", rank_name(low).into()),
            ("high", rank_name(main).into()),
        ],
    )
}

/// Splits a trailing `#n` (which reading of the menu, numbered from 1) off
/// typed input: `4 4 4 5 #2` → (`4 4 4 5`, 2). Without one the input is
/// returned whole; `#` followed by anything but a number is refused.
pub fn split_number(input: &str) -> Result<(&str, Option<usize>), BotError> {
    let trimmed = input.trim_end();
    let Some(at) = trimmed.rfind(['#', '＃']) else {
        return Ok((input, None));
    };
    let mark = trimmed[at..].chars().next().map_or(1, char::len_utf8);
    let digits = trimmed[at + mark..].trim();
    match digits.parse::<usize>() {
        Ok(n) if n >= 1 && !digits.starts_with('+') => Ok((&trimmed[..at], Some(n))),
        _ => Err(BotError::user(crate::keys::ERR_READING_NUMBER_BAD).arg("input", digits)),
    }
}

/// Splits typed input into the cards and what the player states about the
/// wild cards: `6 7 8 9 5 as:10`, `67895=10`, `4445 as:bomb`, `4445 当 4`.
/// The statement lists ranks (`7 8`, `78`, `10`) and at most one pattern
/// (`bomb`, `trio_single`, or its name in either language without spaces,
/// `炸弹`). A statement that says nothing understandable is refused.
pub fn split_typed(input: &str) -> Result<(&str, Option<Statement>), BotError> {
    let found = ["as:", "as：", "=", "当"]
        .iter()
        .filter_map(|m| find_marker(input, m).map(|at| (at, m.len())))
        .min();
    let Some((at, len)) = found else {
        return Ok((input, None));
    };
    let (cards, rest) = (&input[..at], &input[at + len..]);
    let statement = parse_statement(rest).ok_or_else(|| {
        BotError::user(crate::keys::ERR_READING_STATEMENT).arg("statement", rest.trim().to_string())
    })?;
    Ok((cards, Some(statement)))
}

/// Where `marker` first starts in `input`, ASCII letters compared without
/// case (`As:` is `as:`).
fn find_marker(input: &str, marker: &str) -> Option<usize> {
    let (bytes, m) = (input.as_bytes(), marker.as_bytes());
    input
        .char_indices()
        .map(|(i, _)| i)
        .find(|&i| bytes.len() - i >= m.len() && bytes[i..i + m.len()].eq_ignore_ascii_case(m))
}

/// The ranks and pattern after `as:`; `None` when a word is neither, or
/// nothing is stated.
fn parse_statement(text: &str) -> Option<Statement> {
    let mut ranks = Vec::new();
    let mut kind = None;
    let spaced = text.replace([',', '，', '、', ';'], " ");
    for word in spaced.split_whitespace() {
        if let Some(k) = kind_of_word(word) {
            if kind.replace(k).is_some() {
                return None;
            }
            continue;
        }
        ranks.extend(ranks_of_word(word)?);
    }
    if ranks.is_empty() && kind.is_none() {
        return None;
    }
    Some(Statement {
        ranks: if ranks.is_empty() {
            None
        } else {
            Some(WildAs::from_ranks(&ranks)?)
        },
        kind,
    })
}

/// A pattern named by its record name (`trio_single`, `trio-single`) or by
/// its name in a locale (`炸弹`, `bomb`).
fn kind_of_word(word: &str) -> Option<Kind> {
    let w = word.to_lowercase().replace('-', "_");
    Kind::ALL.into_iter().find(|k| {
        k.name() == w
            || Lang::ALL
                .iter()
                .any(|&lang| i18n::ddz_pattern_name(lang, k.name()).to_lowercase() == w)
    })
}

/// Ranks in one word: `7`, `10`, `q`, or run together, `78`, `10j`.
fn ranks_of_word(word: &str) -> Option<Vec<usize>> {
    if let Some(r) = rank_from_name(word).filter(|&r| r <= TWO) {
        return Some(vec![r]);
    }
    let chars: Vec<char> = word.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let (text, step) = if chars[i] == '1' && chars.get(i + 1) == Some(&'0') {
            ("10".to_string(), 2)
        } else {
            (chars[i].to_string(), 1)
        };
        out.push(rank_from_name(&text).filter(|&r| r <= TWO)?);
        i += step;
    }
    (out.len() <= 4).then_some(out)
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::games::dou_dizhu::DouDizhu;
    use crate::games::{Game, RecordAction};

    /// A wild game (wild rank `wild`) with seat 0 the landlord to lead:
    /// seat 0 holds `hand` (20 cards with the kitty), the rest is dealt
    /// to the others.
    pub(crate) fn landlord_with(hand: &[&str], wild: &str) -> DouDizhu {
        let mut mine: Vec<crate::cards::Card> = hand.iter().map(|c| c.parse().unwrap()).collect();
        let rest: Vec<crate::cards::Card> = CardSet::full_deck()
            .minus(CardSet::from_cards(&mine))
            .cards();
        assert_eq!(mine.len(), 20);
        let kitty: Vec<_> = mine.split_off(17);
        let s = |cs: &[crate::cards::Card]| cs.iter().map(|c| c.to_string()).collect::<Vec<_>>();
        let deal = serde_json::json!({
            "hands": [s(&mine), s(&rest[..17]), s(&rest[17..])],
            "kitty": s(&kitty), "first": 0, "wild": wild});
        let record = serde_json::json!({"game": "dou-dizhu", "rules": {"wild": true},
            "seats": 3, "deal": deal, "actions": [{"seat": 0, "bid": 3}]});
        let record = crate::record::Record::from_json(&record.to_string()).unwrap();
        let mut g = DouDizhu::from_record_setup(&record).unwrap();
        g.apply(0, &Action::Bid(3)).unwrap();
        g
    }

    /// 4 4 4, one wild 5, a straight 6–9 … : 20 cards.
    pub(crate) const HAND: [&str; 20] = [
        "4S", "4H", "4D", "5S", "6S", "7S", "8S", "9H", "JS", "JH", "QS", "QH", "KS", "AS", "AH",
        "2S", "2H", "3S", "3H", "SJ",
    ];

    fn cards(list: &[&str]) -> CardSet {
        CardSet::from_cards(&list.iter().map(|c| c.parse().unwrap()).collect::<Vec<_>>())
    }

    #[test]
    fn a_trio_and_a_wild_card_offer_a_bomb_and_a_trio_with_a_single() {
        let g = landlord_with(&HAND, "5");
        let (view, legal) = (g.view(Some(0)), g.legal_actions(0));
        let Choice::Pick(list) = choose(&view, &legal, cards(&["4S", "4H", "4D", "5S"]), None)
        else {
            panic!("several readings");
        };
        let labels: Vec<String> = list.iter().map(|r| label(Lang::EnUs, &view, r)).collect();
        assert!(
            labels.contains(&"Soft bomb of 4 (wild as 4)".to_string()),
            "{labels:?}"
        );
        assert!(
            labels
                .iter()
                .any(|l| l.starts_with("Trio with a single of 4 (wild as ")),
            "{labels:?}"
        );
        let zh: Vec<String> = list.iter().map(|r| label(Lang::ZhCn, &view, r)).collect();
        assert!(zh.contains(&"软炸 4（癞子当 4）".to_string()), "{zh:?}");
        // Each listed reading is accepted by the engine as it stands.
        for r in &list {
            assert!(g.clone().apply(0, r).is_ok(), "{r:?}");
        }
    }

    #[test]
    fn a_four_card_run_and_a_wild_card_read_as_either_end() {
        let g = landlord_with(&HAND, "5");
        let (view, legal) = (g.view(Some(0)), g.legal_actions(0));
        let sel = cards(&["6S", "7S", "8S", "9H", "5S"]);
        let Choice::Pick(list) = choose(&view, &legal, sel, None) else {
            panic!("several readings");
        };
        let labels: Vec<String> = list.iter().map(|r| label(Lang::EnUs, &view, r)).collect();
        assert!(
            labels.contains(&"Straight 5–9 (wild as 5)".to_string()),
            "{labels:?}"
        );
        assert!(
            labels.contains(&"Straight 6–10 (wild as 10)".to_string()),
            "{labels:?}"
        );
        let zh: Vec<String> = list.iter().map(|r| label(Lang::ZhCn, &view, r)).collect();
        assert!(zh.contains(&"顺子 6–10（癞子当 10）".to_string()), "{zh:?}");
        // Stating the ranks picks one; the player's words are kept.
        let st = Statement {
            ranks: WildAs::from_ranks(&[7]),
            kind: None,
        };
        let Choice::Play(a) = choose(&view, &legal, sel, Some(&st)) else {
            panic!("one reading");
        };
        assert_eq!(a.to_json()["wild_as"], serde_json::json!(["T"]));
        assert!(g.clone().apply(0, &a).is_ok());
    }

    #[test]
    fn one_reading_plays_at_once_and_none_explains_itself() {
        let g = landlord_with(&HAND, "5");
        let (view, legal) = (g.view(Some(0)), g.legal_actions(0));
        // A pair of 4 has one reading, and no wild card: the plain play.
        let Choice::Play(a) = choose(&view, &legal, cards(&["4S", "4H"]), None) else {
            panic!("one reading");
        };
        assert_eq!(a, Action::play(&cards(&["4S", "4H"]).cards()));
        // A wild card with a joker is no combination at all.
        let Choice::Play(a) = choose(&view, &legal, cards(&["5S", "SJ"]), None) else {
            panic!("no reading");
        };
        let err = g.clone().apply(0, &a).unwrap_err();
        assert_eq!(err.key, "err-not-a-combination", "{err:?}");
    }

    #[test]
    fn with_no_legal_reading_the_engine_says_what_fails() {
        let mut g = landlord_with(&HAND, "5");
        g.apply(0, &Action::play(&cards(&["2S", "2H"]).cards()))
            .unwrap();
        // Seat 1 (dealt the lowest cards left, 5♥ 5♣ 5♦ wild among them)
        // tries a 3 and a wild card against the pair of 2: a pair of 3 can
        // be made, but it does not beat, and that is what the engine says.
        let (view, legal) = (g.view(Some(1)), g.legal_actions(1));
        let sel = cards(&["3C", "5H"]);
        assert!(sel.is_subset(view.hand.unwrap()));
        let Choice::Play(a) = choose(&view, &legal, sel, None) else {
            panic!("no reading beats a pair of 2");
        };
        assert_eq!(a.to_json()["wild_as"], serde_json::json!(["3"]));
        let err = g.clone().apply(1, &a).unwrap_err();
        assert_eq!(err.key, "err-not-higher", "{err:?}");
        // With no combination at all: the wild card as itself, which the
        // engine calls no valid combination.
        let sel = cards(&["3C", "4C", "5H"]);
        let Choice::Play(a) = choose(&view, &legal, sel, None) else {
            panic!("no reading");
        };
        let err = g.clone().apply(1, &a).unwrap_err();
        assert!(
            [
                crate::keys::ERR_NOT_A_COMBINATION,
                crate::keys::ERR_WRONG_SIZE,
                crate::keys::ERR_DOES_NOT_BEAT
            ]
            .contains(&err.key),
            "{err:?}"
        );
    }

    #[test]
    fn values_round_trip_and_garbage_is_refused() {
        let g = landlord_with(&HAND, "5");
        let legal = g.legal_actions(0);
        let plays: Vec<&Action> = legal
            .iter()
            .filter(|a| matches!(a, Action::Play { .. }))
            .collect();
        assert!(plays.len() > 50);
        for a in plays {
            let v = encode(a).unwrap();
            assert!(v.len() <= 100, "{v}");
            assert_eq!(decode(&v).as_ref(), Some(a), "{v}");
        }
        for bad in [
            "",
            "garbage",
            "4S4H4D5S.bomb",
            "4S4H4D5S.bomb.4.x",
            "4S4H4D5S.boom.4",
            "4S4H4D5.bomb.4",
            "4S4S4D5S.bomb.4",
            "4S4H4D5S.bomb.Z",
            "4S4H4D5S.bomb.44444",
            ".bomb.4",
            "4S4H4D5S.bomb.B",
            "４S4H.pair.",
        ] {
            assert_eq!(decode(bad), None, "{bad:?} accepted");
        }
        assert_eq!(encode(&Action::Pass), None);
    }

    #[test]
    fn typed_numbers() {
        assert_eq!(split_number("4 4 4 5 #2").unwrap(), ("4 4 4 5 ", Some(2)));
        assert_eq!(split_number("4445＃ 12 ").unwrap(), ("4445", Some(12)));
        assert_eq!(split_number("4 4 4 5").unwrap(), ("4 4 4 5", None));
        for bad in ["4445 #", "4445 #0", "4445 #x", "4445 #+2", "#-1"] {
            assert!(split_number(bad).is_err(), "{bad:?} accepted");
        }
    }

    #[test]
    fn typed_statements() {
        let (c, st) = split_typed("6 7 8 9 5 as:10").unwrap();
        assert_eq!(c, "6 7 8 9 5 ");
        let st = st.unwrap();
        assert_eq!(st.ranks, WildAs::from_ranks(&[7]));
        assert_eq!(st.kind, None);
        let (c, st) = split_typed("5 5 6 9 As: 7 8").unwrap();
        assert_eq!(c, "5 5 6 9 ");
        assert_eq!(st.unwrap().ranks, WildAs::from_ranks(&[4, 5]));
        let (_, st) = split_typed("4445=bomb").unwrap();
        assert_eq!(st.unwrap().kind, Some(Kind::Bomb));
        let (c, st) = split_typed("4445 当 炸弹 4").unwrap();
        assert_eq!(c, "4445 ");
        let st = st.unwrap();
        assert_eq!(
            (st.kind, st.ranks),
            (Some(Kind::Bomb), WildAs::from_ranks(&[1]))
        );
        let (_, st) = split_typed("6789 5 as:10j,q").unwrap();
        assert_eq!(st.unwrap().ranks, WildAs::from_ranks(&[7, 8, 9]));
        // No statement: the whole input is cards (A♠ is still a card).
        assert_eq!(split_typed("as ks").unwrap(), ("as ks", None));
        for bad in [
            "4445 as:",
            "4445 as:x",
            "4445 as:bomb pair",
            "4445 as:34567",
        ] {
            assert!(split_typed(bad).is_err(), "{bad:?} accepted");
        }
    }
}
