#!/usr/bin/env python3
"""A Duan Guozi bot for `paiju arena --game duan-guozi`, speaking its
JSON-lines protocol (docs/arena.md) on stdin/stdout. Standard library only.

    paiju arena --game duan-guozi --a 'exec:python3 examples/duan_guozi_bot.py' --b normal --deals 20

Nobody decides anything in Duan Guozi: the dealer's one action,
`{"deal": true}`, deals the next round. The bot answers it by its record
form, and reads the view (`view`: the pot, the last round's hands) to say
on standard error how the pot stands once a game is over.
"""

import json
import sys


def main():
    for line in sys.stdin:
        msg = json.loads(line)
        kind = msg.get("type")
        if kind == "hello":
            print(json.dumps({"type": "hello", "protocol": 1, "name": "example duan-guozi"}), flush=True)
        elif kind == "act":
            print(json.dumps({"id": msg["id"], "action": {"deal": True}}), flush=True)
        elif kind == "end" and "--verbose" in sys.argv:
            print(f"{msg['game_id']}: {msg['outcome']['deltas']}", file=sys.stderr)
        elif kind == "bye":
            break


if __name__ == "__main__":
    main()
