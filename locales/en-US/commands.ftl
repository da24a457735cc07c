# Slash command names and descriptions (a game's `/<game>` group is in
# its own `<game>.ftl`). The message value is the command
# (or option) name Discord shows; `.description` is its description.
# en-US names are the names in the code; other locales translate them
# (lowercase, no spaces: Discord's rule ^[-_'\p{L}\p{N}]{1,32}$).

cmd-chips = chips
    .description = Your chip balance (privately), or this server's leaderboard
cmd-chips-opt-user = user
    .description = Whose chips to show (default: yours)
cmd-chips-opt-leaderboard = leaderboard
    .description = Also post this server's leaderboard in the channel (default: only you see your balance)
cmd-daily = daily
    .description = Claim your daily chips
cmd-give = give
    .description = Give some of your chips to another member
cmd-give-opt-user = user
    .description = Who receives the chips
cmd-give-opt-amount = amount
    .description = How many chips
cmd-chips-admin = chips-admin
    .description = Grant or take back chips (Manage Server)
cmd-chips-admin-grant = grant
    .description = Give a member chips from the house
cmd-chips-admin-grant-opt-user = user
    .description = Who receives the chips
cmd-chips-admin-grant-opt-amount = amount
    .description = How many chips
cmd-chips-admin-revoke = revoke
    .description = Take chips back from a member
cmd-chips-admin-revoke-opt-user = user
    .description = Whose chips to take back
cmd-chips-admin-revoke-opt-amount = amount
    .description = How many chips
cmd-history = history
    .description = Recent games in this server
cmd-stats = stats
    .description = Games played, won and chips won, per game
cmd-stats-opt-user = user
    .description = Whose statistics to show (default: yours)
cmd-play = play
    .description = Play cards in the current game
cmd-play-opt-cards = cards
    .description = The cards, e.g. 33344, 10 J Q K A, 大王; with wild cards add as: and ranks, e.g. as:7 8
cmd-pass = pass
    .description = Pass your turn in the current game
cmd-hand = hand
    .description = Show your hand privately
