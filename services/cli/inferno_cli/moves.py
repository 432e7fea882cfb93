"""Moves in the players' words: ``bid 2``, ``play 10H``, to and from the engine's messages.

A typed move is only ever matched against the legal moves the engine listed, so the client
never sends something the engine would have to refuse for its form.
"""

from __future__ import annotations

from inferno_proto import engine_pb2


def describe(action: engine_pb2.Action) -> str:
    """``bid 2`` / ``play 10H`` for one engine action."""
    if action.WhichOneof("game") == "oh_hell":
        move = action.oh_hell
        if move.WhichOneof("kind") == "bid":
            return f"bid {move.bid.count}"
        if move.WhichOneof("kind") == "play":
            return f"play {move.play.card}"
    return str(action).strip()


def parse(text: str, legal: list[engine_pb2.Action]) -> engine_pb2.Action:
    """The legal action ``text`` names, or ValueError saying what would be accepted.

    Accepts ``bid 2``, ``play 10H`` (any case), a bare number for a bid or a bare card to play.
    """
    words = text.strip().lower().split()
    if not words:
        raise ValueError("type a move, for example 'bid 2' or 'play 10H'")
    if len(words) == 1:
        words = ["bid", words[0]] if words[0].isdigit() else ["play", words[0]]
    wanted = " ".join(words)
    for action in legal:
        if describe(action).lower() == wanted:
            return action
    if not legal:
        raise ValueError("it is not your turn")
    choices = ", ".join(describe(a) for a in legal)
    raise ValueError(f"{text.strip()!r} is not a legal move now; legal: {choices}")
