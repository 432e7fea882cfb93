"""What the lobby's background loops (quick-play sweeper, table events) share."""

from __future__ import annotations

import asyncio


def stop_if_cancelled() -> None:
    """Stop a background loop that was asked to stop even if a library it called swallowed
    the ``CancelledError`` (the request then stays counted by ``Task.cancelling()``): without
    this, such a loop would go round forever and hang the lobby's shutdown."""
    task = asyncio.current_task()
    if task is not None and task.cancelling():
        raise asyncio.CancelledError
