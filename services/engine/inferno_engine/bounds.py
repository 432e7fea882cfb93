"""Bounds at the engine's edge: no text from a caller travels further than a short prefix.

Every request is checked before anything else reads it (:func:`oversized`): a string field
longer than :data:`MAX_TEXT` characters, anywhere in the message, is refused with
INVALID_ARGUMENT naming the field, so no handler, log line or stored record ever holds one.
Fields with a fixed form (table ids, event ids, action ids) have tighter checks of their own
further in. What the engine does echo (a rule's refusal naming the card it was sent, a log
field holding a table id) goes through :func:`shown`, so a status message always fits gRPC's
metadata limit (16 KB) and a log line stays small whoever sent the call.
"""

from __future__ import annotations

from google.protobuf.descriptor import FieldDescriptor
from google.protobuf.message import Message

#: The longest string any request field may hold (a reason, a name, a card, an id).
MAX_TEXT = 1024
#: How much of a caller's text an answer or a log line repeats.
SHOWN = 64
#: The longest status message the engine sends (well under gRPC's 16 KB for all metadata).
MAX_MESSAGE = 1000


def shown(text: str, limit: int = SHOWN) -> str:
    """``text`` itself when short, else its start and how long it was."""
    if len(text) <= limit:
        return text
    return f"{text[:limit]}… ({len(text)} characters)"


def oversized(message: Message, path: str = "") -> tuple[str, int] | None:
    """The first string field (dotted path, its length) longer than :data:`MAX_TEXT`."""
    for field, value in message.ListFields():
        name = f"{path}{field.name}"
        repeated = field.is_repeated
        if field.type == FieldDescriptor.TYPE_STRING:
            for text in value if repeated else (value,):
                if len(text) > MAX_TEXT:
                    return name, len(text)
        elif field.type == FieldDescriptor.TYPE_MESSAGE:
            if field.message_type.GetOptions().map_entry:
                items = [v for pair in value.items() for v in pair if isinstance(v, str)]
                long = next((len(v) for v in items if len(v) > MAX_TEXT), None)
                if long is not None:
                    return name, long
                continue
            for inner in value if repeated else (value,):
                found = oversized(inner, f"{name}.")
                if found is not None:
                    return found
    return None
