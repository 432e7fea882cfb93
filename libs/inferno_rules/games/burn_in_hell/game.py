"""Burn in Hell as a :class:`~inferno_rules.core.Game`: options, setup, the shared guards plus
clock ticks, the rate limit, whose decision it is, and the result.

The contract (time, actions, events, view keys) is written out in ``docs/games/burn-in-hell.md``.
"""

from __future__ import annotations

from typing import Any, Final

from ...core import (
    CLOCK,
    Action,
    Applied,
    Decision,
    Event,
    Game,
    Outcome,
    Rejected,
    Result,
    RoundScore,
    Viewer,
    rank_seats,
)
from ...options import GameInfo, Nature, OptionSpec, OptionValue
from . import commands, legal, timers, view
from .state import (
    COUNTDOWN,
    COUNTDOWN_MS,
    NOT_HOLDING,
    OVER,
    RATE_LIMIT,
    RATE_WINDOW_MS,
    BurnState,
    Work,
    accepted_recently,
)

SERIES: Final = "SERIES"
OPEN: Final = "OPEN"

INFO: Final = GameInfo(
    name="burn_in_hell",
    display_name="Burn in Hell",
    min_players=4,
    max_players=8,
    nature=Nature(
        sequential=False,
        simultaneous=True,
        real_time=True,
        chance=True,
        hidden_information=True,
    ),
    # The spec's "5 commands/s per player", over every command a seat sends.
    command_rate=(RATE_LIMIT, RATE_WINDOW_MS),
    options=(
        OptionSpec(
            "DEAL_INTERVAL_MS",
            "int",
            2000,
            "Milliseconds between two deals (1000–5000).",
            minimum=1000,
            maximum=5000,
        ),
        OptionSpec(
            "MATCH",
            "enum",
            SERIES,
            "SERIES: as many rounds as players, highest total wins. OPEN: a single round.",
            choices=(SERIES, OPEN),
        ),
    ),
    rules_url="shared/rules/burn-in-hell.md",
)


class BurnInHell(Game[BurnState]):
    info = INFO
    state_type = BurnState

    # ------------------------------------------------------------------ setup
    def _new(self, players: int, options: dict[str, OptionValue], seed: str) -> BurnState:
        interval = options["DEAL_INTERVAL_MS"]
        match = options["MATCH"]
        assert isinstance(interval, int) and isinstance(match, str)
        blank = BurnState(
            players=players,
            seed=seed,
            deal_interval=interval,
            match=match,
            rounds=players if match == SERIES else 1,
            round_no=0,
            phase=COUNTDOWN,
            now=0,
            round_starts_at=0,
            first_seat=0,
            deck=(),
            next_deal_at=0,
            pointer=0,
            paused_until=0,
            tables=((),) * players,
            hands=((),) * players,
            hold_until=(NOT_HOLDING,) * players,
            cooldown_until=(0,) * players,
            circles=((),) * players,
            discard=(),
            offers=(),
            next_offer=1,
            digs=(),
            finished=(False,) * players,
            last_change_at=0,
            recent=((),) * players,
            totals=(0,) * players,
            history=(),
            winners=(),
        )
        work = Work(blank)
        timers.begin_countdown(work, 0, COUNTDOWN_MS)
        return work.freeze()

    def opening_events(self, state: BurnState) -> tuple[Event, ...]:
        data = {
            "round": state.round_no + 1,
            "rounds": state.rounds,
            "starts_at": state.round_starts_at,
            "first_seat": state.first_seat,
            "at": state.now,
        }
        return (Event("round_countdown", data),)

    # ------------------------------------------------------------------ whose decision
    def to_act(self, state: BurnState) -> tuple[int, ...]:
        return view.to_act(state)

    def decision(self, state: BurnState) -> Decision:
        if state.phase == OVER:
            return Decision((), False, None)
        return Decision(view.to_act(state), state.phase != COUNTDOWN, timers.next_due(state))

    def is_over(self, state: BurnState) -> bool:
        return state.phase == OVER

    def players(self, state: BurnState) -> int:
        return state.players

    # ------------------------------------------------------------------ moves
    def legal_actions(self, state: BurnState, seat: object) -> list[Action]:
        if type(seat) is not int or seat not in view.to_act(state):
            return []
        return legal.legal_actions(state, seat)

    def probe_actions(self, state: BurnState) -> list[Action]:
        return legal.probe_actions(state)

    def apply(self, state: BurnState, actor: object, action: object) -> Outcome:
        if state.phase == OVER:
            return Rejected("game_over", "the game is over; no more moves can be made")
        is_clock = type(actor) is int and actor == CLOCK
        if not is_clock and (type(actor) is not int or not 0 <= actor < state.players):
            return Rejected("no_such_seat", f"there is no seat {actor!r} at this table")
        if type(action) is not Action:
            if not (isinstance(action, tuple) and len(action) == 2 and type(action[0]) is str):
                return Rejected("malformed_action", "an action is a kind (text) and an argument")
            action = Action(*action)
        if is_clock:
            return self._tick(state, action)
        assert type(actor) is int
        if state.phase == COUNTDOWN:
            return Rejected(
                "not_your_turn",
                f"nobody can move until round {state.round_no + 1} starts "
                f"at {state.round_starts_at} ms",
            )
        if accepted_recently(state, actor) >= RATE_LIMIT:
            return Rejected(
                "rate",
                f"at most {RATE_LIMIT} commands per second: this one was dropped; send it again",
            )
        return self._apply(state, actor, action)

    def _tick(self, state: BurnState, action: Action) -> Outcome:
        if action.kind != "tick" or type(action.arg) is not int:
            return Rejected(
                "malformed_action", "the clock sends Action('tick', ms) with ms an integer"
            )
        ms: int = action.arg
        if ms < state.now:
            return Rejected(
                "clock_backwards", f"the game clock is at {state.now} ms; {ms} ms is in the past"
            )
        work = Work(state)
        timers.run_until(work, ms)
        return Applied(work.freeze(), tuple(work.events))

    def _apply(self, state: BurnState, actor: int, action: Action) -> Outcome:
        work = Work(state)
        refused = commands.run(work, actor, action)
        if refused is not None:
            return refused
        now = state.now
        kept = tuple(t for t in state.recent[actor] if now - t < RATE_WINDOW_MS)
        recent = list(work.recent)
        recent[actor] = (*kept, now)
        work.recent = recent
        return Applied(work.freeze(), tuple(work.events))

    def default_action(self, state: BurnState, seat: int) -> Action:
        """Never: Burn in Hell has no turn clock, so no move is ever forced on a seat (a forced
        "Finished!" could end the round behind a player's back)."""
        raise ValueError("Burn in Hell is played in real time: there is no turn clock to run out")

    # ------------------------------------------------------------------ seeing
    def view(self, state: BurnState, viewer: Viewer) -> dict[str, Any]:
        return view.view(state, viewer)

    def private_tokens(self, state: BurnState) -> dict[int, frozenset[str]]:
        return view.private_tokens(state)

    def result(self, state: BurnState) -> Result | None:
        if state.phase != OVER:
            return None
        ranking = rank_seats(state.totals, lower_wins=False)
        rounds = tuple(
            RoundScore(number=r + 1, points=tuple(points), detail={"reason": reason})
            for r, reason, points, _ in state.history
        )
        return Result(state.totals, ranking, state.winners, rounds, lower_score_wins=False)
