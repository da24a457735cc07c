//! Shared test support: the fake Discord and a way to run the real bot
//! against it.

pub mod bot;
pub mod controls;
pub mod fake_discord;
pub mod session;
