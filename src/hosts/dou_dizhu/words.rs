//! Dou Dizhu's words for both front ends, from `locales/*/dou-dizhu.ftl`:
//! the events of a hand, a play in words (wild cards and what they stand
//! for), the multiplier and its factors. Seat names come from the caller
//! ([`Seats`]).

use crate::cards::Card;
use crate::games::dou_dizhu::cardset::rank_name;
use crate::games::dou_dizhu::counter::counter_ranks;
use crate::games::dou_dizhu::patterns::{BIG_JOKER, SMALL_JOKER};
use crate::games::dou_dizhu::{main_part, CardSet, Event as DdzEvent, PhaseName, SeatMove, View};
use crate::games::Seat;
use crate::i18n::events::{n, Seats};
use crate::i18n::{render_card, render_cards, tr, tr_args, Lang};

fn cards_text(lang: Lang, cards: CardSet) -> String {
    render_cards(lang, &cards.cards())
}

/// Every factor of a Dou Dizhu multiplier in words, in the order they
/// arise: `bid ×3 · 1 bomb ×2 · spring ×2 · AI 2 doubled ×2`. `spring` is
/// (spring, anti-spring), known at the end only.
pub fn ddz_factor_words(
    lang: Lang,
    seats: &Seats<'_>,
    f: &crate::games::dou_dizhu::Factors,
    doubled: &[Option<bool>],
    spring: (bool, bool),
) -> Vec<String> {
    let value = |key: &str, v: u64| tr_args(lang, key, &[("value", n(v as i64))]);
    // The call and each rob apart (叫地主 ×1 · 抢地主 ×4), not one "bid".
    let robbed = 1u64 << f.robs.min(30);
    let mut out = vec![value("factor-bid", u64::from(f.base) / robbed)];
    if f.robs > 0 {
        out.push(value("factor-rob", robbed));
    }
    for (key, v) in [
        ("factor-kick", f.kicks),
        ("factor-kitty", f.kitty),
        ("factor-show", f.show),
        ("factor-discard", f.discard),
    ] {
        if v > 1 {
            out.push(value(key, u64::from(v)));
        }
    }
    if f.bombs > 0 {
        // A rocket (王炸) is not counted as a bomb in words.
        out.push(tr_args(
            lang,
            "factor-bombs",
            &[
                ("count", n(f.bombs - f.rockets.min(f.bombs))),
                ("rockets", n(f.rockets)),
                ("value", n(1i64 << f.bombs.min(62))),
            ],
        ));
    }
    if spring.0 {
        out.push(tr(lang, "factor-spring"));
    }
    if spring.1 {
        out.push(tr(lang, "factor-anti-spring"));
    }
    for (seat, d) in doubled.iter().enumerate() {
        if *d == Some(true) {
            out.push(seats.say(lang, "factor-doubled", seat, vec![]));
        }
    }
    out
}

/// The multiplier each farmer plays the landlord for, doubling included:
/// the game's multiplier × 2 if the farmer doubled × 2 if the landlord did.
/// `(farmer, multiplier)`; empty before there is a landlord.
pub fn ddz_paid_multipliers(
    multiplier: u64,
    doubled: &[Option<bool>],
    landlord: Option<Seat>,
    players: usize,
) -> Vec<(Seat, u64)> {
    let Some(landlord) = landlord else {
        return Vec::new();
    };
    let twice = |s: Seat| {
        if doubled.get(s).copied().flatten() == Some(true) {
            2
        } else {
            1
        }
    };
    (0..players)
        .filter(|&s| s != landlord)
        .map(|s| (s, multiplier * twice(s) * twice(landlord)))
        .collect()
}

/// The multiplier line `me` reads: `Multiplier: ×6 (bid ×3 · You doubled
/// ×2)`. A farmer reads his own; the landlord reads the one of each
/// farmer when their doublings differ.
pub fn ddz_multiplier_line(
    lang: Lang,
    seats: &Seats<'_>,
    paid: &[(Seat, u64)],
    base: u64,
    factors: &[String],
    me: Option<Seat>,
) -> String {
    let mine = paid.iter().find(|(s, _)| Some(*s) == me).map(|(_, m)| *m);
    let all_same = paid.windows(2).all(|w| w[0].1 == w[1].1);
    let figure = match (mine, paid.first()) {
        (Some(m), _) => format!("×{m}"),
        (None, Some((_, m))) if all_same => format!("×{m}"),
        (None, Some(_)) => {
            let each: Vec<String> = paid
                .iter()
                .map(|(s, m)| {
                    seats.say(
                        lang,
                        "multiplier-with",
                        *s,
                        vec![("multiplier", n(*m as i64))],
                    )
                })
                .collect();
            crate::i18n::list(lang, &each)
        }
        (None, None) => format!("×{base}"),
    };
    tr_args(
        lang,
        "multiplier-factors",
        &[
            ("multiplier", figure.into()),
            ("factors", factors.join(" · ").into()),
        ],
    )
}

/// A play as the apps write it: the main part first, the kickers after a
/// `+` (`8♠ 8♥ 8♦ + 3♦`), and what the wild cards stood for
/// (`6♠ 7♠ 8♠ 9♠ 5♥ (wild as 10)`).
pub fn ddz_play_text(
    lang: Lang,
    cards: CardSet,
    main: CardSet,
    wilds: CardSet,
    wild_as: &[u8],
) -> String {
    if main.is_empty() && wilds.is_empty() {
        return cards_text(lang, cards);
    }
    let mut head: Vec<Card> = main.cards();
    head.extend(wilds.cards());
    let mut text = render_cards(lang, &head);
    let kickers = cards.minus(main).minus(wilds);
    if !kickers.is_empty() {
        text = format!("{text} + {}", cards_text(lang, kickers));
    }
    if !wild_as.is_empty() {
        let ranks: Vec<&str> = wild_as
            .iter()
            .map(|&r| crate::games::dou_dizhu::cardset::rank_name(r as usize))
            .collect();
        text = tr_args(
            lang,
            "played-wild-as",
            &[
                ("cards", text.into()),
                ("ranks", crate::i18n::list(lang, &ranks).into()),
            ],
        );
    }
    text
}

/// 记牌器 in words, for the seat's hand view while cards are played:
/// `Not yet played (记牌器): Big Joker 1 · Small Joker 0 · 2 4 · A 3 · …`,
/// big joker first as the apps list it. `None` outside the play or in the
/// public view.
pub fn ddz_counter_line(lang: Lang, view: &View) -> Option<String> {
    if view.phase != PhaseName::Playing {
        return None;
    }
    let unseen = view.unseen()?;
    let ranks: Vec<String> = counter_ranks(view.players)
        .map(|r| {
            tr_args(
                lang,
                "ddz-counter-rank",
                &[
                    ("rank", rank_words(lang, r).into()),
                    ("count", n(unseen[r])),
                ],
            )
        })
        .collect();
    Some(tr_args(
        lang,
        "ddz-counter",
        &[("ranks", ranks.join(" · ").into())],
    ))
}

/// A rank as people read it: `10`, `A`, the jokers by name.
pub fn rank_words(lang: Lang, rank: usize) -> String {
    match rank {
        SMALL_JOKER => render_card(lang, Card::SmallJoker),
        BIG_JOKER => render_card(lang, Card::BigJoker),
        r => rank_name(r).to_string(),
    }
}

/// 报单 / 报双 beside a seat down to one or two cards; `None` otherwise.
pub fn ddz_warning(lang: Lang, view: &View, seat: Seat) -> Option<String> {
    let count = view.warning(seat)?;
    Some(tr_args(lang, "ddz-warning", &[("count", n(count))]))
}

/// A seat's last move of the round: `played 8♠ 8♥ 8♦ + 3♦`, or `passed`.
pub fn ddz_seat_move(lang: Lang, view: &View, seat: Seat) -> Option<String> {
    Some(match view.last_moves.get(seat).copied()?? {
        SeatMove::Passed => tr(lang, "ddz-seat-passed"),
        SeatMove::Played { cards, combo } => {
            let (main, wilds, wild_as) = main_part(cards, combo, view.wild.map(usize::from));
            tr_args(
                lang,
                "ddz-seat-played",
                &[(
                    "cards",
                    ddz_play_text(lang, cards, main, wilds, &wild_as).into(),
                )],
            )
        }
    })
}

/// One Dou Dizhu event as a sentence; `None` for events without words of
/// their own (a new lead, the end of the game: the front end shows those
/// its own way).
pub fn ddz_event_line(lang: Lang, seats: &Seats<'_>, event: &DdzEvent) -> Option<String> {
    let say = |key: &str, seat: Seat, rest| Some(seats.say(lang, key, seat, rest));
    match event {
        DdzEvent::Shown { seat, hand, .. } => say(
            "event-shown",
            *seat,
            vec![("cards", cards_text(lang, *hand).into())],
        ),
        DdzEvent::Bid { seat, bid } => say("event-bid", *seat, vec![("points", n(*bid))]),
        DdzEvent::Called { seat } => say("event-called", *seat, vec![]),
        DdzEvent::Robbed { seat } => say("event-robbed", *seat, vec![]),
        DdzEvent::Kicked { seat } => say("event-kicked", *seat, vec![]),
        DdzEvent::Countered { seat } => say("event-countered", *seat, vec![]),
        DdzEvent::Doubled { seat } => say("event-doubled", *seat, vec![]),
        DdzEvent::Discarded {
            seat,
            count,
            factor,
        } => say(
            "event-discarded",
            *seat,
            vec![("count", n(*count)), ("factor", n(*factor))],
        ),
        DdzEvent::Passed { seat, on } => {
            let on = match on {
                crate::games::dou_dizhu::PassOn::Bid => "bid",
                crate::games::dou_dizhu::PassOn::Rob => "rob",
                crate::games::dou_dizhu::PassOn::Kick => "kick",
                crate::games::dou_dizhu::PassOn::Discard => "discard",
                crate::games::dou_dizhu::PassOn::Double => "double",
                crate::games::dou_dizhu::PassOn::Play => "play",
            };
            say("event-passed", *seat, vec![("on", on.into())])
        }
        DdzEvent::Landlord { seat, kitty, .. } => say(
            "event-landlord",
            *seat,
            vec![("cards", cards_text(lang, *kitty).into())],
        ),
        DdzEvent::Played {
            seat,
            cards,
            combo,
            main,
            wilds,
            wild_as,
            ..
        } => say(
            "event-played",
            *seat,
            vec![
                ("pattern", ddz_play_pattern(lang, *combo).into()),
                (
                    "cards",
                    ddz_play_text(lang, *cards, *main, *wilds, wild_as).into(),
                ),
            ],
        ),
        DdzEvent::Redeal => Some(tr(lang, "event-redeal")),
        DdzEvent::Left { seat, penalty } => say(
            "event-escaped",
            *seat,
            vec![("penalty", n(i64::try_from(*penalty).unwrap_or(i64::MAX)))],
        ),
        DdzEvent::Lead { .. } | DdzEvent::Finished { .. } => None,
    }
}

/// A play's pattern as the log names it: a bomb of the wild game by its
/// class (软炸, 纯癞子炸), which decides what beats it.
fn ddz_play_pattern(lang: Lang, combo: crate::games::dou_dizhu::Combo) -> String {
    use crate::games::dou_dizhu::patterns::BombClass;
    use crate::games::dou_dizhu::Kind;
    match (combo.kind, combo.class) {
        (Kind::Bomb, BombClass::Soft) => tr(lang, "ddz-bomb-soft"),
        (Kind::Bomb, BombClass::PureWild) => tr(lang, "ddz-bomb-pure-wild"),
        (k, _) => crate::i18n::ddz_pattern_name(lang, k.name()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names() -> Vec<String> {
        vec!["You".into(), "AI 1".into(), "AI 2".into()]
    }

    /// Issue #36: robs are named as robs (抢地主), not as the bid, and a
    /// rocket (王炸) is not counted as a bomb.
    #[test]
    fn robs_and_rockets_are_named_as_such() {
        let names = names();
        let seats = Seats::new(&names, Some(0));
        let f = crate::games::dou_dizhu::Factors {
            base: 4,
            kicks: 0,
            kitty: 1,
            show: 1,
            discard: 1,
            bombs: 2,
            rockets: 1,
            robs: 2,
            multiplier: 16,
        };
        let en = ddz_factor_words(Lang::EnUs, &seats, &f, &[], (false, false));
        assert_eq!(en, ["bid ×1", "robs ×4", "1 bomb + rocket ×4"]);
        let zh = ddz_factor_words(Lang::ZhCn, &seats, &f, &[], (false, false));
        assert_eq!(zh, ["叫分 ×1", "抢地主 ×4", "1 个炸弹 + 王炸 ×4"]);
        let rocket = crate::games::dou_dizhu::Factors {
            bombs: 1,
            robs: 0,
            base: 3,
            ..f
        };
        let zh = ddz_factor_words(Lang::ZhCn, &seats, &rocket, &[], (false, false));
        assert_eq!(zh, ["叫分 ×3", "王炸 ×2"]);
    }

    #[test]
    fn one_sentence_serves_the_channel_and_the_terminal() {
        let names = names();
        let bid = DdzEvent::Bid { seat: 0, bid: 3 };
        // Discord: no seat is the reader's; the terminal: seat 0 is.
        let channel = Seats::new(&names, None);
        let terminal = Seats::new(&names, Some(0));
        assert_eq!(
            ddz_event_line(Lang::EnUs, &channel, &bid).unwrap(),
            "You bids 3."
        );
        assert_eq!(
            ddz_event_line(Lang::EnUs, &terminal, &bid).unwrap(),
            "You bid 3."
        );
        let other = DdzEvent::Bid { seat: 1, bid: 2 };
        assert_eq!(
            ddz_event_line(Lang::EnUs, &terminal, &other).unwrap(),
            "AI 1 bids 2."
        );
        // Chinese has no verb agreement: the name alone.
        let zh = ["你".to_string(), "电脑 1".into()];
        assert_eq!(
            ddz_event_line(Lang::ZhCn, &Seats::new(&zh, Some(0)), &bid).unwrap(),
            "你叫 3 分。"
        );
        assert_eq!(
            ddz_event_line(
                Lang::EnUs,
                &terminal,
                &DdzEvent::Lead {
                    seat: 1,
                    passed: vec![0, 2]
                }
            ),
            None
        );
    }
}
