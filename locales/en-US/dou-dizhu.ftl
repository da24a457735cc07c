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
    • Table decisions: both jokers in the kitty count ×4 when kitty multipliers are on; showing your hand during bidding counts ×3. A player who times out is played for by the computer until they act again.
    • Play with the buttons on the table message and “My hand”, or type /play cards:33344 and /pass.
