//! Duan Guozi on Discord: `/duan-guozi start|join|leave|rules|stop`, and
//! the game's side of the table seam ([`DiscordGame`]): the table embed
//! (the pot, the dealer, the deck, the last round's hands with their names
//! and 道), the Deal button for the dealer (the bot deals for a dealer who
//! does not press it within the short deal timer), the log of rounds, and
//! each game's result (net 道 and chips) — after which the next game
//! starts at the same table with a new ante.
//!
//! Nothing in Duan Guozi is private: every hand is shown to all, so there
//! is no hand DM; "My hand" shows the Deal button to the dealer.

use crate::discord::errors::BotError;
use crate::discord::ids::GameWire;
use crate::discord::table::{commands as table_cmds, ClickIntent, Control, DiscordGame, GameClick};
use crate::discord::table::{signed, ResultView, TableView};
use crate::discord::table::{HandView, Names};
use crate::discord::Context;
use crate::games::duan_guozi::{Action, DuanGuozi, Event, ShownHand, View};
use crate::games::{GameKind, Seat};
use crate::hosts::duan_guozi::words;
use crate::i18n::{self, Lang};
use crate::table::TableOptions;
use poise::serenity_prelude as serenity;
use serde_json::json;

/// Duan Guozi's one control: the dealer's Deal button.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DgClick {
    Deal,
}

impl GameClick for DgClick {
    fn to_wire(&self) -> GameWire {
        GameWire::new("g", Some("deal".into()))
    }

    fn from_wire(wire: &GameWire) -> Option<DgClick> {
        (wire.tag == "g" && wire.arg.as_deref() == Some("deal")).then_some(DgClick::Deal)
    }
}

/// A hand's name in `lang`: 「天字九」 / “天字九 (9 points, class 天)”.
pub fn hand_name(lang: Lang, hand: &ShownHand) -> String {
    words::dg_hand_name(lang, hand)
}

fn hand_line(lang: Lang, names: &Names, hand: &ShownHand) -> String {
    words::dg_hand_line(lang, &i18n::events::Seats::new(&names.0, None), hand)
}

/// The log lines of one dealt round: who dealt, every hand, who won (the
/// terminal's words too).
fn round_lines(lang: Lang, names: &Names, events: &[Event]) -> Vec<String> {
    let seats = i18n::events::Seats::new(&names.0, None);
    events
        .iter()
        .flat_map(|e| words::dg_event_lines(lang, &seats, e))
        .collect()
}

fn deal_button(lang: Lang, id: String) -> serenity::CreateButton {
    serenity::CreateButton::new(id)
        .label(i18n::tr(lang, "dg-btn-deal"))
        .style(serenity::ButtonStyle::Primary)
}

impl DiscordGame for DuanGuozi {
    type Click = DgClick;

    const RULES_KEYS: &'static [&'static str] = crate::games::GameKind::DuanGuozi.rules_keys();

    fn start_command() -> table_cmds::Command {
        dg_start()
    }

    fn table_embed(t: &TableView<'_, Self>) -> serenity::CreateEmbed {
        let lang = t.lang;
        let v = t.view;
        let mut lines = vec![
            i18n::tr_args(lang, "dg-pot", &[("dao", i64::from(v.pot).into())]),
            i18n::tr_args(lang, "dg-ante", &[("dao", i64::from(v.ante).into())]),
            i18n::tr_args(
                lang,
                "dg-dealer",
                &[("player", t.names.get(v.dealer).into())],
            ),
            i18n::tr_args(
                lang,
                "dg-cards-left",
                &[("count", (v.cards_left as i64).into())],
            ),
        ];
        if let Some(deadline) = t.deadline {
            lines.push(i18n::tr_args(
                lang,
                "dg-deal-by",
                &[
                    ("player", t.names.get(v.dealer).into()),
                    ("when", format!("<t:{deadline}:R>").into()),
                ],
            ));
        }
        let mut embed = serenity::CreateEmbed::new()
            .title(i18n::tr_args(
                lang,
                "dg-table-title",
                &[
                    ("game", t.game.into()),
                    ("stake", t.stake.into()),
                    ("round", (v.rounds_played as i64 + 1).into()),
                ],
            ))
            .description(lines.join("\n"));
        if let Some(r) = &v.last_round {
            let hands: Vec<String> = r
                .hands
                .iter()
                .map(|h| hand_line(lang, t.names, h))
                .collect();
            embed = embed.field(
                i18n::tr_args(
                    lang,
                    "dg-last-round",
                    &[("round", (r.number as i64).into())],
                ),
                hands.join("\n"),
                false,
            );
        }
        // A round's lines are many: the latest that fit.
        t.with_log_field(embed)
    }

    fn table_buttons(t: &TableView<'_, Self>, legal: &[Action]) -> Vec<serenity::CreateButton> {
        if legal.contains(&Action::Deal) {
            vec![deal_button(t.lang, t.game_id(&DgClick::Deal))]
        } else {
            Vec::new()
        }
    }

    fn event_lines(
        lang: Lang,
        names: &Names,
        _seat: Seat,
        _action: &Action,
        events: &[Event],
    ) -> Vec<String> {
        round_lines(lang, names, events)
    }

    /// Every hand is shown at the table: nothing is private.
    fn hand_text(_lang: Lang, _view: &View) -> Option<String> {
        None
    }

    fn hand_components(
        h: &HandView<'_, Self>,
        _selected: &[String],
    ) -> Vec<serenity::CreateActionRow> {
        if h.legal.contains(&Action::Deal) {
            vec![serenity::CreateActionRow::Buttons(vec![deal_button(
                h.lang,
                h.game_id(&DgClick::Deal),
            )])]
        } else {
            Vec::new()
        }
    }

    /// Its one action: deal.
    fn your_turn_key(_h: &HandView<'_, Self>) -> &'static str {
        "dg-your-turn"
    }

    fn on_click(
        click: &Control<DgClick>,
        _values: &[String],
        _h: &HandView<'_, Self>,
    ) -> Result<ClickIntent<Action>, BotError> {
        match click {
            Control::Game(DgClick::Deal) => Ok(ClickIntent::Act(Action::Deal)),
            Control::Hint => Ok(ClickIntent::Hint),
            _ => Err(BotError::user(crate::keys::ERR_STALE)),
        }
    }

    fn hint_selection(lang: Lang, _hint: &Action) -> (Vec<String>, String) {
        (
            Vec::new(),
            i18n::tr_args(
                lang,
                "hint-action",
                &[("action", i18n::tr(lang, "dg-btn-deal").into())],
            ),
        )
    }

    /// `/play deal` (or `发牌`, or nothing) deals.
    fn typed_play(input: &str, _h: &HandView<'_, Self>) -> Result<Action, BotError> {
        match input.trim().to_lowercase().as_str() {
            "" | "deal" | "d" | "发牌" => Ok(Action::Deal),
            _ => Err(BotError::user(crate::keys::DG_ERR_ONLY_DEAL)),
        }
    }

    fn typed_pass(_h: &HandView<'_, Self>) -> Result<Action, BotError> {
        Err(BotError::user(crate::keys::DG_ERR_ONLY_DEAL))
    }

    fn done_line(lang: Lang, _action: &Action) -> String {
        i18n::tr(lang, "dg-deal-done")
    }

    fn result_embed(r: &ResultView<'_, Self>) -> Option<serenity::CreateEmbed> {
        let lang = r.lang;
        let outcome = r.result.outcome.as_ref();
        let closed = outcome.is_none();
        let mut lines = vec![i18n::tr(
            lang,
            if closed {
                "dg-result-closed"
            } else {
                "dg-result-pot-empty"
            },
        )];
        if let Some(outcome) = outcome {
            lines.push(i18n::tr_args(
                lang,
                "dg-result-rounds",
                &[("rounds", (outcome.rounds.len() as i64).into())],
            ));
        }
        lines.push(String::new());
        for seat in 0..r.report.paid.len() {
            // A table that closed mid-game has no 道 to show: its chips are
            // on the seat line.
            let dao = outcome
                .and_then(|o| o.deltas.get(seat))
                .map(|d| i18n::tr_args(lang, "dg-dao", &[("dao", signed(*d).into())]))
                .unwrap_or_default();
            lines.push(r.seat_line(seat, dao));
        }
        if !closed {
            lines.push(String::new());
            lines.push(i18n::tr(lang, "dg-result-next"));
        }
        Some(r.embed(<Self as crate::games::Game>::KIND.name_key(), &lines))
    }
}

/// The rules JSON of `/duan-guozi start`'s options.
pub fn start_rules(ante: Option<i64>, sweep: Option<bool>) -> Result<serde_json::Value, BotError> {
    let mut rules = json!({});
    if let Some(ante) = ante {
        let max = i64::from(crate::games::duan_guozi::rules::MAX_ANTE);
        if !(1..=max).contains(&ante) {
            return Err(BotError::option_range("ante", 1..=max, ante));
        }
        rules["ante"] = json!(ante);
    }
    if sweep == Some(true) {
        // The seed's example: with 4 道 or fewer left, a 3-道 hand takes all.
        rules["sweep"] = json!([4, 3]);
    }
    Ok(rules)
}

#[poise::command(slash_command, rename = "start", guild_only)]
pub async fn dg_start(
    ctx: Context<'_>,
    stake: Option<i64>,
    ante: Option<i64>,
    sweep: Option<bool>,
) -> Result<(), BotError> {
    let stake = table_cmds::chosen_stake(ctx, GameKind::DuanGuozi, stake, "stake").await?;
    if stake < 1 {
        return Err(BotError::user(crate::keys::ERR_AMOUNT_POSITIVE));
    }
    let options = TableOptions {
        stake,
        rules: start_rules(ante, sweep)?,
        seed: None,
        lang: None,
        timers: None,
    };
    table_cmds::open::<DuanGuozi>(ctx, options).await
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::duan_guozi::{HandKind, Rules};
    use crate::games::Game;
    use rand::SeedableRng;

    #[test]
    fn start_options_map_to_rules() {
        assert_eq!(start_rules(None, None).unwrap(), json!({}));
        assert_eq!(
            start_rules(Some(5), Some(true)).unwrap(),
            json!({"ante": 5, "sweep": [4, 3]})
        );
        assert_eq!(start_rules(None, Some(false)).unwrap(), json!({}));
        assert!(start_rules(Some(0), None).is_err());
        assert!(start_rules(Some(-3), None).is_err());
    }

    #[test]
    fn every_hand_has_a_name_in_both_languages() {
        let cards = crate::games::duan_guozi::deck::deck();
        for (i, a) in cards.iter().enumerate() {
            for b in &cards[i + 1..] {
                let hand = crate::games::duan_guozi::Hand::new(*a, *b).unwrap();
                let shown = ShownHand::new(0, &hand, &Rules::default().point_dao);
                for lang in [Lang::EnUs, Lang::ZhCn] {
                    let name = hand_name(lang, &shown);
                    assert!(!name.starts_with("dg-"), "{a} {b}: {name}");
                }
                if let HandKind::Points { .. } = hand.kind {
                    assert_eq!(hand_name(Lang::ZhCn, &shown), hand.kind.name_zh());
                }
            }
        }
    }

    #[test]
    fn a_round_logs_every_hand_and_the_winner() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
        let mut g = DuanGuozi::deal(Rules::default(), 4, &mut rng).unwrap();
        let dealer = g.waiting_on()[0];
        let events = g.apply(dealer, &Action::Deal).unwrap();
        let names = Names((1..=4).map(|i| format!("P{i}")).collect());
        for lang in [Lang::EnUs, Lang::ZhCn] {
            let lines = round_lines(lang, &names, &events);
            assert!(lines.len() >= 6, "{lines:?}");
            assert!(lines.iter().all(|l| !l.contains("dg-")), "{lines:?}");
        }
    }
}
