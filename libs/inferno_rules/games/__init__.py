"""The built-in games. Importing this package registers each of them."""

from ..registry import register
from .burn_in_hell import BurnInHell
from .inferno import Inferno
from .oh_hell import OhHell

register(OhHell())
register(Inferno())
register(BurnInHell())

__all__ = ["BurnInHell", "Inferno", "OhHell"]
