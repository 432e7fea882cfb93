"""What a codec refuses: a message that cannot be read as the game's data.

Each refusal has a sentence for people and a stable ``reason`` for programs (the engine sends
both, as INVALID_ARGUMENT with ``inferno-reason``); the codecs themselves know nothing of gRPC
status codes.
"""

from __future__ import annotations


class CodecError(ValueError):
    """A message the game's codec cannot read (an empty action, another game's options…)."""

    def __init__(self, message: str, reason: str = "invalid_argument") -> None:
        super().__init__(message)
        self.message = message
        self.reason = reason


class NoCodec(CodecError):
    """No codec is registered for the game."""

    def __init__(self, game: str, known: list[str]) -> None:
        super().__init__(
            f"the engine's API has no messages for the game {game!r}; "
            f"it has them for {', '.join(known)}",
            reason="game_not_in_api",
        )
        self.game = game
