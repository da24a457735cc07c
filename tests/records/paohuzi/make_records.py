#!/usr/bin/env python3
"""Test-only generator of the Paohuzi records in this directory.

Each record names the cards that matter (hands, the 亮张, the top of the
wall, cards kept at the bottom of the wall) and the actions; the rest of the
80-card deck is filled in a fixed pseudo-random order. The expected results
are written here by reasoning from rules/paohuzi.md (the comment of each
record says why), not copied from the engine. Run from anywhere:
`python3 tests/records/paohuzi/make_records.py` rewrites the files.
"""
import json
import os
import random
from collections import Counter

HERE = os.path.dirname(os.path.abspath(__file__))
KINDS = [f"x{n}" for n in range(1, 11)] + [f"d{n}" for n in range(1, 11)]

# A winning template: 20 cards that win on d7 or d10 with 15 huxi
# (壹贰叁 6, 贰柒拾 6, 一二三 3; 四五六, 七八九, 肆伍陆 and 捌玖 + the card 0).
T = "d1 d2 d3 d2 d7 d10 x1 x2 x3 x4 x5 x6 x7 x8 x9 d4 d5 d6 d8 d9".split()


def cards(s):
    return s.split() if isinstance(s, str) else list(s)


def deck(name, hands, shown, wall=(), bottom=(), dealer=0):
    """The 80 cards: the dealer's 20, the next seat's, the third's, the
    亮张, then the wall (top first)."""
    pool = Counter({k: 4 for k in KINDS})
    hands = {s: cards(h) for s, h in hands.items()}
    used = [c for h in hands.values() for c in h] + [shown] + cards(wall) + cards(bottom)
    for c in used:
        pool[c] -= 1
        assert pool[c] >= 0, f"{name}: too many {c}"
    rest = sorted(pool.elements(), key=KINDS.index)
    random.Random(name).shuffle(rest)
    out = []
    for i in range(3):
        seat = (dealer + i) % 3
        h = hands.get(seat, [])
        assert len(h) <= 20, f"{name}: seat {seat} has {len(h)}"
        while len(h) < 20:
            h.append(rest.pop())
        out += h
    out.append(shown)
    w = cards(wall)
    b = cards(bottom)
    while len(w) + len(b) < 19:
        w.append(rest.pop())
    out += w + b
    assert not rest and len(out) == 80, name
    return out


RECORDS = []


def record(name, why, hands, shown, actions, expected, wall=(), bottom=(), dealer=0,
           rules=None, drawn=0):
    d = {"deck": deck(name, hands, shown, wall, bottom, dealer), "dealer": dealer}
    if drawn:
        d["drawn_in_a_row"] = drawn
    acts = []
    for seat, a in actions:
        acts.append(dict({"seat": seat}, **a))
    RECORDS.append((name, why, {"game": "paohuzi", "rules": rules or {}, "seats": 3,
                                "deal": d, "actions": acts}, expected))


def hu(s):
    return (s, {"hu": True})


def pas(s):
    return (s, {"pass": True})


def peng(s):
    return (s, {"peng": True})


def chi(s, *groups):
    return (s, {"chi": [cards(g) for g in groups]})


def discard(s, c):
    return (s, {"discard": c})


def refused(at, code):
    return {"ok": False, "at": at, "error": code}


def going():
    return {"ok": True, "finished": False}


def won(winner, huxi, tun, fan, deltas, **more):
    o = {"winner": winner, "huxi": huxi, "tun": tun, "fan": fan, "deltas": deltas}
    o.update(more)
    return {"ok": True, "finished": True, "outcome": o}


exec(open(os.path.join(HERE, "records_spec.py"), encoding="utf-8").read())

if __name__ == "__main__":
    names = set()
    for name, why, rec, expected in RECORDS:
        assert name not in names, name
        names.add(name)
        with open(os.path.join(HERE, name + ".json"), "w", encoding="utf-8") as f:
            json.dump(rec, f, ensure_ascii=False)
            f.write("\n")
        with open(os.path.join(HERE, name + ".expected.json"), "w", encoding="utf-8") as f:
            json.dump(expected, f, ensure_ascii=False)
            f.write("\n")
    print(len(RECORDS), "records")
