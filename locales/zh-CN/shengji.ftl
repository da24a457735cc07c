# 升级 / 拖拉机：引擎的拒绝理由（src/games/shengji）。

err-shengji-malformed-action = 看不懂这个升级操作。
err-shengji-declaring-closed = 亮主已结束，主牌已定。
err-shengji-declare-dealt-range = 亮主须在发出 1 到 { $total } 张牌之间，不能是 { $dealt }。
err-shengji-declare-dealt-order = 发到第 { $dealt } 张时的亮主不能排在发到第 { $last } 张时的亮主之后。
err-shengji-declare-not-dealt = 发到第 { $dealt } 张牌时，你手里还没有 { $cards }。
err-shengji-declare-shape = { $cards } 不能亮主：要亮级牌（{ $level }）或一对王，且必须是同样的牌。
err-shengji-declare-weaker = { $cards } 压不过已亮的 { $standing }，反不了主。
err-shengji-bury-now = 底牌已经扣过了。
err-shengji-no-kitty = 四副牌没有底牌，请直接出牌。
err-shengji-bury-count = 扣底要扣 { $count } 张（你给了 { $given } 张）。
err-shengji-bury-first = 先扣底，再出第一手牌。
err-shengji-not-in-hand = 你手里没有 { $cards }。
err-shengji-play-empty = 至少出一张牌。
err-shengji-lead-mixed = { $cards }：首家出牌（含甩牌）必须同一门花色，或全是主牌。
err-shengji-follow-count = 要出 { $count } 张，和首家一样多。
err-shengji-follow-suit = 必须跟{ $suit ->
    [trump] 主牌
    [S] 黑桃
    [H] 红桃
    [C] 梅花
   *[D] 方块
}：你还有 { $held } 张。
err-shengji-follow-tractor = 首家出拖拉机，你有拖拉机 { $cards } 必须跟。
err-shengji-follow-own-tractor = 这手有拖拉机必须跟拖拉机：你要出 { $cards }。
err-shengji-follow-pair = 有对必须跟对：你要出对子 { $cards }。
err-shengji-follow-any-pair = 有对必须跟对：你的 { $count } 对（{ $cards }）任选一对。
err-shengji-follow-triple = 有三同张必须跟：你要出{ $count ->
    [1] 三同张
   *[other] 两个三同张
} { $cards }。
err-shengji-follow-quad = 有四同张必须跟：你要出{ $count ->
    [1] 四同张
   *[other] 两个四同张
} { $cards }。
err-shengji-follow-either = 这手出牌可选，二选一：出{ $first ->
    [tractor] 拖拉机
    [pair] 对子
    [triple] 三同张
    [triples] 两个三同张
    [fours] 两个四同张
   *[four] 四同张
} { $first_cards }，或者出{ $second ->
    [tractor] 拖拉机
    [pair] 对子
    [triple] 三同张
    [triples] 两个三同张
    [fours] 两个四同张
   *[four] 四同张
} { $second_cards }。

## 牌局事件与结算用语（前端按 id 取用）。

shengji-name = 升级（拖拉机）
shengji-trump-none = 无主
shengji-result-da-guang = 大光！抓分方 0 分，庄家方连升 3 级。
shengji-result-xiao-guang = 小光！抓分方只得 { $points } 分，庄家方连升 2 级。
shengji-result-banker-up = 抓分方得 { $points } 分，庄家方升 1 级。
shengji-result-take-bank = 抓分方得 { $points } 分，上台坐庄。
shengji-result-attackers-up = 抓分方得 { $points } 分，{ $levels ->
    [0] 上台。
   *[other] 上台并升 { $levels } 级。
}
shengji-kitty-won = 抓分方抠底成功：底牌 { $kitty } 分 × { $multiplier }。

## 牌桌（src/hosts/shengji）：分批发牌、整场比赛。

err-shengji-nothing-to-pass = 你现在没有可以亮的主，不用“过”。
err-shengji-declined-in-window = 你已对这手亮主选了“暂不亮主”：本轮亮主时间结束前不能再亮。
err-shengji-still-dealing = 还在发牌：等发完牌、亮主时间结束再出。
err-shengji-window-open = 亮主时间还没结束，请稍等。
err-shengji-malformed-table-action = 看不懂这个牌桌步骤。
err-option-shengji-rules = 这些升级选项不可用：{ $why }
err-option-shengji-bonus = 整场奖励是 0 到 { $max } 倍底注。
err-option-shengji-window = 亮主等待时间是 0 到 { $max } 秒。

shengji-suit = { $suit ->
    [trump] 主牌
    [S] 副牌 ♠ 黑桃
    [H] 副牌 ♥ 红桃
    [C] 副牌 ♣ 梅花
   *[D] 副牌 ♦ 方块
}
shengji-trump = { $suit ->
    [S] ♠ 黑桃
    [H] ♥ 红桃
    [C] ♣ 梅花
    [D] ♦ 方块
   *[none] 无主
}
shengji-levels = 级数：1、3 号位打 { $first } · 2、4 号位打 { $second }
shengji-hand-no = 第 { $hand } 局
# 手牌或记牌器里一门花色的牌：“主牌（5 张）：…”。
shengji-suit-line = { $suit }（{ $count } 张）：{ $cards }
shengji-dealing = 发牌中：已发 { $dealt } / { $total } 张。有级牌或对王可以亮主。
# 发牌时每一批：新摸到的牌，再按花色列出手牌（主牌在前，花色之间用 | 隔开）。
shengji-dealt-batch = 已发 { $dealt } / { $total } 张，你摸到 { $new }。手牌（{ $count } 张）：{ $hand }
shengji-window = 牌已发完：还有 { $seconds } 秒可以亮主或反主。
shengji-standing = 当前亮主：{ $you ->
    [yes] 你
   *[other] { $player }
} 亮的 { $cards }（{ $trump }）。
shengji-no-declaration = 还没有人亮主。
shengji-banker = { $you ->
    [yes] 你是庄家
   *[other] { $player } 是庄家
}
shengji-trump-is = 主：{ $trump }
shengji-level-rank = 级牌：{ $rank }
shengji-trumped = 毙
shengji-trick = 本轮：{ $plays }
shengji-attackers-points = 抓分方得分：{ $points }
shengji-cards-left = 剩余手牌：{ $counts }
shengji-kitty-shown = 底牌是：{ $cards }
shengji-declared = { $you ->
    [yes] 你
   *[other] { $player }
} 亮主：{ $cards }。
shengji-declaring-closed = 亮主结束：{ $you ->
    [yes] 你
   *[other] { $player }
} 坐庄，主：{ $trump }。
shengji-flipped = 翻底翻出 { $card }。
shengji-buried = { $you ->
    [yes] 你
   *[other] { $player }
} 扣底 { $count } 张。
shengji-throw-failed = { $you ->
    [yes] 你
   *[other] { $player }
} 甩牌 { $attempted } 失败：{ $by } 管得住，只出 { $played }。
shengji-throw-penalty = 罚 { $points } 分。
shengji-played = { $you ->
    [yes] 你
   *[other] { $player }
} 出 { $cards }。
shengji-trick-won = { $you ->
    [yes] 你
   *[other] { $player }
} 大，这一轮 { $points } 分；抓分方共 { $total } 分。
shengji-match-won = { $team ->
    [1] 1、3 号位
   *[other] 2、4 号位
} 赢得整场比赛！
shengji-next-banker = 下一局由 { $you ->
    [yes] 你
   *[other] { $player }
} 坐庄。
shengji-no-pass = 现在没有可以“过”的（{ $input }）：请出牌。
shengji-not-cards = 这不是牌：{ $input }
shengji-cards-not-held = 你手里没有这些牌：{ $input }
shengji-which-suit = `{ $input }` 这里有不止一种出法：请写上花色（例如 KS KS 或 KH KH）。

## 终端（paiju play shengji）。

term-sj-welcome = paiju：在终端里玩升级（拖拉机），{ $decks } 副牌。你坐 1 号位，对家是电脑3，对手是电脑2和电脑4。
    底注：每升一级 { $stake } 筹码。你的余额：{ $balance } 筹码。任何时候输入 `help` 查看命令。
term-sj-help = 命令：
    {"  "}7H 7H、TS TS 9S 9S、10♠、大王 …  出这些牌（点数加花色字母 S H C D 或花色符号；10 或 T；SJ/BJ 或 小王/大王 是王）：单张、对子、拖拉机或甩牌
    {"  "}declare 7H（亮 7H），亮主时也可以直接写牌   用级牌或一对王亮主
    {"  "}pass（p、过）                现在不亮主
    {"  "}bury …（扣 …），扣底时也可以直接写牌   庄家扣底
    {"  "}h、a、t                      即 hint、auto、table 的简写
    离桌后，本局剩下的由电脑代打。
term-sj-started = === 新的一局：开始发牌（账本牌局 #{ $game }）。 ===
term-sj-hand = 你的手牌（{ $count } 张）：
term-sj-kitty = 可扣的底牌：{ $cards }
term-sj-may-declare = 你可以亮主：{ $options } —— 或输入 `pass`。
term-sj-bury-now = 从手牌和底牌中扣 { $count } 张（`bury …` 或 `hint`）。
term-sj-play-now = 请出牌（`hint` 给出建议）。
term-sj-label-declare = 亮主 { $cards }
term-sj-label-bury = 扣底 { $cards }
term-sj-label-pass = 过
term-sj-new-match = 再来一场（两队都从 2 打起）？输入“好”（y）再来，“不”（n）结束。
term-sj-leave-confirm = 离桌吗？本局剩下的由电脑代打，整场比赛结束。再输入一次 `leave` 确认。

## Discord（src/hosts/shengji/discord.rs）。

shengji-table-title = 升级 #{ $game } · 第 { $hand } 局
shengji-teams-title = 队伍
shengji-teams = 1、3 号位：{ $first } · 2、4 号位：{ $second }
shengji-turn-play = 轮到 { $player } 出牌，{ $when }
shengji-turn-bury = { $player } 扣底中，{ $when }
shengji-turn-now = 现在
shengji-your-hand = 你的手牌（{ $count } 张）：
shengji-kitty-to-bury = 底牌：{ $cards }。从手牌和底牌中扣 { $count } 张。
shengji-declare-placeholder = 亮主……
shengji-btn-no-declare = 暂不亮主
shengji-btn-bury = 扣底（{ $count }）
shengji-btn-new-match = 开始新的一场
shengji-btn-play = 出牌（{ $count }）
shengji-role-banker = 庄家
shengji-lobby-hint = 四人两队：1、3 号位对 2、4 号位。点“加入”，再用 `/升级 座位` 选座（也就是选对家）；房主点“开始”，空位由电脑补上。每局结算筹码：升了 N 级的一方，每人从对面的人那里得到 N × 底注。
shengji-rules = **升级（拖拉机）** —— 四人，对家为一队（1、3 号位对 2、4 号位），1 到 4 副牌（默认 2 副）。
    • 每队有自己的级，从 2 打到 A。庄家一方打自己的级；级牌和王是主牌，亮了花色的话该花色也是主；其余花色是副牌。
    • 主牌从大到小：大王、小王、主花色的级牌、其他花色的级牌（彼此一样大）、2 常主时的 2（主花色的 2 在前），然后是主花色其余的牌 A K Q J 10 … 2。无主时只有王和级牌是主。副牌每门从 A K Q 到 2 排列，去掉级牌。
    • 发牌时谁都可以亮主：一张级牌、一对级牌（更大）或一对王（无主），也可以用更大的亮法反主。没人亮主就打无主（或翻底定主，可选）。
    • 庄家拿底牌，再扣回同样张数（扣底）。
    • 出牌：单张、对子、拖拉机（同花色相连的对子）或甩牌（同一门里别人都管不住的几组牌，甩不成就只出其中最小的一组）。必须跟首家的花色；首家出对、出拖拉机时有对、有拖拉机必须跟。没有该花色可以毙（用主牌）或垫牌。
shengji-rules-play = • 分数：5 是 5 分，10 和 K 是 10 分（每副牌 100 分）。抓分方拿到自己赢的墩里的分；若赢最后一墩，底牌的分还要乘 2 的（首家最大一组的张数）次方（或固定 ×2，可选）。
    • 升级（两副牌，每档 40 分）：0 分——庄家方升 3 级（大光）；不到 40——升 2 级（小光）；不到 80——升 1 级；80 及以上——抓分方上台，超过 80 后每多 40 分再升 1 级。
    • 先打到 A 的一方赢得整场（或以庄家身份打过 A，可选）。每局结算筹码：升了 N 级的一方，每人从对面的人那里得到 N × 底注。
    • 在私信或“我的手牌”里选择；也可以输入 `/出牌 牌:7H 7H`、`/出牌 牌:亮 7H`、`/出牌 牌:扣 …`、`/不出`（暂不亮主）。

## 轮到自己时手牌界面的提示。
shengji-your-turn-declare = 你可以亮主：在下面选择要亮的牌，或点“暂不亮主”。
shengji-your-turn-bury = 轮到你了：在下面选出要扣的底牌，然后点“扣底”。
shengji-your-turn-play = 轮到你了：在下面选牌，然后点“出牌”。

## 斜杠命令 /shengji：名称与说明（名称的规则见 commands.ftl）。

cmd-shengji = 升级
    .description = 升级（拖拉机），四人两队，1 到 4 副牌，从 2 打到 A
cmd-shengji-start = 开桌
    .description = 在本频道开一桌升级
cmd-shengji-start-opt-stake = 底注
    .description = 每升一级的筹码（默认按配置）
cmd-shengji-start-opt-decks = 副数
    .description = 几副牌，1 到 4（默认 2）
cmd-shengji-start-opt-ai = 电脑
    .description = 电脑玩家的难度（默认：简单）
cmd-shengji-start-opt-two_colors = 两色
    .description = 一副牌：红桃方块算一门，黑桃梅花算一门
cmd-shengji-start-opt-twos_trump = 常主
    .description = 2 永远是主
cmd-shengji-start-opt-flip = 翻底
    .description = 没人亮主时翻底定主
cmd-shengji-start-opt-throw_penalty = 甩牌罚分
    .description = 甩牌失败罚 10 分
cmd-shengji-start-opt-double_kitty = 抠底翻倍
    .description = 抠底固定 ×2，而不是按首家最大一组的张数翻倍
cmd-shengji-start-opt-pass_a = 打过a
    .description = 以庄家身份打过 A 才算赢，而不是打到 A
cmd-shengji-start-opt-match_bonus = 整场奖励
    .description = 赢得整场的一方额外得到的底注倍数（0 到 100）
cmd-shengji-start-opt-declare_window = 亮主时间
    .description = 发完最后一张牌后还可亮主、反主的秒数，0 到 60（默认 10）
cmd-shengji-join = 加入
    .description = 入座
cmd-shengji-seat = 座位
    .description = 选座位，1 到 4（1、3 号位对 2、4 号位）
cmd-shengji-seat-opt-seat = 座位
    .description = 座位号，1 到 4
cmd-shengji-leave = 离开
    .description = 离开牌桌（本局剩下的由电脑代打）
cmd-shengji-rules = 规则
    .description = 本桌升级的玩法
cmd-shengji-stop = 关桌
    .description = 关闭牌桌（房主或有管理服务器权限的成员）

## 记牌器（#36）：还没出、也不在自己手里的牌。
shengji-counter = 记牌器：
