"""The chaos run: bot games at every game and seat count while services are killed with SIGKILL.

``python -m tools.chaos --help`` (or ``make chaos``). Modules, one job each:

- :mod:`tools.chaos.stack` — the killable processes: a private Redis (append-only, fsync
  always), a fresh PostgreSQL database, and every platform service, each restartable;
- :mod:`tools.chaos.driver` — the tables: creates them and plays one seat of each turn-based
  table as a player, remembering every move the engine said it accepted;
- :mod:`tools.chaos.monkey` — the killer: picks a service at random, SIGKILLs it, restarts it;
- :mod:`tools.chaos.checks` — what must hold at the end (finished, nothing lost, verify,
  one result per table, ratings = replay);
- :mod:`tools.chaos.report` — the figures, printed and written to ``docs/reliability.md``;
- :mod:`tools.chaos.run` — the command line tying them together.
"""
