//! Dou Dizhu on Discord: `/dou-dizhu start|join|leave|rules|stop`, and the
//! game's side of the table seam ([`DiscordGame`]): the table embed and
//! buttons (from [`render`]), the log lines of its events, the hand
//! by DM and in "My hand" (a multi-select of the cards with Play / Pass /
//! Hint), typed plays, and the result with every factor.
//!
//! 癞子: a selection with several legal readings (clicked or typed) is
//! answered privately with a select of them ([`readings`]); the
//! pick is checked against the legal readings again when it comes back.
//!
//! In the discard phase (弃三张) the hand view's Play discards the chosen
//! cards and Pass (or the table's "Keep all") discards nothing.

pub mod click;
pub mod readings;
pub mod render;

use self::click::DdzClick;
use crate::cards::Card;
use crate::discord::errors::BotError;
use crate::discord::ids::{card_value, cards_from_values};
use crate::discord::table::clicks::hand_message;
use crate::discord::table::{
    commands as table_cmds, ClickIntent, Control, DiscordGame, HandView, Names,
};
use crate::discord::table::{ResultView, TableView};
use crate::discord::Context;
use crate::games::dou_dizhu::cardset::rank_name;
use crate::games::dou_dizhu::outcome::Side;
use crate::games::dou_dizhu::{
    parse_play, readings_among, Action, CardSet, DouDizhu, Event, Outcome, PhaseName, View,
};
use crate::games::{GameKind, RecordAction, Seat};
use crate::hosts::dou_dizhu::words;
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

/// 要不起: the seat's only move is the pass (the rules' answer).
fn cant_beat(h: &HandView<'_, DouDizhu>) -> bool {
    crate::games::dou_dizhu::forced_pass_of(h.view, h.legal)
}

fn cards_text(lang: Lang, cards: CardSet) -> String {
    i18n::render_cards(lang, &cards.cards())
}

impl DiscordGame for DouDizhu {
    type Click = DdzClick;

    const RULES_KEYS: &'static [&'static str] = crate::games::GameKind::DouDizhu.rules_keys();

    fn start_command() -> table_cmds::Command {
        ddz_start()
    }
    const LOBBY_HINT_KEY: &'static str = "table-lobby-hint";

    fn table_embed(t: &TableView<'_, Self>) -> serenity::CreateEmbed {
        // Who is on 托管 is added for every game by the driver.
        let mut embed = render::table_embed(t.lang, t.view, &t.names.0, t.stake, t.deadline);
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
            .filter_map(|e| words::ddz_event_line(lang, &seats, e))
            .collect()
    }

    fn hand_text(lang: Lang, view: &View) -> Option<String> {
        let hand = view.hand?;
        if view.phase == PhaseName::Finished {
            return None;
        }
        let mut text = render::hand_text(lang, &hand.cards());
        if let Some(w) = view.wild {
            text.push('\n');
            text.push_str(&i18n::tr_args(
                lang,
                "hand-wild",
                &[("rank", rank_name(w as usize).into())],
            ));
        }
        if let Some(counter) = crate::hosts::dou_dizhu::words::ddz_counter_line(lang, view) {
            text.push('\n');
            text.push_str(&counter);
        }
        Some(text)
    }

    fn selected_faces(_view: &View, values: &[String]) -> Vec<crate::render::Face> {
        cards_from_values(values)
            .unwrap_or_default()
            .into_iter()
            .map(crate::render::Face::Card)
            .collect()
    }

    /// 要不起: nothing in the hand beats the play standing, said so.
    fn your_turn_key(h: &HandView<'_, Self>) -> &'static str {
        if cant_beat(h) {
            "hand-your-turn-cant-beat"
        } else {
            "hand-your-turn"
        }
    }

    fn hand_components(
        h: &HandView<'_, Self>,
        selected: &[String],
    ) -> Vec<serenity::CreateActionRow> {
        if cant_beat(h) {
            // Nothing to pick: the pass is the only move (要不起).
            return render::pass_only(h.lang, h.game as u64, h.version);
        }
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
            h.view.wild,
            h.game as u64,
            h.version,
            h.my_turn(),
        )
    }

    fn on_click(
        click: &Control<DdzClick>,
        values: &[String],
        h: &HandView<'_, Self>,
    ) -> Result<ClickIntent<Action>, BotError> {
        let keep_all = || Action::Discard(CardSet::EMPTY);
        let act = ClickIntent::Act;
        Ok(match click {
            Control::Game(DdzClick::Bid(n)) => act(Action::Bid(*n)),
            Control::Game(DdzClick::Call) => act(Action::Call),
            Control::Game(DdzClick::Rob) => act(Action::Rob),
            Control::Game(DdzClick::Kick) => act(Action::Kick),
            Control::Game(DdzClick::Counter) => act(Action::Counter),
            Control::Game(DdzClick::Double) => act(Action::Double),
            Control::Game(DdzClick::Show) => act(Action::Show(None)),
            Control::Game(DdzClick::Decline) | Control::Pass if discarding(h.view) => {
                act(keep_all())
            }
            Control::Game(DdzClick::Decline) | Control::Pass => act(Action::Pass),
            Control::Play(cards) if discarding(h.view) => {
                act(Action::Discard(CardSet::from_cards(cards)))
            }
            Control::Play(cards) => play_intent(h, cards, None),
            Control::Game(DdzClick::Reading) => act(picked_reading(values, h)?),
            Control::SelectCards => {
                if cards_from_values(values).is_none() {
                    return Err(
                        BotError::user(crate::keys::ERR_BAD_CARD).arg("card", values.join(" "))
                    );
                }
                ClickIntent::Select(values.to_vec())
            }
            Control::Hint => ClickIntent::Hint,
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

    /// Typed cards as an action; cards with several readings (癞子) are
    /// refused here, since this form cannot ask which: `/play` goes through
    /// [`DiscordGame::typed_intent`], which offers the choice.
    fn typed_play(input: &str, h: &HandView<'_, Self>) -> Result<Action, BotError> {
        match Self::typed_intent(input, h)? {
            ClickIntent::Act(action) => Ok(action),
            _ => Err(BotError::user(crate::keys::ERR_READING_NEEDED)),
        }
    }

    /// `/play <cards> [as:<ranks or pattern>]`: in the discard phase the
    /// cards are discarded; in play, the one legal reading is played, the
    /// reading stated after `as:` is played, or the player is asked which.
    fn typed_intent(input: &str, h: &HandView<'_, Self>) -> Result<ClickIntent<Action>, BotError> {
        let hand = hand_of(h.view);
        let (input, number) = readings::split_number(input)?;
        let (cards_text, statement) = readings::split_typed(input)?;
        let cards = parse_play(cards_text, &hand)?;
        if discarding(h.view) {
            return Ok(ClickIntent::Act(Action::Discard(CardSet::from_cards(
                &cards,
            ))));
        }
        let intent = play_intent(h, &cards, statement.as_ref());
        let Some(n) = number else {
            return Ok(intent);
        };
        // `#n`: the n-th reading of the menu these cards bring up (its
        // order is fixed by the view), as the terminal takes a number.
        let plays_open = h.legal.iter().any(|a| matches!(a, Action::Play { .. }));
        let set = CardSet::from_cards(&cards);
        let count = match readings::choose(h.view, h.legal, set, statement.as_ref()) {
            readings::Choice::Pick(readings) if plays_open => {
                if let Some(r) = readings.get(n.wrapping_sub(1)).filter(|_| n <= 25) {
                    return Ok(ClickIntent::Act(*r));
                }
                readings.len().min(render::MAX_SELECT_OPTIONS)
            }
            // One reading (or none: the engine says why): `#1` is it.
            _ if n == 1 => return Ok(intent),
            _ => 1,
        };
        Err(BotError::user(crate::keys::ERR_READING_NUMBER)
            .arg("number", n)
            .arg("count", count))
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

    /// A round of play starts with a lead: a play when nothing stands to
    /// be beaten.
    fn replay_round_start(game: &Self, _seat: Seat, action: &Action) -> bool {
        use crate::games::Game;
        matches!(action, Action::Play { .. }) && game.view(None).standing.is_none()
    }

    /// The pattern and cards of a play, "pass", or the action's name.
    fn replay_move_words(lang: Lang, action: &Action) -> String {
        match action {
            Action::Play { cards, reading, .. } => {
                let pattern = reading
                    .map(|k| i18n::ddz_pattern_name(lang, k.name()))
                    .unwrap_or_default();
                format!("{pattern} {}", cards_text(lang, *cards))
                    .trim()
                    .to_string()
            }
            Action::Pass => i18n::tr(lang, "replay-move-pass"),
            other => Self::hint_selection(lang, other).1,
        }
    }

    /// In the play: the repaired bot's estimate of the plays the hand left
    /// needs (bombs, the rocket, chains and pair chains each one play,
    /// trios carrying spare cards), the wild rank counted as its own rank.
    fn replay_turns_left(view: &View, action: &Action) -> Option<u32> {
        if view.phase != PhaseName::Playing {
            return None;
        }
        let hand = view.hand?;
        let left = match action {
            Action::Play { cards, .. } => hand.minus(*cards),
            Action::Pass => hand,
            _ => return None,
        };
        Some(crate::games::dou_dizhu::ai::turns_with_chains(
            &left.counts(),
        ))
    }

    fn result_embed(r: &ResultView<'_, Self>) -> Option<serenity::CreateEmbed> {
        let lang = r.lang;
        let outcome = r.result.outcome.as_ref()?;
        let landlord = outcome.landlord();
        let mut lines = Vec::new();
        let multiplier = match outcome {
            Outcome::Redeal(_) => return None,
            Outcome::Escaped(e) => {
                lines.push(i18n::tr_args(
                    lang,
                    "result-escape",
                    &[("player", r.names.get(e.escaped).into())],
                ));
                e.escape_multiplier
            }
            Outcome::Played(p) => {
                lines.push(i18n::tr_args(
                    lang,
                    match p.winner {
                        Side::Landlord => "result-landlord-wins",
                        Side::Farmers => "result-farmers-win",
                    },
                    // One farmer in the two-player game.
                    &[("farmers", (p.deltas.len() as i64 - 1).into())],
                ));
                p.multiplier
            }
        };
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
        for seat in 0..r.report.paid.len() {
            let role = match landlord {
                // The same words as the table's seat lines.
                Some(l) if l == seat => i18n::tr(lang, "table-role-landlord"),
                Some(_) => i18n::tr(lang, "table-role-farmer"),
                None => String::new(),
            };
            lines.push(r.seat_line(seat, role));
        }
        if r.report.rake > 0 {
            lines.push(i18n::tr_args(
                lang,
                "result-rake",
                &[("rake", r.report.rake.into())],
            ));
        }
        Some(r.embed(<Self as crate::games::Game>::KIND.name_key(), &lines))
    }
}

/// What playing `cards` means: with no play open to the seat now (not its
/// turn, another phase), the plain play, for the table to refuse with its
/// reason; otherwise the one legal reading, or the question which one
/// (癞子), or — with none — the play whose refusal says why.
fn play_intent(
    h: &HandView<'_, DouDizhu>,
    cards: &[Card],
    statement: Option<&readings::Statement>,
) -> ClickIntent<Action> {
    let plays_open = h.legal.iter().any(|a| matches!(a, Action::Play { .. }));
    if !plays_open {
        return ClickIntent::Act(Action::play(cards));
    }
    let set = CardSet::from_cards(cards);
    match readings::choose(h.view, h.legal, set, statement) {
        readings::Choice::Play(action) => ClickIntent::Act(action),
        readings::Choice::Pick(readings) => ask_reading(h, cards, &readings),
    }
}

/// The private question "which reading?": the hand view with the readings'
/// select on top and the cards still chosen below.
fn ask_reading(
    h: &HandView<'_, DouDizhu>,
    cards: &[Card],
    readings: &[Action],
) -> ClickIntent<Action> {
    let lang = h.lang;
    let mut note = i18n::tr_args(
        lang,
        "reading-choose",
        &[
            ("cards", i18n::render_cards(lang, cards).into()),
            ("count", (readings.len() as i64).into()),
        ],
    );
    if readings.len() > render::MAX_SELECT_OPTIONS {
        note.push('\n');
        note.push_str(&i18n::tr_args(
            lang,
            "reading-more",
            &[("shown", (render::MAX_SELECT_OPTIONS as i64).into())],
        ));
    }
    let selected: Vec<String> = cards.iter().map(|&c| card_value(c)).collect();
    let (text, mut rows) = hand_message(h, &selected, Some(note));
    rows.insert(
        0,
        render::reading_select(lang, h.view, readings, h.game as u64, h.version),
    );
    ClickIntent::Ask(text, rows)
}

/// The reading picked in the readings' select, if it is one of the seat's
/// legal readings now; a forged or outdated value is refused and nothing
/// is played.
fn picked_reading(values: &[String], h: &HandView<'_, DouDizhu>) -> Result<Action, BotError> {
    if !h.my_turn() {
        return Err(BotError::user(crate::keys::ERR_NOT_YOUR_TURN));
    }
    let [value] = values else {
        return Err(BotError::user(crate::keys::ERR_READING_GONE));
    };
    let picked =
        readings::decode(value).ok_or_else(|| BotError::user(crate::keys::ERR_READING_GONE))?;
    let Action::Play { cards, .. } = picked else {
        return Err(BotError::user(crate::keys::ERR_READING_GONE));
    };
    let in_hand = h.view.hand.is_some_and(|hand| cards.is_subset(hand));
    if !in_hand || !readings_among(h.legal, cards).contains(&picked) {
        return Err(BotError::user(crate::keys::ERR_READING_GONE));
    }
    Ok(picked)
}

/// Every factor of the multiplier, in words with its value.
fn factor_list(lang: Lang, r: &ResultView<'_, DouDizhu>) -> Vec<String> {
    let mut out = Vec::new();
    let value = |key: &str, v: u64| i18n::tr_args(lang, key, &[("value", (v as i64).into())]);
    if let Some(f) = r.last_view.map(|v| v.factors) {
        // The call and each rob apart (叫地主 ×1 · 抢地主 ×4).
        let robbed = 1u64 << f.robs.min(30);
        out.push(value("factor-bid", f.base as u64 / robbed));
        if f.robs > 0 {
            out.push(value("factor-rob", robbed));
        }
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
    let played = match &r.result.outcome {
        Some(Outcome::Played(p)) => Some(p.as_ref()),
        _ => None,
    };
    if let Some(list) = played.and_then(|p| p.discard_factors.as_ref()) {
        let product: u64 = list.iter().map(|&f| u64::from(f)).product();
        if product > 1 {
            out.push(value("factor-discard", product));
        }
    }
    let bombs = match &r.result.outcome {
        Some(Outcome::Played(p)) => p.bombs,
        Some(Outcome::Escaped(e)) => e.bombs,
        _ => 0,
    };
    // A rocket (王炸) is named apart from the bombs.
    let rockets = played
        .map(|p| p.factors.rockets)
        .or(r.last_view.map(|v| v.factors.rockets))
        .unwrap_or(0)
        .min(bombs);
    if bombs > 0 {
        out.push(i18n::tr_args(
            lang,
            "factor-bombs",
            &[
                ("count", i64::from(bombs - rockets).into()),
                ("rockets", i64::from(rockets).into()),
                ("value", (1i64 << bombs.min(62)).into()),
            ],
        ));
    }
    if played.is_some_and(|p| p.spring) {
        out.push(i18n::tr(lang, "factor-spring"));
    }
    if played.is_some_and(|p| p.anti_spring) {
        out.push(i18n::tr(lang, "factor-anti-spring"));
    }
    if let Some(doubled) = played.and_then(|p| p.doubled.as_ref()) {
        for (seat, d) in doubled.iter().enumerate() {
            if *d {
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

/// `ai:` — how the table's AI seats play (the rules' `ai` level).
#[derive(Debug, poise::ChoiceParameter)]
pub enum AiChoice {
    #[name = "choice-ai-easy"]
    Easy,
    #[name = "choice-ai-normal"]
    Normal,
    #[name = "choice-ai-hard"]
    Hard,
}

impl AiChoice {
    /// The level chosen (every game's `"ai"` rule takes its name).
    pub fn level(&self) -> crate::ai::Level {
        match self {
            AiChoice::Easy => crate::ai::Level::Easy,
            AiChoice::Normal => crate::ai::Level::Normal,
            AiChoice::Hard => crate::ai::Level::Hard,
        }
    }
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
    ai: Option<AiChoice>,
) -> Result<(), BotError> {
    let stake = table_cmds::chosen_stake(ctx, GameKind::DouDizhu, stake, "stake").await?;
    if stake < 1 {
        return Err(BotError::user(crate::keys::ERR_AMOUNT_POSITIVE));
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
    if let Some(ai) = ai {
        rules["ai"] = json!(ai.level().name());
    }
    let options = TableOptions {
        stake,
        rules,
        seed: None,
        lang: None,
        timers: None,
    };
    table_cmds::open::<DouDizhu>(ctx, options).await
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::discord::ids::{Action as Click, ComponentId};
    use crate::discord::table::GameClick;
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
            DouDizhu::on_click(&Control::Game(DdzClick::Bid(2)), &[], &h).unwrap(),
            ClickIntent::Act(Action::Bid(2))
        );
        assert_eq!(
            DouDizhu::on_click(&Control::Game(DdzClick::Decline), &[], &h).unwrap(),
            ClickIntent::Act(Action::Pass)
        );
        assert_eq!(
            DouDizhu::on_click(&Control::Play(hand[..1].to_vec()), &[], &h).unwrap(),
            ClickIntent::Act(Action::play(&hand[..1]))
        );
        let values = vec![hand[0].to_string(), hand[1].to_string()];
        assert_eq!(
            DouDizhu::on_click(&Control::SelectCards, &values, &h).unwrap(),
            ClickIntent::Select(values.clone())
        );
        assert!(DouDizhu::on_click(&Control::SelectCards, &["ZZ".into()], &h).is_err());
        assert_eq!(Control::<DdzClick>::of(&Click::Join), None);
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

    /// Issue #36, 要不起: when the rules say the pass is the seat's only
    /// move, its hand view says so in both languages and offers Pass alone
    /// (no card select, no Play, no Hint); any other turn keeps them.
    #[test]
    fn a_forced_pass_is_said_and_offers_only_pass() {
        let mut g = dealt();
        let bidder = g.waiting_on()[0];
        g.apply(bidder, &Action::Bid(3)).unwrap();
        let mut forced = None;
        for _ in 0..200 {
            let seat = g.waiting_on()[0];
            if g.forced_pass(seat).is_some() {
                forced = Some(seat);
                break;
            }
            // The biggest play each time: soon someone cannot beat it.
            let legal = g.legal_actions(seat);
            let last = *legal.last().unwrap();
            g.apply(seat, &last).unwrap();
        }
        let seat = forced.expect("a forced pass in the game");
        let view = g.view(Some(seat));
        let legal = g.legal_actions(seat);
        let ids = |lang| {
            let h = HandView::<DouDizhu> {
                lang,
                game: 1,
                version: 7,
                seat,
                view: &view,
                legal: &legal,
            };
            let (text, rows) = hand_message(&h, &[], None);
            (text, rows_json(&rows))
        };
        let (en, rows) = ids(Lang::EnUs);
        assert!(en.contains("you can't beat it (要不起)"), "{en}");
        assert_eq!(rows.len(), 1, "{rows:?}");
        assert!(rows[0]["custom_id"]
            .as_str()
            .unwrap()
            .starts_with("pj1:pass:"));
        let (zh, _) = ids(Lang::ZhCn);
        assert!(zh.contains("但你要不起"), "{zh}");
        // A turn with plays open keeps the select and the buttons.
        let other = g.waiting_on()[0];
        g.apply(other, &Action::Pass).unwrap();
        while g.forced_pass(g.waiting_on()[0]).is_some() {
            let s = g.waiting_on()[0];
            g.apply(s, &Action::Pass).unwrap();
        }
        let seat = g.waiting_on()[0];
        let (view, legal) = (g.view(Some(seat)), g.legal_actions(seat));
        let h = HandView::<DouDizhu> {
            lang: Lang::EnUs,
            game: 1,
            version: 9,
            seat,
            view: &view,
            legal: &legal,
        };
        let (text, rows) = hand_message(&h, &[], None);
        assert!(text.contains("It is your turn: pick cards"), "{text}");
        assert_eq!(rows.len(), 2, "a select and the buttons");
    }

    /// Issue #36: 记牌器 in the hand view while cards are played, from the
    /// seat's view: the whole deck less its own hand at the first lead.
    #[test]
    fn the_hand_view_has_the_card_counter_in_play() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
        let mut g =
            <DouDizhu as crate::games::Game>::deal(Default::default(), 3, &mut rng).unwrap();
        let bidding = DouDizhu::hand_text(Lang::EnUs, &g.view(Some(0))).unwrap();
        assert!(!bidding.contains("记牌器"), "not while bidding: {bidding}");
        let bidder = g.waiting_on()[0];
        g.apply(bidder, &Action::Bid(3)).unwrap();
        let view = g.view(Some(0));
        let counts = view.unseen().unwrap();
        let en = DouDizhu::hand_text(Lang::EnUs, &view).unwrap();
        let counter = en.lines().last().unwrap();
        let want = format!(
            "Not yet played (记牌器): Big Joker {} · Small Joker {} · 2 {} · A {}",
            counts[14], counts[13], counts[12], counts[11]
        );
        assert!(counter.starts_with(&want), "{en}");
        assert!(counter.ends_with(&format!("· 3 {}", counts[0])), "{en}");
        let total: u32 = counts.iter().map(|&c| u32::from(c)).sum();
        assert_eq!(total as usize, 54 - view.hand.unwrap().len());
        let zh = DouDizhu::hand_text(Lang::ZhCn, &view).unwrap();
        assert!(
            zh.lines()
                .last()
                .unwrap()
                .starts_with(&format!("记牌器：大王×{}", counts[14])),
            "{zh}"
        );
    }

    /// Issue #36 §3.6: the two-player game has one farmer, and its result
    /// says so ("The farmer wins!", not "The farmers win!").
    #[test]
    fn a_two_player_farmers_win_names_one_farmer() {
        use crate::table::TableGame;
        use rand::seq::SliceRandom;
        let rules = crate::games::dou_dizhu::Rules {
            players: 2,
            ..Default::default()
        };
        let mut checked = 0;
        for seed in 0..40 {
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
            let mut g = DouDizhu::deal(rules.clone(), 2, &mut rng).unwrap();
            while !g.is_finished() {
                let seat = g.waiting_on()[0];
                let action = g.legal_actions(seat).choose(&mut rng).cloned().unwrap();
                g.apply(seat, &action).unwrap();
            }
            let Some(Outcome::Played(p)) = g.outcome() else {
                continue;
            };
            if p.winner != Side::Farmers {
                continue;
            }
            let payout = g.payout(10).unwrap();
            let result = crate::table::GameResult::<DouDizhu> {
                outcome: g.outcome(),
                capped: Vec::new(),
                fair: None,
                owed: payout.deltas.clone(),
            };
            let report = crate::table::SettleReport {
                paid: payout.deltas.clone(),
                rake: 0,
                balances: vec![Some(1000), None],
                ratings: None,
            };
            let names = Names(vec!["<@1>".into(), "AI 2".into()]);
            let last = g.view(None);
            for (lang, want) in [(Lang::EnUs, "The farmer wins!"), (Lang::ZhCn, "农民获胜！")]
            {
                let r = ResultView::<DouDizhu> {
                    lang,
                    game: 7,
                    stake: 10,
                    names: &names,
                    last_view: Some(&last),
                    result: &result,
                    report: &report,
                };
                let embed = DouDizhu::result_embed(&r).unwrap();
                let text = serde_json::to_value(&embed).unwrap()["description"]
                    .as_str()
                    .unwrap()
                    .replace(['\u{2068}', '\u{2069}'], "");
                assert!(text.contains(want), "{text}");
                assert!(!text.contains("farmers"), "{text}");
            }
            checked += 1;
        }
        assert!(checked > 0, "some seed has the farmer win");
    }

    #[test]
    fn event_lines_name_the_seat_in_both_languages() {
        let names = Names(vec!["<@1>".into(), "<@2>".into(), "AI 3".into()]);
        let events = [Event::Bid { seat: 2, bid: 3 }, Event::Redeal];
        let en = DouDizhu::event_lines(Lang::EnUs, &names, 2, &Action::Bid(3), &events);
        assert_eq!(en[0], "AI 3 bids 3.");
        assert!(en[1].contains("dealt again"), "{en:?}");
        let zh = DouDizhu::event_lines(Lang::ZhCn, &names, 2, &Action::Bid(3), &events);
        assert_eq!(zh[0], "AI 3叫 3 分。");
    }

    /// The first component of each row, as JSON.
    fn rows_json(rows: &[serenity::CreateActionRow]) -> Vec<Value> {
        rows.iter()
            .map(|r| serde_json::to_value(r).unwrap()["components"][0].clone())
            .collect()
    }

    #[test]
    fn an_ambiguous_wild_play_asks_and_the_pick_is_checked() {
        use crate::hosts::dou_dizhu::discord::readings::tests::{landlord_with, HAND};
        let g = landlord_with(&HAND, "5");
        let view = g.view(Some(0));
        let legal = g.legal_actions(0);
        let h = HandView::<DouDizhu> {
            lang: Lang::EnUs,
            game: 7,
            version: 3,
            seat: 0,
            view: &view,
            legal: &legal,
        };
        let cards: Vec<Card> = ["4S", "4H", "4D", "5S"]
            .iter()
            .map(|c| c.parse().unwrap())
            .collect();
        let ClickIntent::Ask(text, rows) =
            DouDizhu::on_click(&Control::Play(cards.clone()), &[], &h).unwrap()
        else {
            panic!("a question");
        };
        assert!(text.contains("can be played 2 ways"), "{text}");
        assert!(text.contains("Wild card: every 5"), "{text}");
        let rows = rows_json(&rows);
        assert_eq!(rows.len(), 3, "reading select, card select, buttons");
        let menu = &rows[0];
        let id = ComponentId::decode(menu["custom_id"].as_str().unwrap()).unwrap();
        assert_eq!(
            id,
            ComponentId::new(Click::Game(DdzClick::Reading.to_wire()), 7, 3)
        );
        let options = menu["options"].as_array().unwrap();
        assert_eq!(options.len(), 2);
        let labels: Vec<&str> = options
            .iter()
            .map(|o| o["label"].as_str().unwrap())
            .collect();
        // Numbered, so that `/play … #n` can name one.
        assert!(
            labels.contains(&"1. Soft bomb of 4 (wild as 4)")
                || labels.contains(&"2. Soft bomb of 4 (wild as 4)"),
            "{labels:?}"
        );
        // The card select keeps the cards chosen, the wild card marked.
        let chosen: Vec<&Value> = rows[1]["options"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|o| o["default"] == json!(true))
            .collect();
        assert_eq!(chosen.len(), 4);
        assert!(chosen.iter().any(|o| o["description"] == "wild card"));
        // Each offered value plays exactly that reading.
        for o in options {
            let value = o["value"].as_str().unwrap().to_string();
            let ClickIntent::Act(action) = DouDizhu::on_click(
                &Control::Game(DdzClick::Reading),
                std::slice::from_ref(&value),
                &h,
            )
            .unwrap() else {
                panic!("an action");
            };
            assert_eq!(
                crate::hosts::dou_dizhu::discord::readings::encode(&action),
                Some(value)
            );
            assert!(g.clone().apply(0, &action).is_ok());
        }
        // Forged values: garbage, a reading that is no legal play, cards
        // not in the hand, two values at once, none.
        for forged in [
            vec!["garbage".to_string()],
            vec!["4S4H4D5S.rocket.".into()],
            vec!["4S4H4D5S.bomb.7".into()],
            vec!["4C4H4D5S.bomb.4".into()],
            vec!["4S4H4D5S.bomb.4".into(), "4S4H4D5S.bomb.4".into()],
            vec![],
        ] {
            let err =
                DouDizhu::on_click(&Control::Game(DdzClick::Reading), &forged, &h).unwrap_err();
            assert!(
                matches!(
                    err,
                    BotError::User {
                        key: crate::keys::ERR_READING_GONE,
                        ..
                    }
                ),
                "{forged:?}: {err:?}"
            );
        }
        // Another seat (not to play) is told so.
        let other = g.view(Some(1));
        let h1 = HandView::<DouDizhu> {
            view: &other,
            seat: 1,
            legal: &[],
            ..h
        };
        let value = options[0]["value"].as_str().unwrap().to_string();
        assert!(DouDizhu::on_click(&Control::Game(DdzClick::Reading), &[value], &h1).is_err());
        // One reading is played at once, with what the wild card stands for.
        let run: Vec<Card> = ["3S", "4S", "5S", "6S", "7S"]
            .iter()
            .map(|c| c.parse().unwrap())
            .collect();
        let ClickIntent::Act(action) = DouDizhu::on_click(&Control::Play(run), &[], &h).unwrap()
        else {
            panic!("played at once");
        };
        assert_eq!(action.to_json()["wild_as"], json!(["5"]));
        assert!(g.clone().apply(0, &action).is_ok());
    }

    #[test]
    fn typed_wild_plays_ask_or_take_the_stated_reading() {
        use crate::hosts::dou_dizhu::discord::readings::tests::{landlord_with, HAND};
        let g = landlord_with(&HAND, "5");
        let view = g.view(Some(0));
        let legal = g.legal_actions(0);
        let h = HandView::<DouDizhu> {
            lang: Lang::ZhCn,
            game: 7,
            version: 3,
            seat: 0,
            view: &view,
            legal: &legal,
        };
        let ClickIntent::Ask(text, rows) = DouDizhu::typed_intent("6 7 8 9 5", &h).unwrap() else {
            panic!("a question");
        };
        assert!(text.contains("有 2 种出法"), "{text}");
        let labels: Vec<String> = rows_json(&rows)[0]["options"]
            .as_array()
            .unwrap()
            .iter()
            .map(|o| o["label"].as_str().unwrap().to_string())
            .collect();
        assert_eq!(
            labels,
            ["1. 顺子 5–9（癞子当 5）", "2. 顺子 6–10（癞子当 10）"]
        );
        // `#2` picks the second, as the terminal's menu takes a number;
        // `#3` is past the menu and plays nothing.
        let ClickIntent::Act(Action::Play { wild_as, .. }) =
            DouDizhu::typed_intent("6 7 8 9 5 #2", &h).unwrap()
        else {
            panic!("#2 plays")
        };
        assert_eq!(wild_as.ranks().map(rank_name).collect::<Vec<_>>(), ["10"]);
        let err = DouDizhu::typed_intent("6 7 8 9 5 #3", &h).err().unwrap();
        assert!(matches!(
            err,
            BotError::User {
                key: crate::keys::ERR_READING_NUMBER,
                ..
            }
        ));
        // typed_play cannot ask: it says how to state the reading.
        let err = DouDizhu::typed_play("6 7 8 9 5", &h).unwrap_err();
        assert!(matches!(
            err,
            BotError::User {
                key: crate::keys::ERR_READING_NEEDED,
                ..
            }
        ));
        // Stated: played as said.
        let ClickIntent::Act(action) = DouDizhu::typed_intent("6 7 8 9 5 as:10", &h).unwrap()
        else {
            panic!("played");
        };
        assert_eq!(
            action.to_json(),
            json!({"play": ["5S", "6S", "7S", "8S", "9H"], "as": "straight", "wild_as": ["T"]})
        );
        let ClickIntent::Act(bomb) = DouDizhu::typed_intent("4445 当 炸弹", &h).unwrap() else {
            panic!("played");
        };
        assert_eq!(bomb.to_json()["as"], "bomb");
        assert!(g.clone().apply(0, &bomb).is_ok());
        // A statement no reading has goes to the engine, which refuses it.
        let ClickIntent::Act(wrong) = DouDizhu::typed_intent("6 7 8 9 5 as:3", &h).unwrap() else {
            panic!("sent as stated");
        };
        assert!(g.clone().apply(0, &wrong).is_err());
        assert!(DouDizhu::typed_intent("6789 5 as:zz", &h).is_err());
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
