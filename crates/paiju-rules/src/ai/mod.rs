//! AI players: they fill seats and play for absent humans (托管).
//!
//! A bot sees only what its seat may see (the seat's view) plus the legal
//! actions, which a game computes from that same knowledge. Per-game bots
//! live beside their game (`games::<game>::ai`); the random bot here serves
//! every game and is the baseline the basic bots must beat.

pub mod chexuan;
pub mod paohuzi;
pub mod shengji;

use crate::games::Game;
use rand::Rng;

/// How hard the AI seats of a table play (`"ai"` in its rules, `/<game>
/// start ai:`, `paiju play --ai`), the same three levels in every game:
/// `easy` is the first rule-based bot, `normal` a repaired one that still
/// decides in microseconds (the hints' level everywhere), `hard` a search
/// within a fraction of a second. Each game's `bot(level)` gives its bots.
#[derive(
    Copy, Clone, Debug, PartialEq, Eq, Hash, Default, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "lowercase")]
pub enum Level {
    Easy,
    Normal,
    /// The strongest level that answers within a second: the default.
    #[default]
    Hard,
}

impl Level {
    pub const ALL: [Level; 3] = [Level::Easy, Level::Normal, Level::Hard];

    pub fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Normal => "normal",
            Level::Hard => "hard",
        }
    }

    pub fn from_name(name: &str) -> Option<Level> {
        Level::ALL.into_iter().find(|l| l.name() == name)
    }

    /// For `skip_serializing_if`: a table at the default level says nothing.
    pub fn is_default(&self) -> bool {
        *self == Level::default()
    }

    /// The level of a Shengji, Paohuzi or Chexuan table that names none:
    /// `easy`, the basic bot those tables have always had, until the
    /// arena's figures for `normal` and `hard` are in (README, "How strong
    /// the AI is").
    pub fn table_default() -> Level {
        Level::Easy
    }

    /// For `skip_serializing_if`: such a table at that level says nothing,
    /// so its records read as before.
    pub fn is_table_default(&self) -> bool {
        *self == Level::table_default()
    }
}

/// A player that picks one of the legal actions.
pub trait Bot<G: Game>: Send {
    /// `legal` is never empty when this is called.
    fn choose(
        &mut self,
        view: &G::View,
        legal: &[G::Action],
        rng: &mut dyn rand::RngCore,
    ) -> G::Action;

    /// Whether a decision may take long — a search with a time budget,
    /// not a rule of thumb. A table then makes it on a blocking thread, so
    /// that its task keeps answering clicks meanwhile; quick bots decide in
    /// place, which costs no thread hop.
    fn may_block(&self) -> bool {
        false
    }
}

/// Picks uniformly among the legal actions.
#[derive(Clone, Copy, Debug, Default)]
pub struct RandomBot;

impl<G: Game> Bot<G> for RandomBot {
    fn choose(
        &mut self,
        _view: &G::View,
        legal: &[G::Action],
        rng: &mut dyn rand::RngCore,
    ) -> G::Action {
        legal[rng.gen_range(0..legal.len())].clone()
    }
}

/// Which bot a simulation or an AI seat uses. Its names are what a
/// command line takes (the CLI adapts them at its edge: no clap here).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum AiKind {
    Random,
    #[default]
    Basic,
}

impl AiKind {
    pub const ALL: [AiKind; 2] = [AiKind::Random, AiKind::Basic];

    /// The kind's name: `random`, `basic`.
    pub fn name(self) -> &'static str {
        match self {
            AiKind::Random => "random",
            AiKind::Basic => "basic",
        }
    }
}

impl std::str::FromStr for AiKind {
    type Err = String;

    fn from_str(s: &str) -> Result<AiKind, String> {
        AiKind::ALL
            .into_iter()
            .find(|k| k.name() == s)
            .ok_or_else(|| {
                let names: Vec<&str> = AiKind::ALL.iter().map(|k| k.name()).collect();
                format!("`{s}` is not an AI here: {}", names.join(", "))
            })
    }
}
