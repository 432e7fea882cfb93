"""The event bus shared by every service: one envelope on Redis streams.

``envelope`` defines the wire format (documented in ``docs/events.md``) and the stream names.
"""

from .envelope import STREAMS, Envelope, EventType, stream_key

__all__ = ["STREAMS", "Envelope", "EventType", "stream_key"]
