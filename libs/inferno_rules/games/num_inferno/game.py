"""Num Inferno as a :class:`~inferno_rules.core.Game`: options, setup, whose turn, moves, the
timeout move, views and the result.

The contract (actions, events, view keys, rejection codes) is ``docs/games/num-inferno.md``.
"""

from __future__ import annotations

from typing import Any, Final

from ...core import (
    Action,
    Applied,
    Event,
    Game,
    Outcome,
    Result,
    RoundScore,
    Viewer,
)
from ...options import GameInfo, Nature, OptionSpec, OptionValue
from . import commands, legal, rounds, view
from .state import FREE, NO_COUNT, NOBODY, OPEN, OVER, PLAYING, UP, NumState, Work

MIN_PLAYERS: Final = 3
MAX_PLAYERS: Final = 6

INFO: Final = GameInfo(
    name="num_inferno",
    display_name="Num Inferno",
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    nature=Nature(
        sequential=True,
        simultaneous=False,
        real_time=False,
        chance=True,
        hidden_information=True,
    ),
    options=(
        OptionSpec(
            "ROUNDS",
            "int",
            3,
            "Rounds in the match (1–6); the highest total of placement points wins.",
            minimum=1,
            maximum=6,
        ),
    ),
    rules_url="shared/rules/num-inferno.md",
)


class NumInferno(Game[NumState]):
    info = INFO
    state_type = NumState

    # ------------------------------------------------------------------ setup
    def _new(self, players: int, options: dict[str, OptionValue], seed: str) -> NumState:
        count = options["ROUNDS"]
        assert isinstance(count, int)
        blank = NumState(
            players=players,
            seed=seed,
            rounds=count,
            round_no=0,
            phase=PLAYING,
            starter=0,
            hands=((),) * players,
            to_act=(),
            direction=UP,
            req_count=NO_COUNT,
            ref_value=FREE,
            status=OPEN,
            plays=(),
            passed=(),
            last_player=NOBODY,
            last_trick=(),
            last_winner=NOBODY,
            finished=(),
            blocked=(),
            totals=(0,) * players,
            wins=(0,) * players,
            history=(),
        )
        work = Work(blank)
        rounds.deal(work, 0, rounds.first_starter(seed, players))
        return work.freeze()

    def opening_events(self, state: NumState) -> tuple[Event, ...]:
        """The first deal: public hand sizes, and each hand to its owner."""
        public = Event(
            "deal",
            {
                "round": state.round_no + 1,
                "rounds": state.rounds,
                "starter": state.starter,
                "hand_sizes": [len(h) for h in state.hands],
            },
        )
        hands = tuple(
            Event("hand", {"seat": seat, "cards": list(hand)}, frozenset((seat,)))
            for seat, hand in enumerate(state.hands)
        )
        return (public, *hands)

    # ------------------------------------------------------------------ whose turn
    def is_over(self, state: NumState) -> bool:
        return state.phase == OVER

    def players(self, state: NumState) -> int:
        return state.players

    # ------------------------------------------------------------------ moves
    def _legal_actions(self, state: NumState, seat: int) -> list[Action]:
        return legal.legal_actions(state, seat)

    def probe_actions(self, state: NumState) -> list[Action]:
        return legal.probe_actions(state)

    def _apply(self, state: NumState, actor: int, action: Action) -> Outcome:
        work = Work(state)
        refused = commands.run(work, actor, action)
        if refused is not None:
            return refused
        return Applied(work.freeze(), tuple(work.events))

    def default_action(self, state: NumState, seat: int) -> Action:
        """The timeout move (§10): a follower passes; a leader plays his weakest safe Simple."""
        return legal.default_action(state, seat)

    # ------------------------------------------------------------------ seeing
    def view(self, state: NumState, viewer: Viewer) -> dict[str, Any]:
        return view.view(state, viewer)

    def private_tokens(self, state: NumState) -> dict[int, frozenset[str]]:
        return view.private_tokens(state)

    def result(self, state: NumState) -> Result | None:
        if state.phase != OVER:
            return None
        ranking = rounds.match_ranking(state.totals, state.wins)
        winners = tuple(seat for seat in range(state.players) if ranking[seat] == 1)
        played = tuple(
            RoundScore(
                number=r + 1,
                points=points,
                detail={
                    "order": list(order),
                    "blocked": list(blocked),
                    "winner": order[0] if order else None,
                },
            )
            for r, points, order, blocked in state.history
        )
        return Result(state.totals, ranking, winners, played, lower_score_wins=False)
