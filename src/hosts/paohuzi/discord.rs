//! Paohuzi on Discord: `/paohuzi start [stake] [mingtang] [ai]`, `join`,
//! `leave`, `stop`, `rules`, and the game's side of the table seam.
//!
//! Everything a seat may do depends on its hidden hand (a claim on its
//! pair or sequence, a discard), so the table message has no game buttons,
//! only "My hand": the hand by DM (edited as it changes, with the question
//! a claimant is asked), and in the ephemeral hand view the claim buttons
//! 胡 / 碰 / 吃 / 过 with a select of the 吃 groups and their 比, or the
//! select of the cards that may be discarded. Claimants of a card are
//! asked together; each answers in its own view. The table message shows
//! each player's laid-out melds with their huxi (face-down 偎 / 提 as
//! such), the cards lying by each, the shown card, the wall, and whose
//! discard or that claims are awaited — never who is asked, which would
//! tell what a seat holds.

use super::words;
use crate::discord::errors::BotError;
use crate::discord::ids::{Action as Click, GameWire};
use crate::discord::table::{commands as table_cmds, ClickIntent, Control, DiscordGame, GameClick};
use crate::discord::table::{HandView, Names, ResultView, TableView};
use crate::discord::Context;
use crate::games::paohuzi::{Action, Card, Event, LiveView, PaohuziTable, QuestionKind};
use crate::games::{GameKind, Seat};
use crate::i18n::{self, Lang};
use crate::table::TableOptions;
use crate::terminal::{Input, TerminalGame};
use poise::serenity_prelude as serenity;

/// Paohuzi's own controls: 胡, 碰, one 吃 (a select value picks among
/// several), and the discard select. 过 is the shared Pass.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PhzClick {
    Hu,
    Peng,
    /// The 吃 select (or the 吃 button when there is one way, `Some(0)`):
    /// the choice's place among the seat's 吃 choices.
    Chi(Option<u8>),
    /// The discard select.
    Discard,
}

impl GameClick for PhzClick {
    fn to_wire(&self) -> GameWire {
        match self {
            PhzClick::Hu => GameWire::new("hu", None),
            PhzClick::Peng => GameWire::new("peng", None),
            PhzClick::Chi(n) => GameWire::new("chi", n.map(|n| n.to_string())),
            PhzClick::Discard => GameWire::new("out", None),
        }
    }

    fn from_wire(wire: &GameWire) -> Option<PhzClick> {
        match (wire.tag.as_str(), wire.arg.as_deref()) {
            ("hu", None) => Some(PhzClick::Hu),
            ("peng", None) => Some(PhzClick::Peng),
            ("chi", None) => Some(PhzClick::Chi(None)),
            ("chi", Some(n)) => n.parse().ok().map(|n| PhzClick::Chi(Some(n))),
            ("out", None) => Some(PhzClick::Discard),
            _ => None,
        }
    }
}

/// The seat's 吃 choice numbered `n` (0-based) among its legal actions.
fn chi_at(legal: &[Action], n: usize) -> Result<Action, BotError> {
    words::chi_choices(legal)
        .get(n)
        .map(|g| Action::Chi((*g).clone()))
        .ok_or_else(|| BotError::user(crate::keys::ERR_STALE))
}

/// Names as the shared words take them.
fn names_of(names: &Names) -> Vec<String> {
    names.0.clone()
}

/// The player lines of the table message (public view).
fn player_lines(lang: Lang, view: &LiveView, names: &[String]) -> Vec<String> {
    let v = &view.hand;
    let mut out = Vec::new();
    for p in &v.players {
        let melds: Vec<String> = p.melds.iter().map(|m| words::meld_view(lang, m)).collect();
        let dealer = if p.seat == v.dealer {
            i18n::tr(lang, "paohuzi-dealer-mark")
        } else {
            String::new()
        };
        out.push(i18n::tr_args(
            lang,
            "paohuzi-embed-player",
            &[
                (
                    "player",
                    names.get(p.seat).cloned().unwrap_or_default().into(),
                ),
                ("dealer", dealer.into()),
                ("cards", (p.hand_count as i64).into()),
                ("huxi", i64::from(p.visible_huxi).into()),
            ],
        ));
        out.push(format!(
            "> {}",
            if melds.is_empty() {
                i18n::tr(lang, "paohuzi-no-melds")
            } else {
                i18n::list(lang, &melds)
            }
        ));
        if !p.pile.is_empty() {
            out.push(i18n::tr_args(
                lang,
                "paohuzi-embed-pile",
                &[("cards", words::cards(lang, &p.pile).into())],
            ));
        }
    }
    out
}

impl DiscordGame for PaohuziTable {
    type Click = PhzClick;

    const RULES_KEYS: &'static [&'static str] = crate::games::GameKind::Paohuzi.rules_keys();

    fn start_command() -> table_cmds::Command {
        phz_start()
    }

    fn table_embed(t: &TableView<'_, Self>) -> serenity::CreateEmbed {
        let lang = t.lang;
        let names = names_of(t.names);
        let v = &t.view.hand;
        let dealer = names.get(v.dealer).cloned().unwrap_or_default();
        let mut lines = vec![words::table_head(lang, v, &dealer)];
        lines.extend(player_lines(lang, t.view, &names));
        lines.push(String::new());
        if let (Some(c), Some(o)) = (v.card, v.origin) {
            lines.push(i18n::tr_args(
                lang,
                "paohuzi-card-from",
                &[
                    ("card", words::card(lang, c).into()),
                    ("from", words::origin(lang, &names, o, v.viewer).into()),
                ],
            ));
        }
        // Until when a person may answer; without a deadline (the computer
        // acts) the line has none, not an empty gap.
        let until = t.deadline.map(|d| format!("<t:{d}:R>"));
        let (claims_key, discard_key) = match until {
            Some(_) => ("paohuzi-embed-claims", "paohuzi-embed-discard"),
            None => ("paohuzi-embed-claims-ai", "paohuzi-embed-discard-ai"),
        };
        let until = until.unwrap_or_default();
        if v.outcome.is_none() {
            if t.view.claiming {
                lines.push(i18n::tr_args(lang, claims_key, &[("until", until.into())]));
            } else if let Some(a) = v.asking.filter(|a| a.question == QuestionKind::Discard) {
                lines.push(i18n::tr_args(
                    lang,
                    discard_key,
                    &[
                        (
                            "player",
                            names.get(a.seat).cloned().unwrap_or_default().into(),
                        ),
                        ("until", until.into()),
                    ],
                ));
            }
        }
        if !t.log.is_empty() {
            lines.push(String::new());
            lines.extend(t.log.iter().cloned());
        }
        let mut description = lines.join("\n");
        if description.chars().count() > 4000 {
            description = description.chars().take(4000).collect();
        }
        serenity::CreateEmbed::new()
            .title(i18n::tr_args(
                lang,
                "paohuzi-embed-title",
                &[("game", t.game.into()), ("stake", t.stake.into())],
            ))
            .description(description)
    }

    /// None: every Paohuzi action depends on the seat's hidden cards.
    fn table_buttons(_t: &TableView<'_, Self>, _legal: &[Action]) -> Vec<serenity::CreateButton> {
        Vec::new()
    }

    fn event_lines(
        lang: Lang,
        names: &Names,
        _seat: Seat,
        _action: &Action,
        events: &[Event],
    ) -> Vec<String> {
        let names = names_of(names);
        events
            .iter()
            .map(|e| words::event_line(lang, &names, e, None))
            .filter(|l| !l.is_empty())
            .collect()
    }

    /// The hand in columns (a code block keeps them aligned), the seat's
    /// own melds, its huxi and the question it is asked.
    fn hand_text(lang: Lang, view: &LiveView) -> Option<String> {
        let me = view.hand.viewer?;
        let p = view.hand.players.get(me)?;
        let hand = view.hand.my_hand();
        if hand.is_empty() && view.hand.outcome.is_some() {
            return None;
        }
        let mut out = vec![
            i18n::tr_args(
                lang,
                "paohuzi-your-hand",
                &[
                    ("count", (p.hand_count as i64).into()),
                    ("huxi", i64::from(p.huxi.unwrap_or(0)).into()),
                ],
            ),
            format!("```\n{}\n```", words::hand_columns(lang, &hand)),
        ];
        if !p.melds.is_empty() {
            let melds: Vec<String> = p.melds.iter().map(|m| words::meld_view(lang, m)).collect();
            out.push(i18n::tr_args(
                lang,
                "paohuzi-your-melds",
                &[("melds", i18n::list(lang, &melds).into())],
            ));
        }
        let names: Vec<String> = (0..3)
            .map(|s| {
                if s == me {
                    i18n::tr(lang, "paohuzi-you")
                } else {
                    i18n::tr_args(lang, "paohuzi-seat", &[("seat", (s as i64 + 1).into())])
                }
            })
            .collect();
        if let Some(counter) = words::counter_line(lang, &view.hand) {
            out.push(counter);
        }
        let q = words::question_line(lang, view, &names);
        if !q.is_empty() {
            out.push(format!("**{q}**"));
        }
        if let Some(a) = view.my_claim.as_ref().and_then(|c| c.answered.as_ref()) {
            out.push(i18n::tr_args(
                lang,
                "paohuzi-answered",
                &[("answer", words::action_label(lang, a).into())],
            ));
        }
        Some(out.join("\n"))
    }

    /// Claims: 胡 / 碰 / 吃 (one way) / 过 buttons and a select of the 吃
    /// groups with their 比; a discard: the select of the cards that may
    /// go.
    fn hand_components(
        h: &HandView<'_, Self>,
        _selected: &[String],
    ) -> Vec<serenity::CreateActionRow> {
        let lang = h.lang;
        let mut rows = Vec::new();
        let discards: Vec<Card> = h
            .legal
            .iter()
            .filter_map(|a| match a {
                Action::Discard(c) => Some(*c),
                _ => None,
            })
            .collect();
        if !discards.is_empty() {
            let options: Vec<serenity::CreateSelectMenuOption> = discards
                .iter()
                .take(25)
                .map(|c| {
                    serenity::CreateSelectMenuOption::new(words::card(lang, *c), c.to_string())
                })
                .collect();
            let menu = serenity::CreateSelectMenu::new(
                h.game_id(&PhzClick::Discard),
                serenity::CreateSelectMenuKind::String { options },
            )
            .placeholder(i18n::tr(lang, "paohuzi-choose-discard"));
            rows.push(serenity::CreateActionRow::SelectMenu(menu));
            rows.push(serenity::CreateActionRow::Buttons(vec![
                serenity::CreateButton::new(h.id(Click::Hint))
                    .label(i18n::tr(lang, "btn-hint"))
                    .style(serenity::ButtonStyle::Secondary),
            ]));
            return rows;
        }
        if h.legal.is_empty() {
            return rows;
        }
        let chis = words::chi_choices(h.legal);
        let mut buttons = Vec::new();
        if h.legal.contains(&Action::Hu) {
            buttons.push(
                serenity::CreateButton::new(h.game_id(&PhzClick::Hu))
                    .label(i18n::tr(lang, "paohuzi-do-hu"))
                    .style(serenity::ButtonStyle::Success),
            );
        }
        if h.legal.contains(&Action::Peng) {
            buttons.push(
                serenity::CreateButton::new(h.game_id(&PhzClick::Peng))
                    .label(i18n::tr(lang, "paohuzi-do-peng"))
                    .style(serenity::ButtonStyle::Primary),
            );
        }
        if chis.len() == 1 {
            let mut label = words::action_label(lang, &Action::Chi(chis[0].clone()));
            label.truncate(80);
            buttons.push(
                serenity::CreateButton::new(h.game_id(&PhzClick::Chi(Some(0))))
                    .label(label)
                    .style(serenity::ButtonStyle::Primary),
            );
        }
        if h.legal.contains(&Action::Pass) {
            buttons.push(
                serenity::CreateButton::new(h.id(Click::Pass))
                    .label(i18n::tr(lang, "paohuzi-do-pass"))
                    .style(serenity::ButtonStyle::Secondary),
            );
        }
        rows.push(serenity::CreateActionRow::Buttons(buttons));
        if chis.len() > 1 {
            let options: Vec<serenity::CreateSelectMenuOption> = chis
                .iter()
                .enumerate()
                .take(25)
                .map(|(i, g)| {
                    let mut label = words::chi_label(lang, g);
                    label.truncate(95);
                    serenity::CreateSelectMenuOption::new(label, i.to_string())
                })
                .collect();
            let menu = serenity::CreateSelectMenu::new(
                h.game_id(&PhzClick::Chi(None)),
                serenity::CreateSelectMenuKind::String { options },
            )
            .placeholder(i18n::tr(lang, "paohuzi-choose-chi"));
            rows.push(serenity::CreateActionRow::SelectMenu(menu));
        }
        rows
    }

    /// A discard from the select, or an answer to a claim by its buttons.
    fn your_turn_key(h: &HandView<'_, Self>) -> &'static str {
        if h.legal.iter().any(|a| matches!(a, Action::Discard(_))) {
            "paohuzi-your-turn-discard"
        } else {
            "paohuzi-your-turn-claim"
        }
    }

    fn on_click(
        click: &Control<PhzClick>,
        values: &[String],
        h: &HandView<'_, Self>,
    ) -> Result<ClickIntent<Action>, BotError> {
        // Each reaches the table, which refuses what the seat may not do
        // (臭, 比, not asked) in the player's words.
        match click {
            Control::Game(PhzClick::Hu) => Ok(ClickIntent::Act(Action::Hu)),
            Control::Game(PhzClick::Peng) => Ok(ClickIntent::Act(Action::Peng)),
            Control::Pass => Ok(ClickIntent::Act(Action::Pass)),
            Control::Game(PhzClick::Chi(Some(n))) => {
                chi_at(h.legal, usize::from(*n)).map(ClickIntent::Act)
            }
            Control::Game(PhzClick::Chi(None)) => {
                let n: usize = values
                    .first()
                    .and_then(|v| v.parse().ok())
                    .ok_or_else(|| BotError::user(crate::keys::ERR_STALE))?;
                chi_at(h.legal, n).map(ClickIntent::Act)
            }
            Control::Game(PhzClick::Discard) => {
                let card: Card = values
                    .first()
                    .and_then(|v| v.parse().ok())
                    .ok_or_else(|| BotError::user(crate::keys::ERR_STALE))?;
                Ok(ClickIntent::Act(Action::Discard(card)))
            }
            Control::Hint => Ok(ClickIntent::Hint),
            _ => Err(BotError::user(crate::keys::ERR_STALE)),
        }
    }

    /// The action's name, as its button says it.
    fn replay_move_words(lang: Lang, action: &Action) -> String {
        words::action_label(lang, action)
    }

    fn hint_selection(lang: Lang, hint: &Action) -> (Vec<String>, String) {
        (
            Vec::new(),
            i18n::tr_args(
                lang,
                "hint-action",
                &[("action", words::action_label(lang, hint).into())],
            ),
        )
    }

    /// `/play hu`, `peng`, `chi 2`, `pass`, `x3` or `discard 叁`: the
    /// terminal's words.
    fn typed_play(input: &str, h: &HandView<'_, Self>) -> Result<Action, BotError> {
        match PaohuziTable::parse_input(h.lang, input, h.view, h.legal) {
            Ok(Input::Act(a)) => Ok(a),
            _ => Err(BotError::user(crate::keys::PAOHUZI_ERR_TYPED)),
        }
    }

    fn typed_pass(h: &HandView<'_, Self>) -> Result<Action, BotError> {
        if h.legal.contains(&Action::Pass) {
            Ok(Action::Pass)
        } else {
            Err(BotError::user(crate::keys::PAOHUZI_ERR_NO_PASS))
        }
    }

    fn done_line(lang: Lang, action: &Action) -> String {
        i18n::tr_args(
            lang,
            "paohuzi-done",
            &[("action", words::action_label(lang, action).into())],
        )
    }

    /// The winner, the winning split with each meld's huxi, huxi, tun, fan
    /// and 名堂 (or 荒庄), then each seat's chips.
    fn result_embed(r: &ResultView<'_, Self>) -> Option<serenity::CreateEmbed> {
        let lang = r.lang;
        let outcome = r.result.outcome.as_ref();
        let mut lines = match outcome {
            None => vec![i18n::tr(lang, "paohuzi-result-closed")],
            Some(o) => words::result_lines(lang, &names_of(r.names), o, None),
        };
        lines.push(String::new());
        let winner = outcome.and_then(|o| o.winner);
        for seat in 0..r.report.paid.len() {
            let role = match winner {
                Some(w) if w == seat => "paohuzi-role-winner",
                Some(_) => "paohuzi-role-payer",
                None => "paohuzi-role-drawn",
            };
            lines.push(r.seat_line(seat, i18n::tr(lang, role)));
        }
        Some(r.embed(<Self as crate::games::Game>::KIND.name_key(), &lines))
    }
}

/// The table options of `/paohuzi start`: the stake (chips a tun; the
/// config's Paohuzi stake by default) and the 名堂 option.
pub fn start_options(
    stake: Option<i64>,
    mingtang: Option<bool>,
    default_stake: i64,
) -> Result<TableOptions, BotError> {
    let stake = stake.unwrap_or(default_stake);
    if stake < 1 {
        return Err(BotError::user(crate::keys::ERR_AMOUNT_POSITIVE));
    }
    Ok(TableOptions {
        stake,
        rules: serde_json::json!({ "mingtang": mingtang.unwrap_or(false) }),
        seed: None,
        lang: None,
        timers: None,
    })
}

#[poise::command(slash_command, rename = "start", guild_only)]
pub async fn phz_start(
    ctx: Context<'_>,
    stake: Option<i64>,
    mingtang: Option<bool>,
    ai: Option<crate::hosts::dou_dizhu::discord::AiChoice>,
) -> Result<(), BotError> {
    let stake = table_cmds::chosen_stake(ctx, GameKind::Paohuzi, stake, "stake").await?;
    let mut options = start_options(Some(stake), mingtang, stake)?;
    if let Some(ai) = ai {
        options.rules["ai"] = serde_json::json!(ai.level().name());
    }
    table_cmds::open::<PaohuziTable>(ctx, options).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clicks_round_trip_and_garbage_is_refused() {
        for c in [
            PhzClick::Hu,
            PhzClick::Peng,
            PhzClick::Chi(None),
            PhzClick::Chi(Some(3)),
            PhzClick::Discard,
        ] {
            assert_eq!(PhzClick::from_wire(&c.to_wire()), Some(c));
        }
        assert_eq!(
            PhzClick::from_wire(&GameWire::new("chi", Some("x".into()))),
            None
        );
        assert_eq!(PhzClick::from_wire(&GameWire::new("bid", None)), None);
        assert!(start_options(Some(0), None, 10).is_err());
        let o = start_options(None, Some(true), 10).unwrap();
        assert_eq!((o.stake, o.rules["mingtang"].as_bool()), (10, Some(true)));
    }

    /// Issue #32 item 15: the hand DM (and `/hand`) of a member asks him to
    /// discard only when he is the one discarding; the others' say nothing
    /// of it, in either language.
    #[test]
    fn only_the_discarding_seat_is_asked_to_discard() {
        use crate::ai::Bot;
        use crate::games::paohuzi::{PaohuziRules, TableBot};
        use crate::games::Game;
        use rand::SeedableRng;
        let mut discards_seen = 0;
        for seed in 0..20u64 {
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
            let mut t = PaohuziTable::new_hand(PaohuziRules::default(), 0, 0, &mut rng).unwrap();
            for _ in 0..200 {
                if t.is_finished() {
                    break;
                }
                let waiting = t.waiting_on();
                let seat = waiting[0];
                let legal = t.legal_actions(seat);
                if !t.claiming() && legal.iter().any(|a| matches!(a, Action::Discard(_))) {
                    discards_seen += 1;
                    for lang in [Lang::EnUs, Lang::ZhCn] {
                        let ask = i18n::tr(lang, "paohuzi-question-discard");
                        for other in 0..3 {
                            let text = PaohuziTable::hand_text(lang, &t.view(Some(other)))
                                .unwrap_or_default();
                            assert_eq!(
                                text.contains(&ask),
                                other == seat,
                                "seat {other} while seat {seat} discards: {text}"
                            );
                        }
                    }
                }
                let a = TableBot.choose(&t.view(Some(seat)), &legal, &mut rng);
                t.apply(seat, &a).unwrap();
            }
        }
        assert!(discards_seen > 20, "{discards_seen}");
    }

    /// Issue #32 item 16: whose discard it is reads whole with a deadline
    /// (a member's turn) and without one (the computer's): never
    /// "<@…> discards ." with a gap where the deadline was.
    #[test]
    fn the_discard_line_reads_whole_with_or_without_a_deadline() {
        use crate::ai::Bot;
        use crate::games::paohuzi::{PaohuziRules, TableBot};
        use crate::games::Game;
        use rand::SeedableRng;
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
        let mut t = PaohuziTable::new_hand(PaohuziRules::default(), 0, 0, &mut rng).unwrap();
        let seat = loop {
            let seat = t.waiting_on()[0];
            let legal = t.legal_actions(seat);
            if !t.claiming() && legal.iter().any(|a| matches!(a, Action::Discard(_))) {
                break seat;
            }
            let a = TableBot.choose(&t.view(Some(seat)), &legal, &mut rng);
            t.apply(seat, &a).unwrap();
        };
        let names = Names(vec!["<@1>".into(), "<@2>".into(), "<@3>".into()]);
        let view = t.view(None);
        let who = names.get(seat);
        for lang in [Lang::EnUs, Lang::ZhCn] {
            for (deadline, want) in [
                (
                    None,
                    i18n::tr_args(
                        lang,
                        "paohuzi-embed-discard-ai",
                        &[("player", who.clone().into())],
                    ),
                ),
                (
                    Some(1_900_000_000),
                    i18n::tr_args(
                        lang,
                        "paohuzi-embed-discard",
                        &[
                            ("player", who.clone().into()),
                            ("until", "<t:1900000000:R>".into()),
                        ],
                    ),
                ),
            ] {
                let tv = TableView::<PaohuziTable> {
                    lang,
                    game: 1,
                    version: 0,
                    stake: 1,
                    names: &names,
                    view: &view,
                    deadline,
                    log: &[],
                    autoplay: &[false; 3],
                };
                let embed = serde_json::to_value(PaohuziTable::table_embed(&tv)).unwrap();
                let text = embed["description"].as_str().unwrap().to_string();
                assert!(text.lines().any(|l| l == want), "{want}\n{text}");
                let plain = text.replace(['\u{2068}', '\u{2069}'], "");
                assert!(!plain.contains(" .") && !plain.contains(" 。"), "{plain}");
            }
        }
    }

    /// Issue #36 §3.10, on Discord: the table's first line names the 亮张
    /// only while it is the card in play (not for the rest of the hand),
    /// and a seat that may take a card several ways is asked one question
    /// ("Will you 碰 (peng) or 吃 (chi)?" / "你要碰还是吃？"), never a
    /// list of questions ("碰吗？、吃吗？").
    #[test]
    fn the_header_names_the_shown_card_while_live_and_a_question_reads_whole() {
        use crate::ai::Bot;
        use crate::games::paohuzi::{PaohuziRules, TableBot};
        use crate::games::Game;
        use rand::SeedableRng;
        let names = Names(vec!["<@1>".into(), "<@2>".into(), "<@3>".into()]);
        let (mut live, mut gone, mut several) = (0, 0, 0);
        for seed in 0..40 {
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
            let mut t = PaohuziTable::new_hand(PaohuziRules::default(), 0, 0, &mut rng).unwrap();
            while !t.is_finished() {
                let view = t.view(None);
                for lang in [Lang::EnUs, Lang::ZhCn] {
                    let tv = TableView::<PaohuziTable> {
                        lang,
                        game: 1,
                        version: 0,
                        stake: 1,
                        names: &names,
                        view: &view,
                        deadline: None,
                        log: &[],
                        autoplay: &[false; 3],
                    };
                    let embed = serde_json::to_value(PaohuziTable::table_embed(&tv)).unwrap();
                    let text = embed["description"].as_str().unwrap().to_string();
                    let head = text.lines().next().unwrap();
                    assert_eq!(head.contains("亮张"), view.hand.shown_live, "{head}");
                }
                if view.hand.shown_live {
                    live += 1;
                } else {
                    gone += 1;
                }
                let seat = t.waiting_on()[0];
                let mine = t.view(Some(seat));
                if mine.my_claim.as_ref().is_some_and(|c| c.classes.len() > 1) {
                    several += 1;
                    let en = PaohuziTable::hand_text(Lang::EnUs, &mine).unwrap();
                    let zh = PaohuziTable::hand_text(Lang::ZhCn, &mine).unwrap();
                    let zh = zh.replace(['\u{2068}', '\u{2069}'], "");
                    let en = en.replace(['\u{2068}', '\u{2069}'], "");
                    assert!(zh.contains("还是") && !zh.contains("？、"), "{zh}");
                    assert!(zh.contains("你要"), "{zh}");
                    assert!(en.contains("Will you ") && en.contains(" or "), "{en}");
                    assert!(!en.contains("?, "), "{en}");
                }
                let legal = t.legal_actions(seat);
                let a = TableBot.choose(&mine, &legal, &mut rng);
                t.apply(seat, &a).unwrap();
            }
        }
        assert!(
            live > 0 && gone > 0 && several > 0,
            "{live} {gone} {several}"
        );
    }
}
