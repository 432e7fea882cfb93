"""One board per game: a table's game part as lines of text, found by the game's name.

Adding a game is a module here with a ``board(view) -> list[str]`` and a line in
:data:`BOARDS` (``docs/adding-a-game.md``); a game without one still shows its seats, whose
turn it is and your legal moves (``render``).
"""

from __future__ import annotations

from collections.abc import Callable

from inferno_proto import engine_pb2

from . import burn_in_hell, dantes_inferno, inferno, num_inferno, oh_hell

Board = Callable[[engine_pb2.GetViewResponse], list[str]]

#: The board of each game, by its name (the GetView answer's ``game_view`` branch).
BOARDS: dict[str, Board] = {
    "oh_hell": oh_hell.board,
    "inferno": inferno.board,
    "burn_in_hell": burn_in_hell.board,
    "num_inferno": num_inferno.board,
    "dantes_inferno": dantes_inferno.board,
}
