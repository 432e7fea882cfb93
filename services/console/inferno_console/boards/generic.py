"""The board of a game without a drawing of its own: the whole view as a readable table."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from markupsafe import Markup

from .parts import readable, section

DRAWS: tuple[str, ...] = ()


def board(view: Mapping[str, Any], names: Sequence[str]) -> Markup:
    seats = Markup(", ").join(Markup("{}: {}").format(i, n) for i, n in enumerate(names))
    return section("seats", seats) + section("view", readable(dict(view)))
