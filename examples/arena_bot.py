#!/usr/bin/env python3
"""A Dou Dizhu bot for `paiju arena`, speaking its JSON-lines protocol
(docs/arena.md) on stdin/stdout. Standard library only.

Run a match against paiju's `normal` AI:

    paiju arena --a 'exec:python3 examples/arena_bot.py' --b normal --deals 50

It plays a simple, honest game: it never looks at anything the request
does not hold, lets a partner's play stand, and otherwise makes the legal
play that spends the lowest cards (a lead sheds the longest run of low
cards). Bidding, doubling and the other phases: it passes when it may,
and otherwise takes the first legal action (a forced bid, an empty
discard).
"""

from paiju_arena import serve

ORDER = "3456789TJQK A2BR".replace(" ", "")


def rank_value(ranks):
    """The sort key of a play: its highest card first, then its length."""
    return max(ORDER.index(c) for c in ranks)


def choose(req):
    legal = req["legal_ranks"]
    if req["phase"] != "playing":
        return legal.index("pass") if "pass" in legal else 0
    standing = req["standing"]
    landlord = req["landlord"]
    me = req["seat"]
    plays = [i for i, r in enumerate(legal) if r != "pass"]
    if standing is not None:
        partner_stands = me != landlord and standing["seat"] != landlord
        if partner_stands or not plays:
            return legal.index("pass")
        # Hold bombs and the rocket unless nothing else beats the table.
        plain = [i for i in plays if req["legal"][i].get("as") not in ("bomb", "rocket")]
        if plain:
            plays = plain
        return min(plays, key=lambda i: (rank_value(legal[i]), len(legal[i])))
    # A lead: the lowest cards, as many of them as fit in one play.
    return min(plays, key=lambda i: (rank_value(legal[i]) - len(legal[i]), legal[i]))


if __name__ == "__main__":
    serve("example", choose)
