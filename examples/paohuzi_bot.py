#!/usr/bin/env python3
"""A Paohuzi bot for `paiju arena --game paohuzi`, speaking its JSON-lines
protocol (docs/arena.md) on stdin/stdout. Standard library only.

    paiju arena --game paohuzi --a 'exec:python3 examples/paohuzi_bot.py' --b normal --deals 20

Each request holds the seat's view (`view`: its hand under
`view.players[seat].hand`, every open meld and pile, the card in
question) and the legal actions in record form: `{"hu": true}`,
`{"peng": true}`, `{"chi": [[...], ...]}`, `{"pass": true}`,
`{"discard": "x3"}`.

It wins whenever it may, 碰s whenever it may, never 吃s, and discards a
card it holds only one of (the first such), else the first legal one.
"""

from paiju_arena import serve


def choose(req):
    legal = req["legal"]
    for want in ("hu", "peng"):
        for i, a in enumerate(legal):
            if a.get(want):
                return i
    for i, a in enumerate(legal):
        if a.get("pass"):
            return i
    hand = req["view"]["players"][req["seat"]]["hand"] or []
    for i, a in enumerate(legal):
        if "discard" in a and hand.count(a["discard"]) == 1:
            return i
    return 0


if __name__ == "__main__":
    serve("example paohuzi", choose)
