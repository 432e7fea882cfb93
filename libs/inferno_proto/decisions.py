"""Whose decision a table waits for, read from the engine's ``Decision`` message the same way
by every client (the worker, the terminal client, the chaos run)."""

from __future__ import annotations

from inferno_proto import engine_pb2


def waiting_on(decision: engine_pb2.Decision) -> list[int]:
    """The seats the table waits for: ``waiting_on``, which differs from ``seats`` only where a
    seat may act without having to (Dante's Inferno's trades); ``seats`` from an engine that
    does not send ``waiting_on``."""
    return list(decision.waiting_on or decision.seats)
