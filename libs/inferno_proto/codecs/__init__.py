"""One codec per game: the whole mapping between the rules core's plain data and the protobuf
of the engine's API, both ways, in one module per game.

The engine uses a codec to read requests (options, actions) and write answers (views, events,
the bus's public move and round score, the moves replayed by ``verify``); the worker uses the
same codec the other way round, to read a seat's GetView answer back into the rules' view dict
and to send its bots' actions; the client draws what the codec reads. So a field added to a
game's messages is added in one module, and the round-trip tests
(``tests/libs/proto/test_codecs.py``) catch a side that forgot it.

Only shapes change here: what a viewer may see was decided before, by the rules' ``view`` and
``visible_events``. A codec is found by the game's name (:func:`codec`), which is also the name
of the game's branch in every ``oneof`` of the proto (``oh_hell``, ``inferno``…). Adding a game
is a module here and a line in :data:`CODECS` (``docs/adding-a-game.md``).
"""

from __future__ import annotations

from typing import Any, Protocol

from inferno_proto import engine_pb2 as pb
from inferno_rules import Action, Event

from . import burn_in_hell, dantes_inferno, inferno, num_inferno, oh_hell
from .errors import CodecError, NoCodec


class Codec(Protocol):
    """What every game's codec does (each method is documented in the games' modules)."""

    game: str

    # client → engine
    def options(self, msg: pb.GameOptions) -> dict[str, object]: ...
    def action(self, msg: pb.Action) -> Action: ...
    # engine → client
    def action_message(self, action: Action) -> pb.Action: ...
    def fill_view(self, out: pb.GetViewResponse, view: dict[str, Any]) -> None: ...
    def fill_event(self, out: pb.Event, event: Event) -> bool: ...
    # the answer read back (worker, client)
    def view_dict(self, reply: pb.GetViewResponse) -> dict[str, Any]: ...
    def move_text(self, msg: pb.Action) -> str: ...
    # the bus and verify
    def public_action(self, state: Any, action: Action) -> dict[str, Any]: ...
    def round_score(self, state: Any, event: Event) -> dict[str, Any] | None: ...
    def replay_actions(self, events: list[tuple[int, Event]]) -> list[tuple[int, Action]]: ...


#: Every game the API has messages for, by name.
CODECS: dict[str, Codec] = {
    c.game: c
    for c in (
        oh_hell.CODEC,
        inferno.CODEC,
        burn_in_hell.CODEC,
        num_inferno.CODEC,
        dantes_inferno.CODEC,
    )
}


def codec(game: str) -> Codec:
    """The codec of ``game``; :class:`NoCodec` (a :class:`CodecError`) if the API lacks it."""
    try:
        return CODECS[game]
    except KeyError:
        raise NoCodec(game, sorted(CODECS)) from None


def action_from_proto(msg: pb.Action) -> Action:
    """An ``Action`` message of any game (its branch names the game) as the rules' action."""
    game = msg.WhichOneof("game")
    if game is None:
        raise CodecError("the action names no game", reason="wrong_game_action")
    return codec(game).action(msg)


def action_to_proto(game: str, action: Action) -> pb.Action:
    """The rules' ``action`` of ``game`` as an ``Action`` message."""
    return codec(game).action_message(action)


def move_text(msg: pb.Action) -> str:
    """An ``Action`` message of any game in the players' words (``bid 2``, ``take``, ``grab
    P1``); the message's own text for one no codec reads."""
    found = CODECS.get(msg.WhichOneof("game") or "")
    return (found.move_text(msg) if found is not None else "") or str(msg).strip()


def parse_move(text: str, legal: list[pb.Action]) -> pb.Action:
    """The legal move ``text`` names, in the players' words of :func:`move_text`, any case.

    A move is only ever read against the moves the engine listed as legal, so a client never
    sends one the engine would refuse for its form. One word may stand for the only legal move
    whose text ends with it (``2`` for ``bid 2``, ``10h`` for ``play 10H``), or is it
    (``take``). A codec with a ``read_move(text, legal)`` reads the rest its own way (Num
    Inferno: the cards of a legal group in the order the player puts them down). Raises
    ``ValueError`` saying what would be accepted."""
    wanted = " ".join(text.strip().lower().split())
    if not wanted:
        raise ValueError("type a move, for example one of the legal moves listed")
    if not legal:
        raise ValueError("you have no move to make now: it is not your turn")
    texts = [move_text(action).lower() for action in legal]
    exact = [a for a, t in zip(legal, texts, strict=True) if t == wanted]
    if exact:
        return exact[0]
    # A game may read more than its listed texts (Num Inferno: a group's cards in any order).
    reader = getattr(CODECS.get(legal[0].WhichOneof("game") or ""), "read_move", None)
    if reader is not None:  # in the case typed: a note or a pact is the player's own text
        read = reader(" ".join(text.split()), legal)
        if read is not None:
            return read
    if " " not in wanted:
        ending = [a for a, t in zip(legal, texts, strict=True) if t.split()[-1:] == [wanted]]
        if len(ending) == 1:
            return ending[0]
    choices = ", ".join(move_text(a) for a in legal)
    raise ValueError(f"{text.strip()!r} is not a legal move now; legal: {choices}")


def view_dict(reply: pb.GetViewResponse) -> dict[str, Any]:
    """A GetView answer as the rules core's ``game.view`` would have given it.

    A game without a codec here (an engine newer than its reader) gives the little every view
    has, so bots that choose from the legal actions alone still play it."""
    found = CODECS.get(reply.game)
    if found is None:
        view: dict[str, Any] = {"game": reply.game, "players": len(reply.seats)}
        if reply.HasField("your_seat"):
            view["seat"] = reply.your_seat
        return view
    return found.view_dict(reply)


__all__ = [
    "CODECS",
    "Codec",
    "CodecError",
    "NoCodec",
    "action_from_proto",
    "action_to_proto",
    "codec",
    "move_text",
    "parse_move",
    "view_dict",
]
