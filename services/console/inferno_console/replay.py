"""What the console can check of a finished table's fairness from the bus alone.

The engine reveals the seed at the end; SHA-256 of it must equal the commitment published at
the start. For a game whose moves the bus tells in full (Oh Hell without sealed bids, Inferno,
NUM INFERNO…), the rules core then replays the table from the seed, the options and the moves
in the order the bus carried them, and the result must be the one the engine announced: every
deal came from the committed seed. A hidden move (a sealed bid, a face-down Circle) or a
real-time game cannot be replayed from the bus (a sealed move has no argument there, and the
bus does not say at which game time a command was made), so for those the console replays the
table's *public event log* (:func:`check_log`, read from the engine's StreamEvents, which an
operator reads live): each version's public events must be exactly those that one legal move
(after a clock tick, on a real-time table) produces from the state the seed and the earlier
moves give. A sealed move is the one its later reveal names (Oh Hell's ``bids_revealed``, Burn in
Hell's circles in ``round_scored``), tried first; the search goes back when a later version
disagrees, so a guess never passes a table that does not replay. Every public deal, reveal and
score is then one the committed seed gives, which is what a spectator may check; the engine's
``verify`` command also compares the private events (each seat's own cards).
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence
from typing import Any

from inferno_proto import engine_pb2 as pb
from inferno_proto.codecs import codec as codec_of
from inferno_rules import CLOCK, SPECTATOR, Action, Applied, Rejected, get_game, visible_events

#: Log entries that are not the game's (status changes, hand-overs): the replay skips them.
NOT_GAME = frozenset({"seat_handed_over", "table_status"})
#: How many moves the log replay may try before it gives up (a sealed decision it cannot
#: resolve from a reveal costs one try per combination).
BUDGET = 200_000


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


Key = tuple[str, bytes]


def _key(event: pb.Event) -> Key | None:
    """A public event as compared: its game branch and its bytes (None: not a game event)."""
    branch = event.WhichOneof("body")
    if branch is None or branch in NOT_GAME:
        return None
    return branch, getattr(event, branch).SerializeToString(deterministic=True)


def _keys(game: str, events: Sequence[Any]) -> list[Key]:
    """The public ones of the rules' ``events``, as the engine would stream them."""
    out: list[Key] = []
    for event in visible_events(list(events), SPECTATOR):
        msg = pb.Event()
        if codec_of(game).fill_event(msg, event):
            key = _key(msg)
            if key is not None:
                out.append(key)
    return out


def _hints(game: str, groups: list[list[pb.Event]], i: int) -> dict[int, Any]:
    """Per seat, the argument a sealed move of version group ``i`` was revealed to have."""
    if game == "oh_hell" and any(e.oh_hell.HasField("bid_sealed") for e in groups[i]):
        for group in groups[i:]:
            for e in group:
                if e.oh_hell.HasField("bids_revealed"):
                    return dict(enumerate(e.oh_hell.bids_revealed.bids))
    if game == "burn_in_hell":
        formed = [e.burn_in_hell.circle_formed for e in groups[i]]
        formed = [f for f in formed if f.size]
        for f in formed:
            for group in groups[i:]:
                for e in group:
                    if e.burn_in_hell.HasField("round_scored"):
                        circles = e.burn_in_hell.round_scored.circles
                        if f.seat < len(circles) and f.circles <= len(circles[f.seat].circles):
                            cards = circles[f.seat].circles[f.circles - 1].cards
                            return {f.seat: sorted(cards)}
                        return {}
    return {}


def _at(group: list[pb.Event]) -> int | None:
    """A real-time version's game time: the ``at`` of its last event."""
    for event in reversed(group):
        body = getattr(event, event.WhichOneof("body") or "", None)
        if body is not None and hasattr(body, "at"):
            return int(body.at)
    return None


def check_log(
    game: str,
    options: Mapping[str, Any],
    players: int,
    seed: str,
    commitment: str,
    log: Sequence[pb.Event],
    scores: Sequence[int] | None,
    finished: bool,
) -> tuple[bool | None, str]:
    """Replay an ended table's public log from its seed: ``(True, why)`` it replays,
    ``(False, why)`` it does not, ``(None, why)`` it could not be decided."""
    if not seed_matches(seed, commitment):
        return False, "MISMATCH: SHA-256 of the revealed seed is not the published commitment"
    rules = get_game(game)
    real_time = rules.info.nature.real_time
    groups: list[list[pb.Event]] = []
    last = None
    for event in log:
        if _key(event) is None:
            continue
        if event.version != last:
            groups.append([])
            last = event.version
        groups[-1].append(event)
    wanted = [[_key(e) for e in g] for g in groups]
    try:
        state = rules.new_game(players, dict(options), seed)
    except Exception as err:
        return None, f"the seed matches its commitment; cannot start the replay ({err})"
    if not groups or _keys(game, rules.opening_events(state)) != wanted[0]:
        return False, "MISMATCH: the first deal is not the one the seed gives"
    tries = 0

    def moves(i: int, state: Any) -> Any:
        """The states after version group ``i`` that produce exactly its public events."""
        nonlocal tries
        want = wanted[i]
        ticked, before = state, []
        if real_time:
            at = _at(groups[i])
            if at is None:
                return
            out = rules.apply(state, CLOCK, Action("tick", at))
            if isinstance(out, Applied):
                ticked, before = out.state, _keys(game, out.events)
            if before == want:
                yield ticked
            if want[: len(before)] != before:
                return
        hints = _hints(game, groups, i)
        waited = list(rules.waiting_on(ticked)) + list(rules.to_act(ticked))
        seats = list(dict.fromkeys([*hints, *waited, *range(players)]))
        for seat in seats:
            legal = rules.legal_actions(ticked, seat)
            if seat in hints:
                hint = hints[seat]
                legal = sorted(legal, key=lambda a: _plain_sorted(a.arg) != _plain_sorted(hint))
            for action in legal:
                tries += 1
                if tries > BUDGET:
                    raise TimeoutError
                out = rules.apply(ticked, seat, action)
                if isinstance(out, Applied) and before + _keys(game, out.events) == want:
                    yield out.state

    stack = [(1, state, moves(1, state))] if len(groups) > 1 else []
    final = state if len(groups) == 1 else None
    deepest = 1
    try:
        while stack:
            i, _, found = stack[-1]
            deepest = max(deepest, i)
            after = next(found, None)
            if after is None:
                stack.pop()
                continue
            if i + 1 == len(groups):
                final = after
                break
            stack.append((i + 1, after, moves(i + 1, after)))
    except TimeoutError:
        return None, f"the seed matches its commitment; the log replay gave up after {BUDGET} tries"
    if final is None:
        version = groups[deepest][0].version
        return False, f"MISMATCH at version {version}: no legal move from the seed gives its events"
    if finished:
        result = rules.result(final)
        got = None if result is None else list(result.scores)
        if scores is not None and got != list(scores):
            said = list(scores)
            return (
                False,
                f"MISMATCH: the replay ends with scores {got}, the engine announced {said}",
            )
        if result is None:
            return False, "MISMATCH: the replayed game has not ended where the log ends"
    return (
        True,
        f"verified: the seed matches its commitment and {len(groups) - 1} changes of the public "
        "log replay from it (sealed moves as revealed later)",
    )


def _plain_sorted(value: Any) -> Any:
    if isinstance(value, list | tuple):
        return sorted(str(v) for v in value)
    return value
