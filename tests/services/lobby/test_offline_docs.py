"""The lobby's API pages work without internet: Swagger UI and ReDoc come from the service
itself (FastAPI's defaults load them from a CDN: a blank page on a machine that cannot reach
it)."""

from __future__ import annotations

from fastapi.testclient import TestClient

from tests.support.offline_docs import check_pages


def test_the_lobbys_api_pages_need_no_internet(client: TestClient) -> None:
    check_pages(client)
