# 端锅子用语：牌的级别、牌型、每轮的事件和规则说明。牌型 id 见
# src/games/duan_guozi/hand.rs 的 HAND_IDS，级别 id 见
# src/games/duan_guozi/deck.rs 的 Class::id()。

dg-name = 端锅子

## 牌的级别，从高到低。

dg-class-tian = 天
dg-class-di = 地
dg-class-ren = 人
dg-class-e = 鹅
dg-class-chang = 长
dg-class-shi = 矢
dg-class-za = 杂
dg-class-joker = 鬼
# 一轮里有点数相同的点数牌时列在下面：这时比级别。
dg-class-order = 点数相同比级别：天 > 地 > 人 > 鹅 > 长 > 矢 > 杂。

## 牌型，从大到小。点数牌带 $points（1–9）和 $class（较大那张牌的级别 id）：「天字九」。

dg-hand-zhizun = 至尊
dg-hand-dui-tian = 对天
dg-hand-dui-di = 对地
dg-hand-dui-ren = 对人
dg-hand-dui-e = 对鹅
dg-hand-dui-chang = 对长
dg-hand-dui-shi = 对矢
dg-hand-dui-za-9 = 对杂九
dg-hand-dui-za-8 = 对杂八
dg-hand-dui-za-7 = 对杂七
dg-hand-dui-za-5 = 对杂五
dg-hand-tian-gang = 天杠
dg-hand-di-gang = 地杠
dg-hand-points = { $class ->
        [tian] { dg-class-tian }
        [di] { dg-class-di }
        [ren] { dg-class-ren }
        [e] { dg-class-e }
        [chang] { dg-class-chang }
        [shi] { dg-class-shi }
        [za] { dg-class-za }
        [joker] { dg-class-joker }
       *[other] { $class }
    }字{ $points ->
        [1] 一
        [2] 二
        [3] 三
        [4] 四
        [5] 五
        [6] 六
        [7] 七
        [8] 八
        [9] 九
       *[other] { $points }
    }
dg-hand-bie-shi = 瘪十

## 数量和牌桌用语。

dg-dao = { $dao } 道
dg-pot = 锅里：{ $dao } 道
dg-ante = 底注：每人 { $dao } 道
dg-dealer = 庄家：{ $player }
dg-cards-left = 牌堆还剩 { $count } 张
dg-hand-line = { $player }：{ $cards } — { $hand }（{ $dao } 道）

## 事件。

dg-event-game-start = 新开一锅：每人下底 { $dao } 道，锅里共 { $pot } 道。
dg-event-reshuffled = 牌不够发了：收回全部 32 张牌重新洗牌。
dg-event-round-dealt = 第 { $round } 轮：{ $player }发牌。
dg-event-round-won = { $player }以{ $hand }获胜，从锅里拿走 { $paid } 道；锅里还剩 { $pot } 道。
dg-event-round-swept = { $player }以{ $hand }获胜，全拿：整锅 { $paid } 道。
dg-event-all-bie-shi = 全是瘪十：不赔不拿，{ $player }重新发牌。
dg-event-game-over = 锅已端空：这一局结束。

## /端锅子 规则 的说明。

dg-rules = **端锅子** — 用扑克牌玩的推牌九，2 到 12 人围着一个公共的锅。
    • 32 张牌：红桃和方块 2 4 5 6 7 8 9 10 J Q，黑桃和梅花 4 6 7 8 10，加大小鬼。
    • 每局开始每人先往锅里下底：每人 10 道，4 人及以下每人 20 道。每轮庄家给每人发两张牌；牌堆一路发下去，不够发时才收回重洗。
    • 每张牌有级别，从高到低：天（Q♥ Q♦）> 地（2♥ 2♦）> 人（8♥ 8♦）> 鹅（4♥ 4♦）> 长（4♠ 4♣ 6♠ 6♣ 10♠ 10♣）> 矢（6♥ 6♦ 7♥ 7♦ 10♥ 10♦ J♥ J♦）> 杂（9♥ 9♦ 8♠ 8♣ 7♠ 7♣ 5♥ 5♦）；单张鬼比杂还小。
    • 牌型从大到小（后面是能拿的道数）：至尊（大小鬼）16；对子：对天（Q♥Q♦）15，对地（2♥2♦）14，对人（8♥8♦）13，对鹅（4♥4♦）12，对长（4♠4♣、6♠6♣ 或 10♠10♣，三种一样大）11，对矢（6♥6♦、7♥7♦、10♥10♦ 或 J♥J♦，四种一样大）10，对杂九（9♥9♦）9，对杂八（8♠8♣）8，对杂七（7♠7♣）7，对杂五（5♥5♦）6；天杠（红 Q 配任意 8）5，地杠（红 2 配任意 8）4；然后是九点到一点的点数牌；最小是瘪十（0 点，什么也拿不到；本桌瘪十不能吃至尊）。只有上面这些才算对子：8♥8♠ 是点数牌。
    • 点数：两张牌点数相加取个位（10 算 10，J 算 11，Q 算 12，单张大鬼算 6，单张小鬼算 3）。点数牌按点数和较大那张牌的级别叫：天字九是带天牌的九点，矢字五是带矢牌的五点。点数大的赢；点数相同比级别（天字九大于矢字九）。本桌约定：九至七点拿 3 道，六至四点拿 2 道，三至一点拿 1 道。
    • 最大的一手从锅里拿走它的道数（锅里不够就全拿），并做下一轮的庄。牌型相同时先拿到牌的上家大。全是瘪十则不赔不拿，原庄重新发。锅端空了，这一局就结束。
    • 可选的“全拿”规则（默认不开；开桌时选上“全拿”，终端里加 `--sweep`）：锅里剩 4 道或更少时，值 3 道以上的牌（七点或更大）把整锅拿走。

## Discord 上的牌桌。

dg-table-title = 端锅子 · 第 { $game } 局 · 每道 { $stake } 筹码 · 第 { $round } 轮
dg-last-round = 第 { $round } 轮
dg-deal-by = { $player }发牌，{ $when }（没人按“发牌”时由电脑代发）。
dg-btn-deal = 发牌
dg-deal-done = 已发牌。
dg-err-only-deal = 端锅子里唯一的操作是庄家发牌：请按“发牌”，或输入 /出牌 牌:发牌。
dg-result-pot-empty = 锅已端空，这一局结束。每人的净道数（已算上底注）和筹码：
dg-result-closed = 牌桌中途关闭：各人已赢的照拿，锅里剩下的平均退回。
dg-result-rounds = 共发了 { $rounds } 轮。
dg-result-next = 下一局马上开始，重新下底；想在这局之后离开请用 /端锅子 离开。

## 轮到自己时手牌界面的提示。
dg-your-turn = 轮到你了：点下面的“发牌”。

## 斜杠命令 /duan-guozi：名称与说明（名称的规则见 commands.ftl）。

cmd-duan-guozi = 端锅子
    .description = 端锅子：扑克牌推牌九，2 到 12 人围着一个锅
cmd-duan-guozi-start = 开桌
    .description = 在本频道开一桌端锅子
cmd-duan-guozi-start-opt-stake = 每道筹码
    .description = 每道多少筹码（默认：服务器设置）
cmd-duan-guozi-start-opt-ante = 底注
    .description = 每人往锅里下多少道（默认 10 道，4 人及以下 20 道）
cmd-duan-guozi-start-opt-sweep = 全拿
    .description = 全拿规则：锅里不超过 4 道时，3 道以上的牌整锅拿走
cmd-duan-guozi-join = 加入
    .description = 入座（游戏进行中则从下一局开始）
cmd-duan-guozi-leave = 离开
    .description = 离开牌桌（游戏进行中则在这局结束后；锅端空之前照常发你的牌）
cmd-duan-guozi-rules = 规则
    .description = 本桌端锅子的玩法
cmd-duan-guozi-stop = 关桌
    .description = 关闭牌桌（房主或有管理服务器权限的成员）；锅里的筹码平均退回
