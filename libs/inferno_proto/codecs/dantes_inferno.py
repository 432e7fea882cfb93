"""Dante's Inferno: proto ⇄ rules core. Twenty-three moves, the board view, the events, the
moves in the players' words and the replay.

Only shapes change here: what a viewer may see was decided by the rules' ``view`` (everything
but the stacks' order, which only the operators' full view holds); this module copies fields
and never looks at hidden state. Every move is made in the open, so the bus names each as it is.
Resource amounts travel as ``DantesInfernoResources``; in the rules they are dicts such as
``{"Y": 1, "B": 2}`` (every kind in a seat's ``resources``, only the kinds not zero elsewhere).
"""

from __future__ import annotations

from typing import Any, Final

from inferno_proto import dantes_inferno_pb2 as di
from inferno_proto import engine_pb2 as pb
from inferno_rules import Action, Event

from .common import action_branch, no_message, options_branch
from .errors import CodecError

#: The rules' option name (docs/games/dantes-inferno.md).
ROUND_CAP: Final = "ROUND_CAP"
RESOURCES: Final = ("Y", "R", "B", "G")
#: Moves that name one space or position: proto field of the oneof → (rules kind, word typed).
ONE_PLACE: Final = {
    "place": ("place", "place"),
    "fight": ("fight", "fight"),
    "demon": ("demon", "demon"),
    "retreat": ("retreat", "retreat"),
    "flip_tile": ("flip_tile", "flip"),
    "new_token": ("new_token", "enter"),
    "next_circle": ("next_circle", "in"),
}
#: The same the other way: rules kind → proto field.
PLACE_FIELDS: Final = {rules: field for field, (rules, _) in ONE_PLACE.items()}
#: Moves that name one open offer: proto field → rules kind, and back.
ANSWERS: Final = {"accept_offer": "accept", "reject_offer": "reject", "withdraw_offer": "withdraw"}
ANSWER_FIELDS: Final = {rules: field for field, rules in ANSWERS.items()}
#: Moves without an argument: proto field → their words.
PLAIN_WORDS: Final = {"accept_roll": "accept", "end_turn": "end turn", "pass_turn": "pass"}
#: Moves from one space to another: proto field → (rules kind, words typed).
FROM_TO: Final = {"push": ("push", "push"), "move_demon": ("move_demon", "move demon")}
#: Rules event kind → the field of ``DantesInfernoEvent`` (``fight`` and ``roll`` read as
#: results; the rest by their own names).
EVENT_FIELDS: Final = {
    kind: kind
    for kind in [
        "setup",
        "token_entered",
        "turn_start",
        "dice",
        "fight",
        "retreat",
        "roll",
        "collect",
        "demon_placed",
        "bonus",
        "token_placed",
        "tile_placed",
        "tile_flipped",
        "token_moved",
        "token_pushed",
        "next_circle",
        "demon_moved",
        "offer",
        "accept",
        "reject",
        "withdraw",
        "gift",
        "pact",
        "offers_expired",
        "turn_end",
        "game_won",
        "game_over",
        "passed",
    ]
}
#: Events whose data keys ``from``/``to`` are board spaces (elsewhere they are seats).
SPACE_EVENTS: Final = frozenset({"retreat", "token_pushed", "next_circle", "demon_moved"})


def _amounts(msg: di.DantesInfernoResources) -> dict[str, int]:
    """The kinds that are not zero, in the order Y, R, B, G."""
    values = (msg.y, msg.r, msg.b, msg.g)
    return {name: n for name, n in zip(RESOURCES, values, strict=True) if n}


def _every_kind(msg: di.DantesInfernoResources) -> dict[str, int]:
    return {"Y": msg.y, "R": msg.r, "B": msg.b, "G": msg.g}


def _fill_amounts(into: di.DantesInfernoResources, amounts: Any) -> None:
    """Copy ``{"Y": 1, …}`` into a message; anything but a resource name and a whole number
    from 0 is a :class:`CodecError` (the rules refuse the rest)."""
    into.SetInParent()
    if not isinstance(amounts, dict):
        raise CodecError('an amount is an object such as {"Y": 1}', reason="bad_amounts")
    for name, n in amounts.items():
        if name not in RESOURCES or type(n) is not int or n < 0:
            raise CodecError(f"{name!r}: {n!r} is not an amount of Y, R, B or G", "bad_amounts")
        setattr(into, name.lower(), n)


def _needs(text: str, what: str) -> str:
    if not text:
        raise CodecError(f"name the {what}", reason="malformed_action")
    return text


class DantesInfernoCodec:
    game = "dantes_inferno"

    # ------------------------------------------------------------------ requests
    def options(self, msg: pb.GameOptions) -> dict[str, object]:
        opts = options_branch(msg, self.game)
        raw: dict[str, object] = {}
        if opts is not None and opts.HasField("round_cap"):
            raw[ROUND_CAP] = opts.round_cap
        return raw

    def action(self, msg: pb.Action) -> Action:
        """The move in ``msg``; a malformed one raises :class:`CodecError`."""
        move = action_branch(msg, self.game, "a Dante's Inferno")
        kind = move.WhichOneof("kind")
        if kind is None:
            raise CodecError("choose a move (see DantesInfernoAction)", reason="empty_action")
        body = getattr(move, kind)
        if kind in ONE_PLACE:
            field = "space" if kind not in ("flip_tile",) else "position"
            return Action(ONE_PLACE[kind][0], _needs(getattr(body, field), field))
        if kind in ANSWERS:
            return Action(ANSWERS[kind], body.offer_id)
        if kind in FROM_TO:
            frm, to = _needs(body.from_space, "from_space"), _needs(body.to_space, "to_space")
            return Action(FROM_TO[kind][0], [frm, to])
        return self._other_action(kind, body)

    def _other_action(self, kind: str, body: Any) -> Action:
        if kind == "reroll":
            return Action("reroll", body.die)
        if kind == "accept_roll":
            return Action("accept", None)
        if kind == "bonus":
            return Action("bonus", _needs(body.resource, "resource"))
        if kind == "token":
            return Action("token", [_needs(body.which, "which"), _needs(body.position, "position")])
        if kind == "end_turn":
            return Action("end_turn", None)
        if kind == "pass_turn":
            return Action("pass", None)
        if kind == "place_tile":
            return Action(
                "place_tile", [_needs(body.stack, "stack"), _needs(body.position, "position")]
            )
        if kind == "move":
            path = list(body.path)
            if not path:
                raise CodecError("a move names its path, your token's space first", "no_path")
            if body.HasField("pay"):
                return Action("move", {"path": path, "pay": _amounts(body.pay)})
            return Action("move", path)
        if kind == "offer":
            offer: dict[str, Any] = {
                "to": body.to_seat,
                "give": _amounts(body.give),
                "get": _amounts(body.get),
            }
            if body.note:
                offer["note"] = body.note
            return Action("offer", offer)
        if kind == "gift":
            return Action("gift", {"to": body.to_seat, "give": _amounts(body.give)})
        assert kind == "pact", kind
        return Action("pact", {"to": body.to_seat, "text": body.text})

    # ------------------------------------------------------------------ answers
    def action_message(self, action: Action) -> pb.Action:
        out = pb.Action()
        move = out.dantes_inferno
        kind, arg = action.kind, action.arg
        if kind in PLACE_FIELDS:
            body = getattr(move, PLACE_FIELDS[kind])
            setattr(body, "position" if kind == "flip_tile" else "space", arg)
        elif kind == "accept" and arg is None:
            move.accept_roll.SetInParent()
        elif kind in ANSWER_FIELDS:
            getattr(move, ANSWER_FIELDS[kind]).offer_id = arg
        elif kind in ("push", "move_demon"):
            body = getattr(move, kind)
            body.from_space, body.to_space = arg
        else:
            self._other_message(move, action)
        return out

    def _other_message(self, move: di.DantesInfernoAction, action: Action) -> None:
        kind, arg = action.kind, action.arg
        if kind == "reroll":
            move.reroll.die = arg
        elif kind == "bonus":
            move.bonus.resource = arg
        elif kind == "token":
            move.token.which, move.token.position = arg
        elif kind == "end_turn":
            move.end_turn.SetInParent()
        elif kind == "pass":
            move.pass_turn.SetInParent()
        elif kind == "place_tile":
            move.place_tile.stack, move.place_tile.position = arg
        elif kind == "move":
            path = arg["path"] if isinstance(arg, dict) else arg
            move.move.path.extend(path)
            if isinstance(arg, dict) and "pay" in arg:
                _fill_amounts(move.move.pay, arg["pay"])
        elif kind == "offer":
            move.offer.to_seat = arg["to"]
            _fill_amounts(move.offer.give, arg.get("give", {}))
            _fill_amounts(move.offer.get, arg.get("get", {}))
            move.offer.note = arg.get("note", "")
        elif kind == "gift":
            move.gift.to_seat = arg["to"]
            _fill_amounts(move.gift.give, arg.get("give", {}))
        elif kind == "pact":
            move.pact.to_seat, move.pact.text = arg["to"], arg["text"]
        else:
            raise no_message(self.game, kind)

    def fill_view(self, out: pb.GetViewResponse, view: dict[str, Any]) -> None:
        v = out.dantes_inferno
        v.players = view["players"]
        v.phase, v.active, v.round = view["phase"], view["active"], view["round"]
        v.round_cap, v.token_limit = view["round_cap"], view["token_limit"]
        v.to_place.extend(view["to_place"])
        for tile in view["tiles"]:
            v.tiles.add(position=tile["position"], tile=tile["tile"], face_up=tile["face_up"])
        order = view.get("stacks")
        v.stacks_shown = order is not None
        for name, size in view["stack_sizes"].items():
            v.stacks.add(stack=name, size=size, tiles=order[name] if order is not None else ())
        for spaces in view["tokens"]:
            v.tokens.add(spaces=spaces)
        v.demons.extend(view["demons"])
        v.demon_supply = view["demon_supply"]
        for key in ("good", "bad", "choice", "winner"):
            if view[key] is not None:
                setattr(v, key, view[key])
        for amounts in view["resources"]:
            _fill_amounts(v.resources.add(), amounts)
        v.fights.extend(view["fights"])
        roll = view["roll"]
        if roll is not None:
            v.roll.kind, v.roll.rerolls = roll["kind"], roll["rerolls"]
            v.roll.dice.extend(roll["dice"])
            if roll["space"] is not None:
                v.roll.space = roll["space"]
        v.retreat_options.extend(view["retreat_options"])
        v.free_step_used = view["free_step_used"]
        v.free_demon_move_used = view["free_demon_move_used"]
        v.pushed.extend(view["pushed"])
        for offer in view["offers"]:
            _fill_offer(v.offers.add(), offer)

    def fill_event(self, out: pb.Event, event: Event) -> bool:
        """Copy a rules event into ``out.dantes_inferno``; ``False`` for a kind the API lacks."""
        field = EVENT_FIELDS.get(event.kind)
        if field is None:
            return False
        e, d = getattr(out.dantes_inferno, field), event.data
        e.SetInParent()
        if event.kind in ("offer", "accept"):
            _fill_offer(e, d)
            return True
        spaces = event.kind in SPACE_EVENTS
        for key, value in d.items():
            if value is None:
                continue  # unset: null in the rules' data
            name = key
            if key in ("from", "to"):
                name = f"{key}_{'space' if spaces else 'seat'}"
            target = e.DESCRIPTOR.fields_by_name[name]
            if target.message_type is di.DantesInfernoResources.DESCRIPTOR:
                if target.is_repeated:
                    for amounts in value:
                        _fill_amounts(getattr(e, name).add(), amounts)
                else:
                    _fill_amounts(getattr(e, name), value)
            elif target.is_repeated:
                getattr(e, name).extend(value)
            else:
                setattr(e, name, value)
        return True

    # ------------------------------------------------------------------ the players' words
    def move_text(self, msg: pb.Action) -> str:
        """A move as typed at the table: ``place (0,3)/o``, ``fight (0,3)/o``, ``reroll 1``,
        ``accept``, ``bonus B``, ``token good (0,4)``, ``end turn``, ``tile II (1,2)``,
        ``flip (0,3)``, ``enter (0,5)/o``, ``move (0,2)/o (0,3)/o`` (``pay 1Y 1B`` after the
        path to choose the payment), ``push (0,3)/o (0,4)/o``, ``in (0,0)/o``, ``move demon
        (0,0)/o (0,1)/o``, ``offer to 2 give 1Y get 1B`` (``note …`` after), ``accept 3``,
        ``reject 3``, ``withdraw 3``, ``gift to 2 1R``, ``pact to 2 words…``, ``pass``."""
        move = msg.dantes_inferno
        kind = move.WhichOneof("kind")
        if kind is None:
            return ""
        body = getattr(move, kind)
        if kind in ONE_PLACE:
            return f"{ONE_PLACE[kind][1]} {body.position if kind == 'flip_tile' else body.space}"
        if kind in ANSWERS:
            return f"{ANSWERS[kind]} {body.offer_id}"
        if kind in FROM_TO:
            return f"{FROM_TO[kind][1]} {body.from_space} {body.to_space}"
        if kind in PLAIN_WORDS:
            return PLAIN_WORDS[kind]
        if kind == "reroll":
            return f"reroll {body.die}"
        if kind == "bonus":
            return f"bonus {body.resource}"
        if kind == "token":
            return f"token {body.which} {body.position}"
        if kind == "place_tile":
            return f"tile {body.stack} {body.position}"
        if kind == "move":
            paid = f" pay {_words(_amounts(body.pay))}" if body.HasField("pay") else ""
            return "move " + " ".join(body.path) + paid
        if kind == "offer":
            text = f"offer to {body.to_seat} give {_words(_amounts(body.give))}"
            text += f" get {_words(_amounts(body.get))}"
            return text + (f" note {body.note}" if body.note else "")
        if kind == "gift":
            return f"gift to {body.to_seat} {_words(_amounts(body.give))}"
        return f"pact to {body.to_seat} {body.text}"

    def read_move(self, text: str, legal: list[pb.Action]) -> pb.Action | None:
        """Any move typed in the words of :meth:`move_text`, listed as legal or not (a path of
        five steps, an offer of other amounts, a pact): the engine judges it. ``None`` when
        the words name no move of this game."""
        try:
            action = read_words(text)
        except (ValueError, CodecError):
            return None
        return None if action is None else self.action_message(action)

    def view_dict(self, reply: pb.GetViewResponse) -> dict[str, Any]:
        """The other way: a GetView answer back into the rules core's view dict (what bots
        read), equal to the rules' own ``game.view`` for that viewer."""
        return _view_dict(reply)

    # ------------------------------------------------------------------ bus and audit
    def public_action(self, state: Any, action: Action) -> dict[str, Any]:
        """The move as the bus may tell it: every move is made in the open."""
        return {"kind": action.kind, "arg": action.arg}

    def round_score(self, state: Any, event: Event) -> dict[str, Any] | None:
        """Dante's Inferno has no scored rounds: the match is scored once, at its end."""
        return None

    def replay_actions(self, events: list[tuple[int, Event]]) -> list[tuple[int, Action]]:
        """The move of one version, rebuilt from its first event (every move's first event
        names it and who made it, a ``pass`` included)."""
        if not events:
            return []
        move = _move_of(events[0][1])
        if move is None:
            return []
        if move[1].kind == "end_turn":  # offers_expired names no seat; turn_end does
            ended = next(e for _, e in events if e.kind == "turn_end")
            return [(ended.data["seat"], move[1])]
        return [move]


CODEC = DantesInfernoCodec()


def _words(amounts: dict[str, int]) -> str:
    """``{"Y": 1, "B": 2}`` as typed: ``1Y 2B``; nothing is ``nothing``."""
    return " ".join(f"{n}{name}" for name, n in amounts.items()) or "nothing"


def _fill_offer(into: di.DantesInfernoOffer, offer: dict[str, Any]) -> None:
    into.id, into.from_seat, into.to_seat = offer["id"], offer["from"], offer["to"]
    _fill_amounts(into.give, offer["give"])
    _fill_amounts(into.get, offer["get"])
    into.note = offer["note"]


def _read_offer(offer: di.DantesInfernoOffer) -> dict[str, Any]:
    return {
        "id": offer.id,
        "from": offer.from_seat,
        "to": offer.to_seat,
        "give": _amounts(offer.give),
        "get": _amounts(offer.get),
        "note": offer.note,
    }


def _move_of(event: Event) -> tuple[int, Action] | None:
    """The move whose first event is ``event``, with its maker."""
    d, kind = event.data, event.kind
    simple = {
        "tile_placed": lambda: Action("place_tile", [d["stack"], d["position"]]),
        "tile_flipped": lambda: Action("flip_tile", d["position"]),
        "token_pushed": lambda: Action("push", [d["from"], d["to"]]),
        "next_circle": lambda: Action("next_circle", d["from"]),
        "demon_moved": lambda: Action("move_demon", [d["from"], d["to"]]),
        "bonus": lambda: Action("bonus", d["resource"]),
        "token_placed": lambda: Action("token", [d["token"], d["tile"]]),
        "demon_placed": lambda: Action("demon", d["space"]),
        "retreat": lambda: Action("retreat", d["to"]),
    }
    if kind in simple:
        return d["seat"], simple[kind]()
    if kind == "token_entered":
        return d["seat"], Action("place" if d["setup"] else "new_token", d["space"])
    if kind == "dice":
        if "rerolled" in d:
            return d["seat"], Action("reroll", d["rerolled"])
        return d["seat"], Action("fight", d["space"])
    if kind in ("fight", "roll"):
        return d["seat"], Action("accept", None)
    if kind in ("offers_expired", "turn_end"):
        return -1, Action("end_turn", None)  # the seat: see replay_actions
    if kind == "token_moved":
        path = list(d["path"])
        return d["seat"], Action("move", {"path": path, "pay": d["paid"]} if d["paid"] else path)
    if kind == "offer":
        offer = {"to": d["to"], "give": d["give"], "get": d["get"]}
        if d["note"]:
            offer["note"] = d["note"]
        return d["from"], Action("offer", offer)
    if kind == "accept":
        return d["to"], Action("accept", d["id"])
    if kind in ("reject", "withdraw"):
        return d["by"], Action(kind, d["id"])
    if kind == "gift":
        return d["from"], Action("gift", {"to": d["to"], "give": d["give"]})
    if kind == "pact":
        return d["from"], Action("pact", {"to": d["to"], "text": d["text"]})
    if kind == "passed":
        return d["seat"], Action("pass", None)
    return None


def read_words(text: str) -> Action | None:
    """A move typed in the words of ``move_text`` (any case) as the rules' action; ``None``
    for words that name no move. Raises ``ValueError`` on a number that is not one."""
    words = text.split()
    if not words:
        return None
    head, rest = words[0].lower(), words[1:]
    places = {typed: rules for rules, typed in ONE_PLACE.values()}
    if (head == "move" and [w.lower() for w in rest[:1]] == ["demon"]) or head == "push":
        args = rest[1:] if head == "move" else rest
        if len(args) != 2:
            return None
        return Action("move_demon" if head == "move" else "push", [_space(w) for w in args])
    if head in places and len(rest) == 1:
        word = rest[0]
        return Action(places[head], word if head == "flip" else _space(word))
    if head in ("accept", "reject", "withdraw") and len(rest) == 1:
        return Action(head, int(rest[0]))
    plain = {"accept": Action("accept", None), "pass": Action("pass", None)}
    if head in plain and not rest:
        return plain[head]
    if head == "end" and [w.lower() for w in rest] == ["turn"]:
        return Action("end_turn", None)
    if head == "reroll" and len(rest) == 1:
        return Action("reroll", int(rest[0]))
    if head == "bonus" and len(rest) == 1:
        return Action("bonus", rest[0].upper())
    if head == "token" and len(rest) == 2:
        return Action("token", [rest[0].lower(), rest[1]])
    if head == "tile" and len(rest) == 2:
        return Action("place_tile", [rest[0].upper(), rest[1]])
    if head == "move" and rest:
        return _read_path(rest)
    if head in ("offer", "gift", "pact"):
        return _read_trade(head, rest)
    return None


def _space(word: str) -> str:
    """A space as the rules name it: ``(0,3)/o`` lower case, ``C9`` upper."""
    return "C9" if word.lower() == "c9" else word.lower()


def _read_amounts(words: list[str]) -> dict[str, int]:
    """``1Y 2B`` (or ``nothing``) as ``{"Y": 1, "B": 2}``."""
    if [w.lower() for w in words] == ["nothing"]:
        return {}
    amounts: dict[str, int] = {}
    for word in words:
        number, name = word[:-1], word[-1:].upper()
        if name not in RESOURCES or not number.isdigit():
            raise ValueError(f"{word!r} is not an amount such as 2Y")
        amounts[name] = amounts.get(name, 0) + int(number)
    return {name: amounts[name] for name in RESOURCES if name in amounts}


def _read_path(words: list[str]) -> Action:
    lowered = [w.lower() for w in words]
    if "pay" in lowered:
        at = lowered.index("pay")
        path = [_space(w) for w in words[:at]]
        return Action("move", {"path": path, "pay": _read_amounts(words[at + 1 :])})
    return Action("move", [_space(w) for w in words])


def _read_trade(head: str, words: list[str]) -> Action | None:
    """``offer to 2 give 1Y get 1B [note …]``, ``gift to 2 1R``, ``pact to 2 words…``."""
    if len(words) < 2 or words[0].lower() != "to":
        return None
    to, rest = int(words[1]), words[2:]
    if head == "pact":
        return Action("pact", {"to": to, "text": " ".join(rest)})
    if head == "gift":
        return Action("gift", {"to": to, "give": _read_amounts(rest)})
    lowered = [w.lower() for w in rest]
    if lowered[:1] != ["give"] or "get" not in lowered:
        return None
    at_get = lowered.index("get")
    at_note = lowered.index("note") if "note" in lowered else len(rest)
    offer: dict[str, Any] = {
        "to": to,
        "give": _read_amounts(rest[1:at_get]),
        "get": _read_amounts(rest[at_get + 1 : at_note]),
    }
    if at_note < len(rest):
        offer["note"] = " ".join(rest[at_note + 1 :])
    return Action("offer", offer)


def _view_dict(reply: pb.GetViewResponse) -> dict[str, Any]:
    """A Dante's Inferno view as the rules core's ``game.view`` would have given it."""
    v = reply.dantes_inferno
    roll: dict[str, Any] | None = None
    if v.HasField("roll"):
        roll = {
            "kind": v.roll.kind,
            "space": v.roll.space if v.roll.HasField("space") else None,
            "dice": list(v.roll.dice),
            "rerolls": v.roll.rerolls,
        }
    view: dict[str, Any] = {
        "game": "dantes_inferno",
        "players": v.players,
        "phase": v.phase,
        "active": v.active,
        "round": v.round,
        "round_cap": v.round_cap,
        "token_limit": v.token_limit,
        "to_place": list(v.to_place),
        "tiles": [{"position": t.position, "tile": t.tile, "face_up": t.face_up} for t in v.tiles],
        "stack_sizes": {s.stack: s.size for s in v.stacks},
        "tokens": [list(t.spaces) for t in v.tokens],
        "demons": list(v.demons),
        "demon_supply": v.demon_supply,
        "good": v.good if v.HasField("good") else None,
        "bad": v.bad if v.HasField("bad") else None,
        "resources": [_every_kind(r) for r in v.resources],
        "fights": list(v.fights),
        "roll": roll,
        "choice": v.choice if v.HasField("choice") else None,
        "retreat_options": list(v.retreat_options),
        "free_step_used": v.free_step_used,
        "free_demon_move_used": v.free_demon_move_used,
        "pushed": list(v.pushed),
        "offers": [_read_offer(o) for o in v.offers],
        "winner": v.winner if v.HasField("winner") else None,
        "to_act": list(reply.decision.seats),
    }
    if reply.HasField("your_seat"):
        view["seat"] = reply.your_seat
    if v.stacks_shown:
        view["stacks"] = {s.stack: list(s.tiles) for s in v.stacks}
    return view
