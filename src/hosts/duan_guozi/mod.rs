//! 端锅子 Duan Guozi hosted: its table ([`table`]: the shared pot, antes,
//! the dealer's timer, game after game), `paiju play duan-guozi`
//! ([`terminal`]) and `/duan-guozi` on Discord ([`discord`]). The rules are
//! `games::duan_guozi`.
//! Its words ([`words`]) and pictures ([`pictures`]) serve both front
//! ends; this file holds its [`Registered`] facts.

pub mod discord;
pub mod pictures;
pub mod table;
pub mod terminal;
pub mod words;

use crate::games::duan_guozi::DuanGuozi;
use crate::record::RecordError;
use crate::registry::Registered;
use crate::simulate::{SimOptions, SimReport};

impl Registered for DuanGuozi {
    fn simulate(opts: &SimOptions) -> Result<SimReport, RecordError> {
        crate::games::duan_guozi::simulate(opts)
    }
}
