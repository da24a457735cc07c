#!/usr/bin/env python3
"""A Duan Guozi bot for `paiju arena --game duan-guozi`, speaking its
JSON-lines protocol (docs/arena.md) on stdin/stdout. Standard library only.

    paiju arena --game duan-guozi --a 'exec:python3 examples/duan_guozi_bot.py' --b normal --deals 20

Nobody decides anything in Duan Guozi: the dealer's one action,
`{"deal": true}`, deals the next round. The bot answers it by its record
form, and reads the view (`view`: the pot, the last round's hands) to say
on standard error how the pot stands once a game is over.
"""

import sys

from paiju_arena import serve


def show(end):
    """With --verbose: each game's chips on standard error."""
    if "--verbose" in sys.argv:
        print(f"{end['game_id']}: {end['outcome']['deltas']}", file=sys.stderr)


if __name__ == "__main__":
    serve("example duan-guozi", lambda req: {"action": {"deal": True}}, show)
