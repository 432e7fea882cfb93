"""What every game's codec checks the same way: that a message is for this game.

The proto's ``GameOptions`` and ``Action`` carry one branch per game, named after it; a codec
reads only its own branch, and refuses another game's (or none) with the same reasons for
every game.
"""

from __future__ import annotations

from typing import Any

from inferno_proto import engine_pb2 as pb

from .errors import CodecError


def options_branch(msg: pb.GameOptions, game: str) -> Any | None:
    """The game's options branch of ``msg``; ``None`` when no branch is set (the defaults)."""
    branch = msg.WhichOneof("game")
    if branch is None:
        return None
    if branch != game:
        raise CodecError(f"these are options for {branch}; this table plays {game}")
    return getattr(msg, game)


def action_branch(msg: pb.Action, game: str, table: str) -> Any:
    """The game's branch of an ``Action``; another game's, or none, is ``wrong_game_action``
    (``table``: the game as players name it, for the message)."""
    branch = msg.WhichOneof("game")
    if branch != game:
        got = branch or "no game"
        raise CodecError(
            f"this is {table} table; the action is for {got}", reason="wrong_game_action"
        )
    return getattr(msg, game)


def no_message(game: str, kind: str) -> CodecError:
    """The refusal for a rules action this game's API has no message for."""
    return CodecError(f"the {kind} action of {game} has no message", reason="no_such_action")
