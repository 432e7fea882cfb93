"""Verifiable randomness: every deal and dice roll is derived from the table's seed.

The engine publishes ``commitment(seed)`` (SHA-256 of the seed) when a table is created and
reveals the seed when it ends; anyone can then re-derive each shuffle with the algorithm below
and check it. The algorithm is written out so that a client in any language can reproduce it:

- A *stream* is named by ``(seed, label)``, e.g. ``(seed, "hand:3")``. Its bytes are the output
  of ``SHAKE-256(seed || 0x00 || label)`` (UTF-8 strings; SHAKE-256 is the extendable-output
  function of FIPS 202), read as unsigned 32-bit big-endian integers, in order.
- ``below(n)`` (``1 ≤ n ≤ 2**32``) draws uniformly from ``0 … n-1`` by rejection: take the next
  integer ``x``; if ``x < 2**32 - (2**32 mod n)`` answer ``x mod n``, otherwise draw again.
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
from typing import Final, TypeVar

T = TypeVar("T")
_TWO32: Final = 1 << 32
_LIMITS: Final = [0] + [_TWO32 - (_TWO32 % n) for n in range(1, 257)]


def new_seed() -> str:
    """A fresh random seed: 32 bytes from the OS, as 64 hex characters."""
    return secrets.token_hex(32)


def commitment(seed: str) -> str:
    """The published SHA-256 (hex) of a seed, checked against the seed revealed at the end."""
    return hashlib.sha256(seed.encode()).hexdigest()


def _limit(n: int) -> int:
    return _LIMITS[n] if n < len(_LIMITS) else _TWO32 - (_TWO32 % n)


class Stream:
    """A deterministic stream of random integers named by (seed, label)."""

    __slots__ = ("_next", "_words", "_xof")

    def __init__(self, seed: str, label: str) -> None:
        self._xof = hashlib.shake_256(seed.encode() + b"\x00" + label.encode())
        self._words: list[int] = []
        self._next = 0

    def _ensure(self, count: int, ahead: int = 64) -> None:
        """Have at least ``count`` words in the buffer; when it must grow, read at least
        ``ahead`` words and double, so that drawing word by word rarely rehashes."""
        if count > len(self._words):
            # SHAKE output is prefix-stable: a longer digest starts with the shorter one.
            count = max(ahead, 2 * len(self._words), count)
            self._words = list(struct.unpack(f">{count}I", self._xof.digest(4 * count)))

    def _word(self) -> int:
        self._ensure(self._next + 1)
        word = self._words[self._next]
        self._next += 1
        return word

    def below(self, n: int) -> int:
        """A uniform integer in ``0 … n-1``."""
        if not 1 <= n <= _TWO32:
            raise ValueError("below(n) needs 1 <= n <= 2**32")
        limit = _limit(n)
        while True:
            x = self._word()
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
        steps = min(count, size - 1)
        if steps <= 0:
            return out[:count]
        start = self._next
        if size < len(_LIMITS):
            # Fast path: one word per step, as long as no word is rejected (odds under
            # size / 2**32 per step); otherwise redo the deal word by word below.
            self._ensure(start + steps, ahead=0)  # a deal knows how many words it needs
            words = self._words
            for i in range(steps):
                n = size - i
                x = words[start + i]
                if x >= _LIMITS[n]:
                    break
                j = i + x % n
                out[i], out[j] = out[j], out[i]
            else:
                self._next = start + steps
                return out[:count]
            out = list(items)
            self._next = start
        for i in range(steps):
            j = i + self.below(size - i)
            out[i], out[j] = out[j], out[i]
        return out[:count]


def shuffled(seed: str, label: str, items: Sequence[T]) -> list[T]:
    """Shorthand for ``Stream(seed, label).shuffle(items)``."""
    return Stream(seed, label).shuffle(items)


def drawn(seed: str, label: str, items: Sequence[T], count: int) -> list[T]:
    """Shorthand for ``Stream(seed, label).draw(items, count)``."""
    return Stream(seed, label).draw(items, count)
