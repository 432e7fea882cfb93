"""The worker service: bots that take seats, and (later) turn clocks, timeouts and clean-up.

Today it holds the bots (:mod:`inferno_worker.bots`), an in-process table that lets bots play
whole games on the rules core (:mod:`inferno_worker.local_table`), and the bot arena
(``python -m inferno_worker.arena``) that measures one bot against another. The Celery app and
the engine client come with the engine's gRPC API.
"""
