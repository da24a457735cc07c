//! Paohuzi (跑胡子) hosted: its table ([`table`]), `paiju play paohuzi`
//! ([`terminal`]) and `/paohuzi` on Discord ([`discord`]). The rules are in
//! `games::paohuzi`; a live hand there ([`PaohuziTable`]) asks every
//! claimant of a card at once.

pub mod discord;
pub mod table;
pub mod terminal;
pub mod words;

pub use crate::games::paohuzi::PaohuziTable;
