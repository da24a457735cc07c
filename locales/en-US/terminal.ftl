# The terminal (`paiju play`): the shared loop's words and each game's
# prompts, help and table lines. The games' events use the same messages
# as the Discord log (bot.ftl, duan-guozi.ftl, chexuan.ftl); `$you` is
# "yes" for the player's own seat, so English can say “You bid” and
# “AI 1 bids”. Typed commands stay the same in every language.

term-you = You

# A moment shown in the terminal (Discord shows its own relative time):
# the next daily chips, in hours and minutes from now.
term-time-from-now = in { $hours ->
        [0] { $minutes } min
       *[other] { $hours } h { $minutes } min
    }

## The shared loop.

term-started = === Game #{ $game } starts: new cards are dealt. ===
term-resumed = === Resuming game #{ $game } where it stopped (after { $moves ->
        [one] 1 move
       *[other] { $moves } moves
    }). ===
term-your-turn = Your move.
term-you-may = You may: { $options }
term-refused = Refused: { $why } (`hint` suggests a move, `help` lists the commands)
term-not-understood = `{ $input }`: { $why }
term-autoplay-on = { $you ->
        [yes] Your time ran out: the AI plays for you (托管) until you type anything.
       *[other] { $player }: time ran out; the AI plays for this seat (托管) until it acts again.
    }
term-autoplay-off = { $you ->
        [yes] You are
       *[other] { $player } is
    } back at the table.
term-autoplay-switched-on = You are on auto-play (托管): the AI plays for you until you type anything (auto off).
term-autoplay-not-on = You are not on auto-play (托管): you play your own seat.
# 要不起: the table passed at once for a player who cannot beat the play
# and chose that (autopass on); the apps' words, not a timeout.
term-autopassed = { $you ->
        [yes] You can't beat it (要不起): passed at once (autopass on).
       *[other] { $player } can't beat it (要不起): passed.
    }
term-autopass-on = Autopass is on (自动不要): when nothing you hold beats the play, you pass at once. Type `autopass off` to be asked instead.
term-autopass-off = Autopass is off: when nothing you hold beats the play, you are told and type `pass` yourself. Type `autopass on` to pass at once.
term-forced-pass = Can't beat it (要不起): nothing in your hand beats the play on the table. Type `pass` (or `autopass on` to pass at once from now on).
# A length of time: 10 min, 20 s, 1 min 30 s.
term-duration = { $minutes ->
        [0] { $seconds } s
       *[other] { $seconds ->
            [0] { $minutes } min
           *[other] { $minutes } min { $seconds } s
        }
    }
# "Your move." with how long the turn lasts before the AI plays it.
term-your-turn-timed = Your move. ({ $time } to play)
term-time-warning = ⏳ { $time } left for your move: then the AI plays for you (托管).
term-settled-line = { $player }: { $chips } chips
term-settled-line-house = { $player }: { $chips } chips (the house)
term-balance = Your balance: { $chips } chips.
term-choose-reading = Those cards can be played several ways. Type the number of the one you mean (an empty line goes back):
term-another-game = Another game? Type y for yes, n for no.
term-answer-yes-or-no = `{ $answer }` is not an answer here: type y for another game, n to stop.
term-answer-empty = An empty line is no answer: type y for another game, n to stop.
term-saved = Input closed. The game is saved: run `paiju play { $game }` again to continue it.
term-saved-elsewhere = paiju: your game of { $name } is still saved and unfinished, and you play one game at a time. Run `paiju play { $game }` to finish it (or leave it there), then start this one.
term-goodbye = Thanks for playing. 再见!
term-closed-short = The table closed: you have { $balance } chips and the next game needs { $needed }.
term-trouble = (table trouble: { $message })
term-cannot-resume = Game #{ $game } could not be resumed ({ $why }); it was cancelled and its chips released.
term-opening-failed = paiju: cannot start a table: { $why }
term-leave = leave
term-help-common = In every game:
    {"  "}hint (提示)                  what the AI would play
    {"  "}auto (代打)                  let the AI make this one move for you
    {"  "}auto on (托管)               the AI plays for you until you type anything (auto off, 取消托管)
    {"  "}hand (手牌), table (牌桌)     show your hand or the table again
    {"  "}rules (规则)                 how this game is played
    {"  "}autopass on|off (自动不要)    when nothing you hold beats the play (要不起), pass at once, or be asked (the default)
    {"  "}leave (quit, 离开)           leave the game (asked again first)
    {"  "}help (?, 帮助)               this list
    Your move shows how long you have; when your time runs out the AI plays for you (托管) until you type anything.
term-pick-a-number = type a number from 1 to { $count }, or an empty line to go back
term-choice-dropped = Nothing played: choose your cards again.
term-stayed = You stay: nothing was played.

## Dou Dizhu.

term-ddz-welcome = paiju: Dou Dizhu (斗地主) in your terminal. You sit at seat 1 against AI players.
    Stake: { $stake } chips per point. Your balance: { $balance } chips. Type `help` at any prompt.
term-ddz-help = Dou Dizhu:
    {"  "}33344, 10JQKA, 3s 3h, 大王 …  play these cards (ranks 3–9, 10 or T, J Q K A 2; a suit letter s h d c picks one card; SJ/BJ or 小王/大王 are the jokers; bare ranks pick from your hand). A line that reads as cards is always a play: `A` plays an ace.
    {"  "}pass (p, 不要, 要不起)         pass
    {"  "}1 / 2 / 3, bid N (叫 N 分)     bid (score bidding); 0 or pass (不叫) to pass
    {"  "}call, rob, kick, counter, double, show (叫地主 抢地主 踢 反踢 加倍 明牌)   the bidding options the table allows; pass declines them (不抢, 不加倍)
    {"  "}keep (不弃)                    in the discard phase: discard nothing
# `$others`: how many passed (one in two-player Dou Dizhu, named `$passer`).
term-ddz-lead = { $others ->
        [1] { $passer } passed
       *[other] Everyone passed
    }: { $you ->
        [yes] you lead
       *[other] { $player } leads
    } again.
term-ddz-no-landlord = Landlord: not chosen yet
term-ddz-cards-left = Cards left: { $counts }
term-ddz-seat-count = { $player }: { $count }
term-ddz-bidding = On the table: nothing yet (bidding).
term-ddz-kicking = On the table: nothing yet (kicking).
term-ddz-discarding = On the table: nothing yet (discarding).
term-ddz-doubling = On the table: nothing yet (doubling).
term-ddz-hand-left = { $you ->
        [yes] Your cards left
       *[other] { $player }'s cards left
    }: { $cards }
term-ddz-free-lead = On the table: nothing — lead anything.
term-ddz-open-hand = { $you ->
        [yes] Your open hand
       *[other] { $player }'s open hand
    } (明牌): { $cards }
term-ddz-reading = { $play } ({ $reading })
term-ddz-result = === Game over: { $winner ->
        [landlord] the landlord wins
        [farmer] the farmer wins
       *[farmers] the farmers win
    }. { $side ->
        [won] Your side wins!
        [you-won] You win!
        [you-lost] You lose.
       *[lost] Your side loses.
    } ===
term-ddz-redealt = === Nobody bid: no chips move. ===
term-ddz-escape-result = === Game over: a player left. ===
term-ddz-leave-confirm = Leaving costs at least { $penalty }× the stake. Type `leave` again to confirm, anything else to stay.
term-ddz-bid = bid { $points }
term-ddz-pass = pass
# What is typed to decline, whatever the question (`$on`: bid, rob,
# kick, double, play); Chinese names each.
term-ddz-pass-on = { $on ->
   *[other] pass
}
term-ddz-call = call
term-ddz-rob = rob
term-ddz-kick = kick
term-ddz-counter = counter
term-ddz-double = double
term-ddz-show = show
term-ddz-play = play { $cards }
term-ddz-keep = keep
term-ddz-discard = discard { $cards }
term-ddz-plays = a play (type the cards)
term-ddz-discards = a discard (type the cards, or `keep` to discard nothing)
term-ddz-not-a-command = not a command or cards you hold
term-ddz-forced-pass = Can't beat it (要不起): nothing in your hand beats { $player }'s { $pattern } { $cards }. Type `pass` (or `autopass on` to pass at once from now on).
term-ddz-cannot-beat = nothing in your hand beats the play on the table: type `pass` (要不起)
term-ddz-no-play-now = no cards are played now: answer the question above
term-ddz-bid-range = a bid is 1, 2 or 3

## Duan Guozi.

term-dg-welcome = paiju: Duan Guozi (端锅子) in your terminal. You sit at seat 1 with { $ai ->
        [one] 1 AI player
       *[other] { $ai } AI players
    }.
    Everyone antes { $ante } dao (道, the pot's unit) into the pot (锅子); 1 dao = { $chips } chips. Your balance: { $balance } chips. Type `help` at any prompt.
term-dg-help = Duan Guozi:
    {"  "}Enter, deal (d, 发牌)     deal the round when you are the dealer
    Nobody decides anything in a round: every hand is shown, the best one takes its dao from the pot
    (ties go to the seat dealt earlier), and the winner deals next. When the pot is empty the game ends.
term-dg-round = --- { $round } { $left } ---
term-dg-table = Pot: { $pot } of { $start } dao. Rounds played: { $rounds }. Cards left: { $left }. Dealer: { $player }.
term-dg-standing = Net so far: { $line }
term-dg-you-deal = You deal: press Enter (or type `deal`).
term-dg-deal = deal
term-dg-result = Game over. Net dao (antes counted): { $deltas }
term-dg-leave-confirm = Leave? Your seat is still dealt in until the pot is empty; if nobody else is left, the table closes and the pot is shared back. Type `leave` again to confirm.
term-dg-not-a-command = press Enter or type `deal` to deal; `help` lists the commands

## Chexuan.

term-cx-welcome = 扯旋 Chexuan: you and { $ai ->
        [one] 1 AI player
       *[other] { $ai } AI players
    }, ante { $ante }, your bobo (簸簸) { $bobo }. Your balance: { $balance } chips. Type `help` for the commands.
term-cx-help = Chexuan betting: `raise N` (大 N, by at least the ante), `call` (跟), `all` (敲, all-in), `check` (休), `fold` (丢), `sanhua` (三花, round 3).
    Showdown: type the two cards of your head (`QH QD`: rank then suit, 10 or T, SJ/BJ for the jokers), or `tail 3H BJ` (尾), or the number of a split shown; the head may not be lower than the tail.
term-cx-table = Hand { $hand } ({ $stage }), { $you ->
        [yes] you deal
       *[other] { $player } deals
    }. Highest in: { $highest }.
    { $mango }.
term-cx-raise-option = raise N (大, N from { $min } to your bobo)
term-cx-result = After { $hands ->
        [one] 1 hand
       *[other] { $hands } hands
    }: { $changes }.
term-cx-leave-confirm = Leave the table? The rest of this hand is played for you (check, else fold), the table closes after it and the mango pot is shared among those still seated. Type `leave` again to leave.
term-cx-pick-split = pick a split from 1 to { $count }
term-cx-raise-how = say how much to raise by: `raise 20`
term-cx-not-a-command = not a command: try raise N, call, all, check, fold or help
term-cx-raise-range = a raise here is at least { $min } (the ante) and at most what your bobo covers
term-cx-cannot-raise = you cannot raise by { $by } now
term-cx-cannot-call = there is nothing to call, or your bobo does not cover it
term-cx-cannot-sanhua = 三花 is laid down only in round 3, with 三花十 or 三花六
term-cx-not-open = that is not open to you now
term-cx-not-in-hand = you are not in this hand
term-cx-head-below-tail = the head may not be lower than the tail: { $head } is { $head-hand }, { $tail } is { $tail-hand }. Swap them (`tail { $typed }`)
term-cx-not-your-cards = { $cards } is not two of your cards
term-cx-name-two = name the two cards of one pair, e.g. `QH QD` (your head)

## `paiju play`'s refusals of its command line, before a game starts.

term-err-rules = --rules must be a JSON object, e.g. { $example }
term-err-players = { $game } takes { $min } to { $max } players (--players), not { $players }
term-err-players-dou-dizhu = Dou Dizhu takes 3 players, or 2 for 二人斗地主 (--players), not { $players }
term-err-shengji-decks = Shengji is played with 1 to 4 decks (--decks), not { $decks }
term-err-runtime = cannot start the async runtime: { $why }
term-err-ledger = cannot open the ledger at { $path }: { $why }
term-err-config = the config file is refused: { $why }

term-line-too-long = That line is longer than { $max } bytes: it was ignored. Type a shorter one.
term-line-not-utf8 = That line is not UTF-8 text: it was ignored. Type it again.
term-cx-top-up-options = Top up: `topup N` with N from { $min } to { $max } (`topup` alone: { $min }); or `leave` to stop here.
