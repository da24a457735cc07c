//! Dou Dizhu on Discord: `/dou-dizhu start|join|leave|rules|stop`, and the
//! game's side of the table seam ([`DiscordGame`]): the table embed and
//! buttons (from [`super::render`]), the log lines of its events, the hand
//! by DM and in "My hand" (a multi-select of the cards with Play / Pass /
//! Hint), typed plays, and the result with every factor.
//!
//! In the discard phase (弃三张) the hand view's Play discards the chosen
//! cards and Pass (or the table's "Keep all") discards nothing.

use super::errors::BotError;
use super::ids::{cards_from_values, Action as Click};
use super::render;
use super::table::{commands as table_cmds, ClickIntent, DiscordGame, HandView, Names};
use super::table::{ResultView, TableView};
use super::{lang_of_ctx, Context};
use crate::cards::Card;
use crate::games::dou_dizhu::{parse_play, Action, CardSet, DouDizhu, Event, PhaseName, View};
use crate::games::Seat;
use crate::i18n::{self, Lang};
use crate::table::TableOptions;
use poise::serenity_prelude as serenity;
use serde_json::{json, Value};

fn discarding(view: &View) -> bool {
    view.phase == PhaseName::Discarding
}

fn hand_of(view: &View) -> Vec<Card> {
    view.hand.map(|h| h.cards()).unwrap_or_default()
}

fn cards_text(lang: Lang, cards: CardSet) -> String {
    i18n::render_cards(lang, &cards.cards())
}

impl DiscordGame for DouDizhu {
    const NAME_KEY: &'static str = "ddz-name";
    const LOBBY_HINT_KEY: &'static str = "table-lobby-hint";

    fn table_embed(t: &TableView<'_, Self>) -> serenity::CreateEmbed {
        let mut embed = render::table_embed(t.lang, t.view, &t.names.0, t.stake, t.deadline);
        let on_autoplay: Vec<String> = t
            .autoplay
            .iter()
            .enumerate()
            .filter(|(_, on)| **on)
            .map(|(s, _)| t.names.get(s))
            .collect();
        if !on_autoplay.is_empty() {
            embed = embed.footer(serenity::CreateEmbedFooter::new(i18n::tr_args(
                t.lang,
                "table-autoplay",
                &[("player", on_autoplay.join(", ").into())],
            )));
        }
        if !t.log.is_empty() {
            embed = embed.field(i18n::tr(t.lang, "table-log"), t.log.join("\n"), false);
        }
        embed
    }

    fn table_buttons(t: &TableView<'_, Self>, legal: &[Action]) -> Vec<serenity::CreateButton> {
        render::choice_buttons(t.lang, legal, t.game as u64, t.version)
    }

    fn event_lines(
        lang: Lang,
        names: &Names,
        _seat: Seat,
        _action: &Action,
        events: &[Event],
    ) -> Vec<String> {
        // The same words as the terminal's (no seat is "you" in a channel).
        let seats = i18n::events::Seats::new(&names.0, None);
        events
            .iter()
            .filter_map(|e| i18n::events::ddz_event_line(lang, &seats, e))
            .collect()
    }

    fn hand_text(lang: Lang, view: &View) -> Option<String> {
        let hand = view.hand?;
        if view.phase == PhaseName::Finished {
            return None;
        }
        Some(render::hand_text(lang, &hand.cards()))
    }

    fn hand_components(
        h: &HandView<'_, Self>,
        selected: &[String],
    ) -> Vec<serenity::CreateActionRow> {
        let hand = hand_of(h.view);
        let chosen: Vec<Card> = cards_from_values(selected)
            .unwrap_or_default()
            .into_iter()
            .filter(|c| hand.contains(c))
            .collect();
        render::hand_components(
            h.lang,
            &hand,
            &chosen,
            h.game as u64,
            h.version,
            h.my_turn(),
        )
    }

    fn on_click(
        click: &Click,
        values: &[String],
        h: &HandView<'_, Self>,
    ) -> Result<ClickIntent<Action>, BotError> {
        let keep_all = || Action::Discard(CardSet::EMPTY);
        let act = ClickIntent::Act;
        Ok(match click {
            Click::Bid(n) => act(Action::Bid(*n)),
            Click::Call => act(Action::Call),
            Click::Rob => act(Action::Rob),
            Click::Kick => act(Action::Kick),
            Click::Counter => act(Action::Counter),
            Click::Double => act(Action::Double),
            Click::Show => act(Action::Show(None)),
            Click::Decline | Click::Pass if discarding(h.view) => act(keep_all()),
            Click::Decline | Click::Pass => act(Action::Pass),
            Click::Play(cards) if discarding(h.view) => {
                act(Action::Discard(CardSet::from_cards(cards)))
            }
            Click::Play(cards) => act(Action::play(cards)),
            Click::SelectCards => {
                if cards_from_values(values).is_none() {
                    return Err(BotError::user("err-bad-card").arg("card", values.join(" ")));
                }
                ClickIntent::Select(values.to_vec())
            }
            Click::Hint => ClickIntent::Hint,
            _ => return Err(BotError::user("err-stale")),
        })
    }

    fn hint_selection(lang: Lang, hint: &Action) -> (Vec<String>, String) {
        match hint {
            Action::Play { cards, reading, .. } => {
                let pattern = reading
                    .map(|k| i18n::ddz_pattern_name(lang, k.name()))
                    .unwrap_or_default();
                let values = cards.cards().into_iter().map(|c| c.to_string()).collect();
                let line = i18n::tr_args(
                    lang,
                    "hint-suggest",
                    &[
                        ("pattern", pattern.into()),
                        ("cards", cards_text(lang, *cards).into()),
                    ],
                );
                (values, line)
            }
            Action::Pass => (Vec::new(), i18n::tr(lang, "hint-none")),
            Action::Discard(cards) => (
                cards.cards().into_iter().map(|c| c.to_string()).collect(),
                i18n::tr_args(
                    lang,
                    "hint-discard",
                    &[("cards", cards_text(lang, *cards).into())],
                ),
            ),
            other => (
                Vec::new(),
                i18n::tr_args(
                    lang,
                    "hint-action",
                    &[("action", action_name(lang, other).into())],
                ),
            ),
        }
    }

    fn typed_play(input: &str, h: &HandView<'_, Self>) -> Result<Action, BotError> {
        let hand = hand_of(h.view);
        let cards = parse_play(input, &hand)?;
        Ok(if discarding(h.view) {
            Action::Discard(CardSet::from_cards(&cards))
        } else {
            Action::play(&cards)
        })
    }

    fn typed_pass(h: &HandView<'_, Self>) -> Result<Action, BotError> {
        Ok(if discarding(h.view) {
            Action::Discard(CardSet::EMPTY)
        } else {
            Action::Pass
        })
    }

    fn done_line(lang: Lang, action: &Action) -> String {
        match action {
            Action::Play { cards, .. } => i18n::tr_args(
                lang,
                "play-done-cards",
                &[("cards", cards_text(lang, *cards).into())],
            ),
            Action::Pass => i18n::tr(lang, "pass-done"),
            _ => i18n::tr(lang, "action-done"),
        }
    }

    fn result_embed(r: &ResultView<'_, Self>) -> Option<serenity::CreateEmbed> {
        let lang = r.lang;
        let detail = &r.outcome.detail;
        if detail.get("redeal").and_then(Value::as_bool) == Some(true) {
            return None;
        }
        let landlord = detail.get("landlord").and_then(Value::as_u64);
        let mut lines = Vec::new();
        if let Some(seat) = detail.get("escaped").and_then(Value::as_u64) {
            lines.push(i18n::tr_args(
                lang,
                "result-escape",
                &[("player", r.names.get(seat as usize).into())],
            ));
        } else if detail.get("winner") == Some(&json!("landlord")) {
            lines.push(i18n::tr(lang, "result-landlord-wins"));
        } else {
            lines.push(i18n::tr(lang, "result-farmers-win"));
        }
        let multiplier = detail
            .get("multiplier")
            .or_else(|| detail.get("escape_multiplier"))
            .and_then(Value::as_u64)
            .unwrap_or(1);
        let factors = factor_list(lang, r);
        lines.push(i18n::tr_args(
            lang,
            "result-multiplier",
            &[
                ("multiplier", (multiplier as i64).into()),
                ("factors", factors.join(" × ").into()),
            ],
        ));
        lines.push(String::new());
        for (seat, paid) in r.report.paid.iter().enumerate() {
            let role = match landlord {
                Some(l) if l as usize == seat => i18n::tr(lang, "ddz-role-landlord"),
                Some(_) => i18n::tr(lang, "ddz-role-farmer"),
                None => String::new(),
            };
            let delta = if *paid > 0 {
                format!("+{paid}")
            } else {
                paid.to_string()
            };
            let player = r.names.get(seat);
            lines.push(match r.report.balances.get(seat).copied().flatten() {
                Some(balance) => i18n::tr_args(
                    lang,
                    "result-seat",
                    &[
                        ("player", player.into()),
                        ("role", role.into()),
                        ("delta", delta.into()),
                        ("balance", balance.into()),
                    ],
                ),
                None => i18n::tr_args(
                    lang,
                    "result-seat-ai",
                    &[
                        ("player", player.into()),
                        ("role", role.into()),
                        ("delta", delta.into()),
                    ],
                ),
            });
        }
        if r.report.rake > 0 {
            lines.push(i18n::tr_args(
                lang,
                "result-rake",
                &[("rake", r.report.rake.into())],
            ));
        }
        Some(
            serenity::CreateEmbed::new()
                .title(i18n::tr_args(
                    lang,
                    "result-title",
                    &[
                        ("game", i18n::tr(lang, Self::NAME_KEY).into()),
                        ("id", r.game.into()),
                        ("stake", r.stake.into()),
                    ],
                ))
                .description(lines.join("\n")),
        )
    }
}

/// Every factor of the multiplier, in words with its value.
fn factor_list(lang: Lang, r: &ResultView<'_, DouDizhu>) -> Vec<String> {
    let detail = &r.outcome.detail;
    let flag = |k: &str| detail.get(k).and_then(Value::as_bool) == Some(true);
    let mut out = Vec::new();
    let value = |key: &str, v: u64| i18n::tr_args(lang, key, &[("value", (v as i64).into())]);
    if let Some(f) = r.last_view.map(|v| v.factors) {
        out.push(value("factor-bid", f.base as u64));
        if f.kicks > 1 {
            out.push(value("factor-kick", f.kicks as u64));
        }
        if f.kitty > 1 {
            out.push(value("factor-kitty", f.kitty as u64));
        }
        if f.show > 1 {
            out.push(value("factor-show", f.show as u64));
        }
    }
    if let Some(list) = detail.get("discard_factors").and_then(Value::as_array) {
        let product: u64 = list.iter().filter_map(Value::as_u64).product();
        if product > 1 {
            out.push(value("factor-discard", product));
        }
    }
    let bombs = detail.get("bombs").and_then(Value::as_u64).unwrap_or(0);
    if bombs > 0 {
        out.push(i18n::tr_args(
            lang,
            "factor-bombs",
            &[
                ("count", (bombs as i64).into()),
                ("value", (1i64 << bombs.min(62)).into()),
            ],
        ));
    }
    if flag("spring") {
        out.push(i18n::tr(lang, "factor-spring"));
    }
    if flag("anti_spring") {
        out.push(i18n::tr(lang, "factor-anti-spring"));
    }
    if let Some(doubled) = detail.get("doubled").and_then(Value::as_array) {
        for (seat, d) in doubled.iter().enumerate() {
            if d.as_bool() == Some(true) {
                out.push(i18n::tr_args(
                    lang,
                    "factor-doubled",
                    &[("player", r.names.get(seat).into())],
                ));
            }
        }
    }
    out
}

/// An action's name in words (`ddz-action-<record name>`).
fn action_name(lang: Lang, action: &Action) -> String {
    let json = action.to_json();
    let key = json
        .as_object()
        .and_then(|o| o.keys().find(|k| *k != "as").cloned())
        .unwrap_or_default();
    match action {
        Action::Bid(n) => i18n::tr_args(lang, "btn-bid", &[("points", (*n as i64).into())]),
        _ => i18n::tr(lang, &format!("ddz-action-{key}")),
    }
}

/// The game variants `/dou-dizhu start variant:` offers, as the rules JSON
/// the engine reads. An engine that does not support one yet refuses it
/// when the table opens, and the member is told why.
pub fn variant_rules(variant: &str) -> Option<Value> {
    Some(match variant {
        "classic" => json!({}),
        "two-player" => json!({ "players": 2 }),
        "wild" => json!({ "wild": true }),
        "discard" => json!({ "discard": true }),
        _ => return None,
    })
}

/// Dou Dizhu tables in this channel.
#[poise::command(
    slash_command,
    rename = "dou-dizhu",
    subcommands("ddz_start", "ddz_join", "ddz_leave", "ddz_rules", "ddz_stop"),
    subcommand_required
)]
pub async fn dou_dizhu(_ctx: Context<'_>) -> Result<(), BotError> {
    Ok(())
}

#[derive(Debug, poise::ChoiceParameter)]
pub enum BiddingChoice {
    #[name = "choice-bidding-score"]
    Score,
    #[name = "choice-bidding-rob"]
    Rob,
}

#[derive(Debug, poise::ChoiceParameter)]
pub enum VariantChoice {
    #[name = "choice-variant-classic"]
    Classic,
    #[name = "choice-variant-two-player"]
    TwoPlayer,
    #[name = "choice-variant-wild"]
    Wild,
    #[name = "choice-variant-discard"]
    Discard,
}

impl VariantChoice {
    fn code(&self) -> &'static str {
        match self {
            VariantChoice::Classic => "classic",
            VariantChoice::TwoPlayer => "two-player",
            VariantChoice::Wild => "wild",
            VariantChoice::Discard => "discard",
        }
    }
}

/// Open a Dou Dizhu table in this channel.
#[poise::command(slash_command, rename = "start", guild_only)]
#[allow(clippy::too_many_arguments)]
pub async fn ddz_start(
    ctx: Context<'_>,
    stake: Option<i64>,
    bidding: Option<BiddingChoice>,
    variant: Option<VariantChoice>,
    kick: Option<bool>,
    doubling: Option<bool>,
    #[rename = "kitty-multipliers"] kitty_multipliers: Option<bool>,
    #[rename = "show-cards"] show_cards: Option<bool>,
) -> Result<(), BotError> {
    let stake = stake.unwrap_or(ctx.data().config.stakes.dou_dizhu);
    if stake < 1 {
        return Err(BotError::user("err-amount-positive"));
    }
    let mut rules = variant
        .as_ref()
        .and_then(|v| variant_rules(v.code()))
        .unwrap_or_else(|| json!({}));
    if let Some(b) = bidding {
        rules["bidding"] = json!(match b {
            BiddingChoice::Score => "score",
            BiddingChoice::Rob => "rob",
        });
    }
    for (key, v) in [
        ("kick", kick),
        ("doubling", doubling),
        ("kitty_multipliers", kitty_multipliers),
        ("show_cards", show_cards),
    ] {
        if let Some(v) = v {
            rules[key] = json!(v);
        }
    }
    let options = TableOptions {
        stake,
        rules,
        seed: None,
    };
    table_cmds::open::<DouDizhu>(ctx, options).await
}

/// Take a seat at the table in this channel.
#[poise::command(slash_command, rename = "join", guild_only)]
pub async fn ddz_join(ctx: Context<'_>) -> Result<(), BotError> {
    table_cmds::join::<DouDizhu>(ctx).await
}

/// Leave the table in this channel.
#[poise::command(slash_command, rename = "leave", guild_only)]
pub async fn ddz_leave(ctx: Context<'_>) -> Result<(), BotError> {
    table_cmds::leave::<DouDizhu>(ctx).await
}

/// Stop the table in this channel (host or Manage Server).
#[poise::command(slash_command, rename = "stop", guild_only)]
pub async fn ddz_stop(ctx: Context<'_>) -> Result<(), BotError> {
    table_cmds::stop::<DouDizhu>(ctx).await
}

/// How Dou Dizhu is played here.
#[poise::command(slash_command, rename = "rules")]
pub async fn ddz_rules(ctx: Context<'_>) -> Result<(), BotError> {
    let lang = lang_of_ctx(ctx);
    let reply = poise::CreateReply::default()
        .content(i18n::tr(lang, "ddz-rules"))
        .ephemeral(true);
    ctx.send(reply).await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::games::Game;
    use rand::SeedableRng;

    fn dealt() -> DouDizhu {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
        DouDizhu::deal(Default::default(), 3, &mut rng).unwrap()
    }

    #[test]
    fn clicks_become_actions_of_the_phase() {
        let g = dealt();
        let seat = g.waiting_on()[0];
        let view = g.view(Some(seat));
        let legal = g.legal_actions(seat);
        let h = HandView::<DouDizhu> {
            lang: Lang::EnUs,
            game: 1,
            version: 0,
            seat,
            view: &view,
            legal: &legal,
        };
        let hand = hand_of(&view);
        assert_eq!(hand.len(), 17);
        assert_eq!(
            DouDizhu::on_click(&Click::Bid(2), &[], &h).unwrap(),
            ClickIntent::Act(Action::Bid(2))
        );
        assert_eq!(
            DouDizhu::on_click(&Click::Decline, &[], &h).unwrap(),
            ClickIntent::Act(Action::Pass)
        );
        assert_eq!(
            DouDizhu::on_click(&Click::Play(hand[..1].to_vec()), &[], &h).unwrap(),
            ClickIntent::Act(Action::play(&hand[..1]))
        );
        let values = vec![hand[0].to_string(), hand[1].to_string()];
        assert_eq!(
            DouDizhu::on_click(&Click::SelectCards, &values, &h).unwrap(),
            ClickIntent::Select(values.clone())
        );
        assert!(DouDizhu::on_click(&Click::SelectCards, &["ZZ".into()], &h).is_err());
        assert!(DouDizhu::on_click(&Click::Game("x".into()), &[], &h).is_err());
        assert!(DouDizhu::on_click(&Click::Join, &[], &h).is_err());
        // Typed input picks bare ranks from the hand.
        let typed = DouDizhu::typed_play(&hand[0].to_string(), &h).unwrap();
        assert_eq!(typed, Action::play(&hand[..1]));
        assert!(DouDizhu::typed_play("xyz", &h).is_err());
        assert_eq!(DouDizhu::typed_pass(&h).unwrap(), Action::Pass);
        // The private text holds the hand; the public view has none.
        let text = DouDizhu::hand_text(Lang::EnUs, &view).unwrap();
        assert!(text.starts_with("Your hand (17 cards)"), "{text}");
        assert_eq!(DouDizhu::hand_text(Lang::EnUs, &g.view(None)), None);
    }

    #[test]
    fn event_lines_name_the_seat_in_both_languages() {
        let names = Names(vec!["<@1>".into(), "<@2>".into(), "AI 3".into()]);
        let events = [Event::Bid { seat: 2, bid: 3 }, Event::Redeal];
        let en = DouDizhu::event_lines(Lang::EnUs, &names, 2, &Action::Bid(3), &events);
        assert_eq!(en[0], "AI 3 bids 3.");
        assert!(en[1].contains("dealt again"), "{en:?}");
        let zh = DouDizhu::event_lines(Lang::ZhCn, &names, 2, &Action::Bid(3), &events);
        assert_eq!(zh[0], "AI 3 叫 3 分。");
    }

    #[test]
    fn every_variant_maps_to_rules() {
        for v in ["classic", "two-player", "wild", "discard"] {
            assert!(variant_rules(v).is_some(), "{v}");
        }
        assert_eq!(variant_rules("nope"), None);
        assert_eq!(variant_rules("discard"), Some(json!({"discard": true})));
    }
}
