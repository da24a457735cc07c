//! The game registry: what the application does with a game named by its
//! kind, at the top of the application, where every front end is known.
//!
//! The one list of the games is [`with_game!`](crate::games::with_game),
//! beside [`GameKind`] in the rules crate, with the facts every layer may
//! read (its name, its Fluent name id, its default stake). Here: `paiju
//! replay` ([`replay`]), `paiju simulate` ([`simulate`]), `paiju render`
//! ([`render_record`]) and `paiju play` ([`play_setup`], its subcommands
//! built from each game's flags). What a game says about itself is its
//! [`Registered`] impl (how its records are read, its simulation;
//! `src/hosts/<game>/mod.rs`) and its [`Hosted`] impl (the flags of `paiju
//! play <game>`, a `clap::Args`, and how they set up its table; its
//! `terminal.rs`), in its own folder; the rest comes from the traits it
//! implements for each layer ([`TableGame`](crate::table::TableGame) for
//! its seats and chips, [`Drawn`](crate::render::Drawn), [`TerminalGame`],
//! [`DiscordGame`]).
//!
//! # Adding a game
//!
//! A new game is its own files — `crates/paiju-rules/src/games/<game>/` (the
//! pure rules), `locales/*/<game>.ftl` (its words and its `/<game>` command's
//! names; `build.rs` embeds every file there), and its host folder
//! `src/hosts/<game>/` (`mod.rs`: [`Registered`]; `table.rs`: `TableGame`;
//! `words.rs`; `pictures.rs`: `Drawn`; `terminal.rs`: `TerminalGame` and
//! [`Hosted`] with its flags; `discord.rs` or `discord/`: `DiscordGame`) —
//! plus these shared places:
//!
//! 1. `crates/paiju-rules/src/games/mod.rs`: `pub mod <game>;`, its
//!    [`GameKind`] variant, its place in `GameKind::ALL`, its arms in
//!    `GameKind::name`, `GameKind::name_key` and `GameKind::default_stake`,
//!    and its arm in `with_game!` (its `paiju play` subcommand, slash
//!    command group, replay, simulation and resume all come through it);
//! 2. `src/hosts/mod.rs`: `pub mod <game>;`.
//!
//! README.md's "Adding a game" says the same, with the optional places
//! (tests, benches, the example config).

use crate::discord::table::DiscordGame;
pub use crate::games::with_game;
use crate::games::GameKind;
use crate::i18n::Lang;
use crate::message::{Arg, Message};
use crate::record::{Record, RecordError, Verdict};
use crate::simulate::{SimOptions, SimReport};
use crate::terminal::TerminalGame;

/// `paiju play <game>`: the flags every game takes (global to `paiju
/// play`, so they stand before or after the game's name), then the game,
/// with its own flags ([`Hosted::Flags`]). clap refuses another game's flag
/// by itself, and `paiju play <game> --help` shows that game's.
#[derive(clap::Args, Clone, Debug)]
#[command(
    subcommand_required = true,
    subcommand_value_name = "GAME",
    subcommand_help_heading = "Games"
)]
pub struct PlayCli {
    #[command(flatten)]
    pub common: PlayCommon,
    #[command(subcommand)]
    pub game: PlayGame,
}

/// The flags of `paiju play` that every game takes.
#[derive(clap::Args, Clone, Debug, Default)]
pub struct PlayCommon {
    /// RNG seed for the deals and the AI (the same seed plays the same game).
    #[arg(long, global = true)]
    pub seed: Option<u64>,
    /// Table options as a JSON object, e.g. '{"bidding":"rob"}'.
    #[arg(long, global = true, default_value = "{}")]
    pub rules: String,
    /// The ledger database: a file path, a sqlite: URL or a postgres:// URL
    /// (default: the config file's `database_url`, `paiju.db`).
    #[arg(long, global = true, env = "PAIJU_DATABASE_URL")]
    pub database: Option<String>,
    /// The language of the game's words: en (en-US) or zh (zh-CN).
    /// Default: Chinese when LC_ALL, LC_MESSAGES or LANG starts with
    /// `zh`, else English. Typed commands and cards read the same in both.
    #[arg(long, global = true, value_parser = parse_lang)]
    pub lang: Option<Lang>,
    /// The bot's config file, read for the starting chips, default
    /// stakes, database and timers (default: config.toml if present;
    /// also PAIJU_CONFIG).
    #[arg(long, global = true)]
    pub config: Option<std::path::PathBuf>,
}

/// `--lang`: en, en-US, zh or zh-CN.
fn parse_lang(s: &str) -> Result<Lang, String> {
    Lang::from_flag(s).ok_or_else(|| format!("`{s}` is not a language here: use en or zh"))
}

/// `--stake`, for the games played for chips per point (Chexuan's chips
/// are its ante: it has no `--stake`).
#[derive(clap::Args, Clone, Debug, Default, PartialEq)]
pub struct StakeFlag {
    /// Chips per point. Default: the config file's `[stakes]` for the
    /// game, else 10.
    #[arg(long, allow_negative_numbers = true)]
    pub stake: Option<i64>,
}

impl StakeFlag {
    /// The stake given, else `base`'s default.
    pub fn or_default(&self, base: &PlayBase) -> i64 {
        self.stake.unwrap_or(base.default_stake)
    }
}

/// `--ai`, for the games whose AI seats have levels.
#[derive(clap::Args, Clone, Debug, Default, PartialEq)]
pub struct AiFlag {
    /// How the AI seats play: easy, normal or hard (the same as
    /// `"ai": "hard"` in --rules). Default: hard at Dou Dizhu, easy (the
    /// first, basic bot) elsewhere.
    #[arg(long, value_parser = ["easy", "normal", "hard"])]
    pub ai: Option<String>,
}

impl AiFlag {
    /// Puts the level given, if any, in the table's rules.
    pub fn into_rules(&self, rules: &mut serde_json::Map<String, serde_json::Value>) {
        if let Some(level) = &self.ai {
            rules.insert("ai".into(), serde_json::json!(level));
        }
    }
}

/// The game `paiju play` was given and its own flags, as clap read them.
/// Its subcommands are built from [`GameKind::ALL`] and each game's
/// [`Hosted::Flags`]: a new game adds no line here.
#[derive(Clone, Debug)]
pub struct PlayGame {
    pub kind: GameKind,
    matches: clap::ArgMatches,
}

impl clap::FromArgMatches for PlayGame {
    fn from_arg_matches(matches: &clap::ArgMatches) -> Result<Self, clap::Error> {
        let Some((name, sub)) = matches.subcommand() else {
            return Err(clap::Error::new(clap::error::ErrorKind::MissingSubcommand));
        };
        let kind = GameKind::from_name(name)
            .ok_or_else(|| clap::Error::new(clap::error::ErrorKind::InvalidSubcommand))?;
        // The game's flags are read here, so a wrong one is clap's error.
        with_game!(kind, G => <G as Hosted>::Flags::from_arg_matches(sub).map(|_| ()))?;
        Ok(PlayGame {
            kind,
            matches: sub.clone(),
        })
    }

    fn update_from_arg_matches(&mut self, matches: &clap::ArgMatches) -> Result<(), clap::Error> {
        *self = PlayGame::from_arg_matches(matches)?;
        Ok(())
    }
}

impl clap::Subcommand for PlayGame {
    fn augment_subcommands(cmd: clap::Command) -> clap::Command {
        GameKind::ALL.into_iter().fold(cmd, |cmd, kind| {
            let game = clap::Command::new(kind.name());
            cmd.subcommand(with_game!(kind, G => {
                <<G as Hosted>::Flags as clap::Args>::augment_args(game)
                    .about(<G as Hosted>::PLAY_ABOUT)
            }))
        })
    }

    fn augment_subcommands_for_update(cmd: clap::Command) -> clap::Command {
        Self::augment_subcommands(cmd)
    }

    fn has_subcommand(name: &str) -> bool {
        GameKind::from_name(name).is_some()
    }
}

/// What every game's [`Hosted::play_setup`] gets besides its own flags.
#[derive(Clone, Debug, Default)]
pub struct PlayBase {
    /// `--rules`, already known to be a JSON object.
    pub rules: serde_json::Map<String, serde_json::Value>,
    /// The stake (Chexuan: the ante) when none is given: the config
    /// file's `[stakes]` for the game, else the game's default.
    pub default_stake: i64,
}

/// What a game makes of its flags: the table's rules, the AI seats
/// beside the person, the stake, and what the person brings to the seat.
#[derive(Clone, Debug, PartialEq)]
pub struct PlaySetup {
    pub rules: serde_json::Value,
    pub ai_seats: Option<usize>,
    pub stake: i64,
    pub buy_in: Option<u64>,
}

impl PlaySetup {
    /// A table of `players` seats, the person's and the rest AI, for
    /// `rules` at `stake`.
    pub fn seats(
        rules: serde_json::Map<String, serde_json::Value>,
        players: usize,
        stake: i64,
    ) -> PlaySetup {
        PlaySetup {
            rules: serde_json::Value::Object(rules),
            ai_seats: Some(players.saturating_sub(1)),
            stake,
            buy_in: None,
        }
    }
}

/// `--players` of game `G`: the count given, else `default`; refused
/// outside `range`.
pub fn players<G: Hosted>(
    given: Option<usize>,
    default: usize,
    range: std::ops::RangeInclusive<usize>,
) -> Result<usize, Refusal> {
    let players = given.unwrap_or(default);
    if range.contains(&players) {
        Ok(players)
    } else {
        Err(players_refused::<G>(range, players))
    }
}

/// A refusal of `paiju play`'s command line: a Fluent id and its typed
/// values ([`Message`]), said in the player's language.
pub type Refusal = Message;

/// A number of players outside `range` for game `G`.
fn players_refused<G: Hosted>(range: std::ops::RangeInclusive<usize>, players: usize) -> Refusal {
    Message::new("term-err-players")
        .arg("game", Arg::Words(G::KIND.name_key()))
        .arg("min", *range.start())
        .arg("max", *range.end())
        .arg("players", players)
}

/// A refusal of `paiju play` in `lang`, as the terminal says it.
pub fn refusal_text(refusal: &Refusal, lang: Lang) -> String {
    crate::i18n::tr_message(lang, refusal, &crate::terminal::Terminal)
}

/// What a game whose rules paiju has says about itself: its name, its
/// Fluent files, its default stake, how its records replay and how bots
/// play it in `paiju simulate`.
pub trait Registered: crate::games::Game {
    /// Reads `record` as the game type of its form: this one by default.
    /// A game whose records come in several forms (a Chexuan hand or
    /// session, a Paohuzi hand played at a table or by the engine) picks the
    /// form here, once for `paiju replay` and `paiju render` alike, so every
    /// record that replays is drawn.
    fn read_record<R: RecordReader>(_record: &Record, reader: R) -> R::Out
    where
        Self: crate::render::Drawn,
    {
        reader.read::<Self>()
    }

    /// `paiju simulate`: whole games between bots.
    fn simulate(opts: &SimOptions) -> Result<SimReport, RecordError>;
}

/// What reads a record as one game type ([`Registered::read_record`]):
/// replaying it, or drawing a position of it.
pub trait RecordReader {
    type Out;
    fn read<G: crate::render::Drawn>(self) -> Self::Out;
}

/// `paiju replay`: `play_out` plays the steps nobody decides after the
/// last action (not for the record of a table closed mid-game).
struct Replay<'a> {
    record: &'a Record,
    play_out: bool,
}

impl RecordReader for Replay<'_> {
    type Out = Result<Verdict, RecordError>;
    fn read<G: crate::render::Drawn>(self) -> Self::Out {
        crate::record::replay_game_with::<G>(self.record, self.play_out)
    }
}

/// `paiju render`: the table or `seat`'s hand after `at` actions.
struct Draw<'a> {
    record: &'a Record,
    at: usize,
    seat: Option<crate::games::Seat>,
    play_out: bool,
}

impl RecordReader for Draw<'_> {
    type Out = Result<crate::render::Scene, crate::render::RenderError>;
    fn read<G: crate::render::Drawn>(self) -> Self::Out {
        crate::render::record_scene::<G>(self.record, self.at, self.seat, self.play_out)
    }
}

/// A game hosted at tables, in the terminal and on Discord.
pub trait Hosted: Registered + TerminalGame + DiscordGame {
    /// `paiju play <game>`'s own flags (`--bobo`, `--decks`, …), beside
    /// the common ones ([`PlayCommon`]).
    type Flags: clap::Args + clap::FromArgMatches;

    /// The line `paiju play --help` shows for the game.
    const PLAY_ABOUT: &'static str;

    /// Reads `paiju play`'s command line into this game's table.
    fn play_setup(flags: &Self::Flags, base: &PlayBase) -> Result<PlaySetup, Refusal>;
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
    with_game!(kind, G => G::read_record(record, Replay { record, play_out }))
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

/// `paiju verify`: a record's fair deal checked as its game reads it.
struct Verify<'a> {
    record: &'a Record,
    value: &'a serde_json::Value,
}

impl RecordReader for Verify<'_> {
    type Out = Result<crate::fair::Check, RecordError>;
    fn read<G: crate::render::Drawn>(self) -> Self::Out {
        crate::fair::check::<G>(self.record, self.value)
    }
}

/// Checks a record's text as `paiju verify` does ([`crate::fair::check`]):
/// the commitment against the seed, and the seed's deal against the
/// record's, with the game's rules from the record.
pub fn verify_text(text: &str) -> Result<(Record, crate::fair::Check), RecordError> {
    let record = Record::from_json(text)?;
    let value: serde_json::Value =
        serde_json::from_str(text).map_err(|e| RecordError::Json(e.to_string()))?;
    let kind = kind_of_record(&record.game)
        .ok_or_else(|| RecordError::UnknownGame(record.game.clone()))?;
    let check =
        with_game!(kind, G => G::read_record(&record, Verify { record: &record, value: &value }))?;
    Ok((record, check))
}

/// What `paiju verify` prints for a checked record in `lang`, and its exit
/// code: 0 verified, 1 not.
pub fn verify_report(lang: Lang, record: &Record, check: &crate::fair::Check) -> (String, u8) {
    use crate::fair::Check;
    use crate::i18n::{tr, tr_args};
    let front = crate::terminal::Terminal;
    match check {
        Check::Verified(fair) => {
            let game = kind_of_record(&record.game)
                .map(|k| tr(lang, k.name_key()))
                .unwrap_or_else(|| record.game.clone());
            let commitment = fair.commitment.map(|c| c.to_hex()).unwrap_or_default();
            let mut lines = vec![tr_args(
                lang,
                "verify-ok",
                &[
                    ("game", game.into()),
                    ("id", (fair.game_id.unwrap_or(0) as i64).into()),
                    ("commitment", commitment.into()),
                    ("seed", fair.seed.to_hex().into()),
                ],
            )];
            if fair.chosen {
                lines.push(tr(lang, "verify-ok-chosen"));
            }
            lines.push(tr(lang, "verify-limits"));
            (lines.join("\n") + "\n", 0)
        }
        Check::Failed { findings, more } => {
            let mut lines = vec![tr(lang, "verify-failed")];
            for f in findings {
                lines.push(format!(
                    "- {}",
                    crate::i18n::tr_message(lang, &f.to_message(), &front)
                ));
            }
            if *more > 0 {
                lines.push(tr_args(
                    lang,
                    "verify-more",
                    &[("count", (*more as i64).into())],
                ));
            }
            (lines.join("\n") + "\n", 1)
        }
    }
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
    let draw = |record| Draw {
        record,
        at,
        seat,
        play_out,
    };
    let scene = with_game!(kind, G => G::read_record(&record, draw(&record)))?;
    Ok(crate::render::render(&scene))
}

/// `paiju play`'s command line read by its game; `default_stake` is the
/// config's stake for the game.
pub fn play_setup(cli: &PlayCli, default_stake: i64) -> Result<PlaySetup, Refusal> {
    let rules = match serde_json::from_str(&cli.common.rules) {
        Ok(serde_json::Value::Object(rules)) => rules,
        _ => return Err(Refusal::new("term-err-rules").arg("example", r#"'{"bidding":"rob"}'"#)),
    };
    let base = PlayBase {
        rules,
        default_stake,
    };
    let matches = &cli.game.matches;
    with_game!(cli.game.kind, G => {
        // Read (and so checked) by clap already.
        let flags = <<G as Hosted>::Flags as clap::FromArgMatches>::from_arg_matches(matches)
            .expect("checked when parsed");
        G::play_setup(&flags, &base)
    })
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

    /// `paiju play ARGS` as clap reads it (the command line of `play`
    /// alone, as main.rs mounts it), or clap's refusal.
    fn parse(args: &[&str]) -> Result<PlayCli, clap::Error> {
        use clap::{Args, FromArgMatches};
        let command = PlayCli::augment_args(clap::Command::new("play"));
        let matches =
            command.try_get_matches_from(std::iter::once("play").chain(args.iter().copied()))?;
        PlayCli::from_arg_matches(&matches)
    }

    /// `paiju play ARGS` read by its game, with a default stake of 10.
    fn setup(args: &[&str]) -> Result<PlaySetup, Refusal> {
        play_setup(&parse(args).expect("clap reads it"), 10)
    }

    #[test]
    fn play_flags_are_read_by_each_game() {
        let chexuan = setup(&["chexuan", "--bobo", "300"]).unwrap();
        assert_eq!((chexuan.stake, chexuan.buy_in), (1, Some(300)));
        assert_eq!(chexuan.ai_seats, Some(2));
        let refused = setup(&["duan-guozi", "--players", "13"]).unwrap_err();
        assert!(
            refusal_text(&refused, Lang::ZhCn).contains("端锅子"),
            "{}",
            refusal_text(&refused, Lang::ZhCn)
        );
        let two = setup(&["dou-dizhu", "--players", "2", "--ai", "easy"]).unwrap();
        assert_eq!(
            (two.rules["players"].clone(), two.rules["ai"].clone()),
            (2.into(), "easy".into())
        );
        let paohuzi = setup(&["paohuzi"]).unwrap();
        assert_eq!(paohuzi.ai_seats, Some(2));
        assert!(paohuzi.rules.get("ai").is_none());
        let paohuzi = setup(&["paohuzi", "--ai", "hard"]).unwrap();
        assert_eq!(paohuzi.rules["ai"], "hard");
        let refused = setup(&["paohuzi", "--players", "4"]).unwrap_err();
        assert_eq!(refused.key, "term-err-players");
        let shengji = setup(&["shengji", "--decks", "3"]).unwrap();
        assert_eq!(
            (shengji.rules["decks"].clone(), shengji.ai_seats),
            (serde_json::json!(3), Some(3))
        );
        let refused = setup(&["shengji", "--decks", "5"]).unwrap_err();
        assert!(
            refusal_text(&refused, Lang::ZhCn).contains("1 到 4 副牌"),
            "{}",
            refusal_text(&refused, Lang::ZhCn)
        );
        let refused = setup(&["dou-dizhu", "--rules", "[1]"]).unwrap_err();
        assert_eq!(refused.key, "term-err-rules");
        // The common flags stand before or after the game.
        let given = parse(&["--seed", "4", "dou-dizhu", "--stake", "3", "--lang", "zh"]).unwrap();
        assert_eq!(
            (given.common.seed, given.common.lang),
            (Some(4), Some(Lang::ZhCn))
        );
        assert_eq!(play_setup(&given, 10).unwrap().stake, 3);
        let default = play_setup(&parse(&["dou-dizhu"]).unwrap(), 7).unwrap();
        assert_eq!(default.stake, 7);
        // Chexuan's config stake is its default ante.
        let chexuan = play_setup(&parse(&["chexuan"]).unwrap(), 25).unwrap();
        assert_eq!(chexuan.rules["ante"], 25);
    }

    /// Another game's flag is clap's refusal, not the game's: Chexuan's
    /// chips are its ante (no `--stake`), `--decks` is Shengji's, `--ai`
    /// is not Duan Guozi's (nobody decides anything there); an unknown
    /// game is refused with the games' names.
    #[test]
    fn another_games_flag_is_refused_by_clap() {
        use clap::error::ErrorKind;
        for args in [
            &["dou-dizhu", "--bobo", "300"][..],
            &["dou-dizhu", "--decks", "2"],
            &["dou-dizhu", "--ante", "5"],
            &["duan-guozi", "--wild"],
            &["chexuan", "--stake", "5"],
            &["chexuan", "--sweep"],
            &["shengji", "--discard"],
            &["duan-guozi", "--ai", "hard"],
        ] {
            let refused = parse(args).map(|_| ()).unwrap_err();
            assert_eq!(
                refused.kind(),
                ErrorKind::UnknownArgument,
                "{args:?}: {refused}"
            );
        }
        let refused = parse(&["mahjong"]).map(|_| ()).unwrap_err();
        assert_eq!(refused.kind(), ErrorKind::InvalidSubcommand);
        assert!(parse(&[]).is_err());
        // Each game's help shows its own flags.
        use clap::Args;
        let mut command = PlayCli::augment_args(clap::Command::new("play"));
        command.build();
        let help = |command: &mut clap::Command, game: &str| {
            command
                .find_subcommand_mut(game)
                .expect("a subcommand per game")
                .render_long_help()
                .to_string()
        };
        let chexuan = help(&mut command, "chexuan");
        assert!(
            chexuan.contains("--bobo") && chexuan.contains("--seed"),
            "{chexuan}"
        );
        assert!(
            !chexuan.contains("--decks") && !chexuan.contains("--stake"),
            "{chexuan}"
        );
        let shengji = help(&mut command, "shengji");
        assert!(
            shengji.contains("--decks") && !shengji.contains("--bobo"),
            "{shengji}"
        );
    }
}
