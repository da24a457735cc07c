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
