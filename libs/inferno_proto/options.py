"""Table options between the rules core's plain dicts and the proto's ``GameOptions``.

Generic for every game, driven by the proto descriptors and the rules' option declarations:
the ``GameOptions`` branch is named after the game (``oh_hell``), each option ``NAME`` (as the
game declares it: ``ORDER``, ``DEAL_INTERVAL_MS``) is the field ``name`` of that branch, and
an enum value ``VALUE`` is the enum constant ending in ``_VALUE`` (``OH_HELL_ORDER_DESC``). A
new game needs no code here.
"""

from __future__ import annotations

from collections.abc import Mapping

from google.protobuf.descriptor import FieldDescriptor
from google.protobuf.message import Message

from inferno_proto import engine_pb2
from inferno_rules import UnknownGame, get_game


def options_to_proto(game: str, options: Mapping[str, object]) -> engine_pb2.GameOptions:
    """A ``GameOptions`` message holding ``options`` for ``game`` (already validated)."""
    msg = engine_pb2.GameOptions()
    if game not in engine_pb2.GameOptions.DESCRIPTOR.fields_by_name:
        raise ValueError(f"the engine's API has no options for the game {game!r}")
    branch = getattr(msg, game)
    branch.SetInParent()  # the branch is chosen even when every option is the default
    fields = branch.DESCRIPTOR.fields_by_name
    for name, value in options.items():
        field = fields.get(name.lower())
        if field is None:
            raise ValueError(f"the engine's API has no option {name} for {game}")
        if field.type == FieldDescriptor.TYPE_ENUM:
            suffix = f"_{value}"
            numbers = [v.number for v in field.enum_type.values if v.name.endswith(suffix)]
            if len(numbers) != 1:
                raise ValueError(f"option {name} has no value {value!r} in the engine's API")
            setattr(branch, field.name, numbers[0])
        else:
            setattr(branch, field.name, value)
    return msg


def options_from_proto(branch: Message) -> dict[str, object]:
    """The options a ``GameOptions`` branch (``msg.oh_hell``) sets, as the rules core names
    them (``{"ORDER": "DESC", "HOOK": True}``): the inverse of :func:`options_to_proto`. An
    enum left at its zero (``…_UNSPECIFIED``) and an ``optional`` field left unset are left
    out, so ``validate_options`` gives them the game's default (an unset ``optional uint32``
    would otherwise read as 0, which may not even be allowed)."""
    names = _option_names(branch)
    out: dict[str, object] = {}
    for field in branch.DESCRIPTOR.fields:
        if field.has_presence and not branch.HasField(field.name):
            continue
        value = getattr(branch, field.name)
        if field.type == FieldDescriptor.TYPE_ENUM:
            if value == 0:
                continue
            # Values are named <ENUM>_<VALUE>, e.g. OH_HELL_ORDER_DESC beside …_UNSPECIFIED.
            prefix = field.enum_type.values_by_number[0].name.removesuffix("UNSPECIFIED")
            value = field.enum_type.values_by_number[value].name[len(prefix) :]
        out[names.get(field.name, field.name.upper())] = value
    return out


def _option_names(branch: Message) -> dict[str, str]:
    """Field name → the rules' option name, exactly as the game declares it (``ORDER``,
    ``DEAL_INTERVAL_MS``), so a game may name its options in any case."""
    for field in engine_pb2.GameOptions.DESCRIPTOR.fields:
        if field.message_type is branch.DESCRIPTOR:
            try:
                specs = get_game(field.name).info.options
            except UnknownGame:
                return {}
            return {spec.name.lower(): spec.name for spec in specs}
    return {}
