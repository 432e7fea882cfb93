"""Moves in the players' words (``bid 2``, ``play 10H``, ``take``, ``grab P1``), to and from
the engine's messages: the games' own move grammar, from their codecs
(:func:`inferno_proto.codecs.move_text` and :func:`~inferno_proto.codecs.parse_move`).

A typed move is only ever matched against the legal moves the engine listed, so the client
never sends something the engine would have to refuse for its form.
"""

from __future__ import annotations

from inferno_proto import engine_pb2
from inferno_proto.codecs import move_text, parse_move


def describe(action: engine_pb2.Action) -> str:
    """One engine action in the players' words: ``bid 2``, ``play 10H`` (Oh Hell), ``play
    BLUE-5-c2`` / ``take`` (Inferno), ``grab P1``, ``offer 2 give P1 want G3``, ``special
    LAKE-1 on 2 W4``… (Burn in Hell)."""
    return move_text(action)


def parse(text: str, legal: list[engine_pb2.Action]) -> engine_pb2.Action:
    """The legal action ``text`` names, or ValueError saying what would be accepted.

    Accepts any legal move as :func:`describe` prints it (any case), and one word for the only
    legal move it ends (``2`` for ``bid 2``, ``10h`` for ``play 10H``)."""
    return parse_move(text, legal)
