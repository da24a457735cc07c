# Paohuzi (跑胡子) words: the cards, melds, questions, 名堂 and refusals.
# A card shows through `paohuzi-card` with the same `$card` argument
# (small 3 (三) / big 3 (叁)).

paohuzi-name = Paohuzi (跑胡子)

## A card by its notation (`$card` is x1…x10, d1…d10).

paohuzi-card = { $card ->
    [x1] small 1 (一)
    [x2] small 2 (二)
    [x3] small 3 (三)
    [x4] small 4 (四)
    [x5] small 5 (五)
    [x6] small 6 (六)
    [x7] small 7 (七)
    [x8] small 8 (八)
    [x9] small 9 (九)
    [x10] small 10 (十)
    [d1] big 1 (壹)
    [d2] big 2 (贰)
    [d3] big 3 (叁)
    [d4] big 4 (肆)
    [d5] big 5 (伍)
    [d6] big 6 (陆)
    [d7] big 7 (柒)
    [d8] big 8 (捌)
    [d9] big 9 (玖)
    [d10] big 10 (拾)
   *[other] { $card }
}

## Melds, by `MeldKind::id()`.

paohuzi-meld-kan = 坎 kan (three in hand)
paohuzi-meld-peng = 碰 peng
paohuzi-meld-wei = 偎 wei (face down)
paohuzi-meld-chou-wei = 臭偎 chou wei
paohuzi-meld-ti = 提 ti (four)
paohuzi-meld-pao = 跑 pao (four)
paohuzi-meld-sequence = 一句话 sequence
paohuzi-meld-jiao = 绞 jiao
paohuzi-meld-pair = 将 pair

## Questions, by `QuestionKind::id()`.

paohuzi-question-tian-hu = win on the shown card (天胡)?
paohuzi-question-hu = win (胡)?
paohuzi-question-peng = 碰 (peng)?
paohuzi-question-chi = 吃 (chi)?
paohuzi-question-discard = discard a card

## 名堂 and distinctions shown with a win.

paohuzi-mingtang-hong-hu = 红胡 red win (10+ red cards, ×2)
paohuzi-mingtang-dian-hu = 点胡 one red card (×3)
paohuzi-mingtang-wu-hu = 乌胡 no red card (×5)
paohuzi-mingtang-haidi = 海底胡 last card of the wall
paohuzi-mingtang-zimo = 自摸 own draw
paohuzi-mingtang-tian-hu = 天胡 heavenly win

## Refusals (`ERROR_KEYS` in src/games/paohuzi/mod.rs).

err-paohuzi-answered = You have answered: the others' answers are awaited.
err-paohuzi-asked-claim = You are asked about the card: 胡 hu, 碰 peng, 吃 chi or 过 pass.
err-paohuzi-asked-chi = You are asked whether to take the card with 吃 (chi): choose a 吃 or pass.
err-paohuzi-asked-discard = It is your turn to discard a card.
err-paohuzi-asked-hu = You are asked whether to win (胡): hu or pass.
err-paohuzi-asked-peng = You are asked whether to 碰 (peng) the card: peng or pass.
err-paohuzi-bad-card = “{ $card }” is not a Paohuzi card. Write cards like x3 / d3, or 三 / 叁.
err-paohuzi-bad-group = Each 吃 group must be a sequence (three in a row of one case, or 二七十 / 贰柒拾) or a 绞 (one number, both cases).
err-paohuzi-bi-without-card = Each 比 group must hold a { $card ->
       *[other] { paohuzi-card }
    }.
err-paohuzi-chi-needs-bi = This 吃 needs 比 for your other { $card ->
       *[other] { paohuzi-card }
    }: choose a group.
err-paohuzi-chi-no-bi = You cannot 吃 { $card ->
       *[other] { paohuzi-card }
    }: your other { $card ->
       *[other] { paohuzi-card }
    } cannot be laid out in 比.
err-paohuzi-chi-not-in-hand = You do not hold the cards of those groups.
err-paohuzi-chi-without-card = The first group must hold the card you take, { $card ->
       *[other] { paohuzi-card }
    }.
err-paohuzi-chou = { $card ->
       *[other] { paohuzi-card }
    } is 臭 to you: you declined it before.
err-paohuzi-chou-hu = { $card ->
       *[other] { paohuzi-card }
    } is 臭 to you: you declined to win on it and your huxi has not changed since.
err-paohuzi-discard-kan = You must keep your 坎: { $card ->
       *[other] { paohuzi-card }
    } is one of three you hold.
err-paohuzi-keep-kan = You must keep your 坎 of { $card ->
       *[other] { paohuzi-card }
    }: its cards cannot go into a 吃.
err-paohuzi-malformed-action = That Paohuzi action could not be understood.
err-paohuzi-no-discard-after = After that you would have no card you may discard, so it is not allowed.
err-paohuzi-not-in-hand = You do not hold { $card ->
       *[other] { paohuzi-card }
    }.
err-paohuzi-own-discard = { $card ->
       *[other] { paohuzi-card }
    } is 臭 to you: you discarded one earlier in this hand.

## The table, in the terminal and on Discord.

# A card in a list or a hand column: its notation and its character.
paohuzi-card-short = { $card }{ $char }
paohuzi-meld-line = { $meld } { $cards } ({ $huxi } huxi)
paohuzi-meld-hidden = { $meld } ({ $count } cards face down)
paohuzi-meld-hidden-shows = { $meld } ({ $count } cards face down, shows { $shown })
paohuzi-hand-legend = (x = small 小, d = big 大; [ ] a 坎 you must keep)
paohuzi-origin-drawn = drawn by { $you ->
        [yes] you
       *[no] { $player }
    }
paohuzi-origin-discarded = discarded by { $you ->
        [yes] you
       *[no] { $player }
    }
paohuzi-chi-with-bi = { $group } with 比 { $bi }
paohuzi-card-from = On the table: { $card }, { $from }.
paohuzi-own-draw = You drew { $card } (face down).
paohuzi-shown-card = The shown card (亮张) is { $card }.
# What the seat may take the card with (`paohuzi-ask-*`), as one question.
paohuzi-ask-tian-hu = win on the shown card (天胡)
paohuzi-ask-hu = win (胡)
paohuzi-ask-peng = 碰 (peng)
paohuzi-ask-chi = 吃 (chi)
paohuzi-ask-either = { $rest } or { $last }
# The question with one way to take the card.
paohuzi-ask-one = { $ask }
paohuzi-question-line = { $card } Will you { $questions }?
paohuzi-do-hu = 胡 win
paohuzi-do-pass = 过 pass
paohuzi-do-peng = 碰 peng
paohuzi-do-chi = 吃 chi { $groups }
paohuzi-do-discard = discard { $card }
paohuzi-no-melds = no melds
# The 亮张 is named only while it is the card in play.
paohuzi-table-head = Dealer: { $dealer }. Wall: { $wall } cards.
paohuzi-table-head-shown = Dealer: { $dealer }. Shown card (亮张): { $shown }. Wall: { $wall } cards.
paohuzi-table-player = { $player }: { $cards } cards in hand, { $huxi } huxi shown — { $melds }
paohuzi-table-pile =     lying by { $you ->
        [yes] you
       *[no] them
    }: { $cards }
paohuzi-your-hand = Your hand ({ $count } cards), your huxi on the table: { $huxi }
paohuzi-ev-dealt = { $player } { $you ->
        [yes] deal
       *[no] deals
    } and shows { $card } (亮张); { $wall } cards in the wall.
paohuzi-ev-laid-out = { $player } { $you ->
        [yes] lay
       *[no] lays
    } out a { $meld } of { $card }.
paohuzi-ev-laid-out-hidden = { $player } { $you ->
        [yes] lay
       *[no] lays
    } out a { $meld }; its card is not shown.
paohuzi-ev-drew = { $player } { $you ->
        [yes] draw
       *[no] draws
    } { $card }; { $wall } left in the wall.
paohuzi-ev-drew-hidden = { $player } { $you ->
        [yes] draw
       *[no] draws
    } a card and { $you ->
        [yes] keep
       *[no] keeps
    } it face down; { $wall } left in the wall.
paohuzi-ev-discarded = { $player } { $you ->
        [yes] discard
       *[no] discards
    } { $card }.
paohuzi-ev-pao = { $player } { $you ->
        [yes] must
       *[no] must
    } 跑 (pao) { $card }.
paohuzi-ev-chong-pao = { $player } { $you ->
        [yes] must
       *[no] must
    } 跑 (pao) { $card } again: 重跑.
paohuzi-ev-peng = { $player } 碰 (peng) { $card }.
paohuzi-ev-chi = { $player } 吃 (chi) { $card }: { $groups }.
paohuzi-ev-you-passed = You chose not to { $ask }.
paohuzi-ev-lies = Nobody takes { $card }: it lies by { $you ->
        [yes] you
       *[no] { $player }
    }.
paohuzi-ev-won = { $player } { $you ->
        [yes] win
       *[no] wins
    } on { $card }: { $huxi } huxi, { $tun } tun, fan ×{ $fan }.
paohuzi-ev-won-no-card = { $player } { $you ->
        [yes] win
       *[no] wins
    }: { $huxi } huxi, { $tun } tun, fan ×{ $fan }.
paohuzi-ev-drawn-hand = The wall is empty and nobody won: 荒庄, a drawn hand.
paohuzi-ev-next-dealer = { $player } { $you ->
        [yes] deal
       *[no] deals
    } the next hand.
paohuzi-result-drawn = 荒庄: a drawn hand, nobody pays.
paohuzi-result-won = { $player } { $you ->
        [yes] win
       *[no] wins
    } with { $huxi } huxi: { $tun } tun × fan { $fan }, paid by each other player.
paohuzi-result-split = The winning split: { $melds }.
paohuzi-result-mingtang = 名堂: { $list }.
paohuzi-result-closed = The table closed before the hand was over; nobody paid.

## `paiju play paohuzi`.

term-paohuzi-welcome = Paohuzi (跑胡子) against two AI players, { $stake } chips a tun; 名堂 { $mingtang ->
        [yes] on
       *[no] off
    }. You have { $balance } chips. Type `help` for the commands.
term-paohuzi-help = Commands: `hu` (win), `peng`, `chi 1` (the group by its number; `chi` when there is one), `pass`; when you discard: `discard x3` or just the card (x3, d3, 三, 叁). Also `hand`, `table`, `hint`, `auto` (the AI plays for you), `leave`.
term-paohuzi-discard = Discard one of: { $cards }
term-paohuzi-hu = hu — 胡, win
term-paohuzi-peng = peng — 碰
term-paohuzi-chi = chi { $n } — 吃 { $groups }
term-paohuzi-pass = pass — 过
term-paohuzi-not-a-command = Not a Paohuzi command: try hu, peng, chi 1, pass, discard x3 or help.
term-paohuzi-no-chi = You cannot 吃 this card.
term-paohuzi-chi-which = Which 吃? Type chi and its number, 1 to { $count }.
term-paohuzi-discard-which = Which card? For example: discard x3.
term-paohuzi-leave-confirm = Leaving hands your seat to the AI until this hand ends, and the table then stops. Type leave again to leave.

## Discord.

paohuzi-embed-title = Paohuzi (跑胡子) — hand #{ $game }, { $stake } chips a tun
paohuzi-dealer-mark = {" "}(dealer 庄)
paohuzi-embed-player = **{ $player }**{ $dealer }: { $cards } cards in hand, { $huxi } huxi shown
paohuzi-embed-pile = > lying by them: { $cards }
paohuzi-embed-claims = Claims on the card are awaited { $until } (those who may claim answer in “My hand”).
paohuzi-embed-discard = { $player } discards { $until }.
# The same without a deadline: the computer acts.
paohuzi-embed-claims-ai = Claims on the card are awaited (those who may claim answer in “My hand”).
paohuzi-embed-discard-ai = { $player } discards.
paohuzi-your-melds = Your melds: { $melds }
paohuzi-you = you
paohuzi-seat = seat { $seat }
paohuzi-answered = Your answer: { $answer }. Waiting for a player before you in the order of claims.
paohuzi-choose-discard = Choose the card to discard
paohuzi-choose-chi = 吃 with which groups (and 比)?
paohuzi-role-winner = 胡 winner
paohuzi-role-payer = pays
paohuzi-role-drawn = 荒庄
paohuzi-err-typed = Type hu, peng, chi 1 (the group's number in “My hand”), pass, or the card to discard (x3, d3, 三, 叁).
paohuzi-err-no-pass = There is nothing to pass now.
paohuzi-done = Done: { $action }.
paohuzi-rules = **Paohuzi (跑胡子)** — 3 players, 80 cards: small 一…十 (x1…x10) and big 壹…拾 (d1…d10), four of each; 二七十 / 贰柒拾 are red. Each player gets 20 cards, the dealer a 21st shown card (亮张); 19 make the wall.
    Melds of three: 坎 (three alike in hand, kept), 碰 (a pair + a shown card), 偎 (a pair + your own draw, face down; 臭偎 if you declined its 碰), sequences (一二三, 二七十) and 绞 (two of one case and one of the other). Fours: 提 (face down) and 跑 (face up), which happen by themselves; a second four is 重跑.
    A drawn card is shown; in order the players may win (胡) on it, a compulsory 跑 takes it, then one 碰, then 吃 (the drawer, then the next seat). A 吃 must also lay out in 比 every other copy of the card in your hand. A card you declined (碰 or 吃) or discarded becomes 臭 to you; a win you declined stays barred until your huxi changes (臭胡).
paohuzi-rules-score = **Winning**: all your cards in seven melds (a pair when you have a 提 or 跑) with at least 15 huxi. Tun = (huxi − 12) ÷ 3, +1 for 自摸 (your own draw); 天胡 counts huxi twice. With the 名堂 option: 红胡 (10+ red cards) ×2, 点胡 (one red) ×3, 乌胡 (no red) ×5; 海底胡 (the wall's last card) is shown.
    • **Huxi** (big 壹…拾 / small 一…十): 碰 3 / 1; 坎, 偎, 臭偎 6 / 3; 跑 9 / 6; 提 12 / 9; 壹贰叁 or 贰柒拾 6, 一二三 or 二七十 3; other sequences, 绞 and the pair 0.
    • **Chips**: each other player pays the winner tun × fan × the stake. A drawn hand (荒庄) pays nothing; the winner deals next, after 荒庄 the same dealer, after three 荒庄 in a row the next seat.
    • **Here**: every player who may take a card is asked at once, in “My hand”; the rules' priority decides. A claim you do not answer in time passes; a discard you do not make is played for you.

## The hand view's line when it is the seat's turn.
paohuzi-your-turn-discard = It is your turn: choose the card to discard below.
paohuzi-your-turn-claim = It is your turn: answer below (胡, 碰, 吃 or 过).

## The slash command /paohuzi: its names and descriptions (Discord's rule for
## names: see commands.ftl).

cmd-paohuzi = paohuzi
    .description = Paohuzi (跑胡子), the Hunan word-card game of melds and huxi, 3 players
cmd-paohuzi-start = start
    .description = Open a Paohuzi table in this channel
cmd-paohuzi-start-opt-stake = stake
    .description = Chips per tun (default from the config)
cmd-paohuzi-start-opt-mingtang = mingtang
    .description = Play the 名堂: 红胡 ×2, 点胡 ×3, 乌胡 ×5 (default off)
cmd-paohuzi-start-opt-ai = ai
    .description = How the AI seats play (default: easy)
cmd-paohuzi-join = join
    .description = Take a seat
cmd-paohuzi-leave = leave
    .description = Leave the table (during a hand: the computer plays your seat to its end)
cmd-paohuzi-rules = rules
    .description = How Paohuzi is played here
cmd-paohuzi-stop = stop
    .description = Stop the table (host or Manage Server); a hand in play is cancelled

## 记牌器 (issue #36): the cards of each kind the player has not seen yet.
paohuzi-counter-card = { $card } { $count }
paohuzi-counter = Not yet seen (记牌器): { $small } | { $big }
