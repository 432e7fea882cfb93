"""The chaos monkey: every few seconds, SIGKILL one service picked at random, then restart it.

One kill at a time: the victim is killed with SIGKILL, stays down for a short random pause,
is started again and waited for (its health check). The first kills go through every kind of
process in a random order (so even a short run kills each at least once), later ones are
drawn at random. It stops after ``max_kills`` kills or at ``until`` (monotonic), whichever is
first. Between kills it restarts any process that died by itself (counted apart).
"""

from __future__ import annotations

import random
import threading
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field

from .driver import IN_FLIGHT
from .stack import KINDS, ChaosStack

#: Killed the moment a player's move is in flight (when one comes within 2 s).
AIM_AT_MOVES = ("engine", "redis")


@dataclass
class Kill:
    name: str
    at: float  # monotonic, when the SIGKILL was sent
    down_s: float  # how long it was down (kill to ready again)


@dataclass
class MonkeyRecord:
    kills: list[Kill] = field(default_factory=list)
    revived: Counter[str] = field(default_factory=Counter)
    errors: list[str] = field(default_factory=list)

    def per_service(self) -> dict[str, int]:
        counts = Counter(k.name for k in self.kills)
        return {name: counts.get(name, 0) for name in KINDS}

    @property
    def last_kill_up(self) -> float | None:
        """When the last killed process was up again (monotonic)."""
        return self.kills[-1].at + self.kills[-1].down_s if self.kills else None


class Monkey(threading.Thread):
    def __init__(
        self,
        stack: ChaosStack,
        seed: int,
        every: float,
        until: float,
        max_kills: int = 0,
        pause: tuple[float, float] = (0.5, 2.0),
        on_kill: Callable[[Kill], object] = lambda kill: None,
        targets: tuple[str, ...] = KINDS,
    ) -> None:
        super().__init__(name="chaos-monkey", daemon=True)
        self.stack = stack
        self.rng = random.Random(seed)
        self.every = every
        self.until = until
        self.max_kills = max_kills
        self.pause = pause
        self.on_kill = on_kill
        self.record = MonkeyRecord()
        self.stop = threading.Event()
        self.targets = targets
        first = list(targets)
        self.rng.shuffle(first)
        self.queue = first

    def next_victim(self) -> str:
        if self.queue:
            return self.queue.pop(0)
        return self.rng.choice(self.targets)

    def done(self) -> bool:
        if self.max_kills and len(self.record.kills) >= self.max_kills:
            return True
        return time.monotonic() >= self.until

    def run(self) -> None:
        while not self.stop.is_set() and not self.done():
            wait = self.rng.uniform(0.5 * self.every, 1.5 * self.every)
            wait = min(wait, max(0.0, self.until - time.monotonic()))
            if self.stop.wait(wait) or self.done():
                break
            self.tend()
            victim = self.next_victim()
            if victim in AIM_AT_MOVES:
                IN_FLIGHT.wait(2.0)
            at = time.monotonic()
            try:
                self.stack.kill(victim)
                self.stop.wait(self.rng.uniform(*self.pause))
                self.stack.restart(victim)
            except Exception as err:
                self.record.errors.append(f"{victim}: {type(err).__name__}: {err}")
            kill = Kill(victim, at, time.monotonic() - at)
            self.record.kills.append(kill)
            self.on_kill(kill)
        self.tend()

    def tend(self) -> None:
        for name in self.stack.revive_dead():
            self.record.revived[name] += 1
