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

# Dou Dizhu rule errors (RuleError keys from src/games/dou_dizhu).
err-already-shown = Your hand is already shown.
err-bid-range = A bid is 1, 2 or 3.
err-bid-too-low = Your bid must be higher than { $bid }.
err-card-twice = { $card } is named twice.
err-does-not-beat = That play does not beat the cards on the table: play the same pattern with the same number of cards and a higher rank, or a bomb.
err-empty-play = Name at least one card to play.
err-leader-must-play = You lead this round, so you must play.
err-must-bid = With both jokers, or the big joker and a 2, you must bid.
err-not-a-combination = { $cards } is not a valid combination.
err-not-enough = You only have { $have } of { $card }.
err-not-higher = That play is not higher than the one on the table.
err-not-that-reading = Those cards cannot be played as that pattern.
err-option-off = That option is not played at this table.
err-show-landlord-only = Only the landlord may show the hand after taking the kitty.
err-show-too-late = It is too late to show your hand at that stage.
err-unknown-pattern = That is not a pattern name.
err-wrong-phase = You cannot do that now.
err-wrong-size = That play does not have the same number of cards as the one on the table.
