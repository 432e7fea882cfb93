"""NUM INFERNO's board: the trick being climbed (who played what), the last trick, direction
and requirement, hands by size, placements and totals."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from markupsafe import Markup

from .parts import backs, cards, per_seat, section

DRAWS = (
    "game",
    "players",
    "phase",
    "round",
    "rounds",
    "starter",
    "hand_sizes",
    "direction",
    "req_count",
    "ref_value",
    "status",
    "trick",
    "passed",
    "last_player",
    "last_trick",
    "finished",
    "blocked",
    "totals",
    "round_wins",
    "to_act",
    "hands",
)


def _plays(plays: Any, names: Sequence[str]) -> Markup:
    if not plays:
        return Markup('<span class="empty">nothing played</span>')
    return Markup("<br>").join(
        Markup('<span class="play">{}: {}</span>').format(names[p["seat"]], cards(p["cards"]))
        for p in plays
    )


def board(view: Mapping[str, Any], names: Sequence[str]) -> Markup:
    n = len(names)
    head = Markup(
        "<p>{} · round {} of {} · direction {} · {} card(s) a play · status {}</p>"
    ).format(
        view.get("phase"),
        view.get("round"),
        view.get("rounds"),
        view.get("direction"),
        view.get("req_count"),
        view.get("status"),
    )
    passed, finished = set(view.get("passed") or []), list(view.get("finished") or [])
    columns: dict[str, Sequence[Any]] = {
        "hand": [backs(c) for c in view.get("hand_sizes") or []],
        "passed": [s in passed for s in range(n)],
        "out (place)": [finished.index(s) + 1 if s in finished else None for s in range(n)],
        "round wins": view.get("round_wins") or [],
        "total": view.get("totals") or [],
    }
    if view.get("hands"):
        columns["hand (full view)"] = [cards(h) for h in view["hands"]]
    last = view.get("last_trick") or {}
    won_by = (
        Markup(" — won by {}").format(names[last["winner"]])
        if last.get("winner") is not None
        else ""
    )
    return (
        head
        + section("seats", per_seat(names, columns, view.get("to_act") or ()))
        + section("trick", _plays(view.get("trick"), names))
        + section("last trick", _plays(last.get("plays"), names) + Markup(won_by))
    )
