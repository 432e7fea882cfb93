"""Burn in Hell's codec between the proto and the rules core, on real games.

Every command survives proto → rules ``Action`` → proto; malformed commands are refused with a
reason; no message can carry a clock tick; over whole games moved by a simulated clock, every
view (seats, spectator, operator) and every event each seat may see fills its proto without
loss, and none of them, nor the bus's account of a move, names a card hidden from its reader
(the reference is the rules' ``private_tokens``). The game's log replays to the same events.
"""

from __future__ import annotations

import itertools
import json
import random
import re
from typing import Any

import pytest

from inferno_proto import burn_in_hell_pb2 as bih
from inferno_proto import engine_pb2 as pb
from inferno_proto.codecs import CODECS, CodecError, codec
from inferno_rules import (
    CLOCK,
    OPERATOR,
    SPECTATOR,
    Action,
    Applied,
    Viewer,
    get_game,
    validate_options,
    visible_events,
)
from tests.services.engine.burn_in_hell_games import GAME_NAME, choose, hidden_from, play
from tests.support.engine_process import ROOT

TR = codec(GAME_NAME)
GAME = get_game(GAME_NAME)
PROTO = ROOT / "proto" / "inferno" / "engine" / "v1" / "burn_in_hell.proto"
#: Fields that hold words, not cards (a round's end reason "E1" is also a card's id).
NOT_CARDS = {"reason", "type", "phase"}

# Whole games, kept small enough to run in seconds: (players, options, seed).
GAMES = [
    (4, {"MATCH": "OPEN", "DEAL_INTERVAL_MS": 1000}, "open-4"),
    (5, {"MATCH": "OPEN"}, "open-5"),
    (8, {"MATCH": "OPEN", "DEAL_INTERVAL_MS": 5000}, "open-8"),
    (4, {"DEAL_INTERVAL_MS": 1000}, "series-4"),
]


def strings(message: Any) -> set[str]:
    """Every string anywhere in a protobuf message, but for the fields in NOT_CARDS."""
    found: set[str] = set()
    for field, value in message.ListFields():
        if field.name in NOT_CARDS:
            continue
        values = value if field.is_repeated else [value]
        for item in values:
            if field.message_type is not None:
                found |= strings(item)
            elif isinstance(item, str):
                found.add(item)
    return found


def event_message(event) -> pb.Event:
    out = pb.Event(id="2-0", version=2)
    assert TR.fill_event(out, event), f"the API has no message for the event {event.kind}"
    return out


# ------------------------------------------------------------------------ commands
EXAMPLES = [
    Action("grab", ["P1"]),
    Action("grab", ["P1", "D07", "STOP-2"]),
    Action("release", ["G3"]),
    Action("form_circle", ["W1", "W2", "W3"]),
    Action("form_circle", ["L4", "SOLITARY-1"]),
    Action("offer", {"to": 0, "give": ["P1"], "want": ["G2", "E9"]}),
    Action("offer", {"to": 3, "give": [], "want": ["G2"]}),
    Action("offer", {"to": 2, "give": ["LAKE-1"], "want": []}),
    Action("accept", 1),
    Action("reject", 7),
    Action("withdraw", 12),
    Action("play_special", {"card": "STOP-1", "victim": None, "target": None}),
    Action("play_special", {"card": "DIG-3", "victim": None, "target": None}),
    Action("play_special", {"card": "STEAL-WRATH", "victim": 0, "target": "W4"}),
    Action("play_special", {"card": "STEAL-SPECIAL-2", "victim": 5, "target": "DIG-1"}),
    Action("play_special", {"card": "LAKE-2", "victim": 1, "target": "D21"}),
    Action("dig_pick", "U5"),
    Action("discard_special", "SOLITARY-2"),
    Action("finished", True),
    Action("finished", False),
]


@pytest.mark.parametrize("action", EXAMPLES, ids=lambda a: a.kind)
def test_every_command_survives_the_round_trip(action: Action) -> None:
    message = TR.action_message(action)
    assert message.WhichOneof("game") == GAME_NAME
    assert TR.action(message) == action
    # And from the wire: the proto a client sends reads back to the same bytes.
    wire = pb.Action.FromString(message.SerializeToString())
    assert TR.action_message(TR.action(wire)) == message


def test_every_command_kind_has_an_example_and_none_is_a_tick() -> None:
    kinds = [f.name for f in bih.BurnInHellAction.DESCRIPTOR.oneofs_by_name["kind"].fields]
    assert sorted({a.kind for a in EXAMPLES}) == sorted(kinds)
    assert "tick" not in kinds
    assert TR.action_message(Action("tick", 5000)) == pb.Action()  # nothing a client could send


def test_the_rules_accept_what_the_translation_reads() -> None:
    """Legal commands of real positions, through the proto and back, are still accepted."""
    rng = random.Random(3)
    checked = 0
    for step in play(5, {"MATCH": "OPEN"}, "round-trip", rng, max_steps=600):
        state = step.after
        for seat in GAME.decision(state).seats:
            for action in GAME.legal_actions(state, seat):
                back = TR.action(TR.action_message(action))
                assert back == action
                assert isinstance(GAME.apply(state, seat, back), Applied), (seat, action)
                checked += 1
    assert checked > 1000


MALFORMED = [
    (pb.Action(), "wrong_game_action"),
    (pb.Action(oh_hell={"bid": {"count": 1}}), "wrong_game_action"),
    (pb.Action(burn_in_hell={}), "empty_action"),
    (pb.Action(burn_in_hell={"grab": {}}), "no_cards"),
    (pb.Action(burn_in_hell={"release": {"cards": []}}), "no_cards"),
    (pb.Action(burn_in_hell={"form_circle": {}}), "no_cards"),
    (pb.Action(burn_in_hell={"grab": {"cards": ["P1", ""]}}), "not_a_card"),
    (pb.Action(burn_in_hell={"offer": {"give": ["P1"]}}), "no_recipient"),
    (pb.Action(burn_in_hell={"accept": {}}), "no_offer_id"),
    (pb.Action(burn_in_hell={"reject": {"offer_id": 0}}), "no_offer_id"),
    (pb.Action(burn_in_hell={"withdraw": {}}), "no_offer_id"),
    (pb.Action(burn_in_hell={"play_special": {"victim": 1, "target": "P2"}}), "no_card"),
    (pb.Action(burn_in_hell={"dig_pick": {}}), "no_card"),
    (pb.Action(burn_in_hell={"discard_special": {"card": ""}}), "no_card"),
]


@pytest.mark.parametrize(("message", "reason"), MALFORMED)
def test_malformed_commands_are_refused_with_a_reason(message: pb.Action, reason: str) -> None:
    with pytest.raises(CodecError) as refused:
        TR.action(message)
    assert refused.value.reason == reason
    assert len(refused.value.message) > 15  # a sentence a player can be shown


def test_a_malformed_command_the_proto_can_carry_is_refused_by_the_rules() -> None:
    """What only the rules can judge (a card that does not exist) comes back malformed, which
    the engine answers with INVALID_ARGUMENT, and changes nothing."""
    state = next(
        s.after for s in play(4, {}, "bad", random.Random(1)) if GAME.decision(s.after).seats
    )
    message = pb.Action(burn_in_hell={"grab": {"cards": ["NOT-A-CARD"]}})
    out = GAME.apply(state, 0, TR.action(message))
    assert not isinstance(out, Applied) and out.code in ("not_a_card", "malformed_action")


# ------------------------------------------------------------------------ options
def test_options_read_into_the_rules_names_and_defaults() -> None:
    assert TR.options(pb.GameOptions()) == {}
    assert TR.options(pb.GameOptions(burn_in_hell={})) == {}
    msg = pb.GameOptions(
        burn_in_hell={"deal_interval_ms": 3500, "match": bih.BURN_IN_HELL_MATCH_OPEN}
    )
    raw = TR.options(msg)
    assert validate_options(GAME.info, raw) == {"DEAL_INTERVAL_MS": 3500, "MATCH": "OPEN"}
    series = TR.options(pb.GameOptions(burn_in_hell={"match": bih.BURN_IN_HELL_MATCH_SERIES}))
    assert validate_options(GAME.info, series)["MATCH"] == "SERIES"


def test_bad_options_are_refused() -> None:
    with pytest.raises(CodecError, match="options for oh_hell"):
        TR.options(pb.GameOptions(oh_hell={}))
    with pytest.raises(CodecError, match="SERIES, OPEN") as refused:
        TR.options(pb.GameOptions(burn_in_hell={"match": 9}))
    assert refused.value.reason == "bad_option:MATCH"


def test_the_codec_is_registered() -> None:
    assert CODECS[GAME_NAME] is TR


# ------------------------------------------------------------------------ views
def view_back(v: bih.BurnInHellView, viewer: Viewer) -> dict[str, Any]:
    """The rules' view rebuilt from the proto: the proto must lose nothing."""

    def opt(msg: Any, name: str) -> Any:
        return getattr(msg, name) if msg.HasField(name) else None

    matches = {bih.BURN_IN_HELL_MATCH_SERIES: "SERIES", bih.BURN_IN_HELL_MATCH_OPEN: "OPEN"}
    out: dict[str, Any] = {
        "phase": v.phase,
        "round": v.round,
        "rounds": v.rounds,
        "match": matches[v.match],
        "now": v.now,
        "deal_interval_ms": v.deal_interval_ms,
        "round_starts_at": v.round_starts_at,
        "first_seat": v.first_seat,
        "next_deal_at": opt(v, "next_deal_at"),
        "paused_until": opt(v, "paused_until"),
        "deck_count": v.deck_count,
        "discard_count": v.discard_count,
        "discard_top": v.discard_top or None,
        "ends_by_e1_at": opt(v, "ends_by_e1_at"),
        "seats": [
            {
                "seat": s.seat,
                "table": list(s.table),
                "held": list(s.held),
                "holding": s.holding,
                "hold_until": opt(s, "hold_until"),
                "grab_cooldown_until": opt(s, "grab_cooldown_until"),
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
    }
    if viewer.role == "seat":
        out["my_circles"] = [list(c.cards) for c in v.my_circles]
        if v.digging:
            out["dig_pile"] = list(v.dig_pile)
    if viewer.role == "operator" or v.phase == "over":
        out["all_circles"] = [[list(c.cards) for c in seat.circles] for seat in v.all_circles]
        out["discard"] = list(v.discard)
    if viewer.role == "operator":
        out["deck"] = list(v.deck)
    return out


def rules_view(state: Any, viewer: Viewer) -> dict[str, Any]:
    view = GAME.view(state, viewer)
    # Said elsewhere in GetViewResponse: the game, the seat count, your seat, the decision.
    for key in ("game", "players", "seat", "to_act"):
        view.pop(key, None)
    return view


def check_views(state: Any) -> set[str]:
    """Every viewer's proto view: lossless, and without a card hidden from that viewer."""
    filled: set[str] = set()
    viewers = [Viewer.of_seat(s) for s in range(state.players)] + [SPECTATOR, OPERATOR]
    for viewer in viewers:
        out = pb.GetViewResponse(game=GAME_NAME)
        TR.fill_view(out, GAME.view(state, viewer))
        wire = pb.GetViewResponse.FromString(out.SerializeToString())
        v = wire.burn_in_hell
        assert view_back(v, viewer) == rules_view(state, viewer)
        if viewer.role != "operator":
            leaked = strings(wire) & hidden_from(state, viewer.seat)
            assert not leaked, f"{viewer} sees hidden cards {sorted(leaked)}"
        filled |= {f.name for f, _ in v.ListFields()}
    return filled


def test_views_of_whole_games_lose_nothing_and_leak_nothing() -> None:
    filled: set[str] = set()
    hidden_seen = {"circles": False, "dig": False}
    for players, options, seed in GAMES[:3]:
        steps = 0
        for step in play(players, options, seed, random.Random(seed)):
            steps += 1
            if steps % 7 and not GAME.is_over(step.after):
                continue  # every 7th version, and the end
            filled |= check_views(step.after)
            hidden_seen["circles"] |= any(step.after.circles)
            hidden_seen["dig"] |= bool(step.after.digs)
        assert GAME.is_over(step.after)
    # The views had something to hide, and showed everything the proto can carry.
    assert all(hidden_seen.values()), hidden_seen
    every = {f.name for f in bih.BurnInHellView.DESCRIPTOR.fields}
    # (first_seat is 0 in a single round: proto3 does not list a zero.)
    assert every - filled <= {"paused_until", "digging", "dig_pile", "first_seat"}


def first_state(condition, players: int = 6) -> Any:
    """The first state of a few random games for which ``condition(state)`` holds."""
    for n in range(20):
        for step in play(players, {"MATCH": "OPEN"}, f"search-{n}", random.Random(n)):
            if condition(step.after):
                return step.after
    pytest.fail("no game came to the position the test needs")


def test_a_digger_sees_the_discard_pile_and_nobody_else_does() -> None:
    state = first_state(lambda s: len(s.digs) == 1 and len(s.discard) > 1)
    digger = state.digs[0][0]
    for seat in range(state.players):
        out = pb.GetViewResponse()
        TR.fill_view(out, GAME.view(state, Viewer.of_seat(seat)))
        v = out.burn_in_hell
        if seat == digger:
            assert v.digging and list(v.dig_pile) == list(state.discard)
        else:
            assert not v.digging and not v.dig_pile and not v.discard
            assert v.discard_top == state.discard[-1]
            assert v.discard_count == len(state.discard)


def test_a_seat_sees_its_own_circles_and_only_the_sizes_of_others() -> None:
    state = first_state(lambda s: s.phase != "over" and any(s.circles), players=5)
    owner = next(s for s in range(state.players) if state.circles[s])
    for seat in range(state.players):
        out = pb.GetViewResponse()
        TR.fill_view(out, GAME.view(state, Viewer.of_seat(seat)))
        v = out.burn_in_hell
        assert list(v.seats[owner].circles) == [len(c) for c in state.circles[owner]]
        mine = [list(c.cards) for c in v.my_circles]
        assert mine == [list(c) for c in state.circles[seat]]
        assert not v.all_circles
        if seat != owner:
            assert not strings(out) & {c for circle in state.circles[owner] for c in circle}


# ------------------------------------------------------------------------ events
def names(events, known: dict[int, set[str]] | None = None) -> set[str]:
    """Every string the proto events hold (card ids, and a few words that are not cards);
    ``known`` keeps them by event, as a move's events are read for every seat."""
    found: set[str] = set()
    for event in events:
        if known is None:
            found |= strings(event_message(event))
            continue
        if id(event) not in known:
            known[id(event)] = strings(event_message(event))
        found |= known[id(event)]
    return found


#: Public events that may name a card ending the move face down: the card of a voided offer
#: was face up on a table a moment before (it moved into a Circle, say), like every card listed
#: in an offer. Noted for the rules helper; the API carries what the rules publish.
NAMES_A_CARD_FROM_THE_TABLE = {"offer_voided"}


def leaks(part, seat: int | None, known: dict[int, set[str]] | None = None) -> set[str]:
    """The cards the events of one move tell ``seat`` (``None``: a spectator) that it may not
    know. With ``after``/``before`` the cards hidden from it after/before the move, and
    ``news`` what the move's public events name:

    - private events may tell a seat only its own secrets: ``told ∩ after ⊆ news``;
    - nothing may name a card hidden both before and after the move: ``told ∩ before ∩ after``;
    - public news never names a card that ends the move in a Circle or in the deck.

    A move that ends a round is judged only from its ``round_scored`` on: everything of the
    old round is revealed then (the deck is empty by then), and the new round's deck reuses the
    same card ids.
    """
    viewer = SPECTATOR if seat is None else Viewer.of_seat(seat)
    mine = list(visible_events(tuple(part.events), viewer))
    public = list(visible_events(tuple(part.events), SPECTATOR))
    after = hidden_from(part.after, seat)
    before = hidden_from(part.before, seat)
    for events in (mine, public):
        ends = [i for i, e in enumerate(events) if e.kind == "round_scored"]
        if ends:
            del events[: ends[-1] + 1]
            before = after
    told = names(mine, known)
    news = names((e for e in public if e.kind not in NAMES_A_CARD_FROM_THE_TABLE), known)
    state = part.after
    sealed = {c for circles in state.circles for circle in circles for c in circle}
    sealed |= set(state.deck)
    return (told & after - names(public, known)) | (told & before & after) | (news & sealed)


@pytest.mark.parametrize(("players", "options", "seed"), GAMES)
def test_every_event_of_whole_games_fills_a_proto_event_without_leaks(
    players, options, seed
) -> None:
    final = None
    for step in play(players, options, seed, random.Random(seed)):
        for event in step.events:
            msg = pb.Event.FromString(event_message(event).SerializeToString())
            assert msg.burn_in_hell.WhichOneof("kind") == event.kind
            assert msg.burn_in_hell.at == event.data["at"]
            assert_same_event(event)
        known: dict[int, set[str]] = {}
        for seat, part in itertools.product([None, *range(players)], step.parts):
            leaked = leaks(part, seat, known)
            assert not leaked, f"seat {seat} told {sorted(leaked)} by {part.events}"
        final = step.after
    assert final is not None and GAME.is_over(final)


def assert_same_event(event) -> None:
    """The proto holds every datum of the rules event (read back by name)."""
    e = event_message(event).burn_in_hell
    body = getattr(e, event.kind)
    renamed = {"from": "from_seat", "to": "to_seat"}
    for key, value in event.data.items():
        if key == "at":
            continue
        field = renamed.get(key, key)
        if value is None:
            assert not body.HasField(field), (event, key)
            continue
        got = getattr(body, field)
        if key == "circles" and event.kind == "round_scored":
            got = [[list(c.cards) for c in seat.circles] for seat in got]
        elif isinstance(value, list):
            got = list(got)
        assert got == value, (event, key)


def test_the_games_produce_every_event_kind() -> None:
    """Between them the games above produce every kind the API has; kinds that need rare
    timing are searched for in more games."""
    seen: set[str] = set()
    for players, options, seed in GAMES:
        for step in play(players, options, seed, random.Random(seed)):
            seen |= {e.kind for e in step.events}
    api = {f.name for f in bih.BurnInHellEvent.DESCRIPTOR.oneofs_by_name["kind"].fields}
    missing = api - seen
    assert missing <= {"deal_skipped", "offer_expired", "dig_expired", "special_stolen"}, missing
    for kind in missing:
        assert_kind_comes_up(kind)


def assert_kind_comes_up(kind: str) -> None:
    """Search seeds for a game that produces ``kind``, and translate it."""
    for n in range(40):
        for step in play(4, {"MATCH": "OPEN"}, f"hunt-{kind}-{n}", random.Random(n), 1500):
            for event in step.events:
                if event.kind == kind:
                    assert_same_event(event)
                    return
    pytest.fail(f"no game produced a {kind} event")


def test_every_rules_event_kind_named_in_the_contract_has_a_proto_branch() -> None:
    """docs/games/burn-in-hell.md's event table, read from the rules branch's doc."""
    doc = (ROOT / "docs" / "games" / "burn-in-hell.md").read_text()
    section = doc.split("## Events", 1)[1].split("\n## ", 1)[0]
    named = set(re.findall(r"^\| `(\w+)`", section, re.M))
    named |= set(re.findall(r"/ `(\w+)`", section))
    api = {f.name for f in bih.BurnInHellEvent.DESCRIPTOR.oneofs_by_name["kind"].fields}
    assert named and named <= api, named - api


# ------------------------------------------------------------------------ bus, scores, replay
@pytest.mark.parametrize(("players", "options", "seed"), GAMES[:2])
def test_the_bus_never_names_a_hidden_card(players, options, seed) -> None:
    """``public_action`` says no more than the move's public events do."""
    rng = random.Random(seed)
    circles = 0
    for step in play(players, options, seed, rng):
        for part in step.parts:
            public = set()
            for event in visible_events(tuple(part.events), SPECTATOR):
                public |= strings(event_message(event))
            hidden = hidden_from(part.after, None) - public
            told = TR.public_action(part.before, part.action)
            assert set(told) == {"kind", "arg"} and told["kind"] == part.action.kind
            words = set(re.findall(r'"([^"]*)"', json.dumps(told["arg"])))
            assert not words & hidden, (part.action, told)
            if part.action.kind == "form_circle":
                circles += 1
                assert told["arg"] is None
    assert circles > 0


def test_round_scores_for_the_bus_match_the_result() -> None:
    rng = random.Random(2)
    payloads = []
    for step in play(4, {"DEAL_INTERVAL_MS": 1000}, "series-4", rng):
        for event in step.events:
            assert TR.round_score(step.after, event) is None or event.kind == "round_scored"
            if event.kind == "round_scored":
                payloads.append(TR.round_score(step.after, event))
    result = GAME.result(step.after)
    assert result is not None and len(payloads) == 4 == len(result.rounds)
    for payload, scored in zip(payloads, result.rounds, strict=True):
        assert payload["game"] == GAME_NAME
        assert payload["round"] == scored.number
        assert payload["points"] == list(scored.points)
        assert payload["detail"] == scored.detail
    assert payloads[-1]["scores"] == list(result.scores)


@pytest.mark.parametrize(("players", "options", "seed"), GAMES)
def test_the_log_replays_to_the_same_events(players, options, seed) -> None:
    """From the log alone (what ``inferno_engine.verify`` reads), the moves rebuilt by
    ``replay_actions`` give every version's events again, byte for byte."""
    steps = list(play(players, options, seed, random.Random(seed)))
    log = [(version, e) for version, step in enumerate(steps[1:], 2) for e in step.events]
    moves = TR.replay_actions(log)
    state = steps[0].after
    by_version: dict[int, list] = {}
    for version, event in log:
        by_version.setdefault(version, []).append(event)
    i = 0
    for version, events in by_version.items():
        replayed = []
        assert moves[i][0] == CLOCK
        out = GAME.apply(state, *moves[i])
        assert isinstance(out, Applied), (version, moves[i], out)
        state, replayed = out.state, list(out.events)
        i += 1
        if i < len(moves) and moves[i][0] != CLOCK:
            out = GAME.apply(state, *moves[i])
            assert isinstance(out, Applied), (version, moves[i], out)
            state, replayed = out.state, replayed + list(out.events)
            i += 1
        assert plain(replayed) == plain(events), version
    assert i == len(moves)
    assert GAME.is_over(state)
    assert GAME.encode(GAME.new_game(players, options, seed)) == GAME.encode(steps[0].after)


def plain(events) -> list[tuple[str, str, Any]]:
    return [(e.kind, json.dumps(e.data, sort_keys=True), e.to) for e in events]


# ------------------------------------------------------------------------ the .proto itself
def test_the_card_catalogue_in_the_proto_is_the_rules_catalogue() -> None:
    from inferno_rules.games.burn_in_hell.cards import CATALOGUE

    text = PROTO.read_text()
    block = text.split("// CARD CATALOGUE", 1)[1].split("// END OF CATALOGUE", 1)[0]
    rows = [
        [cell.strip() for cell in line.removeprefix("//").split("|")]
        for line in block.splitlines()[2:]
        if "|" in line
    ]
    expected = []
    for card in CATALOGUE:
        if card["type"] == "soul":
            row = [
                card["id"],
                card["name"],
                ", ".join(card["sins"]),
                str(card["value"]),
                ", ".join(card["descriptions"]),
            ]
            expected.append(row + ([card["combination"]] if card["combination"] else []))
        else:
            expected.append([card["id"], card["name"], card["kind"]])
    assert rows == expected


def test_choose_can_pick_every_kind() -> None:
    """The game driver's chooser reaches every kind it is offered (a sanity check)."""
    legal = [*EXAMPLES]
    kinds = {choose(legal, random.Random(i)).kind for i in range(400)}
    assert kinds == {a.kind for a in EXAMPLES}


def test_the_leak_checks_would_catch_a_leak() -> None:
    """The checks above have teeth: the operator's view shown to a seat, and a seat's
    ``circle_contents`` shown to another seat, name cards hidden from that seat."""
    state = first_state(lambda s: s.phase != "over" and any(s.circles) and len(s.discard) > 2)
    owner = next(s for s in range(state.players) if state.circles[s])
    other = (owner + 1) % state.players
    out = pb.GetViewResponse()
    TR.fill_view(out, GAME.view(state, OPERATOR))
    assert strings(out) & hidden_from(state, other)
    for step in play(5, {"MATCH": "OPEN"}, "circles", random.Random(5)):
        for part in step.parts:
            formed = [e for e in part.events if e.kind == "circle_contents"]
            if formed:
                seat = (formed[0].data["seat"] + 1) % 5
                assert not leaks(part, seat)
                cards = set(formed[0].data["cards"])
                # Made public, or sent to the wrong seat, the Circle's cards are caught.
                shown = part._replace(events=[e._replace(to=None) for e in part.events])
                assert leaks(shown, seat) >= cards
                wrong = frozenset({seat})
                misdirected = part._replace(events=[e._replace(to=wrong) for e in formed])
                assert leaks(misdirected, seat) >= cards
                return
    pytest.fail("no Circle was formed")
