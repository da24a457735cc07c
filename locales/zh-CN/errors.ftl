# 错误提示，只发给引起它的成员。

err-not-your-turn = 还没轮到你，请稍候。
err-game-over = 这局已经结束了。
err-malformed-action = 无法理解这个操作。
err-no-such-seat = 本桌没有这个座位。
err-illegal-action = 现在不能这样操作。
err-stale = 这个按钮属于牌局之前的状态，请使用最新的牌桌消息。
err-no-table = 本频道没有牌桌。用 /斗地主 开桌 开一桌吧。
err-table-exists = 本频道已经有一桌了。
err-not-seated = 你没有坐在这桌。
err-already-seated = 你已经坐在这桌了。
err-table-full = 这桌已经坐满了。
err-not-host = 只有房主可以这样做。
err-not-enough-players = 需要 { $needed } 位玩家才能开始。
err-game-running = 牌局已经开始，不能再更改。
err-guild-only = 这个命令只能在服务器频道里使用，不能在私信里用。
err-permission = 这需要“管理服务器”权限。
err-internal = 我们这边出了点问题，什么都没有改变。请再试一次。
err-shutting-down = 机器人正在重启，你的牌局已保存，稍后继续。
err-bad-card = “{ $card }”不是一张牌。请输入如 33344、10 J Q K A 或 大王。
err-not-in-hand = 你手里没有 { $card }。
err-no-cards = 请写出要出的牌，例如 /出牌 牌:33344。
err-no-hand = 你在这局里没有手牌。
err-amount-positive = 数量必须是 1 或以上的整数。
err-amount-too-large = 数量太大了。
err-insufficient-chips = 你只有 { $chips } 筹码。
err-self-transfer = 不能把筹码送给自己。
err-bot-user = 机器人没有筹码。
err-daily-cooldown = 今天的筹码已经领过了。{ $when } 再来吧。
err-seated-in-game = 你正在进行中的牌局里，筹码暂时不能转移。
err-seated-elsewhere = 你已经坐在本服务器的另一桌了。
err-bad-option = 牌桌选项无效：{ $detail }
err-stake-too-high = 底分 { $stake } 超过了 { $player } 的筹码（{ $chips }）。

## 筹码账本的拒绝（`LedgerError::key`）
ledger-invalid-amount = { $amount } 不是有效的数量：请用 1 或以上的整数。
ledger-amount-too-large = 数量太大了。
ledger-insufficient-chips = 筹码不够：余额 { $balance }，需要 { $needed }。
ledger-self-transfer = 不能把筹码送给自己。
ledger-chips-locked = { $user } 正在本服务器打牌，筹码暂时锁定。
ledger-already-seated = { $user } 已经坐在本服务器进行中的一桌了。
ledger-duplicate-seat = { $user } 不能占两个座位。
ledger-daily-cooldown = 今天的筹码已经领过了。请 { $seconds } 秒后再试。
ledger-unknown-game = 这局已经不存在了。
ledger-game-not-running = 这局已经{ $status }。
ledger-not-seated = { $user } 不在这局里。
ledger-stale-version = 这个操作晚于更新的操作到达，什么都没有改变。
ledger-bad-settlement = 这局无法结算，没有筹码变动。
ledger-idempotency-conflict = 这个请求已被用于别的操作，什么都没有改变。
ledger-bad-input = 无法接受这个请求。
ledger-internal-error = 筹码账本出错了，什么都没有改变。请再试一次。

## 斗地主的拒绝（引擎的 `RuleError::key`）
err-already-shown = 你已经明牌了。
err-bid-range = 叫分只能是 1、2 或 3。
err-bid-too-low = 请叫比 { $bid } 更高的分，或者不叫。
err-card-twice = { $card } 写了两次。
err-does-not-beat = 这手牌大不过上一手。
err-empty-play = 请至少选一张牌。
err-leader-must-play = 这轮由你先出，必须出牌（不能不出）。
err-must-bid = 你的牌这么好，必须叫分。
err-not-a-combination = { $cards } 不是斗地主的牌型。
err-not-enough = 你只有 { $have } 张 { $card }。
err-not-higher = 请叫比当前更高的分，或者不叫。
err-not-that-reading = { $cards } 不能当作 { $pattern } 出。
err-option-off = 本桌没有开启 { $option }。
err-show-landlord-only = 现在只有地主可以明牌。
err-show-too-late = 现在明牌已经太晚了。
err-unknown-pattern = 未知的牌型名称。
err-wrong-phase = 现在不能 { $action }。
err-wrong-size = 这手牌的张数不对。

## 扯旋的拒绝
err-chexuan-malformed-action = 无法理解这个扯旋操作。
err-chexuan-out-of-hand = { $seat } 号位已经丢牌，不在本手中。
err-chexuan-all-in = { $seat } 号位已经敲钵，等待比牌。
err-chexuan-split-now = 现在请把牌分成头和尾。
err-chexuan-raise-too-small = 加注至少要等于底注（{ $ante }）。
err-chexuan-raise-beyond-bobo = 加注 { $raise } 会超过你的钵钵 { $bobo }。
err-chexuan-nothing-to-call = 没有可跟的注：请休。
err-chexuan-call-beyond-bobo = 你的钵钵 { $bobo } 不够跟到 { $highest }：请敲钵或丢牌。
err-chexuan-check-after-raise = 有人加注到 { $highest } 后不能休：请跟、加注、敲钵或丢牌。
err-chexuan-sanhua-round = 三花只能在一手开始时亮出。
err-chexuan-no-sanhua = 你没有三花。
err-chexuan-no-showdown-yet = 还没到分牌的时候。
err-chexuan-split-cards = { $card } 不是你可以分的牌。
err-chexuan-head-below-tail = 头（{ $head }）不能小于尾（{ $tail }）。
