"""The scoring service: finished matches from the bus into PostgreSQL, ratings, leaderboards.

``python -m inferno_scoring`` runs the bus consumer (``service``, ``handler``, ``store``,
``ratings``) and the read API (``api``) in one process. See ``docs/scoring.md``.
"""
