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

#[cfg(test)]
mod tests {
    use crate::games::{with_game, GameKind, GameRules};
    use crate::table::{JoinArgs, SeatSetup, TableGame};
    use rand::SeedableRng;

    /// The runtime asks a game only the money questions of its declared
    /// model (`TableGame::MONEY`): a game whose hooks answer another
    /// model's questions would have its pot or its pay-on-close silently
    /// skipped. Each game, dealt at its smallest table, answers exactly
    /// its model's.
    #[test]
    fn every_game_answers_the_money_questions_of_its_model() {
        for kind in GameKind::ALL {
            with_game!(kind, G => answers_its_model::<G>(kind));
        }
    }

    fn answers_its_model<G: TableGame>(kind: GameKind) {
        let rules = G::Rules::default();
        let seats = *G::seat_range(&rules).start();
        rules.check_table(seats).unwrap();
        let setups: Vec<SeatSetup> = (0..seats)
            .map(|_| SeatSetup {
                human: true,
                join: JoinArgs::default(),
                balance: G::MONEY.reads_balance().then_some(1_000_000),
            })
            .collect();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
        let game = G::deal_table(rules, &setups, &mut rng).unwrap();
        let entry = game.pot_entry(1).expect("no overflow at stake 1");
        assert_eq!(
            !entry.is_empty(),
            G::MONEY.has_pot(),
            "{kind:?}: a pot entry {entry:?} under {:?}",
            G::MONEY
        );
        assert_eq!(
            game.close_payout(1).is_some(),
            G::MONEY.pays_when_cut_short(),
            "{kind:?}: what a game cut short pays, under {:?}",
            G::MONEY
        );
    }
}
