//! 扯旋 Chexuan hosted: its table ([`table`]: bobos, top-ups, the reserve
//! for mango, leaving), `paiju play chexuan` ([`terminal`]) and `/chexuan`
//! on Discord ([`discord`]). The rules, the session included, are
//! `games::chexuan`.

pub mod discord;
pub mod pictures;
pub mod table;
pub mod terminal;
pub mod words;

use crate::games::chexuan::session::{is_session_record, ChexuanTable};
use crate::games::chexuan::Chexuan;
use crate::record::{Record, RecordError, Verdict};
use crate::registry::Registered;
use crate::simulate::{SimOptions, SimReport};

impl Registered for ChexuanTable {
    const FTL: [&'static str; 2] = [
        include_str!("../../../locales/en-US/chexuan.ftl"),
        include_str!("../../../locales/zh-CN/chexuan.ftl"),
    ];

    /// A `chexuan` record is a whole session when its deal has a `seed`
    /// (or it has the sessions' old name), one hand otherwise.
    fn replay(record: &Record, play_out: bool) -> Result<Verdict, RecordError> {
        if is_session_record(record) {
            crate::record::replay_game_with::<ChexuanTable>(record, play_out)
        } else {
            crate::record::replay_game_with::<Chexuan>(record, play_out)
        }
    }

    /// Drawn as it replays: a session, or a single hand.
    fn scene(
        record: &Record,
        at: usize,
        seat: Option<crate::games::Seat>,
        play_out: bool,
    ) -> Result<crate::render::Scene, crate::render::RenderError> {
        if is_session_record(record) {
            crate::render::record_scene::<ChexuanTable>(record, at, seat, play_out)
        } else {
            crate::render::record_scene::<Chexuan>(record, at, seat, play_out)
        }
    }

    fn simulate(opts: &SimOptions) -> Result<SimReport, RecordError> {
        crate::games::chexuan::simulate(opts)
    }
}
