//! 扯旋 Chexuan hosted: its table ([`table`]: bobos, top-ups, the reserve
//! for mango, leaving), `paiju play chexuan` ([`terminal`]) and `/chexuan`
//! on Discord ([`discord`]). The rules, the session included, are
//! `games::chexuan`.
//! Its words ([`words`]) and pictures ([`pictures`]) serve both front
//! ends; this file holds its [`Registered`] facts.

pub mod discord;
pub mod pictures;
pub mod table;
pub mod terminal;
pub mod words;

use crate::games::chexuan::session::{is_session_record, ChexuanTable};
use crate::games::chexuan::Chexuan;
use crate::record::{Record, RecordError};
use crate::registry::{RecordReader, Registered};
use crate::simulate::{SimOptions, SimReport};

impl Registered for ChexuanTable {
    /// A `chexuan` record is a whole session when its deal has a `seed`
    /// (or it has the sessions' old name), one hand otherwise.
    fn read_record<R: RecordReader>(record: &Record, reader: R) -> R::Out {
        if is_session_record(record) {
            reader.read::<ChexuanTable>()
        } else {
            reader.read::<Chexuan>()
        }
    }

    fn simulate(opts: &SimOptions) -> Result<SimReport, RecordError> {
        crate::games::chexuan::simulate(opts)
    }
}
