"""Dante's Inferno as a :class:`~inferno_rules.core.Game`: options, setup, whose decision it is
(one seat, or every seat at once during the MAIN step), moves, the timeout move, views and the
result.

The contract (actions, events, view keys, rejection codes) is ``docs/games/dantes-inferno.md``.
"""

from __future__ import annotations

from typing import Any, Final

from ...core import Action, Applied, Decision, Event, Game, Outcome, Result, RoundScore, Viewer
from ...options import GameInfo, Nature, OptionSpec, OptionValue
from . import commands, legal, turns, view
from .state import FIGHT, MAIN, NOBODY, OVER, PLACING, DanteState, Work

MIN_PLAYERS: Final = 2
MAX_PLAYERS: Final = 6
MAX_ROUNDS: Final = 200
#: A table's match unless it says otherwise: quick play and bots need a match that ends (the
#: rulebook's game, 0, ends only when someone beats Lucifer).
DEFAULT_ROUNDS: Final = 12

INFO: Final = GameInfo(
    name="dantes_inferno",
    display_name="Dante's Inferno",
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    nature=Nature(
        sequential=True,
        simultaneous=True,
        real_time=False,
        chance=True,
        hidden_information=True,
    ),
    options=(
        OptionSpec(
            "ROUND_CAP",
            "int",
            DEFAULT_ROUNDS,
            "Rounds before the match stops (0 = none: the rulebook's game, which ends only when "
            "Lucifer is beaten): then the deepest token wins, ties broken by the most resources "
            "held.",
            minimum=0,
            maximum=MAX_ROUNDS,
        ),
    ),
    rules_url="shared/rules/dantes-inferno.md",
    short_match=(("ROUND_CAP", 3),),
)


class DantesInferno(Game[DanteState]):
    info = INFO
    state_type = DanteState

    # ------------------------------------------------------------------ setup
    def _new(self, players: int, options: dict[str, OptionValue], seed: str) -> DanteState:
        cap = options["ROUND_CAP"]
        assert isinstance(cap, int)
        blank = DanteState(
            players=players,
            seed=seed,
            cap=cap,
            limit=5 if players >= 5 else 6,
            phase=PLACING,
            stage=FIGHT,
            active=0,
            first=0,
            round_no=0,
            place_order=(),
            board=("",) * 81,
            down=(),
            stacks=(),
            tokens=((),) * players,
            demons=(),
            good=-1,
            bad=-1,
            resources=((0, 0, 0, 0),) * players,
            pending=(),
            roll=(),
            choices=(),
            retreat=(),
            free_step=False,
            free_demon=False,
            pushed=(),
            offers=(),
            next_offer=1,
            dice=0,
            moves=0,
            winner=NOBODY,
        )
        work = Work(blank)
        turns.lay_out(work)
        return work.freeze()._replace(moves=0)

    def opening_events(self, state: DanteState) -> tuple[Event, ...]:
        order = list(state.place_order)
        return (Event("setup", {"first_placer": order[0], "order": order}),)

    # ------------------------------------------------------------------ whose turn
    def to_act(self, state: DanteState) -> tuple[int, ...]:
        return legal.to_act(state)

    def decision(self, state: DanteState) -> Decision:
        seats = legal.to_act(state)
        return Decision(seats, simultaneous=state.phase == MAIN, tick_at=None)

    def waiting_on(self, state: DanteState) -> tuple[int, ...]:
        return legal.waiting_on(state)

    def is_over(self, state: DanteState) -> bool:
        return state.phase == OVER

    def players(self, state: DanteState) -> int:
        return state.players

    # ------------------------------------------------------------------ moves
    def _legal_actions(self, state: DanteState, seat: int) -> list[Action]:
        return legal.legal_actions(state, seat)

    def probe_actions(self, state: DanteState) -> list[Action]:
        return legal.probe_actions(state)

    def _apply(self, state: DanteState, actor: int, action: Action) -> Outcome:
        work = Work(state)
        refused = commands.run(work, actor, action)
        if refused is not None:
            return refused
        return Applied(work.freeze(), tuple(work.events))

    def default_action(self, state: DanteState, seat: int) -> Action:
        """The timeout move (spec §4): accept a roll, end the MAIN step, or a random forced
        choice; see :func:`.legal.default_action`."""
        return legal.default_action(state, seat)

    # ------------------------------------------------------------------ seeing
    def view(self, state: DanteState, viewer: Viewer) -> dict[str, Any]:
        return view.view(state, viewer)

    def private_tokens(self, state: DanteState) -> dict[int, frozenset[str]]:
        return view.private_tokens(state)

    def result(self, state: DanteState) -> Result | None:
        if state.phase != OVER:
            return None
        scores = turns.final_scores(state.tokens, state.winner)
        ranking = turns.final_ranking(state.tokens, state.resources, state.winner)
        winners = tuple(s for s in range(state.players) if ranking[s] == 1)
        # The match is scored once, at its end: one scored "round" (numbered 1, as every
        # result's rounds are), with the rounds played in its detail.
        lucifer = state.winner if state.winner != NOBODY else None
        rounds = (
            RoundScore(
                number=1,
                points=scores,
                detail={"lucifer": lucifer, "rounds_played": state.round_no},
            ),
        )
        return Result(scores, ranking, winners, rounds, lower_score_wins=False)
