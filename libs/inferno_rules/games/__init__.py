"""The built-in games. Importing this package registers each of them."""

from ..registry import register
from .burn_in_hell import BurnInHell
from .inferno import Inferno
from .num_inferno import NumInferno
from .oh_hell import OhHell

register(OhHell())
register(Inferno())
register(BurnInHell())
register(NumInferno())

__all__ = ["BurnInHell", "Inferno", "NumInferno", "OhHell"]
