# The bot's own words: table message, buttons, hands, results, chips.

## Buttons and menus
btn-join = Join
btn-leave = Leave
btn-add-ai = Add AI
btn-start = Start
btn-cancel = Cancel
btn-my-hand = My hand
btn-play = Play
btn-pass = Pass
btn-hint = Hint
btn-play-again = Play again
btn-bid = Bid { $points }
btn-call = Call landlord
btn-rob = Rob
btn-kick = Kick
btn-counter = Counter-kick
btn-double = Double
btn-no = No thanks
btn-show = Show my hand
hand-select-placeholder = Choose the cards to play

## The table message
table-title = Dou Dizhu · stake { $stake }
table-host = Host: { $player }
table-lobby-hint = Press Join to take a seat. When three seats are filled the host presses Start (Add AI fills a seat with the computer).
lobby-min-balance = Each seat needs at least { $chips } chips (what one game ordinarily costs at this stake).
result-loss-capped = { $player } owed { $owed } chips but had only { $paid }: the loss was capped there.
table-seat-empty = (empty seat)
table-ai-name = AI { $number }
table-role-landlord = Landlord
table-role-farmer = Farmer
table-cards-left = { $count ->
    [one] 1 card
   *[other] { $count } cards
}
table-landlord = Landlord: { $player }
table-kitty = Kitty: { $cards }
table-multiplier = Multiplier: ×{ $multiplier }
table-last-play = Last play: { $player } — { $pattern } { $cards }
table-new-round = New round: { $player } leads
table-turn-bid = { $player } to bid
table-turn-play = { $player } to play
table-turn-choose = { $player } to choose
# Whose turn it is ($turn, one of the lines above or table-new-round) until when.
table-turn-deadline = { $turn }, { $deadline }
table-autoplay = The computer plays for { $player } until they act again.
table-cancelled = The table was closed; no chips moved.
# The table message of a game left behind by a restart, its buttons removed.
table-moved-on = The bot restarted; this game goes on in a new message: { $link }
table-moved-on-unposted = The bot restarted; this game goes on in a new message below.
table-starting = Dealing the cards…

## Events posted in the channel
event-joined = { $player } sat down.
event-left = { $player } left the table.
event-bid = { $you ->
    [yes] You bid
   *[other] { $player } bids
} { $points }.
event-passed = { $you ->
    [yes] { $on ->
        [bid] You do not bid
        [rob] You do not rob
        [kick] You do not kick
        [discard] You keep your cards
        [double] You do not double
       *[play] You pass
    }
   *[other] { $on ->
        [bid] { $player } does not bid
        [rob] { $player } does not rob
        [kick] { $player } does not kick
        [discard] { $player } keeps the cards
        [double] { $player } does not double
       *[play] { $player } passes
    }
}.
event-called = { $you ->
    [yes] You call
   *[other] { $player } calls
} for landlord.
event-robbed = { $you ->
    [yes] You rob
   *[other] { $player } robs
} the landlord!
event-kicked = { $you ->
    [yes] You kick
   *[other] { $player } kicks
}! ×2
event-doubled = { $you ->
    [yes] You double
   *[other] { $player } doubles
}! ×2
event-shown = { $you ->
    [yes] You show your hand
   *[other] { $player } shows their hand
}: { $cards }
event-landlord = { $you ->
    [yes] You are the landlord and take
   *[other] { $player } is the landlord and takes
} the kitty: { $cards }
event-played = { $you ->
    [yes] You play
   *[other] { $player } plays
} { $pattern }: { $cards }
event-redeal = Everyone passed: the cards are dealt again.
event-dm-closed = { $player } does not accept direct messages from this server. Press “My hand” to see your cards privately.

## Hands (direct messages and private replies)
dm-hand-title = Your { $game } hand in { $channel }
hand-cards = { $count ->
    [one] Your hand (1 card): { $cards }
   *[other] Your hand ({ $count } cards): { $cards }
}
hand-view-outdated = That view was out of date (a second click?): the click did nothing. Your hand as it is now:
view-renewed = Your last answer could not be shown in your earlier private view (Discord lets a bot reach a private message for 15 minutes only), so here is a fresh view:
hand-your-turn = It is your turn: pick cards below, then Play; or Pass.
hand-not-your-turn = Not your turn yet; this view is just your hand.
hand-too-many = Your hand has more cards than one menu can hold: type /play for the rest.
hint-none = Nothing in your hand beats the last play: pass.
hint-suggest = Hint: { $pattern } { $cards }
play-done = You played { $pattern }: { $cards }
pass-done = You passed.
action-done = Done.

## The result
result-landlord-wins = The landlord wins!
result-farmers-win = { $farmers ->
    [one] The farmer wins!
   *[other] The farmers win!
}
result-multiplier = Multiplier ×{ $multiplier } = { $factors }
result-seat = { $player } ({ $role }): { $delta } chips → { $balance }
result-seat-ai = { $player } ({ $role }): { $delta } chips (house)
# The same for a seat without a role.
result-seat-plain = { $player }: { $delta } chips → { $balance }
result-seat-ai-plain = { $player }: { $delta } chips (house)
result-rake = The house took { $rake } chips of rake.
result-escape = { $player } left the game and pays the escape penalty.
factor-bid = bid ×{ $value }
factor-rob = robs ×{ $value }
factor-kick = kicks ×{ $value }
factor-kitty = kitty ×{ $value }
factor-show = shown hand ×{ $value }
factor-bombs = { $count ->
    [0] { $rockets ->
        [one] rocket
       *[other] { $rockets } rockets
    }
    [one] 1 bomb{ $rockets ->
        [0] {""}
       *[other] {" "}+ rocket
    }
   *[other] { $count } bombs{ $rockets ->
        [0] {""}
       *[other] {" "}+ rocket
    }
} ×{ $value }
factor-spring = spring ×2
factor-anti-spring = anti-spring ×2
factor-doubled = { $player } doubled ×2

## Chips
chips-balance = { $player } has { $chips } chips.
chips-no-account = { $player } has no chips account yet: it opens with their own first command.
chips-leaderboard = Leaderboard
chips-leaderboard-line = { $rank }. { $player } — { $chips }
chips-leaderboard-empty = Nobody has chips in this server yet.
chips-your-rank = Your rank: #{ $rank } with { $chips } chips.
daily-claimed = You claimed { $amount } chips. Your balance: { $chips }.
give-done = You gave { $amount } chips to { $player }. Your balance: { $chips }.
admin-granted = Granted { $amount } chips to { $player }. Their balance: { $chips }.
admin-revoked = Took back { $amount } chips from { $player }. Their balance: { $chips }.
history-title = Recent games in this server
history-line = #{ $id } · { $when } · { $game } · { $status } · { $players }
history-empty = No games have been played here yet.
history-fewer = { $count ->
    [one] Only the newest game fits here.
   *[other] Only the newest { $count } games fit here.
}
stats-title = Statistics of { $player }
stats-line = { $game }: { $games } played, { $wins } won, { $net } chips
stats-empty = { $player } has not played yet.

## The command line
cli-no-token = paiju needs a Discord bot token to connect.
    1. Open https://discord.com/developers/applications and create an application.
    2. Under Bot, press Reset Token and copy it.
    3. Run: DISCORD_TOKEN=<your token> cargo run --release
    (or put the token in config.toml under [discord] token = "…"; see config.example.toml).
    To play without Discord, in your terminal: cargo run --release -- play dou-dizhu (or paiju play dou-dizhu)

## Tables of every game (the Discord table seam)
btn-keep-all = Keep all
lobby-title = { $game } · stake { $stake }
lobby-hint = Press Join to take a seat ({ $min } to { $max } players); the host presses Start (Add AI fills a seat with the computer).
table-log = Recent
table-closed-idle = The table closed: nobody started it in time. No chips moved.
table-closed-empty = The table closed: no player is left. Stakes were refunded.
table-closed-broken = The table closed because of an error on our side. Stakes were refunded.
table-opened = You opened a { $game } table in this channel: the table message has the buttons.
table-sat = You sit at seat { $seat }.
table-joined = You took a seat.
table-you-left = You left the table.
table-stopped = The table is stopped.
table-stopped-running = The game is stopped: what was still at stake in the game being played went back to its players; every hand finished before it stays paid.
table-closed-stopped = { $by } (Manage Server) stopped the game: what was still at stake in the game being played went back to its players; every hand finished before it stays paid.
table-closed-short = The table closed: { $player } has { $balance } chips and the next game needs { $needed }. Chips come with /daily.
table-stop-left = A running game is stopped only by a member with the Manage Server permission: you left it instead, and pay what leaving costs in this game.
event-countered = { $you ->
    [yes] You counter-kick
   *[other] { $player } counter-kicks
}! ×2
event-discarded = { $you ->
    [yes] You discard
   *[other] { $player } discards
} { $count ->
    [one] 1 card
   *[other] { $count } cards
} (×{ $factor }).
event-escaped = { $you ->
    [yes] You left the game and pay
   *[other] { $player } left the game and pays
} { $penalty } points.
hint-discard = Hint: discard { $cards }
hint-action = Hint: { $action }
play-done-cards = You played { $cards }.
result-title = { $game } · game #{ $id } · stake { $stake }
factor-discard = discards ×{ $value }
table-aside = Set aside (out of play): { $cards }
table-handicap = Handicap (让牌): { $count } — the farmer wins on getting down to { $count ->
    [one] 1 card
   *[other] { $count } cards
}.

## Lists and the ledger's game states.
list-separator = { ", " }
history-status-running = running
history-status-finished = finished
history-status-cancelled = cancelled
multiplier-factors = Multiplier: { $multiplier } ({ $factors })
multiplier-with = { $you ->
        [yes] ×{ $multiplier } for you
       *[other] ×{ $multiplier } with { $player }
    }
played-wild-as = { $cards } (wild as { $ranks })
hand-wild-group = { $cards } wild

## 托管 (issue #36): a switch that hands a seat to the computer until its
## player takes it back.
btn-autoplay = Auto-play (托管)
autoplay-switched-on = You are on auto-play (托管): the computer plays for you until you press **Auto-play** again or make a move.
autoplay-switched-off = Auto-play (托管) is off: you play your own seat again.
# 要不起 (issue #36): a member's choice (/autopass) and the table's line.
autopass-on = Autopass is on (自动不要): when nothing you hold beats the play, you pass at once and the table reads “Can't beat it (要不起)”. `/autopass on:False` asks you again.
autopass-off = Autopass is off: when nothing you hold beats the play, your hand says so and offers only Pass. `/autopass on:True` passes for you at once.
table-autopassed = { $player }: Can't beat it (要不起)
hand-your-turn-cant-beat = It is your turn, but you can't beat it (要不起): nothing in your hand beats the play on the table. Press Pass — or “Always pass” to pass now and at once from then on (`/autopass on:False` asks you again).
# The hand view's switch beside Pass when nothing beats the play: passes
# now and switches /autopass on.
btn-autopass = Always pass (自动不要)
table-autoplay-title = On auto-play (托管)
table-autoplay-seats = { $players }

## Channel permissions the bot needs for a table (Discord's names).
perm-view-channel = View Channel
perm-send-messages = Send Messages
perm-embed-links = Embed Links
perm-attach-files = Attach Files
# Told privately (by DM) to whoever hosts a table the bot lost mid-game.
table-lost-permissions = The { $game } table in { $channel } was called off: I can no longer post or edit its message there. Check that I have { $permissions } in that channel, then start again. What was at stake in the game being played went back to its players; every hand finished before it stays paid.
table-lost-channel = The { $game } table in { $channel } was called off: the channel was deleted. What was at stake in the game being played went back to its players; every hand finished before it stays paid.
# 复盘: replaying a finished game (/replay, "Replay" on a result)
btn-replay = Replay
btn-replay-share = Share
btn-replay-file = Record (JSON)
replay-title = Replay · { $game } · game #{ $id }
replay-step-deal = The deal (the game has { $steps } moves)
replay-step = Move { $step } of { $steps }
replay-ai-hard = hard AI
replay-ai-only = AI (this game has one level)
replay-ai-same = 🤖 The { $ai } would have played the same.
replay-ai-other = 🤖 The { $ai } would have played: { $move }
replay-turns-ai-sooner = Its hand then plays out in { $ai } turns, yours in { $played }: { $diff } turns sooner.
replay-turns-as-good = Counting the turns to play out the hand ({ $played }), your move was as good.
replay-turns-yours-sooner = Counting the turns to play out the hand, yours was better: { $played } against the AI's { $ai }.
replay-jump = Jump to a round…
replay-jump-deal = The deal
replay-jump-round = Round { $round } (move { $step })
replay-jump-step = Move { $step }
replay-shared = Posted in the channel (the table as everyone saw it; your hand stays private).
replay-shared-by = Shared by { $player }
replay-file = The record of game #{ $game }: `paiju replay` and `paiju render` read it. It holds every hand dealt, so keep it to yourself until you mean to show it.
replay-move-pass = pass

## Table pictures (src/render/table.rs, src/hosts/*/pictures.rs): the short
## words drawn on the picture, by the seats and in the middle of the table.
picture-seat = Player { $count }
picture-alert = { $count ->
    [1] Last card
   *[other] { $count } left
}
picture-pass = Pass
picture-dealer = Dealer
picture-bid = { $count ->
    [0] No bid
   *[other] Bid { $count }
}
picture-kitty = Kitty
picture-aside = Set aside
picture-flipped = Flipped
picture-points = Points { $count }
picture-huxi = Huxi { $count }
picture-drawn = Turned up by { $count }
picture-discarded = Discarded by { $count }
picture-shown-card = Shown card
picture-wall = Wall { $count }
picture-took = Took { $count }
picture-pot = Pot { $count }
picture-all-in = All in
picture-folded = Folded
picture-sanhua = Sanhua
picture-bets = Bets { $count }
picture-mango = Mango { $count }
