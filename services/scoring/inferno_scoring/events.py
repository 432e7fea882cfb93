"""The two bus events scoring stores, checked before anything is written.

``table.finished`` becomes a :class:`FinishedMatch` and ``table.round_scored`` a
:class:`ScoredRound`; a payload that breaks the contract in ``docs/events.md`` raises
:class:`InvalidEvent` with a reason a person understands, and the consumer dead-letters it.
Beyond the field types, a finished match must be consistent: one entry per seat in every list,
seats numbered 0..n-1, one seat per player, and a revealed seed that matches its commitment
(otherwise the deals could not be verified, and the result is not trusted).
"""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from inferno_bus import Envelope, EventType
from inferno_rules import commitment


class InvalidEvent(ValueError):
    """A bus event scoring cannot store; the message is the dead-letter reason."""


#: Points and scores are stored in PostgreSQL ``integer`` columns; a larger number is refused
#: here with its place named, instead of failing the whole batch's transaction.
Points = Annotated[int, Field(ge=-(2**31), le=2**31 - 1)]


class _Payload(BaseModel):
    model_config = ConfigDict(frozen=True, extra="ignore")


class Seat(_Payload):
    seat: int = Field(ge=0)
    player_id: str = Field(min_length=1, max_length=200)
    name: str = Field(max_length=200)
    bot: bool = False
    abandoned: bool = False


class Round(_Payload):
    number: int = Field(ge=1, le=2**31 - 1)
    points: list[Points]
    detail: dict[str, Any] = Field(default_factory=dict)


class FinishedPayload(_Payload):
    game: str = Field(min_length=1, max_length=100)
    seats: list[Seat] = Field(min_length=2)
    scores: list[Points]
    ranking: list[int]
    winners: list[int]
    lower_score_wins: bool = False
    rounds: list[Round] = Field(default_factory=list)
    seed: str = Field(min_length=1)
    seed_commitment: str = Field(pattern=r"^[0-9a-f]{64}$")
    finished_at: int = Field(ge=0, le=2**63 - 1)
    #: Spectators see the table this many seconds late; the result is public only after.
    spectator_delay_seconds: int = Field(default=0, ge=0, le=10**9)
    #: A private table's result: stored and rated, never shown by the read API.
    private: bool = False

    @property
    def visible_at(self) -> int:
        """When the result may be shown (ms): the finish plus the spectator delay; at once
        (0) without a delay, whatever the engine's clock said."""
        if self.spectator_delay_seconds == 0:
            return 0
        return min(2**63 - 1, self.finished_at + 1000 * self.spectator_delay_seconds)

    @model_validator(mode="after")
    def _consistent(self) -> FinishedPayload:
        n = len(self.seats)
        if sorted(s.seat for s in self.seats) != list(range(n)):
            raise ValueError(f"seats must be numbered 0..{n - 1}, one entry each")
        players = [s.player_id for s in self.seats]
        if len(set(players)) != n:
            raise ValueError("a player holds more than one seat")
        for name, values in (("scores", self.scores), ("ranking", self.ranking)):
            if len(values) != n:
                raise ValueError(f"{name} has {len(values)} entries for {n} seats")
        if any(not 1 <= rank <= n for rank in self.ranking):
            raise ValueError(f"ranking entries must be between 1 and {n}")
        if any(not 0 <= w < n for w in self.winners):
            raise ValueError(f"winners must be seats between 0 and {n - 1}")
        numbers = [r.number for r in self.rounds]
        if numbers != list(range(1, len(numbers) + 1)):
            raise ValueError("rounds must be numbered 1, 2, 3… in order")
        for r in self.rounds:
            if len(r.points) != n:
                raise ValueError(f"round {r.number} has {len(r.points)} points for {n} seats")
        if commitment(self.seed) != self.seed_commitment:
            raise ValueError("the revealed seed does not match its commitment")
        return self


class RoundScoredPayload(_Payload):
    game: str = Field(min_length=1, max_length=100)
    round: int = Field(ge=1, le=2**31 - 1)
    points: list[Points] = Field(min_length=1)
    scores: list[Points] = Field(min_length=1)
    detail: dict[str, Any] = Field(default_factory=dict)

    @model_validator(mode="after")
    def _consistent(self) -> RoundScoredPayload:
        if len(self.points) != len(self.scores):
            raise ValueError("points and scores differ in length")
        return self


class FinishedMatch(BaseModel):
    """A finished match as scoring stores it."""

    model_config = ConfigDict(frozen=True)

    event_id: str
    table_id: str
    published_at_ms: int
    payload: FinishedPayload

    @property
    def game(self) -> str:
        return self.payload.game

    @property
    def order_key(self) -> tuple[int, str]:
        """Ratings are applied in this order: finish time, ties by table id."""
        return (self.payload.finished_at, self.table_id)

    def rated_ranks(self) -> list[int]:
        """Per seat, the rank rated: the reported ranking, with every seat that abandoned
        (left, or handed to a bot after timeouts) sharing last place below everyone else."""
        stayed = [self.payload.ranking[s.seat] for s in self.payload.seats if not s.abandoned]
        last = max(stayed, default=0) + 1
        return [
            last if seat.abandoned else self.payload.ranking[seat.seat]
            for seat in sorted(self.payload.seats, key=lambda s: s.seat)
        ]


class ScoredRound(BaseModel):
    model_config = ConfigDict(frozen=True)

    event_id: str
    table_id: str
    payload: RoundScoredPayload


def _describe(err: ValidationError) -> str:
    parts = []
    for e in err.errors():
        where = ".".join(str(p) for p in e["loc"])
        message = e["msg"].removeprefix("Value error, ")
        parts.append(f"{where}: {message}" if where else message)
    return "; ".join(parts)


def parse(envelope: Envelope) -> FinishedMatch | ScoredRound | None:
    """The stored form of an event, or None for event types scoring does not store."""
    if envelope.type not in (EventType.TABLE_FINISHED, EventType.ROUND_SCORED):
        return None
    if not envelope.table:
        raise InvalidEvent(f"{envelope.type} without a table id")
    # The envelope is validated already and the payload just now: ``model_construct`` wraps
    # them without validating the payload a second time (half the cost of parsing).
    try:
        if envelope.type == EventType.TABLE_FINISHED:
            return FinishedMatch.model_construct(
                event_id=envelope.id,
                table_id=envelope.table,
                published_at_ms=envelope.time,
                payload=FinishedPayload.model_validate(envelope.payload),
            )
        return ScoredRound.model_construct(
            event_id=envelope.id,
            table_id=envelope.table,
            payload=RoundScoredPayload.model_validate(envelope.payload),
        )
    except ValidationError as err:
        raise InvalidEvent(f"invalid {envelope.type} payload: {_describe(err)}") from err
