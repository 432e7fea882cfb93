"""Helpers for the Burn in Hell tests: new tables, ticks, arranged positions, checked moves."""

from __future__ import annotations

from typing import Any

from inferno_rules import CLOCK, Action, Applied, Rejected
from inferno_rules.games.burn_in_hell import BurnInHell
from inferno_rules.games.burn_in_hell.state import DEALING, ENDING, BurnState

GAME = BurnInHell()
START = 5000  # the first round's first deal (after the 5 s countdown)


def new(players: int = 4, seed: str = "burn", **options: Any) -> BurnState:
    return GAME.new_game(players, options, seed)


def applied(state: BurnState, actor: int, action: Action) -> Applied:
    out = GAME.apply(state, actor, action)
    assert isinstance(out, Applied), out
    return out


def rejected(state: BurnState, actor: int, action: Action, code: str | None = None) -> Rejected:
    before = GAME.encode(state)
    out = GAME.apply(state, actor, action)
    assert isinstance(out, Rejected), out
    assert out.message
    if code is not None:
        assert out.code == code, out
    assert GAME.encode(state) == before
    return out


def tick(state: BurnState, ms: int) -> Applied:
    return applied(state, CLOCK, Action("tick", ms))


def kinds(out: Applied) -> list[str]:
    return [e.kind for e in out.events]


def event(out: Applied, kind: str) -> dict[str, Any]:
    found = [e.data for e in out.events if e.kind == kind]
    assert found, f"no {kind} event in {kinds(out)}"
    return found[0]


def arranged(
    players: int = 4,
    tables: dict[int, tuple[str, ...]] | None = None,
    hands: dict[int, tuple[str, ...]] | None = None,
    deck: tuple[str, ...] | None = None,
    discard: tuple[str, ...] = (),
    ending: bool = False,
    now: int = START + 1,
    **options: Any,
) -> BurnState:
    """A running round (after the first deal time) with the given cards and nothing else dealt.

    ``deck`` defaults to every card not placed elsewhere; ``ending`` empties the deck (the end
    phase, E1 timer from ``now``).
    """
    state = new(players, **options)
    placed = [c for zone in (tables or {}, hands or {}) for cards in zone.values() for c in cards]
    placed += list(discard)
    if deck is None:
        deck = tuple(c for c in state.deck if c not in placed)
    table_list = [tuple((tables or {}).get(s, ())) for s in range(players)]
    hand_list = [tuple((hands or {}).get(s, ())) for s in range(players)]
    hold = tuple(now + 10_000 if hand_list[s] else -1 for s in range(players))
    return state._replace(
        phase=ENDING if ending else DEALING,
        now=now,
        deck=() if ending else deck,
        next_deal_at=now + 1000,
        tables=tuple(table_list),
        hands=tuple(hand_list),
        hold_until=hold,
        discard=discard,
        last_change_at=now,
    )
