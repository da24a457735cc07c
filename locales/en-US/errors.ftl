# Errors, said privately to the member who caused them. Game and ledger
# errors carry these ids (`RuleError::key`, `LedgerError::key`).

err-not-your-turn = It is not your turn — please wait for yours.
err-game-over = This game is already over.
err-malformed-action = That action could not be understood.
err-malformed-option = That command came with options of the wrong kind (text where a number goes, or one missing): nothing was done. Type it again from Discord's command menu (restart Discord if the menu is out of date).
err-typed-too-long = That is { $got } characters; /play takes at most { $max }. Type the cards of one play, e.g. 33344 or 10S 10H.
err-seat-taken = Seat { $seat } is taken by another player.
err-seat-range = This table has seats 1 to { $max }.
err-no-such-seat = There is no such seat at this table.
err-illegal-action = That move is not allowed right now.
err-stale = That button belongs to an earlier moment of the game. Please use the current table message.
err-no-table = There is no table in this channel.
err-no-table-of = There is no { $game } table in this channel. Open one with { $command }.
err-table-exists = A table is already open in this channel.
err-not-seated = You are not seated at this table.
err-already-seated = You are already seated at this table.
err-balance-changed = A player's chips moved while the game was starting: nothing changed, start again.
err-table-full = This table is full.
err-not-host = Only the host can do that.
err-stop-permission = Only the host or a member with the Manage Server permission can stop this table.
err-stop-running-permission = Only a member with the Manage Server permission can stop a running game; seated players can leave it.
err-not-enough-players = The table needs { $needed } players to start.
err-game-running = The game has started; this can no longer be changed.
err-guild-only = This command works in a server channel, not in direct messages.
err-permission = You need the Manage Server permission for that.
err-internal = Something went wrong on our side and nothing was changed. Please try again.
err-start-balance-fell = { $user } has only { $balance } chips now, less than what they brought to the table: they must leave (or join again with less) before the game can start.
err-balance-below-table = A seat at this table needs at least { $needed } chips (what one game ordinarily costs at this stake); you have { $chips }.
err-start-below-table = { $user } has only { $balance } chips, less than the { $needed } a seat at this table needs: they must leave before the game can start.
err-shutting-down = The bot is restarting; your game is kept and resumes in a moment.
err-shard-elsewhere = Another instance of the bot is serving this server right now, so nothing was changed. Please try again in a moment.
err-bad-card = “{ $card }” is not a card. Type cards like 33344, 10 J Q K A, or 大王.
err-not-in-hand = You do not hold { $card }.
err-no-cards = Name the cards to play, e.g. /play cards:33344.
err-no-hand = You have no cards in this game.
err-amount-positive = The amount must be a whole number of 1 or more.
err-amount-too-large = That amount is too large.
err-insufficient-chips = You only have { $chips } chips.
err-self-transfer = You cannot give chips to yourself.
err-give-no-account = { $player } has no chips account yet: it opens with their own first command, then you can give.
err-revoke-beyond-balance = { $player } has only { $chips } chips: { $amount } cannot be taken back.
err-bot-user = Bots do not hold chips.
err-daily-cooldown = You already claimed today's chips. Come back { $when }.
err-daily-off = This server gives no daily chips.
err-give-off = Giving chips is turned off in this server.
err-give-limit = A member may give { $limit } chips in 24 hours here; you have { $left } left to give today.
err-setting-changed = Another admin changed `{ $setting }` just now: look at `/paiju settings` and try again.
err-seated-in-game = Chips cannot move while you are seated in a running game.
err-seated-elsewhere = You are already seated at another table in this server.
err-bad-option = Invalid table option: { $detail }
err-option-range = The table option { $option } takes { $min } to { $max }, not { $got }.
err-stake-too-high = The stake { $stake } is higher than { $player }'s chips ({ $chips }).

## Dou Dizhu. Pattern arguments ($play, $standing, $pattern) are record
## names (`trio_single`) and are shown with their ddz-pattern-* words.

err-wrong-phase = You cannot { $action ->
        [bid] bid
        [pass] pass
        [call] call the landlord
        [rob] rob the landlord
        [kick] kick
        [counter-kick] counter-kick
        [double] double
        [play] play cards
        [discard] discard
       *[other] do that
    } now.
err-bid-range = A bid is 1, 2 or 3.
err-bid-too-low = Your bid must be higher than { $bid }.
err-discard-too-many = You may discard at most { $max } cards.
err-must-bid = You hold both jokers, or the big joker with a 2, so you must bid.
err-leader-must-play = You lead this round: play something, you cannot pass.
err-empty-play = Play at least one card.
err-card-twice = { $card } is listed twice.
err-not-enough = { $have ->
        [one] You hold only one { $card }.
       *[other] You hold only { $have } { $card }s.
    }
err-unknown-pattern = That is not the name of a play pattern.
err-not-a-combination = { $cards } is not a valid combination.
err-not-that-reading = { $cards } is not a valid { $pattern ->
        [single] { ddz-pattern-single }
        [pair] { ddz-pattern-pair }
        [trio] { ddz-pattern-trio }
        [trio_single] { ddz-pattern-trio-single }
        [trio_pair] { ddz-pattern-trio-pair }
        [straight] { ddz-pattern-straight }
        [pair_straight] { ddz-pattern-pair-straight }
        [airplane] { ddz-pattern-airplane }
        [airplane_singles] { ddz-pattern-airplane-singles }
        [airplane_pairs] { ddz-pattern-airplane-pairs }
        [four_two] { ddz-pattern-four-two }
        [four_two_pairs] { ddz-pattern-four-two-pairs }
        [bomb] { ddz-pattern-bomb }
        [rocket] { ddz-pattern-rocket }
        *[other] { $pattern }
    }.
err-not-higher = Your { $play ->
        [single] { ddz-pattern-single }
        [pair] { ddz-pattern-pair }
        [trio] { ddz-pattern-trio }
        [trio_single] { ddz-pattern-trio-single }
        [trio_pair] { ddz-pattern-trio-pair }
        [straight] { ddz-pattern-straight }
        [pair_straight] { ddz-pattern-pair-straight }
        [airplane] { ddz-pattern-airplane }
        [airplane_singles] { ddz-pattern-airplane-singles }
        [airplane_pairs] { ddz-pattern-airplane-pairs }
        [four_two] { ddz-pattern-four-two }
        [four_two_pairs] { ddz-pattern-four-two-pairs }
        [bomb] { ddz-pattern-bomb }
        [rocket] { ddz-pattern-rocket }
        *[other] { $play }
    } is not higher than the { $standing ->
        [single] { ddz-pattern-single }
        [pair] { ddz-pattern-pair }
        [trio] { ddz-pattern-trio }
        [trio_single] { ddz-pattern-trio-single }
        [trio_pair] { ddz-pattern-trio-pair }
        [straight] { ddz-pattern-straight }
        [pair_straight] { ddz-pattern-pair-straight }
        [airplane] { ddz-pattern-airplane }
        [airplane_singles] { ddz-pattern-airplane-singles }
        [airplane_pairs] { ddz-pattern-airplane-pairs }
        [four_two] { ddz-pattern-four-two }
        [four_two_pairs] { ddz-pattern-four-two-pairs }
        [bomb] { ddz-pattern-bomb }
        [rocket] { ddz-pattern-rocket }
        *[other] { $standing }
    } on the table. Play a higher one or pass.
err-wrong-size = Your { $play ->
        [single] { ddz-pattern-single }
        [pair] { ddz-pattern-pair }
        [trio] { ddz-pattern-trio }
        [trio_single] { ddz-pattern-trio-single }
        [trio_pair] { ddz-pattern-trio-pair }
        [straight] { ddz-pattern-straight }
        [pair_straight] { ddz-pattern-pair-straight }
        [airplane] { ddz-pattern-airplane }
        [airplane_singles] { ddz-pattern-airplane-singles }
        [airplane_pairs] { ddz-pattern-airplane-pairs }
        [four_two] { ddz-pattern-four-two }
        [four_two_pairs] { ddz-pattern-four-two-pairs }
        [bomb] { ddz-pattern-bomb }
        [rocket] { ddz-pattern-rocket }
        *[other] { $play }
    } does not have as many cards as the { $standing ->
        [single] { ddz-pattern-single }
        [pair] { ddz-pattern-pair }
        [trio] { ddz-pattern-trio }
        [trio_single] { ddz-pattern-trio-single }
        [trio_pair] { ddz-pattern-trio-pair }
        [straight] { ddz-pattern-straight }
        [pair_straight] { ddz-pattern-pair-straight }
        [airplane] { ddz-pattern-airplane }
        [airplane_singles] { ddz-pattern-airplane-singles }
        [airplane_pairs] { ddz-pattern-airplane-pairs }
        [four_two] { ddz-pattern-four-two }
        [four_two_pairs] { ddz-pattern-four-two-pairs }
        [bomb] { ddz-pattern-bomb }
        [rocket] { ddz-pattern-rocket }
        *[other] { $standing }
    } on the table. Play the same length or pass.
err-does-not-beat = Your { $play ->
        [single] { ddz-pattern-single }
        [pair] { ddz-pattern-pair }
        [trio] { ddz-pattern-trio }
        [trio_single] { ddz-pattern-trio-single }
        [trio_pair] { ddz-pattern-trio-pair }
        [straight] { ddz-pattern-straight }
        [pair_straight] { ddz-pattern-pair-straight }
        [airplane] { ddz-pattern-airplane }
        [airplane_singles] { ddz-pattern-airplane-singles }
        [airplane_pairs] { ddz-pattern-airplane-pairs }
        [four_two] { ddz-pattern-four-two }
        [four_two_pairs] { ddz-pattern-four-two-pairs }
        [bomb] { ddz-pattern-bomb }
        [rocket] { ddz-pattern-rocket }
        *[other] { $play }
    } cannot beat the { $standing ->
        [single] { ddz-pattern-single }
        [pair] { ddz-pattern-pair }
        [trio] { ddz-pattern-trio }
        [trio_single] { ddz-pattern-trio-single }
        [trio_pair] { ddz-pattern-trio-pair }
        [straight] { ddz-pattern-straight }
        [pair_straight] { ddz-pattern-pair-straight }
        [airplane] { ddz-pattern-airplane }
        [airplane_singles] { ddz-pattern-airplane-singles }
        [airplane_pairs] { ddz-pattern-airplane-pairs }
        [four_two] { ddz-pattern-four-two }
        [four_two_pairs] { ddz-pattern-four-two-pairs }
        [bomb] { ddz-pattern-bomb }
        [rocket] { ddz-pattern-rocket }
        *[other] { $standing }
    } on the table. { $standing ->
        [rocket] Nothing beats the rocket: pass.
        [bomb] Only a higher bomb or the rocket beats a bomb; otherwise pass.
       *[other] Play the same pattern higher, a bomb, or pass.
    }
err-option-off = { $option ->
        [show_cards] Showing your hand (明牌)
       *[other] The option “{ $option }”
    } is not played at this table.
err-already-shown = Your hand is already shown.
err-show-landlord-only = Only the landlord may show the hand after taking the kitty.
err-show-too-late = It is too late to show your hand now.

## Chexuan. $head and $tail are hand ids, shown with their chexuan-hand-* words.

err-chexuan-malformed-action = That Chexuan action could not be understood.
err-chexuan-out-of-hand = You are out of this hand (folded or laid down) and take no further actions.
err-chexuan-all-in = You are all-in (敲) and take no further actions this hand.
err-chexuan-raise-too-small = A raise (大) is at least the ante: { $ante } chips.
err-chexuan-raise-beyond-bobo = A raise of { $raise } would put in more than your bobo (簸簸) of { $bobo } chips. Raise less, or go all-in (敲).
err-chexuan-nothing-to-call = There is nothing to call: check (休) instead.
err-chexuan-call-beyond-bobo = Your bobo (簸簸) of { $bobo } chips does not cover a call to { $highest }: go all-in (敲) or fold (丢).
err-chexuan-check-after-raise = You cannot check (休): the highest contribution is { $highest }. Call, raise, go all-in or fold.
err-chexuan-sanhua-round = 三花 may be laid down only in the third betting round.
err-chexuan-no-sanhua = Your four cards make neither 三花十 nor 三花六.
err-chexuan-no-showdown-yet = There is no showdown yet: you split your cards into head and tail once the betting is over.
err-chexuan-split-now = The betting is over: split your four cards into a head (头) and a tail (尾).
err-chexuan-split-cards = { $card } is not one of your cards (or is given twice).
err-chexuan-head-below-tail = The head may not be lower than the tail: your head would be { $head ->
        [ding-er-huang] { chexuan-hand-ding-er-huang }
        [tian] { chexuan-hand-tian }
        [di] { chexuan-hand-di }
        [ren] { chexuan-hand-ren }
        [he] { chexuan-hand-he }
        [mei-shi] { chexuan-hand-mei-shi }
        [ban-deng] { chexuan-hand-ban-deng }
        [chang-san] { chexuan-hand-chang-san }
        [hu-tou] { chexuan-hand-hu-tou }
        [shao-shi] { chexuan-hand-shao-shi }
        [mao-mao] { chexuan-hand-mao-mao }
        [gao-yao] { chexuan-hand-gao-yao }
        [hei-wu] { chexuan-hand-hei-wu }
        [hei-qi] { chexuan-hand-hei-qi }
        [hei-ba] { chexuan-hand-hei-ba }
        [hei-jiu] { chexuan-hand-hei-jiu }
        [tian-wang] { chexuan-hand-tian-wang }
        [di-wang] { chexuan-hand-di-wang }
        [tian-gang] { chexuan-hand-tian-gang }
        [di-gang] { chexuan-hand-di-gang }
        [tian-guan-jiu] { chexuan-hand-tian-guan-jiu }
        [di-guan-jiu] { chexuan-hand-di-guan-jiu }
        [deng-long-jiu] { chexuan-hand-deng-long-jiu }
        [he-wu-jiu] { chexuan-hand-he-wu-jiu }
        [ban-wu-jiu] { chexuan-hand-ban-wu-jiu }
        [ding-chang-jiu] { chexuan-hand-ding-chang-jiu }
        [mei-shi-jiu] { chexuan-hand-mei-shi-jiu }
        [ding-mao-jiu] { chexuan-hand-ding-mao-jiu }
        [wu-long-jiu] { chexuan-hand-wu-long-jiu }
        [shao-shi-jiu] { chexuan-hand-shao-shi-jiu }
        [points-0] { chexuan-hand-points-0 }
        [points-1] { chexuan-hand-points-1 }
        [points-2] { chexuan-hand-points-2 }
        [points-3] { chexuan-hand-points-3 }
        [points-4] { chexuan-hand-points-4 }
        [points-5] { chexuan-hand-points-5 }
        [points-6] { chexuan-hand-points-6 }
        [points-7] { chexuan-hand-points-7 }
        [points-8] { chexuan-hand-points-8 }
        [points-9] { chexuan-hand-points-9 }
        *[other] { $head }
    } and your tail { $tail ->
        [ding-er-huang] { chexuan-hand-ding-er-huang }
        [tian] { chexuan-hand-tian }
        [di] { chexuan-hand-di }
        [ren] { chexuan-hand-ren }
        [he] { chexuan-hand-he }
        [mei-shi] { chexuan-hand-mei-shi }
        [ban-deng] { chexuan-hand-ban-deng }
        [chang-san] { chexuan-hand-chang-san }
        [hu-tou] { chexuan-hand-hu-tou }
        [shao-shi] { chexuan-hand-shao-shi }
        [mao-mao] { chexuan-hand-mao-mao }
        [gao-yao] { chexuan-hand-gao-yao }
        [hei-wu] { chexuan-hand-hei-wu }
        [hei-qi] { chexuan-hand-hei-qi }
        [hei-ba] { chexuan-hand-hei-ba }
        [hei-jiu] { chexuan-hand-hei-jiu }
        [tian-wang] { chexuan-hand-tian-wang }
        [di-wang] { chexuan-hand-di-wang }
        [tian-gang] { chexuan-hand-tian-gang }
        [di-gang] { chexuan-hand-di-gang }
        [tian-guan-jiu] { chexuan-hand-tian-guan-jiu }
        [di-guan-jiu] { chexuan-hand-di-guan-jiu }
        [deng-long-jiu] { chexuan-hand-deng-long-jiu }
        [he-wu-jiu] { chexuan-hand-he-wu-jiu }
        [ban-wu-jiu] { chexuan-hand-ban-wu-jiu }
        [ding-chang-jiu] { chexuan-hand-ding-chang-jiu }
        [mei-shi-jiu] { chexuan-hand-mei-shi-jiu }
        [ding-mao-jiu] { chexuan-hand-ding-mao-jiu }
        [wu-long-jiu] { chexuan-hand-wu-long-jiu }
        [shao-shi-jiu] { chexuan-hand-shao-shi-jiu }
        [points-0] { chexuan-hand-points-0 }
        [points-1] { chexuan-hand-points-1 }
        [points-2] { chexuan-hand-points-2 }
        [points-3] { chexuan-hand-points-3 }
        [points-4] { chexuan-hand-points-4 }
        [points-5] { chexuan-hand-points-5 }
        [points-6] { chexuan-hand-points-6 }
        [points-7] { chexuan-hand-points-7 }
        [points-8] { chexuan-hand-points-8 }
        [points-9] { chexuan-hand-points-9 }
        *[other] { $tail }
    }. Swap them.
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
err-click-again = That took too long to open here — please click the button again.
err-timer-only = Only the turn timer plays that move.

# Table options refused (the host reads why, in his language).
err-option-stake-positive = The stake must be a positive number of chips.
err-option-stake-max = The stake may be at most { $max } chips.
err-option-rules-object = The table options must be a JSON object of option names and values.
err-option-overflow = These options make more chips than a table can count: choose a smaller stake or ante.
err-option-rake = The rake is a percentage from 0 to 100, not { $rake }.
err-option-ddz-players = Dou Dizhu is played by 3 players, or 2 in the two-player variant, not { $players }.
err-option-ddz-kick-bidding = Kicking (踢) needs bidding by points (bidding: score).
err-option-ddz-kick-two = Kicking (踢) is not played with two players: they rob the landlord instead.
err-option-chexuan-ante = The ante is from 1 to { $max } chips, not { $ante }.
err-option-chexuan-min-bobo = The smallest bobo must be at least the ante ({ $ante }) and at most { $max } chips, not { $min }.
err-option-chexuan-stake = A Chexuan table plays for chips: its stake is 1 (set the ante instead).
err-option-dg-ante = The ante is from 1 to { $max } dao, not { $ante }.
err-option-dg-point-dao = The dao of the point hands (point_dao) must be 1 to 4 each, never falling from 1 point to 9.
err-option-dg-sweep = The sweep house rule takes two numbers, both at least 1: [pot at most, dao at least].
err-option-dg-chips-per-dao = Chips per dao must be at least 1.
err-lease-held = Another paiju process (pid { $pid } on { $host }, running since { $since }) is playing at the tables of this ledger. Stop it first, or use another database.
err-database-damaged = The database file is damaged ({ $detail }). Nothing was played or changed; restore it from a backup.
err-game-off = { $game } is turned off in this server.
err-channel-not-allowed = Games can't start in this channel. Try { $channels }.
err-host-role = Opening a table here needs the role { $role }.
err-autoplay-not-here = This game does not hand a seat to the computer (no 托管): at a betting game it would bet your chips.
err-season-running = This season has rated games already: end it with `/season end`.
err-bot-permissions = I cannot run a table in this channel: I am missing { $permissions } here. Ask an admin to give me { $permissions } in this channel (Edit Channel → Permissions), then start again.
err-replay-unknown = There is no game #{ $game }. `/history` lists this server's games with their numbers.
err-replay-other-server = Game #{ $game } was not played in this server: it can only be replayed where it was played.
err-replay-not-seat = Only the players of game #{ $game } can replay it: the replay shows their own hands.
err-replay-running = Game #{ $game } is still being played: it can be replayed once it ends.
err-replay-no-record = Game #{ $game } has no record to replay: it was cancelled before any cards were dealt.
err-replay-broken = This game's record cannot be replayed by this version of the bot.
