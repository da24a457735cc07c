//! Games: one module per game, pure and synchronous.
//!
//! No tokio, serenity, sqlx or clock here. A game is a state machine built
//! from its rules and its deal (everything random, made explicit), so the same
//! record always replays the same way. This module owns what every game
//! shares: seats, the [`Game`] trait the table runtime drives, the
//! [`GameRules`] trait (which game, and the one check of the rules with a
//! seat count, so rebuilding a game from a record is [`Record::setup`] plus
//! the game's own constructor), typed rule errors with the codes `paiju
//! replay` prints, and the outcome in the game's own scoring unit.

pub mod chexuan;
pub mod dou_dizhu;
pub mod duan_guozi;
pub mod paohuzi;
pub mod record_json;
pub mod shengji;

use crate::record::{Record, RecordError};
use serde::de::DeserializeOwned;
use serde::Serialize;
use std::fmt::Debug;

/// A seat index, 0-based, in turn order.
pub type Seat = usize;

/// The games paiju hosts, with the names used in records, the ledger and
/// commands. A variant comes with its line in [`with_game!`](crate::with_game),
/// whose match has no wildcard: the one list of the games.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum GameKind {
    DouDizhu,
    DuanGuozi,
    Chexuan,
    Shengji,
    Paohuzi,
}

impl GameKind {
    pub const ALL: [GameKind; 5] = [
        GameKind::DouDizhu,
        GameKind::DuanGuozi,
        GameKind::Chexuan,
        GameKind::Shengji,
        GameKind::Paohuzi,
    ];

    /// The name in records, the CLI and slash commands: `dou-dizhu`.
    pub fn name(self) -> &'static str {
        match self {
            GameKind::DouDizhu => "dou-dizhu",
            GameKind::DuanGuozi => "duan-guozi",
            GameKind::Chexuan => "chexuan",
            GameKind::Shengji => "shengji",
            GameKind::Paohuzi => "paohuzi",
        }
    }

    pub fn from_name(name: &str) -> Option<GameKind> {
        GameKind::ALL.into_iter().find(|k| k.name() == name)
    }

    /// The kind a record's (or the ledger's) `game` names, the legacy
    /// name of Chexuan's session records included.
    pub fn of_record(game: &str) -> Option<GameKind> {
        if game == chexuan::session::LEGACY_RECORD_NAME {
            return Some(GameKind::Chexuan);
        }
        GameKind::from_name(game)
    }

    /// The Fluent id of the game's name (`ddz-name`), in its
    /// `locales/*/<game>.ftl`.
    pub fn name_key(self) -> &'static str {
        match self {
            GameKind::DouDizhu => "ddz-name",
            GameKind::DuanGuozi => "dg-name",
            GameKind::Chexuan => "chexuan-name",
            GameKind::Shengji => "shengji-name",
            GameKind::Paohuzi => "paohuzi-name",
        }
    }

    /// The Fluent ids of the game's rules texts, in order, in its
    /// `locales/*/<game>.ftl`: what `rules` answers, on Discord and in the
    /// terminal, so a new player can learn the game from it.
    pub const fn rules_keys(self) -> &'static [&'static str] {
        match self {
            GameKind::DouDizhu => &["ddz-rules", "ddz-rules-variants"],
            GameKind::DuanGuozi => &["dg-rules"],
            GameKind::Chexuan => &["chexuan-rules", "chexuan-rules-hands"],
            GameKind::Shengji => &["shengji-rules", "shengji-rules-play"],
            GameKind::Paohuzi => &["paohuzi-rules", "paohuzi-rules-score"],
        }
    }

    /// The names of every game, for help texts and refusals
    /// (`dou-dizhu, duan-guozi, chexuan, …`).
    pub fn names() -> String {
        GameKind::ALL.map(GameKind::name).join(", ")
    }

    /// The stake a table has when its host names none (the config's
    /// `[stakes]` overrides it per game): chips per unit of the game's
    /// score; Chexuan's is its default ante (底皮), as its hands are played
    /// for chips.
    pub fn default_stake(self) -> i64 {
        match self {
            GameKind::DouDizhu
            | GameKind::DuanGuozi
            | GameKind::Chexuan
            | GameKind::Shengji
            | GameKind::Paohuzi => 10,
        }
    }
}

impl GameKind {
    /// Whether the game's AI seats play at a level a table chooses (`"ai"`
    /// in its rules: easy, normal, hard), and the level a table that names
    /// none plays at. Duan Guozi's seats decide nothing.
    pub fn ai_levels(self) -> Option<crate::ai::Level> {
        match self {
            GameKind::DouDizhu => Some(crate::ai::Level::default()),
            GameKind::Chexuan | GameKind::Shengji | GameKind::Paohuzi => {
                Some(crate::ai::Level::table_default())
            }
            GameKind::DuanGuozi => None,
        }
    }
}

/// Runs `$body` with `$G` naming the game type of a [`GameKind`]: the type
/// a record replays with and a table hosts. Every layer that names a game by
/// its kind dispatches through it (`paiju replay` and `simulate`, resuming
/// stored games, the slash commands and clicks, `paiju play`), each with the
/// trait it needs of `$G`: a game missing a layer's impl does not compile.
/// Its match has no wildcard arm, so a kind without its line does not
/// compile either.
#[macro_export]
macro_rules! with_game {
    ($kind:expr, $G:ident => $body:expr) => {
        match $kind {
            $crate::games::GameKind::DouDizhu => {
                type $G = $crate::games::dou_dizhu::DouDizhu;
                $body
            }
            $crate::games::GameKind::DuanGuozi => {
                type $G = $crate::games::duan_guozi::DuanGuozi;
                $body
            }
            $crate::games::GameKind::Chexuan => {
                type $G = $crate::games::chexuan::session::ChexuanTable;
                $body
            }
            $crate::games::GameKind::Shengji => {
                type $G = $crate::games::shengji::ShengjiTable;
                $body
            }
            $crate::games::GameKind::Paohuzi => {
                type $G = $crate::games::paohuzi::PaohuziTable;
                $body
            }
        }
    };
}
pub use crate::with_game;

/// The error codes of `paiju replay` (rules/README.md).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ErrorCode {
    NotYourTurn,
    IllegalAction,
    BadCard,
    GameOver,
}

impl ErrorCode {
    pub fn as_str(self) -> &'static str {
        match self {
            ErrorCode::NotYourTurn => "not_your_turn",
            ErrorCode::IllegalAction => "illegal_action",
            ErrorCode::BadCard => "bad_card",
            ErrorCode::GameOver => "game_over",
        }
    }
}

/// A refused action. The game state is untouched when this is returned.
///
/// `message` is plain English for records and logs; front ends build their
/// sentence from `key` (a Fluent message id in `locales/`) and its typed
/// `args` ([`Message`](crate::message::Message)).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct RuleError {
    pub code: ErrorCode,
    pub key: crate::message::Key,
    pub args: Vec<(&'static str, crate::message::Arg)>,
    pub message: String,
}

impl RuleError {
    pub fn new(code: ErrorCode, key: crate::message::Key, message: impl Into<String>) -> RuleError {
        RuleError {
            code,
            key,
            args: Vec::new(),
            message: message.into(),
        }
    }

    pub fn arg(mut self, name: &'static str, value: impl Into<crate::message::Arg>) -> RuleError {
        self.args.push((name, value.into()));
        self
    }

    /// What to say: the key and its typed values.
    pub fn to_message(&self) -> crate::message::Message {
        crate::message::Message {
            key: self.key,
            args: self.args.clone(),
        }
    }

    pub fn not_your_turn() -> RuleError {
        RuleError::new(
            ErrorCode::NotYourTurn,
            crate::keys::ERR_NOT_YOUR_TURN,
            "it is not your turn",
        )
    }

    pub fn game_over() -> RuleError {
        RuleError::new(
            ErrorCode::GameOver,
            crate::keys::ERR_GAME_OVER,
            "the game is over",
        )
    }
}

/// How a finished game ended, in the game's own unit: each game's own
/// typed outcome. `paiju replay` prints it serialized (its `deltas` among
/// its fields); the front ends read its fields.
pub trait GameOutcome: Clone + Debug + PartialEq + Serialize + Send + Sync + 'static {
    /// The change of each seat (Dou Dizhu: multiples of the base stake).
    fn deltas(&self) -> &[i64];

    /// The JSON object `paiju replay` prints.
    fn to_json(&self) -> serde_json::Value {
        serde_json::to_value(self).expect("an outcome serializes")
    }
}

/// An action in its record form (the object of a record's `actions` entry
/// minus `seat`). Each game's action type implements it once; the [`Game`]
/// trait reads and writes records through it.
pub trait RecordAction: Sized {
    /// Parses one record action. An object this game cannot read is refused
    /// as an illegal action, and unknown or malformed cards as `bad_card`,
    /// so a replay names its index.
    fn from_json(value: &serde_json::Value) -> Result<Self, RuleError>;

    /// The record form of the action.
    fn to_json(&self) -> serde_json::Value;
}

/// A game's rules (a record's `rules`, a table's options): which game they
/// are for, and the one check of them with a number of seats, made before
/// any deal is read or dealt (records, deals, tables, simulations).
pub trait GameRules: Clone + Debug + Default + Serialize + DeserializeOwned + Send + Sync {
    /// The game these rules are for: a hand and the session or match that
    /// deals it share their rules and their record name.
    const KIND: GameKind;

    /// Checks the options and the number of seats together.
    fn check_table(&self, seats: usize) -> Result<(), RecordError>;
}

/// A game as the table runtime, the AI and `paiju replay` see it.
///
/// Implementations keep the actions applied so far, so [`Game::record`]
/// always gives a record that replays to the current state; that record is
/// also the snapshot the runtime stores after every action.
pub trait Game: Clone + Debug + Send + Sync + 'static {
    type Rules: GameRules;
    type Action: RecordAction
        + Clone
        + Debug
        + PartialEq
        + Serialize
        + DeserializeOwned
        + Send
        + Sync
        + 'static;
    type Event: Clone + Debug + Serialize + Send + Sync;
    type View: Clone + Debug + Serialize + Send + Sync + 'static;
    type Outcome: GameOutcome;

    /// The game's kind, from its rules.
    const KIND: GameKind = <Self::Rules as GameRules>::KIND;

    /// Builds the game from a record's `rules`, `seats` and `deal`
    /// (not its actions), usually through [`Record::setup`]. A malformed
    /// deal is a [`RecordError`].
    fn from_record_setup(record: &Record) -> Result<Self, RecordError>;

    /// Deals a fresh game with the injected RNG.
    fn deal(
        rules: Self::Rules,
        seats: usize,
        rng: &mut dyn rand::RngCore,
    ) -> Result<Self, RecordError>;

    /// Deals again with `rng` the game a record holds: the same deal
    /// function its table used, with the record's non-random parts (a
    /// carried dealer, levels, bobos) taken from the record's deal. A fair
    /// deal's check ([`crate::fair::check`]) compares its deal with the
    /// record's. By default [`Game::deal`] with the record's rules and
    /// seats, for games whose whole deal is random.
    fn redeal(record: &Record, rng: &mut dyn rand::RngCore) -> Result<Self, RecordError> {
        Self::deal(record.rules_as()?, record.seats, rng)
    }

    fn seats(&self) -> usize;

    /// The seats the game waits on now (usually one; empty when finished).
    fn waiting_on(&self) -> Vec<Seat>;

    /// Applies one action. On error the state is unchanged.
    fn apply(&mut self, seat: Seat, action: &Self::Action) -> Result<Vec<Self::Event>, RuleError>;

    /// Every legal action of `seat` now (empty when it need not act).
    fn legal_actions(&self, seat: Seat) -> Vec<Self::Action>;

    /// The pass `seat` must make now when passing is its only legal move
    /// (要不起: a play stands that nothing in its hand beats), so that a
    /// front end may say so and, if the player chose it, pass at once.
    /// `None` when the seat has a choice or is not asked; by default
    /// always (a game without forced passes: Shengji always has a legal
    /// follow, a Paohuzi claim is a choice).
    fn forced_pass(&self, _seat: Seat) -> Option<Self::Action> {
        None
    }

    /// What `seat` may see; `None` is the public view (spectators, the
    /// channel message).
    fn view(&self, seat: Option<Seat>) -> Self::View;

    fn is_finished(&self) -> bool;

    /// Present once finished.
    fn outcome(&self) -> Option<Self::Outcome>;

    /// The record of this game so far.
    fn record(&self) -> Record;

    /// Parses one record action (the object minus `seat`). An object this
    /// game cannot read is refused as an illegal action, and unknown or
    /// malformed cards as `bad_card`, so a replay names its index.
    fn parse_action(value: &serde_json::Value) -> Result<Self::Action, RuleError> {
        Self::Action::from_json(value)
    }

    /// The record form of an action (the object minus `seat`).
    fn action_to_json(action: &Self::Action) -> serde_json::Value {
        action.to_json()
    }

    /// Plays the steps nobody decides, after a record's actions: `paiju
    /// replay` calls it last. Most games have none; Duan Guozi deals and
    /// settles its rounds without a choice, so its replay runs on until the
    /// pot is empty (rules/duan-guozi.md, "Records").
    fn play_out(&mut self) {}
}
