"""Burn in Hell's 108 cards (spec §2) and Circle validation (spec §7), incl. Seven Sins."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from inferno_rules.games.burn_in_hell.cards import (
    CARD_IDS,
    COMBINATIONS,
    SINS,
    SOUL_BY_ID,
    SOULS,
    SPECIALS,
    card_info,
)
from inferno_rules.games.burn_in_hell.circles import (
    COMBINATION,
    SAME_VALUE,
    SEVEN_SINS,
    SIN_HOARD,
    SOLITARY_CIRCLE,
    circle_type,
    find_circles,
)


def test_the_designed_deck_matches_the_spec_summary() -> None:
    assert len(CARD_IDS) == len(set(CARD_IDS)) == 108
    assert len(SOULS) == 84 and len(SPECIALS) == 24
    assert Counter(s.value for s in SOULS) == {1: 28, 2: 21, 3: 14, 4: 14, 5: 7}
    assert sum(s.value for s in SOULS) == 203
    for sin in SINS:
        carriers = [s for s in SOULS if sin in s.sins]
        assert len(carriers) == 15 and sum(s.value for s in carriers) == 38
    assert sum(1 for s in SOULS if "Cleric" in s.descriptions) == 6
    assert sum(1 for s in SOULS if "Warrior" in s.descriptions) == 13
    assert Counter(s.kind for s in SPECIALS) == {
        "STOP": 4,
        "STEAL": 9,
        "STEAL_SPECIAL": 3,
        "DIG": 3,
        "LAKE": 3,
        "SOLITARY": 2,
    }
    pairs = {frozenset(s.sins) for s in SOULS if len(s.sins) == 2}
    assert len(pairs) == 21
    assert card_info("D07")["combination"] == "Mad Emperors"
    assert card_info("STOP-1")["kind"] == "STOP"


@pytest.mark.parametrize(("name", "members"), COMBINATIONS)
def test_a_combination_is_exactly_its_three_members(name: str, members: tuple[str, ...]) -> None:
    assert circle_type(list(members)) == COMBINATION
    assert circle_type(list(members[:2])) is None
    extra = next(s.id for s in SOULS if s.id not in members and s.value == 1)
    assert circle_type([*members, extra]) is None  # no extra souls


def test_seven_sins_needs_a_perfect_matching() -> None:
    singles = ["P1", "G2", "L3", "E4", "U5", "W5", "S9"]  # mixed values: not "same value"
    assert circle_type(singles) == SEVEN_SINS
    # Double-sin souls count for either sin: Croesus (Pride/Greed) covers Greed here.
    assert circle_type(["P1", "D01", "L3", "E4", "U5", "W5", "S9"]) == SEVEN_SINS
    # All doubles: D01 P/G, D02 G/L, D03 L/E, D04 E/Gl, D05 Gl/W, D06 W/S, D07 S/P — a cycle.
    assert circle_type(["D01", "D02", "D03", "D04", "D05", "D06", "D07"]) == SEVEN_SINS
    # Seven souls carrying all seven sins between them, but no matching: Pride and Greed are
    # both only on Croesus (D01), who can count for one of them.
    assert circle_type(["D01", "L9", "L8", "E9", "U9", "W5", "S9"]) is None
    assert circle_type(singles[:6]) is None
    assert circle_type([*singles[:6], "P8"]) is None  # two Pride, no Sloth
    assert circle_type([*singles[:6], "D12"]) == SEVEN_SINS  # Gluttony/Sloth counts as Sloth
    assert circle_type([*singles, "P8"]) is None  # exactly seven


def test_sin_hoard_every_card_carries_the_sin_and_totals_twenty() -> None:
    assert circle_type(["P2", "P3", "P4", "P5", "P6", "P7", "P8", "P9"]) is None  # 15 < 20
    pride = ["P1", "P2", "P3", "D13", "D19", "D08"]  # 5+4+3+3+4+3 = 22
    assert circle_type(pride) == SIN_HOARD
    assert circle_type([*pride, "G9"]) is None  # an outsider without Pride
    assert circle_type(["P1", "P2", "P3", "P4", "P5", "D01", "D07"]) == SIN_HOARD  # 5+4+3+2+2+2+2


def test_same_value_at_least_four_of_one_value_and_nothing_else() -> None:
    assert circle_type(["P9", "G9", "L9", "E9"]) == SAME_VALUE
    assert circle_type(["P9", "G9", "L9"]) is None
    assert circle_type(["P9", "G9", "L9", "E9", "P4"]) is None


def test_solitary_is_one_soul_and_one_solitary_confinement() -> None:
    assert circle_type(["P1", "SOLITARY-1"]) == SOLITARY_CIRCLE
    assert circle_type(["P1", "P2", "SOLITARY-1"]) is None
    assert circle_type(["P1", "STOP-1"]) is None
    assert circle_type(["SOLITARY-1", "SOLITARY-2"]) is None
    assert circle_type(["P9", "G9", "L9", "E9", "STOP-1"]) is None  # no Specials otherwise
    assert circle_type([]) is None


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(CARD_IDS), min_size=0, max_size=40, unique=True))
def test_every_circle_found_is_valid_and_uses_only_the_given_cards(cards: list[str]) -> None:
    found = find_circles(cards)
    assert len(found) <= 32 and len(set(found)) == len(found)
    for circle in found:
        assert set(circle) <= set(cards)
        assert circle_type(list(circle)) is not None


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from([s.id for s in SOULS]), min_size=7, max_size=7, unique=True))
def test_seven_sins_agrees_with_brute_force(souls: list[str]) -> None:
    from itertools import permutations

    brute = any(
        all(sin in SOUL_BY_ID[soul].sins for sin, soul in zip(SINS, order, strict=True))
        for order in permutations(souls)
    )
    kind = circle_type(souls)
    if brute:
        assert kind is not None  # a Seven Sins (or, with equal values, also a same-value set)
    if kind == SEVEN_SINS:
        assert brute
