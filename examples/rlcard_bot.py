#!/usr/bin/env python3
"""RLCard's Dou Dizhu rule agent (`doudizhu-rule-v1`, the usual research
baseline) as a `paiju arena` bot, through the JSON-lines protocol
(docs/arena.md).

    pip install rlcard
    paiju arena --a hard --b 'exec:python3 examples/rlcard_bot.py' --deals 1000

The agent reads RLCard's raw observation; this bridge builds it from the
request: `current_hand` and `actions` are the protocol's rank strings
(RLCard's notation, 3…9 T J Q K A 2 B R), `trace` the plays and passes of
the public history, `landlord` and `self` the seats. RLCard's agent only
plays cards (it never bids), so it is meant for the fixed-landlord match;
in other phases it passes when it may. An answer the agent gives that is
not among the legal rank strings (its notation of a kicker can differ)
falls back to the first legal play, and the bridge says so on stderr.
"""

import json
import sys
import zlib

import numpy as np
from rlcard.models.doudizhu_rule_models import DouDizhuRuleAgentV1


def trace_of(history):
    """RLCard's trace: (seat, cards or 'pass') from the first play on."""
    trace = []
    playing = False
    for e in history:
        if e["event"] == "played":
            playing = True
            trace.append((e["seat"], e["ranks"]))
        elif e["event"] == "passed" and playing:
            trace.append((e["seat"], "pass"))
    return trace


def main():
    agent = DouDizhuRuleAgentV1()
    np.random.seed(1)
    for line in sys.stdin:
        msg = json.loads(line)
        kind = msg.get("type")
        if kind == "hello":
            print(json.dumps({"type": "hello", "protocol": 1, "name": "rlcard-rule-v1"}), flush=True)
            continue
        if kind == "bye":
            break
        if kind == "start":
            # The agent picks at random when it has nothing of the kind to
            # play: a generator per hand, seeded by the hand's id, keeps one
            # hand's draws from shifting every later hand's (as paiju's own
            # bots do), so two builds compared on the same deals differ
            # only where their play differs.
            np.random.seed(zlib.crc32(msg["game_id"].encode()))
            continue
        if kind != "act":
            continue
        legal = msg["legal_ranks"]
        if msg["phase"] != "playing":
            index = legal.index("pass") if "pass" in legal else 0
        else:
            state = {
                "raw_obs": {
                    "current_hand": msg["hand_ranks"],
                    "trace": trace_of(msg["history"]),
                    "actions": legal,
                    "landlord": msg["landlord"],
                    "self": msg["seat"],
                }
            }
            answer = agent.step(state)
            if answer in legal:
                index = legal.index(answer)
            else:
                print(f"rlcard bridge: {answer!r} is not legal here", file=sys.stderr)
                index = 0
        print(json.dumps({"id": msg["id"], "index": index}), flush=True)


if __name__ == "__main__":
    main()
