"""The event bus shared by every service: one envelope on Redis streams.

``envelope`` defines the wire format (documented in ``docs/events.md``) and the stream names;
``publisher`` appends events (trimmed with ``MAXLEN ~``); ``consumer`` reads them in a consumer
group with at-least-once delivery, reclaiming and dead-lettering; ``metrics`` exposes each
group's lag and pending counts to Prometheus.
"""

from .consumer import Consumer, Handler, Message, stop_on_signals
from .envelope import STREAMS, Envelope, EventType, MalformedEvent, stream_key
from .metrics import Backlog, group_backlog, observe_backlog
from .publisher import DEFAULT_MAXLEN, AsyncPublisher, Publisher

__all__ = [
    "DEFAULT_MAXLEN",
    "STREAMS",
    "AsyncPublisher",
    "Backlog",
    "Consumer",
    "Envelope",
    "EventType",
    "Handler",
    "MalformedEvent",
    "Message",
    "Publisher",
    "group_backlog",
    "observe_backlog",
    "stop_on_signals",
    "stream_key",
]
