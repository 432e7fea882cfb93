"""The engine's hot-path shortcuts give exactly what the slower originals gave."""

from __future__ import annotations

import uuid

import pytest

from inferno_bus import EventType
from inferno_engine.bus import event_id


@pytest.mark.parametrize("table_id", ["t", "table-1", "tåble-ü", "x" * 128])
@pytest.mark.parametrize("version", [0, 1, 417, 10**9])
def test_event_ids_are_the_uuid5_of_table_version_and_type(table_id: str, version: int) -> None:
    for kind in EventType:
        name = f"{table_id}:{version}:{kind.value}"
        assert event_id(table_id, version, kind) == uuid.uuid5(uuid.NAMESPACE_URL, name).hex
