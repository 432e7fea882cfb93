"""The end screen says who won and why, per game (issue 14.5), from the final view's public
parts; a live table has no end screen; the commands are in ``--help``."""

from __future__ import annotations

from pathlib import Path

import pytest

from inferno_cli.__main__ import main
from inferno_cli.ending import WHY
from inferno_cli.render import render
from inferno_proto import engine_pb2
from inferno_rules.registry import all_games


def _finished(game: str, **extra: object) -> engine_pb2.GetViewResponse:
    return engine_pb2.GetViewResponse(
        table_id="t9",
        version=99,
        game=game,
        status=engine_pb2.TABLE_STATUS_FINISHED,
        seats=[engine_pb2.Seat(seat=s, name=n) for s, n in enumerate(("ana", "bea", "cy"))],
        your_seat=1,
        **extra,
    )


def test_inferno_the_lowest_total_wins() -> None:
    view = _finished("inferno")
    g = view.inferno
    g.phase = "over"
    for seat, total in enumerate((14, 3, 9)):
        g.seats.add(seat=seat, total=total)
    g.winners.append(1)
    text = render(view)
    assert "game over: bea ← you wins — well played!" in text
    assert "why: the lowest total wins" in text
    assert "final totals: ana 14, bea ← you 3, cy 9" in text


def test_oh_hell_the_highest_total_wins_and_ties_share() -> None:
    view = _finished("oh_hell")
    for seat, score in enumerate((21, 30, 30)):
        view.oh_hell.seats.add(seat=seat, score=score)
    text = render(view)
    assert "game over: bea ← you and cy share the win" in text
    assert "why: the highest total after the last hand wins" in text


def test_burn_in_hell_and_num_inferno_winners() -> None:
    burn = _finished("burn_in_hell")
    burn.burn_in_hell.totals.extend([40, 12, 7])
    burn.burn_in_hell.winners.append(0)
    assert "game over: ana wins\nwhy: the highest total wins" in render(burn)
    num = _finished("num_inferno")
    num.num_inferno.totals.extend([5, 5, 2])
    num.num_inferno.round_wins.extend([1, 2, 0])  # the tie goes to the most rounds won
    assert "game over: bea ← you wins" in render(num)


def test_a_live_table_has_no_end_screen_and_an_aborted_one_says_so() -> None:
    view = _finished("oh_hell")
    view.status = engine_pb2.TABLE_STATUS_LIVE
    assert "game over" not in render(view)
    view.status = engine_pb2.TABLE_STATUS_ABORTED
    assert "the table was aborted by an operator" in render(view)


def test_every_game_says_why() -> None:
    assert set(WHY) == set(all_games())


def test_help_lists_the_new_commands(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["--help"])
    out = capsys.readouterr().out
    for command in ("spectate", "results", "leaderboard", "--scoring"):
        assert command in out


def test_logout_forgets_the_tokens_but_not_where_the_servers_are(tmp_path: Path) -> None:
    import json

    path = tmp_path / "s.json"
    kept = {"lobby": "http://l:1", "engine": "e:2", "scoring": "http://s:3"}
    path.write_text(json.dumps({"access_token": "a", "refresh_token": "r", **kept}))
    assert main(["--session", str(path), "logout"]) == 0
    after = json.loads(path.read_text())
    assert after["access_token"] == "" and after["refresh_token"] == ""
    assert {k: after[k] for k in kept} == kept


def test_dantes_inferno_at_the_round_cap_the_deepest_token_then_resources() -> None:
    view = _finished("dantes_inferno")
    g = view.dantes_inferno
    g.phase = "over"
    for spaces, amounts in (
        (["(0,3)/o"], (5, 5, 5, 5)),  # ring I, outer: circle 1, many resources
        (["(1,3)/i", "(0,4)/o"], (1, 0, 0, 0)),  # ring II inner: circle 4
        (["(1,4)/i"], (2, 0, 0, 0)),  # also circle 4, more resources: wins the tie-break
    ):
        g.tokens.add(spaces=spaces)
        y, r, b, gr = amounts
        g.resources.add(y=y, r=r, b=b, g=gr)
    text = render(view)
    assert "game over: cy wins" in text, text
    assert "why: the first to beat Lucifer wins; at the round cap the deepest token" in text
    assert "deepest circle reached: ana 1, bea ← you 4, cy 4" in text
    g.winner = 0
    assert "game over: ana wins" in render(view)
