//! Dou Dizhu in the terminal: the hand sorted and grouped by rank, the
//! table line (landlord, cards left, the play to beat, the multiplier), the
//! game's events as sentences, and friendly input read into actions.

use crate::cards::Card;
use crate::games::dou_dizhu::outcome::Side;
use crate::games::dou_dizhu::Outcome;
use crate::games::dou_dizhu::{
    cardset::{rank_index, rank_name},
    parse_play, readings_among, Action, CardSet, DouDizhu, Event, PhaseName, View,
};
use crate::games::{GameOutcome, Seat};
use crate::hosts::dou_dizhu::words;
use crate::i18n::{self, tr, tr_args, Lang};
use crate::message::Arg;
use crate::registry::{AiFlag, Hosted, PlayBase, PlaySetup, Refusal, StakeFlag};
use crate::table::GameResult;
use crate::terminal::text;
use crate::terminal::{PlayOptions, TerminalGame};

/// What a line of input asks for.
pub type Input = crate::terminal::Input<Action>;

/// `paiju play dou-dizhu`'s own flags.
#[derive(clap::Args, Clone, Debug, Default)]
pub struct Flags {
    #[command(flatten)]
    pub stake: StakeFlag,
    /// Players at the table, you included: 3, or 2 for 二人斗地主 (the
    /// same as `"players": 2` in --rules).
    #[arg(long)]
    pub players: Option<usize>,
    /// Play with the wild card (癞子, `"wild": true`).
    #[arg(long)]
    pub wild: bool,
    /// The discard phase (弃三张, `"discard": true`).
    #[arg(long)]
    pub discard: bool,
    #[command(flatten)]
    pub ai: AiFlag,
}

impl Hosted for DouDizhu {
    type Flags = Flags;
    const PLAY_ABOUT: &'static str = "斗地主 Dou Dizhu: you and two AI seats (or one)";

    /// Three players, or two (二人斗地主); `--wild` and `--discard` are the
    /// variants, `--ai` the AI's level.
    fn play_setup(flags: &Flags, base: &PlayBase) -> Result<PlaySetup, Refusal> {
        let mut rules = base.rules.clone();
        match flags.players {
            None | Some(3) => {}
            Some(2) => {
                rules.insert("players".into(), serde_json::json!(2));
            }
            Some(p) => {
                return Err(Refusal::new(crate::keys::TERM_ERR_PLAYERS_DOU_DIZHU)
                    .arg("players", Arg::Int(p as i64)))
            }
        }
        if flags.wild {
            rules.insert("wild".into(), serde_json::json!(true));
        }
        if flags.discard {
            rules.insert("discard".into(), serde_json::json!(true));
        }
        flags.ai.into_rules(&mut rules);
        Ok(PlaySetup {
            rules: serde_json::Value::Object(rules),
            ai_seats: None,
            stake: flags.stake.or_default(base),
            buy_in: None,
        })
    }
}

impl TerminalGame for DouDizhu {
    fn welcome(lang: Lang, options: &PlayOptions, _seats: usize, balance: i64) -> String {
        tr_args(
            lang,
            "term-ddz-welcome",
            &[("stake", options.stake.into()), ("balance", balance.into())],
        )
    }

    fn help(lang: Lang) -> String {
        tr(lang, "term-ddz-help")
    }

    fn event_line(lang: Lang, event: &Event, me: Seat) -> String {
        event_line(lang, event, me)
    }

    fn result_line(lang: Lang, result: &GameResult<Self>, me: Seat) -> String {
        result_line(lang, result, me)
    }

    /// Points × the stake: an AI seat's loss is never capped.
    fn house_chips(result: &GameResult<Self>, seat: Seat, stake: i64) -> Option<i64> {
        let outcome = result.outcome.as_ref()?;
        outcome.deltas().get(seat).map(|d| d.saturating_mul(stake))
    }

    fn table_lines(lang: Lang, view: &View, me: Seat) -> String {
        table_lines(lang, view, me)
    }

    fn hand_line(lang: Lang, view: &View) -> String {
        hand_line(lang, view)
    }

    fn options_line(lang: Lang, _view: &View, legal: &[Action]) -> String {
        options_line(lang, legal)
    }

    fn action_label(lang: Lang, action: &Action) -> String {
        action_label(lang, action)
    }

    fn forced_pass_line(lang: Lang, view: &View) -> String {
        forced_pass_line(lang, view)
    }

    fn parse_input(lang: Lang, line: &str, view: &View, legal: &[Action]) -> Result<Input, String> {
        if line.trim().is_empty() {
            return Ok(Input::Nothing);
        }
        parse_input(lang, line, view, legal)
    }

    fn leave_confirm(lang: Lang, rules: &serde_json::Value) -> String {
        let penalty = serde_json::from_value::<crate::games::dou_dizhu::Rules>(rules.clone())
            .map(|r| r.escape_penalty)
            .unwrap_or(10);
        tr_args(
            lang,
            "term-ddz-leave-confirm",
            &[("penalty", i64::from(penalty).into())],
        )
    }
}

/// How a game ended: who won, the multiplier paid with every factor, and
/// the cards the others still held (the seats' chips follow).
pub fn result_line(lang: Lang, result: &GameResult<DouDizhu>, me: Seat) -> String {
    let p = match &result.outcome {
        Some(Outcome::Redeal(_)) => return format!("\n{}", tr(lang, "term-ddz-redealt")),
        Some(Outcome::Played(p)) => p,
        Some(Outcome::Escaped(_)) | None => {
            return format!("\n{}", tr(lang, "term-ddz-escape-result"))
        }
    };
    let landlord = p.landlord;
    let landlord_won = p.winner == Side::Landlord;
    let my_side_won = landlord_won == (landlord == me);
    let pick = |yes: bool, a: &'static str, b: &'static str| if yes { a } else { b };
    let players = p.deltas.len();
    // One farmer in the two-player game: "the farmer wins", and a player
    // without a partner wins or loses alone, not "your side".
    let farmers = if players == 2 { "farmer" } else { "farmers" };
    let alone = players == 2 || landlord == me;
    let side = match (alone, my_side_won) {
        (true, true) => "you-won",
        (true, false) => "you-lost",
        (false, true) => "won",
        (false, false) => "lost",
    };
    let mut lines = vec![tr_args(
        lang,
        "term-ddz-result",
        &[
            ("winner", pick(landlord_won, "landlord", farmers).into()),
            ("side", side.into()),
        ],
    )];
    let names = text::names(lang, text::MAX_SEATS, me);
    let seats = text::seats(&names, me);
    let doubled: Vec<Option<bool>> = p
        .doubled
        .as_ref()
        .map(|d| d.iter().map(|&b| Some(b)).collect())
        .unwrap_or_default();
    let multiplier = p.multiplier;
    let words = words::ddz_factor_words(
        lang,
        &seats,
        &p.factors,
        &doubled,
        (p.spring, p.anti_spring),
    );
    let paid = words::ddz_paid_multipliers(multiplier, &doubled, Some(landlord), players);
    lines.push(words::ddz_multiplier_line(
        lang,
        &seats,
        &paid,
        multiplier,
        &words,
        Some(me),
    ));
    {
        for (seat, cards) in p.hands_left.iter().enumerate() {
            if seat != me && !cards.is_empty() {
                let set = CardSet::from_cards(cards);
                lines.push(seats.say(
                    lang,
                    "term-ddz-hand-left",
                    seat,
                    vec![("cards", grouped(lang, set).into())],
                ));
            }
        }
    }
    format!("\n{}", lines.join("\n"))
}

/// Cards grouped by rank, low to high: `[3♠ 3♥] [5♦] [7♠ 7♥ 7♣] [大王]`.
pub fn grouped(lang: Lang, cards: CardSet) -> String {
    grouped_marked(lang, cards, None)
}

/// [`grouped`], with the group of the wild rank (癞子) marked as wild.
pub fn grouped_marked(lang: Lang, cards: CardSet, wild: Option<usize>) -> String {
    let mut groups: Vec<Vec<Card>> = Vec::new();
    for card in cards.cards() {
        match groups.last_mut() {
            Some(g) if rank_index(g[0]) == rank_index(card) => g.push(card),
            _ => groups.push(vec![card]),
        }
    }
    groups
        .iter()
        .map(|g| {
            let text = i18n::render_cards(lang, g);
            if Some(rank_index(g[0])) == wild {
                format!(
                    "[{}]",
                    tr_args(lang, "hand-wild-group", &[("cards", text.into())])
                )
            } else {
                format!("[{text}]")
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// Cards in a line, low to high: `3♠ 3♥ 5♦`.
pub fn flat(lang: Lang, cards: CardSet) -> String {
    i18n::render_cards(lang, &cards.cards())
}

/// 要不起: the play standing that nothing in the person's hand beats, and
/// the word that passes.
pub fn forced_pass_line(lang: Lang, view: &View) -> String {
    let Some(st) = &view.standing else {
        return text::forced_pass(lang);
    };
    let me = view.seat.unwrap_or(0);
    let names = text::names(lang, view.players as usize, me);
    let wild = view.wild.map(usize::from);
    let (main, wilds, wild_as) = crate::games::dou_dizhu::main_part(st.cards, st.combo, wild);
    tr_args(
        lang,
        "term-ddz-forced-pass",
        &[
            ("player", names[st.seat].as_str().into()),
            (
                "pattern",
                i18n::ddz_pattern_name(lang, st.combo.kind.name()).into(),
            ),
            (
                "cards",
                words::ddz_play_text(lang, st.cards, main, wilds, &wild_as).into(),
            ),
        ],
    )
}

/// The table as `me` sees it: the landlord, the cards each seat holds, the
/// multiplier, and the play to beat; the kitty, the cards set aside, the
/// wild rank and the open hands where there are some.
pub fn table_lines(lang: Lang, view: &View, me: Seat) -> String {
    let names = text::names(lang, view.players as usize, me);
    let seats = text::seats(&names, me);
    let landlord = match view.landlord {
        Some(s) => tr_args(lang, "table-landlord", &[("player", seats.name(s).into())]),
        None => tr(lang, "term-ddz-no-landlord"),
    };
    let counts = (0..view.players as usize)
        .map(|s| {
            let count = tr_args(
                lang,
                "term-ddz-seat-count",
                &[
                    ("player", seats.name(s).into()),
                    ("count", i64::from(view.cards_left[s]).into()),
                ],
            );
            // 报单 / 报双 beside the seat's count.
            match words::ddz_warning(lang, view, s) {
                Some(w) => format!("{count} {w}"),
                None => count,
            }
        })
        .collect::<Vec<_>>();
    let counts = crate::i18n::list(lang, &counts);
    let words = words::ddz_factor_words(lang, &seats, &view.factors, &view.doubled, (false, false));
    let paid = words::ddz_paid_multipliers(
        view.factors.multiplier,
        &view.doubled,
        view.landlord,
        view.players as usize,
    );
    let mut lines = vec![
        format!(
            "{landlord} | {}",
            tr_args(lang, "term-ddz-cards-left", &[("counts", counts.into())]),
        ),
        words::ddz_multiplier_line(
            lang,
            &seats,
            &paid,
            view.factors.multiplier,
            &words,
            Some(me),
        ),
    ];
    lines.push(match &view.standing {
        _ if view.phase == PhaseName::Bidding => tr(lang, "term-ddz-bidding"),
        _ if view.phase == PhaseName::Discarding => tr(lang, "term-ddz-discarding"),
        _ if view.phase == PhaseName::Doubling => tr(lang, "term-ddz-doubling"),
        _ if view.phase == PhaseName::Kicking => tr(lang, "term-ddz-kicking"),
        Some(st) => tr_args(
            lang,
            "table-last-play",
            &[
                ("player", seats.name(st.seat).into()),
                (
                    "pattern",
                    i18n::ddz_pattern_name(lang, st.combo.kind.name()).into(),
                ),
                ("cards", {
                    let wild = view.wild.map(usize::from);
                    let (main, wilds, wild_as) =
                        crate::games::dou_dizhu::main_part(st.cards, st.combo, wild);
                    words::ddz_play_text(lang, st.cards, main, wilds, &wild_as).into()
                }),
            ],
        ),
        None => tr(lang, "term-ddz-free-lead"),
    });
    // Each seat's last move of the round, as the apps show before each seat.
    let moves: Vec<String> = (0..view.players as usize)
        .filter_map(|s| {
            let m = words::ddz_seat_move(lang, view, s)?;
            Some(tr_args(
                lang,
                "term-ddz-round-move",
                &[("player", seats.name(s).into()), ("move", m.into())],
            ))
        })
        .collect();
    if !moves.is_empty() {
        lines.push(tr_args(
            lang,
            "term-ddz-round",
            &[("moves", moves.join(" · ").into())],
        ));
    }
    if let Some(k) = view.kitty {
        lines.push(tr_args(
            lang,
            "table-kitty",
            &[("cards", flat(lang, k).into())],
        ));
    }
    if let Some(aside) = view.aside {
        lines.push(tr_args(
            lang,
            "table-aside",
            &[("cards", flat(lang, aside).into())],
        ));
    }
    // 让牌 means something once a rob has given the farmer a card; before
    // that the farmer simply has to empty the hand.
    if view.handicap > 0 {
        lines.push(tr_args(
            lang,
            "table-handicap",
            &[("count", i64::from(view.handicap).into())],
        ));
    }
    if let Some(w) = view.wild {
        lines.push(tr_args(
            lang,
            "hand-wild",
            &[("rank", rank_name(w as usize).into())],
        ));
    }
    for (s, shown) in view.shown.iter().enumerate() {
        if let (Some(h), true) = (shown, s != me) {
            lines.push(seats.say(
                lang,
                "term-ddz-open-hand",
                s,
                vec![("cards", grouped(lang, *h).into())],
            ));
        }
    }
    lines.join("\n")
}

/// The seat's hand, grouped.
pub fn hand_line(lang: Lang, view: &View) -> String {
    let hand = view.hand.unwrap_or_default();
    let wild = view.wild.map(usize::from);
    let line = text::hand(lang, &grouped_marked(lang, hand, wild), hand.len());
    // 记牌器 under the hand while cards are played.
    match words::ddz_counter_line(lang, view) {
        Some(counter) => format!("{line}\n{counter}"),
        None => line,
    }
}

/// How an action reads in a hint or a list of options: the words to type
/// (with the Chinese term in zh-CN).
pub fn action_label(lang: Lang, action: &Action) -> String {
    match action {
        Action::Bid(n) => tr_args(lang, "term-ddz-bid", &[("points", i64::from(*n).into())]),
        Action::Pass => tr(lang, "term-ddz-pass"),
        Action::Call => tr(lang, "term-ddz-call"),
        Action::Rob => tr(lang, "term-ddz-rob"),
        Action::Kick => tr(lang, "term-ddz-kick"),
        Action::Counter => tr(lang, "term-ddz-counter"),
        Action::Double => tr(lang, "term-ddz-double"),
        Action::Show(_) => tr(lang, "term-ddz-show"),
        Action::Leave => tr(lang, "term-leave"),
        Action::Play {
            cards,
            reading,
            wild_as,
        } => {
            let play = tr_args(
                lang,
                "term-ddz-play",
                &[("cards", cards.ranks_text().into())],
            );
            // The reading in the Discord picker's words: the pattern, and
            // what the wild cards stand for.
            let mut words = reading
                .map(|k| i18n::ddz_pattern_name(lang, k.name()))
                .unwrap_or_default();
            if !wild_as.is_empty() {
                let ranks: Vec<&str> = wild_as.ranks().map(rank_name).collect();
                words = tr_args(
                    lang,
                    "reading-wild-as",
                    &[
                        ("reading", words.into()),
                        ("ranks", crate::i18n::list(lang, &ranks).into()),
                    ],
                );
            }
            if words.is_empty() {
                play
            } else {
                tr_args(
                    lang,
                    "term-ddz-reading",
                    &[
                        ("play", play.into()),
                        ("reading", words.trim().to_string().into()),
                    ],
                )
            }
        }
        Action::Discard(cards) if cards.is_empty() => tr(lang, "term-ddz-keep"),
        Action::Discard(cards) => tr_args(
            lang,
            "term-ddz-discard",
            &[("cards", cards.ranks_text().into())],
        ),
    }
}

/// The choices open now, in words (plays are summed up, not listed).
pub fn options_line(lang: Lang, legal: &[Action]) -> String {
    let mut out: Vec<String> = Vec::new();
    let mut plays = false;
    let mut discards = false;
    for a in legal {
        match a {
            Action::Play { .. } => plays = true,
            Action::Discard(_) => discards = true,
            Action::Leave => {}
            other => {
                let label = action_label(lang, other);
                if !out.contains(&label) {
                    out.push(label);
                }
            }
        }
    }
    // A pass says what it declines: 不叫, 不抢, 不踢, 不加倍, 不要.
    let on = legal.iter().find_map(|a| match a {
        Action::Bid(_) | Action::Call => Some("bid"),
        Action::Rob => Some("rob"),
        Action::Kick | Action::Counter => Some("kick"),
        Action::Double => Some("double"),
        _ => None,
    });
    let plain_pass = tr(lang, "term-ddz-pass");
    if let (Some(on), Some(i)) = (on, out.iter().position(|l| *l == plain_pass)) {
        out[i] = tr_args(lang, "term-ddz-pass-on", &[("on", on.into())]);
    }
    if plays {
        out.insert(0, tr(lang, "term-ddz-plays"));
    }
    if discards {
        out.insert(0, tr(lang, "term-ddz-discards"));
    }
    text::you_may(lang, &crate::i18n::list(lang, &out))
}

/// One game event as a sentence: the Discord log's words, with "You" for
/// the player's seat; a new lead is the terminal's own line.
pub fn event_line(lang: Lang, event: &Event, me: Seat) -> String {
    let names = text::names(lang, text::MAX_SEATS, me);
    let seats = text::seats(&names, me);
    match event {
        // "Everyone passed" at three; at two the one other player is named.
        Event::Lead { seat, passed } => seats.say(
            lang,
            "term-ddz-lead",
            *seat,
            vec![
                ("others", (passed.len() as i64).into()),
                (
                    "passer",
                    passed
                        .first()
                        .map(|&s| seats.name(s))
                        .unwrap_or_default()
                        .into(),
                ),
            ],
        ),
        other => words::ddz_event_line(lang, &seats, other).unwrap_or_default(),
    }
}

/// The words of Dou Dizhu's own moves besides cards and bids.
fn move_word(word: &str) -> Option<Action> {
    Some(match word {
        "pass" | "p" | "不要" | "要不起" | "过" | "不叫" | "不抢" | "不加倍" | "不踢" => {
            Action::Pass
        }
        "call" | "叫地主" => Action::Call,
        "rob" | "抢地主" => Action::Rob,
        "kick" | "踢" => Action::Kick,
        "counter" | "反踢" => Action::Counter,
        "double" | "加倍" => Action::Double,
        "show" | "明牌" => Action::Show(None),
        _ => return None,
    })
}

/// A bid as typed: `2`, `bid 2`, `叫 2 分`, `2 分`, `叫2分`.
fn bid_words(word: &str) -> Option<&str> {
    let w = word.trim();
    let w = w
        .strip_prefix("bid")
        .or_else(|| w.strip_prefix('叫'))
        .unwrap_or(w)
        .trim();
    let w = w.strip_suffix('分').unwrap_or(w).trim();
    (!w.is_empty() && w.chars().all(|c| c.is_ascii_digit())).then_some(w)
}

/// Reads one line of input against the seat's view and legal actions.
/// A line that reads as cards is a play (or, in 弃三张, a discard): `A`
/// and `T` are ranks, never commands. Then the game's words (pass, bids,
/// call …), then the commands every game shares.
pub fn parse_input(lang: Lang, line: &str, view: &View, legal: &[Action]) -> Result<Input, String> {
    let line = line.trim();
    let word = line.to_lowercase();
    let hand = view.hand.unwrap_or_default().cards();
    let reads_as_cards = crate::cards::parse_friendly(line).is_ok();
    // In the discard phase (弃三张) typed cards are a discard, and passing
    // or `keep` discards nothing.
    if view.phase == PhaseName::Discarding {
        if matches!(move_word(&word), Some(Action::Pass))
            || matches!(word.as_str(), "keep" | "none" | "不弃")
        {
            return Ok(Input::Act(Action::Discard(CardSet::default())));
        }
        if reads_as_cards {
            return parse_play(line, &hand)
                .map(|cards| Input::Act(Action::Discard(CardSet::from_cards(&cards))))
                .map_err(|e| i18n::tr_rule_error(lang, &e));
        }
        return crate::terminal::command(line).ok_or_else(|| tr(lang, "term-ddz-not-a-command"));
    }
    let playing = legal.iter().any(|a| matches!(a, Action::Play { .. }));
    if playing && reads_as_cards {
        let cards = parse_play(line, &hand).map_err(|e| i18n::tr_rule_error(lang, &e))?;
        if view.wild.is_some() {
            // 癞子: the same cards may read several ways; offer the legal ones.
            let mut readings = readings_among(legal, CardSet::from_cards(&cards));
            return Ok(match readings.len() {
                0 => Input::Act(Action::play(&cards)),
                1 => Input::Act(readings.remove(0)),
                _ => Input::Choose(readings),
            });
        }
        return Ok(Input::Act(Action::play(&cards)));
    }
    if let Some(action) = move_word(&word) {
        return Ok(Input::Act(action));
    }
    if let Some(input) = crate::terminal::command(line) {
        return Ok(input);
    }
    if view.phase == PhaseName::Bidding || word.starts_with("bid") || word.starts_with('叫') {
        return match bid_words(&word) {
            Some("0") => Ok(Input::Act(Action::Pass)),
            Some(n @ ("1" | "2" | "3")) => Ok(Input::Act(Action::Bid(n.as_bytes()[0] - b'0'))),
            _ => Err(tr(lang, "term-ddz-bid-range")),
        };
    }
    if reads_as_cards && view.phase == PhaseName::Playing && legal.contains(&Action::Pass) {
        // The player's turn to play, but nothing they hold beats the play
        // standing: the only move is to pass (要不起).
        return Err(tr(lang, "term-ddz-cannot-beat"));
    }
    if reads_as_cards {
        // Cards typed when no play is open (doubling, showing the hand).
        return Err(tr(lang, "term-ddz-no-play-now"));
    }
    Err(tr(lang, "term-ddz-not-a-command"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::dou_dizhu::DouDizhu;
    use crate::games::Game;

    /// A wild game (5 wild) in which seat 0 is the landlord and leads.
    fn wild_landlord() -> DouDizhu {
        let deck: Vec<String> = CardSet::full_deck()
            .cards()
            .iter()
            .map(|c| c.to_string())
            .collect();
        // Rank-major order: seat 0 gets 3s, 4s, 5s (wild), 6s, 7s ….
        let deal = serde_json::json!({
            "hands": [deck[0..17], deck[17..34], deck[34..51]],
            "kitty": deck[51..54], "first": 0, "wild": "5"});
        let record = serde_json::json!({"game": "dou-dizhu", "rules": {"wild": true},
            "seats": 3, "deal": deal, "actions": []});
        let record = crate::record::Record::from_json(&record.to_string()).unwrap();
        let mut g = DouDizhu::from_record_setup(&record).unwrap();
        g.apply(0, &Action::Bid(3)).unwrap();
        g
    }

    /// Issue #36 in the terminal: 记牌器 under the hand, each seat's last
    /// move of the round and 报单 / 报双 in the table lines.
    #[test]
    fn the_terminal_shows_the_counter_the_round_and_the_warning() {
        let mut g = wild_landlord();
        // Seat 0 holds every 3, 4, 5 and 6, a 7, a 2 and both jokers.
        let hand = hand_line(Lang::EnUs, &g.view(Some(0)));
        let counter = hand.lines().last().unwrap();
        assert!(
            counter.starts_with("Not yet played (记牌器): Big Joker 0 · Small Joker 0 · 2 3 · A 4"),
            "{hand}"
        );
        assert!(counter.ends_with("· 7 3 · 6 0 · 5 0 · 4 0 · 3 0"), "{hand}");
        let zh = hand_line(Lang::ZhCn, &g.view(Some(0)));
        assert!(zh.contains("记牌器：大王×0 · 小王×0 · 2×3"), "{zh}");
        g.apply(0, &Action::play(&[g.hand(0).cards()[0]])).unwrap();
        g.apply(1, &Action::Pass).unwrap();
        let mut view = g.view(Some(0));
        let table = table_lines(Lang::EnUs, &view, 0);
        let round = table
            .lines()
            .find(|l| l.starts_with("This round:"))
            .unwrap();
        assert!(
            round.contains("played 3♠") && round.contains("passed"),
            "{table}"
        );
        let after = hand_line(Lang::EnUs, &view);
        assert!(
            after.ends_with("· 3 0"),
            "a card of one's own is not news: {after}"
        );
        view.cards_left[1] = 1;
        let table = table_lines(Lang::EnUs, &view, 0);
        assert!(table.contains("🚨 last card (报单)"), "{table}");
        assert!(table_lines(Lang::ZhCn, &view, 0).contains("本轮："), "zh");
    }

    /// Issue #36: cards typed when nothing beats the play standing are
    /// answered with that, and the word that passes.
    #[test]
    fn cards_typed_when_nothing_beats_the_play_say_so() {
        let mut g = wild_landlord();
        // Seat 0 leads the rocket: nothing beats it.
        let jokers: Vec<_> = g
            .hand(0)
            .cards()
            .into_iter()
            .filter(|c| c.rank().is_none())
            .collect();
        g.apply(0, &Action::play(&jokers)).unwrap();
        let (view, legal) = (g.view(Some(1)), g.legal_actions(1));
        assert_eq!(legal, vec![Action::Pass]);
        let en = parse_input(Lang::EnUs, "4", &view, &legal).unwrap_err();
        assert!(en.contains("nothing in your hand beats"), "{en}");
        let zh = parse_input(Lang::ZhCn, "4", &view, &legal).unwrap_err();
        assert!(zh.contains("要不起"), "{zh}");
        // The turn itself says what cannot be beaten, and by whom.
        assert_eq!(g.forced_pass(1), Some(Action::Pass));
        let en = forced_pass_line(Lang::EnUs, &view);
        assert!(
            en.starts_with("Can't beat it (要不起): nothing in your hand beats AI 1's rocket"),
            "{en}"
        );
        assert!(en.contains("`autopass on`"), "{en}");
        let zh = forced_pass_line(Lang::ZhCn, &view);
        assert!(
            zh.starts_with("要不起：你手里没有压得过电脑1这手王炸"),
            "{zh}"
        );
    }

    /// Issue #36: a soft bomb (natural + wild) is logged as 软炸, the class
    /// that decides what beats it.
    #[test]
    fn a_soft_bomb_is_logged_as_a_soft_bomb() {
        let g = wild_landlord();
        let (view, legal) = (g.view(Some(0)), g.legal_actions(0));
        let Ok(Input::Choose(choices)) = parse_input(Lang::ZhCn, "4445", &view, &legal) else {
            panic!("a choice is offered");
        };
        let soft = choices
            .iter()
            .find(|a| {
                matches!(
                    a,
                    Action::Play {
                        reading: Some(crate::games::dou_dizhu::Kind::Bomb),
                        ..
                    }
                )
            })
            .expect("a bomb reading");
        let events = g.clone().apply(0, soft).unwrap();
        let lines: Vec<String> = events
            .iter()
            .map(|e| event_line(Lang::ZhCn, e, 0))
            .collect();
        assert!(lines.iter().any(|l| l.contains("出软炸")), "{lines:?}");
    }

    #[test]
    fn typed_wild_cards_with_several_readings_offer_a_choice() {
        use crate::terminal::pick_choice;
        let g = wild_landlord();
        let (view, legal) = (g.view(Some(0)), g.legal_actions(0));
        // 444 + a wild card: a soft bomb of 4 or a trio of 4 with a kicker.
        let Ok(Input::Choose(choices)) = parse_input(Lang::EnUs, "4445", &view, &legal) else {
            panic!("a choice is offered");
        };
        assert!(choices.len() >= 2);
        assert!(
            crate::terminal::choices_lines::<DouDizhu>(Lang::EnUs, &choices).contains("\n  2. ")
        );
        let pick = pick_choice("1", &choices).unwrap();
        assert!(g.clone().apply(0, pick).is_ok());
        assert_eq!(pick_choice("0", &choices), None);
        assert_eq!(pick_choice("x", &choices), None);
        // One reading: played at once.
        assert!(matches!(
            parse_input(Lang::EnUs, "3", &view, &legal),
            Ok(Input::Act(Action::Play { .. }))
        ));
    }
}
