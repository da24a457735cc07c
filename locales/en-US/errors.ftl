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
err-bad-card = “{ $card }” is not a card. Type cards like 33344, 10 J Q K A, or 大王.
err-not-in-hand = You do not hold { $card }.
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

## Ledger refusals (`LedgerError::key`)
ledger-invalid-amount = { $amount } is not a valid amount: use a whole number of 1 or more.
ledger-amount-too-large = That amount is too large.
ledger-insufficient-chips = Not enough chips: the balance is { $balance }, { $needed } are needed.
ledger-self-transfer = You cannot give chips to yourself.
ledger-chips-locked = { $user }'s chips are locked while they play a game here.
ledger-already-seated = { $user } is already seated at a running game in this server.
ledger-duplicate-seat = { $user } cannot take two seats.
ledger-daily-cooldown = You already claimed your daily chips. Try again in { $seconds } seconds.
ledger-unknown-game = That game no longer exists.
ledger-game-not-running = That game is already { $status }.
ledger-not-seated = { $user } has no seat in that game.
ledger-stale-version = That move arrived after a newer one; nothing changed.
ledger-bad-settlement = The game could not be settled; no chips moved.
ledger-idempotency-conflict = That request was already used for something else; nothing changed.
ledger-bad-input = That request could not be accepted.
ledger-internal-error = The chip ledger failed; nothing was changed. Please try again.

## Dou Dizhu refusals (`RuleError::key` of the engine)
err-already-shown = Your hand is already shown.
err-bid-range = A bid is 1, 2 or 3.
err-bid-too-low = Bid higher than { $bid }, or pass.
err-card-twice = { $card } is named twice.
err-does-not-beat = That does not beat the last play.
err-empty-play = Choose at least one card to play.
err-leader-must-play = You lead this round: play something (you cannot pass).
err-must-bid = With cards this strong you must bid.
err-not-a-combination = { $cards } is not a Dou Dizhu combination.
err-not-enough = You have only { $have } of { $card }.
err-not-higher = Bid higher than the current bid, or pass.
err-not-that-reading = { $cards } cannot be played as { $pattern }.
err-option-off = { $option } is not enabled at this table.
err-show-landlord-only = Only the landlord can show the hand now.
err-show-too-late = It is too late to show your hand.
err-unknown-pattern = Unknown pattern name.
err-wrong-phase = You cannot { $action } now.
err-wrong-size = That play has the wrong number of cards.

## Chexuan refusals
err-chexuan-malformed-action = That Chexuan action could not be understood.
err-chexuan-out-of-hand = Seat { $seat } has folded and is out of this hand.
err-chexuan-all-in = Seat { $seat } is all-in and waits for the showdown.
err-chexuan-split-now = Now split your cards into head and tail.
err-chexuan-raise-too-small = A raise must be at least the ante ({ $ante }).
err-chexuan-raise-beyond-bobo = A raise of { $raise } would go beyond your bobo of { $bobo }.
err-chexuan-nothing-to-call = There is nothing to call: check instead.
err-chexuan-call-beyond-bobo = Your bobo of { $bobo } does not cover a call to { $highest }: go all-in or fold.
err-chexuan-check-after-raise = You cannot check after a raise to { $highest }: call, raise, go all-in or fold.
err-chexuan-sanhua-round = Three flowers can only be laid down at the start of a hand.
err-chexuan-no-sanhua = You do not hold three flowers.
err-chexuan-no-showdown-yet = It is not time to split your cards yet.
err-chexuan-split-cards = { $card } is not one of your cards to split.
err-chexuan-head-below-tail = The head ({ $head }) may not be lower than the tail ({ $tail }).
