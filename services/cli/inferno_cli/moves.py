"""Moves in the players' words (``bid 2``, ``play 10H``, ``grab P1``), to and from the engine's
messages.

A typed move is only ever matched against the legal moves the engine listed, so the client
never sends something the engine would have to refuse for its form.
"""

from __future__ import annotations

from inferno_proto import burn_in_hell_pb2, engine_pb2


def describe(action: engine_pb2.Action) -> str:
    """One engine action in the players' words: ``bid 2``, ``play 10H`` (Oh Hell), ``play
    BLUE-5-c2`` / ``take`` (Inferno), ``grab P1``, ``offer 2 give P1 want G3``, ``special
    LAKE-1 on 2 W4``… (Burn in Hell)."""
    game = action.WhichOneof("game")
    if game == "oh_hell":
        move = action.oh_hell
        if move.WhichOneof("kind") == "bid":
            return f"bid {move.bid.count}"
        if move.WhichOneof("kind") == "play":
            return f"play {move.play.card}"
    if game == "inferno":
        kind = action.inferno.WhichOneof("kind")
        if kind == "play":
            return f"play {action.inferno.play.card}"
        if kind == "take":
            return "take"
    if game == "burn_in_hell":
        text = _burn_in_hell(action.burn_in_hell)
        if text:
            return text
    return str(action).strip()


def _burn_in_hell(move: burn_in_hell_pb2.BurnInHellAction) -> str:
    kind = move.WhichOneof("kind")
    if kind in ("grab", "release", "form_circle"):
        cards = " ".join(getattr(move, kind).cards)
        return f"{'circle' if kind == 'form_circle' else kind} {cards}"
    if kind == "offer":
        o = move.offer
        return f"offer {o.to_seat} give {' '.join(o.give) or '-'} want {' '.join(o.want) or '-'}"
    if kind in ("accept", "reject", "withdraw"):
        return f"{kind} {getattr(move, kind).offer_id}"
    if kind == "play_special":
        p = move.play_special
        aimed = f" on {p.victim} {p.target}" if p.HasField("victim") else ""
        return f"special {p.card}{aimed}"
    if kind == "dig_pick":
        return f"dig {move.dig_pick.card}"
    if kind == "discard_special":
        return f"discard {move.discard_special.card}"
    if kind == "finished":
        return f"finished {'on' if move.finished.on else 'off'}"
    return ""


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
