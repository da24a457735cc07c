//! The hosts of the games: each game's table, terminal and Discord front
//! ends in one folder, `src/hosts/<game>/` (`table.rs` for its
//! `TableGame`, `terminal.rs` for its `TerminalGame` and `Hosted`,
//! `discord.rs` or `discord/` for its `DiscordGame`). The shared machinery
//! they plug into is `table` (the runtime), `terminal` (the play loop) and
//! `discord` (commands, clicks, the table driver). A new game's only line
//! here is its `pub mod`.

pub mod chexuan;
pub mod dou_dizhu;
pub mod duan_guozi;
pub mod paohuzi;
pub mod shengji;
