"""Dante's Inferno, as decided in ``shared/rules/dantes-inferno.md``: a tile, dice and resource
board game for 2 to 6 players who collect resources by dice roll, move their tokens inward
through the nine circles of Hell, trade and bargain, and try to defeat Lucifer at the centre.
The contract is ``docs/games/dantes-inferno.md``.

Modules, one per concern: :mod:`.board` (the geometry and the tiles, as data), :mod:`.tiles`
(what the tiles on the table allow), :mod:`.state` (the state and its working copy),
:mod:`.turns` (setup, turns, fights, rolls, retreats, the end), :mod:`.actions` (the MAIN
step's board actions), :mod:`.trade` (offers, gifts, pacts), :mod:`.commands` (which action when,
and why not), :mod:`.legal` (legal and probe lists, the timeout move), :mod:`.view` (what each
viewer sees), :mod:`.game` (the ``Game`` class).
"""

from .game import DantesInferno

__all__ = ["DantesInferno"]
