"""Burn in Hell's board: each seat's cards on the table, held cards, Circles, the offers and
digs in play, the deck and discard, the game clock."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from markupsafe import Markup

from .parts import backs, card, cards, per_seat, section

DRAWS = (
    "game",
    "players",
    "phase",
    "round",
    "rounds",
    "match",
    "now",
    "deal_interval_ms",
    "round_starts_at",
    "first_seat",
    "next_deal_at",
    "paused_until",
    "deck_count",
    "discard_count",
    "discard_top",
    "ends_by_e1_at",
    "seats",
    "totals",
    "to_act",
    "winners",
)


def _circles(circles: Any) -> Markup:
    if not circles:
        return Markup('<span class="empty">none</span>')
    shown = []
    for circle in circles:
        if isinstance(circle, Mapping):
            inside = circle.get("cards")
            shown.append(cards(inside) if inside else backs(circle.get("size", "?"), "in a Circle"))
        else:
            shown.append(cards(circle) if isinstance(circle, list) else Markup("{}").format(circle))
    return Markup(" | ").join(shown)


def board(view: Mapping[str, Any], names: Sequence[str]) -> Markup:
    head = Markup(
        "<p>{} · round {} of {} ({}) · game clock {:.1f} s · next deal at {} · deck {} · "
        "discard {} {}</p>"
    ).format(
        view.get("phase"),
        view.get("round"),
        view.get("rounds"),
        view.get("match"),
        (view.get("now") or 0) / 1000,
        view.get("next_deal_at"),
        backs(view.get("deck_count", 0)),
        backs(view.get("discard_count", 0)),
        card(view["discard_top"]) if view.get("discard_top") else "",
    )
    seats = view.get("seats") or []
    columns: dict[str, Sequence[Any]] = {
        "on the table": [cards(s.get("table")) for s in seats],
        "held": [cards(s.get("held")) for s in seats],
        "holding": [s.get("holding") for s in seats],
        "circles": [_circles(s.get("circles")) for s in seats],
        "finished": [s.get("finished") for s in seats],
        "total": view.get("totals") or [],
    }
    if view.get("all_circles"):
        columns["circles (full view)"] = [_circles(c) for c in view["all_circles"]]
    return head + section("seats", per_seat(names, columns, view.get("to_act") or ()))
