"""The services' background loops stop when cancelled, even when a call inside swallows the
cancellation (as a driver caught mid-command may): the shutdown must never hang on them."""

from __future__ import annotations

import asyncio
import contextlib

from inferno_bus.background import stop_if_cancelled


async def swallowing_call() -> None:
    with contextlib.suppress(asyncio.CancelledError):  # a library that eats the cancel
        await asyncio.sleep(0.05)


def test_a_guarded_loop_stops_even_if_a_call_inside_swallowed_the_cancel() -> None:
    rounds = 0

    async def loop() -> None:
        nonlocal rounds
        for _ in range(100):  # bounded, so a broken guard fails the test instead of hanging
            stop_if_cancelled()
            rounds += 1
            await swallowing_call()

    async def main() -> bool:
        task = asyncio.create_task(loop())
        await asyncio.sleep(0.01)
        task.cancel()
        done, _ = await asyncio.wait([task], timeout=1)
        return task in done and task.cancelled()

    assert asyncio.run(main()), f"the loop went on for {rounds} rounds after its cancel"
    assert rounds == 1
