"""Verifiable randomness: every deal and dice roll is derived from the table's seed.

The engine publishes ``commitment(seed)`` (SHA-256 of the seed) when a table is created and
reveals the seed when it ends; anyone can then re-derive each shuffle with the algorithm below
and check it. The algorithm is written out so that a client in any language can reproduce it:

- A *stream* is named by ``(seed, label)``, e.g. ``(seed, "hand:3")``. Block ``i`` of the
  stream is ``SHA-256(seed || 0x00 || label || 0x00 || i as 8 bytes big-endian)``; the stream
  reads each 32-byte block as four unsigned 64-bit big-endian integers, in order.
- ``below(n)`` draws uniformly from ``0 … n-1`` by rejection: take the next integer ``x``;
  if ``x < 2**64 - (2**64 mod n)`` answer ``x mod n``, otherwise draw again.
- ``shuffle(items)`` is Fisher–Yates from the back: for ``i`` from ``len-1`` down to ``1``, swap
  item ``i`` with item ``below(i + 1)``.
- ``draw(items, m)`` deals ``m`` items without shuffling the rest (a deal uses only the cards it
  needs): for ``i`` from ``0`` to ``min(m, len-1) - 1``, swap item ``i`` with item
  ``i + below(len - i)``; the answer is the first ``m`` items. Each ``m``-sequence is equally
  likely.
- ``die(sides)`` is ``below(sides) + 1``.

Python's ``random`` module is not used because its algorithms are not promised to stay the same
across versions, and a table must replay identically on any engine replica, forever.
"""

from __future__ import annotations

import hashlib
import secrets
import struct
from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")
_TWO64 = 1 << 64
_FOUR_WORDS = struct.Struct(">4Q")


def new_seed() -> str:
    """A fresh random seed: 32 bytes from the OS, as 64 hex characters."""
    return secrets.token_hex(32)


def commitment(seed: str) -> str:
    """The published SHA-256 (hex) of a seed, checked against the seed revealed at the end."""
    return hashlib.sha256(seed.encode()).hexdigest()


class Stream:
    """A deterministic stream of random integers named by (seed, label)."""

    __slots__ = ("_prefix", "_block", "_pending")

    def __init__(self, seed: str, label: str) -> None:
        self._prefix = seed.encode() + b"\x00" + label.encode() + b"\x00"
        self._block = 0
        self._pending: list[int] = []

    def _refill(self) -> None:
        digest = hashlib.sha256(self._prefix + self._block.to_bytes(8, "big")).digest()
        self._block += 1
        # Reversed, so that pop() hands them out first to last.
        self._pending = list(_FOUR_WORDS.unpack(digest))[::-1]

    def below(self, n: int) -> int:
        """A uniform integer in ``0 … n-1``."""
        if n <= 0:
            raise ValueError("below(n) needs n >= 1")
        limit = _TWO64 - (_TWO64 % n)
        pending = self._pending
        while True:
            if not pending:
                self._refill()
                pending = self._pending
            x = pending.pop()
            if x < limit:
                return x % n

    def die(self, sides: int = 6) -> int:
        """One roll of a fair die with ``sides`` faces."""
        return self.below(sides) + 1

    def shuffle(self, items: Sequence[T]) -> list[T]:
        """A shuffled copy of ``items``."""
        out = list(items)
        for i in range(len(out) - 1, 0, -1):
            j = self.below(i + 1)
            out[i], out[j] = out[j], out[i]
        return out

    def draw(self, items: Sequence[T], count: int) -> list[T]:
        """The first ``count`` items of a shuffle that stops early (see module doc)."""
        out = list(items)
        size = len(out)
        below = self.below
        for i in range(min(count, size - 1)):
            j = i + below(size - i)
            out[i], out[j] = out[j], out[i]
        return out[:count]


def shuffled(seed: str, label: str, items: Sequence[T]) -> list[T]:
    """Shorthand for ``Stream(seed, label).shuffle(items)``."""
    return Stream(seed, label).shuffle(items)


def drawn(seed: str, label: str, items: Sequence[T], count: int) -> list[T]:
    """Shorthand for ``Stream(seed, label).draw(items, count)``."""
    return Stream(seed, label).draw(items, count)
