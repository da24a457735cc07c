# Chexuan (扯旋) words: the cards, the two-card hands, 三花, actions,
# mango, showdown results and the rules text. Hand ids are
# `HandKind::id()` in src/games/chexuan/hands.rs; card ids are
# `card_name()` in src/games/chexuan/cards.rs.

chexuan-name = Chexuan

## The cards of the 32-card deck, by name.

chexuan-card-tian = Heaven (天)
chexuan-card-di = Earth (地)
chexuan-card-ren = Man (人)
chexuan-card-he = Harmony (和)
chexuan-card-mei-shi = Plum ten (梅十)
chexuan-card-ban-deng = Bench (板凳)
chexuan-card-chang-san = Long three (长三)
chexuan-card-hu-tou = Tiger head (虎头)
chexuan-card-shao-shi = Shao ten (苕十)
chexuan-card-mao-mao = Cat (猫猫)
chexuan-card-gao-yao = Plaster (膏药)
chexuan-card-hei-wu = Black five (黑五)
chexuan-card-hei-qi = Black seven (七)
chexuan-card-hei-ba = Black eight (八)
chexuan-card-hei-jiu = Black nine (九)
chexuan-card-ding = Ding (丁)
chexuan-card-er-huang = Er Huang (二皇)

## Two-card hands, high to low. Hands in one group tie.

chexuan-hand-ding-er-huang = Ding Er Huang (丁二皇)
chexuan-hand-tian = Heaven pair (天牌)
chexuan-hand-di = Earth pair (地牌)
chexuan-hand-ren = Man pair (人牌)
chexuan-hand-he = Harmony pair (和牌)
chexuan-hand-mei-shi = Plum ten pair (梅十)
chexuan-hand-ban-deng = Bench pair (板凳)
chexuan-hand-chang-san = Long three pair (长三)
chexuan-hand-hu-tou = Tiger head pair (虎头)
chexuan-hand-shao-shi = Shao ten pair (苕十)
chexuan-hand-mao-mao = Cat pair (猫猫)
chexuan-hand-gao-yao = Plaster pair (膏药)
chexuan-hand-hei-wu = Black five pair (黑五)
chexuan-hand-hei-qi = Black seven pair (黑七)
chexuan-hand-hei-ba = Black eight pair (黑八)
chexuan-hand-hei-jiu = Black nine pair (黑九)
chexuan-hand-tian-wang = Heaven king (天王)
chexuan-hand-di-wang = Earth king (地王)
chexuan-hand-tian-gang = Heaven bar (天杠)
chexuan-hand-di-gang = Earth bar (地杠)
chexuan-hand-tian-guan-jiu = Heaven gate nine (天关九)
chexuan-hand-di-guan-jiu = Earth gate nine (地关九)
chexuan-hand-deng-long-jiu = Lantern nine (灯笼九)
chexuan-hand-he-wu-jiu = Harmony five nine (和五九)
chexuan-hand-ban-wu-jiu = Bench five nine (板五九)
chexuan-hand-ding-chang-jiu = Ding long nine (丁长九)
chexuan-hand-mei-shi-jiu = Plum ten nine (梅十九)
chexuan-hand-ding-mao-jiu = Ding cat nine (丁猫九)
chexuan-hand-wu-long-jiu = Black dragon nine (乌龙九)
chexuan-hand-shao-shi-jiu = Shao ten nine (苕十九)
chexuan-hand-points-0 = 0 points (瘪十)
chexuan-hand-points-1 = 1 point
chexuan-hand-points-2 = 2 points
chexuan-hand-points-3 = 3 points
chexuan-hand-points-4 = 4 points
chexuan-hand-points-5 = 5 points
chexuan-hand-points-6 = 6 points
chexuan-hand-points-7 = 7 points
chexuan-hand-points-8 = 8 points
chexuan-hand-points-9 = 9 points
