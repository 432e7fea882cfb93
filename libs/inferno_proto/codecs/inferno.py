"""Inferno (2005): proto ⇄ rules core. Actions ``Play{card}``/``Take``, the view, the events.

Only shapes change here: what a viewer may see was already decided by the rules' ``view`` and
``visible_events`` (a seat's hand and face-down stack reach only that seat); this module copies
fields and never looks at hidden state. Every Inferno move is public, so the bus names it.
"""

from __future__ import annotations

from typing import Any

from inferno_proto import engine_pb2 as pb
from inferno_rules import Action, Event

from .common import action_branch, no_message, options_branch
from .errors import CodecError


class InfernoCodec:
    game = "inferno"

    # ------------------------------------------------------------------ requests
    def options(self, msg: pb.GameOptions) -> dict[str, object]:
        options_branch(msg, self.game)  # another game's options are refused
        return {}  # Inferno has no table options

    def action(self, msg: pb.Action) -> Action:
        move = action_branch(msg, self.game, "an Inferno")
        kind = move.WhichOneof("kind")
        if kind == "play":
            return Action("play", move.play.card)
        if kind == "take":
            return Action("take")
        raise CodecError("choose an action: play a card or take the pile", reason="empty_action")

    # ------------------------------------------------------------------ answers
    def action_message(self, action: Action) -> pb.Action:
        out = pb.Action()
        if action.kind == "play":
            out.inferno.play.card = action.arg
        elif action.kind == "take":
            out.inferno.take.SetInParent()
        else:
            raise no_message(self.game, action.kind)
        return out

    def fill_view(self, out: pb.GetViewResponse, view: dict[str, Any]) -> None:
        v = out.inferno
        v.phase = view["phase"]
        v.round = view["round"]
        v.regular_rounds = view["regular_rounds"]
        v.decisive = view["decisive"]
        v.contenders.extend(view["contenders"])
        v.starter = view["starter"]
        v.pile.extend(view["pile"])
        v.lead_colour = view["lead_colour"] or ""
        v.lead_value = view["lead_value"] or 0
        v.draw_pile = view["draw_pile"]
        for seat in range(view["players"]):
            v.seats.add(
                seat=seat,
                hand_size=view["hand_sizes"][seat],
                taken_size=view["taken_sizes"][seat],
                out=view["out"][seat],
                total=view["totals"][seat],
                decisive_total=view["decisive_totals"][seat],
            )
        for record in view["history"]:
            v.history.add(
                round=record["round"], decisive=record["decisive"], points=record["points"]
            )
        v.winners.extend(view["winners"])
        v.hand.extend(view.get("hand", ()))
        v.taken.extend(view.get("taken", ()))
        v.taken_points = view.get("taken_points", 0)
        for cards in view.get("all_hands", ()):
            v.all_hands.add(cards=cards)
        for cards in view.get("all_taken", ()):
            v.all_taken.add(cards=cards)
        v.draw_order.extend(view.get("draw_order", ()))

    def fill_event(self, out: pb.Event, event: Event) -> bool:
        """Copy a rules event into ``out.inferno``; ``False`` for a kind the API lacks."""
        e, d, kind = out.inferno, event.data, event.kind
        if kind == "round_start":
            r = e.round_start
            r.SetInParent()
            r.round, r.decisive, r.starter = d["round"], d["decisive"], d["starter"]
            r.contenders.extend(d["contenders"])
            r.draw_pile = d["draw_pile"]
        elif kind == "hand_dealt":
            e.hand_dealt.seat = d["seat"]
            e.hand_dealt.cards.extend(d["cards"])
        elif kind == "lead":
            e.lead.seat, e.lead.card = d["seat"], d["card"]
        elif kind == "add":
            e.add.seat, e.add.card = d["seat"], d["card"]
        elif kind == "out":
            e.out.seat = d["seat"]
            e.out.SetInParent()
        elif kind == "take":
            t = e.take
            t.seat, t.stack_size = d["seat"], d["stack_size"]
            t.cards.extend(d["cards"])
            t.drawn.extend(d["drawn"])
        elif kind == "round_end":
            r = e.round_end
            r.round, r.decisive = d["round"], d["decisive"]
            r.points.extend(d["points"])
            for stack in d["stacks"]:
                r.stacks.add(cards=stack)
            r.totals.extend(d["totals"])
        elif kind == "match_end":
            e.match_end.totals.extend(d["totals"])
            e.match_end.ranking.extend(d["ranking"])
            e.match_end.winners.extend(d["winners"])
        else:
            return False
        return True

    def move_text(self, msg: pb.Action) -> str:
        """A move in the players' words: ``play BLUE-5-c2``, ``take``."""
        kind = msg.inferno.WhichOneof("kind")
        if kind == "play":
            return f"play {msg.inferno.play.card}"
        if kind == "take":
            return "take"
        return ""

    def view_dict(self, reply: pb.GetViewResponse) -> dict[str, Any]:
        """The other way: a GetView answer back into the rules core's view dict (what bots
        read), equal to the rules' own ``game.view`` for that viewer."""
        return _view_dict(reply)

    # ------------------------------------------------------------------ bus and audit
    def public_action(self, state: Any, action: Action) -> dict[str, Any]:
        """Every Inferno move is made face up, so the bus names it as played."""
        return {"kind": action.kind, "arg": action.arg}

    def round_score(self, state: Any, event: Event) -> dict[str, Any] | None:
        """The bus's ``table.round_scored`` payload for a ``round_end`` event, else ``None``.

        ``points`` are penalty points (lower is better); ``scores`` are each seat's running
        match score, the regular rounds' total, as the match's result reports it (rules §6: a
        decisive round only breaks a tie for first place, so it adds nothing). ``detail`` has
        the shape of the rules core's ``RoundScore.detail``: ``{"decisive": bool}``.
        """
        if event.kind != "round_end":
            return None
        number = event.data["round"]
        scores = [0] * len(event.data["points"])
        for _round_no, decisive, points in state.history[:number]:
            if not decisive:
                scores = [a + b for a, b in zip(scores, points, strict=True)]
        return {
            "game": self.game,
            "round": number,
            "points": list(event.data["points"]),
            "scores": scores,
            "detail": {"decisive": event.data["decisive"]},
        }

    def replay_actions(self, events: list[tuple[int, Event]]) -> list[tuple[int, Action]]:
        """The moves of a game, rebuilt from its full log (``lead``, ``add``, ``take``)."""
        moves: list[tuple[int, Action]] = []
        for _version, event in events:
            if event.kind in ("lead", "add"):
                moves.append((event.data["seat"], Action("play", event.data["card"])))
            elif event.kind == "take":
                moves.append((event.data["seat"], Action("take")))
        return moves


CODEC = InfernoCodec()


def _view_dict(reply: pb.GetViewResponse) -> dict[str, Any]:
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
