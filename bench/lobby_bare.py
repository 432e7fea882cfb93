"""The baseline of the lobby benchmark: a bare FastAPI endpoint answering a small JSON body,
served by the same uvicorn settings as the lobby, so the ratio shows the lobby's own cost."""

from __future__ import annotations

from fastapi import FastAPI

app = FastAPI()


@app.get("/bare")
async def bare() -> dict[str, object]:
    return {"data": [], "count": 0}
