# Duan Guozi (端锅子) words: card classes, hands, round events and the
# rules text. Hand ids are `HAND_IDS` in src/games/duan_guozi/hand.rs,
# class ids `Class::id()` in src/games/duan_guozi/deck.rs.

dg-name = Duan Guozi

## Card classes (级别), high to low. Players call them by their Chinese
## names (天字九, 矢字五), so English uses those too.

dg-class-tian = 天
dg-class-di = 地
dg-class-ren = 人
dg-class-e = 鹅
dg-class-chang = 长
dg-class-shi = 矢
dg-class-za = 杂
dg-class-joker = 鬼
# Under a round whose point hands tie on points: the class then decides.
dg-class-order = Equal points: the higher class wins, 天 > 地 > 人 > 鹅 > 长 > 矢 > 杂.

## Hands, high to low. A point hand takes $points (1–9) and $class (the
## class id of its higher card): “天字九 (9 points, class 天)”.

dg-hand-zhizun = Supreme (至尊)
dg-hand-dui-tian = Pair of Heaven (对天)
dg-hand-dui-di = Pair of Earth (对地)
dg-hand-dui-ren = Pair of Man (对人)
dg-hand-dui-e = Pair of Goose (对鹅)
dg-hand-dui-chang = Long pair (对长)
dg-hand-dui-shi = Arrow pair (对矢)
dg-hand-dui-za-9 = Mixed pair of nines (对杂九)
dg-hand-dui-za-8 = Mixed pair of eights (对杂八)
dg-hand-dui-za-7 = Mixed pair of sevens (对杂七)
dg-hand-dui-za-5 = Mixed pair of fives (对杂五)
dg-hand-tian-gang = Heaven bar (天杠)
dg-hand-di-gang = Earth bar (地杠)
dg-hand-points = { $class ->
        [tian] 天
        [di] 地
        [ren] 人
        [e] 鹅
        [chang] 长
        [shi] 矢
        [za] 杂
        [joker] 鬼
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
    } ({ $points ->
        [one] 1 point
       *[other] { $points } points
    }, class { $class ->
        [tian] 天
        [di] 地
        [ren] 人
        [e] 鹅
        [chang] 长
        [shi] 矢
        [za] 杂
        [joker] 鬼
       *[other] { $class }
    })
dg-hand-bie-shi = Busted ten (瘪十)

## Amounts and table words.

dg-dao = { $dao } dao
dg-pot = Pot: { $dao } dao
dg-ante = Ante: { $dao } dao each
dg-dealer = Dealer: { $player }
dg-cards-left = { $count ->
        [one] 1 card left in the deck
       *[other] { $count } cards left in the deck
    }
dg-hand-line = { $player }: { $cards } — { $hand } ({ $dao } dao)

## Events.

dg-event-game-start = A new pot: everyone antes { $dao } dao, { $pot } dao in the pot.
dg-event-reshuffled = The deck ran short: all 32 cards are gathered and shuffled again.
dg-event-round-dealt = Round { $round }: { $you ->
    [yes] you deal
   *[other] { $player } deals
}.
dg-event-round-won = { $you ->
    [yes] You win with { $hand } and take
   *[other] { $player } wins with { $hand } and takes
} { $paid } dao; { $pot } dao left in the pot.
dg-event-round-swept = { $you ->
    [yes] You win with { $hand } and sweep
   *[other] { $player } wins with { $hand } and sweeps
} the whole pot (全拿): { $paid } dao.
dg-event-all-bie-shi = Every hand is a busted ten: nothing is paid, and { $you ->
    [yes] you deal
   *[other] { $player } deals
} again.
dg-event-game-over = The pot is empty: this game (局) is over.

## The rules text for /duan-guozi rules.

dg-rules = **Duan Guozi (端锅子)** — a poker-card pai gow for 2 to 12 players around a shared pot.
    • 32 cards: ♥ and ♦ 2 4 5 6 7 8 9 10 J Q, ♠ and ♣ 4 6 7 8 10, and both jokers.
    • Each game starts with everyone paying the ante into the pot: 10 dao each, 20 when 4 players or fewer. Each round the dealer deals two cards to everyone; the deck runs down and is reshuffled only when it is short.
    • Every card has a class (级别), high to low: 天 (Q♥ Q♦) > 地 (2♥ 2♦) > 人 (8♥ 8♦) > 鹅 (4♥ 4♦) > 长 (4♠ 4♣ 6♠ 6♣ 10♠ 10♣) > 矢 (6♥ 6♦ 7♥ 7♦ 10♥ 10♦ J♥ J♦) > 杂 (9♥ 9♦ 8♠ 8♣ 7♠ 7♣ 5♥ 5♦); a lone joker is below 杂.
    • Hands, high to low, with the dao they take: 至尊 (the two jokers) 16; the pairs 对天 (Q♥Q♦) 15, 对地 (2♥2♦) 14, 对人 (8♥8♦) 13, 对鹅 (4♥4♦) 12, 对长 (4♠4♣, 6♠6♣ or 10♠10♣, all equal) 11, 对矢 (6♥6♦, 7♥7♦, 10♥10♦ or J♥J♦, all equal) 10, 对杂九 (9♥9♦) 9, 对杂八 (8♠8♣) 8, 对杂七 (7♠7♣) 7, 对杂五 (5♥5♦) 6; 天杠 (Q♥ or Q♦ with any 8) 5, 地杠 (2♥ or 2♦ with any 8) 4; then the point hands, 9 points down to 1; last 瘪十 (0 points: it takes nothing, and here it does not beat 至尊). Only these pairs are pairs: 8♥8♠ is a point hand.
    • Points: the last digit of the two cards' sum (10 counts 10, J 11, Q 12, a lone big joker 6, a lone small joker 3). A point hand is named by its points and the class of its higher card: 天字九 is 9 points with a 天 card, 矢字五 5 points with a 矢 card. More points win; equal points: the higher class wins (天字九 beats 矢字九). Table decision: 9–7 points take 3 dao, 6–4 take 2, 3–1 take 1.
    • The best hand takes its dao from the pot (at most what is there) and deals next. Equal hands: the player dealt earlier wins. All busted tens (瘪十): nobody is paid and the dealer deals again. When the pot is empty, the game is over.
    • House option 全拿 (sweep; off unless the table was opened with it: the start command's sweep option, or `--sweep` in the terminal): when the pot holds 4 dao or fewer, a hand worth 3 dao or more (7 points or better) takes the whole pot.

## The table on Discord.

dg-table-title = Duan Guozi · game #{ $game } · stake { $stake } · round { $round }
dg-last-round = Round { $round }
dg-deal-by = { $player } deals { $when } (the computer deals if nobody presses Deal).
dg-btn-deal = Deal
dg-deal-done = Dealt.
dg-err-only-deal = In Duan Guozi the only move is the dealer's: press Deal, or type /play deal.
dg-result-pot-empty = The pot is empty: this game is over. Net dao per player (antes counted), and the chips:
dg-result-closed = The table closed mid-game: everyone keeps what they won, and the pot is shared back in equal parts.
dg-result-rounds = { $rounds ->
        [one] 1 round was dealt.
       *[other] { $rounds } rounds were dealt.
    }
dg-result-next = The next game starts now with a new ante; /duan-guozi leave to stop after it.

## The hand view's line when it is the seat's turn.
dg-your-turn = It is your turn: deal with the Deal button below.

## The slash command /duan-guozi: its names and descriptions (Discord's rule for
## names: see commands.ftl).

cmd-duan-guozi = duan-guozi
    .description = Duan Guozi (端锅子), poker-card pai gow around a shared pot, 2 to 12 players
cmd-duan-guozi-start = start
    .description = Open a Duan Guozi table in this channel
cmd-duan-guozi-start-opt-stake = stake
    .description = Chips per dao (default: the server's stake)
cmd-duan-guozi-start-opt-ante = ante
    .description = Dao each player puts in the pot (default 10, or 20 at 4 players or fewer)
cmd-duan-guozi-start-opt-sweep = sweep
    .description = House rule 全拿: with 4 dao or fewer in the pot, a 3-dao hand takes it all
cmd-duan-guozi-join = join
    .description = Take a seat (during a game: from the next game)
cmd-duan-guozi-leave = leave
    .description = Leave the table (during a game: after it; your hands are dealt until the pot is empty)
cmd-duan-guozi-rules = rules
    .description = How Duan Guozi is played here
cmd-duan-guozi-stop = stop
    .description = Stop the table (host or Manage Server); the pot is shared back
