## /paiju settings: a server's own settings (Manage Server), and /help.

settings-title = This server's settings
settings-how = Change any of them with `/paiju settings` and its options (per game: pick `game` first); `reset` puts a group back to the bot's defaults. Tables keep the settings they opened with.
settings-section-chips = Chips
settings-section-timers = Timers
settings-section-where = Where and who
settings-section-games = Games
settings-section-log = Latest changes
settings-chips = Starting chips { $starting } · /daily { $daily } every { $hours } h · /give { $give }, at most { $limit ->
    [0] no limit
   *[other] { $limit } a day
  }
settings-timers = Bid { $bid } s · play { $play } s · an idle lobby closes after { $lobby } min · AI delay { $delay } ms
settings-where = Games may start in: { $channels }
    Who may open a table: { $role }
    Language: { $language }
settings-game-line = **{ $game }**: { $enabled } · stake { $stake } (allowed { $min }–{ $max }) · AI { $ai }
settings-ai-none = —
settings-ai-default = { $level } (default)
settings-on = on
settings-off = off
settings-log-empty = Nothing changed yet: everything follows the bot's defaults.
settings-log-line = { $when } { $user }: { $change }
settings-change-line = { $setting }: { $old } → { $new }
settings-changed = Settings changed (new tables use them at once):
settings-unchanged = Nothing changed: those are already the settings.
settings-default = default
settings-default-value = { $value } (default)
settings-every-channel = every channel
settings-anyone = anyone
settings-members-own = each member's own (Discord's)
settings-language-en-US = English
settings-language-zh-CN = 中文
settings-name-game = { $field } ({ $game })
settings-name-enabled = Enabled
settings-name-stake = Default stake
settings-name-min_stake = Lowest stake
settings-name-max_stake = Highest stake
settings-name-ai = AI level
settings-name-chips-starting = Starting chips
settings-name-chips-daily = Daily chips
settings-name-chips-daily_cooldown_secs = Hours between dailies
settings-name-timers-bid_secs = Bid time (s)
settings-name-timers-play_secs = Play time (s)
settings-name-timers-lobby_idle_secs = Idle lobby closes (min)
settings-name-timers-ai_delay_ms = AI delay (ms)
settings-name-channels = Channels
settings-name-host_role = Host role
settings-name-language = Language
settings-name-give-allowed = /give
settings-name-give-daily_limit = Daily /give limit
settings-reset-chips = Chips (starting, daily)
settings-reset-timers = Timers
settings-reset-channels = Channels (every channel again)
settings-reset-host_role = Host role (anyone hosts again)
settings-reset-language = Language
settings-reset-give = /give and its limit
settings-reset-game = The chosen game's settings
settings-reset-all = Everything
settings-err-range = `{ $option }` must be from { $min } to { $max }, not { $value }. Nothing was changed.
settings-err-stake-order = { $game }: the default stake { $stake } must lie within the allowed { $min }–{ $max }. Nothing was changed.
settings-err-channels = `{ $word }` is not a channel: name channels as #channel (or their ids), or write `all`. Nothing was changed.
settings-err-channels-count = Name 1 to 25 channels, or write `all`. Nothing was changed.
settings-err-game-needed = Pick the `game` these settings are for. Nothing was changed.
settings-err-no-levels = { $game } has no AI levels to choose. Nothing was changed.
settings-err-language-off = { $language } is not enabled on this bot. Nothing was changed.
settings-err-choice = That choice is not one of the list. Nothing was changed.

help-title = paiju — Chinese card games
help-intro = Games you can play here (`/<game> start` opens a table in this channel; others `join`; empty seats can be AI):
help-game-line = **/{ $command }** — { $about }
help-start = Your hand comes privately; bid and play with the buttons or `/play`. `/<game> rules` explains a game.
help-chips = Chips: `/chips` (your balance, `leaderboard:true` for the server's), `/daily`, `/give`, `/history`, `/stats`.
help-autopass = Can't beat a play (要不起)? Your hand says so; its “Always pass” button, or `/autopass on:True`, passes for you at once from then on (`on:False` asks you again).
help-replay = Replay a finished game of yours move by move, with what the AI would have played: `/replay` (a game number from `/history`), or "Replay" under a result.
help-admin = Admins: `/paiju settings` sets this server's stakes, games, timers, channels, language and chips.
help-admin-first = Tip for admins: `/paiju settings` sets this server's own stakes, games, timers, channels, language and chips. (Shown once.)
