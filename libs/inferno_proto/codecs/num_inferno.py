"""Num Inferno: proto ⇄ rules core. Actions ``Play{cards}``/``Pass``, the view, the events.

Only shapes change here: what a viewer may see was already decided by the rules' ``view`` (the
seat's own hand, every hand for operators) and ``visible_events`` (each dealt ``hand`` to its
owner); this module copies fields and never looks at hidden state. Every move is made in the
open, so the bus may name each one as it is.
"""

from __future__ import annotations

from typing import Any, Final

from inferno_proto import engine_pb2 as pb
from inferno_proto import num_inferno_pb2 as num
from inferno_rules import Action, Event

from .common import action_branch, no_message, options_branch
from .errors import CodecError

#: The rules' option name (docs/games/num-inferno.md).
ROUNDS: Final = "ROUNDS"
#: Rules event kind → the field of ``NumInfernoEvent`` that carries it (``pass`` is a Python
#: keyword and ``play`` names the action; the events read as what happened).
EVENT_FIELDS: Final = {
    "deal": "deal",
    "hand": "hand",
    "play": "play",
    "pass": "passed",
    "trick_won": "trick_won",
    "lead_passed": "lead_passed",
    "finish": "finish",
    "blocked": "blocked",
    "round_end": "round_end",
    "game_over": "game_over",
}


class NumInfernoCodec:
    game = "num_inferno"

    # ------------------------------------------------------------------ requests
    def options(self, msg: pb.GameOptions) -> dict[str, object]:
        opts = options_branch(msg, self.game)
        raw: dict[str, object] = {}
        if opts is not None and opts.HasField("rounds"):
            raw[ROUNDS] = opts.rounds
        return raw

    def action(self, msg: pb.Action) -> Action:
        """The move in ``msg``; a malformed one raises :class:`CodecError`."""
        move = action_branch(msg, self.game, "a Num Inferno")
        kind = move.WhichOneof("kind")
        if kind == "play":
            cards = list(move.play.cards)
            if not cards:
                raise CodecError("name at least one card to play", reason="no_cards")
            if any(not card for card in cards):
                raise CodecError("a card name is empty", reason="not_a_card")
            return Action("play", cards)
        if kind == "pass_turn":
            return Action("pass", None)
        raise CodecError("choose a move: play or pass_turn", reason="empty_action")

    # ------------------------------------------------------------------ answers
    def action_message(self, action: Action) -> pb.Action:
        out = pb.Action()
        if action.kind == "play":
            out.num_inferno.play.cards.extend(action.arg)
        elif action.kind == "pass":
            out.num_inferno.pass_turn.SetInParent()
        else:
            raise no_message(self.game, action.kind)
        return out

    def fill_view(self, out: pb.GetViewResponse, view: dict[str, Any]) -> None:
        v = out.num_inferno
        v.phase = view["phase"]
        v.round = view["round"]
        v.rounds = view["rounds"]
        v.starter = view["starter"]
        v.hand_sizes.extend(view["hand_sizes"])
        v.direction = view["direction"]
        for key in ("req_count", "ref_value", "last_player"):
            if view[key] is not None:
                setattr(v, key, view[key])
        v.status = view["status"]
        _plays(v.trick, view["trick"])
        v.passed.extend(view["passed"])
        last = view["last_trick"]
        v.last_trick.SetInParent()
        _plays(v.last_trick.plays, last["plays"])
        if last["winner"] is not None:
            v.last_trick.winner = last["winner"]
        v.finished.extend(view["finished"])
        v.blocked.extend(view["blocked"])
        v.totals.extend(view["totals"])
        v.round_wins.extend(view["round_wins"])
        for record in view["history"]:
            v.history.add(
                round=record["round"],
                points=record["points"],
                order=record["order"],
                blocked=record["blocked"],
            )
        v.hand.extend(view.get("hand", ()))
        v.classic_in_hand = view.get("classic_in_hand", 0)
        for hand in view.get("hands", ()):
            v.hands.add(cards=hand)

    def fill_event(self, out: pb.Event, event: Event) -> bool:
        """Copy a rules event into ``out.num_inferno``; ``False`` for a kind the API lacks."""
        field = EVENT_FIELDS.get(event.kind)
        if field is None:
            return False
        e, d = getattr(out.num_inferno, field), event.data
        e.SetInParent()
        if isinstance(e, num.NumInfernoEvent.Deal):
            e.round, e.rounds, e.starter = d["round"], d["rounds"], d["starter"]
            e.hand_sizes.extend(d["hand_sizes"])
        elif isinstance(e, num.NumInfernoEvent.Hand):
            e.seat = d["seat"]
            e.cards.extend(d["cards"])
        elif isinstance(e, num.NumInfernoEvent.Played):
            e.seat, e.top, e.left = d["seat"], d["top"], d["left"]
            e.cards.extend(d["cards"])
            e.effects.extend(d["effects"])
        elif isinstance(e, num.NumInfernoEvent.LeadPassed):
            e.skipped.extend(d["skipped"])
            e.to_seat = d["to"]
        elif isinstance(e, num.NumInfernoEvent.Finish):
            e.seat, e.rank = d["seat"], d["rank"]
        elif isinstance(e, num.NumInfernoEvent.RoundEnd):
            e.round = d["round"]
            if d["winner"] is not None:
                e.winner = d["winner"]
            e.order.extend(d["order"])
            e.blocked.extend(d["blocked"])
            e.ranks.extend(d["ranks"])
            e.points.extend(d["points"])
            e.totals.extend(d["totals"])
        elif isinstance(e, num.NumInfernoEvent.GameOver):
            e.totals.extend(d["totals"])
            e.round_wins.extend(d["round_wins"])
            e.ranking.extend(d["ranking"])
            e.winners.extend(d["winners"])
        else:  # passed, trick_won, blocked: the seat alone
            e.seat = d["seat"]
        return True

    def move_text(self, msg: pb.Action) -> str:
        """A move in the players' words: ``play 8R 8V JOKER1 8RB`` (the cards in the order put
        down, the last on top), ``pass``."""
        move = msg.num_inferno
        kind = move.WhichOneof("kind")
        if kind == "play":
            return "play " + " ".join(move.play.cards)
        if kind == "pass_turn":
            return "pass"
        return ""

    def read_move(self, text: str, legal: list[pb.Action]) -> pb.Action | None:
        """A play typed with the cards of a legal play in another order (``legal_actions``
        lists a few orders of a group; the rules accept them all), with or without the word
        ``play``: ``play 8v 8rb 8r`` or ``8v 8rb 8r``. The cards keep the order typed (the last
        is the top card). ``None`` when no legal play holds exactly these cards."""
        words = text.lower().split()
        if words[:1] == ["play"]:
            words = words[1:]
        if not words:
            return None
        for action in legal:
            cards = list(action.num_inferno.play.cards)
            if sorted(c.lower() for c in cards) == sorted(words):
                spelled = {c.lower(): c for c in cards}
                return self.action_message(Action("play", [spelled[w] for w in words]))
        return None

    def view_dict(self, reply: pb.GetViewResponse) -> dict[str, Any]:
        """The other way: a GetView answer back into the rules core's view dict (what bots
        read), equal to the rules' own ``game.view`` for that viewer."""
        return _view_dict(reply)

    # ------------------------------------------------------------------ bus and audit
    def public_action(self, state: Any, action: Action) -> dict[str, Any]:
        """The move as the bus may tell it: every play is put down face up."""
        return {"kind": action.kind, "arg": action.arg}

    def round_score(self, state: Any, event: Event) -> dict[str, Any] | None:
        """The bus's ``table.round_scored`` payload for a ``round_end`` event, else ``None``.

        ``scores`` are the match totals after the round; ``detail`` has the shape of the rules
        core's ``RoundScore.detail``: ``order``, ``blocked``, ``winner``.
        """
        if event.kind != "round_end":
            return None
        d = event.data
        return {
            "game": self.game,
            "round": d["round"],
            "points": list(d["points"]),
            "scores": list(d["totals"]),
            "detail": {
                "order": list(d["order"]),
                "blocked": list(d["blocked"]),
                "winner": d["winner"],
            },
        }

    def replay_actions(self, events: list[tuple[int, Event]]) -> list[tuple[int, Action]]:
        """The moves of a game, rebuilt from its log: each ``play`` and ``pass`` event is one
        move (lead passing and the deals follow from them and the seed)."""
        moves: list[tuple[int, Action]] = []
        for _version, event in events:
            if event.kind == "play":
                moves.append((event.data["seat"], Action("play", list(event.data["cards"]))))
            elif event.kind == "pass":
                moves.append((event.data["seat"], Action("pass", None)))
        return moves


CODEC = NumInfernoCodec()


def _plays(into: Any, plays: list[dict[str, Any]]) -> None:
    for played in plays:
        into.add(seat=played["seat"], cards=played["cards"], top=played["top"])


def _read_plays(plays: Any) -> list[dict[str, Any]]:
    return [{"seat": p.seat, "cards": list(p.cards), "top": p.top} for p in plays]


def _optional(msg: Any, field: str) -> int | None:
    return getattr(msg, field) if msg.HasField(field) else None


def _view_dict(reply: pb.GetViewResponse) -> dict[str, Any]:
    """A Num Inferno view as the rules core's ``game.view`` would have given it."""
    v = reply.num_inferno
    view: dict[str, Any] = {
        "game": "num_inferno",
        "players": len(v.hand_sizes),
        "phase": v.phase,
        "round": v.round,
        "rounds": v.rounds,
        "starter": v.starter,
        "hand_sizes": list(v.hand_sizes),
        "direction": v.direction,
        "req_count": _optional(v, "req_count"),
        "ref_value": _optional(v, "ref_value"),
        "status": v.status,
        "trick": _read_plays(v.trick),
        "passed": list(v.passed),
        "last_player": _optional(v, "last_player"),
        "last_trick": {
            "plays": _read_plays(v.last_trick.plays),
            "winner": _optional(v.last_trick, "winner"),
        },
        "finished": list(v.finished),
        "blocked": list(v.blocked),
        "totals": list(v.totals),
        "round_wins": list(v.round_wins),
        "history": [
            {
                "round": h.round,
                "points": list(h.points),
                "order": list(h.order),
                "blocked": list(h.blocked),
            }
            for h in v.history
        ],
        "to_act": list(reply.decision.seats),
    }
    if reply.HasField("your_seat"):  # a spectator's view has no seat and no hand
        view["seat"] = reply.your_seat
        view["hand"] = list(v.hand)
        view["classic_in_hand"] = v.classic_in_hand
    elif v.hands:  # the operators' full view: every seat's hand
        view["hands"] = [list(h.cards) for h in v.hands]
    return view
