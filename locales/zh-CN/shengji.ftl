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
err-shengji-follow-pair = 有对必须跟对：你要出对子 { $cards }。
err-shengji-follow-triple = 有三同张必须跟：你要出 { $cards }。
err-shengji-follow-quad = 有四同张必须跟：你要出 { $cards }。

## 牌局事件与结算用语（前端按 id 取用）。

shengji-name = 升级（拖拉机）
shengji-declared = { $seat } 号位亮主：{ $cards }。
shengji-trump-none = 无主
shengji-buried = 庄家扣底 { $count } 张。
shengji-throw-failed = { $seat } 号位甩牌 { $attempted } 失败（{ $by } 号位管得住），只出 { $played }。
shengji-trick-won = { $seat } 号位大，这一轮 { $points } 分。
shengji-result-da-guang = 大光！抓分方 0 分，庄家方连升 3 级。
shengji-result-xiao-guang = 小光！抓分方只得 { $points } 分，庄家方连升 2 级。
shengji-result-banker-up = 抓分方得 { $points } 分，庄家方升 1 级。
shengji-result-take-bank = 抓分方得 { $points } 分，上台坐庄。
shengji-result-attackers-up = 抓分方得 { $points } 分，上台并升 { $levels } 级。
shengji-kitty-won = 抓分方扣底成功：底牌 { $kitty } 分 × { $multiplier }。
