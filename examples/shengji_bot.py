#!/usr/bin/env python3
"""A Shengji bot for `paiju arena --game shengji`, speaking its JSON-lines
protocol (docs/arena.md) on stdin/stdout. Standard library only.

    paiju arena --game shengji --a 'exec:python3 examples/shengji_bot.py' --b normal --deals 20

Each request holds the seat's view (`view`: the table hand, its `hand` the
engine's view of the seat) and the legal actions in record form:
`{"declare": [...], "dealt": N}` and `{"pass": true}` while the cards
arrive, `{"bury": [...]}` for the banker, `{"play": [...]}` in the tricks.

It plays a plain game: it declares the first trump it is offered once it
holds eight cards or more of that suit's colour, buries the first burial
offered, feeds points to a partner who is winning the trick, and
otherwise plays the legal cards that give away the fewest points.
"""

from paiju_arena import serve


def points(card):
    """A card's points: 5s are worth 5, tens and kings 10."""
    rank = card[:-1] if len(card) > 2 else card[0]
    return {"5": 5, "T": 10, "K": 10}.get(rank, 0)


def choose(req):
    legal = req["legal"]
    view = req["view"]["hand"]
    hand = view["hand"]
    declares = [i for i, a in enumerate(legal) if "declare" in a]
    if declares:
        for i in declares:
            suit = legal[i]["declare"][0][-1]
            if sum(1 for c in hand if c[-1] == suit) >= 8:
                return i
        return next(i for i, a in enumerate(legal) if a.get("pass"))
    plays = [i for i, a in enumerate(legal) if "play" in a]
    if not plays:
        return 0
    trick = view["trick"]
    me = req["seat"]
    partner_leads = len(trick) > 0 and trick[0][0] == (me + 2) % 4

    def given(i):
        return sum(points(c) for c in legal[i]["play"])

    if partner_leads:
        return max(plays, key=given)
    return min(plays, key=given)


if __name__ == "__main__":
    serve("example shengji", choose)
