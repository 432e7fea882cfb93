"""Burn in Hell from the engine's protobuf to the bots' shapes: the view dict and the eleven
seat commands, both ways (the inverse of the engine's translation).

Proto3 cannot tell an empty list from an absent one, so the view's optional parts are restored
from what says they are there: ``seat`` and ``my_circles`` from ``your_seat``, ``dig_pile`` from
``digging``, and the revealed ``all_circles`` and ``discard`` from the phase ``over`` (the
worker reads seat views, never the operators' full view).
"""

from __future__ import annotations

from typing import Any

from inferno_proto import burn_in_hell_pb2 as bih
from inferno_proto import engine_pb2
from inferno_rules import Action

MATCHES = {bih.BURN_IN_HELL_MATCH_SERIES: "SERIES", bih.BURN_IN_HELL_MATCH_OPEN: "OPEN"}
CARD_LISTS = ("grab", "release", "form_circle")
ONE_CARD = ("dig_pick", "discard_special")
ANSWERS = ("accept", "reject", "withdraw")


def action_from_proto(msg: bih.BurnInHellAction) -> Action | None:
    kind = msg.WhichOneof("kind")
    if kind in CARD_LISTS:
        return Action(kind, list(getattr(msg, kind).cards))
    if kind == "offer":
        o = msg.offer
        return Action("offer", {"to": o.to_seat, "give": list(o.give), "want": list(o.want)})
    if kind in ANSWERS:
        return Action(kind, getattr(msg, kind).offer_id)
    if kind == "play_special":
        p = msg.play_special
        return Action(
            "play_special",
            {
                "card": p.card,
                "victim": p.victim if p.HasField("victim") else None,
                "target": p.target if p.HasField("target") else None,
            },
        )
    if kind in ONE_CARD:
        return Action(kind, getattr(msg, kind).card)
    if kind == "finished":
        return Action("finished", msg.finished.on)
    return None


def action_to_proto(action: Action, out: engine_pb2.Action) -> bool:
    a, kind, arg = out.burn_in_hell, action.kind, action.arg
    if kind in CARD_LISTS:
        getattr(a, kind).cards.extend(arg)
    elif kind == "offer":
        a.offer.to_seat = arg["to"]
        a.offer.give.extend(arg["give"])
        a.offer.want.extend(arg["want"])
    elif kind in ANSWERS:
        getattr(a, kind).offer_id = arg
    elif kind == "play_special":
        a.play_special.card = arg["card"]
        if arg.get("victim") is not None:
            a.play_special.victim = arg["victim"]
        if arg.get("target") is not None:
            a.play_special.target = arg["target"]
    elif kind in ONE_CARD:
        getattr(a, kind).card = arg
    elif kind == "finished":
        a.finished.on = arg
    else:
        return False
    return True


def _optional(msg: Any, field: str) -> int | None:
    return getattr(msg, field) if msg.HasField(field) else None


def view_dict(reply: engine_pb2.GetViewResponse) -> dict[str, Any]:
    """A Burn in Hell seat's view as the rules core's ``game.view`` would have given it."""
    v = reply.burn_in_hell
    view: dict[str, Any] = {
        "game": "burn_in_hell",
        "players": len(v.seats),
        "phase": v.phase,
        "round": v.round,
        "rounds": v.rounds,
        "match": MATCHES.get(v.match, "SERIES"),
        "now": v.now,
        "deal_interval_ms": v.deal_interval_ms,
        "round_starts_at": v.round_starts_at,
        "first_seat": v.first_seat,
        "next_deal_at": _optional(v, "next_deal_at"),
        "paused_until": _optional(v, "paused_until"),
        "deck_count": v.deck_count,
        "discard_count": v.discard_count,
        "discard_top": v.discard_top or None,
        "ends_by_e1_at": _optional(v, "ends_by_e1_at"),
        "seats": [
            {
                "seat": s.seat,
                "table": list(s.table),
                "held": list(s.held),
                "holding": s.holding,
                "hold_until": _optional(s, "hold_until"),
                "grab_cooldown_until": _optional(s, "grab_cooldown_until"),
                "finished": s.finished,
                "circles": list(s.circles),
            }
            for s in v.seats
        ],
        "offers": [
            {
                "id": o.id,
                "from": o.from_seat,
                "to": o.to_seat,
                "give": list(o.give),
                "want": list(o.want),
                "expires_at": o.expires_at,
            }
            for o in v.offers
        ],
        "digs": [{"seat": d.seat, "until": d.until} for d in v.digs],
        "totals": list(v.totals),
        "history": [
            {"round": h.round, "reason": h.reason, "points": list(h.points)} for h in v.history
        ],
        "winners": list(v.winners),
        "to_act": list(reply.decision.seats),
    }
    if reply.HasField("your_seat"):
        view["seat"] = reply.your_seat
        view["my_circles"] = [list(c.cards) for c in v.my_circles]
        if v.digging:
            view["dig_pile"] = list(v.dig_pile)
    if v.phase == "over":
        view["all_circles"] = [[list(c.cards) for c in seat.circles] for seat in v.all_circles]
        view["discard"] = list(v.discard)
    return view
