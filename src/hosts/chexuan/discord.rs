//! Chexuan on Discord: `/chexuan start|join|leave|rules|stop` (each player
//! brings a bobo), and the game's side of the table seam ([`DiscordGame`]):
//! the table message (every seat's face-up cards, stack, contribution, the
//! mango pot, whose turn and until when), the betting buttons of the seat to
//! act (跟 休 丢 敲 三花 and 大 by the engine's preset amounts), the split
//! as a select of the legal splits in "My hand", the log lines of every
//! event (the showdown with every pairwise result), and the session's result.
//!
//! Face-down cards are private: they travel in the hand DM and "My hand",
//! never on the table message (the public view does not hold them).

use crate::cards::Card;
use crate::discord::errors::BotError;
use crate::discord::ids::GameWire;
use crate::discord::table::{commands as table_cmds, ClickIntent, Control, DiscordGame, GameClick};
use crate::discord::table::{HandView, Modal, Names};
use crate::discord::table::{ResultView, TableView};
use crate::discord::Context;
use crate::games::chexuan::action::BetWord;
use crate::games::chexuan::hands::{HandKind, Split};
use crate::games::chexuan::session::{ChexuanTable, SessionEvent, SessionView, TableAction};
use crate::games::chexuan::view::Stage;
use crate::games::chexuan::{Action, ChexuanRules};
use crate::games::{GameKind, Seat};
use crate::hosts::chexuan::words;
use crate::i18n::{self, Lang};
use crate::table::{JoinArgs, TableOptions};
use poise::serenity_prelude as serenity;
use serde_json::json;

/// Chexuan's own controls: a betting button, the split select, and the
/// "Raise…" button (and the modal it opens).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ChexuanClick {
    /// A betting action (never a split, which goes through the select).
    Bet(Action),
    Split,
    RaiseAny,
    /// Between hands, asked to top up: move this many chips into the stack.
    TopUp(u64),
}

impl GameClick for ChexuanClick {
    fn to_wire(&self) -> GameWire {
        let arg = match self {
            ChexuanClick::Bet(a) => action_arg(a).unwrap_or_else(|| "-".into()),
            ChexuanClick::Split => "split".into(),
            ChexuanClick::RaiseAny => "raise".into(),
            ChexuanClick::TopUp(n) => format!("topup.{n}"),
        };
        GameWire::new("g", Some(arg))
    }

    fn from_wire(wire: &GameWire) -> Option<ChexuanClick> {
        if wire.tag != "g" {
            return None;
        }
        Some(match wire.arg.as_deref()? {
            "split" => ChexuanClick::Split,
            "raise" => ChexuanClick::RaiseAny,
            arg => match arg.strip_prefix("topup.") {
                Some(n) => ChexuanClick::TopUp(n.parse().ok()?),
                None => ChexuanClick::Bet(parse_action_arg(arg)?),
            },
        })
    }
}
/// The id of the modal's one text input (the amount).
const AMOUNT: &str = "amount";

fn hand_name(lang: Lang, kind: HandKind) -> String {
    i18n::tr(lang, &format!("chexuan-hand-{}", kind.id()))
}

fn cards(lang: Lang, cards: &[Card]) -> String {
    i18n::render_cards(lang, cards)
}

/// The `custom_id` argument of a betting action (`None` for a split, which
/// goes through the select).
fn action_arg(action: &Action) -> Option<String> {
    Some(match action {
        Action::Raise(n) => format!("raise.{n}"),
        Action::Call => "call".into(),
        Action::AllIn => "allin".into(),
        Action::Check => "check".into(),
        Action::Fold => "fold".into(),
        Action::Sanhua => "sanhua".into(),
        Action::Split(_) => return None,
    })
}

/// Reads a betting button's argument back.
fn parse_action_arg(arg: &str) -> Option<Action> {
    Some(match arg {
        "call" => Action::Call,
        "allin" => Action::AllIn,
        "check" => Action::Check,
        "fold" => Action::Fold,
        "sanhua" => Action::Sanhua,
        _ => Action::Raise(arg.strip_prefix("raise.")?.parse().ok()?),
    })
}

/// A split as a select value: `QH.QD-2H.2D` (head, then tail).
fn split_value(s: &Split) -> String {
    format!("{}.{}-{}.{}", s.head[0], s.head[1], s.tail[0], s.tail[1])
}

/// Reads a select value back; the engine judges whether it is legal.
fn parse_split_value(value: &str) -> Option<Split> {
    let (head, tail) = value.split_once('-')?;
    let pair = |p: &str| -> Option<[Card; 2]> {
        let (a, b) = p.split_once('.')?;
        Some([a.parse().ok()?, b.parse().ok()?])
    };
    Some(Split {
        head: pair(head)?,
        tail: pair(tail)?,
    })
}

/// An action's name, as on its button.
fn action_label(lang: Lang, action: &Action) -> String {
    match action {
        Action::Raise(n) => i18n::tr_args(lang, "chexuan-btn-raise", &[("by", (*n as i64).into())]),
        Action::Call => i18n::tr(lang, "chexuan-action-call"),
        Action::AllIn => i18n::tr(lang, "chexuan-action-all-in"),
        Action::Check => i18n::tr(lang, "chexuan-action-check"),
        Action::Fold => i18n::tr(lang, "chexuan-action-fold"),
        Action::Sanhua => i18n::tr(lang, "chexuan-action-sanhua"),
        Action::Split(s) => split_label(lang, s),
    }
}

fn split_label(lang: Lang, s: &Split) -> String {
    i18n::tr_args(
        lang,
        "chexuan-split-option",
        &[
            ("head", cards(lang, &s.head).into()),
            ("head-hand", hand_name(lang, s.head_kind()).into()),
            ("tail", cards(lang, &s.tail).into()),
            ("tail-hand", hand_name(lang, s.tail_kind()).into()),
        ],
    )
}

/// The raise range of the seat to act in `v` (hand seats), if it may raise.
fn raise_range_to_act(v: &SessionView) -> Option<(u64, u64)> {
    let h = v.hand.to_act?;
    v.hand.raise_range(h).map(|r| (*r.start(), *r.end()))
}

/// The "Raise…" button, when the seat to act may raise: it opens a modal
/// asking for any amount in the legal range.
fn raise_any_button(lang: Lang, id: String) -> serenity::CreateButton {
    serenity::CreateButton::new(id)
        .label(i18n::tr(lang, "chexuan-btn-raise-any"))
        .style(serenity::ButtonStyle::Primary)
}

/// The modal of "Raise…": one short text input, the legal range in its
/// label and placeholder.
fn raise_modal(lang: Lang, id: String, (min, max): (u64, u64)) -> serenity::CreateModal {
    let range = [("min", (min as i64).into()), ("max", (max as i64).into())];
    let mut label = i18n::tr_args(lang, "chexuan-raise-modal-label", &range);
    // Discord allows 45 characters in a label, 100 in a placeholder.
    label = label.chars().take(45).collect();
    let placeholder: String = i18n::tr_args(lang, "chexuan-raise-modal-placeholder", &range)
        .chars()
        .take(100)
        .collect();
    let input = serenity::CreateInputText::new(serenity::InputTextStyle::Short, label, AMOUNT)
        .placeholder(placeholder)
        .min_length(1)
        .max_length(20);
    serenity::CreateModal::new(id, i18n::tr(lang, "chexuan-raise-modal-title"))
        .components(vec![serenity::CreateActionRow::InputText(input)])
}

/// Reads the amount typed in the raise modal, against the seat's range now.
fn read_raise(text: &str, range: Option<(u64, u64)>) -> Result<Action, BotError> {
    let (min, max) = range.ok_or_else(|| BotError::user(crate::keys::CHEXUAN_ERR_CANNOT_RAISE))?;
    let text = text.trim();
    let with_range = |e: BotError| e.arg("min", min as i64).arg("max", max as i64);
    let amount: u64 = text.parse().map_err(|_| {
        with_range(BotError::user(crate::keys::CHEXUAN_ERR_RAISE_NUMBER))
            .arg("text", text.to_string())
    })?;
    if !(min..=max).contains(&amount) {
        return Err(
            with_range(BotError::user(crate::keys::CHEXUAN_ERR_RAISE_RANGE))
                .arg("amount", amount as i64),
        );
    }
    Ok(Action::Raise(amount))
}

fn splits_of(legal: &[TableAction]) -> Vec<Split> {
    TableAction::hand_actions(legal)
        .into_iter()
        .filter_map(|a| match a {
            Action::Split(s) => Some(s),
            _ => None,
        })
        .collect()
}

/// The log lines of the table's events (the terminal's words too).
fn session_lines(lang: Lang, names: &Names, events: &[SessionEvent]) -> Vec<String> {
    words::cx_session_lines(lang, &i18n::events::Seats::new(&names.0, None), events)
}

/// One table seat's line on the table message.
fn seat_line(lang: Lang, names: &Names, v: &SessionView, seat: Seat) -> String {
    words::cx_seat_line(lang, &i18n::events::Seats::new(&names.0, None), v, seat)
}

fn stage_line(lang: Lang, stage: Stage) -> String {
    words::cx_stage_line(lang, stage)
}

impl DiscordGame for ChexuanTable {
    type Click = ChexuanClick;

    const RULES_KEYS: &'static [&'static str] = crate::games::GameKind::Chexuan.rules_keys();

    /// The ante, not the stake (always 1: a hand's chips are its ante and
    /// bets), as the table message says it.
    fn lobby_title(lang: Lang, rules: &ChexuanRules, _stake: i64) -> String {
        i18n::tr_args(
            lang,
            "chexuan-lobby-title",
            &[
                (
                    "game",
                    i18n::tr(lang, <Self as crate::games::Game>::KIND.name_key()).into(),
                ),
                ("chips", (rules.ante as i64).into()),
            ],
        )
    }

    fn start_command() -> table_cmds::Command {
        cx_start()
    }

    fn join_command() -> table_cmds::Command {
        cx_join()
    }

    fn table_embed(t: &TableView<'_, Self>) -> serenity::CreateEmbed {
        let lang = t.lang;
        let v = t.view;
        let mut lines = vec![
            i18n::tr_args(
                lang,
                "chexuan-mango-pot",
                &[
                    ("pot", (v.mango_pot as i64).into()),
                    ("count", i64::from(v.mango_count).into()),
                ],
            ),
            i18n::tr_args(
                lang,
                "chexuan-ante",
                &[("chips", (v.hand.ante as i64).into())],
            ),
            i18n::tr_args(
                lang,
                "chexuan-dealer",
                &[("player", t.names.get(v.table_seat(v.hand.dealer)).into())],
            ),
            stage_line(lang, v.hand.stage),
            i18n::tr_args(
                lang,
                "chexuan-highest",
                &[("chips", (v.hand.highest as i64).into())],
            ),
        ];
        // Between hands the one to act is a seat asked to top up.
        let to_act = v
            .hand
            .to_act
            .map(|h| v.table_seat(h))
            .or_else(|| v.topping_up.iter().position(|&t| t));
        if let Some(seat) = to_act {
            let player = t.names.get(seat);
            lines.push(match t.deadline {
                Some(deadline) => i18n::tr_args(
                    lang,
                    "chexuan-turn",
                    &[
                        ("player", player.into()),
                        ("when", format!("<t:{deadline}:R>").into()),
                    ],
                ),
                None => i18n::tr_args(lang, "chexuan-turn-ai", &[("player", player.into())]),
            });
        }
        let seats: Vec<String> = (0..v.stacks.len())
            .map(|s| seat_line(lang, t.names, v, s))
            .collect();
        let embed = serenity::CreateEmbed::new()
            .title(i18n::tr_args(
                lang,
                "chexuan-table-title",
                &[
                    ("game", t.game.into()),
                    ("hand", i64::from(v.hand_number).into()),
                ],
            ))
            .description(lines.join("\n"))
            .field(i18n::tr(lang, "chexuan-name"), seats.join("\n"), false);
        t.with_log_field(embed)
    }

    /// The betting actions open to the seat to act; a split is chosen in
    /// "My hand" (its select is private).
    fn table_buttons(
        t: &TableView<'_, Self>,
        legal: &[TableAction],
    ) -> Vec<serenity::CreateButton> {
        let top_ups: Vec<serenity::CreateButton> = legal
            .iter()
            .filter_map(|a| match a {
                TableAction::TopUp(n) => Some(
                    serenity::CreateButton::new(t.game_id(&ChexuanClick::TopUp(*n)))
                        .label(i18n::tr_args(
                            t.lang,
                            "chexuan-btn-top-up",
                            &[("amount", (*n as i64).into())],
                        ))
                        .style(serenity::ButtonStyle::Primary),
                ),
                _ => None,
            })
            .collect();
        if !top_ups.is_empty() {
            return top_ups;
        }
        let actions = TableAction::hand_actions(legal);
        let mut buttons: Vec<serenity::CreateButton> = actions
            .iter()
            .filter_map(|a| {
                action_arg(a)?;
                let style = match a {
                    Action::Fold => serenity::ButtonStyle::Danger,
                    Action::Raise(_) | Action::AllIn => serenity::ButtonStyle::Primary,
                    _ => serenity::ButtonStyle::Secondary,
                };
                // Call says what it costs the seat to act.
                let label = match a {
                    Action::Call => words::cx_call_label(t.lang, &t.view.hand, t.view.hand.to_act),
                    _ => action_label(t.lang, a),
                };
                Some(
                    serenity::CreateButton::new(t.game_id(&ChexuanClick::Bet(*a)))
                        .label(label)
                        .style(style),
                )
            })
            .collect();
        if !actions.is_empty() && raise_range_to_act(t.view).is_some() {
            // Shown early so the driver's cap on buttons never hides it.
            let at = buttons.len().min(4);
            buttons.insert(
                at,
                raise_any_button(t.lang, t.game_id(&ChexuanClick::RaiseAny)),
            );
        }
        buttons
    }

    fn event_lines(
        lang: Lang,
        names: &Names,
        _seat: Seat,
        _action: &TableAction,
        events: &[SessionEvent],
    ) -> Vec<String> {
        session_lines(lang, names, events)
    }

    fn hand_text(lang: Lang, view: &SessionView) -> Option<String> {
        words::cx_your_cards(lang, view)
    }

    fn hand_components(
        h: &HandView<'_, Self>,
        _selected: &[String],
    ) -> Vec<serenity::CreateActionRow> {
        let splits = splits_of(h.legal);
        if !splits.is_empty() {
            // Discord allows 25 options; four cards split at most 3 ways.
            let options: Vec<serenity::CreateSelectMenuOption> = splits
                .iter()
                .take(25)
                .map(|s| {
                    let mut label = split_label(h.lang, s);
                    label.truncate(100);
                    serenity::CreateSelectMenuOption::new(label, split_value(s))
                })
                .collect();
            let menu = serenity::CreateSelectMenu::new(
                h.game_id(&ChexuanClick::Split),
                serenity::CreateSelectMenuKind::String { options },
            )
            .placeholder(i18n::tr(h.lang, "chexuan-split-choose"));
            return vec![serenity::CreateActionRow::SelectMenu(menu)];
        }
        let mut buttons: Vec<serenity::CreateButton> = TableAction::hand_actions(h.legal)
            .iter()
            .filter_map(|a| {
                Some(
                    serenity::CreateButton::new({
                        action_arg(a)?;
                        h.game_id(&ChexuanClick::Bet(*a))
                    })
                    .label(action_label(h.lang, a)),
                )
            })
            .collect();
        if h.my_turn() && raise_range_to_act(h.view).is_some() {
            let at = buttons.len().min(4);
            buttons.insert(
                at,
                raise_any_button(h.lang, h.game_id(&ChexuanClick::RaiseAny)),
            );
        }
        buttons
            .chunks(5)
            .take(5)
            .map(|c| serenity::CreateActionRow::Buttons(c.to_vec()))
            .collect()
    }

    /// Splitting into head and tail, or a bet by its buttons.
    fn your_turn_key(h: &HandView<'_, Self>) -> &'static str {
        if splits_of(h.legal).is_empty() {
            "chexuan-your-turn-bet"
        } else {
            "chexuan-your-turn-split"
        }
    }

    fn on_click(
        click: &Control<ChexuanClick>,
        values: &[String],
        h: &HandView<'_, Self>,
    ) -> Result<ClickIntent<TableAction>, BotError> {
        match click {
            Control::Game(ChexuanClick::RaiseAny) => {
                if !h.my_turn() {
                    return Err(BotError::user(crate::keys::ERR_NOT_YOUR_TURN));
                }
                let range = raise_range_to_act(h.view)
                    .ok_or_else(|| BotError::user(crate::keys::CHEXUAN_ERR_CANNOT_RAISE))?;
                let id = h.game_id(&ChexuanClick::RaiseAny);
                Ok(ClickIntent::Modal(Modal(raise_modal(h.lang, id, range))))
            }
            Control::Game(ChexuanClick::Split) => {
                let value = values
                    .first()
                    .ok_or_else(|| BotError::user(crate::keys::ERR_STALE))?;
                // A forged value reaches the engine, which refuses it.
                let split = parse_split_value(value)
                    .ok_or_else(|| BotError::user(crate::keys::CHEXUAN_ERR_NO_SPLIT))?;
                Ok(ClickIntent::Act(TableAction::Hand(Action::Split(split))))
            }
            Control::Game(ChexuanClick::Bet(a)) => Ok(ClickIntent::Act(TableAction::Hand(*a))),
            Control::Game(ChexuanClick::TopUp(n)) => Ok(ClickIntent::Act(TableAction::TopUp(*n))),
            Control::Hint => Ok(ClickIntent::Hint),
            _ => Err(BotError::user(crate::keys::ERR_STALE)),
        }
    }

    /// The raise modal: any amount in the seat's legal range now.
    fn on_modal(
        click: &Control<ChexuanClick>,
        fields: &[(String, String)],
        h: &HandView<'_, Self>,
    ) -> Result<TableAction, BotError> {
        if *click != Control::Game(ChexuanClick::RaiseAny) {
            return Err(BotError::user(crate::keys::ERR_STALE));
        }
        if !h.my_turn() {
            return Err(BotError::user(crate::keys::ERR_NOT_YOUR_TURN));
        }
        let text = fields
            .iter()
            .find(|(id, _)| id == AMOUNT)
            .map(|(_, v)| v.as_str())
            .unwrap_or("");
        read_raise(text, raise_range_to_act(h.view)).map(TableAction::Hand)
    }

    /// The action's name, as its button says it.
    fn replay_move_words(lang: Lang, action: &TableAction) -> String {
        match action {
            TableAction::Hand(a) => action_label(lang, a),
            TableAction::Leave | TableAction::TimedOut => i18n::tr(lang, "chexuan-action-fold"),
            TableAction::TopUp(n) => i18n::tr_args(
                lang,
                "chexuan-btn-top-up",
                &[("amount", (*n as i64).into())],
            ),
        }
    }

    fn hint_selection(lang: Lang, hint: &TableAction) -> (Vec<String>, String) {
        let name = Self::replay_move_words(lang, hint);
        (
            Vec::new(),
            i18n::tr_args(lang, "hint-action", &[("action", name.into())]),
        )
    }

    /// `/play call`, `跟`, `raise 20`, `大 20`, or the two cards of the head.
    fn typed_play(input: &str, h: &HandView<'_, Self>) -> Result<TableAction, BotError> {
        let text = input.trim().to_lowercase();
        let words: Vec<&str> = text.split_whitespace().collect();
        let bet = words.first().and_then(|w| BetWord::read(w));
        let action = match (bet, words.as_slice()) {
            (Some(BetWord::Bet(action)), [_]) => action,
            (Some(BetWord::Raise), [_, n]) => Action::Raise(
                n.parse()
                    .map_err(|_| BotError::user(crate::keys::CHEXUAN_ERR_TYPED))?,
            ),
            (_, [a, b]) => {
                let a: Card = a
                    .to_uppercase()
                    .parse()
                    .map_err(|_| BotError::user(crate::keys::CHEXUAN_ERR_TYPED))?;
                let b: Card = b
                    .to_uppercase()
                    .parse()
                    .map_err(|_| BotError::user(crate::keys::CHEXUAN_ERR_TYPED))?;
                let split = splits_of(h.legal)
                    .into_iter()
                    .find(|s| {
                        (s.head[0] == a && s.head[1] == b) || (s.head[0] == b && s.head[1] == a)
                    })
                    .ok_or_else(|| BotError::user(crate::keys::CHEXUAN_ERR_NO_SPLIT))?;
                Action::Split(split)
            }
            _ => return Err(BotError::user(crate::keys::CHEXUAN_ERR_TYPED)),
        };
        Ok(TableAction::Hand(action))
    }

    /// `/pass` checks (休); it never folds a hand by accident.
    fn typed_pass(h: &HandView<'_, Self>) -> Result<TableAction, BotError> {
        let check = TableAction::Hand(Action::Check);
        if h.legal.contains(&check) {
            Ok(check)
        } else {
            Err(BotError::user(crate::keys::CHEXUAN_ERR_NO_PASS))
        }
    }

    fn done_line(lang: Lang, action: &TableAction) -> String {
        match action {
            TableAction::Hand(a) => i18n::tr_args(
                lang,
                "chexuan-done",
                &[("action", action_label(lang, a).into())],
            ),
            TableAction::Leave | TableAction::TimedOut | TableAction::TopUp(_) => {
                i18n::tr(lang, "action-done")
            }
        }
    }

    fn result_embed(r: &ResultView<'_, Self>) -> Option<serenity::CreateEmbed> {
        let lang = r.lang;
        // The outcome counts the hands; the last view the table message
        // showed may be hands behind it when the last hands were played in
        // one burst (the table closed before the message was redrawn),
        // which is how a result said "hand 5" under a log at "Hand 10".
        let hands = r
            .result
            .outcome
            .as_ref()
            .map(|o| i64::from(o.hands))
            .or_else(|| r.last_view.map(|v| i64::from(v.hand_number)))
            .unwrap_or(0);
        let mut lines = vec![
            i18n::tr_args(lang, "chexuan-result-closed", &[("hands", hands.into())]),
            String::new(),
        ];
        for seat in 0..r.report.paid.len() {
            lines.push(r.seat_line(seat, String::new()));
        }
        Some(r.embed(<Self as crate::games::Game>::KIND.name_key(), &lines))
    }
}

/// The rules JSON of `/chexuan start`'s options; without `ante:` the
/// config's Chexuan stake (`stakes.chexuan`) is the ante.
pub fn start_rules(ante: Option<i64>, default_ante: i64) -> Result<serde_json::Value, BotError> {
    let mut rules = json!({});
    {
        let ante = ante.unwrap_or(default_ante);
        let max = crate::games::chexuan::rules::MAX_CHIPS as i64;
        if !(1..=max).contains(&ante) {
            return Err(BotError::option_range("ante", 1..=max, ante));
        }
        rules["ante"] = json!(ante);
    }
    Ok(rules)
}

/// A bobo option as the table's join arguments.
fn join_args(bobo: Option<i64>) -> Result<JoinArgs, BotError> {
    let buy_in = match bobo {
        None => None,
        Some(b) => {
            Some(u64::try_from(b).map_err(|_| BotError::user(crate::keys::ERR_AMOUNT_POSITIVE))?)
        }
    };
    Ok(JoinArgs { buy_in })
}

#[poise::command(slash_command, rename = "start", guild_only)]
pub async fn cx_start(
    ctx: Context<'_>,
    ante: Option<i64>,
    bobo: Option<i64>,
    ai: Option<crate::hosts::dou_dizhu::discord::AiChoice>,
) -> Result<(), BotError> {
    let ante = table_cmds::chosen_stake(ctx, GameKind::Chexuan, ante, "ante").await?;
    let mut rules = start_rules(Some(ante), ante)?;
    if let Some(ai) = ai {
        rules["ai"] = json!(ai.level().name());
    }
    // The chips of a hand are its ante and bets: the stake is 1.
    let options = TableOptions {
        stake: 1,
        rules,
        seed: None,
        lang: None,
        timers: None,
    };
    table_cmds::open_with::<ChexuanTable>(ctx, options, join_args(bobo)?).await
}

#[poise::command(slash_command, rename = "join", guild_only)]
pub async fn cx_join(ctx: Context<'_>, bobo: Option<i64>) -> Result<(), BotError> {
    table_cmds::join_with::<ChexuanTable>(ctx, join_args(bobo)?).await
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::chexuan::session::SessionDeal;
    use crate::games::chexuan::ChexuanRules;
    use crate::games::Game;

    fn table() -> ChexuanTable {
        let deal = SessionDeal {
            seed: 7,
            dealer: 0,
            bobo: vec![400, 400, 400],
            ai: vec![],
            reserve: Vec::new(),
        };
        ChexuanTable::start(ChexuanRules::default(), 3, deal).unwrap()
    }

    #[test]
    fn action_args_round_trip() {
        for a in [
            Action::Call,
            Action::Check,
            Action::Fold,
            Action::AllIn,
            Action::Sanhua,
            Action::Raise(30),
        ] {
            let arg = action_arg(&a).unwrap();
            assert!(crate::discord::ids::game_arg_ok(&arg), "{arg}");
            assert_eq!(parse_action_arg(&arg), Some(a));
        }
        assert_eq!(parse_action_arg("raise.x"), None);
        assert_eq!(parse_action_arg("nonsense"), None);
        for click in [
            ChexuanClick::Bet(Action::Raise(30)),
            ChexuanClick::Split,
            ChexuanClick::RaiseAny,
        ] {
            assert_eq!(ChexuanClick::from_wire(&click.to_wire()), Some(click));
        }
        assert_eq!(
            ChexuanClick::from_wire(&GameWire::new("bid", Some("1".into()))),
            None
        );
    }

    #[test]
    fn split_values_round_trip_and_garbage_is_refused() {
        let s = Split {
            head: ["QH".parse().unwrap(), "QD".parse().unwrap()],
            tail: ["2H".parse().unwrap(), "2D".parse().unwrap()],
        };
        assert_eq!(parse_split_value(&split_value(&s)), Some(s));
        assert_eq!(parse_split_value("QH.QD"), None);
        assert_eq!(parse_split_value("QH.ZZ-2H.2D"), None);
    }

    /// Plays a session with the first legal action until the showdown of
    /// the first hand, checking that the public view never shows a
    /// face-down card and that every line has words in both languages.
    #[test]
    fn a_hand_logs_in_both_languages_and_hides_face_down_cards() {
        let mut t = table();
        let names = Names((1..=3).map(|i| format!("P{i}")).collect());
        let mut saw_showdown = false;
        for _ in 0..200 {
            if t.is_finished() || t.hand_number() > 1 {
                break;
            }
            let public = t.view(None);
            for p in &public.hand.players {
                if p.split.is_none() && p.sanhua.is_none() {
                    assert!(p.hidden.is_none(), "face-down cards in the public view");
                }
            }
            let Some(&seat) = t.waiting_on().first() else {
                break;
            };
            let legal = t.legal_actions(seat);
            // Calls and checks carry the hand to its showdown.
            let pick = legal
                .iter()
                .find(|a| matches!(a, TableAction::Hand(Action::Check | Action::Call)))
                .or_else(|| {
                    legal
                        .iter()
                        .find(|a| matches!(a, TableAction::Hand(Action::Split(_))))
                })
                .copied()
                .unwrap_or(legal[0]);
            let mine = t.view(Some(seat));
            for lang in [Lang::EnUs, Lang::ZhCn] {
                assert!(ChexuanTable::hand_text(lang, &mine).is_some());
            }
            let events = t.apply(seat, &pick).unwrap();
            for lang in [Lang::EnUs, Lang::ZhCn] {
                let lines = session_lines(lang, &names, &events);
                assert!(lines.iter().all(|l| !l.contains("chexuan-")), "{lines:?}");
                if lines
                    .iter()
                    .any(|l| *l == i18n::tr(lang, "chexuan-event-showdown"))
                {
                    saw_showdown = true;
                    // Every pairwise result is a line.
                    let versus = lines
                        .iter()
                        .filter(|l| {
                            use crate::games::chexuan::Versus;
                            [Versus::Win, Versus::Tie, Versus::Lose].iter().any(|v| {
                                let word = words::cx_versus_word(lang, *v, "no".into());
                                // Chinese puts no spaces around the verb.
                                l.contains(&format!(" {word} "))
                                    || (lang == Lang::ZhCn && l.contains(&word))
                            })
                        })
                        .count();
                    assert!(versus >= 1, "{lines:?}");
                }
            }
        }
        assert!(saw_showdown, "the hand never reached its showdown");
    }

    fn key_of(e: BotError) -> crate::message::Key {
        match e {
            BotError::User { key, .. } => key,
            other => panic!("not a user error: {other}"),
        }
    }

    /// The 休芒 cost stands in the hand view of a seat that may check, and
    /// a Top up button reads back into the top-up it names.
    #[test]
    fn the_hand_says_what_checking_costs_and_top_up_buttons_read_back() {
        let t = table();
        let seat = t.waiting_on()[0];
        let view = t.view(Some(seat));
        assert!(t
            .legal_actions(seat)
            .contains(&TableAction::Hand(Action::Check)));
        let text = ChexuanTable::hand_text(Lang::EnUs, &view).unwrap();
        assert!(
            text.contains("If everyone checks (休) this round, each player still in pays 50 chips"),
            "{text}"
        );
        let zh = ChexuanTable::hand_text(Lang::ZhCn, &view).unwrap();
        assert!(zh.contains("休芒"), "{zh}");
        // Not the seat to act: no warning.
        let other = (seat + 1) % 3;
        let text = ChexuanTable::hand_text(Lang::EnUs, &t.view(Some(other))).unwrap();
        assert!(!text.contains("If everyone checks"), "{text}");

        let click = ChexuanClick::TopUp(60);
        assert_eq!(
            ChexuanClick::from_wire(&click.to_wire()),
            Some(click.clone())
        );
        let legal = vec![TableAction::TopUp(10), TableAction::TopUp(500)];
        let h = HandView::<ChexuanTable> {
            lang: Lang::EnUs,
            game: 7,
            version: 3,
            seat,
            view: &view,
            legal: &legal,
        };
        assert!(matches!(
            ChexuanTable::on_click(&Control::Game(click), &[], &h),
            Ok(ClickIntent::Act(TableAction::TopUp(60)))
        ));
    }

    /// "Raise…" opens a modal with the seat's legal range; what is typed
    /// in it is read against that range, anything else refused with the
    /// member's words; a seat not to act can neither open nor submit it.
    #[test]
    fn the_raise_modal_offers_the_legal_range_and_refuses_bad_amounts() {
        let t = table();
        let seat = t.waiting_on()[0];
        let view = t.view(Some(seat));
        let legal = t.legal_actions(seat);
        let h = HandView::<ChexuanTable> {
            lang: Lang::EnUs,
            game: 7,
            version: 3,
            seat,
            view: &view,
            legal: &legal,
        };
        // Bobo 400, ante 10, everyone's ante in: raises from 10 to 390.
        assert_eq!(raise_range_to_act(&view), Some((10, 390)));
        let raise = Control::Game(ChexuanClick::RaiseAny);
        let Ok(ClickIntent::Modal(Modal(modal))) = ChexuanTable::on_click(&raise, &[], &h) else {
            panic!("no modal");
        };
        let json = serde_json::to_value(&modal).unwrap();
        assert_eq!(json["custom_id"], h.game_id(&ChexuanClick::RaiseAny));
        let input = &json["components"][0]["components"][0];
        assert_eq!(input["custom_id"], AMOUNT);
        let label = input["label"]
            .as_str()
            .unwrap()
            .replace(['\u{2068}', '\u{2069}'], "");
        assert!(label.contains("10 to 390"), "{label}");
        assert!(label.chars().count() <= 45);

        let submit = |text: &str| {
            ChexuanTable::on_modal(&raise, &[(AMOUNT.to_string(), text.to_string())], &h)
        };
        assert_eq!(
            submit(" 37 ").unwrap(),
            TableAction::Hand(Action::Raise(37))
        );
        assert_eq!(
            submit("390").unwrap(),
            TableAction::Hand(Action::Raise(390))
        );
        assert_eq!(submit("10").unwrap(), TableAction::Hand(Action::Raise(10)));
        for bad in ["", "abc", "-5", "1e3", "12.5"] {
            assert_eq!(key_of(submit(bad).unwrap_err()), "chexuan-err-raise-number");
        }
        for bad in ["0", "9", "391", "99999999999999999999"] {
            let key = key_of(submit(bad).unwrap_err());
            assert!(
                key.as_str().starts_with("chexuan-err-raise-"),
                "{bad}: {key}"
            );
        }
        let err = submit("391").unwrap_err();
        for lang in [Lang::EnUs, Lang::ZhCn] {
            let text = err.text(lang);
            assert!(text.contains("391") && text.contains("390"), "{text}");
        }
        // Another control's id in a modal is refused.
        assert!(
            ChexuanTable::on_modal(&Control::Game(ChexuanClick::Bet(Action::Call)), &[], &h)
                .is_err()
        );

        // A seat that is not to act.
        let other = (seat + 1) % 3;
        let view = t.view(Some(other));
        let none = Vec::new();
        let h = HandView::<ChexuanTable> {
            lang: Lang::EnUs,
            game: 7,
            version: 3,
            seat: other,
            view: &view,
            legal: &none,
        };
        assert_eq!(
            key_of(ChexuanTable::on_click(&raise, &[], &h).unwrap_err()),
            "err-not-your-turn"
        );
        let typed = [(AMOUNT.to_string(), "20".to_string())];
        assert_eq!(
            key_of(ChexuanTable::on_modal(&raise, &typed, &h).unwrap_err()),
            "err-not-your-turn"
        );
    }

    /// The result counts the session's hands from its outcome, not from
    /// the last view drawn (which may be behind).
    #[test]
    fn the_result_counts_the_hands_of_the_outcome() {
        let t = table();
        let stale = t.view(None);
        assert_eq!(stale.hand_number, 1);
        let result = crate::table::GameResult::<ChexuanTable> {
            outcome: Some(crate::games::chexuan::session::SessionOutcome {
                hands: 10,
                mango_shares: vec![0, 0, 0],
                stacks: vec![100, 100, 100],
                reserve: None,
                deltas: vec![0, 0, 0],
            }),
            capped: Vec::new(),
            fair: None,
            owed: vec![0, 0, 0],
        };
        let report = crate::table::SettleReport {
            paid: vec![0, 0, 0],
            rake: 0,
            balances: vec![Some(1000), Some(1000), None],
            ratings: None,
        };
        let names = Names((1..=3).map(|i| format!("P{i}")).collect());
        let r = ResultView::<ChexuanTable> {
            lang: Lang::EnUs,
            game: 7,
            stake: 1,
            names: &names,
            last_view: Some(&stale),
            result: &result,
            report: &report,
        };
        let embed = ChexuanTable::result_embed(&r).unwrap();
        let text = serde_json::to_value(&embed).unwrap()["description"]
            .as_str()
            .unwrap()
            .replace(['\u{2068}', '\u{2069}'], "");
        assert!(text.contains("after 10 hands"), "{text}");
    }

    /// `/play` reads the same betting words as the terminal, short forms
    /// included (`c`, `r 30`, `a`, `all` were refused on Discord).
    #[test]
    fn typed_bets_read_the_terminals_words() {
        let t = table();
        let seat = t.waiting_on()[0];
        let view = t.view(Some(seat));
        let legal = t.legal_actions(seat);
        let h = HandView::<ChexuanTable> {
            lang: Lang::EnUs,
            game: 7,
            version: 3,
            seat,
            view: &view,
            legal: &legal,
        };
        let typed = |s: &str| ChexuanTable::typed_play(s, &h).ok();
        for (words, action) in [
            (&["c", "call", "跟"][..], Action::Call),
            (&["all", "allin", "all-in", "敲"][..], Action::AllIn),
            (&["k", "check", "休"][..], Action::Check),
            (&["f", "fold", "丢"][..], Action::Fold),
            (&["s", "sanhua", "三花"][..], Action::Sanhua),
        ] {
            for w in words {
                assert_eq!(typed(w), Some(TableAction::Hand(action)), "{w}");
            }
        }
        assert_eq!(typed("a"), None, "a lone `a` is no bet");
        for w in ["r 30", "raise 30", "大 30", "R 30"] {
            assert_eq!(typed(w), Some(TableAction::Hand(Action::Raise(30))), "{w}");
        }
        assert_eq!(typed("r"), None);
        assert_eq!(typed("bet 30"), None);
    }

    #[test]
    fn start_options_map_to_rules() {
        // Without `ante:` the config's Chexuan stake is the ante.
        assert_eq!(start_rules(None, 10).unwrap(), json!({"ante": 10}));
        assert_eq!(start_rules(None, 25).unwrap(), json!({"ante": 25}));
        assert_eq!(start_rules(Some(5), 25).unwrap(), json!({"ante": 5}));
        assert!(start_rules(Some(0), 25).is_err());
        assert!(join_args(Some(-1)).is_err());
        assert_eq!(join_args(Some(300)).unwrap().buy_in, Some(300));
    }
}
