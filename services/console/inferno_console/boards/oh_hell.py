"""Oh Hell's board: trump, the trick on the table and the last one, bids, tricks and scores."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from markupsafe import Markup

from .parts import backs, card, cards, per_seat, section

DRAWS = (
    "game",
    "players",
    "phase",
    "hand_number",
    "hands_total",
    "cards_this_hand",
    "dealer",
    "trump_card",
    "bids",
    "has_bid",
    "tricks_won",
    "trick_leader",
    "current_trick",
    "last_trick",
    "hand_sizes",
    "scores",
    "to_act",
)


def _trick(plays: Any, names: Sequence[str]) -> Markup:
    if not plays:
        return Markup('<span class="empty">no card yet</span>')
    if isinstance(plays, Mapping):
        plays = plays.get("cards") or plays.get("plays") or []
    return Markup(" ").join(
        Markup('<span class="play">{} {}</span>').format(names[p["seat"]], card(p["card"]))
        for p in plays
        if isinstance(p, Mapping)
    )


def board(view: Mapping[str, Any], names: Sequence[str]) -> Markup:
    n = len(names)
    trump = view.get("trump_card")
    head = Markup("<p>{} · hand {} of {} · {} cards each · dealer {} · trump {}</p>").format(
        view.get("phase"),
        view.get("hand_number"),
        view.get("hands_total"),
        view.get("cards_this_hand"),
        names[view.get("dealer", 0) % n] if n else "?",
        card(trump) if trump else "none",
    )
    has_bid = view.get("has_bid") or [False] * n
    bids = [b if has_bid[i] else None for i, b in enumerate(view.get("bids") or [None] * n)]
    hands = [backs(c) for c in view.get("hand_sizes") or []]
    seats = per_seat(
        names,
        {
            "hand": hands,
            "bid": bids,
            "tricks": view.get("tricks_won") or [],
            "score": view.get("scores") or [],
        },
        view.get("to_act") or (),
    )
    hands_open = view.get("all_hands")
    shown = section("seats", seats)
    if hands_open:
        shown += section(
            "every hand (full view)", per_seat(names, {"hand": [cards(h) for h in hands_open]})
        )
    return (
        head
        + shown
        + section("trick on the table", _trick(view.get("current_trick"), names))
        + section("last trick", _trick(view.get("last_trick"), names))
    )
