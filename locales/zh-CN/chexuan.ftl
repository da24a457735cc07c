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
