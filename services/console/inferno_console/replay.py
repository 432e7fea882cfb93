"""What the console can check of a finished table's fairness from the bus alone.

The engine reveals the seed at the end; SHA-256 of it must equal the commitment published at
the start. For a game whose moves the bus tells in full (Oh Hell without sealed bids, Inferno,
NUM INFERNO…), the rules core then replays the table from the seed, the options and the moves
in the order the bus carried them, and the result must be the one the engine announced: every
deal came from the committed seed. A hidden move (a sealed bid, a face-down Circle) or a
real-time game cannot be replayed from public data: the page says so and names the engine's
own ``verify`` command, which reads the whole log.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence
from typing import Any

from inferno_rules import Action, Rejected, get_game


def _plain(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_plain(v) for v in value)
    return value


def seed_matches(seed: str, commitment: str) -> bool:
    return hashlib.sha256(seed.encode()).hexdigest() == commitment


def check(
    game: str,
    options: Mapping[str, Any],
    players: int,
    seed: str,
    commitment: str,
    moves: Sequence[tuple[int, int, str, Any, bool]],
    scores: Sequence[int],
    complete: bool,
) -> tuple[bool | None, str]:
    """``(True, why)`` verified, ``(False, why)`` a mismatch, ``(None, why)`` not checkable
    here. ``moves`` are ``(version, seat, kind, arg, arg_known)`` in bus order."""
    if not seed_matches(seed, commitment):
        return False, "MISMATCH: SHA-256 of the revealed seed is not the published commitment"
    if not complete:
        return (
            None,
            "the seed matches its commitment; the moves before the console started are gone",
        )
    rules = get_game(game)
    if rules.info.nature.real_time:
        return (
            None,
            "the seed matches its commitment; a real-time game replays only from the engine's log",
        )
    if not all(known for *_, known in moves):
        return (
            None,
            "the seed matches its commitment; sealed moves replay only from the engine's log",
        )
    try:
        state = rules.new_game(players, dict(options), seed)
    except Exception as err:  # options the console cannot rebuild: say so, do not guess
        return None, f"the seed matches its commitment; cannot start the replay ({err})"
    for version, seat, kind, arg, _known in moves:
        outcome = rules.apply(state, seat, Action(kind, _plain(arg)))
        if isinstance(outcome, Rejected):
            return (
                False,
                f"MISMATCH at version {version}: the rules refuse {kind} {arg} ({outcome.message})",
            )
        state = outcome.state
    result = rules.result(state)
    if result is None or list(result.scores) != list(scores):
        got = None if result is None else list(result.scores)
        return (
            False,
            f"MISMATCH: the replay ends with scores {got}, the engine announced {list(scores)}",
        )
    return (
        True,
        f"verified: the seed matches its commitment and {len(moves)} moves replay to the scores",
    )
