"""Dante's Inferno beyond the generic contract checks (``test_conformance.py`` plays it as a
registered game, as a short match: a random game almost never beats Lucifer): every argument
of every kind is refused or applied, never an error."""

from __future__ import annotations

from inferno_rules import Applied, Rejected

from .test_dantes_inferno_helpers import GAME, Action, S, arranged, commands, new, res, state

JUNK = (
    None, True, 0, -1, 2**40, 1.5, "", "x", "(0,3)/o", "C9", "(4,4)", [], [None], ["II", 5],
    [[1], [2]], {}, {"to": True}, {"to": 1, "give": {"Y": True}}, {"to": 1, "give": {1: 1}},
    {"path": 5}, {"path": ["(0,3)/o", "(0,4)/o"], "pay": {"Y": "1"}}, ["good", [1]],
    {"to": 1, "give": {"Y": 1}, "get": [], "note": 5},
)  # fmt: skip


def test_any_argument_of_any_kind_is_refused_or_applied_never_an_error() -> None:
    s = arranged(
        {0: ("(0,3)/o",), 1: ("(0,4)/o",)},
        resources={0: res(5, 5, 5, 5), 1: res(1, 1, 1, 1)},
        demons=("(0,0)/o",),
    )
    positions = [
        new(3),
        s,
        s._replace(phase=state.ROLL, roll=(state.RESOURCE_ROLL, -1, 1, 1, 0)),
        s._replace(phase=state.CHOOSE, choices=(state.TOKEN_CHOICE,)),
        s._replace(phase=state.FIGHT, stage=state.FIGHT, pending=(S("(0,3)/o"),)),
    ]
    kinds = [*sorted(commands.KNOWN), "nonsense"]
    for position in positions:
        for kind in kinds:
            for arg in JUNK:
                for seat in (0, 1):
                    out = GAME.apply(position, seat, Action(kind, arg))
                    assert isinstance(out, (Applied, Rejected))
