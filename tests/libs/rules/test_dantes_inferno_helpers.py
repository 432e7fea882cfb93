"""Helpers for the Dante's Inferno tests (no tests here): the package imported from the right
build, new tables, hand-made positions and checked moves."""

from __future__ import annotations

import os

import inferno_rules.games

# Until Dante's Inferno is registered, the compiled ``inferno_rules.games`` package has a wrong
# ``__path__`` (see test_num_inferno_helpers.py): add the real ``games/`` directories.
for _root in inferno_rules.__path__:
    _games = os.path.join(_root, "games")
    if os.path.isdir(_games) and _games not in inferno_rules.games.__path__:
        inferno_rules.games.__path__.append(_games)

from inferno_rules.games.dantes_inferno import board  # noqa: E402

__all__ = ["board"]
