"""Reason codes are a contract: ``reasons.proto`` lists every reason the engine can send, and a
refusal carries it in the standard ``google.rpc.Status`` details as well as in the trailer.

The list is checked three ways: every reason written in the engine and the codecs (and the
families built at run time: ``table_<status>``, ``bad_option:<OPTION>``); every rejection code
in the rules of every registered game (read from their source, and met in random games that
also try every probe action); and, through a real engine, the details of a refusal.
"""

from __future__ import annotations

import ast
import random
from pathlib import Path
from typing import Any

import grpc
import pytest
from google.rpc import error_details_pb2, status_pb2

from inferno_proto import reasons
from inferno_rules import CLOCK, Applied, Rejected, all_games

from .client import Client, bid, create_table
from .conftest import ROOT

pytestmark = pytest.mark.anyio
ERRORS = {
    "InvalidArgument",
    "RuleBroken",
    "PermissionDenied",
    "Unauthenticated",
    "TableNotFound",
    "StaleVersion",
    "AlreadyExists",
    "GameNotServed",
    "CodecError",
    "EngineError",
}
#: The reasons built at run time, with every value they take.
FAMILIES = {
    "f'table_{snap.status}'": ["table_paused", "table_finished", "table_aborted"],
    "f'bad_option:{err.option}'": ["bad_option:ORDER"],
    "f'bad_option:{MATCH}'": ["bad_option:MATCH"],
}


def written_reasons(paths: list[Path], rules: bool) -> set[str]:
    """Every reason literal in these files: ``reason=``/second argument of the engine's and the
    codecs' errors, and (``rules``) the first argument of ``Rejected`` and its helpers."""
    found: set[str] = set()
    for path in paths:
        for node in ast.walk(ast.parse(path.read_text())):
            if not isinstance(node, ast.Call):
                continue
            name = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
            values: list[ast.expr] = []
            if name in ERRORS:
                values += [k.value for k in node.keywords if k.arg == "reason"]
                values += node.args[1:2]
            if rules and name in ("Rejected", "_refuse") and node.args:
                values.append(node.args[0])
            for value in values:
                if isinstance(value, ast.Constant) and isinstance(value.value, str):
                    found.add(value.value)
                elif isinstance(value, ast.JoinedStr):
                    text = ast.unparse(value)
                    assert text in FAMILIES, f"{path}: a reason built at run time: {text}"
                    found.update(FAMILIES[text])
    return found


def game_sources() -> list[Path]:
    """The rules' framework and the source of every registered game."""
    files = [ROOT / "libs/inferno_rules/core.py"]
    for game in all_games().values():
        # By the module's name, not its file: the compiled build's files are not the source.
        parts = type(game).__module__.split(".")  # inferno_rules.games.<game>[.game]
        base = ROOT / "libs" / Path(*parts[:3])
        files += sorted(base.glob("*.py")) if base.is_dir() else [base.with_suffix(".py")]
    return files


def test_every_reason_written_in_the_engine_and_the_codecs_is_listed() -> None:
    files = sorted((ROOT / "services/engine/inferno_engine").glob("*.py"))
    files += sorted((ROOT / "libs/inferno_proto/codecs").glob("*.py"))
    found = written_reasons(files, rules=False)
    assert len(found) > 30
    unlisted = {r for r in found if not reasons.is_listed(r)}
    assert not unlisted, f"add to reasons.proto: {sorted(unlisted)}"


def test_every_rejection_of_every_registered_game_is_listed() -> None:
    found = written_reasons(game_sources(), rules=True)
    assert len(found) > 20
    unlisted = {r for r in found if not reasons.is_listed(r)}
    assert not unlisted, f"add to reasons.proto: {sorted(unlisted)}"


@pytest.mark.parametrize("name", sorted(all_games()))
def test_the_rejections_met_in_random_games_are_listed(name: str) -> None:
    """Codes built in ways a reading of the source misses, met by trying every probe action,
    another seat's move and bad arguments at every step of random games."""
    game = all_games()[name]
    rng = random.Random(name)
    met: set[str] = set()
    players = game.info.min_players
    state = game.new_game(players, {}, f"reasons-{name}")
    for _ in range(400):
        if game.is_over(state):
            break
        decision = game.decision(state)
        for seat in decision.seats[:2]:
            legal = game.legal_actions(state, seat)
            tries: list[Any] = [*game.probe_actions(state)[:40], ("play", None), ("nonsense", 1)]
            for action in tries:
                if action in legal:
                    continue
                out = game.apply(state, seat, action)
                if isinstance(out, Rejected):
                    met.add(out.code)
        out_of_turn = [s for s in range(players) if s not in decision.seats]
        if out_of_turn and decision.seats:
            action = game.legal_actions(state, decision.seats[0])[0]
            out = game.apply(state, out_of_turn[0], action)
            if isinstance(out, Rejected):
                met.add(out.code)
        if decision.tick_at is not None and (not decision.seats or rng.random() < 0.4):
            moved = game.apply(state, CLOCK, ("tick", decision.tick_at))
        else:
            seat = rng.choice(decision.seats)
            moved = game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
        assert isinstance(moved, Applied)
        state = moved.state
    assert met, f"{name}: no refusal was met"
    unlisted = {code for code in met if not reasons.is_listed(code)}
    assert not unlisted, f"add to reasons.proto: {sorted(unlisted)}"


async def test_a_refusal_carries_the_reason_in_the_standard_status_details(engine) -> None:
    await create_table(engine.address, "t", ["ana", "bruno", "carla"])
    clients = [Client(engine.address, n) for n in ("ana", "bruno", "carla")]
    try:
        view = await clients[0].view("t")
        waiting = clients[(view.decision.seats[0] + 1) % 3]
        with pytest.raises(grpc.aio.AioRpcError) as refused:
            await waiting.submit("t", view.version, bid(0))
        trailing = dict(refused.value.trailing_metadata())
        assert trailing["inferno-reason"] == "not_your_turn"
        status = status_pb2.Status.FromString(trailing[reasons.DETAILS_KEY])
        assert status.code == grpc.StatusCode.FAILED_PRECONDITION.value[0]
        assert status.message == refused.value.details()
        info = error_details_pb2.ErrorInfo()
        assert status.details[0].Unpack(info)
        assert info.reason == "NOT_YOUR_TURN" and info.domain == "inferno.engine.v1"
        assert info.metadata["message_key"] == "inferno.reason.not_your_turn"
        assert info.metadata["version"] == str(view.version)
    finally:
        for client in clients:
            await client.close()


def test_a_bad_options_name_travels_in_the_error_info() -> None:
    info = error_details_pb2.ErrorInfo()
    status = status_pb2.Status.FromString(
        reasons.status_details(3, "ORDER must be one of …", "bad_option:ORDER", None)
    )
    assert status.details[0].Unpack(info)
    assert (info.reason, info.metadata["option"]) == ("BAD_OPTION", "ORDER")
    assert "version" not in info.metadata
    assert not reasons.is_listed("made_up_reason") and reasons.is_listed("bad_option:HOOK")
