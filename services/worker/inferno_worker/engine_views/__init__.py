"""What the engine sends, in the shapes bots read: proto view → view dict, actions both ways.

Bots (:mod:`inferno_worker.bots`) take the rules core's view dict and ``Action`` values, the
same data the engine's answers carry as protobuf. One module per game changes the shapes
(the inverse of the engine's translation); this package picks it by the message's ``oneof``.
Nothing here sees what the seat could not see: it starts from that seat's own GetView answer.
"""

from __future__ import annotations

from typing import Any

from inferno_proto import engine_pb2
from inferno_rules import Action

from . import burn_in_hell, inferno, oh_hell


class UnsupportedGame(ValueError):
    """The engine sent a game this worker cannot translate."""


#: The per-game modules, each with ``action_from_proto``, ``action_to_proto`` and ``view_dict``.
GAMES: dict[str, Any] = {"oh_hell": oh_hell, "inferno": inferno, "burn_in_hell": burn_in_hell}


def action_from_proto(msg: engine_pb2.Action) -> Action:
    branch = msg.WhichOneof("game")
    views = GAMES.get(branch or "")
    action = views.action_from_proto(getattr(msg, branch)) if views and branch else None
    if action is None:
        raise UnsupportedGame(f"the worker cannot read an action of {branch or 'no game'}")
    return action


def action_to_proto(game: str, action: Action) -> engine_pb2.Action:
    out = engine_pb2.Action()
    views = GAMES.get(game)
    if views is None or not views.action_to_proto(action, out):
        raise UnsupportedGame(f"the worker cannot send the {action.kind} action of {game}")
    return out


def view_dict(reply: engine_pb2.GetViewResponse) -> dict[str, Any]:
    """The seat's view as the rules core's ``game.view`` would have given it."""
    branch = reply.WhichOneof("game_view")
    views = GAMES.get(branch or "")
    if views is None:
        # A game without a translation: bots that choose from legal actions alone still play.
        return {"game": reply.game, "players": len(reply.seats), "seat": reply.your_seat}
    view: dict[str, Any] = views.view_dict(reply)
    return view
