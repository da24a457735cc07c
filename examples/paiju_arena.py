"""The JSON-lines protocol of `paiju arena` (docs/arena.md), shared by the
example bots beside this file: `serve(name, choose)` shakes hands, answers
every `act` request with `choose(request)` — an index into `legal`, or a
dict to send as the answer (e.g. `{"action": {...}}`) — and returns on
`bye` or at the end of its input. `on_end(message)`, when given, sees each
hand's `end`. Standard library only.
"""

import json
import sys

PROTOCOL = 1


def serve(name, choose, on_end=None):
    for line in sys.stdin:
        msg = json.loads(line)
        kind = msg.get("type")
        if kind == "hello":
            reply = {"type": "hello", "protocol": PROTOCOL, "name": name}
        elif kind == "act":
            answer = choose(msg)
            reply = {"id": msg["id"]}
            reply.update(answer if isinstance(answer, dict) else {"index": answer})
        elif kind == "end" and on_end is not None:
            on_end(msg)
            continue
        elif kind == "bye":
            return
        else:
            # "start" and "end" need no answer.
            continue
        print(json.dumps(reply), flush=True)
