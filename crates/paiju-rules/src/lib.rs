//! paiju's pure rules, a crate of their own so that the compiler holds the
//! layering: `cards` (the shared vocabulary) → `games` (one module per
//! game, pure and synchronous) → `ai` (players that see only their seat's
//! view), with `record` (the game-record format), `fair` (deals anyone can verify) and `simulate` (whole
//! games between AIs). No IO, no clock, no runtime: nothing here may name
//! tokio, sqlx, serenity, poise or clap, and this crate's `Cargo.toml`
//! lists none of them.

#![forbid(unsafe_code)]

pub mod ai;
pub mod cards;
pub mod fair;
pub mod games;
pub mod message;
pub mod record;
pub mod simulate;
