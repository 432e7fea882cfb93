"""Oh Hell from the engine's protobuf to the bots' shapes: the view dict and ``Bid``/``Play``."""

from __future__ import annotations

from typing import Any

from inferno_proto import engine_pb2
from inferno_proto import oh_hell_pb2 as oh
from inferno_proto.options import options_from_proto
from inferno_rules import Action, get_game, validate_options

INFO = get_game("oh_hell").info


def action_from_proto(msg: oh.OhHellAction) -> Action | None:
    kind = msg.WhichOneof("kind")
    if kind == "bid":
        return Action("bid", msg.bid.count)
    if kind == "play":
        return Action("play", msg.play.card)
    return None


def action_to_proto(action: Action, out: engine_pb2.Action) -> bool:
    if action.kind == "bid":
        out.oh_hell.bid.count = action.arg
    elif action.kind == "play":
        out.oh_hell.play.card = action.arg
    else:
        return False
    return True


def view_dict(reply: engine_pb2.GetViewResponse) -> dict[str, Any]:
    """An Oh Hell seat's view as the rules core's ``game.view`` would have given it."""
    v = reply.oh_hell
    players = len(v.seats)
    last = v.last_trick if v.HasField("last_trick") else None
    return {
        "game": "oh_hell",
        "players": players,
        "options": validate_options(INFO, options_from_proto(v.options)),
        "phase": v.phase,
        "hand_number": v.hand_number,
        "hands_total": v.hands_total,
        "cards_this_hand": v.cards_this_hand,
        "dealer": v.dealer,
        "trump_card": v.trump_card or None,
        "bids": [s.bid if s.HasField("bid") else None for s in v.seats],
        "has_bid": [s.has_bid for s in v.seats],
        "tricks_won": [s.tricks_won for s in v.seats],
        "trick_leader": v.trick_leader,
        "current_trick": [{"seat": p.seat, "card": p.card} for p in v.current_trick],
        "last_trick": (
            {"leader": last.leader, "cards": list(last.cards), "winner": last.winner}
            if last is not None
            else None
        ),
        "hand_sizes": [s.hand_size for s in v.seats],
        "scores": [s.score for s in v.seats],
        "history": [
            {
                "cards": h.cards,
                "dealer": h.dealer,
                "trump_suit": h.trump_suit or None,
                "bids": list(h.bids),
                "won": list(h.won),
                "points": list(h.points),
            }
            for h in v.history
        ],
        "to_act": list(reply.decision.seats),
        "seat": reply.your_seat,
        "hand": list(v.hand),
    }
