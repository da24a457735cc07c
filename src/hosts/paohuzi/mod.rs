//! Paohuzi (跑胡子) hosted: its table ([`table`]), `paiju play paohuzi`
//! ([`terminal`]) and `/paohuzi` on Discord ([`discord`]). The rules are in
//! `games::paohuzi`; a live hand there ([`PaohuziTable`]) asks every
//! claimant of a card at once.
//! Its words ([`words`]) and pictures ([`pictures`]) serve both front
//! ends; this file holds its [`Registered`] facts.

pub mod discord;
pub mod pictures;
pub mod table;
pub mod terminal;
pub mod words;

use crate::games::paohuzi::Paohuzi;
pub use crate::games::paohuzi::PaohuziTable;
use crate::record::{Record, RecordError};
use crate::registry::{RecordReader, Registered};
use crate::simulate::{SimOptions, SimReport};

/// Whether a Paohuzi record is of a hand played at a live table (`together`
/// in its deal: claims answered together) rather than by the engine alone;
/// replay and render read a record by this one test.
fn played_at_a_table(record: &Record) -> bool {
    record.deal.get("together") == Some(&serde_json::Value::Bool(true))
}

impl Registered for PaohuziTable {
    /// A hand played at a live table (`played_at_a_table`) reads as
    /// [`PaohuziTable`], answers in the order they came; any other as the
    /// engine, one question at a time.
    fn read_record<R: RecordReader>(record: &Record, reader: R) -> R::Out {
        if played_at_a_table(record) {
            reader.read::<PaohuziTable>()
        } else {
            reader.read::<Paohuzi>()
        }
    }

    fn simulate(opts: &SimOptions) -> Result<SimReport, RecordError> {
        crate::games::paohuzi::simulate(opts)
    }
}
