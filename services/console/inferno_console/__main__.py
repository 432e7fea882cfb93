"""The operator console: ``python -m inferno_console`` serves it (uvicorn, 127.0.0.1:8002).

Operators sign in with their lobby account (made an operator with ``python -m inferno_lobby
grant-operator NAME``) and watch live tables, open boards, pause, resume, abort and hand seats
to bots, each with a reason written to the audit log, and see the platform's health.

Settings come from the environment (``INFERNO_`` prefix): REDIS_URL and REDIS_PREFIX (the bus
it follows and where it keeps sessions and the audit log), TOKEN_KEY (the key the lobby signs
with), LOBBY_URL, ENGINE_ADDRESS, SCORING_URL, ENGINE_METRICS_URL, WORKER_METRICS_URL,
DISPATCHER_METRICS_URL, CONSOLE_HOST, CONSOLE_PORT, SECURE_COOKIES (HTTPS deployments), ENV.
See docs/console.md.
"""

from __future__ import annotations

import argparse
import sys

import uvicorn
from pydantic import ValidationError

from inferno_logs import configure

from .settings import Settings


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m inferno_console",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--host", help="listen here (default: INFERNO_CONSOLE_HOST or 127.0.0.1)")
    parser.add_argument(
        "--port", type=int, help="listen here (default: INFERNO_CONSOLE_PORT or 8002)"
    )
    args = parser.parse_args(argv)
    try:
        settings = Settings()
    except ValidationError as err:
        print(f"inferno_console: bad settings: {err}", file=sys.stderr)
        return 2
    configure("console", settings.log_level)
    from .app import create_app

    uvicorn.run(
        create_app(settings),
        host=args.host or settings.host,
        port=args.port or settings.port,
        log_config=None,
        access_log=False,
        # Open live pages (SSE) would hold a shutdown forever; their EventSource reconnects.
        timeout_graceful_shutdown=2,
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
