"""``python -m inferno_scoring``: the consumer and the read API in one process.

The consumer runs in the main thread, which owns the signal handlers: SIGTERM (or Ctrl-C)
stops it after the batch in hand is stored and acknowledged, then the API (uvicorn, in a
thread that installs no handlers of its own) is asked to exit.
"""

from __future__ import annotations

import os
import sys
import threading

import uvicorn
from pydantic import ValidationError

from inferno_bus import stop_on_signals
from inferno_logs import configure

from .api import create_app
from .service import ScoringService, settle_garbage_collector
from .settings import Settings


def main() -> int:
    configure("scoring", os.environ.get("INFERNO_LOG_LEVEL", "INFO"))
    try:
        settings = Settings()
    except ValidationError as err:
        for e in err.errors():
            name = "INFERNO_" + "_".join(str(p) for p in e["loc"]).upper()
            print(f"scoring: bad setting {name}: {e['msg']}", file=sys.stderr)
        return 2
    service = ScoringService(settings)
    app = create_app(service.pool, service.readiness)
    server = uvicorn.Server(
        uvicorn.Config(
            app,
            host=settings.scoring_api_host,
            port=settings.scoring_api_port,
            log_level="warning",
            log_config=None,  # uvicorn's lines go through our JSON logging (inferno_logs)
            lifespan="off",
        )
    )
    api = threading.Thread(target=server.run, name="scoring-api", daemon=True)
    stop_on_signals(service.stop)
    settle_garbage_collector()
    api.start()
    try:
        service.run_consumer()
    finally:
        server.should_exit = True
        api.join(timeout=10)
        service.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
