//! The hosts of the games added after the registry: each game's table,
//! terminal and Discord front ends in one folder, `src/hosts/<game>/`
//! (`table.rs` for its `TableGame`, `terminal.rs` for its `TerminalGame`
//! and `Hosted`, `discord.rs` for its `DiscordGame`). A new game's only
//! line here is its `pub mod`.

pub mod paohuzi;
pub mod shengji;
