//! Paohuzi (跑胡子) hosted: its table ([`table`]), `paiju play paohuzi`
//! ([`terminal`]) and `/paohuzi` on Discord ([`discord`]). The rules are in
//! `games::paohuzi`; a live hand there ([`PaohuziTable`]) asks every
//! claimant of a card at once.

pub mod discord;
pub mod pictures;
pub mod table;
pub mod terminal;
pub mod words;

use crate::games::paohuzi::Paohuzi;
pub use crate::games::paohuzi::PaohuziTable;
use crate::record::{Record, RecordError, Verdict};
use crate::registry::Registered;
use crate::simulate::{SimOptions, SimReport};

/// Whether a Paohuzi record is of a hand played at a live table (`together`
/// in its deal: claims answered together) rather than by the engine alone;
/// replay and render read a record by this one test.
fn played_at_a_table(record: &Record) -> bool {
    record.deal.get("together") == Some(&serde_json::Value::Bool(true))
}

impl Registered for PaohuziTable {
    const FTL: [&'static str; 2] = [
        include_str!("../../../locales/en-US/paohuzi.ftl"),
        include_str!("../../../locales/zh-CN/paohuzi.ftl"),
    ];

    /// A hand played at a live table ([`played_at_a_table`]) replays
    /// through [`PaohuziTable`], answers in the order they came; any other
    /// through the engine, one question at a time.
    fn replay(record: &Record, play_out: bool) -> Result<Verdict, RecordError> {
        if played_at_a_table(record) {
            crate::record::replay_game_with::<PaohuziTable>(record, play_out)
        } else {
            crate::record::replay_game_with::<Paohuzi>(record, play_out)
        }
    }

    /// Drawn as it replays: the same form of the hand.
    fn scene(
        record: &Record,
        at: usize,
        seat: Option<crate::games::Seat>,
        play_out: bool,
    ) -> Result<crate::render::Scene, crate::render::RenderError> {
        if played_at_a_table(record) {
            crate::render::record_scene::<PaohuziTable>(record, at, seat, play_out)
        } else {
            crate::render::record_scene::<Paohuzi>(record, at, seat, play_out)
        }
    }

    fn simulate(opts: &SimOptions) -> Result<SimReport, RecordError> {
        crate::games::paohuzi::simulate(opts)
    }
}
