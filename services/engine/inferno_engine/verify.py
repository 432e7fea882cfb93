"""Check a finished table's shuffles: ``python -m inferno_engine.verify TABLE_ID``.

The engine published ``SHA-256(seed)`` when the table was created and revealed the seed when it
ended. This command (1) checks the revealed seed against that commitment, then (2) starts a new
game from the seed, options and seat count, and replays every move of the table's log through
the rules core, checking that each step produces exactly the logged events: every deal, every
turned-up trump, every score. A deal that did not come from the committed seed cannot pass.

The table is read from Redis (``--redis-url``, ``--prefix``, default ``INFERNO_REDIS_URL`` and
``INFERNO_REDIS_PREFIX``), or from a file written earlier with ``--export``. Exit status 0 means
verified, 1 means a mismatch (printed), 2 means the table cannot be checked (not ended yet).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from itertools import groupby
from typing import Any

import redis

from inferno_proto.codecs import codec
from inferno_rules import Applied, Event, commitment, get_game

from .store import decode_to, encode_to

STATUS_EVENT = "table.status"
#: Log entries that record changes to the table, not moves: replay skips them.
NOT_MOVES = frozenset({STATUS_EVENT, "table.seat_handed_over"})


def load(redis_url: str, prefix: str, table_id: str) -> dict[str, Any]:
    """The table as a plain record: game, options, players, seed, commitment, full log."""
    client = redis.Redis.from_url(redis_url)
    try:
        tag = f"{prefix}{{t:{table_id}}}"
        fields = {
            k.decode(): v.decode()
            for k, v in client.hgetall(f"{tag}:state").items()
            if k != b"state"
        }
        entries = client.xrange(f"{tag}:events")
    finally:
        client.close()
    if not fields:
        raise LookupError(f"there is no table {table_id!r}")
    revealed = fields["status"] in ("finished", "aborted")
    return {
        "table": table_id,
        "game": fields["game"],
        "options": json.loads(fields["options"]),
        "players": len(json.loads(fields["seats"])),
        "status": fields["status"],
        "seed": fields["seed"] if revealed else "",
        "seed_commitment": fields["commitment"],
        "events": [
            {
                "id": entry_id.decode(),
                "kind": f[b"kind"].decode(),
                "data": json.loads(f[b"data"]),
                "to": f[b"to"].decode(),
            }
            for entry_id, f in entries
        ],
    }


def verify(record: dict[str, Any]) -> list[str]:
    """Problems found (empty = verified). Raises ``ValueError`` if the seed is not revealed."""
    seed = record["seed"]
    if not seed:
        raise ValueError("the seed is revealed only when the table has ended")
    problems = []
    if commitment(seed) != record["seed_commitment"]:
        problems.append("the revealed seed does not match the published commitment")
    game = get_game(record["game"])
    tr = codec(record["game"])
    logged = [
        (int(e["id"].split("-")[0]), Event(e["kind"], e["data"], decode_to(e["to"])))
        for e in record["events"]
        if e["kind"] not in NOT_MOVES
    ]
    by_version = [(v, [e for _, e in group]) for v, group in groupby(logged, key=lambda x: x[0])]
    state = game.new_game(record["players"], record["options"], seed)
    if not by_version or _plain(game.opening_events(state)) != _plain(by_version[0][1]):
        problems.append("the first deal is not the one the seed gives")
        return problems
    for version, events in by_version[1:]:
        # One move per version; on a real-time table a clock tick, then at most one command.
        moves = tr.replay_actions([(version, e) for e in events])
        if not moves:
            problems.append(f"version {version}: no move found in the log")
            return problems
        produced: list[Event] = []
        for seat, action in moves:
            out = game.apply(state, seat, action)
            if not isinstance(out, Applied):
                problems.append(f"version {version}: the logged move is illegal ({out.message})")
                return problems
            produced.extend(out.events)
            state = out.state
        if _plain(produced) != _plain(events):
            problems.append(f"version {version}: the log differs from what the seed gives")
            return problems
    return problems


def _plain(events: Any) -> list[tuple[str, str, str]]:
    return [(e.kind, json.dumps(e.data, sort_keys=True), encode_to(e.to)) for e in events]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("table", nargs="?", help="the table id (read from Redis)")
    parser.add_argument("--file", help="check a record written by --export instead")
    parser.add_argument("--export", help="also write the table's record to this file")
    parser.add_argument(
        "--redis-url", default=os.environ.get("INFERNO_REDIS_URL", "redis://127.0.0.1:6379/0")
    )
    parser.add_argument("--prefix", default=os.environ.get("INFERNO_REDIS_PREFIX", "inferno:"))
    args = parser.parse_args(argv)
    if bool(args.table) == bool(args.file):
        parser.error("give a table id or --file, not both")
    try:
        if args.file:
            with open(args.file) as handle:
                record = json.load(handle)
        else:
            record = load(args.redis_url, args.prefix, args.table)
        if args.export:
            with open(args.export, "w") as handle:
                json.dump(record, handle)
        problems = verify(record)
    except (LookupError, ValueError) as err:
        print(f"cannot verify: {err}", file=sys.stderr)
        return 2
    for problem in problems:
        print(f"MISMATCH: {problem}")
    if problems:
        return 1
    moves = len({e["id"].split("-")[0] for e in record["events"]}) - 1
    print(
        f"verified: SHA-256 of the seed matches {record['seed_commitment'][:16]}…, and "
        f"replaying {moves} changes from the seed reproduces every deal and event in the log"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
