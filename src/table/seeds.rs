//! Where a table's deal seeds come from (fair deals, [`crate::fair`]).
//!
//! Every deal gets a fresh 256-bit seed from the operating system's
//! generator (`getrandom` through [`OsRng`]): once the result reveals one
//! deal's seed, nothing about the next deal at the table follows from it.
//! The table's bots draw from a generator of their own, keyed from the same
//! source, so their draws say nothing of a deal either. A table whose player
//! chose a seed (`paiju play --seed`, the tests) derives its deal seeds from
//! it in order instead, reproducibly, and marks them chosen: such a
//! commitment proves nothing, and the table says so. There the bots go on
//! from where the first deal left its generator, as they always did, so a
//! chosen seed plays the same first game as before fair deals.

use crate::fair::{self, Bytes32, FairDeal};
use rand::rngs::OsRng;
use rand::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// A table's source of deal seeds.
pub(crate) struct DealSeeds {
    /// The seed a player chose, if any.
    pub chosen: Option<u64>,
    /// Seeds given so far (the index of the next chosen one).
    dealt: u64,
}

impl DealSeeds {
    pub fn new(chosen: Option<u64>) -> DealSeeds {
        DealSeeds { chosen, dealt: 0 }
    }

    /// The seed of the next deal. The operating system's generator does
    /// not fail where the bot runs (Linux's `getrandom` waits until it is
    /// seeded); if it did, the table's task stops here rather than deal
    /// from a seed that is not fresh.
    /// Whether the bots take over the generator of the deal just given:
    /// the first at a table whose player chose the seed (see above).
    pub fn bots_follow_the_deal(&self) -> bool {
        self.chosen.is_some() && self.dealt == 1
    }

    pub fn next(&mut self) -> FairDeal {
        let n = self.dealt;
        self.dealt += 1;
        match self.chosen {
            Some(seed) => FairDeal::new(fair::chosen_seed(seed, n), true),
            None => {
                let mut seed = [0u8; 32];
                OsRng.fill_bytes(&mut seed);
                FairDeal::new(Bytes32(seed), false)
            }
        }
    }
}

/// The generator of a table's bots: from the chosen seed (the same game
/// plays the same way), else keyed by 256 bits of the operating system's.
pub(crate) fn bot_rng(chosen: Option<u64>) -> ChaCha8Rng {
    match chosen {
        Some(seed) => ChaCha8Rng::seed_from_u64(seed),
        None => ChaCha8Rng::from_rng(OsRng).unwrap_or_else(|_| ChaCha8Rng::from_entropy()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fresh_seeds_differ_and_are_not_chosen() {
        let mut seeds = DealSeeds::new(None);
        let (a, b) = (seeds.next(), seeds.next());
        assert_ne!(a.seed, b.seed);
        assert!(!a.chosen && !b.chosen);
    }

    #[test]
    fn a_chosen_seed_gives_the_same_seeds_in_order_marked_chosen() {
        let mut one = DealSeeds::new(Some(7));
        let mut two = DealSeeds::new(Some(7));
        let first = one.next();
        assert_eq!(first, two.next());
        assert!(first.chosen);
        assert_ne!(first.seed, one.next().seed);
    }
}
