"""Burn in Hell: proto ⇄ rules core. Eleven seat commands, the view, the events, the replay.

Only shapes change here: what a viewer may see was already decided by the rules' ``view`` (the
seat's own Circles, the discard pile for its digger) and ``visible_events`` (``circle_contents``
to the owner, ``dig_pile`` to the digger); this module copies fields and never looks at hidden
state, with one exception, :meth:`BurnInHellCodec.public_action`, which keeps a new
Circle's cards off the bus.

Time enters the rules only as ``Action("tick", ms)`` by the clock actor, which the engine
applies itself: no proto message maps to a tick, so no client can send one.
"""

from __future__ import annotations

from typing import Any, Final

from inferno_proto import burn_in_hell_pb2 as bih
from inferno_proto import engine_pb2 as pb
from inferno_rules import CLOCK, Action, Event

from .common import action_branch, no_message, options_branch
from .errors import CodecError

#: The rules' option names (docs/games/burn-in-hell.md).
DEAL_INTERVAL: Final = "DEAL_INTERVAL_MS"
MATCH: Final = "MATCH"
MATCHES: Final = {
    bih.BURN_IN_HELL_MATCH_SERIES: "SERIES",
    bih.BURN_IN_HELL_MATCH_OPEN: "OPEN",
}
MATCH_ENUM: Final = {name: value for value, name in MATCHES.items()}

#: Commands whose argument is a list of cards, and the words for their errors.
CARD_LISTS: Final = {"grab": "grab", "release": "release", "form_circle": "form a Circle with"}
#: Commands naming one card.
ONE_CARD: Final = {"dig_pick": "dig up", "discard_special": "discard"}
#: Commands naming a pending offer.
ANSWERS: Final = ("accept", "reject", "withdraw")
#: Event kinds only a seat command causes (each names its command); see ``replay_actions``.
COMMAND_EVENTS: Final = frozenset(
    {
        "grabbed",
        "circle_formed",
        "offer_made",
        "offer_accepted",
        "offer_rejected",
        "offer_withdrawn",
        "special_played",
        "dig_picked",
        "special_discarded",
    }
)


def _cards(kind: str, cards: Any) -> list[str]:
    found = list(cards)
    if not found:
        raise CodecError(f"name at least one card to {CARD_LISTS[kind]}", reason="no_cards")
    if any(not card for card in found):
        raise CodecError("a card name is empty", reason="not_a_card")
    return found


def _card(card: str, what: str) -> str:
    if not card:
        raise CodecError(f"name the card to {what}", reason="no_card")
    return card


class BurnInHellCodec:
    game = "burn_in_hell"

    # ------------------------------------------------------------------ requests
    def options(self, msg: pb.GameOptions) -> dict[str, object]:
        opts = options_branch(msg, self.game)
        if opts is None:
            return {}
        raw: dict[str, object] = {}
        if opts.HasField("deal_interval_ms"):
            raw[DEAL_INTERVAL] = opts.deal_interval_ms
        if opts.match != bih.BURN_IN_HELL_MATCH_UNSPECIFIED:
            if opts.match not in MATCHES:
                raise CodecError(
                    f"option {MATCH} must be one of {', '.join(MATCH_ENUM)}; got {opts.match}",
                    reason=f"bad_option:{MATCH}",
                )
            raw[MATCH] = MATCHES[opts.match]
        return raw

    def action(self, msg: pb.Action) -> Action:
        """The seat command in ``msg``; a malformed one raises :class:`InvalidArgument`."""
        a = action_branch(msg, self.game, "a Burn in Hell")
        kind = a.WhichOneof("kind")
        if kind in CARD_LISTS:
            return Action(kind, _cards(kind, getattr(a, kind).cards))
        if kind == "offer":
            if not a.offer.HasField("to_seat"):
                raise CodecError(
                    "an offer needs the seat it is made to (to_seat)", reason="no_recipient"
                )
            return Action(
                "offer",
                {"to": a.offer.to_seat, "give": list(a.offer.give), "want": list(a.offer.want)},
            )
        if kind in ANSWERS:
            offer_id = getattr(a, kind).offer_id
            if offer_id == 0:
                raise CodecError(
                    f"name the offer to {kind} (offer_id, from its offer_made event)",
                    reason="no_offer_id",
                )
            return Action(kind, offer_id)
        if kind == "play_special":
            p = a.play_special
            return Action(
                "play_special",
                {
                    "card": _card(p.card, "play"),
                    "victim": p.victim if p.HasField("victim") else None,
                    "target": p.target if p.HasField("target") else None,
                },
            )
        if kind in ONE_CARD:
            return Action(kind, _card(getattr(a, kind).card, ONE_CARD[kind]))
        if kind == "finished":
            return Action("finished", a.finished.on)
        raise CodecError(
            "choose a command: grab, release, form_circle, offer, accept, reject, withdraw, "
            "play_special, dig_pick, discard_special or finished",
            reason="empty_action",
        )

    # ------------------------------------------------------------------ answers
    def action_message(self, action: Action) -> pb.Action:
        """The proto of a seat command (a tick, which no client sends, gives an empty one)."""
        out = pb.Action()
        a, kind, arg = out.burn_in_hell, action.kind, action.arg
        if kind in CARD_LISTS:
            getattr(a, kind).cards.extend(arg)
        elif kind == "offer":
            a.offer.to_seat = arg["to"]
            a.offer.give.extend(arg.get("give", ()))
            a.offer.want.extend(arg.get("want", ()))
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
        elif kind == "tick":
            return pb.Action()
        else:
            raise no_message(self.game, kind)
        return out

    def fill_view(self, out: pb.GetViewResponse, view: dict[str, Any]) -> None:
        v = out.burn_in_hell
        v.phase = view["phase"]
        v.round = view["round"]
        v.rounds = view["rounds"]
        v.match = MATCH_ENUM[view["match"]]
        v.now = view["now"]
        v.deal_interval_ms = view["deal_interval_ms"]
        v.round_starts_at = view["round_starts_at"]
        v.first_seat = view["first_seat"]
        for key in ("next_deal_at", "paused_until", "ends_by_e1_at"):
            if view[key] is not None:
                setattr(v, key, view[key])
        v.deck_count = view["deck_count"]
        v.discard_count = view["discard_count"]
        v.discard_top = view["discard_top"] or ""
        for seat in view["seats"]:
            s = v.seats.add(
                seat=seat["seat"],
                table=seat["table"],
                held=seat["held"],
                holding=seat["holding"],
                finished=seat["finished"],
                circles=seat["circles"],
            )
            if seat["hold_until"] is not None:
                s.hold_until = seat["hold_until"]
            if seat["grab_cooldown_until"] is not None:
                s.grab_cooldown_until = seat["grab_cooldown_until"]
        for offer in view["offers"]:
            v.offers.add(
                id=offer["id"],
                from_seat=offer["from"],
                to_seat=offer["to"],
                give=offer["give"],
                want=offer["want"],
                expires_at=offer["expires_at"],
            )
        for dig in view["digs"]:
            v.digs.add(seat=dig["seat"], until=dig["until"])
        v.totals.extend(view["totals"])
        for record in view["history"]:
            v.history.add(round=record["round"], reason=record["reason"], points=record["points"])
        v.winners.extend(view["winners"])
        for cards in view.get("my_circles", ()):
            v.my_circles.add(cards=cards)
        if "dig_pile" in view:
            v.digging = True
            v.dig_pile.extend(view["dig_pile"])
        for circles in view.get("all_circles", ()):
            v.all_circles.add().circles.extend(bih.BurnInHellCircle(cards=c) for c in circles)
        v.discard.extend(view.get("discard", ()))
        v.deck.extend(view.get("deck", ()))

    def fill_event(self, out: pb.Event, event: Event) -> bool:
        """Copy a rules event into ``out.burn_in_hell``; ``False`` for a kind the API lacks."""
        e, d, kind = out.burn_in_hell, event.data, event.kind
        if kind == "round_countdown":
            e.round_countdown.SetInParent()
            r = e.round_countdown
            r.round, r.rounds, r.starts_at = d["round"], d["rounds"], d["starts_at"]
            r.first_seat = d["first_seat"]
        elif kind == "round_started":
            e.round_started.SetInParent()
            r2 = e.round_started
            r2.round, r2.deck, r2.first_seat = d["round"], d["deck"], d["first_seat"]
        elif kind == "dealt":
            e.dealt.SetInParent()
            e.dealt.seat, e.dealt.card, e.dealt.deck = d["seat"], d["card"], d["deck"]
            e.dealt.skipped.extend(d["skipped"])
        elif kind == "deal_skipped":
            e.deal_skipped.SetInParent()
            e.deal_skipped.skipped.extend(d["skipped"])
            e.deal_skipped.deck = d["deck"]
        elif kind == "deck_empty":
            e.deck_empty.SetInParent()
            e.deck_empty.ends_by_e1_at = d["ends_by_e1_at"]
        elif kind == "grabbed":
            e.grabbed.SetInParent()
            e.grabbed.seat, e.grabbed.hold_until = d["seat"], d["hold_until"]
            e.grabbed.cards.extend(d["cards"])
        elif kind == "released":
            e.released.SetInParent()
            e.released.seat, e.released.auto = d["seat"], d["auto"]
            e.released.cards.extend(d["cards"])
        elif kind == "hold_ended":
            e.hold_ended.SetInParent()
            e.hold_ended.seat, e.hold_ended.cooldown_until = d["seat"], d["cooldown_until"]
        elif kind == "circle_formed":
            e.circle_formed.SetInParent()
            c = e.circle_formed
            c.seat, c.size, c.circles = d["seat"], d["size"], d["circles"]
        elif kind == "circle_contents":
            e.circle_contents.SetInParent()
            cc = e.circle_contents
            cc.seat, cc.index, cc.type = d["seat"], d["index"], d["type"]
            cc.cards.extend(d["cards"])
        elif kind in ("offer_made", "offer_accepted"):
            o = getattr(e, kind)
            o.SetInParent()
            o.offer, o.from_seat, o.to_seat = d["offer"], d["from"], d["to"]
            o.give.extend(d["give"])
            o.want.extend(d["want"])
            if kind == "offer_made":
                o.expires_at = d["expires_at"]
        elif kind in ("offer_rejected", "offer_withdrawn", "offer_expired"):
            closed = getattr(e, kind)
            closed.SetInParent()
            closed.offer, closed.from_seat, closed.to_seat = d["offer"], d["from"], d["to"]
        elif kind == "offer_voided":
            e.offer_voided.SetInParent()
            ov = e.offer_voided
            ov.offer, ov.from_seat, ov.to_seat, ov.card = d["offer"], d["from"], d["to"], d["card"]
        elif kind == "special_played":
            e.special_played.SetInParent()
            sp = e.special_played
            sp.seat, sp.card = d["seat"], d["card"]
            if d["victim"] is not None:
                sp.victim = d["victim"]
            if d["target"] is not None:
                sp.target = d["target"]
        elif kind == "deal_paused":
            e.deal_paused.SetInParent()
            e.deal_paused.seat = d["seat"]
            if d["until"] is not None:
                e.deal_paused.until = d["until"]
        elif kind == "deal_resumed":
            e.deal_resumed.SetInParent()
        elif kind in ("soul_stolen", "special_stolen"):
            taken = getattr(e, kind)
            taken.SetInParent()
            taken.thief, taken.victim, taken.card = d["thief"], d["victim"], d["card"]
        elif kind == "lake_of_fire":
            e.lake_of_fire.SetInParent()
            lf = e.lake_of_fire
            lf.seat, lf.victim, lf.card = d["seat"], d["victim"], d["card"]
        elif kind == "dig_opened":
            e.dig_opened.SetInParent()
            e.dig_opened.seat, e.dig_opened.until = d["seat"], d["until"]
        elif kind == "dig_pile":
            e.dig_pile.SetInParent()
            e.dig_pile.seat = d["seat"]
            e.dig_pile.cards.extend(d["cards"])
        elif kind in ("dig_picked", "dig_expired", "special_discarded"):
            sc = getattr(e, kind)
            sc.SetInParent()
            sc.seat, sc.card = d["seat"], d["card"]
        elif kind == "finished_flag":
            e.finished_flag.SetInParent()
            e.finished_flag.seat, e.finished_flag.on = d["seat"], d["on"]
        elif kind == "round_scored":
            e.round_scored.SetInParent()
            rs = e.round_scored
            rs.round, rs.reason = d["round"], d["reason"]
            rs.points.extend(d["points"])
            rs.totals.extend(d["totals"])
            for circles in d["circles"]:
                rs.circles.add().circles.extend(bih.BurnInHellCircle(cards=c) for c in circles)
            rs.discard.extend(d["discard"])
        elif kind == "game_over":
            e.game_over.SetInParent()
            e.game_over.totals.extend(d["totals"])
            e.game_over.ranking.extend(d["ranking"])
            e.game_over.winners.extend(d["winners"])
        else:
            return False
        e.at = d["at"]
        return True

    def move_text(self, msg: pb.Action) -> str:
        """A command in the players' words: ``grab P1``, ``circle P1 P2 P3``, ``offer 2 give P1
        want G3``, ``accept 4``, ``special LAKE-1 on 2 W4``, ``dig W4``, ``discard
        SHADOW-1``, ``finished on``."""
        move = msg.burn_in_hell
        kind = move.WhichOneof("kind")
        if kind in CARD_LISTS:
            cards = " ".join(getattr(move, kind).cards)
            return f"{'circle' if kind == 'form_circle' else kind} {cards}"
        if kind == "offer":
            o = move.offer
            give, want = " ".join(o.give) or "-", " ".join(o.want) or "-"
            return f"offer {o.to_seat} give {give} want {want}"
        if kind in ANSWERS:
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

    def view_dict(self, reply: pb.GetViewResponse) -> dict[str, Any]:
        """The other way: a GetView answer back into the rules core's view dict (what bots
        read), equal to the rules' own ``game.view`` for that viewer."""
        return _view_dict(reply)

    # ------------------------------------------------------------------ bus and audit
    def public_action(self, state: Any, action: Action) -> dict[str, Any]:
        """The move as the bus may tell it. Every command is made in the open except a new
        Circle, whose cards are face down: its ``arg`` is ``None`` (its size is public in the
        ``circle_formed`` event). A tick is told with its game time."""
        if action.kind == "form_circle":
            return {"kind": "form_circle", "arg": None}
        return {"kind": action.kind, "arg": action.arg}

    def round_score(self, state: Any, event: Event) -> dict[str, Any] | None:
        """The bus's ``table.round_scored`` payload for a ``round_scored`` event, else ``None``.

        ``scores`` are the match totals after the round; ``detail`` has the shape of the rules
        core's ``RoundScore.detail``: ``{"reason": "E1" | "E2" | "E3"}``.
        """
        if event.kind != "round_scored":
            return None
        d = event.data
        return {
            "game": self.game,
            "round": d["round"],
            "points": list(d["points"]),
            "scores": list(d["totals"]),
            "detail": {"reason": d["reason"]},
        }

    def replay_actions(self, events: list[tuple[int, Event]]) -> list[tuple[int, Action]]:
        """The moves of a game, rebuilt from its full log (private events included).

        Each version after the first holds one clock tick and at most one seat command after
        it, at the tick's time (the engine ticks to the current time right before a command).
        A version gives ``(CLOCK, tick)`` and then the command, if any: the command's time is
        the ``at`` of its first event; a version of the clock alone ticks to its last event's
        ``at`` (every due item leaves an event at its own time, so the same items fall due).
        The command is found by the event only a command causes (``grabbed``,
        ``offer_made``…), a ``released`` that is not ``auto``, or a ``finished_flag`` that no
        deal caused.
        """
        moves: list[tuple[int, Action]] = []
        version_events: dict[int, list[Event]] = {}
        for version, event in events:
            version_events.setdefault(version, []).append(event)
        for batch in version_events.values():
            found = _command(batch)
            if found is None:
                moves.append((CLOCK, Action("tick", batch[-1].data["at"])))
                continue
            index, seat, action = found
            moves.append((CLOCK, Action("tick", batch[index].data["at"])))
            moves.append((seat, action))
        return moves


def _command(batch: list[Event]) -> tuple[int, int, Action] | None:
    """The seat command of one version's events: (index of its first event, seat, action)."""
    for i, event in enumerate(batch):
        d, kind = event.data, event.kind
        if kind == "grabbed":
            return i, d["seat"], Action("grab", list(d["cards"]))
        if kind == "released" and not d["auto"]:
            return i, d["seat"], Action("release", list(d["cards"]))
        if kind == "circle_formed":
            contents = next(e for e in batch[i:] if e.kind == "circle_contents")
            return i, d["seat"], Action("form_circle", list(contents.data["cards"]))
        if kind == "offer_made":
            arg = {"to": d["to"], "give": list(d["give"]), "want": list(d["want"])}
            return i, d["from"], Action("offer", arg)
        if kind == "offer_accepted":
            return i, d["to"], Action("accept", d["offer"])
        if kind == "offer_rejected":
            return i, d["to"], Action("reject", d["offer"])
        if kind == "offer_withdrawn":
            return i, d["from"], Action("withdraw", d["offer"])
        if kind == "special_played":
            arg = {"card": d["card"], "victim": d["victim"], "target": d["target"]}
            return i, d["seat"], Action("play_special", arg)
        if kind == "dig_picked":
            return i, d["seat"], Action("dig_pick", d["card"])
        if kind == "special_discarded":
            return i, d["seat"], Action("discard_special", d["card"])
    for i, event in enumerate(batch):
        if event.kind != "finished_flag":
            continue
        seat, on = event.data["seat"], event.data["on"]
        # A deal clears its receiver's flag by itself; nothing else of a tick touches flags.
        previous = batch[i - 1] if i > 0 else None
        cleared_by_deal = (
            not on
            and previous is not None
            and previous.kind == "dealt"
            and previous.data["seat"] == seat
        )
        if not cleared_by_deal:
            return i, seat, Action("finished", on)
    return None


CODEC = BurnInHellCodec()


def _optional(msg: Any, field: str) -> int | None:
    return getattr(msg, field) if msg.HasField(field) else None


def _view_dict(reply: pb.GetViewResponse) -> dict[str, Any]:
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
