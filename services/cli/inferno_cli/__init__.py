"""The ``inferno`` command-line client, and the launcher behind ``make run``.

``inferno`` (``inferno_cli.__main__``) does what a player does over the real APIs: the lobby's
REST API for accounts and tables, the engine's gRPC API for the game. ``python -m
inferno_cli.stack`` starts the whole platform on one machine, on embedded Redis and PostgreSQL
when no servers are named.
"""
