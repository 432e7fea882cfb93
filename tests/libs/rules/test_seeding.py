"""The seeded streams follow the algorithm written in seeding.py's docstring, exactly."""

from __future__ import annotations

import hashlib
import struct

import pytest
from hypothesis import given
from hypothesis import strategies as st

from inferno_rules.seeding import Stream, commitment, drawn, new_seed, shuffled


def reference_words(seed: str, label: str, count: int) -> list[int]:
    data = hashlib.shake_256(seed.encode() + b"\x00" + label.encode()).digest(4 * count)
    return list(struct.unpack(f">{count}I", data))


def reference_draw(seed: str, label: str, items: list[int], m: int) -> list[int]:
    """An independent reading of the documented algorithm."""
    words = iter(reference_words(seed, label, 4096))
    out = list(items)
    for i in range(min(m, len(out) - 1)):
        n = len(out) - i
        x = next(words)
        while x >= 2**32 - (2**32 % n):
            x = next(words)
        j = i + x % n
        out[i], out[j] = out[j], out[i]
    return out[:m]


@given(seed=st.text(min_size=1, max_size=20), label=st.text(max_size=10), m=st.integers(0, 60))
def test_draw_matches_the_documented_algorithm(seed: str, label: str, m: int) -> None:
    assert drawn(seed, label, range(52), m) == reference_draw(seed, label, list(range(52)), m)


def test_below_matches_the_documented_algorithm_and_stays_in_range() -> None:
    stream = Stream("seed", "dice")
    words = reference_words("seed", "dice", 200)
    for i in range(200):
        n = (i % 11) + 1
        assert stream.below(n) == words[i] % n  # no rejections for tiny n in 200 words
    with pytest.raises(ValueError):
        stream.below(0)


def test_dice_are_fair_enough() -> None:
    stream = Stream("fair", "dice")
    rolls = [stream.die() for _ in range(6000)]
    assert set(rolls) == {1, 2, 3, 4, 5, 6}
    assert all(850 < rolls.count(face) < 1150 for face in range(1, 7))


def test_shuffle_is_a_permutation_and_depends_on_seed_and_label() -> None:
    deck = list(range(52))
    a = shuffled("s", "hand:0", deck)
    assert sorted(a) == deck and a != deck
    assert a == shuffled("s", "hand:0", deck)
    assert a != shuffled("s", "hand:1", deck) and a != shuffled("t", "hand:0", deck)


def test_a_long_stream_keeps_going_past_its_buffer() -> None:
    stream = Stream("long", "x")
    words = reference_words("long", "x", 1000)
    assert [stream.below(2**32) for _ in range(1000)] == words


def test_commitment_is_sha256_of_the_seed() -> None:
    seed = new_seed()
    assert len(seed) == 64 and seed != new_seed()
    assert commitment(seed) == hashlib.sha256(seed.encode()).hexdigest()
