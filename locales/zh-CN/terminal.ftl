# 终端（`paiju play`）：共用循环的话、各游戏的提示、帮助和牌桌行。
# 牌局事件与 Discord 日志共用同一批消息（bot.ftl、duan-guozi.ftl、
# chexuan.ftl）。输入的命令和牌的写法在各语言中都一样。

term-you = 你

# 终端里显示的时间（Discord 用它自己的相对时间）：距现在几小时几分钟。
term-time-from-now = { $hours ->
        [0] { $minutes } 分钟后
       *[other] { $hours } 小时 { $minutes } 分钟后
    }

## 共用循环。

term-started = === 第 { $game } 局开始：重新发牌。 ===
term-resumed = === 从上次停下的地方继续第 { $game } 局（已走 { $moves } 步）。 ===
term-your-turn = 轮到你了。
term-you-may = 你可以：{ $options }
term-refused = 不行：{ $why }（输入“提示”看提示，“帮助”看命令）
term-not-understood = `{ $input }`：{ $why }
term-autoplay-on = { $you ->
        [yes] 你超时了，已自动托管：电脑替你出牌，输入任何内容即可取消托管。
       *[other] { $player }：超时，电脑托管这个座位，直到其再次操作。
    }
term-autoplay-off = { $player }回到牌桌。
term-autoplay-switched-on = 你已托管：电脑替你出牌，输入任何内容（取消托管）即可收回。
term-autoplay-not-on = 你没有托管，正在自己出牌。
term-autopassed = { $you ->
        [yes] 你要不起：已自动不要（自动不要已开）。
       *[other] { $player }：要不起
    }
term-autopass-on = 自动不要已开：手里的牌压不过桌上这手时，自动帮你“不要”。输入“自动不要关”改为每次问你。
term-autopass-off = 自动不要已关：手里的牌压不过桌上这手时，会提示你，由你自己输入“不要”。输入“自动不要开”可自动过。
term-forced-pass = 要不起：你手里没有压得过桌上这手的牌。请输入“不要”（输入“自动不要开”以后自动过）。
term-duration = { $minutes ->
        [0] { $seconds }秒
       *[other] { $seconds ->
            [0] { $minutes }分钟
           *[other] { $minutes }分{ $seconds }秒
        }
    }
term-your-turn-timed = 轮到你了。（限时{ $time }）
term-time-warning = ⏳ 只剩{ $time }了：超时后将自动托管。
term-settled-line = { $player }：{ $chips } 筹码
term-settled-line-house = { $player }：{ $chips } 筹码（系统）
term-balance = 你的余额：{ $chips } 筹码。
term-choose-reading = 这几张牌有几种出法。请输入你要的那种的编号（直接回车返回）：
term-another-game = 再来一局？输入“好”（y）再来，“不”（n）结束。
term-answer-yes-or-no = `{ $answer }` 不是这里的回答：输入“好”（y）再来一局，“不”（n）结束。
term-answer-empty = 空行不算回答：输入“好”（y）再来一局，“不”（n）结束。
term-saved = 输入已结束。牌局已保存：再次运行 `paiju play { $game }` 即可继续。
term-saved-elsewhere = paiju：你还有一局{ $name }保存着没打完，一次只能打一局。请先运行 `paiju play { $game }` 把它打完（或在那里离开），再开这一局。
term-goodbye = 谢谢参与，再见！
term-closed-short = 牌桌已关闭：你只有 { $balance } 个筹码，下一局需要 { $needed } 个。
term-trouble = （牌桌出错：{ $message }）
term-cannot-resume = 第 { $game } 局无法继续（{ $why }）：已取消，筹码已退还。
term-opening-failed = paiju：无法开桌：{ $why }
term-leave = 离开
term-help-common = 各游戏通用：
    {"  "}提示                 看电脑会怎么出
    {"  "}代打                 这一步让电脑替你走
    {"  "}托管                 电脑一直替你出牌，直到你再输入任何内容（取消托管）
    {"  "}手牌、牌桌           再看一次手牌或牌桌
    {"  "}规则（玩法）         看本游戏的规则
    {"  "}自动不要开|关        要不起时自动不要，或每次问你（默认）
    {"  "}离开（逃跑）         离开本局（会先再问一次）
    {"  "}帮助（?）            显示本列表
    轮到你时会显示限时；超时后电脑替你托管，直到你再输入任何内容。英文命令（hint、auto、hand、table、rules、autopass on|off、leave、help）也可以用。
term-pick-a-number = 请输入 1 到 { $count } 的编号，或直接回车返回
term-choice-dropped = 没有出牌：请重新选牌。
term-stayed = 你留在牌桌，没有出牌。

## 斗地主。

term-ddz-welcome = paiju：在终端里玩斗地主。你坐 1 号位，对手是电脑。
    底分：每分 { $stake } 筹码。你的余额：{ $balance } 筹码。任何时候输入“帮助”查看命令。
term-ddz-help = 斗地主：
    {"  "}33344、10JQKA、3s 3h、大王 …  出这些牌（点数 3–9、10 或 T、J Q K A 2；加花色字母 s h d c 指定一张；SJ/BJ 或 小王/大王 是王；只写点数就从手牌里挑）。能读成牌的一行一定是出牌：`A` 出一张 A。
    {"  "}不要、要不起、过（pass、p）   不出
    {"  "}叫 1 分 / 叫 2 分 / 叫 3 分（或 1、2、3）  叫分（叫分制）；不叫 或 0 表示不叫
    {"  "}叫地主 抢地主 踢 反踢 加倍 明牌   本桌允许的叫牌选项；不抢、不加倍 表示放弃
    {"  "}不弃                         弃牌阶段：一张也不弃
term-ddz-lead = { $others ->
        [1] { $passer }不要
       *[other] 大家都不要
    }：{ $player }重新出牌。
term-ddz-no-landlord = 地主：尚未确定
term-ddz-cards-left = 剩余牌数：{ $counts }
term-ddz-seat-count = { $player }：{ $count } 张
term-ddz-bidding = 桌面：还没有出牌（叫地主中）。
term-ddz-kicking = 桌面：还没有出牌（踢牌中）。
term-ddz-discarding = 桌面：还没有出牌（弃牌中）。
term-ddz-doubling = 桌面：还没有出牌（加倍中）。
term-ddz-hand-left = { $player }剩下的牌：{ $cards }
term-ddz-free-lead = 桌面：空，随便出。
term-ddz-open-hand = { $player }的明牌：{ $cards }
term-ddz-reading = { $play }（{ $reading }）
term-ddz-result = === 本局结束：{ $winner ->
        [landlord] 地主获胜
       *[farmers] 农民获胜
    }。{ $side ->
        [won] 你方赢了！
        [you-won] 你赢了！
        [you-lost] 你输了。
       *[lost] 你方输了。
    } ===
term-ddz-redealt = === 无人叫地主：没有筹码变动。 ===
term-ddz-escape-result = === 本局结束：有玩家逃跑。 ===
term-ddz-leave-confirm = 逃跑至少要付 { $penalty } 倍底分。再输入一次 `leave` 确认，输入其他内容留下。
term-ddz-bid = 叫 { $points } 分
term-ddz-pass = 不要
term-ddz-pass-on = { $on ->
        [bid] 不叫
        [rob] 不抢
        [kick] 不踢
        [double] 不加倍
       *[play] 不要
    }
term-ddz-call = 叫地主
term-ddz-rob = 抢地主
term-ddz-kick = 踢
term-ddz-counter = 反踢
term-ddz-double = 加倍
term-ddz-show = 明牌
term-ddz-play = 出 { $cards }
term-ddz-keep = 不弃
term-ddz-discard = 弃 { $cards }
term-ddz-plays = 出牌（输入要出的牌）
term-ddz-discards = 弃牌（输入要弃的牌，或“不弃”一张不弃）
term-ddz-not-a-command = 不是命令，也不是你手里的牌
term-ddz-forced-pass = 要不起：你手里没有压得过{ $player }这手{ $pattern }（{ $cards }）的牌。请输入“不要”（输入“自动不要开”以后自动过）。
term-ddz-cannot-beat = 你手里没有压得过桌上这手的牌：请输入“不要”（要不起）
term-ddz-no-play-now = 现在不出牌：请先回答上面的问题
term-ddz-bid-range = 叫分只能是 1、2 或 3

## 端锅子。

term-dg-welcome = paiju：在终端里玩端锅子。你坐 1 号位，另有 { $ai } 个电脑玩家。
    每人往锅子里下底 { $ante } 道；1 道 = { $chips } 筹码。你的余额：{ $balance } 筹码。任何时候输入“帮助”查看命令。
term-dg-help = 端锅子：
    {"  "}回车、发牌                  轮到你坐庄时发这一轮牌
    每一轮没有人需要做决定：所有人的牌都亮出来，最大的一手按道数从锅里拿（一样大时先发到的座位赢），赢家下一轮坐庄。锅子端空，这一局就结束。
term-dg-round = --- { $round }{ $left } ---
term-dg-table = 锅里：{ $pot } / { $start } 道。已打 { $rounds } 轮。牌堆剩 { $left } 张。庄家：{ $player }。
term-dg-standing = 目前输赢：{ $line }
term-dg-you-deal = 轮到你发牌：按回车（或输入“发牌”）。
term-dg-deal = 发牌
term-dg-result = 本局结束。每人净输赢（道，已计底）：{ $deltas }
term-dg-leave-confirm = 要离开吗？锅子端空之前你的座位仍会发到牌；如果没有别人了，牌桌关闭，锅里的道平均退回。再输入一次 `leave` 确认。
term-dg-not-a-command = 按回车或输入“发牌”来发牌；输入“帮助”查看命令

## 扯旋。

term-cx-welcome = 扯旋：你和 { $ai } 个电脑玩家，底皮 { $ante }，你的簸簸 { $bobo }。你的余额：{ $balance } 筹码。输入“帮助”查看命令。
term-cx-help = 扯旋下注：`大 N`（至少一个底皮）、`跟`、`敲`（全下）、`休`、`丢`、`三花`（第 3 轮）。
    比牌：输入你头的两张牌（`QH QD`：先点数后花色，10 或 T，SJ/BJ 是王），或 `尾 3H BJ`，或列出的分法编号；头不能比尾小。
term-cx-table = 第 { $hand } 手（{ $stage }），{ $player }坐庄。当前最高下注：{ $highest }。
    { $mango }。
term-cx-raise-option = 大 N（N 从 { $min } 到你的簸簸）
term-cx-result = { $hands } 手之后：{ $changes }。
term-cx-leave-confirm = 要离开牌桌吗？这一手剩下的部分由电脑替你打（能休就休，否则丢），之后牌桌关闭，芒果池由还在座的玩家平分。再输入一次 `leave` 离开。
term-cx-pick-split = 请选 1 到 { $count } 之间的分法
term-cx-raise-how = 请说明大多少：`大 20`
term-cx-not-a-command = 不是命令：试试 大 N、跟、敲、休、丢 或 帮助
term-cx-raise-range = 这里大至少 { $min }（底皮），最多到你的簸簸
term-cx-cannot-raise = 现在不能大 { $by }
term-cx-cannot-call = 没有可跟的，或者你的簸簸不够跟
term-cx-cannot-sanhua = 三花只能在第 3 轮摊，且须是三花十或三花六
term-cx-not-open = 现在不能这样做
term-cx-not-in-hand = 你不在这一手里
term-cx-head-below-tail = 头不能比尾小：{ $head } 是{ $head-hand }，{ $tail } 是{ $tail-hand }。请对调（`尾 { $typed }`）
term-cx-not-your-cards = { $cards } 不是你的两张牌
term-cx-name-two = 请说出一对的两张牌，例如 `QH QD`（你的头）

## `paiju play` 开局前对命令行参数的拒绝。

term-err-rules = --rules 必须是一个 JSON 对象，例如 { $example }
term-err-players = { $game }需要 { $min } 到 { $max } 名玩家（--players），不能是 { $players }
term-err-players-dou-dizhu = 斗地主需要 3 名玩家，二人斗地主为 2 名（--players），不能是 { $players }
term-err-shengji-decks = 升级用 1 到 4 副牌（--decks），不能是 { $decks }
term-err-runtime = 无法启动异步运行时：{ $why }
term-err-ledger = 无法打开位于 { $path } 的账本：{ $why }
term-err-config = 配置文件无效：{ $why }

term-line-too-long = 这一行超过 { $max } 字节，已忽略。请输入短一些的内容。
term-line-not-utf8 = 这一行不是 UTF-8 文本，已忽略。请重新输入。
term-cx-top-up-options = 补簸簸：输入 `补 N`（N 从 { $min } 到 { $max }，只输入 `补` 就补 { $min }），或输入“离开”离开牌桌。
