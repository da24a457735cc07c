//! The hosts of the games: each game in one folder, `src/hosts/<game>/`,
//! of the same parts — `mod.rs` (its [`Registered`](crate::registry::Registered)
//! facts), `table.rs` (its `TableGame`), `words.rs` (its words, for both
//! front ends), `pictures.rs` (its `Drawn`), `terminal.rs` (its
//! `TerminalGame`, and its `Hosted` impl with the flags of `paiju play
//! <game>`) and `discord.rs` or `discord/` (its `DiscordGame`). The shared
//! machinery they plug into is `table` (the runtime), `terminal` (the play
//! loop), `discord` (commands, clicks, the table driver), `render` (the
//! drawing) and `i18n` (card names, [`Seats`](crate::i18n::events::Seats)).
//! A new game's only line here is its `pub mod`.

pub mod chexuan;
pub mod dou_dizhu;
pub mod duan_guozi;
pub mod paohuzi;
pub mod shengji;
