//! 斗地主 Dou Dizhu hosted: its table ([`table`]: seats, the bidding timer,
//! the AI level, escape as leaving, redeals), `paiju play dou-dizhu`
//! ([`terminal`]) and `/dou-dizhu` on Discord ([`discord`]). The rules are
//! `games::dou_dizhu`.
//! Its words ([`words`]) and pictures ([`pictures`]) serve both front
//! ends; this file holds its [`Registered`] facts.

pub mod discord;
pub mod pictures;
pub mod table;
pub mod terminal;
pub mod words;

use crate::games::dou_dizhu::DouDizhu;
use crate::record::RecordError;
use crate::registry::Registered;
use crate::simulate::{SimOptions, SimReport};

impl Registered for DouDizhu {
    fn simulate(opts: &SimOptions) -> Result<SimReport, RecordError> {
        crate::games::dou_dizhu::simulate(opts)
    }
}
