# Deals anyone can verify (公平发牌): the commitment a table shows at the
# deal, the seed its result reveals, and `paiju verify`'s verdict. The
# scheme is in README.md, "Deals anyone can verify".

## Discord: the table message and the result.

fair-title = Fair deal
fair-commitment = Commitment `{ $commitment }…` (SHA-256 of this deal's secret seed, revealed at the end)
fair-commitment-chosen = Commitment `{ $commitment }…`: the seed was chosen by a player, so it proves nothing
fair-revealed = Seed `{ $seed }`
    Commitment `{ $commitment }`
fair-verified = ✅ The commitment is this seed's, and the seed deals exactly this game's cards. Anyone can check the record with `paiju verify`.
fair-not-verified = ❌ The record does NOT check against this seed and commitment.
fair-chosen-note = The seed was chosen by a player (`--seed`): the deal is reproducible, and proves nothing about fairness.

## The terminal (`paiju play`).

term-fair-commitment = Fair deal: commitment `{ $commitment }` (SHA-256 of this deal's secret seed; the seed is shown when the game ends).
term-fair-commitment-chosen = Deal from your `--seed` (reproducible): commitment `{ $commitment }`; a seed you chose proves nothing about fairness.
term-fair-revealed = Seed of this deal: `{ $seed }`
term-fair-verified = The commitment `{ $commitment }` is this seed's, and the seed deals exactly this game's cards (`paiju verify` checks a record).
term-fair-not-verified = The record does NOT check against the seed and the commitment `{ $commitment }`.

## `paiju verify RECORD`.

verify-ok = Verified: { $game } game #{ $id }. The commitment { $commitment } is SHA-256 of its seed { $seed }, and that seed deals exactly this record's cards.
verify-ok-chosen = The seed was chosen by a player (`paiju play --seed`): the record's deal was not changed, but a chosen seed proves nothing about fairness.
verify-limits = This proves the deal was fixed when the commitment was shown and that the record holds that deal; not that the seed was drawn at random, nor that the actions were the players'.
verify-failed = NOT verified: this record's deal does not check against its seed and commitment.
verify-more = … and { $count ->
        [one] 1 more difference
       *[other] { $count } more differences
    }.
fair-no-seed = it carries no seed and no commitment (a game dealt before fair deals, or a record without its `fair` field)
fair-not-committed = it carries a seed but no commitment (a game still running, or cut short before it ended)
fair-commitment-mismatch = the commitment { $recorded } is not this game's for its seed (that would be { $computed })
fair-deal-differs = at { $path } the record has { $record }, but the seed deals { $seed }
