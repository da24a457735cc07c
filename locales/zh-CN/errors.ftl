# 错误提示，只发给引起它的成员。

err-not-your-turn = 还没轮到你，请稍候。
err-game-over = 这局已经结束了。
err-malformed-action = 无法理解这个操作。
err-malformed-option = 这条命令的选项不对（本应是数字的地方是文字，或缺了选项）：什么也没做。请从 Discord 的命令菜单重新输入（菜单过时的话请重启 Discord）。
err-typed-too-long = 你输入了 { $got } 个字符；/出牌 最多接受 { $max } 个。请只输入一手牌，例如 33344 或 10S 10H。
err-seat-taken = { $seat } 号位已经有人了。
err-seat-range = 本桌的座位是 1 到 { $max } 号。
err-no-such-seat = 本桌没有这个座位。
err-illegal-action = 现在不能这样操作。
err-stale = 这个按钮属于牌局之前的状态，请使用最新的牌桌消息。
err-no-table = 本频道没有牌桌。
err-no-table-of = 本频道没有{ $game }牌桌。用 { $command } 开一桌吧。
err-table-exists = 本频道已经有一桌了。
err-not-seated = 你没有坐在这桌。
err-already-seated = 你已经坐在这桌了。
err-balance-changed = 开局时有玩家的筹码发生了变动：什么都没改变，请重新开局。
err-table-full = 这桌已经坐满了。
err-not-host = 只有房主可以这样做。
err-stop-permission = 只有房主或拥有“管理服务器”权限的成员可以停止这张牌桌。
err-stop-running-permission = 只有拥有“管理服务器”权限的成员才能停止进行中的牌局；在座的玩家可以离开。
err-not-enough-players = 需要 { $needed } 位玩家才能开始。
err-game-running = 牌局已经开始，不能再更改。
err-guild-only = 这个命令只能在服务器频道里使用，不能在私信里用。
err-permission = 这需要“管理服务器”权限。
err-internal = 我们这边出了点问题，什么都没有改变。请再试一次。
err-start-balance-fell = { $user } 现在只有 { $balance } 筹码，不够带上桌的数目：请他离座（或少带一些重新加入）后再开局。
err-balance-below-table = 这桌每个座位至少需要 { $needed } 筹码（按此底注一局通常的输额）；你只有 { $chips }。
err-start-below-table = { $user } 只有 { $balance } 筹码，不够这桌每个座位需要的 { $needed }：请他离座后再开局。
err-shutting-down = 机器人正在重启，你的牌局已保存，稍后继续。
err-shard-elsewhere = 这个服务器此刻由机器人的另一个实例负责，什么都没有改变。请稍后再试。
err-bad-card = “{ $card }”不是一张牌。请输入如 33344、10 J Q K A 或 大王。
err-not-in-hand = 你手里没有{ $card }。
err-no-cards = 请写出要出的牌，例如 /出牌 牌:33344。
err-no-hand = 你在这局里没有手牌。
err-amount-positive = 数量必须是 1 或以上的整数。
err-amount-too-large = 数量太大了。
err-insufficient-chips = 你只有 { $chips } 筹码。
err-self-transfer = 不能把筹码送给自己。
err-give-no-account = { $player }还没有筹码账户：账户在其本人第一次使用命令时开立，之后才能赠送。
err-revoke-beyond-balance = { $player }只有 { $chips } 筹码，无法收回 { $amount }。
err-bot-user = 机器人没有筹码。
err-daily-cooldown = 今天的筹码已经领过了。{ $when } 再来吧。
err-daily-off = 本服务器不发每日筹码。
err-give-off = 本服务器已关闭赠送筹码。
err-give-limit = 本服务器每人 24 小时内最多赠送 { $limit } 筹码；你今天还能送 { $left }。
err-setting-changed = 另一位管理员刚刚改了 `{ $setting }`：请看看 `/牌局 设置` 再试。
err-seated-in-game = 你正在进行中的牌局里，筹码暂时不能转移。
err-seated-elsewhere = 你已经坐在本服务器的另一桌了。
err-bad-option = 牌桌选项无效：{ $detail }
err-option-range = 牌桌选项 { $option } 只能是 { $min } 到 { $max }，不能是 { $got }。
err-stake-too-high = 底分 { $stake } 超过了{ $player }的筹码（{ $chips }）。

## 斗地主。牌型参数（$play、$standing、$pattern）是记录里的名称（trio_single），
## 用 ddz-pattern-* 的说法显示。

err-wrong-phase = 现在不能{ $action ->
        [bid] 叫分
        [call] 叫地主
        [rob] 抢地主
        [play] 出牌
        [pass] 不出
        [kick] 踢
        [counter-kick] 反踢
        [double] 加倍
        [discard] 弃牌
       *[other] 这样操作
    }。
err-bid-range = 叫分只能是 1、2 或 3 分。
err-bid-too-low = 叫分必须高于 { $bid } 分。
err-discard-too-many = 最多只能弃 { $max } 张牌。
err-must-bid = 你手握双王，或大王加一张 2，必须叫分。
err-leader-must-play = 这一轮由你先出，不能不出。
err-empty-play = 请至少出一张牌。
err-card-twice = { $card } 写了两次。
err-not-enough = 你只有 { $have } 张 { $card }。
err-unknown-pattern = 没有这个牌型名称。
err-not-a-combination = { $cards } 不是有效的牌型。
err-not-that-reading = { $cards } 不能当作{ $pattern ->
        [single] { ddz-pattern-single }
        [pair] { ddz-pattern-pair }
        [trio] { ddz-pattern-trio }
        [trio_single] { ddz-pattern-trio-single }
        [trio_pair] { ddz-pattern-trio-pair }
        [straight] { ddz-pattern-straight }
        [pair_straight] { ddz-pattern-pair-straight }
        [airplane] { ddz-pattern-airplane }
        [airplane_singles] { ddz-pattern-airplane-singles }
        [airplane_pairs] { ddz-pattern-airplane-pairs }
        [four_two] { ddz-pattern-four-two }
        [four_two_pairs] { ddz-pattern-four-two-pairs }
        [bomb] { ddz-pattern-bomb }
        [rocket] { ddz-pattern-rocket }
        *[other] { $pattern }
    }出。
err-not-higher = 你的{ $play ->
        [single] { ddz-pattern-single }
        [pair] { ddz-pattern-pair }
        [trio] { ddz-pattern-trio }
        [trio_single] { ddz-pattern-trio-single }
        [trio_pair] { ddz-pattern-trio-pair }
        [straight] { ddz-pattern-straight }
        [pair_straight] { ddz-pattern-pair-straight }
        [airplane] { ddz-pattern-airplane }
        [airplane_singles] { ddz-pattern-airplane-singles }
        [airplane_pairs] { ddz-pattern-airplane-pairs }
        [four_two] { ddz-pattern-four-two }
        [four_two_pairs] { ddz-pattern-four-two-pairs }
        [bomb] { ddz-pattern-bomb }
        [rocket] { ddz-pattern-rocket }
        *[other] { $play }
    }没有桌上的{ $standing ->
        [single] { ddz-pattern-single }
        [pair] { ddz-pattern-pair }
        [trio] { ddz-pattern-trio }
        [trio_single] { ddz-pattern-trio-single }
        [trio_pair] { ddz-pattern-trio-pair }
        [straight] { ddz-pattern-straight }
        [pair_straight] { ddz-pattern-pair-straight }
        [airplane] { ddz-pattern-airplane }
        [airplane_singles] { ddz-pattern-airplane-singles }
        [airplane_pairs] { ddz-pattern-airplane-pairs }
        [four_two] { ddz-pattern-four-two }
        [four_two_pairs] { ddz-pattern-four-two-pairs }
        [bomb] { ddz-pattern-bomb }
        [rocket] { ddz-pattern-rocket }
        *[other] { $standing }
    }大。请出更大的牌，或者不出。
err-wrong-size = 你的{ $play ->
        [single] { ddz-pattern-single }
        [pair] { ddz-pattern-pair }
        [trio] { ddz-pattern-trio }
        [trio_single] { ddz-pattern-trio-single }
        [trio_pair] { ddz-pattern-trio-pair }
        [straight] { ddz-pattern-straight }
        [pair_straight] { ddz-pattern-pair-straight }
        [airplane] { ddz-pattern-airplane }
        [airplane_singles] { ddz-pattern-airplane-singles }
        [airplane_pairs] { ddz-pattern-airplane-pairs }
        [four_two] { ddz-pattern-four-two }
        [four_two_pairs] { ddz-pattern-four-two-pairs }
        [bomb] { ddz-pattern-bomb }
        [rocket] { ddz-pattern-rocket }
        *[other] { $play }
    }和桌上的{ $standing ->
        [single] { ddz-pattern-single }
        [pair] { ddz-pattern-pair }
        [trio] { ddz-pattern-trio }
        [trio_single] { ddz-pattern-trio-single }
        [trio_pair] { ddz-pattern-trio-pair }
        [straight] { ddz-pattern-straight }
        [pair_straight] { ddz-pattern-pair-straight }
        [airplane] { ddz-pattern-airplane }
        [airplane_singles] { ddz-pattern-airplane-singles }
        [airplane_pairs] { ddz-pattern-airplane-pairs }
        [four_two] { ddz-pattern-four-two }
        [four_two_pairs] { ddz-pattern-four-two-pairs }
        [bomb] { ddz-pattern-bomb }
        [rocket] { ddz-pattern-rocket }
        *[other] { $standing }
    }张数不同。请出同样张数的牌，或者不出。
err-does-not-beat = { $play ->
        [single] { ddz-pattern-single }
        [pair] { ddz-pattern-pair }
        [trio] { ddz-pattern-trio }
        [trio_single] { ddz-pattern-trio-single }
        [trio_pair] { ddz-pattern-trio-pair }
        [straight] { ddz-pattern-straight }
        [pair_straight] { ddz-pattern-pair-straight }
        [airplane] { ddz-pattern-airplane }
        [airplane_singles] { ddz-pattern-airplane-singles }
        [airplane_pairs] { ddz-pattern-airplane-pairs }
        [four_two] { ddz-pattern-four-two }
        [four_two_pairs] { ddz-pattern-four-two-pairs }
        [bomb] { ddz-pattern-bomb }
        [rocket] { ddz-pattern-rocket }
        *[other] { $play }
    }压不住{ $standing ->
        [single] { ddz-pattern-single }
        [pair] { ddz-pattern-pair }
        [trio] { ddz-pattern-trio }
        [trio_single] { ddz-pattern-trio-single }
        [trio_pair] { ddz-pattern-trio-pair }
        [straight] { ddz-pattern-straight }
        [pair_straight] { ddz-pattern-pair-straight }
        [airplane] { ddz-pattern-airplane }
        [airplane_singles] { ddz-pattern-airplane-singles }
        [airplane_pairs] { ddz-pattern-airplane-pairs }
        [four_two] { ddz-pattern-four-two }
        [four_two_pairs] { ddz-pattern-four-two-pairs }
        [bomb] { ddz-pattern-bomb }
        [rocket] { ddz-pattern-rocket }
        *[other] { $standing }
    }。{ $standing ->
        [rocket] 王炸最大，只能不出。
        [bomb] 只有更大的炸弹或王炸能压炸弹，否则请不出。
       *[other] 请出同牌型更大的牌或炸弹，或者不出。
    }
err-option-off = 本桌没有开启{ $option ->
        [show_cards] 明牌
       *[other] “{ $option }”
    }。
err-already-shown = 你已经明牌了。
err-show-landlord-only = 拿底牌后只有地主可以明牌。
err-show-too-late = 现在明牌已经太晚了。

## 扯旋。$head 和 $tail 是牌型 id，用 chexuan-hand-* 的说法显示。

err-chexuan-malformed-action = 无法理解这个扯旋操作。
err-chexuan-out-of-hand = 你已经丢牌或摊牌，本手不能再操作。
err-chexuan-all-in = 你已经敲了，本手不用再操作。
err-chexuan-raise-too-small = 大至少要一个底皮：{ $ante } 筹码。
err-chexuan-raise-beyond-bobo = 大 { $raise } 会超出你的簸簸（{ $bobo } 筹码）。请少大一些，或者敲。
err-chexuan-nothing-to-call = 没有可跟的注，请休。
err-chexuan-call-beyond-bobo = 你的簸簸（{ $bobo } 筹码）不够跟到 { $highest }：只能敲或丢。
err-chexuan-check-after-raise = 不能休：现在最高的下注是 { $highest }。请跟、大、敲或丢。
err-chexuan-sanhua-round = 三花只能在第三轮下注时摊牌。
err-chexuan-no-sanhua = 你的四张牌既不成三花十，也不成三花六。
err-chexuan-no-showdown-yet = 还没到比牌：下注结束后再分头尾。
err-chexuan-split-now = 下注已经结束：请把四张牌分成头和尾。
err-chexuan-split-cards = { $card } 不是你的牌（或者重复了）。
err-chexuan-head-below-tail = 头不能比尾小：你的头是{ $head ->
        [ding-er-huang] { chexuan-hand-ding-er-huang }
        [tian] { chexuan-hand-tian }
        [di] { chexuan-hand-di }
        [ren] { chexuan-hand-ren }
        [he] { chexuan-hand-he }
        [mei-shi] { chexuan-hand-mei-shi }
        [ban-deng] { chexuan-hand-ban-deng }
        [chang-san] { chexuan-hand-chang-san }
        [hu-tou] { chexuan-hand-hu-tou }
        [shao-shi] { chexuan-hand-shao-shi }
        [mao-mao] { chexuan-hand-mao-mao }
        [gao-yao] { chexuan-hand-gao-yao }
        [hei-wu] { chexuan-hand-hei-wu }
        [hei-qi] { chexuan-hand-hei-qi }
        [hei-ba] { chexuan-hand-hei-ba }
        [hei-jiu] { chexuan-hand-hei-jiu }
        [tian-wang] { chexuan-hand-tian-wang }
        [di-wang] { chexuan-hand-di-wang }
        [tian-gang] { chexuan-hand-tian-gang }
        [di-gang] { chexuan-hand-di-gang }
        [tian-guan-jiu] { chexuan-hand-tian-guan-jiu }
        [di-guan-jiu] { chexuan-hand-di-guan-jiu }
        [deng-long-jiu] { chexuan-hand-deng-long-jiu }
        [he-wu-jiu] { chexuan-hand-he-wu-jiu }
        [ban-wu-jiu] { chexuan-hand-ban-wu-jiu }
        [ding-chang-jiu] { chexuan-hand-ding-chang-jiu }
        [mei-shi-jiu] { chexuan-hand-mei-shi-jiu }
        [ding-mao-jiu] { chexuan-hand-ding-mao-jiu }
        [wu-long-jiu] { chexuan-hand-wu-long-jiu }
        [shao-shi-jiu] { chexuan-hand-shao-shi-jiu }
        [points-0] { chexuan-hand-points-0 }
        [points-1] { chexuan-hand-points-1 }
        [points-2] { chexuan-hand-points-2 }
        [points-3] { chexuan-hand-points-3 }
        [points-4] { chexuan-hand-points-4 }
        [points-5] { chexuan-hand-points-5 }
        [points-6] { chexuan-hand-points-6 }
        [points-7] { chexuan-hand-points-7 }
        [points-8] { chexuan-hand-points-8 }
        [points-9] { chexuan-hand-points-9 }
        *[other] { $head }
    }，尾是{ $tail ->
        [ding-er-huang] { chexuan-hand-ding-er-huang }
        [tian] { chexuan-hand-tian }
        [di] { chexuan-hand-di }
        [ren] { chexuan-hand-ren }
        [he] { chexuan-hand-he }
        [mei-shi] { chexuan-hand-mei-shi }
        [ban-deng] { chexuan-hand-ban-deng }
        [chang-san] { chexuan-hand-chang-san }
        [hu-tou] { chexuan-hand-hu-tou }
        [shao-shi] { chexuan-hand-shao-shi }
        [mao-mao] { chexuan-hand-mao-mao }
        [gao-yao] { chexuan-hand-gao-yao }
        [hei-wu] { chexuan-hand-hei-wu }
        [hei-qi] { chexuan-hand-hei-qi }
        [hei-ba] { chexuan-hand-hei-ba }
        [hei-jiu] { chexuan-hand-hei-jiu }
        [tian-wang] { chexuan-hand-tian-wang }
        [di-wang] { chexuan-hand-di-wang }
        [tian-gang] { chexuan-hand-tian-gang }
        [di-gang] { chexuan-hand-di-gang }
        [tian-guan-jiu] { chexuan-hand-tian-guan-jiu }
        [di-guan-jiu] { chexuan-hand-di-guan-jiu }
        [deng-long-jiu] { chexuan-hand-deng-long-jiu }
        [he-wu-jiu] { chexuan-hand-he-wu-jiu }
        [ban-wu-jiu] { chexuan-hand-ban-wu-jiu }
        [ding-chang-jiu] { chexuan-hand-ding-chang-jiu }
        [mei-shi-jiu] { chexuan-hand-mei-shi-jiu }
        [ding-mao-jiu] { chexuan-hand-ding-mao-jiu }
        [wu-long-jiu] { chexuan-hand-wu-long-jiu }
        [shao-shi-jiu] { chexuan-hand-shao-shi-jiu }
        [points-0] { chexuan-hand-points-0 }
        [points-1] { chexuan-hand-points-1 }
        [points-2] { chexuan-hand-points-2 }
        [points-3] { chexuan-hand-points-3 }
        [points-4] { chexuan-hand-points-4 }
        [points-5] { chexuan-hand-points-5 }
        [points-6] { chexuan-hand-points-6 }
        [points-7] { chexuan-hand-points-7 }
        [points-8] { chexuan-hand-points-8 }
        [points-9] { chexuan-hand-points-9 }
        *[other] { $tail }
    }。请对调。
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
err-click-again = 打开太慢了——请再点一次按钮。
err-timer-only = 这一步只能由计时器代为操作。

# 牌桌选项被拒（房主看到的原因，用他的语言）。
err-option-stake-positive = 底分必须是正数。
err-option-stake-max = 底分最多 { $max } 筹码。
err-option-rules-object = 牌桌选项必须是一个 JSON 对象（选项名和取值）。
err-option-overflow = 这些选项算出的筹码超出了上限：请选小一点的底分或底注。
err-option-rake = 抽水是 0 到 100 的百分比，不能是 { $rake }。
err-option-ddz-players = 斗地主是 3 人玩，二人斗地主是 2 人，不能是 { $players } 人。
err-option-ddz-kick-bidding = 踢要配合叫分（bidding: score）。
err-option-ddz-kick-two = 二人斗地主不踢，改为抢地主。
err-option-chexuan-ante = 底皮是 1 到 { $max } 筹码，不能是 { $ante }。
err-option-chexuan-min-bobo = 最小簸簸至少要等于底皮（{ $ante }），最多 { $max } 筹码，不能是 { $min }。
err-option-chexuan-stake = 扯旋直接以筹码下注：底分固定为 1（请设置底皮）。
err-option-dg-ante = 底注是 1 到 { $max } 道，不能是 { $ante }。
err-option-dg-point-dao = 点数牌的道数（point_dao）每项 1 到 4，从 1 点到 9 点不能减少。
err-option-dg-sweep = 全拿规则要两个数，都至少为 1：[锅里至多几道, 牌至少几道]。
err-option-dg-chips-per-dao = 每道筹码至少为 1。
err-lease-held = 另一个 paiju 进程（{ $host } 上的 pid { $pid }，自 { $since } 起运行）正在使用这个账本的牌桌。请先停止它，或换一个数据库。
err-database-damaged = 数据库文件已损坏（{ $detail }）。没有进行任何游戏，也没有任何改动；请从备份恢复。
err-game-off = 本服务器已关闭{ $game }。
err-channel-not-allowed = 这个频道不能开桌。请去 { $channels }。
err-host-role = 在这里开桌需要身份组 { $role }。
err-autoplay-not-here = 这个游戏不能托管：下注的游戏里电脑会替你押筹码。
err-season-running = 本赛季已有计分局：请先用 `/赛季 结束` 结束它。
err-bot-permissions = 我无法在这个频道开桌：我在这里缺少{ $permissions }权限。请管理员在本频道（编辑频道 → 权限）给我{ $permissions }权限，然后重新开桌。
err-replay-unknown = 没有第 { $game } 局。`/战绩` 列出了本服务器的牌局和编号。
err-replay-other-server = 第 { $game } 局不是在本服务器打的：只能在打这局的服务器里复盘。
err-replay-not-seat = 只有第 { $game } 局的玩家才能复盘：复盘会显示自己的手牌。
err-replay-running = 第 { $game } 局还在进行中，结束后才能复盘。
err-replay-no-record = 第 { $game } 局没有牌谱可复盘：它在发牌之前就取消了。
err-replay-broken = 这个版本的机器人无法回放这一局的牌谱。
