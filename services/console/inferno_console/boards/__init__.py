"""Boards: each game's view drawn as HTML, found by the game's name.

A board is ``board(view, names) -> Markup`` over the rules' view dict (what
``inferno_proto.codecs`` reads back from GetView) plus ``DRAWS``, the view keys it draws; what
it leaves out is shown under it as a readable table, so a key added to a game's view is never
silently dropped (in the full view, that is where hidden parts such as the deck appear). A game
without a board of its own gets :mod:`.generic`, the whole view as a table. Adding a game's
board is a module here and a line in :data:`BOARDS`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import ModuleType
from typing import Any

from markupsafe import Markup

from . import burn_in_hell, dantes_inferno, generic, inferno, num_inferno, oh_hell
from .parts import the_rest

BOARDS: dict[str, ModuleType] = {
    "oh_hell": oh_hell,
    "inferno": inferno,
    "burn_in_hell": burn_in_hell,
    "num_inferno": num_inferno,
    "dantes_inferno": dantes_inferno,
}


def draw(game: str, view: Mapping[str, Any], names: Sequence[str]) -> Markup:
    """The board of ``game`` for ``view``, with what it does not draw listed under it."""
    module = BOARDS.get(game, generic)
    drawn = module.board(view, names)
    if module is generic:
        return drawn
    return drawn + the_rest(view, (*module.DRAWS, "history", "options"))
