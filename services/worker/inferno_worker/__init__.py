"""The worker service: bots that take seats, turn clocks, timeouts and clean-up.

It holds the bots (:mod:`inferno_worker.bots`), an in-process table that lets bots play whole
games on the rules core (:mod:`inferno_worker.local_table`), the bot arena
(``python -m inferno_worker.arena``), and the Celery app (:mod:`inferno_worker.celery_app`)
whose tasks play bot seats and timeouts through the engine's gRPC API, fed by the dispatcher
and timer (``python -m inferno_worker dispatch``). See ``docs/worker.md``.
"""
