"""The codecs, checked for every registered game by being registered: whole random games at
every seat count, with a sample of option sets, through the game's codec.

At every decision (a sample of them in real-time games, which have hundreds): each deciding
seat's view and the spectator's view survive the engine's way (rules view → protobuf) and the
worker's way back (protobuf → the same dict); every legal action survives the trip to protobuf
and back; every event a viewer is shown has a message. At the end the engine's ``verify``
replays the log the codec reads (``replay_actions``) from the seed and finds every event again,
and a swapped card is caught. A game that registers without a codec fails here first.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from inferno_engine.verify import verify
from inferno_proto import engine_pb2 as pb
from inferno_proto.codecs import (
    CODECS,
    CodecError,
    action_from_proto,
    action_to_proto,
    codec,
    move_text,
    parse_move,
    view_dict,
)
from inferno_proto.options import options_to_proto
from inferno_rules import (
    CLOCK,
    OPERATOR,
    SPECTATOR,
    Action,
    Applied,
    Game,
    Viewer,
    all_games,
    commitment,
)
from inferno_rules.options import OptionSpec

GAMES = all_games()
CASES = [
    (name, players)
    for name, game in sorted(GAMES.items())
    for players in range(game.info.min_players, game.info.max_players + 1)
]
MAX_STEPS = 20_000


def sample_options(game: Game[Any], rng: random.Random) -> dict[str, Any]:
    """A random option set from the game's own declarations (exclusive pairs respected)."""

    def value(spec: OptionSpec) -> Any:
        if spec.kind == "bool":
            return rng.random() < 0.5
        if spec.kind == "enum":
            return rng.choice(spec.choices)
        lo = spec.minimum if spec.minimum is not None else 0
        hi = spec.maximum if spec.maximum is not None else lo + 10
        return rng.randint(lo, hi)

    options = {spec.name: value(spec) for spec in game.info.options if rng.random() < 0.7}
    for first, second, _ in game.info.exclusive:
        if options.get(first) and options.get(second):
            options[second] = False
    # A game that random players never finish (no turn limit) is played as a short match.
    for name, value in game.info.short_match:
        assert isinstance(value, int) and not isinstance(value, bool)
        options[name] = rng.randint(1, value)
    return options


def reply_for(name: str, game: Game[Any], state: Any, seat: int | None) -> pb.GetViewResponse:
    """What GetView sends ``seat`` (``None``: a spectator): the game part and the decision."""
    reply = pb.GetViewResponse(game=name)
    if seat is not None:
        reply.your_seat = seat
    reply.decision.seats.extend(game.decision(state).seats)
    viewer = SPECTATOR if seat is None else Viewer.of_seat(seat)
    codec(name).fill_view(reply, game.view(state, viewer))
    return reply


def check_full_view(name: str, game: Game[Any], state: Any) -> None:
    """The operators' full view (GetFullView) carries every part the public view does not."""
    full, public = game.view(state, OPERATOR), game.view(state, SPECTATOR)
    reply = pb.GetViewResponse(game=name)
    codec(name).fill_view(reply, full)
    message = getattr(reply, name)
    for key in set(full) - set(public):
        assert carried(message, key, full[key]), f"{name}: the full view's {key} is not carried"


def check_decision(name: str, game: Game[Any], state: Any) -> None:
    check_full_view(name, game, state)
    for seat in (*game.decision(state).seats, None):
        viewer = SPECTATOR if seat is None else Viewer.of_seat(seat)
        assert view_dict(reply_for(name, game, state, seat)) == game.view(state, viewer), seat
    for seat in game.decision(state).seats:
        legal = game.legal_actions(state, seat)
        messages = [action_to_proto(name, action) for action in legal]
        for action, message in zip(legal, messages, strict=True):
            assert message.WhichOneof("game") == name
            assert action_from_proto(pb.Action.FromString(message.SerializeToString())) == action
            # The players' words name this move alone among the legal ones, in any case.
            text = move_text(message)
            assert text and text != str(message).strip(), f"{name}: {action} has no words"
            assert parse_move(text.upper(), messages) == message, text


#: Event data keys whose message field has another name (``from`` is a Python keyword): a seat
#: (``from_seat``) or a board space (``from_space``).
RENAMED = {"from": ("from_seat", "from_space"), "to": ("to_seat", "to_space")}


def carried(message: Any, key: str, value: Any) -> bool:
    """Whether ``message`` has a field for ``key`` and holds something when ``value`` does."""
    fields = message.DESCRIPTOR.fields_by_name
    name = next((n for n in RENAMED.get(key, (key,)) if n in fields), None)
    if name is None:
        return False
    if value in (None, 0, False, "", [], (), {}):
        return True
    field = message.DESCRIPTOR.fields_by_name[name]
    if field.is_repeated:
        return bool(len(getattr(message, name)))
    if field.has_presence:
        return message.HasField(name)
    return bool(getattr(message, name))


def check_events(name: str, game: Game[Any], state: Any, events: tuple[Any, ...]) -> None:
    """Every event has a message, and every field of its data reaches that message (events
    travel one way, engine to clients: a key added to the rules' event and forgotten in the
    codec fails here)."""
    for event in events:
        out = pb.Event(id="2-0", version=2)
        assert codec(name).fill_event(out, event), f"{name} has no message for {event.kind}"
        assert pb.Event.FromString(out.SerializeToString()) == out
        branch = getattr(out, name)
        kind = branch.WhichOneof("kind")
        assert kind is not None, f"{name}: {event.kind} filled no message"
        message = getattr(branch, kind)
        for key, value in event.data.items():
            # A field every event of the game has (Burn in Hell's ``at``) sits on the branch.
            found = carried(message, key, value) or carried(branch, key, value)
            assert found, f"{name}: {event.kind}.{key} is not carried"


def play(name: str, players: int, seed: str) -> None:
    game = GAMES[name]
    rng = random.Random(seed)
    options = sample_options(game, rng)
    # The options travel as the lobby sends them and the engine reads them.
    assert codec(name).options(options_to_proto(name, options)) == options
    state = game.new_game(players, options, seed)
    opening = game.opening_events(state)
    check_events(name, game, state, opening)
    log = [(1, list(opening))]
    real_time = game.info.nature.real_time
    steps = 0
    while not game.is_over(state):
        steps += 1
        assert steps < MAX_STEPS
        if not real_time or steps % 7 == 1:
            check_decision(name, game, state)
        decision = game.decision(state)
        if decision.tick_at is not None and (not decision.seats or rng.random() < 0.4):
            seat, action = CLOCK, ("tick", decision.tick_at)
        else:
            seat = rng.choice(decision.seats)
            action = rng.choice(game.legal_actions(state, seat))
        out = game.apply(state, seat, action)
        assert isinstance(out, Applied)
        check_events(name, game, out.state, out.events)
        state = out.state
        log.append((len(log) + 1, list(out.events)))
    check_decision(name, game, state)
    record = {
        "game": name,
        "players": players,
        "options": options,
        "seed": seed,
        "seed_commitment": commitment(seed),
        "events": [
            {
                "id": f"{version}-{i}",
                "kind": e.kind,
                "data": e.data,
                "to": "*" if e.to is None else ",".join(map(str, sorted(e.to))),
            }
            for version, events in log
            for i, e in enumerate(events)
        ],
    }
    assert verify(record) == [], "the log the codec reads does not replay from the seed"
    record["seed"] = "another seed"
    assert verify(record), "verify accepted a seed that does not match"


def test_every_registered_game_has_a_codec() -> None:
    assert set(GAMES) == set(CODECS)
    with pytest.raises(CodecError) as refused:
        codec("chess")
    assert refused.value.reason == "game_not_in_api" and "oh_hell" in refused.value.message


@pytest.mark.parametrize(("name", "players"), CASES)
def test_whole_games_survive_the_codec_both_ways(name: str, players: int) -> None:
    play(name, players, f"{name}-{players}")


@pytest.mark.parametrize("name", sorted(GAMES))
def test_an_action_of_another_game_or_of_no_game_is_refused_with_a_reason(name: str) -> None:
    other = next(g for g in sorted(CODECS) if g != name)
    game = GAMES[other]
    state = game.new_game(game.info.max_players, {}, "seed")
    seat = next((s for s in range(game.info.max_players) if game.legal_actions(state, s)), None)
    if seat is not None:
        foreign = action_to_proto(other, game.legal_actions(state, seat)[0])
        with pytest.raises(CodecError) as refused:
            codec(name).action(foreign)
        assert refused.value.reason == "wrong_game_action"
    with pytest.raises(CodecError) as refused:
        codec(name).action(pb.Action())
    assert refused.value.reason == "wrong_game_action" and refused.value.message


def test_one_word_stands_for_the_only_legal_move_it_names() -> None:
    """The terminal player's words: ``take`` at Inferno's forced take (it was read as ``play
    take`` and refused, stalling every human game there), ``2`` for ``bid 2``, ``10h`` for
    ``play 10H``; a word naming no legal move, or several, is refused listing the choices."""
    take = action_to_proto("inferno", Action("take"))
    assert parse_move("take", [take]) == take
    assert parse_move(" TAKE ", [take]) == take
    bids = [action_to_proto("oh_hell", Action("bid", n)) for n in range(3)]
    assert parse_move("2", bids) == bids[2]
    cards = [action_to_proto("oh_hell", Action("play", c)) for c in ("10H", "QS")]
    assert parse_move("10h", cards) == cards[0]
    with pytest.raises(ValueError, match="legal: play 10H, play QS"):
        parse_move("KD", cards)
    with pytest.raises(ValueError, match="not your turn"):
        parse_move("take", [])
