# Card names for display (ranks and suit symbols are the same everywhere).

card-small-joker = Small Joker
card-big-joker = Big Joker
cards-none = (no cards)
