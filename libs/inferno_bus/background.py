"""What every service's background loops share (the lobby's table events and quick-play
sweeper, its live feed; the engine's presence upkeep; the console's bus reader, pushes,
snapshots and health samples).

A loop that calls Redis (or HTTP) and carries on after an error would go round forever if a
library swallowed its cancellation (the console's bus reader was caught so: a task marked
cancelling whose loop still read the bus every second). Such a loop calls
:func:`stop_if_cancelled` each round.
"""

from __future__ import annotations

import asyncio


def stop_if_cancelled() -> None:
    """Stop a background loop that was asked to stop even if a library it called swallowed
    the ``CancelledError`` (the request then stays counted by ``Task.cancelling()``): without
    this, such a loop would go round forever and hang its service's shutdown."""
    task = asyncio.current_task()
    if task is not None and task.cancelling():
        raise asyncio.CancelledError
