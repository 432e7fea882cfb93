"""``python -m inferno_worker dispatch``: the dispatcher and the timer loop in one process.

The Celery worker itself runs with ``celery -A inferno_worker.celery_app worker``. This process
follows the bus (consumer group ``worker``) in the main thread and runs the timer loop in a
second thread; SIGTERM stops both after the batch in hand.
"""

from __future__ import annotations

import argparse
import logging
import os
import socket
import threading
import time

from inferno_bus.consumer import Consumer, stop_on_signals

from . import tasks
from .dispatch import Dispatcher, Timer
from .resources import engine, records, redis_client
from .settings import get_settings

log = logging.getLogger("inferno_worker")

#: Idle tables are looked for this often (closing them is not urgent).
IDLE_SWEEP_S = 1.0


def enqueue(task: str, table_id: str, version: int, seat: int, delay_s: float) -> None:
    target = tasks.bot_move if task == "bot_move" else tasks.timeout_move
    target.apply_async((table_id, version, seat), countdown=delay_s or None)


def enqueue_timeout(table_id: str, version: int, seat: int, due_ms: int) -> None:
    tasks.timeout_move.apply_async((table_id, version, seat), {"due_ms": due_ms})


def run_dispatch() -> None:
    settings = get_settings()
    dispatcher = Dispatcher(
        records(),
        engine(),
        enqueue,
        bot_delay_ms=settings.worker_bot_delay_ms,
        default_turn_ms=settings.worker_turn_ms,
        default_grace_ms=settings.worker_grace_ms,
        abandon_after=settings.worker_abandon_after,
    )
    consumer = Consumer(
        redis_client(),
        settings.redis_prefix,
        "worker",
        f"{socket.gethostname()}-{os.getpid()}",
        dispatcher.handle,
    )
    stop_on_signals(consumer.stop)
    timer = Timer(
        records(),
        enqueue_timeout,
        lambda table_id, version: tasks.close_idle.apply_async((table_id, version)),
        settings.worker_idle_close_s * 1000,
    )
    poll_s = settings.worker_timer_poll_ms / 1000

    def timer_loop() -> None:
        next_sweep = 0.0
        while not consumer.wait(poll_s):
            try:
                timer.tick()
                if time.monotonic() >= next_sweep:
                    timer.sweep_idle()
                    next_sweep = time.monotonic() + IDLE_SWEEP_S
            except Exception:  # keep the clocks running through a Redis hiccup
                log.exception("timer tick failed")

    thread = threading.Thread(target=timer_loop, name="timer", daemon=True)
    thread.start()
    log.info("dispatcher and timer running")
    consumer.run()
    thread.join(5)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m inferno_worker")
    parser.add_argument("command", choices=["dispatch"], help="what to run")
    parser.parse_args(argv)
    logging.basicConfig(level=os.environ.get("INFERNO_LOG_LEVEL", "INFO"))
    run_dispatch()


if __name__ == "__main__":
    main()
