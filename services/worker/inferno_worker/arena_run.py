"""Playing an arena: who sits where, playing every deal in every seating, and the figures.

The arena plays in duplicate format: every deal (seed) is played once per seating, the lineup
rotated one seat each time, so every bot holds every seat of every deal and neither the cards
nor the seat order favour anyone. A bot's score on a deal is the mean final score of the seats
it held over those seatings. Deals run in-process on the rules core
(:mod:`inferno_worker.local_table`), spread over worker processes; results depend only on the
seed, never on the number of processes. :mod:`inferno_worker.arena` is the command around it.
"""

from __future__ import annotations

import itertools
import math
import random
import time
from collections.abc import Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field

from tqdm import tqdm

from inferno_rules import OptionError, get_game, validate_options

from .bots import UnknownBot, get_bot
from .local_table import play_table
from .stats import MeanCI, PairedTest, mean_ci, paired_test


@dataclass(frozen=True)
class ArenaSpec:
    """What to play: plain data, so it can travel to worker processes."""

    game: str
    players: int
    lineup: tuple[str, ...]  # the bot at each seat in the first seating
    deals: int
    seed: str = "arena"
    options: tuple[tuple[str, object], ...] = ()

    @property
    def bots(self) -> tuple[str, ...]:
        """The distinct bots, in lineup order."""
        return tuple(dict.fromkeys(self.lineup))

    @property
    def games(self) -> int:
        return self.deals * self.players

    def seating(self, turn: int) -> tuple[str, ...]:
        """The lineup rotated ``turn`` seats: seat ``s`` gets ``lineup[(s + turn) mod n]``."""
        n = self.players
        return tuple(self.lineup[(s + turn) % n] for s in range(n))


@dataclass
class DealRecord:
    """One deal played in every seating: per bot, its mean score and its exact-bid tally."""

    scores: dict[str, float]
    # (bot, cards in the hand) -> [hands where the bid was made exactly, hands bid]
    made: dict[tuple[str, int], list[int]] = field(default_factory=dict)
    decisions: int = 0


@dataclass
class ArenaReport:
    """Everything the arena measured, ready to print, plot and write down."""

    spec: ArenaSpec
    lower_score_wins: bool
    per_deal: dict[str, list[float]]
    means: dict[str, MeanCI]
    comparisons: list[tuple[str, str, PairedTest]]
    made: dict[tuple[str, int], list[int]]
    decisions: int
    seconds: float


def make_spec(
    game: str,
    players: int,
    bots: Sequence[str],
    games: int,
    seed: str = "arena",
    options: dict[str, object] | None = None,
) -> ArenaSpec:
    """Check every input and build the spec; raises ``ValueError`` with a readable message.

    ``bots`` fill the seats in turn (``heuristic random`` at 4 seats is H R H R); ``games`` is
    rounded up to whole deals (a deal is ``players`` games, one per seating).
    """
    try:
        rules = get_game(game)
    except LookupError as err:
        raise ValueError(str(err)) from None
    info = rules.info
    if not info.min_players <= players <= info.max_players:
        raise ValueError(
            f"{info.display_name} seats {info.min_players} to {info.max_players} players; "
            f"got {players}"
        )
    if not bots:
        raise ValueError("name at least one bot")
    if len(bots) > players:
        raise ValueError(f"{len(bots)} bots do not fit at {players} seats")
    for name in bots:
        try:
            get_bot(game, name)
        except UnknownBot as err:
            raise ValueError(str(err)) from None
    if games < 1:
        raise ValueError(f"play at least one game; got {games}")
    if not seed:
        raise ValueError("the seed must not be empty")
    try:
        checked = validate_options(info, options or {})
    except OptionError as err:
        allowed = f" (allowed: {err.allowed})" if err.allowed not in err.message else ""
        raise ValueError(f"{err.message}{allowed}") from None
    lineup = tuple(bots[s % len(bots)] for s in range(players))
    return ArenaSpec(
        game=game,
        players=players,
        lineup=lineup,
        deals=math.ceil(games / players),
        seed=seed,
        options=tuple(sorted(checked.items())),
    )


def play_deal(spec: ArenaSpec, deal: int) -> DealRecord:
    """Play deal number ``deal`` once in every seating."""
    rules = get_game(spec.game)
    options = dict(spec.options)
    totals: dict[str, list[float]] = {bot: [] for bot in spec.bots}
    made: dict[tuple[str, int], list[int]] = {}
    decisions = 0
    for turn in range(spec.players):
        seating = spec.seating(turn)
        bots = [get_bot(spec.game, name) for name in seating]
        rng = random.Random(f"{spec.seed}:{deal}:{turn}")
        result, steps = play_table(
            rules, spec.players, options, f"{spec.seed}/deal-{deal}", bots, rng
        )
        decisions += steps
        for seat, name in enumerate(seating):
            totals[name].append(result.scores[seat])
        for round_ in result.rounds:
            bids, won = round_.detail.get("bids"), round_.detail.get("won")
            if bids is None or won is None:
                continue
            cards = int(round_.detail.get("cards", 0))
            for seat, name in enumerate(seating):
                tally = made.setdefault((name, cards), [0, 0])
                tally[0] += bids[seat] == won[seat]
                tally[1] += 1
    scores = {bot: sum(v) / len(v) for bot, v in totals.items()}
    return DealRecord(scores, made, decisions)


def _play_deals(job: tuple[ArenaSpec, int, int]) -> list[DealRecord]:
    spec, start, stop = job
    return [play_deal(spec, deal) for deal in range(start, stop)]


def _batches(spec: ArenaSpec, size: int) -> Iterator[tuple[ArenaSpec, int, int]]:
    for start in range(0, spec.deals, size):
        yield spec, start, min(spec.deals, start + size)


def run_arena(spec: ArenaSpec, jobs: int = 1, progress: bool = True) -> ArenaReport:
    """Play every deal of ``spec`` over ``jobs`` processes and compute the statistics."""
    if jobs < 1:
        raise ValueError(f"--jobs must be at least 1; got {jobs}")
    if spec.deals < 2:
        raise ValueError(
            f"statistics need at least 2 deals ({2 * spec.players} games at {spec.players} seats)"
        )
    started = time.perf_counter()
    records: list[DealRecord] = []
    # Small batches keep the bar moving and the processes evenly loaded.
    batch = max(1, min(8, spec.deals // (jobs * 8) or 1))
    with tqdm(
        total=spec.games, unit="game", disable=not progress, desc=f"{spec.game} arena"
    ) as bar:
        if jobs == 1:
            outputs: Iterator[list[DealRecord]] = map(_play_deals, _batches(spec, batch))
            for out in outputs:
                records.extend(out)
                bar.update(len(out) * spec.players)
        else:
            with ProcessPoolExecutor(max_workers=jobs) as pool:
                for out in pool.map(_play_deals, _batches(spec, batch)):
                    records.extend(out)
                    bar.update(len(out) * spec.players)
    return summarise(spec, records, time.perf_counter() - started)


def summarise(spec: ArenaSpec, records: Sequence[DealRecord], seconds: float) -> ArenaReport:
    """Means, intervals and pairwise tests from the deals' records."""
    per_deal = {bot: [r.scores[bot] for r in records] for bot in spec.bots}
    means = {bot: mean_ci(values) for bot, values in per_deal.items()}
    comparisons = [
        (a, b, paired_test(per_deal[a], per_deal[b]))
        for a, b in itertools.combinations(spec.bots, 2)
    ]
    made: dict[tuple[str, int], list[int]] = {}
    for record in records:
        for key, (hit, total) in record.made.items():
            tally = made.setdefault(key, [0, 0])
            tally[0] += hit
            tally[1] += total
    return ArenaReport(
        spec=spec,
        lower_score_wins=get_game(spec.game).info.lower_score_wins,
        per_deal=per_deal,
        means=means,
        comparisons=comparisons,
        made=dict(sorted(made.items())),
        decisions=sum(r.decisions for r in records),
        seconds=seconds,
    )
