"""The built-in games. Importing this package registers each of them."""

from ..registry import register
from .oh_hell import OhHell

register(OhHell())

__all__ = ["OhHell"]
