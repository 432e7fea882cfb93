"""Num Inferno, as decided in ``shared/rules/num-inferno.md``: a climbing and shedding game for
3 to 6 players with 109 cards, in which each play must beat the last one with a group of the same
size, Rainbow and Shadow cards change the size of the next group, an Inferno reverses the
direction, Infini cuts a trick and Num-X closes it. The contract is ``docs/games/num-inferno.md``.

Modules: :mod:`.cards` (the 109 cards), :mod:`.state` (the state and its working copy),
:mod:`.legal` (what a play is and whether it may be made now, the legal and probe lists, the
timeout move), :mod:`.rounds` (deal, end of a trick, end of a round, scoring), :mod:`.commands`
(play and pass, with their effects in the spec's order), :mod:`.view` (redaction),
:mod:`.game` (the ``Game`` class).
"""

from .game import NumInferno

__all__ = ["NumInferno"]
