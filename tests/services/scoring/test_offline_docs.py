"""Scoring's API pages work without internet: Swagger UI and ReDoc come from the service
itself, not from a CDN."""

from __future__ import annotations

from fastapi.testclient import TestClient
from psycopg_pool import ConnectionPool

from inferno_scoring.api import create_app
from tests.support.offline_docs import check_pages


def test_scorings_api_pages_need_no_internet(database_url: str) -> None:
    with (
        ConnectionPool(database_url, open=True, min_size=1, max_size=1) as pool,
        TestClient(create_app(pool, lambda: {})) as client,
    ):
        check_pages(client)
