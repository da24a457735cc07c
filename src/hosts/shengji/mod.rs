//! 升级 / 拖拉机 Shengji hosted: its table ([`table`]: seats, teams,
//! chips every hand, the match from hand to hand, the deal on the table's
//! clock), `paiju play shengji` ([`terminal`]), `/shengji` on Discord
//! ([`discord`]), its words ([`words`]) and pictures ([`pictures`]). The
//! rules are `games::shengji`; the hand a table deals is
//! `games::shengji::session::ShengjiTable`.

pub mod discord;
pub mod pictures;
pub mod table;
pub mod terminal;
pub mod words;

use crate::games::shengji::ShengjiTable;
use crate::record::RecordError;
use crate::registry::Registered;
use crate::simulate::{SimOptions, SimReport};

impl Registered for ShengjiTable {
    fn simulate(opts: &SimOptions) -> Result<SimReport, RecordError> {
        crate::games::shengji::simulate(opts)
    }
}
