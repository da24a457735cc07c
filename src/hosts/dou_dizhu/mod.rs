//! 斗地主 Dou Dizhu hosted: its table ([`table`]: seats, the bidding timer,
//! the AI level, escape as leaving, redeals), `paiju play dou-dizhu`
//! ([`terminal`]) and `/dou-dizhu` on Discord ([`discord`]). The rules are
//! `games::dou_dizhu`.

pub mod discord;
pub mod table;
pub mod terminal;
