# 升级 / 拖拉机 Shengji: refusals of the engine (src/games/shengji).

err-shengji-malformed-action = That Shengji action could not be understood.
err-shengji-declaring-closed = Declaring is over: the trump is settled.
err-shengji-declare-dealt-range = A declaration is made after 1 to { $total } cards have been dealt, not { $dealt }.
err-shengji-declare-dealt-order = A declaration after { $dealt } cards cannot come after one made after { $last }.
err-shengji-declare-not-dealt = You did not yet hold { $cards } after { $dealt } cards had been dealt.
err-shengji-declare-shape = { $cards } cannot declare: show level cards ({ $level }) or a pair of jokers, all the same.
err-shengji-declare-weaker = { $cards } does not beat the standing declaration { $standing }.
err-shengji-bury-now = The kitty is already buried.
err-shengji-no-kitty = With four decks there is no kitty: lead.
err-shengji-bury-count = Bury exactly { $count } cards (you gave { $given }).
err-shengji-bury-first = Bury the kitty before the first lead.
err-shengji-not-in-hand = You do not hold { $cards }.
err-shengji-play-empty = Play at least one card.
err-shengji-lead-mixed = { $cards }: a lead is all of one suit, or all trumps.
err-shengji-follow-count = Play { $count } { $count ->
    [one] card
   *[other] cards
}, as many as the lead.
err-shengji-follow-suit = You must follow { $suit ->
    [trump] trumps
    [S] spades
    [H] hearts
    [C] clubs
   *[D] diamonds
}: you hold { $held }.
err-shengji-follow-tractor = A tractor lead needs your tractor { $cards }.
err-shengji-follow-own-tractor = You must play your tractor { $cards } on this lead.
err-shengji-follow-pair = You must play your pair { $cards } on this lead.
err-shengji-follow-any-pair = You must play a pair on this lead: any of your { $count } pairs ({ $cards }).
err-shengji-follow-triple = You must play your { $count ->
    [one] triple
   *[other] two triples
} { $cards } on this lead.
err-shengji-follow-quad = You must play your { $count ->
    [one] four of a kind
   *[other] two fours of a kind
} { $cards } on this lead.
err-shengji-follow-either = You must play your { $first ->
    [tractor] tractor
    [pair] pair
    [triple] triple
    [triples] two triples
    [fours] two fours of a kind
   *[four] four of a kind
} { $first_cards } or your { $second ->
    [tractor] tractor
    [pair] pair
    [triple] triple
    [triples] two triples
    [fours] two fours of a kind
   *[four] four of a kind
} { $second_cards } on this lead: either one.

## What a hand's events and outcome say (front ends pick the id).

shengji-name = Shengji (Tractor)
shengji-trump-none = no trump
shengji-result-da-guang = The attackers took no points: the banker side goes up 3 levels.
shengji-result-xiao-guang = The attackers took { $points } points: the banker side goes up 2 levels.
shengji-result-banker-up = The attackers took { $points } points: the banker side goes up 1 level.
shengji-result-take-bank = The attackers took { $points } points and take the bank.
shengji-result-attackers-up = The attackers took { $points } points: they take the bank{ $levels ->
    [0] {"."}
    [one] {" "}and go up 1 level.
   *[other] {" "}and go up { $levels } levels.
}
shengji-kitty-won = The attackers won the last trick: the kitty's { $kitty } points count × { $multiplier }.

## The table (src/hosts/shengji): a hand dealt in batches, the match.

err-shengji-nothing-to-pass = You have no declaration to turn down.
err-shengji-declined-in-window = You said “Not now” to that declaration: it stays turned down until the declare window closes.
err-shengji-still-dealing = The cards are still being dealt: wait for the deal and the declare window.
err-shengji-window-open = The declare window is still open: wait until it closes.
err-shengji-malformed-table-action = That table step could not be understood.
err-option-shengji-rules = These Shengji options do not work: { $why }
err-option-shengji-bonus = A match bonus is 0 to { $max } stakes.
err-option-shengji-window = A declare window is 0 to { $max } seconds.

shengji-suit = { $suit ->
    [trump] Trumps (主)
    [S] ♠ Spades
    [H] ♥ Hearts
    [C] ♣ Clubs
   *[D] ♦ Diamonds
}
shengji-trump = { $suit ->
    [S] ♠ spades
    [H] ♥ hearts
    [C] ♣ clubs
    [D] ♦ diamonds
   *[none] no trump (无主)
}
shengji-levels = Levels: seats 1 + 3 at { $first } · seats 2 + 4 at { $second }
shengji-hand-no = Hand { $hand }
# A play suit's cards in a hand or the 记牌器: `Trumps (主) (5): …`.
shengji-suit-line = { $suit } ({ $count }): { $cards }
shengji-dealing = Dealing: { $dealt } of { $total } cards. Declare (亮主) with your level cards or a pair of jokers.
# A batch of the deal, as the terminal shows it to the seat: the cards it
# brought, then the hand by play suit (trumps first, suits apart by |).
shengji-dealt-batch = Dealt { $dealt } of { $total } cards; you got { $new }. Your hand ({ $count }): { $hand }
shengji-window = Every card is dealt: { $seconds } seconds left to declare or overturn (反主).
shengji-standing = Standing declaration: { $you ->
    [yes] yours
   *[other] { $player }'s
} { $cards } ({ $trump }).
shengji-no-declaration = Nobody has declared yet.
shengji-banker = { $you ->
    [yes] You are the banker (庄家)
   *[other] { $player } is the banker (庄家)
}
shengji-trump-is = trump: { $trump }
shengji-level-rank = level rank: { $rank }
shengji-trumped = trumped, 毙
shengji-trick = Trick: { $plays }
shengji-attackers-points = Attackers' points: { $points }
shengji-cards-left = cards left: { $counts }
shengji-kitty-shown = The kitty (底牌) was: { $cards }
shengji-declared = { $you ->
    [yes] You declare
   *[other] { $player } declares
} { $cards } (亮主).
shengji-declaring-closed = Declaring is over: { $you ->
    [yes] you are
   *[other] { $player } is
} the banker; trump: { $trump }.
shengji-flipped = The kitty turned up { $card }.
shengji-buried = { $you ->
    [yes] You bury
   *[other] { $player } buries
} { $count } cards (扣底).
shengji-throw-failed = { $you ->
    [yes] Your
   *[other] { $player }'s
} throw (甩牌) { $attempted } fails: { $by } can beat it, so { $played } is played.
shengji-throw-penalty = Penalty: { $points } points.
shengji-played = { $you ->
    [yes] You play
   *[other] { $player } plays
} { $cards }.
shengji-trick-won = { $you ->
    [yes] You take
   *[other] { $player } takes
} the trick ({ $points } points); the attackers have { $total }.
shengji-match-won = Seats { $team ->
    [1] 1 + 3
   *[other] 2 + 4
} win the match!
shengji-next-banker = Next hand: { $you ->
    [yes] you are
   *[other] { $player } is
} the banker.
shengji-no-pass = There is nothing to pass now ({ $input }): play your cards.
shengji-not-cards = Those are not cards: { $input }
shengji-cards-not-held = You do not hold all of { $input }.
shengji-which-suit = `{ $input }` can be played more than one way here: name the suits (for example KS KS or KH KH).

## The terminal (paiju play shengji).

term-sj-welcome = paiju: Shengji (升级 / 拖拉机) in your terminal, { $decks } { $decks ->
        [one] deck
       *[other] decks
    }. You sit at seat 1 with your partner AI 3 opposite, against AI 2 and AI 4.
    Stake: { $stake } chips per level. Your balance: { $balance } chips. Type `help` at any prompt.
term-sj-help = Commands:
    {"  "}7H 7H, TS TS 9S 9S, 10♠, 大王 …  play these cards (rank then suit letter S H C D or a suit symbol; 10 or T; SJ/BJ or 小王/大王 are the jokers): a single, a pair, a tractor (拖拉机) or a throw (甩牌)
    {"  "}declare 7H (亮 7H), or just the cards while declaring   declare a trump (亮主) with level cards or a pair of jokers
    {"  "}pass (p, 过)                 no declaration now
    {"  "}bury … (扣 …), or just the cards when burying   the banker buries the kitty (扣底)
    {"  "}h, a, t                      short for hint, auto and table
    Leaving hands your seat to the AI until the end of the hand.
term-sj-hand = Your hand ({ $count } cards):
# A new hand of the match opens (each hand is one game in the ledger).
term-sj-started = === A new hand: the cards are dealt (ledger game #{ $game }). ===
term-sj-kitty = The kitty to bury from: { $cards }
term-sj-may-declare = You may declare: { $options } — or `pass`.
term-sj-bury-now = Bury { $count } cards from your hand and the kitty (`bury …`, or `hint`).
term-sj-play-now = Play your cards (`hint` suggests a play).
term-sj-label-declare = declare { $cards }
term-sj-label-bury = bury { $cards }
term-sj-label-pass = pass
term-sj-new-match = New match, both teams from 2 again? Type y for yes, n for no.
term-sj-leave-confirm = Leave the table? The AI plays your seat to the end of this hand and the match ends. Type `leave` again to leave.

## Discord (src/hosts/shengji/discord.rs).

shengji-table-title = Shengji #{ $game } · hand { $hand }
shengji-teams-title = Teams
shengji-teams = Seats 1 + 3: { $first } · seats 2 + 4: { $second }
shengji-turn-play = { $player } to play, { $when }
shengji-turn-bury = { $player } buries the kitty (扣底), { $when }
shengji-turn-now = now
shengji-your-hand = Your hand ({ $count } cards):
shengji-kitty-to-bury = The kitty: { $cards }. Bury { $count } cards from your hand and the kitty (扣底).
shengji-declare-placeholder = Declare a trump (亮主)…
shengji-btn-no-declare = Not now
shengji-btn-bury = Bury ({ $count })
shengji-btn-new-match = New match
shengji-btn-play = Play ({ $count })
shengji-role-banker = banker (庄家)
shengji-lobby-hint = Four players in two teams: seats 1 + 3 against seats 2 + 4. Press Join, then `/shengji seat` to pick your seat (and so your partner); the host presses Start and AI players fill the empty seats. Chips move every hand: each seat of the team that went up N levels receives N × stake from the opposite seat.
shengji-rules = **Shengji (升级 / 拖拉机)** — four players, partners sit opposite (seats 1 + 3 against 2 + 4), 1 to 4 decks (default 2).
    • Each team has a level, from 2 to A. The banker's team (庄家) plays at its level; the level cards and the jokers are trumps (主), with the trump suit if one was declared; the other suits are plain (副).
    • Trumps, high to low: big jokers, small jokers, the level cards of the trump suit, the other level cards (equal to each other), with 2 常主 the 2s (the trump suit's first), then the rest of the trump suit A K Q J 10 … 2. With no trump (无主) only jokers and level cards are trumps. A plain suit runs A K Q … 2 without the level rank.
    • Dealing: while the cards arrive anyone may declare (亮主) with a level card, a pair of level cards (stronger) or a pair of jokers (no trump), and overturn a weaker declaration (反主). Nobody declares: no trump (or the kitty is turned up, an option).
    • The banker takes the kitty (底牌) and buries as many cards (扣底).
    • Tricks: lead a single, a pair, a tractor (拖拉机, consecutive pairs of one suit) or a throw (甩牌, several units of one suit that nobody can beat — a failing throw is cut back to its smallest unit). Follow the suit led; pairs on a pair lead and tractors on a tractor lead when you have them. Void in the suit, you may trump (毙) or discard.
shengji-rules-play = • Points: 5s are 5, 10s and Ks are 10 (100 per deck). The attackers (抓分方) keep the points of the tricks they win; winning the last trick, they also get the kitty's points × 2 per card of the lead's largest unit (or ×2, an option).
    • Levels (two decks, step 40): 0 points — the banker's team goes up 3 (大光); under 40 — up 2 (小光); under 80 — up 1; 80 or more — the attackers take the bank (上台), and go up one level per 40 beyond 80.
    • The match is won by the first team to reach A (or to win a hand as banker at A, an option). Chips every hand: each seat of the team that went up N levels receives N × stake from the opposite seat.
    • Choose in your DM or "My hand"; or type `/play cards:7H 7H`, `/play cards:declare 7H`, `/play cards:bury …`, `/pass` (no declaration now).

## The hand view's line when it is the seat's turn.
shengji-your-turn-declare = You may declare: choose the declaration below, or Not now.
shengji-your-turn-bury = It is your turn: pick the cards to bury below, then Bury.
shengji-your-turn-play = It is your turn: pick cards below, then Play.

## The slash command /shengji: its names and descriptions (Discord's rule for
## names: see commands.ftl).

cmd-shengji = shengji
    .description = Shengji (升级 / 拖拉机), four players in two teams, 1 to 4 decks, levels 2 to A
cmd-shengji-start = start
    .description = Open a Shengji table in this channel
cmd-shengji-start-opt-stake = stake
    .description = Chips per level a team goes up (default from the config)
cmd-shengji-start-opt-decks = decks
    .description = Decks, 1 to 4 (default 2)
cmd-shengji-start-opt-ai = ai
    .description = How the AI seats play (default: easy)
cmd-shengji-start-opt-two_colors = two_colors
    .description = One deck: hearts with diamonds, spades with clubs
cmd-shengji-start-opt-twos_trump = twos_trump
    .description = The 2s are always trumps (常主)
cmd-shengji-start-opt-flip = flip
    .description = Nobody declares: turn the kitty up for the trump (翻底)
cmd-shengji-start-opt-throw_penalty = throw_penalty
    .description = A failed throw (甩牌) costs 10 points
cmd-shengji-start-opt-double_kitty = double_kitty
    .description = The kitty counts ×2 instead of ×2 per card of the last lead's largest unit
cmd-shengji-start-opt-pass_a = pass_a
    .description = The match is won by winning a hand as banker at A, not by reaching A
cmd-shengji-start-opt-match_bonus = match_bonus
    .description = Stakes the match's winners receive besides the last hand (0 to 100)
cmd-shengji-start-opt-declare_window = declare_window
    .description = Seconds left to declare or overturn after the last card, 0 to 60 (default 10)
cmd-shengji-join = join
    .description = Take a seat
cmd-shengji-seat = seat
    .description = Pick your seat, 1 to 4 (seats 1 + 3 against 2 + 4)
cmd-shengji-seat-opt-seat = seat
    .description = The seat, 1 to 4
cmd-shengji-leave = leave
    .description = Leave the table (during a hand the AI plays your seat to its end)
cmd-shengji-rules = rules
    .description = How Shengji is played here
cmd-shengji-stop = stop
    .description = Stop the table (host or Manage Server)

## 记牌器 (issue #36): the cards not yet played that the player does not hold.
shengji-counter = Not yet played (记牌器):
