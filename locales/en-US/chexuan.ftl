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

## Plain point hands, as a group (8 down to 0 points).

chexuan-group-points = Points (散牌)

## 三花: four cards laid down in round 3 for the whole contribution back.

chexuan-sanhua = Three flowers (三花)
chexuan-sanhua-san-hua-shi = Three flowers ten (三花十)
chexuan-sanhua-san-hua-liu = Three flowers six (三花六)

## The split at the showdown.

chexuan-head = Head (头)
chexuan-tail = Tail (尾)
chexuan-big-tail = Big tail (尾大)
chexuan-split-line = { $player }: head { $head } { $head-hand }, tail { $tail } { $tail-hand }

## Actions, as on buttons.

chexuan-action-raise = Raise (大)
chexuan-action-call = Call (跟)
# Call with what it puts in: the highest contribution less the seat's own.
chexuan-action-call-cost = Call (跟) { $chips }
chexuan-action-all-in = All-in (敲)
chexuan-action-check = Check (休)
chexuan-action-fold = Fold (丢)
chexuan-action-sanhua = Lay down 三花
chexuan-action-split = Split head and tail

## A seat's status (`Status`, snake_case) and stage.

chexuan-status-active = in the hand
chexuan-status-all-in = all-in (敲)
chexuan-status-folded = folded (丢)
chexuan-status-laid-down = laid down 三花
chexuan-stage-betting = Betting round { $round }
chexuan-stage-showdown = Showdown
chexuan-stage-finished = Hand over

## Pairwise results at the showdown (`Versus`).

chexuan-versus-win = { $you ->
    [yes] beat
   *[other] beats
}
chexuan-versus-tie = { $you ->
    [yes] tie with
   *[other] ties with
} (平)
chexuan-versus-lose = { $you ->
    [yes] lose to
   *[other] loses to
}

## Mango (芒果): the kinds (`MangoKind`) and the pot.

chexuan-mango = Mango (芒果)
chexuan-mango-xiu = Check mango (休芒)
chexuan-mango-zhou = Squeeze mango (皱芒)
chexuan-mango-pot = Mango pot: { $pot } chips ({ $count ->
        [one] 1 mango so far
       *[other] { $count } mangos so far
    })

## Amounts and table words.

chexuan-ante = Ante (底皮): { $chips } chips
chexuan-bobo = Bobo (簸簸): { $chips } chips
chexuan-contribution = In: { $chips } · left: { $left }
chexuan-highest = Highest contribution: { $chips }
chexuan-dealer = Dealer: { $player }

## Events.

chexuan-event-raised = { $you ->
    [yes] You raise
   *[other] { $player } raises
} (大) by { $by } to { $contribution }.
chexuan-event-called = { $you ->
    [yes] You call
   *[other] { $player } calls
} (跟): { $contribution }.
chexuan-event-all-in = { $you ->
    [yes] You go
   *[other] { $player } goes
} all-in (敲): { $contribution }.
chexuan-event-checked = { $you ->
    [yes] You check
   *[other] { $player } checks
} (休).
chexuan-event-folded = { $you ->
    [yes] You fold
   *[other] { $player } folds
} (丢).
chexuan-event-laid-down = { $you ->
    [yes] You lay down { $sanhua }: { $cards }, and take
   *[other] { $player } lays down { $sanhua }: { $cards }, and takes
} back { $returned } chips.
chexuan-event-round-begins = Betting round { $round }: { $you ->
    [yes] you speak
   *[other] { $player } speaks
} first.
chexuan-event-cards-dealt = Deal { $round }: one face-up card to each player still in.
chexuan-event-mango = { $mango }! { $amount } chips each into the mango pot, now { $pot }.
chexuan-event-mango-short = { $you ->
    [yes] You pay
   *[other] { $player } pays
} only { $paid }: no more chips, off the table or in the stack.
chexuan-event-mango-from-stack = { $you ->
    [yes] You pay
   *[other] { $player } pays
} { $paid } of it out of the stack: not enough chips off the table.
chexuan-event-mango-taken = { $you ->
    [yes] You take
   *[other] { $player } takes
} the mango pot: { $amount } chips.
chexuan-event-showdown-begins = Showdown: everyone still in splits the four cards into a head (头) and a tail (尾), { $player } first.
chexuan-event-split-given = { $you ->
    [yes] You have
   *[other] { $player } has
} split.
chexuan-event-won-without-showdown = Everyone else folded: { $you ->
    [yes] you win
   *[other] { $player } wins
} every contribution.
chexuan-event-big-tail = { $you ->
    [yes] You have the big tail, take the antes and deal
   *[other] { $player } has the big tail, takes the antes and deals
} next.

## The rules text for /chexuan rules.

chexuan-rules = **Chexuan (扯旋)** — a Sichuan betting game on pai gow hands, 2 to 6 players, 32 cards.
    • Before the hand each player sets a bobo (簸簸, at least 20 antes): the most he can put in, and so lose, in this hand. Everyone pays the ante (底皮).
    • Deal 1: two face-down cards each, then a betting round; deals 2 and 3: one face-up card each, each followed by a betting round. In turn: raise (大, by at least the ante), call (跟), all-in (敲), check (休, only when nothing is owed) or fold (丢, losing what you put in).
    • Showdown: split your four cards into a head (头) and a tail (尾); the head may not be lower than the tail. Against each other player compare tails, then heads: win both or win one and tie one to win; tie both or win one and lose one to tie.
    • Hands, high to low: 丁二皇, 天, 地, 人, 和, the equal groups of pairs, the named nines (天王 … 苕十九), and last plain points — each with its cards in the next message. Equal hands tie.
    • Settlement (尾大吃皮): the highest tail (big tail) takes every ante and deals next; then each player takes from everyone he beats, at most his own bet from each.
    • 三花十 (red 10, black 10, J) or 三花六 (red 6, black 6, big joker) may be laid down on your turn in round 3: you get back all you put in and are out.
    • Mango (芒果): a betting round where at least two speak and all check (休芒) makes everyone still in pay into the mango pot; a first-round raise that all others fold to (皱芒) makes every other player pay, and the raiser takes the whole pot. At a showdown the strictly highest tail takes the mango pot (the amounts are in the next message).
    • Table decisions: mango is paid from the chips you keep off the table (balance − bobo); what those cannot cover comes out of your stack, so bringing your whole balance does not exempt you. A player whose time runs out is played for that one move (check, else fold); two hands in a row with a timeout stand the seat up.
chexuan-rules-hands = **Chexuan hands (牌型), high to low** — a head or a tail is two cards:
    1. 丁二皇: 3♥ + big joker
    2. 天 Q♥ Q♦ · 3. 地 2♥ 2♦ · 4. 人 8♥ 8♦ · 5. 和 4♥ 4♦
    6. 梅十 10♠ 10♣ = 板凳 4♠ 4♣ = 长三 6♠ 6♣
    7. 虎头 J♠ J♣ = 苕十 10♥ 10♦ = 猫猫 6♥ 6♦ = 膏药 7♥ 7♦
    8. 黑五 5♠ 5♣ = 黑七 7♠ 7♣ = 黑八 8♠ 8♣ = 黑九 9♠ 9♣
    9. 天王: red Q + 9 · 10. 地王: red 2 + 9 · 11. 天杠: red Q + any 8 · 12. 地杠: red 2 + any 8
    13. 天关九: red Q + any 7 · 14. 地关九: red 2 + any 7 · 15. 灯笼九: red 8 + J · 16. 和五九: red 4 + 5
    17. 板五九 (black 4 + 5) = 丁长九 (3♥ + black 6) = 梅十九 (black 10 + 9)
    18. 丁猫九 (3♥ + red 6) = 乌龙九 (black 8 + J) = 苕十九 (red 10 + 9)
    19. Any other two cards: the last digit of their points added up (a card counts its rank — 10, J 11, Q 12 — 3♥ counts 3, the big joker 6), 8 down to 0.
    Hands joined by = are equal, and equal hands tie (平).
    • **Mango (芒果) amounts**, × the ante, by how many mangos this table has had, this one included: the first — 皱芒 2, 休芒 5; the second 5; from the third on 10.

## At the table: bobo, sitting out, leaving, the session.

err-chexuan-bobo-range = A bobo (簸簸) is at least { $min } chips (you asked for { $bobo }).
err-chexuan-bobo-balance = A bobo of { $bobo } is more than your { $balance } chips.
err-chexuan-left-table = You have left this table.
err-chexuan-stood-up = You timed out in two hands in a row and were stood up: you are dealt no more hands at this table.
err-chexuan-sitting-out = Your stack is below the smallest bobo: you sit out the hands of this table.

## On Discord: the table message, buttons, the split select, the log.

chexuan-table-title = Chexuan #{ $game } · hand { $hand }
chexuan-seat-line = { $player } — stack { $stack }{ $reserve } · in { $contribution } · left { $left }{ $status }
    face down: { $hidden } · face up: { $open }
chexuan-seat-out = { $player } — stack { $stack }{ $reserve } ({ $why ->
    [left] left the table
    [stood-up] stood up after timing out
   *[out] not in this hand
})
chexuan-seat-reserve = {" "}(+{ $reserve } off the table)
chexuan-seat-split = { $player }: head { $head } { $head-hand } / tail { $tail } { $tail-hand }
chexuan-turn = { $player } to act, { $when }
chexuan-turn-ai = { $player } to act.
chexuan-btn-raise = Raise (大) +{ $by }
chexuan-split-choose = Choose your head and tail
chexuan-split-option = Head { $head } { $head-hand } / tail { $tail } { $tail-hand }
chexuan-your-cards = Your face-down cards: { $hidden } · face up: { $open }
# After the cards: what two make, or the best two of three.
chexuan-cards-value = {" "}({ $value })
chexuan-best-two = best two so far { $cards }: { $name }
chexuan-versus-line = { $player } { $result } { $other }
chexuan-event-hand-begins = Hand { $hand }: { $you ->
    [yes] you deal
   *[other] { $player } deals
}; mango pot { $pot }.
chexuan-event-hand-ended = Hand { $hand } over: { $changes }
chexuan-event-nobody = nobody won or lost
chexuan-event-left = { $you ->
    [yes] You leave
   *[other] { $player } leaves
} the table.
chexuan-event-sits-out = { $you ->
    [yes] You sit
   *[other] { $player } sits
} out (stack { $stack }).
chexuan-event-timed-out = { $you ->
    [yes] Your time ran out: this one move is played for you (check, else fold).
   *[other] { $player }'s time ran out: this one move is played (check, else fold).
}
chexuan-event-stood-up = { $you ->
    [yes] You timed out in two hands in a row: you are stood up and dealt no more hands.
   *[other] { $player } timed out in two hands in a row and is stood up: dealt no more hands.
}
chexuan-event-closed-empty = The table closes; the mango pot is empty.
chexuan-event-closed = The table closes; the mango pot is shared: { $shares }
chexuan-event-showdown = Showdown:
chexuan-err-typed = Type call, check, fold, all-in, sanhua, raise N, or the two cards of your head (e.g. QH QD).
chexuan-err-no-split = No split has that head: pick one in the list under “My hand”.
chexuan-err-no-pass = You cannot check now: call, fold or raise.
chexuan-done = Done: { $action }.
chexuan-result-closed = The Chexuan table closed after { $hands } hands.
chexuan-btn-raise-any = Raise (大)…
chexuan-raise-modal-title = Raise (大) by how much?
chexuan-raise-modal-label = Raise by ({ $min } to { $max } chips)
chexuan-raise-modal-placeholder = A whole number from { $min } to { $max }
chexuan-err-cannot-raise = You cannot raise now: your bobo does not cover a raise of the ante.
chexuan-err-raise-number = “{ $text }” is not a number of chips: raise by a whole number from { $min } to { $max }.
chexuan-err-raise-range = You cannot raise by { $amount }: a raise is from { $min } (the ante) to { $max } (what your bobo covers).
chexuan-big-joker = Big Joker
chexuan-seat-card = { $player } { $cards }
chexuan-xiu-warning = If everyone checks (休) this round, each player still in pays { $amount } chips into the mango pot (休芒).
chexuan-zhou-warning = If everyone but the raiser folds (丢), it is a squeeze mango (皱芒): each of the others pays { $amount } chips into the mango pot, and the raiser takes the pot.
chexuan-event-top-up-asked = { $you ->
    [yes] Your stack ({ $stack }) is below the smallest bobo ({ $min }): you may top up from your { $reserve } chips off the table before the next hand, or leave.
   *[other] { $player }'s stack ({ $stack }) is below the smallest bobo ({ $min }): the next hand waits for a top-up.
}
chexuan-event-topped-up = { $you ->
    [yes] You top up { $amount } chips: stack { $stack }.
   *[other] { $player } tops up { $amount } chips: stack { $stack }.
}
err-chexuan-waiting-for-top-up = The hand is over: the next one waits for a player to top up.
err-chexuan-top-up-not-now = You may top up between hands, when your stack is below the smallest bobo.
err-chexuan-top-up-range = Top up from { $min } to { $max } chips (not { $amount }).
chexuan-btn-top-up = Top up { $amount }

## The hand view's line when it is the seat's turn.
chexuan-your-turn-bet = It is your turn: bet with the buttons below.
chexuan-your-turn-split = It is your turn: choose your head and tail below.
chexuan-lobby-title = { $game } · ante (底皮) { $chips } chips

## The slash command /chexuan: its names and descriptions (Discord's rule for
## names: see commands.ftl).

cmd-chexuan = chexuan
    .description = Chexuan (扯旋), Sichuan betting on pai gow hands with a bobo and a mango pot, 2 to 6 players
cmd-chexuan-start = start
    .description = Open a Chexuan table in this channel
cmd-chexuan-start-opt-ante = ante
    .description = The ante (底皮) each hand, in chips (default 10)
cmd-chexuan-start-opt-ai = ai
    .description = How the AI seats play (default: easy)
cmd-chexuan-start-opt-bobo = bobo
    .description = The chips you bring (簸簸, at least 20 antes; default the smallest)
cmd-chexuan-join = join
    .description = Take a seat with your bobo (簸簸)
cmd-chexuan-join-opt-bobo = bobo
    .description = The chips you bring (簸簸, at least 20 antes; default the smallest)
cmd-chexuan-leave = leave
    .description = Leave the table (during a hand: at once, your hand played out for you)
cmd-chexuan-rules = rules
    .description = How Chexuan is played here
cmd-chexuan-stop = stop
    .description = Stop the table (host or Manage Server); the session's chips are settled
