//! Dou Dizhu, one test binary (fewer binaries link faster in CI): the
//! basic AI and the arena ([`ai`]), malformed records ([`malformed`]),
//! properties over random games ([`props`]), the discard variant
//! ([`variants`]), the wild card ([`wild`]) and the table runtime
//! ([`table`]).

#[path = "dou_dizhu/ai.rs"]
mod ai;
#[path = "dou_dizhu/malformed.rs"]
mod malformed;
#[path = "dou_dizhu/props.rs"]
mod props;
#[path = "dou_dizhu/table.rs"]
mod table;
#[path = "dou_dizhu/variants.rs"]
mod variants;
#[path = "dou_dizhu/wild.rs"]
mod wild;
