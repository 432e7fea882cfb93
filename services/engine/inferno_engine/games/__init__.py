"""Per-game translation between the proto's typed messages and the rules core's plain data.

One module per game; each exposes a :class:`Translation`. The proto's per-game ``oneof``
branches are named after the game (``oh_hell``), so the branch name finds the translation. A
new game adds a module here and a branch in ``proto/``; nothing else in the engine changes.
"""

from __future__ import annotations

from typing import Any, Protocol

from inferno_proto import engine_pb2 as pb
from inferno_rules import Action, Event

from ..errors import InvalidArgument
from . import burn_in_hell, inferno, oh_hell


class Translation(Protocol):
    game: str

    def options(self, msg: pb.GameOptions) -> dict[str, object]: ...
    def action(self, msg: pb.Action) -> Action: ...
    def action_message(self, action: Action) -> pb.Action: ...
    def fill_view(self, out: pb.GetViewResponse, view: dict[str, Any]) -> None: ...
    def fill_event(self, out: pb.Event, event: Event) -> bool: ...
    def public_action(self, state: Any, action: Action) -> dict[str, Any]: ...
    def round_score(self, state: Any, event: Event) -> dict[str, Any] | None: ...
    def replay_actions(self, events: list[tuple[int, Event]]) -> list[tuple[int, Action]]: ...


TRANSLATIONS: dict[str, Translation] = {
    t.game: t for t in (oh_hell.TRANSLATION, inferno.TRANSLATION, burn_in_hell.TRANSLATION)
}


def translation(game: str) -> Translation:
    try:
        return TRANSLATIONS[game]
    except KeyError:
        raise InvalidArgument(f"the engine has no API for the game {game!r}") from None
