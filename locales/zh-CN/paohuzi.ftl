# 跑胡子的用语：牌名（一…十、壹…拾）、门子、提问、名堂和拒绝理由。

paohuzi-name = 跑胡子

## A card by its notation (`$card` is x1…x10, d1…d10).

paohuzi-card = { $card ->
    [x1] 一
    [x2] 二
    [x3] 三
    [x4] 四
    [x5] 五
    [x6] 六
    [x7] 七
    [x8] 八
    [x9] 九
    [x10] 十
    [d1] 壹
    [d2] 贰
    [d3] 叁
    [d4] 肆
    [d5] 伍
    [d6] 陆
    [d7] 柒
    [d8] 捌
    [d9] 玖
    [d10] 拾
   *[other] { $card }
}

## Melds, by `MeldKind::id()`.

paohuzi-meld-kan = 坎
paohuzi-meld-peng = 碰
paohuzi-meld-wei = 偎
paohuzi-meld-chou-wei = 臭偎
paohuzi-meld-ti = 提
paohuzi-meld-pao = 跑
paohuzi-meld-sequence = 一句话
paohuzi-meld-jiao = 绞
paohuzi-meld-pair = 将

## Questions, by `QuestionKind::id()`.

paohuzi-question-tian-hu = 胡亮张（天胡）吗？
paohuzi-question-hu = 胡吗？
paohuzi-question-peng = 碰吗？
paohuzi-question-chi = 吃吗？
paohuzi-question-discard = 出一张牌

## 名堂 and distinctions shown with a win.

paohuzi-mingtang-hong-hu = 红胡（×2）
paohuzi-mingtang-dian-hu = 点胡（×3）
paohuzi-mingtang-wu-hu = 乌胡（×5）
paohuzi-mingtang-haidi = 海底胡
paohuzi-mingtang-zimo = 自摸
paohuzi-mingtang-tian-hu = 天胡

## Refusals (`ERROR_KEYS` in src/games/paohuzi/mod.rs).

err-paohuzi-answered = 你已经回答了，正在等其他玩家。
err-paohuzi-asked-claim = 现在问你要不要这张牌：胡、碰、吃或者过。
err-paohuzi-asked-chi = 现在问你是否吃这张牌：请选择一种吃法，或者过。
err-paohuzi-asked-discard = 轮到你出牌。
err-paohuzi-asked-hu = 现在问你是否胡牌：胡，或者过。
err-paohuzi-asked-peng = 现在问你是否碰这张牌：碰，或者过。
err-paohuzi-bad-card = “{ $card }”不是字牌。请写 x3 / d3，或 三 / 叁。
err-paohuzi-bad-group = 每一组吃牌必须是一句话（同为大字或小字的三张连牌，或二七十 / 贰柒拾）或一绞（同一牌点、大小都有）。
err-paohuzi-bi-without-card = 每一组比牌都必须含有一张{ $card ->
       *[other] { paohuzi-card }
    }。
err-paohuzi-chi-needs-bi = 这次吃牌还要比出你手里的{ $card ->
       *[other] { paohuzi-card }
    }：请选择一组。
err-paohuzi-chi-no-bi = 你不能吃{ $card ->
       *[other] { paohuzi-card }
    }：你手里的{ $card ->
       *[other] { paohuzi-card }
    }无法组成比牌。
err-paohuzi-chi-not-in-hand = 你手里没有这些组里的牌。
err-paohuzi-chi-without-card = 第一组必须含有你要吃的{ $card ->
       *[other] { paohuzi-card }
    }。
err-paohuzi-chou = { $card ->
       *[other] { paohuzi-card }
    }对你是臭牌：你之前没有吃或碰它。
err-paohuzi-chou-hu = { $card ->
       *[other] { paohuzi-card }
    }对你是臭胡：你之前能胡没胡，胡息还没有变化。
err-paohuzi-discard-kan = 坎不能拆：你手里有三张{ $card ->
       *[other] { paohuzi-card }
    }。
err-paohuzi-keep-kan = 坎不能拆：{ $card ->
       *[other] { paohuzi-card }
    }的坎不能用来吃牌。
err-paohuzi-malformed-action = 无法理解这个跑胡子动作。
err-paohuzi-no-discard-after = 这样做之后你没有可以打出的牌，所以不允许。
err-paohuzi-not-in-hand = 你手里没有{ $card ->
       *[other] { paohuzi-card }
    }。
err-paohuzi-own-discard = { $card ->
       *[other] { paohuzi-card }
    }对你是臭牌：你本局打出过这张牌。

## The table, in the terminal and on Discord.

paohuzi-card-short = { $card ->
       *[other] { $char }
    }
paohuzi-meld-line = { $meld } { $cards }（{ $huxi } 胡息）
paohuzi-meld-hidden = { $meld }（{ $count } 张扣着）
paohuzi-meld-hidden-shows = { $meld }（{ $count } 张扣着，亮 { $shown }）
paohuzi-hand-legend = （小写一…十，大写壹…拾；[ ] 是必须留着的坎）
paohuzi-origin-drawn = { $you ->
        [yes] 你
       *[no] { $player }
    }翻出
paohuzi-origin-discarded = { $you ->
        [yes] 你
       *[no] { $player }
    }打出
paohuzi-chi-with-bi = { $group }，比 { $bi }
paohuzi-card-from = 桌上：{ $card }，{ $from }。
paohuzi-own-draw = 你摸到 { $card }（扣着）。
paohuzi-shown-card = 亮张是 { $card }。
# 能怎么要这张牌（paohuzi-ask-*），合成一句问话：“你要胡还是碰？”
paohuzi-ask-tian-hu = 胡亮张（天胡）
paohuzi-ask-hu = 胡
paohuzi-ask-peng = 碰
paohuzi-ask-chi = 吃
paohuzi-ask-either = { $rest }还是{ $last }
paohuzi-ask-one = { $ask }吗
paohuzi-question-line = { $card }你要{ $questions }？
paohuzi-do-hu = 胡
paohuzi-do-pass = 过
paohuzi-do-peng = 碰
paohuzi-do-chi = 吃 { $groups }
paohuzi-do-discard = 出 { $card }
paohuzi-no-melds = 还没有门子
# 亮张只在它还是桌上要处理的牌时显示。
paohuzi-table-head = 庄家：{ $dealer }。底牌剩 { $wall } 张。
paohuzi-table-head-shown = 庄家：{ $dealer }。亮张：{ $shown }。底牌剩 { $wall } 张。
paohuzi-table-player = { $player }：手牌 { $cards } 张，明息 { $huxi } — { $melds }
paohuzi-table-pile =     弃牌：{ $cards }
paohuzi-your-hand = 你的手牌（{ $count } 张），明息：{ $huxi }
paohuzi-ev-dealt = { $you ->
       *[other] { $player }
    } 坐庄，亮张 { $card }；底牌 { $wall } 张。
paohuzi-ev-laid-out = { $you ->
       *[other] { $player }
    } { $meld }：{ $card }。
paohuzi-ev-laid-out-hidden = { $you ->
       *[other] { $player }
    } 扣下一组{ $meld }（牌不亮出）。
paohuzi-ev-drew = { $you ->
       *[other] { $player }
    } 翻出 { $card }；底牌剩 { $wall } 张。
paohuzi-ev-drew-hidden = { $you ->
       *[other] { $player }
    } 摸了一张牌，没有亮出；底牌剩 { $wall } 张。
paohuzi-ev-discarded = { $you ->
       *[other] { $player }
    } 打出 { $card }。
paohuzi-ev-pao = { $you ->
       *[other] { $player }
    } 跑 { $card }。
paohuzi-ev-chong-pao = { $you ->
       *[other] { $player }
    } 重跑 { $card }。
paohuzi-ev-peng = { $player } 碰 { $card }。
paohuzi-ev-chi = { $player } 吃 { $card }：{ $groups }。
paohuzi-ev-you-passed = 你选择不{ $ask }。
paohuzi-ev-lies = 没人要 { $card }，放在 { $player } 面前。
paohuzi-ev-won = { $you ->
       *[other] { $player }
    } 胡了 { $card }：{ $huxi } 胡息，{ $tun } 囤，{ $fan } 番。
paohuzi-ev-won-no-card = { $you ->
       *[other] { $player }
    } 胡了：{ $huxi } 胡息，{ $tun } 囤，{ $fan } 番。
paohuzi-ev-drawn-hand = 底牌摸完没人胡：荒庄。
paohuzi-ev-next-dealer = 下一把 { $you ->
       *[other] { $player }
    } 坐庄。
paohuzi-result-drawn = 荒庄，不算分。
paohuzi-result-won = { $you ->
       *[other] { $player }
    } 胡牌，{ $huxi } 胡息：{ $tun } 囤 × { $fan } 番，另外两家各付。
paohuzi-result-split = 胡牌拆分：{ $melds }。
paohuzi-result-mingtang = 名堂：{ $list }。
paohuzi-result-closed = 这一把没打完牌桌就关了，不算分。

## `paiju play paohuzi`.

term-paohuzi-welcome = 跑胡子，你和两个电脑玩家，每囤 { $stake } 筹码；名堂{ $mingtang ->
        [yes] 开
       *[no] 关
    }。你有 { $balance } 筹码。输入 `help` 看命令。
term-paohuzi-help = 命令：`hu`（胡）、`peng`（碰）、`chi 1`（按编号选吃法；只有一种时直接 `chi`）、`pass`（过）；出牌：`discard x3` 或直接写牌（x3、d3、三、叁）。另有 `hand`、`table`、`hint`、`auto`（托管）、`leave`。
term-paohuzi-discard = 可以打出：{ $cards }
term-paohuzi-hu = hu — 胡
term-paohuzi-peng = peng — 碰
term-paohuzi-chi = chi { $n } — 吃 { $groups }
term-paohuzi-pass = pass — 过
term-paohuzi-not-a-command = 不是跑胡子的命令：试试 hu、peng、chi 1、pass、discard x3 或 help。
term-paohuzi-no-chi = 这张牌你不能吃。
term-paohuzi-chi-which = 吃哪一种？输入 chi 和编号（1 到 { $count }）。
term-paohuzi-discard-which = 出哪张？例如：discard x3。
term-paohuzi-leave-confirm = 离开后这一把由电脑替你打完，然后牌桌结束。再输入一次 leave 确认离开。

## Discord.

paohuzi-embed-title = 跑胡子 — 第 { $game } 把，每囤 { $stake } 筹码
paohuzi-dealer-mark = （庄）
paohuzi-embed-player = **{ $player }**{ $dealer }：手牌 { $cards } 张，明息 { $huxi }
paohuzi-embed-pile = > 弃牌：{ $cards }
paohuzi-embed-claims = 等待要牌的回答 { $until }（能要这张牌的玩家在“我的手牌”里回答）。
paohuzi-embed-discard = { $player } 出牌 { $until }。
paohuzi-embed-claims-ai = 等待要牌的回答（能要这张牌的玩家在“我的手牌”里回答）。
paohuzi-embed-discard-ai = { $player } 出牌。
paohuzi-your-melds = 你的门子：{ $melds }
paohuzi-you = 你
paohuzi-seat = { $seat } 号位
paohuzi-answered = 你的回答：{ $answer }。正在等顺序在你前面的玩家。
paohuzi-choose-discard = 选一张牌打出
paohuzi-choose-chi = 怎么吃（含比）？
paohuzi-role-winner = 胡牌
paohuzi-role-payer = 付
paohuzi-role-drawn = 荒庄
paohuzi-err-typed = 请输入 胡（hu）、碰（peng）、吃 1（chi 1，“我的手牌”里的编号）、过（pass），或要打的牌（x3、d3、三、叁）。
paohuzi-err-no-pass = 现在没有可以过的。
paohuzi-done = 已完成：{ $action }。
paohuzi-rules = **跑胡子** — 三人，80 张牌：小字一…十、大字壹…拾，各四张；二七十、贰柒拾为红字。每人 20 张，庄家多一张亮张；剩 19 张做底牌。
    三张的门子：坎（手里三张一样，不能拆）、碰（对子碰别人的牌）、偎（手里一对，自己摸到第三张，扣着；这张牌之前别人打出或摸出时你没碰，偎上就是臭偎，亮一张）、顺子（一二三、二七十）和绞（同数两张一大一小）。四张：提（扣着）和跑（亮着），都是自动的；第二个四张叫重跑。
    翻出的牌亮在桌上：先问胡，再自动跑，再碰，最后吃（先翻牌的人，再下家）。吃牌时手里同样的牌都要比出来。不碰、不吃或自己打过的牌对你是臭牌；不胡的牌在胡息变化前也不能胡（臭胡）。
paohuzi-rules-score = **胡牌**：所有牌组成七组（有提或跑要一对将），至少 15 胡息。囤数 =（胡息 − 12）÷ 3，自摸加一囤；天胡胡息翻倍计算。开名堂时：红胡（10 张以上红字）×2，点胡（只一张红字）×3，乌胡（没有红字）×5；海底胡只显示。
    • **胡息**（大字 / 小字）：碰 3 / 1；坎、偎、臭偎 6 / 3；跑 9 / 6；提 12 / 9；壹贰叁、贰柒拾 6，一二三、二七十 3；其他顺子、绞和将 0。
    • **筹码**：另外两家各付 囤 × 番 × 底注。荒庄不算分；胡牌的人坐庄，荒庄庄家不变，连续三次荒庄由下家坐庄。
    • **本桌**：能要这张牌的玩家同时在“我的手牌”里被问到，按规则的先后决定；到时不回答算过，到时不出牌由系统代打。

## 轮到自己时手牌界面的提示。
paohuzi-your-turn-discard = 轮到你了：在下面选择要打出的牌。
paohuzi-your-turn-claim = 轮到你了：在下面回答（胡、碰、吃或过）。

## 斜杠命令 /paohuzi：名称与说明（名称的规则见 commands.ftl）。

cmd-paohuzi = 跑胡子
    .description = 跑胡子：湖南字牌，凑门子算胡息，三人
cmd-paohuzi-start = 开桌
    .description = 在本频道开一桌跑胡子
cmd-paohuzi-start-opt-stake = 底注
    .description = 每囤的筹码（默认按配置）
cmd-paohuzi-start-opt-mingtang = 名堂
    .description = 算名堂：红胡 ×2、点胡 ×3、乌胡 ×5（默认不算）
cmd-paohuzi-start-opt-ai = 电脑
    .description = 电脑玩家的难度（默认：简单）
cmd-paohuzi-join = 加入
    .description = 入座
cmd-paohuzi-leave = 离开
    .description = 离开牌桌（牌局中：由系统代打到这一把结束）
cmd-paohuzi-rules = 规则
    .description = 本桌跑胡子的玩法
cmd-paohuzi-stop = 关桌
    .description = 关闭牌桌（房主或有管理服务器权限的成员）；进行中的一把作废

## 记牌器（#36）：每种牌还有几张没见过。
paohuzi-counter-card = { $card }{ $count }
paohuzi-counter = 记牌器：{ $small } | { $big }
