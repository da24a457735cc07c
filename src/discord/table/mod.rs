//! Hosting tables on Discord: the seam a game implements ([`DiscordGame`])
//! and the generic machinery around it, written once for every game.
//!
//! What is generic (nothing here knows a game's rules):
//! - [`host::Host`]: the one [`Tables`](crate::table::Tables) registry of
//!   the bot, the players' languages, what "Play again" reopens, and which
//!   channel each running game is in;
//! - [`driver`]: one task per table that follows its
//!   [`TableEvent`](crate::table::TableEvent)s and keeps the single table
//!   message (embed + buttons) and each player's hand DM up to date, posts
//!   the result with "Play again", and tells the channel when a DM cannot be
//!   delivered (error 50007);
//! - [`clicks`]: every button and select menu (Join, Leave, Add AI, Start,
//!   Cancel, My hand, Play again, and the game's own controls), refusing
//!   stale ids and wrong seats privately, acknowledged within a small
//!   budget (the answer following when it takes longer);
//! - [`pictures`]: the card pictures, drawn off the async workers;
//! - [`commands`]: what a game's slash commands call (`open`, `join`,
//!   `leave`, `stop`) and the typed `/play`, `/pass` and `/hand`.
//!
//! # Adding a game
//!
//! 1. Make it a [`TableGame`], in
//!    `src/hosts/<game>/table.rs`, and [`Drawn`](crate::render::Drawn) (a
//!    supertrait of [`DiscordGame`]: its card pictures), in
//!    `src/hosts/<game>/pictures.rs`.
//! 2. `impl DiscordGame for MyGame` in `src/hosts/<game>/discord.rs`: the public
//!    table embed from the public view, the buttons of the seat to act, the
//!    lines of the table's log from its events, the private hand (text for
//!    the DM, components for the ephemeral "My hand"), what a click or typed
//!    input means as a `G::Action`, and the result embed. Its own
//!    controls are its [`DiscordGame::Click`] type ([`GameClick`]); the
//!    shared ones (cards select, Play, Pass, Hint) reach it as
//!    [`Control`].
//! 3. A command group, returned by [`DiscordGame::command`]: `/my-game
//!    start` builds the [`TableOptions`](crate::table::TableOptions) and
//!    calls [`commands::open::<MyGame>`]; `join` / `leave` / `stop` call
//!    [`commands::join`], [`commands::leave`], [`commands::stop`]. Give it
//!    words (`cmd-<game>…`) in its own `locales/*/<game>.ftl`.
//! 4. Its line in the game registry (`crate::games::with_game!`), so
//!    clicks, `/play`, `/pass`, `/hand`, "Play again" and the resume at
//!    start-up reach it; README.md's "Adding a game" lists every place.
//!
//! [`ids::Action`]: crate::discord::ids::Action

pub mod clicks;
pub mod commands;
pub mod driver;
pub mod fair;
pub mod host;
pub mod pictures;

use super::errors::BotError;
use super::ids::{Action as Click, ComponentId, GameWire};
use crate::cards::Card;
use crate::games::{Game, Seat};
use crate::i18n::{self, Lang};
use crate::table::{GameId, GameResult, Occupant, SettleReport, TableGame, UserId};
use poise::serenity_prelude as serenity;

/// How each seat is shown: a mention for people, "AI 2" for the computer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Names(pub Vec<String>);

impl Names {
    pub fn of(lang: Lang, seats: &[Occupant]) -> Names {
        Names(
            seats
                .iter()
                .enumerate()
                .map(|(i, o)| match o {
                    Occupant::Human(u) => format!("<@{u}>"),
                    Occupant::Ai => {
                        i18n::tr_args(lang, "table-ai-name", &[("number", (i as i64 + 1).into())])
                    }
                })
                .collect(),
        )
    }

    pub fn get(&self, seat: Seat) -> String {
        self.0
            .get(seat)
            .cloned()
            .unwrap_or_else(|| format!("#{}", seat + 1))
    }

    /// The names a picture draws on the seats' plates: a mention means
    /// nothing in an image, so a member is drawn by the display name the
    /// bot last saw them use (`display`), and by the seat's number (玩家 2)
    /// while it has seen none; the computer's seats keep their names. The
    /// renderer still falls back to the number for a name its font cannot
    /// draw.
    pub fn for_picture(
        &self,
        seats: &[Occupant],
        display: impl Fn(UserId) -> Option<String>,
    ) -> Vec<Option<String>> {
        self.0
            .iter()
            .enumerate()
            .map(|(seat, name)| match seats.get(seat) {
                Some(Occupant::Human(user)) => display(*user),
                _ => crate::render::seat_names(std::slice::from_ref(name))
                    .pop()
                    .flatten(),
            })
            .collect()
    }
}

/// Everything the public table message of a running game is drawn from.
pub struct TableView<'a, G: Game> {
    pub lang: Lang,
    pub game: GameId,
    /// The game version the buttons are drawn for.
    pub version: u64,
    pub stake: i64,
    pub names: &'a Names,
    /// The public view (no hand in it).
    pub view: &'a G::View,
    /// Unix seconds when the turn of a waiting human runs out.
    pub deadline: Option<i64>,
    /// The most recent lines of the table's log, oldest first.
    pub log: &'a [String],
    /// Seats the computer plays for now (托管).
    pub autoplay: &'a [bool],
}

impl<G: Game> TableView<'_, G> {
    /// The `custom_id` of a control of this game at this version.
    pub fn id(&self, action: Click) -> String {
        ComponentId::new(action, self.game as u64, self.version).encode()
    }

    /// `embed` with the table's log as a field: the newest lines that fit
    /// in about 1,000 bytes (Discord caps a field at 1,024 characters), or
    /// `embed` unchanged while the log is empty.
    pub fn with_log_field(&self, embed: serenity::CreateEmbed) -> serenity::CreateEmbed {
        if self.log.is_empty() {
            return embed;
        }
        let mut log: Vec<&str> = Vec::new();
        let mut size = 0;
        for line in self.log.iter().rev() {
            size += line.len() + 1;
            if size > 1000 {
                break;
            }
            log.push(line);
        }
        log.reverse();
        embed.field(i18n::tr(self.lang, "table-log"), log.join("\n"), false)
    }
}

impl<G: DiscordGame> TableView<'_, G> {
    /// The `custom_id` of one of the game's own controls.
    pub fn game_id(&self, click: &G::Click) -> String {
        self.id(Click::Game(click.to_wire()))
    }
}

/// One seat's private view, for its hand view and its clicks.
pub struct HandView<'a, G: Game> {
    pub lang: Lang,
    pub game: GameId,
    pub version: u64,
    pub seat: Seat,
    /// The seat's own view (its hand included).
    pub view: &'a G::View,
    /// The seat's legal actions now (empty when it is not its turn).
    pub legal: &'a [G::Action],
}

impl<G: Game> HandView<'_, G> {
    pub fn id(&self, action: Click) -> String {
        ComponentId::new(action, self.game as u64, self.version).encode()
    }

    pub fn my_turn(&self) -> bool {
        !self.legal.is_empty()
    }
}

impl<G: DiscordGame> HandView<'_, G> {
    /// The `custom_id` of one of the game's own controls.
    pub fn game_id(&self, click: &G::Click) -> String {
        self.id(Click::Game(click.to_wire()))
    }
}

/// A game's own controls (Dou Dizhu's bids, Chexuan's bets …): each
/// [`DiscordGame`] owns one such type, and its values travel in a
/// `custom_id` as a tag and an optional argument ([`GameWire`]).
pub trait GameClick: Clone + std::fmt::Debug + PartialEq + Send + Sync + Sized + 'static {
    /// The wire form: a tag that [`ids::game_tag_ok`](super::ids::game_tag_ok)
    /// accepts and an argument that
    /// [`ids::game_arg_ok`](super::ids::game_arg_ok) accepts.
    fn to_wire(&self) -> GameWire;
    /// Reads the wire form back; `None` for anything this game never sent
    /// (an id from an older build, a forged one), refused as stale.
    fn from_wire(wire: &GameWire) -> Option<Self>;
}

/// A click on a control of a game's hand or table as the game reads it:
/// the card controls every card game shares, or the game's own.
#[derive(Clone, Debug, PartialEq)]
pub enum Control<C> {
    /// The card multi-select of the hand view.
    SelectCards,
    /// Play these cards (chosen in the select menu).
    Play(Vec<Card>),
    Pass,
    Hint,
    Game(C),
}

impl<C: GameClick> Control<C> {
    /// The control a decoded id names, if it is one a game reads: table
    /// controls (join, my hand …) and ids another game made are `None`.
    pub fn of(action: &Click) -> Option<Control<C>> {
        Some(match action {
            Click::SelectCards => Control::SelectCards,
            Click::Play(cards) => Control::Play(cards.clone()),
            Click::Pass => Control::Pass,
            Click::Hint => Control::Hint,
            Click::Game(wire) => Control::Game(C::from_wire(wire)?),
            _ => return None,
        })
    }
}

/// A finished game, for its result message.
pub struct ResultView<'a, G: Game> {
    pub lang: Lang,
    pub game: GameId,
    pub stake: i64,
    pub names: &'a Names,
    /// The last public view the table showed (before the final action).
    pub last_view: Option<&'a G::View>,
    /// The game's outcome (none when the table closed first) and the
    /// losses the ledger capped.
    pub result: &'a GameResult<G>,
    pub report: &'a SettleReport,
}

/// A chip change with its sign (`+20`, `-20`, `0`); the terminal's too.
pub use crate::i18n::events::signed;

impl<G: Game> ResultView<'_, G> {
    /// The result line of `seat`: name, `role` (may be empty: then the
    /// line has none, not empty brackets), chip change and, for a member,
    /// the new balance.
    pub fn seat_line(&self, seat: Seat, role: String) -> String {
        let lang = self.lang;
        let player = self.names.get(seat);
        let delta = signed(self.report.paid.get(seat).copied().unwrap_or(0));
        let plain = role.trim().is_empty();
        match self.report.balances.get(seat).copied().flatten() {
            Some(balance) => i18n::tr_args(
                lang,
                if plain {
                    "result-seat-plain"
                } else {
                    "result-seat"
                },
                &[
                    ("player", player.into()),
                    ("role", role.into()),
                    ("delta", delta.into()),
                    ("balance", balance.into()),
                ],
            ),
            None => i18n::tr_args(
                lang,
                if plain {
                    "result-seat-ai-plain"
                } else {
                    "result-seat-ai"
                },
                &[
                    ("player", player.into()),
                    ("role", role.into()),
                    ("delta", delta.into()),
                ],
            ),
        }
    }

    /// The result message: the game's name, id and stake over `lines`,
    /// and a line for each loss the ledger capped at what the seat had.
    pub fn embed(&self, name_key: &str, lines: &[String]) -> serenity::CreateEmbed {
        let lang = self.lang;
        let mut lines = lines.to_vec();
        for c in &self.result.capped {
            lines.push(i18n::tr_args(
                lang,
                "result-loss-capped",
                &[
                    ("player", self.names.get(c.seat).into()),
                    ("owed", c.owed.into()),
                    ("paid", c.paid.into()),
                ],
            ));
        }
        serenity::CreateEmbed::new()
            .title(i18n::tr_args(
                lang,
                "result-title",
                &[
                    ("game", i18n::tr(lang, name_key).into()),
                    ("id", self.game.into()),
                    ("stake", self.stake.into()),
                ],
            ))
            .description(lines.join("\n"))
    }
}

/// What a click on a game control asks for.
#[derive(Clone, Debug, PartialEq)]
pub enum ClickIntent<A> {
    /// Play this action for the clicking seat.
    Act(A),
    /// Redraw the clicker's hand view with these select values chosen.
    Select(Vec<String>),
    /// Show what the computer would play, chosen in the hand view.
    Hint,
    /// Ask the clicker something before acting (which reading of a wild-card
    /// play, 癞子): this private text and these controls. In a private view
    /// they replace it; otherwise they come as a new ephemeral message.
    Ask(String, Vec<serenity::CreateActionRow>),
    /// Open this modal (a form); its submission comes back to
    /// [`DiscordGame::on_modal`].
    Modal(Modal),
}

/// A modal (form) a control opens. Compared by what Discord would be sent,
/// so intents stay comparable in tests.
#[derive(Clone, Debug)]
pub struct Modal(pub serenity::CreateModal);

impl PartialEq for Modal {
    fn eq(&self, other: &Modal) -> bool {
        serde_json::to_value(&self.0).ok() == serde_json::to_value(&other.0).ok()
    }
}

/// A game the Discord front end can host. See the module doc for the steps.
/// Its pictures (the hand in the DM and "My hand", the table in the table
/// message's embed) come from its [`Drawn`](crate::render::Drawn) impl.
pub trait DiscordGame: TableGame + crate::render::Drawn {
    /// Fluent id of the lobby's explanation; it gets `$min` and `$max`.
    const LOBBY_HINT_KEY: &'static str = "lobby-hint";

    /// The game's own controls.
    type Click: GameClick;

    /// Fluent ids of the texts `/<game> rules` sends, one private message
    /// each (each must fit Discord's 2,000 characters).
    const RULES_KEYS: &'static [&'static str];

    /// `/<game> start` with the game's options (any name: it is renamed).
    fn start_command() -> commands::Command;

    /// `/<game> join`; a game whose players bring chips to the seat
    /// (Chexuan's bobo) gives its own.
    fn join_command() -> commands::Command {
        commands::join_command::<Self>()
    }

    /// Subcommands of the game's own beside the shared ones (Shengji's
    /// `seat`).
    fn extra_commands() -> Vec<commands::Command> {
        Vec::new()
    }

    /// The game's slash command group (`/dou-dizhu start|join|leave|rules|
    /// stop`), before localization; `discord::commands::all()` collects
    /// every hosted game's through the registry.
    fn command() -> commands::Command {
        commands::group::<Self>()
    }

    /// The lobby message's title: the game and what it is played for. The
    /// default says the stake; a game whose chips are counted otherwise
    /// (Chexuan's ante) says that.
    fn lobby_title(lang: Lang, rules: &Self::Rules, stake: i64) -> String {
        let _ = rules;
        i18n::tr_args(
            lang,
            "lobby-title",
            &[
                (
                    "game",
                    i18n::tr(lang, <Self as Game>::KIND.name_key()).into(),
                ),
                ("stake", stake.into()),
            ],
        )
    }

    /// The public table message of a running (or just finished) game.
    fn table_embed(t: &TableView<'_, Self>) -> serenity::CreateEmbed;

    /// The buttons under the table message for the seat to act (`legal`:
    /// its public legal actions, [`TableGame::public_actions`]; empty when
    /// the computer acts). An action only the seat's hidden cards allow
    /// never reaches here: it lives in the private hand view. "My hand" is
    /// added by the driver; at most 20 buttons are shown.
    fn table_buttons(
        t: &TableView<'_, Self>,
        legal: &[Self::Action],
    ) -> Vec<serenity::CreateButton>;

    /// Lines for the table's log after `seat` did `action`.
    fn event_lines(
        lang: Lang,
        names: &Names,
        seat: Seat,
        action: &Self::Action,
        events: &[Self::Event],
    ) -> Vec<String>;

    /// The seat's private hand as text (a DM, the top of "My hand"), or
    /// `None` if the seat holds nothing private now.
    fn hand_text(lang: Lang, view: &Self::View) -> Option<String>;

    /// The controls of the ephemeral hand view; `selected` are the select
    /// values chosen so far.
    fn hand_components(
        h: &HandView<'_, Self>,
        selected: &[String],
    ) -> Vec<serenity::CreateActionRow>;

    /// The cards the hand view's select `values` name, highlighted in the
    /// hand picture. Games whose hand view selects no cards keep the default.
    fn selected_faces(view: &Self::View, values: &[String]) -> Vec<crate::render::Face> {
        let _ = (view, values);
        Vec::new()
    }

    /// What a click on one of this game's controls means. Generic controls
    /// (join, my hand …) never reach here.
    fn on_click(
        click: &Control<Self::Click>,
        values: &[String],
        h: &HandView<'_, Self>,
    ) -> Result<ClickIntent<Self::Action>, BotError>;

    /// What a submitted modal of this game means: `fields` are its text
    /// inputs as (input id, text typed). The submission was checked like a
    /// click (same game, same version, a seat of the member); bad input is
    /// refused here with the member's words and changes nothing. Games
    /// without modals keep the default.
    fn on_modal(
        click: &Control<Self::Click>,
        fields: &[(String, String)],
        h: &HandView<'_, Self>,
    ) -> Result<Self::Action, BotError> {
        let _ = (click, fields, h);
        Err(BotError::user(crate::keys::ERR_STALE))
    }

    /// The Fluent id of the hand view's line when it is the seat's turn:
    /// what to do below, in the game's own words. The default is Dou
    /// Dizhu's ("pick cards below, then Play; or Pass").
    fn your_turn_key(h: &HandView<'_, Self>) -> &'static str {
        let _ = h;
        "hand-your-turn"
    }

    /// The select values that show `hint` in the hand view, and a line
    /// saying it.
    fn hint_selection(lang: Lang, hint: &Self::Action) -> (Vec<String>, String);

    /// `/play <input>`: friendly typed input as an action of the seat.
    fn typed_play(input: &str, h: &HandView<'_, Self>) -> Result<Self::Action, BotError>;

    /// `/play <input>` as an intent: an action, or a private question first
    /// ([`ClickIntent::Ask`], e.g. which reading of a wild-card play). The
    /// default plays [`DiscordGame::typed_play`].
    fn typed_intent(
        input: &str,
        h: &HandView<'_, Self>,
    ) -> Result<ClickIntent<Self::Action>, BotError> {
        Self::typed_play(input, h).map(ClickIntent::Act)
    }

    /// `/pass` for the seat.
    fn typed_pass(h: &HandView<'_, Self>) -> Result<Self::Action, BotError>;

    /// A private line confirming `action` was played.
    fn done_line(lang: Lang, action: &Self::Action) -> String {
        let _ = action;
        i18n::tr(lang, "action-done")
    }

    /// The result message: who won, every factor, each seat's chips and
    /// new balance. `None` for a game that is followed at once by another
    /// at the same table (a redeal): no result, no "Play again".
    fn result_embed(r: &ResultView<'_, Self>) -> Option<serenity::CreateEmbed>;

    /// The words of the result message's button that opens a new table
    /// like this one, or `None` when the next game follows at this table
    /// by itself (a match's next hand): a "Play again" then could only be
    /// refused, the channel's table being busy with that next game.
    fn again_button(r: &ResultView<'_, Self>) -> Option<&'static str> {
        let _ = r;
        Some("btn-play-again")
    }

    /// 复盘: whether `seat`'s `action`, about to be applied to `game`,
    /// starts a new round of play (a lead in Dou Dizhu): the replay's
    /// select jumps to these. `false` by default: every step is a place to
    /// jump to.
    fn replay_round_start(game: &Self, seat: Seat, action: &Self::Action) -> bool {
        let _ = (game, seat, action);
        false
    }

    /// 复盘: `action` in a few words, for "the AI would have played …".
    /// By default the hint's line, which names the action.
    fn replay_move_words(lang: Lang, action: &Self::Action) -> String {
        Self::hint_selection(lang, action).1
    }

    /// 复盘: in how many turns the seat whose view this is could play out
    /// its hand after `action`, where the game can tell cheaply (Dou
    /// Dizhu's estimate); `None` (the default) where it cannot, and the
    /// replay then judges no move by it.
    fn replay_turns_left(view: &Self::View, action: &Self::Action) -> Option<u32> {
        let _ = (view, action);
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::dou_dizhu::DouDizhu;

    fn description(capped: Vec<crate::table::CappedLoss>, lang: Lang) -> String {
        let result = GameResult::<DouDizhu> {
            outcome: None,
            capped,
            fair: None,
            owed: vec![-10, 5, 5],
        };
        let report = SettleReport {
            paid: vec![-10, 5, 5],
            rake: 0,
            balances: vec![Some(0), Some(1005), None],
            ratings: None,
        };
        let names = Names(vec!["<@1>".into(), "<@2>".into(), "AI 3".into()]);
        let r = ResultView::<DouDizhu> {
            lang,
            game: 3,
            stake: 10,
            names: &names,
            last_view: None,
            result: &result,
            report: &report,
        };
        let embed = r.embed("ddz-name", &["first line".to_string()]);
        serde_json::to_value(&embed).unwrap()["description"]
            .as_str()
            .unwrap()
            .replace(['\u{2068}', '\u{2069}'], "")
    }

    /// A loss the ledger capped gets its own line (issue #14 item 9); a
    /// result without caps has none.
    #[test]
    fn a_capped_loss_has_its_line_in_the_result() {
        let capped = vec![crate::table::CappedLoss {
            seat: 0,
            owed: 500,
            paid: 100,
        }];
        let en = description(capped.clone(), Lang::EnUs);
        assert!(en.starts_with("first line\n"), "{en}");
        assert!(
            en.contains("<@1> owed 500 chips but had only 100: the loss was capped there."),
            "{en}"
        );
        let zh = description(capped, Lang::ZhCn);
        assert!(zh.contains("应付 500") && zh.contains("只有 100"), "{zh}");
        let plain = description(Vec::new(), Lang::EnUs);
        assert_eq!(plain, "first line");
    }

    /// Issue #32 item 14: a seat without a role (Shengji's attackers, a
    /// Chexuan session, a stopped Duan Guozi game) has no empty brackets in
    /// its result line; one with a role keeps it.
    #[test]
    fn a_result_line_without_a_role_has_no_empty_brackets() {
        let result = GameResult::<DouDizhu> {
            outcome: None,
            capped: Vec::new(),
            fair: None,
            owed: vec![10, -5, -5],
        };
        let report = SettleReport {
            paid: vec![10, -5, -5],
            rake: 0,
            balances: vec![Some(1010), Some(995), None],
            ratings: None,
        };
        let names = Names(vec!["<@1>".into(), "<@2>".into(), "AI 3".into()]);
        for (lang, member, ai, with_role) in [
            (
                Lang::EnUs,
                "<@1>: +10 chips → 1010",
                "AI 3: -5 chips (house)",
                "<@2> (farmer): -5 chips → 995",
            ),
            (
                Lang::ZhCn,
                "<@1>：+10 筹码 → 1010",
                "AI 3：-5 筹码（系统）",
                "<@2>（farmer）：-5 筹码 → 995",
            ),
        ] {
            let r = ResultView::<DouDizhu> {
                lang,
                game: 3,
                stake: 10,
                names: &names,
                last_view: None,
                result: &result,
                report: &report,
            };
            let clean = |s: String| s.replace(['\u{2068}', '\u{2069}'], "");
            assert_eq!(clean(r.seat_line(0, String::new())), member);
            assert_eq!(clean(r.seat_line(2, String::new())), ai);
            assert_eq!(clean(r.seat_line(1, "farmer".into())), with_role);
        }
    }
}

#[cfg(test)]
mod picture_name_tests {
    use super::*;

    /// A picture names a member by the display name the bot saw, never by
    /// a mention (which an image cannot resolve): by the seat's number
    /// while no name was seen; the computer's seats by their own names.
    #[test]
    fn a_picture_draws_members_by_their_display_names() {
        let seats = [Occupant::Human(11), Occupant::Ai, Occupant::Human(12)];
        let names = Names::of(Lang::ZhCn, &seats);
        assert_eq!(names.0[0], "<@11>");
        let drawn = names.for_picture(&seats, |u| (u == 11).then(|| "Ann".to_string()));
        assert_eq!(drawn[0].as_deref(), Some("Ann"));
        assert_eq!(drawn[1].as_deref(), Some(names.0[1].as_str()));
        assert_eq!(drawn[2], None, "no name seen: the plate says 玩家 3");
    }
}
