"""The engine's cache of verified tokens never accepts what the verifier would refuse.

A token found in the cache skips the signature check, so: only the exact bytes that were
verified are found; an entry is used only until its token expires; refused tokens are never
remembered; and the cache stays within its size, dropping the least recently used first.
"""

from __future__ import annotations

import time

import pytest

from inferno_auth import Role, issue_token
from inferno_engine.auth import VerifiedTokens
from inferno_engine.errors import Unauthenticated

KEY = "token-cache-test-key-0123456789abcdef01234"
LEEWAY = 5  # seconds PyJWT still accepts a token after its expiry (inferno_auth's default)


def bearer(token: str) -> tuple[tuple[str, str], ...]:
    return (("authorization", f"Bearer {token}"),)


class Clock:
    def __init__(self) -> None:
        self.now = time.time()

    def __call__(self) -> float:
        return self.now


def test_a_cached_token_is_found_without_verifying_it_again(monkeypatch) -> None:
    tokens = VerifiedTokens(KEY, ("HS256",))
    metadata = bearer(issue_token(KEY, "ana", Role.PLAYER))
    first = tokens.claims(metadata)
    checks = []
    monkeypatch.setattr(
        "inferno_engine.auth.verify_token", lambda *a, **k: checks.append(a) or first
    )
    assert tokens.claims(metadata) == first
    assert checks == [] and len(tokens) == 1


def test_a_tampered_token_is_refused_after_the_genuine_one_was_cached() -> None:
    tokens = VerifiedTokens(KEY, ("HS256",))
    genuine = issue_token(KEY, "ana", Role.PLAYER)
    assert tokens.claims(bearer(genuine)).subject == "ana"
    head, payload, signature = genuine.split(".")
    flipped = signature[:-2] + ("A" if signature[-2] != "A" else "B") + signature[-1]
    forged_as_operator = issue_token("some-other-key-0123456789abcdef0123456", "ana", Role.OPERATOR)
    for bad in (
        f"{head}.{payload}.{flipped}",  # signature changed
        f"{forged_as_operator.rsplit('.', 1)[0]}.{signature}",  # claims changed, old signature
        genuine + "x",
    ):
        with pytest.raises(Unauthenticated):
            tokens.claims(bearer(bad))
    assert len(tokens) == 1  # refusals are not remembered


def test_an_expired_token_is_not_served_from_the_cache(monkeypatch) -> None:
    clock = Clock()
    tokens = VerifiedTokens(KEY, ("HS256",), clock=clock)
    metadata = bearer(issue_token(KEY, "ana", Role.PLAYER, ttl_seconds=60))
    claims = tokens.claims(metadata)
    clock.now = claims.expires_at  # expired now: the cache must ask the verifier again
    checks = []

    def refuse(*args, **kwargs):
        checks.append(args)
        raise Unauthenticated("the token has expired")

    monkeypatch.setattr("inferno_engine.auth.authenticate", refuse)
    with pytest.raises(Unauthenticated):
        tokens.claims(metadata)
    assert len(checks) == 1


def test_a_token_that_really_expired_is_refused_after_a_cached_success() -> None:
    """End to end with the real verifier and the real clock (waits for the token to expire)."""
    tokens = VerifiedTokens(KEY, ("HS256",))
    issued = time.time()
    metadata = bearer(issue_token(KEY, "ana", Role.PLAYER, ttl_seconds=1, now=issued))
    assert tokens.claims(metadata).subject == "ana"
    assert tokens.claims(metadata).subject == "ana"  # from the cache
    time.sleep(max(0.0, int(issued) + 1 + LEEWAY + 1 - time.time()))
    with pytest.raises(Unauthenticated) as refused:
        tokens.claims(metadata)
    assert "expired" in refused.value.message


def test_the_cache_keeps_at_most_its_size_dropping_the_least_recently_used() -> None:
    tokens = VerifiedTokens(KEY, ("HS256",), size=3)
    metadata = [bearer(issue_token(KEY, f"p{i}", Role.PLAYER)) for i in range(4)]
    for m in metadata[:3]:
        tokens.claims(m)
    tokens.claims(metadata[0])  # p0 used again: p1 is now the least recently used
    tokens.claims(metadata[3])
    assert len(tokens) == 3
    assert set(tokens._claims) == {m[0][1] for m in (metadata[0], metadata[2], metadata[3])}


def test_a_call_without_a_token_is_refused_and_nothing_is_cached() -> None:
    tokens = VerifiedTokens(KEY, ("HS256",))
    with pytest.raises(Unauthenticated):
        tokens.claims(())
    with pytest.raises(Unauthenticated):
        tokens.claims((("authorization", "Basic abc"),))
    assert len(tokens) == 0
