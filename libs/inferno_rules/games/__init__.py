"""The built-in games. Importing this package registers each of them."""

from ..registry import register
from .inferno import Inferno
from .oh_hell import OhHell

register(OhHell())
register(Inferno())

__all__ = ["Inferno", "OhHell"]
