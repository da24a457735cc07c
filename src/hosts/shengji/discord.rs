//! Shengji on Discord: `/shengji start [stake] [decks] [options]`, join,
//! seat (pick a seat, so a team), leave, stop, rules. The table message
//! shows both teams' levels, the banker, trump and level rank, the trick,
//! the attackers' points, the cards each seat holds and whose turn it is
//! until when; the kitty with its multiplier at the end. No card of a hand
//! is ever in it: declarations, the burial and every play are chosen in
//! the seat's private hand view (the DM and "My hand").
//!
//! A hand of 25 to 54 cards (33 for a two-deck banker burying) does not
//! fit one select of 25: the hand view has one select per run of whole
//! play suits of at most 25 cards (trumps first), up to four, and a row
//! with the Play (or Bury) and Hint buttons. Each control's id carries
//! the cards chosen in the other selects as a bit mask over the hand's
//! shown order, so a choice spread over several selects is kept. While
//! the cards are dealt the view offers a Declare select with exactly the
//! declarations open now that the seat has not turned down, and Pass ("Not
//! now"). `/play cards:…` types anything.

use super::words::{
    display_order, event_line, hand_lines, result_lines, suit_groups, table_lines, typed_action,
};
use crate::cards::Card;
use crate::discord::errors::BotError;
use crate::discord::ids::GameWire;
use crate::discord::table::{commands as table_cmds, ClickIntent, Control, DiscordGame, GameClick};
use crate::discord::table::{HandView, Names, ResultView, TableView};
use crate::discord::Context;
use crate::games::shengji::session::Dealing;
use crate::games::shengji::{Action, DealingView, ShengjiTable, Stage, TableAction};
use crate::games::{GameKind, Seat};
use crate::i18n::events::Seats;
use crate::i18n::{self, render_cards, Lang};
use crate::table::TableOptions;
use poise::serenity_prelude as serenity;
use serde_json::json;

/// The most options a Discord select holds.
const MAX_OPTIONS: usize = 25;
/// Selects in a hand view (the fifth row holds the buttons).
const MAX_SELECTS: usize = 4;
/// The longest declare window `/shengji start` takes, in seconds: a table
/// of people who have all decided should not wait much longer.
const MAX_DECLARE_WINDOW: i64 = 60;

/// A Shengji control.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SjClick {
    /// The select of part `part` of the hand; `keep` are the cards chosen
    /// in the other parts (bits over the hand's shown order).
    Pick { part: u8, keep: u64 },
    /// Play (or bury) the chosen cards.
    Go { chosen: u64 },
    /// The select of the declarations open now.
    Declare,
}

impl GameClick for SjClick {
    fn to_wire(&self) -> GameWire {
        match self {
            SjClick::Pick { part, keep } => {
                GameWire::new("sjpick", Some(format!("{part}.{keep:x}")))
            }
            SjClick::Go { chosen } => GameWire::new("sjgo", Some(format!("{chosen:x}"))),
            SjClick::Declare => GameWire::new("sjdecl", None),
        }
    }

    fn from_wire(wire: &GameWire) -> Option<SjClick> {
        let arg = wire.arg.as_deref();
        Some(match (wire.tag.as_str(), arg) {
            ("sjpick", Some(a)) => {
                let (part, keep) = a.split_once('.')?;
                SjClick::Pick {
                    part: part
                        .parse()
                        .ok()
                        .filter(|&p: &u8| (p as usize) < MAX_SELECTS)?,
                    keep: u64::from_str_radix(keep, 16).ok()?,
                }
            }
            ("sjgo", Some(a)) => SjClick::Go {
                chosen: u64::from_str_radix(a, 16).ok()?,
            },
            ("sjdecl", None) => SjClick::Declare,
            _ => return None,
        })
    }
}

/// The cards a seat chooses from, in the order shown (trumps first, each
/// play suit high to low): its hand, and the kitty while it buries.
pub fn shown_cards(v: &DealingView) -> Vec<Card> {
    let mut cards = v.hand.hand.clone();
    if v.hand.stage == Stage::Declaring && v.dealing == Dealing::Done {
        cards.extend(v.hand.kitty.iter().flatten().copied());
    }
    let order = display_order(&v.hand);
    suit_groups(&order, &cards)
        .into_iter()
        .flat_map(|(_, g)| g)
        .collect()
}

/// The shown cards cut into at most `MAX_SELECTS` parts of at most 25:
/// whole play suits where they fit. Each part is a range of positions.
pub fn parts(v: &DealingView) -> Vec<std::ops::Range<usize>> {
    let cards = shown_cards(v);
    let order = display_order(&v.hand);
    let mut out: Vec<std::ops::Range<usize>> = Vec::new();
    let mut at = 0;
    for (_, g) in suit_groups(&order, &cards) {
        let mut left = g.len();
        while left > 0 {
            match out.last_mut() {
                Some(r) if r.len() + left <= MAX_OPTIONS && r.end == at => {
                    r.end += left;
                    at += left;
                    left = 0;
                }
                _ => {
                    let n = left.min(MAX_OPTIONS);
                    out.push(at..at + n);
                    at += n;
                    left -= n;
                }
            }
        }
    }
    if out.len() > MAX_SELECTS {
        // Suits that do not pack: plain slices of 25 (62 cards at most).
        out = (0..cards.len())
            .step_by(MAX_OPTIONS)
            .map(|s| s..(s + MAX_OPTIONS).min(cards.len()))
            .collect();
    }
    out
}

/// A chosen card as a select value: the card and which copy of it in the
/// shown order (`7H.1`), so two identical cards are two options.
fn value_of(cards: &[Card], i: usize) -> String {
    let copy = cards[..i].iter().filter(|&&c| c == cards[i]).count();
    format!("{}.{copy}", cards[i])
}

/// The positions that select values name.
fn positions(cards: &[Card], values: &[String]) -> Result<u64, BotError> {
    let mut mask = 0u64;
    for v in values {
        let i = (0..cards.len())
            .find(|&i| value_of(cards, i) == *v)
            .ok_or_else(|| BotError::user(crate::keys::ERR_BAD_CARD).arg("card", v.as_str()))?;
        mask |= 1 << i;
    }
    Ok(mask)
}

fn values_of(cards: &[Card], mask: u64) -> Vec<String> {
    (0..cards.len().min(64))
        .filter(|i| mask & (1 << i) != 0)
        .map(|i| value_of(cards, i))
        .collect()
}

fn cards_of(cards: &[Card], mask: u64) -> Vec<Card> {
    (0..cards.len().min(64))
        .filter(|i| mask & (1 << i) != 0)
        .map(|i| cards[i])
        .collect()
}

fn declarations(legal: &[TableAction]) -> Vec<&Vec<Card>> {
    legal
        .iter()
        .filter_map(|a| match a {
            TableAction::Hand(Action::Declare { cards, .. }) => Some(cards),
            _ => None,
        })
        .collect()
}

fn burying(legal: &[TableAction]) -> bool {
    legal
        .iter()
        .any(|a| matches!(a, TableAction::Hand(Action::Bury(_))))
}

fn seats(names: &Names) -> Seats<'_> {
    Seats::new(&names.0, None)
}

/// Whose turn it is, in words, with the deadline when a person waits.
fn turn_line(t: &TableView<'_, ShengjiTable>) -> Option<String> {
    let v = &t.view.hand;
    let (seat, key) = match (v.stage, t.view.dealing) {
        (Stage::Playing, _) => (v.turn?, "shengji-turn-play"),
        (Stage::Declaring, Dealing::Done) => (v.closes_declaring?, "shengji-turn-bury"),
        _ => return None,
    };
    let when = match t.deadline {
        Some(d) => format!("<t:{d}:R>"),
        None => i18n::tr(t.lang, "shengji-turn-now"),
    };
    Some(i18n::tr_args(
        t.lang,
        key,
        &[("player", t.names.get(seat).into()), ("when", when.into())],
    ))
}

impl DiscordGame for ShengjiTable {
    const LOBBY_HINT_KEY: &'static str = "shengji-lobby-hint";

    type Click = SjClick;

    const RULES_KEYS: &'static [&'static str] = crate::games::GameKind::Shengji.rules_keys();

    fn start_command() -> table_cmds::Command {
        sj_start()
    }

    /// `/shengji seat`: teams sit opposite, so a player picks a seat.
    fn extra_commands() -> Vec<table_cmds::Command> {
        vec![sj_seat()]
    }

    fn table_embed(t: &TableView<'_, Self>) -> serenity::CreateEmbed {
        let lang = t.lang;
        let mut lines = table_lines(lang, &seats(t.names), t.view);
        if let Some(turn) = turn_line(t) {
            lines.push(turn);
        }
        // The hand's end stays on the table message only when no next hand
        // replaces it, at the match's end: the levels it was played at are
        // followed by the levels it gave and the match's winner.
        if let Some(o) = &t.view.hand.outcome {
            lines.extend(result_lines(lang, &seats(t.names), o));
        }
        let teams = i18n::tr_args(
            lang,
            "shengji-teams",
            &[
                (
                    "first",
                    format!("{} + {}", t.names.get(0), t.names.get(2)).into(),
                ),
                (
                    "second",
                    format!("{} + {}", t.names.get(1), t.names.get(3)).into(),
                ),
            ],
        );
        let embed = serenity::CreateEmbed::new()
            .title(i18n::tr_args(
                lang,
                "shengji-table-title",
                &[
                    ("game", t.game.into()),
                    ("hand", i64::from(t.view.hand_no).into()),
                ],
            ))
            .description(lines.join("\n"))
            .field(i18n::tr(lang, "shengji-teams-title"), teams, false);
        t.with_log_field(embed)
    }

    /// Every choice depends on the seat's cards: none is public.
    fn table_buttons(
        _t: &TableView<'_, Self>,
        _legal: &[TableAction],
    ) -> Vec<serenity::CreateButton> {
        Vec::new()
    }

    /// The hand's events; its end is the result message.
    fn event_lines(
        lang: Lang,
        names: &Names,
        _seat: Seat,
        _action: &TableAction,
        events: &[crate::games::shengji::Event],
    ) -> Vec<String> {
        events
            .iter()
            .filter(|e| !matches!(e, crate::games::shengji::Event::HandOver { .. }))
            .map(|e| event_line(lang, &seats(names), e))
            .filter(|l| !l.is_empty())
            .collect()
    }

    /// The hand by play suit, trumps first (the cards dealt so far while
    /// dealing); the kitty while the banker buries.
    fn hand_text(lang: Lang, view: &DealingView) -> Option<String> {
        view.hand.viewer?;
        let mut lines = Vec::new();
        if view.dealing == Dealing::Dealing {
            lines.push(i18n::tr_args(
                lang,
                "shengji-dealing",
                &[
                    ("dealt", (view.hand.dealt as i64).into()),
                    ("total", (view.hand.deal_total as i64).into()),
                ],
            ));
        }
        lines.push(i18n::tr_args(
            lang,
            "shengji-your-hand",
            &[("count", (view.hand.hand.len() as i64).into())],
        ));
        lines.extend(hand_lines(lang, &view.hand));
        lines.extend(crate::hosts::shengji::words::counter_lines(
            lang, &view.hand,
        ));
        if view.hand.stage == Stage::Declaring && view.dealing == Dealing::Done {
            // Four decks have no kitty: the banker leads instead.
            if let Some(kitty) = view.hand.kitty.as_ref().filter(|k| !k.is_empty()) {
                lines.push(i18n::tr_args(
                    lang,
                    "shengji-kitty-to-bury",
                    &[
                        ("cards", render_cards(lang, kitty).into()),
                        ("count", (view.hand.kitty_size as i64).into()),
                    ],
                ));
            }
        }
        Some(lines.join("\n"))
    }

    /// Select values are `<card>.<copy>` (`QH.1`: the second queen of
    /// hearts), so equal cards of several decks stay apart.
    fn selected_faces(_view: &DealingView, values: &[String]) -> Vec<crate::render::Face> {
        values
            .iter()
            .filter_map(|v| v.split('.').next()?.parse().ok())
            .map(crate::render::Face::Card)
            .collect()
    }

    fn hand_components(
        h: &HandView<'_, Self>,
        selected: &[String],
    ) -> Vec<serenity::CreateActionRow> {
        let lang = h.lang;
        let offered = declarations(h.legal);
        if !offered.is_empty() {
            let options: Vec<serenity::CreateSelectMenuOption> = offered
                .iter()
                .enumerate()
                .take(MAX_OPTIONS)
                .map(|(i, cards)| {
                    serenity::CreateSelectMenuOption::new(render_cards(lang, cards), i.to_string())
                })
                .collect();
            let menu = serenity::CreateSelectMenu::new(
                h.game_id(&SjClick::Declare),
                serenity::CreateSelectMenuKind::String { options },
            )
            .placeholder(i18n::tr(lang, "shengji-declare-placeholder"));
            let pass = serenity::CreateButton::new(h.id(crate::discord::ids::Action::Pass))
                .label(i18n::tr(lang, "shengji-btn-no-declare"))
                .style(serenity::ButtonStyle::Secondary);
            return vec![
                serenity::CreateActionRow::SelectMenu(menu),
                serenity::CreateActionRow::Buttons(vec![pass]),
            ];
        }
        let cards = shown_cards(h.view);
        if cards.is_empty() || h.view.dealing != Dealing::Done {
            return Vec::new();
        }
        let chosen = positions(&cards, selected).unwrap_or(0);
        let my_turn = h.my_turn();
        let order = display_order(&h.view.hand);
        let mut rows = Vec::new();
        for (part, range) in parts(h.view).into_iter().enumerate() {
            let mut mask_here = 0u64;
            for i in range.clone() {
                mask_here |= 1 << i;
            }
            let options: Vec<serenity::CreateSelectMenuOption> = range
                .clone()
                .map(|i| {
                    serenity::CreateSelectMenuOption::new(
                        i18n::render_card(lang, cards[i]),
                        value_of(&cards, i),
                    )
                    .default_selection(chosen & (1 << i) != 0)
                })
                .collect();
            let first = super::words::suit_label(lang, order.suit(cards[range.start]));
            let last = super::words::suit_label(lang, order.suit(cards[range.end - 1]));
            let placeholder = if first == last {
                first
            } else {
                format!("{first} – {last}")
            };
            let menu = serenity::CreateSelectMenu::new(
                h.game_id(&SjClick::Pick {
                    part: part as u8,
                    keep: chosen & !mask_here,
                }),
                serenity::CreateSelectMenuKind::String { options },
            )
            .placeholder(placeholder)
            .min_values(0)
            .max_values(range.len() as u8)
            .disabled(!my_turn);
            rows.push(serenity::CreateActionRow::SelectMenu(menu));
        }
        let n = cards_of(&cards, chosen).len() as i64;
        let go_key = if burying(h.legal) {
            "shengji-btn-bury"
        } else {
            "shengji-btn-play"
        };
        let go = serenity::CreateButton::new(h.game_id(&SjClick::Go { chosen }))
            .label(i18n::tr_args(lang, go_key, &[("count", n.into())]))
            .style(serenity::ButtonStyle::Primary)
            .disabled(!my_turn || chosen == 0);
        let hint = serenity::CreateButton::new(h.id(crate::discord::ids::Action::Hint))
            .label(i18n::tr(lang, "btn-hint"))
            .style(serenity::ButtonStyle::Secondary)
            .disabled(!my_turn);
        rows.push(serenity::CreateActionRow::Buttons(vec![go, hint]));
        rows
    }

    fn on_click(
        click: &Control<SjClick>,
        values: &[String],
        h: &HandView<'_, Self>,
    ) -> Result<ClickIntent<TableAction>, BotError> {
        let cards = shown_cards(h.view);
        match click {
            Control::Game(SjClick::Pick { keep, .. }) => {
                let picked = positions(&cards, values)?;
                Ok(ClickIntent::Select(values_of(&cards, keep | picked)))
            }
            Control::Game(SjClick::Go { chosen }) => {
                let chosen = cards_of(&cards, *chosen);
                if chosen.is_empty() {
                    return Err(BotError::user(crate::keys::ERR_STALE));
                }
                Ok(ClickIntent::Act(TableAction::Hand(if burying(h.legal) {
                    Action::Bury(chosen)
                } else {
                    Action::Play(chosen)
                })))
            }
            Control::Game(SjClick::Declare) => {
                let i: usize = values
                    .first()
                    .and_then(|v| v.parse().ok())
                    .ok_or_else(|| BotError::user(crate::keys::ERR_STALE))?;
                let cards = declarations(h.legal)
                    .get(i)
                    .map(|c| (*c).clone())
                    .ok_or_else(|| BotError::user(crate::keys::ERR_STALE))?;
                Ok(ClickIntent::Act(TableAction::Hand(Action::Declare {
                    cards,
                    dealt: h.view.hand.dealt,
                })))
            }
            Control::Pass => Ok(ClickIntent::Act(TableAction::Pass)),
            Control::Hint => Ok(ClickIntent::Hint),
            Control::SelectCards | Control::Play(_) => Err(BotError::user(crate::keys::ERR_STALE)),
        }
    }

    /// Declaring, burying or playing, as the view offers it.
    fn your_turn_key(h: &HandView<'_, Self>) -> &'static str {
        if !declarations(h.legal).is_empty() {
            "shengji-your-turn-declare"
        } else if burying(h.legal) {
            "shengji-your-turn-bury"
        } else {
            "shengji-your-turn-play"
        }
    }

    /// The hint's cards chosen in the selects (as `card.copy` values).
    fn hint_selection(lang: Lang, hint: &TableAction) -> (Vec<String>, String) {
        let cards = match hint {
            TableAction::Hand(Action::Play(c) | Action::Bury(c)) => c.clone(),
            _ => Vec::new(),
        };
        let label = Self::replay_move_words(lang, hint);
        let mut values = Vec::new();
        for (i, c) in cards.iter().enumerate() {
            let copy = cards[..i].iter().filter(|&&d| d == *c).count();
            values.push(format!("{c}.{copy}"));
        }
        (
            values,
            i18n::tr_args(lang, "hint-action", &[("action", label.into())]),
        )
    }

    /// The cards played, buried or declared, or the pass.
    fn replay_move_words(lang: Lang, action: &TableAction) -> String {
        match action {
            TableAction::Hand(Action::Play(c)) => render_cards(lang, c),
            TableAction::Hand(Action::Bury(c)) => i18n::tr_args(
                lang,
                "term-sj-label-bury",
                &[("cards", render_cards(lang, c).into())],
            ),
            TableAction::Hand(Action::Declare { cards, .. }) => i18n::tr_args(
                lang,
                "term-sj-label-declare",
                &[("cards", render_cards(lang, cards).into())],
            ),
            _ => i18n::tr(lang, "term-sj-label-pass"),
        }
    }

    /// A trick starts with a lead: a play when the table holds no trick.
    fn replay_round_start(game: &Self, _seat: Seat, action: &TableAction) -> bool {
        use crate::games::Game;
        matches!(action, TableAction::Hand(Action::Play(_)))
            && game.view(None).hand.trick.is_empty()
    }

    /// `/play cards:7H 7H`, `declare 7H`, `bury …`, `pass`.
    fn typed_play(input: &str, h: &HandView<'_, Self>) -> Result<TableAction, BotError> {
        typed_action(input, h.view, h.legal)
            .map_err(|e| BotError::user(e.key).arg("input", e.input))
    }

    /// `/pass` turns the declarations down; there is no passing a trick.
    fn typed_pass(h: &HandView<'_, Self>) -> Result<TableAction, BotError> {
        if h.legal.contains(&TableAction::Pass) {
            Ok(TableAction::Pass)
        } else {
            Err(BotError::user(crate::keys::SHENGJI_NO_PASS).arg("input", "/pass"))
        }
    }

    /// The hand's result: the kitty and its multiplier, the level table's
    /// verdict, both levels, the match; each seat's chips.
    fn result_embed(r: &ResultView<'_, Self>) -> Option<serenity::CreateEmbed> {
        let lang = r.lang;
        let o = r.result.outcome.as_ref()?;
        let mut lines = result_lines(lang, &seats(r.names), o);
        lines.push(String::new());
        for seat in 0..r.report.paid.len() {
            let role = if seat == o.banker {
                i18n::tr(lang, "shengji-role-banker")
            } else {
                String::new()
            };
            lines.push(r.seat_line(seat, role));
        }
        Some(r.embed(<Self as crate::games::Game>::KIND.name_key(), &lines))
    }

    /// Mid-match the next hand is dealt at this table by itself (a "Play
    /// again" could only be refused then); once a team has won the match,
    /// the button opens a new match.
    fn again_button(r: &ResultView<'_, Self>) -> Option<&'static str> {
        match &r.result.outcome {
            Some(o) if o.match_winner.is_none() => None,
            _ => Some("shengji-btn-new-match"),
        }
    }
}

/// The rules of `/shengji start`'s options.
#[allow(clippy::too_many_arguments)]
pub fn start_rules(
    decks: Option<i64>,
    two_colors: Option<bool>,
    twos_trump: Option<bool>,
    flip: Option<bool>,
    throw_penalty: Option<bool>,
    double_kitty: Option<bool>,
    pass_a: Option<bool>,
    match_bonus: Option<i64>,
    declare_window: Option<i64>,
) -> Result<serde_json::Value, BotError> {
    let mut rules = json!({});
    if let Some(d) = decks {
        if !(1..=4).contains(&d) {
            return Err(BotError::option_range("decks", 1..=4, d));
        }
        rules["decks"] = json!(d);
    }
    if two_colors == Some(true) {
        rules["two_colors"] = json!(true);
    }
    if twos_trump == Some(true) {
        rules["twos_trump"] = json!(true);
    }
    if flip == Some(true) {
        rules["no_declare"] = json!("flip");
    }
    if throw_penalty == Some(true) {
        rules["throw_penalty"] = json!(10);
    }
    if double_kitty == Some(true) {
        rules["kitty_multiplier"] = json!("double");
    }
    if pass_a == Some(true) {
        rules["goal"] = json!("pass_a");
    }
    if let Some(b) = match_bonus {
        let max = i64::from(super::table::MAX_MATCH_BONUS);
        if !(0..=max).contains(&b) {
            return Err(BotError::option_range("match_bonus", 0..=max, b));
        }
        rules["match_bonus"] = json!(b);
    }
    if let Some(w) = declare_window {
        if !(0..=MAX_DECLARE_WINDOW).contains(&w) {
            return Err(BotError::option_range(
                "declare_window",
                0..=MAX_DECLARE_WINDOW,
                w,
            ));
        }
        rules["declare_window"] = json!(w);
    }
    Ok(rules)
}

#[allow(clippy::too_many_arguments)]
#[poise::command(slash_command, rename = "start", guild_only)]
pub async fn sj_start(
    ctx: Context<'_>,
    stake: Option<i64>,
    decks: Option<i64>,
    two_colors: Option<bool>,
    twos_trump: Option<bool>,
    flip: Option<bool>,
    throw_penalty: Option<bool>,
    double_kitty: Option<bool>,
    pass_a: Option<bool>,
    match_bonus: Option<i64>,
    declare_window: Option<i64>,
    ai: Option<crate::hosts::dou_dizhu::discord::AiChoice>,
) -> Result<(), BotError> {
    let mut rules = start_rules(
        decks,
        two_colors,
        twos_trump,
        flip,
        throw_penalty,
        double_kitty,
        pass_a,
        match_bonus,
        declare_window,
    )?;
    if let Some(ai) = ai {
        rules["ai"] = json!(ai.level().name());
    }
    let options = TableOptions {
        stake: table_cmds::chosen_stake(ctx, GameKind::Shengji, stake, "stake").await?,
        rules,
        seed: None,
        lang: None,
        timers: None,
    };
    table_cmds::open::<ShengjiTable>(ctx, options).await
}

/// Picks a seat (1 to 4): seats 1 + 3 play against seats 2 + 4.
#[poise::command(slash_command, rename = "seat", guild_only)]
pub async fn sj_seat(ctx: Context<'_>, seat: i64) -> Result<(), BotError> {
    table_cmds::sit::<ShengjiTable>(ctx, seat).await
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::discord::ids::{Action as Click, ComponentId};

    #[test]
    fn every_control_round_trips_through_a_custom_id() {
        for c in [
            SjClick::Pick { part: 0, keep: 0 },
            SjClick::Pick {
                part: 3,
                keep: u64::MAX,
            },
            SjClick::Go {
                chosen: 0x3ff_ffff_ffff_ffff,
            },
            SjClick::Declare,
        ] {
            let id = ComponentId::new(Click::Game(c.to_wire()), u64::MAX, u64::MAX).encode();
            assert!(id.len() <= 100, "{id}");
            let back = ComponentId::decode(&id).unwrap();
            let Click::Game(wire) = back.action else {
                panic!("{id}")
            };
            assert_eq!(SjClick::from_wire(&wire), Some(c));
        }
        assert_eq!(
            SjClick::from_wire(&GameWire::new("sjpick", Some("9.0".into()))),
            None
        );
    }

    /// Issue #36: 记牌器 in the hand view (Discord and the terminal) while
    /// the tricks are played: every copy not held and not yet played,
    /// grouped by play suit, trumps first.
    #[test]
    fn the_hand_view_has_the_card_counter_in_the_tricks() {
        use crate::games::shengji::{Shengji, ShengjiRules};
        use crate::games::Game;
        use rand::{Rng, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
        let mut g = Shengji::deal(ShengjiRules::default(), 4, &mut rng).unwrap();
        let dealing = |g: &Shengji| DealingView {
            hand: g.view(Some(0)),
            dealing: Dealing::Done,
            hand_no: 1,
            ai: vec![false; 4],
        };
        assert!(!ShengjiTable::hand_text(Lang::EnUs, &dealing(&g))
            .unwrap()
            .contains("记牌器"));
        // Into the tricks, a few cards played.
        let mut plays = 0;
        while plays < 6 {
            let seat = g.waiting_on()[0];
            let legal = g.legal_actions(seat);
            let a = legal[rng.gen_range(0..legal.len())].clone();
            if matches!(a, Action::Play { .. }) {
                plays += 1;
            }
            g.apply(seat, &a).unwrap();
        }
        let v = g.view(Some(0));
        let unseen: usize = v.unseen().unwrap().iter().map(|&n| usize::from(n)).sum();
        let lines = crate::hosts::shengji::words::counter_lines(Lang::EnUs, &v);
        assert_eq!(lines[0], "Not yet played (记牌器):");
        let counted: usize = lines[1..]
            .iter()
            .map(|l| {
                let n = l.split_once("): ").unwrap().0.rsplit_once('(').unwrap().1;
                n.parse::<usize>().unwrap()
            })
            .sum();
        assert_eq!(counted, unseen, "{lines:?}");
        assert_eq!(
            unseen,
            108 - v.hand.len() - 6 - v.kitty.as_ref().map_or(0, |k| k.len())
        );
        let en = ShengjiTable::hand_text(Lang::EnUs, &dealing(&g)).unwrap();
        assert!(en.contains("Not yet played (记牌器):"), "{en}");
        let zh = ShengjiTable::hand_text(Lang::ZhCn, &dealing(&g)).unwrap();
        assert!(zh.contains("记牌器：\n主牌（"), "{zh}");
        let term =
            <ShengjiTable as crate::terminal::TerminalGame>::hand_line(Lang::EnUs, &dealing(&g));
        assert!(term.contains("Not yet played (记牌器):"), "{term}");
    }
}
