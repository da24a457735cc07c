//! paiju (牌局): a Discord bot that hosts Chinese card games.
//!
//! Layers, data flowing down and events up: `cards` (shared vocabulary) →
//! `games` (pure rules) → `ai` → table runtime and ledger → front ends
//! (Discord, the terminal, `paiju replay`). See README.md. The rules
//! (`crates/paiju-rules`) and the ledger (`crates/paiju-ledger`) are
//! crates of their own; this one is the application.

#![forbid(unsafe_code)]

pub mod arena;
pub mod config;
pub mod discord;
pub mod hosts;
pub mod i18n;
pub mod ops;
pub mod registry;
pub mod render;
pub mod table;
pub mod terminal;

// The lower layers are crates of their own (`crates/`), which the compiler
// keeps from importing anything above them; under their old paths here so
// that `crate::games::…` and `paiju::ledger::…` read as before.
pub use paiju_ledger as ledger;
pub use paiju_rules::{ai, cards, fair, games, keys, message, record, simulate};
