"""Oh Hell: proto ⇄ rules core. Actions ``Bid{count}``/``Play{card}``, the view, the events.

Only shapes change here: what a viewer may see was already decided by the rules' ``view`` and
``visible_events``; this module copies fields and never looks at hidden state, with one
exception, :meth:`OhHellCodec.public_action`, which decides whether a move may be named on
the bus (a sealed bid may not).
"""

from __future__ import annotations

from typing import Any

from inferno_proto import engine_pb2 as pb
from inferno_proto import oh_hell_pb2 as oh
from inferno_proto.options import options_from_proto
from inferno_rules import Action, Event, get_game, validate_options
from inferno_rules.cards import NAME

from .common import action_branch, no_message, options_branch
from .errors import CodecError

INFO = get_game("oh_hell").info

ORDERS = {
    oh.OH_HELL_ORDER_ASC: "ASC",
    oh.OH_HELL_ORDER_DESC: "DESC",
    oh.OH_HELL_ORDER_UP_DOWN: "UP_DOWN",
    oh.OH_HELL_ORDER_DOWN_UP: "DOWN_UP",
}
ORDER_ENUM = {name: value for value, name in ORDERS.items()}
FLAGS = {
    "hook": "HOOK",
    "simultaneous_bids": "SIMULTANEOUS_BIDS",
    "la_podrida": "LA_PODRIDA",
    "miss_scores_tricks": "MISS_SCORES_TRICKS",
    "zero_bid_alt": "ZERO_BID_ALT",
}


class OhHellCodec:
    game = "oh_hell"

    # ------------------------------------------------------------------ requests
    def options(self, msg: pb.GameOptions) -> dict[str, object]:
        opts = options_branch(msg, self.game)
        if opts is None:
            return {}
        raw: dict[str, object] = {}
        if opts.order != oh.OH_HELL_ORDER_UNSPECIFIED:
            if opts.order not in ORDERS:
                raise CodecError(
                    f"option ORDER must be one of {', '.join(ORDER_ENUM)}; got {opts.order}",
                    reason="bad_option",
                )
            raw["ORDER"] = ORDERS[opts.order]
        for field, option in FLAGS.items():
            if opts.HasField(field):
                raw[option] = getattr(opts, field)
        return raw

    def action(self, msg: pb.Action) -> Action:
        move = action_branch(msg, self.game, "an Oh Hell")
        kind = move.WhichOneof("kind")
        if kind == "bid":
            return Action("bid", move.bid.count)
        if kind == "play":
            return Action("play", move.play.card)
        raise CodecError("choose an action: bid or play", reason="empty_action")

    # ------------------------------------------------------------------ answers
    def action_message(self, action: Action) -> pb.Action:
        out = pb.Action()
        if action.kind == "bid":
            out.oh_hell.bid.count = action.arg
        elif action.kind == "play":
            out.oh_hell.play.card = action.arg
        else:
            raise no_message(self.game, action.kind)
        return out

    def fill_view(self, out: pb.GetViewResponse, view: dict[str, Any]) -> None:
        v = out.oh_hell
        v.phase = view["phase"]
        v.hand_number = view["hand_number"]
        v.hands_total = view["hands_total"]
        v.cards_this_hand = view["cards_this_hand"]
        v.dealer = view["dealer"]
        v.trump_card = view["trump_card"] or ""
        tricks = view["tricks_won"]
        for seat in range(view["players"]):
            s = v.seats.add(
                seat=seat,
                has_bid=view["has_bid"][seat],
                hand_size=view["hand_sizes"][seat],
                score=view["scores"][seat],
                tricks_won=tricks[seat] if tricks else 0,
            )
            if view["bids"][seat] is not None:
                s.bid = view["bids"][seat]
        v.trick_leader = view["trick_leader"]
        for played in view["current_trick"]:
            v.current_trick.add(seat=played["seat"], card=played["card"])
        if view["last_trick"]:
            last = view["last_trick"]
            v.last_trick.leader = last["leader"]
            v.last_trick.cards.extend(last["cards"])
            v.last_trick.winner = last["winner"]
        for record in view["history"]:
            v.history.add(
                cards=record["cards"],
                dealer=record["dealer"],
                trump_suit=record["trump_suit"] or "",
                bids=record["bids"],
                won=record["won"],
                points=record["points"],
            )
        v.hand.extend(view.get("hand", ()))
        options = view["options"]
        v.options.order = ORDER_ENUM[options["ORDER"]]
        for field, option in FLAGS.items():
            setattr(v.options, field, options[option])
        for hand in view.get("all_hands", ()):
            v.all_hands.add(cards=hand)

    def fill_event(self, out: pb.Event, event: Event) -> bool:
        """Copy a rules event into ``out.oh_hell``; ``False`` for a kind the API lacks."""
        e, d, kind = out.oh_hell, event.data, event.kind
        if kind == "hand_start":
            e.hand_start.SetInParent()
            h = e.hand_start
            h.hand, h.hands, h.dealer, h.cards = d["hand"], d["hands"], d["dealer"], d["cards"]
            h.trump = d["trump"] or ""
        elif kind == "hand_dealt":
            e.hand_dealt.seat = d["seat"]
            e.hand_dealt.cards.extend(d["cards"])
        elif kind == "bid":
            e.bid.seat, e.bid.bid = d["seat"], d["bid"]
        elif kind == "bid_sealed":
            e.bid_sealed.seat = d["seat"]
        elif kind == "bids_revealed":
            e.bids_revealed.bids.extend(d["bids"])
        elif kind == "play":
            e.play.seat, e.play.card = d["seat"], d["card"]
        elif kind == "trick_won":
            e.trick_won.seat = d["seat"]
            e.trick_won.cards.extend(d["cards"])
        elif kind == "hand_scored":
            s = e.hand_scored
            s.hand = d["hand"]
            s.bids.extend(d["bids"])
            s.won.extend(d["won"])
            s.points.extend(d["points"])
            s.scores.extend(d["scores"])
        elif kind == "game_end":
            e.game_end.scores.extend(d["scores"])
            e.game_end.ranking.extend(d["ranking"])
            e.game_end.winners.extend(d["winners"])
        else:
            return False
        return True

    def move_text(self, msg: pb.Action) -> str:
        """A move in the players' words: ``bid 2``, ``play 10H`` (what the client prints and
        reads back; every legal move's text names it alone)."""
        move = msg.oh_hell
        kind = move.WhichOneof("kind")
        if kind == "bid":
            return f"bid {move.bid.count}"
        if kind == "play":
            return f"play {move.play.card}"
        return ""

    def view_dict(self, reply: pb.GetViewResponse) -> dict[str, Any]:
        """The other way: a GetView answer back into the rules core's view dict (what bots
        read), equal to the rules' own ``game.view`` for that viewer."""
        return _view_dict(reply)

    # ------------------------------------------------------------------ bus and audit
    def public_action(self, state: Any, action: Action) -> dict[str, Any]:
        """The move as the bus may tell it: a sealed bid's number stays secret."""
        sealed = state.simultaneous and state.phase == "bidding" and action.kind == "bid"
        return {"kind": action.kind, "arg": None if sealed else action.arg}

    def round_score(self, state: Any, event: Event) -> dict[str, Any] | None:
        """The bus's ``table.round_scored`` payload for a ``hand_scored`` event, else ``None``.

        ``detail`` has the shape of the rules core's ``RoundScore.detail`` (see ``result``).
        """
        if event.kind != "hand_scored":
            return None
        k, dealer, trump, bids, won, points = state.history[event.data["hand"] - 1]
        return {
            "game": self.game,
            "round": event.data["hand"],
            "points": list(points),
            "scores": list(event.data["scores"]),
            "detail": {
                "cards": k,
                "dealer": dealer,
                "trump": None if trump < 0 else NAME[trump],
                "bids": list(bids),
                "won": list(won),
            },
        }

    def replay_actions(self, events: list[tuple[int, Event]]) -> list[tuple[int, Action]]:
        """The moves of a game, rebuilt from its full log (``bid`` and ``play`` events)."""
        moves: list[tuple[int, Action]] = []
        for _version, event in events:
            if event.kind == "bid":
                moves.append((event.data["seat"], Action("bid", event.data["bid"])))
            elif event.kind == "play":
                moves.append((event.data["seat"], Action("play", event.data["card"])))
        return moves


CODEC = OhHellCodec()


def _view_dict(reply: pb.GetViewResponse) -> dict[str, Any]:
    """An Oh Hell seat's view as the rules core's ``game.view`` would have given it."""
    v = reply.oh_hell
    players = len(v.seats)
    last = v.last_trick if v.HasField("last_trick") else None
    view: dict[str, Any] = {
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
    }
    if reply.HasField("your_seat"):  # a spectator's view has no seat and no hand
        view["seat"] = reply.your_seat
        view["hand"] = list(v.hand)
    return view
