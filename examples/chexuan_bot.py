#!/usr/bin/env python3
"""A Chexuan bot for `paiju arena --game chexuan`, speaking its JSON-lines
protocol (docs/arena.md) on stdin/stdout. Standard library only.

    paiju arena --game chexuan --a 'exec:python3 examples/chexuan_bot.py' --b normal --deals 20

Each request holds the seat's view (`view`: every seat's bobo,
contribution, face-up cards, the seat's own face-down ones, the mango pot)
and the legal actions in record form: `{"raise": N}`, `{"call": true}`,
`{"all_in": true}`, `{"check": true}`, `{"fold": true}`,
`{"sanhua": true}`, `{"split": {"head": [a, b], "tail": [c, d]}}`.

A cautious player: it checks when it may, calls a bet of at most twice
what it has put in, folds to anything bigger, and at the showdown gives
the first legal split (the list holds only splits whose head is at least
its tail).
"""

from paiju_arena import serve


def choose(req):
    legal = req["legal"]
    view = req["view"]
    for want in ("check",):
        for i, a in enumerate(legal):
            if a.get(want):
                return i
    splits = [i for i, a in enumerate(legal) if "split" in a]
    if splits:
        return splits[0]
    me = view["players"][req["seat"]]
    to_call = view["highest"] - me["contribution"]
    for i, a in enumerate(legal):
        if a.get("call") and to_call <= 2 * me["contribution"]:
            return i
    for i, a in enumerate(legal):
        if a.get("fold"):
            return i
    return 0


if __name__ == "__main__":
    serve("example chexuan", choose)
