//! 扯旋 Chexuan hosted: its table ([`table`]: bobos, top-ups, the reserve
//! for mango, leaving), `paiju play chexuan` ([`terminal`]) and `/chexuan`
//! on Discord ([`discord`]). The rules, the session included, are
//! `games::chexuan`.

pub mod discord;
pub mod table;
pub mod terminal;
