//! The game registry: what the application does with a game named by its
//! kind, at the top of the application, where every front end is known.
//!
//! The one list of the games is [`with_game!`](crate::games::with_game),
//! beside [`GameKind`] in the rules crate, with the facts every layer may
//! read (name, Fluent name id, default stake). Here: `paiju replay`
//! ([`replay`]), `paiju simulate` ([`simulate`]), `paiju render`
//! ([`render_record`]) and `paiju play` ([`play_setup`]), through each
//! game's [`Registered`] impl (how its records replay, how bots play it)
//! and its [`Hosted`] impl (how `paiju play`'s command line sets up its
//! table); the rest comes from the traits it implements for each layer
//! ([`TableGame`](crate::table::TableGame) for seats and chips,
//! [`TerminalGame`], [`DiscordGame`]). README.md's "Adding a game" lists
//! every place a new game needs.

use crate::discord::table::DiscordGame;
use crate::games::GameKind;
use crate::i18n::Lang;
use crate::record::{Record, RecordError, Verdict};
use crate::simulate::{SimOptions, SimReport};
use crate::terminal::TerminalGame;

pub use crate::games::with_game;

/// `paiju play`'s command line, before a game reads what it takes.
#[derive(Clone, Debug, Default)]
pub struct PlayFlags {
    /// `--rules`, already known to be a JSON object.
    pub rules: serde_json::Map<String, serde_json::Value>,
    /// `--stake`, when given.
    pub stake: Option<i64>,
    /// The stake (Chexuan: the ante) when none is given: the config
    /// file's `[stakes]` for the game, else the game's default.
    pub default_stake: i64,
    pub players: Option<usize>,
    pub wild: bool,
    pub discard: bool,
    pub ante: Option<u32>,
    pub bobo: Option<u64>,
    pub sweep: bool,
    /// `--decks` (Shengji).
    pub decks: Option<u8>,
}

/// What a game makes of [`PlayFlags`]: the table's rules, the AI seats
/// beside the person, the stake, and what the person brings to the seat.
#[derive(Clone, Debug, PartialEq)]
pub struct PlaySetup {
    pub rules: serde_json::Value,
    pub ai_seats: Option<usize>,
    pub stake: i64,
    pub buy_in: Option<u64>,
}

/// A refusal of `paiju play`'s command line: a Fluent id and its values,
/// said in the player's language.
#[derive(Clone, Debug, PartialEq)]
pub struct Refusal {
    pub key: &'static str,
    pub args: Vec<(&'static str, RefusalArg)>,
}

/// A value of a [`Refusal`]: a number, a text, or another message's words.
#[derive(Clone, Debug, PartialEq)]
pub enum RefusalArg {
    Number(i64),
    Text(String),
    Message(&'static str),
}

impl Refusal {
    pub fn new(key: &'static str) -> Refusal {
        Refusal {
            key,
            args: Vec::new(),
        }
    }

    pub fn arg(mut self, name: &'static str, value: RefusalArg) -> Refusal {
        self.args.push((name, value));
        self
    }

    /// A number of players outside `range` for game `G`.
    pub fn players<G: Hosted>(range: std::ops::RangeInclusive<usize>, players: usize) -> Refusal {
        let n = |v: usize| RefusalArg::Number(v as i64);
        Refusal::new("term-err-players")
            .arg("game", RefusalArg::Message(G::KIND.name_key()))
            .arg("min", n(*range.start()))
            .arg("max", n(*range.end()))
            .arg("players", n(players))
    }

    /// The refusal in `lang`.
    pub fn text(&self, lang: Lang) -> String {
        let args: Vec<(&str, fluent_bundle::FluentValue<'static>)> = self
            .args
            .iter()
            .map(|(name, value)| {
                let value = match value {
                    RefusalArg::Number(n) => (*n).into(),
                    RefusalArg::Text(t) => t.clone().into(),
                    RefusalArg::Message(key) => crate::i18n::tr(lang, key).into(),
                };
                (*name, value)
            })
            .collect();
        crate::i18n::tr_args(lang, self.key, &args)
    }
}

/// What a game whose rules paiju has says about itself: its name, its
/// Fluent files, its default stake, how its records replay and how bots
/// play it in `paiju simulate`.
pub trait Registered: crate::games::Game {
    /// `paiju replay` of a record named for this game; `play_out` plays
    /// the steps nobody decides after the last action (not for the record
    /// of a table closed mid-game).
    fn replay(record: &Record, play_out: bool) -> Result<Verdict, RecordError> {
        crate::record::replay_game_with::<Self>(record, play_out)
    }

    /// `paiju render` of a record named for this game after `at` actions,
    /// the table or `seat`'s hand. It reads the record as [`Registered::replay`]
    /// does — a game whose records come in several forms (a Chexuan hand or
    /// session, a Paohuzi hand played at a table or by the engine) picks the
    /// form the same way in both — so every record that replays is drawn.
    fn scene(
        record: &Record,
        at: usize,
        seat: Option<crate::games::Seat>,
        play_out: bool,
    ) -> Result<crate::render::Scene, crate::render::RenderError>
    where
        Self: crate::render::Drawn,
    {
        crate::render::record_scene::<Self>(record, at, seat, play_out)
    }

    /// `paiju simulate`: whole games between bots.
    fn simulate(opts: &SimOptions) -> Result<SimReport, RecordError>;
}

/// A game hosted at tables, in the terminal and on Discord.
pub trait Hosted: Registered + TerminalGame + DiscordGame {
    /// Reads `paiju play`'s command line into this game's table.
    fn play_setup(flags: &PlayFlags) -> Result<PlaySetup, Refusal>;
}

/// The kind a record's `game` names (a legacy name included).
pub fn kind_of_record(game: &str) -> Option<GameKind> {
    GameKind::of_record(game)
}

/// Replays a record of any game.
pub fn replay(record: &Record) -> Result<Verdict, RecordError> {
    replay_with(record, true)
}

fn replay_with(record: &Record, play_out: bool) -> Result<Verdict, RecordError> {
    let kind = kind_of_record(&record.game)
        .ok_or_else(|| RecordError::UnknownGame(record.game.clone()))?;
    with_game!(kind, G => G::replay(record, play_out))
}

/// Replays a record's text as `paiju replay` does; `true` with the verdict
/// when the record is of a table closed mid-game
/// ([`crate::record::is_closed`]), which is replayed up to its last action
/// and not played out.
pub fn replay_text(text: &str) -> Result<(Verdict, bool), RecordError> {
    let record = Record::from_json(text)?;
    let value: serde_json::Value =
        serde_json::from_str(text).map_err(|e| RecordError::Json(e.to_string()))?;
    let closed = crate::record::is_closed(&value);
    Ok((replay_with(&record, !closed)?, closed))
}

/// `paiju simulate` of any hosted game; the rate is timed here (no clock in
/// `games/`).
pub fn simulate(kind: GameKind, opts: &SimOptions) -> Result<SimReport, RecordError> {
    crate::simulate::timed(opts, || with_game!(kind, G => G::simulate(opts)))
}

/// `paiju render`: the picture of a record's position after `at` actions,
/// the hand of `seat` or (without one) the public table.
pub fn render_record(
    text: &str,
    at: usize,
    seat: Option<crate::games::Seat>,
) -> Result<crate::render::Picture, crate::render::RenderError> {
    let record = Record::from_json(text)?;
    let kind = kind_of_record(&record.game)
        .ok_or_else(|| RecordError::UnknownGame(record.game.clone()))?;
    // The whole record is read as `paiju replay` reads it: the steps
    // nobody decides are played out, unless its table closed mid-game.
    let value: serde_json::Value =
        serde_json::from_str(text).map_err(|e| RecordError::Json(e.to_string()))?;
    let play_out = at == record.actions.len() && !crate::record::is_closed(&value);
    let scene = with_game!(kind, G => G::scene(&record, at, seat, play_out))?;
    Ok(crate::render::render(&scene))
}

/// `paiju play`'s command line for `kind`.
pub fn play_setup(kind: GameKind, flags: &PlayFlags) -> Result<PlaySetup, Refusal> {
    with_game!(kind, G => G::play_setup(flags))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn records_name_their_game_once() {
        assert_eq!(kind_of_record("chexuan"), Some(GameKind::Chexuan));
        assert_eq!(kind_of_record("chexuan-table"), Some(GameKind::Chexuan));
        assert_eq!(kind_of_record("shengji"), Some(GameKind::Shengji));
        assert_eq!(kind_of_record("mahjong"), None);
        let record = Record::from_json(r#"{"game":"go","seats":2,"deal":{}}"#).unwrap();
        assert!(matches!(replay(&record), Err(RecordError::UnknownGame(g)) if g == "go"));
    }

    #[test]
    fn play_flags_are_read_by_each_game() {
        let flags = |f: fn(&mut PlayFlags)| {
            let mut p = PlayFlags {
                default_stake: 10,
                ..PlayFlags::default()
            };
            f(&mut p);
            p
        };
        let chexuan = play_setup(GameKind::Chexuan, &flags(|f| f.bobo = Some(300))).unwrap();
        assert_eq!((chexuan.stake, chexuan.buy_in), (1, Some(300)));
        assert_eq!(chexuan.ai_seats, Some(2));
        let refused = play_setup(GameKind::DouDizhu, &flags(|f| f.bobo = Some(300))).unwrap_err();
        assert_eq!(refused.key, "term-err-chexuan-only");
        let refused =
            play_setup(GameKind::DuanGuozi, &flags(|f| f.players = Some(13))).unwrap_err();
        assert!(
            refused.text(Lang::ZhCn).contains("端锅子"),
            "{}",
            refused.text(Lang::ZhCn)
        );
        let two = play_setup(GameKind::DouDizhu, &flags(|f| f.players = Some(2))).unwrap();
        assert_eq!(two.rules["players"], 2);
        let paohuzi = play_setup(GameKind::Paohuzi, &flags(|_| {})).unwrap();
        assert_eq!(paohuzi.ai_seats, Some(2));
        let refused = play_setup(GameKind::Paohuzi, &flags(|f| f.players = Some(4))).unwrap_err();
        assert_eq!(refused.key, "term-err-players");
        // A game whose rules are written but which no table hosts yet.
        let shengji = play_setup(GameKind::Shengji, &flags(|f| f.decks = Some(3))).unwrap();
        assert_eq!(
            (shengji.rules["decks"].clone(), shengji.ai_seats),
            (serde_json::json!(3), Some(3))
        );
        let refused = play_setup(GameKind::Shengji, &flags(|f| f.decks = Some(5))).unwrap_err();
        assert!(
            refused.text(Lang::ZhCn).contains("1 到 4 副牌"),
            "{}",
            refused.text(Lang::ZhCn)
        );
        let refused = play_setup(GameKind::DouDizhu, &flags(|f| f.decks = Some(2))).unwrap_err();
        assert_eq!(refused.key, "term-err-shengji-only");
        // Chexuan's chips are its ante: a stake is refused, not ignored; the
        // config's default stake is its default ante.
        let refused = play_setup(GameKind::Chexuan, &flags(|f| f.stake = Some(5))).unwrap_err();
        assert_eq!(refused.key, "term-err-chexuan-stake");
        let chexuan = play_setup(GameKind::Chexuan, &flags(|f| f.default_stake = 25)).unwrap();
        assert_eq!(chexuan.rules["ante"], 25);
        let given = play_setup(GameKind::DouDizhu, &flags(|f| f.stake = Some(3))).unwrap();
        assert_eq!(given.stake, 3);
        let default = play_setup(GameKind::DouDizhu, &flags(|f| f.default_stake = 7)).unwrap();
        assert_eq!(default.stake, 7);
    }
}
