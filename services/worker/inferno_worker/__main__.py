"""``python -m inferno_worker``: the dispatcher, and a health ping of the Celery workers.

``dispatch`` follows the bus in the consumer group ``worker`` and runs the timer loop
(turn deadlines, bots' human-like delays, real-time clock ticks, idle tables, reconciliation of
lost work); ``health`` pings the Celery workers over the broker. The Celery workers themselves
run with ``celery -A inferno_worker.celery_app worker`` (docs/worker.md); the bot arena is
``python -m inferno_worker.arena``.
"""

from __future__ import annotations

import argparse
import os
import sys


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        prog="python -m inferno_worker",
        description="Run the dispatcher (bus → bots, turn clocks, clock ticks) or ping the "
        "Celery workers.",
        epilog="Settings come from the environment: INFERNO_TOKEN_KEY (required), "
        "INFERNO_REDIS_URL, INFERNO_REDIS_PREFIX, INFERNO_ENGINE_ADDRESS and the "
        "INFERNO_WORKER_* options listed in docs/worker.md.",
    )
    parser.add_argument(
        "command",
        choices=["dispatch", "health"],
        help="dispatch: run the dispatcher and its timer; health: ping the Celery workers",
    )
    parser.add_argument(
        "--timeout", type=float, default=2.0, help="health: seconds to wait for answers"
    )
    args = parser.parse_args(argv)
    if not os.environ.get("INFERNO_TOKEN_KEY"):
        parser.exit(
            2,
            "the worker needs INFERNO_TOKEN_KEY, the key the lobby and the engine sign "
            "tokens with (make run keeps it in .data/token_key)\n",
        )
    from inferno_logs import configure

    from .dispatcher_process import health, run_dispatch

    configure(
        "dispatcher" if args.command == "dispatch" else "worker",
        os.environ.get("INFERNO_LOG_LEVEL", "INFO"),
    )
    if args.command == "health":
        sys.exit(health(args.timeout))
    run_dispatch()


if __name__ == "__main__":
    main()
