"""The engine's refusal reasons as a contract (``proto/inferno/engine/v1/reasons.proto``), and
the standard rich status that carries one: ``google.rpc.Status`` with a ``google.rpc.ErrorInfo``
(reason, domain, a message key for apps' own translations, the table's version, a bad option's
name), sent in the ``grpc-status-details-bin`` trailer beside the plain ``inferno-reason``.
"""

from __future__ import annotations

from google.protobuf import any_pb2
from google.rpc import error_details_pb2, status_pb2

from inferno_proto import reasons_pb2

DOMAIN = "inferno.engine.v1"
DETAILS_KEY = "grpc-status-details-bin"
#: Every listed reason, as the engine's trailers spell it (``not_your_turn``).
LISTED: frozenset[str] = frozenset(
    name.removeprefix("REASON_").lower()
    for name in reasons_pb2.Reason.keys()  # noqa: SIM118 (an enum wrapper, not a dict)
    if name != "REASON_UNSPECIFIED"
)


def family(reason: str) -> str:
    """The listed reason of a trailer's reason (``bad_option:ORDER`` → ``bad_option``)."""
    return reason.partition(":")[0]


def is_listed(reason: str) -> bool:
    return family(reason) in LISTED


def status_details(code: int, message: str, reason: str, version: int | None) -> bytes:
    """The serialized ``google.rpc.Status`` of a refusal (for ``grpc-status-details-bin``)."""
    name, _, option = reason.partition(":")
    info = error_details_pb2.ErrorInfo(
        reason=name.upper(), domain=DOMAIN, metadata={"message_key": f"inferno.reason.{name}"}
    )
    if version is not None:
        info.metadata["version"] = str(version)
    if option:
        info.metadata["option"] = option
    detail = any_pb2.Any()
    detail.Pack(info)
    return status_pb2.Status(code=code, message=message, details=[detail]).SerializeToString()
