"""The built-in games. Importing this package registers each of them."""

from ..registry import register
from .burn_in_hell import BurnInHell
from .dantes_inferno import DantesInferno
from .inferno import Inferno
from .num_inferno import NumInferno
from .oh_hell import OhHell

register(OhHell())
register(Inferno())
register(BurnInHell())
register(NumInferno())
register(DantesInferno())

__all__ = ["BurnInHell", "DantesInferno", "Inferno", "NumInferno", "OhHell"]
