//! 端锅子 Duan Guozi hosted: its table ([`table`]: the shared pot, antes,
//! the dealer's timer, game after game), `paiju play duan-guozi`
//! ([`terminal`]) and `/duan-guozi` on Discord ([`discord`]). The rules are
//! `games::duan_guozi`.

pub mod discord;
pub mod table;
pub mod terminal;
