"""The end screen: who won and why, per game, from its rules (``/shared/rules/*.md``) and the
final view the engine sent.

Each game says in one line how a match is won ("lowest total wins"); the winners are the
view's own ``winners`` where the game sends them, otherwise they follow from the public totals
by that same rule. Only public parts of the view are read.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from inferno_proto import engine_pb2

from .seats import seat_name

#: How a match of each game is won, in the players' words (from the rules specs).
WHY: dict[str, str] = {
    "oh_hell": "the highest total after the last hand wins; a tie is a shared win",
    "inferno": "the lowest total wins; a tie for lowest plays decisive rounds, shared after three",
    "burn_in_hell": "the highest total wins (souls on your table count their value, in a "
    "Circle twice); ties are shared",
    "num_inferno": "the highest total after the last round wins; a tie goes to the most "
    "rounds won, then it is shared",
    "dantes_inferno": "the first to beat Lucifer wins; at the round cap the deepest token "
    "wins, then the most resources",
}


def _best(scores: Sequence[int], lowest: bool = False) -> list[int]:
    if not scores:
        return []
    target = min(scores) if lowest else max(scores)
    return [seat for seat, score in enumerate(scores) if score == target]


def _oh_hell(view: engine_pb2.GetViewResponse) -> tuple[list[int], list[int]]:
    scores = [s.score for s in sorted(view.oh_hell.seats, key=lambda s: s.seat)]
    return _best(scores), scores


def _inferno(view: engine_pb2.GetViewResponse) -> tuple[list[int], list[int]]:
    g = view.inferno
    return list(g.winners), [s.total for s in sorted(g.seats, key=lambda s: s.seat)]


def _burn_in_hell(view: engine_pb2.GetViewResponse) -> tuple[list[int], list[int]]:
    g = view.burn_in_hell
    return list(g.winners) or _best(list(g.totals)), list(g.totals)


def _num_inferno(view: engine_pb2.GetViewResponse) -> tuple[list[int], list[int]]:
    g = view.num_inferno
    totals = list(g.totals)
    top = _best(totals)
    wins = [g.round_wins[s] if s < len(g.round_wins) else 0 for s in top]
    return [s for s, w in zip(top, wins, strict=True) if w == max(wins, default=0)], totals


def _dantes_inferno(view: engine_pb2.GetViewResponse) -> tuple[list[int], list[int]]:
    """Lucifer's victor; at the round cap the deepest circle a token stands in, then the most
    resources held (the rules' own tie-break, read from the public board); still equal, shared.
    The totals shown are each seat's deepest circle."""
    from inferno_rules.games.dantes_inferno.board import circle_of, parse_space

    g = view.dantes_inferno
    deepest = [max((circle_of(parse_space(x)) for x in t.spaces), default=0) for t in g.tokens]
    if g.HasField("winner"):
        return [g.winner], deepest
    held = [r.y + r.r + r.b + r.g for r in g.resources]
    keys = list(zip(deepest, held, strict=False))
    best = max(keys, default=None)
    return [seat for seat, key in enumerate(keys) if key == best], deepest


_WINNERS: dict[str, Callable[[engine_pb2.GetViewResponse], tuple[list[int], list[int]]]] = {
    "oh_hell": _oh_hell,
    "inferno": _inferno,
    "burn_in_hell": _burn_in_hell,
    "num_inferno": _num_inferno,
    "dantes_inferno": _dantes_inferno,
}


def end_lines(view: engine_pb2.GetViewResponse) -> list[str]:
    """The end screen's lines for a finished (or aborted) table; ``[]`` while it is live."""
    if view.status == engine_pb2.TABLE_STATUS_ABORTED:
        return ["game over: the table was aborted by an operator; nobody wins"]
    if view.status != engine_pb2.TABLE_STATUS_FINISHED:
        return []
    found = _WINNERS.get(view.game)
    winners, totals = found(view) if found else ([], [])
    why = WHY.get(view.game, "")
    names = " and ".join(seat_name(view, s) for s in winners)
    you = view.HasField("your_seat") and view.your_seat in winners
    if winners:
        verb = "share the win" if len(winners) > 1 else "wins"
        head = f"game over: {names} {verb}" + (" — well played!" if you else "")
    else:
        head = "game over"
    lines = [head, f"why: {why}" if why else ""]
    if totals:
        label = "deepest circle reached" if view.game == "dantes_inferno" else "final totals"
        shown = ", ".join(f"{seat_name(view, s)} {t}" for s, t in enumerate(totals))
        lines.append(f"{label}: {shown}")
    return [line for line in lines if line]
