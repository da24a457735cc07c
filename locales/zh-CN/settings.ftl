## /paiju settings：本服务器自己的设置（管理服务器权限），以及 /help。

settings-title = 本服务器的设置
settings-how = 用 `/牌局 设置` 加选项修改（按游戏设置时先选 `游戏`）；`恢复默认` 把一组设置恢复为默认。已开的桌保持开桌时的设置。
settings-section-chips = 筹码
settings-section-timers = 计时
settings-section-where = 频道与权限
settings-section-games = 游戏
settings-section-log = 最近修改
settings-chips = 初始筹码 { $starting } · 每 { $hours } 小时可领 /每日 { $daily } · /赠送 { $give }，{ $limit ->
    [0] 不限额
   *[other] 每天最多 { $limit }
  }
settings-timers = 叫牌 { $bid } 秒 · 出牌 { $play } 秒 · 空闲的桌 { $lobby } 分钟后关闭 · 电脑延迟 { $delay } 毫秒
settings-where = 可开桌的频道：{ $channels }
    谁可以开桌：{ $role }
    语言：{ $language }
settings-game-line = **{ $game }**：{ $enabled } · 底分 { $stake }（允许 { $min }–{ $max }）· 电脑 { $ai }
settings-ai-none = —
settings-ai-default = { $level }（默认）
settings-on = 开
settings-off = 关
settings-log-empty = 还没有修改：一切按机器人的默认设置。
settings-log-line = { $when } { $user }：{ $change }
settings-change-line = { $setting }：{ $old } → { $new }
settings-changed = 设置已修改（新开的桌立即生效）：
settings-unchanged = 没有变化：现在就是这些设置。
settings-default = 默认
settings-default-value = { $value }（默认）
settings-every-channel = 所有频道
settings-anyone = 所有人
settings-members-own = 各成员自己的（Discord 的语言）
settings-language-en-US = English
settings-language-zh-CN = 中文
settings-name-game = { $field }（{ $game }）
settings-name-enabled = 启用
settings-name-stake = 默认底分
settings-name-min_stake = 最低底分
settings-name-max_stake = 最高底分
settings-name-ai = 电脑难度
settings-name-chips-starting = 初始筹码
settings-name-chips-daily = 每日筹码
settings-name-chips-daily_cooldown_secs = 每日领取间隔（小时）
settings-name-timers-bid_secs = 叫牌时间（秒）
settings-name-timers-play_secs = 出牌时间（秒）
settings-name-timers-lobby_idle_secs = 空闲关桌（分钟）
settings-name-timers-ai_delay_ms = 电脑延迟（毫秒）
settings-name-channels = 频道
settings-name-host_role = 开桌身份组
settings-name-language = 语言
settings-name-give-allowed = /赠送
settings-name-give-daily_limit = 每日赠送上限
settings-reset-chips = 筹码（初始、每日）
settings-reset-timers = 计时
settings-reset-channels = 频道（恢复所有频道）
settings-reset-host_role = 开桌身份组（恢复所有人可开）
settings-reset-language = 语言
settings-reset-give = /赠送 及其上限
settings-reset-game = 所选游戏的设置
settings-reset-all = 全部
settings-err-range = `{ $option }` 必须在 { $min } 到 { $max } 之间，不能是 { $value }。没有任何修改。
settings-err-stake-order = { $game }：默认底分 { $stake } 必须在允许的 { $min }–{ $max } 之内。没有任何修改。
settings-err-channels = `{ $word }` 不是频道：请用 #频道（或频道 ID），或写 `all`。没有任何修改。
settings-err-channels-count = 请写 1 到 25 个频道，或写 `all`。没有任何修改。
settings-err-game-needed = 请先选这些设置所属的 `游戏`。没有任何修改。
settings-err-no-levels = { $game }没有可选的电脑难度。没有任何修改。
settings-err-language-off = 本机器人没有启用{ $language }。没有任何修改。
settings-err-choice = 这个选项不在列表里。没有任何修改。

help-title = 牌局 paiju — 中国纸牌游戏
help-intro = 这里可以玩的游戏（`/<游戏> 开桌` 在本频道开一桌，其他人 `加入`，空位可以由电脑坐）：
help-game-line = **/{ $command }** — { $about }
help-start = 手牌会私信发给你；用按钮或 `/出牌` 叫牌出牌。`/<游戏> 规则` 讲解玩法。
help-chips = 筹码：`/筹码`（你的余额，加 `排行榜:true` 看全服）、`/每日`、`/赠送`、`/战绩`、`/统计`。
help-autopass = 要不起时手牌里会提示你；点手牌里的“自动不要”或用 `/自动不要 开启:true`，以后自动帮你不要（`开启:false` 改回每次问你）。
help-replay = 复盘：`/复盘`（编号见 `/战绩`）或结果下的“复盘”按钮，一手一手回放你打过的牌局，并看 AI 在你每一步会怎么打。
help-admin = 管理员：`/牌局 设置` 设置本服务器的底分、游戏、计时、频道、语言和筹码。
help-admin-first = 给管理员的提示：`/牌局 设置` 可以设置本服务器自己的底分、游戏、计时、频道、语言和筹码。（只提示一次。）
