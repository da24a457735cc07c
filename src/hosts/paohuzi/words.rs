//! Paohuzi's words for both front ends, from `locales/*/paohuzi.ftl`: a
//! card (一…十 / 壹…拾 in Chinese; small 3 (三) / big 3 (叁) in English),
//! the hand in columns by number, melds with their huxi, the question on a
//! card and its choices, the events of a hand and its result. Seat names
//! come from the caller (`You` / `AI 2` in the terminal, members on
//! Discord).

use crate::games::paohuzi::engine::{ClaimClass, Mingtang, Origin, PaohuziOutcome};
use crate::games::paohuzi::view::MeldView;
use crate::games::paohuzi::{Action, Card, Event, LiveView, Meld, MeldKind, QuestionKind};
use crate::games::Seat;
use crate::i18n::{list, tr, tr_args, Lang};
use fluent_bundle::FluentValue;

fn num(n: impl TryInto<i64>) -> FluentValue<'static> {
    FluentValue::from(n.try_into().unwrap_or(i64::MAX))
}

/// A card in a sentence: `small 3 (三)` / `三`.
pub fn card(lang: Lang, c: Card) -> String {
    tr_args(lang, "paohuzi-card", &[("card", c.to_string().into())])
}

/// A card in a list or a column: `x3三` / `三`.
pub fn card_short(lang: Lang, c: Card) -> String {
    tr_args(
        lang,
        "paohuzi-card-short",
        &[("card", c.to_string().into()), ("char", c.chinese().into())],
    )
}

/// 记牌器 in words: each kind of card not yet seen by the viewer, small
/// cards then big (`x1一 3 · x2二 0 · … | d1壹 4 · …`). `None` in the
/// public view and once the hand is over.
pub fn counter_line(lang: Lang, view: &crate::games::paohuzi::view::PaohuziView) -> Option<String> {
    let unseen = view.unseen()?;
    let part = |big: bool| {
        (1..=10)
            .filter_map(|n| Card::new(big, n))
            .map(|c| {
                tr_args(
                    lang,
                    "paohuzi-counter-card",
                    &[
                        ("card", card_short(lang, c).into()),
                        ("count", num(unseen[c.index()])),
                    ],
                )
            })
            .collect::<Vec<_>>()
            .join(" · ")
    };
    Some(tr_args(
        lang,
        "paohuzi-counter",
        &[("small", part(false).into()), ("big", part(true).into())],
    ))
}

/// Cards in a row, short.
pub fn cards(lang: Lang, cs: &[Card]) -> String {
    cs.iter()
        .map(|c| card_short(lang, *c))
        .collect::<Vec<_>>()
        .join(" ")
}

pub fn meld_name(lang: Lang, kind: MeldKind) -> String {
    tr(lang, &format!("paohuzi-meld-{}", kind.id()))
}

/// A meld as the viewer sees it: its cards and huxi, or what shows of a
/// face-down one.
pub fn meld_view(lang: Lang, m: &MeldView) -> String {
    match (&m.cards, m.huxi) {
        (Some(cs), Some(h)) => tr_args(
            lang,
            "paohuzi-meld-line",
            &[
                ("meld", meld_name(lang, m.kind).into()),
                ("cards", cards(lang, cs).into()),
                ("huxi", num(h)),
            ],
        ),
        _ => match m.shown {
            Some(c) => tr_args(
                lang,
                "paohuzi-meld-hidden-shows",
                &[
                    ("meld", meld_name(lang, m.kind).into()),
                    ("count", num(m.count)),
                    ("shown", card_short(lang, c).into()),
                ],
            ),
            None => tr_args(
                lang,
                "paohuzi-meld-hidden",
                &[
                    ("meld", meld_name(lang, m.kind).into()),
                    ("count", num(m.count)),
                ],
            ),
        },
    }
}

/// A meld of a winning split.
pub fn meld(lang: Lang, m: &Meld) -> String {
    tr_args(
        lang,
        "paohuzi-meld-line",
        &[
            ("meld", meld_name(lang, m.kind).into()),
            ("cards", cards(lang, &m.cards).into()),
            ("huxi", num(m.huxi)),
        ],
    )
}

/// Display width in a terminal: CJK characters take two cells.
fn width(s: &str) -> usize {
    s.chars().map(|c| if c >= '\u{2E80}' { 2 } else { 1 }).sum()
}

fn pad(s: &str, w: usize) -> String {
    let mut out = s.to_string();
    out.push_str(&" ".repeat(w.saturating_sub(width(s))));
    out
}

/// The hand in columns by number as the apps lay it out: one column per
/// number held, small cards above big ones; the cards of a 坎 (three
/// identical, which must be kept) in brackets, locked. Ends with the
/// legend line.
pub fn hand_columns(lang: Lang, hand: &[Card]) -> String {
    let mut counts = [0usize; 20];
    for c in hand {
        counts[c.index()] += 1;
    }
    let mut columns: Vec<Vec<String>> = Vec::new();
    for n in 1..=10u8 {
        let mut col = Vec::new();
        for big in [false, true] {
            let c = Card::new(big, n).expect("1 to 10");
            let k = counts[c.index()];
            for _ in 0..k {
                let label = card_short(lang, c);
                col.push(if k == 3 { format!("[{label}]") } else { label });
            }
        }
        if !col.is_empty() {
            columns.push(col);
        }
    }
    let w = columns
        .iter()
        .flatten()
        .map(|s| width(s))
        .max()
        .unwrap_or(0)
        + 1;
    let rows = columns.iter().map(Vec::len).max().unwrap_or(0);
    let mut out = Vec::new();
    for r in 0..rows {
        let line: String = columns
            .iter()
            .map(|col| pad(col.get(r).map_or("", String::as_str), w))
            .collect();
        out.push(format!("  {}", line.trim_end()));
    }
    out.push(tr(lang, "paohuzi-hand-legend"));
    out.join("\n")
}

/// Where a card came from: `drawn by AI 2` / `discarded by you` (`me`
/// is the reader's seat, said as "you" in the middle of the sentence).
pub fn origin(lang: Lang, names: &[String], o: Origin, me: Option<Seat>) -> String {
    let (key, seat) = match o {
        Origin::Drawn(s) => ("paohuzi-origin-drawn", s),
        Origin::Discarded(s) => ("paohuzi-origin-discarded", s),
    };
    tr_args(
        lang,
        key,
        &[
            ("player", name(names, seat).into()),
            ("you", if me == Some(seat) { "yes" } else { "no" }.into()),
        ],
    )
}

/// The table's first line: the dealer, the 亮张 while it is the card in
/// play (not once the dealer has discarded or a card was drawn: it is then
/// one of his cards), and the wall.
pub fn table_head(
    lang: Lang,
    v: &crate::games::paohuzi::view::PaohuziView,
    dealer: &str,
) -> String {
    let mut args = vec![
        ("dealer", FluentValue::from(dealer.to_string())),
        ("wall", num(v.wall)),
    ];
    let key = if v.shown_live {
        args.push(("shown", card(lang, v.shown_card).into()));
        "paohuzi-table-head-shown"
    } else {
        "paohuzi-table-head"
    };
    tr_args(lang, key, &args)
}

fn name(names: &[String], seat: Seat) -> String {
    names
        .get(seat)
        .cloned()
        .unwrap_or_else(|| format!("#{}", seat + 1))
}

/// A 吃 as a choice: the group with the card, then its 比 groups.
pub fn chi_label(lang: Lang, groups: &[Vec<Card>]) -> String {
    let mut it = groups.iter().map(|g| cards(lang, g));
    let first = it.next().unwrap_or_default();
    let bi: Vec<String> = it.collect();
    if bi.is_empty() {
        first
    } else {
        tr_args(
            lang,
            "paohuzi-chi-with-bi",
            &[("group", first.into()), ("bi", list(lang, &bi).into())],
        )
    }
}

/// An answer or a discard, in words.
pub fn action_label(lang: Lang, a: &Action) -> String {
    match a {
        Action::Hu => tr(lang, "paohuzi-do-hu"),
        Action::Pass => tr(lang, "paohuzi-do-pass"),
        Action::Peng => tr(lang, "paohuzi-do-peng"),
        Action::Chi(g) => tr_args(
            lang,
            "paohuzi-do-chi",
            &[("groups", chi_label(lang, g).into())],
        ),
        Action::Discard(c) => tr_args(
            lang,
            "paohuzi-do-discard",
            &[("card", card(lang, *c).into())],
        ),
    }
}

/// The 吃 choices among `legal`, in order (the numbers `chi 1` … use).
pub fn chi_choices(legal: &[Action]) -> Vec<&Vec<Vec<Card>>> {
    legal
        .iter()
        .filter_map(|a| match a {
            Action::Chi(g) => Some(g),
            _ => None,
        })
        .collect()
}

/// The question the viewer is asked, in words (empty when none).
pub fn question_line(lang: Lang, view: &LiveView, names: &[String]) -> String {
    // Only the seat asked is asked: another seat's turn to discard is no
    // question to the reader (the table message says whose turn it is).
    let Some(asking) = view
        .hand
        .asking
        .filter(|a| Some(a.seat) == view.hand.viewer)
    else {
        return String::new();
    };
    if asking.question == QuestionKind::Discard {
        return tr(lang, "paohuzi-question-discard");
    }
    // What the seat may take the card with, asked as the apps ask it:
    // "Will you win (胡) or 碰 (peng)?" / "你要胡还是碰？".
    let kinds: Vec<QuestionKind> = view
        .my_claim
        .as_ref()
        .map(|c| {
            c.classes
                .iter()
                .map(|k| match k {
                    ClaimClass::Hu if asking.question == QuestionKind::TianHu => {
                        QuestionKind::TianHu
                    }
                    ClaimClass::Hu => QuestionKind::Hu,
                    ClaimClass::Peng => QuestionKind::Peng,
                    ClaimClass::Chi => QuestionKind::Chi,
                })
                .collect()
        })
        .unwrap_or_else(|| vec![asking.question]);
    let asks: Vec<String> = kinds
        .iter()
        .map(|q| tr(lang, &format!("paohuzi-ask-{}", q.id())))
        .collect();
    let questions = match asks.split_last() {
        Some((last, rest)) if !rest.is_empty() => tr_args(
            lang,
            "paohuzi-ask-either",
            &[
                ("rest", list(lang, rest).into()),
                ("last", last.clone().into()),
            ],
        ),
        _ => tr_args(lang, "paohuzi-ask-one", &[("ask", asks.concat().into())]),
    };
    let card_text = match (view.hand.card, view.hand.origin, view.hand.own_draw) {
        (Some(c), Some(o), _) => tr_args(
            lang,
            "paohuzi-card-from",
            &[
                ("card", card(lang, c).into()),
                ("from", origin(lang, names, o, view.hand.viewer).into()),
            ],
        ),
        (_, _, Some(c)) => tr_args(lang, "paohuzi-own-draw", &[("card", card(lang, c).into())]),
        _ => tr_args(
            lang,
            "paohuzi-shown-card",
            &[("card", card(lang, view.hand.shown_card).into())],
        ),
    };
    tr_args(
        lang,
        "paohuzi-question-line",
        &[("card", card_text.into()), ("questions", questions.into())],
    )
}

/// One event of a hand in words (empty: nothing to say). `me` is the
/// reader's seat: the passes of other seats are not said (being asked
/// tells what a seat holds).
pub fn event_line(lang: Lang, names: &[String], event: &Event, me: Option<Seat>) -> String {
    event_words(lang, names, event, me, None)
}

/// Whether `event` lays out a meld of `me`'s face down: its card is in
/// `me`'s own view, not in the (public) event.
pub fn own_hidden_meld(event: &Event, me: Seat) -> bool {
    matches!(event, Event::LaidOut { seat, card: None, .. } if *seat == me)
}

/// [`event_line`] for the reader at `me`, with their own view: a meld they
/// laid face down (偎, 提) shows them its card, as the rules let them see
/// it; the others still read it face down.
pub fn event_line_seen(
    lang: Lang,
    names: &[String],
    event: &Event,
    view: &crate::games::paohuzi::view::PaohuziView,
    me: Seat,
) -> String {
    let own = match event {
        Event::LaidOut {
            seat,
            card: None,
            meld,
            ..
        } if *seat == me => view
            .players
            .get(me)
            .and_then(|p| p.melds.get(*meld))
            .and_then(|m| m.cards.as_ref())
            .and_then(|cs| cs.first().copied()),
        _ => None,
    };
    event_words(lang, names, event, Some(me), own)
}

/// An event in words; `own` is the card of a face-down meld when the
/// reader may see it (their own).
fn event_words(
    lang: Lang,
    names: &[String],
    event: &Event,
    me: Option<Seat>,
    own: Option<Card>,
) -> String {
    let who = |s: Seat| FluentValue::from(name(names, s));
    // "You discard" / "AI 2 discards": the `$you` selector of the verb.
    let you = |s: Seat| FluentValue::from(if Some(s) == me { "yes" } else { "no" });
    match event {
        Event::Dealt {
            dealer,
            shown,
            wall,
        } => tr_args(
            lang,
            "paohuzi-ev-dealt",
            &[
                ("player", who(*dealer)),
                ("you", you(*dealer)),
                ("card", card(lang, *shown).into()),
                ("wall", num(*wall)),
            ],
        ),
        Event::LaidOut {
            seat,
            kind,
            card: c,
            ..
        } => match c.or(own) {
            Some(c) => tr_args(
                lang,
                "paohuzi-ev-laid-out",
                &[
                    ("player", who(*seat)),
                    ("you", you(*seat)),
                    ("meld", meld_name(lang, *kind).into()),
                    ("card", card(lang, c).into()),
                ],
            ),
            None => tr_args(
                lang,
                "paohuzi-ev-laid-out-hidden",
                &[
                    ("player", who(*seat)),
                    ("you", you(*seat)),
                    ("meld", meld_name(lang, *kind).into()),
                ],
            ),
        },
        Event::Drew {
            seat,
            card: Some(c),
            wall,
        } => tr_args(
            lang,
            "paohuzi-ev-drew",
            &[
                ("player", who(*seat)),
                ("you", you(*seat)),
                ("card", card(lang, *c).into()),
                ("wall", num(*wall)),
            ],
        ),
        // The draw that makes the drawer's 偎 or 提: nobody else sees it.
        Event::Drew {
            seat,
            card: None,
            wall,
        } => tr_args(
            lang,
            "paohuzi-ev-drew-hidden",
            &[
                ("player", who(*seat)),
                ("you", you(*seat)),
                ("wall", num(*wall)),
            ],
        ),
        Event::Discarded { seat, card: c } => tr_args(
            lang,
            "paohuzi-ev-discarded",
            &[
                ("player", who(*seat)),
                ("you", you(*seat)),
                ("card", card(lang, *c).into()),
            ],
        ),
        Event::Pao {
            seat,
            card: c,
            chong,
        } => tr_args(
            lang,
            if *chong {
                "paohuzi-ev-chong-pao"
            } else {
                "paohuzi-ev-pao"
            },
            &[
                ("player", who(*seat)),
                ("you", you(*seat)),
                ("card", card(lang, *c).into()),
            ],
        ),
        Event::Peng { seat, card: c } => tr_args(
            lang,
            "paohuzi-ev-peng",
            &[
                ("player", who(*seat)),
                ("you", you(*seat)),
                ("card", card(lang, *c).into()),
            ],
        ),
        Event::Chi {
            seat,
            card: c,
            groups,
        } => tr_args(
            lang,
            "paohuzi-ev-chi",
            &[
                ("player", who(*seat)),
                ("you", you(*seat)),
                ("card", card(lang, *c).into()),
                ("groups", chi_label(lang, groups).into()),
            ],
        ),
        // Said with what was let go ("You chose not to 碰", "你选择不碰"),
        // not with the question asked ("你过了（碰吗？）").
        Event::Passed { seat, question } if Some(*seat) == me => tr_args(
            lang,
            "paohuzi-ev-you-passed",
            &[(
                "ask",
                match question {
                    QuestionKind::Discard => tr(lang, "paohuzi-question-discard"),
                    q => tr(lang, &format!("paohuzi-ask-{}", q.id())),
                }
                .into(),
            )],
        ),
        Event::Passed { .. } => String::new(),
        Event::Lies { seat, card: c } => tr_args(
            lang,
            "paohuzi-ev-lies",
            &[
                ("player", who(*seat)),
                ("you", you(*seat)),
                ("card", card(lang, *c).into()),
            ],
        ),
        Event::Won {
            seat,
            card: c,
            huxi,
            tun,
            fan,
            ..
        } => {
            let mut args = vec![
                ("player", who(*seat)),
                ("you", you(*seat)),
                ("huxi", num(*huxi)),
                ("tun", num(*tun)),
                ("fan", num(*fan)),
            ];
            match c {
                Some(c) => {
                    args.push(("card", card(lang, *c).into()));
                    tr_args(lang, "paohuzi-ev-won", &args)
                }
                None => tr_args(lang, "paohuzi-ev-won-no-card", &args),
            }
        }
        Event::DrawnHand => tr(lang, "paohuzi-ev-drawn-hand"),
        Event::HandOver { next_dealer, .. } => tr_args(
            lang,
            "paohuzi-ev-next-dealer",
            &[("player", who(*next_dealer)), ("you", you(*next_dealer))],
        ),
    }
}

pub fn mingtang_name(lang: Lang, m: Mingtang) -> String {
    tr(lang, &format!("paohuzi-mingtang-{}", m.id()))
}

/// The result of a hand, from its outcome's detail: the winner, the
/// winning split with each meld's huxi, huxi, tun, fan and the 名堂; or
/// 荒庄. The chips follow (the front ends add them).
pub fn result_lines(
    lang: Lang,
    names: &[String],
    outcome: &PaohuziOutcome,
    me: Option<Seat>,
) -> Vec<String> {
    let Some(winner) = outcome.winner else {
        return vec![tr(lang, "paohuzi-result-drawn")];
    };
    let mut out = vec![tr_args(
        lang,
        "paohuzi-result-won",
        &[
            ("player", name(names, winner).into()),
            ("you", if me == Some(winner) { "yes" } else { "no" }.into()),
            ("huxi", num(u64::from(outcome.huxi))),
            ("tun", num(u64::from(outcome.tun))),
            ("fan", num(u64::from(outcome.fan))),
        ],
    )];
    let melds: Vec<String> = outcome.split.iter().map(|m| meld(lang, m)).collect();
    if !melds.is_empty() {
        out.push(tr_args(
            lang,
            "paohuzi-result-split",
            &[("melds", list(lang, &melds).into())],
        ));
    }
    let names_of: Vec<String> = outcome
        .mingtang
        .iter()
        .map(|&m| mingtang_name(lang, m))
        .collect();
    if !names_of.is_empty() {
        out.push(tr_args(
            lang,
            "paohuzi-result-mingtang",
            &[("list", list(lang, &names_of).into())],
        ));
    }
    out
}
