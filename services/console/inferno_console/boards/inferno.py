"""Inferno (2005)'s board: the pile being built, the lead, hands and taken piles by size, the
totals (lowest wins)."""

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
    "regular_rounds",
    "decisive",
    "starter",
    "pile",
    "lead_colour",
    "lead_value",
    "hand_sizes",
    "draw_pile",
    "taken_sizes",
    "out",
    "totals",
    "to_act",
    "winners",
    "all_hands",
    "all_taken",
)


def board(view: Mapping[str, Any], names: Sequence[str]) -> Markup:
    head = Markup("<p>{} · round {} of {}{} · lead {} {} · draw pile {}</p>").format(
        view.get("phase"),
        view.get("round"),
        view.get("regular_rounds"),
        " (decisive)" if view.get("decisive") else "",
        view.get("lead_colour") or "—",
        view.get("lead_value") or "",
        backs(view.get("draw_pile", 0)),
    )
    columns: dict[str, Sequence[Any]] = {
        "hand": [backs(c) for c in view.get("hand_sizes") or []],
        "taken": [backs(c) for c in view.get("taken_sizes") or []],
        "out": view.get("out") or [],
        "total (lowest wins)": view.get("totals") or [],
    }
    if view.get("all_hands"):
        columns["hand (full view)"] = [cards(h) for h in view["all_hands"]]
    if view.get("all_taken"):
        columns["taken (full view)"] = [cards(t) for t in view["all_taken"]]
    winners = view.get("winners") or []
    won = (
        Markup("<p>winners: {}</p>").format(", ".join(names[w] for w in winners))
        if winners
        else Markup("")
    )
    return (
        head
        + section("seats", per_seat(names, columns, view.get("to_act") or ()))
        + section("pile", cards(view.get("pile")))
        + won
    )
