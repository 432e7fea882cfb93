"""Dante's Inferno's board: the shared picture of ``inferno_pictures.dantes_inferno`` (the
rings, tiles, tokens, demons and each seat's resources, as SVG), with whose turn it is and the
phase above it. The picture reads only the view's public keys."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from markupsafe import Markup

from inferno_pictures.dantes_inferno import svg

DRAWS = (
    "game", "players", "phase", "active", "round", "round_cap", "token_limit", "tiles",
    "stack_sizes", "tokens", "demons", "good", "bad", "resources", "to_act",
)  # fmt: skip


def board(view: Mapping[str, Any], names: Sequence[str]) -> Markup:
    active = view.get("active")
    turn = names[active] if isinstance(active, int) and 0 <= active < len(names) else "—"
    head = Markup("<p>{} · round {}{} · active {}</p>").format(
        view.get("phase"),
        view.get("round"),
        Markup(" of {}").format(view["round_cap"]) if view.get("round_cap") else "",
        turn,
    )
    # svg() escapes every piece of text it takes from the view.
    return head + Markup('<div class="picture">{}</div>').format(Markup(svg(view)))
