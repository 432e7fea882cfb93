"""The games a table can be made for, with their options, straight from the rules registry,
and each game's rules for players (``inferno_lobby/rulebooks/<game>.md``)."""

from __future__ import annotations

from importlib import resources
from typing import Annotated

from fastapi import APIRouter, HTTPException, Path
from fastapi.responses import PlainTextResponse

from inferno_rules import all_games

from ...schemas import GamePublic, OptionPublic
from ..deps import LobbyDep

router = APIRouter(tags=["games"])


@router.get("/games", summary="Games and their options (for the table form)")
async def list_games(lobby: LobbyDep) -> list[GamePublic]:
    address_for = getattr(lobby.engine, "address_for", None)
    return [
        GamePublic(
            name=name,
            display_name=game.info.display_name,
            min_players=game.info.min_players,
            max_players=game.info.max_players,
            engine_address=address_for(name) if address_for else None,
            options=[
                OptionPublic(
                    name=o.name,
                    kind=o.kind,
                    default=o.default,
                    allowed=o.allowed(),
                    description=o.description,
                    choices=list(o.choices),
                )
                for o in game.info.options
            ],
        )
        for name, game in all_games().items()
    ]


def rulebook(game: str) -> str | None:
    """The rules of ``game`` for players (Markdown), or ``None`` if it has none."""
    page = resources.files("inferno_lobby").joinpath("rulebooks", f"{game}.md")
    return page.read_text(encoding="utf-8") if page.is_file() else None


@router.get(
    "/games/{game}/rules",
    response_class=PlainTextResponse,
    responses={
        200: {"content": {"text/markdown": {}}, "description": "The rules, in Markdown."},
        404: {"description": "No such game."},
    },
    summary="How to play a game: its rules for players, in Markdown",
)
async def game_rules(
    game: Annotated[str, Path(max_length=40, pattern=r"^[a-z][a-z0-9_]*$")],
) -> PlainTextResponse:
    text = rulebook(game) if game in all_games() else None
    if text is None:
        raise HTTPException(404, f"no game called {game!r}; GET /games lists them")
    return PlainTextResponse(text, media_type="text/markdown; charset=utf-8")
