"""The rows an event becomes, as array-literal elements built before the batch's transaction.

Turning a match into row values (quoting names, running totals, the JSON of each round's
detail) is most of the consumer's own work per match. It is done before the transaction, while
no lock is held, so a second consumer of the group prepares its batch while the first one
writes; inside the transaction only the elements of the matches that turn out new are joined
into one literal per column (see ``pgarray`` and ``store``).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import chain

from . import pgarray
from .events import FinishedMatch, ScoredRound
from .ratings import Seat

_dumps = json.JSONEncoder(separators=(",", ":")).encode

#: Columns of ``scoring.participants`` prepared ahead (the rating columns come later).
PARTICIPANT_COLUMNS = 10
#: Columns of ``scoring.rounds``: table id, number, points, running scores, detail.
ROUND_COLUMNS = 5


@dataclass(frozen=True, slots=True)
class MatchRows:
    """A finished match with its seats as rating needs them, and the elements of its
    participant and round rows, one list per column."""

    match: FinishedMatch
    seats: list[Seat]
    participants: tuple[list[str], ...]
    rounds: tuple[list[str], ...]

    @classmethod
    def of(cls, match: FinishedMatch) -> MatchRows:
        p = match.payload
        ranks = match.rated_ranks()
        winners = set(p.winners)
        table = pgarray.text_element(match.table_id)
        seats = sorted(p.seats, key=lambda s: s.seat)
        participants: tuple[list[str], ...] = tuple([] for _ in range(PARTICIPANT_COLUMNS))
        for s in seats:
            for column, value in zip(
                participants,
                (
                    table, str(s.seat), pgarray.text_element(s.player_id),
                    pgarray.text_element(s.name), "t" if s.bot else "f",
                    "t" if s.abandoned else "f", str(p.scores[s.seat]),
                    str(p.ranking[s.seat]), str(ranks[s.seat]),
                    "t" if s.seat in winners else "f",
                ),
                strict=True,
            ):  # fmt: skip
                column.append(value)
        rounds: tuple[list[str], ...] = tuple([] for _ in range(ROUND_COLUMNS))
        running = [0] * len(seats)
        for r in p.rounds:
            running = [a + b for a, b in zip(running, r.points, strict=True)]
            rounds[0].append(table)
            rounds[1].append(str(r.number))
            rounds[2].append(pgarray.int_array_element(r.points))
            rounds[3].append(pgarray.int_array_element(running))
            rounds[4].append(pgarray.text_element(_dumps(r.detail)))
        rating_seats = [Seat(s.seat, s.player_id, s.name, s.bot, ranks[s.seat]) for s in seats]
        return cls(match, rating_seats, participants, rounds)


def scored_round(item: ScoredRound) -> tuple[list[str], ...]:
    """The one round row of a ``table.round_scored`` event, one list per column."""
    p = item.payload
    return (
        [pgarray.text_element(item.table_id)],
        [str(p.round)],
        [pgarray.int_array_element(p.points)],
        [pgarray.int_array_element(p.scores)],
        [pgarray.text_element(_dumps(p.detail))],
    )


def columns(parts: Sequence[tuple[list[str], ...]], width: int) -> list[str]:
    """One array literal per column, joining the prepared elements of ``parts`` in order."""
    return [pgarray.joined(chain.from_iterable(part[i] for part in parts)) for i in range(width)]


def count(parts: Iterable[tuple[list[str], ...]]) -> int:
    return sum(len(part[0]) for part in parts)
