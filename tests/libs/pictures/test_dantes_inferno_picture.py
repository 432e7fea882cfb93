"""The Dante's Inferno picture: valid SVG with one mark per tile, token and demon, drawn only
from the public keys of a view, over positions of whole random games."""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET
from collections import Counter
from typing import Any

import pytest

from inferno_pictures.dantes_inferno import svg
from inferno_rules import OPERATOR, SPECTATOR, Applied, Viewer
from tests.libs.rules.test_dantes_inferno_helpers import GAME, arranged

NS = "{http://www.w3.org/2000/svg}"


def classes(picture: str) -> Counter[str]:
    """How many elements carry each class word (``tile``, ``seat-0``, ``demon``…)."""
    root = ET.fromstring(picture)
    assert root.tag == f"{NS}svg"
    count: Counter[str] = Counter()
    for element in root.iter():
        count.update(set(element.get("class", "").split()))
    return count


def positions(players: int, seed: str, every: int = 25) -> list[Any]:
    """States along a whole random game with the short match's round cap."""
    rng = random.Random(seed)
    state = GAME.new_game(players, GAME.info.short_options(), seed)
    out = [state]
    moves = 0
    while not GAME.is_over(state):
        seat = rng.choice(GAME.waiting_on(state))
        action = rng.choice(GAME.legal_actions(state, seat))
        applied = GAME.apply(state, seat, action)
        assert isinstance(applied, Applied)
        state = applied.state
        moves += 1
        if moves % every == 0:
            out.append(state)
    return [*out, state]


def check(view: dict[str, Any]) -> Counter[str]:
    count = classes(svg(view))
    assert count["tile"] == len(view["tiles"])
    assert count["up"] == sum(1 for t in view["tiles"] if t["face_up"])
    assert count["down"] == sum(1 for t in view["tiles"] if not t["face_up"])
    assert count["tile"] + count["empty"] == 81
    assert count["token"] == sum(len(t) for t in view["tokens"])
    for seat, spaces in enumerate(view["tokens"]):
        assert count[f"seat-{seat}"] == len(spaces)
    assert count["demon"] == len(view["demons"])
    assert count["good"] == (view["good"] is not None)
    assert count["bad"] == (view["bad"] is not None)
    return count


@pytest.mark.parametrize("players", [2, 3, 5, 6])
def test_every_tile_token_and_demon_has_one_mark_over_whole_games(players: int) -> None:
    seen = Counter[str]()
    for state in positions(players, f"picture-{players}"):
        seen += check(GAME.view(state, SPECTATOR))
        check(GAME.view(state, Viewer.of_seat(players - 1)))
    # The games drew tokens of every seat and some demons at some point.
    assert all(seen[f"seat-{s}"] for s in range(players))
    assert seen["demon"]


def test_no_tile_still_in_a_stack_is_named_even_from_an_operators_view() -> None:
    for state in positions(4, "hidden", every=10):
        view = GAME.view(state, OPERATOR)
        hidden = {tile for stack in view["stacks"].values() for tile in stack}
        assert hidden
        picture = svg(view)
        # A whole name only ("II-Y-1" is part of "III-Y-1", which may be on the board).
        assert not [t for t in hidden if re.search(rf"(?<![\w-]){re.escape(t)}(?![\w-])", picture)]
        # The same picture as a spectator's: the stacks' order changes nothing.
        assert picture == svg(GAME.view(state, SPECTATOR))


def test_a_hand_made_position_marks_what_it_holds() -> None:
    s = arranged(
        {0: ("(0,3)/o", "(0,0)/i"), 1: ("(0,5)/o",), 2: ()},
        resources={0: (1, 2, 3, 4)},
        demons=("(0,0)/i", "(1,1)/o"),
        down=("(0,6)",),
        good=3,
        bad=5,
    )
    view = GAME.view(s, Viewer.of_seat(0))
    count = check(view)
    assert count["down"] == 1 and count["seat-0"] == 2 and count["seat-1"] == 1
    assert count["demon"] == 2 and count["good"] == 1 and count["bad"] == 1
    picture = svg(view)
    # The legend names each seat's resources.
    assert "Y 1" in picture and "G 4" in picture


def test_text_from_the_view_is_escaped() -> None:
    view = GAME.view(arranged({0: ("(0,3)/o",)}), Viewer.of_seat(0))
    view["phase"] = "<script>&"
    view["stack_sizes"] = {"<b>": 1}
    picture = svg(view)
    assert "<script>" not in picture and "<b>" not in picture
    classes(picture)  # still parses


def test_the_tool_plays_a_seeded_game_and_writes_its_picture(tmp_path: Any) -> None:
    from tools.dantes_picture import main, position

    out = tmp_path / "board.svg"
    assert main(["--players", "3", "--moves", "120", "--seed", "t", "--out", str(out)]) == 0
    picture = out.read_text(encoding="utf-8")
    state = position(3, "t", 120, 12, ["heuristic", "random"])
    assert picture == svg(GAME.view(state, SPECTATOR))
    assert classes(picture)["token"] >= 9  # three setup tokens a seat at least
    with pytest.raises(SystemExit):
        main(["--players", "7", "--out", str(out)])


def test_the_view_that_crossed_the_wire_draws_the_same_picture() -> None:
    """What the console gets (the engine's GetView answer, read back by the codec) draws as the
    rules core's own view does, for a seat's view and an operator's."""
    from inferno_proto import engine_pb2 as pb
    from inferno_proto.codecs import codec, view_dict

    for state in positions(3, "wire", every=40):
        for viewer, seat in ((Viewer.of_seat(1), 1), (OPERATOR, None)):
            view = GAME.view(state, viewer)
            reply = pb.GetViewResponse(game="dantes_inferno", your_seat=seat)
            codec("dantes_inferno").fill_view(reply, view)
            assert svg(view_dict(reply)) == svg(view)
