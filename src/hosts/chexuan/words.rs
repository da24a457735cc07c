//! Chexuan's words for both front ends, from `locales/*/chexuan.ftl`:
//! hands and their names, a seat's line, the stage, the events of a hand
//! and of a session, the viewer's cards with their value, the 休 and 皱
//! mango warnings. Seat names come from the caller
//! ([`Seats`]); the cards' names are [`cx_cards`] (shared with `i18n`).

use crate::cards::Card;
use crate::games::chexuan::events::ShownSplit;
use crate::games::chexuan::hands::{evaluate, HandKind, Versus};
use crate::games::chexuan::session::{SessionEvent, SessionView};
use crate::games::chexuan::view::{ChexuanView, PlayerView, Stage};
use crate::games::chexuan::{Event as CxEvent, MangoKind, Status};
use crate::games::Seat;
use crate::i18n::events::{cx_cards, n, signed, Seats};
use crate::i18n::{tr, tr_args, Lang};
use fluent_bundle::FluentValue;

/// A Chexuan two-card hand's name: `天牌` / `Heaven pair (天牌)`.
pub fn cx_hand_name(lang: Lang, kind: HandKind) -> String {
    tr(lang, &format!("chexuan-hand-{}", kind.id()))
}

/// How a seat stands in the hand, after its line (empty while it plays).
pub fn cx_status_word(lang: Lang, p: &PlayerView) -> String {
    match p.status {
        Status::Active => String::new(),
        Status::AllIn => format!(" · {}", tr(lang, "chexuan-status-all-in")),
        Status::Folded => format!(" · {}", tr(lang, "chexuan-status-folded")),
        Status::LaidDown => format!(" · {}", tr(lang, "chexuan-status-laid-down")),
    }
}

/// The stage of a hand: `Betting round 2`, `Showdown`.
pub fn cx_stage_line(lang: Lang, stage: Stage) -> String {
    match stage {
        Stage::Betting { round } => tr_args(lang, "chexuan-stage-betting", &[("round", n(round))]),
        Stage::Showdown => tr(lang, "chexuan-stage-showdown"),
        Stage::Finished => tr(lang, "chexuan-stage-finished"),
    }
}

/// A pairwise result at the showdown, its verb agreeing with `you`.
pub fn cx_versus_word(lang: Lang, v: Versus, you: FluentValue<'static>) -> String {
    let key = match v {
        Versus::Win => "chexuan-versus-win",
        Versus::Tie => "chexuan-versus-tie",
        Versus::Lose => "chexuan-versus-lose",
    };
    tr_args(lang, key, &[("you", you)])
}

fn mango_word(lang: Lang, kind: MangoKind) -> String {
    tr(
        lang,
        match kind {
            MangoKind::Xiu => "chexuan-mango-xiu",
            MangoKind::Zhou => "chexuan-mango-zhou",
        },
    )
}

/// The words of one event of a Chexuan hand (its seats are table seats).
pub fn cx_hand_event_lines(lang: Lang, seats: &Seats<'_>, event: &CxEvent) -> Vec<String> {
    let say = |key: &str, seat: Seat, rest| vec![seats.say(lang, key, seat, rest)];
    let chips = |v: u64| n(i64::try_from(v).unwrap_or(i64::MAX));
    match event {
        CxEvent::Raised {
            seat,
            by,
            contribution,
        } => say(
            "chexuan-event-raised",
            *seat,
            vec![("by", chips(*by)), ("contribution", chips(*contribution))],
        ),
        CxEvent::Called { seat, contribution } => say(
            "chexuan-event-called",
            *seat,
            vec![("contribution", chips(*contribution))],
        ),
        CxEvent::AllIn {
            seat, contribution, ..
        } => say(
            "chexuan-event-all-in",
            *seat,
            vec![("contribution", chips(*contribution))],
        ),
        CxEvent::Checked { seat } => say("chexuan-event-checked", *seat, vec![]),
        CxEvent::Folded { seat } => say("chexuan-event-folded", *seat, vec![]),
        CxEvent::LaidDown {
            seat,
            sanhua,
            cards: laid,
            returned,
        } => say(
            "chexuan-event-laid-down",
            *seat,
            vec![
                (
                    "sanhua",
                    tr(lang, &format!("chexuan-sanhua-{}", sanhua.id())).into(),
                ),
                ("cards", cx_cards(lang, laid).into()),
                ("returned", chips(*returned)),
            ],
        ),
        CxEvent::RoundOver { .. } | CxEvent::SplitGiven { .. } => Vec::new(),
        CxEvent::Mango {
            kind,
            amount,
            pot,
            from_stack,
            short,
            ..
        } => {
            let mut out = vec![tr_args(
                lang,
                "chexuan-event-mango",
                &[
                    ("mango", mango_word(lang, *kind).into()),
                    ("amount", chips(*amount)),
                    ("pot", chips(*pot)),
                ],
            )];
            // Payers whose chips off the table did not cover the amount: the
            // rest came out of their stack, or they had nothing more.
            out.extend(from_stack.iter().map(|p| {
                seats.say(
                    lang,
                    "chexuan-event-mango-from-stack",
                    p.seat,
                    vec![("paid", chips(p.paid))],
                )
            }));
            out.extend(short.iter().map(|p| {
                seats.say(
                    lang,
                    "chexuan-event-mango-short",
                    p.seat,
                    vec![("paid", chips(p.paid))],
                )
            }));
            out
        }
        CxEvent::CardsDealt {
            round,
            cards: dealt,
        } => {
            let mut head = tr_args(lang, "chexuan-event-cards-dealt", &[("round", n(*round))]);
            let each: Vec<String> = dealt
                .iter()
                .map(|(s, c)| {
                    tr_args(
                        lang,
                        "chexuan-seat-card",
                        &[
                            ("player", seats.name(*s).into()),
                            ("cards", cx_cards(lang, &[*c]).into()),
                        ],
                    )
                })
                .collect();
            head.push(' ');
            head.push_str(&crate::i18n::list(lang, &each));
            vec![head]
        }
        CxEvent::RoundBegins { round, seat } => say(
            "chexuan-event-round-begins",
            *seat,
            vec![("round", n(*round))],
        ),
        CxEvent::ShowdownBegins { seat } => say("chexuan-event-showdown-begins", *seat, vec![]),
        CxEvent::Showdown {
            splits,
            results,
            big_tail,
            ..
        } => {
            let mut out = vec![tr(lang, "chexuan-event-showdown")];
            for s in splits {
                out.push(cx_split_line(lang, seats, s));
            }
            for r in results {
                out.push(seats.say(
                    lang,
                    "chexuan-versus-line",
                    r.seat,
                    vec![
                        (
                            "result",
                            cx_versus_word(lang, r.result, seats.you(r.seat)).into(),
                        ),
                        ("other", seats.name(r.other).into()),
                    ],
                ));
            }
            out.push(seats.say(lang, "chexuan-event-big-tail", *big_tail, vec![]));
            out
        }
        CxEvent::WonWithoutShowdown { seat } => {
            say("chexuan-event-won-without-showdown", *seat, vec![])
        }
        CxEvent::MangoTaken { seat, amount } => say(
            "chexuan-event-mango-taken",
            *seat,
            vec![("amount", chips(*amount))],
        ),
        CxEvent::HandOver { .. } => Vec::new(),
    }
}

/// A seat's split shown at the showdown: `AI 2: head … / tail …`.
fn cx_split_line(lang: Lang, seats: &Seats<'_>, s: &ShownSplit) -> String {
    seats.say(
        lang,
        "chexuan-seat-split",
        s.seat,
        vec![
            ("head", cx_cards(lang, &s.head).into()),
            ("head-hand", cx_hand_name(lang, s.head_kind).into()),
            ("tail", cx_cards(lang, &s.tail).into()),
            ("tail-hand", cx_hand_name(lang, s.tail_kind).into()),
        ],
    )
}

/// The changes of a hand or a share-out: `@a +10, @b -10`.
pub fn cx_changes(lang: Lang, seats: &Seats<'_>, deltas: &[i64]) -> String {
    let each: Vec<String> = deltas
        .iter()
        .enumerate()
        .filter(|(_, d)| **d != 0)
        .map(|(s, d)| format!("{} {}", seats.name(s), signed(*d)))
        .collect();
    if each.is_empty() {
        tr(lang, "chexuan-event-nobody")
    } else {
        crate::i18n::list(lang, &each)
    }
}

/// The lines of the Chexuan table's events, hand events included.
pub fn cx_session_lines(lang: Lang, seats: &Seats<'_>, events: &[SessionEvent]) -> Vec<String> {
    let mut out = Vec::new();
    for e in events {
        match e {
            SessionEvent::HandBegins {
                hand,
                dealer,
                mango_pot,
                ..
            } => out.push(seats.say(
                lang,
                "chexuan-event-hand-begins",
                *dealer,
                vec![
                    ("hand", n(*hand)),
                    ("pot", n(i64::try_from(*mango_pot).unwrap_or(i64::MAX))),
                ],
            )),
            SessionEvent::Hand { event } => out.extend(cx_hand_event_lines(lang, seats, event)),
            SessionEvent::HandEnded { hand, deltas, .. } => out.push(tr_args(
                lang,
                "chexuan-event-hand-ended",
                &[
                    ("hand", n(*hand)),
                    ("changes", cx_changes(lang, seats, deltas).into()),
                ],
            )),
            SessionEvent::Left { seat } => {
                out.push(seats.say(lang, "chexuan-event-left", *seat, vec![]))
            }
            SessionEvent::TimedOut { seat } => {
                out.push(seats.say(lang, "chexuan-event-timed-out", *seat, vec![]))
            }
            SessionEvent::StoodUp { seat } => {
                out.push(seats.say(lang, "chexuan-event-stood-up", *seat, vec![]))
            }
            SessionEvent::SitsOut { seat, stack } => out.push(seats.say(
                lang,
                "chexuan-event-sits-out",
                *seat,
                vec![("stack", n(*stack))],
            )),
            SessionEvent::TopUpAsked {
                seat,
                stack,
                min,
                reserve,
            } => out.push(seats.say(
                lang,
                "chexuan-event-top-up-asked",
                *seat,
                vec![
                    ("stack", n(*stack)),
                    ("min", n(i64::try_from(*min).unwrap_or(i64::MAX))),
                    ("reserve", n(i64::try_from(*reserve).unwrap_or(i64::MAX))),
                ],
            )),
            SessionEvent::ToppedUp {
                seat,
                amount,
                stack,
            } => out.push(seats.say(
                lang,
                "chexuan-event-topped-up",
                *seat,
                vec![
                    ("amount", n(i64::try_from(*amount).unwrap_or(i64::MAX))),
                    ("stack", n(*stack)),
                ],
            )),
            SessionEvent::Closed { mango_shares, .. } => {
                let shares: Vec<i64> = mango_shares
                    .iter()
                    .map(|&s| i64::try_from(s).unwrap_or(i64::MAX))
                    .collect();
                out.push(if shares.iter().all(|&s| s == 0) {
                    tr(lang, "chexuan-event-closed-empty")
                } else {
                    tr_args(
                        lang,
                        "chexuan-event-closed",
                        &[("shares", cx_changes(lang, seats, &shares).into())],
                    )
                })
            }
        }
    }
    out
}

/// When the viewer may fold facing a round-1 raise that nobody has matched:
/// a line saying what everyone folding to it costs (皱芒). Said beside the
/// hand and a suggested fold, as [`cx_xiu_warning`] is beside a check.
pub fn cx_zhou_warning(lang: Lang, v: &SessionView) -> Option<String> {
    let hand = &v.hand;
    let me = hand.viewer?;
    let (raiser, amount) = hand.zhou_mango?;
    let p = hand.players.get(me)?;
    let facing = hand.to_act == Some(me)
        && raiser != me
        && p.status == Status::Active
        && p.contribution < hand.highest;
    facing.then(|| {
        tr_args(
            lang,
            "chexuan-zhou-warning",
            &[("amount", n(i64::try_from(amount).unwrap_or(i64::MAX)))],
        )
    })
}

/// Call's name with what it costs the seat now (the highest contribution
/// less its own): `Call (跟) 20`; the bare name when that is unknown.
pub fn cx_call_label(lang: Lang, hand: &ChexuanView, seat: Option<Seat>) -> String {
    match seat.and_then(|s| hand.players.get(s)) {
        Some(p) if hand.highest > p.contribution => tr_args(
            lang,
            "chexuan-action-call-cost",
            &[(
                "chips",
                n(i64::try_from(hand.highest - p.contribution).unwrap_or(i64::MAX)),
            )],
        ),
        _ => tr(lang, "chexuan-action-call"),
    }
}

/// The viewer's cards as the hand view shows them: face-down and face-up,
/// what they make so far (two cards: their hand; three: the best two of
/// them, since the four will be split into two pairs), then what checking
/// or folding into a mango would cost. `None` without cards.
pub fn cx_your_cards(lang: Lang, v: &SessionView) -> Option<String> {
    let me = v.hand.viewer.and_then(|s| v.hand.players.get(s))?;
    let hidden = me.hidden.as_ref().filter(|c| !c.is_empty())?;
    let mut line = tr_args(
        lang,
        "chexuan-your-cards",
        &[
            ("hidden", cx_cards(lang, hidden).into()),
            ("open", cx_cards(lang, &me.open).into()),
        ],
    );
    let cards: Vec<Card> = hidden.iter().chain(&me.open).copied().collect();
    let value = match cards.as_slice() {
        [a, b] => Some(cx_hand_name(lang, evaluate(*a, *b))),
        [a, b, c] => {
            let best = [(*a, *b), (*a, *c), (*b, *c)]
                .into_iter()
                .max_by(|x, y| evaluate(x.0, x.1).compare(evaluate(y.0, y.1)))
                .expect("three pairs");
            Some(tr_args(
                lang,
                "chexuan-best-two",
                &[
                    ("cards", cx_cards(lang, &[best.0, best.1]).into()),
                    ("name", cx_hand_name(lang, evaluate(best.0, best.1)).into()),
                ],
            ))
        }
        _ => None,
    };
    if let Some(value) = value {
        line.push_str(&tr_args(
            lang,
            "chexuan-cards-value",
            &[("value", value.into())],
        ));
    }
    // Beside every chance to check or fold: what a mango would cost.
    for warning in [cx_xiu_warning(lang, v), cx_zhou_warning(lang, v)]
        .into_iter()
        .flatten()
    {
        line.push('\n');
        line.push_str(&warning);
    }
    Some(line)
}

/// One table seat's line: stack, contribution, cards (face-down cards
/// only where the view holds them: the viewer's own, or a 三花 laid down).
/// When the viewer may check (休) and everyone checking this round would
/// be a 休芒: a line saying what it costs each player still in. Said beside
/// a suggested or offered check, so nobody checks into mango unawares.
pub fn cx_xiu_warning(lang: Lang, v: &SessionView) -> Option<String> {
    let hand = &v.hand;
    let me = hand.viewer?;
    let amount = hand.xiu_mango?;
    let p = hand.players.get(me)?;
    let may_check =
        hand.to_act == Some(me) && p.status == Status::Active && p.contribution == hand.highest;
    may_check.then(|| {
        tr_args(
            lang,
            "chexuan-xiu-warning",
            &[("amount", n(i64::try_from(amount).unwrap_or(i64::MAX)))],
        )
    })
}

pub fn cx_seat_line(lang: Lang, seats: &Seats<'_>, v: &SessionView, seat: Seat) -> String {
    let stack = v.stacks.get(seat).copied().unwrap_or(0);
    // The chips off the table (for mango), where the seat has a limit.
    let reserve = |r: Option<u64>| -> FluentValue<'static> {
        match r {
            Some(r) => tr_args(
                lang,
                "chexuan-seat-reserve",
                &[("reserve", n(i64::try_from(r).unwrap_or(i64::MAX)))],
            )
            .into(),
            None => String::new().into(),
        }
    };
    let Some(h) = v.playing.iter().position(|&s| s == seat) else {
        let off = reserve(v.reserve.get(seat).copied().flatten());
        let why = if v.stood_up.get(seat) == Some(&true) {
            "stood-up"
        } else if v.left.get(seat) == Some(&true) {
            "left"
        } else {
            "out"
        };
        return seats.say(
            lang,
            "chexuan-seat-out",
            seat,
            vec![("stack", n(stack)), ("reserve", off), ("why", why.into())],
        );
    };
    let Some(p) = v.hand.players.get(h) else {
        return String::new();
    };
    // In the hand: what is left after this hand's mango so far.
    let off = reserve(p.mango_left);
    if let Some(s) = &p.split {
        return cx_split_line(lang, seats, s);
    }
    let hidden = match &p.hidden {
        Some(c) => cx_cards(lang, c),
        None => "🂠".repeat(p.hidden_count),
    };
    seats.say(
        lang,
        "chexuan-seat-line",
        seat,
        vec![
            ("stack", n(stack)),
            ("reserve", off),
            (
                "contribution",
                n(i64::try_from(p.contribution).unwrap_or(i64::MAX)),
            ),
            ("left", n(i64::try_from(p.left).unwrap_or(i64::MAX))),
            ("open", cx_cards(lang, &p.open).into()),
            ("hidden", hidden.into()),
            ("status", cx_status_word(lang, p).into()),
        ],
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names() -> Vec<String> {
        vec!["You".into(), "AI 1".into(), "AI 2".into()]
    }

    #[test]
    fn chexuan_verbs_agree_with_you() {
        let names = names();
        let terminal = Seats::new(&names, Some(0));
        let checked = |seat| CxEvent::Checked { seat };
        assert_eq!(
            cx_hand_event_lines(Lang::EnUs, &terminal, &checked(0)),
            ["You check (休)."]
        );
        assert_eq!(
            cx_hand_event_lines(Lang::EnUs, &terminal, &checked(2)),
            ["AI 2 checks (休)."]
        );
        assert_eq!(
            cx_versus_word(Lang::EnUs, Versus::Win, terminal.you(0)),
            "beat"
        );
        assert_eq!(
            cx_versus_word(Lang::EnUs, Versus::Win, terminal.you(1)),
            "beats"
        );
        // Issue #36 §3.8: 电脑2输给电脑1, 电脑2战平电脑1, not 电脑2输电脑1.
        let versus = |v| {
            tr_args(
                Lang::ZhCn,
                "chexuan-versus-line",
                &[
                    ("player", "电脑2".into()),
                    (
                        "result",
                        cx_versus_word(Lang::ZhCn, v, terminal.you(1)).into(),
                    ),
                    ("other", "电脑1".into()),
                ],
            )
        };
        assert_eq!(versus(Versus::Lose), "电脑2输给电脑1");
        assert_eq!(versus(Versus::Tie), "电脑2战平电脑1");
        assert_eq!(versus(Versus::Win), "电脑2赢电脑1");
        assert_eq!(terminal.name(7), "#8");
    }

    #[test]
    fn a_short_mango_payment_and_the_chips_off_the_table_have_words() {
        use crate::games::chexuan::session::{ChexuanTable, SessionDeal};
        use crate::games::chexuan::{ChexuanRules, ShortPayment};
        use crate::games::Game;
        let names = names();
        let terminal = Seats::new(&names, Some(0));
        let mango = CxEvent::Mango {
            kind: MangoKind::Xiu,
            round: 1,
            count: 1,
            amount: 50,
            payers: vec![0, 1, 2],
            from_stack: vec![ShortPayment { seat: 1, paid: 30 }],
            short: vec![
                ShortPayment { seat: 0, paid: 20 },
                ShortPayment { seat: 2, paid: 0 },
            ],
            pot: 120,
            taken_by: None,
        };
        assert_eq!(
            cx_hand_event_lines(Lang::EnUs, &terminal, &mango),
            [
                "Check mango (休芒)! 50 chips each into the mango pot, now 120.",
                "AI 1 pays 30 of it out of the stack: not enough chips off the table.",
                "You pay only 20: no more chips, off the table or in the stack.",
                "AI 2 pays only 0: no more chips, off the table or in the stack.",
            ]
        );
        let zh = cx_hand_event_lines(Lang::ZhCn, &terminal, &mango);
        assert_eq!(zh.len(), 4);
        assert!(zh[1].contains("从筹码堆付 30"), "{zh:?}");
        assert!(zh[2].contains("只付 20"), "{zh:?}");
        // The seat line shows what a seat keeps off the table, when limited.
        let deal = SessionDeal {
            seed: 1,
            dealer: 0,
            bobo: vec![200, 200, 200],
            ai: vec![false, true, false],
            reserve: vec![Some(30), None, Some(0)],
        };
        let table = ChexuanTable::start(ChexuanRules::default(), 3, deal).unwrap();
        let v = table.view(Some(0));
        let line = |lang, seat| cx_seat_line(lang, &terminal, &v, seat);
        assert!(
            line(Lang::EnUs, 0).starts_with("You — stack 200 (+30 off the table) ·"),
            "{}",
            line(Lang::EnUs, 0)
        );
        assert!(!line(Lang::EnUs, 1).contains("off the table"));
        assert!(line(Lang::EnUs, 2).contains("(+0 off the table)"));
        assert!(line(Lang::ZhCn, 0).contains("（桌外 30）"));
        // A seat out of the hand says why: stood up, left, or sitting out.
        let mut v = v;
        v.playing = vec![0];
        v.left = vec![false, true, true];
        v.stood_up = vec![false, false, true];
        let line = |lang, seat| cx_seat_line(lang, &terminal, &v, seat);
        assert!(
            line(Lang::EnUs, 1).ends_with("(left the table)"),
            "{}",
            line(Lang::EnUs, 1)
        );
        assert!(line(Lang::EnUs, 2).ends_with("(+0 off the table) (stood up after timing out)"));
        assert!(
            line(Lang::ZhCn, 2).ends_with("（超时被请离座位）"),
            "{}",
            line(Lang::ZhCn, 2)
        );
        v.left = vec![false; 3];
        v.stood_up = vec![false; 3];
        let line = |lang, seat| cx_seat_line(lang, &terminal, &v, seat);
        assert!(line(Lang::EnUs, 1).ends_with("(not in this hand)"));
    }

    #[test]
    fn a_timeout_and_a_stand_up_have_words_in_both_languages() {
        use crate::games::chexuan::session::SessionEvent;
        let names = names();
        let terminal = Seats::new(&names, Some(0));
        let channel = Seats::new(&names, None);
        let events = [
            SessionEvent::TimedOut { seat: 0 },
            SessionEvent::StoodUp { seat: 0 },
            SessionEvent::TimedOut { seat: 1 },
            SessionEvent::StoodUp { seat: 1 },
        ];
        assert_eq!(
            cx_session_lines(Lang::EnUs, &terminal, &events),
            [
                "Your time ran out: this one move is played for you (check, else fold).",
                "You timed out in two hands in a row: you are stood up and dealt no more hands.",
                "AI 1's time ran out: this one move is played (check, else fold).",
                "AI 1 timed out in two hands in a row and is stood up: dealt no more hands.",
            ]
        );
        // On Discord no seat is the reader's.
        assert_eq!(
            cx_session_lines(Lang::EnUs, &channel, &events[2..3]),
            ["AI 1's time ran out: this one move is played (check, else fold)."]
        );
        let closed = |shares: Vec<u64>| {
            let e = SessionEvent::Closed {
                mango_shares: shares,
                deltas: vec![0, 0, 0],
            };
            cx_session_lines(Lang::EnUs, &terminal, &[e])
        };
        assert_eq!(
            closed(vec![0, 0, 0]),
            ["The table closes; the mango pot is empty."]
        );
        assert_eq!(
            closed(vec![34, 33, 33]),
            ["The table closes; the mango pot is shared: You +34, AI 1 +33, AI 2 +33"]
        );
        let zh_names = ["你".to_string(), "电脑 1".into()];
        let zh = cx_session_lines(Lang::ZhCn, &Seats::new(&zh_names, None), &events[2..]);
        assert_eq!(
            zh,
            [
                "电脑 1超时：这一步代为操作（能休则休，否则丢）。",
                "电脑 1连续两手超时，被请离座位：不再发牌。",
            ]
        );
    }
}
