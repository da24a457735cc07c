# 斗地主用语：游戏名、牌型、选项、规则说明。

ddz-name = 斗地主
ddz-pattern-single = 单张
ddz-pattern-pair = 对子
ddz-pattern-trio = 三张
ddz-pattern-trio-single = 三带一
ddz-pattern-trio-pair = 三带二
ddz-pattern-straight = 顺子
ddz-pattern-pair-straight = 连对
ddz-pattern-airplane = 飞机
ddz-pattern-airplane-singles = 飞机带翅膀
ddz-pattern-airplane-pairs = 飞机带对
ddz-pattern-four-two = 四带二
ddz-pattern-four-two-pairs = 四带两对
ddz-pattern-bomb = 炸弹
ddz-pattern-rocket = 王炸
ddz-bidding-score = 叫分
ddz-bidding-rob = 抢地主
ddz-rules = **斗地主** — 三人，54 张牌。
    • 每人 17 张，3 张扣作底牌。依次叫 1、2 或 3 分（每人一次，必须比前面高）；叫分最高者当地主，拿走底牌（亮给所有人），一人对抗两个农民。无人叫分则重新发牌。
    • 牌的大小（从小到大）：3 4 5 6 7 8 9 10 J Q K A 2 小王 大王，不分花色。
    • 地主先出。每人依次出同牌型、同张数、更大的牌，或者不出。另外两人都不出时，最后出牌的人重新自由出牌。
    • 牌型：单张、对子、三张、三带一、三带二、顺子（5 张以上，3 到 A）、连对（3 对以上）、飞机（2 组以上连续三张，可带翅膀）、四带二（两张单牌或两对）、炸弹（四张同点）和王炸（大小王）。炸弹可以压任何非炸弹的牌，大炸弹压小炸弹，王炸最大。
    • 倍数：叫分，每出一个炸弹或王炸 ×2，春天（农民一张没出）或反春天（地主只出了第一手）×2。每个农民输赢 底分 × 倍数，地主输赢两人之和。
    • 可选规则：叫地主/抢地主（每抢一次 ×2）；叫 3 分后可以踢（每踢一次 ×2）；拿底牌后加倍；底牌翻倍；明牌：发牌前 ×5，叫牌时 ×3，地主拿底牌后 ×2。
    • 本桌约定：开启底牌翻倍时，底牌含大小王 ×4；叫牌时明牌一律 ×3（不按张数细分）。超时的玩家由电脑托管，直到本人再次操作；中途离开牌局要付逃跑惩罚。
    • 用牌桌消息上的按钮和“我的手牌”操作，或输入 /出牌 牌:33344 和 /不出。

ddz-rules-variants = **变体**（`/斗地主 开桌 玩法:…`）
    • **二人斗地主：** 去掉所有 3 和 4（46 张）；每人 17 张，3 张底牌，其余 9 张亮出后放在一边，是本局不用的牌。两人叫地主后轮流抢地主或不抢（最多抢 4 次）；每抢一次倍数 ×2，农民多一张让牌（最多 4 张）。农民剩下的牌不多于让牌数，或先出完，就是农民赢。顺子和连对从 5 开始。
    • **癞子：** 发牌后翻出一个点数（不是王）作癞子，显示在牌桌上。癞子可以当任何点数（王除外）；单出，或一手牌全是癞子时，按本身点数算。癞子不能充当四带二里的四张（除非四张就是癞子点数本身）。炸弹大小：王炸 > 纯癞子炸 > 硬炸 > 软炸（癞子加普通牌）。一手牌有几种读法时，机器人会问你要哪一种；用 /出牌 时也可以直接说明：`/出牌 牌:6 7 8 9 5 as:10`。
    • **弃三张：** 地主拿底牌后，每个农民最多弃 3 张，地主最多弃 2 张（在“我的手牌”里选好再点出牌；不出则全部留下）。每家弃的牌让倍数翻：含大小王 ×8，含王 ×4，含 2 ×3，含 J、Q、K 或 A ×2。

## 阶段。

ddz-phase-bidding = 叫牌
ddz-phase-kicking = 踢
ddz-phase-doubling = 加倍
ddz-phase-playing = 出牌
ddz-phase-finished = 牌局结束

## 身份。

ddz-kitty = 底牌

## 操作（按记录里的名称）。

ddz-action-bid = 叫分
ddz-action-pass = 不出
ddz-action-call = 叫地主
ddz-action-rob = 抢地主
ddz-action-kick = 踢
ddz-action-counter = 反踢
ddz-action-double = 加倍
ddz-action-play = 出牌
ddz-action-show = 明牌
ddz-action-leave = 离开牌局

## 明牌的时机和倍数。

ddz-show-start = 发牌前明牌 ×5
ddz-show-bidding = 叫牌时明牌 ×3
ddz-show-kitty = 拿底牌后明牌 ×2

## 倍数的来源（bot.ftl 的 factor-* 带数值）。

ddz-factor-bid = 叫分
ddz-factor-rob = 抢地主
ddz-factor-kick = 踢
ddz-factor-kitty = 底牌
ddz-factor-show = 明牌
ddz-factor-bomb = 炸弹和王炸
ddz-factor-spring = 春天
ddz-factor-anti-spring = 反春天
ddz-factor-doubling = 加倍

## 底牌翻倍。

ddz-kitty-pair = 一对 A 或一对 2 ×2
ddz-kitty-trio = 三张同点 ×3
ddz-kitty-low = 三张都小于 10 ×3
ddz-kitty-big-joker = 只有大王 ×2
ddz-kitty-both-jokers = 大小王 ×4

## 牌桌选项。

ddz-option-forced-bid = 必叫
ddz-option-kick = 踢
ddz-option-kitty-multipliers = 底牌翻倍
ddz-option-doubling = 加倍
ddz-option-show-cards = 明牌
ddz-option-escape-penalty = 逃跑惩罚
ddz-option-rake = 抽水

## 癞子：拒绝的原因。
err-no-wild = 本桌没有癞子。
err-wild-as-malformed = 请用 3 到 2 的点数说明每张癞子代表什么（不能是王）。
err-wild-as-missing = { $cards } 中有癞子也有普通牌：请说明每张癞子代表的点数。
err-wild-as-count = 这手牌有 { $wild } 张癞子，却给出了 { $stated } 个点数。
err-wild-as-rank = 癞子在这里不能当 { $rank }。
err-wild-all-own-rank = { $cards } 全是癞子：它们只能当本身的点数。

## 癞子 on Discord: the wild rank, and choosing how a selection is played.
table-wild = 癞子：{ $rank }
hand-wild = 癞子：每张 { $rank } 都可以当除王以外的任何点数。
hand-wild-card = 癞子
ddz-bomb-soft = 软炸
ddz-bomb-pure-wild = 纯癞子炸
# A reading in a select: "软炸 4", "顺子 5–9", then "（癞子当 7, 8）".
reading-of = { $pattern } { $rank }
reading-run = { $pattern } { $low }–{ $high }
reading-wild-as = { $reading }（癞子当 { $ranks }）
reading-choose = { $cards } 有 { $count } 种出法：请在菜单里选一种，或者用 /出牌 输入同样的牌加上序号（例如 #2）。
err-reading-number = 这些牌没有第 { $number } 种出法：只有 { $count } 种。没有出牌。
err-reading-number-bad = # 后面要写出法的序号，不能是“{ $input }”。
reading-more = 只列出了前 { $shown } 种；要出别的，请输入 /出牌 加上这些牌，再写 as: 和癞子代表的点数。
reading-placeholder = 选择出法
err-reading-gone = 现在不能这样出这些牌，所以没有出牌。请重新选牌。
err-reading-statement = “{ $statement }”没有说明癞子代表什么：as: 后面写点数（as:7 8）或牌型（as:炸弹）。
err-reading-needed = 这些牌有几种出法：请加上 as: 和癞子代表的点数，例如 as:7 8。

## 斜杠命令 /dou-dizhu：名称与说明（名称的规则见 commands.ftl）。

cmd-dou-dizhu = 斗地主
    .description = 斗地主，三人游戏
cmd-dou-dizhu-start = 开桌
    .description = 在本频道开一桌斗地主
cmd-dou-dizhu-start-opt-stake = 底分
    .description = 每分多少筹码（默认：服务器设置）
cmd-dou-dizhu-start-opt-bidding = 叫牌
    .description = 地主的产生方式
cmd-dou-dizhu-start-opt-kick = 踢
    .description = 叫三分后允许踢（加倍）
cmd-dou-dizhu-start-opt-doubling = 加倍
    .description = 拿底牌后允许加倍
cmd-dou-dizhu-start-opt-kitty-multipliers = 底牌翻倍
    .description = 底牌可以让本局翻倍
cmd-dou-dizhu-start-opt-variant = 玩法
    .description = 经典、二人、癞子或弃三张
cmd-dou-dizhu-start-opt-show-cards = 明牌
    .description = 允许明牌以提高倍数
cmd-dou-dizhu-start-opt-ai = 电脑
    .description = 电脑玩家的难度（默认：困难）
cmd-dou-dizhu-join = 加入
    .description = 在本频道的牌桌坐下
cmd-dou-dizhu-leave = 离开
    .description = 离开本频道的牌桌
cmd-dou-dizhu-rules = 规则
    .description = 本桌斗地主的玩法
cmd-dou-dizhu-stop = 关桌
    .description = 结束本频道的牌桌（房主或“管理服务器”权限），退还筹码

choice-bidding-score = 叫分（1–3 分）
choice-bidding-rob = 叫地主、抢地主
choice-variant-classic = 经典（三人）
choice-variant-two-player = 二人斗地主
choice-variant-wild = 癞子
choice-variant-discard = 弃三张
choice-ai-easy = 简单
choice-ai-normal = 普通
choice-ai-hard = 困难（每手牌都会思考）

## 牌桌便利（#36）：手牌里的记牌器、报单 / 报双、本轮各家出的牌。
ddz-counter-rank = { $rank }×{ $count }
ddz-counter = 记牌器：{ $ranks }
ddz-warning = { $count ->
    [1] 🚨 报单
   *[other] 🚨 报双
}
ddz-seat-played = 出 { $cards }
ddz-seat-passed = 不要
term-ddz-round = 本轮：{ $moves }
term-ddz-round-move = { $player }：{ $move }
