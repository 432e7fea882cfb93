"""Burn in Hell (fast-play rules), as decided in ``shared/rules/burn-in-hell.md``: a real-time
game in which the server deals souls and Specials face up on a timer and players grab, trade,
steal and form scoring Circles. The contract is ``docs/games/burn-in-hell.md``.

Modules: :mod:`.cards` (the 108 cards), :mod:`.circles` (Circle validation and search),
:mod:`.state` (the state and its working copy), :mod:`.timers` (what the clock drives),
:mod:`.commands` (seat commands), :mod:`.legal` (a bounded list of legal commands),
:mod:`.view` (redaction), :mod:`.game` (the ``Game`` class).
"""

from .game import BurnInHell

__all__ = ["BurnInHell"]
