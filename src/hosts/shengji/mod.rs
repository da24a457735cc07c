//! 升级 / 拖拉机 Shengji's hosts: the table ([`table`]: seats, teams,
//! chips every hand, the match from hand to hand, the deal on the table's
//! clock), the terminal ([`terminal`]) and Discord ([`discord`]). The
//! rules are `games::shengji`; the hand a table deals is
//! `games::shengji::session::ShengjiTable`.

pub mod table;
