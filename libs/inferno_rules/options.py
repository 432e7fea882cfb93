"""What a game declares about itself, as data: its name, seat counts, nature and options.

The lobby builds its table form from these declarations, the engine validates a new table's
options through :func:`validate_options`, and the conformance tests enumerate every option
combination from them. Nothing here knows about any particular game.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Literal

OptionValue = bool | int | str
OptionKind = Literal["bool", "int", "enum"]


class OptionError(ValueError):
    """A table asked for an option the game does not have, or a value it does not allow.

    ``option`` names the offending field (or ``"players"``) and ``allowed`` describes what
    would have been accepted, so the lobby can answer with a 422 that names both.
    """

    def __init__(self, option: str, message: str, allowed: str = "") -> None:
        super().__init__(message)
        self.option = option
        self.message = message
        self.allowed = allowed


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """One table option: its type, default and the values it allows."""

    name: str
    kind: OptionKind
    default: OptionValue
    description: str
    choices: tuple[str, ...] = ()
    minimum: int | None = None
    maximum: int | None = None

    def allowed(self) -> str:
        """The allowed values in words, for error messages and the lobby's form."""
        if self.kind == "bool":
            return "true or false"
        if self.kind == "enum":
            return "one of " + ", ".join(self.choices)
        return f"an integer from {self.minimum} to {self.maximum}"

    def check(self, value: object) -> OptionValue:
        """Return ``value`` as this option's type, or raise :class:`OptionError`."""
        if self.kind == "bool":
            if isinstance(value, bool):
                return value
        elif self.kind == "int":
            if isinstance(value, int) and not isinstance(value, bool):
                lo = self.minimum if self.minimum is not None else value
                hi = self.maximum if self.maximum is not None else value
                if lo <= value <= hi:
                    return value
        elif isinstance(value, str) and value in self.choices:
            return value
        raise OptionError(
            self.name,
            f"option {self.name} must be {self.allowed()}; got {value!r}",
            self.allowed(),
        )


@dataclass(frozen=True, slots=True)
class Nature:
    """How a game is played, in the terms the services care about.

    - ``sequential``: one seat decides at a time.
    - ``simultaneous``: several seats may have to decide at once (sealed bids, real-time grabs).
    - ``real_time``: the game moves on by itself through clock ticks sent by the timer service.
    - ``chance``: deals or dice, all drawn from the table's seed.
    - ``hidden_information``: some seat sees something another seat does not.
    """

    sequential: bool
    simultaneous: bool
    real_time: bool
    chance: bool
    hidden_information: bool


@dataclass(frozen=True, slots=True)
class GameInfo:
    """Everything a game declares as data."""

    name: str
    display_name: str
    min_players: int
    max_players: int
    nature: Nature
    options: tuple[OptionSpec, ...] = ()
    lower_score_wins: bool = False
    rules_url: str = ""
    # Pairs of options that may not both be switched on, with the reason shown to players.
    exclusive: tuple[tuple[str, str, str], ...] = field(default=())
    # At most this many commands per seat in this many ms, counted by the engine over every
    # command a seat sends, refused ones included ((0, 0) = no limit). The rules keep their own
    # count of accepted ones; a refusal changes no state, so only the engine can count those.
    command_rate: tuple[int, int] = (0, 0)
    # Options under which a match ends whatever the players do, as (name, value) pairs: the
    # generic tests, the chaos run and demos play random or weak players under them. Empty for
    # a game that always ends (every card game); Dante's Inferno has no turn limit, and random
    # tokens never reach Lucifer, so its short match is a round cap.
    short_match: tuple[tuple[str, OptionValue], ...] = ()

    def short_options(self) -> dict[str, OptionValue]:
        """The options of a short match (see ``short_match``) as a dict."""
        return dict(self.short_match)

    def option(self, name: str) -> OptionSpec:
        for spec in self.options:
            if spec.name == name:
                return spec
        raise KeyError(name)


def validate_players(info: GameInfo, players: object) -> int:
    """Return ``players`` if the game seats that many, else raise :class:`OptionError`."""
    allowed = f"{info.min_players} to {info.max_players}"
    if (
        not isinstance(players, int)
        or isinstance(players, bool)
        or not info.min_players <= players <= info.max_players
    ):
        raise OptionError(
            "players",
            f"{info.display_name} is played by {allowed} players; got {players!r}",
            allowed,
        )
    return players


def validate_options(info: GameInfo, raw: Mapping[str, object] | None) -> dict[str, OptionValue]:
    """Fill in defaults and check every option; the result is complete and sorted by name.

    Raises :class:`OptionError` naming the first bad option and what it allows.
    """
    raw = dict(raw or {})
    known = {spec.name for spec in info.options}
    for name in sorted(raw):
        if name not in known:
            names = ", ".join(sorted(known)) or "none"
            raise OptionError(
                name,
                f"{info.display_name} has no option {name!r}; its options are: {names}",
                names,
            )
    result = {
        spec.name: spec.check(raw[spec.name]) if spec.name in raw else spec.default
        for spec in sorted(info.options, key=lambda s: s.name)
    }
    for first, second, reason in info.exclusive:
        if result.get(first) and result.get(second):
            raise OptionError(
                second,
                f"options {first} and {second} cannot be combined: {reason}",
                f"{second}=false while {first} is on",
            )
    return result
