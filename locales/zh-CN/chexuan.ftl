# 扯旋用语：牌名、两张牌的牌型、三花、操作、芒果、比牌结果和规则说明。
# 牌型 id 见 src/games/chexuan/hands.rs 的 HandKind::id()，
# 牌名 id 见 src/games/chexuan/cards.rs 的 card_name()。

chexuan-name = 扯旋

## 32 张牌的牌名。

chexuan-card-tian = 天
chexuan-card-di = 地
chexuan-card-ren = 人
chexuan-card-he = 和
chexuan-card-mei-shi = 梅十
chexuan-card-ban-deng = 板凳
chexuan-card-chang-san = 长三
chexuan-card-hu-tou = 虎头
chexuan-card-shao-shi = 苕十
chexuan-card-mao-mao = 猫猫
chexuan-card-gao-yao = 膏药
chexuan-card-hei-wu = 黑五
chexuan-card-hei-qi = 七
chexuan-card-hei-ba = 八
chexuan-card-hei-jiu = 九
chexuan-card-ding = 丁
chexuan-card-er-huang = 二皇

## 两张牌的牌型，从大到小。同一组的牌型一样大。

chexuan-hand-ding-er-huang = 丁二皇
chexuan-hand-tian = 天牌
chexuan-hand-di = 地牌
chexuan-hand-ren = 人牌
chexuan-hand-he = 和牌
chexuan-hand-mei-shi = 梅十
chexuan-hand-ban-deng = 板凳
chexuan-hand-chang-san = 长三
chexuan-hand-hu-tou = 虎头
chexuan-hand-shao-shi = 苕十
chexuan-hand-mao-mao = 猫猫
chexuan-hand-gao-yao = 膏药
chexuan-hand-hei-wu = 黑五
chexuan-hand-hei-qi = 黑七
chexuan-hand-hei-ba = 黑八
chexuan-hand-hei-jiu = 黑九
chexuan-hand-tian-wang = 天王
chexuan-hand-di-wang = 地王
chexuan-hand-tian-gang = 天杠
chexuan-hand-di-gang = 地杠
chexuan-hand-tian-guan-jiu = 天关九
chexuan-hand-di-guan-jiu = 地关九
chexuan-hand-deng-long-jiu = 灯笼九
chexuan-hand-he-wu-jiu = 和五九
chexuan-hand-ban-wu-jiu = 板五九
chexuan-hand-ding-chang-jiu = 丁长九
chexuan-hand-mei-shi-jiu = 梅十九
chexuan-hand-ding-mao-jiu = 丁猫九
chexuan-hand-wu-long-jiu = 乌龙九
chexuan-hand-shao-shi-jiu = 苕十九
chexuan-hand-points-0 = 瘪十（0 点）
chexuan-hand-points-1 = 1 点
chexuan-hand-points-2 = 2 点
chexuan-hand-points-3 = 3 点
chexuan-hand-points-4 = 4 点
chexuan-hand-points-5 = 5 点
chexuan-hand-points-6 = 6 点
chexuan-hand-points-7 = 7 点
chexuan-hand-points-8 = 8 点
chexuan-hand-points-9 = 9 点

## 散牌（8 点到 0 点）的统称。

chexuan-group-points = 散牌

## 三花：第三轮时摊出四张牌，拿回全部下注。

chexuan-sanhua = 三花
chexuan-sanhua-san-hua-shi = 三花十
chexuan-sanhua-san-hua-liu = 三花六

## 比牌时的分牌。

chexuan-head = 头
chexuan-tail = 尾
chexuan-big-tail = 尾大
chexuan-split-line = { $player }：头 { $head } { $head-hand }，尾 { $tail } { $tail-hand }

## 操作（按钮上的字）。

chexuan-action-raise = 大
chexuan-action-call = 跟
# 跟要再下多少：当前最高下注减去自己已下的。
chexuan-action-call-cost = 跟 { $chips }
chexuan-action-all-in = 敲
chexuan-action-check = 休
chexuan-action-fold = 丢
chexuan-action-sanhua = 三花摊牌
chexuan-action-split = 分头尾

## 玩家状态和牌局阶段。

chexuan-status-active = 在局中
chexuan-status-all-in = 已敲
chexuan-status-folded = 已丢
chexuan-status-laid-down = 已三花摊牌
chexuan-stage-betting = 第 { $round } 轮下注
chexuan-stage-showdown = 比牌
chexuan-stage-finished = 本手结束

## 比牌时两两的结果。

chexuan-versus-win = 赢
chexuan-versus-tie = 战平
chexuan-versus-lose = 输给

## 芒果：种类和芒果池。

chexuan-mango = 芒果
chexuan-mango-xiu = 休芒
chexuan-mango-zhou = 皱芒
chexuan-mango-pot = 芒果池：{ $pot } 筹码（本桌已出 { $count } 次芒果）

## 数量和牌桌用语。

chexuan-ante = 底皮：{ $chips } 筹码
chexuan-bobo = 簸簸：{ $chips } 筹码
chexuan-contribution = 已下：{ $chips } · 剩余：{ $left }
chexuan-highest = 当前最高下注：{ $chips }
chexuan-dealer = 庄家：{ $player }

## 事件。

chexuan-event-raised = { $player }大 { $by }，下到 { $contribution }。
chexuan-event-called = { $player }跟：{ $contribution }。
chexuan-event-all-in = { $player }敲：{ $contribution }。
chexuan-event-checked = { $player }休。
chexuan-event-folded = { $player }丢。
chexuan-event-laid-down = { $player }摊出{ $sanhua }：{ $cards }，拿回 { $returned } 筹码。
chexuan-event-round-begins = 第 { $round } 轮下注：{ $player }先说话。
chexuan-event-cards-dealt = 第 { $round } 次发牌：每位未出局的玩家发一张明牌。
chexuan-event-mango = { $mango }！每人往芒果池放 { $amount } 筹码，池里现有 { $pot }。
chexuan-event-mango-short = { $player }桌外和筹码堆都不够，只付 { $paid }。
chexuan-event-mango-from-stack = { $player }桌外筹码不够，从筹码堆付 { $paid }。
chexuan-event-mango-taken = { $player }拿走芒果池：{ $amount } 筹码。
chexuan-event-showdown-begins = 比牌：还在局中的玩家把四张牌分成头和尾，{ $player }先分。
chexuan-event-split-given = { $player }已分好牌。
chexuan-event-won-without-showdown = 其他人都丢了：{ $player }赢走全部下注。
chexuan-event-big-tail = { $player }尾大，吃皮并做下一手的庄。

## /扯旋 规则 的说明。

chexuan-rules = **扯旋** — 四川的牌九下注游戏，2 到 6 人，32 张牌。
    • 每手开始前每人定一个簸簸（至少 20 个底皮）：这一手最多能下、也最多能输这么多。每人先交底皮。
    • 第一次发牌每人两张暗牌，然后一轮下注；第二、三次发牌每人一张明牌，各接一轮下注。轮到你时可以：大（至少加一个底皮）、跟、敲（全押）、休（不欠注时才能休）或丢（已下的注全输）。
    • 比牌：把四张牌分成头和尾，头不能比尾小。与每位对手先比尾再比头：两道都赢或一赢一平算赢；两道都平或一赢一输算平。
    • 牌型从大到小：丁二皇、天牌、地牌、人牌、和牌，然后是一样大的几组对子、有名字的九（天王 … 苕十九），最后是散牌——每种牌型的牌见下一条消息。牌型相同算平。
    • 结算（尾大吃皮）：尾最大的人吃掉所有人的底皮，并做下一手的庄；然后每人向被自己赢的人收注，每人最多收自己下的那么多。
    • 三花十（红 10、黑 10、J）或三花六（红 6、黑 6、二皇）可以在第三轮轮到自己时摊牌：拿回全部下注，退出这一手。
    • 芒果：一轮下注至少两人说话且都休（休芒），未出局的每人往芒果池交钱；第一轮有人大、其他人全丢（皱芒），其他人都交钱，大的人拿走整个芒果池。比牌时尾独大的人拿走芒果池（芒果的数额见下一条消息）。
    • 本桌约定：芒果从你留在桌外的筹码里付（余额 − 簸簸），不够的部分从你的筹码堆里扣，所以把全部余额带上桌也免不了芒果。超时的玩家这一步代为操作（能休则休，否则丢）；连续两手超时就被请离座位。
chexuan-rules-hands = **扯旋牌型，从大到小**——头和尾各两张牌：
    1. 丁二皇：3♥ 加二皇
    2. 天牌 Q♥ Q♦ · 3. 地牌 2♥ 2♦ · 4. 人牌 8♥ 8♦ · 5. 和牌 4♥ 4♦
    6. 梅十 10♠ 10♣ = 板凳 4♠ 4♣ = 长三 6♠ 6♣
    7. 虎头 J♠ J♣ = 苕十 10♥ 10♦ = 猫猫 6♥ 6♦ = 膏药 7♥ 7♦
    8. 黑五 5♠ 5♣ = 黑七 7♠ 7♣ = 黑八 8♠ 8♣ = 黑九 9♠ 9♣
    9. 天王：红 Q 加 9 · 10. 地王：红 2 加 9 · 11. 天杠：红 Q 加任一张 8 · 12. 地杠：红 2 加任一张 8
    13. 天关九：红 Q 加任一张 7 · 14. 地关九：红 2 加任一张 7 · 15. 灯笼九：红 8 加 J · 16. 和五九：红 4 加 5
    17. 板五九（黑 4 加 5）= 丁长九（3♥ 加黑 6）= 梅十九（黑 10 加 9）
    18. 丁猫九（3♥ 加红 6）= 乌龙九（黑 8 加 J）= 苕十九（红 10 加 9）
    19. 其余两张：点数相加取个位（按牌面算点：10 算 10，J 算 11，Q 算 12；3♥ 算 3，二皇算 6），8 点到 0 点。
    用 = 连起来的牌型一样大，一样大算平。
    • **芒果数额**（× 底皮），按本桌到这次为止的芒果次数算：第一次——皱芒 2，休芒 5；第二次 5；第三次起 10。


## 牌桌：簸簸、坐看、离桌、整场。

err-chexuan-bobo-range = 簸簸至少 { $min } 筹码（你要的是 { $bobo }）。
err-chexuan-bobo-balance = 簸簸 { $bobo } 超过了你的 { $balance } 筹码。
err-chexuan-left-table = 你已离开这张牌桌。
err-chexuan-stood-up = 你连续两手超时，已被请离座位：本桌不再给你发牌。
err-chexuan-sitting-out = 你的簸簸不足最小簸簸额：本桌接下来的牌局你只能旁观。

## 在 Discord 上：牌桌消息、按钮、分牌菜单、记录。

chexuan-table-title = 扯旋 #{ $game } · 第 { $hand } 手
chexuan-seat-line = { $player } — 簸簸 { $stack }{ $reserve } · 已下 { $contribution } · 剩 { $left }{ $status }
    暗牌：{ $hidden } · 明牌：{ $open }
chexuan-seat-out = { $player } — 筹码 { $stack }{ $reserve }（{ $why ->
    [left] 已离桌
    [stood-up] 超时被请离座位
   *[out] 本手未参与
}）
chexuan-seat-reserve = （桌外 { $reserve }）
chexuan-seat-split = { $player }：头 { $head } { $head-hand } / 尾 { $tail } { $tail-hand }
chexuan-turn = 轮到{ $player }，{ $when }截止
chexuan-turn-ai = 轮到{ $player }。
chexuan-btn-raise = 大 +{ $by }
chexuan-split-choose = 选择你的头和尾
chexuan-split-option = 头 { $head } { $head-hand } / 尾 { $tail } { $tail-hand }
chexuan-your-cards = 你的暗牌：{ $hidden } · 明牌：{ $open }
# 牌后面：两张牌是什么牌，三张时其中最大的两张。
chexuan-cards-value = （{ $value }）
chexuan-best-two = 目前最大的两张 { $cards }：{ $name }
chexuan-versus-line = { $player }{ $result }{ $other }
chexuan-event-hand-begins = 第 { $hand } 手：{ $player }坐庄；芒果池 { $pot }。
chexuan-event-hand-ended = 第 { $hand } 手结束：{ $changes }
chexuan-event-nobody = 无输赢
chexuan-event-left = { $player }离开牌桌。
chexuan-event-sits-out = { $player }筹码不足，暂停（{ $stack }）。
chexuan-event-timed-out = { $player }超时：这一步代为操作（能休则休，否则丢）。
chexuan-event-stood-up = { $player }连续两手超时，被请离座位：不再发牌。
chexuan-event-closed-empty = 牌桌关闭，芒果池是空的。
chexuan-event-closed = 牌桌关闭，芒果池平分：{ $shares }
chexuan-event-showdown = 比牌：
chexuan-err-typed = 请输入 跟、休、丢、敲、三花、大 N，或头的两张牌（如 QH QD）。
chexuan-err-no-split = 没有这样的头：请在“我的手牌”的列表里选。
chexuan-err-no-pass = 现在不能休：请跟、丢或大。
chexuan-done = 已完成：{ $action }。
chexuan-result-closed = 扯旋牌桌在 { $hands } 手后关闭。
chexuan-btn-raise-any = 大……
chexuan-raise-modal-title = 大多少？
chexuan-raise-modal-label = 大（{ $min } 到 { $max } 筹码）
chexuan-raise-modal-placeholder = 填 { $min } 到 { $max } 之间的整数
chexuan-err-cannot-raise = 现在不能大：你的簸簸不够大一个底皮。
chexuan-err-raise-number = “{ $text }”不是筹码数：请填 { $min } 到 { $max } 之间的整数。
chexuan-err-raise-range = 不能大 { $amount }：大的数目从 { $min }（底皮）到 { $max }（簸簸所能承担）。
chexuan-big-joker = 二皇
chexuan-seat-card = { $player }：{ $cards }
chexuan-xiu-warning = 这一轮如果大家都休，每位还在局中的玩家要往芒果池交 { $amount } 筹码（休芒）。
chexuan-zhou-warning = 如果除了大的那家其余都丢，就是皱芒：其余每人往芒果池交 { $amount } 筹码，芒果池归大的那家。
chexuan-event-top-up-asked = { $player }的簸簸（{ $stack }）不够最低 { $min }：可以从桌外的 { $reserve } 筹码里补（或离桌），下一手等补完再发。
chexuan-event-topped-up = { $player }补了 { $amount } 筹码，簸簸 { $stack }。
err-chexuan-waiting-for-top-up = 这一手已经结束，下一手要等有人补簸簸。
err-chexuan-top-up-not-now = 只有在两手之间、簸簸低于最低额时才能补。
err-chexuan-top-up-range = 补 { $min } 到 { $max } 筹码（不是 { $amount }）。
chexuan-btn-top-up = 补 { $amount }

## 轮到自己时手牌界面的提示。
chexuan-your-turn-bet = 轮到你了：用下面的按钮下注。
chexuan-your-turn-split = 轮到你了：在下面选择头和尾。
chexuan-lobby-title = { $game } · 底皮 { $chips }

## 斜杠命令 /chexuan：名称与说明（名称的规则见 commands.ftl）。

cmd-chexuan = 扯旋
    .description = 扯旋：四川牌九下注，带簸簸、有芒果，2 到 6 人
cmd-chexuan-start = 开桌
    .description = 在本频道开一桌扯旋
cmd-chexuan-start-opt-ante = 底皮
    .description = 每手的底皮（筹码，默认 10）
cmd-chexuan-start-opt-ai = 电脑
    .description = 电脑玩家的难度（默认：简单）
cmd-chexuan-start-opt-bobo = 簸簸
    .description = 你带上桌的筹码（簸簸，至少 20 个底皮；默认最小值）
cmd-chexuan-join = 加入
    .description = 带上簸簸入座
cmd-chexuan-join-opt-bobo = 簸簸
    .description = 你带上桌的筹码（簸簸，至少 20 个底皮；默认最小值）
cmd-chexuan-leave = 离开
    .description = 离开牌桌（手中牌局由系统代打完）
cmd-chexuan-rules = 规则
    .description = 本桌扯旋的玩法
cmd-chexuan-stop = 关桌
    .description = 关闭牌桌（房主或有管理服务器权限的成员）；结算本桌筹码
