//! Shengji's words for both front ends, from `locales/*/shengji.ftl`: the
//! hand grouped by play suit (trumps first, high to low), the table's
//! lines, the events and the result in words, and typed cards read against
//! the hand. Seats are named by the caller ([`Seats`]); teams as players
//! see them: seats 1 + 3 (the records' 0 + 2) and seats 2 + 4 (1 + 3).

use crate::cards::{parse_friendly, resolve_in_hand};
use crate::cards::{Card, Rank, Suit};
use crate::games::shengji::order::{fold_suit, suit_name, Order, PLAY_SUITS};
use crate::games::shengji::session::{Dealing, DealingView};
use crate::games::shengji::{Action, TableAction};
use crate::games::shengji::{Event, ShengjiOutcome, ShengjiView, Stage};
use crate::i18n::events::Seats;
use crate::i18n::{render_cards, tr, tr_args, Lang};
use fluent_bundle::FluentValue;

/// The order to show a hand in: the hand's once declaring is over, else
/// the one the standing declaration (or none) would give.
pub fn display_order(v: &ShengjiView) -> Order {
    if let Some(o) = v.order() {
        return o;
    }
    let seat = v.viewer.unwrap_or(0);
    let level = v.level.unwrap_or(v.levels[seat % 2]);
    let level = Rank::from_value(level).unwrap_or(Rank::Two);
    let trump = v
        .declarations
        .last()
        .and_then(|d| d.trump)
        .map(|s| fold_suit(s, v.rules.two_colors));
    Order::new(level, trump, v.rules.twos_trump, v.rules.two_colors)
}

/// Cards grouped by play suit, trumps first then ♠ ♥ ♣ ♦, each group high
/// to low; empty suits left out.
pub fn suit_groups(order: &Order, cards: &[Card]) -> Vec<(usize, Vec<Card>)> {
    let mut groups: Vec<(usize, Vec<Card>)> = (0..PLAY_SUITS).map(|s| (s, Vec::new())).collect();
    for &c in cards {
        groups[order.suit(c)].1.push(c);
    }
    for (_, g) in groups.iter_mut() {
        g.sort_by_key(|&c| (std::cmp::Reverse(order.value(c)), c));
    }
    groups.retain(|(_, g)| !g.is_empty());
    groups
}

/// A play suit's name: 主 (trumps), or the plain suit (副).
pub fn suit_label(lang: Lang, si: usize) -> String {
    tr_args(lang, "shengji-suit", &[("suit", suit_name(si).into())])
}

/// The trump of a hand (`S`, `H`, `C`, `D` or `none`) in words.
pub fn trump_label(lang: Lang, trump: &str) -> String {
    tr_args(lang, "shengji-trump", &[("suit", trump.to_string().into())])
}

/// The trump a standing declaration would make, in words.
fn declared_trump(lang: Lang, trump: Option<Suit>) -> String {
    let name = match trump {
        Some(s) => suit_name(1 + s as usize),
        None => "none",
    };
    trump_label(lang, name)
}

/// A level (2 … 14) as its rank: `2` … `A`.
pub fn level_label(level: u8) -> String {
    Rank::from_value(level)
        .map(|r| r.display().to_string())
        .unwrap_or_else(|| level.to_string())
}

/// The hand as lines, one per play suit: `主 (5): 大王 7♥ 7♥ …`.
pub fn hand_lines(lang: Lang, v: &ShengjiView) -> Vec<String> {
    let order = display_order(v);
    suit_groups(&order, &v.hand)
        .into_iter()
        .map(|(si, cards)| {
            format!(
                "{} ({}): {}",
                suit_label(lang, si),
                cards.len(),
                render_cards(lang, &cards)
            )
        })
        .collect()
}

/// 记牌器 as lines while the tricks are played: a heading, then one line a
/// play suit (trumps first, high to low) of the cards not yet played that
/// the viewer does not hold, copies counted: `主 (9): 大王×2 小王 …`.
/// Empty in the public view and outside the tricks.
pub fn counter_lines(lang: Lang, v: &ShengjiView) -> Vec<String> {
    let Some(unseen) = v.unseen() else {
        return Vec::new();
    };
    let cards: Vec<Card> = (0..unseen.len())
        .filter_map(|i| Some((Card::from_index(i)?, unseen[i])))
        .flat_map(|(c, n)| std::iter::repeat_n(c, usize::from(n)))
        .collect();
    let mut lines = vec![tr(lang, "shengji-counter")];
    for (si, group) in suit_groups(&display_order(v), &cards) {
        let mut items: Vec<String> = Vec::new();
        let mut i = 0;
        while i < group.len() {
            let run = group[i..].iter().take_while(|&&c| c == group[i]).count();
            let name = crate::i18n::render_card(lang, group[i]);
            items.push(if run > 1 {
                format!("{name}×{run}")
            } else {
                name
            });
            i += run;
        }
        lines.push(format!(
            "{} ({}): {}",
            suit_label(lang, si),
            group.len(),
            items.join(" ")
        ));
    }
    lines
}

/// Both teams' levels: `Levels: seats 1 + 3 at 5 · seats 2 + 4 at 2`.
pub fn levels_line(lang: Lang, levels: [u8; 2]) -> String {
    tr_args(
        lang,
        "shengji-levels",
        &[
            ("first", level_label(levels[0]).into()),
            ("second", level_label(levels[1]).into()),
        ],
    )
}

/// Whether a play is all trumps on a plain lead (毙).
fn trumps_a_plain_lead(order: &Order, lead: &[Card], play: &[Card]) -> bool {
    let plain = lead.first().is_some_and(|&c| !order.is_trump(c));
    plain && !play.is_empty() && play.iter().all(|&c| order.is_trump(c))
}

/// The table as lines: the hand's number and both levels; the dealing and
/// the standing declaration, or the banker, trump and level rank; the
/// current trick; the attackers' points and the cards each seat holds.
pub fn table_lines(lang: Lang, seats: &Seats<'_>, t: &DealingView) -> Vec<String> {
    let v = &t.hand;
    let mut lines = vec![format!(
        "{} · {}",
        tr_args(
            lang,
            "shengji-hand-no",
            &[("hand", i64::from(t.hand_no).into())]
        ),
        levels_line(lang, v.levels)
    )];
    match t.dealing {
        Dealing::Dealing => lines.push(tr_args(
            lang,
            "shengji-dealing",
            &[
                ("dealt", (v.dealt as i64).into()),
                ("total", (v.deal_total as i64).into()),
            ],
        )),
        Dealing::Window => lines.push(tr_args(
            lang,
            "shengji-window",
            &[("seconds", i64::from(v.rules.declare_window).into())],
        )),
        Dealing::Done => {}
    }
    if v.stage == Stage::Declaring {
        match v.declarations.last() {
            Some(d) => lines.push(seats.say(
                lang,
                "shengji-standing",
                d.seat,
                vec![
                    ("cards", render_cards(lang, &d.cards).into()),
                    ("trump", declared_trump(lang, d.trump).into()),
                ],
            )),
            None => lines.push(tr(lang, "shengji-no-declaration")),
        }
        if let Some(b) = v.banker {
            lines.push(seats.say(lang, "shengji-banker", b, Vec::new()));
        }
        return lines;
    }
    if let (Some(b), Some(trump), Some(level)) = (v.banker, v.trump, v.level) {
        lines.push(format!(
            "{} · {} · {}",
            seats.say(lang, "shengji-banker", b, Vec::new()),
            tr_args(
                lang,
                "shengji-trump-is",
                &[("trump", trump_label(lang, trump).into())]
            ),
            tr_args(
                lang,
                "shengji-level-rank",
                &[("rank", level_label(level).into())]
            ),
        ));
    }
    if let Some(order) = v.order() {
        if !v.trick.is_empty() {
            let lead = &v.trick[0].1;
            let plays: Vec<String> = v
                .trick
                .iter()
                .enumerate()
                .map(|(i, (s, cards))| {
                    let mut p = format!("{} {}", seats.name(*s), render_cards(lang, cards));
                    if i > 0 && trumps_a_plain_lead(&order, lead, cards) {
                        p.push_str(&format!(" ({})", tr(lang, "shengji-trumped")));
                    }
                    p
                })
                .collect();
            lines.push(tr_args(
                lang,
                "shengji-trick",
                &[("plays", plays.join(" · ").into())],
            ));
        }
    }
    let left: Vec<String> = (0..4)
        .map(|s| format!("{} {}", seats.name(s), v.hand_sizes[s]))
        .collect();
    lines.push(format!(
        "{} · {}",
        tr_args(
            lang,
            "shengji-attackers-points",
            &[("points", v.attackers_points.into())]
        ),
        tr_args(
            lang,
            "shengji-cards-left",
            &[("counts", left.join(", ").into())]
        ),
    ));
    if let (Stage::Finished, Some(kitty)) = (v.stage, &v.kitty) {
        lines.push(tr_args(
            lang,
            "shengji-kitty-shown",
            &[("cards", render_cards(lang, kitty).into())],
        ));
    }
    lines
}

/// One event in words (empty: nothing worth a line).
pub fn event_line(lang: Lang, seats: &Seats<'_>, e: &Event) -> String {
    match e {
        Event::Declared { seat, cards, .. } => seats.say(
            lang,
            "shengji-declared",
            *seat,
            vec![("cards", render_cards(lang, cards).into())],
        ),
        Event::DeclaringClosed {
            banker,
            trump,
            flipped,
        } => {
            let mut line = seats.say(
                lang,
                "shengji-declaring-closed",
                *banker,
                vec![("trump", trump_label(lang, trump).into())],
            );
            if let Some(c) = flipped {
                line.push(' ');
                line.push_str(&tr_args(
                    lang,
                    "shengji-flipped",
                    &[("card", render_cards(lang, &[*c]).into())],
                ));
            }
            line
        }
        Event::Buried { seat, count } => seats.say(
            lang,
            "shengji-buried",
            *seat,
            vec![("count", (*count as i64).into())],
        ),
        Event::ThrowFailed {
            seat,
            attempted,
            played,
            beaten_by,
            penalty,
        } => {
            let mut line = seats.say(
                lang,
                "shengji-throw-failed",
                *seat,
                vec![
                    ("attempted", render_cards(lang, attempted).into()),
                    ("played", render_cards(lang, played).into()),
                    ("by", seats.name(*beaten_by).into()),
                ],
            );
            if *penalty > 0 {
                line.push(' ');
                line.push_str(&tr_args(
                    lang,
                    "shengji-throw-penalty",
                    &[("points", i64::from(*penalty).into())],
                ));
            }
            line
        }
        Event::Played { seat, cards } => seats.say(
            lang,
            "shengji-played",
            *seat,
            vec![("cards", render_cards(lang, cards).into())],
        ),
        Event::TrickWon {
            seat,
            points,
            attackers_points,
        } => seats.say(
            lang,
            "shengji-trick-won",
            *seat,
            vec![
                ("points", (*points).into()),
                ("total", (*attackers_points).into()),
            ],
        ),
        Event::HandOver { outcome } => result_lines(lang, seats, outcome).join("\n"),
    }
}

/// The hand's result: the kitty, the level table's verdict (大光, 小光,
/// 上台 …), both levels now, and the match's winner.
pub fn result_lines(lang: Lang, seats: &Seats<'_>, o: &ShengjiOutcome) -> Vec<String> {
    let mut lines = Vec::new();
    if o.kitty_multiplier > 0 {
        lines.push(tr_args(
            lang,
            "shengji-kitty-won",
            &[
                ("kitty", o.kitty_points.into()),
                ("multiplier", o.kitty_multiplier.into()),
            ],
        ));
    }
    let up_banker = o.deltas[o.banker];
    let up_attackers = o.deltas[(o.banker + 1) % 4];
    let points: FluentValue<'static> = o.points.into();
    let verdict = if o.banker_kept {
        match up_banker {
            3 => tr_args(lang, "shengji-result-da-guang", &[("points", points)]),
            2 => tr_args(lang, "shengji-result-xiao-guang", &[("points", points)]),
            _ => tr_args(lang, "shengji-result-banker-up", &[("points", points)]),
        }
    } else if up_attackers == 0 {
        tr_args(lang, "shengji-result-take-bank", &[("points", points)])
    } else {
        tr_args(
            lang,
            "shengji-result-attackers-up",
            &[("points", points), ("levels", up_attackers.into())],
        )
    };
    lines.push(verdict);
    lines.push(levels_line(lang, o.levels));
    match o.match_winner {
        Some(t) => lines.push(tr_args(
            lang,
            "shengji-match-won",
            &[("team", (t as i64 + 1).into())],
        )),
        None => lines.push(seats.say(lang, "shengji-next-banker", o.next_banker, Vec::new())),
    }
    lines
}

/// Typed cards that could not be read: a Fluent id and the input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CardsRefused {
    pub key: &'static str,
    pub input: String,
}

impl CardsRefused {
    pub fn text(&self, lang: Lang) -> String {
        tr_args(lang, self.key, &[("input", self.input.clone().into())])
    }
}

/// Reads typed cards (`7H 7H`, `TS TS 9S 9S`, `10♠`, `大王`) against the
/// cards they must come from; bare ranks pick from them.
pub fn read_cards(text: &str, from: &[Card]) -> Result<Vec<Card>, CardsRefused> {
    let specs = parse_friendly(text).map_err(|e| CardsRefused {
        key: "shengji-not-cards",
        // The word that is not a card, not the parser's English sentence.
        input: match e {
            crate::cards::CardError::NotACard(word) => format!("`{word}`"),
            _ => format!("`{}`", text.trim()),
        },
    })?;
    resolve_in_hand(&specs, from).map_err(|_| CardsRefused {
        key: "shengji-cards-not-held",
        input: text.to_string(),
    })
}

/// What a typed line (`/play`, the terminal) asks for besides the shared
/// words: a hand action (or passing on the declarations).
pub fn typed_action(
    line: &str,
    view: &DealingView,
    legal: &[TableAction],
) -> Result<TableAction, CardsRefused> {
    let line = line.trim();
    let lower = line.to_lowercase();
    if matches!(lower.as_str(), "pass" | "p" | "过" | "不亮") {
        return if legal.contains(&TableAction::Pass) {
            Ok(TableAction::Pass)
        } else {
            Err(CardsRefused {
                key: "shengji-no-pass",
                input: line.to_string(),
            })
        };
    }
    let (verb, rest) = match line.split_once(char::is_whitespace) {
        Some((v, r)) => (v.to_lowercase(), r.trim()),
        None => (lower.clone(), ""),
    };
    let hand = &view.hand.hand;
    let pool = || {
        let mut pool = hand.clone();
        pool.extend(view.hand.kitty.iter().flatten().copied());
        pool
    };
    let declare = |text: &str| -> Result<TableAction, CardsRefused> {
        Ok(TableAction::Hand(Action::Declare {
            cards: read_cards(text, hand)?,
            dealt: view.hand.dealt,
        }))
    };
    match verb.as_str() {
        "declare" | "d" | "亮" | "亮主" => return declare(rest),
        "bury" | "b" | "扣" | "扣底" => {
            return Ok(TableAction::Hand(Action::Bury(read_cards(rest, &pool())?)))
        }
        _ => {}
    }
    let declaring = legal
        .iter()
        .any(|a| matches!(a, TableAction::Hand(Action::Declare { .. })));
    let burying = legal
        .iter()
        .any(|a| matches!(a, TableAction::Hand(Action::Bury(_))));
    if declaring {
        declare(line)
    } else if burying {
        Ok(TableAction::Hand(Action::Bury(read_cards(line, &pool())?)))
    } else {
        Ok(TableAction::Hand(Action::Play(read_cards(line, hand)?)))
    }
}
