//! Shared test support: the fake Discord and a way to run the real bot
//! against it.

pub mod bot;
pub mod controls;
#[macro_use]
pub mod db;
pub mod discord_limits;
pub mod fake_discord;
pub mod session;
pub mod terminal;
