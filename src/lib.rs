//! paiju (牌局): a Discord bot that hosts Chinese card games.
//!
//! Layers, data flowing down and events up: `cards` (shared vocabulary) →
//! `games` (pure rules) → `ai` → table runtime and ledger → front ends
//! (Discord, the terminal, `paiju replay`). See README.md.

pub mod ai;
pub mod arena;
pub mod cards;
pub mod config;
pub mod discord;
pub mod games;
pub mod hosts;
pub mod i18n;
pub mod ledger;
pub mod record;
pub mod registry;
pub mod render;
pub mod simulate;
pub mod table;
pub mod terminal;
