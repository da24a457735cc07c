# Errors, said privately to the member who caused them. Game and ledger
# errors carry these ids (`RuleError::key`, `LedgerError::key`).

err-not-your-turn = It is not your turn — please wait for yours.
err-game-over = This game is already over.
err-malformed-action = That action could not be understood.
err-no-such-seat = There is no such seat at this table.
err-illegal-action = That move is not allowed right now.
err-stale = That button belongs to an earlier moment of the game. Please use the current table message.
err-no-table = There is no table in this channel. Open one with /dou-dizhu start.
err-table-exists = A table is already open in this channel.
err-not-seated = You are not seated at this table.
err-already-seated = You are already seated at this table.
err-table-full = This table is full.
err-not-host = Only the host can do that.
err-not-enough-players = The table needs { $needed } players to start.
err-game-running = The game has started; this can no longer be changed.
err-guild-only = This command works in a server channel, not in direct messages.
err-permission = You need the Manage Server permission for that.
err-internal = Something went wrong on our side and nothing was changed. Please try again.
err-shutting-down = The bot is restarting; your game is kept and resumes in a moment.
err-bad-card = “{ $input }” is not a card. Type cards like 33344, 10 J Q K A, or 大王.
err-not-in-hand = You do not hold { $cards }.
err-no-cards = Name the cards to play, e.g. /play cards:33344.
err-no-hand = You have no cards in this game.
err-amount-positive = The amount must be a whole number of 1 or more.
err-amount-too-large = That amount is too large.
err-insufficient-chips = You only have { $chips } chips.
err-self-transfer = You cannot give chips to yourself.
err-bot-user = Bots do not hold chips.
err-daily-cooldown = You already claimed today's chips. Come back { $when }.
err-seated-in-game = Chips cannot move while you are seated in a running game.
err-seated-elsewhere = You are already seated at another table in this server.
err-bad-option = Invalid table option: { $detail }
err-stake-too-high = The stake { $stake } is higher than { $player }'s chips ({ $chips }).
