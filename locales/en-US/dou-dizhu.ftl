# Dou Dizhu words: game name, play patterns, options, the rules text.

ddz-name = Dou Dizhu
ddz-pattern-single = single
ddz-pattern-pair = pair
ddz-pattern-trio = trio
ddz-pattern-trio-single = trio with a single
ddz-pattern-trio-pair = trio with a pair
ddz-pattern-straight = straight
ddz-pattern-pair-straight = pair straight
ddz-pattern-airplane = airplane
ddz-pattern-airplane-singles = airplane with singles
ddz-pattern-airplane-pairs = airplane with pairs
ddz-pattern-four-two = four with two
ddz-pattern-four-two-pairs = four with two pairs
ddz-pattern-bomb = bomb
ddz-pattern-rocket = rocket
ddz-bidding-score = bid 1–3
ddz-bidding-rob = call and rob
ddz-rules = **Dou Dizhu (斗地主, Fight the Landlord)** — three players, 54 cards.
    • 17 cards each; 3 go face down to the kitty. Players bid 1, 2 or 3 (each once, each higher than the last); the highest bidder becomes the landlord, takes the kitty (shown to all) and plays alone against the two farmers. If everyone passes, the cards are dealt again.
    • Card order, low to high: 3 4 5 6 7 8 9 10 J Q K A 2, small joker, big joker. Suits never matter.
    • The landlord leads. Each player in turn beats the last play with the same pattern and number of cards and a higher rank, or passes. When the two others pass, the last player to play leads again.
    • Patterns: single, pair, trio, trio with a single or a pair, straight (5+ ranks, 3 to A), pair straight (3+ pairs), airplane (2+ consecutive trios, with or without wings), four with two singles or two pairs, bomb (four of a rank) and rocket (both jokers). A bomb beats anything but a higher bomb or the rocket; the rocket beats everything.
    • Multiplier: the bid, ×2 for every bomb or rocket played, ×2 for a spring (the farmers never played) or anti-spring (the landlord played only his first lead). Each farmer wins or pays stake × multiplier; the landlord wins or pays both.
    • Table options: call-and-rob bidding (each rob ×2); kicking after a bid of 3 (×2 each); doubling (加倍) after the kitty is taken; kitty multipliers (底牌翻倍); showing your hand (明牌): ×5 before the deal, ×3 during bidding, ×2 for the landlord after the kitty.
    • Table decisions: both jokers in the kitty count ×4 when kitty multipliers are on; a hand shown during bidding counts ×3 however many cards are out (one step). A player who times out is played for by the computer until they act again; a player who leaves a running game pays the escape penalty.
    • Play with the buttons on the table message and “My hand”, or type /play cards:33344 and /pass.

ddz-rules-variants = **Variants** (`/dou-dizhu start variant:…`)
    • **Two players (二人斗地主):** every 3 and 4 is removed (46 cards); 17 cards each, 3 in the kitty, the other 9 shown and set aside. The two call, then take turns to rob or pass (at most 4 robs); each rob doubles the multiplier and gives the farmer one more card of handicap (让牌, up to 4). The farmer wins by getting down to no more cards than the handicap, or by emptying the hand first. Straights and pair straights start at 5.
    • **Wild card (癞子):** after the deal a rank (not a joker) is drawn as wild, shown on the table. A wild card stands for any rank but a joker; alone, or when every card of a play is wild, it is its own rank. It never makes the four of a four + two (unless the four are the wild rank itself). Bombs: rocket > four wild cards > four natural cards > soft bomb (natural + wild). When a play can be read several ways, the bot asks which one you mean; with /play you can say it: `/play cards:6 7 8 9 5 as:10`.
    • **Discard three (弃三张):** after the landlord takes the kitty, each farmer may discard up to 3 cards and the landlord up to 2 (pick them in “My hand”, then Play; Pass keeps all). Each seat's discard multiplies the game: both jokers ×8, a joker ×4, a 2 ×3, a J, Q, K or A ×2.

## Phases (`PhaseName`, snake_case).

ddz-phase-bidding = Bidding
ddz-phase-kicking = Kicking
ddz-phase-doubling = Doubling
ddz-phase-playing = Playing
ddz-phase-finished = Game over

## Roles.

ddz-kitty = kitty

## Actions, by their record names.

ddz-action-bid = bid
ddz-action-pass = pass
ddz-action-call = call the landlord
ddz-action-rob = rob the landlord
ddz-action-kick = kick
ddz-action-counter = counter-kick
ddz-action-double = double
ddz-action-play = play
ddz-action-show = show your hand
ddz-action-leave = leave the game

## When a hand is shown (`ShowStage`), with its factor.

ddz-show-start = shown before the deal ×5
ddz-show-bidding = shown during bidding ×3
ddz-show-kitty = shown after taking the kitty ×2

## What multiplies the game, by name (bot.ftl's factor-* add the values).

ddz-factor-bid = bid
ddz-factor-rob = robs
ddz-factor-kick = kicks
ddz-factor-kitty = kitty
ddz-factor-show = shown hand
ddz-factor-bomb = bombs and rockets
ddz-factor-spring = spring
ddz-factor-anti-spring = anti-spring
ddz-factor-doubling = doubling

## Kitty factors (option `kitty_multipliers`).

ddz-kitty-pair = a pair of A or of 2 ×2
ddz-kitty-trio = three of a rank ×3
ddz-kitty-low = all three below 10 ×3
ddz-kitty-big-joker = the big joker alone ×2
ddz-kitty-both-jokers = both jokers ×4

## Table options.

ddz-option-forced-bid = forced bid
ddz-option-kick = kicking (踢)
ddz-option-kitty-multipliers = kitty multipliers (底牌翻倍)
ddz-option-doubling = doubling (加倍)
ddz-option-show-cards = showing hands (明牌)
ddz-option-escape-penalty = escape penalty (逃跑)
ddz-option-rake = rake

## 癞子 The wild card: refusals.
err-no-wild = There is no wild card at this table.
err-wild-as-malformed = Say what each wild card stands for with a rank from 3 to 2 (never a joker).
err-wild-as-missing = { $cards } mixes wild and natural cards: say what each wild card stands for.
err-wild-as-count = The play has { $wild } wild cards but { $stated } ranks are given for them.
err-wild-as-rank = A wild card cannot stand for { $rank } here.
err-wild-all-own-rank = { $cards } is all wild cards: they stand for their own rank.

## 癞子 on Discord: the wild rank, and choosing how a selection is played.
table-wild = Wild card (癞子): { $rank }
hand-wild = Wild card: every { $rank } stands for any rank but a joker.
hand-wild-card = wild card
ddz-bomb-soft = soft bomb
ddz-bomb-pure-wild = pure wild bomb
# A reading in a select: "soft bomb of 4", "straight 5–9", then "(wild as 7, 8)".
reading-of = { $pattern } of { $rank }
reading-run = { $pattern } { $low }–{ $high }
reading-wild-as = { $reading } (wild as { $ranks })
reading-choose = { $cards } can be played { $count } ways: choose one in the menu, or type /play with the same cards and its number (e.g. #2).
err-reading-number = Those cards cannot be played as number { $number }: there { $count ->
    [one] is one way
   *[other] are { $count } ways
}. Nothing was played.
err-reading-number-bad = After # comes the number of a way to play the cards, not “{ $input }”.
reading-more = Only the first { $shown } are listed; for another, type /play with the cards, then as: and what the wild cards stand for.
reading-placeholder = Choose how to play them
err-reading-gone = That is not a legal way to play those cards now, so nothing was played. Choose your cards again.
err-reading-statement = “{ $statement }” does not say what the wild cards stand for: after as: give ranks (as:7 8) and/or a pattern (as:bomb).
err-reading-needed = These cards can be played several ways: add as: and what the wild cards stand for, e.g. as:7 8.

## The slash command /dou-dizhu: its names and descriptions (Discord's rule for
## names: see commands.ftl).

cmd-dou-dizhu = dou-dizhu
    .description = Dou Dizhu (Fight the Landlord), three players
cmd-dou-dizhu-start = start
    .description = Open a Dou Dizhu table in this channel
cmd-dou-dizhu-start-opt-stake = stake
    .description = Chips per point (default: the server's stake)
cmd-dou-dizhu-start-opt-bidding = bidding
    .description = How the landlord is chosen
cmd-dou-dizhu-start-opt-kick = kick
    .description = Allow kicking (踢) after a bid of 3
cmd-dou-dizhu-start-opt-doubling = doubling
    .description = Allow doubling (加倍) after the kitty is taken
cmd-dou-dizhu-start-opt-kitty-multipliers = kitty-multipliers
    .description = The kitty can multiply the game (底牌翻倍)
cmd-dou-dizhu-start-opt-variant = variant
    .description = Classic, two players, wild card (癞子) or discard three (弃三张)
cmd-dou-dizhu-start-opt-show-cards = show-cards
    .description = Allow showing your hand (明牌) for a higher multiplier
cmd-dou-dizhu-start-opt-ai = ai
    .description = How the AI seats play (default: hard)
cmd-dou-dizhu-join = join
    .description = Take a seat at the table in this channel
cmd-dou-dizhu-leave = leave
    .description = Leave the table in this channel
cmd-dou-dizhu-rules = rules
    .description = How Dou Dizhu is played here
cmd-dou-dizhu-stop = stop
    .description = Stop the table in this channel (host or Manage Server); stakes are refunded

choice-bidding-score = Bid 1–3 points (叫分)
choice-bidding-rob = Call and rob (抢地主)
choice-variant-classic = Classic (three players)
choice-variant-two-player = Two players
choice-variant-wild = Wild card (癞子)
choice-variant-discard = Discard three (弃三张)
choice-ai-easy = Easy
choice-ai-normal = Normal
choice-ai-hard = Hard (thinks before each play)

## Table comforts (issue #36): the card counter (记牌器) in the hand view,
## the warning of a seat down to one or two cards (报单 / 报双), and each
## seat's last move of the round.
# One rank of the counter: "A 3" (three aces not yet seen).
ddz-counter-rank = { $rank } { $count }
ddz-counter = Not yet played (记牌器): { $ranks }
ddz-warning = { $count ->
    [1] 🚨 last card (报单)
   *[other] 🚨 two cards left (报双)
}
ddz-seat-played = played { $cards }
ddz-seat-passed = passed
term-ddz-round = This round: { $moves }
term-ddz-round-move = { $player }: { $move }
