# 机器人自己的文字：牌桌消息、按钮、手牌、结算、筹码。

## 按钮与菜单
btn-join = 加入
btn-leave = 离开
btn-add-ai = 添加电脑
btn-start = 开始
btn-cancel = 取消
btn-my-hand = 我的手牌
btn-play = 出牌
btn-pass = 不出
btn-hint = 提示
btn-play-again = 再来一局
btn-bid = { $points } 分
btn-call = 叫地主
btn-rob = 抢地主
btn-kick = 踢
btn-counter = 反踢
btn-double = 加倍
btn-no = 不要
btn-show = 明牌
hand-select-placeholder = 选择要出的牌

## 牌桌消息
table-title = 斗地主 · 底分 { $stake }
table-host = 房主：{ $player }
table-lobby-hint = 点“加入”坐下。三个座位坐满后由房主点“开始”（“添加电脑”让电脑坐一个位置）。
lobby-min-balance = 每个座位至少需要 { $chips } 筹码（按此底注一局通常的输额）。
result-loss-capped = { $player }应付 { $owed } 筹码，但只有 { $paid }：损失以此为上限。
table-seat-empty = （空位）
table-ai-name = 电脑{ $number }
table-role-landlord = 地主
table-role-farmer = 农民
table-cards-left = { $count } 张
table-landlord = 地主：{ $player }
table-kitty = 底牌：{ $cards }
table-multiplier = 倍数：×{ $multiplier }
table-last-play = 上一手：{ $player }出{ $pattern }：{ $cards }
table-new-round = 新一轮：{ $player }先出
table-turn-bid = 轮到{ $player }叫牌
table-turn-play = 轮到{ $player }出牌
table-turn-choose = 轮到{ $player }选择
table-turn-deadline = { $turn }，{ $deadline }
table-autoplay = { $player }已托管：电脑代为出牌，直到其再次操作。
table-cancelled = 牌桌已关闭，没有筹码变动。
table-moved-on = 机器人已重启，本局在新消息中继续：{ $link }
table-moved-on-unposted = 机器人已重启，本局在下方的新消息中继续。
table-starting = 正在发牌……

## 频道里的事件
event-joined = { $player }坐下了。
event-left = { $player }离开了牌桌。
event-bid = { $player }叫 { $points } 分。
event-passed = { $player }{ $on ->
        [bid] 不叫
        [rob] 不抢
        [kick] 不踢
        [discard] 不弃
        [double] 不加倍
       *[play] 不要
    }。
event-called = { $player }叫地主。
event-robbed = { $player }抢地主！
event-kicked = { $player }踢！×2
event-doubled = { $player }加倍！×2
event-shown = { $player }明牌：{ $cards }
event-landlord = { $player }是地主，拿走底牌：{ $cards }
event-played = { $player }出{ $pattern }：{ $cards }
event-redeal = 无人叫地主，重新发牌。
event-dm-closed = { $player }不接收本服务器的私信。请点“我的手牌”私下查看手牌。

## 手牌（私信与仅自己可见的回复）
dm-hand-title = 你在 { $channel } 的{ $game }手牌
hand-cards = 你的手牌（{ $count } 张）：{ $cards }
hand-view-outdated = 这个界面已经过时（点了两次？），这次点击没有生效。你现在的手牌：
view-renewed = 上一次的结果没能显示在之前的私密界面里（Discord 只允许机器人在 15 分钟内更新私密消息），这是新的界面：
hand-your-turn = 轮到你了：在下面选牌后点“出牌”，或点“不出”。
hand-not-your-turn = 还没轮到你，这里只显示你的手牌。
hand-too-many = 你的手牌超过一个菜单能放下的数量，其余的请用 /出牌 输入。
hint-none = 你没有能大过上一手的牌：请不出。
hint-suggest = 提示：{ $pattern } { $cards }
play-done = 你出了 { $pattern }：{ $cards }
pass-done = 你选择不出。
action-done = 好的。

## 结算
result-landlord-wins = 地主获胜！
# 中文不分单复数：二人斗地主的一个农民也是“农民获胜”。
result-farmers-win = { $farmers ->
   *[other] 农民获胜！
}
result-multiplier = 倍数 ×{ $multiplier } = { $factors }
result-seat = { $player }（{ $role }）：{ $delta } 筹码 → { $balance }
result-seat-ai = { $player }（{ $role }）：{ $delta } 筹码（系统）
result-seat-plain = { $player }：{ $delta } 筹码 → { $balance }
result-seat-ai-plain = { $player }：{ $delta } 筹码（系统）
result-rake = 系统抽水 { $rake } 筹码。
result-escape = { $player }中途逃跑，支付逃跑罚分。
factor-bid = 叫分 ×{ $value }
factor-rob = 抢地主 ×{ $value }
factor-kick = 踢 ×{ $value }
factor-kitty = 底牌 ×{ $value }
factor-show = 明牌 ×{ $value }
factor-bombs = { $count ->
    [0] 王炸
   *[other] { $count } 个炸弹{ $rockets ->
        [0] {""}
       *[other] {" "}+ 王炸
    }
} ×{ $value }
factor-spring = 春天 ×2
factor-anti-spring = 反春天 ×2
factor-doubled = { $player }加倍 ×2

## 筹码
chips-balance = { $player }有 { $chips } 筹码。
chips-no-account = { $player }还没有筹码账户：账户在其本人第一次使用命令时开立。
chips-leaderboard = 排行榜
chips-leaderboard-line = { $rank }. { $player } — { $chips }
chips-leaderboard-empty = 本服务器还没有人有筹码。
chips-your-rank = 你的排名：第 { $rank } 名，{ $chips } 筹码。
daily-claimed = 你领取了 { $amount } 筹码。余额：{ $chips }。
give-done = 你送给{ $player } { $amount } 筹码。你的余额：{ $chips }。
admin-granted = 已向{ $player }发放 { $amount } 筹码。其余额：{ $chips }。
admin-revoked = 已从{ $player }收回 { $amount } 筹码。其余额：{ $chips }。
history-title = 本服务器最近的牌局
history-line = 第 { $id } 局 · { $when } · { $game } · { $status } · { $players }
history-empty = 这里还没有打过牌。
history-fewer = 这里只放得下最近的 { $count } 局。
stats-title = { $player }的统计
stats-line = { $game }：{ $games } 局，胜 { $wins } 局，{ $net } 筹码
stats-empty = { $player }还没有玩过。

## 命令行
cli-no-token = paiju 需要 Discord 机器人令牌才能连接。
    1. 打开 https://discord.com/developers/applications 创建一个应用。
    2. 在 Bot 页面点 Reset Token 并复制令牌。
    3. 运行：DISCORD_TOKEN=<你的令牌> cargo run --release
    （或在 config.toml 的 [discord] 下写 token = "…"；见 config.example.toml。）
    不用 Discord 也能在终端里玩：cargo run --release -- play dou-dizhu（或 paiju play dou-dizhu）

## 各游戏通用的牌桌
btn-keep-all = 不弃牌
lobby-title = { $game } · 底分 { $stake }
lobby-hint = 点“加入”坐下（{ $min } 到 { $max } 人）；由房主点“开始”（“添加电脑”让电脑坐一个位置）。
table-log = 最近
table-closed-idle = 牌桌已关闭：没有人及时开始。没有筹码变动。
table-closed-empty = 牌桌已关闭：没有玩家留下。押注已退还。
table-closed-broken = 因我方出错，牌桌已关闭。押注已退还。
table-opened = 你在本频道开了一张{ $game }牌桌：按钮在牌桌消息上。
table-sat = 你坐到了 { $seat } 号位。
table-joined = 你已坐下。
table-you-left = 你已离开牌桌。
table-stopped = 牌桌已停止。
table-stopped-running = 牌局已停止：正在进行的这一局押注已退还；之前打完的各局照常结算。
table-closed-stopped = { $by }（管理服务器）停止了牌局：正在进行的这一局押注已退还；之前打完的各局照常结算。
table-closed-short = 牌桌已关闭：{ $player } 只有 { $balance } 个筹码，下一局需要 { $needed } 个。用 /每日 领取筹码。
table-stop-left = 进行中的牌局只有拥有“管理服务器”权限的成员才能停止：你改为离开了牌局，并按本游戏离开的规则付出代价。
event-countered = { $player }反踢！×2
event-discarded = { $player }弃了 { $count } 张牌（×{ $factor }）。
event-escaped = { $player }中途逃跑，支付 { $penalty } 分。
hint-discard = 提示：弃 { $cards }
hint-action = 提示：{ $action }
play-done-cards = 你出了 { $cards }。
result-title = { $game } · 第 { $id } 局 · 底分 { $stake }
factor-discard = 弃牌 ×{ $value }
table-aside = 不用的牌：{ $cards }
table-handicap = 让 { $count } 张：农民剩 { $count } 张牌即获胜。

## 列表与账本里的牌局状态。
list-separator = 、
history-status-running = 进行中
history-status-finished = 已结束
history-status-cancelled = 已取消
multiplier-factors = 倍数：{ $multiplier }（{ $factors }）
multiplier-with = 与{ $player } ×{ $multiplier }
played-wild-as = { $cards }（癞子当 { $ranks }）
hand-wild-group = { $cards } 癞子

## 托管（#36）：把座位交给电脑，直到玩家收回。
btn-autoplay = 托管
autoplay-switched-on = 你已托管：电脑替你出牌，直到你再按 **托管** 或自己出牌。
autoplay-switched-off = 已取消托管：你重新自己出牌。
autopass-on = 自动不要已开：手里的牌压不过桌上这手时自动帮你不要，牌桌上显示“要不起”。`/自动不要 开启:false` 改回每次问你。
autopass-off = 自动不要已关：手里的牌压不过桌上这手时，手牌里会提示你，只给“不出”按钮。`/自动不要 开启:true` 开启自动不要。
table-autopassed = { $player }：要不起
hand-your-turn-cant-beat = 轮到你了，但你要不起：你手里没有压得过桌上这手的牌，点“不出”即可。点“自动不要”，这次和以后要不起时都自动帮你不要（`/自动不要 开启:false` 改回每次问你）。
# 要不起时手牌里“不出”旁边的开关：这次不要，并开启 /自动不要。
btn-autopass = 自动不要
table-autoplay-title = 托管中
table-autoplay-seats = { $players }

## 牌桌需要机器人在频道里拥有的权限（Discord 的叫法）。
perm-view-channel = 查看频道
perm-send-messages = 发送消息
perm-embed-links = 嵌入链接
perm-attach-files = 附加文件
table-lost-permissions = { $channel } 的{ $game }牌桌已停止：我无法再在那里发送或编辑牌桌消息。请确认我在该频道有{ $permissions }权限，然后重新开桌。正在进行的这一局押注已退还；之前打完的各局照常结算。
table-lost-channel = { $channel } 的{ $game }牌桌已停止：该频道已被删除。正在进行的这一局押注已退还；之前打完的各局照常结算。
# 复盘：回放已结束的牌局（/复盘，结果下的“复盘”按钮）
btn-replay = 复盘
btn-replay-share = 分享
btn-replay-file = 牌谱（JSON）
replay-title = 复盘 · { $game } · 第 { $id } 局
replay-step-deal = 发牌（本局共 { $steps } 手）
replay-step = 第 { $step } 手 / 共 { $steps } 手
replay-ai-hard = 困难 AI
replay-ai-only = AI（本游戏只有一个级别）
replay-ai-same = 🤖 { $ai }也会这样打。
replay-ai-other = 🤖 { $ai }会这样打：{ $move }
replay-turns-ai-sooner = 那样剩牌 { $ai } 手出完，你这样要 { $played } 手：快 { $diff } 手。
replay-turns-as-good = 按出完剩牌的手数（{ $played } 手）算，你这步一样好。
replay-turns-yours-sooner = 按出完剩牌的手数算，你这步更好：{ $played } 手，AI 的要 { $ai } 手。
replay-jump = 跳到某一轮……
replay-jump-deal = 发牌
replay-jump-round = 第 { $round } 轮（第 { $step } 手）
replay-jump-step = 第 { $step } 手
replay-shared = 已发到频道（只有大家当时看得到的牌桌，你的手牌不公开）。
replay-shared-by = { $player } 分享的复盘
replay-file = 第 { $game } 局的牌谱：`paiju replay` 和 `paiju render` 都能读。里面有每个人发到的牌，想公开之前请自己保管。
replay-move-pass = 不出

## Table pictures (src/render/table.rs, src/hosts/*/pictures.rs): the short
## words drawn on the picture, by the seats and in the middle of the table.
picture-seat = 玩家{ $count }
picture-alert = { $count ->
    [1] 报单
   *[other] 报双
}
picture-pass = 不出
picture-dealer = 庄
picture-bid = { $count ->
    [0] 不叫
   *[other] { $count }分
}
picture-kitty = 底牌
picture-aside = 不用的牌
picture-flipped = 翻牌
picture-points = 抓分 { $count }
picture-huxi = 明息 { $count }
picture-drawn = { $count }号翻出
picture-discarded = { $count }号打出
picture-shown-card = 亮张
picture-wall = 底牌 { $count } 张
picture-took = 拿 { $count } 道
picture-pot = 锅里 { $count } 道
picture-all-in = 敲
picture-folded = 丢
picture-sanhua = 三花
picture-bets = 下注 { $count }
picture-mango = 芒果 { $count }
