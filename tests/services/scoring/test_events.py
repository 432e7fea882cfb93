"""Checking events before anything is written: each broken contract gets a reason a person
understands, and events scoring does not store are recognised as such."""

from __future__ import annotations

import pytest

from inferno_bus import Envelope, EventType
from inferno_scoring.events import FinishedMatch, InvalidEvent, parse

from .conftest import finished


def broken(**changes) -> Envelope:
    event = finished("t1", 1000, ["ann", "bob", "cid"], [1, 2, 3])
    return event.model_copy(update={"payload": event.payload | changes})


@pytest.mark.parametrize(
    ("changes", "reason"),
    [
        ({"seed": "x"}, "the revealed seed does not match its commitment"),
        ({"ranking": [1, 2]}, "ranking has 2 entries for 3 seats"),
        ({"scores": [1]}, "scores has 1 entries for 3 seats"),
        ({"ranking": [1, 2, 9]}, "ranking entries must be between 1 and 3"),
        ({"winners": [5]}, "winners must be seats between 0 and 2"),
        ({"finished_at": -1}, "finished_at: Input should be greater than or equal to 0"),
        ({"game": ""}, "game: String should have at least 1 character"),
        ({"seats": []}, "seats: List should have at least 2 items after validation, not 0"),
        ({"seed_commitment": "abc"}, "seed_commitment: String should match pattern"),
        ({"scores": [1, 2**31, 3]}, "scores.1: Input should be less than or equal to 2147483647"),
        (
            {"rounds": [{"number": 1, "points": [0, -(2**31) - 1, 0]}]},
            "rounds.0.points.1: Input should be greater than or equal to -2147483648",
        ),
    ],
)
def test_a_broken_finished_event_is_refused_with_the_reason(changes, reason) -> None:
    with pytest.raises(InvalidEvent) as err:
        parse(broken(**changes))
    assert str(err.value).startswith(f"invalid table.finished payload: {reason}")


def test_seats_must_be_numbered_and_held_once() -> None:
    event = finished("t1", 1000, ["ann", "bob"], [1, 2])
    seats = event.payload["seats"]
    twice = [seats[0], {**seats[1], "player_id": "ann"}]
    gap = [seats[0], {**seats[1], "seat": 3}]
    with pytest.raises(InvalidEvent, match="a player holds more than one seat"):
        parse(broken(seats=twice, scores=[1, 2], ranking=[1, 2], winners=[0]))
    with pytest.raises(InvalidEvent, match=r"seats must be numbered 0\.\.1"):
        parse(broken(seats=gap, scores=[1, 2], ranking=[1, 2], winners=[0]))


def test_a_finished_event_without_a_table_is_refused() -> None:
    event = finished("t1", 1000, ["ann", "bob"], [1, 2]).model_copy(update={"table": ""})
    with pytest.raises(InvalidEvent, match=r"table\.finished without a table id"):
        parse(event)


def test_events_scoring_does_not_store_are_recognised() -> None:
    for kind in (EventType.TABLE_CREATED, EventType.ACTION_APPLIED, EventType.TABLE_ABORTED):
        assert parse(Envelope.new(kind, table="t1", payload={})) is None


def test_abandoned_seats_share_last_place_below_everyone() -> None:
    event = finished("t1", 1000, ["a", "b", "c", "d"], [2, 1, 3, 3], abandoned=[1, 3])
    match = parse(event)
    assert isinstance(match, FinishedMatch)
    assert match.rated_ranks() == [2, 4, 3, 4]
    everyone = parse(finished("t2", 1000, ["a", "b"], [1, 2], abandoned=[0, 1]))
    assert everyone.rated_ranks() == [1, 1]
