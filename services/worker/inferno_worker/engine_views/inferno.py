"""Inferno (2005) from the engine's protobuf to the bots' shapes: view dict, Play, Take."""

from __future__ import annotations

from typing import Any

from inferno_proto import engine_pb2
from inferno_proto import inferno_pb2 as pb
from inferno_rules import Action


def action_from_proto(msg: pb.InfernoAction) -> Action | None:
    kind = msg.WhichOneof("kind")
    if kind == "play":
        return Action("play", msg.play.card)
    if kind == "take":
        return Action("take")
    return None


def action_to_proto(action: Action, out: engine_pb2.Action) -> bool:
    if action.kind == "play":
        out.inferno.play.card = action.arg
    elif action.kind == "take":
        out.inferno.take.SetInParent()
    else:
        return False
    return True


def view_dict(reply: engine_pb2.GetViewResponse) -> dict[str, Any]:
    """An Inferno seat's view as the rules core's ``game.view`` would have given it."""
    v = reply.inferno
    view: dict[str, Any] = {
        "game": "inferno",
        "players": len(v.seats),
        "phase": v.phase,
        "round": v.round,
        "regular_rounds": v.regular_rounds,
        "decisive": v.decisive,
        "contenders": list(v.contenders),
        "starter": v.starter,
        "pile": list(v.pile),
        "lead_colour": v.lead_colour or None,
        "lead_value": v.lead_value or None,
        "hand_sizes": [s.hand_size for s in v.seats],
        "draw_pile": v.draw_pile,
        "taken_sizes": [s.taken_size for s in v.seats],
        "out": [s.out for s in v.seats],
        "totals": [s.total for s in v.seats],
        "decisive_totals": [s.decisive_total for s in v.seats],
        "history": [
            {"round": h.round, "decisive": h.decisive, "points": list(h.points)} for h in v.history
        ],
        "to_act": list(reply.decision.seats),
        "winners": list(v.winners),
    }
    if reply.HasField("your_seat"):
        view["seat"] = reply.your_seat
        view["hand"] = list(v.hand)
        view["taken"] = list(v.taken)
        view["taken_points"] = v.taken_points
    return view
