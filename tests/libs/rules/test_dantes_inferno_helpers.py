"""Helpers for the Dante's Inferno tests (no tests here): the package imported from the right
build, new tables, hand-made positions and checked moves."""

from __future__ import annotations

import os

import inferno_rules.games

# Until Dante's Inferno is registered, the compiled ``inferno_rules.games`` package has a wrong
# ``__path__`` (see test_num_inferno_helpers.py): add the real ``games/`` directories.
for _root in inferno_rules.__path__:
    _games = os.path.join(_root, "games")
    if os.path.isdir(_games) and _games not in inferno_rules.games.__path__:
        inferno_rules.games.__path__.append(_games)

from typing import Any  # noqa: E402

from inferno_rules import Action, Applied, Rejected  # noqa: E402
from inferno_rules.games.dantes_inferno import DantesInferno, board, commands, state  # noqa: E402
from inferno_rules.games.dantes_inferno.state import MAIN, DanteState  # noqa: E402

GAME = DantesInferno()
S = board.parse_space
C = board.parse_cell

__all__ = ["GAME", "Action", "DanteState", "board", "commands", "state"]


def new(players: int = 3, seed: str = "dante", **options: Any) -> DanteState:
    return GAME.new_game(players, options, seed)


def res(y: int = 0, r: int = 0, b: int = 0, g: int = 0) -> tuple[int, int, int, int]:
    return (y, r, b, g)


def arranged(
    tokens: dict[int, tuple[str, ...]] | None = None,
    players: int = 3,
    active: int = 0,
    resources: dict[int, tuple[int, int, int, int]] | None = None,
    demons: tuple[str, ...] = (),
    placed: dict[str, str] | None = None,
    down: tuple[str, ...] = (),
    **fields: Any,
) -> DanteState:
    """A MAIN step of ``active`` with these tokens (space names), resources, demons, extra
    tiles (position name -> tile id) and face-down positions; other fields as given."""
    s = new(players)
    spaces = tuple(
        tuple(sorted(S(n) for n in (tokens or {}).get(seat, ()))) for seat in range(players)
    )
    tiles = list(s.board)
    for where, tile in (placed or {}).items():
        tiles[C(where)] = tile
    money = tuple((resources or {}).get(seat, res()) for seat in range(players))
    values: dict[str, Any] = {
        "phase": MAIN,
        "stage": MAIN,
        "active": active,
        "first": 0,
        "round_no": 1,
        "place_order": (),
        "tokens": spaces,
        "resources": money,
        "demons": tuple(sorted(S(n) for n in demons)),
        "board": tuple(tiles),
        "down": tuple(sorted(C(n) for n in down)),
    }
    values.update(fields)
    return s._replace(**values)


def applied(s: DanteState, actor: int, action: Action) -> Applied:
    out = GAME.apply(s, actor, action)
    assert isinstance(out, Applied), out
    return out


def rejected(s: DanteState, actor: int, action: Action, code: str) -> Rejected:
    before = GAME.encode(s)
    out = GAME.apply(s, actor, action)
    assert isinstance(out, Rejected), out
    assert out.code == code, out
    assert out.message
    assert GAME.encode(s) == before
    return out


def kinds(out: Applied) -> list[str]:
    return [e.kind for e in out.events]


def event(out: Applied, kind: str) -> dict[str, Any]:
    found = [e.data for e in out.events if e.kind == kind]
    assert found, f"no {kind} event in {kinds(out)}"
    return found[0]


def legal(s: DanteState, seat: int) -> list[Action]:
    return GAME.legal_actions(s, seat)
