//! Dou Dizhu views as Discord messages: the public table message (an embed
//! plus the buttons of the seat whose turn it is) and the private hand view
//! (a card multi-select with Play / Pass / Hint), and the select of the
//! readings of a wild-card play (癞子) when the cards have several.
//!
//! Only the public view goes into the table message, so no hand can leak
//! into the channel; the hand view is built from the seat's own view and is
//! sent by DM or as an ephemeral reply.

use super::click::DdzClick;
use super::readings;
use crate::cards::Card;
use crate::discord::ids::{card_value, Action as Click, ComponentId};
use crate::discord::table::GameClick;
use crate::games::dou_dizhu::cardset::{rank_index, rank_name};
use crate::games::dou_dizhu::{Action, PhaseName, View};
use crate::hosts::dou_dizhu::words;
use crate::i18n::{self, Lang};
use poise::serenity_prelude as serenity;

/// Discord: a string select holds at most 25 options.
pub const MAX_SELECT_OPTIONS: usize = 25;

/// Seconds since the Unix epoch as Discord's live relative timestamp.
pub fn relative_time(unix: i64) -> String {
    format!("<t:{unix}:R>")
}

/// The public table message: seats (with landlord, bids and cards left),
/// kitty, last play, multiplier and whose turn it is until when.
/// `names[seat]` is how each seat is shown (a mention, or "AI 2").
pub fn table_embed(
    lang: Lang,
    view: &View,
    names: &[String],
    stake: i64,
    deadline_unix: Option<i64>,
) -> serenity::CreateEmbed {
    let name = |seat: usize| {
        names
            .get(seat)
            .cloned()
            .unwrap_or_else(|| format!("#{}", seat + 1))
    };
    let mut seats = String::new();
    for seat in 0..(view.players as usize).clamp(1, 3) {
        let role = match view.landlord {
            Some(l) if l == seat => format!(" · {}", i18n::tr(lang, "table-role-landlord")),
            Some(_) => format!(" · {}", i18n::tr(lang, "table-role-farmer")),
            None => String::new(),
        };
        let left = i18n::tr_args(
            lang,
            "table-cards-left",
            &[("count", (view.cards_left[seat] as i64).into())],
        );
        // The bids are news while bidding; later a farmer's "Pass" would
        // read as if she had just passed a play.
        let bids_shown = view.phase == PhaseName::Bidding;
        let bid = match view.bids[seat].filter(|_| bids_shown) {
            Some(0) => format!(" · {}", i18n::tr(lang, "btn-pass")),
            Some(b) => format!(
                " · {}",
                i18n::tr_args(lang, "btn-bid", &[("points", (b as i64).into())])
            ),
            None => String::new(),
        };
        let turn = if view.turn == Some(seat) { "▶ " } else { "" };
        // 报单 / 报双, and what the seat did last this round, as the apps
        // show them beside each seat.
        let warning = words::ddz_warning(lang, view, seat)
            .map(|w| format!(" · **{w}**"))
            .unwrap_or_default();
        let last = words::ddz_seat_move(lang, view, seat)
            .map(|m| format!(" · {m}"))
            .unwrap_or_default();
        seats.push_str(&format!(
            "{turn}{}. {}{role}{bid} · {left}{warning}{last}\n",
            seat + 1,
            name(seat)
        ));
        if let Some(shown) = view.shown[seat] {
            seats.push_str(&format!(
                "   {}\n",
                i18n::render_cards(lang, &shown.cards())
            ));
        }
    }
    let mut lines = vec![seats];
    if let Some(aside) = view.aside {
        // Two players: the cards set aside are public.
        lines.push(i18n::tr_args(
            lang,
            "table-aside",
            &[("cards", i18n::render_cards(lang, &aside.cards()).into())],
        ));
    }
    if view.handicap > 0 {
        lines.push(i18n::tr_args(
            lang,
            "table-handicap",
            &[("count", (view.handicap as i64).into())],
        ));
    }
    if let Some(w) = view.wild {
        // 癞子: everyone must know which rank is wild.
        lines.push(i18n::tr_args(
            lang,
            "table-wild",
            &[("rank", rank_name(w as usize).into())],
        ));
    }
    if let (Some(l), Some(kitty)) = (view.landlord, view.kitty) {
        lines.push(i18n::tr_args(
            lang,
            "table-landlord",
            &[("player", name(l).into())],
        ));
        lines.push(i18n::tr_args(
            lang,
            "table-kitty",
            &[("cards", i18n::render_cards(lang, &kitty.cards()).into())],
        ));
    }
    if view.phase == PhaseName::Playing || view.phase == PhaseName::Finished {
        match (&view.standing, view.turn) {
            (Some(s), _) => lines.push(i18n::tr_args(
                lang,
                "table-last-play",
                &[
                    ("player", name(s.seat).into()),
                    (
                        "pattern",
                        i18n::ddz_pattern_name(lang, s.combo.kind.name()).into(),
                    ),
                    ("cards", i18n::render_cards(lang, &s.cards.cards()).into()),
                ],
            )),
            // Nothing on the table: a trick was just won (or it is the
            // first lead), so a new round begins with the one to lead. That
            // line is also whose turn it is, written below with the
            // deadline (one line, not "new round" and "to lead" both).
            (None, Some(_)) => {}
            // The game is over: the result message tells the rest.
            (None, None) => {}
        }
    }
    lines.push(i18n::tr_args(
        lang,
        "table-multiplier",
        &[("multiplier", (view.factors.multiplier as i64).into())],
    ));
    if let Some(turn) = view.turn {
        let key = match view.phase {
            PhaseName::Bidding => "table-turn-bid",
            PhaseName::Kicking | PhaseName::Doubling => "table-turn-choose",
            _ if view.standing.is_none() => "table-new-round",
            _ => "table-turn-play",
        };
        let line = i18n::tr_args(lang, key, &[("player", name(turn).into())]);
        // No deadline (the computer's turn): no dangling comma either.
        lines.push(match deadline_unix {
            Some(unix) => i18n::tr_args(
                lang,
                "table-turn-deadline",
                &[
                    ("turn", line.into()),
                    ("deadline", relative_time(unix).into()),
                ],
            ),
            None => line,
        });
    }
    serenity::CreateEmbed::new()
        .title(i18n::tr_args(
            lang,
            "table-title",
            &[("stake", stake.into())],
        ))
        .description(lines.join("\n"))
}

/// The buttons under the table message: the choices of the seat whose turn
/// it is (`legal`, its legal actions), and "My hand" for everyone. Plays
/// are made from the hand view, so they get no button here.
pub fn table_buttons(
    lang: Lang,
    legal: &[Action],
    table: u64,
    version: u64,
) -> Vec<serenity::CreateActionRow> {
    let mut buttons = choice_buttons(lang, legal, table, version);
    buttons.push(
        serenity::CreateButton::new(ComponentId::new(Click::MyHand, table, version).encode())
            .label(i18n::tr(lang, "btn-my-hand"))
            .style(serenity::ButtonStyle::Success),
    );
    buttons
        .chunks(5)
        .take(5)
        .map(|row| serenity::CreateActionRow::Buttons(row.to_vec()))
        .collect()
}

/// The choice buttons of the seat to act (bids, kicks, doubling, showing,
/// and the "no" of each question), one per distinct choice.
pub fn choice_buttons(
    lang: Lang,
    legal: &[Action],
    table: u64,
    version: u64,
) -> Vec<serenity::CreateButton> {
    let id = |a: Click| ComponentId::new(a, table, version).encode();
    let playing = legal.iter().any(|a| matches!(a, Action::Play { .. }));
    let mut buttons = Vec::new();
    for a in legal {
        let (click, label, style) = match a {
            Action::Bid(n) => (
                Click::Game(DdzClick::Bid(*n).to_wire()),
                i18n::tr_args(lang, "btn-bid", &[("points", (*n as i64).into())]),
                serenity::ButtonStyle::Primary,
            ),
            Action::Call => (
                Click::Game(DdzClick::Call.to_wire()),
                i18n::tr(lang, "btn-call"),
                serenity::ButtonStyle::Primary,
            ),
            Action::Rob => (
                Click::Game(DdzClick::Rob.to_wire()),
                i18n::tr(lang, "btn-rob"),
                serenity::ButtonStyle::Primary,
            ),
            Action::Kick => (
                Click::Game(DdzClick::Kick.to_wire()),
                i18n::tr(lang, "btn-kick"),
                serenity::ButtonStyle::Danger,
            ),
            Action::Counter => (
                Click::Game(DdzClick::Counter.to_wire()),
                i18n::tr(lang, "btn-counter"),
                serenity::ButtonStyle::Danger,
            ),
            Action::Double => (
                Click::Game(DdzClick::Double.to_wire()),
                i18n::tr(lang, "btn-double"),
                serenity::ButtonStyle::Danger,
            ),
            Action::Show(_) => (
                Click::Game(DdzClick::Show.to_wire()),
                i18n::tr(lang, "btn-show"),
                serenity::ButtonStyle::Secondary,
            ),
            // In play the pass lives in the hand view; before it, a pass
            // is the answer to the question asked.
            Action::Pass if !playing => (
                Click::Game(DdzClick::Decline.to_wire()),
                i18n::tr(lang, "btn-pass"),
                serenity::ButtonStyle::Secondary,
            ),
            // Discarding nothing (弃三张) is the "no" of the discard phase;
            // the cards themselves are chosen in the hand view.
            Action::Discard(cards) if cards.is_empty() => (
                Click::Game(DdzClick::Decline.to_wire()),
                i18n::tr(lang, "btn-keep-all"),
                serenity::ButtonStyle::Secondary,
            ),
            _ => continue,
        };
        let custom = id(click);
        if !buttons.iter().any(|(c, _): &(String, _)| *c == custom) {
            let b = serenity::CreateButton::new(custom.clone())
                .label(label)
                .style(style);
            buttons.push((custom, b));
        }
    }
    buttons.into_iter().map(|(_, b)| b).collect()
}

/// The private hand view: the cards (sorted low to high), a multi-select
/// of them, and Play (carrying the chosen cards) / Pass / Hint. A hand
/// larger than one select holds keeps its lowest 25 in the menu.
pub fn hand_components(
    lang: Lang,
    hand: &[Card],
    selected: &[Card],
    wild: Option<u8>,
    table: u64,
    version: u64,
    my_turn: bool,
) -> Vec<serenity::CreateActionRow> {
    let id = |a: Click| ComponentId::new(a, table, version).encode();
    let options: Vec<serenity::CreateSelectMenuOption> = hand
        .iter()
        .take(MAX_SELECT_OPTIONS)
        .map(|&c| {
            let option =
                serenity::CreateSelectMenuOption::new(i18n::render_card(lang, c), card_value(c))
                    .default_selection(selected.contains(&c));
            // 癞子: the wild cards say so in the menu.
            if wild.is_some_and(|w| rank_index(c) == w as usize) {
                option.description(i18n::tr(lang, "hand-wild-card"))
            } else {
                option
            }
        })
        .collect();
    let n = options.len().max(1) as u8;
    let mut rows = Vec::new();
    if !options.is_empty() {
        let menu = serenity::CreateSelectMenu::new(
            id(Click::SelectCards),
            serenity::CreateSelectMenuKind::String { options },
        )
        .placeholder(i18n::tr(lang, "hand-select-placeholder"))
        .min_values(1)
        .max_values(n)
        .disabled(!my_turn);
        rows.push(serenity::CreateActionRow::SelectMenu(menu));
    }
    let play = serenity::CreateButton::new(id(Click::Play(selected.to_vec())))
        .label(i18n::tr(lang, "btn-play"))
        .style(serenity::ButtonStyle::Primary)
        .disabled(!my_turn || selected.is_empty());
    let pass = serenity::CreateButton::new(id(Click::Pass))
        .label(i18n::tr(lang, "btn-pass"))
        .style(serenity::ButtonStyle::Secondary)
        .disabled(!my_turn);
    let hint = serenity::CreateButton::new(id(Click::Hint))
        .label(i18n::tr(lang, "btn-hint"))
        .style(serenity::ButtonStyle::Secondary)
        .disabled(!my_turn);
    rows.push(serenity::CreateActionRow::Buttons(vec![play, pass, hint]));
    rows
}

/// The hand view's controls when the pass is the only move (要不起): Pass
/// and 自动不要, nothing to pick.
pub fn pass_only(lang: Lang, table: u64, version: u64) -> Vec<serenity::CreateActionRow> {
    let pass = serenity::CreateButton::new(ComponentId::new(Click::Pass, table, version).encode())
        .label(i18n::tr(lang, "btn-pass"))
        .style(serenity::ButtonStyle::Primary);
    // The apps' 自动不要 switch, where the member meets 要不起: this pass
    // and every later one made at once.
    let always =
        serenity::CreateButton::new(ComponentId::new(Click::AutopassOn, table, version).encode())
            .label(i18n::tr(lang, "btn-autopass"))
            .style(serenity::ButtonStyle::Secondary);
    vec![serenity::CreateActionRow::Buttons(vec![pass, always])]
}

/// The select of the readings a selection of cards can be played as now
/// (癞子), each labelled in the player's words, its value the reading
/// itself ([`readings::encode`]); at most 25 (Discord's limit).
pub fn reading_select(
    lang: Lang,
    view: &View,
    readings: &[Action],
    table: u64,
    version: u64,
) -> serenity::CreateActionRow {
    let options: Vec<serenity::CreateSelectMenuOption> = readings
        .iter()
        .enumerate()
        .filter_map(|(i, r)| {
            let value = readings::encode(r)?;
            // Numbered: `/play <the cards> #2` picks the second (as the
            // terminal's menu takes a typed number).
            let label = format!("{}. {}", i + 1, readings::label(lang, view, r));
            Some(serenity::CreateSelectMenuOption::new(
                label.chars().take(100).collect::<String>(),
                value,
            ))
        })
        .take(MAX_SELECT_OPTIONS)
        .collect();
    let id = ComponentId::new(Click::Game(DdzClick::Reading.to_wire()), table, version);
    serenity::CreateActionRow::SelectMenu(
        serenity::CreateSelectMenu::new(
            id.encode(),
            serenity::CreateSelectMenuKind::String { options },
        )
        .placeholder(i18n::tr(lang, "reading-placeholder"))
        .min_values(1)
        .max_values(1),
    )
}

/// The hand as text: `Your hand (17 cards): 3♠ 3♥ …`.
pub fn hand_text(lang: Lang, hand: &[Card]) -> String {
    i18n::tr_args(
        lang,
        "hand-cards",
        &[
            ("count", (hand.len() as i64).into()),
            ("cards", i18n::render_cards(lang, hand).into()),
        ],
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::dou_dizhu::DouDizhu;
    use crate::games::Game;
    use rand::SeedableRng;

    fn game() -> DouDizhu {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
        DouDizhu::deal(Default::default(), 3, &mut rng).unwrap()
    }

    fn names() -> Vec<String> {
        vec!["<@1>".into(), "<@2>".into(), "AI 3".into()]
    }

    #[test]
    fn the_table_embed_shows_seats_and_turn_but_no_hand() {
        let g = game();
        let public = g.view(None);
        let embed = serde_json::to_value(table_embed(
            Lang::EnUs,
            &public,
            &names(),
            10,
            Some(1_900_000_000),
        ))
        .unwrap();
        let text = embed.to_string();
        assert!(text.contains("<@1>") && text.contains("AI 3"), "{text}");
        assert!(text.contains("17 cards"), "{text}");
        assert!(text.contains("<t:1900000000:R>"), "{text}");
        assert!(text.contains("stake 10"), "{text}");
        // No card of any hand appears in the public message.
        for seat in 0..3 {
            let hand = g.view(Some(seat)).hand.unwrap().cards();
            for c in hand {
                assert!(
                    !text.contains(&format!(" {} ", c.pretty())),
                    "{c} leaked: {text}"
                );
            }
        }
        let zh =
            serde_json::to_value(table_embed(Lang::ZhCn, &public, &names(), 10, None)).unwrap();
        assert!(zh.to_string().contains("17 张"), "{zh}");
    }

    /// Issue #17: a new round names its leader once ("New round: x leads",
    /// with the deadline), not also "x to lead"; and a turn without a
    /// deadline (the computer's) ends without a dangling comma.
    #[test]
    fn a_new_round_is_one_line_with_the_deadline() {
        let mut g = game();
        let bidder = g.waiting_on()[0];
        g.apply(bidder, &Action::Bid(3)).unwrap();
        let public = g.view(None);
        assert_eq!(public.phase, PhaseName::Playing);
        assert!(public.standing.is_none());
        let leader = public.turn.unwrap();
        let text = |lang, deadline| {
            serde_json::to_value(table_embed(lang, &public, &names(), 10, deadline)).unwrap()
                ["description"]
                .as_str()
                .unwrap()
                .to_string()
        };
        let en = text(Lang::EnUs, Some(1_900_000_000));
        let who = &names()[leader];
        assert!(
            en.contains(&format!("New round: {who} leads, <t:1900000000:R>")),
            "{en}"
        );
        assert_eq!(en.lines().filter(|l| l.contains("lead")).count(), 1, "{en}");
        assert!(!en.contains("to lead") && !en.contains("none yet"), "{en}");
        let zh = text(Lang::ZhCn, Some(1_900_000_000));
        assert!(
            zh.contains(&format!("新一轮：{who}先出，<t:1900000000:R>")),
            "{zh}"
        );
        let no_deadline = text(Lang::EnUs, None);
        assert!(
            no_deadline.ends_with(&format!("New round: {who} leads")),
            "{no_deadline}"
        );
    }

    /// Issue #36: each seat's last move of the round and 报单 / 报双 are on
    /// the table message, in both languages.
    #[test]
    fn the_table_shows_each_seats_last_move_and_the_warning() {
        let mut g = game();
        let bidder = g.waiting_on()[0];
        g.apply(bidder, &Action::Bid(3)).unwrap();
        let leader = g.turn().unwrap();
        let lowest = g.hand(leader).cards()[0];
        g.apply(leader, &Action::play(&[lowest])).unwrap();
        let next = g.turn().unwrap();
        g.apply(next, &Action::Pass).unwrap();
        let mut public = g.view(None);
        let text = |lang, v: &View| {
            serde_json::to_value(table_embed(lang, v, &names(), 10, None)).unwrap()["description"]
                .as_str()
                .unwrap()
                .to_string()
        };
        let en = text(Lang::EnUs, &public);
        let line = |text: &str, seat: usize| {
            text.lines()
                .find(|l| l.contains(&format!("{}. {}", seat + 1, names()[seat])))
                .unwrap()
                .to_string()
        };
        assert!(
            line(&en, leader).contains(&format!("played {}", lowest.pretty())),
            "{en}"
        );
        assert!(line(&en, next).ends_with("· passed"), "{en}");
        assert!(!en.contains("🚨"), "{en}");
        public.cards_left[leader] = 1;
        public.cards_left[next] = 2;
        let en = text(Lang::EnUs, &public);
        assert!(line(&en, leader).contains("last card (报单)"), "{en}");
        assert!(line(&en, next).contains("two cards left (报双)"), "{en}");
        let zh = text(Lang::ZhCn, &public);
        assert!(line(&zh, leader).contains("🚨 报单"), "{zh}");
        assert!(
            line(&zh, next).contains("🚨 报双") && line(&zh, next).contains("不要"),
            "{zh}"
        );
    }

    #[test]
    fn bidding_buttons_come_from_the_legal_actions() {
        let g = game();
        let turn = g.waiting_on()[0];
        let legal = g.legal_actions(turn);
        let rows = serde_json::to_value(table_buttons(Lang::EnUs, &legal, 5, 0)).unwrap();
        let rows = rows.as_array().unwrap();
        assert!(rows.len() <= 5);
        let mut labels = Vec::new();
        for row in rows {
            let comps = row["components"].as_array().unwrap();
            assert!(comps.len() <= 5);
            for c in comps {
                let id = ComponentId::decode(c["custom_id"].as_str().unwrap()).unwrap();
                assert_eq!((id.table, id.version), (5, 0));
                labels.push(c["label"].as_str().unwrap().to_string());
            }
        }
        for want in ["Bid 1", "Bid 2", "Bid 3", "Pass", "My hand"] {
            assert!(
                labels.iter().any(|l| l == want),
                "{want} missing from {labels:?}"
            );
        }
    }

    #[test]
    fn the_hand_view_selects_every_card_of_a_twenty_card_hand() {
        let g = game();
        let mut hand = g.view(Some(0)).hand.unwrap().cards();
        let extra: Vec<Card> = g
            .view(Some(1))
            .hand
            .unwrap()
            .cards()
            .into_iter()
            .take(3)
            .collect();
        hand.extend(extra);
        assert_eq!(hand.len(), 20);
        let selected = hand[..2].to_vec();
        let rows = serde_json::to_value(hand_components(
            Lang::ZhCn,
            &hand,
            &selected,
            None,
            9,
            4,
            true,
        ))
        .unwrap();
        let menu = &rows[0]["components"][0];
        assert_eq!(menu["options"].as_array().unwrap().len(), 20);
        assert_eq!(menu["max_values"], 20);
        let play = &rows[1]["components"][0];
        let id = ComponentId::decode(play["custom_id"].as_str().unwrap()).unwrap();
        assert_eq!(id.action, Click::Play(selected));
        assert_eq!(play["label"], "出牌");
        assert!(hand_text(Lang::EnUs, &hand).starts_with("Your hand (20 cards)"));
    }
}
