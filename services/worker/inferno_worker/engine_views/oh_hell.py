"""Oh Hell from the engine's protobuf to the bots' shapes: the view dict and ``Bid``/``Play``."""

from __future__ import annotations

from typing import Any

from inferno_proto import engine_pb2
from inferno_proto import oh_hell_pb2 as oh
from inferno_rules import Action

ORDERS = {
    oh.OH_HELL_ORDER_UNSPECIFIED: "ASC",
    oh.OH_HELL_ORDER_ASC: "ASC",
    oh.OH_HELL_ORDER_DESC: "DESC",
    oh.OH_HELL_ORDER_UP_DOWN: "UP_DOWN",
    oh.OH_HELL_ORDER_DOWN_UP: "DOWN_UP",
}
FLAGS = {
    "hook": "HOOK",
    "simultaneous_bids": "SIMULTANEOUS_BIDS",
    "la_podrida": "LA_PODRIDA",
    "miss_scores_tricks": "MISS_SCORES_TRICKS",
    "zero_bid_alt": "ZERO_BID_ALT",
}


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
        "options": {
            "ORDER": ORDERS.get(v.options.order, "ASC"),
            **{option: getattr(v.options, field) for field, option in FLAGS.items()},
        },
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
