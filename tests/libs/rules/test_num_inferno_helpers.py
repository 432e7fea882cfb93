"""Helpers for the Num Inferno tests (no tests here): new tables, arranged positions, checked
moves. Positions are hand-made: each seat's hand and the trick are set directly."""

from __future__ import annotations

from typing import Any

from inferno_rules import Action, Applied, Rejected
from inferno_rules.games.num_inferno import NumInferno, cards, state
from inferno_rules.games.num_inferno import legal as rules_legal
from inferno_rules.games.num_inferno.cards import sort_hand
from inferno_rules.games.num_inferno.state import FREE, NO_COUNT, NOBODY, OPEN, UP, NumState

GAME = NumInferno()
PASS = Action("pass", None)


__all__ = ["GAME", "PASS", "NumInferno", "cards", "rules_legal", "state"]


def new(players: int = 4, seed: str = "num", **options: Any) -> NumState:
    return GAME.new_game(players, options, seed)


def play(*cards: str) -> Action:
    return Action("play", list(cards))


def arranged(
    hands: dict[int, tuple[str, ...]],
    to_act: int = 0,
    players: int = 4,
    plays: tuple[tuple[int, tuple[str, ...]], ...] = (),
    req_count: int = NO_COUNT,
    ref_value: int = FREE,
    status: str = OPEN,
    direction: str = UP,
    passed: tuple[int, ...] = (),
    finished: tuple[int, ...] = (),
    blocked: tuple[int, ...] = (),
    **options: Any,
) -> NumState:
    """A round in progress with these hands (a seat not named holds ``16R 16V``: two classic
    cards that beat almost anything) and this trick."""
    state = new(players, **options)
    all_hands = tuple(sort_hand(list(hands.get(s, ("16R", "16V")))) for s in range(players))
    return state._replace(
        hands=all_hands,
        to_act=(to_act,),
        plays=plays,
        req_count=req_count,
        ref_value=ref_value,
        status=status,
        direction=direction,
        passed=passed,
        last_player=plays[-1][0] if plays else NOBODY,
        finished=finished,
        blocked=blocked,
        starter=0,
    )


def applied(state: NumState, actor: int, action: Action) -> Applied:
    out = GAME.apply(state, actor, action)
    assert isinstance(out, Applied), out
    return out


def rejected(state: NumState, actor: int, action: Action, code: str) -> Rejected:
    before = GAME.encode(state)
    out = GAME.apply(state, actor, action)
    assert isinstance(out, Rejected), out
    assert out.code == code, out
    assert out.message
    assert GAME.encode(state) == before
    return out


def kinds(out: Applied) -> list[str]:
    return [e.kind for e in out.events]


def event(out: Applied, kind: str) -> dict[str, Any]:
    found = [e.data for e in out.events if e.kind == kind]
    assert found, f"no {kind} event in {kinds(out)}"
    return found[0]


def legal(state: NumState, seat: int) -> list[Any]:
    return [a.arg for a in GAME.legal_actions(state, seat)]
