//! Every integration test, in one test binary.
//!
//! Why one: each test binary links the whole crate with serenity, sqlx and
//! tokio, and instantiates their generic code again; 23 binaries made the
//! test build most of CI's time and several GB of disk (a CI run once died
//! of a full disk while linking them). The files keep their own modules —
//! run a part with a filter: `cargo test --test all ledger_concurrency::`.
//!
//! A new test file is a module here (`Cargo.toml` sets `autotests = false`:
//! a file in `tests/` runs only once it is listed below).

// First: its macros (`on_every_database!`) are for the modules below.
#[macro_use]
mod support;

#[path = "arena.rs"]
mod arena;
#[path = "chexuan.rs"]
mod chexuan;
#[path = "comforts.rs"]
mod comforts;
#[path = "config_example.rs"]
mod config_example;
#[path = "crash.rs"]
mod crash;
#[path = "deploy.rs"]
mod deploy;
#[path = "discord_autoplay.rs"]
mod discord_autoplay;
#[path = "discord_chexuan.rs"]
mod discord_chexuan;
#[path = "discord_dou_dizhu_wild.rs"]
mod discord_dou_dizhu_wild;
#[path = "discord_duan_guozi.rs"]
mod discord_duan_guozi;
#[path = "discord_e2e.rs"]
mod discord_e2e;
#[path = "discord_fair_deal.rs"]
mod discord_fair_deal;
#[path = "discord_fits.rs"]
mod discord_fits;
#[path = "discord_gateway.rs"]
mod discord_gateway;
#[path = "discord_lost_channel.rs"]
mod discord_lost_channel;
#[path = "discord_rate_limits.rs"]
mod discord_rate_limits;
#[path = "discord_ratings.rs"]
mod discord_ratings;
#[path = "discord_replay.rs"]
mod discord_replay;
#[path = "discord_settings.rs"]
mod discord_settings;
#[path = "discord_tokens.rs"]
mod discord_tokens;
#[path = "dou_dizhu.rs"]
mod dou_dizhu;
#[path = "duan_guozi.rs"]
mod duan_guozi;
#[path = "fair_deal.rs"]
mod fair_deal;
#[path = "i18n.rs"]
mod i18n;
#[path = "layers.rs"]
mod layers;
#[path = "ledger.rs"]
mod ledger;
#[path = "ledger_backup.rs"]
mod ledger_backup;
#[path = "ledger_cli.rs"]
mod ledger_cli;
#[path = "ledger_concurrency.rs"]
mod ledger_concurrency;
#[path = "ledger_games.rs"]
mod ledger_games;
#[path = "ledger_props.rs"]
mod ledger_props;
#[path = "ledger_ratings.rs"]
mod ledger_ratings;
#[path = "ops.rs"]
mod ops;
#[path = "paohuzi.rs"]
mod paohuzi;
#[path = "promises.rs"]
mod promises;
#[path = "records.rs"]
mod records;
#[path = "reliability.rs"]
mod reliability;
#[path = "server_settings.rs"]
mod server_settings;
#[path = "shengji.rs"]
mod shengji;
#[path = "table_play.rs"]
mod table_play;
#[path = "table_play_lang.rs"]
mod table_play_lang;
#[path = "table_runtime.rs"]
mod table_runtime;
