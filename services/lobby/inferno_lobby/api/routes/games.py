"""The games a table can be made for, with their options, straight from the rules registry."""

from __future__ import annotations

from fastapi import APIRouter

from inferno_rules import all_games

from ...schemas import GamePublic, OptionPublic

router = APIRouter(tags=["games"])


@router.get("/games", summary="Games and their options (for the table form)")
async def list_games() -> list[GamePublic]:
    return [
        GamePublic(
            name=name,
            display_name=game.info.display_name,
            min_players=game.info.min_players,
            max_players=game.info.max_players,
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
