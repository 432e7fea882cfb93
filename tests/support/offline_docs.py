"""A check shared by the lobby's and scoring's tests: their API pages load nothing from the
internet (FastAPI's defaults fetch Swagger UI and ReDoc from a CDN)."""

from __future__ import annotations

from fastapi.testclient import TestClient

CDNS = ("cdn.jsdelivr.net", "unpkg.com", "fonts.googleapis.com")


def check_pages(client: TestClient) -> None:
    for page in ("/docs", "/redoc"):
        html = client.get(page)
        assert html.status_code == 200 and "text/html" in html.headers["content-type"]
        assert not any(cdn in html.text for cdn in CDNS), f"{page} still loads from a CDN"
        scripts = [part.split('"')[0] for part in html.text.split('src="')[1:]]
        assert scripts, f"{page} loads no script"
        for src in scripts:
            asset = client.get(src)
            assert asset.status_code == 200 and len(asset.content) > 100_000, src
